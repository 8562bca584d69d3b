use proptest::prelude::*;

use super::*;
use crate::engine::feature::Kind;

#[test]
fn presets_have_one_text_each() {
    let table = [
        (Config::PLAIN, "plain"),
        (Config::exact(), "id+tt+hints+killers+history+pvs+star=2"),
        (
            Config::strongest(),
            "id+tt=deeper+hints+killers+history+pvs+asp+null=adaptive+rfp+lmr=log+qs+qs-nodes+check-ext+rep+star=2",
        ),
    ];
    for (config, text) in table {
        assert_eq!(config.to_string(), text);
        assert_eq!(text.parse::<Config>(), Ok(config), "{text}");
    }
}

#[test]
fn a_preset_name_may_start_the_text() {
    let table: [(&str, Result<Config, ConfigError>); 7] = [
        ("exact", Ok(Config::exact())),
        ("strongest", Ok(Config::strongest())),
        (
            "strongest+threads=4",
            Err(ConfigError::Resource("threads".to_string())),
        ),
        ("exact + lmr", Config::exact().with("lmr")),
        ("strongest+rep=off", Config::strongest().with("rep=off")),
        ("exact+", Err(ConfigError::UnknownFeature(String::new()))),
        (
            "exact+strongest",
            Err(ConfigError::UnknownFeature("strongest".to_string())),
        ),
    ];
    for (text, expected) in table {
        assert_eq!(text.parse::<Config>(), expected, "{text}");
    }
    // The canonical text of such a configuration is its features, and parses back.
    let changed: Config = "strongest+rep=off".parse().unwrap();
    assert_eq!(changed.to_string().parse::<Config>(), Ok(changed));
    // Off is only for changing a preset: in a text of its own a feature is simply not named.
    assert!("rep=off".parse::<Config>().is_err());
}

#[test]
fn every_exact_combination_is_distinct_exact_and_round_trips() {
    let configs = exact_configurations(7);
    assert_eq!(configs.len(), EXACT_COMBINATIONS);
    for (index, config) in configs.iter().enumerate() {
        assert_eq!(config.exactness(), Exactness::Minimax, "{config}");
        assert_eq!(config.to_string().parse::<Config>().as_ref(), Ok(config));
        assert!(!configs[..index].contains(config), "{config} twice");
    }
}

#[test]
fn exactness_follows_the_features() {
    let table = [
        ("plain", Exactness::Minimax),
        (
            "id+tt+hints+killers+history+pvs+etc+mtdf=two-back",
            Exactness::Minimax,
        ),
        ("tt=deeper", Exactness::ValueChanging),
        ("tt=any", Exactness::ValueChanging),
        ("qs", Exactness::Quiescence),
        ("qs+qs-max=3", Exactness::Quiescence),
        ("qs+delta", Exactness::ValueChanging),
        ("qs+qs-checks", Exactness::ValueChanging),
        ("tt+qs+qs-tt", Exactness::ValueChanging),
        ("null=r1", Exactness::ValueChanging),
        ("lmr", Exactness::ValueChanging),
        ("rfp", Exactness::ValueChanging),
        ("futility=30", Exactness::ValueChanging),
        ("check-ext", Exactness::ValueChanging),
        ("chain", Exactness::ValueChanging),
        ("rep", Exactness::ValueChanging),
        ("id+tt+killers+counter+history=gravity", Exactness::Minimax),
        ("id+tt+killers+history=gravity+cont-history", Exactness::Minimax),
        ("id+tt+hints+history=gravity+capture-history", Exactness::Minimax),
        ("lmr+lmr-pv", Exactness::ValueChanging),
        ("lmr+lmr-cut", Exactness::ValueChanging),
        ("null=adaptive+null-eval", Exactness::ValueChanging),
        ("lmr+lmr-history", Exactness::ValueChanging),
        ("rfp+rfp-depth=6", Exactness::ValueChanging),
        ("see-prune=80", Exactness::ValueChanging),
        ("improving", Exactness::ValueChanging),
        ("correction", Exactness::ValueChanging),
        ("tt+tt-eval", Exactness::ValueChanging),
        ("probcut", Exactness::ValueChanging),
        ("razor", Exactness::ValueChanging),
        ("id+tt+singular", Exactness::ValueChanging),
    ];
    for (text, exactness) in table {
        assert_eq!(text.parse::<Config>().unwrap().exactness(), exactness, "{text}");
    }
}

#[test]
fn nonsense_is_refused_with_the_reason() {
    let table = [
        ("verified", "feature \"verified\" needs \"null\""),
        ("id+delta=5", "feature \"delta\" needs \"qs\""),
        ("tt+qs-tt", "feature \"qs-tt\" needs \"qs\""),
        ("lmr-history", "feature \"lmr-history\" needs \"lmr\""),
        ("lmr-pv", "feature \"lmr-pv\" needs \"lmr\""),
        ("lmr-cut", "feature \"lmr-cut\" needs \"lmr\""),
        ("null-eval=200", "feature \"null-eval\" needs \"null\""),
        ("rfp-depth=4", "feature \"rfp-depth\" needs \"rfp\""),
        ("etc", "feature \"etc\" needs \"tt\""),
        ("rfp+tt-eval", "feature \"tt-eval\" needs \"tt\""),
        ("asp+mtdf", "feature \"mtdf\" is an alternative to asp"),
        ("id+id", "feature \"id\" given twice"),
        ("asp=0", "feature \"asp\" is switched off by leaving it out"),
        ("asp=-3", "feature \"asp\" -3 is out of range 1..=100000"),
        ("asp=wide", "feature \"asp\" needs a number, not \"wide\""),
        ("tt+singular=3", "feature \"singular\" 3 is out of range 4..=1000"),
        (
            "see-prune=0",
            "feature \"see-prune\" is switched off by leaving it out",
        ),
        (
            "probcut=0",
            "feature \"probcut\" is switched off by leaving it out",
        ),
        (
            "probcut=-100",
            "feature \"probcut\" -100 is out of range 1..=100000",
        ),
        ("razor=0", "feature \"razor\" is switched off by leaving it out"),
        ("razor=-300", "feature \"razor\" -300 is out of range 1..=100000"),
        (
            "null=r0",
            "feature \"null\" has no value \"r0\" (one of: r2, r1, r3, adaptive, scaled)",
        ),
        (
            "tt=sometimes",
            "feature \"tt\" has no value \"sometimes\" (one of: same, deeper, any)",
        ),
        ("killers=yes", "feature \"killers\" is on or off, not \"yes\""),
        (
            "tt+hash=64",
            "\"hash\" is not a feature of the search but a resource of the machine: give it in the resources (threads=N+hash=MiB)",
        ),
    ];
    for (text, message) in table {
        assert_eq!(
            text.parse::<Config>().map_err(|e| e.to_string()),
            Err(message.to_string()),
            "{text}"
        );
    }
    let unknown = "turbo".parse::<Config>().unwrap_err().to_string();
    assert!(unknown.starts_with("unknown engine feature \"turbo\" (features: id, tt, etc"));
}

#[test]
fn set_switches_features_by_either_name_and_leaves_bad_changes_undone() {
    let mut config = Config::strongest();
    config.set("Null Move", Some("off")).unwrap();
    assert_eq!(config.null_move, None);
    config.set("Verified Null Move", Some("false")).unwrap(); // off already: fine
    assert!(config.set("verified", Some("true")).is_err());
    config.set("null", Some("r7")).unwrap();
    assert_eq!(config.null_move.unwrap().reduction, NullReduction::Fixed(7));
    config.set("Aspiration", Some("0")).unwrap();
    assert_eq!(config.root_window, RootWindow::Full);
    config.set("MTD(f)", Some("two-back")).unwrap();
    let before = config;
    assert!(config.set("asp", Some("30")).is_err());
    assert!(config.set("Depth Policy", Some("lots")).is_err());
    assert!(config.set("Contempt", Some("1")).is_err());
    assert_eq!(config, before);
    // Threads and the table's size are not the search's but the machine's (`Resources`).
    assert!(config.set("hash", Some("64")).is_err());
    assert!(config.set("Threads", Some("2")).is_err());
    assert_eq!(config.to_string().parse::<Config>(), Ok(config));
}

#[test]
fn every_feature_is_named_once_and_its_parent_exists() {
    for (index, feature) in FEATURES.iter().enumerate() {
        for other in &FEATURES[..index] {
            assert!(!feature.name.eq_ignore_ascii_case(other.name), "{}", feature.name);
            assert!(
                !feature.option.eq_ignore_ascii_case(other.option),
                "{}",
                feature.option
            );
        }
        if let Some(parent) = feature.parent {
            let position = FEATURES.iter().position(|f| f.name == parent);
            assert!(
                position.is_some_and(|p| p < index),
                "{} before {parent}",
                feature.name
            );
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_writes_the_text_form() {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Run {
        engine: Config,
    }
    let run = Run {
        engine: Config::exact(),
    };
    let json = serde_json::to_string(&run).unwrap();
    assert_eq!(json, r#"{"engine":"id+tt+hints+killers+history+pvs+star=2"}"#);
    assert_eq!(serde_json::from_str::<Run>(&json).unwrap(), run);
    assert!(serde_json::from_str::<Run>(r#"{"engine":"verified"}"#).is_err());
}

/// Any configuration: each feature of the table on or off, with any value it takes.
fn any_config() -> impl Strategy<Value = Config> {
    let choices: Vec<BoxedStrategy<Option<String>>> = FEATURES
        .iter()
        .map(|feature| {
            let value: BoxedStrategy<String> = match feature.kind {
                Kind::Flag => Just(feature.name.to_string()).boxed(),
                Kind::Number { min, max, .. } => (min..=max).prop_map(|n| n.to_string()).boxed(),
                Kind::Choice(choices) => proptest::sample::select(choices.to_vec())
                    .prop_map(str::to_string)
                    .boxed(),
            };
            proptest::option::of(value).boxed()
        })
        .collect();
    choices.prop_map(|values| {
        let mut config = Config::PLAIN;
        for (feature, value) in FEATURES.iter().zip(values) {
            // Sub-options of a feature that is off, and alternatives, are refused: skip them.
            let _ = config.set(feature.name, Some(value.as_deref().unwrap_or("off")));
        }
        config
    })
}

proptest! {
    #[test]
    fn the_text_form_round_trips(config in any_config()) {
        let text = config.to_string();
        prop_assert_eq!(text.parse::<Config>(), Ok(config), "{}", text);
    }
}
