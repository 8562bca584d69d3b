#!/usr/bin/env python3
"""Run a UCI engine over an EPD test suite (e.g. Win At Chess) at a fixed time per position and
count the positions solved: the engine's move is one of the `bm` moves (and none of the `am`
moves), as test suites are scored.

Each engine runs with one thread and a 16 MiB hash, one position at a time, so that engines are
compared on equal terms on the same machine; the solve count depends on the machine and on what
else runs on it, so measure engines side by side.

    python3 game-chess/tests/python/solve_suite.py --suite /path/to/wac.epd --time 1 \\
        --engine target/release/game-search-uci --engine /usr/games/stockfish --engine /usr/games/toga2

Prints one line per engine (solved / total, and the ids of the positions missed) and exits 0.
"""

import argparse
import sys
import time

import chess
import chess.engine


def solve(engine_path, records, seconds):
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    options = {}
    if "Threads" in engine.options:
        options["Threads"] = 1
    if "Hash" in engine.options:
        options["Hash"] = 16
    engine.configure(options)
    name = engine.id.get("name", engine_path)
    solved, missed = 0, []
    start = time.monotonic()
    for board, ops in records:
        result = engine.play(board, chess.engine.Limit(time=seconds), game=object())
        best, avoid = ops.get("bm", []), ops.get("am", [])
        ok = result.move is not None and (not best or result.move in best) and result.move not in avoid
        if ok:
            solved += 1
        else:
            missed.append(ops.get("id", board.fen()))
    engine.quit()
    return name, solved, missed, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", required=True, help="an EPD file with bm/am opcodes")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position")
    parser.add_argument("--engine", action="append", required=True, help="a UCI engine (repeatable)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    args = parser.parse_args()

    records = []
    with open(args.suite) as suite:
        for line in suite:
            line = line.strip()
            if not line:
                continue
            records.append(chess.Board.from_epd(line))
    if args.limit:
        records = records[: args.limit]
    for path in args.engine:
        name, solved, missed, elapsed = solve(path, records, args.time)
        print(f"{name}: {solved}/{len(records)} solved at {args.time:g} s per position "
              f"({elapsed:.0f} s); missed: {' '.join(str(m) for m in missed) or 'none'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
