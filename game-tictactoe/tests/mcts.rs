//! Monte Carlo tree search with the MCTS-Solver on tic-tac-toe: its proofs are minimax's on every
//! reachable position, and the move it plays is then minimax-optimal.

use game_tictactoe::{TicTacToe, reachable_positions};
use search_core::mcts::Mcts;
use search_core::testing::ProofCheck;
use search_core::{Limits, Searcher};

#[test]
fn proofs_equal_minimax_on_every_reachable_position() {
    let positions = reachable_positions();
    let report = ProofCheck::new(|| Mcts::new().with_seed(7).with_iterations(2_000_000))
        .depth(9)
        .run(&positions);
    report.assert_agree();
    assert_eq!(report.proven, 5_478, "{report}");
}

/// Root parallelisation: on two and three threads (more than the test machine's cores), each
/// growing a tree of its own, the merged root's proofs are still minimax's.
#[test]
fn proofs_on_several_threads_equal_minimax_on_every_reachable_position() {
    let positions = reachable_positions();
    let mut made = 0;
    let report = ProofCheck::new(|| {
        made += 1;
        Mcts::new()
            .with_seed(made)
            .with_iterations(2_000_000)
            .with_threads(2 + (made % 2) as u32)
    })
    .depth(9)
    .run(&positions);
    report.assert_agree();
    assert_eq!(report.proven, 5_478, "{report}");
}

#[test]
fn the_empty_board_is_proven_a_draw_and_a_win_is_taken() {
    let mut mcts = Mcts::new().with_iterations(2_000_000);
    let result = mcts.search(&TicTacToe::new(), &Limits::default());
    assert_eq!(
        mcts.root_proof(),
        Some(search_core::Proof::Drawn),
        "{}",
        result.stats
    );
    // X to move with two in a row on the top: the solver plays the win at once.
    let win = TicTacToe::from_moves("1 4 2 5").unwrap();
    let result = Mcts::new()
        .with_iterations(100_000)
        .search(&win, &Limits::default());
    assert_eq!(result.best_move.map(|c| c.number()), Some(3));
    assert_eq!(result.score, search_core::Score::mate_in(1));
}
