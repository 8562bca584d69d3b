//! Draw the trees that searchers walk, side by side: two-sided minimax, two-sided alpha-beta, the
//! engine (plain alpha-beta in negamax form with order hints, killers and a transposition table)
//! and Monte Carlo tree search (300 iterations: its most visited nodes, with their visit counts
//! `n=`) on the same position — the pictures a teacher puts on a slide.
//!
//! ```text
//! cargo run --release --example trace                                  # every scenario, DOT files in trace-out/
//! cargo run --release --example trace -- textbook --format svg         # needs Graphviz's `dot`
//! cargo run --release --example trace -- chess --format png --out /tmp/pics
//! cargo run --release --example trace -- tictactoe --format text      # to the terminal
//! ```
//!
//! Scenarios: `textbook` (a best-first random tree of branching 3 and depth 3: alpha-beta visits
//! exactly Knuth & Moore's minimal tree), `tictactoe` (a middle-game position searched to the
//! end) and `chess` (a king and pawn ending at depth 2). Pruned moves are dashed and grey, with
//! the reason; the principal variation is red. The minimax searchers show absolute values (the
//! first player's view); the engine shows side-to-move (negamax) values; MCTS shows each node's
//! mean reward for the player who moved into it (`2q - 1` in thousandths; a proof as a won, lost
//! or drawn result) and marks proven nodes `proven`. Each tree is capped at
//! `--max-nodes` nodes: past it the picture says it was truncated.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::trace::{Options, run};

#[derive(Parser)]
#[command(about = "Draw the search trees of minimax, alpha-beta and the engine side by side")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options)
}
