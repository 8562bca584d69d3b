//! The reference searchers on synthetic trees and degenerate input.

use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
use search_core::testing::CrossCheck;
use search_core::{Evaluate, Game, Limits, MoveList, Outcome, Player, Score, Searcher};

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

/// Random trees where about a third of the moves give the same player another move: every
/// reference must agree with the two-sided minimax (which never negates), at every depth.
fn extra_turn_trees() -> Vec<RandomTree> {
    (0..600u64)
        .map(|seed| {
            let branching = 1 + (seed % 4) as u32;
            let depth = 1 + (seed % 6) as u32;
            RandomTree::new(seed, branching, depth)
                .with_leaf_values([2, 50][(seed % 2) as usize])
                .with_extra_turns(35)
        })
        .collect()
}

#[test]
fn every_reference_agrees_with_minimax_when_players_move_twice_in_a_row() {
    let trees = extra_turn_trees();
    // The trees really do have extra turns.
    let repeats = trees
        .iter()
        .filter(|tree| {
            let mut moves = MoveList::new();
            tree.generate_moves(&mut moves);
            moves.iter().any(|&mv| tree.play(mv).to_move() == tree.to_move())
        })
        .count();
    assert!(repeats > 150, "{repeats}");
    let report = CrossCheck::minimax(TreeValue)
        .searcher(Negamax::new(TreeValue))
        .searcher(AlphaBeta::new(TreeValue))
        .searcher(AlphaBetaMinimax::new(TreeValue))
        // Searched to the leaves, quiescence adds nothing: the same values as minimax.
        .searcher(MinimaxQuiescence::new(TreeValue))
        .depths(0..=6)
        .run(&trees);
    report.assert_agree();
    assert_eq!(report.checks, 600 * 7 * 4);
}

#[test]
fn best_first_trees_with_extra_turns_keep_their_first_move_best() {
    for seed in 0..200u64 {
        let tree = RandomTree::best_first(seed, 3, 5).with_extra_turns(40);
        let result = Minimax::new(TreeValue).search(&tree, &Limits::depth(5));
        assert_eq!(result.score, Score::cp(tree.value()), "seed {seed}");
        assert_eq!(result.pv, vec![0; 5], "seed {seed}");
    }
}

/// Quiescence written two-sided, for this test only: absolute values (first player's view),
/// the side to move stands pat or follows a noisy move, maximising or minimising as it is.
fn two_sided_quiescence(game: &RandomTree, depth: u32, qply: u32, max_qply: u32) -> Score {
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    let maximising = game.to_move() == Player::First;
    let absolute = |score: Score| if maximising { score } else { -score };
    if moves.is_empty() {
        return absolute(TreeValue.evaluate(game));
    }
    let mut values = Vec::new();
    if depth == 0 {
        values.push(absolute(TreeValue.evaluate(game)));
        if qply >= max_qply {
            return values[0];
        }
    }
    for &mv in moves.iter() {
        if depth == 0 && !game.is_noisy(mv) {
            continue;
        }
        let child_qply = if depth == 0 { qply + 1 } else { 0 };
        values.push(two_sided_quiescence(
            &game.play(mv),
            depth.saturating_sub(1),
            child_qply,
            max_qply,
        ));
    }
    let best = if maximising {
        values.iter().max()
    } else {
        values.iter().min()
    };
    *best.expect("a stand pat or a move")
}

#[test]
fn minimax_quiescence_agrees_with_a_two_sided_quiescence_under_extra_turns() {
    for seed in 0..300u64 {
        let tree = RandomTree::new(seed, 3, 6)
            .with_noisy_moves(40)
            .with_extra_turns(35);
        for depth in 0..=3 {
            for max_qply in [0, 2, 64] {
                let result = MinimaxQuiescence::new(TreeValue)
                    .with_max_ply(max_qply)
                    .search(&tree, &Limits::depth(depth));
                let absolute = two_sided_quiescence(&tree, depth, 0, max_qply);
                assert_eq!(
                    result.score, absolute,
                    "seed {seed}, depth {depth}, max {max_qply}"
                );
            }
        }
    }
}
