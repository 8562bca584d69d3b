//! The `star_table` program: the node reductions of Star1 and Star2 (Ballard 1983) against
//! expectiminimax, on Ballard's regular *-minimax trees and on EinStein würfelt nicht! positions:
//! the book's table (Chance nodes). Every searcher's value is asserted equal to expectiminimax's (the two-sided
//! `Minimax`, which takes the weighted mean at chance nodes) before its nodes are counted: a row is
//! printed only if every column searched the same value. The program (`examples/star_table.rs`)
//! parses its arguments and calls [`run`].

use std::path::PathBuf;
use std::process::ExitCode;

use games::einstein::{EinStein, evaluate};
use search_core::engine::{ChancePruning, Config, Engine};
use search_core::mcts::SplitMix64;
use search_core::random_tree::{PerfectOrder, RandomTree, TreeValue};
use search_core::reference::Minimax;
use search_core::{Evaluate, Game, Limits, MoveList, Score, Searcher, ZobristHash};

use crate::book::{Book, Transcript, example_command, write_or_report};

/// The book's section this program writes (`--book`).
pub const SECTION: &str = "star-table";

/// The `star_table` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Fewer trees and positions (a smoke test).
    #[arg(long)]
    pub quick: bool,
    /// Also write the table into the book's section `star-table` (book/src), with this command.
    #[arg(long)]
    pub book: bool,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// The searchers of a row: expectiminimax, then the engine's configurations.
pub const COLUMNS: [(&str, &str, Option<ChancePruning>); 7] = [
    ("alpha-beta", "plain", None),
    ("Star1", "plain", Some(ChancePruning::Star1)),
    ("Star2", "plain", Some(ChancePruning::Star2)),
    ("tt+Star1", "tt", Some(ChancePruning::Star1)),
    ("tt+Star2", "tt", Some(ChancePruning::Star2)),
    (
        "exact+Star1",
        "id+tt+hints+killers+history+pvs",
        Some(ChancePruning::Star1),
    ),
    (
        "exact+Star2",
        "id+tt+hints+killers+history+pvs",
        Some(ChancePruning::Star2),
    ),
];

/// Nodes of expectiminimax and of each column over `positions` at `depth`, the values asserted
/// equal.
///
/// # Panics
///
/// If a column's value differs from expectiminimax's (a bug in the engine's chance pruning).
pub fn row<G, E>(positions: &[G], depth: u32, evaluator: E) -> (u64, Vec<u64>)
where
    G: Game + ZobristHash + std::fmt::Debug,
    E: Evaluate<G> + Copy,
{
    let mut reference_nodes = 0;
    let mut nodes = vec![0; COLUMNS.len()];
    for position in positions {
        let reference = Minimax::new(evaluator).search(position, &Limits::depth(depth));
        reference_nodes += reference.stats.nodes;
        for (column, &(name, base, chance)) in COLUMNS.iter().enumerate() {
            let config = Config {
                chance,
                ..base.parse::<Config>().expect("a valid configuration")
            };
            let result = Engine::with_config(evaluator, config).search(position, &Limits::depth(depth));
            assert_eq!(
                result.score, reference.score,
                "{name} on {position:?} at depth {depth}"
            );
            nodes[column] += result.stats.nodes;
        }
    }
    (reference_nodes, nodes)
}

/// A row of the table: its label, expectiminimax's nodes, and each column's nodes saved.
#[must_use]
pub fn row_markdown(label: &str, (reference, nodes): (u64, Vec<u64>)) -> String {
    let cells: Vec<String> = nodes
        .iter()
        .map(|&n| format!("{:.1}%", 100.0 * (1.0 - n as f64 / reference as f64)))
        .collect();
    format!("| {label} | {reference} | {} |", cells.join(" | "))
}

/// EinStein positions after `plies` random plies from random arrangements, the game not over,
/// a decision node (a die already rolled).
#[must_use]
pub fn einstein_positions(count: usize, plies: u32) -> Vec<EinStein> {
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < count {
        seed += 1;
        let mut rng = SplitMix64::new(seed);
        let mut position = EinStein::random(seed);
        let mut moves = MoveList::new();
        let mut over = false;
        for _ in 0..plies {
            moves.clear();
            position.generate_moves(&mut moves);
            if position.outcome(moves.len()).is_some() {
                over = true;
                break;
            }
            position = position.play(moves[rng.below(moves.len())]);
        }
        // A decision node: roll the die if it is due.
        if !over && position.is_chance() {
            position = position.play(position.roll(&mut rng));
        }
        moves.clear();
        position.generate_moves(&mut moves);
        if !over && position.outcome(moves.len()).is_none() {
            positions.push(position);
        }
    }
    positions
}

/// The `star_table` program after its arguments are parsed: the table, row by row as each is
/// searched, on stdout; with `--book`, also into the book's section [`SECTION`] (checked
/// first). `arguments` are the program's (its name aside), for the marker.
///
/// Exit status: 0; 2 if the book has no such section or cannot be written.
#[must_use]
pub fn run(options: &Options, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let book = options
        .book
        .then(|| Book::from_option(options.book_dir.as_deref()));
    if let Some(book) = &book
        && let Err(err) = book.check(&[SECTION])
    {
        eprintln!("error: {err}");
        return ExitCode::from(2);
    }
    let mut out = Transcript::new();
    let trees = if options.quick { 4 } else { 20 };
    let headers: Vec<&str> = COLUMNS.iter().map(|(name, ..)| *name).collect();
    out.line("Nodes saved against expectiminimax (its nodes in the second column), same values:\n");
    out.line(format!("| trees | expectiminimax | {} |", headers.join(" | ")));
    out.line(format!("|---|---|{}", "---|".repeat(COLUMNS.len())));
    let shapes: &[(u32, u32, u32)] = if options.quick {
        &[(3, 3, 5)]
    } else {
        &[(3, 3, 7), (5, 5, 5), (5, 5, 7), (8, 6, 5), (8, 6, 7)]
    };
    for &(branching, outcomes, depth) in shapes {
        let ballard: Vec<RandomTree> = (0..trees)
            .map(|seed| RandomTree::new(seed, branching, depth).with_chance(outcomes, 1))
            .collect();
        out.line(row_markdown(
            &format!("Ballard's: {branching} moves, {outcomes} outcomes, depth {depth}, random order"),
            row(&ballard, depth, TreeValue),
        ));
        let ordered: Vec<RandomTree> = (0..trees)
            .map(|seed| {
                RandomTree::new(seed, branching, depth)
                    .with_chance(outcomes, 1)
                    .with_incremental_values()
                    .with_leaf_values(10)
            })
            .collect();
        out.line(row_markdown(
            &format!("incremental values: {branching} moves, {outcomes} outcomes, depth {depth}"),
            row(&ordered, depth, TreeValue),
        ));
        let perfect: Vec<PerfectOrder> = (0..trees)
            .map(|seed| {
                PerfectOrder::new(
                    RandomTree::new(seed, branching, depth).with_chance(outcomes, 1),
                    depth,
                )
            })
            .collect();
        out.line(row_markdown(
            &format!("Ballard's, optimal order: {branching} moves, {outcomes} outcomes, depth {depth}"),
            row(&perfect, depth, TreeValue),
        ));
    }
    let evaluate = evaluate as fn(&EinStein) -> Score;
    let count = if options.quick { 4 } else { 40 };
    for (plies, depth) in if options.quick {
        vec![(10, 3)]
    } else {
        vec![(6, 3), (6, 5), (14, 5), (14, 7), (14, 9)]
    } {
        let positions = einstein_positions(count, plies);
        out.line(row_markdown(
            &format!("EinStein: {count} positions after {plies} random plies, depth {depth}"),
            row(&positions, depth, evaluate),
        ));
    }
    let command = example_command("star_table", arguments);
    if write_or_report(book.as_ref(), SECTION, &command, out.text()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn einstein_positions_are_decision_nodes_of_games_not_over() {
        let positions = einstein_positions(3, 6);
        assert_eq!(positions.len(), 3);
        for position in &positions {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            assert!(!position.is_chance());
            assert!(position.outcome(moves.len()).is_none());
        }
    }

    #[test]
    fn a_row_counts_every_column_and_saves_nodes_on_chance_trees() {
        let trees: Vec<RandomTree> = (0..2)
            .map(|seed| RandomTree::new(seed, 3, 3).with_chance(3, 1))
            .collect();
        let (reference, nodes) = row(&trees, 3, TreeValue);
        assert_eq!(nodes.len(), COLUMNS.len());
        // The plain engine searches expectiminimax's tree (alpha-beta cuts nothing below a
        // chance node searched with the full window); Star1 and Star2 search no more.
        assert_eq!(nodes[0], reference);
        assert!(
            nodes[1] <= reference && nodes[2] <= reference,
            "{nodes:?} against {reference}"
        );
        let text = row_markdown("trees", (200, vec![100, 150]));
        assert_eq!(text, "| trees | 200 | 50.0% | 25.0% |");
    }
}
