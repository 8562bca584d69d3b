//! The studio's games: how a request names a position ([`PositionRequest`]), how each game is
//! parsed, shown and played, and the dispatch from a game's name to its type ([`with_game`]).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Value, json};

use super::StudioError;
use ::games::connect_four::{ConnectFour, OpenWindows};
use ::games::kalah::Kalah;
use ::games::nim::Nim;
use ::games::pig::{Pig, PigMove};
use game_chess::{ChessConfig, ChessGame, Evaluation, MoveOrdering, to_uci};
use game_tictactoe::{Cell, Heuristic, TicTacToe};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::{Evaluate, Game, MoveList, Outcome, Player, Score, ZobristHash};

/// A position as every request names it: a game, its starting text, the textbook tree's
/// parameters, and the moves played since the start (see `API.md`).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PositionRequest {
    /// The game's id (`textbook`, `tictactoe`, `nim`, `connect4`, `kalah`, `chess`, `pig`).
    pub game: String,
    /// The game's starting text: a FEN, heaps, a move list, ...
    #[serde(default)]
    pub start: String,
    /// The textbook tree's parameters (`seed`, `branching`, `tree_depth`, `best_first`).
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
    /// The moves played since the start, in the game's move text.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A game as the studio shows and plays it.
pub trait StudioGame: Game + ZobristHash + 'static {
    /// The evaluation the searchers use at the horizon.
    type Eval: Evaluate<Self> + Clone + Send + 'static;
    /// The game's id in requests.
    const ID: &'static str;
    /// The evaluation.
    fn evaluator() -> Self::Eval;
    /// The starting position from the request's `start` and `params`.
    fn from_start(start: &str, params: &BTreeMap<String, i64>) -> Result<Self, StudioError>;
    /// A move as people read and type it (and as `legal` lists it).
    fn move_text(&self, mv: Self::Move) -> String;
    /// The board as text.
    fn board_text(&self) -> String;
    /// A clickable board, for the games that have one.
    fn grid(&self) -> Option<Value> {
        None
    }
    /// The name of a player (`X`, `White`, ...).
    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "first player",
            Player::Second => "second player",
        }
    }
}

/// The games' ids, in the catalog's order (each one an arm of [`with_game`]).
pub const GAME_IDS: [&str; 7] = [
    "textbook",
    "tictactoe",
    "nim",
    "connect4",
    "kalah",
    "chess",
    "pig",
];

/// Calls `visit` with the request's position, parsed and with its moves played: the one place
/// that maps a game's name to its type.
pub fn with_game<V: GameVisitor>(request: &PositionRequest, visit: V) -> Result<V::Output, StudioError> {
    match request.game.as_str() {
        "textbook" => visit.visit(replay::<RandomTree>(request)?),
        "tictactoe" => visit.visit(replay::<TicTacToe>(request)?),
        "nim" => visit.visit(replay::<Nim>(request)?),
        "connect4" => visit.visit(replay::<ConnectFour>(request)?),
        "kalah" => visit.visit(replay::<Kalah>(request)?),
        "chess" => visit.visit(replay::<ChessGame>(request)?),
        "pig" => visit.visit(replay::<Pig>(request)?),
        other => Err(StudioError::BadRequest(format!(
            "unknown game \"{other}\": the games are {}",
            GAME_IDS.join(", ")
        ))),
    }
}

/// Something done with a position of any studio game.
pub trait GameVisitor {
    /// What it gives.
    type Output;
    /// Does it on `root`.
    fn visit<G: StudioGame>(self, root: G) -> Result<Self::Output, StudioError>;
}

/// The start position with the request's moves played, each checked against the legal moves.
fn replay<G: StudioGame>(request: &PositionRequest) -> Result<G, StudioError> {
    let mut position = G::from_start(&request.start, &request.params)?;
    for (index, text) in request.moves.iter().enumerate() {
        position = play_text(&position, text)
            .map_err(|error| StudioError::BadRequest(format!("move {} of the game: {error}", index + 1)))?;
    }
    Ok(position)
}

/// The position after the move whose text is `text`, or a message listing the legal moves.
pub fn play_text<G: StudioGame>(position: &G, text: &str) -> Result<G, String> {
    let moves = legal_moves(position);
    if moves.is_empty() || position.outcome(moves.len()).is_some() {
        return Err(format!("\"{text}\" cannot be played: the game is over"));
    }
    let text = text.trim();
    match moves.iter().find(|&&mv| position.move_text(mv) == text) {
        Some(&mv) => Ok(position.play(mv)),
        None => Err(format!(
            "\"{text}\" is not a legal move here; the legal moves are: {}",
            moves
                .iter()
                .map(|&mv| position.move_text(mv))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The position's moves.
pub fn legal_moves<G: Game>(position: &G) -> Vec<G::Move> {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    moves.iter().copied().collect()
}

/// The result when the game is over, for people: `X wins`, `draw`, `White wins by 3`.
pub fn status<G: StudioGame>(position: &G) -> Option<String> {
    let count = legal_moves(position).len();
    let mover = position.to_move();
    let (winner, margin) = match position.outcome(count)? {
        Outcome::Draw | Outcome::Margin(0) => return Some("draw".to_string()),
        Outcome::Win => (mover, None),
        Outcome::Loss => (mover.opponent(), None),
        Outcome::Margin(lead) if lead > 0 => (mover, Some(lead)),
        Outcome::Margin(lead) => (mover.opponent(), Some(-lead)),
    };
    let name = G::player_name(winner);
    Some(match margin {
        Some(margin) => format!("{name} wins by {margin}"),
        None => format!("{name} wins"),
    })
}

/// The position as the API's `position` object (see `API.md`).
pub fn describe<G: StudioGame>(position: &G) -> Value {
    let status = status(position);
    let legal: Vec<String> = if status.is_some() {
        Vec::new()
    } else {
        legal_moves(position)
            .into_iter()
            .map(|mv| position.move_text(mv))
            .collect()
    };
    json!({
        "board": position.board_text(),
        "to_move": if position.is_chance() { "the die" } else { G::player_name(position.to_move()) },
        "is_chance": position.is_chance(),
        "status": status,
        "legal": legal,
        "grid": position.grid(),
    })
}

fn param(
    params: &BTreeMap<String, i64>,
    name: &str,
    default: i64,
    range: (i64, i64),
) -> Result<i64, StudioError> {
    let value = params.get(name).copied().unwrap_or(default);
    if (range.0..=range.1).contains(&value) {
        Ok(value)
    } else {
        Err(StudioError::BadRequest(format!(
            "the textbook tree's {name} must be from {} to {}, not {value}",
            range.0, range.1
        )))
    }
}

/// The numbers of a start text such as `4 3`, or a message naming the game and the form wanted.
fn numbers(start: &str, game: &str, wanted: &str) -> Result<Vec<u8>, StudioError> {
    start
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| StudioError::BadRequest(format!("{game} start \"{start}\": give {wanted}")))
}

/// The textbook tree's parameters: name, default, least and greatest value.
/// `chance`: nature's outcomes after every move (Ballard's regular *-minimax trees; 0 for none,
/// and a best-first tree becomes a random one); `extra_turns`: the percentage of moves after which
/// the same player moves again.
pub const TEXTBOOK_PARAMS: [(&str, i64, i64, i64); 6] = [
    ("seed", 2, 0, 1_000_000),
    ("branching", 3, 1, 8),
    ("tree_depth", 3, 1, 12),
    ("best_first", 1, 0, 1),
    ("chance", 0, 0, 4),
    ("extra_turns", 0, 0, 50),
];

impl StudioGame for RandomTree {
    type Eval = TreeValue;
    const ID: &'static str = "textbook";

    fn evaluator() -> TreeValue {
        TreeValue
    }

    fn from_start(_start: &str, params: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        if let Some(unknown) = params
            .keys()
            .find(|key| TEXTBOOK_PARAMS.iter().all(|p| p.0 != key.as_str()))
        {
            return Err(StudioError::BadRequest(format!(
                "unknown parameter \"{unknown}\" of the textbook tree: it has {}",
                TEXTBOOK_PARAMS.map(|p| p.0).join(", ")
            )));
        }
        let [seed, branching, depth, best_first, chance, extra_turns] =
            TEXTBOOK_PARAMS.map(|(name, default, least, most)| param(params, name, default, (least, most)));
        let (seed, branching, depth) = (seed? as u64, branching? as u32, depth? as u32);
        let (chance, extra_turns) = (chance? as u32, extra_turns? as u8);
        let mut tree = if best_first? == 1 {
            RandomTree::best_first(seed, branching, depth)
        } else {
            RandomTree::new(seed, branching, depth)
        };
        if extra_turns > 0 {
            tree = tree.with_extra_turns(extra_turns);
        }
        if chance > 0 {
            tree = tree.with_chance(chance, 1);
        }
        Ok(tree)
    }

    fn move_text(&self, mv: u32) -> String {
        // Moves as letters, a, b, c, ..., as textbooks draw them.
        char::from(b'a' + (mv % 26) as u8).to_string()
    }

    fn board_text(&self) -> String {
        format!(
            "a node at ply {} of the tree ({} to move)",
            self.ply(),
            Self::player_name(self.to_move())
        )
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "MAX",
            Player::Second => "MIN",
        }
    }
}

impl StudioGame for TicTacToe {
    type Eval = Heuristic;
    const ID: &'static str = "tictactoe";

    fn evaluator() -> Heuristic {
        Heuristic
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        TicTacToe::from_moves(start)
            .map_err(|error| StudioError::BadRequest(format!("tic-tac-toe start \"{start}\": {error}")))
    }

    fn move_text(&self, mv: Cell) -> String {
        mv.to_string()
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn grid(&self) -> Option<Value> {
        let legal: Vec<Cell> = if self.is_over() {
            Vec::new()
        } else {
            legal_moves(self)
        };
        let cells: Vec<Value> = (1..=9)
            .map(|number| {
                let cell = Cell::from_number(number).expect("1 to 9 are cells");
                let text = match self.at(cell) {
                    Some(player) => Self::player_name(player),
                    None => "",
                };
                json!({"text": text, "square": number.to_string(),
                       "move": legal.contains(&cell).then(|| cell.to_string())})
            })
            .collect();
        Some(json!({"kind": "tictactoe", "rows": 3, "cols": 3, "cells": cells}))
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }
}

impl StudioGame for Nim {
    type Eval = fn(&Nim) -> Score;
    const ID: &'static str = "nim";

    fn evaluator() -> fn(&Nim) -> Score {
        ::games::nim::even
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        let heaps = numbers(start, "Nim", "heap sizes, such as 3 4 5")?;
        if heaps.is_empty() {
            return Err(StudioError::BadRequest(
                "Nim needs at least one heap, such as 3 4 5".into(),
            ));
        }
        Nim::new(&heaps).map_err(|error| StudioError::BadRequest(format!("Nim start \"{start}\": {error}")))
    }

    fn move_text(&self, mv: ::games::nim::Take) -> String {
        mv.to_string()
    }

    fn board_text(&self) -> String {
        self.heaps()
            .iter()
            .enumerate()
            .map(|(heap, &size)| format!("heap {}: {} ({size})\n", heap + 1, "|".repeat(usize::from(size))))
            .collect()
    }
}

impl StudioGame for ConnectFour {
    type Eval = OpenWindows;
    const ID: &'static str = "connect4";

    fn evaluator() -> OpenWindows {
        OpenWindows::new()
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        ConnectFour::from_moves(start)
            .map_err(|error| StudioError::BadRequest(format!("Connect Four start \"{start}\": {error}")))
    }

    fn move_text(&self, mv: ::games::connect_four::Column) -> String {
        mv.to_string()
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn grid(&self) -> Option<Value> {
        // The board's text has a row of marks (X, O or .) per line, the top row first.
        let legal: Vec<String> = if self.is_over() {
            Vec::new()
        } else {
            legal_moves(self).into_iter().map(|mv| mv.to_string()).collect()
        };
        let text = self.to_string();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            .filter(|marks| marks.len() == 7 && marks.iter().all(|mark| ["X", "O", "."].contains(mark)))
            .collect();
        let cells: Vec<Value> = rows
            .iter()
            .flat_map(|marks| marks.iter().enumerate())
            .map(|(column, mark)| {
                let column = (column + 1).to_string();
                json!({"text": if *mark == "." { "" } else { mark }, "square": column,
                       "move": legal.contains(&column).then_some(column.clone())})
            })
            .collect();
        Some(json!({"kind": "connect4", "rows": rows.len(), "cols": 7, "cells": cells}))
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }
}

impl StudioGame for Kalah {
    type Eval = fn(&Kalah) -> Score;
    const ID: &'static str = "kalah";

    fn evaluator() -> fn(&Kalah) -> Score {
        Kalah::evaluate_stores
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        let wanted = "two numbers, houses and seeds, such as 4 3";
        let [houses, seeds] = numbers(start, "Kalah", wanted)?[..] else {
            return Err(StudioError::BadRequest(format!(
                "Kalah start \"{start}\": give {wanted}"
            )));
        };
        Kalah::new(houses, seeds)
            .map_err(|error| StudioError::BadRequest(format!("Kalah start \"{start}\": {error}")))
    }

    fn move_text(&self, mv: ::games::kalah::House) -> String {
        mv.to_string()
    }

    fn board_text(&self) -> String {
        self.to_string()
    }
}

impl StudioGame for ChessGame {
    type Eval = Evaluation;
    const ID: &'static str = "chess";

    fn evaluator() -> Evaluation {
        Evaluation::Tapered
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        // MVV-LVA order, and no repetition draws: the searchers see the plain game tree.
        let config = ChessConfig::default()
            .with_ordering(MoveOrdering::MvvLva)
            .with_repetition(false);
        let start = start.trim();
        if start.is_empty() || start == "startpos" {
            return Ok(ChessGame::startpos(config));
        }
        ChessGame::from_fen(start, config)
            .map_err(|error| StudioError::BadRequest(format!("bad FEN \"{start}\": {error}")))
    }

    fn move_text(&self, mv: game_chess::shakmaty::Move) -> String {
        to_uci(mv)
    }

    fn board_text(&self) -> String {
        self.fen()
    }

    fn grid(&self) -> Option<Value> {
        use game_chess::shakmaty::{Color, File, Rank, Role, Square};
        let board = self.board();
        let mut cells = Vec::with_capacity(64);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                let text = board
                    .piece_at(square)
                    .map_or("", |piece| match (piece.color, piece.role) {
                        (Color::White, Role::King) => "♔",
                        (Color::White, Role::Queen) => "♕",
                        (Color::White, Role::Rook) => "♖",
                        (Color::White, Role::Bishop) => "♗",
                        (Color::White, Role::Knight) => "♘",
                        (Color::White, Role::Pawn) => "♙",
                        (Color::Black, Role::King) => "♚",
                        (Color::Black, Role::Queen) => "♛",
                        (Color::Black, Role::Rook) => "♜",
                        (Color::Black, Role::Bishop) => "♝",
                        (Color::Black, Role::Knight) => "♞",
                        (Color::Black, Role::Pawn) => "♟",
                    });
                cells.push(json!({"text": text, "square": square.to_string(), "move": null}));
            }
        }
        Some(json!({"kind": "chess", "rows": 8, "cols": 8, "cells": cells}))
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "White",
            Player::Second => "Black",
        }
    }
}

impl StudioGame for Pig {
    type Eval = fn(&Pig) -> Score;
    const ID: &'static str = "pig";

    fn evaluator() -> fn(&Pig) -> Score {
        ::games::pig::evaluate
    }

    fn from_start(start: &str, _: &BTreeMap<String, i64>) -> Result<Self, StudioError> {
        let wanted = "three numbers, target, die sides and turns, such as 8 3 4";
        let [target, sides, turns] = numbers(start, "Pig", wanted)?[..] else {
            return Err(StudioError::BadRequest(format!(
                "Pig start \"{start}\": give {wanted}"
            )));
        };
        Pig::new(target, sides, turns)
            .map_err(|error| StudioError::BadRequest(format!("Pig start \"{start}\": {error}")))
    }

    fn move_text(&self, mv: PigMove) -> String {
        match mv {
            PigMove::Roll => "roll".to_string(),
            PigMove::Hold => "hold".to_string(),
            PigMove::Face(face) => face.to_string(),
        }
    }

    fn board_text(&self) -> String {
        let [first, second] = self.banks();
        format!(
            "banks: first player {first}, second player {second}\nturn total: {}\nturns left: {}\n{}",
            self.turn_total(),
            self.turns_left(),
            if self.is_chance() {
                "the die is rolling"
            } else {
                "roll or hold?"
            }
        )
    }
}
