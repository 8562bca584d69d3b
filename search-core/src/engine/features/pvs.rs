//! **Principal variation search** (PVS; Marsland & Campbell 1982, Marsland 1983; its twin
//! NegaScout, Reinefeld 1983; after Pearl's Scout, 1980): the first move is searched with the full
//! window, every later move with a null window first, and again with the full window only if it
//! might be better. It is a rung of the node function's child-search ladder (`node.rs`,
//! `search_move`).
//!
//! - **Idea.** With good ordering the first move is usually the best. Proving that another move
//!   is no better than alpha needs only the null window `(alpha, alpha + 1)`, which cuts far more
//!   than `(alpha, beta)`; only a move that proves better is searched again for its value.
//! - **Invariant.** Fail-soft alpha-beta's, move by move: a null-window result `<= alpha` is an
//!   upper bound (the move is no better, as a full-window search would have said); `>= beta` is
//!   a lower bound that cuts, as it would have; anything in between is searched again with
//!   `(alpha, beta)`, whose result is exact if it lies inside. At a node whose own window is
//!   already null (`beta == alpha + 1`: most nodes of a PVS tree) there is no in between and no
//!   re-search. A later move goes through at most three searches: LMR's reduced one, LMR's
//!   full-depth one (both null-window), and this full-window one.
//! - **Exact or value-changing.** Exact: the same root value as alpha-beta at the same depth
//!   (the cross-checks hold every exact combination with PVS to minimax); the work changes, and
//!   with it what killers and history learn, so among tied best moves another may be found.
//! - **Cost.** A re-search (counted in `researches`) for every later move that beats alpha
//!   without cutting: cheap with good ordering (few such moves), a loss with bad ordering.
//!
//! With PVS off, a later move takes the ladder only when LMR reduces it, with the full window.

use crate::engine::feature::{Feature, exact};
use crate::Game;
use crate::engine::worker::Plan;

/// The `pvs` feature: [`Config::pvs`](super::Config::pvs).
pub(super) const PVS: Feature<bool> = Feature::switch(
    "pvs",
    "PVS",
    "principal variation search: later moves by a null window first",
    exact,
);

/// PVS's part of the plan: the later moves' scouts in the child-search ladder (`node.rs`).
pub(super) fn plan<G: Game, E>(on: &bool, plan: &mut Plan<'_, G, E>) {
    plan.settings.pvs = *on;
}
