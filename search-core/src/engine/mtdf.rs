//! **MTD(f)** (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth minimax
//! algorithms"): find the root value with null-window searches only.
//!
//! - **Idea.** Each pass `node(root, beta - 1, beta)` answers "is the value at least beta?"; its
//!   fail-soft result becomes a new upper bound (fail low) or lower bound (fail high), and the
//!   next window is placed at that result, until the bounds meet. A null-window search cuts far
//!   more than a full-window one; the table carries what each pass learnt to the next.
//! - **Invariant.** `lower <= value <= upper` throughout, each pass moving one bound strictly
//!   (fail-soft results); at the end they are equal. The best move is the root move of the last
//!   fail-high pass (the pass that proved `value >= lower`), whose own value is therefore the
//!   root value; a later fail-low pass only confirms `upper = lower`.
//! - **Exact or value-changing.** Exact: the bounds meet at the root value of the node function
//!   (the cross-checks hold every exact combination with MTD(f), both first guesses, to
//!   minimax).
//! - **First guess.** The closer, the fewer passes: the previous iteration's value, or the value
//!   two iterations back, whose depth has the same parity (the Fiacco report: odd and even depths
//!   oscillate). See [`FirstGuess`](super::FirstGuess).
//! - **Cost.** One null-window search of the whole tree per pass (counted in `mtdf_passes`),
//!   as many passes as the bounds need to meet: few from a good guess, many from a bad one. It
//!   needs a transposition table to be fast (without one each pass searches the tree afresh) but
//!   not to be right. A copy of the principal variation per fail-high pass.
//!
//! A driver over the node function, not a copy of alpha-beta; it replaces full-window and
//! aspiration searches at the root.

use super::Engine;
use crate::{Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The value of `root` at `depth` by MTD(f) from `guess`, with the principal variation of
    /// the proving pass; `None` if the search was aborted.
    pub(super) fn mtdf(&mut self, root: &G, depth: u32, guess: Score) -> Option<(Score, Vec<G::Move>)> {
        let mut value = guess;
        let mut lower = -Score::INFINITY;
        let mut upper = Score::INFINITY;
        let mut pv = Vec::new();
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            self.search.stats.mtdf_passes += 1;
            let node = self.root_node(depth, beta - 1, beta);
            value = self.node(root, node);
            if self.search.aborted {
                return None;
            }
            if value < beta {
                upper = value;
            } else {
                lower = value;
                pv.clear();
                pv.extend_from_slice(self.search.pv.line(0));
            }
        }
        Some((value, pv))
    }
}
