//! **What the features remember**: the state tables, one file each, below the features that read
//! and write them (`features/`) and the worker that holds them (`worker.rs`). Most are read by
//! more than their own feature (the move picker reads the killers, the counter moves and every
//! history; the prunings read the history and the static values), so they sit a floor down,
//! where every reader can reach them without a circle.
//!
//! - learnt across searches, until a new game ([`Tables`]): the transposition table (`tt.rs`)
//!   and the history counters with the continuation, capture and correction histories
//!   (`history.rs`, `continuation.rs`, `capture.rs`, `correction.rs`; the gravity rule they
//!   share in `gravity.rs`);
//! - started afresh by every search (held by `search_state.rs`): the principal-variation table
//!   (`pv.rs`), the repetition line (`line.rs`), the killers (`killers.rs`), the counter moves
//!   and the line's moves (`counters.rs`), the line's static values (`static_values.rs`), and on
//!   several threads the moves being searched (`busy.rs`);
//! - where a position's entry is (`key.rs`).

pub(crate) mod busy;
pub(crate) mod capture;
pub(crate) mod continuation;
pub(crate) mod correction;
pub(crate) mod counters;
pub(crate) mod gravity;
pub(crate) mod history;
pub(crate) mod key;
pub(crate) mod killers;
pub(crate) mod line;
pub(crate) mod pv;
pub(crate) mod static_values;
pub mod tt;

use crate::Game;
use history::History;
use key::Hasher;
use tt::{TableConfig, TranspositionTable};

/// What the engine learns across searches, until [`Engine::new_game`](super::Engine::new_game).
pub(crate) struct Tables<G: Game> {
    /// The transposition table, if the configuration has one.
    pub(crate) tt: Option<TranspositionTable>,
    /// The position hash and the game's move codes, captured where a configuration with a table
    /// was given (so `G: ZobristHash` is needed only there).
    pub(crate) hasher: Option<Hasher<G>>,
    /// The history counters.
    pub(crate) history: History,
}

impl<G: Game> Default for Tables<G> {
    fn default() -> Self {
        Tables {
            tt: None,
            hasher: None,
            history: History::default(),
        }
    }
}

impl<G: Game> Tables<G> {
    /// Makes the table match `table` and its budget of `mib` MiB (the engine's
    /// [`Resources`](crate::Resources)): dropped if `None`, allocated if missing, reallocated
    /// only if its size changed (so changing another option keeps what it learnt, and there is
    /// never more than one table alive).
    pub(crate) fn configure(&mut self, table: Option<&TableConfig>, mib: usize) {
        match table {
            None => self.tt = None,
            Some(_) => {
                if self.tt.as_ref().is_none_or(|tt| tt.mib() != mib) {
                    self.tt = None; // free the old table before allocating the new one
                    self.tt = Some(TranspositionTable::new(mib));
                }
            }
        }
    }

    /// Forgets everything learnt.
    pub(crate) fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.history.clear();
    }
}
