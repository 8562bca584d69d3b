//! Analyse a chess position with one of the searchers and print score, best move, PV and
//! statistics.
//!
//! ```text
//! cargo run --release --example analyze -- startpos --searcher alphabeta --depth 5 --ordering v1
//! cargo run --release --example analyze -- "8/8/8/8/8/k1B5/BN6/K7 w - -" --depth 11 --ordering mvv-lva --eval point-values
//! cargo run --release --example analyze -- startpos --moves e2e4 e7e5 g1f3 --depth 4
//! cargo run --release --example analyze -- startpos --searcher strongest --depth 8 --ordering mvv-lva
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::analyze::{Options, run};

/// Analyse a chess position with a game-tree searcher.
#[derive(Debug, Parser)]
#[command(version, about = "Analyse a chess position with a game-tree searcher")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options)
}
