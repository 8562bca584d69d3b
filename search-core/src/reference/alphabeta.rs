//! **Alpha-beta** in negamax form, fail-soft (Knuth & Moore 1975, "An analysis of alpha-beta
//! pruning").
//!
//! Negamax that stops searching a position's moves as soon as the position is proven too good
//! to matter. The window `(alpha, beta)` carries what the two players are already sure of:
//!
//! - `alpha`: the side to move already has a line worth at least this (elsewhere in the tree);
//! - `beta`: the opponent already has a way to hold the side to move to at most this.
//!
//! When a move scores `>= beta`, the opponent will never allow this position: the remaining moves
//! need not be searched (a **beta cutoff**). A child whose side to move is the other player is
//! searched with the window negated and swapped, `(-beta, -alpha)`, and its value negated. A
//! child where the same player moves again (an extra turn, as in Dots and Boxes or Kalah) is
//! searched with the window as it is, and its value kept: negate when the side to move changes,
//! not at every ply.
//!
//! **Fail-soft** means the value returned may lie outside the window: a cutoff returns the score
//! that caused it, a position where nothing reached alpha returns its best (too low) score. The
//! invariant: if the true value `v` lies inside `(alpha, beta)` the result is exactly `v`; if the
//! result is `<= alpha` then `v <=` result; if it is `>= beta` then `v >=` result. With the full
//! window `(-INFINITY, INFINITY)` the root value is therefore exactly minimax's.
//!
//! Exact: with the full window the root value is minimax's, and the best move is the first
//! among the best in the game's order (a later move of equal value fails low).
//!
//! The cost depends on move order. With the best move always first, it visits
//! `b^ceil(d/2) + b^floor(d/2) - 1` leaves of a uniform tree of branching `b` and depth `d`
//! (Knuth & Moore's minimal tree) instead of minimax's `b^d`; in the worst order, all `b^d`.
//! Per node it costs what negamax does (one move generation, the child's line copied up for
//! each improving child) plus two comparisons per child.
//!
//! ```
//! use search_core::{Limits, Searcher, reference::{AlphaBeta, Negamax}};
//! use search_core::random_tree::{RandomTree, TreeValue};
//! let tree = RandomTree::best_first(7, 3, 4);
//! let full = Negamax::new(TreeValue).search(&tree, &Limits::depth(4));
//! let pruned = AlphaBeta::new(TreeValue).search(&tree, &Limits::depth(4));
//! assert_eq!(pruned.score, full.score);
//! assert_eq!(pruned.stats.leaf_nodes, 3u64.pow(2) + 3u64.pow(2) - 1);
//! ```

use super::plumbing::{self, Record, negate_if_turn_passes};
use crate::stack::deeper;
use crate::trace::Cut;
use crate::{
    Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, Searcher, order_by_hint, outcome_score,
    static_score,
};

/// The alpha-beta searcher in negamax form. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct AlphaBeta<E> {
    evaluator: E,
    record: Record,
}

impl<E> AlphaBeta<E> {
    /// An alpha-beta searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        AlphaBeta {
            evaluator,
            record: Record::default(),
        }
    }

    /// The fail-soft value of `game` for its side to move within `(alpha, beta)`, searched
    /// `depth` plies deep, `ply` plies from the root; fills ply `ply`'s line of `lines` with the
    /// best line found (a buffer per ply, reused: no node allocates).
    fn alphabeta<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        lines: &mut Lines<G::Move>,
    ) -> Score
    where
        E: Evaluate<G>,
    {
        lines.start(ply);
        self.record.enter(depth, ply, Some((alpha, beta)));

        // At the horizon only whether the game is over matters, which the number of moves
        // tells; elsewhere the moves themselves.
        let mut moves = MoveList::new();
        let count = if depth == 0 {
            game.move_count()
        } else {
            game.generate_moves(&mut moves);
            moves.len()
        };

        // A finished game scores as a win, loss or draw with its distance from the root.
        if let Some(outcome) = game.outcome(count) {
            return self.record.leaf(outcome_score(outcome, ply));
        }

        // The horizon: the evaluator decides.
        if depth == 0 || moves.is_empty() {
            return self.record.leaf(static_score(&self.evaluator, game));
        }

        self.record.stats.interior_nodes += 1;
        // A chance node: the exact weighted mean of its outcomes, each searched with the full
        // window (no pruning here: that is Star1 and Star2, in the engine, `crate::chance`) and
        // negated when it hands the move to the opponent.
        if game.is_chance() {
            return plumbing::chance_mean(self, game, &moves, ply, |searcher, outcome| {
                let full = (-Score::INFINITY, Score::INFINITY);
                let value = searcher.alphabeta(outcome, depth - 1, ply + 1, full.0, full.1, lines);
                negate_if_turn_passes(game, outcome, value)
            });
        }
        let mut best_score = -Score::INFINITY;
        // The game's own order (see the `reference` docs): the first best move found is returned.
        order_by_hint(game, &mut moves);
        for (index, &mv) in moves.iter().enumerate() {
            self.record.child(&mv);
            // The child: a copy played on in place (for a large position cheaper than `play`).
            let mut child = game.clone();
            child.play_in_place(mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let score = deeper(ply, || {
                if child.to_move() == game.to_move() {
                    // An extra turn: the child is valued for us, in our window.
                    self.alphabeta(&child, depth - 1, ply + 1, alpha, beta, lines)
                } else {
                    // The opponent's turn: our window seen from the other side, negated and swapped.
                    -self.alphabeta(&child, depth - 1, ply + 1, -beta, -alpha, lines)
                }
            });
            if score > best_score {
                best_score = score;
                // Our best line: this move, then the child's.
                lines.set(ply, mv);
                alpha = alpha.max(score);
                // Beta cutoff: the opponent will avoid this position; stop searching it.
                if score >= beta {
                    self.record.cutoff(Cut::BetaCutoff, index, &moves[index + 1..]);
                    break;
                }
            }
        }
        self.record.exit(best_score)
    }
}

plumbing::tracing!(AlphaBeta);

impl<G: Game, E: Evaluate<G>> Searcher<G> for AlphaBeta<E> {
    fn name(&self) -> &str {
        "alphabeta"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = self.record.start();
        let (full, mut lines) = ((-Score::INFINITY, Score::INFINITY), Lines::default());
        let score = self.alphabeta(root, limits.depth, 0, full.0, full.1, &mut lines);
        let pv = lines.into_root();
        self.record.finish(started, score, pv, limits.depth)
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for AlphaBeta<E> {
    /// Each root move searched with the full window, so each value is exact.
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        plumbing::root_move_scores(self, root, depth, |searcher, child| {
            let (full, mut lines) = ((-Score::INFINITY, Score::INFINITY), Lines::default());
            let value = searcher.alphabeta(child, depth - 1, 1, full.0, full.1, &mut lines);
            negate_if_turn_passes(root, child, value)
        })
    }
}

/// The best lines being built, one buffer per ply, each reused from node to node (grown on the
/// first visit of a ply), so that no node allocates: a node's line is its ply's buffer, its
/// children's the buffer below.
#[derive(Debug)]
struct Lines<M>(Vec<Vec<M>>);

impl<M> Default for Lines<M> {
    fn default() -> Self {
        Lines(Vec::new())
    }
}

impl<M: Copy> Lines<M> {
    /// A node `ply` plies from the root begins: its line, empty.
    #[inline]
    fn start(&mut self, ply: u32) {
        let ply = ply as usize;
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, Vec::new);
        }
        self.0[ply].clear();
    }

    /// The line of the node `ply` plies from the root becomes `mv`, then its child's line.
    #[inline]
    fn set(&mut self, ply: u32, mv: M) {
        let (ours, below) = self.0.split_at_mut(ply as usize + 1);
        let line = &mut ours[ply as usize];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// The root's line.
    fn into_root(mut self) -> Vec<M> {
        std::mem::take(&mut self.0[0])
    }
}
