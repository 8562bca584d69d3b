//! **Late move reductions** (LMR; no founding paper: an ancestor is the move-weighted depth of
//! Levy, Broughton & Taylor's SEX algorithm, 1989; the move-count form spread in 2004-2005 with
//! Fruit and Glaurung, as Romstad's "An Introduction to Late Move Reductions" tells): quiet moves
//! late in a well-ordered list are searched shallower first, and at full depth only if they
//! surprise.
//!
//! - **Idea.** With good ordering a cutoff, if there is one, comes from one of the first moves;
//!   the moves after them almost always fail low. Proving that a move fails low at a reduced
//!   depth is much cheaper, and the moves that do not fail low there are searched again.
//! - **Which moves, by how much.** With the option on, at least [`LMR_MIN_DEPTH`] plies from the
//!   horizon, not in check: every move after the first [`LMR_FULL_DEPTH_MOVES`] that is quiet
//!   (not [`is_noisy`](crate::Game::is_noisy)), ordered as a plain quiet or history move (not the
//!   table move, a hinted move or a killer), and does not give check, is reduced by one ply; by
//!   two from move `2 × LMR_FULL_DEPTH_MOVES + 1` on at depth `2 × LMR_MIN_DEPTH` or more. With
//!   the logarithmic option ([`with_lmr_logarithmic`](super::Engine::with_lmr_logarithmic)) the
//!   same moves are reduced by `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies.
//! - **Invariant.** A reduced search is believed only when it fails low (`<= alpha`): a move whose
//!   reduced score beats alpha is searched again at the full depth, in the same window, before it
//!   can raise alpha or cause a cutoff (and then by PVS in the full window if it falls inside).
//! - **Exact or value-changing.** Value-changing: a move that fails low at the reduced depth but
//!   not at the full depth is missed, so the value is not minimax's at the nominal depth. Off in
//!   the exact preset; the cross-checks hold engines with it to the invariants only.
//! - **Cost.** One [`is_in_check`](crate::Game::is_in_check) per candidate move (the child's),
//!   and a re-search (counted in `researches`) for every reduced move that beats alpha; the
//!   saving is one or two plies of every subtree below the late quiet moves of fail-low nodes.

use super::feature::{Feature, Kind, Value, choice, no_alias, value_changing};
use super::frame::Candidate;

/// How far late move reductions reduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reductions {
    /// One ply, two for very late moves far from the horizon.
    Classic,
    /// `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies.
    Logarithmic,
}

/// The `lmr` feature: [`Config::lmr`](super::Config::lmr).
pub(super) const LMR: Feature<Option<Reductions>> = Feature {
    name: "lmr",
    option: "LMR",
    summary: "late move reductions, classic (1-2 plies) or logarithmic",
    kind: Kind::Choice(&["classic", "log"]),
    parent: None,
    implied: false,
    get: |part| {
        part.map(|r| match r {
            Reductions::Classic => Value::Choice("classic"),
            Reductions::Logarithmic => Value::Choice("log"),
        })
    },
    set: |part, value| {
        *part = choice(value).map(|name| match name {
            "classic" => Reductions::Classic,
            _ => Reductions::Logarithmic,
        });
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Late move reductions start after this many moves searched at full depth.
pub(super) const LMR_FULL_DEPTH_MOVES: u32 = 3;
/// ... and only this many plies or more from the horizon.
pub(super) const LMR_MIN_DEPTH: u32 = 3;

/// The logarithmic reduction of the `searched`-th move `depth` plies from the horizon:
/// `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies, the shape most engines have used
/// since Stockfish 1.x: deeper nodes and later moves are reduced more (1 ply for the 4th move at
/// depth 3, 3 plies for the 10th at depth 10).
#[must_use]
pub(super) fn logarithmic_reduction(depth: u32, searched: u32) -> u32 {
    let r = 0.75 + f64::from(depth).ln() * f64::from(searched).ln() / 2.25;
    (r as u32).max(1)
}

impl Reductions {
    /// The plies by which to reduce the `candidate` move of a node `depth` plies from the
    /// horizon (`in_check`: the node's side to move is in check; `gives_check`, asked last:
    /// whether the move gives check). `0`: searched at full depth. The re-search at full depth,
    /// when the reduced search beats alpha, is a step of the node function's child-search
    /// ladder.
    pub(super) fn of(
        self,
        depth: u32,
        in_check: bool,
        candidate: &Candidate,
        gives_check: impl FnOnce() -> bool,
    ) -> u32 {
        let searched = candidate.number;
        let eligible = depth >= LMR_MIN_DEPTH
            && searched > LMR_FULL_DEPTH_MOVES
            && !in_check
            && candidate.is_late_quiet()
            && !gives_check();
        match self {
            _ if !eligible => 0,
            Reductions::Logarithmic => logarithmic_reduction(depth, searched),
            Reductions::Classic => {
                1 + u32::from(searched > 2 * LMR_FULL_DEPTH_MOVES && depth >= 2 * LMR_MIN_DEPTH)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::logarithmic_reduction;

    #[test]
    fn logarithmic_reductions_grow_with_depth_and_move_number() {
        // (depth, move number, plies)
        let table = [
            (3, 4, 1),
            (6, 4, 1),
            (6, 10, 2),
            (10, 10, 3),
            (20, 40, 5),
            (3, 40, 2),
        ];
        for (depth, searched, plies) in table {
            assert_eq!(
                logarithmic_reduction(depth, searched),
                plies,
                "depth {depth}, move {searched}"
            );
        }
    }
}
