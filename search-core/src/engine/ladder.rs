//! **The child-search ladder**: how the node function (`node.rs`) searches one child. The first
//! move (or every move without PVS or a reduction) takes the full window at full depth; a later
//! one a scout: PVS's null window (`features/pvs.rs`) at the depth the steps for each move set
//! (a reduction, `features/lmr.rs`; an extension, `features/singular.rs`), then the full depth
//! if the reduced search beats alpha, then PVS's full window if the value falls inside it. Each
//! rung says whether the child is an expected cut node ([`child_is_cut`]).
//!
//! - **Invariant.** A rung's value is a fail-soft bound in its window; the ladder climbs until
//!   the value is exact in the parent's window or fails outside it, so the node gets what a
//!   full-window search would have told it (with the reductions' own effect on the value).
//! - **Cost.** One search per rung climbed: at most three for a reduced scout that beats alpha.

use super::frame::{ChildMove, Node, child_is_cut};
use super::worker::Worker;
use crate::{Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// The child-search ladder: the value of a move from the parent's side, the parent's window
    /// being `(alpha, node.beta)`. The first move (or every move without PVS or a reduction)
    /// takes the full window at full depth; a later one a scout (`scout`).
    #[inline(always)]
    pub(crate) fn search_move(
        &mut self,
        node: &Node,
        alpha: Score,
        key: Option<u64>,
        child: &ChildMove<'_, G>,
    ) -> Score {
        if child.first || (!self.plan.settings.pvs && child.reduction == 0) {
            let window = (alpha, node.beta);
            let depth = node.depth - 1 + child.extension;
            let cut = child_is_cut(node.cut, is_null(window), false);
            return self.child_value(node, child, depth, window, key, cut);
        }
        self.scout(node, alpha, key, child)
    }

    /// The ladder's scouts (out of line: the first move never takes them): PVS's null window
    /// at a reduced depth, then the full depth if the reduced search beats alpha, then PVS's
    /// full window if the value falls inside it. Each rung also says whether the child is an
    /// expected cut node ([`child_is_cut`]).
    #[inline(never)]
    fn scout(&mut self, node: &Node, alpha: Score, key: Option<u64>, child: &ChildMove<'_, G>) -> Score {
        let (beta, pvs) = (node.beta, self.plan.settings.pvs);
        let depth = node.depth - 1 + child.extension;
        let cut = |window, reduced| child_is_cut(node.cut, is_null(window), reduced);
        let scout = (alpha, if pvs { alpha + 1 } else { beta });
        let reduced = depth.saturating_sub(child.reduction);
        let reduced_cut = cut(scout, child.reduction > 0);
        let mut score = self.child_value(node, child, reduced, scout, key, reduced_cut);
        if child.reduction > 0 && score > alpha && !self.search.aborted {
            self.search.stats.researches += 1;
            score = self.child_value(node, child, depth, scout, key, cut(scout, false));
        }
        if pvs && score > alpha && score < beta && !self.search.aborted {
            self.search.stats.researches += 1;
            let window = (alpha, beta);
            score = self.child_value(node, child, depth, window, key, cut(window, false));
        }
        score
    }

    /// The child's value from the parent's side, searched `depth` plies deep in the parent's
    /// `window`: negated, with the window negated and swapped, only when the side to move
    /// changes (a game may give a player several moves in a row). `key`: the parent's
    /// repetition key; the child is an expected cut node if `cut`.
    // Inlined into each rung of the ladder: the child's search is then called directly from the
    // move loop (tic-tac-toe's engine: 1.34x -> 1.22x `AlphaBeta`'s time per node, 1.19x with
    // `search_moves` inlined too; no change in nodes).
    #[inline(always)]
    pub(crate) fn child_value(
        &mut self,
        node: &Node,
        child: &ChildMove<'_, G>,
        depth: u32,
        (alpha, beta): (Score, Score),
        key: Option<u64>,
        cut: bool,
    ) -> Score {
        if child.flips {
            let child_node = Node {
                cut,
                ..node.child(depth, -beta, -alpha, child.chain)
            };
            -self.search_child(child.position, child_node, key)
        } else {
            let child_node = Node {
                cut,
                ..node.child(depth, alpha, beta, child.chain)
            };
            self.search_child(child.position, child_node, key)
        }
    }

    /// Searches `child` with the parent's repetition key on the line (see
    /// `features/repetition.rs`); the child's value, from the child's side (the caller negates).
    #[inline(always)]
    pub(crate) fn search_child(&mut self, child: &G, node: Node, parent_key: Option<u64>) -> Score {
        if self.plan.settings.repetition {
            self.search.line.push(parent_key);
            let score = self.node(child, node);
            self.search.line.pop();
            score
        } else {
            self.node(child, node)
        }
    }
}

/// Whether the window `(alpha, beta)` is null (`beta == alpha + 1`).
#[inline]
fn is_null((alpha, beta): (Score, Score)) -> bool {
    i64::from(beta.raw()) - i64::from(alpha.raw()) == 1
}
