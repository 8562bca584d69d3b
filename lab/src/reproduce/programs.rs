//! The book's tables that other programs of the workspace make (benchmarks, solvers,
//! matches): `reproduce` runs them through cargo, prints their output and, with `--book`, has
//! each written into its section of the book.

use std::path::Path;

use indicatif::ProgressBar;

/// How a program's output gets into its section of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    /// The program writes it itself with `--book` (its section is its own).
    Flag,
    /// The program writes it itself with `--book SECTION`.
    Named,
    /// The program has no `--book` (a bench): `reproduce` writes what it prints on stdout, as
    /// plain text in a code block.
    Reproduce,
}

/// A program's run: its cargo arguments, its section of the book and who writes it there.
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// The arguments of `cargo` (split at spaces).
    pub cargo: &'static str,
    /// The section of the book it makes.
    pub section: &'static str,
    /// Who writes the section.
    pub writer: Writer,
}

const fn program(cargo: &'static str, section: &'static str, writer: Writer) -> Program {
    Program {
        cargo,
        section,
        writer,
    }
}

/// The tables other programs of the workspace make (benchmarks, solvers, matches), each
/// program's output printed as it is. Not in the default run, nor in `--quick` (CI runs the
/// programs' own tests).
pub const PROGRAMS: [(&str, &[Program]); 9] = [
    (
        "kalah",
        &[program(
            "run --release --example kalah_table",
            "kalah-table",
            Writer::Flag,
        )],
    ),
    (
        "minimal-tree",
        &[program(
            "run --release --example minimal_tree",
            "minimal-tree",
            Writer::Flag,
        )],
    ),
    (
        "small-games",
        &[program(
            "bench --bench small_games",
            "small-games",
            Writer::Reproduce,
        )],
    ),
    (
        "per-node",
        &[program(
            "bench --bench per_node -- --reps 7",
            "per-node",
            Writer::Reproduce,
        )],
    ),
    (
        "threads",
        &[program(
            "bench --bench threads -- --reps 5 --depth 6",
            "threads-bench",
            Writer::Named,
        )],
    ),
    (
        "strength-record",
        &[program(
            "run --release --example strength_record",
            "strength-gates",
            Writer::Flag,
        )],
    ),
    (
        "mcts-bench",
        &[program("bench --bench mcts", "mcts-bench", Writer::Reproduce)],
    ),
    (
        "mcts-play",
        &[
            program(
                "run --release --example mcts_versus -- mcts peer --iterations 5000 --games 100",
                "mcts-versus-peer-iterations",
                Writer::Named,
            ),
            program(
                "run --release --example mcts_versus -- mcts peer --movetime 50 --games 100",
                "mcts-versus-peer-movetime",
                Writer::Named,
            ),
            program(
                "run --release --example mcts_versus -- mcts engine --movetime 100 --games 100",
                "mcts-versus-engine-connect-four",
                Writer::Named,
            ),
            program(
                "run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100",
                "mcts-versus-engine-kalah",
                Writer::Named,
            ),
        ],
    ),
    (
        "chance",
        &[
            program("run --release --example star_table", "star-table", Writer::Flag),
            program(
                "run --release --example mcts_versus -- --game einstein engine expectimax --movetime 100 --games 200",
                "einstein-versus-expectimax",
                Writer::Named,
            ),
        ],
    ),
];

impl Program {
    /// The cargo arguments: [`Program::cargo`], and with a book (its pages' folder, `None`
    /// for the repository's) the program's `--book` options when it writes its section itself.
    #[must_use]
    pub fn args(&self, book: Option<Option<&Path>>) -> Vec<String> {
        let mut args: Vec<String> = self.cargo.split_whitespace().map(String::from).collect();
        let Some(dir) = book else {
            return args;
        };
        if self.writer == Writer::Reproduce {
            return args;
        }
        if !args.iter().any(|a| a == "--") {
            args.push("--".into());
        }
        args.push("--book".into());
        if self.writer == Writer::Named {
            args.push(self.section.into());
        }
        if let Some(dir) = dir {
            args.push("--book-dir".into());
            args.push(dir.display().to_string());
        }
        args
    }
}

/// The workspace's root, where the programs of [`PROGRAMS`] are run from.
const WORKSPACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `cargo ARGS` (the cargo that runs this program) and returns its standard output; its
/// standard error (the build's progress, and what a program says of the book) is not shown,
/// but for a failure.
///
/// # Errors
///
/// Not run through cargo (no `CARGO` in the environment), cargo cannot be started, or the
/// command fails (with its standard error).
pub fn run_cargo(args: &[String], bar: &ProgressBar) -> Result<String, String> {
    let command = args.join(" ");
    let cargo = std::env::var_os("CARGO")
        .ok_or("this table is made by another program of the workspace: run reproduce through `cargo run`")?;
    let output = bar.suspend(|| {
        std::process::Command::new(cargo)
            .args(args)
            .current_dir(WORKSPACE)
            .stdin(std::process::Stdio::null())
            .output()
    });
    let output = output.map_err(|e| format!("cannot run cargo {command}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {command} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_get_their_book_options() {
        let find = |section: &str| {
            PROGRAMS
                .iter()
                .flat_map(|(_, programs)| programs.iter())
                .find(|p| p.section == section)
                .copied()
                .unwrap()
        };
        let kalah = find("kalah-table");
        assert_eq!(kalah.args(None).join(" "), "run --release --example kalah_table");
        assert_eq!(
            kalah.args(Some(None)).join(" "),
            "run --release --example kalah_table -- --book"
        );
        let kalah_match = find("mcts-versus-engine-kalah");
        assert_eq!(
            kalah_match.args(Some(Some(Path::new("/tmp/book")))).join(" "),
            "run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 \
             --games 100 --book mcts-versus-engine-kalah --book-dir /tmp/book"
        );
        let bench = find("per-node");
        assert_eq!(
            bench.args(Some(None)),
            bench.args(None),
            "reproduce writes a bench's section"
        );
    }
}
