//! The `strength_record` program: the record of the chess engine's matches, as the book's
//! tables. `match.py --record FILE` appends one JSON line per match (its command, score, Elo
//! interval and, for a sequential test, its verdict); this program reads the file and writes two
//! tables: the self-play tests that kept or dropped each change (those with an SPRT), and the
//! other matches (against real engines).
//!
//! Nothing in the tables is typed by hand: a match is recorded by the script that played it,
//! and the tables are made again from the record (`--book`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Deserialize;

use crate::book::{Book, example_command, write_or_report};

/// The record in this repository.
pub const RECORD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../game-chess/tests/data/strength-record.jsonl"
);

/// The program's options.
#[derive(Args, Debug, Clone)]
pub struct Options {
    /// The record: one JSON line per match, as `match.py --record` writes them.
    #[arg(long, default_value = RECORD)]
    pub record: PathBuf,
    /// Also write the tables into the book (sections `strength-gates` and `strength-matches`).
    #[arg(long)]
    pub book: bool,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// A sequential test's verdict, as recorded.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Sprt {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's.
    pub elo1: f64,
    /// The log-likelihood ratio when the match ended.
    pub llr: f64,
    /// `H1` (keep), `H0` (drop) or none (no decision within the games).
    pub decision: Option<String>,
}

/// Our engine's `bench` run by the match script before the games (recorded since 2026-12-05):
/// the speed of the machine the match was played on.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Bench {
    /// The bench's node count (which build it was).
    pub nodes: u64,
    /// Its nodes a second.
    pub nps: u64,
}

/// One recorded match.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Match {
    /// What was tested.
    pub label: String,
    /// The day it was played.
    pub date: String,
    /// The command that played it.
    pub command: String,
    /// The time control.
    pub tc: String,
    /// Games at once.
    #[serde(default = "one")]
    pub concurrency: u32,
    /// Games played.
    pub games: u32,
    /// Our wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Our losses.
    pub losses: u32,
    /// The Elo difference (none for a perfect or zero score).
    pub elo: Option<f64>,
    /// Its 95% interval's ends (none where unbounded).
    pub low: Option<f64>,
    /// The upper end.
    pub high: Option<f64>,
    /// Protocol errors, illegal moves and time losses of ours.
    pub errors: u32,
    /// Games the opponent lost by crashing or breaking the protocol (scored as our wins, as a
    /// GUI adjudicates them; recorded apart since 2026-11-26), or on time (since 2026-12-02).
    #[serde(default)]
    pub opponent_failures: u32,
    /// The sequential test, if it was one.
    pub sprt: Option<Sprt>,
    /// Our engine's bench before the games, if recorded.
    #[serde(default)]
    pub bench: Option<Bench>,
}

fn one() -> u32 {
    1
}

/// Reads a record.
///
/// # Errors
///
/// A file that cannot be read, or a line that is not a match, with its number.
pub fn read(path: &Path) -> Result<Vec<Match>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    parse(&text).map_err(|err| format!("{}:{err}", path.display()))
}

/// Parses a record's text: one match a line (blank lines are skipped).
///
/// # Errors
///
/// The first line that is not a match: `LINE: why`.
pub fn parse(text: &str) -> Result<Vec<Match>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| serde_json::from_str(line).map_err(|err| format!("{}: {err}", number + 1)))
        .collect()
}

fn signed(value: Option<f64>, unbounded: &str) -> String {
    value.map_or_else(|| unbounded.to_string(), |v| format!("{:+}", v.round() as i64))
}

fn score(m: &Match) -> String {
    let points = f64::from(m.wins) + f64::from(m.draws) / 2.0;
    let percent = if m.games == 0 {
        0.0
    } else {
        100.0 * points / f64::from(m.games)
    };
    format!("+{} ={} -{} ({percent:.1}%)", m.wins, m.draws, m.losses)
}

fn elo(m: &Match) -> String {
    format!(
        "{} [{}, {}]",
        signed(
            m.elo,
            if m.wins + m.draws / 2 >= m.games {
                "+inf"
            } else {
                "-inf"
            }
        ),
        signed(m.low, "-inf"),
        signed(m.high, "+inf")
    )
}

/// The time control, with the number of games played at once where it is more than one
/// (`2+0.02 ×2`).
fn time_control(m: &Match) -> String {
    if m.concurrency > 1 {
        format!("{} ×{}", m.tc, m.concurrency)
    } else {
        m.tc.clone()
    }
}

/// The self-play tests' table (matches with an SPRT), in the order played: the test's decision
/// (`H1`, `H0` or `none`), not whether the change was kept, which the label says where the two
/// differ.
#[must_use]
pub fn gates_markdown(matches: &[Match]) -> String {
    let mut text = String::from(
        "| date | change tested | time control | games | score | Elo [95%] | SPRT (elo0, elo1): LLR | decision |\n|---|---|---|---|---|---|---|---|\n",
    );
    for m in matches {
        let Some(sprt) = &m.sprt else { continue };
        let decision = match sprt.decision.as_deref() {
            Some("H1") => "H1",
            Some("H0") => "H0",
            _ => "none",
        };
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | ({}, {}): {:.2} | {decision} |",
            m.date,
            m.label,
            time_control(m),
            m.games,
            score(m),
            elo(m),
            sprt.elo0,
            sprt.elo1,
            sprt.llr
        );
    }
    text
}

/// The other matches' table (no SPRT), in the order played.
#[must_use]
pub fn matches_markdown(matches: &[Match]) -> String {
    let mut text = String::from(
        "| date | match | time control | games | score | Elo [95%] | our errors | opponent's failures | our bench (M nodes/s) |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for m in matches.iter().filter(|m| m.sprt.is_none()) {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            m.date,
            m.label,
            time_control(m),
            m.games,
            score(m),
            elo(m),
            m.errors,
            m.opponent_failures,
            m.bench.as_ref().map_or_else(
                || "-".to_string(),
                |bench| format!("{:.2}", bench.nps as f64 / 1e6)
            )
        );
    }
    text
}

/// Runs the program; `args` are its command-line arguments (for the book's markers).
///
/// # Errors
///
/// An unreadable record, or a book that cannot be written.
pub fn run(options: &Options, args: impl IntoIterator<Item = String>) -> Result<(), String> {
    let matches = read(&options.record)?;
    let gates = gates_markdown(&matches);
    let others = matches_markdown(&matches);
    println!("## Self-play tests\n\n{gates}\n## Matches\n\n{others}");
    if options.book {
        let book = Book::from_option(options.book_dir.as_deref());
        book.check(&["strength-gates", "strength-matches"])
            .map_err(|err| err.to_string())?;
        let command = example_command("strength_record", args);
        let written = write_or_report(Some(&book), "strength-gates", &command, &gates)
            && write_or_report(Some(&book), "strength-matches", &command, &others);
        if !written {
            return Err("the book was not written".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &str = r#"{"label": "qs-see", "date": "2026-11-26", "command": "python3 match.py", "tc": "2+0.02", "concurrency": 2, "openings": "openings-random.txt", "games": 300, "wins": 100, "draws": 120, "losses": 80, "elo": 23.2, "low": 3.1, "high": 43.9, "errors": 0, "sprt": {"elo0": 0.0, "elo1": 20.0, "alpha": 0.05, "beta": 0.05, "llr": 2.97, "decision": "H1"}}
{"label": "Phalanx XXV", "date": "2026-11-26", "command": "python3 match.py", "tc": "5+0.05", "games": 200, "wins": 80, "draws": 40, "losses": 80, "elo": 0.0, "low": -43.2, "high": 43.2, "errors": 0}
{"label": "GNU Chess", "date": "2026-11-26", "command": "python3 match.py", "tc": "5+0.05", "games": 100, "wins": 38, "draws": 11, "losses": 51, "elo": -45.4, "low": -112.6, "high": 18.5, "errors": 0, "opponent_failures": 5, "bench": {"nodes": 221441, "nps": 1215479}}
"#;

    #[test]
    fn the_record_becomes_two_tables() {
        let dir = std::env::temp_dir().join(format!("strength-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("record.jsonl");
        std::fs::write(&path, LINES).unwrap();
        let matches = read(&path).unwrap();
        assert_eq!(matches.len(), 3);
        let gates = gates_markdown(&matches);
        assert!(
            gates.contains(
                "| 2026-11-26 | qs-see | 2+0.02 ×2 | 300 | +100 =120 -80 (53.3%) | +23 [+3, +44] | (0, 20): 2.97 | H1 |"
            ),
            "{gates}"
        );
        assert!(!gates.contains("Phalanx"));
        let others = matches_markdown(&matches);
        assert!(
            others
                .contains("| 2026-11-26 | Phalanx XXV | 5+0.05 | 200 | +80 =40 -80 (50.0%) | +0 [-43, +43] | 0 | 0 | - |"),
            "{others}"
        );
        assert!(
            others.contains(
                "| 2026-11-26 | GNU Chess | 5+0.05 | 100 | +38 =11 -51 (43.5%) | -45 [-113, +19] | 0 | 5 | 1.22 |"
            ),
            "{others}"
        );
        std::fs::write(&path, "{\"label\": 3}\n").unwrap();
        assert!(read(&path).unwrap_err().contains("record.jsonl:1"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
