//! The lab's library: the programs in the repository's `examples/` that make the book's
//! figures (and write them into its pages: [`book`]), and what they and the benches share, kept here so that it is unit-tested and the
//! programs stay thin (each parses its arguments and calls its module's `run`). It is a tool of
//! the repository (it reads the data files and scripts of `game-chess/tests/` by path and runs
//! the workspace's programs through cargo), not published.
//!
//! Shared parts:
//!
//! - [`configs`]: the named searcher configurations (the thesis's and the project's) and
//!   `engine:` feature lists;
//! - [`runner`]: runs configurations over a suite, checking exact ones against a reference;
//! - [`report`]: the results as a table, Markdown, CSV or JSON;
//! - [`terminal`]: the table wrapped for an ordinary terminal (`compare`'s default output);
//! - [`plot`]: SVG plots of the results;
//! - [`progress`]: the long programs' progress bar and Ctrl-C;
//! - [`elo`]: match scores and Elo differences;
//! - [`players`], [`matches`](mod@matches) and [`pgn`]: chess games and matches between
//!   searchers and engines;
//! - [`uci_client`]: drives external UCI engines (Stockfish, or our own binary) for the matches;
//! - [`peer`]: the `minimax` crate on this project's games, the peer the benchmarks compare with;
//! - [`book`]: writes the tables the programs print into the book's pages, between their
//!   markers (the programs' `--book` option).
//!
//! The programs, a module each:
//!
//! - [`compare`]: named configurations over chess positions, the thesis's node tables;
//! - [`versus`]: chess matches between configurations and engines;
//! - [`reproduce`]: every table of the book in one command: the papers' play and timing
//!   experiments, the UCI engine's strength tables and the other programs' tables;
//! - [`mcts_versus`]: MCTS, the engine, expectiminimax and the peer's MCTS in play on small games;
//! - [`star_table`]: Star1 and Star2 against expectiminimax;
//! - [`kalah_table`]: Kalah solved, beside the paper's table;
//! - [`minimal_tree`]: Knuth and Moore's minimal tree beside the exact engine's;
//! - [`solve`]: a position of any of the games settled by the solver;
//! - [`selfplay`] and [`tune`]: self-play games at fixed nodes, and Texel's tuning of the
//!   classical chess evaluation on them;
//! - [`strength_record`]: the chess engine's recorded matches as the book's tables;
//! - [`analyze`]: one chess position, one searcher;
//! - [`trace`]: the trees searchers walk, drawn side by side.

#![warn(missing_docs)]

pub mod analyze;
pub mod book;
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
pub mod selfplay;
pub mod solve;
pub mod star_table;
pub mod strength_record;
pub mod terminal;
pub mod trace;
pub mod tune;
pub mod uci_client;
pub mod versus;
