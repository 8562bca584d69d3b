//! The engine's state, by lifetime: what it learns across searches ([`Tables`]), what the
//! caller attaches ([`Context`]), and what every search starts afresh ([`SearchState`]). Each
//! feature's own state is a type in the feature's file (`tt.rs`, `history.rs`, `killers.rs`,
//! `pv.rs`, `repetition.rs`); this file only groups them.

use std::time::Instant;

use super::config::{MAX_TABLE_MIB, TableConfig};
use super::history::History;
use super::killers::Killers;
use super::pv::PvTable;
use super::repetition::Line;
use super::tt::TranspositionTable;
use super::{InfoCallback, MAX_SEARCH_PLY, RootMoveCallback};
use crate::trace::Tracer;
use crate::{Game, Limits, Score, SearchStats};

/// What the engine learns across searches, until [`Engine::new_game`](super::Engine::new_game).
pub(super) struct Tables<G: Game> {
    /// The transposition table, if the configuration has one.
    pub(super) tt: Option<TranspositionTable<G::Move>>,
    /// The position hash, captured where a configuration with a table was given (so
    /// `G: ZobristHash` is needed only there).
    pub(super) hasher: Option<fn(&G) -> u64>,
    /// The history counters.
    pub(super) history: History,
}

impl<G: Game> Default for Tables<G> {
    fn default() -> Self {
        Tables {
            tt: None,
            hasher: None,
            history: History::default(),
        }
    }
}

impl<G: Game> Tables<G> {
    /// Makes the table match `table`: dropped if `None`, allocated if missing, reallocated only
    /// if its size changed (so changing another option keeps what it learnt, and there is never
    /// more than one table alive).
    pub(super) fn configure(&mut self, table: Option<&TableConfig>) {
        match table {
            None => self.tt = None,
            Some(config) => {
                let mib = config.mib.clamp(1, MAX_TABLE_MIB);
                if self.tt.as_ref().is_none_or(|tt| tt.mib() != mib) {
                    self.tt = None; // free the old table before allocating the new one
                    self.tt = Some(TranspositionTable::new(mib));
                }
            }
        }
    }

    /// The position's table key, `ply` plies from the root, if there is a table.
    ///
    /// In a game with chance nodes whose values can be decided results, the key includes the
    /// ply: a mean that mixes a win at some distance with other values changes with the distance
    /// from the root, which the table's mate-distance adjustment cannot follow (see
    /// [`Game::HAS_CHANCE`]). Deterministic games are keyed by the position alone.
    #[inline]
    pub(super) fn key(&self, game: &G, ply: u32) -> Option<u64> {
        match (&self.tt, self.hasher) {
            (Some(_), Some(hash)) if G::HAS_CHANCE && game.value_bound() > Score::MAX_EVAL => {
                Some(hash(game) ^ u64::from(ply).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }
            (Some(_), Some(hash)) => Some(hash(game)),
            _ => None,
        }
    }

    /// Forgets everything learnt.
    pub(super) fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.history.clear();
    }
}

/// What the caller attaches to the engine.
pub(super) struct Context<M> {
    /// Called after each iteration (UCI `info`).
    pub(super) info: Option<InfoCallback<M>>,
    /// Called at each root move (UCI `currmove`).
    pub(super) root_move_info: Option<RootMoveCallback<M>>,
    /// Restriction of the root moves (UCI `searchmoves`).
    pub(super) root_moves: Option<Vec<M>>,
    /// Repetition keys of the game before the root (UCI `position ... moves`).
    pub(super) game_history: Vec<u64>,
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

/// What every search starts afresh.
pub(super) struct SearchState<M> {
    /// The statistics so far.
    pub(super) stats: SearchStats,
    /// The limits of this search.
    pub(super) limits: Limits,
    /// When it started.
    pub(super) start: Instant,
    /// Whether a limit stopped it (from then on every node returns at once).
    pub(super) aborted: bool,
    /// The principal variation of every ply.
    pub(super) pv: PvTable<M>,
    /// The repetition keys of the game history and the current line.
    pub(super) line: Line,
    /// The killer moves of every ply.
    pub(super) killers: Killers<M>,
    /// The best root move of the last completed iteration, searched first in the next.
    pub(super) root_best: Option<M>,
    /// The search-tree recorder (off unless asked for).
    pub(super) trace: Tracer,
}

impl<M: Copy + Eq> SearchState<M> {
    pub(super) fn new() -> Self {
        SearchState {
            stats: SearchStats::default(),
            limits: Limits::default(),
            start: Instant::now(),
            aborted: false,
            pv: PvTable::new(),
            line: Line::default(),
            killers: Killers::new(MAX_SEARCH_PLY as usize + 1),
            root_best: None,
            trace: Tracer::default(),
        }
    }
}
