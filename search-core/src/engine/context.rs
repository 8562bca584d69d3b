//! **What the caller attaches to the engine** ([`Context`]: callbacks, the root-move
//! restriction, the game history) and what the engine reports through the callbacks
//! ([`IterationInfo`], [`RootMoveInfo`]).

use std::time::Duration;

use crate::{Bound, Score};

/// What the engine reports after each iteration (and each aspiration failure): UCI's `info`.
#[derive(Clone, Debug)]
pub struct IterationInfo<'a, M> {
    /// The iteration's nominal depth.
    pub depth: u32,
    /// The deepest ply reached so far.
    pub seldepth: u32,
    /// The root value (side to move's view).
    pub score: Score,
    /// [`Bound::Exact`] for a completed iteration; `Lower`/`Upper` for an aspiration failure.
    pub bound: Bound,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// The principal variation. With a transposition table, a line that the search cut at a table
    /// hit is continued through the table's exact entries (legal moves only, never round a
    /// repetition), so a repeated search still shows the whole line.
    pub pv: &'a [M],
    /// Time since the search started.
    pub elapsed: Duration,
    /// The transposition table's fill rate in per mille (0 without a table).
    pub hashfull: u32,
}

/// A callback receiving [`IterationInfo`]s.
pub type InfoCallback<M> = Box<dyn FnMut(&IterationInfo<'_, M>) + Send>;

/// What the engine reports as it starts searching each root move: UCI's `currmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMoveInfo<M> {
    /// The nominal depth of the root search (the iteration's, or a re-search's).
    pub depth: u32,
    /// The root move about to be searched.
    pub mv: M,
    /// Its number in this root search's order, from 1.
    pub number: u32,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A callback receiving [`RootMoveInfo`]s.
pub type RootMoveCallback<M> = Box<dyn FnMut(&RootMoveInfo<M>) + Send>;

/// What the caller attaches to the engine.
pub(crate) struct Context<M> {
    /// Called after each iteration (UCI `info`).
    pub(crate) info: Option<InfoCallback<M>>,
    /// Called at each root move (UCI `currmove`).
    pub(crate) root_move_info: Option<RootMoveCallback<M>>,
    /// Restriction of the root moves (UCI `searchmoves`).
    pub(crate) root_moves: Option<Vec<M>>,
    /// Repetition keys of the game before the root (UCI `position ... moves`).
    pub(crate) game_history: Vec<u64>,
}

impl<M> Default for Context<M> {
    fn default() -> Self {
        Context {
            info: None,
            root_move_info: None,
            root_moves: None,
            game_history: Vec::new(),
        }
    }
}
