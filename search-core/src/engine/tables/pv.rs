//! **The principal variation**, collected in a triangular table (the classic scheme, e.g. the
//! chess-programming wiki's "Triangular PV-Table"): the line of each ply is its best move followed
//! by the line of the ply below, copied up whenever a move becomes the best.
//!
//! - **Invariant.** While a node at `ply` is searched, `line(ply)` is the best line found from
//!   it so far (empty on entry); the root's line at the end of a completed search is the
//!   principal variation.
//! - **Cost.** One copy of the child's line per new best move; [`MAX_SEARCH_PLY`] + 2 lines,
//!   each growing to its longest once per engine (a small game's engine never allocates more
//!   than its lines need).

use crate::engine::frame::MAX_SEARCH_PLY;

/// The best line from each ply. See the [module documentation](self).
pub(crate) struct PvTable<M> {
    lines: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    /// An empty table; the buffers are allocated at the first search.
    pub(crate) fn new() -> Self {
        PvTable { lines: Vec::new() }
    }

    /// Allocates the buffers, once.
    pub(crate) fn allocate(&mut self) {
        if self.lines.is_empty() {
            self.lines = vec![Vec::new(); MAX_SEARCH_PLY as usize + 2];
        }
    }

    /// Empties the line of `ply` (a node is entered).
    #[inline]
    pub(crate) fn clear(&mut self, ply: u32) {
        self.lines[ply as usize].clear();
    }

    /// The best line from `ply` becomes `mv` followed by the line from `ply + 1`.
    #[inline]
    pub(crate) fn update(&mut self, ply: u32, mv: M) {
        let ply = ply as usize;
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The best line from `ply`.
    pub(crate) fn line(&self, ply: u32) -> &[M] {
        &self.lines[ply as usize]
    }
}
