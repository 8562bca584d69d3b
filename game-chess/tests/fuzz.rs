//! Seeded fuzzing of everything that reads outside input: FEN and EPD parsing, UCI command (and
//! engine message) parsing, and whole `position` / `setoption` / `go` sessions against the UCI
//! engine, driven in-process.
//!
//! Properties: nothing panics; a parsed position prints back to a FEN that parses to the same
//! position; every `go` ends with a `bestmove` within a deadline (no hang), which is legal in the
//! position the engine holds (and among the `searchmoves` when some were legal), or `(none)`
//! exactly when there is no legal move; every line the engine writes parses as an engine
//! message.
//!
//! In the normal test suite each target runs for a few seconds. A longer run, and a replay:
//!
//! ```text
//! FUZZ_SECONDS=600 cargo test --release -p game-chess --test integration fuzz:: -- --nocapture
//! FUZZ_SEED=1234 FUZZ_SECONDS=10 cargo test -p game-chess --test integration fuzz:: -- --nocapture
//! ```
//!
//! Each case has its own seed (printed with any failure): `FUZZ_SEED=<case seed>` with
//! `FUZZ_CASES=1` replays exactly that case. The generator is a SplitMix64 over a seed, so the
//! runs are deterministic for a given seed (the searches are timed, so their moves may differ).

use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use game_chess::uci::{Command, EngineMessage, EngineOptions, StartPosition, UciEngine};
use game_chess::{ChessConfig, ChessGame, GameHistory, parse_epd};
use search_core::{Game, MoveList};

/// How long each target runs in the normal test suite.
const DEFAULT_SECONDS: f64 = 2.0;

/// Longest wait for a `bestmove` (debug builds on a loaded 2-core machine).
const PATIENCE: Duration = Duration::from_secs(60);

/// SplitMix64: small, fast, and good enough to pick mutations.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub(super) fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub(super) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The run's budget: (first seed, time per target, case limit), from the environment.
fn budget() -> (u64, Duration, usize) {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    let seed = var("FUZZ_SEED").map_or(0x5EED_2026, |text| text.parse().expect("FUZZ_SEED: a u64"));
    let seconds = var("FUZZ_SECONDS").map_or(DEFAULT_SECONDS, |text| {
        text.parse().expect("FUZZ_SECONDS: seconds")
    });
    let cases = var("FUZZ_CASES").map_or(usize::MAX, |text| text.parse().expect("FUZZ_CASES: a count"));
    (seed, Duration::from_secs_f64(seconds), cases)
}

/// Runs `case` on fresh case seeds until the time or case budget is spent; each case in its own
/// thread with a deadline, so that a hang fails the run instead of stalling it. Returns the
/// number of cases.
fn fuzz(target: &str, case_timeout: Duration, case: fn(&mut Rng) -> u64) -> usize {
    let (seed, time, limit) = budget();
    let mut seeds = Rng(seed ^ target.len() as u64);
    let started = Instant::now();
    let mut cases = 0;
    let mut checks = 0;
    while cases < limit && (cases == 0 || started.elapsed() < time) {
        // The first case uses the given seed itself, so that a printed case seed replays.
        let case_seed = if cases == 0 { seed } else { seeds.next() };
        let (sender, receiver) = channel();
        std::thread::spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| case(&mut Rng(case_seed))));
            let _ = sender.send(outcome);
        });
        match receiver.recv_timeout(case_timeout) {
            Ok(Ok(count)) => checks += count,
            Ok(Err(_)) => panic!("{target}: case seed {case_seed} panicked (message above)"),
            Err(RecvTimeoutError::Timeout) => {
                panic!("{target}: case seed {case_seed} hung for {case_timeout:?}")
            }
            Err(RecvTimeoutError::Disconnected) => panic!("{target}: case seed {case_seed} vanished"),
        }
        cases += 1;
    }
    println!(
        "fuzz {target}: {cases} cases, {checks} checks, 0 panics, 0 hangs in {:.1} s (first seed {seed})",
        started.elapsed().as_secs_f64()
    );
    cases
}

// ---- inputs ---------------------------------------------------------------------------------

/// Legal positions to start from and to mutate: the thesis's 24, perft's tricky ones, mates,
/// stalemates, a fifty-move clock at 100, en passant and castling corners.
pub(super) fn corpus() -> Vec<String> {
    let mut fens: Vec<String> = game_chess::positions::thesis_24()
        .iter()
        .map(|record| record.game(ChessConfig::default()).fen())
        .collect();
    for line in include_str!("data/perft.epd").lines().take(40) {
        if let Some(fen) = line.split(';').next().filter(|fen| !fen.trim().is_empty()) {
            fens.push(fen.trim().to_string());
        }
    }
    fens.extend(
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80",
            "6k1/8/8/8/8/8/8/R5K1 w - - 150 120",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "8/P7/8/8/8/8/7p/K6k w - - 0 1",
        ]
        .map(String::from),
    );
    fens
}

const FEN_ALPHABET: &[u8] = b"rnbqkpRNBQKP12345678/ -wbKQkqabcdefgh0123456789;\"";

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "5",
    "99",
    "100",
    "255",
    "256",
    "4096",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "1e3",
    "0x10",
    "+5",
    "",
];

/// `text` with a few random edits: characters replaced, inserted, deleted or duplicated; a
/// number or a non-ASCII character inserted; the text cut short.
pub(super) fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(8) {
            0 if at < bytes.len() => bytes[at] = *rng.pick(FEN_ALPHABET),
            1 => bytes.insert(at, *rng.pick(FEN_ALPHABET)),
            2 if at < bytes.len() => {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 if at < bytes.len() => {
                let end = (at + 1 + rng.below(12)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            4 => {
                let number = rng.pick(NUMBERS).as_bytes().to_vec();
                bytes.splice(at..at, number);
            }
            5 => bytes
                .splice(at..at, "é\u{0}\u{7f}♔".bytes().take(1 + rng.below(8)))
                .for_each(drop),
            6 => bytes.truncate(at),
            _ => bytes.insert(at, b' '),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Up to `count` random legal moves from `game`, as UCI text.
pub(super) fn random_line(rng: &mut Rng, game: &ChessGame, count: usize) -> Vec<String> {
    let mut game = game.clone();
    let mut line = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..count {
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        line.push(game_chess::to_uci(mv));
        game = game.play(mv);
    }
    line
}

// ---- FEN and EPD ----------------------------------------------------------------------------

fn fen_case(rng: &mut Rng) -> u64 {
    let corpus = corpus();
    let config = ChessConfig::default();
    let mut checks = 0;
    for _ in 0..20 {
        let base = rng.pick(&corpus).clone();
        let text = if rng.chance(10) { base } else { mutate(rng, &base) };
        if let Ok(game) = ChessGame::from_fen(&text, config) {
            // Printed back, it parses to the same position.
            let again = ChessGame::from_fen(&game.fen(), config)
                .unwrap_or_else(|error| panic!("{text:?} prints as {:?}: {error}", game.fen()));
            assert_eq!(again.hash(), game.hash(), "{text:?}");
            let mut moves = MoveList::new();
            game.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let child = game.play(mv);
                assert_eq!(
                    child.hash(),
                    child.full_hash(),
                    "{text:?} {}",
                    game_chess::to_uci(mv)
                );
            }
            let _ = game.outcome(moves.len());
            let root = game.search_root();
            assert_eq!(root.hash(), game.hash());
            // Moves after it: legal ones are accepted, mutated ones never panic.
            let line = random_line(rng, &game, 6);
            GameHistory::from_uci(&text, &line, config).expect("legal moves after a parsed FEN");
            let bad: Vec<String> = line.iter().map(|mv| mutate(rng, mv)).collect();
            let _ = GameHistory::from_uci(&text, &bad, config);
            checks += 1;
        }
        // The same text as an EPD line, with operations.
        let epd = format!(
            "{text}{}",
            rng.pick(&[" bm e4;", " id \"x\";", ";", " acd 5; c0 \"a;b\"", "", " ;;"])
        );
        if let Ok(record) = parse_epd(&mutate(rng, &epd)) {
            let _ = record.game(config).fen();
            let _ = record.label();
            checks += 1;
        }
        checks += 1;
    }
    checks
}

#[test]
fn fen_and_epd_parsing() {
    assert!(fuzz("fen-epd", PATIENCE, fen_case) > 0);
}

// ---- UCI lines ------------------------------------------------------------------------------

const WORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "stop",
    "ponderhit",
    "quit",
    "bench",
    "id",
    "author",
    "uciok",
    "readyok",
    "bestmove",
    "copyprotection",
    "registration",
    "info",
    "seldepth",
    "time",
    "pv",
    "multipv",
    "score",
    "cp",
    "lowerbound",
    "upperbound",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "string",
    "refutation",
    "currline",
    "option",
    "type",
    "spin",
    "check",
    "combo",
    "button",
    "default",
    "min",
    "max",
    "var",
    "e2e4",
    "e7e5",
    "a7a8q",
    "e1g1",
    "0000",
    "(none)",
    "Hash",
    "MultiPV",
    "Move",
    "Overhead",
    "\t",
    "",
    "é",
];

pub(super) fn uci_line(rng: &mut Rng, corpus: &[String]) -> String {
    let mut words: Vec<String> = Vec::new();
    for _ in 0..rng.below(14) {
        let word = match rng.below(10) {
            0..=5 => rng.pick(WORDS).to_string(),
            6 | 7 => rng.pick(NUMBERS).to_string(),
            8 => rng.pick(corpus).clone(),
            _ => {
                let word = rng.pick(WORDS);
                mutate(rng, word)
            }
        };
        words.push(word);
    }
    let separator = if rng.chance(10) { "  " } else { " " };
    let mut line = words.join(separator);
    if rng.chance(10) {
        line = mutate(rng, &line);
    }
    line
}

fn uci_line_case(rng: &mut Rng) -> u64 {
    let corpus = corpus();
    for _ in 0..50 {
        let line = uci_line(rng, &corpus);
        let _ = line.parse::<Command>();
        let _ = line.parse::<EngineMessage>();
    }
    50
}

#[test]
fn uci_command_and_message_parsing() {
    assert!(fuzz("uci-lines", PATIENCE, uci_line_case) > 0);
}

// ---- sessions against the engine ------------------------------------------------------------

/// The engine's output, shared with the test.
#[derive(Clone, Default)]
struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Write for Transcript {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Transcript {
    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap())
            .lines()
            .map(String::from)
            .collect()
    }

    fn bestmoves(&self) -> Vec<String> {
        self.lines()
            .into_iter()
            .filter(|line| line.starts_with("bestmove"))
            .collect()
    }
}

/// A `setoption` line: a real option with a random value (in or out of range, or garbage; the
/// hash never above a few MiB, to stay small, the threads at most two), or an unknown option.
pub(super) fn setoption(rng: &mut Rng) -> String {
    let options = EngineOptions::uci_lines();
    let line = rng.pick(&options);
    let rest = line.strip_prefix("option name ").unwrap();
    let name = rest.split(" type ").next().unwrap().to_string();
    let value = if name == "Hash" {
        // A table beyond the machine's memory is refused; one within it is allocated at the next
        // `isready` (seconds for gigabytes: longer than the protocol's bound).
        rng.pick(&["1", "2", "4", "0", "-3", "5000000", "big"])
            .to_string()
    } else if name == "Threads" {
        // No more threads than this machine's two cores, as a GUI sets them: 256 threads on 2
        // cores take longer than the protocol's 50 ms to stop and start at every `go`.
        rng.pick(&["1", "2", "0", "-1", "257", "many"]).to_string()
    } else if rest.contains("type combo") {
        let vars: Vec<&str> = rest.split(" var ").skip(1).collect();
        if rng.chance(80) && !vars.is_empty() {
            rng.pick(&vars).to_string()
        } else {
            "nonsense".to_string()
        }
    } else if rest.contains("type check") {
        rng.pick(&["true", "false", "maybe"]).to_string()
    } else if rest.contains("type button") {
        String::new()
    } else {
        rng.pick(NUMBERS).to_string()
    };
    let name = if rng.chance(10) { mutate(rng, &name) } else { name };
    if value.is_empty() {
        format!("setoption name {name}")
    } else {
        format!("setoption name {name} value {value}")
    }
}

/// A bounded `go`: some limit always ends it (or the test sends `stop`). Returns the line,
/// whether it needs `stop`, and whether it is `ponder`.
pub(super) fn go(rng: &mut Rng, game: &ChessGame) -> (String, bool, bool) {
    let mut parts = vec!["go".to_string()];
    let mut bounded = false;
    let number = |rng: &mut Rng, low: usize, high: usize| (low + rng.below(high - low + 1)).to_string();
    if rng.chance(30) {
        let (wtime, btime) = (number(rng, 0, 300), number(rng, 0, 300));
        match rng.below(3) {
            0 => parts.extend(["wtime".into(), wtime]),
            1 => parts.extend(["btime".into(), btime]),
            _ => parts.extend(["wtime".into(), wtime, "btime".into(), btime]),
        }
        if rng.chance(50) {
            parts.extend([
                "winc".into(),
                number(rng, 0, 50),
                "binc".into(),
                number(rng, 0, 50),
            ]);
        }
        if rng.chance(20) {
            parts.extend(["movestogo".into(), number(rng, 0, 40)]);
        }
        bounded = true;
    }
    if rng.chance(30) {
        parts.extend(["depth".into(), number(rng, 0, 4)]);
        bounded = true;
    }
    if rng.chance(25) {
        parts.extend(["nodes".into(), number(rng, 0, 20_000)]);
        bounded = true;
    }
    if rng.chance(20) {
        parts.extend(["movetime".into(), number(rng, 0, 40)]);
        bounded = true;
    }
    if rng.chance(10) {
        parts.extend([
            "mate".into(),
            number(rng, 0, 2),
            "nodes".into(),
            number(rng, 1, 20_000),
        ]);
        bounded = true;
    }
    if rng.chance(20) {
        parts.push("searchmoves".into());
        let legal = random_line(rng, game, 1);
        for _ in 0..=rng.below(3) {
            parts.push(match rng.below(3) {
                0 => legal.first().cloned().unwrap_or_else(|| "e2e4".into()),
                1 => random_line(rng, game, 1).pop().unwrap_or_else(|| "0000".into()),
                _ => mutate(rng, "e2e4"),
            });
        }
    }
    let ponder = rng.chance(10);
    if ponder {
        parts.push("ponder".into());
    }
    let infinite = rng.chance(10) || !bounded;
    if infinite && rng.chance(50) {
        parts.push("infinite".into());
    }
    (parts.join(" "), infinite || ponder, ponder)
}

/// Waits until the transcript holds `count` `bestmove` lines.
fn await_bestmove(out: &Transcript, count: usize, context: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let bestmoves = out.bestmoves();
        if bestmoves.len() >= count {
            return bestmoves[count - 1].clone();
        }
        assert!(Instant::now() < deadline, "no bestmove (a hang) after {context}");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn session_case(rng: &mut Rng) -> u64 {
    let corpus = corpus();
    let config = ChessConfig::default();
    let out = Transcript::default();
    let mut engine = UciEngine::new(out.clone());
    // What the engine holds: it keeps the previous position when a `position` is rejected.
    let mut game = GameHistory::new(ChessGame::startpos(config));
    let mut bestmoves = 0;
    let mut log: Vec<String> = Vec::new();
    let send = |engine: &mut UciEngine, line: String, log: &mut Vec<String>| {
        log.push(line.clone());
        engine.handle(&line);
    };
    for _ in 0..1 + rng.below(10) {
        match rng.below(10) {
            // position: a legal start and line, or a broken one.
            0..=2 => {
                let start = if rng.chance(30) {
                    "startpos".to_string()
                } else if rng.chance(85) {
                    rng.pick(&corpus).clone()
                } else {
                    let base = rng.pick(&corpus).clone();
                    mutate(rng, &base)
                };
                let parsed = if start == "startpos" {
                    Some(ChessGame::startpos(config))
                } else {
                    ChessGame::from_fen(&start, config).ok()
                };
                let length = rng.below(40);
                let mut moves = parsed.map_or_else(Vec::new, |root| random_line(rng, &root, length));
                if rng.chance(10) {
                    moves.push(mutate(rng, "e2e4"));
                }
                let line = if start == "startpos" {
                    format!("position startpos moves {}", moves.join(" "))
                } else {
                    format!("position fen {start} moves {}", moves.join(" "))
                };
                // Mirror the engine: the command as it parses, then the history if valid.
                if let Ok(Command::Position { start, moves }) = line.parse::<Command>() {
                    let start_text = match &start {
                        StartPosition::Startpos => "startpos".to_string(),
                        StartPosition::Fen(fen) => fen.clone(),
                    };
                    if let Ok(history) = GameHistory::from_uci(&start_text, &moves, config) {
                        game = history;
                    }
                }
                send(&mut engine, line, &mut log);
            }
            // go, answered by a legal bestmove.
            3..=5 => {
                let (line, needs_stop, ponder) = go(rng, game.position());
                send(&mut engine, line.clone(), &mut log);
                if needs_stop {
                    std::thread::sleep(Duration::from_millis(rng.below(20) as u64));
                    if ponder && rng.chance(50) {
                        send(&mut engine, "ponderhit".into(), &mut log);
                    }
                    send(&mut engine, "stop".into(), &mut log);
                }
                bestmoves += 1;
                let answer = await_bestmove(&out, bestmoves, &log.join(" | "));
                let context = || format!("{} -> {answer}", log.join(" | "));
                let message: EngineMessage = answer
                    .parse()
                    .unwrap_or_else(|error| panic!("{error}: {}", context()));
                let EngineMessage::BestMove { mv, ponder } = message else {
                    panic!("not a bestmove: {}", context());
                };
                let root = game.position();
                let mut legal = MoveList::new();
                root.generate_moves(&mut legal);
                match mv {
                    None => assert!(
                        legal.is_empty(),
                        "bestmove (none) with legal moves: {}",
                        context()
                    ),
                    Some(text) => {
                        let best = root
                            .parse_uci(&text)
                            .unwrap_or_else(|error| panic!("illegal bestmove ({error}): {}", context()));
                        if let Some(reply) = ponder {
                            root.play(best).parse_uci(&reply).unwrap_or_else(|error| {
                                panic!("illegal ponder move ({error}): {}", context())
                            });
                        }
                        // Among the searchmoves, when any was legal.
                        if let Ok(Command::Go(params)) = line.parse::<Command>() {
                            let allowed: Vec<String> = params
                                .search_moves
                                .iter()
                                .filter(|text| root.parse_uci(text).is_ok())
                                .cloned()
                                .collect();
                            assert!(
                                allowed.is_empty() || allowed.contains(&text),
                                "bestmove outside searchmoves: {}",
                                context()
                            );
                        }
                    }
                }
            }
            6 => send(&mut engine, setoption(rng), &mut log),
            7 => {
                let line = rng.pick(&["ucinewgame", "isready", "stop", "ponderhit", "uci", "debug on"]);
                send(&mut engine, line.to_string(), &mut log);
            }
            // Garbage: anything that does not start a search, change the hash size or bench.
            _ => {
                let line = uci_line(rng, &corpus);
                // (A garbage `position` is left out too: the mirror above would have to follow it.)
                let unsafe_command = matches!(
                    line.parse::<Command>(),
                    Ok(Command::Go(_)
                        | Command::Bench { .. }
                        | Command::SetOption { .. }
                        | Command::Quit
                        | Command::Position { .. })
                );
                if !unsafe_command {
                    send(&mut engine, line, &mut log);
                }
            }
        }
    }
    send(&mut engine, "quit".into(), &mut log);
    drop(engine);
    // Every line the engine wrote is a well-formed message; no search thread failed.
    let lines = out.lines();
    for line in &lines {
        assert!(
            line.parse::<EngineMessage>().is_ok(),
            "unreadable output {line:?} after {}",
            log.join(" | ")
        );
        assert!(
            !line.contains("search failed"),
            "{line} after {}",
            log.join(" | ")
        );
    }
    assert_eq!(out.bestmoves().len(), bestmoves, "{}", log.join(" | "));
    lines.len() as u64
}

#[test]
fn position_and_go_sessions_against_the_engine() {
    assert!(fuzz("uci-sessions", PATIENCE * 2, session_case) > 0);
}
