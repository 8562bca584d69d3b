//! **The table's bound as the static value** (`tt-eval`, [`TableConfig::eval`]; Stockfish's
//! `search`, "use ttValue as a better position evaluation", since 2013): where a node's table
//! entry bounds its value beyond its static value, the prunings that guess from the static value
//! read the entry's score instead.
//!
//! - **Idea.** The static value is a guess; the entry of the node's position is a searched bound
//!   on its value. A lower bound above the static value, an upper bound below it, or an exact
//!   value says more than the guess, so reverse futility (`reverse_futility.rs`) and the null move's
//!   guard and depth term (`null_move.rs`) read it: a node the table knows to be above beta is
//!   cut sooner, one it knows to be below is not pruned on an optimistic evaluation.
//! - **When.** With the option on (`tt-eval`, a sub-option of `tt`), at a node that has a static
//!   value (not the root, not in check) and an entry of its own position, read from the node's
//!   side, whose score is not decided (a mate or a banked margin is a proof, not a guess to prune
//!   on; with banked keys, `banked.rs`, no entry is read).
//! - **Invariant.** Only the prunings' reading changes: improving (`improving.rs`), the
//!   correction history (`correction.rs`), futility of the moves, razoring and quiescence still
//!   read the static value itself, which is what they learn from or compare with.
//! - **Exact or value-changing.** Value-changing, as the prunings that read it; without them it
//!   changes nothing. Off in every preset; the cross-checks hold engines with it to the
//!   invariants only.
//! - **Cost.** A comparison: the probe is the node's own.

use crate::engine::feature::{Feature, Kind, flag, no_alias, value_changing};
use super::tt::{TableConfig, table};
use crate::{Bound, Score};
use crate::engine::worker::Plan;
use crate::Game;

/// The `tt-eval` feature: [`TableConfig::eval`].
pub(super) const TABLE_EVAL: Feature<Option<TableConfig>> = Feature {
    name: "tt-eval",
    option: "Table Eval",
    summary: "the table's bound, where it says more than the static value, read by reverse futility and the null move instead",
    kind: Kind::Flag,
    parent: Some("tt"),
    implied: false,
    get: |part| part.and_then(|t| flag(t.eval)),
    set: |part, value| {
        table(part).eval = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The value the prunings read at a node whose static value is `static_eval`, the table's
/// entry for it (score from the node's side and bound) being `stored`: the entry's score where
/// its bound says more (see the [module documentation](self)), else the static value.
pub(super) fn pruning_value(static_eval: Option<Score>, stored: Option<(Score, Bound)>) -> Option<Score> {
    let eval = static_eval?;
    let Some((score, bound)) = stored.filter(|(score, _)| score.raw().abs() <= Score::MAX_EVAL.raw()) else {
        return Some(eval);
    };
    let says_more = match bound {
        Bound::Exact => true,
        Bound::Lower => score > eval,
        Bound::Upper => score < eval,
    };
    Some(if says_more { score } else { eval })
}

/// Its rank before the moves (`worker.rs`'s phase table): after the static value's correction
/// and record, before the prunings that read it.
const RANK: u32 = 50;

/// The table's bound's part of the plan: before the moves, the value the prunings read.
pub(super) fn plan<G: Game, E>(table: &Option<TableConfig>, plan: &mut Plan<'_, G, E>) {
    if table.is_some_and(|table| table.eval) {
        plan.before_moves(RANK, |_, _, _, _, facts| {
            facts.pruning_eval = pruning_value(facts.static_eval, facts.stored);
            None
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_stands_for_the_static_value_only_where_its_bound_says_more() {
        let eval = Some(Score::cp(50));
        let cases = [
            (None, 50),
            (Some((Score::cp(120), Bound::Lower)), 120),
            (Some((Score::cp(20), Bound::Lower)), 50),
            (Some((Score::cp(20), Bound::Upper)), 20),
            (Some((Score::cp(120), Bound::Upper)), 50),
            (Some((Score::cp(-300), Bound::Exact)), -300),
            (Some((Score::cp(300), Bound::Exact)), 300),
            // A mate is a proof, not a guess: the static value stays.
            (Some((Score::mate_in(5), Bound::Lower)), 50),
            (Some((Score::mated_in(4), Bound::Upper)), 50),
        ];
        for (stored, expected) in cases {
            assert_eq!(
                pruning_value(eval, stored),
                Some(Score::cp(expected)),
                "{stored:?}"
            );
        }
        // No static value (the root, in check): nothing to prune on.
        assert_eq!(pruning_value(None, Some((Score::cp(10), Bound::Exact))), None);
    }
}
