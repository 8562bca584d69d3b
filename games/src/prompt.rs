//! Reading a person's input line by line without trusting it: a line that is not UTF-8 is
//! reported as such, never a panic and never the end of the program.

use std::io::{self, BufRead, Write};

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

/// A person's answer to a prompt, once [`ask`] has dealt with what is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A line of text other than `q`: a move to parse.
    Move(String),
    /// A line that was not UTF-8 (already said on stdout): ask again.
    Again,
    /// `q`, or the end of the input (goodbye already said on stdout): stop.
    Quit,
}

/// Prints `question` on stdout and reads the answer from `input`: the one prompt of the
/// terminal programs. A line that is not UTF-8 is refused with the reason ([`Answer::Again`]);
/// `q` (any case) or the end of the input ends the game with a goodbye ([`Answer::Quit`]).
///
/// # Errors
///
/// Only I/O errors of `input` and stdout.
///
/// ```
/// use games::prompt::{Answer, ask};
/// let mut input: &[u8] = b"3\n\xff\nQ\n";
/// assert_eq!(ask(&mut input, "Your move: ").unwrap(), Answer::Move("3".into()));
/// assert_eq!(ask(&mut input, "Your move: ").unwrap(), Answer::Again);
/// assert_eq!(ask(&mut input, "Your move: ").unwrap(), Answer::Quit);
/// assert_eq!(ask(&mut input, "Your move: ").unwrap(), Answer::Quit);
/// ```
pub fn ask(input: &mut impl BufRead, question: &str) -> io::Result<Answer> {
    print!("{question}");
    io::stdout().flush()?;
    Ok(match read_line(input)? {
        Line::Text(line) if line.trim().eq_ignore_ascii_case("q") => {
            println!("Goodbye.");
            Answer::Quit
        }
        Line::Text(line) => Answer::Move(line),
        Line::NotText => {
            println!("\nThat line is not UTF-8 text. Try again.\n");
            Answer::Again
        }
        Line::End => {
            println!("\nEnd of input: goodbye.");
            Answer::Quit
        }
    })
}
