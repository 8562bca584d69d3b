//! `game-search-uci`: the framework's chess engine, speaking UCI on stdin and stdout.
//!
//! Without arguments it reads UCI commands until `quit` or the end of input (which is `quit`: a
//! search in progress is stopped, its move printed, and the engine exits). With arguments,
//! they are one command, run before exiting: `game-search-uci bench [depth]` prints the bench
//! signature (total nodes over the 24 thesis positions) and the speed, as engines do.

use std::io::{self, BufReader};

use game_chess::uci::UciEngine;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mut engine = UciEngine::new(io::stdout());
    if arguments.is_empty() {
        engine.run(BufReader::new(io::stdin()));
    } else {
        engine.handle(&arguments.join(" "));
    }
}
