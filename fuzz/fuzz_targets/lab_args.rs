//! The lab programs' command lines and the lab's own text parsers: an error (clap's, or the
//! program's in words) or a value, never a panic.
//!
//! The first byte picks what is fuzzed. For a program, the rest is its argument vector, one
//! argument a line, parsed by a `clap::Parser` that flattens the program's `Options` (as the
//! program in `examples/` does), and then planned as the program plans before it runs (what reads
//! no file and starts no search: `compare`'s plan, `versus`'s players, `reproduce`'s setup,
//! `mcts_versus`'s `--kalah`, `analyze`'s game, `solve`'s position, `selfplay`'s engine options). For a text parser, the rest is its text; a
//! value that prints itself prints back to a text that parses to the same value.
#![no_main]

use clap::Parser;
use game_chess::{ChessConfig, Evaluation, GameHistory, MoveOrdering};
use game_search_lab::configs::{Config, MctsConfig};
use game_search_lab::players::PlayerSpec;
use game_search_lab::reproduce::strength::{MatchLine, SuiteLine, parse_line};
use game_search_lab::{
    analyze, compare, kalah_table, mcts_versus, report, reproduce, runner, selfplay, solve, star_table,
    strength_record, trace, tune, versus,
};
use libfuzzer_sys::fuzz_target;

/// Each program's options, flattened as its `examples/` program does.
macro_rules! program {
    ($name:ident, $options:path) => {
        #[derive(Parser)]
        struct $name {
            #[command(flatten)]
            options: $options,
            #[arg(long)]
            list: bool,
        }
    };
}

program!(Compare, compare::Options);
program!(Versus, versus::Options);
program!(Reproduce, reproduce::Options);
program!(McstVersus, mcts_versus::Options);
program!(StarTable, star_table::Options);
program!(Trace, trace::Options);
program!(Analyze, analyze::Options);
program!(KalahTable, kalah_table::Options);
program!(Solve, solve::Options);
program!(Selfplay, selfplay::Options);
program!(Tune, tune::Options);
program!(StrengthRecord, strength_record::Options);

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let args = std::iter::once("lab").chain(text.lines().take(32));
    match which % 10 {
        0 => {
            if let Ok(args) = Compare::try_parse_from(args)
                && args.options.suite.is_none()
            {
                let _ = args.options.plan();
            }
        }
        1 => {
            if let Ok(args) = Versus::try_parse_from(args)
                && args.options.openings.is_none()
            {
                let _ = versus::setup(&args.options);
            }
        }
        2 => {
            if let Ok(args) = Reproduce::try_parse_from(args) {
                let _ = reproduce::setup(&args.options);
            }
        }
        3 => {
            if let Ok(args) = McstVersus::try_parse_from(args) {
                let _ = mcts_versus::parse_kalah(&args.options.kalah);
                if let Some(config) = args.options.engine {
                    assert_eq!(config.to_string().parse().ok(), Some(config));
                }
            }
        }
        4 => {
            let _ = StarTable::try_parse_from(args);
            let _ = Trace::try_parse_from(std::iter::once("lab").chain(text.lines().take(32)));
        }
        5 => {
            if let Ok(args) = Analyze::try_parse_from(args) {
                let options = args.options;
                let config = ChessConfig::default().with_ordering(options.ordering);
                if let Ok(game) = GameHistory::from_uci(&options.position, &options.moves, config) {
                    let _ = game.position().search_root();
                }
            }
        }
        6 => {
            if let Ok(args) = KalahTable::try_parse_from(args) {
                for (m, n) in args.options.shapes {
                    let _ = games::kalah::Kalah::new(m, n);
                }
            }
            // The solve program: its game and position built as it builds them (no solve).
            if let Ok(args) = Solve::try_parse_from(std::iter::once("lab").chain(text.lines().take(32))) {
                let _ = solve::validate(&args.options);
            }
        }
        7 => {
            // The tuning programs: their options, and the engine options self-play would use.
            if let Ok(args) = Selfplay::try_parse_from(args) {
                let _ = selfplay::engine_options(&args.options.options);
            }
            let _ = Tune::try_parse_from(std::iter::once("lab").chain(text.lines().take(32)));
            let _ = StrengthRecord::try_parse_from(std::iter::once("lab").chain(text.lines().take(32)));
        }
        _ => parsers(
            rest.first().copied().unwrap_or(0),
            text.get(1..).unwrap_or_default(),
        ),
    }
});

/// The lab's text parsers.
fn parsers(which: u8, text: &str) {
    match which % 8 {
        0 => {
            if let Ok(configs) = Config::parse_list(text) {
                for config in configs {
                    let _ = config.offset(None);
                    let _ = Config::parse(&config.name).expect("a parsed name parses again");
                }
            }
        }
        1 => {
            if let Ok(config) = MctsConfig::parse(text) {
                let printed = config.to_string();
                assert_eq!(
                    MctsConfig::parse(&printed),
                    Ok(config),
                    "{text:?} printed as {printed:?}"
                );
            }
        }
        2 => {
            if let Ok(spec @ (PlayerSpec::Searcher { .. } | PlayerSpec::Random { .. })) =
                PlayerSpec::parse(text)
            {
                let name = spec.name();
                let again = PlayerSpec::parse(&name).unwrap_or_else(|error| {
                    panic!("{text:?} is named {name:?}, which does not parse: {error}")
                });
                assert_eq!(again.name(), name, "{text:?}");
            }
        }
        3 => {
            let _ = reproduce::openings::parse_openings(text);
        }
        4 => {
            let _ = runner::parse_suite(text);
        }
        5 => {
            let _ = kalah_table::parse_shape(text);
            let _ = solve::parse_size(text);
            let _ = solve::parse_heaps(text);
            let _ = text.parse::<report::Format>();
            let _ = mcts_versus::parse_kalah(text);
        }
        6 => {
            if let Ok(evaluation) = text.parse::<Evaluation>() {
                assert_eq!(
                    evaluation.to_string().parse::<Evaluation>().ok(),
                    Some(evaluation)
                );
            }
            if let Ok(ordering) = text.parse::<MoveOrdering>() {
                assert_eq!(ordering.to_string().parse::<MoveOrdering>().ok(), Some(ordering));
            }
        }
        _ => {
            let _ = parse_line::<MatchLine>(text);
            let _ = parse_line::<SuiteLine>(text);
            // The tuner's data lines and the match record.
            let _ = tune::parse_line(text);
            let _ = strength_record::parse(text);
        }
    }
}
