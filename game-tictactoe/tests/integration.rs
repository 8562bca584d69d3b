//! The integration tests of `game-tictactoe`, in one test binary: one build and link instead of
//! 5. Each module is the file of the same name beside this one, one concern per file; run one
//! with its name as the filter: `cargo test -p game-tictactoe --test integration perft::`.

mod engine_cross_check;
mod mcts;
mod perft;
mod reference_cross_check;
mod solve;
