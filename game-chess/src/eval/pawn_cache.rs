//! The **pawn cache** of [`Classical`](super::Classical) (the pawn hash table of most engines
//! since the 1980s; Stockfish's `Pawns::Table`): the pawn-structure terms of a position,
//! computed once for each arrangement of pawns and read back while the pawns stand still.
//!
//! - **Idea.** The pawn terms (doubled, isolated, backward, connected and the passed pawns' base
//!   value) read the pawns alone, and most moves of a search do not move a pawn: the same
//!   structure comes back in thousands of nodes. Each thread keeps a small table of structures,
//!   indexed by a hash of the two sides' pawns, holding their middle-game and end-game sums and
//!   the passed pawns (the passed terms that read the kings and the board, a free next square
//!   and the kings' distances, are counted afresh from them).
//! - **Invariant.** An entry holds both sides' pawns in full and is used only when both equal
//!   the position's: a different structure in the same slot is a miss, never a wrong value. An
//!   empty slot (all zeros) is the entry of a board without pawns, whose terms are all zero.
//! - **Exact or value-changing.** Exact: the evaluation is the same integer with and without
//!   the cache (a test compares it with the tuner's trace along random games), so a search
//!   visits the same nodes.
//! - **Cost.** 32 bytes an entry, 4 096 entries: 128 KiB a thread, taken the first time the
//!   thread evaluates. A hit saves the pawn loop, about a tenth of the engine's time at `bench`
//!   (the measurement is in the book's performance page).
//!
//! Source: Chess Programming Wiki, "Pawn Hash Table"; Stockfish's `pawns.cpp`.

use std::cell::RefCell;

/// The entries of each thread's cache: a power of two.
const ENTRIES: usize = 1 << 12;

/// One arrangement of pawns and its terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    white: u64,
    black: u64,
    /// Both sides' passed pawns.
    passed: u64,
    /// The pawn terms' middle-game and end-game sums, White's view.
    sums: [i32; 2],
}

/// A table of pawn structures.
struct PawnCache {
    entries: Box<[Entry]>,
}

impl PawnCache {
    fn new() -> Self {
        PawnCache {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }

    /// The slot of the structure with these pawns.
    fn index(white: u64, black: u64) -> usize {
        let mixed = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (mixed >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The sums and passed pawns of the structure `(white, black)`: from the table, or from
    /// `compute` (then kept).
    fn get(&mut self, white: u64, black: u64, compute: impl FnOnce() -> ([i32; 2], u64)) -> ([i32; 2], u64) {
        let entry = &mut self.entries[Self::index(white, black)];
        if entry.white != white || entry.black != black {
            let (sums, passed) = compute();
            *entry = Entry {
                white,
                black,
                passed,
                sums,
            };
        }
        (entry.sums, entry.passed)
    }
}

thread_local! {
    static CACHE: RefCell<PawnCache> = RefCell::new(PawnCache::new());
}

/// The pawn terms' middle-game and end-game sums and both sides' passed pawns, for White's
/// pawns `white` and Black's `black`: from this thread's cache, or from `compute` on a miss.
pub(super) fn pawn_terms(
    white: u64,
    black: u64,
    compute: impl FnOnce() -> ([i32; 2], u64),
) -> ([i32; 2], u64) {
    CACHE.with_borrow_mut(|cache| cache.get(white, black, compute))
}

#[cfg(test)]
mod tests {
    use super::PawnCache;

    /// Two structures in one slot: each is computed when the other holds it, and never read
    /// back as the other's.
    #[test]
    fn a_structure_is_read_back_only_as_itself() {
        let white = 0x0000_0000_0000_FF00;
        let slot = PawnCache::index(white, 0);
        let black = (1u64..)
            .map(|n| n.wrapping_mul(0x2545_F491_4F6C_DD1D) & 0x00FF_FFFF_FFFF_0000)
            .find(|&black| black != 0 && PawnCache::index(white, black) == slot)
            .expect("a colliding structure");
        let mut cache = PawnCache::new();
        let mut computed = 0;
        let mut get = |cache: &mut PawnCache, black: u64, sums: [i32; 2]| {
            cache.get(white, black, || {
                computed += 1;
                (sums, black)
            })
        };
        assert_eq!(get(&mut cache, 0, [1, 2]), ([1, 2], 0));
        assert_eq!(get(&mut cache, 0, [9, 9]), ([1, 2], 0), "a hit");
        assert_eq!(
            get(&mut cache, black, [3, 4]),
            ([3, 4], black),
            "the same slot, another structure"
        );
        assert_eq!(
            get(&mut cache, 0, [1, 2]),
            ([1, 2], 0),
            "replaced, computed again"
        );
        assert_eq!(computed, 3);
    }

    /// An empty slot is the right entry of a board without pawns.
    #[test]
    fn an_empty_slot_is_the_pawnless_board() {
        let mut cache = PawnCache::new();
        assert_eq!(
            cache.get(0, 0, || unreachable!("no pawns: zero terms")),
            ([0, 0], 0)
        );
    }
}
