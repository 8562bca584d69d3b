//! Threads, side by side in one run: the engine (Lazy SMP) on 1, 2, 4 and 8 threads against
//! itself on one, `strongest` without quiescence on 1 and 2 threads (the horizon of the
//! `minimax` crate's search), the UCI engine's own configuration (`chess_search` with the
//! classical evaluation, the strongest the project has: `strongest` plus what the chess
//! matches kept), the `minimax` crate's `ParallelSearch` on 2 threads (with its default
//! options, and with null move and countermoves, on each evaluation) against them, and MCTS
//! (root parallelisation) on 1, 2, 4 and 8 threads.
//!
//! ```text
//! cargo bench --bench threads                  # 5 repetitions, depth 7
//! cargo bench --bench threads -- --reps 9      # more repetitions
//! cargo bench --bench threads -- --depth 8     # deeper
//! cargo bench --bench threads -- --quick       # 1 repetition, depth 5, fewer iterations
//! cargo bench --bench threads -- --reps 5 --depth 6 --book threads-bench   # into the book
//! cargo bench --bench threads -- --uci-depth 11   # the UCI configuration's time to depth deeper
//! ```
//!
//! Every contender searches the thesis's 24 positions (the default evaluation, the engine's
//! move order, no repetition) to the same fixed depth, a fresh searcher per position (built
//! before its clock starts), in turn within each repetition, so that a noisy neighbour hits all
//! of them alike. Wall time is measured (threads are the point), summed over the 24 positions.
//! Printed per contender, as medians over the repetitions with their range:
//!
//! - **time to depth**: the 24 searches' wall time, and its ratio to the same preset on one
//!   thread (below 1: faster);
//! - **nodes per second**: all threads' nodes over the wall time, and its ratio to one thread's.
//!
//! Lazy SMP's helpers search nodes the main thread then finds in the table: nodes per second
//! measure how busy the threads are, time to depth what the user gets. Before any timing, the
//! exact preset's value on 2, 4 and 8 threads is asserted equal to its value on one (an exact
//! configuration stays exact), on every position.
//!
//! The UCI engine's configuration prunes so much more that it reaches the common depth in
//! about a fiftieth of `strongest`'s time, too short a search to time threads by (starting them
//! counts); so it has a table of its own, at `--uci-depth` (default: the depth plus 4), where
//! one thread takes about as long as `strongest` at the common depth. At the common depth it
//! is timed once more, on 2 threads, against the `minimax` crate with the same (classical)
//! evaluation.
//!
//! The MCTS table runs a fixed number of iterations per position (the threads' together) and
//! prints iterations per second and its ratio to one thread's.

use std::time::Instant;

use game_chess::uci::chess_search;
use game_chess::{ChessConfig, ChessGame, Evaluation, positions};
use game_search_lab::book::{Transcript, bench_book, bench_command, write_or_report};
use game_search_lab::peer::{PeerEval, peer_search};
use minimax::Strategy;
use search_core::Resources;
use search_core::engine::{Config, Engine};
use search_core::mcts::Mcts;
use search_core::{Limits, Searcher};

/// One contender: its name, and a search of position `index` returning (wall seconds, nodes).
type Contender<'a> = (String, Box<dyn FnMut(usize) -> (f64, u64) + 'a>);

/// Times `search` (already built: construction is not timed) and returns its wall time.
fn timed<T>(search: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = search();
    (start.elapsed().as_secs_f64(), out)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs every contender on every position, `reps` times, interleaved; returns per contender
/// and repetition the summed (wall seconds, nodes).
fn run(reps: usize, positions: usize, contenders: &mut [Contender]) -> Vec<Vec<(f64, u64)>> {
    let mut totals = vec![Vec::with_capacity(reps); contenders.len()];
    for rep in 0..reps {
        let mut sums = vec![(0.0, 0); contenders.len()];
        for index in 0..positions {
            for ((_, search), sum) in contenders.iter_mut().zip(&mut sums) {
                let (seconds, nodes) = search(index);
                sum.0 += seconds;
                sum.1 += nodes;
            }
        }
        for (total, sum) in totals.iter_mut().zip(sums) {
            total.push(sum);
        }
        eprint!("\rrepetition {} of {reps} done", rep + 1);
    }
    eprintln!();
    totals
}

/// Prints one table: each contender against the row `base[contender]` (its one-thread row).
fn print(
    out: &mut Transcript,
    title: &str,
    unit: &str,
    contenders: &[Contender],
    totals: &[Vec<(f64, u64)>],
    base: &[usize],
) {
    out.line(title);
    out.line(format!(
        "| {:<40} | {:>9} | {:>23} | {:>10} | {:>23} |",
        "contender",
        "time (s)",
        "time ratio (range)",
        format!("{unit}/s"),
        format!("{unit}/s ratio (range)")
    ));
    out.line(format!(
        "|{:-<42}|{:->11}|{:->25}|{:->12}|{:->25}|",
        "", "", "", "", ""
    ));
    for (contender, (name, _)) in contenders.iter().enumerate() {
        let runs = &totals[contender];
        let against = &totals[base[contender]];
        let mut time: Vec<f64> = runs.iter().map(|run| run.0).collect();
        let mut rate: Vec<f64> = runs.iter().map(|run| run.1 as f64 / run.0).collect();
        let mut time_ratio: Vec<f64> = runs.iter().zip(against).map(|(a, b)| a.0 / b.0).collect();
        let mut rate_ratio: Vec<f64> = runs
            .iter()
            .zip(against)
            .map(|(a, b)| (a.1 as f64 / a.0) / (b.1 as f64 / b.0))
            .collect();
        let range = |values: &[f64]| {
            let (low, high) = values
                .iter()
                .fold((f64::MAX, f64::MIN), |(low, high), &v| (low.min(v), high.max(v)));
            format!("{low:.2}-{high:.2}")
        };
        let (time_range, rate_range) = (range(&time_ratio), range(&rate_ratio));
        let (rate, rate_ratio) = if runs.iter().all(|run| run.1 == 0) {
            ("n/a".to_string(), format!("{:>23}", "n/a"))
        } else {
            (
                format!("{:.0}", median(&mut rate)),
                format!("{:>9.2} ({rate_range:>11})", median(&mut rate_ratio)),
            )
        };
        out.line(format!(
            "| {name:<40} | {:>9.2} | {:>9.2} ({time_range:>11}) | {rate:>10} | {rate_ratio} |",
            median(&mut time),
            median(&mut time_ratio),
        ));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let settings = Settings::from_args(&args);
    let book = bench_book(&args).unwrap_or_else(|err| {
        eprintln!("error: {err}");
        std::process::exit(2);
    });
    let mut out = Transcript::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "threads bench: 24 thesis positions, depth {}, {} repetitions, {cores} cores available",
        settings.depth, settings.reps
    );
    let config = ChessConfig::default().with_repetition(false);
    let roots: Vec<ChessGame> = positions::thesis_24()
        .iter()
        .map(|record| record.game(config))
        .collect();
    check_exact_on_threads(&roots, settings.depth);
    engine_table(&mut out, &roots, &settings);
    uci_table(&mut out, &roots, &settings);
    mcts_table(&mut out, &roots, &settings);
    if let Some((book, name)) = book {
        let command = bench_command("threads", args.into_iter().skip(1));
        if !write_or_report(Some(&book), &name, &command, out.text()) {
            std::process::exit(1);
        }
    }
}

/// The thread counts of the tables.
const THREAD_COUNTS: [u32; 4] = [1, 2, 4, 8];

/// The command line's settings (`--quick` makes the defaults small).
struct Settings {
    /// Repetitions of every table (`--reps`).
    reps: usize,
    /// The common depth (`--depth`).
    depth: u32,
    /// The UCI configuration's own table's depth (`--uci-depth`, default: the depth plus 4).
    uci_depth: u32,
    /// MCTS's iterations per position (`--iterations`).
    iterations: u64,
}

impl Settings {
    /// The settings of the command line `args`.
    fn from_args(args: &[String]) -> Settings {
        let option = |name: &str| {
            args.iter()
                .position(|arg| arg == name)
                .and_then(|index| args.get(index + 1))
                .and_then(|text| text.parse::<usize>().ok())
        };
        let quick = args.iter().any(|arg| arg == "--quick");
        let depth = option("--depth").unwrap_or(if quick { 5 } else { 7 }) as u32;
        Settings {
            reps: option("--reps").unwrap_or(if quick { 1 } else { 5 }).max(1),
            depth,
            uci_depth: option("--uci-depth").map_or(depth + 4, |depth| depth as u32),
            iterations: option("--iterations").unwrap_or(if quick { 2_000 } else { 20_000 }) as u64,
        }
    }
}

/// `name, N thread(s)`: a row's name.
fn on_threads(name: &str, threads: u32) -> String {
    format!("{name}, {threads} thread{}", if threads == 1 { "" } else { "s" })
}

/// The engine with `evaluation` and `preset` on `threads` threads, with a 16 MiB table.
fn engine_on(evaluation: Evaluation, preset: Config, threads: u32) -> Engine<ChessGame, Evaluation> {
    let resources = Resources::new(threads, 16).expect("a valid number of threads");
    Engine::with_config(evaluation, preset).with_resources(resources)
}

/// A row of the engine with a configuration (`evaluation` and `preset`) on `threads` threads
/// to `depth`, named `name, N threads`.
fn engine_row<'a>(
    name: &str,
    roots: &'a [ChessGame],
    (evaluation, preset): (Evaluation, Config),
    threads: u32,
    depth: u32,
) -> Contender<'a> {
    (
        on_threads(name, threads),
        Box::new(move |index| {
            let mut searcher = engine_on(evaluation, preset, threads);
            let (seconds, result) = timed(|| searcher.search(&roots[index], &Limits::depth(depth)));
            (seconds, result.stats.nodes)
        }),
    )
}

/// The UCI engine's configuration and evaluation (its defaults).
fn uci_defaults() -> (Evaluation, Config) {
    (Evaluation::Classical, chess_search())
}

/// An exact configuration on threads is exact: asserts that the exact preset's value on 2, 4
/// and 8 threads equals its value on one, on every position.
fn check_exact_on_threads(roots: &[ChessGame], depth: u32) {
    let evaluation = Evaluation::default();
    for (index, root) in roots.iter().enumerate() {
        let one = engine_on(evaluation, Config::exact(), 1)
            .search(root, &Limits::depth(depth))
            .score;
        for threads in [2, 4, 8] {
            let many = engine_on(evaluation, Config::exact(), threads)
                .search(root, &Limits::depth(depth))
                .score;
            assert_eq!(many, one, "exact on {threads} threads, position {}", index + 1);
        }
    }
    println!("the exact preset's values on 2, 4 and 8 threads equal one thread's on all 24 positions");
}

/// The engine's table at the common depth: `strongest` and `exact` on 1, 2, 4 and 8 threads,
/// `strongest` without quiescence and the UCI defaults on 1 and 2, and the `minimax` crate's
/// `ParallelSearch`; then each peer's time against our two-thread rows on its evaluation.
fn engine_table(out: &mut Transcript, roots: &[ChessGame], settings: &Settings) {
    let depth = settings.depth;
    let (mut contenders, base, rows) = engine_contenders(roots, depth);
    let totals = run(settings.reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        out,
        &format!(
            "engine: time to depth {depth} and nodes per second, ratios to the same preset on one thread"
        ),
        "nodes",
        &contenders,
        &totals,
        &base,
    );
    // Each peer against our two-thread rows on its evaluation, per repetition.
    for peer in rows.peers..contenders.len() {
        let ours: &[(&str, usize)] = if base[peer] == rows.uci {
            &[("the UCI defaults", rows.uci + 1)]
        } else {
            &[
                ("strongest", STRONGEST_ON_TWO),
                ("exact", THREAD_COUNTS.len() + 1),
                ("strongest without quiescence", rows.no_quiescence + 1),
            ]
        };
        let ratios: Vec<String> = ours
            .iter()
            .map(|&(name, row)| {
                let mut ratio: Vec<f64> = totals[row]
                    .iter()
                    .zip(&totals[peer])
                    .map(|(a, b)| b.0 / a.0)
                    .collect();
                format!("{:.2}x that of {name}", median(&mut ratio))
            })
            .collect();
        out.line(format!(
            "{} takes {} (2 threads each; medians)",
            contenders[peer].0,
            ratios.join(", ")
        ));
    }
    out.line("```");
    out.line("");
}

/// The row of `strongest, 2 threads` in the engine's table.
const STRONGEST_ON_TWO: usize = 1;

/// Where groups of rows start in the engine's table.
struct Rows {
    /// `strongest` without quiescence, on one thread.
    no_quiescence: usize,
    /// The UCI defaults, on one thread.
    uci: usize,
    /// The `minimax` crate's rows.
    peers: usize,
}

/// The engine table's contenders, each one's row to compare with (its one-thread row; for the
/// peers, [`STRONGEST_ON_TWO`] on the default evaluation and `UCI defaults, 1 thread` on the
/// classical one), and where its groups of rows start.
fn engine_contenders(roots: &[ChessGame], depth: u32) -> (Vec<Contender<'_>>, Vec<usize>, Rows) {
    let evaluation = Evaluation::default();
    let mut contenders: Vec<Contender> = Vec::new();
    let mut base = Vec::new();
    for (name, preset) in [("strongest", Config::strongest()), ("exact", Config::exact())] {
        let first = contenders.len();
        for threads in THREAD_COUNTS {
            contenders.push(engine_row(name, roots, (evaluation, preset), threads, depth));
            base.push(first);
        }
    }
    // `strongest` without its quiescence search: the same horizon as the `minimax` crate's
    // (the static evaluation at depth 0), so that "the same depth" is the same search depth.
    let no_quiescence = Config {
        quiescence: None,
        ..Config::strongest()
    };
    let no_quiescence_first = contenders.len();
    for threads in [1, 2] {
        let preset = (evaluation, no_quiescence);
        contenders.push(engine_row("strongest, no qs", roots, preset, threads, depth));
        base.push(no_quiescence_first);
    }
    // The UCI engine's configuration at the common depth, on 1 and 2 threads.
    let uci_first = contenders.len();
    for threads in [1, 2] {
        contenders.push(engine_row("UCI defaults", roots, uci_defaults(), threads, depth));
        base.push(uci_first);
    }
    // The `minimax` crate's `ParallelSearch` on each evaluation, plain and with its extras.
    let peers_first = contenders.len();
    for (evaluation, label, against) in [
        (evaluation, "2 threads", STRONGEST_ON_TWO),
        (Evaluation::Classical, "classical", uci_first),
    ] {
        for (with_options, extras) in [(false, ""), (true, "+nm+cm")] {
            let name = format!("minimax::ParallelSearch{extras}, {label}");
            contenders.push((name, peer(roots, evaluation, with_options, depth)));
            base.push(against);
        }
    }
    let rows = Rows {
        no_quiescence: no_quiescence_first,
        uci: uci_first,
        peers: peers_first,
    };
    (contenders, base, rows)
}

/// The `minimax` crate's young-brothers-wait search (rayon) on 2 threads, the same table
/// size, evaluation, adapter and depth: with its default options, or `with_options` every
/// option of its own that the adapter can give it (null-move pruning with R = 2 through a pass
/// move, the countermove table and countermove history); on `strongest`'s evaluation (the
/// tapered tables) or on the UCI engine's (the classical one). Its nodes are not counted
/// across its threads: only its time is compared.
fn peer(
    roots: &[ChessGame],
    evaluation: Evaluation,
    with_options: bool,
    depth: u32,
) -> Box<dyn FnMut(usize) -> (f64, u64) + '_> {
    Box::new(move |index| {
        let options = minimax::IterativeOptions::new().with_table_byte_size(16 << 20);
        let parallel = minimax::ParallelOptions::new().with_num_threads(2);
        let seconds = if with_options {
            let options = options
                .with_null_move_depth(2)
                .with_countermoves()
                .with_countermove_history();
            let mut search = minimax::ParallelSearch::new(PeerEval::with_pass(evaluation), options, parallel);
            search.set_max_depth(depth as u8);
            timed(|| peer_search(&mut search, &roots[index])).0
        } else {
            let mut search = minimax::ParallelSearch::new(PeerEval::new(evaluation), options, parallel);
            search.set_max_depth(depth as u8);
            timed(|| peer_search(&mut search, &roots[index])).0
        };
        (seconds, 0)
    })
}

/// The UCI engine's configuration deeper (`--uci-depth`), where a search lasts long enough to
/// time threads.
fn uci_table(out: &mut Transcript, roots: &[ChessGame], settings: &Settings) {
    let uci_depth = settings.uci_depth;
    let mut contenders: Vec<Contender> = THREAD_COUNTS
        .into_iter()
        .map(|threads| engine_row("UCI defaults", roots, uci_defaults(), threads, uci_depth))
        .collect();
    let totals = run(settings.reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        out,
        &format!(
            "the UCI engine's configuration (chess_search, classical evaluation): time to depth {uci_depth} and nodes per second"
        ),
        "nodes",
        &contenders,
        &totals,
        &[0; 4],
    );
    out.line("```");
    out.line("");
}

/// MCTS: a fixed number of iterations per position (`--iterations`), the threads' together.
fn mcts_table(out: &mut Transcript, roots: &[ChessGame], settings: &Settings) {
    let (iterations, evaluation) = (settings.iterations, Evaluation::default());
    let mut contenders: Vec<Contender> = Vec::new();
    for threads in THREAD_COUNTS {
        contenders.push((
            on_threads("MCTS", threads),
            Box::new(move |index| {
                let mut mcts = Mcts::new()
                    .with_evaluator(evaluation)
                    .with_seed(index as u64)
                    .with_iterations(iterations)
                    .with_threads(threads);
                let (seconds, result) = timed(|| mcts.search(&roots[index], &Limits::default()));
                (seconds, result.stats.iterations)
            }),
        ));
    }
    let totals = run(settings.reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        out,
        &format!("MCTS: {iterations} iterations per position, iterations per second, ratios to one thread"),
        "iterations",
        &contenders,
        &totals,
        &[0; 4],
    );
    out.line("```");
}
