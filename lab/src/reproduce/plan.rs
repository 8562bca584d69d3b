//! What a `reproduce` run makes: its tables ([`TABLES`]), its [`Options`] and the [`Setup`]
//! planned from them before anything runs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;

use crate::matches::{Opening, thesis_openings};

use super::mates::mate_in_3_puzzles;
use super::openings::balanced_openings;
use super::programs::PROGRAMS;
use super::strength::{Opponent, Suite, strength_opponents, strength_suites};
use super::tournament::{Tournament, calderan_table_2, thesis_table_3, thesis_table_5, thesis_table_7};

/// Every table, in the order they run; the last ones ([`ON_THE_CLOCK`], [`PROGRAMS`]) only when
/// named.
pub const TABLES: [(&str, &str); 19] = [
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
        "threads",
        "the engine and MCTS on 1, 2, 4 and 8 threads, and the minimax crate's ParallelSearch (bench threads, 25 min)",
    ),
    (
        "strength-record",
        "the chess engine's recorded self-play tests and matches, from their record (strength_record, seconds)",
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

/// The tables played on the clock by external engines: not in the default run (they take hours
/// and need python-chess, Stockfish, Phalanx, Sjeng and Toga II); `--tables all` includes them.
pub const ON_THE_CLOCK: [&str; 2] = ["strength", "suites"];

/// The suites' second and third engines (the first is ours).
pub const TOGA: &str = "/usr/games/toga2";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
/// Which openings the match tables are played from.
pub enum Protocol {
    /// The paper's own openings and game counts only.
    Paper,
    /// The 50 balanced openings only.
    Balanced,
    /// Both.
    Both,
}

/// The `reproduce` program's options (`--list` aside: the program prints [`TABLES`] for it).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Tables to make, comma-separated: nodes, features, t3, t5, t7, c1, c2, mate3, strength,
    /// suites, or all (default: every table but strength and suites).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub tables: Vec<String>,

    /// CI's run: every table small (one opening, short games, small depths; seconds).
    #[arg(long)]
    pub quick: bool,

    /// The thesis's play tables' base depth: alpha-beta and null move play at base + 2,
    /// transposition tables at base, quiescence at base and base - 1 (the thesis does not say
    /// its game depth).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=6))]
    pub base_depth: u32,

    /// Which openings the match tables are played from.
    #[arg(long, value_enum, default_value_t = Protocol::Both)]
    pub protocol: Protocol,

    /// How many of the 50 balanced openings to play (each with both colours).
    #[arg(long, default_value_t = 50, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=50))]
    pub balanced_openings: u32,

    /// Adjudicate a game a draw after this many plies.
    #[arg(long, default_value_t = 300, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub ply_cap: u32,

    /// Calderan's Table I: games (openings) per depth.
    #[arg(long, default_value_t = 3, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=50))]
    pub c1_games: u32,

    /// Calderan's Table I: plies timed per game.
    #[arg(long, default_value_t = 40, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub c1_plies: u32,

    /// The defending engine of the mate-in-3 protocol.
    #[arg(long, default_value = "/usr/games/stockfish", value_name = "PATH")]
    pub stockfish: PathBuf,

    /// The defender's depth per move.
    #[arg(long, default_value_t = 12, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub stockfish_depth: u32,

    /// The strength table's time control, seconds per game + increment.
    #[arg(long, default_value = "5+0.05", value_name = "S+INC", value_parser = parse_tc)]
    pub strength_tc: String,

    /// The suites table's seconds per position.
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS", value_parser = parse_seconds)]
    pub suite_time: f64,

    /// Our UCI engine for the strength tables (default: `game-search-uci` beside this program,
    /// built first when run by cargo).
    #[arg(long, value_name = "PATH")]
    pub uci_engine: Option<PathBuf>,

    /// The Python interpreter with python-chess, for the strength tables.
    #[arg(long, default_value = "python3", value_name = "PATH")]
    pub python: PathBuf,

    /// Stop starting games and searches after this many seconds; the tables say what was cut.
    #[arg(long, value_name = "SECONDS", value_parser = crate::progress::seconds)]
    pub time_budget: Option<f64>,

    /// Write every match's games into this directory as PGN.
    #[arg(long, value_name = "DIR")]
    pub pgn: Option<PathBuf>,

    /// Also write every table made into its section of the book (book/src), each with the
    /// command that makes it alone ([`Setup::sections`]); the sections are checked before
    /// anything runs. A table cut short is not written. Not with --quick.
    #[arg(long, conflicts_with = "quick")]
    pub book: bool,

    /// The book's pages for --book (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
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

/// A set of openings a match table is played from.
#[derive(Clone, Debug)]
pub struct OpeningSet {
    /// Which protocol it is ([`Protocol::Paper`] or [`Protocol::Balanced`]).
    pub protocol: Protocol,
    /// What it is, in words (`the thesis's 3 opening(s) (its protocol)`).
    pub label: String,
    /// The openings.
    pub openings: Vec<Opening>,
}

impl Protocol {
    /// `paper` or `balanced` (a set's protocol is never [`Protocol::Both`]), as the option
    /// and the book's section names spell it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Paper => "paper",
            Protocol::Balanced => "balanced",
            Protocol::Both => "both",
        }
    }
}

/// The sets of openings of one match table.
pub type Protocols = Vec<OpeningSet>;

/// What a run will do, planned from its [`Options`] before anything runs ([`setup`]).
#[derive(Debug)]
pub struct Setup {
    /// The tables to make, by name.
    pub tables: BTreeSet<&'static str>,
    /// The match tables, each with its sets of openings.
    pub tournaments: Vec<(Tournament, Protocols)>,
    /// Calderan's Table I, if asked for: the depths, the openings and the plies timed per game.
    pub c1: Option<(Vec<u32>, Vec<Opening>, usize)>,
    /// How many mate-in-3 puzzles to play (0: the table is not asked for).
    pub mates: usize,
    /// The strength table's opponents (none: not asked for, or skipped in `--quick`).
    pub strength: Vec<Opponent>,
    /// The suites table's suites.
    pub suites: Vec<Suite>,
    /// Why the strength tables were skipped (`--quick` without python-chess or Stockfish).
    pub skipped: Option<String>,
    /// When the time budget runs out.
    pub deadline: Option<Instant>,
}

/// Plans a run: which tables, which tournaments on which openings, the timing, the puzzles and
/// the strength tables (small ones for `--quick`); checks that the engines the strength tables
/// need are installed.
///
/// # Errors
///
/// An unknown table, a bad time budget, or (not in `--quick`) a missing engine, in words.
pub fn setup(options: &Options) -> Result<Setup, String> {
    let tables = chosen_tables(options)?;
    let deadline = match options.time_budget {
        None => None,
        Some(seconds) => crate::progress::deadline(seconds)?,
    };
    let tournaments = tournaments(&tables, options);
    let c1 = tables.contains("c1").then(|| timing_plan(options));
    let mates = if !tables.contains("mate3") {
        0
    } else if options.quick {
        3
    } else {
        mate_in_3_puzzles().len()
    };
    let ClockTables {
        strength,
        suites,
        skipped,
    } = on_the_clock(&tables, options)?;
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

/// The tables `--tables` names (`all`: every one); by default every table but the programs'
/// and, outside `--quick`, those on the clock.
fn chosen_tables(options: &Options) -> Result<BTreeSet<&'static str>, String> {
    let mut tables = BTreeSet::new();
    for name in &options.tables {
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
            .filter(|t| options.quick || !ON_THE_CLOCK.contains(t))
            .filter(|t| !PROGRAMS.iter().any(|(p, _)| p == t))
            .collect();
    }
    Ok(tables)
}

/// The match tables among `tables`, each with its sets of openings: the thesis's tables at the
/// base depth (2 in `--quick`) on the sets `--protocol` asks for, Calderan's Table II on its
/// own sets.
fn tournaments(tables: &BTreeSet<&str>, options: &Options) -> Vec<(Tournament, Protocols)> {
    let (base, balanced) = if options.quick {
        (2, 1)
    } else {
        (options.base_depth, options.balanced_openings as usize)
    };
    let protocols = thesis_protocols(options, balanced);
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
        tournaments.push((calderan_table_2(), calderan_protocols(options, balanced)));
    }
    tournaments
}

/// The sets of openings of the thesis's match tables that `--protocol` asks for: the thesis's
/// (the first alone in `--quick`), and `balanced` balanced ones (not in `--quick`).
fn thesis_protocols(options: &Options, balanced: usize) -> Protocols {
    let thesis = if options.quick {
        thesis_openings().into_iter().take(1).collect()
    } else {
        thesis_openings()
    };
    let mut protocols = Vec::new();
    if matches!(options.protocol, Protocol::Paper | Protocol::Both) {
        protocols.push(OpeningSet {
            protocol: Protocol::Paper,
            label: format!("the thesis's {} opening(s) (its protocol)", thesis.len()),
            openings: thesis,
        });
    }
    if matches!(options.protocol, Protocol::Balanced | Protocol::Both) && !options.quick {
        protocols.push(OpeningSet {
            protocol: Protocol::Balanced,
            label: format!("{balanced} balanced opening(s) (game-chess/tests/data/openings.txt)"),
            openings: balanced_openings(balanced),
        });
    }
    protocols
}

/// The sets of openings of Calderan's Table II that `--protocol` asks for (always the paper's
/// in `--quick`, alone).
fn calderan_protocols(options: &Options, balanced: usize) -> Protocols {
    // Calderan played 10 games per match from the initial position; deterministic players
    // would repeat one game, so his count is played from the first 5 balanced openings.
    let mut c2 = Vec::new();
    let paper = if options.quick { 1 } else { 5 };
    if matches!(options.protocol, Protocol::Paper | Protocol::Both) || options.quick {
        c2.push(OpeningSet {
            protocol: Protocol::Paper,
            label: format!("the first {paper} balanced opening(s): Calderan's 10 games per match"),
            openings: balanced_openings(paper),
        });
    }
    if matches!(options.protocol, Protocol::Balanced | Protocol::Both) && !options.quick {
        c2.push(OpeningSet {
            protocol: Protocol::Balanced,
            label: format!("{balanced} balanced opening(s)"),
            openings: balanced_openings(balanced),
        });
    }
    c2
}

/// Calderan's Table I: the depths, the openings and the plies timed per game (a few of each in
/// `--quick`).
fn timing_plan(options: &Options) -> (Vec<u32>, Vec<Opening>, usize) {
    if options.quick {
        (vec![1, 2, 3], balanced_openings(1), 4)
    } else {
        (
            vec![1, 2, 3, 4],
            balanced_openings(options.c1_games as usize),
            options.c1_plies as usize,
        )
    }
}

/// The tables on the clock, as [`Setup`] holds them.
struct ClockTables {
    /// The strength table's opponents.
    strength: Vec<Opponent>,
    /// The suites table's suites.
    suites: Vec<Suite>,
    /// Why both were skipped (`--quick` without the engines they need).
    skipped: Option<String>,
}

/// The tables on the clock among `tables` (small ones in `--quick`): the strength table's
/// opponents, the suites, and why they were skipped (`--quick` without the engines they need).
///
/// # Errors
///
/// An engine they need is not installed (not in `--quick`), in words.
fn on_the_clock(tables: &BTreeSet<&str>, options: &Options) -> Result<ClockTables, String> {
    let mut strength = Vec::new();
    let mut suites = Vec::new();
    if tables.contains("strength") {
        strength = if options.quick {
            let mut opponents = strength_opponents(&options.stockfish);
            opponents.truncate(1);
            opponents[0].games = 2;
            opponents[0].label += " (QUICK: 2 games at 1+0.01)";
            opponents
        } else {
            strength_opponents(&options.stockfish)
        };
    }
    if tables.contains("suites") {
        suites = strength_suites();
        if options.quick {
            suites.truncate(1);
            suites[0].limit = 2;
            suites[0].label += " (QUICK: the first 2 at 0.2 s)";
        }
    }
    let Some(missing) = missing_engines(&strength, &suites, options) else {
        return Ok(ClockTables {
            strength,
            suites,
            skipped: None,
        });
    };
    let reason =
        format!("{missing} not found (apt-get install stockfish phalanx sjeng toga2, or --stockfish PATH)");
    if !options.quick {
        return Err(reason);
    }
    Ok(ClockTables {
        strength: Vec::new(),
        suites: Vec::new(),
        skipped: Some(reason),
    })
}

/// The engines the `strength` opponents and the `suites` need that are not installed, joined
/// by commas (none missing: `None`); in `--quick`, Stockfish alone is needed for the suites.
fn missing_engines(strength: &[Opponent], suites: &[Suite], options: &Options) -> Option<String> {
    let mut programs: Vec<PathBuf> = strength.iter().map(|o| o.program.clone()).collect();
    if !suites.is_empty() {
        programs.extend([options.stockfish.clone(), PathBuf::from(TOGA)]);
    }
    if options.quick {
        // CI's smoke test plays against Stockfish only, and without it says so.
        programs.retain(|p| p != Path::new(TOGA));
    }
    let missing: BTreeSet<String> = programs
        .iter()
        .filter(|p| !p.is_file())
        .map(|p| p.display().to_string())
        .collect();
    (!missing.is_empty()).then(|| missing.into_iter().collect::<Vec<_>>().join(", "))
}

/// The section of the book that a match table's run on one set of openings goes into:
/// `thesis-table-3-paper-base-2`, `calderan-table-2-balanced` (Calderan's Table II has no base
/// depth).
#[must_use]
pub fn tournament_section(id: &str, protocol: Protocol, base_depth: u32) -> String {
    let p = protocol.name();
    match id {
        "t3" => format!("thesis-table-3-{p}-base-{base_depth}"),
        "t5" => format!("thesis-table-5-{p}-base-{base_depth}"),
        "t7" => format!("thesis-table-7-{p}-base-{base_depth}"),
        "c2" => format!("calderan-table-2-{p}"),
        other => format!("{other}-{p}"),
    }
}

/// The section of the book that each of `reproduce`'s own tables goes into (the match tables
/// have one per set of openings: [`tournament_section`]; the other programs' tables are in
/// [`PROGRAMS`]).
pub const OWN_SECTIONS: [(&str, &str); 6] = [
    ("nodes", "compare-default"),
    ("features", "exact-features"),
    ("c1", "calderan-table-1"),
    ("mate3", "calderan-mate-in-3"),
    ("strength", "strength-engines"),
    ("suites", "strength-suites"),
];

/// The section of `table` in [`OWN_SECTIONS`].
///
/// # Panics
///
/// If `table` has none there (a match table, or another program's).
#[must_use]
pub fn own_section(table: &str) -> &'static str {
    OWN_SECTIONS
        .iter()
        .find(|(t, _)| *t == table)
        .map(|(_, section)| *section)
        .expect("a table of reproduce's own with one section")
}

/// The command that makes `table` alone (on `protocol`'s openings, for a match table) and
/// writes it into the book: `cargo run --release --example reproduce -- --tables TABLE ...
/// --book`, with the options of `options` that change that table's figures when they are not
/// the defaults.
#[must_use]
pub fn section_command(table: &str, protocol: Option<Protocol>, options: &Options) -> String {
    use crate::book::shell_quoted;
    let mut command = format!("cargo run --release --example reproduce -- --tables {table}");
    if let Some(protocol) = protocol {
        command += &format!(" --protocol {}", protocol.name());
        if table != "c2" {
            command += &format!(" --base-depth {}", options.base_depth);
        }
        if protocol == Protocol::Balanced && options.balanced_openings != 50 {
            command += &format!(" --balanced-openings {}", options.balanced_openings);
        }
        if options.ply_cap != 300 {
            command += &format!(" --ply-cap {}", options.ply_cap);
        }
    }
    let default_stockfish = std::path::Path::new("/usr/games/stockfish");
    let stockfish = (options.stockfish != default_stockfish).then(|| {
        format!(
            " --stockfish {}",
            shell_quoted(&options.stockfish.display().to_string())
        )
    });
    let engines = |command: &mut String| {
        if let Some(stockfish) = &stockfish {
            *command += stockfish;
        }
        if let Some(engine) = &options.uci_engine {
            *command += &format!(" --uci-engine {}", shell_quoted(&engine.display().to_string()));
        }
        if options.python != std::path::Path::new("python3") {
            *command += &format!(
                " --python {}",
                shell_quoted(&options.python.display().to_string())
            );
        }
    };
    match table {
        "c1" => {
            if options.c1_games != 3 {
                command += &format!(" --c1-games {}", options.c1_games);
            }
            if options.c1_plies != 40 {
                command += &format!(" --c1-plies {}", options.c1_plies);
            }
        }
        "mate3" => {
            if let Some(stockfish) = &stockfish {
                command += stockfish;
            }
            if options.stockfish_depth != 12 {
                command += &format!(" --stockfish-depth {}", options.stockfish_depth);
            }
        }
        "strength" => {
            if options.strength_tc != "5+0.05" {
                command += &format!(" --strength-tc {}", options.strength_tc);
            }
            engines(&mut command);
        }
        "suites" => {
            if options.suite_time != 1.0 {
                command += &format!(" --suite-time {}", options.suite_time);
            }
            engines(&mut command);
        }
        _ => {}
    }
    command + " --book"
}

impl Setup {
    /// Every section of the book this run writes with `--book`, in the order they are made:
    /// what the book must have before the run starts.
    #[must_use]
    pub fn sections(&self, options: &Options) -> Vec<String> {
        let mut sections = Vec::new();
        for table in ["nodes", "features"] {
            if self.tables.contains(table) {
                sections.push(own_section(table).to_string());
            }
        }
        for (tournament, protocols) in &self.tournaments {
            for set in protocols {
                sections.push(tournament_section(
                    tournament.id,
                    set.protocol,
                    options.base_depth,
                ));
            }
        }
        for table in ["c1", "mate3"] {
            if self.tables.contains(table) {
                sections.push(own_section(table).to_string());
            }
        }
        for table in ON_THE_CLOCK {
            if self.tables.contains(table) {
                sections.push(own_section(table).to_string());
            }
        }
        for (table, programs) in PROGRAMS {
            if self.tables.contains(table) {
                sections.extend(programs.iter().map(|p| p.section.to_string()));
            }
        }
        sections
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::reproduce::programs::PROGRAMS;

    /// The options as the program parses them.
    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        options: Options,
    }

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Args::try_parse_from(["reproduce"].iter().chain(args)).map(|args| args.options)
    }

    /// Seen while writing the `lab_args` fuzz target, and a panic there: a budget longer than
    /// the clock counts
    /// (`--time-budget 1e19`) overflowed `Instant + Duration`, a panic.
    #[test]
    fn a_budget_beyond_the_clock_never_runs_out() {
        let setup = setup(&parse(&["--quick", "--tables", "t3", "--time-budget", "1e19"]).unwrap()).unwrap();
        assert!(setup.deadline.is_none());
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
        for bad in ["-1", "nan", "inf"] {
            let budget = parse(&[&format!("--time-budget={bad}")])
                .err()
                .unwrap()
                .to_string();
            assert!(budget.contains("0 or more"), "{budget}");
        }
    }

    #[test]
    fn the_quick_run_plans_every_table_small() {
        let quick = setup(&parse(&["--quick"]).unwrap()).unwrap();
        assert_eq!(quick.tables.len(), TABLES.len() - PROGRAMS.len());
        assert_eq!(quick.tournaments.len(), 4);
        for (tournament, protocols) in &quick.tournaments {
            assert_eq!(protocols.len(), 1, "{}", tournament.id);
            assert_eq!(protocols[0].openings.len(), 1, "{}", tournament.id);
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
            // Every engine installed: the book's six opponents and five suites.
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
    fn every_table_has_its_sections_in_the_book_with_its_command() {
        let all = parse(&["--tables", "all", "--book"]).unwrap();
        // The plan without the engines' check (they may not be installed here).
        let mut tables = BTreeSet::new();
        tables.extend(TABLES.iter().map(|(t, _)| *t));
        let mut plan = setup(&parse(&["--tables", "t3,t5,t7,c2"]).unwrap()).unwrap();
        plan.tables = tables;
        let sections = plan.sections(&all);
        assert_eq!(sections[..2], ["compare-default", "exact-features"]);
        assert!(sections.contains(&"thesis-table-3-paper-base-2".to_string()));
        assert!(sections.contains(&"thesis-table-7-balanced-base-2".to_string()));
        assert!(sections.contains(&"calderan-table-2-balanced".to_string()));
        assert!(sections.contains(&"strength-suites".to_string()));
        assert!(sections.contains(&"per-node".to_string()));
        let unique: BTreeSet<&String> = sections.iter().collect();
        assert_eq!(unique.len(), sections.len(), "{sections:?}");
        // The book has every section of the default run and of `--tables all`.
        crate::book::Book::default().check(&sections).unwrap();
        let base3 = parse(&["--protocol", "paper", "--base-depth", "3", "--book"]).unwrap();
        let default = setup(&base3).unwrap();
        assert!(
            default
                .sections(&base3)
                .contains(&"thesis-table-7-paper-base-3".to_string())
        );

        assert_eq!(
            section_command(
                "t5",
                Some(Protocol::Balanced),
                &parse(&["--base-depth", "6"]).unwrap()
            ),
            "cargo run --release --example reproduce -- --tables t5 --protocol balanced --base-depth 6 --book"
        );
        assert_eq!(
            section_command(
                "c2",
                Some(Protocol::Balanced),
                &parse(&["--balanced-openings", "20", "--ply-cap", "200"]).unwrap()
            ),
            "cargo run --release --example reproduce -- --tables c2 --protocol balanced \
             --balanced-openings 20 --ply-cap 200 --book"
        );
        assert_eq!(
            section_command("mate3", None, &parse(&["--stockfish", "/opt/s f"]).unwrap()),
            "cargo run --release --example reproduce -- --tables mate3 --stockfish '/opt/s f' --book"
        );
        assert_eq!(
            section_command("nodes", None, &parse(&[]).unwrap()),
            "cargo run --release --example reproduce -- --tables nodes --book"
        );
        assert!(
            parse(&["--quick", "--book"]).is_err(),
            "a quick run is not for the book"
        );
        assert!(parse(&["--book-dir", "/tmp"]).is_err(), "--book-dir needs --book");
    }

    #[test]
    fn protocols_choose_the_openings() {
        let paper = setup(&parse(&["--tables", "t3", "--protocol", "paper"]).unwrap()).unwrap();
        assert_eq!(paper.tournaments.len(), 1);
        let protocols = &paper.tournaments[0].1;
        assert_eq!(protocols.len(), 1);
        assert_eq!(protocols[0].openings.len(), 3, "the thesis's three openings");
        let both = setup(&parse(&["--tables", "t7,c2", "--balanced-openings", "20"]).unwrap()).unwrap();
        let counts: Vec<Vec<usize>> = both
            .tournaments
            .iter()
            .map(|(_, p)| p.iter().map(|set| set.openings.len()).collect())
            .collect();
        assert_eq!(counts, vec![vec![3, 20], vec![5, 20]]);
        assert!(both.c1.is_none());
        assert_eq!(both.mates, 0);
    }
}
