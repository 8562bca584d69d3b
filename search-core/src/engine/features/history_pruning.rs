//! **History pruning** (the history leaf pruning of the Fruit-era engines, in the gravity form of
//! Stockfish and Ethereal; Chess Programming Wiki, "History Leaf Pruning"): near the horizon, a
//! quiet move that has failed to cut almost everywhere it was tried is not searched at all.
//!
//! - **Idea.** The gravity rule of the history heuristic (`history=gravity`, `history.rs`)
//!   lowers a quiet move's counter each time it is searched without causing the cutoff, so a
//!   clearly negative counter says the move has been tried often and failed. Where late move
//!   pruning skips late quiet moves by their number alone, this skips them by their record:
//!   a quiet move whose counter is below `−threshold × depth` is skipped.
//! - **When.** With the option on (`hp=threshold`), at most [`HISTORY_PRUNING_MAX_DEPTH`] plies
//!   from the horizon, never at the root, never in check, only in null-window nodes (PVS's
//!   scouts), only for quiet moves placed by no tier but history (not the table move, a hinted
//!   move or a killer) after the first move searched, that do not give check. It acts only with
//!   `history=gravity` (with another rule, or none, it reads nothing and skips nothing: a UCI
//!   GUI may set the options in any order, so this is not an error).
//! - **Invariant.** The first move of a node is never skipped, so a node always searches a
//!   move; the node's fail-soft value is that of the moves searched.
//! - **Exact or value-changing.** Value-changing: a quiet move that fails elsewhere but would
//!   raise the value here is missed. Off in every preset; the cross-checks hold engines with it
//!   to the invariants only.
//! - **Cost.** The candidate's history counter (read once when the move is considered) and one
//!   [`is_in_check`](crate::Game::is_in_check) for a move it would skip; the saving is the whole
//!   subtree of every skipped move (`history_pruned_moves`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::{Candidate, Node};
use crate::engine::tables::gravity::GRAVITY_MAX;
use crate::SearchStats;
use crate::engine::worker::Plan;
use crate::{Game, Score};

/// History pruning is tried at most this many plies from the horizon.
pub const HISTORY_PRUNING_MAX_DEPTH: u32 = 3;

/// The threshold per ply that `hp` alone gives: a move is skipped below `−threshold × depth`
/// (a sixteenth of the counters' bound per ply).
pub const DEFAULT_HISTORY_PRUNING_THRESHOLD: u32 = 1024;

/// The `hp` feature: [`Config::history_pruning`](super::Config::history_pruning).
pub(super) const HISTORY_PRUNING: Feature<Option<u32>> = Feature {
    name: "hp",
    option: "History Pruning",
    summary: "history pruning: near the horizon, quiet moves with a gravity history below -threshold × depth are skipped",
    kind: Kind::Number {
        min: 1,
        max: GRAVITY_MAX as i64,
        default: DEFAULT_HISTORY_PRUNING_THRESHOLD as i64,
    },
    parent: None,
    implied: false,
    get: |threshold| threshold.map(|t| Value::Number(i64::from(t))),
    set: |threshold, value| {
        *threshold = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Whether the `candidate` move of `node` is skipped by history pruning with `threshold`.
/// `gives_check` is asked last, only of a move that is otherwise pruned.
pub(super) fn pruned(
    threshold: u32,
    node: &Node,
    in_check: bool,
    candidate: &Candidate,
    gives_check: impl FnOnce() -> bool,
    stats: &mut SearchStats,
) -> bool {
    let bar = -i64::from(threshold) * i64::from(node.depth);
    let eligible = node.ply > 0
        && !in_check
        && node.depth <= HISTORY_PRUNING_MAX_DEPTH
        && node.is_null_window()
        && candidate.is_late_quiet()
        && candidate.number > 1
        && i64::from(candidate.history) < bar;
    let pruned = eligible && !gives_check();
    if pruned {
        stats.history_pruned_moves += 1;
    }
    pruned
}

/// Its rank among the steps for each move (`worker.rs`'s phase table): after late move pruning.
const RANK: u32 = 30;

/// History pruning's part of the plan: for each move, a quiet move with a record of failing is
/// skipped near the horizon.
pub(super) fn plan<G: Game, E>(threshold: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(threshold) = *threshold else {
        return;
    };
    plan.needs.check = true;
    plan.needs.quiet_history = true;
    plan.prune_move(RANK, move |worker, at| {
        let gives_check = || at.child.is_in_check();
        let stats = &mut worker.search.stats;
        pruned(threshold, at.node, at.facts.in_check, at.candidate, gives_check, stats)
            .then_some(-Score::INFINITY)
    });
}

#[cfg(test)]
mod tests {
    use super::{Candidate, SearchStats, pruned};
    use crate::Score;
    use crate::engine::frame::MoveKind;
    use crate::engine::frame::Node;

    fn scout(depth: u32) -> Node {
        Node {
            ply: 2,
            ..Node::root(depth, (Score::cp(10), Score::cp(11)), None)
        }
    }

    fn quiet(number: u32, history: i32) -> Candidate {
        Candidate {
            kind: MoveKind::Quiet,
            noisy: false,
            number,
            history,
        }
    }

    #[test]
    fn skips_only_late_quiet_moves_with_a_bad_record_near_the_horizon() {
        let mut stats = SearchStats::default();
        let mut skip = |node: &Node, in_check: bool, candidate: &Candidate, check: bool| {
            pruned(1000, node, in_check, candidate, || check, &mut stats)
        };
        // Below -1000 × depth: skipped.
        assert!(skip(&scout(2), false, &quiet(5, -2001), false));
        assert!(skip(&scout(3), false, &quiet(2, -3001), false));
        // Not below the bar, or the first move, or a move that gives check: searched.
        assert!(!skip(&scout(2), false, &quiet(5, -2000), false));
        assert!(!skip(&scout(2), false, &quiet(1, -9000), false));
        assert!(!skip(&scout(2), false, &quiet(5, -9000), true));
        // Too far from the horizon, in check, in a full window, at the root: searched.
        assert!(!skip(&scout(4), false, &quiet(5, -9000), false));
        assert!(!skip(&scout(2), true, &quiet(5, -9000), false));
        let open = Node {
            beta: Score::cp(50),
            ..scout(2)
        };
        assert!(!skip(&open, false, &quiet(5, -9000), false));
        let root = Node { ply: 0, ..scout(2) };
        assert!(!skip(&root, false, &quiet(5, -9000), false));
        // Killers and noisy moves are never skipped.
        let killer = Candidate {
            kind: MoveKind::Killer,
            ..quiet(5, -9000)
        };
        assert!(!skip(&scout(2), false, &killer, false));
        let capture = Candidate {
            noisy: true,
            ..quiet(5, -9000)
        };
        assert!(!skip(&scout(2), false, &capture, false));
        assert_eq!(stats.history_pruned_moves, 2);
    }
}
