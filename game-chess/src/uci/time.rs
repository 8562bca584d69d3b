//! Time management: how long to think about one move, given the clock.
//!
//! Two figures per move: the **optimum**, after which the engine starts no new iteration, and the
//! **maximum**, the hard deadline at which a running iteration is abandoned (the engine then
//! plays the best move of its last completed iteration). Both leave the `Move Overhead` (the
//! time lost between the engine and the clock: pipes, the GUI, the operating system) untouched,
//! so that the clock never runs out however short it is.
//!
//! Without `movestogo` the engine assumes the game lasts [`ASSUMED_MOVES_TO_GO`] more moves and
//! spends most of its increment; with `movestogo` it spreads the time over the moves left.
//!
//! Besides this move's overhead, one more `Move Overhead` is kept in reserve for each of the
//! other moves to go (up to [`ASSUMED_MOVES_TO_GO`]), as Stockfish does, and a share of the
//! increments those moves will bring counts as time to spend. Without the reserve, a game on a
//! small increment settles with a clock of a few overheads and spends the whole increment on
//! each move, so one slow answer of the pipes or the scheduler loses on time. Counting the
//! increments is what lets a bullet clock think: 299 ms + 50 ms has about 36 ms per move, where
//! the reserve alone (290 ms at the default 10 ms overhead) left nothing.
//!
//! Within a move, the optimum stretches with the search's confidence ([`SoftClock`]): after each
//! completed iteration, a best move that just changed, or a score that just fell, asks for more
//! time; a best move stable over several iterations for less (Stockfish's "best move
//! instability" and "falling eval", in a simple form). The maximum never moves.
//!
//! In sudden death (no increment) a clock below the reserve has nothing to spend: every move
//! then costs only the lag of the pipes and the scheduler, which is what decides whether a long
//! game at 0.2 s flags. A budget of zero does not mean an unsearched move: the UCI engine always
//! completes a search to depth 1 (see [`UciEngine`](super::UciEngine)).

use std::time::{Duration, Instant};

use search_core::Score;
use shakmaty::Move;

use super::GoParams;

/// Moves the game is assumed to last when the GUI does not say (`movestogo` absent).
pub const ASSUMED_MOVES_TO_GO: u32 = 30;

/// The share of the other moves' increments counted as time to spend (in percent). Less than all
/// of it: the increments also rebuild a low clock.
const INCREMENT_SHARE_PERCENT: u32 = 75;

/// The hard limit is this many times the optimum: an iteration that would run past it is
/// abandoned.
const MAXIMUM_OVER_OPTIMUM: u32 = 4;

/// The hard limit never takes more than this share of the clock left (in percent).
const MAXIMUM_SHARE_PERCENT: u32 = 40;

/// The clock of the side to move, as a `go` command gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the GUI says.
    pub moves_to_go: Option<u32>,
}

/// How long to think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Start no new iteration after this.
    pub optimum: Duration,
    /// Abandon the search at this point.
    pub maximum: Duration,
}

impl Clock {
    /// The budget for the next move, keeping `overhead` for this move and one more for each other
    /// move to go in reserve, and counting a share of their increments.
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_chess::uci::Clock;
    /// let clock = Clock { remaining: Duration::from_secs(60), increment: Duration::ZERO, moves_to_go: None };
    /// let budget = clock.budget(Duration::from_millis(10));
    /// // 60 s less 10 ms for this move and 29 × 10 ms in reserve, over 30 moves.
    /// assert_eq!(budget.optimum, Duration::from_millis(59_700) / 30);
    /// assert!(budget.maximum <= Duration::from_secs(24));
    ///
    /// // A bullet clock: the 29 increments to come pay for the reserve.
    /// let bullet = Clock { remaining: Duration::from_millis(299), increment: Duration::from_millis(50), moves_to_go: None };
    /// assert!(bullet.budget(Duration::from_millis(10)).optimum > Duration::from_millis(30));
    /// ```
    #[must_use]
    pub fn budget(&self, overhead: Duration) -> TimeBudget {
        let moves = self.moves_to_go.unwrap_or(ASSUMED_MOVES_TO_GO).clamp(1, 100);
        let others = moves.min(ASSUMED_MOVES_TO_GO) - 1;
        // The time for the moves to go: the clock and a share of the other moves' increments,
        // less one overhead for each move, this one and the others.
        let increments = self.increment * INCREMENT_SHARE_PERCENT / 100 * others;
        let pool = (self.remaining + increments).saturating_sub(overhead * (others + 1));
        let base = pool / moves;
        // One move never takes more than a share of the clock as it is now (less its overhead);
        // with one move to go, most of it.
        let now = self.remaining.saturating_sub(overhead);
        let ceiling = if moves == 1 {
            now * 80 / 100
        } else {
            now * MAXIMUM_SHARE_PERCENT / 100
        };
        let optimum = base.min(ceiling);
        let maximum = (optimum * MAXIMUM_OVER_OPTIMUM).min(ceiling).max(optimum);
        TimeBudget { optimum, maximum }
    }
}

impl TimeBudget {
    /// The budget a `go` command gives the side to move (`white_to_move` or not), keeping
    /// `overhead` per move: its clock (see [`Clock::budget`]), and `movetime` less the overhead,
    /// the smaller of the two when both are given; `None` when neither is (an untimed search). A
    /// clock given for the other side only means none is left for this one: the search is still
    /// timed.
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_chess::uci::{Command, TimeBudget};
    /// let Ok(Command::Go(go)) = "go wtime 60000 btime 1000 movetime 500".parse() else { unreachable!() };
    /// let overhead = Duration::from_millis(10);
    /// let white = TimeBudget::for_go(&go, true, overhead).unwrap();
    /// assert_eq!(white.maximum, Duration::from_millis(490)); // movetime is the tighter
    /// let black = TimeBudget::for_go(&go, false, overhead).unwrap();
    /// assert!(black.maximum < Duration::from_millis(490)); // a second left on Black's clock
    /// let Ok(Command::Go(depth)) = "go depth 5".parse() else { unreachable!() };
    /// assert_eq!(TimeBudget::for_go(&depth, true, overhead), None);
    /// ```
    #[must_use]
    pub fn for_go(params: &GoParams, white_to_move: bool, overhead: Duration) -> Option<TimeBudget> {
        let (remaining, increment) = if white_to_move {
            (params.white_time, params.white_increment)
        } else {
            (params.black_time, params.black_increment)
        };
        let clock_given = params.white_time.is_some() || params.black_time.is_some();
        let remaining = remaining.or(clock_given.then_some(Duration::ZERO));
        let clock = remaining.map(|remaining| {
            Clock {
                remaining,
                increment: increment.unwrap_or_default(),
                moves_to_go: params.moves_to_go,
            }
            .budget(overhead)
        });
        let Some(move_time) = params.move_time else {
            return clock;
        };
        let time = move_time.saturating_sub(overhead);
        Some(match clock {
            Some(clock) => TimeBudget {
                optimum: clock.optimum.min(time),
                maximum: clock.maximum.min(time),
            },
            None => TimeBudget {
                optimum: time,
                maximum: time,
            },
        })
    }
}

/// The share of the optimum spent, in percent, by the number of iterations in a row the best move
/// has stayed the same (0: it just changed; the last entry for that many or more).
const STABILITY_PERCENT: [u32; 5] = [150, 120, 100, 85, 70];

/// A score this many centipawns below the previous iteration's stretches the optimum ...
const FALLING_SCORE_CP: i32 = 30;

/// ... by this share, in percent.
const FALLING_SCORE_PERCENT: u32 = 130;

/// The soft deadline of one timed move: the optimum from the moment the clock started, stretched
/// or shrunk by the best move's stability and the score's trend (never past the maximum).
///
/// ```
/// use std::time::{Duration, Instant};
/// use game_chess::uci::{SoftClock, TimeBudget};
/// use search_core::Score;
/// use shakmaty::{Move, Role, Square};
/// let start = Instant::now();
/// let budget = TimeBudget { optimum: Duration::from_millis(100), maximum: Duration::from_millis(400) };
/// let mut clock = SoftClock::new(start, budget);
/// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
/// clock.iteration(e4, Score::cp(20)); // a new best move: half as much again
/// assert_eq!(clock.deadline(), start + Duration::from_millis(150));
/// for _ in 0..4 {
///     clock.iteration(e4, Score::cp(20)); // the same move, iteration after iteration
/// }
/// assert_eq!(clock.deadline(), start + Duration::from_millis(70));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoftClock {
    start: Instant,
    budget: TimeBudget,
    /// Whether the deadline follows the search (`Time Stability`); otherwise it is the optimum.
    adaptive: bool,
    best: Option<Move>,
    stable_iterations: u32,
    last_score: Option<Score>,
    falling: bool,
}

impl SoftClock {
    /// The clock of a move whose time runs from `start`, within `budget`, whose deadline
    /// follows the search.
    #[must_use]
    pub fn new(start: Instant, budget: TimeBudget) -> Self {
        SoftClock {
            start,
            budget,
            adaptive: true,
            best: None,
            stable_iterations: 0,
            last_score: None,
            falling: false,
        }
    }

    /// The same clock with its deadline fixed at the optimum, whatever the search does.
    #[must_use]
    pub fn fixed(self) -> Self {
        SoftClock {
            adaptive: false,
            ..self
        }
    }

    /// The time now runs from `start` (`ponderhit`).
    pub fn restart(&mut self, start: Instant) {
        self.start = start;
    }

    /// A completed iteration chose `best` with value `score`.
    pub fn iteration(&mut self, best: Move, score: Score) {
        if self.best == Some(best) {
            self.stable_iterations += 1;
        } else {
            self.best = Some(best);
            self.stable_iterations = 0;
        }
        self.falling = self.last_score.is_some_and(|last| {
            !last.is_mate() && !score.is_mate() && score.raw() < last.raw() - FALLING_SCORE_CP
        });
        self.last_score = Some(score);
    }

    /// No new iteration after this instant.
    #[must_use]
    pub fn deadline(&self) -> Instant {
        let mut percent = match self.best {
            _ if !self.adaptive => 100,
            None => 100,
            Some(_) => STABILITY_PERCENT[(self.stable_iterations as usize).min(STABILITY_PERCENT.len() - 1)],
        };
        if self.falling && self.adaptive {
            percent = percent * FALLING_SCORE_PERCENT / 100;
        }
        let soft = (self.budget.optimum * percent / 100).min(self.budget.maximum);
        self.start + soft
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn never_spends_the_overhead_or_the_clock() {
        // Clocks from 0 ms to 10 min, increments up to 5 s, overheads up to 100 ms.
        for remaining in [0, 1, 2, 5, 10, 30, 50, 100, 1_000, 5_000, 60_000, 600_000] {
            for increment in [0, 10, 50, 1_000, 5_000] {
                for overhead in [0, 10, 30, 100] {
                    for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                        let clock = Clock {
                            remaining: ms(remaining),
                            increment: ms(increment),
                            moves_to_go,
                        };
                        let budget = clock.budget(ms(overhead));
                        assert!(budget.optimum <= budget.maximum);
                        assert!(
                            budget.maximum + ms(overhead) <= ms(remaining).max(ms(overhead)),
                            "{clock:?} overhead {overhead}: {budget:?}"
                        );
                        assert!(budget.maximum <= ms(remaining) * 80 / 100);
                    }
                }
            }
        }
    }

    #[test]
    fn spends_increments_and_spreads_time_over_moves_to_go() {
        let with_increment = Clock {
            remaining: ms(10_000),
            increment: ms(1_000),
            moves_to_go: None,
        }
        .budget(ms(0));
        let without = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: None,
        }
        .budget(ms(0));
        assert_eq!(without.optimum, ms(10_000) / 30);
        assert_eq!(with_increment.optimum, (ms(10_000) + ms(750) * 29) / 30);

        let last_move = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: Some(1),
        }
        .budget(ms(0));
        let many = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: Some(40),
        }
        .budget(ms(0));
        assert!(last_move.optimum > many.optimum * 10);
        assert_eq!(many.optimum, ms(250));
    }

    #[test]
    fn keeps_an_overhead_in_reserve_for_each_move_to_go_and_counts_their_increments() {
        // 10 s + 50 ms: the reserve is 300 ms, the increments to come 29 × 37.5 ms.
        let comfortable = Clock {
            remaining: ms(10_000),
            increment: ms(50),
            moves_to_go: None,
        };
        let increments = Duration::from_micros(37_500) * 29;
        assert_eq!(
            comfortable.budget(ms(10)).optimum,
            (ms(10_000) + increments - ms(300)) / 30
        );
        // 300 ms + 50 ms (issue 16: nothing to spend, whatever the increment): the increments pay
        // for the reserve.
        let bullet = Clock {
            remaining: ms(300),
            increment: ms(50),
            moves_to_go: None,
        };
        assert_eq!(bullet.budget(ms(10)).optimum, increments / 30);
        assert_eq!(bullet.budget(ms(10)).maximum, ms(290) * 40 / 100);
        // Sudden death: below the reserve, nothing (the engine still searches depth 1); above
        // it, a thirtieth of the rest.
        for (remaining, optimum) in [
            (50, 0),
            (200, 0),
            (300, 0),
            (1_000, 700 / 30),
            (2_000, 1_700 / 30),
        ] {
            let clock = Clock {
                remaining: ms(remaining),
                increment: ms(0),
                moves_to_go: None,
            };
            let budget = clock.budget(ms(10));
            assert_eq!(budget.optimum.as_millis(), optimum, "{remaining} ms: {budget:?}");
        }
    }

    #[test]
    fn a_clock_below_the_overhead_gives_nothing_to_spend() {
        let budget = Clock {
            remaining: ms(5),
            increment: ms(0),
            moves_to_go: None,
        }
        .budget(ms(10));
        assert_eq!(
            budget,
            TimeBudget {
                optimum: Duration::ZERO,
                maximum: Duration::ZERO
            }
        );
    }

    #[test]
    fn the_soft_deadline_follows_stability_and_a_falling_score_within_the_maximum() {
        use shakmaty::{Role, Square};
        let start = Instant::now();
        let budget = TimeBudget {
            optimum: ms(1000),
            maximum: ms(2000),
        };
        let mv = |to| Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to,
            promotion: None,
        };
        let mut clock = SoftClock::new(start, budget);
        assert_eq!(clock.deadline(), start + ms(1000));
        // (best move, score, percent of the optimum after that iteration)
        let steps = [
            (mv(Square::E4), 20, 150),
            (mv(Square::E4), 25, 120),
            (mv(Square::E3), 20, 150),
            (mv(Square::E3), -20, 156), // stable once (120%), the score fell by 40: × 1.3
            (mv(Square::E3), -15, 100),
            (mv(Square::E3), -15, 85),
            (mv(Square::E3), -10, 70),
            (mv(Square::E3), -10, 70),
        ];
        for (best, score, percent) in steps {
            clock.iteration(best, Score::cp(score));
            assert_eq!(clock.deadline(), start + ms(10 * percent), "{best:?} {score}");
        }
        clock.restart(start + ms(5));
        assert_eq!(clock.deadline(), start + ms(705));
        // Never past the maximum.
        let tight = TimeBudget {
            optimum: ms(1000),
            maximum: ms(1200),
        };
        let mut clock = SoftClock::new(start, tight);
        clock.iteration(mv(Square::E4), Score::cp(0));
        assert_eq!(clock.deadline(), start + ms(1200));
        // Fixed: the optimum, whatever the iterations say.
        let mut fixed = SoftClock::new(start, budget).fixed();
        for (best, score) in [(mv(Square::E4), 50), (mv(Square::E3), -50), (mv(Square::E3), -50)] {
            fixed.iteration(best, Score::cp(score));
            assert_eq!(fixed.deadline(), start + ms(1000));
        }
    }
}
