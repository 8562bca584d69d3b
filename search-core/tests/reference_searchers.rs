//! The reference searchers on synthetic trees and degenerate input.

use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, Negamax};
use search_core::testing::CrossCheck;
use search_core::{Game, Limits, MoveList, Outcome, Player, Score, Searcher};

#[test]
fn alphabeta_equals_minimax_on_thousands_of_random_trees() {
    // Small value ranges make ties common; several shapes of tree.
    let mut trees = Vec::new();
    for seed in 0..3_000u64 {
        let branching = 1 + (seed % 5) as u32;
        let depth = 1 + (seed % 6) as u32;
        let values = [1, 3, 100][(seed % 3) as usize];
        trees.push(RandomTree::new(seed, branching, depth).with_leaf_values(values));
    }
    let report = CrossCheck::new(Minimax::new(TreeValue))
        .searcher(Negamax::new(TreeValue))
        .searcher(AlphaBeta::new(TreeValue))
        .searcher(AlphaBetaMinimax::new(TreeValue))
        .depths([0, 1, 3, 6])
        .run(&trees);
    report.assert_agree();
    assert_eq!(report.checks, 3_000 * 4 * 3);
}

#[test]
fn alphabeta_searches_the_knuth_moore_minimal_tree_on_best_first_trees() {
    for branching in 1..=6u32 {
        for depth in 1..=7u32 {
            let tree = RandomTree::best_first(u64::from(branching * 100 + depth), branching, depth);
            let minimal_leaves = branching.pow(depth.div_ceil(2)) + branching.pow(depth / 2) - 1;
            for result in [
                AlphaBeta::new(TreeValue).search(&tree, &Limits::depth(depth)),
                AlphaBetaMinimax::new(TreeValue).search(&tree, &Limits::depth(depth)),
            ] {
                assert_eq!(
                    result.stats.leaf_nodes,
                    u64::from(minimal_leaves),
                    "b={branching} d={depth}"
                );
                assert_eq!(result.score, Score::cp(tree.value()));
                // The best move is always the first, all the way down.
                assert_eq!(result.pv, vec![0; depth as usize]);
            }
        }
    }
}

#[test]
fn minimax_visits_every_node_of_a_uniform_tree() {
    let tree = RandomTree::new(1, 4, 5);
    let result = Minimax::new(TreeValue).search(&tree, &Limits::depth(5));
    assert_eq!(result.stats.nodes, (0..=5).map(|d| 4u64.pow(d)).sum::<u64>());
    assert_eq!(result.stats.leaf_nodes, 4u64.pow(5));
    assert!((result.stats.branching_factor() - 4.0).abs() < 1e-12);
}

#[test]
fn depth_zero_gives_the_static_value_and_no_move() {
    let tree = RandomTree::new(11, 3, 4);
    for mut searcher in all_references() {
        let result = searcher.search(&tree, &Limits::depth(0));
        assert_eq!(result.score, Score::cp(tree.value()), "{}", searcher.name());
        assert_eq!(result.best_move, None);
        assert!(result.pv.is_empty());
        assert_eq!(result.stats.nodes, 1);
        assert_eq!(result.stats.leaf_nodes, 1);
    }
}

fn all_references() -> Vec<Box<dyn Searcher<RandomTree>>> {
    vec![
        Box::new(Minimax::new(TreeValue)),
        Box::new(Negamax::new(TreeValue)),
        Box::new(AlphaBeta::new(TreeValue)),
        Box::new(AlphaBetaMinimax::new(TreeValue)),
    ]
}

/// A game of `width` moves per position for `plies_left` plies, then a loss for the side to move.
#[derive(Clone, Debug)]
struct Wide {
    width: u32,
    plies_left: u32,
    ply: u32,
}

impl Game for Wide {
    type Move = u32;
    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        if self.plies_left > 0 {
            moves.extend(0..self.width);
        }
    }
    fn play(&self, _mv: u32) -> Self {
        Wide {
            plies_left: self.plies_left - 1,
            ply: self.ply + 1,
            ..*self
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then_some(Outcome::Loss)
    }
}

fn flat(_: &Wide) -> Score {
    Score::DRAW
}

#[test]
fn a_finished_root_scores_without_a_move() {
    let finished = Wide {
        width: 3,
        plies_left: 0,
        ply: 0,
    };
    for mut searcher in [
        Box::new(Minimax::new(flat)) as Box<dyn Searcher<Wide>>,
        Box::new(Negamax::new(flat)),
        Box::new(AlphaBeta::new(flat)),
        Box::new(AlphaBetaMinimax::new(flat)),
    ] {
        let result = searcher.search(&finished, &Limits::depth(4));
        assert_eq!(result.score, Score::mated_in(0), "{}", searcher.name());
        assert_eq!(result.best_move, None);
    }
}

#[test]
fn more_moves_than_the_stack_buffer_holds_still_works() {
    // 600 moves per position: beyond the 256 inline moves of a MoveList.
    let root = Wide {
        width: 600,
        plies_left: 2,
        ply: 0,
    };
    let report = CrossCheck::new(Minimax::new(flat))
        .searcher(Negamax::new(flat))
        .searcher(AlphaBeta::new(flat))
        .searcher(AlphaBetaMinimax::new(flat))
        .depths([1, 2, 3])
        .run([&root]);
    report.assert_agree();
    let result = Minimax::new(flat).search(&root, &Limits::depth(2));
    assert_eq!(result.stats.nodes, 1 + 600 + 600 * 600);
    // Two plies: the root side moves, the opponent moves, and the root side is left without a
    // move, which this game scores as a loss.
    assert_eq!(result.score, Score::mated_in(2));
}
