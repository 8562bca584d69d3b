#!/usr/bin/env python3
"""Run UCI engines over an EPD test suite at a fixed time (or node budget) per position and score
them as the suite is meant to be scored:

- **best move** suites (Win At Chess, ECM, Bratko-Kopec): solved when the engine's move is one of
  the `bm` moves and none of the `am` moves;
- **Strategic Test Suite** (positions with `c8`/`c9` opcodes): the played move earns the points
  the suite gives it (10 for the best move, less for others, 0 for the rest); the total is out of
  10 per position, and the count of best moves is given too;
- **mate** suites (`bm #N`, as in matetrack's mates2000: mate in N moves; negative N means the
  side to move is mated): a position counts as *found* when the engine's last score is a mate for
  the right side, and as *best* when it is mate in exactly N (no engine can beat the shortest
  mate; a longer one is found but not best).

Each engine runs with one thread and a 16 MiB hash, one position at a time, so that engines are
compared on equal terms on the same machine; the figures depend on the machine and on what else
runs on it, so measure engines side by side.

    python3 game-chess/tests/python/solve_suite.py --suite game-chess/tests/data/wac.epd --time 1 \\
        --engine target/release/game-search-uci --engine /usr/games/stockfish --engine /usr/games/toga2

    # a spread sample: every 10th position of the 1500 of STS (all 15 themes)
    python3 game-chess/tests/python/solve_suite.py --suite sts.epd --every 10 --time 1 --engine ...

    # a node budget instead of a time: the same result on any machine, however loaded, for an
    # engine whose search is deterministic (this project's engine on one thread)
    python3 game-chess/tests/python/solve_suite.py --suite game-chess/tests/data/wac.epd --nodes 1000000 \\
        --engine target/release/game-search-uci

    # one of the engine's options changed (set on every engine given)
    python3 game-chess/tests/python/solve_suite.py --suite game-chess/tests/data/wac.epd --time 1 \\
        --engine target/release/game-search-uci --option 'Quiescence Checks=true'

Prints one line per engine (the score, and the ids of the positions missed) and exits 0.
"""

import argparse
import json
import re
import sys
import time

import chess
import chess.engine

MATE = re.compile(r"\bbm\s+#(-?\d+)\s*;")


def read_suite(path):
    """(board, kind, expectation, id) per position; kind is 'mate', 'sts' or 'bm'."""
    records = []
    with open(path) as suite:
        for number, line in enumerate(suite, 1):
            line = line.strip().rstrip("\0")
            if not line:
                continue
            mate = MATE.search(line)
            try:
                if mate:
                    # python-chess cannot read `bm #N` as a move: take the position alone.
                    board = chess.Board(" ".join(line.split()[:4]) + " 0 1")
                    records.append((board, "mate", int(mate.group(1)), f"line {number}"))
                    continue
                board, ops = chess.Board.from_epd(line)
            except ValueError as error:
                sys.exit(f"{path}:{number}: {error}")
            name = ops.get("id", f"line {number}")
            if "c8" in ops and "c9" in ops:
                points = dict(zip(ops["c9"].split(), (int(p) for p in ops["c8"].split())))
                records.append((board, "sts", points, name))
            else:
                records.append((board, "bm", (ops.get("bm", []), ops.get("am", [])), name))
    return records


def solve(engine_path, records, limit, report=None, settings=()):
    """The engine's name, its tally, the positions missed and the seconds taken; `report(name,
    done, tally)` is called after every position when given; `settings` are (name, value) UCI
    options set after Threads and Hash (an engine without one of them is an error)."""
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    options = {}
    if "Threads" in engine.options:
        options["Threads"] = 1
    if "Hash" in engine.options:
        options["Hash"] = 16
    for option, value in settings:
        if option not in engine.options:
            engine.quit()
            sys.exit(f"{engine_path} has no UCI option {option!r}")
        if engine.options[option].type == "check":
            # python-chess sends any string but "false" as true: take only the two words.
            if value.lower() not in ("true", "false"):
                engine.quit()
                sys.exit(f"{engine_path}: option {option!r} is a check, true or false, not {value!r}")
            value = value.lower() == "true"
        options[option] = value
    try:
        engine.configure(options)
    except chess.engine.EngineError as error:
        engine.quit()
        sys.exit(f"{engine_path}: {error}")
    name = engine.id.get("name", engine_path)
    tally = {"solved": 0, "found": 0, "points": 0, "positions": len(records)}
    missed = []
    start = time.monotonic()
    for done, (board, kind, expected, label) in enumerate(records, 1):
        result = engine.play(board, limit, game=object(), info=chess.engine.INFO_SCORE)
        move = result.move
        if kind == "mate":
            score = result.info.get("score")
            mate = score.relative.mate() if score is not None else None
            if mate is not None and (mate > 0) == (expected > 0):
                tally["found"] += 1
            if mate == expected:
                tally["solved"] += 1
            else:
                missed.append(label)
        elif kind == "sts":
            earned = expected.get(move.uci(), 0) if move else 0
            tally["points"] += earned
            if earned == 10:
                tally["solved"] += 1
            else:
                missed.append(label)
        else:
            best, avoid = expected
            if move is not None and (not best or move in best) and move not in avoid:
                tally["solved"] += 1
            else:
                missed.append(label)
        if report is not None:
            report(name, done, tally)
    engine.quit()
    return name, tally, missed, time.monotonic() - start


def describe(tally, kinds):
    n = tally["positions"]
    if kinds == {"mate"}:
        return f"mates found {tally['found']}/{n}, shortest {tally['solved']}/{n}"
    if kinds == {"sts"}:
        return f"{tally['points']}/{10 * n} points, best move {tally['solved']}/{n}"
    return f"{tally['solved']}/{n} solved"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", required=True, help="an EPD file (bm/am, STS's c8/c9, or bm #N)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--time", type=float, help="seconds per position (the default: 1)")
    budget.add_argument("--nodes", type=int,
                        help="nodes per position instead of a time: machine-independent, and the same "
                             "result on every run for a deterministic engine")
    parser.add_argument("--engine", action="append", required=True, help="a UCI engine (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="only every K-th position (a spread sample)")
    parser.add_argument("--limit", type=int, default=0, help="then only the first N positions")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option set on every engine (repeatable), e.g. 'Quiescence Checks=true'")
    parser.add_argument("--quiet", action="store_true", help="do not list the positions missed")
    parser.add_argument("--json-lines", action="store_true",
                        help="also print the engine's running tally as a `JSON {...}` line after every "
                             "position (for programs that drive this script, such as the lab's reproduce)")
    args = parser.parse_args()
    if args.every < 1 or args.limit < 0 or (args.time is not None and args.time <= 0):
        parser.error("--every must be at least 1, --limit at least 0 and --time positive")
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be at least 1")
    if args.nodes is not None:
        limit, budget_text = chess.engine.Limit(nodes=args.nodes), f"{args.nodes} nodes"
    else:
        seconds = 1.0 if args.time is None else args.time
        limit, budget_text = chess.engine.Limit(time=seconds), f"{seconds:g} s"
    settings = []
    for option in args.option:
        name, equals, value = option.partition("=")
        if not equals or not name.strip():
            parser.error(f"--option takes NAME=VALUE, not {option!r}")
        settings.append((name.strip(), value.strip()))

    records = read_suite(args.suite)[:: args.every]
    if args.limit:
        records = records[: args.limit]
    kinds = {kind for _, kind, _, _ in records}
    print(f"{args.suite}: {len(records)} positions at {budget_text} each", flush=True)

    def report(name, done, tally):
        print("JSON " + json.dumps({"engine": name, "done": done, **tally}), flush=True)

    for path in args.engine:
        name, tally, missed, elapsed = solve(path, records, limit, report if args.json_lines else None, settings)
        listed = "" if args.quiet else f"; missed: {' '.join(str(m) for m in missed) or 'none'}"
        print(f"{name}: {describe(tally, kinds)} ({elapsed:.0f} s){listed}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
