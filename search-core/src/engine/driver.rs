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

use super::Engine;
use super::context::{IterationInfo, RootMoveInfo};
use super::features::aspiration::Aspiration;
use super::features::iterative;
use super::features::mtdf::Mtdf;
use super::frame::{MAX_SEARCH_PLY, Node};
use super::root_window::RootWindow;
use super::search_state::Shared;
use super::tables::tt::Table;
use super::worker::{Plan, Worker};
use crate::{Bound, Evaluate, Game, Limits, MoveList, Score, SearchResult, outcome_score};

/// Lazy SMP's skip pattern (`threads.rs`; Stockfish's), by helper: the size of the blocks of depths, and the phase.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper thread `helper` (from 1) skips the iteration at `depth`.
pub(crate) fn skips(helper: u32, depth: u32) -> bool {
    let index = ((helper - 1) % 20) as usize;
    ((depth + SKIP_PHASE[index]) / SKIP_SIZE[index]) % 2 == 1
}

/// The result of a search's thread: its last completed iteration's (or, if none completed, what
/// the root is worth unsearched).
pub(crate) struct Completed<M> {
    /// The root's value.
    pub(crate) score: Score,
    /// The principal variation.
    pub(crate) pv: Vec<M>,
    /// The iteration's depth.
    pub(crate) depth: u32,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The search entry point ([`Searcher::search`](crate::Searcher::search)).
    /// `window`: the window of every root search, if the caller fixes one
    /// ([`Engine::search_window`]).
    pub(crate) fn run(
        &mut self,
        root: &G,
        limits: &Limits,
        window: Option<(Score, Score)>,
    ) -> SearchResult<G::Move> {
        if let Some(tt) = &mut self.tables.tt {
            tt.new_search();
        }
        self.tables.history.age();
        let threads = self.resources.threads();
        let shared = (threads > 1).then(|| Arc::new(Shared::default()));
        let (repetition, history) = (self.config.repetition, &self.context.game_history);
        self.search.start(limits, repetition, history, shared.clone());
        self.search.window = window;
        let plan = self.config.plan(self.evaluator.unit());
        let (done, helpers) = match shared {
            None => (self.lone_search(root, &plan), Vec::new()),
            Some(shared) => self.lazy_smp(root, threads, &shared, &plan),
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
    fn lone_search(&mut self, root: &G, plan: &Plan<'_, G, E>) -> Completed<G::Move> {
        let mut worker = Worker {
            evaluator: &self.evaluator,
            plan,
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
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// Iterative deepening's loop to the limits' depth: the main thread (`helper` is `None`)
    /// reports each completed iteration; a helper thread (numbered from 1) skips some depths
    /// below the target (`threads.rs`). The last completed iteration, if one completed.
    pub(crate) fn iterate(&mut self, root: &G, helper: Option<u32>) -> Option<Completed<G::Move>> {
        let target = self.search.limits.depth.min(MAX_SEARCH_PLY - 1);
        let mut completed: Option<Completed<G::Move>> = None;
        let mut values: Vec<Score> = Vec::new();
        let id = self.plan.settings.iterative_deepening;
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
    pub(crate) fn unsearched(&self, root: &G) -> Completed<G::Move> {
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
        let score = match (self.search.window, self.plan.settings.root_window) {
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
        Node::root(depth, window, self.plan.settings.capture_chain)
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
    pub(crate) fn extend_pv_from_table(&self, root: &G, pv: &mut Vec<G::Move>) {
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

    /// Applies the root-move restriction, if any legal move survives it.
    pub(crate) fn restrict_root_moves(&self, moves: &mut MoveList<G::Move>) {
        if let Some(allowed) = &self.context.root_moves
            && moves.iter().any(|mv| allowed.contains(mv))
        {
            let mut kept = MoveList::new();
            kept.extend(moves.iter().copied().filter(|mv| allowed.contains(mv)));
            *moves = kept;
        }
    }

    /// Tells the root-move callback, if any, that root move number `number` is searched next.
    pub(crate) fn report_root_move(&mut self, depth: u32, mv: G::Move, number: u32) {
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

    /// Calls the info callback, if any.
    pub(crate) fn report(&mut self, depth: u32, score: Score, bound: Bound, pv: &[G::Move]) {
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
