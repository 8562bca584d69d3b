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
//!   [`DEFAULT_ASPIRATION_WINDOW`], half a pawn in chess.

use crate::engine::feature::{Feature, Kind, Value, exact, no_alias, number_i32};
use crate::engine::root_window::RootWindow;
use crate::{Bound, Score};
use crate::Game;
use crate::engine::worker::Plan;

/// The default aspiration half-window of the strongest preset, in hundredths of the evaluation's
/// [`unit`](crate::Evaluate::unit) (half a pawn in chess).
pub const DEFAULT_ASPIRATION_WINDOW: i32 = 50;

/// The `asp` feature: [`RootWindow::Aspiration`] in
/// [`Config::root_window`](super::Config::root_window).
pub(super) const ASPIRATION: Feature<RootWindow> = Feature {
    name: "asp",
    option: "Aspiration",
    summary: "aspiration windows of +- this many hundredths of a unit around the previous iteration's value",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_ASPIRATION_WINDOW as i64,
    },
    parent: None,
    implied: false,
    get: |window| match window {
        RootWindow::Aspiration(half) => Some(Value::Number(i64::from(*half))),
        _ => None,
    },
    set: |window, value| {
        match (number_i32(value), *window) {
            (Some(_), RootWindow::Mtdf(_)) => return Err("is an alternative to mtdf".to_string()),
            (Some(half), _) => *window = RootWindow::Aspiration(half),
            (None, RootWindow::Aspiration(_)) => *window = RootWindow::Full,
            (None, _) => {}
        }
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// The window of one iteration's root searches: narrow around the previous value, widened on
/// each failure (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aspiration {
    alpha: Score,
    beta: Score,
    widen: i32,
}

impl Aspiration {
    /// The first window: `± window` around `center`, or the full window around a mate score.
    pub(crate) fn new(center: Score, window: i32) -> Self {
        let (alpha, beta) = if center.is_mate() {
            (-Score::INFINITY, Score::INFINITY)
        } else {
            (center - window, center + window)
        };
        Aspiration {
            alpha,
            beta,
            widen: window,
        }
    }

    /// The window to search the root in next.
    pub(crate) fn window(&self) -> (Score, Score) {
        (self.alpha, self.beta)
    }

    /// A root search in [`window`](Self::window) returned `score`: `None` if it lies inside
    /// (it is the value); else the bound it is (`Upper` for a fail low, `Lower` for a fail
    /// high), the failing side of the window moved past it.
    pub(crate) fn failed(&mut self, score: Score) -> Option<Bound> {
        self.widen = self.widen.saturating_mul(4);
        if score <= self.alpha {
            self.alpha = Score::cp(score.raw().saturating_sub(self.widen)).min(score - 1);
            if self.alpha <= -Score::MAX_EVAL {
                self.alpha = -Score::INFINITY;
            }
            Some(Bound::Upper)
        } else if score >= self.beta {
            self.beta = Score::cp(score.raw().saturating_add(self.widen)).max(score + 1);
            if self.beta >= Score::MAX_EVAL {
                self.beta = Score::INFINITY;
            }
            Some(Bound::Lower)
        } else {
            None
        }
    }
}

/// Aspiration windows' part of the plan: the driver's root searches (`driver.rs`).
pub(super) fn plan<G: Game, E>(window: &RootWindow, plan: &mut Plan<'_, G, E>) {
    if let RootWindow::Aspiration(_) = window {
        plan.settings.root_window = *window;
    }
}
