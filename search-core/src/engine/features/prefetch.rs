//! **Sibling prefetch**: once a node's first move has failed to cut it, start loading the table
//! buckets of all its other children at once, so that their misses overlap instead of coming one
//! child at a time.
//!
//! - **Idea.** A probe of a large table waits on memory. Each node already starts loading its own
//!   bucket when it computes its key (`node.rs`), which the move generation overlaps; but the
//!   children of a node are searched one after another, so their loads still come one by one. A
//!   node whose first move did not cut it is probably an all-node (Knuth & Moore's type 3), where
//!   every move will be searched: asking for every child's bucket then costs a play and a hash
//!   per child and lets the processor fetch them together. Stockfish prefetches the one child it
//!   is about to search (in `do_move`); this asks for the siblings still to come.
//! - **Invariant.** Only a hint to the processor ([`crate::memory`]'s prefetch): it reads nothing
//!   the search sees, so the nodes, the values and the moves are those of the search without it
//!   (the tests compare the two node by node).
//! - **Exact or value-changing.** Exact.
//! - **Cost.** At every node at least two plies above the horizon whose first move failed to
//!   cut: a clone, a play and a key per other move. It pays where a play is cheap and the table
//!   is far larger than the caches: a `Kalah(6, 4)` solve, 512 MiB, takes about 10% less time
//!   on one thread and 5% on two (the two threads already keep the memory busy; the book's
//!   solving page has the runs), and Connect Four's bench 2.34 times the peer crate's time
//!   instead of 2.63; a chess node's thirty-odd children are dearer to play, so no chess preset
//!   turns it on.
//! - **Source.** Software prefetching of transposition-table entries as in Stockfish
//!   (`prefetch(TT.first_entry(key))` after a move is made); the all-node condition from
//!   Knuth & Moore, "An analysis of alpha-beta pruning", Artificial Intelligence 6 (1975).

use crate::engine::feature::{Feature, Kind, exact, flag, no_alias};
use crate::engine::frame::Node;
use super::tt::{TableConfig, table};
use crate::Game;
use crate::engine::tables::key::table_key;
use crate::engine::worker::Plan;

/// The `prefetch` feature: [`TableConfig::prefetch`].
pub(super) const PREFETCH: Feature<Option<TableConfig>> = Feature {
    name: "prefetch",
    option: "TT Prefetch",
    summary: "once a node's first move fails to cut, load every other child's table bucket at once (exact)",
    kind: Kind::Flag,
    parent: Some("tt"),
    implied: false,
    get: |part| part.and_then(|t| flag(t.prefetch)),
    set: |part, value| {
        table(part).prefetch = value.is_some();
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Whether `node`, whose first move has just failed to cut it, asks for its other children's
/// buckets: with the feature on, and at least two plies above the horizon (a child one ply
/// above it does not probe the table).
#[inline]
pub(super) fn applies(table: &TableConfig, node: &Node) -> bool {
    table.prefetch && node.depth >= 2
}

/// Asks for the bucket of every child of `game` by `moves` except the one by `searched`
/// (`bucket` starts loading a child's bucket).
#[inline]
pub(super) fn siblings<G: Game>(game: &G, moves: &[G::Move], searched: G::Move, bucket: impl Fn(&G)) {
    for &mv in moves {
        if mv != searched {
            let mut child = game.clone();
            child.play_in_place(mv);
            bucket(&child);
        }
    }
}

/// Its rank once the first move failed to cut (`worker.rs`'s phase table).
const RANK: u32 = 10;

/// The prefetch's part of the plan: once a node's first move failed to cut, every other
/// child's bucket on its way.
pub(super) fn plan<G: Game, E>(table: &Option<TableConfig>, plan: &mut Plan<'_, G, E>) {
    let Some(table) = table.filter(|table| table.prefetch) else {
        return;
    };
    {
        plan.after_first_move(RANK, move |worker, game, node, moves, searched| {
            let (Some(tt), Some(hasher)) = (&worker.table, worker.hasher) else {
                return;
            };
            if applies(&table, node) {
                siblings(game, moves, searched, |child| {
                    tt.prefetch(table_key(hasher, child, node.ply + 1).hash);
                });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::{applies, siblings};
    use crate::engine::frame::Node;
    use crate::engine::tt::{DepthPolicy, TableConfig};
    use crate::random_tree::RandomTree;
    use crate::{Game, MoveList, Score, ZobristHash};

    #[test]
    fn asks_for_the_other_children_only_where_they_will_probe() {
        let on = TableConfig {
            prefetch: true,
            ..TableConfig::new(DepthPolicy::AnyDepth)
        };
        let off = TableConfig::new(DepthPolicy::AnyDepth);
        let at = |depth| Node::root(depth, (Score::DRAW, Score::from_raw(1)), None);
        // A child one ply above the horizon computes no key: its parent asks for nothing.
        assert!(applies(&on, &at(2)) && applies(&on, &at(30)));
        assert!(!applies(&on, &at(1)) && !applies(&off, &at(2)));

        let game = RandomTree::new(3, 6, 4);
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        assert!(moves.len() >= 3);
        let searched = moves[1];
        let asked = RefCell::new(Vec::new());
        siblings(&game, &moves, searched, |child| {
            asked.borrow_mut().push(child.zobrist())
        });
        let others: Vec<u64> = moves
            .iter()
            .filter(|&&mv| mv != searched)
            .map(|&mv| game.play(mv).zobrist())
            .collect();
        assert_eq!(asked.into_inner(), others);
    }
}
