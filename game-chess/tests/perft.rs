//! Perft through the adapter's own `Game` implementation (`generate_moves` + `play`), against the
//! published counts and the perft suite.

use game_chess::{ChessConfig, ChessGame, MoveOrdering, parse_epd_file, perft};

fn game(fen: &str) -> ChessGame {
    ChessGame::from_fen(fen, ChessConfig::default()).unwrap()
}

/// The Chess Programming Wiki's six perft positions at the depths the issue names.
#[test]
fn published_counts() {
    let cases = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
            4_865_609,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            4_085_603,
        ),
        (
            "position 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            5,
            674_624,
        ),
        (
            "position 4",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        (
            "position 5",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
            2_103_487,
        ),
        (
            "position 6",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            4,
            3_894_594,
        ),
    ];
    for (name, fen, depth, expected) in cases {
        assert_eq!(perft(&game(fen), depth), expected, "{name} at depth {depth}");
    }
}

/// Ordering the moves changes their order, never the tree.
#[test]
fn orderings_do_not_change_counts() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for ordering in MoveOrdering::ALL {
        let ordered = game(kiwipete).with_config(ChessConfig::default().with_ordering(ordering));
        assert_eq!(perft(&ordered, 3), 97_862, "{ordering}");
    }
}

/// The largest count of the suite checked per stored depth: keeps the test a few seconds long
/// in the dev profile; ten times more in an optimised build (CI's release step runs every test,
/// `--include-ignored`).
const SUITE_NODE_BUDGET: u64 = if cfg!(debug_assertions) {
    200_000
} else {
    2_000_000
};

/// Every position of the perft suite, at every stored depth whose count is within the budget; every
/// position must have at least one such depth. In two halves (even and odd lines), two tests that
/// the test threads run side by side.
#[test]
fn perft_suite_first_half() {
    perft_suite(0);
}

/// See [`perft_suite_first_half`].
#[test]
fn perft_suite_second_half() {
    perft_suite(1);
}

fn perft_suite(half: usize) {
    let records = parse_epd_file(include_str!("data/perft.epd")).unwrap();
    assert_eq!(records.len(), 174);
    let records: Vec<_> = records.iter().skip(half).step_by(2).collect();
    let mut checked = 0;
    for record in records {
        let game = record.game(ChessConfig::default());
        let within: Vec<_> = record
            .perft
            .iter()
            .filter(|&&(_, nodes)| nodes <= SUITE_NODE_BUDGET)
            .collect();
        // Positions whose only stored count is above the budget are checked at their smallest.
        let to_check = if within.is_empty() {
            vec![record.perft.iter().min_by_key(|&&(_, nodes)| nodes).unwrap()]
        } else {
            within
        };
        for &(depth, nodes) in to_check {
            assert_eq!(perft(&game, depth), nodes, "{} at depth {depth}", record.fen);
            checked += 1;
        }
    }
    assert!(checked >= 174 / 2, "only {checked} counts checked");
}
