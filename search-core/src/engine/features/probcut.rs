//! **ProbCut** (Buro 1995, "ProbCut: an effective selective extension of the alpha-beta
//! algorithm", ICCA Journal 18(2); in chess as Stockfish and Ethereal use it): at a deep scout
//! node, a good noisy move whose shallow search beats beta by a margin ends the node, since the
//! full-depth search would very likely beat beta too.
//!
//! - **Idea.** A shallow search's value predicts a deep one's: if a capture keeps the side to
//!   move above `bar = beta + margin` when searched [`PROBCUT_REDUCTION`] plies shallower, the
//!   node fails high at its full depth too, and its moves need not be searched. Each candidate is
//!   tried first by quiescence alone (depth 0) with the null window at the bar, and only if that
//!   holds by the shallow search, so that a capture that fails at once costs little.
//! - **When.** With the option on (`probcut=margin`, in hundredths of the evaluation's
//!   [`unit`](crate::Evaluate::unit)), at least [`PROBCUT_MIN_DEPTH`] plies from the horizon,
//!   never at the root, never in check, only in null-window nodes (PVS's scouts), and only where
//!   neither beta nor the bar is a decided score. The candidates are the node's noisy moves
//!   ([`is_noisy`](crate::Game::is_noisy)) whose static exchange
//!   ([`static_exchange`](crate::Game::static_exchange)), where the game gives one, is at least
//!   the bar minus the node's static value (what the capture must win to reach the bar), the
//!   table's move first, then by the exchange, best first.
//! - **Invariant.** Fail-soft: a cut returns the shallow search's score, which is `>= bar >
//!   beta`, a lower bound like any beta cutoff. A node no candidate cuts is searched as
//!   without the feature (the shallow searches leave only table entries, history and killers
//!   behind).
//! - **Exact or value-changing.** Value-changing: a node where the shallow search misses the
//!   opponent's answer is cut. Off in every preset; the cross-checks hold engines with it to the
//!   invariants only.
//! - **Cost.** At each eligible node, one static exchange per noisy move, and a quiescence
//!   search per candidate (a shallow search for those that pass it); the saving is the node's
//!   whole subtree when one cuts (`probcut_cutoffs`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number_i32, value_changing};
use crate::engine::frame::Node;
use crate::Score;
use arrayvec::ArrayVec;
use crate::engine::frame::{ChildMove, Facts, child_is_cut};
use crate::engine::worker::{Plan, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game, INLINE_MOVES, MoveList};

/// ProbCut is tried at nodes at least this many plies from the horizon.
pub const PROBCUT_MIN_DEPTH: u32 = 5;

/// How many plies shallower than the node ProbCut's search of a candidate is.
pub const PROBCUT_REDUCTION: u32 = 4;

/// The margin above beta that `probcut` alone gives, in hundredths of the evaluation's unit (a
/// pawn: Ethereal's `ProbCutMargin`).
pub const DEFAULT_PROBCUT_MARGIN: i32 = 100;

/// The `probcut` feature: [`Config::probcut`](super::Config::probcut).
pub(super) const PROBCUT: Feature<Option<i32>> = Feature {
    name: "probcut",
    option: "ProbCut",
    summary: "ProbCut: at a deep scout node, a noisy move whose search 4 plies shallower beats beta + margin ends the node",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_PROBCUT_MARGIN as i64,
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

/// The bar that `node`'s ProbCut candidates must reach, `beta + margin` (`margin` on the
/// evaluation's scale), if the node is eligible (see the module documentation).
pub(super) fn bar(node: &Node, in_check: bool, margin: i32) -> Option<Score> {
    let decided = Score::MAX_EVAL.raw();
    let eligible = node.ply > 0
        && !in_check
        && !node.probe
        && node.depth >= PROBCUT_MIN_DEPTH
        && node.is_null_window()
        && node.beta.raw().abs() < decided;
    let bar = node.beta.raw().saturating_add(margin);
    (eligible && bar < decided).then(|| Score::from_raw(bar))
}

/// Whether a noisy move whose static exchange is `exchange` (in hundredths of the evaluation's
/// `unit`; `None`: the game does not say) is a candidate at a node whose static value is
/// `static_eval` (`None`: not known), for `bar`: it must win at least what the static value
/// lacks.
pub(super) fn candidate(exchange: Option<i32>, static_eval: Option<Score>, bar: Score, unit: i32) -> bool {
    match (exchange, static_eval) {
        (Some(gain), Some(eval)) => {
            let lacking = i64::from(bar.raw()) - i64::from(eval.raw());
            i64::from(gain) * i64::from(unit.max(1)) >= lacking * 100
        }
        _ => true,
    }
}

/// Its rank before the moves (`worker.rs`'s phase table): after the null move, before the
/// singular extension's test.
const RANK: u32 = 90;

/// ProbCut's part of the plan: before the moves, at a deep scout node, a good noisy move that
/// beats a bar above beta in a shallower search ends the node.
pub(super) fn plan<G: Game, E: Evaluate<G>>(margin: &Option<i32>, plan: &mut Plan<'_, G, E>) {
    let Some(margin) = *margin else {
        return;
    };
    plan.needs.check = true;
    plan.needs.static_value = true;
    let margin = plan.scaled(margin);
    plan.before_moves(RANK, move |worker, game, node, moves, facts| {
        probcut(worker, game, node, moves, facts, margin).map(|score| (score, Cut::ProbCut))
    });
}

/// The score of a noisy move of `node` (`moves`, with what the node found out in `facts`) that
/// reaches the bar above beta (`margin` on the evaluation's scale) by a quiescence search and
/// then by a search [`PROBCUT_REDUCTION`] plies shallower, if the node is eligible and a
/// candidate does.
fn probcut<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    moves: &MoveList<G::Move>,
    facts: &Facts<G::Move>,
    margin: i32,
) -> Option<Score> {
    let bar = bar(node, facts.in_check, margin)?;
    // The candidates (among the first `INLINE_MOVES` moves), by their index among the moves:
    // the table's move first, then by their exchange, best first, ties in generation order.
    let unit = worker.evaluator.unit();
    let mut candidates = ArrayVec::<(i32, u16), INLINE_MOVES>::new();
    for (index, &mv) in moves.iter().enumerate().take(INLINE_MOVES) {
        if !game.is_noisy(mv) {
            continue;
        }
        let exchange = game.static_exchange(mv);
        if !candidate(exchange, facts.static_eval, bar, unit) {
            continue;
        }
        let rank = if facts.tt_move == Some(mv) {
            i32::MAX
        } else {
            exchange.unwrap_or(0)
        };
        candidates.push((rank, index as u16));
    }
    candidates.sort_unstable_by_key(|&(rank, index)| (std::cmp::Reverse(rank), index));
    let window = (bar - 1, bar);
    for (_, index) in candidates {
        let mv = moves[usize::from(index)];
        let mut child = game.clone();
        child.play_in_place(mv);
        let child_move = ChildMove {
            position: &child,
            first: true,
            reduction: 0,
            extension: 0,
            chain: node.child_chain(true),
            flips: child.to_move() != game.to_move(),
        };
        worker.search.trace.child(&mv);
        if worker.plan.needs.line_moves {
            worker
                .search
                .counters
                .played(node.ply + 1, game.continuation_index(mv));
        }
        // Quiescence first: a capture that does not hold even there is dropped cheaply.
        let cut = child_is_cut(node.cut, true, false);
        let mut score = worker.child_value(node, &child_move, 0, window, facts.key, cut);
        if score >= bar && !worker.search.aborted {
            let depth = node.depth - PROBCUT_REDUCTION;
            score = worker.child_value(node, &child_move, depth, window, facts.key, cut);
        }
        if worker.search.aborted {
            return None;
        }
        if score >= bar {
            worker.search.stats.probcut_cutoffs += 1;
            return Some(score);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{PROBCUT_MIN_DEPTH, bar, candidate};
    use crate::Score;
    use crate::engine::frame::Node;

    fn scout(depth: u32, beta: i32) -> Node {
        Node {
            ply: 2,
            ..Node::root(depth, (Score::from_raw(beta - 1), Score::from_raw(beta)), None)
        }
    }

    #[test]
    fn the_bar_is_beta_plus_the_margin_at_deep_scout_nodes_only() {
        let cases = [
            // (node, in check, expected bar)
            (scout(PROBCUT_MIN_DEPTH, 20), false, Some(120)),
            (scout(12, -50), false, Some(50)),
            // Too shallow, in check, at the root, in a full window: not tried.
            (scout(PROBCUT_MIN_DEPTH - 1, 20), false, None),
            (scout(8, 20), true, None),
            (
                Node {
                    ply: 0,
                    ..scout(8, 20)
                },
                false,
                None,
            ),
            (
                Node {
                    alpha: Score::from_raw(-20),
                    ..scout(8, 20)
                },
                false,
                None,
            ),
            // A Star2 probe: not tried.
            (
                Node {
                    probe: true,
                    ..scout(8, 20)
                },
                false,
                None,
            ),
            // Beta a decided score, or a bar beyond the evaluations: not tried.
            (scout(8, Score::MAX_EVAL.raw() + 5), false, None),
            (scout(8, Score::MAX_EVAL.raw() - 50), false, None),
        ];
        for (node, in_check, expected) in cases {
            assert_eq!(
                bar(&node, in_check, 100),
                expected.map(Score::from_raw),
                "{node:?}, in check {in_check}"
            );
        }
    }

    #[test]
    fn a_candidate_wins_what_the_static_value_lacks_below_the_bar() {
        let bar = Score::from_raw(150);
        let eval = |raw| Some(Score::from_raw(raw));
        let cases = [
            // (exchange, static value, unit, candidate)
            // The static value 50 lacks 100: an exchange of 100 is enough, 99 is not.
            (Some(100), eval(50), 100, true),
            (Some(99), eval(50), 100, false),
            // Above the bar already: a losing exchange is still a candidate.
            (Some(-40), eval(200), 100, true),
            // The exchange is in hundredths of the unit: with a unit of 1 000, 10 is 100 on
            // the evaluation's scale.
            (Some(10), eval(50), 1000, true),
            (Some(9), eval(50), 1000, false),
            // Without an exchange or a static value, every noisy move is a candidate.
            (None, eval(-900), 100, true),
            (Some(-900), None, 100, true),
        ];
        for (exchange, static_eval, unit, expected) in cases {
            assert_eq!(
                candidate(exchange, static_eval, bar, unit),
                expected,
                "{exchange:?} {static_eval:?} {unit}"
            );
        }
    }
}
