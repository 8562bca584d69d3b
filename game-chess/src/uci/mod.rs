//! The UCI protocol (Universal Chess Interface, Stefan Meyer-Kahlen, 2004), both ways:
//!
//! - [`Command`]: what a GUI sends, parsed from a line with a clear [`CommandError`];
//! - [`Info`] and [`EngineMessage`]: what an engine sends, formatted by our engine and parsed by
//!   our client (which drives external engines such as Stockfish);
//! - [`UciClient`]: drives an external engine process through the protocol, with timeouts;
//! - [`Clock`] and [`TimeBudget`]: time management for games on a clock.
//!
//! Moves stay as UCI text at this level: whether one is legal depends on the position, which the
//! code that applies the command checks.

mod client;
mod command;
mod message;
mod time;

pub use client::{ClientError, EngineMove, HANDSHAKE_TIMEOUT, UciClient, go_command};
pub use command::{Command, CommandError, GoParams, StartPosition};
pub use message::{EngineMessage, Info, InfoScore, MessageError};
pub use time::{ASSUMED_MOVES_TO_GO, Clock, TimeBudget};
