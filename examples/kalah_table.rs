//! Solves `Kalah(m, n)` from the start with the game's own solver
//! ([`games::kalah::Solver`](game_search::games::kalah::Solver), a memoised search sharing
//! nothing with the project's searchers) and prints the results next to Irving, Donkers &
//! Uiterwijk (2000), "Solving Kalah", Tables 9 and 10; where a search to the end is small enough,
//! the project's alpha-beta (negamax form) and two-sided alpha-beta too.
//!
//! ```text
//! cargo run --release --example kalah_table                 # every shape with m * n <= 12
//! cargo run --release --example kalah_table -- --shapes 3x5 4x4   # chosen shapes (minutes, GBs)
//! ```

use std::time::Instant;

use clap::Parser;
use game_search::games::kalah::{Kalah, PAPER_TABLE_9, Solver, paper_result, result_letter};
use game_search::search_core::reference::{AlphaBeta, AlphaBetaMinimax};
use game_search::search_core::{Limits, Searcher};

#[derive(Parser)]
#[command(about = "Kalah(m, n) solved from the start, next to the paper's tables")]
struct Args {
    /// Solve every shape with houses x seeds at most this.
    #[arg(long, default_value_t = 12)]
    max: u8,
    /// Also search with alpha-beta (both forms) to the end when houses x seeds is at most this.
    #[arg(long, default_value_t = 8)]
    searchers_max: u8,
    /// Only these shapes, as `MxN` (e.g. `3x5 4x4`), whatever `--max` says.
    #[arg(long, num_args = 1.., value_parser = parse_shape)]
    shapes: Vec<(u8, u8)>,
}

/// Parses `MxN`.
fn parse_shape(text: &str) -> Result<(u8, u8), String> {
    let (m, n) = text
        .split_once('x')
        .ok_or_else(|| format!("'{text}' is not MxN, like 4x3"))?;
    let number = |part: &str| {
        part.parse::<u8>()
            .map_err(|_| format!("'{text}' is not MxN, like 4x3"))
    };
    Ok((number(m)?, number(n)?))
}

fn main() {
    let args = Args::parse();
    println!("| Kalah(m, n) | solver | paper | alpha-beta | two-sided alpha-beta | positions | time |");
    println!("|---|---|---|---|---|---|---|");
    for m in 1..=6u8 {
        for n in 1..=6u8 {
            let chosen = if args.shapes.is_empty() {
                m * n <= args.max
            } else {
                args.shapes.contains(&(m, n))
            };
            if !chosen {
                continue;
            }
            let start = Kalah::new(m, n).expect("a valid size");
            let clock = Instant::now();
            let mut solver = Solver::new();
            let margin = solver.margin(&start);
            let elapsed = clock.elapsed();
            let paper_margin = PAPER_TABLE_9
                .iter()
                .find(|&&(pm, pn, _)| (pm, pn) == (m, n))
                .map(|&(_, _, margin)| format!(" {margin:+}"))
                .unwrap_or_default();
            let paper =
                paper_result(m, n).map_or("-".to_string(), |letter| format!("{letter}{paper_margin}"));
            let (alphabeta, two_sided) = if m * n <= args.searchers_max {
                let depth = Limits::depth(2 * u32::from(m) * u32::from(n) * u32::from(m) * 2 + 1);
                let one = AlphaBeta::new(Kalah::evaluate_stores)
                    .search(&start, &depth)
                    .score;
                let two = AlphaBetaMinimax::new(Kalah::evaluate_stores)
                    .search(&start, &depth)
                    .score;
                (format!("{one}"), format!("{two}"))
            } else {
                ("-".to_string(), "-".to_string())
            };
            println!(
                "| ({m}, {n}) | {} {margin:+} | {paper} | {alphabeta} | {two_sided} | {} | {:.1} s |",
                result_letter(margin),
                solver.positions(),
                elapsed.as_secs_f64()
            );
        }
    }
}
