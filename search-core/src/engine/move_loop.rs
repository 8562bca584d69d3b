//! **The move loop** of the node function (`node.rs`): a node's moves in order (the move picker,
//! `ordering.rs`), each put off while another thread searches it (`threads.rs`), through the
//! steps for each move (`worker.rs`'s phases: a step may prune it, others reduce or extend it)
//! and the child-search ladder (`ladder.rs`), until one fails high; a cutoff counted, and what
//! it teaches run by the steps after a cutoff (killers, history, ...), with the moves tried
//! before it for their maluses.
//!
//! - **Invariant.** Fail-soft: the best score is the highest of the moves' values and of the
//!   bounds the pruning steps counted for the moves they skipped; a node always searches a move
//!   unless every one was pruned or put off and handed back (then searched).
//! - **Cost.** Per move: a copy of the position and the move played on it, one call per step
//!   the plan lists for each move (none with every feature off), and the child's search.

use super::frame::{Candidate, ChildMove, Facts, MoveKind, Node, Tried};
use super::ordering::MovePicker;
use super::tables::capture::capture_key;
use super::threads::PutOff;
use super::worker::{MoveAt, Worker};
use crate::trace::Cut;
use crate::{Evaluate, Game, MoveList, Score};

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// The move loop of `node`; where a step asked to verify (`facts.verify`: verified null-move
    /// pruning, `features/null_move.rs`), first one ply shallower with verification off below
    /// (where null moves cut plainly), and, if that does not fail high after all (a zugzwang),
    /// again at the full depth. The node as last searched, with its best score and move.
    #[inline(always)]
    pub(crate) fn search_moves_verified(
        &mut self,
        game: &G,
        node: Node,
        moves: &mut MoveList<G::Move>,
        facts: &Facts<G::Move>,
    ) -> (Node, Score, Option<G::Move>) {
        if !facts.verify {
            let (best_score, best_move) = self.search_moves(game, &node, moves, facts);
            return (node, best_score, best_move);
        }
        let shallower = Node {
            depth: node.depth - 1,
            verify: false,
            ..node
        };
        let (best_score, best_move) = self.search_moves(game, &shallower, moves, facts);
        if self.search.aborted || best_score >= node.beta {
            return (shallower, best_score, best_move);
        }
        self.search.stats.researches += 1;
        let (best_score, best_move) = self.search_moves(game, &node, moves, facts);
        (node, best_score, best_move)
    }

    /// The move loop: every move in order through the steps that prune it and the child-search
    /// ladder (`ladder.rs`), until one fails high. The best score (fail-soft) and move;
    /// meaningless after an abort.
    // Inlined into the node function (its two calls): one stack frame less per ply.
    #[inline(always)]
    pub(crate) fn search_moves(
        &mut self,
        game: &G,
        node: &Node,
        moves: &mut MoveList<G::Move>,
        facts: &Facts<G::Move>,
    ) -> (Score, Option<G::Move>) {
        let plan = self.plan;
        let ply = node.ply as usize;
        if self.search.scores.len() <= ply {
            // Grown as the search goes deeper: a search that stays shallow allocates little.
            self.search.scores.resize_with(ply + 1, Vec::new);
        }
        let mut scores = std::mem::take(&mut self.search.scores[ply]);
        let counter = self.counter_move(game, node.ply);
        let ordered = facts.tt_move.is_some() || plan.order.any_tier() || counter.is_some();
        let tiers = || self.tiers(counter, node.ply);
        let mut picker = MovePicker::new(ordered, tiers, game, moves, facts.tt_move, node.ply, &mut scores);
        let moves = moves.as_mut_slice();
        let mut run = Running::new(node.alpha);
        while let Some((mv, kind, later)) = picker
            .next(|| self.tiers(counter, node.ply), game, moves)
            .map(|(mv, kind)| (mv, kind, false))
            .or_else(|| run.put_off.next())
        {
            match self.try_move(game, node, facts, &mut run, (mv, kind, later)) {
                Moved::Skipped => {}
                Moved::Searched if run.searched == 1 => {
                    // The first move failed to cut: an all-node, probably.
                    for step in plan.after_first_move_steps() {
                        step(self, game, node, moves, mv);
                    }
                }
                Moved::Searched => {}
                Moved::Cutoff => {
                    self.search.trace.prune(Cut::BetaCutoff, moves.iter());
                    break;
                }
                Moved::Stop => break,
            }
        }
        self.search.scores[ply] = scores;
        (run.best_score, run.best_move)
    }

    /// One move of `node` (the `picked` move, its tier, and whether it was put off before):
    /// put off if another thread is searching it, pruned by a step, or searched through the
    /// ladder, with what a cutoff teaches and what the next cutoff's maluses need.
    #[inline(always)]
    fn try_move(
        &mut self,
        game: &G,
        node: &Node,
        facts: &Facts<G::Move>,
        run: &mut Running<G::Move>,
        (mv, kind, later): (G::Move, MoveKind, bool),
    ) -> Moved {
        let plan = self.plan;
        let mut child = game.clone();
        child.play_in_place(mv);
        // Threads: a move another thread is searching now waits for the others (`threads.rs`).
        let busy = self.busy_key(&child, node, run.searched);
        if !later && busy.is_some_and(|key| self.search.is_busy(key)) && run.put_off.push(mv, kind) {
            return Moved::Skipped;
        }
        let candidate = self.candidate(game, mv, kind, run.searched + 1, node.ply);
        let at = MoveAt {
            game,
            mv,
            child: &child,
            node,
            facts,
            candidate: &candidate,
            alpha: run.alpha,
        };

        // --- The steps for the move: one may skip it (its bound counted in the node's value);
        //     the plies by which the others reduce or extend it.
        let (reduction, extension) = match self.move_steps(&at) {
            Ok(plies) => plies,
            Err(bound) => {
                run.best_score = run.best_score.max(bound);
                return Moved::Skipped;
            }
        };

        // --- The child, through the ladder.
        run.searched += 1;
        self.enter_child(game, mv, node, run.searched);
        let child_move = ChildMove {
            position: &child,
            first: run.searched == 1,
            reduction,
            extension,
            chain: node.child_chain(candidate.noisy),
            flips: child.to_move() != game.to_move(),
        };
        let score = self.search_marked(busy, node, run.alpha, facts.key, &child_move);
        if self.search.aborted {
            (run.best_score, run.best_move) = (Score::DRAW, None);
            return Moved::Stop;
        }

        // --- A new best move; a beta cutoff: the opponent avoids this position. What it teaches.
        if score > run.best_score {
            (run.best_score, run.best_move) = (score, Some(mv));
            self.search.pv.update(node.ply, mv);
            run.alpha = run.alpha.max(score);
            if score >= node.beta {
                self.cutoff(&at, &run.tried);
                return Moved::Cutoff;
            }
        }
        if plan.needs.tried_quiets || plan.needs.tried_captures {
            self.note_tried(game, mv, &candidate, &mut run.tried);
        }
        // A Star2 probe (`chance_node.rs`) searches the expected best move only.
        if node.probe { Moved::Stop } else { Moved::Searched }
    }

    /// The move `mv` of `game`, number `number` among those searched at `ply`, as the steps for
    /// each move see it: its tier (`kind`), whether it is noisy, and its history score, where a
    /// feature reads them.
    #[inline(always)]
    fn candidate(&self, game: &G, mv: G::Move, kind: MoveKind, number: u32, ply: u32) -> Candidate {
        let needs = self.plan.needs;
        let noisy = needs.noisy && game.is_noisy(mv);
        let history = if needs.quiet_history && !noisy {
            self.quiet_history(game, mv, ply)
        } else {
            0
        };
        Candidate {
            kind,
            noisy,
            number,
            history,
        }
    }

    /// The steps for the move `at`: `Err(bound)` if one prunes it (`-INFINITY` for a step that
    /// counts no bound), else the plies by which the others reduce and extend it.
    #[inline(always)]
    fn move_steps(&mut self, at: &MoveAt<'_, G>) -> Result<(u32, u32), Score> {
        let plan = self.plan;
        if !plan.acts_on_moves() {
            return Ok((0, 0));
        }
        if let Some(bound) = plan.prune_move_steps().iter().find_map(|step| step(self, at)) {
            return Err(bound);
        }
        Ok((plan.reduction(self, at), plan.extension(self, at)))
    }

    /// Searches `child` through the ladder (`ladder.rs`), its position marked as being searched
    /// while it is if `busy` (its table key: `threads.rs`).
    #[inline(always)]
    fn search_marked(
        &mut self,
        busy: Option<u64>,
        node: &Node,
        alpha: Score,
        key: Option<u64>,
        child: &ChildMove<'_, G>,
    ) -> Score {
        let Some(busy) = busy else {
            return self.search_move(node, alpha, key, child);
        };
        self.search.enter_busy(busy);
        let score = self.search_move(node, alpha, key, child);
        self.search.leave_busy(busy);
        score
    }

    /// Counts child number `number` of `node` (move `mv` of `game`) as searched, tells the
    /// root-move callback, the trace and the line.
    #[inline(always)]
    fn enter_child(&mut self, game: &G, mv: G::Move, node: &Node, number: u32) {
        self.search.stats.children += 1;
        if node.ply == 0 {
            self.report_root_move(node.depth, mv, number);
        }
        self.search.trace.child(&mv);
        if self.plan.needs.line_moves {
            self.search
                .counters
                .played(node.ply + 1, game.continuation_index(mv));
        }
    }

    /// The move `at` caused a beta cutoff: counted, and the steps after a cutoff learn from it
    /// (`tried`: the moves searched before it).
    fn cutoff(&mut self, at: &MoveAt<'_, G>, tried: &Tried) {
        let stats = &mut self.search.stats;
        stats.beta_cutoffs += 1;
        if at.candidate.number == 1 {
            stats.first_move_cutoffs += 1;
        }
        match at.candidate.kind {
            MoveKind::Killer => stats.killer_cutoffs += 1,
            MoveKind::History => stats.history_cutoffs += 1,
            _ => {}
        }
        let plan = self.plan;
        for step in plan.after_cutoff_steps() {
            step(self, at, tried);
        }
    }

    /// Notes `mv` (the `candidate`), searched without a cutoff, for the maluses of a later
    /// cutoff, where a step after cutoffs reads them: a quiet move by its history and
    /// continuation keys, a hinted one by its capture-history key.
    #[inline]
    fn note_tried(&self, game: &G, mv: G::Move, candidate: &Candidate, tried: &mut Tried) {
        let plan = self.plan;
        if plan.needs.tried_quiets && !candidate.noisy && !tried.quiets.is_full() {
            let continuation = plan.order.continuation.then(|| game.continuation_index(mv));
            let keys = (game.history_index(mv), continuation.flatten());
            if keys != (None, None) {
                tried.quiets.push(keys);
            }
        }
        if plan.needs.tried_captures
            && !tried.captures.is_full()
            && let Some(key) = capture_key(game.capture_index(mv), game.order_hint(mv))
        {
            tried.captures.push(key);
        }
    }
}

/// What the move loop of a node keeps from move to move.
struct Running<M> {
    /// The node's alpha as the moves searched raised it.
    alpha: Score,
    /// The best score so far (fail-soft, `-INFINITY` before the first).
    best_score: Score,
    /// Its move.
    best_move: Option<M>,
    /// The moves searched so far.
    searched: u32,
    /// The moves put off because another thread was searching them (`threads.rs`).
    put_off: PutOff<M>,
    /// The moves searched without a cutoff, for the maluses of the cutoff that follows.
    tried: Tried,
}

impl<M: Copy> Running<M> {
    /// The loop of a node whose window opens at `alpha`, before its first move.
    #[inline(always)]
    fn new(alpha: Score) -> Self {
        Running {
            alpha,
            best_score: -Score::INFINITY,
            best_move: None,
            searched: 0,
            put_off: PutOff::new(),
            tried: Tried::default(),
        }
    }
}

/// What trying one move came to.
enum Moved {
    /// Put off, or pruned by a step: not searched.
    Skipped,
    /// Searched, without a cutoff.
    Searched,
    /// Searched, and it failed high: the node is done.
    Cutoff,
    /// The search was aborted, or a probe searched its one move: the loop ends.
    Stop,
}
