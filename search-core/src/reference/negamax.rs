//! Plain **negamax**: minimax written from the side to move's point of view.
//!
//! Every position is valued for the player whose turn it is. A child's value is usually the
//! opponent's, so the parent takes the **maximum of the negated** child values:
//! `value(p) = max(-value(c))`. One rule serves both players, which is why engines are written
//! this way (see the negamax page in the project's papers; Knuth & Moore 1975 introduced the
//! formulation).
//!
//! Not every game alternates: after completing a box in Dots and Boxes, the same player moves
//! again. Then the child's value is already the parent's side's, and is taken **as it is**. The
//! rule is "negate when the side to move changes", not "negate at every ply": negating blindly
//! would score the extra turn for the wrong player.
//!
//! This searcher visits every node of the tree to the given depth: it is the oracle the pruning
//! searchers are checked against, and the measure of how much they save.
//!
//! - **Invariant.** A position's value is for its side to move; a finished game scores with its
//!   distance from the root; the best move is the first among equals in the game's order.
//! - **Exact or value-changing.** Exact: the same values as [`Minimax`](super::Minimax), negated
//!   at the second player's positions, and the same nodes in the same order, whatever the turn
//!   order.
//! - **Cost.** Every node: `b^d` leaves in a uniform tree of branching `b` and depth `d`; one move
//!   generation per node, one evaluation per leaf, a principal-variation vector per improving
//!   child, recursion `d` deep.
//!
//! ```
//! use search_core::{Limits, Searcher, reference::Negamax};
//! use search_core::random_tree::{RandomTree, TreeValue};
//! let tree = RandomTree::new(7, 3, 3);
//! let result = Negamax::new(TreeValue).search(&tree, &Limits::depth(3));
//! assert_eq!(result.stats.nodes, 1 + 3 + 9 + 27); // every node of the tree
//! ```

use super::plumbing::{self, Record, negate_if_turn_passes};
use crate::stack::deeper;
use crate::{
    Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, Searcher, order_by_hint, outcome_score,
    static_score,
};

/// The plain negamax searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Negamax<E> {
    evaluator: E,
    record: Record,
}

impl<E> Negamax<E> {
    /// A negamax searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        Negamax {
            evaluator,
            record: Record::default(),
        }
    }

    /// The value of `game` (for its side to move) searched `depth` plies deep; `ply` is the
    /// distance from the root. Fills `pv` with the best line from `game`.
    fn negamax<G: Game>(&mut self, game: &G, depth: u32, ply: u32, pv: &mut Vec<G::Move>) -> Score
    where
        E: Evaluate<G>,
    {
        self.record.enter(depth, ply, None);

        // One move generation per node; the game tells from the move count whether it is over.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);

        // A finished game scores as a win, loss or draw, with the distance from the root, so that
        // a faster win (and a slower loss) is preferred. This comes before the horizon check.
        if let Some(outcome) = game.outcome(moves.len()) {
            return self.record.leaf(outcome_score(outcome, ply));
        }

        // At the horizon (or at a static leaf with no moves) the evaluator decides.
        if depth == 0 || moves.is_empty() {
            return self.record.leaf(static_score(&self.evaluator, game));
        }

        self.record.stats.interior_nodes += 1;
        // A chance node (a die roll): the weighted mean of the outcomes' values, each for our
        // side (negated when the outcome hands the move to the opponent): expectiminimax in
        // negamax form. The rounding (`crate::chance`) is symmetric, so this is exactly the
        // two-sided mean.
        if game.is_chance() {
            return plumbing::chance_mean(self, game, &moves, ply, |negamax, outcome| {
                let value = negamax.negamax(outcome, depth - 1, ply + 1, &mut Vec::new());
                negate_if_turn_passes(game, outcome, value)
            });
        }

        // Otherwise: the best of the negated child values.
        let mut best_score = -Score::INFINITY;
        // The game's own order (see the `reference` docs): the first best move found is returned.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for &mv in moves.iter() {
            child_pv.clear();
            self.record.child(&mv);
            let child = game.play(mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let value = deeper(ply, || self.negamax(&child, depth - 1, ply + 1, &mut child_pv));
            // The child's value is for its side to move: the opponent's (negate it), or ours
            // again after an extra turn (keep it).
            let score = negate_if_turn_passes(game, &child, value);
            // Strictly better only: among equal moves the first searched is kept.
            if score > best_score {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.append(&mut child_pv);
            }
        }
        self.record.exit(best_score)
    }
}

plumbing::tracing!(Negamax);

impl<G: Game, E: Evaluate<G>> Searcher<G> for Negamax<E> {
    fn name(&self) -> &str {
        "negamax"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = self.record.start();
        let mut pv = Vec::new();
        let score = self.negamax(root, limits.depth, 0, &mut pv);
        self.record.finish(started, score, pv, limits.depth)
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for Negamax<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        plumbing::root_move_scores(self, root, depth, |negamax, child| {
            let value = negamax.negamax(child, depth - 1, 1, &mut Vec::new());
            negate_if_turn_passes(root, child, value)
        })
    }
}
