//! EPD records: a position and its operations (`bm`, `am`, `id`, `acd`, `dm`, `c0`…`c9`, and the
//! perft suites' `D1 n; D2 n; …`).
//!
//! An EPD line is the first four FEN fields, optionally the halfmove and fullmove numbers (the
//! perft suite has them), then operations separated by `;`, each an opcode and operands. String
//! operands are in double quotes and may contain `;`. `bm`/`am` operands are SAN and are parsed
//! against the position, so a record that names an illegal move is an error, not a surprise later.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError};
use shakmaty::{Chess, EnPassantMode, Move};

use crate::position::parse_fen;
use crate::{ChessConfig, ChessGame, Error};

/// One parsed EPD line.
///
/// ```
/// use game_chess::parse_epd;
/// let record = parse_epd(r#"6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank"; dm 1; c0 "easy; really";"#)?;
/// assert_eq!(record.id.as_deref(), Some("back rank"));
/// assert_eq!(record.direct_mate, Some(1));
/// assert_eq!(record.best_moves.len(), 1);
/// assert_eq!(game_chess::to_uci(record.best_moves[0]), "a1a8");
/// assert_eq!(record.comments[0].as_deref(), Some("easy; really"));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct EpdRecord {
    /// The position.
    pub chess: Chess,
    /// The position as FEN (with the record's halfmove and fullmove numbers, if it had them).
    pub fen: String,
    /// `id`: the record's name.
    pub id: Option<String>,
    /// `bm`: the best moves.
    pub best_moves: Vec<Move>,
    /// `am`: moves to avoid.
    pub avoid_moves: Vec<Move>,
    /// `acd`: the analysis depth (the thesis gives each position's search depth here).
    pub analysis_depth: Option<u32>,
    /// `dm`: the side to move mates in this many moves.
    pub direct_mate: Option<u32>,
    /// `c0` … `c9`: comments.
    pub comments: [Option<String>; 10],
    /// `D1 n; D2 n; …`: perft node counts by depth, in the order given.
    pub perft: Vec<(u32, u64)>,
    /// Every other operation, opcode and operand text, kept as given.
    pub other: Vec<(String, String)>,
}

impl EpdRecord {
    /// The position as a [`ChessGame`] with `config`.
    #[must_use]
    pub fn game(&self, config: ChessConfig) -> ChessGame {
        ChessGame::new(self.chess.clone(), config)
    }

    /// The `id`, or the FEN when there is none.
    #[must_use]
    pub fn label(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.fen)
    }
}

/// Parses one EPD line.
///
/// # Errors
///
/// A bad position ([`Error::EpdTooShort`], [`Error::Fen`], [`Error::IllegalPosition`]), a bad
/// move operand ([`Error::NotSan`], [`Error::IllegalSan`]), a bad number
/// ([`Error::EpdNumber`]), a missing operand ([`Error::EpdMissingOperand`]) or an unterminated
/// string ([`Error::EpdUnterminatedString`]).
pub fn parse_epd(line: &str) -> Result<EpdRecord, Error> {
    let line = line.trim();
    let mut rest = line;
    let mut fields = Vec::with_capacity(6);
    for _ in 0..4 {
        let (field, after) = next_token(rest).ok_or_else(|| Error::EpdTooShort {
            line: line.to_string(),
        })?;
        fields.push(field.trim_end_matches(';'));
        rest = after;
    }
    // Optional halfmove and fullmove numbers (the second may carry the first `;`).
    if let Some((halfmoves, after)) = next_token(rest)
        && halfmoves.parse::<u32>().is_ok()
        && let Some((fullmoves, after)) = next_token(after)
        && fullmoves.trim_end_matches(';').parse::<u32>().is_ok()
    {
        fields.push(halfmoves);
        fields.push(fullmoves.trim_end_matches(';'));
        rest = after;
    }
    let fen = fields.join(" ");
    let chess = parse_fen(&fen)?;

    let mut record = EpdRecord {
        chess,
        fen,
        id: None,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        analysis_depth: None,
        direct_mate: None,
        comments: Default::default(),
        perft: Vec::new(),
        other: Vec::new(),
    };
    for (opcode, operands) in operations(rest)? {
        apply(&mut record, &opcode, operands)?;
    }
    Ok(record)
}

/// Parses every non-empty line of an EPD file (lines starting with `#` are comments).
///
/// # Errors
///
/// The first bad line, as [`Error::AtLine`] with its 1-based number.
pub fn parse_epd_file(text: &str) -> Result<Vec<EpdRecord>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            parse_epd(line).map_err(|err| Error::AtLine {
                line: index + 1,
                source: Box::new(err),
            })
        })
        .collect()
}

/// The next whitespace-separated token and the text after it.
fn next_token(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    if text.is_empty() {
        return None;
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    Some((&text[..end], &text[end..]))
}

/// An operand: a bare token or a quoted string.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Operand {
    Bare(String),
    Quoted(String),
}

impl Operand {
    fn text(&self) -> &str {
        match self {
            Operand::Bare(text) | Operand::Quoted(text) => text,
        }
    }
}

/// Splits the operations part into (opcode, operands), honouring quoted strings.
fn operations(text: &str) -> Result<Vec<(String, Vec<Operand>)>, Error> {
    let mut operations = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        // Skip separators.
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ';') {
            chars.next();
        }
        if chars.peek().is_none() {
            return Ok(operations);
        }
        let mut opcode = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == ';' {
                break;
            }
            opcode.push(c);
            chars.next();
        }
        let mut operands = Vec::new();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            match chars.peek() {
                None | Some(';') => break,
                Some('"') => {
                    chars.next();
                    let mut string = String::new();
                    loop {
                        match chars.next() {
                            None => return Err(Error::EpdUnterminatedString { opcode }),
                            Some('"') => break,
                            Some(c) => string.push(c),
                        }
                    }
                    operands.push(Operand::Quoted(string));
                }
                Some(_) => {
                    let mut token = String::new();
                    while let Some(&c) = chars.peek() {
                        if c.is_whitespace() || c == ';' {
                            break;
                        }
                        token.push(c);
                        chars.next();
                    }
                    operands.push(Operand::Bare(token));
                }
            }
        }
        operations.push((opcode, operands));
    }
}

fn apply(record: &mut EpdRecord, opcode: &str, operands: Vec<Operand>) -> Result<(), Error> {
    let single = |operands: &[Operand]| -> Result<String, Error> {
        operands
            .first()
            .map(|operand| operand.text().to_string())
            .ok_or_else(|| Error::EpdMissingOperand {
                opcode: opcode.to_string(),
            })
    };
    let number = |operands: &[Operand]| -> Result<u64, Error> {
        let text = single(operands)?;
        text.parse().map_err(|_| Error::EpdNumber {
            opcode: opcode.to_string(),
            text,
        })
    };
    let to_u32 = |value: u64| -> Result<u32, Error> {
        u32::try_from(value).map_err(|_| Error::EpdNumber {
            opcode: opcode.to_string(),
            text: value.to_string(),
        })
    };
    match opcode {
        "id" => record.id = Some(single(&operands)?),
        "acd" => record.analysis_depth = Some(to_u32(number(&operands)?)?),
        "dm" => record.direct_mate = Some(to_u32(number(&operands)?)?),
        "bm" | "am" => {
            if operands.is_empty() {
                return Err(Error::EpdMissingOperand {
                    opcode: opcode.to_string(),
                });
            }
            let moves = operands
                .iter()
                .map(|operand| parse_san(&record.chess, opcode, operand.text()))
                .collect::<Result<Vec<_>, _>>()?;
            if opcode == "bm" {
                record.best_moves = moves;
            } else {
                record.avoid_moves = moves;
            }
        }
        _ => {
            if let Some(index) = comment_index(opcode) {
                record.comments[index] = Some(single(&operands)?);
            } else if let Some(depth) = perft_depth(opcode) {
                record.perft.push((depth, number(&operands)?));
            } else {
                let text: Vec<&str> = operands.iter().map(Operand::text).collect();
                record.other.push((opcode.to_string(), text.join(" ")));
            }
        }
    }
    Ok(())
}

/// `c0` … `c9` → 0 … 9.
fn comment_index(opcode: &str) -> Option<usize> {
    let digit = opcode.strip_prefix('c')?;
    (digit.len() == 1).then(|| digit.parse().ok()).flatten()
}

/// `D1`, `D2`, … → 1, 2, …
fn perft_depth(opcode: &str) -> Option<u32> {
    let digits = opcode.strip_prefix('D')?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

fn parse_san(chess: &Chess, opcode: &str, text: &str) -> Result<Move, Error> {
    let san = San::from_ascii(text.trim_end_matches(['+', '#', '!', '?']).as_bytes()).map_err(|_| {
        Error::NotSan {
            opcode: opcode.to_string(),
            text: text.to_string(),
        }
    })?;
    san.to_move(chess).map_err(|err| Error::IllegalSan {
        opcode: opcode.to_string(),
        san: text.to_string(),
        fen: Fen::from_position(chess, EnPassantMode::Legal).to_string(),
        reason: match err {
            SanError::AmbiguousSan => "ambiguous san".to_string(),
            SanError::IllegalSan => "illegal san".to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_records_with_clocks() {
        let record = parse_epd("k7/6p1/8/8/8/8/7P/K7 b - - 0 1; D1 5; D2 25; D3 161").unwrap();
        assert_eq!(record.fen, "k7/6p1/8/8/8/8/7P/K7 b - - 0 1");
        assert_eq!(record.perft, [(1, 5), (2, 25), (3, 161)]);
    }

    #[test]
    fn several_best_moves_and_unknown_opcodes() {
        let record = parse_epd(
            r#"rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - bm Qd2 Qe1; acd 5; pv Qd2; c1 "x""#,
        )
        .unwrap();
        let best: Vec<String> = record.best_moves.iter().map(|&m| crate::to_uci(m)).collect();
        assert_eq!(best, ["d1d2", "d1e1"]);
        assert_eq!(record.analysis_depth, Some(5));
        assert_eq!(record.other, [("pv".to_string(), "Qd2".to_string())]);
        assert_eq!(record.comments[1].as_deref(), Some("x"));
        assert_eq!(record.label(), record.fen);
    }
}
