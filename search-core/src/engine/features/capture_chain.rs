//! **Capture-chain extension** (the chess-engine article in the project's papers, which searches
//! 4 plies, 6 while every move from the root is a capture): a horizon reached by noisy moves only
//! is moved `plies` further, one ply at a time.
//!
//! - **Idea.** A line of captures from the root is the one most likely to end in a position the
//!   static evaluation misjudges (a recapture still to come); searching it further settles it.
//! - **Invariant.** The budget of `plies` is set at the root, spent one ply per extended horizon
//!   and lost for good at the first quiet move (the child's [`Node::chain`] becomes `None`), so
//!   depth never grows without bound. Decided at the node's entry, after the check extension,
//!   before the horizon test and the table's probe.
//! - **Exact or value-changing.** Value-changing: the extended lines are searched deeper than
//!   the nominal depth. Off in every preset.
//! - **Cost.** One [`is_noisy`](crate::Game::is_noisy) per move searched, and the moves of a
//!   horizon node (not only their count); every extended horizon is a whole extra ply below it.

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::Node;
use crate::engine::worker::Plan;
use crate::Game;

/// The default capture-chain extension, in plies (the article's depth 4, 6 for capture chains).
pub const DEFAULT_CAPTURE_CHAIN: u32 = 2;

/// The `chain` feature: [`Config::capture_chain`](super::Config::capture_chain).
pub(super) const CAPTURE_CHAIN: Feature<Option<u32>> = Feature {
    name: "chain",
    option: "Capture Chain",
    summary: "capture-chain extension: while every move from the root is noisy, the horizon is this many plies further",
    kind: Kind::Number {
        min: 1,
        max: 32,
        default: DEFAULT_CAPTURE_CHAIN as i64,
    },
    parent: None,
    implied: false,
    get: |plies| plies.map(|p| Value::Number(i64::from(p))),
    set: |plies, value| {
        *plies = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Its rank at a node's entry (`worker.rs`'s phase table): after the check extension's.
const RANK: u32 = 20;

/// The capture chain's part of the plan: the root's budget, and a horizon with budget left
/// moved a ply further.
pub(super) fn plan<G: Game, E>(plies: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(plies) = *plies else {
        return;
    };
    plan.settings.capture_chain = Some(plies);
    plan.needs.noisy = true;
    plan.needs.moves_at_horizon = true;
    plan.on_entry(RANK, extend);
}

/// A horizon `node` with budget left goes a ply further, spending a ply of the budget.
fn extend(node: &mut Node, _in_check: bool) {
    if node.depth == 0
        && let Some(plies) = node.chain
        && plies > 0
    {
        node.depth = 1;
        node.chain = Some(plies - 1);
    }
}
