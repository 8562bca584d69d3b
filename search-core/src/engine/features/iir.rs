//! **Internal iterative reduction** (IIR; Ed Schröder's Rebel, 2020, "An alternative to IID",
//! CCC; in Stockfish since 2021; Chess Programming Wiki, "Internal Iterative Reductions"): a node
//! far from the horizon that the transposition table has no move for is searched one ply
//! shallower.
//!
//! - **Idea.** A node without a table move is one no earlier iteration found worth searching
//!   deep, and its moves are ordered by guesses alone, so a full-depth search of it is both
//!   expensive and probably unimportant. Internal iterative deepening would search it shallower
//!   first to find a move; the reduction searches it shallower instead, and the next iteration,
//!   which finds its entry in the table, searches it at full depth if the line matters.
//! - **When.** With the option on (`iir=depth`), at least `depth` plies from the horizon, never
//!   at the root, with a table that was probed and gave no move. By one ply.
//! - **Invariant.** Only the node's depth changes, before its moves are searched; its result is
//!   stored at the depth it was searched to, so the table never claims more than was searched.
//! - **Exact or value-changing.** Value-changing: the node is searched to a shallower horizon.
//!   Off in the exact preset; the cross-checks hold engines with it to the invariants only.
//! - **Cost.** None at the node; the saving is one ply of the subtree of every node reduced
//!   (`internal_reductions`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::Node;
use crate::SearchStats;
use crate::engine::worker::Plan;
use crate::Game;

/// The depth from which internal iterative reduction applies with `iir` alone.
pub const DEFAULT_IIR_DEPTH: u32 = 4;

/// The `iir` feature: [`Config::internal_reduction`](super::Config::internal_reduction).
pub(super) const INTERNAL_REDUCTION: Feature<Option<u32>> = Feature {
    name: "iir",
    option: "Internal Reduction",
    summary: "internal iterative reduction: a node this many plies from the horizon or more with no table move is searched a ply shallower",
    kind: Kind::Number {
        min: 2,
        max: 1000,
        default: DEFAULT_IIR_DEPTH as i64,
    },
    parent: None,
    implied: false,
    get: |depth| depth.map(|d| Value::Number(i64::from(d))),
    set: |depth, value| {
        *depth = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// `node`, a ply shallower if internal iterative reduction from `min_depth` (if on) applies:
/// not the root, at least `min_depth` plies from the horizon, and `probed` (the table was
/// probed) without a move (`has_table_move`). Counted in `stats`.
pub(super) fn reduce(
    min_depth: Option<u32>,
    node: Node,
    probed: bool,
    has_table_move: bool,
    stats: &mut SearchStats,
) -> Node {
    match min_depth {
        Some(min_depth) if probed && !has_table_move && node.ply > 0 && node.depth >= min_depth => {
            stats.internal_reductions += 1;
            Node {
                depth: node.depth - 1,
                ..node
            }
        }
        _ => node,
    }
}

/// Its rank before the moves (`worker.rs`'s phase table): after the enhanced cutoffs, before the
/// static value's steps.
const RANK: u32 = 20;

/// Internal iterative reduction's part of the plan: before the moves, a deep node that the
/// table has no move for goes a ply shallower.
pub(super) fn plan<G: Game, E>(min_depth: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    if min_depth.is_none() {
        return;
    }
    let min_depth = *min_depth;
    plan.before_moves(RANK, move |worker, _, node, _, facts| {
        let (probed, has_move) = (facts.tt_key.is_some(), facts.tt_move.is_some());
        *node = reduce(min_depth, *node, probed, has_move, &mut worker.search.stats);
        None
    });
}

#[cfg(test)]
mod tests {
    use super::reduce;
    use crate::engine::frame::Node;
    use crate::{Score, SearchStats};

    #[test]
    fn reduces_deep_nodes_without_a_table_move_only() {
        let at = |depth, ply| Node {
            ply,
            ..Node::root(depth, (-Score::INFINITY, Score::INFINITY), None)
        };
        let mut stats = SearchStats::default();
        assert_eq!(reduce(Some(4), at(6, 2), true, false, &mut stats).depth, 5);
        assert_eq!(reduce(Some(4), at(4, 2), true, false, &mut stats).depth, 3);
        assert_eq!(stats.internal_reductions, 2);
        for (min_depth, node, probed, has_move) in [
            (None, at(6, 2), true, false),     // off
            (Some(4), at(3, 2), true, false),  // too near the horizon
            (Some(4), at(6, 0), true, false),  // the root
            (Some(4), at(6, 2), true, true),   // a table move
            (Some(4), at(6, 2), false, false), // no table probed
        ] {
            assert_eq!(
                reduce(min_depth, node, probed, has_move, &mut stats).depth,
                node.depth
            );
        }
        assert_eq!(stats.internal_reductions, 2);
    }
}
