//! [`SearchStats`]: what a search did, counted the same way by every searcher.

use std::fmt;
use std::ops::AddAssign;
use std::time::Duration;

/// Counters of one search, the thesis's figures and more.
///
/// # What a node is
///
/// A **node** is a position on which the searcher's node function was entered: it generated the
/// position's moves and/or evaluated it, or answered it from the transposition table. The root
/// is a node; every child searched is a node; null-move searches and quiescence positions are
/// nodes. Every searcher in this crate counts nodes on entry to its node function, so node counts
/// compare across searchers. Each node is exactly one of:
///
/// - an **interior** ("primary" parent) node: it searched at least one child;
/// - a **leaf** node: its value came without searching a child (horizon evaluation, a finished
///   game, a transposition-table cutoff, a null-move cutoff before any move, a stand-pat cutoff,
///   a quiescence position with no noisy move).
///
/// so `nodes == interior_nodes + leaf_nodes`. **Quiescence nodes** are the nodes searched beyond
/// the primary horizon (a subset of all nodes); primary nodes are `nodes - quiescence_nodes`.
/// The **branching factor** is `children / interior_nodes`: the average number of children a
/// parent searched (the thesis's definition).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Every node, root included (see the type's documentation).
    pub nodes: u64,
    /// Nodes that searched at least one child.
    pub interior_nodes: u64,
    /// Nodes valued without searching a child.
    pub leaf_nodes: u64,
    /// Nodes beyond the primary horizon (quiescence search).
    pub quiescence_nodes: u64,
    /// Children searched (edges of the tree), for the branching factor.
    pub children: u64,
    /// Nodes whose search stopped early because a move reached beta.
    pub beta_cutoffs: u64,
    /// Beta cutoffs produced by the first move searched (a measure of move ordering).
    pub first_move_cutoffs: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
    /// Hits whose score ended the node without a search.
    pub tt_cutoffs: u64,
    /// Null-move searches tried.
    pub null_move_tries: u64,
    /// Null-move searches that pruned the node.
    pub null_move_cutoffs: u64,
    /// Nodes cut by reverse futility pruning (a static value far enough above beta).
    pub futility_cutoffs: u64,
    /// Quiet moves skipped by futility pruning.
    pub futility_pruned_moves: u64,
    /// Quiet moves skipped by late move pruning.
    pub late_moves_pruned: u64,
    /// Quiet moves skipped by history pruning (a bad history record near the horizon).
    pub history_pruned_moves: u64,
    /// Moves skipped by SEE pruning (losing material by the static exchange near the horizon).
    pub see_pruned_moves: u64,
    /// Nodes searched a ply shallower by internal iterative reduction (no table move).
    pub internal_reductions: u64,
    /// Table moves found singular (every other move stayed below the bar): searched a ply
    /// deeper, unless the check extension extends them already.
    pub singular_extensions: u64,
    /// Nodes cut by singular extensions' multi-cut (the other moves beat a bar at least beta).
    pub multi_cuts: u64,
    /// Nodes cut by ProbCut (a noisy move's shallower search beat beta by the margin).
    pub probcut_cutoffs: u64,
    /// Nodes cut by razoring (their quiescence search stayed at or below alpha).
    pub razor_cutoffs: u64,
    /// Results the correction history learnt from (`correction`: a node's search against its
    /// static value).
    pub corrections_learnt: u64,
    /// Noisy moves quiescence search skipped as losing by the static exchange.
    pub losing_captures_skipped: u64,
    /// Beta cutoffs by a killer move (or a counter move, ordered as a killer: `counter.rs`).
    pub killer_cutoffs: u64,
    /// Beta cutoffs by a quiet move ordered by the history heuristic.
    pub history_cutoffs: u64,
    /// Re-searches: PVS null-window fail-highs searched again, aspiration-window failures,
    /// reduced moves searched again at full depth.
    pub researches: u64,
    /// Null-window passes made by MTD(f).
    pub mtdf_passes: u64,
    /// Chance nodes cut by Star1's windows or Star2's probes (see [`crate::chance`]).
    pub chance_cutoffs: u64,
    /// Monte Carlo tree search: iterations (walks from the root, each ending in a playout or
    /// a proven node).
    pub iterations: u64,
    /// Monte Carlo tree search: playouts played.
    pub playouts: u64,
    /// Monte Carlo tree search: nodes in the tree at the end of the search.
    pub tree_nodes: u64,
    /// The deepest ply reached (selective depth), quiescence included.
    pub seldepth: u32,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl SearchStats {
    /// Nodes within the primary search (all nodes but the quiescence ones).
    #[must_use]
    pub fn primary_nodes(&self) -> u64 {
        self.nodes - self.quiescence_nodes
    }

    /// Children per parent: `children / interior_nodes` (`0` when nothing was expanded).
    #[must_use]
    pub fn branching_factor(&self) -> f64 {
        if self.interior_nodes == 0 {
            0.0
        } else {
            self.children as f64 / self.interior_nodes as f64
        }
    }

    /// The share of leaf nodes among all nodes, in `0.0..=1.0`.
    #[must_use]
    pub fn leaf_share(&self) -> f64 {
        if self.nodes == 0 {
            0.0
        } else {
            self.leaf_nodes as f64 / self.nodes as f64
        }
    }

    /// Nodes per second over the elapsed time.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.nodes as f64 / seconds
        } else {
            0.0
        }
    }
}

impl AddAssign<&SearchStats> for SearchStats {
    /// Sums the counters (the selective depth and the tree size take the maximum): the statistics of several
    /// searches, e.g. every iteration of iterative deepening.
    fn add_assign(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.interior_nodes += other.interior_nodes;
        self.leaf_nodes += other.leaf_nodes;
        self.quiescence_nodes += other.quiescence_nodes;
        self.children += other.children;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.null_move_tries += other.null_move_tries;
        self.null_move_cutoffs += other.null_move_cutoffs;
        self.futility_cutoffs += other.futility_cutoffs;
        self.futility_pruned_moves += other.futility_pruned_moves;
        self.late_moves_pruned += other.late_moves_pruned;
        self.history_pruned_moves += other.history_pruned_moves;
        self.see_pruned_moves += other.see_pruned_moves;
        self.internal_reductions += other.internal_reductions;
        self.singular_extensions += other.singular_extensions;
        self.multi_cuts += other.multi_cuts;
        self.probcut_cutoffs += other.probcut_cutoffs;
        self.razor_cutoffs += other.razor_cutoffs;
        self.corrections_learnt += other.corrections_learnt;
        self.losing_captures_skipped += other.losing_captures_skipped;
        self.killer_cutoffs += other.killer_cutoffs;
        self.history_cutoffs += other.history_cutoffs;
        self.researches += other.researches;
        self.mtdf_passes += other.mtdf_passes;
        self.chance_cutoffs += other.chance_cutoffs;
        self.iterations += other.iterations;
        self.playouts += other.playouts;
        self.tree_nodes = self.tree_nodes.max(other.tree_nodes);
        self.seldepth = self.seldepth.max(other.seldepth);
        self.elapsed += other.elapsed;
    }
}

impl fmt::Display for SearchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes {} (interior {}, leaf {} = {:.1}%, quiescence {}), branching {:.2}, \
             beta cutoffs {} (first move {}), seldepth {}, {:.3} s",
            self.nodes,
            self.interior_nodes,
            self.leaf_nodes,
            100.0 * self.leaf_share(),
            self.quiescence_nodes,
            self.branching_factor(),
            self.beta_cutoffs,
            self.first_move_cutoffs,
            self.seldepth,
            self.elapsed.as_secs_f64()
        )?;
        if self.chance_cutoffs > 0 {
            write!(f, ", chance cutoffs {}", self.chance_cutoffs)?;
        }
        if self.iterations > 0 {
            write!(
                f,
                ", iterations {} (playouts {}), tree {} nodes",
                self.iterations, self.playouts, self.tree_nodes
            )?;
        }
        Ok(())
    }
}
