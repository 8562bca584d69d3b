//! **Repetition detection**: a position that already occurred on the current line or in the game
//! before the root is scored as a draw (the game's repetition rule, e.g. FIDE's threefold
//! repetition, simplified as engines do; its clash with the transposition table is the
//! graph-history interaction problem, Campbell 1985, "The graph-history interaction: on ignoring
//! position history").
//!
//! - **Idea.** Keep the repetition keys ([`Game::repetition_key`]) of the game history and of
//!   every ancestor of the current node in one buffer, the *line*. A node (never the root: it
//!   must return a move) whose key is already on the line is a leaf worth [`Score::DRAW`]: a
//!   second occurrence within the search is scored as the draw a third would be, the usual engine
//!   simplification (a side that can repeat a position once can usually repeat it again).
//! - **Invariant.** While a node at `ply` is searched, the line holds the game history (oldest
//!   first) followed by the keys of the nodes at plies `0..ply`, pushed by
//!   the node function's `search_child` and popped when the child returns. A null move
//!   pushes `None`, a barrier: a position after a pass is not the same game, so the scan stops
//!   there; so does a position without a key. Quiescence nodes (below the horizon node) push
//!   nothing and are not checked: the captures and promotions they follow are irreversible in
//!   chess (the quiet checks of quiescence checks are not checked either).
//! - **Exact or value-changing.** Path-dependent: a position's value then depends on how it was
//!   reached, which neither the references nor the transposition table's key know. Right for
//!   the game, but not comparable to minimax: off for cross-checks; with it on, no table is exact.
//! - **Cost.** With it off, nothing (no key asked for, nothing pushed). On: one key per node,
//!   a push and a pop per child, and a backward scan of the line (to the last barrier, through
//!   the whole game history) per node; the buffer is allocated once per search.

use crate::engine::feature::{Feature, value_changing};
use crate::Game;
use crate::engine::worker::Plan;

/// The `rep` feature: [`Config::repetition`](super::Config::repetition).
pub(super) const REPETITION: Feature<bool> = Feature::switch(
    "rep",
    "Repetition",
    "repetition draws from the game history and the current line (path-dependent)",
    value_changing,
);

/// Repetition's part of the plan: the node's repetition check and the line its children are
/// searched on (`node.rs`, the line in `tables/line.rs`).
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    plan.settings.repetition = *on;
}
