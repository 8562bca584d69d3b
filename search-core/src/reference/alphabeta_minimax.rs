//! **Alpha-beta** in two-sided (max/min) form, fail-soft (Knuth & Moore 1975, "An analysis of
//! alpha-beta pruning"), as in the thesis's section 2.3 and Appendix B.
//!
//! The same algorithm as [`AlphaBeta`](super::AlphaBeta), written without negation: values are
//! absolute (first player's view), the first player maximises and raises `alpha`, the second
//! minimises and lowers `beta`.
//!
//! - At a maximising position, a child worth `>= beta` ends the search of the position: the
//!   minimiser already has something better elsewhere (a **fail-high** cutoff).
//! - At a minimising position, a child worth `<= alpha` ends it (a **fail-low** cutoff).
//!
//! Both players' children are searched with the same window `(alpha, beta)`.
//!
//! - **Invariant.** Fail-soft, in absolute values: if the true value `v` lies inside
//!   `(alpha, beta)` the result is `v`; a result `<= alpha` bounds `v` from above, `>= beta` from
//!   below.
//! - **Exact or value-changing.** Exact: with the full window the root value is minimax's.
//! - **Cost.** With the same move order it visits exactly the nodes the negamax form visits:
//!   Knuth & Moore's minimal tree with the best move always first, `b^d` leaves at worst.

use std::time::Instant;

use crate::chance::{Expectation, total_weight};
use crate::stack::deeper;
use crate::trace::{Cut, Trace, Tracer};
use crate::{
    Evaluate, Game, Limits, MoveList, Player, Reference, Score, SearchResult, SearchStats, Searcher,
    order_by_hint, outcome_score, static_score,
};

/// The two-sided alpha-beta searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct AlphaBetaMinimax<E> {
    evaluator: E,
    stats: SearchStats,
    trace: Tracer,
}

impl<E> AlphaBetaMinimax<E> {
    /// A two-sided alpha-beta searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        AlphaBetaMinimax {
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

    /// The fail-soft absolute value (first player's view) of `game` within `(alpha, beta)`.
    fn alphabeta<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score
    where
        E: Evaluate<G>,
    {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.trace.enter(depth, ply, Some((alpha, beta)));
        let maximising = game.to_move() == Player::First;
        let absolute = |score: Score| if maximising { score } else { -score };

        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);

        if let Some(outcome) = game.outcome(moves.len()) {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(absolute(outcome_score(outcome, ply)));
        }
        if depth == 0 || moves.is_empty() {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(absolute(static_score(&self.evaluator, game)));
        }

        self.stats.interior_nodes += 1;
        // A chance node: the exact weighted mean of its outcomes' absolute values, each
        // searched with the full window (the engine prunes here: `crate::chance`).
        if game.is_chance() {
            self.trace.chance();
            let total = total_weight(game, &moves);
            let mut expectation = Expectation::default();
            for &outcome in moves.iter() {
                self.stats.children += 1;
                let weight = game.chance_weight(outcome);
                self.trace.outcome(&outcome, weight, total);
                let (full, mut line) = ((-Score::INFINITY, Score::INFINITY), Vec::new());
                let value = deeper(ply, || {
                    self.alphabeta(&game.play(outcome), depth - 1, ply + 1, full.0, full.1, &mut line)
                });
                expectation.add(weight, value);
            }
            return self.trace.exit(expectation.value());
        }
        let mut best_score = if maximising {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        // The game's own order, best first (its order hints; ties in generation order), so the
        // first best move found is the one returned. Ranked here, where the moves are searched:
        // a horizon needs only their count.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for (index, &mv) in moves.iter().enumerate() {
            self.stats.children += 1;
            child_pv.clear();
            self.trace.child(&mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let score = deeper(ply, || {
                self.alphabeta(&game.play(mv), depth - 1, ply + 1, alpha, beta, &mut child_pv)
            });
            let is_better = if maximising {
                score > best_score
            } else {
                score < best_score
            };
            if !is_better {
                continue;
            }
            best_score = score;
            pv.clear();
            pv.push(mv);
            pv.append(&mut child_pv);
            // The maximiser raises alpha and fails high at beta; the minimiser lowers beta and
            // fails low at alpha.
            let is_cutoff = if maximising {
                alpha = alpha.max(score);
                score >= beta
            } else {
                beta = beta.min(score);
                score <= alpha
            };
            if is_cutoff {
                self.stats.beta_cutoffs += 1;
                if index == 0 {
                    self.stats.first_move_cutoffs += 1;
                }
                let cut = if maximising {
                    Cut::BetaCutoff
                } else {
                    Cut::AlphaCutoff
                };
                self.trace.prune(cut, &moves[index + 1..]);
                break;
            }
        }
        self.trace.exit(best_score)
    }
}

impl<G: Game, E: Evaluate<G>> Searcher<G> for AlphaBetaMinimax<E> {
    fn name(&self) -> &str {
        "alphabeta-minimax"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.stats = SearchStats::default();
        self.trace.start();
        let mut pv = Vec::new();
        let window = (-Score::INFINITY, Score::INFINITY);
        let absolute = self.alphabeta(root, limits.depth, 0, window.0, window.1, &mut pv);
        self.trace.finish(&pv);
        self.stats.elapsed = start.elapsed();
        SearchResult {
            score: if root.to_move() == Player::First {
                absolute
            } else {
                -absolute
            },
            best_move: pv.first().copied(),
            pv,
            depth: limits.depth,
            stats: std::mem::take(&mut self.stats),
            root_moves: Vec::new(),
        }
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for AlphaBetaMinimax<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        if depth == 0 || root.is_chance() || root.outcome(moves.len()).is_some() {
            return Vec::new();
        }
        let sign = root.to_move().sign();
        moves
            .iter()
            .map(|&mv| {
                let window = (-Score::INFINITY, Score::INFINITY);
                let absolute =
                    self.alphabeta(&root.play(mv), depth - 1, 1, window.0, window.1, &mut Vec::new());
                (mv, if sign > 0 { absolute } else { -absolute })
            })
            .collect()
    }
}
