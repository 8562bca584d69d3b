//! **The search studio**: a local web application to watch and compare the project's real
//! searchers on real games — pick a game, a position and one or two searchers, see the trees
//! they walked (built from their [`Trace`](search_core::trace::Trace)s), step through a
//! search in visit order, and play against any searcher.
//!
//! The `game-search-studio` binary (or `cargo run --release --example studio` in the repository)
//! serves it on `127.0.0.1:8080` ([`cli`]); the page's assets are embedded in the binary (no
//! network, no JavaScript build step). The JSON API is documented in [`http_api`] (`API.md`
//! beside this file) and is what [`handle`] answers; [`serve`] puts it behind an HTTP server.
//!
//! # Limits, so that no request can hang the server
//!
//! Every search is bounded ([`StudioLimits`]): its depth, its nodes (the reference searchers
//! honour no node limit, so they search a wrapped game that ends the tree when the budget is
//! spent, see [`budget`]), its time, and the nodes drawn. A request past a limit gets a message
//! that names the limit. Bad input (an unknown game, a bad FEN, an illegal move, a nonsense
//! engine configuration, malformed JSON) gets a message too, never a panic.
//!
//! ```
//! use game_search_studio::{StudioLimits, handle};
//!
//! let limits = StudioLimits::default();
//! let body = r#"{"game": "textbook", "depth": 3, "searchers": [{"kind": "minimax"}]}"#;
//! let response = handle("POST", "/api/search", body.as_bytes(), &limits);
//! assert_eq!(response.status, 200);
//! let answer: serde_json::Value = serde_json::from_slice(&response.body)?;
//! assert_eq!(answer["results"][0]["trace"]["nodes"].as_array().unwrap().len(), 40);
//!
//! let bad = r#"{"game": "chess", "start": "not a fen", "depth": 2, "searchers": [{"kind": "minimax"}]}"#;
//! let response = handle("POST", "/api/search", bad.as_bytes(), &limits);
//! assert_eq!(response.status, 400);
//! assert!(String::from_utf8(response.body)?.contains("bad FEN"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod budget;
pub mod cli;
pub mod games;
#[doc = include_str!("API.md")]
pub mod http_api {}
pub mod search;
mod server;

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};

pub use server::{ServeError, serve};

use crate::games::{GameVisitor, PositionRequest, StudioGame, TEXTBOOK_PARAMS, describe, with_game};
use crate::search::{ChooseMove, DEFAULT_ITERATIONS, SEARCHERS, SearchAll, SearcherSpec};
use search_core::engine::Config;

/// Why a request was refused: the message is for a person.
#[derive(Debug, thiserror::Error)]
pub enum StudioError {
    /// Bad input: unknown names, bad positions, illegal moves, nonsense options (HTTP 400).
    #[error("{0}")]
    BadRequest(String),
    /// A search past the studio's limits (HTTP 422).
    #[error("{0}")]
    TooBig(String),
}

/// How much one request may search and draw.
#[derive(Clone, Debug)]
pub struct StudioLimits {
    /// The deepest search, in plies.
    pub max_depth: u32,
    /// The most nodes one search may visit; past it the search is refused.
    pub max_search_nodes: u64,
    /// The most nodes a trace records (the rest is searched, not drawn, and the page says so).
    pub max_drawn_nodes: usize,
    /// The most MCTS iterations.
    pub max_iterations: u64,
    /// The longest one search may take.
    pub max_time: Duration,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The most threads one engine search may use (`threads=N` in its configuration).
    pub max_threads: u32,
}

impl Default for StudioLimits {
    /// Depth 20, 300 000 nodes, 5 000 drawn, 20 000 iterations, 10 s, 64 KiB, 4 threads.
    fn default() -> Self {
        StudioLimits {
            max_depth: 20,
            max_search_nodes: 300_000,
            max_drawn_nodes: 5_000,
            max_iterations: 20_000,
            max_time: Duration::from_secs(10),
            max_body: 64 * 1024,
            max_threads: 4,
        }
    }
}

/// An HTTP answer: status, content type and body.
#[derive(Clone, Debug)]
pub struct Response {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    fn json(status: u16, value: &Value) -> Response {
        Response {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Response {
        Response::json(status, &json!({ "error": message.into() }))
    }

    fn asset(content_type: &'static str, text: &'static str) -> Response {
        Response {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        }
    }
}

const INDEX_HTML: &str = include_str!("assets/index.html");
const STUDIO_JS: &str = include_str!("assets/studio.js");
const STUDIO_CSS: &str = include_str!("assets/studio.css");

/// Answers one request: the page's assets and the JSON API (see the module docs and `API.md`).
pub fn handle(method: &str, path: &str, body: &[u8], limits: &StudioLimits) -> Response {
    let path = path.split('?').next().unwrap_or(path);
    match (method, path) {
        ("GET", "/" | "/index.html") => Response::asset("text/html; charset=utf-8", INDEX_HTML),
        ("GET", "/studio.js") => Response::asset("text/javascript; charset=utf-8", STUDIO_JS),
        ("GET", "/studio.css") => Response::asset("text/css; charset=utf-8", STUDIO_CSS),
        ("GET", "/api/catalog") => Response::json(200, &catalog(limits)),
        ("POST", "/api/position" | "/api/search" | "/api/move") => {
            if body.len() > limits.max_body {
                return Response::error(
                    413,
                    format!("the request is larger than {} bytes", limits.max_body),
                );
            }
            match api(path, body, limits) {
                Ok(value) => Response::json(200, &value),
                Err(error @ StudioError::BadRequest(_)) => Response::error(400, error.to_string()),
                Err(error @ StudioError::TooBig(_)) => Response::error(422, error.to_string()),
            }
        }
        (_, "/" | "/index.html" | "/studio.js" | "/studio.css" | "/api/catalog") => {
            Response::error(405, format!("{path} answers GET, not {method}"))
        }
        (_, "/api/position" | "/api/search" | "/api/move") => {
            Response::error(405, format!("{path} answers POST, not {method}"))
        }
        _ => Response::error(404, format!("nothing at {path}")),
    }
}

/// A search request: a position, a depth, the searchers and, optionally, tighter limits.
#[derive(Deserialize)]
struct SearchRequest {
    #[serde(flatten)]
    position: PositionRequest,
    depth: u32,
    searchers: Vec<SearcherSpec>,
    #[serde(flatten)]
    limits: RequestLimits,
}

/// A request for a searcher's move.
#[derive(Deserialize)]
struct MoveRequest {
    #[serde(flatten)]
    position: PositionRequest,
    depth: u32,
    searcher: SearcherSpec,
    #[serde(flatten)]
    limits: RequestLimits,
}

/// A request's own limits, within the studio's.
#[derive(Deserialize)]
struct RequestLimits {
    /// The most nodes a search may visit (at most the studio's `max_search_nodes`).
    #[serde(default)]
    max_nodes: Option<u64>,
    /// The time for each search, in milliseconds (at most the studio's `max_time`).
    #[serde(default)]
    time_ms: Option<u64>,
}

impl RequestLimits {
    /// The studio's limits narrowed by the request's, and the request's clock.
    fn narrow(&self, limits: &StudioLimits) -> Result<(StudioLimits, Option<Duration>), StudioError> {
        let mut narrowed = limits.clone();
        if let Some(nodes) = self.max_nodes {
            if nodes == 0 || nodes > limits.max_search_nodes {
                return Err(StudioError::BadRequest(format!(
                    "max_nodes must be from 1 to {}, not {nodes}",
                    limits.max_search_nodes
                )));
            }
            narrowed.max_search_nodes = nodes;
        }
        let clock = match self.time_ms {
            None => None,
            Some(ms) if ms == 0 || u128::from(ms) > limits.max_time.as_millis() => {
                return Err(StudioError::BadRequest(format!(
                    "time_ms must be from 1 to {}, not {ms}",
                    limits.max_time.as_millis()
                )));
            }
            Some(ms) => Some(Duration::from_millis(ms)),
        };
        Ok((narrowed, clock))
    }
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, StudioError> {
    serde_json::from_slice(body)
        .map_err(|error| StudioError::BadRequest(format!("malformed request: {error}")))
}

fn api(path: &str, body: &[u8], limits: &StudioLimits) -> Result<Value, StudioError> {
    match path {
        "/api/position" => with_game(&parse::<PositionRequest>(body)?, Describe),
        "/api/search" => {
            let request: SearchRequest = parse(body)?;
            let (limits, clock) = request.limits.narrow(limits)?;
            with_game(
                &request.position,
                SearchAll {
                    searchers: &request.searchers,
                    depth: request.depth,
                    limits: &limits,
                    clock,
                },
            )
        }
        _ => {
            let request: MoveRequest = parse(body)?;
            let (limits, clock) = request.limits.narrow(limits)?;
            with_game(
                &request.position,
                ChooseMove {
                    spec: &request.searcher,
                    depth: request.depth,
                    limits: &limits,
                    clock,
                    // The die's seed: the game so far, so that replaying a game rolls the same.
                    seed: request.position.moves.len() as u64 ^ 0x5eed,
                },
            )
        }
    }
}

/// The visitor behind `/api/position`.
struct Describe;

impl GameVisitor for Describe {
    type Output = Value;

    fn visit<G: StudioGame>(self, root: G) -> Result<Value, StudioError> {
        Ok(describe(&root))
    }
}

/// The games, searchers and limits, for the page's menus.
fn catalog(limits: &StudioLimits) -> Value {
    let game = |id: &str, name: &str, start_label: &str, default_start: &str, default_depth: u32| {
        json!({"id": id, "name": name, "playable": id != "textbook", "start_label": start_label,
               "default_start": default_start, "default_depth": default_depth, "params": []})
    };
    let mut textbook = game("textbook", "Textbook tree", "", "", 3);
    textbook["params"] = TEXTBOOK_PARAMS
        .iter()
        .map(|&(name, default, min, max)| json!({"name": name, "default": default, "min": min, "max": max}))
        .collect();
    let games = vec![
        textbook,
        game(
            "tictactoe",
            "Tic-tac-toe",
            "moves from the empty board (cells 1-9, top row 1 2 3)",
            "5 1 9 3 2",
            9,
        ),
        game("nim", "Nim", "heap sizes", "3 4 5", 4),
        game(
            "connect4",
            "Connect Four",
            "moves from the empty board (columns 1-7)",
            "4453",
            4,
        ),
        game("kalah", "Kalah", "houses and seeds", "4 3", 4),
        game(
            "chess",
            "Chess",
            "FEN (or startpos)",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            2,
        ),
        game(
            "pig",
            "Pig (dice: chance nodes)",
            "target, die sides, turns",
            "8 3 4",
            4,
        ),
    ];
    let searchers: Vec<Value> = SEARCHERS
        .iter()
        .map(|&(id, name, view)| {
            let mut entry = json!({"id": id, "name": name, "view": view, "options": []});
            if id == "engine" {
                entry["options"] = json!(["config"]);
                entry["default_config"] = json!(Config::exact().to_string());
                entry["presets"] = json!({
                    "plain": Config::PLAIN.to_string(),
                    "exact": Config::exact().to_string(),
                    "strongest": Config::strongest().to_string(),
                });
            } else if id == "mcts" {
                entry["options"] = json!(["iterations"]);
                entry["default_iterations"] = json!(DEFAULT_ITERATIONS);
            }
            entry
        })
        .collect();
    json!({
        "games": games,
        "searchers": searchers,
        "limits": {
            "max_depth": limits.max_depth,
            "max_search_nodes": limits.max_search_nodes,
            "max_drawn_nodes": limits.max_drawn_nodes,
            "max_iterations": limits.max_iterations,
        },
    })
}

#[cfg(test)]
mod tests;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
