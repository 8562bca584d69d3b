//! The optimised searcher: one alpha-beta engine whose features are runtime options.
//!
//! [`Engine`] is fail-soft alpha-beta in negamax form (Knuth & Moore 1975) with these features,
//! each a part of its [`Config`] and a file of `features/`:
//!
//! | feature | file | exact? |
//! |---|---|---|
//! | order hints as a tier (MVV-LVA in chess); the move picker's tiers | `hints.rs` (`ordering.rs`) | exact |
//! | killer moves, two per ply (Akl & Newborn 1977, Fiacco's replacement) | `killers.rs` | exact |
//! | counter moves (Uiterwijk 1992) | `counter.rs` | exact |
//! | history heuristic (Schaeffer 1989), classic or with gravity's maluses (Stockfish, Ethereal) | `history.rs` | exact |
//! | continuation history: a quiet move's history after the move one and two plies back (Stockfish, Ethereal) | `continuation.rs` | exact |
//! | capture history: the hinted moves (captures) reordered by how often they cut (Stockfish, Ethereal) | `capture_history.rs` | exact |
//! | transposition table (Greenblatt et al. 1967; Zobrist 1970), three [`DepthPolicy`]s | `tt.rs` (the table: [`tt`]) | same depth: exact; others: value-changing |
//! | enhanced transposition cutoffs (Plaat, Schaeffer, Pijls & de Bruin 1996) | `enhanced_cutoff.rs` | exact (with a same-depth table) |
//! | banked keys: the table keyed without what a scored game has banked (for solving) | `banked.rs` | exact to the end of the game |
//! | sibling prefetch: once a node's first move fails to cut, every other child's table bucket asked of memory at once (Stockfish's prefetch) | `prefetch.rs` | exact |
//! | PVS / NegaScout (Marsland 1983; Reinefeld 1983) | `pvs.rs` (a rung of `ladder.rs`) | exact |
//! | iterative deepening (Slate & Atkin 1977) | `iterative.rs` | exact |
//! | aspiration windows (Kaindl, Shams & Horacek 1991) | `aspiration.rs` | exact |
//! | MTD(f) (Plaat et al. 1996), first guess from the previous or the second previous iteration | `mtdf.rs` | exact |
//! | null-move pruning, R = 1, 2, 3 or adaptive (Heinz 1999), verified (David-Tabibi & Netanyahu 2002) | `null_move.rs` | value-changing |
//! | late move reductions (after Levy, Broughton & Taylor 1989; Fruit and Glaurung 2005), by history (Stockfish), smaller at PV nodes, larger at expected cut nodes (Stockfish) | `lmr.rs` | value-changing |
//! | reverse futility pruning, or static null move (Fruit-era engines) | `reverse_futility.rs` | value-changing |
//! | futility pruning (Schaeffer 1986; Heinz 1998) | `futility.rs` | value-changing |
//! | late move pruning (move-count pruning, Fruit and Stockfish) | `lmp.rs` | value-changing |
//! | history pruning (history leaf pruning, Fruit-era engines; gravity form of Stockfish and Ethereal) | `history_pruning.rs` | value-changing |
//! | SEE pruning: near the horizon, moves losing material by the [`static_exchange`](crate::Game::static_exchange) (Stockfish, Ethereal) | `see_pruning.rs` | value-changing |
//! | ProbCut: at a deep scout node, a noisy move whose shallower search beats beta by a margin ends the node (Buro 1995; Stockfish, Ethereal) | `probcut.rs` | value-changing |
//! | razoring: near the horizon, a scout node far below alpha whose quiescence search stays there fails low (Birmingham & Kent 1977; Stockfish, Ethereal) | `razoring.rs` | value-changing |
//! | improving: reverse futility, late move pruning and reductions by the static value's trend (Stockfish, Ethereal) | `improving.rs` | value-changing |
//! | correction history: the static value corrected per [`correction_key`](crate::Game::correction_key) by the errors searches found (Stockfish, Koivisto, Berserk) | `correction.rs` | value-changing (through the prunings that read the static value) |
//! | the table's bound as the static value where it says more, for reverse futility and the null move (Stockfish) | `table_eval.rs` | value-changing (through the prunings that read it) |
//! | internal iterative reduction (Schröder's Rebel 2020; Stockfish 2021) | `iir.rs` | value-changing |
//! | internal iterative deepening: a deep node without a table move searched shallower first, for one (Crafty, Fruit) | `iid.rs` | exact |
//! | singular extensions with multi-cut (Anantharaman, Campbell & Hsu 1990; Stockfish, Ethereal) | `singular.rs` | value-changing (a deeper search) |
//! | check extension (an old practice against Berliner's horizon effect, 1974) | `check_extension.rs` | value-changing (a deeper search) |
//! | capture-chain extension (the chess-engine article in the project's papers) | `capture_chain.rs` | value-changing (a deeper search) |
//! | quiescence search (Beal 1990): stand pat, noisy moves, optional checks, delta pruning, the skipping of losing captures ([`static_exchange`](crate::Game::static_exchange)) and the transposition table | `quiescence.rs` | equals [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence) without checks, delta pruning, losing-capture skipping and the table |
//! | repetition draws from the game history and the current line (graph-history interaction: Campbell 1985) | `repetition.rs` | path-dependent |
//! | value bounds: the game's bounds on a position's value end the nodes they decide (Irving, Donkers & Uiterwijk 2000; Pons 2019) | `bounds.rs` | exact to the end of the game (the solver), value-changing at a horizon |
//! | chance nodes: Star1, Star2 with probes (Ballard 1983; Hauk, Buro & Schaeffer 2004) | `star.rs` (searched by `chance_node.rs`) | exact (equals expectiminimax) |
//!
//! Each of these files opens with a module doc in one format: the idea, its invariant, whether it
//! is exact or value-changing, its cost, and its source; and ends with its `plan`: at which phases
//! of a node it acts (`worker.rs`'s table of phases) and what it needs. A feature that is off is
//! in no phase's list: it costs nothing.
//!
//! Every feature is one line of the list in `features.rs`: a field of [`Config`], a typed value
//! with a text form (`id+tt+hints+killers+history+pvs+star=2`) from which the engine, its name, its
//! exactness ([`Config::exactness`]), the cross-check matrix and every front end's options are
//! derived (`config.rs`).
//!
//! # The layers
//!
//! From the ground up, each file using only those below it:
//!
//! 1. the node's frame (`frame.rs`: a node's depth, ply, window and facts; a move as the
//!    features see it), a feature's row (`feature.rs`), the root's window (`root_window.rs`) and
//!    what the caller attaches (`context.rs`);
//! 2. the state tables the features keep (`tables/`: the transposition table, killers,
//!    histories, ...), read by more than one feature, so a floor below them; what each search
//!    starts afresh (`search_state.rs`);
//! 3. the worker and its plan (`worker.rs`): one thread's search, and the steps it runs at each
//!    phase of a node; the move picker (`ordering.rs`);
//! 4. the features (`features/`), each whole in its file, its steps calling back into the search
//!    where they search (the null move's pass, razoring's quiescence, ProbCut's captures);
//! 5. the list of features and the configuration (`features.rs`, `config.rs`);
//! 6. the searches: the node function (`node.rs`), the move loop (`move_loop.rs`) and the
//!    child-search ladder (`ladder.rs`), the one place where alpha-beta is written, running the
//!    plan's steps at their phases; chance nodes (`chance_node.rs`); the driver (`driver.rs`:
//!    iterative deepening's loop, each root search in a full window, aspiration windows or
//!    MTD(f) passes) and the threads (`threads.rs`); the engine itself (this file).
//!
//! # Where the state lives
//!
//! - the configuration ([`Config`]), fixed while searching, and the plan made from it at each
//!   search's start;
//! - what is learnt across searches and cleared by [`Engine::new_game`]: the transposition
//!   table and the history counters (`tables/`, held in `tables/mod.rs`'s `Tables`);
//! - what the caller attaches: callbacks, the root-move restriction, the game history
//!   (`context.rs`'s `Context`);
//! - what each search starts afresh: statistics, limits, the principal-variation table, the
//!   repetition line, the killers, the counter moves, the line's static values, the move
//!   picker's scores and the trace (`search_state.rs`'s `SearchState`, each table in
//!   `tables/`).
//!
//! # Presets
//!
//! - [`Engine::new`]: every option off ([`Config::PLAIN`]). It is plain alpha-beta and visits exactly the nodes that
//!   [`reference::AlphaBeta`](crate::reference::AlphaBeta) visits, in the same order, with the same
//!   counts, score, move and principal variation.
//! - [`Engine::exact`] ([`Config::exact`]): iterative deepening, a same-depth TT, order hints, killers, history and
//!   PVS: no forward pruning, no quiescence, so the value is minimax's at the nominal depth.
//! - [`Engine::strongest`] ([`Config::strongest`]): everything that helps play: the standard TT policy, adaptive
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
//! Any other configuration: [`Engine::with_config`] (see [`Config`] for how to build one).
//!
//! No heap allocation per node: move lists live on the stack, the principal variation in a
//! triangular table and the killers, history, repetition line and the line's static values in
//! buffers allocated once.
//!
//! To add a feature, see the contributor's guide (`CONTRIBUTING.md` at the repository's root).

mod chance_node;
pub mod config;
mod context;
mod driver;
mod feature;
mod features;
mod frame;
mod ladder;
mod move_loop;
mod node;
mod ordering;
mod root_window;
mod search_state;
mod tables;
mod threads;
mod worker;

pub use tables::tt;

use crate::trace::{Trace, Tracer};
use crate::{Evaluate, Game, Resources, Score, ZobristHash};

pub use crate::chance::ChancePruning;
pub use crate::resources::{DEFAULT_TABLE_MIB, MAX_TABLE_MIB, MAX_THREADS};
pub use config::{
    Config, ConfigError, EXACT_COMBINATIONS, FEATURES, Setup, SetupError, exact_configurations,
    exact_configurations_for,
};
pub use context::{InfoCallback, IterationInfo, RootMoveCallback, RootMoveInfo};
pub use feature::{Exactness, Feature, Kind, Value, no_alias};
pub use features::aspiration::DEFAULT_ASPIRATION_WINDOW;
pub use features::capture_chain::DEFAULT_CAPTURE_CHAIN;
pub use features::futility::{DEFAULT_FUTILITY_MARGIN, FUTILITY_MAX_DEPTH};
pub use features::history_pruning::{DEFAULT_HISTORY_PRUNING_THRESHOLD, HISTORY_PRUNING_MAX_DEPTH};
pub use features::iir::DEFAULT_IIR_DEPTH;
pub use features::lmp::{DEFAULT_LMP_BASE, LMP_MAX_DEPTH};
pub use features::lmr::{DEFAULT_LMR_HISTORY_DIVISOR, Lmr, Reductions};
pub use features::null_move::{
    ADAPTIVE_R_DEPTH, DEFAULT_NULL_EVAL_DIVISOR, MAX_NULL_EVAL_PLIES, MAX_NULL_REDUCTION, NullMoveConfig,
    NullReduction,
};
pub use features::probcut::{DEFAULT_PROBCUT_MARGIN, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION};
pub use features::quiescence::{
    DEFAULT_DELTA_MARGIN, DEFAULT_QUIESCENCE_NODES, QUIESCENCE_MAX_PLY, QuiescenceConfig,
};
pub use features::razoring::{DEFAULT_RAZOR_MARGIN, RAZOR_MAX_DEPTH};
pub use features::reverse_futility::{
    DEFAULT_REVERSE_FUTILITY_MARGIN, REVERSE_FUTILITY_MAX_DEPTH, ReverseFutility,
};
pub use features::see_pruning::{DEFAULT_SEE_PRUNING_MARGIN, SEE_PRUNING_MAX_DEPTH};
pub use features::singular::{DEFAULT_SINGULAR_DEPTH, SINGULAR_MARGIN_PER_PLY, SINGULAR_MAX_DEPTH_DEFICIT};
pub use frame::MAX_SEARCH_PLY;
pub use root_window::{FirstGuess, RootWindow};
pub use tables::capture::CAPTURE_HINT_SCALE;
pub use tables::history::HistoryRule;
pub use tt::{DepthPolicy, SharedTable, TableConfig, TranspositionTable, TtEntry};

use context::Context;
use search_state::SearchState;
use tables::Tables;

/// The optimised searcher. See the [module documentation](self).
pub struct Engine<G: Game, E> {
    evaluator: E,
    config: Config,
    /// Threads and table memory ([`Resources`]).
    resources: Resources,
    /// `engine(<config>)`, or `engine` with every feature off.
    name: String,
    /// Learnt across searches: the transposition table and the history counters.
    tables: Tables<G>,
    /// Attached by the caller: callbacks, root-move restriction, game history.
    context: Context<G::Move>,
    /// Started afresh by every search.
    search: SearchState<G::Move>,
    /// The statistics of each thread of the last search, the main thread's first.
    thread_stats: Vec<crate::SearchStats>,
}

impl<G: Game, E> Engine<G, E> {
    /// Plain alpha-beta: every option off ([`Config::PLAIN`]). Node for node the same search
    /// as [`reference::AlphaBeta`](crate::reference::AlphaBeta).
    pub fn new(evaluator: E) -> Self {
        let mut engine = Engine {
            evaluator,
            config: Config::PLAIN,
            resources: Resources::DEFAULT,
            name: String::new(),
            tables: Tables::default(),
            context: Context::default(),
            search: SearchState::new(),
            thread_stats: Vec::new(),
        };
        engine.rename();
        engine
    }

    /// The engine `config` describes, taken as it is. A configuration with a transposition
    /// table needs a game with a [`ZobristHash`] (a compile-time requirement; a game without
    /// one has [`without_hash`](Self::without_hash)); see [`Config`] for the features and how
    /// to build a configuration. In a game with dice, a configuration without `star` searches
    /// every outcome with the full window: [`Config::for_game`] adds the presets' Star2.
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

    /// The engine a [`Setup`] describes: its configuration on its resources.
    pub fn with_setup(evaluator: E, setup: Setup) -> Self
    where
        G: ZobristHash,
    {
        Engine::with_config(evaluator, setup.config).with_resources(setup.resources)
    }

    /// The engine `config` describes, for a game without a [`ZobristHash`]: without the
    /// configuration's transposition table (and what needs it, enhanced transposition cutoffs),
    /// which needs a hash. [`config`](Self::config) and [`name`](crate::Searcher::name) show the
    /// configuration in force.
    ///
    /// ```
    /// use search_core::engine::{Config, Engine};
    /// # use search_core::{Game, MoveList, Outcome, Player, Score, Searcher};
    /// # #[derive(Clone)]
    /// # struct Pile(u32, Player);
    /// # impl Game for Pile {
    /// #     type Move = u32;
    /// #     fn to_move(&self) -> Player { self.1 }
    /// #     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.0.min(3)); }
    /// #     fn play(&self, take: u32) -> Self { Pile(self.0 - take, self.1.opponent()) }
    /// #     fn outcome(&self, moves: usize) -> Option<Outcome> { (moves == 0).then_some(Outcome::Loss) }
    /// # }
    /// let engine: Engine<Pile, _> = Engine::without_hash(|_: &Pile| Score::DRAW, Config::exact());
    /// assert_eq!(engine.name(), "engine(id+hints+killers+history+pvs+star=2)");
    /// ```
    pub fn without_hash(evaluator: E, mut config: Config) -> Self {
        config.table = None;
        let mut engine = Engine::new(evaluator);
        engine.apply(config);
        engine
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
        let banked = config.table.is_some_and(|table| table.banked);
        self.tables.hasher = Some(tables::key::Hasher::of(banked));
        self.apply(config);
    }

    fn apply(&mut self, config: Config) {
        // The two history rules keep counters on different scales (`history.rs`): a new rule
        // starts from an empty table.
        if config.history != self.config.history {
            self.tables.history.clear();
        }
        self.config = config;
        self.tables
            .configure(config.table.as_ref(), self.resources.table_mib());
        self.rename();
    }

    fn rename(&mut self) {
        let threads = self.resources.threads();
        self.name = match (self.config == Config::PLAIN, threads) {
            (true, 1) => "engine".to_string(),
            (false, 1) => format!("engine({})", self.config),
            (_, threads) => format!("engine({}, {threads} threads)", self.config),
        };
    }

    /// The same engine on `resources` (threads and table memory; see [`Resources`]): what a
    /// UCI `setoption name Threads` or `Hash` does between searches (the table is reallocated
    /// only if its size changed).
    ///
    /// ```
    /// use search_core::engine::{Config, Engine};
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Resources, Searcher};
    ///
    /// let resources: Resources = "threads=2+hash=4".parse()?;
    /// let mut engine = Engine::with_config(TreeValue, Config::exact()).with_resources(resources);
    /// assert_eq!(engine.name(), "engine(id+tt+hints+killers+history+pvs+star=2, 2 threads)");
    /// engine.search(&RandomTree::new(7, 3, 4), &Limits::depth(4));
    /// // A 4 MiB budget: 2^16 buckets of 32 bytes (see `TranspositionTable::new`).
    /// assert_eq!(engine.transposition_table().unwrap().allocated_mib(), 2);
    /// # Ok::<(), search_core::ResourceError>(())
    /// ```
    #[must_use]
    pub fn with_resources(mut self, resources: Resources) -> Self {
        self.set_resources(resources);
        self
    }

    /// As [`with_resources`](Self::with_resources), in place.
    pub fn set_resources(&mut self, resources: Resources) {
        self.resources = resources;
        self.tables
            .configure(self.config.table.as_ref(), resources.table_mib());
        self.rename();
    }

    /// The engine's threads and table memory.
    #[must_use]
    pub fn resources(&self) -> Resources {
        self.resources
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
    /// that no search pays for it on the clock. The memory is written on the configuration's
    /// threads at once. Without a table, nothing.
    pub fn allocate_table(&mut self) {
        if let Some(tt) = &mut self.tables.tt {
            tt.allocate_on(self.resources.threads() as usize);
        }
    }

    /// The statistics of each thread of the last search, the main thread's first (one entry on
    /// one thread); the search's result sums them.
    #[must_use]
    pub fn thread_stats(&self) -> &[crate::SearchStats] {
        &self.thread_stats
    }

    /// The transposition table, if there is one (for its [`hashfull`](TranspositionTable::hashfull)).
    #[must_use]
    pub fn transposition_table(&self) -> Option<&TranspositionTable> {
        self.tables.tt.as_ref()
    }

    /// The best move the transposition table knows for `game` (read back from its code as one
    /// of `game`'s moves), if any: the reply a UCI engine offers to ponder on when its principal
    /// variation stops after one move.
    #[must_use]
    pub fn table_move(&self, game: &G) -> Option<G::Move> {
        let (hasher, tt) = (self.tables.hasher?, self.tables.tt.as_ref()?);
        let entry = tt.probe(hasher.key(game))?;
        let mut moves = crate::MoveList::new();
        game.generate_moves(&mut moves);
        hasher.decode(game, entry.move_code?, &moves, true)
    }
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// Searches `root` with every root search in the window `(alpha, beta)`, whatever the
    /// configuration's root window: a *null-window test* (`beta = alpha + 1`) asks only whether
    /// the value is at least `beta`, the primitive of MTD(f) and of the solver
    /// ([`crate::solve`]). The result's score is fail-soft: at or above `beta`, a lower bound on
    /// the value (and the best move one that reaches it); at or below `alpha`, an upper bound;
    /// in between, the value. Iterative deepening, if configured, searches each iteration in
    /// the same window. A window with `alpha >= beta` is taken as the null window at `beta`.
    ///
    /// ```
    /// use search_core::engine::{Config, Engine};
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::reference::Minimax;
    /// use search_core::{Limits, Score, Searcher};
    ///
    /// let tree = RandomTree::new(5, 3, 6);
    /// let value = Minimax::new(TreeValue).search(&tree, &Limits::depth(6)).score;
    /// let mut engine = Engine::with_config(TreeValue, Config::exact());
    /// // Is the value at least `value`? Yes. At least `value + 1`? No.
    /// let at_least = engine.search_window(&tree, &Limits::depth(6), value - 1, value);
    /// assert!(at_least.score >= value && at_least.best_move.is_some());
    /// let above = engine.search_window(&tree, &Limits::depth(6), value, value + 1);
    /// assert!(above.score <= value);
    /// ```
    pub fn search_window(
        &mut self,
        root: &G,
        limits: &crate::Limits,
        alpha: Score,
        beta: Score,
    ) -> crate::SearchResult<G::Move> {
        let alpha = if alpha >= beta { beta - 1 } else { alpha };
        self.run(root, limits, Some((alpha, beta)))
    }
}

impl<G: Game, E: Evaluate<G>> crate::Searcher<G> for Engine<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn search(&mut self, root: &G, limits: &crate::Limits) -> crate::SearchResult<G::Move> {
        self.run(root, limits, None)
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
