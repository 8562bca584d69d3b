//! Per-node speed, side by side in one run: the framework against the limit (the same search
//! written by hand on shakmaty) and against its peer (the `minimax` crate on the same adapter).
//!
//! ```text
//! cargo bench --bench per_node                 # 5 repetitions, every table
//! cargo bench --bench per_node -- --reps 9     # more repetitions
//! cargo bench --bench per_node -- --quick      # 1 repetition, the chess positions one ply shallower
//! cargo bench --bench per_node -- --table tic --only Engine   # one table, one contender (profiling)
//! ```
//!
//! Each table runs every contender on each work item in turn (a position, or one search of a
//! small game), so a noisy neighbour hits all of them alike, measures thread CPU time, and prints
//! each contender's time per node relative to the first row: the median of the per-repetition
//! ratios, with their range. Trees are asserted before any
//! timing: where two contenders should search the same tree (the same nodes, value and move),
//! the bench stops if they do not.
//!
//! - **Chess, against the limit.** The thesis's 24 positions at their `acd` depths, MVV-LVA
//!   order, material evaluation ([`PointValues`]), the adapter's end-of-game rules (mate,
//!   stalemate, fifty moves, insufficient material), no repetition. `hand-written` is a plain
//!   fail-soft alpha-beta on `shakmaty::Chess` written in this file; `AlphaBeta` and
//!   `Engine::new` (every option off) must search its tree node for node. The same hand-written
//!   search on the adapter (`ChessGame` through the `Game` trait, played as the searchers play:
//!   a copy and `play_in_place`, the horizon by `move_count`) splits the difference into what
//!   the adapter costs and what the searcher costs.
//! - **Chess, against the peer.** The `minimax` crate 0.6's `Negamax` (plain alpha-beta; it
//!   shuffles the root moves, so its tree differs slightly and only per node is compared) and
//!   `IterativeSearch` (its default options, and with its exact extras) against `AlphaBeta` and
//!   `Engine::exact` at the same depth, on the same adapter, evaluation and order, each searcher
//!   fresh for each position. Its node counts are the moves it played, plus the root.
//! - **Perft**: the adapter's `generate_moves`, a copy + `play_in_place`, and `move_count` at the
//!   last ply, against `shakmaty::perft`.
//! - **Tic-tac-toe and Connect Four**: `AlphaBeta`, `Engine::new` and `minimax::Negamax`, then
//!   `Engine::exact` (its value asserted equal to `AlphaBeta`'s) and `minimax::IterativeSearch`.

use std::hint::black_box;
use std::time::Duration;

use game_chess::shakmaty::{self, Chess, Color, Position};
use game_chess::{ChessConfig, ChessGame, MoveOrdering, PointValues, perft, positions};
use game_search::game_tictactoe::{Heuristic, TicTacToe};
use game_search::games::connect_four::{ConnectFour, OpenWindows};
use game_search_lab::peer::{PeerEval, peer_search};
use minimax::Strategy;
use search_core::engine::Engine;
use search_core::reference::AlphaBeta;
use search_core::{
    Evaluate, Game, Limits, MoveList, Outcome, Score, SearchResult, Searcher, ZobristHash, order_by_hint,
    outcome_score, static_score,
};

// ---- the hand-written alpha-beta ------------------------------------------------------------

/// Plain fail-soft alpha-beta in negamax form directly on shakmaty: the limit of what the
/// framework's overhead can be. Same rules, evaluation and (stable MVV-LVA) order as the adapter.
fn hand_written(position: &Chess, depth: u32, ply: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut moves = position.legal_moves();
    if moves.is_empty() {
        return if position.is_check() {
            outcome_score(Outcome::Loss, ply).raw()
        } else {
            0
        };
    }
    if position.halfmoves() >= 100 || position.is_insufficient_material() {
        return 0;
    }
    if depth == 0 {
        let white = PointValues::VALUES.balance(position.board());
        return if position.turn() == Color::White {
            white
        } else {
            -white
        };
    }
    sort_mvv_lva(&mut moves);
    let mut best = -i32::MAX;
    for &mv in &moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let score = -hand_written(&child, depth - 1, ply + 1, -beta, -alpha, nodes);
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
    }
    best
}

/// MVV-LVA, stably, as a hand-written search would: keys once, then an insertion sort (the few
/// captures move past the quiet moves).
fn sort_mvv_lva(moves: &mut shakmaty::MoveList) {
    let mut keys = [0i32; 256];
    for (key, &mv) in keys.iter_mut().zip(moves.iter()) {
        *key = MoveOrdering::MvvLva.key(mv);
    }
    for next in 1..moves.len() {
        let (key, mv) = (keys[next], moves[next]);
        let mut slot = next;
        while slot > 0 && keys[slot - 1] < key {
            keys[slot] = keys[slot - 1];
            moves[slot] = moves[slot - 1];
            slot -= 1;
        }
        keys[slot] = key;
        moves[slot] = mv;
    }
}

/// The hand-written search from the root: (nodes, value, best move).
fn hand_written_root(position: &Chess, depth: u32) -> (u64, i32, Option<shakmaty::Move>) {
    let mut nodes = 1;
    let mut moves = position.legal_moves();
    sort_mvv_lva(&mut moves);
    let (mut best, mut best_move) = (-i32::MAX, None);
    for &mv in &moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let score = -hand_written(&child, depth - 1, 1, -i32::MAX, -best, &mut nodes);
        if score > best {
            best = score;
            best_move = Some(mv);
        }
    }
    (nodes, best, best_move)
}

/// The same alpha-beta written by hand on the adapter (`ChessGame` through the `Game` trait, the
/// project's evaluator and `order_by_hint`), without statistics, tracing or a principal
/// variation: what the adapter costs, apart from the searcher.
fn hand_written_on_adapter(
    game: &ChessGame,
    depth: u32,
    ply: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        // A horizon needs only the number of moves (is the game over?).
        return match game.outcome(game.move_count()) {
            Some(outcome) => outcome_score(outcome, ply).raw(),
            None => static_score(&PointValues, game).raw(),
        };
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    if let Some(outcome) = game.outcome(moves.len()) {
        return outcome_score(outcome, ply).raw();
    }
    order_by_hint(game, &mut moves);
    let mut best = -i32::MAX;
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play_in_place(mv);
        let score = -hand_written_on_adapter(&child, depth - 1, ply + 1, -beta, -alpha, nodes);
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
    }
    best
}

// ---- the `minimax` crate on this project's games -------------------------------------------

// ---- timing tables ------------------------------------------------------------------------

/// This thread's CPU time (a neighbour's load on a shared machine does not count).
fn thread_cpu_time() -> Duration {
    let time = nix::time::clock_gettime(nix::time::ClockId::CLOCK_THREAD_CPUTIME_ID)
        .expect("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::from(time)
}

/// A contender: searches item `i` of the workload, returns the nodes it visited.
type Run<'a> = Box<dyn FnMut(usize) -> u64 + 'a>;

/// Runs every contender on each of `items` work items in turn, `reps` times, and prints each
/// one's time per node relative to the first: the median of the per-repetition ratios, [min-max].
/// Thread CPU time; the contenders take turns item by item, so a slow patch of the machine falls
/// on all of them. Whether it ran (the `--table` and `--only` filters may leave it out).
fn table(title: &str, reps: usize, items: usize, contenders: &mut [(&str, Run)]) -> bool {
    // `--only NAME`: just the contenders whose name contains NAME; `--table TEXT`: just the tables
    // whose title contains TEXT (for profiling).
    let only = std::env::args().skip_while(|arg| arg != "--only").nth(1);
    let table_filter = std::env::args().skip_while(|arg| arg != "--table").nth(1);
    if table_filter.is_some_and(|text| !title.contains(text.as_str())) {
        return false;
    }
    let mut kept: Vec<(&str, &mut Run)> = contenders
        .iter_mut()
        .filter(|(name, _)| only.as_ref().is_none_or(|only| name.contains(only.as_str())))
        .map(|(name, run)| (*name, run))
        .collect();
    if kept.is_empty() {
        return false;
    }
    println!("\n{title}");
    let mut nodes = vec![0u64; kept.len()];
    // times[contender][rep]
    let mut times: Vec<Vec<Duration>> = vec![Vec::with_capacity(reps); kept.len()];
    for _ in 0..reps {
        nodes.fill(0);
        let mut this_rep = vec![Duration::ZERO; kept.len()];
        for item in 0..items {
            for (index, (_, run)) in kept.iter_mut().enumerate() {
                let start = thread_cpu_time();
                nodes[index] += run(item);
                this_rep[index] += thread_cpu_time() - start;
            }
        }
        for (contender, time) in times.iter_mut().zip(this_rep) {
            contender.push(time);
        }
    }
    println!(
        "  {:<34} {:>12} {:>10} {:>9} {:>22}",
        "contender", "nodes", "ms", "ns/node", "per node vs first row"
    );
    let per_node = |index: usize, rep: usize| times[index][rep].as_secs_f64() / nodes[index] as f64;
    for (index, (name, _)) in kept.iter().enumerate() {
        let ratios: Vec<f64> = (0..reps)
            .map(|rep| per_node(index, rep) / per_node(0, rep))
            .collect();
        let (low, mid, high) = spread(&ratios);
        let millis: Vec<f64> = times[index].iter().map(|time| time.as_secs_f64() * 1e3).collect();
        let nanos: Vec<f64> = (0..reps).map(|rep| per_node(index, rep) * 1e9).collect();
        println!(
            "  {:<34} {:>12} {:>10.1} {:>9.1} {:>10.2} [{low:.2}-{high:.2}]",
            name,
            nodes[index],
            spread(&millis).1,
            spread(&nanos).1,
            mid
        );
    }
    true
}

fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    (sorted[0], sorted[sorted.len() / 2], sorted[sorted.len() - 1])
}

/// One search of `root` to `depth`: its nodes.
fn nodes_of<G: Game, S: Searcher<G>>(searcher: &mut S, (root, depth): &(G, u32)) -> u64 {
    black_box(searcher.search(root, &Limits::depth(*depth)))
        .stats
        .nodes
}

fn same_tree<M: PartialEq + std::fmt::Debug>(what: &str, a: &SearchResult<M>, b: &SearchResult<M>) {
    assert_eq!(
        (a.stats.nodes, a.score, &a.best_move),
        (b.stats.nodes, b.score, &b.best_move),
        "{what}: not the same tree"
    );
}

// ---- the tables ---------------------------------------------------------------------------

/// The chess tables: against the limit and against the peer on the thesis's positions (their
/// trees checked first), and perft.
fn chess(reps: usize, quick: bool) {
    let roots = chess_roots(quick);
    check_identical_trees(&roots);
    against_the_limit(reps, &roots);
    against_the_peer(reps, &roots);
    perft_table(reps, quick);
}

/// The thesis's 24 positions with their `acd` depths (one ply less in `--quick`), MVV-LVA
/// order, no repetition.
fn chess_roots(quick: bool) -> Vec<(ChessGame, u32)> {
    let config = ChessConfig::default()
        .with_ordering(MoveOrdering::MvvLva)
        .with_repetition(false);
    positions::thesis_24()
        .iter()
        .map(|record| {
            let depth = record.analysis_depth.unwrap_or(4) - u32::from(quick);
            (record.game(config), depth)
        })
        .collect()
}

/// Identical trees first: asserts that the hand-written search (on shakmaty and on the
/// adapter), `AlphaBeta` and `Engine::new` search the same tree on every root, and that
/// `Engine::exact` finds the same value.
fn check_identical_trees(roots: &[(ChessGame, u32)]) {
    for (root, depth) in roots {
        let (nodes, value, best) = hand_written_root(root.chess(), *depth);
        let reference = AlphaBeta::new(PointValues).search(root, &Limits::depth(*depth));
        assert_eq!(
            (nodes, Score::cp(value), best.as_ref()),
            (
                reference.stats.nodes,
                reference.score,
                reference.best_move.as_ref()
            ),
            "hand-written and AlphaBeta differ on {}",
            root.fen()
        );
        let mut adapter_nodes = 0;
        let adapter_value = hand_written_on_adapter(root, *depth, 0, -i32::MAX, i32::MAX, &mut adapter_nodes);
        assert_eq!(
            (adapter_nodes, Score::cp(adapter_value)),
            (reference.stats.nodes, reference.score),
            "hand-written on the adapter and AlphaBeta differ on {}",
            root.fen()
        );
        let plain = Engine::new(PointValues).search(root, &Limits::depth(*depth));
        same_tree(&root.fen(), &reference, &plain);
        let exact = Engine::exact(PointValues).search(root, &Limits::depth(*depth));
        assert_eq!(
            exact.score,
            reference.score,
            "Engine::exact's value on {}",
            root.fen()
        );
    }
    println!(
        "identical trees: hand-written (on shakmaty and on the adapter) = AlphaBeta = Engine::new \
         on all {} positions; Engine::exact finds the same values",
        roots.len()
    );
}

/// The table against the limit: the hand-written search on shakmaty and on the adapter,
/// `AlphaBeta` and `Engine::new`.
fn against_the_limit(reps: usize, roots: &[(ChessGame, u32)]) {
    table(
        "chess, the thesis's 24 positions at acd depth, MVV-LVA, material: against the limit",
        reps,
        roots.len(),
        &mut [
            (
                "hand-written on shakmaty",
                Box::new(|i| black_box(hand_written_root(roots[i].0.chess(), roots[i].1)).0),
            ),
            (
                "hand-written on the adapter",
                Box::new(|i| {
                    let mut nodes = 0;
                    black_box(hand_written_on_adapter(
                        &roots[i].0,
                        roots[i].1,
                        0,
                        -i32::MAX,
                        i32::MAX,
                        &mut nodes,
                    ));
                    nodes
                }),
            ),
            (
                "reference::AlphaBeta",
                Box::new(|i| nodes_of(&mut AlphaBeta::new(PointValues), &roots[i])),
            ),
            (
                "Engine::new",
                Box::new(|i| nodes_of(&mut Engine::new(PointValues), &roots[i])),
            ),
        ],
    );
}

/// The table against the peer: the `minimax` crate's `Negamax` and `IterativeSearch` against
/// `AlphaBeta` and `Engine::exact`, a fresh searcher per position.
fn against_the_peer(reps: usize, roots: &[(ChessGame, u32)]) {
    let iterative = |extras: bool, depth: u32| {
        let mut options = minimax::IterativeOptions::new().with_table_byte_size(16 << 20);
        if extras {
            options = options.with_countermoves().with_countermove_history();
        }
        let mut search = minimax::IterativeSearch::new(PeerEval::new(PointValues), options);
        search.set_max_depth(depth as u8);
        search
    };
    let printed = table(
        "chess, the same positions: against the minimax crate (a fresh searcher per position)",
        reps,
        roots.len(),
        &mut [
            (
                "reference::AlphaBeta",
                Box::new(|i| nodes_of(&mut AlphaBeta::new(PointValues), &roots[i])),
            ),
            (
                "minimax::Negamax",
                Box::new(|i| {
                    let depth = roots[i].1 as u8;
                    peer_search(
                        &mut minimax::Negamax::new(PeerEval::new(PointValues), depth),
                        &roots[i].0,
                    )
                }),
            ),
            (
                "Engine::exact",
                Box::new(|i| nodes_of(&mut Engine::exact(PointValues), &roots[i])),
            ),
            (
                "minimax::IterativeSearch default",
                Box::new(|i| peer_search(&mut iterative(false, roots[i].1), &roots[i].0)),
            ),
            (
                "minimax::IterativeSearch +counter",
                Box::new(|i| peer_search(&mut iterative(true, roots[i].1), &roots[i].0)),
            ),
        ],
    );
    if printed {
        println!("  (`ms`: the whole set, CPU time; Engine::exact's goal is 1.5× less than IterativeSearch)");
    }
}

/// Perft through the adapter against shakmaty's own (the start position and kiwipete, a ply
/// less in `--quick`), the counts asserted equal first.
fn perft_table(reps: usize, quick: bool) {
    let start = ChessGame::startpos(ChessConfig::default());
    let kiwipete = ChessGame::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ChessConfig::default(),
    )
    .expect("kiwipete");
    let depth = if quick { 4 } else { 5 };
    let perfts = [(start, depth), (kiwipete, depth - 1)];
    for (game, depth) in &perfts {
        assert_eq!(
            perft(game, *depth),
            shakmaty::perft(game.chess(), *depth),
            "perft"
        );
    }
    table(
        "perft (start position and kiwipete): the adapter against shakmaty",
        reps,
        perfts.len(),
        &mut [
            (
                "shakmaty::perft",
                Box::new(|i| shakmaty::perft(black_box(perfts[i].0.chess()), perfts[i].1)),
            ),
            (
                "game_chess::perft (adapter)",
                Box::new(|i| perft(black_box(&perfts[i].0), perfts[i].1)),
            ),
        ],
    );
}

/// `AlphaBeta`, `Engine::new` (asserted to search the same tree), `minimax::Negamax`,
/// `Engine::exact` (asserted to find the same value) and `minimax::IterativeSearch` on a small
/// game, `repeat` searches of `root` per repetition, each by a fresh searcher.
fn small_game<G, E>(title: &str, reps: usize, root: &G, depth: u32, repeat: usize, evaluator: impl Fn() -> E)
where
    G: Game + ZobristHash,
    G::Move: Eq + std::fmt::Debug,
    E: Evaluate<G>,
{
    let limits = Limits::depth(depth);
    let reference = AlphaBeta::new(evaluator()).search(root, &limits);
    same_tree(title, &reference, &Engine::new(evaluator()).search(root, &limits));
    let exact = Engine::exact(evaluator()).search(root, &limits);
    assert_eq!(exact.score, reference.score, "{title}: Engine::exact's value");
    let iterative = || {
        let options = minimax::IterativeOptions::new().with_table_byte_size(16 << 20);
        let mut search = minimax::IterativeSearch::new(PeerEval::new(evaluator()), options);
        search.set_max_depth(depth as u8);
        search
    };
    let work = (root.clone(), depth);
    table(
        title,
        reps,
        repeat,
        &mut [
            (
                "reference::AlphaBeta",
                Box::new(|_| nodes_of(&mut AlphaBeta::new(evaluator()), &work)),
            ),
            (
                "Engine::new",
                Box::new(|_| nodes_of(&mut Engine::new(evaluator()), &work)),
            ),
            (
                "minimax::Negamax",
                Box::new(|_| {
                    peer_search(
                        &mut minimax::Negamax::new(PeerEval::new(evaluator()), depth as u8),
                        root,
                    )
                }),
            ),
            (
                "Engine::exact",
                Box::new(|_| nodes_of(&mut Engine::exact(evaluator()), &work)),
            ),
            (
                "minimax::IterativeSearch default",
                Box::new(|_| peer_search(&mut iterative(), root)),
            ),
        ],
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|arg| arg == "--quick");
    let reps = args
        .iter()
        .position(|arg| arg == "--reps")
        .and_then(|index| args.get(index + 1))
        .and_then(|text| text.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 })
        .max(1);
    // The chess tables (and their tree checks) only if a `--table` filter does not leave them out.
    let table_filter = args.iter().skip_while(|arg| *arg != "--table").nth(1);
    if table_filter.is_none_or(|text| "chess perft".contains(text.as_str())) {
        chess(reps, quick);
    }
    small_game(
        "tic-tac-toe, empty board to the end (x20)",
        reps,
        &TicTacToe::new(),
        9,
        20,
        || Heuristic,
    );
    small_game(
        "Connect Four, empty board, depth 8",
        reps,
        &ConnectFour::new(),
        8,
        1,
        OpenWindows::new,
    );
}
