//! The engine on every reachable tic-tac-toe position at every depth: each combination of its
//! exact features returns minimax's value and a tied-best move; the presets and forward-pruning
//! options keep their invariants; node figures for the record.

use game_tictactoe::{Heuristic, TicTacToe, reachable_positions};
use search_core::Resources;
use search_core::engine::{Config, Engine, exact_configurations_for};
use search_core::reference::{AlphaBeta, Minimax};
use search_core::testing::{CrossCheck, EXACT_COMBINATIONS, exact_engine_combinations};
use search_core::{Game, Limits, MoveList, Score, Searcher};

type TicTacToeEngine = Engine<TicTacToe, Heuristic>;

fn empty_cells(position: &TicTacToe) -> u32 {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    moves.len() as u32
}

/// Runs `searchers` (made by `make`, in groups) over every reachable position at every depth
/// from 0 to its number of empty cells (deeper is the same search); returns the checks made.
fn every_position_at_every_depth(make: impl Fn() -> Vec<(TicTacToeEngine, bool)>) -> usize {
    some_positions_at_every_depth(Part::ALL, make)
}

/// A share of the reachable positions: those whose index is `index` modulo `of` (the heavy
/// check is split into parts, each its own test, so that the test threads share the work).
#[derive(Clone, Copy)]
struct Part {
    index: usize,
    of: usize,
}

impl Part {
    const ALL: Part = Part { index: 0, of: 1 };

    fn positions(self) -> Vec<TicTacToe> {
        reachable_positions()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % self.of == self.index)
            .map(|(_, position)| position)
            .collect()
    }
}

/// [`every_position_at_every_depth`] on one part of the positions.
fn some_positions_at_every_depth(part: Part, make: impl Fn() -> Vec<(TicTacToeEngine, bool)>) -> usize {
    let positions = part.positions();
    let mut checks = 0;
    for depth in 0..=9 {
        let at_this_depth: Vec<&TicTacToe> = positions.iter().filter(|p| empty_cells(p) >= depth).collect();
        let mut engines = make().into_iter().peekable();
        while engines.peek().is_some() {
            let mut cross_check = CrossCheck::new(Minimax::new(Heuristic)).depths([depth]);
            for (engine, exact) in engines.by_ref().take(64) {
                cross_check = if exact {
                    cross_check.searcher(engine)
                } else {
                    cross_check.value_changing(engine)
                };
            }
            let report = cross_check.run(at_this_depth.iter().copied());
            report.assert_agree();
            checks += report.checks;
        }
    }
    checks
}

fn expected_checks(searchers: usize) -> usize {
    expected_checks_in(Part::ALL, searchers)
}

fn expected_checks_in(part: Part, searchers: usize) -> usize {
    part.positions()
        .iter()
        .map(|p| searchers * (empty_cells(p) as usize + 1))
        .sum()
}

/// Every exact combination on one part of the positions, at every depth.
fn every_combination_on(part: Part) {
    let checks = some_positions_at_every_depth(part, || {
        exact_engine_combinations(Heuristic, 2)
            .into_iter()
            .map(|e| (e, true))
            .collect()
    });
    assert_eq!(checks, expected_checks_in(part, EXACT_COMBINATIONS));
}

// All 256 exact combinations on all 5 478 positions at every depth: minutes of work, so a heavy
// check, run by CI in release mode (`cargo test --release --workspace --tests -- --include-ignored`,
// see the README), in four parts that the test threads share. The normal suite checks every
// combination on one position in 128 (the same code on a sample).

const HEAVY_PARTS: usize = 4;

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_on_every_position_at_every_depth_part_1_of_4() {
    every_combination_on(Part {
        index: 0,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_on_every_position_at_every_depth_part_2_of_4() {
    every_combination_on(Part {
        index: 1,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_on_every_position_at_every_depth_part_3_of_4() {
    every_combination_on(Part {
        index: 2,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_on_every_position_at_every_depth_part_4_of_4() {
    every_combination_on(Part {
        index: 3,
        of: HEAVY_PARTS,
    });
}

#[test]
fn every_combination_of_exact_features_on_one_position_in_128_at_every_depth() {
    every_combination_on(Part { index: 5, of: 128 });
}

/// The presets and the forward prunings on one position in 8 at every depth (the normal suite's
/// sample of the heavy check below).
#[test]
fn presets_and_forward_pruning_on_one_position_in_8_at_every_depth() {
    let part = Part { index: 1, of: 8 };
    let checks = some_positions_at_every_depth(part, presets_and_forward_pruning);
    assert_eq!(
        checks,
        expected_checks_in(part, presets_and_forward_pruning().len())
    );
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn presets_and_forward_pruning_on_every_position_at_every_depth() {
    let checks = every_position_at_every_depth(presets_and_forward_pruning);
    assert_eq!(checks, expected_checks(26));
}

/// The presets, the exact orderings one by one, and the value-changing prunings (marked
/// `false`: they keep their invariants only).
fn presets_and_forward_pruning() -> Vec<(TicTacToeEngine, bool)> {
    let exact = |features: &str| Engine::with_config(Heuristic, Config::exact().with(features).unwrap());
    vec![
        (Engine::new(Heuristic), true),
        (Engine::exact(Heuristic), true),
        (Engine::strongest(Heuristic), false),
        (exact("tt=deeper"), false),
        (exact("tt=any"), false),
        (exact("lmr"), false),
        (exact("null=r2"), false),
        (exact("qs"), true), // no noisy moves: quiescence is the evaluation
        // Enhanced transposition cutoffs: exact, and tic-tac-toe is full of transpositions.
        (exact("etc"), true),
        (exact("etc+mtdf=two-back"), true),
        (exact("etc+asp=3"), true),
        // History's gravity rule only orders: exact; history pruning reads it: not.
        (exact("history=gravity"), true),
        (exact("history=gravity+hp=1"), false),
        // Counter moves only order: exact; history-adjusted reductions and a deeper reverse
        // futility pruning: not.
        (exact("counter"), true),
        (exact("history=gravity+counter"), true),
        // So does continuation history; smaller reductions at PV nodes and the null move's
        // evaluation term do not.
        (exact("cont-history"), true),
        (exact("history=gravity+cont-history"), true),
        (exact("lmr+lmr-pv"), false),
        (exact("lmr+lmr-cut"), false),
        (exact("null=adaptive+null-eval=1"), false),
        // Singular extensions: a deeper line and multi-cuts.
        (exact("singular=4"), false),
        (exact("lmr+history=gravity+lmr-history=64"), false),
        (exact("rfp=3+rfp-depth=6"), false),
        // Improving, with the prunings it adjusts.
        (exact("improving+rfp=3+lmp=1+lmr"), false),
        // Internal iterative deepening only orders: exact, with iterative deepening or
        // without (where the table has no move at every first visit).
        (exact("iid=3"), true),
        (exact("iid=3+id=off"), true),
    ]
}

/// The presets on 2, 4 and 8 threads (Lazy SMP: more threads than the test machine's cores, on
/// purpose), their helpers sharing the main thread's table, continuation history (each thread's
/// own table) among them, and a sample of the exact combinations on 3 threads: still minimax's
/// values and tied-best moves.
fn threaded_engines() -> Vec<(TicTacToeEngine, bool)> {
    let on = |threads: u32, config: Config| {
        Engine::with_config(Heuristic, config).with_resources(Resources::new(threads, 16).unwrap())
    };
    let mut engines = Vec::new();
    for threads in [2, 4, 8] {
        for features in [
            "id",
            "etc",
            "etc+mtdf=two-back",
            "etc+asp=3",
            "history=gravity+cont-history",
        ] {
            engines.push((on(threads, Config::exact().with(features).unwrap()), true));
        }
        engines.push((on(threads, Config::PLAIN), true));
        engines.push((on(threads, Config::strongest()), false));
    }
    for config in exact_configurations_for::<TicTacToe>(2).into_iter().step_by(16) {
        engines.push((on(3, config), true));
    }
    engines
}

#[test]
fn threads_keep_the_presets_exact_on_one_position_in_128_at_every_depth() {
    threads_on(Part { index: 3, of: 128 });
}

/// [`threaded_engines`] on one part of the positions at every depth.
fn threads_on(part: Part) {
    let checks = some_positions_at_every_depth(part, threaded_engines);
    assert_eq!(checks, expected_checks_in(part, threaded_engines().len()));
}

// The threaded engines on all positions: a heavy check (a search on threads starts them each
// time: minutes for these 1.2 million searches), in parts that the test threads share.

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_presets_exact_on_every_position_at_every_depth_part_1_of_4() {
    threads_on(Part {
        index: 0,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_presets_exact_on_every_position_at_every_depth_part_2_of_4() {
    threads_on(Part {
        index: 1,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_presets_exact_on_every_position_at_every_depth_part_3_of_4() {
    threads_on(Part {
        index: 2,
        of: HEAVY_PARTS,
    });
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_presets_exact_on_every_position_at_every_depth_part_4_of_4() {
    threads_on(Part {
        index: 3,
        of: HEAVY_PARTS,
    });
}

#[test]
fn every_opening_is_a_draw_and_the_exact_engine_saves_nodes() {
    let root = TicTacToe::new();
    let limits = Limits::depth(9);
    let plain = AlphaBeta::new(Heuristic).search(&root, &limits);
    let mut report = vec![format!("alphabeta: {} nodes", plain.stats.nodes)];
    let engines: Vec<TicTacToeEngine> = [
        "plain",
        "tt+hash=1",
        "tt+hash=1+killers+history",
        "tt+hash=1+pvs",
        "id+tt+hints+killers+history+pvs",
        "id+tt+hints+killers+history+pvs+mtdf=two-back",
    ]
    .into_iter()
    .map(|text| Engine::with_setup(Heuristic, text.parse().unwrap()))
    .chain([Engine::strongest(Heuristic)])
    .collect();
    for mut engine in engines {
        let result = engine.search(&root, &limits);
        assert_eq!(result.score, Score::DRAW, "{}", engine.name());
        report.push(format!("{}: {} nodes", engine.name(), result.stats.nodes));
    }
    println!("{}", report.join("\n"));
    let exact = Engine::exact(Heuristic).search(&root, &limits);
    assert!(exact.stats.nodes * 3 < plain.stats.nodes);
}

#[test]
fn the_engine_takes_the_quickest_win_and_delays_a_loss() {
    // X to move can win at once (7 8 9 row) or later; the engine wins at once.
    let position = TicTacToe::from_moves("7 1 8 2").unwrap();
    for mut engine in [Engine::exact(Heuristic), Engine::strongest(Heuristic)] {
        let result = engine.search(&position, &Limits::depth(5));
        assert_eq!(result.score, Score::mate_in(1), "{}", engine.name());
        assert_eq!(result.best_move, Some(position.parse_move("9").unwrap()));
    }
}
