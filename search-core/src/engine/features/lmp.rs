//! **Late move pruning** (LMP; also "move count based pruning", spread with Stockfish and the
//! Fruit-era engines; Chess Programming Wiki, "Futility Pruning": move count based pruning):
//! near the horizon, the late quiet moves of a well-ordered node are not searched at all.
//!
//! - **Idea.** Where late move reductions search the late quiet moves shallower, a few plies
//!   from the horizon they are rarely worth even that: after the first `base + depth²` moves,
//!   the remaining quiet moves of a scout node are skipped.
//! - **When.** With the option on (`lmp=base`), at most [`LMP_MAX_DEPTH`] plies from the horizon,
//!   never at the root, never in check, only in null-window nodes (PVS's scouts, never the
//!   principal variation), only for quiet moves placed by no tier but history (not the table
//!   move, a hinted move or a killer) that do not give check, and only once `base + depth²`
//!   moves were looked at (half as many where the side to move is not improving, with
//!   `improving`: `improving.rs`).
//! - **Invariant.** Only moves after the first are skipped, so a node always searches a move;
//!   the node's fail-soft value is that of the moves searched.
//! - **Exact or value-changing.** Value-changing: a late quiet move that would have raised the
//!   value is missed. Off in the exact preset; the cross-checks hold engines with it to the
//!   invariants only.
//! - **Cost.** One [`is_in_check`](crate::Game::is_in_check) per candidate (the child's), asked
//!   last; the saving is the whole subtree of every skipped move (`late_moves_pruned`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::{Candidate, Node};
use crate::SearchStats;
use super::improving::pruning_count;
use crate::engine::worker::Plan;
use crate::{Game, Score};

/// Late move pruning is tried at most this many plies from the horizon.
pub const LMP_MAX_DEPTH: u32 = 3;

/// The moves looked at, beyond `depth²`, before late quiet moves are skipped (`lmp` alone).
pub const DEFAULT_LMP_BASE: u32 = 3;

/// The `lmp` feature: [`Config::late_move_pruning`](super::Config::late_move_pruning).
pub(super) const LATE_MOVE_PRUNING: Feature<Option<u32>> = Feature {
    name: "lmp",
    option: "Late Move Pruning",
    summary: "late move pruning: near the horizon, quiet moves after the first base + depth² are skipped",
    kind: Kind::Number {
        min: 1,
        max: 1000,
        default: DEFAULT_LMP_BASE as i64,
    },
    parent: None,
    implied: false,
    get: |base| base.map(|b| Value::Number(i64::from(b))),
    set: |base, value| {
        *base = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The moves a node `depth` plies from the horizon looks at before late move pruning with `base`
/// skips its late quiet moves: `base + depth²`.
#[must_use]
pub(super) fn move_count(base: u32, depth: u32) -> u32 {
    base.saturating_add(depth * depth)
}

/// Whether the `candidate` move of `node` is skipped by late move pruning after `moves` moves
/// ([`move_count`], or fewer: `improving.rs`). `gives_check` is asked last, only of a move that
/// is otherwise pruned.
pub(super) fn pruned(
    moves: u32,
    node: &Node,
    in_check: bool,
    candidate: &Candidate,
    gives_check: impl FnOnce() -> bool,
    stats: &mut SearchStats,
) -> bool {
    let eligible = node.ply > 0
        && !in_check
        && node.depth <= LMP_MAX_DEPTH
        && node.is_null_window()
        && candidate.is_late_quiet()
        && candidate.number > moves;
    let pruned = eligible && !gives_check();
    if pruned {
        stats.late_moves_pruned += 1;
    }
    pruned
}

/// Its rank among the steps for each move (`worker.rs`'s phase table): after futility.
const RANK: u32 = 20;

/// Late move pruning's part of the plan: for each move, a scout node's late quiet moves near
/// the horizon are skipped.
pub(super) fn plan<G: Game, E>(base: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(base) = *base else {
        return;
    };
    plan.needs.check = true;
    plan.prune_move(RANK, move |worker, at| {
        let moves = pruning_count(move_count(base, at.node.depth), at.facts.improving);
        let gives_check = || at.child.is_in_check();
        let stats = &mut worker.search.stats;
        pruned(moves, at.node, at.facts.in_check, at.candidate, gives_check, stats)
            .then_some(-Score::INFINITY)
    });
}
