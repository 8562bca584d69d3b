//! Limits of depth: no searcher overflows the stack on a long forced line, even with large moves
//! and on a small thread stack (`search_core::stack`), and no evaluation beyond the scale leaves a
//! searcher without a move.

use search_core::engine::Engine;
use search_core::random_tree::RandomTree;
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
use search_core::{Game, Limits, MoveList, Outcome, Player, Score, Searcher, ZobristHash};

/// A forced line of `length` plies with one 64-byte move in each position (a move list of them is
/// 16 KiB), the sides alternating, drawn at the end; every 7th move is noisy, so quiescence runs
/// deep too.
#[derive(Clone, Debug)]
struct Corridor {
    ply: u32,
    length: u32,
}

impl Game for Corridor {
    type Move = [u8; 64];

    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<[u8; 64]>) {
        if self.ply < self.length {
            let mut mv = [0; 64];
            mv[..4].copy_from_slice(&self.ply.to_le_bytes());
            moves.push(mv);
        }
    }

    fn play(&self, _mv: [u8; 64]) -> Self {
        Corridor {
            ply: self.ply + 1,
            ..*self
        }
    }

    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then_some(Outcome::Draw)
    }

    fn is_noisy(&self, _mv: [u8; 64]) -> bool {
        self.ply % 7 != 0
    }
}

impl ZobristHash for Corridor {
    fn zobrist(&self) -> u64 {
        u64::from(self.ply).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

fn flat(_: &Corridor) -> Score {
    Score::cp(1)
}

/// Runs `check` on a thread with a 256 KiB stack: a few plies of 16 KiB move lists would
/// overflow it without `search_core::stack`.
fn on_a_small_stack(check: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(check)
        .expect("a thread")
        .join()
        .expect("no panic");
}

#[test]
fn the_references_search_a_3000_ply_line_on_a_small_stack() {
    on_a_small_stack(|| {
        let root = Corridor { ply: 0, length: 3000 };
        let limits = Limits::depth(u32::MAX);
        let searchers: Vec<Box<dyn Searcher<Corridor>>> = vec![
            Box::new(Minimax::new(flat)),
            Box::new(Negamax::new(flat)),
            Box::new(AlphaBeta::new(flat)),
            Box::new(AlphaBetaMinimax::new(flat)),
            Box::new(MinimaxQuiescence::new(flat)),
        ];
        for mut searcher in searchers {
            let result = searcher.search(&root, &limits);
            assert_eq!(result.score, Score::DRAW, "{}", searcher.name());
            assert_eq!(result.stats.nodes, 3001, "{}", searcher.name());
            assert_eq!(result.pv.len(), 3000, "{}", searcher.name());
        }
    });
}

#[test]
fn the_engine_searches_to_its_ply_limit_on_a_small_stack() {
    on_a_small_stack(|| {
        let root = Corridor { ply: 0, length: 3000 };
        for mut engine in [Engine::new(flat), Engine::exact(flat), Engine::strongest(flat)] {
            // Beyond MAX_SEARCH_PLY the engine values positions statically.
            let result = engine.search(&root, &Limits::depth(1000));
            assert!(result.best_move.is_some(), "{}", engine.name());
            assert!(
                result.stats.seldepth + 1 >= search_core::engine::MAX_SEARCH_PLY,
                "{}: seldepth {}",
                engine.name(),
                result.stats.seldepth
            );
        }
    });
}

#[test]
fn an_evaluation_beyond_the_scale_leaves_no_reference_without_a_move() {
    // An evaluator that answers INFINITY everywhere: clamped into ±MAX_EVAL by every searcher.
    let broken = |_: &RandomTree| Score::INFINITY;
    let tree = RandomTree::new(2, 3, 4);
    let searchers: Vec<Box<dyn Searcher<RandomTree>>> = vec![
        Box::new(Minimax::new(broken)),
        Box::new(Negamax::new(broken)),
        Box::new(AlphaBeta::new(broken)),
        Box::new(AlphaBetaMinimax::new(broken)),
        Box::new(MinimaxQuiescence::new(broken)),
    ];
    for mut searcher in searchers {
        let result = searcher.search(&tree, &Limits::depth(3));
        assert!(result.best_move.is_some(), "{}", searcher.name());
        assert_eq!(
            result.score.raw().abs(),
            Score::MAX_EVAL.raw(),
            "{}",
            searcher.name()
        );
    }
}
