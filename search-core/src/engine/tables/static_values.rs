//! The static values of the nodes on the current line, for the `improving` feature
//! (`features/improving.rs`): whether the side to move's static value rose since its last turn.

use crate::{Player, Score};

/// [module documentation](self).
#[derive(Clone, Debug)]
pub(crate) struct StaticValues {
    /// Per ply: the side to move and its static value, if known.
    values: Vec<Option<(Player, Score)>>,
}

impl StaticValues {
    /// An empty line of `plies` plies.
    pub(crate) fn new(plies: usize) -> Self {
        StaticValues {
            values: vec![None; plies],
        }
    }

    /// Forgets the line (a new search).
    pub(crate) fn clear(&mut self) {
        self.values.fill(None);
    }

    /// Records the static value of `player`'s node at `ply` (`None`: not known), and says
    /// whether it is improving: `Some(true)` if it is above the value of the node two plies up
    /// where `player` was to move too, `Some(false)` if not above, `None` if either is unknown.
    pub(crate) fn record(&mut self, ply: u32, player: Player, value: Option<Score>) -> Option<bool> {
        let ply = ply as usize;
        let slot = self.values.get_mut(ply)?;
        *slot = value.map(|value| (player, value));
        let value = value?;
        let (before, earlier) = (*self.values.get(ply.checked_sub(2)?)?)?;
        (before == player).then_some(value > earlier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_improves_on_the_same_sides_value_two_plies_up() {
        let mut line = StaticValues::new(8);
        // (ply, side to move, static value, improving)
        let table = [
            (0, Player::First, Some(10), None),
            (1, Player::Second, Some(-10), None),
            (2, Player::First, Some(30), Some(true)),
            (3, Player::Second, Some(-40), Some(false)),
            (4, Player::First, Some(30), Some(false)),
            (5, Player::Second, None, None),
            // Unknown two plies up: nothing known.
            (7, Player::Second, Some(0), None),
            // An extra turn: the same side at plies 5 and 6, the other side two plies up.
            (5, Player::First, Some(50), None),
            (6, Player::First, Some(60), Some(true)),
            (7, Player::First, Some(40), Some(false)),
            // Beyond the line's plies: ignored.
            (8, Player::First, Some(90), None),
        ];
        for (ply, player, value, improving) in table {
            assert_eq!(
                line.record(ply, player, value.map(Score::cp)),
                improving,
                "ply {ply}, {player:?}, {value:?}"
            );
        }
        line.clear();
        assert_eq!(line.record(2, Player::First, Some(Score::cp(99))), None);
    }
}
