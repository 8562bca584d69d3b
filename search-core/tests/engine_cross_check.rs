//! The engine held to the references on seeded random trees through the public harness:
//! every combination of the exact features gives minimax's value and a tied-best move; with
//! quiescence on, minimax + quiescence's; forward-pruning features keep their invariants.

use search_core::engine::{DepthPolicy, Engine, FirstGuess, NullReduction};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::MinimaxQuiescence;
use search_core::testing::{CrossCheck, EXACT_COMBINATIONS, exact_engine_combinations};

/// Why the quiescence reference is not checked against plain minimax here.
const QUIESCENCE_REFERENCE: &str = "minimax + quiescence differs from plain minimax by design; search-core/tests/reference_searchers.rs holds it to a two-sided quiescence";

type TreeEngine = Engine<RandomTree, TreeValue>;

fn trees(count: u64, noisy: u8) -> Vec<RandomTree> {
    (0..count)
        .map(|seed| {
            let branching = 2 + (seed % 4) as u32;
            RandomTree::new(seed, branching, 5)
                .with_leaf_values(1 + (seed % 4) as u32)
                .with_noisy_moves(noisy)
        })
        .collect()
}

// 256 combinations on 200 trees at depths 1-5: split into two tests of 100 trees each, which
// the test threads run side by side.

#[test]
fn every_combination_of_exact_features_gives_the_minimax_value_on_trees_0_to_99() {
    every_combination_of_exact_features_gives_the_minimax_value(0..100);
}

#[test]
fn every_combination_of_exact_features_gives_the_minimax_value_on_trees_100_to_199() {
    every_combination_of_exact_features_gives_the_minimax_value(100..200);
}

fn every_combination_of_exact_features_gives_the_minimax_value(seeds: std::ops::Range<usize>) {
    let trees = &trees(200, 30)[seeds.clone()];
    let configurations = exact_engine_combinations(TreeValue, 3);
    assert_eq!(configurations.len(), EXACT_COMBINATIONS);
    let mut checks = 0;
    // In groups, so that at most a few dozen 1 MiB tables exist at a time.
    let mut configurations = configurations.into_iter().peekable();
    while configurations.peek().is_some() {
        let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
        for engine in configurations.by_ref().take(48) {
            cross_check = cross_check.searcher(engine);
        }
        let report = cross_check.run(trees);
        report.assert_agree();
        checks += report.checks;
    }
    assert_eq!(checks, EXACT_COMBINATIONS * seeds.len() * 5);
}

#[test]
fn presets_are_exact_or_keep_their_invariants() {
    let trees = trees(300, 25);
    CrossCheck::minimax(TreeValue)
        .searcher(Engine::exact(TreeValue))
        .value_changing(Engine::strongest(TreeValue))
        .depths(1..=5)
        .run(&trees)
        .assert_agree();
}

/// The quiescence configurations checked against minimax + quiescence.
fn quiescence_configurations() -> Vec<TreeEngine> {
    let mut engines = Vec::new();
    for bits in 0..(1u32 << 5) {
        let on = |bit: u32| bits & (1 << bit) != 0;
        let mut engine = Engine::new(TreeValue)
            .with_quiescence(true)
            .with_order_hints(on(0))
            .with_killers(on(1))
            .with_pvs(on(2))
            .with_iterative_deepening(on(3))
            .with_mtdf(on(4).then_some(FirstGuess::TwoBack));
        if on(3) {
            engine = engine
                .with_transposition_table(1)
                .with_history(true)
                .with_aspiration(Some(5));
        }
        engines.push(engine);
    }
    engines
}

#[test]
fn quiescence_agrees_with_minimax_plus_quiescence() {
    // Trees 7 plies deep searched to 1..=4: up to 6 plies of noisy lines below the horizon.
    for noisy in [20, 50, 90] {
        let trees: Vec<RandomTree> = (0..60)
            .map(|seed| {
                RandomTree::new(seed, 3, 7)
                    .with_leaf_values(5)
                    .with_noisy_moves(noisy)
            })
            .collect();
        let mut cross_check = CrossCheck::new(MinimaxQuiescence::new(TreeValue))
            .unchecked_reference(QUIESCENCE_REFERENCE)
            .depths(1..=4);
        for engine in quiescence_configurations() {
            cross_check = cross_check.searcher(engine);
        }
        let report = cross_check.run(&trees);
        report.assert_agree();
        // Quiescence nodes were searched (otherwise this proves little).
        assert!(report.nodes[1].1 > 0);
    }
}

#[test]
fn quiescence_ply_limit_agrees_with_the_reference() {
    let trees: Vec<RandomTree> = (0..40)
        .map(|seed| RandomTree::new(seed, 3, 8).with_noisy_moves(70))
        .collect();
    CrossCheck::new(MinimaxQuiescence::new(TreeValue).with_max_ply(2))
        .unchecked_reference(QUIESCENCE_REFERENCE)
        .searcher(
            Engine::new(TreeValue)
                .with_quiescence(true)
                .with_quiescence_max_ply(2),
        )
        .searcher(
            Engine::exact(TreeValue)
                .with_quiescence(true)
                .with_quiescence_max_ply(2),
        )
        .depths(1..=3)
        .run(&trees)
        .assert_agree();
}

/// Forward pruning and the other value-changing options: invariants only.
#[test]
fn value_changing_features_keep_their_invariants() {
    let trees: Vec<RandomTree> = (0..150)
        .map(|seed| {
            RandomTree::new(seed, 3, 7)
                .with_leaf_values(20)
                .with_noisy_moves(30)
                .with_checks(15)
                .with_null_moves()
        })
        .collect();
    let base = || Engine::exact(TreeValue);
    let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
    for reduction in [
        NullReduction::Fixed(1),
        NullReduction::Fixed(2),
        NullReduction::Fixed(3),
        NullReduction::Adaptive,
    ] {
        cross_check = cross_check
            .value_changing(base().with_null_move(Some(reduction)))
            .value_changing(
                base()
                    .with_null_move(Some(reduction))
                    .with_verified_null_move(true),
            );
    }
    cross_check = cross_check
        .value_changing(base().with_lmr(true))
        .value_changing(base().with_tt_policy(DepthPolicy::AtLeastDepth))
        .value_changing(base().with_tt_policy(DepthPolicy::AnyDepth))
        .value_changing(base().with_check_extension(true))
        .value_changing(base().with_capture_chain_extension(2))
        .value_changing(base().with_quiescence(true).with_quiescence_checks(true))
        .value_changing(base().with_quiescence(true).with_delta_pruning(Some(3)))
        .value_changing(Engine::strongest(TreeValue).with_mtdf(Some(FirstGuess::TwoBack)))
        .value_changing(Engine::strongest(TreeValue).with_verified_null_move(true))
        .value_changing(base().with_reverse_futility(Some(3)))
        .value_changing(base().with_futility(Some(3)))
        .value_changing(base().with_lmr(true).with_lmr_logarithmic(true))
        .value_changing(
            base()
                .with_null_move(Some(NullReduction::Adaptive))
                .with_null_move_eval_guard(true),
        )
        .value_changing(
            Engine::strongest(TreeValue)
                .with_reverse_futility(Some(3))
                .with_futility(Some(3))
                .with_lmr_logarithmic(true)
                .with_null_move_eval_guard(true),
        );
    cross_check.run(&trees).assert_agree();
}

/// Trees where about a third of the moves give the same player another move (issue 14): the
/// engine must negate a child's value, and swap its window, only when the side to move changes.
fn extra_turn_trees(count: u64, noisy: u8) -> Vec<RandomTree> {
    (0..count)
        .map(|seed| {
            let branching = 2 + (seed % 4) as u32;
            RandomTree::new(seed, branching, 5)
                .with_leaf_values(1 + (seed % 4) as u32)
                .with_noisy_moves(noisy)
                .with_extra_turns(35)
        })
        .collect()
}

#[test]
fn every_combination_of_exact_features_gives_the_minimax_value_with_extra_turns() {
    let trees = extra_turn_trees(100, 30);
    let mut configurations = exact_engine_combinations(TreeValue, 3).into_iter().peekable();
    while configurations.peek().is_some() {
        let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
        for engine in configurations.by_ref().take(48) {
            cross_check = cross_check.searcher(engine);
        }
        cross_check.run(&trees).assert_agree();
    }
}

#[test]
fn presets_and_quiescence_with_extra_turns() {
    let trees = extra_turn_trees(200, 25);
    CrossCheck::minimax(TreeValue)
        .searcher(Engine::exact(TreeValue))
        .value_changing(Engine::strongest(TreeValue))
        .depths(1..=5)
        .run(&trees)
        .assert_agree();
    let mut cross_check = CrossCheck::new(MinimaxQuiescence::new(TreeValue))
        .unchecked_reference(QUIESCENCE_REFERENCE)
        .depths(1..=4);
    for engine in quiescence_configurations() {
        cross_check = cross_check.searcher(engine);
    }
    cross_check.run(&trees).assert_agree();
}
