//! Matches: every pair of players plays every opening with both colours; games end by the rules
//! (mate, stalemate, threefold repetition, fifty moves, insufficient material), a ply cap
//! (adjudicated a draw) or a forfeit.

use game_chess::shakmaty::san::SanPlus;
use game_chess::shakmaty::{Color, Position};
use game_chess::{ChessConfig, ChessGame, EpdRecord, FIFTY_MOVE_PLIES, GameHistory, to_uci};

use super::elo::MatchScore;
use super::pgn::{GameRecord, GameResult, Termination};
use super::players::Player;

/// An opening: a label and a position.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Its name.
    pub label: String,
    /// The position.
    pub game: ChessGame,
}

impl Opening {
    /// From an EPD record.
    #[must_use]
    pub fn from_record(record: &EpdRecord) -> Self {
        Opening {
            label: record.label().to_string(),
            game: record.game(ChessConfig::default()),
        }
    }
}

/// The thesis's three openings (Appendix F).
#[must_use]
pub fn thesis_openings() -> Vec<Opening> {
    game_chess::positions::thesis_openings()
        .iter()
        .map(Opening::from_record)
        .collect()
}

/// The default ply cap: a game still going after this many plies is adjudicated a draw.
pub const DEFAULT_PLY_CAP: u32 = 300;

/// Plays one game from `opening`; `log` hears about forfeits.
pub fn play_game(
    white: &mut Player,
    black: &mut Player,
    opening: &Opening,
    round: usize,
    ply_cap: u32,
) -> GameRecord {
    let start_fen = opening.game.fen();
    let mut game = GameHistory::new(opening.game.clone());
    let first = opening.game.chess();
    let mut record = GameRecord {
        round,
        white: white.name(),
        black: black.name(),
        opening: opening.label.clone(),
        start_fen: start_fen.clone(),
        first_move_number: first.fullmoves().get(),
        black_moves_first: first.turn() == Color::Black,
        san: Vec::new(),
        result: GameResult::Draw,
        termination: Termination::PlyCap(ply_cap),
    };
    let forfeit = |color: Color, reason: String| {
        let result = match color {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        };
        (result, Termination::Forfeit(reason))
    };
    for (color, player) in [(Color::White, &mut *white), (Color::Black, &mut *black)] {
        if let Err(reason) = player.new_game() {
            (record.result, record.termination) = forfeit(color, format!("{} {}", player.name(), reason.0));
            return record;
        }
    }
    let mut moves: Vec<String> = Vec::new();
    let (result, termination) = loop {
        let chess = game.position().chess();
        let legal = chess.legal_moves();
        if legal.is_empty() {
            break if chess.is_check() {
                let winner = if chess.turn() == Color::White {
                    GameResult::BlackWins
                } else {
                    GameResult::WhiteWins
                };
                (winner, Termination::Checkmate)
            } else {
                (GameResult::Draw, Termination::Stalemate)
            };
        }
        if chess.is_insufficient_material() {
            break (GameResult::Draw, Termination::InsufficientMaterial);
        }
        if game.position().halfmoves() >= FIFTY_MOVE_PLIES {
            break (GameResult::Draw, Termination::FiftyMoves);
        }
        if game.is_threefold_repetition() {
            break (GameResult::Draw, Termination::Repetition);
        }
        if moves.len() as u32 >= ply_cap {
            break (GameResult::Draw, Termination::PlyCap(ply_cap));
        }
        let turn = chess.turn();
        let player = if turn == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        match player.choose(&game, &start_fen, &moves) {
            Ok(mv) if chess.is_legal(mv) => {
                let mut after = chess.clone();
                record
                    .san
                    .push(SanPlus::from_move_and_play_unchecked(&mut after, mv).to_string());
                moves.push(to_uci(mv));
                game.play(mv);
            }
            Ok(mv) => {
                break forfeit(
                    turn,
                    format!("{} chose the illegal move {}", player.name(), to_uci(mv)),
                );
            }
            Err(reason) => break forfeit(turn, format!("{}: {}", player.name(), reason.0)),
        }
    };
    record.result = result;
    record.termination = termination;
    record
}

/// The score of one pair of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairScore {
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// From the first player's point of view.
    pub score: MatchScore,
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// One score per pair.
    pub pairs: Vec<PairScore>,
    /// Every player's total, in the order given.
    pub totals: Vec<(String, MatchScore)>,
}

impl MatchReport {
    /// The games as one PGN file.
    #[must_use]
    pub fn pgn(&self) -> String {
        self.games.iter().map(GameRecord::to_pgn).collect()
    }

    /// The score tables: per player, then per pair with the Elo difference and its 95% interval.
    #[must_use]
    pub fn table(&self) -> String {
        let width = self.totals.iter().map(|(n, _)| n.len()).max().unwrap_or(6).max(6);
        let mut out = format!(
            "{:<width$}  {:>6}  {:>7}  {:>12}\n",
            "player", "games", "points", "+W =D -L"
        );
        for (name, score) in &self.totals {
            out += &format!(
                "{name:<width$}  {:>6}  {:>7.1}  {:>12}\n",
                score.games(),
                score.points(),
                score.to_string()
            );
        }
        out.push('\n');
        for pair in &self.pairs {
            out += &format!(
                "{} vs {}: {} ({:.1}/{}), Elo difference {}\n",
                pair.first,
                pair.second,
                pair.score,
                pair.score.points(),
                pair.score.games(),
                pair.score.elo()
            );
        }
        out
    }
}

fn add(score: &mut MatchScore, result: GameResult, as_white: bool) {
    match (result, as_white) {
        (GameResult::Draw, _) => score.draws += 1,
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => score.wins += 1,
        _ => score.losses += 1,
    }
}

/// Plays every pair of `players` on every opening with both colours, calling `on_game` after
/// each game (for progress and forfeit messages).
pub fn play_match(
    players: &mut [Player],
    openings: &[Opening],
    ply_cap: u32,
    on_game: &mut dyn FnMut(&GameRecord),
) -> MatchReport {
    let mut games = Vec::new();
    let mut pairs = Vec::new();
    let mut totals: Vec<(String, MatchScore)> = players
        .iter()
        .map(|p| (p.name(), MatchScore::default()))
        .collect();
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let mut score = MatchScore::default();
            for opening in openings {
                for first_is_white in [true, false] {
                    let (left, right) = players.split_at_mut(j);
                    let (a, b) = (&mut left[i], &mut right[0]);
                    let (white, black) = if first_is_white { (a, b) } else { (b, a) };
                    let game = play_game(white, black, opening, games.len() + 1, ply_cap);
                    add(&mut score, game.result, first_is_white);
                    add(&mut totals[i].1, game.result, first_is_white);
                    add(&mut totals[j].1, game.result, !first_is_white);
                    on_game(&game);
                    games.push(game);
                }
            }
            pairs.push(PairScore {
                first: players[i].name(),
                second: players[j].name(),
                score,
            });
        }
    }
    for player in players.iter_mut() {
        player.quit();
    }
    MatchReport { games, pairs, totals }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::players::{MoveLimit, PlayerSpec};

    fn player(spec: &str, limit: MoveLimit) -> Player {
        Player::new(PlayerSpec::parse(spec).unwrap(), limit, Duration::from_secs(5))
    }

    fn opening(fen: &str) -> Opening {
        Opening {
            label: "test".into(),
            game: ChessGame::from_fen(fen, ChessConfig::default()).unwrap(),
        }
    }

    #[test]
    fn mate_is_found_and_scored() {
        // White mates in one (back rank).
        let mut white = player("ab-v1", MoveLimit::Depth(2));
        let mut black = player("random", MoveLimit::Depth(1));
        let game = play_game(
            &mut white,
            &mut black,
            &opening("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
            1,
            10,
        );
        assert_eq!(game.termination, Termination::Checkmate);
        assert_eq!(game.result, GameResult::WhiteWins);
        assert_eq!(game.san, ["Ra8#"]);
    }

    #[test]
    fn draws_by_rule() {
        let mut a = player("random:1", MoveLimit::Depth(1));
        let mut b = player("random:2", MoveLimit::Depth(1));
        // Stalemate at once; king against king; the fifty-move clock already at 100.
        let stalemate = play_game(&mut a, &mut b, &opening("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 1, 10);
        assert_eq!(stalemate.termination, Termination::Stalemate);
        let bare = play_game(&mut a, &mut b, &opening("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), 1, 10);
        assert_eq!(bare.termination, Termination::InsufficientMaterial);
        let fifty = play_game(
            &mut a,
            &mut b,
            &opening("8/8/4k3/8/8/3K4/8/7R w - - 100 80"),
            1,
            10,
        );
        assert_eq!(fifty.termination, Termination::FiftyMoves);
        // Rook and king shuffle: the cap ends it as a draw.
        let capped = play_game(&mut a, &mut b, &opening("8/8/4k3/8/8/3K4/8/7R w - - 0 1"), 1, 6);
        assert_eq!(
            (capped.result, capped.termination.clone()),
            (GameResult::Draw, Termination::PlyCap(6))
        );
        assert_eq!(capped.san.len(), 6);
    }
}
