//! **What the machine lends a search**: its threads and its table's memory ([`Resources`]).

use std::fmt;
use std::str::FromStr;

/// The most threads a search uses.
pub const MAX_THREADS: u32 = 256;

/// The default transposition table, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// The largest transposition table accepted, in MiB (1 TiB); a table is also refused beyond
/// the machine's memory.
pub const MAX_TABLE_MIB: usize = 1 << 20;

/// **What the machine lends a search**: its threads and the memory of its transposition table,
/// kept apart from what the search does (the engine's
/// [`Config`](crate::engine::Config)). They are parsed once, where the user gives them (a UCI
/// `setoption`, a command line, the text `threads=4+hash=256`), checked once, here, and have one
/// default each: one thread, [`DEFAULT_TABLE_MIB`] MiB.
///
/// A request the machine cannot honour is an error ([`ResourceError`]): more threads than
/// [`MAX_THREADS`], a table of less than 1 MiB, more than [`MAX_TABLE_MIB`] or more than the
/// machine's memory. A table's size is a budget: it holds the largest power of two of buckets
/// whose nominal size fits (see [`TranspositionTable`](crate::engine::TranspositionTable)), and
/// [`TranspositionTable::allocated_mib`](crate::engine::TranspositionTable::allocated_mib) says
/// what it takes; every report (the solver's, the UCI engine's `info string`) gives that.
///
/// ```
/// use search_core::{Resources, ResourceError};
///
/// let resources: Resources = "threads=2+hash=64".parse()?;
/// assert_eq!((resources.threads(), resources.table_mib()), (2, 64));
/// assert_eq!(resources.to_string(), "threads=2+hash=64");
/// assert_eq!(Resources::default().to_string(), "threads=1+hash=16");
/// assert!(matches!(Resources::new(0, 16), Err(ResourceError::Threads(0))));
/// assert!("threads=2+threads=3".parse::<Resources>().is_err());
/// # Ok::<(), ResourceError>(())
/// ```
///
/// Always valid: built only through the checks of [`Resources::new`] and its setters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resources {
    threads: u32,
    table_mib: usize,
}

/// A request for resources the machine cannot honour, or a text that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResourceError {
    /// Threads outside `1..=MAX_THREADS`.
    #[error("threads must be 1 to {MAX_THREADS}, not {0}")]
    Threads(u64),
    /// A table of less than 1 MiB or more than [`MAX_TABLE_MIB`].
    #[error("the table size must be 1 to {MAX_TABLE_MIB} MiB, not {0}")]
    TableSize(u64),
    /// A table larger than the machine's memory.
    #[error("a table of {asked} MiB is more than this machine's {machine} MiB of memory")]
    MoreThanTheMachine {
        /// The size asked for, in MiB.
        asked: usize,
        /// The machine's memory, in MiB.
        machine: usize,
    },
    /// A value that is not a number.
    #[error("{name} needs a whole number, not {value:?}")]
    NotANumber {
        /// `threads` or `hash`.
        name: &'static str,
        /// The text given.
        value: String,
    },
    /// A token of the text form that is not `threads=N` or `hash=N`.
    #[error("unknown resource {0:?} (resources: threads=N, hash=MiB)")]
    Unknown(String),
    /// The same resource twice in one text.
    #[error("{0} given twice")]
    Repeated(&'static str),
}

impl Default for Resources {
    /// One thread, a table of [`DEFAULT_TABLE_MIB`] MiB.
    fn default() -> Self {
        Resources::DEFAULT
    }
}

impl Resources {
    /// One thread, a table of [`DEFAULT_TABLE_MIB`] MiB.
    pub const DEFAULT: Resources = Resources {
        threads: 1,
        table_mib: DEFAULT_TABLE_MIB,
    };

    /// `threads` threads and a table of `table_mib` MiB.
    ///
    /// # Errors
    ///
    /// Threads outside `1..=`[`MAX_THREADS`]; a table size outside `1..=`[`MAX_TABLE_MIB`] or
    /// beyond the machine's memory.
    pub fn new(threads: u32, table_mib: usize) -> Result<Resources, ResourceError> {
        Resources::DEFAULT
            .with_threads(threads)?
            .with_table_mib(table_mib)
    }

    /// The same with `threads` threads.
    ///
    /// # Errors
    ///
    /// Threads outside `1..=`[`MAX_THREADS`].
    pub fn with_threads(self, threads: u32) -> Result<Resources, ResourceError> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(ResourceError::Threads(u64::from(threads)));
        }
        Ok(Resources { threads, ..self })
    }

    /// The same with a table of `table_mib` MiB.
    ///
    /// # Errors
    ///
    /// A size outside `1..=`[`MAX_TABLE_MIB`], or beyond the machine's memory (where the
    /// system says how much it has).
    pub fn with_table_mib(self, table_mib: usize) -> Result<Resources, ResourceError> {
        if !(1..=MAX_TABLE_MIB).contains(&table_mib) {
            return Err(ResourceError::TableSize(table_mib as u64));
        }
        if let Some(machine) = crate::memory::physical_mib()
            && table_mib > machine
        {
            return Err(ResourceError::MoreThanTheMachine {
                asked: table_mib,
                machine,
            });
        }
        Ok(Resources { table_mib, ..self })
    }

    /// The threads that search at once.
    #[must_use]
    pub const fn threads(&self) -> u32 {
        self.threads
    }

    /// The transposition table's budget, in MiB.
    #[must_use]
    pub const fn table_mib(&self) -> usize {
        self.table_mib
    }

    /// Sets the resource named `name` (`threads` or `hash`, or the UCI options `Threads` and
    /// `Hash`, case-insensitively) from its text: `Ok(true)` if `name` is one, `Ok(false)` if it
    /// is not (the caller looks elsewhere).
    ///
    /// # Errors
    ///
    /// A value that is not a whole number, or that [`new`](Self::new) refuses; the resources
    /// are then unchanged.
    pub fn set(&mut self, name: &str, value: &str) -> Result<bool, ResourceError> {
        let (resource, number) = match name.trim().to_ascii_lowercase().as_str() {
            "threads" => ("threads", number("threads", value)?),
            "hash" => ("hash", number("hash", value)?),
            _ => return Ok(false),
        };
        *self = match resource {
            "threads" => {
                self.with_threads(u32::try_from(number).map_err(|_| ResourceError::Threads(number))?)?
            }
            _ => {
                self.with_table_mib(usize::try_from(number).map_err(|_| ResourceError::TableSize(number))?)?
            }
        };
        Ok(true)
    }
}

/// The whole number `value` of resource `name`.
fn number(name: &'static str, value: &str) -> Result<u64, ResourceError> {
    value.trim().parse().map_err(|_| ResourceError::NotANumber {
        name,
        value: value.to_string(),
    })
}

impl fmt::Display for Resources {
    /// `threads=N+hash=MiB`, the text [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "threads={}+hash={}", self.threads, self.table_mib)
    }
}

impl FromStr for Resources {
    type Err = ResourceError;

    /// `threads=N` and `hash=MiB`, either or both, joined by `+`; what is not given keeps its
    /// default. An empty text is the defaults.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut resources = Resources::DEFAULT;
        let mut given: Vec<&'static str> = Vec::new();
        for token in text.split('+').map(str::trim).filter(|token| !token.is_empty()) {
            let (name, value) = token
                .split_once('=')
                .ok_or_else(|| ResourceError::Unknown(token.to_string()))?;
            let name = match name.trim() {
                "threads" => "threads",
                "hash" => "hash",
                _ => return Err(ResourceError::Unknown(token.to_string())),
            };
            if given.contains(&name) {
                return Err(ResourceError::Repeated(name));
            }
            given.push(name);
            resources.set(name, value)?;
        }
        Ok(resources)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_resource_is_checked_once_with_one_default() {
        // (text, the resources (threads, MiB) or the error's text)
        type Expected = Result<(u32, usize), &'static str>;
        let table: [(&str, Expected); 9] = [
            ("", Ok((1, DEFAULT_TABLE_MIB))),
            ("threads=4", Ok((4, DEFAULT_TABLE_MIB))),
            ("hash=64+threads=2", Ok((2, 64))),
            ("threads=0", Err("threads must be 1 to 256, not 0")),
            ("threads=257", Err("threads must be 1 to 256, not 257")),
            ("hash=0", Err("the table size must be 1 to 1048576 MiB, not 0")),
            ("threads=two", Err("threads needs a whole number, not \"two\"")),
            (
                "cores=2",
                Err("unknown resource \"cores=2\" (resources: threads=N, hash=MiB)"),
            ),
            ("hash=8+hash=16", Err("hash given twice")),
        ];
        for (text, expected) in table {
            let parsed = text.parse::<Resources>();
            match expected {
                Ok(pair) => {
                    let resources = parsed.unwrap_or_else(|error| panic!("{text}: {error}"));
                    assert_eq!((resources.threads(), resources.table_mib()), pair, "{text}");
                    assert_eq!(resources.to_string().parse(), Ok(resources));
                }
                Err(message) => assert_eq!(parsed.unwrap_err().to_string(), message, "{text}"),
            }
        }
    }

    #[test]
    fn a_table_beyond_the_machine_is_refused_with_what_it_has() {
        let Some(machine) = crate::memory::physical_mib() else {
            return; // a system that does not say
        };
        let asked = machine + 1;
        assert_eq!(
            Resources::new(1, asked),
            Err(ResourceError::MoreThanTheMachine { asked, machine })
        );
        assert!(Resources::new(1, machine.min(64)).is_ok());
    }

    #[test]
    fn the_option_names_set_the_resources_and_others_are_not_theirs() {
        let mut resources = Resources::default();
        assert_eq!(resources.set("Threads", "3"), Ok(true));
        assert_eq!(resources.set("HASH", " 128 "), Ok(true));
        assert_eq!(resources.set("Null Move", "r2"), Ok(false));
        assert!(resources.set("Threads", "-1").is_err());
        assert_eq!((resources.threads(), resources.table_mib()), (3, 128));
    }
}
