//! Played games and their PGN (Portable Game Notation, Edwards 1994): the seven-tag roster,
//! `SetUp`/`FEN` for games from an opening position, SAN moves (shakmaty's `San`), the result
//! and a comment saying how the game ended.

use std::fmt::Write as _;

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The PGN result token.
    #[must_use]
    pub fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Checkmate.
    Checkmate,
    /// Stalemate.
    Stalemate,
    /// Threefold repetition.
    Repetition,
    /// Fifty moves without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The ply cap was reached: adjudicated a draw.
    PlyCap(u32),
    /// A player forfeited (crash, timeout, illegal or garbled move).
    Forfeit(String),
}

impl Termination {
    /// The PGN `Termination` tag value.
    #[must_use]
    pub fn tag(&self) -> &'static str {
        match self {
            Termination::PlyCap(_) => "adjudication",
            Termination::Forfeit(_) => "rules infraction",
            _ => "normal",
        }
    }

    /// A sentence for the final comment.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Termination::Checkmate => "checkmate".into(),
            Termination::Stalemate => "stalemate".into(),
            Termination::Repetition => "threefold repetition".into(),
            Termination::FiftyMoves => "fifty-move rule".into(),
            Termination::InsufficientMaterial => "insufficient material".into(),
            Termination::PlyCap(plies) => format!("ply cap of {plies} reached, adjudicated a draw"),
            Termination::Forfeit(reason) => format!("forfeit: {reason}"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The round number (1-based).
    pub round: usize,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The opening's label.
    pub opening: String,
    /// The starting position's FEN.
    pub start_fen: String,
    /// The fullmove number of the first move.
    pub first_move_number: u32,
    /// Whether Black made the first move.
    pub black_moves_first: bool,
    /// The moves in SAN (with `+`/`#`).
    pub san: Vec<String>,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

impl GameRecord {
    /// The game as PGN, ending with a blank line.
    #[must_use]
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let tags = [
            ("Event", "game-search versus".to_string()),
            ("Site", "local".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", self.round.to_string()),
            ("White", self.white.clone()),
            ("Black", self.black.clone()),
            ("Result", self.result.token().to_string()),
            ("SetUp", "1".to_string()),
            ("FEN", self.start_fen.clone()),
            ("Opening", self.opening.clone()),
            ("PlyCount", self.san.len().to_string()),
            ("Termination", self.termination.tag().to_string()),
        ];
        for (name, value) in tags {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        let mut number = self.first_move_number;
        for (ply, san) in self.san.iter().enumerate() {
            let white_to_move = (ply % 2 == 0) != self.black_moves_first;
            if white_to_move {
                tokens.push(format!("{number}."));
            } else if ply == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san.clone());
            if !white_to_move {
                number += 1;
            }
        }
        // Braces cannot be escaped inside a PGN comment.
        let comment = self.termination.describe().replace(['{', '}'], "");
        tokens.push(format!("{{{comment}}}"));
        tokens.push(self.result.token().to_string());
        // Lines of at most 80 characters.
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                let _ = writeln!(out, "{line}");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        let _ = writeln!(out, "{line}\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_numbers_start_with_black() {
        let game = GameRecord {
            round: 1,
            white: "a".into(),
            black: "b \"q\"".into(),
            opening: "Ruy Lopez".into(),
            start_fen: "fen".into(),
            first_move_number: 3,
            black_moves_first: true,
            san: vec!["a6".into(), "Ba4".into(), "Nf6".into()],
            result: GameResult::Draw,
            termination: Termination::PlyCap(3),
        };
        let pgn = game.to_pgn();
        assert!(
            pgn.contains("3... a6 4. Ba4 Nf6 {ply cap of 3 reached, adjudicated a draw} 1/2-1/2"),
            "{pgn}"
        );
        assert!(pgn.contains("[Black \"b \\\"q\\\"\"]"));
        assert!(pgn.contains("[Termination \"adjudication\"]"));
    }
}
