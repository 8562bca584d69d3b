//! **Static exchange evaluation** (SEE; Chess Programming Wiki, "Static Exchange Evaluation",
//! the swap algorithm): the material a capture wins or loses when both sides then capture on its
//! square with their least valuable piece for as long as it pays, without playing the moves.
//!
//! - **Idea.** The swap list: `gain[0]` is the piece taken; each recapture `d` gains the piece
//!   that took last, less what the side gained before: `gain[d] = value(last taker) − gain[d−1]`.
//!   Then from the end each side chooses to stop or go on: `gain[d−1] = −max(−gain[d−1],
//!   gain[d])`. Sliding pieces behind a taker (x-rays) join as the square's attackers leave; a
//!   king takes last, and only if nothing defends the square.
//! - **Invariant.** The result is what the exchange is worth to the mover with both sides
//!   stopping when it suits them: a capture of an undefended piece is worth the piece; a
//!   quiet move (no capture, no promotion) is worth `0` minus what it loses on the square.
//! - **Cost.** A few bitboard operations per recapture; no move is made. Pins and checks are
//!   ignored (as in every engine's SEE): an estimate, used to order captures, to skip losing
//!   ones in quiescence search (`qs-see`) and, near the horizon, moves that lose too much
//!   (`see-prune`), never to decide a value.

use shakmaty::attacks::{bishop_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, Move, Role, Square};

/// The pieces' values in the exchange, in centipawns (a king is worth more than any exchange).
const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 320,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 20_000,
    }
}

/// The value for the side playing `mv` on `board` (`turn` to move) of the exchange `mv` starts
/// on its square, in centipawns. Castling is worth `0`.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame};
/// use game_chess::see::static_exchange;
/// use shakmaty::Position;
/// let game = ChessGame::from_fen("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", ChessConfig::default())?;
/// let qxe5 = game.parse_uci("e2e5")?;
/// // The queen takes a pawn that a pawn defends: +100 − 950.
/// assert_eq!(static_exchange(game.board(), game.chess().turn(), qxe5), -850);
/// # Ok::<(), game_chess::Error>(())
/// ```
#[must_use]
pub fn static_exchange(board: &Board, turn: Color, mv: Move) -> i32 {
    let Some(from) = mv.from() else {
        return 0;
    };
    if matches!(mv, Move::Castle { .. }) {
        return 0;
    }
    let to = mv.to();
    let mut occupied = board.occupied() ^ Bitboard::from_square(from);
    let mut gain = [0i32; 32];
    gain[0] = mv.capture().map_or(0, value);
    let mut on_square = mv.role();
    if let Some(promotion) = mv.promotion() {
        gain[0] += value(promotion) - value(Role::Pawn);
        on_square = promotion;
    }
    if let Move::EnPassant { .. } = mv {
        // The pawn taken stands beside the square, not on it.
        let taken = Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from_square(taken);
    }
    let diagonal = board.bishops() | board.queens();
    let straight = board.rooks() | board.queens();
    let mut attackers = (board.attacks_to(to, Color::White, occupied)
        | board.attacks_to(to, Color::Black, occupied))
        & occupied;
    let mut side = !turn;
    let mut depth = 0;
    loop {
        let ours = attackers & board.by_color(side);
        let Some((square, role)) = least_valuable(board, ours) else {
            break;
        };
        // A king takes only a square nothing defends any more.
        if role == Role::King && (attackers & board.by_color(!side) & !Bitboard::from_square(square)).any() {
            break;
        }
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = value(on_square) - gain[depth - 1];
        if gain[depth].max(-gain[depth - 1]) < 0 {
            // Neither side gains by going on from here.
            break;
        }
        on_square = role;
        occupied ^= Bitboard::from_square(square);
        // Sliders behind the piece that took join in.
        attackers |= (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
        attackers &= occupied;
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -((-gain[depth - 1]).max(gain[depth]));
        depth -= 1;
    }
    gain[0]
}

/// The least valuable piece among `attackers`, with its square.
fn least_valuable(board: &Board, attackers: Bitboard) -> Option<(Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        (attackers & board.by_role(role))
            .first()
            .map(|square| (square, role))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChessConfig, ChessGame};
    use shakmaty::Position;

    /// Each case: a position, a move and what the exchange it starts is worth to the mover.
    #[test]
    fn exchanges_are_worth_what_the_swap_says() {
        let cases = [
            (
                "an undefended knight",
                "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
                "d1d5",
                320,
            ),
            (
                "a pawn defended by a pawn, taken by the queen",
                "4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1",
                "e2e5",
                -850,
            ),
            (
                "a pawn defended by a pawn, taken by a pawn",
                "4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1",
                "d4e5",
                0,
            ),
            (
                "a rook defended by a rook, taken by a knight",
                "3rk3/8/8/3r4/8/4N3/8/4K3 w - - 0 1",
                "e3d5",
                500 - 320,
            ),
            (
                "the queen behind the moving rook",
                "3r3k/3r4/8/8/8/8/3R4/3QK3 w - - 0 1",
                "d2d7",
                500,
            ),
            (
                "an x-ray: the queen behind the rook recaptures, so the pawn trade is all",
                "3q3k/3r4/8/3p4/4P3/8/8/3R3K w - - 0 1",
                "e4d5",
                0,
            ),
            (
                "the king would take the queen: white stops after one exchange",
                "3rk3/3r4/8/8/8/8/3R4/3QK3 w - - 0 1",
                "d2d7",
                0,
            ),
            (
                "bishop takes a knight that a pawn defends",
                "4k3/8/8/4p3/3n4/8/8/B3K3 w - - 0 1",
                "a1d4",
                0,
            ),
            (
                "en passant, the pawn undefended",
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                "e5d6",
                100,
            ),
            (
                "a quiet move to a safe square",
                "4k3/8/8/8/8/8/8/B3K3 w - - 0 1",
                "a1b2",
                0,
            ),
            (
                "a quiet knight move onto a pawn-guarded square",
                "4k3/8/4p3/8/8/4N3/8/4K3 w - - 0 1",
                "e3d5",
                -320,
            ),
            (
                "the king recaptures an undefended square",
                "8/8/4k3/3n4/8/8/8/3RK3 w - - 0 1",
                "d1d5",
                320 - 500,
            ),
            (
                "the king cannot recapture a defended square",
                "8/8/4k3/3n4/8/1B6/8/3RK3 w - - 0 1",
                "d1d5",
                320,
            ),
            (
                "a promotion, the square undefended",
                "7k/3P4/8/8/8/8/8/4K3 w - - 0 1",
                "d7d8q",
                850,
            ),
            ("castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0),
        ];
        for (what, fen, uci, expected) in cases {
            let game = ChessGame::from_fen(fen, ChessConfig::default()).unwrap();
            let mv = game.parse_uci(uci).unwrap();
            assert_eq!(
                static_exchange(game.board(), game.chess().turn(), mv),
                expected,
                "{what}"
            );
        }
    }

    /// With `qs-see`, quiescence search does not follow a capture that loses material: here the
    /// queen's capture of a defended pawn, whose line the plain quiescence search walks.
    #[test]
    fn quiescence_skips_losing_captures_with_qs_see() {
        use search_core::engine::{Config, Engine};
        use search_core::{Limits, Searcher};
        let game =
            ChessGame::from_fen("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", ChessConfig::default()).unwrap();
        let search = |config: &str| {
            Engine::with_config(crate::Tapered, config.parse::<Config>().unwrap())
                .search(&game, &Limits::depth(0))
        };
        let plain = search("qs");
        let see = search("qs+qs-see");
        assert_eq!(plain.stats.losing_captures_skipped, 0);
        assert_eq!(see.stats.losing_captures_skipped, 1);
        assert!(see.stats.quiescence_nodes < plain.stats.quiescence_nodes);
        // The capture loses, so both values are the stand pat.
        assert_eq!(see.score, plain.score);
    }

    /// With `see-prune`, the search near the horizon skips moves that lose material on their
    /// square (here in a middle game full of them), and still finds a mate that starts with
    /// checks and ends with a queen given away with check (Philidor's smothered mate: Nf7+ Kg8
    /// Nh6++ Kh8 Qg8+ Rxg8 Nf7#; a checking move is never skipped).
    #[test]
    fn see_pruning_skips_losing_moves_but_not_a_checking_sacrifice() {
        use search_core::engine::{Config, Engine};
        use search_core::{Limits, Searcher};
        let search = |fen: &str, config: &str, depth: u32| {
            let game = ChessGame::from_fen(fen, ChessConfig::default()).unwrap();
            let config = format!("strongest{config}").parse::<Config>().unwrap();
            Engine::with_config(crate::Tapered, config).search(&game, &Limits::depth(depth))
        };
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let plain = search(kiwipete, "", 4);
        let pruned = search(kiwipete, "+see-prune=80", 4);
        assert_eq!(plain.stats.see_pruned_moves, 0);
        assert!(pruned.stats.see_pruned_moves > 0);
        assert!(pruned.stats.nodes < plain.stats.nodes);
        let smothered = "r6k/6pp/1q6/6N1/2Q5/8/5PPP/6K1 w - - 0 1";
        for config in ["", "+see-prune=80"] {
            let result = search(smothered, config, 5);
            assert_eq!(result.score.mate_moves(), Some(4), "{config}: {}", result.score);
            assert_eq!(
                result.best_move.map(|mv| mv.to_string()),
                Some("Ng5-f7".into()),
                "{config}"
            );
        }
    }
}
