//! **Reverse futility pruning**, also called static null-move pruning (Heinz 1998, "Extended
//! futility pruning", for the futility family; the "reverse" form spread with Fruit-era engines):
//! near the horizon, a position whose static evaluation beats beta by a wide margin is trusted to
//! fail high without a search.
//!
//! - **Idea.** With few plies left, the opponent has little time to win back a large advantage:
//!   if `evaluate(p) - margin × depth >= beta`, searching the moves would almost surely fail high
//!   too, so the node returns the static value at once.
//! - **When.** With the option on (`margin` per ply, in the evaluation's units), at most
//!   [`REVERSE_FUTILITY_MAX_DEPTH`] plies from the horizon, never at the root, never in check
//!   ([`is_in_check`](crate::Game::is_in_check)), only in null-window nodes (`beta = alpha + 1`:
//!   PVS's scout searches, never the principal variation), and never where beta is a mate score.
//! - **Invariant.** Fail-soft: the value returned, the static evaluation, is `>= beta`: a lower
//!   bound like any beta cutoff, stored in the table as one.
//! - **Exact or value-changing.** Value-changing: a position whose real value is below beta (a
//!   tactic the evaluation cannot see) is cut. Off unless asked for; the cross-checks hold engines
//!   with it to the invariants only.
//! - **Cost.** One static evaluation per eligible node (shared with the null-move guard, see
//!   [`null_move`](super::null_move)); the saving is every subtree it cuts, most of the
//!   interior nodes next to the horizon in lopsided positions.

use super::Engine;
use crate::{Evaluate, Game, Score};

/// Reverse futility pruning is tried at most this many plies from the horizon.
pub const REVERSE_FUTILITY_MAX_DEPTH: u32 = 3;

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The static evaluation, if a feature that needs it at interior nodes is on and the side to
    /// move is not in check (where a static value means little).
    pub(super) fn interior_static_eval(&self, game: &G, ply: u32, in_check: bool) -> Option<Score> {
        let needed = self.options.reverse_futility.is_some()
            || (self.options.null_move.is_some() && self.options.null_move_eval_guard);
        (needed && ply > 0 && !in_check).then(|| self.evaluator.evaluate(game))
    }

    /// The reverse futility cut: `Some(static value)` when it fails high by the margin.
    pub(super) fn reverse_futility(
        &self,
        static_eval: Option<Score>,
        depth: u32,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let margin = self.options.reverse_futility?;
        let eval = static_eval?;
        let scout = beta.raw() - alpha.raw() == 1;
        let eligible =
            scout && depth <= REVERSE_FUTILITY_MAX_DEPTH && beta.raw().abs() < Score::MAX_EVAL.raw();
        (eligible && eval - margin * depth as i32 >= beta).then_some(eval)
    }
}
