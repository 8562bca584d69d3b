//! A UCI client: drives an external engine process (Stockfish, or our own binary) through the
//! protocol, the way a GUI does. The lab's players and matches use it; the messages it parses are
//! game-chess's ([`game_chess::uci`]), the ones our engine formats.
//!
//! Every wait has a timeout, and every way an engine can fail becomes a [`ClientError`] instead
//! of a hang or a panic: it did not start, it exited (crashed), it stopped answering, it wrote
//! to a closed pipe. What the engine says is parsed with [`EngineMessage`]; lines that are not
//! UCI are kept for the log and otherwise ignored, as the protocol asks.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use game_chess::uci::{EngineMessage, GoParams, Info};

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest handshake timeout [`UciClient::spawn_with_handshake`] takes: a day.
pub const MAX_HANDSHAKE: Duration = Duration::from_secs(24 * 60 * 60);

/// Why talking to an engine failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The process could not be started.
    #[error("cannot start engine '{path}': {source}")]
    Spawn {
        /// The executable.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The engine's output ended: it exited or crashed.
    #[error("engine '{engine}' exited while we waited for {waiting_for}")]
    Exited {
        /// The engine's name.
        engine: String,
        /// What we were waiting for.
        waiting_for: &'static str,
    },
    /// The engine did not answer in time.
    #[error("engine '{engine}' did not send {waiting_for} within {timeout:?}")]
    Timeout {
        /// The engine's name.
        engine: String,
        /// What we were waiting for.
        waiting_for: &'static str,
        /// How long we waited.
        timeout: Duration,
    },
    /// Writing to the engine failed (it closed its input).
    #[error("cannot write to engine '{engine}': {source}")]
    Write {
        /// The engine's name.
        engine: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The engine sent something that breaks the protocol.
    #[error("engine '{engine}' broke the protocol: {detail}")]
    Protocol {
        /// The engine's name.
        engine: String,
        /// What it sent.
        detail: String,
    },
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move in UCI notation, or `None` if the engine says it has none (`bestmove (none)`).
    pub mv: Option<String>,
    /// The reply the engine expects.
    pub ponder: Option<String>,
    /// The last `info` line with a score, if any.
    pub last_info: Option<Info>,
    /// Wall-clock time from `go` to `bestmove`.
    pub elapsed: Duration,
}

/// A running engine process spoken to over UCI.
pub struct UciClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    /// How long the engine may take to answer `uci` and `isready`.
    handshake: Duration,
}

impl UciClient {
    /// Starts `path` with `args`, performs the `uci` handshake, sets `options` (name, value), and
    /// waits until the engine is ready, each answer within [`HANDSHAKE_TIMEOUT`].
    ///
    /// # Errors
    ///
    /// [`ClientError::Spawn`] if the program cannot be started; [`ClientError::Exited`],
    /// [`ClientError::Timeout`] or [`ClientError::Write`] if the handshake fails.
    pub fn spawn(
        path: impl AsRef<Path>,
        args: &[String],
        options: &[(String, String)],
    ) -> Result<Self, ClientError> {
        Self::spawn_with_handshake(path, args, options, HANDSHAKE_TIMEOUT)
    }

    /// As [`spawn`](Self::spawn), with `handshake` instead of [`HANDSHAKE_TIMEOUT`] for each
    /// answer to `uci` and `isready` (now and later). A timeout beyond [`MAX_HANDSHAKE`] is taken
    /// as [`MAX_HANDSHAKE`] (a deadline must fit the clock).
    ///
    /// # Errors
    ///
    /// As [`spawn`](Self::spawn).
    pub fn spawn_with_handshake(
        path: impl AsRef<Path>,
        args: &[String],
        options: &[(String, String)],
        handshake: Duration,
    ) -> Result<Self, ClientError> {
        let path = path.as_ref();
        let mut child = Process::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                path: path.to_path_buf(),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        // A reader thread turns the engine's output into a channel, so every wait can time out.
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let mut client = UciClient {
            child,
            stdin,
            lines,
            name,
            handshake: handshake.min(MAX_HANDSHAKE),
        };

        client.send("uci")?;
        let deadline = Instant::now() + client.handshake;
        loop {
            match client.receive(deadline, "uciok")? {
                EngineMessage::Name(name) => client.name = name,
                EngineMessage::UciOk => break,
                _ => {}
            }
        }
        for (name, value) in options {
            client.send(&format!("setoption name {name} value {value}"))?;
        }
        client.wait_ready()?;
        Ok(client)
    }

    /// The engine's name (from `id name`, else the executable's file name).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one line.
    ///
    /// # Errors
    ///
    /// [`ClientError::Write`] if the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| ClientError::Write {
                engine: self.name.clone(),
                source,
            })
    }

    /// The next message, waiting until `deadline` at most.
    fn receive(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<EngineMessage, ClientError> {
        let timeout = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(timeout) {
            // A malformed info line is not worth a forfeit: keep it as text.
            Ok(line) => Ok(line.parse().unwrap_or(EngineMessage::Other(line))),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                engine: self.name.clone(),
                waiting_for,
                timeout,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Exited {
                engine: self.name.clone(),
                waiting_for,
            }),
        }
    }

    /// Sends `isready` and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// As [`send`](Self::send), or the engine exits or does not answer within the handshake
    /// timeout ([`HANDSHAKE_TIMEOUT`] unless it was started with another).
    pub fn wait_ready(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.handshake;
        while self.receive(deadline, "readyok")? != EngineMessage::ReadyOk {}
        Ok(())
    }

    /// Tells the engine a new game starts.
    ///
    /// # Errors
    ///
    /// As [`wait_ready`](Self::wait_ready).
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send("ucinewgame")?;
        self.wait_ready()
    }

    /// Sets the position (`fen` or `None` for the start position, then `moves`), searches with
    /// `go`, and waits for `bestmove` until `timeout` has passed.
    ///
    /// # Errors
    ///
    /// [`ClientError::Timeout`] if no `bestmove` comes in time (a `stop` is sent first, and the
    /// engine is given a short grace period), [`ClientError::Exited`] if the engine dies, and
    /// [`ClientError::Write`] if it stops reading.
    pub fn go(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
        params: &GoParams,
        timeout: Duration,
    ) -> Result<EngineMove, ClientError> {
        let mut position = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&go_command(params))?;
        let start = Instant::now();
        let mut deadline = start + timeout;
        let mut stopped = false;
        let mut last_info = None;
        loop {
            match self.receive(deadline, "bestmove") {
                Ok(EngineMessage::BestMove { mv, ponder }) => {
                    return Ok(EngineMove {
                        mv,
                        ponder,
                        last_info,
                        elapsed: start.elapsed(),
                    });
                }
                Ok(EngineMessage::Info(info)) if info.score.is_some() => last_info = Some(info),
                Ok(_) => {}
                // Out of time: ask it to stop, and give it a moment to answer.
                Err(ClientError::Timeout { .. }) if !stopped => {
                    stopped = true;
                    self.send("stop")?;
                    deadline = Instant::now() + Duration::from_millis(500);
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// Sends `quit` and waits briefly for the process to end, killing it if it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        // Never leave an engine process behind (quit() already reaped it when called).
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The `go` line for `params`.
#[must_use]
pub fn go_command(params: &GoParams) -> String {
    let mut line = String::from("go");
    let ms = |d: Duration| d.as_millis().to_string();
    if !params.search_moves.is_empty() {
        line += &format!(" searchmoves {}", params.search_moves.join(" "));
    }
    if params.ponder {
        line += " ponder";
    }
    let timed = [
        ("wtime", params.white_time),
        ("btime", params.black_time),
        ("winc", params.white_increment),
        ("binc", params.black_increment),
        ("movetime", params.move_time),
    ];
    for (name, value) in timed {
        if let Some(value) = value {
            line += &format!(" {name} {}", ms(value));
        }
    }
    let counted = [
        ("movestogo", params.moves_to_go.map(u64::from)),
        ("depth", params.depth.map(u64::from)),
        ("nodes", params.nodes),
        ("mate", params.mate.map(u64::from)),
    ];
    for (name, value) in counted {
        if let Some(value) = value {
            line += &format!(" {name} {value}");
        }
    }
    if params.infinite {
        line += " infinite";
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_chess::uci::{Command, InfoScore};

    /// A fake engine as a shell script.
    fn fake(script: &str) -> Result<UciClient, ClientError> {
        UciClient::spawn("sh", &["-c".to_string(), script.to_string()], &[])
    }

    const POLITE: &str = r#"while read line; do case "$line" in
        uci) echo "id name Fake Engine"; echo "option name Hash type spin"; echo uciok;;
        isready) echo readyok;;
        go*) echo "info depth 1 score cp 13 pv e2e4"; echo "bestmove e2e4 ponder e7e5";;
        quit) exit 0;;
        esac; done"#;

    #[test]
    fn any_handshake_timeout_is_taken_without_a_panic() {
        let args = ["-c".to_string(), POLITE.to_string()];
        for handshake in [
            Duration::MAX,
            MAX_HANDSHAKE + Duration::from_secs(1),
            Duration::from_secs(1),
        ] {
            let mut engine = UciClient::spawn_with_handshake("sh", &args, &[], handshake).unwrap();
            assert!(engine.handshake <= MAX_HANDSHAKE);
            engine.new_game().unwrap();
        }
    }

    #[test]
    fn a_polite_engine_plays() {
        let mut engine = fake(POLITE).unwrap();
        assert_eq!(engine.name(), "Fake Engine");
        engine.new_game().unwrap();
        let params = GoParams {
            depth: Some(3),
            ..GoParams::default()
        };
        let reply = engine
            .go(None, &["d2d4".into()], &params, Duration::from_secs(5))
            .unwrap();
        assert_eq!(reply.mv.as_deref(), Some("e2e4"));
        assert_eq!(reply.ponder.as_deref(), Some("e7e5"));
        assert_eq!(reply.last_info.unwrap().score, Some(InfoScore::Centipawns(13)));
        engine.quit();
    }

    #[test]
    fn a_crashing_engine_is_an_error_not_a_hang() {
        let crash_on_go = r#"while read line; do case "$line" in
            uci) echo uciok;; isready) echo readyok;; go*) exit 3;; esac; done"#;
        let mut engine = fake(crash_on_go).unwrap();
        let error = engine
            .go(None, &[], &GoParams::default(), Duration::from_secs(5))
            .unwrap_err();
        assert!(
            matches!(
                error,
                ClientError::Exited {
                    waiting_for: "bestmove",
                    ..
                }
            ),
            "{error}"
        );
    }

    #[test]
    fn a_silent_engine_times_out() {
        let mute_on_go = r#"while read line; do case "$line" in
            uci) echo uciok;; isready) echo readyok;; go*) echo "thinking...";; esac; done"#;
        let mut engine = fake(mute_on_go).unwrap();
        let error = engine
            .go(None, &[], &GoParams::default(), Duration::from_millis(100))
            .unwrap_err();
        assert!(
            matches!(
                error,
                ClientError::Timeout {
                    waiting_for: "bestmove",
                    ..
                }
            ),
            "{error}"
        );
        assert!(error.to_string().contains("did not send bestmove"));
    }

    #[test]
    fn a_program_that_is_not_an_engine_fails_the_handshake() {
        // Two outcomes race, both correct: the program exits before we write `uci` (the write
        // fails on a closed pipe) or after (its output ends while we wait for `uciok`).
        let error = fake("echo hello; exit 0").err().unwrap();
        assert!(
            matches!(
                error,
                ClientError::Exited {
                    waiting_for: "uciok",
                    ..
                } | ClientError::Write { .. }
            ),
            "{error}"
        );
        let missing = UciClient::spawn("/nonexistent/engine", &[], &[]).err().unwrap();
        assert!(
            missing
                .to_string()
                .starts_with("cannot start engine '/nonexistent/engine'")
        );
    }

    #[test]
    fn go_commands_parse_back_to_the_same_params() {
        let params = GoParams {
            search_moves: vec!["e2e4".into()],
            white_time: Some(Duration::from_millis(5_000)),
            black_time: Some(Duration::from_millis(4_000)),
            white_increment: Some(Duration::from_millis(50)),
            black_increment: Some(Duration::from_millis(50)),
            moves_to_go: Some(20),
            depth: Some(9),
            nodes: Some(100),
            ..GoParams::default()
        };
        assert_eq!(go_command(&params).parse::<Command>(), Ok(Command::Go(params)));
    }
}
