//! **Aspiration windows** (Baudet 1978 split the root window the same way for parallel search;
//! analysed by Kaindl, Shams & Horacek 1991): each iteration of iterative deepening searches the
//! root in a narrow window around the previous iteration's value, and widens it only if the value
//! falls outside.
//!
//! - **Idea.** The value of depth `d` is usually close to that of depth `d - 1`. A window
//!   `(v - w, v + w)` (around a draw for the first iteration, the full window around a mate
//!   score) cuts more than `(-inf, inf)`; if the value is inside, it is found more cheaply.
//! - **Invariant.** A result inside the window is exact (fail-soft alpha-beta); a result
//!   `<= alpha` is an upper bound, `>= beta` a lower bound. On a failure only the failing side
//!   moves, strictly outward and past the returned bound (`alpha` to `score - widen`, at most
//!   `score - 1`; `beta` to `score + widen`, at least `score + 1`), `widen` growing fourfold per
//!   failure (`4w`, `16w`, ...), and a side that reaches the mate range (`±MAX_EVAL`) becomes
//!   infinite. So the bound just learnt lies inside the next window, and after a bounded number
//!   of failures the window is full: the loop ends. Each failure is reported (an
//!   [`IterationInfo`](super::IterationInfo) with a `Lower` or `Upper` bound) before the
//!   re-search.
//! - **Exact or value-changing.** Exact: the value returned lies strictly inside its window, so
//!   it is the value a full-window search would return (the cross-checks hold every exact
//!   combination with aspiration windows to minimax).
//! - **Cost.** A failure costs a whole root search again (counted in `researches`), cheaper than
//!   the first one when a transposition table remembers it; a success saves the nodes a wider
//!   window would visit. The strongest preset uses `w =`
//!   [`DEFAULT_ASPIRATION_WINDOW`](super::DEFAULT_ASPIRATION_WINDOW), half a pawn in chess.

use super::Engine;
use crate::{Bound, Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The value of `root` at `depth` by aspiration-window searches around `center`, with
    /// half-window `window` (see the module documentation); `None` if the search was aborted.
    pub(super) fn aspiration(&mut self, root: &G, depth: u32, center: Score, window: i32) -> Option<Score> {
        let (mut alpha, mut beta) = if center.is_mate() {
            (-Score::INFINITY, Score::INFINITY)
        } else {
            (center - window, center + window)
        };
        let mut widen = window;
        loop {
            let node = self.root_node(depth, alpha, beta);
            let score = self.node(root, node);
            if self.search.aborted {
                return None;
            }
            widen = widen.saturating_mul(4);
            if score <= alpha {
                self.search.stats.researches += 1;
                self.report(depth, score, Bound::Upper, &[]);
                alpha = Score::cp(score.raw().saturating_sub(widen)).min(score - 1);
                if alpha <= -Score::MAX_EVAL {
                    alpha = -Score::INFINITY;
                }
            } else if score >= beta {
                self.search.stats.researches += 1;
                self.report(depth, score, Bound::Lower, &[]);
                beta = Score::cp(score.raw().saturating_add(widen)).max(score + 1);
                if beta >= Score::MAX_EVAL {
                    beta = Score::INFINITY;
                }
            } else {
                return Some(score);
            }
        }
    }
}
