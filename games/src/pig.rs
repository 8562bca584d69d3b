//! Pig, the dice game, small enough to search exhaustively: the chance-node test game.
//!
//! On your turn you roll a die as often as you like, adding each roll to a turn total; rolling a
//! 1 ("pig") loses the turn total and ends your turn; holding banks the turn total and ends it.
//! Whoever banks `target` points first wins (at the moment the turn total reaches it, the game
//! is won). This version is finite on purpose: the game ends after `turns` turns in all, and the
//! higher bank wins then (equal banks: a draw). The die may be small (faces `1..=sides`) and
//! loaded (a weight per face).
//!
//! Every turn mixes the three kinds of node the searchers must get right: the player's decisions
//! (roll or hold), nature's rolls ([`Game::is_chance`], weighted), and a player moving several
//! times in a row (after each roll that is not a 1, the same player decides again). Small
//! settings have a few thousand positions: the tests hold every searcher to expectiminimax on
//! all of them.
//!
//! ```
//! use games::pig::{Pig, PigMove};
//! use search_core::{Game, MoveList, Player};
//!
//! let start = Pig::new(8, 3, 4).unwrap();
//! let rolling = start.play(PigMove::Roll);
//! assert!(rolling.is_chance());
//! let mut faces = MoveList::new();
//! rolling.generate_moves(&mut faces);
//! assert_eq!(faces.as_slice(), &[PigMove::Face(1), PigMove::Face(2), PigMove::Face(3)]);
//! // A 3: the same player decides again, with 3 on the turn.
//! let after = rolling.play(PigMove::Face(3));
//! assert_eq!((after.to_move(), after.turn_total()), (Player::First, 3));
//! // A 1: the turn total is lost and the turn passes.
//! assert_eq!(rolling.play(PigMove::Face(1)).to_move(), Player::Second);
//! ```

use search_core::{Game, MoveList, Outcome, Player, Score, ZobristHash};

/// The largest die.
pub const MAX_SIDES: u8 = 6;

/// A move: the player's roll or hold, or nature's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Roll the die (a chance node follows).
    Roll,
    /// Bank the turn total; the turn passes.
    Hold,
    /// Nature: the die shows this face.
    Face(u8),
}

/// Why a Pig setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PigError {
    /// The die has fewer than 2 or more than [`MAX_SIDES`] faces.
    #[error("a die has 2 to {MAX_SIDES} faces, not {0}")]
    Sides(u8),
    /// A target of 0, or one no game could reach within the bank's range.
    #[error("the target is 1 to 100 points, not {0}")]
    Target(u8),
    /// No turns.
    #[error("a game has 1 to 50 turns, not {0}")]
    Turns(u8),
    /// A face weight of 0 (or the wrong number of weights).
    #[error("give one weight of 1 to 100 per face, {0} weights given for {1} faces")]
    Weights(usize, u8),
}

/// A Pig position. See the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pig {
    target: u8,
    sides: u8,
    weights: [u8; MAX_SIDES as usize],
    /// The banks of the first and second player.
    banks: [u8; 2],
    turn_total: u8,
    turns_left: u8,
    to_move: Player,
    /// The die is rolling: nature moves.
    rolling: bool,
    /// The game was won by reaching the target.
    won: bool,
}

impl Pig {
    /// A game to `target` points with a fair die of `sides` faces, `turns` turns in all, the
    /// first player to move.
    ///
    /// # Errors
    ///
    /// A die outside 2 to 6 faces, a target outside 1 to 100, turns outside 1 to 50.
    pub fn new(target: u8, sides: u8, turns: u8) -> Result<Pig, PigError> {
        if !(2..=MAX_SIDES).contains(&sides) {
            return Err(PigError::Sides(sides));
        }
        if !(1..=100).contains(&target) {
            return Err(PigError::Target(target));
        }
        if !(1..=50).contains(&turns) {
            return Err(PigError::Turns(turns));
        }
        Ok(Pig {
            target,
            sides,
            weights: [1; MAX_SIDES as usize],
            banks: [0; 2],
            turn_total: 0,
            turns_left: turns,
            to_move: Player::First,
            rolling: false,
            won: false,
        })
    }

    /// The same game with a loaded die: one weight (1 to 100) per face, face 1 first.
    ///
    /// # Errors
    ///
    /// Not one weight per face, or a weight outside 1 to 100.
    pub fn with_weights(mut self, weights: &[u8]) -> Result<Pig, PigError> {
        if weights.len() != usize::from(self.sides) || weights.iter().any(|w| !(1..=100).contains(w)) {
            return Err(PigError::Weights(weights.len(), self.sides));
        }
        self.weights[..weights.len()].copy_from_slice(weights);
        Ok(self)
    }

    /// The banks of the first and the second player.
    #[must_use]
    pub fn banks(&self) -> [u8; 2] {
        self.banks
    }

    /// The points rolled this turn, not banked yet.
    #[must_use]
    pub fn turn_total(&self) -> u8 {
        self.turn_total
    }

    /// The turns left in the game, this one included.
    #[must_use]
    pub fn turns_left(&self) -> u8 {
        self.turns_left
    }

    /// An upper bound on the plies left: each turn at most one roll per point to the target,
    /// each a decision and a roll, and the hold.
    #[must_use]
    pub fn max_plies_left(&self) -> u32 {
        u32::from(self.turns_left) * (2 * u32::from(self.target) + 1)
    }

    fn bank_index(player: Player) -> usize {
        match player {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The turn passes: one turn fewer, the turn total emptied.
    fn next_turn(mut self) -> Pig {
        self.turn_total = 0;
        self.turns_left -= 1;
        self.to_move = self.to_move.opponent();
        self.rolling = false;
        self
    }

    /// Every position reachable from `self` (itself included), each once.
    #[must_use]
    pub fn reachable(&self) -> Vec<Pig> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![*self];
        let mut all = Vec::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(position) {
                continue;
            }
            all.push(position);
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            if position.outcome(moves.len()).is_none() {
                stack.extend(moves.iter().map(|&mv| position.play(mv)));
            }
        }
        all
    }
}

impl Game for Pig {
    type Move = PigMove;

    const HAS_CHANCE: bool = true;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<PigMove>) {
        if self.won || self.turns_left == 0 {
            return;
        }
        if self.rolling {
            moves.extend((1..=self.sides).map(PigMove::Face));
        } else {
            moves.push(PigMove::Roll);
            if self.turn_total > 0 {
                moves.push(PigMove::Hold);
            }
        }
    }

    fn play(&self, mv: PigMove) -> Pig {
        let mut next = *self;
        match mv {
            PigMove::Roll => next.rolling = true,
            PigMove::Hold => {
                next.banks[Self::bank_index(self.to_move)] += self.turn_total;
                next = next.next_turn();
            }
            PigMove::Face(1) => next = next.next_turn(),
            PigMove::Face(face) => {
                next.rolling = false;
                next.turn_total += face;
                let bank = next.banks[Self::bank_index(self.to_move)];
                if bank + next.turn_total >= self.target {
                    // Won on the spot: the opponent is to move in a finished game.
                    next.banks[Self::bank_index(self.to_move)] = bank + next.turn_total;
                    next.turn_total = 0;
                    next.won = true;
                    next.to_move = self.to_move.opponent();
                }
            }
        }
        next
    }

    fn outcome(&self, _legal_moves: usize) -> Option<Outcome> {
        if self.won {
            return Some(Outcome::Loss);
        }
        if self.turns_left > 0 {
            return None;
        }
        let mine = self.banks[Self::bank_index(self.to_move)];
        let theirs = self.banks[Self::bank_index(self.to_move.opponent())];
        Some(match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn is_chance(&self) -> bool {
        self.rolling
    }

    fn chance_weight(&self, outcome: PigMove) -> u32 {
        match outcome {
            PigMove::Face(face) if (1..=self.sides).contains(&face) => {
                u32::from(self.weights[usize::from(face) - 1])
            }
            _ => 1,
        }
    }

    fn value_bound(&self) -> Score {
        Score::MATE
    }
}

impl ZobristHash for Pig {
    fn zobrist(&self) -> u64 {
        // Few fields, each small: packed, then mixed.
        let packed = u64::from(self.banks[0])
            | u64::from(self.banks[1]) << 8
            | u64::from(self.turn_total) << 16
            | u64::from(self.turns_left) << 24
            | u64::from(self.to_move == Player::Second) << 32
            | u64::from(self.rolling) << 33
            | u64::from(self.won) << 34
            | u64::from(self.target) << 40
            | u64::from(self.sides) << 48;
        let weights = self.weights.iter().fold(0u64, |hash, &weight| {
            hash.wrapping_mul(131).wrapping_add(u64::from(weight))
        });
        let mut x = packed ^ weights.rotate_left(56);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }

    /// Roll 0, hold 1, a face its number plus 2.
    fn move_code(&self, mv: PigMove) -> Option<u32> {
        Some(match mv {
            PigMove::Roll => 0,
            PigMove::Hold => 1,
            PigMove::Face(face) => 2 + u32::from(face),
        })
    }
}

/// An evaluation for the side to move: its bank and half its turn total against the opponent's
/// bank, 100 per point (a point is the unit).
#[must_use]
pub fn evaluate(position: &Pig) -> Score {
    let mine = i32::from(position.banks[Pig::bank_index(position.to_move)]);
    let theirs = i32::from(position.banks[Pig::bank_index(position.to_move.opponent())]);
    Score::cp(100 * (mine - theirs) + 50 * i32::from(position.turn_total))
}

#[cfg(test)]
mod tests {
    use search_core::engine::{ChancePruning, Config, Engine};
    use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Negamax};
    use search_core::testing::{CrossCheck, exact_configurations};

    use super::*;

    type Eval = fn(&Pig) -> Score;

    #[test]
    fn settings_are_checked() {
        assert_eq!(Pig::new(8, 1, 4), Err(PigError::Sides(1)));
        assert_eq!(Pig::new(0, 3, 4), Err(PigError::Target(0)));
        assert_eq!(Pig::new(8, 3, 0), Err(PigError::Turns(0)));
        let pig = Pig::new(8, 3, 4).unwrap();
        assert_eq!(pig.with_weights(&[1, 2]), Err(PigError::Weights(2, 3)));
        assert_eq!(pig.with_weights(&[1, 0, 2]), Err(PigError::Weights(3, 3)));
        assert!(pig.with_weights(&[2, 1, 1]).is_ok());
    }

    #[test]
    fn a_turn_rolls_banks_and_busts() {
        let start = Pig::new(5, 3, 2).unwrap();
        let mut moves = MoveList::new();
        start.generate_moves(&mut moves);
        assert_eq!(moves.as_slice(), &[PigMove::Roll], "no hold with nothing to bank");
        let three = start.play(PigMove::Roll).play(PigMove::Face(3));
        let held = three.play(PigMove::Hold);
        assert_eq!(
            (held.banks(), held.to_move(), held.turns_left()),
            ([3, 0], Player::Second, 1)
        );
        // 3 then 2 reaches 5: won at once, the opponent to move in a finished game.
        let won = three.play(PigMove::Roll).play(PigMove::Face(2));
        assert_eq!(won.outcome(0), Some(Outcome::Loss));
        // The last turn ends the game: the higher bank wins.
        let last = held.play(PigMove::Roll).play(PigMove::Face(1));
        assert_eq!(last.turns_left(), 0);
        assert_eq!(
            last.outcome(0),
            Some(Outcome::Win),
            "the first player's 3 against 0"
        );
    }

    #[test]
    fn weights_are_the_chance_of_each_face() {
        let loaded = Pig::new(8, 3, 4).unwrap().with_weights(&[3, 1, 2]).unwrap();
        let rolling = loaded.play(PigMove::Roll);
        let weights: Vec<u32> = (1..=3)
            .map(|face| rolling.chance_weight(PigMove::Face(face)))
            .collect();
        assert_eq!(weights, [3, 1, 2]);
    }

    fn positions() -> Vec<Pig> {
        let fair = Pig::new(10, 4, 5).unwrap();
        let loaded = Pig::new(7, 3, 4).unwrap().with_weights(&[2, 1, 3]).unwrap();
        let mut all = fair.reachable();
        all.extend(loaded.reachable());
        all
    }

    #[test]
    fn every_searcher_equals_expectiminimax_on_every_position_at_every_depth() {
        let all = positions();
        assert!(all.len() > 500, "{} positions", all.len());
        let evaluate = evaluate as Eval;
        let report = CrossCheck::minimax(evaluate)
            .searcher(Negamax::new(evaluate))
            .searcher(AlphaBeta::new(evaluate))
            .searcher(AlphaBetaMinimax::new(evaluate))
            .searcher(Engine::new(evaluate))
            .searcher(Engine::exact(evaluate))
            .searcher(Engine::with_config(evaluate, "star=2".parse().unwrap()))
            .searcher(Engine::with_config(
                evaluate,
                "id+tt+hints+killers+history+pvs+mtdf+star=2".parse().unwrap(),
            ))
            .depths(1..=8)
            .run(&all);
        report.assert_agree();
        assert_eq!(report.checks, all.len() * 8 * 7);
    }

    #[test]
    fn the_engine_solves_the_last_turns_to_the_end() {
        // To the end of the game: every position with at most one turn left for each player.
        let late: Vec<Pig> = positions().into_iter().filter(|p| p.turns_left() <= 2).collect();
        let evaluate = evaluate as Eval;
        let report = CrossCheck::minimax(evaluate)
            .searcher(Engine::exact(evaluate))
            .searcher(Engine::with_config(evaluate, "star=2".parse().unwrap()))
            .depths_by(|p: &Pig| [p.max_plies_left()])
            .run(&late);
        report.assert_agree();
    }

    #[test]
    fn small_games_at_every_depth_to_the_end() {
        // Games small enough to search every position at every depth, 1 to the end of the game.
        let mut all = Pig::new(4, 3, 3).unwrap().reachable();
        all.extend(
            Pig::new(5, 3, 3)
                .unwrap()
                .with_weights(&[1, 3, 2])
                .unwrap()
                .reachable(),
        );
        let evaluate = evaluate as Eval;
        let report = CrossCheck::minimax(evaluate)
            .searcher(Negamax::new(evaluate))
            .searcher(AlphaBeta::new(evaluate))
            .searcher(Engine::exact(evaluate))
            .searcher(Engine::with_config(evaluate, "star=2".parse().unwrap()))
            .searcher(Engine::with_config(
                evaluate,
                "id+tt+hints+killers+history+pvs+mtdf+star=2".parse().unwrap(),
            ))
            .depths_by(|p: &Pig| 1..=p.max_plies_left().max(1))
            .run(&all);
        report.assert_agree();
        assert!(report.checks > 10_000, "{} checks", report.checks);
    }

    #[test]
    fn a_sample_of_the_exact_matrix_equals_expectiminimax() {
        let all: Vec<Pig> = positions().into_iter().step_by(5).collect();
        let evaluate = evaluate as Eval;
        for (index, config) in exact_configurations(50).into_iter().enumerate().step_by(11) {
            let mut check = CrossCheck::minimax(evaluate).depths(1..=4);
            for chance in [None, Some(ChancePruning::Star1), Some(ChancePruning::Star2)] {
                check = check.searcher(Engine::with_config(evaluate, Config { chance, ..config }));
            }
            let report = check.run(&all);
            assert!(report.is_ok(), "configuration {index} ({config}): {report:?}");
        }
    }
}
