//! The `compare` program: its plans (which configurations, on which positions, at which depth
//! offsets), its [`Options`] and its [`run`]: the plan the options ask for, run with a progress
//! bar, its [`Report`] printed in the format asked for. The program (`examples/compare.rs`) parses
//! its arguments and calls [`run`] (or prints [`list`]). With `--book NAME` it also writes its
//! summary into the book's section NAME ([`markdown_summary`]): `compare-default` for the default
//! run, `exact-features` for the feature-by-feature one.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

use game_chess::Evaluation;

use super::book::{Book, example_command, write_or_report};
use super::configs::{Config, ConfigError, feature_help, registry};
use super::plot;
use super::progress;
use super::report::{Format, markdown_summary, render};
use super::runner::{
    Progress, Report, RunOptions, SuitePosition, parse_suite, run as run_suite, thesis_suite,
};
use super::terminal::{WIDTH, render_terminal, wrap_words};

/// What `compare` runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The positions.
    pub suite: Vec<SuitePosition>,
    /// The configurations, in report order.
    pub configs: Vec<Config>,
    /// Depth offset (`None`: each configuration's own), evaluation, stop conditions.
    pub options: RunOptions,
    /// One paragraph saying what runs, printed before the table.
    pub description: String,
}

impl Plan {
    /// Checks that every configuration searches every position at depth 1 or more: a depth
    /// offset that takes a position's depth below 1 is refused rather than silently raised to 1.
    ///
    /// # Errors
    ///
    /// The first configuration and position whose depth would be below 1, in words.
    pub fn check_depths(&self) -> Result<(), String> {
        for config in &self.configs {
            let offset = config.offset(self.options.depth_offset);
            for position in &self.suite {
                let depth = i64::from(position.depth) + i64::from(offset);
                if depth < 1 {
                    return Err(format!(
                        "depth offset {offset:+} takes {} (depth {}) to depth {depth} for {}: every \
                         search needs depth 1 or more",
                        position.label, position.depth, config.name
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The default run's configurations: every thesis configuration but minimax, `ab-v2`, the
/// quiescence ones and `thesis-final` (too slow for a two-minute run), and the project's, all at the thesis's
/// primary depths (offset 0).
pub const DEFAULT_CONFIGS: &str = "ab-v1,ab-v3,ab-v4,nm-r1,nm-r2,nm-r3,tt-v1,tt-v2,tt-v3,ab-mvv,killers,history,pvs,id,mtdf,exact,strongest";

/// The default run's depth offset.
pub const DEFAULT_OFFSET: i32 = 0;

/// The quick run's positions (the first of the suite).
pub const QUICK_POSITIONS: usize = 4;

/// The quick run's depth offset (the first thesis positions' depth 5 becomes 3).
pub const QUICK_OFFSET: i32 = -2;

/// The quick run checks quiescence configurations up to this depth (seconds at offset -2).
pub const QUICK_QUIESCENCE_CHECK_DEPTH: u32 = 3;

/// The default plan: [`DEFAULT_CONFIGS`] on the thesis's 24 positions at offset
/// [`DEFAULT_OFFSET`].
///
/// # Errors
///
/// None in practice (the names are the registry's); a [`ConfigError`] if they drifted apart.
pub fn default_plan() -> Result<Plan, ConfigError> {
    Ok(Plan {
        suite: thesis_suite(),
        configs: Config::parse_list(DEFAULT_CONFIGS)?,
        options: RunOptions {
            depth_offset: Some(DEFAULT_OFFSET),
            ..RunOptions::default()
        },
        description: format!(
            "Default run: {} configurations on the thesis's 24 positions at their primary depths \
             (acd 5-7, offset {DEFAULT_OFFSET:+}). Minimax, ab-v2, the quiescence configurations and thesis-final \
             are left out (minutes to hours each): name them with --configs, or run --full for the \
             thesis's own depths (+2 for alpha-beta and null move).",
            DEFAULT_CONFIGS.split(',').count()
        ),
    })
}

/// The quick plan (CI's smoke test): every registry configuration on the first
/// [`QUICK_POSITIONS`] thesis positions at offset [`QUICK_OFFSET`], every exact one checked
/// (quiescence ones too: the depths are small enough for the brute-force reference).
#[must_use]
pub fn quick_plan() -> Plan {
    Plan {
        suite: thesis_suite().into_iter().take(QUICK_POSITIONS).collect(),
        configs: registry(),
        options: RunOptions {
            depth_offset: Some(QUICK_OFFSET),
            quiescence_check_max_depth: QUICK_QUIESCENCE_CHECK_DEPTH,
            ..RunOptions::default()
        },
        description: format!(
            "Quick run: every named configuration on the first {QUICK_POSITIONS} thesis positions \
             at depth offset {QUICK_OFFSET:+}, exact ones checked against the references."
        ),
    }
}

/// The full reproduction: every registry configuration on the 24 positions at the thesis's
/// offsets (minimax and TT +0, alpha-beta and null move +2, quiescence +0 and -1). Plain minimax
/// alone is about 4 × 10^9 nodes; `ab-v2` at +2 did not finish in the thesis either.
#[must_use]
pub fn full_plan() -> Plan {
    Plan {
        suite: thesis_suite(),
        configs: registry(),
        options: RunOptions::default(),
        description: "Full run: every named configuration on the thesis's 24 positions at the \
                      thesis's depth offsets (hours; --time-budget or Ctrl-C end it with the \
                      partial table)."
            .to_string(),
    }
}

/// The `compare` program's options (`--list` aside: the program prints [`list`] for it).
#[derive(Debug, clap::Args)]
pub struct Options {
    /// An EPD file of positions, each with an `acd` depth (default: the thesis's 24, embedded).
    #[arg(long, value_name = "FILE")]
    pub suite: Option<PathBuf>,

    /// Added to every position's depth (default: each configuration's thesis offset, or the
    /// plan's).
    #[arg(long, allow_hyphen_values = true, value_name = "N")]
    pub depth_offset: Option<i32>,

    /// Configurations, comma-separated: names from --list, or engine:FEATURE+FEATURE+...
    #[arg(long, value_name = "A,B,...")]
    pub configs: Option<String>,

    /// The evaluation: point-values, thesis-material, simplified-pst, thesis-pst or tapered.
    #[arg(long = "eval", default_value_t = Evaluation::Tapered, value_name = "NAME")]
    pub evaluation: Evaluation,

    /// Output format: table, markdown, csv or json.
    #[arg(long, default_value = "table", value_parser = clap::value_parser!(String))]
    pub format: String,

    /// Write SVG plots (nodes per position, nodes per depth) into this directory.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,

    /// CI's smoke test: every configuration, 4 positions, small depths, every exact one checked.
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,

    /// The full thesis reproduction: every configuration at the thesis's depths (hours).
    #[arg(long)]
    pub full: bool,

    /// Stop after this many seconds and print the partial table.
    #[arg(long, value_name = "SECONDS", value_parser = crate::progress::seconds)]
    pub time_budget: Option<f64>,

    /// Check quiescence configurations against the brute-force reference up to this depth.
    #[arg(long, value_name = "N")]
    pub qs_check_depth: Option<u32>,

    /// Also print the best move and root value of every configuration on every position (the
    /// plain-text table wraps it into several of at most 100 columns).
    #[arg(long)]
    pub per_position: bool,

    /// Also write the summary, as a Markdown table, into the book's section NAME (book/src), with
    /// this command: compare-default for the default run, exact-features for the
    /// feature-by-feature one. A run cut short or with a disagreement is not written.
    #[arg(long, value_name = "NAME")]
    pub book: Option<String>,

    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

impl Options {
    /// The plan these options ask for: the quick, full or default plan, then the suite, the
    /// configurations (at their own offsets unless one is given), the offset, the quiescence
    /// check depth, the evaluation and the time budget; the depths checked ([`Plan::check_depths`]).
    ///
    /// # Errors
    ///
    /// An unreadable or bad suite, an unknown configuration, a depth below 1, a bad time budget,
    /// in words.
    pub fn plan(&self) -> Result<Plan, String> {
        let mut plan = if self.quick {
            quick_plan()
        } else if self.full {
            full_plan()
        } else {
            default_plan().map_err(|e| e.to_string())?
        };
        if let Some(path) = &self.suite {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            plan.suite = parse_suite(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            plan.description = format!("Suite {} ({} positions).", path.display(), plan.suite.len());
        }
        if let Some(names) = &self.configs {
            plan.configs = Config::parse_list(names).map_err(|e| e.to_string())?;
            // Named configurations run at their own offsets unless one is given.
            if !self.quick {
                plan.options.depth_offset = None;
            }
            plan.description = format!(
                "{} configuration(s) on {} position(s).",
                plan.configs.len(),
                plan.suite.len()
            );
        }
        if self.depth_offset.is_some() {
            plan.options.depth_offset = self.depth_offset;
        }
        if let Some(depth) = self.qs_check_depth {
            plan.options.quiescence_check_max_depth = depth;
        }
        plan.check_depths()?;
        plan.options.evaluation = self.evaluation;
        if let Some(seconds) = self.time_budget {
            plan.options.deadline = progress::deadline(seconds)?;
        }
        Ok(plan)
    }
}

/// `compare --list`: every configuration of the registry with its offset, and the engine's
/// features.
#[must_use]
pub fn list() -> String {
    let mut out = String::from("Configurations (--configs NAME,NAME,...):\n");
    for config in registry() {
        let _ = writeln!(
            out,
            "  {:<13} offset {:+}  {}",
            config.name,
            config.offset(None),
            config.description
        );
    }
    out += "\nOr an engine configuration, engine:FEATURE+FEATURE+... (e.g. engine:v1+id+tt+killers+pvs+null=r2), with:\n";
    for line in feature_help() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// The `compare` program after its arguments are parsed: runs the plan the options ask for with
/// a progress bar on stderr (Ctrl-C stops it with the partial table), prints the report in the
/// format asked for, writes the plots and, with `--book NAME`, writes the summary into the
/// book's section NAME (checked before the run; not written if the run was cut short or an
/// exact configuration disagreed). `arguments` are the program's (its name aside), for the
/// marker.
///
/// Exit status: 0, or 1 if an exact configuration disagreed with the reference, 2 on bad input
/// (a section the book does not have among it) or if the book cannot be written, 130 when
/// stopped by Ctrl-C (after printing the partial table).
#[must_use]
pub fn run(options: &Options, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let (format, plan, book) = match prepare(options) {
        Ok(prepared) => prepared,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    progress::stop_on_ctrl_c(plan.options.stop.clone());
    print_intro(&plan, format, options);
    let started = Instant::now();
    let report = run_with_bar(&plan);
    print_report(&report, format, options, started);
    if let Some(dir) = &options.plot {
        write_plots(&report, dir);
    }
    let written = match &book {
        Some((name, book)) => write_summary(&report, name, book, arguments),
        None => true,
    };
    if report.disagreements() > 0 {
        eprintln!(
            "error: {} disagreement(s) with the reference",
            report.disagreements()
        );
        ExitCode::FAILURE
    } else if !written {
        ExitCode::from(2)
    } else if plan.options.stop.load(Ordering::Relaxed) {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    }
}

/// The book's section `--book` names, and the book.
type Section<'a> = (&'a String, Book);

/// Everything [`run`] needs before it runs, checked: the output format, the plan, the book's
/// section with `--book` (which the book must have), and the plots' directory (created).
fn prepare(options: &Options) -> Result<(Format, Plan, Option<Section<'_>>), String> {
    let format: Format = options.format.parse()?;
    let plan = options.plan()?;
    let book = options
        .book
        .as_ref()
        .map(|name| (name, Book::from_option(options.book_dir.as_deref())));
    if let Some((name, book)) = &book {
        book.check(&[name]).map_err(|err| err.to_string())?;
    }
    if let Some(dir) = &options.plot {
        std::fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    Ok((format, plan, book))
}

/// The paragraph before the table (the plan, the evaluation, the offsets, the positions, the
/// references), in the table and Markdown formats.
fn print_intro(plan: &Plan, format: Format, options: &Options) {
    if format != Format::Table && format != Format::Markdown {
        return;
    }
    let offsets = plan
        .options
        .depth_offset
        .map_or_else(|| "each configuration's own".to_string(), |o| format!("{o:+}"));
    let intro = format!(
        "{} Evaluation {}; depth offset {offsets}; positions: {}; reference: alpha-beta \
         (minimax-exact) and minimax+quiescence up to depth {}.",
        plan.description,
        plan.options.evaluation,
        if plan.suite.len() == thesis_suite().len() && options.suite.is_none() {
            "the thesis's 24".to_string()
        } else {
            plan.suite.len().to_string()
        },
        plan.options.quiescence_check_max_depth
    );
    if format == Format::Table {
        println!("{}\n", wrap_words(&intro, WIDTH));
    } else {
        println!("{intro}\n");
    }
}

/// Runs the plan with a progress bar on stderr, which also reports each disagreement.
fn run_with_bar(plan: &Plan) -> Report {
    let bar = progress::bar((plan.suite.len() * plan.configs.len()) as u64, "searches");
    let report = run_suite(
        &plan.suite,
        &plan.configs,
        &plan.options,
        &mut |progress| match progress {
            Progress::Searching {
                config,
                position,
                done,
                ..
            } => {
                bar.set_position(done as u64);
                bar.set_message(format!("{config} on {position}"));
            }
            Progress::Disagreement {
                config,
                position,
                detail,
            } => bar.println(format!("!!! DISAGREEMENT: {config} on {position}: {detail}")),
        },
    );
    bar.finish_and_clear();
    report
}

/// Prints the report in `format`; in the table and Markdown formats, the wall time since
/// `started` under it.
fn print_report(report: &Report, format: Format, options: &Options, started: Instant) {
    if format == Format::Table {
        print!("{}", render_terminal(report, options.per_position));
    } else {
        print!("{}", render(report, format));
    }
    if format == Format::Table || format == Format::Markdown {
        println!(
            "\nWall time {:.1} s (searches and reference checks).",
            started.elapsed().as_secs_f64()
        );
    }
}

/// Draws the report's plots into `dir`, saying what it wrote or why not.
fn write_plots(report: &Report, dir: &Path) {
    for (name, draw) in [
        (
            "nodes-per-position.svg",
            plot::nodes_per_position as fn(&_, &_) -> _,
        ),
        ("nodes-per-depth.svg", plot::nodes_per_depth),
    ] {
        let path = dir.join(name);
        match draw(report, &path) {
            Ok(()) => eprintln!("wrote {}", path.display()),
            Err(err) => eprintln!("error: {err}"),
        }
    }
}

/// Writes the report's summary into the book's section `name`, with the command of
/// `arguments`, unless the run was cut short or disagreed: whether nothing went wrong.
fn write_summary(
    report: &Report,
    name: &str,
    book: &Book,
    arguments: impl IntoIterator<Item = String>,
) -> bool {
    if report.interrupted.is_some() || report.disagreements() > 0 {
        eprintln!("not written into the book's section {name}: the run was cut short or disagreed");
        return true;
    }
    let command = example_command("compare", arguments);
    write_or_report(Some(book), name, &command, &markdown_summary(report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::Check;
    use crate::report::{Format, SUMMARY_COLUMNS, render};
    use crate::runner::{CheckOutcome, run};
    use clap::Parser;

    /// The options as the program parses them.
    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        options: Options,
    }

    fn options(args: &[&str]) -> Options {
        Args::try_parse_from(["compare"].iter().chain(args))
            .unwrap()
            .options
    }

    #[test]
    fn the_options_choose_the_plan() {
        let default = options(&[]).plan().unwrap();
        assert_eq!(default.configs.len(), DEFAULT_CONFIGS.split(',').count());
        assert_eq!(default.options.depth_offset, Some(DEFAULT_OFFSET));
        let quick = options(&["--quick"]).plan().unwrap();
        assert_eq!(quick.suite.len(), QUICK_POSITIONS);
        assert_eq!(quick.options.depth_offset, Some(QUICK_OFFSET));
        // Named configurations run at their own offsets (ab-v1: +2), unless one is given.
        let named = options(&["--configs", "ab-v1,exact"]).plan().unwrap();
        assert_eq!(named.options.depth_offset, None);
        assert_eq!(named.description, "2 configuration(s) on 24 position(s).");
        let offset = options(&[
            "--configs",
            "ab-v1",
            "--depth-offset",
            "-1",
            "--qs-check-depth",
            "1",
        ])
        .plan()
        .unwrap();
        assert_eq!(offset.options.depth_offset, Some(-1));
        assert_eq!(offset.options.quiescence_check_max_depth, 1);
        assert_eq!(
            options(&["--eval", "point-values"])
                .plan()
                .unwrap()
                .options
                .evaluation,
            Evaluation::PointValues
        );
        assert!(
            options(&["--time-budget", "5"])
                .plan()
                .unwrap()
                .options
                .deadline
                .is_some()
        );
    }

    /// Seen while writing the `lab_args` fuzz target, and a panic there: a budget longer than
    /// the clock counts
    /// (`--time-budget 1e19`) overflowed `Instant + Duration`, a panic.
    #[test]
    fn a_budget_beyond_the_clock_never_runs_out() {
        for budget in ["1e19", "1e300"] {
            let plan = options(&["--quick", "--time-budget", budget]).plan().unwrap();
            assert!(plan.options.deadline.is_none(), "{budget}");
        }
    }

    #[test]
    fn bad_options_are_clear_errors() {
        let unknown = options(&["--configs", "ab-v9"]).plan().unwrap_err();
        assert!(unknown.contains("ab-v9"), "{unknown}");
        let shallow = options(&["--depth-offset", "-9"]).plan().unwrap_err();
        assert!(shallow.starts_with("depth offset -9 takes "), "{shallow}");
        for bad in ["-1", "nan", "inf"] {
            let budget = Args::try_parse_from(["compare", &format!("--time-budget={bad}")]);
            let error = budget
                .err()
                .unwrap_or_else(|| panic!("--time-budget={bad} accepted"));
            assert!(error.to_string().contains("0 or more"), "{error}");
        }
        let missing = options(&["--suite", "/nonexistent/suite.epd"])
            .plan()
            .unwrap_err();
        assert!(
            missing.starts_with("cannot read /nonexistent/suite.epd"),
            "{missing}"
        );
        assert!(Args::try_parse_from(["compare", "--quick", "--full"]).is_err());
    }

    #[test]
    fn a_section_the_book_lacks_is_refused_before_the_run() {
        use crate::book::tests::TempDir;
        let dir = TempDir::new();
        dir.write(
            "page.md",
            "<!-- generated: compare-default by `x` -->\nold\n<!-- end: compare-default -->\n",
        );
        let path = dir.0.display().to_string();
        let args = ["--book", "exact-features", "--book-dir", &path];
        // The default plan would take seconds: the check comes first, and the page is untouched.
        assert_eq!(
            super::run(&options(&args), args.map(String::from)),
            ExitCode::from(2)
        );
        let missing = ["--book", "compare-default", "--book-dir", "/nonexistent/book"];
        assert_eq!(
            super::run(&options(&missing), missing.map(String::from)),
            ExitCode::from(2)
        );
        assert!(Args::try_parse_from(["compare", "--book-dir", "/tmp"]).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.0.join("page.md")).unwrap(),
            "<!-- generated: compare-default by `x` -->\nold\n<!-- end: compare-default -->\n"
        );
    }

    #[test]
    fn the_list_names_every_configuration_and_feature() {
        let list = list();
        assert!(
            list.starts_with("Configurations (--configs NAME,NAME,...):\n"),
            "{list}"
        );
        for config in registry() {
            assert!(
                list.contains(&format!("  {:<13} offset", config.name)),
                "{}",
                config.name
            );
        }
        assert_eq!(list.lines().count(), registry().len() + 3 + feature_help().len());
    }

    #[test]
    fn an_offset_below_depth_1_is_refused_with_the_position_named() {
        let mut plan = default_plan().unwrap();
        assert_eq!(plan.check_depths(), Ok(()));
        plan.options.depth_offset = Some(-4);
        assert_eq!(
            plan.check_depths(),
            Ok(()),
            "the shallowest thesis positions have depth 5"
        );
        plan.options.depth_offset = Some(-9);
        let error = plan.check_depths().unwrap_err();
        assert!(error.starts_with("depth offset -9 takes "), "{error}");
        assert!(error.contains("(depth 5) to depth -4 for ab-v1"), "{error}");
    }

    #[test]
    fn the_default_plan_parses() {
        let plan = default_plan().unwrap();
        assert_eq!(plan.suite.len(), 24);
        assert_eq!(plan.configs.len(), DEFAULT_CONFIGS.split(',').count());
    }

    /// What CI's `compare --quick` asserts, through the library: every configuration ran every
    /// position, every exact one (quiescence ones included) agreed with its reference, and the
    /// table has every column. Most of a minute in the dev profile: a heavy check, run by CI in
    /// release mode (see the README); the normal suite runs the plan one ply shallower.
    #[test]
    #[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
    fn the_quick_run_is_complete_and_exact_configurations_agree() {
        quick_run_on(QUICK_POSITIONS, QUICK_OFFSET);
    }

    /// The normal suite's share: the quick plan one ply shallower.
    #[test]
    fn the_quick_run_one_ply_shallower_is_complete_and_exact_configurations_agree() {
        quick_run_on(QUICK_POSITIONS, QUICK_OFFSET - 1);
    }

    fn quick_run_on(positions: usize, offset: i32) {
        let mut plan = quick_plan();
        plan.suite.truncate(positions);
        plan.options.depth_offset = Some(offset);
        let report = run(&plan.suite, &plan.configs, &plan.options, &mut |_| {});
        assert_eq!(report.interrupted, None);
        assert_eq!(report.disagreements(), 0, "{}", render(&report, Format::Table));
        assert_eq!(report.configs.len(), registry().len());
        for config in &report.configs {
            assert_eq!(config.positions.len(), positions, "{}", config.name);
            for p in &config.positions {
                let expected_checked = config.check != Check::None;
                assert_eq!(
                    p.check == CheckOutcome::Agreed,
                    expected_checked,
                    "{} {}",
                    config.name,
                    p.label
                );
            }
        }
        let table = render(&report, Format::Table);
        for column in SUMMARY_COLUMNS {
            assert!(table.contains(column), "{column}");
        }
    }
}
