//! The book's generated sections: the result programs write the tables they print into the
//! book's pages (`book/src/*.md`), so that no table is pasted by hand.
//!
//! A section is the text between two markers, each on a line of its own, outside fenced code
//! blocks (an example in a code block is not a marker):
//!
//! ```text
//! <!-- generated: NAME by `COMMAND` at COMMIT -->
//! ...the table, as COMMAND printed it...
//! <!-- end: NAME -->
//! ```
//!
//! `COMMIT` is the commit the workspace was at when the section was written (`+changes` after
//! it if tracked files outside the book differed), left out where there is no git checkout.
//!
//! `NAME` (lower-case letters, digits and single hyphens) is unique in the book; `COMMAND` makes
//! the section again and writes it there. [`Book::write`] replaces what is between the markers of
//! one section with new Markdown and rewrites its start marker with the command that made it;
//! everything else in the page is left byte for byte. `book/check.py` checks the same rules
//! (closed markers, unique names) when the book is built.
//!
//! The programs find the book from the workspace's root ([`DEFAULT_PAGES`]); their `--book-dir
//! DIR` names another folder of pages (the tests use a temporary one). A program that writes
//! into the book checks its sections first ([`Book::check`]), so that a long run does not end in
//! a missing marker; what it prints it also keeps ([`Transcript`]), to write it at the end.

use std::fmt::Display;
use std::fs;
use std::path::{Path, PathBuf};

/// The book's pages in this repository: `book/src` of the workspace.
pub const DEFAULT_PAGES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../book/src");

/// Why a section cannot be found or written.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The folder of pages cannot be read.
    #[error("cannot read the book's pages in {}: {source}", dir.display())]
    NoBook {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The folder holds no Markdown page.
    #[error("no Markdown page (*.md) in {}: is it the book's source folder (book/src)?", dir.display())]
    NoPages {
        /// The folder.
        dir: PathBuf,
    },
    /// A page cannot be read or written.
    #[error("cannot {action} {}: {source}", page.display())]
    Page {
        /// `read` or `write`.
        action: &'static str,
        /// The page.
        page: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not a section name.
    #[error("bad section name {0:?}: lower-case letters, digits and single hyphens, e.g. thesis-table-3")]
    BadName(String),
    /// A command that cannot stand in a start marker.
    #[error("the command {0:?} cannot go into a marker (it must be one line without backquotes)")]
    BadCommand(String),
    /// Content that would break the markers.
    #[error("cannot write section {name}: {why}")]
    BadContent {
        /// The section.
        name: String,
        /// What is wrong with the content.
        why: String,
    },
    /// No start marker of that name.
    #[error("no section {name} in the book ({}): {}", dir.display(), found_names(found))]
    Missing {
        /// The section asked for.
        name: String,
        /// The folder of pages.
        dir: PathBuf,
        /// The sections the book has.
        found: Vec<String>,
    },
    /// Several start markers of that name.
    #[error("section {name} is in the book {} times (at {}): a name must be unique", places.len(), places.join(", "))]
    Duplicate {
        /// The section.
        name: String,
        /// `page.md:LINE` of each start marker.
        places: Vec<String>,
    },
    /// A start marker without its end marker before the next marker.
    #[error("section {name} opened at {place} has no `<!-- end: {name} -->` before {next}")]
    Unclosed {
        /// The section.
        name: String,
        /// `page.md:LINE` of its start marker.
        place: String,
        /// What comes instead (another marker, or the end of the page).
        next: String,
    },
}

fn found_names(found: &[String]) -> String {
    if found.is_empty() {
        "it has no generated section at all".to_string()
    } else {
        format!("the sections it has are {}", found.join(", "))
    }
}

/// One section of the book, as found by [`Book::section`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Its name.
    pub name: String,
    /// The page it is in.
    pub page: PathBuf,
    /// The start marker's line (1-based).
    pub start: usize,
    /// The end marker's line (1-based).
    pub end: usize,
    /// The command its start marker names.
    pub command: String,
    /// What is between the markers, a line each.
    pub content: Vec<String>,
}

/// A marker line of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Marker {
    Start { name: String, command: String },
    End { name: String },
}

/// Whether `name` can name a section: `[a-z0-9]+(-[a-z0-9]+)*`.
#[must_use]
pub fn is_section_name(name: &str) -> bool {
    !name.is_empty()
        && name.split('-').all(|part| {
            !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// The marker on `line`, if it is one (the whole line, as `book/check.py` reads it).
fn marker(line: &str) -> Option<Marker> {
    if let Some(rest) = line.strip_prefix("<!-- generated: ") {
        let rest = rest.strip_suffix(" -->")?;
        // The commit the section was made at, if it says (` at COMMIT` after the command).
        let rest = match rest.rsplit_once("` at ") {
            Some((before, commit)) if is_commit(commit) => before,
            _ => rest.strip_suffix('`')?,
        };
        let (name, command) = rest.split_once(" by `")?;
        (is_section_name(name) && !command.is_empty() && !command.contains('`')).then(|| Marker::Start {
            name: name.to_string(),
            command: command.to_string(),
        })
    } else {
        let name = line.strip_prefix("<!-- end: ")?.strip_suffix(" -->")?;
        is_section_name(name).then(|| Marker::End {
            name: name.to_string(),
        })
    }
}

/// Whether `text` names a commit as a section's marker does: 7 to 40 hexadecimal digits, then
/// `+changes` if the working tree had changes outside the book.
fn is_commit(text: &str) -> bool {
    let hex = text.strip_suffix("+changes").unwrap_or(text);
    (7..=40).contains(&hex.len())
        && hex
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// The commit the workspace is at, as a section's marker names it (`git rev-parse --short=10
/// HEAD`, then `+changes` if tracked files outside the book differ from it); `None` outside a
/// git checkout or without git.
fn current_commit(pages: &Path) -> Option<String> {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(pages)
            .args(args)
            .output()
            .ok()
    };
    let head = git(&["rev-parse", "--short=10", "HEAD"]).filter(|out| out.status.success())?;
    let commit = String::from_utf8(head.stdout).ok()?.trim().to_string();
    if !is_commit(&commit) {
        return None;
    }
    let top = git(&["rev-parse", "--show-toplevel"]).filter(|out| out.status.success())?;
    let top = String::from_utf8(top.stdout).ok()?.trim().to_string();
    let clean = std::process::Command::new("git")
        .args(["-C", &top, "diff", "--quiet", "HEAD", "--", ".", ":(exclude)book"])
        .status()
        .ok()?;
    Some(if clean.success() {
        commit
    } else {
        format!("{commit}+changes")
    })
}

/// The fence a line opens or closes (``` or ~~~, three or more), as `book/check.py` reads it.
fn fence(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let tick = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = trimmed.chars().take_while(|c| *c == tick).count();
    (length >= 3).then(|| &trimmed[..length])
}

/// The markers of a page's lines, with their indices, fenced code blocks skipped; and whether
/// the page ends inside a fence.
fn markers(lines: &[&str]) -> (Vec<(usize, Marker)>, bool) {
    let mut found = Vec::new();
    let mut open: Option<&str> = None;
    for (index, line) in lines.iter().enumerate() {
        match open {
            Some(opening) => {
                if line.trim().starts_with(opening) {
                    open = None;
                }
            }
            None => {
                if let Some(opening) = fence(line) {
                    open = Some(opening);
                } else if let Some(marker) = marker(line) {
                    found.push((index, marker));
                }
            }
        }
    }
    (found, open.is_some())
}

/// The book's pages: a folder of Markdown files (`book/src`, [`DEFAULT_PAGES`]).
#[derive(Clone, Debug)]
pub struct Book {
    dir: PathBuf,
}

impl Default for Book {
    fn default() -> Self {
        Book::at(DEFAULT_PAGES)
    }
}

impl Book {
    /// The book whose pages are in `dir` (nothing is read yet).
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Book { dir: dir.into() }
    }

    /// The book of a program's `--book-dir` option: `dir`, or this repository's
    /// ([`DEFAULT_PAGES`]).
    #[must_use]
    pub fn from_option(dir: Option<&Path>) -> Self {
        dir.map_or_else(Book::default, Book::at)
    }

    /// The folder of pages.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every page (`*.md`, in sub-folders too), sorted.
    ///
    /// # Errors
    ///
    /// The folder cannot be read, or holds no page.
    fn pages(&self) -> Result<Vec<PathBuf>, BookError> {
        fn walk(dir: &Path, pages: &mut Vec<PathBuf>) -> std::io::Result<()> {
            for entry in fs::read_dir(dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    walk(&path, pages)?;
                } else if path.extension().is_some_and(|e| e == "md") {
                    pages.push(path);
                }
            }
            Ok(())
        }
        let mut pages = Vec::new();
        walk(&self.dir, &mut pages).map_err(|source| BookError::NoBook {
            dir: self.dir.clone(),
            source,
        })?;
        if pages.is_empty() {
            return Err(BookError::NoPages {
                dir: self.dir.clone(),
            });
        }
        pages.sort();
        Ok(pages)
    }

    /// `page.md:LINE`, the page named from the book's folder.
    fn place(&self, page: &Path, line: usize) -> String {
        let page = page.strip_prefix(&self.dir).unwrap_or(page);
        format!("{}:{line}", page.display())
    }

    fn read(page: &Path) -> Result<String, BookError> {
        fs::read_to_string(page).map_err(|source| BookError::Page {
            action: "read",
            page: page.to_path_buf(),
            source,
        })
    }

    /// The names of every section of the book, sorted, each once.
    ///
    /// # Errors
    ///
    /// The pages cannot be read.
    pub fn names(&self) -> Result<Vec<String>, BookError> {
        let mut names = Vec::new();
        for page in self.pages()? {
            let text = Self::read(&page)?;
            let lines: Vec<&str> = text.lines().collect();
            for (_, marker) in markers(&lines).0 {
                if let Marker::Start { name, .. } = marker {
                    names.push(name);
                }
            }
        }
        names.sort();
        names.dedup();
        Ok(names)
    }

    /// The section `name`: exactly one start marker of that name, closed by its end marker
    /// before any other marker.
    ///
    /// # Errors
    ///
    /// A bad name, pages that cannot be read, no such section (the error lists the book's
    /// sections), several, or one without its end marker.
    pub fn section(&self, name: &str) -> Result<Section, BookError> {
        if !is_section_name(name) {
            return Err(BookError::BadName(name.to_string()));
        }
        let mut found = Vec::new();
        let mut all = Vec::new();
        for page in self.pages()? {
            let text = Self::read(&page)?;
            let lines: Vec<&str> = text.lines().collect();
            let (markers, _) = markers(&lines);
            for (position, (index, marker)) in markers.iter().enumerate() {
                let Marker::Start { name: start, command } = marker else {
                    continue;
                };
                all.push(start.clone());
                if start != name {
                    continue;
                }
                let place = self.place(&page, index + 1);
                let end = match markers.get(position + 1) {
                    Some((end, Marker::End { name: closing })) if closing == name => *end,
                    Some((other, marker)) => {
                        let what = match marker {
                            Marker::Start { name, .. } => format!("the start of section {name}"),
                            Marker::End { name } => format!("the end of section {name}"),
                        };
                        return Err(BookError::Unclosed {
                            name: name.to_string(),
                            place,
                            next: format!("{what} at line {}", other + 1),
                        });
                    }
                    None => {
                        return Err(BookError::Unclosed {
                            name: name.to_string(),
                            place,
                            next: "the end of the page".to_string(),
                        });
                    }
                };
                found.push(Section {
                    name: name.to_string(),
                    page: page.clone(),
                    start: index + 1,
                    end: end + 1,
                    command: command.clone(),
                    content: lines[index + 1..end].iter().map(|l| l.to_string()).collect(),
                });
            }
        }
        match found.len() {
            1 => Ok(found.remove(0)),
            0 => {
                all.sort();
                all.dedup();
                Err(BookError::Missing {
                    name: name.to_string(),
                    dir: self.dir.clone(),
                    found: all,
                })
            }
            _ => Err(BookError::Duplicate {
                name: name.to_string(),
                places: found.iter().map(|s| self.place(&s.page, s.start)).collect(),
            }),
        }
    }

    /// Checks, before a program runs, that every section it will write is in the book once and
    /// closed.
    ///
    /// # Errors
    ///
    /// The first section that is not ([`Book::section`]).
    pub fn check<S: AsRef<str>>(&self, names: &[S]) -> Result<(), BookError> {
        for name in names {
            self.section(name.as_ref())?;
        }
        Ok(())
    }

    /// Replaces the content of section `name` with `markdown` (leading and trailing blank lines
    /// and trailing spaces dropped) and rewrites its start marker with `command`; the rest of
    /// the page is left as it was. The page is written whole to a file beside it, then renamed
    /// over it.
    ///
    /// # Errors
    ///
    /// A bad name or command, content that is empty, holds a marker line or leaves a code
    /// block open (it would swallow the end marker), or the errors of [`Book::section`] and of
    /// writing the page.
    pub fn write(&self, name: &str, command: &str, markdown: &str) -> Result<Section, BookError> {
        if command.trim().is_empty() || command.contains(['`', '\n', '\r']) {
            return Err(BookError::BadCommand(command.to_string()));
        }
        let bad = |why: &str| BookError::BadContent {
            name: name.to_string(),
            why: why.to_string(),
        };
        let content: Vec<&str> = markdown.lines().map(str::trim_end).collect();
        let first = content
            .iter()
            .position(|l| !l.is_empty())
            .ok_or_else(|| bad("no content"))?;
        let last = content.iter().rposition(|l| !l.is_empty()).unwrap_or(first);
        let content = &content[first..=last];
        if content
            .iter()
            .any(|l| l.trim_start().starts_with("<!-- generated:") || l.trim_start().starts_with("<!-- end:"))
        {
            return Err(bad("its content holds a marker line"));
        }
        if markers(content).1 {
            return Err(bad("its content leaves a fenced code block open"));
        }
        let section = self.section(name)?;
        let text = Self::read(&section.page)?;
        let lines: Vec<&str> = text.lines().collect();
        let start = match current_commit(&self.dir) {
            Some(commit) => format!("<!-- generated: {name} by `{command}` at {commit} -->"),
            None => format!("<!-- generated: {name} by `{command}` -->"),
        };
        let mut out = Vec::with_capacity(lines.len() + content.len());
        out.extend_from_slice(&lines[..section.start - 1]);
        out.push(&start);
        out.extend_from_slice(content);
        out.extend_from_slice(&lines[section.end - 1..]);
        let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
        let mut new_text = out.join(newline);
        if text.ends_with('\n') {
            new_text.push_str(newline);
        }
        let temporary = section.page.with_extension("md.writing");
        let written = fs::write(&temporary, &new_text).and_then(|()| fs::rename(&temporary, &section.page));
        if let Err(source) = written {
            let _ = fs::remove_file(&temporary);
            return Err(BookError::Page {
                action: "write",
                page: section.page.clone(),
                source,
            });
        }
        self.section(name)
    }
}

/// The command line of an example program as its start marker names it: `cargo run --release
/// --example EXAMPLE -- ARGS`, the arguments as given but `--book-dir DIR` (the marker names the
/// command that writes the repository's book), quoted for a shell where they need it.
#[must_use]
pub fn example_command(example: &str, args: impl IntoIterator<Item = String>) -> String {
    let mut command = format!("cargo run --release --example {example}");
    let mut args = args.into_iter().peekable();
    let mut first = true;
    while let Some(arg) = args.next() {
        if arg == "--book-dir" {
            args.next();
            continue;
        }
        if arg.starts_with("--book-dir=") {
            continue;
        }
        if first {
            command += " --";
            first = false;
        }
        command.push(' ');
        command += &shell_quoted(&arg);
    }
    command
}

/// The command line of a bench as its start marker names it: `cargo bench --bench BENCH -- ARGS`,
/// the arguments as given but the `--bench` that cargo adds and `--book-dir DIR`.
///
/// ```
/// use game_search_lab::book::bench_command;
/// let args = ["--reps", "5", "--book", "threads-engine", "--bench"].map(String::from);
/// assert_eq!(bench_command("threads", args), "cargo bench --bench threads -- --reps 5 --book threads-engine");
/// ```
#[must_use]
pub fn bench_command(bench: &str, args: impl IntoIterator<Item = String>) -> String {
    let args = args.into_iter().filter(|arg| arg != "--bench");
    example_command(bench, args).replacen(
        &format!("cargo run --release --example {bench}"),
        &format!("cargo bench --bench {bench}"),
        1,
    )
}

/// A bench's `--book SECTION` option: the book and the section its output is written into,
/// checked before the bench runs (so that a long run does not end in a missing marker). `None`
/// without the option; the error names what is wrong (no section name, no such section).
///
/// # Errors
///
/// `--book` without a name, or a section the book does not have.
pub fn bench_book(args: &[String]) -> Result<Option<(Book, String)>, String> {
    let Some(at) = args.iter().position(|arg| arg == "--book") else {
        return Ok(None);
    };
    let name = args
        .get(at + 1)
        .filter(|name| !name.starts_with("--"))
        .ok_or("--book needs a section name")?;
    let dir = args
        .iter()
        .position(|arg| arg == "--book-dir")
        .and_then(|at| args.get(at + 1))
        .map(PathBuf::from);
    let book = Book::from_option(dir.as_deref());
    book.check(&[name]).map_err(|err| err.to_string())?;
    Ok(Some((book, name.clone())))
}

/// `arg` as a shell word: as it is if it is plain, else in single quotes.
#[must_use]
pub fn shell_quoted(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=+,./:@%^".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// What a program prints on stdout, kept as it is printed, to be written into the book at the
/// end ([`Book::write`]).
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    text: String,
}

impl Transcript {
    /// An empty transcript.
    #[must_use]
    pub fn new() -> Self {
        Transcript::default()
    }

    /// Prints `line` on stdout and keeps it.
    pub fn line(&mut self, line: impl Display) {
        let line = line.to_string();
        println!("{line}");
        self.text += &line;
        self.text.push('\n');
    }

    /// Everything printed so far.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Writes `markdown` into section `name` of `book` (if any) with `command`, saying so on
/// stderr; on failure says why on stderr and returns `false`. What the programs with a `--book`
/// option call at the end.
pub fn write_or_report(book: Option<&Book>, name: &str, command: &str, markdown: &str) -> bool {
    let Some(book) = book else {
        return true;
    };
    match book.write(name, command, markdown) {
        Ok(section) => {
            eprintln!(
                "wrote section {name} into {}",
                book.place(&section.page, section.start)
            );
            true
        }
        Err(err) => {
            eprintln!("error: {err}");
            false
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// A fresh folder under the system's temporary one, removed when dropped.
    pub(crate) struct TempDir(pub PathBuf);

    impl TempDir {
        pub(crate) fn new() -> Self {
            static COUNT: AtomicUsize = AtomicUsize::new(0);
            let dir = std::env::temp_dir().join(format!(
                "game-search-lab-book-{}-{}",
                std::process::id(),
                COUNT.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }

        pub(crate) fn write(&self, page: &str, text: &str) -> PathBuf {
            let path = self.0.join(page);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, text).unwrap();
            path
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    const PAGE: &str = "# A page\n\nText before.\n\n\
<!-- generated: one-table by `old command` -->\n| old |\n|---|\n| 1 |\n<!-- end: one-table -->\n\n\
Text between.\n\n```text\n<!-- generated: one-table by `an example in code` -->\n<!-- end: one-table -->\n```\n\n\
<!-- generated: two by `cmd two` -->\nold two\n<!-- end: two -->\nText after.\n";

    #[test]
    fn a_section_is_found_outside_code_blocks_and_rewritten_in_place() {
        let dir = TempDir::new();
        let page = dir.write("page.md", PAGE);
        dir.write("other.md", "# Other\n\nNo sections.\n");
        let book = Book::at(&dir.0);
        assert_eq!(book.names().unwrap(), ["one-table", "two"]);
        let section = book.section("one-table").unwrap();
        assert_eq!((section.start, section.end), (5, 9));
        assert_eq!(section.command, "old command");
        assert_eq!(section.content, ["| old |", "|---|", "| 1 |"]);

        let written = book
            .write(
                "one-table",
                "new command --book",
                "\n| new |\n|---|\n| 2 |  \n| 3 |\n\n",
            )
            .unwrap();
        assert_eq!(written.command, "new command --book");
        assert_eq!(written.content, ["| new |", "|---|", "| 2 |", "| 3 |"]);
        let expected = PAGE
            .replace("`old command`", "`new command --book`")
            .replace("| old |\n|---|\n| 1 |\n", "| new |\n|---|\n| 2 |\n| 3 |\n");
        assert_eq!(fs::read_to_string(&page).unwrap(), expected);
        // The example in the code block and the other section are untouched; writing again
        // gives the same page.
        book.write("one-table", "new command --book", "| new |\n|---|\n| 2 |\n| 3 |")
            .unwrap();
        assert_eq!(fs::read_to_string(&page).unwrap(), expected);
        assert_eq!(book.section("two").unwrap().content, ["old two"]);
        // Content may hold a closed code block.
        book.write("two", "cmd two", "```text\nplain output\n```")
            .unwrap();
        assert_eq!(
            book.section("two").unwrap().content,
            ["```text", "plain output", "```"]
        );
        assert!(!dir.0.join("page.md.writing").exists());
    }

    #[test]
    fn a_missing_section_names_what_the_book_has() {
        let dir = TempDir::new();
        dir.write("page.md", PAGE);
        let book = Book::at(&dir.0);
        let err = book.section("three").unwrap_err().to_string();
        assert!(err.starts_with("no section three in the book ("), "{err}");
        assert!(err.ends_with("the sections it has are one-table, two"), "{err}");
        let err = book.check(&["two", "three"]).unwrap_err().to_string();
        assert!(err.starts_with("no section three"), "{err}");
        dir.write(
            "page.md",
            "# No markers\n\n```\n<!-- generated: two by `x` -->\n<!-- end: two -->\n```\n",
        );
        let err = book.write("two", "cmd", "x").unwrap_err().to_string();
        assert!(err.ends_with("it has no generated section at all"), "{err}");
    }

    #[test]
    fn duplicate_and_unclosed_sections_are_refused() {
        let dir = TempDir::new();
        dir.write(
            "a.md",
            "<!-- generated: twice by `x` -->\n1\n<!-- end: twice -->\n",
        );
        dir.write(
            "sub/b.md",
            "text\n<!-- generated: twice by `y` -->\n2\n<!-- end: twice -->\n",
        );
        dir.write(
            "c.md",
            "<!-- generated: open by `x` -->\n1\n<!-- generated: next by `y` -->\n<!-- end: next -->\n\
<!-- generated: last by `z` -->\n1\n",
        );
        let book = Book::at(&dir.0);
        let err = book.section("twice").unwrap_err().to_string();
        let sub = Path::new("sub").join("b.md");
        assert_eq!(
            err,
            format!(
                "section twice is in the book 2 times (at a.md:1, {}:2): a name must be unique",
                sub.display()
            )
        );
        let err = book.section("open").unwrap_err().to_string();
        assert_eq!(
            err,
            "section open opened at c.md:1 has no `<!-- end: open -->` before the start of \
             section next at line 3"
        );
        let err = book.write("last", "z", "new").unwrap_err().to_string();
        assert!(err.ends_with("before the end of the page"), "{err}");
        // Nothing was written.
        assert!(
            fs::read_to_string(dir.0.join("c.md"))
                .unwrap()
                .ends_with("`z` -->\n1\n")
        );
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let dir = TempDir::new();
        dir.write("page.md", PAGE);
        let book = Book::at(&dir.0);
        for name in ["", "Two", "two--b", "-two", "two_b", "two b"] {
            assert!(
                matches!(book.section(name), Err(BookError::BadName(_))),
                "{name:?}"
            );
        }
        for command in ["", "a `b`", "a\nb"] {
            assert!(matches!(
                book.write("two", command, "x"),
                Err(BookError::BadCommand(_))
            ));
        }
        let content = |text| book.write("two", "cmd", text).unwrap_err().to_string();
        assert_eq!(content("\n \n"), "cannot write section two: no content");
        assert!(content("a\n<!-- end: two -->\n").ends_with("holds a marker line"));
        assert!(content("```\nopen\n").ends_with("leaves a fenced code block open"));
        assert_eq!(book.section("two").unwrap().content, ["old two"]);

        let missing = Book::at(dir.0.join("nonexistent"));
        let err = missing.section("two").unwrap_err().to_string();
        assert!(err.starts_with("cannot read the book's pages in "), "{err}");
        let empty = TempDir::new();
        let err = Book::at(&empty.0).section("two").unwrap_err().to_string();
        assert!(err.starts_with("no Markdown page (*.md) in "), "{err}");
    }

    #[test]
    fn the_repository_s_book_has_unique_closed_sections() {
        let book = Book::default();
        let names = book.names().unwrap();
        assert!(names.len() > 10, "{names:?}");
        book.check(&names).unwrap();
    }

    #[test]
    fn commands_name_the_program_and_its_arguments_without_the_book_dir() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            example_command("kalah_table", args(&[])),
            "cargo run --release --example kalah_table"
        );
        assert_eq!(
            example_command(
                "compare",
                args(&[
                    "--configs",
                    "a,b",
                    "--book-dir",
                    "/tmp/x",
                    "--book",
                    "c",
                    "--book-dir=/y"
                ])
            ),
            "cargo run --release --example compare -- --configs a,b --book c"
        );
        assert_eq!(
            example_command("x", args(&["a b", "it's"])),
            r"cargo run --release --example x -- 'a b' 'it'\''s'"
        );
    }

    #[test]
    fn markers_are_read_as_the_book_check_reads_them() {
        assert_eq!(
            marker("<!-- generated: a-1 by `cargo run` -->"),
            Some(Marker::Start {
                name: "a-1".into(),
                command: "cargo run".into()
            })
        );
        assert_eq!(
            marker("<!-- end: a-1 -->"),
            Some(Marker::End { name: "a-1".into() })
        );
        assert_eq!(marker(" <!-- end: a-1 -->"), None);
        assert_eq!(marker("<!-- generated: a by cargo -->"), None);
        // The commit a section was made at, after its command.
        for commit in ["be8debe", "a5d021d0c1", "a5d021d0c1+changes"] {
            assert_eq!(
                marker(&format!("<!-- generated: a-1 by `cargo run` at {commit} -->")),
                Some(Marker::Start {
                    name: "a-1".to_string(),
                    command: "cargo run".to_string()
                }),
                "{commit}"
            );
        }
        for not_a_commit in ["HEAD", "abc", "A5D021D", "be8debe+dirty", ""] {
            let line = format!("<!-- generated: a-1 by `cargo run` at {not_a_commit} -->");
            assert_eq!(marker(&line), None, "{line}");
        }
        assert_eq!(fence("  ````rust"), Some("````"));
        assert_eq!(fence("``x"), None);
    }
}
