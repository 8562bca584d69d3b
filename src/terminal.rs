//! What the terminal games in `examples/` share: reading what the player types.

use std::io::{self, BufRead};

/// One line from the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A line of text, without its line ending.
    Line(String),
    /// A line that is not UTF-8 text (a stray byte, another encoding): say so and ask again.
    NotText,
    /// The end of the input.
    End,
}

/// Reads one line from `input`. Bytes that are not UTF-8 give [`Typed::NotText`] for their line,
/// not an error: the game goes on.
///
/// # Errors
///
/// Only the input's own read errors.
///
/// ```
/// use game_search::terminal::{Typed, read_line};
/// let mut input: &[u8] = b"\xff\n5\n";
/// assert_eq!(read_line(&mut input).unwrap(), Typed::NotText);
/// assert_eq!(read_line(&mut input).unwrap(), Typed::Line("5".to_string()));
/// assert_eq!(read_line(&mut input).unwrap(), Typed::End);
/// ```
pub fn read_line(input: &mut impl BufRead) -> io::Result<Typed> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Typed::End);
    }
    while bytes.last().is_some_and(|&byte| byte == b'\n' || byte == b'\r') {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Typed::NotText, Typed::Line))
}
