//! Messages from an engine to a GUI: formatted by our engine, parsed by a UCI client (the lab's,
//! and the engine's tests).

use std::fmt;

use search_core::{Bound, Score};

/// A score as UCI shows it: centipawns, or mate in moves (negative: the side to move is mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoScore {
    /// `cp N`.
    Centipawns(i32),
    /// `mate N`.
    Mate(i32),
}

impl From<Score> for InfoScore {
    fn from(score: Score) -> InfoScore {
        match score.mate_moves() {
            Some(moves) => InfoScore::Mate(moves),
            None => InfoScore::Centipawns(score.raw()),
        }
    }
}

impl fmt::Display for InfoScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InfoScore::Centipawns(cp) => write!(f, "cp {cp}"),
            InfoScore::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// An `info` line. Absent fields are not printed; `string` comes last since it takes the rest of
/// the line.
///
/// ```
/// use game_chess::uci::{Info, InfoScore};
/// let info = Info {
///     depth: Some(5),
///     score: Some(InfoScore::Centipawns(31)),
///     nodes: Some(12_345),
///     pv: vec!["e2e4".into(), "e7e5".into()],
///     ..Info::default()
/// };
/// assert_eq!(info.to_string(), "info depth 5 score cp 31 nodes 12345 pv e2e4 e7e5");
/// assert_eq!(info.to_string().parse::<Info>().unwrap(), info);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`: the nominal depth of the iteration.
    pub depth: Option<u32>,
    /// `seldepth`: the deepest ply reached.
    pub seldepth: Option<u32>,
    /// `multipv`: which of several best lines this is (from 1).
    pub multipv: Option<u32>,
    /// `score`.
    pub score: Option<InfoScore>,
    /// `lowerbound` / `upperbound` after the score: the score is only a bound. `None`: exact.
    pub bound: Option<Bound>,
    /// `nodes` searched so far.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull`: transposition-table use in per mille.
    pub hashfull: Option<u32>,
    /// `time` spent, in milliseconds.
    pub time_ms: Option<u64>,
    /// `currmove`: the root move being searched.
    pub currmove: Option<String>,
    /// `currmovenumber`: its number among the root moves (from 1).
    pub currmovenumber: Option<u32>,
    /// `pv`: the principal variation, in UCI notation.
    pub pv: Vec<String>,
    /// `string`: free text for the user.
    pub string: Option<String>,
}

impl Info {
    /// An `info string` line.
    #[must_use]
    pub fn string(text: impl Into<String>) -> Info {
        Info {
            string: Some(text.into()),
            ..Info::default()
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (name, value) in numbers {
            if let Some(value) = value {
                write!(f, " {name} {value}")?;
            }
        }
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
            match self.bound {
                Some(Bound::Lower) => write!(f, " lowerbound")?,
                Some(Bound::Upper) => write!(f, " upperbound")?,
                Some(Bound::Exact) | None => {}
            }
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("time", self.time_ms),
        ];
        for (name, value) in numbers {
            if let Some(value) = value {
                write!(f, " {name} {value}")?;
            }
        }
        if let Some(mv) = &self.currmove {
            write!(f, " currmove {mv}")?;
        }
        if let Some(number) = self.currmovenumber {
            write!(f, " currmovenumber {number}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(text) = &self.string {
            write!(f, " string {text}")?;
        }
        Ok(())
    }
}

/// Why an engine's line could not be understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Not an `info` line.
    #[error("not an info line: '{0}'")]
    NotInfo(String),
    /// A field's value is missing or not a number.
    #[error("info field '{field}' has a bad value in '{line}'")]
    BadField {
        /// The field.
        field: String,
        /// The whole line.
        line: String,
    },
    /// `bestmove` without a move.
    #[error("'bestmove' without a move")]
    BestMoveWithoutMove,
}

impl std::str::FromStr for Info {
    type Err = MessageError;

    /// Parses an `info` line. Fields this type does not know (`tbhits`, `wdl`, `refutation`,
    /// ...) are skipped, as the protocol asks of a GUI.
    fn from_str(line: &str) -> Result<Info, MessageError> {
        let mut words = line.split_whitespace().peekable();
        if words.next() != Some("info") {
            return Err(MessageError::NotInfo(line.to_string()));
        }
        let bad = |field: &str| MessageError::BadField {
            field: field.to_string(),
            line: line.to_string(),
        };
        let mut info = Info::default();
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = Some(info_number(&mut words, bad, word)?),
                "seldepth" => info.seldepth = Some(info_number(&mut words, bad, word)?),
                "multipv" => info.multipv = Some(info_number(&mut words, bad, word)?),
                "nodes" => info.nodes = Some(info_number(&mut words, bad, word)?),
                "nps" => info.nps = Some(info_number(&mut words, bad, word)?),
                "hashfull" => info.hashfull = Some(info_number(&mut words, bad, word)?),
                "time" => info.time_ms = Some(info_number(&mut words, bad, word)?),
                "currmovenumber" => info.currmovenumber = Some(info_number(&mut words, bad, word)?),
                "currmove" => info.currmove = Some(words.next().ok_or_else(|| bad(word))?.to_string()),
                "score" => {
                    let kind = words.next();
                    let value: i32 = words
                        .next()
                        .and_then(|v| v.parse().ok())
                        .ok_or_else(|| bad("score"))?;
                    info.score = Some(match kind {
                        Some("cp") => InfoScore::Centipawns(value),
                        Some("mate") => InfoScore::Mate(value),
                        _ => return Err(bad("score")),
                    });
                    match words.peek() {
                        Some(&"lowerbound") => info.bound = Some(Bound::Lower),
                        Some(&"upperbound") => info.bound = Some(Bound::Upper),
                        _ => continue,
                    }
                    words.next();
                }
                "pv" => {
                    // The PV runs to the end of the line or the next keyword.
                    while let Some(&mv) = words.peek() {
                        if INFO_KEYWORDS.contains(&mv) {
                            break;
                        }
                        info.pv.push(mv.to_string());
                        words.next();
                    }
                }
                "string" => {
                    info.string = Some(words.by_ref().collect::<Vec<_>>().join(" "));
                }
                _ => {}
            }
        }
        Ok(info)
    }
}

/// The next word as the number of `field`, read as the field's own type: a number out of its
/// range is a bad field, not another number (`hashfull 4294967296` is not 0).
fn info_number<'a, T: std::str::FromStr>(
    words: &mut impl Iterator<Item = &'a str>,
    bad: impl Fn(&str) -> MessageError,
    field: &str,
) -> Result<T, MessageError> {
    words
        .next()
        .and_then(|value| value.parse().ok())
        .ok_or_else(|| bad(field))
}

const INFO_KEYWORDS: [&str; 15] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "nodes",
    "nps",
    "hashfull",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "string",
    "tbhits",
    "cpuload",
    "refutation",
];

/// A line from an engine, as a UCI client reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name <name>`.
    Name(String),
    /// `id author <author>`.
    Author(String),
    /// `option ...`: kept as the text after `option`.
    Option(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`. `(none)` and `0000` mean no legal move.
    BestMove {
        /// The move, or `None` when the engine has none.
        mv: Option<String>,
        /// The move the engine expects in reply.
        ponder: Option<String>,
    },
    /// `info ...`.
    Info(Info),
    /// Anything else (the protocol says to ignore it; a client may log it).
    Other(String),
}

impl std::str::FromStr for EngineMessage {
    type Err = MessageError;

    /// Parses one line from an engine.
    ///
    /// ```
    /// use game_chess::uci::EngineMessage;
    /// let message: EngineMessage = "bestmove e2e4 ponder e7e5".parse().unwrap();
    /// assert_eq!(message, EngineMessage::BestMove { mv: Some("e2e4".into()), ponder: Some("e7e5".into()) });
    /// ```
    fn from_str(line: &str) -> Result<EngineMessage, MessageError> {
        let trimmed = line.trim();
        let mut words = trimmed.split_whitespace();
        // The text after the first `words` words, whatever whitespace separates them.
        let rest_after = |words: usize| {
            let mut rest = trimmed;
            for _ in 0..words {
                rest = rest.trim_start();
                rest = &rest[rest.find(char::is_whitespace).unwrap_or(rest.len())..];
            }
            rest.trim().to_string()
        };
        Ok(match words.next() {
            Some("uciok") => EngineMessage::UciOk,
            Some("readyok") => EngineMessage::ReadyOk,
            Some("id") => match words.next() {
                Some("name") => EngineMessage::Name(rest_after(2)),
                Some("author") => EngineMessage::Author(rest_after(2)),
                _ => EngineMessage::Other(trimmed.to_string()),
            },
            Some("option") => EngineMessage::Option(rest_after(1)),
            Some("info") => EngineMessage::Info(trimmed.parse()?),
            Some("bestmove") => {
                let mv = words.next().ok_or(MessageError::BestMoveWithoutMove)?;
                let mv = (mv != "(none)" && mv != "0000").then(|| mv.to_string());
                let ponder = match words.next() {
                    Some("ponder") => words.next().map(str::to_string),
                    _ => None,
                };
                EngineMessage::BestMove { mv, ponder }
            }
            _ => EngineMessage::Other(trimmed.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_round_trip() {
        let full = Info {
            depth: Some(12),
            seldepth: Some(20),
            multipv: Some(2),
            score: Some(InfoScore::Mate(-3)),
            bound: Some(Bound::Upper),
            nodes: Some(1_000_000),
            nps: Some(2_500_000),
            hashfull: Some(137),
            time_ms: Some(400),
            currmove: Some("g1f3".into()),
            currmovenumber: Some(4),
            pv: vec!["g1f3".into(), "g8f6".into()],
            string: Some("hello world".into()),
        };
        let text = full.to_string();
        assert_eq!(
            text,
            "info depth 12 seldepth 20 multipv 2 score mate -3 upperbound nodes 1000000 nps 2500000 \
             hashfull 137 time 400 currmove g1f3 currmovenumber 4 pv g1f3 g8f6 string hello world"
        );
        assert_eq!(text.parse::<Info>().unwrap(), full);
        assert_eq!(Info::string("ready").to_string(), "info string ready");
    }

    #[test]
    fn foreign_info_fields_are_skipped() {
        let info: Info =
            "info depth 20 seldepth 30 multipv 1 score cp 25 wdl 500 400 100 nodes 9 tbhits 0 time 5 pv e2e4"
                .parse()
                .unwrap();
        assert_eq!(info.depth, Some(20));
        assert_eq!(info.score, Some(InfoScore::Centipawns(25)));
        assert_eq!(info.nodes, Some(9));
        assert_eq!(info.pv, vec!["e2e4".to_string()]);
    }

    #[test]
    fn bad_info_fields_are_errors() {
        for line in ["info depth x", "info score cp", "info score kg 4", "info nodes"] {
            assert!(
                matches!(line.parse::<Info>(), Err(MessageError::BadField { .. })),
                "{line}"
            );
        }
        assert_eq!(
            "bestmove".parse::<EngineMessage>().unwrap_err().to_string(),
            "'bestmove' without a move"
        );
    }

    /// Found by the `uci_command` fuzz target: a number too large for its field was cut to
    /// its low bits (`hashfull 4294967296` read as 0) instead of refused.
    #[test]
    fn numbers_too_large_for_their_field_are_bad_fields() {
        for line in [
            "info depth 4294967296",
            "info seldepth 4294967297 depth 3",
            "info multipv 5000000000",
            "info hashfull 155555555555537",
            "info currmovenumber 4294967296",
            "info nodes 18446744073709551616",
        ] {
            assert!(
                matches!(line.parse::<Info>(), Err(MessageError::BadField { .. })),
                "{line}: {:?}",
                line.parse::<Info>()
            );
        }
        let info: Info = "info depth 4294967295 nodes 18446744073709551615"
            .parse()
            .unwrap();
        assert_eq!((info.depth, info.nodes), (Some(u32::MAX), Some(u64::MAX)));
    }

    /// Found by the `uci_command` fuzz target: the text after `id name` was cut at a fixed
    /// byte offset, so more than one blank between the words lost letters of the name (`e
    /// Stockfish`), and a wide blank (U+2003) put the cut inside a character (a panic).
    #[test]
    fn id_and_option_texts_are_the_words_after_the_keywords() {
        let cases = [
            (
                "id  name Stockfish 15.1",
                EngineMessage::Name("Stockfish 15.1".into()),
            ),
            ("id\tname\t Stockfish", EngineMessage::Name("Stockfish".into())),
            ("id \u{2003}\u{2003}name X", EngineMessage::Name("X".into())),
            (
                "id   author  A. Author ",
                EngineMessage::Author("A. Author".into()),
            ),
            (
                "option\u{3000}name Hash",
                EngineMessage::Option("name Hash".into()),
            ),
            ("id name", EngineMessage::Name(String::new())),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<EngineMessage>().unwrap(), expected, "{line:?}");
        }
    }

    #[test]
    fn engine_messages() {
        let cases = [
            (
                "id name Stockfish 15.1",
                EngineMessage::Name("Stockfish 15.1".into()),
            ),
            (
                "id author the authors",
                EngineMessage::Author("the authors".into()),
            ),
            ("uciok", EngineMessage::UciOk),
            ("readyok\r", EngineMessage::ReadyOk),
            (
                "option name Hash type spin default 16 min 1 max 33554432",
                EngineMessage::Option("name Hash type spin default 16 min 1 max 33554432".into()),
            ),
            (
                "bestmove (none)",
                EngineMessage::BestMove {
                    mv: None,
                    ponder: None,
                },
            ),
            (
                "bestmove a7a8q",
                EngineMessage::BestMove {
                    mv: Some("a7a8q".into()),
                    ponder: None,
                },
            ),
            (
                "Stockfish by the authors",
                EngineMessage::Other("Stockfish by the authors".into()),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<EngineMessage>().unwrap(), expected, "{line}");
        }
    }

    #[test]
    fn scores_convert_from_search_scores() {
        assert_eq!(InfoScore::from(Score::cp(-40)), InfoScore::Centipawns(-40));
        assert_eq!(InfoScore::from(Score::mate_in(5)), InfoScore::Mate(3));
        assert_eq!(InfoScore::from(Score::mated_in(4)), InfoScore::Mate(-2));
    }
}
