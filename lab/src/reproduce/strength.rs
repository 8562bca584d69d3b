//! The UCI engine's strength tables, for the `reproduce` program: matches against real engines and
//! test suites, played by the project's python-chess scripts ([`MATCH_SCRIPT`] and
//! [`SUITE_SCRIPT`]), driven here so that one command regenerates them beside the lab's tables.
//!
//! Unlike the lab's fixed-depth experiments these are played on the clock, so their figures
//! change from run to run and with the machine's load; the tables give the games, the score and
//! the Elo difference with its 95% interval (the lab's [`MatchScore::elo`], the same normal
//! approximation as `match.py`'s), so that a re-run can be compared with the book's
//! (`book/src/strength.md`).
//!
//! The scripts print a `JSON {...}` line after every game or position (`--json-lines`): the running
//! score, read here for the progress bar and kept when a run is cut short (time budget, Ctrl-C),
//! so a partial table still shows what was played.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

use super::Budget;
use crate::elo::MatchScore;

/// `match.py`: a match of our UCI engine against another engine, one game at a time.
pub const MATCH_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../game-chess/tests/python/match.py");

/// `solve_suite.py`: UCI engines over an EPD test suite at a fixed time per position.
pub const SUITE_SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../game-chess/tests/python/solve_suite.py"
);

/// The test suites' directory.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../game-chess/tests/data");

/// An opponent of the strength table: how `match.py` starts it, and how many games it gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The table's name for it.
    pub label: String,
    /// The program that must be installed (checked before anything runs).
    pub program: PathBuf,
    /// `match.py`'s arguments naming it (`--opponent ... --option ...` or `--xboard ...`).
    pub args: Vec<String>,
    /// Games (each opening twice, colours reversed).
    pub games: u32,
}

impl Opponent {
    fn stockfish(stockfish: &Path, elo: u32, games: u32) -> Self {
        let options = ["Threads=1", "Hash=16", "UCI_LimitStrength=true"];
        let mut args = vec!["--opponent".to_string(), stockfish.display().to_string()];
        for option in options
            .iter()
            .map(|o| (*o).to_string())
            .chain([format!("UCI_Elo={elo}")])
        {
            args.extend(["--option".to_string(), option]);
        }
        args.extend(["--name".to_string(), format!("Stockfish UCI_Elo {elo}")]);
        Opponent {
            label: format!("Stockfish 15.1, `UCI_LimitStrength`, `UCI_Elo` {elo}"),
            program: stockfish.to_path_buf(),
            args,
            games,
        }
    }

    fn xboard(label: &str, command: &str, games: u32) -> Self {
        let program = PathBuf::from(command.split_whitespace().next().unwrap_or(command));
        Opponent {
            label: label.to_string(),
            program,
            args: vec!["--xboard".to_string(), command.to_string()],
            games,
        }
    }
}

/// The book's strength table (`strength-engines`): Stockfish limited to 1400, 1700, 1850 and 2000 Elo, Phalanx and
/// Sjeng (Debian's packages), 40 or 100 games each.
#[must_use]
pub fn strength_opponents(stockfish: &Path) -> Vec<Opponent> {
    vec![
        Opponent::stockfish(stockfish, 1400, 40),
        Opponent::stockfish(stockfish, 1700, 40),
        Opponent::stockfish(stockfish, 1850, 100),
        Opponent::stockfish(stockfish, 2000, 100),
        Opponent::xboard(
            "Phalanx XXV (XBoard, `-b- -l-`)",
            "/usr/games/phalanx -b- -l-",
            40,
        ),
        Opponent::xboard("Sjeng 11.2 (XBoard)", "/usr/games/sjeng", 40),
    ]
}

/// How a suite is scored (as `solve_suite.py` scores it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuiteKind {
    /// `bm`/`am` moves: positions solved.
    BestMove,
    /// The Strategic Test Suite: points of 10 per position (and best moves).
    Sts,
    /// `bm #N`: mates found (and shortest).
    Mate,
}

/// A test suite of the book's table (`strength-suites`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The table's name for it (`Win At Chess, 300 positions: solved`).
    pub label: String,
    /// The EPD file.
    pub file: PathBuf,
    /// Only every `every`-th position (a spread sample).
    pub every: usize,
    /// Then only the first `limit` (0: all).
    pub limit: usize,
    /// How it is scored.
    pub kind: SuiteKind,
}

impl Suite {
    /// The positions a run takes: every `every`-th non-empty line of the file, then the first
    /// `limit` (as `solve_suite.py` takes them).
    ///
    /// # Errors
    ///
    /// The file cannot be read.
    pub fn positions(&self) -> Result<usize, String> {
        let text = std::fs::read_to_string(&self.file)
            .map_err(|e| format!("cannot read {}: {e}", self.file.display()))?;
        let lines = text
            .lines()
            .filter(|l| !l.trim().trim_end_matches('\0').is_empty())
            .count();
        let taken = lines.div_ceil(self.every.max(1));
        Ok(if self.limit == 0 {
            taken
        } else {
            taken.min(self.limit)
        })
    }

    fn new(label: &str, file: &str, every: usize, kind: SuiteKind) -> Self {
        Suite {
            label: label.to_string(),
            file: Path::new(DATA).join(file),
            every,
            limit: 0,
            kind,
        }
    }
}

/// The book's test suites: Win At Chess, Bratko-Kopec, a quarter of ECM, a tenth of STS and a
/// tenth of matetrack's mates2000.
#[must_use]
pub fn strength_suites() -> Vec<Suite> {
    vec![
        Suite::new(
            "Win At Chess, 300 positions: solved",
            "wac.epd",
            1,
            SuiteKind::BestMove,
        ),
        Suite::new(
            "Bratko-Kopec, 24: solved",
            "bratko-kopec.epd",
            1,
            SuiteKind::BestMove,
        ),
        Suite::new(
            "ECM, every 4th of 879 (220): solved",
            "ecm.epd",
            4,
            SuiteKind::BestMove,
        ),
        Suite::new(
            "STS, every 10th of 1500 (150): points of 1500 (best moves)",
            "sts.epd",
            10,
            SuiteKind::Sts,
        ),
        Suite::new(
            "matetrack mates2000, every 10th (200): mates found (shortest)",
            "mates2000.epd",
            10,
            SuiteKind::Mate,
        ),
    ]
}

/// A line `match.py --json-lines` prints after every game.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct MatchLine {
    /// Games played so far.
    pub games: u32,
    /// Games planned.
    pub planned: u32,
    /// Our wins so far.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Our losses.
    pub losses: u32,
    /// Protocol errors, illegal moves and losses on time of ours.
    pub errors: u32,
}

impl MatchLine {
    /// The score from our side.
    #[must_use]
    pub fn score(&self) -> MatchScore {
        MatchScore {
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
        }
    }
}

/// A line `solve_suite.py --json-lines` prints after every position.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct SuiteLine {
    /// The engine's name (its UCI `id name`).
    pub engine: String,
    /// Positions done so far.
    pub done: u32,
    /// Positions in the run.
    pub positions: u32,
    /// Solved (best-move suites), best moves (STS) or shortest mates (mate suites).
    pub solved: u32,
    /// Mates found for the right side (mate suites).
    pub found: u32,
    /// Points (STS).
    pub points: u32,
}

impl SuiteLine {
    /// The table's cell: `272`, `844 (64)` or `78 (68)`, with `of N` when partial.
    #[must_use]
    pub fn cell(&self, kind: SuiteKind) -> String {
        let cell = match kind {
            SuiteKind::BestMove => self.solved.to_string(),
            SuiteKind::Sts => format!("{} ({})", self.points, self.solved),
            SuiteKind::Mate => format!("{} ({})", self.found, self.solved),
        };
        if self.done < self.positions {
            format!("{cell} (PARTIAL: {} of {})", self.done, self.positions)
        } else {
            cell
        }
    }
}

/// Owned copies of a script's arguments.
fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|arg| (*arg).to_string()).collect()
}

/// The JSON of a `JSON {...}` line, if it is one.
fn json_payload(line: &str) -> Option<&str> {
    line.strip_prefix("JSON ")
}

/// Parses a script's progress line (`JSON {...}`); other lines (the scripts' human output) are
/// `Ok(None)`.
///
/// # Errors
///
/// A `JSON` line that does not parse as `T`, with the line.
pub fn parse_line<T: for<'de> Deserialize<'de>>(line: &str) -> Result<Option<T>, String> {
    json_payload(line)
        .map(|json| serde_json::from_str(json).map_err(|e| format!("unreadable script line {line:?}: {e}")))
        .transpose()
}

/// Where the python-chess scripts are run from, and what with.
#[derive(Clone, Debug)]
pub struct Scripts {
    /// The Python interpreter (`python3`).
    pub python: PathBuf,
    /// Our UCI engine (`game-search-uci`).
    pub engine: PathBuf,
}

impl Scripts {
    /// The python-chess scripts' interpreter `python` and our UCI engine: `uci_engine` (the
    /// program's `--uci-engine`), or `game-search-uci` beside the running program
    /// (`target/release`), built first when cargo runs the program (so that the tables are never
    /// made by a stale binary); then [`check`](Self::check)ed.
    ///
    /// # Errors
    ///
    /// The build fails, the engine cannot be located, or [`check`](Self::check) fails.
    pub fn locate(uci_engine: Option<&Path>, python: &Path) -> Result<Scripts, String> {
        let engine = match uci_engine {
            Some(path) => path.to_path_buf(),
            None => {
                if let Some(cargo) = std::env::var_os("CARGO") {
                    let status = Command::new(cargo)
                        .args([
                            "build",
                            "--release",
                            "-p",
                            "game-chess",
                            "--bin",
                            "game-search-uci",
                        ])
                        .stdout(Stdio::null())
                        .status()
                        .map_err(|e| format!("cannot build game-search-uci: {e}"))?;
                    if !status.success() {
                        return Err("cargo build -p game-chess --bin game-search-uci failed".into());
                    }
                }
                let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
                // target/release/examples/reproduce -> target/release/game-search-uci
                exe.parent()
                    .and_then(Path::parent)
                    .map(|release| release.join(format!("game-search-uci{}", std::env::consts::EXE_SUFFIX)))
                    .ok_or("cannot locate target/release from this program's path")?
            }
        };
        let scripts = Scripts {
            python: python.to_path_buf(),
            engine,
        };
        scripts.check()?;
        Ok(scripts)
    }

    /// Checks that the interpreter has python-chess and the engine exists.
    ///
    /// # Errors
    ///
    /// What is missing and how to install it.
    pub fn check(&self) -> Result<(), String> {
        let ok = Command::new(&self.python)
            .args(["-c", "import chess.engine"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err(format!(
                "{} cannot import python-chess (python3 -m pip install chess)",
                self.python.display()
            ));
        }
        if !self.engine.is_file() {
            return Err(format!(
                "{} not found (cargo build --release -p game-chess --bin game-search-uci, or \
                 --uci-engine PATH)",
                self.engine.display()
            ));
        }
        Ok(())
    }

    /// Runs `script` with `args`, handing every `JSON` line to `on_line`; stops the script (kills
    /// it) when `budget` runs out, so what was played so far is kept.
    fn run(
        &self,
        script: &str,
        args: &[String],
        budget: Budget<'_>,
        on_line: &mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Result<ScriptEnd, String> {
        let mut child = Command::new(&self.python)
            .arg(script)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot run {} {script}: {e}", self.python.display()))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut cut = false;
        let mut human = Vec::new();
        for line in BufReader::new(stdout).lines() {
            let line = line.map_err(|e| format!("{script}: {e}"))?;
            if json_payload(&line).is_some() {
                on_line(&line)?;
            } else if !line.trim().is_empty() {
                human.push(line);
            }
            if budget.exhausted() {
                cut = true;
                let _ = child.kill();
                break;
            }
        }
        let status = child.wait().map_err(|e| format!("{script}: {e}"))?;
        Ok(ScriptEnd {
            cut,
            success: status.success(),
            human,
        })
    }
}

/// How a script run ended.
struct ScriptEnd {
    /// Stopped by the budget.
    cut: bool,
    /// The script's exit status was 0.
    success: bool,
    /// Its other output lines (the errors it listed).
    human: Vec<String>,
}

/// One row of the strength table.
#[derive(Clone, Debug)]
pub struct StrengthRow {
    /// The opponent.
    pub opponent: Opponent,
    /// The last running score (`None`: no game finished).
    pub last: Option<MatchLine>,
    /// The script's `ERROR` lines (ours: protocol errors, illegal moves, losses on time).
    pub errors: Vec<String>,
}

/// Plays one row: `games` (or the opponent's count) at `tc` (`"5+0.05"`), calling `on_game` after
/// each game.
///
/// # Errors
///
/// The script cannot be run or prints an unreadable `JSON` line.
pub fn run_strength_row(
    scripts: &Scripts,
    opponent: &Opponent,
    tc: &str,
    budget: Budget<'_>,
    on_game: &mut dyn FnMut(&MatchLine),
) -> Result<StrengthRow, String> {
    let (engine, games) = (scripts.engine.display().to_string(), opponent.games.to_string());
    let mut args = strings(&["--engine", &engine, "--tc", tc, "--games", &games, "--json-lines"]);
    args.extend(opponent.args.iter().cloned());
    let mut last = None;
    let end = scripts.run(MATCH_SCRIPT, &args, budget, &mut |line| {
        if let Some(parsed) = parse_line::<MatchLine>(line)? {
            on_game(&parsed);
            last = Some(parsed);
        }
        Ok(())
    })?;
    let mut errors: Vec<String> = end.human.into_iter().filter(|l| l.starts_with("ERROR")).collect();
    if !end.success && !end.cut && errors.is_empty() {
        errors.push(format!("match.py failed against {}", opponent.label));
    }
    Ok(StrengthRow {
        opponent: opponent.clone(),
        last,
        errors,
    })
}

/// The strength table as Markdown, the book's columns plus our errors.
#[must_use]
pub fn strength_markdown(rows: &[StrengthRow], tc: &str) -> String {
    let mut out = format!(
        "Our UCI engine against real engines at {tc} per game, from the 50 balanced openings with \
         both colours, one game at a time (`match.py`):\n\n\
         | opponent | games | score | Elo difference [95%] | errors of ours |\n|---|---|---|---|---|\n"
    );
    for row in rows {
        let games = row.last.map_or(0, |l| l.games);
        let planned = row.opponent.games;
        let games_cell = if games < planned {
            format!("{games} (PARTIAL: {planned} planned)")
        } else {
            games.to_string()
        };
        let (score, elo) = match row.last {
            Some(last) => {
                let score = last.score();
                (
                    format!("{score} ({:.1}%)", 100.0 * score.fraction()),
                    score.elo().to_string(),
                )
            }
            None => ("-".to_string(), "-".to_string()),
        };
        out += &format!(
            "| {} | {games_cell} | {score} | {elo} | {} |\n",
            row.opponent.label,
            row.errors.len()
        );
    }
    for row in rows {
        for error in &row.errors {
            out += &format!("- against {}: {error}\n", row.opponent.label);
        }
    }
    out
}

/// One suite's results: a tally per engine, in the order the engines were given.
#[derive(Clone, Debug)]
pub struct SuiteRow {
    /// The suite.
    pub suite: Suite,
    /// Each engine's last tally (missing: the run was cut before it started).
    pub tallies: Vec<SuiteLine>,
}

/// Runs `engines` over `suite` at `seconds` per position, calling `on_position` after each.
///
/// # Errors
///
/// The script cannot be run, fails, or prints an unreadable `JSON` line.
pub fn run_suite(
    scripts: &Scripts,
    suite: &Suite,
    engines: &[PathBuf],
    seconds: f64,
    budget: Budget<'_>,
    on_position: &mut dyn FnMut(&SuiteLine),
) -> Result<SuiteRow, String> {
    let (file, time) = (suite.file.display().to_string(), seconds.to_string());
    let (every, limit) = (suite.every.to_string(), suite.limit.to_string());
    let mut args = strings(&[
        "--suite",
        &file,
        "--time",
        &time,
        "--every",
        &every,
        "--limit",
        &limit,
        "--quiet",
        "--json-lines",
    ]);
    for engine in engines {
        args.extend(["--engine".to_string(), engine.display().to_string()]);
    }
    let mut tallies: Vec<SuiteLine> = Vec::new();
    let end = scripts.run(SUITE_SCRIPT, &args, budget, &mut |line| {
        if let Some(parsed) = parse_line::<SuiteLine>(line)? {
            on_position(&parsed);
            // A new engine starts at position 1.
            match tallies.last_mut() {
                Some(last) if parsed.done > 1 => *last = parsed,
                _ => tallies.push(parsed),
            }
        }
        Ok(())
    })?;
    if !end.success && !end.cut {
        return Err(format!(
            "solve_suite.py failed on {}: {}",
            suite.file.display(),
            end.human.join(" / ")
        ));
    }
    Ok(SuiteRow {
        suite: suite.clone(),
        tallies,
    })
}

/// The suites table as Markdown: a row per suite, a column per engine.
#[must_use]
pub fn suites_markdown(rows: &[SuiteRow], engine_names: &[String], seconds: f64) -> String {
    let mut out = format!(
        "Test suites at {seconds} s per position, one thread and 16 MiB of hash for every engine, \
         one engine after the other (`solve_suite.py`):\n\n| suite (at {seconds} s per position) |"
    );
    for name in engine_names {
        out += &format!(" {name} |");
    }
    out += &format!("\n|---|{}\n", "---|".repeat(engine_names.len()));
    for row in rows {
        out += &format!("| {} |", row.suite.label);
        for index in 0..engine_names.len() {
            let cell = row
                .tallies
                .get(index)
                .map_or_else(|| "- (not run)".to_string(), |t| t.cell(row.suite.kind));
            out += &format!(" {cell} |");
        }
        out += "\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;

    #[test]
    fn the_scripts_progress_lines_parse_and_others_are_skipped() {
        let game: MatchLine = parse_line(
            r#"JSON {"games": 3, "planned": 40, "wins": 2, "draws": 1, "losses": 0, "errors": 0}"#,
        )
        .unwrap()
        .unwrap();
        assert_eq!(game.score().to_string(), "+2 =1 -0");
        assert_eq!(game.planned, 40);
        assert_eq!(
            parse_line::<MatchLine>("game 3 (Sicilian): a - b 1-0 in 80 plies").unwrap(),
            None
        );
        let bad = parse_line::<MatchLine>(r#"JSON {"games": "three"}"#).unwrap_err();
        assert!(bad.contains("unreadable script line"), "{bad}");
        let position: SuiteLine = parse_line(
            r#"JSON {"engine": "Stockfish 15.1", "done": 3, "solved": 2, "found": 1, "points": 17, "positions": 3}"#,
        )
        .unwrap()
        .unwrap();
        assert_eq!(position.cell(SuiteKind::BestMove), "2");
        assert_eq!(position.cell(SuiteKind::Sts), "17 (2)");
        assert_eq!(position.cell(SuiteKind::Mate), "1 (2)");
        let partial = SuiteLine { done: 2, ..position };
        assert_eq!(partial.cell(SuiteKind::BestMove), "2 (PARTIAL: 2 of 3)");
    }

    #[test]
    fn the_tables_name_what_the_readme_shows() {
        let opponents = strength_opponents(Path::new("/usr/games/stockfish"));
        let games: Vec<u32> = opponents.iter().map(|o| o.games).collect();
        assert_eq!(games, [40, 40, 100, 100, 40, 40]);
        assert!(opponents[2].args.contains(&"UCI_Elo=1850".to_string()));
        assert_eq!(opponents[4].program, Path::new("/usr/games/phalanx"));
        let positions: Vec<usize> = strength_suites().iter().map(|s| s.positions().unwrap()).collect();
        assert_eq!(positions, [300, 24, 220, 150, 200], "the book's counts");
    }

    #[test]
    fn a_partial_match_says_so_and_errors_are_listed() {
        let last = MatchLine {
            games: 3,
            planned: 40,
            wins: 3,
            ..MatchLine::default()
        };
        let row = StrengthRow {
            opponent: strength_opponents(Path::new("sf"))[0].clone(),
            last: Some(last),
            errors: vec!["ERROR game 2: lost on time".into()],
        };
        let unplayed = StrengthRow {
            last: None,
            errors: vec![],
            ..row.clone()
        };
        let table = strength_markdown(&[row, unplayed], "5+0.05");
        assert!(
            table.contains("| 3 (PARTIAL: 40 planned) | +3 =0 -0 (100.0%) | +inf"),
            "{table}"
        );
        assert!(
            table.contains("| 0 (PARTIAL: 40 planned) | - | - | 0 |"),
            "{table}"
        );
        assert!(table.contains("lost on time"), "{table}");
    }

    #[test]
    fn a_missing_interpreter_or_engine_is_a_clear_error() {
        let no_python = Scripts {
            python: "/nonexistent/python3".into(),
            engine: "/nonexistent/engine".into(),
        };
        assert!(no_python.check().unwrap_err().contains("python-chess"));
        let located = Scripts::locate(
            Some(Path::new("/nonexistent/engine")),
            Path::new("/nonexistent/python3"),
        );
        assert!(located.unwrap_err().contains("python-chess"));
        let stop = AtomicBool::new(false);
        let budget = Budget {
            deadline: None,
            stop: &stop,
        };
        let err = run_suite(&no_python, &strength_suites()[1], &[], 0.1, budget, &mut |_| {}).unwrap_err();
        assert!(err.contains("cannot run"), "{err}");
    }
}
