#!/usr/bin/env python3
"""Drive game-search-uci through whole games with python-chess, a real external UCI client.

Checks that no protocol error occurs (python-chess raises on a malformed or missing answer and
logs a warning for a line it cannot parse: both count as errors), that every move is legal, and
that the engine never loses on time (the script keeps the clocks: the time a move takes, measured
around the request, is taken off the mover's clock; a clock below zero is a loss on time), and that
every move of ours is searched (at least one `info depth` line before `bestmove`).

Games: the engine against itself (with pondering on one side), the engine against Stockfish
(Debian's `stockfish`, optionally limited with UCI_LimitStrength/UCI_Elo), each pair of games from
one opening with both colours. Also one `analyse` with MultiPV and a `go mate`.

    python3 game-chess/tests/python/play_games.py --engine target/release/game-search-uci \\
        --self-games 2 --stockfish-games 2 --tc 2+0.02

Time management at bullet and sudden-death clocks (self-play, no pondering):

    python3 ... --self-games 0 --stockfish-games 0 --bullet-games 100 --bullet-tc 0.2+0
    python3 ... --self-games 0 --stockfish-games 0 --bullet-games 100 --bullet-tc 1+0.01

Strength sample (not for CI):

    python3 ... --self-games 0 --stockfish-games 10 --tc 5+0.05 --stockfish-elo 1400

Exit status 1 on any error, with a summary on stdout.
"""

import argparse
import logging
import sys
import time

import chess
import chess.engine
import chess.pgn

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",
]

MAX_PLIES = 400


class WarningCounter(logging.Handler):
    """Counts python-chess's warnings and errors: lines it could not understand."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


class Player:
    """One side: an engine process, its name, and whether it ponders.

    `command` is a path or an argument list; `xboard=True` speaks XBoard (CECP) instead of UCI.
    """

    def __init__(self, command, name, options=None, ponder=False, ours=False, xboard=False):
        # In a process group of its own, so that a Ctrl-C meant for the match script (which
        # stops a match cleanly) does not kill the engines in the middle of their games.
        if xboard:
            self.engine = chess.engine.SimpleEngine.popen_xboard(command, setpgrp=True)
        else:
            self.engine = chess.engine.SimpleEngine.popen_uci(command, setpgrp=True)
        self.name = name
        self.ponder = ponder
        self.ours = ours
        for option, value in (options or {}).items():
            self.engine.configure({option: value})

    def close(self):
        try:
            self.engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError):
            pass


def play_game(white, black, opening, tc, errors, label, moves_seen=None):
    """Plays one game; returns (result, pgn text, plies). Records errors of our engine.

    `moves_seen`, a dict, counts our engine's moves (`ours`), those it played without a single
    `info depth` line (`unsearched`: an error), and its losses on time (`time_losses`); the
    opponent's failures (a crash, a protocol error, a loss on time: the game is scored as its
    loss) are listed under `opponent_failures`.
    """
    if moves_seen is None:
        moves_seen = {}
    base, inc = tc
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    players = {chess.WHITE: white, chess.BLACK: black}
    for player in (white, black):
        if isinstance(player.engine.protocol, chess.engine.UciProtocol):
            player.engine.protocol.send_line("ucinewgame")
    opening_plies = len(board.move_stack)
    comments = []
    result = None
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        side = board.turn
        player = players[side]
        limit = chess.engine.Limit(
            white_clock=max(clocks[chess.WHITE], 0.001),
            black_clock=max(clocks[chess.BLACK], 0.001),
            white_inc=inc,
            black_inc=inc,
        )
        started = time.monotonic()
        try:
            played = player.engine.play(board, limit, ponder=player.ponder, info=chess.engine.INFO_ALL)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            # A failing engine loses the game, as a GUI adjudicates it; only ours is an error.
            failure = f"{label}: {player.name} failed at ply {board.ply()}: {error!r}"
            if player.ours:
                errors.append(failure)
            else:
                moves_seen.setdefault("opponent_failures", []).append(failure)
            result = "0-1" if side == chess.WHITE else "1-0"
            break
        spent = time.monotonic() - started
        clocks[side] -= spent
        if clocks[side] < 0:
            # Lost on time (python-chess's round trip is counted against the engine, as a GUI would).
            loss = (f"{label}: {player.name} lost on time at ply {board.ply()} ({clocks[side]:.3f} s "
                    f"after a move of {spent * 1000:.0f} ms)")
            if player.ours:
                errors.append(loss)
                moves_seen["time_losses"] = moves_seen.get("time_losses", 0) + 1
            else:
                moves_seen.setdefault("opponent_failures", []).append(loss)
            result = "0-1" if side == chess.WHITE else "1-0"
            break
        clocks[side] += inc
        move = played.move
        if move is None or move not in board.legal_moves:
            errors.append(f"{label}: {player.name} played an illegal move {move} in {board.fen()}")
            result = "0-1" if side == chess.WHITE else "1-0"
            break
        if player.ours:
            moves_seen["ours"] = moves_seen.get("ours", 0) + 1
            if played.info.get("depth") is None and not player.ponder:
                # No iteration reported: the move was not searched. (Not for a pondering player:
                # after a ponderhit the move comes from the ponder search, whose info lines
                # python-chess does not return with the move.)
                moves_seen["unsearched"] = moves_seen.get("unsearched", 0) + 1
                errors.append(f"{label}: {player.name} played {move} unsearched at ply {board.ply()} "
                              f"({clocks[side]:.3f} s left)")
        comments.append(move_comment(played.info, side, spent))
        board.push(move)
        plies += 1
    if result is None:
        result = board.result(claim_draw=True) if board.is_game_over(claim_draw=True) else "1/2-1/2"
    game = chess.pgn.Game.from_board(board)
    # Each searched move carries its mover's score, depth and time, as cutechess writes them.
    node = game
    for ply, _ in enumerate(board.move_stack):
        node = node.next()
        if ply >= opening_plies:
            node.comment = comments[ply - opening_plies]
    game.headers["White"] = white.name
    game.headers["Black"] = black.name
    game.headers["Result"] = result
    game.headers["Event"] = label
    return result, str(game), plies


def move_comment(info, side, spent):
    """`+0.35/12 0.210s`: the mover's score in pawns (`+M5` a mate in 5, `-M3` mated in 3), the
    depth and the time the move took, as cutechess comments its PGN; what the engine did not say
    is left out."""
    parts = []
    score = info.get("score")
    if score is not None:
        score = score.pov(side)
        if score.is_mate():
            mate = score.mate()
            text = f"+M{mate}" if mate > 0 else f"-M{-mate}"
        else:
            text = f"{score.score() / 100:+.2f}"
        depth = info.get("depth")
        parts.append(f"{text}/{depth}" if depth is not None else text)
    parts.append(f"{spent:.3f}s")
    return " ".join(parts)


def check_analysis(path, errors):
    """MultiPV analysis and a mate search, through python-chess's analysis API."""
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        board = chess.Board()
        infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
        firsts = [info["pv"][0] for info in infos if info.get("pv")]
        if len(infos) != 3 or len(set(firsts)) != 3:
            errors.append(f"analysis: MultiPV 3 gave {infos}")
        mate = chess.Board("r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 1")
        info = engine.analyse(mate, chess.engine.Limit(mate=2))
        if info.get("score") is None or info["score"].white().mate() != 2:
            errors.append(f"analysis: go mate 2 gave {info}")
        with engine.analysis(board) as analysis:  # go infinite, then stop
            time.sleep(0.3)
        if analysis.info.get("pv") is None:
            errors.append("analysis: go infinite gave no pv")
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
        errors.append(f"analysis failed: {error!r}")
    finally:
        engine.quit()


def score_of(result, ours_white):
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == ours_white else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="path to game-search-uci")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--self-games", type=int, default=2)
    parser.add_argument("--stockfish-games", type=int, default=2)
    parser.add_argument("--bullet-games", type=int, default=0, help="self-play games at --bullet-tc, no pondering")
    parser.add_argument("--bullet-tc", default="0.5+0.005", help="seconds per game + increment of the bullet games")
    parser.add_argument("--tc", default="2+0.02", help="seconds per game + increment")
    parser.add_argument("--stockfish-elo", type=int, help="UCI_LimitStrength with this UCI_Elo")
    parser.add_argument("--pgn", help="write the games here")
    args = parser.parse_args()

    counter = WarningCounter()
    logging.getLogger("chess.engine").addHandler(counter)
    errors = []
    pgns = []
    tc = parse_tc(args.tc)

    check_analysis(args.engine, errors)

    summary = []
    moves_seen = {}
    schedule = [("self", i, tc) for i in range(args.self_games)]
    schedule += [("bullet", i, parse_tc(args.bullet_tc)) for i in range(args.bullet_games)]
    schedule += [("stockfish", i, tc) for i in range(args.stockfish_games)]
    points = 0.0
    stockfish_played = 0
    for kind, index, game_tc in schedule:
        opening = OPENINGS[(index // 2) % len(OPENINGS)]
        ours_white = index % 2 == 0
        ours = Player(args.engine, "game-search", ponder=kind == "self", ours=True)
        if kind == "stockfish":
            options = {"Threads": 1, "Hash": 16}
            name = "stockfish"
            if args.stockfish_elo:
                options.update({"UCI_LimitStrength": True, "UCI_Elo": args.stockfish_elo})
                name = f"stockfish-elo{args.stockfish_elo}"
            other = Player(args.stockfish, name, options)
        else:
            other = Player(args.engine, "game-search-2", ours=True)
        white, black = (ours, other) if ours_white else (other, ours)
        label = f"{kind} {index + 1} ({game_tc[0]}+{game_tc[1]})"
        started = time.monotonic()
        try:
            result, pgn, plies = play_game(white, black, opening, game_tc, errors, label, moves_seen)
        finally:
            ours.close()
            other.close()
        pgns.append(pgn)
        line = f"{label}: {white.name} - {black.name} {result} in {plies} plies, {time.monotonic() - started:.1f} s"
        if kind == "stockfish":
            points += score_of(result, ours_white)
            stockfish_played += 1
        summary.append(line)
        print(line, flush=True)

    if args.pgn:
        with open(args.pgn, "w") as out:
            out.write("\n\n".join(pgns) + "\n")
    errors += [f"python-chess warning: {message}" for message in counter.messages]
    print(f"games: {len(schedule)}, moves of ours: {moves_seen.get('ours', 0)}, "
          f"unsearched: {moves_seen.get('unsearched', 0)}, losses on time: {moves_seen.get('time_losses', 0)}, "
          f"errors (all kinds): {len(errors)}")
    if stockfish_played:
        print(f"against {'stockfish' if not args.stockfish_elo else f'stockfish UCI_Elo {args.stockfish_elo}'}: "
              f"{points}/{stockfish_played} ({100 * points / stockfish_played:.0f}%)")
    for error in errors:
        print(f"ERROR {error}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
