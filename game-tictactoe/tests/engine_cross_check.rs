//! The engine on every reachable tic-tac-toe position at every depth: each combination of its
//! exact features returns minimax's value and a tied-best move; the presets and forward-pruning
//! options keep their invariants; node figures for the record.

use game_tictactoe::{Heuristic, TicTacToe, reachable_positions};
use search_core::engine::{DepthPolicy, Engine, FirstGuess, NullReduction};
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
    let positions = reachable_positions();
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
    reachable_positions()
        .iter()
        .map(|p| searchers * (empty_cells(p) as usize + 1))
        .sum()
}

#[test]
fn every_combination_of_exact_features_on_every_position_at_every_depth() {
    let checks = every_position_at_every_depth(|| {
        exact_engine_combinations(Heuristic, 2)
            .into_iter()
            .map(|e| (e, true))
            .collect()
    });
    assert_eq!(checks, expected_checks(EXACT_COMBINATIONS));
}

#[test]
fn presets_and_forward_pruning_on_every_position_at_every_depth() {
    let make = || {
        let exact = || Engine::exact(Heuristic);
        vec![
            (Engine::new(Heuristic), true),
            (exact(), true),
            (Engine::strongest(Heuristic), false),
            (exact().with_tt_policy(DepthPolicy::AtLeastDepth), false),
            (exact().with_tt_policy(DepthPolicy::AnyDepth), false),
            (exact().with_lmr(true), false),
            (exact().with_null_move(Some(NullReduction::Fixed(2))), false),
            (exact().with_quiescence(true), true), // no noisy moves: quiescence is the evaluation
            // Enhanced transposition cutoffs: exact, and tic-tac-toe is full of transpositions.
            (exact().with_enhanced_transposition_cutoff(true), true),
            (
                exact()
                    .with_enhanced_transposition_cutoff(true)
                    .with_mtdf(Some(FirstGuess::TwoBack)),
                true,
            ),
            (
                exact()
                    .with_enhanced_transposition_cutoff(true)
                    .with_aspiration(Some(3)),
                true,
            ),
        ]
    };
    let checks = every_position_at_every_depth(make);
    assert_eq!(checks, expected_checks(11));
}

#[test]
fn every_opening_is_a_draw_and_the_exact_engine_saves_nodes() {
    let root = TicTacToe::new();
    let limits = Limits::depth(9);
    let plain = AlphaBeta::new(Heuristic).search(&root, &limits);
    let mut report = vec![format!("alphabeta: {} nodes", plain.stats.nodes)];
    let engines: Vec<TicTacToeEngine> = vec![
        Engine::new(Heuristic),
        Engine::new(Heuristic).with_transposition_table(1),
        Engine::new(Heuristic)
            .with_transposition_table(1)
            .with_killers(true)
            .with_history(true),
        Engine::new(Heuristic).with_transposition_table(1).with_pvs(true),
        Engine::exact(Heuristic),
        Engine::exact(Heuristic).with_mtdf(Some(FirstGuess::TwoBack)),
        Engine::strongest(Heuristic),
    ];
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
