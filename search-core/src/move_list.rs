//! [`MoveList`]: the per-node move buffer, on the stack.

use arrayvec::ArrayVec;

/// How many moves a [`MoveList`] holds on the stack. Chess has at most 218 legal moves.
pub const INLINE_MOVES: usize = 256;

/// The moves of one position, stored on the stack (an [`ArrayVec`]) so that the search's hot
/// path does not allocate.
///
/// A game with more than [`INLINE_MOVES`] moves in a position still works: the list then moves
/// itself to the heap for that position, once, instead of truncating or overflowing. Searching
/// such a game is correct, only slower at those nodes.
///
/// ```
/// use search_core::{MoveList, INLINE_MOVES};
/// let mut moves = MoveList::new();
/// for m in 0..INLINE_MOVES as u32 + 10 {
///     moves.push(m);
/// }
/// assert_eq!(moves.len(), INLINE_MOVES + 10);
/// assert_eq!(moves[INLINE_MOVES + 9], INLINE_MOVES as u32 + 9);
/// ```
#[derive(Clone, Debug)]
pub struct MoveList<M> {
    inline: ArrayVec<M, INLINE_MOVES>,
    /// Empty unless the inline buffer overflowed; then it holds every move and `inline` is empty.
    spilled: Vec<M>,
}

impl<M: Copy> MoveList<M> {
    /// An empty list. Does not allocate.
    #[must_use]
    pub fn new() -> Self {
        MoveList {
            inline: ArrayVec::new(),
            spilled: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        if self.spilled.is_empty() {
            if let Err(overflow) = self.inline.try_push(mv) {
                self.spill(overflow.element());
            }
        } else {
            self.spilled.push(mv);
        }
    }

    /// Appends `moves`, copied in one go (the fast way to take over another generator's list).
    ///
    /// ```
    /// use search_core::MoveList;
    /// let mut moves = MoveList::new();
    /// moves.extend_from_slice(&[1, 2, 3]);
    /// moves.extend_from_slice(&[4]);
    /// assert_eq!(moves.as_slice(), &[1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn extend_from_slice(&mut self, moves: &[M]) {
        if self.spilled.is_empty() && self.inline.try_extend_from_slice(moves).is_ok() {
            return;
        }
        for &mv in moves {
            self.push(mv);
        }
    }

    #[cold]
    fn spill(&mut self, mv: M) {
        self.spilled.reserve(2 * INLINE_MOVES);
        self.spilled.extend(self.inline.drain(..));
        self.spilled.push(mv);
    }

    /// Removes every move, keeping the storage.
    pub fn clear(&mut self) {
        self.inline.clear();
        self.spilled.clear();
    }

    /// The moves, in the order they were pushed (until reordered through
    /// [`as_mut_slice`](MoveList::as_mut_slice)).
    #[must_use]
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        if self.spilled.is_empty() {
            &self.inline
        } else {
            &self.spilled
        }
    }

    /// The moves, mutably (for in-place move ordering).
    #[must_use]
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        if self.spilled.is_empty() {
            &mut self.inline
        } else {
            &mut self.spilled
        }
    }

    /// Whether the list outgrew its stack buffer.
    #[must_use]
    pub fn has_spilled(&self) -> bool {
        !self.spilled.is_empty()
    }
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy> std::ops::Deref for MoveList<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy> std::ops::DerefMut for MoveList<M> {
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M: Copy> Extend<M> for MoveList<M> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_inline_up_to_capacity() {
        let mut moves = MoveList::new();
        moves.extend(0..INLINE_MOVES);
        assert!(!moves.has_spilled());
        assert_eq!(moves.len(), INLINE_MOVES);
    }

    #[test]
    fn spills_in_order_and_keeps_working() {
        let mut moves = MoveList::new();
        moves.extend(0..INLINE_MOVES * 3);
        assert!(moves.has_spilled());
        assert!(moves.iter().copied().eq(0..INLINE_MOVES * 3));
        moves.as_mut_slice().reverse();
        assert_eq!(moves[0], INLINE_MOVES * 3 - 1);
        moves.clear();
        assert!(moves.is_empty());
        moves.push(7);
        assert_eq!(moves.as_slice(), &[7]);
    }
}
