//! **SEE pruning** (pruning by the static exchange, as in Stockfish, Ethereal and most engines
//! since Glaurung and Fruit; Chess Programming Wiki, "Static Exchange Evaluation"): near the
//! horizon, a move that loses material on its square by more than the node can hope to win back
//! is not searched at all.
//!
//! - **Idea.** A move whose static exchange ([`Game::static_exchange`](crate::Game::static_exchange))
//!   loses material (a capture of a defended pawn by the queen, a quiet move that puts a piece
//!   where a pawn takes it) rarely pays a few plies from the horizon, where too little search is
//!   left to win the material back: below `−margin × depth` (hundredths of the evaluator's
//!   unit: centipawns in chess) the move is skipped, so the bar falls with the depth left.
//! - **When.** With the option on (`see-prune=margin`), at most [`SEE_PRUNING_MAX_DEPTH`] plies
//!   from the horizon, never at the root, never in check, only in null-window nodes (PVS's
//!   scouts), never the table move, after the first move searched, for quiet and noisy moves
//!   alike (killers and counter moves included, as in Stockfish; a promotion onto a defended
//!   square counts the pawn lost) that do not give check (a checking sacrifice is a tactic the
//!   bar would hide). A game that does not give a static exchange (`None`, the default) loses
//!   nothing to it.
//! - **Invariant.** The first move of a node is never skipped, so a node always searches a
//!   move; the node's fail-soft value is that of the moves searched.
//! - **Exact or value-changing.** Value-changing: a move that loses material on its square but
//!   wins elsewhere (a discovered attack, a deflection) is missed. Off in every preset; the
//!   cross-checks hold engines with it to the invariants only.
//! - **Cost.** One static exchange per candidate of an eligible node, and one
//!   [`is_in_check`](crate::Game::is_in_check) for a move it would skip; the saving is the whole
//!   subtree of every skipped move (`see_pruned_moves`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::{Candidate, MoveKind, Node};
use crate::SearchStats;
use crate::engine::worker::Plan;
use crate::{Game, Score};

/// SEE pruning is tried at most this many plies from the horizon.
pub const SEE_PRUNING_MAX_DEPTH: u32 = 5;

/// The margin per ply that `see-prune` alone gives: a move is skipped when its exchange is
/// below `−margin × depth` (in hundredths of the evaluator's unit: 80 centipawns in chess).
pub const DEFAULT_SEE_PRUNING_MARGIN: u32 = 80;

/// The `see-prune` feature: [`Config::see_pruning`](super::Config::see_pruning).
pub(super) const SEE_PRUNING: Feature<Option<u32>> = Feature {
    name: "see-prune",
    option: "SEE Pruning",
    summary: "SEE pruning: near the horizon, moves losing more than margin × depth by the static exchange are skipped",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_SEE_PRUNING_MARGIN as i64,
    },
    parent: None,
    implied: false,
    get: |margin| margin.map(|m| Value::Number(i64::from(m))),
    set: |margin, value| {
        *margin = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Whether the `candidate` move of `node` is skipped by SEE pruning with `margin` per ply.
/// `exchange` (the move's static exchange, `None` when the game gives none) is asked only of a
/// move in an eligible node, and `gives_check` last, only of a move that is otherwise pruned.
pub(super) fn pruned(
    margin: u32,
    node: &Node,
    in_check: bool,
    candidate: &Candidate,
    exchange: impl FnOnce() -> Option<i32>,
    gives_check: impl FnOnce() -> bool,
    stats: &mut SearchStats,
) -> bool {
    let eligible = node.ply > 0
        && !in_check
        && node.depth <= SEE_PRUNING_MAX_DEPTH
        && node.is_null_window()
        && candidate.kind != MoveKind::TtMove
        && candidate.number > 1;
    if !eligible {
        return false;
    }
    let bar = -i64::from(margin) * i64::from(node.depth);
    let pruned = exchange().is_some_and(|gain| i64::from(gain) < bar) && !gives_check();
    if pruned {
        stats.see_pruned_moves += 1;
    }
    pruned
}

/// Its rank among the steps for each move (`worker.rs`'s phase table): the last.
const RANK: u32 = 40;

/// SEE pruning's part of the plan: for each move, one that loses material on its square by the
/// static exchange is skipped near the horizon.
pub(super) fn plan<G: Game, E>(margin: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(margin) = *margin else {
        return;
    };
    plan.needs.check = true;
    plan.prune_move(RANK, move |worker, at| {
        let exchange = || at.game.static_exchange(at.mv);
        let gives_check = || at.child.is_in_check();
        let stats = &mut worker.search.stats;
        pruned(margin, at.node, at.facts.in_check, at.candidate, exchange, gives_check, stats)
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

    fn late(number: u32, noisy: bool) -> Candidate {
        Candidate {
            kind: MoveKind::Quiet,
            noisy,
            number,
            history: 0,
        }
    }

    #[test]
    fn skips_moves_losing_more_than_the_margin_per_ply_near_the_horizon() {
        let mut stats = SearchStats::default();
        let mut skip =
            |node: &Node, in_check: bool, candidate: &Candidate, exchange: Option<i32>, check: bool| {
                pruned(100, node, in_check, candidate, || exchange, || check, &mut stats)
            };
        // Below -100 × depth: skipped, quiet or noisy.
        assert!(skip(&scout(1), false, &late(2, false), Some(-101), false));
        assert!(skip(&scout(3), false, &late(5, true), Some(-301), false));
        assert!(skip(&scout(5), false, &late(5, false), Some(-900), false));
        // Not below the bar, no exchange known, the first move, or a move that gives check:
        // searched.
        assert!(!skip(&scout(3), false, &late(5, false), Some(-300), false));
        assert!(!skip(&scout(1), false, &late(5, false), None, false));
        assert!(!skip(&scout(1), false, &late(1, false), Some(-900), false));
        assert!(!skip(&scout(1), false, &late(5, true), Some(-900), true));
        // Too far from the horizon, in check, in a full window, at the root: searched.
        assert!(!skip(&scout(6), false, &late(5, false), Some(-900), false));
        assert!(!skip(&scout(1), true, &late(5, false), Some(-900), false));
        let open = Node {
            beta: Score::cp(50),
            ..scout(1)
        };
        assert!(!skip(&open, false, &late(5, false), Some(-900), false));
        let root = Node { ply: 0, ..scout(1) };
        assert!(!skip(&root, false, &late(5, false), Some(-900), false));
        // The table move is never skipped; a killer may be.
        let table = Candidate {
            kind: MoveKind::TtMove,
            ..late(5, true)
        };
        assert!(!skip(&scout(1), false, &table, Some(-900), false));
        let killer = Candidate {
            kind: MoveKind::Killer,
            ..late(5, false)
        };
        assert!(skip(&scout(1), false, &killer, Some(-900), false));
        assert_eq!(stats.see_pruned_moves, 4);
    }
}
