//! **Where a position's entry is**: the game's hash and move codes as the engine holds them
//! ([`Hasher`]), and a node's table key ([`TableKey`], computed once a node for its probe and its
//! store; with banked keys, `features/banked.rs`, with the margin the position has banked).

use crate::{Game, Score};

/// [`ZobristHash::banked_key`](crate::ZobristHash::banked_key), as a function.
type BankedKey<G> = fn(&G) -> Option<(u64, i32)>;

/// A game's hash and move codes ([`ZobristHash`](crate::ZobristHash)), as functions.
pub(crate) struct Hasher<G: Game> {
    /// [`ZobristHash::zobrist`](crate::ZobristHash::zobrist).
    hash: fn(&G) -> u64,
    /// [`ZobristHash::banked_key`](crate::ZobristHash::banked_key), if the table keys by it
    /// (`banked.rs`).
    banked: Option<BankedKey<G>>,
    /// [`ZobristHash::move_code`](crate::ZobristHash::move_code).
    pub(crate) move_code: fn(&G, G::Move) -> Option<u32>,
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
    pub(crate) fn of(banked: bool) -> Self {
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
    pub(crate) fn key(&self, game: &G) -> u64 {
        self.table_key(game).hash
    }

    /// The table key of `game` and, with banked keys, the margin it has banked: its banked key
    /// (salted, so that it never meets a plain hash of another position) where the table keys
    /// by it and the game gives one, else its hash.
    #[inline]
    pub(crate) fn table_key(&self, game: &G) -> TableKey {
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
    pub(crate) fn code(&self, game: &G, mv: G::Move, moves: Option<&[G::Move]>) -> Option<u32> {
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
    pub(crate) fn decode(&self, game: &G, code: u32, moves: &[G::Move], all: bool) -> Option<G::Move> {
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

/// Where a position's entry is: its key, and the margin it has banked if the table keys by
/// banked keys (its entries are then relative to that margin: `tt.rs`'s `relative`). Computed once a
/// node, for its probe and its store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableKey {
    /// The key the table is indexed and checked by.
    pub(crate) hash: u64,
    /// The margin banked, with banked keys.
    pub(crate) banked: Option<i32>,
}

/// The table key of `game`, `ply` plies from the root.
///
/// In a game with chance nodes whose values can be decided results, the key includes the ply: a
/// mean that mixes a win at some distance with other values changes with the distance from the
/// root, which the table's mate-distance adjustment cannot follow (see [`Game::HAS_CHANCE`]).
/// Deterministic games are keyed by the position alone.
#[inline]
pub(crate) fn table_key<G: Game>(hasher: Hasher<G>, game: &G, ply: u32) -> TableKey {
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
