//! [`ProofCheck`]: the MCTS-Solver's proofs held to minimax.

use std::fmt::{self, Debug, Display};

use crate::mcts::{Mcts, PlayoutPolicy};
use crate::reference::Minimax;
use crate::{Evaluate, Game, Limits, Reference, Score, Searcher};

/// Holds [`Mcts`]'s solver to the two-sided [`Minimax`], the reference of record, on your
/// positions: for each, a fresh searcher runs until it proves the root (or its iterations run
/// out), and then
///
/// - the proof (win, draw or loss for the side to move) must be minimax's result searched to the
///   end of the game (`depth` must reach every end: a horizon would be valued as a draw);
/// - the score must say the same (a decided win or loss, or a draw);
/// - the move it recommends must be minimax-optimal: its exact value has the root's result.
///
/// A root left unproven is reported too (the check asks for proofs, not estimates).
///
/// ```
/// use search_core::mcts::Mcts;
/// use search_core::testing::ProofCheck;
/// # use search_core::{Game, MoveList, Outcome, Player};
/// # #[derive(Clone, Debug)]
/// # struct Pile { items: u32, to_move: Player }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.items.min(3)) }
/// #     fn play(&self, take: u32) -> Self { Pile { items: self.items - take, to_move: self.to_move.opponent() } }
/// #     fn outcome(&self, legal_moves: usize) -> Option<Outcome> { (legal_moves == 0).then_some(Outcome::Loss) }
/// # }
/// let piles: Vec<Pile> = (0..=12).map(|items| Pile { items, to_move: Player::First }).collect();
/// let report = ProofCheck::new(|| Mcts::new().with_iterations(100_000)).depth(13).run(&piles);
/// report.assert_agree();
/// assert_eq!(report.proven, 13);
/// ```
pub struct ProofCheck<F> {
    make: F,
    depth: u32,
}

/// The outcome of a [`ProofCheck::run`].
#[derive(Clone, Debug, Default)]
pub struct ProofReport {
    /// Positions searched.
    pub positions: usize,
    /// Roots proven.
    pub proven: usize,
    /// Total iterations.
    pub iterations: u64,
    /// Every failure: an unproven root, a wrong proof or score, a move that is not optimal.
    pub failures: Vec<String>,
}

impl ProofReport {
    /// Whether every root was proven right and its move was optimal.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.failures.is_empty()
    }

    /// Panics with the failures, if any.
    ///
    /// # Panics
    ///
    /// If a root was not proven, proven wrong, or its move was not optimal.
    #[track_caller]
    pub fn assert_agree(&self) {
        assert!(self.is_ok(), "{self}");
    }
}

impl Display for ProofReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} positions, {} proven, {} iterations, {} failures",
            self.positions,
            self.proven,
            self.iterations,
            self.failures.len()
        )?;
        for failure in self.failures.iter().take(25) {
            writeln!(f, "  {failure}")?;
        }
        if self.failures.len() > 25 {
            writeln!(f, "  ... and {} more", self.failures.len() - 25)?;
        }
        Ok(())
    }
}

impl<F> ProofCheck<F> {
    /// A check of the searchers `make` builds (one per position), against minimax to depth 100
    /// until [`depth`](Self::depth) says otherwise.
    pub fn new(make: F) -> Self {
        ProofCheck { make, depth: 100 }
    }

    /// Minimax's depth: at least the longest line to the end of the game from every position.
    #[must_use]
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// Runs the check on `positions`.
    pub fn run<'g, G, E, P>(&mut self, positions: impl IntoIterator<Item = &'g G>) -> ProofReport
    where
        G: Game + Debug + 'g,
        E: Evaluate<G> + Clone + Send,
        P: PlayoutPolicy<G> + Clone + Send,
        F: FnMut() -> Mcts<G, E, P>,
    {
        let even = |_: &G| Score::DRAW;
        let mut minimax = Minimax::new(even);
        let mut report = ProofReport::default();
        for position in positions {
            report.positions += 1;
            let mut mcts = (self.make)();
            let result = mcts.search(position, &Limits::default());
            report.iterations += result.stats.iterations;
            let Some(proof) = mcts.root_proof() else {
                report.failures.push(format!(
                    "{position:?}: not proven after {} iterations",
                    result.stats.iterations
                ));
                continue;
            };
            report.proven += 1;
            let proven = proof.sign_for(position.to_move());
            // Minimax once: every root move's exact value; the best of them is the root's (a
            // finished root or a chance root has none: then its own value).
            let values = minimax.root_move_scores(position, self.depth);
            let exact = match values.iter().map(|(_, value)| *value).max() {
                Some(best) => best.raw().signum(),
                None => minimax
                    .search(position, &Limits::depth(self.depth))
                    .score
                    .raw()
                    .signum(),
            };
            if proven != exact {
                report.failures.push(format!(
                    "{position:?}: proven {proof:?}, minimax's result {exact}"
                ));
            }
            if result.score.raw().signum() != proven {
                report.failures.push(format!(
                    "{position:?}: proven {proof:?}, but the score is {}",
                    result.score
                ));
            }
            match (
                result.best_move,
                values.iter().find(|(mv, _)| Some(*mv) == result.best_move),
            ) {
                (None, _) if values.is_empty() => {}
                (None, _) => report.failures.push(format!(
                    "{position:?}: no move recommended, but the game is not over"
                )),
                (Some(best), None) => report
                    .failures
                    .push(format!("{position:?}: {best:?} is not a legal move")),
                (Some(_), Some((_, value))) if value.raw().signum() == exact => {}
                (Some(best), Some((_, value))) => report.failures.push(format!(
                    "{position:?}: the move {best:?} is worth {value}, the position {exact}"
                )),
            }
        }
        report
    }
}
