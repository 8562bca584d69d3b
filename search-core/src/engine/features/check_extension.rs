//! **Check extension** (an old practice of chess programs, with no founding paper; it counters
//! the horizon effect named by Berliner 1974): a position whose side to move is in check is
//! searched one ply deeper.
//!
//! - **Idea.** A position in check has few replies and is part of a forcing line; searching it
//!   one ply deeper keeps a series of checks from pushing a loss past the horizon.
//! - **Invariant.** Depth never grows without bound: one ply per position in check and only
//!   before [`MAX_SEARCH_PLY`]` / 2`, so a line of checks still ends at the ply limit. Decided at
//!   the node's entry, before the horizon test and the transposition table probe, so the table
//!   sees (and stores) the extended depth; a move into check gets no singular extension on top
//!   (`singular.rs`).
//! - **Exact or value-changing.** Value-changing: the extended lines are searched deeper than
//!   the nominal depth, so the value is not minimax's at that depth (it is a deeper search's on
//!   those lines). Off in the exact preset.
//! - **Cost.** One [`is_in_check`](crate::Game::is_in_check) per node (shared with null move and
//!   LMR), and the moves of a horizon node (not only their count); every extended node is a
//!   whole extra ply of search below it, which in check is usually small (few evasions).

use crate::engine::feature::{Feature, value_changing};
use crate::engine::frame::MAX_SEARCH_PLY;
use crate::engine::worker::Plan;
use crate::Game;

/// The `check-ext` feature: [`Config::check_extension`](super::Config::check_extension).
pub(super) const CHECK_EXTENSION: Feature<bool> = Feature::switch(
    "check-ext",
    "Check Extension",
    "check extension: a position in check is searched one ply deeper",
    value_changing,
);

/// Its rank at a node's entry (`worker.rs`'s phase table): before the capture chain's.
const RANK: u32 = 10;

/// The check extension's part of the plan: a node in check goes a ply deeper.
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if !*on {
        return;
    }
    plan.needs.check = true;
    plan.needs.extends_in_check = true;
    plan.needs.moves_at_horizon = true;
    plan.on_entry(RANK, |node, in_check| {
        if in_check && node.ply < MAX_SEARCH_PLY / 2 {
            node.depth += 1;
        }
    });
}
