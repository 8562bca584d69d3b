//! **Threads: Lazy SMP** (Dan Homan's "lazy SMP", 2013; the parallel search of Stockfish since
//! version 7, and of most engines since): every thread searches the same root, iterative
//! deepening and all, and they share one transposition table; nothing else is shared.
//!
//! - **Idea.** A thread that searches a position stores what it learns (bounds, best moves) in
//!   the table, where the others find it, and cuts or orders better for it. So that the threads
//!   do not all search the same tree in step, each helper skips some depths of its iterative
//!   deepening below the target (Stockfish's skip pattern: helper `i` skips the depths where
//!   `((depth + phase) / size)` is odd, `size` and `phase` from a table by `i`), and gets deeper
//!   sooner. The threads race to the target depth: the first to complete it ends the search,
//!   and the deepest completed iteration (the main thread's on a tie) is the result, reported
//!   as the main thread's iterations are. (Helpers that stopped at the target and waited left
//!   the main thread alone for most of its last iteration: 1.19× one thread's nodes per second
//!   at 2 threads; helpers that searched on past it but left the result to the main thread
//!   made time to depth worse, 1.23× one thread's.)
//! - **Invariant.** The table is shared without a lock (`tables/tt.rs`): a torn entry is missed, never
//!   trusted, and a stored move is only read back as one of the probing position's moves. Every
//!   thread runs a complete, correct search; `stop`, the clock, and the node budget (counted over
//!   all the threads, each adding its nodes every thousand) stop every thread within the same
//!   latency as one; when one thread completes the target depth, all stop.
//! - **Exact or value-changing.** Exact: an entry is a fact about a position at a depth, whoever
//!   stored it, and with exact features (a same-depth table) a thread takes only entries of the
//!   depth it searches; every thread's completed iterations are complete searches, and no
//!   thread searches past the target, so the value is minimax's at the nominal depth and the move one of its tied best moves (the
//!   cross-checks hold 2, 4 and 8 threads to minimax). Not deterministic: which thread stores
//!   what first depends on timing, so node counts, and which of several tied best moves comes
//!   out, vary from run to run. With one thread (the default) the search is the lone search,
//!   node for node.
//! - **Cost.** A thread, a search state, killers and history counters per helper, started for
//!   each search (the history empty, taking its 512 KiB at its first cutoff, and
//!   4 MiB more with continuation history), and the table
//!   allocated in full before the threads start (written on all of them: `memory.rs`). The
//!   threads' statistics are summed in the result ([`Engine::thread_stats`](super::Engine::thread_stats)
//!   gives each thread's). What the threads share besides the table, a stop flag and their node
//!   count, is the search state's (`search_state.rs`).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::ScopedJoinHandle;

use arrayvec::ArrayVec;

use super::Engine;
use super::context::Context;
use super::driver::Completed;
use super::frame::{MoveKind, Node};
use super::search_state::{SearchState, Shared};
use super::tables::history::History;
use super::tables::key::Hasher;
use super::tables::tt::{SharedTable, Table};
use super::worker::{Plan, Worker};
use crate::{Bound, Evaluate, Game, Limits, Score, SearchStats};

/// The depth from which a node puts off the moves another thread is searching (nearer the
/// horizon a duplicated search costs less than asking).
pub(crate) const DEFER_DEPTH: u32 = 3;

/// The plies from the root within which a search without iterative deepening puts off even a
/// node's first move when another thread is searching it. With iterative deepening, the
/// helpers' skipped depths set the threads apart; without it (a solve: one search to the end),
/// every thread starts down the same first moves at once, and near the root, where the
/// subtrees are largest, they would search the same eldest subtrees together. (Kalah(6, 4)'s
/// solve on 2 threads: 43.8 to 45.9 million nodes with 2 to 8 plies, 46.4 to 54.5 million
/// without; everywhere, the node count steadied but the marks cost more than it saved.) A
/// first move put off is then searched as a later one: in a configuration with late move
/// reductions or PVS (none in a solve), as the later move it has become. Not at a Star2 probe,
/// which searches its first move only.
pub(crate) const EARLY_PLIES: u32 = 4;

/// The moves a node has put off because another thread was searching them (at most
/// [`PUT_OFF`]; a move that finds the list full is searched at once), handed out again, in the
/// order they were put off, once the node's other moves are searched.
pub(crate) struct PutOff<M> {
    moves: ArrayVec<(M, MoveKind), PUT_OFF>,
    next: usize,
}

/// The most moves a node puts off.
const PUT_OFF: usize = 8;

impl<M: Copy> PutOff<M> {
    pub(crate) fn new() -> Self {
        PutOff {
            moves: ArrayVec::new(),
            next: 0,
        }
    }

    /// Puts `mv` off; `false` if the list is full (search it now).
    pub(crate) fn push(&mut self, mv: M, kind: MoveKind) -> bool {
        self.moves.try_push((mv, kind)).is_ok()
    }

    /// The next move put off, marked as such (`true`: it is not put off again).
    pub(crate) fn next(&mut self) -> Option<(M, MoveKind, bool)> {
        let &(mv, kind) = self.moves.get(self.next)?;
        self.next += 1;
        Some((mv, kind, true))
    }
}

/// What a helper thread's search ends with: its last completed iteration, if any, and its
/// statistics.
type HelperResult<M> = (Option<Completed<M>>, SearchStats);

/// What a helper thread of a search shares with the others: the evaluator, the plan, the
/// table and the game's hash, and a copy of the limits, the window and the caller's root moves
/// and game history.
struct Helping<'s, G: Game, E> {
    evaluator: &'s E,
    plan: &'s Plan<'s, G, E>,
    table: Option<SharedTable<'s>>,
    hasher: Option<Hasher<G>>,
    limits: &'s Limits,
    window: Option<(Score, Score)>,
    root_moves: &'s Option<Vec<G::Move>>,
    game_history: &'s [u64],
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The search on `threads` threads: the main thread on the engine's state, the helpers on
    /// their own, all on the shared table; every thread stops when one has completed the
    /// target depth (or a limit stops them). The deepest completed iteration's result (the main
    /// thread's on a tie), and each helper's statistics.
    pub(crate) fn lazy_smp(
        &mut self,
        root: &G,
        threads: u32,
        shared: &Arc<Shared>,
        plan: &Plan<'_, G, E>,
    ) -> (Completed<G::Move>, Vec<SearchStats>) {
        let Engine {
            evaluator,
            tables,
            context,
            search,
            ..
        } = self;
        let table = tables.tt.as_mut().map(|tt| {
            tt.allocate_on(threads as usize);
            tt.shared()
        });
        let (root_moves, game_history) = (context.root_moves.clone(), context.game_history.clone());
        let limits = search.limits.clone();
        let helping = Helping {
            evaluator: &*evaluator,
            plan,
            table,
            hasher: tables.hasher,
            limits: &limits,
            window: search.window,
            root_moves: &root_moves,
            game_history: &game_history,
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|helper| {
                    let (helping, shared) = (&helping, Arc::clone(shared));
                    scope.spawn(move || helping.search(root, helper, shared))
                })
                .collect();
            let mut main = Worker {
                evaluator: &*evaluator,
                plan,
                table: table.map(Table::Shared),
                hasher: tables.hasher,
                history: &mut tables.history,
                context,
                search,
            };
            let done = main.iterate(root, None);
            shared.stop.store(true, Ordering::Relaxed);
            main.join(root, done, helpers)
        })
    }
}

impl<G: Game, E: Evaluate<G>> Helping<'_, G, E> {
    /// Helper thread `helper`'s search (numbered from 1), on a search state and history of its
    /// own: its last completed iteration, if any, and its statistics. A helper that completes
    /// the target depth first stops the search.
    fn search(
        &self,
        root: &G,
        helper: u32,
        shared: Arc<Shared>,
    ) -> (Option<Completed<G::Move>>, SearchStats) {
        let mut history = History::default();
        let mut context = Context {
            root_moves: self.root_moves.clone(),
            game_history: self.game_history.to_vec(),
            ..Context::default()
        };
        let mut search = SearchState::new();
        let stop = Arc::clone(&shared);
        let repetition = self.plan.settings.repetition;
        search.start(self.limits, repetition, &context.game_history, Some(shared));
        search.window = self.window;
        let mut worker = Worker {
            evaluator: self.evaluator,
            plan: self.plan,
            table: self.table.map(Table::Shared),
            hasher: self.hasher,
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
    }
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// The main thread's result `done` joined with the helpers': a helper's deeper completed
    /// iteration (the target, when it got there first) is the search's result, reported as the
    /// main thread's are; with each helper's statistics. No thread completed an iteration: what
    /// the root is worth unsearched (asked only now, so that a thread stopped by another's
    /// completion never evaluates).
    fn join(
        &mut self,
        root: &G,
        mut done: Option<Completed<G::Move>>,
        helpers: Vec<ScopedJoinHandle<'_, HelperResult<G::Move>>>,
    ) -> (Completed<G::Move>, Vec<SearchStats>) {
        let mut stats = Vec::new();
        for helper in helpers {
            let Ok((helper_done, helper_stats)) = helper.join() else {
                stats.push(SearchStats::default());
                continue;
            };
            stats.push(helper_stats);
            let Some(mut helper_done) = helper_done else {
                continue;
            };
            if done.as_ref().is_none_or(|done| helper_done.depth > done.depth) {
                self.extend_pv_from_table(root, &mut helper_done.pv);
                self.report(
                    helper_done.depth,
                    helper_done.score,
                    Bound::Exact,
                    &helper_done.pv,
                );
                done = Some(helper_done);
            }
        }
        (done.unwrap_or_else(|| self.unsearched(root)), stats)
    }
}

impl<G: Game, E> Worker<'_, G, E> {
    /// The table key of `child`, the position after a move of `node`, if its search is one that
    /// threads mark and put off (simplified ABDADA): on several threads, with a table, at least
    /// [`DEFER_DEPTH`] deep, and not the node's first move (`searched` moves were searched
    /// before it), but in a search without iterative deepening within [`EARLY_PLIES`] of the
    /// root, where the first move is put off too (not at a Star2 probe, which searches its
    /// first move only).
    #[inline]
    pub(crate) fn busy_key(&self, child: &G, node: &Node, searched: u32) -> Option<u64> {
        if self.search.shared.is_none() || node.depth < DEFER_DEPTH {
            return None;
        }
        let early = !self.plan.settings.iterative_deepening && node.ply < EARLY_PLIES && !node.probe;
        if searched == 0 && !early {
            return None;
        }
        self.key(child, node.ply + 1).map(|key| key.hash)
    }
}

#[cfg(test)]
mod tests {
    use super::PutOff;
    use crate::engine::driver::skips;
    use crate::engine::frame::MoveKind;

    #[test]
    fn put_off_moves_come_back_in_order_and_a_full_list_refuses() {
        let mut put_off = PutOff::new();
        for mv in 0..8 {
            assert!(put_off.push(mv, MoveKind::Quiet));
        }
        assert!(!put_off.push(8, MoveKind::Quiet));
        let back: Vec<u32> = std::iter::from_fn(|| put_off.next())
            .map(|(mv, _, later)| {
                assert!(later);
                mv
            })
            .collect();
        assert_eq!(back, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn helpers_skip_different_depths_and_none_skips_every_one() {
        let searched = |helper| {
            (1..=12)
                .filter(|&depth| !skips(helper, depth))
                .collect::<Vec<_>>()
        };
        for helper in 1..=40 {
            assert!(
                searched(helper).len() >= 4,
                "helper {helper}: {:?}",
                searched(helper)
            );
        }
        assert_ne!(searched(1), searched(2));
        assert_eq!(searched(1), [2, 4, 6, 8, 10, 12]);
        assert_eq!(searched(2), [1, 3, 5, 7, 9, 11]);
    }
}
