//! The **transposition table** (Greenblatt, Eastlake & Crocker 1967; Zobrist 1970 for the hash):
//! a fixed-size hash table of search results, so that a position reached again (by another move
//! order, in the next iteration, in the next MTD(f) pass) is not searched again.
//!
//! - **Idea.** Store, for each searched position, the depth it was searched to, the fail-soft
//!   score with its [`Bound`] (exact, lower, upper) and the best move. A later visit may take the
//!   score as its value if the depth is acceptable and the bound decides the window; otherwise the
//!   stored best move is searched first (usually the best move again).
//! - **Invariant.** An entry states a fact about the position: "searched to `depth`, its value is
//!   `= / >= / <= score`". Scores are stored relative to the node ([`Score::to_tt`]), so a mate
//!   found at one ply is read back at another with the right distance ([`Score::from_tt`]).
//!   The full 64-bit key is checked, and a stored move is only ever read back as one of the
//!   probing position's generated moves: a collision of two positions on the full key (rare; Hyatt & Cozzie
//!   2005, cited by the thesis, measured how little it matters) can mislead the ordering or a
//!   value, never yield an illegal move.
//! - **Exact or value-changing.** Depends on the [`DepthPolicy`]: [`SameDepth`](DepthPolicy::SameDepth)
//!   (the thesis's version 1) only reuses results searched to the very depth wanted, the value
//!   that search would find again, so the root value equals minimax's;
//!   [`AtLeastDepth`](DepthPolicy::AtLeastDepth) (version 2, the standard) and
//!   [`AnyDepth`](DepthPolicy::AnyDepth) (version 3) reuse deeper or shallower results and change
//!   values. Path-dependent rules (repetition draws) are not part of the key: with them on, no TT
//!   is exact (the graph-history interaction problem).
//! - **Threads.** Every entry is two 64-bit words, the key folded into the first (`key ^
//!   data`), the depth, bound, score, generation and move packed into the second, so that threads
//!   share one table with atomic loads and stores and no lock: a torn entry (words of two
//!   different stores) fails the key check and is missed, never trusted. A move is stored as its
//!   [`move_code`](crate::ZobristHash::move_code) (the game's number for it, or its index in
//!   generation order), and read back only as one of the probing position's own moves.
//! - **Cost.** At most `mib` MiB, taken as the table fills: a table starts *sparse* (only the
//!   buckets written so far, in a hash map keyed by bucket index) and becomes *dense* (one
//!   array of every bucket) once its sparse buckets would take an eighth of that, or when
//!   [`allocate`](TranspositionTable::allocate) is called (a UCI engine does it off the clock,
//!   and a search with several threads before it starts). Both forms index the same buckets with the same replacement, so the contents, and
//!   the search, are the same either way: a small game's search pays for what it stores, not
//!   for the table's size. One probe per node above the horizon (horizon nodes
//!   neither probe nor store: their value is one evaluation, the Fiacco report's profiling
//!   lesson; with `qs-tt` the quiescence search below them probes and stores at depth 0,
//!   `quiescence.rs`) and one store per node that searches its moves; enhanced transposition cutoffs
//!   (`enhanced_cutoff.rs`) add a probe per child. Probes and stores are two slot comparisons each.
//! - **Replacement.** Buckets of two entries (Breuker, Uiterwijk & van den Herik 1994's two-level
//!   scheme): slot 0 is *depth-preferred*: a new result replaces it when at least as deep, when it
//!   is for the same position, or when the stored one is from an older search (its generation
//!   differs); the entry it displaces moves down to slot 1. Otherwise the new result goes to slot
//!   1, *always-replace*. Deep results (expensive) survive; recent shallow ones still get a place.
//! - **Persistence.** The table is kept between searches; each search bumps a generation counter
//!   so that stale entries are replaced first. [`clear`](TranspositionTable::clear) empties it
//!   (a new game); [`hashfull`](TranspositionTable::hashfull) is UCI's fill rate.
//!
//! Sources: Greenblatt, Eastlake & Crocker 1967, "The Greenblatt chess program" (the idea);
//! Zobrist 1970, "A new hashing method with application for game playing" (the hash); the thesis
//! in the project's papers (section 2.5, the three depth policies); Fiacco (bound types).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use super::key::TableKey;
use crate::engine::frame::Node;
use crate::memory::HugeSlice;
use crate::{Bound, Score, SearchStats};

/// The transposition table's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableConfig {
    /// Which stored depths it may answer for.
    pub policy: DepthPolicy,
    /// Enhanced transposition cutoffs (`enhanced_cutoff.rs`).
    pub enhanced_cutoffs: bool,
    /// Keys by the game's [`banked_key`](crate::ZobristHash::banked_key), values relative to
    /// the margin banked (`banked.rs`): for solving.
    pub banked: bool,
    /// The node's entry, where it bounds the value beyond the static value, read by the
    /// prunings instead (`table_eval.rs`).
    pub eval: bool,
    /// Once a node's first move fails to cut, every other child's bucket is loaded at once
    /// (`prefetch.rs`).
    pub prefetch: bool,
}

impl TableConfig {
    /// A table with `policy`, without enhanced cutoffs (its size is the
    /// [`Resources`](crate::Resources)').
    #[must_use]
    pub const fn new(policy: DepthPolicy) -> Self {
        TableConfig {
            policy,
            enhanced_cutoffs: false,
            banked: false,
            eval: false,
            prefetch: false,
        }
    }
}

/// Which stored depths a probe accepts, the thesis's three versions (section 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthPolicy {
    /// Only an entry searched to exactly the depth wanted (version 1): exact, as minimax.
    SameDepth,
    /// An entry searched at least as deep (version 2): the standard; values may change (deeper
    /// is usually better).
    AtLeastDepth,
    /// Any entry whatever its depth (version 3): the most reuse, the least accuracy.
    AnyDepth,
}

impl DepthPolicy {
    /// Its name in the text form: `same`, `deeper`, `any`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DepthPolicy::SameDepth => "same",
            DepthPolicy::AtLeastDepth => "deeper",
            DepthPolicy::AnyDepth => "any",
        }
    }

    /// Whether an entry searched to `stored` plies may stand for a search to `wanted` plies.
    #[must_use]
    pub fn accepts(self, stored: u32, wanted: u32) -> bool {
        match self {
            DepthPolicy::SameDepth => stored == wanted,
            DepthPolicy::AtLeastDepth => stored >= wanted,
            DepthPolicy::AnyDepth => true,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The position's full 64-bit hash (checked on every probe).
    pub key: u64,
    /// The depth (plies to the horizon) the position was searched to (at most 255).
    pub depth: u32,
    /// How `score` relates to the position's value.
    pub bound: Bound,
    /// The fail-soft score, relative to the node ([`Score::to_tt`]).
    pub score: Score,
    /// The best (or refuting) move found, as its code (see
    /// [`ZobristHash::move_code`](crate::ZobristHash::move_code)), if any: one of the position's
    /// moves when the entry is the position's, to be looked for among its moves.
    pub move_code: Option<u32>,
    /// The search that stored it.
    generation: u8,
}

/// Codes of moves are stored in this many bits: a code is below `2^18 - 1`.
pub const MOVE_CODE_BITS: u32 = 18;

/// The largest move code the table stores (a larger one is stored as no move).
pub const MAX_MOVE_CODE: u32 = (1 << MOVE_CODE_BITS) - 2;

/// How a stored entry is packed in its data word, from the low bits: the move code plus one (0:
/// no move) in 18 bits, the generation in 8, the bound in 2 (0: an empty slot), the depth in 8,
/// the score in the top 28 (signed: every decided score fits).
mod layout {
    pub(crate) const MOVE_SHIFT: u32 = 0;
    pub(crate) const GENERATION_SHIFT: u32 = 18;
    pub(crate) const BOUND_SHIFT: u32 = 26;
    pub(crate) const DEPTH_SHIFT: u32 = 28;
    pub(crate) const SCORE_SHIFT: u32 = 36;
}

impl TtEntry {
    /// The entry's two words: the key folded with the data, and the data.
    fn pack(&self) -> [u64; 2] {
        use layout::*;
        let code = self
            .move_code
            .filter(|&code| code <= MAX_MOVE_CODE)
            .map_or(0, |code| code + 1);
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = u64::from(code) << MOVE_SHIFT
            | u64::from(self.generation) << GENERATION_SHIFT
            | bound << BOUND_SHIFT
            | u64::from(self.depth.min(255)) << DEPTH_SHIFT
            | (self.score.raw() as u64) << SCORE_SHIFT;
        [self.key ^ data, data]
    }

    /// The entry packed in `words`, if the slot holds one.
    fn unpack([folded, data]: [u64; 2]) -> Option<TtEntry> {
        use layout::*;
        let bound = match (data >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let code = ((data >> MOVE_SHIFT) & ((1 << MOVE_CODE_BITS) - 1)) as u32;
        Some(TtEntry {
            key: folded ^ data,
            depth: ((data >> DEPTH_SHIFT) & 0xFF) as u32,
            bound,
            score: Score::from_raw(((data as i64) >> SCORE_SHIFT) as i32),
            move_code: code.checked_sub(1),
            generation: ((data >> GENERATION_SHIFT) & 0xFF) as u8,
        })
    }
}

/// The bytes a bucket is counted at when the table is sized: the entries of the first tables
/// (a key, a depth, a bound, a score, a move and a generation in 24 bytes), so that a table of
/// `mib` MiB has as many buckets as it always had and searches the same way. Packed in two
/// 64-bit words an entry takes 16, and the buckets are a power of two: so a table takes
/// between a third and two thirds of its size, exactly half when the size is a power of two
/// MiB (a 16 MiB table holds 262 144 buckets in 8 MiB).
const BUCKET_BYTES: usize = 48;

/// A bucket: two entries, two words each.
type Bucket = [u64; 4];

/// A bucket as the dense table holds it: its four words, aligned to their 32 bytes so that a
/// bucket never straddles two cache lines (one memory access a probe; unaligned, every other
/// bucket of a large allocation crossed a line and cost two).
#[derive(Debug, Default)]
#[repr(align(32))]
struct Slots([AtomicU64; 4]);

/// Hashes a bucket index for the sparse form's map: the index is the low bits of a Zobrist key,
/// random already; a multiplication spreads them to the high bits the map also uses.
#[derive(Default)]
struct IndexHasher(u64);

impl Hasher for IndexHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte) ^ self.0.rotate_left(8));
        }
    }

    fn write_u64(&mut self, index: u64) {
        self.0 = index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, index: usize) {
        self.write_u64(index as u64);
    }
}

/// Where the buckets live (see the module documentation's **Cost**).
#[derive(Debug)]
enum Storage {
    /// The buckets written so far, by index.
    Sparse(HashMap<usize, Bucket, BuildHasherDefault<IndexHasher>>),
    /// Every bucket, shared by the threads of a search.
    Dense(HugeSlice<Slots>),
}

/// A fixed-size transposition table. See the [module documentation](self).
#[derive(Debug)]
pub struct TranspositionTable {
    storage: Storage,
    /// The number of buckets (a power of two) minus one: the index is `key & mask`.
    mask: u64,
    generation: u8,
    /// The size asked for, in MiB.
    mib: usize,
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (at least one bucket), with a power-of-two number of buckets.
    /// Nothing is allocated yet: the table takes memory as it fills (see
    /// [`allocate`](Self::allocate)).
    #[must_use]
    pub fn new(mib: usize) -> Self {
        let bytes = mib.saturating_mul(1 << 20);
        let fit = (bytes / BUCKET_BYTES).max(1);
        // The largest power of two that fits.
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        TranspositionTable {
            storage: Storage::Sparse(HashMap::default()),
            mask: count as u64 - 1,
            generation: 0,
            mib,
        }
    }

    /// Takes the table's full size now, rather than as it fills: what a UCI engine does when
    /// `Hash` is set, so that no search pays for it on the clock, and what a search with several
    /// threads does before they share it. The contents are kept.
    pub fn allocate(&mut self) {
        self.allocate_on(1);
    }

    /// [`allocate`](Self::allocate)s, writing the new table on `threads` threads at once: the
    /// first touch of its memory is most of the cost (about 1.2 s for 512 MiB on a virtual
    /// machine that hands out memory as it is touched), and it divides among the threads. What
    /// a search on several threads does before they share the table.
    pub fn allocate_on(&mut self, threads: usize) {
        if let Storage::Sparse(map) = &mut self.storage {
            // In huge pages where the system gives them (`memory.rs`).
            let buckets = HugeSlice::from_fn_on(self.mask as usize + 1, threads, |_| Slots::default());
            for (index, bucket) in map.drain() {
                for (word, value) in buckets[index].0.iter().zip(bucket) {
                    word.store(value, Ordering::Relaxed);
                }
            }
            self.storage = Storage::Dense(buckets);
        }
    }

    /// Whether the full size is taken ([`allocate`](Self::allocate)d, or filled enough).
    #[must_use]
    pub fn is_allocated(&self) -> bool {
        matches!(self.storage, Storage::Dense(_))
    }

    /// The size it was made with, in MiB: its budget.
    #[must_use]
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// The memory its buckets take once allocated, in MiB (rounded up): between a third and two
    /// thirds of [`mib`](Self::mib), half when that is a power of two (see [`new`](Self::new)).
    /// What a report gives as the table's size.
    #[must_use]
    pub fn allocated_mib(&self) -> usize {
        ((self.mask as usize + 1) * std::mem::size_of::<Slots>()).div_ceil(1 << 20)
    }

    /// The number of entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        2 * (self.mask as usize + 1)
    }

    /// Empties the table (a new game), keeping its memory.
    pub fn clear(&mut self) {
        match &mut self.storage {
            Storage::Sparse(map) => map.clear(),
            Storage::Dense(buckets) => buckets
                .iter()
                .flat_map(|bucket| &bucket.0)
                .for_each(|word| word.store(0, Ordering::Relaxed)),
        }
        self.generation = 0;
    }

    /// Starts a new search: entries of earlier searches become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key & self.mask) as usize
    }

    /// The words of the bucket at `index`, if it was ever written.
    fn bucket(&self, index: usize) -> Option<Bucket> {
        match &self.storage {
            Storage::Sparse(map) => map.get(&index).copied(),
            Storage::Dense(buckets) => Some(load(&buckets[index])),
        }
    }

    /// The entry for `key`, if stored.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        find(&self.bucket(self.index(key))?, key)
    }

    /// Stores a result for `key` (see the module documentation for the replacement policy).
    /// `score` must already be relative to the node ([`Score::to_tt`]); `move_code` is the best
    /// move's code. A result without a best move keeps the move previously stored for the same
    /// position. A sparse table that has grown to an eighth of its full size becomes dense first.
    pub fn store(&mut self, key: u64, depth: u32, bound: Bound, score: Score, move_code: Option<u32>) {
        let index = self.index(key);
        if let Storage::Sparse(map) = &self.storage
            && map.len() >= (self.mask as usize + 1) / 8
        {
            self.allocate();
        }
        let generation = self.generation;
        match &mut self.storage {
            Storage::Sparse(map) => {
                let bucket = map.entry(index).or_insert([0; 4]);
                *bucket = replace(*bucket, key, depth, bound, score, move_code, generation);
            }
            Storage::Dense(_) => self.shared().store(key, depth, bound, score, move_code),
        }
    }

    /// The table as the threads of a search share it: allocated (dense) first. Its probes and
    /// stores take `&self`: atomic loads and stores of the entries' words, no lock.
    pub fn shared(&mut self) -> SharedTable<'_> {
        self.allocate();
        let Storage::Dense(buckets) = &self.storage else {
            unreachable!("allocated just above")
        };
        SharedTable {
            buckets,
            mask: self.mask,
            generation: self.generation,
        }
    }

    /// How full the table is with entries of the current search, in per mille (UCI `hashfull`),
    /// estimated from the first thousand entries.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sampled = self.mask.min(499) as usize + 1;
        let used = (0..sampled)
            .filter_map(|index| self.bucket(index))
            .flat_map(|bucket| [entry_at(&bucket, 0), entry_at(&bucket, 1)])
            .flatten()
            .filter(|entry| entry.generation == self.generation)
            .count();
        (used * 1000 / (2 * sampled)) as u32
    }

    /// How full the table is with entries of any search, in per mille, estimated from the first
    /// thousand entries: what a long job that runs many searches on one table (the solver's
    /// probes) reports as its memory in use.
    #[must_use]
    pub fn occupancy(&self) -> u32 {
        let sampled = self.mask.min(499) as usize + 1;
        let used = (0..sampled)
            .filter_map(|index| self.bucket(index))
            .flat_map(|bucket| [entry_at(&bucket, 0), entry_at(&bucket, 1)])
            .flatten()
            .count();
        (used * 1000 / (2 * sampled)) as u32
    }
}

/// The table as the threads of a search share it (see [`TranspositionTable::shared`]): probes
/// and stores through `&self`, with atomic loads and stores of the entries' words and no lock.
/// Two threads storing into one bucket at once may lose one of the results or leave a slot
/// with words of both: such a slot fails the key check (the key is folded into its first word),
/// so it is missed, never trusted.
#[derive(Clone, Copy, Debug)]
pub struct SharedTable<'t> {
    buckets: &'t [Slots],
    mask: u64,
    generation: u8,
}

impl SharedTable<'_> {
    fn bucket(&self, key: u64) -> &Slots {
        &self.buckets[(key & self.mask) as usize]
    }

    /// The entry for `key`, if stored (and not torn).
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        find(&load(self.bucket(key)), key)
    }

    /// How full the table is with entries of the current search, in per mille (see
    /// [`TranspositionTable::hashfull`]).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sampled = self.mask.min(499) as usize + 1;
        let used = (0..sampled)
            .map(|index| load(&self.buckets[index]))
            .flat_map(|bucket| [entry_at(&bucket, 0), entry_at(&bucket, 1)])
            .flatten()
            .filter(|entry| entry.generation == self.generation)
            .count();
        (used * 1000 / (2 * sampled)) as u32
    }

    /// Stores a result for `key`, as [`TranspositionTable::store`] does.
    pub fn store(&self, key: u64, depth: u32, bound: Bound, score: Score, move_code: Option<u32>) {
        let bucket = self.bucket(key);
        let replaced = replace(load(bucket), key, depth, bound, score, move_code, self.generation);
        for (word, value) in bucket.0.iter().zip(replaced) {
            word.store(value, Ordering::Relaxed);
        }
    }
}

/// The table as one thread of a search reaches it: owned by a search on one thread (sparse or
/// dense), or shared by the threads of one (dense).
#[derive(Debug)]
pub(crate) enum Table<'t> {
    /// The table of a lone search.
    Owned(&'t mut TranspositionTable),
    /// The table the threads of a search share.
    Shared(SharedTable<'t>),
}

/// A table probe at a node that found its position: the stored move, and the stored score if it
/// ends the node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Probe {
    /// The stored result, if its depth is acceptable and its bound decides the node's window.
    pub(crate) score: Option<Score>,
    /// The stored best move's code (to be looked for among the node's moves).
    pub(crate) move_code: Option<u32>,
    /// The stored score from the node's side with its depth, if it is a lower bound of the
    /// value (a lower or exact entry, not banked): what singular extensions test
    /// (`singular.rs`).
    pub(crate) lower: Option<(Score, u32)>,
    /// The stored score from the node's side and its bound, if not banked: what `tt-eval` reads
    /// (`table_eval.rs`).
    pub(crate) stored: Option<(Score, Bound)>,
}

impl Table<'_> {
    /// Starts loading `key`'s bucket into the cache, so that a probe soon after finds it there:
    /// a prefetch instruction, which the processor does not wait for (`memory.rs`; a plain load,
    /// which it did wait for before it could retire the instructions after it, took about 6%
    /// more of a Kalah solve's time).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        let slots = match self {
            Table::Owned(table) => match &table.storage {
                Storage::Dense(buckets) => &buckets[table.index(key)],
                Storage::Sparse(_) => return,
            },
            Table::Shared(table) => table.bucket(key),
        };
        crate::memory::prefetch(slots);
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<TtEntry> {
        match self {
            Table::Owned(table) => table.probe(key),
            Table::Shared(table) => table.probe(key),
        }
    }

    /// Stores a result for `key`.
    fn store(&mut self, key: u64, depth: u32, bound: Bound, score: Score, move_code: Option<u32>) {
        match self {
            Table::Owned(table) => table.store(key, depth, bound, score, move_code),
            Table::Shared(table) => table.store(key, depth, bound, score, move_code),
        }
    }

    /// The table's answer for `node` (its position's key `key`), `policy` saying which stored
    /// depths may answer: `None` if the position is not stored; else its move to search first,
    /// and a score that ends the node if the entry's bound decides the window (never at the
    /// root, which must return a move). With banked keys the entry is relative to the margin
    /// `key` has banked (`banked.rs`). Counted in `stats`.
    pub(crate) fn probe_node(
        &self,
        key: TableKey,
        node: &Node,
        policy: DepthPolicy,
        stats: &mut SearchStats,
    ) -> Option<Probe> {
        stats.tt_probes += 1;
        let entry = self.probe(key.hash)?;
        stats.tt_hits += 1;
        let stored = key
            .banked
            .is_none()
            .then(|| (entry.score.from_tt(node.ply), entry.bound));
        let lower = stored
            .filter(|&(_, bound)| bound != Bound::Upper)
            .map(|(score, _)| (score, entry.depth));
        let mut probe = Probe {
            score: None,
            move_code: entry.move_code,
            lower,
            stored,
        };
        if node.ply > 0 && policy.accepts(entry.depth, node.depth) {
            let decided = match key.banked {
                Some(banked) => decides(entry.score, entry.bound, banked, node),
                None => {
                    let score = entry.score.from_tt(node.ply);
                    let decides = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= node.beta,
                        Bound::Upper => score <= node.alpha,
                    };
                    decides.then_some(score)
                }
            };
            if decided.is_some() {
                stats.tt_cutoffs += 1;
                probe.score = decided;
            }
        }
        Some(probe)
    }

    /// Stores the fail-soft result `score` of `node` (searched to `node.depth` in its window) as
    /// a `bound` of its value (the window's, or a lower bound: a Star2 probe's, an enhanced
    /// transposition cutoff's), with its best move's code; with banked keys relative to the
    /// margin `key` has banked, and not at all for a score that is no margin (`banked.rs`).
    pub(crate) fn store_node(
        &mut self,
        key: TableKey,
        node: &Node,
        bound: Bound,
        score: Score,
        move_code: Option<u32>,
    ) {
        let stored = match key.banked {
            Some(banked) => match relative(score, banked) {
                Some(relative) => relative,
                None => return,
            },
            None => score.to_tt(node.ply),
        };
        self.store(key.hash, node.depth, bound, stored, move_code);
    }

    /// The table's fill rate (see [`TranspositionTable::hashfull`]).
    pub(crate) fn hashfull(&self) -> u32 {
        match self {
            Table::Owned(table) => table.hashfull(),
            Table::Shared(table) => table.hashfull(),
        }
    }
}

// ---- banked keys (`features/banked.rs`): entries relative to the margin banked ----

/// The margin class of `score`: its final margin, a draw 0; `None` for a score that is neither.
fn class(score: Score) -> Option<i32> {
    if score == Score::DRAW {
        Some(0)
    } else {
        score.margin()
    }
}

/// The lowest and the highest score of margin class `margin` (any distance).
fn class_range(margin: i32) -> (Score, Score) {
    match margin {
        0 => (Score::DRAW, Score::DRAW),
        m if m > 0 => (Score::won_by(m, Score::MAX_PLY), Score::won_by(m, 0)),
        m => (Score::won_by(m, 0), Score::won_by(m, Score::MAX_PLY)),
    }
}

/// What a node that has banked `banked` stores for its fail-soft `score`: the margin class less
/// `banked`, as a score of that margin; `None` for a score that is no margin or draw.
pub(crate) fn relative(score: Score, banked: i32) -> Option<Score> {
    Some(Score::won_by(class(score)? - banked, 0))
}

/// The score an entry (`stored` relative, with its `bound`) decides for `node`, which has banked
/// `banked`, if its class lies wholly on one side of the node's window.
pub(crate) fn decides(stored: Score, bound: Bound, banked: i32, node: &Node) -> Option<Score> {
    let (lowest, highest) = class_range(class(stored)? + banked);
    let fails_high = matches!(bound, Bound::Lower | Bound::Exact) && lowest >= node.beta;
    let fails_low = matches!(bound, Bound::Upper | Bound::Exact) && highest <= node.alpha;
    if fails_high {
        Some(lowest)
    } else if fails_low {
        Some(highest)
    } else {
        None
    }
}

/// The words of a dense bucket.
fn load(bucket: &Slots) -> Bucket {
    [0, 1, 2, 3].map(|i| bucket.0[i].load(Ordering::Relaxed))
}

/// The entry in slot `slot` (0 or 1) of `bucket`, if any.
fn entry_at(bucket: &Bucket, slot: usize) -> Option<TtEntry> {
    TtEntry::unpack([bucket[2 * slot], bucket[2 * slot + 1]])
}

/// The entry for `key` in `bucket`, if any.
fn find(bucket: &Bucket, key: u64) -> Option<TtEntry> {
    [entry_at(bucket, 0), entry_at(bucket, 1)]
        .into_iter()
        .flatten()
        .find(|entry| entry.key == key)
}

/// `bucket` with a result for `key` stored (see the module documentation's **Replacement**).
fn replace(
    bucket: Bucket,
    key: u64,
    depth: u32,
    bound: Bound,
    score: Score,
    move_code: Option<u32>,
    generation: u8,
) -> Bucket {
    let (deep, other) = (entry_at(&bucket, 0), entry_at(&bucket, 1));
    let previous_move = find(&bucket, key).and_then(|entry| entry.move_code);
    let entry = TtEntry {
        key,
        depth: depth.min(255),
        bound,
        score,
        move_code: move_code.or(previous_move),
        generation,
    };
    let takes_deep_slot = match deep {
        None => true,
        Some(deep) => deep.key == key || entry.depth >= deep.depth || deep.generation != generation,
    };
    let (slot0, slot1) = if takes_deep_slot {
        match deep {
            // The displaced entry of another position moves down to the always-replace slot.
            Some(deep) if deep.key != key => (Some(entry), Some(deep)),
            // Never two entries for one position.
            _ if other.is_some_and(|other| other.key == key) => (Some(entry), None),
            _ => (Some(entry), other),
        }
    } else {
        (deep, Some(entry))
    };
    let words = |slot: Option<TtEntry>| slot.map_or([0, 0], |entry| entry.pack());
    let ([a, b], [c, d]) = (words(slot0), words(slot1));
    [a, b, c, d]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_budget() {
        for mib in [0, 1, 3, 16] {
            let table = TranspositionTable::new(mib);
            let buckets = table.capacity() / 2;
            assert!(buckets.is_power_of_two());
            assert!(mib == 0 || buckets * BUCKET_BYTES <= mib << 20);
            // Packed, a bucket takes less than it is counted at.
            assert!(std::mem::size_of::<Bucket>() <= BUCKET_BYTES);
        }
        // At a power of two MiB a table takes half its size: 16 MiB, 262 144 buckets of 32 bytes.
        assert_eq!(TranspositionTable::new(16).capacity(), 2 * 262_144);
        assert_eq!(std::mem::size_of::<Slots>(), 32);
    }

    #[test]
    fn mate_scores_survive_storing_at_one_ply_and_probing_at_another() {
        let mut table = TranspositionTable::new(1);
        // Found at ply 4: we mate 3 plies below this node (ply 7 from the root).
        let found = Score::mate_in(7);
        table.store(42, 5, Bound::Exact, found.to_tt(4), Some(1));
        // Probed from a node at ply 2: still mate 3 plies below it, ply 5 from the root.
        let entry = table.probe(42).unwrap();
        assert_eq!(entry.score.from_tt(2), Score::mate_in(5));
        // A losing bound too.
        table.store(43, 5, Bound::Upper, Score::mated_in(10).to_tt(6), None);
        assert_eq!(table.probe(43).unwrap().score.from_tt(1), Score::mated_in(5));
    }

    #[test]
    fn bounds_and_depths_are_kept() {
        let mut table = TranspositionTable::new(1);
        table.store(7, 3, Bound::Lower, Score::cp(50), Some(2));
        let entry = table.probe(7).unwrap();
        assert_eq!(
            (entry.depth, entry.bound, entry.score, entry.move_code),
            (3, Bound::Lower, Score::cp(50), Some(2))
        );
        assert!(table.probe(8).is_none());
        // A result without a move keeps the stored move.
        table.store(7, 4, Bound::Upper, Score::cp(10), None);
        let entry = table.probe(7).unwrap();
        assert_eq!(
            (entry.depth, entry.bound, entry.move_code),
            (4, Bound::Upper, Some(2))
        );
    }

    #[test]
    fn entries_pack_and_unpack_every_field() {
        let scores = [
            Score::cp(-28_999),
            Score::DRAW,
            Score::mate_in(7).to_tt(3),
            Score::MAX_DECIDED,
            -Score::MAX_DECIDED,
        ];
        for (i, score) in scores.into_iter().enumerate() {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for move_code in [None, Some(0), Some(12_345), Some(MAX_MOVE_CODE)] {
                    let entry = TtEntry {
                        key: 0xDEAD_BEEF_0123_4567 ^ i as u64,
                        depth: [0, 7, 255][i % 3],
                        bound,
                        score,
                        move_code,
                        generation: 200,
                    };
                    assert_eq!(TtEntry::unpack(entry.pack()), Some(entry));
                }
            }
        }
        // An empty slot, and a torn one (words of two entries), are no entry of their key.
        assert_eq!(TtEntry::unpack([0, 0]), None);
        let entry = |key, score| TtEntry {
            key,
            depth: 3,
            bound: Bound::Exact,
            score: Score::cp(score),
            move_code: Some(1),
            generation: 1,
        };
        let ([a, _], [_, d]) = (entry(5, 10).pack(), entry(5, 20).pack());
        assert_ne!(TtEntry::unpack([a, d]).map(|torn| torn.key), Some(5));
        // A code beyond the bits is stored as no move, never as another.
        let mut wide = entry(9, 1);
        wide.move_code = Some(MAX_MOVE_CODE + 1);
        assert_eq!(TtEntry::unpack(wide.pack()).unwrap().move_code, None);
    }

    /// Threads storing and probing one small table at once (heavy collisions, torn writes
    /// likely): every entry a probe returns is one some thread stored for that key, whole, never
    /// a mix of two stores.
    #[test]
    fn a_shared_table_hammered_by_many_threads_never_returns_a_torn_entry() {
        // Every field is a function of the key, so a mixed entry shows.
        fn entry_of(key: u64) -> (u32, Bound, Score, u32) {
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(key % 3) as usize];
            (
                (key % 200) as u32,
                bound,
                Score::cp((key % 20_000) as i32 - 10_000),
                (key % 100_000) as u32,
            )
        }
        let mut table = TranspositionTable::new(0); // one bucket: every store collides
        let shared = table.shared();
        let returned = std::sync::atomic::AtomicU64::new(0);
        let start = std::sync::Barrier::new(4);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (shared, returned, start) = (&shared, &returned, &start);
                scope.spawn(move || {
                    let mut state = 0x9E37_79B9_7F4A_7C15 ^ thread;
                    start.wait();
                    for _ in 0..2_000_000 {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        let key = state % 4 * 0x0101_0101_0101_0101;
                        if state >> 40 & 1 == 0 {
                            let (depth, bound, score, code) = entry_of(key);
                            shared.store(key, depth, bound, score, Some(code));
                        } else if let Some(entry) = shared.probe(key) {
                            let (depth, bound, score, code) = entry_of(key);
                            assert_eq!(
                                (entry.depth, entry.bound, entry.score, entry.move_code),
                                (depth, bound, score, Some(code)),
                                "a torn entry for key {key:#x}"
                            );
                            returned.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        let returned = returned.into_inner();
        assert!(
            returned > 10_000,
            "the probes found too little to check: {returned}"
        );
    }

    #[test]
    fn depth_policies() {
        assert!(DepthPolicy::SameDepth.accepts(3, 3));
        assert!(!DepthPolicy::SameDepth.accepts(4, 3));
        assert!(DepthPolicy::AtLeastDepth.accepts(4, 3));
        assert!(!DepthPolicy::AtLeastDepth.accepts(2, 3));
        assert!(DepthPolicy::AnyDepth.accepts(1, 9));
    }

    #[test]
    fn replacement_keeps_deep_entries() {
        let mut table = TranspositionTable::new(0); // one bucket: everything collides
        assert_eq!(table.capacity(), 2);
        table.store(1, 9, Bound::Exact, Score::cp(1), Some(1));
        // Shallower results of other positions churn through the always-replace slot.
        for key in 2..50 {
            table.store(key, 2, Bound::Exact, Score::cp(2), Some(2));
        }
        assert_eq!(table.probe(1).unwrap().depth, 9);
        assert_eq!(table.probe(49).unwrap().depth, 2);
        assert!(table.probe(48).is_none());
        // A deeper one takes the deep slot and the old deep entry moves down.
        table.store(60, 10, Bound::Exact, Score::cp(3), None);
        assert_eq!(table.probe(60).unwrap().depth, 10);
        assert_eq!(table.probe(1).unwrap().depth, 9);
        // In a new search, even a shallow result takes the deep slot from an older one.
        table.new_search();
        table.store(61, 1, Bound::Exact, Score::cp(4), None);
        assert_eq!(entry_at(&table.bucket(0).unwrap(), 0).unwrap().key, 61);
        assert_eq!(table.probe(60).unwrap().depth, 10);
        assert!(table.probe(1).is_none());
        // The same position is never stored twice.
        table.store(1, 12, Bound::Lower, Score::cp(5), None);
        assert_eq!(table.probe(1).unwrap().depth, 12);
        let bucket = table.bucket(0).unwrap();
        let entries = [entry_at(&bucket, 0), entry_at(&bucket, 1)];
        assert_eq!(entries.iter().flatten().filter(|entry| entry.key == 1).count(), 1);
    }

    #[test]
    fn a_sparse_table_holds_what_a_dense_one_holds_and_becomes_dense_as_it_fills() {
        let mut sparse = TranspositionTable::new(1);
        let mut dense = TranspositionTable::new(1);
        dense.allocate();
        assert!(!sparse.is_allocated() && dense.is_allocated());
        let buckets = sparse.capacity() / 2;
        // A pseudo-random stream of keys, depths and generations, with many collisions.
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut keys = Vec::new();
        let mut became_dense_at = None;
        for step in 0..buckets {
            let key = next() % (4 * buckets as u64) * 0x1_0000_0001;
            let depth = (next() % 8) as u32;
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][step % 3];
            for table in [&mut sparse, &mut dense] {
                if step % 1000 == 999 {
                    table.new_search();
                }
                table.store(key, depth, bound, Score::cp(step as i32), Some(step as u32));
            }
            keys.push(key);
            if became_dense_at.is_none() && sparse.is_allocated() {
                became_dense_at = Some(step);
            }
            if step % 97 == 0 || became_dense_at == Some(step) {
                for &key in &keys {
                    assert_eq!(sparse.probe(key), dense.probe(key), "key {key} at step {step}");
                }
                assert_eq!(sparse.hashfull(), dense.hashfull());
            }
        }
        // Dense once an eighth of the buckets were written, not before.
        let at = became_dense_at.expect("the sparse table became dense");
        assert!(
            at >= buckets / 8 && at < buckets / 2,
            "dense at step {at} of {buckets}"
        );
        sparse.clear();
        assert!(sparse.probe(keys[0]).is_none());
    }

    #[test]
    fn a_bucket_never_straddles_two_cache_lines() {
        assert_eq!(
            (std::mem::size_of::<Slots>(), std::mem::align_of::<Slots>()),
            (32, 32)
        );
        for mib in [1, 16, 64] {
            let mut table = TranspositionTable::new(mib);
            let shared = table.shared();
            assert_eq!(shared.buckets.as_ptr() as usize % 32, 0, "{mib} MiB");
        }
    }

    #[test]
    fn hashfull_counts_the_current_search() {
        let mut table = TranspositionTable::new(1);
        assert_eq!(table.hashfull(), 0);
        for key in 0..2000u64 {
            table.store(key, 1, Bound::Exact, Score::DRAW, None);
        }
        assert!(table.hashfull() > 0);
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        table.clear();
        assert!(table.probe(5).is_none());
    }
}

#[cfg(test)]
mod banked_tests {
    use super::{class_range, decides, relative};
    use crate::engine::frame::Node;
    use crate::{Bound, Score};

    fn window(alpha: Score, beta: Score) -> Node {
        Node {
            ply: 3,
            ..Node::root(10, (alpha, beta), None)
        }
    }

    #[test]
    fn an_entry_moves_with_the_banked_margin_and_keeps_its_bound() {
        // Stored at a node that had banked +3 with a value "win by 5": the rest brings +2.
        let stored = relative(Score::won_by(5, 17), 3).unwrap();
        assert_eq!(stored, Score::won_by(2, 0));
        // Read back where -1 is banked: the final margin is +1, at any distance.
        let (lowest, highest) = class_range(1);
        let above = window(Score::DRAW, Score::from_raw(1)); // a win or not?
        assert_eq!(decides(stored, Bound::Lower, -1, &above), Some(lowest));
        assert_eq!(decides(stored, Bound::Exact, -1, &above), Some(lowest));
        assert_eq!(decides(stored, Bound::Upper, -1, &above), None);
        // Where -4 is banked: a loss by 2 at best, which decides "a win or not" low.
        let below = class_range(-2).1;
        assert_eq!(decides(stored, Bound::Upper, -4, &above), Some(below));
        assert_eq!(decides(stored, Bound::Lower, -4, &above), None);
        // A window inside the class decides nothing, even with an exact entry.
        let inside = window(highest - 2, highest - 1);
        assert_eq!(decides(stored, Bound::Exact, -1, &inside), None);
        // A draw is class 0; a static value or a plain mate is not stored.
        assert_eq!(relative(Score::DRAW, -2), Some(Score::won_by(2, 0)));
        assert_eq!(relative(Score::cp(35), 0), None);
        assert_eq!(relative(Score::mate_in(3), 0), None);
    }
}
