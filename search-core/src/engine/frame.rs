//! **The node's frame**: what a node of the engine's search is asked ([`Node`]: its depth, its
//! distance from the root, its window, what it inherits from the path to it) and how the move
//! loop describes a move to the features that decide about it ([`Candidate`], [`MoveKind`]).
//!
//! The ground floor of the engine: the features (`tt.rs`, `null_move.rs`, `lmr.rs`, ...) and the
//! node function (`node.rs`) both use these types, and this file uses neither.

use crate::Score;

/// The deepest ply the engine searches (quiescence and extensions included); a node this far
/// from the root is valued statically. Bounds every per-ply buffer. (Not
/// [`Score::MAX_PLY`](crate::Score::MAX_PLY), the longest line a mate score can describe.)
pub const MAX_SEARCH_PLY: u32 = 128;

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
    /// Star2's probe (`chance_node.rs`): search only the first move, and store nothing (the
    /// value bounds the node from below only).
    pub(super) probe: bool,
    /// Capture-chain extension: `Some(plies still available)` while every move from the root
    /// was noisy, `None` once a quiet move was played (or with the extension off).
    pub(super) chain: Option<u32>,
    /// The depth of the iteration's root (the bound on singular extensions, `singular.rs`).
    pub(super) root_depth: u32,
    /// An expected cut node (`lmr-cut`, `lmr.rs`): set by the child-search ladder, `false` at
    /// the root and for every other search.
    pub(super) cut: bool,
}

impl Node {
    /// The root of a search `depth` plies deep in the window `(alpha, beta)`, with a
    /// capture-chain budget of `chain` plies.
    pub(super) fn root(depth: u32, (alpha, beta): (Score, Score), chain: Option<u32>) -> Node {
        Node {
            depth,
            ply: 0,
            alpha,
            beta,
            after_null: false,
            verify: true,
            probe: false,
            chain,
            root_depth: depth,
            cut: false,
        }
    }

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
            root_depth: self.root_depth,
            cut: false,
        }
    }

    /// Whether the window is null (`beta == alpha + 1`): a scout search.
    pub(super) fn is_null_window(&self) -> bool {
        self.beta.raw() - self.alpha.raw() == 1
    }
}

/// A move in the move loop, as the features that decide about it see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    /// Why it comes where it does.
    pub(super) kind: MoveKind,
    /// Whether it is noisy ([`Game::is_noisy`](crate::Game::is_noisy), asked only when a
    /// feature needs it).
    pub(super) noisy: bool,
    /// Its number among the node's searched moves, from 1 (the number it gets if searched).
    pub(super) number: u32,
    /// Its history score (the history counter, plus the continuation counters if that feature
    /// is on), for a quiet move when history pruning or history-adjusted reductions are on with
    /// the gravity rule (`0` otherwise).
    pub(super) history: i32,
}

impl Candidate {
    /// Whether it is a quiet move that no ordering tier but history placed: the moves that late
    /// move reductions and futility pruning may touch.
    pub(super) fn is_late_quiet(&self) -> bool {
        !self.noisy && matches!(self.kind, MoveKind::Quiet | MoveKind::History)
    }
}

/// Why a move was searched where it was (for the cutoff statistics and the features that treat
/// the tiers differently).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveKind {
    /// The transposition table's (or previous iteration's) move.
    TtMove,
    /// A move with a positive order hint.
    Hinted,
    /// A killer move, or the counter move (`counter.rs`), ordered after the killers.
    Killer,
    /// A quiet move with a positive history score.
    History,
    /// Any other move.
    Quiet,
}

/// A move about to be searched, as the node function's child-search ladder needs it.
pub(super) struct ChildMove<'g, G> {
    /// The position after the move.
    pub(super) position: &'g G,
    /// The first move searched at its node (the expected best): the full window.
    pub(super) first: bool,
    /// LMR's reduction (`0`: none).
    pub(super) reduction: u32,
    /// The plies added to its depth (a singular extension's: `singular.rs`).
    pub(super) extension: u32,
    /// The capture-chain budget the child inherits.
    pub(super) chain: Option<u32>,
    /// The side to move changes with this move (not after an extra turn): the child's value is
    /// negated, and its window negated and swapped.
    pub(super) flips: bool,
}

/// What the move loop of a node works with.
pub(super) struct MoveLoop<'m, M> {
    /// The node's moves (reordered in place as they are handed out).
    pub(super) moves: &'m mut crate::MoveList<M>,
    /// The move to search first, if any (checked against the moves by the move picker).
    pub(super) tt_move: Option<M>,
    /// The node's static value, if a feature needs it (futility pruning, `improving`).
    pub(super) static_eval: Option<Score>,
    /// Whether the side to move's static value is improving (`improving.rs`), if known.
    pub(super) improving: Option<bool>,
    /// Whether the side to move is in check (asked only when a feature needs it).
    pub(super) in_check: bool,
    /// The node's repetition key, on the line while its children are searched.
    pub(super) key: Option<u64>,
    /// The move searched a ply deeper (the singular table move, `singular.rs`), if any.
    pub(super) extended: Option<M>,
}
