//! The studio's `handle(method, path, body, limits)` with arbitrary paths and JSON bodies, under
//! small limits (few nodes, a short clock) so that each execution is fast: any status but 5xx,
//! never a panic; an API answer is JSON.
//!
//! The first byte picks the request: `POST` to the three JSON endpoints with the rest as the
//! body; `GET` of a page or the catalog; a raw request whose first line is `METHOD PATH` and
//! whose other lines are the body; or a well-formed request built from the bytes (a game, a
//! depth, a searcher, a clock by numbers; the start, the engine's configuration and the moves by
//! lines), which reaches the games and the searches past the JSON parser.
#![no_main]

use std::time::Duration;

use game_search_studio::{StudioLimits, handle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = StudioLimits {
        max_depth: 6,
        max_search_nodes: 3_000,
        max_drawn_nodes: 200,
        max_iterations: 300,
        max_time: Duration::from_millis(20),
        max_body: 4 * 1024,
        max_threads: 2,
    };
    let Some((&kind, body)) = data.split_first() else {
        return;
    };
    let built;
    let (method, path, body): (String, String, &[u8]) = match kind % 10 {
        0..=1 => ("POST".into(), "/api/search".into(), body),
        2..=3 => ("POST".into(), "/api/move".into(), body),
        4 => ("POST".into(), "/api/position".into(), body),
        5 => {
            let paths = ["/", "/index.html", "/studio.js", "/studio.css", "/api/catalog"];
            (
                "GET".into(),
                paths[usize::from(body.first().copied().unwrap_or(0)) % paths.len()].into(),
                &[],
            )
        }
        8..=9 => {
            let (path, json) = built_request(body);
            built = json;
            ("POST".into(), path.into(), built.as_bytes())
        }
        _ => {
            let end = body.iter().position(|&b| b == b'\n').unwrap_or(body.len());
            let line = String::from_utf8_lossy(&body[..end]).into_owned();
            let (method, path) = line.split_once(' ').unwrap_or((&line, "/"));
            (
                method.to_string(),
                path.to_string(),
                body.get(end + 1..).unwrap_or_default(),
            )
        }
    };
    let response = handle(&method, &path, body, &limits);
    assert!(
        (200..500).contains(&response.status),
        "{method} {path} {:?}: status {}: {}",
        String::from_utf8_lossy(body),
        response.status,
        String::from_utf8_lossy(&response.body)
    );
    if response.content_type.starts_with("application/json") {
        serde_json::from_slice::<serde_json::Value>(&response.body).expect("an API answer is JSON");
    }
});

/// A well-formed request from `bytes`: four numbers (game, depth, searcher, endpoint and
/// clock), then lines: the start, the engine's configuration, the moves.
fn built_request(bytes: &[u8]) -> (&'static str, String) {
    const GAMES: [&str; 7] = [
        "textbook",
        "tictactoe",
        "nim",
        "connect4",
        "kalah",
        "chess",
        "pig",
    ];
    const KINDS: [&str; 7] = [
        "minimax",
        "negamax",
        "alphabeta",
        "alphabeta-minimax",
        "quiescence",
        "engine",
        "mcts",
    ];
    let mut n = [0u8; 4];
    let (numbers, text) = bytes.split_at(bytes.len().min(4));
    n[..numbers.len()].copy_from_slice(numbers);
    let text = String::from_utf8_lossy(text);
    let mut lines = text.lines();
    let start = lines.next().unwrap_or_default();
    let config = lines.next().unwrap_or_default();
    let moves: Vec<&str> = lines.take(40).collect();
    let searcher = serde_json::json!({
        "kind": KINDS[usize::from(n[2]) % KINDS.len()],
        "config": config,
        "iterations": u64::from(n[1]) * 3,
    });
    let mut request = serde_json::json!({
        "game": GAMES[usize::from(n[0]) % GAMES.len()],
        "start": start,
        "params": {"seed": n[1], "branching": n[2] % 5, "tree_depth": n[3] % 6, "chance": n[0] % 3,
                   "extra_turns": n[3] % 30, "best_first": n[1] % 2},
        "moves": moves,
        "depth": n[1] % 8,
    });
    if n[3] & 0x80 != 0 {
        request["time_ms"] = serde_json::json!(u64::from(n[3] % 30));
    }
    let path = match n[3] % 3 {
        0 => {
            request["searchers"] = serde_json::json!([searcher, {"kind": "alphabeta"}]);
            "/api/search"
        }
        1 => {
            request["searcher"] = searcher;
            "/api/move"
        }
        _ => "/api/position",
    };
    (path, request.to_string())
}
