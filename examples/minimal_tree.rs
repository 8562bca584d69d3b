//! Knuth and Moore's minimal alpha-beta tree for the thesis's 24 positions, next to what the exact
//! engine searches.
//!
//! ```text
//! cargo run --release --example minimal_tree
//! ```
//!
//! With perfect move ordering, alpha-beta on a uniform tree of branching `b` and depth `d` visits
//! `b^ceil(d/2) + b^floor(d/2) - 1` leaves (Knuth & Moore 1975), and the whole minimal tree is the
//! sum of that width over the levels `0..=d`. A chess tree is not uniform: this program takes, for
//! each position, the effective branching factor `b = perft(3)^(1/3)` (the geometric mean over
//! the first three plies), computes the minimal tree at the position's thesis depth, and prints it
//! next to the leaves and nodes of the engine's exact preset (iterative deepening, a same-depth
//! table, MVV-LVA, killers, history and PVS; every iteration counted).
//!
//! The estimate is an estimate (real trees are not uniform, and transpositions let a search with
//! a table go below it), but it gives the scale: it is what a perfect ordering would need without
//! a table, for the final iteration alone.

use game_search::game_chess::{ChessConfig, Evaluation, MoveOrdering, perft, positions};
use game_search::search_core::engine::Engine;
use game_search::search_core::{Limits, Searcher};

/// The minimal tree's width at `level` plies of a uniform tree of branching `b`.
fn minimal_width(b: f64, level: u32) -> f64 {
    if level == 0 {
        1.0
    } else {
        b.powi(level.div_ceil(2) as i32) + b.powi((level / 2) as i32) - 1.0
    }
}

fn main() {
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    let (mut minimal_leaves, mut minimal_nodes) = (0.0, 0.0);
    let (mut exact_leaves, mut exact_nodes) = (0, 0);
    println!(
        "{:10} {:>5} {:>6} {:>14} {:>14} {:>12} {:>12}",
        "position", "depth", "b", "minimal leaves", "minimal nodes", "exact leaves", "exact nodes"
    );
    for record in positions::thesis_24() {
        let game = record.game(config);
        let depth = record
            .analysis_depth
            .expect("the thesis positions carry their depth");
        let b = (perft(&game, 3) as f64).cbrt();
        let leaves = minimal_width(b, depth);
        let nodes: f64 = (0..=depth).map(|level| minimal_width(b, level)).sum();
        let result = Engine::exact(Evaluation::Tapered).search(&game, &Limits::depth(depth));
        minimal_leaves += leaves;
        minimal_nodes += nodes;
        exact_leaves += result.stats.leaf_nodes;
        exact_nodes += result.stats.nodes;
        println!(
            "{:10} {:>5} {:>6.1} {:>14.0} {:>14.0} {:>12} {:>12}",
            record.label(),
            depth,
            b,
            leaves,
            nodes,
            result.stats.leaf_nodes,
            result.stats.nodes
        );
    }
    println!(
        "{:10} {:>5} {:>6} {:>14.0} {:>14.0} {:>12} {:>12}",
        "total", "", "", minimal_leaves, minimal_nodes, exact_leaves, exact_nodes
    );
}
