//! [`GameHistory`]: the positions of a game before the current one, for repetition draws.
//!
//! shakmaty keeps no history, so repetition is ours. The split of work:
//!
//! - [`ChessGame`]'s [`repetition_key`](search_core::Game::repetition_key) is the position's
//!   Zobrist hash (board, side to move, castling rights, legal en passant square: what FIDE calls
//!   "the same position"), or `None` when repetition is off in its [`ChessConfig`];
//! - a searcher that honours repetition keeps the keys of its current line and, before the root,
//!   the game's earlier positions: [`GameHistory::reversible_keys`] gives those that can still
//!   repeat (positions before a capture or pawn move never come back);
//! - game-playing code asks [`GameHistory::is_threefold_repetition`] after each move.
//!
//! The crate's `tests/draws.rs` documents a forced repetition (perpetual check) for the engine:
//! the keys a searcher is given and the line along which they come back.

use search_core::Game;
use shakmaty::Move;

use crate::{ChessConfig, ChessGame, Error};

/// A game in progress: the current position and the Zobrist keys of every position before it.
///
/// ```
/// use game_chess::{ChessConfig, GameHistory};
/// // Both knights go out and back twice: the start position occurs for the third time.
/// let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
/// let game = GameHistory::from_uci("startpos", &shuffle, ChessConfig::default()).unwrap();
/// assert_eq!(game.previous_keys().len(), 8);
/// assert_eq!(game.repetitions(), 2);
/// assert!(game.is_threefold_repetition());
/// ```
#[derive(Clone, Debug)]
pub struct GameHistory {
    position: ChessGame,
    previous: Vec<u64>,
}

impl GameHistory {
    /// A game starting at `position`, with no earlier positions.
    #[must_use]
    pub fn new(position: ChessGame) -> Self {
        GameHistory {
            position,
            previous: Vec::new(),
        }
    }

    /// The game of a UCI `position` command: `start` is `startpos` or a FEN, then `moves` are
    /// played in order.
    ///
    /// # Errors
    ///
    /// A bad FEN, or the first move that is not UCI or not legal where it is played (the error
    /// names the position it was tried in).
    pub fn from_uci<S: AsRef<str>>(start: &str, moves: &[S], config: ChessConfig) -> Result<Self, Error> {
        let position = if start.trim() == "startpos" {
            ChessGame::startpos(config)
        } else {
            ChessGame::from_fen(start, config)?
        };
        let mut game = GameHistory::new(position);
        for text in moves {
            game.play_uci(text.as_ref())?;
        }
        Ok(game)
    }

    /// Plays a legal move (generated for the current position).
    pub fn play(&mut self, mv: Move) {
        self.previous.push(self.position.hash());
        self.position = self.position.play(mv);
    }

    /// Parses and plays a UCI move.
    ///
    /// # Errors
    ///
    /// [`Error::NotUci`] or [`Error::IllegalMove`]; the game is then unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<(), Error> {
        let mv = self.position.parse_uci(text)?;
        self.play(mv);
        Ok(())
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &ChessGame {
        &self.position
    }

    /// The keys of every earlier position, oldest first.
    #[must_use]
    pub fn previous_keys(&self) -> &[u64] {
        &self.previous
    }

    /// The keys of the earlier positions that can still repeat: those since the last capture or
    /// pawn move (the halfmove clock counts them), oldest first. This is the pre-root history a
    /// searcher needs.
    #[must_use]
    pub fn reversible_keys(&self) -> &[u64] {
        let reversible = (self.position.halfmoves() as usize).min(self.previous.len());
        &self.previous[self.previous.len() - reversible..]
    }

    /// How many times the current position occurred before.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        repetition_count(self.reversible_keys(), self.position.hash())
    }

    /// Whether the current position has now occurred three times (FIDE's claimable draw).
    #[must_use]
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 2
    }
}

/// How many times `key` occurs in `keys`.
///
/// ```
/// assert_eq!(game_chess::repetition_count(&[1, 2, 1, 3], 1), 2);
/// ```
#[must_use]
pub fn repetition_count(keys: &[u64], key: u64) -> usize {
    keys.iter().filter(|&&k| k == key).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_move_cuts_the_reversible_history() {
        let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5", "g1f3"];
        let game = GameHistory::from_uci("startpos", &moves, ChessConfig::default()).unwrap();
        assert_eq!(game.previous_keys().len(), 7);
        // After e5 (a pawn move) only one position: the one before Nf3.
        assert_eq!(game.reversible_keys().len(), 1);
        assert_eq!(game.repetitions(), 0);
        // The start position did occur twice, but before the pawn moves.
        let start = ChessGame::startpos(ChessConfig::default()).hash();
        assert_eq!(repetition_count(game.previous_keys(), start), 2);
    }

    #[test]
    fn a_bad_move_names_itself_and_leaves_the_game_unchanged() {
        let mut game = GameHistory::from_uci("startpos", &["e2e4"], ChessConfig::default()).unwrap();
        let err = game.play_uci("e7e4").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e7e4 is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(game.previous_keys().len(), 1);
        let err = GameHistory::from_uci("startpos", &["e2e4", "e7e5", "nonsense"], ChessConfig::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"nonsense\" is not a UCI move (expected e.g. e2e4 or e7e8q)"
        );
    }
}
