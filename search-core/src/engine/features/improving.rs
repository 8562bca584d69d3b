//! **Improving** (Stockfish since 2014, Ethereal; Chess Programming Wiki, "Improving"): whether
//! the side to move's static value has risen since its previous turn on the line, and three
//! prunings adjusted by it: a side whose position is getting better is cut by reverse futility
//! sooner; one whose position is not has its late moves pruned and reduced more.
//!
//! - **Idea.** Two plies up the line the same side was to move; if its static value is higher
//!   now, the line is going its way, and a static value above beta is more likely to hold. If it
//!   is not higher, the late moves of a position that is not getting better are less likely to
//!   rescue it. So, against the prunings without it:
//!   - improving (`Some(true)`): reverse futility's margin counts a ply less (`margin ×
//!     (depth − 1)`); late move pruning and reductions unchanged;
//!   - not improving (`Some(false)`): late move pruning skips the late quiet moves after half
//!     as many moves (`(base + depth²) / 2`) and late move reductions reduce a move they reduce
//!     a ply more (which may take the child to the horizon, as in Stockfish); reverse futility
//!     unchanged;
//!   - not known (`None`): nothing changes.
//! - **When.** With the option on (`improving`), at a node whose static value is known (not the
//!   root, where the engine computes none, and not in check) and whose ancestor two plies up had
//!   one too, with the same side to move (after an extra turn it may not: then nothing is known
//!   and nothing changes); so a node at ply 1 or 2 is never improving or not. It only adjusts
//!   reverse futility pruning (`rfp`), late move pruning (`lmp`) and late move reductions
//!   (`lmr`): without them it changes nothing.
//! - **Invariant.** Each ply's entry is the static value of the node on the current line at
//!   that ply, written by the node before its children are searched (a node that stops before
//!   its moves has no children to read it; a chance node writes that it has none), `None` where
//!   it has none.
//! - **Exact or value-changing.** Value-changing, as the prunings it adjusts. Off in every
//!   preset; the cross-checks hold engines with it to the invariants only.
//! - **Cost.** One entry per ply, and the static evaluation at every interior node but the root
//!   and positions in check: reverse futility needs it anyway, late move pruning and
//!   reductions alone do not.

use crate::engine::feature::{Feature, value_changing};
use crate::engine::worker::Plan;
use crate::Game;

/// The `improving` feature: [`Config::improving`](super::Config::improving).
pub(super) const IMPROVING: Feature<bool> = Feature::switch(
    "improving",
    "Improving",
    "improving: rfp a ply sooner where the static value rose since the side's last turn, lmp and lmr more where not",
    value_changing,
);


/// Reverse futility's depth for its margin: a ply less when `improving`.
#[must_use]
pub(super) fn futility_depth(depth: u32, improving: Option<bool>) -> u32 {
    depth - u32::from(improving == Some(true) && depth > 0)
}

/// Late move pruning's count of moves before late quiet moves are skipped, from the count
/// `moves` it would use otherwise: half as many when not `improving`.
#[must_use]
pub(super) fn pruning_count(moves: u32, improving: Option<bool>) -> u32 {
    if improving == Some(false) {
        moves / 2
    } else {
        moves
    }
}

/// Late move reductions' plies for a move reduced by `reduction` otherwise: one more when not
/// `improving` (a move not reduced stays so).
#[must_use]
pub(super) fn reduction(reduction: u32, improving: Option<bool>) -> u32 {
    reduction + u32::from(reduction > 0 && improving == Some(false))
}

/// Its rank before the moves (`worker.rs`'s phase table): after the correction of the static
/// value, before the prunings that read whether it improves.
const RANK: u32 = 40;

/// Improving's part of the plan: before the moves, the node's static value recorded on the
/// line and compared with its side's two plies up; at a chance node, that it has none.
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.needs.check = true;
    plan.needs.static_value = true;
    plan.before_moves(RANK, |worker, game, node, _, facts| {
        let values = &mut worker.search.static_values;
        facts.improving = values.record(node.ply, game.to_move(), facts.static_eval);
        None
    });
    plan.at_chance_node(RANK, |worker, game, node| {
        worker.search.static_values.record(node.ply, game.to_move(), None);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn improving_moves_each_pruning_its_own_way_and_unknown_changes_nothing() {
        assert_eq!(futility_depth(3, Some(true)), 2);
        assert_eq!(futility_depth(3, Some(false)), 3);
        assert_eq!(futility_depth(3, None), 3);
        assert_eq!(pruning_count(17, Some(false)), 8);
        assert_eq!(pruning_count(17, Some(true)), 17);
        assert_eq!(pruning_count(17, None), 17);
        assert_eq!(reduction(2, Some(false)), 3);
        assert_eq!(reduction(0, Some(false)), 0);
        assert_eq!(reduction(2, Some(true)), 2);
        assert_eq!(reduction(2, None), 2);
    }
}
