//! [`PointValues`]: the simplest material count, 1/3/3/5/9 pawns.

use shakmaty::{Board, Color};

use super::{BoardEval, PieceValues};

/// Material only, in the classical point values: pawn 1, knight 3, bishop 3, rook 5, queen 9
/// (Calderan, "Minimax Algorithm Applied to Chess Engines", section C.1), in centipawns.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, PointValues};
/// use search_core::{Evaluate, Score};
/// // White to move has a rook and a pawn against a knight: 5 + 1 - 3 pawns.
/// let game = ChessGame::from_fen("4k3/8/2n5/8/8/8/4P3/R3K3 w - - 0 1", ChessConfig::default())?;
/// assert_eq!(PointValues.evaluate(&game), Score::cp(300));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PointValues;

impl PointValues {
    /// 100/300/300/500/900.
    pub const VALUES: PieceValues = PieceValues {
        pawn: 100,
        knight: 300,
        bishop: 300,
        rook: 500,
        queen: 900,
    };
}

impl BoardEval for PointValues {
    fn white_centipawns(&self, board: &Board, _turn: Color) -> i32 {
        Self::VALUES.balance(board)
    }
}
