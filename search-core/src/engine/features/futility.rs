//! **Futility pruning** (Schaeffer 1986, in Phoenix; Heinz 1998, "Extended futility pruning"):
//! near the horizon, a quiet move that cannot lift a hopeless static value to alpha is skipped.
//! Its mirror image, for nodes far above beta, is reverse futility pruning
//! (`reverse_futility.rs`).
//!
//! - **Idea.** A quiet move changes the evaluation by little. One ply from the horizon, if the
//!   static value plus a margin cannot reach alpha, no quiet move can raise the node's value to
//!   alpha; skip them and search only noisy moves, checks and the first move.
//! - **When.** With the option on (`margin` per ply), at most [`FUTILITY_MAX_DEPTH`] plies from the
//!   horizon, not in check, never at the root, never the first move searched, only quiet moves
//!   ([`is_noisy`](crate::Game::is_noisy) false) that are not killers or the table move and do
//!   not give check, and only when alpha is not a mate score.
//! - **Invariant.** Fail-soft: a skipped move is taken to score at most `static + margin × depth`
//!   (`< alpha`), and the node's value is at least that bound, so an all-fail-low node still
//!   returns an upper bound that covers the skipped moves.
//! - **Exact or value-changing.** Value-changing (a quiet move that wins more than the margin, a
//!   quiet threat, is missed).
//! - **Cost.** One static evaluation per eligible node (shared with the other static-value
//!   features) and one [`is_in_check`](crate::Game::is_in_check) per candidate move; the saving is
//!   the subtree of every skipped move (`futility_pruned_moves`).
//!

use crate::engine::feature::{Feature, Kind, Value, no_alias, number_i32, value_changing};
use crate::engine::frame::{Candidate, Node};
use crate::{Score, SearchStats};
use crate::engine::worker::Plan;
use crate::Game;

/// Futility pruning of moves is tried at most this many plies from the horizon.
pub const FUTILITY_MAX_DEPTH: u32 = 2;

/// The default futility margin per ply, in hundredths of the evaluation's unit (a pawn).
pub const DEFAULT_FUTILITY_MARGIN: i32 = 100;

/// The `futility` feature: [`Config::futility`](super::Config::futility).
pub(super) const FUTILITY: Feature<Option<i32>> = Feature {
    name: "futility",
    option: "Futility",
    summary: "futility pruning of quiet moves, margin per ply in hundredths of a unit",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_FUTILITY_MARGIN as i64,
    },
    parent: None,
    implied: false,
    get: |margin| margin.map(|m| Value::Number(i64::from(m))),
    set: |margin, value| {
        *margin = number_i32(value);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The futility bound of the `candidate` move of `node`, whose static value is `static_eval`,
/// with `margin` per ply (on the evaluation's scale), `alpha` being the node's current one:
/// `Some(static + margin × depth)` when the move is to be skipped (see the module documentation
/// for the conditions). `gives_check` is asked last, only of a move that is otherwise futile.
pub(super) fn futile_move(
    margin: i32,
    static_eval: Score,
    node: &Node,
    alpha: Score,
    candidate: &Candidate,
    gives_check: impl FnOnce() -> bool,
    stats: &mut SearchStats,
) -> Option<Score> {
    let bound = static_eval + margin.saturating_mul(node.depth as i32);
    let eligible = node.depth <= FUTILITY_MAX_DEPTH
        && candidate.number > 1
        && candidate.is_late_quiet()
        && alpha.raw().abs() < Score::MAX_EVAL.raw()
        && bound <= alpha;
    let futile = eligible && !gives_check();
    if futile {
        stats.futility_pruned_moves += 1;
    }
    futile.then_some(bound)
}

/// Its rank among the steps for each move (`worker.rs`'s phase table): the first.
const RANK: u32 = 10;

/// Futility's part of the plan: for each move, a quiet move that cannot lift a hopeless static
/// value to alpha is skipped, its bound counted in the node's value.
pub(super) fn plan<G: Game, E>(margin: &Option<i32>, plan: &mut Plan<'_, G, E>) {
    let Some(margin) = *margin else {
        return;
    };
    plan.needs.static_value = true;
    plan.needs.noisy = true;
    let margin = plan.scaled(margin);
    plan.prune_move(RANK, move |worker, at| {
        let gives_check = || at.child.is_in_check();
        let stats = &mut worker.search.stats;
        futile_move(margin, at.facts.static_eval?, at.node, at.alpha, at.candidate, gives_check, stats)
    });
}
