//! **The engine's features**: one file each in `features/`, and the list of them, from which the
//! configuration ([`Config`]: a field a feature), its text form and options ([`FEATURES`]: a row
//! a feature) and a search's plan (`worker.rs`'s `Plan`) are made.
//!
//! Each feature's file holds all of the feature: its module documentation (the idea, its
//! invariant, whether it is exact or value-changing, its cost, its source), its part of the
//! configuration and its rows (its text name and option name), its state if it keeps any (in
//! `tables/`, a floor down, where the other features that read it reach it too), its
//! decisions, and a `plan` function that says at which phases of the node it acts and what it
//! needs (`worker.rs`'s phase table). The node function (`node.rs`) knows no feature: it runs the
//! steps the plan lists at each phase.
//!
//! # Adding a feature
//!
//! Write its file in `features/` (any file there is the model; `razoring.rs` is a short one
//! with a step before the moves, `lmp.rs` one for each move) and add one line to the list below:
//! its field of [`Config`], the field's type and its value when off, and the file with its rows.
//! The text form, the exactness, the cross-check matrix, the lab's and the UCI engine's
//! options follow from the rows, and the node runs the steps the file's `plan` adds. Nothing
//! else changes: not the node function, not the worker.

use super::feature::Feature;
use super::root_window::RootWindow;
use super::tables::history::HistoryRule;
use super::tables::tt::TableConfig;
use super::worker::Plan;
use crate::chance::ChancePruning;
use crate::{Evaluate, Game};

use lmr::Lmr;
use null_move::NullMoveConfig;
use quiescence::QuiescenceConfig;
use reverse_futility::ReverseFutility;

/// `FEATURES`'s line for the row `$row` of a feature whose part is the field `$field` of
/// [`Config`].
macro_rules! part {
    ($field:ident: $row:path) => {
        $row.lift::<Config>(
            |config| ($row.get)(&config.$field),
            |config, value| ($row.set)(&mut config.$field, value),
        )
    };
}

/// The list: for each field of [`Config`], its documentation, its type and its value when off,
/// then each feature file that keeps a part of it, with the file's rows. Makes the files'
/// modules, [`Config`], [`Config::PLAIN`], [`FEATURES`] and the plan.
macro_rules! features {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $type:ty = $off:expr => $($module:ident [$($row:ident),+])+;
    )*) => {
        $($(pub(crate) mod $module;)+)*

        /// The engine's configuration: one field a feature (the list is `engine/features.rs`).
        /// [`Config::default`] is every feature off: plain alpha-beta.
        ///
        /// See the [module documentation](super::config) for the text form and how to build one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Config {
            $($(#[doc = $doc])* pub $field: $type,)*
        }

        impl Config {
            /// Every feature off: plain alpha-beta.
            pub const PLAIN: Config = Config { $($field: $off,)* };

            /// What a search with this configuration runs at each phase of a node, and what it
            /// needs (each feature's `plan`), for an evaluation whose unit is `unit`.
            pub(crate) fn plan<'p, G: Game + 'p, E: Evaluate<G> + 'p>(&self, unit: i32) -> Plan<'p, G, E> {
                let mut plan = Plan::new(unit);
                $($($module::plan(&self.$field, &mut plan);)+)*
                plan.finish();
                plan
            }
        }

        /// Every feature of the engine, in the order of the text form: each feature's row
        /// (declared in its own file) reaching its part of [`Config`].
        pub const FEATURES: &[Feature<Config>] = &[$($($(part!($field: $module::$row),)+)+)*];
    };
}

features! {
    /// Iterative deepening (`features/iterative.rs`).
    iterative_deepening: bool = false => iterative[ITERATIVE_DEEPENING];
    /// A transposition table (`features/tt.rs`), with enhanced transposition cutoffs
    /// (`features/enhanced_cutoff.rs`), banked keys (`features/banked.rs`), its bounds read by
    /// the prunings (`features/table_eval.rs`) and the siblings' buckets prefetched
    /// (`features/prefetch.rs`).
    table: Option<TableConfig> = None => tt[TABLE] enhanced_cutoff[ENHANCED_CUTOFFS] banked[BANKED]
        table_eval[TABLE_EVAL] prefetch[PREFETCH];
    /// Moves with a positive [`order_hint`](crate::Game::order_hint) as a tier ahead of killers
    /// and history (`features/hints.rs`); off, hints still order the moves no other tier placed.
    order_hints: bool = false => hints[ORDER_HINTS];
    /// Killer moves (`features/killers.rs`).
    killers: bool = false => killers[KILLERS];
    /// Counter moves (`features/counter.rs`).
    counter_moves: bool = false => counter[COUNTER_MOVES];
    /// The history heuristic and its rule (`features/history.rs`).
    history: Option<HistoryRule> = None => history[HISTORY];
    /// Continuation history (`features/continuation.rs`).
    continuation_history: bool = false => continuation[CONTINUATION_HISTORY];
    /// Capture history (`features/capture_history.rs`): the hinted moves reordered by how often
    /// they cut.
    capture_history: bool = false => capture_history[CAPTURE_HISTORY];
    /// Principal variation search (`features/pvs.rs`).
    pvs: bool = false => pvs[PVS];
    /// The root's window: full, aspiration windows (`features/aspiration.rs`) or MTD(f)
    /// (`features/mtdf.rs`).
    root_window: RootWindow = RootWindow::Full => aspiration[ASPIRATION] mtdf[MTDF];
    /// Null-move pruning (`features/null_move.rs`).
    null_move: Option<NullMoveConfig> = None => null_move[NULL_MOVE, VERIFIED, GUARD, EVAL_TERM];
    /// Reverse futility pruning's margin per ply and depth (`features/reverse_futility.rs`).
    reverse_futility: Option<ReverseFutility> = None => reverse_futility[REVERSE_FUTILITY, REVERSE_FUTILITY_DEPTH];
    /// Futility pruning's margin per ply (`features/futility.rs`).
    futility: Option<i32> = None => futility[FUTILITY];
    /// Late move reductions, adjusted by history or not (`features/lmr.rs`).
    lmr: Option<Lmr> = None => lmr[LMR, LMR_HISTORY, LMR_PV, LMR_CUT];
    /// Late move pruning's base count (`features/lmp.rs`).
    late_move_pruning: Option<u32> = None => lmp[LATE_MOVE_PRUNING];
    /// History pruning's threshold per ply (`features/history_pruning.rs`).
    history_pruning: Option<u32> = None => history_pruning[HISTORY_PRUNING];
    /// SEE pruning's margin per ply (`features/see_pruning.rs`).
    see_pruning: Option<u32> = None => see_pruning[SEE_PRUNING];
    /// ProbCut's margin above beta (`features/probcut.rs`).
    probcut: Option<i32> = None => probcut[PROBCUT];
    /// Razoring's margin per ply below alpha (`features/razoring.rs`).
    razoring: Option<i32> = None => razoring[RAZORING];
    /// Internal iterative reduction's least depth (`features/iir.rs`).
    internal_reduction: Option<u32> = None => iir[INTERNAL_REDUCTION];
    /// Internal iterative deepening's least depth (`features/iid.rs`).
    internal_deepening: Option<u32> = None => iid[INTERNAL_DEEPENING];
    /// Singular extensions' least depth, with multi-cut (`features/singular.rs`).
    singular: Option<u32> = None => singular[SINGULAR];
    /// Reverse futility, late move pruning and reductions adjusted by whether the side to
    /// move's static value is improving (`features/improving.rs`).
    improving: bool = false => improving[IMPROVING];
    /// Correction history: the static value corrected by what searches of positions with the
    /// same [`correction_key`](crate::Game::correction_key) found (`features/correction.rs`).
    correction: bool = false => correction[CORRECTION];
    /// Quiescence search (`features/quiescence.rs`).
    quiescence: Option<QuiescenceConfig> = None => quiescence[QUIESCENCE, CHECKS, SEE, DELTA, TABLE, MAX_PLY, NODES];
    /// Check extension (`features/check_extension.rs`).
    check_extension: bool = false => check_extension[CHECK_EXTENSION];
    /// The capture-chain extension's plies (`features/capture_chain.rs`).
    capture_chain: Option<u32> = None => capture_chain[CAPTURE_CHAIN];
    /// Repetition draws (`features/repetition.rs`).
    repetition: bool = false => repetition[REPETITION];
    /// The game's bounds on a position's value cut nodes they decide (`features/bounds.rs`).
    bounds: bool = false => bounds[BOUNDS];
    /// Pruning at chance nodes (`features/star.rs`): `None` searches every outcome with the full
    /// window, as expectiminimax does.
    chance: Option<ChancePruning> = None => star[STAR];
}

impl Default for Config {
    /// [`Config::PLAIN`].
    fn default() -> Self {
        Config::PLAIN
    }
}
