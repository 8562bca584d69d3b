//! Tic-tac-toe for `search-core`: small enough to search every reachable position exhaustively,
//! which makes it the proving ground for every searcher.
//!
//! The board's cells are numbered 1 to 9 like a telephone keypad, row by row from the top:
//!
//! ```text
//!  1 | 2 | 3
//! ---+---+---
//!  4 | 5 | 6
//! ---+---+---
//!  7 | 8 | 9
//! ```
//!
//! X moves first. A player who completes a row, column or diagonal wins; a full board without a
//! line is a draw.
//!
//! ```
//! use game_tictactoe::{Heuristic, TicTacToe};
//! use search_core::{Limits, Score, Searcher, reference::AlphaBeta};
//!
//! let empty = TicTacToe::new();
//! let result = AlphaBeta::new(Heuristic).search(&empty, &Limits::depth(9));
//! assert_eq!(result.score, Score::DRAW); // perfect play draws
//!
//! let position = TicTacToe::from_moves("1 4 2 5").unwrap(); // X to move, two in the top row
//! let result = AlphaBeta::new(Heuristic).search(&position, &Limits::depth(9));
//! assert_eq!(result.best_move.unwrap().to_string(), "3");
//! assert_eq!(result.score.to_string(), "mate 1");
//! ```
#![warn(missing_docs)]

use std::fmt;
use std::str::FromStr;

use search_core::{Evaluate, Game, MoveList, Outcome, Player, Score, ZobristHash};

/// A cell of the board, `0..9` internally, shown and parsed as `1..=9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with keypad number `number` (1 to 9).
    #[must_use]
    pub fn from_number(number: u8) -> Option<Cell> {
        (1..=9).contains(&number).then(|| Cell(number - 1))
    }

    /// The keypad number, 1 to 9.
    #[must_use]
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Why a move given as text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a number.
    #[error("'{0}' is not a cell number: type a number from 1 to 9")]
    NotANumber(String),
    /// The number is not 1 to 9.
    #[error("cell {0} is off the board: cells are numbered 1 to 9")]
    OutOfRange(i64),
    /// The cell is taken.
    #[error("cell {0} is already taken")]
    Occupied(Cell),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl FromStr for Cell {
    type Err = MoveError;

    /// Parses a keypad number `1..=9` (surrounding whitespace allowed).
    fn from_str(text: &str) -> Result<Cell, MoveError> {
        let text = text.trim();
        let number: i64 = text
            .parse()
            .map_err(|_| MoveError::NotANumber(text.to_string()))?;
        u8::try_from(number)
            .ok()
            .and_then(Cell::from_number)
            .ok_or(MoveError::OutOfRange(number))
    }
}

/// The eight lines of three, as bit masks over cells `0..9`.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

fn has_line(marks: u16) -> bool {
    LINES.into_iter().any(|line| marks & line == line)
}

/// A tic-tac-toe position: the cells of each player. The side to move follows from the counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

impl TicTacToe {
    /// The empty board, X to move.
    #[must_use]
    pub fn new() -> Self {
        TicTacToe::default()
    }

    /// The position after the given moves from the empty board, as keypad numbers separated by
    /// spaces or commas (`"5 1 9"`).
    ///
    /// # Errors
    ///
    /// A [`MoveError`] for the first move that is not a number, off the board, on a taken cell,
    /// or played after the game ended.
    pub fn from_moves(moves: &str) -> Result<Self, MoveError> {
        moves
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty())
            .try_fold(TicTacToe::new(), |position, word| {
                position.parse_move(word).map(|cell| position.play(cell))
            })
    }

    /// Parses a move typed by a person, checking that it is legal here.
    ///
    /// # Errors
    ///
    /// [`MoveError::NotANumber`], [`MoveError::OutOfRange`], [`MoveError::Occupied`] or
    /// [`MoveError::GameOver`].
    pub fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let cell: Cell = text.parse()?;
        if self.winner().is_some() || self.occupied() == FULL {
            return Err(MoveError::GameOver);
        }
        if self.occupied() & cell.bit() != 0 {
            return Err(MoveError::Occupied(cell));
        }
        Ok(cell)
    }

    /// The player who owns `cell`, if any.
    #[must_use]
    pub fn at(&self, cell: Cell) -> Option<Player> {
        if self.x & cell.bit() != 0 {
            Some(Player::First)
        } else if self.o & cell.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The player who completed a line, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if has_line(self.x) {
            Some(Player::First)
        } else if has_line(self.o) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Whether the game is over (a line, or a full board).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.occupied() == FULL
    }

    fn occupied(&self) -> u16 {
        self.x | self.o
    }

    /// The cells of the side to move and of its opponent.
    fn sides(&self) -> (u16, u16) {
        match self.to_move() {
            Player::First => (self.x, self.o),
            Player::Second => (self.o, self.x),
        }
    }
}

impl Game for TicTacToe {
    type Move = Cell;

    fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Empty cells in keypad order; none once someone has a line.
    fn generate_moves(&self, moves: &mut MoveList<Cell>) {
        if self.winner().is_some() {
            return;
        }
        let empty = !self.occupied() & FULL;
        moves.extend((0..9).filter(|&i| empty & (1 << i) != 0).map(Cell));
    }

    fn play(&self, cell: Cell) -> Self {
        match self.to_move() {
            Player::First => TicTacToe {
                x: self.x | cell.bit(),
                ..*self
            },
            Player::Second => TicTacToe {
                o: self.o | cell.bit(),
                ..*self
            },
        }
    }

    /// The cell's keypad number: the history heuristic's index for a move.
    fn history_index(&self, cell: Cell) -> Option<u16> {
        Some(u16::from(cell.number()))
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        // Only the player who just moved can have completed a line.
        let (_, opponent) = self.sides();
        if has_line(opponent) {
            Some(Outcome::Loss)
        } else if legal_moves == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

/// Every position reachable from the empty board by legal play (5 478 of them, the empty board
/// and finished games included), each once, in breadth-first order.
///
/// ```
/// assert_eq!(game_tictactoe::reachable_positions().len(), 5_478);
/// ```
#[must_use]
pub fn reachable_positions() -> Vec<TicTacToe> {
    let mut seen = std::collections::HashSet::new();
    let mut positions = vec![TicTacToe::new()];
    seen.insert(TicTacToe::new());
    let mut next = 0;
    let mut moves = MoveList::new();
    while next < positions.len() {
        let position = positions[next];
        next += 1;
        moves.clear();
        position.generate_moves(&mut moves);
        for &cell in moves.iter() {
            let child = position.play(cell);
            if seen.insert(child) {
                positions.push(child);
            }
        }
    }
    positions
}

/// Random 64-bit keys for Zobrist hashing, generated at compile time (SplitMix64).
const ZOBRIST_KEYS: [[u64; 9]; 2] = {
    let mut keys = [[0; 9]; 2];
    let mut state: u64 = 0x7177_7AC7_0E00_0001;
    let mut i = 0;
    while i < 18 {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i / 9][i % 9] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

impl ZobristHash for TicTacToe {
    /// XOR of one key per marked cell and owner. The side to move follows from the marks, so it
    /// needs no key of its own.
    fn zobrist(&self) -> u64 {
        (0..9)
            .filter_map(|i| {
                let cell = Cell(i);
                self.at(cell)
                    .map(|player| ZOBRIST_KEYS[(player == Player::Second) as usize][i as usize])
            })
            .fold(0, |hash, key| hash ^ key)
    }

    /// The cell's index.
    fn move_code(&self, cell: Cell) -> Option<u32> {
        Some(u32::from(cell.0))
    }
}

/// A heuristic evaluation for positions cut off by a depth limit: lines still open to one player
/// only, weighted by how many marks they hold (1 mark: 1, 2 marks: 10), mine minus the
/// opponent's, from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Evaluate<TicTacToe> for Heuristic {
    fn evaluate(&self, game: &TicTacToe) -> Score {
        let (mine, theirs) = game.sides();
        let weight = |own: u16, other: u16| -> i32 {
            LINES
                .iter()
                .filter(|&&line| other & line == 0)
                .map(|&line| match (own & line).count_ones() {
                    1 => 1,
                    2 => 10,
                    _ => 0,
                })
                .sum()
        };
        Score::cp(weight(mine, theirs) - weight(theirs, mine))
    }
}

impl fmt::Display for TicTacToe {
    /// The board as three rows, with keypad numbers on the empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            if row > 0 {
                writeln!(f, "---+---+---")?;
            }
            let cells: Vec<String> = (0..3)
                .map(|col| {
                    let cell = Cell(row * 3 + col);
                    match self.at(cell) {
                        Some(Player::First) => "X".to_string(),
                        Some(Player::Second) => "O".to_string(),
                        None => cell.number().to_string(),
                    }
                })
                .collect();
            writeln!(f, " {} | {} | {}", cells[0], cells[1], cells[2])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_gets_its_own_message() {
        let position = TicTacToe::from_moves("5").unwrap();
        let cases = [
            ("x", "'x' is not a cell number: type a number from 1 to 9"),
            ("", "'' is not a cell number: type a number from 1 to 9"),
            ("0", "cell 0 is off the board: cells are numbered 1 to 9"),
            ("10", "cell 10 is off the board: cells are numbered 1 to 9"),
            ("-3", "cell -3 is off the board: cells are numbered 1 to 9"),
            (
                "99999999999999999999",
                "'99999999999999999999' is not a cell number: type a number from 1 to 9",
            ),
            ("5", "cell 5 is already taken"),
        ];
        for (input, message) in cases {
            let error = position.parse_move(input).unwrap_err();
            assert_eq!(error.to_string(), message, "input {input:?}");
        }
        assert_eq!(position.parse_move(" 7 ").unwrap().number(), 7);
        let won = TicTacToe::from_moves("1 4 2 5 3").unwrap();
        assert_eq!(won.parse_move("9"), Err(MoveError::GameOver));
        assert!(TicTacToe::from_moves("1 4 2 5 3 6").is_err());
    }

    #[test]
    fn lines_and_turns() {
        let won = TicTacToe::from_moves("1 4 5 7 9").unwrap();
        assert_eq!(won.winner(), Some(Player::First));
        assert_eq!(won.to_move(), Player::Second);
        let mut moves = MoveList::new();
        won.generate_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(won.outcome(0), Some(Outcome::Loss));

        let drawn = TicTacToe::from_moves("1 2 3 5 4 6 8 7 9").unwrap();
        assert_eq!(drawn.winner(), None);
        assert_eq!(drawn.outcome(0), Some(Outcome::Draw));
    }

    #[test]
    fn zobrist_is_incrementally_consistent_and_distinguishes_owners() {
        let a = TicTacToe::from_moves("1 2").unwrap();
        let b = TicTacToe::from_moves("2 1").unwrap();
        assert_ne!(a.zobrist(), b.zobrist());
        assert_eq!(
            TicTacToe::from_moves("1 2 3").unwrap().zobrist(),
            TicTacToe::from_moves("3 2 1").unwrap().zobrist()
        );
        assert_eq!(TicTacToe::new().zobrist(), 0);
    }

    #[test]
    fn heuristic_is_antisymmetric() {
        let position = TicTacToe::from_moves("5 1").unwrap();
        // X to move. X's centre has three open lines (the 1-5-9 diagonal is blocked by O);
        // O's corner has two (its row and column).
        assert_eq!(Heuristic.evaluate(&position), Score::cp(3 - 2));
        // The marks swapped: the same difference, seen from the other side.
        let swapped = TicTacToe::from_moves("1 5").unwrap();
        assert_eq!(Heuristic.evaluate(&swapped), Score::cp(2 - 3));
    }

    #[test]
    fn displays_the_board() {
        let shown = TicTacToe::from_moves("5 1").unwrap().to_string();
        assert_eq!(
            shown,
            " O | 2 | 3\n---+---+---\n 4 | X | 6\n---+---+---\n 7 | 8 | 9\n"
        );
    }
}

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
