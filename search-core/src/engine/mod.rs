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
//! | enhanced transposition cutoffs (Plaat, Schaeffer, Pijls & de Bruin 1996) | `etc.rs` | exact (with a same-depth table) |
//! | PVS / NegaScout (Marsland 1983; Reinefeld 1983) | `pvs.rs` | exact |
//! | iterative deepening (Slate & Atkin 1977) | `iterative.rs` | exact |
//! | aspiration windows (Kaindl, Shams & Horacek 1991) | `aspiration.rs` | exact |
//! | MTD(f) (Plaat et al. 1996), first guess from the previous or the second previous iteration | `mtdf.rs` | exact |
//! | null-move pruning, R = 1, 2, 3 or adaptive (Heinz 1999), verified (David-Tabibi & Netanyahu 2002) | `null_move.rs` | value-changing |
//! | late move reductions (after Levy, Broughton & Taylor 1989; Fruit and Glaurung 2005) | `lmr.rs` | value-changing |
//! | futility pruning (Schaeffer 1986; Heinz 1998) and reverse futility pruning (static null move) | `futility.rs` | value-changing |
//! | check extension, capture-chain extension (the chess-engine article in the project's papers) | `extensions.rs` | value-changing (a deeper search) |
//! | quiescence search (Beal 1990): stand pat, noisy moves, optional checks and delta pruning | `quiescence.rs` | equals [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence) without checks and delta pruning |
//! | repetition draws from the game history and the current line (graph-history interaction: Campbell 1985) | `repetition.rs` | path-dependent |
//!
//! Each of these files opens with a module doc in one format: the idea, its invariant, whether it
//! is exact or value-changing, its cost, and its source.
//!
//! The node function (`node.rs`) is the one place where alpha-beta is written, calling each
//! feature's helpers in turn; MTD(f), aspiration windows and iterative deepening are drivers that
//! call it with different windows and depths.
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

mod aspiration;
mod etc;
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
mod pvs;
mod quiescence;
mod repetition;
pub mod tt;

use std::time::{Duration, Instant};

use crate::trace::{Trace, Tracer};
use crate::{Bound, Evaluate, Game, Limits, Score, SearchStats, ZobristHash};

pub use futility::{FUTILITY_MAX_DEPTH, REVERSE_FUTILITY_MAX_DEPTH};
pub use tt::{DepthPolicy, TranspositionTable};

use history::History;
use killers::Killers;

/// The deepest ply the engine searches (quiescence and extensions included); a node this far
/// from the root is valued statically. Bounds every per-ply buffer.
pub const MAX_PLY: u32 = 128;

/// The default bound on quiescence plies beyond the horizon (the thesis saw lines 32 plies deep).
pub const QUIESCENCE_MAX_PLY: u32 = 64;

/// The null-move depth reduction `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NullReduction {
    /// The same `R` everywhere (the thesis compares 1, 2 and 3; 2 is the classic choice).
    Fixed(u32),
    /// Heinz's adaptive null-move pruning, generic form: `R = 3` when more than
    /// [`ADAPTIVE_R_DEPTH`] plies remain, `R = 2` nearer the horizon. (Heinz also keeps `R = 2`
    /// up to depth 8 when both sides have little material; that needs a game-specific material
    /// measure the [`Game`] trait does not have.)
    Adaptive,
}

/// Adaptive null move uses `R = 3` above this depth (Heinz 1999).
pub const ADAPTIVE_R_DEPTH: u32 = 6;

/// How MTD(f) picks its first guess in each iteration of iterative deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstGuess {
    /// The value of the previous iteration (Plaat et al. 1996).
    Previous,
    /// The value of the iteration two plies earlier: odd and even depths oscillate, so the
    /// same parity is the better guess (the Fiacco report).
    TwoBack,
}

/// The engine's configuration (every field is set through the [`Engine`] builder).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Options {
    iterative_deepening: bool,
    tt_policy: DepthPolicy,
    order_hints: bool,
    killers: bool,
    history: bool,
    pvs: bool,
    aspiration: Option<i32>,
    mtdf: Option<FirstGuess>,
    null_move: Option<NullReduction>,
    verified_null_move: bool,
    lmr: bool,
    lmr_logarithmic: bool,
    futility: Option<i32>,
    quiescence: bool,
    quiescence_checks: bool,
    delta_pruning: Option<i32>,
    quiescence_max_ply: u32,
    check_extension: bool,
    capture_chain: u32,
    repetition: bool,
    enhanced_transposition_cutoff: bool,
    reverse_futility: Option<i32>,
    null_move_eval_guard: bool,
}

impl Options {
    const OFF: Options = Options {
        iterative_deepening: false,
        tt_policy: DepthPolicy::SameDepth,
        order_hints: false,
        killers: false,
        history: false,
        pvs: false,
        aspiration: None,
        mtdf: None,
        null_move: None,
        verified_null_move: false,
        lmr: false,
        lmr_logarithmic: false,
        futility: None,
        quiescence: false,
        quiescence_checks: false,
        delta_pruning: None,
        quiescence_max_ply: QUIESCENCE_MAX_PLY,
        check_extension: false,
        capture_chain: 0,
        repetition: false,
        enhanced_transposition_cutoff: false,
        reverse_futility: None,
        null_move_eval_guard: false,
    };
}

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
    options: Options,
    name: String,
    /// The position hash, captured where the TT was asked for (so `G: ZobristHash` is needed
    /// only there).
    hasher: Option<fn(&G) -> u64>,
    tt: Option<TranspositionTable<G::Move>>,
    tt_mib: usize,
    killers: Killers<G::Move>,
    history: History,
    info: Option<InfoCallback<G::Move>>,
    /// Called at each root move (UCI `currmove`).
    root_move_info: Option<RootMoveCallback<G::Move>>,
    /// Restriction of the root moves (UCI `searchmoves`).
    root_moves: Option<Vec<G::Move>>,
    /// Repetition keys of the game before the root (UCI `position ... moves`).
    game_history: Vec<u64>,

    // Per-search state.
    stats: SearchStats,
    limits: Limits,
    start: Instant,
    aborted: bool,
    /// Triangular principal-variation table: `pv[ply]` is the best line from the node at `ply`.
    pv: Vec<Vec<G::Move>>,
    /// Repetition keys of the game history and of the current line's ancestors (`None` is a
    /// barrier: a null move, or a position without a key).
    line: Vec<Option<u64>>,
    /// The best root move of the last completed iteration, searched first in the next.
    root_best: Option<G::Move>,
    /// The search-tree recorder (off unless asked for).
    trace: Tracer,
}

impl<G: Game, E> Engine<G, E> {
    /// Plain alpha-beta: every option off. Node for node the same search as
    /// [`reference::AlphaBeta`](crate::reference::AlphaBeta).
    pub fn new(evaluator: E) -> Self {
        let mut engine = Engine {
            evaluator,
            options: Options::OFF,
            name: String::new(),
            hasher: None,
            tt: None,
            tt_mib: 0,
            killers: Killers::new(MAX_PLY as usize + 1),
            history: History::default(),
            info: None,
            root_move_info: None,
            root_moves: None,
            game_history: Vec::new(),
            stats: SearchStats::default(),
            limits: Limits::default(),
            start: Instant::now(),
            aborted: false,
            pv: Vec::new(),
            line: Vec::new(),
            root_best: None,
            trace: Tracer::default(),
        };
        engine.rename();
        engine
    }

    /// The exact preset: iterative deepening, a 16 MiB same-depth transposition table, order
    /// hints, killers, history and PVS. No forward pruning, no quiescence, no repetition draws:
    /// the value is minimax's at the nominal depth.
    pub fn exact(evaluator: E) -> Self
    where
        G: ZobristHash,
    {
        Engine::new(evaluator)
            .with_iterative_deepening(true)
            .with_transposition_table(16)
            .with_tt_policy(DepthPolicy::SameDepth)
            .with_order_hints(true)
            .with_killers(true)
            .with_history(true)
            .with_pvs(true)
    }

    /// The strongest preset: the exact preset's ordering with the standard (at least as deep)
    /// TT policy, aspiration windows, adaptive null move, reverse futility pruning, logarithmic
    /// LMR, quiescence search, check extension and repetition draws. Each feature was measured
    /// in chess games (the project's `docs/strength.md`): quiescence, LMR, reverse futility and
    /// logarithmic LMR were shown to help, none of the others was shown to hurt. The margins are in
    /// centi-units, a pawn being 100.
    pub fn strongest(evaluator: E) -> Self
    where
        G: ZobristHash,
    {
        Engine::exact(evaluator)
            .with_tt_policy(DepthPolicy::AtLeastDepth)
            .with_aspiration(Some(DEFAULT_ASPIRATION_WINDOW))
            .with_null_move(Some(NullReduction::Adaptive))
            .with_reverse_futility(Some(DEFAULT_REVERSE_FUTILITY_MARGIN))
            .with_lmr(true)
            .with_lmr_logarithmic(true)
            .with_quiescence(true)
            .with_check_extension(true)
            .with_repetition_detection(true)
    }

    fn set(mut self, change: impl FnOnce(&mut Options)) -> Self {
        change(&mut self.options);
        self.rename();
        self
    }

    /// Iterative deepening: search depth 1, 2, ... up to the limit, each iteration ordering the
    /// next (best root move first, TT moves, killers, history). Needed for time and node
    /// limits to return something useful.
    #[must_use]
    pub fn with_iterative_deepening(self, on: bool) -> Self {
        self.set(|options| options.iterative_deepening = on)
    }

    /// A transposition table of `mib` MiB (see [`tt`]), with the [`DepthPolicy`] set by
    /// [`with_tt_policy`](Self::with_tt_policy) (same depth, exact, unless changed). Only games
    /// with a [`ZobristHash`] can have one: a compile-time requirement.
    #[must_use]
    pub fn with_transposition_table(mut self, mib: usize) -> Self
    where
        G: ZobristHash,
    {
        self.hasher = Some(<G as ZobristHash>::zobrist);
        self.tt = Some(TranspositionTable::new(mib));
        self.tt_mib = mib;
        self.rename();
        self
    }

    /// Which stored depths the transposition table may answer for (see [`DepthPolicy`]).
    #[must_use]
    pub fn with_tt_policy(self, policy: DepthPolicy) -> Self {
        self.set(|options| options.tt_policy = policy)
    }

    /// Orders moves by the game's [`order_hint`](Game::order_hint) (MVV-LVA in chess): moves with
    /// a positive hint first, best first.
    #[must_use]
    pub fn with_order_hints(self, on: bool) -> Self {
        self.set(|options| options.order_hints = on)
    }

    /// Killer moves: two per ply (see the `killers` module).
    #[must_use]
    pub fn with_killers(self, on: bool) -> Self {
        self.set(|options| options.killers = on)
    }

    /// The history heuristic for quiet moves (games with a
    /// [`history_index`](Game::history_index)).
    #[must_use]
    pub fn with_history(self, on: bool) -> Self {
        self.set(|options| options.history = on)
    }

    /// Principal variation search (NegaScout): every move after the first is searched with a
    /// null window and searched again only if it might be better.
    #[must_use]
    pub fn with_pvs(self, on: bool) -> Self {
        self.set(|options| options.pvs = on)
    }

    /// Aspiration windows of `± window` around the previous iteration's value (or around a
    /// draw for the first); widened and searched again on failure. `None`: full windows.
    #[must_use]
    pub fn with_aspiration(self, window: Option<i32>) -> Self {
        self.set(|options| options.aspiration = window.map(|w| w.max(1)))
    }

    /// MTD(f) as the root driver (replacing full-window and aspiration searches), with its first
    /// guess chosen as `guess` says. Needs a transposition table to be fast, not to be right.
    #[must_use]
    pub fn with_mtdf(self, guess: Option<FirstGuess>) -> Self {
        self.set(|options| options.mtdf = guess)
    }

    /// Null-move pruning with reduction `reduction` (`None`: off). Never in check, never twice
    /// in a row, never at the root, never where the game has no null move.
    #[must_use]
    pub fn with_null_move(self, reduction: Option<NullReduction>) -> Self {
        self.set(|options| options.null_move = reduction)
    }

    /// Verified null-move pruning (David-Tabibi & Netanyahu 2002) instead of plain cutoffs
    /// (with null move on).
    #[must_use]
    pub fn with_verified_null_move(self, on: bool) -> Self {
        self.set(|options| options.verified_null_move = on)
    }

    /// Late move reductions: quiet moves late in the order are searched one ply shallower first.
    #[must_use]
    pub fn with_lmr(self, on: bool) -> Self {
        self.set(|options| options.lmr = on)
    }

    /// With LMR on, reduce by a logarithmic amount, `max(1, ⌊0.75 + ln(depth) · ln(move
    /// number) / 2.25⌋)` plies, instead of 1 or 2 (see `lmr.rs`). Value-changing.
    #[must_use]
    pub fn with_lmr_logarithmic(self, on: bool) -> Self {
        self.set(|options| options.lmr_logarithmic = on)
    }

    /// Futility pruning (see `futility.rs`): at most [`FUTILITY_MAX_DEPTH`] plies from the
    /// horizon, not in check, a quiet move that gives no check is skipped when the static value
    /// plus `margin × depth` cannot reach alpha (`None`: off). Value-changing.
    #[must_use]
    pub fn with_futility(self, margin: Option<i32>) -> Self {
        self.set(|options| options.futility = margin)
    }

    /// Quiescence search at the horizon (see the `quiescence` module).
    #[must_use]
    pub fn with_quiescence(self, on: bool) -> Self {
        self.set(|options| options.quiescence = on)
    }

    /// In quiescence search: in check, no stand pat and every move searched (evasions); at the
    /// first quiescence ply, quiet moves that give check searched too.
    #[must_use]
    pub fn with_quiescence_checks(self, on: bool) -> Self {
        self.set(|options| options.quiescence_checks = on)
    }

    /// Reverse futility pruning (see `futility.rs`): at most
    /// [`REVERSE_FUTILITY_MAX_DEPTH`] plies from the horizon, in a null-window node not in check,
    /// a static value at least `margin × depth` above beta ends the node (`None`: off).
    /// Value-changing.
    #[must_use]
    pub fn with_reverse_futility(self, margin: Option<i32>) -> Self {
        self.set(|options| options.reverse_futility = margin)
    }

    /// Null move only where the static evaluation is at least beta (with null-move pruning on):
    /// below beta, passing the move rarely fails high, and the reduced search is wasted.
    /// Changes which null moves are tried, so the value, like null move itself.
    #[must_use]
    pub fn with_null_move_eval_guard(self, on: bool) -> Self {
        self.set(|options| options.null_move_eval_guard = on)
    }

    /// Delta pruning in quiescence search: a position whose static value plus `margin` cannot
    /// reach alpha searches no noisy move (`None`: off).
    #[must_use]
    pub fn with_delta_pruning(self, margin: Option<i32>) -> Self {
        self.set(|options| options.delta_pruning = margin)
    }

    /// The hard limit on quiescence plies beyond the horizon (default [`QUIESCENCE_MAX_PLY`]).
    #[must_use]
    pub fn with_quiescence_max_ply(self, plies: u32) -> Self {
        self.set(|options| options.quiescence_max_ply = plies)
    }

    /// Check extension: a position in check is searched one ply deeper.
    #[must_use]
    pub fn with_check_extension(self, on: bool) -> Self {
        self.set(|options| options.check_extension = on)
    }

    /// The capture-chain extension of the TypeScript article in the project's papers: while
    /// every move from the root is noisy, the horizon is `plies` further away (the article:
    /// depth 4, 6 for capture chains, i.e. `plies = 2`). `0`: off.
    #[must_use]
    pub fn with_capture_chain_extension(self, plies: u32) -> Self {
        self.set(|options| options.capture_chain = plies)
    }

    /// Enhanced transposition cutoff (Plaat, Schaeffer, Pijls & de Bruin 1996): before searching
    /// a node's moves, look every child up in the transposition table; a child already known to
    /// refute the node ends it without being searched. Exact (it uses only what the table would
    /// tell the child itself); costs one `play` and one probe per move at nodes two or more plies
    /// from the horizon. Needs a transposition table.
    #[must_use]
    pub fn with_enhanced_transposition_cutoff(self, on: bool) -> Self {
        self.set(|options| options.enhanced_transposition_cutoff = on)
    }

    /// Scores a position that already occurred on the current line or in the game history
    /// (see [`set_game_history`](Self::set_game_history)) as a draw, for games with a
    /// [`repetition_key`](Game::repetition_key). Path-dependent: off for cross-checks.
    #[must_use]
    pub fn with_repetition_detection(self, on: bool) -> Self {
        self.set(|options| options.repetition = on)
    }

    /// Records the tree of each search, at most `max_nodes` nodes (see [`crate::trace`]):
    /// every root search (iteration, aspiration or MTD(f) pass) is a root of the trace, every
    /// re-search a child of its own.
    #[must_use]
    pub fn with_trace(mut self, max_nodes: usize) -> Self {
        self.trace = Tracer::on(max_nodes);
        self
    }

    /// The tree of the last search, if tracing is on.
    #[must_use]
    pub fn trace(&self) -> Option<&Trace> {
        self.trace.get()
    }

    /// Calls `callback` after every completed iteration (and aspiration failure).
    #[must_use]
    pub fn with_info(mut self, callback: impl FnMut(&IterationInfo<'_, G::Move>) + Send + 'static) -> Self {
        self.info = Some(Box::new(callback));
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
        self.root_move_info = Some(Box::new(callback));
        self
    }

    /// The repetition keys of the positions played before the root, oldest first (the root's
    /// own key excluded).
    pub fn set_game_history(&mut self, keys: Vec<u64>) {
        self.game_history = keys;
    }

    /// Restricts the next searches to these root moves (UCI `searchmoves`); `None` lifts it.
    /// Moves that are not legal at the root are ignored; if none is, the restriction is.
    pub fn set_root_moves(&mut self, moves: Option<Vec<G::Move>>) {
        self.root_moves = moves;
    }

    /// Forgets everything learnt: transposition table, killers, history (a new game).
    pub fn new_game(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.killers.clear();
        self.history.clear();
        self.game_history.clear();
    }

    /// The transposition table, if there is one (for its [`hashfull`](TranspositionTable::hashfull)).
    #[must_use]
    pub fn transposition_table(&self) -> Option<&TranspositionTable<G::Move>> {
        self.tt.as_ref()
    }

    /// The configuration as a short name, e.g. `engine(id,tt-same,hints,killers,history,pvs)`.
    fn rename(&mut self) {
        let o = &self.options;
        let on = |on: bool, name: &str| on.then(|| name.to_string());
        let tt_policy = match o.tt_policy {
            DepthPolicy::SameDepth => "tt-same",
            DepthPolicy::AtLeastDepth => "tt-deeper",
            DepthPolicy::AnyDepth => "tt-any",
        };
        let parts = [
            on(o.iterative_deepening, "id"),
            on(self.tt.is_some(), tt_policy),
            on(o.order_hints, "hints"),
            on(o.killers, "killers"),
            on(o.history, "history"),
            on(o.pvs, "pvs"),
            on(o.enhanced_transposition_cutoff, "etc"),
            o.aspiration.map(|window| format!("asp{window}")),
            o.mtdf.map(|guess| match guess {
                FirstGuess::Previous => "mtdf".to_string(),
                FirstGuess::TwoBack => "mtdf2".to_string(),
            }),
            o.null_move.map(|reduction| match reduction {
                NullReduction::Fixed(r) => format!("null{r}"),
                NullReduction::Adaptive => "null-adaptive".to_string(),
            }),
            on(o.null_move.is_some() && o.verified_null_move, "verified"),
            on(o.null_move.is_some() && o.null_move_eval_guard, "null-guard"),
            o.reverse_futility.map(|margin| format!("rfp{margin}")),
            on(o.lmr, "lmr"),
            on(o.lmr && o.lmr_logarithmic, "lmr-log"),
            o.futility.map(|margin| format!("futility{margin}")),
            on(o.quiescence, "qs"),
            on(o.quiescence && o.quiescence_checks, "qs-checks"),
            o.delta_pruning
                .filter(|_| o.quiescence)
                .map(|margin| format!("delta{margin}")),
            on(o.check_extension, "check-ext"),
            (o.capture_chain > 0).then(|| format!("chain{}", o.capture_chain)),
            on(o.repetition, "rep"),
        ];
        let parts: Vec<String> = parts.into_iter().flatten().collect();
        self.name = if parts.is_empty() {
            "engine".to_string()
        } else {
            format!("engine({})", parts.join(","))
        };
    }
}

/// The default aspiration half-window of the strongest preset, in centi-units (half a pawn).
pub const DEFAULT_ASPIRATION_WINDOW: i32 = 50;

/// The strongest preset's reverse futility margin per ply of depth left, in centi-units (a pawn):
/// in chess self-play it scored 62.8% against the preset without it (200 games at 1 s + 0.01 s).
pub const DEFAULT_REVERSE_FUTILITY_MARGIN: i32 = 100;

impl<G: Game, E: Evaluate<G>> crate::Searcher<G> for Engine<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn search(&mut self, root: &G, limits: &Limits) -> crate::SearchResult<G::Move> {
        self.run(root, limits)
    }
}

impl<G: Game, E: std::fmt::Debug> std::fmt::Debug for Engine<G, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .field("evaluator", &self.evaluator)
            .field("tt_mib", &self.tt_mib)
            .finish_non_exhaustive()
    }
}
