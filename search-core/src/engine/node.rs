//! **The node function**: fail-soft alpha-beta in negamax form (Knuth & Moore 1975, "An analysis
//! of alpha-beta pruning"), the one place where the engine's search is written. It knows no
//! feature: at each phase it runs the steps the search's plan lists (`worker.rs`, whose table
//! says which feature acts where), each step in its feature's file (`features/`).
//!
//! It reads top to bottom as the algorithm:
//!
//! 1. early exits: the limits, a repetition draw, a finished game (terminal before horizon), a
//!    static leaf or the ply limit; a chance node (`chance_node.rs`);
//! 2. the node's entry (extensions), then the horizon: the static value or the horizon's search
//!    (quiescence);
//! 3. the steps before the table (value bounds); the transposition-table probe (the key
//!    computed, and its bucket on its way to the cache, at the node's start): a cutoff, or a
//!    move to search first;
//! 4. the steps before the moves (enhanced cutoffs, internal reduction, the static value's
//!    correction and trend, then the prunings of the node: reverse futility, razoring, null move,
//!    ProbCut, the singular test), any of which may end the node;
//! 5. the move loop (`move_loop.rs`): ordered moves (`ordering.rs`), each through the steps that
//!    prune it, then through the child-search ladder (`ladder.rs`): the first with the full
//!    window, the others by a null window (PVS) at a reduced depth with their re-searches; after
//!    a cutoff, the steps that learn from it; once the first move failed to cut, the steps for
//!    that (the siblings' prefetch);
//! 6. the steps after the moves (correction history learns); the table's store, once, at the end.
//!
//! Mate and stalemate need no block of their own: the game reports them from the move count in
//! step 1 (the [`Game`] contract), so every move the loop sees is legal.
//!
//! - **Idea.** Alpha-beta: the window `(alpha, beta)` holds what both sides are already sure of
//!   elsewhere; a move scoring `>= beta` ends the node (the opponent will not allow it), and a
//!   child is searched with the window negated and swapped.
//! - **Invariant.** Fail-soft alpha-beta's: if the true value (at this depth, with the exact
//!   features) lies inside `(alpha, beta)` the result is that value; a result `<= alpha` is an
//!   upper bound, `>= beta` a lower bound. The transposition table stores it with that bound.
//!   With every option off this function visits exactly the nodes
//!   [`reference::AlphaBeta`](crate::reference::AlphaBeta) visits, in the same order.
//! - **Exact or value-changing.** The function itself is exact; each step changes what its
//!   feature's file says. With only exact features on, the root value is minimax's at the
//!   nominal depth.
//! - **Cost.** Per node: one move generation (on the stack: no heap allocation), the principal
//!   variation copied up a triangular table on each new best move, the node budget checked at
//!   every node and the clock and stop flag every thousand nodes, and one call per step the plan
//!   lists (a feature that is off is in no list, and costs nothing). In nodes: between Knuth &
//!   Moore's minimal tree (`b^ceil(d/2) + b^floor(d/2) - 1` leaves, best move always first) and
//!   minimax's `b^d`, as the ordering decides.

use super::frame::{Facts, MAX_SEARCH_PLY, Node};
use super::worker::{BeforeMoves, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game, MoveList, Score, outcome_score};

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// The fail-soft value of `game` for its side to move within the node's window. After an
    /// abort the value is meaningless (the drivers discard it). The node's entry and exit are
    /// recorded when tracing is on (see [`crate::trace`]); the search itself is
    /// [`node_body`](Self::node_body).
    #[inline(always)]
    pub(crate) fn node(&mut self, game: &G, node: Node) -> Score {
        self.search
            .trace
            .enter(node.depth, node.ply, Some((node.alpha, node.beta)));
        // On a fresh stack segment when the thread's runs low (`crate::stack`).
        let score = crate::stack::deeper(node.ply, || self.node_body(game, node));
        if self.search.aborted {
            self.search.trace.cut(Cut::Aborted);
        }
        self.search.trace.exit(score)
    }

    /// The node function proper: the algorithm, top to bottom.
    fn node_body(&mut self, game: &G, mut node: Node) -> Score {
        let plan = self.plan;
        // --- Limits: an aborted search unwinds at once, without counting or storing anything.
        if self.search.should_stop() {
            return Score::DRAW;
        }
        self.search.enter(node.ply);

        // --- The table key, where the table will be probed, and its entry on its way to the
        //     cache while the moves are generated.
        let early_key = self.key_and_prefetch(game, &node);

        // --- Repetition: a position seen before on this line or in the game is a draw.
        let key = self.repetition_key(game);
        if node.ply > 0 && key.is_some_and(|key| self.search.line.contains(key)) {
            self.search.trace.cut(Cut::Repetition);
            return self.search.leaf(Score::DRAW);
        }

        // --- Terminal before horizon: a finished game scores as such, from the number of moves;
        //     a static leaf, the horizon of a node nothing extends or the ply limit statically.
        let mut moves = MoveList::new();
        if let Some(leaf) = self.generate_or_leaf(game, &node, &mut moves) {
            return leaf;
        }

        // --- Chance: nature moves here (a die roll): `chance_node.rs`.
        if game.is_chance() {
            return self.chance_node(game, &moves, &node, early_key, key);
        }

        // --- Entry: a position in check, or at the end of a capture chain, goes deeper. Then
        //     the horizon: the static evaluation, or the horizon's search (quiescence).
        let in_check = plan.needs.check && game.is_in_check();
        plan.enter(&mut node, in_check);
        if node.depth == 0 {
            return self.horizon(game, &mut moves, &node);
        }

        // --- Before the table: a step may decide the window already (the game's bounds).
        let mut facts = Facts::new(in_check, key);
        if let Some(score) =
            self.run_steps(plan.before_table_steps(), game, &mut node, &mut moves, &mut facts)
        {
            return score;
        }

        // --- Transposition table: a stored result that decides the window ends the node (never
        //     at the root); otherwise its move goes first.
        if let Some(score) = self.probe(game, &node, early_key, &moves, &mut facts) {
            return self.search.prune(Cut::TtCutoff, &moves, score);
        }
        facts.static_eval = self.interior_static_eval(game, node.ply, in_check);

        // --- Before the moves: a step may end the node (a pruning) or change it.
        if let Some(score) =
            self.run_steps(plan.before_moves_steps(), game, &mut node, &mut moves, &mut facts)
        {
            return score;
        }

        // --- The moves (a ply shallower first where a step asks to verify).
        self.search.stats.interior_nodes += 1;
        let (searched, best_score, best_move) = self.search_moves_verified(game, node, &mut moves, &facts);
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- After the moves: what the result teaches; the table's store, once.
        for step in plan.after_moves_steps() {
            step(self, game, &searched, &facts, best_score, best_move);
        }
        self.store_result(game, facts.tt_key, &searched, best_score, best_move);
        best_score
    }

    /// The value of a horizon node: the horizon's search (quiescence, with the quiet checks of
    /// its first ply where the node asks: razoring's), else the static evaluation.
    #[inline(always)]
    fn horizon(&mut self, game: &G, moves: &mut MoveList<G::Move>, node: &Node) -> Score {
        match self.plan.horizon_search() {
            Some(search) => search(self, game, moves, node, node.checks),
            None => self.static_leaf(game),
        }
    }

    /// Runs `steps` in order until one ends the node: its score, counted as a pruned leaf; or
    /// `DRAW` if the search was aborted in a step (the drivers discard it).
    #[inline]
    fn run_steps(
        &mut self,
        steps: &[BeforeMoves<'_, G, E>],
        game: &G,
        node: &mut Node,
        moves: &mut MoveList<G::Move>,
        facts: &mut Facts<G::Move>,
    ) -> Option<Score> {
        for step in steps {
            let ended = step(self, game, node, moves, facts);
            if self.search.aborted {
                return Some(Score::DRAW);
            }
            if let Some((score, cut)) = ended {
                return Some(self.search.prune(cut, moves, score));
            }
        }
        None
    }

    /// The repetition key of `game`, if repetition detection is on and the game has one.
    #[inline]
    fn repetition_key(&self, game: &G) -> Option<u64> {
        self.plan
            .settings
            .repetition
            .then(|| game.repetition_key())
            .flatten()
    }

    /// Generates the node's `moves` (at a horizon that nothing extends, only counts them) and
    /// restricts them at the root; or returns its value as a leaf: a finished game (the game
    /// says from the count whether it is over: mate, stalemate, a full board), scored with its
    /// distance from the root; a position without moves that is not over, the horizon of a node
    /// nothing extends, or the end of the ply buffers, by the evaluator.
    #[inline(always)]
    fn generate_or_leaf(&mut self, game: &G, node: &Node, moves: &mut MoveList<G::Move>) -> Option<Score> {
        if self.horizon_takes_noisy_moves(game, node)
            && let Some(outcome) = game.generate_noisy_moves(moves)
        {
            // A quiescence node to be: its noisy moves alone, the position's outcome exact.
            return match outcome {
                Some(outcome) => Some(self.search.leaf(outcome_score(outcome, node.ply))),
                None if node.ply >= MAX_SEARCH_PLY => Some(self.static_leaf(game)),
                None => None,
            };
        }
        let count = if node.depth == 0 && !self.plan.needs.moves_at_horizon {
            game.move_count()
        } else {
            game.generate_moves(moves);
            moves.len()
        };
        if let Some(outcome) = game.outcome(count) {
            return Some(self.search.leaf(outcome_score(outcome, node.ply)));
        }
        if moves.is_empty() || node.ply >= MAX_SEARCH_PLY {
            return Some(self.static_leaf(game));
        }
        if node.ply == 0 {
            self.restrict_root_moves(moves);
        }
        None
    }

    /// Whether `node` (position `game`) will be searched by a horizon search that looks at noisy
    /// moves alone, so that the game may generate those alone ([`Game::generate_noisy_moves`]):
    /// at the horizon, not the root, not asked for quiet checks, with no capture-chain budget
    /// and no check to extend it (the check is asked only with the extension on).
    #[inline]
    fn horizon_takes_noisy_moves(&self, game: &G, node: &Node) -> bool {
        let needs = self.plan.needs;
        node.depth == 0
            && node.ply > 0
            && needs.noisy_at_horizon
            && !node.checks
            && node.chain.is_none_or(|plies| plies == 0)
            && !(needs.extends_in_check && game.is_in_check())
    }

    /// The static evaluation of an interior node, if a feature needs it there and the side to
    /// move is not in check (where a static value means little); the root has none.
    #[inline]
    fn interior_static_eval(&self, game: &G, ply: u32, in_check: bool) -> Option<Score> {
        (self.plan.needs.static_value && ply > 0 && !in_check).then(|| self.evaluate(game))
    }
}
