//! The killer table of the `killers` feature (`features/killers.rs`): two quiet moves per ply
//! that caused a cutoff there, read by the move picker (`ordering.rs`) and written by the feature's
//! learner after each quiet cutoff.

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
