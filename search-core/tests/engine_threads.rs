//! The engine on several threads (Lazy SMP, `engine/threads.rs`) held to minimax: every exact
//! preset and a sample of the exact combinations, with 2, 4 and 8 threads (more threads than the
//! machine's cores, on purpose), on random trees with extra turns and with chance levels; the
//! threads share one table without a lock, and the values must still be minimax's exactly.

use search_core::engine::{Config, Engine, exact_configurations_for};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::testing::CrossCheck;
use search_core::{Limits, Searcher};

/// `config` on `threads` threads.
fn threaded(config: Config, threads: u32) -> Engine<RandomTree, TreeValue> {
    Engine::with_config(TreeValue, Config { threads, ..config })
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
fn the_exact_presets_on_2_4_and_8_threads_give_minimax_values() {
    for chance in [false, true] {
        let mut check = CrossCheck::minimax(TreeValue).depths(1..=5);
        for threads in [2, 4, 8] {
            for config in [
                Config::PLAIN,
                Config::exact(),
                Config::exact().with("etc+mtdf=two-back").unwrap(),
                Config::exact().with("asp=3").unwrap(),
            ] {
                check = check.searcher(threaded(config.for_game::<RandomTree>(), threads));
            }
            check = check.value_changing(threaded(Config::strongest().for_game::<RandomTree>(), threads));
        }
        check.run(&trees(40, chance)).assert_agree();
    }
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
