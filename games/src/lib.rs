//! Small two-player games for `search-core`, as library code: each module is a complete game
//! ([`Game`](search_core::Game), [`ZobristHash`](search_core::ZobristHash), an evaluation, input
//! parsing that refuses bad moves with a reason) with its cross-checks beside it. The terminal
//! programs in the repository's `examples/` are thin front-ends over them.
//!
//! | game | turn order | ends with | module |
//! |---|---|---|---|
//! | Nim | alternating | a win or a loss ([`Outcome::Loss`](search_core::Outcome::Loss)) | [`nim`] |
//! | Connect Four | alternating | a win, a loss or a draw | [`connect_four`] |
//! | Kalah (mancala) | **extra turns**: sowing into one's own store moves again | a seed margin ([`Outcome::Margin`](search_core::Outcome::Margin)) | [`kalah`] |
//! | Dots and Boxes | **extra turns**: completing a box moves again | a box margin | [`dots_and_boxes`] |
//! | Pig (dice) | **chance nodes** (the die) and extra turns (roll again) | a win, a loss or a draw | [`pig`] |
//! | EinStein würfelt nicht! | alternating, **chance nodes**: a die roll before every move picks the stone | a win or a loss | [`einstein`] |
//!
//! Kalah and Dots and Boxes are the games that hold the searchers to the
//! [`Game`](search_core::Game) contract's "any turn order" rule: a child's value is negated only
//! when the side to move changes. Each also has an oracle of its own ([`kalah::Oracle`],
//! [`dots_and_boxes::Oracle`]) that shares nothing with the project's searchers, as a second
//! opinion.
#![warn(missing_docs)]

pub mod connect_four;
pub mod dots_and_boxes;
pub mod einstein;
mod hash;
pub mod kalah;
pub mod nim;
pub mod pig;
pub mod prompt;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
