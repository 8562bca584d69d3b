//! The peer this project measures itself against: the `minimax` crate (edre/minimax-rs 0.6),
//! driven on this project's games, so that its searchers (`Negamax`, `IterativeSearch`,
//! `MonteCarloTreeSearch`) and ours run on the same move generation, order, evaluation and
//! end-of-game rules (the per-node and MCTS benchmarks, the `mcts_versus` program).

use std::cell::Cell;
use std::hint::black_box;
use std::marker::PhantomData;

use minimax::{Evaluation, Strategy, Winner};
use search_core::{Evaluate, Game, MoveList, Outcome, ZobristHash, order_by_hint, static_score};

thread_local! {
    /// Positions the `minimax` crate's searches created on this thread (one per move played).
    static PLAYED: Cell<u64> = const { Cell::new(0) };
}

/// Any of this project's games as a `minimax::Game`: the same move generation, the game's order
/// (applied where moves are searched, as this project's searchers do), the same end-of-game
/// rules. (The `minimax` crate has no extra turns: its players alternate.)
pub struct Peer<G>(PhantomData<G>);

/// A finished game's outcome (for the side to move) as the `minimax` crate's winner.
#[must_use]
pub fn winner(outcome: Outcome) -> Winner {
    match outcome {
        Outcome::Loss => Winner::PlayerJustMoved,
        Outcome::Win => Winner::PlayerToMove,
        Outcome::Draw => Winner::Draw,
        Outcome::Margin(margin) if margin > 0 => Winner::PlayerToMove,
        Outcome::Margin(margin) if margin < 0 => Winner::PlayerJustMoved,
        Outcome::Margin(_) => Winner::Draw,
    }
}

impl<G: Game + ZobristHash> minimax::Game for Peer<G>
where
    G::Move: Eq,
{
    type S = G;
    type M = G::Move;

    fn generate_moves(state: &G, moves: &mut Vec<G::Move>) -> Option<Winner> {
        let mut list = MoveList::new();
        state.generate_moves(&mut list);
        if let Some(outcome) = state.outcome(list.len()) {
            return Some(winner(outcome));
        }
        order_by_hint(state, &mut list);
        moves.extend_from_slice(&list);
        None
    }

    fn apply(state: &mut G, mv: G::Move) -> Option<G> {
        PLAYED.with(|played| played.set(played.get() + 1));
        Some(state.play(mv))
    }

    fn get_winner(state: &G) -> Option<Winner> {
        let mut list = MoveList::new();
        state.generate_moves(&mut list);
        state.outcome(list.len()).map(winner)
    }

    fn zobrist_hash(state: &G) -> u64 {
        state.zobrist()
    }
}

/// This project's evaluator as a `minimax::Evaluator` (the same values, in `i16`).
#[derive(Clone)]
pub struct PeerEval<G, E>(E, PhantomData<G>);

impl<G, E> PeerEval<G, E> {
    /// Wraps `evaluator`.
    pub fn new(evaluator: E) -> Self {
        PeerEval(evaluator, PhantomData)
    }
}

impl<G: Game + ZobristHash, E: Evaluate<G>> minimax::Evaluator for PeerEval<G, E>
where
    G::Move: Eq,
{
    type G = Peer<G>;
    fn evaluate(&self, state: &G) -> Evaluation {
        static_score(&self.0, state).raw().clamp(-30_000, 30_000) as Evaluation
    }
}

/// One search by a `minimax` crate strategy on this thread: the nodes it created (one per move
/// played, and the root).
pub fn peer_search<G: Game + ZobristHash>(strategy: &mut (impl Strategy<Peer<G>> + ?Sized), root: &G) -> u64
where
    G::Move: Eq,
{
    PLAYED.with(|played| played.set(0));
    black_box(strategy.choose_move(root));
    PLAYED.with(Cell::get) + 1
}
