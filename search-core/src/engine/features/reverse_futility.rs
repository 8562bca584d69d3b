//! **Reverse futility pruning**, also called static null-move pruning (spread with the Fruit-era
//! engines): near the horizon, a node whose static value is far above beta fails high at once.
//! The mirror image of futility pruning of moves (`futility.rs`) and of razoring
//! (`razoring.rs`).
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

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, number_i32, value_changing};
use crate::engine::frame::Node;
use crate::{Score, SearchStats};
use super::improving::futility_depth;
use crate::engine::worker::Plan;
use crate::trace::Cut;
use crate::Game;

/// Reverse futility pruning is tried at most this many plies from the horizon unless its depth is
/// said ([`ReverseFutility::max_depth`], `rfp-depth=N`).
pub const REVERSE_FUTILITY_MAX_DEPTH: u32 = 3;

/// The strongest preset's reverse futility margin per ply of depth left, in hundredths of the
/// evaluation's unit (a pawn): in chess self-play it scored 62.8% against the preset without it
/// (200 games at 1 s + 0.01 s).
pub const DEFAULT_REVERSE_FUTILITY_MARGIN: i32 = 100;

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

/// Its rank before the moves (`worker.rs`'s phase table): after the static value's steps,
/// before razoring.
const RANK: u32 = 60;

/// Reverse futility's part of the plan: before the moves, a static value far above beta ends
/// the node.
pub(super) fn plan<G: Game, E>(part: &Option<ReverseFutility>, plan: &mut Plan<'_, G, E>) {
    let Some(rfp) = *part else {
        return;
    };
    plan.needs.static_value = true;
    let margin = plan.scaled(rfp.margin);
    plan.before_moves(RANK, move |worker, _, node, _, facts| {
        let margin_depth = futility_depth(node.depth, facts.improving);
        let stats = &mut worker.search.stats;
        reverse_futility_cut(margin, rfp.max_depth, facts.pruning_value()?, node, margin_depth, stats)
            .map(|score| (score, Cut::Futility))
    });
}
