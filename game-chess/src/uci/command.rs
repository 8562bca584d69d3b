//! Commands from a GUI to an engine, parsed from text.
//!
//! The grammar is the UCI protocol's (Stefan Meyer-Kahlen, 2004). Moves stay as text here: whether
//! `e2e4` is legal depends on the position, which the engine checks when it applies the command.

use std::time::Duration;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the standard initial position.
    Startpos,
    /// `fen <six fields>`: the FEN text, fields joined by single spaces.
    Fen(String),
}

/// The parameters of a `go` command. Every field is optional; [`GoParams::default`] is `go` alone
/// (the engine then searches until `stop`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `searchmoves`: restrict the search to these root moves.
    pub search_moves: Vec<String>,
    /// `ponder`: search in the opponent's time, on the move the engine predicted.
    pub ponder: bool,
    /// `wtime`: White's remaining time (negative values, which some GUIs send when a clock
    /// runs out, are read as zero).
    pub white_time: Option<Duration>,
    /// `btime`: Black's remaining time.
    pub black_time: Option<Duration>,
    /// `winc`: White's increment per move.
    pub white_increment: Option<Duration>,
    /// `binc`: Black's increment per move.
    pub black_increment: Option<Duration>,
    /// `movestogo`: moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// `depth`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes`: search about this many nodes.
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime`: search exactly this long.
    pub move_time: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, answer `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` when ready.
    IsReady,
    /// `setoption name <name> [value <value>]` (the name may contain spaces).
    SetOption {
        /// The option's name as given.
        name: String,
        /// The value, absent for buttons.
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored (the engine needs no registration).
    Register,
    /// `ucinewgame`: the next position belongs to a new game.
    UciNewGame,
    /// `position startpos|fen <fen> [moves <m1> <m2> ...]`.
    Position {
        /// The starting position.
        start: StartPosition,
        /// The moves played from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`: start searching.
    Go(GoParams),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the predicted move was played; keep searching, now on the clock.
    PonderHit,
    /// `quit`.
    Quit,
    /// `bench [depth]`: not UCI; search fixed positions and print the node count and speed.
    Bench {
        /// The depth, if not the default.
        depth: Option<u32>,
    },
}

/// Why a line from the GUI could not be understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// Nothing but whitespace.
    #[error("empty command")]
    Empty,
    /// The first word is not a command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A command lacks a part it needs.
    #[error("'{command}' needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What is missing.
        what: &'static str,
    },
    /// A number could not be read.
    #[error("'{field}' needs a number, got '{value}'")]
    BadNumber {
        /// The parameter.
        field: &'static str,
        /// The text given.
        value: String,
    },
    /// A word the command does not know.
    #[error("'{command}': unexpected '{word}'")]
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word.
        word: String,
    },
}

impl std::str::FromStr for Command {
    type Err = CommandError;

    /// Parses one line from the GUI.
    ///
    /// ```
    /// use game_chess::uci::{Command, StartPosition};
    /// let command: Command = "position startpos moves e2e4 e7e5".parse().unwrap();
    /// assert_eq!(command, Command::Position {
    ///     start: StartPosition::Startpos,
    ///     moves: vec!["e2e4".into(), "e7e5".into()],
    /// });
    /// assert_eq!("jump".parse::<Command>().unwrap_err().to_string(), "unknown command 'jump'");
    /// ```
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let mut words = line.split_whitespace();
        let command = words.next().ok_or(CommandError::Empty)?;
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => Ok(Command::Uci),
            "isready" => Ok(Command::IsReady),
            "ucinewgame" => Ok(Command::UciNewGame),
            "stop" => Ok(Command::Stop),
            "ponderhit" => Ok(Command::PonderHit),
            "quit" => Ok(Command::Quit),
            "register" => Ok(Command::Register),
            "debug" => match rest.first() {
                Some(&"on") => Ok(Command::Debug(true)),
                Some(&"off") => Ok(Command::Debug(false)),
                Some(word) => Err(CommandError::Unexpected {
                    command: "debug",
                    word: (*word).to_string(),
                }),
                None => Err(CommandError::Missing {
                    command: "debug",
                    what: "'on' or 'off'",
                }),
            },
            "setoption" => parse_setoption(&rest),
            "position" => parse_position(&rest),
            "go" => parse_go(&rest).map(Command::Go),
            "bench" => match rest.first() {
                None => Ok(Command::Bench { depth: None }),
                Some(value) => Ok(Command::Bench {
                    depth: Some(number("bench", value)?),
                }),
            },
            other => Err(CommandError::Unknown(other.to_string())),
        }
    }
}

fn number<T: std::str::FromStr>(field: &'static str, value: &str) -> Result<T, CommandError> {
    value.parse().map_err(|_| CommandError::BadNumber {
        field,
        value: value.to_string(),
    })
}

/// A time in milliseconds; negative values (a flagged clock) read as zero.
fn millis(field: &'static str, value: &str) -> Result<Duration, CommandError> {
    let ms: i64 = number(field, value)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    const MISSING_NAME: CommandError = CommandError::Missing {
        command: "setoption",
        what: "'name <option>'",
    };
    match words.first() {
        Some(&"name") => {}
        Some(word) => {
            return Err(CommandError::Unexpected {
                command: "setoption",
                word: (*word).to_string(),
            });
        }
        None => return Err(MISSING_NAME),
    }
    let words = &words[1..];
    let value_at = words.iter().position(|&word| word == "value");
    let (name, value) = match value_at {
        Some(at) => (&words[..at], Some(words[at + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(MISSING_NAME);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, CommandError> {
    let moves_at = words.iter().position(|&word| word == "moves");
    let (start_words, moves) = match moves_at {
        Some(at) => (
            &words[..at],
            words[at + 1..].iter().map(|m| (*m).to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    let start = match start_words.split_first() {
        Some((&"startpos", [])) => StartPosition::Startpos,
        Some((&"startpos", [extra, ..])) => {
            return Err(CommandError::Unexpected {
                command: "position",
                word: (*extra).to_string(),
            });
        }
        Some((&"fen", [])) => {
            return Err(CommandError::Missing {
                command: "position fen",
                what: "a FEN",
            });
        }
        Some((&"fen", fen)) => StartPosition::Fen(fen.join(" ")),
        Some((word, _)) => {
            return Err(CommandError::Unexpected {
                command: "position",
                word: (*word).to_string(),
            });
        }
        None => {
            return Err(CommandError::Missing {
                command: "position",
                what: "'startpos' or 'fen <fen>'",
            });
        }
    };
    Ok(Command::Position { start, moves })
}

fn parse_go(words: &[&str]) -> Result<GoParams, CommandError> {
    let mut params = GoParams::default();
    let mut words = words.iter().copied().peekable();
    while let Some(word) = words.next() {
        let mut value = |field: &'static str| {
            words.next().ok_or(CommandError::Missing {
                command: "go",
                what: field_needs(field),
            })
        };
        match word {
            "searchmoves" => {
                // Every following word that is not a go keyword is a move.
                while let Some(&mv) = words.peek() {
                    if GO_KEYWORDS.contains(&mv) {
                        break;
                    }
                    params.search_moves.push(mv.to_string());
                    words.next();
                }
            }
            "ponder" => params.ponder = true,
            "infinite" => params.infinite = true,
            "wtime" => params.white_time = Some(millis("wtime", value("wtime")?)?),
            "btime" => params.black_time = Some(millis("btime", value("btime")?)?),
            "winc" => params.white_increment = Some(millis("winc", value("winc")?)?),
            "binc" => params.black_increment = Some(millis("binc", value("binc")?)?),
            "movestogo" => params.moves_to_go = Some(number("movestogo", value("movestogo")?)?),
            "depth" => params.depth = Some(number("depth", value("depth")?)?),
            "nodes" => params.nodes = Some(number("nodes", value("nodes")?)?),
            "mate" => params.mate = Some(number("mate", value("mate")?)?),
            "movetime" => params.move_time = Some(millis("movetime", value("movetime")?)?),
            other => {
                return Err(CommandError::Unexpected {
                    command: "go",
                    word: other.to_string(),
                });
            }
        }
    }
    Ok(params)
}

const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

fn field_needs(field: &'static str) -> &'static str {
    match field {
        "wtime" | "btime" | "winc" | "binc" | "movetime" => {
            "a time in milliseconds after its clock parameter"
        }
        _ => "a number after each of depth, nodes, mate and movestogo",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        let ms = Duration::from_millis;
        let cases: Vec<(&str, Command)> = vec![
            ("uci", Command::Uci),
            ("  isready  ", Command::IsReady),
            ("debug on", Command::Debug(true)),
            ("ucinewgame", Command::UciNewGame),
            ("stop", Command::Stop),
            ("ponderhit", Command::PonderHit),
            ("quit", Command::Quit),
            ("register later", Command::Register),
            ("bench", Command::Bench { depth: None }),
            ("bench 7", Command::Bench { depth: Some(7) }),
            (
                "setoption name Clear Hash",
                Command::SetOption {
                    name: "Clear Hash".into(),
                    value: None,
                },
            ),
            (
                "setoption name Move Overhead value 30",
                Command::SetOption {
                    name: "Move Overhead".into(),
                    value: Some("30".into()),
                },
            ),
            (
                "position startpos",
                Command::Position {
                    start: StartPosition::Startpos,
                    moves: vec![],
                },
            ),
            (
                "position fen 8/8/8/8/8/k7/8/K7 w - - 0 1 moves a1b1",
                Command::Position {
                    start: StartPosition::Fen("8/8/8/8/8/k7/8/K7 w - - 0 1".into()),
                    moves: vec!["a1b1".into()],
                },
            ),
            ("go", Command::Go(GoParams::default())),
            (
                "go infinite",
                Command::Go(GoParams {
                    infinite: true,
                    ..GoParams::default()
                }),
            ),
            (
                "go wtime 300000 btime -20 winc 2000 binc 2000 movestogo 40",
                Command::Go(GoParams {
                    white_time: Some(ms(300_000)),
                    black_time: Some(ms(0)),
                    white_increment: Some(ms(2_000)),
                    black_increment: Some(ms(2_000)),
                    moves_to_go: Some(40),
                    ..GoParams::default()
                }),
            ),
            (
                "go searchmoves e2e4 d2d4 depth 5 nodes 1000 movetime 50 mate 3 ponder",
                Command::Go(GoParams {
                    search_moves: vec!["e2e4".into(), "d2d4".into()],
                    depth: Some(5),
                    nodes: Some(1_000),
                    move_time: Some(ms(50)),
                    mate: Some(3),
                    ponder: true,
                    ..GoParams::default()
                }),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<Command>(), Ok(expected), "{line:?}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            ("", "empty command"),
            ("   ", "empty command"),
            ("hello", "unknown command 'hello'"),
            ("debug", "'debug' needs 'on' or 'off'"),
            ("debug maybe", "'debug': unexpected 'maybe'"),
            ("setoption", "'setoption' needs 'name <option>'"),
            ("setoption name", "'setoption' needs 'name <option>'"),
            ("setoption Hash 5", "'setoption': unexpected 'Hash'"),
            ("position", "'position' needs 'startpos' or 'fen <fen>'"),
            ("position fen", "'position fen' needs a FEN"),
            ("position start", "'position': unexpected 'start'"),
            ("position startpos e2e4", "'position': unexpected 'e2e4'"),
            (
                "go depth",
                "'go' needs a number after each of depth, nodes, mate and movestogo",
            ),
            ("go depth five", "'depth' needs a number, got 'five'"),
            ("go depth -1", "'depth' needs a number, got '-1'"),
            (
                "go wtime",
                "'go' needs a time in milliseconds after its clock parameter",
            ),
            ("go wtime 1.5", "'wtime' needs a number, got '1.5'"),
            ("go fast", "'go': unexpected 'fast'"),
            ("bench deep", "'bench' needs a number, got 'deep'"),
        ];
        for (line, message) in cases {
            let error = line.parse::<Command>().unwrap_err();
            assert_eq!(error.to_string(), message, "{line:?}");
        }
    }
}
