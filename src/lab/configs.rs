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
//! - The project's: `ab-mvv`, `killers`, `history`, `pvs`, `id`, `mtdf`, `exact`, `strongest`.
//! - A feature list: `engine:` followed by features joined with `+` (the comma separates
//!   configurations in `--configs`), e.g. `engine:id+tt+killers+pvs+nm2`. See [`FEATURES`].
//!
//! ```
//! use game_search::lab::configs::{Check, Config};
//! let config = Config::parse("engine:v1+id+tt+killers+pvs").unwrap();
//! assert_eq!(config.check, Check::AlphaBeta);
//! assert_eq!(Config::parse("engine:v1+nm2").unwrap().check, Check::None);
//! assert!(Config::parse("alpha-beta").unwrap_err().to_string().contains("ab-v1"));
//! ```

use std::fmt;

use game_chess::{ChessGame, Evaluation, MoveOrdering};
use search_core::Searcher;
use search_core::engine::{DEFAULT_ASPIRATION_WINDOW, DepthPolicy, Engine, FirstGuess, NullReduction};
use search_core::reference::Minimax;

/// The transposition table size of every configuration that has one, in MiB.
pub const TT_MIB: usize = 16;

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

/// The engine options a configuration sets (everything else is off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// Iterative deepening.
    pub iterative_deepening: bool,
    /// A transposition table with this depth policy.
    pub tt: Option<DepthPolicy>,
    /// Order by the game's order hints.
    pub order_hints: bool,
    /// Killer moves.
    pub killers: bool,
    /// History heuristic.
    pub history: bool,
    /// Principal variation search.
    pub pvs: bool,
    /// Aspiration half-window.
    pub aspiration: Option<i32>,
    /// MTD(f) driver.
    pub mtdf: Option<FirstGuess>,
    /// Null-move pruning.
    pub null_move: Option<NullReduction>,
    /// Verified null move.
    pub verified_null_move: bool,
    /// Late move reductions.
    pub lmr: bool,
    /// Quiescence search.
    pub quiescence: bool,
    /// Checks in quiescence search.
    pub quiescence_checks: bool,
    /// Delta pruning margin in quiescence search.
    pub delta_pruning: Option<i32>,
    /// Check extension.
    pub check_extension: bool,
    /// Enhanced transposition cutoffs (needs a table).
    pub enhanced_transposition_cutoff: bool,
}

/// The delta-pruning margin of the `delta` feature: a queen's worth, the usual safe margin.
pub const DELTA_MARGIN: i32 = 900;

impl EngineSpec {
    /// Builds the engine.
    #[must_use]
    pub fn build(&self, evaluation: Evaluation) -> Engine<ChessGame, Evaluation> {
        let mut engine = Engine::new(evaluation);
        if let Some(policy) = self.tt {
            engine = engine.with_transposition_table(TT_MIB).with_tt_policy(policy);
        }
        engine
            .with_iterative_deepening(self.iterative_deepening)
            .with_order_hints(self.order_hints)
            .with_killers(self.killers)
            .with_history(self.history)
            .with_pvs(self.pvs)
            .with_aspiration(self.aspiration)
            .with_mtdf(self.mtdf)
            .with_null_move(self.null_move)
            .with_verified_null_move(self.verified_null_move)
            .with_lmr(self.lmr)
            .with_quiescence(self.quiescence)
            .with_quiescence_checks(self.quiescence_checks)
            .with_delta_pruning(self.delta_pruning)
            .with_check_extension(self.check_extension)
            .with_enhanced_transposition_cutoff(self.enhanced_transposition_cutoff)
    }

    /// How its results can be checked: exact features only give [`Check::AlphaBeta`] (or
    /// [`Check::Quiescence`] with plain quiescence search); anything value-changing gives
    /// [`Check::None`].
    #[must_use]
    pub fn check(&self) -> Check {
        let value_changing = self.null_move.is_some()
            || self.lmr
            || self.check_extension
            || matches!(self.tt, Some(DepthPolicy::AtLeastDepth | DepthPolicy::AnyDepth));
        if value_changing {
            Check::None
        } else if !self.quiescence {
            Check::AlphaBeta
        } else if self.quiescence_checks || self.delta_pruning.is_some() {
            Check::None
        } else {
            Check::Quiescence
        }
    }
}

/// How a configuration's searcher is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// `reference::Minimax`: every node.
    Minimax,
    /// The engine with these options.
    Engine(EngineSpec),
    /// `Engine::exact`.
    EngineExact,
    /// `Engine::strongest`.
    EngineStrongest,
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

/// An unknown configuration name or feature.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Not a registry name.
    #[error("unknown configuration {name:?}; valid names: {}, or engine:FEATURE+FEATURE+... with features {}", registry_names().join(", "), FEATURES.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", "))]
    UnknownName {
        /// What was given.
        name: String,
    },
    /// Not a feature of `engine:` lists.
    #[error("unknown engine feature {feature:?} in {name:?}; valid features: {}", FEATURES.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", "))]
    UnknownFeature {
        /// The whole configuration text.
        name: String,
        /// The feature.
        feature: String,
    },
    /// An empty configuration list or name.
    #[error("no configuration given")]
    Empty,
}

/// The features of `engine:` lists, with what each switches on.
pub const FEATURES: &[(&str, &str)] = &[
    (
        "generation|v1|v2|v3|v4|mvv-lva",
        "the positions' move generation order (default mvv-lva)",
    ),
    ("id", "iterative deepening"),
    (
        "tt",
        "16 MiB transposition table, same-depth entries only (exact)",
    ),
    (
        "tt-deeper",
        "transposition table, same or deeper entries (value-changing)",
    ),
    (
        "tt-any",
        "transposition table, entries of any depth (value-changing)",
    ),
    ("hints", "order by MVV-LVA/ordering hints"),
    ("killers", "killer moves"),
    ("history", "history heuristic"),
    ("pvs", "principal variation search"),
    ("asp", "aspiration windows of +-50"),
    ("mtdf", "MTD(f), first guess from the previous iteration"),
    ("mtdf2", "MTD(f), first guess from two iterations back"),
    ("nm1|nm2|nm3", "null-move pruning with R = 1, 2, 3"),
    ("nma", "adaptive null-move pruning (R = 3 above depth 6, else 2)"),
    ("vnm", "verified null move (with a null-move feature)"),
    ("lmr", "late move reductions"),
    ("qs", "quiescence search (captures and promotions)"),
    ("qs-checks", "checks and evasions in quiescence search"),
    ("delta", "delta pruning in quiescence search (margin 900)"),
    ("check-ext", "check extension"),
    ("etc", "enhanced transposition cutoffs (with a table; exact)"),
];

fn engine(
    name: &str,
    description: &str,
    ordering: MoveOrdering,
    spec: EngineSpec,
    default_offset: i32,
) -> Config {
    Config {
        name: name.to_string(),
        description: description.to_string(),
        check: spec.check(),
        recipe: Recipe::Engine(spec),
        ordering,
        default_offset,
        relative_offset: 0,
    }
}

/// Every named configuration, thesis first.
#[must_use]
pub fn registry() -> Vec<Config> {
    use MoveOrdering::{MvvLva, ThesisV1, ThesisV2, ThesisV3, ThesisV4};
    let plain = EngineSpec::default;
    let mut configs = vec![Config {
        name: "minimax".into(),
        description: "plain minimax, every node (thesis Fig. 2-3, Table 4)".into(),
        recipe: Recipe::Minimax,
        ordering: MoveOrdering::Generation,
        check: Check::AlphaBeta,
        default_offset: 0,
        relative_offset: 0,
    }];
    for (version, ordering) in [(1, ThesisV1), (2, ThesisV2), (3, ThesisV3), (4, ThesisV4)] {
        configs.push(engine(
            &format!("ab-v{version}"),
            &format!("alpha-beta, thesis move ordering {version} (Table 1: depth +2)"),
            ordering,
            plain(),
            2,
        ));
    }
    for r in 1..=3 {
        configs.push(engine(
            &format!("nm-r{r}"),
            &format!("alpha-beta v1 + null move R={r} (Table 2: depth +2)"),
            ThesisV1,
            EngineSpec {
                null_move: Some(NullReduction::Fixed(r)),
                ..plain()
            },
            2,
        ));
    }
    for (version, policy, what) in [
        (1, DepthPolicy::SameDepth, "same depth"),
        (2, DepthPolicy::AtLeastDepth, "same or deeper"),
        (3, DepthPolicy::AnyDepth, "any depth"),
    ] {
        configs.push(engine(
            &format!("tt-v{version}"),
            &format!(
                "TT version {version} ({what}) on alpha-beta v1 (thesis: on minimax; Table 4: depth +0)"
            ),
            ThesisV1,
            EngineSpec {
                tt: Some(policy),
                ..plain()
            },
            0,
        ));
    }
    let quiescence = EngineSpec {
        quiescence: true,
        ..plain()
    };
    configs.push(engine(
        "qs+0",
        "alpha-beta v1 + quiescence search (Table 6: depth +0; the thesis's also had null move)",
        ThesisV1,
        quiescence.clone(),
        0,
    ));
    let mut qs_minus_one = engine(
        "qs-1",
        "alpha-beta v1 + quiescence search, one ply shallower (Table 6: depth -1)",
        ThesisV1,
        quiescence,
        0,
    );
    qs_minus_one.relative_offset = -1;
    configs.push(qs_minus_one);
    configs.push(engine(
        "thesis-final",
        "the thesis's final algorithm: alpha-beta v1 + null move R=2 + quiescence (depth +0)",
        ThesisV1,
        EngineSpec {
            null_move: Some(NullReduction::Fixed(2)),
            quiescence: true,
            ..plain()
        },
        0,
    ));

    let hints = EngineSpec {
        order_hints: true,
        ..plain()
    };
    configs.push(engine(
        "ab-mvv",
        "alpha-beta, MVV-LVA ordering (the base of the project's configurations)",
        MvvLva,
        hints.clone(),
        2,
    ));
    configs.push(engine(
        "killers",
        "alpha-beta, MVV-LVA + killer moves",
        MvvLva,
        EngineSpec {
            killers: true,
            ..hints.clone()
        },
        2,
    ));
    configs.push(engine(
        "history",
        "alpha-beta, MVV-LVA + history heuristic",
        MvvLva,
        EngineSpec {
            history: true,
            ..hints.clone()
        },
        2,
    ));
    configs.push(engine(
        "pvs",
        "principal variation search, MVV-LVA",
        MvvLva,
        EngineSpec {
            pvs: true,
            ..hints.clone()
        },
        2,
    ));
    configs.push(engine(
        "id",
        "iterative deepening (no TT: each iteration only orders the root), MVV-LVA",
        MvvLva,
        EngineSpec {
            iterative_deepening: true,
            ..hints.clone()
        },
        2,
    ));
    configs.push(engine(
        "mtdf",
        "MTD(f) over iterative deepening with a same-depth TT, MVV-LVA",
        MvvLva,
        EngineSpec {
            iterative_deepening: true,
            tt: Some(DepthPolicy::SameDepth),
            mtdf: Some(FirstGuess::Previous),
            ..hints
        },
        2,
    ));
    configs.push(Config {
        name: "exact".into(),
        description: "Engine::exact: id + same-depth TT + MVV-LVA + killers + history + PVS".into(),
        recipe: Recipe::EngineExact,
        ordering: MvvLva,
        check: Check::AlphaBeta,
        default_offset: 2,
        relative_offset: 0,
    });
    configs.push(Config {
        name: "strongest".into(),
        description: "Engine::strongest: exact + deeper-TT, aspiration, adaptive null move, reverse futility, log LMR, quiescence, check extension".into(),
        recipe: Recipe::EngineStrongest,
        ordering: MvvLva,
        check: Check::None,
        default_offset: 2,
        relative_offset: 0,
    });
    configs
}

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
    /// offset.
    #[must_use]
    pub fn offset(&self, cli: Option<i32>) -> i32 {
        cli.unwrap_or(self.default_offset) + self.relative_offset
    }

    /// A fresh searcher with `evaluation`.
    #[must_use]
    pub fn build(&self, evaluation: Evaluation) -> BoxedSearcher {
        match &self.recipe {
            Recipe::Minimax => Box::new(Minimax::new(evaluation)),
            Recipe::Engine(spec) => Box::new(spec.build(evaluation)),
            Recipe::EngineExact => Box::new(Engine::exact(evaluation)),
            Recipe::EngineStrongest => Box::new(Engine::strongest(evaluation)),
        }
    }
}

fn parse_features(name: &str, features: &str) -> Result<Config, ConfigError> {
    let mut spec = EngineSpec::default();
    let mut ordering = MoveOrdering::MvvLva;
    for feature in features.split('+').map(str::trim) {
        if let Ok(parsed) = feature.parse::<MoveOrdering>() {
            ordering = parsed;
            continue;
        }
        match feature {
            "id" => spec.iterative_deepening = true,
            "tt" => spec.tt = Some(DepthPolicy::SameDepth),
            "tt-deeper" => spec.tt = Some(DepthPolicy::AtLeastDepth),
            "tt-any" => spec.tt = Some(DepthPolicy::AnyDepth),
            "hints" => spec.order_hints = true,
            "killers" => spec.killers = true,
            "history" => spec.history = true,
            "pvs" => spec.pvs = true,
            "asp" => spec.aspiration = Some(DEFAULT_ASPIRATION_WINDOW),
            "mtdf" => spec.mtdf = Some(FirstGuess::Previous),
            "mtdf2" => spec.mtdf = Some(FirstGuess::TwoBack),
            "nm1" => spec.null_move = Some(NullReduction::Fixed(1)),
            "nm2" => spec.null_move = Some(NullReduction::Fixed(2)),
            "nm3" => spec.null_move = Some(NullReduction::Fixed(3)),
            "nma" => spec.null_move = Some(NullReduction::Adaptive),
            "vnm" => spec.verified_null_move = true,
            "lmr" => spec.lmr = true,
            "qs" => spec.quiescence = true,
            "qs-checks" => spec.quiescence_checks = true,
            "delta" => spec.delta_pruning = Some(DELTA_MARGIN),
            "check-ext" => spec.check_extension = true,
            "etc" => spec.enhanced_transposition_cutoff = true,
            _ => {
                return Err(ConfigError::UnknownFeature {
                    name: name.to_string(),
                    feature: feature.to_string(),
                });
            }
        }
    }
    Ok(Config {
        name: name.to_string(),
        description: format!("engine feature list, {ordering} generation order"),
        check: spec.check(),
        recipe: Recipe::Engine(spec),
        ordering,
        default_offset: 0,
        relative_offset: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(check("engine:id+tt+mtdf2"), Check::AlphaBeta);
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
