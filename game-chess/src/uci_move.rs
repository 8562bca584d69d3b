//! UCI move parsing: "not UCI syntax" and "illegal here" are different errors.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move};

use crate::Error;

/// Parses `text` as a UCI move and checks that it is legal in `chess`.
///
/// Castling is accepted in standard notation (`e1g1`); the UCI null move `0000` is syntax but
/// never a legal move.
///
/// # Errors
///
/// [`Error::NotUci`] for text that is not UCI syntax, [`Error::IllegalMove`] for a move that is
/// not legal in the position.
///
/// ```
/// use game_chess::{parse_uci_move, Error};
/// use shakmaty::Chess;
/// let start = Chess::default();
/// assert_eq!(parse_uci_move(&start, "g1f3").unwrap().to_string(), "Ng1-f3");
/// assert_eq!(
///     parse_uci_move(&start, "g1g3").unwrap_err().to_string(),
///     "g1g3 is not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// );
/// ```
pub fn parse_uci_move(chess: &Chess, text: &str) -> Result<Move, Error> {
    let uci = UciMove::from_ascii(text.as_bytes()).map_err(|_| Error::NotUci {
        text: text.to_string(),
    })?;
    uci.to_move(chess).map_err(|_| Error::IllegalMove {
        uci: text.to_string(),
        fen: Fen::from_position(chess, EnPassantMode::Legal).to_string(),
    })
}

/// A move in UCI notation, standard castling (`e1g1`).
#[must_use]
pub fn to_uci(mv: Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}
