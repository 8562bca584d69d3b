//! [`UciEngine`]: the UCI engine's state machine, between a GUI and the search.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use search_core::engine::{InfoCallback, IterationInfo, MAX_SEARCH_PLY, RootMoveCallback, RootMoveInfo};
use search_core::{Bound, Game, Limits, MoveList, Score, SearchResult, Searcher};
use shakmaty::{Color, Move, Position};

use super::options::{Algorithm, ChessEngine, EngineOptions, OptionEffect};
use super::{Command, CommandError, GoParams, Info, InfoScore, SoftClock, StartPosition, TimeBudget};
use crate::{ChessGame, GameHistory, to_uci};

/// The engine's name, as `id name` gives it.
pub const ENGINE_NAME: &str = concat!("game-search ", env!("CARGO_PKG_VERSION"));

/// The engine's author, as `id author` gives it.
pub const ENGINE_AUTHOR: &str = "the game-search authors";

/// The depth of `bench` without an argument.
pub const BENCH_DEPTH: u32 = 7;

/// Whether the engine goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`: stop.
    Quit,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Where the engine writes: shared by the reading thread and the search thread, one whole line
/// at a time, flushed at once.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: impl std::fmt::Display) {
        let mut out = lock(&self.0);
        // A GUI that closed the pipe cannot be told anything: the write error is ignored.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn info_string(&self, text: impl std::fmt::Display) {
        self.line(Info::string(text.to_string()));
    }
}

/// The state of one search that the reading thread may change while it runs.
struct Control {
    /// Raised to stop the search (the engine's [`Limits::stop`]).
    stop: Arc<AtomicBool>,
    /// Raised by the GUI only (`stop`, `quit`, the end of the input, a new `go`): what stops the
    /// depth-1 search that follows a search the clock stopped too early.
    released_flag: Arc<AtomicBool>,
    /// When `go` arrived.
    start: Instant,
    state: Mutex<ControlState>,
    wake: Condvar,
}

struct ControlState {
    /// `go ponder` until `ponderhit`: no time limit, and `bestmove` waits.
    pondering: bool,
    /// `go infinite` (or `go` alone): `bestmove` waits for `stop`.
    infinite: bool,
    /// No new iteration after its deadline (timed searches only).
    soft_clock: Option<SoftClock>,
    /// `Time Stability`: whether the soft clock follows the search.
    time_stability: bool,
    /// The clock's budget, started at `ponderhit` when pondering.
    budget: Option<TimeBudget>,
    /// `go mate N`.
    mate: Option<u32>,
    /// The GUI said `stop` (or `quit`, or closed the input): `bestmove` may go even when
    /// pondering or searching infinitely. (The stop flag alone does not say it: the time manager
    /// and `go mate` raise it too.)
    released: bool,
}

impl Control {
    /// The GUI's `stop`: stop searching, and answer.
    fn release(&self) {
        let mut state = lock(&self.state);
        state.released = true;
        self.stop.store(true, Ordering::SeqCst);
        self.released_flag.store(true, Ordering::SeqCst);
        self.wake.notify_all();
    }

    /// The search's own stop (time, mate found): stop searching.
    fn raise_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let _state = lock(&self.state);
        self.wake.notify_all();
    }

    fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Whether the GUI said `stop` (or `quit`, or closed the input, or sent a new `go`).
    fn is_released(&self) -> bool {
        self.released_flag.load(Ordering::SeqCst)
    }

    /// After a completed iteration that chose `best` with value `score`: stop if the soft
    /// deadline (stretched or shrunk by the best move's stability) has passed or the mate asked
    /// for is found.
    fn iteration_done(&self, best: Option<Move>, score: Score) {
        let mut state = lock(&self.state);
        let mate_found = state
            .mate
            .is_some_and(|n| score.mate_moves().is_some_and(|m| m > 0 && m.unsigned_abs() <= n));
        if let (Some(clock), Some(best)) = (state.soft_clock.as_mut(), best) {
            clock.iteration(best, score);
        }
        let late = state
            .soft_clock
            .is_some_and(|clock| Instant::now() >= clock.deadline());
        drop(state);
        if mate_found || late {
            self.raise_stop();
        }
    }

    /// `ponderhit`: the clock starts now.
    fn ponderhit(&self) {
        let mut state = lock(&self.state);
        if !state.pondering {
            return;
        }
        state.pondering = false;
        if let Some(budget) = state.budget {
            let now = Instant::now();
            let clock = SoftClock::new(now, budget);
            state.soft_clock = Some(if state.time_stability {
                clock
            } else {
                clock.fixed()
            });
            // The running search has no deadline of its own: a timer raises its flag.
            let stop = Arc::clone(&self.stop);
            let _timer = std::thread::spawn(move || {
                std::thread::sleep(budget.maximum);
                stop.store(true, Ordering::SeqCst);
            });
        }
        self.wake.notify_all();
    }

    /// Blocks while the protocol forbids `bestmove` (pondering, or an infinite search not yet
    /// stopped).
    fn wait_for_release(&self) {
        let mut state = lock(&self.state);
        while (state.pondering || state.infinite) && !state.released {
            state = self
                .wake
                .wait_timeout(state, Duration::from_millis(100))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// The node budget of the depth-1 search that every move played gets when the clock or a node
/// budget stopped its search before depth 1 was complete (an ordinary position needs a few
/// hundred nodes; past the budget the engine plays the first move of its order, still legal).
pub const DEPTH_ONE_NODES: u64 = 100_000;

/// How long a search runs before it reports each root move it starts (`currmove`).
pub const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

/// What the info callback needs to know about the search in progress.
#[derive(Default)]
struct Reporting {
    control: Option<Arc<Control>>,
    /// MultiPV: the line being searched (from 1); its iterations are not printed one by one.
    line: Option<u32>,
}

/// A search thread and its control.
struct Running {
    control: Arc<Control>,
    handle: JoinHandle<ChessEngine>,
}

/// What a search thread is given.
struct Job {
    root: ChessGame,
    history: Vec<u64>,
    limits: Limits,
    search_moves: Option<Vec<Move>>,
    multi_pv: u32,
    /// `Search` = `mcts`: the Monte Carlo tree searcher to run instead of the engine.
    mcts: Option<Box<search_core::mcts::Mcts<ChessGame, crate::Evaluation>>>,
}

/// The UCI engine's state machine, between a GUI and the search: options, position, and the
/// search thread.
///
/// Two threads: the caller's thread reads the GUI's lines ([`UciEngine::run`]) and answers at
/// once, even during a search (`isready`, `stop`, `ponderhit`, `quit`, `position`, `setoption`);
/// a search thread owns the [`Engine`](search_core::engine::Engine) while it searches and prints
/// the `info` lines (from the engine's per-iteration callback) and the `bestmove`. The search
/// stops on a shared flag, which `stop`, `quit`, the end of input and the time manager raise;
/// the engine checks it every 1024 nodes, so `stop` is answered within a few milliseconds, and
/// the end of the input, which is `quit`, ends the process as fast.
///
/// - **Time**: [`Clock::budget`](super::time::Clock::budget) gives an optimum and a maximum, from the clock less a reserve of
///   one `Move Overhead` per move to go (see [`Clock::budget`](super::time::Clock::budget)). The maximum is the search's hard
///   deadline; after each completed iteration past the optimum the flag is raised (no new
///   iteration is started). A stopped search plays the best move of its last completed
///   iteration; if not even depth 1 completed (a clock of a few milliseconds, `go nodes 1`),
///   depth 1 is searched to the end regardless, within [`DEPTH_ONE_NODES`]: every move played
///   on the clock is searched. A search the GUI stopped that early (`stop`, `quit`, a new `go`)
///   plays at once the first move of the engine's order, legal: the GUI wants the move now, and
///   `isready` is answered at once in every state. A clock given for one side only is an empty
///   clock for the other.
/// - **The fifty-move rule** is claimed, not automatic, at the root: a position whose halfmove
///   clock has reached 100 is searched ([`ChessGame::search_root`]), so a mate on the board is
///   played.
/// - **`go infinite`, `go ponder`**: `bestmove` waits for `stop` (or `ponderhit`), as the
///   protocol says, even if the search ends earlier. At `ponderhit` the clock budget starts.
/// - **`go mate N`**: searches to depth `2N` and stops at the first iteration that finds a mate
///   in at most `N` moves.
/// - **`MultiPV`** `k > 1`: at each depth, line `i` is the best line of a search whose root moves
///   exclude the best moves of lines `1 .. i-1` (the engine's `set_root_moves`); each depth costs
///   `k` searches. The `k` lines of a depth are printed together once all are searched, sorted by
///   score, best first (`multipv 1`), and `bestmove` is line 1's move.
/// - **Options** are stored at once, even during a search. An option that changes the search
///   (and `ucinewgame`, `Clear Hash`) is applied to the engine at once when no search runs (so a
///   new `Hash` is allocated at `setoption`, before `isready` answers, never on the clock), else
///   when the search ends. The table is kept across other option changes, reallocated only when
///   `Hash` changes (the old one freed first: never two tables alive), and cleared only by
///   `ucinewgame` and `Clear Hash`.
/// - **Bad input** (an unknown command, a malformed `position`, an illegal move, an unknown option
///   or value, a `searchmoves` move that is not legal) is answered with an `info string` saying
///   what is wrong; the state stays as it was.
/// - **`currmove`**: after [`CURRMOVE_AFTER`] of searching, each root move is announced as its
///   search starts (`info depth D currmove M currmovenumber N`).
pub struct UciEngine {
    out: Output,
    options: EngineOptions,
    /// The engine when no search holds it (built lazily).
    engine: Option<ChessEngine>,
    /// The options changed in a way the engine must take (configuration, evaluation).
    reconfigure: bool,
    /// `ucinewgame` or `Clear Hash` since the last search.
    clear: bool,
    game: GameHistory,
    reporting: Arc<Mutex<Reporting>>,
    running: Option<Running>,
}

impl UciEngine {
    /// An engine writing to `output`, at the start position with the default options.
    pub fn new(output: impl Write + Send + 'static) -> Self {
        let options = EngineOptions::default();
        UciEngine {
            out: Output(Arc::new(Mutex::new(Box::new(output)))),
            game: GameHistory::new(ChessGame::startpos(options.chess_config())),
            options,
            engine: None,
            reconfigure: false,
            clear: false,
            reporting: Arc::new(Mutex::new(Reporting::default())),
            running: None,
        }
    }

    /// Reads commands from `input` until `quit` or the end of the input, then returns. The end
    /// of the input is `quit`, as in Stockfish: a GUI that closes the pipe, or dies, leaves no
    /// engine searching on; a search in progress is stopped (it prints the best move of its last
    /// completed iteration) and the engine returns at once.
    pub fn run(mut self, mut input: impl BufRead) {
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buffer);
            if self.handle(&line) == Flow::Quit {
                return;
            }
        }
        self.finish_search();
    }

    /// Handles one line from the GUI.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = match line.parse::<Command>() {
            Ok(command) => command,
            Err(CommandError::Empty) => return Flow::Continue,
            Err(error) => {
                self.out.info_string(error);
                return Flow::Continue;
            }
        };
        match command {
            Command::Uci => {
                self.out.line(format!("id name {ENGINE_NAME}"));
                self.out.line(format!("id author {ENGINE_AUTHOR}"));
                for option in EngineOptions::uci_lines() {
                    self.out.line(option);
                }
                self.out.line("uciok");
            }
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => {
                self.prepare_engine();
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => {
                let set = self.options.set(&name, value.as_deref());
                match &set {
                    Ok(OptionEffect::Stored) => {}
                    Ok(OptionEffect::Reconfigure) => self.reconfigure = true,
                    Ok(OptionEffect::ClearHash) => self.clear = true,
                    Err(message) => self.out.info_string(message.clone()),
                }
                self.prepare_engine();
                if set.is_ok() && name.eq_ignore_ascii_case("hash") {
                    self.report_table();
                }
            }
            Command::UciNewGame => {
                self.clear = true;
                self.prepare_engine();
            }
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(params) => self.go(&params),
            Command::Stop => {
                if let Some(running) = &self.running {
                    running.control.release();
                }
            }
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.control.ponderhit();
                }
            }
            Command::Quit => {
                self.finish_search();
                return Flow::Quit;
            }
            Command::Bench { depth } => {
                self.finish_search();
                bench(&self.options, depth.unwrap_or(BENCH_DEPTH), &mut |line| {
                    self.out.line(line);
                });
            }
        }
        Flow::Continue
    }

    /// `position`: replaces the game if the whole command is valid, else says why and keeps the
    /// previous one.
    fn set_position(&mut self, start: &StartPosition, moves: &[String]) {
        let start_text = match start {
            StartPosition::Startpos => "startpos",
            StartPosition::Fen(fen) => fen.as_str(),
        };
        match GameHistory::from_uci(start_text, moves, self.options.chess_config()) {
            Ok(game) => self.game = game,
            Err(error) => self.out.info_string(format!(
                "position rejected ({error}); the previous position is kept"
            )),
        }
    }

    /// Brings the engine up to date with the options now, if no search holds it: the table is
    /// allocated or cleared here (at `setoption`, `ucinewgame`, `isready`), not on the clock.
    fn prepare_engine(&mut self) {
        if self.running.is_none() {
            let engine = self.take_engine();
            self.engine = Some(engine);
        }
    }

    /// Says what the `Hash` budget bought (`info string`): the table's size once allocated, or
    /// that it is taken when the search in progress ends.
    fn report_table(&self) {
        let budget = self.options.resources.table_mib();
        let allocated = self
            .engine
            .as_ref()
            .and_then(ChessEngine::transposition_table)
            .map(search_core::engine::TranspositionTable::allocated_mib);
        match allocated {
            Some(mib) => self
                .out
                .info_string(format!("Hash {budget} MiB: the table takes {mib} MiB")),
            None if self.running.is_some() => self
                .out
                .info_string(format!("Hash {budget} MiB: taken when this search ends")),
            None => self
                .out
                .info_string(format!("Hash {budget} MiB: the configuration has no table")),
        }
    }

    /// The engine, built if there is none, given the options' configuration if they changed,
    /// cleared if asked.
    fn take_engine(&mut self) -> ChessEngine {
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => {
                self.reconfigure = false;
                let mut engine = self.options.build(Some(self.info_callback()));
                engine.set_root_move_info(Some(self.currmove_callback()));
                engine
            }
        };
        if std::mem::take(&mut self.reconfigure) {
            engine.set_config(self.options.search);
            engine.set_resources(self.options.resources);
            engine.set_evaluator(self.options.evaluation);
        }
        if std::mem::take(&mut self.clear) {
            engine.new_game();
        }
        // The table's full size is taken here, between searches, never on the clock.
        engine.allocate_table();
        engine
    }

    /// `info depth D currmove M currmovenumber N` at each root move, once the search has run
    /// for [`CURRMOVE_AFTER`]: on long searches a GUI shows what is being searched, and short
    /// searches stay quiet.
    fn currmove_callback(&self) -> RootMoveCallback<Move> {
        let out = self.out.clone();
        let reporting = Arc::clone(&self.reporting);
        Box::new(move |info: &RootMoveInfo<Move>| {
            if info.elapsed < CURRMOVE_AFTER || lock(&reporting).control.is_none() {
                return;
            }
            out.line(Info {
                depth: Some(info.depth),
                currmove: Some(to_uci(info.mv)),
                currmovenumber: Some(info.number),
                ..Info::default()
            });
        })
    }

    fn info_callback(&self) -> InfoCallback<Move> {
        let reporting = Arc::clone(&self.reporting);
        let out = self.out.clone();
        Box::new(move |info: &IterationInfo<'_, Move>| {
            let reporting = lock(&reporting);
            let Some(control) = &reporting.control else {
                return;
            };
            if reporting.line.is_some() {
                // MultiPV prints each depth's lines itself, sorted, once all are searched.
                return;
            }
            let elapsed = control.start.elapsed();
            let nodes = info.nodes;
            out.line(Info {
                depth: Some(info.depth),
                seldepth: Some(info.seldepth),
                score: Some(InfoScore::from(info.score)),
                bound: Some(info.bound),
                nodes: Some(nodes),
                nps: Some(nps(nodes, elapsed)),
                hashfull: Some(info.hashfull),
                time_ms: Some(elapsed.as_millis() as u64),
                pv: info.pv.iter().map(|&mv| to_uci(mv)).collect(),
                ..Info::default()
            });
            if info.bound == Bound::Exact {
                control.iteration_done(info.pv.first().copied(), info.score);
            }
        })
    }

    /// Stops the search in progress, if any, and takes the engine back (its `bestmove` is
    /// printed by the search thread).
    fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.control.release();
            match running.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.out.info_string("the search failed; the engine is rebuilt");
                    self.engine = None;
                }
            }
        }
    }

    /// `go`: starts a search thread.
    fn go(&mut self, params: &GoParams) {
        self.finish_search();
        let start = Instant::now();
        // A fifty-move draw at the root is claimed, not automatic: the root's moves are searched.
        let root = self
            .game
            .position()
            .search_root()
            .with_config(self.options.chess_config());
        let search_moves = self.search_moves(&root, &params.search_moves);
        let white_to_move = root.chess().turn() == Color::White;
        let budget = TimeBudget::for_go(params, white_to_move, self.options.move_overhead);

        let unlimited =
            budget.is_none() && params.depth.is_none() && params.nodes.is_none() && params.mate.is_none();
        let infinite = params.infinite || unlimited;
        let pondering = params.ponder;
        let timed = !infinite && !pondering;

        let stop = Arc::new(AtomicBool::new(false));
        let mut limits = Limits::depth(search_depth(params)).with_stop_flag(Arc::clone(&stop));
        if let Some(nodes) = params.nodes {
            limits = limits.with_nodes(nodes.max(1));
        }
        if let (Some(budget), true) = (budget, timed) {
            limits = limits.with_deadline(start + budget.maximum);
        }
        let control = Arc::new(Control {
            stop,
            released_flag: Arc::default(),
            start,
            state: Mutex::new(ControlState {
                pondering,
                infinite,
                soft_clock: budget.filter(|_| timed).map(|b| {
                    let clock = SoftClock::new(start, b);
                    if self.options.time_stability {
                        clock
                    } else {
                        clock.fixed()
                    }
                }),
                time_stability: self.options.time_stability,
                budget,
                mate: params.mate,
                released: false,
            }),
            wake: Condvar::new(),
        });

        let job = Job {
            root,
            history: self.game.reversible_keys().to_vec(),
            limits,
            search_moves,
            multi_pv: self.options.multi_pv,
            mcts: (self.options.algorithm == Algorithm::Mcts).then(|| Box::new(self.options.build_mcts())),
        };
        if job.mcts.is_some() && job.multi_pv > 1 {
            self.out
                .info_string("MultiPV is not used by Search mcts: one line, its most visited move's");
        }
        self.spawn_search(job, control);
    }

    /// The `searchmoves` of a `go` that are legal at `root` (`None` if none is given or legal);
    /// one `info string` for those that are not.
    fn search_moves(&self, root: &ChessGame, texts: &[String]) -> Option<Vec<Move>> {
        let mut legal = Vec::new();
        let mut ignored = Vec::new();
        for text in texts {
            match root.parse_uci(text) {
                Ok(mv) => legal.push(mv),
                Err(error) => ignored.push((text, error)),
            }
        }
        if let Some((first, error)) = ignored.first() {
            // One line for the whole command, however many moves it names.
            let more = match ignored.len() - 1 {
                0 => String::new(),
                others => format!("; {others} more not legal here, ignored too"),
            };
            self.out
                .info_string(format!("searchmoves: '{first}' ignored ({error}){more}"));
        }
        (!legal.is_empty()).then_some(legal)
    }

    /// Starts the search thread for `job` under `control`, with the engine.
    fn spawn_search(&mut self, job: Job, control: Arc<Control>) {
        let engine = self.take_engine();
        *lock(&self.reporting) = Reporting {
            control: Some(Arc::clone(&control)),
            line: None,
        };
        let thread_control = Arc::clone(&control);
        let reporting = Arc::clone(&self.reporting);
        let out = self.out.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search_thread(engine, job, &thread_control, &reporting, &out));
        match spawned {
            Ok(handle) => self.running = Some(Running { control, handle }),
            Err(error) => {
                self.out
                    .info_string(format!("cannot start a search thread: {error}"));
                self.out.line("bestmove (none)");
            }
        }
    }
}

/// The depth a `go` searches to: `depth`, or twice the moves of `mate`, the smaller if both
/// (at least 1), else as deep as the engine goes.
fn search_depth(params: &GoParams) -> u32 {
    let max_depth = MAX_SEARCH_PLY - 1;
    [
        params.depth.map(|d| d.max(1)),
        params.mate.map(|n| n.saturating_mul(2).max(1)),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or(max_depth)
    .min(max_depth)
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        self.finish_search();
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// The legal root moves, restricted to `search_moves` when given.
fn root_moves(root: &ChessGame, search_moves: Option<&Vec<Move>>) -> Vec<Move> {
    let mut moves = MoveList::new();
    root.generate_moves(&mut moves);
    let mut moves: Vec<Move> = moves.iter().copied().collect();
    if let Some(allowed) = search_moves {
        moves.retain(|mv| allowed.contains(mv));
    }
    moves
}

/// The search thread: searches, waits if the protocol says so, prints `bestmove`, returns the
/// engine.
fn search_thread(
    mut engine: ChessEngine,
    job: Job,
    control: &Control,
    reporting: &Mutex<Reporting>,
    out: &Output,
) -> ChessEngine {
    engine.set_game_history(job.history.clone());
    let moves = root_moves(&job.root, job.search_moves.as_ref());
    let (best, ponder) = if moves.is_empty() {
        // Mate or stalemate: nothing to search.
        let in_check = job.root.chess().is_check();
        out.line(Info {
            depth: Some(0),
            score: Some(if in_check {
                InfoScore::Mate(0)
            } else {
                InfoScore::Centipawns(0)
            }),
            ..Info::default()
        });
        (None, None)
    } else {
        let searched = if let Some(mut mcts) = job.mcts {
            mcts.set_root_moves(job.search_moves.clone());
            Some(mcts_search(*mcts, &job.root, &job.limits, control, out))
        } else if job.multi_pv > 1 && moves.len() > 1 {
            multi_pv(&mut engine, &job, &moves, control, reporting, out)
        } else {
            engine.set_root_moves(job.search_moves.clone());
            let result = engine.search(&job.root, &job.limits);
            (result.depth > 0).then(|| (result.best_move, result.pv.get(1).copied()))
        };
        searched.unwrap_or_else(|| {
            // Stopped before depth 1 was complete. By the clock or a node budget: a move is
            // always searched, so search depth 1 to the end (a few milliseconds), within a node
            // budget (with the quiescence search's own budget off, a board of queens could take
            // seconds). By the GUI (`stop`, `quit`, the end of the input, a new `go`): it wants
            // the move now, and the reader waits for this thread: the first move of the engine's
            // order (the table's move if it knows one), legal.
            engine.set_root_moves(job.search_moves.clone());
            let limits = if control.is_released() {
                Limits::depth(1).with_nodes(1)
            } else {
                let released = Arc::clone(&control.released_flag);
                Limits::depth(1)
                    .with_nodes(DEPTH_ONE_NODES)
                    .with_stop_flag(released)
            };
            let result = engine.search(&job.root, &limits);
            (result.best_move, result.pv.get(1).copied())
        })
    };
    engine.set_root_moves(None);
    lock(reporting).control = None;
    // Always a legal move when there is one (the engine gives one; this is a safety net).
    let best = best.filter(|mv| moves.contains(mv)).or(moves.first().copied());
    let ponder = ponder.or_else(|| best.and_then(|best| reply_from_table(&engine, &job.root, best)));

    control.wait_for_release();
    let text = match (best, ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {} ponder {}", to_uci(best), to_uci(ponder)),
        (Some(best), None) => format!("bestmove {}", to_uci(best)),
        (None, _) => "bestmove (none)".to_string(),
    };
    out.line(text);
    engine
}

/// `Search` = `mcts`: Monte Carlo tree search (restricted to `searchmoves` if given; `MultiPV` is
/// not used) until the soft deadline (the clock's optimum; the
/// hard one is never needed, as an iteration takes microseconds), the node budget or `stop`; a
/// `go depth N` alone gets [`DEFAULT_ITERATIONS`](search_core::mcts::DEFAULT_ITERATIONS)
/// (MCTS has no depth). Prints one `info` line at the end: the principal variation's length as
/// the depth, the score (a proven result as a mate score; else the best move's mean reward `q`
/// as centipawns, `400 · log10(q / (1 - q))`, the inverse of the logistic that turned
/// evaluations into rewards), nodes and the line. Returns the move and the expected reply.
fn mcts_search(
    mut mcts: search_core::mcts::Mcts<ChessGame, crate::Evaluation>,
    root: &ChessGame,
    limits: &Limits,
    control: &Control,
    out: &Output,
) -> (Option<Move>, Option<Move>) {
    let (soft, infinite) = {
        let state = lock(&control.state);
        (
            state.soft_clock.map(|clock| clock.deadline()),
            state.infinite || state.pondering,
        )
    };
    let mut limits = limits.clone();
    if let Some(soft) = soft {
        limits.deadline = Some(limits.deadline.map_or(soft, |hard| hard.min(soft)));
    }
    if limits.deadline.is_none() && limits.nodes.is_none() && !infinite {
        mcts = mcts.with_iterations(search_core::mcts::DEFAULT_ITERATIONS);
    }
    let result = mcts.search(root, &limits);
    let elapsed = control.start.elapsed();
    let score = if result.score.mate_moves().is_some() || result.score == Score::DRAW {
        InfoScore::from(result.score)
    } else {
        let q = (f64::from(result.score.raw()) / 1000.0 + 1.0) / 2.0;
        let q = q.clamp(0.001, 0.999);
        InfoScore::Centipawns((400.0 * (q / (1.0 - q)).log10()).round() as i32)
    };
    out.line(Info {
        depth: Some(result.pv.len() as u32),
        seldepth: Some(result.stats.seldepth),
        score: Some(score),
        nodes: Some(result.stats.nodes),
        nps: Some(nps(result.stats.nodes, elapsed)),
        time_ms: Some(elapsed.as_millis() as u64),
        pv: result.pv.iter().map(|&mv| to_uci(mv)).collect(),
        string: Some(format!(
            "mcts iterations {} playouts {} tree {} nodes",
            result.stats.iterations, result.stats.playouts, result.stats.tree_nodes
        )),
        ..Info::default()
    });
    (result.best_move, result.pv.get(1).copied())
}

/// The expected reply to `best` from the transposition table, when the principal variation
/// stops after one move (it is cut where a table entry answered): one of the position's moves.
fn reply_from_table(engine: &ChessEngine, root: &ChessGame, best: Move) -> Option<Move> {
    engine.table_move(&root.play(best))
}

/// MultiPV by exclusion: at each depth, line `i` searches the root moves not yet chosen by lines
/// `1 .. i-1`. When all lines of a depth are searched they are printed together, sorted by
/// score (best first: a table entry or the window can make a later line's exact score beat an
/// earlier one's), as `multipv 1 ..`. Returns the best line's move and reply from the last depth
/// completed, or `None` if not even depth 1 was.
fn multi_pv(
    engine: &mut ChessEngine,
    job: &Job,
    moves: &[Move],
    control: &Control,
    reporting: &Mutex<Reporting>,
    out: &Output,
) -> Option<(Option<Move>, Option<Move>)> {
    let lines = (job.multi_pv as usize).min(moves.len());
    let mut best = None;
    let mut nodes = 0;
    'deepening: for depth in 1..=job.limits.depth {
        let mut found: Vec<SearchResult<Move>> = Vec::with_capacity(lines);
        for line in 1..=lines {
            let allowed: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| !found.iter().any(|result| result.best_move == Some(*mv)))
                .collect();
            engine.set_root_moves(Some(allowed));
            lock(reporting).line = Some(line as u32);
            let mut limits = job.limits.clone();
            limits.depth = depth;
            if let Some(budget) = job.limits.nodes {
                limits.nodes = Some(budget.saturating_sub(nodes).max(1));
            }
            let result = engine.search(&job.root, &limits);
            nodes += result.stats.nodes;
            let completed = result.depth == depth && !control.is_stopped();
            if line == 1 && best.is_none() && result.depth > 0 {
                best = Some((result.best_move, result.pv.get(1).copied()));
            }
            if !completed || job.limits.is_over_budget(nodes) {
                break 'deepening;
            }
            found.push(result);
        }
        // Stable: equal scores keep the order they were found in.
        found.sort_by_key(|result| std::cmp::Reverse(result.score));
        best = Some((found[0].best_move, found[0].pv.get(1).copied()));
        let elapsed = control.start.elapsed();
        let hashfull = engine.transposition_table().map(|tt| tt.hashfull());
        for (index, result) in found.iter().enumerate() {
            out.line(Info {
                depth: Some(depth),
                seldepth: Some(result.stats.seldepth),
                multipv: Some(index as u32 + 1),
                score: Some(InfoScore::from(result.score)),
                bound: Some(Bound::Exact),
                nodes: Some(nodes),
                nps: Some(nps(nodes, elapsed)),
                hashfull,
                time_ms: Some(elapsed.as_millis() as u64),
                pv: result.pv.iter().map(|&mv| to_uci(mv)).collect(),
                ..Info::default()
            });
        }
        control.iteration_done(found[0].pv.first().copied(), found[0].score);
        if control.is_stopped() {
            break;
        }
    }
    lock(reporting).line = None;
    best
}

/// Searches the 24 thesis positions to `depth` with `options` (the engine's current ones: `bench`
/// after `setoption` measures that configuration; run first, the defaults) and a fresh table for
/// each, and returns the total node count (a signature of the search: the same on every run and
/// every machine) and the time. Each position's figures and the totals are given to `print`.
pub fn bench(options: &EngineOptions, depth: u32, print: &mut dyn FnMut(String)) -> (u64, Duration) {
    let mut engine = options.build(None);
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    let positions = crate::positions::thesis_24();
    for (index, record) in positions.iter().enumerate() {
        engine.new_game();
        let game = record.game(options.chess_config());
        let result = engine.search(&game, &Limits::depth(depth.max(1)));
        total_nodes += result.stats.nodes;
        total_time += result.stats.elapsed;
        let best = result.best_move.map_or_else(|| "(none)".to_string(), to_uci);
        print(format!(
            "info string bench position {:2}/{} {}: depth {} bestmove {best} score {} nodes {}",
            index + 1,
            positions.len(),
            record.label(),
            result.depth,
            result.score,
            result.stats.nodes,
        ));
    }
    let millis = total_time.as_millis();
    print("===========================".to_string());
    print(format!("Total time (ms) : {millis}"));
    print(format!("Nodes searched  : {total_nodes}"));
    print(format!("Nodes/second    : {}", nps(total_nodes, total_time)));
    (total_nodes, total_time)
}
