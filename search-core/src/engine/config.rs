//! **The engine's configuration**: one typed value, [`Config`], that says which features the
//! engine runs with, and from which everything else is derived: the engine itself
//! ([`Engine::with_config`](super::Engine::with_config)), its name, its text form (`Display` /
//! `FromStr`, one grammar), whether it is exact ([`Config::exactness`]), the cross-check matrix
//! ([`exact_configurations`]), and, through the [`FEATURES`] table, every front end's options
//! (the lab's `engine:` lists, the UCI engine's `setoption` names).
//!
//! A feature's sub-options live inside the feature's own part ([`TableConfig`],
//! [`NullMoveConfig`], [`QuiescenceConfig`], [`ReverseFutility`], [`Lmr`]), so a sub-option
//! without its feature (verified null move without null move, delta pruning without quiescence,
//! history-adjusted reductions without reductions) cannot be expressed, and aspiration
//! windows and MTD(f), which are alternative root drivers, are one [`RootWindow`].
//!
//! # The text form
//!
//! Features in [`FEATURES`] order, joined by `+`: a flag by its name (`killers`), a feature with a
//! value as `name=value` (`asp=25`, `null=adaptive`), or by its name alone for its default value
//! (`asp` is `asp=50`). `plain` is every feature off (plain alpha-beta). A preset's name may
//! start the text, the features after it changing the preset (`strongest+threads=4`,
//! `exact+lmr`, `strongest+rep=off`). A value equal to the
//! default is written by the name alone, and an implied sub-option at its default (the
//! quiescence ply limit) not at all, so every configuration has exactly one text. Threads and
//! the table's size are not the search's but the machine's: a [`Setup`] carries both in one
//! text (`strongest+threads=2+hash=64`).
//!
//! ```
//! use search_core::engine::{Config, Exactness};
//!
//! let exact = Config::exact();
//! assert_eq!(exact.to_string(), "id+tt+hints+killers+history+pvs+star=2");
//! assert_eq!(exact.exactness(), Exactness::Minimax);
//!
//! let config: Config = "id+tt=deeper+hints+null=r2+verified+qs+delta".parse()?;
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
//! # Building a configuration
//!
//! Start from a preset ([`Config::PLAIN`], [`Config::exact`], [`Config::strongest`]) and change
//! its fields (every field is public, every part a plain value), parse the text form, or set
//! features by name as a front end does ([`Config::set`]):
//!
//! ```
//! use search_core::engine::{Config, QuiescenceConfig};
//!
//! let with_quiescence = Config { quiescence: Some(QuiescenceConfig::default()), ..Config::exact() };
//! assert_eq!(with_quiescence.to_string(), "id+tt+hints+killers+history+pvs+qs+star=2");
//! let parsed: Config = "id+tt+hints+killers+history+pvs+qs+star=2".parse()?;
//! assert_eq!(parsed, with_quiescence);
//! let mut by_name = Config::exact();
//! by_name.set("Quiescence", Some("true"))?;
//! assert_eq!(by_name, with_quiescence);
//! # Ok::<(), search_core::engine::ConfigError>(())
//! ```
//!
//! # Adding a feature
//!
//! A feature's file (in `features/`) declares its part of the configuration (a `bool`, a margin,
//! a type of its own such as [`NullMoveConfig`]), its rows over that part (a [`Feature`]: its
//! name, its option name, what it holds, its effect on the value) and its steps at the node's
//! phases; `features.rs` lists it in one line (its documentation says how).

use std::fmt;
use std::str::FromStr;

use super::feature::{Exactness, Feature};
use super::features::aspiration::DEFAULT_ASPIRATION_WINDOW;
use super::features::lmr::{Lmr, Reductions};
use super::features::null_move::{NullMoveConfig, NullReduction};
use super::features::quiescence::{DEFAULT_QUIESCENCE_NODES, QUIESCENCE_MAX_PLY, QuiescenceConfig};
use super::features::reverse_futility::{DEFAULT_REVERSE_FUTILITY_MARGIN, ReverseFutility};
pub use super::features::{Config, FEATURES};
use super::root_window::{FirstGuess, RootWindow};
use super::tables::history::HistoryRule;
use super::tables::tt::{DepthPolicy, TableConfig};
use crate::chance::ChancePruning;
use crate::{ResourceError, Resources};

impl Config {
    /// The exact preset: iterative deepening, a same-depth transposition table (its size is the
    /// engine's [`Resources`]), order hints, killers, history, PVS and Star2 pruning at chance
    /// nodes (`star=2`, which a deterministic game never reaches). No forward pruning, no
    /// quiescence, no repetition draws: the value is minimax's at the nominal depth. A
    /// configuration built from it (`Config { pvs: false, ..Config::exact() }`) keeps Star2.
    #[must_use]
    pub const fn exact() -> Config {
        Config {
            iterative_deepening: true,
            table: Some(TableConfig::new(DepthPolicy::SameDepth)),
            order_hints: true,
            killers: true,
            history: Some(HistoryRule::Classic),
            pvs: true,
            chance: Some(ChancePruning::Star2),
            ..Config::PLAIN
        }
    }

    /// The strongest preset: the exact preset's ordering with the standard (at least as deep)
    /// TT policy, aspiration windows, adaptive null move, reverse futility pruning, logarithmic
    /// LMR, quiescence search (with a node budget), check extension and repetition draws. Each feature was measured
    /// in chess games (the book's strength record, `book/src/strength-record.md`): quiescence, LMR, reverse futility and
    /// logarithmic LMR were shown to help, none of the others was shown to hurt. The margins are in
    /// hundredths of the evaluation's [`unit`](crate::Evaluate::unit) (a pawn in chess), so they
    /// mean the same on any evaluation's scale.
    #[must_use]
    pub const fn strongest() -> Config {
        Config {
            table: Some(TableConfig::new(DepthPolicy::AtLeastDepth)),
            root_window: RootWindow::Aspiration(DEFAULT_ASPIRATION_WINDOW),
            null_move: Some(NullMoveConfig::new(NullReduction::Adaptive)),
            reverse_futility: Some(ReverseFutility::new(DEFAULT_REVERSE_FUTILITY_MARGIN)),
            lmr: Some(Lmr::new(Reductions::Logarithmic)),
            quiescence: Some(QuiescenceConfig {
                checks: false,
                delta_pruning: None,
                max_ply: QUIESCENCE_MAX_PLY,
                max_nodes: Some(DEFAULT_QUIESCENCE_NODES),
                see: false,
                table: false,
            }),
            check_extension: true,
            repetition: true,
            ..Config::exact()
        }
    }

    /// This configuration for game `G`: with Star2 pruning at chance nodes (`star=2`) if the
    /// game has any ([`Game::HAS_CHANCE`](crate::Game::HAS_CHANCE)) and the configuration does
    /// not say otherwise; unchanged for a deterministic game. The presets carry Star2 already;
    /// this is for a configuration built from [`Config::PLAIN`] or from a text without `star`,
    /// which [`Engine::with_config`](super::Engine::with_config) takes as it is: it would search
    /// every outcome of a dice game with the full window, as expectiminimax does (exact, but it
    /// prunes nothing there). Star2, not Star1: with the presets' ordering its probes repay on
    /// EinStein positions (88.6% of expectiminimax's nodes saved at depth 9, against Star1's
    /// 71.7%: the book's star table, `examples/star_table.rs`).
    ///
    /// ```
    /// use search_core::engine::Config;
    /// use search_core::random_tree::RandomTree; // a game with chance nodes
    ///
    /// let built: Config = "id+tt+pvs".parse()?;
    /// assert_eq!(built.for_game::<RandomTree>().to_string(), "id+tt+pvs+star=2");
    /// assert_eq!(Config::exact().for_game::<RandomTree>(), Config::exact());
    /// # Ok::<(), search_core::engine::ConfigError>(())
    /// ```
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
        let feature = Feature::find(name).ok_or_else(|| ConfigError::unknown(name))?;
        let value = feature
            .parse_value(value)
            .map_err(|reason| ConfigError::BadValue {
                feature: feature.name,
                reason,
            })?;
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

impl Feature<Config> {
    /// The feature with this text or option name (case-insensitive).
    #[must_use]
    pub fn find(name: &str) -> Option<&'static Feature<Config>> {
        let name = name.trim();
        FEATURES
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name) || f.option.eq_ignore_ascii_case(name))
    }
}

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
    /// A resource of the machine (`threads`, `hash`), not a feature of the search.
    #[error(
        "{0:?} is not a feature of the search but a resource of the machine: give it in the resources (threads=N+hash=MiB)"
    )]
    Resource(String),
}

impl ConfigError {
    /// The error for a name that is no feature: a resource's own where it is one.
    fn unknown(name: &str) -> ConfigError {
        let trimmed = name.trim();
        if ["threads", "hash"]
            .iter()
            .any(|r| r.eq_ignore_ascii_case(trimmed))
        {
            ConfigError::Resource(trimmed.to_string())
        } else {
            ConfigError::UnknownFeature(name.to_string())
        }
    }
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
        let (first, rest) = text.split_once('+').unwrap_or((text, ""));
        let preset = match first.trim() {
            "" | "plain" => Config::PLAIN,
            "exact" => Config::exact(),
            "strongest" => Config::strongest(),
            _ => return Config::PLAIN.with_tokens(text, false),
        };
        if rest.trim().is_empty() && !text.ends_with('+') {
            return Ok(preset);
        }
        preset.with(rest)
    }
}

impl Config {
    /// This configuration with the features `features` names set, in the text form's tokens
    /// joined by `+` (`"qs+delta=300"`), and `name=off` to switch one off: a builder for the
    /// cases the presets do not cover.
    ///
    /// ```
    /// use search_core::engine::Config;
    ///
    /// let config = Config::exact().with("qs+delta=300")?;
    /// assert_eq!(config.to_string(), "id+tt+hints+killers+history+pvs+qs+delta=300+star=2");
    /// assert_eq!(Config::strongest().with("rep=off+lmr=classic")?.repetition, false);
    /// assert!(Config::exact().with("delta").is_err()); // without quiescence
    /// # Ok::<(), search_core::engine::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An unknown feature, a bad value, a feature named twice or a sub-option whose feature is
    /// off; nothing is changed then.
    pub fn with(self, features: &str) -> Result<Config, ConfigError> {
        self.with_tokens(features, true)
    }

    /// Applies the tokens of `text` (switching off only if `may_switch_off`), parents before
    /// their parts.
    fn with_tokens(self, text: &str, may_switch_off: bool) -> Result<Config, ConfigError> {
        let mut config = self;
        let mut given: Vec<(&'static Feature<Config>, Option<&str>)> = Vec::new();
        for token in text.split('+').map(str::trim) {
            let (name, value) = match token.split_once('=') {
                Some((name, value)) => (name.trim(), Some(value.trim())),
                None => (token, None),
            };
            let feature = FEATURES
                .iter()
                .find(|f| f.name == name)
                .ok_or_else(|| ConfigError::unknown(name))?;
            if given.iter().any(|(f, _)| f.name == feature.name) {
                return Err(ConfigError::Repeated(feature.name));
            }
            let off = value.is_some_and(|v| ["false", "off", "0"].contains(&v));
            if off && !feature.implied && !may_switch_off {
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

/// An engine's setup as a front end gives it in one text: its configuration (what the search
/// does) and its resources (what the machine lends it: [`Resources`]), joined by `+`:
/// `strongest+threads=2+hash=256`. The resources' tokens are taken out and parsed by
/// [`Resources`], the rest by [`Config`]; each is checked once, there.
///
/// ```
/// use search_core::engine::{Config, Setup};
///
/// let setup: Setup = "strongest+threads=2+rep=off+hash=64".parse()?;
/// assert_eq!(setup.config, Config::strongest().with("rep=off")?);
/// assert_eq!((setup.resources.threads(), setup.resources.table_mib()), (2, 64));
/// assert_eq!(setup.to_string(), "id+tt=deeper+hints+killers+history+pvs+asp+null=adaptive+rfp+lmr=log+qs+qs-nodes+check-ext+star=2+threads=2+hash=64");
/// assert!("exact+threads=0".parse::<Setup>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What the search does.
    pub config: Config,
    /// What the machine lends it.
    pub resources: Resources,
}

/// What is wrong with an engine's setup text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// In the configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// In the resources.
    #[error(transparent)]
    Resources(#[from] ResourceError),
}

impl FromStr for Setup {
    type Err = SetupError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let is_resource = |token: &&str| {
            let name = token.split_once('=').map_or(*token, |(name, _)| name).trim();
            name == "threads" || name == "hash"
        };
        let tokens: Vec<&str> = text.split('+').collect();
        let resources: Vec<&str> = tokens.iter().copied().filter(is_resource).collect();
        let config: Vec<&str> = tokens
            .iter()
            .copied()
            .filter(|token| !is_resource(token))
            .collect();
        let config_text = config.join("+");
        Ok(Setup {
            config: if config_text.trim().is_empty() && !resources.is_empty() {
                Config::PLAIN
            } else {
                config_text.parse()?
            },
            resources: resources.join("+").parse()?,
        })
    }
}

impl fmt::Display for Setup {
    /// The configuration's text, then each resource that is not the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.config)?;
        let (threads, mib) = (self.resources.threads(), self.resources.table_mib());
        if threads != Resources::DEFAULT.threads() {
            write!(f, "+threads={threads}")?;
        }
        if mib != Resources::DEFAULT.table_mib() {
            write!(f, "+hash={mib}")?;
        }
        Ok(())
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
/// [`EXACT_COMBINATIONS`] configurations, every one [`Exactness::Minimax`]. Counter moves come
/// with the killers under aspiration windows, and continuation history with the history under
/// MTD(f) from the previous guess, so that they meet every combination of the other flags
/// without doubling the matrix (the cross-checks add engines with counter moves alone).
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
                counter_moves: on(1) && matches!(root_window, RootWindow::Aspiration(_)),
                history: on(2).then_some(HistoryRule::Classic),
                continuation_history: on(2) && matches!(root_window, RootWindow::Mtdf(FirstGuess::Previous)),
                pvs: on(3),
                iterative_deepening: on(4),
                table: on(5).then_some(TableConfig::new(DepthPolicy::SameDepth)),
                root_window,
                ..Config::PLAIN
            });
        }
    }
    configs
}

/// How many configurations [`exact_configurations`] gives.
pub const EXACT_COMBINATIONS: usize = 256;

/// The exact matrix for game `G`: [`exact_configurations`], and in a game with chance nodes
/// each of them with every way of searching them (no pruning, Star1, Star2), all exact:
/// [`EXACT_COMBINATIONS`] configurations for a deterministic game, three times as many for a
/// game with dice.
///
/// ```
/// use search_core::engine::{EXACT_COMBINATIONS, exact_configurations_for};
/// use search_core::random_tree::RandomTree;
///
/// assert_eq!(exact_configurations_for::<RandomTree>(5).len(), 3 * EXACT_COMBINATIONS);
/// ```
#[must_use]
pub fn exact_configurations_for<G: crate::Game>(aspiration_window: i32) -> Vec<Config> {
    let configs = exact_configurations(aspiration_window);
    if !G::HAS_CHANCE {
        return configs;
    }
    let ways = [None, Some(ChancePruning::Star1), Some(ChancePruning::Star2)];
    configs
        .into_iter()
        .flat_map(|config| ways.map(|chance| Config { chance, ..config }))
        .collect()
}

#[cfg(test)]
mod tests;
