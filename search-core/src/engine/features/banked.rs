//! **Banked keys**: in a game scored by margins where what is already banked (Kalah's stores)
//! does not change what the rest of the game can bring, the transposition table keys a position
//! by the rest ([`ZobristHash::banked_key`](crate::ZobristHash::banked_key)) and stores its
//! value relative to the margin banked, so that positions that differ only in their stores
//! share one entry. The solver's table ([`Solver`](crate::solve::Solver)).
//!
//! - **Idea.** A Kalah position's final margin is the lead its stores already give plus what
//!   the seeds in play will still bring, and only the second depends on the houses: the
//!   endgame databases of "Solving Kalah" (Irving, Donkers & Uiterwijk, ICGA Journal 2000) are
//!   indexed that way (`solve/database.rs`). Keying the table the same way turns every
//!   position with the same houses and the same side to move into one entry, whatever the
//!   split of the stores: in a `Kalah(6, 4)` solve such positions come five times as often as
//!   exact repeats (counted over the first 25 million nodes).
//! - **Invariant.** An entry holds a fact about the margin *class* of the value (the final
//!   margin, whatever the distance; a draw is 0), less the margin banked at the node that
//!   stored it: a lower bound says "the final margin is at least `banked + m`", an upper bound
//!   "at most", an exact entry both. A node reads it back with its own banked margin, and it
//!   decides the node's window only if the whole class lies on one side of it: a lower bound
//!   answers the lowest score of its class when that is at least beta, an upper bound the
//!   highest score of its class when that is at most alpha. A score that is no margin or draw
//!   (a static value, a mate without a margin, a mean at a chance node) is not stored, and a
//!   game with chance nodes never keys by banked keys.
//! - **Exact or value-changing.** Exact for a search without a horizon (the solver's, whose
//!   values are final margins, if the game keeps the contract of
//!   [`banked_key`](crate::ZobristHash::banked_key)); the distance of a win inside its margin
//!   is not kept, so the solver settles margins and not distances with it (as it does for a
//!   scored game anyway). With a horizon a static value at a leaf may depend on the stores
//!   and results reused across store splits change values: value-changing, never in an exact
//!   preset. Enhanced transposition cutoffs read children's entries as absolute scores and do
//!   not apply with it.
//! - **Cost.** A second hash function at every node where the table is used (the game's
//!   `banked_key`, which for Kalah is the same packing as its hash without the stores) and a
//!   few comparisons; no extra memory.

use crate::engine::feature::{Feature, Kind, flag, no_alias, value_changing};
use super::tt::{TableConfig, table};
use crate::Game;
use crate::engine::worker::Plan;

/// The `banked` feature: [`TableConfig::banked`].
pub(super) const BANKED: Feature<Option<TableConfig>> = Feature {
    name: "banked",
    option: "Banked Keys",
    summary: "table keyed without what a scored game has banked, values relative to it (for solving; value-changing with a horizon)",
    kind: Kind::Flag,
    parent: Some("tt"),
    implied: false,
    get: |part| part.and_then(|t| flag(t.banked)),
    set: |part, value| {
        table(part).banked = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Banked keys' part of the plan: none at the node (the engine keys its table by them,
/// `tables/key.rs`, and the table reads its entries back relative to them, `tables/tt.rs`).
pub(super) fn plan<G: Game, E>(_table: &Option<TableConfig>, _plan: &mut Plan<'_, G, E>) {}
