//! The `trace` program: the trees that searchers walk, drawn side by side (two-sided minimax,
//! two-sided alpha-beta, the engine and Monte Carlo tree search on the same position). The
//! program (`examples/trace.rs`, whose documentation describes the scenarios and the pictures)
//! parses its arguments and calls [`run`].

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use game_chess::{ChessConfig, ChessGame, Evaluation, to_uci};
use game_tictactoe::{Heuristic, TicTacToe};
use search_core::engine::Engine;
use search_core::mcts::Mcts;
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::{AlphaBetaMinimax, Minimax};
use search_core::trace::{Trace, dot_side_by_side, render_dot};
use search_core::{Evaluate, Game, Limits, Searcher, ZobristHash};

/// The `trace` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Which position to draw (`all`: each in its own file).
    #[arg(value_enum, default_value = "all")]
    pub which: Which,
    /// The output directory (created if missing); `text` prints to the terminal instead.
    #[arg(long, default_value = "trace-out")]
    pub out: PathBuf,
    /// The output format: Graphviz DOT, SVG or PNG (through the `dot` program), or indented text.
    #[arg(long, value_enum, default_value = "dot")]
    pub format: Format,
    /// The most nodes recorded per tree (pruned moves included).
    #[arg(long, default_value_t = 300)]
    pub max_nodes: usize,
}

/// Which position to draw. (The variants carry no doc comment of their own: it would be their
/// help text in the program's `--help`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum Which {
    All,
    Textbook,
    Tictactoe,
    Chess,
}

/// The output format. (The variants carry no doc comment of their own: it would be their help
/// text in the program's `--help`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum Format {
    Dot,
    Svg,
    Png,
    Text,
}

/// A pawn ending with few moves: White (to move) has 6, Black's king answers with 5 to 8.
pub const CHESS_FEN: &str = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
/// X 5, O 1, X 9, O 3, X 2: O must block on 8; four empty cells.
pub const TICTACTOE_MOVES: &str = "5 1 9 3 2";

/// The four searchers' traces on `root` at `depth` (minimax, two-sided alpha-beta, the engine
/// with order hints, killers and a table, and MCTS), each with its title, moves labelled by
/// `label`, at most `max_nodes` nodes each.
///
/// # Panics
///
/// Never: tracing is on for every searcher.
#[must_use]
pub fn traces<G, E>(
    root: &G,
    depth: u32,
    evaluator: E,
    max_nodes: usize,
    label: impl Fn(&G, G::Move) -> String + Copy,
) -> Vec<(String, Trace)>
where
    G: Game + ZobristHash,
    E: Evaluate<G> + Clone + Send,
{
    let limits = Limits::depth(depth);
    let mut minimax = Minimax::new(evaluator.clone()).with_trace(max_nodes);
    let mut alphabeta = AlphaBetaMinimax::new(evaluator.clone()).with_trace(max_nodes);
    let setup = "tt+hash=1+hints+killers".parse().expect("a valid setup");
    let mut engine = Engine::with_setup(evaluator.clone(), setup).with_trace(max_nodes);
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

/// The title and the traces of a scenario.
///
/// # Errors
///
/// A bad built-in position (never in practice).
///
/// # Panics
///
/// For [`Which::All`], which the caller splits into the others.
pub fn scenario(which: Which, max_nodes: usize) -> Result<(String, Vec<(String, Trace)>), String> {
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
            let cell = |_: &TicTacToe, cell: game_tictactoe::Cell| cell.to_string();
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

/// Writes a scenario's traces: printed as text, or one DOT, SVG or PNG file `name.EXT` in `out`
/// (created if missing; SVG and PNG through Graphviz's `dot`), saying where on stdout and noting
/// truncated trees on stderr.
///
/// # Errors
///
/// The directory or file cannot be written, or `dot` fails, in words.
pub fn write(
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

/// The `trace` program after its arguments are parsed: every scenario asked for, written.
///
/// Exit status: 0; 1 if a scenario cannot be written.
#[must_use]
pub fn run(options: &Options) -> ExitCode {
    let chosen = match options.which {
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
        let result = scenario(which, options.max_nodes)
            .and_then(|(title, traces)| write(&options.out, name, options.format, &title, &traces));
        if let Err(error) = result {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_traces_the_four_searchers() {
        for which in [Which::Textbook, Which::Tictactoe, Which::Chess] {
            let (title, traces) = scenario(which, 300).unwrap();
            assert!(!title.is_empty());
            assert_eq!(traces.len(), 4, "{title}");
        }
        // The textbook tree: minimax visits all 40 nodes; alpha-beta the 20 of the minimal tree
        // (the studio's test draws the same figures).
        let (_, traces) = scenario(Which::Textbook, 300).unwrap();
        assert!(traces[0].0.contains("— 40 nodes"), "{}", traces[0].0);
        assert!(traces[1].0.contains("— 20 nodes"), "{}", traces[1].0);
    }

    #[test]
    fn a_dot_file_is_written_where_asked() {
        let out = std::env::temp_dir().join(format!("game-search-lab-trace-{}", std::process::id()));
        let (title, traces) = scenario(Which::Textbook, 300).unwrap();
        write(&out, "textbook", Format::Dot, &title, &traces).unwrap();
        let dot = fs::read_to_string(out.join("textbook.dot")).unwrap();
        assert!(
            dot.starts_with("digraph trace {\n  label=\"textbook tree"),
            "{dot}"
        );
        fs::remove_dir_all(&out).unwrap();
    }
}
