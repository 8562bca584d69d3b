//! The `game-search-uci` binary driven through stdin and stdout, the way a GUI drives it: every
//! command, every bad input, and the protocol's deadlines (`stop` answered within 50 ms; a legal
//! move with 1 ms on the clock).
//!
//! Waits are generous (the tests run in debug builds, beside other tests, on a shared machine):
//! only the protocol's own deadlines are asserted, and `stop` latency is the best of three tries.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use game_chess::uci::{EngineMessage, Info, InfoScore};
use game_chess::{ChessConfig, GameHistory};

const ENGINE: &str = env!("CARGO_BIN_EXE_game-search-uci");

/// Long enough for any answer of a debug build on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// A GUI's end of the pipes.
struct Gui {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Gui {
    fn start() -> Gui {
        Gui::with_args(&[])
    }

    fn with_args(args: &[&str]) -> Gui {
        let mut child = Command::new(ENGINE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Gui {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!(">> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the engine reads");
        stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, or `None` after `wait`.
    fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(format!("<< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that `done` accepts.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let last = done(&line);
                    lines.push(line);
                    if last {
                        return lines;
                    }
                }
                None => panic!("no awaited line; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Lines arriving within `wait` (for "nothing yet" checks).
    fn during(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Waits for `bestmove`; returns the lines before it and the move and ponder move.
    fn bestmove(&mut self) -> (Vec<String>, Option<String>, Option<String>) {
        let mut lines = self.until(|line| line.starts_with("bestmove"));
        let last = lines.pop().unwrap();
        match last.parse::<EngineMessage>() {
            Ok(EngineMessage::BestMove { mv, ponder }) => (lines, mv, ponder),
            other => panic!("bad bestmove line {last:?}: {other:?}"),
        }
    }

    /// Sends `go` and waits for `bestmove`.
    fn bestmove_after(&mut self, go: &str) -> (Vec<String>, Option<String>, Option<String>) {
        self.send(go);
        self.bestmove()
    }

    /// `isready` and the lines before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|line| line == "readyok");
        lines.pop();
        lines
    }

    /// Waits for the process to exit by itself.
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `mv` is legal after `start` and `moves` (a UCI `position` command's parts).
fn is_legal(start: &str, moves: &[&str], mv: &str) -> bool {
    let game = GameHistory::from_uci(start, moves, ChessConfig::default()).unwrap();
    game.position().parse_uci(mv).is_ok()
}

fn infos(lines: &[String]) -> Vec<Info> {
    lines
        .iter()
        .filter(|line| line.starts_with("info") && !line.starts_with("info string"))
        .map(|line| line.parse().unwrap())
        .collect()
}

fn strings(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|line| line.strip_prefix("info string "))
        .collect()
}

#[test]
fn handshake_lists_every_option() {
    let mut gui = Gui::start();
    gui.send("uci");
    let lines = gui.until(|line| line == "uciok");
    assert!(lines[0].starts_with("id name game-search"));
    assert!(lines[1].starts_with("id author "));
    for name in [
        "Hash",
        "Clear Hash",
        "Move Overhead",
        "MultiPV",
        "Ponder",
        "Evaluation",
        "Move Ordering",
        "Zugzwang Guard",
        "Null Move",
        "Verified Null Move",
        "Quiescence",
        "Transposition Table",
        "PVS",
        "LMR",
        "MTD(f)",
        "Aspiration",
        "Reverse Futility",
        "Reverse Futility Depth",
        "Counter Moves",
        "Continuation History",
        "Capture History",
        "LMR History",
        "LMR PV",
        "LMR Cut",
        "Null Move Eval",
        "Singular Extension",
        "SEE Pruning",
        "Improving",
        "Correction History",
        "Table Eval",
        "ProbCut",
        "Razoring",
        "Quiescence Table",
        "Iterative Deepening",
    ] {
        let prefix = format!("option name {name} type ");
        assert!(
            lines.iter().any(|line| line.starts_with(&prefix)),
            "no option {name}: {lines:?}"
        );
    }
    assert!(gui.sync().is_empty());
    gui.send("debug on");
    gui.send("register later");
    assert!(gui.sync().is_empty());
    gui.send("quit");
    assert!(gui.wait_exit().success());
}

#[test]
fn go_depth_reports_each_iteration_and_a_legal_move_with_its_reply() {
    let mut gui = Gui::start();
    gui.send("ucinewgame");
    gui.send("position startpos moves e2e4 e7e5 g1f3");
    gui.send("go depth 5");
    let (lines, mv, ponder) = gui.bestmove();
    let infos = infos(&lines);
    let depths: Vec<u32> = infos
        .iter()
        .filter(|info| info.bound.is_none())
        .filter_map(|info| info.depth)
        .collect();
    assert_eq!(depths, [1, 2, 3, 4, 5], "{lines:?}");
    for info in &infos {
        assert!(info.seldepth.is_some() && info.score.is_some() && info.nodes.is_some());
        assert!(info.nps.is_some() && info.hashfull.is_some() && info.time_ms.is_some());
    }
    let last = infos.last().unwrap();
    assert!(!last.pv.is_empty());
    let mv = mv.unwrap();
    assert_eq!(last.pv[0], mv);
    let moves = ["e2e4", "e7e5", "g1f3"];
    assert!(is_legal("startpos", &moves, &mv));
    let ponder = ponder.expect("a ponder move at depth 5");
    assert!(is_legal("startpos", &["e2e4", "e7e5", "g1f3", &mv], &ponder));
}

#[test]
fn a_search_repeated_from_the_table_still_shows_whole_lines_and_a_ponder_move() {
    // The second search finds every principal-variation node in the table and cuts at ply 1;
    // the engine continues the line through the table's exact entries.
    let mut gui = Gui::start();
    let moves = ["d2d4", "d7d5", "c2c4"];
    gui.send("position startpos moves d2d4 d7d5 c2c4");
    gui.send("go depth 7");
    let (first, _, _) = gui.bestmove();
    gui.send("go depth 7");
    let (second, mv, ponder) = gui.bestmove();
    for info in infos(&first).iter().chain(&infos(&second)) {
        let line: Vec<&str> = moves
            .iter()
            .copied()
            .chain(info.pv.iter().map(String::as_str))
            .collect();
        assert!(
            GameHistory::from_uci("startpos", &line, ChessConfig::default()).is_ok(),
            "an illegal line: {line:?}"
        );
    }
    let shortest = infos(&second)
        .iter()
        .filter(|info| info.bound.is_none())
        .map(|info| info.pv.len())
        .min()
        .unwrap();
    assert!(shortest >= 4, "a line cut short in {second:?}");
    let ponder = ponder.expect("a ponder move from the table's line");
    assert!(is_legal(
        "startpos",
        &["d2d4", "d7d5", "c2c4", &mv.unwrap()],
        &ponder
    ));
}

#[test]
fn go_before_any_position_searches_the_start_position() {
    let mut gui = Gui::start();
    gui.send("go depth 1");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
}

#[test]
fn every_kind_of_limit_gives_a_legal_move() {
    let mut gui = Gui::start();
    let start = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    gui.send(&format!("position fen {start}"));
    for go in [
        "go depth 1",
        "go depth 0",
        "go nodes 1",
        "go nodes 5000",
        "go movetime 50",
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 3000 btime 3000 movestogo 5",
        "go wtime 1 btime 1",
        "go wtime 0 btime 5000",
        "go wtime -50 btime 5000",
        "go wtime 5 btime 5 winc 1 binc 1",
    ] {
        gui.send(go);
        let (_, mv, _) = gui.bestmove();
        let mv = mv.unwrap_or_else(|| panic!("{go}: no move"));
        assert!(is_legal(start, &[], &mv), "{go}: {mv}");
    }
}

#[test]
fn very_short_clocks_are_answered_at_once_with_a_legal_move() {
    let mut gui = Gui::start();
    gui.send("setoption name Move Overhead value 10");
    let moves = ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"];
    gui.send(&format!("position startpos moves {}", moves.join(" ")));
    gui.sync();
    for left in [1, 2, 5] {
        let started = Instant::now();
        gui.send(&format!("go wtime {left} btime {left}"));
        let (lines, mv, _) = gui.bestmove();
        // The budget is zero: the engine searches depth 1 only. The margin is for a debug build
        // on a loaded machine, not the protocol.
        assert!(started.elapsed() < Duration::from_millis(500), "{left} ms left");
        assert!(is_legal("startpos", &moves, &mv.unwrap()));
        assert!(
            infos(&lines).iter().any(|info| info.depth >= Some(1)),
            "{left} ms: {lines:?}"
        );
    }
}

#[test]
fn bullet_and_sudden_death_clocks_are_searched() {
    // Issue 16: below ~300 ms the reserve of 29 overheads left nothing, and the move was not
    // searched at all, even with a 50 ms increment.
    let mut gui = Gui::start();
    gui.send("position startpos");
    for go in [
        "go wtime 299 btime 299 winc 50 binc 50",
        "go wtime 200 btime 200",
        "go wtime 100 btime 100",
        "go wtime 50 btime 50",
        "go nodes 1",
    ] {
        let (lines, mv, _) = gui.bestmove_after(go);
        assert!(is_legal("startpos", &[], &mv.unwrap()), "{go}");
        let deepest = infos(&lines).iter().filter_map(|info| info.depth).max();
        assert!(deepest >= Some(1), "{go}: no searched iteration in {lines:?}");
    }
    // With an increment, the bullet clock thinks beyond depth 1.
    let (lines, _, _) = gui.bestmove_after("go wtime 299 btime 299 winc 50 binc 50");
    let deepest = infos(&lines).iter().filter_map(|info| info.depth).max();
    assert!(deepest >= Some(2), "{lines:?}");
}

#[test]
fn a_clock_for_the_other_side_only_is_answered_at_once() {
    // Black to move, only White's clock: Black's is empty (searching forever was the bug).
    let mut gui = Gui::start();
    gui.send("position startpos moves e2e4");
    let started = Instant::now();
    let (lines, mv, _) = gui.bestmove_after("go wtime 1000");
    assert!(started.elapsed() < Duration::from_secs(5), "{lines:?}");
    assert!(is_legal("startpos", &["e2e4"], &mv.unwrap()));
    assert!(!infos(&lines).is_empty(), "{lines:?}");
}

#[test]
fn a_claimable_fifty_move_draw_does_not_end_the_search() {
    // Halfmove clock 100: the draw must be claimed, and mate on the board stands.
    let mut gui = Gui::start();
    gui.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80");
    let (lines, mv, _) = gui.bestmove_after("go depth 3");
    assert_eq!(mv.as_deref(), Some("a1a8"), "{lines:?}");
    assert_eq!(infos(&lines).pop().unwrap().score, Some(InfoScore::Mate(1)));
    // No mate: every quiet move lets the opponent claim; the search still gives a searched move.
    let fen = "6k1/8/8/8/8/8/8/R5K1 w - - 120 90";
    gui.send(&format!("position fen {fen}"));
    let (lines, mv, _) = gui.bestmove_after("go depth 3");
    assert!(is_legal(fen, &[], &mv.unwrap()));
    assert_eq!(infos(&lines).pop().unwrap().score, Some(InfoScore::Centipawns(0)));
}

/// The end of the input is `quit`: closes the input with the engine in the state `setup` puts
/// it in, and returns how long the process took to exit (polled every millisecond), the best of
/// three tries, and the output after the close of the last try. The tries of every state run one
/// after another (a lock), so that their engines do not share the cores with each other.
fn exit_after_end_of_input(setup: &[&str]) -> (Duration, Vec<String>) {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut best = Duration::MAX;
    let mut after = Vec::new();
    for _ in 0..3 {
        let mut gui = Gui::start();
        for line in setup {
            gui.send(line);
        }
        // The engine is in its state: the search under way.
        gui.sync();
        std::thread::sleep(Duration::from_millis(200));
        gui.during(Duration::ZERO);
        let closed = Instant::now();
        gui.close_stdin();
        let exited = loop {
            if let Some(status) = gui.child.try_wait().unwrap() {
                assert!(status.success(), "{status:?}");
                break closed.elapsed();
            }
            assert!(closed.elapsed() < PATIENCE, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(1));
        };
        best = best.min(exited);
        after = gui.during(Duration::from_millis(100));
    }
    (best, after)
}

/// After the end of input in a search: exit within 100 ms, with a legal `bestmove` (the search
/// stopped, as `quit` stops it), after `start` and `moves`.
fn assert_stops_and_exits_at_end_of_input(setup: &[&str], start: &str, moves: &[&str]) {
    let (exited, after) = exit_after_end_of_input(setup);
    assert!(
        exited <= Duration::from_millis(100),
        "{setup:?}: exited after {exited:?}"
    );
    let best: Vec<_> = after.iter().filter(|line| line.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{setup:?}: {after:?}");
    let mv = best[0].split_whitespace().nth(1).unwrap();
    assert!(is_legal(start, moves, mv), "{setup:?}: {mv}");
}

#[test]
fn end_of_input_while_searching_on_a_clock_stops_and_exits() {
    let setup = ["position startpos moves e2e4", "go wtime 100000 btime 100000"];
    assert_stops_and_exits_at_end_of_input(&setup, "startpos", &["e2e4"]);
}

#[test]
fn end_of_input_while_searching_to_a_depth_stops_and_exits() {
    assert_stops_and_exits_at_end_of_input(&["go depth 60"], "startpos", &[]);
}

#[test]
fn end_of_input_while_searching_infinitely_stops_and_exits() {
    assert_stops_and_exits_at_end_of_input(&["go infinite"], "startpos", &[]);
}

#[test]
fn end_of_input_while_pondering_stops_and_exits() {
    let setup = [
        "setoption name Ponder value true",
        "position startpos moves e2e4 e7e5",
        "go ponder wtime 100000 btime 100000",
    ];
    assert_stops_and_exits_at_end_of_input(&setup, "startpos", &["e2e4", "e7e5"]);
}

#[test]
fn end_of_input_in_a_mate_search_stops_and_exits() {
    let setup = ["position startpos moves e2e4", "go mate 20"];
    assert_stops_and_exits_at_end_of_input(&setup, "startpos", &["e2e4"]);
}

#[test]
fn end_of_input_in_monte_carlo_tree_search_stops_and_exits() {
    let setup = ["setoption name Search value mcts", "go infinite"];
    assert_stops_and_exits_at_end_of_input(&setup, "startpos", &[]);
    let setup = ["setoption name Search value mcts", "go wtime 100000 btime 100000"];
    assert_stops_and_exits_at_end_of_input(&setup, "startpos", &[]);
}

#[test]
fn end_of_input_when_idle_exits() {
    let (exited, after) = exit_after_end_of_input(&["position startpos moves d2d4"]);
    assert!(exited <= Duration::from_millis(100), "exited after {exited:?}");
    assert!(after.is_empty(), "{after:?}");
}

#[test]
fn a_huge_searchmoves_list_of_illegal_moves_is_named_on_one_line() {
    let mut gui = Gui::start();
    gui.send("position startpos");
    // 1 MB of illegal moves.
    let line = format!("go depth 1 searchmoves{}", " e2e5".repeat(200_000));
    gui.send(&line);
    let (lines, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
    let said = strings(&lines);
    assert_eq!(said.len(), 1, "{} lines", said.len());
    assert!(
        said[0].contains("e2e5") && said[0].contains("199999 more"),
        "{}",
        said[0]
    );
}

#[test]
fn stop_is_answered_within_50_ms_and_isready_mid_search() {
    let mut gui = Gui::start();
    gui.send("position startpos moves e2e4 c7c5");
    let mut best = Duration::MAX;
    for _ in 0..3 {
        gui.send("go infinite");
        // No bestmove before `stop`, whatever depth is reached.
        let early = gui.during(Duration::from_millis(300));
        assert!(
            !early.iter().any(|line| line.starts_with("bestmove")),
            "{early:?}"
        );
        // `isready` is answered during the search.
        let before = gui.sync();
        assert!(!before.iter().any(|line| line.starts_with("bestmove")));
        let sent = Instant::now();
        gui.send("stop");
        let (_, mv, _) = gui.bestmove();
        let latency = sent.elapsed();
        assert!(latency < Duration::from_secs(2), "stop took {latency:?}");
        best = best.min(latency);
        assert!(is_legal("startpos", &["e2e4", "c7c5"], &mv.unwrap()));
    }
    assert!(best < Duration::from_millis(50), "stop took {best:?} at best");
}

#[test]
fn stop_without_a_search_is_ignored() {
    let mut gui = Gui::start();
    gui.send("stop");
    gui.send("ponderhit");
    assert!(gui.sync().is_empty());
    gui.send("go depth 2");
    gui.bestmove();
    gui.send("stop");
    assert!(gui.sync().is_empty(), "a second bestmove");
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let mut gui = Gui::start();
    gui.send("setoption name Ponder value true");
    gui.send("position startpos moves e2e4 e7e5");
    gui.send("go ponder wtime 1000 btime 1000");
    let early = gui.during(Duration::from_millis(400));
    assert!(!early.iter().any(|line| line.starts_with("bestmove")));
    gui.send("ponderhit");
    // The clock now runs: the move comes within the budget (about 1 s / 30).
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &["e2e4", "e7e5"], &mv.unwrap()));

    // Pondering on a position where the search ends at once: still wait for the GUI.
    gui.send("position fen 7k/5Q2/5K2/8/8/8/8/8 w - - 0 1");
    gui.send("go ponder depth 2");
    let early = gui.during(Duration::from_millis(300));
    assert!(!early.iter().any(|line| line.starts_with("bestmove")));
    gui.send("stop");
    let (_, mv, _) = gui.bestmove();
    assert!(mv.is_some());

    // A mate found while pondering stops the search, not the wait for `ponderhit`.
    gui.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    gui.send("go ponder mate 1 wtime 5000 btime 5000");
    let early = gui.during(Duration::from_millis(300));
    assert!(
        !early.iter().any(|line| line.starts_with("bestmove")),
        "{early:?}"
    );
    gui.send("ponderhit");
    let (_, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("d1d8"));
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    let mut gui = Gui::start();
    // Mate in 2: 1. Qxh6+ Rxh6 2. Rg8#.
    let fen = "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 0";
    gui.send(&format!("position fen {fen}"));
    gui.send("go mate 2");
    let (lines, mv, _) = gui.bestmove();
    let infos = infos(&lines);
    assert_eq!(infos.last().unwrap().score, Some(InfoScore::Mate(2)), "{lines:?}");
    assert_eq!(mv.as_deref(), Some("h5h6"));
}

#[test]
fn searchmoves_restricts_the_root_and_bad_ones_are_named() {
    let mut gui = Gui::start();
    gui.send("position startpos");
    gui.send("go depth 3 searchmoves a2a3 h2h3");
    let (_, mv, _) = gui.bestmove();
    assert!(["a2a3", "h2h3"].contains(&mv.as_deref().unwrap()));

    gui.send("go depth 2 searchmoves e2e5 g1f3");
    let (lines, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("g1f3"));
    assert!(strings(&lines)[0].contains("'e2e5' ignored"), "{lines:?}");

    // Nothing legal: the restriction is dropped.
    gui.send("go depth 1 searchmoves e1e3");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
}

#[test]
fn malformed_positions_keep_the_previous_one() {
    let mut gui = Gui::start();
    // A position where the king has a single legal move: Kb1 (a2 is covered by the rook... and
    // the queen): White: Ka1; Black: Kc3, Rh2.
    let fen = "8/8/8/8/8/2k5/7r/K7 w - - 0 1";
    gui.send(&format!("position fen {fen}"));
    let bad = [
        ("position fen not a fen", "position rejected"),
        ("position fen 8/8/8/8/8/8/k7/K7 w - - 0 1", "position rejected"),
        ("position startpos moves e2e4 e2e4", "position rejected"),
        ("position startpos moves e2e4 xyz", "position rejected"),
        ("position startpos extra", "'position': unexpected 'extra'"),
        ("position", "'position' needs"),
        ("position fen", "'position fen' needs a FEN"),
    ];
    for (line, message) in bad {
        gui.send(line);
        let said = gui.sync();
        assert!(
            strings(&said).first().is_some_and(|text| text.contains(message)),
            "{line}: {said:?}"
        );
    }
    gui.send("go depth 3");
    let (_, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("a1b1"));
}

#[test]
fn a_hash_size_is_answered_with_what_the_table_takes() {
    let mut gui = Gui::start();
    // A budget buys the largest power of two of nominal 48-byte buckets that fits, 32 bytes each.
    for (hash, takes) in [(64, 32), (100, 64), (1, 1)] {
        gui.send(&format!("setoption name Hash value {hash}"));
        let said = gui.sync();
        assert_eq!(
            strings(&said),
            [format!("Hash {hash} MiB: the table takes {takes} MiB").as_str()],
            "{said:?}"
        );
    }
    // A refused size says why, once, and nothing about the table.
    gui.send("setoption name Hash value 0");
    let said = gui.sync();
    assert_eq!(strings(&said).len(), 1, "{said:?}");
}

#[test]
fn unknown_commands_and_options_are_named_and_change_nothing() {
    let mut gui = Gui::start();
    let bad = [
        ("xyzzy", "unknown command 'xyzzy'"),
        ("go sideways", "'go': unexpected 'sideways'"),
        ("go depth many", "'depth' needs a number, got 'many'"),
        ("setoption name Contempt value 20", "unknown option 'Contempt'"),
        ("setoption name Hash value 0", "must be 1 to"),
        ("setoption name Hash value big", "needs a whole number"),
        ("setoption name Threads value 0", "threads must be 1 to"),
        ("setoption name Hash", "needs a value"),
        ("setoption name PVS value perhaps", "'true' or 'false'"),
        (
            "setoption name Evaluation value stockfish",
            "has no value 'stockfish'",
        ),
        ("setoption name Null Move value r9", "has no value 'r9'"),
        ("setoption Hash 4", "'setoption': unexpected 'Hash'"),
        ("debug loudly", "'debug': unexpected 'loudly'"),
        ("bench deep", "'bench' needs a number"),
    ];
    for (line, message) in bad {
        gui.send(line);
        let said = gui.sync();
        assert!(
            strings(&said).first().is_some_and(|text| text.contains(message)),
            "{line}: {said:?}"
        );
    }
    // Blank lines, stray whitespace and bytes that are not UTF-8 are no crash either.
    gui.send("");
    gui.send("   \t ");
    gui.send_bytes(b"\xff\xfe garbage\r\n");
    gui.send("  isready  ");
    let lines = gui.until(|line| line == "readyok");
    assert!(
        lines
            .iter()
            .all(|line| line == "readyok" || line.starts_with("info string"))
    );
    gui.send("go depth 2");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
}

#[test]
fn every_option_value_searches_to_a_legal_move() {
    let mut gui = Gui::start();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];
    gui.send(&format!("position startpos moves {}", moves.join(" ")));
    let settings = [
        ("Hash", "1"),
        ("Clear Hash", ""),
        ("Move Overhead", "0"),
        ("Evaluation", "point-values"),
        ("Evaluation", "thesis-material"),
        ("Evaluation", "simplified-pst"),
        ("Evaluation", "thesis-pst"),
        ("Evaluation", "tapered"),
        ("Move Ordering", "generation"),
        ("Move Ordering", "v1"),
        ("Move Ordering", "v2"),
        ("Move Ordering", "v3"),
        ("Move Ordering", "v4"),
        ("Move Ordering", "mvv-lva"),
        ("Zugzwang Guard", "true"),
        ("Null Move", "off"),
        ("Null Move", "r1"),
        ("Null Move", "r2"),
        ("Null Move", "r3"),
        ("Verified Null Move", "true"),
        ("Null Move", "scaled"),
        ("Null Move", "adaptive"),
        ("Null Move Guard", "true"),
        ("Null Move Eval", "200"),
        ("Quiescence Table", "false"),
        ("Quiescence", "false"),
        ("Transposition Table", "same"),
        ("Enhanced TT Cutoffs", "true"),
        ("Transposition Table", "any"),
        ("PVS", "false"),
        ("LMR", "off"),
        ("LMR", "classic"),
        ("LMR PV", "true"),
        ("LMR Cut", "true"),
        ("Singular Extension", "4"),
        ("Aspiration", "0"),
        ("MTD(f)", "previous"),
        ("MTD(f)", "two-back"),
        ("Futility", "100"),
        ("Capture Chain", "2"),
        ("Killers", "false"),
        ("History", "gravity"),
        ("Continuation History", "true"),
        ("Capture History", "true"),
        ("History Pruning", "1024"),
        ("SEE Pruning", "80"),
        ("Improving", "true"),
        ("Correction History", "true"),
        ("Table Eval", "true"),
        ("ProbCut", "100"),
        ("Razoring", "300"),
        ("History", "off"),
        ("Check Extension", "false"),
        ("mtd(f)", "OFF"),
        ("Hash", "32"),
    ];
    for (name, value) in settings {
        if value.is_empty() {
            gui.send(&format!("setoption name {name}"));
        } else {
            gui.send(&format!("setoption name {name} value {value}"));
        }
        let said = gui.sync();
        // Only `Hash` answers, with what the table takes.
        let answers = usize::from(name == "Hash");
        assert_eq!(strings(&said).len(), answers, "{name} = {value}: {said:?}");
        assert_eq!(said.len(), answers, "{name} = {value}: {said:?}");
        gui.send("go depth 3");
        let (lines, mv, _) = gui.bestmove();
        assert!(!infos(&lines).is_empty(), "{name} = {value}");
        assert!(is_legal("startpos", &moves, &mv.unwrap()), "{name} = {value}");
    }
    gui.send("ucinewgame");
    gui.send("go depth 2");
    gui.bestmove();
}

/// An order on UCI scores: a shorter mate for us is best, a shorter mate against us worst.
fn score_order(score: &InfoScore) -> i64 {
    match *score {
        InfoScore::Centipawns(cp) => i64::from(cp),
        InfoScore::Mate(moves) if moves > 0 => 1_000_000 - i64::from(moves),
        InfoScore::Mate(moves) => -1_000_000 - i64::from(moves),
    }
}

#[test]
fn multipv_reports_distinct_lines_per_depth_sorted_by_score() {
    let mut gui = Gui::start();
    gui.send("setoption name MultiPV value 3");
    gui.send("position startpos");
    gui.send("go depth 4");
    let (lines, mv, _) = gui.bestmove();
    let infos = infos(&lines);
    for depth in 1..=4 {
        let at_depth: Vec<&Info> = infos.iter().filter(|i| i.depth == Some(depth)).collect();
        let numbers: Vec<u32> = at_depth.iter().filter_map(|i| i.multipv).collect();
        assert_eq!(numbers, [1, 2, 3], "depth {depth}: {lines:?}");
        let firsts: Vec<&String> = at_depth.iter().map(|i| &i.pv[0]).collect();
        let distinct: std::collections::HashSet<&&String> = firsts.iter().collect();
        assert_eq!(distinct.len(), 3, "depth {depth}");
        let scores: Vec<i64> = at_depth
            .iter()
            .map(|i| score_order(i.score.as_ref().unwrap()))
            .collect();
        assert!(
            scores.windows(2).all(|pair| pair[0] >= pair[1]),
            "depth {depth}: {lines:?}"
        );
        if depth == 4 {
            assert_eq!(Some(firsts[0]), mv.as_ref());
        }
    }
    // More lines than moves: as many lines as there are moves.
    gui.send("position fen 8/8/8/8/8/2k5/7r/K7 w - - 0 1");
    gui.send("go depth 2");
    let (_, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("a1b1"));
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut gui = Gui::start();
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // fool's mate
    ] {
        gui.send(&format!("position fen {fen}"));
        gui.send("go depth 3");
        let (_, mv, _) = gui.bestmove();
        assert_eq!(mv, None, "{fen}");
    }
}

#[test]
fn a_repetition_in_the_game_history_is_a_draw_in_search() {
    // White is a queen down; both kings have shuffled twice, so Kb1 repeats a position of the
    // game: a draw, which the engine prefers to any other move.
    let mut gui = Gui::start();
    let fen = "7k/8/8/7q/8/8/8/K7 w - - 0 1";
    let shuffle = ["a1b1", "h8g8", "b1a1", "g8h8", "a1b1", "h8g8", "b1a1", "g8h8"];
    gui.send(&format!("position fen {fen} moves {}", shuffle.join(" ")));
    gui.send("go depth 4");
    let (lines, mv, _) = gui.bestmove();
    let last = infos(&lines).pop().unwrap();
    assert_eq!(last.score, Some(InfoScore::Centipawns(0)), "{lines:?}");
    assert_eq!(mv.as_deref(), Some("a1b1"));
}

#[test]
fn quit_during_a_search_exits() {
    let mut gui = Gui::start();
    gui.send("go infinite");
    gui.during(Duration::from_millis(100));
    gui.send("quit");
    assert!(gui.wait_exit().success());
}

#[test]
fn a_second_go_ends_the_first_search() {
    let mut gui = Gui::start();
    gui.send("go infinite");
    gui.during(Duration::from_millis(100));
    gui.send("go depth 2");
    gui.bestmove();
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
    // Options set during a search apply to the next one.
    gui.send("go infinite");
    gui.send("setoption name Null Move value off");
    gui.send("ucinewgame");
    gui.send("position startpos moves d2d4");
    gui.send("stop");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
    gui.send("go depth 2");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &["d2d4"], &mv.unwrap()));
}

fn bench_nodes(lines: &[String]) -> u64 {
    let line = lines
        .iter()
        .find(|line| line.starts_with("Nodes searched"))
        .expect("a node count");
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn bench_is_deterministic_and_measures_the_options_in_use() {
    // From the command line, twice (the defaults), and through the protocol after other
    // searches, which must not change it (bench uses fresh tables); `setoption` changes what it
    // measures.
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut gui = Gui::with_args(&["bench", "3"]);
        let lines = gui.until(|line| line.starts_with("Nodes/second"));
        assert_eq!(lines.iter().filter(|l| l.contains("bench position")).count(), 24);
        runs.push(bench_nodes(&lines));
        assert!(gui.wait_exit().success());
    }
    let mut gui = Gui::start();
    gui.send("setoption name Null Move value off");
    gui.send("go depth 3");
    gui.bestmove();
    gui.send("bench 3");
    let without_null_move = bench_nodes(&gui.until(|line| line.starts_with("Nodes/second")));
    assert_ne!(without_null_move, runs[0], "bench measures the options in use");
    // Off drops the null move's own options with it: the defaults' are set again.
    gui.send("setoption name Null Move value adaptive");
    gui.send("setoption name Null Move Eval value 200");
    gui.send("setoption name Null Move Guard value true");
    gui.send("bench 3");
    runs.push(bench_nodes(&gui.until(|line| line.starts_with("Nodes/second"))));
    assert!(runs[0] > 0);
    assert!(runs.iter().all(|&nodes| nodes == runs[0]), "{runs:?}");
}

#[test]
fn long_searches_announce_each_root_move_and_short_ones_do_not() {
    let mut gui = Gui::start();
    gui.send("position startpos moves e2e4");
    gui.send("go movetime 100");
    let (quick, _, _) = gui.bestmove();
    assert!(
        infos(&quick).iter().all(|info| info.currmove.is_none()),
        "{quick:?}"
    );

    // An infinite search, stopped once an iteration's first root move is announced: a timed one
    // may spend its whole time on the first root move of an iteration started before
    // `CURRMOVE_AFTER` (CI saw a 2.5 s search end that way on a loaded machine, with nothing
    // announced).
    gui.send("go infinite");
    let mut lines = gui.until(|line| line.ends_with(" currmovenumber 1"));
    gui.send("stop");
    lines.extend(gui.bestmove().0);
    let announced: Vec<Info> = infos(&lines)
        .into_iter()
        .filter(|info| info.currmove.is_some())
        .collect();
    assert!(!announced.is_empty(), "no currmove in {lines:?}");
    for info in &announced {
        let mv = info.currmove.as_deref().unwrap();
        assert!(
            is_legal("startpos", &["e2e4"], mv),
            "{mv} is not a legal root move"
        );
        let number = info.currmovenumber.expect("currmovenumber with currmove");
        assert!((1..=20).contains(&number), "{number}");
        assert!(info.depth.is_some());
    }
    // Numbers restart at 1 for each root search.
    assert!(
        announced.iter().any(|info| info.currmovenumber == Some(1)),
        "{lines:?}"
    );
}

#[test]
fn a_board_of_queens_answers_depth_1_and_movetime_at_once() {
    // Quiescence search here was exponential (no bestmove after 180 s); the strongest preset's
    // quiescence node budget bounds it (0.3 s on the development machine).
    let fen = "1KnQ2q1/1N2qnQ1/1q1r1qqQ/Q3QQ1B/2QQ1N2/qQq4q/q1R3bk/3R2r1 w - - 0 1";
    let mut gui = Gui::start();
    for go in ["go depth 1", "go movetime 100"] {
        gui.send(&format!("position fen {fen}"));
        let started = Instant::now();
        let (_, mv, _) = gui.bestmove_after(go);
        let took = started.elapsed();
        assert!(is_legal(fen, &[], &mv.unwrap()), "{go}");
        assert!(took < Duration::from_secs(10), "{go} took {took:?}");
    }
}

#[test]
fn an_option_change_keeps_the_table_and_ucinewgame_clears_it() {
    let mut gui = Gui::start();
    let nodes = |gui: &mut Gui| {
        gui.send("position startpos moves e2e4 e7e5");
        let (lines, _, _) = gui.bestmove_after("go depth 6");
        infos(&lines)
            .iter()
            .filter_map(|info| info.nodes)
            .next_back()
            .unwrap()
    };
    let fresh = nodes(&mut gui);
    // A search option changes (here to the value it had): the engine takes the new
    // configuration but keeps what it learnt, so the same search is cheaper.
    gui.send("setoption name Killers value true");
    assert!(gui.sync().is_empty());
    let warm = nodes(&mut gui);
    assert!(warm < fresh, "kept table: {warm} nodes, fresh: {fresh}");
    // A new game forgets everything: the search is the fresh one again, node for node.
    gui.send("ucinewgame");
    assert!(gui.sync().is_empty());
    assert_eq!(nodes(&mut gui), fresh);
}

#[test]
fn monte_carlo_tree_search_is_an_option_with_every_limit() {
    let mut gui = Gui::start();
    gui.send("uci");
    let lines = gui.until(|line| line == "uciok");
    for option in [
        "option name Search type combo default alphabeta var alphabeta var mcts",
        "option name MCTS Cutoff type spin default 4 min 0 max 100",
        "option name MCTS Exploration type spin default 1414 min 0 max 10000",
    ] {
        assert!(lines.iter().any(|line| line == option), "{option}: {lines:?}");
    }
    gui.send("setoption name Search value mcts");
    gui.send("setoption name MCTS Cutoff value 101");
    gui.send("setoption name Search value minimax");
    let replies = gui.sync();
    assert!(
        strings(&replies)
            .iter()
            .any(|s| s.contains("out of range 0..100")),
        "{replies:?}"
    );
    assert!(
        strings(&replies).iter().any(|s| s.contains("no value 'minimax'")),
        "{replies:?}"
    );
    let start = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    gui.send(&format!("position fen {start}"));
    for go in [
        "go depth 3",
        "go nodes 5000",
        "go movetime 100",
        "go wtime 2000 btime 2000 winc 20 binc 20",
    ] {
        gui.send(go);
        let (lines, mv, _) = gui.bestmove();
        let mv = mv.unwrap_or_else(|| panic!("{go}: no move"));
        assert!(is_legal(start, &[], &mv), "{go}: {mv}");
        assert!(
            lines.iter().any(|l| l.contains(" string mcts iterations ")),
            "{go}: {lines:?}"
        );
        assert_eq!(infos(&lines).last().unwrap().pv.first(), Some(&mv), "{go}");
    }
    // `searchmoves` restricts it as it does the engine; MultiPV is not used, and it says so.
    gui.send(&format!("position fen {start}"));
    gui.send("setoption name MultiPV value 3");
    gui.send("go nodes 3000 searchmoves a2a3 h2h3");
    let (lines, mv, _) = gui.bestmove();
    assert!(matches!(mv.as_deref(), Some("a2a3" | "h2h3")), "{lines:?}");
    // The search itself chose it (not the safety net that plays a legal move of the list).
    assert_eq!(infos(&lines).last().unwrap().pv.first(), mv.as_ref(), "{lines:?}");
    assert!(
        strings(&lines).iter().any(|s| s.contains("MultiPV is not used")),
        "{lines:?}"
    );
    gui.send("setoption name MultiPV value 1");
    // A mate in one is proven and played.
    gui.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    gui.send("go movetime 2000");
    let (lines, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("d1d8"));
    assert_eq!(
        infos(&lines).last().unwrap().score,
        Some(InfoScore::Mate(1)),
        "{lines:?}"
    );
    // `go infinite` waits for `stop`.
    gui.send("position startpos");
    gui.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    gui.send("stop");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
    // On three threads (more than the test machine's cores), a tree each: the limits hold, a
    // mate is still proven and played, and `stop` stops them all.
    gui.send("setoption name Threads value 3");
    gui.send(&format!("position fen {start}"));
    for go in ["go nodes 6000", "go movetime 100"] {
        gui.send(go);
        let (lines, mv, _) = gui.bestmove();
        assert!(is_legal(start, &[], &mv.expect("a move")), "{go}");
        assert!(
            lines.iter().any(|l| l.contains(" string mcts iterations ")),
            "{go}: {lines:?}"
        );
    }
    gui.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    gui.send("go movetime 2000");
    let (lines, mv, _) = gui.bestmove();
    assert_eq!(mv.as_deref(), Some("d1d8"));
    assert_eq!(
        infos(&lines).last().unwrap().score,
        Some(InfoScore::Mate(1)),
        "{lines:?}"
    );
    gui.send("position startpos");
    gui.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    gui.send("stop");
    let (_, mv, _) = gui.bestmove();
    assert!(is_legal("startpos", &[], &mv.unwrap()));
    gui.send("quit");
    assert!(gui.wait_exit().success());
}
