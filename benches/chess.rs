//! Chess benches:
//!
//! - `perft`: move-tree counting through the adapter's `Game` implementation (`generate_moves` +
//!   copy-make `play` with the incremental Zobrist hash) against `shakmaty::perft` on the same
//!   positions: the adapter's overhead. Node counts are asserted before measuring.
//! - `alphabeta`: the reference alpha-beta (MVV-LVA ordering, tapered evaluation) on thesis
//!   positions, reported as nodes per second.
//! - `evaluate`: each evaluation on the 24 thesis positions and the positions of their
//!   principal lines, per position evaluated (what a richer evaluation costs per node).
//!
//! `cargo bench --bench chess -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_chess::shakmaty;
use game_chess::{ChessConfig, ChessGame, Evaluation, MoveOrdering, Tapered, perft, positions};
use search_core::Evaluate;
use search_core::reference::AlphaBeta;
use search_core::{Limits, Searcher};

/// (name, FEN, depth, published count)
const PERFT: [(&str, &str, u32, u64); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        4,
        43_238,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
        62_379,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, fen, depth, nodes) in PERFT {
        let game = ChessGame::from_fen(fen, ChessConfig::default()).expect("valid FEN");
        let chess = game.chess().clone();
        assert_eq!(perft(&game, depth), nodes, "adapter perft of {name}");
        assert_eq!(shakmaty::perft(&chess, depth), nodes, "shakmaty perft of {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("adapter", name), &game, |b, game| {
            b.iter(|| perft(black_box(game), depth));
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", name), &chess, |b, chess| {
            b.iter(|| shakmaty::perft(black_box(chess), depth));
        });
    }
    group.finish();
}

fn bench_alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    for record in positions::thesis_24()
        .iter()
        .filter(|r| ["thesis.01", "thesis.13", "thesis.21"].contains(&r.label()))
    {
        let game = record.game(config);
        let depth = 4;
        let nodes = AlphaBeta::new(Tapered)
            .search(&game, &Limits::depth(depth))
            .stats
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("depth4", record.label()), &game, |b, game| {
            b.iter(|| AlphaBeta::new(Tapered).search(black_box(game), &Limits::depth(depth)));
        });
    }
    group.finish();
}

fn bench_evaluate(c: &mut Criterion) {
    let config = ChessConfig::default();
    // The thesis positions and those along each one's principal line at depth 4.
    let mut games: Vec<ChessGame> = Vec::new();
    for record in positions::thesis_24() {
        let game = record.game(config);
        let line = AlphaBeta::new(Tapered).search(&game, &Limits::depth(4)).pv;
        let mut position = game.clone();
        games.push(game);
        for mv in line {
            position = search_core::Game::play(&position, mv);
            games.push(position.clone());
        }
    }
    let mut group = c.benchmark_group("evaluate");
    group.throughput(Throughput::Elements(games.len() as u64));
    for evaluation in [
        Evaluation::Tapered,
        Evaluation::TaperedPlus,
        Evaluation::Classical,
    ] {
        group.bench_with_input(
            BenchmarkId::new(evaluation.name(), games.len()),
            &games,
            |b, games| {
                b.iter(|| {
                    games
                        .iter()
                        .map(|g| evaluation.evaluate(black_box(g)).raw())
                        .sum::<i32>()
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_alphabeta, bench_evaluate);
criterion_main!(benches);
