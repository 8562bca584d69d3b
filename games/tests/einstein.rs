//! EinStein würfelt nicht!: every searcher held to expectiminimax ([`Minimax`] with chance nodes)
//! on positions near the end of games played at random from random arrangements, at rolls
//! (chance roots) and after them (decision roots).

use games::einstein::{EinStein, SQUARES, colour, evaluate};
use search_core::engine::{ChancePruning, Config, Engine};
use search_core::mcts::SplitMix64;
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, Negamax};
use search_core::testing::{CrossCheck, exact_configurations};
use search_core::{Game, Limits, Player, Score, Searcher};

type Eval = fn(&EinStein) -> Score;

/// `count` positions reached by random play from random arrangements: 10 to 40 plies of moves
/// that do not end the game (stopping early where every move would), so that most are late in
/// the game, with few stones left (7 or 8 on average). An even number of
/// plies is a roll due (a chance root), an odd one a decision.
fn late_positions(count: u64) -> Vec<EinStein> {
    (0..count)
        .map(|seed| {
            let mut rng = SplitMix64::new(seed);
            let mut position = EinStein::random(seed ^ 0x5EED);
            for _ in 0..10 + rng.below(31) {
                let open: Vec<_> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|&mv| !position.play(mv).is_over())
                    .collect();
                if open.is_empty() {
                    break;
                }
                position = position.play(open[rng.below(open.len())]);
            }
            position
        })
        .collect()
}

/// `count` random endings: one or two stones a player on random squares, either player to
/// roll or to step, none finished, each short enough to search to the end (at most `max_plies`
/// plies left).
fn endings(count: usize, max_plies: u32) -> Vec<EinStein> {
    let mut rng = SplitMix64::new(99);
    let mut found = Vec::new();
    while found.len() < count {
        let mut cells = vec![".".to_string(); SQUARES];
        for player in [Player::First, Player::Second] {
            let mut numbers = vec![1, 2, 3, 4, 5, 6];
            for _ in 0..1 + rng.below(2) {
                let number = numbers.remove(rng.below(numbers.len()));
                let square = rng.below(SQUARES);
                cells[square] = format!("{}{number}", &colour(player)[..1]);
            }
        }
        let rows: Vec<String> = cells.chunks(5).map(|row| row.join(" ")).collect();
        let mover = colour([Player::First, Player::Second][rng.below(2)]);
        let status = match rng.below(7) {
            0 => format!("{mover} to roll"),
            face => format!("{mover} rolled {face}"),
        };
        let Ok(position) = format!("{}\n{status}", rows.join("\n")).parse::<EinStein>() else {
            continue; // finished, or a stone overwritten by another
        };
        if position.stones(Player::First) > 0
            && position.stones(Player::Second) > 0
            && position.max_plies_left() <= max_plies
        {
            found.push(position);
        }
    }
    found
}

#[test]
fn the_late_positions_are_late_and_of_both_kinds() {
    let positions = late_positions(40);
    assert!(positions.iter().all(|p| !p.is_over()));
    let decisions: Vec<&EinStein> = positions.iter().filter(|p| !p.is_chance()).collect();
    assert!(
        (10..=30).contains(&decisions.len()),
        "{} decision roots of 40",
        decisions.len()
    );
    let moves: usize = decisions.iter().map(|p| p.legal_moves().len()).sum();
    assert!(
        moves > 3 * decisions.len(),
        "{moves} moves at {} decision roots",
        decisions.len()
    );
    let stones: u32 = positions
        .iter()
        .map(|p| p.stones(Player::First) + p.stones(Player::Second))
        .sum();
    assert!(stones < 40 * 9, "{stones} stones on 40 boards");
}

#[test]
fn the_searchers_equal_expectiminimax_at_depths_1_to_5() {
    let positions = late_positions(40);
    let evaluate = evaluate as Eval;
    let report = CrossCheck::minimax(evaluate)
        .searcher(Negamax::new(evaluate))
        .searcher(AlphaBeta::new(evaluate))
        .searcher(AlphaBetaMinimax::new(evaluate))
        .searcher(Engine::new(evaluate))
        .searcher(Engine::exact(evaluate))
        .searcher(Engine::with_config(evaluate, "star=2".parse().unwrap()))
        .searcher(Engine::with_config(
            evaluate,
            "id+tt+hints+killers+history+pvs+mtdf+star=2".parse().unwrap(),
        ))
        .value_changing(Engine::strongest(evaluate))
        .depths(1..=5)
        .run(&positions);
    report.assert_agree();
    assert_eq!(report.checks, 40 * 5 * 8);
}

#[test]
fn a_sample_of_the_exact_matrix_equals_expectiminimax() {
    let positions = late_positions(12);
    let evaluate = evaluate as Eval;
    for (index, config) in exact_configurations(50).into_iter().enumerate().step_by(17) {
        let mut check = CrossCheck::minimax(evaluate).depths(1..=4);
        for chance in [None, Some(ChancePruning::Star1), Some(ChancePruning::Star2)] {
            check = check.searcher(Engine::with_config(evaluate, Config { chance, ..config }));
        }
        let report = check.run(&positions);
        assert!(report.is_ok(), "configuration {index} ({config}): {report}");
    }
}

#[test]
fn the_engine_solves_endings_to_the_end() {
    // Endings short enough to search to the end of every line: the value is then exact, a
    // mixture of wins and losses only, and the engine's table must keep it so.
    let endings = endings(30, 16);
    let evaluate = evaluate as Eval;
    let report = CrossCheck::minimax(evaluate)
        .searcher(AlphaBeta::new(evaluate))
        .searcher(Engine::exact(evaluate))
        .searcher(Engine::with_config(evaluate, "star=2".parse().unwrap()))
        .depths_by(|p: &EinStein| [p.max_plies_left()])
        .run(&endings);
    report.assert_agree();
    assert_eq!(report.checks, 30 * 3);
    // Searched to the end, the value does not depend on the evaluation.
    for ending in &endings {
        let depth = Limits::depth(ending.max_plies_left());
        let flat = Minimax::new(|_: &EinStein| Score::DRAW).search(ending, &depth);
        let ours = Minimax::new(evaluate).search(ending, &depth);
        assert_eq!(flat.score, ours.score, "{ending}");
    }
}

#[test]
fn whole_games_end_with_a_winner() {
    // The engine against expectiminimax from random arrangements, the die from a seed.
    let evaluate = evaluate as Eval;
    let mut wins = [0; 2];
    for seed in 0..4 {
        let mut rng = search_core::mcts::SplitMix64::new(seed);
        let mut position = EinStein::random(seed);
        let mut engine = Engine::strongest(evaluate);
        let mut minimax = Minimax::new(evaluate);
        let mut plies = 0;
        while !position.is_over() {
            let mv = if position.is_chance() {
                position.roll(&mut rng)
            } else if position.to_move() == Player::First {
                engine.search(&position, &Limits::depth(4)).best_move.unwrap()
            } else {
                minimax.search(&position, &Limits::depth(2)).best_move.unwrap()
            };
            assert!(position.legal_moves().contains(&mv), "{mv} in\n{position}");
            position = position.play(mv);
            plies += 1;
            assert!(plies <= 160);
        }
        let winner = position.winner().unwrap();
        assert_eq!(winner, position.to_move().opponent());
        wins[usize::from(winner == Player::Second)] += 1;
    }
    assert_eq!(wins[0] + wins[1], 4);
}
