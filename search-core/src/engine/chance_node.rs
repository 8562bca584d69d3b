//! **Chance nodes** in the engine: the weighted mean of the outcomes, searched with the full
//! window as expectiminimax does, or pruned by Star1's windows and, with Star2, after a probing
//! phase (`features/star.rs` says how, and what it costs; [`crate::chance`] holds the arithmetic).
//!
//! A chance node's result is stored in the transposition table like any node's (a Star2 probe
//! stores only a fail-high, the one bound one move gives), so the search phase finds what the
//! probes learnt.

use super::frame::Node;
use super::tables::key::TableKey;
use super::worker::Worker;
use crate::chance::{ChancePruning, StarWindow, total_weight};
use crate::trace::Cut;
use crate::{Bound, Evaluate, Game, MoveList, Score};

/// One outcome of a chance node, as the search sees it: its weight, and what is known of its
/// value (from the chance node's side).
#[derive(Clone, Copy, Debug)]
struct Outcome<M> {
    outcome: M,
    weight: u32,
    lower: Score,
    upper: Score,
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// The fail-soft value of chance node `game` (outcomes `outcomes`) for its side to move;
    /// `tt_key` is its table key, if there is a table, and `key` its repetition key. At the
    /// horizon, its static value; else after the steps at chance nodes, from the table or
    /// searched.
    pub(crate) fn chance_node(
        &mut self,
        game: &G,
        outcomes: &MoveList<G::Move>,
        node: &Node,
        tt_key: Option<TableKey>,
        key: Option<u64>,
    ) -> Score {
        if node.depth == 0 {
            return self.static_leaf(game);
        }
        let plan = self.plan;
        for step in plan.chance_node_steps() {
            step(self, game, node);
        }
        self.search.trace.chance();
        if let Some(score) = self.probe_table(tt_key, node).score {
            self.search.trace.prune(Cut::TtCutoff, outcomes.iter());
            return self.search.leaf(score);
        }
        self.search.stats.interior_nodes += 1;
        let score = self.chance_value(game, outcomes, node, key);
        if !self.search.aborted {
            let bound = Bound::classify(score, node.alpha, node.beta);
            self.store_table(tt_key, node, bound, score, None);
        }
        score
    }

    /// The fail-soft value of chance node `game`, searched (not from the table): with the full
    /// window (no chance pruning), or by Star1 after Star2's probes.
    fn chance_value(
        &mut self,
        game: &G,
        outcomes: &MoveList<G::Move>,
        node: &Node,
        key: Option<u64>,
    ) -> Score {
        let total = total_weight(game, outcomes);
        let bound = Score::DRAW
            + game
                .value_bound()
                .raw()
                .saturating_abs()
                .min(Score::INFINITY.raw() - 1);
        let mut known: MoveList<Outcome<G::Move>> = MoveList::new();
        known.extend(outcomes.iter().map(|&outcome| Outcome {
            outcome,
            weight: game.chance_weight(outcome),
            lower: -bound,
            upper: bound,
        }));
        let chance = self.plan.settings.chance;
        if chance == Some(ChancePruning::Star2)
            && node.depth >= 2
            && let Some(score) = self.probe_outcomes(game, &mut known, node, key, total)
        {
            return score;
        }
        if chance.is_none() {
            return self.expectimax(game, &known, node, key, total);
        }
        self.star1(game, outcomes, &known, node, key, total)
    }

    /// Expectiminimax's search of a chance node: every outcome with the full window, as the
    /// reference searches it.
    fn expectimax(
        &mut self,
        game: &G,
        known: &[Outcome<G::Move>],
        node: &Node,
        key: Option<u64>,
        total: u64,
    ) -> Score {
        let star = StarWindow::new(node.alpha, node.beta, i128::from(total));
        let mut searched = 0i128;
        for outcome in known {
            let child = game.play(outcome.outcome);
            let flips = child.to_move() != game.to_move();
            let full = (-Score::INFINITY, Score::INFINITY);
            let value = self.outcome_value(&child, flips, outcome, node, full, key, total, false);
            if self.search.aborted {
                return Score::DRAW;
            }
            searched += i128::from(outcome.weight) * i128::from(value.raw());
        }
        star.value(searched)
    }

    /// Star1: every outcome in the window that decides the node given what is `known` of the
    /// outcomes (their bounds, from the probes or `±bound`).
    fn star1(
        &mut self,
        game: &G,
        outcomes: &[G::Move],
        known: &[Outcome<G::Move>],
        node: &Node,
        key: Option<u64>,
        total: u64,
    ) -> Score {
        let star = StarWindow::new(node.alpha, node.beta, i128::from(total));
        let sum = |pick: fn(&Outcome<G::Move>) -> Score| {
            known
                .iter()
                .map(|o| i128::from(o.weight) * i128::from(pick(o).raw()))
                .sum::<i128>()
        };
        let (mut searched, mut low_rest, mut high_rest) = (0i128, sum(|o| o.lower), sum(|o| o.upper));
        for (index, outcome) in known.iter().enumerate() {
            let weight = i128::from(outcome.weight);
            low_rest -= weight * i128::from(outcome.lower.raw());
            high_rest -= weight * i128::from(outcome.upper.raw());
            let (a, b) = star.outcome_window(searched, outcome.weight, (low_rest, high_rest));
            let weighted = |value: Score| weight * i128::from(value.raw());
            // Known beyond the window already (by the probes): no search needed.
            if outcome.upper <= a {
                let score = star.value(searched + weighted(outcome.upper) + high_rest);
                return self.chance_cut(outcomes, index, score);
            }
            if outcome.lower >= b {
                let score = star.value(searched + weighted(outcome.lower) + low_rest);
                return self.chance_cut(outcomes, index, score);
            }
            let child = game.play(outcome.outcome);
            let flips = child.to_move() != game.to_move();
            let window = (a.max(outcome.lower + -1), b.min(outcome.upper + 1));
            let value = self.outcome_value(&child, flips, outcome, node, window, key, total, false);
            if self.search.aborted {
                return Score::DRAW;
            }
            if value <= a {
                return self.chance_cut(
                    outcomes,
                    index + 1,
                    star.value(searched + weighted(value) + high_rest),
                );
            }
            if value >= b {
                return self.chance_cut(
                    outcomes,
                    index + 1,
                    star.value(searched + weighted(value) + low_rest),
                );
            }
            searched += weighted(value);
        }
        star.value(searched)
    }

    /// Star2's probing phase, while the outcomes hand the move to the same player (it stops at
    /// the first that does not): one move of each outcome, in the window that could still cut
    /// the node. A cut's fail-soft value, or `None` with the outcomes' bounds tightened by the
    /// probes.
    fn probe_outcomes(
        &mut self,
        game: &G,
        known: &mut MoveList<Outcome<G::Move>>,
        node: &Node,
        key: Option<u64>,
        total: u64,
    ) -> Option<Score> {
        // A probe bounds its outcome from below for the player who moves there: us (a cut at
        // beta), or the opponent (a cut at alpha). Work from that player's side (the first
        // outcome's mover): the window and the bounds are negated when it is the opponent. The
        // outcomes not probed yet have the symmetric bounds `±bound`, the same from either side,
        // so the probing stays exact when it stops at an outcome of the other mover.
        let flips = game.play(known.first()?.outcome).to_move() != game.to_move();
        let (alpha, beta) = if flips {
            (-node.beta, -node.alpha)
        } else {
            (node.alpha, node.beta)
        };
        let theirs = StarWindow::new(alpha, beta, i128::from(total));
        let lower = |o: &Outcome<G::Move>| if flips { -o.upper } else { o.lower };
        let upper = |o: &Outcome<G::Move>| if flips { -o.lower } else { o.upper };
        let weighted = |o: &Outcome<G::Move>, value: Score| i128::from(o.weight) * i128::from(value.raw());
        for index in 0..known.len() {
            let outcome = known[index];
            let before: i128 = known[..index].iter().map(|o| weighted(o, lower(o))).sum();
            let after_low: i128 = known[index + 1..].iter().map(|o| weighted(o, lower(o))).sum();
            let after_high: i128 = known[index + 1..].iter().map(|o| weighted(o, upper(o))).sum();
            // At or above `cut` the probes cut the node; at or below `hopeless` they cannot, even
            // if every later probe reaches its outcome's upper bound.
            let (_, cut) = theirs.outcome_window(before, outcome.weight, (after_low, 0));
            let (_, reach) = theirs.outcome_window(before, outcome.weight, (after_high, 0));
            let hopeless = (reach + -1).max(lower(&outcome) + -1);
            if hopeless >= cut {
                // The known bounds decide the node already (`cut` at or below this outcome's
                // lower bound): Star1's phase ends it without a search.
                return None;
            }
            let child = game.play(outcome.outcome);
            if (child.to_move() != game.to_move()) != flips {
                return None;
            }
            // From the mover's side: the window as it is, the value not negated.
            let value = self.outcome_value(&child, false, &outcome, node, (hopeless, cut), key, total, true);
            if self.search.aborted {
                return Some(Score::DRAW);
            }
            if value <= hopeless {
                // No bound above what was known, and no later probe can cut (the outcome's known
                // lower bound is `-bound`, below every value, so `hopeless` is `reach - 1`).
                return None;
            }
            let value = value.max(lower(&outcome));
            if flips {
                known[index].upper = -value;
            } else {
                known[index].lower = value;
            }
            if value >= cut {
                self.search.stats.chance_cutoffs += 1;
                self.search.trace.cut(Cut::ProbeCutoff);
                let score = theirs.value(before + weighted(&outcome, value) + after_low);
                return Some(if flips { -score } else { score });
            }
        }
        None
    }

    /// The value of `outcome` (position `child`) from the chance node's side (negated when it
    /// `flips` the side to move), searched one ply shallower in `window` (`probe`: only its
    /// first move, from its mover's side, `flips` false).
    #[allow(clippy::too_many_arguments)]
    fn outcome_value(
        &mut self,
        child: &G,
        flips: bool,
        outcome: &Outcome<G::Move>,
        node: &Node,
        (alpha, beta): (Score, Score),
        key: Option<u64>,
        total: u64,
        probe: bool,
    ) -> Score {
        self.search.stats.children += 1;
        self.search.trace.outcome(&outcome.outcome, outcome.weight, total);
        let chain = node.child_chain(false);
        let mut child_node = if flips {
            node.child(node.depth - 1, -beta, -alpha, chain)
        } else {
            node.child(node.depth - 1, alpha, beta, chain)
        };
        child_node.probe = probe;
        // Nature's move: nothing for a counter move (`features/counter.rs`) to answer.
        if self.plan.needs.line_moves {
            self.search.counters.played(node.ply + 1, None);
        }
        let value = self.search_child(child, child_node, key);
        if flips { -value } else { value }
    }

    /// A chance node cut by Star1 after `searched` of its `outcomes`, worth `score`.
    fn chance_cut(&mut self, outcomes: &[G::Move], searched: usize, score: Score) -> Score {
        self.search.stats.chance_cutoffs += 1;
        self.search
            .trace
            .prune(Cut::ChanceCutoff, &outcomes[searched.min(outcomes.len())..]);
        score
    }
}
