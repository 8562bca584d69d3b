//! **Iterative deepening** (Slate & Atkin 1977, Chess 4.5) and the search entry point: search
//! depth 1, 2, ... up to the limit, each iteration with the configured root driver (a full window,
//! [aspiration windows](super::aspiration) or [MTD(f)](super::mtdf)), all of them calls of the
//! node function, none a copy of it.
//!
//! - **Idea.** The shallow iterations cost little and teach the deep one its ordering: they fill
//!   the transposition table, the killers and the history, and the previous iteration's best
//!   root move is searched first. And a search stopped by its node budget, clock or stop flag
//!   still has an answer: the last completed iteration's.
//! - **Invariant.** The result is always that of the last **completed** iteration: an interrupted
//!   iteration is discarded, since its best move may be half-searched. If not even depth 1
//!   completed, the engine returns the first root move it would have searched (the table move
//!   if legal and allowed, else the first allowed move generated, else the first generated) with
//!   the root's static value: a legal move whenever one exists, none when the root is finished
//!   or the depth is 0.
//! - **Exact or value-changing.** Exact: every iteration is a complete search at its own depth,
//!   so the last one's value is that depth's; what the earlier ones leave behind changes the
//!   order of the moves (and, through a transposition table, only what its
//!   [`DepthPolicy`](super::DepthPolicy) lets it change).
//! - **Cost.** The earlier iterations: with an effective branching factor `b` they add about
//!   `1 / (b - 1)` of the last one (a geometric series), usually repaid by the better ordering;
//!   a copy of the principal variation and an info report per completed iteration.
//! - **Principal variation.** The line the node function collects ends where the search took a
//!   value from the transposition table instead of searching on (a repeated search of the same
//!   position, in a game, cuts at ply 1). With a table, each completed iteration's line is then
//!   continued through the table's **exact** entries, whose moves are checked legal, until an
//!   entry is missing or not exact, the game ends, or a position repeats (at most [`MAX_SEARCH_PLY`]
//!   moves). The best move and the value never change; nor does the node count: the walk
//!   probes the table without searching. A GUI shows the whole line, and `bestmove ... ponder`
//!   has a reply to ponder on.
//!
//! Without iterative deepening the engine searches the nominal depth once: with every option
//! off, that is plain alpha-beta, node for node.

use std::time::Instant;

use super::config::{FirstGuess, RootWindow};
use super::{Engine, IterationInfo, MAX_SEARCH_PLY, RootMoveInfo};
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
        let target = limits.depth.min(MAX_SEARCH_PLY - 1);
        let mut completed: Option<Completed<G::Move>> = None;
        let mut values: Vec<Score> = Vec::new();

        let first = if self.config.iterative_deepening {
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
            } else {
                self.extend_pv_from_table(root, &mut pv);
            }
            values.push(score);
            self.search.root_best = pv.first().copied();
            self.report(depth, score, Bound::Exact, &pv);
            completed = Some(Completed { score, pv, depth });
        }

        let (score, pv, depth) = match completed {
            Some(done) => (done.score, done.pv, done.depth),
            None => (
                self.evaluate(root),
                self.fallback_move(root).into_iter().collect(),
                0,
            ),
        };
        self.search.trace.finish(&pv);
        self.search.stats.elapsed = self.search.start.elapsed();
        SearchResult {
            score,
            best_move: pv.first().copied(),
            pv,
            depth,
            stats: std::mem::take(&mut self.search.stats),
            root_moves: Vec::new(),
        }
    }

    /// Resets the per-search state; ages what persists between searches.
    fn prepare(&mut self, limits: &Limits) {
        let search = &mut self.search;
        search.start = Instant::now();
        search.stats = SearchStats::default();
        search.limits = limits.clone();
        search.aborted = false;
        search.root_best = None;
        search.trace.start();
        search.pv.allocate();
        search.killers.clear();
        search
            .line
            .start(self.config.repetition, &self.context.game_history);
        if let Some(tt) = &mut self.tables.tt {
            tt.new_search();
        }
        self.tables.history.age();
    }

    /// One iteration at `depth` with the configured driver; `values` are the completed
    /// iterations' values so far. `None` if aborted.
    fn iteration(&mut self, root: &G, depth: u32, values: &[Score]) -> Option<(Score, Vec<G::Move>)> {
        let previous = values.last().copied();
        let score = match self.config.root_window {
            RootWindow::Mtdf(guess) => {
                let guess = match guess {
                    FirstGuess::Previous => previous,
                    FirstGuess::TwoBack => values.len().checked_sub(2).map(|i| values[i]).or(previous),
                };
                return self.mtdf(root, depth, guess.unwrap_or(Score::DRAW));
            }
            RootWindow::Aspiration(window) if depth > 0 => {
                let window = self.scaled(window);
                self.aspiration(root, depth, previous.unwrap_or(Score::DRAW), window)?
            }
            _ => {
                let node = self.root_node(depth, -Score::INFINITY, Score::INFINITY);
                self.node(root, node)
            }
        };
        (!self.search.aborted).then(|| (score, self.search.pv.line(0).to_vec()))
    }

    /// Continues `pv` (a line from `root`) through the table's exact entries: see the module
    /// documentation's "Principal variation".
    fn extend_pv_from_table(&self, root: &G, pv: &mut Vec<G::Move>) {
        let (Some(hash), Some(tt)) = (self.tables.hasher, &self.tables.tt) else {
            return;
        };
        if pv.is_empty() {
            return;
        }
        let mut game = root.clone();
        let mut seen = vec![hash(&game)];
        for &mv in pv.iter() {
            game = game.play(mv);
            seen.push(hash(&game));
        }
        while pv.len() < MAX_SEARCH_PLY as usize {
            let Some(entry) = tt.probe(hash(&game)) else { break };
            let (Bound::Exact, Some(mv)) = (entry.bound, entry.best_move) else {
                break;
            };
            let mut moves = MoveList::new();
            game.generate_moves(&mut moves);
            if game.outcome(moves.len()).is_some() || !moves.contains(&mv) {
                break;
            }
            let next = game.play(mv);
            let key = hash(&next);
            if seen.contains(&key) {
                break; // a repetition: the line would go round in circles
            }
            seen.push(key);
            pv.push(mv);
            game = next;
        }
    }

    /// The move to play when not even depth 1 completed: the first root move in search order.
    fn fallback_move(&self, root: &G) -> Option<G::Move> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        if root.outcome(moves.len()).is_some() || self.search.limits.depth == 0 {
            return None;
        }
        let tt_move = match (self.tables.hasher, &self.tables.tt) {
            (Some(hash), Some(tt)) => tt.probe(hash(root)).and_then(|entry| entry.best_move),
            _ => None,
        };
        let allowed = |mv: &G::Move| {
            self.context
                .root_moves
                .as_ref()
                .is_none_or(|allowed| allowed.contains(mv))
        };
        tt_move
            .filter(|mv| moves.contains(mv) && allowed(mv))
            .or_else(|| moves.iter().copied().find(allowed))
            .or_else(|| moves.first().copied())
    }

    /// Calls the info callback, if any.
    pub(super) fn report(&mut self, depth: u32, score: Score, bound: Bound, pv: &[G::Move]) {
        if let Some(callback) = &mut self.context.info {
            let info = IterationInfo {
                depth,
                seldepth: self.search.stats.seldepth,
                score,
                bound,
                nodes: self.search.stats.nodes,
                pv,
                elapsed: self.search.start.elapsed(),
                hashfull: self.tables.tt.as_ref().map_or(0, |tt| tt.hashfull()),
            };
            callback(&info);
        }
    }

    /// Tells the root-move callback, if any, that root move number `number` is searched next.
    pub(super) fn report_root_move(&mut self, depth: u32, mv: G::Move, number: u32) {
        if let Some(callback) = &mut self.context.root_move_info {
            callback(&RootMoveInfo {
                depth,
                mv,
                number,
                nodes: self.search.stats.nodes,
                elapsed: self.search.start.elapsed(),
            });
        }
    }
}
