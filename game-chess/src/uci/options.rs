//! The UCI engine's options: the protocol's usual ones (`Hash`, `Clear Hash`, `Move Overhead`,
//! `MultiPV`, `Ponder`) and the framework's own choices, so that a GUI user can compare the
//! algorithms (evaluation, move ordering, null move, quiescence, TT depth policy, PVS, LMR,
//! MTD(f), aspiration windows, killers, history, check extension).
//!
//! The defaults are the strongest configuration: [`Engine::strongest`] with the
//! [`Tapered`](crate::Tapered) evaluation and MVV-LVA ordering.

use std::time::Duration;

use search_core::engine::{
    DEFAULT_REVERSE_FUTILITY_MARGIN, DepthPolicy, Engine, FirstGuess, InfoCallback, NullReduction,
};
use shakmaty::Move;

use crate::{ChessConfig, ChessGame, Evaluation, MoveOrdering};

/// The engine the UCI front end drives.
pub type ChessEngine = Engine<ChessGame, Evaluation>;

/// The null-move choices offered as one `Null Move` option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NullMove {
    /// No null move.
    Off,
    /// Plain null-move pruning with a fixed reduction `R` (1, 2 or 3).
    Fixed(u32),
    /// Heinz's adaptive null move (`R` = 3 far from the horizon, 2 near it): the default.
    #[default]
    Adaptive,
    /// Verified null-move pruning (David-Tabibi & Netanyahu 2002) with their `R` = 3.
    Verified,
}

impl NullMove {
    /// Every choice, in the order the option lists them.
    pub const ALL: [NullMove; 6] = [
        NullMove::Off,
        NullMove::Fixed(1),
        NullMove::Fixed(2),
        NullMove::Fixed(3),
        NullMove::Adaptive,
        NullMove::Verified,
    ];

    /// The option value naming this choice.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            NullMove::Off => "off".to_string(),
            NullMove::Fixed(r) => format!("r{r}"),
            NullMove::Adaptive => "adaptive".to_string(),
            NullMove::Verified => "verified".to_string(),
        }
    }
}

/// The `TT Depth Policy` option's value names, in [`DepthPolicy`] order.
fn policy_name(policy: DepthPolicy) -> &'static str {
    match policy {
        DepthPolicy::SameDepth => "same-depth",
        DepthPolicy::AtLeastDepth => "at-least-depth",
        DepthPolicy::AnyDepth => "any-depth",
    }
}

const POLICIES: [DepthPolicy; 3] = [
    DepthPolicy::SameDepth,
    DepthPolicy::AtLeastDepth,
    DepthPolicy::AnyDepth,
];

/// The `MTD(f)` option's value names.
fn mtdf_name(guess: Option<FirstGuess>) -> &'static str {
    match guess {
        None => "off",
        Some(FirstGuess::Previous) => "previous",
        Some(FirstGuess::TwoBack) => "two-back",
    }
}

const MTDF: [Option<FirstGuess>; 3] = [None, Some(FirstGuess::Previous), Some(FirstGuess::TwoBack)];

/// The largest `Hash` accepted, in MiB.
pub const MAX_HASH_MIB: usize = 4096;
/// The largest `Move Overhead` accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The largest `Reverse Futility` and `Futility` margin accepted, in centipawns per ply.
pub const MAX_REVERSE_FUTILITY: u32 = 1000;

/// The largest `MultiPV` accepted.
pub const MAX_MULTI_PV: u32 = 64;

/// What applying an option asks of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing beyond the stored value (it is read at the next `go`).
    Stored,
    /// The search engine must be rebuilt with the new configuration.
    Rebuild,
    /// The transposition table (and what else the engine learnt) must be cleared.
    ClearHash,
}

/// Every option's current value. [`EngineOptions::default`] is the strongest configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `Hash`: the transposition table's size in MiB.
    pub hash_mib: usize,
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
    /// `Null Move`.
    pub null_move: NullMove,
    /// `Quiescence`: quiescence search at the horizon.
    pub quiescence: bool,
    /// `TT Depth Policy`.
    pub tt_policy: DepthPolicy,
    /// `PVS`: principal variation search.
    pub pvs: bool,
    /// `LMR`: late move reductions.
    pub lmr: bool,
    /// `MTD(f)`: MTD(f) as the root driver, and its first guess.
    pub mtdf: Option<FirstGuess>,
    /// `Aspiration`: aspiration windows (when MTD(f) is off).
    pub aspiration: bool,
    /// `Killers`: killer moves.
    pub killers: bool,
    /// `History`: the history heuristic.
    pub history: bool,
    /// `Check Extension`.
    pub check_extension: bool,
    /// `Null Move Guard`: null move only where the static evaluation is at least beta.
    pub null_move_guard: bool,
    /// `Reverse Futility`: reverse futility pruning's margin in centipawns per ply (0: off).
    pub reverse_futility: u32,
    /// `Futility`: futility pruning's margin in centipawns per ply (0: off).
    pub futility: u32,
    /// `LMR Logarithmic`: logarithmic late move reductions (with `LMR` on).
    pub lmr_logarithmic: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: 16,
            move_overhead: Duration::from_millis(10),
            multi_pv: 1,
            ponder: false,
            evaluation: Evaluation::Tapered,
            ordering: MoveOrdering::MvvLva,
            null_move: NullMove::Adaptive,
            quiescence: true,
            tt_policy: DepthPolicy::AtLeastDepth,
            pvs: true,
            lmr: true,
            mtdf: None,
            aspiration: true,
            killers: true,
            history: true,
            check_extension: true,
            null_move_guard: false,
            reverse_futility: DEFAULT_REVERSE_FUTILITY_MARGIN.unsigned_abs(),
            futility: 0,
            lmr_logarithmic: true,
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

impl EngineOptions {
    /// The `option` lines answering `uci`, one per option, with the defaults.
    #[must_use]
    pub fn uci_lines() -> Vec<String> {
        let d = EngineOptions::default();
        vec![
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
                d.hash_mib
            ),
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
            combo_line("Evaluation", d.evaluation, &Evaluation::ALL, |e| {
                e.name().to_string()
            }),
            combo_line("Move Ordering", d.ordering, &MoveOrdering::ALL, |o| {
                o.name().to_string()
            }),
            combo_line("Null Move", d.null_move, &NullMove::ALL, NullMove::name),
            check_line("Quiescence", d.quiescence),
            combo_line("TT Depth Policy", d.tt_policy, &POLICIES, |p| {
                policy_name(p).to_string()
            }),
            check_line("PVS", d.pvs),
            check_line("LMR", d.lmr),
            combo_line("MTD(f)", d.mtdf, &MTDF, |g| mtdf_name(g).to_string()),
            check_line("Aspiration", d.aspiration),
            check_line("Killers", d.killers),
            check_line("History", d.history),
            check_line("Check Extension", d.check_extension),
            check_line("Null Move Guard", d.null_move_guard),
            format!(
                "option name Reverse Futility type spin default {} min 0 max {MAX_REVERSE_FUTILITY}",
                d.reverse_futility
            ),
            format!(
                "option name Futility type spin default {} min 0 max {MAX_REVERSE_FUTILITY}",
                d.futility
            ),
            check_line("LMR Logarithmic", d.lmr_logarithmic),
        ]
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
    /// use game_chess::uci::{EngineOptions, NullMove, OptionEffect};
    /// let mut options = EngineOptions::default();
    /// assert_eq!(options.set("null move", Some("r2")), Ok(OptionEffect::Rebuild));
    /// assert_eq!(options.null_move, NullMove::Fixed(2));
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
            "hash" => {
                self.hash_mib = spin(name, value, 1, MAX_HASH_MIB as u64)? as usize;
                OptionEffect::Rebuild
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
            "evaluation" => {
                self.evaluation = combo(name, value, &Evaluation::ALL, |e| e.name().to_string())?;
                OptionEffect::Rebuild
            }
            "move ordering" => {
                self.ordering = combo(name, value, &MoveOrdering::ALL, |o| o.name().to_string())?;
                OptionEffect::Stored
            }
            "null move" => {
                self.null_move = combo(name, value, &NullMove::ALL, NullMove::name)?;
                OptionEffect::Rebuild
            }
            "tt depth policy" => {
                self.tt_policy = combo(name, value, &POLICIES, |p| policy_name(p).to_string())?;
                OptionEffect::Rebuild
            }
            "mtd(f)" => {
                self.mtdf = combo(name, value, &MTDF, |g| mtdf_name(g).to_string())?;
                OptionEffect::Rebuild
            }
            "quiescence" => self.set_flag(name, value, |o| &mut o.quiescence)?,
            "pvs" => self.set_flag(name, value, |o| &mut o.pvs)?,
            "lmr" => self.set_flag(name, value, |o| &mut o.lmr)?,
            "aspiration" => self.set_flag(name, value, |o| &mut o.aspiration)?,
            "killers" => self.set_flag(name, value, |o| &mut o.killers)?,
            "history" => self.set_flag(name, value, |o| &mut o.history)?,
            "check extension" => self.set_flag(name, value, |o| &mut o.check_extension)?,
            "null move guard" => self.set_flag(name, value, |o| &mut o.null_move_guard)?,
            "lmr logarithmic" => self.set_flag(name, value, |o| &mut o.lmr_logarithmic)?,
            "futility" => {
                self.futility = spin(name, value, 0, u64::from(MAX_REVERSE_FUTILITY))? as u32;
                OptionEffect::Rebuild
            }
            "reverse futility" => {
                self.reverse_futility = spin(name, value, 0, u64::from(MAX_REVERSE_FUTILITY))? as u32;
                OptionEffect::Rebuild
            }
            _ => return Err(format!("unknown option '{name}'")),
        };
        Ok(effect)
    }

    fn set_flag(
        &mut self,
        name: &str,
        value: &str,
        field: impl Fn(&mut EngineOptions) -> &mut bool,
    ) -> Result<OptionEffect, String> {
        *field(self) = check(name, value)?;
        Ok(OptionEffect::Rebuild)
    }

    fn is_known(key: &str) -> bool {
        Self::uci_lines().iter().any(|line| {
            line.to_ascii_lowercase()
                .starts_with(&format!("option name {key} type"))
        })
    }

    /// The position configuration these options ask for (the move ordering; repetition on).
    #[must_use]
    pub fn chess_config(&self) -> ChessConfig {
        ChessConfig::default().with_ordering(self.ordering)
    }

    /// Builds the search engine these options describe; `info` (if any) receives every
    /// completed iteration.
    #[must_use]
    pub fn build(&self, info: Option<InfoCallback<Move>>) -> ChessEngine {
        let (null_move, verified) = match self.null_move {
            NullMove::Off => (None, false),
            NullMove::Fixed(r) => (Some(NullReduction::Fixed(r)), false),
            NullMove::Adaptive => (Some(NullReduction::Adaptive), false),
            NullMove::Verified => (Some(NullReduction::Fixed(3)), true),
        };
        let engine: ChessEngine = Engine::new(self.evaluation)
            .with_iterative_deepening(true)
            .with_transposition_table(self.hash_mib)
            .with_tt_policy(self.tt_policy)
            .with_order_hints(true)
            .with_killers(self.killers)
            .with_history(self.history)
            .with_pvs(self.pvs)
            .with_aspiration(
                self.aspiration
                    .then_some(search_core::engine::DEFAULT_ASPIRATION_WINDOW),
            )
            .with_mtdf(self.mtdf)
            .with_null_move(null_move)
            .with_verified_null_move(verified)
            .with_lmr(self.lmr)
            .with_quiescence(self.quiescence)
            .with_check_extension(self.check_extension)
            .with_null_move_eval_guard(self.null_move_guard)
            .with_reverse_futility((self.reverse_futility > 0).then_some(self.reverse_futility as i32))
            .with_futility((self.futility > 0).then_some(self.futility as i32))
            .with_lmr_logarithmic(self.lmr_logarithmic)
            .with_repetition_detection(true);
        match info {
            Some(callback) => engine.with_info(callback),
            None => engine,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::Searcher;

    #[test]
    fn the_defaults_are_the_strongest_preset() {
        let ours = EngineOptions::default().build(None);
        let strongest = ChessEngine::strongest(Evaluation::Tapered);
        assert_eq!(ours.name(), strongest.name());
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
            ("Hash", Some("lots"), "option 'Hash' needs a number, got 'lots'"),
            ("Hash", Some("-3"), "option 'Hash': -3 is out of range 1..4096"),
            ("Hash", None, "option 'Hash' needs a value"),
            (
                "PVS",
                Some("maybe"),
                "option 'PVS' needs 'true' or 'false', got 'maybe'",
            ),
            (
                "Null Move",
                Some("r4"),
                "option 'Null Move' has no value 'r4' (one of: off, r1, r2, r3, adaptive, verified)",
            ),
            ("Skill Level", Some("3"), "unknown option 'Skill Level'"),
        ];
        for (name, value, message) in cases {
            assert_eq!(options.set(name, value), Err(message.to_string()));
        }
        assert_eq!(options, EngineOptions::default());
    }
}
