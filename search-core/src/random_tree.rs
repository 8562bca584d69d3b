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
}

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

    /// This node's static value for its side to move: the leaf value of a random tree (noise at
    /// interior nodes), the exact minimax value of a best-first tree.
    #[must_use]
    pub fn value(&self) -> i32 {
        match self.assigned_value {
            Some(value) => value,
            None => (mix(self.hash ^ 0x5EED) % (2 * self.max_value as u64 + 1)) as i32 - self.max_value,
        }
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
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        if self.depth > 0 {
            moves.extend(0..self.branching);
        }
    }

    fn play(&self, mv: u32) -> Self {
        let hash = mix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        let assigned_value = self.assigned_value.map(|value| {
            // The first child is worth exactly -value to the opponent (so it is our best move);
            // the others are worth strictly more to the opponent, hence strictly worse for us.
            let extra = if mv == 0 {
                0
            } else {
                1 + (hash % BEST_FIRST_SPREAD) as i32
            };
            -value + extra
        });
        RandomTree {
            hash,
            depth: self.depth - 1,
            ply: self.ply + 1,
            assigned_value,
            ..*self
        }
    }

    fn outcome(&self, _legal_moves: usize) -> Option<crate::Outcome> {
        None
    }
}

impl ZobristHash for RandomTree {
    fn zobrist(&self) -> u64 {
        self.hash
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
