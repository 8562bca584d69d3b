//! **Futility pruning** (Schaeffer 1986, in Phoenix; Heinz 1998, "Extended futility pruning") and
//! **reverse futility pruning**, also called static null-move pruning (the mirror image, spread
//! with the Fruit-era engines): near the horizon, trust the static evaluation when it is far
//! from the window.
//!
//! # Futility pruning (of moves)
//!
//! - **Idea.** A quiet move changes the evaluation by little. One ply from the horizon, if the
//!   static value plus a margin cannot reach alpha, no quiet move can raise the node's value to
//!   alpha; skip them and search only noisy moves, checks and the first move.
//! - **When.** With the option on (`margin` per ply), at most [`FUTILITY_MAX_DEPTH`] plies from the
//!   horizon, not in check, never at the root, never the first move searched, only quiet moves
//!   ([`is_noisy`](crate::Game::is_noisy) false) that are not killers or the table move and do
//!   not give check, and only when alpha is not a mate score.
//! - **Invariant.** Fail-soft: a skipped move is taken to score at most `static + margin × depth`
//!   (`< alpha`), and the node's value is at least that bound, so an all-fail-low node still
//!   returns an upper bound that covers the skipped moves.
//! - **Exact or value-changing.** Value-changing (a quiet move that wins more than the margin, a
//!   quiet threat, is missed).
//! - **Cost.** One static evaluation per eligible node (shared with the other static-value
//!   features) and one [`is_in_check`](crate::Game::is_in_check) per candidate move; the saving is
//!   the subtree of every skipped move (`futility_pruned_moves`).
//!
//! # Reverse futility pruning (of nodes)
//!
//! - **Idea.** With few plies left, the opponent has little time to win back a large advantage:
//!   if `evaluate(p) - margin × depth >= beta`, searching the moves would almost surely fail high
//!   too, so the node returns the static value at once (with `improving`, the margin counts a
//!   ply less where the side to move's static value is improving: `improving.rs`).
//! - **When.** With the option on (`margin` per ply, in hundredths of the evaluation's
//!   [`unit`](crate::Evaluate::unit)), at most
//!   [`REVERSE_FUTILITY_MAX_DEPTH`] plies from the horizon (or as many as `rfp-depth=N` says,
//!   [`ReverseFutility::max_depth`]: Stockfish goes to 8 plies, with a margin that grows with
//!   the depth as this one does), never at the root, never in check
//!   ([`is_in_check`](crate::Game::is_in_check)), only in null-window nodes (`beta = alpha + 1`:
//!   PVS's scout searches, never the principal variation), and never where beta is a mate score.
//! - **Invariant.** Fail-soft: the value returned, the static evaluation, is `>= beta`: a lower
//!   bound like any beta cutoff, stored in the table as one.
//! - **Exact or value-changing.** Value-changing: a position whose real value is below beta (a
//!   tactic the evaluation cannot see) is cut. Off unless asked for; the cross-checks hold engines
//!   with it to the invariants only.
//! - **Cost.** One static evaluation per eligible node (shared with the null-move guard, see
//!   [`null_move`](super::null_move)); the saving is every subtree it cuts, most of the
//!   interior nodes next to the horizon in lopsided positions.

use super::feature::{Feature, Kind, Value, no_alias, number, number_i32, value_changing};
use super::frame::{Candidate, Node};
use crate::{Score, SearchStats};

/// Reverse futility pruning is tried at most this many plies from the horizon unless its depth is
/// said ([`ReverseFutility::max_depth`], `rfp-depth=N`).
pub const REVERSE_FUTILITY_MAX_DEPTH: u32 = 3;

/// Futility pruning of moves is tried at most this many plies from the horizon.
pub const FUTILITY_MAX_DEPTH: u32 = 2;

/// The strongest preset's reverse futility margin per ply of depth left, in hundredths of the
/// evaluation's unit (a pawn): in chess self-play it scored 62.8% against the preset without it
/// (200 games at 1 s + 0.01 s).
pub const DEFAULT_REVERSE_FUTILITY_MARGIN: i32 = 100;

/// The default futility margin per ply, in hundredths of the evaluation's unit (a pawn).
pub const DEFAULT_FUTILITY_MARGIN: i32 = 100;

/// Reverse futility pruning's settings: [`Config::reverse_futility`](super::Config::reverse_futility).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReverseFutility {
    /// The margin per ply of depth left, in hundredths of the evaluation's
    /// [`unit`](crate::Evaluate::unit).
    pub margin: i32,
    /// The most plies from the horizon at which a node is cut ([`REVERSE_FUTILITY_MAX_DEPTH`]
    /// unless said: `rfp-depth=N`).
    pub max_depth: u32,
}

impl ReverseFutility {
    /// A margin of `margin` per ply, up to [`REVERSE_FUTILITY_MAX_DEPTH`] plies from the horizon.
    #[must_use]
    pub const fn new(margin: i32) -> Self {
        ReverseFutility {
            margin,
            max_depth: REVERSE_FUTILITY_MAX_DEPTH,
        }
    }
}

/// The `rfp` feature: [`Config::reverse_futility`](super::Config::reverse_futility).
pub(super) const REVERSE_FUTILITY: Feature<Option<ReverseFutility>> = Feature {
    name: "rfp",
    option: "Reverse Futility",
    summary: "reverse futility pruning, margin per ply in hundredths of a unit",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_REVERSE_FUTILITY_MARGIN as i64,
    },
    parent: None,
    implied: false,
    get: |part| part.map(|rfp| Value::Number(i64::from(rfp.margin))),
    set: |part, value| {
        *part = number_i32(value).map(|margin| ReverseFutility {
            margin,
            ..part.unwrap_or(ReverseFutility::new(margin))
        });
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `rfp-depth` feature: [`ReverseFutility::max_depth`].
pub(super) const REVERSE_FUTILITY_DEPTH: Feature<Option<ReverseFutility>> = Feature {
    name: "rfp-depth",
    option: "Reverse Futility Depth",
    summary: "the most plies from the horizon at which reverse futility pruning cuts",
    kind: Kind::Number {
        min: 1,
        max: 64,
        default: REVERSE_FUTILITY_MAX_DEPTH as i64,
    },
    parent: Some("rfp"),
    implied: true,
    get: |part| part.map(|rfp| Value::Number(i64::from(rfp.max_depth))),
    set: |part, value| {
        let rfp = part.get_or_insert(ReverseFutility::new(DEFAULT_REVERSE_FUTILITY_MARGIN));
        rfp.max_depth = number(value).map_or(REVERSE_FUTILITY_MAX_DEPTH, |n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `futility` feature: [`Config::futility`](super::Config::futility).
pub(super) const FUTILITY: Feature<Option<i32>> = Feature {
    name: "futility",
    option: "Futility",
    summary: "futility pruning of quiet moves, margin per ply in hundredths of a unit",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_FUTILITY_MARGIN as i64,
    },
    parent: None,
    implied: false,
    get: |margin| margin.map(|m| Value::Number(i64::from(m))),
    set: |margin, value| {
        *margin = number_i32(value);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The reverse futility cut of `node`, whose static value is `static_eval`, with `margin` per
/// ply (on the evaluation's scale) up to `max_depth` plies from the horizon (see
/// [`ReverseFutility`]), the margin counting `margin_depth` plies (the node's depth, or a ply
/// less: `improving.rs`): `Some(static value)` when it fails high by the margin.
pub(super) fn reverse_futility_cut(
    margin: i32,
    max_depth: u32,
    static_eval: Score,
    node: &Node,
    margin_depth: u32,
    stats: &mut SearchStats,
) -> Option<Score> {
    let eligible =
        node.is_null_window() && node.depth <= max_depth && node.beta.raw().abs() < Score::MAX_EVAL.raw();
    let cut = eligible && static_eval - margin.saturating_mul(margin_depth as i32) >= node.beta;
    if cut {
        stats.futility_cutoffs += 1;
    }
    cut.then_some(static_eval)
}

/// The futility bound of the `candidate` move of `node`, whose static value is `static_eval`,
/// with `margin` per ply (on the evaluation's scale), `alpha` being the node's current one:
/// `Some(static + margin × depth)` when the move is to be skipped (see the module documentation
/// for the conditions). `gives_check` is asked last, only of a move that is otherwise futile.
pub(super) fn futile_move(
    margin: i32,
    static_eval: Score,
    node: &Node,
    alpha: Score,
    candidate: &Candidate,
    gives_check: impl FnOnce() -> bool,
    stats: &mut SearchStats,
) -> Option<Score> {
    let bound = static_eval + margin.saturating_mul(node.depth as i32);
    let eligible = node.depth <= FUTILITY_MAX_DEPTH
        && candidate.number > 1
        && candidate.is_late_quiet()
        && alpha.raw().abs() < Score::MAX_EVAL.raw()
        && bound <= alpha;
    let futile = eligible && !gives_check();
    if futile {
        stats.futility_pruned_moves += 1;
    }
    futile.then_some(bound)
}
