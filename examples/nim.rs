//! Nim in the terminal, against a perfect player: a thin front-end over
//! [`games::nim`](game_search::games::nim).
//!
//! ```text
//! cargo run --release --example nim                   # heaps 3 4 5, you move first
//! cargo run --release --example nim -- 1 3 5 7        # your own heaps
//! cargo run --release --example nim -- --second 3 4 5 # the computer moves first
//! ```
//!
//! On your turn type a heap number and how many matches to take from it (`2 3`: three from heap
//! 2). Whoever takes the last match wins. Bad input (not two numbers, no such heap, too many, a
//! line that is not UTF-8) is refused with the reason, and you are asked again.

use std::io;

use clap::Parser;
use game_search::games::nim::{MAX_HEAP, Nim, perfect_player};
use game_search::games::prompt::{Answer, ask};
use game_search::search_core::{Game, Limits, MoveList, Player, Score, Searcher};

#[derive(Parser)]
#[command(about = "Play Nim against a perfect player: whoever takes the last match wins")]
struct Args {
    /// Let the computer move first.
    #[arg(long)]
    second: bool,
    /// The heap sizes.
    #[arg(default_values_t = [3, 4, 5], value_parser = clap::value_parser!(u8).range(0..=MAX_HEAP as i64))]
    heaps: Vec<u8>,
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    let mut position = match Nim::new(&args.heaps) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let mut perfect = perfect_player();
    let mut input = io::stdin().lock();
    loop {
        let heaps: Vec<String> = position.heaps().iter().map(u8::to_string).collect();
        println!("Heaps: {}", heaps.join(" "));
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if position.outcome(moves.len()).is_some() {
            let winner = position.to_move().opponent();
            println!(
                "{}",
                if winner == human {
                    "You took the last match: you win!"
                } else {
                    "I win."
                }
            );
            return Ok(());
        }
        if position.to_move() == human {
            let line = match ask(&mut input, "Your move (heap and count, q to quit): ")? {
                Answer::Move(line) => line,
                Answer::Again => continue,
                Answer::Quit => return Ok(()),
            };
            match position.parse_move(&line) {
                Ok(take) => position = position.play(take),
                Err(error) => println!("{error}. Try again."),
            }
        } else {
            let result = perfect.search(&position, &Limits::depth(position.matches()));
            let take = result.best_move.expect("an unfinished game has a move");
            let verdict = if result.score > Score::DRAW {
                "I will win"
            } else {
                "you can still win"
            };
            println!("I {take} ({verdict}).");
            position = position.play(take);
        }
    }
}
