use super::*;
use crate::engine::{Config, Engine};
use crate::random_tree::{RandomTree, TreeValue};
use crate::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
use crate::{Limits, Searcher};

/// Knuth & Moore: alpha-beta on a best-first uniform tree searches exactly
/// `b^ceil(d/2) + b^floor(d/2) - 1` leaves; the trace shows them, and its pruned children
/// account for every other leaf of the tree.
#[test]
fn alphabeta_on_best_first_trees_traces_the_knuth_moore_minimal_tree() {
    for branching in 2..=4u32 {
        for depth in 1..=5u32 {
            for seed in 0..3 {
                let tree = RandomTree::best_first(seed, branching, depth);
                let mut searcher = AlphaBeta::new(TreeValue).with_trace(1_000_000);
                let result = searcher.search(&tree, &Limits::depth(depth));
                let trace = searcher.trace().unwrap();
                assert!(!trace.is_truncated());
                let minimal = branching.pow(depth.div_ceil(2)) + branching.pow(depth / 2) - 1;
                let searched = trace.searched_leaves().count() as u64;
                assert_eq!(
                    searched,
                    u64::from(minimal),
                    "b={branching} d={depth} seed={seed}"
                );
                assert_eq!(searched, result.stats.leaf_nodes);
                let pruned_leaves: u64 = trace
                    .pruned()
                    .map(|node| u64::from(branching).pow(node.depth))
                    .sum();
                assert_eq!(searched + pruned_leaves, u64::from(branching).pow(depth));
                // Every cut is a beta cutoff, and every pruned child hangs under one.
                for node in trace.pruned() {
                    assert_eq!(trace.nodes()[node.parent.unwrap()].cut, Some(Cut::BetaCutoff));
                }
                // The principal variation is the first move all the way down.
                let pv_nodes: Vec<_> = trace.nodes().iter().filter(|node| node.is_pv).collect();
                assert_eq!(pv_nodes.len() as u32, depth + 1);
                assert!(
                    pv_nodes
                        .iter()
                        .skip(1)
                        .all(|node| node.mv.as_deref() == Some("0"))
                );
            }
        }
    }
}

#[test]
fn the_two_sided_alphabeta_traces_the_same_minimal_tree() {
    let tree = RandomTree::best_first(5, 3, 4);
    let mut searcher = AlphaBetaMinimax::new(TreeValue).with_trace(10_000);
    searcher.search(&tree, &Limits::depth(4));
    let trace = searcher.trace().unwrap();
    assert_eq!(trace.searched_leaves().count(), 9 + 9 - 1);
    let pruned: u64 = trace.pruned().map(|node| 3u64.pow(node.depth)).sum();
    assert_eq!(17 + pruned, 81);
}

#[test]
fn minimax_and_negamax_trace_every_node_without_windows() {
    let tree = RandomTree::new(3, 3, 3);
    let mut minimax = Minimax::new(TreeValue).with_trace(1_000);
    let mut negamax = Negamax::new(TreeValue).with_trace(1_000);
    let m = minimax.search(&tree, &Limits::depth(3));
    let n = negamax.search(&tree, &Limits::depth(3));
    for (trace, result) in [(minimax.trace().unwrap(), &m), (negamax.trace().unwrap(), &n)] {
        assert_eq!(trace.len() as u64, result.stats.nodes);
        assert_eq!(trace.len(), 1 + 3 + 9 + 27);
        assert!(
            trace
                .nodes()
                .iter()
                .all(|node| node.window.is_none() && node.cut.is_none())
        );
        assert_eq!(trace.nodes().iter().filter(|node| node.is_pv).count(), 4);
    }
}

#[test]
fn minimax_quiescence_marks_its_quiescence_nodes() {
    let tree = RandomTree::new(11, 3, 5).with_noisy_moves(40);
    let mut searcher = MinimaxQuiescence::new(TreeValue).with_trace(100_000);
    let result = searcher.search(&tree, &Limits::depth(2));
    let trace = searcher.trace().unwrap();
    assert_eq!(trace.len() as u64, result.stats.nodes);
    let quiescence = trace.nodes().iter().filter(|node| node.is_quiescence).count() as u64;
    assert_eq!(quiescence, result.stats.quiescence_nodes);
    assert!(quiescence > 0);
}

#[test]
fn text_mode_of_a_tiny_tree() {
    let tree = RandomTree::best_first(1, 2, 2);
    let mut searcher = AlphaBeta::new(TreeValue).with_trace(100);
    searcher.search(&tree, &Limits::depth(2));
    let text = searcher.trace().unwrap().to_text();
    assert_eq!(text, EXPECTED_TINY);
}

/// Negamax values (side to move's view); each child's window is its parent's negated and
/// swapped. The second root move is refuted by its first reply: its second is never searched.
const EXPECTED_TINY: &str = "\
root d2 [-inf, inf] = -53 pv
  0 d1 [-inf, inf] = 53 pv
    0 d0 [-inf, inf] = -53 pv
    1 d0 [-inf, -53] = -39 (lower)
  1 d1 [-inf, 53] = 54 (lower) beta cutoff
    0 d0 [-53, inf] = -54 (upper)
    1 pruned
";

#[test]
fn the_cap_truncates_with_a_message_and_changes_nothing() {
    let tree = RandomTree::new(4, 4, 5);
    let plain = AlphaBeta::new(TreeValue).search(&tree, &Limits::depth(5));
    let mut searcher = AlphaBeta::new(TreeValue).with_trace(10);
    let traced = searcher.search(&tree, &Limits::depth(5));
    assert_eq!(
        (traced.score, traced.pv, traced.stats.nodes),
        (plain.score, plain.pv, plain.stats.nodes)
    );
    let trace = searcher.trace().unwrap();
    assert!(trace.is_truncated());
    assert_eq!(trace.len(), 10);
    let text = trace.to_text();
    assert!(
        text.ends_with(
            "... trace truncated at 10 nodes (the cap): the rest of the search was not recorded\n"
        )
    );
    assert!(trace.to_dot("alpha-beta").contains("trace truncated at 10 nodes"));
    // Every recorded node (but the ones left open by the cut-off) still has its value.
    assert!(
        trace
            .nodes()
            .iter()
            .filter(|node| node.children.is_empty())
            .all(|node| node.value.is_some())
    );
}

#[test]
fn a_new_search_starts_a_new_trace() {
    let tree = RandomTree::new(4, 2, 2);
    let mut searcher = Negamax::new(TreeValue).with_trace(100);
    searcher.search(&tree, &Limits::depth(2));
    searcher.search(&tree, &Limits::depth(2));
    assert_eq!(searcher.trace().unwrap().len(), 7);
    assert_eq!(searcher.trace().unwrap().roots(), &[0]);
}

#[test]
fn dot_marks_pruned_branches_and_the_principal_variation() {
    let tree = RandomTree::best_first(1, 3, 3);
    let mut searcher = AlphaBeta::new(TreeValue).with_trace(100);
    searcher.search(&tree, &Limits::depth(3));
    let dot = searcher.trace().unwrap().to_dot("alpha-beta");
    assert!(dot.starts_with("digraph trace {"));
    assert!(dot.contains("(beta cutoff)\", style=dashed, color=grey60"));
    assert!(dot.contains("color=red, fontcolor=red, penwidth=2.5"));
    assert!(dot.contains("label=\"alpha-beta\""));
    assert!(dot.trim_end().ends_with('}'));
}

#[test]
fn tracing_off_records_nothing() {
    let searcher = AlphaBeta::new(TreeValue);
    assert!(searcher.trace().is_none());
    assert!(Tracer::default().get().is_none());
}

#[test]
fn the_plain_engine_traces_the_same_tree_as_the_reference() {
    for seed in 0..4 {
        let tree = RandomTree::new(seed, 3, 4);
        let mut reference = AlphaBeta::new(TreeValue).with_trace(10_000);
        let mut engine = Engine::new(TreeValue).with_trace(10_000);
        reference.search(&tree, &Limits::depth(4));
        engine.search(&tree, &Limits::depth(4));
        assert_eq!(
            engine.trace().unwrap().to_text(),
            reference.trace().unwrap().to_text()
        );
    }
}

fn engines() -> Vec<Engine<RandomTree, TreeValue>> {
    let exact = Config::exact().to_string();
    let strongest = Config::strongest().to_string();
    [
        "plain".to_string(),
        exact.clone(),
        format!("{exact}+etc"),
        format!("{strongest}+delta=20"),
        format!("{exact}+null=r2+verified"),
        format!("{exact}+mtdf=previous"),
    ]
    .iter()
    .map(|text| {
        Engine::with_config(
            TreeValue,
            text.parse::<Config>().unwrap().for_game::<RandomTree>(),
        )
    })
    .collect()
}

#[test]
fn tracing_changes_neither_the_engines_result_nor_its_node_counts() {
    let tree = RandomTree::new(9, 4, 7).with_noisy_moves(30).with_null_moves();
    for (plain, traced) in engines().into_iter().zip(engines()) {
        let (mut plain, mut traced) = (plain, traced.with_trace(500_000));
        let a = plain.search(&tree, &Limits::depth(5));
        let b = traced.search(&tree, &Limits::depth(5));
        let name = plain.name().to_string();
        assert_eq!((a.score, &a.pv), (b.score, &b.pv), "{name}");
        let counts = |s: &crate::SearchStats| {
            (
                s.nodes,
                s.leaf_nodes,
                s.interior_nodes,
                s.quiescence_nodes,
                s.beta_cutoffs,
                s.tt_cutoffs,
                s.null_move_cutoffs,
                s.researches,
            )
        };
        assert_eq!(counts(&a.stats), counts(&b.stats), "{name}");
        let trace = traced.trace().unwrap();
        assert!(!trace.is_truncated(), "{name}");
        // Every counted node is in the trace (an aborted search would add unfinished ones).
        assert_eq!(
            trace.nodes().iter().filter(|n| !n.is_pruned).count() as u64,
            b.stats.nodes,
            "{name}"
        );
        let quiescence = trace.nodes().iter().filter(|n| n.is_quiescence).count() as u64;
        assert_eq!(quiescence, b.stats.quiescence_nodes, "{name}");
        let cuts = |cut| trace.nodes().iter().filter(|n| n.cut == Some(cut)).count() as u64;
        assert_eq!(
            cuts(Cut::TtCutoff) + cuts(Cut::EnhancedTtCutoff),
            b.stats.tt_cutoffs,
            "{name}"
        );
        assert_eq!(cuts(Cut::NullMove), b.stats.null_move_cutoffs, "{name}");
        assert!(
            trace.nodes().iter().filter(|n| n.is_pv).count() > b.pv.len(),
            "{name}"
        );
    }
}

#[test]
fn the_engine_trace_shows_stand_pats_and_null_moves() {
    let tree = RandomTree::new(9, 4, 7).with_noisy_moves(30).with_null_moves();
    let mut engine = Engine::strongest(TreeValue).with_trace(500_000);
    engine.search(&tree, &Limits::depth(4));
    let trace = engine.trace().unwrap();
    assert!(trace.nodes().iter().any(|n| n.cut == Some(Cut::StandPat)));
    assert!(trace.nodes().iter().any(|n| n.mv.as_deref() == Some("null")));
    // One root per iteration (and per aspiration re-search).
    assert!(trace.roots().len() >= 4);
}

#[test]
fn moves_can_be_relabelled_by_replaying_the_trace() {
    let tree = RandomTree::best_first(1, 2, 2);
    let mut searcher = AlphaBeta::new(TreeValue).with_trace(100);
    searcher.search(&tree, &Limits::depth(2));
    let mut trace = searcher.trace().unwrap().clone();
    trace.relabel_moves(&tree, |game, mv| {
        format!("{}{}", game.ply(), char::from(b'a' + mv as u8))
    });
    let moves: Vec<_> = trace.nodes().iter().filter_map(|node| node.mv.clone()).collect();
    assert_eq!(moves, ["0a", "1a", "1b", "0b", "1a", "1b"]);
    assert!(trace.to_text().contains("    1b pruned\n"));
}

#[test]
fn every_table_hit_of_the_engine_is_marked_on_its_node() {
    // Iterative deepening finds the earlier iterations' entries; without enhanced cutoffs every
    // hit is the probe of a node being searched, so the marks count exactly the hits.
    let tree = RandomTree::new(5, 4, 5);
    let mut engine = Engine::exact(TreeValue).with_trace(100_000);
    let result = engine.search(&tree, &Limits::depth(5));
    let trace = engine.trace().unwrap();
    assert!(!trace.is_truncated());
    let marked = trace.nodes().iter().filter(|node| node.tt_hit).count() as u64;
    assert!(result.stats.tt_hits > 0);
    assert_eq!(marked, result.stats.tt_hits);
    // A table cutoff is a hit too; the references have no table.
    assert!(
        trace
            .nodes()
            .iter()
            .filter(|node| node.cut == Some(Cut::TtCutoff))
            .all(|node| node.tt_hit)
    );
    let mut reference = AlphaBeta::new(TreeValue).with_trace(100_000);
    reference.search(&tree, &Limits::depth(5));
    assert!(reference.trace().unwrap().nodes().iter().all(|node| !node.tt_hit));
}
