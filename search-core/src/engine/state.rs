//! The engine's state that outlives a search: what it learns across searches ([`Tables`]) and
//! what the caller attaches ([`Context`]); what every search starts afresh is
//! `search_state.rs`'s. Each feature's own state is a type in the feature's file (`tt.rs`,
//! `history.rs`, `killers.rs`, `pv.rs`, `repetition.rs`); this file only groups them.

use std::time::Duration;

use super::history::History;
use super::tt::{MAX_TABLE_MIB, TableConfig, TranspositionTable};
use crate::{Bound, Game, Score};

/// What the engine learns across searches, until [`Engine::new_game`](super::Engine::new_game).
pub(super) struct Tables<G: Game> {
    /// The transposition table, if the configuration has one.
    pub(super) tt: Option<TranspositionTable>,
    /// The position hash and the game's move codes, captured where a configuration with a table
    /// was given (so `G: ZobristHash` is needed only there).
    pub(super) hasher: Option<Hasher<G>>,
    /// The history counters.
    pub(super) history: History,
}

/// [`ZobristHash::banked_key`](crate::ZobristHash::banked_key), as a function.
type BankedKey<G> = fn(&G) -> Option<(u64, i32)>;

/// A game's hash and move codes ([`ZobristHash`](crate::ZobristHash)), as functions.
pub(super) struct Hasher<G: Game> {
    /// [`ZobristHash::zobrist`](crate::ZobristHash::zobrist).
    hash: fn(&G) -> u64,
    /// [`ZobristHash::banked_key`](crate::ZobristHash::banked_key), if the table keys by it
    /// (`banked.rs`).
    banked: Option<BankedKey<G>>,
    /// [`ZobristHash::move_code`](crate::ZobristHash::move_code).
    pub(super) move_code: fn(&G, G::Move) -> Option<u32>,
}

impl<G: Game> Clone for Hasher<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Hasher<G> {}

impl<G: crate::ZobristHash> Hasher<G> {
    /// The functions of `G`'s [`ZobristHash`](crate::ZobristHash); keys by
    /// [`banked_key`](crate::ZobristHash::banked_key) where the game gives one, if `banked` (and
    /// the game has no chance nodes, whose means are no margins).
    pub(super) fn of(banked: bool) -> Self {
        Hasher {
            hash: <G as crate::ZobristHash>::zobrist,
            banked: (banked && !G::HAS_CHANCE)
                .then_some(<G as crate::ZobristHash>::banked_key as BankedKey<G>),
            move_code: <G as crate::ZobristHash>::move_code,
        }
    }
}

impl<G: Game> Hasher<G> {
    /// The table key of `game` (see [`TableKey`]).
    #[inline]
    pub(super) fn key(&self, game: &G) -> u64 {
        self.table_key(game).hash
    }

    /// The table key of `game` and, with banked keys, the margin it has banked: its banked key
    /// (salted, so that it never meets a plain hash of another position) where the table keys
    /// by it and the game gives one, else its hash.
    #[inline]
    pub(super) fn table_key(&self, game: &G) -> TableKey {
        match self.banked.and_then(|banked| banked(game)) {
            Some((key, margin)) => TableKey {
                hash: key ^ 0xB4A7_3D1E_5C29_8F61,
                banked: Some(margin),
            },
            None => TableKey {
                hash: (self.hash)(game),
                banked: None,
            },
        }
    }

    /// The table's code for `mv`, one of `game`'s moves: the game's number for it, or its place
    /// in generation order (`moves`, when given, are `game`'s moves in that order; otherwise they
    /// are generated again).
    pub(super) fn code(&self, game: &G, mv: G::Move, moves: Option<&[G::Move]>) -> Option<u32> {
        if let Some(code) = (self.move_code)(game, mv) {
            return Some(code);
        }
        let position = |moves: &[G::Move]| moves.iter().position(|&m| m == mv).map(|i| i as u32);
        match moves {
            Some(moves) => position(moves),
            None => {
                let mut generated = crate::MoveList::new();
                game.generate_moves(&mut generated);
                position(&generated)
            }
        }
    }

    /// The move of `game` whose code is `code`, among `moves` (some or all of `game`'s moves in
    /// generation order; `all`: every one of them), if it is one of them.
    pub(super) fn decode(&self, game: &G, code: u32, moves: &[G::Move], all: bool) -> Option<G::Move> {
        let first = *moves.first()?;
        if (self.move_code)(game, first).is_some() {
            return moves
                .iter()
                .copied()
                .find(|&mv| (self.move_code)(game, mv) == Some(code));
        }
        if all {
            return moves.get(code as usize).copied();
        }
        let mut generated = crate::MoveList::new();
        game.generate_moves(&mut generated);
        generated
            .get(code as usize)
            .copied()
            .filter(|mv| moves.contains(mv))
    }
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

    /// Forgets everything learnt.
    pub(super) fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.history.clear();
    }
}

/// Where a position's entry is: its key, and the margin it has banked if the table keys by
/// banked keys (its entries are then relative to that margin: `banked.rs`). Computed once a
/// node, for its probe and its store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TableKey {
    /// The key the table is indexed and checked by.
    pub(super) hash: u64,
    /// The margin banked, with banked keys.
    pub(super) banked: Option<i32>,
}

/// The table key of `game`, `ply` plies from the root.
///
/// In a game with chance nodes whose values can be decided results, the key includes the ply: a
/// mean that mixes a win at some distance with other values changes with the distance from the
/// root, which the table's mate-distance adjustment cannot follow (see [`Game::HAS_CHANCE`]).
/// Deterministic games are keyed by the position alone.
#[inline]
pub(super) fn table_key<G: Game>(hasher: Hasher<G>, game: &G, ply: u32) -> TableKey {
    let key = hasher.table_key(game);
    if G::HAS_CHANCE && game.value_bound() > Score::MAX_EVAL {
        TableKey {
            hash: key.hash ^ u64::from(ply).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ..key
        }
    } else {
        key
    }
}

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
