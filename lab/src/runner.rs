//! Runs configurations over a suite of positions, checks the exact ones against a reference on
//! the fly, and collects a [`Report`].
//!
//! Every search runs on a worker thread with a fresh searcher, so that a stop request (Ctrl-C)
//! or the time budget ends the run promptly even inside a reference searcher, which ignores stop
//! flags by design: the unfinished search is abandoned (its thread is left to the process's exit)
//! and the report holds every search that completed. Engine searches are also given the stop flag
//! and the deadline, and a search that was cut short is never reported as a result.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use game_chess::shakmaty::san::San;
use game_chess::shakmaty::{Chess, Move};
use game_chess::{ChessConfig, ChessGame, EpdRecord, Evaluation, MoveOrdering, to_uci};
use search_core::engine::Engine;
use search_core::reference::{AlphaBeta, MinimaxQuiescence};
use search_core::testing::{Expectation, judge};
use search_core::{Game, Limits, Score, SearchResult, Searcher};

use super::configs::{Check, Config, Recipe};

/// The deepest search the quiescence reference (`MinimaxQuiescence`, which visits every node of
/// the full-width tree and of every capture line) is run at by default.
pub const QUIESCENCE_CHECK_MAX_DEPTH: u32 = 2;

/// How far beyond the horizon capture lines are followed when a quiescence configuration is
/// checked: the configuration is searched again with this cut, and so is the reference.
pub const QUIESCENCE_CHECK_MAX_PLY: u32 = 3;

/// One position of a suite.
#[derive(Clone, Debug)]
pub struct SuitePosition {
    /// Its `id` (or FEN).
    pub label: String,
    /// Its FEN.
    pub fen: String,
    /// The position.
    pub chess: Chess,
    /// Its base depth (`acd`).
    pub depth: u32,
}

/// Why a suite could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The EPD did not parse.
    #[error("{0}")]
    Epd(#[from] game_chess::Error),
    /// A record has no `acd` depth.
    #[error("EPD record {index} ({label}) has no `acd` depth: every position of a suite needs one")]
    NoDepth {
        /// 1-based record number.
        index: usize,
        /// Its label.
        label: String,
    },
    /// No positions.
    #[error("the suite has no positions")]
    Empty,
}

impl SuitePosition {
    /// From an EPD record with an `acd` depth.
    fn from_record(index: usize, record: &EpdRecord) -> Result<Self, SuiteError> {
        let depth = record.analysis_depth.ok_or_else(|| SuiteError::NoDepth {
            index: index + 1,
            label: record.label().to_string(),
        })?;
        Ok(SuitePosition {
            label: record.label().to_string(),
            fen: record.fen.clone(),
            chess: record.chess.clone(),
            depth,
        })
    }

    /// The position as a game with `ordering` and no repetition keys (path-dependent draws are
    /// off when searchers are compared).
    #[must_use]
    pub fn game(&self, ordering: MoveOrdering) -> ChessGame {
        ChessGame::new(
            self.chess.clone(),
            ChessConfig::default()
                .with_ordering(ordering)
                .with_repetition(false),
        )
    }
}

/// The thesis's 24 positions (embedded).
#[must_use]
pub fn thesis_suite() -> Vec<SuitePosition> {
    game_chess::positions::thesis_24()
        .iter()
        .enumerate()
        .filter_map(|(index, record)| SuitePosition::from_record(index, record).ok())
        .collect()
}

/// Parses an EPD suite; every record needs `acd`.
///
/// # Errors
///
/// A bad line, a record without `acd`, or no record at all.
pub fn parse_suite(text: &str) -> Result<Vec<SuitePosition>, SuiteError> {
    let records = game_chess::parse_epd_file(text)?;
    if records.is_empty() {
        return Err(SuiteError::Empty);
    }
    records
        .iter()
        .enumerate()
        .map(|(index, record)| SuitePosition::from_record(index, record))
        .collect()
}

/// How a run is done.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The evaluation of every searcher and reference.
    pub evaluation: Evaluation,
    /// The depth offset for every configuration (`None`: each configuration's default).
    pub depth_offset: Option<i32>,
    /// Check quiescence configurations against `MinimaxQuiescence` up to this depth.
    pub quiescence_check_max_depth: u32,
    /// Stop when this flag is raised (Ctrl-C).
    pub stop: Arc<AtomicBool>,
    /// Stop at this instant (the time budget).
    pub deadline: Option<Instant>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            evaluation: Evaluation::default(),
            depth_offset: None,
            quiescence_check_max_depth: QUIESCENCE_CHECK_MAX_DEPTH,
            stop: Arc::new(AtomicBool::new(false)),
            deadline: None,
        }
    }
}

impl RunOptions {
    fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// The outcome of checking one search against the reference.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum CheckOutcome {
    /// The configuration is not exact: nothing to check.
    NotExact,
    /// Exact, but the reference is too expensive here (or the run stopped first).
    Skipped {
        /// Why.
        reason: String,
    },
    /// Same value, and the best move is one of the reference's best.
    Agreed,
    /// A disagreement (a bug in a searcher).
    Disagreed {
        /// What differs.
        detail: String,
    },
}

/// One configuration's search of one position.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PositionResult {
    /// The position's label.
    pub label: String,
    /// The depth searched.
    pub depth: u32,
    /// Nodes.
    pub nodes: u64,
    /// Interior (primary parent) nodes.
    pub interior_nodes: u64,
    /// Leaf nodes.
    pub leaf_nodes: u64,
    /// Quiescence nodes.
    pub quiescence_nodes: u64,
    /// Children searched (for the branching factor).
    pub children: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The root value as shown (`cp 35`, `mate 3`), side to move's view.
    pub value: String,
    /// The root value in centipawns (mates as ±30000 ∓ plies), side to move's view.
    pub value_raw: i32,
    /// The best move in UCI.
    pub best_move: Option<String>,
    /// The best move in SAN.
    pub best_move_san: Option<String>,
    /// The check against the reference.
    pub check: CheckOutcome,
}

impl PositionResult {
    /// `children / interior_nodes`.
    #[must_use]
    pub fn branching_factor(&self) -> f64 {
        ratio(self.children, self.interior_nodes)
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// One configuration's results.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ConfigReport {
    /// Its name.
    pub name: String,
    /// What it is.
    pub description: String,
    /// How it is checked.
    pub check: Check,
    /// The depth offset it ran at.
    pub depth_offset: i32,
    /// Its completed searches, in suite order.
    pub positions: Vec<PositionResult>,
}

impl ConfigReport {
    fn sum(&self, field: impl Fn(&PositionResult) -> u64) -> u64 {
        self.positions.iter().map(field).sum()
    }

    /// Nodes over every position.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.sum(|p| p.nodes)
    }

    /// Average nodes per position.
    #[must_use]
    pub fn average_nodes(&self) -> f64 {
        ratio(self.total_nodes(), self.positions.len() as u64)
    }

    /// Primary (non-quiescence) nodes over every position.
    #[must_use]
    pub fn primary_nodes(&self) -> u64 {
        self.total_nodes() - self.quiescence_nodes()
    }

    /// Interior nodes over every position.
    #[must_use]
    pub fn interior_nodes(&self) -> u64 {
        self.sum(|p| p.interior_nodes)
    }

    /// Leaf nodes over every position.
    #[must_use]
    pub fn leaf_nodes(&self) -> u64 {
        self.sum(|p| p.leaf_nodes)
    }

    /// Leaf nodes / nodes, over every position (the thesis's "percentage of leaf nodes").
    #[must_use]
    pub fn leaf_share(&self) -> f64 {
        ratio(self.leaf_nodes(), self.total_nodes())
    }

    /// Quiescence nodes over every position.
    #[must_use]
    pub fn quiescence_nodes(&self) -> u64 {
        self.sum(|p| p.quiescence_nodes)
    }

    /// The mean of the positions' branching factors.
    #[must_use]
    pub fn average_branching_factor(&self) -> f64 {
        if self.positions.is_empty() {
            return 0.0;
        }
        self.positions
            .iter()
            .map(PositionResult::branching_factor)
            .sum::<f64>()
            / self.positions.len() as f64
    }

    /// Mean seconds per position.
    #[must_use]
    pub fn average_seconds(&self) -> f64 {
        if self.positions.is_empty() {
            return 0.0;
        }
        self.positions.iter().map(|p| p.seconds).sum::<f64>() / self.positions.len() as f64
    }

    /// Searches that disagreed with the reference.
    #[must_use]
    pub fn disagreements(&self) -> usize {
        self.positions
            .iter()
            .filter(|p| matches!(p.check, CheckOutcome::Disagreed { .. }))
            .count()
    }

    /// Searches that agreed with the reference.
    #[must_use]
    pub fn agreements(&self) -> usize {
        self.positions
            .iter()
            .filter(|p| p.check == CheckOutcome::Agreed)
            .count()
    }
}

/// What a run found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// The evaluation used.
    pub evaluation: String,
    /// The suite's labels and base depths.
    pub suite: Vec<(String, u32)>,
    /// One report per configuration, in the order asked.
    pub configs: Vec<ConfigReport>,
    /// `None` if every search completed; else why the run ended early.
    pub interrupted: Option<String>,
}

impl Report {
    /// Disagreements with the reference over every configuration.
    #[must_use]
    pub fn disagreements(&self) -> usize {
        self.configs.iter().map(ConfigReport::disagreements).sum()
    }
}

/// Progress of a run, for a progress bar.
#[derive(Clone, Debug)]
pub enum Progress<'a> {
    /// A search starts (`done` of `total` searches finished so far).
    Searching {
        /// The configuration.
        config: &'a str,
        /// The position's label.
        position: &'a str,
        /// Searches done.
        done: usize,
        /// Searches planned.
        total: usize,
    },
    /// A disagreement with the reference was found.
    Disagreement {
        /// The configuration.
        config: &'a str,
        /// The position's label.
        position: &'a str,
        /// What differs.
        detail: &'a str,
    },
}

/// Runs `job` on a worker thread, returning its result, or `None` if `options` stopped first.
fn on_worker<T: Send + 'static>(options: &RunOptions, job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let _ = sender.send(job());
    });
    loop {
        match receiver.recv_timeout(Duration::from_millis(20)) {
            Ok(value) => return Some(value),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) if options.is_stopped() => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

fn limits(options: &RunOptions, depth: u32) -> Limits {
    let mut limits = Limits::depth(depth).with_stop_flag(Arc::clone(&options.stop));
    if let Some(deadline) = options.deadline {
        limits = limits.with_deadline(deadline);
    }
    limits
}

/// Reference values already computed: (position FEN, reference kind, depth, root move) to the
/// value (of the root, or of that root move), so that several exact configurations share one
/// reference search.
pub type ReferenceCache = HashMap<(String, Check, u32, Option<String>), Score>;

/// A search by a reference: the root's value, or with `mv` that root move's value.
fn reference_value(
    cache: &mut ReferenceCache,
    check: Check,
    position: &SuitePosition,
    depth: u32,
    mv: Option<Move>,
    options: &RunOptions,
) -> Option<Score> {
    let key = (position.fen.clone(), check, depth, mv.map(to_uci));
    if let Some(&value) = cache.get(&key) {
        return Some(value);
    }
    // The reference searches in thesis ordering 1 (the cheapest of the generation orders): the
    // value does not depend on the order.
    let root = position.game(MoveOrdering::ThesisV1);
    let evaluation = options.evaluation;
    let value = on_worker(options, move || {
        let (game, depth) = match mv {
            Some(mv) => (root.play(mv), depth - 1),
            None => (root, depth),
        };
        let limits = Limits::depth(depth);
        let score = match check {
            Check::Quiescence => {
                MinimaxQuiescence::new(evaluation)
                    .with_max_ply(QUIESCENCE_CHECK_MAX_PLY)
                    .search(&game, &limits)
                    .score
            }
            _ => AlphaBeta::new(evaluation).search(&game, &limits).score,
        };
        // A root move's value, from the root's side and measured from the root.
        if mv.is_some() { (-score).from_tt(1) } else { score }
    })?;
    cache.insert(key, value);
    Some(value)
}

/// Checks `result` (a search of `position` to `depth`) against the reference.
fn check_result(
    cache: &mut ReferenceCache,
    config: &Config,
    position: &SuitePosition,
    depth: u32,
    result: &SearchResult<Move>,
    options: &RunOptions,
) -> CheckOutcome {
    if config.check == Check::None {
        return CheckOutcome::NotExact;
    }
    if config.check == Check::Quiescence && depth > options.quiescence_check_max_depth {
        return CheckOutcome::Skipped {
            reason: format!(
                "depth {depth} > {} (the quiescence reference visits every node; --qs-check-depth)",
                options.quiescence_check_max_depth
            ),
        };
    }
    let stopped = || CheckOutcome::Skipped {
        reason: "the run stopped first".to_string(),
    };
    // Quiescence: the brute-force reference explodes on tactical positions, so the check runs
    // the configuration's own engine again with capture lines cut at QUIESCENCE_CHECK_MAX_PLY
    // plies, against the reference with the same cut: the same code paths, a bounded tree.
    let rechecked;
    let result = if config.check == Check::Quiescence {
        let Recipe::Engine(engine) = &config.recipe else {
            return CheckOutcome::Skipped {
                reason: "only engine configurations are re-searched for the quiescence check".into(),
            };
        };
        let mut cut = *engine;
        if let Some(quiescence) = &mut cut.config.quiescence {
            quiescence.max_ply = QUIESCENCE_CHECK_MAX_PLY;
        }
        let engine = Engine::with_setup(options.evaluation, cut);
        let game = position.game(config.ordering);
        let Some(result) = on_worker(options, move || {
            let mut engine = engine;
            engine.search(&game, &Limits::depth(depth))
        }) else {
            return stopped();
        };
        rechecked = result;
        &rechecked
    } else {
        result
    };
    // The project's one judgement (search_core::testing::judge): value, best move, PV, score.
    let root = position.game(config.ordering);
    let mut reference = |mv| reference_value(cache, config.check, position, depth, mv, options);
    match judge(&root, depth, result, Expectation::Exact, &mut reference) {
        None => stopped(),
        Some(wrong) if wrong.is_empty() => CheckOutcome::Agreed,
        Some(wrong) => CheckOutcome::Disagreed {
            detail: wrong
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        },
    }
}

/// Runs every configuration on every position (configuration by configuration), calling
/// `progress` as it goes. Stops cleanly when `options` says so, with the searches done so far.
pub fn run(
    suite: &[SuitePosition],
    configs: &[Config],
    options: &RunOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Report {
    let total = suite.len() * configs.len();
    let mut done = 0;
    let mut reports = Vec::with_capacity(configs.len());
    let mut interrupted = None;
    let mut cache = ReferenceCache::new();
    'configs: for config in configs {
        let offset = config.offset(options.depth_offset);
        let mut report = ConfigReport {
            name: config.name.clone(),
            description: config.description.clone(),
            check: config.check,
            depth_offset: offset,
            positions: Vec::with_capacity(suite.len()),
        };
        for position in suite {
            if options.is_stopped() {
                interrupted = Some(stop_reason(options));
                reports.push(report);
                break 'configs;
            }
            progress(Progress::Searching {
                config: &config.name,
                position: &position.label,
                done,
                total,
            });
            let depth = position.depth.saturating_add_signed(offset).max(1);
            let game = position.game(config.ordering);
            let limits = limits(options, depth);
            let (job_config, job_game) = (config.clone(), game.clone());
            let evaluation = options.evaluation;
            let job_limits = limits.clone();
            let finished = on_worker(options, move || {
                let mut searcher = job_config.build(evaluation);
                searcher.search(&job_game, &job_limits)
            });
            let result = match finished {
                Some(result) if !limits.is_stopped() => result,
                _ => {
                    interrupted = Some(stop_reason(options));
                    reports.push(report);
                    break 'configs;
                }
            };
            let check = check_result(&mut cache, config, position, depth, &result, options);
            if let CheckOutcome::Disagreed { detail } = &check {
                progress(Progress::Disagreement {
                    config: &config.name,
                    position: &position.label,
                    detail,
                });
            }
            let stats = &result.stats;
            report.positions.push(PositionResult {
                label: position.label.clone(),
                depth,
                nodes: stats.nodes,
                interior_nodes: stats.interior_nodes,
                leaf_nodes: stats.leaf_nodes,
                quiescence_nodes: stats.quiescence_nodes,
                children: stats.children,
                seconds: stats.elapsed.as_secs_f64(),
                value: result.score.to_string(),
                value_raw: result.score.raw(),
                best_move: result.best_move.map(to_uci),
                best_move_san: result
                    .best_move
                    .map(|mv| San::from_move(&position.chess, mv).to_string()),
                check,
            });
            done += 1;
        }
        reports.push(report);
    }
    Report {
        evaluation: options.evaluation.to_string(),
        suite: suite.iter().map(|p| (p.label.clone(), p.depth)).collect(),
        configs: reports,
        interrupted,
    }
}

fn stop_reason(options: &RunOptions) -> String {
    if options.stop.load(Ordering::Relaxed) {
        "stopped by request (Ctrl-C)".to_string()
    } else {
        "time budget exhausted".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn few(n: usize) -> Vec<SuitePosition> {
        thesis_suite().into_iter().take(n).collect()
    }

    #[test]
    fn the_thesis_suite_has_24_positions_with_depths() {
        let suite = thesis_suite();
        assert_eq!(suite.len(), 24);
        assert!(suite.iter().all(|p| (5..=7).contains(&p.depth)));
    }

    #[test]
    fn suites_need_depths() {
        let error = parse_suite("8/8/8/8/8/k1B5/BN6/K7 w - - id \"x\";").unwrap_err();
        assert!(error.to_string().contains("acd"), "{error}");
        assert!(matches!(parse_suite("# nothing\n"), Err(SuiteError::Empty)));
        assert!(parse_suite("not a fen acd 3;").is_err());
        assert_eq!(
            parse_suite("8/8/8/8/8/k1B5/BN6/K7 w - - acd 3;").unwrap()[0].depth,
            3
        );
    }

    #[test]
    fn exact_configurations_agree_and_nodes_add_up() {
        let configs = Config::parse_list("minimax,ab-v1,ab-v2,tt-v1,qs+0,killers,exact,nm-r2").unwrap();
        let options = RunOptions {
            depth_offset: Some(-3),
            ..RunOptions::default()
        };
        let report = run(&few(2), &configs, &options, &mut |_| {});
        assert_eq!(report.interrupted, None);
        assert_eq!(report.disagreements(), 0);
        for config in &report.configs {
            assert_eq!(config.positions.len(), 2, "{}", config.name);
            for p in &config.positions {
                assert_eq!(p.nodes, p.interior_nodes + p.leaf_nodes, "{}", config.name);
                assert!(p.best_move.is_some());
            }
            let expected = if config.check == Check::None { 0 } else { 2 };
            assert_eq!(config.agreements(), expected, "{}", config.name);
        }
        // Same values from every exact configuration, and minimax is the largest tree.
        let minimax = &report.configs[0];
        for config in &report.configs[1..] {
            if config.check == Check::AlphaBeta {
                for (a, b) in minimax.positions.iter().zip(&config.positions) {
                    assert_eq!(a.value_raw, b.value_raw, "{}", config.name);
                }
                assert!(config.total_nodes() < minimax.total_nodes(), "{}", config.name);
            }
        }
        assert!(report.configs[4].quiescence_nodes() > 0);
    }

    #[test]
    fn a_raised_stop_flag_gives_an_empty_partial_report() {
        let options = RunOptions::default();
        options.stop.store(true, Ordering::Relaxed);
        let report = run(
            &few(1),
            &Config::parse_list("ab-v1").unwrap(),
            &options,
            &mut |_| {},
        );
        assert_eq!(report.interrupted.as_deref(), Some("stopped by request (Ctrl-C)"));
        assert!(report.configs[0].positions.is_empty());
    }

    #[test]
    fn a_wrong_value_is_a_disagreement() {
        let position = &few(1)[0];
        let config = Config::parse("ab-v1").unwrap();
        let mut result = config
            .build(Evaluation::Tapered)
            .search(&position.game(config.ordering), &Limits::depth(2));
        assert_eq!(
            check_result(
                &mut ReferenceCache::new(),
                &config,
                position,
                2,
                &result,
                &RunOptions::default()
            ),
            CheckOutcome::Agreed
        );
        result.score = result.score + 1;
        assert!(matches!(
            check_result(
                &mut ReferenceCache::new(),
                &config,
                position,
                2,
                &result,
                &RunOptions::default()
            ),
            CheckOutcome::Disagreed { .. }
        ));
    }
}
