//! Mates found by the plain reference alpha-beta with their exact distance, shown UCI style from
//! the side to move's view.

use game_chess::{ChessConfig, ChessGame, EpdRecord, MoveOrdering, PointValues, Tapered, parse_epd_file};
use search_core::engine::{Config, Engine};
use search_core::reference::AlphaBeta;
use search_core::{Game, Limits, MoveList, Outcome, Score, SearchResult, Searcher};
use shakmaty::Move;

fn records(text: &str) -> Vec<EpdRecord> {
    parse_epd_file(text).unwrap()
}

/// Plays the principal variation and asserts it ends in checkmate after exactly `plies` moves.
fn assert_pv_mates(root: &ChessGame, result: &SearchResult<Move>, plies: usize, label: &str) {
    assert_eq!(result.pv.len(), plies, "{label}: pv {:?}", result.pv);
    let mut game = root.clone();
    let mut moves = MoveList::new();
    for &mv in &result.pv {
        moves.clear();
        game.generate_moves(&mut moves);
        assert!(moves.contains(&mv), "{label}: illegal pv move {mv}");
        game = game.play(mv);
    }
    moves.clear();
    game.generate_moves(&mut moves);
    assert_eq!(
        game.outcome(moves.len()),
        Some(Outcome::Loss),
        "{label}: the pv does not mate"
    );
}

fn config(ordering: MoveOrdering) -> ChessConfig {
    ChessConfig::default()
        .with_ordering(ordering)
        .with_repetition(false)
}

/// Fiacco's second position: black to move mates in 3 (5 plies).
#[test]
fn fiacco_black_mates_in_3() {
    let record = &records(include_str!("data/fiacco-mates.epd"))[1];
    for ordering in [MoveOrdering::Generation, MoveOrdering::MvvLva] {
        let game = record.game(config(ordering));
        let result = AlphaBeta::new(Tapered).search(&game, &Limits::depth(5));
        assert_eq!(result.score.to_string(), "mate 3", "{ordering}");
        assert_eq!(result.score, Score::mate_in(5));
        assert_pv_mates(&game, &result, 5, "fiacco.2");
    }
}

/// Both Fiacco positions, solved with the exact distance by plain alpha-beta and by the engine,
/// the engine in fewer nodes (same ordering and evaluation).
///
/// Fiacco's first position is K+B+B+N v K: white mates in 6 (11 plies). Plain alpha-beta to
/// depth 11 with MVV-LVA ordering and point values needs 69.7 million nodes (about 10 s in the
/// dev profile), the longest search of the crate's tests.
#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn the_fiacco_mates_plain_and_with_the_engine() {
    fiacco_mates(true);
}

/// The black mate in 3 only: the normal suite's share of the test above.
#[test]
fn the_fiacco_mate_in_3_plain_and_with_the_engine() {
    fiacco_mates(false);
}

fn fiacco_mates(with_the_mate_in_6: bool) {
    let fiacco = records(include_str!("data/fiacco-mates.epd"));
    let cases = [(&fiacco[1], 5u32, "mate 3"), (&fiacco[0], 11, "mate 6")];
    for &(record, plies, shown) in &cases[..if with_the_mate_in_6 { 2 } else { 1 }] {
        let game = record.game(config(MoveOrdering::MvvLva));
        let plain = AlphaBeta::new(PointValues).search(&game, &Limits::depth(plies));
        assert_eq!(plain.score.to_string(), shown, "{}", record.label());
        assert_eq!(plain.score, Score::mate_in(plies));
        assert_pv_mates(&game, &plain, plies as usize, record.label());
        for mut engine in [
            Engine::exact(PointValues),
            Engine::with_config(PointValues, Config::exact().with("mtdf=two-back").unwrap()),
            Engine::with_config(PointValues, Config::exact().with("etc").unwrap()),
        ] {
            let result = engine.search(&game, &Limits::depth(plies));
            let label = format!("{} with {}", record.label(), engine.name());
            assert_eq!(result.score, Score::mate_in(plies), "{label}");
            assert_eq!(result.score, plain.score, "{label}");
            assert_pv_mates(&game, &result, plies as usize, &label);
            assert!(
                result.stats.nodes < plain.stats.nodes,
                "{label}: {} nodes, plain alpha-beta {}",
                result.stats.nodes,
                plain.stats.nodes
            );
            println!(
                "{label}: {} nodes, plain alpha-beta {}",
                result.stats.nodes, plain.stats.nodes
            );
        }
    }
    // Two plies deeper the shortest mate is still the one preferred.
    let game = fiacco[1].game(config(MoveOrdering::MvvLva));
    let deeper = Engine::exact(PointValues).search(&game, &Limits::depth(7));
    assert_eq!(deeper.score, Score::mate_in(5));
}

/// At depth 5 the white mate in 6 is out of reach: no mate score (the search does not invent one).
#[test]
fn fiacco_white_mate_is_not_seen_short_of_its_depth() {
    let record = &records(include_str!("data/fiacco-mates.epd"))[0];
    let game = record.game(config(MoveOrdering::MvvLva));
    let result = AlphaBeta::new(PointValues).search(&game, &Limits::depth(5));
    assert!(!result.score.is_mate(), "{}", result.score);
}

/// The matetrack puzzles: mate in 1, 2, 3 found at exactly 2N-1 plies with the stated distance,
/// still the same distance two plies deeper (the shorter mate is preferred), and "mated in N"
/// positions at 2N plies.
#[test]
fn mate_puzzles() {
    let puzzles = records(include_str!("data/mates.epd"));
    assert_eq!(puzzles.len(), 23);
    for record in &puzzles {
        let label = record.label();
        let expected = record.comments[1].as_deref().unwrap();
        let game = record.game(config(MoveOrdering::MvvLva));
        let mut searcher = AlphaBeta::new(PointValues);
        match record.direct_mate {
            Some(moves) => {
                let plies = 2 * moves - 1;
                let result = searcher.search(&game, &Limits::depth(plies));
                assert_eq!(result.score.to_string(), expected, "{label}");
                assert_eq!(result.score, Score::mate_in(plies), "{label}");
                assert_pv_mates(&game, &result, plies as usize, label);
                // One ply short, the mate is not found.
                let short = searcher.search(&game, &Limits::depth(plies - 1));
                assert!(
                    !short.score.is_mate() || short.score < Score::DRAW,
                    "{label}: {}",
                    short.score
                );
                // Deeper, the same (shortest) mate.
                if moves < 3 {
                    let deeper = searcher.search(&game, &Limits::depth(plies + 2));
                    assert_eq!(deeper.score, Score::mate_in(plies), "{label} deeper");
                }
            }
            None => {
                let plies = expected
                    .strip_prefix("mate -")
                    .and_then(|n| n.parse::<u32>().ok())
                    .map(|n| 2 * n)
                    .unwrap();
                let result = searcher.search(&game, &Limits::depth(plies));
                assert_eq!(result.score.to_string(), expected, "{label}");
                assert_eq!(result.score, Score::mated_in(plies), "{label}");
                assert_pv_mates(&game, &result, plies as usize, label);
            }
        }
    }
}
