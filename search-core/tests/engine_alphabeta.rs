//! With every option off, the engine is plain alpha-beta: node for node the same search as
//! `reference::AlphaBeta`.

use search_core::engine::Engine;
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::AlphaBeta;
use search_core::{Limits, Score, Searcher};

fn assert_same_search(tree: &RandomTree, depth: u32) {
    let limits = Limits::depth(depth);
    let expected = AlphaBeta::new(TreeValue).search(tree, &limits);
    let mut engine = Engine::new(TreeValue);
    assert_eq!(engine.name(), "engine");
    let got = engine.search(tree, &limits);
    let (mut a, mut b) = (expected.stats.clone(), got.stats.clone());
    a.elapsed = Default::default();
    b.elapsed = Default::default();
    assert_eq!(a, b, "stats differ on {tree:?} at depth {depth}");
    assert_eq!(got.score, expected.score);
    assert_eq!(got.best_move, expected.best_move);
    assert_eq!(got.pv, expected.pv);
    assert_eq!(got.depth, expected.depth);
}

#[test]
fn random_trees_node_for_node() {
    for seed in 0..300 {
        let branching = 2 + (seed % 5) as u32;
        let depth = 1 + (seed % 6) as u32;
        let tree = RandomTree::new(seed, branching, depth).with_leaf_values(1 + (seed % 50) as u32);
        for searched in 0..=depth {
            assert_same_search(&tree, searched);
        }
    }
}

#[test]
fn noisy_trees_with_checks_node_for_node() {
    // Capabilities the engine ignores with every option off.
    for seed in 0..100 {
        let tree = RandomTree::new(seed, 4, 5)
            .with_noisy_moves(30)
            .with_checks(20)
            .with_null_moves();
        assert_same_search(&tree, 4);
    }
}

#[test]
fn best_first_trees_visit_the_knuth_moore_minimal_tree() {
    for seed in 0..50 {
        for (branching, depth) in [(2u64, 6u32), (3, 5), (5, 4), (8, 3)] {
            let tree = RandomTree::best_first(seed, branching as u32, depth);
            assert_same_search(&tree, depth);
            let result = Engine::new(TreeValue).search(&tree, &Limits::depth(depth));
            let minimal = branching.pow(depth.div_ceil(2)) + branching.pow(depth / 2) - 1;
            assert_eq!(result.stats.leaf_nodes, minimal);
            assert_eq!(result.score, Score::cp(tree.value()));
        }
    }
}

/// Node figures per feature on random trees (printed with `--nocapture`, not timed): each
/// configuration adds one feature to the previous one.
#[test]
fn node_figures_per_feature() {
    let trees: Vec<RandomTree> = (0..50)
        .map(|seed| RandomTree::new(seed, 6, 6).with_leaf_values(100))
        .collect();
    let configurations: Vec<Engine<RandomTree, TreeValue>> = [
        "plain",
        "id",
        "id+tt+hash=4",
        "id+tt+hash=4+killers",
        "id+tt+hash=4+killers+history",
        "id+tt+hints+killers+history+pvs",
        "id+tt+hints+killers+history+pvs+mtdf=two-back",
    ]
    .into_iter()
    .map(|text| Engine::with_setup(TreeValue, text.parse().unwrap()))
    .chain([Engine::strongest(TreeValue)])
    .collect();
    let plain: u64 = trees
        .iter()
        .map(|tree| {
            AlphaBeta::new(TreeValue)
                .search(tree, &Limits::depth(6))
                .stats
                .nodes
        })
        .sum();
    println!("alphabeta: {plain} nodes");
    for mut engine in configurations {
        let nodes: u64 = trees
            .iter()
            .map(|tree| engine.search(tree, &Limits::depth(6)).stats.nodes)
            .sum();
        println!("{}: {nodes} nodes", engine.name());
    }
}
