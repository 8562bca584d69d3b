//! The solver on every reachable tic-tac-toe position, held to minimax searched to the end:
//! strongly (the distance of every win and loss) and weakly, on one thread and on three (more
//! than the test machine's cores), with a table kept from one position to the next too.

use game_tictactoe::{TicTacToe, reachable_positions};
use search_core::Resources;
use search_core::solve::{Precision, Settled, Solver};
use search_core::testing::SolveCheck;

#[test]
fn every_reachable_position_is_settled_as_minimax_says() {
    let positions = reachable_positions();
    assert_eq!(positions.len(), 5478);
    let strong = SolveCheck::new(|| Solver::new().resources(Resources::new(1, 1).unwrap()))
        .depth(9)
        .run(&positions);
    strong.assert_agree();
    assert_eq!(strong.settled, positions.len());
    SolveCheck::new(|| {
        Solver::new()
            .precision(Precision::Weak)
            .resources(Resources::new(1, 1).unwrap())
    })
    .depth(9)
    .run(&positions)
    .assert_agree();
    // One solver for every position, on three threads: its table answers later positions from
    // earlier ones.
    let mut kept = Solver::new().resources(Resources::new(3, 4).unwrap());
    SolveCheck::new(Solver::<TicTacToe>::new)
        .depth(9)
        .run_keeping(&mut kept, &positions)
        .assert_agree();
}

#[test]
fn the_empty_board_is_a_draw() {
    let solution = Solver::new().solve(&TicTacToe::new());
    assert_eq!(solution.settled(), Some(Settled::Draw));
    assert!(solution.best_move.is_some());
}
