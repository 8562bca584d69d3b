//! Move-generation counts from the empty board: the published tic-tac-toe figures.

use std::collections::HashSet;

use game_tictactoe::{TicTacToe, reachable_positions};
use search_core::{Game, MoveList, Player};

/// Counts, per ply, the move sequences that reach that ply (finished games stop).
fn perft_by_ply(position: &TicTacToe, ply: usize, counts: &mut [u64; 10]) {
    counts[ply] += 1;
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    for &cell in moves.iter() {
        perft_by_ply(&position.play(cell), ply + 1, counts);
    }
}

#[test]
fn perft_from_the_empty_board() {
    let mut counts = [0; 10];
    perft_by_ply(&TicTacToe::new(), 0, &mut counts);
    assert_eq!(
        counts,
        [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]
    );
    assert_eq!(counts.iter().sum::<u64>(), 549_946);
}

#[test]
fn distinct_reachable_positions() {
    let positions = reachable_positions();
    assert_eq!(positions.len(), 5_478);
    assert_eq!(positions.iter().collect::<HashSet<_>>().len(), 5_478);
    // The known split of the 958 finished positions: 626 won by X, 316 by O, 16 drawn.
    let count = |winner| {
        positions
            .iter()
            .filter(|p| p.is_over() && p.winner() == winner)
            .count()
    };
    assert_eq!(count(Some(Player::First)), 626);
    assert_eq!(count(Some(Player::Second)), 316);
    assert_eq!(count(None), 16);
}
