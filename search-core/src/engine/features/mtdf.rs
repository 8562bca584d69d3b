//! **MTD(f)** (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth minimax
//! algorithms"): find the root value with null-window searches only.
//!
//! - **Idea.** Each pass `node(root, beta - 1, beta)` answers "is the value at least beta?"; its
//!   fail-soft result becomes a new upper bound (fail low) or lower bound (fail high), and the
//!   next window is placed at that result, until the bounds meet. A null-window search cuts far
//!   more than a full-window one; the table carries what each pass learnt to the next.
//! - **Invariant.** `lower <= value <= upper` throughout, each pass moving one bound strictly
//!   (fail-soft results); at the end they are equal. The best move is the root move of the last
//!   fail-high pass (the pass that proved `value >= lower`), whose own value is therefore the
//!   root value; a later fail-low pass only confirms `upper = lower`.
//! - **Exact or value-changing.** Exact: the bounds meet at the root value of the node function
//!   (the cross-checks hold every exact combination with MTD(f), both first guesses, to
//!   minimax).
//! - **First guess.** The closer, the fewer passes: the previous iteration's value, or the value
//!   two iterations back, whose depth has the same parity (the Fiacco report: odd and even depths
//!   oscillate). See [`FirstGuess`](super::FirstGuess).
//! - **Cost.** One null-window search of the whole tree per pass (counted in `mtdf_passes`),
//!   as many passes as the bounds need to meet: few from a good guess, many from a bad one. It
//!   needs a transposition table to be fast (without one each pass searches the tree afresh) but
//!   not to be right. A copy of the principal variation per fail-high pass.
//!
//! The passes are a loop of the search driver (`driver.rs`) over the node function, not a copy
//! of alpha-beta; MTD(f) replaces full-window and aspiration searches at the root.

use crate::engine::feature::{Feature, Kind, Value, choice, exact, no_alias};
use crate::engine::root_window::{FirstGuess, RootWindow};
use crate::Score;
use crate::Game;
use crate::engine::worker::Plan;

/// The `mtdf` feature: [`RootWindow::Mtdf`] in
/// [`Config::root_window`](super::Config::root_window).
pub(super) const MTDF: Feature<RootWindow> = Feature {
    name: "mtdf",
    option: "MTD(f)",
    summary: "MTD(f) as the root driver, first guess from the previous iteration or two back",
    kind: Kind::Choice(&["previous", "two-back"]),
    parent: None,
    implied: false,
    get: |window| match window {
        RootWindow::Mtdf(FirstGuess::Previous) => Some(Value::Choice("previous")),
        RootWindow::Mtdf(FirstGuess::TwoBack) => Some(Value::Choice("two-back")),
        _ => None,
    },
    set: |window, value| {
        let guess = choice(value).map(|name| match name {
            "previous" => FirstGuess::Previous,
            _ => FirstGuess::TwoBack,
        });
        match (guess, *window) {
            (Some(_), RootWindow::Aspiration(_)) => return Err("is an alternative to asp".to_string()),
            (Some(guess), _) => *window = RootWindow::Mtdf(guess),
            (None, RootWindow::Mtdf(_)) => *window = RootWindow::Full,
            (None, _) => {}
        }
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

impl FirstGuess {
    /// The first guess for the next iteration, given the values of the iterations completed
    /// so far (a draw before the first).
    pub(crate) fn pick(self, values: &[Score]) -> Score {
        let previous = values.last().copied();
        let guess = match self {
            FirstGuess::Previous => previous,
            FirstGuess::TwoBack => values.len().checked_sub(2).map(|i| values[i]).or(previous),
        };
        guess.unwrap_or(Score::DRAW)
    }
}

/// The bounds of one iteration's MTD(f) passes (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mtdf {
    value: Score,
    lower: Score,
    upper: Score,
}

impl Mtdf {
    /// Passes from the first guess `guess`, knowing nothing yet.
    pub(crate) fn new(guess: Score) -> Self {
        Mtdf {
            value: guess,
            lower: -Score::INFINITY,
            upper: Score::INFINITY,
        }
    }

    /// The `beta` of the next pass's null window `(beta - 1, beta)`, or `None` once the bounds
    /// have met.
    pub(crate) fn next_beta(&self) -> Option<Score> {
        (self.lower < self.upper).then(|| {
            if self.value == self.lower {
                self.value + 1
            } else {
                self.value
            }
        })
    }

    /// The pass with `beta` returned `value`: a new upper bound (fail low) or lower bound (fail
    /// high). Whether it failed high: then its principal variation proves the value.
    pub(crate) fn update(&mut self, beta: Score, value: Score) -> bool {
        self.value = value;
        if value < beta {
            self.upper = value;
            false
        } else {
            self.lower = value;
            true
        }
    }

    /// The value: the root's once [`next_beta`](Self::next_beta) is `None`.
    pub(crate) fn value(&self) -> Score {
        self.value
    }
}

/// MTD(f)'s part of the plan: the driver's root searches (`driver.rs`).
pub(super) fn plan<G: Game, E>(window: &RootWindow, plan: &mut Plan<'_, G, E>) {
    if let RootWindow::Mtdf(_) = window {
        plan.settings.root_window = *window;
    }
}
