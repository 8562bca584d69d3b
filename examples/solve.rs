//! Settles a position of one of the project's games with the solver
//! ([`search_core::solve::Solver`]): its exact value with perfect play, and a best move. Progress
//! on stderr; Ctrl-C stops with the bounds proven so far.
//!
//! ```text
//! cargo run --release --example solve -- kalah 6 4                 # first player wins by 10
//! cargo run --release --example solve -- --memory 8192 kalah 6 5   # by 12, in about 7 minutes
//! cargo run --release --example solve -- connect-four --weak       # first player wins, column 4
//! cargo run --release --example solve -- connect-four 4453 --each-move  # every move's value
//! cargo run --release --example solve -- dots 2x3
//! cargo run --release --example solve -- tictactoe
//! cargo run --release --example solve -- nim 3,4,5
//! cargo run --release --example solve -- help kalah                # a game's options
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::solve::{Options, run};

#[derive(Parser)]
#[command(about = "Settle a position of one of the games: its value with perfect play and a best move")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options, std::env::args().skip(1))
}
