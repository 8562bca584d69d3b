//! Calderan's mate-in-3 protocol ([`run_mates`]): alpha-beta at depth 5 with point values mates
//! a defending UCI engine (Stockfish) within three moves, on every mate in 3 of matetrack's
//! mates2000 suite.

use std::time::Duration;

use game_chess::{ChessConfig, ChessGame};

use crate::matches::{Opening, play_game};
use crate::pgn::{GameResult, Termination};
use crate::players::{MoveLimit, Player, PlayerSpec};

use super::Budget;

/// matetrack's mates2000 suite (`game-chess/tests/data/mates2000.epd`).
pub const MATES_2000: &str = include_str!("../../../game-chess/tests/data/mates2000.epd");

/// A mate-in-3 puzzle: the position, and whether the mating side moves first.
#[derive(Clone, Debug)]
pub struct MatePuzzle {
    /// Where it comes from.
    pub label: String,
    /// The position.
    pub game: ChessGame,
    /// `true` for `bm #3` (the mating side to move), `false` for `bm #-3` (the defender moves
    /// first and is mated in 3 whatever it plays).
    pub attacker_first: bool,
}

/// Every mate in 3 of matetrack's mates2000 suite, both for the side to move (`bm #3`) and
/// against it (`bm #-3`).
///
/// # Panics
///
/// Never in practice: the embedded suite is checked by a test.
#[must_use]
pub fn mate_in_3_puzzles() -> Vec<MatePuzzle> {
    MATES_2000
        .lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let attacker_first = if line.contains("bm #3;") {
                true
            } else if line.contains("bm #-3;") {
                false
            } else {
                return None;
            };
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fen.join(" "));
            let game = ChessGame::from_fen(&fen, ChessConfig::default()).expect("mates2000 parses");
            Some(MatePuzzle {
                label: format!(
                    "mates2000.{} ({})",
                    index + 1,
                    if attacker_first { "#3" } else { "#-3" }
                ),
                game,
                attacker_first,
            })
        })
        .collect()
}

/// One puzzle played out.
#[derive(Clone, Debug)]
pub struct MateOutcome {
    /// The puzzle's label.
    pub label: String,
    /// Whether the mating side mated within three of its moves.
    pub mated: bool,
    /// The moves played (SAN).
    pub san: Vec<String>,
    /// How the game ended.
    pub termination: String,
}

/// The mating side's player in Calderan's protocol: alpha-beta, point values, depth 5.
pub const MATE_ATTACKER: &str = "engine:generation@point-values";

/// The attacker's depth.
pub const MATE_DEPTH: u32 = 5;

/// Plays every puzzle: [`MATE_ATTACKER`] at depth [`MATE_DEPTH`] against `defender` (a UCI
/// engine at `defender_limit`); a puzzle is solved when the attacker mates within three of its
/// moves.
///
/// # Errors
///
/// A bad attacker spec (never in practice).
pub fn run_mates(
    puzzles: &[MatePuzzle],
    defender: &PlayerSpec,
    defender_limit: MoveLimit,
    budget: Budget<'_>,
    on_puzzle: &mut dyn FnMut(&MateOutcome),
) -> Result<Vec<MateOutcome>, String> {
    let timeout = Duration::from_secs(60);
    let mut attacker = Player::new(
        PlayerSpec::parse(MATE_ATTACKER).map_err(|e| e.to_string())?,
        MoveLimit::Depth(MATE_DEPTH),
        timeout,
    );
    let mut defending = Player::new(defender.clone(), defender_limit, timeout);
    let mut outcomes = Vec::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        if budget.exhausted() {
            break;
        }
        let opening = Opening {
            label: puzzle.label.clone(),
            game: puzzle.game.clone(),
        };
        use game_chess::shakmaty::{Color, Position};
        let to_move = puzzle.game.chess().turn();
        let attacker_color = if puzzle.attacker_first {
            to_move
        } else {
            to_move.other()
        };
        // Three attacker moves: five plies when it moves first, six when the defender does.
        let cap = if puzzle.attacker_first { 5 } else { 6 };
        let game = if attacker_color == Color::White {
            play_game(&mut attacker, &mut defending, &opening, index + 1, cap)
        } else {
            play_game(&mut defending, &mut attacker, &opening, index + 1, cap)
        };
        let won = match attacker_color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        };
        let outcome = MateOutcome {
            label: puzzle.label.clone(),
            mated: game.termination == Termination::Checkmate && game.result == won,
            san: game.san.clone(),
            termination: game.termination.describe(),
        };
        on_puzzle(&outcome);
        outcomes.push(outcome);
    }
    defending.quit();
    Ok(outcomes)
}

/// The mate-in-3 results as Markdown: the count, and every failure with its moves.
#[must_use]
pub fn mates_markdown(outcomes: &[MateOutcome], planned: usize, defender: &str) -> String {
    let solved = outcomes.iter().filter(|o| o.mated).count();
    let mut out = format!(
        "Calderan's mate-in-3 protocol: {MATE_ATTACKER} at depth {MATE_DEPTH} mates {defender} \
         within three moves in **{solved} of {}** puzzles{} (Calderan: 6 puzzles, each 5 times, \
         30 of 30).\n",
        outcomes.len(),
        if outcomes.len() < planned {
            format!(" (PARTIAL: {planned} planned)")
        } else {
            String::new()
        }
    );
    for o in outcomes.iter().filter(|o| !o.mated) {
        out += &format!(
            "- NOT MATED: {}: {} ({})\n",
            o.label,
            o.san.join(" "),
            o.termination
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;

    fn budget(stop: &AtomicBool) -> Budget<'_> {
        Budget { deadline: None, stop }
    }

    #[test]
    fn the_mate_suite_has_both_kinds() {
        let puzzles = mate_in_3_puzzles();
        let first = puzzles.iter().filter(|p| p.attacker_first).count();
        assert_eq!(first, 5);
        assert_eq!(puzzles.len() - first, 27);
    }

    #[test]
    fn the_attacker_mates_a_random_defender_and_a_miss_is_reported() {
        // Without Stockfish (CI may not have it), a random defender: depth 5 must still mate
        // within three moves, since every defence loses.
        let stop = AtomicBool::new(false);
        let puzzles: Vec<_> = mate_in_3_puzzles().into_iter().take(2).collect();
        let outcomes = run_mates(
            &puzzles,
            &PlayerSpec::Random { seed: 5 },
            MoveLimit::Depth(1),
            budget(&stop),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(outcomes.len(), 2);
        assert!(outcomes.iter().all(|o| o.mated), "{outcomes:?}");
        let mut failed = outcomes.clone();
        failed[0].mated = false;
        let text = mates_markdown(&failed, 2, "random");
        assert!(
            text.contains("**1 of 2**") && text.contains("NOT MATED"),
            "{text}"
        );
    }
}
