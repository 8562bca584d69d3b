//! **Quiescence search** (Beal 1990, "A generalised quiescence search algorithm"; the idea of
//! evaluating only quiescent positions goes back to Shannon 1950; the thesis, sections 2.6 and
//! 3.2.5): at the horizon, do not trust the static evaluation of a position in the middle of an
//! exchange; follow the noisy moves ([`Game::is_noisy`]: captures and promotions in chess) until
//! the position is quiet.
//!
//! - **Idea.** What it computes, exactly (with checks and delta pruning off), for a position not
//!   over and with moves (a finished game scores as such; a static leaf by its evaluation):
//!
//!   `q(p) = max(stand_pat(p), max over noisy moves m of -q(p after m))`
//!
//!   where `stand_pat` is the static evaluation: the side to move may decline every capture.
//!   The engine computes it with fail-soft alpha-beta: the stand pat is a lower bound that may
//!   cut at once (`>= beta`) or raise alpha; noisy moves are ordered by their hint (MVV-LVA).
//! - **Invariant.** At [`QUIESCENCE_MAX_PLY`](super::QUIESCENCE_MAX_PLY) plies beyond the horizon
//!   (configurable), or at the engine's [`MAX_PLY`](super::MAX_PLY), the value is the stand pat
//!   alone: a hard limit, so no line can overflow the stack. Every noisy line ends there, in a
//!   quiet position, or in a finished game. The result is fail-soft, as in the main search.
//! - **Exact or value-changing.** Value-changing against plain minimax at the nominal depth (it
//!   is a different, better value function), and exact against its own definition: it is what
//!   [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence) computes by brute force, and the
//!   cross-checks hold the two to the same values. Two options change it further:
//!   - **checks**: in check there is no stand pat and every move is searched (evasions); at the
//!     first quiescence ply quiet moves that give check are searched too;
//!   - **delta pruning**: when even `stand_pat + margin` cannot reach alpha, no move is searched
//!     (a generic margin: the game does not say what a capture can win).
//! - **Node budget** (`qs-nodes=N`, [`QuiescenceConfig::max_nodes`](super::QuiescenceConfig::max_nodes)):
//!   the quiescence search under one horizon node visits at most about `N` quiescence nodes;
//!   past that every quiescence node stands pat. Without it, positions with many captures on
//!   every side (a board of queens) make the capture tree exponential in `qs-max`: `go depth 1`
//!   on such a position did not answer in three minutes. Value-changing where the budget is
//!   reached; `qs-nodes` alone is [`DEFAULT_QUIESCENCE_NODES`](super::DEFAULT_QUIESCENCE_NODES).
//! - **Cost.** One evaluation and one move generation per quiescence node, and the noisy lines
//!   themselves: often more nodes than the primary search in chess (the thesis saw lines 32
//!   plies deep), but far better values (the thesis's versus play). The horizon node itself is a
//!   primary node; the nodes below it count as `quiescence_nodes`.

use super::Engine;
use super::ordering::MovePicker;
use crate::trace::Cut;
use crate::{Evaluate, Game, MoveList, Score, outcome_score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// A quiescence node `qply` plies beyond the horizon (`qply >= 1`).
    /// `budget_end`: the quiescence-node count at which this horizon node's budget is spent.
    fn quiescence(
        &mut self,
        game: &G,
        ply: u32,
        qply: u32,
        (alpha, beta): (Score, Score),
        budget_end: Option<u64>,
    ) -> Score {
        self.search.trace.enter(0, ply, Some((alpha, beta)));
        self.search.trace.quiescence();
        if self.should_stop() {
            self.search.trace.cut(Cut::Aborted);
            return self.search.trace.exit(Score::DRAW);
        }
        self.enter(ply);
        self.search.stats.quiescence_nodes += 1;

        // Terminal before everything: a mate or stalemate found by a capture is one.
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if let Some(outcome) = game.outcome(moves.len()) {
            self.search.stats.leaf_nodes += 1;
            return self.search.trace.exit(outcome_score(outcome, ply));
        }
        let score = self.quiescence_moves(game, &mut moves, ply, qply, (alpha, beta), budget_end);
        self.search.trace.exit(score)
    }

    /// The quiescence search of a counted, unfinished position whose moves are generated: the
    /// horizon node of the primary search (`qply == 0`, which starts the node budget; pass
    /// `None`) or a quiescence node (`budget_end` as its horizon node set it).
    pub(super) fn quiescence_moves(
        &mut self,
        game: &G,
        moves: &mut MoveList<G::Move>,
        ply: u32,
        qply: u32,
        (mut alpha, beta): (Score, Score),
        budget_end: Option<u64>,
    ) -> Score {
        let config = self.config.quiescence.unwrap_or_default();
        let budget_end = if qply == 0 {
            let spent = self.search.stats.quiescence_nodes;
            config.max_nodes.map(|nodes| spent + u64::from(nodes))
        } else {
            budget_end
        };
        let checks = config.checks;
        let in_check = checks && game.is_in_check();

        // --- Stand pat: the static value, a lower bound (the side to move need not capture);
        //     the whole value at a static leaf, at the ply limit, or with the node budget spent.
        let stand_pat = self.evaluate(game);
        let spent = budget_end.is_some_and(|end| self.search.stats.quiescence_nodes >= end);
        // Nature's move is not a noisy move: a chance node stands pat.
        if moves.is_empty()
            || qply >= config.max_ply
            || ply >= super::MAX_SEARCH_PLY
            || spent
            || game.is_chance()
        {
            self.search.stats.leaf_nodes += 1;
            return stand_pat;
        }
        let mut best_score = if in_check { -Score::INFINITY } else { stand_pat };
        if best_score >= beta {
            self.search.stats.leaf_nodes += 1;
            self.search.trace.cut(Cut::StandPat);
            return best_score;
        }
        if best_score > alpha {
            alpha = best_score;
        }

        // --- Delta pruning: hopeless even with a generous gain.
        if !in_check
            && let Some(margin) = config.delta_pruning
            && stand_pat + self.scaled(margin) <= alpha
        {
            self.search.stats.leaf_nodes += 1;
            self.search.trace.cut(Cut::Futility);
            return best_score;
        }

        // --- Noisy moves (every move in check; checking moves at the first ply with checks on).
        let mut scores = MoveList::new();
        let mut picker = MovePicker::by_hint(game, moves, &mut scores);
        let mut searched = 0u32;
        while let Some((mv, _)) = picker.next(self, game, moves) {
            let noisy = game.is_noisy(mv);
            if !(in_check || noisy || (checks && qply == 0)) {
                continue;
            }
            let mut child = game.clone();
            child.play_in_place(mv);
            if !(in_check || noisy || child.is_in_check()) {
                continue; // a quiet move that does not give check
            }
            searched += 1;
            self.search.stats.children += 1;
            self.search.trace.child(&mv);
            // Negated, window swapped, only when the side to move changes (extra turns); on a
            // fresh stack segment when the thread's runs low (`crate::stack`).
            let score = crate::stack::deeper(ply, || {
                if child.to_move() == game.to_move() {
                    self.quiescence(&child, ply + 1, qply + 1, (alpha, beta), budget_end)
                } else {
                    -self.quiescence(&child, ply + 1, qply + 1, (-beta, -alpha), budget_end)
                }
            });
            if self.search.aborted {
                return Score::DRAW;
            }
            if score > best_score {
                best_score = score;
                self.search.pv.update(ply, mv);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    self.search.stats.beta_cutoffs += 1;
                    if searched == 1 {
                        self.search.stats.first_move_cutoffs += 1;
                    }
                    self.search
                        .trace
                        .prune(Cut::BetaCutoff, moves.iter().filter(|&&mv| game.is_noisy(mv)));
                    break;
                }
            }
        }
        if searched == 0 {
            self.search.stats.leaf_nodes += 1;
        } else {
            self.search.stats.interior_nodes += 1;
        }
        best_score
    }
}
