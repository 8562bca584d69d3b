//! The engine on small games: what it costs to set up, and what it costs per node against the
//! reference `AlphaBeta` on the same tree.
//!
//! - **Set-up**: building `Engine::new` (no table) and `Engine::exact` (a transposition table)
//!   and running one search of a one-move position, so the cost of the engine's allocations is
//!   what is measured.
//! - **Per node**: tic-tac-toe from the empty board to the end (depth 9), and 2 × 2 Dots and
//!   Boxes (12 lines, extra turns) to depth 6. `Engine::new` is plain alpha-beta and visits
//!   exactly `AlphaBeta`'s nodes (asserted before timing), so their times compare per node
//!   directly; `Engine::exact` visits fewer nodes (the count is printed) and each costs more.
//!   Criterion's throughput line gives nodes per second.
//!
//! ```text
//! cargo bench --bench small_games
//! ```

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::games::dots_and_boxes::DotsAndBoxes;
use game_search::search_core::engine::Engine;
use game_search::search_core::reference::AlphaBeta;
use game_search::search_core::{Evaluate, Game, Limits, Score, Searcher, ZobristHash};

/// Times `AlphaBeta`, `Engine::new` and `Engine::exact` on `root` at `depth`, after asserting
/// that `AlphaBeta` and `Engine::new` search the same tree (nodes, score, move).
fn per_node<G, E>(c: &mut Criterion, group_name: &str, root: &G, depth: u32, evaluator: E)
where
    G: Game + ZobristHash,
    E: Evaluate<G> + Clone,
{
    let limits = Limits::depth(depth);
    let reference = AlphaBeta::new(evaluator.clone()).search(root, &limits);
    let plain = Engine::new(evaluator.clone()).search(root, &limits);
    assert_eq!(
        (plain.stats.nodes, plain.score, plain.best_move),
        (reference.stats.nodes, reference.score, reference.best_move),
        "Engine::new must search AlphaBeta's tree"
    );
    let exact_nodes = Engine::exact(evaluator.clone()).search(root, &limits).stats.nodes;
    let exact_score = Engine::exact(evaluator.clone()).search(root, &limits).score;
    assert_eq!(
        exact_score, reference.score,
        "Engine::exact must find AlphaBeta's value"
    );
    println!(
        "{group_name}: AlphaBeta and Engine::new {} nodes, Engine::exact {exact_nodes} nodes",
        reference.stats.nodes
    );

    let mut group = c.benchmark_group(group_name);
    group.sample_size(20);
    group.throughput(Throughput::Elements(reference.stats.nodes));
    group.bench_function("alphabeta", |b| {
        let mut searcher = AlphaBeta::new(evaluator.clone());
        b.iter(|| assert_eq!(searcher.search(root, &limits).stats.nodes, reference.stats.nodes));
    });
    group.bench_function("engine-new", |b| {
        let mut searcher = Engine::new(evaluator.clone());
        b.iter(|| assert_eq!(searcher.search(root, &limits).stats.nodes, reference.stats.nodes));
    });
    group.throughput(Throughput::Elements(exact_nodes));
    group.bench_function("engine-exact", |b| {
        // A new game before each search, so that every search starts from an empty table.
        let mut searcher = Engine::exact(evaluator.clone());
        b.iter(|| {
            searcher.new_game();
            assert_eq!(searcher.search(root, &limits).stats.nodes, exact_nodes);
        });
    });
    group.finish();
}

fn dots_evaluator(position: &DotsAndBoxes) -> Score {
    DotsAndBoxes::evaluate_lead(position)
}

fn per_node_costs(c: &mut Criterion) {
    per_node(c, "tictactoe-depth-9", &TicTacToe::new(), 9, Heuristic);
    let dots = DotsAndBoxes::new(2, 2).expect("a 2 x 2 board");
    per_node(c, "dots-2x2-depth-6", &dots, 6, dots_evaluator);
}

fn set_up(c: &mut Criterion) {
    // One empty square left: the search itself is a single move.
    let last_square = TicTacToe::from_moves("5 1 9 3 2 8 4 6").expect("a legal game");
    let limits = Limits::depth(1);
    let mut group = c.benchmark_group("engine-set-up");
    group.sample_size(20);
    for (name, exact) in [("engine-new", false), ("engine-exact", true)] {
        group.bench_function(BenchmarkId::new(name, "build and search one move"), |b| {
            b.iter(|| {
                let result = if exact {
                    Engine::exact(Heuristic).search(&last_square, &limits)
                } else {
                    Engine::new(Heuristic).search(&last_square, &limits)
                };
                assert!(result.best_move.is_some());
            });
        });
    }
    group.bench_function("alphabeta/build and search one move", |b| {
        b.iter(|| {
            assert!(
                AlphaBeta::new(Heuristic)
                    .search(&last_square, &limits)
                    .best_move
                    .is_some()
            )
        });
    });
    group.finish();
}

criterion_group!(benches, set_up, per_node_costs);
criterion_main!(benches);
