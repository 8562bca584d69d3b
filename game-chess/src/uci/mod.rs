//! The UCI protocol (Universal Chess Interface, Stefan Meyer-Kahlen, 2004), both ways:
//!
//! - [`Command`]: what a GUI sends, parsed from a line with a clear [`CommandError`];
//! - [`Info`] and [`EngineMessage`]: what an engine sends, formatted by our engine and parsed by
//!   a client (the UCI client of the lab, `game-search-lab`, which drives external engines such
//!   as Stockfish; and the engine's own tests, which read its output);
//! - [`Clock`] and [`TimeBudget`]: time management for games on a clock;
//! - [`UciEngine`] and [`EngineOptions`]: our UCI engine (the `game-search-uci` binary), its
//!   state machine and its options.
//!
//! Moves stay as UCI text at this level: whether one is legal depends on the position, which the
//! code that applies the command checks.

mod command;
mod engine;
mod message;
mod options;
mod time;

pub use command::{Command, CommandError, GoParams, StartPosition};
pub use engine::{
    BENCH_DEPTH, CURRMOVE_AFTER, DEPTH_ONE_NODES, ENGINE_AUTHOR, ENGINE_NAME, Flow, UciEngine, bench,
};
pub use message::{EngineMessage, Info, InfoScore, MessageError};
pub use options::{
    Algorithm, ChessEngine, EngineOptions, MAX_HASH_MIB, MAX_MCTS_CUTOFF, MAX_MCTS_EXPLORATION,
    MAX_MOVE_OVERHEAD_MS, MAX_MULTI_PV, OptionEffect, chess_search,
};
pub use time::{ASSUMED_MOVES_TO_GO, Clock, SoftClock, TimeBudget};
