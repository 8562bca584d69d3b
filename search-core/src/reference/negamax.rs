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

use std::time::Instant;

use crate::chance::{Expectation, total_weight};
use crate::stack::deeper;
use crate::trace::{Trace, Tracer};
use crate::{
    Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, SearchStats, Searcher, order_by_hint,
    outcome_score, static_score,
};

/// The plain negamax searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Negamax<E> {
    evaluator: E,
    stats: SearchStats,
    trace: Tracer,
}

impl<E> Negamax<E> {
    /// A negamax searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        Negamax {
            evaluator,
            stats: SearchStats::default(),
            trace: Tracer::default(),
        }
    }

    /// Records the tree of each search, at most `max_nodes` nodes (see [`crate::trace`]).
    #[must_use]
    pub fn with_trace(mut self, max_nodes: usize) -> Self {
        self.trace = Tracer::on(max_nodes);
        self
    }

    /// The tree of the last search, if tracing is on.
    #[must_use]
    pub fn trace(&self) -> Option<&Trace> {
        self.trace.get()
    }

    /// The value of `game` (for its side to move) searched `depth` plies deep; `ply` is the
    /// distance from the root. Fills `pv` with the best line from `game`.
    fn negamax<G: Game>(&mut self, game: &G, depth: u32, ply: u32, pv: &mut Vec<G::Move>) -> Score
    where
        E: Evaluate<G>,
    {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.trace.enter(depth, ply, None);

        // One move generation per node; the game tells from the move count whether it is over.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);

        // A finished game scores as a win, loss or draw, with the distance from the root, so that
        // a faster win (and a slower loss) is preferred. This comes before the horizon check.
        if let Some(outcome) = game.outcome(moves.len()) {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(outcome_score(outcome, ply));
        }

        // At the horizon (or at a static leaf with no moves) the evaluator decides.
        if depth == 0 || moves.is_empty() {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(static_score(&self.evaluator, game));
        }

        self.stats.interior_nodes += 1;
        // A chance node (a die roll): the weighted mean of the outcomes' values, each for our
        // side (negated when the outcome hands the move to the opponent): expectiminimax in
        // negamax form. The rounding (`crate::chance`) is symmetric, so this is exactly the
        // two-sided mean.
        if game.is_chance() {
            self.trace.chance();
            let total = total_weight(game, &moves);
            let mut expectation = Expectation::default();
            for &outcome in moves.iter() {
                self.stats.children += 1;
                let weight = game.chance_weight(outcome);
                self.trace.outcome(&outcome, weight, total);
                let child = game.play(outcome);
                let value = deeper(ply, || self.negamax(&child, depth - 1, ply + 1, &mut Vec::new()));
                expectation.add(
                    weight,
                    if child.to_move() == game.to_move() {
                        value
                    } else {
                        -value
                    },
                );
            }
            return self.trace.exit(expectation.value());
        }

        // Otherwise: the best of the negated child values.
        let mut best_score = -Score::INFINITY;
        // The game's own order, best first (its order hints; ties in generation order), so the
        // first best move found is the one returned. Ranked here, where the moves are searched:
        // a horizon needs only their count.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for &mv in moves.iter() {
            self.stats.children += 1;
            child_pv.clear();
            self.trace.child(&mv);
            let child = game.play(mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let value = deeper(ply, || self.negamax(&child, depth - 1, ply + 1, &mut child_pv));
            // The child's value is for its side to move: the opponent's (negate it), or ours
            // again after an extra turn (keep it).
            let score = if child.to_move() == game.to_move() {
                value
            } else {
                -value
            };
            // Strictly better only: among equal moves the first searched is kept.
            if score > best_score {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.append(&mut child_pv);
            }
        }
        self.trace.exit(best_score)
    }
}

impl<G: Game, E: Evaluate<G>> Searcher<G> for Negamax<E> {
    fn name(&self) -> &str {
        "negamax"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.stats = SearchStats::default();
        self.trace.start();
        let mut pv = Vec::new();
        let score = self.negamax(root, limits.depth, 0, &mut pv);
        self.trace.finish(&pv);
        self.stats.elapsed = start.elapsed();
        SearchResult {
            score,
            best_move: pv.first().copied(),
            pv,
            depth: limits.depth,
            stats: std::mem::take(&mut self.stats),
            root_moves: Vec::new(),
        }
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for Negamax<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        if depth == 0 || root.is_chance() || root.outcome(moves.len()).is_some() {
            return Vec::new();
        }
        moves
            .iter()
            .map(|&mv| {
                let child = root.play(mv);
                let value = self.negamax(&child, depth - 1, 1, &mut Vec::new());
                (
                    mv,
                    if child.to_move() == root.to_move() {
                        value
                    } else {
                        -value
                    },
                )
            })
            .collect()
    }
}
