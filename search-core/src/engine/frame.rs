//! **The node's frame**: what a node of the engine's search is asked ([`Node`]: its depth, its
//! distance from the root, its window, what it inherits from the path to it), what it has found
//! out before its moves ([`Facts`]), and how the move loop describes a move to the features that
//! decide about it ([`Candidate`], [`MoveKind`], [`Tried`]).
//!
//! The ground floor of the engine: the state tables (`tables/`), the features (`features/`) and
//! the node function (`node.rs`) all use these types, and this file uses none of them.

use arrayvec::ArrayVec;

use super::tables::key::TableKey;
use crate::{Bound, Score};

/// The deepest ply the engine searches (quiescence and extensions included); a node this far
/// from the root is valued statically. Bounds every per-ply buffer. (Not
/// [`Score::MAX_PLY`](crate::Score::MAX_PLY), the longest line a mate score can describe.)
pub const MAX_SEARCH_PLY: u32 = 128;

/// What a node is asked (its depth, its distance from the root, its window) and what it
/// inherits from the path to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Plies left to the horizon.
    pub(crate) depth: u32,
    /// Plies from the root.
    pub(crate) ply: u32,
    /// The window: what the side to move is already sure of elsewhere ...
    pub(crate) alpha: Score,
    /// ... and what the opponent will not allow.
    pub(crate) beta: Score,
    /// The move into this node was a null move (no two in a row).
    pub(crate) after_null: bool,
    /// Verified null-move pruning: null-move fail-highs here are verified, not cut.
    pub(crate) verify: bool,
    /// Star2's probe (`chance_node.rs`): search only the first move, and store nothing (the
    /// value bounds the node from below only).
    pub(crate) probe: bool,
    /// Capture-chain extension: `Some(plies still available)` while every move from the root
    /// was noisy, `None` once a quiet move was played (or with the extension off).
    pub(crate) chain: Option<u32>,
    /// The depth of the iteration's root (the bound on singular extensions, `singular.rs`).
    pub(crate) root_depth: u32,
    /// An expected cut node (`lmr-cut`, `features/lmr.rs`): set by the child-search ladder,
    /// `false` at the root and for every other search.
    pub(crate) cut: bool,
    /// A horizon node whose search looks at the quiet checks of its first ply too, without the
    /// table (razoring's confirmation, `features/razoring.rs`).
    pub(crate) checks: bool,
}

impl Node {
    /// The root of a search `depth` plies deep in the window `(alpha, beta)`, with a
    /// capture-chain budget of `chain` plies.
    #[inline]
    pub(crate) fn root(depth: u32, (alpha, beta): (Score, Score), chain: Option<u32>) -> Node {
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
            checks: false,
        }
    }

    /// A child `depth` plies deep in the window `(alpha, beta)`, from the child's side.
    #[inline]
    pub(crate) fn child(&self, depth: u32, alpha: Score, beta: Score, chain: Option<u32>) -> Node {
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
            checks: false,
        }
    }

    /// Whether the window is null (`beta == alpha + 1`): a scout search.
    #[inline]
    pub(crate) fn is_null_window(&self) -> bool {
        self.beta.raw() - self.alpha.raw() == 1
    }

    /// The capture-chain budget a child inherits (`features/capture_chain.rs`): the node's, if
    /// the move into the child is `noisy`; none once a quiet move is played.
    #[inline]
    pub(crate) fn child_chain(&self, noisy: bool) -> Option<u32> {
        self.chain.filter(|_| noisy)
    }
}

/// Whether a child is an expected cut node (read by `lmr-cut`, `features/lmr.rs`), from its
/// parent's kind (`parent_cut`), whether the child's window is null and whether it is searched
/// `reduced` (a late move reduction's scout): a child with an open window never is (a PV node's
/// full-window children, and PV nodes themselves); a reduced scout's child always is; any other
/// scout's child (the first move's at a scout node, a later move's at full depth, the null
/// move's, ProbCut's) has the other kind than its parent.
#[must_use]
#[inline]
pub(crate) fn child_is_cut(parent_cut: bool, null_window: bool, reduced: bool) -> bool {
    null_window && (reduced || !parent_cut)
}

/// A move in the move loop, as the features that decide about it see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// Why it comes where it does.
    pub(crate) kind: MoveKind,
    /// Whether it is noisy ([`Game::is_noisy`](crate::Game::is_noisy), asked only when a
    /// feature needs it).
    pub(crate) noisy: bool,
    /// Its number among the node's searched moves, from 1 (the number it gets if searched).
    pub(crate) number: u32,
    /// Its history score (the history counter, plus the continuation counters if that feature
    /// is on), for a quiet move when history pruning or history-adjusted reductions are on with
    /// the gravity rule (`0` otherwise).
    pub(crate) history: i32,
}

impl Candidate {
    /// Whether it is a quiet move that no ordering tier but history placed: the moves that late
    /// move reductions and futility pruning may touch.
    #[inline]
    pub(crate) fn is_late_quiet(&self) -> bool {
        !self.noisy && matches!(self.kind, MoveKind::Quiet | MoveKind::History)
    }
}

/// Why a move was searched where it was (for the cutoff statistics and the features that treat
/// the tiers differently).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveKind {
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
pub(crate) struct ChildMove<'g, G> {
    /// The position after the move.
    pub(crate) position: &'g G,
    /// The first move searched at its node (the expected best): the full window.
    pub(crate) first: bool,
    /// LMR's reduction (`0`: none).
    pub(crate) reduction: u32,
    /// The plies added to its depth (a singular extension's: `singular.rs`).
    pub(crate) extension: u32,
    /// The capture-chain budget the child inherits.
    pub(crate) chain: Option<u32>,
    /// The side to move changes with this move (not after an extra turn): the child's value is
    /// negated, and its window negated and swapped.
    pub(crate) flips: bool,
}

/// What a node has found out before its moves, as the node function and the features' steps
/// (`worker.rs`'s [`Plan`](super::worker::Plan)) fill it in, in this order: the check status and
/// the table's answer first, the static value and what is read from it after.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts<M> {
    /// Whether the side to move is in check (asked only when a feature needs it).
    pub(crate) in_check: bool,
    /// The node's table key, if there is a table.
    pub(crate) tt_key: Option<TableKey>,
    /// The stored score from the node's side with its bound, if the table has the position (and
    /// it is not banked): what `tt-eval` reads (`features/table_eval.rs`).
    pub(crate) stored: Option<(Score, Bound)>,
    /// The stored score from the node's side with its depth, if it bounds the value from below:
    /// what singular extensions test (`features/singular.rs`).
    pub(crate) lower: Option<(Score, u32)>,
    /// The move to search first, if any (checked against the moves by the move picker).
    pub(crate) tt_move: Option<M>,
    /// The node's static value, corrected (`features/correction.rs`), if a feature needs it and
    /// the side to move is not in check.
    pub(crate) static_eval: Option<Score>,
    /// Whether the side to move's static value is improving (`features/improving.rs`), if known.
    pub(crate) improving: Option<bool>,
    /// The value the prunings read, where `tt-eval` sets it (`features/table_eval.rs`): the
    /// table's bound where it says more than the static value. See
    /// [`pruning_value`](Self::pruning_value).
    pub(crate) pruning_eval: Option<Score>,
    /// The node's repetition key, on the line while its children are searched.
    pub(crate) key: Option<u64>,
    /// The move searched a ply deeper (the singular table move, `features/singular.rs`), if any.
    pub(crate) extended: Option<M>,
    /// The moves are to be searched a ply shallower first, and again at the full depth if that
    /// does not fail high (verified null-move pruning, `features/null_move.rs`).
    pub(crate) verify: bool,
}

impl<M> Facts<M> {
    /// What a node knows before anything is asked: its check status and repetition key.
    #[inline]
    pub(crate) fn new(in_check: bool, key: Option<u64>) -> Self {
        Facts {
            in_check,
            tt_key: None,
            stored: None,
            lower: None,
            tt_move: None,
            static_eval: None,
            improving: None,
            pruning_eval: None,
            key,
            extended: None,
            verify: false,
        }
    }

    /// The value reverse futility and the null move read: the table's bound where `tt-eval`
    /// found it says more, else the static value.
    #[inline]
    pub(crate) fn pruning_value(&self) -> Option<Score> {
        self.pruning_eval.or(self.static_eval)
    }
}

/// A quiet move searched without a cutoff, by its history and continuation indices (either may
/// be missing).
pub(crate) type TriedQuiet = (Option<u16>, Option<u16>);

/// The moves of a node searched without a cutoff, for the maluses of the cutoff that follows
/// (the learners after a cutoff, `features/history.rs` and the others): the quiet moves by their
/// history and continuation indices, the hinted ones by their capture-history keys.
#[derive(Default)]
pub(crate) struct Tried {
    /// The quiet moves (at most 64), if a learner punishes them.
    pub(crate) quiets: ArrayVec<TriedQuiet, 64>,
    /// The hinted moves (at most 32), if capture history punishes them.
    pub(crate) captures: ArrayVec<u16, 32>,
}
