//! **Correction history** (Stockfish's pawn correction history, 2023; Koivisto and Berserk
//! before it; Chess Programming Wiki, "Static Evaluation Correction History"): the static value
//! corrected by what searches of positions with the same structure found it to be off by.
//!
//! - **Idea.** An evaluation errs the same way in positions that share a structure (in chess,
//!   the pawns: a blocked chain the evaluation likes too much, a passed pawn it underrates).
//!   After a node's search, the difference between its result and its static value is a
//!   measurement of that error; a table indexed by the side to move and a hash of the structure
//!   ([`Game::correction_key`](crate::Game::correction_key)) keeps a running average of it,
//!   weighted by the search's depth, and the next static value of a position with that
//!   structure is corrected by the average: the value the prunings read (reverse futility,
//!   futility, razoring, null move's guard and its evaluation term, `improving`) and the
//!   quiescence search's stand pat.
//! - **When.** With the option on (`correction`), at an interior node whose static value is
//!   computed (a feature reads it: not the root, not in check) and whose game gives a key.
//!   It learns, after the node's moves are searched, only from a result that says something
//!   about the static value: not after a noisy best move (a capture settles the material the
//!   static value counted before it), not from a fail-high at or below the static value (it
//!   may be higher still) nor a fail-low at or above it (it may be lower still), never from a
//!   decided (mate or won) score, an aborted search or a Star2 probe.
//! - **Invariant.** Each entry lies within `±MAX_CORRECTION` units of the evaluation (64
//!   centipawns of a 100-unit pawn, [`scaled`](super::feature::scaled) for other units), kept
//!   in 1/`GRAIN` units: an update moves it toward the measured error by a weight
//!   `min((depth + 1)², 128) / 1024`, by at most a quarter of the bound, then clamps it. A
//!   corrected static value stays within the evaluation's range.
//! - **Exact or value-changing.** Value-changing: the prunings and the stand pat read the
//!   corrected value. It learns only where a pruning reads the static value, so without them
//!   it changes nothing (nothing is learnt, every correction stays 0). Off in every preset.
//! - **Cost.** `2 × 2^14` entries of `i32` (128 KiB) per thread, allocated at the first update
//!   and kept across searches (forgotten by a new game); a key and a load per static value and
//!   stand pat, a key and a store per node that learns.

use crate::engine::feature::{Feature, value_changing};
use crate::{Bound, Score};
use crate::engine::frame::{Facts, Node};
use crate::engine::tables::correction::MAX_CORRECTION;
use crate::engine::worker::{Plan, Worker};
use crate::{Evaluate, Game};

/// The `correction` feature: [`Config::correction`](super::Config::correction).
pub(super) const CORRECTION: Feature<bool> = Feature::switch(
    "correction",
    "Correction History",
    "correction history: the static value corrected by the errors searches found in positions of the same structure",
    value_changing,
);


/// Whether a node's result teaches the correction history: `searched`, with its bound `bound`,
/// against the node's static value `corrected`; `noisy_best` says whether the node found a move
/// above alpha and it is noisy. Not a decided score, not after a noisy best move, not a
/// fail-high at or below the static value (it may be higher still) nor a fail-low at or above
/// it (it may be lower still).
#[must_use]
pub(super) fn teaches(bound: Bound, searched: Score, corrected: Score, noisy_best: bool) -> bool {
    if searched.is_mate() || noisy_best {
        return false;
    }
    match bound {
        Bound::Lower => searched > corrected,
        Bound::Upper => searched < corrected,
        Bound::Exact => true,
    }
}

/// Its rank before the moves (`worker.rs`'s phase table): the first step that reads the static
/// value.
const RANK: u32 = 30;

/// Its rank after the moves.
const LEARN_RANK: u32 = 10;

/// Correction history's part of the plan: before the moves, the static value corrected (and
/// quiescence search's stand pat, `quiescence.rs`); after the moves, what the search found it
/// off by learnt.
pub(super) fn plan<G: Game, E: Evaluate<G>>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.settings.correction = true;
    plan.before_moves(RANK, |worker, game, _, _, facts| {
        if let (Some(raw), Some(key)) = (facts.static_eval, game.correction_key()) {
            let corrected = worker.history.correction.correct(game.to_move(), key, raw);
            facts.static_eval = Some(corrected);
        }
        None
    });
    plan.after_moves(LEARN_RANK, learn);
}

/// Teaches the correction history what the search of `node` found, `score` with best move
/// `best`, where its static value was `facts.static_eval`: if the game gives a key and the
/// result says something about the static value.
fn learn<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    facts: &Facts<G::Move>,
    score: Score,
    best: Option<G::Move>,
) {
    if node.probe {
        return;
    }
    let (Some(corrected), Some(key)) = (facts.static_eval, game.correction_key()) else {
        return;
    };
    let bound = Bound::classify(score, node.alpha, node.beta);
    let noisy_best = score > node.alpha && best.is_some_and(|mv| game.is_noisy(mv));
    if !teaches(bound, score, corrected, noisy_best) {
        return;
    }
    let max_correction = worker.scaled(MAX_CORRECTION);
    let player = game.to_move();
    worker
        .history
        .correction
        .learn(player, key, corrected, score, node.depth, max_correction);
    worker.search.stats.corrections_learnt += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_quiet_undecided_result_that_bounds_the_static_value_the_other_way_teaches() {
        let static_value = Score::cp(50);
        // (bound, result, noisy best move, teaches)
        let table = [
            (Bound::Exact, Score::cp(10), false, true),
            (Bound::Exact, Score::cp(50), false, true),
            (Bound::Lower, Score::cp(80), false, true),
            (Bound::Lower, Score::cp(50), false, false),
            (Bound::Lower, Score::cp(20), false, false),
            (Bound::Upper, Score::cp(20), false, true),
            (Bound::Upper, Score::cp(50), false, false),
            (Bound::Upper, Score::cp(80), false, false),
            // A capture or promotion found the value: the static value was not wrong about it.
            (Bound::Exact, Score::cp(10), true, false),
            (Bound::Lower, Score::cp(80), true, false),
            // A mate or a won margin says nothing about a static value.
            (Bound::Lower, Score::mate_in(5), false, false),
            (Bound::Upper, Score::mated_in(4), false, false),
            (Bound::Exact, Score::won_by(3, 6), false, false),
        ];
        for (bound, result, noisy_best, expected) in table {
            assert_eq!(
                teaches(bound, result, static_value, noisy_best),
                expected,
                "{bound:?} {result} noisy {noisy_best}"
            );
        }
    }
}
