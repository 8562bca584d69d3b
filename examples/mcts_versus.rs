//! Monte Carlo tree search in play: this project's `Mcts` (UCT with the MCTS-Solver) against the
//! alpha-beta engine and against the `minimax` crate's `MonteCarloTreeSearch`, on Connect Four,
//! Kalah and tic-tac-toe, at equal time or equal iterations per move.
//!
//! ```text
//! cargo run --release --example mcts_versus -- --game connect-four mcts engine --movetime 100 --games 100
//! cargo run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100
//! cargo run --release --example mcts_versus -- --game connect-four mcts peer --iterations 5000 --games 100
//! cargo run --release --example mcts_versus -- --game connect-four mcts peer --movetime 50 --games 100
//! cargo run --release --example mcts_versus -- --game einstein engine expectimax --movetime 100 --games 200
//! ```
//!
//! Players: `mcts` (ours: random playouts, exploration sqrt(2), the tree kept from move to move),
//! `engine` (`Engine::exact` with quiescence, iterative deepening to the time limit; Connect Four
//! with the open-windows evaluation, Kalah with the store difference, tic-tac-toe with the
//! lines heuristic, EinStein with its race evaluation and Star2 at the rolls), `peer` (the
//! `minimax` crate 0.6's MCTS, one thread, its default options; not on Kalah, whose extra turns
//! it cannot express: its players always alternate; nor on EinStein, which has dice),
//! `expectimax` (expectiminimax with iterative deepening: the engine with no feature but
//! iterative deepening, which searches every roll with the full window and so prunes nothing,
//! node for node the reference's tree; on time only). In EinStein the die is rolled from the
//! game's seed, the same rolls for both colours.
//!
//! Each game starts from an opening of `--opening-plies` random moves (seeded by the game's
//! number) and every opening is played twice, colours reversed. A player that returns no move in
//! a game that is not over forfeits it. Prints each game's result as it ends (stderr) and the
//! score of the first player with its Elo difference and 95% interval.
//! Exit status: 0; 2 on bad input.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::games::connect_four::{ConnectFour, OpenWindows};
use game_search::games::einstein::{self, EinStein};
use game_search::games::kalah::Kalah;
use game_search::search_core::chance::sample_outcome;
use game_search::search_core::engine::{Config, Engine};
use game_search::search_core::mcts::{Mcts, SplitMix64};
use game_search::search_core::{
    Evaluate, Game, Limits, MoveList, Outcome, Player, Score, Searcher, ZobristHash,
};
use game_search_lab::elo::MatchScore;
use game_search_lab::peer::Peer;
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    ConnectFour,
    Kalah,
    TicTacToe,
    /// EinStein würfelt nicht! (dice: chance nodes), from seeded random arrangements.
    Einstein,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Kind {
    /// This project's Monte Carlo tree search.
    Mcts,
    /// This project's alpha-beta engine.
    Engine,
    /// The `minimax` crate's Monte Carlo tree search.
    Peer,
    /// Expectiminimax (the reference `Minimax`, which takes the weighted mean at chance nodes),
    /// deepened one ply at a time while the next depth is predicted to fit in the time.
    Expectimax,
}

/// Plays two searchers against each other on a small game.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// The first player.
    #[arg(value_enum)]
    first: Kind,
    /// The second player.
    #[arg(value_enum)]
    second: Kind,
    /// The game.
    #[arg(long, value_enum, default_value_t = GameName::ConnectFour)]
    game: GameName,
    /// Milliseconds per move for every player.
    #[arg(long, value_name = "MS", conflicts_with = "iterations",
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    movetime: Option<u64>,
    /// Iterations per move for the MCTS players (not for `engine`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    iterations: Option<u64>,
    /// Games (a multiple of 2: each opening with both colours).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    games: u32,
    /// The number of the first game (even): a second run from game 200 plays new openings and
    /// dice, so that runs on several cores add up to one longer match.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    first_game: u32,
    /// Random plies before the players take over.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=20))]
    opening_plies: u32,
    /// Kalah: houses per side and seeds per house.
    #[arg(long, default_value = "6,4", value_name = "HOUSES,SEEDS")]
    kalah: String,
    /// The `engine` player's configuration in its text form (as `compare --list` shows it;
    /// with iterative deepening, to play on the clock), instead of the exact preset with
    /// quiescence; e.g. `id+tt+hints+killers+history+pvs+qs+star` for Star1 at the rolls.
    #[arg(long, value_name = "CONFIG")]
    engine: Option<Config>,
}

/// How a move is chosen: the time or iterations per move.
#[derive(Clone, Copy, Debug)]
enum Budget {
    Time(Duration),
    Iterations(u64),
}

/// One side of a game, with its state kept from move to move.
enum Side<G: Game + ZobristHash, E>
where
    G::Move: Eq,
{
    Ours(Box<Mcts<G>>),
    Engine(Box<Engine<G, E>>),
    Peer(Box<MonteCarloTreeSearch<Peer<G>>>),
    Expectimax(Box<Engine<G, E>>),
}

impl<G, E> Side<G, E>
where
    G: Game + ZobristHash + Send + Sync,
    G::Move: Eq + Send + Sync,
    E: Evaluate<G>,
{
    fn new(kind: Kind, evaluator: &dyn Fn() -> E, budget: Budget, seed: u64, engine: Option<Config>) -> Self {
        match kind {
            Kind::Mcts => {
                let mut mcts = Mcts::new().with_seed(seed);
                if let Budget::Iterations(n) = budget {
                    mcts = mcts.with_iterations(n);
                }
                Side::Ours(Box::new(mcts))
            }
            Kind::Engine => Side::Engine(Box::new(match engine {
                Some(config) => Engine::with_config(evaluator(), config.for_game::<G>()),
                None => Engine::exact(evaluator()).with_quiescence(true),
            })),
            Kind::Peer => {
                let mut peer = MonteCarloTreeSearch::new(MCTSOptions::default().with_num_threads(1));
                match budget {
                    Budget::Time(time) => peer.set_timeout(time),
                    Budget::Iterations(n) => peer.set_max_rollouts(u32::try_from(n).unwrap_or(u32::MAX)),
                }
                Side::Peer(Box::new(peer))
            }
            // Iterative deepening alone: every chance node searched with the full window, so
            // no decision node below it gets a window to cut with: expectiminimax, node for
            // node (the star table's "alpha-beta" column), which can stop on the clock.
            Kind::Expectimax => Side::Expectimax(Box::new(Engine::with_config(
                evaluator(),
                Config {
                    iterative_deepening: true,
                    ..Config::PLAIN
                },
            ))),
        }
    }

    /// The move to play and the iterations (MCTS) or nodes (engine) it took.
    fn choose(&mut self, position: &G, budget: Budget) -> (Option<G::Move>, u64) {
        let limits = match budget {
            Budget::Time(time) => Limits::depth(Score::MAX_PLY / 2).with_deadline(Instant::now() + time),
            Budget::Iterations(_) => Limits::default(),
        };
        match self {
            Side::Ours(mcts) => {
                let result = mcts.search(position, &limits);
                (result.best_move, result.stats.iterations)
            }
            Side::Engine(engine) => {
                let result = engine.search(position, &limits);
                (result.best_move, result.stats.nodes)
            }
            Side::Peer(peer) => (peer.choose_move(position), 0),
            Side::Expectimax(engine) => {
                let result = engine.search(position, &limits);
                (result.best_move, result.stats.nodes)
            }
        }
    }

    /// Tells the side a move was played (ours keeps its tree).
    fn played(&mut self, mv: G::Move) {
        if let Side::Ours(mcts) = self {
            mcts.advance(mv);
        }
    }
}

/// A game from `start` after `plies` seeded random moves; the result for `first` (who plays
/// White/X/South when `first_moves_first`), and the work per move of each side.
fn play_game<G, E>(
    start: &G,
    args: &Args,
    evaluator: &dyn Fn() -> E,
    budget: Budget,
    number: u32,
) -> (f64, [(u64, u64, Duration); 2])
where
    G: Game + ZobristHash + Send + Sync,
    G::Move: Eq + Send + Sync,
    E: Evaluate<G>,
{
    let opening = u64::from(number / 2);
    let first_moves_first = number % 2 == 0;
    let mut rng = SplitMix64::new(opening.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut sides = [
        Side::new(args.first, evaluator, budget, opening, args.engine),
        Side::new(args.second, evaluator, budget, opening + 1, args.engine),
    ];
    let mut work = [(0u64, 0u64, Duration::ZERO); 2];
    let mut position = start.clone();
    let mut ply = 0;
    loop {
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if let Some(outcome) = position.outcome(moves.len()) {
            let sign = match outcome {
                Outcome::Win => 1,
                Outcome::Loss => -1,
                Outcome::Draw => 0,
                Outcome::Margin(m) => m.signum(),
            };
            // The side to move's result, turned into the first player's.
            let first_player = if first_moves_first {
                Player::First
            } else {
                Player::Second
            };
            let for_first = if position.to_move() == first_player {
                sign
            } else {
                -sign
            };
            return (f64::from(for_first + 1) / 2.0, work);
        }
        let index = usize::from((position.to_move() == Player::First) != first_moves_first);
        let mv = if position.is_chance() {
            // Nature's move, from the game's own stream of dice (the same for both colours).
            moves[sample_outcome(&position, &moves, &mut rng)]
        } else if ply < args.opening_plies {
            moves[rng.below(moves.len())]
        } else {
            let began = Instant::now();
            let (mv, done) = sides[index].choose(&position, budget);
            work[index].0 += done;
            work[index].1 += 1;
            work[index].2 += began.elapsed();
            // A searcher that returns no move in a game that is not over forfeits the game, and
            // says so (never seen).
            let Some(mv) = mv else {
                let name = format!("{:?}", [args.first, args.second][index]).to_lowercase();
                eprintln!("game {}: {name} returned no move: it forfeits", number + 1);
                return (if index == 0 { 0.0 } else { 1.0 }, work);
            };
            mv
        };
        for side in &mut sides {
            side.played(mv);
        }
        position = position.play(mv);
        ply += 1;
    }
}

fn run<G, E>(start: &G, args: &Args, evaluator: &dyn Fn() -> E, budget: Budget, game: &str) -> MatchScore
where
    G: Game + ZobristHash + Send + Sync,
    G::Move: Eq + Send + Sync,
    E: Evaluate<G>,
{
    let mut score = MatchScore::default();
    let mut work = [(0u64, 0u64, Duration::ZERO); 2];
    for number in args.first_game..args.first_game + args.games {
        let (result, done) = play_game(start, args, evaluator, budget, number);
        match result {
            1.0 => score.wins += 1,
            0.0 => score.losses += 1,
            _ => score.draws += 1,
        }
        for (total, game) in work.iter_mut().zip(done) {
            total.0 += game.0;
            total.1 += game.1;
            total.2 += game.2;
        }
        eprintln!(
            "game {} ({} moves first): {}; running {score} ({:.1}%)",
            number + 1,
            if number % 2 == 0 {
                "first player"
            } else {
                "second player"
            },
            match result {
                1.0 => "first player wins",
                0.0 => "second player wins",
                _ => "draw",
            },
            100.0 * score.fraction()
        );
    }
    let names = [args.first, args.second].map(|k| format!("{k:?}").to_lowercase());
    let budget_text = match budget {
        Budget::Time(t) => format!("{} ms per move", t.as_millis()),
        Budget::Iterations(n) => format!("{n} iterations per move"),
    };
    println!(
        "{game}, {} against {}, {budget_text}, {} games ({} random plies, each opening with both colours):",
        names[0], names[1], args.games, args.opening_plies
    );
    println!(
        "  {}: {score}, {:.1}%, Elo {}",
        names[0],
        100.0 * score.fraction(),
        score.elo()
    );
    for (name, (done, moves, time)) in names.iter().zip(work) {
        let unit = if name == "engine" || name == "expectimax" {
            "nodes"
        } else {
            "iterations"
        };
        if name != "peer" && moves > 0 {
            println!(
                "  {name}: {:.0} {unit} per move, {:.1} ms per move",
                done as f64 / moves as f64,
                time.as_secs_f64() * 1000.0 / moves as f64
            );
        }
    }
    score
}

fn main() -> ExitCode {
    let args = Args::parse();
    let budget = match (args.movetime, args.iterations) {
        (Some(ms), None) => Budget::Time(Duration::from_millis(ms)),
        (None, Some(n)) => Budget::Iterations(n),
        _ => {
            eprintln!("error: give --movetime MS or --iterations N");
            return ExitCode::from(2);
        }
    };
    let plays = |kind: Kind| args.first == kind || args.second == kind;
    if matches!(budget, Budget::Iterations(_)) && (plays(Kind::Engine) || plays(Kind::Expectimax)) {
        eprintln!("error: the engine and expectimax have no iterations; give --movetime MS to play them");
        return ExitCode::from(2);
    }
    if args.engine.is_some_and(|config| !config.iterative_deepening) {
        eprintln!("error: --engine needs iterative deepening (id) to play on the clock");
        return ExitCode::from(2);
    }
    if args.games % 2 != 0 || args.first_game % 2 != 0 {
        eprintln!("error: --games and --first-game must be even (each opening with both colours)");
        return ExitCode::from(2);
    }
    match args.game {
        GameName::ConnectFour => {
            run(
                &ConnectFour::new(),
                &args,
                &OpenWindows::new,
                budget,
                "Connect Four",
            );
        }
        GameName::TicTacToe => {
            run(&TicTacToe::new(), &args, &|| Heuristic, budget, "Tic-tac-toe");
        }
        GameName::Einstein => {
            if plays(Kind::Peer) {
                eprintln!(
                    "error: the minimax crate's players have no chance nodes: they cannot play EinStein"
                );
                return ExitCode::from(2);
            }
            let evaluator = || einstein::evaluate as fn(&EinStein) -> Score;
            run(
                &EinStein::new(),
                &args,
                &evaluator,
                budget,
                "EinStein würfelt nicht!",
            );
        }
        GameName::Kalah => {
            if args.first == Kind::Peer || args.second == Kind::Peer {
                eprintln!(
                    "error: the minimax crate's players always alternate: it cannot play Kalah's extra turns"
                );
                return ExitCode::from(2);
            }
            let parsed: Option<(u8, u8)> = args
                .kalah
                .split_once(',')
                .and_then(|(h, s)| Some((h.trim().parse().ok()?, s.trim().parse().ok()?)));
            let start = match parsed.map(|(h, s)| Kalah::new(h, s)) {
                Some(Ok(start)) => start,
                Some(Err(err)) => {
                    eprintln!("error: --kalah {}: {err}", args.kalah);
                    return ExitCode::from(2);
                }
                None => {
                    eprintln!("error: --kalah expects HOUSES,SEEDS, got {:?}", args.kalah);
                    return ExitCode::from(2);
                }
            };
            let evaluator = || Kalah::evaluate_stores as fn(&Kalah) -> Score;
            run(
                &start,
                &args,
                &evaluator,
                budget,
                &format!("Kalah({})", args.kalah),
            );
        }
    }
    ExitCode::SUCCESS
}
