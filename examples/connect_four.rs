//! Connect Four in the terminal, against the engine: a thin front-end over
//! [`games::connect_four`](game_search::games::connect_four).
//!
//! ```text
//! cargo run --release --example connect_four                 # you move first
//! cargo run --release --example connect_four -- --second     # the computer moves first
//! cargo run --release --example connect_four -- --depth 10   # a stronger opponent
//! ```
//!
//! Type a column number (1-7) and Enter; `q` quits. A number off the board, a full column, text
//! that is not a number or a line that is not UTF-8 is refused with the reason, and you are asked
//! again.

use std::io;

use clap::Parser;
use game_search::games::connect_four::{ConnectFour, OpenWindows};
use game_search::games::prompt::{Answer, ask};
use game_search::search_core::engine::{Config, Engine};
use game_search::search_core::{Game, Limits, Player, Searcher};

#[derive(Parser)]
#[command(about = "Play Connect Four against the engine")]
struct Args {
    /// Let the computer move first.
    #[arg(long)]
    second: bool,
    /// The computer's search depth in plies.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=42))]
    depth: u32,
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    // The exact engine (alpha-beta's value, with iterative deepening, a transposition table,
    // centre-first ordering, killers, history and PVS to get there in fewer nodes) and
    // quiescence search, so that no win or forced block hides just beyond its horizon.
    let exact_with_quiescence = Config::exact().with("qs").expect("a valid configuration");
    let mut computer = Engine::with_config(OpenWindows::new(), exact_with_quiescence);
    let mut position = ConnectFour::new();
    let mut input = io::stdin().lock();
    println!(
        "You are {}. Drop a stone with a column number.\n",
        if args.second { "O" } else { "X" }
    );

    while !position.is_over() {
        println!("{position}");
        if position.to_move() == human {
            let line = match ask(&mut input, "Your move (1-7, q to quit): ")? {
                Answer::Move(line) => line,
                Answer::Again => continue,
                Answer::Quit => return Ok(()),
            };
            match position.parse_move(&line) {
                Ok(column) => position = position.play(column),
                Err(error) => println!("{error}. Try again.\n"),
            }
        } else {
            let result = computer.search(&position, &Limits::depth(args.depth));
            let column = result.best_move.expect("an unfinished game has a move");
            println!(
                "I drop in column {column} ({}, {} nodes).\n",
                result.score, result.stats.nodes
            );
            position = position.play(column);
        }
    }
    println!("{position}");
    if let Some(winner) = position.winner() {
        println!("{}", if winner == human { "You win!" } else { "I win." });
    } else {
        println!("A draw: the board is full.");
    }
    Ok(())
}
