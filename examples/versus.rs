//! Play searcher configurations, a random mover and external UCI engines against each other from
//! the thesis's three openings (or an EPD file), each opening with both colours, like the
//! thesis's Tables 3, 5 and 7. Writes PGN and prints the scores with Elo differences.
//!
//! ```text
//! cargo run --release --example versus -- ab-v1 nm-r2 --depth 4
//! cargo run --release --example versus -- thesis-final@thesis-pst nm-r2@thesis-pst --depth 4 --pgn games.pgn
//! cargo run --release --example versus -- strongest --engine /usr/games/stockfish \
//!     --option UCI_LimitStrength=true --option UCI_Elo=1400 --movetime 100
//! cargo run --release --example versus -- exact random:7 --nodes 20000
//! ```
//!
//! Players: a configuration name (`compare --list`) or `engine:` feature list, optionally with
//! `@EVALUATION`; `random` or `random:SEED`; `uci:PATH` (or `--engine PATH`). Every pair plays
//! every opening with both colours. An external engine that crashes, times out or sends an
//! illegal move loses that game by forfeit, and the match goes on.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_search_lab::matches::{DEFAULT_PLY_CAP, Opening, play_match, thesis_openings};
use game_search_lab::pgn::Termination;
use game_search_lab::players::{Forfeit, MoveLimit, Player, PlayerSpec};

/// Play chess matches between searcher configurations and engines.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// Players (at least two, counting --engine): NAME[@EVAL], random[:SEED], uci:PATH.
    players: Vec<String>,

    /// An external UCI engine to add as a player.
    #[arg(long, value_name = "PATH")]
    engine: Vec<PathBuf>,

    /// A UCI option for the external engines, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,

    /// Search depth per move (the default limit: 3).
    #[arg(long, conflicts_with_all = ["nodes", "movetime"])]
    depth: Option<u32>,

    /// Nodes per move.
    #[arg(long, conflicts_with = "movetime")]
    nodes: Option<u64>,

    /// Milliseconds per move.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,

    /// Openings: an EPD file (default: the thesis's Ruy Lopez, Scotch and Catalan).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,

    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = DEFAULT_PLY_CAP)]
    ply_cap: u32,

    /// Write the games here as PGN.
    #[arg(long, value_name = "FILE", default_value = "versus.pgn")]
    pgn: PathBuf,

    /// Seconds an external engine may take per move beyond its limit before it forfeits.
    #[arg(long, default_value_t = 30)]
    uci_timeout: u64,
}

fn setup(args: &Args) -> Result<(Vec<Player>, Vec<Opening>), String> {
    let limit = match (args.depth, args.nodes, args.movetime) {
        (_, Some(nodes), _) => MoveLimit::Nodes(nodes),
        (_, _, Some(ms)) => MoveLimit::Time(Duration::from_millis(ms)),
        (depth, _, _) => MoveLimit::Depth(depth.unwrap_or(3)),
    };
    let options: Vec<(String, String)> = args
        .options
        .iter()
        .map(|option| {
            option
                .split_once('=')
                .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
                .ok_or_else(|| format!("bad --option {option:?}: expected NAME=VALUE"))
        })
        .collect::<Result<_, _>>()?;
    let mut specs: Vec<PlayerSpec> = args
        .players
        .iter()
        .map(|text| PlayerSpec::parse(text).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    specs.extend(args.engine.iter().map(|path| PlayerSpec::Uci {
        path: path.clone(),
        options: Vec::new(),
    }));
    for spec in &mut specs {
        if let PlayerSpec::Uci { options: o, .. } = spec {
            o.extend(options.iter().cloned());
        }
        spec.check_limit(limit).map_err(|e| e.to_string())?;
    }
    if specs.len() < 2 {
        return Err("give at least two players (e.g. `ab-v1 nm-r2`, or one and --engine PATH)".into());
    }
    let openings = match &args.openings {
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
    let timeout = Duration::from_secs(args.uci_timeout);
    let players = specs
        .into_iter()
        .map(|spec| Player::new(spec, limit, timeout))
        .collect();
    Ok((players, openings))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (mut players, openings) = match setup(&args) {
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
        args.ply_cap
    );
    let report = play_match(&mut players, &openings, args.ply_cap, &mut |game| {
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
    if let Err(err) = std::fs::write(&args.pgn, report.pgn()) {
        eprintln!("error: cannot write {}: {err}", args.pgn.display());
        return ExitCode::FAILURE;
    }
    println!("PGN written to {}", args.pgn.display());
    ExitCode::SUCCESS
}
