//! [`ThesisMaterial`]: the thesis's piece values.

use shakmaty::{Board, Color};

use super::{BoardEval, PieceValues};

/// Material only, in the thesis's values: pawn 100, knight 280, bishop 320, rook 500, queen 900
/// (Wasastjerna, "Improving a minimax search algorithm for chess", section 2.1).
///
/// The thesis's evaluation also adds "a small positive or negative score depending on which
/// square the piece occupies", but does not print those tables. This type is the material part
/// alone, exactly as published; [`Evaluation::ThesisPst`](crate::Evaluation::ThesisPst) adds the
/// Simplified Evaluation Function's tables to these values as the nearest published stand-in.
/// Node counts of alpha-beta depend on the evaluation, so neither reproduces the thesis's
/// counts exactly.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, ThesisMaterial};
/// use search_core::{Evaluate, Score};
/// // A bishop against a knight: 320 - 280.
/// let game = ChessGame::from_fen("4k3/8/2n5/8/8/8/8/2B1K3 w - - 0 1", ChessConfig::default())?;
/// assert_eq!(ThesisMaterial.evaluate(&game), Score::cp(40));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThesisMaterial;

impl ThesisMaterial {
    /// 100/280/320/500/900.
    pub const VALUES: PieceValues = PieceValues {
        pawn: 100,
        knight: 280,
        bishop: 320,
        rook: 500,
        queen: 900,
    };
}

impl BoardEval for ThesisMaterial {
    fn white_centipawns(&self, board: &Board, _turn: Color) -> i32 {
        Self::VALUES.balance(board)
    }
}
