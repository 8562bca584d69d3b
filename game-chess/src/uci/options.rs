//! The UCI engine's options: the protocol's usual ones (`Hash`, `Threads`, `Clear Hash`, `Move
//! Overhead`, `MultiPV`, `Ponder`; `Hash` and `Threads` are the machine's [`Resources`], parsed
//! and checked there), the chess plugin's (`Evaluation`, `Move Ordering`, `Zugzwang Guard`),
//! the algorithm (`Search`: `alphabeta` or `mcts`, with `MCTS Cutoff` and `MCTS Exploration`), and
//! every feature of the search engine, derived from [`search_core::engine::FEATURES`]: a flag is
//! a `check`, a margin or window a `spin` (0 = off), a choice a `combo` (with `off`), each under
//! the feature's option name (`Null Move`, `Aspiration`, `LMR`, ...). A feature added to the
//! engine's configuration appears here by existing there.
//!
//! The defaults are the strongest configuration for chess ([`chess_search`]: [`Config::strongest`]
//! with the features chess self-play kept, listed there) with the tuned [`Classical`](crate::Classical)
//! evaluation and MVV-LVA ordering.

use std::time::Duration;

use search_core::engine::{
    Config, DEFAULT_FUTILITY_MARGIN, DEFAULT_HISTORY_PRUNING_THRESHOLD, DEFAULT_IIR_DEPTH,
    DEFAULT_LMR_HISTORY_DIVISOR, DEFAULT_NULL_EVAL_DIVISOR, DEFAULT_RAZOR_MARGIN, DEFAULT_SEE_PRUNING_MARGIN,
    Engine, FEATURES, Feature, HistoryRule, InfoCallback, Kind, Value,
};
use search_core::{DEFAULT_TABLE_MIB, MAX_THREADS, Resources};
use shakmaty::Move;

use crate::{ChessConfig, ChessGame, Evaluation, MoveOrdering};

/// The engine the UCI front end drives.
pub type ChessEngine = Engine<ChessGame, Evaluation>;

/// The largest `Hash` the option lists, in MiB (64 GiB; [`Resources`] also refuses a table
/// beyond the machine's memory).
pub const MAX_HASH_MIB: usize = 64 << 10;
/// The largest `Move Overhead` accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The largest `MultiPV` accepted.
pub const MAX_MULTI_PV: u32 = 64;

/// The largest `MCTS Cutoff` accepted, in plies.
pub const MAX_MCTS_CUTOFF: u32 = 100;

/// The largest `MCTS Exploration` accepted, in thousandths.
pub const MAX_MCTS_EXPLORATION: u32 = 10_000;

/// The search algorithm (`Search`): the alpha-beta engine, or Monte Carlo tree search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// The alpha-beta engine with the configured features (the default).
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search ([`search_core::mcts::Mcts`]): UCT with the solver, playouts cut
    /// off after `MCTS Cutoff` plies and valued by the evaluation.
    Mcts,
}

impl Algorithm {
    /// Both, in the option's order.
    pub const ALL: [Algorithm; 2] = [Algorithm::AlphaBeta, Algorithm::Mcts];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Mcts => "mcts",
        }
    }
}

/// The UCI engine's default search: [`Config::strongest`] (the features measured on every game)
/// with the features that chess self-play tests kept (the book's strength record):
///
/// - `qs-see`, quiescence skipping the captures that lose material by the static exchange (+66
///   Elo [+28, +107], 191 games at 2 s + 0.02 s, the sequential test accepting the gain);
/// - `lmp=8`, late move pruning after the first `8 + depth²` moves at most 3 plies from the
///   horizon (+33 Elo [+2, +65], 265 games at 2 s + 0.02 s, the sequential test (−15, 5)
///   accepting that it costs nothing; `lmp=3` had scored −13 [−44, +19] over 300); Win At Chess
///   at 1 s a position 278 → 286 of 300;
/// - `iir=4`, internal iterative reduction: a node at least 4 plies from the horizon with no
///   table move is searched a ply shallower (+44 Elo [+9, +80], 223 games at 2 s + 0.02 s, the
///   sequential test (−15, 5) accepting it);
/// - `history=gravity+hp=1024`, the history heuristic with maluses (gravity) and history
///   pruning: a quiet move at most 3 plies from the horizon whose counter is below
///   `−1024 × depth` is skipped (+28 Elo [+8, +48], 690 games at 2 s + 0.02 s, the
///   sequential test (0, 15) accepting the gain, against the classic history without pruning;
///   the gravity rule alone had scored +7 [−19, +32] over 408 games, no decision);
/// - `see-prune=80+improving+lmr-history=8192`, tested together: SEE pruning (a move losing
///   more than `80 × depth` by the static exchange skipped at most 5 plies from the horizon),
///   improving (reverse futility, late move pruning and LMR adjusted by whether the side's
///   static value rose over two plies) and history-adjusted reductions (+35 Elo [+11, +58], 442
///   games at 2 s + 0.02 s, the sequential test (0, 15) accepting the gain; alone, each had
///   leaned to a gain without a decision: +9, +12 and +10);
/// - `null-eval=200`: the null move's `R` a ply deeper per 200 centipawns of the static value
///   above beta, at most 3 (+23 Elo [+5, +40], 850 games at 2 s + 0.02 s, the sequential test
///   (0, 15) accepting the gain), never to the horizon: only `R` itself may leave the pass to
///   quiescence (the floor: Win At Chess at 1 s 287/300 against 281, and in self-play +3 Elo
///   [−13, +20] and +6 [−11, +23] in two tests of 900 games at 2 s + 0.02 s);
/// - `qs-tt`: the transposition table probed and stored in quiescence search (+35 Elo [+12,
///   +58], 504 games at 2 s + 0.02 s, the sequential test (0, 15) accepting the gain);
/// - `razor=300`, razoring: a scout node 1 to 3 plies from the horizon whose static value plus
///   300 a ply is at most alpha fails low if its own quiescence search (with the quiet checks
///   of its first ply) stays there (+18 Elo [+4, +31], 1 413 games at 2 s + 0.02 s over two
///   sessions, the sequential test (0, 15) accepting the gain);
/// - `futility=100`, futility pruning of moves: at a node 1 or 2 plies from the horizon whose
///   static value plus 100 a ply cannot reach alpha, the quiet moves after the first that are
///   not killers or the table move and give no check are skipped (+13 Elo [+3, +23], 2 565
///   games at 2 s + 0.02 s over two sessions, the sequential test (0, 15) accepting the gain);
/// - `null-guard`, with the chess plugin's zugzwang guard ([`EngineOptions::zugzwang_guard`]),
///   tested together: a null move only where the static value is at least beta, and never for a
///   side with only its king and pawns (+32 Elo [+10, +53], 607 games at 2 s + 0.02 s, the
///   sequential test (0, 15) accepting the gain).
#[must_use]
pub fn chess_search() -> Config {
    let mut config = Config::strongest();
    if let Some(quiescence) = config.quiescence.as_mut() {
        quiescence.see = true;
        quiescence.table = true;
    }
    config.late_move_pruning = Some(CHESS_LMP_BASE);
    config.internal_reduction = Some(DEFAULT_IIR_DEPTH);
    config.history = Some(HistoryRule::Gravity);
    config.history_pruning = Some(DEFAULT_HISTORY_PRUNING_THRESHOLD);
    config.see_pruning = Some(DEFAULT_SEE_PRUNING_MARGIN);
    config.improving = true;
    config.razoring = Some(DEFAULT_RAZOR_MARGIN);
    config.futility = Some(DEFAULT_FUTILITY_MARGIN);
    if let Some(lmr) = config.lmr.as_mut() {
        lmr.history_divisor = Some(DEFAULT_LMR_HISTORY_DIVISOR);
    }
    if let Some(null_move) = config.null_move.as_mut() {
        null_move.eval_divisor = Some(DEFAULT_NULL_EVAL_DIVISOR);
        null_move.eval_guard = true;
    }
    config.chance = None; // chess has no dice: the presets' Star2 would never act
    config
}

/// The late move pruning base of the chess defaults ([`chess_search`]): the moves looked at,
/// beyond `depth²`, before late quiet moves are skipped.
pub const CHESS_LMP_BASE: u32 = 8;

/// What applying an option asks of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing beyond the stored value (it is read at the next `go`).
    Stored,
    /// The search engine takes the new configuration or evaluation (keeping its table, which is
    /// reallocated only if `Hash` changed).
    Reconfigure,
    /// The transposition table (and what else the engine learnt) must be cleared.
    ClearHash,
}

/// Every option's current value. [`EngineOptions::default`] is the strongest configuration
/// ([`chess_search`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `Move Overhead`: time kept in reserve on each move for the GUI and the pipes.
    pub move_overhead: Duration,
    /// `MultiPV`: how many best lines to show.
    pub multi_pv: u32,
    /// `Ponder`: the GUI may send `go ponder` (the engine ponders whenever asked anyway).
    pub ponder: bool,
    /// `Evaluation`.
    pub evaluation: Evaluation,
    /// `Move Ordering`: the static ordering, used as the engine's order hints.
    pub ordering: MoveOrdering,
    /// `Zugzwang Guard`: no null move for a side with only its king and pawns
    /// ([`ChessConfig::zugzwang_guard`]).
    pub zugzwang_guard: bool,
    /// The search engine's configuration: every engine feature's option.
    pub search: Config,
    /// `Threads` and `Hash`: the machine's resources for the search.
    pub resources: Resources,
    /// `Search`: alpha-beta (the engine) or Monte Carlo tree search.
    pub algorithm: Algorithm,
    /// `MCTS Cutoff`: plies each playout plays before the evaluation values it.
    pub mcts_cutoff: u32,
    /// `MCTS Exploration`: UCB1's constant, in thousandths.
    pub mcts_exploration_milli: u32,
    /// `Time Stability`: the soft deadline follows the best move's stability and the score's
    /// trend ([`SoftClock`](super::SoftClock)); off, it is the clock's optimum.
    pub time_stability: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            move_overhead: Duration::from_millis(10),
            multi_pv: 1,
            ponder: false,
            evaluation: Evaluation::Classical,
            ordering: MoveOrdering::MvvLva,
            zugzwang_guard: true,
            search: chess_search(),
            resources: Resources::DEFAULT,
            algorithm: Algorithm::AlphaBeta,
            mcts_cutoff: 4,
            mcts_exploration_milli: 1414,
            time_stability: false,
        }
    }
}

/// Parses a `check` value.
fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("option '{name}' needs 'true' or 'false', got '{value}'")),
    }
}

/// Parses a `spin` value within `min..=max`.
fn spin(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    let number: i64 = value
        .parse()
        .map_err(|_| format!("option '{name}' needs a number, got '{value}'"))?;
    u64::try_from(number)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("option '{name}': {value} is out of range {min}..{max}"))
}

/// Parses a `combo` value among `choices` (by name, case-insensitively).
fn combo<T: Copy>(
    name: &str,
    value: &str,
    choices: &[T],
    name_of: impl Fn(T) -> String,
) -> Result<T, String> {
    choices
        .iter()
        .copied()
        .find(|&choice| name_of(choice).eq_ignore_ascii_case(value))
        .ok_or_else(|| {
            let names: Vec<String> = choices.iter().map(|&c| name_of(c)).collect();
            format!(
                "option '{name}' has no value '{value}' (one of: {})",
                names.join(", ")
            )
        })
}

/// `option name <name> type combo default <default> var ...`.
fn combo_line<T: Copy>(name: &str, default: T, choices: &[T], name_of: impl Fn(T) -> String) -> String {
    let vars: String = choices.iter().map(|&c| format!(" var {}", name_of(c))).collect();
    format!("option name {name} type combo default {}{vars}", name_of(default))
}

fn check_line(name: &str, default: bool) -> String {
    format!("option name {name} type check default {default}")
}

/// The `option` line of an engine feature, with `config`'s value as the default.
fn feature_line(feature: &Feature<Config>, config: &Config) -> String {
    let name = feature.option;
    let value = (feature.get)(config);
    match feature.kind {
        Kind::Flag => check_line(name, value.is_some()),
        Kind::Number { min, max, default } => {
            let current = match value {
                Some(Value::Number(n)) => n,
                _ if feature.implied => default,
                _ => 0,
            };
            let min = if feature.implied { min } else { 0 };
            format!("option name {name} type spin default {current} min {min} max {max}")
        }
        Kind::Choice(choices) => {
            let current = match value {
                Some(Value::Choice(choice)) => choice,
                _ => "off",
            };
            let vars: String = std::iter::once("off")
                .chain(choices.iter().copied())
                .map(|c| format!(" var {c}"))
                .collect();
            format!("option name {name} type combo default {current}{vars}")
        }
    }
}

/// Checks a value for an engine feature's option as the UCI option it is listed as, then
/// sets it.
fn set_feature(
    config: &mut Config,
    feature: &Feature<Config>,
    name: &str,
    value: &str,
) -> Result<(), String> {
    let text = match feature.kind {
        Kind::Flag => check(name, value)?.to_string(),
        Kind::Number { min, max, .. } => {
            let min = if feature.implied { min } else { 0 };
            let number = spin(name, value, min as u64, max as u64)?;
            if number == 0 {
                "off".to_string()
            } else {
                number.to_string()
            }
        }
        Kind::Choice(choices) => {
            let all: Vec<&str> = std::iter::once("off").chain(choices.iter().copied()).collect();
            combo(name, value, &all, str::to_string)?.to_string()
        }
    };
    config
        .set(feature.name, Some(&text))
        .map_err(|error| format!("option '{name}': {error}"))
}

impl EngineOptions {
    /// The `option` lines answering `uci`, one per option, with the defaults.
    #[must_use]
    pub fn uci_lines() -> Vec<String> {
        let d = EngineOptions::default();
        let mut lines = vec![
            format!("option name Hash type spin default {DEFAULT_TABLE_MIB} min 1 max {MAX_HASH_MIB}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            "option name Clear Hash type button".to_string(),
            format!(
                "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
                d.move_overhead.as_millis()
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTI_PV}",
                d.multi_pv
            ),
            check_line("Ponder", d.ponder),
            check_line("Time Stability", d.time_stability),
            combo_line("Evaluation", d.evaluation, &Evaluation::ALL, |e| {
                e.name().to_string()
            }),
            combo_line("Move Ordering", d.ordering, &MoveOrdering::ALL, |o| {
                o.name().to_string()
            }),
            check_line("Zugzwang Guard", d.zugzwang_guard),
            combo_line("Search", d.algorithm, &Algorithm::ALL, |a| a.name().to_string()),
            format!(
                "option name MCTS Cutoff type spin default {} min 0 max {MAX_MCTS_CUTOFF}",
                d.mcts_cutoff
            ),
            format!(
                "option name MCTS Exploration type spin default {} min 0 max {MAX_MCTS_EXPLORATION}",
                d.mcts_exploration_milli
            ),
        ];
        // Chess has no dice: the features for chance nodes are not chess options.
        lines.extend(
            FEATURES
                .iter()
                .filter(|feature| !feature.is_for_chance_games() && !feature.is_for_scored_games())
                .map(|feature| feature_line(feature, &d.search)),
        );
        lines
    }

    /// Applies `setoption name <name> [value <value>]`. Names are matched case-insensitively,
    /// as the protocol asks.
    ///
    /// # Errors
    ///
    /// A message for the user (sent as `info string`) naming the unknown option or the bad
    /// value; the options are then unchanged.
    ///
    /// ```
    /// use game_chess::uci::{EngineOptions, OptionEffect};
    /// use search_core::engine::NullReduction;
    /// let mut options = EngineOptions::default();
    /// assert_eq!(options.set("null move", Some("r2")), Ok(OptionEffect::Reconfigure));
    /// assert_eq!(options.search.null_move.unwrap().reduction, NullReduction::Fixed(2));
    /// assert!(options.set("Hash", Some("0")).is_err());
    /// assert!(options.set("Contempt", Some("10")).is_err());
    /// ```
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, String> {
        let key = name.to_ascii_lowercase();
        if key == "clear hash" {
            return Ok(OptionEffect::ClearHash);
        }
        let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Err(if Self::is_known(&key) {
                format!("option '{name}' needs a value")
            } else {
                format!("unknown option '{name}'")
            });
        };
        let effect = match key.as_str() {
            "hash" | "threads" => {
                let mut resources = self.resources;
                resources
                    .set(&key, value)
                    .map_err(|error| format!("option '{name}': {error}"))?;
                self.resources = resources;
                OptionEffect::Reconfigure
            }
            "move overhead" => {
                self.move_overhead = Duration::from_millis(spin(name, value, 0, MAX_MOVE_OVERHEAD_MS)?);
                OptionEffect::Stored
            }
            "multipv" => {
                self.multi_pv = spin(name, value, 1, u64::from(MAX_MULTI_PV))? as u32;
                OptionEffect::Stored
            }
            "ponder" => {
                self.ponder = check(name, value)?;
                OptionEffect::Stored
            }
            "time stability" => {
                self.time_stability = check(name, value)?;
                OptionEffect::Stored
            }
            "evaluation" => {
                self.evaluation = combo(name, value, &Evaluation::ALL, |e| e.name().to_string())?;
                OptionEffect::Reconfigure
            }
            "move ordering" => {
                self.ordering = combo(name, value, &MoveOrdering::ALL, |o| o.name().to_string())?;
                OptionEffect::Stored
            }
            "zugzwang guard" => {
                self.zugzwang_guard = check(name, value)?;
                OptionEffect::Stored
            }
            "search" => {
                self.algorithm = combo(name, value, &Algorithm::ALL, |a| a.name().to_string())?;
                OptionEffect::Stored
            }
            "mcts cutoff" => {
                self.mcts_cutoff = spin(name, value, 0, u64::from(MAX_MCTS_CUTOFF))? as u32;
                OptionEffect::Stored
            }
            "mcts exploration" => {
                self.mcts_exploration_milli = spin(name, value, 0, u64::from(MAX_MCTS_EXPLORATION))? as u32;
                OptionEffect::Stored
            }
            _ => {
                let feature = FEATURES
                    .iter()
                    .filter(|feature| !feature.is_for_chance_games() && !feature.is_for_scored_games())
                    .find(|feature| feature.option.eq_ignore_ascii_case(name.trim()))
                    .ok_or_else(|| format!("unknown option '{name}'"))?;
                let mut search = self.search;
                set_feature(&mut search, feature, name, value)?;
                self.search = search;
                OptionEffect::Reconfigure
            }
        };
        Ok(effect)
    }

    fn is_known(key: &str) -> bool {
        Self::uci_lines().iter().any(|line| {
            line.to_ascii_lowercase()
                .starts_with(&format!("option name {key} type"))
        })
    }

    /// The position configuration these options ask for (the move ordering, the zugzwang guard;
    /// repetition on).
    #[must_use]
    pub fn chess_config(&self) -> ChessConfig {
        ChessConfig::default()
            .with_ordering(self.ordering)
            .with_zugzwang_guard(self.zugzwang_guard)
    }

    /// The Monte Carlo tree searcher these options describe (`Search` = `mcts`), its trees
    /// within `Hash` MiB together (16 without a table), one per `Threads` (root parallelisation).
    #[must_use]
    pub fn build_mcts(&self) -> search_core::mcts::Mcts<ChessGame, Evaluation> {
        search_core::mcts::Mcts::new()
            .with_evaluator(self.evaluation)
            .with_cutoff(self.mcts_cutoff)
            .with_exploration(f64::from(self.mcts_exploration_milli) / 1000.0)
            .with_memory_limit(self.resources.table_mib() << 20)
            .with_threads(self.resources.threads())
    }

    /// Builds the search engine these options describe; `info` (if any) receives every
    /// completed iteration.
    #[must_use]
    pub fn build(&self, info: Option<InfoCallback<Move>>) -> ChessEngine {
        let mut engine = Engine::with_config(self.evaluation, self.search).with_resources(self.resources);
        engine.set_info(info);
        engine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_strongest_preset_with_the_kept_chess_features() {
        let defaults = EngineOptions::default();
        assert_eq!(defaults.search, chess_search());
        assert_eq!(defaults.build(None).config(), &chess_search());
        assert_eq!(
            chess_search(),
            Config { chance: None, ..Config::strongest() }
                .with("qs-see+lmp=8+iir=4+history=gravity+hp=1024+see-prune=80+improving+lmr-history=8192+null-eval=200+null-guard+qs-tt+razor=300+futility=100")
                .unwrap(),
            "the strongest preset without its chance pruning, plus qs-see, lmp=8, iir=4, history=gravity, hp=1024, see-prune=80, improving, lmr-history=8192, null-eval=200, null-guard, qs-tt, razor=300 and futility=100"
        );
        assert!(defaults.zugzwang_guard && defaults.chess_config().zugzwang_guard);
        assert_eq!(Config::strongest().exactness(), chess_search().exactness());
    }

    #[test]
    fn every_engine_feature_is_an_option() {
        let lines = EngineOptions::uci_lines();
        for feature in FEATURES
            .iter()
            .filter(|feature| !feature.is_for_chance_games() && !feature.is_for_scored_games())
        {
            let prefix = format!("option name {} type ", feature.option);
            assert!(
                lines.iter().any(|line| line.starts_with(&prefix)),
                "{}",
                feature.option
            );
        }
        assert!(
            !lines.iter().any(|line| line.contains("Chance Pruning")),
            "chess has no dice"
        );
        let mut options = EngineOptions::default();
        assert_eq!(
            options.set("null move", Some("r2")),
            Ok(OptionEffect::Reconfigure)
        );
        assert_eq!(
            options.set("Verified Null Move", Some("true")),
            Ok(OptionEffect::Reconfigure)
        );
        assert_eq!(
            options.set("Aspiration", Some("0")),
            Ok(OptionEffect::Reconfigure)
        );
        assert_eq!(options.set("LMR", Some("classic")), Ok(OptionEffect::Reconfigure));
        assert_eq!(options.set("Hash", Some("64")), Ok(OptionEffect::Reconfigure));
        assert_eq!(options.set("Threads", Some("2")), Ok(OptionEffect::Reconfigure));
        assert_eq!(options.resources, Resources::new(2, 64).unwrap());
        assert_eq!(
            options.search.to_string(),
            "id+tt=deeper+hints+killers+history=gravity+pvs+null+verified+null-guard+null-eval+rfp+futility+lmr+lmr-history+lmp=8+hp+see-prune+razor+iir+improving+qs+qs-see+qs-tt+qs-nodes+check-ext+rep"
        );
    }

    #[test]
    fn every_listed_option_can_be_set_to_its_default() {
        for line in EngineOptions::uci_lines() {
            let rest = line.strip_prefix("option name ").unwrap();
            let (name, kind) = rest.split_once(" type ").unwrap();
            let default = kind
                .split(" default ")
                .nth(1)
                .map(|d| d.split(" var ").next().unwrap());
            let default = default.map(|d| d.split(" min ").next().unwrap());
            let mut options = EngineOptions::default();
            options.set(name, default).unwrap();
            assert_eq!(options, EngineOptions::default(), "{line}");
        }
    }

    #[test]
    fn bad_values_say_why_and_change_nothing() {
        let mut options = EngineOptions::default();
        let cases = [
            (
                "Hash",
                Some("lots"),
                "option 'Hash': hash needs a whole number, not \"lots\"",
            ),
            (
                "Hash",
                Some("-3"),
                "option 'Hash': hash needs a whole number, not \"-3\"",
            ),
            (
                "Threads",
                Some("0"),
                "option 'Threads': threads must be 1 to 256, not 0",
            ),
            (
                "Aspiration",
                Some("wide"),
                "option 'Aspiration' needs a number, got 'wide'",
            ),
            ("Hash", None, "option 'Hash' needs a value"),
            (
                "PVS",
                Some("maybe"),
                "option 'PVS' needs 'true' or 'false', got 'maybe'",
            ),
            (
                "Null Move",
                Some("r4"),
                "option 'Null Move' has no value 'r4' (one of: off, r2, r1, r3, adaptive, scaled)",
            ),
            ("Skill Level", Some("3"), "unknown option 'Skill Level'"),
        ];
        for (name, value, message) in cases {
            assert_eq!(options.set(name, value), Err(message.to_string()));
        }
        assert_eq!(options, EngineOptions::default());
    }
}
