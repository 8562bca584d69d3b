//! Draw detection: stalemate scores 0, dead positions and the fifty-move rule are draws, and the
//! repetition keys a searcher needs (the engine's repetition handling is tested with the engine).

use game_chess::{ChessConfig, ChessGame, GameHistory, PointValues, Tapered, repetition_count};
use search_core::reference::{AlphaBeta, Minimax};
use search_core::{Game, Limits, MoveList, Outcome, Score, Searcher};

fn game(fen: &str) -> ChessGame {
    ChessGame::from_fen(fen, ChessConfig::default().with_repetition(false)).unwrap()
}

fn outcome(game: &ChessGame) -> Option<Outcome> {
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    game.outcome(moves.len())
}

#[test]
fn stalemate_scores_zero_even_a_queen_up() {
    let stalemate = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(outcome(&stalemate), Some(Outcome::Draw));
    for depth in 0..=3 {
        let result = AlphaBeta::new(PointValues).search(&stalemate, &Limits::depth(depth));
        assert_eq!(result.score, Score::DRAW, "depth {depth}");
        assert_eq!(result.best_move, None);
    }
}

/// White, a queen up, must not stalemate: at depth 2 the search sees Qf7 stalemates (0) and
/// prefers a move that keeps the queen's value.
#[test]
fn the_search_avoids_stalemating() {
    let before = game("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1");
    let result = AlphaBeta::new(PointValues).search(&before, &Limits::depth(2));
    assert_ne!(game_chess::to_uci(result.best_move.unwrap()), "f2f7");
    assert!(result.score > Score::cp(800), "{}", result.score);
}

#[test]
fn dead_positions_are_draws() {
    let cases = [
        ("K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Some(Outcome::Draw)),
        ("K+N v K", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Some(Outcome::Draw)),
        ("K+B v K", "8/8/4k3/8/8/3KB3/8/8 b - - 0 1", Some(Outcome::Draw)),
        (
            "K+N v K+N can still mate",
            "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1",
            None,
        ),
        ("K+P v K", "8/8/4k3/8/8/3KP3/8/8 w - - 0 1", None),
    ];
    for (name, fen, expected) in cases {
        assert_eq!(outcome(&game(fen)), expected, "{name}");
    }
    // Searched, a dead position is 0 at any depth, whatever the material says.
    let knight_up = game("8/8/4k3/8/8/3KN3/8/8 w - - 0 1");
    let result = Minimax::new(PointValues).search(&knight_up, &Limits::depth(2));
    assert_eq!(result.score, Score::DRAW);
    // Capturing the last pawn into K+N v K is a draw the search sees one ply ahead.
    let capture = game("8/8/4k3/8/3p4/3KN3/8/8 w - - 0 1");
    let mut moves = MoveList::new();
    capture.generate_moves(&mut moves);
    let take = capture.parse_uci("d3d4").unwrap();
    assert_eq!(outcome(&capture.play(take)), Some(Outcome::Draw));
}

#[test]
fn fifty_move_rule() {
    // A rook up with the clock at 99: any quiet move ends the game drawn; a checkmate would not.
    let at_99 = game("8/8/8/8/8/2k5/8/K6R w - - 99 120");
    assert_eq!(outcome(&at_99), None);
    let quiet = at_99.play(at_99.parse_uci("h1h2").unwrap());
    assert_eq!(quiet.halfmoves(), 100);
    assert_eq!(outcome(&quiet), Some(Outcome::Draw));
    let result = AlphaBeta::new(Tapered).search(&at_99, &Limits::depth(2));
    assert_eq!(result.score, Score::DRAW);
    // Mate delivered on the hundredth ply is still mate.
    let mate_at_99 = game("k7/8/1K6/8/8/8/8/7R w - - 99 120");
    let result = AlphaBeta::new(Tapered).search(&mate_at_99, &Limits::depth(1));
    assert_eq!(result.score, Score::mate_in(1));
}

/// A forced repetition, for the engine: White gives perpetual check (Qe8+ Kh7 Qh5+ Kg8 Qe8+ …)
/// and every Black reply is the only legal move, so the position after the first Qe8+ comes back
/// every 4 plies whatever Black does. A searcher that honours repetition sees the key of that
/// position on its line at ply 5 (or in the history before its root) and scores it as a draw;
/// the reference searchers ignore repetition keys.
#[test]
fn perpetual_check_is_a_forced_repetition() {
    let fen = "6k1/6p1/8/8/8/8/rr2QPPP/6K1 w - - 0 1";
    let perpetual = [
        "e2e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5", "h7g8", "h5e8",
    ];
    let mut history = GameHistory::from_uci(fen, &[] as &[&str], ChessConfig::default()).unwrap();
    let mut moves = MoveList::new();
    for (ply, uci) in perpetual.iter().enumerate() {
        if ply % 2 == 1 {
            // Black's reply is forced: its only legal move.
            moves.clear();
            history.position().generate_moves(&mut moves);
            assert_eq!(moves.len(), 1, "ply {ply}: {}", history.position().fen());
            assert_eq!(game_chess::to_uci(moves[0]), *uci);
        }
        history.play_uci(uci).unwrap();
    }
    let after_first_check = history.previous_keys()[1];
    // The position after the first Qe8+ occurs for the third time after the ninth move.
    assert_eq!(history.position().hash(), after_first_check);
    assert_eq!(history.repetitions(), 2);
    assert!(history.is_threefold_repetition());
    // The keys the engine is given before the root: all reversible, none cut.
    assert_eq!(history.reversible_keys(), history.previous_keys());
    assert_eq!(repetition_count(history.reversible_keys(), after_first_check), 2);
    // With repetition on, the key a searcher stacks is the hash; off, none.
    assert_eq!(history.position().repetition_key(), Some(after_first_check));
    let off = history
        .position()
        .clone()
        .with_config(ChessConfig::default().with_repetition(false));
    assert_eq!(off.repetition_key(), None);
}
