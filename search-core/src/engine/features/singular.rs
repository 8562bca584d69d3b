//! **Singular extensions** (Anantharaman, Campbell & Hsu, "Singular extensions: adding
//! selectivity to brute-force searching", Artificial Intelligence 43, 1990, for Deep Thought; in
//! the form of Stockfish and Ethereal, which test only the table move, by a reduced search that
//! excludes it; Chess Programming Wiki, "Singular Extensions"), with Stockfish's multi-cut: a
//! table move much better than every other move is searched a ply deeper.
//!
//! - **Idea.** A node whose table move has a lower bound `s` from a search nearly as deep as
//!   this one may hinge on that move alone: if every other move, searched about half as deep
//!   with the null window at `s − margin × depth`, fails low, the move is *singular* (forced,
//!   in a sense), and a mistake in its line costs the whole node, so its line gets a ply more.
//!   If instead another move reaches the bar and the bar is at least beta, two moves beat beta
//!   (the table move by its bound, and that one): the node fails high at the bar without
//!   searching them again (multi-cut).
//! - **When.** With the option on (`singular=depth`, from 4), at least `depth` plies from the
//!   horizon (8 with `singular` alone, as in Stockfish and Ethereal), never at the root or in a
//!   Star2 probe (`chance_node.rs`), with a table move whose entry is a lower bound or exact
//!   (not banked), not decided (no mate or margin), and at most [`SINGULAR_MAX_DEPTH_DEFICIT`]
//!   plies shallower than the node. The margin is [`SINGULAR_MARGIN_PER_PLY`] hundredths of the
//!   evaluator's unit per ply (a centipawn in chess). The excluding search is the node's own
//!   move loop at `(depth − 1) / 2`, with the node's static value, without the table move and
//!   without a table probe or store of its own. The extension is given only while the node is
//!   nearer the root than twice the iteration's depth (Stockfish's bound), so chains of
//!   singular moves end.
//! - **Invariant.** Only the table move is extended, by one ply, and not when the check
//!   extension extends it already (one extension a move at most, as in Stockfish); the node's
//!   result is stored at its own depth. A multi-cut returns the bar: at least beta, below the
//!   table move's stored bound, and reached by another move in the excluding search.
//! - **Exact or value-changing.** Value-changing: the extended line is searched deeper than the
//!   nominal depth, and a multi-cut trusts a shallower search. Off in every preset; the
//!   cross-checks hold engines with it to the invariants only.
//! - **Cost.** One reduced search of the other moves at each eligible node (the excluding
//!   search's children are counted as the node's, and the trace shows them as its children too);
//!   then a ply more below the singular move (`singular_extensions`), or nothing more below a
//!   multi-cut (`multi_cuts`).

use crate::engine::feature::{Feature, Kind, Value, no_alias, number, value_changing};
use crate::engine::frame::Node;
use crate::Score;
use crate::engine::frame::Facts;
use crate::engine::worker::{Plan, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game, MoveList};

/// The least depth at which `singular` alone tries the table move (Stockfish's and Ethereal's).
pub const DEFAULT_SINGULAR_DEPTH: u32 = 8;

/// The table entry may be at most this many plies shallower than the node (Stockfish's 3).
pub const SINGULAR_MAX_DEPTH_DEFICIT: u32 = 3;

/// The bar below the table move's bound, per ply of the node's depth, in hundredths of the
/// evaluator's unit (a centipawn per ply in chess, about Stockfish's and Ethereal's).
pub const SINGULAR_MARGIN_PER_PLY: i32 = 1;

/// The `singular` feature: [`Config::singular`](super::Config::singular).
pub(super) const SINGULAR: Feature<Option<u32>> = Feature {
    name: "singular",
    option: "Singular Extension",
    summary: "singular extensions: a table move that every other move, searched half as deep, stays below by a margin is searched a ply deeper (from this depth); multi-cut if they beat beta",
    kind: Kind::Number {
        min: 4,
        max: 1000,
        default: DEFAULT_SINGULAR_DEPTH as i64,
    },
    parent: None,
    implied: false,
    get: |depth| depth.map(|d| Value::Number(i64::from(d))),
    set: |depth, value| {
        *depth = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// What the excluding search decided about the table move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Singular {
    /// Not tried, or another move reached the bar below beta: search as usual.
    No,
    /// Every other move stayed below the bar: the table move is searched a ply deeper.
    Extend,
    /// Another move reached the bar, and it is at least beta: the node fails high at it.
    MultiCut(Score),
}

/// The bar of the excluding search at `node` (`None`: not tried), the feature on from
/// `min_depth`: the table entry's lower bound `stored` (its score from the node's side and its
/// depth; `None` for an upper bound, a banked entry or no entry) less `margin_per_ply`
/// (already on the evaluator's scale) per ply of the node's depth. Not tried either where
/// neither outcome could follow: too far from the root to extend, with the bar below beta.
pub(super) fn bar(
    min_depth: u32,
    node: &Node,
    stored: Option<(Score, u32)>,
    margin_per_ply: i32,
) -> Option<Score> {
    let (score, stored_depth) = stored?;
    let eligible = node.ply > 0
        && !node.probe
        && node.depth >= min_depth
        && stored_depth + SINGULAR_MAX_DEPTH_DEFICIT >= node.depth
        && score.raw().abs() <= Score::MAX_EVAL.raw();
    let margin = margin_per_ply.saturating_mul(node.depth as i32);
    let bar = Score::from_raw((score.raw() - margin).max(-Score::MAX_EVAL.raw()));
    let useful = may_extend(node) || bar >= node.beta;
    (eligible && useful).then_some(bar)
}

/// Whether `node` is near enough the root to extend: nearer than twice the iteration's depth.
fn may_extend(node: &Node) -> bool {
    node.ply < 2 * node.root_depth
}

/// The depth of the excluding search of a node `depth` plies from the horizon.
pub(super) fn excluding_depth(depth: u32) -> u32 {
    (depth - 1) / 2
}

/// The plies the singular test adds to a move's child: one for the table move found singular
/// (`singular`), none if the check extension extends that child already (`check_extends`, asked
/// of the singular move only: a check test per child would cost every node): one extension a
/// move at most, as in Stockfish.
pub(super) fn extension(singular: bool, check_extends: impl FnOnce() -> bool) -> u32 {
    u32::from(singular && !check_extends())
}

/// The decision from the excluding search's fail-soft `score` against the `bar`, at `node`.
pub(super) fn decide(score: Score, bar: Score, node: &Node) -> Singular {
    if score < bar {
        if may_extend(node) {
            Singular::Extend
        } else {
            Singular::No
        }
    } else if bar >= node.beta {
        Singular::MultiCut(bar)
    } else {
        Singular::No
    }
}

/// Its rank before the moves (`worker.rs`'s phase table): the last.
const RANK: u32 = 100;

/// Its rank among the steps that extend each move.
const EXTEND_RANK: u32 = 10;

/// Singular extensions' part of the plan: before the moves, the test of the table move (which
/// may end the node by multi-cut); for each move, the singular table move a ply deeper.
pub(super) fn plan<G: Game, E: Evaluate<G>>(min_depth: &Option<u32>, plan: &mut Plan<'_, G, E>) {
    let Some(min_depth) = *min_depth else {
        return;
    };
    let margin_per_ply = plan.scaled(SINGULAR_MARGIN_PER_PLY);
    plan.before_moves(RANK, move |worker, game, node, moves, facts| {
        test(worker, game, node, moves, facts, min_depth, margin_per_ply).map(|score| (score, Cut::MultiCut))
    });
    plan.extend(EXTEND_RANK, |worker, at| {
        let check_extends = || worker.plan.needs.extends_in_check && at.child.is_in_check();
        extension(at.facts.extended == Some(at.mv), check_extends)
    });
}

/// The singular-extension test of `node`'s table move, if the table's lower bound makes it
/// eligible: the node's other moves searched `(depth − 1) / 2` deep with the null window at the
/// bar below the bound. Marks the table move as extended in `facts` if it is singular; a
/// multi-cut's score (the bar) if another move reaches the bar and the bar is at least beta.
fn test<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    moves: &MoveList<G::Move>,
    facts: &mut Facts<G::Move>,
    min_depth: u32,
    margin_per_ply: i32,
) -> Option<Score> {
    let table_move = facts.tt_move?;
    let bar = bar(min_depth, node, facts.lower, margin_per_ply)?;
    let mut others = MoveList::new();
    others.extend(moves.iter().copied().filter(|&mv| mv != table_move));
    let excluding = Node {
        depth: excluding_depth(node.depth),
        alpha: bar - 1,
        beta: bar,
        ..*node
    };
    let excluded = Facts {
        tt_move: None,
        extended: None,
        ..*facts
    };
    let (score, _) = worker.search_moves(game, &excluding, &mut others, &excluded);
    // What the excluding search left at this ply is not the node's: its line, its cutoff.
    worker.search.pv.clear(node.ply);
    worker.search.trace.uncut();
    if worker.search.aborted {
        return None;
    }
    match decide(score, bar, node) {
        Singular::Extend => {
            worker.search.stats.singular_extensions += 1;
            facts.extended = Some(table_move);
            None
        }
        Singular::MultiCut(score) => {
            worker.search.stats.multi_cuts += 1;
            Some(score)
        }
        Singular::No => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Singular, bar, decide, excluding_depth, extension};
    use crate::Score;
    use crate::engine::frame::Node;

    fn node(depth: u32, ply: u32, beta: i32) -> Node {
        Node {
            ply,
            ..Node::root(depth, (Score::cp(beta - 1), Score::cp(beta)), None)
        }
    }

    #[test]
    fn the_bar_is_the_stored_bound_less_the_margin_at_eligible_nodes_only() {
        let at = node(10, 3, 0);
        assert_eq!(bar(8, &at, Some((Score::cp(50), 9)), 1), Some(Score::cp(40)));
        assert_eq!(bar(8, &at, Some((Score::cp(50), 7)), 2), Some(Score::cp(30)));
        let cases = [
            (node(10, 3, 0), None, "no lower bound stored"),
            (
                node(10, 3, 0),
                Some((Score::cp(50), 6)),
                "an entry 4 plies shallower",
            ),
            (node(7, 3, 0), Some((Score::cp(50), 9)), "too near the horizon"),
            (node(10, 0, 0), Some((Score::cp(50), 9)), "the root"),
            (
                Node {
                    probe: true,
                    ..node(10, 3, 0)
                },
                Some((Score::cp(50), 9)),
                "a Star2 probe",
            ),
            (node(10, 3, 0), Some((Score::mate_in(5), 9)), "a mate"),
            (node(10, 3, 0), Some((Score::won_by(3, 9), 9)), "a margin"),
        ];
        for (at, stored, case) in cases {
            assert_eq!(bar(8, &at, stored, 1), None, "{case}");
        }
        // The bar stays a static value.
        let low = Score::from_raw(-Score::MAX_EVAL.raw());
        assert_eq!(bar(8, &at, Some((low, 9)), 1), Some(low));
        // Too far from the root to extend: tried only for a multi-cut.
        let far = Node {
            root_depth: 10,
            ..node(10, 20, 45)
        };
        assert_eq!(bar(8, &far, Some((Score::cp(50), 9)), 1), None);
        let far = Node {
            root_depth: 10,
            ..node(10, 20, 40)
        };
        assert_eq!(bar(8, &far, Some((Score::cp(50), 9)), 1), Some(Score::cp(40)));
    }

    #[test]
    fn a_move_gets_one_extension_at_most() {
        assert_eq!(extension(true, || false), 1, "singular, not in check");
        assert_eq!(
            extension(true, || true),
            0,
            "singular, extended for the check already"
        );
        assert_eq!(
            extension(false, || unreachable!("asked of a move not singular")),
            0
        );
    }

    #[test]
    fn extends_below_the_bar_cuts_above_it_at_beta_and_ends_chains() {
        let bar = Score::cp(40);
        assert_eq!(decide(Score::cp(39), bar, &node(10, 3, 60)), Singular::Extend);
        assert_eq!(decide(Score::cp(40), bar, &node(10, 3, 60)), Singular::No);
        assert_eq!(
            decide(Score::cp(40), bar, &node(10, 3, 40)),
            Singular::MultiCut(bar)
        );
        assert_eq!(
            decide(Score::cp(90), bar, &node(10, 3, 20)),
            Singular::MultiCut(bar)
        );
        // Twice the iteration's depth from the root: no more extensions.
        let mut deep = node(10, 20, 60);
        deep.root_depth = 10;
        assert_eq!(decide(Score::cp(0), bar, &deep), Singular::No);
        deep.root_depth = 11;
        assert_eq!(decide(Score::cp(0), bar, &deep), Singular::Extend);
        assert_eq!(excluding_depth(8), 3);
        assert_eq!(excluding_depth(11), 5);
    }
}
