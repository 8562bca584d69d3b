//! The studio's HTTP server over real sockets: it binds only where told, serves requests
//! concurrently, and survives garbage.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use game_search_studio::{StudioLimits, serve};

/// A studio on a free loopback port, serving in the background for the rest of the test run.
fn start() -> SocketAddr {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        serve(
            "127.0.0.1:0".parse().unwrap(),
            4,
            StudioLimits::default(),
            |bound| {
                sender.send(bound).unwrap();
            },
        )
        .unwrap();
    });
    receiver
        .recv_timeout(Duration::from_secs(10))
        .expect("the studio starts")
}

/// Sends raw bytes, returns the status code and the body.
fn send(address: SocketAddr, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .to_string();
    (status, body)
}

fn post(address: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    send(address, request.as_bytes())
}

#[test]
fn it_listens_on_loopback_only_and_serves_the_page() {
    let address = start();
    assert!(address.ip().is_loopback());
    let (status, body) = send(address, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert!(body.contains("studio.js"), "{body}");
    let (status, body) = send(
        address,
        b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert_eq!((status, body.contains("nothing at /nowhere")), (404, true));
}

#[test]
fn requests_are_served_concurrently_and_a_big_search_does_not_block_the_others() {
    let address = start();
    // A refused giant (minimax at depth 12 on chess) and real searches, all at once.
    let bodies: [&'static str; 6] = [
        r#"{"game": "chess", "start": "startpos", "depth": 12, "searchers": [{"kind": "minimax"}]}"#,
        r#"{"game": "chess", "start": "startpos", "depth": 4, "searchers": [{"kind": "alphabeta"}, {"kind": "engine"}]}"#,
        r#"{"game": "tictactoe", "depth": 9, "searchers": [{"kind": "alphabeta"}]}"#,
        r#"{"game": "connect4", "depth": 6, "searchers": [{"kind": "engine", "config": "strongest"}]}"#,
        r#"{"game": "textbook", "depth": 3, "searchers": [{"kind": "minimax"}, {"kind": "alphabeta-minimax"}]}"#,
        r#"{"game": "nim", "start": "3 4 5", "depth": 4, "searchers": [{"kind": "mcts", "iterations": 2000}]}"#,
    ];
    let started = Instant::now();
    let handles: Vec<_> = bodies
        .iter()
        .map(|&body| thread::spawn(move || post(address, "/api/search", body)))
        .collect();
    let answers: Vec<(u16, String)> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
    assert_eq!(answers[0].0, 422, "{}", answers[0].1);
    assert!(
        answers[0].1.contains("more than 300000 nodes"),
        "{}",
        answers[0].1
    );
    for (status, body) in &answers[1..] {
        assert_eq!(*status, 200, "{body}");
    }
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn garbage_gets_an_answer_and_the_server_serves_on() {
    let address = start();
    let (status, _) = post(address, "/api/search", "\u{0}\u{1}{{{{");
    assert_eq!(status, 400);
    let (status, _) = send(
        address,
        b"BREW /api/search HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 405);
    // A client that sends half a request and hangs up.
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .write_all(b"POST /api/search HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
        .unwrap();
    drop(stream);
    let (status, body) = post(address, "/api/position", r#"{"game": "tictactoe"}"#);
    assert_eq!(status, 200, "{body}");
}
