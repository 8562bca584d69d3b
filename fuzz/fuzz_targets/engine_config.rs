//! `search_core::engine::Config`'s text form on arbitrary text: `FromStr` gives an error or a
//! configuration that prints (`to_string()`) to a text that parses to the same configuration
//! (and prints the same again); so do `Config::with` on each preset and `Config::set` with
//! arbitrary names and values (a refused `set` leaves the configuration unchanged); and the
//! serde form (a JSON string) agrees with the text form. An engine's setup (`Setup`: the
//! configuration with its resources, `strongest+threads=2+hash=64`) and the resources alone
//! (`Resources`) parse to an error or to a value that prints back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use search_core::Resources;
use search_core::engine::{Config, FEATURES, Setup};

/// Prints `config` and checks that the text parses back to it.
fn round_trip(input: &str, config: &Config) {
    let text = config.to_string();
    let again: Config = text
        .parse()
        .unwrap_or_else(|error| panic!("{input:?} gave {text:?}, which does not parse: {error}"));
    assert_eq!(
        &again, config,
        "{input:?} printed as {text:?}, which parses to another configuration"
    );
    assert_eq!(again.to_string(), text);
    let _ = config.exactness();
    let json = serde_json::to_string(config).expect("a configuration serializes");
    let back: Config = serde_json::from_str(&json).unwrap_or_else(|error| panic!("{json}: {error}"));
    assert_eq!(&back, config, "{json}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(config) = text.parse::<Config>() {
        round_trip(text, &config);
    }
    let presets = [Config::PLAIN, Config::exact(), Config::strongest()];
    for preset in presets {
        if let Ok(config) = preset.with(text) {
            round_trip(text, &config);
        }
    }
    if let Ok(config) = serde_json::from_str::<Config>(text) {
        round_trip(text, &config);
    }
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        assert_eq!(printed.parse::<Setup>(), Ok(setup), "{text:?} printed as {printed:?}");
        round_trip(text, &setup.config);
    }
    if let Ok(resources) = text.parse::<Resources>() {
        let printed = resources.to_string();
        assert_eq!(printed.parse::<Resources>(), Ok(resources), "{text:?} printed as {printed:?}");
        assert!((1..=search_core::MAX_THREADS).contains(&resources.threads()));
    }
    // `set`: each line is `NAME` or `NAME=VALUE`; a name that is a number picks a feature by
    // index, so that every feature is reached.
    for preset in presets {
        let mut config = preset;
        for line in text.lines().take(32) {
            let (name, value) = match line.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (line, None),
            };
            let name = match name.trim().parse::<usize>() {
                Ok(index) => FEATURES[index % FEATURES.len()].option,
                Err(_) => name,
            };
            let before = config;
            match config.set(name, value) {
                Ok(()) => round_trip(line, &config),
                Err(_) => assert_eq!(config, before, "a refused {line:?} changed the configuration"),
            }
        }
    }
});
