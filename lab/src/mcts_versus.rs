//! The `mcts_versus` program: Monte Carlo tree search in play, this project's `Mcts` against the
//! alpha-beta engine, expectiminimax and the `minimax` crate's MCTS ([`Peer`]), on Connect Four,
//! Kalah, tic-tac-toe and EinStein, at equal time or equal iterations per move. The program
//! (`examples/mcts_versus.rs`, whose documentation describes the players and the protocol) parses
//! its arguments and calls [`run`]. It prints the match's result as a Markdown paragraph and
//! list, which `--book NAME` also writes into the book's section NAME.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use game_tictactoe::{Heuristic, TicTacToe};
use games::connect_four::{ConnectFour, OpenWindows};
use games::einstein::{self, EinStein};
use games::kalah::Kalah;
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy};
use search_core::chance::sample_outcome;
use search_core::engine::{Config, Engine};
use search_core::mcts::{Mcts, SplitMix64};
use search_core::{Evaluate, Game, Limits, MoveList, Outcome, Player, Score, Searcher, ZobristHash};

use super::book::{Book, Transcript, example_command, write_or_report};
use super::elo::MatchScore;
use super::peer::Peer;

/// The game a match is played on. (Connect Four, Kalah and tic-tac-toe carry no doc comment of
/// their own: it would be their help text in the program's `--help`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    #[allow(missing_docs)]
    ConnectFour,
    #[allow(missing_docs)]
    Kalah,
    #[allow(missing_docs)]
    TicTacToe,
    /// EinStein würfelt nicht! (dice: chance nodes), from seeded random arrangements.
    Einstein,
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
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

/// The `mcts_versus` program's options.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The first player.
    #[arg(value_enum)]
    pub first: Kind,
    /// The second player.
    #[arg(value_enum)]
    pub second: Kind,
    /// The game.
    #[arg(long, value_enum, default_value_t = GameName::ConnectFour)]
    pub game: GameName,
    /// Milliseconds per move for every player.
    #[arg(long, value_name = "MS", conflicts_with = "iterations",
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: Option<u64>,
    /// Iterations per move for the MCTS players (not for `engine`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub iterations: Option<u64>,
    /// Games (a multiple of 2: each opening with both colours).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub games: u32,
    /// The number of the first game (even): a second run from game 200 plays new openings and
    /// dice, so that runs on several cores add up to one longer match.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub first_game: u32,
    /// Random plies before the players take over.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub opening_plies: u32,
    /// Kalah: houses per side and seeds per house.
    #[arg(long, default_value = "6,4", value_name = "HOUSES,SEEDS")]
    pub kalah: String,
    /// The `engine` player's configuration in its text form (as `compare --list` shows it;
    /// with iterative deepening, to play on the clock), instead of the exact preset with
    /// quiescence; e.g. `id+tt+hints+killers+history+pvs+qs+star` for Star1 at the rolls.
    #[arg(long, value_name = "CONFIG")]
    pub engine: Option<Config>,
    /// Also write the result into the book's section NAME (book/src; e.g. mcts-versus-kalah),
    /// with this command.
    #[arg(long, value_name = "NAME")]
    pub book: Option<String>,
    /// The book's pages for `--book` (default: this repository's book/src).
    #[arg(long, value_name = "DIR", requires = "book")]
    pub book_dir: Option<PathBuf>,
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
                None => {
                    let exact_with_quiescence = Config::exact().with("qs").expect("a valid configuration");
                    Engine::with_config(evaluator(), exact_with_quiescence.for_game::<G>())
                }
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
    options: &Options,
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
        Side::new(options.first, evaluator, budget, opening, options.engine),
        Side::new(options.second, evaluator, budget, opening + 1, options.engine),
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
        } else if ply < options.opening_plies {
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
                let name = format!("{:?}", [options.first, options.second][index]).to_lowercase();
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

/// Plays the match the options ask for on `game` (its name in the summary) from `start`: each
/// game's result on stderr as it ends, then the first player's score with its Elo difference and
/// the work per move on stdout.
fn play_match<G, E>(
    start: &G,
    options: &Options,
    evaluator: &dyn Fn() -> E,
    budget: Budget,
    game: &str,
    out: &mut Transcript,
) -> MatchScore
where
    G: Game + ZobristHash + Send + Sync,
    G::Move: Eq + Send + Sync,
    E: Evaluate<G>,
{
    let mut score = MatchScore::default();
    let mut work = [(0u64, 0u64, Duration::ZERO); 2];
    for number in options.first_game..options.first_game + options.games {
        let (result, done) = play_game(start, options, evaluator, budget, number);
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
    let names = [options.first, options.second].map(|k| format!("{k:?}").to_lowercase());
    let budget_text = match budget {
        Budget::Time(t) => format!("{} ms per move", t.as_millis()),
        Budget::Iterations(n) => format!("{n} iterations per move"),
    };
    out.line(format!(
        "{game}, {} against {}, {budget_text}, {} games ({} random plies, each opening with both colours):",
        names[0], names[1], options.games, options.opening_plies
    ));
    out.line(format!(
        "- {}: {score}, {:.1}%, Elo {}",
        names[0],
        100.0 * score.fraction(),
        score.elo()
    ));
    for (name, (done, moves, time)) in names.iter().zip(work) {
        let unit = if name == "engine" || name == "expectimax" {
            "nodes"
        } else {
            "iterations"
        };
        if name != "peer" && moves > 0 {
            out.line(format!(
                "- {name}: {:.0} {unit} per move, {:.1} ms per move",
                done as f64 / moves as f64,
                time.as_secs_f64() * 1000.0 / moves as f64
            ));
        }
    }
    score
}

impl Options {
    /// How moves are chosen, once the options are checked against each other.
    ///
    /// # Errors
    ///
    /// Neither or both of `--movetime` and `--iterations`; iterations for the engine or
    /// expectimax; an `--engine` without iterative deepening; an odd `--games` or `--first-game`.
    fn budget(&self) -> Result<Budget, String> {
        let budget = match (self.movetime, self.iterations) {
            (Some(ms), None) => Budget::Time(Duration::from_millis(ms)),
            (None, Some(n)) => Budget::Iterations(n),
            _ => return Err("give --movetime MS or --iterations N".into()),
        };
        if matches!(budget, Budget::Iterations(_))
            && (self.plays(Kind::Engine) || self.plays(Kind::Expectimax))
        {
            return Err(
                "the engine and expectimax have no iterations; give --movetime MS to play them".into(),
            );
        }
        if self.engine.is_some_and(|config| !config.iterative_deepening) {
            return Err("--engine needs iterative deepening (id) to play on the clock".into());
        }
        if self.games % 2 != 0 || self.first_game % 2 != 0 {
            return Err("--games and --first-game must be even (each opening with both colours)".into());
        }
        Ok(budget)
    }

    /// Whether `kind` is one of the two players.
    fn plays(&self, kind: Kind) -> bool {
        self.first == kind || self.second == kind
    }

    /// The Kalah board of `--kalah` ([`parse_kalah`]).
    ///
    /// # Errors
    ///
    /// Not `HOUSES,SEEDS`, or a size Kalah refuses.
    fn kalah(&self) -> Result<Kalah, String> {
        parse_kalah(&self.kalah)
    }
}

/// The Kalah start a `--kalah HOUSES,SEEDS` value names (the program's option; public so that
/// the fuzz targets reach it).
///
/// ```
/// use game_search_lab::mcts_versus::parse_kalah;
/// assert_eq!(parse_kalah(" 4, 3").unwrap().houses_per_side(), 4);
/// assert_eq!(parse_kalah("4x3").unwrap_err(), "--kalah expects HOUSES,SEEDS, got \"4x3\"");
/// assert!(parse_kalah("7,4").unwrap_err().starts_with("--kalah 7,4: Kalah is played with"));
/// ```
///
/// # Errors
///
/// Not `HOUSES,SEEDS`, or a size Kalah refuses, in words.
pub fn parse_kalah(text: &str) -> Result<Kalah, String> {
    let parsed: Option<(u8, u8)> = text
        .split_once(',')
        .and_then(|(h, s)| Some((h.trim().parse().ok()?, s.trim().parse().ok()?)));
    match parsed.map(|(h, s)| Kalah::new(h, s)) {
        Some(Ok(start)) => Ok(start),
        Some(Err(err)) => Err(format!("--kalah {text}: {err}")),
        None => Err(format!("--kalah expects HOUSES,SEEDS, got {text:?}")),
    }
}

/// The `mcts_versus` program after its arguments are parsed: the options (and the book's
/// section, with `--book`) checked, then the match on the game asked for (each game's result on
/// stderr, the score on stdout, and with `--book` in the book's section). `arguments` are the
/// program's (its name aside), for the marker.
///
/// Exit status: 0; 2 on bad input (the book's section among it) or if the book cannot be
/// written.
#[must_use]
pub fn run(options: &Options, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let book = options
        .book
        .as_ref()
        .map(|name| (name, Book::from_option(options.book_dir.as_deref())));
    if let Some((name, book)) = &book
        && let Err(err) = book.check(&[name])
    {
        eprintln!("error: {err}");
        return ExitCode::from(2);
    }
    let mut out = Transcript::new();
    if let Err(err) = try_run(options, &mut out) {
        eprintln!("error: {err}");
        return ExitCode::from(2);
    }
    let written = match &book {
        Some((name, book)) => write_or_report(
            Some(book),
            name,
            &example_command("mcts_versus", arguments),
            out.text(),
        ),
        None => true,
    };
    if written {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// The match the options ask for, from the first player's side; its result printed and kept in
/// `out`.
fn try_run(options: &Options, out: &mut Transcript) -> Result<MatchScore, String> {
    let budget = options.budget()?;
    Ok(match options.game {
        GameName::ConnectFour => play_match(
            &ConnectFour::new(),
            options,
            &OpenWindows::new,
            budget,
            "Connect Four",
            out,
        ),
        GameName::TicTacToe => play_match(
            &TicTacToe::new(),
            options,
            &|| Heuristic,
            budget,
            "Tic-tac-toe",
            out,
        ),
        GameName::Einstein => {
            if options.plays(Kind::Peer) {
                return Err(
                    "the minimax crate's players have no chance nodes: they cannot play EinStein".into(),
                );
            }
            let evaluator = || einstein::evaluate as fn(&EinStein) -> Score;
            play_match(
                &EinStein::new(),
                options,
                &evaluator,
                budget,
                "EinStein würfelt nicht!",
                out,
            )
        }
        GameName::Kalah => {
            if options.plays(Kind::Peer) {
                return Err(
                    "the minimax crate's players always alternate: it cannot play Kalah's extra turns".into(),
                );
            }
            let start = options.kalah()?;
            let evaluator = || Kalah::evaluate_stores as fn(&Kalah) -> Score;
            play_match(
                &start,
                options,
                &evaluator,
                budget,
                &format!("Kalah({})", options.kalah),
                out,
            )
        }
    })
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

    fn parse(args: &[&str]) -> Options {
        Args::try_parse_from(["mcts_versus"].iter().chain(args))
            .unwrap()
            .options
    }

    fn error(args: &[&str]) -> String {
        try_run(&parse(args), &mut Transcript::new()).unwrap_err()
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        assert_eq!(error(&["mcts", "peer"]), "give --movetime MS or --iterations N");
        assert!(error(&["mcts", "engine", "--iterations", "10"]).starts_with("the engine and expectimax"));
        assert!(
            error(&["mcts", "engine", "--movetime", "10", "--engine", "tt"]).contains("iterative deepening")
        );
        assert!(error(&["mcts", "mcts", "--iterations", "10", "--games", "3"]).contains("must be even"));
        assert!(
            error(&["mcts", "peer", "--iterations", "10", "--game", "kalah"]).contains("Kalah's extra turns")
        );
        assert!(
            error(&["peer", "mcts", "--iterations", "10", "--game", "einstein"]).contains("no chance nodes")
        );
        let kalah = error(&[
            "mcts",
            "mcts",
            "--iterations",
            "10",
            "--game",
            "kalah",
            "--kalah",
            "6",
        ]);
        assert_eq!(kalah, "--kalah expects HOUSES,SEEDS, got \"6\"");
        let kalah = error(&[
            "mcts",
            "mcts",
            "--iterations",
            "10",
            "--game",
            "kalah",
            "--kalah",
            "0,4",
        ]);
        assert!(kalah.starts_with("--kalah 0,4: "), "{kalah}");
        assert!(Args::try_parse_from(["mcts_versus", "mcts", "peer", "--games", "1"]).is_err());
    }

    #[test]
    fn a_match_plays_every_game_and_is_reproducible() {
        let options = parse(&[
            "mcts",
            "mcts",
            "--game",
            "tic-tac-toe",
            "--iterations",
            "200",
            "--games",
            "4",
        ]);
        let mut out = Transcript::new();
        let score = try_run(&options, &mut out).unwrap();
        assert_eq!(score.games(), 4);
        assert!(
            out.text()
                .starts_with("Tic-tac-toe, mcts against mcts, 200 iterations per move, 4 games"),
            "{}",
            out.text()
        );
        assert!(out.text().contains("\n- mcts: "), "{}", out.text());
        assert_eq!(
            try_run(&options, &mut Transcript::new()).unwrap(),
            score,
            "seeded: the same games again"
        );
        // Kalah(3, 3): the engine on the clock against MCTS, each opening with both colours.
        let options = parse(&[
            "engine",
            "mcts",
            "--game",
            "kalah",
            "--kalah",
            "3,3",
            "--movetime",
            "5",
            "--games",
            "2",
        ]);
        assert_eq!(try_run(&options, &mut Transcript::new()).unwrap().games(), 2);
    }

    #[test]
    fn the_book_option_writes_the_result_into_its_section_or_refuses_first() {
        use crate::book::tests::TempDir;
        let dir = TempDir::new();
        let page = dir.write(
            "mcts.md",
            "<!-- generated: mcts-versus-test by `old` -->\nold\n<!-- end: mcts-versus-test -->\n",
        );
        let path = dir.0.display().to_string();
        let args = [
            "mcts",
            "mcts",
            "--game",
            "tic-tac-toe",
            "--iterations",
            "50",
            "--games",
            "2",
            "--book",
            "mcts-versus-test",
            "--book-dir",
            &path,
        ];
        assert_eq!(run(&parse(&args), args.map(String::from)), ExitCode::SUCCESS);
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            text.starts_with(
                "<!-- generated: mcts-versus-test by `cargo run --release --example mcts_versus -- \
                 mcts mcts --game tic-tac-toe --iterations 50 --games 2 --book mcts-versus-test` \
                 -->\nTic-tac-toe, mcts against mcts, 50 iterations per move, 2 games"
            ),
            "{text}"
        );
        assert!(
            text.ends_with(" ms per move\n<!-- end: mcts-versus-test -->\n"),
            "{text}"
        );
        let unknown = [
            "mcts",
            "mcts",
            "--iterations",
            "50",
            "--book",
            "no-such-section",
            "--book-dir",
            &path,
        ];
        assert_eq!(
            run(&parse(&unknown), unknown.map(String::from)),
            ExitCode::from(2)
        );
    }
}
