//! The node reductions of Star1 and Star2 (Ballard 1983) against expectiminimax, on Ballard's
//! regular *-minimax trees and on EinStein würfelt nicht! positions: the book's table (Chance
//! nodes).
//!
//! ```text
//! cargo run --release --example star_table              # the book's table
//! cargo run --release --example star_table -- --quick   # fewer trees and positions
//! cargo run --release --example star_table -- --book    # and into the book's star-table
//! ```
//!
//! Every searcher's value is asserted equal to expectiminimax's (the two-sided `Minimax`, which
//! takes the weighted mean at chance nodes) before its nodes are counted: a row is printed only if
//! every column searched the same value.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::star_table::{Options, run};

#[derive(Parser)]
#[command(about = "Star1 and Star2 against expectiminimax: nodes searched, same values")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options, std::env::args().skip(1))
}
