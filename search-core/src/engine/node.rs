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
//!    enhanced transposition cutoff (`etc.rs`);
//! 4. null-move pruning (`null_move.rs`);
//! 5. the move loop: ordered moves (`ordering.rs`), the first with the full window, the others
//!    by a null window (`pvs.rs`) at a reduced depth (`lmr.rs`) with their re-searches; beta
//!    cutoffs feeding killers and history;
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

use super::Engine;
use super::extensions::{capture_chain_extension, child_capture_chain};
use super::null_move::NullMoveResult;
use super::ordering::{MoveKind, MovePicker};
use crate::trace::Cut;
use crate::{Bound, Evaluate, Game, MoveList, Score, outcome_score};

/// Check the clock and the stop flag every this many nodes (the node budget is checked at every
/// node: it costs a comparison).
const STOP_CHECK_INTERVAL: u64 = 1024;

/// What a node inherits from the path to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Path {
    /// The move into this node was a null move (no two in a row).
    pub(super) after_null: bool,
    /// Verified null-move pruning: null-move fail-highs here are verified, not cut.
    pub(super) verify: bool,
    /// Capture-chain extension: `Some(plies still available)` while every move from the root
    /// was noisy, `None` once a quiet move was played (or with the extension off).
    pub(super) chain: Option<u32>,
}

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// The path of the root.
    pub(super) fn root_path(&self) -> Path {
        Path {
            after_null: false,
            verify: true,
            chain: self.root_capture_chain(),
        }
    }

    /// Whether the search must stop now (and from now on): node budget, clock, stop flag.
    pub(super) fn should_stop(&mut self) -> bool {
        if !self.aborted
            && (self.limits.is_over_budget(self.stats.nodes)
                || (self.stats.nodes % STOP_CHECK_INTERVAL == 0 && self.limits.is_stopped()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Counts a node on entry (and its ply for the selective depth); empties its PV line.
    pub(super) fn enter(&mut self, ply: u32) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.pv[ply as usize].clear();
    }

    /// The best line from `ply` becomes `mv` followed by the line from `ply + 1`.
    pub(super) fn update_pv(&mut self, ply: u32, mv: G::Move) {
        let ply = ply as usize;
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The fail-soft value of `game` for its side to move within `(alpha, beta)`, searched
    /// `depth` plies deep, `ply` plies from the root. After an abort the value is meaningless
    /// (the drivers discard it). The node's entry and exit are recorded when tracing is on
    /// (see [`crate::trace`]); the search itself is [`node_body`](Self::node_body).
    #[inline]
    pub(super) fn node(
        &mut self,
        game: &G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        path: Path,
    ) -> Score {
        self.trace.enter(depth, ply, Some((alpha, beta)));
        let score = self.node_body(game, depth, ply, alpha, beta, path);
        if self.aborted {
            self.trace.cut(Cut::Aborted);
        }
        self.trace.exit(score)
    }

    /// The node function proper (see [`node`](Self::node)).
    #[allow(clippy::too_many_lines)]
    fn node_body(
        &mut self,
        game: &G,
        mut depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        path: Path,
    ) -> Score {
        // --- Limits: an aborted search unwinds at once, without counting or storing anything.
        if self.should_stop() {
            return Score::DRAW;
        }
        self.enter(ply);

        // --- Repetition: a position seen before on this line or in the game is a draw.
        let repetition_key = self.repetition_key(game);
        if ply > 0
            && let Some(key) = repetition_key
            && self.is_repetition(key)
        {
            self.stats.leaf_nodes += 1;
            self.trace.cut(Cut::Repetition);
            return Score::DRAW;
        }

        // --- Terminal before horizon: one move generation; the game says from the count whether
        //     it is over (mate, stalemate, a full board), scored with its distance from the root.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if let Some(outcome) = game.outcome(moves.len()) {
            self.stats.leaf_nodes += 1;
            return outcome_score(outcome, ply);
        }
        // A static leaf (no moves, not over), or the end of the ply buffers: the evaluator decides.
        if moves.is_empty() || ply >= super::MAX_PLY {
            self.stats.leaf_nodes += 1;
            return self.evaluator.evaluate(game);
        }
        if ply == 0 {
            self.restrict_root_moves(&mut moves);
        }

        // --- Extensions: a position in check, or at the end of a capture chain, goes deeper.
        let in_check = self.needs_check_status() && game.is_in_check();
        depth += self.check_extension(in_check, ply);
        let (extended, chain) = capture_chain_extension(depth, path.chain);
        depth = extended;

        // --- Horizon: the static evaluation, or a quiescence search that resolves noisy moves.
        if depth == 0 {
            if self.options.quiescence {
                return self.quiescence_moves(game, &mut moves, ply, 0, alpha, beta);
            }
            self.stats.leaf_nodes += 1;
            return self.evaluator.evaluate(game);
        }

        // --- Transposition table: a result of an acceptable depth whose bound decides the window
        //     ends the node (never at the root, which must return a move); otherwise its move is
        //     searched first, if it is legal here.
        let tt_key = self.hasher.map(|hash| hash(game));
        let mut tt_move = None;
        if let (Some(key), Some(tt)) = (tt_key, &self.tt) {
            self.stats.tt_probes += 1;
            if let Some(entry) = tt.probe(key) {
                self.stats.tt_hits += 1;
                tt_move = entry.best_move.filter(|mv| moves.contains(mv));
                if ply > 0 && self.options.tt_policy.accepts(entry.depth, depth) {
                    let score = entry.score.from_tt(ply);
                    let decides = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if decides {
                        self.stats.tt_cutoffs += 1;
                        self.trace.prune(Cut::TtCutoff, &moves);
                        self.stats.leaf_nodes += 1;
                        return score;
                    }
                }
            }
        }
        // --- Enhanced transposition cutoff: a child the table already knows refutes this node
        //     ends it, unsearched.
        if let Some(score) = self.enhanced_transposition_cutoff(game, &moves, depth, ply, beta, tt_key) {
            self.stats.tt_cutoffs += 1;
            self.stats.leaf_nodes += 1;
            self.trace.prune(Cut::EnhancedTtCutoff, &moves);
            return score;
        }
        if ply == 0 && tt_move.is_none() {
            // Without a table, the previous iteration's best root move goes first.
            tt_move = self.root_best.filter(|mv| moves.contains(mv));
        }

        // --- Reverse futility: near the horizon, a static value far above beta ends the node.
        let static_eval = self.interior_static_eval(game, ply, in_check);
        if let Some(score) = self.reverse_futility(static_eval, depth, alpha, beta) {
            self.stats.futility_cutoffs += 1;
            self.stats.leaf_nodes += 1;
            self.trace.prune(Cut::Futility, &moves);
            return score;
        }

        // --- Null move: if passing still fails high, a real move will too; cut (or verify).
        let mut verify = path.verify;
        let mut verifying = false;
        match self.null_move_search(game, depth, ply, beta, in_check, static_eval, path) {
            NullMoveResult::Cutoff(score) => {
                self.stats.leaf_nodes += 1;
                self.trace.prune(Cut::NullMove, &moves);
                return score;
            }
            NullMoveResult::Verify => {
                // David-Tabibi & Netanyahu: search on one ply shallower, cutting plainly below.
                depth -= 1;
                verify = false;
                verifying = true;
            }
            NullMoveResult::NotTried | NullMoveResult::Failed => {}
        }
        if self.aborted {
            return Score::DRAW;
        }

        // --- Move loop.
        self.stats.interior_nodes += 1;
        let alpha_at_entry = alpha;
        let mut best_score = -Score::INFINITY;
        let mut best_move = None;
        loop {
            let mut picker = MovePicker::new(self, game, &moves, tt_move, ply);
            let mut searched = 0u32;
            while let Some((mv, kind)) = picker.next(&mut moves) {
                let child = game.play(mv);
                let noisy = self.needs_noisy_status() && game.is_noisy(mv);

                // Futility: near the horizon, a quiet move cannot lift a hopeless static value
                // to alpha; skip it, counting its bound in the node's fail-soft value.
                if let Some(bound) =
                    self.futile_move(static_eval, depth, searched, noisy, kind, alpha, &child)
                {
                    self.stats.futility_pruned_moves += 1;
                    best_score = best_score.max(bound);
                    continue;
                }

                searched += 1;
                self.stats.children += 1;
                if ply == 0 {
                    self.report_root_move(depth, mv, searched);
                }
                self.trace.child(&mv);
                let child_path = Path {
                    after_null: false,
                    verify,
                    chain: child_capture_chain(chain, noisy),
                };
                let new_depth = depth - 1;

                // Late move reduction: a quiet move late in a well-ordered list is searched
                // shallower first, and again at full depth only if it surprises.
                let reduction = self.late_move_reduction(depth, searched, in_check, noisy, kind, &child);

                let score = if searched == 1 || (!self.options.pvs && reduction == 0) {
                    // The first move (the expected best), or plain alpha-beta: the full window.
                    -self.search_child(
                        repetition_key,
                        &child,
                        new_depth,
                        ply + 1,
                        -beta,
                        -alpha,
                        child_path,
                    )
                } else {
                    // A later move: a scout search (PVS's null window, LMR's reduced depth), and
                    // again only if the move beats alpha.
                    self.search_later_move(
                        repetition_key,
                        &child,
                        new_depth,
                        reduction,
                        ply,
                        alpha,
                        beta,
                        child_path,
                    )
                };
                if self.aborted {
                    return Score::DRAW;
                }

                if score > best_score {
                    best_score = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score > alpha {
                        alpha = score;
                    }
                    // Beta cutoff: the opponent avoids this position. Remember the refutation.
                    if score >= beta {
                        self.stats.beta_cutoffs += 1;
                        if searched == 1 {
                            self.stats.first_move_cutoffs += 1;
                        }
                        match kind {
                            MoveKind::Killer => self.stats.killer_cutoffs += 1,
                            MoveKind::History => self.stats.history_cutoffs += 1,
                            _ => {}
                        }
                        if !noisy {
                            self.remember_cutoff(game, mv, depth, ply);
                        }
                        self.trace.prune(Cut::BetaCutoff, &moves);
                        break;
                    }
                }
            }
            // Verified null move: the shallower search did not confirm the fail-high
            // (zugzwang?): search again at the full depth, verifying again below.
            if verifying && best_score < beta {
                self.stats.researches += 1;
                depth += 1;
                verify = true;
                verifying = false;
                best_score = -Score::INFINITY;
                best_move = None;
                alpha = alpha_at_entry;
                continue;
            }
            break;
        }

        // --- Transposition table store, once: the fail-soft score with its bound.
        if let (Some(key), Some(tt)) = (tt_key, &mut self.tt) {
            let bound = Bound::classify(best_score, alpha_at_entry, beta);
            tt.store(key, depth, bound, best_score.to_tt(ply), best_move);
        }
        best_score
    }

    /// Whether any enabled feature needs [`Game::is_in_check`].
    fn needs_check_status(&self) -> bool {
        let o = &self.options;
        o.null_move.is_some() || o.check_extension || o.lmr
    }

    /// Whether any enabled feature needs [`Game::is_noisy`] in the move loop.
    fn needs_noisy_status(&self) -> bool {
        let o = &self.options;
        o.capture_chain > 0 || o.lmr || o.killers || o.history || o.futility.is_some()
    }

    /// Applies the root-move restriction, if any legal move survives it.
    fn restrict_root_moves(&self, moves: &mut MoveList<G::Move>) {
        if let Some(allowed) = &self.root_moves
            && moves.iter().any(|mv| allowed.contains(mv))
        {
            let mut kept = MoveList::new();
            kept.extend(moves.iter().copied().filter(|mv| allowed.contains(mv)));
            *moves = kept;
        }
    }
}
