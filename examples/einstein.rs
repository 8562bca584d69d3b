//! EinStein würfelt nicht! in the terminal, against the engine: a thin front-end over
//! [`games::einstein`](game_search::games::einstein). The program rolls the die for both players,
//! from a seed (printed, so that a game can be replayed).
//!
//! ```text
//! cargo run --release --example einstein                         # you are Red and start
//! cargo run --release --example einstein -- --second             # the computer is Red and starts
//! cargo run --release --example einstein -- --seed 7 --depth 10  # the same dice, a deeper search
//! cargo run --release --example einstein -- --movetime 2000      # two seconds a move
//! cargo run --release --example einstein -- --red 654321 --standard  # your arrangement, the standard one for the computer
//! cargo run --release --example einstein -- --watch --seed 3     # the engine against expectiminimax
//! ```
//!
//! Red starts in the top-left corner and races to `e5`, Blue from the bottom-right to `a1`
//! (columns `a`-`e`, rows `1`-`5` from the top). The die says which stone moves: the one with
//! its number, or if it is gone the next higher or next lower one still on the board. Red steps
//! right, down or diagonally down-right, Blue left, up or diagonally up-left; a step onto a stone
//! captures it, even your own. Reach the far corner or capture every stone of the other to win.
//!
//! On your turn type a step from-to (`b2-c3`), or its destination alone (`c3`) when only one of
//! your allowed stones can get there; a forced step is played for you; `q` quits. Bad input (not
//! a step, a stone the die does not allow, a square it cannot reach, a line that is not UTF-8) is
//! refused with the reason, and you are asked again. At the end of the input the program says
//! goodbye and stops.
//!
//! The computer is the engine's strongest preset (Star2 pruning at the rolls) with the
//! evaluation [`evaluate`](game_search::games::einstein::evaluate), searching `--depth` plies
//! (a roll and a step are two) or `--movetime` milliseconds. With `--watch` it plays against
//! expectiminimax ([`Minimax`](game_search::search_core::reference::Minimax), `--minimax-depth`
//! plies) on your side, and the whole game is printed.

use std::io::{self, BufRead};
use std::time::Duration;

use clap::Parser;
use game_search::games::einstein::{
    BLUE_START, EinStein, Move, RED_START, SIZE, STANDARD_ARRANGEMENT, colour, evaluate, goal, square_name,
};
use game_search::games::prompt::{Answer, ask};
use game_search::search_core::engine::Engine;
use game_search::search_core::mcts::SplitMix64;
use game_search::search_core::reference::Minimax;
use game_search::search_core::{Game, Limits, Player, Score, SearchResult, Searcher};

/// The evaluation, as a named function type.
type Eval = fn(&EinStein) -> Score;

/// The deepest a timed search goes (iterative deepening stops at the deadline first).
const MAX_DEPTH: u32 = 200;

#[derive(Parser)]
#[command(
    about = "Play EinStein würfelt nicht! against the engine: the die picks the stone, race to the far corner"
)]
struct Args {
    /// Let the computer play Red and move first (you are Blue).
    #[arg(long)]
    second: bool,
    /// The seed of the die (and of the random arrangements); from the clock if not given.
    #[arg(long)]
    seed: Option<u64>,
    /// The computer's search depth in plies (a roll and a step are two).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40), conflicts_with = "movetime")]
    depth: Option<u32>,
    /// The computer's time a move, in milliseconds (instead of a depth).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Red's arrangement: the numbers on a1 b1 c1 a2 b2 a3, like 123456.
    #[arg(long, value_parser = parse_arrangement)]
    red: Option<[u8; 6]>,
    /// Blue's arrangement: the numbers on e5 d5 c5 e4 d4 e3, like 123456.
    #[arg(long, value_parser = parse_arrangement)]
    blue: Option<[u8; 6]>,
    /// The standard arrangement (1 to 6 in the order above) for a side not given, instead of a
    /// random one.
    #[arg(long)]
    standard: bool,
    /// Watch the computer play against expectiminimax, which takes your side.
    #[arg(long)]
    watch: bool,
    /// The depth of expectiminimax in --watch.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
    minimax_depth: u32,
}

/// The default depth: five turns, a tenth of a second a move or so (depth 12 takes about a
/// second, 14 ten).
const DEFAULT_DEPTH: u32 = 10;

/// Six digits, a permutation of 1 to 6.
fn parse_arrangement(text: &str) -> Result<[u8; 6], String> {
    let digits: Vec<u8> = text.trim().bytes().map(|byte| byte.wrapping_sub(b'0')).collect();
    let arrangement: [u8; 6] = digits
        .try_into()
        .map_err(|_| format!("'{text}' is not six digits, like 123456"))?;
    let mut sorted = arrangement;
    sorted.sort_unstable();
    if sorted != STANDARD_ARRANGEMENT {
        return Err(format!("'{text}' is not the digits 1 to 6, each once"));
    }
    Ok(arrangement)
}

/// The numbers on `player`'s start squares in `start`, in the arrangement's order.
fn arrangement_of(start: &EinStein, player: Player) -> [u8; 6] {
    let squares = match player {
        Player::First => RED_START,
        Player::Second => BLUE_START,
    };
    squares.map(|(row, column)| start.stone_at(row * SIZE + column).map_or(0, |(_, stone)| stone))
}

/// A search result's score as a few words for the side that searched.
fn verdict(score: Score) -> String {
    if score > Score::MAX_EVAL {
        "a sure win".to_string()
    } else if score < -Score::MAX_EVAL {
        "a sure loss".to_string()
    } else {
        // The evaluation's scale: +-20 000 is a sure win or loss.
        let percent = (50 + score.raw() / 400).clamp(0, 100);
        format!("about {percent}% to win")
    }
}

/// How long the engine searches a move.
#[derive(Clone, Copy)]
enum Budget {
    Depth(u32),
    Time(Duration),
}

/// The computer players: the engine, and expectiminimax in `--watch`.
enum Computer {
    Engine(Box<Engine<EinStein, Eval>>, Budget),
    Minimax(Box<Minimax<Eval>>, u32),
}

impl Computer {
    fn name(&self) -> String {
        match self {
            Computer::Engine(_, Budget::Depth(depth)) => format!("the engine, depth {depth}"),
            Computer::Engine(_, Budget::Time(time)) => {
                format!("the engine, {} ms a move", time.as_millis())
            }
            Computer::Minimax(_, depth) => format!("expectiminimax, depth {depth}"),
        }
    }

    fn search(&mut self, position: &EinStein) -> SearchResult<Move> {
        match self {
            Computer::Engine(engine, Budget::Depth(depth)) => engine.search(position, &Limits::depth(*depth)),
            // Iterative deepening stops at the deadline with its last complete iteration.
            Computer::Engine(engine, Budget::Time(time)) => {
                engine.search(position, &Limits::depth(MAX_DEPTH).with_time(*time))
            }
            Computer::Minimax(minimax, depth) => minimax.search(position, &Limits::depth(*depth)),
        }
    }
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut position = start_position(&args, seed);
    // The die: its own stream, so that the arrangements and the rolls do not share numbers.
    let mut die = SplitMix64::new(seed ^ 0xD1CE);
    let mut players = Players::new(&args);
    print_intro(seed, &players, args.watch);
    let mut input = io::stdin().lock();
    while !position.is_over() {
        let mover = position.to_move();
        if position.is_chance() {
            position = roll(&position, &mut die);
        } else if let Some(computer) = players.computer(mover) {
            position = computer_step(&position, computer);
        } else {
            match your_turn(&position, &mut input)? {
                YourTurn::Step(step) => position = position.play(step),
                YourTurn::Again => {}
                YourTurn::Quit => return Ok(()),
            }
        }
    }
    print_result(&position, &players, args.watch);
    Ok(())
}

/// A seed from the clock, for a game without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}

/// The start position: each side's arrangement as given, else the standard one with
/// `--standard`, else a random one from `seed`. Exits with status 2 if the two do not make a
/// position.
fn start_position(args: &Args, seed: u64) -> EinStein {
    let random = EinStein::random(seed);
    let default = |player| {
        if args.standard {
            STANDARD_ARRANGEMENT
        } else {
            arrangement_of(&random, player)
        }
    };
    let red = args.red.unwrap_or_else(|| default(Player::First));
    let blue = args.blue.unwrap_or_else(|| default(Player::Second));
    match EinStein::with_arrangement(red, blue) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    }
}

/// Who plays: the engine on one side, and on the other you, or expectiminimax in `--watch`.
struct Players {
    /// The engine's side.
    computer_side: Player,
    /// The engine.
    engine: Computer,
    /// Expectiminimax in `--watch`; none when you play.
    opponent: Option<Computer>,
}

impl Players {
    /// The players `args` ask for.
    fn new(args: &Args) -> Players {
        let budget = match args.movetime {
            Some(millis) => Budget::Time(Duration::from_millis(millis)),
            None => Budget::Depth(args.depth.unwrap_or(DEFAULT_DEPTH)),
        };
        Players {
            computer_side: if args.second {
                Player::First
            } else {
                Player::Second
            },
            engine: Computer::Engine(Box::new(Engine::strongest(evaluate as Eval)), budget),
            opponent: args
                .watch
                .then(|| Computer::Minimax(Box::new(Minimax::new(evaluate as Eval)), args.minimax_depth)),
        }
    }

    /// Who plays `player`, in words.
    fn name(&self, player: Player) -> String {
        if player == self.computer_side {
            self.engine.name()
        } else {
            self.opponent.as_ref().map_or("you".to_string(), Computer::name)
        }
    }

    /// The computer that plays `player`; none if you do.
    fn computer(&mut self, player: Player) -> Option<&mut Computer> {
        if player == self.computer_side {
            Some(&mut self.engine)
        } else {
            self.opponent.as_mut()
        }
    }
}

/// The game's first lines: the seed to replay it, who plays which side, how to type a step.
fn print_intro(seed: u64, players: &Players, watch: bool) {
    println!("EinStein würfelt nicht! Seed {seed} (replay this game with --seed {seed}).");
    println!(
        "Red ({}) starts top left and races to e5; Blue ({}) starts bottom right and races to a1.",
        players.name(Player::First),
        players.name(Player::Second),
    );
    if watch {
        println!("Columns a-e, rows 1-5 from the top.\n");
    } else {
        println!("Columns a-e, rows 1-5 from the top. Type a step like b2-c3, q to quit.\n");
    }
}

/// The die rolled in `position` (a chance node), said with the stones it lets move: the position
/// after the roll.
fn roll(position: &EinStein, die: &mut SplitMix64) -> EinStein {
    let mover = position.to_move();
    let position = position.play(position.roll(die));
    let face = position.rolled().expect("just rolled");
    let stones: Vec<String> = position
        .movable_stones(face)
        .map(|stone| format!("{}{stone}", &colour(mover)[..1]))
        .collect();
    println!(
        "{} rolls {face}: {} may move.",
        colour(mover),
        stones.join(" or ")
    );
    println!("{position}");
    position
}

/// `computer`'s step in `position`, said with its verdict: the position after it.
fn computer_step(position: &EinStein, computer: &mut Computer) -> EinStein {
    let result = computer.search(position);
    let step = result
        .best_move
        .expect("an unfinished game has a move at a decision");
    println!(
        "{} ({}) plays {step}: {}.\n",
        colour(position.to_move()),
        computer.name(),
        verdict(result.score)
    );
    position.play(step)
}

/// What you did on your turn.
enum YourTurn {
    /// A step, to play.
    Step(Move),
    /// Nothing yet: bad input, refused with the reason; ask again.
    Again,
    /// `q` or the end of the input: goodbye.
    Quit,
}

/// Your turn in `position`: a forced step played for you, else your steps listed and one read
/// from `input`.
fn your_turn(position: &EinStein, input: &mut impl BufRead) -> io::Result<YourTurn> {
    let legal = position.legal_moves();
    if let [only] = legal[..] {
        println!("Your only step is {only}: played.\n");
        return Ok(YourTurn::Step(only));
    }
    let steps: Vec<String> = legal.iter().map(Move::to_string).collect();
    println!("Your steps: {}", steps.join(" "));
    let line = match ask(input, "Your step (like b2-c3, q to quit): ")? {
        Answer::Move(line) => line,
        Answer::Again => return Ok(YourTurn::Again),
        Answer::Quit => return Ok(YourTurn::Quit),
    };
    Ok(match position.parse_move(&line) {
        Ok(step) => {
            println!();
            YourTurn::Step(step)
        }
        Err(error) => {
            println!("{error}. Try again.\n");
            YourTurn::Again
        }
    })
}

/// The final position and who won how.
fn print_result(position: &EinStein, players: &Players, watch: bool) {
    println!("{position}");
    let winner = position.winner().expect("the game is over");
    let how = if position
        .stone_at(goal(winner))
        .is_some_and(|(owner, _)| owner == winner)
    {
        format!("reached {}", square_name(goal(winner)))
    } else {
        format!("captured every stone of {}", colour(winner.opponent()))
    };
    if !watch && winner != players.computer_side {
        println!("You win: you {how}!");
    } else if !watch {
        println!("I win: I {how}.");
    } else {
        println!("{} ({}) wins: it {how}.", colour(winner), players.name(winner));
    }
}
