//! **Null-move pruning** (the null-move observation: Beal 1989, "Experiments with the null move";
//! adaptive reduction: Heinz 1999, "Adaptive null-move pruning"; verification: David-Tabibi &
//! Netanyahu 2002, "Verified null-move pruning"): let the side to move pass; if a reduced search
//! of the position after the pass still fails high, a real move would too, so the node is cut
//! without searching its moves.
//!
//! - **Idea.** In almost every position some move is better than passing (the *null-move
//!   observation*). So if even a pass, searched `R` plies shallower with a null window at beta,
//!   scores `>= beta`, the position is almost certainly `>= beta`: a cutoff for the price of a
//!   small search.
//! - **Conditions.** Never in check (passing would be illegal in chess), never twice in a row,
//!   never at the root (it must return a move), never against a mate-score beta (a pass proves
//!   nothing about mates), and only where the game offers a null move ([`Game::null_move`]
//!   returns `Some`); verified null move also needs two plies to the horizon. With the
//!   evaluation guard ([`NullMoveConfig::eval_guard`](super::NullMoveConfig::eval_guard),
//!   as most engines do it) only where the static evaluation is at least beta: below it a pass
//!   rarely fails high, and the reduced search would be spent for nothing.
//! - **Reduction.** The null search goes `depth - 1 - R` plies: a fixed `R` of 1, 2 or 3 (the
//!   thesis's three versions; it found `R = 2` best, fewest nodes and fastest, in line with
//!   Heinz), or adaptive (Heinz 1999, ICCA Journal 22(3)): `R = 3` above [`ADAPTIVE_R_DEPTH`],
//!   `R = 2` below.
//! - **Verified null move** (David-Tabibi & Netanyahu 2002, ICGA Journal 25(3)): where
//!   verification is on, a null-move fail-high does not cut; the node is searched one ply
//!   shallower with verification off in its subtree (where null moves cut plainly), and if that
//!   search does not fail high after all (a zugzwang), it is searched again at the full depth.
//! - **Invariant.** A cutoff returns a lower bound `>= beta`: the null search's fail-soft value,
//!   or beta itself if that value is a mate score (a mate score found after a pass is no
//!   proven mate here).
//!   The position after the pass is searched with the null window `(beta - 1, beta)` and is a
//!   barrier on the repetition line (`None`): no repetition is detected across it. Its child
//!   nodes know they follow a null move ([`Path`]), so no two passes are consecutive.
//! - **Exact or value-changing.** Value-changing: the observation is false in zugzwang, and the
//!   reduced search sees less. Verification guards against zugzwang, within what its shallower
//!   search can see. Off in the exact preset.
//! - **Cost.** One reduced null-window search per eligible node (counted in `null_move_tries`),
//!   plus, when verified, the shallower search of the node and in zugzwang a full re-search;
//!   the saving is the whole subtree of every node it cuts (`null_move_cutoffs`).

use super::Engine;
use super::config::{ADAPTIVE_R_DEPTH, MAX_NULL_REDUCTION, NullReduction};
use super::node::Node;
use crate::{Evaluate, Game, Score};

/// What the null-move search decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NullMoveResult {
    /// Not eligible here.
    NotTried,
    /// Tried; it did not fail high: search the moves.
    Failed,
    /// Tried and failed high: the node's value.
    Cutoff(Score),
    /// Tried and failed high in a verified node: search on one ply shallower.
    Verify,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The null-move search of `node` (position `game`; see the module documentation).
    pub(super) fn null_move_search(
        &mut self,
        game: &G,
        node: &Node,
        in_check: bool,
        static_eval: Option<Score>,
    ) -> NullMoveResult {
        let Some(null_move) = self.config.null_move else {
            return NullMoveResult::NotTried;
        };
        // The guard: below beta, passing rarely fails high.
        if null_move.eval_guard && static_eval.is_none_or(|eval| eval < node.beta) {
            return NullMoveResult::NotTried;
        }
        let verified = null_move.verified && node.verify;
        if node.ply == 0
            || in_check
            || node.after_null
            || node.beta.raw().abs() >= Score::MAX_EVAL.raw()
            || (verified && node.depth < 2)
        {
            return NullMoveResult::NotTried;
        }
        let Some(passed) = game.null_move() else {
            return NullMoveResult::NotTried;
        };
        let r = match null_move.reduction {
            NullReduction::Fixed(r) => r.clamp(1, MAX_NULL_REDUCTION),
            NullReduction::Adaptive if node.depth > ADAPTIVE_R_DEPTH => 3,
            NullReduction::Adaptive => 2,
        };
        self.search.stats.null_move_tries += 1;
        let child = Node {
            after_null: true,
            chain: None,
            ..node.child(node.depth.saturating_sub(1 + r), -node.beta, -node.beta + 1, None)
        };
        // `None` on the line: repetitions are not detected across a null move.
        self.search.trace.null_child();
        let score = -self.search_child(&passed, child, None);
        if self.search.aborted || score < node.beta {
            return NullMoveResult::Failed;
        }
        if verified {
            return NullMoveResult::Verify;
        }
        self.search.stats.null_move_cutoffs += 1;
        NullMoveResult::Cutoff(if score.is_mate() { node.beta } else { score })
    }
}
