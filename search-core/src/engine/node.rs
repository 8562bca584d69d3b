//! **The node function**: fail-soft alpha-beta in negamax form (Knuth & Moore 1975, "An analysis
//! of alpha-beta pruning"), the one place where the engine's search is written, every feature a
//! block that calls the helpers of its own module.
//!
//! It reads top to bottom as the algorithm:
//!
//! 1. early exits: the limits, a repetition draw (`repetition.rs`), a finished game (terminal
//!    before horizon), a static leaf or the ply limit;
//! 2. extensions (`extensions.rs`: check, capture chain), then the horizon: static evaluation or
//!    quiescence search (`quiescence.rs`);
//! 3. the transposition-table probe (`tt.rs`): a cutoff, or a move to search first; then the
//!    enhanced transposition cutoff (`enhanced_cutoff.rs`);
//! 4. null-move pruning (`null_move.rs`);
//! 5. the move loop ([`search_moves`](Engine::search_moves)): ordered moves (`ordering.rs`),
//!    each through the child-search ladder ([`search_move`](Engine::search_move)): the first
//!    with the full window, the others by a null window (PVS, below) at a reduced depth
//!    (`lmr.rs`) with their re-searches; beta cutoffs feeding killers and history;
//! 6. the transposition-table store, once, at the end.
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
//! - **Exact or value-changing.** The function itself is exact; each block changes what its
//!   module says. With only exact features on, the root value is minimax's at the nominal depth.
//! - **Cost.** Per node: one move generation (on the stack: no heap allocation), the principal
//!   variation copied up a triangular table on each new best move, the node budget checked at
//!   every node and the clock and stop flag every [`STOP_CHECK_INTERVAL`] nodes. In nodes:
//!   between Knuth & Moore's minimal tree (`b^ceil(d/2) + b^floor(d/2) - 1` leaves, best move
//!   always first) and minimax's `b^d`, as the ordering decides.
//!
//! # The child-search ladder: principal variation search
//!
//! **Principal variation search** (PVS; Marsland & Campbell 1982, Marsland 1983; its twin
//! NegaScout, Reinefeld 1983; after Pearl's Scout, 1980): the first move is searched with the full
//! window, every later move with a null window first, and again with the full window only if it
//! might be better.
//!
//! - **Idea.** With good ordering the first move is usually the best. Proving that another move
//!   is no better than alpha needs only the null window `(alpha, alpha + 1)`, which cuts far more
//!   than `(alpha, beta)`; only a move that proves better is searched again for its value.
//! - **Invariant.** Fail-soft alpha-beta's, move by move: a null-window result `<= alpha` is an
//!   upper bound (the move is no better, as a full-window search would have said); `>= beta` is
//!   a lower bound that cuts, as it would have; anything in between is searched again with
//!   `(alpha, beta)`, whose result is exact if it lies inside. At a node whose own window is
//!   already null (`beta == alpha + 1`: most nodes of a PVS tree) there is no in between and no
//!   re-search. A later move goes through at most three searches: LMR's reduced one, LMR's
//!   full-depth one (both null-window), and this full-window one.
//! - **Exact or value-changing.** Exact: the same root value as alpha-beta at the same depth
//!   (the cross-checks hold every exact combination with PVS to minimax); the work changes, and
//!   with it what killers and history learn, so among tied best moves another may be found.
//! - **Cost.** A re-search (counted in `researches`) for every later move that beats alpha
//!   without cutting: cheap with good ordering (few such moves), a loss with bad ordering.
//!
//! With PVS off, a later move takes the ladder only when LMR reduces it, with the full window.

use super::Engine;
use super::MAX_SEARCH_PLY;
use super::extensions::child_capture_chain;
use super::null_move::NullMoveResult;
use super::ordering::{Candidate, MovePicker};
use crate::trace::Cut;
use crate::{Evaluate, Game, MoveList, Score, outcome_score};

/// Check the clock and the stop flag every this many nodes (the node budget is checked at every
/// node: it costs a comparison).
const STOP_CHECK_INTERVAL: u64 = 1024;

/// What a node is asked (its depth, its distance from the root, its window) and what it
/// inherits from the path to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// Plies left to the horizon.
    pub(super) depth: u32,
    /// Plies from the root.
    pub(super) ply: u32,
    /// The window: what the side to move is already sure of elsewhere ...
    pub(super) alpha: Score,
    /// ... and what the opponent will not allow.
    pub(super) beta: Score,
    /// The move into this node was a null move (no two in a row).
    pub(super) after_null: bool,
    /// Verified null-move pruning: null-move fail-highs here are verified, not cut.
    pub(super) verify: bool,
    /// Star2's probe (`chance.rs`): search only the first move, and store nothing (the value
    /// bounds the node from below only).
    pub(super) probe: bool,
    /// Capture-chain extension: `Some(plies still available)` while every move from the root
    /// was noisy, `None` once a quiet move was played (or with the extension off).
    pub(super) chain: Option<u32>,
}

impl Node {
    /// A child `depth` plies deep in the window `(alpha, beta)`, from the child's side.
    pub(super) fn child(&self, depth: u32, alpha: Score, beta: Score, chain: Option<u32>) -> Node {
        Node {
            depth,
            ply: self.ply + 1,
            alpha,
            beta,
            after_null: false,
            verify: self.verify,
            probe: false,
            chain,
        }
    }

    /// Whether the window is null (`beta == alpha + 1`): a scout search.
    pub(super) fn is_null_window(&self) -> bool {
        self.beta.raw() - self.alpha.raw() == 1
    }
}

/// A move about to be searched, as the child-search ladder needs it.
struct ChildMove<'g, G> {
    /// The position after the move.
    position: &'g G,
    /// The first move searched at its node (the expected best): the full window.
    first: bool,
    /// LMR's reduction (`0`: none).
    reduction: u32,
    /// The capture-chain budget the child inherits.
    chain: Option<u32>,
    /// The side to move changes with this move (not after an extra turn): the child's value is
    /// negated, and its window negated and swapped.
    flips: bool,
}

/// What the move loop of a node works with.
struct MoveLoop<'m, M> {
    moves: &'m mut MoveList<M>,
    tt_move: Option<M>,
    static_eval: Option<Score>,
    in_check: bool,
    /// The node's repetition key, on the line while its children are searched.
    key: Option<u64>,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The root of a search `depth` plies deep in the window `(alpha, beta)`.
    pub(super) fn root_node(&self, depth: u32, alpha: Score, beta: Score) -> Node {
        Node {
            depth,
            ply: 0,
            alpha,
            beta,
            after_null: false,
            verify: true,
            probe: false,
            chain: self.config.capture_chain,
        }
    }

    /// The fail-soft value of `game` for its side to move within the node's window. After an
    /// abort the value is meaningless (the drivers discard it). The node's entry and exit are
    /// recorded when tracing is on (see [`crate::trace`]); the search itself is
    /// [`node_body`](Self::node_body).
    #[inline]
    pub(super) fn node(&mut self, game: &G, node: Node) -> Score {
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
        // --- Limits: an aborted search unwinds at once, without counting or storing anything.
        if self.should_stop() {
            return Score::DRAW;
        }
        self.enter(node.ply);

        // --- Repetition: a position seen before on this line or in the game is a draw.
        let key = self.repetition_key(game);
        if node.ply > 0 && key.is_some_and(|key| self.search.line.contains(key)) {
            self.search.trace.cut(Cut::Repetition);
            return self.leaf(Score::DRAW);
        }

        // --- Terminal before horizon: one move generation (at a horizon that nothing extends,
        //     the count alone); the game says from the count whether it is over (mate,
        //     stalemate, a full board), scored with its distance from the root.
        let mut moves = MoveList::new();
        let count = if node.depth == 0 && self.horizon_needs_count_only() {
            game.move_count()
        } else {
            game.generate_moves(&mut moves);
            moves.len()
        };
        if let Some(outcome) = game.outcome(count) {
            return self.leaf(outcome_score(outcome, node.ply));
        }
        // A static leaf (no moves, not over), the horizon, or the end of the ply buffers: the
        // evaluator decides.
        if moves.is_empty() || node.ply >= MAX_SEARCH_PLY {
            return self.static_leaf(game);
        }
        if node.ply == 0 {
            self.restrict_root_moves(&mut moves);
        }

        // --- Chance: nature moves here (a die roll): the weighted mean of the outcomes, pruned
        //     by Star1 and Star2 (`chance.rs`); at the horizon, the static evaluation.
        if game.is_chance() {
            if node.depth == 0 {
                return self.static_leaf(game);
            }
            return self.chance_node(game, &moves, &node, key);
        }

        // --- Extensions: a position in check, or at the end of a capture chain, goes deeper.
        let in_check = self.needs_check_status() && game.is_in_check();
        node = self.extend(node, in_check);

        // --- Horizon: the static evaluation, or a quiescence search that resolves noisy moves.
        if node.depth == 0 {
            if self.config.quiescence.is_some() {
                return self.quiescence_moves(game, &mut moves, node.ply, 0, (node.alpha, node.beta), None);
            }
            return self.static_leaf(game);
        }

        // --- Transposition table: a stored result that decides the window ends the node (never
        //     at the root); otherwise its move goes first. Then the children's entries (ETC).
        let tt_key = self.tables.key(game, node.ply);
        let (stored, mut tt_move) = self.probe_table(tt_key, &node);
        if let Some(score) = stored {
            return self.prune(Cut::TtCutoff, &moves, score);
        }
        if let Some(score) = self.enhanced_cutoff(game, &moves, &node, tt_key) {
            return self.prune(Cut::EnhancedTtCutoff, &moves, score);
        }
        if node.ply == 0 && !tt_move.is_some_and(|mv| moves.contains(&mv)) {
            // Without a table move, the previous iteration's best root move goes first.
            tt_move = self.search.root_best.filter(|mv| moves.contains(mv));
        }

        // --- Reverse futility: near the horizon, a static value far above beta ends the node.
        let static_eval = self.interior_static_eval(game, node.ply, in_check);
        if let Some(score) = self.reverse_futility(static_eval, &node) {
            return self.prune(Cut::Futility, &moves, score);
        }

        // --- Null move: if passing still fails high, a real move will too: cut, or verify.
        let null_move = self.null_move_search(game, &node, in_check, static_eval);
        if let NullMoveResult::Cutoff(score) = null_move {
            return self.prune(Cut::NullMove, &moves, score);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- The moves. A verified null-move fail-high is confirmed one ply shallower (cutting
        //     plainly below), or, if that fails, the node is searched again at its full depth.
        self.search.stats.interior_nodes += 1;
        let mut moves = MoveLoop {
            moves: &mut moves,
            tt_move,
            static_eval,
            in_check,
            key,
        };
        let verifying = null_move == NullMoveResult::Verify;
        let mut searched = node;
        if verifying {
            searched = Node {
                depth: node.depth - 1,
                verify: false,
                ..node
            };
        }
        let (mut best_score, mut best_move) = self.search_moves(game, &searched, &mut moves);
        if verifying && !self.search.aborted && best_score < node.beta {
            self.search.stats.researches += 1;
            searched = node;
            (best_score, best_move) = self.search_moves(game, &searched, &mut moves);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- Transposition table store, once: the fail-soft score with its bound (a Star2 probe
        //     searched one move: its value, unless it failed low, bounds the node from below).
        if !node.probe {
            self.store_table(tt_key, &searched, best_score, best_move);
        } else if best_score > node.alpha {
            self.store_lower_bound(tt_key, &searched, best_score, best_move);
        }
        best_score
    }

    /// The move loop: every move in order through the child-search ladder, until one fails
    /// high. The best score (fail-soft) and move; meaningless after an abort.
    // Inlined into the node function (its two calls): one stack frame less per ply.
    #[inline(always)]
    fn search_moves(
        &mut self,
        game: &G,
        node: &Node,
        work: &mut MoveLoop<'_, G::Move>,
    ) -> (Score, Option<G::Move>) {
        let mut alpha = node.alpha;
        let mut best_score = -Score::INFINITY;
        let mut best_move = None;
        let mut scores = MoveList::new();
        let mut picker = MovePicker::new(self, game, work.moves, work.tt_move, node.ply, &mut scores);
        let moves = work.moves.as_mut_slice();
        let mut searched = 0u32;
        while let Some((mv, kind)) = picker.next(self, game, moves) {
            let mut child = game.clone();
            child.play_in_place(mv);
            let candidate = Candidate {
                kind,
                noisy: self.needs_noisy_status() && game.is_noisy(mv),
                number: searched + 1,
            };

            // Futility: near the horizon, a quiet move cannot lift a hopeless static value to
            // alpha; skip it, counting its bound in the node's fail-soft value.
            if let Some(bound) = self.futile_move(work.static_eval, node, alpha, &candidate, &child) {
                best_score = best_score.max(bound);
                continue;
            }

            searched += 1;
            self.search.stats.children += 1;
            if node.ply == 0 {
                self.report_root_move(node.depth, mv, searched);
            }
            self.search.trace.child(&mv);
            let child_move = ChildMove {
                position: &child,
                first: searched == 1,
                reduction: self.late_move_reduction(node.depth, work.in_check, &candidate, &child),
                chain: child_capture_chain(node.chain, candidate.noisy),
                flips: child.to_move() != game.to_move(),
            };
            let score = self.search_move(node, alpha, work.key, &child_move);
            if self.search.aborted {
                return (Score::DRAW, None);
            }

            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                self.search.pv.update(node.ply, mv);
                alpha = alpha.max(score);
                // Beta cutoff: the opponent avoids this position. Remember the refutation.
                if score >= node.beta {
                    self.record_cutoff(game, mv, &candidate, node);
                    self.search.trace.prune(Cut::BetaCutoff, moves.iter());
                    break;
                }
            }
            // A Star2 probe (`chance.rs`) searches the expected best move only.
            if node.probe {
                break;
            }
        }
        (best_score, best_move)
    }

    /// The child-search ladder (see the module documentation): the value of a move from the
    /// parent's side, the parent's window being `(alpha, node.beta)`. The first move (or every
    /// move without PVS or a reduction) takes the full window at full depth; a later one a
    /// scout (PVS's null window, LMR's reduced depth), then LMR's full depth if the reduced
    /// search beats alpha, then PVS's full window if the value falls inside it.
    fn search_move(
        &mut self,
        node: &Node,
        alpha: Score,
        key: Option<u64>,
        child: &ChildMove<'_, G>,
    ) -> Score {
        let beta = node.beta;
        let depth = node.depth - 1;
        if child.first || (!self.config.pvs && child.reduction == 0) {
            return self.child_value(node, child, depth, (alpha, beta), key);
        }
        let scout_beta = if self.config.pvs { alpha + 1 } else { beta };
        let reduced = depth.saturating_sub(child.reduction);
        let mut score = self.child_value(node, child, reduced, (alpha, scout_beta), key);
        if child.reduction > 0 && score > alpha && !self.search.aborted {
            self.search.stats.researches += 1;
            score = self.child_value(node, child, depth, (alpha, scout_beta), key);
        }
        if self.config.pvs && score > alpha && score < beta && !self.search.aborted {
            self.search.stats.researches += 1;
            score = self.child_value(node, child, depth, (alpha, beta), key);
        }
        score
    }

    /// The child's value from the parent's side, searched `depth` plies deep in the parent's
    /// `window`: negated, with the window negated and swapped, only when the side to move
    /// changes (a game may give a player several moves in a row).
    // Inlined into each rung of the ladder: the child's search is then called directly from the
    // move loop (tic-tac-toe's engine: 1.34x -> 1.22x `AlphaBeta`'s time per node, 1.19x with
    // `search_moves` inlined too; no change in nodes).
    #[inline(always)]
    fn child_value(
        &mut self,
        node: &Node,
        child: &ChildMove<'_, G>,
        depth: u32,
        (alpha, beta): (Score, Score),
        key: Option<u64>,
    ) -> Score {
        if child.flips {
            -self.search_child(child.position, node.child(depth, -beta, -alpha, child.chain), key)
        } else {
            self.search_child(child.position, node.child(depth, alpha, beta, child.chain), key)
        }
    }

    /// Searches `child` with the parent's repetition key on the line (see `repetition.rs`);
    /// the child's value, from the child's side (the caller negates).
    pub(super) fn search_child(&mut self, child: &G, node: Node, parent_key: Option<u64>) -> Score {
        if self.config.repetition {
            self.search.line.push(parent_key);
            let score = self.node(child, node);
            self.search.line.pop();
            score
        } else {
            self.node(child, node)
        }
    }

    /// Whether the search must stop now (and from now on): node budget, clock, stop flag.
    pub(super) fn should_stop(&mut self) -> bool {
        let search = &mut self.search;
        if !search.aborted
            && (search.limits.is_over_budget(search.stats.nodes)
                || (search.stats.nodes % STOP_CHECK_INTERVAL == 0 && search.limits.is_stopped()))
        {
            search.aborted = true;
        }
        search.aborted
    }

    /// Counts a node on entry (and its ply for the selective depth); empties its PV line.
    pub(super) fn enter(&mut self, ply: u32) {
        self.search.stats.nodes += 1;
        self.search.stats.seldepth = self.search.stats.seldepth.max(ply);
        self.search.pv.clear(ply);
    }

    /// A leaf worth `score`.
    pub(super) fn leaf(&mut self, score: Score) -> Score {
        self.search.stats.leaf_nodes += 1;
        score
    }

    /// A leaf worth its static evaluation.
    pub(super) fn static_leaf(&mut self, game: &G) -> Score {
        let score = self.evaluate(game);
        self.leaf(score)
    }

    /// The evaluator's value, clamped into `±MAX_EVAL`: an evaluation beyond it (a bug of the
    /// evaluator, or `Score::INFINITY`) would pose as a decided result or break the windows.
    pub(super) fn evaluate(&self, game: &G) -> Score {
        crate::static_score(&self.evaluator, game)
    }

    /// A margin of the configuration, given in hundredths of the evaluation's
    /// [`unit`](Evaluate::unit), on the evaluation's scale (`margin × unit / 100`, at least 1
    /// if `margin` is): chess's margins are unchanged, a game whose unit is a point gets its
    /// own.
    pub(super) fn scaled(&self, margin: i32) -> i32 {
        let unit = self.evaluator.unit().max(1);
        if unit == 100 || margin <= 0 {
            return margin;
        }
        let scaled = i64::from(margin) * i64::from(unit) / 100;
        scaled.clamp(1, i64::from(Score::MAX_EVAL.raw())) as i32
    }

    /// A node ended by a cut (`moves` never searched), worth `score`.
    fn prune(&mut self, cut: Cut, moves: &[G::Move], score: Score) -> Score {
        self.search.trace.prune(cut, moves);
        self.leaf(score)
    }

    /// Whether a node at depth 0 needs only its number of moves: no quiescence search to
    /// follow, no extension to deepen it.
    fn horizon_needs_count_only(&self) -> bool {
        let c = &self.config;
        c.quiescence.is_none() && !c.check_extension && c.capture_chain.is_none()
    }

    /// Whether any enabled feature needs [`Game::is_in_check`].
    fn needs_check_status(&self) -> bool {
        let c = &self.config;
        c.null_move.is_some() || c.check_extension || c.lmr.is_some()
    }

    /// Whether any enabled feature needs [`Game::is_noisy`] in the move loop.
    fn needs_noisy_status(&self) -> bool {
        let c = &self.config;
        c.capture_chain.is_some() || c.lmr.is_some() || c.killers || c.history || c.futility.is_some()
    }

    /// Applies the root-move restriction, if any legal move survives it.
    fn restrict_root_moves(&self, moves: &mut MoveList<G::Move>) {
        if let Some(allowed) = &self.context.root_moves
            && moves.iter().any(|mv| allowed.contains(mv))
        {
            let mut kept = MoveList::new();
            kept.extend(moves.iter().copied().filter(|mv| allowed.contains(mv)));
            *moves = kept;
        }
    }

    /// The repetition key of `game`, if repetition detection is on and the game has one.
    fn repetition_key(&self, game: &G) -> Option<u64> {
        if self.config.repetition {
            game.repetition_key()
        } else {
            None
        }
    }
}
