//! The cross-checking harness: the project's promise that an optimised searcher returns what plain
//! minimax returns, checked on your own game.
//!
//! Give [`CrossCheck`] a [`Reference`] searcher (the oracle), the searchers to check, depths and
//! positions. For every position and depth it asks the reference for the exact value of every
//! root move, then runs each searcher and records every [`Disagreement`]:
//!
//! - **the reference itself** is first held to the two-sided
//!   [`Minimax`], the **reference of record** (it reads the side to
//!   move at every node and never negates, so it is right for any turn order): every root move's
//!   value must be Minimax's. A reference that shares a searcher's bug (a negamax that negates
//!   after an extra turn) cannot certify it. [`CrossCheck::minimax`] takes Minimax itself as the
//!   reference; [`CrossCheck::new`] with another reference needs
//!   [`minimax_check`](CrossCheck::minimax_check) (the evaluator to build Minimax with) or an
//!   explicit, reasoned [`unchecked_reference`](CrossCheck::unchecked_reference) (for
//!   [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence), whose values differ from plain
//!   minimax by design); without either, the run reports
//!   [`DisagreementKind::UncheckedReference`];
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
//! Depths are the same for every position ([`depths`](CrossCheck::depths)) or chosen per position
//! ([`depths_by`](CrossCheck::depths_by)), for instance up to the end of the game: the reference
//! searchers stop at finished games, so any depth at least the longest remaining line searches
//! to the end. Every searcher is named in the report by its place and name, `#0 minimax` for the
//! reference, `#1 ...` onwards for the others in the order added, so that two configurations
//! with the same name are still told apart.
//!
//! - **Source.** The Fiacco report in the project's papers: every engine checked against plain
//!   minimax on the same positions before it is trusted, the simple one being the easy one to
//!   get right.
//! - **Invariant.** What is checked is the list above, for every position, depth and searcher;
//!   each failure is a [`Disagreement`] naming all three, and a run never stops at the first.
//! - **Cost.** Per position and depth: the reference's value of every root move (a full search
//!   of each root subtree), one reference search, the same again for the Minimax check of a
//!   reference that is not Minimax, and one search per checked searcher. With
//!   [`Minimax`] as the reference that is `b^d` leaves twice over:
//!   keep the depths small.
//!
//! ```
//! use search_core::reference::{AlphaBeta, Negamax};
//! use search_core::random_tree::{RandomTree, TreeValue};
//! use search_core::testing::CrossCheck;
//!
//! let trees: Vec<RandomTree> = (0..20).map(|seed| RandomTree::new(seed, 3, 4).with_leaf_values(3)).collect();
//! let report = CrossCheck::minimax(TreeValue)
//!     .searcher(Negamax::new(TreeValue))
//!     .searcher(AlphaBeta::new(TreeValue))
//!     .depths(1..=4)
//!     .run(&trees);
//! report.assert_agree();
//! assert_eq!(report.checks, 20 * 4 * 2);
//!
//! // Another reference is itself checked against Minimax first.
//! let report = CrossCheck::new(Negamax::new(TreeValue))
//!     .minimax_check(TreeValue)
//!     .searcher(AlphaBeta::new(TreeValue))
//!     .depths_by(|tree: &RandomTree| [1, 4])
//!     .run(&trees);
//! report.assert_agree();
//! assert_eq!(report.nodes[0].0, "#0 negamax");
//! ```

use std::fmt::{self, Debug, Display};

mod proofs;
mod solve;
pub use proofs::{ProofCheck, ProofReport};
pub use solve::{SolveCheck, SolveReport};

use crate::engine::{ChancePruning, Config, Engine};
pub use crate::engine::{EXACT_COMBINATIONS, exact_configurations, exact_configurations_for};
use crate::reference::Minimax;
use crate::{Evaluate, Game, Limits, MoveList, Reference, Score, SearchResult, Searcher, ZobristHash};

/// Every combination of the engine's exact features as engines, one per configuration of
/// [`exact_configurations`] ([`EXACT_COMBINATIONS`] of them; in a game with chance nodes each
/// also with one of Star2, Star1 and no chance pruning, in turn). Each engine with a table
/// allocates it (1 MiB) here: for a long list, build the engines from
/// [`exact_configurations`] as they are needed instead; [`exact_configurations_for`] gives
/// every chance pruning with every configuration (three times as many).
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
        .enumerate()
        .map(|(index, config)| {
            Engine::with_config(evaluator.clone(), with_chance_pruning::<G>(config, index))
        })
        .collect()
}

/// In a game with chance nodes, configuration number `index` of the matrix with each way of
/// searching them in turn (Star2, Star1, the full window), so that each meets every other
/// feature; a deterministic game's configuration unchanged.
fn with_chance_pruning<G: Game>(mut config: Config, index: usize) -> Config {
    if G::HAS_CHANCE {
        config.chance = [Some(ChancePruning::Star2), Some(ChancePruning::Star1), None][index % 3];
    }
    config
}

/// A configured cross-check: a reference, searchers, depths. See the [module documentation](self).
pub struct CrossCheck<'s, G: Game> {
    reference: Box<dyn Reference<G> + 's>,
    vouch: Vouch<'s, G>,
    searchers: Vec<(Box<dyn Searcher<G> + 's>, Expectation)>,
    depths: DepthsOf<'s, G>,
}

/// The depths to check a position at.
type DepthsOf<'s, G> = Box<dyn FnMut(&G) -> Vec<u32> + 's>;

/// Who vouches for the reference.
enum Vouch<'s, G: Game> {
    /// The reference is the two-sided Minimax itself.
    Itself,
    /// This Minimax checks the reference's root move values first.
    Minimax(Box<dyn Reference<G> + 's>),
    /// Explicitly not checked, for this reason.
    Unchecked(String),
    /// Nobody: every run reports it.
    Nobody,
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
    /// The score is not a possible value (beyond every decided score).
    ImpossibleScore(Score),
    /// The reference's value of a root move differs from the two-sided Minimax's: the reference
    /// cannot be trusted, and the position's other checks are skipped.
    ReferenceDisagrees {
        /// The root move.
        mv: M,
        /// Minimax's value of it.
        minimax: Score,
        /// The reference's value of it.
        reference: Score,
    },
    /// The reference is not the two-sided Minimax and nothing checked it against Minimax (see
    /// [`CrossCheck::minimax_check`]).
    UncheckedReference,
}

/// A disagreement, with the searcher, position and depth that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement<M> {
    /// The searcher's place and [`name`](Searcher::name): `#0 minimax` for the reference, `#1 ...`
    /// onwards for the checked searchers in the order added.
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
            DisagreementKind::ReferenceDisagrees {
                mv,
                minimax,
                reference,
            } => write!(
                f,
                "the reference values root move {mv:?} at {reference}, the two-sided minimax at \
                 {minimax}: its verdicts on this position are not trusted"
            ),
            DisagreementKind::UncheckedReference => write!(
                f,
                "the reference was not checked against the two-sided Minimax: add \
                 .minimax_check(evaluator), use CrossCheck::minimax, or say why not with \
                 .unchecked_reference(reason)"
            ),
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
    /// Total nodes per searcher (by place and name, `#0 ...` the reference first, in the order
    /// added).
    pub nodes: Vec<(String, u64)>,
    /// Why the reference was not checked against the two-sided Minimax, if it was not (see
    /// [`CrossCheck::unchecked_reference`]).
    pub unchecked_reference: Option<String>,
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
        if let Some(reason) = &self.unchecked_reference {
            writeln!(f, "  the reference was not checked against minimax: {reason}")?;
        }
        Ok(())
    }
}

impl<'s, G: Game> CrossCheck<'s, G> {
    /// A cross-check against the two-sided [`Minimax`], the reference of record, valuing horizon
    /// positions with `evaluator`; at depth 1 until [`depths`](Self::depths) says otherwise.
    pub fn minimax(evaluator: impl Evaluate<G> + 's) -> Self {
        Self::new(Minimax::new(evaluator))
    }

    /// A cross-check against `reference`, at depth 1 until [`depths`](Self::depths) says
    /// otherwise.
    ///
    /// Unless `reference` is [`Minimax`] itself, it must be vouched for: give the evaluator to
    /// check it against Minimax with ([`minimax_check`](Self::minimax_check)), or say why it
    /// cannot be ([`unchecked_reference`](Self::unchecked_reference)); otherwise every run
    /// reports [`DisagreementKind::UncheckedReference`].
    pub fn new(reference: impl Reference<G> + 's) -> Self {
        let vouch = if reference.is_reference_of_record() {
            Vouch::Itself
        } else {
            Vouch::Nobody
        };
        CrossCheck {
            reference: Box::new(reference),
            vouch,
            searchers: Vec::new(),
            depths: Box::new(|_: &G| vec![1]),
        }
    }

    /// Before judging any searcher on a position at a depth, checks the reference's value of
    /// every root move against the two-sided [`Minimax`] with `evaluator` (the reference's own
    /// evaluator, for the values to be comparable). Where they differ, the run reports
    /// [`DisagreementKind::ReferenceDisagrees`] and judges nobody else on that position and depth.
    #[must_use]
    pub fn minimax_check(mut self, evaluator: impl Evaluate<G> + 's) -> Self {
        self.vouch = Vouch::Minimax(Box::new(Minimax::new(evaluator)));
        self
    }

    /// Trusts the reference without checking it against Minimax, for `reason` (shown in the
    /// report): for a reference whose values differ from plain minimax by design
    /// ([`MinimaxQuiescence`](crate::reference::MinimaxQuiescence)), which is itself checked
    /// against Minimax elsewhere.
    #[must_use]
    pub fn unchecked_reference(mut self, reason: &str) -> Self {
        self.vouch = Vouch::Unchecked(reason.to_string());
        self
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

    /// The depths to check every position at.
    #[must_use]
    pub fn depths(mut self, depths: impl IntoIterator<Item = u32>) -> Self {
        let depths: Vec<u32> = depths.into_iter().collect();
        self.depths = Box::new(move |_: &G| depths.clone());
        self
    }

    /// The depths to check each position at, chosen per position: for instance
    /// `|game| [1, 2, game.empty_squares()]` to check up to the end of the game (every searcher
    /// stops at finished games, so a depth at least the longest remaining line reaches the end).
    #[must_use]
    pub fn depths_by<I: IntoIterator<Item = u32>>(mut self, mut depths: impl FnMut(&G) -> I + 's) -> Self {
        self.depths = Box::new(move |game: &G| depths(game).into_iter().collect());
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
                .enumerate()
                .map(|(index, name)| (format!("#{index} {name}"), 0))
                .collect(),
            unchecked_reference: match &self.vouch {
                Vouch::Unchecked(reason) => Some(reason.clone()),
                _ => None,
            },
        };
        if matches!(self.vouch, Vouch::Nobody) {
            report.disagreements.push(Disagreement {
                searcher: report.nodes[0].0.clone(),
                position: "every position".to_string(),
                depth: 0,
                kind: DisagreementKind::UncheckedReference,
            });
        }
        for (label, root) in positions {
            let label = label.to_string();
            for depth in (self.depths)(root) {
                self.check_position(&label, root, depth, &mut report);
            }
        }
        report
    }

    fn check_position(&mut self, label: &str, root: &G, depth: u32, report: &mut CrossCheckReport<G::Move>) {
        let limits = Limits::depth(depth);
        let root_scores = self.reference.root_move_scores(root, depth);
        // The reference of record first: a reference that disagrees with it judges nobody.
        if let Vouch::Minimax(minimax) = &mut self.vouch {
            let of_record = minimax.root_move_scores(root, depth);
            let wrong: Vec<_> = root_scores
                .iter()
                .zip(&of_record)
                .filter(|((_, reference), (_, minimax))| reference != minimax)
                .map(
                    |(&(mv, reference), &(_, minimax))| DisagreementKind::ReferenceDisagrees {
                        mv,
                        minimax,
                        reference,
                    },
                )
                .collect();
            if !wrong.is_empty() {
                for kind in wrong {
                    report.disagreements.push(Disagreement {
                        searcher: report.nodes[0].0.clone(),
                        position: label.to_string(),
                        depth,
                        kind,
                    });
                }
                return;
            }
        }
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
            let name = report.nodes[index + 1].0.clone();
            let mut found = |kind| {
                report.disagreements.push(Disagreement {
                    searcher: name.clone(),
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
/// it; a legal best move whenever the root is not finished, not a chance node and the depth not
/// 0, none otherwise; a principal
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
    // No move to choose: the horizon, a finished game, or a chance root (nature moves there).
    let no_move = depth == 0 || legal.is_empty() || root.is_chance() || root.outcome(legal.len()).is_some();
    let exact = expectation == Expectation::Exact;
    let mut wrong = Vec::new();
    if result.score.raw().abs() > Score::MAX_DECIDED.raw() {
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
            .minimax_check(TreeValue)
            .searcher(OffByOne)
            .depths([2])
            .run(&trees);
        assert!(!report.is_ok());
        let first = &report.disagreements[0];
        assert_eq!(
            (first.searcher.as_str(), first.position.as_str(), first.depth),
            ("#1 off-by-one", "#0", 2)
        );
        assert!(matches!(first.kind, DisagreementKind::Value { .. }));
        assert!(report.to_string().contains("#1 off-by-one on #0 at depth 2"));
    }

    #[test]
    fn value_changing_searchers_are_held_to_invariants_only() {
        let trees: Vec<_> = (0..10).map(|seed| RandomTree::new(seed, 3, 3)).collect();
        let report = CrossCheck::minimax(TreeValue)
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
                    root_moves: Vec::new(),
                }
            }
        }
        let report = CrossCheck::new(Negamax::new(flat))
            .minimax_check(flat)
            .searcher(Last(flat))
            .run(&[RandomTree::new(1, 3, 3)]);
        report.assert_agree();
    }

    #[test]
    fn searchers_of_the_same_name_are_told_apart() {
        let report = CrossCheck::minimax(TreeValue)
            .value_changing(OffByOne)
            .searcher(OffByOne)
            .depths([2])
            .run(&[RandomTree::new(3, 3, 2)]);
        let names: Vec<&str> = report.nodes.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["#0 minimax", "#1 off-by-one", "#2 off-by-one"]);
        assert!(!report.disagreements.is_empty());
        assert!(report.disagreements.iter().all(|d| d.searcher == "#2 off-by-one"));
    }

    #[test]
    fn boxed_searchers_and_per_position_depths() {
        let boxed: Vec<Box<dyn Searcher<RandomTree>>> = vec![
            Box::new(Negamax::new(TreeValue)),
            Box::new(AlphaBeta::new(TreeValue)),
        ];
        // The depths depend on the position: 1, 1..=2, 1..=3, 1, ...
        let mut position = 0;
        let mut check = CrossCheck::minimax(TreeValue).depths_by(move |_: &RandomTree| {
            position += 1;
            1..=(position - 1) % 3 + 1
        });
        for searcher in boxed {
            check = check.searcher(searcher);
        }
        let trees: Vec<_> = (0..6).map(|seed| RandomTree::new(seed, 3, 3)).collect();
        let report = check.run(&trees);
        report.assert_agree();
        // 1, 2, 3, 1, 2, 3 depths; two searchers each.
        assert_eq!(report.checks, 2 * (1 + 2 + 3 + 1 + 2 + 3));
    }

    #[test]
    fn an_unchecked_reference_is_reported_and_a_wrong_one_judges_nobody() {
        // Negamax without a Minimax check: reported, though it agrees.
        let report = CrossCheck::new(Negamax::new(TreeValue))
            .searcher(AlphaBeta::new(TreeValue))
            .run(&[RandomTree::new(1, 3, 3)]);
        assert_eq!(report.disagreements.len(), 1);
        assert_eq!(report.disagreements[0].kind, DisagreementKind::UncheckedReference);
        // A reference with the wrong values is caught by the Minimax check, and the searcher it
        // would have wrongly condemned is not judged.
        struct Wrong;
        impl Searcher<RandomTree> for Wrong {
            fn name(&self) -> &str {
                "wrong"
            }
            fn search(&mut self, root: &RandomTree, limits: &Limits) -> SearchResult<u32> {
                OffByOne.search(root, limits)
            }
        }
        impl Reference<RandomTree> for Wrong {
            fn root_move_scores(&mut self, root: &RandomTree, depth: u32) -> Vec<(u32, Score)> {
                let mut right = Negamax::new(TreeValue).root_move_scores(root, depth);
                for (_, score) in &mut right {
                    *score = *score + 1;
                }
                right
            }
        }
        let report = CrossCheck::new(Wrong)
            .minimax_check(TreeValue)
            .searcher(AlphaBeta::new(TreeValue))
            .depths([2])
            .run(&[RandomTree::new(3, 3, 2)]);
        assert!(!report.disagreements.is_empty());
        assert!(report.disagreements.iter().all(
            |d| d.searcher == "#0 wrong" && matches!(d.kind, DisagreementKind::ReferenceDisagrees { .. })
        ));
        // Opting out is possible, with a reason that the report shows.
        let report = CrossCheck::new(Negamax::new(TreeValue))
            .unchecked_reference("checked elsewhere")
            .run(&[RandomTree::new(1, 3, 3)]);
        report.assert_agree();
        assert!(report.to_string().contains("checked elsewhere"));
    }
}
