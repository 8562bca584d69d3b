//! **Capture history** (Stockfish's `captureHistory`, 2017; Ethereal's and most modern
//! engines' "capture history"; Chess Programming Wiki, "History Heuristic"): the history
//! heuristic for the hinted moves (the captures in chess), which the game's static order
//! ranks alike however often they fail. Where the order hint says "this capture wins the most
//! for the least", the counter says "this capture has cut here before".
//!
//! - **Idea.** A counter per side to move and per capture, learning by the gravity rule of
//!   `history.rs`: at a beta cutoff, a hinted move that cuts gains
//!   [`gravity_bonus`](super::history::gravity_bonus), and the hinted moves searched before
//!   the cutoff move (whatever it is, a quiet one too) lose as much. A capture is told apart by
//!   its [`capture_index`](crate::Game::capture_index): in chess the piece, its to-square and
//!   what it takes (Stockfish's `[piece][to][captured]`). The hinted tier then orders by
//!   `hint × CAPTURE_HINT_SCALE + counter`: a counter at its bound (`±2¹⁴`) weighs
//!   `2¹⁴ / CAPTURE_HINT_SCALE` = 32 units of hint (in chess, three pawns of victim), so a
//!   capture that keeps failing sinks below cheaper ones, but a capture of a queen still comes
//!   before a capture of a pawn that has cut.
//! - **Invariant.** Every counter lies within `±GRAVITY_MAX` (`history.rs`'s update), one per
//!   side and capture index. With nothing learnt (every counter 0), or for moves without a
//!   capture index, the hinted tier's order is the hints', move for move.
//! - **Exact or value-changing.** Exact: ordering only (cross-checked against minimax in the
//!   exact and the strongest presets, with extra turns, passes and chance levels). The hinted
//!   moves that go after the quiet ones (in chess, the captures that lose by their exchange)
//!   are not reordered.
//! - **Cost.** `2 × 2¹⁶` counters of `i16` (256 KiB), allocated at the first update and aged with
//!   the history (a pass over the table per search); one lookup per hinted move scored, and at
//!   a cutoff one update per hinted move searched (its order hint asked again: a static
//!   exchange in chess).

use crate::engine::feature::{Feature, exact};
use crate::engine::tables::capture::capture_key;
use crate::engine::tables::gravity::gravity_bonus;
use crate::engine::worker::Plan;
use crate::Game;

/// The `capture-history` feature: [`Config::capture_history`](super::Config::capture_history).
pub(super) const CAPTURE_HISTORY: Feature<bool> = Feature::switch(
    "capture-history",
    "Capture History",
    "capture history: the hinted moves (captures) ordered by their hint and how often they cut",
    exact,
);

/// Its rank after a cutoff (`worker.rs`'s phase table).
const RANK: u32 = 10;

/// Capture history's part of the plan: the hinted tier of the move picker reordered by it,
/// and after a cutoff the hinted move that cut gains, the hinted moves tried before it lose
/// (whatever cut).
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.order.capture = true;
    plan.needs.tried_captures = true;
    plan.after_cutoff(RANK, |worker, at, tried| {
        let (player, bonus) = (at.game.to_move(), gravity_bonus(at.node.depth));
        let capture = &mut worker.history.capture;
        if let Some(key) = capture_key(at.game.capture_index(at.mv), at.game.order_hint(at.mv)) {
            capture.nudge(player, key, bonus);
        }
        for &key in &tried.captures {
            capture.nudge(player, key, -bonus);
        }
    });
}
