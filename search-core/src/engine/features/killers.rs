//! **Killer moves** (Akl & Newborn 1977, "The principal continuation and the killer heuristic"):
//! quiet moves that caused a beta cutoff at the same ply elsewhere in the tree are tried early,
//! because a refutation often refutes the sibling positions too.
//!
//! - **Idea and replacement.** Two killers per ply, replaced as in the Fiacco report in the
//!   project's papers: a move already held is not stored again (no duplicates), and a new one
//!   overwrites the two slots alternately, so the two most recent distinct killers are kept.
//!   They are searched after the table move and the hinted moves, before the other quiet moves
//!   (see `ordering.rs`); the table is cleared at the start of each search and kept across its
//!   iterations.
//! - **Invariant.** The two slots of a ply never hold the same move, and hold only quiet moves
//!   that caused a cutoff at that ply in this search. Ordering only: a killer is searched early
//!   if it is among the generated moves of the position and quiet there, never otherwise.
//! - **Exact or value-changing.** Exact: only the order changes, never the set of moves searched
//!   (cross-checked in every exact combination).
//! - **Cost.** Two comparisons per quiet move ordered, one duplicate check and one write per
//!   quiet cutoff; a table of `2 × (MAX_PLY + 1)` moves, allocated once.

use crate::engine::feature::{Feature, exact};
use crate::engine::worker::Plan;
use crate::Game;

/// The `killers` feature: [`Config::killers`](super::Config::killers).
pub(super) const KILLERS: Feature<bool> =
    Feature::switch("killers", "Killers", "killer moves, two per ply", exact);

/// Its rank after a cutoff (`worker.rs`'s phase table).
const RANK: u32 = 20;

/// The killers' part of the plan: a tier of the move picker, and a quiet move that cuts
/// becomes a killer of its ply.
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.order.killers = true;
    plan.needs.noisy = true;
    plan.after_cutoff(RANK, |worker, at, _| {
        if !at.candidate.noisy {
            worker.search.killers.store(at.node.ply, at.mv);
        }
    });
}
