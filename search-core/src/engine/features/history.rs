//! The **history heuristic** (Schaeffer 1989, "The history heuristic and alpha-beta search
//! enhancements in practice"; first described by him in 1983): a quiet move that caused cutoffs
//! anywhere in the tree is likely good elsewhere; order quiet moves by how often, and how deep,
//! they did.
//!
//! - **Idea.** A counter per player and per move kind (the game's
//!   [`history_index`](crate::Game::history_index): from-square and to-square in chess), kept by
//!   one of two rules ([`HistoryRule`]):
//!   - **classic** (`history`, Schaeffer's): a quiet move that causes a beta cutoff at depth `d`
//!     gains `d²` (deep cutoffs prune more);
//!   - **gravity** (`history=gravity`, the rule of the modern engines, spread with Stockfish and
//!     Ethereal around 2015-2018; Chess Programming Wiki, "History Heuristic"): the cutoff move
//!     gains a bonus `b = min(32·d², 8192)` and every quiet move searched before it in the node
//!     (the first 64 of them) loses as much (a **malus**: it was tried and did not cut), each update
//!     `h += b − h·|b| / 16 384`, which pulls the counter towards `±16 384` ever more gently: a
//!     counter says how often a move cut *against* how often it was tried, not only how often
//!     it cut, and stays bounded without rescaling.
//!
//!   Quiet moves with a positive counter are searched after the killers, highest first;
//!   with gravity, those with a negative one after every other quiet move, lowest last (see
//!   `ordering.rs`).
//! - **Aging.** Each new search halves every counter, so that old knowledge fades but is not
//!   thrown away; under the classic rule, a counter passing [`HISTORY_MAX`] halves them all too.
//!   A change of rule (a new configuration) empties the table: the rules' scales differ.
//! - **Invariant.** Between calls every counter lies in `0..=HISTORY_MAX` (classic: a reward adds
//!   at most `1024²`, and passing the maximum halves the table) or in
//!   `-GRAVITY_MAX..=GRAVITY_MAX` (gravity: each update moves a counter at most to the bound it
//!   moves towards), so counters never overflow. Ordering only: games without a history index
//!   are simply not ordered by history.
//! - **Exact or value-changing.** Exact, under either rule: only the order changes, never the set
//!   of moves searched (the classic rule is cross-checked in every exact combination, gravity
//!   with the exact preset on random trees with and without extra turns). History pruning (`hp`,
//!   `history_pruning.rs`) reads the gravity counters to skip moves, and is value-changing.
//! - **Cost.** A `2 × 65 536` table of `i32` counters (512 KiB), allocated at the first update and
//!   kept; one lookup per quiet move ordered, one update per quiet cutoff (gravity: one more per
//!   quiet move searched before it), and a pass over the whole table at each aging (once per
//!   search, and under the classic rule whenever a counter overflows).

use crate::engine::feature::{Feature, Kind, Value, choice, exact, no_alias};
use crate::engine::tables::history::HistoryRule;
use crate::engine::tables::gravity::gravity_bonus;
use crate::engine::worker::{MoveAt, Plan, Worker};
use crate::engine::frame::Tried;
use crate::Game;

/// The `history` feature: [`Config::history`](super::Config::history).
pub(super) const HISTORY: Feature<Option<HistoryRule>> = Feature {
    name: "history",
    option: "History",
    summary: "the history heuristic for quiet moves, classic (depth² per cutoff) or gravity (with maluses)",
    kind: Kind::Choice(&["classic", "gravity"]),
    parent: None,
    implied: false,
    get: |rule| {
        rule.map(|rule| match rule {
            HistoryRule::Classic => Value::Choice("classic"),
            HistoryRule::Gravity => Value::Choice("gravity"),
        })
    },
    set: |rule, value| {
        *rule = choice(value).map(|name| match name {
            "gravity" => HistoryRule::Gravity,
            _ => HistoryRule::Classic,
        });
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// Its rank after a cutoff (`worker.rs`'s phase table).
const RANK: u32 = 40;

/// History's part of the plan: a tier of the move picker, and a quiet move that cuts earns
/// history (under gravity's rule, the quiet moves tried before it lose some).
pub(super) fn plan<G: Game, E>(rule: &Option<HistoryRule>, plan: &mut Plan<'_, G, E>) {
    let Some(rule) = *rule else {
        return;
    };
    plan.order.history = Some(rule);
    plan.needs.noisy = true;
    match rule {
        HistoryRule::Classic => plan.after_cutoff(RANK, reward),
        HistoryRule::Gravity => {
            plan.needs.tried_quiets = true;
            plan.after_cutoff(RANK, nudge);
        }
    }
}

/// The classic rule: the quiet move that cut gains `depth²`.
fn reward<G: Game, E>(worker: &mut Worker<'_, G, E>, at: &MoveAt<'_, G>, _: &Tried) {
    if let (false, Some(index)) = (at.candidate.noisy, at.game.history_index(at.mv)) {
        worker
            .history
            .reward(at.game.to_move(), index, at.node.depth);
    }
}

/// Gravity's rule: the quiet move that cut gains, the quiet moves tried before it lose.
fn nudge<G: Game, E>(worker: &mut Worker<'_, G, E>, at: &MoveAt<'_, G>, tried: &Tried) {
    let Some(index) = at.game.history_index(at.mv).filter(|_| !at.candidate.noisy) else {
        return;
    };
    let (player, bonus) = (at.game.to_move(), gravity_bonus(at.node.depth));
    worker.history.nudge(player, index, bonus);
    for &(tried, _) in &tried.quiets {
        if let Some(tried) = tried {
            worker.history.nudge(player, tried, -bonus);
        }
    }
}
