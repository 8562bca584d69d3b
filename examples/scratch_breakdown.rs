use game_search::game_chess::{ChessConfig, Evaluation, MoveOrdering, positions};
use game_search::search_core::engine::Engine;
use game_search::search_core::{Limits, Searcher};

fn main() {
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    let mut total = 0;
    for record in positions::thesis_24() {
        let game = record.game(config);
        let depth = record.analysis_depth.unwrap();
        let result = Engine::exact(Evaluation::Tapered).search(&game, &Limits::depth(depth));
        let s = &result.stats;
        total += s.nodes;
        println!(
            "{:10} d{} nodes {:>8} interior {:>7} bf {:5.2} cut {:>6} first {:5.1}% tt {}/{}/{} killer {} hist {} re {}",
            record.label(),
            depth,
            s.nodes,
            s.interior_nodes,
            s.branching_factor(),
            s.beta_cutoffs,
            100.0 * s.first_move_cutoffs as f64 / s.beta_cutoffs.max(1) as f64,
            s.tt_probes,
            s.tt_hits,
            s.tt_cutoffs,
            s.killer_cutoffs,
            s.history_cutoffs,
            s.researches
        );
    }
    println!("total {total}");
}
