//! The engine held to the references on seeded random trees through the public harness:
//! every combination of the exact features gives minimax's value and a tied-best move; with
//! quiescence on, minimax + quiescence's; forward-pruning features keep their invariants.

use search_core::engine::{
    Config, DepthPolicy, Engine, FirstGuess, HistoryRule, Lmr, NullMoveConfig, NullReduction,
    QuiescenceConfig, ReverseFutility, RootWindow, TableConfig,
};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::MinimaxQuiescence;
use search_core::testing::{CrossCheck, EXACT_COMBINATIONS, exact_engine_combinations};
use search_core::{Limits, Searcher};

/// Why the quiescence reference is not checked against plain minimax here.
const QUIESCENCE_REFERENCE: &str = "minimax + quiescence differs from plain minimax by design; search-core/tests/reference_searchers.rs holds it to a two-sided quiescence";

type TreeEngine = Engine<RandomTree, TreeValue>;

/// The engine `config` describes (with the presets' chance pruning, as `Engine::exact` has it).
fn engine(config: Config) -> TreeEngine {
    Engine::with_config(TreeValue, config.for_game::<RandomTree>())
}

/// The engine of the exact preset with the features of `extra` (in the text form) added; its
/// chance pruning Star2 unless `extra` names another.
fn exact_with(extra: &str) -> TreeEngine {
    let without_star = Config {
        chance: None,
        ..Config::exact()
    };
    engine(format!("{without_star}+{extra}").parse().unwrap())
}

/// The engine of the exact preset with history's gravity rule (maluses: an exact ordering).
fn exact_with_gravity() -> TreeEngine {
    engine(Config {
        history: Some(HistoryRule::Gravity),
        ..Config::exact()
    })
}

/// ... and with capture history (an exact ordering) too.
fn capture_with_gravity() -> TreeEngine {
    engine(Config {
        capture_history: true,
        history: Some(HistoryRule::Gravity),
        ..Config::exact()
    })
}

/// The engine of the exact preset with counter moves (an exact ordering), the killers and the
/// gravity rule ...
fn counter_with_killers() -> TreeEngine {
    engine(Config {
        counter_moves: true,
        history: Some(HistoryRule::Gravity),
        ..Config::exact()
    })
}

/// ... and with counter moves as the only quiet tier (no killers, no history).
fn counter_alone() -> TreeEngine {
    engine(Config {
        counter_moves: true,
        killers: false,
        history: None,
        ..Config::exact()
    })
}

/// The engine of the exact preset with continuation history (an exact ordering) and the gravity
/// rule ...
fn continuation_with_gravity() -> TreeEngine {
    engine(Config {
        continuation_history: true,
        history: Some(HistoryRule::Gravity),
        ..Config::exact()
    })
}

/// ... and as the only quiet tier (no killers, no history).
fn continuation_alone() -> TreeEngine {
    engine(Config {
        continuation_history: true,
        killers: false,
        history: None,
        ..Config::exact()
    })
}

/// The strongest preset with what the chess defaults add to it: quiescence's skipping of losing
/// captures, late move pruning, internal iterative reduction, history's gravity rule, history
/// pruning, the null move's evaluation term and razoring (with bases that act on small trees).
fn chess_shape() -> TreeEngine {
    strongest_with(|c| {
        if let Some(quiescence) = c.quiescence.as_mut() {
            quiescence.see = true;
        }
        c.late_move_pruning = Some(1);
        c.internal_reduction = Some(2);
        c.history = Some(HistoryRule::Gravity);
        c.history_pruning = Some(1);
        if let Some(null_move) = c.null_move.as_mut() {
            null_move.eval_divisor = Some(1);
        }
        c.razoring = Some(1);
    })
}

/// The engine of the strongest preset, changed by `change`.
fn strongest_with(change: impl FnOnce(&mut Config)) -> TreeEngine {
    let mut config = Config::strongest();
    change(&mut config);
    engine(config)
}

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

// 256 combinations on 200 trees at depths 1-5: the normal suite checks the first 20 trees, the
// release-mode heavy step (`cargo test --release --workspace --tests -- --include-ignored`) the other
// 180, in two tests that the test threads run side by side.

#[test]
fn every_combination_of_exact_features_gives_the_minimax_value_on_trees_0_to_19() {
    every_combination_of_exact_features_gives_the_minimax_value(0..20);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_gives_the_minimax_value_on_trees_20_to_119() {
    every_combination_of_exact_features_gives_the_minimax_value(20..120);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_gives_the_minimax_value_on_trees_120_to_199() {
    every_combination_of_exact_features_gives_the_minimax_value(120..200);
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
    let trees = trees(crate::sized(100, 300), 25);
    CrossCheck::minimax(TreeValue)
        .searcher(Engine::exact(TreeValue))
        .searcher(exact_with_gravity())
        .searcher(counter_with_killers())
        .searcher(counter_alone())
        .searcher(continuation_with_gravity())
        .searcher(continuation_alone())
        .value_changing(Engine::strongest(TreeValue))
        .value_changing(chess_shape())
        .depths(1..=5)
        .run(&trees)
        .assert_agree();
}

/// The quiescence configurations checked against minimax + quiescence.
fn quiescence_configurations() -> Vec<TreeEngine> {
    let mut engines = Vec::new();
    for bits in 0..(1u32 << 5) {
        let on = |bit: u32| bits & (1 << bit) != 0;
        // With iterative deepening, also a table, history and aspiration windows (unless MTD(f)).
        let root_window = match (on(4), on(3)) {
            (true, _) => RootWindow::Mtdf(FirstGuess::TwoBack),
            (false, true) => RootWindow::Aspiration(5),
            (false, false) => RootWindow::Full,
        };
        engines.push(engine(Config {
            quiescence: Some(QuiescenceConfig::default()),
            order_hints: on(0),
            killers: on(1),
            pvs: on(2),
            iterative_deepening: on(3),
            root_window,
            table: on(3).then_some(TableConfig::new(DepthPolicy::SameDepth)),
            history: on(3).then_some(HistoryRule::Classic),
            ..Config::PLAIN
        }));
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
        .searcher(engine("qs+qs-max=2".parse().unwrap()))
        .searcher(exact_with("qs+qs-max=2"))
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
    let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
    for reduction in ["r1", "r2", "r3", "adaptive", "scaled"] {
        cross_check = cross_check
            .value_changing(exact_with(&format!("null={reduction}")))
            .value_changing(exact_with(&format!("null={reduction}+verified")));
    }
    cross_check = cross_check
        .value_changing(exact_with("null=adaptive+null-eval=1"))
        .value_changing(exact_with("null=scaled+null-guard+null-eval=1"))
        .value_changing(exact_with("lmr"))
        .value_changing(engine("id+tt=deeper+hints+killers+history+pvs".parse().unwrap()))
        .value_changing(engine("id+tt=any+hints+killers+history+pvs".parse().unwrap()))
        .value_changing(exact_with("check-ext"))
        .value_changing(exact_with("chain=2"))
        .value_changing(exact_with("qs+qs-checks"))
        .value_changing(exact_with("qs+delta=3"))
        .value_changing(strongest_with(|c| {
            c.root_window = RootWindow::Mtdf(FirstGuess::TwoBack)
        }))
        .value_changing(strongest_with(|c| {
            c.null_move = c.null_move.map(|n| NullMoveConfig { verified: true, ..n });
        }))
        .value_changing(exact_with("rfp=3"))
        .value_changing(exact_with("futility=3"))
        .value_changing(exact_with("lmr=log"))
        .value_changing(exact_with("null=adaptive+null-guard"))
        .value_changing(exact_with("null=scaled+null-guard"))
        .value_changing(exact_with("iir=2"))
        .value_changing(strongest_with(|c| c.internal_reduction = Some(2)))
        .value_changing(exact_with("singular=4"))
        .value_changing(strongest_with(|c| c.singular = Some(4)))
        .value_changing(engine(Config {
            history: Some(HistoryRule::Gravity),
            history_pruning: Some(1),
            ..Config::exact()
        }))
        .value_changing(strongest_with(|c| {
            c.history = Some(HistoryRule::Gravity);
            c.history_pruning = Some(1);
        }))
        .value_changing(strongest_with(|c| {
            c.history = Some(HistoryRule::Gravity);
            c.lmr = c.lmr.map(|lmr| Lmr {
                history_divisor: Some(64),
                ..lmr
            });
        }))
        .value_changing(strongest_with(|c| {
            c.reverse_futility = Some(ReverseFutility {
                margin: 3,
                max_depth: 5,
            });
        }))
        .value_changing(exact_with("see-prune=1"))
        .value_changing(strongest_with(|c| {
            c.improving = true;
            c.late_move_pruning = Some(1);
        }))
        .value_changing(strongest_with(|c| {
            c.correction = true;
            c.futility = Some(3);
            c.improving = true;
        }))
        .value_changing(strongest_with(|c| {
            c.table = c.table.map(|table| TableConfig { eval: true, ..table });
            c.null_move = c.null_move.map(|null_move| NullMoveConfig {
                eval_guard: true,
                ..null_move
            });
        }))
        .value_changing(strongest_with(|c| c.see_pruning = Some(1)))
        .value_changing(strongest_with(|c| c.probcut = Some(1)))
        .value_changing(strongest_with(|c| c.razoring = Some(1)))
        .value_changing(strongest_with(|c| {
            c.quiescence = c.quiescence.map(|q| QuiescenceConfig { table: true, ..q });
        }))
        .value_changing(strongest_with(|c| {
            c.reverse_futility = Some(ReverseFutility::new(3));
            c.futility = Some(3);
            c.null_move = Some(NullMoveConfig {
                eval_guard: true,
                ..NullMoveConfig::new(NullReduction::Adaptive)
            });
        }));
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

// The same on 100 trees with extra turns: the first 12 in the normal suite, the rest in the
// heavy step.

#[test]
fn every_combination_of_exact_features_gives_the_minimax_value_with_extra_turns_on_trees_0_to_11() {
    every_combination_with_extra_turns(0..12);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn every_combination_of_exact_features_gives_the_minimax_value_with_extra_turns_on_trees_12_to_99() {
    every_combination_with_extra_turns(12..100);
}

fn every_combination_with_extra_turns(seeds: std::ops::Range<usize>) {
    let trees = &extra_turn_trees(100, 30)[seeds];
    let mut configurations = exact_engine_combinations(TreeValue, 3).into_iter().peekable();
    while configurations.peek().is_some() {
        let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
        for engine in configurations.by_ref().take(48) {
            cross_check = cross_check.searcher(engine);
        }
        cross_check.run(trees).assert_agree();
    }
}

#[test]
fn singular_extensions_with_extra_turns_passes_and_chance() {
    // The excluding search runs the node's own move loop: with extra turns (no negation), with
    // passes, and below chance nodes, the invariants hold and the feature did work.
    let trees: Vec<RandomTree> = extra_turn_trees(120, 25)
        .into_iter()
        .enumerate()
        .map(|(i, tree)| match i % 3 {
            0 => tree.with_null_moves(),
            1 => tree.with_chance(2, 3),
            _ => tree,
        })
        .collect();
    CrossCheck::minimax(TreeValue)
        .depths(1..=6)
        .value_changing(exact_with("singular=4"))
        .value_changing(strongest_with(|c| c.singular = Some(4)))
        .run(&trees)
        .assert_agree();
    let (mut extended, mut cut) = (0, 0);
    for tree in &trees {
        let stats = exact_with("singular=4").search(tree, &Limits::depth(6)).stats;
        extended += stats.singular_extensions;
        cut += stats.multi_cuts;
    }
    assert!(
        extended > 0 && cut > 0,
        "singular: {extended} extensions, {cut} multi-cuts"
    );
}

#[test]
fn probcut_keeps_its_invariants_with_extra_turns_passes_and_chance() {
    // ProbCut's searches of a node's noisy moves, with extra turns (no negation), passes (with
    // the null move of the strongest preset around it) and below chance nodes: the invariants
    // hold, and it cut in each kind of tree. A node must be 5 plies from the horizon below the
    // root and in a null window: depth 7; below chance nodes, whose outcomes are searched in
    // wider windows, the null windows come deeper: trees of 9 levels, depth 9.
    let with_probcut = || strongest_with(|c| c.probcut = Some(1));
    for (kind, trees) in &turn_order_kinds(9) {
        let depth = if *kind == "chance" { 9 } else { 7 };
        CrossCheck::minimax(TreeValue)
            .depths(1..=depth)
            .value_changing(exact_with("probcut=1"))
            .value_changing(exact_with("probcut=1+star"))
            .value_changing(with_probcut())
            .run(trees)
            .assert_agree();
        let limits = Limits::depth(depth);
        let cut: u64 = trees
            .iter()
            .map(|tree| {
                let exact = exact_with("probcut=1+star").search(tree, &limits).stats;
                let strongest = with_probcut().search(tree, &limits).stats;
                exact.probcut_cutoffs + strongest.probcut_cutoffs
            })
            .sum();
        assert!(cut > 0, "ProbCut never cut with {kind}");
    }
}

/// Trees with noisy moves for a pruning's invariants, in each kind of turn order, named: with
/// passes, with extra turns, and with chance levels (`chance_levels` deep).
fn turn_order_kinds(chance_levels: u32) -> [(&'static str, Vec<RandomTree>); 3] {
    let passes = extra_turn_trees(60, 25)
        .into_iter()
        .map(RandomTree::with_null_moves)
        .collect();
    let chance = (0..40)
        .map(|seed| {
            RandomTree::new(seed, 2 + (seed % 2) as u32, chance_levels)
                .with_leaf_values(1 + (seed % 4) as u32)
                .with_noisy_moves(25)
                .with_extra_turns(25)
                .with_chance(2, 3)
        })
        .collect();
    [
        ("passes", passes),
        ("extra turns", extra_turn_trees(60, 25)),
        ("chance", chance),
    ]
}

#[test]
fn capture_history_is_exact_with_extra_turns_passes_and_chance() {
    // Capture history reorders the hinted moves only: with the exact preset (where it learns
    // from every cutoff the same-depth table does not answer) it returns minimax's value in
    // every turn order (the side moving twice keeps its own counters; chance nodes have no
    // hinted moves to learn from); in the strongest preset it keeps the invariants. It
    // reordered searches in each kind of tree, so it was held to something.
    for (kind, trees) in &turn_order_kinds(6) {
        CrossCheck::minimax(TreeValue)
            .depths(1..=5)
            .searcher(capture_with_gravity())
            .searcher(exact_with("capture-history+star"))
            .value_changing(strongest_with(|c| c.capture_history = true))
            .run(trees)
            .assert_agree();
        let limits = Limits::depth(5);
        let reordered = trees
            .iter()
            .filter(|&tree| {
                let nodes = |mut engine: TreeEngine| engine.search(tree, &limits).stats.nodes;
                nodes(exact_with_gravity()) != nodes(capture_with_gravity())
            })
            .count();
        assert!(reordered > 0, "capture history never reordered with {kind}");
    }
}

#[test]
fn razoring_keeps_its_invariants_with_extra_turns_passes_and_chance() {
    // Razoring's quiescence search of a node's own position, with extra turns (no negation),
    // passes (with the null move of the strongest preset around it) and below chance nodes: the
    // invariants hold, and it cut in each kind of tree. Without a quiescence search (the exact
    // preset) the static value stands for it.
    let with_razoring = || strongest_with(|c| c.razoring = Some(1));
    for (kind, trees) in &turn_order_kinds(7) {
        CrossCheck::minimax(TreeValue)
            .depths(1..=6)
            .value_changing(exact_with("razor=1"))
            .value_changing(exact_with("razor=1+star"))
            .value_changing(with_razoring())
            .run(trees)
            .assert_agree();
        let limits = Limits::depth(6);
        let cut: u64 = trees
            .iter()
            .map(|tree| {
                let exact = exact_with("razor=1+star").search(tree, &limits).stats;
                let strongest = with_razoring().search(tree, &limits).stats;
                exact.razor_cutoffs + strongest.razor_cutoffs
            })
            .sum();
        assert!(cut > 0, "razoring never cut with {kind}");
    }
}

#[test]
fn null_move_reductions_with_extra_turns() {
    // Trees where a side may move twice in a row and may also pass: every null-move reduction,
    // with and without the guard, keeps the invariants.
    let trees: Vec<RandomTree> = extra_turn_trees(120, 25)
        .into_iter()
        .map(RandomTree::with_null_moves)
        .collect();
    let mut cross_check = CrossCheck::minimax(TreeValue).depths(1..=5);
    for reduction in ["r2", "adaptive", "scaled"] {
        cross_check = cross_check
            .value_changing(exact_with(&format!("null={reduction}")))
            .value_changing(exact_with(&format!("null={reduction}+null-guard")))
            .value_changing(exact_with(&format!("null={reduction}+null-eval=1")));
    }
    cross_check.run(&trees).assert_agree();
    // The passes were tried and cut there, so the check above held them to something.
    let mut engine = exact_with("null=scaled+null-guard");
    let (mut tries, mut cutoffs) = (0, 0);
    for tree in &trees {
        let stats = engine.search(tree, &Limits::depth(5)).stats;
        tries += stats.null_move_tries;
        cutoffs += stats.null_move_cutoffs;
    }
    assert!(
        tries > 100 && cutoffs > 10,
        "null move tried {tries} times, cut {cutoffs}"
    );
}

#[test]
fn presets_and_quiescence_with_extra_turns_on_trees_0_to_59() {
    presets_and_quiescence_with_extra_turns(0..60);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn presets_and_quiescence_with_extra_turns_on_trees_60_to_199() {
    presets_and_quiescence_with_extra_turns(60..200);
}

/// The presets, the exact orderings and the chess-shaped prunings on the trees `seeds` of 200
/// with extra turns (and noisy moves, for quiescence).
fn presets_and_quiescence_with_extra_turns(seeds: std::ops::Range<usize>) {
    let trees = &extra_turn_trees(200, 25)[seeds];
    CrossCheck::minimax(TreeValue)
        .searcher(Engine::exact(TreeValue))
        .searcher(exact_with_gravity())
        .searcher(counter_with_killers())
        .searcher(counter_alone())
        .searcher(continuation_with_gravity())
        .searcher(continuation_alone())
        .value_changing(Engine::strongest(TreeValue))
        .value_changing(chess_shape())
        .value_changing(strongest_with(|c| {
            // History-adjusted reductions (in the chess defaults) and a deeper reverse futility
            // pruning (tried in chess, not kept), on the side to move's extra turns too.
            c.history = Some(HistoryRule::Gravity);
            c.lmr = c.lmr.map(|lmr| Lmr {
                history_divisor: Some(64),
                ..lmr
            });
            c.reverse_futility = c
                .reverse_futility
                .map(|rfp| ReverseFutility { max_depth: 5, ..rfp });
        }))
        // SEE pruning, with a margin that skips every losing move of an eligible node.
        .value_changing(strongest_with(|c| c.see_pruning = Some(1)))
        // Improving, with the prunings it adjusts.
        .value_changing(strongest_with(|c| {
            c.improving = true;
            c.late_move_pruning = Some(1);
        }))
        // Correction history, read by every pruning that reads the static value, on keys that
        // the side's extra turns share.
        .value_changing(strongest_with(|c| {
            c.correction = true;
            c.futility = Some(3);
            c.improving = true;
            c.null_move = c.null_move.map(|null_move| NullMoveConfig {
                eval_guard: true,
                eval_divisor: Some(5),
                ..null_move
            });
        }))
        // The table's bound read by reverse futility and the null move's guard.
        .value_changing(strongest_with(|c| {
            c.table = c.table.map(|table| TableConfig { eval: true, ..table });
            c.null_move = c.null_move.map(|null_move| NullMoveConfig {
                eval_guard: true,
                ..null_move
            });
        }))
        // Smaller reductions at PV nodes.
        .value_changing(strongest_with(|c| {
            c.lmr = c.lmr.map(|lmr| Lmr { pv_less: true, ..lmr });
        }))
        // Larger reductions at expected cut nodes, whose kind a side's extra turn keeps.
        .value_changing(strongest_with(|c| {
            c.lmr = c.lmr.map(|lmr| Lmr {
                cut_more: true,
                ..lmr
            });
        }))
        // The table in quiescence, whose entries the side's extra turns share.
        .value_changing(strongest_with(|c| {
            c.quiescence = c.quiescence.map(|q| QuiescenceConfig { table: true, ..q });
        }))
        // Continuation history read by history pruning and the reductions, where the move
        // one or two plies back may be the side's own.
        .value_changing(strongest_with(|c| {
            c.history = Some(HistoryRule::Gravity);
            c.continuation_history = true;
            c.history_pruning = Some(1);
            c.lmr = c.lmr.map(|lmr| Lmr {
                history_divisor: Some(64),
                ..lmr
            });
        }))
        .depths(1..=5)
        .run(trees)
        .assert_agree();
    let mut cross_check = CrossCheck::new(MinimaxQuiescence::new(TreeValue))
        .unchecked_reference(QUIESCENCE_REFERENCE)
        .depths(1..=4);
    for engine in quiescence_configurations() {
        cross_check = cross_check.searcher(engine);
    }
    cross_check.run(trees).assert_agree();
}
