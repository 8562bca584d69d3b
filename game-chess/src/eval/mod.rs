//! Static evaluations, each its own [`Evaluate`] so that the papers' comparisons can be rerun:
//!
//! | evaluator | what | source |
//! |---|---|---|
//! | [`PointValues`] | material 1/3/3/5/9 pawns | Calderan, section C.1 |
//! | [`ThesisMaterial`] | material 100/280/320/500/900 | Wasastjerna, section 2.1 |
//! | [`SimplifiedPst`] | material + piece-square tables, king middle-game/end-game | Michniewski's "Simplified Evaluation Function", as Calderan uses it |
//! | [`Tapered`] | middle-game/end-game tables blended by phase (the strong default) | PeSTO (Friederich) |
//! | [`TaperedPlus`] | [`Tapered`] + mobility, bishop pair, pawn structure, rook files (untuned) | classical terms, Fruit 2.1's mobility |
//! | [`Classical`] | material, tables, mobility, pawns, passed pawns, king safety, threats, outposts, tempo: every weight tuned on self-play games | Texel's tuning method ([`classical`]) |
//!
//! Every evaluator speaks for the **side to move** ([`Evaluate`], as `search-core` requires) in
//! centipawns; [`WhiteView`] gives White's view (the thesis's two-sided minimax convention).
//! [`Evaluation`] selects one at run time (for command-line programs).

pub mod classical;
mod material;
mod pawn_cache;
mod point_values;
mod pst;
mod tapered;
mod tapered_plus;
mod terms;
mod weights;

use std::fmt;
use std::str::FromStr;

use search_core::{Evaluate, Score};
use shakmaty::{Board, Color, Position, Role};

use crate::ChessGame;

pub use classical::Classical;
pub use material::ThesisMaterial;
pub use point_values::PointValues;
pub use pst::SimplifiedPst;
pub use tapered::Tapered;
pub use tapered_plus::TaperedPlus;

/// An evaluation seen from White's side: positive is good for White, whoever is to move.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, PointValues, WhiteView};
/// use search_core::{Evaluate, Score};
/// // Black to move, White is a queen up.
/// let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", ChessConfig::default())?;
/// assert_eq!(PointValues.white_view(&game), Score::cp(900));
/// assert_eq!(PointValues.evaluate(&game), Score::cp(-900));
/// # Ok::<(), game_chess::Error>(())
/// ```
pub trait WhiteView {
    /// The value of `game` for White.
    fn white_view(&self, game: &ChessGame) -> Score;
}

/// Implemented by each evaluator: White's value in centipawns from the board and the side to
/// move (which only [`Classical`]'s tempo reads).
pub(crate) trait BoardEval {
    fn white_centipawns(&self, board: &Board, turn: Color) -> i32;
}

/// Side to move's view from White's view.
fn side_to_move(game: &ChessGame, white: i32) -> Score {
    match game.chess().turn() {
        Color::White => Score::cp(white),
        Color::Black => Score::cp(-white),
    }
}

macro_rules! evaluator {
    ($($ty:ty),*) => {$(
        impl Evaluate<ChessGame> for $ty {
            fn evaluate(&self, game: &ChessGame) -> Score {
                side_to_move(game, self.white_centipawns(game.board(), game.chess().turn()))
            }
        }
        impl WhiteView for $ty {
            fn white_view(&self, game: &ChessGame) -> Score {
                Score::cp(self.white_centipawns(game.board(), game.chess().turn()))
            }
        }
    )*};
}

evaluator!(
    PointValues,
    ThesisMaterial,
    SimplifiedPst,
    Tapered,
    TaperedPlus,
    Classical
);

/// Values of the five capturable pieces, in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceValues {
    /// A pawn.
    pub pawn: i32,
    /// A knight.
    pub knight: i32,
    /// A bishop.
    pub bishop: i32,
    /// A rook.
    pub rook: i32,
    /// A queen.
    pub queen: i32,
}

impl PieceValues {
    /// The value of `role` (a king is worth `0`: both sides always have one).
    #[must_use]
    pub const fn of(&self, role: Role) -> i32 {
        match role {
            Role::Pawn => self.pawn,
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.queen,
            Role::King => 0,
        }
    }

    /// White's material minus Black's.
    #[must_use]
    pub fn balance(&self, board: &Board) -> i32 {
        Role::ALL
            .into_iter()
            .map(|role| {
                let white = (board.by_role(role) & board.by_color(Color::White)).count() as i32;
                let black = (board.by_role(role) & board.by_color(Color::Black)).count() as i32;
                self.of(role) * (white - black)
            })
            .sum()
    }
}

/// An 8×8 table written as printed: rank 8 first, files a to h, from White's point of view.
pub(crate) type Table = [i32; 64];

/// The table entry for a piece of `color` on `square`: White reads the table flipped (its rank 1
/// is the table's last row), Black reads it as printed (mirrored for Black).
pub(crate) const fn table_entry(table: &Table, color: Color, square: shakmaty::Square) -> i32 {
    let index = square.to_usize();
    match color {
        Color::White => table[index ^ 56],
        Color::Black => table[index],
    }
}

/// One of the evaluations, chosen at run time.
///
/// ```
/// use game_chess::Evaluation;
/// assert_eq!("tapered".parse::<Evaluation>(), Ok(Evaluation::Tapered));
/// assert!("stockfish".parse::<Evaluation>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// [`PointValues`].
    PointValues,
    /// [`ThesisMaterial`].
    ThesisMaterial,
    /// [`SimplifiedPst`] with its own piece values.
    SimplifiedPst,
    /// [`SimplifiedPst`] with the thesis's piece values: the nearest to the thesis's own
    /// evaluation (material plus piece-square terms whose tables the thesis does not print).
    ThesisPst,
    /// [`Tapered`], the default.
    #[default]
    Tapered,
    /// [`TaperedPlus`]: the tapered tables with mobility and pawn-structure terms.
    TaperedPlus,
    /// [`Classical`]: the tuned classical evaluation.
    Classical,
}

impl Evaluation {
    /// Every evaluation.
    pub const ALL: [Evaluation; 7] = [
        Evaluation::PointValues,
        Evaluation::ThesisMaterial,
        Evaluation::SimplifiedPst,
        Evaluation::ThesisPst,
        Evaluation::Tapered,
        Evaluation::TaperedPlus,
        Evaluation::Classical,
    ];

    /// The name the example programs accept.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Evaluation::PointValues => "point-values",
            Evaluation::ThesisMaterial => "thesis-material",
            Evaluation::SimplifiedPst => "simplified-pst",
            Evaluation::ThesisPst => "thesis-pst",
            Evaluation::Tapered => "tapered",
            Evaluation::TaperedPlus => "tapered-plus",
            Evaluation::Classical => "classical",
        }
    }
}

impl BoardEval for Evaluation {
    fn white_centipawns(&self, board: &Board, turn: Color) -> i32 {
        match self {
            Evaluation::PointValues => PointValues.white_centipawns(board, turn),
            Evaluation::ThesisMaterial => ThesisMaterial.white_centipawns(board, turn),
            Evaluation::SimplifiedPst => SimplifiedPst::default().white_centipawns(board, turn),
            Evaluation::ThesisPst => {
                SimplifiedPst::with_values(ThesisMaterial::VALUES).white_centipawns(board, turn)
            }
            Evaluation::Tapered => Tapered.white_centipawns(board, turn),
            Evaluation::TaperedPlus => TaperedPlus.white_centipawns(board, turn),
            Evaluation::Classical => Classical.white_centipawns(board, turn),
        }
    }
}

evaluator!(Evaluation);

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Evaluation {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Evaluation::ALL
            .into_iter()
            .find(|evaluation| evaluation.name() == text)
            .ok_or_else(|| {
                let names: Vec<_> = Evaluation::ALL.iter().map(|e| e.name()).collect();
                format!(
                    "unknown evaluation {text:?} (expected one of {})",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChessConfig;

    fn game(fen: &str) -> ChessGame {
        ChessGame::from_fen(fen, ChessConfig::default()).unwrap()
    }

    /// Mirroring the board and swapping colours and the side to move gives the same side-to-move
    /// value, for every evaluator (the tables are read correctly for both colours).
    #[test]
    fn every_evaluation_is_colour_symmetric() {
        let pairs = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1",
            ),
            (
                "8/2k5/8/8/3P4/8/8/4K3 w - - 0 1",
                "4k3/8/8/3p4/8/8/2K5/8 b - - 0 1",
            ),
        ];
        for (fen, mirrored) in pairs {
            for evaluation in Evaluation::ALL {
                assert_eq!(
                    evaluation.evaluate(&game(fen)),
                    evaluation.evaluate(&game(mirrored)),
                    "{evaluation}: {fen}"
                );
                assert_eq!(
                    evaluation.white_view(&game(fen)),
                    -evaluation.white_view(&game(mirrored)),
                    "{evaluation}: {fen}"
                );
            }
        }
    }

    #[test]
    fn the_start_position_is_level() {
        let start = ChessGame::startpos(ChessConfig::default());
        for evaluation in Evaluation::ALL {
            // The classical evaluation gives the side to move its tempo (the whole phase is the
            // middle game's).
            let tempo = match evaluation {
                Evaluation::Classical => classical::weights()[classical::TEMPO][0],
                _ => 0,
            };
            assert_eq!(evaluation.evaluate(&start), Score::cp(tempo), "{evaluation}");
        }
    }

    #[test]
    fn names_round_trip() {
        for evaluation in Evaluation::ALL {
            assert_eq!(evaluation.name().parse(), Ok(evaluation));
        }
        assert_eq!(
            "x".parse::<Evaluation>().unwrap_err(),
            "unknown evaluation \"x\" (expected one of point-values, thesis-material, simplified-pst, thesis-pst, tapered, tapered-plus, classical)"
        );
    }
}
