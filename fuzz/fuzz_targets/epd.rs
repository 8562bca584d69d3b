//! `parse_epd` and `parse_epd_file` on arbitrary text: an error or records. A record's FEN parses
//! to the record's position, its game prints back to a FEN that parses to the same position,
//! and its `bm`/`am` moves are legal there.
#![no_main]

use game_chess::{ChessConfig, ChessGame, EpdRecord, parse_epd, parse_epd_file};
use libfuzzer_sys::fuzz_target;
use search_core::{Game, MoveList};

fn check(text: &str, record: &EpdRecord) {
    let game = record.game(ChessConfig::default());
    assert_eq!(game.hash(), game.full_hash(), "{text:?}");
    let fen = game.fen();
    let again = ChessGame::from_fen(&fen, ChessConfig::default())
        .unwrap_or_else(|error| panic!("{text:?}: the record's FEN {fen:?} does not parse: {error}"));
    assert_eq!(
        again.hash(),
        game.hash(),
        "{text:?}: the position changed through {fen:?}"
    );
    let own = ChessGame::from_fen(&record.fen, ChessConfig::default())
        .unwrap_or_else(|error| panic!("{text:?}: record.fen {:?} does not parse: {error}", record.fen));
    assert_eq!(
        own.hash(),
        game.hash(),
        "{text:?}: record.fen is another position"
    );
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    for mv in record.best_moves.iter().chain(&record.avoid_moves) {
        assert!(moves.iter().any(|m| m == mv), "{text:?}: {mv:?} is not legal");
    }
    let _ = record.label();
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = parse_epd(text) {
        check(text, &record);
    }
    if text.contains('\n')
        && let Ok(records) = parse_epd_file(text)
    {
        for record in &records {
            check(text, record);
        }
    }
});
