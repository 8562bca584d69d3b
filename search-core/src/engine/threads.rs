//! **Threads: Lazy SMP** (Dan Homan's "lazy SMP", 2013; the parallel search of Stockfish since
//! version 7, and of most engines since): every thread searches the same root, iterative
//! deepening and all, and they share one transposition table; nothing else is shared.
//!
//! - **Idea.** A thread that searches a position stores what it learns (bounds, best moves) in
//!   the table, where the others find it, and cuts or orders better for it. So that the threads
//!   do not all search the same tree in step, each helper skips some depths of its iterative
//!   deepening below the target (Stockfish's skip pattern: helper `i` skips the depths where
//!   `((depth + phase) / size)` is odd, `size` and `phase` from a table by `i`), and gets deeper
//!   sooner. The threads race to the target depth: the first to complete it ends the search,
//!   and the deepest completed iteration (the main thread's on a tie) is the result, reported
//!   as the main thread's iterations are. (Helpers that stopped at the target and waited left
//!   the main thread alone for most of its last iteration: 1.19× one thread's nodes per second
//!   at 2 threads; helpers that searched on past it but left the result to the main thread
//!   made time to depth worse, 1.23× one thread's.)
//! - **Invariant.** The table is shared without a lock (`tt.rs`): a torn entry is missed, never
//!   trusted, and a stored move is only read back as one of the probing position's moves. Every
//!   thread runs a complete, correct search; `stop`, the clock, and the node budget (counted over
//!   all the threads, each adding its nodes every thousand) stop every thread within the same
//!   latency as one; when one thread completes the target depth, all stop.
//! - **Exact or value-changing.** Exact: an entry is a fact about a position at a depth, whoever
//!   stored it, and with exact features (a same-depth table) a thread takes only entries of the
//!   depth it searches; every thread's completed iterations are complete searches, and no
//!   thread searches past the target, so the value is minimax's at the nominal depth and the move one of its tied best moves (the
//!   cross-checks hold 2, 4 and 8 threads to minimax). Not deterministic: which thread stores
//!   what first depends on timing, so node counts, and which of several tied best moves comes
//!   out, vary from run to run. With one thread (the default) the search is the lone search,
//!   node for node.
//! - **Cost.** A thread, a search state, killers and history counters per helper, started for
//!   each search (the history empty, taking its 512 KiB at its first cutoff, and
//!   4 MiB more with continuation history), and the table
//!   allocated in full before the threads start (written on all of them: `memory.rs`). The
//!   threads' statistics are summed in the result ([`Engine::thread_stats`](super::Engine::thread_stats)
//!   gives each thread's). What the threads share besides the table, a stop flag and their node
//!   count, is the search state's (`search_state.rs`).

use std::sync::atomic::{AtomicU64, Ordering};

use arrayvec::ArrayVec;

use super::feature::{Feature, Kind, Value, exact, no_alias, number};
use super::frame::MoveKind;

/// The most threads a search uses.
pub const MAX_THREADS: u32 = 256;

/// The `threads` feature: [`Config::threads`](super::Config::threads).
pub(super) const THREADS: Feature<u32> = Feature {
    name: "threads",
    option: "Threads",
    summary: "threads searching at once (Lazy SMP), sharing the transposition table",
    kind: Kind::Number {
        min: 1,
        max: MAX_THREADS as i64,
        default: 1,
    },
    parent: None,
    implied: true,
    get: |threads| Some(Value::Number(i64::from((*threads).max(1)))),
    set: |threads, value| {
        *threads = number(value).map_or(1, |n| n as u32);
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Stockfish's skip pattern, by helper: the size of the blocks of depths, and the phase.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper thread `helper` (from 1) skips the iteration at `depth`.
pub(super) fn skips(helper: u32, depth: u32) -> bool {
    let index = ((helper - 1) % 20) as usize;
    ((depth + SKIP_PHASE[index]) / SKIP_SIZE[index]) % 2 == 1
}

/// The moves that some thread is searching right now, by the hash of the position after them:
/// **simplified ABDADA** (Weill 1996's ABDADA as Tom Kerrigan simplified it, 2016). A thread
/// that meets, after the first move of a node, a move another thread is already searching puts
/// it off to the end of the node's moves: the threads then split the later moves between them
/// instead of all searching the same one (Lazy SMP alone spreads them only by depth). In a
/// search without iterative deepening, the first move too within [`EARLY_PLIES`] of the root.
///
/// - **Invariant.** Only the order of a node's moves changes, never which are searched: a put-off
///   move is searched after the others. A slot is a plain atomic word; two moves that share a
///   slot may overwrite each other's mark, which costs a duplicated search, never a missed one.
/// - **Cost.** 128 KiB a search on several threads; one load per move after the first at nodes
///   at least [`DEFER_DEPTH`] deep (the first too within [`EARLY_PLIES`] of the root of a search
///   without iterative deepening), a store before and a compare-and-swap after its search.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// The slots of [`Busy`]: a power of two.
const BUSY_SLOTS: usize = 1 << 14;

/// The depth from which a node puts off the moves another thread is searching (nearer the
/// horizon a duplicated search costs less than asking).
pub(super) const DEFER_DEPTH: u32 = 3;

/// The plies from the root within which a search without iterative deepening puts off even a
/// node's first move when another thread is searching it. With iterative deepening, the
/// helpers' skipped depths set the threads apart; without it (a solve: one search to the end),
/// every thread starts down the same first moves at once, and near the root, where the
/// subtrees are largest, they would search the same eldest subtrees together. (Kalah(6, 4)'s
/// solve on 2 threads: 43.8 to 45.9 million nodes with 2 to 8 plies, 46.4 to 54.5 million
/// without; everywhere, the node count steadied but the marks cost more than it saved.) A
/// first move put off is then searched as a later one: in a configuration with late move
/// reductions or PVS (none in a solve), as the later move it has become. Not at a Star2 probe,
/// which searches its first move only.
pub(super) const EARLY_PLIES: u32 = 4;

impl Default for Busy {
    fn default() -> Self {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    /// The mark of the position with table key `key` (never 0, an empty slot's word).
    fn mark(key: u64) -> u64 {
        key | 1
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 32) as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether a thread is searching the position with table key `key`.
    pub(super) fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == Busy::mark(key)
    }

    /// Marks the position with table key `key` as being searched.
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(Busy::mark(key), Ordering::Relaxed);
    }

    /// Clears the mark of `key`, if it is still there.
    pub(super) fn leave(&self, key: u64) {
        let mark = Busy::mark(key);
        let _ = self
            .slot(key)
            .compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The moves a node has put off because another thread was searching them (at most
/// [`PUT_OFF`]; a move that finds the list full is searched at once), handed out again, in the
/// order they were put off, once the node's other moves are searched.
pub(super) struct PutOff<M> {
    moves: ArrayVec<(M, MoveKind), PUT_OFF>,
    next: usize,
}

/// The most moves a node puts off.
const PUT_OFF: usize = 8;

impl<M: Copy> PutOff<M> {
    pub(super) fn new() -> Self {
        PutOff {
            moves: ArrayVec::new(),
            next: 0,
        }
    }

    /// Puts `mv` off; `false` if the list is full (search it now).
    pub(super) fn push(&mut self, mv: M, kind: MoveKind) -> bool {
        self.moves.try_push((mv, kind)).is_ok()
    }

    /// The next move put off, marked as such (`true`: it is not put off again).
    pub(super) fn next(&mut self) -> Option<(M, MoveKind, bool)> {
        let &(mv, kind) = self.moves.get(self.next)?;
        self.next += 1;
        Some((mv, kind, true))
    }
}

#[cfg(test)]
mod tests {
    use super::{Busy, PutOff, skips};
    use crate::engine::frame::MoveKind;

    #[test]
    fn put_off_moves_come_back_in_order_and_a_full_list_refuses() {
        let mut put_off = PutOff::new();
        for mv in 0..8 {
            assert!(put_off.push(mv, MoveKind::Quiet));
        }
        assert!(!put_off.push(8, MoveKind::Quiet));
        let back: Vec<u32> = std::iter::from_fn(|| put_off.next())
            .map(|(mv, _, later)| {
                assert!(later);
                mv
            })
            .collect();
        assert_eq!(back, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn a_marked_position_is_busy_until_it_is_left() {
        let busy = Busy::default();
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key) && !busy.is_busy(key ^ 2));
        busy.leave(key);
        assert!(!busy.is_busy(key));
        // An empty slot is no position's mark, key 0's included.
        assert!(!busy.is_busy(0));
    }

    #[test]
    fn helpers_skip_different_depths_and_none_skips_every_one() {
        let searched = |helper| {
            (1..=12)
                .filter(|&depth| !skips(helper, depth))
                .collect::<Vec<_>>()
        };
        for helper in 1..=40 {
            assert!(
                searched(helper).len() >= 4,
                "helper {helper}: {:?}",
                searched(helper)
            );
        }
        assert_ne!(searched(1), searched(2));
        assert_eq!(searched(1), [2, 4, 6, 8, 10, 12]);
        assert_eq!(searched(2), [1, 3, 5, 7, 9, 11]);
    }
}
