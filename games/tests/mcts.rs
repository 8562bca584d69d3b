//! Monte Carlo tree search with the MCTS-Solver on the games crate's games: its proofs are
//! minimax's (and the nim-sum rule's, and the Kalah and Dots and Boxes solvers'), with extra
//! turns (Kalah, Dots and Boxes) and scored endings (solved for the sign of the margin).

use crate::common::seeded;
use games::connect_four::ConnectFour;
use games::dots_and_boxes::{DotsAndBoxes, Oracle as DotsOracle};
use games::kalah::{Kalah, Oracle as KalahOracle};
use games::nim::Nim;
use search_core::mcts::Mcts;
use search_core::testing::ProofCheck;
use search_core::{Game, Limits, Searcher};

/// A solver run to a proof: a fresh searcher per position, seeded, on one, two or three threads
/// in turn (three: more than the test machine's cores).
fn check<G: Game + std::fmt::Debug>(positions: &[G], depth: u32) -> usize {
    let mut made = 0;
    let report = ProofCheck::new(|| {
        made += 1;
        Mcts::new()
            .with_seed(3)
            .with_iterations(3_000_000)
            .with_threads(1 + made % 3)
    })
    .depth(depth)
    .run(positions);
    report.assert_agree();
    report.proven
}

#[test]
fn nim_proofs_follow_the_nim_sum_rule() {
    let mut positions = Vec::new();
    for a in 0..=4 {
        for b in 0..=4 {
            for c in 0..=4 {
                positions.push(Nim::new(&[a, b, c]).unwrap());
            }
        }
    }
    assert_eq!(check(&positions, 12), 125);
    for position in &positions {
        let mut mcts = Mcts::new().with_iterations(3_000_000);
        mcts.search(position, &Limits::default());
        let proof = mcts.root_proof().expect("proven");
        let wins = proof.sign_for(position.to_move()) > 0;
        assert_eq!(wins, position.nim_sum() != 0, "{:?}", position.heaps());
    }
}

#[test]
fn connect_four_proofs_equal_minimax_a_few_plies_from_the_end() {
    // 30 random plies that do not end the game leave 12 empty cells (minimax to the end of
    // 15 plies takes minutes; 12 take a second).
    let positions = seeded(&ConnectFour::new(), 40, |_| 30, true);
    let open = positions.iter().filter(|p| !p.is_over()).count();
    assert!(open >= 30, "{open} of 40 positions still open");
    assert_eq!(check(&positions, 42), 40);
}

#[test]
fn kalah_proofs_equal_minimax_and_the_solver_with_extra_turns() {
    let positions: Vec<Kalah> = seeded(&Kalah::new(3, 2).unwrap(), 20, |_| 6, true)
        .into_iter()
        .chain(seeded(&Kalah::new(4, 2).unwrap(), 20, |_| 10, true))
        .collect();
    assert_eq!(check(&positions, 100), 40);
    // Whole games, against the margin solver (the proof is the margin's sign).
    for (houses, seeds) in [(3, 2), (3, 3), (4, 2), (4, 3)] {
        let start = Kalah::new(houses, seeds).unwrap();
        let mut mcts = Mcts::new().with_iterations(5_000_000);
        let result = mcts.search(&start, &Limits::default());
        let proof = mcts
            .root_proof()
            .unwrap_or_else(|| panic!("Kalah({houses}, {seeds}): {}", result.stats));
        let margin = KalahOracle::new().margin(&start);
        assert_eq!(
            proof.sign_for(start.to_move()),
            margin.signum(),
            "Kalah({houses}, {seeds})"
        );
    }
}

#[test]
fn dots_and_boxes_proofs_equal_minimax_and_the_solver_with_extra_turns() {
    let positions: Vec<DotsAndBoxes> = seeded(&DotsAndBoxes::new(2, 2).unwrap(), 30, |_| 5, true)
        .into_iter()
        .chain(seeded(&DotsAndBoxes::new(1, 3).unwrap(), 20, |_| 3, true))
        .collect();
    assert_eq!(check(&positions, 12), 50);
    // Whole games on the boards whose trees fit (the tree has no transpositions: 2 x 2's 12! move
    // orders fill the default node cap unproven).
    for (rows, cols) in [(1, 2), (1, 3)] {
        let start = DotsAndBoxes::new(rows, cols).unwrap();
        let mut mcts = Mcts::new().with_iterations(5_000_000);
        let result = mcts.search(&start, &Limits::default());
        let proof = mcts
            .root_proof()
            .unwrap_or_else(|| panic!("{rows} x {cols}: {}", result.stats));
        assert_eq!(
            proof.sign_for(start.to_move()),
            DotsOracle::new().margin(&start).signum()
        );
    }
}

/// Pig (dice): MCTS samples the die by its weights, and proves a chance node only when every
/// outcome is proven the same. On the last turns, held to expectiminimax to the end: a root is
/// proven exactly when expectiminimax's value is a decided result (a sure win or loss: the
/// mean of decided scores of one sign), with that result, and never otherwise.
#[test]
fn pig_proofs_are_the_sure_results_of_expectiminimax() {
    use games::pig::Pig;
    use search_core::Score;
    use search_core::reference::Minimax;

    let late: Vec<Pig> = [
        Pig::new(6, 3, 2).unwrap(),
        Pig::new(5, 3, 2).unwrap().with_weights(&[1, 3, 2]).unwrap(),
    ]
    .iter()
    .flat_map(Pig::reachable)
    .collect();
    let (mut sure, mut proven_sure) = (0, 0);
    for position in &late {
        let exact = Minimax::new(|_: &Pig| Score::DRAW)
            .search(position, &Limits::depth(position.max_plies_left()))
            .score;
        let mut mcts = Mcts::new().with_seed(5).with_iterations(20_000);
        let result = mcts.search(position, &Limits::default());
        let decided = exact.raw().abs() > Score::MAX_EVAL.raw();
        sure += usize::from(decided);
        match mcts.root_proof() {
            // A sure draw is worth 0 (so is an even mix of wins and losses: not provable).
            Some(proof) if proof.sign_for(position.to_move()) == 0 => {
                assert_eq!(exact, Score::DRAW, "{position:?}: proven drawn");
            }
            Some(proof) => {
                proven_sure += 1;
                assert!(decided, "{position:?}: proven {proof:?}, expectiminimax {exact}");
                assert_eq!(
                    proof.sign_for(position.to_move()),
                    exact.raw().signum(),
                    "{position:?}"
                );
                assert_eq!(result.score.raw().signum(), exact.raw().signum(), "{position:?}");
            }
            None => assert!(!decided, "{position:?}: expectiminimax {exact}, not proven"),
        }
    }
    assert_eq!(proven_sure, sure);
    assert!(
        sure > 20 && sure < late.len(),
        "{sure} sure results among {} positions",
        late.len()
    );
}

/// The die is sampled by its weights: a loaded die's faces are visited in proportion.
#[test]
fn mcts_samples_chance_outcomes_by_weight() {
    use games::pig::{Pig, PigMove};

    let rolling = Pig::new(50, 3, 20)
        .unwrap()
        .with_weights(&[1, 2, 5])
        .unwrap()
        .play(PigMove::Roll);
    let mut mcts = Mcts::new().with_seed(9).with_iterations(8_000);
    mcts.search(&rolling, &Limits::default());
    let visits: Vec<f64> = mcts.root_moves().iter().map(|root| root.visits as f64).collect();
    let total: f64 = visits.iter().sum();
    for (visits, weight) in visits.iter().zip([1.0, 2.0, 5.0]) {
        let share = visits / total;
        assert!(
            (share - weight / 8.0).abs() < 0.03,
            "{visits} of {total} for weight {weight}"
        );
    }
}
