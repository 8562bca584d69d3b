//! The registry of named searcher configurations, and engine feature lists named on the command
//! line.
//!
//! A [`Config`] says how to build a searcher for one position (a fresh searcher per search, so
//! that a transposition table starts empty, as in the thesis), which [`MoveOrdering`] its
//! positions generate moves in, how it is checked against a reference ([`Check`]), and its depth
//! offset relative to each position's `acd` depth.
//!
//! # Names
//!
//! - The thesis's configurations (K. Wasastjerna 2022, sections 3-4): `minimax`, `ab-v1` …
//!   `ab-v4`, `nm-r1` … `nm-r3`, `tt-v1` … `tt-v3`, `qs+0`, `qs-1`, `thesis-final`.
//! - The project's: `ab-mvv`, `killers`, `history`, `pvs`, `id`, `mtdf`, `exact`, `strongest`,
//!   and `mcts` (Monte Carlo tree search: 10 000 iterations, playouts cut off after 4 plies and
//!   valued by the evaluation; `mcts:iterations=N+cutoff=P+c=X+seed=S` sets any of them).
//! - An engine configuration: `engine:` followed by the engine's own text form
//!   ([`search_core::engine::Config`]: features joined with `+`, e.g. `id+tt+killers+pvs+null=r2`;
//!   the comma separates configurations in `--configs`), optionally with a move ordering of the
//!   positions among the features (`generation`, `v1` ... `v4`, `mvv-lva`; default `mvv-lva`).
//!   Every feature of the engine can be named: see [`feature_help`].
//!
//! ```
//! use game_search_lab::configs::{Check, Config};
//! let config = Config::parse("engine:v1+id+tt+killers+pvs").unwrap();
//! assert_eq!(config.check, Check::AlphaBeta);
//! assert_eq!(Config::parse("engine:v1+null=r2").unwrap().check, Check::None);
//! assert_eq!(Config::parse("engine:rfp=50+lmr=log").unwrap().check, Check::None);
//! assert!(Config::parse("alpha-beta").unwrap_err().to_string().contains("ab-v1"));
//! ```

use std::fmt;

use game_chess::{ChessGame, Evaluation, MoveOrdering};
use search_core::Searcher;
use search_core::engine::{
    Config as EngineConfig, DepthPolicy, Engine, Exactness, FEATURES, FirstGuess, HistoryRule, Kind,
    NullMoveConfig, NullReduction, QuiescenceConfig, RootWindow, Setup, SetupError, TableConfig,
};
use search_core::reference::Minimax;

/// A searcher that can be sent to a worker thread.
pub type BoxedSearcher = Box<dyn Searcher<ChessGame> + Send>;

/// How a configuration's results are checked against a reference on the fly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// Value-changing (forward pruning, TT reuse across depths, ...): measured, not checked.
    None,
    /// Minimax-exact: value equal to `reference::AlphaBeta`'s with the same evaluation, and the
    /// best move one of the reference's best moves.
    AlphaBeta,
    /// Quiescence-exact: equal to `reference::MinimaxQuiescence` (checked only up to the runner's
    /// affordable depth, with capture lines cut short in both: the reference searches every node).
    Quiescence,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Check::None => "-",
            Check::AlphaBeta => "minimax",
            Check::Quiescence => "minimax+qs",
        })
    }
}

impl From<Exactness> for Check {
    fn from(exactness: Exactness) -> Self {
        match exactness {
            Exactness::Minimax => Check::AlphaBeta,
            Exactness::Quiescence => Check::Quiescence,
            Exactness::ValueChanging => Check::None,
        }
    }
}

/// How a configuration's searcher is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// `reference::Minimax`: every node.
    Minimax,
    /// The engine with this setup (its configuration, on its resources).
    Engine(Setup),
    /// Monte Carlo tree search ([`search_core::mcts::Mcts`]) with the configuration's evaluation
    /// at the playouts' cut-off.
    Mcts(MctsConfig),
}

/// A Monte Carlo tree search configuration: `mcts` or
/// `mcts:iterations=N+cutoff=P+c=X+seed=S+threads=T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsConfig {
    /// Iterations per search under a depth limit (under a node or time limit, the limit decides).
    pub iterations: u64,
    /// Plies each playout plays before the evaluation values it (random moves in chess reach no
    /// ending worth the name).
    pub cutoff: u32,
    /// The exploration constant, in thousandths (1414: `sqrt(2)`).
    pub exploration_milli: u32,
    /// The playouts' seed.
    pub seed: u64,
    /// Threads, a tree each (root parallelisation).
    pub threads: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 10_000,
            cutoff: 4,
            exploration_milli: 1414,
            seed: 0,
            threads: 1,
        }
    }
}

impl MctsConfig {
    /// Parses `iterations=N+cutoff=P+c=X+seed=S+threads=T` (any subset, in any order).
    ///
    /// # Errors
    ///
    /// An unknown key or a value out of range, with the reason.
    pub fn parse(text: &str) -> Result<MctsConfig, String> {
        let mut config = MctsConfig::default();
        for part in text.split('+').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                format!("expected KEY=VALUE, got {part:?} (keys: iterations, cutoff, c, seed, threads)")
            })?;
            let number = |max: u64| -> Result<u64, String> {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n <= max)
                    .ok_or_else(|| format!("{key}={value}: expected a whole number up to {max}"))
            };
            match key {
                "iterations" => config.iterations = number(1_000_000_000)?.max(1),
                "cutoff" => config.cutoff = number(1_000)? as u32,
                "c" => {
                    config.exploration_milli = value
                        .parse::<f64>()
                        .ok()
                        .filter(|c| c.is_finite() && (0.0..=100.0).contains(c))
                        .map(|c| (c * 1000.0).round() as u32)
                        .ok_or_else(|| format!("c={value}: expected a number from 0 to 100"))?;
                }
                "seed" => config.seed = number(u64::MAX)?,
                "threads" => {
                    let mut resources = search_core::Resources::DEFAULT;
                    resources
                        .set("threads", value)
                        .map_err(|error| error.to_string())?;
                    config.threads = resources.threads();
                }
                _ => {
                    return Err(format!(
                        "unknown key {key:?} (keys: iterations, cutoff, c, seed, threads)"
                    ));
                }
            }
        }
        Ok(config)
    }

    /// The searcher, `iterations` per search when `with_iterations`.
    #[must_use]
    pub fn build(&self, evaluation: Evaluation, with_iterations: bool) -> BoxedSearcher {
        let mcts = search_core::mcts::Mcts::new()
            .with_evaluator(evaluation)
            .with_cutoff(self.cutoff)
            .with_exploration(f64::from(self.exploration_milli) / 1000.0)
            .with_seed(self.seed)
            .with_threads(self.threads);
        if with_iterations {
            Box::new(mcts.with_iterations(self.iterations))
        } else {
            Box::new(mcts)
        }
    }
}

impl fmt::Display for MctsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "iterations={}+cutoff={}+c={}+seed={}",
            self.iterations,
            self.cutoff,
            f64::from(self.exploration_milli) / 1000.0,
            self.seed
        )?;
        if self.threads > 1 {
            write!(f, "+threads={}", self.threads)?;
        }
        Ok(())
    }
}

/// A named searcher configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The name it is selected by.
    pub name: String,
    /// One line on what it is.
    pub description: String,
    /// How to build its searcher.
    pub recipe: Recipe,
    /// The order its positions generate moves in.
    pub ordering: MoveOrdering,
    /// How its results are checked.
    pub check: Check,
    /// The depth offset it runs at unless the command line gives one (the thesis's choice).
    pub default_offset: i32,
    /// An offset always added (`qs-1` searches one ply less than `qs+0` at any offset).
    pub relative_offset: i32,
}

/// An unknown configuration name or a bad engine configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Not a registry name.
    #[error("unknown configuration {name:?}; valid names: {}, engine:FEATURE+FEATURE+... (see --help for the features), or mcts:iterations=N+cutoff=P+c=X+seed=S", registry_names().join(", "))]
    UnknownName {
        /// What was given.
        name: String,
    },
    /// Not a Monte Carlo tree search configuration.
    #[error("bad MCTS configuration {name:?}: {detail}")]
    Mcts {
        /// The whole configuration text.
        name: String,
        /// What is wrong with it.
        detail: String,
    },
    /// Not an engine configuration.
    #[error("bad engine configuration {name:?}: {error}")]
    Engine {
        /// The whole configuration text.
        name: String,
        /// What is wrong with it.
        error: SetupError,
    },
    /// An empty configuration list or name.
    #[error("no configuration given")]
    Empty,
}

/// One line per feature of `engine:` configurations: the move orderings, then every engine
/// feature of [`search_core::engine::FEATURES`] with what it takes.
#[must_use]
pub fn feature_help() -> Vec<String> {
    let mut lines = vec![
        "generation|v1|v2|v3|v4|mvv-lva: the positions' move generation order (default mvv-lva)".to_string(),
    ];
    for feature in FEATURES {
        let takes = match feature.kind {
            Kind::Flag => String::new(),
            Kind::Number { min, max, default } => format!("[={min}..{max}, default {default}]"),
            Kind::Choice(choices) => format!("[={}]", choices.join("|")),
        };
        let parent = feature.parent.map_or(String::new(), |p| format!(" (with {p})"));
        lines.push(format!("{}{takes}: {}{parent}", feature.name, feature.summary));
    }
    lines
}

fn engine(
    name: &str,
    description: &str,
    ordering: MoveOrdering,
    engine: EngineConfig,
    default_offset: i32,
) -> Config {
    Config {
        name: name.to_string(),
        description: description.to_string(),
        check: engine.exactness().into(),
        recipe: Recipe::Engine(Setup {
            config: engine,
            ..Setup::default()
        }),
        ordering,
        default_offset,
        relative_offset: 0,
    }
}

/// Every named configuration, thesis first.
#[must_use]
pub fn registry() -> Vec<Config> {
    let mut configs = vec![minimax()];
    configs.extend(alpha_beta_orderings());
    configs.extend(null_move_reductions());
    configs.extend(table_versions());
    configs.extend(quiescence_and_final());
    configs.extend(
        PROJECT.map(|(name, description, config)| engine(name, description, MoveOrdering::MvvLva, config, 2)),
    );
    configs.push(mcts_config("mcts", MctsConfig::default()));
    configs
}

/// The thesis's plain minimax, every node searched (`minimax`).
fn minimax() -> Config {
    Config {
        name: "minimax".into(),
        description: "plain minimax, every node (thesis Fig. 2-3, Table 4)".into(),
        recipe: Recipe::Minimax,
        ordering: MoveOrdering::Generation,
        check: Check::AlphaBeta,
        default_offset: 0,
        relative_offset: 0,
    }
}

/// The thesis's alpha-beta on each of its four move orderings (`ab-v1` ... `ab-v4`).
fn alpha_beta_orderings() -> Vec<Config> {
    use MoveOrdering::{ThesisV1, ThesisV2, ThesisV3, ThesisV4};
    [(1, ThesisV1), (2, ThesisV2), (3, ThesisV3), (4, ThesisV4)]
        .into_iter()
        .map(|(version, ordering)| {
            engine(
                &format!("ab-v{version}"),
                &format!("alpha-beta, thesis move ordering {version} (Table 1: depth +2)"),
                ordering,
                EngineConfig::PLAIN,
                2,
            )
        })
        .collect()
}

/// The thesis's null move on alpha-beta v1, reductions 1 to 3 (`nm-r1` ... `nm-r3`).
fn null_move_reductions() -> Vec<Config> {
    (1..=3)
        .map(|r| {
            engine(
                &format!("nm-r{r}"),
                &format!("alpha-beta v1 + null move R={r} (Table 2: depth +2)"),
                MoveOrdering::ThesisV1,
                EngineConfig {
                    null_move: Some(NullMoveConfig::new(NullReduction::Fixed(r))),
                    ..EngineConfig::PLAIN
                },
                2,
            )
        })
        .collect()
}

/// The thesis's three transposition-table versions on alpha-beta v1 (`tt-v1` ... `tt-v3`).
fn table_versions() -> Vec<Config> {
    [
        (1, DepthPolicy::SameDepth, "same depth"),
        (2, DepthPolicy::AtLeastDepth, "same or deeper"),
        (3, DepthPolicy::AnyDepth, "any depth"),
    ]
    .into_iter()
    .map(|(version, policy, what)| {
        engine(
            &format!("tt-v{version}"),
            &format!(
                "TT version {version} ({what}) on alpha-beta v1 (thesis: on minimax; Table 4: depth +0)"
            ),
            MoveOrdering::ThesisV1,
            EngineConfig {
                table: Some(TableConfig::new(policy)),
                ..EngineConfig::PLAIN
            },
            0,
        )
    })
    .collect()
}

/// The thesis's quiescence search on alpha-beta v1 at its two depths (`qs+0`, `qs-1`), and its
/// final algorithm (`thesis-final`).
fn quiescence_and_final() -> [Config; 3] {
    let quiescence = EngineConfig {
        quiescence: Some(QuiescenceConfig::default()),
        ..EngineConfig::PLAIN
    };
    let mut qs_minus_one = engine(
        "qs-1",
        "alpha-beta v1 + quiescence search, one ply shallower (Table 6: depth -1)",
        MoveOrdering::ThesisV1,
        quiescence,
        0,
    );
    qs_minus_one.relative_offset = -1;
    [
        engine(
            "qs+0",
            "alpha-beta v1 + quiescence search (Table 6: depth +0; the thesis's also had null move)",
            MoveOrdering::ThesisV1,
            quiescence,
            0,
        ),
        qs_minus_one,
        engine(
            "thesis-final",
            "the thesis's final algorithm: alpha-beta v1 + null move R=2 + quiescence (depth +0)",
            MoveOrdering::ThesisV1,
            EngineConfig {
                null_move: Some(NullMoveConfig::new(NullReduction::Fixed(2))),
                ..quiescence
            },
            0,
        ),
    ]
}

/// The base of the project's configurations: alpha-beta on the positions' MVV-LVA order.
const HINTS: EngineConfig = EngineConfig {
    order_hints: true,
    ..EngineConfig::PLAIN
};

/// The project's configurations, each on MVV-LVA order at depth offset +2: name, description,
/// engine configuration.
const PROJECT: [(&str, &str, EngineConfig); 8] = [
    (
        "ab-mvv",
        "alpha-beta, MVV-LVA ordering (the base of the project's configurations)",
        HINTS,
    ),
    (
        "killers",
        "alpha-beta, MVV-LVA + killer moves",
        EngineConfig {
            killers: true,
            ..HINTS
        },
    ),
    (
        "history",
        "alpha-beta, MVV-LVA + history heuristic",
        EngineConfig {
            history: Some(HistoryRule::Classic),
            ..HINTS
        },
    ),
    (
        "pvs",
        "principal variation search, MVV-LVA",
        EngineConfig { pvs: true, ..HINTS },
    ),
    (
        "id",
        "iterative deepening (no TT: each iteration only orders the root), MVV-LVA",
        EngineConfig {
            iterative_deepening: true,
            ..HINTS
        },
    ),
    (
        "mtdf",
        "MTD(f) over iterative deepening with a same-depth TT, MVV-LVA",
        EngineConfig {
            iterative_deepening: true,
            table: Some(TableConfig::new(DepthPolicy::SameDepth)),
            root_window: RootWindow::Mtdf(FirstGuess::Previous),
            ..HINTS
        },
    ),
    (
        "exact",
        "Engine::exact: id + same-depth TT + MVV-LVA + killers + history + PVS",
        EngineConfig::exact(),
    ),
    (
        "strongest",
        "Engine::strongest: exact + deeper-TT, aspiration, adaptive null move, reverse futility, log LMR, quiescence, check extension",
        EngineConfig::strongest(),
    ),
];

/// The names of [`registry`], in order.
#[must_use]
pub fn registry_names() -> Vec<String> {
    registry().into_iter().map(|config| config.name).collect()
}

impl Config {
    /// A registry name or an `engine:` feature list.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] naming the valid names or features.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ConfigError::Empty);
        }
        if let Some(features) = text.strip_prefix("engine:") {
            return parse_features(text, features);
        }
        if let Some(options) = text.strip_prefix("mcts:") {
            let mcts = MctsConfig::parse(options).map_err(|detail| ConfigError::Mcts {
                name: text.to_string(),
                detail,
            })?;
            return Ok(mcts_config(text, mcts));
        }
        registry()
            .into_iter()
            .find(|config| config.name == text)
            .ok_or_else(|| ConfigError::UnknownName {
                name: text.to_string(),
            })
    }

    /// A comma-separated list of [`parse`](Config::parse)-able names.
    ///
    /// # Errors
    ///
    /// The first bad name, or [`ConfigError::Empty`].
    pub fn parse_list(text: &str) -> Result<Vec<Config>, ConfigError> {
        let configs: Vec<Config> = text
            .split(',')
            .filter(|name| !name.trim().is_empty())
            .map(Config::parse)
            .collect::<Result<_, _>>()?;
        if configs.is_empty() {
            return Err(ConfigError::Empty);
        }
        Ok(configs)
    }

    /// The depth offset this configuration runs at: `cli` (or its default) plus its relative
    /// offset, saturating (an offset that large is refused later as a depth below 1, or never
    /// reached).
    #[must_use]
    pub fn offset(&self, cli: Option<i32>) -> i32 {
        cli.unwrap_or(self.default_offset)
            .saturating_add(self.relative_offset)
    }

    /// A fresh searcher with `evaluation`.
    #[must_use]
    pub fn build(&self, evaluation: Evaluation) -> BoxedSearcher {
        match &self.recipe {
            Recipe::Minimax => Box::new(Minimax::new(evaluation)),
            Recipe::Engine(setup) => Box::new(Engine::with_setup(evaluation, *setup)),
            Recipe::Mcts(mcts) => mcts.build(evaluation, true),
        }
    }
}

fn mcts_config(name: &str, mcts: MctsConfig) -> Config {
    Config {
        name: name.to_string(),
        description: format!("Monte Carlo tree search (UCT + solver), {mcts}"),
        recipe: Recipe::Mcts(mcts),
        ordering: MoveOrdering::Generation,
        check: Check::None,
        default_offset: 0,
        relative_offset: 0,
    }
}

fn parse_features(name: &str, features: &str) -> Result<Config, ConfigError> {
    let mut ordering = MoveOrdering::MvvLva;
    let mut engine_features = Vec::new();
    for feature in features.split('+').map(str::trim) {
        match feature.parse::<MoveOrdering>() {
            Ok(parsed) => ordering = parsed,
            Err(_) => engine_features.push(feature),
        }
    }
    let setup: Setup = engine_features
        .join("+")
        .parse()
        .map_err(|error| ConfigError::Engine {
            name: name.to_string(),
            error,
        })?;
    Ok(Config {
        name: name.to_string(),
        description: format!("engine {setup}, {ordering} generation order"),
        check: setup.config.exactness().into(),
        recipe: Recipe::Engine(setup),
        ordering,
        default_offset: 0,
        relative_offset: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seen while writing the `lab_args` fuzz target, and a panic there: `compare --configs qs-1 --depth-offset
    /// -2147483648` overflowed the offset's sum (a panic with overflow checks, else a wrapped
    /// offset of +2147483647 that passed the depth check).
    #[test]
    fn offsets_at_the_ends_of_i32_saturate() {
        let qs_minus_one = Config::parse("qs-1").unwrap();
        assert_eq!(qs_minus_one.offset(Some(i32::MIN)), i32::MIN);
        assert_eq!(qs_minus_one.offset(Some(0)), -1);
    }

    #[test]
    fn mcts_configurations_parse_and_nonsense_is_refused() {
        let config = Config::parse("mcts:iterations=500+cutoff=2+c=0.7+seed=9").unwrap();
        let Recipe::Mcts(mcts) = config.recipe else {
            panic!("{config:?}")
        };
        assert_eq!(
            (mcts.iterations, mcts.cutoff, mcts.exploration_milli, mcts.seed),
            (500, 2, 700, 9)
        );
        assert_eq!(config.check, Check::None, "MCTS is value-changing");
        assert_eq!(
            Config::parse("mcts").unwrap().recipe,
            Recipe::Mcts(MctsConfig::default())
        );
        for (bad, reason) in [
            ("mcts:depth=3", "unknown key \"depth\""),
            ("mcts:cutoff=-1", "cutoff=-1"),
            ("mcts:c=nan", "c=nan"),
            ("mcts:iterations", "expected KEY=VALUE"),
        ] {
            let error = Config::parse(bad).unwrap_err().to_string();
            assert!(error.contains(reason), "{bad}: {error}");
        }
        // Built with its evaluation, it searches a chess position.
        let game = ChessGame::startpos(game_chess::ChessConfig::default());
        let result = config
            .build(Evaluation::Tapered)
            .search(&game, &search_core::Limits::depth(1));
        assert_eq!(result.stats.iterations, 500);
        assert!(result.best_move.is_some());
        // On threads: the iterations are theirs together, and the text says how many.
        let threaded = Config::parse("mcts:iterations=600+threads=3").unwrap();
        let Recipe::Mcts(mcts) = threaded.recipe else {
            panic!("{threaded:?}")
        };
        assert_eq!(mcts.threads, 3);
        assert!(mcts.to_string().ends_with("+threads=3"), "{mcts}");
        let result = threaded
            .build(Evaluation::Tapered)
            .search(&game, &search_core::Limits::depth(1));
        assert_eq!(result.stats.iterations, 600);
        assert!(Config::parse("mcts:threads=999").is_err());
        // The engine on threads, from a preset.
        let engine = Config::parse("engine:strongest+threads=2").unwrap();
        assert!(matches!(engine.recipe, Recipe::Engine(setup) if setup.resources.threads() == 2));
    }

    #[test]
    fn registry_names_are_unique_and_parse_back() {
        let names = registry_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        for name in &names {
            assert_eq!(&Config::parse(name).unwrap().name, name);
        }
        for thesis in [
            "minimax",
            "ab-v1",
            "ab-v4",
            "nm-r3",
            "tt-v3",
            "qs+0",
            "qs-1",
            "thesis-final",
        ] {
            assert!(names.iter().any(|n| n == thesis), "{thesis}");
        }
    }

    #[test]
    fn exactness_follows_the_features() {
        let check = |name: &str| Config::parse(name).unwrap().check;
        assert_eq!(check("ab-v2"), Check::AlphaBeta);
        assert_eq!(check("tt-v1"), Check::AlphaBeta);
        assert_eq!(check("tt-v2"), Check::None);
        assert_eq!(check("nm-r2"), Check::None);
        assert_eq!(check("qs+0"), Check::Quiescence);
        assert_eq!(check("thesis-final"), Check::None);
        assert_eq!(check("exact"), Check::AlphaBeta);
        assert_eq!(check("strongest"), Check::None);
        assert_eq!(check("engine:qs+delta"), Check::None);
        assert_eq!(check("engine:qs"), Check::Quiescence);
        assert_eq!(check("engine:id+tt+mtdf=two-back"), Check::AlphaBeta);
        assert_eq!(check("engine:id+tt=deeper"), Check::None);
    }

    #[test]
    fn bad_names_list_the_valid_ones() {
        let unknown = Config::parse("ab-v5").unwrap_err().to_string();
        assert!(
            unknown.contains("\"ab-v5\"") && unknown.contains("thesis-final") && unknown.contains("engine:")
        );
        let feature = Config::parse("engine:id+turbo").unwrap_err().to_string();
        assert!(
            feature.contains("\"turbo\"") && feature.contains("killers"),
            "{feature}"
        );
        let orphan = Config::parse("engine:v1+verified").unwrap_err().to_string();
        assert_eq!(
            orphan,
            "bad engine configuration \"engine:v1+verified\": feature \"verified\" needs \"null\""
        );
        assert_eq!(Config::parse_list(" , "), Err(ConfigError::Empty));
        assert_eq!(Config::parse_list("ab-v1,,id").unwrap().len(), 2);
    }

    #[test]
    fn feature_lists_set_the_ordering_and_offsets_combine() {
        let config = Config::parse("engine:v3+killers").unwrap();
        assert_eq!(config.ordering, MoveOrdering::ThesisV3);
        let qs = Config::parse("qs-1").unwrap();
        assert_eq!(qs.offset(None), -1);
        assert_eq!(qs.offset(Some(2)), 1);
        assert_eq!(Config::parse("ab-v1").unwrap().offset(None), 2);
    }
}
