//! [`order_by_hint`]: the game's own move order, applied by the searcher at a node that searches
//! its moves (the function's documentation gives the idea, invariant and cost).

use arrayvec::ArrayVec;

use crate::{Game, INLINE_MOVES};

/// Sorts `moves` of `game` best first by [`Game::order_hint`], stably (equal hints keep their
/// order).
///
/// - **Idea.** A game generates its moves cheaply, in whatever order its generator produces
///   them, and ranks them separately with [`Game::order_hint`] (MVV-LVA captures in chess, or
///   one of the thesis's generation orders). A searcher ranks a node's moves only when it is about
///   to search them: a horizon node needs nothing but the number of moves, and ranking them there
///   would be most of the search's cost (in chess, sorting at every node cost 1.9× a whole
///   hand-written search).
/// - **Invariant.** The moves end up sorted by descending hint, **stably**: moves with equal hints
///   keep generation order. For a game without hints (every hint `0`) nothing moves.
/// - **Exact or value-changing.** Exact: the order changes how much alpha-beta prunes, never a
///   value; among several best moves, the first in this order is the one a searcher returns.
/// - **Cost.** One hint per move; when the hints differ, one pass that sets aside the moves
///   ranked above the lowest hint (a handful of captures among the quiet moves, typically) and
///   an insertion sort of those few: linear in the moves, quadratic only in the ranked ones.
///   Nothing is allocated (a list longer than [`INLINE_MOVES`] is the exception).
///
/// ```
/// use search_core::{order_by_hint, Game, MoveList, Outcome, Player};
///
/// // A pile game whose hint prefers taking more.
/// #[derive(Clone)]
/// struct Pile(u32);
/// impl Game for Pile {
///     type Move = u32;
///     fn to_move(&self) -> Player { Player::First }
///     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.0.min(3)) }
///     fn play(&self, take: u32) -> Self { Pile(self.0 - take) }
///     fn outcome(&self, moves: usize) -> Option<Outcome> { (moves == 0).then_some(Outcome::Loss) }
///     fn order_hint(&self, take: u32) -> i32 { take.min(2) as i32 }
/// }
///
/// let mut moves = MoveList::new();
/// Pile(5).generate_moves(&mut moves);
/// assert_eq!(moves.as_slice(), &[1, 2, 3]);
/// order_by_hint(&Pile(5), &mut moves);
/// assert_eq!(moves.as_slice(), &[2, 3, 1]); // 2 and 3 tie: generation order between them
/// ```
pub fn order_by_hint<G: Game>(game: &G, moves: &mut [G::Move]) {
    if moves.len() < 2 {
        return;
    }
    if moves.len() > INLINE_MOVES {
        // A rare giant list: let the standard (stable) sort allocate.
        moves.sort_by_cached_key(|&mv| std::cmp::Reverse(game.order_hint(mv)));
        return;
    }
    // A game without hints, or a node whose moves all rank alike: nothing moves, and no table
    // of hints is set up (on tic-tac-toe its 1 KiB cost more than the search's own work).
    let first = game.order_hint(moves[0]);
    let mut differs = 1;
    let other = loop {
        match moves.get(differs) {
            None => return,
            Some(&mv) => {
                let hint = game.order_hint(mv);
                if hint != first {
                    break hint;
                }
                differs += 1;
            }
        }
    };
    // A plain array (an `ArrayVec`'s checked pushes showed in the profile); each hint is
    // asked for once.
    let mut hints = [0i32; INLINE_MOVES];
    hints[..differs].fill(first);
    hints[differs] = other;
    let mut lowest = first.min(other);
    for (hint, &mv) in hints[differs + 1..moves.len()]
        .iter_mut()
        .zip(&moves[differs + 1..])
    {
        *hint = game.order_hint(mv);
        lowest = lowest.min(*hint);
    }
    // A stable partition: the moves ranked above the lowest hint (in chess, the few captures and
    // promotions among many quiet moves) are set aside in generation order, the others close up
    // in theirs and move to the back.
    let mut ranked: ArrayVec<(i32, G::Move), INLINE_MOVES> = ArrayVec::new();
    let mut unranked = 0;
    for read in 0..moves.len() {
        if hints[read] > lowest {
            ranked.push((hints[read], moves[read]));
        } else {
            moves[unranked] = moves[read];
            unranked += 1;
        }
    }
    moves.copy_within(0..unranked, ranked.len());
    // Then an insertion sort of the ranked few, each going left past every move with a strictly
    // lower hint (so equal hints keep their order), written to the front.
    for next in 1..ranked.len() {
        let entry = ranked[next];
        let mut slot = next;
        while slot > 0 && ranked[slot - 1].0 < entry.0 {
            ranked[slot] = ranked[slot - 1];
            slot -= 1;
        }
        ranked[slot] = entry;
    }
    for (place, &(_, mv)) in moves.iter_mut().zip(ranked.iter()) {
        *place = mv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_tree::RandomTree;
    use crate::{MoveList, Outcome, Player};

    /// A one-node game whose moves are numbers and whose hint is a table lookup.
    #[derive(Clone)]
    struct Hinted(Vec<i32>);

    impl Game for Hinted {
        type Move = usize;
        fn to_move(&self) -> Player {
            Player::First
        }
        fn generate_moves(&self, moves: &mut MoveList<usize>) {
            moves.extend(0..self.0.len());
        }
        fn play(&self, _: usize) -> Self {
            Hinted(Vec::new())
        }
        fn outcome(&self, _: usize) -> Option<Outcome> {
            None
        }
        fn order_hint(&self, mv: usize) -> i32 {
            self.0[mv]
        }
    }

    fn ordered(hints: &[i32]) -> Vec<usize> {
        let game = Hinted(hints.to_vec());
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        order_by_hint(&game, &mut moves);
        moves.to_vec()
    }

    #[test]
    fn sorts_by_descending_hint_keeping_ties_in_generation_order() {
        let cases: [(&[i32], &[usize]); 6] = [
            (&[], &[]),
            (&[5], &[0]),
            (&[0, 0, 0], &[0, 1, 2]),
            (&[0, 3, 0, 7, 3], &[3, 1, 4, 0, 2]),
            (&[-1, 0, -1, 2], &[3, 1, 0, 2]),
            (&[i32::MIN, i32::MAX, 0], &[1, 2, 0]),
        ];
        for (hints, expected) in cases {
            assert_eq!(ordered(hints), expected, "hints {hints:?}");
        }
    }

    #[test]
    fn equals_the_standard_stable_sort_on_long_and_spilled_lists() {
        for len in [40, INLINE_MOVES, INLINE_MOVES + 30] {
            let hints: Vec<i32> = (0..len).map(|i| ((i * 7919) % 11) as i32 - 5).collect();
            let mut expected: Vec<usize> = (0..len).collect();
            expected.sort_by_key(|&i| std::cmp::Reverse(hints[i]));
            assert_eq!(ordered(&hints), expected, "{len} moves");
        }
    }

    proptest::proptest! {
        /// Any hints, ties and lengths (spilled lists too): the standard stable sort's order.
        #[test]
        fn equals_the_standard_stable_sort(hints in proptest::collection::vec(-3i32..4, 0..300)) {
            let mut expected: Vec<usize> = (0..hints.len()).collect();
            expected.sort_by_key(|&i| std::cmp::Reverse(hints[i]));
            proptest::prop_assert_eq!(ordered(&hints), expected);
        }
    }

    #[test]
    fn random_tree_hints_put_noisy_moves_first() {
        let tree = RandomTree::new(11, 6, 3).with_noisy_moves(50);
        let mut moves = MoveList::new();
        tree.generate_moves(&mut moves);
        order_by_hint(&tree, &mut moves);
        let hints: Vec<i32> = moves.iter().map(|&mv| tree.order_hint(mv)).collect();
        assert!(hints.windows(2).all(|pair| pair[0] >= pair[1]), "{hints:?}");
    }
}
