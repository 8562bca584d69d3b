//! **EinStein würfelt nicht!** (Ingo Althöfer, 2004): a race on a 5 × 5 board where a die says
//! which stone moves. The project's game with **chance nodes**.
//!
//! # The rules
//!
//! - Each player has six stones numbered 1 to 6. Red ([`Player::First`], who moves first) starts
//!   on the six squares of the top-left corner, Blue ([`Player::Second`]) on the six of the
//!   bottom-right corner, in any arrangement of the numbers ([`EinStein::with_arrangement`],
//!   [`EinStein::random`]; [`EinStein::new`] is 1 to 6 in the order of [`RED_START`] and
//!   [`BLUE_START`]).
//! - A turn: the player rolls the die. If its stone with that number is on the board, it must
//!   move that stone; otherwise it may move either the stone with the next higher number or the
//!   one with the next lower number still on the board (whichever exist).
//! - Red steps one square right, down or diagonally down-right; Blue one square left, up or
//!   diagonally up-left; never off the board.
//! - A stone stepping onto an occupied square captures (removes) the stone there, the opponent's
//!   or the player's own.
//! - Whoever reaches the opposite corner (Red `e5`, Blue `a1`) or captures every stone of the
//!   opponent wins. A player always has a stone and so a move; every step brings a stone
//!   nearer its corner, so every game ends, with a winner.
//!
//! # Chance nodes
//!
//! A turn is **two plies**: first the roll, a chance node ([`Game::is_chance`]) whose six moves
//! are the faces of the die ([`Move::Roll`], each of weight 1) and whose side to move is the
//! player the roll is for; then the player's decision ([`Move::Step`]): which of the allowed
//! stones, and which of its (up to three) directions. Searchers take the mean over the faces at
//! the roll (expectiminimax, [`search_core::chance`]). Every result is a win or a loss, so
//! [`value_bound`](Game::value_bound) is [`Score::MATE`], which lets the engine's Star1 and Star2
//! prune at the rolls. After a winning step the position is finished:
//! [`outcome`](Game::outcome) is [`Outcome::Loss`] for the side to move, the loser.
//!
//! # Notation
//!
//! Columns `a` to `e` from left to right, rows `1` to `5` from top to bottom: Red starts around
//! `a1` and races to `e5`, Blue starts around `e5` and races to `a1`. A step is written
//! from-square, dash, to-square (`b2-c3`); a roll `roll 4`. [`EinStein::parse_move`] also takes
//! `b2c3`, `b2 c3`, or the destination alone (`c3`) when only one allowed step ends there. The
//! board prints as a grid of `R1`..`R6` and `B1`..`B6` with a status line, and parses back
//! ([`FromStr`]).
//!
//! ```
//! use games::einstein::{EinStein, Move, evaluate};
//! use search_core::engine::Engine;
//! use search_core::{Game, Limits, Player, Score, Searcher};
//!
//! let start = EinStein::new();
//! assert!(start.is_chance());
//! let rolled = start.play(start.parse_move("roll 5").unwrap());
//! assert_eq!(rolled.rolled(), Some(5));
//! // R5 stands on b2: it may step right, down or diagonally.
//! let step = rolled.parse_move("b2-c3").unwrap();
//! assert_eq!(step.to_string(), "b2-c3");
//! let after = rolled.play(step);
//! assert_eq!((after.to_move(), after.rolled()), (Player::Second, None));
//! print!("{after}");
//!
//! // Red to roll, R6 one step from e5, Blue far away: every face moves R6 (the only Red stone),
//! // so Red wins on its next step whatever the die says.
//! let position: EinStein = "
//!    a  b  c  d  e
//! 1  .  .  B2 .  .
//! 2  .  .  .  .  .
//! 3  .  .  .  .  .
//! 4  .  .  .  R6 B1
//! 5  .  .  .  .  .
//! Red to roll"
//!     .parse()
//!     .unwrap();
//! let result = Engine::exact(evaluate).search(&position, &Limits::depth(2));
//! assert_eq!(result.score, Score::mate_in(2));
//! ```

use crate::hash::mix;
use std::fmt;
use std::str::FromStr;

use search_core::mcts::SplitMix64;
use search_core::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// The side of the board.
pub const SIZE: u8 = 5;

/// The number of squares.
pub const SQUARES: usize = (SIZE * SIZE) as usize;

/// Red's start squares (row, column from the top left), in the order an arrangement gives their
/// numbers: `a1 b1 c1 a2 b2 a3`.
pub const RED_START: [(u8, u8); 6] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)];

/// Blue's start squares, in the order an arrangement gives their numbers: `e5 d5 c5 e4 d4 e3`
/// (Red's rotated half a turn).
pub const BLUE_START: [(u8, u8); 6] = [(4, 4), (4, 3), (4, 2), (3, 4), (3, 3), (2, 4)];

/// The standard arrangement of [`EinStein::new`]: stone `i + 1` on start square `i`.
pub const STANDARD_ARRANGEMENT: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// No square (a captured stone).
const NONE: u8 = u8::MAX;

/// A move: a roll of the die at a chance node, or a stone's step at a decision node (squares
/// `0..25`, `row * 5 + column`, from the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The die shows this face (1 to 6).
    Roll(u8),
    /// The stone on `from` steps to `to`.
    Step {
        /// The square the stone leaves.
        from: u8,
        /// The square it reaches (capturing what stood there).
        to: u8,
    },
}

impl fmt::Display for Move {
    /// `roll 4`, `b2-c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Roll(face) => write!(f, "roll {face}"),
            Move::Step { from, to } => write!(f, "{}-{}", square_name(from), square_name(to)),
        }
    }
}

/// The name of square `square` (`0..25`): column letter `a`-`e`, row number `1`-`5` from the top.
///
/// ```
/// use games::einstein::square_name;
/// assert_eq!(square_name(0), "a1");
/// assert_eq!(square_name(7), "c2");
/// assert_eq!(square_name(24), "e5");
/// ```
#[must_use]
pub fn square_name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % SIZE), square / SIZE + 1)
}

/// The square named `name` (`c2`, any case, surrounding blanks ignored), or `None`.
///
/// ```
/// use games::einstein::parse_square;
/// assert_eq!(parse_square(" C2 "), Some(7));
/// assert_eq!(parse_square("f1"), None);
/// assert_eq!(parse_square("a6"), None);
/// ```
#[must_use]
pub fn parse_square(name: &str) -> Option<u8> {
    match name.trim().as_bytes() {
        &[column, row] => {
            let column = column.to_ascii_lowercase().checked_sub(b'a')?;
            let row = row.checked_sub(b'1')?;
            // `then`, not `then_some`: the square is computed only for a row on the board.
            (column < SIZE && row < SIZE).then(|| row * SIZE + column)
        }
        _ => None,
    }
}

/// The colour of `player`: `Red` for [`Player::First`], `Blue` for [`Player::Second`].
#[must_use]
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Blue",
    }
}

/// The corner `player` races to: `e5` (24) for Red, `a1` (0) for Blue.
#[must_use]
pub const fn goal(player: Player) -> u8 {
    match player {
        Player::First => (SQUARES - 1) as u8,
        Player::Second => 0,
    }
}

/// How many steps a stone of `player` on `square` is from its goal: the Chebyshev distance (a
/// diagonal step counts one), 0 on the goal.
///
/// ```
/// use games::einstein::distance;
/// use search_core::Player;
/// assert_eq!(distance(Player::First, 0), 4);
/// assert_eq!(distance(Player::First, 18), 1); // d4
/// assert_eq!(distance(Player::Second, 18), 3);
/// ```
#[must_use]
pub const fn distance(player: Player, square: u8) -> u8 {
    let (row, column) = (square / SIZE, square % SIZE);
    match player {
        Player::First => {
            let (down, right) = (SIZE - 1 - row, SIZE - 1 - column);
            if down > right { down } else { right }
        }
        Player::Second => {
            if row > column {
                row
            } else {
                column
            }
        }
    }
}

const fn side(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// The owner of a stone on the board (`+n` red, `-n` blue).
const fn owner(stone: i8) -> Player {
    if stone > 0 { Player::First } else { Player::Second }
}

/// The one stone the die selects, or the nearest lower and higher ones still on the board, for a
/// player with stones `mask` (bit `n - 1` for stone `n`): up to two stone numbers, lower first.
fn choices(mask: u8, face: u8) -> ([u8; 2], usize) {
    if mask & (1 << (face - 1)) != 0 {
        return ([face, 0], 1);
    }
    let mut found = ([0; 2], 0);
    if let Some(lower) = (1..face).rev().find(|&n| mask & (1 << (n - 1)) != 0) {
        found.0[found.1] = lower;
        found.1 += 1;
    }
    if let Some(higher) = (face + 1..=6).find(|&n| mask & (1 << (n - 1)) != 0) {
        found.0[found.1] = higher;
        found.1 += 1;
    }
    found
}

/// The squares a stone of `player` on `square` can step to, in the order diagonal, along the
/// row, along the column: up to three.
fn targets(player: Player, square: u8) -> ([u8; 3], usize) {
    let (row, column) = (square / SIZE, square % SIZE);
    let mut found = ([0; 3], 0);
    let mut push = |to: u8| {
        found.0[found.1] = to;
        found.1 += 1;
    };
    match player {
        Player::First => {
            let (right, down) = (column + 1 < SIZE, row + 1 < SIZE);
            if right && down {
                push(square + SIZE + 1);
            }
            if right {
                push(square + 1);
            }
            if down {
                push(square + SIZE);
            }
        }
        Player::Second => {
            let (left, up) = (column > 0, row > 0);
            if left && up {
                push(square - SIZE - 1);
            }
            if left {
                push(square - 1);
            }
            if up {
                push(square - SIZE);
            }
        }
    }
    found
}

/// An EinStein position: the stones, whose turn it is, and whether the die is still to be rolled
/// or shows a face. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EinStein {
    /// `0` empty, `+n` Red's stone `n`, `-n` Blue's stone `n`; `row * 5 + column`.
    board: [i8; SQUARES],
    /// `squares[side][n - 1]`: where the player's stone `n` stands, or `NONE`.
    squares: [[u8; 6]; 2],
    to_move: Player,
    /// `0`: the roll is due (a chance node); `1..=6`: the die shows this (a decision node).
    rolled: u8,
}

/// Why an arrangement, a board or a typed move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EinSteinError {
    /// An arrangement that is not the numbers 1 to 6, each once.
    #[error("an arrangement is the numbers 1 to 6, each once, not {0:?}")]
    BadArrangement([u8; 6]),
    /// A board that does not parse or cannot happen.
    #[error("not an EinStein board: {0}")]
    BadBoard(String),
    /// Text that is not a move.
    #[error("'{0}' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)")]
    Format(String),
    /// A face that is not on a die.
    #[error("'{0}' is not a roll: a die shows 1 to 6, like 'roll 4'")]
    BadFace(String),
    /// A step typed while the die is still to be rolled.
    #[error("the die has not been rolled yet: roll it first, like 'roll 4'")]
    RollDue,
    /// A roll typed after the die was rolled.
    #[error("the die already shows {0}: type a step, like 'b2-c3'")]
    AlreadyRolled(u8),
    /// No stone of the player to move on the square.
    #[error("there is no stone of yours on {0}")]
    NotYourStone(String),
    /// A stone the die does not allow.
    #[error("you rolled {rolled}: you may move {allowed}, not {stone}")]
    NotAllowed {
        /// The die's face.
        rolled: u8,
        /// The stone typed (`R3`).
        stone: String,
        /// The stones the die allows (`R2 or R4`).
        allowed: String,
    },
    /// A square the stone cannot step to.
    #[error("{stone} on {from} cannot step to {to}: {colour} steps one square {directions}")]
    NotAStep {
        /// The stone (`R3`).
        stone: String,
        /// Its square.
        from: String,
        /// The square typed.
        to: String,
        /// `Red` or `Blue`.
        colour: &'static str,
        /// The directions it may step in.
        directions: &'static str,
    },
    /// A destination alone that no allowed step reaches.
    #[error("no stone you may move can step to {0}")]
    NoStepTo(String),
    /// A destination alone that several allowed steps reach.
    #[error("more than one of your stones can step to {0}: type from-to, like '{1}'")]
    Ambiguous(String, String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl Default for EinStein {
    fn default() -> Self {
        EinStein::new()
    }
}

impl EinStein {
    /// The start with the standard arrangement ([`STANDARD_ARRANGEMENT`] for both), Red to roll.
    #[must_use]
    pub fn new() -> Self {
        EinStein::with_arrangement(STANDARD_ARRANGEMENT, STANDARD_ARRANGEMENT)
            .expect("the standard arrangement is a permutation")
    }

    /// The start with these arrangements, Red to roll: `red[i]` is the number of the stone on
    /// [`RED_START`]`[i]`, `blue[i]` the one on [`BLUE_START`]`[i]`.
    ///
    /// # Errors
    ///
    /// [`EinSteinError::BadArrangement`] unless each is a permutation of 1 to 6.
    pub fn with_arrangement(red: [u8; 6], blue: [u8; 6]) -> Result<Self, EinSteinError> {
        let mut position = EinStein {
            board: [0; SQUARES],
            squares: [[NONE; 6]; 2],
            to_move: Player::First,
            rolled: 0,
        };
        for (player, arrangement, start) in [
            (Player::First, red, RED_START),
            (Player::Second, blue, BLUE_START),
        ] {
            let mut sorted = arrangement;
            sorted.sort_unstable();
            if sorted != STANDARD_ARRANGEMENT {
                return Err(EinSteinError::BadArrangement(arrangement));
            }
            for (&stone, &(row, column)) in arrangement.iter().zip(&start) {
                position.put(player, stone, row * SIZE + column);
            }
        }
        Ok(position)
    }

    /// A start with both arrangements drawn at random (uniformly, reproducibly) from `seed`.
    ///
    /// ```
    /// use games::einstein::EinStein;
    /// assert_eq!(EinStein::random(7), EinStein::random(7));
    /// assert_ne!(EinStein::random(7), EinStein::random(8));
    /// ```
    #[must_use]
    pub fn random(seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut shuffled = || {
            let mut numbers = STANDARD_ARRANGEMENT;
            for i in (1..numbers.len()).rev() {
                numbers.swap(i, rng.below(i + 1));
            }
            numbers
        };
        let red = shuffled();
        let blue = shuffled();
        EinStein::with_arrangement(red, blue).expect("a shuffle is a permutation")
    }

    /// Puts `player`'s stone `stone` on the empty `square`.
    fn put(&mut self, player: Player, stone: u8, square: u8) {
        let signed = stone as i8 * player.sign() as i8;
        self.board[usize::from(square)] = signed;
        self.squares[side(player)][usize::from(stone - 1)] = square;
    }

    /// The stone on `square`: its owner and number.
    #[must_use]
    pub fn stone_at(&self, square: u8) -> Option<(Player, u8)> {
        let stone = *self.board.get(usize::from(square))?;
        (stone != 0).then(|| (owner(stone), stone.unsigned_abs()))
    }

    /// Where `player`'s stone `stone` (1 to 6) stands, if it is still on the board.
    #[must_use]
    pub fn square_of(&self, player: Player, stone: u8) -> Option<u8> {
        let square = *self.squares[side(player)].get(usize::from(stone.checked_sub(1)?))?;
        (square != NONE).then_some(square)
    }

    /// `player`'s stones on the board: bit `n - 1` for stone `n`.
    fn mask(&self, player: Player) -> u8 {
        self.squares[side(player)]
            .iter()
            .enumerate()
            .filter(|&(_, &square)| square != NONE)
            .fold(0, |mask, (index, _)| mask | 1 << index)
    }

    /// How many stones `player` has left.
    #[must_use]
    pub fn stones(&self, player: Player) -> u32 {
        self.mask(player).count_ones()
    }

    /// The die's face at a decision node; `None` while the roll is due (a chance node).
    #[must_use]
    pub const fn rolled(&self) -> Option<u8> {
        if self.rolled == 0 { None } else { Some(self.rolled) }
    }

    /// The stones (numbers, lower first) that face `face` lets the side to move move: that
    /// stone, or the nearest lower and higher ones still on the board.
    ///
    /// ```
    /// use games::einstein::EinStein;
    /// use search_core::Game;
    /// let start = EinStein::new();
    /// assert_eq!(start.movable_stones(3).collect::<Vec<_>>(), [3]);
    /// ```
    pub fn movable_stones(&self, face: u8) -> impl Iterator<Item = u8> + use<> {
        let (stones, count) = if (1..=6).contains(&face) {
            choices(self.mask(self.to_move), face)
        } else {
            ([0; 2], 0)
        };
        stones.into_iter().take(count)
    }

    /// The winner, once the game is over: who reached the opposite corner or captured every stone
    /// of the other.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if self.board[usize::from(goal(Player::First))] > 0 || self.mask(Player::Second) == 0 {
            Some(Player::First)
        } else if self.board[usize::from(goal(Player::Second))] < 0 || self.mask(Player::First) == 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// A bound on the plies left: every step brings a stone at least one square nearer its
    /// corner by rows plus columns, so the game ends within two plies (roll and step) per square
    /// of the sum of those distances over both players' stones. A search this deep reaches the
    /// end of every line.
    ///
    /// ```
    /// use games::einstein::EinStein;
    /// use search_core::Game;
    /// let start = EinStein::new();
    /// // Each player's stones are 8, 7, 6, 7, 6 and 6 squares from the corner by rows plus columns.
    /// assert_eq!(start.max_plies_left(), 2 * 2 * 40);
    /// let rolled = start.play(start.parse_move("roll 1").unwrap());
    /// assert_eq!(rolled.max_plies_left(), 2 * 2 * 40 - 1);
    /// ```
    #[must_use]
    pub fn max_plies_left(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let steps: u32 = [Player::First, Player::Second]
            .into_iter()
            .flat_map(|player| {
                self.squares[side(player)]
                    .iter()
                    .filter(|&&square| square != NONE)
                    .map(move |&square| {
                        let (row, column) = (u32::from(square / SIZE), u32::from(square % SIZE));
                        match player {
                            Player::First => 2 * u32::from(SIZE - 1) - row - column,
                            Player::Second => row + column,
                        }
                    })
            })
            .sum();
        2 * steps - u32::from(self.rolled != 0)
    }

    /// A roll of a fair die drawn from `rng`, to [`play`](Game::play) at a chance node: how the
    /// programs roll.
    ///
    /// ```
    /// use games::einstein::{EinStein, Move};
    /// use search_core::mcts::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// let Move::Roll(face) = EinStein::new().roll(&mut rng) else { unreachable!() };
    /// assert!((1..=6).contains(&face));
    /// ```
    #[must_use]
    pub fn roll(&self, rng: &mut SplitMix64) -> Move {
        Move::Roll(1 + rng.below(6) as u8)
    }

    /// The legal moves, in generation order (a convenience over [`Game::generate_moves`]).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.as_slice().to_vec()
    }

    /// The name of a stone: `R3`, `B5`.
    fn stone_name(player: Player, stone: u8) -> String {
        format!("{}{stone}", &colour(player)[..1])
    }

    /// The allowed stones of the side to move for the face shown, as `R2 or R4`.
    fn allowed_names(&self) -> String {
        let names: Vec<String> = self
            .movable_stones(self.rolled)
            .map(|stone| Self::stone_name(self.to_move, stone))
            .collect();
        names.join(" or ")
    }

    /// Parses a move typed by a person: a roll (`roll 4`) while the roll is due, a step
    /// (`b2-c3`, `b2c3`, `b2 c3`, or the destination `c3` alone when only one allowed step ends
    /// there) once the die shows a face. Case and blanks around are ignored.
    ///
    /// # Errors
    ///
    /// Why the text is not a legal move now ([`EinSteinError`]).
    ///
    /// ```
    /// use games::einstein::{EinStein, Move};
    /// use search_core::Game;
    /// let start = EinStein::new();
    /// assert_eq!(
    ///     start.parse_move("b2-c3").unwrap_err().to_string(),
    ///     "the die has not been rolled yet: roll it first, like 'roll 4'"
    /// );
    /// let rolled = start.play(Move::Roll(2));
    /// assert_eq!(
    ///     rolled.parse_move("a1-b2").unwrap_err().to_string(),
    ///     "you rolled 2: you may move R2, not R1"
    /// );
    /// assert_eq!(rolled.parse_move("b1 c2"), Ok(Move::Step { from: 1, to: 7 }));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, EinSteinError> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if self.is_over() {
            return Err(EinSteinError::GameOver);
        }
        if let Some(face) = lower.strip_prefix("roll") {
            let face = face
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|face| (1..=6).contains(face))
                .ok_or_else(|| EinSteinError::BadFace(text.to_string()))?;
            if self.rolled != 0 {
                return Err(EinSteinError::AlreadyRolled(self.rolled));
            }
            return Ok(Move::Roll(face));
        }
        let compact: String = lower
            .chars()
            .filter(|&c| !c.is_whitespace() && c != '-')
            .collect();
        let format = || EinSteinError::Format(text.to_string());
        let (from, to) = match compact.len() {
            2 => (None, parse_square(&compact).ok_or_else(format)?),
            4 if compact.is_char_boundary(2) => (
                Some(parse_square(&compact[..2]).ok_or_else(format)?),
                parse_square(&compact[2..]).ok_or_else(format)?,
            ),
            _ => return Err(format()),
        };
        if self.rolled == 0 {
            return Err(EinSteinError::RollDue);
        }
        let legal = self.legal_moves();
        let Some(from) = from else {
            let reaching: Vec<Move> = legal
                .into_iter()
                .filter(|&mv| matches!(mv, Move::Step { to: there, .. } if there == to))
                .collect();
            return match reaching[..] {
                [] => Err(EinSteinError::NoStepTo(square_name(to))),
                [only] => Ok(only),
                [first, ..] => Err(EinSteinError::Ambiguous(square_name(to), first.to_string())),
            };
        };
        let mv = Move::Step { from, to };
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let stone = match self.stone_at(from) {
            Some((player, stone)) if player == self.to_move => stone,
            _ => return Err(EinSteinError::NotYourStone(square_name(from))),
        };
        let name = Self::stone_name(self.to_move, stone);
        if !self.movable_stones(self.rolled).any(|allowed| allowed == stone) {
            return Err(EinSteinError::NotAllowed {
                rolled: self.rolled,
                stone: name,
                allowed: self.allowed_names(),
            });
        }
        Err(EinSteinError::NotAStep {
            stone: name,
            from: square_name(from),
            to: square_name(to),
            colour: colour(self.to_move),
            directions: match self.to_move {
                Player::First => "right, down or diagonally down-right",
                Player::Second => "left, up or diagonally up-left",
            },
        })
    }

    /// The status line of [`Display`](fmt::Display): `Red to roll`, `Red rolled 4`, `Red has won`.
    fn status(&self) -> String {
        match (self.winner(), self.rolled()) {
            (Some(winner), _) => format!("{} has won", colour(winner)),
            (None, None) => format!("{} to roll", colour(self.to_move)),
            (None, Some(face)) => format!("{} rolled {face}", colour(self.to_move)),
        }
    }
}

impl Game for EinStein {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// At a chance node the six faces of the die; at a decision node every step of every stone
    /// the face allows (lower stone first; diagonal, along the row, along the column). Nothing
    /// once the game is over.
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        if self.is_over() {
            return;
        }
        if self.rolled == 0 {
            moves.extend((1..=6).map(Move::Roll));
            return;
        }
        for stone in self.movable_stones(self.rolled) {
            let from = self.squares[side(self.to_move)][usize::from(stone - 1)];
            let (to, count) = targets(self.to_move, from);
            moves.extend(to[..count].iter().map(|&to| Move::Step { from, to }));
        }
    }

    fn play(&self, mv: Move) -> Self {
        let mut next = *self;
        match mv {
            Move::Roll(face) => {
                debug_assert!(self.rolled == 0 && (1..=6).contains(&face), "{mv} in\n{self}");
                next.rolled = face;
            }
            Move::Step { from, to } => {
                debug_assert!(self.rolled != 0, "{mv} before the roll in\n{self}");
                let stone = self.board[usize::from(from)];
                let captured = self.board[usize::from(to)];
                if captured != 0 {
                    next.squares[side(owner(captured))][usize::from(captured.unsigned_abs() - 1)] = NONE;
                }
                next.board[usize::from(from)] = 0;
                next.board[usize::from(to)] = stone;
                next.squares[side(owner(stone))][usize::from(stone.unsigned_abs() - 1)] = to;
                next.to_move = self.to_move.opponent();
                next.rolled = 0;
            }
        }
        next
    }

    /// Over after the winning step: a loss for the side to move (the winner just moved).
    fn outcome(&self, _legal_moves: usize) -> Option<Outcome> {
        self.winner().map(|winner| {
            debug_assert_eq!(winner, self.to_move.opponent(), "{self}");
            Outcome::Loss
        })
    }

    /// Winning steps first (the corner, the opponent's last stone), then captures of the
    /// opponent's stones (the nearer their goal, the better), then steps that bring the stone
    /// nearer its goal, diagonal ones first; captures of one's own stones last.
    fn order_hint(&self, mv: Move) -> i32 {
        let Move::Step { from, to } = mv else {
            return 0;
        };
        let me = self.to_move;
        if to == goal(me) {
            return 10_000;
        }
        let mut hint = 0;
        if let Some((player, _)) = self.stone_at(to) {
            if player == me {
                hint -= 1_000;
            } else if self.stones(player) == 1 {
                return 10_000;
            } else {
                hint += 1_000 + 10 * (4 - i32::from(distance(player, to)));
            }
        }
        hint += 100 * (i32::from(distance(me, from)) - i32::from(distance(me, to)));
        let diagonal = from % SIZE != to % SIZE && from / SIZE != to / SIZE;
        hint + i32::from(diagonal)
    }

    /// From-square × 25 + to-square for a step; rolls have none.
    fn history_index(&self, mv: Move) -> Option<u16> {
        match mv {
            Move::Roll(_) => None,
            Move::Step { from, to } => Some(u16::from(from) * SQUARES as u16 + u16::from(to)),
        }
    }

    const HAS_CHANCE: bool = true;

    /// Whether the die is still to be rolled.
    fn is_chance(&self) -> bool {
        self.rolled == 0
    }

    /// A fair die: every face 1.
    fn chance_weight(&self, _outcome: Move) -> u32 {
        1
    }

    /// A win or a loss: nothing beyond [`Score::MATE`].
    fn value_bound(&self) -> Score {
        Score::MATE
    }
}

/// Keys: `square * 13 + stone + 6` for a stone (`-6..=6`, 0 unused), then Blue to move, then
/// the six faces shown.
const KEYS: [u64; SQUARES * 13 + 7] = {
    let mut keys = [0; SQUARES * 13 + 7];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = mix(0xE1A5_7E1A_0000_0000 ^ i as u64);
        i += 1;
    }
    keys
};
const BLUE_KEY: usize = SQUARES * 13;

impl ZobristHash for EinStein {
    /// Zobrist hashing: a key per stone and square, one for Blue to move, one per face shown (a
    /// roll due has none), XORed.
    fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for (square, &stone) in self.board.iter().enumerate() {
            if stone != 0 {
                hash ^= KEYS[square * 13 + (stone + 6) as usize];
            }
        }
        if self.to_move == Player::Second {
            hash ^= KEYS[BLUE_KEY];
        }
        if self.rolled != 0 {
            hash ^= KEYS[BLUE_KEY + usize::from(self.rolled)];
        }
        hash
    }

    /// A roll its face; a step its two squares (25 each), above the faces.
    fn move_code(&self, mv: Move) -> Option<u32> {
        Some(match mv {
            Move::Roll(face) => u32::from(face),
            Move::Step { from, to } => 8 + u32::from(from) * 25 + u32::from(to),
        })
    }
}

impl fmt::Display for EinStein {
    /// A grid with column letters and row numbers, `R1`..`R6` and `B1`..`B6` for the stones, `.`
    /// for an empty square, then the status line (`Red to roll`, `Blue rolled 3`, `Red has won`).
    /// [`FromStr`] reads it back.
    ///
    /// ```text
    ///    a  b  c  d  e
    /// 1  R1 R2 R3 .  .
    /// 2  R4 R5 .  .  .
    /// 3  R6 .  .  .  B6
    /// 4  .  .  .  B5 B4
    /// 5  .  .  B3 B2 B1
    /// Red to roll
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "   a  b  c  d  e")?;
        for row in 0..SIZE {
            let mut line = format!("{}  ", row + 1);
            for column in 0..SIZE {
                let cell = match self.stone_at(row * SIZE + column) {
                    Some((player, stone)) => Self::stone_name(player, stone),
                    None => ".".to_string(),
                };
                line.push_str(&format!("{cell:<3}"));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(f, "{}", self.status())
    }
}

impl FromStr for EinStein {
    type Err = EinSteinError;

    /// Reads a board as [`Display`](fmt::Display) writes it: an optional header line
    /// `a b c d e`, five rows (an optional row number, then five cells `R1`..`R6`, `B1`..`B6` or
    /// `.`), and the status line (`Red to roll`, `Blue rolled 3`, or `Red has won` for a finished
    /// game, whose loser is then to move). Blank lines and spacing are free.
    ///
    /// # Errors
    ///
    /// [`EinSteinError::BadBoard`] with the reason: a malformed line, a stone twice, a finished
    /// game that says otherwise.
    fn from_str(text: &str) -> Result<Self, EinSteinError> {
        let bad = |reason: String| EinSteinError::BadBoard(reason);
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .peekable();
        if lines
            .peek()
            .is_some_and(|line| line.split_whitespace().eq(["a", "b", "c", "d", "e"]))
        {
            lines.next();
        }
        let mut position = EinStein {
            board: [0; SQUARES],
            squares: [[NONE; 6]; 2],
            to_move: Player::First,
            rolled: 0,
        };
        for row in 0..SIZE {
            let line = lines
                .next()
                .ok_or_else(|| bad(format!("row {} is missing", row + 1)))?;
            let mut cells: Vec<&str> = line.split_whitespace().collect();
            if cells.len() == 6 {
                if cells[0] != (row + 1).to_string() {
                    return Err(bad(format!("row {} is numbered '{}'", row + 1, cells[0])));
                }
                cells.remove(0);
            }
            if cells.len() != 5 {
                return Err(bad(format!("row {} has {} cells, not 5", row + 1, cells.len())));
            }
            for (column, cell) in (0..SIZE).zip(cells) {
                if cell == "." {
                    continue;
                }
                let stone = match cell.as_bytes() {
                    &[colour @ (b'R' | b'r' | b'B' | b'b'), number @ b'1'..=b'6'] => {
                        let player = if colour.eq_ignore_ascii_case(&b'R') {
                            Player::First
                        } else {
                            Player::Second
                        };
                        (player, number - b'0')
                    }
                    _ => return Err(bad(format!("'{cell}' is not a stone (R1-R6, B1-B6) or '.'"))),
                };
                if position.square_of(stone.0, stone.1).is_some() {
                    return Err(bad(format!(
                        "{} is on the board twice",
                        cell.to_ascii_uppercase()
                    )));
                }
                position.put(stone.0, stone.1, row * SIZE + column);
            }
        }
        let status = lines
            .next()
            .ok_or_else(|| bad("the status line is missing".to_string()))?;
        if let Some(extra) = lines.next() {
            return Err(bad(format!("'{extra}' after the status line")));
        }
        let words: Vec<&str> = status.split_whitespace().collect();
        let player = match words.first().map(|word| word.to_ascii_lowercase()).as_deref() {
            Some("red") => Player::First,
            Some("blue") => Player::Second,
            _ => return Err(bad(format!("'{status}' does not start with Red or Blue"))),
        };
        let red_won =
            position.board[usize::from(goal(Player::First))] > 0 || position.mask(Player::Second) == 0;
        let blue_won =
            position.board[usize::from(goal(Player::Second))] < 0 || position.mask(Player::First) == 0;
        if red_won && blue_won {
            return Err(bad("both players have won".to_string()));
        }
        let winner = position.winner();
        match (&words[1..], winner) {
            (["has", "won"], Some(winner)) if winner == player => position.to_move = player.opponent(),
            (["has", "won"], _) => return Err(bad(format!("{} has not won", colour(player)))),
            (_, Some(winner)) => {
                return Err(bad(format!("the game is over: {} has won", colour(winner))));
            }
            (["to", "roll"], None) => position.to_move = player,
            (["rolled", face], None) => {
                position.to_move = player;
                position.rolled = face
                    .parse()
                    .ok()
                    .filter(|face| (1..=6).contains(face))
                    .ok_or_else(|| bad(format!("'{face}' is not a face of a die")))?;
            }
            _ => {
                return Err(bad(format!(
                    "'{status}' is not a status: 'Red to roll', 'Red rolled 4' or 'Red has won'"
                )));
            }
        }
        Ok(position)
    }
}

/// A sure win in [`evaluate`]'s scale: no static value goes beyond it (decided results, `±30 000`
/// less the distance, stay above).
pub const EVAL_LIMIT: i32 = 20_000;

/// [`evaluate`]'s centi-units per point of race difference (points counted in sixths of a die).
pub const EVAL_SCALE: i32 = 30;

/// [`evaluate`]'s material: points a stone is worth, in sixths.
pub const STONE_VALUE: i32 = 48;

/// `player`'s race value, in sixths of a die: for each stone, the faces that let it move times
/// `2^(8 - distance)`, plus [`STONE_VALUE`] a stone.
///
/// ```
/// use games::einstein::{EinStein, race};
/// use search_core::Player;
/// // At the start every stone moves on one face; five stones are 4 steps away (16), R5 3 (32).
/// assert_eq!(race(&EinStein::new(), Player::First), 5 * 16 + 32 + 6 * 48);
/// ```
#[must_use]
pub fn race(position: &EinStein, player: Player) -> i32 {
    let mask = position.mask(player);
    let mut faces = [0i32; 6];
    for face in 1..=6 {
        let (stones, count) = choices(mask, face);
        for &stone in &stones[..count] {
            faces[usize::from(stone - 1)] += 1;
        }
    }
    position.squares[side(player)]
        .iter()
        .zip(faces)
        .filter(|&(&square, _)| square != NONE)
        .map(|(&square, faces)| faces * (256 >> distance(player, square)) + STONE_VALUE)
        .sum()
}

/// The evaluation: an estimate of the side to move's winning chances, from `-20 000` (a sure
/// loss) to `+20 000` (a sure win), at chance and decision nodes alike.
///
/// The game is a race in which the die chooses the runner. Each player's [`race`] value sums,
/// over its stones, how likely the stone is to be the one that moves (the faces of the die that
/// select it, given the missing numbers: a stone whose neighbours in number are gone moves on
/// their faces too) times a weight that doubles with every step nearer the goal (`2^(8 - d)` at
/// Chebyshev distance `d`: 16 at the start corner, 128 one step from the goal), plus a little
/// material ([`STONE_VALUE`], a stone is a spare runner and a target the opponent must not
/// capture last). The evaluation is the difference of the two players' values,
/// [`EVAL_SCALE`] centi-units per point (in sixths), clamped to `±`[`EVAL_LIMIT`]: a lone stone
/// one step from the goal against a lone stone at the start is already a sure win.
///
/// It ignores whose turn it is and what the die shows: the search sees those. A finished position
/// (never evaluated by the searchers) is `±`[`EVAL_LIMIT`].
///
/// ```
/// use games::einstein::{EinStein, evaluate};
/// use search_core::{Game, Score};
/// let start = EinStein::new();
/// assert_eq!(evaluate(&start), Score::DRAW);
/// // Red steps R5 b2-c3: a step nearer for Red, the same for Blue after the move.
/// let after = start.play(start.parse_move("roll 5").unwrap());
/// let after = after.play(after.parse_move("b2-c3").unwrap());
/// assert_eq!(evaluate(&after), Score::cp(-30 * 32));
/// ```
#[must_use]
pub fn evaluate(position: &EinStein) -> Score {
    let me = position.to_move;
    if let Some(winner) = position.winner() {
        return Score::cp(if winner == me { EVAL_LIMIT } else { -EVAL_LIMIT });
    }
    let difference = race(position, me) - race(position, me.opponent());
    Score::cp((difference * EVAL_SCALE).clamp(-EVAL_LIMIT, EVAL_LIMIT))
}

#[cfg(test)]
mod tests {
    use search_core::engine::Engine;
    use search_core::{Limits, Searcher};

    use super::*;

    fn board(text: &str) -> EinStein {
        text.parse().unwrap_or_else(|error| panic!("{error}:\n{text}"))
    }

    fn steps(position: &EinStein) -> Vec<String> {
        position.legal_moves().iter().map(Move::to_string).collect()
    }

    /// Found by the `game_text` fuzz target: a row letter far past `5` overflowed `row * 5` (a
    /// panic with overflow checks) before the range test refused it; `Blue` typed as a move
    /// reached it (`bl` as a square).
    #[test]
    fn squares_far_off_the_board_are_refused() {
        for name in ["ae", "a~", "bl", "z9", "e\u{7f}"] {
            assert_eq!(parse_square(name), None, "{name:?}");
        }
        let rolled = EinStein::new().play(Move::Roll(3));
        assert!(matches!(rolled.parse_move("Blue"), Err(EinSteinError::Format(_))));
    }

    #[test]
    fn the_start_is_laid_out_in_the_corners() {
        let start = EinStein::new();
        assert_eq!(
            start.to_string(),
            "   a  b  c  d  e\n\
             1  R1 R2 R3 .  .\n\
             2  R4 R5 .  .  .\n\
             3  R6 .  .  .  B6\n\
             4  .  .  .  B5 B4\n\
             5  .  .  B3 B2 B1\n\
             Red to roll\n"
        );
        assert!(start.is_chance());
        assert_eq!(start.to_move(), Player::First);
        assert_eq!(start.rolled(), None);
        assert_eq!(start.legal_moves(), (1..=6).map(Move::Roll).collect::<Vec<_>>());
        assert_eq!(
            (start.stones(Player::First), start.stones(Player::Second)),
            (6, 6)
        );
        assert_eq!(start.outcome(6), None);
        let arranged = EinStein::with_arrangement([6, 5, 4, 3, 2, 1], [2, 1, 3, 4, 6, 5]).unwrap();
        assert_eq!(arranged.stone_at(0), Some((Player::First, 6)));
        assert_eq!(arranged.stone_at(10), Some((Player::First, 1)));
        assert_eq!(arranged.stone_at(24), Some((Player::Second, 2)));
        assert_eq!(arranged.square_of(Player::Second, 5), Some(14));
    }

    #[test]
    fn arrangements_must_be_permutations() {
        for bad in [[1, 2, 3, 4, 5, 5], [0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 7]] {
            assert_eq!(
                EinStein::with_arrangement(STANDARD_ARRANGEMENT, bad),
                Err(EinSteinError::BadArrangement(bad))
            );
            assert_eq!(
                EinStein::with_arrangement(bad, STANDARD_ARRANGEMENT),
                Err(EinSteinError::BadArrangement(bad))
            );
        }
        assert_eq!(
            EinSteinError::BadArrangement([1, 1, 2, 3, 4, 5]).to_string(),
            "an arrangement is the numbers 1 to 6, each once, not [1, 1, 2, 3, 4, 5]"
        );
        // Random arrangements are permutations and differ between seeds.
        let starts: Vec<EinStein> = (0..20).map(EinStein::random).collect();
        for start in &starts {
            for player in [Player::First, Player::Second] {
                assert_eq!(start.stones(player), 6);
            }
        }
        assert!(starts.iter().skip(1).any(|start| *start != starts[0]));
    }

    #[test]
    fn the_die_picks_the_stone() {
        let start = EinStein::new();
        for face in 1..=6 {
            let rolled = start.play(Move::Roll(face));
            assert_eq!(rolled.to_move(), Player::First);
            assert!(!rolled.is_chance());
            let from = start.square_of(Player::First, face).unwrap();
            let moves = rolled.legal_moves();
            assert!(!moves.is_empty());
            assert!(
                moves
                    .iter()
                    .all(|&mv| matches!(mv, Move::Step { from: f, .. } if f == from)),
                "{face}: {moves:?}"
            );
        }
        // R5 on b2: diagonal, along the row, along the column.
        assert_eq!(steps(&start.play(Move::Roll(5))), ["b2-c3", "b2-c2", "b2-b3"]);
    }

    #[test]
    fn a_missing_stone_passes_the_choice_to_the_nearest_higher_and_lower() {
        // Red has stones 1, 4 and 6; Blue 3.
        let position = board(
            "1  R1 .  .  .  .
             2  .  .  R4 .  .
             3  .  .  .  .  .
             4  .  .  .  R6 .
             5  .  .  .  .  B3
             Red to roll",
        );
        let movable = |face| position.movable_stones(face).collect::<Vec<_>>();
        assert_eq!(movable(1), [1]);
        assert_eq!(movable(2), [1, 4]);
        assert_eq!(movable(3), [1, 4]);
        assert_eq!(movable(4), [4]);
        assert_eq!(movable(5), [4, 6]);
        assert_eq!(movable(6), [6]);
        assert_eq!(
            steps(&position.play(Move::Roll(2))),
            ["a1-b2", "a1-b1", "a1-a2", "c2-d3", "c2-d2", "c2-c3"]
        );
        // Only higher ones, only lower ones.
        let position = board(
            "1  .  .  .  .  .
             2  .  R5 .  .  .
             3  .  .  .  .  .
             4  .  .  .  .  B4
             5  .  .  .  .  B6
             Blue to roll",
        );
        assert_eq!(position.movable_stones(1).collect::<Vec<_>>(), [4]);
        assert_eq!(position.movable_stones(5).collect::<Vec<_>>(), [4, 6]);
        assert_eq!(steps(&position.play(Move::Roll(1))), ["e4-d3", "e4-d4", "e4-e3"]);
    }

    #[test]
    fn steps_stay_on_the_board() {
        // R1 on the right edge steps down only; R2 on the bottom edge right only; B1 on the left
        // edge up only; B2 on the top edge left only.
        let position = board(
            "1  .  .  B2 .  .
             2  .  .  .  .  R1
             3  B1 .  .  .  .
             4  .  .  .  .  .
             5  .  R2 .  .  .
             Red rolled 1",
        );
        assert_eq!(steps(&position), ["e2-e3"]);
        assert_eq!(
            steps(&board(
                &position.to_string().replace("Red rolled 1", "Red rolled 2")
            )),
            ["b5-c5"]
        );
        let blue = position.to_string().replace("Red rolled 1", "Blue rolled 1");
        assert_eq!(steps(&board(&blue)), ["a3-a2"]);
        let blue = position.to_string().replace("Red rolled 1", "Blue rolled 2");
        assert_eq!(steps(&board(&blue)), ["c1-b1"]);
        // From every square, every generated step is one square forward on the board.
        for square in 0..SQUARES as u8 {
            for player in [Player::First, Player::Second] {
                let (to, count) = targets(player, square);
                for &to in &to[..count] {
                    assert!(usize::from(to) < SQUARES);
                    let (dr, dc) = (
                        i32::from(to / SIZE) - i32::from(square / SIZE),
                        i32::from(to % SIZE) - i32::from(square % SIZE),
                    );
                    let sign = player.sign();
                    assert!(
                        [(sign, 0), (0, sign), (sign, sign)].contains(&(dr, dc)),
                        "{square} {to}"
                    );
                }
                let edges = match player {
                    Player::First => (square % SIZE == SIZE - 1, square / SIZE == SIZE - 1),
                    Player::Second => (square % SIZE == 0, square / SIZE == 0),
                };
                let expected = match edges {
                    (true, true) => 0,
                    (true, false) | (false, true) => 1,
                    (false, false) => 3,
                };
                assert_eq!(count, expected, "{square}");
            }
        }
    }

    #[test]
    fn a_step_captures_what_stands_there_own_or_opponent() {
        let position = board(
            "1  R1 R2 .  .  .
             2  .  B5 .  .  .
             3  .  .  .  .  .
             4  .  .  .  .  .
             5  .  .  .  .  B1
             Red rolled 1",
        );
        // R1 takes B5 on b2.
        let after = position.play(position.parse_move("a1-b2").unwrap());
        assert_eq!(after.stone_at(6), Some((Player::First, 1)));
        assert_eq!(after.square_of(Player::Second, 5), None);
        assert_eq!(after.stones(Player::Second), 1);
        assert_eq!((after.to_move(), after.rolled()), (Player::Second, None));
        assert_eq!(after.winner(), None);
        // R1 takes its own R2 on b1.
        let after = position.play(position.parse_move("a1-b1").unwrap());
        assert_eq!(after.stone_at(1), Some((Player::First, 1)));
        assert_eq!(after.square_of(Player::First, 2), None);
        assert_eq!(after.stones(Player::First), 1);
        // With R2 gone, every face moves R1.
        let next = after.play(after.parse_move("roll 1").unwrap());
        let next = next.play(next.parse_move("e5-d5").unwrap());
        assert!((1..=6).all(|face| next.movable_stones(face).eq([1])));
    }

    #[test]
    fn reaching_the_corner_wins() {
        let position = board(
            "1  .  .  .  .  .
             2  .  B1 .  .  .
             3  .  .  .  .  .
             4  .  .  .  R3 .
             5  .  .  .  .  B2
             Red rolled 3",
        );
        // d4-e5 captures B2 and reaches the corner.
        let won = position.play(position.parse_move("d4-e5").unwrap());
        assert_eq!(won.winner(), Some(Player::First));
        assert_eq!(won.to_move(), Player::Second);
        assert!(won.legal_moves().is_empty());
        assert_eq!(won.outcome(0), Some(Outcome::Loss));
        assert!(won.to_string().ends_with("Red has won\n"));
        assert_eq!(board(&won.to_string()), won);
        // Blue reaches a1 from b2.
        let blue = board(&position.to_string().replace("Red rolled 3", "Blue rolled 1"));
        let won = blue.play(blue.parse_move("a1").unwrap());
        assert_eq!(won.winner(), Some(Player::Second));
        assert_eq!(won.outcome(0), Some(Outcome::Loss));
        assert_eq!(won.parse_move("roll 1"), Err(EinSteinError::GameOver));
        // Not a win: Red steps to d5 next to the corner.
        let not_yet = position.play(position.parse_move("d4-d5").unwrap());
        assert_eq!(not_yet.winner(), None);
    }

    #[test]
    fn capturing_every_opponent_stone_wins() {
        let position = board(
            "1  .  .  .  .  .
             2  .  R4 .  .  .
             3  .  .  B6 .  .
             4  .  .  .  .  .
             5  .  .  .  .  .
             Red rolled 1",
        );
        // Face 1: R4 is the nearest higher stone. Taking Blue's last stone wins.
        let won = position.play(position.parse_move("b2-c3").unwrap());
        assert_eq!(won.winner(), Some(Player::First));
        assert_eq!(won.stones(Player::Second), 0);
        assert_eq!(won.outcome(0), Some(Outcome::Loss));
        assert_eq!(position.order_hint(Move::Step { from: 6, to: 12 }), 10_000);
        assert!(position.order_hint(Move::Step { from: 6, to: 7 }) < 10_000);
    }

    #[test]
    fn bad_input_gets_its_reason() {
        let rolled = board(
            "1  R1 R2 .  .  .
             2  R4 .  .  .  .
             3  .  .  .  .  .
             4  .  .  .  .  B1
             5  .  .  .  .  B2
             Red rolled 3",
        );
        let cases = [
            (
                "",
                "'' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)",
            ),
            (
                "hello",
                "'hello' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)",
            ),
            (
                "a1-f2",
                "'a1-f2' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)",
            ),
            (
                "a1-a6",
                "'a1-a6' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)",
            ),
            (
                "é1-a2",
                "'é1-a2' is not a move: type a step from-to, like 'b2-c3' (columns a-e, rows 1-5)",
            ),
            ("roll 3", "the die already shows 3: type a step, like 'b2-c3'"),
            (
                "roll 7",
                "'roll 7' is not a roll: a die shows 1 to 6, like 'roll 4'",
            ),
            ("roll", "'roll' is not a roll: a die shows 1 to 6, like 'roll 4'"),
            ("c3-d4", "there is no stone of yours on c3"),
            ("e4-d4", "there is no stone of yours on e4"),
            ("a1-b2", "you rolled 3: you may move R2 or R4, not R1"),
            (
                "b1-d3",
                "R2 on b1 cannot step to d3: Red steps one square right, down or diagonally down-right",
            ),
            (
                "b1-a1",
                "R2 on b1 cannot step to a1: Red steps one square right, down or diagonally down-right",
            ),
            ("e1", "no stone you may move can step to e1"),
            (
                "b2",
                "more than one of your stones can step to b2: type from-to, like 'b1-b2'",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(
                rolled.parse_move(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
        assert_eq!(rolled.parse_move(" B1C2 "), Ok(Move::Step { from: 1, to: 7 }));
        assert_eq!(rolled.parse_move("a2 b3"), Ok(Move::Step { from: 5, to: 11 }));
        assert_eq!(rolled.parse_move("c1"), Ok(Move::Step { from: 1, to: 2 }));
        let due = rolled.to_string().replace("Red rolled 3", "Blue to roll");
        let due = board(&due);
        assert_eq!(due.parse_move("e4-d3"), Err(EinSteinError::RollDue));
        assert_eq!(due.parse_move("Roll 6"), Ok(Move::Roll(6)));
        assert_eq!(
            due.parse_move("roll six").unwrap_err().to_string(),
            "'roll six' is not a roll: a die shows 1 to 6, like 'roll 4'"
        );
        assert_eq!(
            board(&due.to_string().replace("Blue to roll", "Blue rolled 2"))
                .parse_move("e5-d3")
                .unwrap_err()
                .to_string(),
            "B2 on e5 cannot step to d3: Blue steps one square left, up or diagonally up-left"
        );
    }

    #[test]
    fn boards_that_cannot_be_are_refused() {
        let cases = [
            ("", "not an EinStein board: row 1 is missing"),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1",
                "not an EinStein board: the status line is missing",
            ),
            (
                "R1 R1 . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed to roll",
                "not an EinStein board: R1 is on the board twice",
            ),
            (
                "R1 . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed to roll",
                "not an EinStein board: row 1 has 4 cells, not 5",
            ),
            (
                "R7 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed to roll",
                "not an EinStein board: 'R7' is not a stone (R1-R6, B1-B6) or '.'",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed rolled 0",
                "not an EinStein board: '0' is not a face of a die",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nGreen to roll",
                "not an EinStein board: 'Green to roll' does not start with Red or Blue",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed to move",
                "not an EinStein board: 'Red to move' is not a status: 'Red to roll', 'Red rolled 4' or 'Red has won'",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . R2\nRed to roll",
                "not an EinStein board: the game is over: Red has won",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed has won",
                "not an EinStein board: Red has not won",
            ),
            (
                "B1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . R1\nRed has won",
                "not an EinStein board: both players have won",
            ),
            (
                "R1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . B1\nRed to roll\nmore",
                "not an EinStein board: 'more' after the status line",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                text.parse::<EinStein>().unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
    }

    #[test]
    fn the_hash_tells_positions_apart_and_transpositions_together() {
        let start = EinStein::new();
        let red = start.play(Move::Roll(5));
        let red_other_face = start.play(Move::Roll(4));
        assert_ne!(start.zobrist(), red.zobrist());
        assert_ne!(red.zobrist(), red_other_face.zobrist());
        let stepped = red.play(Move::Step { from: 6, to: 12 });
        let blue_to_move = stepped;
        let red_to_move = board(&stepped.to_string().replace("Blue to roll", "Red to roll"));
        assert_ne!(blue_to_move.zobrist(), red_to_move.zobrist());
        assert_ne!(stepped.zobrist(), stepped.play(Move::Roll(1)).zobrist());
        // Two orders of the same steps reach the same position and hash.
        let line = |moves: &[&str]| {
            moves.iter().fold(start, |position, text| {
                position.play(position.parse_move(text).unwrap())
            })
        };
        let a = line(&[
            "roll 5", "b2-c3", "roll 4", "e4-d3", "roll 3", "c1-d2", "roll 2", "d5-c4",
        ]);
        let b = line(&[
            "roll 3", "c1-d2", "roll 2", "d5-c4", "roll 5", "b2-c3", "roll 4", "e4-d3",
        ]);
        assert_eq!(a, b);
        assert_eq!(a.zobrist(), b.zobrist());
        // Every position of some random games hashes apart from every other.
        let mut seen = std::collections::HashMap::new();
        for seed in 0..40 {
            let mut rng = SplitMix64::new(seed);
            let mut position = EinStein::random(seed);
            while !position.is_over() {
                if let Some(other) = seen.insert(position.zobrist(), position) {
                    assert_eq!(other, position);
                }
                let moves = position.legal_moves();
                position = position.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(seen.len() > 1_000, "{}", seen.len());
    }

    #[test]
    fn moves_and_boards_print_and_parse_back() {
        for seed in 0..30 {
            let mut rng = SplitMix64::new(seed);
            let mut position = EinStein::random(seed);
            loop {
                assert_eq!(board(&position.to_string()), position);
                let moves = position.legal_moves();
                for &mv in &moves {
                    assert_eq!(position.parse_move(&mv.to_string()), Ok(mv), "{mv}\n{position}");
                }
                if moves.is_empty() {
                    assert!(position.is_over());
                    break;
                }
                position = position.play(moves[rng.below(moves.len())]);
            }
        }
        assert_eq!(Move::Roll(4).to_string(), "roll 4");
        assert_eq!(Move::Step { from: 6, to: 12 }.to_string(), "b2-c3");
    }

    /// The position seen from the other side: the board turned half a turn, the colours swapped.
    fn mirrored(position: &EinStein) -> EinStein {
        let mut mirror = EinStein {
            board: [0; SQUARES],
            squares: [[NONE; 6]; 2],
            to_move: position.to_move.opponent(),
            rolled: position.rolled,
        };
        for square in 0..SQUARES as u8 {
            if let Some((player, stone)) = position.stone_at(square) {
                mirror.put(player.opponent(), stone, SQUARES as u8 - 1 - square);
            }
        }
        mirror
    }

    #[test]
    fn the_evaluation_is_the_same_for_either_colour() {
        for seed in 0..30 {
            let mut rng = SplitMix64::new(seed);
            let mut position = EinStein::random(seed);
            while !position.is_over() {
                let value = evaluate(&position);
                assert!(value.raw().abs() <= EVAL_LIMIT);
                assert_eq!(evaluate(&mirrored(&position)), value, "{position}");
                let moves = position.legal_moves();
                position = position.play(moves[rng.below(moves.len())]);
            }
        }
        // A lone stone one step from the goal against one at the start: a sure win.
        let position = board(
            "1  .  .  .  .  .
             2  .  .  .  .  .
             3  .  .  .  .  .
             4  .  .  .  R2 .
             5  .  .  .  .  B3
             Blue to roll",
        );
        assert_eq!(evaluate(&position), Score::cp(-EVAL_LIMIT));
    }

    #[test]
    fn the_engine_takes_the_win() {
        // Red rolled 1: R1 can reach e5 now.
        let position = board(
            "1  .  B1 .  .  .
             2  .  .  .  .  .
             3  .  .  .  .  .
             4  .  .  .  R1 B2
             5  .  .  .  .  .
             Red rolled 1",
        );
        let result = Engine::exact(evaluate).search(&position, &Limits::depth(3));
        assert_eq!(result.best_move, Some(Move::Step { from: 18, to: 24 }));
        assert_eq!(result.score, Score::mate_in(1));
        // Blue to roll with a lone stone on b2, moved by every face: a win in 2 plies whatever
        // the die shows.
        let position = board(
            "1  .  .  .  .  .
             2  .  B4 .  .  .
             3  .  .  .  .  .
             4  .  .  .  R3 .
             5  .  .  .  .  .
             Blue to roll",
        );
        for depth in 2..=4 {
            let result = Engine::strongest(evaluate).search(&position, &Limits::depth(depth));
            assert_eq!(result.score, Score::mate_in(2), "depth {depth}");
            assert_eq!(result.best_move, None);
        }
    }
}
