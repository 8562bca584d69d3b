//! The openings the match tables are played from: the 50 balanced openings of
//! `game-chess/tests/data/openings.txt` (the ones `match.py` plays), parsed from their text.

use game_chess::{ChessConfig, GameHistory};

use crate::matches::Opening;

/// The 50 balanced openings of `game-chess/tests/data/openings.txt` (the ones `match.py` plays).
pub const BALANCED_OPENINGS: &str = include_str!("../../../game-chess/tests/data/openings.txt");

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses an openings file: one opening a line, `NAME: MOVE MOVE ...` in UCI notation from the
/// initial position; blank lines and lines starting with `#` are skipped.
///
/// # Errors
///
/// A line without `:` or without moves, or an illegal move, with its 1-based line number.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let (name, moves) = line
            .split_once(':')
            .ok_or_else(|| format!("line {number}: expected `NAME: MOVES`, got {line:?}"))?;
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if moves.is_empty() {
            return Err(format!("line {number}: opening {:?} has no moves", name.trim()));
        }
        let history = GameHistory::from_uci(START_FEN, &moves, ChessConfig::default())
            .map_err(|e| format!("line {number}: opening {:?}: {e}", name.trim()))?;
        openings.push(Opening {
            label: name.trim().to_string(),
            game: history.position().clone(),
        });
    }
    Ok(openings)
}

/// The first `count` of the [`BALANCED_OPENINGS`] (all 50 if `count` is larger).
///
/// # Panics
///
/// Never in practice: the embedded file is checked by a test.
#[must_use]
pub fn balanced_openings(count: usize) -> Vec<Opening> {
    let mut openings = parse_openings(BALANCED_OPENINGS).expect("the embedded openings parse");
    openings.truncate(count);
    openings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_balanced_openings_parse_and_bad_lines_are_named() {
        let all = balanced_openings(usize::MAX);
        assert_eq!(all.len(), 50);
        assert_eq!(all[0].label, "Ruy Lopez, Morphy");
        assert_eq!(balanced_openings(3).len(), 3);
        let error = parse_openings("# c\nGood: e2e4\nBad e2e4\n").unwrap_err();
        assert!(error.starts_with("line 3:"), "{error}");
        assert!(parse_openings("X: e2e5").unwrap_err().contains("line 1"));
        assert!(parse_openings("X:").unwrap_err().contains("no moves"));
    }
}
