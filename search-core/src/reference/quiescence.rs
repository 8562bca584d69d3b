//! **Minimax with quiescence search**, by brute force: negamax to the horizon, then, instead of
//! trusting the static evaluation of a position in the middle of an exchange, the best of
//! "stand pat" and every noisy continuation (Beal 1990; the thesis, section 2.6).
//!
//! The definition, for a position `p` reached `ply` plies from the root, with `depth` plies left:
//!
//! 1. if the game is over (from one move generation, as everywhere): win, loss or draw with the
//!    distance from the root;
//! 2. if `p` has no moves (a static leaf): its static evaluation;
//! 3. if `depth > 0`: the maximum over **every** move `m` of `±value(p after m, depth - 1)`,
//!    negated when the side to move changes and kept as it is after an extra turn (as everywhere
//!    below: "negate" means "negate when the side to move changes");
//! 4. at the horizon (`depth == 0`) and below it, the quiescence value `q(p, qply)`, `qply`
//!    counting the plies beyond the horizon:
//!    - `stand_pat = evaluate(p)`: the side to move may decline every capture;
//!    - if `qply` has reached the hard limit ([`with_max_ply`](MinimaxQuiescence::with_max_ply),
//!      64 by default): `stand_pat`;
//!    - otherwise `max(stand_pat, max over noisy moves m of -q(p after m, qply + 1))`, where a
//!      child whose game is over scores as in 1. and a child without moves as in 2.
//!
//! A chance node ([`Game::is_chance`]) above the horizon is worth the weighted mean of its
//! outcomes (as in [`Minimax`](super::Minimax)); at or below the horizon it stands pat: nature's
//! move is not a noisy move.
//!
//! No alpha-beta, no ordering, nothing shared with the engine: every node of the tree and of every
//! noisy line is visited. The engine's quiescence search with its defaults (no checks, no delta
//! pruning, the same ply limit) must return exactly these values.
//!
//! - **Invariant.** Every noisy line ends: in a quiet position, a finished game, a position
//!   without moves, or at the hard limit; so the search terminates whatever the game.
//! - **Exact or value-changing.** Exact against this definition, which is the oracle; against
//!   plain minimax at the same depth it is a different (value-changing) function of the tree.
//! - **Cost.** Every node to the horizon, then every noisy line below each horizon position: in
//!   chess, with many captures on the board, many times the primary tree (the thesis saw lines 32
//!   plies deep). One move generation and one evaluation per quiescence node. Meant for small
//!   depths.
//!
//! Sources: Beal 1990, "A generalised quiescence search algorithm"; Shannon 1950 for evaluating
//! quiescent positions only; the thesis, sections 2.6 and 3.2.5.

use std::time::Instant;

use crate::chance::{Expectation, total_weight};
use crate::stack::deeper;
use crate::trace::{Trace, Tracer};
use crate::{
    Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, SearchStats, Searcher, order_by_hint,
    outcome_score, static_score,
};

/// The minimax + quiescence reference searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct MinimaxQuiescence<E> {
    evaluator: E,
    max_ply: u32,
    stats: SearchStats,
    trace: Tracer,
}

impl<E> MinimaxQuiescence<E> {
    /// A reference that values quiet positions with `evaluator`, following noisy moves up to
    /// 64 plies beyond the horizon.
    pub fn new(evaluator: E) -> Self {
        MinimaxQuiescence {
            evaluator,
            max_ply: 64,
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

    /// Follows noisy moves at most `plies` plies beyond the horizon.
    #[must_use]
    pub fn with_max_ply(mut self, plies: u32) -> Self {
        self.max_ply = plies;
        self
    }

    /// The value of `game` for its side to move: `depth` plies of full-width search (`None`
    /// below the horizon), `qply` plies beyond the horizon; fills `pv`.
    fn value<G: Game>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        ply: u32,
        qply: u32,
        pv: &mut Vec<G::Move>,
    ) -> Score
    where
        E: Evaluate<G>,
    {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.trace.enter(depth.unwrap_or(0), ply, None);
        if depth.is_none() {
            self.stats.quiescence_nodes += 1;
            self.trace.quiescence();
        }

        // 1. A finished game.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if let Some(outcome) = game.outcome(moves.len()) {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(outcome_score(outcome, ply));
        }

        // 2. A static leaf.
        if moves.is_empty() {
            self.stats.leaf_nodes += 1;
            return self.trace.exit(static_score(&self.evaluator, game));
        }

        // 3'. A chance node above the horizon: the weighted mean of its outcomes (expectiminimax).
        //     At or below the horizon nature's move is not followed: it stands pat (4, without
        //     noisy moves).
        if game.is_chance() {
            let Some(depth) = depth.filter(|&depth| depth > 0) else {
                self.stats.leaf_nodes += 1;
                return self.trace.exit(static_score(&self.evaluator, game));
            };
            self.stats.interior_nodes += 1;
            self.trace.chance();
            let total = total_weight(game, &moves);
            let mut expectation = Expectation::default();
            for &outcome in moves.iter() {
                self.stats.children += 1;
                let weight = game.chance_weight(outcome);
                self.trace.outcome(&outcome, weight, total);
                let child = game.play(outcome);
                let value = deeper(ply, || {
                    self.value(&child, Some(depth - 1), ply + 1, 0, &mut Vec::new())
                });
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

        // 3. Above the horizon: every move. 4. At and below it: stand pat, then noisy moves.
        let (mut best_score, child_depth) = match depth {
            Some(depth) if depth > 0 => (-Score::INFINITY, Some(depth - 1)),
            _ => {
                let stand_pat = static_score(&self.evaluator, game);
                if qply >= self.max_ply {
                    self.stats.leaf_nodes += 1;
                    return self.trace.exit(stand_pat);
                }
                (stand_pat, None)
            }
        };
        // The game's own order, best first (its order hints; ties in generation order), so the
        // first best move found is the one returned. Ranked here, where the moves are searched:
        // a horizon needs only their count.
        order_by_hint(game, &mut moves);
        let below = depth.is_none_or(|depth| depth == 0);
        let mut searched = 0;
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for &mv in moves.iter() {
            if below && !game.is_noisy(mv) {
                continue;
            }
            searched += 1;
            self.stats.children += 1;
            child_pv.clear();
            self.trace.child(&mv);
            let child_qply = if below { qply + 1 } else { 0 };
            let child = game.play(mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let value = deeper(ply, || {
                self.value(&child, child_depth, ply + 1, child_qply, &mut child_pv)
            });
            // Negated for the opponent's turn, kept after an extra turn.
            let score = if child.to_move() == game.to_move() {
                value
            } else {
                -value
            };
            if score > best_score {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.append(&mut child_pv);
            }
        }
        if searched == 0 {
            self.stats.leaf_nodes += 1;
        } else {
            self.stats.interior_nodes += 1;
        }
        self.trace.exit(best_score)
    }
}

impl<G: Game, E: Evaluate<G>> Searcher<G> for MinimaxQuiescence<E> {
    fn name(&self) -> &str {
        "minimax+quiescence"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.stats = SearchStats::default();
        self.trace.start();
        let mut pv = Vec::new();
        let score = self.value(root, Some(limits.depth), 0, 0, &mut pv);
        if limits.depth == 0 {
            pv.clear(); // a static value, even through captures, has no best move
        }
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

impl<G: Game, E: Evaluate<G>> Reference<G> for MinimaxQuiescence<E> {
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
                let value = self.value(&child, Some(depth - 1), 1, 0, &mut Vec::new());
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
