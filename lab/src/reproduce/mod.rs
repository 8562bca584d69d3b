//! The `reproduce` program: the book's lab tables regenerated in one command ([`run`]).
//!
//! The thesis's node tables (`compare`'s default run and the feature-by-feature table), the
//! thesis's play experiments (Tables 3, 5 and 7) with its own protocol and with 50 balanced
//! openings, and Calderan's Table I (time and nodes per move, minimax against alpha-beta),
//! Table II (point values against piece-square tables) and mate-in-3 protocol (against
//! Stockfish). Every game of these is played at a fixed depth, so every figure is the same on
//! every run and machine except the times. With `--tables all`, also the UCI engine's strength
//! tables (on the clock, through the python-chess scripts) and the book's tables that other
//! programs of the workspace make (through cargo).
//!
//! - [`plan`]: the tables ([`TABLES`]), the program's [`Options`] and the [`Setup`] planned
//!   from them;
//! - [`openings`]: the 50 balanced openings;
//! - [`tournament`]: Wasastjerna's Tables 3, 5 and 7 and Calderan's Table II, as data and a
//!   runner that plays them at fixed depth, with the papers' scores beside ours;
//! - [`timing`]: Calderan's Table I;
//! - [`mates`]: Calderan's mate-in-3 protocol;
//! - [`strength`]: the UCI engine's matches against real engines and its test suites;
//! - [`programs`]: the tables other programs of the workspace make.
//!
//! Output: Markdown on stdout, a progress bar on stderr; with `--book`, every table also in its
//! section of the book ([`Setup::sections`], each with the command that makes it alone,
//! [`section_command`]), so that nothing is pasted by hand.

pub mod mates;
pub mod openings;
pub mod plan;
pub mod programs;
pub mod strength;
pub mod timing;
pub mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use indicatif::ProgressBar;

pub use plan::{
    ON_THE_CLOCK, OWN_SECTIONS, OpeningSet, Options, Protocol, Setup, TABLES, TOGA, own_section,
    section_command, setup, tournament_section,
};

use crate::book::{Book, write_or_report};
use crate::compare::{Plan, default_plan};
use crate::configs::Config;
use crate::players::{MoveLimit, PlayerSpec};
use crate::progress;
use crate::report::markdown_summary;
use crate::runner::{Progress, run as run_suite};
use mates::{mate_in_3_puzzles, mates_markdown, run_mates};
use programs::{PROGRAMS, Writer, run_cargo};
use strength::{Scripts, StrengthRow, SuiteRow, run_strength_row, run_suite as run_test_suite};
use strength::{strength_markdown, suites_markdown};
use timing::{run_timing, timing_markdown};
use tournament::{run_tournament, tournament_markdown};

/// How a run ends early.
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// Stop starting new games or searches after this.
    pub deadline: Option<Instant>,
    /// Set by Ctrl-C.
    pub stop: &'a AtomicBool,
}

impl Budget<'_> {
    /// Whether the run should stop.
    #[must_use]
    pub fn exhausted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The book's feature-by-feature configurations (`exact-features`).
const FEATURE_CONFIGS: &str = "engine:hints,engine:hints+id,engine:hints+id+tt,engine:hints+id+tt+killers,\
engine:hints+id+tt+killers+history,engine:hints+id+tt+killers+history+pvs,\
engine:hints+id+tt+killers+history+pvs+etc,engine:hints+id+tt+killers+history+pvs+etc+mtdf=two-back";

/// Why a run stops before its end: bad input, said on stderr, exit status 2.
type Stop = String;

/// What every table of a run shares.
struct Run<'a> {
    options: &'a Options,
    setup: &'a Setup,
    /// Set by Ctrl-C.
    stop: &'a Arc<AtomicBool>,
    budget: Budget<'a>,
    bar: &'a ProgressBar,
    /// Some table failed (a disagreement, a mate missed, an error of our engine) or could not
    /// be written into the book: exit status 1.
    failed: bool,
    /// The book the tables are written into (`--book`).
    book: Option<Book>,
}

/// The `reproduce` program after its arguments are parsed: plans the run ([`setup`]), checks
/// that the book has the section of every table with `--book`, makes every table asked for with
/// one progress bar on stderr (Ctrl-C or the time budget stop it, the tables saying what was
/// cut), prints them as Markdown on stdout and with `--book` writes each complete one into its
/// section as it is made. `arguments` are the program's (its name aside), repeated in the
/// output's first line.
///
/// Exit status: 0; 1 if an exact configuration disagreed with the reference, a mate-in-3 puzzle
/// was not mated, our engine made a protocol error, an illegal move or lost on time, or a table
/// could not be written into the book; 2 on bad input (a section the book does not have among
/// it); 130 on Ctrl-C.
#[must_use]
pub fn run(options: &Options, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let setup = match setup(options) {
        Ok(setup) => setup,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    let book = options
        .book
        .then(|| Book::from_option(options.book_dir.as_deref()));
    if let Some(book) = &book
        && let Err(err) = book.check(&setup.sections(options))
    {
        eprintln!("error: {err}");
        return ExitCode::from(2);
    }
    if let Some(dir) = &options.pgn
        && let Err(err) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {err}", dir.display());
        return ExitCode::from(2);
    }
    let stop = Arc::new(AtomicBool::new(false));
    progress::stop_on_ctrl_c(stop.clone());
    match run_tables(options, &setup, &stop, book, arguments) {
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
        Ok(_) if stop.load(Ordering::Relaxed) => ExitCode::from(130),
        Ok(true) => ExitCode::FAILURE,
        Ok(false) => ExitCode::SUCCESS,
    }
}

/// Every table of `setup`, in order; whether one failed.
fn run_tables(
    options: &Options,
    setup: &Setup,
    stop: &Arc<AtomicBool>,
    book: Option<Book>,
    arguments: impl IntoIterator<Item = String>,
) -> Result<bool, Stop> {
    let budget = Budget {
        deadline: setup.deadline,
        stop,
    };
    let nodes_plan = default_plan().expect("the default plan's names are the registry's");
    let features = Config::parse_list(FEATURE_CONFIGS).expect("the feature lists parse");
    let compare_searches = |table| match table {
        "nodes" => nodes_plan.suite.len() * nodes_plan.configs.len(),
        "features" => nodes_plan.suite.len() * features.len(),
        _ => 0,
    };

    // One bar over every game, timed position, puzzle and search.
    let mut total = setup.mates;
    for table in ["nodes", "features"] {
        if setup.tables.contains(table) && !options.quick {
            total += compare_searches(table);
        }
    }
    for (t, protocols) in &setup.tournaments {
        total += protocols
            .iter()
            .map(|set| set.openings.len() * 2 * t.pairs.len())
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
    let suite_engines = if options.quick { 2 } else { 3 };
    total += setup.strength.iter().map(|o| o.games as usize).sum::<usize>();
    for suite in &setup.suites {
        total += suite.positions()? * suite_engines;
    }
    let mut skipped = setup.skipped.clone();
    let mut scripts = None;
    if !setup.strength.is_empty() || !setup.suites.is_empty() {
        match Scripts::locate(options.uci_engine.as_deref(), &options.python) {
            Ok(found) => scripts = Some(found),
            Err(err) if options.quick => skipped = Some(err),
            Err(err) => return Err(err),
        }
    }
    let bar = progress::bar(total as u64, "steps, eta {eta}");
    progress::log_progress_when_not_a_terminal(&bar);
    let started = Instant::now();
    let mut command = String::from("cargo run --release --example reproduce --");
    for arg in arguments {
        command += &format!(" {arg}");
    }
    println!("# Lab tables\n\nMade by `{command}`.\n");
    if options.quick {
        println!(
            "QUICK RUN (a smoke test: one opening, short games, small depths; the figures \
             mean nothing).\n"
        );
    }

    let mut run = Run {
        options,
        setup,
        stop,
        budget,
        bar: &bar,
        failed: false,
        book,
    };
    for table in ["nodes", "features"] {
        run.compare_table(table, &nodes_plan, &features, compare_searches(table));
    }
    run.tournaments()?;
    run.timing();
    run.mates()?;
    run.on_the_clock(scripts.as_ref(), skipped.as_deref())?;
    run.programs()?;
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
    Ok(run.failed)
}

impl Run<'_> {
    /// With `--book`, writes `markdown` into `section` with `command`, unless the table is
    /// `partial` or the budget ran out while it was made (a table cut short stays out of the
    /// book: its section keeps what it had).
    fn write(&mut self, section: &str, command: &str, markdown: &str, partial: bool) {
        if self.book.is_none() {
            return;
        }
        if partial || self.budget.exhausted() {
            self.bar.suspend(|| {
                eprintln!("not written into the book's section {section}: the table was cut short");
            });
            return;
        }
        let written = self
            .bar
            .suspend(|| write_or_report(self.book.as_ref(), section, command, markdown));
        if !written {
            self.failed = true;
        }
    }

    /// `nodes` (`compare`'s default plan, `nodes_plan`) or `features` (its positions with the
    /// `features` configurations): `searches` searches.
    fn compare_table(&mut self, table: &str, nodes_plan: &Plan, features: &[Config], searches: usize) {
        if !self.setup.tables.contains(table) {
            return;
        }
        if self.options.quick {
            println!("## {table}\n\nSkipped in --quick (CI runs `compare --quick` for these).\n");
            return;
        }
        let mut plan = nodes_plan.clone();
        if table == "features" {
            plan.configs = features.to_vec();
        }
        plan.options.stop = self.stop.clone();
        plan.options.deadline = self.setup.deadline;
        let bar = self.bar;
        let base = bar.position();
        let report = run_suite(&plan.suite, &plan.configs, &plan.options, &mut |progress| {
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
        bar.set_position(base + searches as u64);
        println!(
            "## {table}: {}\n\nThe thesis's 24 positions at their depths (offset +0), tapered \
             evaluation; exact configurations checked against the reference.\n",
            TABLES.iter().find(|(t, _)| *t == table).map_or("", |t| t.1)
        );
        let summary = markdown_summary(&report);
        println!("{summary}");
        self.write(
            own_section(table),
            &section_command(table, None, self.options),
            &summary,
            report.interrupted.is_some() || report.disagreements() > 0,
        );
        if report.disagreements() > 0 {
            println!(
                "**{} DISAGREEMENT(S) WITH THE REFERENCE**\n",
                report.disagreements()
            );
            self.failed = true;
        }
    }

    /// The match tables (t3, t5, t7, c2), each on its sets of openings; their games as PGN when
    /// asked for.
    fn tournaments(&mut self) -> Result<(), Stop> {
        let bar = self.bar;
        for (tournament, protocols) in &self.setup.tournaments {
            for set in protocols {
                bar.set_message(format!("{}: {}", tournament.id, set.label));
                let result = run_tournament(
                    tournament,
                    &set.openings,
                    &set.label,
                    self.options.ply_cap,
                    self.budget,
                    &mut |game| {
                        bar.inc(1);
                        bar.set_message(format!(
                            "{} game {}: {} - {} {}",
                            tournament.id,
                            game.round,
                            game.white,
                            game.black,
                            game.result.token()
                        ));
                    },
                )?;
                let markdown = tournament_markdown(&result);
                println!("## {}\n", tournament.id);
                println!("{markdown}");
                self.write(
                    &tournament_section(tournament.id, set.protocol, self.options.base_depth),
                    &section_command(tournament.id, Some(set.protocol), self.options),
                    &markdown,
                    result.partial(),
                );
                if let Some(dir) = &self.options.pgn {
                    let name = format!("{}-{}.pgn", tournament.id, set.protocol.name());
                    let pgn: String = result.games.iter().map(|g| g.to_pgn()).collect();
                    if let Err(err) = std::fs::write(dir.join(&name), pgn) {
                        eprintln!("error: cannot write {name}: {err}");
                    }
                }
            }
        }
        Ok(())
    }

    /// Calderan's Table I (c1).
    fn timing(&mut self) {
        let Some((depths, openings, plies)) = &self.setup.c1 else {
            return;
        };
        let bar = self.bar;
        bar.set_message("c1: timing minimax and alpha-beta");
        let rows = run_timing(depths, openings, *plies, self.budget, &mut |depth| {
            bar.inc(1);
            bar.set_message(format!("c1: depth {depth}"));
        });
        let description = format!(
            "here: engine:generation (alpha-beta in generation order) playing itself from the \
             first {} balanced opening(s), {} plies each, both searchers timed on every position \
             (Rust, one thread{})",
            openings.len(),
            plies,
            if self.options.quick { ", QUICK" } else { "" }
        );
        let markdown = timing_markdown(&rows, &description);
        println!("## c1\n\n{markdown}");
        self.write(
            own_section("c1"),
            &section_command("c1", None, self.options),
            &markdown,
            false,
        );
    }

    /// Calderan's mate-in-3 protocol (mate3): against Stockfish, or in `--quick` without it a
    /// random mover.
    fn mates(&mut self) -> Result<(), Stop> {
        if self.setup.mates == 0 {
            return Ok(());
        }
        let options = self.options;
        let puzzles: Vec<_> = mate_in_3_puzzles().into_iter().take(self.setup.mates).collect();
        let (defender, name) = if options.stockfish.exists() {
            (
                PlayerSpec::Uci {
                    path: options.stockfish.clone(),
                    options: vec![("Threads".into(), "1".into()), ("Hash".into(), "16".into())],
                },
                format!(
                    "{} (depth {})",
                    options.stockfish.display(),
                    options.stockfish_depth
                ),
            )
        } else if options.quick {
            (
                PlayerSpec::Random { seed: 1 },
                format!("a random mover ({} not found)", options.stockfish.display()),
            )
        } else {
            return Err(format!(
                "{} not found (apt-get install stockfish, or --stockfish PATH)",
                options.stockfish.display()
            ));
        };
        let bar = self.bar;
        let outcomes = run_mates(
            &puzzles,
            &defender,
            MoveLimit::Depth(options.stockfish_depth),
            self.budget,
            &mut |outcome| {
                bar.inc(1);
                bar.set_message(format!("mate3: {}", outcome.label));
            },
        )?;
        let markdown = mates_markdown(&outcomes, puzzles.len(), &name);
        println!("## mate3\n\n{markdown}");
        self.write(
            own_section("mate3"),
            &section_command("mate3", None, self.options),
            &markdown,
            outcomes.len() < puzzles.len(),
        );
        if outcomes.iter().any(|o| !o.mated) {
            self.failed = true;
        }
        Ok(())
    }

    /// The tables played on the clock (strength, suites), through the python-chess `scripts`, or
    /// why they were `skipped`.
    fn on_the_clock(&mut self, scripts: Option<&Scripts>, skipped: Option<&str>) -> Result<(), Stop> {
        let (options, setup) = (self.options, self.setup);
        let (tc, suite_time) = if options.quick {
            ("1+0.01", 0.2)
        } else {
            (options.strength_tc.as_str(), options.suite_time)
        };
        for table in ON_THE_CLOCK {
            if !setup.tables.contains(table) {
                continue;
            }
            let Some(scripts) = scripts else {
                let reason = skipped.unwrap_or("not asked for");
                println!("## {table}\n\nSkipped in --quick: {reason}.\n");
                continue;
            };
            if table == "strength" {
                self.strength(scripts, tc)?;
            } else {
                self.suites(scripts, suite_time)?;
            }
        }
        Ok(())
    }

    /// The strength table: the UCI engine's matches against each opponent at `tc`, until the
    /// budget runs out (the opponents left get empty rows).
    fn strength(&mut self, scripts: &Scripts, tc: &str) -> Result<(), Stop> {
        let (setup, budget, bar) = (self.setup, self.budget, self.bar);
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
            })?;
            if !row.errors.is_empty() {
                self.failed = true;
            }
            rows.push(row);
        }
        let markdown = strength_markdown(&rows, tc);
        println!("## strength\n\n{markdown}");
        let partial = rows
            .iter()
            .any(|r| r.last.is_none_or(|l| l.games < r.opponent.games));
        self.write(
            own_section("strength"),
            &section_command("strength", None, self.options),
            &markdown,
            partial,
        );
        Ok(())
    }

    /// The suites table: the UCI engine, Stockfish and (not in `--quick`) Toga II on each test
    /// suite at `suite_time` seconds a position, until the budget runs out (the suites left get
    /// empty rows).
    fn suites(&mut self, scripts: &Scripts, suite_time: f64) -> Result<(), Stop> {
        let (options, setup, budget, bar) = (self.options, self.setup, self.budget, self.bar);
        let mut engines = vec![scripts.engine.clone(), options.stockfish.clone()];
        if !options.quick {
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
            let row = run_test_suite(scripts, suite, &engines, suite_time, budget, &mut |position| {
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
            })?;
            rows.push(row);
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
        let markdown = suites_markdown(&rows, &names, suite_time);
        println!("## suites\n\n{markdown}");
        let partial = rows.iter().any(|r| r.tallies.len() < engines.len());
        self.write(
            own_section("suites"),
            &section_command("suites", None, options),
            &markdown,
            partial,
        );
        Ok(())
    }

    /// The tables other programs of the workspace make, through cargo; with `--book`, each
    /// into its section (the examples write theirs with their own `--book`; a bench's output is
    /// written here, as plain text).
    fn programs(&mut self) -> Result<(), Stop> {
        let bar = self.bar;
        let book_dir = self.book.as_ref().map(|_| self.options.book_dir.as_deref());
        for (name, programs) in PROGRAMS {
            if !self.setup.tables.contains(name) {
                continue;
            }
            if self.options.quick {
                println!("## {name}\n\nSkipped in --quick (CI runs the program's own tests).\n");
                continue;
            }
            println!("## {name}\n");
            for program in programs {
                if self.budget.exhausted() {
                    println!(
                        "PARTIAL: `cargo {}` not run (time budget or Ctrl-C).\n",
                        program.cargo
                    );
                    continue;
                }
                bar.set_message(format!("{name}: cargo {}", program.cargo));
                let output = run_cargo(&program.args(book_dir), bar)?;
                println!("Made by `cargo {}`:\n\n```text\n{}```\n", program.cargo, output);
                if program.writer == Writer::Reproduce {
                    self.write(
                        program.section,
                        &section_command(name, None, self.options),
                        &format!("```text\n{}\n```", output.trim_end()),
                        false,
                    );
                }
                bar.inc(1);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::book::tests::TempDir;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        options: Options,
    }

    #[test]
    fn a_book_without_the_run_s_sections_stops_it_before_it_starts() {
        let dir = TempDir::new();
        dir.write(
            "papers.md",
            "<!-- generated: thesis-table-3-paper-base-2 by `x` -->\nold\n<!-- end: thesis-table-3-paper-base-2 -->\n",
        );
        let path = dir.0.display().to_string();
        // The balanced protocol's section is missing: nothing is played.
        let args = ["--tables", "t3", "--book", "--book-dir", path.as_str()];
        let options = Args::try_parse_from(["reproduce"].iter().chain(&args))
            .unwrap()
            .options;
        assert_eq!(run(&options, args.map(String::from)), ExitCode::from(2));
        let args = ["--tables", "t3", "--book", "--book-dir", "/nonexistent/book"];
        let options = Args::try_parse_from(["reproduce"].iter().chain(&args))
            .unwrap()
            .options;
        assert_eq!(run(&options, args.map(String::from)), ExitCode::from(2));
    }
}
