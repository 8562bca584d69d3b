//! **Counter moves** (Uiterwijk 1992, "The countermove heuristic", ICCA Journal 15(1)): many
//! moves have a natural reply whatever else is on the board (a check and the block, a capture
//! and the recapture, an attack and the retreat); the quiet move that last refuted a move is
//! tried early whenever that move is played again.
//!
//! - **Idea.** A table indexed by the side to move and the
//!   [`continuation_index`](crate::Game::continuation_index) of the move that led to the
//!   position (the piece and its to-square in chess) holds the quiet move that last caused a
//!   beta cutoff there. At a node, that move, if it is among the position's quiet moves and not
//!   already a killer, is searched right after the killers, as one of them (see `ordering.rs`):
//!   where killers are the refutations of a ply, a counter move is the refutation of the move
//!   just played.
//! - **Invariant.** Each entry holds a quiet move that caused a cutoff in reply to a move with
//!   that index, by that side, in this search. Ordering only: a counter move is searched early
//!   if it is among the generated moves of the position and quiet there, never otherwise; after
//!   a null move or at the root there is no move to answer, and no counter move.
//! - **Exact or value-changing.** Exact: only the order changes, never the set of moves
//!   searched (cross-checked against minimax with the exact preset). Since the counter move is
//!   ordered as a killer, the features that spare killers (late move reductions, late move and
//!   history pruning, futility pruning) spare it too.
//! - **Cost.** A `2 × 65 536` table of moves, allocated at the first cutoff and cleared with the
//!   killers at the start of each search; a write per ply per move searched (the move's index),
//!   one read per node ordered, one write per quiet cutoff.

use crate::engine::feature::{Feature, exact};
use crate::engine::worker::Plan;
use crate::Game;

/// The `counter` feature: [`Config::counter_moves`](super::Config::counter_moves).
pub(super) const COUNTER_MOVES: Feature<bool> = Feature::switch(
    "counter",
    "Counter Moves",
    "counter moves: the quiet move that last refuted the move just played, after the killers",
    exact,
);

/// Its rank after a cutoff (`worker.rs`'s phase table).
const RANK: u32 = 30;

/// Counter moves' part of the plan: a tier of the move picker (after the killers), the line's
/// moves tracked, and a quiet move that cuts becomes the counter move of the move before.
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.order.counter = true;
    plan.needs.noisy = true;
    plan.needs.line_moves = true;
    plan.after_cutoff(RANK, |worker, at, _| {
        if !at.candidate.noisy {
            let player = at.game.to_move();
            worker.search.counters.store(player, at.node.ply, at.mv);
        }
    });
}
