//! **Monte Carlo tree search**: UCT (Kocsis & Szepesvári 2006, "Bandit based Monte-Carlo
//! planning") with the **MCTS-Solver** (Winands, Björnsson & Saito 2008, "Monte-Carlo tree search
//! solver"), for games without a good evaluation.
//!
//! The idea: instead of valuing positions with an evaluation at a fixed depth, play many games
//! out at random and grow a tree where the results are best. Every **iteration** walks down the
//! tree from the root, at each node choosing the child that maximises `mean + c · sqrt(ln N / n)`
//! for the side to move there (the **UCB1** bound: a child's mean reward, plus a bonus that
//! shrinks as it is tried more; `N` the node's visits, `n` the child's, `c` the exploration
//! constant), **expands** the first node not yet in the tree (adds a child per move), **plays
//! out** a game from it (random moves by default), and **backpropagates** the result (1 a win
//! for [`Player::First`], ½ a draw, 0 a loss) to every node on the way. Means are kept for the
//! first player and read for the side to move at each node, so any turn order works: a player who
//! moves again (Kalah, Dots and Boxes) simply chooses again.
//!
//! **The solver** proves what it can: a finished game is proven by its outcome; a node whose side
//! to move has a child proven won for it is won; a node whose children are all proven takes the
//! best of them (a draw if one is drawn, else a loss). A proven child is never chosen again (its
//! value is known), and a proven root ends the search. Draws are proven only when every child is
//! proven (Winands et al. prove wins and losses; the draw rule is the natural extension, exact
//! because a draw is proven only from a fully proven set of children), and a node with a proven
//! drawn child passes no result worse than a draw for its side to move up the tree (that side
//! can always take the draw: the pessimistic bound of score-bounded MCTS, Cazenave & Saffidine
//! 2010, for the one bound that matters here).
//! A game with scored endings ([`Outcome::Margin`]) is solved for the sign of the margin: who
//! wins, not by how much.
//!
//! **Chance nodes** ([`Game::is_chance`]: a die roll): an iteration draws nature's outcome by its
//! weight instead of choosing by UCB1, in the tree and in playouts, so the means estimate the
//! expectation; a chance node is proven only when every outcome is proven the same way (a mean
//! of a win and a loss is no result), and lines stop at chance nodes (nobody chooses there; a
//! chance root has no best move). Checked against expectiminimax on Pig (the games crate).
//!
//! The invariant: a proof is the minimax result of the position (win, draw or loss for the side
//! to move) under perfect play, checked against [`Minimax`](crate::reference::Minimax) on every
//! tic-tac-toe position, Nim, Connect Four endings, small Kalah and random trees (this module's
//! tests). Unproven values are estimates: MCTS is **value-changing**, its best move the most
//! visited (the "robust child"), converging to minimax's as iterations grow (Kocsis &
//! Szepesvári's result for UCT).
//!
//! The cost: per iteration, one walk down the tree (a `play` per level), one expansion (a move
//! generation) and one playout (a move generation and a `play` per ply to the game's end, or
//! to the cut-off). Memory: [`node_bytes`](Mcts::node_bytes) per node (40 for any of this project's
//! games, chess included) and no positions (they are replayed from the root), at most
//! [`with_node_cap`](Mcts::with_node_cap) nodes (default [`DEFAULT_NODE_CAP`]; or
//! [`with_memory_limit`](Mcts::with_memory_limit)): when the tree is full it stops growing and
//! iterations go on with playouts from its leaves.
//!
//! **Threads** ([`with_threads`](Mcts::with_threads)): root parallelisation (Cazenave &
//! Jouandeau 2007, "On the parallelization of UCT"; Chaslot, Winands & van den Herik 2008,
//! "Parallel Monte-Carlo tree search"): each thread grows a tree of its own from its own seed on a
//! share of the budgets, and the root moves' visits, rewards and proofs are summed. No lock, no
//! shared node: iterations per second scale with the cores, and a proof on any thread is a
//! proof (checked against minimax on two and three threads, more than the test machine's cores).
//!
//! ```
//! use search_core::mcts::Mcts;
//! use search_core::{Game, Limits, MoveList, Outcome, Player, Searcher};
//!
//! /// Take 1, 2 or 3; whoever takes the last item wins.
//! #[derive(Clone, Debug)]
//! struct Pile { items: u32, to_move: Player }
//! impl Game for Pile {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.items.min(3)) }
//!     fn play(&self, take: u32) -> Self { Pile { items: self.items - take, to_move: self.to_move.opponent() } }
//!     fn outcome(&self, legal_moves: usize) -> Option<Outcome> { (legal_moves == 0).then_some(Outcome::Loss) }
//! }
//!
//! // From 10 items, take 2 to leave a multiple of 4: the solver proves it a win.
//! let mut mcts = Mcts::new().with_seed(1).with_iterations(100_000);
//! let result = mcts.search(&Pile { items: 10, to_move: Player::First }, &Limits::default());
//! assert_eq!(result.best_move, Some(2));
//! assert!(result.score.is_mate() && result.score > search_core::Score::DRAW);
//! assert!(result.stats.iterations < 100_000, "a proven root ends the search");
//! ```

mod playout;
mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub use crate::rng::SplitMix64;
pub use playout::{PlayoutPolicy, UniformRandom};

use tree::{NodeId, ROOT, Tree};

use crate::trace::{Cut, Trace, TraceNode};
use crate::{
    Bound, Evaluate, Game, Limits, MoveList, Outcome, Player, Score, SearchResult, SearchStats, Searcher,
    static_score,
};
use crate::{Proof, RootMove};

/// The default cap on the tree's nodes (40 MiB at most for this project's games; a small game uses
/// what it needs).
pub const DEFAULT_NODE_CAP: usize = 1 << 20;

/// Iterations when neither the searcher nor the limits set any bound (no iteration count, node
/// count, deadline or stop flag).
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The default exploration constant, `sqrt(2)` (UCB1's, for rewards in `0..=1`).
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// A playout longer than this many plies is stopped and scored a draw (a game that need not end).
pub const MAX_PLAYOUT_PLIES: u32 = 1_000;

/// The evaluator of an [`Mcts`] without one: every position is even.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoEvaluation;

impl<G: Game> Evaluate<G> for NoEvaluation {
    fn evaluate(&self, _game: &G) -> Score {
        Score::DRAW
    }
}

/// Monte Carlo tree search (UCT with the MCTS-Solver). See the [module documentation](self).
///
/// `E` values a position where a playout is cut off ([`with_cutoff`](Mcts::with_cutoff)) or
/// which has no moves but is not over; `P` picks the playouts' moves.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, E = NoEvaluation, P = UniformRandom> {
    evaluator: E,
    policy: P,
    exploration: f64,
    iterations: Option<u64>,
    cutoff: Option<u32>,
    seed: u64,
    rng: SplitMix64,
    tree: Tree<G::Move>,
    /// The tree's root is a known position: the last one searched, or one `advance` reached
    /// from it.
    root_known: bool,
    /// `advance` moved the known root since the last search: the next search may reuse the
    /// tree (a search never reuses a tree for a position it was not told it reached).
    advanced: bool,
    stats: SearchStats,
    /// The cap on traced nodes, when tracing is on, and the last search's trace.
    trace_cap: Option<usize>,
    trace: Option<Trace>,
    /// The root moves the searches are restricted to (UCI `searchmoves`), if any.
    allowed_root_moves: Option<Vec<G::Move>>,
    /// Threads, each growing a tree of its own (root parallelisation).
    threads: u32,
}

impl<G: Game> Mcts<G> {
    /// UCT with the solver: random playouts to the end of the game, exploration `sqrt(2)`,
    /// seed 0, at most [`DEFAULT_NODE_CAP`] nodes.
    #[must_use]
    pub fn new() -> Self {
        Mcts {
            evaluator: NoEvaluation,
            policy: UniformRandom,
            exploration: DEFAULT_EXPLORATION,
            iterations: None,
            cutoff: None,
            seed: 0,
            rng: SplitMix64::new(0),
            tree: Tree::new(DEFAULT_NODE_CAP),
            root_known: false,
            advanced: false,
            stats: SearchStats::default(),
            trace_cap: None,
            trace: None,
            allowed_root_moves: None,
            threads: 1,
        }
    }
}

impl<G: Game> Default for Mcts<G> {
    fn default() -> Self {
        Mcts::new()
    }
}

impl<G: Game, E: Evaluate<G>, P: PlayoutPolicy<G>> Mcts<G, E, P> {
    /// Values cut-off playouts and move-less positions that are not over with `evaluator`
    /// (through a logistic: a score `s` for the side to move is worth `1 / (1 + 10^(-s / (4 ·
    /// unit)))`, so one unit, a pawn in chess, is worth a 64% expectation).
    #[must_use]
    pub fn with_evaluator<E2: Evaluate<G>>(self, evaluator: E2) -> Mcts<G, E2, P> {
        self.with_parts(|_, policy| (evaluator, policy))
    }

    /// Picks the playouts' moves with `policy` instead of uniformly at random.
    #[must_use]
    pub fn with_policy<P2: PlayoutPolicy<G>>(self, policy: P2) -> Mcts<G, E, P2> {
        self.with_parts(|evaluator, _| (evaluator, policy))
    }

    /// The same searcher with its evaluator and policy replaced by `replace`'s.
    fn with_parts<E2, P2>(self, replace: impl FnOnce(E, P) -> (E2, P2)) -> Mcts<G, E2, P2> {
        let Mcts {
            evaluator,
            policy,
            exploration,
            iterations,
            cutoff,
            seed,
            rng,
            tree,
            root_known,
            advanced,
            stats,
            trace_cap,
            trace,
            allowed_root_moves,
            threads,
        } = self;
        let (evaluator, policy) = replace(evaluator, policy);
        Mcts {
            evaluator,
            policy,
            exploration,
            iterations,
            cutoff,
            seed,
            rng,
            tree,
            root_known,
            advanced,
            stats,
            trace_cap,
            trace,
            allowed_root_moves,
            threads,
        }
    }

    /// Stops every playout after `plies` moves and values it with the evaluator (see
    /// [`with_evaluator`](Mcts::with_evaluator)); `0` values the expanded node itself.
    #[must_use]
    pub fn with_cutoff(mut self, plies: u32) -> Self {
        self.cutoff = Some(plies);
        self
    }

    /// The exploration constant `c` of UCB1 (default `sqrt(2)`; larger explores more). A
    /// negative or non-finite value is taken as 0 (pure exploitation).
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = if c.is_finite() { c.max(0.0) } else { 0.0 };
        self
    }

    /// Runs `iterations` iterations per search (at least 1), unless a limit or a proof stops it
    /// first.
    #[must_use]
    pub fn with_iterations(mut self, iterations: u64) -> Self {
        self.iterations = Some(iterations.max(1));
        self
    }

    /// Seeds the playouts' random numbers (every search starts from the seed): the same seed,
    /// position, tree and limits give the same search.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self.rng = SplitMix64::new(seed);
        self
    }

    /// Searches on `threads` threads (at least 1): **root parallelisation** (Cazenave &
    /// Jouandeau 2007; Chaslot, Winands & van den Herik 2008): each thread grows a tree of its
    /// own from its own seed (the main thread's, then the next ones), on a share of the iteration
    /// count, node budget and node cap, until the same clock and stop flag; their root moves'
    /// visits, rewards and proofs are then merged, and the move and line chosen from the merged
    /// root. No lock: the trees share nothing while they grow. Proofs stay sound (a proof in any
    /// tree is a proof), and the search stays deterministic for a given seed and iteration count.
    ///
    /// ```
    /// use search_core::mcts::Mcts;
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Searcher};
    /// let tree = RandomTree::new(3, 4, 6);
    /// let mut two = Mcts::new().with_evaluator(TreeValue).with_iterations(2_000).with_threads(2);
    /// let result = two.search(&tree, &Limits::default());
    /// assert_eq!(result.stats.iterations, 2_000);
    /// // Every iteration passes through a root move but each tree's first (it expands the root).
    /// assert_eq!(result.root_moves.iter().map(|m| m.visits).sum::<u64>(), 2_000 - 2);
    /// assert_eq!(two.search(&tree, &Limits::default()).best_move, result.best_move);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: u32) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Keeps at most `nodes` nodes in the tree (at least 1); when it is full, the tree stops
    /// growing and iterations go on with playouts from its leaves.
    #[must_use]
    pub fn with_node_cap(mut self, nodes: usize) -> Self {
        self.tree = Tree::new(nodes);
        self.root_known = false;
        self
    }

    /// Records the most visited part of each search's tree, at most `max_nodes` nodes (see
    /// [`trace`](Mcts::trace)).
    #[must_use]
    pub fn with_trace(mut self, max_nodes: usize) -> Self {
        self.trace_cap = Some(max_nodes);
        self
    }

    /// The most visited part of the last search's tree, if tracing is on: the nodes taken in
    /// order of visits (the root first, each node after its parent) up to the cap, each with its
    /// move, ply, visits (`n=`) and value for the player who made the move into it (the root's:
    /// for its side to move), as a [`Score`]: a proof as a decided win or loss at its distance
    /// from that player's move (the proof's line, not necessarily the shortest) or a draw, else
    /// the mean reward `q` as `2q - 1` in thousandths. Proven nodes carry [`Cut::Proven`]; the
    /// principal variation is marked; the depth is 0 (MCTS has no horizon).
    ///
    /// ```
    /// use search_core::mcts::Mcts;
    /// use search_core::random_tree::{RandomTree, TreeValue};
    /// use search_core::{Limits, Searcher};
    /// let mut mcts = Mcts::new().with_evaluator(TreeValue).with_iterations(500).with_trace(20);
    /// mcts.search(&RandomTree::new(3, 4, 6), &Limits::default());
    /// let trace = mcts.trace().unwrap();
    /// assert_eq!(trace.len(), 20);
    /// assert_eq!(trace.nodes()[0].visits, Some(500));
    /// assert!(trace.to_text().starts_with("root d0 n=500 = "));
    /// ```
    #[must_use]
    pub fn trace(&self) -> Option<&Trace> {
        self.trace.as_ref()
    }

    /// The value of node `id` for `player`, who is to move `before` plies above it (0 at the
    /// root, 1 for the player who moved into it), as a score (see [`trace`](Mcts::trace)).
    fn node_score(&self, id: NodeId, player: Player, before: u32) -> Score {
        let node = &self.tree.nodes[id as usize];
        let plies = node.proof_plies + before;
        match node.proof {
            Some(proof) => match proof.sign_for(player) {
                1 => Score::mate_in(plies),
                -1 => Score::mated_in(plies),
                _ => Score::DRAW,
            },
            None => Score::cp(((2.0 * node.mean_for(player) - 1.0) * 1000.0).round() as i32),
        }
    }

    /// Builds the trace of the tree's most visited `cap` nodes, `pv` marked.
    fn build_trace(&self, cap: usize, pv: &[NodeId]) -> Trace {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut nodes: Vec<TraceNode> = Vec::new();
        // (visits, earlier first, tree node, parent's trace index, ply)
        let mut queue = BinaryHeap::from([(u32::MAX, Reverse(0), ROOT, None::<usize>, 0u32)]);
        let mut order = 0;
        while let Some((_, _, id, parent, ply)) = queue.pop() {
            if nodes.len() == cap {
                queue.push((0, Reverse(0), id, parent, ply));
                break;
            }
            let node = &self.tree.nodes[id as usize];
            let (player, before) = match parent {
                Some(_) => (self.tree.nodes[node.parent as usize].to_move, 1),
                None => (node.to_move, 0),
            };
            let index = nodes.len();
            nodes.push(TraceNode {
                parent,
                children: Vec::new(),
                mv: node.mv.map(|mv| format!("{mv:?}")),
                depth: 0,
                ply,
                window: None,
                value: Some(self.node_score(id, player, before)),
                bound: Some(Bound::Exact),
                cut: (parent.is_some() && node.proof.is_some()).then_some(Cut::Proven),
                is_quiescence: false,
                is_pruned: false,
                is_pv: id == ROOT || pv.contains(&id),
                visits: Some(u64::from(node.visits)),
                is_chance: node.chance,
                probability: None,
                tt_hit: false,
            });
            if let Some(parent) = parent {
                nodes[parent].children.push(index);
            }
            for child in self.tree.children(id) {
                let visits = self.tree.nodes[child as usize].visits;
                if visits > 0 {
                    order += 1;
                    queue.push((visits, Reverse(order), child, Some(index), ply + 1));
                }
            }
        }
        Trace::from_nodes(cap, nodes, !queue.is_empty())
    }

    /// Keeps the tree within about `bytes` of memory: [`with_node_cap`](Mcts::with_node_cap) of
    /// `bytes` over [`node_bytes`](Mcts::node_bytes).
    #[must_use]
    pub fn with_memory_limit(self, bytes: usize) -> Self {
        let cap = bytes / Self::node_bytes();
        self.with_node_cap(cap)
    }

    /// What one node of the tree costs, in bytes (the arena holds nodes only, no positions).
    #[must_use]
    pub fn node_bytes() -> usize {
        std::mem::size_of::<tree::Node<G::Move>>()
    }

    /// Tells the searcher that `mv` was played from the position it last searched (or advanced
    /// to), so that the next search, from the new position, starts with the subtree already
    /// grown there. A move the tree does not know discards it. Call it for every move of the game
    /// (ours and the opponent's) between two searches; a search not preceded by `advance`
    /// starts from an empty tree (so the same position searched twice is searched alike).
    pub fn advance(&mut self, mv: G::Move) {
        if !self.root_known {
            return;
        }
        let child = self
            .tree
            .children(ROOT)
            .find(|&c| self.tree.nodes[c as usize].mv == Some(mv));
        match child.and_then(|c| self.tree.subtree(c)) {
            Some(subtree) => {
                self.tree = subtree;
                self.advanced = true;
            }
            None => self.discard_tree(),
        }
    }

    /// Restricts the next searches to these root moves (UCI `searchmoves`); `None` lifts it.
    /// Moves that are not legal at the root are ignored; if none is, the restriction is (as the
    /// engine's [`set_root_moves`](crate::engine::Engine::set_root_moves)).
    pub fn set_root_moves(&mut self, moves: Option<Vec<G::Move>>) {
        self.allowed_root_moves = moves;
    }

    /// Applies the root-move restriction to the root's `moves`, if any legal move survives it.
    fn restrict_root_moves(&self, moves: &mut MoveList<G::Move>) {
        if let Some(allowed) = &self.allowed_root_moves
            && moves.iter().any(|mv| allowed.contains(mv))
        {
            let mut kept = MoveList::new();
            kept.extend(moves.iter().copied().filter(|mv| allowed.contains(mv)));
            *moves = kept;
        }
    }

    /// Forgets the tree: the next search starts from scratch.
    pub fn discard_tree(&mut self) {
        self.tree = Tree::new(self.tree.cap);
        self.root_known = false;
        self.advanced = false;
    }

    /// Every root move of the last search with its visits, value and proof, in move order (the
    /// search's [`SearchResult::root_moves`]).
    #[must_use]
    pub fn root_moves(&self) -> Vec<RootMove<G::Move>> {
        let player = self.tree.nodes[ROOT as usize].to_move;
        self.tree
            .children(ROOT)
            .filter_map(|id| {
                let child = &self.tree.nodes[id as usize];
                Some(RootMove {
                    mv: child.mv?,
                    visits: u64::from(child.visits),
                    score: self.node_score(id, player, 1),
                    proof: child.proof,
                })
            })
            .collect()
    }

    /// What the solver proved about the root of the last search.
    #[must_use]
    pub fn root_proof(&self) -> Option<Proof> {
        self.tree.nodes[ROOT as usize].proof
    }

    /// The proof of a finished game: its outcome for `to_move`, as who wins.
    fn outcome_proof(outcome: Outcome, to_move: Player) -> Proof {
        let sign = match outcome {
            Outcome::Win => 1,
            Outcome::Loss => -1,
            Outcome::Draw => 0,
            Outcome::Margin(margin) => margin.signum(),
        };
        match sign {
            1 => Proof::Won(to_move),
            -1 => Proof::Won(to_move.opponent()),
            _ => Proof::Drawn,
        }
    }

    /// The evaluator's value of `game` as a reward for [`Player::First`].
    fn evaluation_reward(&self, game: &G) -> f64 {
        let score = f64::from(static_score(&self.evaluator, game).raw());
        let unit = f64::from(self.evaluator.unit().max(1));
        let for_mover = 1.0 / (1.0 + 10f64.powf(-score / (4.0 * unit)));
        if game.to_move() == Player::First {
            for_mover
        } else {
            1.0 - for_mover
        }
    }

    /// Plays `game`, `ply` plies from the root, out (its moves already in `moves`) and returns
    /// the reward for [`Player::First`].
    fn playout(&mut self, mut game: G, moves: &mut MoveList<G::Move>, ply: u32) -> f64 {
        self.stats.playouts += 1;
        let mut plies = 0;
        loop {
            if let Some(outcome) = game.outcome(moves.len()) {
                return Self::outcome_proof(outcome, game.to_move()).reward();
            }
            if moves.is_empty() || self.cutoff.is_some_and(|cutoff| plies >= cutoff) {
                return self.evaluation_reward(&game);
            }
            if plies >= MAX_PLAYOUT_PLIES {
                return 0.5;
            }
            let index = if game.is_chance() {
                crate::chance::sample_outcome(&game, moves, &mut self.rng)
            } else {
                self.policy.choose(&game, moves, &mut self.rng) % moves.len()
            };
            game = game.play(moves[index]);
            plies += 1;
            self.stats.nodes += 1;
            self.stats.leaf_nodes += 1;
            self.stats.seldepth = self.stats.seldepth.max(ply + plies);
            moves.clear();
            game.generate_moves(moves);
        }
    }

    /// A child of chance node `id` (position `game`) drawn by its outcome's weight.
    fn sample_child(&mut self, game: &G, id: NodeId) -> Option<NodeId> {
        let children = self.tree.children(id);
        let mut outcomes = MoveList::new();
        outcomes.extend(children.clone().filter_map(|c| self.tree.nodes[c as usize].mv));
        if outcomes.is_empty() {
            return None;
        }
        Some(children.start + crate::chance::sample_outcome(game, &outcomes, &mut self.rng) as NodeId)
    }

    /// One iteration: select, expand, play out, backpropagate (and prove what is proven).
    fn iterate(&mut self, root: &G, moves: &mut MoveList<G::Move>) {
        self.stats.iterations += 1;
        let mut game = root.clone();
        let mut id: NodeId = ROOT;
        let mut ply = 0;
        let reward = loop {
            self.stats.nodes += 1;
            let node = &self.tree.nodes[id as usize];
            if let Some(proof) = node.proof {
                self.stats.leaf_nodes += 1;
                break proof.reward();
            }
            if !node.expanded {
                // The first visit: generate the moves, prove a finished game, else expand (when
                // there is room) and play out from here.
                self.stats.leaf_nodes += 1;
                moves.clear();
                game.generate_moves(moves);
                self.tree.nodes[id as usize].to_move = game.to_move();
                if let Some(outcome) = game.outcome(moves.len()) {
                    let proof = Self::outcome_proof(outcome, game.to_move());
                    self.tree.prove(id, proof, 0);
                    break proof.reward();
                }
                if self.tree.has_room(moves.len()) {
                    if id == ROOT {
                        // The root's children are the moves allowed there (the playout below
                        // may still start with any move: it only estimates).
                        let mut root_moves = moves.clone();
                        self.restrict_root_moves(&mut root_moves);
                        self.tree
                            .expand(id, game.to_move(), game.is_chance(), &root_moves);
                    } else {
                        self.tree.expand(id, game.to_move(), game.is_chance(), moves);
                    }
                }
                break self.playout(game, moves, ply);
            }
            // Nature's move: an outcome drawn by its weight (proven or not: its result counts
            // in the mean); a player's: UCT.
            let choice = if node.chance {
                self.sample_child(&game, id)
            } else {
                self.tree.select(id, self.exploration)
            };
            match choice {
                Some(child) => {
                    self.stats.interior_nodes += 1;
                    self.stats.children += 1;
                    let mv = self.tree.nodes[child as usize].mv.expect("a child has its move");
                    game = game.play(mv);
                    id = child;
                    ply += 1;
                    self.stats.seldepth = self.stats.seldepth.max(ply);
                }
                // A node with no moves but not over (its evaluation decides), or every child
                // proven lost (then the node is proven, and this is not reached).
                None => {
                    self.stats.leaf_nodes += 1;
                    break self.evaluation_reward(&game);
                }
            }
        };
        self.tree.backpropagate(id, reward);
    }

    /// Whether the tree `advance` left is `root`'s: it was advanced since the last search, and
    /// its side to move and (allowed) moves match `root`'s (a check against a wrong position,
    /// which cannot tell two positions with the same moves apart: hence the `advance` rule).
    fn tree_fits(&self, root: &G, moves: &mut MoveList<G::Move>) -> bool {
        let node = &self.tree.nodes[ROOT as usize];
        if !self.root_known || !self.advanced || !node.expanded || node.to_move != root.to_move() {
            return false;
        }
        moves.clear();
        root.generate_moves(moves);
        self.restrict_root_moves(moves);
        let known = self.tree.children(ROOT).map(|c| self.tree.nodes[c as usize].mv);
        known.eq(moves.iter().map(|&m| Some(m)))
    }

    /// The child of `id` to recommend: a proven win's shortest line, else the most visited
    /// child not proven lost (by mean, then move order, among equals; where a draw is proven,
    /// only children whose mean is at least a draw compete with it), else a proven loss's
    /// longest resistance. `None` for a node without children in the tree.
    fn best_child(&self, id: NodeId) -> Option<NodeId> {
        let node = &self.tree.nodes[id as usize];
        let player = node.to_move;
        let draw_floor = node.draw_floor;
        let rank = |child_id: &NodeId| {
            let child = &self.tree.nodes[*child_id as usize];
            let proven = child.proof.map_or(0, |p| p.sign_for(player));
            let plies = i64::from(child.proof_plies);
            // Proven wins first (the shortest), then unproven moves and draws, proven losses last
            // (the longest).
            let (class, length) = match proven {
                1 => (2, -plies),
                -1 => (0, plies),
                _ => (1, 0),
            };
            let mean = child.mean_for(player);
            let holds_the_draw = !draw_floor || mean >= 0.5;
            (class, length, holds_the_draw, child.visits, (mean * 1e9) as i64)
        };
        // `max_by_key` keeps the last of equals: reversed, the first in move order wins ties.
        self.tree
            .children(id)
            .filter(|&c| {
                self.tree.nodes[c as usize].visits > 0 || self.tree.nodes[c as usize].proof.is_some()
            })
            .rev()
            .max_by_key(rank)
    }
}

impl<G, E, P> Mcts<G, E, P>
where
    G: Game,
    E: Evaluate<G> + Clone + Send,
    P: PlayoutPolicy<G> + Clone + Send,
{
    /// The iterations a search runs at most: the searcher's count, or with no bound at all in
    /// `limits` [`DEFAULT_ITERATIONS`], else no count.
    fn iteration_budget(&self, limits: &Limits) -> u64 {
        self.iterations.unwrap_or(
            if limits.nodes.is_none() && limits.deadline.is_none() && limits.stop.is_none() {
                DEFAULT_ITERATIONS
            } else {
                u64::MAX
            },
        )
    }

    /// One thread's search: `iterations` iterations at most, until the limits or a proven root
    /// (this tree's, or with `proven` another thread's, which it then raises in turn).
    fn grow(&mut self, root: &G, limits: &Limits, iterations: u64, proven: Option<&AtomicBool>) {
        self.stats = SearchStats::default();
        self.rng = SplitMix64::new(self.seed);
        let mut moves = MoveList::new();
        if !self.tree_fits(root, &mut moves) {
            self.tree = Tree::new(self.tree.cap);
        }
        while self.stats.iterations < iterations && self.tree.nodes[ROOT as usize].proof.is_none() {
            // The clock and the stop flag every 64 iterations (a node budget at every one).
            if limits.is_over_budget(self.stats.nodes)
                || (self.stats.iterations % 64 == 0
                    && (limits.is_stopped() || proven.is_some_and(|flag| flag.load(Ordering::Relaxed))))
            {
                break;
            }
            self.iterate(root, &mut moves);
        }
        if let Some(flag) = proven.filter(|_| self.tree.nodes[ROOT as usize].proof.is_some()) {
            flag.store(true, Ordering::Relaxed);
        }
        self.root_known = true;
        self.advanced = false;
    }

    /// The search on several threads (see [`with_threads`](Mcts::with_threads)): each a tree of
    /// its own on a share of the budgets, their roots merged into this one's.
    fn grow_in_parallel(&mut self, root: &G, limits: &Limits) {
        let threads = u64::from(self.threads);
        let share = |total: u64, thread: u64| total / threads + u64::from(thread < total % threads);
        let iterations = self.iteration_budget(limits);
        let limits_of = |thread: u64| Limits {
            nodes: limits.nodes.map(|nodes| share(nodes, thread).max(1)),
            ..limits.clone()
        };
        let mut helpers: Vec<Mcts<G, E, P>> = (1..threads)
            .map(|thread| Mcts {
                evaluator: self.evaluator.clone(),
                policy: self.policy.clone(),
                exploration: self.exploration,
                iterations: None,
                cutoff: self.cutoff,
                seed: self.seed.wrapping_add(thread),
                rng: SplitMix64::new(0),
                tree: Tree::new(self.tree.cap / threads as usize),
                root_known: false,
                advanced: false,
                stats: SearchStats::default(),
                trace_cap: None,
                trace: None,
                allowed_root_moves: self.allowed_root_moves.clone(),
                threads: 1,
            })
            .collect();
        // A thread that proves the root stops the others, but only in a search bounded by a clock
        // or a stop flag: one bounded by counts alone stays deterministic.
        let proven = AtomicBool::new(false);
        let proven = (limits.deadline.is_some() || limits.stop.is_some()).then_some(&proven);
        std::thread::scope(|scope| {
            for (index, helper) in helpers.iter_mut().enumerate() {
                let thread = index as u64 + 1;
                let limits = limits_of(thread);
                let budget = share(iterations, thread).max(1);
                scope.spawn(move || helper.grow(root, &limits, budget, proven));
            }
            // This thread's tree too grows to its share of the cap only (the memory limit is
            // the threads' together).
            let cap = self.tree.cap;
            self.tree.cap = (cap / threads as usize).max(1);
            self.grow(root, &limits_of(0), share(iterations, 0).max(1), proven);
            self.tree.cap = cap;
        });
        for helper in &helpers {
            self.merge_root(helper);
        }
    }

    /// Adds `other`'s root (the same position, its own tree) to this tree's: each root move's
    /// visits and rewards, and any proof (a proof in one tree is a proof).
    fn merge_root(&mut self, other: &Mcts<G, E, P>) {
        self.stats += &other.stats;
        let (ours, theirs) = (&self.tree.nodes[ROOT as usize], &other.tree.nodes[ROOT as usize]);
        if !theirs.expanded || (ours.expanded && ours.child_count != theirs.child_count) {
            return;
        }
        if !ours.expanded {
            // This thread never expanded the root: the other's tree stands for it.
            let cap = self.tree.cap;
            self.tree = other.tree.clone();
            self.tree.cap = cap;
            return;
        }
        let pairs: Vec<(NodeId, NodeId)> = self.tree.children(ROOT).zip(other.tree.children(ROOT)).collect();
        for (mine, theirs) in std::iter::once((ROOT, ROOT)).chain(pairs) {
            let theirs = other.tree.nodes[theirs as usize].clone();
            let node = &mut self.tree.nodes[mine as usize];
            node.visits = node.visits.saturating_add(theirs.visits);
            node.reward += theirs.reward;
            node.draw_floor |= theirs.draw_floor;
            if node.proof.is_none() && theirs.proof.is_some() {
                node.proof = theirs.proof;
                node.proof_plies = theirs.proof_plies;
            }
        }
    }
}

impl<G, E, P> Searcher<G> for Mcts<G, E, P>
where
    G: Game,
    E: Evaluate<G> + Clone + Send,
    P: PlayoutPolicy<G> + Clone + Send,
{
    fn name(&self) -> &str {
        "mcts"
    }

    /// Searches until the iteration count ([`with_iterations`](Mcts::with_iterations)), the node
    /// count, the deadline or the stop flag of `limits`, or a proven root; `limits.depth` is not
    /// used (MCTS has no horizon). With no bound at all, [`DEFAULT_ITERATIONS`]. On several
    /// threads ([`with_threads`](Mcts::with_threads)), the iterations and nodes are the threads'
    /// together.
    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        if self.threads > 1 {
            self.grow_in_parallel(root, limits);
        } else {
            let iterations = self.iteration_budget(limits);
            self.grow(root, limits, iterations, None);
        }
        // The principal variation: the recommended child at every node down the tree (along a
        // proof, the proof's line).
        // Nobody chooses at a chance node: the line stops there (no move at a chance root).
        let mut pv_nodes = Vec::new();
        let mut id = self
            .best_child(ROOT)
            .filter(|_| !self.tree.nodes[ROOT as usize].chance);
        while let Some(child) = id {
            pv_nodes.push(child);
            id = self
                .best_child(child)
                .filter(|_| !self.tree.nodes[child as usize].chance);
        }
        let pv: Vec<G::Move> = pv_nodes
            .iter()
            .filter_map(|&c| self.tree.nodes[c as usize].mv)
            .collect();
        self.trace = self.trace_cap.map(|cap| self.build_trace(cap, &pv_nodes));
        // A proven root's result; else the best move's mean reward `q`, as `2q - 1` in
        // thousandths (+1000: it always wins).
        let player = root.to_move();
        let score = match (self.tree.nodes[ROOT as usize].proof, pv_nodes.first()) {
            (Some(_), _) => self.node_score(ROOT, player, 0),
            (None, None) if self.tree.nodes[ROOT as usize].chance => self.node_score(ROOT, player, 0),
            (None, Some(&best)) => self.node_score(best, player, 1),
            (None, None) => Score::DRAW,
        };
        self.stats.tree_nodes = self.tree.nodes.len() as u64;
        self.stats.elapsed = start.elapsed();
        SearchResult {
            score,
            best_move: pv.first().copied(),
            depth: pv.len() as u32,
            pv,
            stats: std::mem::take(&mut self.stats),
            root_moves: self.root_moves(),
        }
    }
}

#[cfg(test)]
mod tests;
