//! The `analyze` program: one chess position analysed by one searcher, with score, best move,
//! principal variation and statistics. The program (`examples/analyze.rs`) parses its arguments
//! and calls [`run`].

use std::process::ExitCode;

use clap::ValueEnum;
use game_chess::{ChessConfig, Evaluation, GameHistory, MoveOrdering, to_uci};
use search_core::engine::Engine;
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, Negamax};
use search_core::{Limits, Searcher};

/// The `analyze` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The position: `startpos` or a FEN (quote it).
    #[arg(default_value = "startpos")]
    pub position: String,

    /// UCI moves to play from the position first.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,

    /// The searcher.
    #[arg(long, value_enum, default_value_t = SearcherKind::Alphabeta)]
    pub searcher: SearcherKind,

    /// Search depth in plies.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,

    /// Move ordering: generation, v1, v2, v3, v4 (the thesis's versions) or mvv-lva.
    #[arg(long, default_value_t = MoveOrdering::Generation)]
    pub ordering: MoveOrdering,

    /// Evaluation: point-values, thesis-material, simplified-pst, thesis-pst or tapered.
    #[arg(long = "eval", default_value_t = Evaluation::Tapered)]
    pub evaluation: Evaluation,
}

/// The searchers this program can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearcherKind {
    /// Two-sided minimax (the thesis's Appendix G).
    Minimax,
    /// Negamax: every node, side-to-move scores.
    Negamax,
    /// Alpha-beta in negamax form.
    Alphabeta,
    /// Alpha-beta in two-sided (minimax) form.
    AlphabetaMinimax,
    /// The engine's exact preset: minimax's value, fewer nodes (iterative deepening, a
    /// transposition table, killers, history, PVS; ordered by `--ordering`).
    Exact,
    /// The engine's strongest preset: exact plus null move, LMR, quiescence, aspiration, check
    /// extension and repetition draws (the game history of `--moves` counts).
    Strongest,
}

/// The searcher of `kind` with `evaluation`; the strongest preset scores repetitions of the game
/// `history` as draws (the others ignore repetition keys).
#[must_use]
pub fn searcher(
    kind: SearcherKind,
    evaluation: Evaluation,
    history: &GameHistory,
) -> Box<dyn Searcher<game_chess::ChessGame>> {
    match kind {
        SearcherKind::Minimax => Box::new(Minimax::new(evaluation)),
        SearcherKind::Negamax => Box::new(Negamax::new(evaluation)),
        SearcherKind::Alphabeta => Box::new(AlphaBeta::new(evaluation)),
        SearcherKind::AlphabetaMinimax => Box::new(AlphaBetaMinimax::new(evaluation)),
        SearcherKind::Exact => Box::new(Engine::exact(evaluation)),
        SearcherKind::Strongest => {
            let mut engine = Engine::strongest(evaluation);
            engine.set_game_history(history.reversible_keys().to_vec());
            Box::new(engine)
        }
    }
}

/// The `analyze` program after its arguments are parsed: the position, the searcher, and the
/// search's score, best move, principal variation and statistics on stdout.
///
/// Exit status: 0; 2 on a bad position or move.
#[must_use]
pub fn run(options: &Options) -> ExitCode {
    // Repetition keys are ignored by the reference searchers and the exact preset; the strongest
    // preset scores repetitions of the line or of the game history as draws.
    let config = ChessConfig::default().with_ordering(options.ordering);
    let game = match GameHistory::from_uci(&options.position, &options.moves, config) {
        Ok(game) => game,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    // The root is searched as a move to play: a fifty-move draw there is claimable, not over.
    let root = &game.position().search_root();
    let mut searcher = searcher(options.searcher, options.evaluation, &game);
    println!("position   {}", game.position().fen());
    println!(
        "searcher   {} depth {} ordering {} eval {}",
        searcher.name(),
        options.depth,
        options.ordering,
        options.evaluation
    );
    let result = searcher.search(root, &Limits::depth(options.depth));
    let pv: Vec<String> = result.pv.iter().map(|&mv| to_uci(mv)).collect();
    println!("score      {}", result.score);
    println!(
        "bestmove   {}",
        result.best_move.map_or_else(|| "(none)".to_string(), to_uci)
    );
    println!("pv         {}", pv.join(" "));
    println!("stats      {}", result.stats);
    println!("nps        {:.0}", result.stats.nodes_per_second());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claimable_fifty_move_draw_is_searched_and_mate_is_found() {
        // Issue 16: the halfmove clock at 100 made the root a draw, and `bestmove (none)`.
        let config = ChessConfig::default();
        let game =
            GameHistory::from_uci("6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80", &[] as &[&str], config).unwrap();
        let root = game.position().search_root();
        for kind in [
            SearcherKind::Alphabeta,
            SearcherKind::Minimax,
            SearcherKind::Strongest,
        ] {
            let result = searcher(kind, Evaluation::Tapered, &game).search(&root, &Limits::depth(2));
            assert_eq!(result.best_move.map(to_uci).as_deref(), Some("a1a8"), "{kind:?}");
        }
    }
}
