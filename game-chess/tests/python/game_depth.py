#!/usr/bin/env python3
"""Time to depth along real games, as an engine meets positions in play: one engine process kept
across the moves of a game (its table and history carry over, as in a match), every position of
the first moves of the first games of a PGN searched to a fixed depth, the wall times summed.
Several engines (or the same engine with other options) are run in turn within each repetition,
so that a noisy machine hits them alike; medians over the repetitions are printed at the end.

A fixed-depth bench from fresh engines (`cargo bench --bench threads`) misses what carries over
between moves; this measures it, e.g. 2 threads against 1:

    python3 game-chess/tests/python/game_depth.py --pgn games.pgn --games 4 --depth 12 --reps 5 \\
        --engine target/release/game-search-uci --engine target/release/game-search-uci,Threads=2

An engine is `PATH[,Name=Value...]` (UCI options). Lazy SMP is not deterministic, so compare
medians of several repetitions, never one run. Exits 0; a bad argument or an engine that fails exits 2 with a message.
"""

import argparse
import statistics
import sys
import time

import chess
import chess.engine
import chess.pgn


def parse_engine(text):
    path, *options = text.split(",")
    parsed = {}
    for option in options:
        name, sep, value = option.partition("=")
        if not sep or not name:
            raise argparse.ArgumentTypeError(f"option {option!r}: expected Name=Value")
        parsed[name] = value
    return text, path, parsed


def read_lines(pgn, games, plies):
    lines = []
    with open(pgn, encoding="utf-8") as handle:
        while len(lines) < games:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            lines.append((game.board(), list(game.mainline_moves())[:plies]))
    return lines


def run(path, options, lines, depth):
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        engine.configure(options)
        total = 0.0
        for start, moves in lines:
            board = start.copy()
            for move in moves:
                began = time.perf_counter()
                engine.play(board, chess.engine.Limit(depth=depth))
                total += time.perf_counter() - began
                board.push(move)
        return total
    finally:
        engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", required=True, help="the games whose positions are searched")
    parser.add_argument("--games", type=int, default=4, help="how many games of the PGN (default 4)")
    parser.add_argument("--plies", type=int, default=60, help="positions per game (default 60)")
    parser.add_argument("--depth", type=int, default=12, help="the fixed depth (default 12)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--engine", action="append", type=parse_engine, required=True,
                        help="PATH[,Name=Value...]; give it several times")
    args = parser.parse_args()
    if min(args.games, args.plies, args.depth, args.reps) < 1:
        parser.error("--games, --plies, --depth and --reps must be at least 1")
    try:
        lines = read_lines(args.pgn, args.games, args.plies)
    except OSError as error:
        parser.error(f"cannot read {args.pgn}: {error}")
    if not lines:
        parser.error(f"no game in {args.pgn}")
    positions = sum(len(moves) for _, moves in lines)
    print(f"{positions} positions from {len(lines)} games, depth {args.depth}, {args.reps} repetitions")
    times = {name: [] for name, _, _ in args.engine}
    for rep in range(args.reps):
        for name, path, options in args.engine:
            try:
                seconds = run(path, options, lines, args.depth)
            except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
                print(f"game_depth.py: engine {name}: {error}", file=sys.stderr)
                return 2
            times[name].append(seconds)
            print(f"repetition {rep + 1}: {name}: {seconds:.1f} s", flush=True)
    first = statistics.median(times[args.engine[0][0]])
    for name, seconds in times.items():
        median = statistics.median(seconds)
        runs = ", ".join(f"{value:.1f}" for value in seconds)
        ratio = f"{median / first:.2f}x the first engine's" if first > 0 else "the first engine took no time"
        print(f"{name}: median {median:.1f} s ({ratio}); runs {runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
