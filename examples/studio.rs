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
//! `studio/src/API.md` for its JSON API. The same program is the `game-search-studio` crate's
//! binary (`cargo install game-search-studio`): both are `game_search_studio::cli::main`.

use std::process::ExitCode;

fn main() -> ExitCode {
    game_search_studio::cli::main()
}
