//! A stress test of the protocol: one `game-search-uci` process, thousands of commands in random
//! interleavings sent without waiting (batches written at once: `go` with every kind of limit,
//! `stop`, `ponderhit`, `position`, `setoption` of every option, `ucinewgame`, `isready`,
//! garbage), then the protocol's invariants checked on the output:
//!
//! - exactly one `bestmove` per accepted `go`, in order, and never another (none for a `stop` or
//!   a `ponderhit` when nothing is searching);
//! - every `bestmove` legal in the position its `go` searched (among its legal `searchmoves`, if
//!   any), or `(none)` exactly when that position has no legal move; its ponder move legal after
//!   it;
//! - a `readyok` for every `isready`, each within 150 ms of the batch that held it being written;
//! - every line the engine writes a readable engine message; no panic (nothing on stderr);
//! - the process exits within 100 ms of `quit` or of the end of its input (every other run).
//!
//! An engine that stops answering fails the test within [`PATIENCE`] instead of hanging it: a
//! missing `readyok` fails at once, and a watchdog kills an engine that stopped reading its input
//! (a write to it would otherwise block forever once the pipe is full).
//!
//! Seeded: a failure prints its seed, and `STRESS_SEED=<seed> cargo test -p game-chess --test
//! integration uci_stress -- --nocapture` replays the same commands (the searches are timed, so
//! their moves may differ). `STRESS_COMMANDS=<n>` sets the run's length (default 4 000, half
//! ended by `quit`, half by the end of the input); `STRESS_DUMP=<file>` appends the batches to a
//! file, each ended by a line `#BATCH`, to replay them through another driver.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command as Process, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use game_chess::uci::{Command, EngineMessage};
use game_chess::{ChessConfig, ChessGame, GameHistory};
use search_core::{Game, MoveList};

use super::fuzz::{Rng, corpus, go, mutate, random_line, setoption, uci_line};

const ENGINE: &str = env!("CARGO_BIN_EXE_game-search-uci");

/// How long a `readyok` may take, from the write of the batch that held its `isready`. An
/// engine that waited for its search would answer only at `stop` after `go infinite` or
/// `ponder` (a tenth of the script's searches at least); one that answers at once takes a few
/// milliseconds, up to 36 ms in a debug build with the other tests running, and once 55 ms on
/// a slower, noisy 2-core machine (a CI run of 2026-12-01, which failed at the 50 ms this bound
/// was).
const READYOK_WITHIN: Duration = Duration::from_millis(150);

/// How long the process may take to exit after `quit` or the end of its input.
const EXIT_WITHIN: Duration = Duration::from_millis(100);

/// The longest wait for anything (a debug build on a loaded machine).
const PATIENCE: Duration = Duration::from_secs(30);

/// The engine's process, watched: a thread kills it once the test has made no progress for
/// [`PATIENCE`] (an engine that stopped reading its input would block the test's next write
/// forever, and CI would hang to its limit instead of failing), and it is killed when the test
/// ends, so that a failed assertion leaves no process behind.
struct Engine {
    process: Arc<Mutex<Child>>,
    /// When the test last made progress: a batch written and its `readyok`s read.
    progress: Arc<Mutex<Instant>>,
    /// Whether the watchdog killed the engine.
    killed: Arc<AtomicBool>,
}

impl Engine {
    /// Starts the engine and its watchdog; returns its three pipes too.
    fn spawn() -> (Engine, ChildStdin, ChildStdout, ChildStderr) {
        let mut child = Process::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let pipes = (
            child.stdin.take().unwrap(),
            child.stdout.take().unwrap(),
            child.stderr.take().unwrap(),
        );
        let engine = Engine {
            process: Arc::new(Mutex::new(child)),
            progress: Arc::new(Mutex::new(Instant::now())),
            killed: Arc::default(),
        };
        let (process, progress, killed) = (
            Arc::clone(&engine.process),
            Arc::clone(&engine.progress),
            Arc::clone(&engine.killed),
        );
        std::thread::spawn(move || {
            // Until the test drops its `Engine` (then this thread holds the last reference).
            while Arc::strong_count(&process) > 1 {
                let last = *progress.lock().unwrap_or_else(PoisonError::into_inner);
                if last.elapsed() > PATIENCE {
                    killed.store(true, Ordering::SeqCst);
                    let _ = process.lock().unwrap_or_else(PoisonError::into_inner).kill();
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        (engine, pipes.0, pipes.1, pipes.2)
    }

    /// Marks progress: the watchdog's clock starts again.
    fn progressed(&self) {
        *self.progress.lock().unwrap() = Instant::now();
    }

    /// Whether the watchdog killed the engine for making no progress.
    fn stalled(&self) -> bool {
        self.killed.load(Ordering::SeqCst)
    }

    /// The exit status, if the engine has exited.
    fn try_wait(&self) -> Option<ExitStatus> {
        self.process.lock().unwrap().try_wait().unwrap()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let mut process = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        if process.try_wait().ok().flatten().is_none() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// The engine's output lines with the time each was read.
type Lines = Arc<Mutex<Vec<(Instant, String)>>>;

/// What the test knows of a `go` it sent that the engine accepts.
struct Go {
    /// The command, for messages.
    line: String,
    /// The position it searched.
    position: ChessGame,
    /// Its legal `searchmoves`, if it named any.
    search_moves: Vec<String>,
}

/// The commands of one run: written in batches, with what the test expects of each.
struct Script {
    rng: Rng,
    corpus: Vec<String>,
    /// The position the engine holds (the last valid `position`).
    position: GameHistory,
    gos: Vec<Go>,
    /// When each `isready` was written (its batch's write).
    isready: Vec<Instant>,
    /// The batch that held each `isready`, for messages.
    batches: Vec<usize>,
}

impl Script {
    fn new(seed: u64) -> Script {
        Script {
            rng: Rng(seed),
            corpus: corpus(),
            position: GameHistory::new(ChessGame::startpos(ChessConfig::default())),
            gos: Vec::new(),
            isready: Vec::new(),
            batches: Vec::new(),
        }
    }

    /// A random command, with its effect on what the test expects.
    fn command(&mut self) -> String {
        let rng = &mut self.rng;
        let line = match rng.below(100) {
            0..=19 => self.position_line(),
            20..=39 => go(rng, self.position.position()).0,
            40..=49 => "stop".to_string(),
            50..=54 => "ponderhit".to_string(),
            55..=69 => "isready".to_string(),
            70..=83 => setoption(rng),
            84..=86 => "ucinewgame".to_string(),
            87..=88 => rng
                .pick(&["debug on", "debug off", "uci", "register later"])
                .to_string(),
            _ => uci_line(rng, &self.corpus),
        };
        // Never `quit` or `bench` in the middle (`quit` ends the run; `bench` blocks the reader
        // for seconds on purpose, as a command of its own); an empty line is fine.
        match line.parse::<Command>() {
            Ok(Command::Quit | Command::Bench { .. }) => String::new(),
            Ok(Command::Go(params)) => {
                let position = self.position.position().search_root();
                let search_moves = params
                    .search_moves
                    .iter()
                    .filter(|mv| position.parse_uci(mv).is_ok())
                    .cloned()
                    .collect();
                self.gos.push(Go {
                    line: line.clone(),
                    position,
                    search_moves,
                });
                line
            }
            Ok(Command::Position { .. }) => {
                // The engine keeps the previous position when this one is invalid.
                let words: Vec<&str> = line.split_whitespace().collect();
                if let Some(history) = parse_position(&words) {
                    self.position = history;
                }
                line
            }
            _ => line,
        }
    }

    /// A `position` command: a corpus position or the start, with random legal moves after it,
    /// sometimes mutated into an invalid one.
    fn position_line(&mut self) -> String {
        let rng = &mut self.rng;
        let config = ChessConfig::default();
        let (start, game) = if rng.chance(40) {
            ("startpos".to_string(), ChessGame::startpos(config))
        } else {
            let fen = rng.pick(&self.corpus).clone();
            match ChessGame::from_fen(&fen, config) {
                Ok(game) => (format!("fen {fen}"), game),
                Err(_) => ("startpos".to_string(), ChessGame::startpos(config)),
            }
        };
        let count = rng.below(12);
        let moves = random_line(rng, &game, count);
        let mut line = format!("position {start}");
        if !moves.is_empty() || rng.chance(20) {
            line = format!("{line} moves {}", moves.join(" "));
        }
        if rng.chance(10) {
            line = mutate(rng, &line);
        }
        line
    }
}

/// The game a `position` command's words set, as the engine reads them, if valid.
fn parse_position(words: &[&str]) -> Option<GameHistory> {
    let command = words.join(" ");
    let Ok(Command::Position { start, moves }) = command.parse::<Command>() else {
        return None;
    };
    let start = match start {
        game_chess::uci::StartPosition::Startpos => "startpos".to_string(),
        game_chess::uci::StartPosition::Fen(fen) => fen,
    };
    GameHistory::from_uci(&start, &moves, ChessConfig::default()).ok()
}

/// One stress run of `commands` commands from `seed`; panics with the seed on a broken invariant.
fn stress(seed: u64, commands: usize) {
    let (engine, mut stdin, stdout, mut stderr) = Engine::spawn();
    let lines: Lines = Arc::default();
    let reader = {
        let lines = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                lines.lock().unwrap().push((Instant::now(), line));
            }
        })
    };
    let errors = {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        })
    };
    let count = |lines: &Lines, what: &str| lines.lock().unwrap().iter().filter(|(_, l)| l == what).count();

    let mut script = Script::new(seed);
    let mut sent = 0;
    let mut batches: Vec<String> = Vec::new();
    while sent < commands {
        let size = 1 + script.rng.below(25);
        let batch: Vec<String> = (0..size).map(|_| script.command()).collect();
        sent += size;
        let readies = batch
            .iter()
            .filter(|line| matches!(line.parse::<Command>(), Ok(Command::IsReady)))
            .count();
        let mut text = batch.join("\n");
        text.push('\n');
        let stalled = |error: std::io::Error| -> ! {
            assert!(
                !engine.stalled(),
                "seed {seed}: the engine stopped reading its input (a write blocked for {PATIENCE:?}) at batch {}:\n{text}",
                batches.len()
            );
            panic!("seed {seed}: the engine's input closed: {error}")
        };
        stdin
            .write_all(text.as_bytes())
            .unwrap_or_else(|error| stalled(error));
        stdin.flush().unwrap_or_else(|error| stalled(error));
        let written = Instant::now();
        script.isready.extend(std::iter::repeat_n(written, readies));
        script.batches.extend(std::iter::repeat_n(batches.len(), readies));
        batches.push(text.clone());
        if let Ok(path) = std::env::var("STRESS_DUMP") {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .unwrap();
            writeln!(file, "{text}#BATCH").unwrap();
        }
        // Wait for this batch's readyoks (not for its bestmoves), then sometimes a pause.
        let expected = script.isready.len();
        while count(&lines, "readyok") < expected {
            assert!(
                written.elapsed() < PATIENCE,
                "seed {seed}: no readyok within {PATIENCE:?} of the batch\n{text}"
            );
            std::thread::sleep(Duration::from_micros(200));
        }
        engine.progressed();
        if script.rng.chance(30) {
            std::thread::sleep(Duration::from_millis(script.rng.below(15) as u64));
        }
    }

    // The end: `quit`, or the end of the input, on alternate seeds.
    let ended = if seed % 2 == 0 {
        stdin.write_all(b"quit\n").unwrap();
        stdin.flush().unwrap();
        let ended = Instant::now();
        drop(stdin);
        ended
    } else {
        drop(stdin);
        Instant::now()
    };
    let exited = loop {
        if let Some(status) = engine.try_wait() {
            assert!(status.success(), "seed {seed}: exit status {status:?}");
            break ended.elapsed();
        }
        assert!(ended.elapsed() < PATIENCE, "seed {seed}: the engine did not exit");
        std::thread::sleep(Duration::from_millis(1));
    };
    reader.join().unwrap();
    let stderr = errors.join().unwrap();
    let lines = std::mem::take(&mut *lines.lock().unwrap());
    let context = |what: String| {
        let tail: Vec<&str> = lines.iter().rev().take(30).map(|(_, l)| l.as_str()).collect();
        format!("seed {seed}: {what}\n(replay: STRESS_SEED={seed}; last lines, newest first: {tail:?})")
    };

    assert!(stderr.is_empty(), "{}", context(format!("stderr: {stderr}")));
    assert!(
        exited <= EXIT_WITHIN,
        "{}",
        context(format!("exited {exited:?} after the end"))
    );
    // Every line readable; one bestmove per accepted go, each legal where its go searched.
    let mut bestmoves = Vec::new();
    let mut readyoks = Vec::new();
    for (at, line) in &lines {
        let message = line
            .parse::<EngineMessage>()
            .unwrap_or_else(|error| panic!("{}", context(format!("unreadable line {line:?}: {error}"))));
        match message {
            EngineMessage::BestMove { mv, ponder } => bestmoves.push((mv, ponder)),
            EngineMessage::ReadyOk => readyoks.push(*at),
            _ => {}
        }
    }
    assert_eq!(
        bestmoves.len(),
        script.gos.len(),
        "{}",
        context(format!(
            "{} bestmoves for {} gos",
            bestmoves.len(),
            script.gos.len()
        ))
    );
    for (go, (mv, ponder)) in script.gos.iter().zip(&bestmoves) {
        let mut legal = MoveList::new();
        go.position.generate_moves(&mut legal);
        let Some(mv) = mv else {
            assert!(
                legal.is_empty(),
                "{}",
                context(format!("(none) after {:?}", go.line))
            );
            continue;
        };
        let played = go
            .position
            .parse_uci(mv)
            .unwrap_or_else(|error| panic!("{}", context(format!("{mv} after {:?}: {error}", go.line))));
        if !go.search_moves.is_empty() {
            assert!(
                go.search_moves.contains(mv),
                "{}",
                context(format!("{mv} not in {:?}", go.line))
            );
        }
        if let Some(ponder) = ponder {
            let after = go.position.play(played);
            assert!(
                after.parse_uci(ponder).is_ok(),
                "{}",
                context(format!("ponder {ponder} after {mv}"))
            );
        }
    }
    // A readyok for every isready, at once.
    assert_eq!(
        readyoks.len(),
        script.isready.len(),
        "{}",
        context("readyoks".into())
    );
    let (latest, batch) = script
        .isready
        .iter()
        .zip(&readyoks)
        .zip(&script.batches)
        .map(|((asked, answered), batch)| (answered.saturating_duration_since(*asked), *batch))
        .max()
        .unwrap_or_default();
    assert!(
        latest <= READYOK_WITHIN,
        "{}",
        context(format!(
            "a readyok after {latest:?}, in the batch\n{}after\n{}",
            batches[batch],
            batches[batch.saturating_sub(1)]
        ))
    );
    println!(
        "uci stress seed {seed}: {sent} commands, {} gos and bestmoves, {} readyoks (the slowest after {latest:?}), exit {exited:?} after the end",
        script.gos.len(),
        readyoks.len(),
    );
}

#[test]
fn thousands_of_random_commands_keep_the_protocol() {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    let commands =
        var("STRESS_COMMANDS").map_or(4000, |text| text.parse().expect("STRESS_COMMANDS: a count"));
    match var("STRESS_SEED") {
        Some(seed) => stress(seed.parse().expect("STRESS_SEED: a u64"), commands),
        // Both ends: quit (an even seed) and the end of the input (an odd one).
        None => {
            for seed in [0x57E5_5000, 0x57E5_5001] {
                stress(seed, commands / 2);
            }
        }
    }
}
