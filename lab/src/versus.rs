//! The `versus` program: its [`Options`], the players and openings they ask for ([`setup`]) and
//! its [`run`]: every pair plays every opening with both colours, each game printed as it ends,
//! then the scores with Elo differences, and the games written as PGN. The program
//! (`examples/versus.rs`) parses its arguments and calls [`run`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::matches::{DEFAULT_PLY_CAP, Opening, play_match, thesis_openings};
use super::pgn::Termination;
use super::players::{Forfeit, MoveLimit, Player, PlayerSpec};

/// The `versus` program's options. (Their doc comments are the program's `--help`, written for
/// a terminal: `NAME[@EVAL]` is not a link.)
#[derive(Debug, clap::Args)]
#[allow(rustdoc::broken_intra_doc_links)]
pub struct Options {
    /// Players (at least two, counting --engine): NAME[@EVAL], random[:SEED], uci:PATH.
    pub players: Vec<String>,

    /// An external UCI engine to add as a player.
    #[arg(long, value_name = "PATH")]
    pub engine: Vec<PathBuf>,

    /// A UCI option for the external engines, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,

    /// Search depth per move (the default limit: 3).
    #[arg(long, conflicts_with_all = ["nodes", "movetime"])]
    pub depth: Option<u32>,

    /// Nodes per move.
    #[arg(long, conflicts_with = "movetime")]
    pub nodes: Option<u64>,

    /// Milliseconds per move.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,

    /// Openings: an EPD file (default: the thesis's Ruy Lopez, Scotch and Catalan).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = DEFAULT_PLY_CAP)]
    pub ply_cap: u32,

    /// Write the games here as PGN.
    #[arg(long, value_name = "FILE", default_value = "versus.pgn")]
    pub pgn: PathBuf,

    /// Seconds an external engine may take per move beyond its limit before it forfeits.
    #[arg(long, default_value_t = 30)]
    pub uci_timeout: u64,
}

/// The players (the named ones, then the `--engine`s, every external engine with the
/// `--option`s) at the options' move limit, and the openings.
///
/// # Errors
///
/// A bad `--option`, a bad player spec, a limit a player cannot play at, fewer than two
/// players, an unreadable or empty openings file, in words.
pub fn setup(options: &Options) -> Result<(Vec<Player>, Vec<Opening>), String> {
    let limit = match (options.depth, options.nodes, options.movetime) {
        (_, Some(nodes), _) => MoveLimit::Nodes(nodes),
        (_, _, Some(ms)) => MoveLimit::Time(Duration::from_millis(ms)),
        (depth, _, _) => MoveLimit::Depth(depth.unwrap_or(3)),
    };
    let uci_options: Vec<(String, String)> = options
        .options
        .iter()
        .map(|option| {
            option
                .split_once('=')
                .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
                .ok_or_else(|| format!("bad --option {option:?}: expected NAME=VALUE"))
        })
        .collect::<Result<_, _>>()?;
    let mut specs: Vec<PlayerSpec> = options
        .players
        .iter()
        .map(|text| PlayerSpec::parse(text).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    specs.extend(options.engine.iter().map(|path| PlayerSpec::Uci {
        path: path.clone(),
        options: Vec::new(),
    }));
    for spec in &mut specs {
        if let PlayerSpec::Uci { options: o, .. } = spec {
            o.extend(uci_options.iter().cloned());
        }
        spec.check_limit(limit).map_err(|e| e.to_string())?;
    }
    if specs.len() < 2 {
        return Err("give at least two players (e.g. `ab-v1 nm-r2`, or one and --engine PATH)".into());
    }
    let openings = match &options.openings {
        None => thesis_openings(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let records =
                game_chess::parse_epd_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if records.is_empty() {
                return Err(format!("{} has no positions", path.display()));
            }
            records.iter().map(Opening::from_record).collect()
        }
    };
    let timeout = Duration::from_secs(options.uci_timeout);
    let players = specs
        .into_iter()
        .map(|spec| Player::new(spec, limit, timeout))
        .collect();
    Ok((players, openings))
}

/// The `versus` program after its arguments are parsed: the match, each game on stdout as it
/// ends (a forfeit's reason on stderr), the scores, and the PGN file.
///
/// Exit status: 0; 1 if the PGN cannot be written; 2 on bad input or a player that cannot play.
#[must_use]
pub fn run(options: &Options) -> ExitCode {
    let (mut players, openings) = match setup(options) {
        Ok(setup) => setup,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    // An external program that is not a UCI engine is refused once, not forfeited game by game
    // (each attempt costs a handshake timeout).
    for player in &mut players {
        if let Err(Forfeit(reason)) = player.start() {
            eprintln!("error: player {} cannot play: {reason}", player.name());
            return ExitCode::from(2);
        }
    }
    let pairs = players.len() * (players.len() - 1) / 2;
    println!(
        "{} players, {} openings x 2 colours x {pairs} pair(s) = {} games, ply cap {}",
        players.len(),
        openings.len(),
        openings.len() * 2 * pairs,
        options.ply_cap
    );
    let report = play_match(&mut players, &openings, options.ply_cap, &mut |game| {
        println!(
            "game {:>3}  {:<10}  {} - {}  {}  ({} plies, {})",
            game.round,
            game.opening,
            game.white,
            game.black,
            game.result.token(),
            game.san.len(),
            game.termination.describe()
        );
        if let Termination::Forfeit(reason) = &game.termination {
            eprintln!("FORFEIT in game {}: {reason}", game.round);
        }
    });
    println!("\n{}", report.table());
    if let Err(err) = std::fs::write(&options.pgn, report.pgn()) {
        eprintln!("error: cannot write {}: {err}", options.pgn.display());
        return ExitCode::FAILURE;
    }
    println!("PGN written to {}", options.pgn.display());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// The options as the program parses them.
    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        options: Options,
    }

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Args::try_parse_from(["versus"].iter().chain(args)).map(|args| args.options)
    }

    fn setup_error(args: &[&str]) -> String {
        setup(&parse(args).unwrap()).err().unwrap()
    }

    #[test]
    fn the_options_make_the_players_and_openings() {
        let (players, openings) = setup(&parse(&["ab-v1", "random:7"]).unwrap()).unwrap();
        let names: Vec<String> = players.iter().map(Player::name).collect();
        assert_eq!(names.len(), 2);
        assert!(names[0].starts_with("ab-v1"), "{names:?}");
        assert_eq!(openings.len(), thesis_openings().len());
        let options = parse(&[
            "exact",
            "--engine",
            "/usr/games/stockfish",
            "--option",
            "Hash = 16",
        ])
        .unwrap();
        let (players, _) = setup(&options).unwrap();
        assert_eq!(players.len(), 2);
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        assert!(setup_error(&["ab-v1"]).starts_with("give at least two players"));
        let option = setup_error(&["ab-v1", "nm-r2", "--option", "Hash"]);
        assert_eq!(option, "bad --option \"Hash\": expected NAME=VALUE");
        assert!(setup_error(&["ab-v1", "nm-r2", "--depth", "0"]).contains("depth 0"));
        let openings = setup_error(&["ab-v1", "nm-r2", "--openings", "/nonexistent/openings.epd"]);
        assert!(
            openings.starts_with("cannot read /nonexistent/openings.epd"),
            "{openings}"
        );
        assert!(parse(&["ab-v1", "nm-r2", "--depth", "3", "--nodes", "100"]).is_err());
        assert!(parse(&["ab-v1", "nm-r2", "--nodes", "100", "--movetime", "10"]).is_err());
    }
}
