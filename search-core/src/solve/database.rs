//! **Endgame databases**: the values of every position of a game that it can number (Kalah with
//! few seeds left in play), computed once by solving them all, kept in a compact table, saved to
//! disk and read back, and used by the solver as finished games.
//!
//! A game describes which positions a database holds and how they are numbered with an
//! [`Indexing`]: how many there are, the number of a position (and the part of its value the
//! database does not hold: a Kalah position's value is the lead its stores already give plus
//! what the seeds in play will still bring, and only the second depends on the houses), and the
//! position behind a number. [`Database::build`] solves every numbered position by a memoised
//! search to the end of the game (each value from its children's, which are in the database
//! too or finished), on as many threads as asked; [`Database::save`] and [`Database::load`] keep it
//! in a file; [`WithDatabase`] wraps a game so that the solver takes a known position's value
//! from the database instead of searching it.
//!
//! - **Idea.** Positions near the end are met again and again by a search to the end (in Kalah,
//!   under every line of the same seeds in the same houses): compute each once ("Solving
//!   Kalah", Irving, Donkers & Uiterwijk 2000, built such databases for positions with few seeds
//!   left; retrograde analysis in checkers and chess does the same backwards).
//! - **Invariant.** A stored value is the exact margin of the numbered position with perfect
//!   play, for its side to move, less its offset; an entry not computed yet holds
//!   [`UNKNOWN`] and is never used; a number that no held position has (the indexing numbers
//!   some rows it does not hold, such as Kalah's with a side empty) holds [`NOT_HELD`] once
//!   built, never read, so that a finished build knows every entry. The numbered positions must
//!   not lead back to themselves (the build refuses a line longer than [`MAX_LINE`] plies, which
//!   such a cycle would make).
//! - **Exact.** The margin is exact; its distance is not kept, so a position taken from the
//!   database ends the game, for the search, at once: a strong solve of a scored game settles the
//!   margin, not the distance, and is unchanged. [`SolveCheck`](crate::testing::SolveCheck) holds
//!   the solver with a database to minimax.
//! - **Cost.** One byte a position (values within ±126); the build visits every position once
//!   and each of its moves once (a child made again when its value must be searched). Kalah
//!   with 6 houses a side and up to 16 seeds in play: 30.4 million positions, 30 MiB.
//!
//! # The file format
//!
//! Little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `GSEGDB01` (game-search endgame database, version 1) |
//! | 4 | the length `n` of the description |
//! | `n` | the indexing's description, UTF-8 ([`Indexing::describe`]: the game, its shape, the positions held), checked on load |
//! | 8 | the number of positions |
//! | 8 | the number of entries known (a value, or the filler [`NOT_HELD`] of a number no held position has; the rest are [`UNKNOWN`]: a build stopped early) |
//! | one a position | its value, a signed byte, [`UNKNOWN`] (-128) if not computed |
//! | 8 | an FNV-1a 64-bit checksum of every byte before it |

use std::fmt::Debug;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};

use arrayvec::ArrayVec;

use crate::memory::{HugeSlice, prefetch};
use crate::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// The value of an entry not computed yet.
pub const UNKNOWN: i8 = i8::MIN;

/// The entry of a number that no position the database holds has (never read: no position
/// maps to it).
pub const NOT_HELD: i8 = 0;

/// The positions a build thread takes at a time: consecutive numbers, so that the threads write
/// to different cache lines and meet only once a block at the counter.
const BUILD_BLOCK: u64 = 4096;

/// The children whose entries the build asks of memory together.
const CHILDREN_AHEAD: usize = 8;

/// The longest line the build follows before it decides that the numbered positions lead back
/// to themselves.
pub const MAX_LINE: u32 = 10_000;

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"GSEGDB01";

/// How a game numbers the positions of a database: see the [module documentation](self).
pub trait Indexing<G: Game>: Send + Sync {
    /// How many numbers the database has (`0..count`): one for each position it holds, and
    /// possibly some that no held position has (a number [`position`](Self::position) has no
    /// position for, such as Kalah's rows with a side empty; the build gives it a filler,
    /// [`NOT_HELD`]).
    fn count(&self) -> u64;

    /// The number of `position`, and the part of its value (a margin for its side to move)
    /// that the database does not hold, if the database holds it. A finished position need not
    /// be held.
    fn index(&self, position: &G) -> Option<(u64, i32)>;

    /// The position numbered `index` (below [`count`](Self::count)), with an offset of 0: the
    /// one the build solves, of which [`index`](Self::index) must give `(index, 0)` back; or
    /// `None` for a number that no held position has (its entry holds a filler, so `index`
    /// must never give it).
    fn position(&self, index: u64) -> Option<G>;

    /// What the database holds, in words, stored in the file and checked when it is read back
    /// (`kalah houses=6 seeds-in-play<=16 by-seeds`): a file of another numbering is refused.
    fn describe(&self) -> String;
}

/// What went wrong reading, writing or building a database.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a database of this format.
    #[error("{path}: not an endgame database (no GSEGDB01 header)")]
    NotADatabase {
        /// The file.
        path: String,
    },
    /// The file holds another database (another game, shape or size).
    #[error("{path}: holds \"{found}\", not \"{expected}\"")]
    Mismatch {
        /// The file.
        path: String,
        /// What it holds.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// The file is damaged: its checksum or its length is wrong.
    #[error("{path}: damaged ({what})")]
    Damaged {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// A position's value does not fit the database's byte.
    #[error("position {index} is worth {value}, beyond the ±126 a database stores")]
    ValueTooLarge {
        /// The position's number.
        index: u64,
        /// Its value.
        value: i32,
    },
    /// A finished position scored a win, draw or loss without a margin: the database holds margins.
    #[error("a finished position ends with {0:?}: a database holds games that end with a margin")]
    NotAMargin(Outcome),
    /// The numbered positions lead back to themselves.
    #[error("a line of more than {MAX_LINE} plies from position {0}: the numbered positions are not acyclic")]
    Cycle(u64),
}

/// An endgame database: a value for every position an [`Indexing`] numbers.
pub struct Database<G: Game, I> {
    indexing: I,
    values: HugeSlice<AtomicI8>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game, I: Indexing<G>> Debug for Database<G, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("holds", &self.indexing.describe())
            .field("positions", &self.values.len())
            .field("known", &self.known())
            .finish()
    }
}

/// How a [`Database::build`] went: the positions known at the end, and whether a stop flag
/// ended it early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// Entries known: values, and the fillers of numbers no held position has.
    pub known: u64,
    /// Positions in all.
    pub count: u64,
    /// Whether the stop flag ended the build before every position was known.
    pub stopped: bool,
}

impl<G: Game, I: Indexing<G>> Database<G, I> {
    /// An empty database (every value [`UNKNOWN`]) for `indexing`.
    #[must_use]
    pub fn new(indexing: I) -> Self {
        let count = usize::try_from(indexing.count()).expect("a database fits in memory");
        Database {
            values: HugeSlice::from_fn(count, |_| AtomicI8::new(UNKNOWN)),
            indexing,
            _game: std::marker::PhantomData,
        }
    }

    /// The indexing.
    pub fn indexing(&self) -> &I {
        &self.indexing
    }

    /// How many positions it holds.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.values.len() as u64
    }

    /// How many of them have a known value.
    #[must_use]
    pub fn known(&self) -> u64 {
        self.values
            .iter()
            .filter(|value| value.load(Ordering::Relaxed) != UNKNOWN)
            .count() as u64
    }

    /// The exact margin of `position` for its side to move, if the database holds it and knows
    /// its value.
    #[must_use]
    pub fn margin(&self, position: &G) -> Option<i32> {
        let (index, offset) = self.indexing.index(position)?;
        (index < self.count()).then(|| self.known_margin(index, offset))?
    }

    /// The margin of the held position numbered `index` with offset `offset`, if its value is
    /// known.
    #[inline]
    fn known_margin(&self, index: u64, offset: i32) -> Option<i32> {
        let value = self.values[index as usize].load(Ordering::Relaxed);
        (value != UNKNOWN).then(|| offset + i32::from(value))
    }

    /// Computes every value not known yet, on `threads` threads (each takes the next block of
    /// 4 096 consecutive numbers and solves their positions, with everything below them,
    /// by a memoised search to the end; two threads may compute one value twice, and store the
    /// same byte). Stops early when
    /// `stop` is raised (the values computed so far are kept: build again to go on); `progress`
    /// (if any) counts the positions done, a block at a time (the last block of a stopped build is
    /// not counted).
    ///
    /// # Errors
    ///
    /// A value beyond a byte, a finished position without a margin, or a cycle.
    pub fn build(
        &self,
        threads: u32,
        stop: Option<&AtomicBool>,
        progress: Option<&AtomicU64>,
    ) -> Result<BuildReport, DatabaseError>
    where
        G: Send,
    {
        let count = self.count();
        let next = AtomicU64::new(0);
        let stopped = AtomicBool::new(false);
        let failed = AtomicBool::new(false);
        let failure = std::sync::Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let (next, stopped, failed, failure) = (&next, &stopped, &failed, &failure);
                scope.spawn(move || {
                    loop {
                        let start = next.fetch_add(BUILD_BLOCK, Ordering::Relaxed);
                        if start >= count {
                            return;
                        }
                        let end = (start + BUILD_BLOCK).min(count);
                        for index in start..end {
                            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                                stopped.store(true, Ordering::Relaxed);
                                return;
                            }
                            if failed.load(Ordering::Relaxed) {
                                return;
                            }
                            if let Err(error) = self.fill(index) {
                                if let Ok(mut failure) = failure.lock() {
                                    failure.get_or_insert(error);
                                }
                                failed.store(true, Ordering::Relaxed);
                                return;
                            }
                        }
                        if let Some(progress) = progress {
                            progress.fetch_add(end - start, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        if let Some(error) = failure.into_inner().ok().flatten() {
            return Err(error);
        }
        Ok(BuildReport {
            known: self.known(),
            count: self.count(),
            stopped: stopped.into_inner(),
        })
    }

    /// Computes the value of the position numbered `index`, if not known yet; a number that no
    /// position the database holds has (the indexing has no position for it: Kalah's rows with
    /// a side empty, which are over) gets [`NOT_HELD`], so that a finished build knows every entry.
    fn fill(&self, index: u64) -> Result<(), DatabaseError> {
        if self.values[index as usize].load(Ordering::Relaxed) != UNKNOWN {
            return Ok(());
        }
        let Some(position) = self.indexing.position(index) else {
            self.values[index as usize].store(NOT_HELD, Ordering::Relaxed);
            return Ok(());
        };
        debug_assert_eq!(
            self.indexing.index(&position),
            Some((index, 0)),
            "the indexing numbers position {index} otherwise"
        );
        self.solve(&position, Some((index, 0)), 0).map(|_| ())
    }

    /// The margin of `position` for its side to move, by a memoised search to the end; stored if
    /// the database holds the position (`held`: its number and offset, `index` of it).
    fn solve(&self, position: &G, held: Option<(u64, i32)>, ply: u32) -> Result<i32, DatabaseError> {
        if let Some((index, offset)) = held {
            if let Some(margin) = self.known_margin(index, offset) {
                return Ok(margin);
            }
            if ply > MAX_LINE {
                return Err(DatabaseError::Cycle(index));
            }
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let margin = match position.outcome(moves.len()) {
            Some(Outcome::Margin(margin)) => margin,
            Some(Outcome::Draw) => 0,
            Some(outcome) => return Err(DatabaseError::NotAMargin(outcome)),
            None => {
                let mut best = i32::MIN;
                // A few children at a time: their entries asked of memory all at once (each is
                // a wait on memory, a third of the build's time when taken one by one).
                for chunk in moves.chunks(CHILDREN_AHEAD) {
                    // Each child's number, and whether it keeps the mover; the position itself
                    // is made again only for a child to search (unknown, or not held).
                    // (Pushed one by one: a collected `ArrayVec` is copied out whole.)
                    let mut children = ArrayVec::<(G::Move, Option<(u64, i32)>, bool), CHILDREN_AHEAD>::new();
                    for &mv in chunk {
                        let mut child = position.clone();
                        child.play_in_place(mv);
                        let held = self.indexing.index(&child);
                        if let Some((index, _)) = held {
                            prefetch(&self.values[index as usize]);
                        }
                        children.push((mv, held, child.to_move() == position.to_move()));
                    }
                    for &(mv, held, same_mover) in &children {
                        let known = held.and_then(|(index, offset)| self.known_margin(index, offset));
                        let value = match known {
                            Some(value) => value,
                            None => {
                                let mut child = position.clone();
                                child.play_in_place(mv);
                                crate::stack::deeper(ply, || self.solve(&child, held, ply + 1))?
                            }
                        };
                        best = best.max(if same_mover { value } else { -value });
                    }
                }
                best
            }
        };
        if let Some((index, offset)) = held {
            let value = margin - offset;
            let byte = i8::try_from(value)
                .ok()
                .filter(|&byte| byte != UNKNOWN)
                .ok_or(DatabaseError::ValueTooLarge { index, value })?;
            self.values[index as usize].store(byte, Ordering::Relaxed);
        }
        Ok(margin)
    }

    /// Writes the database to `path` (see the [module documentation](self) for the format).
    ///
    /// # Errors
    ///
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), DatabaseError> {
        let io = |source| DatabaseError::Io {
            path: path.display().to_string(),
            source,
        };
        let description = self.indexing.describe();
        let mut bytes = Vec::with_capacity(self.values.len() + description.len() + 40);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(description.len() as u32).to_le_bytes());
        bytes.extend_from_slice(description.as_bytes());
        bytes.extend_from_slice(&self.count().to_le_bytes());
        bytes.extend_from_slice(&self.known().to_le_bytes());
        bytes.extend(
            self.values
                .iter()
                .map(|value| value.load(Ordering::Relaxed) as u8),
        );
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        // Written beside, then renamed: a file is whole or absent, never half written. The
        // file beside is this write's own (two solves may write one database at once).
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let write = WRITES.fetch_add(1, Ordering::Relaxed);
        let partial = path.with_extension(format!("partial-{}-{write}", std::process::id()));
        let mut file = std::fs::File::create(&partial).map_err(io)?;
        file.write_all(&bytes).map_err(io)?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&partial, path).map_err(io)
    }

    /// Reads a database of `indexing` from `path`, written by [`save`](Self::save).
    ///
    /// # Errors
    ///
    /// The file cannot be read, is not a database, holds another one (another description),
    /// or is damaged (a wrong length or checksum).
    pub fn load(indexing: I, path: &Path) -> Result<Self, DatabaseError> {
        let name = path.display().to_string();
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|mut file| file.read_to_end(&mut bytes))
            .map_err(|source| DatabaseError::Io {
                path: name.clone(),
                source,
            })?;
        Database::from_bytes(indexing, &bytes, &name)
    }

    /// Reads a database of `indexing` from `bytes`, a file's whole content as
    /// [`save`](Self::save) writes it; `name` says where they came from, in the errors (what
    /// [`load`](Self::load) does after reading the file, and what the loader's fuzz target
    /// calls).
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load), but for reading the file.
    pub fn from_bytes(indexing: I, bytes: &[u8], name: &str) -> Result<Self, DatabaseError> {
        let name = name.to_string();
        let damaged = |what: &str| DatabaseError::Damaged {
            path: name.clone(),
            what: what.to_string(),
        };
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(DatabaseError::NotADatabase { path: name });
        }
        let (body, tail) = bytes.split_at(bytes.len().saturating_sub(8).max(MAGIC.len()));
        let stored = u64::from_le_bytes(tail.try_into().map_err(|_| damaged("too short"))?);
        if fnv1a(body) != stored {
            return Err(damaged("the checksum does not match"));
        }
        let mut reader = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let length = reader.u32().ok_or_else(|| damaged("too short"))? as usize;
        let found = reader.take(length).ok_or_else(|| damaged("too short"))?;
        let found = String::from_utf8_lossy(found).into_owned();
        let expected = indexing.describe();
        if found != expected {
            return Err(DatabaseError::Mismatch {
                path: name,
                found,
                expected,
            });
        }
        let count = reader.u64().ok_or_else(|| damaged("too short"))?;
        let _known = reader.u64().ok_or_else(|| damaged("too short"))?;
        if count != indexing.count() || reader.bytes.len() as u64 != count {
            return Err(damaged("the number of positions does not match"));
        }
        Ok(Database {
            values: HugeSlice::from_fn(reader.bytes.len(), |i| AtomicI8::new(reader.bytes[i] as i8)),
            indexing,
            _game: std::marker::PhantomData,
        })
    }
}

/// Reads little-endian numbers off a byte slice.
struct Reader<'b> {
    bytes: &'b [u8],
}

impl<'b> Reader<'b> {
    fn take(&mut self, count: usize) -> Option<&'b [u8]> {
        if self.bytes.len() < count {
            return None;
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Some(taken)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

/// The FNV-1a 64-bit hash of `bytes` (Fowler, Noll & Vo): the file's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A game whose positions the database knows end at once, with their value: what the solver
/// searches to use a database (`Solver::<WithDatabase<..>>::new().solve(&WithDatabase::new(&db,
/// position))`). Every other question goes to the game.
pub struct WithDatabase<'db, G: Game, I> {
    /// The position.
    pub game: G,
    database: &'db Database<G, I>,
}

impl<G: Game, I> Clone for WithDatabase<'_, G, I> {
    fn clone(&self) -> Self {
        WithDatabase {
            game: self.game.clone(),
            database: self.database,
        }
    }
}

impl<G: Game + Debug, I> Debug for WithDatabase<'_, G, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.game.fmt(f)
    }
}

impl<'db, G: Game, I: Indexing<G>> WithDatabase<'db, G, I> {
    /// `game`, with the values `database` knows.
    pub fn new(database: &'db Database<G, I>, game: G) -> Self {
        WithDatabase { game, database }
    }

    fn known(&self) -> Option<i32> {
        self.database.margin(&self.game)
    }
}

impl<G: Game, I: Indexing<G>> Game for WithDatabase<'_, G, I> {
    type Move = G::Move;

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    /// No move where the database knows the value: the game ends there.
    fn generate_moves(&self, moves: &mut MoveList<G::Move>) {
        if self.known().is_none() {
            self.game.generate_moves(moves);
        }
    }

    fn play(&self, mv: G::Move) -> Self {
        WithDatabase {
            game: self.game.play(mv),
            database: self.database,
        }
    }

    fn play_in_place(&mut self, mv: G::Move) {
        self.game.play_in_place(mv);
    }

    /// The database's margin where it knows one, else the game's outcome. A position with
    /// moves is not one the database knows (it has none here), so only a position without any
    /// is looked up.
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if legal_moves > 0 {
            return self.game.outcome(legal_moves);
        }
        match self.known() {
            Some(margin) => Some(Outcome::Margin(margin)),
            None => self.game.outcome(legal_moves),
        }
    }

    fn order_hint(&self, mv: G::Move) -> i32 {
        self.game.order_hint(mv)
    }

    fn history_index(&self, mv: G::Move) -> Option<u16> {
        self.game.history_index(mv)
    }

    fn continuation_index(&self, mv: G::Move) -> Option<u16> {
        self.game.continuation_index(mv)
    }

    fn correction_key(&self) -> Option<u64> {
        self.game.correction_key()
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.game.value_bounds()
    }

    fn value_bound(&self) -> Score {
        self.game.value_bound()
    }

    fn null_move(&self) -> Option<Self> {
        Some(WithDatabase {
            game: self.game.null_move()?,
            database: self.database,
        })
    }

    fn is_in_check(&self) -> bool {
        self.game.is_in_check()
    }

    fn is_noisy(&self, mv: G::Move) -> bool {
        self.game.is_noisy(mv)
    }

    fn repetition_key(&self) -> Option<u64> {
        self.game.repetition_key()
    }

    const HAS_CHANCE: bool = G::HAS_CHANCE;

    fn is_chance(&self) -> bool {
        self.game.is_chance()
    }

    fn chance_weight(&self, outcome: G::Move) -> u32 {
        self.game.chance_weight(outcome)
    }
}

impl<G: ZobristHash, I: Indexing<G>> ZobristHash for WithDatabase<'_, G, I> {
    fn zobrist(&self) -> u64 {
        self.game.zobrist()
    }

    fn move_code(&self, mv: G::Move) -> Option<u32> {
        self.game.move_code(mv)
    }

    fn banked_key(&self) -> Option<(u64, i32)> {
        self.game.banked_key()
    }
}
