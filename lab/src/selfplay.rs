//! The `selfplay` program: games of the UCI engine's search against itself at a fixed number of
//! nodes per move, written as positions labelled with the game's result, the data the
//! evaluation's tuner ([`crate::tune`]) fits its weights to.
//!
//! Each game starts from the standard position with a few random plies (seeded by the game's
//! number, so that game `n` is the same game on every run and machine), kept only if a short
//! search finds them balanced; then both sides play the engine's best move at the node budget.
//! A game ends by the rules (mate, stalemate, threefold repetition, the fifty-move rule,
//! insufficient material) or by adjudication: a side ahead by [`WIN_ADJUDICATION_CP`] on
//! [`WIN_ADJUDICATION_PLIES`] plies in a row (both sides' searches agreeing) wins; a score within
//! [`DRAW_ADJUDICATION_CP`] for [`DRAW_ADJUDICATION_PLIES`] plies in a row after ply
//! [`DRAW_ADJUDICATION_START`] is a draw, as is reaching [`MAX_GAME_PLIES`].
//!
//! Fixed nodes make a game depend on nothing but its number and the options: not on the machine,
//! its load, or how many games run at once (`--jobs`).
//!
//! # The data file
//!
//! Plain text, one position a line, every completed game's positions followed by one comment
//! line:
//!
//! ```text
//! rnbqkb1r/pp2pppp/2p2n2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4; 0.5; 12
//! ...
//! # game 17: 1/2-1/2 (draw by adjudication), 143 plies
//! ```
//!
//! A position line is the FEN, the game's result for **White** (`1`, `0.5` or `0`) and the
//! engine's search score of the position for White in centipawns (a mate as ±
//! [`MATE_CP`]), separated by `; `. Positions in check and those of the random opening are not
//! written. The comment line names the game's number, its result and why it ended; a file is
//! always whole games: a run stopped (Ctrl-C) or killed in the middle of writing a game is cut
//! back to its last comment line when the program resumes it, and only the games whose comment
//! line is missing are played again. So `--games 20000` on a file that holds 12 000 games plays
//! the other 8 000.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use clap::Args;
use game_chess::shakmaty::Move;
use game_chess::shakmaty::{Color, Position};
use game_chess::uci::{ChessEngine, EngineOptions};
use game_chess::{ChessGame, GameHistory};
use search_core::engine::MAX_SEARCH_PLY;
use search_core::rng::SplitMix64;
use search_core::{Game, Limits, MoveList, Score, SearchResult, Searcher};

use crate::progress;

/// A search score beyond this many centipawns is written as this (a mate, or near enough).
pub const MATE_CP: i32 = 30_000;
/// A side whose search says it is this far ahead ...
pub const WIN_ADJUDICATION_CP: i32 = 1_000;
/// ... on this many plies in a row (both sides' searches) has won.
pub const WIN_ADJUDICATION_PLIES: u32 = 6;
/// Scores within this many centipawns ...
pub const DRAW_ADJUDICATION_CP: i32 = 10;
/// ... on this many plies in a row ...
pub const DRAW_ADJUDICATION_PLIES: u32 = 12;
/// ... from this ply on make a draw.
pub const DRAW_ADJUDICATION_START: u32 = 80;
/// A game this long is a draw.
pub const MAX_GAME_PLIES: u32 = 400;
/// An opening is kept when a short search scores it within this many centipawns ...
pub const BALANCED_OPENING_CP: i32 = 150;
/// ... at this many nodes.
const OPENING_CHECK_NODES: u64 = 5_000;

/// The `selfplay` program's options.
#[derive(Args, Debug, Clone)]
pub struct Options {
    /// The data file: positions are appended to it, and the games it already holds are not
    /// played again.
    #[arg(long, default_value = "target/tuning/selfplay.txt")]
    pub out: PathBuf,
    /// Games the file should hold when the run ends (game numbers 0 to GAMES - 1).
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 10_000)]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Games played at once, one thread each (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The seed the games' random openings are drawn from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A UCI option for both sides, `Name=Value` (repeatable), e.g. `Evaluation=tapered`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Instead of playing, print this many games' openings (balanced random plies) as an
    /// openings file for the match scripts (`random N: MOVES`).
    #[arg(long, value_name = "N")]
    pub print_openings: Option<usize>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Checkmate.
    Mate,
    /// Stalemate, repetition, the fifty-move rule or insufficient material.
    DrawByRule,
    /// A side far ahead for long enough.
    WinAdjudicated,
    /// An even score for long enough, or the game's length limit.
    DrawAdjudicated,
}

/// A game played: its positions (FEN and White's search score) and its result for White.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The game's number.
    pub number: usize,
    /// The positions written (FEN, White's score in centipawns).
    pub positions: Vec<(String, i32)>,
    /// White's result: 1, 0.5 or 0.
    pub white_result: f64,
    /// Why it ended.
    pub ending: Ending,
    /// Plies played (the random opening included).
    pub plies: u32,
}

impl PlayedGame {
    /// The game as the data file's lines (its positions, then its comment line).
    #[must_use]
    pub fn lines(&self) -> String {
        let mut text = String::new();
        let result = format_result(self.white_result);
        for (fen, score) in &self.positions {
            let _ = writeln!(text, "{fen}; {result}; {score}");
        }
        let result_name = match self.white_result {
            r if r > 0.75 => "1-0",
            r if r < 0.25 => "0-1",
            _ => "1/2-1/2",
        };
        let why = match self.ending {
            Ending::Mate => "mate",
            Ending::DrawByRule => "draw by rule",
            Ending::WinAdjudicated => "win by adjudication",
            Ending::DrawAdjudicated => "draw by adjudication",
        };
        let _ = writeln!(
            text,
            "# game {}: {result_name} ({why}), {} plies",
            self.number, self.plies
        );
        text
    }
}

/// `1`, `0.5` or `0`.
fn format_result(result: f64) -> &'static str {
    if result > 0.75 {
        "1"
    } else if result < 0.25 {
        "0"
    } else {
        "0.5"
    }
}

/// A score for White in centipawns, mates as ±[`MATE_CP`].
fn white_cp(score: Score, turn: Color) -> i32 {
    let cp = match score.mate_plies() {
        Some(_) if score > Score::DRAW => MATE_CP,
        Some(_) => -MATE_CP,
        None => score.raw().clamp(-MATE_CP, MATE_CP),
    };
    if turn == Color::White { cp } else { -cp }
}

/// Plays game `number` (its opening drawn from `seed`) with the engine `options` describe, at
/// `nodes` per move after `random_plies` random plies.
#[must_use]
pub fn play_game(
    number: usize,
    seed: u64,
    nodes: u64,
    random_plies: u32,
    options: &EngineOptions,
) -> PlayedGame {
    let mut engine = options.build(None);
    let start = ChessGame::startpos(options.chess_config());
    let (mut game, _) = opening(number, seed, random_plies, &mut engine, &start);
    engine.new_game();

    let mut positions = Vec::new();
    let (mut winning_streak, mut drawn_streak) = (0u32, 0u32);
    let mut last_sign = 0;
    let mut plies = random_plies;
    let (white_result, ending) = loop {
        let position = game.position();
        let turn = position.chess().turn();
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            // Mate or stalemate.
            break if position.chess().is_check() {
                (if turn == Color::White { 0.0 } else { 1.0 }, Ending::Mate)
            } else {
                (0.5, Ending::DrawByRule)
            };
        }
        if game.is_threefold_repetition()
            || position.halfmoves() >= game_chess::FIFTY_MOVE_PLIES
            || position.chess().is_insufficient_material()
        {
            break (0.5, Ending::DrawByRule);
        }
        if plies >= MAX_GAME_PLIES {
            break (0.5, Ending::DrawAdjudicated);
        }
        engine.set_game_history(game.reversible_keys().to_vec());
        let root = position.search_root();
        let result = search(&mut engine, &root, nodes);
        let Some(best) = result.best_move else {
            break (0.5, Ending::DrawByRule);
        };
        let score = white_cp(result.score, turn);
        if !position.chess().is_check() {
            positions.push((position.fen(), score));
        }
        // Adjudication: both sides' searches agree on a winner, or on an even game.
        let sign = if score >= WIN_ADJUDICATION_CP {
            1
        } else if score <= -WIN_ADJUDICATION_CP {
            -1
        } else {
            0
        };
        winning_streak = if sign != 0 && sign == last_sign {
            winning_streak + 1
        } else {
            u32::from(sign != 0)
        };
        last_sign = sign;
        if winning_streak >= WIN_ADJUDICATION_PLIES {
            break (if sign > 0 { 1.0 } else { 0.0 }, Ending::WinAdjudicated);
        }
        drawn_streak = if score.abs() <= DRAW_ADJUDICATION_CP {
            drawn_streak + 1
        } else {
            0
        };
        if plies >= DRAW_ADJUDICATION_START && drawn_streak >= DRAW_ADJUDICATION_PLIES {
            break (0.5, Ending::DrawAdjudicated);
        }
        game.play(best);
        plies += 1;
    };
    PlayedGame {
        number,
        positions,
        white_result,
        ending,
        plies,
    }
}

/// Game `number`'s opening (drawn from `seed`): `random_plies` random plies from `start`, kept if
/// the position is not over and a short search finds it balanced; otherwise drawn again (after
/// 100 tries, whatever came last). The game so far and its moves.
fn opening(
    number: usize,
    seed: u64,
    random_plies: u32,
    engine: &mut ChessEngine,
    start: &ChessGame,
) -> (GameHistory, Vec<Move>) {
    let mut rng = SplitMix64::new(seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game = GameHistory::new(start.clone());
    let mut line = Vec::new();
    for _ in 0..100 {
        game = GameHistory::new(start.clone());
        line.clear();
        let mut ok = true;
        for _ in 0..random_plies {
            let mut moves = MoveList::new();
            game.position().generate_moves(&mut moves);
            if moves.is_empty() || game.position().outcome(moves.len()).is_some() {
                ok = false;
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(mv);
            line.push(mv);
        }
        if !ok {
            continue;
        }
        engine.new_game();
        let check = search(engine, &game.position().search_root(), OPENING_CHECK_NODES);
        if check.best_move.is_some() && check.score.raw().abs() <= BALANCED_OPENING_CP {
            break;
        }
    }
    engine.new_game();
    (game, line)
}

/// `count` balanced random openings (games 0 to `count - 1`'s, drawn from `seed`), as the lines
/// of an openings file for the match scripts: `random N: MOVES` in UCI notation.
#[must_use]
pub fn openings(count: usize, seed: u64, random_plies: u32, options: &EngineOptions) -> Vec<String> {
    let mut engine = options.build(None);
    let start = ChessGame::startpos(options.chess_config());
    (0..count)
        .map(|number| {
            let (_, line) = opening(number, seed, random_plies, &mut engine, &start);
            let moves: Vec<String> = line.into_iter().map(game_chess::to_uci).collect();
            format!("random {number}: {}", moves.join(" "))
        })
        .collect()
}

/// The engine's search of `root` at `nodes` (iterative deepening until the budget runs out);
/// depth 1 in full if the budget did not complete it.
fn search(engine: &mut ChessEngine, root: &ChessGame, nodes: u64) -> SearchResult<Move> {
    let result = engine.search(root, &Limits::depth(MAX_SEARCH_PLY - 1).with_nodes(nodes));
    if result.best_move.is_some() {
        return result;
    }
    engine.search(root, &Limits::depth(1))
}

/// The game numbers a data file already holds (its comment lines), after cutting a partly
/// written game off its end.
///
/// # Errors
///
/// The file cannot be read or cut, in words.
pub fn completed_games(path: &Path) -> Result<BTreeSet<usize>, String> {
    let mut done = BTreeSet::new();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(err) => return Err(format!("cannot read {}: {err}", path.display())),
    };
    let mut whole = 0u64; // bytes up to the end of the last comment line
    let mut read = 0u64;
    let mut reader = BufReader::new(file);
    let mut line = String::new();
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        if n == 0 {
            break;
        }
        read += n as u64;
        if let Some(rest) = line.strip_prefix("# game ")
            && line.ends_with('\n')
        {
            let number = rest
                .split(':')
                .next()
                .and_then(|n| n.trim().parse::<usize>().ok())
                .ok_or_else(|| format!("{}: a bad game line {:?}", path.display(), line.trim_end()))?;
            done.insert(number);
            whole = read;
        }
    }
    if whole < read {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|err| format!("cannot cut {}: {err}", path.display()))?;
        file.set_len(whole)
            .map_err(|err| format!("cannot cut {}: {err}", path.display()))?;
        eprintln!(
            "{}: cut {} bytes of a game not finished when the last run stopped",
            path.display(),
            read - whole
        );
    }
    Ok(done)
}

/// The engine options `--option Name=Value` set.
///
/// # Errors
///
/// An option not of the form `Name=Value`, or one the engine refuses, in words.
pub fn engine_options(settings: &[String]) -> Result<EngineOptions, String> {
    let mut options = EngineOptions::default();
    for setting in settings {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("--option {setting:?}: expected Name=Value"))?;
        options.set(name.trim(), Some(value.trim()))?;
    }
    if options.resources.threads() != 1 {
        return Err("--option Threads: self-play games are played on one thread each (see --jobs)".into());
    }
    Ok(options)
}

/// Runs the program.
///
/// # Errors
///
/// Bad options, or a data file that cannot be read or written, in words.
pub fn run(options: &Options) -> Result<(), String> {
    let engine = engine_options(&options.options)?;
    if let Some(count) = options.print_openings {
        for line in openings(count, options.seed, options.random_plies, &engine) {
            println!("{line}");
        }
        return Ok(());
    }
    if options.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    if let Some(dir) = options.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    let done = completed_games(&options.out)?;
    let todo: Vec<usize> = (0..options.games).filter(|n| !done.contains(n)).collect();
    eprintln!(
        "{}: {} games there, {} to play at {} nodes a move",
        options.out.display(),
        done.len(),
        todo.len(),
        options.nodes
    );
    if todo.is_empty() {
        return Ok(());
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)
        .map_err(|err| format!("cannot write {}: {err}", options.out.display()))?;
    let file = Mutex::new(file);
    let stop = Arc::new(AtomicBool::new(false));
    progress::stop_on_ctrl_c(Arc::clone(&stop));
    let bar = progress::bar(todo.len() as u64, "games, eta {eta}");
    progress::log_progress_when_not_a_terminal(&bar);
    let next = AtomicUsize::new(0);
    let positions = AtomicUsize::new(0);
    let failed = Mutex::new(None);
    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&number) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let game = play_game(number, options.seed, options.nodes, options.random_plies, &engine);
                    let lines = game.lines();
                    let written =
                        file.lock()
                            .map_err(|_| "a writer panicked".to_string())
                            .and_then(|mut f| {
                                f.write_all(lines.as_bytes())
                                    .and_then(|()| f.flush())
                                    .map_err(|err| format!("cannot write {}: {err}", options.out.display()))
                            });
                    if let Err(err) = written {
                        *failed.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(err);
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    let total =
                        positions.fetch_add(game.positions.len(), Ordering::Relaxed) + game.positions.len();
                    bar.inc(1);
                    bar.set_message(format!("{total} positions"));
                }
            });
        }
    });
    bar.finish();
    if let Some(err) = failed
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(err);
    }
    let now = completed_games(&options.out)?;
    eprintln!(
        "{}: {} games{}",
        options.out.display(),
        now.len(),
        if stop.load(Ordering::Relaxed) {
            " (stopped: run again to go on)"
        } else {
            ""
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("selfplay-test-{}-{name}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join("games.txt")
    }

    #[test]
    fn a_game_is_the_same_game_every_time() {
        let options = engine_options(&[]).unwrap();
        let a = play_game(3, 1, 300, 8, &options);
        let b = play_game(3, 1, 300, 8, &options);
        assert_eq!(a, b);
        let c = play_game(4, 1, 300, 8, &options);
        assert_ne!(a.positions, c.positions);
        assert!(!a.positions.is_empty());
        assert!(a.lines().ends_with(&format!("{} plies\n", a.plies)));
    }

    #[test]
    fn a_partly_written_game_is_cut_and_played_again() {
        let path = temporary("cut");
        let options = engine_options(&[]).unwrap();
        let whole = play_game(0, 1, 200, 8, &options).lines();
        let partial = play_game(1, 1, 200, 8, &options).lines();
        let cut_at = partial.len() / 2;
        fs::write(&path, format!("{whole}{}", &partial[..cut_at])).unwrap();
        let done = completed_games(&path).unwrap();
        assert_eq!(done, BTreeSet::from([0]));
        assert_eq!(fs::read_to_string(&path).unwrap(), whole);
        fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn the_openings_printed_are_the_games_openings() {
        let options = engine_options(&[]).unwrap();
        let lines = openings(3, 1, 8, &options);
        assert_eq!(lines.len(), 3);
        for (number, line) in lines.iter().enumerate() {
            let (name, moves) = line.split_once(": ").unwrap();
            assert_eq!(name, format!("random {number}"));
            let moves: Vec<&str> = moves.split(' ').collect();
            assert_eq!(moves.len(), 8);
            let game = GameHistory::from_uci("startpos", &moves, options.chess_config()).unwrap();
            // The game starts where the opening ends: its first position written follows it.
            let played = play_game(number, 1, 200, 8, &options);
            assert_eq!(played.positions[0].0, game.position().fen());
        }
    }

    #[test]
    fn bad_options_are_refused_in_words() {
        assert!(
            engine_options(&["Hash".into()])
                .unwrap_err()
                .contains("Name=Value")
        );
        assert!(
            engine_options(&["Threads=2".into()])
                .unwrap_err()
                .contains("--jobs")
        );
        assert!(
            engine_options(&["Nonsense=1".into()])
                .unwrap_err()
                .contains("unknown option")
        );
    }
}
