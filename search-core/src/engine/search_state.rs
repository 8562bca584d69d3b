//! **What every search starts afresh** ([`SearchState`]): the statistics, the limits, the
//! principal-variation table (`tables/pv.rs`), the repetition line (`tables/line.rs`), the killers
//! (`tables/killers.rs`), the counter moves (`tables/counters.rs`), the line's static values (`tables/static_values.rs`)
//! and the trace, with the bookkeeping every
//! kind of node does (count a node, a leaf, a cut; check the limits).
//!
//! Below the configuration and the engine: the searches that need nothing else, such as
//! quiescence search (`quiescence.rs`), work on this state alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::frame::MAX_SEARCH_PLY;
use super::tables::busy::Busy;
use super::tables::counters::CounterMoves;
use super::tables::killers::Killers;
use super::tables::line::Line;
use super::tables::pv::PvTable;
use super::tables::static_values::StaticValues;
use crate::trace::{Cut, Tracer};
use crate::{Limits, Score, SearchStats};

/// Check the clock and the stop flag every this many nodes (the node budget is checked at every
/// node: it costs a comparison).
const STOP_CHECK_INTERVAL: u64 = 1024;

/// What the searches of several threads running together share (`threads.rs`): a stop flag and
/// their node count.
#[derive(Default)]
pub(crate) struct Shared {
    /// Raised when the main thread is done (or a limit is reached): every thread stops.
    pub(crate) stop: AtomicBool,
    /// The nodes the threads have searched, each adding its own every thousand.
    pub(crate) nodes: AtomicU64,
    /// The moves some thread is searching right now (`threads.rs`'s simplified ABDADA).
    pub(crate) busy: Busy,
}

/// What every search starts afresh.
pub(crate) struct SearchState<M> {
    /// The statistics so far.
    pub(crate) stats: SearchStats,
    /// The limits of this search.
    pub(crate) limits: Limits,
    /// Its node budget (`u64::MAX`: none), for the check at every node.
    node_budget: u64,
    /// When it started.
    pub(crate) start: Instant,
    /// Whether a limit stopped it (from then on every node returns at once).
    pub(crate) aborted: bool,
    /// The principal variation of every ply.
    pub(crate) pv: PvTable<M>,
    /// The repetition keys of the game history and the current line.
    pub(crate) line: Line,
    /// The killer moves of every ply.
    pub(crate) killers: Killers<M>,
    /// The counter moves, and the moves played on the current line.
    pub(crate) counters: CounterMoves<M>,
    /// The static values of the nodes on the current line (`improving.rs`).
    pub(crate) static_values: StaticValues,
    /// The move picker's scores of each ply (`ordering.rs`), a buffer a ply (as deep as the
    /// search has gone), taken by the ply's move loop and given back.
    pub(crate) scores: Vec<Vec<i64>>,
    /// The best root move of the last completed iteration, searched first in the next.
    pub(crate) root_best: Option<M>,
    /// The search-tree recorder (off unless asked for).
    pub(crate) trace: Tracer,
    /// What the threads share, in a search on several threads.
    pub(crate) shared: Option<Arc<Shared>>,
    /// The window every root search of this search takes, when the caller fixes one
    /// ([`Engine::search_window`](super::Engine::search_window)); `None`: the configuration's
    /// root window.
    pub(crate) window: Option<(Score, Score)>,
}

impl<M: Copy + Eq> SearchState<M> {
    pub(crate) fn new() -> Self {
        SearchState {
            stats: SearchStats::default(),
            limits: Limits::default(),
            node_budget: u64::MAX,
            start: Instant::now(),
            aborted: false,
            pv: PvTable::new(),
            line: Line::default(),
            killers: Killers::new(MAX_SEARCH_PLY as usize + 1),
            counters: CounterMoves::new(MAX_SEARCH_PLY as usize + 2),
            static_values: StaticValues::new(MAX_SEARCH_PLY as usize + 1),
            scores: Vec::new(),
            root_best: None,
            trace: Tracer::default(),
            shared: None,
            window: None,
        }
    }

    /// Starts a search within `limits` (on one thread, or as one of several threads sharing
    /// `shared`): statistics, limits and killers afresh; the repetition line from `game_history`
    /// if `repetition` is on.
    pub(crate) fn start(
        &mut self,
        limits: &Limits,
        repetition: bool,
        game_history: &[u64],
        shared: Option<Arc<Shared>>,
    ) {
        self.start = Instant::now();
        self.stats = SearchStats::default();
        self.limits = limits.clone();
        self.node_budget = limits.nodes.unwrap_or(u64::MAX);
        self.aborted = false;
        self.root_best = None;
        self.trace.start();
        self.pv.allocate();
        self.killers.clear();
        self.counters.clear();
        self.static_values.clear();
        self.line.start(repetition, game_history);
        self.shared = shared;
        self.window = None;
    }

    /// Whether the search must stop now (and from now on): node budget, clock, stop flag. On
    /// several threads, every thousand nodes: the threads' stop, the clock and the stop flag,
    /// and the budget against the nodes of all the threads, to which this one adds its own.
    #[inline(always)]
    pub(crate) fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // Most nodes: under the budget, between two checks of the clock.
        if self.stats.nodes < self.node_budget && self.stats.nodes % STOP_CHECK_INTERVAL != 0 {
            return false;
        }
        self.check_limits()
    }

    /// [`should_stop`](Self::should_stop) at a node where something is to be checked: at the
    /// budget, or every thousand nodes.
    #[inline(never)]
    fn check_limits(&mut self) -> bool {
        let checks = self.stats.nodes % STOP_CHECK_INTERVAL == 0;
        if checks
            && self.stats.nodes > 0
            && let Some(progress) = &self.limits.progress
        {
            progress.fetch_add(STOP_CHECK_INTERVAL, Ordering::Relaxed);
        }
        self.aborted = match &self.shared {
            None => self.limits.is_over_budget(self.stats.nodes) || (checks && self.limits.is_stopped()),
            Some(shared) if checks && self.stats.nodes > 0 => {
                let total =
                    shared.nodes.fetch_add(STOP_CHECK_INTERVAL, Ordering::Relaxed) + STOP_CHECK_INTERVAL;
                shared.stop.load(Ordering::Relaxed)
                    || self.limits.is_over_budget(total)
                    || self.limits.is_stopped()
            }
            Some(_) => false,
        };
        self.aborted
    }

    /// Whether another thread is searching the position with table key `key` (never, on one
    /// thread).
    #[inline]
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.shared
            .as_ref()
            .is_some_and(|shared| shared.busy.is_busy(key))
    }

    /// Marks the position with table key `key` as being searched by this thread.
    #[inline]
    pub(crate) fn enter_busy(&self, key: u64) {
        if let Some(shared) = &self.shared {
            shared.busy.enter(key);
        }
    }

    /// Clears this thread's mark of `key`.
    #[inline]
    pub(crate) fn leave_busy(&self, key: u64) {
        if let Some(shared) = &self.shared {
            shared.busy.leave(key);
        }
    }

    /// The nodes searched so far: this thread's, or on several threads all of theirs (counted
    /// to the last thousand for the others).
    pub(crate) fn total_nodes(&self) -> u64 {
        match &self.shared {
            None => self.stats.nodes,
            Some(shared) => shared.nodes.load(Ordering::Relaxed) + self.stats.nodes % STOP_CHECK_INTERVAL,
        }
    }

    /// Counts a node on entry (and its ply for the selective depth); empties its PV line.
    #[inline]
    pub(crate) fn enter(&mut self, ply: u32) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.pv.clear(ply);
    }

    /// A leaf worth `score`.
    #[inline]
    pub(crate) fn leaf(&mut self, score: Score) -> Score {
        self.stats.leaf_nodes += 1;
        score
    }
}

impl<M: Copy + Eq + std::fmt::Debug> SearchState<M> {
    /// A node ended by a cut (`moves` never searched), worth `score`.
    pub(crate) fn prune(&mut self, cut: Cut, moves: &[M], score: Score) -> Score {
        self.trace.prune(cut, moves);
        self.leaf(score)
    }
}
