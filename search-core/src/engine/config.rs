//! **The engine's configuration**: one typed value, [`Config`], that says which features the
//! engine runs with, and from which everything else is derived: the engine itself
//! ([`Engine::with_config`](super::Engine::with_config)), its name, its text form (`Display` /
//! `FromStr`, one grammar), whether it is exact ([`Config::exactness`]), the cross-check matrix
//! ([`exact_configurations`]), and, through the [`FEATURES`] table, every front end's options
//! (the lab's `engine:` lists, the UCI engine's `setoption` names).
//!
//! A feature's sub-options live inside the feature's own part ([`TableConfig`],
//! [`NullMoveConfig`], [`QuiescenceConfig`]), so a sub-option without its feature (verified null
//! move without null move, delta pruning without quiescence) cannot be expressed, and aspiration
//! windows and MTD(f), which are alternative root drivers, are one [`RootWindow`].
//!
//! # The text form
//!
//! Features in [`FEATURES`] order, joined by `+`: a flag by its name (`killers`), a feature with a
//! value as `name=value` (`asp=25`, `null=adaptive`), or by its name alone for its default value
//! (`asp` is `asp=50`). `plain` is every feature off (plain alpha-beta). A value equal to the
//! default is written by the name alone, and an implied sub-option at its default (the table's
//! size, the quiescence ply limit) not at all, so every configuration has exactly one text.
//!
//! ```
//! use search_core::engine::{Config, Exactness};
//!
//! let exact = Config::exact();
//! assert_eq!(exact.to_string(), "id+tt+hints+killers+history+pvs");
//! assert_eq!(exact.exactness(), Exactness::Minimax);
//!
//! let config: Config = "id+tt=deeper+hash=64+hints+null=r2+verified+qs+delta".parse()?;
//! assert_eq!(config.null_move.unwrap().verified, true);
//! assert_eq!(config.exactness(), Exactness::ValueChanging);
//! assert_eq!(config.to_string().parse::<Config>()?, config);
//!
//! // Nonsense is refused with the reason.
//! let error = "killers+verified".parse::<Config>().unwrap_err();
//! assert_eq!(error.to_string(), "feature \"verified\" needs \"null\"");
//! # Ok::<(), search_core::engine::ConfigError>(())
//! ```
//!
//! # Adding a feature
//!
//! Add its field (or its part's) to [`Config`], a row to [`FEATURES`] (its name, its option
//! name, what it holds, its effect on the value), and its block in the node function. The text
//! form, the exactness, the lab and the UCI options follow from the row.

use std::fmt;
use std::str::FromStr;

use super::tt::DepthPolicy;

/// The null-move depth reduction `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NullReduction {
    /// The same `R` everywhere (the thesis compares 1, 2 and 3; 2 is the classic choice). The
    /// text form accepts `r1` to `r9`.
    Fixed(u32),
    /// Heinz's adaptive null-move pruning, generic form: `R = 3` when more than
    /// [`ADAPTIVE_R_DEPTH`] plies remain, `R = 2` nearer the horizon. (Heinz also keeps `R = 2`
    /// up to depth 8 when both sides have little material; that needs a game-specific material
    /// measure the [`Game`](crate::Game) trait does not have.)
    Adaptive,
}

/// Adaptive null move uses `R = 3` above this depth (Heinz 1999).
pub const ADAPTIVE_R_DEPTH: u32 = 6;

/// The largest fixed null-move reduction the text form accepts.
pub const MAX_NULL_REDUCTION: u32 = 9;

/// How MTD(f) picks its first guess in each iteration of iterative deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstGuess {
    /// The value of the previous iteration (Plaat et al. 1996).
    Previous,
    /// The value of the iteration two plies earlier: odd and even depths oscillate, so the
    /// same parity is the better guess (the Fiacco report).
    TwoBack,
}

/// How each root search (each iteration) is windowed: the alternatives are exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RootWindow {
    /// The full window `(-INFINITY, INFINITY)`.
    #[default]
    Full,
    /// Aspiration windows of `± half-window` around the previous iteration's value (see
    /// `aspiration.rs`).
    Aspiration(i32),
    /// MTD(f): null-window passes only, from the given first guess (see `mtdf.rs`).
    Mtdf(FirstGuess),
}

/// How the engine prunes at chance nodes (`chance.rs`, [`crate::chance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChancePruning {
    /// Star1: each outcome in the window that decides the node (Ballard 1983).
    Star1,
    /// Star2: Star1 after a probing phase, the first move of each outcome in the search's
    /// order (Ballard 1983).
    Star2,
}

/// How far late move reductions reduce (see `lmr.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reductions {
    /// One ply, two for very late moves far from the horizon.
    Classic,
    /// `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies.
    Logarithmic,
}

/// The transposition table's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableConfig {
    /// Its size in MiB (at most [`MAX_TABLE_MIB`]; the engine clamps larger values).
    pub mib: usize,
    /// Which stored depths it may answer for.
    pub policy: DepthPolicy,
    /// Enhanced transposition cutoffs (`enhanced_cutoff.rs`).
    pub enhanced_cutoffs: bool,
}

/// The default transposition table size, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// The largest transposition table, in MiB (larger sizes are clamped: a table is filled when
/// allocated, so a size beyond the machine's memory would end the process).
pub const MAX_TABLE_MIB: usize = 4096;

impl TableConfig {
    /// A table of the default size with `policy`, without enhanced cutoffs.
    #[must_use]
    pub const fn new(policy: DepthPolicy) -> Self {
        TableConfig {
            mib: DEFAULT_TABLE_MIB,
            policy,
            enhanced_cutoffs: false,
        }
    }
}

/// Null-move pruning's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NullMoveConfig {
    /// The depth reduction.
    pub reduction: NullReduction,
    /// Verified null-move pruning (David-Tabibi & Netanyahu 2002) instead of plain cutoffs.
    pub verified: bool,
    /// Null move only where the static evaluation is at least beta.
    pub eval_guard: bool,
}

impl NullMoveConfig {
    /// Plain null-move pruning with `reduction`.
    #[must_use]
    pub const fn new(reduction: NullReduction) -> Self {
        NullMoveConfig {
            reduction,
            verified: false,
            eval_guard: false,
        }
    }
}

/// Quiescence search's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuiescenceConfig {
    /// In check, every move (no stand pat); at the first quiescence ply, quiet checking moves.
    pub checks: bool,
    /// Delta pruning with this margin.
    pub delta_pruning: Option<i32>,
    /// The hard limit on quiescence plies beyond the horizon.
    pub max_ply: u32,
    /// A budget of quiescence nodes under each horizon node (`None`: no budget).
    pub max_nodes: Option<u32>,
}

/// The default bound on quiescence plies beyond the horizon (the thesis saw lines 32 plies deep).
pub const QUIESCENCE_MAX_PLY: u32 = 64;

impl Default for QuiescenceConfig {
    fn default() -> Self {
        QuiescenceConfig {
            checks: false,
            delta_pruning: None,
            max_ply: QUIESCENCE_MAX_PLY,
            max_nodes: None,
        }
    }
}

/// The quiescence node budget `qs-nodes` names alone: far above what an ordinary chess position
/// needs, low enough that a board full of queens answers `go depth 1` in a fraction of a second.
pub const DEFAULT_QUIESCENCE_NODES: u32 = 5000;

/// The default aspiration half-window of the strongest preset, in hundredths of the evaluation's
/// [`unit`](crate::Evaluate::unit) (half a pawn in chess).
pub const DEFAULT_ASPIRATION_WINDOW: i32 = 50;

/// The strongest preset's reverse futility margin per ply of depth left, in hundredths of the evaluation's
/// unit (a pawn):
/// in chess self-play it scored 62.8% against the preset without it (200 games at 1 s + 0.01 s).
pub const DEFAULT_REVERSE_FUTILITY_MARGIN: i32 = 100;

/// The default futility margin per ply, in hundredths of the evaluation's unit (a pawn).
pub const DEFAULT_FUTILITY_MARGIN: i32 = 100;

/// The default delta-pruning margin: a queen's worth (9 units, a unit being a pawn), the usual
/// safe margin.
pub const DEFAULT_DELTA_MARGIN: i32 = 900;

/// The default capture-chain extension, in plies (the article's depth 4, 6 for capture chains).
pub const DEFAULT_CAPTURE_CHAIN: u32 = 2;

/// The engine's configuration. [`Config::default`] is every feature off: plain alpha-beta.
///
/// See the [module documentation](self) for the text form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// Iterative deepening (`iterative.rs`).
    pub iterative_deepening: bool,
    /// A transposition table (`tt.rs`).
    pub table: Option<TableConfig>,
    /// Moves with a positive [`order_hint`](crate::Game::order_hint) as a tier ahead of killers
    /// and history (`ordering.rs`); off, hints still order the moves no other tier placed.
    pub order_hints: bool,
    /// Killer moves (`killers.rs`).
    pub killers: bool,
    /// The history heuristic (`history.rs`).
    pub history: bool,
    /// Principal variation search (`node.rs`, the child-search ladder).
    pub pvs: bool,
    /// The root driver (`aspiration.rs`, `mtdf.rs`).
    pub root_window: RootWindow,
    /// Null-move pruning (`null_move.rs`).
    pub null_move: Option<NullMoveConfig>,
    /// Reverse futility pruning's margin per ply (`futility.rs`).
    pub reverse_futility: Option<i32>,
    /// Futility pruning's margin per ply (`futility.rs`).
    pub futility: Option<i32>,
    /// Late move reductions (`lmr.rs`).
    pub lmr: Option<Reductions>,
    /// Quiescence search (`quiescence.rs`).
    pub quiescence: Option<QuiescenceConfig>,
    /// Check extension (`extensions.rs`).
    pub check_extension: bool,
    /// The capture-chain extension's plies (`extensions.rs`).
    pub capture_chain: Option<u32>,
    /// Repetition draws (`repetition.rs`).
    pub repetition: bool,
    /// Pruning at chance nodes (`chance.rs`): `None` searches every outcome with the full
    /// window, as expectiminimax does.
    pub chance: Option<ChancePruning>,
}

impl Config {
    /// Every feature off: plain alpha-beta.
    pub const PLAIN: Config = Config {
        iterative_deepening: false,
        table: None,
        order_hints: false,
        killers: false,
        history: false,
        pvs: false,
        root_window: RootWindow::Full,
        null_move: None,
        reverse_futility: None,
        futility: None,
        lmr: None,
        quiescence: None,
        check_extension: false,
        capture_chain: None,
        repetition: false,
        chance: None,
    };

    /// The exact preset: iterative deepening, a same-depth transposition table of up to 16 MiB
    /// (taken as it fills), order hints, killers, history and PVS. No forward pruning, no
    /// quiescence, no repetition draws: the value is minimax's at the nominal depth.
    #[must_use]
    pub const fn exact() -> Config {
        Config {
            iterative_deepening: true,
            table: Some(TableConfig::new(DepthPolicy::SameDepth)),
            order_hints: true,
            killers: true,
            history: true,
            pvs: true,
            ..Config::PLAIN
        }
    }

    /// The strongest preset: the exact preset's ordering with the standard (at least as deep)
    /// TT policy, aspiration windows, adaptive null move, reverse futility pruning, logarithmic
    /// LMR, quiescence search (with a node budget), check extension and repetition draws. Each feature was measured
    /// in chess games (the project's `docs/strength.md`): quiescence, LMR, reverse futility and
    /// logarithmic LMR were shown to help, none of the others was shown to hurt. The margins are in
    /// hundredths of the evaluation's [`unit`](crate::Evaluate::unit) (a pawn in chess), so they
    /// mean the same on any evaluation's scale.
    #[must_use]
    pub const fn strongest() -> Config {
        Config {
            table: Some(TableConfig::new(DepthPolicy::AtLeastDepth)),
            root_window: RootWindow::Aspiration(DEFAULT_ASPIRATION_WINDOW),
            null_move: Some(NullMoveConfig::new(NullReduction::Adaptive)),
            reverse_futility: Some(DEFAULT_REVERSE_FUTILITY_MARGIN),
            lmr: Some(Reductions::Logarithmic),
            quiescence: Some(QuiescenceConfig {
                checks: false,
                delta_pruning: None,
                max_ply: QUIESCENCE_MAX_PLY,
                max_nodes: Some(DEFAULT_QUIESCENCE_NODES),
            }),
            check_extension: true,
            repetition: true,
            ..Config::exact()
        }
    }

    /// This configuration for game `G`: with Star2 pruning at chance nodes (`star=2`) if the
    /// game has any ([`Game::HAS_CHANCE`](crate::Game::HAS_CHANCE)) and the configuration does
    /// not say otherwise; unchanged for a deterministic game. What the presets' constructors
    /// ([`Engine::exact`](super::Engine::exact), [`Engine::strongest`](super::Engine::strongest))
    /// apply. Star2, not Star1: with the presets' ordering its probes repay on EinStein
    /// positions (88.6% of expectiminimax's nodes saved at depth 9, against Star1's 71.7%: the
    /// README's table, `examples/star_table.rs`).
    #[must_use]
    pub fn for_game<G: crate::Game>(mut self) -> Config {
        if G::HAS_CHANCE && self.chance.is_none() {
            self.chance = Some(ChancePruning::Star2);
        }
        self
    }

    /// Whether the engine with this configuration returns minimax's value, see [`Exactness`]:
    /// the most value-changing of its features' effects (each feature's row in [`FEATURES`]).
    #[must_use]
    pub fn exactness(&self) -> Exactness {
        FEATURES
            .iter()
            .filter_map(|feature| (feature.get)(self).map(|value| (feature.effect)(&value)))
            .max()
            .unwrap_or(Exactness::Minimax)
    }

    /// Sets the feature named `name` (its text name or its option name, case-insensitively) to
    /// `value`: `None`, `"true"` or the feature's own name for a flag or the default value,
    /// `"false"`, `"off"` or `"0"` to switch it off, or a value (`"25"`, `"adaptive"`). What a
    /// UCI `setoption` does.
    ///
    /// # Errors
    ///
    /// An unknown feature, a bad value, or a sub-option whose feature is off; the configuration
    /// is then unchanged.
    ///
    /// ```
    /// use search_core::engine::Config;
    /// let mut config = Config::strongest();
    /// config.set("Null Move", Some("r3"))?;
    /// config.set("verified", None)?;
    /// config.set("LMR", Some("off"))?;
    /// assert!(config.to_string().contains("null=r3+verified"));
    /// assert!(config.set("Null Move", Some("r0")).is_err());
    /// # Ok::<(), search_core::engine::ConfigError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), ConfigError> {
        let feature = Feature::find(name).ok_or_else(|| ConfigError::UnknownFeature(name.to_string()))?;
        let value = feature.parse_value(value)?;
        let mut changed = *self;
        if let Some(parent) = feature.parent {
            let parent = Feature::find(parent).expect("parents are features");
            if (parent.get)(&changed).is_none() {
                if value.is_none() {
                    return Ok(()); // switching off a sub-option of a feature that is off
                }
                return Err(ConfigError::NeedsParent {
                    feature: feature.name,
                    parent: parent.name,
                });
            }
        }
        (feature.set)(&mut changed, value).map_err(|reason| ConfigError::BadValue {
            feature: feature.name,
            reason,
        })?;
        *self = changed;
        Ok(())
    }
}

/// Whether a configuration's root value is minimax's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Exactness {
    /// Minimax's value at the nominal depth ([`reference::Minimax`](crate::reference::Minimax)),
    /// and a move among its best moves.
    Minimax,
    /// Minimax-with-quiescence's value
    /// ([`reference::MinimaxQuiescence`](crate::reference::MinimaxQuiescence)).
    Quiescence,
    /// Forward pruning, reductions, extensions, tables reused across depths or path-dependent
    /// draws: held to the invariants only (legal move, possible score).
    ValueChanging,
}

/// A feature's value, when it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A flag that is on.
    On,
    /// A number (a margin, a window, a size, plies).
    Number(i64),
    /// One of the feature's named choices.
    Choice(&'static str),
}

/// What a feature holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// On or off.
    Flag,
    /// A number in `min..=max`, `default` when named alone.
    Number {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
        /// The value its name alone gives.
        default: i64,
    },
    /// One of these names, the first when named alone.
    Choice(&'static [&'static str]),
}

/// One row of [`FEATURES`]: a feature of the engine as every front end sees it.
#[derive(Clone, Copy)]
pub struct Feature {
    /// Its name in the text form (`killers`, `null`).
    pub name: &'static str,
    /// Its option name in front ends such as UCI (`Killers`, `Null Move`).
    pub option: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// The feature it is a part of, if any: it exists only with that feature on.
    pub parent: Option<&'static str>,
    /// Always present with its parent (a size, a limit): never off on its own, and not written
    /// in the text form at its default.
    pub implied: bool,
    /// Its value in a configuration (`None`: off).
    pub get: fn(&Config) -> Option<Value>,
    /// Sets it (`None`: off); the value is already checked against [`Kind`], the parent is on.
    pub set: fn(&mut Config, Option<Value>) -> Result<(), String>,
    /// What it does to the root value when on with this value.
    pub effect: fn(&Value) -> Exactness,
}

impl fmt::Debug for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Feature")
            .field("name", &self.name)
            .field("option", &self.option)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Feature {
    /// Whether the feature acts only in games with chance nodes (front ends for a
    /// deterministic game, such as the chess UCI engine, leave it out).
    #[must_use]
    pub fn is_for_chance_games(&self) -> bool {
        self.name == "star"
    }

    /// The feature with this text or option name (case-insensitive).
    #[must_use]
    pub fn find(name: &str) -> Option<&'static Feature> {
        let name = name.trim();
        FEATURES
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name) || f.option.eq_ignore_ascii_case(name))
    }

    /// Parses a value given for this feature: `None` means off.
    fn parse_value(&self, text: Option<&str>) -> Result<Option<Value>, ConfigError> {
        let bad = |reason: String| ConfigError::BadValue {
            feature: self.name,
            reason,
        };
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        let off = matches!(text, Some(t) if ["false", "off"].iter().any(|o| t.eq_ignore_ascii_case(o)));
        if off || (text == Some("0") && !matches!(self.kind, Kind::Number { min: 0, .. })) {
            if self.implied {
                return Err(bad("cannot be switched off on its own".to_string()));
            }
            return Ok(None);
        }
        let named_alone =
            text.is_none_or(|t| t.eq_ignore_ascii_case("true") || t.eq_ignore_ascii_case(self.name));
        match self.kind {
            Kind::Flag if named_alone => Ok(Some(Value::On)),
            Kind::Flag => Err(bad(format!("is on or off, not {:?}", text.unwrap_or_default()))),
            Kind::Number { default, .. } if named_alone => Ok(Some(Value::Number(default))),
            Kind::Number { min, max, .. } => {
                let text = text.unwrap_or_default();
                let number: i64 = text
                    .parse()
                    .map_err(|_| bad(format!("needs a number, not {text:?}")))?;
                if (min..=max).contains(&number) {
                    Ok(Some(Value::Number(number)))
                } else {
                    Err(bad(format!("{number} is out of range {min}..={max}")))
                }
            }
            Kind::Choice(choices) if named_alone => Ok(Some(Value::Choice(choices[0]))),
            Kind::Choice(choices) => {
                let text = text.unwrap_or_default();
                let named = choices.iter().copied().find(|c| c.eq_ignore_ascii_case(text));
                // Null move's fixed reductions beyond the listed ones: r4 ... r9.
                let reduction = (self.name == "null")
                    .then(|| parse_null_reduction(text).map(reduction_name))
                    .flatten();
                named
                    .or(reduction)
                    .map(|c| Some(Value::Choice(c)))
                    .ok_or_else(|| bad(format!("has no value {text:?} (one of: {})", choices.join(", "))))
            }
        }
    }

    /// This feature's token in the text form, if it is written.
    fn token(&self, value: &Value) -> Option<String> {
        match (self.kind, value) {
            (Kind::Number { default, .. }, Value::Number(n)) if *n == default => {
                (!self.implied).then(|| self.name.to_string())
            }
            (_, Value::Number(n)) => Some(format!("{}={n}", self.name)),
            (Kind::Choice(choices), Value::Choice(c)) if *c == choices[0] => Some(self.name.to_string()),
            (_, Value::Choice(c)) => Some(format!("{}={c}", self.name)),
            (_, Value::On) => Some(self.name.to_string()),
        }
    }
}

/// `r1` ... `r9`.
fn parse_null_reduction(text: &str) -> Option<u32> {
    let r: u32 = text.strip_prefix(['r', 'R'])?.parse().ok()?;
    (1..=MAX_NULL_REDUCTION).contains(&r).then_some(r)
}

/// The name of the fixed reduction `r` (clamped into 1..=9).
fn reduction_name(r: u32) -> &'static str {
    const NAMES: [&str; MAX_NULL_REDUCTION as usize] = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"];
    NAMES[r.clamp(1, MAX_NULL_REDUCTION) as usize - 1]
}

fn flag(on: bool) -> Option<Value> {
    on.then_some(Value::On)
}

fn number(value: Option<Value>) -> Option<i64> {
    match value {
        Some(Value::Number(n)) => Some(n),
        _ => None,
    }
}

fn choice(value: Option<Value>) -> Option<&'static str> {
    match value {
        Some(Value::Choice(c)) => Some(c),
        _ => None,
    }
}

/// A number known to lie in its feature's range, as `i32`.
fn to_i32(value: Option<Value>) -> Option<i32> {
    number(value).map(|n| n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}

fn exact(_: &Value) -> Exactness {
    Exactness::Minimax
}

fn value_changing(_: &Value) -> Exactness {
    Exactness::ValueChanging
}

fn policy_name(policy: DepthPolicy) -> &'static str {
    match policy {
        DepthPolicy::SameDepth => "same",
        DepthPolicy::AtLeastDepth => "deeper",
        DepthPolicy::AnyDepth => "any",
    }
}

/// Edits the table's part (the parent is on when this is called).
fn table(config: &mut Config) -> &mut TableConfig {
    config
        .table
        .get_or_insert(TableConfig::new(DepthPolicy::SameDepth))
}

fn null_move(config: &mut Config) -> &mut NullMoveConfig {
    config
        .null_move
        .get_or_insert(NullMoveConfig::new(NullReduction::Fixed(2)))
}

fn quiescence(config: &mut Config) -> &mut QuiescenceConfig {
    config.quiescence.get_or_insert_with(QuiescenceConfig::default)
}

/// Every feature of the engine, in the order of the text form. The single place where a
/// feature's name, option, kind and effect on the value are written.
pub const FEATURES: &[Feature] = &[
    Feature {
        name: "id",
        option: "Iterative Deepening",
        summary: "iterative deepening: depth 1, 2, ... each ordering the next",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.iterative_deepening),
        set: |c, v| {
            c.iterative_deepening = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "tt",
        option: "Transposition Table",
        summary: "transposition table: same-depth entries only (exact), or same or deeper, or any depth (value-changing)",
        kind: Kind::Choice(&["same", "deeper", "any"]),
        parent: None,
        implied: false,
        get: |c| c.table.map(|t| Value::Choice(policy_name(t.policy))),
        set: |c, v| {
            match choice(v) {
                None => c.table = None,
                Some(name) => {
                    let policy = match name {
                        "same" => DepthPolicy::SameDepth,
                        "deeper" => DepthPolicy::AtLeastDepth,
                        _ => DepthPolicy::AnyDepth,
                    };
                    table(c).policy = policy;
                }
            }
            Ok(())
        },
        effect: |v| match v {
            Value::Choice("same") => Exactness::Minimax,
            _ => Exactness::ValueChanging,
        },
    },
    Feature {
        name: "hash",
        option: "Hash",
        summary: "the transposition table's size in MiB",
        kind: Kind::Number {
            min: 1,
            max: MAX_TABLE_MIB as i64,
            default: DEFAULT_TABLE_MIB as i64,
        },
        parent: Some("tt"),
        implied: true,
        get: |c| c.table.map(|t| Value::Number(t.mib as i64)),
        set: |c, v| {
            table(c).mib = number(v).unwrap_or(DEFAULT_TABLE_MIB as i64) as usize;
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "etc",
        option: "Enhanced TT Cutoffs",
        summary: "enhanced transposition cutoffs: a child the table knows refutes the node ends it (exact)",
        kind: Kind::Flag,
        parent: Some("tt"),
        implied: false,
        get: |c| c.table.and_then(|t| flag(t.enhanced_cutoffs)),
        set: |c, v| {
            table(c).enhanced_cutoffs = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "hints",
        option: "Order Hints",
        summary: "hinted moves (MVV-LVA captures in chess) before killers and history",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.order_hints),
        set: |c, v| {
            c.order_hints = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "killers",
        option: "Killers",
        summary: "killer moves, two per ply",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.killers),
        set: |c, v| {
            c.killers = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "history",
        option: "History",
        summary: "the history heuristic for quiet moves",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.history),
        set: |c, v| {
            c.history = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "pvs",
        option: "PVS",
        summary: "principal variation search: later moves by a null window first",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.pvs),
        set: |c, v| {
            c.pvs = v.is_some();
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "asp",
        option: "Aspiration",
        summary: "aspiration windows of +- this many hundredths of a unit around the previous iteration's value",
        kind: Kind::Number {
            min: 1,
            max: 100_000,
            default: DEFAULT_ASPIRATION_WINDOW as i64,
        },
        parent: None,
        implied: false,
        get: |c| match c.root_window {
            RootWindow::Aspiration(window) => Some(Value::Number(i64::from(window))),
            _ => None,
        },
        set: |c, v| {
            match (to_i32(v), c.root_window) {
                (Some(_), RootWindow::Mtdf(_)) => return Err("is an alternative to mtdf".to_string()),
                (Some(window), _) => c.root_window = RootWindow::Aspiration(window),
                (None, RootWindow::Aspiration(_)) => c.root_window = RootWindow::Full,
                (None, _) => {}
            }
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "mtdf",
        option: "MTD(f)",
        summary: "MTD(f) as the root driver, first guess from the previous iteration or two back",
        kind: Kind::Choice(&["previous", "two-back"]),
        parent: None,
        implied: false,
        get: |c| match c.root_window {
            RootWindow::Mtdf(FirstGuess::Previous) => Some(Value::Choice("previous")),
            RootWindow::Mtdf(FirstGuess::TwoBack) => Some(Value::Choice("two-back")),
            _ => None,
        },
        set: |c, v| {
            let guess = choice(v).map(|name| match name {
                "previous" => FirstGuess::Previous,
                _ => FirstGuess::TwoBack,
            });
            match (guess, c.root_window) {
                (Some(_), RootWindow::Aspiration(_)) => return Err("is an alternative to asp".to_string()),
                (Some(guess), _) => c.root_window = RootWindow::Mtdf(guess),
                (None, RootWindow::Mtdf(_)) => c.root_window = RootWindow::Full,
                (None, _) => {}
            }
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "null",
        option: "Null Move",
        summary: "null-move pruning with R = 1, 2, 3 (r1-r9), or adaptive (R = 3 above depth 6, else 2)",
        kind: Kind::Choice(&["r2", "r1", "r3", "adaptive"]),
        parent: None,
        implied: false,
        get: |c| {
            c.null_move.map(|n| match n.reduction {
                NullReduction::Adaptive => Value::Choice("adaptive"),
                NullReduction::Fixed(r) => Value::Choice(reduction_name(r)),
            })
        },
        set: |c, v| {
            match choice(v) {
                None => c.null_move = None,
                Some(name) => {
                    null_move(c).reduction = match name {
                        "adaptive" => NullReduction::Adaptive,
                        r => NullReduction::Fixed(parse_null_reduction(r).unwrap_or(2)),
                    }
                }
            }
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "verified",
        option: "Verified Null Move",
        summary: "verified null-move pruning: a fail-high searched on one ply shallower",
        kind: Kind::Flag,
        parent: Some("null"),
        implied: false,
        get: |c| c.null_move.and_then(|n| flag(n.verified)),
        set: |c, v| {
            null_move(c).verified = v.is_some();
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "null-guard",
        option: "Null Move Guard",
        summary: "null move only where the static value is at least beta",
        kind: Kind::Flag,
        parent: Some("null"),
        implied: false,
        get: |c| c.null_move.and_then(|n| flag(n.eval_guard)),
        set: |c, v| {
            null_move(c).eval_guard = v.is_some();
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "rfp",
        option: "Reverse Futility",
        summary: "reverse futility pruning, margin per ply in hundredths of a unit",
        kind: Kind::Number {
            min: 1,
            max: 100_000,
            default: DEFAULT_REVERSE_FUTILITY_MARGIN as i64,
        },
        parent: None,
        implied: false,
        get: |c| c.reverse_futility.map(|m| Value::Number(i64::from(m))),
        set: |c, v| {
            c.reverse_futility = to_i32(v);
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "futility",
        option: "Futility",
        summary: "futility pruning of quiet moves, margin per ply in hundredths of a unit",
        kind: Kind::Number {
            min: 1,
            max: 100_000,
            default: DEFAULT_FUTILITY_MARGIN as i64,
        },
        parent: None,
        implied: false,
        get: |c| c.futility.map(|m| Value::Number(i64::from(m))),
        set: |c, v| {
            c.futility = to_i32(v);
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "lmr",
        option: "LMR",
        summary: "late move reductions, classic (1-2 plies) or logarithmic",
        kind: Kind::Choice(&["classic", "log"]),
        parent: None,
        implied: false,
        get: |c| {
            c.lmr.map(|r| match r {
                Reductions::Classic => Value::Choice("classic"),
                Reductions::Logarithmic => Value::Choice("log"),
            })
        },
        set: |c, v| {
            c.lmr = choice(v).map(|name| match name {
                "classic" => Reductions::Classic,
                _ => Reductions::Logarithmic,
            });
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "qs",
        option: "Quiescence",
        summary: "quiescence search of noisy moves at the horizon",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| c.quiescence.map(|_| Value::On),
        set: |c, v| {
            match v {
                None => c.quiescence = None,
                Some(_) => {
                    quiescence(c);
                }
            }
            Ok(())
        },
        effect: |_| Exactness::Quiescence,
    },
    Feature {
        name: "qs-checks",
        option: "Quiescence Checks",
        summary: "in quiescence search: evasions in check, quiet checks at its first ply",
        kind: Kind::Flag,
        parent: Some("qs"),
        implied: false,
        get: |c| c.quiescence.and_then(|q| flag(q.checks)),
        set: |c, v| {
            quiescence(c).checks = v.is_some();
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "delta",
        option: "Delta Pruning",
        summary: "delta pruning in quiescence search, margin in hundredths of a unit",
        kind: Kind::Number {
            min: 1,
            max: 100_000,
            default: DEFAULT_DELTA_MARGIN as i64,
        },
        parent: Some("qs"),
        implied: false,
        get: |c| {
            c.quiescence
                .and_then(|q| q.delta_pruning)
                .map(|m| Value::Number(i64::from(m)))
        },
        set: |c, v| {
            quiescence(c).delta_pruning = to_i32(v);
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "qs-max",
        option: "Quiescence Max Ply",
        summary: "the hard limit on quiescence plies beyond the horizon",
        kind: Kind::Number {
            min: 1,
            max: 1000,
            default: QUIESCENCE_MAX_PLY as i64,
        },
        parent: Some("qs"),
        implied: true,
        get: |c| c.quiescence.map(|q| Value::Number(i64::from(q.max_ply))),
        set: |c, v| {
            quiescence(c).max_ply = number(v).map_or(QUIESCENCE_MAX_PLY, |n| n as u32);
            Ok(())
        },
        effect: exact,
    },
    Feature {
        name: "qs-nodes",
        option: "Quiescence Nodes",
        summary: "a budget of quiescence nodes under each horizon node, then stand pat",
        kind: Kind::Number {
            min: 1,
            max: 100_000_000,
            default: DEFAULT_QUIESCENCE_NODES as i64,
        },
        parent: Some("qs"),
        implied: false,
        get: |c| {
            c.quiescence
                .and_then(|q| q.max_nodes)
                .map(|n| Value::Number(i64::from(n)))
        },
        set: |c, v| {
            quiescence(c).max_nodes = number(v).map(|n| n as u32);
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "check-ext",
        option: "Check Extension",
        summary: "check extension: a position in check is searched one ply deeper",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.check_extension),
        set: |c, v| {
            c.check_extension = v.is_some();
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "chain",
        option: "Capture Chain",
        summary: "capture-chain extension: while every move from the root is noisy, the horizon is this many plies further",
        kind: Kind::Number {
            min: 1,
            max: 32,
            default: DEFAULT_CAPTURE_CHAIN as i64,
        },
        parent: None,
        implied: false,
        get: |c| c.capture_chain.map(|p| Value::Number(i64::from(p))),
        set: |c, v| {
            c.capture_chain = number(v).map(|n| n as u32);
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "rep",
        option: "Repetition",
        summary: "repetition draws from the game history and the current line (path-dependent)",
        kind: Kind::Flag,
        parent: None,
        implied: false,
        get: |c| flag(c.repetition),
        set: |c, v| {
            c.repetition = v.is_some();
            Ok(())
        },
        effect: value_changing,
    },
    Feature {
        name: "star",
        option: "Chance Pruning",
        summary: "games with dice: Star1 (star) or Star2 (star=2) pruning at chance nodes (exact)",
        kind: Kind::Choice(&["1", "2"]),
        parent: None,
        implied: false,
        get: |c| {
            c.chance.map(|pruning| match pruning {
                ChancePruning::Star2 => Value::Choice("2"),
                ChancePruning::Star1 => Value::Choice("1"),
            })
        },
        set: |c, v| {
            c.chance = choice(v).map(|name| match name {
                "2" => ChancePruning::Star2,
                _ => ChancePruning::Star1,
            });
            Ok(())
        },
        effect: exact,
    },
];

/// What is wrong with a configuration's text or a feature's value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Not the name of a feature.
    #[error("unknown engine feature {0:?} (features: {names})", names = feature_names())]
    UnknownFeature(String),
    /// A value the feature does not take.
    #[error("feature {feature:?} {reason}")]
    BadValue {
        /// The feature.
        feature: &'static str,
        /// Why.
        reason: String,
    },
    /// A sub-option without its feature.
    #[error("feature {feature:?} needs {parent:?}")]
    NeedsParent {
        /// The sub-option.
        feature: &'static str,
        /// The feature it belongs to.
        parent: &'static str,
    },
    /// The same feature twice.
    #[error("feature {0:?} given twice")]
    Repeated(&'static str),
}

fn feature_names() -> String {
    FEATURES.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tokens: Vec<String> = FEATURES
            .iter()
            .filter_map(|feature| (feature.get)(self).and_then(|value| feature.token(&value)))
            .collect();
        if tokens.is_empty() {
            f.write_str("plain")
        } else {
            f.write_str(&tokens.join("+"))
        }
    }
}

impl FromStr for Config {
    type Err = ConfigError;

    /// Parses the text form (see the [module documentation](self)): tokens in any order, each
    /// feature at most once, sub-options with their feature.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let mut config = Config::PLAIN;
        if text.is_empty() || text == "plain" {
            return Ok(config);
        }
        let mut given: Vec<(&'static Feature, Option<&str>)> = Vec::new();
        for token in text.split('+').map(str::trim) {
            let (name, value) = match token.split_once('=') {
                Some((name, value)) => (name.trim(), Some(value.trim())),
                None => (token, None),
            };
            let feature = FEATURES
                .iter()
                .find(|f| f.name == name)
                .ok_or_else(|| ConfigError::UnknownFeature(name.to_string()))?;
            if given.iter().any(|(f, _)| f.name == feature.name) {
                return Err(ConfigError::Repeated(feature.name));
            }
            if value.is_some_and(|v| ["false", "off", "0"].contains(&v)) && !feature.implied {
                return Err(ConfigError::BadValue {
                    feature: feature.name,
                    reason: "is switched off by leaving it out".to_string(),
                });
            }
            given.push((feature, value));
        }
        // Parents before their parts: apply in table order.
        given.sort_by_key(|(feature, _)| FEATURES.iter().position(|f| f.name == feature.name));
        for (feature, value) in given {
            config.set(feature.name, Some(value.unwrap_or(feature.name)))?;
        }
        Ok(config)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Config {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Config {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Every combination of the engine's exact features, the matrix a cross-check should hold to
/// the reference: order hints × killers × history × PVS × iterative deepening × a 1 MiB
/// same-depth transposition table (2⁶ = 64), each with a full root window, aspiration windows of
/// ±`aspiration_window`, and MTD(f) guessing from the previous iteration and from two back:
/// [`EXACT_COMBINATIONS`] configurations, every one [`Exactness::Minimax`].
///
/// (Before the configuration was one value, the matrix listed 384 engines: aspiration on and
/// off under MTD(f), which ignores it, gave 128 duplicates.)
#[must_use]
pub fn exact_configurations(aspiration_window: i32) -> Vec<Config> {
    let mut configs = Vec::with_capacity(EXACT_COMBINATIONS);
    for bits in 0..(1u32 << 6) {
        let on = |bit: u32| bits & (1 << bit) != 0;
        for root_window in [
            RootWindow::Full,
            RootWindow::Aspiration(aspiration_window.max(1)),
            RootWindow::Mtdf(FirstGuess::Previous),
            RootWindow::Mtdf(FirstGuess::TwoBack),
        ] {
            configs.push(Config {
                order_hints: on(0),
                killers: on(1),
                history: on(2),
                pvs: on(3),
                iterative_deepening: on(4),
                table: on(5).then_some(TableConfig {
                    mib: 1,
                    ..TableConfig::new(DepthPolicy::SameDepth)
                }),
                root_window,
                ..Config::PLAIN
            });
        }
    }
    configs
}

/// How many configurations [`exact_configurations`] gives.
pub const EXACT_COMBINATIONS: usize = 256;

#[cfg(test)]
mod tests;
