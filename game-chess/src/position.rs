//! [`ChessGame`]: a `shakmaty::Chess` position with its Zobrist hash and search configuration,
//! implementing [`Game`] and [`ZobristHash`].

use search_core::{Game, MoveList, Outcome, Player, ZobristHash};
use shakmaty::fen::Fen;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Castles, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, FromSetup, Move, Piece, Position,
    Role, Square,
};

use crate::{Error, MoveOrdering};

/// The halfmove clock at which the fifty-move rule draws (100 plies without a capture or a pawn
/// move). Applied automatically in search, as engines do, not "on claim".
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// How a [`ChessGame`] presents itself to searchers. Small and `Copy`: every position carries it.
///
/// ```
/// use game_chess::{ChessConfig, MoveOrdering};
/// let config = ChessConfig::default().with_ordering(MoveOrdering::ThesisV1).with_repetition(false);
/// assert_eq!(config.ordering, MoveOrdering::ThesisV1);
/// assert!(!config.repetition);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessConfig {
    /// The game's move order, as [`Game::order_hint`]'s key: the searchers search a node's moves
    /// in this order ([`Game::generate_moves`] itself emits them unsorted).
    pub ordering: MoveOrdering,
    /// Whether [`Game::repetition_key`] gives a key (repetition draws on, for engines that honour
    /// them) or `None` (off: what cross-checks against the reference searchers need).
    pub repetition: bool,
    /// The zugzwang guard: whether [`Game::null_move`] refuses a pass to a side with nothing but
    /// its king and pawns, as most chess engines' null-move pruning does. In king-and-pawn
    /// positions zugzwang is common (every move spoils something), so the null-move observation,
    /// that some move is better than passing, fails where it matters most. Off by default (the
    /// thesis's null-move experiments pass everywhere); the UCI engine's `Zugzwang Guard`.
    pub zugzwang_guard: bool,
}

impl Default for ChessConfig {
    /// Generation order, repetition on.
    fn default() -> Self {
        ChessConfig {
            ordering: MoveOrdering::Generation,
            repetition: true,
            zugzwang_guard: false,
        }
    }
}

impl ChessConfig {
    /// The same configuration with another move ordering.
    #[must_use]
    pub const fn with_ordering(mut self, ordering: MoveOrdering) -> Self {
        self.ordering = ordering;
        self
    }

    /// The same configuration with repetition keys on or off.
    #[must_use]
    pub const fn with_repetition(mut self, repetition: bool) -> Self {
        self.repetition = repetition;
        self
    }

    /// The same configuration with the zugzwang guard on or off.
    #[must_use]
    pub const fn with_zugzwang_guard(mut self, zugzwang_guard: bool) -> Self {
        self.zugzwang_guard = zugzwang_guard;
        self
    }
}

/// A chess position for `search-core`: `shakmaty::Chess`, its incrementally updated Zobrist
/// hash, and a [`ChessConfig`].
///
/// - **Copy-make, played in place**: [`play_in_place`](Game::play_in_place) plays the move on
///   the position (the searchers' copy of the parent), and [`play`](Game::play) copies the
///   152-byte position and plays in place.
/// - **One move generation per node**: [`generate_moves`](Game::generate_moves) is one
///   `legal_moves()`; [`outcome`](Game::outcome) decides from its count and cheap board tests
///   (never shakmaty's `outcome()`, which would generate the moves again).
/// - **Draws in search**: stalemate, insufficient material (shakmaty's definition: no sequence of
///   legal moves can mate), the fifty-move rule (halfmove clock ≥ 100, checkmate first), and
///   repetition through [`repetition_key`](Game::repetition_key) (see [`GameHistory`](crate::GameHistory)).
///
/// ```
/// use game_chess::{ChessConfig, ChessGame};
/// use search_core::{Game, MoveList, Outcome};
/// let game = ChessGame::startpos(ChessConfig::default());
/// let mut moves = MoveList::new();
/// game.generate_moves(&mut moves);
/// assert_eq!(moves.len(), 20);
/// assert_eq!(game.outcome(moves.len()), None);
///
/// // Fool's mate.
/// let mated = game.play_uci_line(&["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
/// moves.clear();
/// mated.generate_moves(&mut moves);
/// assert_eq!(mated.outcome(moves.len()), Some(Outcome::Loss));
/// ```
#[derive(Clone, Debug)]
pub struct ChessGame {
    chess: Chess,
    hash: u64,
    config: ChessConfig,
}

impl ChessGame {
    /// Wraps a shakmaty position.
    #[must_use]
    pub fn new(chess: Chess, config: ChessConfig) -> Self {
        let hash = full_hash(&chess);
        ChessGame { chess, hash, config }
    }

    /// The standard starting position.
    #[must_use]
    pub fn startpos(config: ChessConfig) -> Self {
        ChessGame::new(Chess::default(), config)
    }

    /// Parses a FEN (standard castling; the halfmove and fullmove fields may be omitted).
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] if the text is not FEN, [`Error::IllegalPosition`] if it describes an
    /// illegal position. A position with an "impossible check" (more checkers than a legal move
    /// can give, as some perft suites contain) is accepted: its moves are still generated
    /// correctly.
    ///
    /// ```
    /// use game_chess::{ChessConfig, ChessGame};
    /// let game = ChessGame::from_fen("8/8/8/8/8/8/k7/K7 w - -", ChessConfig::default());
    /// assert!(game.is_err()); // kings touch: the side not to move is in check
    /// ```
    pub fn from_fen(fen: &str, config: ChessConfig) -> Result<Self, Error> {
        Ok(ChessGame::new(parse_fen(fen)?, config))
    }

    /// The shakmaty position.
    #[must_use]
    pub fn chess(&self) -> &Chess {
        &self.chess
    }

    /// The board (piece placement).
    #[must_use]
    pub fn board(&self) -> &shakmaty::Board {
        self.chess.board()
    }

    /// Whether the side to move has a piece besides its king and pawns (a knight, bishop, rook
    /// or queen): what the [zugzwang guard](ChessConfig::zugzwang_guard) asks before a pass.
    #[must_use]
    pub fn has_non_pawn_material(&self) -> bool {
        let board = self.chess.board();
        let pieces = board.by_color(self.chess.turn()) & !board.pawns() & !board.kings();
        pieces.any()
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> ChessConfig {
        self.config
    }

    /// The same position with another configuration (the hash is unchanged).
    #[must_use]
    pub fn with_config(mut self, config: ChessConfig) -> Self {
        self.config = config;
        self
    }

    /// The position as FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        Fen::from_position(&self.chess, EnPassantMode::Legal).to_string()
    }

    /// Parses a UCI move (`e2e4`, `e7e8q`, `e1g1`) and checks it is legal here.
    ///
    /// # Errors
    ///
    /// [`Error::NotUci`] if the text is not UCI syntax, [`Error::IllegalMove`] if it is not a
    /// legal move in this position.
    ///
    /// ```
    /// use game_chess::{ChessConfig, ChessGame, Error};
    /// let game = ChessGame::startpos(ChessConfig::default());
    /// assert!(game.parse_uci("e2e4").is_ok());
    /// assert!(matches!(game.parse_uci("e2e5"), Err(Error::IllegalMove { .. })));
    /// assert!(matches!(game.parse_uci("e2-e4"), Err(Error::NotUci { .. })));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, Error> {
        crate::uci_move::parse_uci_move(&self.chess, text)
    }

    /// Plays a list of UCI moves from this position.
    ///
    /// # Errors
    ///
    /// The first move that is not UCI or not legal where it is played.
    pub fn play_uci_line<S: AsRef<str>>(&self, moves: &[S]) -> Result<ChessGame, Error> {
        let mut game = self.clone();
        for text in moves {
            let mv = game.parse_uci(text.as_ref())?;
            game = game.play(mv);
        }
        Ok(game)
    }

    /// The position's Zobrist hash (shakmaty's `Zobrist64`, en passant counted only when legal).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (for tests: it must equal [`hash`](Self::hash)).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        full_hash(&self.chess)
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.chess.halfmoves()
    }

    /// The position as the root of a search for a move to play.
    ///
    /// In search the fifty-move rule draws at once (see [`FIFTY_MOVE_PLIES`]), but in a game the
    /// draw must be claimed: with the halfmove clock at 100 or more the side to move may still
    /// play, a mate it gives stands, and a capture or a pawn move resets the count. So a root
    /// whose clock has reached [`FIFTY_MOVE_PLIES`] is searched with the clock at one less: its
    /// moves are searched, and after each one that neither mates nor resets the clock the draw
    /// can be claimed (the child is a draw). Any other position is returned unchanged.
    ///
    /// ```
    /// use game_chess::{ChessConfig, ChessGame};
    /// use search_core::{Game, MoveList};
    /// let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80", ChessConfig::default()).unwrap();
    /// let mut moves = MoveList::new();
    /// game.generate_moves(&mut moves);
    /// assert!(game.outcome(moves.len()).is_some()); // a draw in search
    /// let root = game.search_root();
    /// assert_eq!(root.outcome(moves.len()), None); // still to be played
    /// assert_eq!(root.hash(), game.hash());
    /// let mate = root.play(root.parse_uci("a1a8").unwrap());
    /// moves.clear();
    /// mate.generate_moves(&mut moves);
    /// assert_eq!(mate.outcome(moves.len()), Some(search_core::Outcome::Loss));
    /// ```
    #[must_use]
    pub fn search_root(&self) -> ChessGame {
        if self.chess.halfmoves() < FIFTY_MOVE_PLIES {
            return self.clone();
        }
        let mut setup = self.chess.to_setup(EnPassantMode::Legal);
        setup.halfmoves = FIFTY_MOVE_PLIES - 1;
        match Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
        {
            Ok(chess) => ChessGame::new(chess, self.config),
            // The same position with another count: it cannot become illegal.
            Err(_) => self.clone(),
        }
    }
}

/// Parses a FEN into a shakmaty position, with this crate's errors.
pub(crate) fn parse_fen(fen: &str) -> Result<Chess, Error> {
    let parsed = Fen::from_ascii(fen.trim().as_bytes()).map_err(|err| Error::Fen {
        fen: fen.to_string(),
        reason: err.to_string(),
    })?;
    parsed
        .into_position(CastlingMode::Standard)
        // An "impossible check" (two bishops checking at once, say) cannot arise in a game, but
        // perft suites contain such positions and shakmaty generates their moves correctly.
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .map_err(|err| Error::IllegalPosition {
            fen: fen.to_string(),
            reason: err
                .to_string()
                .trim_start_matches("illegal position: ")
                .to_string(),
        })
}

/// What playing `mv` in `before` changes in the Zobrist hash: the side to move, the pieces that
/// moved, appeared or were taken, the castling rights lost, and the (legal) en passant square gone
/// or created. Every kind of move, so the hash is never recomputed from scratch (shakmaty's own
/// update gives up on king moves, castling, moves touching castling rights, and any position with
/// an en passant square).
///
/// `before` is the position's state before the move, `after` the position after it: the move is
/// played in place, without a second copy of the position.
fn hash_change(before: &BeforeMove, after: &Chess, mv: Move) -> u64 {
    type Z = Zobrist64;
    let us = before.turn;
    let mut change = Z::zobrist_for_white_turn();
    let mut toggle = |square: Square, piece: Piece| change ^= Z::zobrist_for_piece(square, piece);
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            toggle(from, role.of(us));
            toggle(to, promotion.unwrap_or(role).of(us));
            if let Some(captured) = capture {
                toggle(to, captured.of(!us));
            }
        }
        Move::EnPassant { from, to } => {
            toggle(from, Role::Pawn.of(us));
            toggle(to, Role::Pawn.of(us));
            toggle(Square::from_coords(to.file(), from.rank()), Role::Pawn.of(!us));
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            toggle(king, Role::King.of(us));
            toggle(rook, Role::Rook.of(us));
            toggle(side.king_to(us), Role::King.of(us));
            toggle(side.rook_to(us), Role::Rook.of(us));
        }
        // Drops do not exist in standard chess: `play` hashes such a position from scratch.
        Move::Put { .. } => {}
    }
    let rights_after = after.castles();
    if before.castles.castling_rights() != rights_after.castling_rights() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if before.castles.has(color, side) != rights_after.has(color, side) {
                    change ^= Z::zobrist_for_castling_right(color, side);
                }
            }
        }
    }
    for file in [before.ep_file, legal_ep_file(after)].into_iter().flatten() {
        change ^= Z::zobrist_for_en_passant_file(file);
    }
    change.0
}

/// What [`hash_change`] needs of the position before a move (the rest is in the move).
struct BeforeMove {
    turn: Color,
    castles: Castles,
    ep_file: Option<File>,
}

/// The file of a legal en passant capture, as the hash counts it. Only a position right after a
/// double push has an en passant square at all; testing its legality generates the en passant
/// moves, kept out of line so that `play`'s frame stays small.
#[inline]
fn legal_ep_file(chess: &Chess) -> Option<File> {
    #[inline(never)]
    fn legal(chess: &Chess) -> Option<File> {
        chess.ep_square(EnPassantMode::Legal).map(Square::file)
    }
    chess.maybe_ep_square().and_then(|_| legal(chess))
}

fn full_hash(chess: &Chess) -> u64 {
    chess.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Game for ChessGame {
    type Move = Move;

    fn to_move(&self) -> Player {
        match self.chess.turn() {
            Color::White => Player::First,
            Color::Black => Player::Second,
        }
    }

    /// Every legal move, in shakmaty's generation order: the searchers rank them by
    /// [`order_hint`](Game::order_hint) where they search them.
    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        // Copied by slice: iterating shakmaty's list by value would first move its whole
        // (fixed-capacity) buffer, a few kilobytes at every node.
        moves.extend_from_slice(&self.chess.legal_moves());
    }

    fn move_count(&self) -> usize {
        self.chess.legal_moves().len()
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut child = self.clone();
        child.play_in_place(mv);
        child
    }

    /// shakmaty's `play_unchecked`, and the hash updated by what the move changed.
    #[inline]
    fn play_in_place(&mut self, mv: Move) {
        let before = BeforeMove {
            turn: self.chess.turn(),
            castles: self.chess.castles().clone(),
            ep_file: legal_ep_file(&self.chess),
        };
        self.chess.play_unchecked(mv);
        if matches!(mv, Move::Put { .. }) {
            self.hash = full_hash(&self.chess);
        } else {
            self.hash ^= hash_change(&before, &self.chess, mv);
        }
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if legal_moves == 0 {
            // Checkmate or stalemate; checkmate wins over the fifty-move rule.
            return Some(if self.chess.is_check() {
                Outcome::Loss
            } else {
                Outcome::Draw
            });
        }
        if self.chess.halfmoves() >= FIFTY_MOVE_PLIES || self.chess.is_insufficient_material() {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Passing via `swap_turn` (which also drops the en passant square); `None` in check, and
    /// with the [zugzwang guard](ChessConfig::zugzwang_guard) for a side with only king and pawns.
    fn null_move(&self) -> Option<Self> {
        if self.chess.is_check() || (self.config.zugzwang_guard && !self.has_non_pawn_material()) {
            return None;
        }
        let chess = self.chess.clone().swap_turn().ok()?;
        Some(ChessGame::new(chess, self.config))
    }

    fn is_in_check(&self) -> bool {
        self.chess.is_check()
    }

    /// Captures (en passant included) and promotions.
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }

    /// Outside check, the captures and promotions alone (`noisy.rs`), in the order and with the
    /// outcome of every move (in check, every move): a quiescence node without checks searches
    /// the same moves faster.
    fn generate_noisy_moves(&self, moves: &mut MoveList<Move>) -> Option<Option<Outcome>> {
        if self.chess.is_check() {
            self.generate_moves(moves);
            return Some(self.outcome(moves.len()));
        }
        let any_move = crate::noisy::noisy_moves_and_any_move(&self.chess, moves);
        Some(self.outcome(usize::from(any_move)))
    }

    /// The configured [`MoveOrdering`]'s key; for [`MoveOrdering::See`], a capture or promotion
    /// that loses material by the static exchange goes after the quiet moves.
    #[inline]
    fn order_hint(&self, mv: Move) -> i32 {
        let key = self.config.ordering.key(mv);
        if self.config.ordering == MoveOrdering::See && key > 0 {
            let exchange = crate::see::static_exchange(self.board(), self.chess.turn(), mv);
            if exchange < 0 {
                return exchange / 16 - 1;
            }
        }
        key
    }

    /// The static exchange evaluation of `mv` ([`crate::see`]), in centipawns.
    fn static_exchange(&self, mv: Move) -> Option<i32> {
        Some(crate::see::static_exchange(self.board(), self.chess.turn(), mv))
    }

    /// From-square × 64 + to-square (castling: the king's square to the rook's), the usual
    /// "butterfly" index of the history heuristic.
    fn history_index(&self, mv: Move) -> Option<u16> {
        let from = mv.from()?;
        Some(u16::from(from) * 64 + u16::from(mv.to()))
    }

    /// The moving piece's role × 64 + its to-square (castling: the king to the rook's square),
    /// the `[piece][to]` index of Stockfish's continuation history and counter moves: a reply
    /// answers the piece that now stands on the square. The colour is the side to move's, which
    /// the engine's tables already tell apart.
    fn continuation_index(&self, mv: Move) -> Option<u16> {
        Some((mv.role() as u16 - 1) * 64 + u16::from(mv.to()))
    }

    /// The piece taken (none for a quiet promotion, a pawn for en passant) × 384 + the
    /// continuation index: Stockfish's `[piece][to][captured]` capture history.
    fn capture_index(&self, mv: Move) -> Option<u16> {
        let taken = match mv {
            Move::EnPassant { .. } => Role::Pawn as u16,
            _ => mv.capture().map_or(0, |role| role as u16),
        };
        Some(taken * 384 + self.continuation_index(mv)?)
    }

    /// The Zobrist hash when repetition is on (it covers board, side to move, castling rights and
    /// legal en passant: FIDE's "same position"), `None` when off.
    fn repetition_key(&self) -> Option<u64> {
        self.config.repetition.then_some(self.hash)
    }

    /// The pawns of each side, mixed into one key: the pawn structure, whose evaluation errors
    /// the engine's correction history learns (Stockfish's pawn correction history).
    fn correction_key(&self) -> Option<u64> {
        let board = self.chess.board();
        let pawns = board.pawns();
        let white = (pawns & board.white()).0;
        let black = (pawns & board.black()).0;
        Some(
            white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ black.rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
        )
    }
}

impl ZobristHash for ChessGame {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The from-square, the to-square and the promotion (6, 6 and 3 bits): distinct for the
    /// legal moves of a position (castling is the king's square and the rook's; a drop, in
    /// variants, has no from-square and its own bit).
    fn move_code(&self, mv: Move) -> Option<u32> {
        let to = u32::from(mv.to());
        let promotion = mv.promotion().map_or(0, |role| role as u32);
        Some(match mv.from() {
            Some(from) => u32::from(from) | to << 6 | promotion << 12,
            None => 1 << 15 | to << 6 | (mv.role() as u32) << 12,
        })
    }
}

/// Counts the leaves of the legal move tree `depth` plies deep, through the [`Game`]
/// implementation (`generate_moves`, a copy and `play_in_place`, and `move_count` at the last ply, as the
/// searchers' horizon asks), not shakmaty's own perft: it tests the adapter.
///
/// ```
/// use game_chess::{perft, ChessConfig, ChessGame};
/// assert_eq!(perft(&ChessGame::startpos(ChessConfig::default()), 3), 8_902);
/// ```
#[must_use]
pub fn perft(game: &ChessGame, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting at the last ply, as shakmaty's perft does.
        1 => game.move_count() as u64,
        _ => {
            let mut moves = MoveList::new();
            game.generate_moves(&mut moves);
            let mut sum = 0;
            for &mv in &moves {
                let mut child = game.clone();
                child.play_in_place(mv);
                sum += perft(&child, depth - 1);
            }
            sum
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> ChessGame {
        ChessGame::from_fen(fen, ChessConfig::default()).unwrap()
    }

    fn outcome(game: &ChessGame) -> Option<Outcome> {
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        game.outcome(moves.len())
    }

    #[test]
    fn move_count_is_the_number_of_generated_moves() {
        // The thesis's positions and every position two plies after them, mates and stalemates
        // among them: the count the searchers' horizon asks for equals the list's length.
        let mut checked = 0;
        for record in crate::positions::thesis_24() {
            let root = ChessGame::new(record.chess, ChessConfig::default());
            let mut moves = MoveList::new();
            root.generate_moves(&mut moves);
            let mut positions = vec![root.clone()];
            for &mv in moves.iter() {
                let child = root.play(mv);
                let mut replies = MoveList::new();
                child.generate_moves(&mut replies);
                positions.extend(replies.iter().map(|&reply| child.play(reply)));
                positions.push(child);
            }
            for position in positions {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                assert_eq!(position.move_count(), moves.len(), "{}", position.fen());
                checked += 1;
            }
        }
        assert!(checked > 20_000, "{checked}");
        let mated = game("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(mated.move_count(), 0);
    }

    #[test]
    fn terminal_positions() {
        let cases = [
            ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Some(Outcome::Draw)),
            ("mate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Some(Outcome::Loss)),
            ("K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Some(Outcome::Draw)),
            ("KN v K", "8/8/4k3/8/8/3KN3/8/8 b - - 0 1", Some(Outcome::Draw)),
            ("KB v K", "8/8/4k3/8/8/3KB3/8/8 b - - 0 1", Some(Outcome::Draw)),
            ("KR v K", "8/8/4k3/8/8/3KR3/8/8 b - - 0 1", None),
            (
                "fifty moves",
                "8/8/4k3/8/8/3KR3/8/8 b - - 100 80",
                Some(Outcome::Draw),
            ),
            ("ninety-nine plies", "8/8/4k3/8/8/3KR3/8/8 b - - 99 80", None),
            (
                "mate on the hundredth ply",
                "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80",
                Some(Outcome::Loss),
            ),
        ];
        for (name, fen, expected) in cases {
            assert_eq!(outcome(&game(fen)), expected, "{name}: {fen}");
        }
    }

    #[test]
    fn null_move_is_refused_in_check_and_passes_otherwise() {
        let checked = game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert!(checked.is_in_check());
        assert!(checked.null_move().is_none());
        let start = ChessGame::startpos(ChessConfig::default());
        let passed = start.null_move().unwrap();
        assert_eq!(passed.to_move(), Player::Second);
        assert_eq!(passed.hash(), passed.full_hash());
        assert_ne!(passed.hash(), start.hash());
    }

    #[test]
    fn the_zugzwang_guard_refuses_a_pass_to_king_and_pawns_only() {
        // (position, whether the side to move may pass with the guard on)
        let cases = [
            ("8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1", false),
            ("8/8/4k3/4p3/4P3/4K3/8/7N w - - 0 1", true),
            ("8/8/4k3/4p3/4P3/4K3/8/7n w - - 0 1", false),
            ("8/8/4k3/4p3/4P3/4K3/8/7n b - - 0 1", true),
            ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", false),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true),
        ];
        for (fen, passes) in cases {
            let plain = game(fen);
            assert!(
                plain.null_move().is_some(),
                "without the guard every side passes: {fen}"
            );
            let guarded = plain.with_config(ChessConfig::default().with_zugzwang_guard(true));
            assert_eq!(guarded.has_non_pawn_material(), passes, "{fen}");
            assert_eq!(guarded.null_move().is_some(), passes, "{fen}");
        }
    }

    /// In a king-and-pawn ending the engine's null-move pruning tries passes without the guard
    /// and none with it; with a knight on the board, the side that has it still passes.
    #[test]
    fn the_zugzwang_guard_keeps_the_engine_from_passing_in_pawn_endings() {
        use search_core::engine::{Config, Engine};
        use search_core::{Limits, Searcher};
        let tries = |fen: &str, guard: bool| {
            let config = ChessConfig::default().with_zugzwang_guard(guard);
            let game = ChessGame::from_fen(fen, config).unwrap();
            let engine_config = "id+tt+null+qs".parse::<Config>().unwrap();
            Engine::with_config(crate::Tapered, engine_config)
                .search(&game, &Limits::depth(7))
                .stats
                .null_move_tries
        };
        let pawns = "8/5k2/3p2p1/3P4/2P5/6K1/8/8 w - - 0 1";
        assert!(tries(pawns, false) > 0);
        assert_eq!(tries(pawns, true), 0);
        let knight = "8/5k2/3p2p1/3P4/2P5/6K1/8/7N w - - 0 1";
        assert!(tries(knight, true) > 0);
    }

    #[test]
    fn noisy_moves_are_captures_and_promotions() {
        let game = game("r3k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let noisy: Vec<String> = ["e4d5", "b7a8q", "b7b8n", "e4e5", "e1d2"]
            .into_iter()
            .filter(|uci| game.is_noisy(game.parse_uci(uci).unwrap()))
            .map(String::from)
            .collect();
        assert_eq!(noisy, ["e4d5", "b7a8q", "b7b8n"]);
    }

    /// Outside check the noisy moves alone, in check every move, and the outcome of every move
    /// either way (a stalemate without noisy moves told from a blocked position with a move).
    #[test]
    fn noisy_generation_gives_the_outcome_of_every_move() {
        // (FEN, the outcome: a stalemate, a mate or none)
        let table = [
            // The black king in the corner, every square covered: stalemate.
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Some(Outcome::Draw)),
            // A pawn blocked, the king boxed in: stalemate.
            ("8/8/8/8/8/1p6/1P6/K1k5 w - - 0 1", Some(Outcome::Draw)),
            // The same with b1 free: the king's step is the one move.
            ("8/8/8/8/8/1p6/1P6/K2k4 w - - 0 1", None),
            // A bishop with free squares, pinned along the first rank: stalemate all the same.
            ("7k/8/8/8/8/p7/P7/KBr5 w - - 0 1", Some(Outcome::Draw)),
            ("7k/8/8/8/8/p7/P7/KB3r2 w - - 0 1", Some(Outcome::Draw)),
            // Mated; in check with king steps alone; in check with a capture among the evasions.
            ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Some(Outcome::Loss)),
            ("4k3/8/8/8/8/8/8/r3K2R w K - 0 1", None),
            ("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", None),
        ];
        for (fen, expected) in table {
            let game = game(fen);
            let mut all = MoveList::new();
            game.generate_moves(&mut all);
            let mut noisy = MoveList::new();
            assert_eq!(game.generate_noisy_moves(&mut noisy), Some(expected), "{fen}");
            assert_eq!(game.outcome(all.len()), expected, "{fen}");
            if game.is_in_check() {
                assert_eq!(noisy.as_slice(), all.as_slice(), "{fen}");
            } else {
                let captures: Vec<Move> = all.iter().copied().filter(|&mv| game.is_noisy(mv)).collect();
                assert_eq!(noisy.as_slice(), captures.as_slice(), "{fen}");
            }
        }
    }

    #[test]
    fn history_indexes_are_distinct_per_from_and_to() {
        use std::collections::HashSet;
        let game = ChessGame::startpos(ChessConfig::default());
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        let indexes: HashSet<u16> = moves.iter().map(|&mv| game.history_index(mv).unwrap()).collect();
        assert_eq!(indexes.len(), 20);
        assert!(indexes.iter().all(|&index| index < 64 * 64));
    }

    #[test]
    fn continuation_indexes_are_the_piece_and_its_to_square() {
        // Two knights to the same square share an index; a bishop to it does not; the same
        // knight to two squares does not either. Castling is the king to the rook's square.
        let game = game("r3k2r/8/8/8/8/1BN1N3/8/R3K2R w KQkq - 0 1");
        let index = |uci: &str| game.continuation_index(game.parse_uci(uci).unwrap()).unwrap();
        assert_eq!(index("c3d5"), index("e3d5"));
        assert_ne!(index("b3d5"), index("c3d5"));
        assert_ne!(index("c3d5"), index("c3b5"));
        assert_eq!(index("e1g1"), 5 * 64 + u16::from(shakmaty::Square::H1));
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        assert!(
            moves
                .iter()
                .all(|&mv| game.continuation_index(mv).unwrap() < 6 * 64)
        );
    }

    #[test]
    fn capture_indexes_add_the_piece_taken_to_the_continuation_index() {
        // The knight taking on d5 a pawn or (in another position) a rook: two indices; en
        // passant takes a pawn; a quiet move or promotion takes nothing.
        let pawn = game("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
        let rook = game("4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1");
        let index = |game: &ChessGame, uci: &str| game.capture_index(game.parse_uci(uci).unwrap()).unwrap();
        let continuation =
            |game: &ChessGame, uci: &str| game.continuation_index(game.parse_uci(uci).unwrap()).unwrap();
        assert_eq!(index(&pawn, "c3d5"), 384 + continuation(&pawn, "c3d5"));
        assert_eq!(index(&rook, "c3d5"), 4 * 384 + continuation(&rook, "c3d5"));
        assert_eq!(index(&pawn, "c3e4"), continuation(&pawn, "c3e4"));
        let en_passant = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(
            index(&en_passant, "e5d6"),
            384 + continuation(&en_passant, "e5d6")
        );
        let promotion = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(index(&promotion, "a7a8q"), continuation(&promotion, "a7a8q"));
        // Every index fits the engine's table (7 × 384 of its 65 536).
        let mut moves = MoveList::new();
        rook.generate_moves(&mut moves);
        assert!(moves.iter().all(|&mv| rook.capture_index(mv).unwrap() < 7 * 384));
    }

    #[test]
    fn the_correction_key_is_the_pawns_of_each_side() {
        let key = |fen: &str| game(fen).correction_key().unwrap();
        let start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // Pieces and the side to move do not count; the pawns, and whose they are, do.
        assert_eq!(
            start,
            key("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 2 2")
        );
        assert_ne!(
            start,
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        let white_pawn = key("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let black_pawn = key("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
        assert_ne!(white_pawn, black_pawn);
    }

    #[test]
    fn repetition_key_follows_the_config() {
        let on = ChessGame::startpos(ChessConfig::default());
        assert_eq!(on.repetition_key(), Some(on.hash()));
        let off = on.with_config(ChessConfig::default().with_repetition(false));
        assert_eq!(off.repetition_key(), None);
    }

    #[test]
    fn searchers_apply_the_ordering_stably() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let plain = game(kiwipete);
        let mut generation = MoveList::new();
        plain.generate_moves(&mut generation);
        for ordering in MoveOrdering::ALL {
            let ordered = plain
                .clone()
                .with_config(ChessConfig::default().with_ordering(ordering));
            let mut moves = MoveList::new();
            ordered.generate_moves(&mut moves);
            assert_eq!(
                moves.as_slice(),
                generation.as_slice(),
                "{ordering}: generation is unsorted"
            );
            search_core::order_by_hint(&ordered, &mut moves);
            // The same moves...
            let mut sorted_a: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let mut sorted_b: Vec<String> = generation.iter().map(|m| m.to_string()).collect();
            sorted_a.sort();
            sorted_b.sort();
            assert_eq!(sorted_a, sorted_b, "{ordering}");
            // ...in non-increasing hint order, ties in generation order; the hint is the
            // ordering's key but for the losing captures of the exchange-aware ordering.
            for pair in moves.windows(2) {
                let (a, b) = (ordered.order_hint(pair[0]), ordered.order_hint(pair[1]));
                assert!(a >= b, "{ordering}: {} before {}", pair[0], pair[1]);
                if a == b {
                    let index = |mv| generation.iter().position(|&g| g == mv).unwrap();
                    assert!(index(pair[0]) < index(pair[1]), "{ordering}: tie out of order");
                }
                let losing = ordered.static_exchange(pair[0]).is_some_and(|gain| gain < 0);
                if ordering != MoveOrdering::See || ordering.key(pair[0]) == 0 || !losing {
                    assert_eq!(a, ordering.key(pair[0]), "{ordering}: {}", pair[0]);
                } else {
                    assert!(
                        a < 0,
                        "{ordering}: a losing capture {} goes after the quiet moves",
                        pair[0]
                    );
                }
            }
        }
    }
}
