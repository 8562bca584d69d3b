//! The root drivers: **iterative deepening** and **aspiration windows**, and the search entry
//! point. Both call the node function (and MTD(f), which does too); neither is a copy of it.
//!
//! - **Iterative deepening** (Slate & Atkin 1977): search depth 1, 2, ... up to the limit. The
//!   shallow iterations cost little and fill the transposition table, killers and history, and
//!   the previous best root move is searched first, so the deep iteration is better ordered; and
//!   a search stopped by its node budget, clock or stop flag still has the result of its last
//!   **completed** iteration. An interrupted iteration is discarded: its best move may be
//!   half-searched. If not even depth 1 completed, the engine returns the first root move it
//!   would have searched (the TT move, else the first generated): always a legal move.
//! - **Aspiration windows**: search with a window `value ± w` around the previous iteration's
//!   value (around a draw for the first); on failure widen the failing side fourfold and search
//!   again (`researches`). Exact: the final result falls inside its window.
//!
//! Without iterative deepening the engine searches the nominal depth once: with every option
//! off, that is plain alpha-beta, node for node.

use std::time::Instant;

use super::{Engine, FirstGuess, IterationInfo, MAX_PLY};
use crate::{Bound, Evaluate, Game, Limits, MoveList, Score, SearchResult, SearchStats};

/// The result of a completed iteration.
struct Completed<M> {
    score: Score,
    pv: Vec<M>,
    depth: u32,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The search entry point ([`Searcher::search`](crate::Searcher::search)).
    pub(super) fn run(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.prepare(limits);
        let target = limits.depth.min(MAX_PLY - 1);
        let mut completed: Option<Completed<G::Move>> = None;
        let mut values: Vec<Score> = Vec::new();

        let first = if self.options.iterative_deepening {
            target.min(1)
        } else {
            target
        };
        for depth in first..=target {
            let Some((score, mut pv)) = self.iteration(root, depth, &values) else {
                break; // aborted: keep the last completed iteration
            };
            if depth == 0 {
                pv.clear(); // a static value (even through quiescence) has no move
            }
            values.push(score);
            self.root_best = pv.first().copied();
            self.report(depth, score, Bound::Exact, &pv);
            completed = Some(Completed { score, pv, depth });
        }

        let (score, pv, depth) = match completed {
            Some(done) => (done.score, done.pv, done.depth),
            None => (
                self.evaluator.evaluate(root),
                self.fallback_move(root).into_iter().collect(),
                0,
            ),
        };
        self.trace.finish(&pv);
        self.stats.elapsed = self.start.elapsed();
        SearchResult {
            score,
            best_move: pv.first().copied(),
            pv,
            depth,
            stats: std::mem::take(&mut self.stats),
        }
    }

    /// Resets the per-search state; ages what persists between searches.
    fn prepare(&mut self, limits: &Limits) {
        self.start = Instant::now();
        self.stats = SearchStats::default();
        self.limits = limits.clone();
        self.aborted = false;
        self.root_best = None;
        self.trace.start();
        if self.pv.is_empty() {
            self.pv = (0..=MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY as usize + 1))
                .collect();
        }
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        self.killers.clear();
        self.history.age();
        self.start_line();
    }

    /// One iteration at `depth` with the configured driver; `values` are the completed
    /// iterations' values so far. `None` if aborted.
    fn iteration(&mut self, root: &G, depth: u32, values: &[Score]) -> Option<(Score, Vec<G::Move>)> {
        let previous = values.last().copied();
        if let Some(guess) = self.options.mtdf {
            let guess = match guess {
                FirstGuess::Previous => previous,
                FirstGuess::TwoBack => values.len().checked_sub(2).map(|i| values[i]).or(previous),
            };
            return self.mtdf(root, depth, guess.unwrap_or(Score::DRAW));
        }
        let score = match self.options.aspiration {
            Some(window) if depth > 0 => {
                self.aspiration(root, depth, previous.unwrap_or(Score::DRAW), window)?
            }
            _ => self.node(
                root,
                depth,
                0,
                -Score::INFINITY,
                Score::INFINITY,
                self.root_path(),
            ),
        };
        (!self.aborted).then(|| (score, self.pv[0].clone()))
    }

    /// An aspiration-window search around `center` (see the module documentation).
    fn aspiration(&mut self, root: &G, depth: u32, center: Score, window: i32) -> Option<Score> {
        let (mut alpha, mut beta) = if center.is_mate() {
            (-Score::INFINITY, Score::INFINITY)
        } else {
            (center - window, center + window)
        };
        let mut widen = window;
        loop {
            let score = self.node(root, depth, 0, alpha, beta, self.root_path());
            if self.aborted {
                return None;
            }
            widen = widen.saturating_mul(4);
            if score <= alpha {
                self.stats.researches += 1;
                self.report(depth, score, Bound::Upper, &[]);
                alpha = Score::cp(score.raw().saturating_sub(widen)).min(score - 1);
                if alpha <= -Score::MAX_EVAL {
                    alpha = -Score::INFINITY;
                }
            } else if score >= beta {
                self.stats.researches += 1;
                self.report(depth, score, Bound::Lower, &[]);
                beta = Score::cp(score.raw().saturating_add(widen)).max(score + 1);
                if beta >= Score::MAX_EVAL {
                    beta = Score::INFINITY;
                }
            } else {
                return Some(score);
            }
        }
    }

    /// The move to play when not even depth 1 completed: the first root move in search order.
    fn fallback_move(&self, root: &G) -> Option<G::Move> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        if root.outcome(moves.len()).is_some() || self.limits.depth == 0 {
            return None;
        }
        let tt_move = match (self.hasher, &self.tt) {
            (Some(hash), Some(tt)) => tt.probe(hash(root)).and_then(|entry| entry.best_move),
            _ => None,
        };
        let allowed = |mv: &G::Move| {
            self.root_moves
                .as_ref()
                .is_none_or(|allowed| allowed.contains(mv))
        };
        tt_move
            .filter(|mv| moves.contains(mv) && allowed(mv))
            .or_else(|| moves.iter().copied().find(allowed))
            .or_else(|| moves.first().copied())
    }

    /// Calls the info callback, if any.
    fn report(&mut self, depth: u32, score: Score, bound: Bound, pv: &[G::Move]) {
        if let Some(callback) = &mut self.info {
            let info = IterationInfo {
                depth,
                seldepth: self.stats.seldepth,
                score,
                bound,
                nodes: self.stats.nodes,
                pv,
                elapsed: self.start.elapsed(),
                hashfull: self.tt.as_ref().map_or(0, |tt| tt.hashfull()),
            };
            callback(&info);
        }
    }
}
