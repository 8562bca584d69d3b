//! Connect Four on a bitboard, plugged into `search-core`.
//!
//! Play it in the terminal with `cargo run --release --example connect_four` (the front-end lives
//! in the repository's `examples/connect_four.rs`): a column number (1-7) per move. A number off
//! the board, a full column or text that is not a number is refused by
//! [`ConnectFour::parse_move`] with the reason ([`MoveError`]).
//!
//! # The bitboard
//!
//! Each column takes 7 bits of a `u64` (6 cells, bottom first, and one empty guard bit above),
//! so bit `7 * column + row` is a cell. Two boards describe a position: `mask`, every stone, and
//! `current`, the stones of the side to move. Dropping a stone in a column is one addition
//! (`mask + bottom of the column` carries into the lowest empty cell), and four in a row is four
//! shifted ANDs per direction. This is the representation of John Tromp's and Pascal Pons's
//! solvers.

use search_core::{Evaluate, Game, MoveList, Outcome, Player, Score, ZobristHash};

const WIDTH: u32 = 7;
const HEIGHT: u32 = 6;
/// Bits per column: the cells and a guard bit.
const COLUMN_BITS: u32 = HEIGHT + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut bottom = 0;
    let mut column = 0;
    while column < WIDTH {
        bottom |= 1 << (column * COLUMN_BITS);
        column += 1;
    }
    bottom
};
/// Every playable cell.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// A column, `0..7` internally, shown and typed as `1..=7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(u8);

impl std::fmt::Display for Column {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Why a typed move was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a number.
    #[error("'{0}' is not a column: type a number from 1 to 7")]
    NotANumber(String),
    /// Off the board.
    #[error("column {0} is off the board: columns are numbered 1 to 7")]
    OutOfRange(i64),
    /// The column is full.
    #[error("column {0} is full")]
    Full(Column),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// The stones of the side to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Stones played so far.
    plies: u32,
}

/// Whether `stones` hold four in a row, in any direction.
fn has_four(stones: u64) -> bool {
    // Shifts: 1 vertical, 7 horizontal, 6 and 8 the diagonals.
    [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

impl ConnectFour {
    /// The empty board.
    pub fn new() -> Self {
        ConnectFour::default()
    }

    /// The position after `columns`, typed as digits 1-7 (`"4453"`), from the empty board.
    pub fn from_moves(columns: &str) -> Result<Self, MoveError> {
        columns
            .chars()
            .filter(|c| !c.is_whitespace())
            .try_fold(ConnectFour::new(), |position, c| {
                position
                    .parse_move(&c.to_string())
                    .map(|column| position.play(column))
            })
    }

    /// Parses a column typed by a person, checking that a stone can go there.
    pub fn parse_move(&self, text: &str) -> Result<Column, MoveError> {
        let text = text.trim();
        let number: i64 = text
            .parse()
            .map_err(|_| MoveError::NotANumber(text.to_string()))?;
        if !(1..=i64::from(WIDTH)).contains(&number) {
            return Err(MoveError::OutOfRange(number));
        }
        let column = Column((number - 1) as u8);
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.can_play(column) {
            return Err(MoveError::Full(column));
        }
        Ok(column)
    }

    fn top_cell(column: Column) -> u64 {
        1 << (u32::from(column.0) * COLUMN_BITS + HEIGHT - 1)
    }

    fn can_play(&self, column: Column) -> bool {
        self.mask & Self::top_cell(column) == 0
    }

    /// The cell a stone dropped in `column` lands on (0 if the column is full).
    fn landing_cell(&self, column: Column) -> u64 {
        let column_cells = ((1 << HEIGHT) - 1) << (u32::from(column.0) * COLUMN_BITS);
        (self.mask + (1 << (u32::from(column.0) * COLUMN_BITS))) & column_cells
    }

    /// The stones of the player who moved last.
    fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Whether someone has four in a row or the board is full.
    pub fn is_over(&self) -> bool {
        has_four(self.opponent()) || self.mask == BOARD
    }

    /// The player with four in a row, if any (always the one who moved last).
    pub fn winner(&self) -> Option<Player> {
        has_four(self.opponent()).then(|| self.to_move().opponent())
    }

    /// A key unique to the position: the side to move's stones plus every column's height
    /// marker (Pons's encoding).
    fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }
}

impl Game for ConnectFour {
    type Move = Column;

    fn to_move(&self) -> Player {
        if self.plies % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Column>) {
        if has_four(self.opponent()) {
            return;
        }
        moves.extend(
            (0..WIDTH as u8)
                .map(Column)
                .filter(|&column| self.can_play(column)),
        );
    }

    fn play(&self, column: Column) -> Self {
        let bottom_of_column = 1 << (u32::from(column.0) * COLUMN_BITS);
        ConnectFour {
            // The side to move changes: its stones are now the other player's.
            current: self.current ^ self.mask,
            mask: self.mask | (self.mask + bottom_of_column),
            plies: self.plies + 1,
        }
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if has_four(self.opponent()) {
            Some(Outcome::Loss)
        } else if legal_moves == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Centre columns first: they take part in the most lines.
    fn order_hint(&self, column: Column) -> i32 {
        3 - (i32::from(column.0) - 3).abs()
    }

    /// Winning on the spot, or blocking the opponent's win: what quiescence search follows
    /// beyond the horizon.
    fn is_noisy(&self, column: Column) -> bool {
        let cell = self.landing_cell(column);
        has_four(self.current | cell) || has_four(self.opponent() | cell)
    }
}

impl ZobristHash for ConnectFour {
    /// The unique key, scrambled (SplitMix64) so that its bits spread over a table's index.
    fn zobrist(&self) -> u64 {
        let mut x = self.key().wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }

    /// The column's index.
    fn move_code(&self, column: Column) -> Option<u32> {
        Some(u32::from(column.0))
    }
}

/// Every window of four cells (horizontal, vertical, both diagonals): 69 of them.
fn windows() -> Vec<u64> {
    let cell = |column: i32, row: i32| -> Option<u64> {
        ((0..WIDTH as i32).contains(&column) && (0..HEIGHT as i32).contains(&row))
            .then(|| 1 << (column as u32 * COLUMN_BITS + row as u32))
    };
    let mut windows = Vec::new();
    for column in 0..WIDTH as i32 {
        for row in 0..HEIGHT as i32 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let cells: Option<Vec<u64>> = (0..4).map(|i| cell(column + i * dc, row + i * dr)).collect();
                if let Some(cells) = cells {
                    windows.push(cells.into_iter().fold(0, |window, bit| window | bit));
                }
            }
        }
    }
    windows
}

/// A heuristic: every window of four still open to one player scores for that player, more the
/// fuller it is (1, 4, 16 for one, two, three stones), from the side to move's point of view.
#[derive(Clone, Debug)]
pub struct OpenWindows {
    windows: Vec<u64>,
}

impl OpenWindows {
    /// The evaluator, with its 69 windows computed once.
    pub fn new() -> Self {
        OpenWindows { windows: windows() }
    }
}

impl Default for OpenWindows {
    fn default() -> Self {
        Self::new()
    }
}

impl Evaluate<ConnectFour> for OpenWindows {
    fn evaluate(&self, game: &ConnectFour) -> Score {
        const WEIGHT: [i32; 4] = [0, 1, 4, 16];
        let (mine, theirs) = (game.current, game.opponent());
        let score: i32 = self
            .windows
            .iter()
            .map(
                |&window| match ((mine & window).count_ones(), (theirs & window).count_ones()) {
                    (n, 0) => WEIGHT[n.min(3) as usize],
                    (0, n) => -WEIGHT[n.min(3) as usize],
                    _ => 0,
                },
            )
            .sum();
        Score::cp(score)
    }
}

impl std::fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The first player is X, whoever is to move now.
        let (first, second) = match self.to_move() {
            Player::First => (self.current, self.opponent()),
            Player::Second => (self.opponent(), self.current),
        };
        for row in (0..HEIGHT).rev() {
            for column in 0..WIDTH {
                let bit = 1 << (column * COLUMN_BITS + row);
                let mark = if first & bit != 0 {
                    'X'
                } else if second & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, " 1 2 3 4 5 6 7")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use search_core::engine::{Config, Engine};
    use search_core::reference::{AlphaBeta, Minimax, MinimaxQuiescence, Negamax};
    use search_core::testing::CrossCheck;
    use search_core::{Limits, Searcher};

    use super::*;

    /// Why the quiescence reference is not checked against plain minimax here.
    const QUIESCENCE_REFERENCE: &str = "minimax + quiescence differs from plain minimax by design; search-core/tests/reference_searchers.rs holds it to a two-sided quiescence";

    fn perft(position: &ConnectFour, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        moves
            .iter()
            .map(|&column| perft(&position.play(column), depth - 1))
            .sum()
    }

    #[test]
    fn perft_from_the_empty_board() {
        let counts: Vec<u64> = (1..=6).map(|depth| perft(&ConnectFour::new(), depth)).collect();
        assert_eq!(counts, [7, 49, 343, 2_401, 16_807, 117_649]);
    }

    #[test]
    fn distinct_positions_after_each_ply() {
        let mut layer: HashSet<ConnectFour> = HashSet::from([ConnectFour::new()]);
        let mut counts = Vec::new();
        let mut moves = MoveList::new();
        for _ply in 1..=8 {
            let mut next = HashSet::new();
            for position in &layer {
                moves.clear();
                position.generate_moves(&mut moves);
                next.extend(moves.iter().map(|&column| position.play(column)));
            }
            counts.push(next.len());
            layer = next;
        }
        assert_eq!(counts, [7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275]);
    }

    #[test]
    fn keys_are_unique_per_position() {
        // Transpositions meet at one key; different positions never share one.
        let a = ConnectFour::from_moves("4453").unwrap();
        let b = ConnectFour::from_moves("5344").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.zobrist(), b.zobrist());
        assert_ne!(a.key(), ConnectFour::from_moves("4435").unwrap().key());
    }

    #[test]
    fn four_in_a_row_in_every_direction() {
        for (moves, winner_moved_last) in [
            // X on the bottom row, columns 4 to 7.
            ("4455667", true),
            // X up column 4.
            ("4545454", true),
            // X on the diagonal c1r0, c2r1, c3r2, c4r3 (O's stones fill the cells below).
            ("12233434644", true),
            // The same game one move earlier: nobody has four yet.
            ("1223343464", false),
        ] {
            let position = ConnectFour::from_moves(moves);
            match position {
                Ok(position) => assert_eq!(has_four(position.opponent()), winner_moved_last, "{moves}"),
                Err(error) => panic!("{moves}: {error}"),
            }
        }
    }

    #[test]
    fn bad_input_gets_its_own_message() {
        let full_column = ConnectFour::from_moves("111111").unwrap();
        let cases = [
            ("x", "'x' is not a column: type a number from 1 to 7"),
            ("0", "column 0 is off the board: columns are numbered 1 to 7"),
            ("8", "column 8 is off the board: columns are numbered 1 to 7"),
            ("1", "column 1 is full"),
        ];
        for (input, message) in cases {
            assert_eq!(full_column.parse_move(input).unwrap_err().to_string(), message);
        }
        let won = ConnectFour::from_moves("4545454").unwrap();
        assert_eq!(won.parse_move("1"), Err(MoveError::GameOver));
    }

    /// Positions reached by seeded pseudo-random play, 0 to 22 stones deep.
    fn seeded_positions() -> Vec<ConnectFour> {
        let mut positions = Vec::new();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for game in 0..12u32 {
            let mut position = ConnectFour::new();
            for _ in 0..(game * 2) {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                position = position.play(moves[(state % moves.len() as u64) as usize]);
            }
            positions.push(position);
        }
        positions
    }

    /// The exact preset with `features` (in the text form) added.
    fn exact_with(features: &str) -> Engine<ConnectFour, OpenWindows> {
        Engine::with_config(OpenWindows::new(), Config::exact().with(features).unwrap())
    }

    #[test]
    fn references_and_the_engine_agree_at_depths_1_to_6_on_seeded_positions() {
        let positions = seeded_positions();
        CrossCheck::new(Minimax::new(OpenWindows::new()))
            .searcher(Negamax::new(OpenWindows::new()))
            .searcher(AlphaBeta::new(OpenWindows::new()))
            .searcher(Engine::exact(OpenWindows::new()))
            .searcher(exact_with("etc"))
            .searcher(exact_with("mtdf=two-back"))
            .searcher(exact_with("asp=4"))
            .value_changing(Engine::strongest(OpenWindows::new()))
            .depths(1..=6)
            .run(&positions)
            .assert_agree();
    }

    #[test]
    fn quiescence_agrees_with_its_reference_and_sees_past_the_horizon() {
        CrossCheck::new(MinimaxQuiescence::new(OpenWindows::new()))
            .unchecked_reference(QUIESCENCE_REFERENCE)
            .searcher(exact_with("qs"))
            .searcher(Engine::with_config(OpenWindows::new(), "qs".parse().unwrap()))
            .depths(1..=4)
            .run(&seeded_positions())
            .assert_agree();
        // X has three on the bottom row (columns 1-3) and O is to move: one ply deep, plain
        // alpha-beta drops in column 5; quiescence sees X's reply and blocks column 4.
        let position = ConnectFour::from_moves("1533222").unwrap();
        assert!(position.is_noisy(Column(3)) && !position.is_noisy(Column(4)));
        let plain = AlphaBeta::new(OpenWindows::new()).search(&position, &Limits::depth(1));
        assert_eq!(plain.best_move, Some(Column(4)));
        let quiet = exact_with("qs").search(&position, &Limits::depth(1));
        assert_eq!(quiet.best_move, Some(Column(3)));
    }

    #[test]
    fn an_immediate_win_is_taken() {
        // X has three on the bottom row (columns 4, 5, 6) and wins with 3 or 7.
        let position = ConnectFour::from_moves("415162").unwrap();
        let result = AlphaBeta::new(OpenWindows::new()).search(&position, &Limits::depth(6));
        assert_eq!(result.score, Score::mate_in(1));
        assert!([Column(2), Column(6)].contains(&result.best_move.unwrap()));
    }
}
