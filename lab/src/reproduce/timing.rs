//! Calderan's Table I ([`run_timing`]): the time per move of minimax and alpha-beta at depths
//! 1-4 with point values, here with the nodes beside the times.

use std::time::Instant;

use game_chess::{ChessGame, Evaluation};
use search_core::{Game, Limits, MoveList};

use crate::configs::Config;
use crate::matches::Opening;

use super::Budget;

/// One depth of Calderan's Table I, measured here.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimingRow {
    /// The depth.
    pub depth: u32,
    /// Positions searched by both.
    pub positions: usize,
    /// Minimax: total seconds and nodes.
    pub minimax_seconds: f64,
    /// Minimax's nodes.
    pub minimax_nodes: u64,
    /// Alpha-beta: total seconds.
    pub alpha_beta_seconds: f64,
    /// Alpha-beta's nodes.
    pub alpha_beta_nodes: u64,
    /// Positions where both chose the same move (they must agree on the value; the move too,
    /// both taking the first best in generation order).
    pub same_move: usize,
}

/// Calderan's Table I, his averages: depth, minimax seconds, alpha-beta seconds.
pub const CALDERAN_TABLE_1: [(u32, f64, f64); 4] = [
    (1, 0.005761, 0.005323),
    (2, 0.213530, 0.080171),
    (3, 6.056677, 0.548062),
    (4, 45.194300, 3.846207),
];

/// Calderan's Table I: at each depth, alpha-beta (generation order, point values) plays itself
/// from each opening for `plies` plies; at every position both minimax and alpha-beta search to
/// that depth, single-threaded, and their times and nodes are summed. (Calderan timed separate
/// games of minimax and of alpha-beta; with the same moves those are the same games.)
///
/// # Panics
///
/// Never in practice: the configuration names are the registry's.
pub fn run_timing(
    depths: &[u32],
    openings: &[Opening],
    plies: usize,
    budget: Budget<'_>,
    on_position: &mut dyn FnMut(u32),
) -> Vec<TimingRow> {
    let minimax = Config::parse("minimax").expect("registry");
    let alpha_beta = Config::parse("engine:generation").expect("feature list");
    let mut rows = Vec::new();
    'depths: for &depth in depths {
        let mut row = TimingRow {
            depth,
            ..TimingRow::default()
        };
        for opening in openings {
            let mut position: ChessGame = opening.game.clone();
            for _ in 0..plies {
                if budget.exhausted() {
                    rows.push(row);
                    break 'depths;
                }
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let limits = Limits::depth(depth);
                let root = position
                    .clone()
                    .with_config(position.config().with_ordering(alpha_beta.ordering));
                let started = Instant::now();
                let slow = minimax.build(Evaluation::PointValues).search(&root, &limits);
                row.minimax_seconds += started.elapsed().as_secs_f64();
                let started = Instant::now();
                let fast = alpha_beta.build(Evaluation::PointValues).search(&root, &limits);
                row.alpha_beta_seconds += started.elapsed().as_secs_f64();
                row.minimax_nodes += slow.stats.nodes;
                row.alpha_beta_nodes += fast.stats.nodes;
                row.positions += 1;
                if slow.best_move == fast.best_move {
                    row.same_move += 1;
                }
                on_position(depth);
                let Some(mv) = fast.best_move else { break };
                position = position.play(mv);
            }
        }
        rows.push(row);
    }
    rows
}

/// Calderan's Table I beside ours, as Markdown.
#[must_use]
pub fn timing_markdown(rows: &[TimingRow], description: &str) -> String {
    let mut out = format!(
        "Calderan's Table I: average time per move, minimax against alpha-beta, point values, \
         one core — {description}\n\n\
         | depth | positions | Calderan minimax (s) | Calderan alpha-beta (s) | Calderan ratio | \
         minimax (s) | alpha-beta (s) | time ratio | minimax nodes | alpha-beta nodes | node ratio | same move |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n"
    );
    for row in rows {
        let paper = CALDERAN_TABLE_1.iter().find(|(d, ..)| *d == row.depth);
        let n = row.positions.max(1) as f64;
        let (mm, ab) = (row.minimax_seconds / n, row.alpha_beta_seconds / n);
        let (mmn, abn) = (row.minimax_nodes as f64 / n, row.alpha_beta_nodes as f64 / n);
        out += &format!(
            "| {} | {} | {} | {} | {} | {mm:.6} | {ab:.6} | {:.1} | {mmn:.0} | {abn:.0} | {:.1} | {}/{} |\n",
            row.depth,
            row.positions,
            paper.map_or(String::new(), |p| format!("{:.6}", p.1)),
            paper.map_or(String::new(), |p| format!("{:.6}", p.2)),
            paper.map_or(String::new(), |p| format!("{:.1}", p.1 / p.2)),
            mm / ab.max(1e-12),
            mmn / abn.max(1.0),
            row.same_move,
            row.positions
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::reproduce::openings::balanced_openings;

    fn budget(stop: &AtomicBool) -> Budget<'_> {
        Budget { deadline: None, stop }
    }

    #[test]
    fn timing_counts_nodes_and_minimax_agrees_with_alpha_beta() {
        let stop = AtomicBool::new(false);
        let rows = run_timing(&[1, 2], &balanced_openings(1), 3, budget(&stop), &mut |_| {});
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_eq!(row.positions, 3);
            assert_eq!(row.same_move, 3);
            assert!(row.alpha_beta_nodes <= row.minimax_nodes);
        }
        assert!(rows[1].alpha_beta_nodes < rows[1].minimax_nodes);
        let table = timing_markdown(&rows, "test");
        assert!(table.contains("| 2 | 3 | 0.213530 | 0.080171 |"), "{table}");
    }
}
