//! **Banked keys**: in a game scored by margins where what is already banked (Kalah's stores)
//! does not change what the rest of the game can bring, the transposition table keys a position
//! by the rest ([`ZobristHash::banked_key`](crate::ZobristHash::banked_key)) and stores its
//! value relative to the margin banked, so that positions that differ only in their stores
//! share one entry. The solver's table ([`Solver`](crate::solve::Solver)).
//!
//! - **Idea.** A Kalah position's final margin is the lead its stores already give plus what
//!   the seeds in play will still bring, and only the second depends on the houses: the
//!   endgame databases of "Solving Kalah" (Irving, Donkers & Uiterwijk, ICGA Journal 2000) are
//!   indexed that way (`solve/database.rs`). Keying the table the same way turns every
//!   position with the same houses and the same side to move into one entry, whatever the
//!   split of the stores: in a `Kalah(6, 4)` solve such positions come five times as often as
//!   exact repeats (counted over the first 25 million nodes).
//! - **Invariant.** An entry holds a fact about the margin *class* of the value (the final
//!   margin, whatever the distance; a draw is 0), less the margin banked at the node that
//!   stored it: a lower bound says "the final margin is at least `banked + m`", an upper bound
//!   "at most", an exact entry both. A node reads it back with its own banked margin, and it
//!   decides the node's window only if the whole class lies on one side of it: a lower bound
//!   answers the lowest score of its class when that is at least beta, an upper bound the
//!   highest score of its class when that is at most alpha. A score that is no margin or draw
//!   (a static value, a mate without a margin, a mean at a chance node) is not stored, and a
//!   game with chance nodes never keys by banked keys.
//! - **Exact or value-changing.** Exact for a search without a horizon (the solver's, whose
//!   values are final margins, if the game keeps the contract of
//!   [`banked_key`](crate::ZobristHash::banked_key)); the distance of a win inside its margin
//!   is not kept, so the solver settles margins and not distances with it (as it does for a
//!   scored game anyway). With a horizon a static value at a leaf may depend on the stores
//!   and results reused across store splits change values: value-changing, never in an exact
//!   preset. Enhanced transposition cutoffs read children's entries as absolute scores and do
//!   not apply with it.
//! - **Cost.** A second hash function at every node where the table is used (the game's
//!   `banked_key`, which for Kalah is the same packing as its hash without the stores) and a
//!   few comparisons; no extra memory.

use super::feature::{Feature, Kind, flag, no_alias, value_changing};
use super::frame::Node;
use super::tt::{TableConfig, table};
use crate::{Bound, Score};

/// The `banked` feature: [`TableConfig::banked`].
pub(super) const BANKED: Feature<Option<TableConfig>> = Feature {
    name: "banked",
    option: "Banked Keys",
    summary: "table keyed without what a scored game has banked, values relative to it (for solving; value-changing with a horizon)",
    kind: Kind::Flag,
    parent: Some("tt"),
    implied: false,
    get: |part| part.and_then(|t| flag(t.banked)),
    set: |part, value| {
        table(part).banked = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The margin class of `score`: its final margin, a draw 0; `None` for a score that is neither.
fn class(score: Score) -> Option<i32> {
    if score == Score::DRAW {
        Some(0)
    } else {
        score.margin()
    }
}

/// The lowest and the highest score of margin class `margin` (any distance).
fn class_range(margin: i32) -> (Score, Score) {
    match margin {
        0 => (Score::DRAW, Score::DRAW),
        m if m > 0 => (Score::won_by(m, Score::MAX_PLY), Score::won_by(m, 0)),
        m => (Score::won_by(m, 0), Score::won_by(m, Score::MAX_PLY)),
    }
}

/// What a node that has banked `banked` stores for its fail-soft `score`: the margin class less
/// `banked`, as a score of that margin; `None` for a score that is no margin or draw.
pub(super) fn relative(score: Score, banked: i32) -> Option<Score> {
    Some(Score::won_by(class(score)? - banked, 0))
}

/// The score an entry (`stored` relative, with its `bound`) decides for `node`, which has banked
/// `banked`, if its class lies wholly on one side of the node's window.
pub(super) fn decides(stored: Score, bound: Bound, banked: i32, node: &Node) -> Option<Score> {
    let (lowest, highest) = class_range(class(stored)? + banked);
    let fails_high = matches!(bound, Bound::Lower | Bound::Exact) && lowest >= node.beta;
    let fails_low = matches!(bound, Bound::Upper | Bound::Exact) && highest <= node.alpha;
    if fails_high {
        Some(lowest)
    } else if fails_low {
        Some(highest)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{class_range, decides, relative};
    use crate::engine::frame::Node;
    use crate::{Bound, Score};

    fn window(alpha: Score, beta: Score) -> Node {
        Node {
            ply: 3,
            ..Node::root(10, (alpha, beta), None)
        }
    }

    #[test]
    fn an_entry_moves_with_the_banked_margin_and_keeps_its_bound() {
        // Stored at a node that had banked +3 with a value "win by 5": the rest brings +2.
        let stored = relative(Score::won_by(5, 17), 3).unwrap();
        assert_eq!(stored, Score::won_by(2, 0));
        // Read back where -1 is banked: the final margin is +1, at any distance.
        let (lowest, highest) = class_range(1);
        let above = window(Score::DRAW, Score::from_raw(1)); // a win or not?
        assert_eq!(decides(stored, Bound::Lower, -1, &above), Some(lowest));
        assert_eq!(decides(stored, Bound::Exact, -1, &above), Some(lowest));
        assert_eq!(decides(stored, Bound::Upper, -1, &above), None);
        // Where -4 is banked: a loss by 2 at best, which decides "a win or not" low.
        let below = class_range(-2).1;
        assert_eq!(decides(stored, Bound::Upper, -4, &above), Some(below));
        assert_eq!(decides(stored, Bound::Lower, -4, &above), None);
        // A window inside the class decides nothing, even with an exact entry.
        let inside = window(highest - 2, highest - 1);
        assert_eq!(decides(stored, Bound::Exact, -1, &inside), None);
        // A draw is class 0; a static value or a plain mate is not stored.
        assert_eq!(relative(Score::DRAW, -2), Some(Score::won_by(2, 0)));
        assert_eq!(relative(Score::cp(35), 0), None);
        assert_eq!(relative(Score::mate_in(3), 0), None);
    }
}
