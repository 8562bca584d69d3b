//! Minimax, negamax and alpha-beta (both formulations, every move ordering) agree in value on the
//! thesis's 24 positions at depth 3 and on a handful at depth 4, with repetition off.

use game_chess::{ChessConfig, ChessGame, MoveOrdering, Tapered, ThesisMaterial, positions};
use search_core::Evaluate;
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, Negamax};
use search_core::testing::CrossCheck;

fn thesis_games(ordering: MoveOrdering) -> Vec<(String, ChessGame)> {
    let config = ChessConfig::default()
        .with_ordering(ordering)
        .with_repetition(false);
    positions::thesis_24()
        .iter()
        .map(|record| (format!("{} ({ordering})", record.label()), record.game(config)))
        .collect()
}

/// Each ordering is its own position configuration: two-sided minimax over the same positions
/// (searching in that order) is the reference. Negamax is ordering-blind (it visits every node),
/// so it is checked in generation order only; the alpha-beta searchers under every ordering.
///
/// The cheap material evaluation keeps the test fast (minimax visits every node) and makes many
/// root moves tie, which exercises the "any tied best move" rule; the tapered evaluation is
/// checked at depth 3 in generation order.
fn cross_check<E: Evaluate<ChessGame> + Copy>(
    evaluator: E,
    orderings: &[MoveOrdering],
    depth: u32,
    ids: &[&str],
) {
    for &ordering in orderings {
        let games: Vec<_> = thesis_games(ordering)
            .into_iter()
            .filter(|(label, _)| ids.is_empty() || ids.iter().any(|id| label.starts_with(id)))
            .collect();
        assert!(!games.is_empty());
        let mut check = CrossCheck::new(Minimax::new(evaluator))
            .searcher(AlphaBeta::new(evaluator))
            .searcher(AlphaBetaMinimax::new(evaluator));
        let mut searchers = 2;
        if ordering == MoveOrdering::Generation {
            check = check.searcher(Negamax::new(evaluator));
            searchers += 1;
        }
        let report = check
            .depths([depth])
            .run_labelled(games.iter().map(|(label, game)| (label, game)));
        report.assert_agree();
        assert_eq!(report.checks, searchers * games.len(), "{ordering}");
    }
}

// Depth 3 on all 24 positions is minutes of minimax in the dev profile: CI runs it in its release
// step (see the README); the normal suite runs depth 2.

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn all_24_thesis_positions_at_depth_3_every_ordering() {
    cross_check(ThesisMaterial, &MoveOrdering::ALL, 3, &[]);
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn all_24_thesis_positions_at_depth_3_tapered() {
    cross_check(Tapered, &[MoveOrdering::Generation, MoveOrdering::MvvLva], 3, &[]);
}

#[test]
fn all_24_thesis_positions_at_depth_2_every_ordering() {
    cross_check(ThesisMaterial, &MoveOrdering::ALL, 2, &[]);
}

#[test]
fn all_24_thesis_positions_at_depth_2_tapered() {
    cross_check(Tapered, &[MoveOrdering::Generation, MoveOrdering::MvvLva], 2, &[]);
}

/// A handful at depth 4: the end-games and the positions with the fewest pieces.
#[test]
fn a_handful_at_depth_4() {
    cross_check(
        ThesisMaterial,
        &MoveOrdering::ALL,
        4,
        &["thesis.11", "thesis.12", "thesis.17", "thesis.18"],
    );
}

/// Alpha-beta's value does not depend on the ordering; its node count does, and the thesis's
/// captures-first orderings search fewer nodes than version 2 (captures last) on its positions.
#[test]
fn ordering_changes_nodes_not_values() {
    use search_core::{Limits, Searcher};
    let mut totals = Vec::new();
    let mut values: Option<Vec<_>> = None;
    for ordering in MoveOrdering::ALL {
        let mut nodes = 0;
        let mut scores = Vec::new();
        for (_, game) in thesis_games(ordering) {
            let result = AlphaBeta::new(ThesisMaterial).search(&game, &Limits::depth(3));
            nodes += result.stats.nodes;
            scores.push(result.score);
        }
        match &values {
            None => values = Some(scores),
            Some(first) => assert_eq!(first, &scores, "{ordering}"),
        }
        totals.push((ordering, nodes));
    }
    let nodes = |o: MoveOrdering| totals.iter().find(|(x, _)| *x == o).unwrap().1;
    assert!(
        nodes(MoveOrdering::ThesisV1) < nodes(MoveOrdering::ThesisV2),
        "{totals:?}"
    );
    assert!(
        nodes(MoveOrdering::MvvLva) < nodes(MoveOrdering::Generation),
        "{totals:?}"
    );
}
