//! The `kalah_table` program: `Kalah(m, n)` solved from the start with the game's own solver
//! ([`games::kalah::Oracle`], a memoised search sharing nothing with the project's searchers),
//! next to Irving, Donkers & Uiterwijk (2000), "Solving Kalah", Tables 9 and 10; where a search
//! to the end is small enough, the project's alpha-beta (negamax form) and two-sided alpha-beta
//! too. The program (`examples/kalah_table.rs`) parses its arguments and calls [`run`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use games::kalah::{Kalah, Oracle, PAPER_TABLE_9, paper_result, result_letter};
use search_core::reference::{AlphaBeta, AlphaBetaMinimax};
use search_core::{Limits, Searcher};

use crate::book::{Book, Transcript, example_command, write_or_report};

/// The book's section this program writes (`--book`).
pub const SECTION: &str = "kalah-table";

/// The `kalah_table` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Solve every shape with houses x seeds at most this.
    #[arg(long, default_value_t = 12)]
    pub max: u8,
    /// Also search with alpha-beta (both forms) to the end when houses x seeds is at most this.
    #[arg(long, default_value_t = 8)]
    pub searchers_max: u8,
    /// Only these shapes, as `MxN` (e.g. `3x5 4x4`), whatever `--max` says.
    #[arg(long, num_args = 1.., value_parser = parse_shape)]
    pub shapes: Vec<(u8, u8)>,
    /// Also write the table into the book's section `kalah-table` (book/src), with this command.
    #[arg(long)]
    pub book: bool,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// Parses `MxN`.
///
/// # Errors
///
/// Not two numbers joined by `x`, in words.
pub fn parse_shape(text: &str) -> Result<(u8, u8), String> {
    let (m, n) = text
        .split_once('x')
        .ok_or_else(|| format!("'{text}' is not MxN, like 4x3"))?;
    let number = |part: &str| {
        part.parse::<u8>()
            .map_err(|_| format!("'{text}' is not MxN, like 4x3"))
    };
    Ok((number(m)?, number(n)?))
}

/// The table's row for `Kalah(m, n)`: the solver's result and margin, the paper's, the two
/// alpha-beta searches' values if `searchers` (else `-`), the positions the solver stored and
/// its time.
///
/// # Panics
///
/// If `Kalah(m, n)` is not a valid size.
#[must_use]
pub fn row(m: u8, n: u8, searchers: bool) -> String {
    let start = Kalah::new(m, n).expect("a valid size");
    let clock = Instant::now();
    let mut solver = Oracle::new();
    let margin = solver.margin(&start);
    let elapsed = clock.elapsed();
    let paper_margin = PAPER_TABLE_9
        .iter()
        .find(|&&(pm, pn, _)| (pm, pn) == (m, n))
        .map(|&(_, _, margin)| format!(" {margin:+}"))
        .unwrap_or_default();
    let paper = paper_result(m, n).map_or("-".to_string(), |letter| format!("{letter}{paper_margin}"));
    let (alphabeta, two_sided) = if searchers {
        let depth = Limits::depth(2 * u32::from(m) * u32::from(n) * u32::from(m) * 2 + 1);
        let one = AlphaBeta::new(Kalah::evaluate_stores)
            .search(&start, &depth)
            .score;
        let two = AlphaBetaMinimax::new(Kalah::evaluate_stores)
            .search(&start, &depth)
            .score;
        (format!("{one}"), format!("{two}"))
    } else {
        ("-".to_string(), "-".to_string())
    };
    format!(
        "| ({m}, {n}) | {} {margin:+} | {paper} | {alphabeta} | {two_sided} | {} | {:.1} s |",
        result_letter(margin),
        solver.positions(),
        elapsed.as_secs_f64()
    )
}

/// The `kalah_table` program after its arguments are parsed: the table, row by row as each
/// shape is solved, on stdout; with `--book`, also into the book's section [`SECTION`] (checked
/// before anything is solved). `arguments` are the program's (its name aside), for the marker.
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
    out.line("| Kalah(m, n) | solver | paper | alpha-beta | two-sided alpha-beta | positions | time |");
    out.line("|---|---|---|---|---|---|---|");
    for m in 1..=6u8 {
        for n in 1..=6u8 {
            let chosen = if options.shapes.is_empty() {
                m * n <= options.max
            } else {
                options.shapes.contains(&(m, n))
            };
            if !chosen {
                continue;
            }
            out.line(row(m, n, m * n <= options.searchers_max));
        }
    }
    let command = example_command("kalah_table", arguments);
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
    fn shapes_parse_and_bad_ones_are_named() {
        assert_eq!(parse_shape("3x5"), Ok((3, 5)));
        assert_eq!(parse_shape("4x"), Err("'4x' is not MxN, like 4x3".to_string()));
        assert_eq!(parse_shape("4*4"), Err("'4*4' is not MxN, like 4x3".to_string()));
    }

    #[test]
    fn a_row_puts_the_solver_beside_the_paper_and_the_searchers() {
        let row = row(2, 2, true);
        let cells: Vec<&str> = row.split(" | ").collect();
        assert_eq!(cells[0], "| (2, 2)");
        // The solver's margin, the paper's, and both alpha-beta searches' final scores agree on
        // who wins.
        let solver = cells[1];
        assert!(cells[2].starts_with(&solver[..1]), "{row}");
        assert_eq!(cells[3], cells[4], "{row}");
        assert!(row.ends_with(" s |"), "{row}");
        let without = super::row(2, 2, false);
        assert!(without.contains(" | - | - | "), "{without}");
    }

    #[test]
    fn the_book_option_writes_the_table_into_its_section() {
        use crate::book::tests::TempDir;
        let dir = TempDir::new();
        let page = dir.write(
            "correctness.md",
            "Text.\n<!-- generated: kalah-table by `old` -->\nold\n<!-- end: kalah-table -->\nMore.\n",
        );
        let options = Options {
            max: 12,
            searchers_max: 1,
            shapes: vec![(1, 1), (1, 2)],
            book: true,
            book_dir: Some(dir.0.clone()),
        };
        let args = ["--shapes", "1x1", "1x2", "--book", "--book-dir", "/somewhere"].map(String::from);
        assert_eq!(run(&options, args.clone()), ExitCode::SUCCESS);
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            text.starts_with(
                "Text.\n<!-- generated: kalah-table by `cargo run --release --example kalah_table -- \
                 --shapes 1x1 1x2 --book` -->\n| Kalah(m, n) | solver |"
            ),
            "{text}"
        );
        assert!(text.contains("\n| (1, 1) | D +0 | D | "), "{text}");
        assert!(
            text.ends_with(" s |\n<!-- end: kalah-table -->\nMore.\n"),
            "{text}"
        );
        // A book without the section: refused before anything is solved.
        std::fs::write(&page, "No markers.\n").unwrap();
        assert_eq!(run(&options, args), ExitCode::from(2));
    }
}
