//! **Move ordering** (Knuth & Moore 1975: alpha-beta visits only its minimal tree when the best
//! move always comes first; the killer and history tiers have their own sources, Akl & Newborn
//! 1977 and Schaeffer 1989): the engine searches a position's moves best first, as far as it can
//! guess.
//!
//! - **Idea.** In this order:
//!
//!   1. the **TT move** (the best move stored for this position; at the root, when the table
//!      has none, the previous iteration's best move), if it is among the generated moves;
//!   2. moves with a positive [`order_hint`](crate::Game::order_hint) (MVV-LVA captures in
//!      chess), highest first;
//!   3. the two **killers** of the ply (quiet moves only), the first slot first, then the
//!      **counter move** of the move just played (`counter.rs`), as a third killer;
//!   4. quiet moves with a positive **history** score, highest first;
//!   5. the rest, by hint (the game's own order: [`order_by_hint`](crate::order_by_hint)'s),
//!      in generation order among equals; under history's gravity rule, a quiet move with a
//!      negative history score (and no positive hint) is ranked by that score in place of its
//!      hint, so with the usual zero hint of a quiet move (chess), after the others, lowest last.
//!
//!   Each of tiers 1-4 applies only if its option is on; with all off and no TT or previous best
//!   move, moves are searched in the game's own order, as the reference searchers search them
//!   (for a game without hints: generation order, and nothing is moved).
//! - **Invariant.** The picker hands out every generated move exactly once (a permutation of the
//!   generated list), best tier first, highest value first within a tier, generation order among
//!   equals; a table move or killer that is not among the generated moves is never searched.
//!   Each move's tier is reported with it ([`MoveKind`]) for LMR and the cutoff statistics.
//! - **Exact or value-changing.** Exact: the order changes which move cuts and how much is
//!   searched, never the set of moves a node considers, so alpha-beta's value is the same
//!   (among tied best moves another may come first). Only combined with a value-changing feature
//!   that depends on the order (LMR reduces the *late* moves) does it change values.
//! - **Staged.** A TT move is handed out first and alone, before any other move is scored: when
//!   it cuts (the common case), nothing else is scored. The others are scored when the loop asks
//!   for a second move, with the killers and history as they are then (fresher than at the
//!   node's start: the TT move's subtree may have taught the history table), so the order of
//!   the rest, and with it the node counts, may differ from scoring everything up front.
//! - **Cost.** One ordering score per move when the node's loop needs it (a hint, two killer
//!   comparisons, a history lookup), never at a horizon node; then a selection scan of the
//!   remaining moves per move handed out, `O(n)` when the first move cuts, `O(n·k)` for `k`
//!   moves searched, never a full sort; and no scan at all once every move left has the same
//!   score (the quiet moves of an MVV-LVA order, every move of a game without hints). With no
//!   tier on (and in quiescence) the moves are sorted once by
//!   [`order_by_hint`](crate::order_by_hint) instead, and handed out with no scan.

use super::frame::MoveKind;
use super::tables::capture::CaptureHistory;
use super::tables::continuation::{Continuation, Previous};
use super::tables::history::History;
use super::tables::killers::Killers;
use super::worker::Worker;
use crate::{Game, MoveList};

/// The ordering tiers the configuration turns on, with what they have learnt: what the picker
/// orders by besides the TT move.
pub(crate) struct Tiers<'a, M> {
    /// Moves with a positive hint as a tier of their own.
    pub(crate) hints: bool,
    /// The capture-history counters that reorder that tier (`capture_history.rs`), if on.
    pub(crate) capture: Option<&'a CaptureHistory>,
    /// The killers, if on.
    pub(crate) killers: Option<&'a Killers<M>>,
    /// The node's counter move (`counter.rs`), if the feature is on and one is known.
    pub(crate) counter: Option<M>,
    /// The history counters, if on.
    pub(crate) history: Option<&'a History>,
    /// The continuation counters and the moves one and two plies back, if on
    /// (`continuation.rs`).
    pub(crate) continuation: Option<(&'a Continuation, Previous)>,
}

impl<M: Copy> Clone for Tiers<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Copy> Copy for Tiers<'_, M> {}

impl<M> Tiers<'_, M> {
    /// Whether any tier is on (or the counter move known).
    fn any(&self) -> bool {
        self.hints
            || self.killers.is_some()
            || self.history.is_some()
            || self.continuation.is_some()
            || self.counter.is_some()
    }
}

const TIER_SHIFT: u32 = 40;

fn tiered(kind: MoveKind, value: impl Into<i64>) -> i64 {
    let tier = match kind {
        MoveKind::TtMove => 5,
        MoveKind::Hinted => 4,
        MoveKind::Killer => 3,
        MoveKind::History => 2,
        MoveKind::Quiet => 1,
    };
    (tier << TIER_SHIFT) + value.into()
}

fn kind_of(score: i64) -> MoveKind {
    match (score + (1 << (TIER_SHIFT - 1))) >> TIER_SHIFT {
        5 => MoveKind::TtMove,
        4 => MoveKind::Hinted,
        3 => MoveKind::Killer,
        2 => MoveKind::History,
        _ => MoveKind::Quiet,
    }
}

/// Hands out a position's moves best first. See the [module documentation](self).
///
/// Its scores live in a buffer of the caller's (the search state keeps one a ply, reused: a
/// picker that owned them would be copied whole on every node, the engine's largest cost on
/// small games, and a buffer on the node's frame made the frame large).
pub(crate) struct MovePicker<'s> {
    /// One ordering score per move.
    scores: &'s mut Vec<i64>,
    next: usize,
    /// How many moves not yet handed out score above the lowest score of all: once none is left,
    /// the rest are equal and come in their order without a scan.
    above_floor: usize,
    /// The lowest score.
    floor: i64,
    /// The moves are already in the game's own order (sorted by [`order_by_hint`](crate::order_by_hint)):
    /// handed out as they stand, every one [`MoveKind::Quiet`], the scores unused.
    in_order: bool,
    /// Staged: the TT move stands first and goes out alone; the other moves are scored (for
    /// this ply) only if the loop asks for a second move, which it does not when the TT move
    /// cuts.
    unscored_at: Option<u32>,
}

impl<'s> MovePicker<'s> {
    /// A picker for `moves` of `game` at `ply`, with `tt_move` first if given, ordered by the
    /// `tiers` the configuration turns on with what they learnt so far (asked for only if
    /// `ordered`: a table move, or a tier that places a move); its scores go to `scores`.
    #[inline(always)]
    pub(crate) fn new<'t, G: Game<Move: 't>>(
        ordered: bool,
        tiers: impl FnOnce() -> Tiers<'t, G::Move>,
        game: &G,
        moves: &mut MoveList<G::Move>,
        tt_move: Option<G::Move>,
        ply: u32,
        scores: &'s mut Vec<i64>,
    ) -> Self {
        scores.clear();
        if !ordered {
            // The game's own order only.
            return MovePicker::by_hint(game, moves, scores);
        }
        let tiers = tiers();
        debug_assert!(tt_move.is_some() || tiers.any());
        let mut picker = MovePicker {
            scores,
            next: 0,
            above_floor: 0,
            floor: 0,
            in_order: false,
            unscored_at: None,
        };
        if let Some(at) = tt_move.and_then(|tt_move| moves.iter().position(|&mv| mv == tt_move)) {
            // The TT move first, the others in their order behind it, scored later if needed.
            moves[..=at].rotate_right(1);
            picker.scores.push(tiered(MoveKind::TtMove, 0));
            picker.unscored_at = Some(ply);
        } else {
            picker.score(tiers, game, moves, ply);
        }
        picker
    }

    /// Scores `moves` (every move from the first not yet scored on) by the tiers the
    /// configuration turns on (see the [module documentation](self)), and finds the floor.
    fn score<G: Game>(&mut self, tiers: Tiers<'_, G::Move>, game: &G, moves: &[G::Move], ply: u32) {
        let killers = tiers.killers.map_or([None, None], |killers| killers.at(ply));
        let histories = tiers.history.is_some() || tiers.continuation.is_some();
        let quiet_tiers = tiers.killers.is_some() || histories || tiers.counter.is_some();
        let player = game.to_move();
        let from = self.scores.len();
        self.scores.extend(moves[from..].iter().map(|&mv| {
            let hint = game.order_hint(mv);
            if hint > 0 && tiers.hints {
                let value = tiers.capture.map_or(i64::from(hint), |capture| {
                    capture.order_value(player, game.capture_index(mv), hint)
                });
                return tiered(MoveKind::Hinted, value);
            }
            if quiet_tiers && !game.is_noisy(mv) {
                if killers[0] == Some(mv) {
                    return tiered(MoveKind::Killer, 1);
                }
                if killers[1] == Some(mv) {
                    return tiered(MoveKind::Killer, 0);
                }
                if tiers.counter == Some(mv) {
                    return tiered(MoveKind::Killer, -1);
                }
                if histories {
                    let history = tiers
                        .history
                        .zip(game.history_index(mv))
                        .map_or(0, |(history, index)| history.score(player, index))
                        + tiers.continuation.map_or(0, |(continuation, previous)| {
                            game.continuation_index(mv)
                                .map_or(0, |key| continuation.score(player, previous, key))
                        });
                    if history > 0 {
                        return tiered(MoveKind::History, history);
                    }
                    // A record of failing (the gravity rule's maluses): after the other
                    // quiet moves.
                    if history < 0 && hint <= 0 {
                        return tiered(MoveKind::Quiet, history);
                    }
                }
            }
            tiered(MoveKind::Quiet, hint)
        }));
        self.find_floor(from);
    }

    /// The lowest score, and how many moves from `from` on score above it.
    fn find_floor(&mut self, from: usize) {
        self.floor = self.scores.iter().copied().min().unwrap_or(0);
        self.above_floor = self.scores[from..]
            .iter()
            .filter(|&&score| score > self.floor)
            .count();
    }

    /// A picker in the game's own order ([`Game::order_hint`], generation order among equals),
    /// as quiescence search takes its moves: `moves` sorted once by
    /// [`order_by_hint`](crate::order_by_hint) (linear in the moves, quadratic only in the few
    /// ranked above the lowest hint; nothing moves in a game without hints), then handed out as
    /// they stand, with no scan and no scores.
    pub(crate) fn by_hint<G: Game>(
        game: &G,
        moves: &mut MoveList<G::Move>,
        scores: &'s mut Vec<i64>,
    ) -> Self {
        crate::order_by_hint(game, moves);
        MovePicker {
            scores,
            next: 0,
            above_floor: 0,
            floor: 0,
            in_order: true,
            unscored_at: None,
        }
    }

    /// The next move to search and its kind, or `None` when all were handed out. Reorders
    /// `moves` in place (the moves handed out so far come first, in the order handed out).
    /// The moves after a staged TT move are scored by the `tiers` as they are then (asked for only
    /// then).
    #[inline(always)]
    pub(crate) fn next<'t, G: Game<Move: 't>>(
        &mut self,
        tiers: impl FnOnce() -> Tiers<'t, G::Move>,
        game: &G,
        moves: &mut [G::Move],
    ) -> Option<(G::Move, MoveKind)> {
        let index = self.next;
        if index >= moves.len() {
            return None;
        }
        self.next += 1;
        if self.in_order {
            return Some((moves[index], MoveKind::Quiet));
        }
        if index > 0
            && let Some(ply) = self.unscored_at.take()
        {
            self.score(tiers(), game, moves, ply);
        }
        if self.above_floor > 0 {
            self.select(moves, index);
        }
        Some((moves[index], kind_of(self.scores[index])))
    }

    /// The next move of a picker made [`by_hint`](Self::by_hint), which needs no scores: the
    /// moves as they stand.
    #[inline]
    pub(crate) fn next_in_order<M: Copy>(&mut self, moves: &[M]) -> Option<M> {
        debug_assert!(self.in_order);
        let mv = moves.get(self.next).copied();
        self.next += 1;
        mv
    }

    /// Brings the first best-scored move at or after `index` (first among equals: generation
    /// order) to `index`, the others keeping their relative order.
    fn select<M: Copy>(&mut self, moves: &mut [M], index: usize) {
        let mut best = index;
        for candidate in index + 1..moves.len() {
            if self.scores[candidate] > self.scores[best] {
                best = candidate;
            }
        }
        if self.scores[best] > self.floor {
            self.above_floor -= 1;
        }
        moves[index..=best].rotate_right(1);
        self.scores[index..=best].rotate_right(1);
    }
}

impl<G: Game, E> Worker<'_, G, E> {
    /// The ordering tiers the plan turns on, with what they have learnt, and the node's
    /// `counter` move; `ply`: the node's, for the continuation history.
    #[inline]
    pub(crate) fn tiers(&self, counter: Option<G::Move>, ply: u32) -> Tiers<'_, G::Move> {
        let order = self.plan.order;
        Tiers {
            hints: order.hints,
            capture: order.capture.then_some(&self.history.capture),
            killers: order.killers.then_some(&self.search.killers),
            history: order.history.map(|_| &*self.history),
            continuation: order
                .continuation
                .then(|| (&self.history.continuation, self.search.counters.previous(ply))),
            counter,
        }
    }

    /// The counter move of the side to move in `game` at `ply`, if the feature is on and one is
    /// known (`features/counter.rs`).
    #[inline(always)]
    pub(crate) fn counter_move(&self, game: &G, ply: u32) -> Option<G::Move> {
        if !self.plan.order.counter {
            return None;
        }
        self.search.counters.at(game.to_move(), ply)
    }

    /// The history score of quiet move `mv` at `ply`: its history counter, plus its continuation
    /// counters if that feature is on (what history pruning and history-adjusted reductions read,
    /// under the gravity rule).
    #[inline]
    pub(crate) fn quiet_history(&self, game: &G, mv: G::Move, ply: u32) -> i32 {
        let player = game.to_move();
        let history = game
            .history_index(mv)
            .map_or(0, |index| self.history.score(player, index));
        let continuation = if self.plan.order.continuation
            && let Some(key) = game.continuation_index(mv)
        {
            let previous = self.search.counters.previous(ply);
            self.history.continuation.score(player, previous, key)
        } else {
            0
        };
        history + continuation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_tree::RandomTree;

    #[test]
    fn tiers_round_trip_and_order() {
        let kinds = [
            MoveKind::TtMove,
            MoveKind::Hinted,
            MoveKind::Killer,
            MoveKind::History,
            MoveKind::Quiet,
        ];
        for kind in kinds {
            for value in [i32::MIN + 1, -5, 0, 7, i32::MAX] {
                assert_eq!(kind_of(tiered(kind, value)), kind);
            }
        }
        assert!(tiered(MoveKind::Killer, 0) > tiered(MoveKind::History, i32::MAX));
        assert!(tiered(MoveKind::Quiet, 0) > tiered(MoveKind::Quiet, -1));
    }

    /// No tier on.
    fn none() -> Tiers<'static, u32> {
        Tiers {
            hints: false,
            capture: None,
            killers: None,
            history: None,
            continuation: None,
            counter: None,
        }
    }

    #[test]
    fn picks_best_first_and_keeps_generation_order_among_equals() {
        let game = RandomTree::new(1, 5, 3);
        let mut moves = [10, 11, 12, 13, 14];
        let mut scores = vec![1, 5, 1, 5, 0];
        let mut picker = MovePicker {
            scores: &mut scores,
            next: 0,
            above_floor: 0,
            floor: 0,
            in_order: false,
            unscored_at: None,
        };
        picker.find_floor(0);
        let order: Vec<_> =
            std::iter::from_fn(|| picker.next(none, &game, &mut moves).map(|(mv, _)| mv)).collect();
        assert_eq!(order, [11, 13, 10, 12, 14]);
    }

    /// The order a picker hands out, with each move's kind.
    fn picked(tiers: Tiers<'_, u32>, game: &RandomTree, tt_move: Option<u32>) -> Vec<(u32, MoveKind)> {
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        let staged = tt_move.is_some_and(|tt_move| moves.contains(&tt_move));
        let mut scores = Vec::new();
        let ordered = tt_move.is_some() || tiers.any();
        let mut picker = MovePicker::new(ordered, || tiers, game, &mut moves, tt_move, 3, &mut scores);
        let mut order = Vec::new();
        while let Some(picked) = picker.next(|| tiers, game, &mut moves) {
            if order.is_empty() && staged {
                // Staged: nothing but the TT move scored while it is searched.
                assert_eq!(picker.scores.len(), 1);
            }
            order.push(picked);
        }
        order
    }

    #[test]
    fn capture_history_reorders_the_hinted_moves_within_its_weight() {
        use crate::engine::tables::capture::CaptureHistory;
        use crate::engine::tables::gravity::GRAVITY_MAX;
        fn hinted_in(tiers: Tiers<'_, u32>, game: &RandomTree) -> Vec<u32> {
            picked(tiers, game, None)
                .into_iter()
                .filter(|&(_, kind)| kind == MoveKind::Hinted)
                .map(|(mv, _)| mv)
                .collect()
        }
        // A position whose best two hinted moves are within 32 units of hint.
        let game = (0..)
            .map(|seed| RandomTree::new(seed, 8, 4).with_noisy_moves(60))
            .find(|game| {
                let by_hints = hinted_in(
                    Tiers {
                        hints: true,
                        ..none()
                    },
                    game,
                );
                by_hints.len() >= 3 && game.order_hint(by_hints[0]) - game.order_hint(by_hints[1]) < 32
            })
            .unwrap();
        let by_hints = hinted_in(
            Tiers {
                hints: true,
                ..none()
            },
            &game,
        );
        // Nothing learnt: the hints' order, move for move.
        let mut capture = CaptureHistory::default();
        assert_eq!(
            hinted_in(
                Tiers {
                    hints: true,
                    capture: Some(&capture),
                    ..none()
                },
                &game
            ),
            by_hints
        );
        // The first hinted move failing all along: it goes behind every hinted move less than 32
        // units of hint below it, and stays ahead of the others.
        let first = by_hints[0];
        let (player, hint) = (game.to_move(), game.order_hint(first));
        for _ in 0..100 {
            capture.nudge(player, first as u16, -GRAVITY_MAX);
        }
        let reordered = hinted_in(
            Tiers {
                hints: true,
                capture: Some(&capture),
                ..none()
            },
            &game,
        );
        let mut expected: Vec<u32> = by_hints[1..].to_vec();
        let behind = expected
            .iter()
            .position(|&mv| game.order_hint(mv) <= hint - 32)
            .unwrap_or(expected.len());
        expected.insert(behind, first);
        assert_eq!(reordered, expected);
        assert_ne!(reordered, by_hints, "the hints of {by_hints:?} are too far apart");
    }

    #[test]
    fn a_staged_tt_move_goes_first_and_the_rest_keep_the_order_of_full_scoring() {
        let game = RandomTree::new(7, 8, 4).with_noisy_moves(30);
        // A killer at the picker's ply (3), and some history, so that every tier shows.
        let mut killers = Killers::new(8);
        killers.store(3, 4);
        let mut history = History::default();
        for (mv, depth) in [(1, 2), (6, 3), (7, 1)] {
            if !game.is_noisy(mv) {
                history.reward(game.to_move(), mv as u16, depth);
            }
        }
        let tiers = Tiers {
            hints: true,
            capture: None,
            killers: Some(&killers),
            history: Some(&history),
            continuation: None,
            counter: None,
        };
        let full = picked(tiers, &game, None);
        for kind in [
            MoveKind::Hinted,
            MoveKind::Killer,
            MoveKind::History,
            MoveKind::Quiet,
        ] {
            assert!(
                full.iter().any(|&(_, picked)| picked == kind),
                "no {kind:?} in {full:?}"
            );
        }
        for tt_move in 0..8 {
            let staged = picked(tiers, &game, Some(tt_move));
            assert_eq!(staged[0], (tt_move, MoveKind::TtMove));
            let rest: Vec<_> = full.iter().copied().filter(|&(mv, _)| mv != tt_move).collect();
            assert_eq!(staged[1..], rest[..], "TT move {tt_move}");
        }
        // A stored move that is not among the moves (a key collision) is never searched: the
        // picker is where the table's move is checked.
        assert_eq!(picked(tiers, &game, Some(99)), full);
    }

    #[test]
    fn the_counter_move_comes_after_the_killers_and_before_history_as_a_killer() {
        let game = RandomTree::new(3, 6, 4);
        let player = game.to_move();
        let mut killers = Killers::new(8);
        killers.store(3, 5);
        let mut history = History::default();
        history.nudge(player, 1, 300);
        let tiers = |counter| Tiers {
            killers: Some(&killers),
            history: Some(&history),
            counter,
            ..none()
        };
        let order = |counter| picked(tiers(counter), &game, None);
        assert_eq!(
            order(Some(2)),
            [
                (5, MoveKind::Killer),
                (2, MoveKind::Killer),
                (1, MoveKind::History),
                (0, MoveKind::Quiet),
                (3, MoveKind::Quiet),
                (4, MoveKind::Quiet),
            ]
        );
        // A counter move that is a killer already keeps its place; one that is not among the
        // moves is never searched.
        assert_eq!(order(Some(5)), order(None));
        assert_eq!(order(Some(99)), order(None));
    }

    #[test]
    fn quiet_moves_with_a_failing_record_come_last_lowest_last() {
        let game = RandomTree::new(3, 6, 4);
        let player = game.to_move();
        let mut history = History::default();
        // Gravity's maluses: moves 1 and 4 failed, 4 more often; move 2 cut.
        history.nudge(player, 1, -100);
        history.nudge(player, 4, -900);
        history.nudge(player, 2, 300);
        let tiers = Tiers {
            history: Some(&history),
            ..none()
        };
        let order: Vec<u32> = picked(tiers, &game, None).into_iter().map(|(mv, _)| mv).collect();
        assert_eq!(order, [2, 0, 3, 5, 1, 4]);
    }

    #[test]
    fn continuation_counters_add_to_the_history_after_their_previous_move_only() {
        let game = RandomTree::new(3, 6, 4);
        let player = game.to_move();
        let mut history = History::default();
        history.nudge(player, 3, 200);
        history.nudge(player, 5, 100);
        // After move 7, move 5 cut often and move 3 failed; after another move, nothing known.
        let mut continuation = Continuation::default();
        continuation.nudge(player, [Some(7), None], 5, 400);
        continuation.nudge(player, [Some(7), None], 3, -300);
        let order = |previous| -> Vec<u32> {
            let tiers = Tiers {
                history: Some(&history),
                continuation: Some((&continuation, previous)),
                ..none()
            };
            picked(tiers, &game, None).into_iter().map(|(mv, _)| mv).collect()
        };
        assert_eq!(order([Some(7), None]), [5, 0, 1, 2, 4, 3]);
        assert_eq!(order([Some(8), None]), [3, 5, 0, 1, 2, 4]);
        // Without the plain history, the continuation counters order on their own.
        let alone = Tiers {
            continuation: Some((&continuation, [Some(7), None])),
            ..none()
        };
        let order: Vec<u32> = picked(alone, &game, None).into_iter().map(|(mv, _)| mv).collect();
        assert_eq!(order, [5, 0, 1, 2, 4, 3]);
    }
}
