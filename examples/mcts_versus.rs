//! Monte Carlo tree search in play: this project's `Mcts` (UCT with the MCTS-Solver) against the
//! alpha-beta engine and against the `minimax` crate's `MonteCarloTreeSearch`, on Connect Four,
//! Kalah and tic-tac-toe, at equal time or equal iterations per move.
//!
//! ```text
//! cargo run --release --example mcts_versus -- --game connect-four mcts engine --movetime 100 --games 100
//! cargo run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100
//! cargo run --release --example mcts_versus -- --game connect-four mcts peer --iterations 5000 --games 100
//! cargo run --release --example mcts_versus -- --game connect-four mcts peer --movetime 50 --games 100
//! cargo run --release --example mcts_versus -- --game einstein engine expectimax --movetime 100 --games 200
//! cargo run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100 --book mcts-versus-kalah
//! ```
//!
//! Players: `mcts` (ours: random playouts, exploration sqrt(2), the tree kept from move to move),
//! `engine` (`Engine::exact` with quiescence, iterative deepening to the time limit; Connect Four
//! with the open-windows evaluation, Kalah with the store difference, tic-tac-toe with the
//! lines heuristic, EinStein with its race evaluation and Star2 at the rolls), `peer` (the
//! `minimax` crate 0.6's MCTS, one thread, its default options; not on Kalah, whose extra turns
//! it cannot express: its players always alternate; nor on EinStein, which has dice),
//! `expectimax` (expectiminimax with iterative deepening: the engine with no feature but
//! iterative deepening, which searches every roll with the full window and so prunes nothing,
//! node for node the reference's tree; on time only). In EinStein the die is rolled from the
//! game's seed, the same rolls for both colours.
//!
//! Each game starts from an opening of `--opening-plies` random moves (seeded by the game's
//! number) and every opening is played twice, colours reversed. A player that returns no move in
//! a game that is not over forfeits it. Prints each game's result as it ends (stderr) and the
//! score of the first player with its Elo difference and 95% interval (stdout, Markdown; with
//! `--book NAME` also into the book's section NAME).
//! Exit status: 0; 2 on bad input.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::mcts_versus::{Options, run};

#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    run(&Args::parse().options, std::env::args().skip(1))
}
