//! Self-play games of the UCI engine's search at a fixed number of nodes per move, written as
//! positions labelled with their game's result: the data the evaluation's tuner fits
//! (`examples/tune.rs`). Resumable: run it again to play the games the file does not hold yet.
//!
//! ```text
//! cargo run --release --example selfplay -- --games 20000 --nodes 10000
//! cargo run --release --example selfplay -- --games 2000 --option Evaluation=tapered --out target/tuning/tapered.txt
//! ```
//!
//! The file's format is in the lab's `selfplay` module documentation (`cargo doc -p
//! game-search-lab --open`).

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::selfplay::{Options, run};

#[derive(Parser)]
#[command(about = "Self-play games at fixed nodes, written as labelled positions for the evaluation's tuner")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    match run(&Args::parse().options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
