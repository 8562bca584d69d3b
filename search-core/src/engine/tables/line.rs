//! The repetition line of the `rep` feature (`features/repetition.rs`): the repetition keys of the
//! game history and of the current line's ancestors.

use crate::engine::frame::MAX_SEARCH_PLY;

/// The repetition keys of the game history and of the current line's ancestors (`None` is a
/// barrier: a null move, or a position without a key). See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct Line {
    keys: Vec<Option<u64>>,
}

impl Line {
    /// Starts the line of a new search: the game history before the root if repetition
    /// detection is `on`; empty otherwise.
    pub(crate) fn start(&mut self, on: bool, game_history: &[u64]) {
        self.keys.clear();
        if on {
            self.keys
                .reserve(game_history.len() + MAX_SEARCH_PLY as usize + 1);
            self.keys.extend(game_history.iter().map(|&key| Some(key)));
        }
    }

    /// Whether the position with repetition key `key` already occurred on the line (back to the
    /// last barrier) or in the game history.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.keys
            .iter()
            .rev()
            .map_while(|&entry| entry)
            .any(|earlier| earlier == key)
    }

    /// A node's key goes on the line while its child is searched.
    #[inline]
    pub(crate) fn push(&mut self, key: Option<u64>) {
        self.keys.push(key);
    }

    /// The child returned.
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.keys.pop();
    }
}
