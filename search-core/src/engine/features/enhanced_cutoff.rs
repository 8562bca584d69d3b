//! **Enhanced transposition cutoff** (ETC; Plaat, Schaeffer, Pijls & de Bruin 1996, "Exploiting
//! graph properties of game trees"): before searching a node's moves, look every child up in the
//! transposition table; a child already known to refute the node ends it, unsearched.
//!
//! - **Idea.** A game tree is a graph: a child may already have been searched through another
//!   move order. The node's own table probe only sees its own entry; the children's entries may
//!   hold a cutoff the move loop would otherwise find only after searching other moves first
//!   (the table move may not be the one that transposes).
//! - **Invariant.** It uses only what the table would tell the child itself: an entry counts if
//!   the [`DepthPolicy`](super::DepthPolicy) accepts its depth for the depth the child would be
//!   searched at (`depth - 1`, plus one if the check extension would extend the child), and if
//!   it bounds the child's value from above (an upper bound or an exact value), so that its
//!   negation bounds ours from below. If that lower bound is `>= beta` the node's fail-soft
//!   result is that bound, stored as the node's lower bound with the refuting move, as the move
//!   loop would after a cutoff by that move. Only away from the root (which must search its
//!   moves and return a line) and at least two plies from the horizon (the children of a node
//!   one ply from it are horizon nodes, whose results are never stored at the depth probed).
//! - **Exact or value-changing.** Exact with an exact table: the cutoff is one the child's own
//!   probe would have given, so the root value is unchanged (the chess, tic-tac-toe and Connect
//!   Four cross-checks hold the exact preset with ETC to the references). With a value-changing
//!   depth policy it changes values as the table does.
//! - **Cost.** At every eligible node that its own probe did not cut: one
//!   [`play`](crate::Game::play), one hash and one probe per move, until a refutation is found
//!   (counted in `tt_probes` and `tt_hits`), and one [`is_in_check`](crate::Game::is_in_check)
//!   per move with the check extension on. The saving is every subtree a cutoff spares.

use crate::engine::feature::{Feature, Kind, exact, flag, no_alias};
use crate::engine::frame::Node;
use super::tt::{TableConfig, table};
use crate::engine::tables::tt::TtEntry;
use crate::{Bound, Game, Score, SearchStats};
use crate::engine::tables::key::table_key;
use crate::engine::worker::Plan;
use crate::trace::Cut;

/// The `etc` feature: [`TableConfig::enhanced_cutoffs`].
pub(super) const ENHANCED_CUTOFFS: Feature<Option<TableConfig>> = Feature {
    name: "etc",
    option: "Enhanced TT Cutoffs",
    summary: "enhanced transposition cutoffs: a child the table knows refutes the node ends it (exact)",
    kind: Kind::Flag,
    parent: Some("tt"),
    implied: false,
    get: |part| part.and_then(|t| flag(t.enhanced_cutoffs)),
    set: |part, value| {
        table(part).enhanced_cutoffs = value.is_some();
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Whether `node` looks its children up, with the table configured as `table`: never at the
/// root (it must search for a move), nor one ply from the horizon (the children are leaves,
/// which the table does not store at depth 1 or more), nor with banked keys (`banked.rs`: the entries are relative
/// to each child's banked margin).
pub(super) fn applies(table: &TableConfig, node: &Node) -> bool {
    table.enhanced_cutoffs && !table.banked && node.ply > 0 && node.depth >= 2
}

/// The enhanced transposition cutoff of `node` (position `game`, moves `moves`): looks each
/// child up in the table (`entry` gives a position's entry at a ply); if one is stored with a
/// depth the `table`'s policy accepts (the depth the child would search at, with its own check
/// extension if `check_extension`) and a bound that puts the move at or above beta for us,
/// returns that move's index in `moves` and its score. Counted in `stats`.
pub(super) fn refutation<G: Game>(
    game: &G,
    moves: &[G::Move],
    node: &Node,
    table: &TableConfig,
    entry: impl Fn(&G, u32) -> Option<TtEntry>,
    check_extension: bool,
    stats: &mut SearchStats,
) -> Option<(usize, Score)> {
    for (index, &mv) in moves.iter().enumerate() {
        let mut child = game.clone();
        child.play_in_place(mv);
        // The depth the child would search at (with its own check extension).
        let child_depth = node.depth - 1 + u32::from(check_extension && child.is_in_check());
        stats.tt_probes += 1;
        let Some(entry) = entry(&child, node.ply + 1) else {
            continue;
        };
        stats.tt_hits += 1;
        // A bound on our value from below: the opponent's upper bound, negated, or (after an
        // extra turn) our own lower bound.
        let flips = child.to_move() != game.to_move();
        let bounds_us_from_below = if flips {
            matches!(entry.bound, Bound::Upper | Bound::Exact)
        } else {
            matches!(entry.bound, Bound::Lower | Bound::Exact)
        };
        if !table.policy.accepts(entry.depth, child_depth) || !bounds_us_from_below {
            continue;
        }
        let child_score = entry.score.from_tt(node.ply + 1);
        let score = if flips { -child_score } else { child_score };
        if score >= node.beta {
            stats.tt_cutoffs += 1;
            return Some((index, score));
        }
    }
    None
}

/// Its rank before the moves (`worker.rs`'s phase table): the first.
const RANK: u32 = 10;

/// Enhanced cutoffs' part of the plan: before the moves, a child the table knows refutes the
/// node ends it, stored as the node's lower bound with the refuting move.
pub(super) fn plan<G: Game, E>(table: &Option<TableConfig>, plan: &mut Plan<'_, G, E>) {
    let Some(table) = table.filter(|table| table.enhanced_cutoffs) else {
        return;
    };
    plan.before_moves(RANK, move |worker, game, node, moves, facts| {
        if !applies(&table, node) {
            return None;
        }
        let (tt, hasher) = (worker.table.as_ref()?, worker.hasher?);
        let extends_in_check = worker.plan.needs.extends_in_check;
        let entry = |child: &G, ply| tt.probe(table_key(hasher, child, ply).hash);
        let stats = &mut worker.search.stats;
        let (index, score) = refutation(game, moves, node, &table, entry, extends_in_check, stats)?;
        // The moves are in generation order here (before the move loop orders them).
        let move_code = hasher.code(game, moves[index], Some(moves));
        worker.store_table(facts.tt_key, node, Bound::Lower, score, move_code);
        Some((score, Cut::EnhancedTtCutoff))
    });
}
