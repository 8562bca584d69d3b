//! The plumbing the reference searchers share: none of it is an algorithm.
//!
//! Each reference file holds its whole algorithm, top to bottom; what they all do the same way
//! around it is written here once:
//!
//! - [`Record`]: the statistics and the trace of the search under way, the steps that count and
//!   record a node ([`Record::enter`], [`Record::child`], [`Record::cutoff`], [`Record::leaf`],
//!   [`Record::exit`]) and the two ends of a search from the root ([`Record::start`], [`Record::finish`]);
//! - [`chance_mean`]: a chance node's value, the exact weighted mean of its outcomes'
//!   (expectiminimax's third kind of node, rounded as [`crate::chance`] defines);
//! - [`root_move_scores`]: the loop behind every searcher's
//!   [`Reference::root_move_scores`](crate::Reference::root_move_scores);
//! - [`negate_if_turn_passes`] and [`absolute`]: the two changes of point of view;
//! - [`tracing!`]: the public `with_trace` and `trace` every reference searcher has.

use std::fmt::Debug;
use std::time::Instant;

use crate::chance::{Expectation, total_weight};
use crate::stack::deeper;
use crate::trace::{Cut, Tracer};
use crate::{Game, MoveList, Player, Score, SearchResult, SearchStats};

/// What a search writes down as it goes: its statistics (counted as
/// [`SearchStats`] defines them) and its trace (if tracing is on).
#[derive(Clone, Debug, Default)]
pub(super) struct Record {
    pub(super) stats: SearchStats,
    pub(super) trace: Tracer,
}

impl Record {
    /// A node is entered, `depth` plies from the horizon and `ply` from the root, with `window`
    /// (`None` for the searchers without one): counted and traced.
    #[inline]
    pub(super) fn enter(&mut self, depth: u32, ply: u32, window: Option<(Score, Score)>) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply);
        self.trace.enter(depth, ply, window);
    }

    /// The node is a leaf worth `value`: counted, and left with it; returns it (`return
    /// self.record.leaf(value)` reads as a return).
    #[inline]
    pub(super) fn leaf(&mut self, value: Score) -> Score {
        self.stats.leaf_nodes += 1;
        self.trace.exit(value)
    }

    /// The node is left with `value`; returns it.
    #[inline]
    pub(super) fn exit(&mut self, value: Score) -> Score {
        self.trace.exit(value)
    }

    /// The node is about to search move `mv`: a child counted, and traced as reached by `mv`.
    #[inline]
    pub(super) fn child<M: Debug>(&mut self, mv: &M) {
        self.stats.children += 1;
        self.trace.child(mv);
    }

    /// The node's move number `index` (from 0, in search order) cut it short for `cut`: counted
    /// in [`SearchStats::beta_cutoffs`] (either bound's: a cutoff is a cutoff) and, if it was the
    /// first move, [`SearchStats::first_move_cutoffs`]; the moves `left` unsearched are shown
    /// in the trace as pruned.
    #[inline]
    pub(super) fn cutoff<M: Debug>(&mut self, cut: Cut, index: usize, left: &[M]) {
        self.stats.beta_cutoffs += 1;
        if index == 0 {
            self.stats.first_move_cutoffs += 1;
        }
        self.trace.prune(cut, left);
    }

    /// A search from the root begins: the last one's statistics and trace are forgotten, and
    /// the clock starts (hand the instant to [`finish`](Record::finish)).
    pub(super) fn start(&mut self) -> Instant {
        let started = Instant::now();
        self.stats = SearchStats::default();
        self.trace.start();
        started
    }

    /// The search from the root that began at `started` is over: the root is worth `score`
    /// (for its side to move) to `depth` plies, with principal variation `pv`. Marks the line
    /// in the trace and returns the result, with the statistics (taken: the next search counts
    /// afresh).
    pub(super) fn finish<M: Copy + Debug>(
        &mut self,
        started: Instant,
        score: Score,
        pv: Vec<M>,
        depth: u32,
    ) -> SearchResult<M> {
        self.trace.finish(&pv);
        self.stats.elapsed = started.elapsed();
        SearchResult {
            score,
            best_move: pv.first().copied(),
            pv,
            depth,
            stats: std::mem::take(&mut self.stats),
            root_moves: Vec::new(),
        }
    }
}

/// A reference searcher, as [`chance_mean`] needs it: something holding a [`Record`]
/// (implemented by [`tracing!`]).
pub(super) trait Recorded {
    /// The searcher's record.
    fn record(&mut self) -> &mut Record;
}

/// The value of chance node `game` (nature moves: a die roll), whose `outcomes` are the moves it
/// generated, `ply` plies from the root: the weighted mean of `value(searcher, child)` over its
/// outcomes, rounded as [`crate::chance`] defines. Leaves the node in the trace with it and
/// returns it: a node function ends with `return chance_mean(..)`.
///
/// `value` searches an outcome's position (with the searcher, handed back to it) and gives its
/// value **in the chance node's terms**: as it is for the two-sided searchers (absolute values);
/// for the negamax-form ones [`negate_if_turn_passes`], since the outcome may hand the move to
/// either player. Every outcome is searched, in the order generated: nobody chooses here, so
/// there is no best line through the node and nothing to order.
///
/// Counts a child and traces the outcome (with its probability) for each; the caller has
/// entered and counted the node itself, as a leaf, an interior node or neither.
pub(super) fn chance_mean<S: Recorded, G: Game>(
    searcher: &mut S,
    game: &G,
    outcomes: &[G::Move],
    ply: u32,
    mut value: impl FnMut(&mut S, &G) -> Score,
) -> Score {
    searcher.record().trace.chance();
    let total = total_weight(game, outcomes);
    let mut mean = Expectation::default();
    for &outcome in outcomes {
        let weight = game.chance_weight(outcome);
        let record = searcher.record();
        record.stats.children += 1;
        record.trace.outcome(&outcome, weight, total);
        let child = game.play(outcome);
        // (`deeper`: on a fresh stack segment when the thread's runs low, `crate::stack`.)
        mean.add(weight, deeper(ply, || value(searcher, &child)));
    }
    searcher.record().exit(mean.value())
}

/// Every legal move of `root` with its value `value(searcher, child)` for the root's side to
/// move, in generation order; empty if the root is finished, a chance node or `depth` is 0.
/// What [`Reference::root_move_scores`](crate::Reference::root_move_scores) asks of every
/// reference searcher: `value` searches the child to `depth - 1`, one ply from the root, with
/// a full window.
pub(super) fn root_move_scores<S, G: Game>(
    searcher: &mut S,
    root: &G,
    depth: u32,
    mut value: impl FnMut(&mut S, &G) -> Score,
) -> Vec<(G::Move, Score)> {
    let mut moves = MoveList::new();
    root.generate_moves(&mut moves);
    if depth == 0 || root.is_chance() || root.outcome(moves.len()).is_some() {
        return Vec::new();
    }
    moves
        .iter()
        .map(|&mv| (mv, value(searcher, &root.play(mv))))
        .collect()
}

/// `value`, the value of `child` for its side to move, seen from `parent`'s side to move:
/// negated when the move passed to the other player, kept as it is after an extra turn (the
/// same player moves again). The negamax-form searchers' rule: negate when the side to move
/// changes, not at every ply.
#[inline]
pub(super) fn negate_if_turn_passes<G: Game>(parent: &G, child: &G, value: Score) -> Score {
    if child.to_move() == parent.to_move() {
        value
    } else {
        -value
    }
}

/// `score`, a value for `to_move`, in the first player's view (absolute), as the two-sided
/// searchers hold values: negated for the second player. The same negation turns an absolute
/// value back into `to_move`'s view.
#[inline]
pub(super) fn absolute(to_move: Player, score: Score) -> Score {
    if to_move == Player::First { score } else { -score }
}

/// The public `with_trace` and `trace` of reference searcher `$searcher` (a struct generic over
/// its evaluator `E`, with a field `record: Record`), and its [`Recorded`] implementation.
macro_rules! tracing {
    ($searcher:ident) => {
        impl<E> $searcher<E> {
            /// Records the tree of each search, at most `max_nodes` nodes (see [`crate::trace`]).
            #[must_use]
            pub fn with_trace(mut self, max_nodes: usize) -> Self {
                self.record.trace = $crate::trace::Tracer::on(max_nodes);
                self
            }

            /// The tree of the last search, if tracing is on.
            #[must_use]
            pub fn trace(&self) -> Option<&$crate::trace::Trace> {
                self.record.trace.get()
            }
        }

        impl<E> $crate::reference::plumbing::Recorded for $searcher<E> {
            fn record(&mut self) -> &mut $crate::reference::plumbing::Record {
                &mut self.record
            }
        }
    };
}
pub(super) use tracing;
