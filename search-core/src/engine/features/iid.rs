//! **Internal iterative deepening** (IID; Slate & Atkin's Chess 4.5, 1977, first deepened the
//! root iteratively; deepening inside the tree spread with Crafty and Fruit; Chess Programming
//! Wiki, "Internal Iterative Deepening"): a node far from the horizon that the transposition
//! table has no move for is first searched two plies shallower, and the move that search
//! stores is searched first.
//!
//! - **Idea.** A node without a table move has its moves ordered by guesses alone; if the first
//!   guess is wrong, the node searches its other moves to full depth before the refutation.
//!   A shallower search of the node costs a fraction of that and leaves its best move in the
//!   table, where the full search picks it up as its table move. Internal iterative reduction
//!   (`iir.rs`) is the other answer to the same node: it searches it a ply shallower instead.
//! - **When.** With the option on (`iid=depth`), at least `depth` plies from the horizon, with a
//!   table (the move comes back through it), where the table gave no move, never in a Star2
//!   probe (which searches its first move only).
//! - **Invariant.** Only the order of the node's moves changes: the shallower search is a
//!   complete search of the same node in the same window, its line cleared before the node
//!   searches on, and its move one of the node's own moves (read back as the table reads any
//!   move).
//! - **Exact or value-changing.** Exact: the order of the moves changes, never the set searched,
//!   and what the shallower search stores is a fact about the positions at its depth (a
//!   same-depth table answers only for that depth). The cross-check in this file holds it to
//!   minimax on trees with extra turns and dice.
//! - **Cost.** One search two plies shallower of each eligible node (itself deepened the same way
//!   where eligible); the saving is the full-depth searches of the moves a wrong first guess
//!   would have put first.

use crate::engine::feature::{Feature, Kind, Value, exact, no_alias, number};
use crate::engine::frame::{Facts, Node};
use crate::engine::worker::{Plan, Worker};
use crate::{Evaluate, Game, MoveList};

/// The depth from which internal iterative deepening applies with `iid` alone.
pub(super) const DEFAULT_IID_DEPTH: u32 = 5;

/// The `iid` feature: [`Config::internal_deepening`](super::Config::internal_deepening).
pub(super) const INTERNAL_DEEPENING: Feature<Option<u32>> = Feature {
    name: "iid",
    option: "Internal Deepening",
    summary: "internal iterative deepening: a node this many plies from the horizon or more with no table move is first searched two plies shallower, for its move",
    kind: Kind::Number {
        min: 3,
        max: 1000,
        default: DEFAULT_IID_DEPTH as i64,
    },
    parent: None,
    implied: false,
    get: |depth| depth.map(|d| Value::Number(i64::from(d))),
    set: |depth, value| {
        *depth = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Its rank before the moves (`worker.rs`'s phase table): after the enhanced cutoffs, before
/// internal iterative reduction (which then finds the move this found).
const RANK: u32 = 15;

/// Internal iterative deepening's part of the plan: before the moves, a deep node without a
/// table move searched shallower for one.
pub(super) fn plan<G: Game, E: Evaluate<G>>(min_depth: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(min_depth) = *min_depth else {
        return;
    };
    plan.before_moves(RANK, move |worker, game, node, moves, facts| {
        deepen(worker, game, node, moves, facts, min_depth);
        None
    });
}

/// Whether `node` is deepened first: at least `min_depth` deep, not a Star2 probe, with a
/// table key (`probed`) and no table move.
fn applies(node: &Node, probed: bool, has_table_move: bool, min_depth: u32) -> bool {
    probed && !has_table_move && !node.probe && node.depth >= min_depth
}

/// Searches `node` two plies shallower, if it [`applies`], and takes the move its search stored
/// as the node's table move.
fn deepen<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    moves: &MoveList<G::Move>,
    facts: &mut Facts<G::Move>,
    min_depth: u32,
) {
    let Some(key) = facts.tt_key.filter(|_| applies(node, true, facts.tt_move.is_some(), min_depth)) else {
        return;
    };
    let shallower = Node {
        depth: node.depth - 2,
        ..*node
    };
    worker.node(game, shallower);
    if worker.search.aborted {
        return;
    }
    // Its line is not the node's, which searches on.
    worker.search.pv.clear(node.ply);
    let code = worker
        .table
        .as_ref()
        .and_then(|table| table.probe(key.hash))
        .and_then(|entry| entry.move_code);
    // The moves are in generation order here; at the root they may be restricted.
    let all = node.ply > 0 || worker.context.root_moves.is_none();
    facts.tt_move = worker.stored_move(game, code, moves, all);
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_IID_DEPTH, applies};
    use crate::engine::frame::Node;
    use crate::engine::{Config, Engine};
    use crate::random_tree::{RandomTree, TreeValue};
    use crate::reference::Minimax;
    use crate::testing::CrossCheck;
    use crate::{Limits, Score, Searcher};

    #[test]
    fn deepens_deep_probed_nodes_without_a_table_move_only() {
        let at = |depth| Node::root(depth, (-Score::INFINITY, Score::INFINITY), None);
        assert!(applies(&at(5), true, false, 5));
        assert!(applies(&at(9), true, false, 5));
        for (node, probed, has_move) in [
            (at(4), true, false), // too near the horizon
            (at(6), false, false), // no table
            (at(6), true, true),  // a table move already
            (
                Node {
                    probe: true,
                    ..at(6)
                },
                true,
                false,
            ), // a Star2 probe
        ] {
            assert!(!applies(&node, probed, has_move, 5), "{node:?}");
        }
    }

    #[test]
    fn exact_with_it_gives_minimax_values_with_extra_turns_and_dice() {
        let exact = |text: &str| Config::exact().with(text).unwrap();
        let configs = [
            exact("iid=3"),
            exact("iid=3+id=off"),
            exact("iid=4+mtdf"),
            exact("iid=3+star=2"),
        ];
        let trees: Vec<RandomTree> = (0..24)
            .map(|seed| {
                let tree = RandomTree::new(seed, 3, 6).with_extra_turns(25);
                if seed % 2 == 0 { tree } else { tree.with_chance(3, 2) }
            })
            .collect();
        let mut check = CrossCheck::minimax(TreeValue).depths(1..=6);
        for config in configs {
            check = check.searcher(Engine::with_config(TreeValue, config.for_game::<RandomTree>()));
        }
        check.run(&trees).assert_agree();
    }

    #[test]
    fn it_changes_the_order_not_the_value() {
        // Without iterative deepening the table has no move at a deep node: iid finds one.
        let plain_table = Config::exact().with("id=off").unwrap();
        let with_iid = plain_table.with(&format!("iid={DEFAULT_IID_DEPTH}")).unwrap();
        let mut changed = 0;
        for seed in 0..8 {
            let tree = RandomTree::new(seed, 4, 7);
            let limits = Limits::depth(7);
            let without = Engine::with_config(TreeValue, plain_table).search(&tree, &limits);
            let with = Engine::with_config(TreeValue, with_iid).search(&tree, &limits);
            let minimax = Minimax::new(TreeValue).search(&tree, &limits);
            assert_eq!((with.score, without.score), (minimax.score, minimax.score), "{seed}");
            changed += usize::from(with.stats.nodes != without.stats.nodes);
        }
        assert!(changed > 0, "iid searched the same trees as without it");
    }
}
