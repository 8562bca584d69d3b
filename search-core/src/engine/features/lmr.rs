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
//!   the logarithmic choice (`lmr=log`, the strongest preset's) the
//!   same moves are reduced by `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies.
//!   With `improving` (`improving.rs`), a ply more where the side to move is not improving.
//! - **Invariant.** A reduced search is believed only when it fails low (`<= alpha`): a move whose
//!   reduced score beats alpha is searched again at the full depth, in the same window, before it
//!   can raise alpha or cause a cutoff (and then by PVS in the full window if it falls inside).
//! - **Exact or value-changing.** Value-changing: a move that fails low at the reduced depth but
//!   not at the full depth is missed, so the value is not minimax's at the nominal depth. Off in
//!   the exact preset; the cross-checks hold engines with it to the invariants only.
//! - **Cost.** One [`is_in_check`](crate::Game::is_in_check) per candidate move (the child's),
//!   and a re-search (counted in `researches`) for every reduced move that beats alpha; the
//!   saving is one or two plies of every subtree below the late quiet moves of fail-low nodes.
//!
//! # History-adjusted reductions (`lmr-history=divisor`)
//!
//! - **Idea** (Stockfish since 2013, Ethereal, most engines with a gravity history): the move
//!   number says how late a move comes, its history says how it has fared elsewhere. A quiet
//!   move whose gravity counter (`history=gravity`, `history.rs`) is high has often cut, and is
//!   reduced less; one whose counter is low has often failed, and is reduced more.
//! - **By how much.** A reduced move's reduction changes by `−counter / divisor` plies
//!   (rounded towards zero: with the default [`DEFAULT_LMR_HISTORY_DIVISOR`], up to two plies
//!   either way over the counters' range of ±16 384), never below zero (the move is then
//!   searched at full depth) and never so far that the child would reach the horizon if LMR
//!   alone did not take it there. Only moves LMR reduces are touched, and only with
//!   `history=gravity` (with another rule, or none, it reads nothing: the history pruning's
//!   rule, `history_pruning.rs`).
//! - **Invariant, exactness.** LMR's: a reduced search is believed only when it fails low.
//!   Value-changing, as LMR is; off in every preset.
//! - **Cost.** The candidate's counter, read once per quiet move when the option is on.
//!
//! # Smaller reductions at PV nodes (`lmr-pv`)
//!
//! - **Idea** (Stockfish since its first versions, whose tables reduced PV nodes by about a ply
//!   less; Ethereal, most engines): a PV node (its window open, `beta − alpha > 1`) is one whose
//!   value the root's line may take; few nodes are PV nodes, and a wrong reduction there costs the
//!   most, so a reduced move there is reduced one ply less.
//! - **Invariant, exactness.** LMR's; the reduction stays at least 0. Value-changing, as LMR is;
//!   off in every preset.
//! - **Cost.** Nothing per node beyond a comparison; more nodes in the PV's subtrees.
//!
//! # Larger reductions at expected cut nodes (`lmr-cut`)
//!
//! - **Idea** (Stockfish's `cutNode`, since 2013; most engines since): Knuth and Moore's node
//!   types, guessed as the search goes. A scout node reached by a reduced search, or as the
//!   first child of an expected all node, is an *expected cut node*: one of its first moves
//!   should refute the move into it, and its late quiet moves matter least of all. Those are
//!   reduced a ply more.
//! - **Which nodes.** The root and every child searched with an open window are not. The child
//!   of a reduced scout search is. Any other child searched with a null window (the first move's
//!   at a scout node, a later move's scout at full depth, the null move's, ProbCut's) has the
//!   other kind than its parent: below a PV node, never a cut node itself, it is one
//!   (`Node::cut`, set by the child-search ladder in `node.rs`).
//! - **By how much.** A move LMR reduces (after `improving`) gets one ply more, never so far that
//!   the child would reach the horizon if LMR alone did not take it there (the bound of
//!   `lmr-history`), before the history's adjustment.
//! - **Invariant, exactness.** LMR's: a reduced search is believed only when it fails low.
//!   Value-changing, as LMR is; off in every preset.
//! - **Cost.** A flag per node; fewer nodes below the late moves of cut nodes, and more
//!   re-searches where the guess was wrong.

use crate::engine::feature::{Feature, Kind, Value, choice, flag, no_alias, number, value_changing};
use crate::engine::frame::Candidate;
use crate::engine::tables::gravity::GRAVITY_MAX;
use super::improving;
use crate::engine::worker::{MoveAt, Plan};
use crate::Game;

/// How far late move reductions reduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reductions {
    /// One ply, two for very late moves far from the horizon.
    Classic,
    /// `max(1, ⌊0.75 + ln(depth) · ln(move number) / 2.25⌋)` plies.
    Logarithmic,
}

/// Late move reductions' settings: [`Config::lmr`](super::Config::lmr).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lmr {
    /// How far a late move is reduced.
    pub reductions: Reductions,
    /// The history divisor (`lmr-history`): a reduction changes by `−counter / divisor` plies
    /// under the gravity rule; `None`, not at all.
    pub history_divisor: Option<u32>,
    /// One ply less at a PV node, where the window is open (`lmr-pv`).
    pub pv_less: bool,
    /// One ply more at an expected cut node (`lmr-cut`).
    pub cut_more: bool,
}

impl Lmr {
    /// Reductions by `reductions`, not adjusted by history.
    #[must_use]
    pub const fn new(reductions: Reductions) -> Self {
        Lmr {
            reductions,
            history_divisor: None,
            pv_less: false,
            cut_more: false,
        }
    }
}

/// The `lmr` feature: [`Config::lmr`](super::Config::lmr).
pub(super) const LMR: Feature<Option<Lmr>> = Feature {
    name: "lmr",
    option: "LMR",
    summary: "late move reductions, classic (1-2 plies) or logarithmic",
    kind: Kind::Choice(&["classic", "log"]),
    parent: None,
    implied: false,
    get: |part| {
        part.map(|lmr| match lmr.reductions {
            Reductions::Classic => Value::Choice("classic"),
            Reductions::Logarithmic => Value::Choice("log"),
        })
    },
    set: |part, value| {
        *part = choice(value).map(|name| {
            let reductions = match name {
                "classic" => Reductions::Classic,
                _ => Reductions::Logarithmic,
            };
            Lmr {
                reductions,
                ..part.unwrap_or(Lmr::new(reductions))
            }
        });
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `lmr-history` feature: [`Lmr::history_divisor`].
pub(super) const LMR_HISTORY: Feature<Option<Lmr>> = Feature {
    name: "lmr-history",
    option: "LMR History",
    summary: "late move reductions adjusted by the gravity history: -counter/divisor plies",
    kind: Kind::Number {
        min: 1,
        max: GRAVITY_MAX as i64,
        default: DEFAULT_LMR_HISTORY_DIVISOR as i64,
    },
    parent: Some("lmr"),
    implied: false,
    get: |part| part.and_then(|lmr| lmr.history_divisor.map(|d| Value::Number(i64::from(d)))),
    set: |part, value| {
        let lmr = part.get_or_insert(Lmr::new(Reductions::Logarithmic));
        lmr.history_divisor = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `lmr-pv` feature: [`Lmr::pv_less`].
pub(super) const LMR_PV: Feature<Option<Lmr>> = Feature {
    name: "lmr-pv",
    option: "LMR PV",
    summary: "late move reductions one ply smaller at PV nodes (an open window)",
    kind: Kind::Flag,
    parent: Some("lmr"),
    implied: false,
    get: |part| part.and_then(|lmr| flag(lmr.pv_less)),
    set: |part, value| {
        let lmr = part.get_or_insert(Lmr::new(Reductions::Logarithmic));
        lmr.pv_less = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `lmr-cut` feature: [`Lmr::cut_more`].
pub(super) const LMR_CUT: Feature<Option<Lmr>> = Feature {
    name: "lmr-cut",
    option: "LMR Cut",
    summary: "late move reductions one ply larger at expected cut nodes",
    kind: Kind::Flag,
    parent: Some("lmr"),
    implied: false,
    get: |part| part.and_then(|lmr| flag(lmr.cut_more)),
    set: |part, value| {
        let lmr = part.get_or_insert(Lmr::new(Reductions::Logarithmic));
        lmr.cut_more = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// A reduction of `reduction` plies of a move `depth` plies from the horizon at an expected cut
/// node (`cut`), with `lmr-cut`: one ply more if LMR reduces it at all, at most the larger of
/// LMR's own and `depth − 2` (the child keeps at least one ply).
#[must_use]
pub(super) fn cut_adjusted(reduction: u32, depth: u32, cut: bool) -> u32 {
    if cut && reduction > 0 {
        (reduction + 1).min(reduction.max(depth.saturating_sub(2)))
    } else {
        reduction
    }
}

/// A reduction of `reduction` plies at a node that is a PV node (`pv`: its window is open), with
/// `lmr-pv`: one ply less there (at least 0: the move is then searched at full depth).
#[must_use]
pub(super) fn pv_adjusted(reduction: u32, pv: bool) -> u32 {
    if pv {
        reduction.saturating_sub(1)
    } else {
        reduction
    }
}

/// The divisor that `lmr-history` alone gives: a reduction changes by one ply for each 8 192 of
/// the counter (half its bound). Not tuned: the one value tried in chess (no decision in
/// self-play; the book's strength page).
pub const DEFAULT_LMR_HISTORY_DIVISOR: u32 = 8192;

/// A reduction of `reduction` plies (LMR's, at least 1) of a move `depth` plies from the
/// horizon, adjusted by its `history` counter: `reduction − history / divisor`, at least 0, and
/// at most the larger of LMR's own and `depth − 2` (the child keeps at least one ply).
#[must_use]
pub(super) fn history_adjusted(reduction: u32, depth: u32, history: i32, divisor: u32) -> u32 {
    let adjusted = i64::from(reduction) - i64::from(history) / i64::from(divisor.max(1));
    let most = reduction.max(depth.saturating_sub(2));
    adjusted.clamp(0, i64::from(most)) as u32
}

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

/// Its rank among the steps that reduce each move (`worker.rs`'s phase table).
const RANK: u32 = 10;

/// Late move reductions' part of the plan: each move searched is reduced as
/// [`Reductions::of`] says, adjusted as the configuration asks.
pub(super) fn plan<G: Game, E>(part: &Option<Lmr>, plan: &mut Plan<'_, G, E>) {
    let Some(lmr) = *part else {
        return;
    };
    plan.needs.check = true;
    plan.needs.noisy = true;
    plan.needs.quiet_history |= lmr.history_divisor.is_some();
    plan.reduce(RANK, move |_, at| reduction(lmr, at));
}

/// The reduction of the move `at` (a ply more where the side to move is not improving:
/// `improving.rs`; by history, and a ply less at a PV node or more at an expected cut node, if
/// asked).
fn reduction<G: Game>(lmr: Lmr, at: &MoveAt<'_, G>) -> u32 {
    let (node, depth) = (at.node, at.node.depth);
    let reduction = lmr
        .reductions
        .of(depth, at.facts.in_check, at.candidate, || at.child.is_in_check());
    let reduction = improving::reduction(reduction, at.facts.improving);
    let reduction = if lmr.cut_more {
        cut_adjusted(reduction, depth, node.cut)
    } else {
        reduction
    };
    let reduction = match lmr.history_divisor {
        Some(divisor) if reduction > 0 => history_adjusted(reduction, depth, at.candidate.history, divisor),
        _ => reduction,
    };
    if lmr.pv_less {
        pv_adjusted(reduction, node.beta > node.alpha + 1)
    } else {
        reduction
    }
}

#[cfg(test)]
mod tests {
    use super::{cut_adjusted, history_adjusted, logarithmic_reduction, pv_adjusted};
    use crate::engine::frame::child_is_cut;

    #[test]
    fn cut_nodes_alternate_below_scouts_and_start_below_reduced_ones() {
        // (the parent a cut node, the child's window null, searched reduced, the child a cut node)
        let table = [
            // An open window: never (a PV node's first move and its re-searches).
            (false, false, false, false),
            (false, false, true, false),
            (true, false, true, false),
            // A reduced scout: always.
            (false, true, true, true),
            (true, true, true, true),
            // Any other scout: the other kind than the parent's.
            (false, true, false, true),
            (true, true, false, false),
        ];
        for (parent_cut, null_window, reduced, cut) in table {
            assert_eq!(
                child_is_cut(parent_cut, null_window, reduced),
                cut,
                "parent {parent_cut}, null window {null_window}, reduced {reduced}"
            );
        }
    }

    #[test]
    fn an_expected_cut_node_reduces_a_ply_more_within_the_bound() {
        // (reduction, depth, cut, plies)
        let table = [
            (0, 8, true, 0),
            (1, 8, true, 2),
            (3, 8, true, 4),
            (1, 8, false, 1),
            (3, 8, false, 3),
            // The child keeps a ply: at depth 3, LMR's one ply is all there is.
            (1, 3, true, 1),
            (1, 4, true, 2),
            (2, 4, true, 2),
        ];
        for (reduction, depth, cut, plies) in table {
            assert_eq!(
                cut_adjusted(reduction, depth, cut),
                plies,
                "reduction {reduction}, depth {depth}, cut {cut}"
            );
        }
    }

    #[test]
    fn a_pv_node_reduces_a_ply_less_down_to_none() {
        assert_eq!(
            [0, 1, 2, 3].map(|reduction| pv_adjusted(reduction, true)),
            [0, 0, 1, 2]
        );
        assert_eq!(
            [0, 1, 2, 3].map(|reduction| pv_adjusted(reduction, false)),
            [0, 1, 2, 3]
        );
    }

    #[test]
    fn history_moves_a_reduction_by_a_ply_per_divisor_within_its_bounds() {
        // (LMR's reduction, depth, counter, divisor, plies)
        let table = [
            (1, 6, 0, 8192, 1),
            (1, 6, 8191, 8192, 1),
            (1, 6, 8192, 8192, 0),
            (2, 6, 16384, 8192, 0),
            (1, 6, 16384, 8192, 0),
            (1, 6, -8192, 8192, 2),
            (1, 6, -16384, 8192, 3),
            (2, 6, -16384, 8192, 4),
            (2, 5, -16384, 8192, 3),
            (1, 3, -16384, 8192, 1),
            (3, 4, -16384, 8192, 3),
            (1, 10, -16384, 1024, 8),
        ];
        for (reduction, depth, history, divisor, plies) in table {
            assert_eq!(
                history_adjusted(reduction, depth, history, divisor),
                plies,
                "reduction {reduction}, depth {depth}, history {history}, divisor {divisor}"
            );
        }
    }

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
