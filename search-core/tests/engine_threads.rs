//! The engine on several threads (Lazy SMP, `engine/threads.rs`) held to minimax: every exact
//! preset and a sample of the exact combinations, with 2, 4 and 8 threads (more threads than the
//! machine's cores, on purpose), on random trees with extra turns and with chance levels; the
//! threads share one table without a lock, and the values must still be minimax's exactly.

use search_core::Resources;
use search_core::engine::{Config, Engine, exact_configurations_for};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::testing::CrossCheck;
use search_core::{Limits, SearchStats, Searcher};

/// `config` on `threads` threads.
fn threaded(config: Config, threads: u32) -> Engine<RandomTree, TreeValue> {
    Engine::with_config(TreeValue, config).with_resources(Resources::new(threads, 16).unwrap())
}

fn trees(count: u64, chance: bool) -> Vec<RandomTree> {
    (0..count)
        .map(|seed| {
            let tree = RandomTree::new(500 + seed, 2 + (seed % 3) as u32, 6)
                .with_leaf_values(1 + (seed % 5) as u32)
                .with_extra_turns(25);
            if chance {
                tree.with_chance(2 + (seed % 2) as u32, 3)
            } else {
                tree
            }
        })
        .collect()
}

#[test]
fn the_exact_presets_on_2_4_and_8_threads_give_minimax_values_on_trees_0_to_11() {
    the_exact_presets_on_2_4_and_8_threads(0..12);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn the_exact_presets_on_2_4_and_8_threads_give_minimax_values_on_trees_12_to_39() {
    the_exact_presets_on_2_4_and_8_threads(12..40);
}

/// The exact presets (and the strongest, for its invariants) on 2, 4 and 8 threads, on the
/// trees `seeds` of 40, with and without chance levels.
fn the_exact_presets_on_2_4_and_8_threads(seeds: std::ops::Range<usize>) {
    for chance in [false, true] {
        let mut check = CrossCheck::minimax(TreeValue).depths(1..=5);
        for threads in [2, 4, 8] {
            for config in [
                Config::PLAIN,
                Config::exact(),
                Config::exact().with("etc+mtdf=two-back").unwrap(),
                Config::exact().with("asp=3").unwrap(),
                // Continuation history: each thread learns in its own table.
                Config::exact().with("history=gravity+cont-history").unwrap(),
            ] {
                check = check.searcher(threaded(config.for_game::<RandomTree>(), threads));
            }
            check = check.value_changing(threaded(Config::strongest().for_game::<RandomTree>(), threads));
            // The table in quiescence, shared by the threads like the rest of the table.
            let qs_table = Config::strongest().with("qs-tt").unwrap();
            check = check.value_changing(threaded(qs_table.for_game::<RandomTree>(), threads));
            // The table's bounds read by the prunings, which other threads' stores change.
            let table_eval = Config::strongest().with("tt-eval+null-guard").unwrap();
            check = check.value_changing(threaded(table_eval.for_game::<RandomTree>(), threads));
        }
        check.run(&trees(40, chance)[seeds.clone()]).assert_agree();
    }
}

/// The strongest preset with `features`, on 2, 4 and 8 threads, on trees with noisy moves, with
/// and without chance levels, searched `depths` deep: the invariants hold. Returns the sum of
/// `counted` over the statistics of the searches to the deepest of `depths`.
fn noisy_trees_on_2_4_and_8_threads(
    features: &str,
    depths: [u32; 2],
    counted: fn(&SearchStats) -> u64,
) -> u64 {
    let config = Config::strongest().with(features).unwrap();
    let mut count = 0;
    for chance in [false, true] {
        let trees: Vec<RandomTree> = trees(24, chance)
            .into_iter()
            .map(|tree| tree.with_noisy_moves(30))
            .collect();
        let mut check = CrossCheck::minimax(TreeValue).depths(depths);
        for threads in [2, 4, 8] {
            check = check.value_changing(threaded(config.for_game::<RandomTree>(), threads));
            for tree in &trees {
                let limits = Limits::depth(depths[1]);
                let result = threaded(config.for_game::<RandomTree>(), threads).search(tree, &limits);
                count += counted(&result.stats);
            }
        }
        check.run(&trees).assert_agree();
    }
    count
}

/// ProbCut's shallower searches through the shared table, on 2, 4 and 8 threads: on trees with
/// noisy moves (its candidates), 7 plies deep (it acts 5 plies from the horizon), with and
/// without chance levels; the invariants hold, and it cut.
#[test]
fn probcut_on_2_4_and_8_threads_keeps_its_invariants() {
    let cut = noisy_trees_on_2_4_and_8_threads("probcut=1", [6, 7], |stats| stats.probcut_cutoffs);
    assert!(cut > 0, "ProbCut never cut on threads");
}

/// Razoring's quiescence searches through the shared table, on 2, 4 and 8 threads: on trees
/// with noisy moves, with and without chance levels; the invariants hold, and it cut.
#[test]
fn razoring_on_2_4_and_8_threads_keeps_its_invariants() {
    let cut = noisy_trees_on_2_4_and_8_threads("razor=1+qs-tt", [4, 5], |stats| stats.razor_cutoffs);
    assert!(cut > 0, "razoring never cut on threads");
}

#[test]
fn a_sample_of_the_exact_combinations_on_4_threads_gives_minimax_values() {
    let mut check = CrossCheck::minimax(TreeValue).depths(1..=4);
    for config in exact_configurations_for::<RandomTree>(2).into_iter().step_by(23) {
        check = check.searcher(threaded(config, 4));
    }
    check.run(&trees(24, true)).assert_agree();
}

#[test]
fn threads_share_the_work_and_the_statistics_add_up() {
    let tree = RandomTree::new(77, 5, 9).with_incremental_values();
    let mut engine = threaded(Config::exact(), 3);
    let result = engine.search(&tree, &Limits::depth(8));
    let per_thread = engine.thread_stats();
    assert_eq!(per_thread.len(), 3);
    assert!(per_thread.iter().all(|stats| stats.nodes > 0), "{per_thread:?}");
    assert_eq!(
        result.stats.nodes,
        per_thread.iter().map(|stats| stats.nodes).sum::<u64>()
    );
    // One thread: the lone search, its statistics the result's.
    let mut lone = threaded(Config::exact(), 1);
    let alone = lone.search(&tree, &Limits::depth(8));
    assert_eq!(lone.thread_stats().len(), 1);
    assert_eq!(alone.score, result.score);
}

/// Take 1, 2 or 3; whoever takes the last item wins: every line ends long before the horizon.
#[derive(Clone, Debug)]
struct Pile(u32, search_core::Player);

impl search_core::Game for Pile {
    type Move = u32;
    fn to_move(&self) -> search_core::Player {
        self.1
    }
    fn generate_moves(&self, moves: &mut search_core::MoveList<u32>) {
        moves.extend(1..=self.0.min(3));
    }
    fn play(&self, take: u32) -> Self {
        Pile(self.0 - take, self.1.opponent())
    }
    fn outcome(&self, legal_moves: usize) -> Option<search_core::Outcome> {
        (legal_moves == 0).then_some(search_core::Outcome::Loss)
    }
}

impl search_core::ZobristHash for Pile {
    fn zobrist(&self) -> u64 {
        u64::from(self.0) * 2 + u64::from(self.1 == search_core::Player::Second)
    }
}

#[test]
fn a_thread_stopped_by_another_never_evaluates() {
    // Every line ends before the horizon, so no position is ever evaluated: not even the root by
    // the thread that another's completion stops (it once took the root's static value as its
    // result, which the solver saw as a horizon reached).
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let calls = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&calls);
    let evaluator = move |_: &Pile| {
        counted.fetch_add(1, Ordering::Relaxed);
        search_core::Score::DRAW
    };
    // Plain alpha-beta (no table): both threads search the whole tree, and the later one is
    // stopped by the first's completion.
    let mut engine =
        Engine::with_config(evaluator, Config::PLAIN).with_resources(Resources::new(2, 16).unwrap());
    for items in 16..=20 {
        let result = engine.search(&Pile(items, search_core::Player::First), &Limits::depth(40));
        assert_eq!(
            result.score.raw().signum(),
            if items % 4 == 0 { -1 } else { 1 },
            "{items}"
        );
        engine.new_game();
    }
    assert_eq!(calls.load(Ordering::Relaxed), 0);
}
