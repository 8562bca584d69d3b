//! The engine on chess, held to the reference searchers with the public harness: every
//! combination of its exact features gives minimax's value and a tied-best move on the 24 thesis
//! positions at depth 3; quiescence agrees with minimax + quiescence; forward pruning keeps its
//! invariants.

use game_chess::{ChessConfig, ChessGame, Evaluation, MoveOrdering, positions};
use search_core::engine::{DepthPolicy, Engine, FirstGuess, NullReduction};
use search_core::reference::{Minimax, MinimaxQuiescence};
use search_core::testing::{CrossCheck, EXACT_COMBINATIONS, exact_engine_combinations};

/// Why the quiescence reference is not checked against plain minimax here.
const QUIESCENCE_REFERENCE: &str = "minimax + quiescence differs from plain minimax by design; search-core/tests/reference_searchers.rs holds it to a two-sided quiescence";

type ChessEngine = Engine<ChessGame, Evaluation>;

/// The thesis positions, MVV-LVA as the engine's order hint, repetition off (path-dependent
/// draws have no place in a cross-check).
fn thesis_positions() -> Vec<(String, ChessGame)> {
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    positions::thesis_24()
        .iter()
        .map(|record| (record.label().to_string(), record.game(config)))
        .collect()
}

// Heavy checks (minutes in the dev profile) run in CI's release step, see the README; the normal
// suite runs the same code at a smaller depth or on fewer positions.

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --ignored)"]
fn every_combination_of_exact_features_on_the_thesis_positions_at_depth_3() {
    every_combination_of_exact_features_on_the_thesis_positions_at(3);
}

#[test]
fn every_combination_of_exact_features_on_the_thesis_positions_at_depth_2() {
    every_combination_of_exact_features_on_the_thesis_positions_at(2);
}

fn every_combination_of_exact_features_on_the_thesis_positions_at(depth: u32) {
    let positions = thesis_positions();
    let configurations = exact_engine_combinations(Evaluation::Tapered, 25);
    assert_eq!(configurations.len(), EXACT_COMBINATIONS);
    let mut checks = 0;
    // In groups, each against a fresh reference, so that few tables exist at a time.
    let mut configurations = configurations.into_iter().peekable();
    while configurations.peek().is_some() {
        let mut cross_check = CrossCheck::new(Minimax::new(Evaluation::Tapered)).depths([depth]);
        for engine in configurations.by_ref().take(96) {
            // Each engine keeps its table from one position to the next: a same-depth entry is
            // the exact (or bounded) value of its position at that depth whatever the root, so
            // sharing it is still exact, and it tests more of the table than a fresh one would.
            cross_check = cross_check.searcher(engine);
        }
        let report = cross_check.run_labelled(positions.iter().map(|(label, game)| (label, game)));
        report.assert_agree();
        checks += report.checks;
    }
    assert_eq!(checks, EXACT_COMBINATIONS * 24);
}

#[test]
fn exact_presets_with_a_tie_heavy_evaluation_and_at_depth_4() {
    let positions = thesis_positions();
    // Material only: many moves tie, which is what breaks careless move choice.
    CrossCheck::new(Minimax::new(Evaluation::ThesisMaterial))
        .searcher(Engine::exact(Evaluation::ThesisMaterial))
        .searcher(Engine::exact(Evaluation::ThesisMaterial).with_enhanced_transposition_cutoff(true))
        .searcher(Engine::exact(Evaluation::ThesisMaterial).with_mtdf(Some(FirstGuess::TwoBack)))
        .searcher(Engine::exact(Evaluation::ThesisMaterial).with_aspiration(Some(10)))
        .depths([1, 2, 3])
        .run_labelled(positions.iter().map(|(label, game)| (label, game)))
        .assert_agree();
    // A handful at depth 4 (the endgames, where minimax stays affordable).
    let endgames: Vec<_> = positions
        .iter()
        .filter(|(label, _)| ["thesis.11", "thesis.12", "thesis.17", "thesis.18"].contains(&label.as_str()))
        .collect();
    assert_eq!(endgames.len(), 4);
    CrossCheck::new(Minimax::new(Evaluation::Tapered))
        .searcher(Engine::exact(Evaluation::Tapered))
        .searcher(Engine::exact(Evaluation::Tapered).with_enhanced_transposition_cutoff(true))
        .depths([4])
        .run_labelled(endgames.iter().map(|(label, game)| (label, game)))
        .assert_agree();
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --ignored)"]
fn quiescence_agrees_with_minimax_plus_quiescence() {
    quiescence_agrees_with_minimax_plus_quiescence_on(&[]);
}

#[test]
fn quiescence_agrees_with_minimax_plus_quiescence_in_the_endgames() {
    quiescence_agrees_with_minimax_plus_quiescence_on(&["thesis.11", "thesis.12", "thesis.17", "thesis.18"]);
}

/// Minimax + quiescence against the engine with quiescence at depth 1 on the positions labelled
/// `only` (all if empty), and at depth 2 on the endgames among them.
fn quiescence_agrees_with_minimax_plus_quiescence_on(only: &[&str]) {
    // Minimax + quiescence follows every capture sequence without pruning: in the thesis's
    // tactical middlegames that is hundreds of millions of nodes. Both sides stop quiescence at
    // the same ply limit (5 plies past the horizon), which keeps the reference affordable and
    // tests the limit too; the quieter endgames are also checked at depth 2.
    const QUIESCENCE_PLIES: u32 = 5;
    let positions: Vec<_> = thesis_positions()
        .into_iter()
        .filter(|(label, _)| only.is_empty() || only.contains(&label.as_str()))
        .collect();
    let endgames: Vec<_> = positions
        .iter()
        .filter(|(label, _)| ["thesis.11", "thesis.12", "thesis.17", "thesis.18"].contains(&label.as_str()))
        .collect();
    let engine = |engine: ChessEngine| {
        engine
            .with_quiescence(true)
            .with_quiescence_max_ply(QUIESCENCE_PLIES)
    };
    for (subset, depth) in [(positions.iter().collect::<Vec<_>>(), 1), (endgames, 2)] {
        CrossCheck::new(MinimaxQuiescence::new(Evaluation::Tapered).with_max_ply(QUIESCENCE_PLIES))
            .unchecked_reference(QUIESCENCE_REFERENCE)
            .searcher(engine(Engine::new(Evaluation::Tapered)))
            .searcher(engine(Engine::exact(Evaluation::Tapered)))
            .searcher(engine(
                Engine::exact(Evaluation::Tapered).with_mtdf(Some(FirstGuess::TwoBack)),
            ))
            .depths([depth])
            .run_labelled(subset.iter().map(|(label, game)| (label, game)))
            .assert_agree();
    }
}

#[test]
fn forward_pruning_keeps_its_invariants() {
    let positions = thesis_positions();
    let exact = || Engine::exact(Evaluation::Tapered);
    CrossCheck::new(Minimax::new(Evaluation::Tapered))
        .value_changing(Engine::strongest(Evaluation::Tapered))
        .value_changing(exact().with_null_move(Some(NullReduction::Fixed(1))))
        .value_changing(exact().with_null_move(Some(NullReduction::Fixed(2))))
        .value_changing(exact().with_null_move(Some(NullReduction::Fixed(3))))
        .value_changing(
            exact()
                .with_null_move(Some(NullReduction::Adaptive))
                .with_verified_null_move(true),
        )
        .value_changing(exact().with_lmr(true))
        .value_changing(exact().with_tt_policy(DepthPolicy::AtLeastDepth))
        .value_changing(exact().with_tt_policy(DepthPolicy::AnyDepth))
        .value_changing(exact().with_check_extension(true))
        .value_changing(exact().with_reverse_futility(Some(100)))
        .value_changing(
            Engine::strongest(Evaluation::Tapered)
                .with_null_move_eval_guard(true)
                .with_reverse_futility(Some(100))
                .with_futility(Some(100))
                .with_lmr_logarithmic(true),
        )
        .depths([3])
        .run_labelled(positions.iter().map(|(label, game)| (label, game)))
        .assert_agree();
}
