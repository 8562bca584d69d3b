//! The README's tables that other programs of the workspace make (benchmarks, solvers,
//! matches): `reproduce` runs them through cargo and pastes their output.

use indicatif::ProgressBar;

/// The tables other programs of the workspace make (benchmarks, solvers, matches): run through
/// cargo (each command's arguments, split at spaces), their output pasted as it is. Not in the
/// default run, nor in `--quick` (CI runs the programs' own tests).
pub const PROGRAMS: [(&str, &[&str]); 7] = [
    ("kalah", &["run --release --example kalah_table"]),
    ("minimal-tree", &["run --release --example minimal_tree"]),
    ("small-games", &["bench --bench small_games"]),
    ("per-node", &["bench --bench per_node -- --reps 5"]),
    ("mcts-bench", &["bench --bench mcts"]),
    (
        "mcts-play",
        &[
            "run --release --example mcts_versus -- mcts peer --iterations 5000 --games 100",
            "run --release --example mcts_versus -- mcts peer --movetime 50 --games 100",
            "run --release --example mcts_versus -- mcts engine --movetime 100 --games 100",
            "run --release --example mcts_versus -- --game kalah mcts engine --movetime 100 --games 100",
        ],
    ),
    (
        "chance",
        &[
            "run --release --example star_table",
            "run --release --example mcts_versus -- --game einstein engine expectimax --movetime 100 --games 200",
        ],
    ),
];

/// The workspace's root, where the programs of [`PROGRAMS`] are run from.
const WORKSPACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `cargo ARGS` (the cargo that runs this program) and returns its standard output; its
/// standard error (the build's progress) is not shown, but for a failure.
///
/// # Errors
///
/// Not run through cargo (no `CARGO` in the environment), cargo cannot be started, or the
/// command fails (with its standard error).
pub fn run_cargo(command: &str, bar: &ProgressBar) -> Result<String, String> {
    let args: Vec<&str> = command.split_whitespace().collect();
    let cargo = std::env::var_os("CARGO")
        .ok_or("this table is made by another program of the workspace: run reproduce through `cargo run`")?;
    let output = bar.suspend(|| {
        std::process::Command::new(cargo)
            .args(&args)
            .current_dir(WORKSPACE)
            .stdin(std::process::Stdio::null())
            .output()
    });
    let output = output.map_err(|e| format!("cannot run cargo {command}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {command} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
