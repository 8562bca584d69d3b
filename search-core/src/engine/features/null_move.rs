//! **Null-move pruning** (the null-move observation: Beal 1989, "Experiments with the null move";
//! adaptive reduction: Heinz 1999, "Adaptive null-move pruning"; verification: David-Tabibi &
//! Netanyahu 2002, "Verified null-move pruning"): let the side to move pass; if a reduced search
//! of the position after the pass still fails high, a real move would too, so the node is cut
//! without searching its moves.
//!
//! - **Idea.** In almost every position some move is better than passing (the *null-move
//!   observation*). So if even a pass, searched `R` plies shallower with a null window at beta,
//!   scores `>= beta`, the position is almost certainly `>= beta`: a cutoff for the price of a
//!   small search.
//! - **Conditions.** Never in check (passing would be illegal in chess), never twice in a row,
//!   never at the root (it must return a move), never against a mate-score beta (a pass proves
//!   nothing about mates), and only where the game offers a null move ([`Game::null_move`]
//!   returns `Some`); verified null move also needs two plies to the horizon. With the
//!   evaluation guard ([`NullMoveConfig::eval_guard`](NullMoveConfig::eval_guard),
//!   as most engines do it) only where the static evaluation is at least beta: below it a pass
//!   rarely fails high, and the reduced search would be spent for nothing (in the chess
//!   defaults since 2026-12-06 (0.3.0), with the chess plugin's zugzwang guard, which refuses a pass to a
//!   side with only king and pawns: +32 Elo [+10, +53] over 607 games of self-play; the book's
//!   strength page).
//! - **Reduction.** The null search goes `depth - 1 - R` plies: a fixed `R` of 1, 2 or 3 (the
//!   thesis's three versions; it found `R = 2` best, fewest nodes and fastest, in line with
//!   Heinz), or adaptive (Heinz 1999, ICCA Journal 22(3)): `R = 3` above [`ADAPTIVE_R_DEPTH`],
//!   `R = 2` below, or **scaled** with the depth, `R = 3 + depth / 3`, the deeper reductions of
//!   the modern engines (Stockfish since about 2010 and Ethereal reduce by about a quarter to a
//!   third of the depth plus three or four plies, and more when the static value is far above
//!   beta; Chess Programming Wiki, "Null Move Pruning", "Depth Reduction R"): at 9 plies from
//!   the horizon the pass is searched 2 plies deep where adaptive searches it 5, and at 6 plies
//!   or fewer it goes straight to the horizon (quiescence, if on). With the **evaluation term**
//!   (`null-eval=divisor`, Ethereal's form, Stockfish's alike), whichever the base: `R` grows
//!   by a ply per `divisor` centipawns (on the evaluation's scale) that the static value stands
//!   above beta, by at most [`MAX_NULL_EVAL_PLIES`]: where the side to move is far ahead, the
//!   pass is checked more cheaply. The term never sends the pass to the horizon: its plies are
//!   taken from `depth - 1 - R` down to one ply at least, so only the depth reduction itself
//!   may leave the pass to quiescence (a static value far above beta is exactly where a
//!   quiescence search alone misses the threat the pass gives the opponent: in chess, Win At
//!   Chess at 1 s a position 287 of 300 with the floor, 281 without it, and even in self-play,
//!   +3 Elo [−13, +20] and +6 [−11, +23] in two tests of 900 games; the strength
//!   record of 2026-12-02). In chess self-play, scaled with
//!   `null-guard` (and no evaluation term) lost to the chess defaults' adaptive `R` (−20 Elo
//!   [−43, +3] over 491 games; the book's strength page): it reduces as much where the static
//!   value is just above beta as where it is far above.
//! - **Verified null move** (David-Tabibi & Netanyahu 2002, ICGA Journal 25(3)): where
//!   verification is on, a null-move fail-high does not cut; the node is searched one ply
//!   shallower with verification off in its subtree (where null moves cut plainly), and if that
//!   search does not fail high after all (a zugzwang), it is searched again at the full depth.
//!   The null search itself is a block of the node function (`node.rs`); this file decides
//!   where it is tried, how deep, and what its result means.
//! - **Invariant.** A cutoff returns a lower bound `>= beta`: the null search's fail-soft value,
//!   or beta itself if that value is a mate score (a mate score found after a pass is no
//!   proven mate here).
//!   The position after the pass is searched with the null window `(beta - 1, beta)` and is a
//!   barrier on the repetition line (`None`): no repetition is detected across it. Its child
//!   nodes know they follow a null move ([`Node::after_null`]), so no two passes are consecutive.
//! - **Exact or value-changing.** Value-changing: the observation is false in zugzwang, and the
//!   reduced search sees less. Verification guards against zugzwang, within what its shallower
//!   search can see. Off in the exact preset.
//! - **Cost.** One reduced null-window search per eligible node (counted in `null_move_tries`),
//!   plus, when verified, the shallower search of the node and in zugzwang a full re-search;
//!   the saving is the whole subtree of every node it cuts (`null_move_cutoffs`).

use crate::engine::feature::{Feature, Kind, Value, choice, flag, no_alias, number, value_changing};
use crate::engine::frame::Node;
use crate::Score;
use crate::engine::frame::{Facts, child_is_cut};
use crate::engine::worker::{Plan, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game};

/// The null-move depth reduction `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NullReduction {
    /// The same `R` everywhere (the thesis compares 1, 2 and 3; 2 is the classic choice). The
    /// text form accepts `r1` to `r9`.
    Fixed(u32),
    /// Heinz's adaptive null-move pruning, generic form: `R = 3` when more than
    /// [`ADAPTIVE_R_DEPTH`] plies remain, `R = 2` nearer the horizon. (Heinz also keeps `R = 2`
    /// up to depth 8 when both sides have little material; that needs a game-specific material
    /// measure the [`Game`](crate::Game) trait does not have.)
    Adaptive,
    /// `R = 3 + depth / 3`, growing with the plies left: 4 at depths 3 to 5, 5 at 6 to 8, 6 at
    /// 9 to 11, and so on (the modern engines' depth term; they add an evaluation term too).
    Scaled,
}

/// Adaptive null move uses `R = 3` above this depth (Heinz 1999).
pub const ADAPTIVE_R_DEPTH: u32 = 6;

/// The most plies the evaluation term (`null-eval`) adds to `R` (Stockfish's and Ethereal's
/// bound).
pub const MAX_NULL_EVAL_PLIES: u32 = 3;

/// The divisor `null-eval` alone gives: a ply per 200 centipawns above beta (Ethereal's).
pub const DEFAULT_NULL_EVAL_DIVISOR: u32 = 200;

/// The largest fixed null-move reduction the text form accepts.
pub const MAX_NULL_REDUCTION: u32 = 9;

/// Null-move pruning's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NullMoveConfig {
    /// The depth reduction.
    pub reduction: NullReduction,
    /// Verified null-move pruning (David-Tabibi & Netanyahu 2002) instead of plain cutoffs.
    pub verified: bool,
    /// Null move only where the static evaluation is at least beta.
    pub eval_guard: bool,
    /// The evaluation term (`null-eval`): `R` grows by a ply per this many centipawns (on the
    /// evaluation's scale) of the static value above beta, by at most
    /// [`MAX_NULL_EVAL_PLIES`], but never down to the horizon (a ply is left where `R` alone
    /// leaves one); `None`, not at all.
    pub eval_divisor: Option<u32>,
}

impl NullMoveConfig {
    /// Plain null-move pruning with `reduction`.
    #[must_use]
    pub const fn new(reduction: NullReduction) -> Self {
        NullMoveConfig {
            reduction,
            verified: false,
            eval_guard: false,
            eval_divisor: None,
        }
    }

    /// Whether `node` (its side to move `in_check` or not, its static value `static_eval` if
    /// known) may try a null move: see the module documentation's **Conditions** (the game's
    /// own say, [`Game::null_move`](crate::Game::null_move), comes after).
    pub(super) fn applies(&self, node: &Node, in_check: bool, static_eval: Option<Score>) -> bool {
        // The guard: below beta, passing rarely fails high.
        if self.eval_guard && static_eval.is_none_or(|eval| eval < node.beta) {
            return false;
        }
        !(node.ply == 0
            || in_check
            || node.after_null
            || node.beta.raw().abs() >= Score::MAX_EVAL.raw()
            || (self.verifies(node) && node.depth < 2))
    }

    /// Whether a fail-high at `node` is verified rather than cut.
    fn verifies(&self, node: &Node) -> bool {
        self.verified && node.verify
    }

    /// The depth of the null-window search after the pass at a node `depth` plies from the
    /// horizon, its static value `surplus` above beta (on the evaluation's scale, `0` if
    /// unknown) with the evaluation term's `divisor` on that scale: `depth - 1 - R`, less the
    /// evaluation term's plies down to one ply at least (only `R` may reach the horizon).
    pub(super) fn null_search_depth(&self, depth: u32, surplus: i32, divisor: i32) -> u32 {
        let r = match self.reduction {
            NullReduction::Fixed(r) => r.clamp(1, MAX_NULL_REDUCTION),
            NullReduction::Adaptive if depth > ADAPTIVE_R_DEPTH => 3,
            NullReduction::Adaptive => 2,
            NullReduction::Scaled => 3 + depth / 3,
        };
        let eval_plies = match self.eval_divisor {
            Some(_) => (surplus / divisor.max(1)).clamp(0, MAX_NULL_EVAL_PLIES as i32) as u32,
            None => 0,
        };
        // The evaluation term reduces the pass's search, but never to the horizon: only the
        // depth reduction itself may send it there (into quiescence, if on).
        let base = depth.saturating_sub(1 + r);
        if base == 0 {
            0
        } else {
            base.saturating_sub(eval_plies).max(1)
        }
    }

    /// What the null search's value `score` (from the node's side) decides at `node`.
    pub(super) fn decide(&self, node: &Node, score: Score) -> NullMoveResult {
        if score < node.beta {
            NullMoveResult::Failed
        } else if self.verifies(node) {
            NullMoveResult::Verify
        } else {
            NullMoveResult::Cutoff(if score.is_mate() { node.beta } else { score })
        }
    }
}

/// What the null-move search decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NullMoveResult {
    /// Not eligible here.
    NotTried,
    /// Tried; it did not fail high: search the moves.
    Failed,
    /// Tried and failed high: the node's value.
    Cutoff(Score),
    /// Tried and failed high in a verified node: search on one ply shallower.
    Verify,
}

/// `r1` ... `r9`.
fn parse_null_reduction(text: &str) -> Option<u32> {
    let r: u32 = text.strip_prefix(['r', 'R'])?.parse().ok()?;
    (1..=MAX_NULL_REDUCTION).contains(&r).then_some(r)
}

/// The name of the fixed reduction `r` (clamped into 1..=9).
fn reduction_name(r: u32) -> &'static str {
    const NAMES: [&str; MAX_NULL_REDUCTION as usize] = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"];
    NAMES[r.clamp(1, MAX_NULL_REDUCTION) as usize - 1]
}

/// The part, to edit (a sub-option's parent is on when its row sets it).
fn null_move(part: &mut Option<NullMoveConfig>) -> &mut NullMoveConfig {
    part.get_or_insert(NullMoveConfig::new(NullReduction::Fixed(2)))
}

/// The `null` feature: [`Config::null_move`](super::Config::null_move) and its reduction.
pub(super) const NULL_MOVE: Feature<Option<NullMoveConfig>> = Feature {
    name: "null",
    option: "Null Move",
    summary: "null-move pruning: R = 1 to 9 (r1-r9), adaptive (R = 3 above depth 6, else 2) or scaled (R = 3 + depth/3)",
    kind: Kind::Choice(&["r2", "r1", "r3", "adaptive", "scaled"]),
    parent: None,
    implied: false,
    get: |part| {
        part.map(|n| match n.reduction {
            NullReduction::Adaptive => Value::Choice("adaptive"),
            NullReduction::Scaled => Value::Choice("scaled"),
            NullReduction::Fixed(r) => Value::Choice(reduction_name(r)),
        })
    },
    set: |part, value| {
        match choice(value) {
            None => *part = None,
            Some(name) => {
                null_move(part).reduction = match name {
                    "adaptive" => NullReduction::Adaptive,
                    "scaled" => NullReduction::Scaled,
                    r => NullReduction::Fixed(parse_null_reduction(r).unwrap_or(2)),
                }
            }
        }
        Ok(())
    },
    effect: value_changing,
    // The fixed reductions beyond the listed ones: r4 ... r9.
    alias: |text| parse_null_reduction(text).map(reduction_name),
};

/// The `verified` feature: [`NullMoveConfig::verified`].
pub(super) const VERIFIED: Feature<Option<NullMoveConfig>> = Feature {
    name: "verified",
    option: "Verified Null Move",
    summary: "verified null-move pruning: a fail-high searched on one ply shallower",
    kind: Kind::Flag,
    parent: Some("null"),
    implied: false,
    get: |part| part.and_then(|n| flag(n.verified)),
    set: |part, value| {
        null_move(part).verified = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `null-guard` feature: [`NullMoveConfig::eval_guard`].
pub(super) const GUARD: Feature<Option<NullMoveConfig>> = Feature {
    name: "null-guard",
    option: "Null Move Guard",
    summary: "null move only where the static value is at least beta",
    kind: Kind::Flag,
    parent: Some("null"),
    implied: false,
    get: |part| part.and_then(|n| flag(n.eval_guard)),
    set: |part, value| {
        null_move(part).eval_guard = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `null-eval` feature: [`NullMoveConfig::eval_divisor`].
pub(super) const EVAL_TERM: Feature<Option<NullMoveConfig>> = Feature {
    name: "null-eval",
    option: "Null Move Eval",
    summary: "null move's R grows a ply per divisor of the static value above beta (at most 3)",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_NULL_EVAL_DIVISOR as i64,
    },
    parent: Some("null"),
    implied: false,
    get: |part| part.and_then(|n| n.eval_divisor.map(|d| Value::Number(i64::from(d)))),
    set: |part, value| {
        null_move(part).eval_divisor = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// Its rank before the moves (`worker.rs`'s phase table): after razoring, before ProbCut.
const RANK: u32 = 80;

/// Null move's part of the plan: before the moves, the position after a pass searched with the
/// null window at beta; a fail-high cuts the node, or in a verified node has its moves searched
/// a ply shallower first.
pub(super) fn plan<G: Game, E: Evaluate<G>>(part: &Option<NullMoveConfig>, plan: &mut Plan<'_, G, E>) {
    let Some(null_move) = *part else {
        return;
    };
    plan.needs.check = true;
    plan.needs.static_value |= null_move.eval_guard || null_move.eval_divisor.is_some();
    let divisor = null_move
        .eval_divisor
        .map_or(1, |divisor| plan.scaled(divisor as i32));
    plan.before_moves(RANK, move |worker, game, node, _, facts| {
        match search(worker, game, node, facts, null_move, divisor) {
            NullMoveResult::Cutoff(score) => Some((score, Cut::NullMove)),
            NullMoveResult::Verify => {
                facts.verify = true;
                None
            }
            NullMoveResult::NotTried | NullMoveResult::Failed => None,
        }
    });
}

/// The null-move search of `node` (position `game`): the position after the pass, searched `R`
/// plies shallower with the null window at beta (`divisor`: the evaluation term's, on the
/// evaluation's scale).
fn search<G: Game, E: Evaluate<G>>(
    worker: &mut Worker<'_, G, E>,
    game: &G,
    node: &Node,
    facts: &Facts<G::Move>,
    null_move: NullMoveConfig,
    divisor: i32,
) -> NullMoveResult {
    let static_eval = facts.pruning_value();
    if !null_move.applies(node, facts.in_check, static_eval) {
        return NullMoveResult::NotTried;
    }
    let Some(passed) = game.null_move() else {
        return NullMoveResult::NotTried;
    };
    worker.search.stats.null_move_tries += 1;
    let surplus = static_eval.map_or(0, |eval| eval.raw().saturating_sub(node.beta.raw()));
    let depth = null_move.null_search_depth(node.depth, surplus, divisor);
    let child = Node {
        after_null: true,
        chain: None,
        cut: child_is_cut(node.cut, true, false),
        ..node.child(depth, -node.beta, -node.beta + 1, None)
    };
    // `None` on the line: repetitions are not detected across a null move, and there is no
    // move to counter after it.
    worker.search.trace.null_child();
    if worker.plan.needs.line_moves {
        worker.search.counters.played(node.ply + 1, None);
    }
    let score = -worker.search_child(&passed, child, None);
    if worker.search.aborted {
        return NullMoveResult::Failed;
    }
    let result = null_move.decide(node, score);
    if let NullMoveResult::Cutoff(_) = result {
        worker.search.stats.null_move_cutoffs += 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reduction_gives_its_null_search_depth() {
        // (reduction, [null search depth at depths 0..=12])
        let cases = [
            (NullReduction::Fixed(1), [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
            (NullReduction::Fixed(2), [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            (NullReduction::Fixed(3), [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]),
            (NullReduction::Adaptive, [0, 0, 0, 0, 1, 2, 3, 3, 4, 5, 6, 7, 8]),
            (NullReduction::Scaled, [0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 4, 4]),
        ];
        for (reduction, expected) in cases {
            let null_move = NullMoveConfig::new(reduction);
            let depths: Vec<u32> = (0..=12)
                .map(|depth| null_move.null_search_depth(depth, 1000, 200))
                .collect();
            assert_eq!(depths, expected, "{reduction:?}");
        }
    }

    #[test]
    fn the_evaluation_term_adds_a_ply_per_divisor_above_beta_up_to_three() {
        let null_move = NullMoveConfig {
            eval_divisor: Some(200),
            ..NullMoveConfig::new(NullReduction::Adaptive)
        };
        // (surplus over beta, null search depth at depth 12: adaptive R = 3, then the term)
        let cases = [
            (-500, 8),
            (0, 8),
            (199, 8),
            (200, 7),
            (450, 6),
            (600, 5),
            (5000, 5),
        ];
        for (surplus, expected) in cases {
            assert_eq!(
                null_move.null_search_depth(12, surplus, 200),
                expected,
                "{surplus}"
            );
        }
        // On the evaluation's scale: the same surplus against a divisor scaled up is worth less.
        assert_eq!(null_move.null_search_depth(12, 450, 400), 7);
    }

    #[test]
    fn the_evaluation_term_never_sends_the_pass_to_the_horizon() {
        let null_move = NullMoveConfig {
            eval_divisor: Some(200),
            ..NullMoveConfig::new(NullReduction::Adaptive)
        };
        // Far above beta (the term's full three plies): the null search depth at depths 0..=12.
        // Adaptive R alone reaches the horizon up to depth 3; the term stops at one ply above it.
        let depths: Vec<u32> = (0..=12)
            .map(|depth| null_move.null_search_depth(depth, 5000, 200))
            .collect();
        assert_eq!(depths, [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 4, 5]);
        // Just above beta the term adds nothing: the depth reduction's own depths.
        let depths: Vec<u32> = (0..=12)
            .map(|depth| null_move.null_search_depth(depth, 0, 200))
            .collect();
        assert_eq!(depths, [0, 0, 0, 0, 1, 2, 3, 3, 4, 5, 6, 7, 8]);
    }
}
