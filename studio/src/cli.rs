//! The studio's command line, shared by the `game-search-studio` binary and the repository's
//! `studio` example: both are [`main`] and nothing else.
//!
//! ```text
//! game-search-studio                          # http://127.0.0.1:8080
//! game-search-studio --addr 127.0.0.1:9000
//! game-search-studio --max-nodes 1000000      # allow bigger searches
//! ```

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use crate::{StudioLimits, serve};

/// The studio's options.
#[derive(Debug, Parser)]
#[command(about = "The search studio: watch and compare searchers in the browser")]
pub struct Args {
    /// Where to listen (loopback by default; 0 as the port picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Worker threads: requests served at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub workers: u16,
    /// The most nodes one search may visit before it is refused.
    #[arg(long, default_value_t = StudioLimits::default().max_search_nodes,
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_nodes: u64,
    /// The most nodes drawn per tree (the rest is searched, not drawn, and the page says so).
    #[arg(long, default_value_t = StudioLimits::default().max_drawn_nodes as u64,
          value_parser = clap::value_parser!(u64).range(1..=200_000))]
    pub max_drawn: u64,
    /// The longest one search may take, in seconds.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub max_seconds: u64,
    /// The most threads one engine search may use (`threads=N` in its configuration).
    #[arg(long, default_value_t = StudioLimits::default().max_threads,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub max_threads: u32,
}

impl Args {
    /// The limits these options set (the others are [`StudioLimits::default`]'s).
    #[must_use]
    pub fn limits(&self) -> StudioLimits {
        StudioLimits {
            max_search_nodes: self.max_nodes,
            max_drawn_nodes: self.max_drawn as usize,
            max_time: Duration::from_secs(self.max_seconds),
            max_threads: self.max_threads,
            ..StudioLimits::default()
        }
    }
}

/// Serves the studio as `args` say until the process ends, printing its address when it listens.
/// Exit status: failure when the address cannot be bound (the reason on stderr).
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let served = serve(args.addr, usize::from(args.workers), args.limits(), |bound| {
        println!("The search studio is at http://{bound}/ (Ctrl-C to stop)");
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("studio: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The program: parses the command line (printing help or an error and exiting as clap does)
/// and [`run`]s.
#[must_use]
pub fn main() -> ExitCode {
    run(&Args::parse())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(["studio"].iter().chain(args))
    }

    #[test]
    fn the_defaults_are_the_limits_defaults_and_options_set_them() {
        let default = parse(&[]).unwrap();
        assert_eq!(default.addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(default.workers, 4);
        let limits = default.limits();
        let expected = StudioLimits::default();
        assert_eq!(limits.max_search_nodes, expected.max_search_nodes);
        assert_eq!(limits.max_drawn_nodes, expected.max_drawn_nodes);
        assert_eq!(limits.max_time, expected.max_time);
        let chosen = parse(&["--max-nodes", "1000000", "--max-drawn", "7", "--max-seconds", "3"]).unwrap();
        let limits = chosen.limits();
        assert_eq!(
            (limits.max_search_nodes, limits.max_drawn_nodes, limits.max_time),
            (1_000_000, 7, Duration::from_secs(3))
        );
        for bad in [
            ["--workers", "0"],
            ["--max-nodes", "0"],
            ["--max-seconds", "601"],
            ["--addr", "localhost"],
        ] {
            assert!(parse(&bad).is_err(), "{bad:?}");
        }
    }
}
