#!/usr/bin/env python3
"""A strength match: game-search-uci against a real engine, one game at a time, with python-chess.

The opponent speaks UCI (Stockfish, Toga II, ...) or XBoard (phalanx, sjeng, ...). Every opening of
the opening file (default: game-chess/tests/data/openings.txt, 50 balanced main lines) is played
twice, once with each engine as White, in file order; `--games` beyond twice the openings wraps
around. The script keeps the clocks (the time a move takes, measured around the request, is taken
off the mover's clock, then the increment is added; a clock below zero loses on time), and each
game starts two fresh engine processes.

After each game it prints the running score; at the end, wins/draws/losses, the score, and the Elo
difference with its 95% interval (the same normal approximation as the lab's `versus`; for a
perfect or zero score, the "rule of three" bound). Protocol
errors, illegal moves and time losses of *our* engine are listed and make the exit status 1; an
opponent that crashes, breaks the protocol or loses on time loses the game (as a GUI adjudicates
it), and such games are counted and listed apart (its losses on time since 2026-12-02: before,
they were scored but not listed).

    python3 game-chess/tests/python/match.py --engine target/release/game-search-uci \\
        --opponent /usr/games/stockfish --option UCI_LimitStrength=true --option UCI_Elo=1850 \\
        --games 100 --tc 5+0.05 --pgn sf1850.pgn

    python3 game-chess/tests/python/match.py --engine target/release/game-search-uci \\
        --xboard "/usr/games/phalanx -b- -l-" --games 40 --tc 5+0.05

With `--concurrency N` N games are played at once (each engine on one thread: use at most one
game per core, and nothing else on the machine). With `--record FILE` the match's result (its
command, score, Elo and SPRT verdict) is appended to FILE as one JSON line when it ends: the
strength record the book's tables are made from (`reproduce --tables gates`).

Before the games the script runs our engine's `bench` (its default options, three times, keeping
the fastest) and prints (and records, as "bench") its node count and nodes a second: the speed
of the machine the match was played on. It matters against an opponent whose strength is set by a limit rather than by the clock: Stockfish's
`UCI_Elo` picks its move from a search of fixed depth (its skill level plus one), so it plays
alike on a slower machine, where our engine searches less in the same time.

Ctrl-C (or SIGTERM) stops a match cleanly: no new game starts, the games being played finish, and
the match is reported, and recorded with "stopped after N of M games" in its label; a second
Ctrl-C aborts at once.

With `--sprt ELO0 ELO1` the match is a sequential test (sprt.py): it stops as soon as the games
accept H1 (the engine is at least ELO1 stronger: keep the change) or H0 (at most ELO0: drop it),
or at `--games`, and says which:

    python3 game-chess/tests/python/match.py --engine new-binary --opponent old-binary \\
        --sprt 0 10 --games 2000 --tc 2+0.02 --name old

A test stopped before its decision (interrupted, or a planned length reached without one)
is continued by a second run: `--first-game N` starts at game N (numbered from 0: opening N // 2,
our engine White when N is even; the printed labels count from 1), so that the continuation plays the games the first run did
not, and `--prior W D L` carries the first run's score, so that the running score, the SPRT and
the record count both parts (the record keeps the prior apart, under "continued"; its errors and
opponent failures are this run's). A prior that already decides the test plays no game:

    python3 game-chess/tests/python/match.py --engine new-binary --opponent old-binary \\
        --sprt 0 10 --games 1500 --tc 2+0.02 --name old --first-game 500 --prior 180 170 150
"""

import argparse
import concurrent.futures
import datetime
import json
import logging
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from play_games import Player, parse_tc, play_game, score_of  # noqa: E402
import sprt  # noqa: E402

DEFAULT_OPENINGS = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "openings.txt"))


def read_openings(path):
    """(name, moves) pairs; every line `name: uci moves`, `#` comments; each checked for legality."""
    openings = []
    with open(path) as source:
        for number, line in enumerate(source, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, colon, moves = line.partition(":")
            if not colon or not moves.split():
                sys.exit(f"{path}:{number}: expected `name: moves`, got {line!r}")
            board = chess.Board()
            for uci in moves.split():
                try:
                    board.push_uci(uci)
                except ValueError:
                    sys.exit(f"{path}:{number}: {uci!r} is not a legal move in {board.fen()}")
            openings.append((name.strip(), moves))
    if not openings:
        sys.exit(f"{path}: no openings")
    return openings


def elo(wins, draws, losses):
    """(estimate, low, high) of the Elo difference; None where the score is 0 or 1."""
    n = wins + draws + losses
    p = (wins + draws / 2) / n
    variance = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p**2) / n
    margin = 1.959963985 * math.sqrt(variance / n)

    def of(score):
        return -400 * math.log10(1 / score - 1) if 0 < score < 1 else None

    if p in (0.0, 1.0):
        # No variance to speak of: the normal approximation has nothing to say. The "rule of
        # three" bounds the true score at 95%: at least 1 - 3/n after n wins, at most 3/n after n
        # losses.
        return (None, of(1 - 3 / n), None) if p == 1.0 else (None, None, of(3 / n))
    return of(p), of(max(p - margin, 0.0)), of(min(p + margin, 1.0))


def signed(value, unbounded):
    # round() first: an even score is "+0", not the "-0" of a tiny negative float.
    return unbounded if value is None else f"{round(value) + 0:+d}"


class OurWarnings(logging.Handler):
    """python-chess's warnings about lines *our* engine wrote that it could not understand."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.protocols = set()
        self.messages = []

    def emit(self, record):
        if record.args and record.args[0] in self.protocols:
            self.messages.append(record.getMessage())


def parse_option(text):
    name, equals, value = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def bench_of(engine, runs=3):
    """Our engine's `bench` on this machine now, as {"nodes": N, "nps": N}: the fastest of `runs`
    (a bench takes a fraction of a second, and the fastest run is the least disturbed), or None
    if it could not be run or read (an engine that does not exist, one without the command)."""
    best = None
    for _ in range(runs):
        try:
            run = subprocess.run([engine, "bench"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                 timeout=300)
        except (OSError, subprocess.SubprocessError):
            return None
        nodes = re.search(r"^Nodes searched\s*:\s*(\d+)", run.stdout, re.MULTILINE)
        nps = re.search(r"^Nodes/second\s*:\s*(\d+)", run.stdout, re.MULTILINE)
        if run.returncode != 0 or not nodes or not nps:
            return None
        if best is None or int(nps[1]) > best["nps"]:
            best = {"nodes": int(nodes[1]), "nps": int(nps[1])}
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="path to game-search-uci")
    opponent = parser.add_mutually_exclusive_group(required=True)
    opponent.add_argument("--opponent", help="a UCI engine: its command line")
    opponent.add_argument("--xboard", help="an XBoard engine: its command line")
    parser.add_argument("--option", action="append", type=parse_option, default=[],
                        help="NAME=VALUE, a UCI option for the opponent (repeatable)")
    parser.add_argument("--our-option", action="append", type=parse_option, default=[],
                        help="NAME=VALUE, a UCI option for game-search-uci (repeatable)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--tc", default="5+0.05", help="seconds per game + increment (default 5+0.05)")
    parser.add_argument("--openings", default=DEFAULT_OPENINGS)
    parser.add_argument("--name", help="the opponent's name in the output and PGN")
    parser.add_argument("--pgn", help="append every game here as it ends, each searched move commented with its mover's score, depth and time (cutechess's `{+0.35/12 0.210s}`)")
    parser.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                        help="a sequential test: stop when the games accept ELO1 (keep) or ELO0 (drop)")
    parser.add_argument("--alpha", type=float, default=0.05, help="the SPRT's false-keep rate (default 0.05)")
    parser.add_argument("--beta", type=float, default=0.05, help="the SPRT's false-drop rate (default 0.05)")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="games played at once (default 1; at most one per core)")
    parser.add_argument("--record", help="append the match's result to this file as a JSON line")
    parser.add_argument("--label", help="the record's name for the test (default: the opponent's name)")
    parser.add_argument("--first-game", type=int, default=0, metavar="N",
                        help="start at game N, numbered from 0 (opening N // 2, our engine White when N is "
                             "even): continue a test where an earlier run stopped")
    parser.add_argument("--prior", nargs=3, type=int, metavar=("WINS", "DRAWS", "LOSSES"),
                        help="an earlier run's score in the same test, counted with this run's "
                             "(the running score, the SPRT and the record)")
    parser.add_argument("--json-lines", action="store_true",
                        help="also print the running score as a `JSON {...}` line after every game "
                             "(for programs that drive this script, such as the lab's reproduce)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.first_game < 0:
        parser.error("--first-game must be at least 0")
    if args.prior and min(args.prior) < 0:
        parser.error("--prior takes three counts of games: WINS DRAWS LOSSES, none negative")
    prior = tuple(args.prior or (0, 0, 0))
    if args.xboard and args.option:
        parser.error("--option sets UCI options; XBoard engines take their settings on the command line")

    openings = read_openings(args.openings)
    tc = parse_tc(args.tc)
    command = shlex.split(args.opponent or args.xboard)
    name = args.name or os.path.basename(command[0])
    warnings = OurWarnings()
    # Only our engine's unreadable lines count; the opponents' chatter (sjeng's statistics) is theirs.
    logging.getLogger("chess.engine").addHandler(warnings)

    if args.concurrency < 1:
        parser.error("--concurrency must be at least 1")
    # The test's score, the prior's included; `played` below counts this run's games alone.
    wins, draws, losses = prior
    errors = []
    opponent_failures = []  # the opponent crashed, broke the protocol or lost on time: scored as its loss
    lock = threading.Lock()
    started = time.monotonic()
    print(f"game-search-uci vs {name}, {args.games} games at {tc[0]:g} s + {tc[1]:g} s, "
          f"{len(openings)} openings from {args.openings}, {args.concurrency} at once", flush=True)
    bench = bench_of(args.engine)
    if bench:
        print(f"our engine's bench on this machine now: {bench['nodes']} nodes, {bench['nps']} nodes a second",
              flush=True)
    else:
        print("our engine's bench: could not be run", flush=True)
    if args.first_game or args.prior:
        print(f"continuing a test: from game {args.first_game + 1}, after +{prior[0]} ={prior[1]} -{prior[2]}",
              flush=True)

    def play(index):
        """Plays game `index` (its opening and colours follow from it); its result line."""
        opening_name, moves = openings[(index // 2) % len(openings)]
        ours_white = index % 2 == 0
        ours = Player(args.engine, "game-search", dict(args.our_option), ours=True)
        with lock:
            warnings.protocols.add(ours.engine.protocol)
        other = Player(command, name, dict(args.option), xboard=bool(args.xboard))
        white, black = (ours, other) if ours_white else (other, ours)
        label = f"game {index + 1} ({opening_name})"
        game_errors, seen = [], {}
        try:
            result, pgn, plies = play_game(white, black, moves, tc, game_errors, label, seen)
        finally:
            ours.close()
            other.close()
        return (index, label, white.name, black.name, result, pgn, plies, score_of(result, ours_white), game_errors,
                seen.get("opponent_failures", []))

    decision = None
    ratio = 0.0
    # Ctrl-C (or SIGTERM) stops the match cleanly: no new game starts, the games being played
    # finish, and the match is reported (and recorded) as stopped; a second Ctrl-C aborts.
    stop = {"requested": False}

    def request_stop(signum, _frame):
        if stop["requested"]:
            raise KeyboardInterrupt
        stop["requested"] = True
        print(f"stopping: {signal.Signals(signum).name} received, finishing the games being played", flush=True)

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        next_game = args.first_game
        last_game = args.first_game + args.games
        running = set()
        if args.sprt:
            # A prior score may have decided the test already.
            decision, ratio = sprt.verdict(wins, draws, losses, *args.sprt, args.alpha, args.beta)
        while running or (next_game < last_game and decision is None and not stop["requested"]):
            while (next_game < last_game and decision is None and not stop["requested"]
                   and len(running) < args.concurrency):
                running.add(pool.submit(play, next_game))
                next_game += 1
            done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                (index, label, white_name, black_name, result, pgn, plies, score, game_errors,
                 failures) = future.result()
                errors += game_errors
                opponent_failures += failures
                wins += score == 1.0
                draws += score == 0.5
                losses += score == 0.0
                if args.pgn:
                    with open(args.pgn, "a") as out:
                        out.write(pgn + "\n\n")
                total = wins + draws + losses
                print(f"{label}: {white_name} - {black_name} {result} in {plies} plies; "
                      f"running +{wins} ={draws} -{losses} ({100 * (wins + draws / 2) / total:.1f}%)", flush=True)
                if args.json_lines:
                    print("JSON " + json.dumps({"games": total, "planned": args.games + sum(prior), "wins": wins, "draws": draws,
                                                "losses": losses, "errors": len(errors)}), flush=True)
                if args.sprt and decision is None:
                    decision, ratio = sprt.verdict(wins, draws, losses, *args.sprt, args.alpha, args.beta)
    if args.sprt:
        ratio = sprt.llr(wins, draws, losses, *args.sprt)
        lower, upper = sprt.bounds(args.alpha, args.beta)
        outcome = {"H1": "H1 accepted: keep the change", "H0": "H0 accepted: drop the change",
                   None: "no decision within the games"}[decision]
        print(f"SPRT elo0 {args.sprt[0]:g} elo1 {args.sprt[1]:g} (alpha {args.alpha:g}, beta "
              f"{args.beta:g}): LLR {ratio:.2f} in [{lower:.2f}, {upper:.2f}] after {wins + draws + losses} games: "
              f"{outcome}", flush=True)

    total = wins + draws + losses
    played = total - sum(prior)
    planned = args.games + sum(prior)
    if stop["requested"]:
        print(f"stopped after {total} of {planned} games", flush=True)
    if decision is None and (stop["requested"] or args.sprt):
        print(f"to continue: --first-game {args.first_game + played} --prior {wins} {draws} {losses}", flush=True)
    estimate, low, high = elo(wins, draws, losses)
    points = wins + draws / 2
    errors += [f"python-chess could not read our engine: {message}" for message in warnings.messages]
    if args.prior:
        print(f"\nthis run: +{wins - prior[0]} ={draws - prior[1]} -{losses - prior[2]} over {played} games "
              f"from game {args.first_game + 1}; with the prior +{prior[0]} ={prior[1]} -{prior[2]}:")
    print(f"{'' if args.prior else chr(10)}against {name}: +{wins} ={draws} -{losses}, {points:g}/{total} "
          f"({100 * points / total:.1f}%), Elo {signed(estimate, '+inf' if points == total else '-inf')} [{signed(low, '-inf')}, {signed(high, '+inf')}] (95%), "
          f"{(time.monotonic() - started) / 60:.1f} min; errors of ours: {len(errors)}; "
          f"games the opponent lost by failing: {len(opponent_failures)}")
    for error in errors:
        print(f"ERROR {error}")
    for failure in opponent_failures:
        print(f"OPPONENT FAILED {failure}")
    if args.record:
        record = {
            "label": (args.label or name) + (f" (stopped after {total} of {planned} games)"
                                             if stop["requested"] else ""),
            "date": datetime.date.today().isoformat(),
            "command": "python3 " + " ".join(shlex.quote(arg) for arg in sys.argv),
            "tc": args.tc,
            "concurrency": args.concurrency,
            "openings": os.path.basename(args.openings),
            "games": total,
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "elo": estimate,
            "low": low,
            "high": high,
            "errors": len(errors),
            "opponent_failures": len(opponent_failures),
        }
        if bench:
            record["bench"] = bench
        if args.first_game or args.prior:
            record["continued"] = {"first_game": args.first_game, "prior": {"wins": prior[0], "draws": prior[1],
                                                                            "losses": prior[2]}}
        if args.sprt:
            record["sprt"] = {"elo0": args.sprt[0], "elo1": args.sprt[1], "alpha": args.alpha, "beta": args.beta,
                              "llr": round(ratio, 3), "decision": decision}
        with open(args.record, "a") as out:
            out.write(json.dumps(record) + "\n")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
