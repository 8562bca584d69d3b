//! **The transposition table** as a feature (Greenblatt, Eastlake & Crocker 1967; Zobrist 1970):
//! its row (`tt`, its depth policy) and its part of the plan. Its size is not the search's but
//! the machine's: [`Resources`](crate::Resources). The table
//! itself, its entries and their replacement are `tables/tt.rs`'s; the node probes it before its
//! moves and stores its result once, at its end (`node.rs`).

use crate::Game;
use crate::engine::feature::{Exactness, Feature, Kind, Value, choice, no_alias};
use crate::engine::tables::tt::DepthPolicy;
use crate::engine::worker::Plan;

pub(crate) use crate::engine::tables::tt::TableConfig;

/// The table's part, to edit (a sub-option's parent is on when its row sets it).
pub(super) fn table(part: &mut Option<TableConfig>) -> &mut TableConfig {
    part.get_or_insert(TableConfig::new(DepthPolicy::SameDepth))
}

/// The `tt` feature: [`Config::table`](super::Config::table) and its depth policy.
pub(super) const TABLE: Feature<Option<TableConfig>> = Feature {
    name: "tt",
    option: "Transposition Table",
    summary: "transposition table: same-depth entries only (exact), or same or deeper, or any depth (value-changing)",
    kind: Kind::Choice(&["same", "deeper", "any"]),
    parent: None,
    implied: false,
    get: |part| part.map(|t| Value::Choice(t.policy.name())),
    set: |part, value| {
        match choice(value) {
            None => *part = None,
            Some(name) => {
                table(part).policy = match name {
                    "same" => DepthPolicy::SameDepth,
                    "deeper" => DepthPolicy::AtLeastDepth,
                    _ => DepthPolicy::AnyDepth,
                };
            }
        }
        Ok(())
    },
    effect: |value| match value {
        Value::Choice("same") => Exactness::Minimax,
        _ => Exactness::ValueChanging,
    },
    alias: no_alias,
};

/// The table's part of the plan: the node probes and stores with this configuration.
pub(super) fn plan<G: Game, E>(table: &Option<TableConfig>, plan: &mut Plan<'_, G, E>) {
    plan.settings.table = *table;
}
