//! Solves `Kalah(m, n)` from the start with the game's own solver
//! ([`games::kalah::Oracle`](game_search::games::kalah::Oracle), a memoised search sharing
//! nothing with the project's searchers) and prints the results next to Irving, Donkers &
//! Uiterwijk (2000), "Solving Kalah", Tables 9 and 10; where a search to the end is small enough,
//! the project's alpha-beta (negamax form) and two-sided alpha-beta too.
//!
//! ```text
//! cargo run --release --example kalah_table                 # every shape with m * n <= 12
//! cargo run --release --example kalah_table -- --shapes 3x5 4x4   # chosen shapes (minutes, GBs)
//! cargo run --release --example kalah_table -- --book       # and into the book's kalah-table
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::kalah_table::{Options, run};

#[derive(Parser)]
#[command(about = "Kalah(m, n) solved from the start, next to the paper's tables")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options, std::env::args().skip(1))
}
