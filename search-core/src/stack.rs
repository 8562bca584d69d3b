//! Room on the stack for searches of any depth.
//!
//! Every searcher recurses once per ply, and each ply's frame holds a move list (up to 256
//! moves: 16 KiB with 64-byte moves). A long forced line, or large moves, would overflow a
//! thread's stack (2 MiB for a spawned thread, the test harness's included) and abort the
//! process. [`deeper`] runs the next ply on a fresh stack segment taken from the heap when fewer
//! than [`RED_ZONE`] bytes are left, so **no search overflows the stack, whatever its depth**:
//! the recursion is bounded by memory only (the engine's by [`MAX_SEARCH_PLY`] as well).
//!
//! - **Cost.** One comparison of the stack pointer every [`CHECK_EVERY`] plies (none in
//!   between); a [`SEGMENT`] allocation each time a segment runs out.
//! - **Source.** The `stacker` crate, which the Rust compiler uses for the same purpose.
//!
//! A searcher of your own can use it the same way:
//!
//! ```
//! use search_core::stack::deeper;
//!
//! /// The length of a line of `n` plies, one recursion per ply.
//! fn line(ply: u32, n: u32) -> u32 {
//!     if ply == n { ply } else { deeper(ply, || line(ply + 1, n)) }
//! }
//! // A million plies on a 256 KiB thread: without `deeper` the stack overflows.
//! let handle = std::thread::Builder::new().stack_size(256 * 1024);
//! let plies = handle.spawn(|| line(0, 1_000_000)).unwrap().join().unwrap();
//! assert_eq!(plies, 1_000_000);
//! ```
//!
//! [`MAX_SEARCH_PLY`]: crate::engine::MAX_SEARCH_PLY

/// The stack left below which the next ply gets a fresh segment: room for [`CHECK_EVERY`]
/// plies of the largest frames (move lists of 64-byte moves, unoptimised builds).
pub const RED_ZONE: usize = 1 << 20;

/// The size of each fresh stack segment.
pub const SEGMENT: usize = 8 << 20;

/// How many plies apart the stack is checked.
pub const CHECK_EVERY: u32 = 8;

/// Runs `search`, the search of a node `ply` plies from the root, with room on the stack (see
/// the [module documentation](self)).
#[inline]
pub fn deeper<R>(ply: u32, search: impl FnOnce() -> R) -> R {
    if ply % CHECK_EVERY == 0 {
        stacker::maybe_grow(RED_ZONE, SEGMENT, search)
    } else {
        search()
    }
}
