//! The `compare` program's plans: which configurations, on which positions, at which depth
//! offsets. The program (`examples/compare.rs`) only parses its arguments into a [`Plan`],
//! shows progress and prints the [`Report`](super::runner::Report).

use super::configs::{Config, ConfigError, registry};
use super::runner::{RunOptions, SuitePosition, thesis_suite};

/// What `compare` runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The positions.
    pub suite: Vec<SuitePosition>,
    /// The configurations, in report order.
    pub configs: Vec<Config>,
    /// Depth offset (`None`: each configuration's own), evaluation, stop conditions.
    pub options: RunOptions,
    /// One paragraph saying what runs, printed before the table.
    pub description: String,
}

impl Plan {
    /// Checks that every configuration searches every position at depth 1 or more: a depth
    /// offset that takes a position's depth below 1 is refused rather than silently raised to 1.
    ///
    /// # Errors
    ///
    /// The first configuration and position whose depth would be below 1, in words.
    pub fn check_depths(&self) -> Result<(), String> {
        for config in &self.configs {
            let offset = config.offset(self.options.depth_offset);
            for position in &self.suite {
                let depth = i64::from(position.depth) + i64::from(offset);
                if depth < 1 {
                    return Err(format!(
                        "depth offset {offset:+} takes {} (depth {}) to depth {depth} for {}: every \
                         search needs depth 1 or more",
                        position.label, position.depth, config.name
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The default run's configurations: every thesis configuration but minimax, `ab-v2`, the
/// quiescence ones and `thesis-final` (too slow for a two-minute run), and the project's, all at the thesis's
/// primary depths (offset 0).
pub const DEFAULT_CONFIGS: &str = "ab-v1,ab-v3,ab-v4,nm-r1,nm-r2,nm-r3,tt-v1,tt-v2,tt-v3,ab-mvv,killers,history,pvs,id,mtdf,exact,strongest";

/// The default run's depth offset.
pub const DEFAULT_OFFSET: i32 = 0;

/// The quick run's positions (the first of the suite).
pub const QUICK_POSITIONS: usize = 4;

/// The quick run's depth offset (the first thesis positions' depth 5 becomes 3).
pub const QUICK_OFFSET: i32 = -2;

/// The quick run checks quiescence configurations up to this depth (seconds at offset -2).
pub const QUICK_QUIESCENCE_CHECK_DEPTH: u32 = 3;

/// The default plan: [`DEFAULT_CONFIGS`] on the thesis's 24 positions at offset
/// [`DEFAULT_OFFSET`].
///
/// # Errors
///
/// None in practice (the names are the registry's); a [`ConfigError`] if they drifted apart.
pub fn default_plan() -> Result<Plan, ConfigError> {
    Ok(Plan {
        suite: thesis_suite(),
        configs: Config::parse_list(DEFAULT_CONFIGS)?,
        options: RunOptions {
            depth_offset: Some(DEFAULT_OFFSET),
            ..RunOptions::default()
        },
        description: format!(
            "Default run: {} configurations on the thesis's 24 positions at their primary depths \
             (acd 5-7, offset {DEFAULT_OFFSET:+}). Minimax, ab-v2, the quiescence configurations and thesis-final \
             are left out (minutes to hours each): name them with --configs, or run --full for the \
             thesis's own depths (+2 for alpha-beta and null move).",
            DEFAULT_CONFIGS.split(',').count()
        ),
    })
}

/// The quick plan (CI's smoke test): every registry configuration on the first
/// [`QUICK_POSITIONS`] thesis positions at offset [`QUICK_OFFSET`], every exact one checked
/// (quiescence ones too: the depths are small enough for the brute-force reference).
#[must_use]
pub fn quick_plan() -> Plan {
    Plan {
        suite: thesis_suite().into_iter().take(QUICK_POSITIONS).collect(),
        configs: registry(),
        options: RunOptions {
            depth_offset: Some(QUICK_OFFSET),
            quiescence_check_max_depth: QUICK_QUIESCENCE_CHECK_DEPTH,
            ..RunOptions::default()
        },
        description: format!(
            "Quick run: every named configuration on the first {QUICK_POSITIONS} thesis positions \
             at depth offset {QUICK_OFFSET:+}, exact ones checked against the references."
        ),
    }
}

/// The full reproduction: every registry configuration on the 24 positions at the thesis's
/// offsets (minimax and TT +0, alpha-beta and null move +2, quiescence +0 and -1). Plain minimax
/// alone is about 4 × 10^9 nodes; `ab-v2` at +2 did not finish in the thesis either.
#[must_use]
pub fn full_plan() -> Plan {
    Plan {
        suite: thesis_suite(),
        configs: registry(),
        options: RunOptions::default(),
        description: "Full run: every named configuration on the thesis's 24 positions at the \
                      thesis's depth offsets (hours; --time-budget or Ctrl-C end it with the \
                      partial table)."
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::Check;
    use crate::report::{Format, SUMMARY_COLUMNS, render};
    use crate::runner::{CheckOutcome, run};

    #[test]
    fn an_offset_below_depth_1_is_refused_with_the_position_named() {
        let mut plan = default_plan().unwrap();
        assert_eq!(plan.check_depths(), Ok(()));
        plan.options.depth_offset = Some(-4);
        assert_eq!(
            plan.check_depths(),
            Ok(()),
            "the shallowest thesis positions have depth 5"
        );
        plan.options.depth_offset = Some(-9);
        let error = plan.check_depths().unwrap_err();
        assert!(error.starts_with("depth offset -9 takes "), "{error}");
        assert!(error.contains("(depth 5) to depth -4 for ab-v1"), "{error}");
    }

    #[test]
    fn the_default_plan_parses() {
        let plan = default_plan().unwrap();
        assert_eq!(plan.suite.len(), 24);
        assert_eq!(plan.configs.len(), DEFAULT_CONFIGS.split(',').count());
    }

    /// What CI's `compare --quick` asserts, through the library: every configuration ran every
    /// position, every exact one (quiescence ones included) agreed with its reference, and the
    /// table has every column. Most of a minute in the dev profile: a heavy check, run by CI in
    /// release mode (see the README); the normal suite runs the plan one ply shallower.
    #[test]
    #[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --ignored)"]
    fn the_quick_run_is_complete_and_exact_configurations_agree() {
        quick_run_on(QUICK_POSITIONS, QUICK_OFFSET);
    }

    /// The normal suite's share: the quick plan one ply shallower.
    #[test]
    fn the_quick_run_one_ply_shallower_is_complete_and_exact_configurations_agree() {
        quick_run_on(QUICK_POSITIONS, QUICK_OFFSET - 1);
    }

    fn quick_run_on(positions: usize, offset: i32) {
        let mut plan = quick_plan();
        plan.suite.truncate(positions);
        plan.options.depth_offset = Some(offset);
        let report = run(&plan.suite, &plan.configs, &plan.options, &mut |_| {});
        assert_eq!(report.interrupted, None);
        assert_eq!(report.disagreements(), 0, "{}", render(&report, Format::Table));
        assert_eq!(report.configs.len(), registry().len());
        for config in &report.configs {
            assert_eq!(config.positions.len(), positions, "{}", config.name);
            for p in &config.positions {
                let expected_checked = config.check != Check::None;
                assert_eq!(
                    p.check == CheckOutcome::Agreed,
                    expected_checked,
                    "{} {}",
                    config.name,
                    p.label
                );
            }
        }
        let table = render(&report, Format::Table);
        for column in SUMMARY_COLUMNS {
            assert!(table.contains(column), "{column}");
        }
    }
}
