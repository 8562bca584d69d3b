//! The `tune` program: Texel's method. Every weight of the classical evaluation
//! ([`game_chess::eval::classical`]) is fitted to the results of the project's own self-play
//! games ([`crate::selfplay`]), and the weights are written to `game-chess/src/eval/weights.rs`.
//!
//! - **Idea** (Peter Österlund, 2014, Chess Programming Wiki "Texel's Tuning Method"): a good
//!   evaluation predicts the game's result. With `E` a position's evaluation for White and
//!   `σ(E) = 1 / (1 + 10^(−K·E/400))` the expected score it implies, minimise the mean squared
//!   error `(R − σ(E))²` over many positions `R` being the game's result for White. `K` is fitted
//!   first, to the weights as they are, so that the scale stays centipawns.
//! - **How.** The evaluation is linear in its weights ([`classical::Trace`]), so each position is
//!   traced once (its counts of every term and its phase) and the error's gradient is exact:
//!   `∂E/∂w_mg = count · phase / 24`, `∂E/∂w_eg = count · scale · (24 − phase) / 24`, where
//!   `scale` is the end game's scale for the side its sum favours (a fixed fraction of the
//!   position, [`classical::Trace::scale`]; which of its two values applies changes only where
//!   the end-game sum crosses zero). Adam (Kingma & Ba
//!   2015) on the whole batch, on both cores; the positions of one game in ten are held out, and
//!   the weights with the lowest held-out error are the result (early stopping).
//! - **Quiet positions only.** A position in the middle of an exchange is not what a static
//!   evaluation is for: one is kept only if the engine's quiescence search (captures and
//!   promotions) finds nothing better than its static value.
//! - **Checked.** After rounding, the held-out error is computed again by the evaluation's own
//!   integer arithmetic ([`classical::Trace::value`]) and printed beside the float one.
//! - **Reproducible.** The positions are fitted in the order of their files and game numbers,
//!   not in the order a file holds its games (`selfplay` writes each game as it ends, so two runs
//!   of the same games order a file differently, and a resumed file differs again): the same
//!   games give the same weights.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use game_chess::eval::classical::{self, GROUPS, TERMS, Trace, Weight};
use game_chess::shakmaty::Position;
use game_chess::{ChessConfig, ChessGame, Classical};
use search_core::engine::{Config, Engine, QuiescenceConfig};
use search_core::{Evaluate, Limits, Searcher};

use crate::progress;

/// The weights file in this repository.
pub const WEIGHTS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../game-chess/src/eval/weights.rs");

/// The `tune` program's options.
#[derive(Args, Debug, Clone)]
pub struct Options {
    /// Data files written by `selfplay` (repeatable).
    #[arg(long = "data", default_value = "target/tuning/selfplay.txt")]
    pub data: Vec<PathBuf>,
    /// Where the weights are written (default: the evaluation's own weights.rs).
    #[arg(long, default_value = WEIGHTS_FILE)]
    pub out: PathBuf,
    /// Passes over the data at most.
    #[arg(long, default_value_t = 3000)]
    pub epochs: usize,
    /// Stop when the held-out error has not improved for this many passes.
    #[arg(long, default_value_t = 200)]
    pub patience: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Use at most this many positions (the first ones).
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Keep positions that are not quiet too.
    #[arg(long)]
    pub keep_noisy: bool,
    /// How much of each position's target is its search score (turned into an expected score
    /// with the fitted `K`) rather than its game's result: 0 (the default) fits the results
    /// alone, 1 the search scores alone.
    #[arg(long, default_value_t = 0.0)]
    pub score_weight: f64,
    /// The logistic scale `K`, fixed, instead of fitted to the starting weights on the data.
    /// `K` and the weights' size trade against each other: fixing it to the value of the run
    /// that wrote today's weights keeps centipawns the size the search's margins expect, where a
    /// `K` fitted to other data (say, games of a stronger engine) rescales every weight.
    #[arg(long)]
    pub k: Option<f64>,
    /// Pulls every weight towards its value today (ridge regression towards the prior): adds
    /// `PRIOR` × the sum of each weight's change squared, in pawns (100 cp), to the fitted
    /// error. 0 (the default) pulls nothing. On a few thousand games Adam moves a rare term (a
    /// knight in a corner) as fast as a common one, on a handful of games' evidence; a pull of
    /// 1e-5 (the run the engine uses) holds such terms near where they were and lets the terms
    /// the data speak for move (1e-6 held them no better than no pull at all).
    #[arg(long, default_value_t = 0.0)]
    pub prior: f64,
    /// Groups of terms kept as they are (repeatable: `--freeze material --freeze tempo`).
    #[arg(long)]
    pub freeze: Vec<String>,
    /// Fit and print, but do not write the weights.
    #[arg(long)]
    pub dry_run: bool,
    /// Also write the run's summary (data, errors, each group's change) into this section of
    /// the book (book/src), with this command.
    #[arg(long, value_name = "SECTION")]
    pub book: Option<String>,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// The positions, traced: each a run of (term, count) pairs, its phase and result.
#[derive(Default, Debug, PartialEq)]
pub struct Dataset {
    /// Every position's nonzero counts, one after the other.
    entries: Vec<(u16, i16)>,
    /// Where each position's entries start (one more than positions: the end).
    starts: Vec<usize>,
    /// Each position's phase, 0 to 24.
    phases: Vec<u8>,
    /// Each position's end-game scale if the end game favours White, and Black
    /// ([`Trace::scale`]).
    scales: Vec<[u8; 2]>,
    /// Each position's result for White: 0, 0.5 or 1.
    results: Vec<f32>,
    /// Each position's search score for White, in centipawns.
    scores: Vec<f32>,
    /// What each position's evaluation is fitted to: its result, or a blend of its result and
    /// its search score ([`Dataset::set_targets`]).
    targets: Vec<f32>,
    /// Whether it is held out (not fitted, used to stop).
    held_out: Vec<bool>,
    /// Games read.
    pub games: usize,
    /// Positions read, before the quiet filter.
    pub read: usize,
}

impl Dataset {
    /// Positions kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.phases.len()
    }

    /// No position kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.phases.is_empty()
    }

    fn push(&mut self, trace: &Trace, result: f32, score: f32, held_out: bool) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        for (term, &count) in trace.counts.iter().enumerate() {
            if count != 0 {
                self.entries.push((term as u16, count as i16));
            }
        }
        self.starts.push(self.entries.len());
        self.phases.push(trace.phase as u8);
        self.scales.push(trace.scale.map(|scale| scale as u8));
        self.results.push(result);
        self.scores.push(score);
        self.targets.push(result);
        self.held_out.push(held_out);
    }

    /// Each target becomes `(1 − w) · result + w · σ(score)` with scaling `k`.
    fn set_targets(&mut self, k: f64, score_weight: f64) {
        for ((target, &result), &score) in self.targets.iter_mut().zip(&self.results).zip(&self.scores) {
            let expected = sigmoid(k, f64::from(score));
            *target = ((1.0 - score_weight) * f64::from(result) + score_weight * expected) as f32;
        }
    }

    /// How often each term is counted among the fitted positions (the sum of its counts'
    /// sizes): the weights of the means [`center`] moves.
    fn usage(&self) -> Vec<f64> {
        let mut usage = vec![0.0; TERMS];
        for index in (0..self.len()).filter(|&i| !self.held_out[i]) {
            for &(term, count) in self.position(index) {
                usage[usize::from(term)] += f64::from(count.unsigned_abs());
            }
        }
        usage
    }

    /// Positions held out.
    fn held_out_len(&self) -> usize {
        self.held_out.iter().filter(|&&h| h).count()
    }

    fn position(&self, index: usize) -> &[(u16, i16)] {
        &self.entries[self.starts[index]..self.starts[index + 1]]
    }

    /// The same positions sorted by `keys` (one a position: its file and game number), each
    /// game's positions kept in their order. `selfplay` writes its games as they end, so two
    /// runs of the same games order a file differently; the fit sums its errors in the
    /// dataset's order, and Adam turns the last bits of a gradient near zero into whole steps,
    /// so without this the same games could fit to different weights.
    fn in_game_order(self, keys: &[(usize, usize)]) -> Dataset {
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by_key(|&index| keys[index]);
        let mut sorted = Dataset {
            games: self.games,
            read: self.read,
            ..Dataset::default()
        };
        sorted.starts.push(0);
        for index in order {
            sorted.entries.extend_from_slice(self.position(index));
            sorted.starts.push(sorted.entries.len());
            sorted.phases.push(self.phases[index]);
            sorted.scales.push(self.scales[index]);
            sorted.results.push(self.results[index]);
            sorted.scores.push(self.scores[index]);
            sorted.targets.push(self.targets[index]);
            sorted.held_out.push(self.held_out[index]);
        }
        sorted
    }
}

/// One data line: a FEN, White's result and the search's score for White (centipawns; `0` if
/// the line has none).
///
/// # Errors
///
/// A line that is not `FEN; RESULT; SCORE`, in words.
pub fn parse_line(line: &str) -> Result<(ChessGame, f32, f32), String> {
    let mut fields = line.split(';').map(str::trim);
    let fen = fields.next().unwrap_or_default();
    let result = fields.next().ok_or("no result after the FEN")?;
    let game = ChessGame::from_fen(fen, ChessConfig::default()).map_err(|err| err.to_string())?;
    let result = match result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("a result of 1, 0.5 or 0 expected, got {other:?}")),
    };
    let score = match fields.next() {
        None | Some("") => 0.0,
        Some(text) => {
            text.parse::<i32>()
                .map_err(|_| format!("a score in centipawns expected, got {text:?}"))? as f32
        }
    };
    Ok((game, result, score))
}

/// Whether the engine's quiescence search finds nothing better than the static value of `game`
/// for the side to move: the position is quiet.
fn is_quiet(engine: &mut Engine<ChessGame, Classical>, game: &ChessGame) -> bool {
    let stand_pat = Classical.evaluate(game);
    engine.search(game, &Limits::depth(0)).score == stand_pat
}

/// Reads every data file into a dataset, quiet positions only unless `keep_noisy`; one game
/// in ten (by its number) is held out. The positions are ordered by file, then by game number,
/// whatever order a file holds its games in, so that the same games give the same fit.
///
/// # Errors
///
/// A file that cannot be read or a line that does not parse, with the file and line.
pub fn load(paths: &[PathBuf], keep_noisy: bool, max_positions: Option<usize>) -> Result<Dataset, String> {
    let quiescence = Config {
        quiescence: Some(QuiescenceConfig::default()),
        ..Config::PLAIN
    };
    let mut engine = Engine::with_config(Classical, quiescence);
    let mut data = Dataset::default();
    let mut trace = Trace::new();
    let limit = max_positions.unwrap_or(usize::MAX);
    let mut keys: Vec<(usize, usize)> = Vec::new();
    'files: for (file_index, path) in paths.iter().enumerate() {
        let file = File::open(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        let mut game: Vec<(ChessGame, f32, f32)> = Vec::new();
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|err| format!("cannot read {}: {err}", path.display()))?;
            if let Some(rest) = line.strip_prefix("# game ") {
                let id: usize = rest
                    .split(':')
                    .next()
                    .and_then(|n| n.trim().parse().ok())
                    .ok_or_else(|| format!("{}:{}: a bad game line", path.display(), number + 1))?;
                data.games += 1;
                for (position, result, score) in game.drain(..) {
                    data.read += 1;
                    if !keep_noisy && !is_quiet(&mut engine, &position) {
                        continue;
                    }
                    classical::trace_into(position.board(), position.chess().turn(), &mut trace);
                    data.push(&trace, result, score, id % 10 == 0);
                    keys.push((file_index, id));
                }
                if data.len() >= limit {
                    break 'files;
                }
                continue;
            }
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            game.push(parse_line(&line).map_err(|err| format!("{}:{}: {err}", path.display(), number + 1))?);
        }
    }
    Ok(data.in_game_order(&keys))
}

/// `σ(E)` with scaling `k`: the expected score of an evaluation of `e` centipawns.
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// A position's evaluation with float weights (`[term][phase]`), blended, its end-game sum
/// scaled by the side it favours; and that scale, as a fraction (the end-game weights'
/// gradient carries it).
fn evaluate(weights: &[[f64; 2]], entries: &[(u16, i16)], phase: u8, scale: [u8; 2]) -> (f64, f64) {
    let (mut middle_game, mut end_game) = (0.0, 0.0);
    for &(term, count) in entries {
        let [mg, eg] = weights[usize::from(term)];
        middle_game += mg * f64::from(count);
        end_game += eg * f64::from(count);
    }
    let scale = f64::from(scale[usize::from(end_game < 0.0)]) / f64::from(classical::FULL_SCALE);
    let phase = f64::from(phase);
    (
        (middle_game * phase + end_game * scale * (24.0 - phase)) / 24.0,
        scale,
    )
}

/// One thread's sums: squared errors and counts of the fitted and held-out positions, and the
/// fitted ones' gradient.
#[derive(Default)]
struct Partial {
    fitted: f64,
    fitted_n: usize,
    held_out: f64,
    held_out_n: usize,
    gradient: Vec<[f64; 2]>,
}

/// The mean squared errors (fitted positions, held-out positions) and, if `gradient` is given,
/// the fitted positions' error gradient (summed, per weight), on both cores.
fn errors(data: &Dataset, weights: &[[f64; 2]], k: f64, gradient: Option<&mut Vec<[f64; 2]>>) -> (f64, f64) {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let chunk = data.len().div_ceil(threads).max(1);
    let want_gradient = gradient.is_some();
    let parts: Vec<Partial> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut part = Partial {
                        gradient: vec![[0.0; 2]; if want_gradient { TERMS } else { 0 }],
                        ..Partial::default()
                    };
                    let ln10 = std::f64::consts::LN_10;
                    for index in t * chunk..((t + 1) * chunk).min(data.len()) {
                        let entries = data.position(index);
                        let phase = data.phases[index];
                        let (value, scale) = evaluate(weights, entries, phase, data.scales[index]);
                        let s = sigmoid(k, value);
                        let error = f64::from(data.targets[index]) - s;
                        if data.held_out[index] {
                            part.held_out += error * error;
                            part.held_out_n += 1;
                            continue;
                        }
                        part.fitted += error * error;
                        part.fitted_n += 1;
                        if want_gradient {
                            // d(error²)/dE = −2 · error · σ(1 − σ) · K · ln 10 / 400
                            let d = -2.0 * error * s * (1.0 - s) * k * ln10 / 400.0;
                            let mg = d * f64::from(phase) / 24.0;
                            let eg = d * scale * (24.0 - f64::from(phase)) / 24.0;
                            for &(term, count) in entries {
                                let g = &mut part.gradient[usize::from(term)];
                                g[0] += mg * f64::from(count);
                                g[1] += eg * f64::from(count);
                            }
                        }
                    }
                    part
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tuning thread panicked"))
            .collect()
    });
    let (mut fit, mut fit_n, mut held, mut held_n) = (0.0, 0, 0.0, 0);
    let mut total = vec![[0.0; 2]; TERMS];
    for part in parts {
        fit += part.fitted;
        fit_n += part.fitted_n;
        held += part.held_out;
        held_n += part.held_out_n;
        for (t, p) in total.iter_mut().zip(part.gradient) {
            t[0] += p[0];
            t[1] += p[1];
        }
    }
    if let Some(gradient) = gradient {
        let n = fit_n.max(1) as f64;
        for (g, t) in gradient.iter_mut().zip(total) {
            *g = [t[0] / n, t[1] / n];
        }
    }
    (fit / fit_n.max(1) as f64, held / held_n.max(1) as f64)
}

/// Adds the gradient of the pull towards the `start` weights, `prior` × Σ ((w − start) / 100)²,
/// to `gradient` (the `--prior` option).
fn add_prior(gradient: &mut [[f64; 2]], weights: &[[f64; 2]], start: &[[f64; 2]], prior: f64) {
    if prior == 0.0 {
        return;
    }
    for ((g, w), s) in gradient.iter_mut().zip(weights).zip(start) {
        for phase in 0..2 {
            g[phase] += 2.0 * prior * (w[phase] - s[phase]) / (100.0 * 100.0);
        }
    }
}

/// The `K` that minimises the fitted positions' error with `weights` (golden-section search).
fn fit_k(data: &Dataset, weights: &[[f64; 2]]) -> f64 {
    let (mut low, mut high) = (0.1f64, 4.0f64);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if errors(data, weights, a, None).0 < errors(data, weights, b, None).0 {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Moves the weighted mean of each piece's table and mobility table into its material (the
/// king's table's mean is dropped: both sides always have one king), so that every evaluation
/// stays the same; groups that are `frozen`, or whose material is, are left as they are.
fn center(weights: &mut [[f64; 2]], usage: &[f64], frozen: &[bool]) {
    let per_piece = [
        (classical::PAWN_TABLE, 64, Some(0)),
        (classical::KNIGHT_TABLE, 64, Some(1)),
        (classical::BISHOP_TABLE, 64, Some(2)),
        (classical::ROOK_TABLE, 64, Some(3)),
        (classical::QUEEN_TABLE, 64, Some(4)),
        (classical::KING_TABLE, 64, None),
        (classical::KNIGHT_MOBILITY, 9, Some(1)),
        (classical::BISHOP_MOBILITY, 14, Some(2)),
        (classical::ROOK_MOBILITY, 15, Some(3)),
        (classical::QUEEN_MOBILITY, 28, Some(4)),
    ];
    for (start, len, piece) in per_piece {
        let terms = start..start + len;
        let material = piece.map(|p| classical::MATERIAL + p);
        if terms.clone().any(|t| frozen[t]) || material.is_some_and(|m| frozen[m]) {
            continue;
        }
        let total: f64 = terms.clone().map(|t| usage[t]).sum();
        if total == 0.0 {
            continue;
        }
        let mut mean = [0.0; 2];
        for t in terms.clone() {
            mean[0] += usage[t] * weights[t][0] / total;
            mean[1] += usage[t] * weights[t][1] / total;
        }
        for t in terms {
            weights[t] = [weights[t][0] - mean[0], weights[t][1] - mean[1]];
        }
        if let Some(m) = material {
            weights[m] = [weights[m][0] + mean[0], weights[m][1] + mean[1]];
        }
    }
}

/// The held-out error of integer `weights` computed by the evaluation's own arithmetic.
fn integer_error(data: &Dataset, weights: &[Weight], k: f64) -> f64 {
    let mut trace = Trace::new();
    let (mut sum, mut n) = (0.0, 0);
    for index in (0..data.len()).filter(|&i| data.held_out[i]) {
        trace.counts.iter_mut().for_each(|c| *c = 0);
        for &(term, count) in data.position(index) {
            trace.counts[usize::from(term)] = i32::from(count);
        }
        trace.phase = i32::from(data.phases[index]);
        trace.scale = data.scales[index].map(i32::from);
        let error = f64::from(data.targets[index]) - sigmoid(k, f64::from(trace.value(weights)));
        sum += error * error;
        n += 1;
    }
    sum / f64::from(n.max(1))
}

/// The weights file's text for `weights`, with `header` (comment lines) on top.
#[must_use]
pub fn weights_file(weights: &[Weight], header: &str) -> String {
    let mut text = String::new();
    for line in header.lines() {
        let _ = writeln!(text, "//! {line}");
    }
    text = text.replace("//! \n", "//!\n");
    text += "\nuse super::terms::{TERMS, Weight};\n\n/// Every term's middle-game and end-game weight.\n#[rustfmt::skip]\npub(super) const WEIGHTS: [Weight; TERMS] = [\n";
    for group in GROUPS {
        let _ = writeln!(text, "    // {}: {}", group.name, group.meaning);
        for row in weights[group.start..group.start + group.len].chunks(8) {
            let cells: Vec<String> = row.iter().map(|[mg, eg]| format!("[{mg}, {eg}],")).collect();
            let _ = writeln!(text, "    {}", cells.join(" "));
        }
    }
    text += "];\n";
    text
}

/// Runs the program; `args` are its command-line arguments (for the weights file's header).
///
/// # Errors
///
/// Bad options, unreadable data, no quiet position, or a weights file that cannot be written.
pub fn run(options: &Options, args: impl IntoIterator<Item = String>) -> Result<(), String> {
    let is_frozen = frozen_terms(&options.freeze)?;
    if !(options.rate > 0.0 && options.rate.is_finite()) {
        return Err(format!(
            "--rate {}: a positive number of centipawns",
            options.rate
        ));
    }
    let book = options
        .book
        .as_ref()
        .map(|_| crate::book::Book::from_option(options.book_dir.as_deref()));
    if let (Some(book), Some(name)) = (&book, &options.book) {
        book.check(&[name]).map_err(|err| err.to_string())?;
    }
    let args: Vec<String> = args.into_iter().collect();
    let data = read_positions(options)?;
    let fitted = fit(data, &is_frozen, options);
    let summary = summary(&fitted, options);
    if let (Some(book), Some(name)) = (&book, &options.book) {
        let command = crate::book::example_command("tune", args.iter().cloned());
        if !crate::book::write_or_report(Some(book), name, &command, &summary) {
            return Err("the book was not written".into());
        }
    }
    if options.dry_run {
        return Ok(());
    }
    let text = weights_file(&fitted.rounded, &weights_header(&fitted, options, args));
    write_file(&options.out, &text)?;
    eprintln!("wrote {}", options.out.display());
    Ok(())
}

/// Which terms `--freeze` keeps as they are, by term, from its group names.
fn frozen_terms(names: &[String]) -> Result<Vec<bool>, String> {
    let mut is_frozen = vec![false; TERMS];
    for name in names {
        let group = GROUPS.iter().find(|g| g.name == name.as_str()).ok_or_else(|| {
            let names: Vec<_> = GROUPS.iter().map(|g| g.name).collect();
            format!("--freeze {name:?}: no such group (groups: {})", names.join(", "))
        })?;
        is_frozen[group.start..group.start + group.len].fill(true);
    }
    Ok(is_frozen)
}

/// Checks the fit's numbers (`--score-weight`, `--prior`, `--k`), then reads and traces the
/// positions of `--data`, saying how many it kept and how long it took.
fn read_positions(options: &Options) -> Result<Dataset, String> {
    let started = std::time::Instant::now();
    eprintln!("reading and tracing the positions ...");
    if !(0.0..=1.0).contains(&options.score_weight) {
        return Err(format!(
            "--score-weight {}: a number from 0 to 1",
            options.score_weight
        ));
    }
    if !(options.prior >= 0.0 && options.prior.is_finite()) {
        return Err(format!("--prior {}: a number 0 or more", options.prior));
    }
    if let Some(k) = options.k.filter(|k| !(k.is_finite() && *k > 0.0)) {
        return Err(format!("--k {k}: a positive number"));
    }
    let data = load(&options.data, options.keep_noisy, options.max_positions)?;
    if data.is_empty() {
        return Err("no position to tune on: run the selfplay program first".into());
    }
    let held_out = data.held_out_len();
    eprintln!(
        "{} games, {} positions, {} kept{} ({} fitted, {} held out), {:.0} s",
        data.games,
        data.read,
        data.len(),
        if options.keep_noisy { "" } else { " as quiet" },
        data.len() - held_out,
        held_out,
        started.elapsed().as_secs_f64()
    );
    Ok(data)
}

/// A finished fit: the data, the weights before and after, and the figures the summary and the
/// weights file's header give.
struct Fitted {
    /// The positions, their targets set with `k`.
    data: Dataset,
    /// The logistic scale.
    k: f64,
    /// The weights before the fit, centred as `best` is.
    start: Vec<[f64; 2]>,
    /// The weights of the lowest held-out error, centred.
    best: Vec<[f64; 2]>,
    /// `best`, rounded: the weights written.
    rounded: Vec<Weight>,
    /// The epochs run before `best`.
    best_epoch: usize,
    /// The held-out error before the fit.
    held_before: f64,
    /// The held-out error of `rounded`, by the evaluation's own arithmetic.
    held_integer: f64,
}

/// Fits the weights to `data` from today's: `K` (fitted unless given), the targets, Adam until
/// the held-out error stops improving, then the per-piece means moved into material and the
/// weights rounded; prints the errors before and after.
fn fit(mut data: Dataset, is_frozen: &[bool], options: &Options) -> Fitted {
    let start: Vec<[f64; 2]> = classical::weights()
        .iter()
        .map(|&[mg, eg]| [f64::from(mg), f64::from(eg)])
        .collect();
    let k = options.k.unwrap_or_else(|| fit_k(&data, &start));
    data.set_targets(k, options.score_weight);
    let (fit_before, held_before) = errors(&data, &start, k, None);
    eprintln!("K = {k:.4}; error before: fitted {fit_before:.6}, held out {held_before:.6}");
    let (mut best, best_epoch) = descend(&data, &start, k, held_before, is_frozen, options);
    // The tables and mobility tables hold a per-piece constant that material holds too: move
    // each one's mean (weighted by how often its terms occur) into material, which changes no
    // evaluation and makes the numbers readable. Not where a group involved is frozen.
    let usage = data.usage();
    let mut start = start;
    center(&mut best, &usage, is_frozen);
    center(&mut start, &usage, is_frozen);
    let (fit_after, held_after) = errors(&data, &best, k, None);
    let rounded: Vec<Weight> = best
        .iter()
        .map(|&[mg, eg]| [mg.round() as i32, eg.round() as i32])
        .collect();
    let held_integer = integer_error(&data, &rounded, k);
    eprintln!(
        "error after {best_epoch} epochs: fitted {fit_after:.6}, held out {held_after:.6} ({held_integer:.6} with the rounded weights, by the evaluation's own arithmetic); before: {fit_before:.6}, {held_before:.6}"
    );
    Fitted {
        data,
        k,
        start,
        best,
        rounded,
        best_epoch,
        held_before,
        held_integer,
    }
}

/// Adam on the whole batch from `start`, with a progress bar, until `--epochs`, `--patience`
/// epochs without a better held-out error, or Ctrl-C; frozen terms stay. The weights with the
/// lowest held-out error (`held_before` to beat at first) and the epochs run before them.
fn descend(
    data: &Dataset,
    start: &[[f64; 2]],
    k: f64,
    held_before: f64,
    is_frozen: &[bool],
    options: &Options,
) -> (Vec<[f64; 2]>, usize) {
    let stop = Arc::new(AtomicBool::new(false));
    progress::stop_on_ctrl_c(Arc::clone(&stop));
    let bar = progress::bar(options.epochs as u64, "epochs");
    progress::log_progress_when_not_a_terminal(&bar);
    let mut weights = start.to_vec();
    let (mut best, mut best_held, mut best_epoch) = (start.to_vec(), held_before, 0);
    let (mut m, mut v) = (vec![[0.0; 2]; TERMS], vec![[0.0; 2]; TERMS]);
    let mut gradient = vec![[0.0; 2]; TERMS];
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    for epoch in 1..=options.epochs {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (fit, held) = errors(data, &weights, k, Some(&mut gradient));
        if held < best_held {
            (best, best_held, best_epoch) = (weights.clone(), held, epoch - 1);
        }
        bar.set_position(epoch as u64);
        bar.set_message(format!(
            "error: fitted {fit:.6}, held out {held:.6} (best {best_held:.6} at {best_epoch})"
        ));
        if epoch - 1 - best_epoch >= options.patience {
            break;
        }
        add_prior(&mut gradient, &weights, start, options.prior);
        for term in 0..TERMS {
            if is_frozen[term] {
                continue;
            }
            for phase in 0..2 {
                let g = gradient[term][phase];
                m[term][phase] = beta1 * m[term][phase] + (1.0 - beta1) * g;
                v[term][phase] = beta2 * v[term][phase] + (1.0 - beta2) * g * g;
                let m_hat = m[term][phase] / (1.0 - beta1.powi(epoch as i32));
                let v_hat = v[term][phase] / (1.0 - beta2.powi(epoch as i32));
                weights[term][phase] -= options.rate * m_hat / (v_hat.sqrt() + epsilon);
            }
        }
    }
    bar.finish();
    (best, best_epoch)
}

/// The run's summary for the book (the data, the errors, each group's mean change), each
/// group's change printed too.
fn summary(fitted: &Fitted, options: &Options) -> String {
    let Fitted {
        data,
        k,
        start,
        best,
        best_epoch,
        held_before,
        held_integer,
        ..
    } = fitted;
    let held_out = data.held_out_len();
    let mut summary = format!(
        "| data | games | positions | quiet, fitted | held out | K | error, held out: before | after (rounded) | epochs |\n|---|---|---|---|---|---|---|---|---|\n| {} | {} | {} | {} | {} | {k:.4} | {held_before:.6} | {held_integer:.6} | {best_epoch} |\n\n| group | terms | mean change (cp, both phases) |\n|---|---|---|\n",
        options
            .data
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        data.games,
        data.read,
        data.len() - held_out,
        held_out,
    );
    for group in GROUPS {
        let range = group.start..group.start + group.len;
        let moved: f64 = range
            .clone()
            .map(|t| (best[t][0] - start[t][0]).abs() + (best[t][1] - start[t][1]).abs())
            .sum::<f64>()
            / (2 * group.len) as f64;
        eprintln!("  {:<20} mean change {moved:6.1} cp", group.name);
        let _ = writeln!(summary, "| `{}` | {} | {moved:.1} |", group.name, group.len);
    }
    summary
}

/// The weights file's header: what the weights are, the command that wrote them (`args`) and
/// the fit's data and errors.
fn weights_header(fitted: &Fitted, options: &Options, args: Vec<String>) -> String {
    let command = crate::book::example_command("tune", args);
    let names: Vec<String> = options.data.iter().map(|p| p.display().to_string()).collect();
    format!(
        "The classical evaluation's weights ([`super::classical`]): a middle-game and an end-game\n\
         weight per term, in centipawns, in the order of [`GROUPS`](super::classical::GROUPS).\n\
         \n\
         Written by the tuner, `{command}`:\n\
         {} quiet positions of {} self-play games ({}), one game in ten held out; K = {:.4};\n\
         mean squared error on the held-out positions {:.6} before, {:.6} after\n\
         ({} epochs of Adam, step {} cp). Do not edit by hand: tune again.",
        fitted.data.len(),
        fitted.data.games,
        names.join(", "),
        fitted.k,
        fitted.held_before,
        fitted.held_integer,
        fitted.best_epoch,
        options.rate,
    )
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    let temporary = path.with_extension("rs.writing");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|err| format!("cannot write {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_bad_ones_say_why() {
        let (game, result, score) =
            parse_line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; 0.5; 20").unwrap();
        assert_eq!((result, score), (0.5, 20.0));
        assert!(
            parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1; 1; x")
                .unwrap_err()
                .contains("centipawns")
        );
        assert_eq!(game.chess().turn(), game_chess::shakmaty::Color::Black);
        assert!(parse_line("8/8/8/8/8/8/8/8 w - - 0 1; 1; 0").is_err());
        assert!(
            parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1; 2; 0")
                .unwrap_err()
                .contains("0.5")
        );
        assert!(
            parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
                .unwrap_err()
                .contains("no result")
        );
    }

    /// Two files holding the same games in different orders (as two `selfplay` runs of the
    /// same games write them) load to the same dataset, so they fit to the same weights.
    #[test]
    fn the_order_of_a_files_games_does_not_matter() {
        let games = [
            (
                0,
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; 0.5; 20\n8/8/8/8/8/8/8/4K2k w - - 0 1; 0.5; 0",
            ),
            (
                1,
                "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1; 1; 300\n4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1; 1; 310",
            ),
            (2, "r3k3/8/8/8/8/8/8/4K3 w - - 0 1; 0; -480"),
            (10, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1; 1; 150"),
        ];
        let dir = std::env::temp_dir().join(format!("tune-order-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, order: &[usize]| {
            let mut text = String::new();
            for &i in order {
                let (id, lines) = games[i];
                writeln!(text, "{lines}\n# game {id}: a result").unwrap();
            }
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let in_order = write("in-order.txt", &[0, 1, 2, 3]);
        let shuffled = write("shuffled.txt", &[2, 3, 0, 1]);
        let a = load(&[in_order], true, None).unwrap();
        let b = load(&[shuffled], true, None).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!((a.games, a.read, a.len()), (4, 6, 6));
        assert_eq!(a, b);
        // Games 0 and 10 are held out (one in ten, by number), and game 10's position comes last.
        assert_eq!(a.held_out, [true, true, false, false, false, true]);
    }

    /// A nonsense option is refused before any position is read.
    #[test]
    fn bad_options_say_why() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            options: Options,
        }
        for (flag, value) in [
            ("--k", "0"),
            ("--k", "-1"),
            ("--k", "inf"),
            ("--score-weight", "2"),
            ("--prior", "-1"),
            ("--prior", "NaN"),
        ] {
            let option = format!("{flag}={value}");
            let cli = Cli::try_parse_from(["tune", "--data", "/nonexistent", &option]).unwrap();
            let err = run(&cli.options, []).unwrap_err();
            assert!(err.starts_with(flag), "{flag} {value}: {err}");
        }
    }

    /// The written file reads back as the same weights (the groups' order, every term once).
    #[test]
    fn the_weights_file_lists_every_term_in_order() {
        let weights: Vec<Weight> = (0..TERMS as i32).map(|t| [t, -t]).collect();
        let text = weights_file(&weights, "a header\n\nmore");
        assert!(text.starts_with("//! a header\n//!\n//! more\n"));
        // The terms' own file, not the evaluation's: the evaluation imports the weights.
        assert!(text.contains("\nuse super::terms::{TERMS, Weight};\n"));
        let numbers: Vec<i32> = text
            .lines()
            .filter(|l| l.trim_start().starts_with('['))
            .flat_map(|l| {
                l.split(|c: char| !(c.is_ascii_digit() || c == '-'))
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse::<i32>().unwrap())
                    .collect::<Vec<_>>()
            })
            .collect();
        let expected: Vec<i32> = weights.iter().flat_map(|&[a, b]| [a, b]).collect();
        assert_eq!(numbers, expected);
    }

    /// On positions whose result the weights predict perfectly, the gradient points the right
    /// way: fitting moves a weight towards the results.
    #[test]
    fn fitting_lowers_the_error() {
        let mut data = Dataset::default();
        // A white knight up wins, a black knight up loses: material's knight weight should grow
        // from zero.
        let mut trace = Trace {
            phase: 12,
            ..Trace::new()
        };
        for (count, result) in [(1, 1.0), (-1, 0.0)] {
            trace.counts.iter_mut().for_each(|c| *c = 0);
            trace.counts[classical::MATERIAL + 1] = count;
            data.push(&trace, result, 0.0, false);
            data.push(&trace, result, 0.0, true);
        }
        let weights = vec![[0.0; 2]; TERMS];
        let mut gradient = vec![[0.0; 2]; TERMS];
        let (fit, held) = errors(&data, &weights, 1.0, Some(&mut gradient));
        assert!((fit - 0.25).abs() < 1e-12 && (held - 0.25).abs() < 1e-12);
        assert!(gradient[classical::MATERIAL + 1][0] < 0.0 && gradient[classical::MATERIAL + 1][1] < 0.0);
        assert!(
            gradient
                .iter()
                .enumerate()
                .all(|(t, g)| t == classical::MATERIAL + 1 || *g == [0.0, 0.0])
        );
    }

    /// The gradient is the error's: each weight's component matches a finite difference of the
    /// fitted error, on positions whose end games are scaled (opposite bishops, a rook against
    /// a bishop) and others that are not.
    #[test]
    fn the_gradient_is_the_errors_slope() {
        let fens = [
            ("4k3/5p2/2p5/3B4/8/2b5/5PPP/4K3 w - - 0 1", 1.0),
            ("4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1", 0.5),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                0.0,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0.5),
        ];
        let mut data = Dataset::default();
        for (fen, result) in fens {
            let game = ChessGame::from_fen(fen, ChessConfig::default()).unwrap();
            data.push(
                &classical::trace(game.board(), game.chess().turn()),
                result,
                0.0,
                false,
            );
        }
        assert!(
            data.scales
                .iter()
                .any(|scale| scale.iter().any(|&s| i32::from(s) < classical::FULL_SCALE))
        );
        let weights: Vec<[f64; 2]> = classical::weights()
            .iter()
            .map(|&[mg, eg]| [f64::from(mg), f64::from(eg)])
            .collect();
        let mut gradient = vec![[0.0; 2]; TERMS];
        errors(&data, &weights, 1.0, Some(&mut gradient));
        let checked = [
            classical::MATERIAL,
            classical::MATERIAL + 2,
            classical::MATERIAL + 3,
            classical::PASSED_PAWN + 1,
        ];
        for term in checked {
            for phase in 0..2 {
                let h = 1e-3;
                let mut up = weights.clone();
                up[term][phase] += h;
                let mut down = weights.clone();
                down[term][phase] -= h;
                let slope = (errors(&data, &up, 1.0, None).0 - errors(&data, &down, 1.0, None).0) / (2.0 * h);
                let g = gradient[term][phase];
                assert!(
                    (g - slope).abs() <= 1e-6 * g.abs().max(1e-6),
                    "term {term} phase {phase}: {g} against {slope}"
                );
            }
        }
    }

    /// The prior pulls each weight back towards its start, in proportion to how far it moved
    /// (its error term `prior` × Σ (change / 100 cp)², differentiated), and nothing at 0.
    #[test]
    fn the_prior_pulls_towards_the_start() {
        let start = vec![[10.0, -10.0]; 2];
        let moved = vec![[110.0, -10.0], [10.0, -60.0]];
        let mut gradient = vec![[0.0; 2]; 2];
        add_prior(&mut gradient, &moved, &start, 0.0);
        assert_eq!(gradient, vec![[0.0; 2]; 2]);
        add_prior(&mut gradient, &moved, &start, 1e-6);
        // 2 · 1e-6 · (+100 cp) / 100², and 2 · 1e-6 · (−50 cp) / 100².
        let expected = [[2e-8, 0.0], [0.0, -1e-8]];
        for (g, e) in gradient.iter().zip(expected) {
            assert!(
                (g[0] - e[0]).abs() < 1e-18 && (g[1] - e[1]).abs() < 1e-18,
                "{g:?}"
            );
        }
    }

    /// Centering moves constants between terms that always occur together: no position's
    /// evaluation changes, and each table's weighted mean becomes 0.
    #[test]
    fn centering_changes_no_evaluation() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/1NN1K2r w - - 0 1",
        ];
        let mut data = Dataset::default();
        for fen in fens {
            let game = ChessGame::from_fen(fen, ChessConfig::default()).unwrap();
            data.push(
                &classical::trace(game.board(), game.chess().turn()),
                0.5,
                0.0,
                false,
            );
        }
        let before: Vec<[f64; 2]> = classical::weights()
            .iter()
            .map(|&[mg, eg]| [f64::from(mg) + 3.0, f64::from(eg) - 7.0])
            .collect();
        let mut after = before.clone();
        let usage = data.usage();
        center(&mut after, &usage, &vec![false; TERMS]);
        for index in 0..data.len() {
            let (a, b) = (
                evaluate(
                    &before,
                    data.position(index),
                    data.phases[index],
                    data.scales[index],
                )
                .0,
                evaluate(
                    &after,
                    data.position(index),
                    data.phases[index],
                    data.scales[index],
                )
                .0,
            );
            assert!((a - b).abs() < 1e-6, "{a} != {b}");
        }
        let knights = classical::KNIGHT_TABLE..classical::KNIGHT_TABLE + 64;
        let mean: f64 = knights.clone().map(|t| usage[t] * after[t][0]).sum::<f64>()
            / knights.map(|t| usage[t]).sum::<f64>();
        assert!(mean.abs() < 1e-9);
        assert_ne!(after[classical::MATERIAL + 1], before[classical::MATERIAL + 1]);
    }
}
