//! [`SimplifiedPst`]: material plus the piece-square tables of Tomasz Michniewski's "Simplified
//! Evaluation Function" (<https://www.chessprogramming.org/Simplified_Evaluation_Function>), the
//! compilation Calderan's paper cites ([18]) and prints two of (the rook and the king tables).

use shakmaty::{Bitboard, Board, Color, Role};

use super::{BoardEval, PieceValues, Table, table_entry};

/// Material plus piece-square tables, with a middle-game and an end-game king table.
///
/// The king table switches to the end-game one when the Simplified Evaluation Function says the
/// end-game has begun: *both sides have no queen, or every side that has a queen has at most one
/// minor piece besides* (no rook, at most one knight or bishop). Calderan's paper prints the same
/// two king tables and describes the switch as depending on "the amount of remaining pieces";
/// its end-game table's last entry reads `-5`, an evident misprint of the source's `-50` (the
/// table is otherwise symmetric), and `-50` is used here.
///
/// The piece values are the Simplified Evaluation Function's own (100/320/330/500/900) unless
/// [`with_values`](SimplifiedPst::with_values) says otherwise.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, SimplifiedPst};
/// use search_core::{Evaluate, Score};
/// // Only the kings: the end-game table prefers White's central king (+40 on e4) to Black's
/// // cornered one (-50 on a8).
/// let game = ChessGame::from_fen("k7/8/8/8/4K3/8/8/8 w - - 0 1", ChessConfig::default())?;
/// assert!(SimplifiedPst::is_endgame(game.board()));
/// assert_eq!(SimplifiedPst::default().evaluate(&game), Score::cp(40 - (-50)));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimplifiedPst {
    values: PieceValues,
}

impl Default for SimplifiedPst {
    fn default() -> Self {
        SimplifiedPst { values: Self::VALUES }
    }
}

impl SimplifiedPst {
    /// The Simplified Evaluation Function's piece values: 100/320/330/500/900.
    pub const VALUES: PieceValues = PieceValues {
        pawn: 100,
        knight: 320,
        bishop: 330,
        rook: 500,
        queen: 900,
    };

    /// The same tables over other piece values (e.g. the thesis's).
    #[must_use]
    pub const fn with_values(values: PieceValues) -> Self {
        SimplifiedPst { values }
    }

    /// Whether the king end-game table applies (see the type's documentation).
    #[must_use]
    pub fn is_endgame(board: &Board) -> bool {
        Color::ALL.into_iter().all(|color| {
            let ours = board.by_color(color);
            if (board.queens() & ours).is_empty() {
                return true;
            }
            let minors = (board.knights() | board.bishops()) & ours;
            (board.rooks() & ours).is_empty() && minors.count() <= 1
        })
    }

    fn table(role: Role, is_endgame: bool) -> &'static Table {
        match role {
            Role::Pawn => &PAWN,
            Role::Knight => &KNIGHT,
            Role::Bishop => &BISHOP,
            Role::Rook => &ROOK,
            Role::Queen => &QUEEN,
            Role::King if is_endgame => &KING_END_GAME,
            Role::King => &KING_MIDDLE_GAME,
        }
    }
}

impl BoardEval for SimplifiedPst {
    fn white_centipawns(&self, board: &Board, _turn: Color) -> i32 {
        let is_endgame = Self::is_endgame(board);
        let mut score = self.values.balance(board);
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            for role in Role::ALL {
                let table = Self::table(role, is_endgame);
                let pieces: Bitboard = board.by_role(role) & board.by_color(color);
                for square in pieces {
                    score += sign * table_entry(table, color, square);
                }
            }
        }
        score
    }
}

// The tables as the source prints them: rank 8 first, files a to h, White's point of view.

#[rustfmt::skip]
const PAWN: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const KNIGHT: Table = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];

#[rustfmt::skip]
const BISHOP: Table = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];

/// As printed in Calderan's paper (matrix R).
#[rustfmt::skip]
const ROOK: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];

#[rustfmt::skip]
const QUEEN: Table = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];

/// As printed in Calderan's paper (matrix K).
#[rustfmt::skip]
const KING_MIDDLE_GAME: Table = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];

/// As printed in Calderan's paper (matrix K_e), with the source's `-50` in the h1 corner.
#[rustfmt::skip]
const KING_END_GAME: Table = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChessConfig, ChessGame};
    use search_core::{Evaluate, Score};

    fn eval(fen: &str) -> Score {
        SimplifiedPst::default().evaluate(&ChessGame::from_fen(fen, ChessConfig::default()).unwrap())
    }

    #[test]
    fn king_tables_switch_with_material() {
        // Kings on g1 / e8 with queens and rooks: middle game, g1 = +30, e8 = 0.
        let middle = "r2qk3/8/8/8/8/8/8/3Q1RK1 w - - 0 1";
        assert!(!SimplifiedPst::is_endgame(
            ChessGame::from_fen(middle, ChessConfig::default())
                .unwrap()
                .board()
        ));
        // Material: equal. Queens d1/d8: -5 each; rooks f1 and a8: 0; kings g1 (+30) vs e8 (0).
        assert_eq!(eval(middle), Score::cp(30));
        // White's queen alone: end game, king g1 = -30, e8 = -30 (mirrored e1).
        let end = "4k3/8/8/8/8/8/8/3Q2K1 w - - 0 1";
        assert_eq!(eval(end), Score::cp(900 - 5 - 30 + 30));
    }

    #[test]
    fn pawn_table_reads_white_and_black_the_same_way() {
        // A white pawn on e4 (+20) against a black pawn on e5 (+20 from Black's side).
        assert_eq!(eval("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"), Score::cp(0));
        // A white pawn on b7 (+50) alone; the kings on e1 and e8 are mirror images and cancel.
        assert_eq!(eval("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), Score::cp(100 + 50));
    }
}
