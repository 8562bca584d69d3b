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

use super::plumbing::{self, Record, negate_if_turn_passes};
use crate::stack::deeper;
use crate::{
    Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, Searcher, order_by_hint, outcome_score,
    static_score,
};

/// The minimax + quiescence reference searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct MinimaxQuiescence<E> {
    evaluator: E,
    max_ply: u32,
    record: Record,
}

impl<E> MinimaxQuiescence<E> {
    /// A reference that values quiet positions with `evaluator`, following noisy moves up to
    /// 64 plies beyond the horizon.
    pub fn new(evaluator: E) -> Self {
        MinimaxQuiescence {
            evaluator,
            max_ply: 64,
            record: Record::default(),
        }
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
        self.record.enter(depth.unwrap_or(0), ply, None);
        if depth.is_none() {
            self.record.stats.quiescence_nodes += 1;
            self.record.trace.quiescence();
        }

        // 1. A finished game.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if let Some(outcome) = game.outcome(moves.len()) {
            return self.record.leaf(outcome_score(outcome, ply));
        }

        // 2. A static leaf.
        if moves.is_empty() {
            return self.record.leaf(static_score(&self.evaluator, game));
        }

        // 3'. A chance node: see `chance_value`.
        if game.is_chance() {
            return self.chance_value(game, &moves, depth, ply);
        }

        // 3. Above the horizon: every move. 4. At and below it: stand pat, then the noisy moves
        //    (none at the hard limit or in a quiet position: a leaf).
        let (mut best_score, child_depth, child_qply) = match depth {
            Some(depth) if depth > 0 => (-Score::INFINITY, Some(depth - 1), 0),
            _ => {
                let stand_pat = static_score(&self.evaluator, game);
                if qply >= self.max_ply || !moves.iter().any(|&mv| game.is_noisy(mv)) {
                    return self.record.leaf(stand_pat);
                }
                (stand_pat, None, qply + 1)
            }
        };
        self.record.stats.interior_nodes += 1;
        // The game's own order (see the `reference` docs): the first best move found is returned.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for &mv in moves.iter() {
            // Below the horizon, only the noisy moves.
            if child_depth.is_none() && !game.is_noisy(mv) {
                continue;
            }
            child_pv.clear();
            self.record.child(&mv);
            let child = game.play(mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let value = deeper(ply, || {
                self.value(&child, child_depth, ply + 1, child_qply, &mut child_pv)
            });
            let score = negate_if_turn_passes(game, &child, value);
            if score > best_score {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.append(&mut child_pv);
            }
        }
        self.record.exit(best_score)
    }
    /// The value of chance node `game` (its `outcomes`) above the horizon: the weighted mean of
    /// its outcomes (expectiminimax), each negated when it hands the move to the opponent. At
    /// or below the horizon nature's move is not followed: it stands pat (4, without noisy
    /// moves).
    fn chance_value<G: Game>(&mut self, game: &G, outcomes: &[G::Move], depth: Option<u32>, ply: u32) -> Score
    where
        E: Evaluate<G>,
    {
        let Some(depth) = depth.filter(|&depth| depth > 0) else {
            return self.record.leaf(static_score(&self.evaluator, game));
        };
        self.record.stats.interior_nodes += 1;
        plumbing::chance_mean(self, game, outcomes, ply, |searcher, outcome| {
            let value = searcher.value(outcome, Some(depth - 1), ply + 1, 0, &mut Vec::new());
            negate_if_turn_passes(game, outcome, value)
        })
    }
}

plumbing::tracing!(MinimaxQuiescence);

impl<G: Game, E: Evaluate<G>> Searcher<G> for MinimaxQuiescence<E> {
    fn name(&self) -> &str {
        "minimax+quiescence"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = self.record.start();
        let mut pv = Vec::new();
        let score = self.value(root, Some(limits.depth), 0, 0, &mut pv);
        if limits.depth == 0 {
            pv.clear(); // a static value, even through captures, has no best move
        }
        self.record.finish(started, score, pv, limits.depth)
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for MinimaxQuiescence<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        plumbing::root_move_scores(self, root, depth, |searcher, child| {
            let value = searcher.value(child, Some(depth - 1), 1, 0, &mut Vec::new());
            negate_if_turn_passes(root, child, value)
        })
    }
}
