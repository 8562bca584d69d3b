//! **The search studio**: watch and compare the project's searchers in the browser.
//!
//! ```text
//! cargo run --release --example studio                          # http://127.0.0.1:8080
//! cargo run --release --example studio -- --addr 127.0.0.1:9000
//! cargo run --release --example studio -- --max-nodes 1000000   # allow bigger searches
//! ```
//!
//! Pick a game (the textbook tree, tic-tac-toe, Nim, Connect Four, Kalah, chess from a FEN), a
//! position and one or two searchers (any reference searcher, the engine in any configuration
//! in its text form, MCTS); see the trees they walked side by side, step through them in visit
//! order, and play against any of them. The page is embedded in the binary: no network is
//! needed. The server listens only on the address given (loopback by default); see
//! `src/studio/API.md` for its JSON API.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_search::studio::{StudioLimits, serve};

#[derive(Parser)]
#[command(about = "The search studio: watch and compare searchers in the browser")]
struct Args {
    /// Where to listen (loopback by default; 0 as the port picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Worker threads: requests served at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    workers: u16,
    /// The most nodes one search may visit before it is refused.
    #[arg(long, default_value_t = StudioLimits::default().max_search_nodes,
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_nodes: u64,
    /// The most nodes drawn per tree (the rest is searched, not drawn, and the page says so).
    #[arg(long, default_value_t = StudioLimits::default().max_drawn_nodes as u64,
          value_parser = clap::value_parser!(u64).range(1..=200_000))]
    max_drawn: u64,
    /// The longest one search may take, in seconds.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    max_seconds: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let limits = StudioLimits {
        max_search_nodes: args.max_nodes,
        max_drawn_nodes: args.max_drawn as usize,
        max_time: Duration::from_secs(args.max_seconds),
        ..StudioLimits::default()
    };
    let served = serve(args.addr, usize::from(args.workers), limits, |bound| {
        println!("The search studio is at http://{bound}/ (Ctrl-C to stop)");
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("studio: {error}");
            ExitCode::FAILURE
        }
    }
}
