//! **The root's window**: how each root search (each iteration) is windowed. Aspiration windows
//! (`aspiration.rs`) and MTD(f) (`mtdf.rs`) are alternatives, so they share one part of the
//! configuration, [`RootWindow`], which lives here, below both.

/// How MTD(f) picks its first guess in each iteration of iterative deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstGuess {
    /// The value of the previous iteration (Plaat et al. 1996).
    Previous,
    /// The value of the iteration two plies earlier: odd and even depths oscillate, so the
    /// same parity is the better guess (the Fiacco report).
    TwoBack,
}

/// How each root search (each iteration) is windowed: the alternatives are exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RootWindow {
    /// The full window `(-INFINITY, INFINITY)`.
    #[default]
    Full,
    /// Aspiration windows of `± half-window` around the previous iteration's value, in
    /// hundredths of the evaluation's [`unit`](crate::Evaluate::unit) (see `aspiration.rs`).
    Aspiration(i32),
    /// MTD(f): null-window passes only, from the given first guess (see `mtdf.rs`).
    Mtdf(FirstGuess),
}
