//! The engine on the games with extra turns and scored endings (issue 14): held to the two-sided
//! Minimax, with and without a transposition table (margins must survive `to_tt`/`from_tt`).

use crate::common::seeded;
use games::dots_and_boxes::{DotsAndBoxes, Oracle as DotsOracle};
use games::kalah::{Kalah, Oracle as KalahOracle};
use search_core::Resources;
use search_core::engine::{Config, Engine, exact_configurations_for};
use search_core::testing::{CrossCheck, exact_engine_combinations};
use search_core::{Game, Limits, Score, Searcher, ZobristHash};

#[test]
fn the_engine_takes_the_last_box_with_one_line_left() {
    // 2 x 2; the first player owns three boxes; c2-c3 closes the fourth: +4 for the side to move.
    let position = DotsAndBoxes::from_lines(
        2,
        2,
        "b3-c3 b2-c2 b2-b3 a1-b1 a1-a2 a2-b2 b1-b2 c1-c2 a2-a3 b1-c1 a3-b3",
    )
    .unwrap();
    assert_eq!((position.lines_left(), position.lead()), (1, 3));
    assert_eq!(DotsOracle::new().margin(&position), 4);
    for mut engine in [
        Engine::exact(DotsAndBoxes::evaluate_lead as fn(&DotsAndBoxes) -> Score),
        Engine::new(DotsAndBoxes::evaluate_lead as fn(&DotsAndBoxes) -> Score),
        Engine::strongest(DotsAndBoxes::evaluate_lead as fn(&DotsAndBoxes) -> Score),
    ] {
        let result = engine.search(&position, &Limits::depth(3));
        assert_eq!(
            result.score.margin(),
            Some(DotsOracle::new().margin(&position)),
            "{}",
            engine.name()
        );
    }
}

/// Every exact combination on one Dots and Boxes position in 4 (the normal suite's sample of
/// the heavy check below).
#[test]
fn every_exact_engine_agrees_with_minimax_on_one_dots_and_boxes_position_in_4() {
    dots_and_boxes_cross_check(0..2, 4);
}

/// Every exact combination on every Dots and Boxes position, in two halves (even and odd
/// combinations) that the test threads run side by side.
#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_exact_engine_agrees_with_minimax_on_dots_and_boxes_first_half() {
    dots_and_boxes_cross_check(0..1, 1);
}

/// See [`every_exact_engine_agrees_with_minimax_on_dots_and_boxes_first_half`].
#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_exact_engine_agrees_with_minimax_on_dots_and_boxes_second_half() {
    dots_and_boxes_cross_check(1..2, 1);
}

/// The exact combinations of `halves` (0 the even ones, 1 the odd ones) on one position in
/// `sample` of the seeded 2×2 and 1×2 boards.
fn dots_and_boxes_cross_check(halves: std::ops::Range<usize>, sample: usize) {
    let evaluate = DotsAndBoxes::evaluate_lead as fn(&DotsAndBoxes) -> Score;
    let mut positions = seeded(&DotsAndBoxes::new(2, 2).unwrap(), 40, |seed| seed % 11, false);
    positions.extend(seeded(
        &DotsAndBoxes::new(1, 2).unwrap(),
        20,
        |seed| seed % 7,
        false,
    ));
    let positions: Vec<DotsAndBoxes> = positions.into_iter().step_by(sample).collect();
    for half in halves {
        let combinations = exact_engine_combinations(evaluate, 50);
        assert_eq!(combinations.len(), 256, "the whole exact matrix");
        let mut configurations = combinations.into_iter().skip(half).step_by(2).peekable();
        while configurations.peek().is_some() {
            let mut check =
                CrossCheck::minimax(evaluate).depths_by(|p: &DotsAndBoxes| [1, 2, 3, p.lines_left().min(6)]);
            for engine in configurations.by_ref().take(48) {
                check = check.searcher(engine);
            }
            check.run(&positions).assert_agree();
        }
    }
}

#[test]
fn every_exact_engine_agrees_with_minimax_on_kalah() {
    let evaluate = Kalah::evaluate_stores as fn(&Kalah) -> Score;
    let mut positions = seeded(&Kalah::new(3, 2).unwrap(), 30, |seed| seed % 13, false);
    positions.extend(seeded(&Kalah::new(4, 3).unwrap(), 30, |seed| seed % 13, false));
    let mut configurations = exact_engine_combinations(evaluate, 50).into_iter().peekable();
    while configurations.peek().is_some() {
        let mut check = CrossCheck::minimax(evaluate).depths(1..=4);
        for engine in configurations.by_ref().take(48) {
            check = check.searcher(engine);
        }
        check.run(&positions).assert_agree();
    }
}

/// The engine on an evaluation function.
type FnEngine<G> = Engine<G, fn(&G) -> Score>;

/// The exact presets on 2, 4 and 8 threads (Lazy SMP: more threads than the test machine's
/// cores, on purpose) and a sample of the exact combinations on 3 threads, with `evaluate`.
fn threaded<G: Game + ZobristHash>(evaluate: fn(&G) -> Score) -> Vec<FnEngine<G>> {
    let on = |threads: u32, config: Config| {
        Engine::with_config(evaluate, config).with_resources(Resources::new(threads, 16).unwrap())
    };
    let mut engines = Vec::new();
    for threads in [2, 4, 8] {
        for features in ["id", "etc", "etc+mtdf=two-back", "etc+asp=50"] {
            engines.push(on(threads, Config::exact().with(features).unwrap()));
        }
        engines.push(on(threads, Config::PLAIN));
    }
    for config in exact_configurations_for::<G>(50).into_iter().step_by(8) {
        engines.push(on(3, config));
    }
    engines
}

/// [`threads_keep_the_exact_engines_exact_on_kalah_and_dots_and_boxes`] on one position in 4.
#[test]
fn threads_keep_the_exact_engines_exact_on_one_kalah_and_dots_and_boxes_position_in_4() {
    threads_on_kalah_and_dots_and_boxes(4);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_exact_engines_exact_on_kalah_and_dots_and_boxes() {
    threads_on_kalah_and_dots_and_boxes(1);
}

/// The [`threaded`] engines on one position in `sample` of seeded Kalah and Dots and Boxes ones.
fn threads_on_kalah_and_dots_and_boxes(sample: usize) {
    let evaluate = Kalah::evaluate_stores as fn(&Kalah) -> Score;
    let mut positions = seeded(&Kalah::new(3, 2).unwrap(), 20, |seed| seed % 13, false);
    positions.extend(seeded(&Kalah::new(4, 3).unwrap(), 20, |seed| seed % 13, false));
    let positions: Vec<Kalah> = positions.into_iter().step_by(sample).collect();
    let mut check = CrossCheck::minimax(evaluate).depths(1..=4);
    for engine in threaded(evaluate) {
        check = check.searcher(engine);
    }
    check.run(&positions).assert_agree();

    let evaluate = DotsAndBoxes::evaluate_lead as fn(&DotsAndBoxes) -> Score;
    let mut positions = seeded(&DotsAndBoxes::new(2, 2).unwrap(), 20, |seed| seed % 11, false);
    positions.extend(seeded(
        &DotsAndBoxes::new(1, 2).unwrap(),
        10,
        |seed| seed % 7,
        false,
    ));
    let positions: Vec<DotsAndBoxes> = positions.into_iter().step_by(sample).collect();
    let mut check =
        CrossCheck::minimax(evaluate).depths_by(|p: &DotsAndBoxes| [1, 2, 3, p.lines_left().min(6)]);
    for engine in threaded(evaluate) {
        check = check.searcher(engine);
    }
    check.run(&positions).assert_agree();
}

#[test]
fn the_engine_with_a_table_solves_whole_games_like_the_solvers() {
    // To the end, a table that merges transpositions of any depth stays exact (see the Nim
    // example's perfect player); margins are stored relative to the node.
    for (m, n) in [(3, 2), (3, 3), (4, 2)] {
        let start = Kalah::new(m, n).unwrap();
        let mut engine = Engine::with_config(Kalah::evaluate_stores, deeper_table());
        let result = engine.search(&start, &Limits::depth(60));
        assert_eq!(
            result.score.margin().unwrap_or(0),
            KalahOracle::new().margin(&start),
            "Kalah({m}, {n})"
        );
    }
    let start = DotsAndBoxes::new(2, 2).unwrap();
    let mut engine = Engine::with_config(DotsAndBoxes::evaluate_lead, deeper_table());
    let result = engine.search(&start, &Limits::depth(12));
    assert_eq!(
        result.score.margin().unwrap_or(0),
        DotsOracle::new().margin(&start)
    );
}

/// The exact preset with a table that accepts entries of any greater depth.
fn deeper_table() -> Config {
    Config::exact().with("tt=deeper").unwrap()
}
