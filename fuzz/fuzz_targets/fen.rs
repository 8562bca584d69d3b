//! `ChessGame::from_fen` on arbitrary text: an error or a position; a position prints back with
//! `fen()` to a FEN that parses to the same position (same FEN, same hash), its hash is the one
//! computed from scratch, and every legal move played from it keeps the incremental hash right.
#![no_main]

use game_chess::{ChessConfig, ChessGame};
use libfuzzer_sys::fuzz_target;
use search_core::{Game, MoveList};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = ChessGame::from_fen(text, ChessConfig::default()) else {
        return;
    };
    let fen = game.fen();
    let again = ChessGame::from_fen(&fen, ChessConfig::default())
        .unwrap_or_else(|error| panic!("{text:?} parsed, but its FEN {fen:?} does not: {error}"));
    assert_eq!(again.fen(), fen, "{text:?}: the printed FEN is not a fixed point");
    assert_eq!(
        again.hash(),
        game.hash(),
        "{text:?}: the hash changed through {fen:?}"
    );
    assert_eq!(
        game.hash(),
        game.full_hash(),
        "{text:?}: the hash is not the full hash"
    );

    // The position is searchable: its moves, their incremental hashes, the search root.
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    let _ = game.outcome(moves.len());
    for &mv in moves.iter() {
        let child = game.play(mv);
        assert_eq!(
            child.hash(),
            child.full_hash(),
            "{fen}: the incremental hash is wrong after {}",
            game_chess::to_uci(mv)
        );
        let uci = game_chess::to_uci(mv);
        assert_eq!(
            game.parse_uci(&uci).ok(),
            Some(mv),
            "{fen}: {uci} does not parse back"
        );
    }
    let root = game.search_root();
    assert_eq!(root.hash(), game.hash(), "{fen}: the search root's hash differs");
});
