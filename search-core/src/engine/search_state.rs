//! **What every search starts afresh** ([`SearchState`]): the statistics, the limits, the
//! principal-variation table (`pv.rs`), the repetition line (`repetition.rs`), the killers
//! (`killers.rs`) and the trace, with the bookkeeping every kind of node does (count a node, a
//! leaf, a cut; check the limits).
//!
//! Below the configuration and the engine: the searches that need nothing else, such as
//! quiescence search (`quiescence.rs`), work on this state alone.

use std::time::Instant;

use super::frame::MAX_SEARCH_PLY;
use super::killers::Killers;
use super::pv::PvTable;
use super::repetition::Line;
use crate::trace::{Cut, Tracer};
use crate::{Limits, Score, SearchStats};

/// Check the clock and the stop flag every this many nodes (the node budget is checked at every
/// node: it costs a comparison).
const STOP_CHECK_INTERVAL: u64 = 1024;

/// What every search starts afresh.
pub(super) struct SearchState<M> {
    /// The statistics so far.
    pub(super) stats: SearchStats,
    /// The limits of this search.
    pub(super) limits: Limits,
    /// When it started.
    pub(super) start: Instant,
    /// Whether a limit stopped it (from then on every node returns at once).
    pub(super) aborted: bool,
    /// The principal variation of every ply.
    pub(super) pv: PvTable<M>,
    /// The repetition keys of the game history and the current line.
    pub(super) line: Line,
    /// The killer moves of every ply.
    pub(super) killers: Killers<M>,
    /// The best root move of the last completed iteration, searched first in the next.
    pub(super) root_best: Option<M>,
    /// The search-tree recorder (off unless asked for).
    pub(super) trace: Tracer,
}

impl<M: Copy + Eq> SearchState<M> {
    pub(super) fn new() -> Self {
        SearchState {
            stats: SearchStats::default(),
            limits: Limits::default(),
            start: Instant::now(),
            aborted: false,
            pv: PvTable::new(),
            line: Line::default(),
            killers: Killers::new(MAX_SEARCH_PLY as usize + 1),
            root_best: None,
            trace: Tracer::default(),
        }
    }

    /// Whether the search must stop now (and from now on): node budget, clock, stop flag.
    #[inline]
    pub(super) fn should_stop(&mut self) -> bool {
        if !self.aborted
            && (self.limits.is_over_budget(self.stats.nodes)
                || (self.stats.nodes % STOP_CHECK_INTERVAL == 0 && self.limits.is_stopped()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Counts a node on entry (and its ply for the selective depth); empties its PV line.
    #[inline]
    pub(super) fn enter(&mut self, ply: u32) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.pv.clear(ply);
    }

    /// A leaf worth `score`.
    #[inline]
    pub(super) fn leaf(&mut self, score: Score) -> Score {
        self.stats.leaf_nodes += 1;
        score
    }
}

impl<M: Copy + Eq + std::fmt::Debug> SearchState<M> {
    /// A node ended by a cut (`moves` never searched), worth `score`.
    pub(super) fn prune(&mut self, cut: Cut, moves: &[M], score: Score) -> Score {
        self.trace.prune(cut, moves);
        self.leaf(score)
    }
}
