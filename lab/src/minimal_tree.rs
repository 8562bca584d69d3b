//! The `minimal_tree` program: Knuth and Moore's minimal alpha-beta tree for the thesis's 24
//! positions, next to what the exact engine searches (see `examples/minimal_tree.rs` for how the
//! estimate is made). The program calls [`run`].

use game_chess::{ChessConfig, Evaluation, MoveOrdering, perft, positions};
use search_core::engine::Engine;
use search_core::{Limits, Searcher};

/// The minimal tree's width at `level` plies of a uniform tree of branching `b`.
#[must_use]
pub fn minimal_width(b: f64, level: u32) -> f64 {
    if level == 0 {
        1.0
    } else {
        b.powi(level.div_ceil(2) as i32) + b.powi((level / 2) as i32) - 1.0
    }
}

/// The `minimal_tree` program: the table, a row per thesis position as it is searched, then the
/// totals, on stdout.
///
/// # Panics
///
/// If a thesis position carries no depth (they all do).
pub fn run() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimal_width_is_knuth_and_moores() {
        // b^ceil(d/2) + b^floor(d/2) - 1 leaves at depth d; the root alone at depth 0.
        let widths: Vec<f64> = (0..=4).map(|level| minimal_width(3.0, level)).collect();
        assert_eq!(widths, [1.0, 3.0, 5.0, 11.0, 17.0]);
        assert_eq!(minimal_width(40.0, 5), 40.0f64.powi(3) + 40.0f64.powi(2) - 1.0);
    }
}
