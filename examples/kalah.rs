//! Kalah (mancala) in the terminal: a thin front-end over
//! [`games::kalah`](game_search::games::kalah), with the rules of Irving, Donkers & Uiterwijk
//! (2000).
//!
//! ```text
//! cargo run --release --example kalah                        # Kalah(6, 4), you move first
//! cargo run --release --example kalah -- --houses 4 --seeds 3
//! cargo run --release --example kalah -- --second            # the computer moves first
//! ```
//!
//! Type the number of one of your houses (1 is the farthest from your store, on the left of
//! your row); `q` quits. Sowing your last seed into your store gives you another move; into an
//! empty house of yours, captures it and the opposite house. Bad input (not a number, no such
//! house, an empty house, a line that is not UTF-8) is refused with the reason, and you are asked
//! again.
//!
//! On small games (houses x seeds up to 12) the computer plays perfectly ([`Oracle`]); otherwise
//! it searches `--depth` plies with the reference alpha-beta (which honours extra turns).

use std::io;

use clap::Parser;
use game_search::games::kalah::{House, Kalah, MAX_HOUSES, MAX_SEEDS, Oracle};
use game_search::games::prompt::{Answer, ask};
use game_search::search_core::reference::AlphaBeta;
use game_search::search_core::{Game, Limits, MoveList, Player, Searcher};

#[derive(Parser)]
#[command(about = "Play Kalah: sow seeds, end in your store to move again, most seeds wins")]
struct Args {
    /// Houses a side.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=MAX_HOUSES as i64))]
    houses: u8,
    /// Seeds a house at the start.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=MAX_SEEDS as i64))]
    seeds: u8,
    /// Let the computer move first.
    #[arg(long)]
    second: bool,
    /// The search depth on games too large for the perfect player.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
}

/// The computer's house: the oracle's best on small games, alpha-beta's otherwise.
fn computer_house(position: &Kalah, oracle: Option<&mut Oracle>, depth: u32) -> House {
    let Some(oracle) = oracle else {
        let result = AlphaBeta::new(Kalah::evaluate_stores).search(position, &Limits::depth(depth));
        return result.best_move.expect("an unfinished game has a move");
    };
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    let value = |house: House, oracle: &mut Oracle| {
        let child = position.play(house);
        let margin = oracle.margin(&child);
        if child.to_move() == position.to_move() {
            margin
        } else {
            -margin
        }
    };
    let mut best = moves[0];
    let mut best_value = value(best, oracle);
    for &house in &moves[1..] {
        let house_value = value(house, oracle);
        if house_value > best_value {
            (best, best_value) = (house, house_value);
        }
    }
    best
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let mut position = Kalah::new(args.houses, args.seeds).expect("the sizes are checked by clap");
    let mut oracle = (args.houses * args.seeds <= 12).then(Oracle::new);
    let mut input = io::stdin().lock();
    println!(
        "You are the {} player.\n",
        if args.second {
            "second (top row, store on the left)"
        } else {
            "first (bottom row, store on the right)"
        }
    );
    while !position.is_over() {
        println!("{position}");
        if position.to_move() == human {
            let line = match ask(
                &mut input,
                &format!("Your house (1-{}, q to quit): ", args.houses),
            )? {
                Answer::Move(line) => line,
                Answer::Again => continue,
                Answer::Quit => return Ok(()),
            };
            match position.parse_move(&line) {
                Ok(house) => position = position.play(house),
                Err(error) => println!("{error}. Try again.\n"),
            }
        } else {
            let house = computer_house(&position, oracle.as_mut(), args.depth);
            let next = position.play(house);
            let again = if next.to_move() == position.to_move() && !next.is_over() {
                ", and I move again"
            } else {
                ""
            };
            println!("I sow house {house}{again}.\n");
            position = next;
        }
    }
    println!("{position}");
    let (yours, mine) = (position.store(human), position.store(human.opponent()));
    println!(
        "{} ({yours} seeds to {mine}).",
        if yours > mine {
            "You win!"
        } else if yours < mine {
            "I win."
        } else {
            "A draw."
        }
    );
    Ok(())
}
