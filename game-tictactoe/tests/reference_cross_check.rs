//! The reference searchers agree with each other on every reachable tic-tac-toe position at
//! every depth, and find wins and losses at their exact distance.

use game_tictactoe::{Heuristic, TicTacToe, reachable_positions};
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, Negamax};
use search_core::testing::CrossCheck;
use search_core::{Game, Limits, MoveList, Score, Searcher};

fn empty_cells(position: &TicTacToe) -> u32 {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    moves.len() as u32
}

#[test]
fn every_reachable_position_at_every_depth() {
    let positions = reachable_positions();
    let mut checks = 0;
    // Group positions by the number of plies left, so each is searched at 0..=that depth (deeper
    // searches are the same search).
    for depth in 0..=9 {
        let at_this_depth: Vec<&TicTacToe> = positions.iter().filter(|p| empty_cells(p) >= depth).collect();
        let report = CrossCheck::new(Minimax::new(Heuristic))
            .searcher(Negamax::new(Heuristic))
            .searcher(AlphaBeta::new(Heuristic))
            .searcher(AlphaBetaMinimax::new(Heuristic))
            .depths([depth])
            .run(at_this_depth.iter().copied());
        report.assert_agree();
        checks += report.checks;
    }
    // Every position at each depth from 0 to its number of empty cells, three searchers each.
    let expected: usize = positions.iter().map(|p| 3 * (empty_cells(p) as usize + 1)).sum();
    assert_eq!(checks, expected);
}

#[test]
fn the_empty_board_is_a_draw() {
    for mut searcher in [
        Box::new(Minimax::new(Heuristic)) as Box<dyn Searcher<TicTacToe>>,
        Box::new(Negamax::new(Heuristic)),
        Box::new(AlphaBeta::new(Heuristic)),
        Box::new(AlphaBetaMinimax::new(Heuristic)),
    ] {
        let result = searcher.search(&TicTacToe::new(), &Limits::depth(9));
        assert_eq!(result.score, Score::DRAW, "{}", searcher.name());
        assert_eq!(
            result.pv.len(),
            9,
            "{}: a drawn game is played to the full board",
            searcher.name()
        );
    }
}

#[test]
fn full_depth_node_counts() {
    let minimax = Minimax::new(Heuristic).search(&TicTacToe::new(), &Limits::depth(9));
    let negamax = Negamax::new(Heuristic).search(&TicTacToe::new(), &Limits::depth(9));
    let alphabeta = AlphaBeta::new(Heuristic).search(&TicTacToe::new(), &Limits::depth(9));
    let two_sided = AlphaBetaMinimax::new(Heuristic).search(&TicTacToe::new(), &Limits::depth(9));
    println!("minimax:   {}", minimax.stats);
    println!("alphabeta: {}", alphabeta.stats);
    // Minimax visits the whole game tree: every move sequence, the root included.
    assert_eq!(minimax.stats.nodes, 549_946);
    // Negamax is minimax written another way: the same tree, counted the same way.
    let mut negamax_stats = negamax.stats.clone();
    negamax_stats.elapsed = minimax.stats.elapsed;
    assert_eq!(negamax_stats, minimax.stats);
    assert!(alphabeta.stats.nodes < minimax.stats.nodes / 10);
    // The two formulations of alpha-beta are one algorithm: the same tree, node for node.
    assert_eq!(alphabeta.stats.nodes, two_sided.stats.nodes);
    assert_eq!(alphabeta.stats.leaf_nodes, two_sided.stats.leaf_nodes);
    assert_eq!(alphabeta.stats.beta_cutoffs, two_sided.stats.beta_cutoffs);
    // Every node is an interior node or a leaf; every node but the root is someone's child.
    for stats in [&minimax.stats, &alphabeta.stats] {
        assert_eq!(stats.nodes, stats.interior_nodes + stats.leaf_nodes);
        assert_eq!(stats.children, stats.nodes - 1);
    }
}

#[test]
fn wins_and_losses_come_with_their_distance() {
    // (moves so far, depth, expected score, expected best moves)
    let cases: [(&str, u32, Score, &[u8]); 5] = [
        // X completes the top row at once (a win in 1) rather than anything slower.
        ("1 4 2 5", 9, Score::mate_in(1), &[3]),
        // X must take 7 (O threatens 3-5-7), which forks 1-4-7 and 7-8-9: a win in 3 plies.
        ("1 5 9 3", 9, Score::mate_in(3), &[7]),
        // After the fork O is lost whatever it plays: mated in 2 plies, no move helps.
        ("1 5 9 3 7", 9, Score::mated_in(2), &[]),
        // A won game: the side to move has lost, no move.
        ("1 4 2 5 3", 9, Score::mated_in(0), &[]),
        // Depth 1 sees only the immediate win.
        ("1 4 2 5", 1, Score::mate_in(1), &[3]),
    ];
    for (moves, depth, expected, best) in cases {
        let position = TicTacToe::from_moves(moves).unwrap();
        for mut searcher in [
            Box::new(Minimax::new(Heuristic)) as Box<dyn Searcher<TicTacToe>>,
            Box::new(Negamax::new(Heuristic)),
            Box::new(AlphaBeta::new(Heuristic)),
            Box::new(AlphaBetaMinimax::new(Heuristic)),
        ] {
            let result = searcher.search(&position, &Limits::depth(depth));
            let name = searcher.name().to_string();
            assert_eq!(result.score, expected, "{name} after {moves}");
            if best.is_empty() {
                continue;
            }
            let cell = result
                .best_move
                .unwrap_or_else(|| panic!("{name} after {moves}: no move"));
            assert!(
                best.contains(&cell.number()),
                "{name} after {moves}: played {cell}"
            );
        }
    }
}
