//! **Order hints as a tier**: the moves the game hints at ([`order_hint`](crate::Game::order_hint)
//! positive: MVV-LVA captures in chess) searched after the table's move and before the killers
//! and history (the move picker, `ordering.rs`, which documents the tiers). Without it, hints
//! still order the moves that no other tier placed.
//!
//! - **Exact or value-changing.** Exact: it changes the order, never the set of moves.
//! - **Cost.** None beyond the hint each move is scored by.

use crate::Game;
use crate::engine::feature::{Feature, exact};
use crate::engine::worker::Plan;

/// The `hints` feature: [`Config::order_hints`](super::Config::order_hints).
pub(super) const ORDER_HINTS: Feature<bool> = Feature::switch(
    "hints",
    "Order Hints",
    "hinted moves (MVV-LVA captures in chess) before killers and history",
    exact,
);

/// The hints' part of the plan: a tier of the move picker.
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    plan.order.hints = *on;
}
