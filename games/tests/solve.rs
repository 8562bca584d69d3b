//! The solver on the games: held to each game's own memoised solver (Kalah, Dots and Boxes) and
//! to minimax or plain alpha-beta searched to the end (Connect Four's small boards); the Kalah
//! endgame database held to the memoised solver, written, read back, refused when damaged, and a
//! build stopped and finished.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::common::seeded;
use games::connect_four::ConnectFour;
use games::dots_and_boxes::{DotsAndBoxes, Oracle as DotsOracle};
use games::kalah::{Kalah, Oracle as KalahOracle, SeedsInPlay};
use search_core::Resources;
use search_core::reference::AlphaBeta;
use search_core::solve::database::{Database, DatabaseError, Indexing, WithDatabase};
use search_core::solve::{Precision, Settled, Solver};
use search_core::testing::SolveCheck;
use search_core::{Limits, Score, Searcher};

/// The margin a strong solve settles, for the side to move.
fn settled_margin(settled: Option<Settled>) -> i32 {
    match settled {
        Some(Settled::Margin(margin)) => margin,
        Some(Settled::Draw) => 0,
        other => panic!("not a margin: {other:?}"),
    }
}

/// Every `Kalah(m, n)` with `m * n` in `sizes` from the start: the strong solve's margin is the
/// memoised solver's, the weak solve's sign its sign.
fn kalah_shapes_from_the_start(sizes: std::ops::RangeInclusive<u32>) {
    for m in 1..=6u8 {
        for n in 1..=6u8 {
            if !sizes.contains(&(u32::from(m) * u32::from(n))) {
                continue;
            }
            let start = Kalah::new(m, n).unwrap();
            let expected = KalahOracle::new().margin(&start);
            let strong = Solver::new()
                .resources(Resources::new(1, 16).unwrap())
                .solve(&start);
            assert_eq!(settled_margin(strong.settled()), expected, "Kalah({m}, {n})");
            let weak = Solver::new()
                .precision(Precision::Weak)
                .resources(Resources::new(1, 16).unwrap())
                .solve(&start);
            let sign = match weak.settled() {
                Some(Settled::Win) => 1,
                Some(Settled::Draw) => 0,
                Some(Settled::Loss) => -1,
                other => panic!("Kalah({m}, {n}): {other:?}"),
            };
            assert_eq!(sign, expected.signum(), "Kalah({m}, {n}) weakly");
        }
    }
}

#[test]
fn kalah_from_the_start_is_the_memoised_solvers_margin_for_the_small_shapes() {
    kalah_shapes_from_the_start(1..=8);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn kalah_from_the_start_is_the_memoised_solvers_margin_for_every_shape_up_to_12() {
    kalah_shapes_from_the_start(9..=12);
}

#[test]
fn kalah_positions_are_held_to_minimax_with_and_without_a_database() {
    let mut positions = seeded(&Kalah::new(3, 2).unwrap(), 40, |seed| seed % 9, false);
    positions.extend(seeded(&Kalah::new(2, 3).unwrap(), 30, |seed| seed % 7, false));
    SolveCheck::new(|| Solver::new().resources(Resources::new(1, 4).unwrap()))
        .depth(60)
        .run(&positions)
        .assert_agree();
    SolveCheck::new(|| {
        Solver::new()
            .precision(Precision::Weak)
            .resources(Resources::new(3, 4).unwrap())
    })
    .depth(60)
    .run(&positions)
    .assert_agree();
    // With every position of up to 4 seeds in play from the database.
    let small = Database::new(SeedsInPlay::new(3, 4).unwrap());
    small.build(2, None, None).unwrap();
    let wrapped: Vec<_> = positions
        .iter()
        .filter(|position| position.houses_per_side() == 3)
        .map(|position| WithDatabase::new(&small, *position))
        .collect();
    let report = SolveCheck::new(|| Solver::new().resources(Resources::new(1, 4).unwrap()))
        .depth(60)
        .run(&wrapped);
    report.assert_agree();
    assert_eq!(report.settled, wrapped.len());
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn kalah_with_a_database_settles_larger_shapes_as_the_memoised_solver() {
    for (m, n, seeds) in [(4, 3, 8), (3, 4, 10), (6, 2, 8)] {
        let database = Database::new(SeedsInPlay::new(m, seeds).unwrap());
        let report = database.build(2, None, None).unwrap();
        assert!(!report.stopped && report.known > 0);
        let start = Kalah::new(m, n).unwrap();
        let solution = Solver::new()
            .resources(Resources::new(1, 16).unwrap())
            .solve(&WithDatabase::new(&database, start));
        assert_eq!(
            settled_margin(solution.settled()),
            KalahOracle::new().margin(&start),
            "Kalah({m}, {n}) with {seeds} seeds in the database"
        );
    }
}

#[test]
fn the_kalah_database_is_the_memoised_solvers_on_every_position_it_holds() {
    let indexing = SeedsInPlay::new(2, 7).unwrap();
    let database = Database::new(indexing.clone());
    let report = database.build(3, None, None).unwrap();
    // A finished build knows every entry (the numbers of rows with a side empty, which the
    // database does not hold, included), so that a file of it is read back whole.
    assert_eq!(
        (report.known, database.known()),
        (indexing.count(), indexing.count())
    );
    let mut memo = KalahOracle::new();
    let mut checked = 0;
    for index in 0..indexing.count() {
        // Every number is its position's, and back (but those of a side empty).
        if let Some(position) = indexing.position(index) {
            assert_eq!(indexing.index(&position), Some((index, 0)));
            assert_eq!(
                database.margin(&position),
                Some(memo.margin(&position)),
                "{position:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn a_database_is_written_read_back_and_refused_when_damaged_or_another() {
    let dir = std::env::temp_dir().join(format!("game-search-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kalah-3-6.db");
    let indexing = SeedsInPlay::new(3, 6).unwrap();
    let database = Database::new(indexing.clone());
    database.build(2, None, None).unwrap();
    database.save(&path).unwrap();
    let read = Database::load(indexing.clone(), &path).unwrap();
    assert_eq!(read.known(), database.known());
    let position = Kalah::from_parts(&[1, 2, 0], &[0, 0, 3], [4, 9], search_core::Player::Second);
    assert_eq!(read.margin(&position), database.margin(&position));
    assert!(read.margin(&position).is_some());
    // Written by several at once (two solves sharing a file): no writer fails (each renamed
    // the others' partial file away when they shared one), and the file reads back whole.
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| database.save(&path).unwrap());
        }
    });
    assert_eq!(
        Database::load(indexing.clone(), &path).unwrap().known(),
        database.known()
    );
    // Another database's file.
    let other = Database::load(SeedsInPlay::new(3, 5).unwrap(), &path).unwrap_err();
    assert!(matches!(other, DatabaseError::Mismatch { .. }), "{other}");
    // One byte flipped.
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let damaged = Database::load(indexing.clone(), &path).unwrap_err();
    assert!(damaged.to_string().contains("checksum"), "{damaged}");
    // Not a database at all, and no file.
    std::fs::write(&path, b"hello").unwrap();
    assert!(matches!(
        Database::load(indexing.clone(), &path),
        Err(DatabaseError::NotADatabase { .. })
    ));
    assert!(matches!(
        Database::load(indexing, &dir.join("absent.db")),
        Err(DatabaseError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stopped_build_saved_and_resumed_ends_as_a_whole_build() {
    let dir = std::env::temp_dir().join(format!("game-search-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kalah-4-12.db");
    // 125 970 positions: a build of tens of milliseconds, long enough for this thread to stop it
    // midway even when both share one core (the build counts its progress a block of 4 096 at
    // a time).
    let indexing = SeedsInPlay::new(4, 12).unwrap();
    // Stopped after about a tenth of the positions.
    let partial = Database::new(indexing.clone());
    let (stop, done) = (AtomicBool::new(false), AtomicU64::new(0));
    let count = partial.count();
    let report = std::thread::scope(|scope| {
        let build = scope.spawn(|| partial.build(1, Some(&stop), Some(&done)));
        while done.load(Ordering::Relaxed) < count / 10 && !build.is_finished() {
            std::thread::yield_now();
        }
        stop.store(true, Ordering::Relaxed);
        build.join().unwrap().unwrap()
    });
    assert!(report.stopped && report.known < count, "{report:?}");
    partial.save(&path).unwrap();
    // Read back and finished.
    let resumed = Database::load(indexing.clone(), &path).unwrap();
    assert_eq!(resumed.known(), report.known);
    let finished = resumed.build(2, None, None).unwrap();
    assert!(!finished.stopped);
    let whole = Database::new(indexing.clone());
    whole.build(2, None, None).unwrap();
    assert_eq!(finished.known, whole.known());
    assert_eq!(finished.known, count, "a finished build knows every entry");
    let start = Kalah::new(4, 2).unwrap();
    let from_resumed = Solver::new()
        .resources(Resources::new(1, 8).unwrap())
        .solve(&WithDatabase::new(&resumed, start));
    let from_whole = Solver::new()
        .resources(Resources::new(1, 8).unwrap())
        .solve(&WithDatabase::new(&whole, start));
    assert_eq!(from_resumed.settled(), from_whole.settled());
    assert_eq!(
        settled_margin(from_whole.settled()),
        KalahOracle::new().margin(&start)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dots_and_boxes_boards_are_the_memoised_solvers_margin() {
    dots_and_boxes_boards(&[(1, 1), (1, 2), (1, 3), (2, 2), (1, 4)]);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn the_2x3_dots_and_boxes_board_is_the_memoised_solvers_margin() {
    dots_and_boxes_boards(&[(2, 3)]);
}

/// Each board of `sizes` from the start and 12 seeded positions: the strong solve's margin is
/// the memoised solver's; then 20 positions of the 2x2 board held to minimax.
fn dots_and_boxes_boards(sizes: &[(u8, u8)]) {
    for &(rows, cols) in sizes {
        let start = DotsAndBoxes::new(rows, cols).unwrap();
        let mut positions = vec![start];
        positions.extend(seeded(&start, 12, |seed| seed % 6, false));
        let mut memo = DotsOracle::new();
        for position in &positions {
            let solution = Solver::new()
                .resources(Resources::new(1, 16).unwrap())
                .solve(position);
            assert!(solution.settled().is_some(), "{position:?}: {solution:?}");
            assert_eq!(
                settled_margin(solution.settled()),
                memo.margin(position),
                "{rows}x{cols}: {position:?}"
            );
        }
    }
    let small = seeded(&DotsAndBoxes::new(2, 2).unwrap(), 20, |seed| 2 + seed % 6, false);
    SolveCheck::new(|| Solver::new().resources(Resources::new(1, 4).unwrap()))
        .depth(13)
        .run(&small)
        .assert_agree();
}

/// Plain alpha-beta to the end of the game (nothing evaluated: every leaf is finished).
fn alpha_beta_to_the_end(position: &ConnectFour) -> Score {
    let (width, height) = position.size();
    let end = u32::from(width) * u32::from(height) + 1;
    AlphaBeta::new(|_: &ConnectFour| Score::DRAW)
        .search(position, &Limits::depth(end))
        .score
}

#[test]
fn connect_four_small_boards_are_alpha_betas_value() {
    let boards = [(4, 4, 0..=16u32), (5, 4, 4..=20), (6, 5, 17..=30)];
    for (width, height, plies) in boards {
        let empty = ConnectFour::with_size(width, height).unwrap();
        let positions = seeded(
            &empty,
            16,
            |seed| u64::from(*plies.start()) + seed % u64::from(plies.end() - plies.start() + 1),
            true,
        );
        for position in positions
            .iter()
            .chain(std::iter::once(&empty).filter(|_| width * height <= 16))
        {
            let expected = alpha_beta_to_the_end(position);
            let strong = Solver::new()
                .resources(Resources::new(1, 16).unwrap())
                .solve(position);
            assert_eq!(
                (strong.lower, strong.upper),
                (expected, expected),
                "{width}x{height} {position:?}"
            );
            let weak = Solver::new()
                .precision(Precision::Weak)
                .resources(Resources::new(2, 16).unwrap())
                .solve(position);
            let sign = match weak.settled() {
                Some(Settled::Win) => 1,
                Some(Settled::Draw) => 0,
                _ => -1,
            };
            assert_eq!(
                sign,
                expected.raw().signum(),
                "{width}x{height} weakly {position:?}"
            );
        }
    }
}

#[test]
fn connect_four_positions_are_held_to_minimax() {
    let positions = seeded(
        &ConnectFour::with_size(4, 4).unwrap(),
        30,
        |seed| 6 + seed % 8,
        true,
    );
    SolveCheck::new(|| Solver::new().resources(Resources::new(1, 4).unwrap()))
        .depth(17)
        .run(&positions)
        .assert_agree();
    SolveCheck::new(|| {
        Solver::new()
            .precision(Precision::Weak)
            .resources(Resources::new(3, 4).unwrap())
    })
    .depth(17)
    .run(&positions)
    .assert_agree();
}

#[test]
fn the_7x6_board_is_settled_near_its_end() {
    // Positions with at most 10 empty cells left: the solver's answers agree with alpha-beta.
    let positions = seeded(&ConnectFour::new(), 12, |seed| 32 + seed % 4, true);
    for position in &positions {
        let expected = alpha_beta_to_the_end(position);
        let solution = Solver::new()
            .resources(Resources::new(1, 16).unwrap())
            .solve(position);
        assert_eq!(
            (solution.lower, solution.upper),
            (expected, expected),
            "{position:?}"
        );
    }
}
