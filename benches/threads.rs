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
    let option = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|index| args.get(index + 1))
            .and_then(|text| text.parse::<usize>().ok())
    };
    let quick = args.iter().any(|arg| arg == "--quick");
    let reps = option("--reps").unwrap_or(if quick { 1 } else { 5 }).max(1);
    let depth = option("--depth").unwrap_or(if quick { 5 } else { 7 }) as u32;
    let uci_depth = option("--uci-depth").map_or(depth + 4, |depth| depth as u32);
    let iterations = option("--iterations").unwrap_or(if quick { 2_000 } else { 20_000 }) as u64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let book = bench_book(&args).unwrap_or_else(|err| {
        eprintln!("error: {err}");
        std::process::exit(2);
    });
    let mut out = Transcript::new();
    println!(
        "threads bench: 24 thesis positions, depth {depth}, {reps} repetitions, {cores} cores available"
    );

    let config = ChessConfig::default().with_repetition(false);
    let roots: Vec<ChessGame> = positions::thesis_24()
        .iter()
        .map(|record| record.game(config))
        .collect();
    let roots = &roots;
    let evaluation = Evaluation::default();
    let engine_on = |evaluation: Evaluation, preset: Config, threads: u32| {
        Engine::with_config(
            evaluation,
            Config {
                threads,
                ..preset.with("hash=16").expect("a valid option")
            },
        )
    };
    let engine = move |preset: Config, threads: u32| engine_on(evaluation, preset, threads);
    // The UCI engine's configuration and evaluation (its defaults).
    let uci = |threads: u32| engine_on(Evaluation::Classical, chess_search(), threads);
    // A row of the UCI engine's configuration on `threads` threads to `depth`.
    let uci_row = move |threads: u32, depth: u32| -> Contender {
        (
            format!(
                "UCI defaults, {threads} thread{}",
                if threads == 1 { "" } else { "s" }
            ),
            Box::new(move |index| {
                let mut searcher = uci(threads);
                let (seconds, result) = timed(|| searcher.search(&roots[index], &Limits::depth(depth)));
                (seconds, result.stats.nodes)
            }),
        )
    };

    // An exact configuration on threads is exact: the same value as on one thread.
    for (index, root) in roots.iter().enumerate() {
        let one = engine(Config::exact(), 1)
            .search(root, &Limits::depth(depth))
            .score;
        for threads in [2, 4, 8] {
            let many = engine(Config::exact(), threads)
                .search(root, &Limits::depth(depth))
                .score;
            assert_eq!(many, one, "exact on {threads} threads, position {}", index + 1);
        }
    }
    println!("the exact preset's values on 2, 4 and 8 threads equal one thread's on all 24 positions");

    let thread_counts = [1, 2, 4, 8];
    let mut contenders: Vec<Contender> = Vec::new();
    let mut base = Vec::new();
    for (name, preset) in [("strongest", Config::strongest()), ("exact", Config::exact())] {
        let first = contenders.len();
        for threads in thread_counts {
            contenders.push((
                format!("{name}, {threads} thread{}", if threads == 1 { "" } else { "s" }),
                Box::new(move |index| {
                    let mut searcher = engine(preset, threads);
                    let (seconds, result) = timed(|| searcher.search(&roots[index], &Limits::depth(depth)));
                    (seconds, result.stats.nodes)
                }),
            ));
            base.push(first);
        }
    }
    // `strongest` without its quiescence search: the same horizon as the `minimax` crate's
    // (the static evaluation at depth 0), so that "the same depth" is the same search depth.
    let no_quiescence = Config {
        quiescence: None,
        ..Config::strongest()
    };
    let first = contenders.len();
    for threads in [1, 2] {
        contenders.push((
            format!(
                "strongest, no qs, {threads} thread{}",
                if threads == 1 { "" } else { "s" }
            ),
            Box::new(move |index| {
                let mut searcher = engine(no_quiescence, threads);
                let (seconds, result) = timed(|| searcher.search(&roots[index], &Limits::depth(depth)));
                (seconds, result.stats.nodes)
            }),
        ));
        base.push(first);
    }
    // The UCI engine's configuration at the common depth, on 1 and 2 threads.
    let uci_first = contenders.len();
    for threads in [1, 2] {
        contenders.push(uci_row(threads, depth));
        base.push(uci_first);
    }
    // The `minimax` crate's young-brothers-wait search (rayon) on 2 threads, the same table
    // size, evaluation, adapter and depth: with its default options, and with every option
    // of its own that the adapter can give it (null-move pruning with R = 2 through a pass
    // move, the countermove table and countermove history); on `strongest`'s evaluation (the
    // tapered tables) and on the UCI engine's (the classical one). Its nodes are not counted
    // across its threads: only its time is compared.
    let peer = move |evaluation: Evaluation, with_options: bool| -> Box<dyn FnMut(usize) -> (f64, u64)> {
        Box::new(move |index| {
            let options = minimax::IterativeOptions::new().with_table_byte_size(16 << 20);
            let parallel = minimax::ParallelOptions::new().with_num_threads(2);
            let seconds = if with_options {
                let options = options
                    .with_null_move_depth(2)
                    .with_countermoves()
                    .with_countermove_history();
                let mut search =
                    minimax::ParallelSearch::new(PeerEval::with_pass(evaluation), options, parallel);
                search.set_max_depth(depth as u8);
                timed(|| peer_search(&mut search, &roots[index])).0
            } else {
                let mut search = minimax::ParallelSearch::new(PeerEval::new(evaluation), options, parallel);
                search.set_max_depth(depth as u8);
                timed(|| peer_search(&mut search, &roots[index])).0
            };
            (seconds, 0)
        })
    };
    let peers_first = contenders.len();
    contenders.push((
        "minimax::ParallelSearch, 2 threads".to_string(),
        peer(evaluation, false),
    ));
    base.push(1); // against `strongest, 1 thread`
    contenders.push((
        "minimax::ParallelSearch+nm+cm, 2 threads".to_string(),
        peer(evaluation, true),
    ));
    base.push(1);
    contenders.push((
        "minimax::ParallelSearch, classical".to_string(),
        peer(Evaluation::Classical, false),
    ));
    base.push(uci_first);
    contenders.push((
        "minimax::ParallelSearch+nm+cm, classical".to_string(),
        peer(Evaluation::Classical, true),
    ));
    base.push(uci_first);
    let totals = run(reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        &mut out,
        &format!(
            "engine: time to depth {depth} and nodes per second, ratios to the same preset on one thread"
        ),
        "nodes",
        &contenders,
        &totals,
        &base,
    );
    // Each peer against our two-thread rows on its evaluation, per repetition.
    for peer in peers_first..contenders.len() {
        let ours: &[(&str, usize)] = if base[peer] == uci_first {
            &[("the UCI defaults", uci_first + 1)]
        } else {
            &[
                ("strongest", 1),
                ("exact", thread_counts.len() + 1),
                ("strongest without quiescence", first + 1),
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

    // The UCI engine's configuration deeper, where a search lasts long enough to time threads.
    let mut contenders: Vec<Contender> = Vec::new();
    for threads in thread_counts {
        contenders.push(uci_row(threads, uci_depth));
    }
    let totals = run(reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        &mut out,
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

    // MCTS: a fixed number of iterations per position, the threads' together.
    let mut contenders: Vec<Contender> = Vec::new();
    for threads in thread_counts {
        contenders.push((
            format!("MCTS, {threads} thread{}", if threads == 1 { "" } else { "s" }),
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
    let totals = run(reps, roots.len(), &mut contenders);
    out.line("```text");
    print(
        &mut out,
        &format!("MCTS: {iterations} iterations per position, iterations per second, ratios to one thread"),
        "iterations",
        &contenders,
        &totals,
        &[0; 4],
    );
    out.line("```");
    if let Some((book, name)) = book {
        let command = bench_command("threads", args.into_iter().skip(1));
        if !write_or_report(Some(&book), &name, &command, out.text()) {
            std::process::exit(1);
        }
    }
}
