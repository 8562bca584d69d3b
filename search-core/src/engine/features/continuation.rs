//! **Continuation history** (the counter-move history and follow-up history of the modern
//! engines: Stockfish's `continuationHistory`, 2016; Ethereal's `CMHistory` and `FMHistory`;
//! Chess Programming Wiki, "History Heuristic"): a quiet move's history *in reply to* the move
//! just played, and as a follow-up to the side's own move before it. Where the plain history
//! (`history.rs`) says "this move cuts", a continuation says "this move cuts after that one".
//!
//! - **Idea.** Counters per side to move, per pair of
//!   [`continuation_index`](crate::Game::continuation_index)es (the move one ply back, or two
//!   plies back, with the move to score; in chess the piece and its to-square, Stockfish's
//!   `[piece][to]` tables, where the plain history keys by from and to squares), learning by the gravity
//!   rule of `history.rs`: at a quiet beta cutoff the pairs of the cutoff move gain
//!   [`gravity_bonus`](super::history::gravity_bonus), and those of the quiet moves searched
//!   before it lose as much. A quiet move's history score (ordering, history pruning,
//!   history-adjusted reductions) is then its plain counter plus its two continuation counters.
//!   After a null move, a chance outcome or at the root there is no move to continue: that term
//!   is zero.
//! - **Invariant.** Every counter lies within `±GRAVITY_MAX` (`history.rs`'s update); a pair
//!   lands in one of `2 × 2²⁰` counters by a multiplicative hash of (offset, previous index,
//!   index), so two pairs may share a counter: the score is then a blend, which may order
//!   worse but never changes the set of moves searched.
//! - **Exact or value-changing.** Exact on its own: ordering only (cross-checked against
//!   minimax in the exact matrix, where it comes with history under MTD(f)). With history
//!   pruning or history-adjusted reductions on, which read the score, it changes what they prune
//!   and reduce, as the plain history does.
//! - **Cost.** `2 × 2²⁰` counters of `i16` (4 MiB), allocated at the first cutoff and aged with
//!   the history (a pass over the table per search); two more lookups per quiet move scored, two
//!   more updates per quiet move at a cutoff. The moves of the line are tracked per ply as for
//!   counter moves (`counter.rs`).

use crate::engine::feature::{Feature, exact};
use crate::engine::tables::gravity::gravity_bonus;
use crate::engine::worker::Plan;
use crate::Game;

/// The `cont-history` feature: [`Config::continuation_history`](super::Config::continuation_history).
pub(super) const CONTINUATION_HISTORY: Feature<bool> = Feature::switch(
    "cont-history",
    "Continuation History",
    "continuation history: a quiet move's history after the move one and two plies back",
    exact,
);

/// Its rank after a cutoff (`worker.rs`'s phase table).
const RANK: u32 = 50;

/// Continuation history's part of the plan: a part of the history tier of the move picker,
/// the line's moves tracked, and a quiet move that cuts earns continuation history after the
/// moves one and two plies back (the quiet moves tried before it lose some).
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.order.continuation = true;
    plan.needs.noisy = true;
    plan.needs.line_moves = true;
    plan.needs.tried_quiets = true;
    plan.after_cutoff(RANK, |worker, at, tried| {
        let Some(key) = at.game.continuation_index(at.mv).filter(|_| !at.candidate.noisy) else {
            return;
        };
        let (player, bonus) = (at.game.to_move(), gravity_bonus(at.node.depth));
        let previous = worker.search.counters.previous(at.node.ply);
        let continuation = &mut worker.history.continuation;
        continuation.nudge(player, previous, key, bonus);
        for &(_, tried) in &tried.quiets {
            if let Some(tried) = tried {
                continuation.nudge(player, previous, tried, -bonus);
            }
        }
    });
}
