#!/usr/bin/env python3
"""Replaces the search score of every position in a `selfplay` data file by Stockfish's.

The tuner (`cargo run --release --example tune`) fits the classical evaluation to a blend of
each position's game result and its search score (`--score-weight`). `selfplay` writes the
score of the project's own search; this writes a copy of the file in which the score is
Stockfish's instead, from a search of a fixed number of nodes, so that the evaluation can be
fitted to a much stronger engine's judgement of the same positions (the games, their results
and the held-out split stay as they are).

Each line `FEN; RESULT; SCORE` becomes `FEN; RESULT; STOCKFISH`, Stockfish's score for White
in centipawns times `--scale` (rounded), a mate clamped to +/- `--mate`. The `# game N: ...`
lines are copied as they are. Each game starts from a cleared table (`ucinewgame`), so the
same file, nodes and Stockfish give the same scores, whatever `--workers`.

    python3 game-chess/tests/python/relabel.py --input target/tuning/selfplay67.txt \
        --output target/tuning/selfplay67-sf.txt --nodes 1000 --workers 2

`--fit-scale` prints the scale that makes Stockfish's scores predict the results as well as
they can with the tuner's `K` (a logistic fit on the written file), so that the scores can be
put on the evaluation's scale before fitting: `--rescale C` writes a copy of a relabelled file
with every score multiplied by `C`, without searching again.

    python3 game-chess/tests/python/relabel.py --input target/tuning/selfplay67-sf.txt --fit-scale 0.7535
    python3 game-chess/tests/python/relabel.py --input target/tuning/selfplay67-sf.txt \
        --output target/tuning/selfplay67-sfs.txt --rescale 0.8
"""

import argparse
import math
import multiprocessing
import signal
import subprocess
import sys
import time


class Stockfish:
    """A Stockfish process driven by plain UCI lines (much faster than python-chess's engine
    module for millions of short searches)."""

    def __init__(self, path, nodes, hash_mb):
        self.nodes = nodes
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, token):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"Stockfish closed its output before {token!r}")
            if line.startswith(token):
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def score(self, fen):
        """Stockfish's score for the side to move: ('cp', n) or ('mate', n)."""
        self.send("position fen " + fen)
        self.send(f"go nodes {self.nodes}")
        last = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"Stockfish closed its output searching {fen}")
            if line.startswith("bestmove"):
                break
            if " score " in line:
                last = line
        if last is None:
            raise RuntimeError(f"Stockfish gave no score for {fen}")
        kind, value = last.split(" score ")[1].split()[:2]
        return kind, int(value)

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def white_centipawns(fen, kind, value, mate):
    """The score for White in centipawns, a mate clamped to +/- `mate`."""
    if kind == "mate":
        cp = mate if value > 0 else -mate
    else:
        cp = max(-mate, min(mate, value))
    return cp if fen.split()[1] == "w" else -cp


def read_games(path):
    """The file's games: each a list of data lines and its closing `# game` line."""
    games, lines = [], []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if line.startswith("# game "):
                games.append((lines, line))
                lines = []
            elif line.strip() and not line.startswith("#"):
                fields = [field.strip() for field in line.split(";")]
                if len(fields) < 2 or len(fields[0].split()) < 4:
                    raise ValueError(f"{path}:{number}: not a `FEN; RESULT; SCORE` line: {line!r}")
                if fields[1] not in ("1", "0.5", "0"):
                    raise ValueError(f"{path}:{number}: a result of 1, 0.5 or 0 expected, got {fields[1]!r}")
                if len(fields) < 3 or not fields[2]:
                    fields = fields[:2] + ["0"]
                try:
                    int(fields[2])
                except ValueError:
                    raise ValueError(f"{path}:{number}: a score in centipawns expected, got {fields[2]!r}") from None
                lines.append(fields)
    if lines:
        raise ValueError(f"{path}: {len(lines)} positions after the last `# game` line")
    return games


WORKER = None


def start_worker(path, nodes, hash_mb):
    global WORKER
    # Ctrl-C is the main process's to handle: it stops the pool and keeps the games written.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    WORKER = Stockfish(path, nodes, hash_mb)


def label_game(job):
    lines, closing, scale, mate = job
    WORKER.new_game()
    out = []
    for fields in lines:
        kind, value = WORKER.score(fields[0])
        cp = white_centipawns(fields[0], kind, value, mate)
        out.append(f"{fields[0]}; {fields[1]}; {round(cp * scale)}")
    out.append(closing)
    return out


def fit_scale(path, k):
    """The scale `c` minimising the squared error of sigmoid(k * c * score) against the results
    (golden-section search), and that error."""
    pairs = []
    for lines, _ in read_games(path):
        for fields in lines:
            pairs.append((float(fields[1]), float(fields[2])))
    if not pairs:
        raise ValueError(f"{path}: no positions")

    def error(c):
        return sum(
            (r - 1.0 / (1.0 + 10 ** (-k * c * s / 400.0))) ** 2 for r, s in pairs
        ) / len(pairs)

    low, high = 0.1, 5.0
    golden = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a = high - golden * (high - low)
        b = low + golden * (high - low)
        if error(a) < error(b):
            high = b
        else:
            low = a
    c = (low + high) / 2
    return c, error(c), error(1.0), len(pairs)


def self_test():
    """Checks the score's sign and clamp, the file's reading and the scale's fit; with
    Stockfish installed, that a mate in one is scored as a mate for the side that gives it."""
    import os
    import random
    import tempfile

    assert white_centipawns("8/8/8/8/8/8/8/K6k w - - 0 1", "cp", 35, 3000) == 35
    assert white_centipawns("8/8/8/8/8/8/8/K6k b - - 0 1", "cp", 35, 3000) == -35
    assert white_centipawns("8/8/8/8/8/8/8/K6k b - - 0 1", "mate", 3, 3000) == -3000
    assert white_centipawns("8/8/8/8/8/8/8/K6k w - - 0 1", "mate", -2, 3000) == -3000
    assert white_centipawns("8/8/8/8/8/8/8/K6k w - - 0 1", "cp", 9999, 3000) == 3000
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "data.txt")
        # Results drawn from sigmoid(K * 2 * score): the fitted scale must come back near 2.
        rng = random.Random(7)
        with open(path, "w", encoding="utf-8") as file:
            for game in range(400):
                for _ in range(10):
                    score = rng.randint(-600, 600)
                    p = 1.0 / (1.0 + 10 ** (-0.75 * 2.0 * score / 400.0))
                    result = "1" if rng.random() < p else "0"
                    file.write(f"8/8/8/8/8/8/8/K6k w - - 0 1; {result}; {score}\n")
                file.write(f"# game {game}: 1-0\n")
        c, _, _, n = fit_scale(path, 0.75)
        assert n == 4000 and 1.9 < c < 2.1, (n, c)
        with open(path, "a", encoding="utf-8") as file:
            file.write("not a position\n# game 400: 1-0\n")
        try:
            read_games(path)
            raise AssertionError("a bad line was read")
        except ValueError as error:
            assert ":4401:" in str(error), error  # 4 000 positions and 400 game lines before it
        bad_result = os.path.join(directory, "result.txt")
        with open(bad_result, "w", encoding="utf-8") as file:
            file.write("8/8/8/8/8/8/8/K6k w - - 0 1; 2; 10\n# game 0: 1-0\n")
        try:
            read_games(bad_result)
            raise AssertionError("a result of 2 was read")
        except ValueError as error:
            assert ":1: a result" in str(error), error
    if os.path.exists("/usr/games/stockfish"):
        engine = Stockfish("/usr/games/stockfish", 1000, 16)
        fen = "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1"  # Black to move, White mates with Ra8
        kind, value = engine.score("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        assert (kind, value) == ("mate", 1), (kind, value)
        assert white_centipawns(fen, "cp", -500, 3000) == 500
        engine.close()
    print("relabel: self-test passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", help="a selfplay data file")
    parser.add_argument("--output", help="the relabelled file to write")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=1000, help="Stockfish's nodes a position")
    parser.add_argument("--hash", type=int, default=16, help="Stockfish's table, MiB")
    parser.add_argument("--workers", type=int, default=2, help="Stockfish processes at once")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every score")
    parser.add_argument("--mate", type=int, default=3000, help="a mate's score, centipawns")
    parser.add_argument(
        "--rescale",
        type=float,
        metavar="C",
        help="copy --input to --output with every score times C, without Stockfish",
    )
    parser.add_argument("--max-games", type=int, help="relabel the first N games only")
    parser.add_argument(
        "--fit-scale",
        type=float,
        metavar="K",
        help="print the scale that fits the input's scores to its results with the tuner's K",
    )
    parser.add_argument("--self-test", action="store_true", help="check the helpers and stop")
    args = parser.parse_args()

    if args.self_test:
        self_test()
        return 0
    if not args.input:
        parser.error("--input is needed")
    if args.fit_scale is not None:
        c, best, unscaled, n = fit_scale(args.input, args.fit_scale)
        print(f"{n} positions, K {args.fit_scale}: scale {c:.4f} (error {best:.6f}; unscaled {unscaled:.6f})")
        return 0
    if not args.output:
        parser.error("--output is needed (or --fit-scale)")
    if args.rescale is not None:
        if args.rescale <= 0:
            parser.error("--rescale must be positive")
        with open(args.output, "w", encoding="utf-8") as out:
            for lines, closing in read_games(args.input):
                for fields in lines:
                    score = float(fields[2]) if len(fields) > 2 and fields[2] else 0.0
                    out.write(f"{fields[0]}; {fields[1]}; {round(score * args.rescale)}\n")
                out.write(closing + "\n")
        return 0
    if args.nodes < 1 or args.workers < 1 or args.scale <= 0 or args.mate < 1:
        parser.error("--nodes, --workers, --scale and --mate must be positive")

    games = read_games(args.input)
    if args.max_games is not None:
        games = games[: args.max_games]
    total = sum(len(lines) for lines, _ in games)
    jobs = [(lines, closing, args.scale, args.mate) for lines, closing in games]
    # Started once here first, so that a wrong --stockfish is one clear error (a worker whose
    # start fails would be restarted by the pool for ever).
    Stockfish(args.stockfish, args.nodes, args.hash).close()
    start = time.time()
    done = 0
    with multiprocessing.Pool(
        args.workers, initializer=start_worker, initargs=(args.stockfish, args.nodes, args.hash)
    ) as pool, open(args.output, "w", encoding="utf-8") as out:
        for number, lines in enumerate(pool.imap(label_game, jobs, chunksize=4), 1):
            out.write("\n".join(lines) + "\n")
            done += len(lines) - 1
            if number % 200 == 0 or number == len(jobs):
                rate = done / max(time.time() - start, 1e-9)
                print(
                    f"{number}/{len(jobs)} games, {done}/{total} positions, {rate:.0f}/s, "
                    f"{(total - done) / max(rate, 1e-9) / 60:.1f} min left",
                    file=sys.stderr,
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, RuntimeError) as error:
        print(f"relabel.py: error: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        # The output holds whole games only (each is written at once, in order); a new run
        # relabels from the start (no resume: 1 000 nodes a position is minutes, not hours).
        print("relabel.py: stopped; the output holds the games written so far", file=sys.stderr)
        sys.exit(130)
