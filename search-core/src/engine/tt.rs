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
//!   The full 64-bit key is checked, and the engine checks a stored move against the generated
//!   moves before using it: a collision of two positions on the full key (rare; Hyatt & Cozzie
//!   2005, cited by the thesis, measured how little it matters) can mislead the ordering or a
//!   value, never yield an illegal move.
//! - **Exact or value-changing.** Depends on the [`DepthPolicy`]: [`SameDepth`](DepthPolicy::SameDepth)
//!   (the thesis's version 1) only reuses results searched to the very depth wanted, the value
//!   that search would find again, so the root value equals minimax's;
//!   [`AtLeastDepth`](DepthPolicy::AtLeastDepth) (version 2, the standard) and
//!   [`AnyDepth`](DepthPolicy::AnyDepth) (version 3) reuse deeper or shallower results and change
//!   values. Path-dependent rules (repetition draws) are not part of the key: with them on, no TT
//!   is exact (the graph-history interaction problem).
//! - **Cost.** At most `mib` MiB, taken as the table fills: a table starts *sparse* (only the
//!   buckets written so far, in a hash map keyed by bucket index) and becomes *dense* (one
//!   array of every bucket, `mib` MiB) once its sparse buckets would take an eighth of that, or
//!   when [`allocate`](TranspositionTable::allocate) is called (a UCI engine does it off the
//!   clock). Both forms index the same buckets with the same replacement, so the contents, and
//!   the search, are the same either way: a small game's search pays for what it stores, not
//!   for the table's size. One probe per node above the horizon (horizon nodes
//!   neither probe nor store: their value is one evaluation, the Fiacco report's profiling
//!   lesson) and one store per node that searches its moves; enhanced transposition cutoffs
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

use super::feature::{Exactness, Feature, Kind, Value, choice, exact, no_alias, number};
use super::frame::Node;
use crate::{Bound, Score, SearchStats};

/// The default transposition table size, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// The largest transposition table, in MiB (larger sizes are clamped: a table is filled when
/// allocated, so a size beyond the machine's memory would end the process).
pub const MAX_TABLE_MIB: usize = 4096;

/// The transposition table's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableConfig {
    /// Its size in MiB (at most [`MAX_TABLE_MIB`]; the engine clamps larger values).
    pub mib: usize,
    /// Which stored depths it may answer for.
    pub policy: DepthPolicy,
    /// Enhanced transposition cutoffs (`enhanced_cutoff.rs`).
    pub enhanced_cutoffs: bool,
}

impl TableConfig {
    /// A table of the default size with `policy`, without enhanced cutoffs.
    #[must_use]
    pub const fn new(policy: DepthPolicy) -> Self {
        TableConfig {
            mib: DEFAULT_TABLE_MIB,
            policy,
            enhanced_cutoffs: false,
        }
    }
}

/// The table's part, to edit (a sub-option's parent is on when its row sets it).
pub(super) fn table(part: &mut Option<TableConfig>) -> &mut TableConfig {
    part.get_or_insert(TableConfig::new(DepthPolicy::SameDepth))
}

/// The `tt` feature: [`Config::table`](super::Config::table) and its depth policy.
pub(super) const TABLE: Feature<Option<TableConfig>> = Feature {
    name: "tt",
    option: "Transposition Table",
    summary: "transposition table: same-depth entries only (exact), or same or deeper, or any depth (value-changing)",
    kind: Kind::Choice(&["same", "deeper", "any"]),
    parent: None,
    implied: false,
    get: |part| part.map(|t| Value::Choice(t.policy.name())),
    set: |part, value| {
        match choice(value) {
            None => *part = None,
            Some(name) => {
                table(part).policy = match name {
                    "same" => DepthPolicy::SameDepth,
                    "deeper" => DepthPolicy::AtLeastDepth,
                    _ => DepthPolicy::AnyDepth,
                };
            }
        }
        Ok(())
    },
    effect: |value| match value {
        Value::Choice("same") => Exactness::Minimax,
        _ => Exactness::ValueChanging,
    },
    alias: no_alias,
};

/// The `hash` feature: the table's size.
pub(super) const SIZE: Feature<Option<TableConfig>> = Feature {
    name: "hash",
    option: "Hash",
    summary: "the transposition table's size in MiB",
    kind: Kind::Number {
        min: 1,
        max: MAX_TABLE_MIB as i64,
        default: DEFAULT_TABLE_MIB as i64,
    },
    parent: Some("tt"),
    implied: true,
    get: |part| part.map(|t| Value::Number(t.mib as i64)),
    set: |part, value| {
        table(part).mib = number(value).unwrap_or(DEFAULT_TABLE_MIB as i64) as usize;
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

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
pub struct TtEntry<M> {
    /// The position's full 64-bit hash (checked on every probe).
    pub key: u64,
    /// The depth (plies to the horizon) the position was searched to.
    pub depth: u32,
    /// How `score` relates to the position's value.
    pub bound: Bound,
    /// The fail-soft score, relative to the node ([`Score::to_tt`]).
    pub score: Score,
    /// The best (or refuting) move found, if any.
    pub best_move: Option<M>,
    /// The search that stored it.
    generation: u8,
}

type Bucket<M> = [Option<TtEntry<M>>; 2];

/// An empty bucket.
const fn empty<M: Copy>() -> Bucket<M> {
    [None, None]
}

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
#[derive(Clone, Debug)]
enum Storage<M> {
    /// The buckets written so far, by index.
    Sparse(HashMap<usize, Bucket<M>, BuildHasherDefault<IndexHasher>>),
    /// Every bucket.
    Dense(Vec<Bucket<M>>),
}

/// A fixed-size transposition table. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    storage: Storage<M>,
    /// The number of buckets (a power of two) minus one: the index is `key & mask`.
    mask: u64,
    generation: u8,
    /// The size asked for, in MiB.
    mib: usize,
}

impl<M: Copy + Eq> TranspositionTable<M> {
    /// A table of at most `mib` MiB (at least one bucket), with a power-of-two number of buckets.
    /// Nothing is allocated yet: the table takes memory as it fills (see
    /// [`allocate`](Self::allocate)).
    #[must_use]
    pub fn new(mib: usize) -> Self {
        let bytes = mib.saturating_mul(1 << 20);
        let fit = (bytes / std::mem::size_of::<Bucket<M>>()).max(1);
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
    /// `Hash` is set, so that no search pays for it on the clock. The contents are kept.
    pub fn allocate(&mut self) {
        if let Storage::Sparse(map) = &mut self.storage {
            let mut buckets = vec![empty(); self.mask as usize + 1];
            for (index, bucket) in map.drain() {
                buckets[index] = bucket;
            }
            self.storage = Storage::Dense(buckets);
        }
    }

    /// Whether the full size is taken ([`allocate`](Self::allocate)d, or filled enough).
    #[must_use]
    pub fn is_allocated(&self) -> bool {
        matches!(self.storage, Storage::Dense(_))
    }

    /// The size it was made with, in MiB.
    #[must_use]
    pub fn mib(&self) -> usize {
        self.mib
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
            Storage::Dense(buckets) => buckets.fill(empty()),
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

    /// The bucket at `index`, if it was ever written.
    fn bucket(&self, index: usize) -> Option<&Bucket<M>> {
        match &self.storage {
            Storage::Sparse(map) => map.get(&index),
            Storage::Dense(buckets) => Some(&buckets[index]),
        }
    }

    /// The bucket at `index`, to write. A sparse table that has grown to an eighth of its full
    /// size becomes dense first.
    fn bucket_mut(&mut self, index: usize) -> &mut Bucket<M> {
        if let Storage::Sparse(map) = &self.storage
            && map.len() >= (self.mask as usize + 1) / 8
        {
            self.allocate();
        }
        match &mut self.storage {
            Storage::Sparse(map) => map.entry(index).or_insert_with(empty),
            Storage::Dense(buckets) => &mut buckets[index],
        }
    }

    /// The entry for `key`, if stored.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        self.bucket(self.index(key))?
            .iter()
            .flatten()
            .find(|entry| entry.key == key)
            .copied()
    }

    /// Stores a result for `key` (see the module documentation for the replacement policy).
    /// `score` must already be relative to the node ([`Score::to_tt`]). A result without a best
    /// move keeps the move previously stored for the same position.
    pub fn store(&mut self, key: u64, depth: u32, bound: Bound, score: Score, best_move: Option<M>) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = self.bucket_mut(index);
        let previous_move = bucket
            .iter()
            .flatten()
            .find(|entry| entry.key == key)
            .and_then(|entry| entry.best_move);
        let entry = TtEntry {
            key,
            depth,
            bound,
            score,
            best_move: best_move.or(previous_move),
            generation,
        };
        let takes_deep_slot = match bucket[0] {
            None => true,
            Some(deep) => deep.key == key || depth >= deep.depth || deep.generation != generation,
        };
        if takes_deep_slot {
            match bucket[0] {
                // The displaced entry of another position moves down to the always-replace slot.
                Some(deep) if deep.key != key => bucket[1] = Some(deep),
                // Never two entries for one position.
                _ if bucket[1].is_some_and(|other| other.key == key) => bucket[1] = None,
                _ => {}
            }
            bucket[0] = Some(entry);
        } else {
            bucket[1] = Some(entry);
        }
    }

    /// How full the table is with entries of the current search, in per mille (UCI `hashfull`),
    /// estimated from the first thousand entries.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = (0..=self.mask.min(499) as usize).filter_map(|index| self.bucket(index));
        let slots = 2 * (self.mask.min(499) as usize + 1);
        let used = sample
            .flatten()
            .flatten()
            .filter(|entry| entry.generation == self.generation)
            .count();
        (used * 1000 / slots.max(1)) as u32
    }
}

/// A table probe at a node that found its position: the stored move, and the stored score if it
/// ends the node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probe<M> {
    /// The stored result, if its depth is acceptable and its bound decides the node's window.
    pub(super) score: Option<Score>,
    /// The stored best move (not yet checked against the node's moves).
    pub(super) best_move: Option<M>,
}

impl<M: Copy + Eq> TranspositionTable<M> {
    /// The table's answer for `node` (its position's key `key`), `policy` saying which stored
    /// depths may answer: `None` if the position is not stored; else its move to search first,
    /// and a score that ends the node if the entry's bound decides the window (never at the
    /// root, which must return a move). Counted in `stats`.
    pub(super) fn probe_node(
        &self,
        key: u64,
        node: &Node,
        policy: DepthPolicy,
        stats: &mut SearchStats,
    ) -> Option<Probe<M>> {
        stats.tt_probes += 1;
        let entry = self.probe(key)?;
        stats.tt_hits += 1;
        let mut probe = Probe {
            score: None,
            best_move: entry.best_move,
        };
        if node.ply > 0 && policy.accepts(entry.depth, node.depth) {
            let score = entry.score.from_tt(node.ply);
            let decides = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= node.beta,
                Bound::Upper => score <= node.alpha,
            };
            if decides {
                stats.tt_cutoffs += 1;
                probe.score = Some(score);
            }
        }
        Some(probe)
    }

    /// Stores the fail-soft result `score` of `node` (searched to `node.depth` in its window)
    /// with the bound the window gives it.
    pub(super) fn store_node(&mut self, key: u64, node: &Node, score: Score, best_move: Option<M>) {
        let bound = Bound::classify(score, node.alpha, node.beta);
        self.store(key, node.depth, bound, score.to_tt(node.ply), best_move);
    }

    /// Stores `score` as a lower bound of `node`'s value (a Star2 probe's, or an enhanced
    /// transposition cutoff's: one move searched or looked up).
    pub(super) fn store_lower_bound(&mut self, key: u64, node: &Node, score: Score, best_move: Option<M>) {
        self.store(key, node.depth, Bound::Lower, score.to_tt(node.ply), best_move);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_budget() {
        for mib in [0, 1, 3, 16] {
            let table = TranspositionTable::<u32>::new(mib);
            let buckets = table.capacity() / 2;
            assert!(buckets.is_power_of_two());
            assert!(mib == 0 || buckets * std::mem::size_of::<Bucket<u32>>() <= mib << 20);
        }
    }

    #[test]
    fn mate_scores_survive_storing_at_one_ply_and_probing_at_another() {
        let mut table = TranspositionTable::<u32>::new(1);
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
        let mut table = TranspositionTable::<u32>::new(1);
        table.store(7, 3, Bound::Lower, Score::cp(50), Some(2));
        let entry = table.probe(7).unwrap();
        assert_eq!(
            (entry.depth, entry.bound, entry.score, entry.best_move),
            (3, Bound::Lower, Score::cp(50), Some(2))
        );
        assert!(table.probe(8).is_none());
        // A result without a move keeps the stored move.
        table.store(7, 4, Bound::Upper, Score::cp(10), None);
        let entry = table.probe(7).unwrap();
        assert_eq!(
            (entry.depth, entry.bound, entry.best_move),
            (4, Bound::Upper, Some(2))
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
        let mut table = TranspositionTable::<u32>::new(0); // one bucket: everything collides
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
        assert_eq!(table.bucket(0).unwrap()[0].unwrap().key, 61);
        assert_eq!(table.probe(60).unwrap().depth, 10);
        assert!(table.probe(1).is_none());
        // The same position is never stored twice.
        table.store(1, 12, Bound::Lower, Score::cp(5), None);
        assert_eq!(table.probe(1).unwrap().depth, 12);
        assert_eq!(
            table
                .bucket(0)
                .unwrap()
                .iter()
                .flatten()
                .filter(|entry| entry.key == 1)
                .count(),
            1
        );
    }

    #[test]
    fn a_sparse_table_holds_what_a_dense_one_holds_and_becomes_dense_as_it_fills() {
        let mut sparse = TranspositionTable::<u32>::new(1);
        let mut dense = TranspositionTable::<u32>::new(1);
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
    fn hashfull_counts_the_current_search() {
        let mut table = TranspositionTable::<u32>::new(1);
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
