//! **Search extensions**: the check extension (an old practice of chess programs, with no
//! founding paper; it counters the horizon effect named by Berliner 1974) and the capture-chain
//! extension of the chess-engine article in the project's papers: some lines are searched deeper
//! than the nominal depth.
//!
//! - **Idea.** *Check*: a position whose side to move is in check has few replies and is part of
//!   a forcing line; searching it one ply deeper keeps a series of checks from pushing a loss
//!   past the horizon. *Capture chain* (the article searches 4 plies, 6 while every move from the
//!   root is a capture): a horizon reached by noisy moves only is moved `plies` further, one ply
//!   at a time.
//! - **Invariant.** Depth never grows without bound: the check extension adds one ply per
//!   position in check and only before [`MAX_SEARCH_PLY`]` / 2`, so a line of checks still ends at the
//!   ply limit; the capture chain is a budget of `plies` set at the root, spent one ply per
//!   extended horizon and lost for good at the first quiet move (the child's
//!   [`Node::chain`] becomes `None`). Both are decided before the
//!   horizon test and the transposition table probe, so the table sees (and stores) the extended
//!   depth.
//! - **Exact or value-changing.** Value-changing: the extended lines are searched deeper than
//!   the nominal depth, so the value is not minimax's at that depth (it is a deeper search's on
//!   those lines). Off in the exact preset.
//! - **Cost.** One [`is_in_check`](crate::Game::is_in_check) per node (shared with null move and
//!   LMR), one [`is_noisy`](crate::Game::is_noisy) per move searched; every extended node is a
//!   whole extra ply of search below it, which in check is usually small (few evasions).

use super::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use super::frame::{MAX_SEARCH_PLY, Node};

/// The default capture-chain extension, in plies (the article's depth 4, 6 for capture chains).
pub const DEFAULT_CAPTURE_CHAIN: u32 = 2;

/// The `check-ext` feature: [`Config::check_extension`](super::Config::check_extension).
pub(super) const CHECK_EXTENSION: Feature<bool> = Feature::switch(
    "check-ext",
    "Check Extension",
    "check extension: a position in check is searched one ply deeper",
    value_changing,
);

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

/// `node` as extended (`in_check`: its side to move is in check): one ply deeper in check with
/// the `check_extension` on (and the node not too deep); at the horizon of a capture chain with
/// budget left, one more ply and one less budget.
pub(super) fn extend(check_extension: bool, mut node: Node, in_check: bool) -> Node {
    if check_extension && in_check && node.ply < MAX_SEARCH_PLY / 2 {
        node.depth += 1;
    }
    (node.depth, node.chain) = capture_chain_extension(node.depth, node.chain);
    node
}

/// The capture-chain extension of a node searched `depth` plies deep with chain budget `chain`:
/// at the horizon (`depth == 0`) of a line with budget left, one more ply and one less budget.
/// Returns the node's depth and budget.
fn capture_chain_extension(depth: u32, chain: Option<u32>) -> (u32, Option<u32>) {
    if depth == 0
        && let Some(plies) = chain
        && plies > 0
    {
        (1, Some(plies - 1))
    } else {
        (depth, chain)
    }
}

/// The chain budget a child inherits: the parent's after a noisy move, none after a quiet one.
pub(super) fn child_capture_chain(chain: Option<u32>, noisy: bool) -> Option<u32> {
    chain.filter(|_| noisy)
}
