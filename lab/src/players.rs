//! The players of `versus`: a searcher configuration with an evaluation, a seeded random mover,
//! or an external UCI engine driven by [`UciClient`].
//!
//! Specs as the command line gives them ([`PlayerSpec::parse`]):
//!
//! - `NAME` or `NAME@EVAL`: a configuration from the registry or an `engine:` feature list, with
//!   an evaluation (default `tapered`), e.g. `ab-v1@thesis-material`;
//! - `random` or `random:SEED`;
//! - `uci:PATH`: an external engine (options are given separately).

use std::path::PathBuf;
use std::time::Duration;

use game_chess::shakmaty::{Move, Position};
use game_chess::uci::GoParams;
use game_chess::{ChessGame, Evaluation, GameHistory};
use search_core::engine::Engine;
use search_core::{Limits, MoveList};

use super::configs::{BoxedSearcher, Config, ConfigError, Recipe};
use super::uci_client::{HANDSHAKE_TIMEOUT, UciClient};

/// How long each move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// A fixed depth in plies.
    Depth(u32),
    /// About this many nodes (needs iterative deepening, which is switched on for engine
    /// configurations; plain minimax cannot be limited so).
    Nodes(u64),
    /// This much time per move (same requirement).
    Time(Duration),
}

/// A player as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A searcher configuration with an evaluation.
    Searcher {
        /// The configuration (boxed: the engine's configuration is large beside the other
        /// variants).
        config: Box<Config>,
        /// Its evaluation.
        evaluation: Evaluation,
    },
    /// Uniformly random legal moves from a seeded generator.
    Random {
        /// The seed.
        seed: u64,
    },
    /// An external UCI engine.
    Uci {
        /// The executable.
        path: PathBuf,
        /// `setoption` pairs.
        options: Vec<(String, String)>,
    },
}

/// A bad player spec.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// Bad configuration name.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Bad evaluation or seed.
    #[error("bad player {spec:?}: {detail}")]
    Bad {
        /// The spec.
        spec: String,
        /// Why.
        detail: String,
    },
}

impl PlayerSpec {
    /// Parses a spec (see the [module documentation](self)).
    ///
    /// # Errors
    ///
    /// An unknown configuration or evaluation, or a bad seed.
    pub fn parse(text: &str) -> Result<PlayerSpec, PlayerError> {
        let bad = |detail: String| PlayerError::Bad {
            spec: text.to_string(),
            detail,
        };
        if let Some(path) = text.strip_prefix("uci:") {
            return Ok(PlayerSpec::Uci {
                path: PathBuf::from(path),
                options: Vec::new(),
            });
        }
        if text == "random" {
            return Ok(PlayerSpec::Random { seed: 1 });
        }
        if let Some(seed) = text.strip_prefix("random:") {
            let seed = seed.parse().map_err(|e| bad(format!("seed: {e}")))?;
            return Ok(PlayerSpec::Random { seed });
        }
        let (name, evaluation) = match text.rsplit_once('@') {
            Some((name, evaluation)) => (name, evaluation.parse().map_err(bad)?),
            None => (text, Evaluation::default()),
        };
        Ok(PlayerSpec::Searcher {
            config: Box::new(Config::parse(name)?),
            evaluation,
        })
    }

    /// The name shown in tables and PGN.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Searcher { config, evaluation } => format!("{}@{evaluation}", config.name),
            PlayerSpec::Random { seed } => format!("random:{seed}"),
            PlayerSpec::Uci { path, options } => {
                let mut name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                for (key, value) in options {
                    name += &format!(" {key}={value}");
                }
                name
            }
        }
    }

    /// Checks that the spec can play under `limit`.
    ///
    /// # Errors
    ///
    /// Plain minimax under a node or time limit (it always searches to its depth); depth 0 for
    /// any player but `random` (a depth-0 search gives no move: every game would be forfeited).
    pub fn check_limit(&self, limit: MoveLimit) -> Result<(), PlayerError> {
        if matches!(limit, MoveLimit::Depth(0)) && !matches!(self, PlayerSpec::Random { .. }) {
            return Err(PlayerError::Bad {
                spec: self.name(),
                detail: "depth 0 searches no move, so every game would be forfeited: give --depth 1 or more"
                    .to_string(),
            });
        }
        if let PlayerSpec::Searcher { config, .. } = self
            && config.recipe == Recipe::Minimax
            && !matches!(limit, MoveLimit::Depth(_))
        {
            return Err(PlayerError::Bad {
                spec: config.name.clone(),
                detail: "plain minimax cannot stop early: give it a fixed --depth".to_string(),
            });
        }
        Ok(())
    }
}

/// Why a player lost a game by forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit(pub String);

/// A player ready to play games.
pub struct Player {
    spec: PlayerSpec,
    limit: MoveLimit,
    /// Per-move timeout for an external engine under depth or node limits.
    uci_timeout: Duration,
    /// How long an external engine may take to answer `uci` and `isready`.
    handshake: Duration,
    random_state: u64,
    uci: Option<UciClient>,
    /// Why an external program could not be started as a UCI engine (no handshake): it is not
    /// tried again, and forfeits every game at once.
    not_an_engine: Option<String>,
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("spec", &self.spec)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// SplitMix64: a tiny, well-known seeded generator (reproducible games without a dependency).
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Player {
    /// A player from `spec`, moving within `limit`; an external engine gets `uci_timeout` per
    /// move under depth and node limits (the move time plus that under a time limit).
    #[must_use]
    pub fn new(spec: PlayerSpec, limit: MoveLimit, uci_timeout: Duration) -> Self {
        let random_state = match spec {
            PlayerSpec::Random { seed } => seed,
            _ => 0,
        };
        Player {
            spec,
            limit,
            uci_timeout,
            handshake: HANDSHAKE_TIMEOUT,
            random_state,
            uci: None,
            not_an_engine: None,
        }
    }

    /// The same player, giving an external engine `handshake` (instead of
    /// [`HANDSHAKE_TIMEOUT`]) to answer `uci` and `isready`.
    #[must_use]
    pub fn with_handshake_timeout(mut self, handshake: Duration) -> Self {
        self.handshake = handshake;
        self
    }

    /// Its name.
    #[must_use]
    pub fn name(&self) -> String {
        self.spec.name()
    }

    /// A fresh searcher for one move. Engines are given the game's positions since the last
    /// capture or pawn move (`history`), so that they score a repetition of one of them as a
    /// draw, as the UCI engine does; the reference minimax has no repetition rule.
    fn searcher(&self, config: &Config, evaluation: Evaluation, history: &[u64]) -> BoxedSearcher {
        let mut engine = match (&config.recipe, self.limit) {
            // Node and time limits need iterative deepening to return a completed search.
            (Recipe::Engine(setup), MoveLimit::Nodes(_) | MoveLimit::Time(_)) => {
                let config = search_core::engine::Config {
                    iterative_deepening: true,
                    ..setup.config
                };
                Engine::with_config(evaluation, config).with_resources(setup.resources)
            }
            (Recipe::Engine(setup), MoveLimit::Depth(_)) => Engine::with_setup(evaluation, *setup),
            (Recipe::Minimax, _) => return config.build(evaluation),
            // Its iterations under a depth limit (MCTS has no depth); the limit's otherwise.
            (Recipe::Mcts(mcts), limit) => {
                return mcts.build(evaluation, matches!(limit, MoveLimit::Depth(_)));
            }
        };
        engine.set_game_history(history.to_vec());
        Box::new(engine)
    }

    /// Starts an external engine if it is not running (a searcher has nothing to start). A
    /// program that fails the UCI handshake is remembered: it is not started again, and this
    /// and every later call fail at once with the first reason. `versus` calls it once per
    /// player before the match, to refuse a program that is not a UCI engine.
    ///
    /// # Errors
    ///
    /// The program cannot be started, or does not complete the handshake.
    pub fn start(&mut self) -> Result<(), Forfeit> {
        let PlayerSpec::Uci { path, options } = &self.spec else {
            return Ok(());
        };
        if let Some(reason) = &self.not_an_engine {
            return Err(Forfeit(format!("{reason} (not a UCI engine: not started again)")));
        }
        if self.uci.is_none() {
            match UciClient::spawn_with_handshake(path, &[], options, self.handshake) {
                Ok(client) => self.uci = Some(client),
                Err(error) => {
                    let reason = error.to_string();
                    self.not_an_engine = Some(reason.clone());
                    return Err(Forfeit(reason));
                }
            }
        }
        Ok(())
    }

    /// Prepares for a new game: an external engine is (re)started if needed and told so.
    ///
    /// # Errors
    ///
    /// The engine cannot be started or does not answer: it forfeits the game.
    pub fn new_game(&mut self) -> Result<(), Forfeit> {
        self.start()?;
        let Some(client) = self.uci.as_mut() else {
            return Ok(());
        };
        if let Err(error) = client.new_game() {
            self.uci = None;
            return Err(Forfeit(error.to_string()));
        }
        Ok(())
    }

    /// Chooses a move in `game` (which is not over), whose game began at `start_fen` with
    /// `moves` (UCI) played since.
    ///
    /// # Errors
    ///
    /// An external engine crashed, timed out, or answered with no move, garbage or an illegal
    /// move; a searcher returned no move.
    pub fn choose(&mut self, game: &GameHistory, start_fen: &str, moves: &[String]) -> Result<Move, Forfeit> {
        let position = game.position();
        match &self.spec {
            PlayerSpec::Searcher { config, evaluation } => {
                let mut searcher = self.searcher(config, *evaluation, game.reversible_keys());
                let limits = match self.limit {
                    MoveLimit::Depth(depth) => Limits::depth(depth),
                    MoveLimit::Nodes(nodes) => {
                        Limits::depth(search_core::engine::MAX_SEARCH_PLY / 2).with_nodes(nodes)
                    }
                    MoveLimit::Time(time) => {
                        Limits::depth(search_core::engine::MAX_SEARCH_PLY / 2).with_time(time)
                    }
                };
                // The searcher sees the position in its configuration's move order.
                let root = position
                    .clone()
                    .with_config(position.config().with_ordering(config.ordering));
                searcher
                    .search(&root, &limits)
                    .best_move
                    .ok_or_else(|| Forfeit(format!("{} returned no move", searcher.name())))
            }
            PlayerSpec::Random { .. } => {
                let mut legal = MoveList::new();
                search_core::Game::generate_moves(position, &mut legal);
                if legal.is_empty() {
                    return Err(Forfeit("no legal move".to_string()));
                }
                let index = split_mix(&mut self.random_state) % legal.len() as u64;
                Ok(legal[index as usize])
            }
            PlayerSpec::Uci { .. } => self.uci_move(position, start_fen, moves),
        }
    }

    fn uci_move(&mut self, position: &ChessGame, start_fen: &str, moves: &[String]) -> Result<Move, Forfeit> {
        let name = self.name();
        let Some(client) = self.uci.as_mut() else {
            return Err(Forfeit(format!("engine '{name}' is not running")));
        };
        let mut params = GoParams::default();
        let timeout = match self.limit {
            MoveLimit::Depth(depth) => {
                params.depth = Some(depth);
                self.uci_timeout
            }
            MoveLimit::Nodes(nodes) => {
                params.nodes = Some(nodes);
                self.uci_timeout
            }
            MoveLimit::Time(time) => {
                params.move_time = Some(time);
                time + self.uci_timeout
            }
        };
        let answer = match client.go(Some(start_fen), moves, &params, timeout) {
            Ok(answer) => answer,
            Err(error) => {
                // A crashed or hung engine is restarted for the next game.
                self.uci = None;
                return Err(Forfeit(error.to_string()));
            }
        };
        let Some(text) = answer.mv else {
            return Err(Forfeit(format!(
                "engine '{name}' said it has no move (bestmove (none))"
            )));
        };
        position.parse_uci(&text).map_err(|error| {
            Forfeit(format!(
                "engine '{name}' sent an illegal or garbled move {text:?} in {}: {error}",
                position.chess().board()
            ))
        })
    }

    /// Stops an external engine.
    pub fn quit(&mut self) {
        if let Some(client) = self.uci.take() {
            client.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_chess::to_uci;

    #[test]
    fn specs_parse_with_clear_errors() {
        let spec = PlayerSpec::parse("ab-v1@thesis-material").unwrap();
        assert_eq!(spec.name(), "ab-v1@thesis-material");
        assert_eq!(
            PlayerSpec::parse("random:7").unwrap(),
            PlayerSpec::Random { seed: 7 }
        );
        assert!(matches!(
            PlayerSpec::parse("uci:/usr/games/stockfish").unwrap(),
            PlayerSpec::Uci { .. }
        ));
        assert!(
            PlayerSpec::parse("ab-v1@magic")
                .unwrap_err()
                .to_string()
                .contains("tapered")
        );
        assert!(
            PlayerSpec::parse("nope")
                .unwrap_err()
                .to_string()
                .contains("thesis-final")
        );
        assert!(PlayerSpec::parse("random:x").is_err());
        let minimax = PlayerSpec::parse("minimax").unwrap();
        assert!(minimax.check_limit(MoveLimit::Nodes(100)).is_err());
        assert!(minimax.check_limit(MoveLimit::Depth(2)).is_ok());
    }

    #[test]
    fn the_random_mover_is_reproducible_and_legal() {
        let game = GameHistory::new(ChessGame::startpos(Default::default()));
        let fen = game.position().fen();
        let play = |seed| {
            let mut player = Player::new(
                PlayerSpec::Random { seed },
                MoveLimit::Depth(1),
                Duration::from_secs(1),
            );
            (0..5)
                .map(|_| to_uci(player.choose(&game, &fen, &[]).unwrap()))
                .collect::<Vec<_>>()
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4));
    }

    #[test]
    fn engine_players_see_the_game_history_and_take_a_repetition_draw() {
        // White is a queen and a rook up. Black's knight shuffled f6-g4-f6 while the queen went
        // d4-d5-d4: Ng4 now repeats the position after the first Ng4, a draw for the engine
        // (one repetition is enough inside a search), and hangs the knight for anyone without
        // the history.
        let start = "1k6/8/5n2/8/3Q4/8/8/K1R5 b - - 0 1";
        let moves = ["f6g4", "d4d5", "g4f6", "d5d4"];
        let game = GameHistory::from_uci(start, &moves, Default::default()).unwrap();
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let mut player = Player::new(
            PlayerSpec::parse("strongest").unwrap(),
            MoveLimit::Depth(1),
            Duration::from_secs(1),
        );
        let with_history = to_uci(player.choose(&game, start, &moves).unwrap());
        assert_eq!(with_history, "f6g4");
        let fresh = GameHistory::new(game.position().clone());
        let without = to_uci(player.choose(&fresh, &fresh.position().fen(), &[]).unwrap());
        assert_ne!(without, "f6g4");
    }

    #[test]
    fn node_limited_searchers_move() {
        let game = GameHistory::new(ChessGame::startpos(Default::default()));
        let fen = game.position().fen();
        let mut player = Player::new(
            PlayerSpec::parse("ab-v1").unwrap(),
            MoveLimit::Nodes(2_000),
            Duration::from_secs(1),
        );
        let mv = player.choose(&game, &fen, &[]).unwrap();
        assert!(game.position().chess().is_legal(mv));
    }
}
