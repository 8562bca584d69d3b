//! [`Tapered`]: middle-game and end-game piece-square tables blended by game phase.
//!
//! The values are Ronald Friederich's PeSTO tables (the "PeSTO's Evaluation Function" page of the
//! Chess Programming Wiki, <https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>),
//! tuned by Texel's method for his engine Rofchade: piece values and tables for the middle game
//! and the end game, and a phase of 0 (bare kings and pawns) to 24 (all minor and major pieces:
//! knight and bishop 1, rook 2, queen 4) that weights them.

use shakmaty::{Board, Color, Role};

use super::{BoardEval, Table, table_entry};

/// The strong default evaluation: PeSTO's tapered piece-square tables.
///
/// The values are Ronald Friederich's PeSTO tables (Chess Programming Wiki, "PeSTO's Evaluation
/// Function", <https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>), Texel-tuned for
/// his engine Rofchade: piece values and tables for the middle game and the end game, weighted by
/// a phase from 0 (kings and pawns) to 24 (every piece: knight and bishop 1, rook 2, queen 4).
///
/// `value = (middle_game × phase + end_game × (24 − phase)) / 24`, the phase capped at 24 (early
/// promotions).
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, Tapered};
/// use search_core::{Evaluate, Score};
/// let start = ChessGame::startpos(ChessConfig::default());
/// assert_eq!(Tapered.evaluate(&start), Score::DRAW);
/// assert_eq!(Tapered::phase(start.board()), 24);
/// // Down a queen after 1. e4 e5 2. Qh5 Nc6 3. Qxf7?? Kxf7: Black is far ahead.
/// let after = start.play_uci_line(&["e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7"])?;
/// assert!(Tapered.evaluate(&after) < Score::cp(-700));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tapered;

/// The phase with every piece on the board.
pub(super) const FULL_PHASE: i32 = 24;

impl Tapered {
    /// The game phase: 24 with all pieces, 0 with kings and pawns only.
    #[must_use]
    pub fn phase(board: &Board) -> i32 {
        let phase = board.knights().count()
            + board.bishops().count()
            + 2 * board.rooks().count()
            + 4 * board.queens().count();
        (phase as i32).min(FULL_PHASE)
    }
}

/// Middle-game and end-game values: P, N, B, R, Q, K.
const MIDDLE_GAME_VALUES: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const END_GAME_VALUES: [i32; 6] = [94, 281, 297, 512, 936, 0];

const fn index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

impl Tapered {
    /// White's middle-game and end-game sums (material and tables), before the blend.
    pub(super) fn white_pair(board: &Board) -> (i32, i32) {
        let (mut middle_game, mut end_game) = (0, 0);
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            for role in Role::ALL {
                let i = index(role);
                for square in board.by_role(role) & board.by_color(color) {
                    middle_game +=
                        sign * (MIDDLE_GAME_VALUES[i] + table_entry(MIDDLE_GAME_TABLES[i], color, square));
                    end_game += sign * (END_GAME_VALUES[i] + table_entry(END_GAME_TABLES[i], color, square));
                }
            }
        }
        (middle_game, end_game)
    }
}

impl BoardEval for Tapered {
    fn white_centipawns(&self, board: &Board, _turn: Color) -> i32 {
        let (middle_game, end_game) = Self::white_pair(board);
        let phase = Self::phase(board);
        (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

const MIDDLE_GAME_TABLES: [&Table; 6] = [&MG_PAWN, &MG_KNIGHT, &MG_BISHOP, &MG_ROOK, &MG_QUEEN, &MG_KING];
const END_GAME_TABLES: [&Table; 6] = [&EG_PAWN, &EG_KNIGHT, &EG_BISHOP, &EG_ROOK, &EG_QUEEN, &EG_KING];

// Rank 8 first, files a to h, from White's point of view.

#[rustfmt::skip]
const MG_PAWN: Table = [
      0,   0,   0,   0,   0,   0,  0,   0,
     98, 134,  61,  95,  68, 126, 34, -11,
     -6,   7,  26,  31,  65,  56, 25, -20,
    -14,  13,   6,  21,  23,  12, 17, -23,
    -27,  -2,  -5,  12,  17,   6, 10, -25,
    -26,  -4,  -4, -10,   3,   3, 33, -12,
    -35,  -1, -20, -23, -15,  24, 38, -22,
      0,   0,   0,   0,   0,   0,  0,   0,
];

#[rustfmt::skip]
const EG_PAWN: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const MG_KNIGHT: Table = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];

#[rustfmt::skip]
const EG_KNIGHT: Table = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];

#[rustfmt::skip]
const MG_BISHOP: Table = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];

#[rustfmt::skip]
const EG_BISHOP: Table = [
    -14, -21, -11,  -8, -7,  -9, -17, -24,
     -8,  -4,   7, -12, -3, -13,  -4, -14,
      2,  -8,   0,  -1, -2,   6,   0,   4,
     -3,   9,  12,   9, 14,  10,   3,   2,
     -6,   3,  13,  19,  7,  10,  -3,  -9,
    -12,  -3,   8,  10, 13,   3,  -7, -15,
    -14, -18,  -7,  -1,  4,  -9, -15, -27,
    -23,  -9, -23,  -5, -9, -16,  -5, -17,
];

#[rustfmt::skip]
const MG_ROOK: Table = [
     32,  42,  32,  51, 63,  9,  31,  43,
     27,  32,  58,  62, 80, 67,  26,  44,
     -5,  19,  26,  36, 17, 45,  61,  16,
    -24, -11,   7,  26, 24, 35,  -8, -20,
    -36, -26, -12,  -1,  9, -7,   6, -23,
    -45, -25, -16, -17,  3,  0,  -5, -33,
    -44, -16, -20,  -9, -1, 11,  -6, -71,
    -19, -13,   1,  17, 16,  7, -37, -26,
];

#[rustfmt::skip]
const EG_ROOK: Table = [
    13, 10, 18, 15, 12,  12,   8,   5,
    11, 13, 13, 11, -3,   3,   8,   3,
     7,  7,  7,  5,  4,  -3,  -5,  -3,
     4,  3, 13,  1,  2,   1,  -1,   2,
     3,  5,  8,  4, -5,  -6,  -8, -11,
    -4,  0, -5, -1, -7, -12,  -8, -16,
    -6, -6,  0,  2, -9,  -9, -11,  -3,
    -9,  2,  3, -1, -5, -13,   4, -20,
];

#[rustfmt::skip]
const MG_QUEEN: Table = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];

#[rustfmt::skip]
const EG_QUEEN: Table = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];

#[rustfmt::skip]
const MG_KING: Table = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];

#[rustfmt::skip]
const EG_KING: Table = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChessConfig, ChessGame};
    use search_core::{Evaluate, Score};

    #[test]
    fn kings_and_pawns_use_the_end_game_tables_only() {
        // Phase 0: a white pawn on e4 and the kings on e1 / e8 (mirror images, cancelling).
        let game = ChessGame::from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", ChessConfig::default()).unwrap();
        assert_eq!(Tapered::phase(game.board()), 0);
        // End-game pawn value 94, e4 entry -7.
        assert_eq!(Tapered.evaluate(&game), Score::cp(94 - 7));
    }
}
