//! The incrementally updated Zobrist hash equals the full hash along long seeded random games.

use game_chess::{ChessConfig, ChessGame, positions};
use search_core::{Game, MoveList, ZobristHash};

/// SplitMix64: a tiny seeded generator, enough to pick moves reproducibly.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const GAMES: u64 = 200;
const MAX_PLIES: usize = 300;

#[test]
fn incremental_hash_equals_full_hash_along_random_games() {
    let mut starts = vec![ChessGame::startpos(ChessConfig::default())];
    starts.extend(
        positions::thesis_24()
            .iter()
            .map(|r| r.game(ChessConfig::default())),
    );
    let (mut plies, mut special) = (0, 0);
    for seed in 0..GAMES {
        let mut rng = SplitMix64(seed);
        let mut game = starts[seed as usize % starts.len()].clone();
        let mut moves = MoveList::new();
        for ply in 0..MAX_PLIES {
            moves.clear();
            game.generate_moves(&mut moves);
            if game.outcome(moves.len()).is_some() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            special += usize::from(mv.is_castle() || mv.is_en_passant() || mv.is_promotion());
            game = game.play(mv);
            plies += 1;
            assert_eq!(
                game.zobrist(),
                game.full_hash(),
                "seed {seed}, ply {ply}, after {mv}: {}",
                game.fen()
            );
            // The null move keeps the hash right too.
            if let Some(passed) = game.null_move() {
                assert_eq!(
                    passed.zobrist(),
                    passed.full_hash(),
                    "null move in {}",
                    game.fen()
                );
            }
        }
    }
    // The games were long and exercised castling, en passant and promotions.
    assert!(plies > 20_000, "{plies} plies");
    assert!(special > 100, "{special} special moves");
}

#[test]
fn transpositions_hash_equally_and_side_to_move_counts() {
    let start = ChessGame::startpos(ChessConfig::default());
    let a = start.play_uci_line(&["g1f3", "g8f6", "b1c3"]).unwrap();
    let b = start.play_uci_line(&["b1c3", "g8f6", "g1f3"]).unwrap();
    assert_eq!(a.zobrist(), b.zobrist());
    let c = start.play_uci_line(&["g1f3", "g8f6", "b1c3", "b8c6"]).unwrap();
    let d = start.play_uci_line(&["b1c3", "b8c6", "g1f3", "g8f6"]).unwrap();
    assert_eq!(c.zobrist(), d.zobrist());
    assert_ne!(a.zobrist(), c.zobrist());
    // Castling rights are part of the position: Rh1-g1-h1 loses them.
    let e = start
        .play_uci_line(&["g1f3", "g8f6", "h1g1", "f6g8", "g1h1", "g8f6"])
        .unwrap();
    let f = start.play_uci_line(&["g1f3", "g8f6"]).unwrap();
    assert_eq!(e.board(), f.board());
    assert_ne!(e.zobrist(), f.zobrist());
}

#[test]
fn every_move_of_the_perft_suite_hashes_as_from_scratch() {
    // The perft suite's 174 positions are chosen for their edge cases: castling with rights about
    // to be lost, en passant (legal or pinned), promotions with and without capture, checks.
    let records = game_chess::parse_epd_file(include_str!("data/perft.epd")).unwrap();
    let mut moves = MoveList::new();
    let mut two_plies = 0;
    for record in &records {
        let game = record.game(ChessConfig::default());
        assert_eq!(game.zobrist(), game.full_hash(), "{}", record.fen);
        moves.clear();
        game.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let child = game.play(mv);
            assert_eq!(child.zobrist(), child.full_hash(), "{} after {mv}", record.fen);
            // And one ply further, where a double push's en passant square is answered.
            let mut replies = MoveList::new();
            child.generate_moves(&mut replies);
            for &reply in replies.iter() {
                let grandchild = child.play(reply);
                assert_eq!(
                    grandchild.zobrist(),
                    grandchild.full_hash(),
                    "{} after {mv} {reply}",
                    record.fen
                );
                two_plies += 1;
            }
        }
    }
    assert!(two_plies > 30_000, "{two_plies} positions two plies deep");
}
