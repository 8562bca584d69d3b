//! Two-sided **minimax**, as in the thesis's Appendix G: the first player maximises, the second
//! minimises, and every value is **absolute** (from the first player's point of view).
//!
//! The rules (von Neumann 1928; the thesis, section 2.2):
//! - a position at the horizon is valued by the evaluation function;
//! - a position where the first player moves takes the **maximum** of its children's values;
//! - a position where the second player moves takes the **minimum**.
//!
//! The evaluator speaks for the side to move (as every [`Evaluate`] does); this searcher turns its
//! value into the first player's view with [`Player::sign`]. The result it reports is turned back
//! into the root's side-to-move view, so that every searcher's [`SearchResult`] compares directly.
//!
//! It reads [`Game::to_move`] at every node and never negates, so it is right whatever the turn
//! order: when a player moves twice in a row (an extra turn) it simply maximises (or minimises)
//! twice. That makes it the project's **reference of record**: every other searcher, the
//! negamax-form references included, is held to it (see [`crate::testing`]).
//!
//! **Chance nodes** make it *expectiminimax* (Michie 1966): where nature moves (a die roll,
//! [`Game::is_chance`]), a position is worth the weighted mean of its outcomes' values, rounded
//! as [`crate::chance`] defines. It is the reference of record for games with dice too.
//!
//! It visits every node to the given depth, exactly as [`Negamax`](super::Negamax) does: the two
//! are the same algorithm written two ways, and the cross-checks hold them to it.
//!
//! - **Invariant.** Every value inside the search is absolute (first player's view); a finished
//!   game scores with its distance from the root, so a nearer win is worth more. The best move is
//!   the first among equals in the game's order (a later move must be strictly better).
//! - **Exact or value-changing.** Exact by definition: this is the value the project calls
//!   minimax's, the oracle the other searchers are held to.
//! - **Cost.** Every node: `b^d` leaves in a uniform tree of branching `b` and depth `d`. One move
//!   generation per node, one evaluation per leaf, a principal-variation vector per improving
//!   child (on the heap: written for clarity, not speed), recursion `d` deep.
//!
//! Sources: von Neumann 1928, "Zur Theorie der Gesellschaftsspiele" (the minimax theorem);
//! Shannon 1950, "Programming a computer for playing chess" (minimax for chess with an evaluation
//! function at a fixed depth); the thesis, section 2.2 and Appendix G.

use super::plumbing::{self, Record, absolute};
use crate::stack::deeper;
use crate::{
    Evaluate, Game, Limits, MoveList, Player, Reference, Score, SearchResult, Searcher, order_by_hint,
    outcome_score, static_score,
};

/// The two-sided minimax searcher. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Minimax<E> {
    evaluator: E,
    record: Record,
}

impl<E> Minimax<E> {
    /// A minimax searcher that values horizon positions with `evaluator`.
    pub fn new(evaluator: E) -> Self {
        Minimax {
            evaluator,
            record: Record::default(),
        }
    }

    /// The absolute value (first player's view) of `game` searched `depth` plies deep, `ply`
    /// plies from the root; fills `pv` with the best line.
    fn minimax<G: Game>(&mut self, game: &G, depth: u32, ply: u32, pv: &mut Vec<G::Move>) -> Score
    where
        E: Evaluate<G>,
    {
        self.record.enter(depth, ply, None);
        // The outcome and the evaluator speak for the side to move: `absolute` turns their values
        // into the first player's view.
        let to_move = game.to_move();
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);

        // A finished game: win, loss or draw for the side to move, with its distance.
        if let Some(outcome) = game.outcome(moves.len()) {
            return self.record.leaf(absolute(to_move, outcome_score(outcome, ply)));
        }

        // The horizon: the evaluation function decides.
        if depth == 0 || moves.is_empty() {
            let value = static_score(&self.evaluator, game);
            return self.record.leaf(absolute(to_move, value));
        }

        // A chance node (a die roll): nature moves, and the position is worth the weighted mean
        // of its outcomes' values, absolute like every value here: expectiminimax's third kind of
        // node. The line stops here: nobody chooses the outcome.
        self.record.stats.interior_nodes += 1;
        if game.is_chance() {
            return plumbing::chance_mean(self, game, &moves, ply, |minimax, outcome| {
                minimax.minimax(outcome, depth - 1, ply + 1, &mut Vec::new())
            });
        }

        // The first player takes the maximum of its children, the second the minimum.
        let maximising = to_move == Player::First;
        let mut best_score = if maximising {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        // The game's own order (see the `reference` docs): the first best move found is returned.
        order_by_hint(game, &mut moves);
        // One buffer for the children's lines, emptied for each (its memory is kept).
        let mut child_pv = Vec::new();
        for &mv in moves.iter() {
            child_pv.clear();
            self.record.child(&mv);
            // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
            let score = deeper(ply, || {
                self.minimax(&game.play(mv), depth - 1, ply + 1, &mut child_pv)
            });
            let is_better = if maximising {
                score > best_score
            } else {
                score < best_score
            };
            if is_better {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.append(&mut child_pv);
            }
        }
        self.record.exit(best_score)
    }
}

plumbing::tracing!(Minimax);

impl<G: Game, E: Evaluate<G>> Searcher<G> for Minimax<E> {
    fn name(&self) -> &str {
        "minimax"
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = self.record.start();
        let mut pv = Vec::new();
        let value = self.minimax(root, limits.depth, 0, &mut pv);
        // Back to the root's side-to-move view, like every other searcher.
        let score = absolute(root.to_move(), value);
        self.record.finish(started, score, pv, limits.depth)
    }
}

impl<G: Game, E: Evaluate<G>> Reference<G> for Minimax<E> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        plumbing::root_move_scores(self, root, depth, |minimax, child| {
            absolute(
                root.to_move(),
                minimax.minimax(child, depth - 1, 1, &mut Vec::new()),
            )
        })
    }

    fn is_reference_of_record(&self) -> bool {
        true
    }
}
