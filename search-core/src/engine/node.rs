//! **The node function**: fail-soft alpha-beta in negamax form (Knuth & Moore 1975, "An analysis
//! of alpha-beta pruning"), the one place where the engine's search is written, every feature a
//! block that asks its own file.
//!
//! It reads top to bottom as the algorithm:
//!
//! 1. early exits: the limits, a repetition draw (`repetition.rs`), a finished game (terminal
//!    before horizon), a static leaf or the ply limit; a chance node (`chance_node.rs`);
//! 2. extensions (`extensions.rs`: check, capture chain), then the horizon: static evaluation or
//!    quiescence search (`quiescence.rs`);
//! 3. the transposition-table probe (`tt.rs`; a node above the horizon computes the key at its
//!    start and starts loading its entry into the cache then): a cutoff, or a move to search first; then the enhanced
//!    transposition cutoff (`enhanced_cutoff.rs`);
//! 4. the static value (corrected by the correction history, `correction.rs`) recorded on the
//!    line and whether it is improving (`improving.rs`);
//!    reverse futility pruning (`futility.rs`), razoring (`razoring.rs`: the node's own
//!    quiescence search confirming a static value far below alpha) and null-move pruning
//!    (`null_move.rs`: this file searches the position after the pass); ProbCut (`probcut.rs`:
//!    a good noisy move searched a few plies shallower against a bar above beta); the
//!    singular-extension test of the table move (`singular.rs`: the other moves searched half
//!    as deep by the move loop below);
//! 5. the move loop (`search_moves`): ordered moves (`ordering.rs`),
//!    futility pruning of hopeless quiet moves, late move pruning (`lmp.rs`) and history
//!    pruning (`history_pruning.rs`) of late ones, SEE pruning (`see_pruning.rs`) of losing
//!    ones, each move through the child-search ladder
//!    (`search_move`): the first with the full window, the others by a
//!    null window (`pvs.rs`) at a reduced depth (`lmr.rs`, adjusted by history if asked) with
//!    their re-searches; beta cutoffs feeding killers, counter moves (`counter.rs`), history
//!    and continuation history after the moves one and two plies back (`continuation.rs`;
//!    under the gravity rule, the quiet moves tried before the cutoff lose history), and the
//!    capture history of the hinted moves (`capture_history.rs`); once the first move has
//!    failed to cut, every other child's table bucket asked of memory (`prefetch.rs`);
//! 6. what the result says of the static value, for the correction history; the
//!    transposition-table store, once, at the end.
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
//!   feature's file says. With only exact features on, the root value is minimax's at the
//!   nominal depth.
//! - **Cost.** Per node: one move generation (on the stack: no heap allocation), the principal
//!   variation copied up a triangular table on each new best move, the node budget checked at
//!   every node and the clock and stop flag every thousand nodes. In nodes: between Knuth &
//!   Moore's minimal tree (`b^ceil(d/2) + b^floor(d/2) - 1` leaves, best move always first) and
//!   minimax's `b^d`, as the ordering decides.

use super::capture_history::capture_key;
use super::correction;
use super::enhanced_cutoff;
use super::extensions::{self, child_capture_chain};
use super::frame::{Candidate, ChildMove, MAX_SEARCH_PLY, MoveKind, MoveLoop, Node};
use super::futility;
use super::history::{HistoryRule, gravity_bonus};
use super::history_pruning;
use super::iir;
use super::improving;
use super::lmp;
use super::lmr;
use super::null_move::NullMoveResult;
use super::ordering::{MovePicker, Tiers};
use super::prefetch;
use super::probcut::{self, PROBCUT_REDUCTION};
use super::quiescence::{Quiescence, QuiescenceTable};
use super::razoring;
use super::see_pruning;
use super::singular::{self, Singular};
use super::state::RootMoveInfo;
use super::state::{TableKey, table_key};
use super::table_eval;
use super::threads::{DEFER_DEPTH, EARLY_PLIES, PutOff};
use super::tt::Probe;
use super::worker::Worker;
use crate::trace::Cut;
use crate::{Bound, Evaluate, Game, INLINE_MOVES, MoveList, Score, outcome_score};
use arrayvec::ArrayVec;

/// A quiet move searched without a cutoff, by its history and continuation indices (either may
/// be missing), for the maluses of the cutoff that follows.
type Tried = (Option<u16>, Option<u16>);

/// The moves of a node searched without a cutoff, for the maluses of the cutoff that follows:
/// the quiet moves (history, continuation history) and the hinted ones (capture history).
#[derive(Default)]
struct TriedMoves {
    quiets: ArrayVec<Tried, 64>,
    captures: ArrayVec<u16, 32>,
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
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

        // --- Chance: nature moves here (a die roll): the weighted mean of the outcomes, pruned
        //     by Star1 and Star2 (`chance_node.rs`); at the horizon, the static evaluation.
        if game.is_chance() {
            if node.depth == 0 {
                return self.static_leaf(game);
            }
            // No static value of its own on the line (`improving.rs`).
            self.improving(game, node.ply, None);
            return self.chance_node(game, &moves, &node, early_key, key);
        }

        // --- Extensions: a position in check, or at the end of a capture chain, goes deeper.
        let in_check = self.needs_check_status() && game.is_in_check();
        node = extensions::extend(self.config.check_extension, node, in_check);

        // --- Horizon: the static evaluation, or a quiescence search that resolves noisy moves.
        if node.depth == 0 {
            let Some(config) = self.config.quiescence else {
                return self.static_leaf(game);
            };
            let window = (node.alpha, node.beta);
            let correction = self.config.correction.then_some(&self.history.correction);
            let table = match (&mut self.table, self.hasher, self.config.table) {
                (Some(table), Some(hasher), Some(tt)) if config.table => Some(QuiescenceTable {
                    table,
                    hasher,
                    policy: tt.policy,
                }),
                _ => None,
            };
            return Quiescence::new(self.evaluator, config, self.search)
                .with_correction(correction)
                .with_table(table)
                .horizon(game, &mut moves, node.ply, window);
        }

        // --- Bounds: the game's bounds on the value may decide the window already.
        if let Some(score) = self.bounds_cutoff(game, &node) {
            return self.search.prune(Cut::Bounds, &moves, score);
        }

        // --- Transposition table: a stored result that decides the window ends the node (never
        //     at the root); otherwise its move goes first. Then the children's entries (ETC).
        let tt_key = early_key.or_else(|| self.key(game, node.ply));
        let probe = self.probe_table(tt_key, &node);
        if let Some(score) = probe.score {
            return self.search.prune(Cut::TtCutoff, &moves, score);
        }
        if let Some(score) = self.enhanced_cutoff(game, &moves, &node, tt_key) {
            return self.search.prune(Cut::EnhancedTtCutoff, &moves, score);
        }
        let tt_move = self.first_move(game, probe.move_code, &moves, node.ply);

        // --- Internal iterative reduction: a deep node the table has no move for, a ply shallower.
        node = self.internal_reduction(node, tt_key.is_some(), tt_move.is_some());

        // --- Reverse futility: near the horizon, a static value far above beta ends the node
        //     (sooner if the side to move's value is improving: `improving.rs`).
        //     With `tt-eval` it and the null move read the table's bound where it says more.
        let static_eval = self.interior_static_eval(game, node.ply, in_check);
        let improving = self.improving(game, node.ply, static_eval);
        let pruning_eval = self.pruning_value(static_eval, probe.stored);
        if let Some(score) = self.reverse_futility(pruning_eval, improving, &node) {
            return self.search.prune(Cut::Futility, &moves, score);
        }

        // --- Razoring: near the horizon, a static value far below alpha that the node's
        //     quiescence search confirms ends the node.
        if let Some(score) = self.razoring(game, &node, static_eval) {
            return self.search.prune(Cut::Razor, &moves, score);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- Null move: if passing still fails high, a real move will too: cut, or verify.
        let null_move = self.null_move_search(game, &node, in_check, pruning_eval);
        if let NullMoveResult::Cutoff(score) = null_move {
            return self.search.prune(Cut::NullMove, &moves, score);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        let mut work = MoveLoop {
            moves: &mut moves,
            tt_move,
            static_eval,
            improving,
            in_check,
            key,
            extended: None,
        };

        // --- ProbCut: at a deep scout node, a good noisy move that beats beta by a margin in a
        //     search a few plies shallower ends the node.
        if let Some(score) = self.probcut(game, &node, &work) {
            return self.search.prune(Cut::ProbCut, work.moves, score);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- Singular extension: a table move that every other move (searched half as deep)
        //     stays below by a margin goes a ply deeper; one reaching a bar at beta: multi-cut.
        if let Some(score) = self.singular_extension(game, &node, probe.lower, &mut work) {
            return self.search.prune(Cut::MultiCut, work.moves, score);
        }
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- The moves (after a verified null-move fail-high, one ply shallower first).
        self.search.stats.interior_nodes += 1;
        let verifying = null_move == NullMoveResult::Verify;
        let (searched, best_score, best_move) = self.search_moves_verified(game, node, verifying, &mut work);
        if self.search.aborted {
            return Score::DRAW;
        }

        // --- Correction history: what the search found the static value off by.
        self.learn_correction(game, &searched, work.static_eval, best_score, best_move);

        // --- Transposition table store, once: the fail-soft score with its bound.
        self.store_result(game, tt_key, &searched, best_score, best_move);
        best_score
    }

    /// The table key of a node that will reach the table (one above the horizon: a node at it
    /// probes only if an extension takes it deeper, and then computes its key there), with a
    /// load of its bucket started now, so that the probe finds it in the cache: a probe of a
    /// large table is otherwise a wait on memory (a third of a Kalah solve's time), which the
    /// move generation before it now overlaps.
    #[inline]
    fn key_and_prefetch(&self, game: &G, node: &Node) -> Option<TableKey> {
        if node.depth == 0 {
            return None;
        }
        let key = self.key(game, node.ply)?;
        if let Some(table) = &self.table {
            table.prefetch(key.hash);
        }
        Some(key)
    }

    /// The score the game's bounds on the value decide for `node`'s window, if the
    /// `bounds` feature is on and they do (`bounds.rs`).
    #[inline]
    fn bounds_cutoff(&self, game: &G, node: &Node) -> Option<Score> {
        if !self.config.bounds || node.ply == 0 {
            return None;
        }
        super::bounds::cutoff(game.value_bounds()?, node)
    }

    /// The move to search first: the table's (looked up among all the moves, even where the
    /// root's are restricted), else at the root the previous iteration's best.
    fn first_move(&self, game: &G, code: Option<u32>, moves: &[G::Move], ply: u32) -> Option<G::Move> {
        let all_moves = ply > 0 || self.context.root_moves.is_none();
        let stored = self.stored_move(game, code, moves, all_moves);
        if ply == 0 && !stored.is_some_and(|mv| moves.contains(&mv)) {
            return self.search.root_best.filter(|mv| moves.contains(mv));
        }
        stored
    }

    /// Stores the node's fail-soft `score` with its bound and best move, if there is a table
    /// (a Star2 probe searched one move: its value, unless it failed low, bounds the node from
    /// below).
    fn store_result(
        &mut self,
        game: &G,
        key: Option<TableKey>,
        node: &Node,
        score: Score,
        best: Option<G::Move>,
    ) {
        if key.is_none() {
            return;
        }
        let move_code = self.move_code(game, best);
        if !node.probe {
            let bound = Bound::classify(score, node.alpha, node.beta);
            self.store_table(key, node, bound, score, move_code);
        } else if score > node.alpha {
            self.store_table(key, node, Bound::Lower, score, move_code);
        }
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
        let count = if node.depth == 0 && self.horizon_needs_count_only() {
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

    /// The move loop of `node`; when `verifying` a null-move fail-high (verified null-move
    /// pruning, `null_move.rs`), first one ply shallower with verification off below (where null
    /// moves cut plainly), and, if that does not fail high after all (a zugzwang), again at the
    /// full depth. The node as last searched, with its best score and move.
    #[inline(always)]
    fn search_moves_verified(
        &mut self,
        game: &G,
        node: Node,
        verifying: bool,
        work: &mut MoveLoop<'_, G::Move>,
    ) -> (Node, Score, Option<G::Move>) {
        let mut searched = node;
        if verifying {
            searched = Node {
                depth: node.depth - 1,
                verify: false,
                ..node
            };
        }
        let (mut best_score, mut best_move) = self.search_moves(game, &searched, work);
        if verifying && !self.search.aborted && best_score < node.beta {
            self.search.stats.researches += 1;
            searched = node;
            (best_score, best_move) = self.search_moves(game, &searched, work);
        }
        (searched, best_score, best_move)
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
        let counter = self.counter_move(game, node.ply);
        let mut picker = MovePicker::new(
            self.tiers(counter, node.ply),
            game,
            work.moves,
            work.tt_move,
            node.ply,
            &mut scores,
        );
        let moves = work.moves.as_mut_slice();
        let mut searched = 0u32;
        let mut put_off = PutOff::new();
        // The moves searched without a cutoff (for the maluses of the histories).
        let mut tried = TriedMoves::default();
        while let Some((mv, kind, later)) = picker
            .next(self.tiers(counter, node.ply), game, moves)
            .map(|(mv, kind)| (mv, kind, false))
            .or_else(|| put_off.next())
        {
            let mut child = game.clone();
            child.play_in_place(mv);
            // Threads: a later move another thread is searching now waits for the others (the
            // first too, near the root of a search without iterative deepening).
            let busy = self.busy_key(&child, node, searched);
            if !later && busy.is_some_and(|key| self.search.is_busy(key)) && put_off.push(mv, kind) {
                continue;
            }
            let noisy = self.needs_noisy_status() && game.is_noisy(mv);
            let candidate = Candidate {
                kind,
                noisy,
                number: searched + 1,
                history: self.quiet_history(game, mv, noisy, node.ply),
            };

            // Futility: near the horizon, a quiet move cannot lift a hopeless static value to
            // alpha; skip it, counting its bound in the node's fail-soft value.
            if let Some(bound) = self.futile_move(work.static_eval, node, alpha, &candidate, &child) {
                best_score = best_score.max(bound);
                continue;
            }
            // Late move pruning: near the horizon, a scout node's late quiet moves are skipped,
            // and so are (history pruning) the quiet moves with a record of failing and (SEE
            // pruning) the moves that lose material on their square.
            if self.late_move_pruned(node, work.in_check, work.improving, &candidate, &child)
                || self.history_pruned(node, work.in_check, &candidate, &child)
                || self.see_pruned(game, mv, node, work.in_check, &candidate, &child)
            {
                continue;
            }

            searched += 1;
            self.search.stats.children += 1;
            if node.ply == 0 {
                self.report_root_move(node.depth, mv, searched);
            }
            self.search.trace.child(&mv);
            if self.tracks_line() {
                self.search
                    .counters
                    .played(node.ply + 1, game.continuation_index(mv));
            }
            let child_move = ChildMove {
                position: &child,
                first: searched == 1,
                reduction: self.late_move_reduction(node, work.in_check, work.improving, &candidate, &child),
                extension: singular::extension(work.extended == Some(mv), || self.extends_in_check(&child)),
                chain: child_capture_chain(node.chain, candidate.noisy),
                flips: child.to_move() != game.to_move(),
            };
            let score = self.search_busy(busy, |worker| {
                worker.search_move(node, alpha, work.key, &child_move)
            });
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
                    self.record_cutoff(game, mv, &candidate, node, &tried);
                    self.search.trace.prune(Cut::BetaCutoff, moves.iter());
                    break;
                }
            }
            self.note_tried(game, mv, &candidate, &mut tried);
            // A Star2 probe (`chance_node.rs`) searches the expected best move only.
            if node.probe {
                break;
            }
            // An all-node, probably: every other child's bucket on its way (`prefetch.rs`).
            if searched == 1 {
                self.prefetch_siblings(game, moves, mv, node);
            }
        }
        (best_score, best_move)
    }

    /// The table key of `child`, the position after a move of `node`, if its search is one that
    /// threads mark and put off (`threads.rs`'s simplified ABDADA): on several threads, with a
    /// table, at least [`DEFER_DEPTH`] deep, and not the node's first move (`searched` moves were
    /// searched before it), but in a search without iterative deepening within [`EARLY_PLIES`]
    /// of the root, where the first move is put off too (not at a Star2 probe, which searches
    /// its first move only).
    #[inline]
    fn busy_key(&self, child: &G, node: &Node, searched: u32) -> Option<u64> {
        let early = !self.config.iterative_deepening && node.ply < EARLY_PLIES && !node.probe;
        let eldest = searched == 0 && !early;
        if eldest || node.depth < DEFER_DEPTH || self.search.shared.is_none() {
            return None;
        }
        self.key(child, node.ply + 1).map(|key| key.hash)
    }

    /// Runs `search` with the position of `busy` (if any) marked as being searched.
    #[inline(always)]
    fn search_busy(&mut self, busy: Option<u64>, search: impl FnOnce(&mut Self) -> Score) -> Score {
        let Some(key) = busy else {
            return search(self);
        };
        self.search.enter_busy(key);
        let score = search(self);
        self.search.leave_busy(key);
        score
    }

    /// The child-search ladder: the value of a move from the parent's side, the parent's window
    /// being `(alpha, node.beta)`. The first move (or every move without PVS or a reduction)
    /// takes the full window at full depth; a later one a scout (PVS's null window, `pvs.rs`;
    /// LMR's reduced depth, `lmr.rs`), then LMR's full depth if the reduced search beats alpha,
    /// then PVS's full window if the value falls inside it. Each rung also says whether the
    /// child is an expected cut node (`lmr-cut`: `child_is_cut` in `lmr.rs`).
    fn search_move(
        &mut self,
        node: &Node,
        alpha: Score,
        key: Option<u64>,
        child: &ChildMove<'_, G>,
    ) -> Score {
        let beta = node.beta;
        let depth = node.depth - 1 + child.extension;
        // Whether the child, searched in `(alpha, beta)`, `reduced` or not, is an expected cut node.
        let cut = |(alpha, beta): (Score, Score), reduced| {
            let null_window = i64::from(beta.raw()) - i64::from(alpha.raw()) == 1;
            lmr::child_is_cut(node.cut, null_window, reduced)
        };
        if child.first || (!self.config.pvs && child.reduction == 0) {
            let window = (alpha, beta);
            return self.child_value(node, child, depth, window, key, cut(window, false));
        }
        let scout = (alpha, if self.config.pvs { alpha + 1 } else { beta });
        let reduced = depth.saturating_sub(child.reduction);
        let reduced_cut = cut(scout, child.reduction > 0);
        let mut score = self.child_value(node, child, reduced, scout, key, reduced_cut);
        if child.reduction > 0 && score > alpha && !self.search.aborted {
            self.search.stats.researches += 1;
            score = self.child_value(node, child, depth, scout, key, cut(scout, false));
        }
        if self.config.pvs && score > alpha && score < beta && !self.search.aborted {
            self.search.stats.researches += 1;
            let window = (alpha, beta);
            score = self.child_value(node, child, depth, window, key, cut(window, false));
        }
        score
    }

    /// The child's value from the parent's side, searched `depth` plies deep in the parent's
    /// `window`: negated, with the window negated and swapped, only when the side to move
    /// changes (a game may give a player several moves in a row).
    /// The child is an expected cut node if `cut` (`lmr-cut`).
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
        cut: bool,
    ) -> Score {
        if child.flips {
            let child_node = Node {
                cut,
                ..node.child(depth, -beta, -alpha, child.chain)
            };
            -self.search_child(child.position, child_node, key)
        } else {
            let child_node = Node {
                cut,
                ..node.child(depth, alpha, beta, child.chain)
            };
            self.search_child(child.position, child_node, key)
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

    /// The null-move search of `node` (position `game`; see `null_move.rs`): the position after
    /// the pass, searched `R` plies shallower with the null window at beta.
    fn null_move_search(
        &mut self,
        game: &G,
        node: &Node,
        in_check: bool,
        static_eval: Option<Score>,
    ) -> NullMoveResult {
        let Some(null_move) = self.config.null_move else {
            return NullMoveResult::NotTried;
        };
        if !null_move.applies(node, in_check, static_eval) {
            return NullMoveResult::NotTried;
        }
        let Some(passed) = game.null_move() else {
            return NullMoveResult::NotTried;
        };
        self.search.stats.null_move_tries += 1;
        let surplus = static_eval.map_or(0, |eval| eval.raw().saturating_sub(node.beta.raw()));
        let divisor = null_move
            .eval_divisor
            .map_or(1, |divisor| self.scaled(divisor as i32));
        let depth = null_move.null_search_depth(node.depth, surplus, divisor);
        let child = Node {
            after_null: true,
            chain: None,
            cut: lmr::child_is_cut(node.cut, true, false),
            ..node.child(depth, -node.beta, -node.beta + 1, None)
        };
        // `None` on the line: repetitions are not detected across a null move, and there is no
        // move to counter after it.
        self.search.trace.null_child();
        if self.tracks_line() {
            self.search.counters.played(node.ply + 1, None);
        }
        let score = -self.search_child(&passed, child, None);
        if self.search.aborted {
            return NullMoveResult::Failed;
        }
        let result = null_move.decide(node, score);
        if let NullMoveResult::Cutoff(_) = result {
            self.search.stats.null_move_cutoffs += 1;
        }
        result
    }

    /// `mv` (the `candidate`) caused a beta cutoff at `node`: counted; a hinted one earns
    /// capture history (and the hinted moves tried before it lose it, whatever cut); a quiet
    /// one becomes a killer of the ply and earns history.
    fn record_cutoff(
        &mut self,
        game: &G,
        mv: G::Move,
        candidate: &Candidate,
        node: &Node,
        tried: &TriedMoves,
    ) {
        let player = game.to_move();
        let bonus = gravity_bonus(node.depth);
        if self.config.capture_history {
            // The hinted move that cut gains, the hinted moves tried before it lose, whatever
            // cut (`capture_history.rs`).
            let cut = self.capture_key(game, mv);
            let capture = &mut self.history.capture;
            if let Some(key) = cut {
                capture.nudge(player, key, bonus);
            }
            for &key in &tried.captures {
                capture.nudge(player, key, -bonus);
            }
        }
        let stats = &mut self.search.stats;
        stats.beta_cutoffs += 1;
        if candidate.number == 1 {
            stats.first_move_cutoffs += 1;
        }
        match candidate.kind {
            MoveKind::Killer => stats.killer_cutoffs += 1,
            MoveKind::History => stats.history_cutoffs += 1,
            _ => {}
        }
        if candidate.noisy {
            return;
        }
        if self.config.killers {
            self.search.killers.store(node.ply, mv);
        }
        if self.config.counter_moves {
            self.search.counters.store(game.to_move(), node.ply, mv);
        }
        if let Some(index) = game.history_index(mv) {
            match self.config.history {
                Some(HistoryRule::Classic) => self.history.reward(player, index, node.depth),
                Some(HistoryRule::Gravity) => {
                    // The cutoff move gains, the quiet moves tried before it lose (`history.rs`).
                    self.history.nudge(player, index, bonus);
                    for &(tried, _) in &tried.quiets {
                        if let Some(tried) = tried {
                            self.history.nudge(player, tried, -bonus);
                        }
                    }
                }
                None => {}
            }
        }
        if self.config.continuation_history
            && let Some(key) = game.continuation_index(mv)
        {
            // The same, for the pairs with the moves before (`continuation.rs`).
            let previous = self.search.counters.previous(node.ply);
            let continuation = &mut self.history.continuation;
            continuation.nudge(player, previous, key, bonus);
            for &(_, tried) in &tried.quiets {
                if let Some(tried) = tried {
                    continuation.nudge(player, previous, tried, -bonus);
                }
            }
        }
    }

    /// Notes `mv` (the `candidate`), searched without a cutoff, for the maluses of a later
    /// cutoff: a quiet move by its history and continuation keys (under a rule that learns
    /// maluses), a hinted one by its capture-history key (with that feature).
    #[inline]
    fn note_tried(&self, game: &G, mv: G::Move, candidate: &Candidate, tried: &mut TriedMoves) {
        if !candidate.noisy && !tried.quiets.is_full() && self.learns_maluses() {
            let continuation = self
                .config
                .continuation_history
                .then(|| game.continuation_index(mv));
            let keys = (game.history_index(mv), continuation.flatten());
            if keys != (None, None) {
                tried.quiets.push(keys);
            }
        }
        if !tried.captures.is_full()
            && let Some(key) = self.capture_key(game, mv)
        {
            tried.captures.push(key);
        }
    }

    /// The capture-history key of `mv` (`capture_history.rs`), with that feature on and `mv`
    /// hinted.
    #[inline]
    fn capture_key(&self, game: &G, mv: G::Move) -> Option<u16> {
        if !self.config.capture_history {
            return None;
        }
        capture_key(game.capture_index(mv), game.order_hint(mv))
    }

    /// Whether the history rule is gravity's (with maluses).
    #[inline]
    fn gravity(&self) -> bool {
        self.config.history == Some(HistoryRule::Gravity)
    }

    /// Whether a cutoff punishes the quiet moves tried before it: under the gravity rule, or
    /// with continuation history (which always learns by it).
    #[inline]
    fn learns_maluses(&self) -> bool {
        self.gravity() || self.config.continuation_history
    }

    /// Whether the line's moves are tracked per ply: for counter moves or continuation history.
    #[inline]
    pub(super) fn tracks_line(&self) -> bool {
        self.config.counter_moves || self.config.continuation_history
    }

    /// The history score of quiet move `mv` at `ply` (its history counter, plus its continuation
    /// counters if that feature is on), if history pruning or history-adjusted reductions will
    /// read it (one of them is on, with the gravity rule); else `0`.
    #[inline]
    fn quiet_history(&self, game: &G, mv: G::Move, noisy: bool, ply: u32) -> i32 {
        let c = &self.config;
        let reads = c.history_pruning.is_some() || c.lmr.is_some_and(|lmr| lmr.history_divisor.is_some());
        if !reads || noisy || !self.gravity() {
            return 0;
        }
        let player = game.to_move();
        let history = game
            .history_index(mv)
            .map_or(0, |index| self.history.score(player, index));
        let continuation = if c.continuation_history
            && let Some(key) = game.continuation_index(mv)
        {
            let previous = self.search.counters.previous(ply);
            self.history.continuation.score(player, previous, key)
        } else {
            0
        };
        history + continuation
    }

    /// The ordering tiers the configuration turns on, with what they have learnt, and the
    /// node's `counter` move; `ply`: the node's, for the continuation history.
    #[inline]
    fn tiers(&self, counter: Option<G::Move>, ply: u32) -> Tiers<'_, G::Move> {
        Tiers {
            hints: self.config.order_hints,
            capture: self.config.capture_history.then_some(&self.history.capture),
            killers: self.config.killers.then_some(&self.search.killers),
            history: self.config.history.map(|_| &*self.history),
            continuation: self
                .config
                .continuation_history
                .then(|| (&self.history.continuation, self.search.counters.previous(ply))),
            counter,
        }
    }

    /// The counter move of the side to move in `game` at `ply`, if the feature is on and one is
    /// known (`counter.rs`).
    #[inline]
    fn counter_move(&self, game: &G, ply: u32) -> Option<G::Move> {
        if !self.config.counter_moves {
            return None;
        }
        self.search.counters.at(game.to_move(), ply)
    }

    /// The table's answer for `node` (table key `key`): a score that ends the node, the
    /// stored move to search first and the stored lower bound (see `tt.rs`); all `None`
    /// without an entry.
    pub(super) fn probe_table(&mut self, key: Option<TableKey>, node: &Node) -> Probe {
        let (Some(key), Some(tt), Some(table)) = (key, &self.table, self.config.table) else {
            return Probe::default();
        };
        match tt.probe_node(key, node, table.policy, &mut self.search.stats) {
            Some(probe) => {
                self.search.trace.tt_hit();
                probe
            }
            None => Probe::default(),
        }
    }

    /// Whether `child` will be extended for being in check (the `check_extension`): then a
    /// singular table move gets no second ply on top, so that no move is extended twice
    /// (Stockfish gives a move one extension at most).
    fn extends_in_check(&self, child: &G) -> bool {
        self.config.check_extension && child.is_in_check()
    }

    /// The singular-extension test of `node`'s table move (see `singular.rs`), if the feature
    /// is on and the table's lower bound `stored` makes it eligible: the node's other moves
    /// searched `(depth − 1) / 2` deep with the null window at the bar below the bound. Marks
    /// the table move as extended in `work` if it is singular; a multi-cut's score (the bar) if
    /// another move reaches the bar and the bar is at least beta.
    fn singular_extension(
        &mut self,
        game: &G,
        node: &Node,
        stored: Option<(Score, u32)>,
        work: &mut MoveLoop<'_, G::Move>,
    ) -> Option<Score> {
        let (min_depth, table_move) = (self.config.singular?, work.tt_move?);
        let bar = singular::bar(
            min_depth,
            node,
            stored,
            self.scaled(singular::SINGULAR_MARGIN_PER_PLY),
        )?;
        let mut others = MoveList::new();
        others.extend(work.moves.iter().copied().filter(|&mv| mv != table_move));
        let excluding = Node {
            depth: singular::excluding_depth(node.depth),
            alpha: bar - 1,
            beta: bar,
            ..*node
        };
        let mut excluded = MoveLoop {
            moves: &mut others,
            tt_move: None,
            extended: None,
            ..*work
        };
        let (score, _) = self.search_moves(game, &excluding, &mut excluded);
        // What the excluding search left at this ply is not the node's: its line, its cutoff.
        self.search.pv.clear(node.ply);
        self.search.trace.uncut();
        if self.search.aborted {
            return None;
        }
        match singular::decide(score, bar, node) {
            Singular::Extend => {
                self.search.stats.singular_extensions += 1;
                work.extended = Some(table_move);
                None
            }
            Singular::MultiCut(score) => {
                self.search.stats.multi_cuts += 1;
                Some(score)
            }
            Singular::No => None,
        }
    }

    /// ProbCut (see `probcut.rs`): the score of a noisy move of `node` (its moves, table move,
    /// static value and repetition key in `work`) that reaches the bar above beta by a
    /// quiescence search and then by a search [`PROBCUT_REDUCTION`] plies shallower, if the
    /// feature is on, the node eligible and a candidate does.
    fn probcut(&mut self, game: &G, node: &Node, work: &MoveLoop<'_, G::Move>) -> Option<Score> {
        let margin = self.config.probcut?;
        let bar = probcut::bar(node, work.in_check, self.scaled(margin))?;
        // The candidates (among the first `INLINE_MOVES` moves), by their index among the
        // moves: the table's move first, then by their exchange, best first, ties in generation order.
        let unit = self.evaluator.unit();
        let mut candidates = ArrayVec::<(i32, u16), INLINE_MOVES>::new();
        for (index, &mv) in work.moves.iter().enumerate().take(INLINE_MOVES) {
            if !game.is_noisy(mv) {
                continue;
            }
            let exchange = game.static_exchange(mv);
            if !probcut::candidate(exchange, work.static_eval, bar, unit) {
                continue;
            }
            let rank = if work.tt_move == Some(mv) {
                i32::MAX
            } else {
                exchange.unwrap_or(0)
            };
            candidates.push((rank, index as u16));
        }
        candidates.sort_unstable_by_key(|&(rank, index)| (std::cmp::Reverse(rank), index));
        let window = (bar - 1, bar);
        for (_, index) in candidates {
            let mv = work.moves[usize::from(index)];
            let mut child = game.clone();
            child.play_in_place(mv);
            let child_move = ChildMove {
                position: &child,
                first: true,
                reduction: 0,
                extension: 0,
                chain: child_capture_chain(node.chain, true),
                flips: child.to_move() != game.to_move(),
            };
            self.search.trace.child(&mv);
            if self.tracks_line() {
                self.search
                    .counters
                    .played(node.ply + 1, game.continuation_index(mv));
            }
            // Quiescence first: a capture that does not hold even there is dropped cheaply.
            let cut = lmr::child_is_cut(node.cut, true, false);
            let mut score = self.child_value(node, &child_move, 0, window, work.key, cut);
            if score >= bar && !self.search.aborted {
                let depth = node.depth - PROBCUT_REDUCTION;
                score = self.child_value(node, &child_move, depth, window, work.key, cut);
            }
            if self.search.aborted {
                return None;
            }
            if score >= bar {
                self.search.stats.probcut_cutoffs += 1;
                return Some(score);
            }
        }
        None
    }

    /// Stores the fail-soft `score` of `node` as a `bound` of its value, with its best move's
    /// code, if there is a table.
    pub(super) fn store_table(
        &mut self,
        key: Option<TableKey>,
        node: &Node,
        bound: Bound,
        score: Score,
        move_code: Option<u32>,
    ) {
        if let (Some(key), Some(tt)) = (key, &mut self.table) {
            tt.store_node(key, node, bound, score, move_code);
        }
    }

    /// The enhanced transposition cutoff of `node` (see `enhanced_cutoff.rs`), stored as the
    /// node's lower bound with the refuting move.
    fn enhanced_cutoff(
        &mut self,
        game: &G,
        moves: &[G::Move],
        node: &Node,
        key: Option<TableKey>,
    ) -> Option<Score> {
        let table = self.config.table?;
        if !enhanced_cutoff::applies(&table, node) {
            return None;
        }
        let (tt, hasher) = (self.table.as_ref()?, self.hasher?);
        let (index, score) = enhanced_cutoff::refutation(
            game,
            moves,
            node,
            &table,
            |child, ply| tt.probe(table_key(hasher, child, ply).hash),
            self.config.check_extension,
            &mut self.search.stats,
        )?;
        // The moves are in generation order here (before the move loop orders them).
        let move_code = hasher.code(game, moves[index], Some(moves));
        self.store_table(key, node, Bound::Lower, score, move_code);
        Some(score)
    }

    /// Starts loading the table bucket of every child of `node` but the one by `searched`, if
    /// the `prefetch` feature applies (`prefetch.rs`).
    #[inline]
    fn prefetch_siblings(&self, game: &G, moves: &[G::Move], searched: G::Move, node: &Node) {
        let (Some(config), Some(tt), Some(hasher)) = (self.config.table, &self.table, self.hasher) else {
            return;
        };
        if prefetch::applies(&config, node) {
            prefetch::siblings(game, moves, searched, |child| {
                tt.prefetch(table_key(hasher, child, node.ply + 1).hash);
            });
        }
    }

    /// The static evaluation, if a feature that needs it at interior nodes is on and the side to
    /// move is not in check (where a static value means little).
    fn interior_static_eval(&self, game: &G, ply: u32, in_check: bool) -> Option<Score> {
        let c = &self.config;
        let needed = c.reverse_futility.is_some()
            || c.futility.is_some()
            || c.probcut.is_some()
            || c.razoring.is_some()
            || c.improving
            || c.null_move
                .is_some_and(|null_move| null_move.eval_guard || null_move.eval_divisor.is_some());
        (needed && ply > 0 && !in_check).then(|| self.corrected_static_eval(game))
    }

    /// The static value of an interior node, corrected by the correction history if it is on
    /// and the game gives a key (see `correction.rs`).
    fn corrected_static_eval(&self, game: &G) -> Score {
        let raw = self.evaluate(game);
        if !self.config.correction {
            return raw;
        }
        match game.correction_key() {
            Some(key) => self.history.correction.correct(game.to_move(), key, raw),
            None => raw,
        }
    }

    /// Teaches the correction history (see `correction.rs`) what the search of `node` found,
    /// `score` with best move `best`, where its static value was `static_eval`: if the feature
    /// is on, the game gives a key and the result says something about the static value.
    fn learn_correction(
        &mut self,
        game: &G,
        node: &Node,
        static_eval: Option<Score>,
        score: Score,
        best: Option<G::Move>,
    ) {
        if !self.config.correction || node.probe {
            return;
        }
        let (Some(corrected), Some(key)) = (static_eval, game.correction_key()) else {
            return;
        };
        let bound = Bound::classify(score, node.alpha, node.beta);
        let noisy_best = score > node.alpha && best.is_some_and(|mv| game.is_noisy(mv));
        if !correction::teaches(bound, score, corrected, noisy_best) {
            return;
        }
        let max_correction = self.scaled(correction::MAX_CORRECTION);
        let player = game.to_move();
        self.history
            .correction
            .learn(player, key, corrected, score, node.depth, max_correction);
        self.search.stats.corrections_learnt += 1;
    }

    /// The reverse futility cut (see `futility.rs`): `Some(static value)` when it fails high by
    /// the margin.
    fn reverse_futility(
        &mut self,
        static_eval: Option<Score>,
        improving: Option<bool>,
        node: &Node,
    ) -> Option<Score> {
        let rfp = self.config.reverse_futility?;
        let margin = self.scaled(rfp.margin);
        let margin_depth = improving::futility_depth(node.depth, improving);
        let stats = &mut self.search.stats;
        futility::reverse_futility_cut(margin, rfp.max_depth, static_eval?, node, margin_depth, stats)
    }

    /// Razoring (see `razoring.rs`): the node's quiescence search, with checks (the static value
    /// without one), if the feature is on, the node eligible and its static value out of reach of
    /// alpha; its value if it stays at or below alpha.
    fn razoring(&mut self, game: &G, node: &Node, static_eval: Option<Score>) -> Option<Score> {
        let margin = self.config.razoring?;
        if !razoring::applies(node, static_eval, self.scaled(margin)) {
            return None;
        }
        self.search.trace.razor_child();
        let horizon = Node {
            depth: 0,
            chain: None,
            ..*node
        };
        // Its quiescence search looks at the quiet checks of its first ply too: a quiet mate
        // (what a sacrifice to reach this node counted on) is otherwise razored away. Without
        // the table: an entry of a quiescence search without checks would answer for it.
        let configured = self.config.quiescence;
        if let Some(quiescence) = self.config.quiescence.as_mut() {
            quiescence.checks = true;
            quiescence.table = false;
        }
        let score = self.node(game, horizon);
        self.config.quiescence = configured;
        if self.search.aborted {
            return None;
        }
        if score > node.alpha {
            // Searched on as without it: the quiescence line is not the node's.
            self.search.pv.clear(node.ply);
            return None;
        }
        self.search.stats.razor_cutoffs += 1;
        Some(score)
    }

    /// The value reverse futility and the null move read: the static value, or with `tt-eval`
    /// the table's bound where it says more (see `table_eval.rs`).
    fn pruning_value(&self, static_eval: Option<Score>, stored: Option<(Score, Bound)>) -> Option<Score> {
        match self.config.table {
            Some(table) if table.eval => table_eval::pruning_value(static_eval, stored),
            _ => static_eval,
        }
    }

    /// Records the node's static value on the line and says whether the side to move is
    /// improving (see `improving.rs`); `None` with the feature off or where it is not known.
    fn improving(&mut self, game: &G, ply: u32, static_eval: Option<Score>) -> Option<bool> {
        if !self.config.improving {
            return None;
        }
        self.search.static_values.record(ply, game.to_move(), static_eval)
    }

    /// The futility bound of a move (see `futility.rs`) when it is to be skipped.
    fn futile_move(
        &mut self,
        static_eval: Option<Score>,
        node: &Node,
        alpha: Score,
        candidate: &Candidate,
        child: &G,
    ) -> Option<Score> {
        let margin = self.scaled(self.config.futility?);
        let gives_check = || child.is_in_check();
        futility::futile_move(
            margin,
            static_eval?,
            node,
            alpha,
            candidate,
            gives_check,
            &mut self.search.stats,
        )
    }

    /// `node`, a ply shallower if internal iterative reduction applies (see `iir.rs`): the table
    /// was probed (`probed`: the node has a table key) and gave no move.
    fn internal_reduction(&mut self, node: Node, probed: bool, has_table_move: bool) -> Node {
        let min_depth = self.config.internal_reduction;
        iir::reduce(min_depth, node, probed, has_table_move, &mut self.search.stats)
    }

    /// Whether late move pruning skips a move (see `lmp.rs`; after half as many moves where the
    /// side to move is not `improving`: `improving.rs`).
    fn late_move_pruned(
        &mut self,
        node: &Node,
        in_check: bool,
        improving: Option<bool>,
        candidate: &Candidate,
        child: &G,
    ) -> bool {
        let Some(base) = self.config.late_move_pruning else {
            return false;
        };
        let moves = improving::pruning_count(lmp::move_count(base, node.depth), improving);
        let gives_check = || child.is_in_check();
        lmp::pruned(
            moves,
            node,
            in_check,
            candidate,
            gives_check,
            &mut self.search.stats,
        )
    }

    /// Whether history pruning skips a move (see `history_pruning.rs`).
    fn history_pruned(&mut self, node: &Node, in_check: bool, candidate: &Candidate, child: &G) -> bool {
        let Some(threshold) = self.config.history_pruning else {
            return false;
        };
        let gives_check = || child.is_in_check();
        history_pruning::pruned(
            threshold,
            node,
            in_check,
            candidate,
            gives_check,
            &mut self.search.stats,
        )
    }

    /// Whether SEE pruning skips move `mv` of `game` (see `see_pruning.rs`).
    fn see_pruned(
        &mut self,
        game: &G,
        mv: G::Move,
        node: &Node,
        in_check: bool,
        candidate: &Candidate,
        child: &G,
    ) -> bool {
        let Some(margin) = self.config.see_pruning else {
            return false;
        };
        see_pruning::pruned(
            margin,
            node,
            in_check,
            candidate,
            || game.static_exchange(mv),
            || child.is_in_check(),
            &mut self.search.stats,
        )
    }

    /// LMR's reduction of a move of `node` (see `lmr.rs`; a ply more where the side to move is
    /// not `improving`: `improving.rs`; by history, and a ply less at a PV node, if asked);
    /// `0` without LMR.
    fn late_move_reduction(
        &self,
        node: &Node,
        in_check: bool,
        improving: Option<bool>,
        candidate: &Candidate,
        child: &G,
    ) -> u32 {
        let Some(lmr) = self.config.lmr else {
            return 0;
        };
        let depth = node.depth;
        let reduction = lmr
            .reductions
            .of(depth, in_check, candidate, || child.is_in_check());
        let reduction = improving::reduction(reduction, improving);
        let reduction = if lmr.cut_more {
            lmr::cut_adjusted(reduction, depth, node.cut)
        } else {
            reduction
        };
        let reduction = match lmr.history_divisor {
            Some(divisor) if reduction > 0 => {
                lmr::history_adjusted(reduction, depth, candidate.history, divisor)
            }
            _ => reduction,
        };
        if lmr.pv_less {
            lmr::pv_adjusted(reduction, node.beta > node.alpha + 1)
        } else {
            reduction
        }
    }

    /// Tells the root-move callback, if any, that root move number `number` is searched next.
    fn report_root_move(&mut self, depth: u32, mv: G::Move, number: u32) {
        if let Some(callback) = &mut self.context.root_move_info {
            callback(&RootMoveInfo {
                depth,
                mv,
                number,
                nodes: self.search.stats.nodes,
                elapsed: self.search.start.elapsed(),
            });
        }
    }

    /// A leaf worth its static evaluation.
    pub(super) fn static_leaf(&mut self, game: &G) -> Score {
        let score = self.evaluate(game);
        self.search.leaf(score)
    }

    /// Whether `node` (position `game`) will be searched by a quiescence search that looks at
    /// noisy moves alone (no `qs-checks`), so that the game may generate those alone
    /// ([`Game::generate_noisy_moves`]): at the horizon, not the root, with no capture-chain
    /// budget and no check to extend it (the check is asked only with the extension on).
    fn horizon_takes_noisy_moves(&self, game: &G, node: &Node) -> bool {
        let c = &self.config;
        node.depth == 0
            && node.ply > 0
            && c.quiescence.is_some_and(|q| !q.checks)
            && node.chain.is_none_or(|plies| plies == 0)
            && !(c.check_extension && game.is_in_check())
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
        c.null_move.is_some()
            || c.check_extension
            || c.lmr.is_some()
            || c.late_move_pruning.is_some()
            || c.history_pruning.is_some()
            || c.see_pruning.is_some()
            || c.probcut.is_some()
            || c.razoring.is_some()
            || c.improving
    }

    /// Whether any enabled feature needs [`Game::is_noisy`] in the move loop.
    fn needs_noisy_status(&self) -> bool {
        let c = &self.config;
        c.capture_chain.is_some()
            || c.counter_moves
            || c.continuation_history
            || c.lmr.is_some()
            || c.killers
            || c.history.is_some()
            || c.futility.is_some()
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
