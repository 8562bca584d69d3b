//! Play searcher configurations, a random mover and external UCI engines against each other from
//! the thesis's three openings (or an EPD file), each opening with both colours, like the
//! thesis's Tables 3, 5 and 7. Writes PGN and prints the scores with Elo differences.
//!
//! ```text
//! cargo run --release --example versus -- ab-v1 nm-r2 --depth 4
//! cargo run --release --example versus -- thesis-final@thesis-pst nm-r2@thesis-pst --depth 4 --pgn games.pgn
//! cargo run --release --example versus -- strongest --engine /usr/games/stockfish \
//!     --option UCI_LimitStrength=true --option UCI_Elo=1400 --movetime 100
//! cargo run --release --example versus -- exact random:7 --nodes 20000
//! ```
//!
//! Players: a configuration name (`compare --list`) or `engine:` feature list, optionally with
//! `@EVALUATION`; `random` or `random:SEED`; `uci:PATH` (or `--engine PATH`). Every pair plays
//! every opening with both colours. An external engine that crashes, times out or sends an
//! illegal move loses that game by forfeit, and the match goes on.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::versus::{Options, run};

/// Play chess matches between searcher configurations and engines.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options)
}
