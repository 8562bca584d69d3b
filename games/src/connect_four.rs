//! Connect Four on a bitboard, plugged into `search-core`, on the standard 7 × 6 board or any
//! other of up to 9 columns and 8 rows (4 × 4, 5 × 4 and 6 × 5 are the small boards the
//! solver's tests settle).
//!
//! Play it in the terminal with `cargo run --release --example connect_four` (the front-end lives
//! in the repository's `examples/connect_four.rs`): a column number (1-7) per move. A number off
//! the board, a full column or text that is not a number is refused by
//! [`ConnectFour::parse_move`] with the reason ([`MoveError`]).
//!
//! # The bitboard
//!
//! Each column takes `height + 1` bits of a `u64` (the cells, bottom first, and one empty guard
//! bit above), so bit `(height + 1) * column + row` is a cell. Two boards describe a position:
//! `mask`, every stone, and `current`, the stones of the side to move. Dropping a stone in a
//! column is one addition (`mask + bottom of the column` carries into the lowest empty cell),
//! and four in a row is four shifted ANDs per direction. This is the representation of John
//! Tromp's and Pascal Pons's solvers.
//!
//! # What the searchers are given
//!
//! - **Order hints** as Pons's solver orders (2019, "Solving Connect 4: how to build a perfect
//!   AI", part 10): a winning move first, then a move that blocks the opponent's immediate win,
//!   then by the number of cells the move makes winning for its player (threats), the centre
//!   columns first among equals; a move that gives the opponent a winning cell right above it
//!   last.
//! - **A hash shared by mirror images**: a position and its mirror image (the columns in reverse
//!   order) have the same value, so they hash the same, and their moves are numbered mirrored
//!   ([`ZobristHash::move_code`]), so that a transposition table's move read back in the mirror
//!   image is the mirrored move. A table then holds each pair once.

use search_core::{Evaluate, Game, MoveList, Outcome, Player, Score, ZobristHash};

/// The standard board's columns.
pub const WIDTH: u8 = 7;
/// The standard board's rows.
pub const HEIGHT: u8 = 6;
/// The most columns a board may have (its columns are typed as one digit).
pub const MAX_WIDTH: u8 = 9;
/// The most rows a board may have.
pub const MAX_HEIGHT: u8 = 8;

/// A board's geometry: its masks, for every size, computed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Geometry {
    /// The bottom cell of every column.
    bottom: u64,
    /// Every playable cell.
    board: u64,
}

/// The geometry of every board, by `[width][height]` (sizes whose bits do not fit are zero).
const GEOMETRY: [[Geometry; MAX_HEIGHT as usize + 1]; MAX_WIDTH as usize + 1] = {
    let empty = Geometry { bottom: 0, board: 0 };
    let mut table = [[empty; MAX_HEIGHT as usize + 1]; MAX_WIDTH as usize + 1];
    let mut width = 1;
    while width <= MAX_WIDTH as u32 {
        let mut height = 1;
        while height <= MAX_HEIGHT as u32 {
            if width * (height + 1) <= 64 {
                let mut bottom = 0u64;
                let mut column = 0;
                while column < width {
                    bottom |= 1 << (column * (height + 1));
                    column += 1;
                }
                table[width as usize][height as usize] = Geometry {
                    bottom,
                    board: bottom * ((1 << height) - 1),
                };
            }
            height += 1;
        }
        width += 1;
    }
    table
};

/// A column, `0..width` internally, shown and typed as `1..=width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(u8);

impl Column {
    /// The column's index, from 0 on the left.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl std::fmt::Display for Column {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Why a typed move or a board size was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a number.
    #[error("'{0}' is not a column: type a number from 1 to {1}")]
    NotANumber(String, u8),
    /// Off the board.
    #[error("column {0} is off the board: columns are numbered 1 to {1}")]
    OutOfRange(i64, u8),
    /// The column is full.
    #[error("column {0} is full")]
    Full(Column),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A board size out of range.
    #[error(
        "a board has 1 to {MAX_WIDTH} columns and 1 to {MAX_HEIGHT} rows, with (rows + 1) x columns at most 64, not {0} x {1}"
    )]
    BadSize(u8, u8),
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// The stones of the side to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Stones played so far.
    plies: u32,
    /// Columns.
    width: u8,
    /// Rows.
    height: u8,
    /// The empty cells where the side to move would have four in a row (kept up to date by
    /// `play`: what the order hints and the value bounds ask at every node).
    my_wins: u64,
    /// The empty cells where the opponent would.
    their_wins: u64,
}

impl Default for ConnectFour {
    /// The empty standard board.
    fn default() -> Self {
        ConnectFour::new()
    }
}

/// Whether `stones` hold four in a row, in any direction, on a board of `column_bits` bits a
/// column.
fn has_four(stones: u64, column_bits: u32) -> bool {
    // Shifts: 1 vertical, a column horizontal, a column less and more the diagonals.
    [1, column_bits, column_bits - 1, column_bits + 1]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

/// The cells (of `free`) where one more stone gives `stones` four in a row: Pons's
/// `compute_winning_position`, for `column_bits` bits a column.
fn winning_cells(stones: u64, free: u64, column_bits: u32) -> u64 {
    // Vertical: three stones right below.
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    // Horizontal and both diagonals: any three of the four cells of a line through the cell.
    for shift in [column_bits, column_bits - 1, column_bits + 1] {
        let pair = (stones << shift) & (stones << (2 * shift));
        cells |= pair & (stones << (3 * shift));
        cells |= pair & (stones >> shift);
        let pair = (stones >> shift) & (stones >> (2 * shift));
        cells |= pair & (stones << shift);
        cells |= pair & (stones >> (3 * shift));
    }
    cells & free
}

impl ConnectFour {
    /// The empty standard board (7 columns, 6 rows).
    pub fn new() -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            plies: 0,
            width: WIDTH,
            height: HEIGHT,
            my_wins: 0,
            their_wins: 0,
        }
    }

    /// The empty board of `width` columns and `height` rows.
    ///
    /// # Errors
    ///
    /// [`MoveError::BadSize`] for a board out of range (see [`MAX_WIDTH`], [`MAX_HEIGHT`]) or
    /// whose cells and guard bits do not fit 64 bits.
    ///
    /// ```
    /// use games::connect_four::ConnectFour;
    /// let small = ConnectFour::with_size(5, 4).unwrap();
    /// assert_eq!(small.size(), (5, 4));
    /// assert!(ConnectFour::with_size(9, 7).is_err()); // 9 x 8 bits
    /// ```
    pub fn with_size(width: u8, height: u8) -> Result<Self, MoveError> {
        if !(1..=MAX_WIDTH).contains(&width)
            || !(1..=MAX_HEIGHT).contains(&height)
            || u32::from(width) * (u32::from(height) + 1) > 64
        {
            return Err(MoveError::BadSize(width, height));
        }
        Ok(ConnectFour {
            width,
            height,
            ..ConnectFour::new()
        })
    }

    /// The position after `columns`, typed as digits 1-7 (`"4453"`), from the empty board.
    pub fn from_moves(columns: &str) -> Result<Self, MoveError> {
        ConnectFour::new().after(columns)
    }

    /// The position after `columns` (digits, as [`from_moves`](Self::from_moves)) from this one.
    pub fn after(&self, columns: &str) -> Result<Self, MoveError> {
        columns
            .chars()
            .filter(|c| !c.is_whitespace())
            .try_fold(*self, |position, c| {
                position
                    .parse_move(&c.to_string())
                    .map(|column| position.play(column))
            })
    }

    /// The board's columns and rows.
    #[must_use]
    pub const fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// The stones played so far.
    #[must_use]
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// A solved value (a strong [`Solver`](search_core::solve::Solver)'s
    /// [`settled`](search_core::solve::Solution::settled), for the side to move) as Connect Four
    /// solvers score it, after Pascal Pons (and the `connect-four-solver` crate): 0 a draw; a win
    /// with the mover's `n`-th stone `(cells / 2 + 1) - n`, so 22 - n on the 7×6 board, and a
    /// loss to the opponent's `n`-th stone minus the same. `None` for a value that is not a draw
    /// or a distance (a weak solve's).
    ///
    /// ```
    /// use games::connect_four::ConnectFour;
    /// use search_core::solve::{Settled, Solver};
    ///
    /// // Three stones in the fourth column against three in the third: the mover wins at once,
    /// // with its fourth stone.
    /// let position = ConnectFour::from_moves("434343")?;
    /// assert_eq!(position.pons_score(Settled::WinIn(1)), Some(18));
    /// let settled = Solver::new().solve(&position).settled().unwrap();
    /// assert_eq!(position.pons_score(settled), Some(18));
    /// # Ok::<(), games::connect_four::MoveError>(())
    /// ```
    #[must_use]
    pub fn pons_score(&self, settled: search_core::solve::Settled) -> Option<i8> {
        use search_core::solve::Settled;
        let best = u32::from(self.width) * u32::from(self.height) / 2 + 1;
        // Stones each side has played so far: the side to move has played floor(plies / 2).
        let (mine, theirs) = (self.plies / 2, self.plies.div_ceil(2));
        let score = match settled {
            Settled::Draw => 0,
            Settled::WinIn(distance) => i64::from(best) - i64::from(mine + distance.div_ceil(2)),
            Settled::LossIn(distance) => -(i64::from(best) - i64::from(theirs + distance / 2)),
            _ => return None,
        };
        i8::try_from(score).ok()
    }

    /// Parses a column typed by a person, checking that a stone can go there.
    pub fn parse_move(&self, text: &str) -> Result<Column, MoveError> {
        let text = text.trim();
        let number: i64 = text
            .parse()
            .map_err(|_| MoveError::NotANumber(text.to_string(), self.width))?;
        if !(1..=i64::from(self.width)).contains(&number) {
            return Err(MoveError::OutOfRange(number, self.width));
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

    const fn column_bits(&self) -> u32 {
        self.height as u32 + 1
    }

    const fn geometry(&self) -> Geometry {
        GEOMETRY[self.width as usize][self.height as usize]
    }

    fn top_cell(&self, column: Column) -> u64 {
        1 << (u32::from(column.0) * self.column_bits() + u32::from(self.height) - 1)
    }

    fn can_play(&self, column: Column) -> bool {
        self.mask & self.top_cell(column) == 0
    }

    /// The cells of `column`.
    fn column_cells(&self, column: Column) -> u64 {
        ((1 << self.height) - 1) << (u32::from(column.0) * self.column_bits())
    }

    /// The cell a stone dropped in `column` lands on (0 if the column is full).
    fn landing_cell(&self, column: Column) -> u64 {
        (self.mask + (1 << (u32::from(column.0) * self.column_bits()))) & self.column_cells(column)
    }

    /// The stones of the player who moved last.
    fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Whether someone has four in a row or the board is full.
    pub fn is_over(&self) -> bool {
        has_four(self.opponent(), self.column_bits()) || self.mask == self.geometry().board
    }

    /// The player with four in a row, if any (always the one who moved last).
    pub fn winner(&self) -> Option<Player> {
        has_four(self.opponent(), self.column_bits()).then(|| self.to_move().opponent())
    }

    /// A key unique to the position: the side to move's stones plus every column's height
    /// marker (Pons's encoding).
    fn key(&self) -> u64 {
        self.current + self.mask + self.geometry().bottom
    }

    /// The mirror image of `bits` (the columns in reverse order).
    fn mirrored(&self, bits: u64) -> u64 {
        let (bits_per_column, width) = (self.column_bits(), u32::from(self.width));
        let column = (1u64 << bits_per_column) - 1;
        (0..width).fold(0, |mirror, c| {
            let cells = (bits >> (c * bits_per_column)) & column;
            mirror | cells << ((width - 1 - c) * bits_per_column)
        })
    }

    /// The smaller of the keys of the position and of its mirror image (the image the hash and
    /// the move codes are taken from), and whether it is the mirror's. The key's columns never
    /// carry into each other (a column's stones plus its bottom bit fit in its bits), so the
    /// mirror image's key is the key mirrored.
    fn canonical_key(&self) -> (u64, bool) {
        let (key, mirror) = (self.key(), self.mirrored(self.key()));
        if mirror < key {
            (mirror, true)
        } else {
            (key, false)
        }
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
        if has_four(self.opponent(), self.column_bits()) {
            return;
        }
        moves.extend(
            (0..self.width)
                .map(Column)
                .filter(|&column| self.can_play(column)),
        );
    }

    fn play(&self, column: Column) -> Self {
        let cell = self.landing_cell(column);
        let mask = self.mask | cell;
        let free = self.geometry().board & !mask;
        ConnectFour {
            // The side to move changes: its stones are now the other player's.
            current: self.current ^ self.mask,
            mask,
            plies: self.plies + 1,
            my_wins: self.their_wins & free,
            their_wins: winning_cells(self.current | cell, free, self.column_bits()),
            ..*self
        }
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if has_four(self.opponent(), self.column_bits()) {
            Some(Outcome::Loss)
        } else if legal_moves == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Pons's order: a win first, then a block of the opponent's win, then by the winning
    /// cells the move makes for its player, the centre first among equals; last, a move that
    /// gives the opponent a winning cell right above it.
    fn order_hint(&self, column: Column) -> i32 {
        let bits = self.column_bits();
        let free = self.geometry().board & !self.mask;
        let cell = self.landing_cell(column);
        let centre = i32::from(self.width / 2) - (i32::from(column.0) - i32::from(self.width / 2)).abs();
        if self.my_wins & cell != 0 {
            return 10_000;
        }
        let theirs = self.their_wins;
        if theirs & cell != 0 {
            return 5_000;
        }
        if theirs & (cell << 1) & self.column_cells(column) != 0 {
            return -1 - i32::from(self.width) + centre; // the opponent wins on top of it
        }
        let threats = winning_cells(self.current | cell, free & !cell, bits).count_ones() as i32;
        100 * threats + centre
    }

    /// Pons's look-ahead as bounds on the value: a win on the next move if a winning cell is
    /// playable; a loss two plies away if the opponent has two playable winning cells (one can
    /// be blocked, not both) and the side to move cannot win first; otherwise no win before the
    /// side to move's next move but one (three plies) and no loss before the opponent's next
    /// (two plies), the bound Pons's solver narrows its window with, which ends at once a
    /// question asked about a faster win than the board allows.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let playable = (self.mask + self.geometry().bottom) & self.geometry().board;
        if self.my_wins & playable != 0 {
            let win = Score::mate_in(1);
            return Some((win, win));
        }
        if (self.their_wins & playable).count_ones() >= 2 {
            let loss = Score::mated_in(2);
            return Some((loss, loss));
        }
        Some((Score::mated_in(2), Score::mate_in(3)))
    }

    /// Winning on the spot, or blocking the opponent's win: what quiescence search follows
    /// beyond the horizon (the landing cell is a winning cell of either side, which `play`
    /// keeps up to date).
    fn is_noisy(&self, column: Column) -> bool {
        (self.my_wins | self.their_wins) & self.landing_cell(column) != 0
    }
}

impl ZobristHash for ConnectFour {
    /// The unique key of the position or of its mirror image, whichever is smaller (the two
    /// have one value), scrambled (SplitMix64) so that its bits spread over a table's index.
    fn zobrist(&self) -> u64 {
        let (key, _) = self.canonical_key();
        crate::hash::mix(key)
    }

    /// The column's index, counted from the right in a position whose mirror image is the one
    /// hashed: a move and its mirror image get one number.
    fn move_code(&self, column: Column) -> Option<u32> {
        Some(u32::from(if self.canonical_key().1 {
            self.width - 1 - column.0
        } else {
            column.0
        }))
    }
}

/// Every window of four cells (horizontal, vertical, both diagonals) of a board: 69 on the
/// standard one.
fn windows(width: u8, height: u8) -> Vec<u64> {
    let (width, height) = (i32::from(width), i32::from(height));
    let cell = |column: i32, row: i32| -> Option<u64> {
        ((0..width).contains(&column) && (0..height).contains(&row))
            .then(|| 1 << (column * (height + 1) + row) as u32)
    };
    let mut windows = Vec::new();
    for column in 0..width {
        for row in 0..height {
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
    size: (u8, u8),
    windows: Vec<u64>,
}

impl OpenWindows {
    /// The evaluator of the standard board, with its 69 windows computed once.
    pub fn new() -> Self {
        OpenWindows::for_size(WIDTH, HEIGHT)
    }

    /// The evaluator of a board of `width` columns and `height` rows (a position of another
    /// size is evaluated with its own windows, computed for it).
    pub fn for_size(width: u8, height: u8) -> Self {
        OpenWindows {
            size: (width, height),
            windows: windows(width, height),
        }
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
        let value = |windows: &[u64]| -> i32 {
            windows
                .iter()
                .map(
                    |&window| match ((mine & window).count_ones(), (theirs & window).count_ones()) {
                        (n, 0) => WEIGHT[n.min(3) as usize],
                        (0, n) => -WEIGHT[n.min(3) as usize],
                        _ => 0,
                    },
                )
                .sum()
        };
        let score = if game.size() == self.size {
            value(&self.windows)
        } else {
            value(&windows(game.width, game.height))
        };
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
        for row in (0..u32::from(self.height)).rev() {
            for column in 0..u32::from(self.width) {
                let bit = 1 << (column * self.column_bits() + row);
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
        for column in 1..=self.width {
            write!(f, " {column}")?;
        }
        writeln!(f)
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
                Ok(position) => assert_eq!(has_four(position.opponent(), 7), winner_moved_last, "{moves}"),
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

    /// A position and its mirror image hash alike, their moves get mirrored codes, and the key
    /// mirrored is the mirror image's key (the columns never carry into each other).
    #[test]
    fn mirror_images_share_a_hash_and_mirrored_move_codes() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut hashes = HashSet::new();
        for _ in 0..200 {
            let (mut position, mut image) = (ConnectFour::new(), ConnectFour::new());
            for _ in 0..12 {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let column = moves[(state >> 33) as usize % moves.len()];
                let mirrored = Column(position.width - 1 - column.0);
                if position.key() != position.mirrored(position.key()) {
                    // (A symmetric position is its own image: its moves keep their numbers.)
                    assert_eq!(position.move_code(column), image.move_code(mirrored));
                }
                position = position.play(column);
                image = image.play(mirrored);
                assert_eq!(position.zobrist(), image.zobrist());
                let geometry = position.geometry();
                let image_key =
                    position.mirrored(position.current) + position.mirrored(position.mask) + geometry.bottom;
                assert_eq!(position.mirrored(position.key()), image_key);
                assert_eq!(position.canonical_key().0, position.key().min(image_key));
                hashes.insert(position.zobrist());
            }
        }
        assert!(hashes.len() > 1_000, "{} hashes", hashes.len());
    }

    /// `is_noisy` from the kept winning cells is the definition: the move makes four for
    /// either side.
    #[test]
    fn a_noisy_move_makes_four_for_either_side() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let (mut noisy, mut quiet) = (0, 0);
        for _ in 0..300 {
            let mut position = ConnectFour::new();
            for _ in 0..30 {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for &column in moves.iter() {
                    let (cell, bits) = (position.landing_cell(column), position.column_bits());
                    let makes_four =
                        has_four(position.current | cell, bits) || has_four(position.opponent() | cell, bits);
                    assert_eq!(position.is_noisy(column), makes_four, "{position:?} {column:?}");
                    *(if makes_four { &mut noisy } else { &mut quiet }) += 1;
                }
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                position = position.play(moves[(state >> 33) as usize % moves.len()]);
            }
        }
        assert!(noisy > 100 && quiet > 1_000, "{noisy} noisy, {quiet} quiet");
    }
}
