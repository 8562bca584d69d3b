//! The `minimal_tree` program: Knuth and Moore's minimal alpha-beta tree for the thesis's 24
//! positions, next to what the exact engine searches (see `examples/minimal_tree.rs` for how the
//! estimate is made), as a Markdown table: a row per position, then the totals. The program
//! parses its arguments and calls [`run`].

use std::path::PathBuf;
use std::process::ExitCode;

use game_chess::{ChessConfig, Evaluation, MoveOrdering, perft, positions};
use search_core::engine::Engine;
use search_core::{Limits, Searcher};

use crate::book::{Book, Transcript, example_command, write_or_report};

/// The book's section this program writes (`--book`).
pub const SECTION: &str = "minimal-tree";

/// The `minimal_tree` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Also write the table into the book's section `minimal-tree` (book/src), with this command.
    #[arg(long)]
    pub book: bool,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// The minimal tree's width at `level` plies of a uniform tree of branching `b`.
#[must_use]
pub fn minimal_width(b: f64, level: u32) -> f64 {
    if level == 0 {
        1.0
    } else {
        b.powi(level.div_ceil(2) as i32) + b.powi((level / 2) as i32) - 1.0
    }
}

/// The `minimal_tree` program after its arguments are parsed: the table, a row per thesis
/// position as it is searched, then the totals, in Markdown on stdout; with `--book`, also into
/// the book's section [`SECTION`] (checked first). `arguments` are the program's (its name
/// aside), for the marker.
///
/// Exit status: 0; 2 if the book has no such section or cannot be written.
///
/// # Panics
///
/// If a thesis position carries no depth (they all do).
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
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    let (mut minimal_leaves, mut minimal_nodes) = (0.0, 0.0);
    let (mut exact_leaves, mut exact_nodes) = (0, 0);
    let mut out = Transcript::new();
    out.line(
        "Knuth and Moore's minimal tree at each thesis position's depth, its branching b = \
         perft(3)^(1/3) (the final iteration alone), beside `Engine::exact` (tapered evaluation, \
         every iteration counted):\n",
    );
    out.line("| position | depth | b | minimal leaves | minimal nodes | exact leaves | exact nodes |");
    out.line("|---|---|---|---|---|---|---|");
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
        out.line(format!(
            "| {} | {depth} | {b:.1} | {leaves:.0} | {nodes:.0} | {} | {} |",
            record.label(),
            result.stats.leaf_nodes,
            result.stats.nodes
        ));
    }
    out.line(format!(
        "| **total** | | | **{minimal_leaves:.0}** | **{minimal_nodes:.0}** | **{exact_leaves}** | **{exact_nodes}** |"
    ));
    let command = example_command("minimal_tree", arguments);
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
    fn the_minimal_width_is_knuth_and_moores() {
        // b^ceil(d/2) + b^floor(d/2) - 1 leaves at depth d; the root alone at depth 0.
        let widths: Vec<f64> = (0..=4).map(|level| minimal_width(3.0, level)).collect();
        assert_eq!(widths, [1.0, 3.0, 5.0, 11.0, 17.0]);
        assert_eq!(minimal_width(40.0, 5), 40.0f64.powi(3) + 40.0f64.powi(2) - 1.0);
    }
}
