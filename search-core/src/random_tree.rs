//! A synthetic game: seeded uniform random trees, for property tests of searchers.
//!
//! A [`RandomTree`] position is a node of a uniform tree of a given branching factor and depth.
//! Everything about it is derived from the seed and the path to it, so a tree of any size costs no
//! memory and the same seed always gives the same tree. Two kinds:
//!
//! - [`RandomTree::new`]: leaf values drawn uniformly from `-max..=max` ([`with_leaf_values`]
//!   sets `max`; a small range makes ties common, which is what breaks careless searchers).
//! - [`RandomTree::best_first`]: every node's first child is its strictly best move. Values are
//!   assigned top-down (a node worth `v` to its side to move gets a first child worth `-v` and
//!   other children worth more than `-v` to the opponent), so a horizon node's value is already its
//!   exact minimax value. Alpha-beta with this order searches exactly Knuth & Moore's minimal tree.
//!
//! Leaves have no moves and no [`Outcome`](crate::Outcome): they are static leaves valued by
//! [`TreeValue`].
//!
//! Optional capabilities, all derived from the hash like everything else, to exercise the
//! engine's features: [`with_noisy_moves`](RandomTree::with_noisy_moves) (some moves are noisy and
//! carry an ordering hint, for quiescence search and move ordering),
//! [`with_checks`](RandomTree::with_checks) (some positions are "in check") and
//! [`with_null_moves`](RandomTree::with_null_moves) (passing is allowed when not in check) and
//! [`with_extra_turns`](RandomTree::with_extra_turns) (after some moves the same player moves
//! again, as in Dots and Boxes), [`with_chance`](RandomTree::with_chance) (Ballard's regular
//! *-minimax trees: a chance node after every move) and
//! [`with_incremental_values`](RandomTree::with_incremental_values) (values that accumulate along
//! the path, so that shallow values predict deep ones and move ordering has something to learn).
//! Every move has a [`history_index`](Game::history_index) (its
//! number) and a [`static_exchange`](Game::static_exchange) (one of −300, −200, −100, 0 and
//! +100, drawn from the hash: for SEE pruning and `qs-see`).
//!
//! [`with_leaf_values`]: RandomTree::with_leaf_values

use crate::{Evaluate, Game, MoveList, Player, Score, ZobristHash};

/// A node of a seeded random game tree. See the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTree {
    hash: u64,
    branching: u32,
    /// Plies left to the leaves.
    depth: u32,
    ply: u32,
    max_value: i32,
    /// Best-first trees: this node's exact value for its side to move.
    assigned_value: Option<i32>,
    /// Percentage of moves that are noisy.
    noisy_percent: u8,
    /// Percentage of positions that are in check.
    check_percent: u8,
    /// Whether a null move is allowed (when not in check).
    has_null_move: bool,
    /// Percentage of moves after which the same player moves again.
    extra_turn_percent: u8,
    /// Chance levels: outcomes per chance node (`0`: none) ...
    chance_outcomes: u32,
    /// ... their largest weight (weights drawn from `1..=max`; `1`: equally likely) ...
    chance_max_weight: u32,
    /// ... and whether nature moves in this position.
    at_chance: bool,
    /// Incremental values: the first player's running sum of the moves' increments.
    incremental: Option<i32>,
    /// The side to move.
    to_move: Player,
}

/// Salts that separate the independent hash-derived properties of a node.
const NOISY_SALT: u64 = 0x6E01_5E00;
const HINT_SALT: u64 = 0x0817_0000;
const CHECK_SALT: u64 = 0xC4EC_0000;
const NULL_SALT: u64 = 0x0000_4E55_4C4C;
const EXTRA_TURN_SALT: u64 = 0xE7_7A00;
const CHANCE_SALT: u64 = 0xD1CE_0000;
const EXCHANGE_SALT: u64 = 0x5EE0_0000;
const CORRECTION_SALT: u64 = 0xC022_0000;

/// Largest extra value a non-first child of a best-first tree gets over the first child.
const BEST_FIRST_SPREAD: u64 = 20;

/// The SplitMix64 finaliser: a cheap, well-mixed hash of a 64-bit value.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl RandomTree {
    /// The root of a tree of `branching` moves per node and `depth` plies, with leaf values
    /// uniformly in `-100..=100`.
    #[must_use]
    pub fn new(seed: u64, branching: u32, depth: u32) -> Self {
        RandomTree {
            hash: mix(seed),
            branching,
            depth,
            ply: 0,
            max_value: 100,
            assigned_value: None,
            noisy_percent: 0,
            check_percent: 0,
            has_null_move: false,
            extra_turn_percent: 0,
            chance_outcomes: 0,
            chance_max_weight: 1,
            at_chance: false,
            incremental: None,
            to_move: Player::First,
        }
    }

    /// The root of a tree whose every node searches its best move first.
    #[must_use]
    pub fn best_first(seed: u64, branching: u32, depth: u32) -> Self {
        let hash = mix(seed);
        RandomTree {
            assigned_value: Some((hash % 201) as i32 - 100),
            ..RandomTree::new(seed, branching, depth)
        }
    }

    /// Draws leaf values from `-max..=max` instead (random trees only).
    #[must_use]
    pub fn with_leaf_values(mut self, max: u32) -> Self {
        self.max_value = max.min(Score::MAX_EVAL.raw() as u32 / 2) as i32;
        self
    }

    /// Makes about `percent`% of moves noisy ([`Game::is_noisy`]); noisy moves get a positive
    /// [`order_hint`](Game::order_hint), quiet ones `0`. Searched below its nominal depth, such
    /// a tree gives quiescence search something to follow down to the real leaves.
    #[must_use]
    pub fn with_noisy_moves(mut self, percent: u8) -> Self {
        self.noisy_percent = percent.min(100);
        self
    }

    /// Puts about `percent`% of positions "in check" ([`Game::is_in_check`]).
    #[must_use]
    pub fn with_checks(mut self, percent: u8) -> Self {
        self.check_percent = percent.min(100);
        self
    }

    /// Allows a null move ([`Game::null_move`]) in positions that are not leaves and not in check:
    /// a pass to a fresh subtree one ply shorter.
    #[must_use]
    pub fn with_null_moves(mut self) -> Self {
        self.has_null_move = true;
        self
    }

    /// After about `percent`% of moves the same player moves again (an extra turn): the tree no
    /// longer alternates, which is what the negamax-form searchers must get right (negate only
    /// when the side to move changes). In a best-first tree the first child stays the strictly
    /// best move.
    #[must_use]
    pub fn with_extra_turns(mut self, percent: u8) -> Self {
        self.extra_turn_percent = percent.min(100);
        self
    }

    /// Ballard's regular *-minimax trees: after every move of a player, nature moves, with
    /// `outcomes` outcomes (at least 1) of weights drawn from `1..=max_weight` (`1`: equally
    /// likely), before the next player moves: max, chance, min, chance, ... Chance levels count
    /// as plies of the depth, as in Ballard's trees. Random trees only (a best-first tree
    /// becomes a random one).
    #[must_use]
    pub fn with_chance(mut self, outcomes: u32, max_weight: u32) -> Self {
        self.chance_outcomes = outcomes.max(1);
        self.chance_max_weight = max_weight.max(1);
        self.assigned_value = None;
        self
    }

    /// Values that accumulate along the path: every move (and chance outcome) adds an increment
    /// drawn from `-max..=max` (see [`with_leaf_values`](RandomTree::with_leaf_values)) to the
    /// first player's running value, and a node's value is that sum. A shallow search then
    /// predicts a deep one, as an evaluation does in a real game: iterative deepening, the
    /// transposition table and history have an order to learn. Random trees only.
    #[must_use]
    pub fn with_incremental_values(mut self) -> Self {
        self.incremental = Some(0);
        self.assigned_value = None;
        self
    }

    /// Whether playing `mv` here gives the same player another move.
    fn is_extra_turn(&self, mv: u32) -> bool {
        mix(self.hash ^ EXTRA_TURN_SALT ^ u64::from(mv)) % 100 < u64::from(self.extra_turn_percent)
    }

    /// This node's static value for its side to move: the leaf value of a random tree (noise at
    /// interior nodes), the exact minimax value of a best-first tree.
    #[must_use]
    pub fn value(&self) -> i32 {
        match (self.assigned_value, self.incremental) {
            (Some(value), _) => value,
            (None, Some(sum)) => sum * self.to_move.sign(),
            (None, None) => self.leaf_draw(0x5EED),
        }
    }

    /// A value drawn from `-max..=max` by this node's hash and `salt`.
    fn leaf_draw(&self, salt: u64) -> i32 {
        (mix(self.hash ^ salt) % (2 * self.max_value as u64 + 1)) as i32 - self.max_value
    }

    /// Distance from the root.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }
}

impl Game for RandomTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        if self.depth > 0 {
            let count = if self.at_chance {
                self.chance_outcomes
            } else {
                self.branching
            };
            moves.extend(0..count);
        }
    }

    fn play(&self, mv: u32) -> Self {
        let hash = mix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        let incremental = self.incremental.map(|sum| {
            let child = RandomTree { hash, ..*self };
            sum + child.leaf_draw(0x1AC5)
        });
        if self.at_chance {
            // Nature's move: the same player moves next, at a decision node.
            return RandomTree {
                hash,
                depth: self.depth - 1,
                ply: self.ply + 1,
                at_chance: false,
                incremental,
                ..*self
            };
        }
        let extra_turn = self.is_extra_turn(mv);
        let assigned_value = self.assigned_value.map(|value| {
            // The first child is worth exactly -value to the opponent (so it is our best move);
            // the others are worth strictly more to the opponent, hence strictly worse for us.
            // After an extra turn the child is ours: worth value, the others strictly less.
            let extra = if mv == 0 {
                0
            } else {
                1 + (hash % BEST_FIRST_SPREAD) as i32
            };
            if extra_turn { value - extra } else { -value + extra }
        });
        RandomTree {
            hash,
            depth: self.depth - 1,
            ply: self.ply + 1,
            assigned_value,
            at_chance: self.chance_outcomes > 0,
            incremental,
            to_move: if extra_turn {
                self.to_move
            } else {
                self.to_move.opponent()
            },
            ..*self
        }
    }

    fn outcome(&self, _legal_moves: usize) -> Option<crate::Outcome> {
        None
    }

    fn null_move(&self) -> Option<Self> {
        (self.has_null_move && self.depth > 0 && !self.is_in_check()).then(|| RandomTree {
            hash: mix(self.hash ^ NULL_SALT),
            depth: self.depth - 1,
            ply: self.ply + 1,
            assigned_value: self.assigned_value.map(|value| -value),
            to_move: self.to_move.opponent(),
            ..*self
        })
    }

    fn is_in_check(&self) -> bool {
        mix(self.hash ^ CHECK_SALT) % 100 < u64::from(self.check_percent)
    }

    fn is_noisy(&self, mv: u32) -> bool {
        mix(self.hash ^ NOISY_SALT ^ u64::from(mv)) % 100 < u64::from(self.noisy_percent)
    }

    fn order_hint(&self, mv: u32) -> i32 {
        if self.is_noisy(mv) {
            1 + (mix(self.hash ^ HINT_SALT ^ u64::from(mv)) % 100) as i32
        } else {
            0
        }
    }

    fn history_index(&self, mv: u32) -> Option<u16> {
        u16::try_from(mv).ok()
    }

    fn static_exchange(&self, mv: u32) -> Option<i32> {
        Some((mix(self.hash ^ EXCHANGE_SALT ^ u64::from(mv)) % 5) as i32 * 100 - 300)
    }

    /// One of 16 keys, so that many positions share one (as chess positions share their pawns).
    fn correction_key(&self) -> Option<u64> {
        Some(mix(self.hash ^ CORRECTION_SALT) % 16)
    }

    const HAS_CHANCE: bool = true;

    fn is_chance(&self) -> bool {
        self.at_chance
    }

    fn chance_weight(&self, outcome: u32) -> u32 {
        if self.chance_max_weight <= 1 {
            return 1;
        }
        1 + (mix(self.hash ^ CHANCE_SALT ^ u64::from(outcome)) % u64::from(self.chance_max_weight)) as u32
    }

    /// The largest value a node of a chance tree can have: `max`, or `max` per ply with
    /// incremental values. Without chance levels, `MAX_EVAL`: every value is a static one (a
    /// random tree never ends in a decided result), clamped there anyway.
    fn value_bound(&self) -> Score {
        // (`with_chance` makes a best-first tree a random one: no assigned values here.)
        match self.incremental {
            _ if self.chance_outcomes == 0 => Score::MAX_EVAL,
            Some(_) => Score::cp(self.max_value.saturating_mul((self.ply + self.depth) as i32)),
            None => Score::cp(self.max_value),
        }
    }
}

impl ZobristHash for RandomTree {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// A move is its number (below the branching, or the number of outcomes).
    fn move_code(&self, mv: u32) -> Option<u32> {
        Some(mv)
    }
}

/// The evaluator of [`RandomTree`]: its [`value`](RandomTree::value).
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeValue;

impl Evaluate<RandomTree> for TreeValue {
    fn evaluate(&self, game: &RandomTree) -> Score {
        Score::cp(game.value())
    }
}

/// A [`RandomTree`] searched in **perfect order**: every decision node ranks its moves by their
/// exact values ([`Game::order_hint`]), best first, as an oracle would. With chance levels this is
/// Ballard's "optimal ordering", under which Star2's probes see each outcome's best move first.
///
/// The exact values are computed once, for the whole tree at one search depth, when the wrapper
/// is built (expectiminimax over every node: a tree of a few million nodes at most), and shared by
/// every position of the tree. Searching the wrapper deeper than that depth is correct but no
/// longer perfectly ordered. Evaluated by [`TreeValue`], like the tree itself.
///
/// ```
/// use search_core::engine::{ChancePruning, Config, Engine};
/// use search_core::random_tree::{PerfectOrder, RandomTree, TreeValue};
/// use search_core::{Limits, Searcher};
///
/// let tree = RandomTree::new(1, 5, 5).with_chance(5, 1);
/// let ordered = PerfectOrder::new(tree, 5);
/// let star = |pruning| Config { chance: Some(pruning), ..Config::PLAIN };
/// let nodes = |pruning| Engine::with_config(TreeValue, star(pruning)).search(&ordered, &Limits::depth(5));
/// let (star1, star2) = (nodes(ChancePruning::Star1), nodes(ChancePruning::Star2));
/// assert_eq!(star1.score, star2.score);
/// // The probes find each outcome's best move first: Star2 cuts far more.
/// assert!(star2.stats.nodes * 2 < star1.stats.nodes);
/// ```
#[derive(Clone)]
pub struct PerfectOrder {
    tree: RandomTree,
    /// Every node's exact value for its side to move, by hash.
    values: std::sync::Arc<std::collections::HashMap<u64, Score>>,
}

impl std::fmt::Debug for PerfectOrder {
    /// The position, and how many exact values the oracle holds (not the values: millions).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerfectOrder")
            .field("tree", &self.tree)
            .field("values", &self.values.len())
            .finish()
    }
}

impl PerfectOrder {
    /// `tree`, its moves ordered by their exact values at search depth `depth`.
    #[must_use]
    pub fn new(tree: RandomTree, depth: u32) -> Self {
        let mut values = std::collections::HashMap::new();
        exact_value(&tree, depth, 0, &mut values);
        PerfectOrder {
            tree,
            values: std::sync::Arc::new(values),
        }
    }

    /// The position as a plain [`RandomTree`].
    #[must_use]
    pub fn tree(&self) -> &RandomTree {
        &self.tree
    }
}

/// The expectiminimax value of `tree` for its side to move, searched `depth` plies deep, with
/// every node's value recorded in `values`.
fn exact_value(
    tree: &RandomTree,
    depth: u32,
    ply: u32,
    values: &mut std::collections::HashMap<u64, Score>,
) -> Score {
    let mut moves = MoveList::new();
    tree.generate_moves(&mut moves);
    let for_us = |child: &RandomTree, value: Score| {
        if child.to_move() == tree.to_move() {
            value
        } else {
            -value
        }
    };
    let value = if let Some(outcome) = tree.outcome(moves.len()) {
        crate::outcome_score(outcome, ply)
    } else if depth == 0 || moves.is_empty() {
        crate::static_score(&TreeValue, tree)
    } else if tree.is_chance() {
        let mut mean = crate::chance::Expectation::default();
        for &outcome in moves.iter() {
            let child = tree.play(outcome);
            let value = exact_value(&child, depth - 1, ply + 1, values);
            mean.add(tree.chance_weight(outcome), for_us(&child, value));
        }
        mean.value()
    } else {
        let mut best = -Score::INFINITY;
        for &mv in moves.iter() {
            let child = tree.play(mv);
            let value = exact_value(&child, depth - 1, ply + 1, values);
            best = best.max(for_us(&child, value));
        }
        best
    };
    values.insert(tree.zobrist(), value);
    value
}

impl Game for PerfectOrder {
    type Move = u32;
    const HAS_CHANCE: bool = true;

    fn to_move(&self) -> Player {
        self.tree.to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        self.tree.generate_moves(moves);
    }
    fn play(&self, mv: u32) -> Self {
        PerfectOrder {
            tree: self.tree.play(mv),
            values: std::sync::Arc::clone(&self.values),
        }
    }
    /// The tree's move; the oracle is shared as it is (no second count of the `Arc`).
    fn play_in_place(&mut self, mv: u32) {
        self.tree = self.tree.play(mv);
    }
    fn outcome(&self, legal_moves: usize) -> Option<crate::Outcome> {
        self.tree.outcome(legal_moves)
    }
    fn null_move(&self) -> Option<Self> {
        self.tree.null_move().map(|tree| PerfectOrder {
            tree,
            values: std::sync::Arc::clone(&self.values),
        })
    }
    fn is_in_check(&self) -> bool {
        self.tree.is_in_check()
    }
    fn is_noisy(&self, mv: u32) -> bool {
        self.tree.is_noisy(mv)
    }
    /// The move's exact value for the side to move, shifted to be positive (so that the
    /// engine's hint tier ranks every move by it); 0 at chance nodes.
    fn order_hint(&self, mv: u32) -> i32 {
        if self.tree.is_chance() {
            return 0;
        }
        let child = self.tree.play(mv);
        let value = self.values.get(&child.zobrist()).copied().unwrap_or(Score::DRAW);
        let value = if child.to_move() == self.tree.to_move() {
            value
        } else {
            -value
        };
        value.raw() + Score::MAX_DECIDED.raw() + 1
    }
    fn history_index(&self, mv: u32) -> Option<u16> {
        self.tree.history_index(mv)
    }
    fn continuation_index(&self, mv: u32) -> Option<u16> {
        self.tree.continuation_index(mv)
    }
    fn static_exchange(&self, mv: u32) -> Option<i32> {
        self.tree.static_exchange(mv)
    }
    fn correction_key(&self) -> Option<u64> {
        self.tree.correction_key()
    }
    fn is_chance(&self) -> bool {
        self.tree.is_chance()
    }
    fn chance_weight(&self, outcome: u32) -> u32 {
        self.tree.chance_weight(outcome)
    }
    fn value_bound(&self) -> Score {
        self.tree.value_bound()
    }
}

impl ZobristHash for PerfectOrder {
    fn zobrist(&self) -> u64 {
        self.tree.zobrist()
    }

    fn move_code(&self, mv: u32) -> Option<u32> {
        self.tree.move_code(mv)
    }
}

impl Evaluate<PerfectOrder> for TreeValue {
    fn evaluate(&self, game: &PerfectOrder) -> Score {
        self.evaluate(&game.tree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_tree() {
        let a = RandomTree::new(42, 4, 5).play(2).play(3);
        let b = RandomTree::new(42, 4, 5).play(2).play(3);
        assert_eq!(a, b);
        assert_eq!(a.value(), b.value());
        assert_ne!(a.zobrist(), RandomTree::new(43, 4, 5).play(2).play(3).zobrist());
    }

    #[test]
    fn leaves_have_no_moves_and_values_in_range() {
        let tree = RandomTree::new(5, 3, 1).with_leaf_values(2);
        let mut moves = MoveList::new();
        tree.generate_moves(&mut moves);
        assert_eq!(moves.len(), 3);
        for &mv in moves.iter() {
            let leaf = tree.play(mv);
            let mut none = MoveList::new();
            leaf.generate_moves(&mut none);
            assert!(none.is_empty());
            assert!((-2..=2).contains(&leaf.value()));
            assert_eq!(leaf.to_move(), Player::Second);
        }
    }

    #[test]
    fn best_first_children_are_ordered() {
        let root = RandomTree::best_first(9, 4, 3);
        let first = -root.play(0).value();
        assert_eq!(first, root.value());
        for mv in 1..4 {
            assert!(-root.play(mv).value() < first);
        }
    }
}
