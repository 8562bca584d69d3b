//! **Principal variation search** (PVS; Marsland & Campbell 1982, Marsland 1983; its twin
//! NegaScout, Reinefeld 1983; after Pearl's Scout, 1980): the first move is searched with the full
//! window, every later move with a null window first, and again with the full window only if it
//! might be better.
//!
//! - **Idea.** With good ordering the first move is usually the best. Proving that another move
//!   is no better than alpha needs only the null window `(alpha, alpha + 1)`, which cuts far more
//!   than `(alpha, beta)`; only a move that proves better is searched again for its value.
//! - **Invariant.** Fail-soft alpha-beta's, move by move: a null-window result `<= alpha` is an
//!   upper bound (the move is no better, as a full-window search would have said); `>= beta` is
//!   a lower bound that cuts, as it would have; anything in between is searched again with
//!   `(alpha, beta)`, whose result is exact if it lies inside. At a node whose own window is
//!   already null (`beta == alpha + 1`: most nodes of a PVS tree) there is no in between and no
//!   re-search. A later move goes through at most three searches: LMR's reduced one, LMR's
//!   full-depth one (both null-window), and this full-window one.
//! - **Exact or value-changing.** Exact: the same root value as alpha-beta at the same depth
//!   (the cross-checks hold every exact combination with PVS to minimax); the work changes, and
//!   with it what killers and history learn, so among tied best moves another may be found.
//! - **Cost.** A re-search (counted in `researches`) for every later move that beats alpha
//!   without cutting: cheap with good ordering (few such moves), a loss with bad ordering.
//!
//! With PVS off, later moves come here only when LMR reduces them, and are searched with the
//! full window.

use super::Engine;
use super::node::Path;
use crate::{Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// Searches a move after the first (`child`, with the node's own arguments): with PVS, a null
    /// window at `alpha` (at the depth LMR allows, see
    /// [`reduced_search`](Self::reduced_search)), then the full window `(alpha, beta)` if the
    /// move beats alpha without reaching beta. The value from the parent's point of view.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_later_move(
        &mut self,
        parent_key: Option<u64>,
        child: &G,
        new_depth: u32,
        reduction: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        path: Path,
    ) -> Score {
        // A null window proves the move no better than alpha, cheaply.
        let window_beta = if self.options.pvs { alpha + 1 } else { beta };
        let mut score = self.reduced_search(
            parent_key,
            child,
            new_depth,
            reduction,
            ply,
            alpha,
            window_beta,
            path,
        );
        // Better than alpha without a cutoff: its value lies in the window; search it for real.
        if self.options.pvs && score > alpha && score < beta && !self.aborted {
            self.stats.researches += 1;
            score = -self.search_child(parent_key, child, new_depth, ply + 1, -beta, -alpha, path);
        }
        score
    }
}
