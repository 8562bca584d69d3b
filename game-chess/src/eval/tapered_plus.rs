//! [`TaperedPlus`]: the [`Tapered`] tables plus the classical terms piece-square tables cannot
//! see: mobility, the bishop pair, passed, doubled and isolated pawns, rooks on open files.
//!
//! The terms and their shapes are the classical ones (Chess Programming Wiki, "Evaluation";
//! Fabien Letouzey's Fruit 2.1 for mobility counted from an average): each has a middle-game and
//! an end-game weight, blended by the same phase as the tables. The weights are round,
//! hand-set values, not tuned: the book's strength record (`book/src/strength-record.md`) says what they are worth in games.

use shakmaty::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, File, Role, Square};

use super::BoardEval;
use super::tapered::{FULL_PHASE, Tapered};

/// PeSTO's tapered tables ([`Tapered`]) plus mobility, bishop pair, pawn structure and rook
/// files, every term blended by game phase.
///
/// | term | middle game | end game |
/// |---|---|---|
/// | mobility, per square beyond the average (knight 4, bishop 6, rook 7, queen 13) | N 4, B 5, R 2, Q 1 | N 4, B 5, R 4, Q 2 |
/// | bishop pair | 30 | 50 |
/// | passed pawn, by rank from its own side (2nd to 7th) | 5 5 10 20 35 55 | 10 10 20 35 60 90 |
/// | doubled pawn, each beyond the first on a file | −10 | −20 |
/// | isolated pawn | −10 | −10 |
/// | rook on an open file (no pawn) / half-open file (no own pawn) | 20 / 10 | 10 / 5 |
///
/// Mobility counts the squares a piece attacks that do not hold a piece of its own side.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, Tapered, TaperedPlus};
/// use search_core::{Evaluate, Score};
/// let start = ChessGame::startpos(ChessConfig::default());
/// assert_eq!(TaperedPlus.evaluate(&start), Score::DRAW);
/// // A passed pawn on the 6th is worth more here than in the tables alone.
/// let passer = ChessGame::from_fen("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", ChessConfig::default())?;
/// assert!(TaperedPlus.evaluate(&passer) > Tapered.evaluate(&passer));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TaperedPlus;

/// A middle-game and an end-game value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pair {
    middle_game: i32,
    end_game: i32,
}

impl Pair {
    const fn new(middle_game: i32, end_game: i32) -> Self {
        Self {
            middle_game,
            end_game,
        }
    }

    fn add(&mut self, weight: Pair, times: i32) {
        self.middle_game += weight.middle_game * times;
        self.end_game += weight.end_game * times;
    }
}

/// Mobility weight per square, and the average number of squares (mobility is counted from it):
/// knight, bishop, rook, queen.
const MOBILITY: [(Role, Pair, i32); 4] = [
    (Role::Knight, Pair::new(4, 4), 4),
    (Role::Bishop, Pair::new(5, 5), 6),
    (Role::Rook, Pair::new(2, 4), 7),
    (Role::Queen, Pair::new(1, 2), 13),
];
const BISHOP_PAIR: Pair = Pair::new(30, 50);
/// By rank counted from the pawn's own side, index 0 = 1st rank.
const PASSED_PAWN_MIDDLE_GAME: [i32; 8] = [0, 5, 5, 10, 20, 35, 55, 0];
const PASSED_PAWN_END_GAME: [i32; 8] = [0, 10, 10, 20, 35, 60, 90, 0];
const DOUBLED_PAWN: Pair = Pair::new(-10, -20);
const ISOLATED_PAWN: Pair = Pair::new(-10, -10);
const ROOK_OPEN_FILE: Pair = Pair::new(20, 10);
const ROOK_HALF_OPEN_FILE: Pair = Pair::new(10, 5);

impl TaperedPlus {
    /// White's terms minus Black's, beyond the tables.
    fn terms(board: &Board) -> Pair {
        let mut total = Pair::default();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let side = Self::side_terms(board, color);
            total.add(side, sign);
        }
        total
    }

    /// The terms of one side.
    fn side_terms(board: &Board, color: Color) -> Pair {
        let mut terms = Pair::default();
        let own = board.by_color(color);
        let occupied = board.occupied();
        for (role, weight, average) in MOBILITY {
            for square in board.by_role(role) & own {
                let attacks = match role {
                    Role::Knight => knight_attacks(square),
                    Role::Bishop => bishop_attacks(square, occupied),
                    Role::Rook => rook_attacks(square, occupied),
                    _ => queen_attacks(square, occupied),
                };
                terms.add(weight, (attacks & !own).count() as i32 - average);
            }
        }
        if (board.bishops() & own).more_than_one() {
            terms.add(BISHOP_PAIR, 1);
        }

        let own_pawns = board.pawns() & own;
        let their_pawns = board.pawns() & board.by_color(!color);
        for file in File::ALL {
            let on_file = (own_pawns & Bitboard::from_file(file)).count() as i32;
            if on_file > 1 {
                terms.add(DOUBLED_PAWN, on_file - 1);
            }
            if on_file > 0 && (own_pawns & adjacent_files(file)).is_empty() {
                terms.add(ISOLATED_PAWN, on_file);
            }
        }
        for square in own_pawns {
            if (their_pawns & front_span(color, square)).is_empty() {
                let rank = color.relative_rank(square.rank()).to_usize();
                terms.middle_game += PASSED_PAWN_MIDDLE_GAME[rank];
                terms.end_game += PASSED_PAWN_END_GAME[rank];
            }
        }
        for square in board.rooks() & own {
            let file = Bitboard::from_file(square.file());
            if (board.pawns() & file).is_empty() {
                terms.add(ROOK_OPEN_FILE, 1);
            } else if (own_pawns & file).is_empty() {
                terms.add(ROOK_HALF_OPEN_FILE, 1);
            }
        }
        terms
    }
}

/// The files beside `file`.
fn adjacent_files(file: File) -> Bitboard {
    [file.offset(-1), file.offset(1)]
        .into_iter()
        .flatten()
        .fold(Bitboard::EMPTY, |files, file| files | Bitboard::from_file(file))
}

/// The squares in front of a pawn of `color` on `square`, on its file and the files beside it:
/// a pawn is passed when no enemy pawn stands there.
fn front_span(color: Color, square: Square) -> Bitboard {
    let files = adjacent_files(square.file()) | Bitboard::from_file(square.file());
    let rank = square.rank().to_u32();
    let ahead = match color {
        Color::White => u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    files & Bitboard(ahead)
}

impl BoardEval for TaperedPlus {
    fn white_centipawns(&self, board: &Board, _turn: Color) -> i32 {
        let (tables_middle_game, tables_end_game) = Tapered::white_pair(board);
        let terms = Self::terms(board);
        let phase = Tapered::phase(board);
        ((tables_middle_game + terms.middle_game) * phase
            + (tables_end_game + terms.end_game) * (FULL_PHASE - phase))
            / FULL_PHASE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let position: Chess = fen
            .parse::<Fen>()
            .expect("a valid FEN")
            .into_position(CastlingMode::Standard)
            .expect("a legal position");
        position.board().clone()
    }

    /// White's terms beyond the tables, each case one term in isolation (or nearly).
    #[test]
    fn each_term_scores_as_its_table_says() {
        let cases: [(&str, &str, Pair); 5] = [
            (
                "lone passed pawn on the 6th, isolated",
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                Pair::new(35 - 10, 60 - 10),
            ),
            (
                "doubled and isolated pawns, both passed",
                "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1",
                Pair::new(-10 - 20 + 5 + 5, -20 - 20 + 10 + 10),
            ),
            (
                "a blocked pawn is not passed",
                "4k3/8/3p4/8/8/3P4/8/4K3 w - - 0 1",
                Pair::new(0, 0),
            ),
            (
                "bishop pair, against none (mobility: 7 + 7 squares, average 6)",
                "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
                Pair::new(30 + 5 * 2, 50 + 5 * 2),
            ),
            (
                "rook on an open file (mobility 14 squares but its king's, average 7)",
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                Pair::new(20 + 2 * (10 - 7), 10 + 4 * (10 - 7)),
            ),
        ];
        for (what, fen, expected) in cases {
            assert_eq!(TaperedPlus::terms(&board(fen)), expected, "{what}");
        }
    }

    #[test]
    fn front_spans_look_ahead_for_each_side() {
        // A white pawn on e4 is stopped by pawns on d5-f7, not e3 or c5.
        let span = front_span(Color::White, Square::E4);
        assert!(span.contains(Square::D5) && span.contains(Square::F7) && span.contains(Square::E8));
        assert!(!span.contains(Square::E3) && !span.contains(Square::C5) && !span.contains(Square::E4));
        let span = front_span(Color::Black, Square::E4);
        assert!(span.contains(Square::D3) && span.contains(Square::F1));
        assert!(!span.contains(Square::E5) && !span.contains(Square::E4));
        assert_eq!(
            front_span(Color::White, Square::A7),
            Bitboard::from_square(Square::A8) | Bitboard::from_square(Square::B8)
        );
    }
}
