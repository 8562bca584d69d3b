//! **Threads** as a row of the configuration (`threads=N`, UCI `Threads`): the search itself on
//! several threads is `threads.rs`'s (Lazy SMP), run by the driver.

use crate::Game;
use crate::engine::feature::{Feature, Kind, Value, exact, no_alias, number};
use crate::engine::worker::Plan;

/// The most threads a search uses.
pub const MAX_THREADS: u32 = 256;

/// The `threads` feature: [`Config::threads`](super::Config::threads).
pub(super) const THREADS: Feature<u32> = Feature {
    name: "threads",
    option: "Threads",
    summary: "threads searching at once (Lazy SMP), sharing the transposition table",
    kind: Kind::Number {
        min: 1,
        max: MAX_THREADS as i64,
        default: 1,
    },
    parent: None,
    implied: true,
    get: |threads| Some(Value::Number(i64::from((*threads).max(1)))),
    set: |threads, value| {
        *threads = number(value).map_or(1, |n| n as u32);
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// The threads' part of the plan: none at the node (the driver starts them).
pub(super) fn plan<G: Game, E>(_threads: &u32, _plan: &mut Plan<'_, G, E>) {}
