#!/usr/bin/env python3
"""The sequential probability ratio test of engine practice: keep playing until the games say
whether a change gains at least `elo1` or at most `elo0`, then stop.

The match script's `--sprt ELO0 ELO1` uses it to keep or drop a change on evidence (fishtest,
OpenBench and cutechess-cli do the same): after every game, the log-likelihood ratio of "the Elo
difference is elo1" against "it is elo0" is compared with the bounds `ln(beta / (1 - alpha))`
and `ln((1 - beta) / alpha)`; below the lower, H0 is accepted (the change does not gain elo1,
drop it); above the upper, H1 (it gains at least elo0, keep it); between them, play on.

The ratio is the generalized SPRT's normal approximation (Michel Van den Bergh, "A practical
introduction to the GSPRT", 2016) on game results in the logistic Elo model: with `n` games of
mean score `m` and variance `v` (each game 0, 1/2 or 1), and `s0`, `s1` the expected scores at
`elo0` and `elo1`,

    LLR = n * (s1 - s0) * (2 m - s0 - s1) / (2 v).

    python3 game-chess/tests/python/sprt.py --self-test
"""

import argparse
import math
import sys


def expected_score(elo):
    """The expected score of a player `elo` points stronger, in the logistic model."""
    return 1 / (1 + 10 ** (-elo / 400))


def llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of H1 (Elo difference `elo1`) against H0 (`elo0`); 0 until the
    results have a variance (a first loss, draw or win of each kind)."""
    n = wins + draws + losses
    if n == 0:
        return 0.0
    mean = (wins + draws / 2) / n
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean**2) / n
    if variance <= 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def bounds(alpha, beta):
    """The (lower, upper) bounds of the ratio for error rates `alpha` (accepting H1 when H0 holds)
    and `beta` (accepting H0 when H1 holds)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def verdict(wins, draws, losses, elo0, elo1, alpha=0.05, beta=0.05):
    """'H1' (keep: the change gains), 'H0' (drop) or None (play on), and the ratio."""
    ratio = llr(wins, draws, losses, elo0, elo1)
    lower, upper = bounds(alpha, beta)
    if ratio >= upper:
        return "H1", ratio
    if ratio <= lower:
        return "H0", ratio
    return None, ratio


def self_test():
    """Checks against values worked out by hand and against simulated matches."""
    import random

    lower, upper = bounds(0.05, 0.05)
    assert abs(upper - math.log(19)) < 1e-12 and abs(lower + math.log(19)) < 1e-12
    assert abs(expected_score(0) - 0.5) < 1e-12
    assert expected_score(100) > 0.6
    # No variance, no evidence.
    assert llr(10, 0, 0, 0, 10) == 0.0 and llr(0, 0, 0, 0, 10) == 0.0
    # Evenly matched: the ratio leans to H0 (elo 0) rather than H1 (elo 10).
    assert llr(100, 100, 100, 0, 10) < 0
    # A clear gain leans to H1.
    assert llr(150, 100, 50, 0, 10) > 0

    # Simulated matches: a gain of 30 Elo is accepted as H1, none as H0, nearly always, and a
    # test stops long before an unlimited number of games.
    def simulate(true_elo, seed):
        rng = random.Random(seed)
        p_win_or_draw = expected_score(true_elo)
        wins = draws = losses = 0
        for games in range(1, 100_000):
            # Draws a third of the time, the rest split to give the expected score.
            if rng.random() < 1 / 3:
                draws += 1
            elif rng.random() < (p_win_or_draw - 1 / 6) / (2 / 3):
                wins += 1
            else:
                losses += 1
            decision, _ = verdict(wins, draws, losses, 0, 10)
            if decision:
                return decision, games
        return None, games

    runs = [simulate(30, seed) for seed in range(40)]
    assert sum(decision == "H1" for decision, _ in runs) >= 38, runs
    runs = [simulate(-20, seed) for seed in range(40)]
    assert sum(decision == "H0" for decision, _ in runs) >= 38, runs
    print("sprt: self-test passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--self-test", action="store_true", help="check the formulas and stop")
    parser.add_argument("--wins", type=int, default=0)
    parser.add_argument("--draws", type=int, default=0)
    parser.add_argument("--losses", type=int, default=0)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    args = parser.parse_args()
    if args.self_test:
        self_test()
        return 0
    decision, ratio = verdict(args.wins, args.draws, args.losses, args.elo0, args.elo1, args.alpha, args.beta)
    lower, upper = bounds(args.alpha, args.beta)
    print(f"LLR {ratio:.2f} in [{lower:.2f}, {upper:.2f}]: {decision or 'play on'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
