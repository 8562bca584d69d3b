//! Draw the trees that searchers walk, side by side: two-sided minimax, two-sided alpha-beta, the
//! engine (plain alpha-beta in negamax form with order hints, killers and a transposition table)
//! and Monte Carlo tree search (300 iterations: its most visited nodes, with their visit counts
//! `n=`) on the same position — the pictures a teacher puts on a slide.
//!
//! ```text
//! cargo run --release --example trace                                  # every scenario, DOT files in trace-out/
//! cargo run --release --example trace -- textbook --format svg         # needs Graphviz's `dot`
//! cargo run --release --example trace -- chess --format png --out /tmp/pics
//! cargo run --release --example trace -- tictactoe --format text      # to the terminal
//! ```
//!
//! Scenarios: `textbook` (a best-first random tree of branching 3 and depth 3: alpha-beta visits
//! exactly Knuth & Moore's minimal tree), `tictactoe` (a middle-game position searched to the
//! end) and `chess` (a king and pawn ending at depth 2). Pruned moves are dashed and grey, with
//! the reason; the principal variation is red. The minimax searchers show absolute values (the
//! first player's view); the engine shows side-to-move (negamax) values; MCTS shows each node's
//! mean reward for the player who moved into it (`2q - 1` in thousandths; a proof as a won, lost
//! or drawn result) and marks proven nodes `proven`. Each tree is capped at
//! `--max-nodes` nodes: past it the picture says it was truncated.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use game_search::game_chess::{ChessConfig, ChessGame, Evaluation, to_uci};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::search_core::engine::Engine;
use game_search::search_core::mcts::Mcts;
use game_search::search_core::random_tree::{RandomTree, TreeValue};
use game_search::search_core::reference::{AlphaBetaMinimax, Minimax};
use game_search::search_core::trace::{Trace, dot_side_by_side, render_dot};
use game_search::search_core::{Evaluate, Game, Limits, Searcher, ZobristHash};

#[derive(Parser)]
#[command(about = "Draw the search trees of minimax, alpha-beta and the engine side by side")]
struct Args {
    /// Which position to draw (`all`: each in its own file).
    #[arg(value_enum, default_value = "all")]
    which: Which,
    /// The output directory (created if missing); `text` prints to the terminal instead.
    #[arg(long, default_value = "trace-out")]
    out: PathBuf,
    /// The output format: Graphviz DOT, SVG or PNG (through the `dot` program), or indented text.
    #[arg(long, value_enum, default_value = "dot")]
    format: Format,
    /// The most nodes recorded per tree (pruned moves included).
    #[arg(long, default_value_t = 300)]
    max_nodes: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Which {
    All,
    Textbook,
    Tictactoe,
    Chess,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Dot,
    Svg,
    Png,
    Text,
}

/// A pawn ending with few moves: White (to move) has 6, Black's king answers with 5 to 8.
const CHESS_FEN: &str = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
/// X 5, O 1, X 9, O 3, X 2: O must block on 8; four empty cells.
const TICTACTOE_MOVES: &str = "5 1 9 3 2";

/// The three searchers' traces on `root`, moves labelled by `label`.
fn traces<G, E>(
    root: &G,
    depth: u32,
    evaluator: E,
    max_nodes: usize,
    label: impl Fn(&G, G::Move) -> String + Copy,
) -> Vec<(String, Trace)>
where
    G: Game + ZobristHash,
    E: Evaluate<G> + Clone,
{
    let limits = Limits::depth(depth);
    let mut minimax = Minimax::new(evaluator.clone()).with_trace(max_nodes);
    let mut alphabeta = AlphaBetaMinimax::new(evaluator.clone()).with_trace(max_nodes);
    let config = "tt+hash=1+hints+killers".parse().expect("a valid configuration");
    let mut engine = Engine::with_config(evaluator.clone(), config).with_trace(max_nodes);
    // Monte Carlo tree search, 300 iterations: its most visited nodes, with their visits.
    let mut mcts = Mcts::new()
        .with_evaluator(evaluator)
        .with_seed(1)
        .with_iterations(300)
        .with_trace(max_nodes);
    let mut out = Vec::new();
    let searchers: [(&mut dyn Searcher<G>, &str); 4] = [
        (&mut minimax, "first player's view"),
        (&mut alphabeta, "first player's view"),
        (&mut engine, "side to move's view"),
        (&mut mcts, "mover's view, mean reward as 2q - 1 in thousandths"),
    ];
    for (searcher, view) in searchers {
        let result = searcher.search(root, &limits);
        out.push((
            format!(
                "{} — {} nodes, values from the {view}",
                searcher.name(),
                result.stats.nodes
            ),
            result,
        ));
    }
    let recorded = [minimax.trace(), alphabeta.trace(), engine.trace(), mcts.trace()];
    out.into_iter()
        .zip(recorded)
        .map(|((title, _), trace)| {
            let mut trace = trace.expect("tracing is on").clone();
            trace.relabel_moves(root, label);
            (title, trace)
        })
        .collect()
}

fn scenario(which: Which, max_nodes: usize) -> Result<(String, Vec<(String, Trace)>), String> {
    Ok(match which {
        Which::Textbook => {
            let tree = RandomTree::best_first(2, 3, 3);
            let letters = |_: &RandomTree, mv: u32| char::from(b'a' + mv as u8).to_string();
            let title = "textbook tree: branching 3, depth 3, best move first".to_string();
            (title, traces(&tree, 3, TreeValue, max_nodes, letters))
        }
        Which::Tictactoe => {
            let root = TicTacToe::from_moves(TICTACTOE_MOVES).map_err(|e| e.to_string())?;
            let title = format!("tic-tac-toe after {TICTACTOE_MOVES}, to the end");
            let cell = |_: &TicTacToe, cell: game_search::game_tictactoe::Cell| cell.to_string();
            (title, traces(&root, 9, Heuristic, max_nodes, cell))
        }
        Which::Chess => {
            let config = ChessConfig::default();
            let root = ChessGame::from_fen(CHESS_FEN, config).map_err(|e| e.to_string())?;
            let title = format!("chess {CHESS_FEN}, depth 2");
            let uci = |_: &ChessGame, mv| to_uci(mv);
            (title, traces(&root, 2, Evaluation::Tapered, max_nodes, uci))
        }
        Which::All => unreachable!("split by the caller"),
    })
}

fn write(
    out: &Path,
    name: &str,
    format: Format,
    title: &str,
    traces: &[(String, Trace)],
) -> Result<(), String> {
    if format == Format::Text {
        println!("=== {title}");
        for (heading, trace) in traces {
            println!("--- {heading}\n{trace}");
        }
        return Ok(());
    }
    let clusters: Vec<(&str, &Trace)> = traces
        .iter()
        .map(|(heading, trace)| (heading.as_str(), trace))
        .collect();
    let dot = dot_side_by_side(&clusters).replacen(
        "digraph trace {\n",
        &format!("digraph trace {{\n  label=\"{title}\"; labelloc=t; fontsize=18;\n"),
        1,
    );
    let (bytes, extension) = match format {
        Format::Dot => (dot.into_bytes(), "dot"),
        Format::Svg => (render_dot(&dot, "svg").map_err(|e| e.to_string())?, "svg"),
        Format::Png => (render_dot(&dot, "png").map_err(|e| e.to_string())?, "png"),
        Format::Text => unreachable!("printed above"),
    };
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let path = out.join(format!("{name}.{extension}"));
    fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    for (heading, trace) in traces {
        if let Some(message) = trace.truncation_message() {
            eprintln!("note: {heading}: {message} (raise --max-nodes)");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let chosen = match args.which {
        Which::All => vec![Which::Textbook, Which::Tictactoe, Which::Chess],
        one => vec![one],
    };
    for which in chosen {
        let name = match which {
            Which::Textbook => "textbook",
            Which::Tictactoe => "tictactoe",
            Which::Chess => "chess",
            Which::All => unreachable!(),
        };
        let result = scenario(which, args.max_nodes)
            .and_then(|(title, traces)| write(&args.out, name, args.format, &title, &traces));
        if let Err(error) = result {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
