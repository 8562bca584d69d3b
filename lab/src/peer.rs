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
        ordered_moves(state, |list| moves.extend_from_slice(list))
    }

    fn apply(state: &mut G, mv: G::Move) -> Option<G> {
        PLAYED.with(|played| played.set(played.get() + 1));
        Some(state.play(mv))
    }

    fn get_winner(state: &G) -> Option<Winner> {
        get_winner(state)
    }

    fn zobrist_hash(state: &G) -> u64 {
        state.zobrist()
    }
}

/// The game's moves in its order (handed to `take`), or its winner if it is over.
fn ordered_moves<G: Game>(state: &G, take: impl FnOnce(&[G::Move])) -> Option<Winner> {
    let mut list = MoveList::new();
    state.generate_moves(&mut list);
    if let Some(outcome) = state.outcome(list.len()) {
        return Some(winner(outcome));
    }
    order_by_hint(state, &mut list);
    take(&list);
    None
}

fn get_winner<G: Game>(state: &G) -> Option<Winner> {
    let mut list = MoveList::new();
    state.generate_moves(&mut list);
    state.outcome(list.len()).map(winner)
}

/// A move of [`PeerWithPass`]: a move of the game, or a pass (the null move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerMove<M> {
    /// A move of the game.
    Play(M),
    /// Passing the turn (`Game::null_move`), for the `minimax` crate's null-move pruning only.
    Pass,
}

/// [`Peer`] with a pass move, so that the `minimax` crate's null-move pruning
/// (`IterativeOptions::with_null_move_depth`) can run on a game that has a null move
/// ([`Game::null_move`]: chess, not in check). Its moves are wrapped in [`PeerMove`], so it is
/// kept apart from `Peer`, whose per-node figures it would otherwise touch.
pub struct PeerWithPass<G>(PhantomData<G>);

impl<G: Game + ZobristHash> minimax::Game for PeerWithPass<G>
where
    G::Move: Eq,
{
    type S = G;
    type M = PeerMove<G::Move>;

    fn generate_moves(state: &G, moves: &mut Vec<PeerMove<G::Move>>) -> Option<Winner> {
        ordered_moves(state, |list| {
            moves.extend(list.iter().map(|&mv| PeerMove::Play(mv)))
        })
    }

    fn apply(state: &mut G, mv: PeerMove<G::Move>) -> Option<G> {
        PLAYED.with(|played| played.set(played.get() + 1));
        match mv {
            PeerMove::Play(mv) => Some(state.play(mv)),
            // `null_move` answered for this position before the pass was offered.
            PeerMove::Pass => state.null_move(),
        }
    }

    fn get_winner(state: &G) -> Option<Winner> {
        get_winner(state)
    }

    fn zobrist_hash(state: &G) -> u64 {
        state.zobrist()
    }

    fn null_move(state: &G) -> Option<PeerMove<G::Move>> {
        state.null_move().map(|_| PeerMove::Pass)
    }
}

/// This project's evaluator as a `minimax::Evaluator` (the same values, in `i16`) for the
/// adapter `A`: [`Peer`] ([`PeerEval::new`]) or [`PeerWithPass`] ([`PeerEval::with_pass`]).
pub struct PeerEval<E, A>(E, PhantomData<fn() -> A>);

impl<G, E> PeerEval<E, Peer<G>> {
    /// Wraps `evaluator`, for [`Peer`].
    pub fn new(evaluator: E) -> Self {
        PeerEval(evaluator, PhantomData)
    }
}

impl<G, E> PeerEval<E, PeerWithPass<G>> {
    /// Wraps `evaluator`, for [`PeerWithPass`]: the same values.
    pub fn with_pass(evaluator: E) -> Self {
        PeerEval(evaluator, PhantomData)
    }
}

impl<E: Clone, A> Clone for PeerEval<E, A> {
    fn clone(&self) -> Self {
        PeerEval(self.0.clone(), PhantomData)
    }
}

impl<A, E> minimax::Evaluator for PeerEval<E, A>
where
    A: minimax::Game,
    A::S: Game,
    E: Evaluate<A::S>,
{
    type G = A;
    fn evaluate(&self, state: &A::S) -> Evaluation {
        static_score(&self.0, state).raw().clamp(-30_000, 30_000) as Evaluation
    }
}

/// One search by a `minimax` crate strategy on this thread: the nodes it created (one per move
/// played, and the root).
pub fn peer_search<G: Game + ZobristHash, P: minimax::Game<S = G>>(
    strategy: &mut (impl Strategy<P> + ?Sized),
    root: &G,
) -> u64 {
    PLAYED.with(|played| played.set(0));
    black_box(strategy.choose_move(root));
    PLAYED.with(Cell::get) + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_chess::{ChessConfig, ChessGame, Evaluation, positions};
    use minimax::{IterativeOptions, IterativeSearch, Negamax};

    /// The pass move changes nothing but what null-move pruning can do: without it, the two
    /// adapters choose the same moves; with it, the search still answers with a legal move.
    #[test]
    fn the_pass_adapter_searches_as_the_plain_one_and_passes_only_when_asked() {
        let roots: Vec<ChessGame> = positions::thesis_24()
            .iter()
            .take(6)
            .map(|record| record.game(ChessConfig::default()))
            .collect();
        for root in &roots {
            let mut plain = Negamax::new(PeerEval::new(Evaluation::default()), 3);
            let mut with_pass = Negamax::new(PeerEval::with_pass(Evaluation::default()), 3);
            let chosen = plain.choose_move(root);
            assert!(chosen.is_some());
            assert_eq!(with_pass.choose_move(root), chosen.map(PeerMove::Play));

            let options = IterativeOptions::new().with_null_move_depth(2);
            let mut pruned = IterativeSearch::new(PeerEval::with_pass(Evaluation::default()), options);
            pruned.set_max_depth(4);
            let Some(PeerMove::Play(mv)) = pruned.choose_move(root) else {
                panic!("no move or a pass at the root");
            };
            let mut moves = MoveList::new();
            root.generate_moves(&mut moves);
            assert!(moves.contains(&mv));
        }
    }
}
