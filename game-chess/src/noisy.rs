//! **Noisy moves alone**, for the quiescence search ([`Game::generate_noisy_moves`], which
//! `position.rs` implements with them outside check): the legal captures and promotions of a
//! position not in check, without generating its quiet moves.
//!
//! - **Idea.** Most of the engine's nodes are quiescence nodes, and a quiescence node without
//!   `qs-checks` searches only captures and promotions; yet it generated every legal move (about
//!   35 in a middle game) to pick out the few noisy ones. Here the noisy moves are generated
//!   directly: each piece's attacks on the enemy's pieces, the pawns' captures and promotions,
//!   en passant, the king's captures of undefended pieces.
//! - **Invariant.** The moves are exactly the noisy moves of shakmaty's `legal_moves`, in its
//!   order (en passant; the pawns' captures towards the a-file side, then the h-file side, each
//!   before its promotions; the pawns' pushes to the last rank; then knights, bishops, rooks,
//!   queens and the king, each from its lowest square and to its lowest square first), and a
//!   move of a pinned piece only along its pin, as there. So the quiescence search sees the
//!   same moves in the same order and searches the same nodes (the tests compare the two move
//!   by move on the perft suite and thousands of positions of random games). The outcome is
//!   the one all the legal moves give: a position with no noisy move is a stalemate only if it
//!   has no quiet move either, which is looked for directly (one knight or slider with a free
//!   square, a pawn that can step, a safe king step), and by the full generation only when
//!   none is found.
//! - **Cost.** A few bitboard operations per piece; the full generation only in check (the
//!   evasions) and in the rare position whose every piece is blocked or pinned.
//!
//! [`Game::generate_noisy_moves`]: search_core::Game::generate_noisy_moves

use search_core::MoveList;
use shakmaty::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, queen_attacks, ray, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

/// The noisy moves of `chess` (not in check) into `moves`, and whether `chess` has any legal
/// move at all: the moves and, through their number, the outcome that
/// [`Game::generate_noisy_moves`](search_core::Game::generate_noisy_moves) gives outside check.
pub(crate) fn noisy_moves_and_any_move(chess: &Chess, moves: &mut MoveList<Move>) -> bool {
    noisy_moves(chess, moves);
    !moves.is_empty() || has_quiet_move(chess)
}

/// The squares of `us`'s pieces pinned to `king` by an enemy slider (shakmaty's slider
/// blockers, ours only: a piece alone between the king and an enemy slider on its line).
fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    let them = board.by_color(!us);
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers & them {
        let blockers = between(king, sniper) & board.occupied();
        if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    pinned & board.by_color(us)
}

/// The legal captures and promotions of `chess` (not in check), in `legal_moves`' order.
fn noisy_moves(chess: &Chess, moves: &mut MoveList<Move>) {
    let board = chess.board();
    let us = chess.turn();
    let them = board.by_color(!us);
    let occupied = board.occupied();
    let Some(king) = board.king_of(us) else {
        return;
    };
    let pinned = pinned(board, us, king);

    // En passant first (shakmaty checks its legality, the one capture that empties two squares).
    moves.extend_from_slice(&chess.en_passant_moves());

    let mut push = |role: Role, from: Square, to: Square, promotion: Option<Role>| {
        // A pinned piece moves only along its pin.
        if !pinned.contains(from) || aligned(from, to, king) {
            moves.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion,
            });
        }
    };
    let promote = |push: &mut dyn FnMut(Role, Square, Square, Option<Role>), from, to| {
        for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            push(Role::Pawn, from, to, Some(promotion));
        }
    };

    // Pawns: captures towards the a-file side, then the h-file side; then pushes to the last rank.
    let pawns = board.pawns() & board.by_color(us);
    let (west, east, forward) = match us {
        Color::White => (7, 9, 8),
        Color::Black => (-9, -7, -8),
    };
    let not_a = !Bitboard::from_file(shakmaty::File::A);
    let not_h = !Bitboard::from_file(shakmaty::File::H);
    for (offset, from_files) in [(west, not_a), (east, not_h)] {
        let captures = (pawns & from_files).shift(offset) & them;
        for to in captures & !Bitboard::BACKRANKS {
            push(Role::Pawn, from_square(to, offset), to, None);
        }
        for to in captures & Bitboard::BACKRANKS {
            promote(&mut push, from_square(to, offset), to);
        }
    }
    let steps = pawns.shift(forward) & !occupied;
    for to in steps & Bitboard::BACKRANKS {
        promote(&mut push, from_square(to, forward), to);
    }

    // The pieces, each on the enemy's pieces.
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & board.by_color(us) {
            let attacks = match role {
                Role::Knight => knight_attacks(from),
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                _ => queen_attacks(from, occupied),
            };
            for to in attacks & them {
                push(role, from, to, None);
            }
        }
    }

    // The king, on pieces nothing defends (not in check, no slider looks through it).
    for to in king_attacks(king) & them {
        if board.attacks_to(to, !us, occupied).is_empty() {
            push(Role::King, king, to, None);
        }
    }
}

/// The square `offset` squares before `to` (the pawn's origin).
fn from_square(to: Square, offset: i32) -> Square {
    Square::new((to.to_u32() as i32 - offset) as u32)
}

/// Whether `chess` (not in check, with no noisy move) has a quiet legal move.
fn has_quiet_move(chess: &Chess) -> bool {
    let board = chess.board();
    let us = chess.turn();
    let occupied = board.occupied();
    let empty = !occupied;
    let Some(king) = board.king_of(us) else {
        return !chess.legal_moves().is_empty();
    };
    let pinned = pinned(board, us, king);
    // A pinned piece moves only along the line through its king and itself.
    let along_pin = |from: Square| {
        if pinned.contains(from) {
            ray(king, from)
        } else {
            Bitboard::FULL
        }
    };
    for from in board.by_color(us) & !board.pawns() & !board.kings() {
        let attacks = match board.role_at(from) {
            Some(Role::Knight) => knight_attacks(from),
            Some(Role::Bishop) => bishop_attacks(from, occupied),
            Some(Role::Rook) => rook_attacks(from, occupied),
            _ => queen_attacks(from, occupied),
        };
        if (attacks & empty & along_pin(from)).any() {
            return true;
        }
    }
    let forward = if us == Color::White { 8 } else { -8 };
    for to in (board.pawns() & board.by_color(us)).shift(forward) & empty {
        if (along_pin(from_square(to, forward)) & Bitboard::from_square(to)).any() {
            return true;
        }
    }
    for to in king_attacks(king) & empty {
        if board.attacks_to(to, !us, occupied).is_empty() {
            return true;
        }
    }
    // Every piece blocked or pinned, the king boxed in: the full generation decides (castling,
    // double steps and en passant included).
    !chess.legal_moves().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_epd_file;

    /// The noisy moves of `legal_moves`, in its order.
    fn expected(chess: &Chess) -> Vec<Move> {
        chess
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.is_capture() || mv.is_promotion())
            .collect()
    }

    /// Checks `noisy_moves_and_any_move` on `chess` if it is not in check (in check the game
    /// generates every move instead): every noisy move in `legal_moves`' order, and whether there
    /// is any legal move.
    fn check(chess: &Chess) {
        if chess.is_check() {
            return;
        }
        let mut moves = MoveList::new();
        let any_move = noisy_moves_and_any_move(chess, &mut moves);
        let fen = || shakmaty::fen::Fen::from_position(chess, shakmaty::EnPassantMode::Legal);
        assert_eq!(any_move, !chess.legal_moves().is_empty(), "{}", fen());
        assert_eq!(moves.as_slice(), expected(chess).as_slice(), "{}", fen());
    }

    /// Positions of the perft suite, with pins, en passant, promotions and castling.
    fn perft_positions() -> Vec<Chess> {
        parse_epd_file(include_str!("../tests/data/perft.epd"))
            .expect("the perft suite")
            .into_iter()
            .map(|record| record.chess)
            .collect()
    }

    #[test]
    fn noisy_moves_are_the_legal_noisy_moves_in_order_on_the_perft_suite_and_two_plies_on() {
        let mut checked = 0;
        for root in perft_positions() {
            check(&root);
            for first in root.legal_moves() {
                let mut child = root.clone();
                child.play_unchecked(first);
                check(&child);
                for second in child.legal_moves() {
                    let mut grandchild = child.clone();
                    grandchild.play_unchecked(second);
                    check(&grandchild);
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "only {checked} positions");
    }

    #[test]
    fn noisy_moves_follow_random_games_to_their_ends() {
        // A small linear congruential generator: the same games every run.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        };
        let (mut positions, mut stalemates) = (0, 0);
        for _ in 0..400 {
            let mut chess = Chess::default();
            for _ in 0..300 {
                check(&chess);
                positions += 1;
                let moves = chess.legal_moves();
                if moves.is_empty() {
                    stalemates += usize::from(!chess.is_check());
                    break;
                }
                // Captures and promotions more often than their share, to reach end games.
                let noisy: Vec<Move> = expected(&chess);
                let mv = if !noisy.is_empty() && next(2) == 0 {
                    noisy[next(noisy.len())]
                } else {
                    moves[next(moves.len())]
                };
                chess.play_unchecked(mv);
            }
        }
        assert!(positions > 50_000, "only {positions} positions");
        assert!(stalemates > 0, "no stalemate reached");
    }

    #[test]
    fn a_stalemate_without_noisy_moves_is_told_from_a_blocked_position_with_a_move() {
        // (FEN, whether the side to move has a move: none is a stalemate)
        let table = [
            // The black king in the corner, every square covered: stalemate.
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            // A pawn blocked, the king boxed in: stalemate.
            ("8/8/8/8/8/1p6/1P6/K1k5 w - - 0 1", false),
            // The same with b1 free: the king's step is the one move.
            ("8/8/8/8/8/1p6/1P6/K2k4 w - - 0 1", true),
            // A bishop with free squares, pinned along the first rank: stalemate all the same.
            ("7k/8/8/8/8/p7/P7/KBr5 w - - 0 1", false),
            ("7k/8/8/8/8/p7/P7/KB3r2 w - - 0 1", false),
        ];
        for (fen, any_move) in table {
            let chess: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            let mut moves = MoveList::new();
            assert_eq!(noisy_moves_and_any_move(&chess, &mut moves), any_move, "{fen}");
            check(&chess);
        }
    }
}
