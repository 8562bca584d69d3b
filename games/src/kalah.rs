//! **Kalah** (mancala), `Kalah(m, n)`: `m` houses a side, `n` seeds in each at the start, with
//! the extra-turn and capture rules, scored by the seed difference.
//!
//! # The variant: Irving, Donkers & Uiterwijk (2000)
//!
//! The rules of "Solving Kalah" (ICGA Journal 23(3), 139-148), whose tables the tests reproduce:
//!
//! - each player owns the `m` houses on their side and the store to their right; a move takes
//!   every seed of one of the mover's non-empty houses and sows them one by one anticlockwise,
//!   into the following houses and the mover's own store, **skipping the opponent's store**; a lap
//!   of `2m + 1` seeds or more passes the emptied house and sows into it too;
//! - **extra turn**: if the last seed lands in the mover's store, the same player moves again;
//! - **capture**: if the last seed lands in an empty house of the mover, that seed and every seed
//!   of the opposite house go to the mover's store, **even when the opposite house is empty**
//!   (the "empty capture" reading; only the last seed is then banked);
//! - **the end**: as soon as a move leaves either side's houses all empty, the game is over and
//!   each player adds the seeds left on their own side to their store;
//! - the result is the difference between the stores ([`Outcome::Margin`]).
//!
//! Houses are numbered from 1 on each side in sowing order: house 1 is the farthest from its
//! owner's store, house `m` the nearest.
//!
//! [`Oracle`] is a perfect-play oracle of its own (a memoised search over the seeds in play),
//! sharing nothing with the project's searchers: the second opinion that, with the paper's
//! table, holds the searchers and these rules to account.
//!
//! ```
//! use games::kalah::Kalah;
//! use search_core::reference::AlphaBeta;
//! use search_core::{Game, Limits, Player, Searcher};
//!
//! let start = Kalah::new(3, 2).unwrap();
//! // House 2 holds 2 seeds: one into house 3, the last into the store: an extra turn.
//! let after = start.play(start.parse_move("2").unwrap());
//! assert_eq!(after.to_move(), Player::First);
//! assert_eq!(after.store(Player::First), 1);
//! let result = AlphaBeta::new(Kalah::evaluate_stores).search(&start, &Limits::depth(40));
//! assert!(result.score.margin().is_some());
//! ```

use crate::hash::mix;
use std::collections::HashMap;
use std::fmt;

use search_core::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// At most this many houses a side.
pub const MAX_HOUSES: u8 = 6;

/// At most this many seeds a house at the start (so that every count fits a byte).
pub const MAX_SEEDS: u8 = 12;

/// A move: sow the seeds of the mover's house with this index (from 0 internally, shown from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House(u8);

impl House {
    /// The house's index, `0..m`, in sowing order.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A Kalah position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// `houses[player][i]`: the seeds in the player's house `i`, in sowing order (the houses
    /// past the size always empty).
    houses: [[u8; MAX_HOUSES as usize]; 2],
    stores: [u8; 2],
    size: u8,
    to_move: Player,
}

/// Why a game or a typed move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KalahError {
    /// A size out of range.
    #[error(
        "Kalah is played with 1 to {MAX_HOUSES} houses a side and 1 to {MAX_SEEDS} seeds a house, not {0} and {1}"
    )]
    BadSize(u8, u8),
    /// Not a number.
    #[error("'{0}' is not a house: type a number from 1 to {1}")]
    NotANumber(String, u8),
    /// Off the board.
    #[error("there is no house {0}: your houses are numbered 1 to {1}")]
    NoSuchHouse(String, u8),
    /// Nothing to sow.
    #[error("house {0} is empty")]
    Empty(House),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

const fn side(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Kalah {
    /// The start of `Kalah(houses, seeds)`: `seeds` in each of `houses` houses a side (1 to
    /// [`MAX_HOUSES`] and 1 to [`MAX_SEEDS`]), empty stores, the first player to move.
    ///
    /// # Errors
    ///
    /// [`KalahError::BadSize`] for a size out of range.
    pub fn new(houses: u8, seeds: u8) -> Result<Kalah, KalahError> {
        if !(1..=MAX_HOUSES).contains(&houses) || !(1..=MAX_SEEDS).contains(&seeds) {
            return Err(KalahError::BadSize(houses, seeds));
        }
        let mut row = [0; MAX_HOUSES as usize];
        row[..usize::from(houses)].fill(seeds);
        Ok(Kalah {
            houses: [row, row],
            stores: [0, 0],
            size: houses,
            to_move: Player::First,
        })
    }

    /// A position given by its houses (`first` and `second`, each in sowing order, of the same
    /// length 1 to [`MAX_HOUSES`]), stores and side to move: for tests and analysis. A position
    /// with a side empty is over (nothing is swept here).
    ///
    /// # Panics
    ///
    /// If the rows differ in length or are empty or too long, or if there are more than 255
    /// seeds in all (every count is a byte, and sowing may gather them in one house or store).
    #[must_use]
    pub fn from_parts(first: &[u8], second: &[u8], stores: [u8; 2], to_move: Player) -> Kalah {
        assert!(first.len() == second.len() && (1..=usize::from(MAX_HOUSES)).contains(&first.len()));
        let seeds: u32 = first
            .iter()
            .chain(second)
            .chain(&stores)
            .map(|&s| u32::from(s))
            .sum();
        assert!(
            seeds <= u32::from(u8::MAX),
            "a Kalah position holds at most 255 seeds, not {seeds}"
        );
        let mut houses = [[0; MAX_HOUSES as usize]; 2];
        houses[0][..first.len()].copy_from_slice(first);
        houses[1][..second.len()].copy_from_slice(second);
        Kalah {
            houses,
            stores,
            size: first.len() as u8,
            to_move,
        }
    }

    /// The number of houses a side.
    #[must_use]
    pub const fn houses_per_side(&self) -> u8 {
        self.size
    }

    /// `player`'s houses, in sowing order.
    #[must_use]
    pub fn houses(&self, player: Player) -> &[u8] {
        &self.houses[side(player)][..usize::from(self.size)]
    }

    /// The seeds in `player`'s store.
    #[must_use]
    pub const fn store(&self, player: Player) -> u8 {
        self.stores[side(player)]
    }

    /// The side to move's store minus the opponent's.
    #[must_use]
    pub const fn lead(&self) -> i32 {
        self.store(self.to_move) as i32 - self.store(self.to_move.opponent()) as i32
    }

    /// The seeds still in the houses.
    #[must_use]
    pub fn seeds_in_play(&self) -> u32 {
        self.houses.iter().flatten().map(|&seeds| u32::from(seeds)).sum()
    }

    /// Whether the game is over (a side's houses are empty).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.houses(Player::First).iter().all(|&seeds| seeds == 0)
            || self.houses(Player::Second).iter().all(|&seeds| seeds == 0)
    }

    /// Parses a house number typed by a person, checking that it can be sown.
    ///
    /// # Errors
    ///
    /// Why the text is not a move now ([`KalahError`]).
    pub fn parse_move(&self, text: &str) -> Result<House, KalahError> {
        let text = text.trim();
        let number: u64 = text
            .parse()
            .map_err(|_| KalahError::NotANumber(text.to_string(), self.size))?;
        if number == 0 || number > u64::from(self.size) {
            return Err(KalahError::NoSuchHouse(text.to_string(), self.size));
        }
        if self.is_over() {
            return Err(KalahError::GameOver);
        }
        let house = House((number - 1) as u8);
        if self.houses[side(self.to_move)][usize::from(house.0)] == 0 {
            return Err(KalahError::Empty(house));
        }
        Ok(house)
    }

    /// The evaluation: the side to move's store lead, 100 per seed.
    #[must_use]
    pub fn evaluate_stores(position: &Kalah) -> Score {
        Score::cp(100 * position.lead())
    }
}

impl Game for Kalah {
    type Move = House;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<House>) {
        if self.is_over() {
            return;
        }
        let own = &self.houses[side(self.to_move)];
        moves.extend(
            (0..self.size)
                .filter(|&house| own[usize::from(house)] > 0)
                .map(House),
        );
    }

    /// Sows `house`; see the [module documentation](self) for the rules.
    fn play(&self, house: House) -> Self {
        let mut next = *self;
        next.play_in_place(house);
        next
    }

    /// Sows `house` in place: [`play`](Self::play) made on the position itself (the engine's
    /// and the database build's way), so that no copy of it is written byte by byte and read
    /// back whole (a stalled store: a third of `play`'s time in a database build).
    fn play_in_place(&mut self, house: House) {
        let (me, them) = (side(self.to_move), side(self.to_move.opponent()));
        let m = usize::from(self.size);
        // The mover's ring: own houses 0..m, own store m, the opponent's houses m+1..=2m.
        let ring = 2 * m + 1;
        let mut seeds = self.houses[me][usize::from(house.0)];
        self.houses[me][usize::from(house.0)] = 0;
        let mut at = usize::from(house.0);
        while seeds > 0 {
            at += 1;
            if at == ring {
                at = 0;
            }
            match at {
                _ if at < m => self.houses[me][at] += 1,
                _ if at == m => self.stores[me] += 1,
                _ => self.houses[them][at - m - 1] += 1,
            }
            seeds -= 1;
        }
        if at == m {
            // The last seed in the mover's store: the same player moves again.
        } else {
            if at < m && self.houses[me][at] == 1 {
                // The last seed in an empty house of the mover: it and the opposite house are
                // captured, even if the opposite house is empty.
                let opposite = m - 1 - at;
                self.stores[me] += 1 + self.houses[them][opposite];
                self.houses[me][at] = 0;
                self.houses[them][opposite] = 0;
            }
            self.to_move = self.to_move.opponent();
        }
        if self.is_over() {
            // Each player keeps the seeds left on their own side.
            for player in [0, 1] {
                let left: u8 = self.houses[player].iter().sum();
                self.stores[player] += left;
                self.houses[player] = [0; MAX_HOUSES as usize];
            }
        }
    }

    /// The game is over: the store difference, for the side to move.
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then(|| Outcome::Margin(self.lead()))
    }

    /// The seeds already stored bound the margin ("Solving Kalah"'s futility pruning): the side
    /// to move ends with its store plus at most every seed still in play, and at least its store.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let (lead, in_play) = (self.lead(), self.seeds_in_play() as i32);
        Some(Score::margin_range(lead - in_play, lead + in_play))
    }

    /// No margin exceeds every seed of the game.
    fn value_bound(&self) -> Score {
        let seeds = self.seeds_in_play() + u32::from(self.stores[0]) + u32::from(self.stores[1]);
        Score::won_by(seeds as i32, 0)
    }

    /// Extra turns first (the last seed reaches the store), the one nearest the store first (it
    /// leaves the others' counts as they were); then the seeds the move banks (sown into the
    /// store, and captured) and how near the store its house is, a house nearer worth 0.4 of a
    /// seed banked, less half a seed for each extra turn the opponent will have (a move banking
    /// ten seeds or more may go before the extra turns): computed from the counts, without
    /// sowing. Every move has a positive hint. (Ranking by the seeds banked and the house cut
    /// the nodes of a solve of `Kalah(5, 4)` nine-fold against extra turns and captures alone;
    /// the weights were measured on solves from the start, one thread: against banked seeds
    /// first and the house second, `Kalah(6, 4)` searches 39.3 M nodes instead of 45.9 M,
    /// `Kalah(5, 5)` 254 M instead of 302 M, `Kalah(6, 3)` 99 K instead of 137 K; the extra turns
    /// farthest from the store first, 1.6 billion for `Kalah(6, 4)`; a bonus for saving a house
    /// the opponent threatens to capture, more, at every weight tried.)
    fn order_hint(&self, house: House) -> i32 {
        let (me, them) = (side(self.to_move), side(self.to_move.opponent()));
        let (i, m) = (usize::from(house.0), usize::from(self.size));
        let ring = 2 * m + 1;
        let seeds = usize::from(self.houses[me][i]);
        // Seeds sown into the store: one each time the sowing passes it (a division only for a
        // sowing that goes round the ring: most do not, and a division costs a node's hints
        // a few percent of a solve's time).
        let to_store = match seeds.checked_sub(m - i) {
            None => 0,
            Some(past) if past < ring => 1,
            Some(past) => 1 + past / ring,
        };
        let last = if i + seeds < ring {
            i + seeds
        } else {
            (i + seeds) % ring
        };
        if last == m {
            return 1000 + i as i32;
        }
        // A capture: the last seed in an empty house of the mover (on a first lap only), with
        // the opposite house and what the sowing added to it.
        let captured = if last < m && seeds < ring && last != i && self.houses[me][last] == 0 {
            let opposite = m - 1 - last;
            let passed = i + seeds >= m + 1 + opposite;
            1 + usize::from(self.houses[them][opposite]) + usize::from(passed)
        } else {
            0
        };
        // The opponent's extra turns after the move: their houses whose seeds then reach their
        // store exactly (on the sowing's first lap; a capture empties the opposite house).
        let reached = seeds.saturating_sub(m - i).min(m);
        let captured_house = if captured > 0 { m - 1 - last } else { m };
        let extras = (0..m)
            .filter(|&k| {
                let count = usize::from(self.houses[them][k]) + usize::from(k < reached);
                count == m - k && k != captured_house
            })
            .count();
        (100 * (to_store + captured) as i32 + 40 * i as i32 - 50 * extras as i32).max(1)
    }
}

/// A row of houses packed into a word, a byte a house.
fn pack(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0u64, |word, &byte| word << 8 | u64::from(byte))
}

impl Kalah {
    /// The size and the side to move, as a word for the hashes.
    fn size_and_turn(&self) -> u64 {
        u64::from(self.size) << 1 | u64::from(self.to_move == Player::Second)
    }
}

impl ZobristHash for Kalah {
    /// Every house, both stores, the side to move and the size, packed into two words (seeds a
    /// byte each) and mixed (SplitMix64).
    fn zobrist(&self) -> u64 {
        let first = pack(&self.houses[0]) << 8 | u64::from(self.stores[0]);
        let second = pack(&self.houses[1]) << 8 | u64::from(self.stores[1]);
        mix(first ^ mix(second ^ mix(self.size_and_turn())))
    }

    /// The houses seen from the side to move (its own first, then the opponent's) and the size,
    /// hashed as in [`zobrist`](Self::zobrist) without the stores, and the lead the stores give
    /// the side to move: what the seeds in play will still bring the side to move depends on the
    /// houses alone, seen from it (as in the endgame database, [`SeedsInPlay`]), so a position and
    /// its mirror image with the other side to move share one key (3.5% fewer nodes solving
    /// `Kalah(6, 4)`; a house's move code is its index from the mover's side either way).
    fn banked_key(&self) -> Option<(u64, i32)> {
        let (me, them) = (side(self.to_move), side(self.to_move.opponent()));
        let key = mix(pack(&self.houses[me]) ^ mix(pack(&self.houses[them]) ^ mix(u64::from(self.size))));
        Some((key, self.lead()))
    }

    /// The house's index.
    fn move_code(&self, house: House) -> Option<u32> {
        Some(u32::from(house.0))
    }
}

impl fmt::Display for Kalah {
    /// The board from the first player's side: the second player's houses on top (right to
    /// left, as they sow), the stores at the ends (the second player's on the left), house
    /// numbers below and above.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = usize::from(self.size);
        let numbers = |order: &mut dyn Iterator<Item = usize>| -> String {
            order.map(|house| format!("{:>4}", house + 1)).collect()
        };
        writeln!(
            f,
            "      {}   (second player's houses)",
            numbers(&mut (0..m).rev())
        )?;
        let top: String = self.houses[1][..m]
            .iter()
            .rev()
            .map(|seeds| format!("[{seeds:>2}]"))
            .collect();
        writeln!(f, "      {top}")?;
        writeln!(
            f,
            "{:>4}  {}  {:<4}",
            self.stores[1],
            " ".repeat(4 * m),
            self.stores[0]
        )?;
        let bottom: String = self.houses[0][..m]
            .iter()
            .map(|seeds| format!("[{seeds:>2}]"))
            .collect();
        writeln!(f, "      {bottom}")?;
        writeln!(f, "      {}   (first player's houses)", numbers(&mut (0..m)))
    }
}

/// A perfect-play oracle of its own, sharing nothing with the project's searchers: a memoised
/// search over the seeds in play.
///
/// Seeds in a store never come back, so what the rest of the game is worth to the side to move
/// (the seeds it will still store minus the opponent's) depends only on the houses, seen from the
/// side to move: `rest(p) = max over moves of (gain + rest(child))` after an extra turn,
/// `gain - rest(child)` when the turn passes, `gain` when the move ends the game, where `gain` is
/// what the move adds to the mover's store minus what it adds to the opponent's. The position's
/// perfect-play margin is its [`lead`](Kalah::lead) plus `rest`. This is the "full-game database"
/// formulation of the paper (its databases too are indexed by the seeds in play only).
#[derive(Debug, Default)]
pub struct Oracle {
    rest: HashMap<[u8; 2 * MAX_HOUSES as usize], i16>,
}

impl Oracle {
    /// An empty solver.
    #[must_use]
    pub fn new() -> Self {
        Oracle::default()
    }

    /// The final store difference for the side to move with perfect play from `position`.
    pub fn margin(&mut self, position: &Kalah) -> i32 {
        position.lead() + i32::from(self.rest(position))
    }

    /// How many positions (houses, from the side to move) the solver knows.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.rest.len()
    }

    fn rest(&mut self, position: &Kalah) -> i16 {
        if position.is_over() {
            return 0;
        }
        let (me, them) = (side(position.to_move), side(position.to_move.opponent()));
        let mut key = [0; 2 * MAX_HOUSES as usize];
        key[..MAX_HOUSES as usize].copy_from_slice(&position.houses[me]);
        key[MAX_HOUSES as usize..].copy_from_slice(&position.houses[them]);
        if let Some(&known) = self.rest.get(&key) {
            return known;
        }
        let mut best = i16::MIN;
        for house in 0..position.size {
            if position.houses[me][usize::from(house)] == 0 {
                continue;
            }
            let child = position.play(House(house));
            let gain = (i16::from(child.stores[me]) - i16::from(position.stores[me]))
                - (i16::from(child.stores[them]) - i16::from(position.stores[them]));
            let value = if child.is_over() {
                gain
            } else if child.to_move == position.to_move {
                gain + self.rest(&child)
            } else {
                gain - self.rest(&child)
            };
            best = best.max(value);
        }
        self.rest.insert(key, best);
        best
    }
}

/// The numbering of the Kalah positions with at most `max_seeds` seeds in play, for an endgame
/// database ([`search_core::solve::database`]), as "Solving Kalah" built them.
///
/// What the rest of the game brings depends on the houses alone (seeds in a store never come
/// back: see [`Oracle`]), so a position is numbered by its houses seen from the side to move (its
/// own, then the opponent's) and its offset is its [`lead`](Kalah::lead). The houses are a
/// composition of at most `max_seeds` seeds into `2m` parts: `C(max_seeds + 2m, 2m)` numbers
/// (`Kalah(6, n)` with up to 16 seeds in play: 30.4 million, a byte each), in order of the
/// seeds in play (every position with fewer seeds first), then of the mover's seeds, then of
/// the mover's row, then of the opponent's; a row is numbered from its two halves (at most
/// three houses each), each read from a table. A build takes the numbers in order, so it
/// meets a position after every position with fewer seeds, which most of its children are:
/// `Kalah(6, _)`'s 16-seed database was built in 2.4-2.7 s on 2 threads, against 2.9-3.2 s
/// with the houses numbered one by one in the combinatorial number system (fewer seeds
/// mixed with more), the same day (1.8-2.1 s since the build keeps children as numbers and
/// plays in place, and each half's key is a fixed sum).
///
/// ```
/// use games::kalah::{Kalah, SeedsInPlay};
/// use search_core::solve::database::{Database, Indexing};
/// use search_core::Game;
///
/// let indexing = SeedsInPlay::new(3, 6).unwrap();
/// assert_eq!(indexing.count(), 924); // C(12, 6)
/// let database = Database::new(indexing);
/// database.build(2, None, None).unwrap();
/// // A position with 6 seeds in play, from the side to move: the database's margin is the
/// // game's own solver's.
/// let position = Kalah::from_parts(&[1, 0, 2], &[0, 3, 0], [5, 1], search_core::Player::First);
/// let mut solver = games::kalah::Oracle::new();
/// assert_eq!(database.margin(&position), Some(solver.margin(&position)));
/// ```
#[derive(Clone, Debug)]
pub struct SeedsInPlay {
    houses: u8,
    max_seeds: u32,
    /// The houses of a row's first half and of its second (the first the larger by one for
    /// an odd number of houses).
    halves: [usize; 2],
    /// `digit_weight[h][k]`: what house `k` of a row adds to the key of half `h` (its digit's
    /// place value in base `max_seeds + 1`; 0 for a house of the other half or past the row):
    /// a half's key is a fixed sum over the row, whatever the size.
    digit_weight: [[u32; MAX_HOUSES as usize]; 2],
    /// For each half, by the half's seeds read as digits in base `max_seeds + 1`: the seeds in
    /// the half (high 16 bits) and the half's rank among the halves with as many seeds (low 16).
    half_rank: [Vec<u32>; 2],
    /// For each half and each number of seeds, the halves with as many, in rank order.
    half_of_rank: [Vec<Vec<[u8; 3]>>; 2],
    /// `second_half_count[t]`: the second halves holding `t` seeds.
    second_half_count: Vec<u64>,
    /// `row_count[t]`: the rows holding `t` seeds.
    row_count: Vec<u64>,
    /// `row_before[t][u]` (flat, `max_seeds + 1` wide): the rows of `t` seeds whose first half
    /// holds fewer than `u`.
    row_before: Vec<u64>,
    /// `position_before[t][a]` (flat): the positions of `t` seeds in play whose mover holds
    /// fewer than `a`.
    position_before: Vec<u64>,
    /// `fewer[t]`: the positions with fewer than `t` seeds in play (`t` up to `max_seeds + 1`).
    fewer: Vec<u64>,
}

/// The most seeds in play a [`SeedsInPlay`] numbering takes (its table must fit in memory).
pub const MAX_DATABASE_SEEDS: u32 = 40;

/// The compositions of `seeds` into `parts` parts (none for a positive number into none).
fn compositions(seeds: u64, parts: u64) -> u64 {
    if parts == 0 {
        return u64::from(seeds == 0);
    }
    // C(seeds + parts - 1, parts - 1), a product at a time (each partial product an integer).
    (1..parts).fold(1, |c, k| c * (seeds + k) / k)
}

impl SeedsInPlay {
    /// The positions of `Kalah(houses, _)` with at most `max_seeds` seeds in play.
    ///
    /// # Errors
    ///
    /// [`KalahError::BadSize`] for houses out of `1..=6` or more than [`MAX_DATABASE_SEEDS`]
    /// seeds, or a table of more than 2^32 positions.
    pub fn new(houses: u8, max_seeds: u32) -> Result<Self, KalahError> {
        let too_big = KalahError::BadSize(houses, u8::try_from(max_seeds).unwrap_or(u8::MAX));
        if !(1..=MAX_HOUSES).contains(&houses) || max_seeds > MAX_DATABASE_SEEDS {
            return Err(too_big);
        }
        let m = usize::from(houses);
        let width = max_seeds as usize + 1;
        let halves = [m.div_ceil(2), m / 2];
        let count = |seeds: usize, parts: usize| compositions(seeds as u64, parts as u64);
        if count(max_seeds as usize, 2 * m + 1) > 1 << 32 {
            return Err(too_big);
        }
        // Each half's table: every digit string of its houses, ranked within its seeds by the
        // order the strings come in.
        let mut half_rank = [Vec::new(), Vec::new()];
        let mut half_of_rank = [vec![Vec::new(); width], vec![Vec::new(); width]];
        for (which, &size) in halves.iter().enumerate() {
            for key in 0..width.pow(size as u32) {
                let mut cells = [0u8; 3];
                let mut rest = key;
                for cell in cells[..size].iter_mut().rev() {
                    *cell = (rest % width) as u8;
                    rest /= width;
                }
                let seeds: usize = cells.iter().map(|&c| usize::from(c)).sum();
                let rank = half_of_rank[which].get(seeds).map_or(0, Vec::len);
                half_rank[which].push(((seeds as u32) << 16) | rank as u32);
                if seeds < width {
                    half_of_rank[which][seeds].push(cells);
                }
            }
        }
        let mut digit_weight = [[0; MAX_HOUSES as usize]; 2];
        for (which, start) in [(0, 0), (1, halves[0])] {
            for k in 0..halves[which] {
                digit_weight[which][start + k] = (width as u32).pow((halves[which] - 1 - k) as u32);
            }
        }
        let second_half_count = (0..width).map(|t| count(t, halves[1])).collect();
        let row_count: Vec<u64> = (0..width).map(|t| count(t, m)).collect();
        let before = |first: &dyn Fn(usize) -> u64, second: &dyn Fn(usize) -> u64| {
            let mut table = vec![0; width * width];
            for t in 0..width {
                for u in 1..=t {
                    table[t * width + u] = table[t * width + u - 1] + first(u - 1) * second(t - (u - 1));
                }
            }
            table
        };
        let row_before = before(&|u| count(u, halves[0]), &|u| count(u, halves[1]));
        let position_before = before(&|a| count(a, m), &|b| count(b, m));
        let fewer = (0..=width)
            .map(|t| if t == 0 { 0 } else { count(t - 1, 2 * m + 1) })
            .collect();
        Ok(SeedsInPlay {
            houses,
            max_seeds,
            halves,
            digit_weight,
            half_rank,
            half_of_rank,
            second_half_count,
            row_count,
            row_before,
            position_before,
            fewer,
        })
    }

    /// The number of `row` (holding `seeds`, each house at most `max_seeds`, none past the
    /// size) among the rows holding as many.
    #[inline]
    fn row_number(&self, row: &[u8; MAX_HOUSES as usize], seeds: usize) -> u64 {
        let width = self.max_seeds as usize + 1;
        let key = |weights: &[u32; MAX_HOUSES as usize]| {
            row.iter()
                .zip(weights)
                .map(|(&c, &w)| u32::from(c) * w)
                .sum::<u32>() as usize
        };
        let first = self.half_rank[0][key(&self.digit_weight[0])];
        let second = self.half_rank[1][key(&self.digit_weight[1])];
        let first_seeds = (first >> 16) as usize;
        self.row_before[seeds * width + first_seeds]
            + u64::from(first & 0xFFFF) * self.second_half_count[seeds - first_seeds]
            + u64::from(second & 0xFFFF)
    }

    /// The row holding `seeds` numbered `number` among those holding as many, into `cells`.
    fn row_of_number(&self, seeds: usize, number: u64, cells: &mut [u8]) {
        let width = self.max_seeds as usize + 1;
        let before = &self.row_before[seeds * width..][..=seeds];
        let first_seeds = before.iter().rposition(|&b| b <= number).unwrap_or(0);
        let rest = number - before[first_seeds];
        let second_count = self.second_half_count[seeds - first_seeds];
        let (first, second) = (rest / second_count, rest % second_count);
        let [h1, h2] = self.halves;
        cells[..h1].copy_from_slice(&self.half_of_rank[0][first_seeds][first as usize][..h1]);
        cells[h1..h1 + h2].copy_from_slice(&self.half_of_rank[1][seeds - first_seeds][second as usize][..h2]);
    }
}

impl search_core::solve::database::Indexing<Kalah> for SeedsInPlay {
    fn count(&self) -> u64 {
        self.fewer[self.max_seeds as usize + 1]
    }

    /// The number of the mover's houses then the opponent's: the positions with fewer seeds in
    /// play, then those with as many whose mover holds fewer, then the mover's row's number
    /// times the opponent's rows, then the opponent's row's; none if it has more than
    /// `max_seeds` in play or a side is empty (over).
    fn index(&self, position: &Kalah) -> Option<(u64, i32)> {
        if position.size != self.houses {
            return None; // another size
        }
        // Whole rows: the houses past the size are empty.
        let mine = &position.houses[side(position.to_move)];
        let theirs = &position.houses[side(position.to_move.opponent())];
        let sum = |row: &[u8; MAX_HOUSES as usize]| row.iter().map(|&c| usize::from(c)).sum::<usize>();
        let (a, b) = (sum(mine), sum(theirs));
        let seeds = a + b;
        if a == 0 || b == 0 || seeds > self.max_seeds as usize {
            return None; // over, or too many
        }
        let width = self.max_seeds as usize + 1;
        let index = self.fewer[seeds]
            + self.position_before[seeds * width + a]
            + self.row_number(mine, a) * self.row_count[b]
            + self.row_number(theirs, b);
        Some((index, position.lead()))
    }

    /// The position numbered `index`: its seeds in play, its mover's, then each row's number;
    /// none if a side is empty (over, not held).
    fn position(&self, index: u64) -> Option<Kalah> {
        let (m, width) = (usize::from(self.houses), self.max_seeds as usize + 1);
        let seeds = self
            .fewer
            .iter()
            .rposition(|&f| f <= index)
            .unwrap_or(0)
            .min(width - 1);
        let rest = index - self.fewer[seeds];
        let before = &self.position_before[seeds * width..][..=seeds];
        let a = before.iter().rposition(|&p| p <= rest).unwrap_or(0);
        if a == 0 || a == seeds {
            return None;
        }
        let rest = rest - before[a];
        let theirs = self.row_count[seeds - a];
        let mut cells = [0u8; 2 * MAX_HOUSES as usize];
        self.row_of_number(a, rest / theirs, &mut cells[..m]);
        self.row_of_number(seeds - a, rest % theirs, &mut cells[m..2 * m]);
        Some(Kalah::from_parts(
            &cells[..m],
            &cells[m..2 * m],
            [0, 0],
            Player::First,
        ))
    }

    fn describe(&self) -> String {
        format!(
            "kalah houses={} seeds-in-play<={} by-seeds",
            self.houses, self.max_seeds
        )
    }
}

/// The perfect-play results of Irving, Donkers & Uiterwijk (2000), "Solving Kalah", Table 10
/// (win, draw or loss for the first player, `Kalah(m, n)` for `m` houses and `n` seeds, `m, n` in
/// `1..=6` but `(6, 6)`), as transcribed from the paper by a third party
/// (`harness/kalah_paper.py` of a public repository found with the project's search tool); not
/// checked against the PDF here. Row `m - 1`, column `n - 1`.
pub const PAPER_TABLE_10: [&str; 6] = ["DLWLWD", "WLLLWW", "DWWWWL", "WWWWWD", "DDWWWW", "WWWWW"];

/// The first player's perfect-play margins of the same paper's Table 9, for `Kalah(4..=6, n)`,
/// same transcription: `(m, n, margin)`.
pub const PAPER_TABLE_9: [(u8, u8, i32); 17] = [
    (4, 1, 2),
    (4, 2, 6),
    (4, 3, 8),
    (4, 4, 2),
    (4, 5, 2),
    (4, 6, 0),
    (5, 1, 0),
    (5, 2, 0),
    (5, 3, 8),
    (5, 4, 12),
    (5, 5, 2),
    (5, 6, 2),
    (6, 1, 2),
    (6, 2, 10),
    (6, 3, 2),
    (6, 4, 10),
    (6, 5, 12),
];

/// The paper's result for `Kalah(m, n)`: `'W'`, `'D'` or `'L'` for the first player, if it gives
/// one.
#[must_use]
pub fn paper_result(m: u8, n: u8) -> Option<char> {
    PAPER_TABLE_10
        .get(usize::from(m).checked_sub(1)?)?
        .chars()
        .nth(usize::from(n).checked_sub(1)?)
}

/// `'W'`, `'D'` or `'L'` for a margin.
#[must_use]
pub const fn result_letter(margin: i32) -> char {
    if margin > 0 {
        'W'
    } else if margin < 0 {
        'L'
    } else {
        'D'
    }
}

#[cfg(test)]
mod tests {
    use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
    use search_core::testing::CrossCheck;
    use search_core::{Limits, Searcher};

    use super::*;

    fn parts(first: &[u8], second: &[u8], stores: [u8; 2], to_move: Player) -> Kalah {
        Kalah::from_parts(first, second, stores, to_move)
    }

    /// Found by the `game_text` fuzz target: a position with more seeds than a byte counts was
    /// accepted, and sowing into a full store then overflowed in `play` (a panic far from the
    /// cause). It is refused where it is made.
    #[test]
    #[should_panic(expected = "a Kalah position holds at most 255 seeds, not 259")]
    fn a_position_with_more_seeds_than_a_byte_is_refused() {
        let _ = parts(&[4, 0], &[0, 0], [255, 0], Player::First);
    }

    #[test]
    fn a_position_with_255_seeds_plays() {
        let full = parts(&[100, 0], &[0, 0], [155, 0], Player::First);
        let _ = full.play(House(0));
    }

    /// Every number of a database's numbering is a position's, which numbers back to it, and
    /// every position of up to its seeds, from either side, has a number of its own, in order
    /// of the seeds in play: for every size, an odd one and one house included.
    #[test]
    fn the_database_numbering_is_a_bijection_in_order_of_the_seeds() {
        use search_core::solve::database::Indexing;
        for (houses, max_seeds) in [(1, 6), (2, 7), (3, 6), (4, 5), (5, 4), (6, 4), (6, 5)] {
            let indexing = SeedsInPlay::new(houses, max_seeds).unwrap();
            let count = indexing.count();
            let parts = 2 * u64::from(houses);
            assert_eq!(
                count,
                compositions(u64::from(max_seeds), parts + 1),
                "Kalah({houses}, _) <= {max_seeds}"
            );
            let mut seen = vec![false; count as usize];
            let (mut last_seeds, mut without) = (0, 0);
            for index in 0..count {
                let Some(position) = indexing.position(index) else {
                    without += 1;
                    continue;
                };
                let seeds = position.seeds_in_play();
                assert!(seeds >= last_seeds && seeds <= max_seeds, "{index}: {position:?}");
                assert!(!position.is_over(), "{index}: {position:?}");
                last_seeds = seeds;
                assert_eq!(indexing.index(&position), Some((index, 0)), "{position:?}");
                seen[index as usize] = true;
            }
            // The numbers without a position are those of a side empty: the empty board, and
            // for each count of seeds, every row of it facing an empty side, on either side.
            let empty_side: u64 = (1..=u64::from(max_seeds))
                .map(|seeds| 2 * compositions(seeds, u64::from(houses)))
                .sum();
            assert_eq!(without, 1 + empty_side, "Kalah({houses}, _) <= {max_seeds}");
            // From the other side, with stores: the same houses seen from the second player
            // have the same number, and the lead as offset.
            let held = seen.iter().filter(|&&s| s).count();
            assert!(held > 0);
            for index in (0..count).filter(|&i| seen[i as usize]) {
                let first = indexing.position(index).unwrap();
                let m = usize::from(houses);
                let flipped = Kalah::from_parts(
                    &first.houses[1][..m],
                    &first.houses[0][..m],
                    [3, 1],
                    Player::Second,
                );
                assert_eq!(indexing.index(&flipped), Some((index, -2)), "{flipped:?}");
            }
            // Too many seeds in play is not held.
            let mut more = [0u8; 6];
            more[0] = max_seeds as u8;
            let over = Kalah::from_parts(
                &more[..usize::from(houses)],
                &more[..usize::from(houses)],
                [0, 0],
                Player::First,
            );
            assert_eq!(indexing.index(&over), None);
        }
    }

    /// The hint's extra turn (1000 and more) is the sowing's: for every size, house and count
    /// of seeds up to four laps of the ring (the first lap without a division, the rest with
    /// one), a move keeps the turn exactly when the hint says so.
    #[test]
    fn the_hint_s_extra_turn_is_the_sowing_s() {
        for m in 1..=MAX_HOUSES {
            let ring = 2 * m + 1;
            for house in 0..m {
                for seeds in 1..=4 * ring {
                    let mut first = [0u8; MAX_HOUSES as usize];
                    first[usize::from(house)] = seeds;
                    // A seed in each of the opponent's houses: a capture banks at most three,
                    // so no hint without an extra turn reaches 1000.
                    let second = vec![1u8; usize::from(m)];
                    let position = parts(&first[..usize::from(m)], &second, [0, 0], Player::First);
                    let keeps_turn = position.play(House(house)).to_move() == Player::First;
                    let hinted = position.order_hint(House(house)) >= 1000;
                    assert_eq!(hinted, keeps_turn, "{m} houses, house {house}, {seeds} seeds");
                }
            }
        }
    }

    /// The rules, one case each: (position, house, expected position).
    #[test]
    fn sowing_extra_turns_captures_and_the_end() {
        use Player::{First, Second};
        let cases = [
            // Sowing passes the own store, skips the opponent's, and laps into the emptied house.
            (
                "sow into the own store, skip the opponent's",
                parts(&[1, 1, 6], &[1, 1, 1], [0, 0], First),
                2,
                parts(&[2, 2, 0], &[2, 2, 2], [1, 0], Second),
            ),
            (
                "the second player sows the same way",
                parts(&[1, 1, 1], &[1, 1, 6], [0, 0], Second),
                2,
                parts(&[2, 2, 2], &[2, 2, 0], [0, 1], First),
            ),
            (
                "the last seed in the own store moves again",
                parts(&[2, 2, 2], &[2, 2, 2], [0, 0], First),
                1,
                parts(&[2, 0, 3], &[2, 2, 2], [1, 0], First),
            ),
            (
                "the last seed in an empty own house captures the opposite house",
                parts(&[1, 0, 1], &[3, 2, 4], [1, 1], First),
                0,
                parts(&[0, 0, 1], &[3, 0, 4], [4, 1], Second),
            ),
            (
                "the capture is taken even when the opposite house is empty",
                parts(&[1, 0, 1], &[3, 0, 4], [0, 0], First),
                0,
                parts(&[0, 0, 1], &[3, 0, 4], [1, 0], Second),
            ),
            (
                "an empty house of the opponent captures nothing",
                parts(&[1, 2], &[0, 5], [0, 0], First),
                1,
                parts(&[1, 0], &[1, 5], [1, 0], Second),
            ),
            (
                "a lap that ends in the emptied start house captures",
                parts(&[5, 1], &[2, 3], [0, 0], First),
                0,
                parts(&[0, 2], &[3, 0], [6, 0], Second),
            ),
            (
                "emptying the mover's side ends the game: the opponent keeps its seeds",
                parts(&[0, 1], &[3, 2], [3, 0], First),
                1,
                parts(&[0, 0], &[0, 0], [4, 5], First),
            ),
            (
                "emptying the opponent's side by a capture ends it: the mover keeps its seeds",
                parts(&[1, 0, 2], &[0, 3, 0], [2, 4], First),
                0,
                parts(&[0, 0, 0], &[0, 0, 0], [8, 4], Second),
            ),
        ];
        for (rule, before, house, after) in cases {
            assert_eq!(before.play(House(house)), after, "{rule}");
            let seeds = |k: &Kalah| k.seeds_in_play() + u32::from(k.stores[0]) + u32::from(k.stores[1]);
            assert_eq!(seeds(&before), seeds(&after), "{rule}: seeds are kept");
        }
        let over = parts(&[0, 1], &[3, 2], [3, 0], First).play(House(1));
        assert_eq!(over.outcome(0), Some(Outcome::Margin(-1)));
        let mut moves = MoveList::new();
        over.generate_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn kalah_1_1_is_a_draw_after_one_move() {
        let start = Kalah::new(1, 1).unwrap();
        let end = start.play(House(0));
        assert!(end.is_over());
        assert_eq!((end.store(Player::First), end.store(Player::Second)), (1, 1));
        assert_eq!(Oracle::new().margin(&start), 0);
    }

    #[test]
    fn bad_input_gets_its_own_message() {
        let position = parts(&[1, 0, 1], &[1, 1, 1], [0, 0], Player::First);
        let cases = [
            ("", "'' is not a house: type a number from 1 to 3"),
            ("two", "'two' is not a house: type a number from 1 to 3"),
            ("-1", "'-1' is not a house: type a number from 1 to 3"),
            ("0", "there is no house 0: your houses are numbered 1 to 3"),
            ("4", "there is no house 4: your houses are numbered 1 to 3"),
            (
                "99999999999999999999999",
                "'99999999999999999999999' is not a house: type a number from 1 to 3",
            ),
            ("2", "house 2 is empty"),
        ];
        for (input, message) in cases {
            assert_eq!(
                position.parse_move(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
        assert_eq!(position.parse_move(" 3 "), Ok(House(2)));
        assert_eq!(Kalah::new(7, 4), Err(KalahError::BadSize(7, 4)));
        assert_eq!(
            Kalah::new(3, 0).unwrap_err().to_string(),
            "Kalah is played with 1 to 6 houses a side and 1 to 12 seeds a house, not 3 and 0"
        );
        let over = parts(&[0, 0], &[1, 0], [2, 1], Player::Second);
        assert_eq!(over.parse_move("1"), Err(KalahError::GameOver));
    }

    #[test]
    fn the_board_is_drawn_from_the_first_player_s_side() {
        let position = parts(&[1, 0, 12], &[4, 5, 6], [3, 7], Player::First);
        assert_eq!(
            position.to_string(),
            "         3   2   1   (second player's houses)\n      [ 6][ 5][ 4]\n   7                3   \n      [ 1][ 0][12]\n         1   2   3   (first player's houses)\n"
        );
    }

    /// Every position reachable from the start of `Kalah(m, n)`.
    fn reachable(m: u8, n: u8) -> Vec<Kalah> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Kalah::new(m, n).unwrap()];
        let mut positions = Vec::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(position) {
                continue;
            }
            positions.push(position);
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            stack.extend(moves.iter().map(|&house| position.play(house)));
        }
        positions
    }

    /// A bound on the plies left: every move either stores a seed or moves seeds nearer a store,
    /// so this is generous; the searchers stop at finished games anyway.
    fn to_the_end(position: &Kalah) -> u32 {
        2 * position.seeds_in_play() * u32::from(position.houses_per_side()) + 1
    }

    /// Every reference agrees with the two-sided minimax on every reachable position of the
    /// smallest games, at every depth up to the end.
    #[test]
    fn every_reference_agrees_with_minimax_on_every_small_position_at_every_depth() {
        let evaluate = Kalah::evaluate_stores;
        let mut checks = 0;
        for (m, n) in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1)] {
            let positions = reachable(m, n);
            let report = CrossCheck::minimax(evaluate)
                .searcher(Negamax::new(evaluate))
                .searcher(AlphaBeta::new(evaluate))
                .searcher(AlphaBetaMinimax::new(evaluate))
                .searcher(MinimaxQuiescence::new(evaluate))
                .depths_by(|position: &Kalah| (0..=8).chain([to_the_end(position)]))
                .run(&positions);
            report.assert_agree();
            checks += report.checks;
        }
        // The book quotes this count (book/src/correctness.md).
        assert_eq!(checks, KALAH_SMALL_CHECKS);
    }

    const KALAH_SMALL_CHECKS: usize = 3_760;

    /// Positions of `Kalah(3, 3)` and `Kalah(4, 2)` reached by seeded random play, at depths 1
    /// to 5.
    #[test]
    fn every_reference_agrees_with_minimax_on_seeded_larger_positions() {
        let evaluate = Kalah::evaluate_stores;
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut positions = Vec::new();
        for (m, n) in [(3, 3), (4, 2), (6, 4)] {
            for game in 0..20 {
                let mut position = Kalah::new(m, n).unwrap();
                for _ in 0..game {
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
        }
        let report = CrossCheck::minimax(evaluate)
            .searcher(Negamax::new(evaluate))
            .searcher(AlphaBeta::new(evaluate))
            .searcher(AlphaBetaMinimax::new(evaluate))
            .searcher(MinimaxQuiescence::new(evaluate))
            .depths(1..=5)
            .run(&positions);
        report.assert_agree();
        assert_eq!(report.checks, 60 * 5 * 4);
    }

    /// The solver and the searchers agree on the whole game from the start, where a search to
    /// the end finishes quickly.
    #[test]
    fn the_solver_and_the_searchers_agree_from_the_start() {
        for (m, n) in [
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
        ] {
            let start = Kalah::new(m, n).unwrap();
            let margin = Oracle::new().margin(&start);
            let depth = Limits::depth(to_the_end(&start));
            let alphabeta = AlphaBeta::new(Kalah::evaluate_stores).search(&start, &depth);
            assert_eq!(
                alphabeta.score.margin().unwrap_or(0),
                margin,
                "Kalah({m}, {n}) alphabeta"
            );
            let negamax_form = AlphaBetaMinimax::new(Kalah::evaluate_stores).search(&start, &depth);
            assert_eq!(negamax_form.score, alphabeta.score, "Kalah({m}, {n})");
            if m * n <= 4 {
                for mut searcher in [
                    Box::new(Minimax::new(Kalah::evaluate_stores)) as Box<dyn Searcher<Kalah>>,
                    Box::new(Negamax::new(Kalah::evaluate_stores)),
                ] {
                    let result = searcher.search(&start, &depth);
                    assert_eq!(
                        result.score,
                        alphabeta.score,
                        "Kalah({m}, {n}) {}",
                        searcher.name()
                    );
                }
            }
        }
    }

    /// The paper's Table 10 for every `Kalah(m, n)` the solver finishes in a test's time, and its
    /// Table 9 margins among them.
    #[test]
    fn the_solver_reproduces_the_paper_s_table_where_it_is_quick() {
        for (m, n) in [
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (1, 5),
            (1, 6),
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (2, 6),
            (3, 1),
            (3, 2),
            (3, 3),
            (3, 4),
            (3, 5),
            (3, 6),
            (4, 1),
            (4, 2),
            (5, 1),
            (6, 1),
        ] {
            let margin = Oracle::new().margin(&Kalah::new(m, n).unwrap());
            assert_eq!(
                Some(result_letter(margin)),
                paper_result(m, n),
                "Kalah({m}, {n}): {margin}"
            );
            if let Some(&(_, _, paper)) = PAPER_TABLE_9.iter().find(|&&(pm, pn, _)| (pm, pn) == (m, n)) {
                assert_eq!(margin, paper, "Kalah({m}, {n})");
            }
        }
    }

    #[test]
    fn hashes_tell_reachable_positions_apart() {
        let positions = reachable(3, 3);
        let mut by_hash = HashMap::new();
        for position in &positions {
            if let Some(previous) = by_hash.insert(position.zobrist(), *position) {
                assert_eq!(previous, *position, "a collision between different positions");
            }
        }
        assert!(positions.len() > 1_000, "{}", positions.len());
    }

    /// The contract of `banked_key`: positions with one banked key have the same houses seen
    /// from the side to move (they differ in their stores, or are each other's mirror image with
    /// the other side to move), and their margins with perfect play differ exactly as their
    /// banked leads do.
    #[test]
    fn banked_keys_split_the_margin_into_the_lead_and_the_rest() {
        let positions = reachable(3, 3);
        let mut memo = Oracle::new();
        let mut by_key: HashMap<u64, (Kalah, i32)> = HashMap::new();
        let seen = |position: &Kalah| {
            let (me, them) = (side(position.to_move), side(position.to_move.opponent()));
            [position.houses[me], position.houses[them]]
        };
        let (mut shared, mut mirrored) = (0, 0);
        for position in &positions {
            let (key, lead) = position.banked_key().unwrap();
            assert_eq!(lead, position.lead());
            let rest = memo.margin(position) - lead;
            if let Some(&(other, other_rest)) = by_key.get(&key) {
                assert_eq!(
                    seen(&other),
                    seen(position),
                    "a collision between different houses"
                );
                assert_eq!(other_rest, rest, "{other:?} and {position:?}");
                shared += usize::from(other.stores != position.stores);
                mirrored += usize::from(other.to_move != position.to_move);
            } else {
                by_key.insert(key, (*position, rest));
            }
        }
        // The test means something: many reachable positions share houses, not stores, and
        // some share them mirrored.
        assert!(
            shared > 100 && mirrored > 10,
            "{shared} positions share a banked key with other stores, {mirrored} mirrored"
        );
    }
}
