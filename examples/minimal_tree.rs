//! Knuth and Moore's minimal alpha-beta tree for the thesis's 24 positions, next to what the exact
//! engine searches.
//!
//! ```text
//! cargo run --release --example minimal_tree             # the table, in Markdown
//! cargo run --release --example minimal_tree -- --book   # and into the book's minimal-tree
//! ```
//!
//! With perfect move ordering, alpha-beta on a uniform tree of branching `b` and depth `d` visits
//! `b^ceil(d/2) + b^floor(d/2) - 1` leaves (Knuth & Moore 1975), and the whole minimal tree is the
//! sum of that width over the levels `0..=d`. A chess tree is not uniform: this program takes, for
//! each position, the effective branching factor `b = perft(3)^(1/3)` (the geometric mean over
//! the first three plies), computes the minimal tree at the position's thesis depth, and prints it
//! next to the leaves and nodes of the engine's exact preset (iterative deepening, a same-depth
//! table, MVV-LVA, killers, history and PVS; every iteration counted).
//!
//! The estimate is an estimate (real trees are not uniform, and transpositions let a search with
//! a table go below it), but it gives the scale: it is what a perfect ordering would need without
//! a table, for the final iteration alone.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::minimal_tree::{Options, run};

#[derive(Parser)]
#[command(about = "Knuth and Moore's minimal tree for the thesis's 24 positions, beside the exact engine's")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options, std::env::args().skip(1))
}
