//! The optimised searcher: one alpha-beta engine whose features are runtime options.
//!
//! [`Engine`] is fail-soft alpha-beta in negamax form (Knuth & Moore 1975) with, each switched on
//! by a `with_*` builder method:
//!
//! | feature | file | exact? |
//! |---|---|---|
//! | move ordering: TT move, [`order_hint`](crate::Game::order_hint), killers, history | `ordering.rs` | exact |
//! | killer moves, two per ply (Akl & Newborn 1977, Fiacco's replacement) | `killers.rs` | exact |
//! | history heuristic (Schaeffer 1989) | `history.rs` | exact |
//! | transposition table (Greenblatt et al. 1967; Zobrist 1970), three [`DepthPolicy`]s | [`tt`] (`tt.rs`) | same depth: exact; others: value-changing |
//! | enhanced transposition cutoffs (Plaat, Schaeffer, Pijls & de Bruin 1996) | `enhanced_cutoff.rs` | exact (with a same-depth table) |
//! | PVS / NegaScout (Marsland 1983; Reinefeld 1983) | `node.rs` (the child-search ladder) | exact |
//! | iterative deepening (Slate & Atkin 1977) | `iterative.rs` | exact |
//! | aspiration windows (Kaindl, Shams & Horacek 1991) | `aspiration.rs` | exact |
//! | MTD(f) (Plaat et al. 1996), first guess from the previous or the second previous iteration | `mtdf.rs` | exact |
//! | null-move pruning, R = 1, 2, 3 or adaptive (Heinz 1999), verified (David-Tabibi & Netanyahu 2002) | `null_move.rs` | value-changing |
//! | late move reductions (after Levy, Broughton & Taylor 1989; Fruit and Glaurung 2005) | `lmr.rs` | value-changing |
//! | futility pruning (Schaeffer 1986; Heinz 1998) and reverse futility pruning (static null move) | `futility.rs` | value-changing |
//! | check extension, capture-chain extension (the chess-engine article in the project's papers) | `extensions.rs` | value-changing (a deeper search) |
//! | quiescence search (Beal 1990): stand pat, noisy moves, optional checks and delta pruning | `quiescence.rs` | equals [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence) without checks and delta pruning |
//! | repetition draws from the game history and the current line (graph-history interaction: Campbell 1985) | `repetition.rs` | path-dependent |
//! | chance nodes: Star1, Star2 with probes (Ballard 1983; Hauk, Buro & Schaeffer 2004) | `chance.rs` | exact (equals expectiminimax) |
//!
//! Each of these files opens with a module doc in one format: the idea, its invariant, whether it
//! is exact or value-changing, its cost, and its source.
//!
//! Every feature is one entry of the engine's [`Config`] (`config.rs`), a typed value with a
//! text form (`id+tt+hints+killers+history+pvs`) from which the engine, its name, its exactness
//! ([`Config::exactness`]), the cross-check matrix and every front end's options are derived.
//!
//! The node function (`node.rs`) is the one place where alpha-beta is written, calling each
//! feature's helpers in turn; MTD(f), aspiration windows and iterative deepening are drivers that
//! call it with different windows and depths.
//!
//! # Where the state lives
//!
//! - the configuration ([`Config`]), fixed while searching;
//! - what is learnt across searches and cleared by [`Engine::new_game`]: the transposition
//!   table (`tt.rs`) and the history counters (`history.rs`), in `state.rs`'s `Tables`;
//! - what the caller attaches: callbacks, the root-move restriction, the game history
//!   (`state.rs`'s `Context`);
//! - what each search starts afresh: statistics, limits, the principal-variation table
//!   (`pv.rs`), the repetition line (`repetition.rs`), the killers (`killers.rs`) and the trace
//!   (`state.rs`'s `SearchState`).
//!
//! # Presets
//!
//! - [`Engine::new`]: every option off. It is plain alpha-beta and visits exactly the nodes that
//!   [`reference::AlphaBeta`](crate::reference::AlphaBeta) visits, in the same order, with the same
//!   counts, score, move and principal variation.
//! - [`Engine::exact`]: iterative deepening, a same-depth TT, order hints, killers, history and
//!   PVS: no forward pruning, no quiescence, so the value is minimax's at the nominal depth.
//! - [`Engine::strongest`]: everything that helps play: the standard TT policy, adaptive
//!   null move, reverse futility pruning, logarithmic LMR, quiescence, check extension,
//!   aspiration windows, repetition draws.
//!
//! ```
//! use search_core::engine::Engine;
//! use search_core::random_tree::{RandomTree, TreeValue};
//! use search_core::reference::Negamax;
//! use search_core::{Limits, Searcher};
//!
//! let tree = RandomTree::new(3, 4, 6);
//! let exact = Engine::exact(TreeValue).search(&tree, &Limits::depth(6));
//! let full = Negamax::new(TreeValue).search(&tree, &Limits::depth(6));
//! assert_eq!(exact.score, full.score);
//! assert!(exact.stats.nodes < full.stats.nodes);
//! ```
//!
//! No heap allocation per node: move lists live on the stack, the principal variation in a
//! triangular table and the killers, history and repetition line in buffers allocated once.
//!
//! To add a feature, see the contributor's guide (`CONTRIBUTING.md` at the repository's root).

mod aspiration;
mod chance;
pub mod config;
mod enhanced_cutoff;
mod extensions;
mod futility;
mod history;
mod iterative;
mod killers;
mod lmr;
mod mtdf;
mod node;
mod null_move;
mod ordering;
mod pv;
mod quiescence;
mod repetition;
mod state;
pub mod tt;

use crate::trace::{Trace, Tracer};
use std::time::Duration;

use crate::{Bound, Evaluate, Game, Score, ZobristHash};

// Everything public in the configuration, so that a new feature's items need no line here.
pub use config::*;
pub use futility::{FUTILITY_MAX_DEPTH, REVERSE_FUTILITY_MAX_DEPTH};
pub use tt::{DepthPolicy, TranspositionTable};

use state::{Context, SearchState, Tables};

/// The deepest ply the engine searches (quiescence and extensions included); a node this far
/// from the root is valued statically. Bounds every per-ply buffer. (Not
/// [`Score::MAX_PLY`](crate::Score::MAX_PLY), the longest line a mate score can describe.)
pub const MAX_SEARCH_PLY: u32 = 128;

/// What the engine reports after each iteration (and each aspiration failure): UCI's `info`.
#[derive(Clone, Debug)]
pub struct IterationInfo<'a, M> {
    /// The iteration's nominal depth.
    pub depth: u32,
    /// The deepest ply reached so far.
    pub seldepth: u32,
    /// The root value (side to move's view).
    pub score: Score,
    /// [`Bound::Exact`] for a completed iteration; `Lower`/`Upper` for an aspiration failure.
    pub bound: Bound,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// The principal variation. With a transposition table, a line that the search cut at a table
    /// hit is continued through the table's exact entries (legal moves only, never round a
    /// repetition), so a repeated search still shows the whole line.
    pub pv: &'a [M],
    /// Time since the search started.
    pub elapsed: Duration,
    /// The transposition table's fill rate in per mille (0 without a table).
    pub hashfull: u32,
}

/// A callback receiving [`IterationInfo`]s.
pub type InfoCallback<M> = Box<dyn FnMut(&IterationInfo<'_, M>) + Send>;

/// What the engine reports as it starts searching each root move: UCI's `currmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMoveInfo<M> {
    /// The nominal depth of the root search (the iteration's, or a re-search's).
    pub depth: u32,
    /// The root move about to be searched.
    pub mv: M,
    /// Its number in this root search's order, from 1.
    pub number: u32,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A callback receiving [`RootMoveInfo`]s.
pub type RootMoveCallback<M> = Box<dyn FnMut(&RootMoveInfo<M>) + Send>;

/// The optimised searcher. See the [module documentation](self).
pub struct Engine<G: Game, E> {
    evaluator: E,
    config: Config,
    /// `engine(<config>)`, or `engine` with every feature off.
    name: String,
    /// Learnt across searches: the transposition table and the history counters.
    tables: Tables<G>,
    /// Attached by the caller: callbacks, root-move restriction, game history.
    context: Context<G::Move>,
    /// Started afresh by every search.
    search: SearchState<G::Move>,
}

impl<G: Game, E> Engine<G, E> {
    /// Plain alpha-beta: every option off ([`Config::PLAIN`]). Node for node the same search
    /// as [`reference::AlphaBeta`](crate::reference::AlphaBeta).
    pub fn new(evaluator: E) -> Self {
        let mut engine = Engine {
            evaluator,
            config: Config::PLAIN,
            name: String::new(),
            tables: Tables::default(),
            context: Context::default(),
            search: SearchState::new(),
        };
        engine.rename();
        engine
    }

    /// The engine `config` describes. A configuration with a transposition table needs a game
    /// with a [`ZobristHash`] (a compile-time requirement); see [`Config`] for the features.
    ///
    /// ```
    /// use search_core::engine::{Config, Engine};
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Searcher};
    ///
    /// let config: Config = "id+tt+hints+killers+pvs+asp=3".parse()?;
    /// let mut engine = Engine::with_config(TreeValue, config);
    /// assert_eq!(engine.name(), "engine(id+tt+hints+killers+pvs+asp=3)");
    /// assert_eq!(engine.config(), &config);
    /// let result = engine.search(&RandomTree::new(1, 4, 5), &Limits::depth(5));
    /// assert!(result.best_move.is_some());
    /// # Ok::<(), search_core::engine::ConfigError>(())
    /// ```
    pub fn with_config(evaluator: E, config: Config) -> Self
    where
        G: ZobristHash,
    {
        Engine::new(evaluator).reconfigure(config)
    }

    /// The exact preset ([`Config::exact`]): iterative deepening, a same-depth transposition
    /// table of up to 16 MiB (taken as it fills), order hints, killers, history and PVS. No
    /// forward pruning, no quiescence, no repetition draws: the value is minimax's at the
    /// nominal depth. In a game with chance nodes ([`Game::HAS_CHANCE`]), with Star2 pruning
    /// there too (`star=2`, exact).
    pub fn exact(evaluator: E) -> Self
    where
        G: ZobristHash,
    {
        Engine::with_config(evaluator, Config::exact().for_game::<G>())
    }

    /// The strongest preset ([`Config::strongest`]): the exact preset's ordering with the
    /// standard (at least as deep) TT policy, aspiration windows, adaptive null move, reverse
    /// futility pruning, logarithmic LMR, quiescence search, check extension and repetition
    /// draws. The margins are in hundredths of the evaluation's [`unit`](Evaluate::unit). In a
    /// game with chance nodes, with Star2 pruning there too.
    pub fn strongest(evaluator: E) -> Self
    where
        G: ZobristHash,
    {
        Engine::with_config(evaluator, Config::strongest().for_game::<G>())
    }

    /// Replaces the evaluator, keeping everything else (the table too: with a different
    /// evaluation its entries mislead the ordering, but stay legal).
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.evaluator = evaluator;
    }

    /// The engine's configuration.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Switches to `config`, keeping what was learnt (the table, reallocated only if its size
    /// changed, and the history): what a UCI `setoption` does between searches.
    #[must_use]
    pub fn reconfigure(mut self, config: Config) -> Self
    where
        G: ZobristHash,
    {
        self.set_config(config);
        self
    }

    /// As [`reconfigure`](Self::reconfigure), in place.
    pub fn set_config(&mut self, config: Config)
    where
        G: ZobristHash,
    {
        self.tables.hasher = Some(<G as ZobristHash>::zobrist);
        self.apply(config);
    }

    /// Changes the configuration with `change`, keeping the hasher as it is (the builders of
    /// features that need no hash).
    fn change(mut self, change: impl FnOnce(&mut Config)) -> Self {
        let mut config = self.config;
        change(&mut config);
        self.apply(config);
        self
    }

    fn apply(&mut self, mut config: Config) {
        if self.tables.hasher.is_none() {
            config.table = None; // only `set_config` (G: ZobristHash) can give a table
        }
        self.config = config;
        self.tables.configure(config.table.as_ref());
        self.rename();
    }

    fn rename(&mut self) {
        self.name = if self.config == Config::PLAIN {
            "engine".to_string()
        } else {
            format!("engine({})", self.config)
        };
    }

    /// Iterative deepening: search depth 1, 2, ... up to the limit, each iteration ordering the
    /// next (best root move first, TT moves, killers, history). Needed for time and node
    /// limits to return something useful.
    #[must_use]
    pub fn with_iterative_deepening(self, on: bool) -> Self {
        self.change(|c| c.iterative_deepening = on)
    }

    /// A transposition table of `mib` MiB (see [`tt`]), same-depth (exact) unless
    /// [`with_tt_policy`](Self::with_tt_policy) says otherwise. Only games with a
    /// [`ZobristHash`] can have one: a compile-time requirement.
    #[must_use]
    pub fn with_transposition_table(self, mib: usize) -> Self
    where
        G: ZobristHash,
    {
        let mut config = self.config;
        let table = config
            .table
            .get_or_insert(TableConfig::new(DepthPolicy::SameDepth));
        table.mib = mib;
        self.reconfigure(config)
    }

    /// Which stored depths the transposition table may answer for (see [`DepthPolicy`]); with
    /// no table, nothing.
    #[must_use]
    pub fn with_tt_policy(self, policy: DepthPolicy) -> Self {
        self.change(|c| {
            if let Some(table) = &mut c.table {
                table.policy = policy;
            }
        })
    }

    /// Moves with a positive [`order_hint`](Game::order_hint) (MVV-LVA captures in chess) as
    /// their own ordering tier, best first, after the TT move and before killers and history.
    /// Off, the hints still order the moves that no other tier placed (the game's own order,
    /// which every searcher applies).
    #[must_use]
    pub fn with_order_hints(self, on: bool) -> Self {
        self.change(|c| c.order_hints = on)
    }

    /// Killer moves: two per ply (see the `killers` module).
    #[must_use]
    pub fn with_killers(self, on: bool) -> Self {
        self.change(|c| c.killers = on)
    }

    /// The history heuristic for quiet moves (games with a
    /// [`history_index`](Game::history_index)).
    #[must_use]
    pub fn with_history(self, on: bool) -> Self {
        self.change(|c| c.history = on)
    }

    /// Principal variation search (NegaScout): every move after the first is searched with a
    /// null window and searched again only if it might be better.
    #[must_use]
    pub fn with_pvs(self, on: bool) -> Self {
        self.change(|c| c.pvs = on)
    }

    /// Aspiration windows of `± window` (at least 1) around the previous iteration's value (or
    /// around a draw for the first); widened and searched again on failure. `None`: full
    /// windows. MTD(f), the alternative, wins if both are asked for.
    #[must_use]
    pub fn with_aspiration(self, window: Option<i32>) -> Self {
        self.change(|c| match (window, c.root_window) {
            (_, RootWindow::Mtdf(_)) => {}
            (Some(window), _) => c.root_window = RootWindow::Aspiration(window.max(1)),
            (None, _) => c.root_window = RootWindow::Full,
        })
    }

    /// MTD(f) as the root driver (replacing full-window and aspiration searches), with its first
    /// guess chosen as `guess` says. Needs a transposition table to be fast, not to be right.
    #[must_use]
    pub fn with_mtdf(self, guess: Option<FirstGuess>) -> Self {
        self.change(|c| match guess {
            Some(guess) => c.root_window = RootWindow::Mtdf(guess),
            None if matches!(c.root_window, RootWindow::Mtdf(_)) => c.root_window = RootWindow::Full,
            None => {}
        })
    }

    /// Null-move pruning with reduction `reduction` (`None`: off). Never in check, never twice
    /// in a row, never at the root, never where the game has no null move.
    #[must_use]
    pub fn with_null_move(self, reduction: Option<NullReduction>) -> Self {
        self.change(|c| {
            c.null_move = reduction.map(|reduction| NullMoveConfig {
                reduction,
                ..c.null_move.unwrap_or(NullMoveConfig::new(reduction))
            });
        })
    }

    /// Verified null-move pruning (David-Tabibi & Netanyahu 2002) instead of plain cutoffs;
    /// with null move off, nothing.
    #[must_use]
    pub fn with_verified_null_move(self, on: bool) -> Self {
        self.change(|c| {
            if let Some(null_move) = &mut c.null_move {
                null_move.verified = on;
            }
        })
    }

    /// Null move only where the static evaluation is at least beta (with null-move pruning on;
    /// otherwise nothing): below beta, passing the move rarely fails high, and the reduced
    /// search is wasted. Changes which null moves are tried, so the value, like null move
    /// itself.
    #[must_use]
    pub fn with_null_move_eval_guard(self, on: bool) -> Self {
        self.change(|c| {
            if let Some(null_move) = &mut c.null_move {
                null_move.eval_guard = on;
            }
        })
    }

    /// Late move reductions: quiet moves late in the order are searched one ply shallower first.
    #[must_use]
    pub fn with_lmr(self, on: bool) -> Self {
        self.change(|c| c.lmr = on.then(|| c.lmr.unwrap_or(Reductions::Classic)))
    }

    /// With LMR on, reduce by a logarithmic amount, `max(1, ⌊0.75 + ln(depth) · ln(move
    /// number) / 2.25⌋)` plies, instead of 1 or 2 (see `lmr.rs`); with LMR off, nothing.
    #[must_use]
    pub fn with_lmr_logarithmic(self, on: bool) -> Self {
        self.change(|c| {
            if c.lmr.is_some() {
                c.lmr = Some(if on {
                    Reductions::Logarithmic
                } else {
                    Reductions::Classic
                });
            }
        })
    }

    /// Futility pruning (see `futility.rs`): at most [`FUTILITY_MAX_DEPTH`] plies from the
    /// horizon, not in check, a quiet move that gives no check is skipped when the static value
    /// plus `margin × depth` cannot reach alpha (`None`: off). Value-changing.
    #[must_use]
    pub fn with_futility(self, margin: Option<i32>) -> Self {
        self.change(|c| c.futility = margin)
    }

    /// Quiescence search at the horizon (see the `quiescence` module).
    #[must_use]
    pub fn with_quiescence(self, on: bool) -> Self {
        self.change(|c| c.quiescence = on.then(|| c.quiescence.unwrap_or_default()))
    }

    /// In quiescence search (with it on; otherwise nothing): in check, no stand pat and every
    /// move searched (evasions); at the first quiescence ply, quiet moves that give check
    /// searched too.
    #[must_use]
    pub fn with_quiescence_checks(self, on: bool) -> Self {
        self.change(|c| {
            if let Some(quiescence) = &mut c.quiescence {
                quiescence.checks = on;
            }
        })
    }

    /// Reverse futility pruning (see `futility.rs`): at most
    /// [`REVERSE_FUTILITY_MAX_DEPTH`] plies from the horizon, in a null-window node not in check,
    /// a static value at least `margin × depth` above beta ends the node (`None`: off).
    /// Value-changing.
    #[must_use]
    pub fn with_reverse_futility(self, margin: Option<i32>) -> Self {
        self.change(|c| c.reverse_futility = margin)
    }

    /// Delta pruning in quiescence search (with it on; otherwise nothing): a position whose
    /// static value plus `margin` cannot reach alpha searches no noisy move (`None`: off).
    #[must_use]
    pub fn with_delta_pruning(self, margin: Option<i32>) -> Self {
        self.change(|c| {
            if let Some(quiescence) = &mut c.quiescence {
                quiescence.delta_pruning = margin;
            }
        })
    }

    /// The hard limit on quiescence plies beyond the horizon (default [`QUIESCENCE_MAX_PLY`]),
    /// with quiescence search on; otherwise nothing.
    #[must_use]
    pub fn with_quiescence_max_ply(self, plies: u32) -> Self {
        self.change(|c| {
            if let Some(quiescence) = &mut c.quiescence {
                quiescence.max_ply = plies;
            }
        })
    }

    /// Check extension: a position in check is searched one ply deeper.
    #[must_use]
    pub fn with_check_extension(self, on: bool) -> Self {
        self.change(|c| c.check_extension = on)
    }

    /// The capture-chain extension of the TypeScript article in the project's papers: while
    /// every move from the root is noisy, the horizon is `plies` further away (the article:
    /// depth 4, 6 for capture chains, i.e. `plies = 2`). `0`: off.
    #[must_use]
    pub fn with_capture_chain_extension(self, plies: u32) -> Self {
        self.change(|c| c.capture_chain = (plies > 0).then_some(plies))
    }

    /// Enhanced transposition cutoff (Plaat, Schaeffer, Pijls & de Bruin 1996): before searching
    /// a node's moves, look every child up in the transposition table; a child already known to
    /// refute the node ends it without being searched. Exact (it uses only what the table would
    /// tell the child itself); costs one `play` and one probe per move at nodes two or more plies
    /// from the horizon. Needs a transposition table: without one, nothing.
    #[must_use]
    pub fn with_enhanced_transposition_cutoff(self, on: bool) -> Self {
        self.change(|c| {
            if let Some(table) = &mut c.table {
                table.enhanced_cutoffs = on;
            }
        })
    }

    /// Scores a position that already occurred on the current line or in the game history
    /// (see [`set_game_history`](Self::set_game_history)) as a draw, for games with a
    /// [`repetition_key`](Game::repetition_key). Path-dependent: off for cross-checks.
    #[must_use]
    pub fn with_repetition_detection(self, on: bool) -> Self {
        self.change(|c| c.repetition = on)
    }

    /// Records the tree of each search, at most `max_nodes` nodes (see [`crate::trace`]):
    /// every root search (iteration, aspiration or MTD(f) pass) is a root of the trace, every
    /// re-search a child of its own.
    #[must_use]
    pub fn with_trace(mut self, max_nodes: usize) -> Self {
        self.search.trace = Tracer::on(max_nodes);
        self
    }

    /// The tree of the last search, if tracing is on.
    #[must_use]
    pub fn trace(&self) -> Option<&Trace> {
        self.search.trace.get()
    }

    /// Calls `callback` after every completed iteration (and aspiration failure).
    #[must_use]
    pub fn with_info(mut self, callback: impl FnMut(&IterationInfo<'_, G::Move>) + Send + 'static) -> Self {
        self.context.info = Some(Box::new(callback));
        self
    }

    /// Calls `callback` as each root move's search starts, in every iteration and re-search:
    /// what a GUI shows as the move being searched (UCI `currmove`). One call per root move, so
    /// it costs nothing measurable.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use search_core::engine::Engine;
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Searcher};
    ///
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&seen);
    /// let mut engine = Engine::new(TreeValue)
    ///     .with_root_move_info(move |info| log.lock().unwrap().push((info.depth, info.number)));
    /// engine.search(&RandomTree::new(1, 3, 2), &Limits::depth(2));
    /// assert_eq!(*seen.lock().unwrap(), [(2, 1), (2, 2), (2, 3)]);
    /// ```
    #[must_use]
    pub fn with_root_move_info(
        mut self,
        callback: impl FnMut(&RootMoveInfo<G::Move>) + Send + 'static,
    ) -> Self {
        self.context.root_move_info = Some(Box::new(callback));
        self
    }

    /// Replaces the info callback ([`with_info`](Self::with_info)); `None` removes it.
    pub fn set_info(&mut self, callback: Option<InfoCallback<G::Move>>) {
        self.context.info = callback;
    }

    /// Replaces the root-move callback ([`with_root_move_info`](Self::with_root_move_info));
    /// `None` removes it.
    pub fn set_root_move_info(&mut self, callback: Option<RootMoveCallback<G::Move>>) {
        self.context.root_move_info = callback;
    }

    /// The repetition keys of the positions played before the root, oldest first (the root's
    /// own key excluded).
    pub fn set_game_history(&mut self, keys: Vec<u64>) {
        self.context.game_history = keys;
    }

    /// Restricts the next searches to these root moves (UCI `searchmoves`); `None` lifts it.
    /// Moves that are not legal at the root are ignored; if none is, the restriction is.
    pub fn set_root_moves(&mut self, moves: Option<Vec<G::Move>>) {
        self.context.root_moves = moves;
    }

    /// Forgets everything learnt: transposition table, killers, history (a new game).
    pub fn new_game(&mut self) {
        self.tables.clear();
        self.search.killers.clear();
        self.context.game_history.clear();
    }

    /// Takes the transposition table's full size now rather than as searches fill it (see
    /// [`TranspositionTable::allocate`]): what a UCI engine does when its options are set, so
    /// that no search pays for it on the clock. Without a table, nothing.
    pub fn allocate_table(&mut self) {
        if let Some(tt) = &mut self.tables.tt {
            tt.allocate();
        }
    }

    /// The transposition table, if there is one (for its [`hashfull`](TranspositionTable::hashfull)).
    #[must_use]
    pub fn transposition_table(&self) -> Option<&TranspositionTable<G::Move>> {
        self.tables.tt.as_ref()
    }
}

impl<G: Game, E: Evaluate<G>> crate::Searcher<G> for Engine<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn search(&mut self, root: &G, limits: &crate::Limits) -> crate::SearchResult<G::Move> {
        self.run(root, limits)
    }
}

impl<G: Game, E: std::fmt::Debug> std::fmt::Debug for Engine<G, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config.to_string())
            .field("evaluator", &self.evaluator)
            .finish_non_exhaustive()
    }
}
