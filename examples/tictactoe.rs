//! Play tic-tac-toe against a perfect player (alpha-beta searching to the end of the game).
//!
//! ```text
//! cargo run --release --example tictactoe            # you are X and move first
//! cargo run --release --example tictactoe -- --play o # you are O
//! ```
//!
//! Type a cell number (1-9, laid out like a telephone keypad) and Enter; `q` quits. Bad input
//! (not a number, off the board, a taken cell) is refused with the reason, and you are asked
//! again.

use std::io::{self, BufRead};

use game_search::games::prompt::{Answer, ask};

use clap::{Parser, ValueEnum};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::search_core::{Game, Limits, Player, Searcher, reference::AlphaBeta};

#[derive(Parser)]
#[command(about = "Play tic-tac-toe against a perfect player")]
struct Args {
    /// The side you play: X moves first.
    #[arg(long, value_enum, default_value = "x")]
    play: Side,
}

#[derive(Clone, Copy, ValueEnum)]
enum Side {
    X,
    O,
}

fn main() -> io::Result<()> {
    play(&Args::parse(), io::stdin().lock())
}

/// One game against the player typing on `input`.
fn play(args: &Args, mut input: impl BufRead) -> io::Result<()> {
    let human = match args.play {
        Side::X => Player::First,
        Side::O => Player::Second,
    };
    let mut perfect = AlphaBeta::new(Heuristic);
    let mut position = TicTacToe::new();
    println!("You play {}. Cells are numbered like a keypad:\n", mark(human));

    while !position.is_over() {
        println!("{position}");
        if position.to_move() == human {
            let line = match ask(&mut input, "Your move (1-9, q to quit): ")? {
                Answer::Move(line) => line,
                Answer::Again => continue,
                Answer::Quit => return Ok(()),
            };
            match position.parse_move(&line) {
                Ok(cell) => position = position.play(cell),
                Err(error) => println!("{error}. Try again.\n"),
            }
        } else {
            let result = perfect.search(&position, &Limits::depth(9));
            let cell = result.best_move.expect("an unfinished game has a move");
            println!(
                "I play {cell} ({}, {} nodes searched).\n",
                verdict(result.score.raw()),
                result.stats.nodes
            );
            position = position.play(cell);
        }
    }

    println!("{position}");
    match position.winner() {
        Some(winner) if winner == human => println!("You win!"),
        Some(_) => println!("I win."),
        None => println!("A draw: the best anyone can do against perfect play."),
    }
    Ok(())
}

fn mark(player: Player) -> &'static str {
    match player {
        Player::First => "X",
        Player::Second => "O",
    }
}

/// How the perfect player sees the game after its own search.
fn verdict(score: i32) -> &'static str {
    match score.signum() {
        1 => "I am winning",
        -1 => "I am losing",
        _ => "a draw with best play",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
        // Issue 16: one stray byte ended the program with an error.
        let input: &[u8] = b"\xff\xfe\n5\nq\n";
        play(&Args { play: Side::X }, input).expect("the game goes on");
    }
}
