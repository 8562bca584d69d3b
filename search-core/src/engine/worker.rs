//! **A worker**: one thread's search, the state the node function works on. A search on one
//! thread has one worker, borrowing the engine's state; a search on several threads
//! (`threads.rs`) has one per thread, each with a search state and history counters of its own,
//! all sharing the engine's evaluator, configuration and transposition table.

use super::config::Config;
use super::history::History;
use super::search_state::SearchState;
use super::state::{Context, Hasher, TableKey, table_key};
use super::tt::Table;
use crate::{Game, Score};

/// One thread's search. See the [module documentation](self).
pub(super) struct Worker<'a, G: Game, E> {
    /// The evaluator, shared.
    pub(super) evaluator: &'a E,
    /// The configuration (a copy: read at every node).
    pub(super) config: Config,
    /// The transposition table: the engine's own, or shared by the threads.
    pub(super) table: Option<Table<'a>>,
    /// The game's hash and move codes, where there is a table.
    pub(super) hasher: Option<Hasher<G>>,
    /// The history counters.
    pub(super) history: &'a mut History,
    /// What the caller attached: the root-move restriction, the game history, and (for the
    /// main thread) the callbacks.
    pub(super) context: &'a mut Context<G::Move>,
    /// What this search started afresh.
    pub(super) search: &'a mut SearchState<G::Move>,
}

impl<G: Game, E> Worker<'_, G, E> {
    /// The position's table key, `ply` plies from the root, if there is a table (see
    /// `state.rs`'s `table_key`).
    #[inline]
    pub(super) fn key(&self, game: &G, ply: u32) -> Option<TableKey> {
        match (&self.table, self.hasher) {
            (Some(_), Some(hasher)) => Some(table_key(hasher, game, ply)),
            _ => None,
        }
    }

    /// The move of `game` whose table code is `code`, among its `moves` (`all`: every one of
    /// them, in generation order).
    pub(super) fn stored_move(
        &self,
        game: &G,
        code: Option<u32>,
        moves: &[G::Move],
        all: bool,
    ) -> Option<G::Move> {
        self.hasher?.decode(game, code?, moves, all)
    }

    /// The table's code of `mv`, one of `game`'s moves.
    pub(super) fn move_code(&self, game: &G, mv: Option<G::Move>) -> Option<u32> {
        self.hasher?.code(game, mv?, None)
    }

    /// The table's fill rate in per mille (0 without a table).
    pub(super) fn hashfull(&self) -> u32 {
        self.table.as_ref().map_or(0, Table::hashfull)
    }

    /// A margin of the configuration on the evaluation's scale (see `feature.rs`'s `scaled`).
    pub(super) fn scaled(&self, margin: i32) -> i32
    where
        E: crate::Evaluate<G>,
    {
        super::feature::scaled(margin, self.evaluator.unit())
    }

    /// The evaluator's value, clamped into `±MAX_EVAL`: an evaluation beyond it (a bug of the
    /// evaluator, or `Score::INFINITY`) would pose as a decided result or break the windows.
    pub(super) fn evaluate(&self, game: &G) -> Score
    where
        E: crate::Evaluate<G>,
    {
        crate::static_score(self.evaluator, game)
    }
}
