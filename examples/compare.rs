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
//! cargo run --release --example compare -- --book compare-default   # and into the book's section
//! ```
//!
//! Exit status: 0, or 1 if an exact configuration disagreed with the reference, 2 on bad input,
//! 130 when stopped by Ctrl-C (after printing the partial table).

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::compare::{Options, list, run};

/// Compare game-tree searcher configurations on chess positions.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    #[command(flatten)]
    options: Options,

    /// List the configurations and engine features, and exit.
    #[arg(long)]
    list: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        print!("{}", list());
        return ExitCode::SUCCESS;
    }
    run(&args.options, std::env::args().skip(1))
}
