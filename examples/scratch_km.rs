use game_search::game_chess::{ChessConfig, Evaluation, MoveOrdering, perft, positions};
use game_search::search_core::engine::Engine;
use game_search::search_core::{Limits, Searcher};

fn main() {
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    let (mut km_total, mut ours_total, mut km_nodes_total) = (0.0, 0u64, 0.0);
    for record in positions::thesis_24() {
        let game = record.game(config);
        let d = record.analysis_depth.unwrap();
        let b = (perft(&game, 3) as f64).powf(1.0 / 3.0);
        let km = b.powi(d.div_ceil(2) as i32) + b.powi((d / 2) as i32) - 1.0;
        // All nodes of the minimal tree: sum over levels of the minimal tree's width.
        let km_nodes: f64 = (0..=d)
            .map(|l| {
                if l == 0 {
                    1.0
                } else {
                    b.powi(l.div_ceil(2) as i32) + b.powi((l / 2) as i32) - 1.0
                }
            })
            .sum();
        let r = Engine::exact(Evaluation::Tapered).search(&game, &Limits::depth(d));
        km_total += km;
        km_nodes_total += km_nodes;
        ours_total += r.stats.leaf_nodes;
        println!(
            "{:10} d{} b {:5.1} KM leaves {:>9.0} KM nodes {:>9.0} ours leaves {:>8} nodes {:>8}",
            record.label(),
            d,
            b,
            km,
            km_nodes,
            r.stats.leaf_nodes,
            r.stats.nodes
        );
    }
    println!("KM leaves {km_total:.0} KM nodes {km_nodes_total:.0}; ours leaves {ours_total}");
}
