//! The lab: run named searcher configurations over a suite of chess positions and compare the
//! thesis's figures (nodes, leaf share, branching factor, time), checking exact configurations
//! against the reference searchers on the fly.
//!
//! ```text
//! cargo run --release --example compare                        # the default run, ~2 minutes
//! cargo run --release --example compare -- --list              # every configuration name
//! cargo run --release --example compare -- --quick             # CI's smoke test, seconds
//! cargo run --release --example compare -- --configs ab-v1,nm-r2,engine:id+tt+killers+pvs --depth-offset 1
//! cargo run --release --example compare -- --per-position        # also every position's move and value
//! cargo run --release --example compare -- --format markdown --plot plots/
//! cargo run --release --example compare -- --full --time-budget 3600
//! ```
//!
//! Exit status: 0, or 1 if an exact configuration disagreed with the reference, 2 on bad input,
//! 130 when stopped by Ctrl-C (after printing the partial table).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::Parser;
use game_chess::Evaluation;
use game_search_lab::compare::{Plan, default_plan, full_plan, quick_plan};
use game_search_lab::configs::{Config, feature_help, registry};
use game_search_lab::plot;
use game_search_lab::report::{Format, render};
use game_search_lab::runner::{Progress, parse_suite, run, thesis_suite};
use game_search_lab::terminal::{WIDTH, render_terminal, wrap_words};
use indicatif::{ProgressBar, ProgressStyle};

/// Compare game-tree searcher configurations on chess positions.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// An EPD file of positions, each with an `acd` depth (default: the thesis's 24, embedded).
    #[arg(long, value_name = "FILE")]
    suite: Option<PathBuf>,

    /// Added to every position's depth (default: each configuration's thesis offset, or the
    /// plan's).
    #[arg(long, allow_hyphen_values = true, value_name = "N")]
    depth_offset: Option<i32>,

    /// Configurations, comma-separated: names from --list, or engine:FEATURE+FEATURE+...
    #[arg(long, value_name = "A,B,...")]
    configs: Option<String>,

    /// The evaluation: point-values, thesis-material, simplified-pst, thesis-pst or tapered.
    #[arg(long = "eval", default_value_t = Evaluation::Tapered, value_name = "NAME")]
    evaluation: Evaluation,

    /// Output format: table, markdown, csv or json.
    #[arg(long, default_value = "table", value_parser = clap::value_parser!(String))]
    format: String,

    /// Write SVG plots (nodes per position, nodes per depth) into this directory.
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,

    /// CI's smoke test: every configuration, 4 positions, small depths, every exact one checked.
    #[arg(long, conflicts_with = "full")]
    quick: bool,

    /// The full thesis reproduction: every configuration at the thesis's depths (hours).
    #[arg(long)]
    full: bool,

    /// Stop after this many seconds and print the partial table.
    #[arg(long, value_name = "SECONDS")]
    time_budget: Option<f64>,

    /// Check quiescence configurations against the brute-force reference up to this depth.
    #[arg(long, value_name = "N")]
    qs_check_depth: Option<u32>,

    /// Also print the best move and root value of every configuration on every position (the
    /// plain-text table wraps it into several of at most 100 columns).
    #[arg(long)]
    per_position: bool,

    /// List the configurations and engine features, and exit.
    #[arg(long)]
    list: bool,
}

fn list() {
    println!("Configurations (--configs NAME,NAME,...):");
    for config in registry() {
        println!(
            "  {:<13} offset {:+}  {}",
            config.name,
            config.offset(None),
            config.description
        );
    }
    println!(
        "\nOr an engine configuration, engine:FEATURE+FEATURE+... (e.g. engine:v1+id+tt+killers+pvs+null=r2), with:"
    );
    for line in feature_help() {
        println!("  {line}");
    }
}

fn plan(args: &Args) -> Result<Plan, String> {
    let mut plan = if args.quick {
        quick_plan()
    } else if args.full {
        full_plan()
    } else {
        default_plan().map_err(|e| e.to_string())?
    };
    if let Some(path) = &args.suite {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        plan.suite = parse_suite(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        plan.description = format!("Suite {} ({} positions).", path.display(), plan.suite.len());
    }
    if let Some(names) = &args.configs {
        plan.configs = Config::parse_list(names).map_err(|e| e.to_string())?;
        // Named configurations run at their own offsets unless one is given.
        if !args.quick {
            plan.options.depth_offset = None;
        }
        plan.description = format!(
            "{} configuration(s) on {} position(s).",
            plan.configs.len(),
            plan.suite.len()
        );
    }
    if args.depth_offset.is_some() {
        plan.options.depth_offset = args.depth_offset;
    }
    if let Some(depth) = args.qs_check_depth {
        plan.options.quiescence_check_max_depth = depth;
    }
    plan.check_depths()?;
    plan.options.evaluation = args.evaluation;
    if let Some(seconds) = args.time_budget {
        let budget =
            Duration::try_from_secs_f64(seconds).map_err(|e| format!("bad --time-budget {seconds}: {e}"))?;
        plan.options.deadline = Some(Instant::now() + budget);
    }
    Ok(plan)
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        list();
        return ExitCode::SUCCESS;
    }
    let format: Format = match args.format.parse() {
        Ok(format) => format,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    let plan = match plan(&args) {
        Ok(plan) => plan,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    let stop = plan.options.stop.clone();
    if let Err(err) = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will not stop cleanly: {err}");
    }
    if let Some(dir) = &args.plot
        && let Err(err) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {err}", dir.display());
        return ExitCode::from(2);
    }

    let offsets = plan
        .options
        .depth_offset
        .map_or_else(|| "each configuration's own".to_string(), |o| format!("{o:+}"));
    if format == Format::Table || format == Format::Markdown {
        let intro = format!(
            "{} Evaluation {}; depth offset {offsets}; positions: {}; reference: alpha-beta \
             (minimax-exact) and minimax+quiescence up to depth {}.",
            plan.description,
            plan.options.evaluation,
            if plan.suite.len() == thesis_suite().len() && args.suite.is_none() {
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

    let bar = ProgressBar::new((plan.suite.len() * plan.configs.len()) as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} searches  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let started = Instant::now();
    let report = run(
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

    if format == Format::Table {
        print!("{}", render_terminal(&report, args.per_position));
    } else {
        print!("{}", render(&report, format));
    }
    if format == Format::Table || format == Format::Markdown {
        println!(
            "\nWall time {:.1} s (searches and reference checks).",
            started.elapsed().as_secs_f64()
        );
    }
    if let Some(dir) = &args.plot {
        for (name, draw) in [
            (
                "nodes-per-position.svg",
                plot::nodes_per_position as fn(&_, &_) -> _,
            ),
            ("nodes-per-depth.svg", plot::nodes_per_depth),
        ] {
            let path = dir.join(name);
            match draw(&report, &path) {
                Ok(()) => eprintln!("wrote {}", path.display()),
                Err(err) => eprintln!("error: {err}"),
            }
        }
    }
    if report.disagreements() > 0 {
        eprintln!(
            "error: {} disagreement(s) with the reference",
            report.disagreements()
        );
        ExitCode::FAILURE
    } else if plan.options.stop.load(Ordering::Relaxed) {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    }
}
