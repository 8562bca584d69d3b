//! The test suites shipped in `tests/data` (for `tests/python/solve_suite.py`) are read by our own
//! EPD parser too: every position legal, every `bm` move legal in it, the counts the suites
//! announce.

use game_chess::{parse_epd, parse_epd_file};

#[test]
fn every_best_move_suite_parses_with_legal_solutions() {
    let suites = [
        ("wac.epd", include_str!("data/wac.epd"), 300),
        ("ecm.epd", include_str!("data/ecm.epd"), 879),
        ("sts.epd", include_str!("data/sts.epd"), 1500),
        ("bratko-kopec.epd", include_str!("data/bratko-kopec.epd"), 24),
    ];
    for (name, text, count) in suites {
        let records = parse_epd_file(text).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(records.len(), count, "{name}");
        for record in &records {
            assert!(
                !record.best_moves.is_empty() || !record.avoid_moves.is_empty(),
                "{name}: {} has no bm or am",
                record.label()
            );
            assert!(record.id.is_some(), "{name}: a record without an id");
        }
    }
}

#[test]
fn the_mate_suite_has_two_thousand_legal_positions_with_a_distance() {
    // matetrack writes `bm #N`, not a move: the position is read alone.
    let text = include_str!("data/mates2000.epd");
    let mut count = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let (position, operations) = line.split_at(line.find(" bm #").expect("a `bm #N` operation"));
        let distance: i32 = operations
            .trim_start_matches(" bm #")
            .trim_end_matches(';')
            .parse()
            .unwrap_or_else(|error| panic!("{line}: {error}"));
        assert_ne!(distance, 0, "{line}");
        parse_epd(position).unwrap_or_else(|error| panic!("{line}: {error}"));
        count += 1;
    }
    assert_eq!(count, 2000);
}
