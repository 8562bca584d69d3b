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
//!   one ply from it are horizon nodes, which never store anything).
//! - **Exact or value-changing.** Exact with an exact table: the cutoff is one the child's own
//!   probe would have given, so the root value is unchanged (the chess, tic-tac-toe and Connect
//!   Four cross-checks hold the exact preset with ETC to the references). With a value-changing
//!   depth policy it changes values as the table does.
//! - **Cost.** At every eligible node that its own probe did not cut: one
//!   [`play`](crate::Game::play), one hash and one probe per move, until a refutation is found
//!   (counted in `tt_probes` and `tt_hits`), and one [`is_in_check`](crate::Game::is_in_check)
//!   per move with the check extension on. The saving is every subtree a cutoff spares.

use super::Engine;
use super::node::Node;
use crate::{Bound, Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The enhanced transposition cutoff of `node` (position `game`, moves `moves`, table key
    /// `key`): if it is on and eligible here, looks each child up in the table; if one is stored
    /// with an acceptable depth and an upper bound (or exact value) low enough that the move
    /// scores `>= beta` for us, returns that score (and stores it as this node's lower bound,
    /// with the move).
    pub(super) fn enhanced_cutoff(
        &mut self,
        game: &G,
        moves: &[G::Move],
        node: &Node,
        key: Option<u64>,
    ) -> Option<Score> {
        let table = self.config.table?;
        if !table.enhanced_cutoffs || node.ply == 0 || node.depth < 2 {
            return None;
        }
        let Some(tt) = &self.tables.tt else {
            return None;
        };
        let stats = &mut self.search.stats;
        let mut refutation = None;
        for &mv in moves {
            let mut child = game.clone();
            child.play_in_place(mv);
            // The depth the child would search at (with its own check extension).
            let child_depth = node.depth - 1 + u32::from(self.config.check_extension && child.is_in_check());
            stats.tt_probes += 1;
            let Some(entry) = self
                .tables
                .key(&child, node.ply + 1)
                .and_then(|key| tt.probe(key))
            else {
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
                refutation = Some((mv, score));
                break;
            }
        }
        let (mv, score) = refutation?;
        stats.tt_cutoffs += 1;
        if let (Some(key), Some(tt)) = (key, &mut self.tables.tt) {
            tt.store(key, node.depth, Bound::Lower, score.to_tt(node.ply), Some(mv));
        }
        Some(score)
    }
}
