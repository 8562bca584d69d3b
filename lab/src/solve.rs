//! The `solve` program: settles a position of any of the project's games with
//! [`search_core::solve::Solver`], with progress on stderr, a memory limit, a node or time budget
//! and Ctrl-C that stops cleanly with the bounds proven so far. The program
//! (`examples/solve.rs`) parses its arguments and calls [`run`].
//!
//! ```text
//! cargo run --release --example solve -- kalah 6 4                 # first player wins by 10
//! cargo run --release --example solve -- --memory 8192 kalah 6 5   # by 12, in about 7 minutes
//! cargo run --release --example solve -- connect-four --weak       # first player wins, column 4
//! cargo run --release --example solve -- connect-four 4453 --size 7x6 --each-move
//! cargo run --release --example solve -- dots 2x3
//! cargo run --release --example solve -- tictactoe 5
//! cargo run --release --example solve -- nim 3,4,5
//! ```

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use game_tictactoe::TicTacToe;
use games::connect_four::ConnectFour;
use games::dots_and_boxes::DotsAndBoxes;
use games::kalah::{Kalah, SeedsInPlay};
use games::nim::Nim;
use indicatif::{ProgressBar, ProgressStyle};
use search_core::solve::database::{Database, DatabaseError, WithDatabase};
use search_core::solve::{Precision, Progress, Solution, Solver, Stage};
use search_core::{DEFAULT_TABLE_MIB, Resources};
use search_core::{Game, Limits, Player, Score, ZobristHash};

use crate::book::{Book, example_command, write_or_report};
use crate::progress::stop_on_ctrl_c;

/// The `solve` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The game and the position.
    #[command(subcommand)]
    pub game: GameChoice,
    /// Settle only win, draw or loss (much cheaper than the margin or the distance).
    #[arg(long, global = true)]
    pub weak: bool,
    /// Threads searching each probe (default: the machine's cores).
    #[arg(long, global = true)]
    pub threads: Option<u32>,
    /// The transposition table's budget in MiB: the solver's memory limit (the endgame
    /// database, if any, comes on top: its size is printed). Default: the game's
    /// (`default_table_mib`: 512 for Kalah of more than 24 seeds, Connect Four of 30 cells or
    /// more and Dots and Boxes of 6 boxes or more; 16, the library's, below). The table takes
    /// the largest power of two of buckets the budget holds: what it took is printed.
    #[arg(long, global = true)]
    pub memory: Option<usize>,
    /// Stop after about this many nodes, with the bounds proven so far.
    #[arg(long, global = true)]
    pub nodes: Option<u64>,
    /// Stop after this many seconds, with the bounds proven so far.
    #[arg(long, global = true, value_name = "SECONDS", value_parser = crate::progress::seconds)]
    pub time: Option<f64>,
    /// Also settle every move of the position, one by one, with the same table.
    #[arg(long, global = true)]
    pub each_move: bool,
    /// Also write the result, as a table row, into this section of the book (book/src), with
    /// this command.
    #[arg(long, global = true, value_name = "SECTION")]
    pub book: Option<String>,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, global = true, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
}

/// A game and its position.
#[derive(Debug, clap::Subcommand)]
pub enum GameChoice {
    /// Kalah(houses, seeds) from the start, or after some moves.
    Kalah {
        /// Houses a side (1 to 6).
        houses: u8,
        /// Seeds a house at the start (1 to 12).
        seeds: u8,
        /// Moves played from the start, houses numbered from 1 (`"3 1 6"`).
        #[arg(long, default_value = "")]
        after: String,
        /// The endgame database: every position with at most this many seeds in play, solved
        /// first (0: none). By default 16 seeds (30 MiB with 6 houses a side), or 24 for a game
        /// of more than 48 seeds (1.2 GiB with 6 houses): see `default_database_seeds`.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=games::kalah::MAX_DATABASE_SEEDS as i64))]
        database: Option<u32>,
        /// Keep the database in this file: read it if it is there (and whole), else build it
        /// and write it (a build stopped by Ctrl-C is written too, and finished next time).
        #[arg(long)]
        database_file: Option<PathBuf>,
    },
    /// Connect Four.
    ConnectFour {
        /// Columns played from the empty board, one digit each (`4453`).
        #[arg(default_value = "")]
        moves: String,
        /// The board, columns x rows.
        #[arg(long, default_value = "7x6", value_parser = parse_size)]
        size: (u8, u8),
    },
    /// Dots and Boxes.
    Dots {
        /// The board, in boxes: rows x columns (`2x3`).
        #[arg(value_parser = parse_size)]
        size: (u8, u8),
        /// Lines drawn, as `a1-b1 a1-a2`.
        #[arg(default_value = "")]
        lines: String,
    },
    /// Tic-tac-toe.
    Tictactoe {
        /// Cells played, 1 to 9 (`5 1 9`).
        #[arg(default_value = "")]
        moves: String,
    },
    /// Nim (normal play: whoever takes the last object wins).
    Nim {
        /// The heaps, separated by commas (`3,4,5`).
        heaps: String,
    },
}

/// Parses `AxB`.
///
/// # Errors
///
/// Not two numbers joined by `x`, in words.
pub fn parse_size(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{text}' is not a size like 7x6");
    let (a, b) = text.split_once('x').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

/// Runs the program with `options`; `args` are its command-line arguments (for the book's
/// marker, with `--book`).
pub fn run(options: &Options, args: impl IntoIterator<Item = String>) -> ExitCode {
    let book = options
        .book
        .as_ref()
        .map(|_| Book::from_option(options.book_dir.as_deref()));
    if let (Some(book), Some(name)) = (&book, &options.book)
        && let Err(error) = book.check(&[name])
    {
        eprintln!("error: {error}");
        return ExitCode::from(2);
    }
    let command = example_command("solve", args);
    let mut row = None;
    let code = match solve_game(options, &mut row) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    };
    match (row, &options.book) {
        (Some(row), Some(name)) => {
            let markdown = format!("{TABLE_HEADER}\n{row}\n");
            if write_or_report(book.as_ref(), name, &command, &markdown) {
                code
            } else {
                ExitCode::from(2)
            }
        }
        _ => code,
    }
}

/// The header of the table row `--book` writes.
const TABLE_HEADER: &str = "| position | precision | settled (side to move) | first player | best move | probes | nodes | time | table | threads |\n|---|---|---|---|---|---|---|---|---|---|";

/// Solves the position `options` name, Ctrl-C stopping it; `row` gets the book's table row of
/// a settled position. Its exit status, or a bad position or database, in words.
fn solve_game(options: &Options, row: &mut Option<String>) -> Result<ExitCode, String> {
    let resources = resources(options)?;
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_ctrl_c(Arc::clone(&stop));
    let run = Run {
        options,
        stop: &stop,
        resources,
    };
    match &options.game {
        GameChoice::Kalah {
            houses,
            seeds,
            after,
            database,
            database_file,
        } => {
            let position = kalah_after(*houses, *seeds, after)?;
            let title = format!("Kalah({houses}, {seeds}){}", moves_note(after));
            let seeds_in_play = database_seeds(*houses, *seeds, *database);
            let database = kalah_database(*houses, seeds_in_play, database_file.as_deref(), options, &stop)?;
            Ok(solve_kalah(&title, position, database, &run, row))
        }
        GameChoice::ConnectFour { moves, size } => {
            let position = ConnectFour::with_size(size.0, size.1)
                .and_then(|empty| empty.after(moves))
                .map_err(|e| e.to_string())?;
            let title = format!("Connect Four {}x{}{}", size.0, size.1, moves_note(moves));
            Ok(settle(
                &title,
                &position,
                |_, column| column.to_string(),
                &run,
                row,
            ))
        }
        GameChoice::Dots { size, lines } => {
            let position = DotsAndBoxes::from_lines(size.0, size.1, lines).map_err(|e| e.to_string())?;
            let title = format!("Dots and Boxes {}x{}{}", size.0, size.1, moves_note(lines));
            Ok(settle(
                &title,
                &position,
                |game, line| game.line_name(line),
                &run,
                row,
            ))
        }
        GameChoice::Tictactoe { moves } => {
            let position = TicTacToe::from_moves(moves).map_err(|e| e.to_string())?;
            let title = format!("tic-tac-toe{}", moves_note(moves));
            Ok(settle(&title, &position, |_, cell| cell.to_string(), &run, row))
        }
        GameChoice::Nim { heaps } => {
            let heaps = parse_heaps(heaps)?;
            let position = Nim::new(&heaps).map_err(|e| e.to_string())?;
            let title = format!("Nim {heaps:?}");
            Ok(settle(&title, &position, |_, take| take.to_string(), &run, row))
        }
    }
}

/// Kalah with `houses` houses a side of `seeds` seeds each, after the moves `after` (houses,
/// as `3 1`).
fn kalah_after(houses: u8, seeds: u8, after: &str) -> Result<Kalah, String> {
    let mut position = Kalah::new(houses, seeds).map_err(|e| e.to_string())?;
    for text in after.split_whitespace() {
        let house = position.parse_move(text).map_err(|e| e.to_string())?;
        position = position.play(house);
    }
    Ok(position)
}

/// A Kalah endgame database and a note on it for the title (its size, how it was made).
type NotedDatabase = (Database<Kalah, SeedsInPlay>, String);

/// The Kalah endgame database of `seeds` seeds in play for `houses` houses a side, read or
/// built ([`endgame_database`]), with a note on it; none for 0 seeds.
fn kalah_database(
    houses: u8,
    seeds: u32,
    file: Option<&std::path::Path>,
    options: &Options,
    stop: &Arc<AtomicBool>,
) -> Result<Option<NotedDatabase>, String> {
    let indexing = SeedsInPlay::new(houses, seeds).map_err(|e| e.to_string())?;
    (seeds > 0)
        .then(|| endgame_database(indexing, file, options, stop))
        .transpose()
}

/// Settles Kalah `position` on its endgame `database` if it has one (the database's note added
/// to the title), else by search alone; exit status 3 if Ctrl-C stopped the database's build.
fn solve_kalah(
    title: &str,
    position: Kalah,
    database: Option<NotedDatabase>,
    run: &Run<'_>,
    row: &mut Option<String>,
) -> ExitCode {
    match database {
        None => settle(title, &position, |_, house| house.to_string(), run, row),
        Some(_) if run.stop.load(Ordering::Relaxed) => ExitCode::from(3),
        Some((database, note)) => settle(
            &format!("{title} (database: {note})"),
            &WithDatabase::new(&database, position),
            |_, house| house.to_string(),
            run,
            row,
        ),
    }
}

/// What a solve runs with: the program's options, the flag Ctrl-C raises, and the resources
/// checked from the options.
struct Run<'a> {
    options: &'a Options,
    stop: &'a Arc<AtomicBool>,
    resources: Resources,
}

/// Checks `options`' game and position as the program would build them, without solving or
/// building a database: the title of the position, or what is wrong with it, in words (what the
/// fuzz target of the lab's command lines calls).
///
/// # Errors
///
/// A bad size, move, line, heap or database bound, in words.
pub fn validate(options: &Options) -> Result<String, String> {
    let to_text = |error: &dyn std::fmt::Display| error.to_string();
    Ok(match &options.game {
        GameChoice::Kalah {
            houses,
            seeds,
            after,
            database,
            ..
        } => {
            kalah_after(*houses, *seeds, after)?;
            SeedsInPlay::new(*houses, database_seeds(*houses, *seeds, *database)).map_err(|e| to_text(&e))?;
            format!("Kalah({houses}, {seeds}){}", moves_note(after))
        }
        GameChoice::ConnectFour { moves, size } => {
            ConnectFour::with_size(size.0, size.1)
                .and_then(|empty| empty.after(moves))
                .map_err(|e| to_text(&e))?;
            format!("Connect Four {}x{}{}", size.0, size.1, moves_note(moves))
        }
        GameChoice::Dots { size, lines } => {
            DotsAndBoxes::from_lines(size.0, size.1, lines).map_err(|e| to_text(&e))?;
            format!("Dots and Boxes {}x{}{}", size.0, size.1, moves_note(lines))
        }
        GameChoice::Tictactoe { moves } => {
            TicTacToe::from_moves(moves).map_err(|e| to_text(&e))?;
            format!("tic-tac-toe{}", moves_note(moves))
        }
        GameChoice::Nim { heaps } => {
            let heaps = parse_heaps(heaps)?;
            Nim::new(&heaps).map_err(|e| to_text(&e))?;
            format!("Nim {heaps:?}")
        }
    })
}

/// Parses heap sizes separated by commas (`3,4,5`).
///
/// # Errors
///
/// A heap that is not a number from 0 to 255, in words.
pub fn parse_heaps(text: &str) -> Result<Vec<u8>, String> {
    text.split(',')
        .map(|heap| {
            heap.trim()
                .parse()
                .map_err(|_| format!("'{}' is not a heap size (0 to 255)", heap.trim()))
        })
        .collect()
}

fn moves_note(moves: &str) -> String {
    if moves.trim().is_empty() {
        " from the start".to_string()
    } else {
        format!(" after {}", moves.trim())
    }
}

/// The seeds in play of the Kalah database a solve of `Kalah(houses, seeds)` builds: `told`
/// (`--database`) if given, else [`default_database_seeds`].
fn database_seeds(houses: u8, seeds: u8, told: Option<u32>) -> u32 {
    told.unwrap_or_else(|| default_database_seeds(houses, seeds))
}

/// The seeds in play of the Kalah database a solve of `Kalah(houses, seeds)` builds unless told:
/// 16 for a game of at most 48 seeds, 24 above. Measured with 6 houses a side, 2 threads:
/// Kalah(6, 4) takes about as long with 15, 16 or 17 seeds (the build grows as fast as the
/// search shrinks), while Kalah(6, 5)'s search, still unfinished after 30 minutes with 16 seeds,
/// ends in under 10 minutes with 24 (the database of 1.25 billion positions built in about 3);
/// Kalah(5, 5) searches 254 M nodes with 16, 107 M with 20 and 33 M with 24 (one thread).
#[must_use]
pub fn default_database_seeds(houses: u8, seeds: u8) -> u32 {
    if 2 * u32::from(houses) * u32::from(seeds) > 48 {
        24
    } else {
        16
    }
}

/// The Kalah endgame database: read from `file` if it holds it whole, else built (and written
/// to `file`, even a build Ctrl-C stopped, to be finished by the next run; a file read whole is
/// not written again).
fn endgame_database(
    indexing: SeedsInPlay,
    file: Option<&std::path::Path>,
    options: &Options,
    stop: &Arc<AtomicBool>,
) -> Result<NotedDatabase, String> {
    use search_core::solve::database::Indexing;
    let started = Instant::now();
    let what = indexing.describe();
    let database = match file.filter(|file| file.exists()) {
        Some(file) => match Database::load(indexing.clone(), file) {
            Ok(database) => database,
            Err(error @ (DatabaseError::Damaged { .. } | DatabaseError::Mismatch { .. })) => {
                eprintln!("{error}: building it again");
                Database::new(indexing)
            }
            Err(error) => return Err(error.to_string()),
        },
        None => Database::new(indexing),
    };
    let (count, known) = (database.count(), database.known());
    if let (Some(file), true) = (file, known > 0) {
        eprintln!(
            "database {what}: {known} of {count} positions known in {}",
            file.display()
        );
    }
    let done = AtomicU64::new(0);
    let bar = spinner();
    let report = std::thread::scope(|scope| {
        let builder = scope.spawn(|| database.build(threads(options), Some(stop), Some(&done)));
        while !builder.is_finished() {
            std::thread::sleep(Duration::from_millis(100));
            bar.set_message(format!(
                "database {what}: {} of {count} positions",
                done.load(Ordering::Relaxed)
            ));
        }
        builder.join().expect("the database build does not panic")
    });
    bar.finish_and_clear();
    let report = report.map_err(|e| e.to_string())?;
    // Written when the build added to what the file held (not after a whole file was read).
    if let (Some(file), true) = (file, report.known > known) {
        database.save(file).map_err(|e| e.to_string())?;
    }
    let built = if report.stopped { "stopped" } else { "ready" };
    let read = if known > 0 { "read and " } else { "" };
    let note = format!(
        "{what}, {count} positions, {} MiB, {read}{built} in {:.1} s",
        count.div_ceil(1 << 20),
        started.elapsed().as_secs_f64(),
    );
    println!(
        "database: {note}{}",
        file.map(|file| format!(", kept in {}", file.display()))
            .unwrap_or_default()
    );
    if report.stopped {
        println!("stopped: run again to finish the database and the solve");
    }
    Ok((database, note))
}

fn threads(options: &Options) -> u32 {
    options
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |cores| cores.get() as u32))
}

/// The table budget the program gives `game` unless told (`--memory`): 512 MiB for the games
/// whose solves the book reports (Kalah of more than 24 seeds, Connect Four of 30 cells or
/// more, Dots and Boxes of 6 boxes or more), where a small table costs more nodes than its
/// first touch costs time; the library's default, [`DEFAULT_TABLE_MIB`], below, where
/// writing a large table would cost more than the solve.
pub fn default_table_mib(game: &GameChoice) -> usize {
    let large = match game {
        GameChoice::Kalah { houses, seeds, .. } => 2 * u32::from(*houses) * u32::from(*seeds) > 24,
        GameChoice::ConnectFour { size, .. } => u32::from(size.0) * u32::from(size.1) >= 30,
        GameChoice::Dots { size, .. } => u32::from(size.0) * u32::from(size.1) >= 6,
        GameChoice::Tictactoe { .. } | GameChoice::Nim { .. } => false,
    };
    if large { 512 } else { DEFAULT_TABLE_MIB }
}

/// The threads and table budget of the solve (`--threads`, `--memory`, or their defaults),
/// checked by [`Resources`]: a request the machine cannot honour is refused here, in words.
pub fn resources(options: &Options) -> Result<Resources, String> {
    let memory = options.memory.unwrap_or_else(|| default_table_mib(&options.game));
    Resources::new(threads(options), memory)
        .map_err(|error| format!("--threads {} --memory {memory}: {error}", threads(options)))
}

fn spinner() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A score in words, for the side to move at the root.
fn words(score: Score) -> String {
    if score.raw().abs() >= Score::MAX_DECIDED.raw() {
        return "open".to_string();
    }
    if score == Score::DRAW {
        return "draw".to_string();
    }
    if let Some(margin) = score.margin() {
        return if margin > 0 {
            format!("win by {margin}")
        } else {
            format!("loss by {}", -margin)
        };
    }
    match score.mate_plies() {
        Some(plies) if score > Score::DRAW => format!("win in {plies} plies"),
        Some(plies) => format!("loss in {plies} plies"),
        None if score > Score::DRAW => "win".to_string(),
        None => "loss".to_string(),
    }
}

/// The progress line of a probe.
fn progress_line(progress: &Progress) -> String {
    let rate = progress.nodes as f64 / progress.elapsed.as_secs_f64().max(1e-3);
    format!(
        "probe {} (at least {}?): proven {} .. {}, {} nodes, {:.1} M nodes/s{}",
        progress.probe,
        words(progress.threshold),
        words(progress.lower),
        words(progress.upper),
        progress.nodes,
        rate / 1e6,
        if progress.stage == Stage::Running {
            String::new()
        } else {
            format!(", table {:.1}% full", f64::from(progress.hashfull) / 10.0)
        }
    )
}

/// Solves `root` and prints what was proven; exit code 0 if settled, 3 if stopped, 1 if the
/// game is longer than the solver can search.
fn settle<G>(
    title: &str,
    root: &G,
    move_text: impl Fn(&G, G::Move) -> String,
    run: &Run<'_>,
    row: &mut Option<String>,
) -> ExitCode
where
    G: Game + ZobristHash,
{
    let (options, stop) = (run.options, run.stop);
    let precision = if options.weak {
        Precision::Weak
    } else {
        Precision::Strong
    };
    let mut limits = Limits::default().with_stop_flag(Arc::clone(stop));
    if let Some(nodes) = options.nodes {
        limits = limits.with_nodes(nodes);
    }
    if let Some(seconds) = options.time
        && let Ok(Some(deadline)) = crate::progress::deadline(seconds)
    {
        limits = limits.with_deadline(deadline);
    }
    let bar = spinner();
    let logged = Arc::new(std::sync::Mutex::new(Instant::now()));
    let (bar_for_progress, terminal) = (bar.clone(), std::io::stderr().is_terminal());
    let mut solver = Solver::<G>::new()
        .precision(precision)
        .resources(run.resources)
        .limits(limits)
        .progress_interval(Duration::from_millis(500))
        .on_progress(move |progress| {
            let line = progress_line(progress);
            bar_for_progress.set_message(line.clone());
            // Each probe's answer stays on screen (above the spinner, or in the log).
            if progress.stage == Stage::Done {
                let done = format!("[{:.1} s] {line}", progress.elapsed.as_secs_f64());
                if terminal {
                    bar_for_progress.println(done);
                } else {
                    eprintln!("{done}");
                }
            }
            // Without a terminal (a log file), a line a minute.
            let mut last = logged.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if !terminal && last.elapsed() >= Duration::from_secs(60) {
                eprintln!("[{:.0} s] {line}", progress.elapsed.as_secs_f64());
                *last = Instant::now();
            }
        });
    println!(
        "{title}: {} ({}, {})",
        describe_side(root),
        solver.name(),
        precision_name(precision)
    );
    let solution = solver.solve(root);
    bar.finish_and_clear();
    print_solution(root, &solution, &move_text, options);
    *row = Some(table_row(title, precision, root, &solution, &move_text, options));
    let mut code = exit_code(&solution);
    if options.each_move && code == ExitCode::SUCCESS {
        println!("each move (the side to move's view):");
        for (mv, moved) in solver.solve_moves(root) {
            let verdict = moved.settled().map_or_else(
                || format!("{} .. {}", words(moved.lower), words(moved.upper)),
                |s| s.to_string(),
            );
            println!("  {:>6}  {verdict}", move_text(root, mv));
            if moved.settled().is_none() {
                code = exit_code(&moved);
            }
        }
    }
    code
}

/// The result as a row of the book's table.
fn table_row<G: Game>(
    title: &str,
    precision: Precision,
    root: &G,
    solution: &Solution<G::Move>,
    move_text: &impl Fn(&G, G::Move) -> String,
    options: &Options,
) -> String {
    let stats = &solution.stats;
    let or_bounds = |settled: Option<String>| {
        settled.unwrap_or_else(|| format!("{} .. {} (stopped)", words(solution.lower), words(solution.upper)))
    };
    format!(
        "| {title} | {} | {} | {} | {} | {} | {} | {:.1} s | {} MiB, {:.0}% full | {} |",
        if precision == Precision::Weak {
            "weak"
        } else {
            "strong"
        },
        or_bounds(solution.settled().map(|s| s.to_string())),
        or_bounds(solution.for_first_player().map(|s| s.to_string())),
        solution
            .best_move
            .map_or_else(|| "-".to_string(), |mv| move_text(root, mv)),
        stats.probes,
        stats.nodes,
        stats.elapsed.as_secs_f64(),
        stats.table_mib,
        f64::from(stats.hashfull) / 10.0,
        threads(options),
    )
}

fn describe_side<G: Game>(root: &G) -> String {
    match root.to_move() {
        Player::First => "the first player to move".to_string(),
        Player::Second => "the second player to move".to_string(),
    }
}

fn precision_name(precision: Precision) -> &'static str {
    match precision {
        Precision::Weak => "weak: win, draw or loss",
        Precision::Strong => "strong: the margin or the distance",
    }
}

fn exit_code<M>(solution: &Solution<M>) -> ExitCode {
    if solution.horizon {
        ExitCode::from(1)
    } else if solution.settled().is_none() {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_solution<G: Game>(
    root: &G,
    solution: &Solution<G::Move>,
    move_text: &impl Fn(&G, G::Move) -> String,
    options: &Options,
) {
    let stats = &solution.stats;
    match solution.settled() {
        Some(settled) => {
            let first = solution
                .for_first_player()
                .map(|s| s.to_string())
                .unwrap_or_default();
            println!("solved: {settled} for the side to move; for the first player: {first}");
        }
        None if solution.horizon => {
            println!(
                "not solved: a line is longer than the solver's {} plies",
                search_core::engine::MAX_SEARCH_PLY
            );
        }
        None => println!(
            "stopped: proven at least {}, at most {} for the side to move",
            words(solution.lower),
            words(solution.upper)
        ),
    }
    if let Some(mv) = solution.best_move {
        let mut line = Vec::new();
        let mut position = root.clone();
        for &step in &solution.pv {
            line.push(move_text(&position, step));
            position = position.play(step);
        }
        println!("best move: {} (line: {})", move_text(root, mv), line.join(" "));
    }
    let rate = stats.nodes as f64 / stats.elapsed.as_secs_f64().max(1e-6);
    let threads = threads(options);
    println!(
        "{} probes, {} nodes in {:.2} s ({:.2} M nodes/s), {} thread{}, table {} MiB (a {} MiB budget) {:.1}% full",
        stats.probes,
        stats.nodes,
        stats.elapsed.as_secs_f64(),
        rate / 1e6,
        threads,
        if threads == 1 { "" } else { "s" },
        stats.table_mib,
        options.memory.unwrap_or_else(|| default_table_mib(&options.game)),
        f64::from(stats.hashfull) / 10.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options with two threads (the game is not read: the database's settings are arguments
    /// of `endgame_database`).
    fn options() -> Options {
        Options {
            game: GameChoice::Nim { heaps: "1".into() },
            weak: false,
            threads: Some(2),
            memory: Some(16),
            nodes: None,
            time: None,
            each_move: false,
            book: None,
            book_dir: None,
        }
    }

    /// The program's arguments, as `examples/solve.rs` parses them.
    #[derive(clap::Parser)]
    struct Args {
        #[command(flatten)]
        options: Options,
    }

    #[test]
    fn the_database_grows_with_the_game_unless_told() {
        use clap::Parser;
        // (houses, seeds a house, --database, the seeds in play of the database built)
        let cases = [
            (6, 4, None, 16),
            (6, 5, None, 24),
            (4, 6, None, 16),
            (5, 5, None, 24),
            (6, 5, Some(16), 16),
            (6, 4, Some(20), 20),
            (6, 6, Some(0), 0),
        ];
        for (houses, seeds, told, expected) in cases {
            let mut args = vec![
                "solve".to_string(),
                "kalah".into(),
                houses.to_string(),
                seeds.to_string(),
            ];
            if let Some(told) = told {
                args.extend(["--database".to_string(), told.to_string()]);
            }
            let options = Args::try_parse_from(&args).unwrap().options;
            let GameChoice::Kalah { database, .. } = options.game else {
                panic!("{args:?}: not Kalah");
            };
            assert_eq!(database_seeds(houses, seeds, database), expected, "{args:?}");
        }
    }

    #[test]
    fn a_time_it_cannot_honour_is_refused_before_the_solve() {
        use clap::Parser;
        let parse = |time: &str| Args::try_parse_from(["solve", "nim", "3", &format!("--time={time}")]);
        assert!(Args::try_parse_from(["solve", "nim", "3", "--time", "-1"]).is_err());
        for bad in ["-1", "nan", "NaN", "inf", "-0.5", "soon", ""] {
            let error = parse(bad)
                .err()
                .unwrap_or_else(|| panic!("--time {bad:?} accepted"));
            assert!(error.to_string().contains("0 or more"), "{bad:?}: {error}");
        }
        assert_eq!(parse("2.5").unwrap().options.time, Some(2.5));
        assert_eq!(parse("0").unwrap().options.time, Some(0.0));
    }

    #[cfg(unix)]
    #[test]
    fn a_database_file_is_written_once_and_then_only_read() {
        use std::os::unix::fs::MetadataExt;
        let dir = std::env::temp_dir().join(format!("game-search-solve-db-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("kalah-3.db");
        let indexing = SeedsInPlay::new(3, 6).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (built, _) = endgame_database(indexing.clone(), Some(&file), &options(), &stop).unwrap();
        let written = std::fs::metadata(&file).unwrap().ino();
        let (read, _) = endgame_database(indexing, Some(&file), &options(), &stop).unwrap();
        assert_eq!(read.known(), built.known());
        assert_eq!(read.known(), read.count());
        // The same file: read, not replaced by a new one (each write renames a new file in).
        assert_eq!(std::fs::metadata(&file).unwrap().ino(), written);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
