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

use super::plumbing::{self, Record, absolute};
use crate::stack::deeper;
use crate::trace::Cut;
use crate::{
    Evaluate, Game, Limits, MoveList, Player, Reference, Score, SearchResult, Searcher, order_by_hint,
    outcome_score, static_score,
};

/// The two-sided alpha-beta searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct AlphaBetaMinimax<E> {
    evaluator: E,
    record: Record,
}

impl<E> AlphaBetaMinimax<E> {
    /// A two-sided alpha-beta searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        AlphaBetaMinimax {
            evaluator,
            record: Record::default(),
        }
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
        self.record.enter(depth, ply, Some((alpha, beta)));
        let to_move = game.to_move();
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);

        // A finished game, the horizon: side-to-move values, made absolute.
        if let Some(outcome) = game.outcome(moves.len()) {
            return self.record.leaf(absolute(to_move, outcome_score(outcome, ply)));
        }
        if depth == 0 || moves.is_empty() {
            let value = static_score(&self.evaluator, game);
            return self.record.leaf(absolute(to_move, value));
        }

        self.record.stats.interior_nodes += 1;
        // A chance node: the exact weighted mean of its outcomes' absolute values, each
        // searched with the full window (the engine prunes here: `crate::chance`).
        if game.is_chance() {
            return plumbing::chance_mean(self, game, &moves, ply, |searcher, outcome| {
                let (full, mut line) = ((-Score::INFINITY, Score::INFINITY), Vec::new());
                searcher.alphabeta(outcome, depth - 1, ply + 1, full.0, full.1, &mut line)
            });
        }
        let maximising = to_move == Player::First;
        let mut best_score = if maximising {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        // The game's own order (see the `reference` docs): the first best move found is returned.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for (index, &mv) in moves.iter().enumerate() {
            child_pv.clear();
            self.record.child(&mv);
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
            let (is_cutoff, cut) = if maximising {
                alpha = alpha.max(score);
                (score >= beta, Cut::BetaCutoff)
            } else {
                beta = beta.min(score);
                (score <= alpha, Cut::AlphaCutoff)
            };
            if is_cutoff {
                self.record.cutoff(cut, index, &moves[index + 1..]);
                break;
            }
        }
        self.record.exit(best_score)
    }
}

plumbing::tracing!(AlphaBetaMinimax);

impl<G: Game, E: Evaluate<G>> Searcher<G> for AlphaBetaMinimax<E> {
    fn name(&self) -> &str {
        "alphabeta-minimax"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = self.record.start();
        let (full, mut pv) = ((-Score::INFINITY, Score::INFINITY), Vec::new());
        let value = self.alphabeta(root, limits.depth, 0, full.0, full.1, &mut pv);
        // Back to the root's side-to-move view, like every other searcher.
        let score = absolute(root.to_move(), value);
        self.record.finish(started, score, pv, limits.depth)
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for AlphaBetaMinimax<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        plumbing::root_move_scores(self, root, depth, |searcher, child| {
            let (full, mut line) = ((-Score::INFINITY, Score::INFINITY), Vec::new());
            let value = searcher.alphabeta(child, depth - 1, 1, full.0, full.1, &mut line);
            absolute(root.to_move(), value)
        })
    }
}
