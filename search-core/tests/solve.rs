//! The solver held to minimax searched to the end: random trees that end in margins, with extra
//! turns and with chance levels, a take-away game won or lost with a distance; weak and strong;
//! on 1 and 3 threads (more than the test machine's cores); stopped solves' bounds; a game
//! longer than the solver can search; a game's wrong margin bound caught.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use search_core::Resources;
use search_core::random_tree::RandomTree;
use search_core::solve::{Precision, Progress, Settled, Solver, Stage};
use search_core::testing::SolveCheck;
use search_core::{Game, Limits, MoveList, Outcome, Player, Score, ZobristHash};

/// A random tree whose leaves end the game with a margin (the leaf value over 25, within -4 to 4),
/// optionally with chance levels and with bounds on the margin (true ones, or planted wrong).
#[derive(Clone, Debug)]
struct Ending<const CHANCE: bool> {
    tree: RandomTree,
    bounds: Option<(i32, i32)>,
}

/// The largest margin a leaf ends with.
const MAX_MARGIN: i32 = 4;

impl<const CHANCE: bool> Ending<CHANCE> {
    fn new(tree: RandomTree) -> Self {
        Ending { tree, bounds: None }
    }
}

impl<const CHANCE: bool> Game for Ending<CHANCE> {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.tree.to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        self.tree.generate_moves(moves);
    }
    fn play(&self, mv: u32) -> Self {
        Ending {
            tree: self.tree.play(mv),
            bounds: self.bounds,
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then(|| Outcome::Margin((self.tree.value() / 25).clamp(-MAX_MARGIN, MAX_MARGIN)))
    }
    fn order_hint(&self, mv: u32) -> i32 {
        self.tree.order_hint(mv)
    }
    fn history_index(&self, mv: u32) -> Option<u16> {
        self.tree.history_index(mv)
    }
    fn continuation_index(&self, mv: u32) -> Option<u16> {
        self.tree.continuation_index(mv)
    }
    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.bounds
            .map(|(lowest, highest)| Score::margin_range(lowest, highest))
    }
    const HAS_CHANCE: bool = CHANCE;
    fn is_chance(&self) -> bool {
        CHANCE && self.tree.is_chance()
    }
    fn chance_weight(&self, outcome: u32) -> u32 {
        self.tree.chance_weight(outcome)
    }
    fn value_bound(&self) -> Score {
        Score::won_by(MAX_MARGIN, 0)
    }
}

impl<const CHANCE: bool> ZobristHash for Ending<CHANCE> {
    fn zobrist(&self) -> u64 {
        self.tree.zobrist()
    }
    fn move_code(&self, mv: u32) -> Option<u32> {
        Some(mv)
    }
}

/// Take 1, 2 or 3 (or only 1: `max_take`); whoever takes the last item wins.
#[derive(Clone, Debug)]
struct Pile {
    items: u32,
    max_take: u32,
    to_move: Player,
}

impl Game for Pile {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(1..=self.items.min(self.max_take));
    }
    fn play(&self, take: u32) -> Self {
        Pile {
            items: self.items - take,
            to_move: self.to_move.opponent(),
            ..*self
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then_some(Outcome::Loss)
    }
}

impl ZobristHash for Pile {
    fn zobrist(&self) -> u64 {
        u64::from(self.items) * 2 + u64::from(self.to_move == Player::Second)
    }
}

fn trees(count: u64, extra_turns: u8) -> Vec<Ending<false>> {
    (0..count)
        .map(|seed| {
            let tree = RandomTree::new(seed, 2 + (seed % 3) as u32, 3 + (seed % 4) as u32)
                .with_extra_turns(extra_turns)
                .with_incremental_values();
            Ending::new(tree)
        })
        .collect()
}

#[test]
fn strong_and_weak_solves_are_minimax_on_trees_with_extra_turns() {
    for extra_turns in [0, 30] {
        let positions = trees(120, extra_turns);
        for precision in [Precision::Strong, Precision::Weak] {
            let report = SolveCheck::new(|| {
                Solver::new()
                    .precision(precision)
                    .resources(Resources::new(1, 1).unwrap())
            })
            .depth(8)
            .run(&positions);
            report.assert_agree();
            assert_eq!(report.settled, positions.len(), "{precision:?}");
        }
        // A weak solve: two probes for the class, a third at most for a move that reaches it.
        let mut probes = [0; 4];
        for position in &positions {
            let weak = Solver::new()
                .precision(Precision::Weak)
                .resources(Resources::new(1, 1).unwrap())
                .solve(position);
            assert!((1..=3).contains(&weak.stats.probes), "{weak:?}");
            probes[weak.stats.probes as usize] += 1;
        }
        assert!(probes[3] > 0, "no weak solve needed a third probe: {probes:?}");
    }
}

#[test]
fn the_margin_bounds_cut_and_stay_exact_and_a_wrong_bound_is_caught() {
    let mut positions = trees(120, 30);
    // True bounds: every margin is within +-MAX_MARGIN.
    for position in &mut positions {
        position.bounds = Some((-MAX_MARGIN, MAX_MARGIN));
    }
    let with_bounds = SolveCheck::new(|| Solver::new().resources(Resources::new(1, 1).unwrap()))
        .depth(8)
        .run(&positions);
    with_bounds.assert_agree();
    // A bound the game breaks (no margin below 0, no win by more than 1) makes wrong proofs,
    // and the check sees them.
    for position in &mut positions {
        position.bounds = Some((0, 1));
    }
    let wrong = SolveCheck::new(|| Solver::new().resources(Resources::new(1, 1).unwrap()))
        .depth(8)
        .run(&positions);
    assert!(wrong.failures.len() > 10, "{:?}", wrong.failures);
}

#[test]
fn threads_solve_exactly_too() {
    let positions = trees(60, 30);
    for threads in [2, 3] {
        SolveCheck::new(|| Solver::new().resources(Resources::new(threads, 1).unwrap()))
            .depth(8)
            .run(&positions)
            .assert_agree();
    }
}

#[test]
fn games_with_dice_settle_their_expectation() {
    let positions: Vec<Ending<true>> = (0..80)
        .map(|seed| {
            let tree = RandomTree::new(seed, 2 + (seed % 2) as u32, 4 + (seed % 3) as u32)
                .with_chance(2 + (seed % 2) as u32, 3)
                .with_extra_turns(20);
            Ending::new(tree)
        })
        .collect();
    // The chance nodes below the roots are roots too: the dice to throw, a value and no move.
    let chance_roots: Vec<Ending<true>> = positions.iter().filter_map(first_chance_node).collect();
    assert!(chance_roots.len() > 40, "{} chance roots", chance_roots.len());
    for precision in [Precision::Strong, Precision::Weak] {
        for positions in [&positions, &chance_roots] {
            let report = SolveCheck::new(|| {
                Solver::new()
                    .precision(precision)
                    .resources(Resources::new(1, 1).unwrap())
            })
            .depth(8)
            .run(positions);
            report.assert_agree();
            assert_eq!(report.settled, positions.len());
        }
    }
}

/// The first chance node down the first moves from `position`, if any.
fn first_chance_node(position: &Ending<true>) -> Option<Ending<true>> {
    let mut node = position.clone();
    while !node.is_chance() {
        let mut moves = MoveList::new();
        node.generate_moves(&mut moves);
        node = node.play(*moves.first()?);
    }
    Some(node)
}

#[test]
fn wins_and_losses_settle_with_their_distance() {
    let piles: Vec<Pile> = (0..=18)
        .map(|items| Pile {
            items,
            max_take: 3,
            to_move: Player::First,
        })
        .collect();
    SolveCheck::new(Solver::new).depth(19).run(&piles).assert_agree();
    // Kept between solves, the table answers later positions from earlier ones: still right.
    let mut kept = Solver::new();
    SolveCheck::new(Solver::<Pile>::new)
        .depth(19)
        .run_keeping(&mut kept, &piles)
        .assert_agree();
    let solution = Solver::new().solve(&piles[10]);
    assert_eq!(solution.settled(), Some(Settled::WinIn(5)));
    assert_eq!(solution.best_move, Some(2));
    let lost = Solver::new().solve(&piles[12]);
    assert_eq!(lost.settled(), Some(Settled::LossIn(6)));
    assert_eq!(lost.for_first_player(), Some(Settled::LossIn(6)));
}

#[test]
fn a_stopped_solve_keeps_bounds_that_hold() {
    let positions = trees(80, 30);
    let mut stopped = 0;
    for budget in [1, 20, 60, 200] {
        let report = SolveCheck::new(|| {
            Solver::new()
                .resources(Resources::new(1, 1).unwrap())
                .limits(Limits::default().with_nodes(budget))
        })
        .depth(8)
        .run(&positions);
        report.assert_agree();
        stopped += report.positions - report.settled;
    }
    assert!(stopped > 50, "the budgets stopped {stopped} solves");
    // A stop flag raised before the solve: nothing proven, nothing wrong.
    let flag = Arc::new(AtomicBool::new(true));
    let solution = Solver::new()
        .limits(Limits::default().with_stop_flag(flag))
        .solve(&positions[3]);
    assert!(solution.stopped);
    assert_eq!(solution.settled(), None);
    assert_eq!(
        (solution.lower, solution.upper),
        (-Score::won_by(MAX_MARGIN, 0), Score::won_by(MAX_MARGIN, 0))
    );
}

#[test]
fn a_game_longer_than_the_solver_can_search_is_refused_not_answered() {
    // 300 items taken one at a time: 300 plies, beyond the engine's deepest ply.
    let long = Pile {
        items: 300,
        max_take: 1,
        to_move: Player::First,
    };
    let solution = Solver::new().solve(&long);
    assert!(solution.horizon, "{solution:?}");
    assert_eq!(solution.settled(), None);
    // 100 of them fit: the first player takes the last.
    let short = Pile { items: 100, ..long };
    assert_eq!(Solver::new().solve(&short).settled(), Some(Settled::LossIn(100)));
}

#[test]
fn a_game_that_does_not_say_how_it_ended_is_refused_not_answered() {
    // A random tree's leaves are static leaves (no moves, no outcome): a search scores them
    // with an evaluation, which a solve never trusts.
    let tree = RandomTree::new(5, 2, 3);
    let solution = Solver::new().solve(&tree);
    assert!(solution.horizon, "{solution:?}");
    assert_eq!(solution.settled(), None);
    // The same tree ending with margins settles.
    assert!(
        Solver::new()
            .solve(&Ending::<false>::new(tree))
            .settled()
            .is_some()
    );
}

#[test]
fn progress_is_reported_for_every_probe() {
    let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let log = Arc::clone(&seen);
    let tree = RandomTree::new(11, 6, 9)
        .with_extra_turns(20)
        .with_incremental_values();
    let solution = Solver::new()
        .on_progress(move |progress| log.lock().unwrap().push(progress.clone()))
        .progress_interval(Duration::from_millis(1))
        .solve(&Ending::<false>::new(tree));
    assert!(solution.settled().is_some());
    let seen = seen.lock().unwrap();
    let stage = |stage: Stage| seen.iter().filter(|p| p.stage == stage).count() as u32;
    assert_eq!(stage(Stage::Start), solution.stats.probes);
    assert_eq!(stage(Stage::Done), solution.stats.probes);
    let last = seen.last().unwrap();
    assert_eq!(
        (last.lower, last.upper, last.nodes),
        (solution.lower, solution.upper, solution.stats.nodes)
    );
    // Nodes never go down.
    assert!(seen.windows(2).all(|pair| pair[0].nodes <= pair[1].nodes));
}

#[test]
fn an_interrupted_solve_is_stopped_from_another_thread() {
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Arc::clone(&flag);
    let tree = RandomTree::new(5, 8, 14).with_incremental_values();
    let solver = Solver::new()
        .limits(Limits::default().with_stop_flag(flag))
        .on_progress(move |progress| {
            if progress.stage == Stage::Running {
                stop.store(true, Ordering::Relaxed); // a Ctrl-C at the first report
            }
        });
    let solution = solver
        .progress_interval(Duration::from_millis(20))
        .solve(&Ending::<false>::new(tree));
    assert!(solution.stopped);
    assert!(solution.lower <= solution.upper);
}
