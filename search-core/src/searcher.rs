//! [`Searcher`], the trait every searcher implements, and its [`SearchResult`].

use crate::{Game, Limits, Player, Score, SearchStats};

/// What a searcher has proven about a position (the MCTS-Solver, a solver): the game-theoretic
/// result under perfect play from both sides, whoever is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// This player wins.
    Won(Player),
    /// Neither side can win.
    Drawn,
}

impl Proof {
    /// The reward of this result for [`Player::First`]: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn reward(self) -> f64 {
        match self {
            Proof::Won(Player::First) => 1.0,
            Proof::Won(Player::Second) => 0.0,
            Proof::Drawn => 0.5,
        }
    }

    /// The result from `player`'s side: `1` a win, `0` a draw, `-1` a loss.
    #[must_use]
    pub fn sign_for(self, player: Player) -> i32 {
        match self {
            Proof::Won(winner) if winner == player => 1,
            Proof::Won(_) => -1,
            Proof::Drawn => 0,
        }
    }
}

/// What a search found for one root move, kept by the searchers that gather statistics per move
/// (Monte Carlo tree search); the others leave [`SearchResult::root_moves`] empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// The iterations (MCTS) that went through it.
    pub visits: u64,
    /// Its value for the root's side to move: a proven result as a decided score (or a draw),
    /// else MCTS's mean reward `q` as `2q - 1` in thousandths.
    pub score: Score,
    /// What was proven about the position after it.
    pub proof: Option<Proof>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The root's value from the point of view of the side to move at the root (for every
    /// searcher, the two-sided minimax included).
    pub score: Score,
    /// The best move, or `None` when the root is finished or was searched to depth 0.
    pub best_move: Option<M>,
    /// The principal variation: the best line from the root, starting with `best_move`.
    pub pv: Vec<M>,
    /// The depth (plies) of the last completed search.
    pub depth: u32,
    /// What the search did.
    pub stats: SearchStats,
    /// Every root move with its statistics, in move order, for the searchers that keep them
    /// (Monte Carlo tree search: visits, value, proof); empty for the others.
    pub root_moves: Vec<RootMove<M>>,
}

/// A game-tree searcher: a reference algorithm or a configured engine.
///
/// Searchers own their evaluator and their configuration, so that a list of differently
/// configured searchers can be run side by side (`Vec<Box<dyn Searcher<G>>>`). A box of a
/// searcher is a searcher too, so such a list can be handed on, for instance to
/// [`CrossCheck`](crate::testing::CrossCheck):
///
/// ```
/// use search_core::random_tree::{RandomTree, TreeValue};
/// use search_core::reference::{AlphaBeta, Negamax};
/// use search_core::testing::CrossCheck;
/// use search_core::Searcher;
///
/// let searchers: Vec<Box<dyn Searcher<RandomTree>>> =
///     vec![Box::new(Negamax::new(TreeValue)), Box::new(AlphaBeta::new(TreeValue))];
/// let mut check = CrossCheck::minimax(TreeValue).depths(1..=3);
/// for searcher in searchers {
///     check = check.searcher(searcher);
/// }
/// check.run(&[RandomTree::new(1, 3, 3)]).assert_agree();
/// ```
pub trait Searcher<G: Game> {
    /// A short name for reports ("alphabeta", "engine(tt,killers)").
    fn name(&self) -> &str;

    /// Searches `root` within `limits`.
    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move>;
}

/// A searcher that can also give the exact value of every root move, so that a cross-check can
/// accept any of several equally good best moves.
pub trait Reference<G: Game>: Searcher<G> {
    /// Every legal root move with its exact value at `depth` (the move's subtree searched to
    /// `depth - 1`), from the root's side to move's point of view, in generation order. Empty if
    /// the root is finished, a chance node (nobody chooses there) or `depth` is 0.
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)>;

    /// Whether this is the two-sided [`Minimax`](crate::reference::Minimax), the reference of
    /// record, which [`CrossCheck`](crate::testing::CrossCheck) trusts without checking it
    /// against itself. `false` (the default) for every other searcher.
    fn is_reference_of_record(&self) -> bool {
        false
    }
}

impl<G: Game, S: Searcher<G> + ?Sized> Searcher<G> for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        (**self).search(root, limits)
    }
}

impl<G: Game, R: Reference<G> + ?Sized> Reference<G> for Box<R> {
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)> {
        (**self).root_move_scores(root, depth)
    }

    fn is_reference_of_record(&self) -> bool {
        (**self).is_reference_of_record()
    }
}
