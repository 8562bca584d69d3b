//! **Iterative deepening** (Slate & Atkin 1977, Chess 4.5): search depth 1, 2, ... up to the
//! limit, each iteration a root search with the configured window (a full window,
//! [aspiration windows](super::aspiration) or [MTD(f)](super::mtdf)); the loop is the search
//! driver's (`driver.rs`).
//!
//! - **Idea.** The shallow iterations cost little and teach the deep one its ordering: they fill
//!   the transposition table, the killers and the history, and the previous iteration's best
//!   root move is searched first. And a search stopped by its node budget, clock or stop flag
//!   still has an answer: the last completed iteration's.
//! - **Invariant.** The result is always that of the last **completed** iteration: an interrupted
//!   iteration is discarded, since its best move may be half-searched. If not even depth 1
//!   completed, the engine returns the first root move it would have searched (the table move
//!   if legal and allowed, else the first allowed move generated, else the first generated) with
//!   the root's static value: a legal move whenever one exists, none when the root is finished,
//!   a chance node (nobody chooses there) or the depth is 0; a finished root is worth its
//!   result, never the evaluator's value.
//! - **Exact or value-changing.** Exact: every iteration is a complete search at its own depth,
//!   so the last one's value is that depth's; what the earlier ones leave behind changes the
//!   order of the moves (and, through a transposition table, only what its
//!   [`DepthPolicy`](super::DepthPolicy) lets it change).
//! - **Cost.** The earlier iterations: with an effective branching factor `b` they add about
//!   `1 / (b - 1)` of the last one (a geometric series), usually repaid by the better ordering;
//!   a copy of the principal variation and an info report per completed iteration.
//!
//! Without iterative deepening the engine searches the nominal depth once: with every option
//! off, that is plain alpha-beta, node for node.

use std::ops::RangeInclusive;

use crate::engine::feature::{Feature, exact};
use crate::Game;
use crate::engine::worker::Plan;

/// The `id` feature: [`Config::iterative_deepening`](super::Config::iterative_deepening).
pub(super) const ITERATIVE_DEEPENING: Feature<bool> = Feature::switch(
    "id",
    "Iterative Deepening",
    "iterative deepening: depth 1, 2, ... each ordering the next",
    exact,
);

/// The depths the root is searched to for a search to `target` plies: every one from 1 with
/// iterative deepening `on` (0 alone for a target of 0), the target alone without.
pub(crate) fn depths(on: bool, target: u32) -> RangeInclusive<u32> {
    let first = if on { target.min(1) } else { target };
    first..=target
}

/// Iterative deepening's part of the plan: the driver's loop (`driver.rs`).
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    plan.settings.iterative_deepening = *on;
}
