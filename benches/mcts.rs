//! Monte Carlo tree search: iterations per second of this project's `Mcts` against the `minimax`
//! crate's `MonteCarloTreeSearch` (one thread), on the same games through the same adapter
//! (`game_search_lab::peer`), side by side in one run.
//!
//! Both run UCT with random playouts to the end of the game and a solver; each search starts from
//! scratch. The positions are chosen so that no root is proven within the iterations (asserted for
//! ours before timing), so every iteration is a full one (but for the odd finished leaf): a walk down the tree, an expansion and a
//! playout. Criterion's throughput line gives iterations per second.
//!
//! ```text
//! cargo bench --bench mcts
//! ```

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_search::game_tictactoe::TicTacToe;
use game_search::games::connect_four::ConnectFour;
use game_search::search_core::mcts::Mcts;
use game_search::search_core::{Game, Limits, Searcher, ZobristHash};
use game_search_lab::peer::Peer;
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy};

fn compare<G>(c: &mut Criterion, name: &str, root: &G, iterations: u64)
where
    G: Game + ZobristHash + Send + Sync,
    G::Move: Eq + Send + Sync,
{
    // Every iteration a full one: the root stays unproven.
    let mut ours = Mcts::new().with_seed(1).with_iterations(iterations);
    let result = ours.search(root, &Limits::default());
    assert_eq!(result.stats.iterations, iterations, "{name}");
    assert!(
        ours.root_proof().is_none(),
        "{name}: proven within {iterations} iterations"
    );
    assert!(
        result.stats.playouts * 100 >= iterations * 99,
        "{name}: a playout per iteration, but for the odd finished leaf"
    );

    let mut group = c.benchmark_group(format!("mcts/{name}"));
    group.sample_size(20);
    group.throughput(Throughput::Elements(iterations));
    group.bench_function(BenchmarkId::new("search_core::mcts::Mcts", iterations), |b| {
        b.iter(|| {
            let mut mcts = Mcts::new().with_seed(1).with_iterations(iterations);
            mcts.search(root, &Limits::default()).best_move
        });
    });
    group.bench_function(
        BenchmarkId::new("minimax::MonteCarloTreeSearch", iterations),
        |b| {
            b.iter(|| {
                let mut mcts =
                    MonteCarloTreeSearch::<Peer<G>>::new(MCTSOptions::default().with_num_threads(1));
                mcts.set_max_rollouts(iterations as u32);
                mcts.choose_move(root)
            });
        },
    );
    group.finish();
}

fn benches(c: &mut Criterion) {
    compare(c, "tic-tac-toe", &TicTacToe::new(), 1_000);
    compare(c, "connect-four", &ConnectFour::new(), 10_000);
}

criterion_group!(mcts, benches);
criterion_main!(mcts);
