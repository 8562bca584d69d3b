//! **Search-tree tracing**: the tree a searcher actually walked, node by node, for pictures and
//! tests (a project tool, no paper; its first test is Knuth & Moore 1975's minimal tree).
//!
//! Every searcher of this crate (the [`reference`](crate::reference) searchers and the
//! [`Engine`](crate::engine::Engine)) has a `with_trace(max_nodes)` builder method; after a search
//! its `trace()` method returns the [`Trace`] of that search. Each [`TraceNode`] records:
//!
//! - the move from its parent (its `Debug` text; the engine's null move is `null`, and its
//!   razoring's quiescence search of the parent's own position `razor`, at the parent's ply), its
//!   depth (plies left to the horizon) and ply (distance from the root);
//! - the `(alpha, beta)` window on entry (`None` for the searchers without windows: minimax,
//!   negamax, minimax + quiescence);
//! - the value it returned, from the point of view the searcher uses (side to move for the
//!   negamax-style searchers and the engine, the first player's for the two-sided minimax ones),
//!   and its [`Bound`] against the entry window;
//! - why it was cut short, if it was ([`Cut`]): a beta cutoff (an alpha cutoff at the minimising
//!   nodes of the two-sided alpha-beta; the unsearched moves are then recorded as *pruned*
//!   children, never entered), a transposition-table cutoff (the moves it spared are listed as
//!   pruned too), a null-move prune (likewise), a stand pat, delta (futility) pruning, a
//!   repetition, an aborted search;
//! - whether it is a quiescence node, and whether it lies on the principal variation.
//!
//! A search that revisits a node (the engine's PVS and LMR re-searches, a null-move child, a
//! razoring child, iterative deepening) records every visit: one root per iteration or driver
//! pass, one child per (re-)search.
//!
//! Exports: an indented text mode ([`Trace::to_text`], also `Display`), Graphviz DOT
//! ([`Trace::to_dot`], [`dot_side_by_side`] for several traces in one picture) and any format of
//! the `dot` binary ([`render_dot`], e.g. SVG or PNG), when it is installed.
//!
//! # Invariant: it observes, never steers
//!
//! Tracing changes no search: under a depth limit a traced search returns the same score,
//! principal variation and statistics as an untraced one, and every counted node is in the
//! trace unless it was truncated (the trace tests check both for six engine configurations,
//! plain to strongest). Under a clock, its own cost may make a search stop elsewhere.
//!
//! # Cost
//!
//! Off (the default) a searcher holds a `None` and each hook is one branch on it: no allocation,
//! no formatting, the same node counts. On, each node costs a heap-allocated record and the
//! formatting of its move; at most `max_nodes` nodes are recorded (pruned children included).
//! Past the cap the trace stops recording, sets [`Trace::is_truncated`] and says so in every
//! export; the search itself runs on unchanged.
//!
//! ```
//! use search_core::random_tree::{RandomTree, TreeValue};
//! use search_core::reference::AlphaBeta;
//! use search_core::{Limits, Searcher};
//!
//! let mut searcher = AlphaBeta::new(TreeValue).with_trace(1_000);
//! searcher.search(&RandomTree::best_first(1, 2, 2), &Limits::depth(2));
//! let trace = searcher.trace().unwrap();
//! // The root, its 2 children, 3 leaves searched and 1 pruned (never searched).
//! assert_eq!(trace.len(), 1 + 2 + 3 + 1);
//! assert_eq!(trace.searched_leaves().count(), 3);
//! assert_eq!(trace.pruned().count(), 1);
//! assert!(trace.to_text().starts_with("root d2 [-inf, inf] = "));
//! ```

use std::fmt::{self, Debug};

use crate::{Bound, Game, MoveList, Score};

/// Why a node's subtree was cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cut {
    /// A move scored `>= beta` (fail high): the remaining moves were never searched.
    BetaCutoff,
    /// In the two-sided form, at a minimising node: a move scored `<= alpha` (fail low): the
    /// remaining moves were never searched (a beta cutoff seen from the other side).
    AlphaCutoff,
    /// The transposition table held a result that decided the window: nothing was searched.
    TtCutoff,
    /// Enhanced transposition cutoff: a child known to the table refutes the node.
    EnhancedTtCutoff,
    /// Null-move pruning: passing still failed high, so the node was cut unsearched.
    NullMove,
    /// Quiescence stand pat: the static value alone reached beta.
    StandPat,
    /// Futility pruning: delta pruning in quiescence (no capture could lift the value to alpha),
    /// or reverse futility pruning (the static value was far enough above beta).
    Futility,
    /// A repetition of an earlier position: scored as a draw.
    Repetition,
    /// The search was stopped (time, nodes, stop flag) inside this node: its value is meaningless.
    Aborted,
    /// Monte Carlo tree search: the solver proved the node's result, so no iteration went below it
    /// again.
    Proven,
    /// A chance node: Star1's bounds decided it before every outcome was searched.
    ChanceCutoff,
    /// A chance node: Star2's probes (one move of each outcome) decided it.
    ProbeCutoff,
    /// The game's bounds on its final margin decided the window (the engine's `bounds`).
    Bounds,
    /// Singular extensions' multi-cut: the moves other than the table move, searched half as
    /// deep, beat a bar at least beta, so the node failed high.
    MultiCut,
    /// ProbCut: a noisy move searched shallower beat a bar above beta, so the node failed high.
    ProbCut,
    /// Razoring: near the horizon, the node's static value was far below alpha and its
    /// quiescence search stayed at or below alpha, so the node failed low.
    Razor,
}

impl Cut {
    /// A short human-readable name, e.g. `beta cutoff`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Cut::BetaCutoff => "beta cutoff",
            Cut::AlphaCutoff => "alpha cutoff",
            Cut::TtCutoff => "TT cutoff",
            Cut::EnhancedTtCutoff => "ETC cutoff",
            Cut::NullMove => "null-move prune",
            Cut::StandPat => "stand pat",
            Cut::Futility => "futility",
            Cut::Repetition => "repetition",
            Cut::Aborted => "aborted",
            Cut::Proven => "proven",
            Cut::ChanceCutoff => "star1 cutoff",
            Cut::ProbeCutoff => "star2 probe cutoff",
            Cut::Bounds => "bounds cutoff",
            Cut::MultiCut => "multi-cut",
            Cut::ProbCut => "probcut",
            Cut::Razor => "razor",
        }
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One recorded node of a [`Trace`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceNode {
    /// The parent's index in [`Trace::nodes`] (`None` for a root).
    pub parent: Option<usize>,
    /// The children's indices, in search order (pruned children last).
    pub children: Vec<usize>,
    /// The move from the parent, as its `Debug` text (`None` for a root).
    pub mv: Option<String>,
    /// Plies left to the horizon (for a pruned child: the depth it would have been searched at).
    pub depth: u32,
    /// Distance from the root (a `razor` child's is its parent's: the same position).
    pub ply: u32,
    /// The `(alpha, beta)` window on entry; `None` for searchers without windows.
    pub window: Option<(Score, Score)>,
    /// The value returned (`None` for a pruned child, or a node left by truncation).
    pub value: Option<Score>,
    /// The value's bound against the entry window ([`Bound::Exact`] without a window).
    pub bound: Option<Bound>,
    /// Why the node's subtree was cut short, if it was.
    pub cut: Option<Cut>,
    /// A quiescence node (below the horizon).
    pub is_quiescence: bool,
    /// Never searched: a move left over by its parent's cut.
    pub is_pruned: bool,
    /// On the principal variation of the search's result.
    pub is_pv: bool,
    /// Monte Carlo tree search: the iterations that passed through the node (`None` for the
    /// other searchers).
    pub visits: Option<u64>,
    /// A chance node: nature moves here, and its value is the weighted mean of its outcomes'
    /// (see [`crate::chance`]).
    pub is_chance: bool,
    /// The move from the parent is a chance outcome of this weight out of this total weight
    /// (its probability is their ratio).
    pub probability: Option<(u32, u64)>,
    /// The engine's transposition table held an entry for this node: its move was searched
    /// first, or its bound decided the node (then [`cut`](TraceNode::cut) is
    /// [`Cut::TtCutoff`]). Counted in [`SearchStats::tt_hits`](crate::SearchStats::tt_hits),
    /// with the entries of children that enhanced transposition cutoffs look up.
    pub tt_hit: bool,
}

/// The tree a search walked. See the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    max_nodes: usize,
    nodes: Vec<TraceNode>,
    roots: Vec<usize>,
    /// The nodes being searched, each with the move it is searching now.
    stack: Vec<(usize, Option<String>)>,
    /// How many entered nodes are open but unrecorded (after truncation).
    skipped: usize,
    /// The probability of the chance outcome about to be entered, if it is one.
    pending_probability: Option<(u32, u64)>,
    truncated: bool,
}

impl Trace {
    /// An empty trace that records at most `max_nodes` nodes.
    #[must_use]
    pub fn new(max_nodes: usize) -> Self {
        Trace {
            max_nodes,
            nodes: Vec::new(),
            roots: Vec::new(),
            stack: Vec::new(),
            pending_probability: None,
            skipped: 0,
            truncated: false,
        }
    }

    /// A trace made after the search from `nodes` (each parent before its children, the first
    /// node the root): Monte Carlo tree search records its tree this way.
    pub(crate) fn from_nodes(max_nodes: usize, nodes: Vec<TraceNode>, truncated: bool) -> Self {
        Trace {
            max_nodes,
            roots: if nodes.is_empty() { Vec::new() } else { vec![0] },
            nodes,
            stack: Vec::new(),
            pending_probability: None,
            skipped: 0,
            truncated,
        }
    }

    /// Every recorded node; a node's parent comes before it.
    #[must_use]
    pub fn nodes(&self) -> &[TraceNode] {
        &self.nodes
    }

    /// The indices of the roots: one per root search (iterative deepening, MTD(f) and
    /// aspiration passes each add one).
    #[must_use]
    pub fn roots(&self) -> &[usize] {
        &self.roots
    }

    /// The number of recorded nodes (pruned children included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The cap on recorded nodes.
    #[must_use]
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Whether the cap was reached: the search went on, unrecorded.
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The message the exports carry when the trace is truncated.
    #[must_use]
    pub fn truncation_message(&self) -> Option<String> {
        self.truncated.then(|| {
            format!(
                "trace truncated at {} nodes (the cap): the rest of the search was not recorded",
                self.max_nodes
            )
        })
    }

    /// The searched leaves: recorded, not pruned, without children.
    pub fn searched_leaves(&self) -> impl Iterator<Item = &TraceNode> {
        self.nodes
            .iter()
            .filter(|node| !node.is_pruned && node.children.is_empty())
    }

    /// The pruned (never searched) children.
    pub fn pruned(&self) -> impl Iterator<Item = &TraceNode> {
        self.nodes.iter().filter(|node| node.is_pruned)
    }

    /// Replaces every move's `Debug` text by `label(position, move)`, replaying the trace from
    /// `root` (the position every root of the trace searched): e.g. UCI or SAN in chess, the
    /// keypad number in tic-tac-toe. A move that is not found among its position's moves (the
    /// engine's `null` move is replayed with [`Game::null_move`], its `razor` child, the parent's
    /// own position searched by quiescence, with the parent's position) keeps its text, and its
    /// subtree too.
    pub fn relabel_moves<G: Game>(&mut self, root: &G, mut label: impl FnMut(&G, G::Move) -> String) {
        let mut work: Vec<(usize, G)> = self.roots.iter().map(|&index| (index, root.clone())).collect();
        while let Some((index, position)) = work.pop() {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            for child in self.nodes[index].children.clone() {
                let Some(text) = self.nodes[child].mv.clone() else {
                    continue;
                };
                let next = if text == "null" {
                    position.null_move()
                } else if text == "razor" {
                    // Razoring's quiescence search of the parent's own position.
                    Some(position.clone())
                } else if let Some(&mv) = moves.iter().find(|mv| format!("{mv:?}") == text) {
                    self.nodes[child].mv = Some(label(&position, mv));
                    Some(position.play(mv))
                } else {
                    None
                };
                if let Some(next) = next {
                    work.push((child, next));
                }
            }
        }
    }

    // --- Recording (through `Tracer`).

    fn reset(&mut self) {
        let max_nodes = self.max_nodes;
        *self = Trace::new(max_nodes);
    }

    /// Reserves room for one more node, or truncates.
    fn has_room(&mut self) -> bool {
        if self.truncated || self.nodes.len() >= self.max_nodes {
            self.truncated = true;
            return false;
        }
        true
    }

    fn push(&mut self, node: TraceNode) -> usize {
        let index = self.nodes.len();
        match node.parent {
            Some(parent) => self.nodes[parent].children.push(index),
            None => self.roots.push(index),
        }
        self.nodes.push(node);
        index
    }

    fn enter(&mut self, depth: u32, ply: u32, window: Option<(Score, Score)>) {
        if self.skipped > 0 || !self.has_room() {
            self.skipped += 1;
            return;
        }
        let (parent, mv) = match self.stack.last() {
            Some((parent, mv)) => (Some(*parent), mv.clone()),
            None => (None, None),
        };
        let probability = self.pending_probability.take();
        let index = self.push(TraceNode {
            parent,
            children: Vec::new(),
            mv,
            depth,
            ply,
            window,
            value: None,
            bound: None,
            cut: None,
            is_quiescence: false,
            is_pruned: false,
            is_pv: false,
            visits: None,
            is_chance: false,
            tt_hit: false,
            probability,
        });
        self.stack.push((index, None));
    }

    fn exit(&mut self, value: Score) {
        if self.skipped > 0 {
            self.skipped -= 1;
            return;
        }
        if let Some((index, _)) = self.stack.pop() {
            let node = &mut self.nodes[index];
            node.value = Some(value);
            node.bound = Some(match node.window {
                Some((alpha, beta)) => Bound::classify(value, alpha, beta),
                None => Bound::Exact,
            });
        }
    }

    fn current(&mut self) -> Option<&mut TraceNode> {
        if self.skipped > 0 {
            return None;
        }
        let index = self.stack.last()?.0;
        Some(&mut self.nodes[index])
    }

    fn prune(&mut self, cut: Cut, moves: Vec<String>) {
        if self.skipped > 0 {
            return;
        }
        let Some(&(parent, _)) = self.stack.last() else {
            return;
        };
        let node = &mut self.nodes[parent];
        node.cut = Some(cut);
        let (depth, ply, children) = (node.depth, node.ply, node.children.clone());
        let parent = Some(parent);
        for mv in moves {
            let searched = children
                .iter()
                .any(|&child| self.nodes[child].mv.as_deref() == Some(mv.as_str()));
            if searched {
                continue;
            }
            if !self.has_room() {
                return;
            }
            self.push(TraceNode {
                parent,
                children: Vec::new(),
                mv: Some(mv),
                depth: depth.saturating_sub(1),
                ply: ply + 1,
                window: None,
                value: None,
                bound: None,
                cut: None,
                is_quiescence: false,
                is_pruned: true,
                is_pv: false,
                visits: None,
                is_chance: false,
                tt_hit: false,
                probability: None,
            });
        }
    }

    /// Marks the principal variation `pv` from the last root that was not aborted.
    fn mark_pv(&mut self, pv: &[String]) {
        let Some(&root) = self
            .roots
            .iter()
            .rev()
            .find(|&&root| self.nodes[root].cut != Some(Cut::Aborted))
        else {
            return;
        };
        let mut at = root;
        self.nodes[at].is_pv = true;
        for mv in pv {
            // The last visit of that move (after any re-search).
            let next =
                self.nodes[at].children.iter().rev().copied().find(|&child| {
                    !self.nodes[child].is_pruned && self.nodes[child].mv.as_deref() == Some(mv)
                });
            let Some(next) = next else { break };
            self.nodes[next].is_pv = true;
            at = next;
        }
    }
}

/// The recording hook a searcher holds: `None` (off, the default) or a [`Trace`] being
/// recorded. Every method is a no-op when off.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tracer(Option<Box<Trace>>);

impl Tracer {
    /// A tracer recording at most `max_nodes` nodes.
    pub(crate) fn on(max_nodes: usize) -> Self {
        Tracer(Some(Box::new(Trace::new(max_nodes))))
    }

    /// The trace, if tracing is on.
    pub(crate) fn get(&self) -> Option<&Trace> {
        self.0.as_deref()
    }

    /// A new search: forgets the previous one.
    #[inline]
    pub(crate) fn start(&mut self) {
        if let Some(trace) = &mut self.0 {
            trace.reset();
        }
    }

    /// The search is over: marks its principal variation.
    #[inline]
    pub(crate) fn finish<M: Debug>(&mut self, pv: &[M]) {
        if let Some(trace) = &mut self.0 {
            let pv: Vec<String> = pv.iter().map(|mv| format!("{mv:?}")).collect();
            trace.mark_pv(&pv);
        }
    }

    /// A node is entered (`window`: `None` for searchers without one).
    #[inline]
    pub(crate) fn enter(&mut self, depth: u32, ply: u32, window: Option<(Score, Score)>) {
        if let Some(trace) = &mut self.0 {
            trace.enter(depth, ply, window);
        }
    }

    /// The current node is left with `value`; returns it, so that `return
    /// self.trace.exit(value)` reads as a return.
    #[inline]
    pub(crate) fn exit(&mut self, value: Score) -> Score {
        if let Some(trace) = &mut self.0 {
            trace.exit(value);
        }
        value
    }

    /// The current node is about to search `mv` (its next children are entered through it).
    #[inline]
    pub(crate) fn child<M: Debug>(&mut self, mv: &M) {
        if let Some(trace) = &mut self.0
            && trace.skipped == 0
            && let Some((_, current)) = trace.stack.last_mut()
        {
            *current = Some(format!("{mv:?}"));
            trace.pending_probability = None;
        }
    }

    /// The current node, a chance node, is about to search outcome `mv`, of `weight` out of
    /// `total`.
    #[inline]
    pub(crate) fn outcome<M: Debug>(&mut self, mv: &M, weight: u32, total: u64) {
        if let Some(trace) = &mut self.0
            && trace.skipped == 0
            && let Some((_, current)) = trace.stack.last_mut()
        {
            *current = Some(format!("{mv:?}"));
            trace.pending_probability = Some((weight, total));
        }
    }

    /// The current node is a chance node.
    #[inline]
    pub(crate) fn chance(&mut self) {
        if let Some(node) = self.0.as_mut().and_then(|trace| trace.current()) {
            node.is_chance = true;
        }
    }

    /// The engine's transposition table held an entry for the current node.
    #[inline]
    pub(crate) fn tt_hit(&mut self) {
        if let Some(node) = self.0.as_mut().and_then(|trace| trace.current()) {
            node.tt_hit = true;
        }
    }

    /// The current node is about to search the null move.
    #[inline]
    pub(crate) fn null_child(&mut self) {
        self.label_child("null");
    }

    /// The current node is about to search its own position by quiescence (razoring).
    #[inline]
    pub(crate) fn razor_child(&mut self) {
        self.label_child("razor");
    }

    /// The current node's next child is entered through `label`, a pseudo-move.
    fn label_child(&mut self, label: &str) {
        if let Some(trace) = &mut self.0
            && trace.skipped == 0
            && let Some((_, current)) = trace.stack.last_mut()
        {
            *current = Some(label.into());
        }
    }

    /// The current node is a quiescence node.
    #[inline]
    pub(crate) fn quiescence(&mut self) {
        if let Some(node) = self.0.as_mut().and_then(|trace| trace.current()) {
            node.is_quiescence = true;
        }
    }

    /// The current node was cut short for `cut`, without moves left over to show.
    #[inline]
    pub(crate) fn cut(&mut self, cut: Cut) {
        if let Some(node) = self.0.as_mut().and_then(|trace| trace.current()) {
            node.cut = Some(cut);
        }
    }

    /// The current node was not cut short after all (a search of its moves that is not its
    /// own, singular extensions' excluding search, ended with a cutoff).
    #[inline]
    pub(crate) fn uncut(&mut self) {
        if let Some(node) = self.0.as_mut().and_then(|trace| trace.current()) {
            node.cut = None;
        }
    }

    /// The current node was cut short for `cut`: those of `moves` it has not searched are
    /// recorded as pruned children.
    #[inline]
    pub(crate) fn prune<'m, M: Debug + 'm>(&mut self, cut: Cut, moves: impl IntoIterator<Item = &'m M>) {
        if let Some(trace) = &mut self.0 {
            let moves = moves.into_iter().map(|mv| format!("{mv:?}")).collect();
            trace.prune(cut, moves);
        }
    }
}

mod render;

pub use render::{RenderError, dot_side_by_side, render_dot, score_text};

#[cfg(test)]
mod tests;
