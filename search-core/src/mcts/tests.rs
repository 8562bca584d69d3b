//! The solver's proofs against minimax on random win/draw/loss trees (with and without extra
//! turns) and a take-away game; the limits, the node cap, tree reuse and determinism.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::*;
use crate::random_tree::RandomTree;
use crate::reference::Minimax;

/// A random tree whose leaves are finished games: the leaf value's sign says who won (values in
/// `-1..=1`, so about a third are draws).
#[derive(Clone, Debug)]
struct Signed(RandomTree);

impl Game for Signed {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        self.0.generate_moves(moves);
    }
    fn play(&self, mv: u32) -> Self {
        Signed(self.0.play(mv))
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then(|| Outcome::Margin(self.0.value()))
    }
}

/// Take 1, 2 or 3 from a pile; taking the last item wins; a take of 3 is an extra turn when
/// `extra` (so the same player moves again).
#[derive(Clone, Debug)]
struct Pile {
    items: u32,
    to_move: Player,
    extra: bool,
}

impl Game for Pile {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(1..=self.items.min(3));
    }
    fn play(&self, take: u32) -> Self {
        let again = self.extra && take == 3;
        Pile {
            items: self.items - take,
            to_move: if again {
                self.to_move
            } else {
                self.to_move.opponent()
            },
            extra: self.extra,
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        // The previous mover took the last item: a loss for the side to move, unless it was
        // its own extra turn (then it took the last item itself).
        (legal_moves == 0).then_some(Outcome::Loss)
    }
}

/// Minimax's result (1 a win, 0 a draw, -1 a loss for the side to move), searched to the end.
fn minimax_sign<G: Game>(game: &G, depth: u32) -> i32 {
    let even = |_: &G| Score::DRAW;
    Minimax::new(even)
        .search(game, &Limits::depth(depth))
        .score
        .raw()
        .signum()
}

/// Runs the solver to a proof and returns its result for the root's side to move: on one, two
/// or three threads by the seed (three: more than the test machine's cores).
fn proven_sign<G: Game + std::fmt::Debug>(game: &G, seed: u64) -> i32 {
    let mut mcts = Mcts::new()
        .with_seed(seed)
        .with_iterations(2_000_000)
        .with_threads(1 + (seed % 3) as u32);
    let result = mcts.search(game, &Limits::default());
    let proof = mcts
        .root_proof()
        .unwrap_or_else(|| panic!("not proven: {game:?} after {}", result.stats));
    let sign = proof.sign_for(game.to_move());
    assert_eq!(
        result.score.raw().signum(),
        sign,
        "the score says what the proof says"
    );
    sign
}

#[test]
fn proofs_equal_minimax_on_random_win_draw_loss_trees() {
    let mut checked = [0; 3];
    for seed in 0..300 {
        for extra in [0, 30] {
            let branching = 2 + (seed % 3) as u32;
            let depth = 3 + (seed % 4) as u32;
            let tree = Signed(
                RandomTree::new(seed, branching, depth)
                    .with_leaf_values(1)
                    .with_extra_turns(extra),
            );
            let expected = minimax_sign(&tree, depth);
            assert_eq!(
                proven_sign(&tree, seed),
                expected,
                "seed {seed}, extra turns {extra}%"
            );
            checked[(expected + 1) as usize] += 1;
        }
    }
    assert!(
        checked.iter().all(|&n| n > 50),
        "losses, draws and wins all met: {checked:?}"
    );
}

#[test]
fn proofs_equal_minimax_on_a_take_away_game_with_extra_turns() {
    for items in 0..=14 {
        for extra in [false, true] {
            for to_move in [Player::First, Player::Second] {
                let pile = Pile {
                    items,
                    to_move,
                    extra,
                };
                let expected = minimax_sign(&pile, items + 1);
                assert_eq!(proven_sign(&pile, u64::from(items)), expected, "{pile:?}");
                if !extra {
                    // Without extra turns the rule is known: a multiple of 4 loses.
                    assert_eq!(expected, if items % 4 == 0 { -1 } else { 1 }, "{pile:?}");
                }
            }
        }
    }
}

#[test]
fn a_proven_win_plays_a_winning_move() {
    for items in 1..=20 {
        let pile = Pile {
            items,
            to_move: Player::First,
            extra: false,
        };
        let mut mcts = Mcts::new().with_iterations(1_000_000);
        let result = mcts.search(&pile, &Limits::default());
        if items % 4 != 0 {
            assert_eq!(result.best_move, Some(items % 4), "{items} items");
            assert!(
                result.score.is_mate() && result.score > Score::DRAW,
                "{items} items: {}",
                result.stats
            );
            assert_eq!(
                result.pv.len() as u32,
                result.score.mate_plies().unwrap(),
                "the line is the proof's"
            );
        }
        let root_moves = mcts.root_moves();
        assert_eq!(root_moves.len(), items.min(3) as usize);
        assert_eq!(result.root_moves, root_moves, "the result carries them");
        let through_children: u64 = root_moves.iter().map(|m| m.visits).sum();
        assert!(
            through_children < result.stats.iterations,
            "the first iteration stops at the root"
        );
        if items % 4 != 0 {
            let winning = root_moves
                .iter()
                .find(|m| Some(m.mv) == result.best_move)
                .unwrap();
            assert_eq!(winning.proof, Some(Proof::Won(Player::First)));
            assert!(winning.score.is_mate() && winning.score > Score::DRAW);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_search_and_another_seed_another() {
    let tree = RandomTree::new(5, 6, 8);
    let run = |seed| {
        let mut mcts = Mcts::new()
            .with_evaluator(crate::random_tree::TreeValue)
            .with_seed(seed)
            .with_iterations(3_000);
        let result = mcts.search(&tree, &Limits::default());
        (result, mcts.root_moves())
    };
    let (a, moves_a) = run(1);
    let (b, moves_b) = run(1);
    assert_eq!(
        (a.best_move, a.score, a.stats.nodes),
        (b.best_move, b.score, b.stats.nodes)
    );
    assert_eq!(moves_a, moves_b);
    assert_eq!(a.stats.iterations, 3_000);
    let (_, moves_c) = run(2);
    assert_ne!(moves_a, moves_c, "the seed drives the playouts");
}

#[test]
fn nodes_time_and_the_stop_flag_end_a_search() {
    let tree = RandomTree::new(9, 8, 30);
    let mut mcts = Mcts::new();
    let by_nodes = mcts.search(&tree, &Limits::default().with_nodes(5_000));
    assert!(
        (5_000..5_100).contains(&by_nodes.stats.nodes),
        "{}",
        by_nodes.stats
    );
    assert_eq!(
        by_nodes.stats.nodes,
        by_nodes.stats.interior_nodes + by_nodes.stats.leaf_nodes
    );

    let start = Instant::now();
    let timed = mcts.search(&tree, &Limits::default().with_time(Duration::from_millis(50)));
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    assert!(timed.best_move.is_some());

    let stop = Arc::new(AtomicBool::new(true));
    let stopped = mcts.search(&tree, &Limits::default().with_stop_flag(stop));
    assert_eq!(
        stopped.stats.iterations, 0,
        "a raised flag stops before the first iteration"
    );

    let default = mcts.search(&tree, &Limits::depth(3));
    assert_eq!(default.stats.iterations, DEFAULT_ITERATIONS);
}

#[test]
fn a_full_tree_stops_growing_and_the_search_goes_on() {
    let tree = RandomTree::new(3, 5, 12);
    let mut mcts = Mcts::new()
        .with_evaluator(crate::random_tree::TreeValue)
        .with_node_cap(100)
        .with_iterations(2_000);
    let result = mcts.search(&tree, &Limits::default());
    assert!(result.stats.tree_nodes <= 100, "{}", result.stats);
    assert_eq!(result.stats.iterations, 2_000);
    assert_eq!(result.stats.playouts, 2_000, "every iteration still plays out");
    assert!(result.best_move.is_some());
    // A cap of 0 is taken as 1: only the root, and playouts from it.
    let mut tiny = Mcts::new().with_node_cap(0).with_iterations(10);
    let result = tiny.search(&tree, &Limits::default());
    assert_eq!(result.stats.tree_nodes, 1);
    assert_eq!(
        result.best_move, None,
        "no child in the tree: no move to recommend"
    );
}

#[test]
fn the_tree_is_reused_after_the_moves_played_and_not_for_another_position() {
    let pile = Pile {
        items: 21,
        to_move: Player::First,
        extra: false,
    };
    let mut mcts = Mcts::new().with_iterations(400);
    let first = mcts.search(&pile, &Limits::default());
    let ours = first.best_move.unwrap();
    let after_ours = pile.play(ours);
    let theirs = 1;
    let after_theirs = after_ours.play(theirs);
    let kept = {
        let mut copy = mcts.clone();
        copy.advance(ours);
        copy.advance(theirs);
        copy.tree.nodes[ROOT as usize].visits
    };
    assert!(kept > 0, "the subtree after both moves was grown");
    mcts.advance(ours);
    mcts.advance(theirs);
    let second = mcts.search(&after_theirs, &Limits::default());
    assert_eq!(
        second.stats.tree_nodes,
        mcts.tree.nodes.len() as u64,
        "the search grew the kept tree"
    );
    assert!(mcts.tree.nodes[ROOT as usize].visits >= kept + 400 || mcts.root_proof().is_some());
    // Another position: the tree does not fit and is discarded.
    let other = Pile {
        items: 2,
        to_move: Player::First,
        extra: false,
    };
    let third = mcts.search(&other, &Limits::default());
    assert_eq!(third.best_move, Some(2));
    assert!(third.stats.tree_nodes < 10, "{}", third.stats);
}

#[test]
fn a_playout_policy_out_of_range_and_a_nonsense_exploration_are_taken_safely() {
    let wild = |_: &RandomTree, moves: &[u32], _: &mut SplitMix64| moves.len() * 7 + 3;
    let mut mcts = Mcts::new()
        .with_policy(wild)
        .with_exploration(f64::NAN)
        .with_iterations(500);
    let result = mcts.search(&RandomTree::new(1, 4, 6), &Limits::default());
    assert!(result.best_move.is_some());
    let mut cut = Mcts::new()
        .with_evaluator(crate::random_tree::TreeValue)
        .with_cutoff(0)
        .with_iterations(200);
    let result = cut.search(&RandomTree::new(1, 4, 6), &Limits::default());
    assert_eq!(
        result.stats.leaf_nodes + result.stats.interior_nodes,
        result.stats.nodes
    );
    assert_eq!(result.stats.seldepth, result.stats.seldepth.min(6));
}

#[test]
fn a_finished_root_is_proven_at_once() {
    let done = Pile {
        items: 0,
        to_move: Player::First,
        extra: false,
    };
    let mut mcts = Mcts::new();
    let result = mcts.search(&done, &Limits::default());
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::mated_in(0));
    assert_eq!(result.stats.iterations, 1);
}

#[test]
fn the_trace_shows_the_most_visited_nodes_and_changes_nothing() {
    let pile = Pile {
        items: 9,
        to_move: Player::First,
        extra: false,
    };
    let plain = Mcts::new()
        .with_iterations(5_000)
        .search(&pile, &Limits::default());
    let mut traced = Mcts::new().with_iterations(5_000).with_trace(15);
    let result = traced.search(&pile, &Limits::default());
    assert_eq!(
        (result.best_move, result.score, result.stats.nodes),
        (plain.best_move, plain.score, plain.stats.nodes)
    );
    let trace = traced.trace().unwrap();
    assert_eq!(trace.len(), 15);
    assert!(trace.is_truncated());
    let nodes = trace.nodes();
    // Parents first, and no node has more visits than its parent.
    for (index, node) in nodes.iter().enumerate().skip(1) {
        let parent = node.parent.unwrap();
        assert!(parent < index);
        assert!(node.visits <= nodes[parent].visits);
        assert!(nodes[parent].children.contains(&index));
    }
    assert_eq!(nodes[0].visits, Some(result.stats.iterations));
    // 9 items: take 1 to leave 8, a proven win; the proof and the line are drawn.
    assert_eq!(traced.root_proof(), Some(Proof::Won(Player::First)));
    let pv: Vec<&str> = nodes
        .iter()
        .filter(|n| n.is_pv)
        .filter_map(|n| n.mv.as_deref())
        .collect();
    assert_eq!(pv.first(), Some(&"1"));
    assert!(nodes.iter().any(|n| n.cut == Some(crate::trace::Cut::Proven)));
    assert!(trace.to_text().contains(" proven"), "{}", trace.to_text());
}

#[test]
fn a_searcher_searches_the_same_position_alike_whatever_it_searched_before() {
    let tree = RandomTree::new(11, 5, 8);
    let other = RandomTree::new(12, 5, 8);
    let mut mcts = Mcts::new()
        .with_evaluator(crate::random_tree::TreeValue)
        .with_seed(4)
        .with_iterations(2_000);
    let first = mcts.search(&tree, &Limits::default());
    let twice = mcts.search(&tree, &Limits::default());
    // `other` has the same moves and side to move as `tree`: only `advance` says a tree may be
    // kept, so each search starts afresh, its playouts from the seed.
    mcts.search(&other, &Limits::default());
    let again = mcts.search(&tree, &Limits::default());
    assert_eq!(
        (first.best_move, first.stats.nodes, &first.root_moves),
        (twice.best_move, twice.stats.nodes, &twice.root_moves)
    );
    assert_eq!(
        (first.best_move, first.score, first.stats.nodes, &first.root_moves),
        (again.best_move, again.score, again.stats.nodes, &again.root_moves)
    );
}

#[test]
fn root_moves_can_be_restricted_like_the_engines() {
    // 10 items: taking 2 wins; restricted to 1 and 3, both lose, and the search says so.
    let pile = Pile {
        items: 10,
        to_move: Player::First,
        extra: false,
    };
    let mut mcts = Mcts::new().with_iterations(200_000);
    mcts.set_root_moves(Some(vec![1, 3]));
    let result = mcts.search(&pile, &Limits::default());
    let searched: Vec<u32> = result.root_moves.iter().map(|m| m.mv).collect();
    assert_eq!(searched, [1, 3]);
    assert!(matches!(result.best_move, Some(1 | 3)));
    assert_eq!(mcts.root_proof(), Some(Proof::Won(Player::Second)));
    // No legal move among them: the restriction is ignored.
    mcts.set_root_moves(Some(vec![7]));
    let result = mcts.search(&pile, &Limits::default());
    assert_eq!(result.best_move, Some(2));
    mcts.set_root_moves(None);
    assert_eq!(mcts.search(&pile, &Limits::default()).best_move, Some(2));
}

#[test]
fn threads_share_the_budgets_and_stay_deterministic() {
    let tree = RandomTree::new(5, 6, 8);
    let run = |threads, limits: &Limits| {
        let mut mcts = Mcts::new()
            .with_evaluator(crate::random_tree::TreeValue)
            .with_seed(1)
            .with_iterations(3_000)
            .with_threads(threads);
        let result = mcts.search(&tree, limits);
        (result, mcts.root_moves())
    };
    // Three threads (more than the test machine's cores): the iterations are theirs together,
    // each passing through one root move but each tree's first (which expands the root), and
    // the same seed gives the same search.
    let (a, moves_a) = run(3, &Limits::default());
    let (b, moves_b) = run(3, &Limits::default());
    assert_eq!(a.stats.iterations, 3_000);
    assert_eq!(moves_a.iter().map(|m| m.visits).sum::<u64>(), 3_000 - 3);
    assert_eq!(
        (a.best_move, a.score, a.stats.nodes),
        (b.best_move, b.score, b.stats.nodes)
    );
    assert_eq!(moves_a, moves_b);
    // Not one thread's search: the merged root differs from the single-threaded one.
    let (_, moves_one) = run(1, &Limits::default());
    assert_eq!(moves_one.iter().map(|m| m.visits).sum::<u64>(), 3_000 - 1);
    assert_ne!(moves_a, moves_one);
    // A node budget is shared out too (each thread checks its share at every iteration).
    let (by_nodes, _) = run(3, &Limits::default().with_nodes(2_000));
    assert!(
        (2_000..2_100).contains(&by_nodes.stats.nodes),
        "{}",
        by_nodes.stats
    );
    // So is the node cap: the threads' trees together stay under it.
    let mut capped = Mcts::new()
        .with_seed(1)
        .with_iterations(3_000)
        .with_node_cap(600)
        .with_threads(3);
    capped.search(&tree, &Limits::default());
    assert!(capped.tree.nodes.len() <= 200, "{}", capped.tree.nodes.len());
}

#[test]
fn a_root_proven_on_one_thread_ends_a_timed_search_on_all() {
    for threads in [2, 3, 8] {
        let pile = Pile {
            items: 14,
            to_move: Player::First,
            extra: true,
        };
        let start = Instant::now();
        let mut mcts = Mcts::new().with_seed(4).with_threads(threads);
        let result = mcts.search(&pile, &Limits::default().with_time(Duration::from_secs(60)));
        assert!(mcts.root_proof().is_some(), "{}", result.stats);
        assert_eq!(result.score.raw().signum(), minimax_sign(&pile, 15));
        assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    }
}

#[test]
fn threads_keep_tree_reuse_searchmoves_and_the_stop_flag() {
    let tree = RandomTree::new(3, 5, 10);
    let mut mcts = Mcts::new().with_seed(2).with_iterations(2_000).with_threads(3);
    let first = mcts.search(&tree, &Limits::default());
    let best = first.best_move.expect("a move");
    // The main thread's tree goes on below the move played (helpers start afresh).
    mcts.advance(best);
    let next = tree.play(best);
    let second = mcts.search(&next, &Limits::default());
    assert!(second.stats.tree_nodes > 0 && second.best_move.is_some());
    // searchmoves hold on every thread.
    let mut only = Mcts::new().with_seed(2).with_iterations(2_000).with_threads(3);
    only.set_root_moves(Some(vec![1]));
    let result = only.search(&tree, &Limits::default());
    assert_eq!(result.best_move, Some(1));
    assert!(
        result.root_moves.iter().all(|m| m.mv == 1),
        "{:?}",
        result.root_moves
    );
    // A raised stop flag stops every thread before its first iteration.
    let stop = Arc::new(AtomicBool::new(true));
    let stopped = Mcts::new()
        .with_threads(3)
        .search(&tree, &Limits::default().with_stop_flag(stop));
    assert_eq!(stopped.stats.iterations, 0);
}
