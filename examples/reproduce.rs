//! Regenerate the book's lab tables in one command: the thesis's node tables (`compare`'s
//! default run and the feature-by-feature table), the thesis's play experiments (Tables 3, 5 and
//! 7) with its own protocol and with 50 balanced openings, and Calderan's Table I (time and
//! nodes per move, minimax against alpha-beta), Table II (point values against piece-square
//! tables) and mate-in-3 protocol (against Stockfish). Every game of these is played at a fixed
//! depth, so every figure is the same on every run and machine except the times.
//!
//! With `--tables all` (or `strength,suites`), also the UCI engine's strength tables: its matches
//! against Stockfish, Phalanx and Sjeng on the clock and its test-suite scores against Stockfish
//! and Toga II, played by the python-chess scripts in `game-chess/tests/python` (hours; they need
//! python-chess and Debian's `stockfish phalanx sjeng toga2`; their figures vary from run to run);
//! and the book's other tables, made by the workspace's other programs through cargo, as they
//! print them: the Kalah solver's table, the minimal tree, the benchmarks (`small_games`,
//! `per_node`, `mcts`), the MCTS matches and the chance-node table and match (`kalah`,
//! `minimal-tree`, `small-games`, `per-node`, `mcts-bench`, `mcts-play`, `chance`).
//!
//! ```text
//! cargo run --release --example reproduce -- --quick                  # CI: every table, small (a minute)
//! cargo run --release --example reproduce                             # the lab's tables (11 min on 2 cores)
//! cargo run --release --example reproduce -- --book                   # and each into its section of the book
//! cargo run --release --example reproduce -- --tables all             # and the strength tables (hours)
//! cargo run --release --example reproduce -- --tables t3,t5,t7 --protocol paper --base-depth 3
//! cargo run --release --example reproduce -- --tables c1,c2,mate3 --time-budget 1800
//! ```
//!
//! Output: Markdown on stdout, a progress bar on stderr; with `--book`, every table also written
//! into its section of the book (book/src), each with the command that makes it alone (see the
//! book's "Reproducing the tables").
//! Exit status: 0; 1 if a mate-in-3 puzzle was not mated, our engine made a protocol error, an
//! illegal move or lost on time, or a table could not be written into the book; 2 on bad input
//! (a section the book does not have among it); 130 on Ctrl-C.

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::reproduce::{Options, TABLES, run};

/// Regenerate the book's lab tables (Markdown on stdout; with --book, into the book's pages).
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    #[command(flatten)]
    options: Options,

    /// List the tables and exit.
    #[arg(long)]
    list: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        for (name, what) in TABLES {
            println!("{name:<13} {what}");
        }
        return ExitCode::SUCCESS;
    }
    run(&args.options, std::env::args().skip(1))
}
