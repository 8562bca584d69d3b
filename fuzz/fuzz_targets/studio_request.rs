//! The studio's `handle(method, path, body, limits)` with arbitrary paths and JSON bodies, under
//! small limits (few nodes, a short clock) so that each execution is fast: any status but 5xx,
//! never a panic; an API answer is JSON.
//!
//! The first byte picks the request: mostly `POST` to the three JSON endpoints with the rest as
//! the body; else `GET` of a page or the catalog; else a raw request whose first line is
//! `METHOD PATH` and whose other lines are the body.
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
    };
    let Some((&kind, body)) = data.split_first() else {
        return;
    };
    let (method, path, body): (String, String, &[u8]) = match kind % 8 {
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
