//! What the games' test binaries share.

use search_core::{Game, MoveList};

/// Positions reached by seeded random play from `start`, one per seed in `0..count`: `plies(seed)`
/// random moves, fewer if the game ends first. With `open`, a move that would end the game is
/// played only when every move does, so the positions stay open.
pub fn seeded<G: Game>(start: &G, count: u64, plies: impl Fn(u64) -> u64, open: bool) -> Vec<G> {
    (0..count)
        .map(|seed| {
            let mut state = 0x2545_F491_4F6C_DD1D ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut position = start.clone();
            for _ in 0..plies(seed) {
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() || position.outcome(moves.len()).is_some() {
                    break;
                }
                let open_moves: Vec<G::Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| {
                        let child = position.play(mv);
                        let mut replies = MoveList::new();
                        child.generate_moves(&mut replies);
                        !open || child.outcome(replies.len()).is_none()
                    })
                    .collect();
                let choices = if open_moves.is_empty() {
                    moves.as_slice()
                } else {
                    &open_moves
                };
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                position = position.play(choices[(state % choices.len() as u64) as usize]);
            }
            position
        })
        .collect()
}
