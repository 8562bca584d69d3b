//! **Value bounds** (the "futility pruning" of Irving, Donkers & Uiterwijk, "Solving Kalah",
//! ICGA Journal 2000: the seeds already in the stores bound the final margin; Pons's Connect
//! Four solver's look-ahead: a win on the spot, a double threat that cannot be stopped): a game
//! that knows bounds on a position's value searched to the end
//! ([`Game::value_bounds`](crate::Game::value_bounds)) lets a node whose bounds already decide its
//! window end at once.
//!
//! - **Idea.** If the best the side to move can still end with is at most alpha, no search will
//!   find better: the node fails low with that bound. If the worst it can end with is at least
//!   beta, it fails high with that one. In a null-window test far from the value (a solver asking
//!   "is the margin at least 30?"), most nodes end here.
//! - **Invariant.** The returned score is a true bound on the node's value *searched to the end of
//!   the game*, if the game's bounds are true: the game's bound, measured from the root as every
//!   decided score is.
//! - **Exact or value-changing.** Exact for a search that reaches the end of every line (the
//!   solver, [`crate::solve`], checks that none met a horizon); value-changing at a horizon,
//!   where a depth-limited search would have returned a static value instead of a decided bound,
//!   so the cross-checks against depth-limited minimax leave it out. A game's wrong bound is
//!   caught by [`SolveCheck`](crate::testing::SolveCheck).
//! - **Cost.** One call of the game's bounds per node above the horizon, before the table.

use crate::engine::feature::{Feature, value_changing};
use crate::engine::frame::Node;
use crate::Score;
use crate::engine::worker::Plan;
use crate::trace::Cut;
use crate::{Evaluate, Game};

/// The `bounds` feature: [`Config::bounds`](super::Config::bounds).
pub(super) const BOUNDS: Feature<bool> = Feature::switch(
    "bounds",
    "Value Bounds",
    "the game's bounds on a position's value end a node they decide (exact to the end of the game)",
    value_changing,
);

/// The score that the game's bounds on the node's value, `(lowest, highest)` measured from the
/// node ([`Game::value_bounds`](crate::Game::value_bounds)), decide for the node's window, if
/// they decide it: the highest possible value if it is at most alpha (an upper bound), the
/// lowest if it is at least beta (a lower bound), measured from the root as every score is.
pub(super) fn cutoff((lowest, highest): (Score, Score), node: &Node) -> Option<Score> {
    let highest = highest.from_tt(node.ply);
    if highest <= node.alpha {
        return Some(highest);
    }
    let lowest = lowest.from_tt(node.ply);
    (lowest >= node.beta).then_some(lowest)
}

/// Its rank before the table's probe (`worker.rs`'s phase table).
const RANK: u32 = 10;

/// The bounds' part of the plan: before the table's probe, the game's bounds on the value end
/// a node (not the root) they decide.
pub(super) fn plan<G: Game, E: Evaluate<G>>(on: &bool, plan: &mut Plan<'_, G, E>) {
    if *on {
        plan.before_table(RANK, |_, game, node, _, _| {
            if node.ply == 0 {
                return None;
            }
            cutoff(game.value_bounds()?, node).map(|score| (score, Cut::Bounds))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::cutoff;
    use crate::Score;
    use crate::engine::frame::Node;

    #[test]
    fn a_decided_window_cuts_and_an_open_one_does_not() {
        let window = |alpha: Score, beta: Score| Node::root(9, (alpha, beta), None);
        // At most a draw: "is it a win?" fails low with the draw.
        let test_win = window(Score::DRAW, Score::from_raw(1));
        assert_eq!(cutoff(Score::margin_range(-3, 0), &test_win), Some(Score::DRAW));
        // At least a win by 2: fails high with the slowest such win.
        assert_eq!(
            cutoff(Score::margin_range(2, 9), &test_win),
            Some(Score::won_by(2, Score::MAX_PLY))
        );
        // Between a loss and a win: not decided.
        assert_eq!(cutoff(Score::margin_range(-1, 1), &test_win), None);
        // A win on the next move, three plies from the root, is a win in 4 plies there.
        let mut deeper = window(Score::mate_in(3), Score::mate_in(3) + 1);
        deeper.ply = 3;
        assert_eq!(
            cutoff((Score::mate_in(1), Score::mate_in(1)), &deeper),
            Some(Score::mate_in(4))
        );
    }
}
