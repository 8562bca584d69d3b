//! Dots and Boxes in the terminal, against a perfect player on small boards: a thin front-end
//! over [`games::dots_and_boxes`](game_search::games::dots_and_boxes).
//!
//! ```text
//! cargo run --release --example dots_and_boxes                      # 2 x 2 boxes, you move first
//! cargo run --release --example dots_and_boxes -- --rows 2 --cols 3 # a larger board
//! cargo run --release --example dots_and_boxes -- --second          # the computer moves first
//! ```
//!
//! Type a line as its two dots (`a1 b1` or `a1-a2`); `q` quits. Completing a box gives you
//! another move. Bad input (not two dots, off the board, not neighbours, already drawn, a line
//! that is not UTF-8) is refused with the reason, and you are asked again.
//!
//! Up to 2 x 3 boxes the computer plays perfectly ([`Oracle`]); on larger boards it searches
//! `--depth` plies with the reference alpha-beta (which honours extra turns).

use std::io;

use clap::Parser;
use game_search::games::dots_and_boxes::{DotsAndBoxes, Line, MAX_SIDE, Oracle};
use game_search::games::prompt::{Answer, ask};
use game_search::search_core::reference::AlphaBeta;
use game_search::search_core::{Game, Limits, MoveList, Player, Searcher};

#[derive(Parser)]
#[command(about = "Play Dots and Boxes: complete a box to move again; most boxes wins")]
struct Args {
    /// Boxes per column.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    rows: u8,
    /// Boxes per row.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    cols: u8,
    /// Let the computer move first.
    #[arg(long)]
    second: bool,
    /// The search depth on boards too large for the perfect player.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
}

/// The computer's line: the oracle's best on small boards, alpha-beta's otherwise.
fn computer_line(position: &DotsAndBoxes, oracle: Option<&mut Oracle>, depth: u32) -> Line {
    let Some(oracle) = oracle else {
        let result = AlphaBeta::new(DotsAndBoxes::evaluate_lead).search(position, &Limits::depth(depth));
        return result.best_move.expect("an unfinished game has a move");
    };
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    let value = |line: Line, oracle: &mut Oracle| {
        let child = position.play(line);
        let margin = oracle.margin(&child);
        if child.to_move() == position.to_move() {
            margin
        } else {
            -margin
        }
    };
    let mut best = moves[0];
    let mut best_value = value(best, oracle);
    for &line in &moves[1..] {
        let line_value = value(line, oracle);
        if line_value > best_value {
            (best, best_value) = (line, line_value);
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
    let mut position = DotsAndBoxes::new(args.rows, args.cols).expect("the sizes are checked by clap");
    let mut oracle = (position.lines() <= 17).then(Oracle::new);
    let mut input = io::stdin().lock();
    println!("Your boxes are marked {}.\n", if args.second { "O" } else { "X" });
    while !position.is_over() {
        println!("{position}");
        if position.to_move() == human {
            let line = match ask(&mut input, "Your line (two dots, q to quit): ")? {
                Answer::Move(line) => line,
                Answer::Again => continue,
                Answer::Quit => return Ok(()),
            };
            match position.parse_line(&line) {
                Ok(line) => position = position.play(line),
                Err(error) => println!("{error}. Try again.\n"),
            }
        } else {
            let line = computer_line(&position, oracle.as_mut(), args.depth);
            println!("I draw {}.\n", position.line_name(line));
            position = position.play(line);
        }
    }
    println!("{position}");
    let (mine, yours) = (position.boxes(human.opponent()), position.boxes(human));
    println!(
        "{} ({yours} boxes to {mine}).",
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
