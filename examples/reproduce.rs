//! Regenerate the README's lab tables in one command: the thesis's node tables (`compare`'s
//! default run and the feature-by-feature table), the thesis's play experiments (Tables 3, 5 and
//! 7) with its own protocol and with 50 balanced openings, and Calderan's Table I (time and
//! nodes per move, minimax against alpha-beta), Table II (point values against piece-square
//! tables) and mate-in-3 protocol (against Stockfish). Every game of these is played at a fixed
//! depth, so every figure is the same on every run and machine except the times.
//!
//! With `--tables all` (or `strength,suites`), also the UCI engine's strength tables: its matches
//! against Stockfish, Phalanx and Sjeng on the clock and its test-suite scores against Stockfish
//! and Toga II, played by the python-chess scripts in `game-chess/tests/python` (hours; they need
//! python-chess and Debian's `stockfish phalanx sjeng toga2`; their figures vary from run to run);
//! and the README's other tables, made by the workspace's other programs through cargo and pasted
//! as they print them: the Kalah solver's table, the minimal tree, the benchmarks (`small_games`,
//! `per_node`, `mcts`), the MCTS matches and the chance-node table and match (`kalah`,
//! `minimal-tree`, `small-games`, `per-node`, `mcts-bench`, `mcts-play`, `chance`).
//!
//! ```text
//! cargo run --release --example reproduce -- --quick                  # CI: every table, small (a minute)
//! cargo run --release --example reproduce                             # the lab's tables (35 min on 2 cores)
//! cargo run --release --example reproduce -- --tables all             # and the strength tables (hours)
//! cargo run --release --example reproduce -- --tables t3,t5,t7 --protocol paper --base-depth 3
//! cargo run --release --example reproduce -- --tables c1,c2,mate3 --time-budget 1800
//! ```
//!
//! Output: Markdown on stdout (paste into the README), a progress bar on stderr.
//! Exit status: 0; 1 if a mate-in-3 puzzle was not mated or our engine made a protocol error,
//! an illegal move or lost on time; 2 on bad input; 130 on Ctrl-C.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use game_search_lab::compare::default_plan;
use game_search_lab::configs::Config;
use game_search_lab::matches::{Opening, thesis_openings};
use game_search_lab::players::{MoveLimit, PlayerSpec};
use game_search_lab::report::{SUMMARY_COLUMNS, summary_rows};
use game_search_lab::reproduce::strength::{
    Opponent, Scripts, StrengthRow, Suite, SuiteRow, run_strength_row, run_suite, strength_markdown,
    strength_opponents, strength_suites, suites_markdown,
};
use game_search_lab::reproduce::{
    Budget, Tournament, balanced_openings, calderan_table_2, mate_in_3_puzzles, mates_markdown, run_mates,
    run_timing, run_tournament, thesis_table_3, thesis_table_5, thesis_table_7, timing_markdown,
    tournament_markdown,
};
use game_search_lab::runner::{Progress, run};
use indicatif::{ProgressBar, ProgressStyle};

/// Every table, in the order they run; the last ones ([`ON_THE_CLOCK`], [`PROGRAMS`]) only when
/// named.
const TABLES: [(&str, &str); 17] = [
    (
        "nodes",
        "compare's default run: the thesis's 24 positions, 17 configurations",
    ),
    (
        "features",
        "the exact search, feature by feature (compare, 8 configurations)",
    ),
    ("t3", "thesis Table 3: null move R = 1-3 against alpha-beta v1"),
    ("t5", "thesis Table 5: the three transposition-table versions"),
    (
        "t7",
        "thesis Table 7: quiescence (+0, -1) against null move R = 2 (+2)",
    ),
    (
        "c1",
        "Calderan Table I: time and nodes per move, minimax against alpha-beta",
    ),
    (
        "c2",
        "Calderan Table II: point values against piece-square tables",
    ),
    ("mate3", "Calderan's mate-in-3 protocol against Stockfish"),
    (
        "strength",
        "the UCI engine against Stockfish 1400-2000, Phalanx and Sjeng at 5+0.05 (about 90 min)",
    ),
    (
        "suites",
        "the UCI engine, Stockfish and Toga II on five test suites at 1 s a position (about 50 min)",
    ),
    (
        "kalah",
        "Kalah solved, next to Irving, Donkers & Uiterwijk's table (kalah_table, minutes)",
    ),
    (
        "minimal-tree",
        "Knuth & Moore's minimal tree for the 24 positions (minimal_tree, seconds)",
    ),
    (
        "small-games",
        "the engine on small games, set-up and per node (bench small_games, 2 min)",
    ),
    (
        "per-node",
        "per node against hand-written code and the minimax crate (bench per_node, minutes)",
    ),
    (
        "mcts-bench",
        "MCTS iterations per second against the minimax crate (bench mcts, 1 min)",
    ),
    (
        "mcts-play",
        "MCTS against the minimax crate's MCTS and the engine (mcts_versus, 30 min)",
    ),
    (
        "chance",
        "Star1 and Star2 against expectiminimax, and the engine against expectiminimax at EinStein (star_table, mcts_versus, 15 min)",
    ),
];

/// The tables other programs of the workspace make (benchmarks, solvers, matches): run through
/// cargo (each command's arguments, split at spaces), their output pasted as it is. Not in the
/// default run, nor in `--quick` (CI runs the programs' own tests).
const PROGRAMS: [(&str, &[&str]); 7] = [
    ("kalah", &["run --release --example kalah_table"]),
    ("minimal-tree", &["run --release --example minimal_tree"]),
    ("small-games", &["bench --bench small_games"]),
    ("per-node", &["bench --bench per_node -- --reps 5"]),
    ("mcts-bench", &["bench --bench mcts"]),
    (
        "mcts-play",
        &[
            "run --release --example mcts_versus -- mcts peer --iterations 5000 --games 100",
            "run --release --example mcts_versus -- mcts peer --movetime 50 --games 100",
            "run --release --example mcts_versus -- mcts engine --movetime 100 --games 100",
            "run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100",
        ],
    ),
    (
        "chance",
        &[
            "run --release --example star_table",
            "run --release --example mcts_versus -- --game einstein engine expectimax --movetime 100 --games 200",
        ],
    ),
];

/// The tables played on the clock by external engines: not in the default run (they take hours
/// and need python-chess, Stockfish, Phalanx, Sjeng and Toga II); `--tables all` includes them.
const ON_THE_CLOCK: [&str; 2] = ["strength", "suites"];

/// The suites' second and third engines (the first is ours).
const TOGA: &str = "/usr/games/toga2";

/// The README's feature-by-feature configurations.
const FEATURE_CONFIGS: &str = "engine:hints,engine:hints+id,engine:hints+id+tt,engine:hints+id+tt+killers,\
engine:hints+id+tt+killers+history,engine:hints+id+tt+killers+history+pvs,\
engine:hints+id+tt+killers+history+pvs+etc,engine:hints+id+tt+killers+history+pvs+etc+mtdf=two-back";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Protocol {
    /// The paper's own openings and game counts only.
    Paper,
    /// The 50 balanced openings only.
    Balanced,
    /// Both.
    Both,
}

/// Regenerate the README's lab tables (Markdown on stdout).
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// Tables to make, comma-separated: nodes, features, t3, t5, t7, c1, c2, mate3, strength,
    /// suites, or all (default: every table but strength and suites).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    tables: Vec<String>,

    /// CI's run: every table small (one opening, short games, small depths; seconds).
    #[arg(long)]
    quick: bool,

    /// The thesis's play tables' base depth: alpha-beta and null move play at base + 2,
    /// transposition tables at base, quiescence at base and base - 1 (the thesis does not say
    /// its game depth).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=6))]
    base_depth: u32,

    /// Which openings the match tables are played from.
    #[arg(long, value_enum, default_value_t = Protocol::Both)]
    protocol: Protocol,

    /// How many of the 50 balanced openings to play (each with both colours).
    #[arg(long, default_value_t = 50, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=50))]
    balanced_openings: u32,

    /// Adjudicate a game a draw after this many plies.
    #[arg(long, default_value_t = 300, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    ply_cap: u32,

    /// Calderan's Table I: games (openings) per depth.
    #[arg(long, default_value_t = 3, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=50))]
    c1_games: u32,

    /// Calderan's Table I: plies timed per game.
    #[arg(long, default_value_t = 40, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    c1_plies: u32,

    /// The defending engine of the mate-in-3 protocol.
    #[arg(long, default_value = "/usr/games/stockfish", value_name = "PATH")]
    stockfish: PathBuf,

    /// The defender's depth per move.
    #[arg(long, default_value_t = 12, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    stockfish_depth: u32,

    /// The strength table's time control, seconds per game + increment.
    #[arg(long, default_value = "5+0.05", value_name = "S+INC", value_parser = parse_tc)]
    strength_tc: String,

    /// The suites table's seconds per position.
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS", value_parser = parse_seconds)]
    suite_time: f64,

    /// Our UCI engine for the strength tables (default: `game-search-uci` beside this program,
    /// built first when run by cargo).
    #[arg(long, value_name = "PATH")]
    uci_engine: Option<PathBuf>,

    /// The Python interpreter with python-chess, for the strength tables.
    #[arg(long, default_value = "python3", value_name = "PATH")]
    python: PathBuf,

    /// Stop starting games and searches after this many seconds; the tables say what was cut.
    #[arg(long, value_name = "SECONDS")]
    time_budget: Option<f64>,

    /// Write every match's games into this directory as PGN.
    #[arg(long, value_name = "DIR")]
    pgn: Option<PathBuf>,

    /// List the tables and exit.
    #[arg(long)]
    list: bool,
}

fn parse_tc(text: &str) -> Result<String, String> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    match (base.parse::<f64>(), increment.parse::<f64>()) {
        (Ok(b), Ok(i)) if b > 0.0 && b.is_finite() && i >= 0.0 && i.is_finite() => Ok(text.to_string()),
        _ => Err(format!(
            "expected SECONDS+INCREMENT with SECONDS > 0, e.g. 5+0.05, got {text:?}"
        )),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(s),
        _ => Err(format!("expected a positive number of seconds, got {text:?}")),
    }
}

/// A set of openings with its description.
type Protocols = Vec<(String, Vec<Opening>)>;

struct Setup {
    tables: BTreeSet<&'static str>,
    tournaments: Vec<(Tournament, Protocols)>,
    c1: Option<(Vec<u32>, Vec<Opening>, usize)>,
    mates: usize,
    /// The strength table's opponents (none: not asked for, or skipped in `--quick`).
    strength: Vec<Opponent>,
    /// The suites table's suites.
    suites: Vec<Suite>,
    /// Why the strength tables were skipped (`--quick` without python-chess or Stockfish).
    skipped: Option<String>,
    deadline: Option<Instant>,
}

fn setup(args: &Args) -> Result<Setup, String> {
    let mut tables = BTreeSet::new();
    for name in &args.tables {
        let name = name.trim();
        if name == "all" {
            tables.extend(TABLES.iter().map(|(t, _)| *t));
            continue;
        }
        let known = TABLES.iter().find(|(t, _)| *t == name).ok_or_else(|| {
            format!(
                "unknown table {name:?}; valid tables: {}, all",
                TABLES.map(|(t, _)| t).join(", ")
            )
        })?;
        tables.insert(known.0);
    }
    if tables.is_empty() {
        // CI's quick run smoke-tests every table; a full run leaves the hours on the clock out.
        tables = TABLES
            .iter()
            .map(|(t, _)| *t)
            .filter(|t| args.quick || !ON_THE_CLOCK.contains(t))
            .filter(|t| !PROGRAMS.iter().any(|(p, _)| p == t))
            .collect();
    }
    let deadline = match args.time_budget {
        None => None,
        Some(seconds) => Some(
            Instant::now()
                + Duration::try_from_secs_f64(seconds)
                    .map_err(|e| format!("bad --time-budget {seconds}: {e}"))?,
        ),
    };
    let (base, balanced) = if args.quick {
        (2, 1)
    } else {
        (args.base_depth, args.balanced_openings as usize)
    };
    let thesis = if args.quick {
        thesis_openings().into_iter().take(1).collect()
    } else {
        thesis_openings()
    };
    let mut protocols = Vec::new();
    if matches!(args.protocol, Protocol::Paper | Protocol::Both) {
        protocols.push((
            format!("the thesis's {} opening(s) (its protocol)", thesis.len()),
            thesis,
        ));
    }
    if matches!(args.protocol, Protocol::Balanced | Protocol::Both) && !args.quick {
        protocols.push((
            format!("{balanced} balanced opening(s) (game-chess/tests/data/openings.txt)"),
            balanced_openings(balanced),
        ));
    }
    let mut tournaments = Vec::new();
    for (id, tournament) in [
        ("t3", thesis_table_3(base)),
        ("t5", thesis_table_5(base)),
        ("t7", thesis_table_7(base)),
    ] {
        if tables.contains(id) {
            tournaments.push((tournament, protocols.clone()));
        }
    }
    if tables.contains("c2") {
        // Calderan played 10 games per match from the initial position; deterministic players
        // would repeat one game, so his count is played from the first 5 balanced openings.
        let mut c2 = Vec::new();
        let paper = if args.quick { 1 } else { 5 };
        if matches!(args.protocol, Protocol::Paper | Protocol::Both) || args.quick {
            c2.push((
                format!("the first {paper} balanced opening(s): Calderan's 10 games per match"),
                balanced_openings(paper),
            ));
        }
        if matches!(args.protocol, Protocol::Balanced | Protocol::Both) && !args.quick {
            c2.push((
                format!("{balanced} balanced opening(s)"),
                balanced_openings(balanced),
            ));
        }
        tournaments.push((calderan_table_2(), c2));
    }
    let c1 = tables.contains("c1").then(|| {
        if args.quick {
            (vec![1, 2, 3], balanced_openings(1), 4)
        } else {
            (
                vec![1, 2, 3, 4],
                balanced_openings(args.c1_games as usize),
                args.c1_plies as usize,
            )
        }
    });
    let mates = if !tables.contains("mate3") {
        0
    } else if args.quick {
        3
    } else {
        mate_in_3_puzzles().len()
    };
    let mut strength = Vec::new();
    let mut suites = Vec::new();
    let mut skipped = None;
    if tables.contains("strength") {
        strength = if args.quick {
            let mut opponents = strength_opponents(&args.stockfish);
            opponents.truncate(1);
            opponents[0].games = 2;
            opponents[0].label += " (QUICK: 2 games at 1+0.01)";
            opponents
        } else {
            strength_opponents(&args.stockfish)
        };
    }
    if tables.contains("suites") {
        suites = strength_suites();
        if args.quick {
            suites.truncate(1);
            suites[0].limit = 2;
            suites[0].label += " (QUICK: the first 2 at 0.2 s)";
        }
    }
    let mut programs: Vec<PathBuf> = strength.iter().map(|o| o.program.clone()).collect();
    if !suites.is_empty() {
        programs.extend([args.stockfish.clone(), PathBuf::from(TOGA)]);
    }
    if args.quick {
        // CI's smoke test plays against Stockfish only, and without it says so.
        programs.retain(|p| p != Path::new(TOGA));
    }
    let missing: BTreeSet<String> = programs
        .iter()
        .filter(|p| !p.is_file())
        .map(|p| p.display().to_string())
        .collect();
    if !missing.is_empty() {
        let missing = missing.into_iter().collect::<Vec<_>>().join(", ");
        let reason = format!(
            "{missing} not found (apt-get install stockfish phalanx sjeng toga2, or --stockfish PATH)"
        );
        if !args.quick {
            return Err(reason);
        }
        skipped = Some(reason);
        strength.clear();
        suites.clear();
    }
    Ok(Setup {
        tables,
        tournaments,
        c1,
        mates,
        strength,
        suites,
        skipped,
        deadline,
    })
}

/// Runs `cargo ARGS` (the cargo that runs this program) and returns its standard output; its
/// standard error (the build's progress) is not shown, but for a failure.
fn run_cargo(command: &str, bar: &ProgressBar) -> Result<String, String> {
    let args: Vec<&str> = command.split_whitespace().collect();
    let cargo = std::env::var_os("CARGO")
        .ok_or("this table is made by another program of the workspace: run reproduce through `cargo run`")?;
    let output = bar.suspend(|| {
        std::process::Command::new(cargo)
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(std::process::Stdio::null())
            .output()
    });
    let output = output.map_err(|e| format!("cannot run cargo {command}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {command} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// indicatif draws nothing when stderr is not a terminal (a log file, CI): then a line every
/// minute says how far the run is.
fn log_progress_when_not_a_terminal(bar: &ProgressBar) {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        return;
    }
    let bar = bar.clone();
    std::thread::spawn(move || {
        let started = Instant::now();
        loop {
            std::thread::sleep(Duration::from_secs(60));
            if bar.is_finished() {
                return;
            }
            eprintln!(
                "[{:.0} min] {}/{} steps, eta {:.0} min: {}",
                started.elapsed().as_secs_f64() / 60.0,
                bar.position(),
                bar.length().unwrap_or(0),
                bar.eta().as_secs_f64() / 60.0,
                bar.message()
            );
        }
    });
}

/// The python-chess scripts' interpreter and our UCI engine: `--uci-engine`, or `game-search-uci`
/// beside this program (`target/release`), built first when cargo runs this program (so that the
/// tables are never made by a stale binary).
fn strength_scripts(args: &Args) -> Result<Scripts, String> {
    let engine = match &args.uci_engine {
        Some(path) => path.clone(),
        None => {
            if let Some(cargo) = std::env::var_os("CARGO") {
                let status = std::process::Command::new(cargo)
                    .args([
                        "build",
                        "--release",
                        "-p",
                        "game-chess",
                        "--bin",
                        "game-search-uci",
                    ])
                    .stdout(std::process::Stdio::null())
                    .status()
                    .map_err(|e| format!("cannot build game-search-uci: {e}"))?;
                if !status.success() {
                    return Err("cargo build -p game-chess --bin game-search-uci failed".into());
                }
            }
            let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            // target/release/examples/reproduce -> target/release/game-search-uci
            exe.parent()
                .and_then(Path::parent)
                .map(|release| release.join(format!("game-search-uci{}", std::env::consts::EXE_SUFFIX)))
                .ok_or("cannot locate target/release from this program's path")?
        }
    };
    let scripts = Scripts {
        python: args.python.clone(),
        engine,
    };
    scripts.check()?;
    Ok(scripts)
}

fn markdown_summary(report: &game_search_lab::runner::Report) -> String {
    // The README's columns: config, offset, avg/total nodes, leaf %, avg BF, avg time, check.
    let keep = [0, 1, 3, 4, 7, 9, 10, 11];
    let mut out = format!(
        "| {} |\n|{}\n",
        keep.map(|i| SUMMARY_COLUMNS[i]).join(" | "),
        "---|".repeat(keep.len())
    );
    for row in summary_rows(report) {
        out += &format!("| {} |\n", keep.map(|i| row[i].as_str()).join(" | "));
    }
    if let Some(reason) = &report.interrupted {
        out += &format!("\nPARTIAL: {reason}.\n");
    }
    out
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        for (name, what) in TABLES {
            println!("{name:<13} {what}");
        }
        return ExitCode::SUCCESS;
    }
    let setup = match setup(&args) {
        Ok(setup) => setup,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.pgn
        && let Err(err) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {err}", dir.display());
        return ExitCode::from(2);
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        if let Err(err) = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed)) {
            eprintln!("warning: Ctrl-C will not stop cleanly: {err}");
        }
    }
    let budget = Budget {
        deadline: setup.deadline,
        stop: &stop,
    };
    let run_compare = |names: &str| -> Option<Vec<Config>> { Config::parse_list(names).ok() };
    let nodes_plan = default_plan().expect("the default plan's names are the registry's");
    let features = run_compare(FEATURE_CONFIGS).expect("the feature lists parse");
    let compare_searches = |table| match table {
        "nodes" => nodes_plan.suite.len() * nodes_plan.configs.len(),
        "features" => nodes_plan.suite.len() * features.len(),
        _ => 0,
    };

    // One bar over every game, timed position, puzzle and search.
    let mut total = setup.mates;
    for table in ["nodes", "features"] {
        if setup.tables.contains(table) && !args.quick {
            total += compare_searches(table);
        }
    }
    for (t, protocols) in &setup.tournaments {
        total += protocols
            .iter()
            .map(|(_, o)| o.len() * 2 * t.pairs.len())
            .sum::<usize>();
    }
    if let Some((depths, openings, plies)) = &setup.c1 {
        total += depths.len() * openings.len() * plies;
    }
    for (name, commands) in PROGRAMS {
        if setup.tables.contains(name) {
            total += commands.len();
        }
    }
    let suite_engines = if args.quick { 2 } else { 3 };
    total += setup.strength.iter().map(|o| o.games as usize).sum::<usize>();
    for suite in &setup.suites {
        match suite.positions() {
            Ok(n) => total += n * suite_engines,
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::from(2);
            }
        }
    }
    let mut skipped = setup.skipped.clone();
    let mut scripts = None;
    if !setup.strength.is_empty() || !setup.suites.is_empty() {
        match strength_scripts(&args) {
            Ok(found) => scripts = Some(found),
            Err(err) if args.quick => skipped = Some(err),
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::from(2);
            }
        }
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} steps, eta {eta}  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    log_progress_when_not_a_terminal(&bar);
    let started = Instant::now();
    let mut status = ExitCode::SUCCESS;
    let mut command = String::from("cargo run --release --example reproduce --");
    for arg in std::env::args().skip(1) {
        command += &format!(" {arg}");
    }
    println!("# Lab tables\n\nMade by `{command}`.\n");
    if args.quick {
        println!(
            "QUICK RUN (a smoke test: one opening, short games, small depths; the figures \
             mean nothing).\n"
        );
    }

    for table in ["nodes", "features"] {
        if !setup.tables.contains(table) {
            continue;
        }
        if args.quick {
            println!("## {table}\n\nSkipped in --quick (CI runs `compare --quick` for these).\n");
            continue;
        }
        let mut plan = nodes_plan.clone();
        if table == "features" {
            plan.configs = features.clone();
        }
        plan.options.stop = stop.clone();
        plan.options.deadline = setup.deadline;
        let base = bar.position();
        let report = run(&plan.suite, &plan.configs, &plan.options, &mut |progress| {
            if let Progress::Searching {
                config,
                position,
                done,
                ..
            } = progress
            {
                bar.set_position(base + done as u64);
                bar.set_message(format!("{table}: {config} on {position}"));
            }
        });
        bar.set_position(base + compare_searches(table) as u64);
        println!(
            "## {table}: {}\n\nThe thesis's 24 positions at their depths (offset +0), tapered \
             evaluation; exact configurations checked against the reference.\n",
            TABLES.iter().find(|(t, _)| *t == table).map_or("", |t| t.1)
        );
        println!("{}", markdown_summary(&report));
        if report.disagreements() > 0 {
            println!(
                "**{} DISAGREEMENT(S) WITH THE REFERENCE**\n",
                report.disagreements()
            );
            status = ExitCode::FAILURE;
        }
    }

    for (tournament, protocols) in &setup.tournaments {
        for (label, openings) in protocols {
            bar.set_message(format!("{}: {label}", tournament.id));
            let result = run_tournament(tournament, openings, label, args.ply_cap, budget, &mut |game| {
                bar.inc(1);
                bar.set_message(format!(
                    "{} game {}: {} - {} {}",
                    tournament.id,
                    game.round,
                    game.white,
                    game.black,
                    game.result.token()
                ));
            });
            let result = match result {
                Ok(result) => result,
                Err(err) => {
                    eprintln!("error: {err}");
                    return ExitCode::from(2);
                }
            };
            println!("## {}\n", tournament.id);
            println!("{}", tournament_markdown(&result));
            if let Some(dir) = &args.pgn {
                let name = format!(
                    "{}-{}.pgn",
                    tournament.id,
                    if label.starts_with("the") {
                        "paper"
                    } else {
                        "balanced"
                    }
                );
                let pgn: String = result.games.iter().map(|g| g.to_pgn()).collect();
                if let Err(err) = std::fs::write(dir.join(&name), pgn) {
                    eprintln!("error: cannot write {name}: {err}");
                }
            }
        }
    }

    if let Some((depths, openings, plies)) = &setup.c1 {
        bar.set_message("c1: timing minimax and alpha-beta");
        let rows = run_timing(depths, openings, *plies, budget, &mut |depth| {
            bar.inc(1);
            bar.set_message(format!("c1: depth {depth}"));
        });
        let description = format!(
            "here: engine:generation (alpha-beta in generation order) playing itself from the \
             first {} balanced opening(s), {} plies each, both searchers timed on every position \
             (Rust, one thread{})",
            openings.len(),
            plies,
            if args.quick { ", QUICK" } else { "" }
        );
        println!("## c1\n\n{}", timing_markdown(&rows, &description));
    }

    if setup.mates > 0 {
        let puzzles: Vec<_> = mate_in_3_puzzles().into_iter().take(setup.mates).collect();
        let (defender, name) = if args.stockfish.exists() {
            (
                PlayerSpec::Uci {
                    path: args.stockfish.clone(),
                    options: vec![("Threads".into(), "1".into()), ("Hash".into(), "16".into())],
                },
                format!("{} (depth {})", args.stockfish.display(), args.stockfish_depth),
            )
        } else if args.quick {
            (
                PlayerSpec::Random { seed: 1 },
                format!("a random mover ({} not found)", args.stockfish.display()),
            )
        } else {
            eprintln!(
                "error: {} not found (apt-get install stockfish, or --stockfish PATH)",
                args.stockfish.display()
            );
            return ExitCode::from(2);
        };
        let outcomes = run_mates(
            &puzzles,
            &defender,
            MoveLimit::Depth(args.stockfish_depth),
            budget,
            &mut |outcome| {
                bar.inc(1);
                bar.set_message(format!("mate3: {}", outcome.label));
            },
        );
        match outcomes {
            Ok(outcomes) => {
                println!("## mate3\n\n{}", mates_markdown(&outcomes, puzzles.len(), &name));
                if outcomes.iter().any(|o| !o.mated) {
                    status = ExitCode::FAILURE;
                }
            }
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::from(2);
            }
        }
    }
    let (tc, suite_time) = if args.quick {
        ("1+0.01", 0.2)
    } else {
        (args.strength_tc.as_str(), args.suite_time)
    };
    for table in ON_THE_CLOCK {
        if !setup.tables.contains(table) {
            continue;
        }
        let Some(scripts) = &scripts else {
            let reason = skipped.as_deref().unwrap_or("not asked for");
            println!("## {table}\n\nSkipped in --quick: {reason}.\n");
            continue;
        };
        if table == "strength" {
            let mut rows = Vec::new();
            for opponent in &setup.strength {
                if budget.exhausted() {
                    rows.push(StrengthRow {
                        opponent: opponent.clone(),
                        last: None,
                        errors: Vec::new(),
                    });
                    continue;
                }
                let base = bar.position();
                let row = run_strength_row(scripts, opponent, tc, budget, &mut |game| {
                    bar.set_position(base + u64::from(game.games));
                    bar.set_message(format!(
                        "strength: {} game {}: {}",
                        opponent.label,
                        game.games,
                        game.score()
                    ));
                });
                match row {
                    Ok(row) => {
                        if !row.errors.is_empty() {
                            status = ExitCode::FAILURE;
                        }
                        rows.push(row);
                    }
                    Err(err) => {
                        eprintln!("error: {err}");
                        return ExitCode::from(2);
                    }
                }
            }
            println!("## strength\n\n{}", strength_markdown(&rows, tc));
        } else {
            let mut engines = vec![scripts.engine.clone(), args.stockfish.clone()];
            if !args.quick {
                engines.push(PathBuf::from(TOGA));
            }
            let mut rows = Vec::new();
            for suite in &setup.suites {
                if budget.exhausted() {
                    rows.push(SuiteRow {
                        suite: suite.clone(),
                        tallies: Vec::new(),
                    });
                    continue;
                }
                let row = run_suite(scripts, suite, &engines, suite_time, budget, &mut |position| {
                    bar.inc(1);
                    bar.set_message(format!(
                        "suites: {} on {} ({}/{})",
                        position.engine,
                        suite
                            .file
                            .file_name()
                            .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
                        position.done,
                        position.positions
                    ));
                });
                match row {
                    Ok(row) => rows.push(row),
                    Err(err) => {
                        eprintln!("error: {err}");
                        return ExitCode::from(2);
                    }
                }
            }
            // The engines' UCI names where a suite ran them all, else their file names.
            let names: Vec<String> = match rows.iter().find(|r| r.tallies.len() == engines.len()) {
                Some(row) => row.tallies.iter().map(|t| t.engine.clone()).collect(),
                None => engines
                    .iter()
                    .map(|e| {
                        e.file_name()
                            .map_or_else(|| e.display().to_string(), |f| f.to_string_lossy().into_owned())
                    })
                    .collect(),
            };
            println!("## suites\n\n{}", suites_markdown(&rows, &names, suite_time));
        }
    }
    for (name, commands) in PROGRAMS {
        if !setup.tables.contains(name) {
            continue;
        }
        if args.quick {
            println!("## {name}\n\nSkipped in --quick (CI runs the program's own tests).\n");
            continue;
        }
        println!("## {name}\n");
        for command in commands {
            if budget.exhausted() {
                println!("PARTIAL: `cargo {}` not run (time budget or Ctrl-C).\n", command);
                continue;
            }
            bar.set_message(format!("{name}: cargo {}", command));
            match run_cargo(command, &bar) {
                Ok(output) => println!("Made by `cargo {}`:\n\n```text\n{}```\n", command, output),
                Err(err) => {
                    eprintln!("error: {err}");
                    return ExitCode::from(2);
                }
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    println!(
        "Wall time {:.0} s{}.",
        started.elapsed().as_secs_f64(),
        if budget.exhausted() {
            " (stopped by the time budget or Ctrl-C: some tables are partial)"
        } else {
            ""
        }
    );
    if stop.load(Ordering::Relaxed) {
        return ExitCode::from(130);
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(["reproduce"].iter().chain(args))
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let unknown = setup(&parse(&["--tables", "t3,t9"]).unwrap()).err().unwrap();
        assert!(unknown.contains("unknown table \"t9\""), "{unknown}");
        assert!(unknown.contains("mate3"), "{unknown}");
        // Quiescence at base - 1 needs base 2 or more.
        let low = parse(&["--base-depth", "1"]).unwrap_err().to_string();
        assert!(low.contains("--base-depth"), "{low}");
        assert!(parse(&["--protocol", "some"]).is_err());
        assert!(parse(&["--balanced-openings", "51"]).is_err());
        let budget = setup(&parse(&["--time-budget=-1"]).unwrap()).err().unwrap();
        assert!(budget.contains("bad --time-budget"), "{budget}");
    }

    #[test]
    fn the_quick_run_plans_every_table_small() {
        let quick = setup(&parse(&["--quick"]).unwrap()).unwrap();
        assert_eq!(quick.tables.len(), TABLES.len() - PROGRAMS.len());
        assert_eq!(quick.tournaments.len(), 4);
        for (tournament, protocols) in &quick.tournaments {
            assert_eq!(protocols.len(), 1, "{}", tournament.id);
            assert_eq!(protocols[0].1.len(), 1, "{}", tournament.id);
        }
        assert_eq!(quick.mates, 3);
        let (depths, openings, plies) = quick.c1.unwrap();
        assert_eq!((depths.len(), openings.len(), plies), (3, 1, 4));
    }

    #[test]
    fn the_tables_on_the_clock_run_only_when_named() {
        let default = setup(&parse(&[]).unwrap()).unwrap();
        assert_eq!(
            default.tables.len(),
            TABLES.len() - ON_THE_CLOCK.len() - PROGRAMS.len()
        );
        for (name, commands) in PROGRAMS {
            assert!(TABLES.iter().any(|(t, _)| *t == name), "{name} is listed");
            assert!(!commands.is_empty());
        }
        assert!(default.strength.is_empty() && default.suites.is_empty());
        let all = parse(&["--tables", "all"]).unwrap();
        match setup(&all) {
            // Every engine installed: the README's six opponents and five suites.
            Ok(all) => {
                assert_eq!(all.tables.len(), TABLES.len());
                assert_eq!((all.strength.len(), all.suites.len()), (6, 5));
            }
            // Else the run refuses to start, naming what to install.
            Err(err) => assert!(err.contains("apt-get install"), "{err}"),
        }
        let quick = setup(&parse(&["--quick", "--stockfish", "/nonexistent/sf"]).unwrap()).unwrap();
        assert!(quick.strength.is_empty(), "no Stockfish: skipped in --quick");
        let skipped = quick.skipped.unwrap();
        assert!(
            skipped.contains("/nonexistent/sf") && skipped.contains(" not found"),
            "{skipped}"
        );
        // The missing programs are listed together ("/nonexistent/sf, /usr/games/phalanx not
        // found" on a machine without the other opponents): the bad path must be among them.
        let full = setup(&parse(&["--tables", "strength", "--stockfish", "/nonexistent/sf"]).unwrap());
        let error = full.err().unwrap();
        assert!(
            error.contains("/nonexistent/sf") && error.contains(" not found"),
            "{error}"
        );
        for bad in [
            ["--strength-tc", "0+1"],
            ["--strength-tc", "5+x"],
            ["--suite-time", "-1"],
        ] {
            assert!(parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn protocols_choose_the_openings() {
        let paper = setup(&parse(&["--tables", "t3", "--protocol", "paper"]).unwrap()).unwrap();
        assert_eq!(paper.tournaments.len(), 1);
        let protocols = &paper.tournaments[0].1;
        assert_eq!(protocols.len(), 1);
        assert_eq!(protocols[0].1.len(), 3, "the thesis's three openings");
        let both = setup(&parse(&["--tables", "t7,c2", "--balanced-openings", "20"]).unwrap()).unwrap();
        let counts: Vec<Vec<usize>> = both
            .tournaments
            .iter()
            .map(|(_, p)| p.iter().map(|(_, o)| o.len()).collect())
            .collect();
        assert_eq!(counts, vec![vec![3, 20], vec![5, 20]]);
        assert!(both.c1.is_none());
        assert_eq!(both.mates, 0);
    }
}
