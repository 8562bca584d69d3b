//! **Killer moves** (Akl & Newborn 1977, "The principal continuation and the killer heuristic"):
//! quiet moves that caused a beta cutoff at the same ply elsewhere in the tree are tried early,
//! because a refutation often refutes the sibling positions too.
//!
//! - **Idea and replacement.** Two killers per ply, replaced as in the Fiacco report in the
//!   project's papers: a move already held is not stored again (no duplicates), and a new one
//!   overwrites the two slots alternately, so the two most recent distinct killers are kept.
//!   They are searched after the table move and the hinted moves, before the other quiet moves
//!   (see `ordering.rs`); the table is cleared at the start of each search and kept across its
//!   iterations.
//! - **Invariant.** The two slots of a ply never hold the same move, and hold only quiet moves
//!   that caused a cutoff at that ply in this search. Ordering only: a killer is searched early
//!   if it is among the generated moves of the position and quiet there, never otherwise.
//! - **Exact or value-changing.** Exact: only the order changes, never the set of moves searched
//!   (cross-checked in every exact combination).
//! - **Cost.** Two comparisons per quiet move ordered, one duplicate check and one write per
//!   quiet cutoff; a table of `2 × (MAX_PLY + 1)` moves, allocated once.

use super::feature::{Feature, exact};

/// The `killers` feature: [`Config::killers`](super::Config::killers).
pub(super) const KILLERS: Feature<bool> =
    Feature::switch("killers", "Killers", "killer moves, two per ply", exact);

/// Two killer moves per ply. See the [module documentation](self).
#[derive(Clone, Debug)]
pub(crate) struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
    /// Per ply, the slot the next new killer overwrites.
    next: Vec<usize>,
}

impl<M: Copy + Eq> Killers<M> {
    /// An empty table for plies `0..plies`.
    pub(crate) fn new(plies: usize) -> Self {
        Killers {
            slots: vec![[None, None]; plies],
            next: vec![0; plies],
        }
    }

    /// Forgets every killer.
    pub(crate) fn clear(&mut self) {
        self.slots.fill([None, None]);
        self.next.fill(0);
    }

    /// The killers of `ply`, most useful first.
    pub(crate) fn at(&self, ply: u32) -> [Option<M>; 2] {
        self.slots.get(ply as usize).copied().unwrap_or([None, None])
    }

    /// Records that the quiet move `mv` caused a cutoff at `ply`.
    pub(crate) fn store(&mut self, ply: u32, mv: M) {
        let ply = ply as usize;
        let Some(slots) = self.slots.get_mut(ply) else {
            return;
        };
        if slots.contains(&Some(mv)) {
            return; // no duplicates
        }
        slots[self.next[ply]] = Some(mv);
        self.next[ply] ^= 1; // the other slot next time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_per_ply_no_duplicates_alternate_slots() {
        let mut killers = Killers::new(4);
        killers.store(1, 10);
        killers.store(1, 10);
        assert_eq!(killers.at(1), [Some(10), None]);
        killers.store(1, 11);
        assert_eq!(killers.at(1), [Some(10), Some(11)]);
        killers.store(1, 12); // overwrites the older one, slot 0
        assert_eq!(killers.at(1), [Some(12), Some(11)]);
        killers.store(1, 11); // already held: nothing changes
        killers.store(1, 13);
        assert_eq!(killers.at(1), [Some(12), Some(13)]);
        assert_eq!(killers.at(2), [None, None]);
        killers.store(9, 1); // beyond the table: ignored
        assert_eq!(killers.at(9), [None, None]);
        killers.clear();
        assert_eq!(killers.at(1), [None, None]);
    }
}
