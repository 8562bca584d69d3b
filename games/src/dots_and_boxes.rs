//! **Dots and Boxes** on small boards: a game where the player who completes a box moves again,
//! scored by the box difference.
//!
//! A board of `rows × cols` boxes has `(rows + 1) × (cols + 1)` dots. A move draws one line between
//! two neighbouring dots. A player who completes one or two boxes with a line owns them and **must
//! move again** (an extra turn); otherwise the turn passes. When every line is drawn the game is
//! over and the result is the difference in boxes ([`Outcome::Margin`]): on a 2 × 2 board, taking
//! all four boxes is `+4`.
//!
//! This is the game that showed the negamax-form searchers negating after an extra turn: with one
//! line left, the side to move takes the last box; a searcher that negates at every ply scores the
//! end for the wrong player. The two-sided [`Minimax`](search_core::reference::Minimax) never
//! negates and is the reference of record; the tests below hold every reference to it, and
//! [`Oracle`] (a memoised search of its own, sharing nothing with the project's searchers) to
//! both.
//!
//! ```
//! use games::dots_and_boxes::DotsAndBoxes;
//! use search_core::reference::{Minimax, Negamax};
//! use search_core::{Game, Limits, Player, Score, Searcher};
//!
//! // One box; three of its sides are drawn and the second player is to move.
//! let position = DotsAndBoxes::from_lines(1, 1, "a1-b1 a2-b2 a1-a2").unwrap();
//! assert_eq!(position.to_move(), Player::Second);
//! let last = position.parse_line("b1-b2").unwrap();
//! // Completing the box: the same player is to move again, and the game is over, +1.
//! assert_eq!(position.play(last).to_move(), Player::Second);
//! for result in [
//!     Minimax::new(DotsAndBoxes::evaluate_lead).search(&position, &Limits::depth(1)),
//!     Negamax::new(DotsAndBoxes::evaluate_lead).search(&position, &Limits::depth(1)),
//! ] {
//!     assert_eq!(result.score, Score::won_by(1, 1));
//!     assert_eq!(result.score.to_string(), "margin +1 in 1 plies");
//! }
//! ```

use crate::hash::mix;
use std::collections::HashMap;
use std::fmt;

use search_core::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// At most this many boxes per side of the board (4 × 4 boxes: 40 lines).
pub const MAX_SIDE: u8 = 4;

/// A line between two neighbouring dots, by its index (horizontal lines first, row by row, then
/// vertical ones). [`DotsAndBoxes::line_name`] names it as people type it (`a1-b1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line(u8);

impl Line {
    /// The line's index: `0..lines()` of its board.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

/// A Dots and Boxes position: the board's size, the lines drawn, who owns which box, who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DotsAndBoxes {
    rows: u8,
    cols: u8,
    drawn: u64,
    /// The boxes of [`Player::First`] and [`Player::Second`], bit `row * cols + col`.
    boxes: [u16; 2],
    to_move: Player,
}

/// Why a board or a typed line was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DotsError {
    /// A board size out of range.
    #[error("a board has 1 to {MAX_SIDE} boxes per side, not {0} x {1}")]
    BadSize(u8, u8),
    /// Not two dots.
    #[error("type two neighbouring dots, like 'a1 b1' or 'a1-a2'")]
    Format,
    /// A dot off the board.
    #[error("there is no dot '{0}': dots are a1 to {1}")]
    NoSuchDot(String, String),
    /// Two dots that are not neighbours.
    #[error("{0} and {1} are not neighbouring dots")]
    NotNeighbours(String, String),
    /// The line is already there.
    #[error("the line {0} is already drawn")]
    AlreadyDrawn(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

fn player_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl DotsAndBoxes {
    /// An empty board of `rows × cols` boxes (each 1 to [`MAX_SIDE`]), the first player to move.
    ///
    /// # Errors
    ///
    /// [`DotsError::BadSize`] for a size out of range.
    pub fn new(rows: u8, cols: u8) -> Result<DotsAndBoxes, DotsError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(DotsError::BadSize(rows, cols));
        }
        Ok(DotsAndBoxes {
            rows,
            cols,
            drawn: 0,
            boxes: [0, 0],
            to_move: Player::First,
        })
    }

    /// The position after drawing `lines` (names such as `a1-b1`, separated by spaces) from an
    /// empty board, with the extra-turn rule applied on the way.
    ///
    /// # Errors
    ///
    /// The first line that [`parse_line`](Self::parse_line) refuses.
    pub fn from_lines(rows: u8, cols: u8, lines: &str) -> Result<DotsAndBoxes, DotsError> {
        lines
            .split_whitespace()
            .try_fold(DotsAndBoxes::new(rows, cols)?, |position, name| {
                position.parse_line(name).map(|line| position.play(line))
            })
    }

    /// The number of boxes per column and per row: `(rows, cols)`.
    #[must_use]
    pub const fn size(&self) -> (u8, u8) {
        (self.rows, self.cols)
    }

    /// The number of lines of the board: `(rows + 1) × cols + rows × (cols + 1)`.
    #[must_use]
    pub const fn lines(&self) -> u32 {
        let (rows, cols) = (self.rows as u32, self.cols as u32);
        (rows + 1) * cols + rows * (cols + 1)
    }

    /// The lines still to draw: the longest the game can last, in plies.
    #[must_use]
    pub const fn lines_left(&self) -> u32 {
        self.lines() - self.drawn.count_ones()
    }

    /// The index of the horizontal line from dot `(row, col)` to `(row, col + 1)`.
    const fn horizontal(&self, row: u8, col: u8) -> u8 {
        row * self.cols + col
    }

    /// The index of the vertical line from dot `(row, col)` to `(row + 1, col)`.
    const fn vertical(&self, row: u8, col: u8) -> u8 {
        (self.rows + 1) * self.cols + row * (self.cols + 1) + col
    }

    /// The four lines of box `(row, col)`.
    const fn box_lines(&self, row: u8, col: u8) -> u64 {
        1 << self.horizontal(row, col)
            | 1 << self.horizontal(row + 1, col)
            | 1 << self.vertical(row, col)
            | 1 << self.vertical(row, col + 1)
    }

    /// The boxes (at most two) that `line` is a side of, as `(row, col)`.
    fn boxes_of(&self, line: Line) -> impl Iterator<Item = (u8, u8)> {
        let horizontal_lines = (self.rows + 1) * self.cols;
        let (mut first, mut second) = (None, None);
        if line.0 < horizontal_lines {
            let (row, col) = (line.0 / self.cols, line.0 % self.cols);
            if row > 0 {
                first = Some((row - 1, col));
            }
            if row < self.rows {
                second = Some((row, col));
            }
        } else {
            let index = line.0 - horizontal_lines;
            let (row, col) = (index / (self.cols + 1), index % (self.cols + 1));
            if col > 0 {
                first = Some((row, col - 1));
            }
            if col < self.cols {
                second = Some((row, col));
            }
        }
        first.into_iter().chain(second)
    }

    /// How many boxes drawing `line` (not yet drawn) completes: 0, 1 or 2.
    #[must_use]
    pub fn completes(&self, line: Line) -> u32 {
        let after = self.drawn | 1 << line.0;
        self.boxes_of(line)
            .filter(|&(row, col)| after & self.box_lines(row, col) == self.box_lines(row, col))
            .count() as u32
    }

    /// The boxes `player` owns.
    #[must_use]
    pub const fn boxes(&self, player: Player) -> u32 {
        self.boxes[match player {
            Player::First => 0,
            Player::Second => 1,
        }]
        .count_ones()
    }

    /// The side to move's boxes minus the opponent's.
    #[must_use]
    pub fn lead(&self) -> i32 {
        self.boxes(self.to_move) as i32 - self.boxes(self.to_move.opponent()) as i32
    }

    /// Whether every line is drawn.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.lines_left() == 0
    }

    /// The name of dot `(row, col)`: a column letter and a row number from 1, `a1` top left.
    fn dot_name(row: u8, col: u8) -> String {
        format!("{}{}", char::from(b'a' + col), row + 1)
    }

    /// The line's name as people type it: its two dots, `a1-b1`.
    #[must_use]
    pub fn line_name(&self, line: Line) -> String {
        let horizontal_lines = (self.rows + 1) * self.cols;
        if line.0 < horizontal_lines {
            let (row, col) = (line.0 / self.cols, line.0 % self.cols);
            format!("{}-{}", Self::dot_name(row, col), Self::dot_name(row, col + 1))
        } else {
            let index = line.0 - horizontal_lines;
            let (row, col) = (index / (self.cols + 1), index % (self.cols + 1));
            format!("{}-{}", Self::dot_name(row, col), Self::dot_name(row + 1, col))
        }
    }

    /// Parses one dot (`b2`) into `(row, col)`.
    fn parse_dot(&self, text: &str) -> Result<(u8, u8), DotsError> {
        let no_such_dot = || DotsError::NoSuchDot(text.to_string(), Self::dot_name(self.rows, self.cols));
        let mut chars = text.chars();
        let letter = chars.next().ok_or(DotsError::Format)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(DotsError::Format);
        }
        let row: u32 = chars.as_str().parse().map_err(|_| no_such_dot())?;
        let col = u32::from(letter) - u32::from('a');
        if row == 0 || row > u32::from(self.rows) + 1 || col > u32::from(self.cols) {
            return Err(no_such_dot());
        }
        Ok(((row - 1) as u8, col as u8))
    }

    /// Parses a line typed by a person: two neighbouring dots, separated by a space or a dash
    /// (`a1 b1`, `a1-a2`), and checks that it can be drawn.
    ///
    /// # Errors
    ///
    /// Why the text is not a line that can be drawn now ([`DotsError`]).
    pub fn parse_line(&self, text: &str) -> Result<Line, DotsError> {
        let dots: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == '-')
            .filter(|part| !part.is_empty())
            .collect();
        let [a, b] = dots[..] else {
            return Err(DotsError::Format);
        };
        let (first, second) = (self.parse_dot(a)?, self.parse_dot(b)?);
        let (low, high) = (first.min(second), first.max(second));
        let line = if low.0 == high.0 && high.1 == low.1 + 1 {
            Line(self.horizontal(low.0, low.1))
        } else if low.1 == high.1 && high.0 == low.0 + 1 {
            Line(self.vertical(low.0, low.1))
        } else {
            return Err(DotsError::NotNeighbours(a.to_string(), b.to_string()));
        };
        if self.is_over() {
            return Err(DotsError::GameOver);
        }
        if self.drawn & 1 << line.0 != 0 {
            return Err(DotsError::AlreadyDrawn(self.line_name(line)));
        }
        Ok(line)
    }

    /// The evaluation: the side to move's box lead, 100 per box, plus 50 per box that has three
    /// sides drawn (the side to move can take it now).
    #[must_use]
    pub fn evaluate_lead(position: &DotsAndBoxes) -> Score {
        let mut open = 0;
        for row in 0..position.rows {
            for col in 0..position.cols {
                if (position.drawn & position.box_lines(row, col)).count_ones() == 3 {
                    open += 1;
                }
            }
        }
        Score::cp(100 * position.lead() + 50 * open)
    }
}

impl Game for DotsAndBoxes {
    type Move = Line;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<Line>) {
        moves.extend(
            (0..self.lines() as u8)
                .filter(|&index| self.drawn & 1 << index == 0)
                .map(Line),
        );
    }

    /// Draws `line`; a player who completes a box owns it and moves again.
    fn play(&self, line: Line) -> Self {
        let mut next = *self;
        next.drawn |= 1 << line.0;
        let mut completed = 0;
        for (row, col) in self.boxes_of(line) {
            let sides = self.box_lines(row, col);
            if next.drawn & sides == sides {
                next.boxes[player_index(self.to_move)] |= 1 << (row * self.cols + col);
                completed += 1;
            }
        }
        if completed == 0 {
            next.to_move = self.to_move.opponent();
        }
        next
    }

    /// Every line drawn: the box difference, for the side to move.
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then(|| Outcome::Margin(self.lead()))
    }

    /// A line that completes a box first.
    /// The boxes already owned bound the margin: the boxes left may all go to either side.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let owned = (self.boxes[0] | self.boxes[1]).count_ones() as i32;
        let left = i32::from(self.rows) * i32::from(self.cols) - owned;
        let lead = self.lead();
        Some(Score::margin_range(lead - left, lead + left))
    }

    /// No margin exceeds the number of boxes.
    fn value_bound(&self) -> Score {
        Score::won_by(i32::from(self.rows) * i32::from(self.cols), 0)
    }

    fn order_hint(&self, line: Line) -> i32 {
        self.completes(line) as i32
    }
}

impl DotsAndBoxes {
    /// The lines drawn, the side to move and the size, packed without overlap (40 + 1 + 6
    /// bits, leaving bits 40 to 45 for a lead).
    fn lines_and_turn(&self) -> u64 {
        self.drawn
            | u64::from(self.to_move == Player::Second) << 46
            | u64::from(self.rows) << 47
            | u64::from(self.cols) << 50
    }
}

impl ZobristHash for DotsAndBoxes {
    /// The lines drawn, the first player's lead, the side to move and the size, packed without
    /// overlap (40 + 6 + 1 + 6 bits) and mixed (SplitMix64). Who owns which box does not matter
    /// to the rest of the game, only the lead: positions that differ only there hash alike.
    fn zobrist(&self) -> u64 {
        let lead = self.boxes(Player::First) as i32 - self.boxes(Player::Second) as i32;
        mix(self.lines_and_turn() | ((lead + 16) as u64) << 40)
    }

    /// The lines drawn, the side to move and the size (what the rest of the game depends on),
    /// and the boxes the side to move leads by: the margin is that lead plus what the lines
    /// left will bring.
    fn banked_key(&self) -> Option<(u64, i32)> {
        Some((mix(self.lines_and_turn()), self.lead()))
    }

    /// The line's index.
    fn move_code(&self, line: Line) -> Option<u32> {
        Some(u32::from(line.0))
    }
}

impl fmt::Display for DotsAndBoxes {
    /// The board: `o` dots, `---` and `|` lines, `X` and `O` in the boxes of the first and the
    /// second player, column letters and row numbers to type lines with.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = (0..=self.cols)
            .map(|col| char::from(b'a' + col).to_string())
            .collect();
        writeln!(f, "   {}", letters.join("   "))?;
        for row in 0..=self.rows {
            write!(f, "{:>2} o", row + 1)?;
            for col in 0..self.cols {
                let drawn = self.drawn & 1 << self.horizontal(row, col) != 0;
                write!(f, "{}o", if drawn { "---" } else { "   " })?;
            }
            writeln!(f)?;
            if row == self.rows {
                break;
            }
            write!(f, "   ")?;
            for col in 0..=self.cols {
                let drawn = self.drawn & 1 << self.vertical(row, col) != 0;
                write!(f, "{}", if drawn { '|' } else { ' ' })?;
                if col < self.cols {
                    let bit = 1 << (row * self.cols + col);
                    let owner = if self.boxes[0] & bit != 0 {
                        'X'
                    } else if self.boxes[1] & bit != 0 {
                        'O'
                    } else {
                        ' '
                    };
                    write!(f, " {owner} ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A perfect-play oracle of its own, sharing nothing with the project's searchers: a memoised
/// search over the set of lines drawn.
///
/// What the rest of the game is worth to the side to move does not depend on who owns the boxes
/// already taken, nor on who moves (the board is the same for both): only on the lines drawn. So
/// `rest(lines) = max over undrawn lines l of (c + rest(lines + l))` when `l` completes `c > 0`
/// boxes (the mover moves again), `-rest(lines + l)` otherwise; and the position's perfect-play
/// margin is its [`lead`](DotsAndBoxes::lead) plus `rest`. One entry per set of lines: `2^24`
/// at most on a 3 × 3 board.
#[derive(Debug, Default)]
pub struct Oracle {
    rest: HashMap<u64, i8>,
}

impl Oracle {
    /// An empty solver.
    #[must_use]
    pub fn new() -> Self {
        Oracle::default()
    }

    /// The final box difference for the side to move with perfect play from `position`.
    pub fn margin(&mut self, position: &DotsAndBoxes) -> i32 {
        position.lead() + i32::from(self.rest(position))
    }

    /// The best margin the side to move can still make from the boxes not yet taken.
    fn rest(&mut self, position: &DotsAndBoxes) -> i8 {
        if let Some(&known) = self.rest.get(&position.drawn) {
            return known;
        }
        let mut best = None;
        for index in 0..position.lines() as u8 {
            if position.drawn & 1 << index != 0 {
                continue;
            }
            let line = Line(index);
            let completed = position.completes(line) as i8;
            let mut child = *position;
            child.drawn |= 1 << index;
            let rest = self.rest(&child);
            let value = if completed > 0 { completed + rest } else { -rest };
            best = Some(best.map_or(value, |best: i8| best.max(value)));
        }
        let value = best.unwrap_or(0);
        self.rest.insert(position.drawn, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
    use search_core::testing::CrossCheck;
    use search_core::{Limits, Searcher};

    use super::*;

    /// Every position reachable from the empty board of `rows × cols`, each once (by lines drawn
    /// and owners).
    fn reachable(rows: u8, cols: u8) -> Vec<DotsAndBoxes> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![DotsAndBoxes::new(rows, cols).unwrap()];
        let mut positions = Vec::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(position) {
                continue;
            }
            positions.push(position);
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            stack.extend(moves.iter().map(|&line| position.play(line)));
        }
        positions
    }

    /// The issue's simplest case: 2 × 2, the first player to move owns three boxes, one line
    /// (c2-c3) is left. Non-completing lines alternate; completing ones (moves 7, 10, 11) keep
    /// the first player on move.
    fn one_line_left() -> DotsAndBoxes {
        DotsAndBoxes::from_lines(
            2,
            2,
            "b3-c3 b2-c2 b2-b3 a1-b1 a1-a2 a2-b2 b1-b2 c1-c2 a2-a3 b1-c1 a3-b3",
        )
        .unwrap()
    }

    #[test]
    fn with_one_line_left_the_side_to_move_takes_the_last_box_and_wins_4_0() {
        let position = one_line_left();
        assert_eq!(position.lines_left(), 1);
        assert_eq!((position.to_move(), position.lead()), (Player::First, 3));
        let last = position.play(position.parse_line("c3 c2").unwrap());
        assert_eq!(last.to_move(), Player::First, "completing a box moves again");
        assert_eq!(last.outcome(0), Some(Outcome::Margin(4)));
        let expected = Score::won_by(4, 1);
        let evaluate = DotsAndBoxes::evaluate_lead;
        let mut searchers: Vec<Box<dyn Searcher<DotsAndBoxes>>> = vec![
            Box::new(Minimax::new(evaluate)),
            Box::new(AlphaBetaMinimax::new(evaluate)),
            Box::new(Negamax::new(evaluate)),
            Box::new(AlphaBeta::new(evaluate)),
            Box::new(MinimaxQuiescence::new(evaluate)),
        ];
        for searcher in &mut searchers {
            for depth in 1..=3 {
                let result = searcher.search(&position, &Limits::depth(depth));
                assert_eq!(result.score, expected, "{} at depth {depth}", searcher.name());
                assert_eq!(result.score.margin(), Some(4));
            }
        }
        assert_eq!(Oracle::new().margin(&position), 4);
    }

    #[test]
    fn lines_boxes_and_names() {
        let board = DotsAndBoxes::new(2, 3).unwrap();
        assert_eq!(board.lines(), 17);
        let mut names = std::collections::HashSet::new();
        for index in 0..17 {
            let name = board.line_name(Line(index));
            assert_eq!(board.parse_line(&name), Ok(Line(index)), "{name}");
            assert!(names.insert(name));
        }
        // Every box has four distinct sides, every line one or two boxes.
        for row in 0..2 {
            for col in 0..3 {
                assert_eq!(board.box_lines(row, col).count_ones(), 4);
            }
        }
        let sides: usize = (0..17).map(|index| board.boxes_of(Line(index)).count()).sum();
        assert_eq!(sides, 4 * 6);
    }

    #[test]
    fn completing_a_box_moves_again_and_completing_none_passes() {
        let position = DotsAndBoxes::from_lines(1, 1, "a1-b1 a2-b2 a1-a2").unwrap();
        assert_eq!(position.to_move(), Player::Second);
        let done = position.play(position.parse_line("b1-b2").unwrap());
        assert_eq!(done.to_move(), Player::Second);
        assert_eq!(done.boxes(Player::Second), 1);
        assert_eq!(done.outcome(0), Some(Outcome::Margin(1)));
        // 1 × 1: the three first lines are forced gifts; the fourth takes the box.
        assert_eq!(Oracle::new().margin(&DotsAndBoxes::new(1, 1).unwrap()), -1);
        // One line completing two boxes at once.
        let double = DotsAndBoxes::from_lines(1, 2, "a1-b1 b1-c1 a2-b2 b2-c2 a1-a2 c1-c2").unwrap();
        let line = double.parse_line("b1 b2").unwrap();
        assert_eq!(double.completes(line), 2);
        assert_eq!(double.play(line).boxes(double.to_move()), 2);
    }

    #[test]
    fn bad_input_gets_its_own_message() {
        let position = DotsAndBoxes::from_lines(2, 2, "a1-b1").unwrap();
        let cases = [
            ("", "type two neighbouring dots, like 'a1 b1' or 'a1-a2'"),
            ("a1", "type two neighbouring dots, like 'a1 b1' or 'a1-a2'"),
            ("a1 b1 c1", "type two neighbouring dots, like 'a1 b1' or 'a1-a2'"),
            ("1a 2a", "type two neighbouring dots, like 'a1 b1' or 'a1-a2'"),
            ("a1 d1", "there is no dot 'd1': dots are a1 to c3"),
            ("a0 a1", "there is no dot 'a0': dots are a1 to c3"),
            (
                "a1 a99999999999999999999",
                "there is no dot 'a99999999999999999999': dots are a1 to c3",
            ),
            ("a1 c1", "a1 and c1 are not neighbouring dots"),
            ("a1 b2", "a1 and b2 are not neighbouring dots"),
            ("a1 a1", "a1 and a1 are not neighbouring dots"),
            ("b1 a1", "the line a1-b1 is already drawn"),
            ("é1 a1", "type two neighbouring dots, like 'a1 b1' or 'a1-a2'"),
        ];
        for (input, message) in cases {
            assert_eq!(
                position.parse_line(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
        assert_eq!(
            position.parse_line("A2 a3").map(|line| position.line_name(line)),
            Ok("a2-a3".into())
        );
        assert_eq!(DotsAndBoxes::new(0, 2), Err(DotsError::BadSize(0, 2)));
        assert_eq!(
            DotsAndBoxes::new(2, 5).unwrap_err().to_string(),
            "a board has 1 to 4 boxes per side, not 2 x 5"
        );
        let over = DotsAndBoxes::from_lines(1, 1, "a1-b1 a2-b2 a1-a2 b1-b2").unwrap();
        assert_eq!(over.parse_line("a1 b1"), Err(DotsError::GameOver));
    }

    #[test]
    fn the_board_is_drawn_with_its_owners() {
        let position = DotsAndBoxes::from_lines(1, 2, "a1-b1 a2-b2 a1-a2 b1-b2 c1-c2").unwrap();
        let shown = position.to_string();
        assert_eq!(shown, "   a   b   c\n 1 o---o   o\n   | O |   |\n 2 o---o   o\n");
    }

    /// The solver and the two-sided minimax agree on every reachable position of the 1 × 1,
    /// 1 × 2 and 2 × 1 boards, searched to the end.
    #[test]
    fn the_solver_agrees_with_minimax_on_every_small_position() {
        for (rows, cols) in [(1, 1), (1, 2), (2, 1)] {
            let mut solver = Oracle::new();
            for position in reachable(rows, cols) {
                let result = Minimax::new(DotsAndBoxes::evaluate_lead)
                    .search(&position, &Limits::depth(position.lines_left()));
                let margin = if position.is_over() {
                    position.lead()
                } else {
                    result.score.margin().unwrap_or(0)
                };
                assert_eq!(margin, solver.margin(&position), "{rows}x{cols}\n{position}");
            }
        }
    }

    /// Every reference searcher agrees with the two-sided minimax on every reachable position of
    /// the smallest boards at every depth from 0 to the end.
    #[test]
    fn every_reference_agrees_with_minimax_on_every_small_position_at_every_depth() {
        let evaluate = DotsAndBoxes::evaluate_lead;
        let mut checks = 0;
        for (rows, cols) in [(1, 1), (1, 2), (2, 1)] {
            let positions = reachable(rows, cols);
            let report = CrossCheck::minimax(evaluate)
                .searcher(Negamax::new(evaluate))
                .searcher(AlphaBeta::new(evaluate))
                .searcher(AlphaBetaMinimax::new(evaluate))
                .searcher(MinimaxQuiescence::new(evaluate))
                .depths_by(|position: &DotsAndBoxes| 0..=position.lines_left())
                .run(&positions);
            report.assert_agree();
            checks += report.checks;
        }
        // The book quotes this count (book/src/correctness.md).
        assert_eq!(checks, 5_064);
    }

    /// Positions of the 2 × 2 and 2 × 3 boards reached by seeded random play, searched at every
    /// depth to the end where that stays small (at most 8 lines left).
    fn seeded(rows: u8, cols: u8, count: usize, lines_left: u32) -> Vec<DotsAndBoxes> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(rows * 10 + cols);
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut position = DotsAndBoxes::new(rows, cols).unwrap();
            while position.lines_left() > lines_left {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                position = position.play(moves[(state % moves.len() as u64) as usize]);
            }
            positions.push(position);
        }
        positions
    }

    #[test]
    fn every_reference_agrees_with_minimax_on_seeded_larger_positions() {
        let evaluate = DotsAndBoxes::evaluate_lead;
        let mut positions = seeded(2, 2, 60, 7);
        positions.extend(seeded(2, 3, 40, 7));
        let report = CrossCheck::minimax(evaluate)
            .searcher(Negamax::new(evaluate))
            .searcher(AlphaBeta::new(evaluate))
            .searcher(AlphaBetaMinimax::new(evaluate))
            .searcher(MinimaxQuiescence::new(evaluate))
            .depths_by(|position: &DotsAndBoxes| 0..=position.lines_left())
            .run(&positions);
        report.assert_agree();
        assert_eq!(report.checks, 100 * 8 * 4);
        // And the solver agrees with minimax's margins there.
        let mut solver = Oracle::new();
        for position in &positions {
            let result = Minimax::new(evaluate).search(position, &Limits::depth(position.lines_left()));
            assert_eq!(result.score.margin().unwrap_or(0), solver.margin(position));
        }
    }

    /// The whole 2 × 2 game: the solver, alpha-beta in both forms and negamax-form alpha-beta
    /// from the empty board.
    #[test]
    fn the_empty_2x2_board_by_the_solver_and_alpha_beta() {
        let empty = DotsAndBoxes::new(2, 2).unwrap();
        let margin = Oracle::new().margin(&empty);
        for mut searcher in [
            Box::new(AlphaBeta::new(DotsAndBoxes::evaluate_lead)) as Box<dyn Searcher<DotsAndBoxes>>,
            Box::new(AlphaBetaMinimax::new(DotsAndBoxes::evaluate_lead)),
        ] {
            let result = searcher.search(&empty, &Limits::depth(12));
            assert_eq!(result.score.margin().unwrap_or(0), margin, "{}", searcher.name());
        }
        assert_eq!(margin, EMPTY_2X2_MARGIN);
    }

    /// The first player's perfect-play margin on the empty 2 × 2 board, as the solver and
    /// alpha-beta find it.
    const EMPTY_2X2_MARGIN: i32 = 2;

    #[test]
    fn hashes_tell_positions_apart() {
        let positions = reachable(1, 2);
        let mut by_hash = HashMap::new();
        for position in &positions {
            let key = (position.drawn, position.lead(), position.to_move);
            if let Some(previous) = by_hash.insert(position.zobrist(), key) {
                assert_eq!(previous, key, "a collision between different positions");
            }
        }
    }

    /// The contract of `banked_key`: positions with one banked key have the same lines and side
    /// to move, and their margins with perfect play differ exactly as their leads do.
    #[test]
    fn banked_keys_split_the_margin_into_the_lead_and_the_rest() {
        let mut memo = Oracle::new();
        let mut by_key: std::collections::HashMap<u64, (DotsAndBoxes, i32)> =
            std::collections::HashMap::new();
        let mut shared = 0;
        for position in reachable(2, 2) {
            let (key, lead) = position.banked_key().unwrap();
            assert_eq!(lead, position.lead());
            let rest = memo.margin(&position) - lead;
            match by_key.get(&key) {
                Some(&(other, other_rest)) => {
                    assert_eq!((other.drawn, other.to_move), (position.drawn, position.to_move));
                    assert_eq!(other_rest, rest, "{other:?} and {position:?}");
                    shared += usize::from(other.lead() != lead);
                }
                None => {
                    by_key.insert(key, (position, rest));
                }
            }
        }
        assert!(
            shared > 50,
            "{shared} positions share a banked key with another lead"
        );
    }
}
