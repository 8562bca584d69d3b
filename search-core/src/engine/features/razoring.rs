//! **Razoring** (Birmingham & Kent 1977, "Tree-searching and tree-pruning techniques"; in the
//! form of Stockfish and Ethereal, where a quiescence search confirms it): near the horizon, a
//! node whose static value is far below alpha is searched by quiescence alone, and if that stays
//! at or below alpha the node fails low without searching its moves. The mirror image of reverse
//! futility pruning (`reverse_futility.rs`), which ends a node far above beta.
//!
//! - **Idea.** With few plies left, a quiet move rarely wins back a large deficit: if the static
//!   value plus `margin × depth` cannot reach alpha, only the noisy moves (captures, promotions)
//!   might, and the quiescence search of the node searches exactly those, and the quiet checks
//!   of its first ply (as with `qs-checks`, whatever the configuration says, and without the
//!   table, whose entries from quiescence searches without checks would answer for it): a quiet
//!   mate, what a sacrifice leading to the node counted on, is the one quiet move that wins back
//!   any deficit. If even it stays at or below alpha, the node's moves would very likely fail low
//!   too.
//! - **When.** With the option on (`razor=margin`, in hundredths of the evaluation's
//!   [`unit`](crate::Evaluate::unit)), at most [`RAZOR_MAX_DEPTH`] plies from the horizon (after
//!   the extensions and internal iterative reduction have set the node's depth), never
//!   at the root, never in check, only in null-window nodes (PVS's scouts), never in Star2's
//!   probes, and only where alpha is not a decided score (a mate or a game's end).
//! - **Invariant.** Fail-soft: the node returns the quiescence search's value, which is `<=
//!   alpha`, an upper bound like any fail-low. A node where the quiescence search rises above
//!   alpha is searched as without the feature (the quiescence search leaves nothing behind).
//!   A game without a quiescence search (none configured) takes the static value as the
//!   quiescence value; a game that reports no checks
//!   ([`is_in_check`](crate::Game::is_in_check)) finds no quiet check to search, though each
//!   quiet move is still played to ask.
//! - **Exact or value-changing.** Value-changing: a quiet move that would have raised the node
//!   above alpha (a threat, a mate in more than one move) is never searched. Off in every
//!   preset (the chess engine's defaults have it); the
//!   cross-checks hold engines with it to the invariants only.
//! - **Cost.** At each eligible node below the bar, one quiescence search of the node, each of
//!   its quiet moves played to see whether it checks (the static value is shared with the other
//!   features that read it); the saving is the node's moves when it holds (`razor_cutoffs`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number_i32, value_changing};
use crate::engine::frame::Node;
use crate::Score;
use crate::engine::worker::{Plan, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game};

/// Razoring is tried at most this many plies from the horizon.
pub const RAZOR_MAX_DEPTH: u32 = 3;

/// The margin per ply that `razor` alone gives, in hundredths of the evaluation's unit: three
/// pawns a ply (Stockfish 15's `369 + 254 × depth²`, in its internal units, is three to five
/// pawns one ply from the horizon and seven to eleven two plies from it).
pub const DEFAULT_RAZOR_MARGIN: i32 = 300;

/// The `razor` feature: [`Config::razoring`](super::Config::razoring).
pub(super) const RAZORING: Feature<Option<i32>> = Feature {
    name: "razor",
    option: "Razoring",
    summary: "razoring: near the horizon, a scout node whose static value plus margin × depth is at most alpha, and whose quiescence search stays there, fails low",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_RAZOR_MARGIN as i64,
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

/// Whether `node`, with static value `static_eval` (`None`: not known, as in check), is to be
/// searched by quiescence first, with `margin` per ply (on the evaluation's scale): see the
/// module documentation.
pub(super) fn applies(node: &Node, static_eval: Option<Score>, margin: i32) -> bool {
    let Some(eval) = static_eval else {
        return false;
    };
    let decided = Score::MAX_EVAL.raw();
    let eligible = node.ply > 0
        && !node.probe
        && (1..=RAZOR_MAX_DEPTH).contains(&node.depth)
        && node.is_null_window()
        && node.alpha.raw().abs() < decided;
    let reach = i64::from(eval.raw()) + i64::from(margin) * i64::from(node.depth);
    eligible && reach <= i64::from(node.alpha.raw())
}

/// Its rank before the moves (`worker.rs`'s phase table): after reverse futility, before the
/// null move.
const RANK: u32 = 70;

/// Razoring's part of the plan: before the moves, a static value far below alpha that the
/// node's quiescence search confirms ends the node.
pub(super) fn plan<G: Game, E: Evaluate<G>>(margin: &Option<i32>, plan: &mut Plan<'_, G, E>) {
    let Some(margin) = *margin else {
        return;
    };
    plan.needs.check = true;
    plan.needs.static_value = true;
    let margin = plan.scaled(margin);
    plan.before_moves(RANK, move |worker, game, node, _, facts| {
        razor(worker, game, node, facts.static_eval, margin).map(|score| (score, Cut::Razor))
    });
}

/// The node's quiescence search, with checks (the static value without one), if the node is
/// eligible and its static value out of reach of alpha; its value if it stays at or below
/// alpha.
fn razor<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    static_eval: Option<Score>,
    margin: i32,
) -> Option<Score> {
    if !applies(node, static_eval, margin) {
        return None;
    }
    worker.search.trace.razor_child();
    // Its quiescence search looks at the quiet checks of its first ply too: a quiet mate (what
    // a sacrifice to reach this node counted on) is otherwise razored away. Without the table:
    // an entry of a quiescence search without checks would answer for it.
    let horizon = Node {
        depth: 0,
        chain: None,
        checks: true,
        ..*node
    };
    let score = worker.node(game, horizon);
    if worker.search.aborted {
        return None;
    }
    if score > node.alpha {
        // Searched on as without it: the quiescence line is not the node's.
        worker.search.pv.clear(node.ply);
        return None;
    }
    worker.search.stats.razor_cutoffs += 1;
    Some(score)
}

#[cfg(test)]
mod tests {
    use super::{RAZOR_MAX_DEPTH, applies};
    use crate::Score;
    use crate::engine::frame::Node;

    fn scout(depth: u32, alpha: i32) -> Node {
        Node {
            ply: 2,
            ..Node::root(depth, (Score::from_raw(alpha), Score::from_raw(alpha + 1)), None)
        }
    }

    #[test]
    fn scout_nodes_near_the_horizon_far_below_alpha_are_razored() {
        let eval = |raw| Some(Score::from_raw(raw));
        let cases = [
            // (node, static value, margin, razored)
            // One ply from the horizon, 300 below alpha: exactly out of reach, razored.
            (scout(1, 0), eval(-300), 300, true),
            (scout(1, 0), eval(-299), 300, false),
            // The margin grows with the depth left.
            (scout(2, 0), eval(-599), 300, false),
            (scout(2, 0), eval(-600), 300, true),
            (scout(RAZOR_MAX_DEPTH, 100), eval(-1000), 300, true),
            // Too deep, at the horizon, at the root, in a full window, a Star2 probe: never.
            (scout(RAZOR_MAX_DEPTH + 1, 100), eval(-10_000), 300, false),
            (scout(0, 100), eval(-10_000), 300, false),
            (
                Node {
                    ply: 0,
                    ..scout(1, 0)
                },
                eval(-1000),
                300,
                false,
            ),
            (
                Node {
                    beta: Score::from_raw(50),
                    ..scout(1, 0)
                },
                eval(-1000),
                300,
                false,
            ),
            (
                Node {
                    probe: true,
                    ..scout(1, 0)
                },
                eval(-1000),
                300,
                false,
            ),
            // In check (no static value), or alpha a decided score: never.
            (scout(1, 0), None, 300, false),
            (scout(1, Score::MAX_EVAL.raw() + 5), eval(-1000), 300, false),
            (
                scout(1, -Score::MAX_EVAL.raw() - 5),
                eval(-Score::MAX_EVAL.raw() - 400),
                300,
                false,
            ),
        ];
        for (node, static_eval, margin, razored) in cases {
            assert_eq!(
                applies(&node, static_eval, margin),
                razored,
                "{node:?}, static value {static_eval:?}, margin {margin}"
            );
        }
    }
}
