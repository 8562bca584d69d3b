//! **Settling a game**: the exact value of a position searched to the end of the game, with its
//! proof, for any [`Game`]: who wins with perfect play, by how much (a scored game) or how fast (a
//! win/loss game), and with which move.
//!
//! [`Solver`] drives the [engine](crate::engine) with no horizon and no evaluation: every line
//! is searched until the game ends, and the value is found by a sequence of *probes*, each a
//! null-window search ([`Engine::search_window`]) asking "is the value at least `t`?". Each
//! answer is a proven bound; the probes narrow them until they meet. Two precisions
//! ([`Precision`]):
//!
//! - **weak**: win, draw or loss, in two probes at most (is it a win? if not, is it at least a
//!   draw?), and a third when those settle the class without a move that reaches it (a loss, or
//!   a draw proven from above, needs a probe that fails high to name its move): what the
//!   Connect Four solvers settle first, and much cheaper than the exact value;
//! - **strong**: the value itself: the final margin of a scored game (a [`Score::won_by`] band,
//!   whatever the distance inside it), the distance of a win or loss (the fastest win, the
//!   slowest loss), the expectation in a game with dice. After the sign, a bisection over the
//!   classes the bounds leave open, each probe's fail-soft answer narrowing them further.
//!
//! ```
//! use search_core::solve::{Precision, Settled, Solver};
//! use search_core::{Game, MoveList, Outcome, Player, ZobristHash};
//!
//! /// Take 1, 2 or 3 from a pile; whoever takes the last item wins.
//! #[derive(Clone, Debug)]
//! struct Pile { items: u32, to_move: Player }
//! impl Game for Pile {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.items.min(3)) }
//!     fn play(&self, take: u32) -> Self { Pile { items: self.items - take, to_move: self.to_move.opponent() } }
//!     fn outcome(&self, legal_moves: usize) -> Option<Outcome> { (legal_moves == 0).then_some(Outcome::Loss) }
//! }
//! impl ZobristHash for Pile {
//!     fn zobrist(&self) -> u64 { u64::from(self.items) * 2 + u64::from(self.to_move == Player::Second) }
//! }
//!
//! // 21 items: take 1 to leave a multiple of 4, and win on the 11th ply.
//! let start = Pile { items: 21, to_move: Player::First };
//! let strong = Solver::new().solve(&start);
//! assert_eq!(strong.settled(), Some(Settled::WinIn(11)));
//! assert_eq!(strong.best_move, Some(1));
//! assert_eq!(strong.to_string(), "win in 11 plies (best move 1)");
//!
//! // Weakly: a win, in one probe.
//! let weak = Solver::new().precision(Precision::Weak).solve(&start);
//! assert_eq!(weak.settled(), Some(Settled::Win));
//! assert_eq!(weak.stats.probes, 1);
//! ```
//!
//! - **Idea.** Search to the end, so that every leaf is a finished game and every bound is a
//!   fact; ask only null-window questions, which prune the most (Pearl's test, Plaat et al.'s
//!   MTD(f)), and keep the transposition table between them, so that each probe reuses what
//!   the ones before proved (the method of "Solving Kalah", Irving, Donkers & Uiterwijk, ICGA
//!   Journal 2000, and of Pascal Pons's Connect Four solver, 2019).
//! - **Invariant.** After every probe, `lower <= value <= upper`, both proven: a probe at `t`
//!   that fails high returns a lower bound `>= t` (and the move that reaches it), one that fails
//!   low an upper bound `< t`. A probe the limits stop proves nothing and is dropped.
//! - **Exact.** The engine runs with exact features (move ordering, killers, history,
//!   [`Solver::config`]) and a table that accepts any
//!   depth: a stored bound is a fact about the game's end, whatever the depth it was searched at,
//!   because no search has a horizon. The game's own bounds on its final margin
//!   ([`Game::value_bounds`], the engine's `bounds` feature) cut a probe early. Both would
//!   change a depth-limited search's value, so the solver checks that no line reached the
//!   engine's deepest ply ([`MAX_SEARCH_PLY`]) and that no position was scored by an evaluation:
//!   a game with a longer line, or with a *static leaf* (no moves and no
//!   [`outcome`](Game::outcome)), is refused ([`Solution::horizon`]), never answered wrongly. [`testing::SolveCheck`](crate::testing::SolveCheck)
//!   holds the solver to the two-sided minimax on your positions.
//! - **Cost.** One search per probe: weak, two or three; strong, two and then about
//!   `log2` of the classes left open. The table is the memory: give it what the machine has,
//!   and threads to search each probe together (Lazy SMP over the shared table), in its
//!   [`Resources`] ([`Solver::resources`]).
//!
//! Long solves: [`Solver::limits`] gives a node budget, a deadline and a stop flag (a Ctrl-C
//! handler raises it): a solve stopped early returns the bounds proven so far
//! ([`Solution::lower`], [`Solution::upper`]); [`Solver::on_progress`] reports the probes and,
//! every so often during one, the nodes, their rate and the table's fill.

pub mod database;
mod scale;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::Resources;
use crate::engine::{Config, DepthPolicy, Engine, HistoryRule, MAX_SEARCH_PLY, TableConfig};
use crate::{Evaluate, Game, Limits, MoveList, Player, Score, ZobristHash, outcome_score};
use scale::{Class, Scale};

/// What a [`Solver`] settles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Precision {
    /// Win, draw or loss: two probes at most for the class, and a third for a move that reaches
    /// it when those did not find one.
    Weak,
    /// The value: the margin of a scored game, the distance of a win or loss, the expectation
    /// of a game with dice.
    #[default]
    Strong,
}

/// The evaluator of a search that must never reach a horizon: it notes that one was reached
/// (and scores it a draw, a value the solver then refuses to trust).
#[derive(Clone, Debug, Default)]
struct Horizon(Arc<AtomicBool>);

impl<G: Game> Evaluate<G> for Horizon {
    fn evaluate(&self, _: &G) -> Score {
        self.0.store(true, Ordering::Relaxed);
        Score::DRAW
    }
}

/// A game's value settled to some precision (what [`Solution::settled`] returns), from the point
/// of view of the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Settled {
    /// A win (weak precision: how fast or by how much is not settled).
    Win,
    /// A draw.
    Draw,
    /// A loss (weak precision).
    Loss,
    /// A win whose last move is this many plies away with perfect play (the fastest).
    WinIn(u32),
    /// A loss whose last move is this many plies away with perfect play (the slowest).
    LossIn(u32),
    /// The final margin of a scored game with perfect play: the side to move's points minus
    /// the opponent's (a draw is [`Settled::Draw`]).
    Margin(i32),
    /// The value of a game with dice: an expectation, in the engine's scale.
    Expected(Score),
}

impl std::fmt::Display for Settled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Settled::Win => f.write_str("win"),
            Settled::Draw => f.write_str("draw"),
            Settled::Loss => f.write_str("loss"),
            Settled::WinIn(plies) => write!(f, "win in {plies} plies"),
            Settled::LossIn(plies) => write!(f, "loss in {plies} plies"),
            Settled::Margin(margin) if margin > 0 => write!(f, "win by {margin}"),
            Settled::Margin(margin) => write!(f, "loss by {}", -margin),
            Settled::Expected(score) => write!(f, "expected {score}"),
        }
    }
}

/// What a solve cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Null-window searches run (the stopped one included).
    pub probes: u32,
    /// Nodes searched, over all probes and threads.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The transposition table's fill at the end (entries of any probe), in per mille.
    pub hashfull: u32,
    /// The memory the table took, in MiB ([`TranspositionTable::allocated_mib`](crate::engine::TranspositionTable::allocated_mib)):
    /// what its budget ([`Resources::table_mib`]) bought.
    pub table_mib: usize,
}

/// What a [`Solver`] proved about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The precision asked for.
    pub precision: Precision,
    /// Whose view the bounds take: the side to move at the root.
    pub to_move: Player,
    /// A proven lower bound on the value (`-Score::INFINITY` if none is proven yet).
    pub lower: Score,
    /// A proven upper bound on the value (`Score::INFINITY` if none is proven yet).
    pub upper: Score,
    /// A move that reaches [`lower`](Self::lower) (so an optimal one once the value is
    /// settled): the move of the last probe that failed high; for a weak loss, the move whose
    /// bound was the highest. `None` at a finished root, or before any probe succeeded.
    pub best_move: Option<M>,
    /// The line the last probe that failed high found, from the best move (the rest of it is
    /// good enough to keep the bound, not necessarily optimal).
    pub pv: Vec<M>,
    /// Whether a search needed an evaluation, which a solve never trusts, and the solve was
    /// abandoned (the bounds are those proven before). Two causes: a line reached the engine's
    /// deepest ply ([`MAX_SEARCH_PLY`]), so the game has lines longer than the solver can
    /// search; or a position had no moves and no [`outcome`](Game::outcome) (a static leaf,
    /// scored by an evaluation in a search: the game does not say how it ended there).
    pub horizon: bool,
    /// The solve was stopped by its limits (budget, deadline, stop flag) before it settled.
    pub stopped: bool,
    /// What it cost.
    pub stats: SolveStats,
    /// Whether the game has chance nodes (its values are expectations).
    chance: bool,
    /// Whether `best_move` came from a probe that failed high (it reaches `lower`).
    proven_move: bool,
}

impl<M> Solution<M> {
    /// The value, if the bounds settle it to the precision asked: a weak solve knows the sign,
    /// a strong one the margin (a scored game) or the distance (a win or loss).
    #[must_use]
    pub fn settled(&self) -> Option<Settled> {
        let sign = Scale::Sign;
        if sign.class(self.lower) != sign.class(self.upper) {
            return None;
        }
        if self.lower == Score::DRAW && self.upper == Score::DRAW {
            return Some(Settled::Draw);
        }
        if self.precision == Precision::Weak {
            return Some(match sign.class(self.lower) {
                1 => Settled::Win,
                0 => Settled::Draw,
                _ => Settled::Loss,
            });
        }
        if self.chance {
            return (self.lower == self.upper).then_some(Settled::Expected(self.lower));
        }
        if let (Some(low), Some(high)) = (self.lower.margin(), self.upper.margin()) {
            return (low == high).then_some(Settled::Margin(low));
        }
        if self.lower != self.upper {
            return None;
        }
        let plies = self.lower.mate_plies()?;
        Some(if self.lower > Score::DRAW {
            Settled::WinIn(plies)
        } else {
            Settled::LossIn(plies)
        })
    }

    /// [`settled`](Self::settled) from the first player's point of view: a win or loss for
    /// [`Player::First`], a margin in the first player's favour.
    #[must_use]
    pub fn for_first_player(&self) -> Option<Settled> {
        let settled = self.settled()?;
        if self.to_move == Player::First {
            return Some(settled);
        }
        Some(match settled {
            Settled::Win => Settled::Loss,
            Settled::Loss => Settled::Win,
            Settled::WinIn(plies) => Settled::LossIn(plies),
            Settled::LossIn(plies) => Settled::WinIn(plies),
            Settled::Margin(margin) => Settled::Margin(-margin),
            Settled::Expected(score) => Settled::Expected(-score),
            Settled::Draw => Settled::Draw,
        })
    }
}

impl<M: std::fmt::Display> std::fmt::Display for Solution<M> {
    /// `win by 10 (best move 3)`, or the bounds proven so far: `at least draw, at most win by
    /// 12`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.settled() {
            Some(settled) => write!(f, "{settled}")?,
            None => {
                let bound = |score: Score| {
                    if score.raw().abs() >= Score::INFINITY.raw() {
                        "unknown".to_string()
                    } else {
                        Solution::<M>::describe(score)
                    }
                };
                write!(f, "at least {}, at most {}", bound(self.lower), bound(self.upper))?;
            }
        }
        if let Some(mv) = &self.best_move {
            write!(f, " (best move {mv})")?;
        }
        Ok(())
    }
}

impl<M> Solution<M> {
    /// A bound in words.
    fn describe(score: Score) -> String {
        if let Some(margin) = score.margin() {
            return Settled::Margin(margin).to_string();
        }
        match score.mate_plies() {
            Some(plies) if score > Score::DRAW => Settled::WinIn(plies).to_string(),
            Some(plies) => Settled::LossIn(plies).to_string(),
            None if score == Score::DRAW => "draw".to_string(),
            None => score.to_string(),
        }
    }
}

/// What [`Solver::on_progress`] receives: at the start and end of each probe, and every
/// [`Solver::progress_interval`] during one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The probe's number, from 1.
    pub probe: u32,
    /// What it asks: is the value at least this?
    pub threshold: Score,
    /// The bounds proven so far.
    pub lower: Score,
    /// See [`lower`](Self::lower).
    pub upper: Score,
    /// Nodes so far in the whole solve (to the last thousand during a probe).
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// The table's fill in per mille, entries of any probe (at the start and end of a probe; 0
    /// while one runs).
    pub hashfull: u32,
    /// Where in the probe: starting, running, or done.
    pub stage: Stage,
}

/// Where a [`Progress`] report comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// A probe is about to start.
    Start,
    /// A probe is running.
    Running,
    /// A probe has ended (the bounds include its answer).
    Done,
}

/// A callback receiving [`Progress`] reports.
pub type ProgressCallback = Box<dyn FnMut(&Progress) + Send>;

/// Settles positions of game `G`: see the [module documentation](self).
pub struct Solver<G: Game> {
    engine: Engine<G, Horizon>,
    horizon: Arc<AtomicBool>,
    precision: Precision,
    limits: Limits,
    progress: Option<ProgressCallback>,
    interval: Duration,
}

impl<G: Game + ZobristHash> Default for Solver<G> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<G: Game + ZobristHash> Solver<G> {
    /// A strong solver with the default [`Resources`] (one thread, a table of
    /// [`DEFAULT_TABLE_MIB`](crate::DEFAULT_TABLE_MIB) MiB, taken as it fills) and no limits.
    #[must_use]
    pub fn new() -> Self {
        let horizon = Horizon::default();
        let flag = Arc::clone(&horizon.0);
        Solver {
            engine: Engine::with_config(horizon, Solver::<G>::config()),
            horizon: flag,
            precision: Precision::Strong,
            limits: Limits::default(),
            progress: None,
            interval: Duration::from_secs(1),
        }
    }

    /// The engine configuration a solver searches with: move ordering (the game's hints, killers, history), a table that accepts
    /// entries of any depth and keys a scored game without what it has banked where the game
    /// says how ([`ZobristHash::banked_key`]), the game's value bounds, and Star2 at chance
    /// nodes; no iterative
    /// deepening (the probes iterate on the value), no forward pruning, no quiescence, no
    /// repetition draws.
    ///
    /// ```
    /// use search_core::solve::Solver;
    /// use search_core::random_tree::RandomTree;
    /// let config = Solver::<RandomTree>::config();
    /// assert_eq!(config.to_string(), "tt=any+banked+prefetch+hints+killers+history+bounds+star=2");
    /// ```
    #[must_use]
    pub fn config() -> Config {
        Config {
            table: Some(TableConfig {
                policy: DepthPolicy::AnyDepth,
                // Enhanced transposition cutoffs cut nodes (a fifth of a Kalah(5, 4) solve's)
                // but cost more time than they save (a probe per child at every node): off.
                enhanced_cutoffs: false,
                // Positions that differ only in what the players have banked share an entry,
                // where the game says how (`ZobristHash::banked_key`).
                banked: true,
                // Solving prunes nothing on static values.
                eval: false,
                // Every child's bucket asked for at once at an all-node: about 10% of a
                // Kalah(6, 4) solve's time on one thread, 5% on two (`prefetch.rs`).
                prefetch: true,
            }),
            order_hints: true,
            killers: true,
            history: Some(HistoryRule::Classic),
            bounds: true,
            ..Config::PLAIN
        }
        .for_game::<G>()
    }

    /// Settles to `precision` (strong by default).
    #[must_use]
    pub fn precision(mut self, precision: Precision) -> Self {
        self.precision = precision;
        self
    }

    /// Solves on `resources`: each probe on its threads (Lazy SMP over the shared table), the
    /// table within its budget (taken as it fills, never more). One thread and
    /// [`DEFAULT_TABLE_MIB`](crate::DEFAULT_TABLE_MIB) MiB by default.
    ///
    /// ```
    /// use search_core::Resources;
    /// use search_core::solve::Solver;
    /// use search_core::random_tree::RandomTree;
    ///
    /// let solver = Solver::<RandomTree>::new().resources(Resources::new(2, 64)?);
    /// assert_eq!(solver.engine_resources().threads(), 2);
    /// # Ok::<(), search_core::ResourceError>(())
    /// ```
    #[must_use]
    pub fn resources(mut self, resources: Resources) -> Self {
        self.engine.set_resources(resources);
        self
    }

    /// The threads and table budget the solver runs on.
    #[must_use]
    pub fn engine_resources(&self) -> Resources {
        self.engine.resources()
    }

    /// Stops within `limits` (their depth is ignored: a solve has no horizon): a node budget
    /// over the whole solve, a deadline, a stop flag. A stopped solve returns what it has
    /// proven.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Calls `callback` at the start and end of each probe and every
    /// [`progress_interval`](Self::progress_interval) during one (the search then runs on a
    /// thread of its own while the calling thread reports).
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.progress = Some(Box::new(callback));
        self
    }

    /// How often [`on_progress`](Self::on_progress) reports during a probe (every second by
    /// default).
    #[must_use]
    pub fn progress_interval(mut self, interval: Duration) -> Self {
        self.interval = interval.max(Duration::from_millis(1));
        self
    }

    /// The configuration the engine runs with.
    #[must_use]
    pub fn engine_config(&self) -> &Config {
        self.engine.config()
    }

    /// The memory the table takes, in MiB.
    fn table_mib(&self) -> usize {
        self.engine
            .transposition_table()
            .map_or(0, crate::engine::TranspositionTable::allocated_mib)
    }

    /// Forgets what the table holds (positions of another game, say). A solver keeps its table
    /// between solves otherwise: a position solved after one of its ancestors is found at
    /// once.
    pub fn clear(&mut self) {
        self.engine.new_game();
    }

    /// Settles `root` to the solver's precision, within its limits.
    pub fn solve(&mut self, root: &G) -> Solution<G::Move> {
        let started = Instant::now();
        let mut solution = Solution {
            precision: self.precision,
            to_move: root.to_move(),
            lower: -Score::INFINITY,
            upper: Score::INFINITY,
            best_move: None,
            pv: Vec::new(),
            horizon: false,
            stopped: false,
            stats: SolveStats {
                table_mib: self.table_mib(),
                ..SolveStats::default()
            },
            chance: G::HAS_CHANCE,
            proven_move: false,
        };
        if let Some(outcome) = root.outcome(root.move_count()) {
            let value = outcome_score(outcome, 0);
            (solution.lower, solution.upper) = (value, value);
            return solution;
        }
        // What the game says of every value from here: within its value bound and its bounds.
        let bound = root.value_bound();
        (solution.lower, solution.upper) = (-bound, bound);
        if let Some((lowest, highest)) = root.value_bounds() {
            (solution.lower, solution.upper) = (solution.lower.max(lowest), solution.upper.min(highest));
        }
        let counter = Arc::new(AtomicU64::new(0));
        while let Some(threshold) = {
            Solver::<G>::tighten(&mut solution);
            self.next_threshold(&solution)
        } {
            solution.stats.probes += 1;
            let limits = self.probe_limits(&counter);
            self.report(
                &solution,
                threshold,
                counter.load(Ordering::Relaxed),
                started,
                Stage::Start,
            );
            self.horizon.store(false, Ordering::Relaxed);
            let result = self.probe(root, &limits, threshold, &solution, &counter, started);
            solution.stats.nodes += result.stats.nodes;
            counter.store(solution.stats.nodes, Ordering::Relaxed);
            if result.depth < limits.depth {
                solution.stopped = true; // stopped before it completed: it proved nothing
                break;
            }
            if self.horizon.load(Ordering::Relaxed) {
                solution.horizon = true;
                break;
            }
            if result.score >= threshold {
                solution.lower = solution.lower.max(result.score);
                solution.best_move = result.best_move;
                solution.pv = result.pv;
                solution.proven_move = true;
            } else {
                solution.upper = solution.upper.min(result.score);
                if !solution.proven_move {
                    solution.best_move = result.best_move; // the best bound, for a weak loss
                }
            }
            self.report(&solution, threshold, solution.stats.nodes, started, Stage::Done);
        }
        solution.stats.elapsed = started.elapsed();
        solution.stats.hashfull = self.hashfull();
        solution
    }

    /// The next probe's threshold, or `None` when the bounds settle the value to the precision
    /// asked.
    fn next_threshold(&self, solution: &Solution<G::Move>) -> Option<Score> {
        let sign = Scale::Sign;
        let (lower, upper) = (solution.lower, solution.upper);
        if sign.class(lower) != sign.class(upper) {
            let class = Scale::next(sign.class(lower), sign.class(upper))?;
            return Some(sign.threshold(class));
        }
        if self.precision == Precision::Weak {
            // Settled; but without a move that reaches the lower bound, a probe finds one.
            // A loss: a probe at the lower bound fails high with a move that reaches it.
            let class = sign.class(lower);
            let threshold = if class >= 0 {
                sign.threshold(class)
            } else {
                lower.max(-Score::MAX_DECIDED)
            };
            return (!solution.proven_move).then_some(threshold);
        }
        // The sign is known: the scale of the rest is the kind of score the bounds are.
        let known = if lower > Score::DRAW { lower } else { upper };
        let scale = if G::HAS_CHANCE || known.margin().is_none() {
            Scale::Raw
        } else {
            Scale::Margin
        };
        let (low, high): (Class, Class) = (scale.class(lower), scale.class(upper));
        let next = match scale {
            // Margins: climb from the side the proofs are cheap on (see `Scale::climb`).
            Scale::Margin => Scale::climb(low, high),
            _ => Scale::next(low, high),
        };
        match next {
            Some(class) => Some(scale.threshold(class)),
            // Settled; the move must reach the value's class: probe its threshold if the last
            // fail-high was below it (or there was none).
            None if !solution.proven_move || scale.class(solution.lower) < low => Some(scale.threshold(low)),
            None => None,
        }
    }

    /// Narrows the bounds by what a win or loss without a margin must satisfy at a root that is
    /// not finished, once the sign is known: its end is at least one ply away.
    fn tighten(solution: &mut Solution<G::Move>) {
        let sign = Scale::Sign;
        if G::HAS_CHANCE || sign.class(solution.lower) != sign.class(solution.upper) {
            return;
        }
        if solution.lower > Score::DRAW && solution.lower.margin().is_none() {
            solution.upper = solution.upper.min(Score::mate_in(1));
        } else if solution.upper < Score::DRAW && solution.upper.margin().is_none() {
            solution.lower = solution.lower.max(Score::mated_in(1));
        }
    }

    /// The limits of the next probe: to the deepest ply, within what remains of the budget.
    fn probe_limits(&self, counter: &Arc<AtomicU64>) -> Limits {
        let mut limits = self.limits.clone();
        limits.depth = MAX_SEARCH_PLY - 1;
        if let Some(budget) = self.limits.nodes {
            limits.nodes = Some(budget.saturating_sub(counter.load(Ordering::Relaxed)).max(1));
        }
        limits.progress = Some(Arc::new(AtomicU64::new(0)));
        limits
    }

    /// One null-window search at `threshold`; with a progress callback, on a thread of its own
    /// while this one reports every interval.
    fn probe(
        &mut self,
        root: &G,
        limits: &Limits,
        threshold: Score,
        solution: &Solution<G::Move>,
        counter: &Arc<AtomicU64>,
        started: Instant,
    ) -> crate::SearchResult<G::Move> {
        if self.progress.is_none() {
            return self.engine.search_window(root, limits, threshold - 1, threshold);
        }
        let done = AtomicBool::new(false);
        let probe_nodes = limits.progress.clone().unwrap_or_default();
        let engine = &mut self.engine;
        let (interval, progress) = (self.interval, &mut self.progress);
        std::thread::scope(|scope| {
            let search = scope.spawn(|| {
                let result = engine.search_window(root, limits, threshold - 1, threshold);
                done.store(true, Ordering::Release);
                result
            });
            let mut next_report = Instant::now() + interval;
            while !done.load(Ordering::Acquire) {
                std::thread::sleep(Duration::from_millis(5).min(interval));
                if Instant::now() >= next_report && !done.load(Ordering::Acquire) {
                    next_report += interval;
                    if let Some(callback) = progress.as_mut() {
                        callback(&Progress {
                            probe: solution.stats.probes,
                            threshold,
                            lower: solution.lower,
                            upper: solution.upper,
                            nodes: counter.load(Ordering::Relaxed) + probe_nodes.load(Ordering::Relaxed),
                            elapsed: started.elapsed(),
                            hashfull: 0,
                            stage: Stage::Running,
                        });
                    }
                }
            }
            search.join().expect("the solver's search does not panic")
        })
    }

    fn report(
        &mut self,
        solution: &Solution<G::Move>,
        threshold: Score,
        nodes: u64,
        started: Instant,
        stage: Stage,
    ) {
        if self.progress.is_none() {
            return;
        }
        let hashfull = self.hashfull();
        if let Some(callback) = &mut self.progress {
            callback(&Progress {
                probe: solution.stats.probes,
                threshold,
                lower: solution.lower,
                upper: solution.upper,
                nodes,
                elapsed: started.elapsed(),
                hashfull,
                stage,
            });
        }
    }

    fn hashfull(&self) -> u32 {
        self.engine.transposition_table().map_or(0, |tt| tt.occupancy())
    }

    /// The moves of `root` with their settled values, each solved in turn with the solver's
    /// table (what a player asks: which moves win, which draw); the side to move at `root`'s
    /// point of view. Stops at the first move the limits stop.
    pub fn solve_moves(&mut self, root: &G) -> Vec<(G::Move, Solution<G::Move>)> {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        let mut solved = Vec::new();
        for &mv in moves.iter() {
            let child = root.play(mv);
            let mut solution = self.solve(&child);
            if child.to_move() != root.to_move() {
                (solution.lower, solution.upper) = (-solution.upper, -solution.lower);
                solution.to_move = root.to_move();
            }
            // The child's value, one ply further from the root.
            (solution.lower, solution.upper) = (one_ply_later(solution.lower), one_ply_later(solution.upper));
            let stopped = solution.stopped || solution.horizon;
            solved.push((mv, solution));
            if stopped {
                break;
            }
        }
        solved
    }
}

/// A decided score measured from one ply further back (a win or loss one ply later).
fn one_ply_later(score: Score) -> Score {
    if score.is_mate() { score.from_tt(1) } else { score }
}

impl<G: Game + ZobristHash> std::fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("precision", &self.precision)
            .field("config", &self.engine.config().to_string())
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl<G: Game + ZobristHash> Solver<G> {
    /// The engine's name, for reports: `solver(<configuration>)`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("solver({})", self.engine.config())
    }
}
