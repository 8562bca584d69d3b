//! The chess engine's match record as the book's tables: the self-play tests that kept or
//! dropped each change, and the matches against real engines, read from
//! `game-chess/tests/data/strength-record.jsonl` (where `match.py --record` appends them).
//!
//! ```text
//! cargo run --release --example strength_record            # print the tables
//! cargo run --release --example strength_record -- --book  # and write them into the book
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::strength_record::{Options, run};

#[derive(Parser)]
#[command(about = "The chess engine's match record as the book's tables")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    match run(&Args::parse().options, std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
