use game_search::game_chess::{ChessConfig, Evaluation, MoveOrdering, positions};
use game_search::search_core::engine::Engine;
use game_search::search_core::{Limits, Searcher};

fn main() {
    let eval: Evaluation = std::env::args()
        .nth(1)
        .unwrap_or("tapered".into())
        .parse()
        .unwrap();
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    let records = positions::thesis_24();
    type Build = fn(Evaluation) -> Engine<game_search::game_chess::ChessGame, Evaluation>;
    let builds: Vec<(&str, Build)> = vec![
        ("ab+mvvlva", |e| Engine::new(e).with_order_hints(true)),
        ("+id", |e| {
            Engine::new(e)
                .with_order_hints(true)
                .with_iterative_deepening(true)
        }),
        ("+tt", |e| {
            Engine::new(e)
                .with_order_hints(true)
                .with_iterative_deepening(true)
                .with_transposition_table(16)
        }),
        ("+killers", |e| {
            Engine::new(e)
                .with_order_hints(true)
                .with_iterative_deepening(true)
                .with_transposition_table(16)
                .with_killers(true)
        }),
        ("+history", |e| {
            Engine::new(e)
                .with_order_hints(true)
                .with_iterative_deepening(true)
                .with_transposition_table(16)
                .with_killers(true)
                .with_history(true)
        }),
        ("exact(+pvs)", |e| Engine::exact(e)),
        ("exact+etc", |e| {
            Engine::exact(e).with_enhanced_transposition_cutoff(true)
        }),
        ("exact+etc+mtdf2", |e| {
            Engine::exact(e)
                .with_enhanced_transposition_cutoff(true)
                .with_mtdf(Some(game_search::search_core::engine::FirstGuess::TwoBack))
        }),
        ("exact+asp25", |e| Engine::exact(e).with_aspiration(Some(25))),
        ("exact+mtdf2", |e| {
            Engine::exact(e).with_mtdf(Some(game_search::search_core::engine::FirstGuess::TwoBack))
        }),
        ("exact+atleast", |e| {
            Engine::exact(e).with_tt_policy(game_search::search_core::engine::DepthPolicy::AtLeastDepth)
        }),
        ("exact+atleast+asp", |e| {
            Engine::exact(e)
                .with_tt_policy(game_search::search_core::engine::DepthPolicy::AtLeastDepth)
                .with_aspiration(Some(25))
        }),
    ];
    for (name, build) in builds {
        let mut total = 0;
        let start = std::time::Instant::now();
        for record in &records {
            let game = record.game(config);
            let mut engine = build(eval);
            let result = engine.search(&game, &Limits::depth(record.analysis_depth.unwrap()));
            total += result.stats.nodes;
        }
        println!(
            "{name:12} {total:>12} nodes  {:.1}s",
            start.elapsed().as_secs_f64()
        );
    }
}
