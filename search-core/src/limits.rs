//! [`Limits`]: when a search must stop.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What bounds a search: a depth, and optionally a node budget, a deadline and a stop flag that
/// another thread can raise.
///
/// The reference searchers honour only the depth: they are oracles and always finish. The engine
/// honours all four and, when stopped early, returns the result of its last completed iteration.
///
/// ```
/// use std::time::Duration;
/// use search_core::Limits;
/// let limits = Limits::depth(6).with_nodes(1_000_000).with_time(Duration::from_millis(500));
/// assert_eq!(limits.depth, 6);
/// assert!(!limits.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The nominal search depth in plies (`0`: the static value, no move).
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop as soon as this flag is raised (by another thread, a signal handler, a UCI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Not a limit: a counter the engine adds its nodes to as it goes (every thousand nodes, each
    /// thread its own), so that another thread can show the progress of a long search
    /// ([`with_progress`](Limits::with_progress)).
    pub progress: Option<Arc<AtomicU64>>,
}

impl Limits {
    /// Search to `depth` plies with no other limit.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth,
            ..Limits::default()
        }
    }

    /// Also stop after about `nodes` nodes.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Also stop at `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Also stop once `time` has passed from now. A time too long for the clock to represent
    /// (`Duration::MAX`, `u64::MAX` seconds) is no deadline at all.
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::Limits;
    /// let limits = Limits::depth(3).with_time(Duration::from_secs(u64::MAX));
    /// assert_eq!(limits.deadline, None);
    /// ```
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.deadline = Instant::now().checked_add(time);
        self
    }

    /// Also stop when `flag` is raised.
    #[must_use]
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Counts the engine's nodes into `counter` as it searches (every thousand nodes), for a
    /// progress display on another thread: what a long solve shows while it runs.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use search_core::engine::Engine;
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Searcher};
    ///
    /// let counter = Arc::new(AtomicU64::new(0));
    /// let limits = Limits::depth(8).with_progress(Arc::clone(&counter));
    /// let result = Engine::new(TreeValue).search(&RandomTree::new(7, 4, 8), &limits);
    /// let counted = counter.load(Ordering::Relaxed);
    /// assert!(counted > 0 && counted <= result.stats.nodes);
    /// ```
    #[must_use]
    pub fn with_progress(mut self, counter: Arc<AtomicU64>) -> Self {
        self.progress = Some(counter);
        self
    }

    /// Whether the stop flag is raised or the deadline has passed (the node budget is checked by
    /// the searcher, which knows its count: see [`is_over_budget`](Limits::is_over_budget)).
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether `nodes` reaches the node budget.
    #[must_use]
    pub fn is_over_budget(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|budget| nodes >= budget)
    }
}
