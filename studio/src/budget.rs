//! A node budget for searchers that have none: the reference searchers honour only a depth, so a
//! request such as minimax at depth 12 on chess would run for hours. [`Budgeted`] wraps a game
//! and counts the positions whose moves are generated; past the budget every position becomes a
//! drawn end, so any searcher unwinds within a few nodes, and the search is reported as refused.
//!
//! Until the budget is spent the wrapper changes nothing: every method delegates, the moves are
//! the game's own (same type, same `Debug` text), so the searched tree, its values and its trace
//! are exactly those of the unwrapped game.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use search_core::{Evaluate, Game, MoveList, Outcome, Player, Score, ZobristHash};

/// A game whose positions share one counter of generated positions (see the module docs).
#[derive(Clone, Debug)]
pub struct Budgeted<G> {
    /// The wrapped position.
    pub inner: G,
    counter: Arc<AtomicU64>,
    budget: u64,
}

impl<G> Budgeted<G> {
    /// `root` with a budget of `budget` generated positions, counted from zero.
    pub fn new(root: G, budget: u64) -> Self {
        Budgeted {
            inner: root,
            counter: Arc::new(AtomicU64::new(0)),
            budget,
        }
    }

    /// Whether the budget was spent: a search of this tree is cut short and its result void.
    pub fn is_spent(&self) -> bool {
        self.counter.load(Ordering::Relaxed) > self.budget
    }

    fn wrap(&self, inner: G) -> Self {
        Budgeted {
            inner,
            counter: Arc::clone(&self.counter),
            budget: self.budget,
        }
    }
}

impl<G: Game> Game for Budgeted<G> {
    type Move = G::Move;
    const HAS_CHANCE: bool = G::HAS_CHANCE;

    fn to_move(&self) -> Player {
        self.inner.to_move()
    }

    fn generate_moves(&self, moves: &mut MoveList<G::Move>) {
        self.counter.fetch_add(1, Ordering::Relaxed);
        if !self.is_spent() {
            self.inner.generate_moves(moves);
        }
    }

    fn play(&self, mv: G::Move) -> Self {
        self.wrap(self.inner.play(mv))
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if self.is_spent() {
            Some(Outcome::Draw)
        } else {
            self.inner.outcome(legal_moves)
        }
    }

    fn null_move(&self) -> Option<Self> {
        self.inner.null_move().map(|inner| self.wrap(inner))
    }

    fn is_in_check(&self) -> bool {
        self.inner.is_in_check()
    }

    fn is_noisy(&self, mv: G::Move) -> bool {
        self.inner.is_noisy(mv)
    }

    fn order_hint(&self, mv: G::Move) -> i32 {
        self.inner.order_hint(mv)
    }

    fn history_index(&self, mv: G::Move) -> Option<u16> {
        self.inner.history_index(mv)
    }

    fn continuation_index(&self, mv: G::Move) -> Option<u16> {
        self.inner.continuation_index(mv)
    }

    fn repetition_key(&self) -> Option<u64> {
        self.inner.repetition_key()
    }

    fn static_exchange(&self, mv: G::Move) -> Option<i32> {
        self.inner.static_exchange(mv)
    }

    fn correction_key(&self) -> Option<u64> {
        self.inner.correction_key()
    }

    fn is_chance(&self) -> bool {
        // A spent position has no outcomes: it must not be a chance node.
        !self.is_spent() && self.inner.is_chance()
    }

    fn chance_weight(&self, outcome: G::Move) -> u32 {
        self.inner.chance_weight(outcome)
    }

    fn value_bound(&self) -> Score {
        self.inner.value_bound()
    }
}

impl<G: ZobristHash> ZobristHash for Budgeted<G> {
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    fn move_code(&self, mv: G::Move) -> Option<u32> {
        self.inner.move_code(mv)
    }
}

/// An evaluator of the wrapped game, applied to [`Budgeted`] positions.
#[derive(Clone, Debug)]
pub struct BudgetedEval<E>(pub E);

impl<G: Game, E: Evaluate<G>> Evaluate<Budgeted<G>> for BudgetedEval<E> {
    fn evaluate(&self, game: &Budgeted<G>) -> Score {
        self.0.evaluate(&game.inner)
    }

    fn unit(&self) -> i32 {
        self.0.unit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_tictactoe::{Heuristic, TicTacToe};
    use search_core::reference::Minimax;
    use search_core::{Limits, Searcher};

    #[test]
    fn within_the_budget_the_search_is_the_games_own() {
        let root = TicTacToe::from_moves("5 1").unwrap();
        let plain = Minimax::new(Heuristic).search(&root, &Limits::depth(4));
        let wrapped = Budgeted::new(root, 1_000_000);
        let budgeted = Minimax::new(BudgetedEval(Heuristic)).search(&wrapped, &Limits::depth(4));
        assert!(!wrapped.is_spent());
        assert_eq!(
            (plain.score, plain.best_move, plain.stats.nodes),
            (budgeted.score, budgeted.best_move, budgeted.stats.nodes)
        );
    }

    #[test]
    fn past_the_budget_the_search_unwinds_and_says_so() {
        let wrapped = Budgeted::new(TicTacToe::new(), 1_000);
        let result = Minimax::new(BudgetedEval(Heuristic)).search(&wrapped, &Limits::depth(9));
        assert!(wrapped.is_spent());
        // The full tree has 549 946 nodes; the spent search stops a few nodes past the budget
        // (each open node generates at most one more spent position per remaining move).
        assert!(result.stats.nodes < 1_100, "{} nodes", result.stats.nodes);
    }
}
