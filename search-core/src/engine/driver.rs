//! **The search driver**: the entry point of a search ([`Searcher::search`](crate::Searcher::search)).
//! It prepares the search's state and runs it on one thread, or on several that share the
//! transposition table (`threads.rs`); each thread (`worker.rs`) runs iterative deepening's loop
//! (`iterative.rs`; one iteration without it), searching the root of each iteration in a full
//! window, in aspiration windows (`aspiration.rs`) or by MTD(f) passes (`mtdf.rs`), all of them
//! calls of the node function, none a copy of it; the main thread reports each completed
//! iteration, and the deepest completed iteration of any thread is the search's result.
//!
//! - **Principal variation.** The line the node function collects ends where the search took a
//!   value from the transposition table instead of searching on (a repeated search of the same
//!   position, in a game, cuts at ply 1). With a table, each completed iteration's line is then
//!   continued through the table's **exact** entries, whose moves are checked legal, until an
//!   entry is missing or not exact, the game ends, or a position repeats (at most
//!   [`MAX_SEARCH_PLY`] moves). The best move and the value never change; nor does the node
//!   count: the walk probes the table without searching. A GUI shows the whole line, and
//!   `bestmove ... ponder` has a reply to ponder on.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::Engine;
use super::aspiration::Aspiration;
use super::config::Config;
use super::frame::{MAX_SEARCH_PLY, Node};
use super::history::History;
use super::iterative;
use super::mtdf::Mtdf;
use super::root_window::RootWindow;
use super::search_state::{SearchState, Shared};
use super::state::{Context, IterationInfo};
use super::threads::{MAX_THREADS, skips};
use super::tt::Table;
use super::worker::Worker;
use crate::{Bound, Evaluate, Game, Limits, MoveList, Score, SearchResult, SearchStats, outcome_score};

/// The result of a search's thread: its last completed iteration's (or, if none completed, what
/// the root is worth unsearched).
struct Completed<M> {
    score: Score,
    pv: Vec<M>,
    depth: u32,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The search entry point ([`Searcher::search`](crate::Searcher::search)).
    /// `window`: the window of every root search, if the caller fixes one
    /// ([`Engine::search_window`]).
    pub(super) fn run(
        &mut self,
        root: &G,
        limits: &Limits,
        window: Option<(Score, Score)>,
    ) -> SearchResult<G::Move> {
        if let Some(tt) = &mut self.tables.tt {
            tt.new_search();
        }
        self.tables.history.age();
        let threads = self.config.threads.clamp(1, MAX_THREADS);
        let shared = (threads > 1).then(|| Arc::new(Shared::default()));
        let (repetition, history) = (self.config.repetition, &self.context.game_history);
        self.search.start(limits, repetition, history, shared.clone());
        self.search.window = window;
        let (done, helpers) = match shared {
            None => (self.lone_search(root), Vec::new()),
            Some(shared) => self.lazy_smp(root, threads, &shared),
        };
        self.search.trace.finish(&done.pv);
        let mut stats = std::mem::take(&mut self.search.stats);
        self.thread_stats = std::iter::once(stats.clone()).chain(helpers).collect();
        for helper in &self.thread_stats[1..] {
            stats += helper;
        }
        stats.elapsed = self.search.start.elapsed();
        SearchResult {
            score: done.score,
            best_move: done.pv.first().copied(),
            pv: done.pv,
            depth: done.depth,
            stats,
            root_moves: Vec::new(),
        }
    }

    /// The search on one thread: the engine's own state, its table owned.
    fn lone_search(&mut self, root: &G) -> Completed<G::Move> {
        let mut worker = Worker {
            evaluator: &self.evaluator,
            config: self.config,
            table: self.tables.tt.as_mut().map(Table::Owned),
            hasher: self.tables.hasher,
            history: &mut self.tables.history,
            context: &mut self.context,
            search: &mut self.search,
        };
        worker
            .iterate(root, None)
            .unwrap_or_else(|| worker.unsearched(root))
    }

    /// The search on `threads` threads (see `threads.rs`): the main thread on the engine's
    /// state, the helpers on their own, all on the shared table; every thread stops when one
    /// has completed the target depth (or a limit stops them). The deepest completed
    /// iteration's result (the main thread's on a tie), and each helper's statistics.
    fn lazy_smp(
        &mut self,
        root: &G,
        threads: u32,
        shared: &Arc<Shared>,
    ) -> (Completed<G::Move>, Vec<SearchStats>) {
        let Engine {
            evaluator,
            config,
            tables,
            context,
            search,
            ..
        } = self;
        let (evaluator, config, hasher): (&E, Config, _) = (evaluator, *config, tables.hasher);
        let table = tables.tt.as_mut().map(|tt| {
            tt.allocate_on(threads as usize);
            tt.shared()
        });
        let (limits, history, window) = (search.limits.clone(), &mut tables.history, search.window);
        let root_moves = context.root_moves.clone();
        let game_history = context.game_history.clone();
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|helper| {
                    let (limits, shared) = (&limits, Arc::clone(shared));
                    let mut history = History::default();
                    let mut context = Context {
                        root_moves: root_moves.clone(),
                        game_history: game_history.clone(),
                        ..Context::default()
                    };
                    scope.spawn(move || {
                        let mut search = SearchState::new();
                        let stop = Arc::clone(&shared);
                        search.start(limits, config.repetition, &context.game_history, Some(shared));
                        search.window = window;
                        let mut worker = Worker {
                            evaluator,
                            config,
                            table: table.map(Table::Shared),
                            hasher,
                            history: &mut history,
                            context: &mut context,
                            search: &mut search,
                        };
                        let done = worker.iterate(root, Some(helper));
                        if !search.aborted {
                            // This helper completed the target depth first: the search is done.
                            stop.stop.store(true, Ordering::Relaxed);
                        }
                        (done, search.stats)
                    })
                })
                .collect();
            let mut main = Worker {
                evaluator,
                config,
                table: table.map(Table::Shared),
                hasher,
                history,
                context,
                search,
            };
            let mut done = main.iterate(root, None);
            shared.stop.store(true, Ordering::Relaxed);
            let mut stats = Vec::new();
            for helper in helpers {
                let Ok((helper_done, helper_stats)) = helper.join() else {
                    stats.push(SearchStats::default());
                    continue;
                };
                stats.push(helper_stats);
                // A helper's deeper completed iteration (the target, when it got there first)
                // is the search's result, reported as the main thread's are.
                let Some(mut helper_done) = helper_done else {
                    continue;
                };
                if done.as_ref().is_none_or(|done| helper_done.depth > done.depth) {
                    main.extend_pv_from_table(root, &mut helper_done.pv);
                    main.report(
                        helper_done.depth,
                        helper_done.score,
                        Bound::Exact,
                        &helper_done.pv,
                    );
                    done = Some(helper_done);
                }
            }
            // No thread completed an iteration: what the root is worth unsearched (asked only
            // now, so that a thread stopped by another's completion never evaluates).
            (done.unwrap_or_else(|| main.unsearched(root)), stats)
        })
    }
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// Iterative deepening's loop to the limits' depth: the main thread (`helper` is `None`)
    /// reports each completed iteration; a helper thread (numbered from 1) skips some depths
    /// below the target (`threads.rs`). The last completed iteration, if one completed.
    fn iterate(&mut self, root: &G, helper: Option<u32>) -> Option<Completed<G::Move>> {
        let target = self.search.limits.depth.min(MAX_SEARCH_PLY - 1);
        let mut completed: Option<Completed<G::Move>> = None;
        let mut values: Vec<Score> = Vec::new();
        let id = self.config.iterative_deepening;
        for depth in iterative::depths(id, target) {
            // A helper skips some depths, never the target.
            if helper.is_some_and(|helper| id && depth < target && skips(helper, depth)) {
                continue;
            }
            let Some((score, mut pv)) = self.iteration(root, depth, &values) else {
                break; // aborted: keep the last completed iteration
            };
            if depth == 0 {
                pv.clear(); // a static value (even through quiescence) has no move
            } else if helper.is_none() {
                self.extend_pv_from_table(root, &mut pv);
            }
            values.push(score);
            self.search.root_best = pv.first().copied();
            let bound = self
                .search
                .window
                .map_or(Bound::Exact, |(alpha, beta)| Bound::classify(score, alpha, beta));
            self.report(depth, score, bound, &pv);
            completed = Some(Completed { score, pv, depth });
        }
        completed
    }

    /// The result of a search that completed no iteration: the root's value unsearched and the
    /// move to play.
    fn unsearched(&self, root: &G) -> Completed<G::Move> {
        Completed {
            score: self.unsearched_value(root),
            pv: self.fallback_move(root).into_iter().collect(),
            depth: 0,
        }
    }

    /// One iteration at `depth` with the configured root window; `values` are the completed
    /// iterations' values so far. `None` if aborted.
    fn iteration(&mut self, root: &G, depth: u32, values: &[Score]) -> Option<(Score, Vec<G::Move>)> {
        let previous = values.last().copied();
        let score = match (self.search.window, self.config.root_window) {
            // A window the caller fixed: one search in it, whatever the configuration says.
            (Some(window), _) => self.node(root, self.root_node(depth, window)),
            (None, RootWindow::Mtdf(guess)) => return self.mtdf(root, depth, guess.pick(values)),
            (None, RootWindow::Aspiration(window)) if depth > 0 => {
                let window = self.scaled(window);
                self.aspiration(root, depth, previous.unwrap_or(Score::DRAW), window)?
            }
            _ => self.node(root, self.root_node(depth, (-Score::INFINITY, Score::INFINITY))),
        };
        (!self.search.aborted).then(|| (score, self.search.pv.line(0).to_vec()))
    }

    /// The root of a search `depth` plies deep in `window`.
    fn root_node(&self, depth: u32, window: (Score, Score)) -> Node {
        Node::root(depth, window, self.config.capture_chain)
    }

    /// The value of `root` at `depth` by aspiration-window searches around `center`, with
    /// half-window `window` (see `aspiration.rs`); `None` if the search was aborted. Each
    /// failure is reported before the re-search.
    fn aspiration(&mut self, root: &G, depth: u32, center: Score, window: i32) -> Option<Score> {
        let mut aspiration = Aspiration::new(center, window);
        loop {
            let score = self.node(root, self.root_node(depth, aspiration.window()));
            if self.search.aborted {
                return None;
            }
            let Some(bound) = aspiration.failed(score) else {
                return Some(score);
            };
            self.search.stats.researches += 1;
            self.report(depth, score, bound, &[]);
        }
    }

    /// The value of `root` at `depth` by MTD(f) from `guess` (see `mtdf.rs`), with the
    /// principal variation of the proving pass; `None` if the search was aborted.
    fn mtdf(&mut self, root: &G, depth: u32, guess: Score) -> Option<(Score, Vec<G::Move>)> {
        let mut mtdf = Mtdf::new(guess);
        let mut pv = Vec::new();
        while let Some(beta) = mtdf.next_beta() {
            self.search.stats.mtdf_passes += 1;
            let value = self.node(root, self.root_node(depth, (beta - 1, beta)));
            if self.search.aborted {
                return None;
            }
            if mtdf.update(beta, value) {
                pv.clear();
                pv.extend_from_slice(self.search.pv.line(0));
            }
        }
        Some((mtdf.value(), pv))
    }

    /// Continues `pv` (a line from `root`) through the table's exact entries: see the module
    /// documentation's "Principal variation".
    fn extend_pv_from_table(&self, root: &G, pv: &mut Vec<G::Move>) {
        let (Some(hasher), Some(tt)) = (self.hasher, &self.table) else {
            return;
        };
        if pv.is_empty() {
            return;
        }
        let hash = |game: &G| hasher.key(game);
        let mut game = root.clone();
        let mut seen = vec![hash(&game)];
        for &mv in pv.iter() {
            game = game.play(mv);
            seen.push(hash(&game));
        }
        while pv.len() < MAX_SEARCH_PLY as usize {
            let Some(entry) = tt.probe(hash(&game)) else { break };
            let (Bound::Exact, Some(code)) = (entry.bound, entry.move_code) else {
                break;
            };
            let mut moves = MoveList::new();
            game.generate_moves(&mut moves);
            if game.outcome(moves.len()).is_some() {
                break;
            }
            let Some(mv) = hasher.decode(&game, code, &moves, true) else {
                break;
            };
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

    /// The root's value when not even depth 1 completed: a finished game's result (never the
    /// evaluator's value: the [`Game`] contract), else the static evaluation.
    fn unsearched_value(&self, root: &G) -> Score {
        match root.outcome(root.move_count()) {
            Some(outcome) => outcome_score(outcome, 0),
            None => self.evaluate(root),
        }
    }

    /// The move to play when not even depth 1 completed: the first root move in search order.
    fn fallback_move(&self, root: &G) -> Option<G::Move> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        // Nobody chooses at a chance root: nature's outcome is no move to play.
        if root.outcome(moves.len()).is_some() || self.search.limits.depth == 0 || root.is_chance() {
            return None;
        }
        let tt_move = match (self.hasher, &self.table) {
            (Some(hasher), Some(tt)) => tt
                .probe(hasher.key(root))
                .and_then(|entry| hasher.decode(root, entry.move_code?, &moves, true)),
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
        if self.context.info.is_none() {
            return;
        }
        let hashfull = self.hashfull();
        if let Some(callback) = &mut self.context.info {
            let info = IterationInfo {
                depth,
                seldepth: self.search.stats.seldepth,
                score,
                bound,
                nodes: self.search.total_nodes(),
                pv,
                elapsed: self.search.start.elapsed(),
                hashfull,
            };
            callback(&info);
        }
    }
}
