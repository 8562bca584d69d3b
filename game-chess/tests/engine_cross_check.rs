//! The engine on chess, held to the reference searchers with the public harness: every
//! combination of its exact features gives minimax's value and a tied-best move on the 24 thesis
//! positions at depth 3; quiescence agrees with minimax + quiescence; forward pruning keeps its
//! invariants.

use game_chess::{ChessConfig, ChessGame, Evaluation, MoveOrdering, positions};
use search_core::Resources;
use search_core::engine::{Config, Engine, exact_configurations_for};
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
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
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

/// The exact presets (and continuation history, each thread's own table) on 2, 4 and 8 threads
/// (Lazy SMP: more threads than the test machine's cores, on purpose) and a sample of the exact combinations on 3 threads, held to minimax on
/// the 24 positions at `depth`.
fn threads_on_the_thesis_positions_at(depth: u32) {
    let positions = thesis_positions();
    let on = |threads: u32, config: Config| {
        Engine::with_config(Evaluation::Tapered, config).with_resources(Resources::new(threads, 16).unwrap())
    };
    let mut check = CrossCheck::new(Minimax::new(Evaluation::Tapered)).depths([depth]);
    for threads in [2, 4, 8] {
        for features in [
            "id",
            "etc",
            "mtdf=two-back",
            "asp=25",
            "history=gravity+cont-history+capture-history",
        ] {
            check = check.searcher(on(threads, Config::exact().with(features).unwrap()));
        }
    }
    for config in exact_configurations_for::<ChessGame>(25).into_iter().step_by(16) {
        check = check.searcher(on(3, config));
    }
    let report = check.run_labelled(positions.iter().map(|(label, game)| (label, game)));
    report.assert_agree();
    assert_eq!(report.checks, (15 + EXACT_COMBINATIONS / 16) * 24);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn threads_keep_the_exact_engines_exact_on_the_thesis_positions_at_depth_3() {
    threads_on_the_thesis_positions_at(3);
}

#[test]
fn threads_keep_the_exact_engines_exact_on_the_thesis_positions_at_depth_2() {
    threads_on_the_thesis_positions_at(2);
}

#[test]
fn exact_presets_with_a_tie_heavy_evaluation_and_at_depth_4() {
    let positions = thesis_positions();
    // Material only: many moves tie, which is what breaks careless move choice.
    CrossCheck::new(Minimax::new(Evaluation::ThesisMaterial))
        .searcher(Engine::exact(Evaluation::ThesisMaterial))
        .searcher(exact_with(Evaluation::ThesisMaterial, "etc"))
        .searcher(exact_with(Evaluation::ThesisMaterial, "mtdf=two-back"))
        .searcher(exact_with(Evaluation::ThesisMaterial, "asp=10"))
        .searcher(exact_with(
            Evaluation::ThesisMaterial,
            "history=gravity+cont-history+capture-history",
        ))
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
        .searcher(exact_with(Evaluation::Tapered, "etc"))
        .depths([4])
        .run_labelled(endgames.iter().map(|(label, game)| (label, game)))
        .assert_agree();
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
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
    let quiescence = format!("qs+qs-max={QUIESCENCE_PLIES}");
    let engine = |base: Config| Engine::with_config(Evaluation::Tapered, base.with(&quiescence).unwrap());
    for (subset, depth) in [(positions.iter().collect::<Vec<_>>(), 1), (endgames, 2)] {
        CrossCheck::new(MinimaxQuiescence::new(Evaluation::Tapered).with_max_ply(QUIESCENCE_PLIES))
            .unchecked_reference(QUIESCENCE_REFERENCE)
            .searcher(engine(Config::PLAIN))
            .searcher(engine(Config::exact()))
            .searcher(engine(Config::exact().with("mtdf=two-back").unwrap()))
            .depths([depth])
            .run_labelled(subset.iter().map(|(label, game)| (label, game)))
            .assert_agree();
    }
}

#[test]
fn forward_pruning_keeps_its_invariants() {
    let positions = thesis_positions();
    let exact = |features| exact_with(Evaluation::Tapered, features);
    let strongest = Config::strongest()
        .with("null-guard+rfp=100+futility=100")
        .unwrap();
    CrossCheck::new(Minimax::new(Evaluation::Tapered))
        .value_changing(Engine::strongest(Evaluation::Tapered))
        .value_changing(exact("null=r1"))
        .value_changing(exact("null=r2"))
        .value_changing(exact("null=r3"))
        .value_changing(exact("null=adaptive+verified"))
        .value_changing(exact("null=scaled+null-guard"))
        .value_changing(exact("null=adaptive+null-eval=200"))
        .value_changing(exact("lmr"))
        .value_changing(exact("tt=deeper"))
        .value_changing(exact("tt=any"))
        .value_changing(exact("check-ext"))
        .value_changing(exact("rfp=100"))
        .value_changing(exact("see-prune=80"))
        .value_changing(exact("probcut=100"))
        .value_changing(exact("razor=300"))
        .value_changing(exact("qs+razor=300"))
        .value_changing(exact("improving+rfp=100+lmp=1+lmr"))
        .value_changing(exact("correction+rfp=100+futility=100+improving"))
        .value_changing(exact("tt=deeper+tt-eval+rfp=100+null=adaptive+null-guard"))
        .value_changing(exact("history=gravity+cont-history+hp=1024+lmr+lmr-history=8192"))
        .value_changing(exact("lmr+lmr-pv"))
        .value_changing(exact("lmr+lmr-cut"))
        .value_changing(exact("singular=4"))
        .value_changing(exact("qs+qs-see+qs-tt"))
        .value_changing(Engine::with_config(Evaluation::Tapered, strongest))
        .depths([3])
        .run_labelled(positions.iter().map(|(label, game)| (label, game)))
        .assert_agree();
}

/// The exact preset with `features` (in the text form) added.
fn exact_with(evaluation: Evaluation, features: &str) -> ChessEngine {
    Engine::with_config(evaluation, Config::exact().with(features).unwrap())
}

/// The statistics of the strongest preset with `features` added, summed over the first 8
/// thesis positions searched 6 plies deep, each search checked to end with a legal move and a
/// value in range: for the features the depth-3 checks above never reach.
fn deep_searches_on_the_thesis_positions(features: &str) -> search_core::SearchStats {
    use search_core::{Game, Limits, MoveList, Score, SearchStats, Searcher};
    let config = Config::strongest().with(features).unwrap();
    let mut stats = SearchStats::default();
    for (label, game) in thesis_positions().iter().take(8) {
        let result = Engine::with_config(Evaluation::Tapered, config).search(game, &Limits::depth(6));
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        assert!(
            result.best_move.is_some_and(|mv| moves.contains(&mv)),
            "{features} {label}"
        );
        assert!(
            result.score.raw().abs() <= Score::MATE.raw(),
            "{features} {label}"
        );
        stats += &result.stats;
    }
    stats
}

/// ProbCut acts only 5 plies or more from the horizon below the root, so the depth-3 checks
/// above never reach it: at depth 6, with the strongest preset around it, it cuts on the thesis
/// positions.
#[test]
fn probcut_cuts_on_the_thesis_positions() {
    let stats = deep_searches_on_the_thesis_positions("probcut=100");
    assert!(stats.probcut_cutoffs > 0, "ProbCut never cut");
}

/// Razoring acts within 3 plies of the horizon: at depth 6, with the strongest preset (and its
/// quiescence search) around it, it cuts on the thesis positions.
#[test]
fn razoring_cuts_on_the_thesis_positions() {
    let stats = deep_searches_on_the_thesis_positions("razor=300");
    assert!(stats.razor_cutoffs > 0, "razoring never cut");
}

/// Singular extensions act only from 4 plies above the horizon below the root, so the depth-3
/// checks above never reach them: at depth 6, with the strongest preset's pruning around them,
/// they extend and cut on the thesis positions.
#[test]
fn singular_extensions_extend_and_cut_on_the_thesis_positions() {
    let stats = deep_searches_on_the_thesis_positions("singular=4");
    let (extended, cut) = (stats.singular_extensions, stats.multi_cuts);
    assert!(
        extended > 0 && cut > 0,
        "singular: {extended} extensions, {cut} multi-cuts"
    );
}
