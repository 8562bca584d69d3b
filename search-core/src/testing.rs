//! The cross-checking harness: the project's promise that an optimised searcher returns what plain
//! minimax returns, checked on your own game.
//!
//! Give [`CrossCheck`] a [`Reference`] searcher (the oracle), the searchers to check, depths and
//! positions. For every position and depth it asks the reference for the exact value of every
//! root move, then runs each searcher and records every [`Disagreement`]:
//!
//! - **exact searchers** ([`searcher`](CrossCheck::searcher)) must return the reference's value,
//!   and a best move whose exact value is that value (any of several tied best moves is accepted);
//! - **value-changing searchers** ([`value_changing`](CrossCheck::value_changing): forward pruning
//!   such as null move or LMR) are not held to the value, only to the invariants: a legal best
//!   move whenever one exists, none when the root is finished, a score that is a possible value;
//! - for both, the principal variation must be a legal line that starts with the best move.
//!
//! Path-dependent rules (repetition draws) make a position's value depend on how it was reached:
//! switch them off in games you cross-check.
//!
//! - **Source.** The Fiacco report in the project's papers: every engine checked against plain
//!   minimax on the same positions before it is trusted, the simple one being the easy one to
//!   get right.
//! - **Invariant.** What is checked is the list above, for every position, depth and searcher;
//!   each failure is a [`Disagreement`] naming all three, and a run never stops at the first.
//! - **Cost.** Per position and depth: the reference's value of every root move (a full search
//!   of each root subtree), one reference search, and one search per checked searcher. With
//!   [`Minimax`](crate::reference::Minimax) as the reference that is `b^d` leaves twice over:
//!   keep the depths small.
//!
//! ```
//! use search_core::reference::{AlphaBeta, Minimax, Negamax};
//! use search_core::random_tree::{RandomTree, TreeValue};
//! use search_core::testing::CrossCheck;
//!
//! let trees: Vec<RandomTree> = (0..20).map(|seed| RandomTree::new(seed, 3, 4).with_leaf_values(3)).collect();
//! let report = CrossCheck::new(Minimax::new(TreeValue))
//!     .searcher(Negamax::new(TreeValue))
//!     .searcher(AlphaBeta::new(TreeValue))
//!     .depths(1..=4)
//!     .run(&trees);
//! report.assert_agree();
//! assert_eq!(report.checks, 20 * 4 * 2);
//! ```

use std::fmt::{self, Debug, Display};

use crate::engine::Engine;
pub use crate::engine::{EXACT_COMBINATIONS, exact_configurations};
use crate::{Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, Searcher, ZobristHash};

/// Every combination of the engine's exact features as engines, one per configuration of
/// [`exact_configurations`] ([`EXACT_COMBINATIONS`] of them). Each engine with a table
/// allocates it (1 MiB) here: for a long list, build the engines from
/// [`exact_configurations`] as they are needed instead.
///
/// ```
/// use search_core::random_tree::{RandomTree, TreeValue};
/// use search_core::reference::Minimax;
/// use search_core::testing::{CrossCheck, EXACT_COMBINATIONS, exact_engine_combinations};
///
/// let engines = exact_engine_combinations::<RandomTree, _>(TreeValue, 5);
/// assert_eq!(engines.len(), EXACT_COMBINATIONS);
/// let mut check = CrossCheck::new(Minimax::new(TreeValue)).depths(1..=3);
/// for engine in engines.into_iter().take(24) {
///     check = check.searcher(engine);
/// }
/// check.run(&[RandomTree::new(7, 3, 3)]).assert_agree();
/// ```
#[must_use]
pub fn exact_engine_combinations<G, E>(evaluator: E, aspiration_window: i32) -> Vec<Engine<G, E>>
where
    G: Game + ZobristHash,
    E: Evaluate<G> + Clone,
{
    exact_configurations(aspiration_window)
        .into_iter()
        .map(|config| Engine::with_config(evaluator.clone(), config))
        .collect()
}

/// A configured cross-check: a reference, searchers, depths. See the [module documentation](self).
pub struct CrossCheck<'s, G: Game> {
    reference: Box<dyn Reference<G> + 's>,
    searchers: Vec<(Box<dyn Searcher<G> + 's>, Expectation)>,
    depths: Vec<u32>,
}

/// What a checked searcher is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The reference's value and a tied-best move.
    Exact,
    /// Only the invariants (legal move, legal PV, a possible score).
    Invariants,
}

/// One way a searcher disagreed with the reference or broke an invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisagreementKind<M> {
    /// The root value differs from the reference's.
    Value {
        /// The reference's value.
        expected: Score,
        /// The searcher's value.
        got: Score,
    },
    /// The best move is legal but not among the reference's best moves.
    NotBest {
        /// The searcher's move.
        mv: M,
        /// That move's exact value according to the reference.
        its_value: Score,
        /// The best value.
        best_value: Score,
    },
    /// The root has legal moves but the searcher returned none.
    MissingMove,
    /// The root is finished (or depth is 0) but the searcher returned a move.
    UnexpectedMove(M),
    /// The best move is not a legal move of the root.
    IllegalMove(M),
    /// The principal variation does not start with the best move, or contains an illegal move
    /// (at the given index).
    BadPv {
        /// The index of the first offending move in the PV.
        index: usize,
        /// The principal variation returned.
        pv: Vec<M>,
    },
    /// The score is not a possible value (beyond a mate score).
    ImpossibleScore(Score),
}

/// A disagreement, with the searcher, position and depth that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement<M> {
    /// The searcher's [`name`](Searcher::name).
    pub searcher: String,
    /// The position's label.
    pub position: String,
    /// The search depth.
    pub depth: u32,
    /// What went wrong.
    pub kind: DisagreementKind<M>,
}

impl<M: Debug> Display for Disagreement<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} on {} at depth {}: {}",
            self.searcher, self.position, self.depth, self.kind
        )
    }
}

impl<M: Debug> Display for DisagreementKind<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DisagreementKind::Value { expected, got } => {
                write!(f, "value {got}, the reference says {expected}")
            }
            DisagreementKind::NotBest {
                mv,
                its_value,
                best_value,
            } => {
                write!(
                    f,
                    "best move {mv:?} is worth {its_value}, the best is {best_value}"
                )
            }
            DisagreementKind::MissingMove => write!(f, "no best move, but the root has legal moves"),
            DisagreementKind::UnexpectedMove(mv) => {
                write!(f, "returned move {mv:?} for a finished root or depth 0")
            }
            DisagreementKind::IllegalMove(mv) => write!(f, "best move {mv:?} is not legal"),
            DisagreementKind::BadPv { index, pv } => {
                write!(f, "principal variation {pv:?} goes wrong at move {index}")
            }
            DisagreementKind::ImpossibleScore(score) => write!(f, "impossible score {score:?}"),
        }
    }
}

/// The outcome of a [`CrossCheck::run`].
#[derive(Clone, Debug)]
pub struct CrossCheckReport<M> {
    /// Searches checked (positions × depths × searchers).
    pub checks: usize,
    /// Every disagreement found, in the order found.
    pub disagreements: Vec<Disagreement<M>>,
    /// Total nodes per searcher (by name, in the order added), the reference first.
    pub nodes: Vec<(String, u64)>,
}

impl<M: Debug> CrossCheckReport<M> {
    /// Whether every searcher agreed.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.disagreements.is_empty()
    }

    /// Panics with a readable list of the disagreements, if there are any.
    ///
    /// # Panics
    ///
    /// If any searcher disagreed with the reference or broke an invariant.
    #[track_caller]
    pub fn assert_agree(&self) {
        assert!(self.is_ok(), "{self}");
    }
}

impl<M: Debug> Display for CrossCheckReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 25;
        writeln!(
            f,
            "{} checks, {} disagreements",
            self.checks,
            self.disagreements.len()
        )?;
        for disagreement in self.disagreements.iter().take(SHOWN) {
            writeln!(f, "  {disagreement}")?;
        }
        if self.disagreements.len() > SHOWN {
            writeln!(f, "  ... and {} more", self.disagreements.len() - SHOWN)?;
        }
        for (name, nodes) in &self.nodes {
            writeln!(f, "  {name}: {nodes} nodes")?;
        }
        Ok(())
    }
}

impl<'s, G: Game> CrossCheck<'s, G> {
    /// A cross-check against `reference` (usually [`Minimax`](crate::reference::Minimax) or
    /// [`Negamax`](crate::reference::Negamax)), at depth 1 until [`depths`](Self::depths) says
    /// otherwise.
    pub fn new(reference: impl Reference<G> + 's) -> Self {
        CrossCheck {
            reference: Box::new(reference),
            searchers: Vec::new(),
            depths: vec![1],
        }
    }

    /// Adds a searcher that must return the reference's value and one of its best moves.
    #[must_use]
    pub fn searcher(mut self, searcher: impl Searcher<G> + 's) -> Self {
        self.searchers.push((Box::new(searcher), Expectation::Exact));
        self
    }

    /// Adds a searcher whose features may change the value (forward pruning): only its
    /// invariants are checked.
    #[must_use]
    pub fn value_changing(mut self, searcher: impl Searcher<G> + 's) -> Self {
        self.searchers.push((Box::new(searcher), Expectation::Invariants));
        self
    }

    /// The depths to check each position at.
    #[must_use]
    pub fn depths(mut self, depths: impl IntoIterator<Item = u32>) -> Self {
        self.depths = depths.into_iter().collect();
        self
    }

    /// Checks every position (labelled by its index, `#0`, `#1`, ...) at every depth.
    pub fn run<'g>(&mut self, positions: impl IntoIterator<Item = &'g G>) -> CrossCheckReport<G::Move>
    where
        G: 'g,
    {
        self.run_labelled(
            positions
                .into_iter()
                .enumerate()
                .map(|(index, game)| (format!("#{index}"), game)),
        )
    }

    /// Checks every labelled position at every depth.
    pub fn run_labelled<'g, L: Display>(
        &mut self,
        positions: impl IntoIterator<Item = (L, &'g G)>,
    ) -> CrossCheckReport<G::Move>
    where
        G: 'g,
    {
        let mut report = CrossCheckReport {
            checks: 0,
            disagreements: Vec::new(),
            nodes: std::iter::once(self.reference.name().to_string())
                .chain(
                    self.searchers
                        .iter()
                        .map(|(searcher, _)| searcher.name().to_string()),
                )
                .map(|name| (name, 0))
                .collect(),
        };
        for (label, root) in positions {
            let label = label.to_string();
            for depth in self.depths.clone() {
                self.check_position(&label, root, depth, &mut report);
            }
        }
        report
    }

    fn check_position(&mut self, label: &str, root: &G, depth: u32, report: &mut CrossCheckReport<G::Move>) {
        let limits = Limits::depth(depth);
        let root_scores = self.reference.root_move_scores(root, depth);
        let reference = self.reference.search(root, &limits);
        report.nodes[0].1 += reference.stats.nodes;
        let best_value = root_scores.iter().map(|&(_, score)| score).max();
        let expected = best_value.unwrap_or(reference.score);
        let mut values = |mv: Option<G::Move>| match mv {
            None => Some(expected),
            Some(mv) => root_scores
                .iter()
                .find(|&&(m, _)| m == mv)
                .map(|&(_, score)| score),
        };

        for (index, (searcher, expectation)) in self.searchers.iter_mut().enumerate() {
            let result = searcher.search(root, &limits);
            report.checks += 1;
            report.nodes[index + 1].1 += result.stats.nodes;
            let mut found = |kind| {
                report.disagreements.push(Disagreement {
                    searcher: searcher.name().to_string(),
                    position: label.to_string(),
                    depth,
                    kind,
                });
            };
            // Every legal move has a reference value: the judgement always completes.
            for kind in judge(root, depth, &result, *expectation, &mut values).unwrap_or_default() {
                found(kind);
            }
        }
    }
}

/// Everything wrong with `result`, a search of `root` to `depth`, held to `expectation`: the one
/// judgement of the project, used by [`CrossCheck`] and by the lab. `reference` gives the
/// reference's value of the root (`None`) and of a root move (`Some(mv)`, from the root's side
/// and distance, as [`Reference::root_move_scores`] gives it); it is asked only what the
/// judgement needs (the root, then the best move), and answering `None` means it could not
/// (a stopped run): the judgement is then `None`.
///
/// Checked: a possible score; for an exact searcher, the reference's value and a best move worth
/// it; a legal best move whenever the root is not finished and the depth not 0, none otherwise; a principal
/// variation that is a legal line starting with the best move.
///
/// ```
/// use search_core::random_tree::{RandomTree, TreeValue};
/// use search_core::reference::{AlphaBeta, Minimax};
/// use search_core::testing::{Expectation, judge};
/// use search_core::{Limits, Reference, Searcher};
///
/// let tree = RandomTree::new(3, 3, 3);
/// let scores = Minimax::new(TreeValue).root_move_scores(&tree, 3);
/// let best = scores.iter().map(|&(_, score)| score).max();
/// let result = AlphaBeta::new(TreeValue).search(&tree, &Limits::depth(3));
/// let mut reference = |mv: Option<u32>| match mv {
///     None => best,
///     Some(mv) => scores.iter().find(|&&(m, _)| m == mv).map(|&(_, score)| score),
/// };
/// assert_eq!(judge(&tree, 3, &result, Expectation::Exact, &mut reference), Some(vec![]));
/// ```
pub fn judge<G: Game>(
    root: &G,
    depth: u32,
    result: &SearchResult<G::Move>,
    expectation: Expectation,
    reference: &mut dyn FnMut(Option<G::Move>) -> Option<Score>,
) -> Option<Vec<DisagreementKind<G::Move>>> {
    let mut legal = MoveList::new();
    root.generate_moves(&mut legal);
    let no_move = depth == 0 || legal.is_empty() || root.outcome(legal.len()).is_some();
    let exact = expectation == Expectation::Exact;
    let mut wrong = Vec::new();
    if result.score.raw().abs() > Score::MATE.raw() {
        wrong.push(DisagreementKind::ImpossibleScore(result.score));
    }
    let expected = if exact { Some(reference(None)?) } else { None };
    if let Some(expected) = expected
        && result.score != expected
    {
        wrong.push(DisagreementKind::Value {
            expected,
            got: result.score,
        });
    }
    match (result.best_move, no_move) {
        (None, false) => wrong.push(DisagreementKind::MissingMove),
        (Some(mv), true) => wrong.push(DisagreementKind::UnexpectedMove(mv)),
        (Some(mv), false) if !legal.contains(&mv) => wrong.push(DisagreementKind::IllegalMove(mv)),
        (Some(mv), false) => {
            if let Some(expected) = expected {
                let its_value = reference(Some(mv))?;
                if its_value != expected {
                    wrong.push(DisagreementKind::NotBest {
                        mv,
                        its_value,
                        best_value: expected,
                    });
                }
            }
        }
        (None, true) => {}
    }
    if let Some(index) = first_bad_pv_move(root, result) {
        wrong.push(DisagreementKind::BadPv {
            index,
            pv: result.pv.clone(),
        });
    }
    Some(wrong)
}

/// The index of the first move of the PV that is illegal, or that is not the best move (index 0).
fn first_bad_pv_move<G: Game>(root: &G, result: &SearchResult<G::Move>) -> Option<usize> {
    if result.pv.first().copied() != result.best_move {
        return Some(0);
    }
    let mut position = root.clone();
    let mut moves = MoveList::new();
    for (index, &mv) in result.pv.iter().enumerate() {
        moves.clear();
        position.generate_moves(&mut moves);
        if !moves.contains(&mv) {
            return Some(index);
        }
        position = position.play(mv);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_tree::{RandomTree, TreeValue};
    use crate::reference::{AlphaBeta, Negamax};
    use crate::{Evaluate, SearchStats};

    /// A deliberately broken searcher: returns the reference's value plus one and the last move.
    struct OffByOne;

    impl Searcher<RandomTree> for OffByOne {
        fn name(&self) -> &str {
            "off-by-one"
        }
        fn search(&mut self, root: &RandomTree, limits: &Limits) -> SearchResult<u32> {
            let mut right = AlphaBeta::new(TreeValue).search(root, limits);
            right.score = right.score + 1;
            right.best_move = right.best_move.map(|_| 2);
            right.pv = right.best_move.into_iter().collect();
            right.stats = SearchStats::default();
            right
        }
    }

    #[test]
    fn a_broken_searcher_is_named_with_position_and_depth() {
        let trees = [RandomTree::new(3, 3, 2)];
        let report = CrossCheck::new(Negamax::new(TreeValue))
            .searcher(OffByOne)
            .depths([2])
            .run(&trees);
        assert!(!report.is_ok());
        let first = &report.disagreements[0];
        assert_eq!(
            (first.searcher.as_str(), first.position.as_str(), first.depth),
            ("off-by-one", "#0", 2)
        );
        assert!(matches!(first.kind, DisagreementKind::Value { .. }));
        assert!(report.to_string().contains("off-by-one on #0 at depth 2"));
    }

    #[test]
    fn value_changing_searchers_are_held_to_invariants_only() {
        let trees: Vec<_> = (0..10).map(|seed| RandomTree::new(seed, 3, 3)).collect();
        let report = CrossCheck::new(Negamax::new(TreeValue))
            .value_changing(OffByOne)
            .depths([3])
            .run(&trees);
        // Move 2 is legal and the PV is legal: nothing to report though the value is off.
        report.assert_agree();
    }

    #[test]
    fn tied_best_moves_are_all_accepted() {
        // A flat evaluator makes every move tie: any legal move is a best move.
        let flat = |_: &RandomTree| Score::DRAW;
        struct Last<E>(E);
        impl<E: Evaluate<RandomTree>> Searcher<RandomTree> for Last<E> {
            fn name(&self) -> &str {
                "last-move"
            }
            fn search(&mut self, root: &RandomTree, _limits: &Limits) -> SearchResult<u32> {
                SearchResult {
                    score: self.0.evaluate(root),
                    best_move: Some(2),
                    pv: vec![2],
                    depth: 1,
                    stats: SearchStats::default(),
                }
            }
        }
        let report = CrossCheck::new(Negamax::new(flat))
            .searcher(Last(flat))
            .run(&[RandomTree::new(1, 3, 3)]);
        report.assert_agree();
    }
}
