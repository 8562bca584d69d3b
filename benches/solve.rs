//! The solver against a solver written for one game, side by side in one run: Connect Four
//! positions of 8 to 20 plies settled strongly (the distance of every win and loss) by
//! [`search_core::solve::Solver`] on the project's Connect Four, and by the `connect-four-solver`
//! crate (Pascal Pons's method in Rust: bitboards, threat ordering, a table, bisection on the
//! score), each with a fresh solver and table per position. The crate's table is fixed at
//! 16 777 213 entries of 5 bytes (a 32-bit key and a score: 80 MiB); ours is given as much
//! memory at most: `memory_mib(OUR_MIB)`, 2^21 buckets of two 16-byte entries, 64 MiB (the
//! engine counts a bucket at 48 bytes when it sizes a table, see `engine::tt`).
//!
//! ```text
//! cargo bench --bench solve                          # 3 positions each at 8, 10, ..., 20 plies
//! cargo bench --bench solve -- --per-ply 5 --reps 3  # more positions, the median of 3 runs
//! cargo bench --bench solve -- --quick               # 2 positions each at 16 and 20 plies
//! cargo bench --bench solve -- --per-ply 5 --reps 3 --book solve-bench   # into the book
//! ```
//!
//! The positions are reached by seeded random play that avoids moves ending the game. Before
//! timing, every position is settled by both and their values asserted equal (the crate's score
//! counts the winner's stones left; it is converted to the distance in plies). Then each
//! position is timed for both in turn (wall time, one thread), `--reps` times; printed per
//! number of plies: the summed times (medians over the repetitions), the ratio of ours to the
//! crate's, and our nodes.

use std::time::Instant;

use connect_four_solver as peer;
use game_search::games::connect_four::ConnectFour;
use game_search_lab::book::{Transcript, bench_book, bench_command, write_or_report};
use search_core::Resources;
use search_core::engine::tt::TranspositionTable;
use search_core::solve::Solver;
use search_core::{Game, MoveList};

/// The size our solver is given, in the engine's MiB (a bucket counted at 48 bytes): 2^21
/// buckets, 64 MiB in fact, no more than the crate's table.
const OUR_MIB: usize = 120;

/// The entries of the crate's table (`connect_four_solver::Solver::new`), 5 bytes each.
const PEER_ENTRIES: usize = 16_777_213;

/// Positions after `plies` random open moves, `count` of them, with their move lists.
fn positions(plies: u32, count: usize, seed: u64) -> Vec<(String, ConnectFour)> {
    let mut state = seed ^ 0x2545_F491_4F6C_DD1D;
    let mut found = Vec::new();
    while found.len() < count {
        let (mut position, mut typed) = (ConnectFour::new(), String::new());
        for _ in 0..plies {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            let open: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    let child = position.play(mv);
                    child.outcome(child.move_count()).is_none()
                })
                .collect();
            if open.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = open[(state % open.len() as u64) as usize];
            typed.push_str(&mv.to_string());
            position = position.play(mv);
        }
        if position.plies() == plies {
            found.push((typed, position));
        }
    }
    found
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|index| args.get(index + 1))
            .and_then(|text| text.parse::<usize>().ok())
    };
    let quick = args.iter().any(|arg| arg == "--quick");
    let per_ply = option("--per-ply").unwrap_or(if quick { 2 } else { 3 });
    let reps = option("--reps").unwrap_or(1).max(1);
    let plies: Vec<u32> = if quick {
        vec![16, 20]
    } else {
        (8..=20).step_by(2).collect()
    };
    let book = bench_book(&args).unwrap_or_else(|err| {
        eprintln!("error: {err}");
        std::process::exit(2);
    });
    let mut out = Transcript::new();
    out.line("```text");
    out.line(format!(
        "solve bench: Connect Four, {per_ply} positions at each of {plies:?} plies, strong, one thread, {reps} repetitions"
    ));
    let entries = TranspositionTable::new(OUR_MIB).capacity();
    out.line(format!(
        "tables: ours {entries} entries, {} MiB; the crate's {PEER_ENTRIES} entries, {} MiB",
        (entries * 16) >> 20,
        (PEER_ENTRIES * 5) >> 20
    ));
    let ours = |position: &ConnectFour| {
        Solver::new()
            .resources(Resources::new(1, OUR_MIB).unwrap())
            .solve(position)
    };
    let theirs = |typed: &str| peer::Solver::new().score(&peer::ConnectFour::from_move_list(typed));

    out.line("");
    out.line("| plies | positions | ours (s) | crate (s) | ratio | our nodes |");
    out.line("|-------|-----------|----------|-----------|-------|-----------|");
    let (mut all_ours, mut all_theirs) = (0.0, 0.0);
    for &ply in &plies {
        let set = positions(ply, per_ply, u64::from(ply));
        // Same values first.
        let mut nodes = 0;
        for (typed, position) in &set {
            let solution = ours(position);
            let settled = solution.settled().expect("settled");
            assert_eq!(
                position.pons_score(settled),
                Some(theirs(typed)),
                "{typed}: ours {settled}"
            );
            nodes += solution.stats.nodes;
        }
        let (mut our_times, mut their_times) = (Vec::new(), Vec::new());
        for _ in 0..reps {
            let (mut mine, mut peers) = (0.0, 0.0);
            for (typed, position) in &set {
                let start = Instant::now();
                std::hint::black_box(ours(position));
                mine += start.elapsed().as_secs_f64();
                let start = Instant::now();
                std::hint::black_box(theirs(typed));
                peers += start.elapsed().as_secs_f64();
            }
            our_times.push(mine);
            their_times.push(peers);
        }
        let (mine, peers) = (median(&mut our_times), median(&mut their_times));
        all_ours += mine;
        all_theirs += peers;
        out.line(format!(
            "| {ply:>5} | {:>9} | {mine:>8.3} | {peers:>9.3} | {:>5.2} | {nodes:>9} |",
            set.len(),
            mine / peers
        ));
    }
    out.line(format!(
        "| all   |           | {all_ours:>8.3} | {all_theirs:>9.3} | {:>5.2} |           |",
        all_ours / all_theirs
    ));
    out.line("```");
    if let Some((book, name)) = book {
        let command = bench_command("solve", args.into_iter().skip(1));
        if !write_or_report(Some(&book), &name, &command, out.text()) {
            std::process::exit(1);
        }
    }
}
