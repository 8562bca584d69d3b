//! Reading a person's input line by line without trusting it: a line that is not UTF-8 is
//! reported as such, never a panic and never the end of the program.

use std::io::{self, BufRead};

/// One line typed by a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line whose bytes are not UTF-8: ask again.
    NotText,
    /// The input is over.
    End,
}

/// Reads the next line of `input`.
///
/// # Errors
///
/// Only the input's own I/O errors; bytes that are not UTF-8 are [`Line::NotText`].
///
/// ```
/// use games::prompt::{Line, read_line};
/// let mut input: &[u8] = b"2 3\r\n\xff\xfe\nq";
/// assert_eq!(read_line(&mut input).unwrap(), Line::Text("2 3".into()));
/// assert_eq!(read_line(&mut input).unwrap(), Line::NotText);
/// assert_eq!(read_line(&mut input).unwrap(), Line::Text("q".into()));
/// assert_eq!(read_line(&mut input).unwrap(), Line::End);
/// ```
pub fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Line::End);
    }
    while bytes.last().is_some_and(|&byte| byte == b'\n' || byte == b'\r') {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotText, Line::Text))
}
