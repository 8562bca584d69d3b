//! The lab's library: what the lab programs in the repository's `examples/` (`compare`, `versus`,
//! `reproduce`, ...) and its benches share, kept here so that it is unit-tested and the programs
//! stay thin. It is a tool of the repository (it reads the data files and scripts of
//! `game-chess/tests/`), not published.
//!
//! - [`configs`]: the named searcher configurations (the thesis's and the project's) and
//!   `engine:` feature lists;
//! - [`runner`]: runs configurations over a suite, checking exact ones against a reference;
//! - [`report`]: the results as a table, Markdown, CSV or JSON;
//! - [`terminal`]: the table wrapped for an ordinary terminal (`compare`'s default output);
//! - [`plot`]: SVG plots of the results;
//! - [`compare`]: the `compare` program: its plans (default, quick, full), options and run;
//! - [`progress`]: the long programs' progress bar and Ctrl-C;
//! - [`elo`]: match scores and Elo differences;
//! - [`players`], [`matches`](mod@matches) and [`pgn`]: chess games and matches between
//!   searchers and engines, and [`versus`]: the `versus` program over them;
//! - [`peer`]: the `minimax` crate on this project's games, the peer the benchmarks compare with;
//! - [`mcts_versus`]: the `mcts_versus` program: MCTS, the engine, expectiminimax and the peer's
//!   MCTS in play on small games;
//! - [`reproduce`]: the `reproduce` program: the papers' play and timing experiments, the UCI
//!   engine's strength tables (through the python-chess scripts) and the README's other tables;
//! - [`uci_client`]: drives external UCI engines (Stockfish, or our own binary) for the matches.

#![warn(missing_docs)]

pub mod analyze;
pub mod compare;
pub mod configs;
pub mod elo;
pub mod kalah_table;
pub mod matches;
pub mod mcts_versus;
pub mod minimal_tree;
pub mod peer;
pub mod pgn;
pub mod players;
pub mod plot;
pub mod progress;
pub mod report;
pub mod reproduce;
pub mod runner;
pub mod star_table;
pub mod terminal;
pub mod trace;
pub mod uci_client;
pub mod versus;
