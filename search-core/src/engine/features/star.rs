//! **Star1 and Star2** (Ballard 1983; Hauk, Buro & Schaeffer 2004): pruning at chance nodes,
//! where the value is the weighted mean of the outcomes. The arithmetic and its sources are in
//! [`crate::chance`]; the search of a chance node, with or without them, is `chance_node.rs`.
//!
//! - **Idea.** Without the `star` feature each outcome is searched with the full window, as
//!   [`reference::AlphaBeta`](crate::reference::AlphaBeta) does (the plain engine visits the same
//!   nodes). With `star` (Star1) each outcome gets the window that decides the node given the
//!   outcomes already searched and the game's [`value_bound`](crate::Game::value_bound) for the
//!   rest: a value beyond it ends the node. With `star=2` (Star2), when every outcome hands the
//!   move to the same player, the first move of each outcome in the search's order (the table's
//!   move if it knows one, else the game's hints, killers and history) is searched first, as
//!   Ballard probes: each gives a bound on its outcome's value for that player, which may end
//!   the node at once (the last probe in a null window) and otherwise tightens Star1's windows
//!   for the outcomes to come.
//! - **Invariant.** Fail-soft alpha-beta's, as at any node: exact inside the window, an upper
//!   bound `<= alpha`, a lower bound `>= beta`. A probe's result is used only where it is a
//!   bound: a value above the probe's lower threshold is at most the outcome's value for its
//!   mover (the outcome has that move at least); a value at or below it says nothing, and no
//!   later probe can cut: the probing ends.
//! - **Exact or value-changing.** Exact (the cross-checks hold every exact configuration with
//!   and without it to expectiminimax). A chance node's result is stored in the transposition
//!   table like any node's (a probe stores only a fail-high, the one bound one move gives), so
//!   the search phase finds what the probes learnt. Chance nodes are never null-move, futility,
//!   LMR or quiescence nodes: those features act at the decision nodes around them. At the
//!   horizon a chance node is evaluated statically, as everywhere.
//! - **Cost.** Star1 searches no more nodes than the full window (12-36% fewer on Ballard's
//!   trees and EinStein positions, the book's chance page). Star2 adds one probe per outcome, repaid
//!   when the probes see good moves: with perfect order it saves 85-94% of expectiminimax's
//!   nodes on Ballard's larger trees (Star1 26-36%), on EinStein 63% without a table and 91.5% with one
//!   (Star1 25.5% and 81.7%), and the presets use it. In random order a probe's move rarely
//!   bounds its outcome, and the probes, searched again in the search phase unless a table keeps
//!   them, cost up to 25% more nodes than expectiminimax. Both need a tight `value_bound`: with
//!   the default (the largest decided score) they prune almost nothing.

use crate::chance::ChancePruning;
use crate::engine::feature::{Feature, Kind, Value, choice, exact, no_alias};
use crate::Game;
use crate::engine::worker::Plan;

/// The `star` feature: [`Config::chance`](super::Config::chance).
pub(super) const STAR: Feature<Option<ChancePruning>> = Feature {
    name: "star",
    option: "Chance Pruning",
    summary: "games with dice: Star1 (star) or Star2 (star=2) pruning at chance nodes (exact)",
    kind: Kind::Choice(&["1", "2"]),
    parent: None,
    implied: false,
    get: |part| {
        part.map(|pruning| match pruning {
            ChancePruning::Star2 => Value::Choice("2"),
            ChancePruning::Star1 => Value::Choice("1"),
        })
    },
    set: |part, value| {
        *part = choice(value).map(|name| match name {
            "2" => ChancePruning::Star2,
            _ => ChancePruning::Star1,
        });
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Chance pruning's part of the plan: how `chance_node.rs` searches a chance node.
pub(super) fn plan<G: Game, E>(pruning: &Option<ChancePruning>, plan: &mut Plan<'_, G, E>) {
    plan.settings.chance = *pruning;
}
