//! [`Error`]: everything that can go wrong when text (FEN, EPD, UCI moves) becomes a position or
//! a move. Parsing never panics: bad input is one of these variants, each with its own message.

use thiserror::Error;

/// A parse or legality error, with the offending text in the message.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, Error};
/// let err = ChessGame::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", ChessConfig::default()).unwrap_err();
/// assert!(matches!(err, Error::IllegalPosition { .. }));
/// assert_eq!(
///     err.to_string(),
///     "illegal position \"8/8/8/8/8/8/8/8 w - - 0 1\": empty board, missing king"
/// );
/// ```
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text is not FEN syntax (a field is malformed or missing).
    #[error("invalid FEN {fen:?}: {reason}")]
    Fen {
        /// The text given.
        fen: String,
        /// What is wrong, by field (shakmaty's description, e.g. "invalid castling part in fen").
        reason: String,
    },

    /// The FEN is well formed but describes a position that is not legal (no king, pawns on the
    /// back rank, castling rights without the rook, the side not to move in check, ...).
    #[error("illegal position {fen:?}: {reason}")]
    IllegalPosition {
        /// The text given.
        fen: String,
        /// Every reason, comma-separated (e.g. "invalid castling rights").
        reason: String,
    },

    /// The text is not a move in UCI syntax (`e2e4`, `e7e8q`).
    #[error("{text:?} is not a UCI move (expected e.g. e2e4 or e7e8q)")]
    NotUci {
        /// The text given.
        text: String,
    },

    /// The move is UCI syntax but not a legal move in the position.
    #[error("{uci} is not a legal move in {fen}")]
    IllegalMove {
        /// The move as given.
        uci: String,
        /// The position, as FEN.
        fen: String,
    },

    /// A `bm` or `am` operand of an EPD record is not SAN.
    #[error("{opcode} operand {text:?} is not a SAN move")]
    NotSan {
        /// `bm` or `am`.
        opcode: String,
        /// The operand given.
        text: String,
    },

    /// A `bm` or `am` operand of an EPD record is SAN but not legal (or ambiguous) in the position.
    #[error("{opcode} operand {san} is not a legal move in {fen}: {reason}")]
    IllegalSan {
        /// `bm` or `am`.
        opcode: String,
        /// The operand given.
        san: String,
        /// The position, as FEN.
        fen: String,
        /// "illegal san" or "ambiguous san".
        reason: String,
    },

    /// An EPD line has fewer than the four position fields.
    #[error("EPD record {line:?} has fewer than 4 position fields")]
    EpdTooShort {
        /// The line given.
        line: String,
    },

    /// An EPD opcode that takes a number (`acd`, `dm`, `D1`, ...) got something else.
    #[error("EPD opcode {opcode} expects a number, got {text:?}")]
    EpdNumber {
        /// The opcode.
        opcode: String,
        /// The operand given.
        text: String,
    },

    /// An EPD opcode that needs an operand has none.
    #[error("EPD opcode {opcode} has no operand")]
    EpdMissingOperand {
        /// The opcode.
        opcode: String,
    },

    /// An EPD string operand has no closing quote.
    #[error("EPD opcode {opcode} has an unterminated string operand")]
    EpdUnterminatedString {
        /// The opcode.
        opcode: String,
    },

    /// An error on a given line of a multi-line text (an EPD file).
    #[error("line {line}: {source}")]
    AtLine {
        /// The 1-based line number.
        line: usize,
        /// What went wrong on that line.
        source: Box<Error>,
    },
}
