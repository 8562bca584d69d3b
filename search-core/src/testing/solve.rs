//! [`SolveCheck`]: the solver's values, moves and bounds held to minimax searched to the end.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::reference::Minimax;
use crate::solve::{Precision, Settled, Solution, Solver};
use crate::{Evaluate, Game, Limits, Reference, Score, Searcher, ZobristHash};

/// Holds the [`Solver`](crate::solve::Solver) to the two-sided [`Minimax`], the reference of
/// record, searched to the end of the game, on your positions. For each position the solver
/// `make` builds (a fresh one, or one whose table is kept: both are worth checking) settles it,
/// and then
///
/// - the value it settles must be minimax's, to its precision: the sign (weak); the margin of a
///   scored game, the distance of a win or loss, the expectation of a game with dice (strong);
/// - the proven bounds must hold minimax's value, even for a solve its limits stopped;
/// - the move it gives must be optimal to that precision: the minimax value of the position after
///   it has the root's class (for a weak loss, any move is); a chance root (the dice to throw)
///   has a value and no move;
/// - no horizon may be met (minimax's `depth` must reach every end too: the check says so if not).
///
/// ```
/// use search_core::solve::{Precision, Solver};
/// use search_core::testing::SolveCheck;
/// # use search_core::{Game, MoveList, Outcome, Player, ZobristHash};
/// # #[derive(Clone, Debug)]
/// # struct Pile { items: u32, to_move: Player }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.items.min(3)) }
/// #     fn play(&self, take: u32) -> Self { Pile { items: self.items - take, to_move: self.to_move.opponent() } }
/// #     fn outcome(&self, legal_moves: usize) -> Option<Outcome> { (legal_moves == 0).then_some(Outcome::Loss) }
/// # }
/// # impl ZobristHash for Pile {
/// #     fn zobrist(&self) -> u64 { u64::from(self.items) * 2 + u64::from(self.to_move == Player::Second) }
/// # }
/// let piles: Vec<Pile> = (0..=12).map(|items| Pile { items, to_move: Player::First }).collect();
/// let report = SolveCheck::new(Solver::new).depth(13).run(&piles);
/// report.assert_agree();
/// assert_eq!(report.settled, 13);
/// let three_threads = search_core::Resources::new(3, 16).unwrap();
/// SolveCheck::new(|| Solver::new().precision(Precision::Weak).resources(three_threads)).depth(13).run(&piles).assert_agree();
/// ```
pub struct SolveCheck<F> {
    make: F,
    depth: u32,
}

/// What a [`SolveCheck::run`] found.
#[derive(Clone, Debug, Default)]
pub struct SolveReport {
    /// Positions checked.
    pub positions: usize,
    /// Positions the solver settled (the others were stopped by its limits: their bounds are
    /// still checked).
    pub settled: usize,
    /// Probes over all positions.
    pub probes: u64,
    /// Nodes over all positions.
    pub nodes: u64,
    /// Every failure, with its position.
    pub failures: Vec<String>,
}

impl SolveReport {
    /// Whether nothing failed.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.failures.is_empty()
    }

    /// Panics with the failures (the first 20), if any.
    ///
    /// # Panics
    ///
    /// If any position failed.
    pub fn assert_agree(&self) {
        assert!(
            self.is_ok(),
            "{} of {} positions failed:\n{}",
            self.failures.len(),
            self.positions,
            self.failures
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// An evaluator that notes it was asked: a minimax that calls it did not reach every end.
#[derive(Clone, Default)]
struct Horizon(Arc<AtomicBool>);

impl<G: Game> Evaluate<G> for Horizon {
    fn evaluate(&self, _: &G) -> Score {
        self.0.store(true, Ordering::Relaxed);
        Score::DRAW
    }
}

impl<F> SolveCheck<F> {
    /// A check of the solvers `make` builds, one per position (a closure may return the same
    /// configuration each time, or keep state of its own).
    pub fn new(make: F) -> Self {
        SolveCheck { make, depth: 64 }
    }

    /// The depth minimax searches to: it must reach the end of every line (64 by default).
    #[must_use]
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// Checks every position of `positions`, each with a solver of its own from `make`.
    pub fn run<'g, G>(&mut self, positions: impl IntoIterator<Item = &'g G>) -> SolveReport
    where
        G: Game + ZobristHash + std::fmt::Debug + 'g,
        F: FnMut() -> Solver<G>,
    {
        let mut report = SolveReport::default();
        for position in positions {
            let mut solver = (self.make)();
            self.check_into(&mut report, &mut solver, position);
        }
        report
    }

    /// Checks every position of `positions` with one solver, `solver`, whose table is kept from
    /// one position to the next (a later position is then often answered from what an earlier
    /// one proved: another way to the same values, held to the same standard).
    pub fn run_keeping<'g, G>(
        &mut self,
        solver: &mut Solver<G>,
        positions: impl IntoIterator<Item = &'g G>,
    ) -> SolveReport
    where
        G: Game + ZobristHash + std::fmt::Debug + 'g,
    {
        let mut report = SolveReport::default();
        for position in positions {
            self.check_into(&mut report, solver, position);
        }
        report
    }

    /// Solves `position` with `solver` and checks it into `report`.
    fn check_into<G>(&self, report: &mut SolveReport, solver: &mut Solver<G>, position: &G)
    where
        G: Game + ZobristHash + std::fmt::Debug,
    {
        report.positions += 1;
        let solution = solver.solve(position);
        report.probes += u64::from(solution.stats.probes);
        report.nodes += solution.stats.nodes;
        if solution.settled().is_some() {
            report.settled += 1;
        }
        if let Err(failure) = self.check(position, &solution) {
            report
                .failures
                .push(format!("{position:?}: {failure} ({solution:?})"));
        }
    }

    /// Minimax's value of `game`, or why it has none.
    fn minimax<G: Game>(&self, game: &G) -> Result<Score, String> {
        let horizon = Horizon::default();
        let flag = Arc::clone(&horizon.0);
        let value = Minimax::new(horizon)
            .search(game, &Limits::depth(self.depth))
            .score;
        if flag.load(Ordering::Relaxed) {
            return Err(format!(
                "minimax at depth {} does not reach every end",
                self.depth
            ));
        }
        Ok(value)
    }

    fn check<G: Game>(&self, root: &G, solution: &Solution<G::Move>) -> Result<(), String> {
        let value = self.minimax(root)?;
        if solution.horizon {
            return Err("the solver met a horizon".to_string());
        }
        if !(solution.lower <= value && value <= solution.upper) {
            return Err(format!(
                "the bounds [{}, {}] exclude minimax's {value}",
                solution.lower, solution.upper
            ));
        }
        let Some(settled) = solution.settled() else {
            return if solution.stopped {
                Ok(())
            } else {
                Err("neither settled nor stopped".to_string())
            };
        };
        let class = |score: Score| class(solution.precision, G::HAS_CHANCE, score);
        if settled != class(value) {
            return Err(format!(
                "settled {settled}, minimax's value {value} is {}",
                class(value)
            ));
        }
        let Some(mv) = solution.best_move else {
            if root.outcome(root.move_count()).is_some() || root.is_chance() {
                return Ok(()); // a finished game, or the dice to throw: a value and no move
            }
            return Err("no best move".to_string());
        };
        if root.is_chance() {
            return Err(format!("a move {mv:?} at a chance node, where the dice choose"));
        }
        if solution.precision == Precision::Weak && value < Score::DRAW {
            return Ok(()); // every move of a loss loses
        }
        let horizon = Horizon::default();
        let move_value = Minimax::new(horizon)
            .root_move_scores(root, self.depth)
            .into_iter()
            .find_map(|(candidate, score)| (candidate == mv).then_some(score));
        let Some(move_value) = move_value else {
            return Err(format!("the best move {mv:?} is not a move of the position"));
        };
        if class(move_value) != settled {
            return Err(format!("the best move leads to {move_value}, not {settled}"));
        }
        Ok(())
    }
}

/// What a value settles to at `precision`, as [`Solution::settled`] says it.
fn class(precision: Precision, chance: bool, score: Score) -> Settled {
    if score == Score::DRAW {
        return Settled::Draw;
    }
    if precision == Precision::Weak {
        return if score > Score::DRAW {
            Settled::Win
        } else {
            Settled::Loss
        };
    }
    if chance {
        return Settled::Expected(score);
    }
    if let Some(margin) = score.margin() {
        return Settled::Margin(margin);
    }
    match score.mate_plies() {
        Some(plies) if score > Score::DRAW => Settled::WinIn(plies),
        Some(plies) => Settled::LossIn(plies),
        None => Settled::Expected(score),
    }
}
