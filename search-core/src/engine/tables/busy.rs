//! The moves some thread is searching right now (`threads.rs`'s simplified ABDADA), shared by
//! the threads of a search.

use std::sync::atomic::{AtomicU64, Ordering};

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
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// The slots of [`Busy`]: a power of two.
const BUSY_SLOTS: usize = 1 << 14;

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
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == Busy::mark(key)
    }

    /// Marks the position with table key `key` as being searched.
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).store(Busy::mark(key), Ordering::Relaxed);
    }

    /// Clears the mark of `key`, if it is still there.
    pub(crate) fn leave(&self, key: u64) {
        let mark = Busy::mark(key);
        let _ = self
            .slot(key)
            .compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::Busy;

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
}
