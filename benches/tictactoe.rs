//! Minimax vs alpha-beta on tic-tac-toe from the empty board, searched to the end.
//!
//! The node counts are asserted before timing, so a broken search cannot look fast.
//!
//! ```text
//! cargo bench --bench tictactoe
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::search_core::reference::{AlphaBeta, Minimax, Negamax};
use game_search::search_core::{Limits, Score, Searcher};

/// The whole game tree, root included.
const FULL_TREE_NODES: u64 = 549_946;

fn full_game(c: &mut Criterion) {
    let root = TicTacToe::new();
    let limits = Limits::depth(9);

    let minimax = Minimax::new(Heuristic).search(&root, &limits);
    assert_eq!(minimax.stats.nodes, FULL_TREE_NODES);
    assert_eq!(minimax.score, Score::DRAW);
    let alphabeta = AlphaBeta::new(Heuristic).search(&root, &limits);
    assert_eq!(alphabeta.score, Score::DRAW);
    let alphabeta_nodes = alphabeta.stats.nodes;
    println!(
        "nodes: minimax {FULL_TREE_NODES}, alpha-beta {alphabeta_nodes} ({:.1}x fewer)",
        FULL_TREE_NODES as f64 / alphabeta_nodes as f64
    );

    let mut group = c.benchmark_group("tictactoe-empty-board-depth-9");
    group.sample_size(20);
    group.bench_function("minimax", |b| {
        let mut searcher = Minimax::new(Heuristic);
        b.iter(|| {
            let result = searcher.search(&root, &limits);
            assert_eq!(result.stats.nodes, FULL_TREE_NODES);
        });
    });
    group.bench_function("negamax", |b| {
        let mut searcher = Negamax::new(Heuristic);
        b.iter(|| {
            let result = searcher.search(&root, &limits);
            assert_eq!(result.stats.nodes, FULL_TREE_NODES);
        });
    });
    group.bench_function("alphabeta", |b| {
        let mut searcher = AlphaBeta::new(Heuristic);
        b.iter(|| {
            let result = searcher.search(&root, &limits);
            assert_eq!(result.stats.nodes, alphabeta_nodes);
        });
    });
    group.finish();
}

criterion_group!(benches, full_game);
criterion_main!(benches);
