//! Nim, the smallest interesting game, plugged into `search-core`.
//!
//! Some heaps of matches; a move takes one or more matches from one heap; whoever takes the last
//! match wins. Play it in the terminal with `cargo run --release --example nim` (the front-end
//! lives in the repository's `examples/nim.rs`): a heap number and a count per move (`2 3`: three
//! from heap 2), parsed by [`Nim::parse_move`].
//!
//! Nim's exact value is known in closed form (Bouton 1901): the side to move loses with perfect
//! play exactly when the **nim-sum**, the XOR of the heap sizes, is zero. The tests check every
//! searcher against that formula.

use search_core::engine::{Config, DepthPolicy, Engine, TableConfig};
use search_core::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// At most this many heaps.
pub const MAX_HEAPS: usize = 8;

/// At most this many matches in a heap.
pub const MAX_HEAP: u8 = 20;

/// At most this many distinct positions (the product of heap size + 1 over the heaps): the
/// engine's table merges the many move orders that reach a position, so its work grows with
/// the positions: a few seconds for 20 000 (heaps 20 20 20 1) on a busy 2-core machine.
pub const MAX_POSITIONS: u64 = 20_000;

/// A move: take `count` matches from heap `heap` (both from 0 internally; shown from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    heap: u8,
    count: u8,
}

impl std::fmt::Display for Take {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "take {} from heap {}", self.count, self.heap + 1)
    }
}

/// A Nim position: the heap sizes and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: [u8; MAX_HEAPS],
    heap_count: u8,
    to_move: Player,
}

/// Why a typed move or heap list was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum NimError {
    /// Not two numbers.
    #[error("type a heap number and how many to take, like '2 3'")]
    Format,
    /// No such heap.
    #[error("there is no heap {0}: heaps are numbered 1 to {1}")]
    NoSuchHeap(usize, usize),
    /// Taking nothing.
    #[error("take at least one match")]
    TakeNothing,
    /// More than the heap holds.
    #[error("heap {heap} has only {left} matches")]
    TooMany {
        /// The heap (from 1).
        heap: usize,
        /// Its matches.
        left: u8,
    },
    /// Too many heaps to start with.
    #[error("at most {MAX_HEAPS} heaps")]
    TooManyHeaps,
    /// Too big for the perfect player to search to the end in good time (the count of
    /// positions, `u64::MAX` for any count beyond it).
    #[error(
        "these heaps have {0} positions, more than the {MAX_POSITIONS} the perfect player searches quickly"
    )]
    TooBig(u64),
}

impl Nim {
    /// A game with these heaps, the first player to move.
    pub fn new(heaps: &[u8]) -> Result<Nim, NimError> {
        if heaps.len() > MAX_HEAPS {
            return Err(NimError::TooManyHeaps);
        }
        // Saturating: eight heaps of 255 have 256^8 = 2^64 positions, one more than a u64.
        let positions = heaps
            .iter()
            .fold(1u64, |product, &heap| product.saturating_mul(u64::from(heap) + 1));
        if positions > MAX_POSITIONS {
            return Err(NimError::TooBig(positions));
        }
        let mut sizes = [0; MAX_HEAPS];
        sizes[..heaps.len()].copy_from_slice(heaps);
        Ok(Nim {
            heaps: sizes,
            heap_count: heaps.len() as u8,
            to_move: Player::First,
        })
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..usize::from(self.heap_count)]
    }

    /// The matches left: the longest the game can still last, in plies.
    pub fn matches(&self) -> u32 {
        self.heaps().iter().map(|&heap| u32::from(heap)).sum()
    }

    /// The XOR of the heap sizes: zero exactly when the side to move loses.
    pub fn nim_sum(&self) -> u8 {
        self.heaps().iter().fold(0, |sum, &heap| sum ^ heap)
    }

    /// Parses `"<heap> <count>"` typed by a person.
    pub fn parse_move(&self, text: &str) -> Result<Take, NimError> {
        let numbers: Vec<usize> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| NimError::Format)?;
        let [heap, count] = numbers[..] else {
            return Err(NimError::Format);
        };
        let heaps = self.heaps();
        if heap == 0 || heap > heaps.len() {
            return Err(NimError::NoSuchHeap(heap, heaps.len()));
        }
        if count == 0 {
            return Err(NimError::TakeNothing);
        }
        let left = heaps[heap - 1];
        if count > usize::from(left) {
            return Err(NimError::TooMany { heap, left });
        }
        Ok(Take {
            heap: (heap - 1) as u8,
            count: count as u8,
        })
    }
}

impl Game for Nim {
    type Move = Take;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<Take>) {
        for (heap, &size) in self.heaps().iter().enumerate() {
            moves.extend((1..=size).map(|count| Take {
                heap: heap as u8,
                count,
            }));
        }
    }

    fn play(&self, take: Take) -> Nim {
        let mut next = *self;
        next.heaps[usize::from(take.heap)] -= take.count;
        next.to_move = self.to_move.opponent();
        next
    }

    /// No match left: the previous player took the last one and won.
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then_some(Outcome::Loss)
    }
}

impl ZobristHash for Nim {
    /// The heap sizes and the side to move, mixed (SplitMix64): distinct positions get distinct
    /// inputs, so only the mixing can collide.
    fn zobrist(&self) -> u64 {
        let packed = self
            .heaps
            .iter()
            .fold(u64::from(self.to_move == Player::Second), |key, &heap| {
                key << 5 | u64::from(heap)
            });
        crate::hash::mix(packed)
    }

    /// The heap and the count, a byte each.
    fn move_code(&self, take: Take) -> Option<u32> {
        Some(u32::from(take.heap) << 8 | u32::from(take.count))
    }
}

/// The engine searching to the end of the game: its exact preset (iterative deepening, a
/// transposition table, killers, history, PVS) with a table that accepts entries of any greater
/// depth. In general that changes values (a deeper entry is a better-informed, different value),
/// but every search here reaches the end of the game, where deeper is no different: the value
/// stays exact, and the table now merges positions reached by move orders of different lengths.
pub fn perfect_player() -> Engine<Nim, fn(&Nim) -> Score> {
    let table = TableConfig::new(DepthPolicy::AtLeastDepth);
    Engine::with_config(
        even,
        Config {
            table: Some(table),
            ..Config::exact()
        },
    )
}

/// Nim needs no heuristic when searched to the end; cut-off positions count as even.
pub fn even(_: &Nim) -> Score {
    Score::DRAW
}

#[cfg(test)]
mod tests {
    use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax};
    use search_core::testing::CrossCheck;
    use search_core::{Limits, Searcher};

    use super::*;

    /// Seen while writing the `studio_request` fuzz target, and a panic there (a Nim start of
    /// eight heaps of 255): the product of the heap sizes overflowed a `u64` (256^8 = 2^64), a panic with overflow
    /// checks and, without them, a product of 0 that let the heaps through.
    #[test]
    fn heaps_whose_positions_overflow_are_too_big() {
        assert_eq!(Nim::new(&[255; 8]), Err(NimError::TooBig(u64::MAX)));
        assert!(matches!(
            Nim::new(&[255, 255, 255, 255, 255, 255, 255, 0]),
            Err(NimError::TooBig(_))
        ));
        assert!(Nim::new(&[20, 20, 20, 1]).is_ok());
    }

    /// Every position of up to three heaps of up to five matches (heaps of 0 stand for fewer
    /// heaps): 216 of them.
    fn small_positions() -> Vec<Nim> {
        let mut positions = Vec::new();
        for a in 0..=5 {
            for b in 0..=5 {
                for c in 0..=5 {
                    positions.push(Nim::new(&[a, b, c]).unwrap());
                }
            }
        }
        positions
    }

    fn matches(position: &Nim) -> u32 {
        position.heaps().iter().map(|&h| u32::from(h)).sum()
    }

    #[test]
    fn alphabeta_agrees_with_the_nim_sum_on_every_small_position() {
        for position in small_positions() {
            let depth = matches(&position);
            for mut searcher in [
                Box::new(AlphaBeta::new(even)) as Box<dyn Searcher<Nim>>,
                Box::new(AlphaBetaMinimax::new(even)),
            ] {
                let result = searcher.search(&position, &Limits::depth(depth));
                let wins = result.score > Score::DRAW;
                assert_eq!(
                    wins,
                    position.nim_sum() != 0,
                    "{} on {:?}",
                    searcher.name(),
                    position.heaps()
                );
                assert!(result.score.is_mate() || depth == 0 && result.score == Score::mated_in(0));
                // A winning move leaves the opponent a zero nim-sum.
                if wins {
                    let after = position.play(result.best_move.unwrap());
                    assert_eq!(after.nim_sum(), 0, "{:?}", position.heaps());
                }
            }
        }
    }

    #[test]
    fn minimax_and_negamax_agree_where_the_full_tree_is_small() {
        // Plain minimax grows fast (60 million nodes for heaps 5 5 5): the full trees up to 11
        // matches (5 million nodes in all) are enough to hold it to alpha-beta and the formula.
        let positions: Vec<Nim> = small_positions()
            .into_iter()
            .filter(|p| matches(p) <= 11)
            .collect();
        for position in &positions {
            let depth = matches(position);
            let result = Minimax::new(even).search(position, &Limits::depth(depth));
            assert_eq!(
                result.score > Score::DRAW,
                position.nim_sum() != 0,
                "{:?}",
                position.heaps()
            );
        }
        CrossCheck::minimax(even)
            .searcher(AlphaBeta::new(even))
            .searcher(AlphaBetaMinimax::new(even))
            .searcher(Engine::exact(even))
            .depths([1, 3, 15])
            .run(&positions)
            .assert_agree();
    }

    #[test]
    fn bad_input_gets_its_own_message() {
        let position = Nim::new(&[3, 0, 5]).unwrap();
        let cases = [
            ("", "type a heap number and how many to take, like '2 3'"),
            ("two three", "type a heap number and how many to take, like '2 3'"),
            ("1 2 3", "type a heap number and how many to take, like '2 3'"),
            ("4 1", "there is no heap 4: heaps are numbered 1 to 3"),
            ("0 1", "there is no heap 0: heaps are numbered 1 to 3"),
            ("1 0", "take at least one match"),
            ("2 1", "heap 2 has only 0 matches"),
            ("3 6", "heap 3 has only 5 matches"),
        ];
        for (input, message) in cases {
            assert_eq!(
                position.parse_move(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
        assert_eq!(position.parse_move(" 3  5 "), Ok(Take { heap: 2, count: 5 }));
        assert_eq!(Nim::new(&[1; 9]), Err(NimError::TooManyHeaps));
        assert_eq!(
            Nim::new(&[20; 4]).unwrap_err().to_string(),
            "these heaps have 194481 positions, more than the 20000 the perfect player searches quickly"
        );
    }

    #[test]
    fn the_engine_solves_large_positions_by_the_nim_sum() {
        // Far beyond plain alpha-beta: the table merges transpositions.
        for heaps in [[7u8, 9, 12, 3], [20, 20, 20, 1], [1, 3, 5, 7], [9, 9, 9, 9]] {
            // 9 9 9 9 is the largest of these: 10 000 positions.
            let position = Nim::new(&heaps).unwrap();
            let result = perfect_player().search(&position, &Limits::depth(matches(&position)));
            assert_eq!(result.score > Score::DRAW, position.nim_sum() != 0, "{heaps:?}");
            if position.nim_sum() != 0 {
                assert_eq!(position.play(result.best_move.unwrap()).nim_sum(), 0, "{heaps:?}");
            }
        }
    }
}
