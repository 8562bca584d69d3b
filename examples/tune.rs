//! Texel's tuning of the classical evaluation: every weight fitted to the results of the
//! self-play games (`examples/selfplay.rs`), to the search scores of their positions
//! (`--score-weight`; Stockfish's, written by `game-chess/tests/python/relabel.py`, for the
//! weights the engine uses) or to a blend, quiet positions only, one game in ten held out;
//! writes `game-chess/src/eval/weights.rs` (rebuild to use them).
//!
//! ```text
//! cargo run --release --example tune                          # target/tuning/selfplay.txt
//! cargo run --release --example tune -- --score-weight 0.5    # the first fit (19 245 games)
//! cargo run --release --example tune -- --data target/tuning/selfplay76-sf.txt \
//!     --score-weight 1 --k 0.7535 --prior 1e-5   # the fit the engine uses (Stockfish's scores)
//! cargo run --release --example tune -- --data a.txt --data b.txt --epochs 5000
//! cargo run --release --example tune -- --dry-run --freeze material
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_search_lab::tune::{Options, run};

#[derive(Parser)]
#[command(about = "Tune the classical evaluation's weights on self-play games (Texel's method)")]
struct Args {
    #[command(flatten)]
    options: Options,
}

fn main() -> ExitCode {
    match run(&Args::parse().options, std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
