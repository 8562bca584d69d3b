//! The UCI protocol's text, both ways, line by line:
//!
//! - `Command` (what a GUI sends): an error or a command; a `position` command's start and moves
//!   go through `GameHistory::from_uci` (an error or a game whose hash is right); a `setoption`
//!   goes to `EngineOptions::set`;
//! - `EngineOptions::set(name, value)` with arbitrary names and values (the command's, and
//!   `NAME<TAB>VALUE` lines raw): an error leaves the options unchanged, an accepted value is
//!   the option's value afterwards;
//! - `EngineMessage` and `Info` (what an engine sends): an `id`/`option` text is the line's own
//!   words, a `bestmove` its own moves; an `info` line prints back to a line that parses to the
//!   same `Info`, and every number it shows is one the line said.
#![no_main]

use std::time::Duration;

use game_chess::uci::{Command, EngineMessage, EngineOptions, Info, InfoScore, OptionEffect, StartPosition};
use game_chess::{ChessConfig, GameHistory};
use libfuzzer_sys::fuzz_target;
use search_core::engine::{FEATURES, Kind, Value};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut options = EngineOptions::default();
    for line in text.lines().take(64) {
        if let Ok(command) = line.parse::<Command>() {
            match command {
                Command::Position { start, moves } => position(&start, &moves),
                Command::SetOption { name, value } => set(&mut options, &name, value.as_deref()),
                _ => {}
            }
        }
        if let Some((name, value)) = line.split_once('\t') {
            set(&mut options, name, Some(value));
            set(&mut options, name, None);
        }
        message(line);
    }
});

fn position(start: &StartPosition, moves: &[String]) {
    let start = match start {
        StartPosition::Startpos => "startpos",
        StartPosition::Fen(fen) => fen,
    };
    if let Ok(game) = GameHistory::from_uci(start, moves, ChessConfig::default()) {
        let position = game.position();
        assert_eq!(position.hash(), position.full_hash(), "{start} moves {moves:?}");
        assert_eq!(game.previous_keys().len(), moves.len());
        let _ = game.is_threefold_repetition();
    }
}

/// Sets an option and checks that the options then hold the value (or are unchanged).
fn set(options: &mut EngineOptions, name: &str, value: Option<&str>) {
    let before = options.clone();
    let Ok(effect) = options.set(name, value) else {
        assert_eq!(
            *options, before,
            "a refused {name:?} = {value:?} changed the options"
        );
        return;
    };
    if effect == OptionEffect::ClearHash {
        assert_eq!(*options, before, "Clear Hash changed the options");
        return;
    }
    let value = value
        .expect("an option other than Clear Hash needs a value")
        .trim();
    let number = || value.parse::<i64>().expect("an accepted spin is a number");
    let same = |name: &str| name.eq_ignore_ascii_case(value);
    match name.to_ascii_lowercase().as_str() {
        "hash" => assert_eq!(options.resources.table_mib() as i64, number()),
        "threads" => assert_eq!(i64::from(options.resources.threads()), number()),
        "move overhead" => assert_eq!(options.move_overhead, Duration::from_millis(number() as u64)),
        "multipv" => assert_eq!(i64::from(options.multi_pv), number()),
        "ponder" => assert_eq!(options.ponder, value.eq_ignore_ascii_case("true")),
        "evaluation" => assert!(same(options.evaluation.name()), "{value:?}"),
        "move ordering" => assert!(same(options.ordering.name()), "{value:?}"),
        "search" => assert!(same(options.algorithm.name()), "{value:?}"),
        "mcts cutoff" => assert_eq!(i64::from(options.mcts_cutoff), number()),
        "mcts exploration" => assert_eq!(i64::from(options.mcts_exploration_milli), number()),
        _ => {
            let feature = FEATURES
                .iter()
                .find(|feature| feature.option.eq_ignore_ascii_case(name.trim()))
                .unwrap_or_else(|| panic!("{name:?} was accepted but is no feature"));
            let now = (feature.get)(&options.search);
            let expected = match feature.kind {
                Kind::Flag => value.eq_ignore_ascii_case("true").then_some(Value::On),
                Kind::Number { .. } => Some(number()).filter(|&n| n != 0).map(Value::Number),
                Kind::Choice(_) if value.eq_ignore_ascii_case("off") => None,
                Kind::Choice(_) => {
                    let Some(Value::Choice(choice)) = now else {
                        panic!("{name} = {value:?} accepted, but the feature is {now:?}")
                    };
                    assert!(
                        same(choice),
                        "{name} = {value:?} accepted, but the feature is {choice}"
                    );
                    return;
                }
            };
            assert_eq!(
                now, expected,
                "{name} = {value:?} accepted, but the feature is {now:?}"
            );
        }
    }
    // The options' configuration stays one that prints and parses back.
    let text = options.search.to_string();
    assert_eq!(text.parse().ok(), Some(options.search), "{text}");
}

fn message(line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Ok(message) = line.parse::<EngineMessage>() else {
        return;
    };
    let rest = |text: &str, from: usize| {
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            words[from..],
            "{line:?}: the text is not the line's words"
        );
    };
    match message {
        EngineMessage::Name(name) => rest(&name, 2),
        EngineMessage::Author(author) => rest(&author, 2),
        EngineMessage::Option(option) => rest(&option, 1),
        EngineMessage::BestMove { mv, ponder } => {
            if let Some(mv) = mv {
                assert_eq!(mv, words[1], "{line:?}");
            }
            if let Some(ponder) = ponder {
                assert_eq!((words[2], ponder.as_str()), ("ponder", words[3]), "{line:?}");
            }
        }
        EngineMessage::Info(info) => check_info(line, &words, &info),
        _ => {}
    }
}

fn check_info(line: &str, words: &[&str], info: &Info) {
    let printed = info.to_string();
    let again: Info = printed
        .parse()
        .unwrap_or_else(|error| panic!("{line:?} printed as {printed:?}, which does not parse: {error}"));
    assert_eq!(&again, info, "{line:?} printed as {printed:?}");
    // Every number shown is one the line gave after the same keyword.
    let said = |keyword: &str, value: i128| {
        words
            .windows(2)
            .any(|pair| pair[0] == keyword && pair[1].parse::<i128>() == Ok(value))
    };
    let numbers = [
        ("depth", info.depth.map(i128::from)),
        ("seldepth", info.seldepth.map(i128::from)),
        ("multipv", info.multipv.map(i128::from)),
        ("nodes", info.nodes.map(i128::from)),
        ("nps", info.nps.map(i128::from)),
        ("hashfull", info.hashfull.map(i128::from)),
        ("time", info.time_ms.map(i128::from)),
        ("currmovenumber", info.currmovenumber.map(i128::from)),
        (
            "cp",
            match info.score {
                Some(InfoScore::Centipawns(cp)) => Some(i128::from(cp)),
                _ => None,
            },
        ),
        (
            "mate",
            match info.score {
                Some(InfoScore::Mate(moves)) => Some(i128::from(moves)),
                _ => None,
            },
        ),
    ];
    for (keyword, value) in numbers {
        if let Some(value) = value {
            assert!(
                said(keyword, value),
                "{line:?} gives {keyword} {value}, which it did not say"
            );
        }
    }
}
