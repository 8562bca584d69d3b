//! The traits a game implements to be searched: [`Game`], the optional [`ZobristHash`]
//! capability, and [`Evaluate`] for static evaluation.

use std::fmt::Debug;

use crate::{MoveList, Score};

/// One of the two players. [`Player::First`] moves first from the game's initial position
/// (White in chess, X in tic-tac-toe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first (the maximiser in two-sided minimax).
    First,
    /// The player who moves second (the minimiser in two-sided minimax).
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `+1` for [`Player::First`], `-1` for [`Player::Second`]: multiply a side-to-move score by
    /// this to get an absolute score (first player's view).
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Player::First => 1,
            Player::Second => -1,
        }
    }
}

/// The result of a finished game, from the point of view of the side to move.
///
/// A game ends either as a win, loss or draw ([`Win`](Outcome::Win), [`Loss`](Outcome::Loss),
/// [`Draw`](Outcome::Draw): chess, tic-tac-toe, Nim), or with a score difference
/// ([`Margin`](Outcome::Margin): boxes in Dots and Boxes, seeds in Kalah). [`outcome_score`]
/// turns either into a [`Score`] with its distance from the root; a game should use one kind or
/// the other (a win by any margin ranks above a plain `Win`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has lost (checkmated, or the opponent completed a line).
    Loss,
    /// Nobody wins (stalemate, a full board, a draw rule).
    Draw,
    /// The side to move has won (rare: most games end on the loser's turn).
    Win,
    /// The game is over and the side to move is ahead by this many points (behind if negative:
    /// `-4` when the opponent has 4 boxes more). More margin is better; among equal margins the
    /// faster win and the slower loss; a margin of 0 is a draw. See [`Score::won_by`].
    Margin(i32),
}

/// A two-player, zero-sum, perfect-information game, possibly with dice (chance nodes), as the
/// searchers see it.
///
/// The contract, which every searcher in this crate relies on:
///
/// - **Copy-make.** [`play`](Game::play) returns the child position and leaves `self` untouched.
///   There is no undo: positions are values. The hot paths copy the parent and play the move on
///   the copy with [`play_in_place`](Game::play_in_place), by default `*self = self.play(mv)`:
///   a game with a large position overrides it to save a copy.
/// - **One move generation per node.** A searcher calls
///   [`generate_moves`](Game::generate_moves) once per position into a [`MoveList`] it owns, and
///   asks [`outcome`](Game::outcome) with the number of moves it got, so a game never has to
///   generate moves twice to know whether it is over.
/// - **Terminal before horizon.** A position for which `outcome` is `Some` is scored by
///   [`outcome_score`] (a win, loss, draw or margin with its distance), never by the evaluator,
///   even at the search horizon.
/// - **Any turn order.** After a move the side to move may change or stay the same: a player may
///   move several times in a row (an extra turn for completing a box in Dots and Boxes, for
///   sowing into one's own store in Kalah). [`to_move`](Game::to_move) is the only word on whose
///   turn it is. Every searcher reads it at every node: the two-sided ones maximise for
///   [`Player::First`] and minimise for [`Player::Second`]; the negamax-form ones negate a
///   child's value, and negate and swap its window, **only when the child's side to move differs
///   from its parent's**, and otherwise take the child's value and window as they are.
///   [`Minimax`](crate::reference::Minimax) is the reference of record for this rule.
/// - **Chance, if any, as nature's moves.** In a position where a die is rolled,
///   [`is_chance`](Game::is_chance) says so and the generated moves are the outcomes, weighted
///   by [`chance_weight`](Game::chance_weight): every searcher takes their weighted mean there
///   (see [`crate::chance`]). A game without chance leaves the defaults and pays nothing.
/// - **Deterministic.** The same position generates the same moves in the same order; searches
///   are then reproducible and node counts are a signature.
///
/// # Required and optional
///
/// A game implements four methods and names its move type; everything else is an optional hook
/// with a neutral default that is still correct (a game without a null move never gets
/// null-move pruning, a game without noisy moves gets a quiescence search that equals its static
/// evaluation, a game without ordering hints is searched in generation order). The trait lists
/// them in this order:
///
/// | Group | Items | What it buys |
/// |---|---|---|
/// | **Required** | [`Move`](Game::Move), [`to_move`](Game::to_move), [`generate_moves`](Game::generate_moves), [`play`](Game::play), [`outcome`](Game::outcome) | every searcher |
/// | Speed | [`move_count`](Game::move_count), [`play_in_place`](Game::play_in_place) | cheaper horizons and children |
/// | Pruning and quiescence | [`null_move`](Game::null_move), [`is_in_check`](Game::is_in_check), [`is_noisy`](Game::is_noisy), [`generate_noisy_moves`](Game::generate_noisy_moves), [`static_exchange`](Game::static_exchange) | null move, check extension, quiescence, SEE, ProbCut |
/// | Move ordering | [`order_hint`](Game::order_hint), [`history_index`](Game::history_index), [`continuation_index`](Game::continuation_index), [`capture_index`](Game::capture_index) | the static order and the learned orderings |
/// | Tables | [`repetition_key`](Game::repetition_key), [`correction_key`](Game::correction_key), [`value_bounds`](Game::value_bounds) | repetition draws, correction history, the solver's bounds |
/// | Chance | [`HAS_CHANCE`](Game::HAS_CHANCE), [`is_chance`](Game::is_chance), [`chance_weight`](Game::chance_weight), [`value_bound`](Game::value_bound) | dice (expectiminimax, Star1/Star2) |
///
/// Hashing ([`ZobristHash`]) and evaluation ([`Evaluate`]) are traits of their own: a searcher
/// that needs them says so in its bounds, and a game or an evaluator is checked at compile time.
///
/// # Example
///
/// A game of "take 1 or 2 from a pile; whoever takes the last item wins":
///
/// ```
/// use search_core::{Game, MoveList, Outcome, Player};
///
/// #[derive(Clone, Debug)]
/// struct Pile { items: u32, to_move: Player }
///
/// impl Game for Pile {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn generate_moves(&self, moves: &mut MoveList<u32>) {
///         for take in 1..=self.items.min(2) { moves.push(take); }
///     }
///     fn play(&self, take: u32) -> Self {
///         Pile { items: self.items - take, to_move: self.to_move.opponent() }
///     }
///     fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
///         // The previous player took the last item: the side to move has lost.
///         (legal_moves == 0).then_some(Outcome::Loss)
///     }
/// }
///
/// let mut moves = MoveList::new();
/// Pile { items: 5, to_move: Player::First }.generate_moves(&mut moves);
/// assert_eq!(moves.as_slice(), &[1, 2]);
/// ```
///
/// Positions and moves are plain data that threads may share (`Send + Sync`): the engine
/// searches one root on several threads at once (given [`Resources`](crate::Resources) with
/// more than one thread), and every game of
/// plain fields is both already. (A position that counts something in an `Rc<Cell<_>>` must use
/// an `Arc<AtomicU64>` instead.)
pub trait Game: Clone + Send + Sync {
    // ---- Required: the rules of the game ----

    /// A move. Small and `Copy`: move lists are stored on the stack.
    type Move: Copy + Eq + Debug + Send + Sync;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Appends every legal move of this position to `moves` (which the caller has cleared).
    ///
    /// Called once per searched position (at a horizon, where only the number of moves
    /// matters, searchers may ask [`move_count`](Game::move_count) instead): generate cheaply,
    /// in the generator's natural order, and leave ranking to
    /// [`order_hint`](Game::order_hint), which searchers apply only where they search the moves.
    fn generate_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The position after `mv`, which must be one of the moves generated for `self`.
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// Whether the game is over, given the number of legal moves that
    /// [`generate_moves`](Game::generate_moves) produced for this position.
    ///
    /// Return `Some` for a finished game (checkmate, stalemate, a completed line, a draw rule).
    /// A position with no legal moves for which this returns `None` is a *static leaf*: searchers
    /// score it with the evaluator (the synthetic [`RandomTree`](crate::random_tree::RandomTree)
    /// uses this for its leaves).
    fn outcome(&self, legal_moves: usize) -> Option<Outcome>;

    // ---- Optional, for speed: counting moves, playing without a copy ----

    /// How many moves [`generate_moves`](Game::generate_moves) would list: what a searcher
    /// needs at its horizon, where it only asks [`outcome`](Game::outcome) whether the game is
    /// over. The default generates them and counts; override it where counting is cheaper than
    /// listing (the chess adapter counts shakmaty's moves without copying them).
    fn move_count(&self) -> usize {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.len()
    }

    /// Turns this position into the one after `mv` (which must be one of the moves generated for
    /// it): what `*self = self.play(mv)` does, which is the default.
    ///
    /// The searchers' hot paths make a child by copying the parent and playing the move on the
    /// copy (`let mut child = game.clone(); child.play_in_place(mv);`). Override it where that
    /// saves work: a large position (returning one from [`play`](Game::play) copies it once
    /// more, and reading it right after the copy stalls the processor), a position that owns
    /// heap memory (else two allocations per child; write `play` as a copy and
    /// `play_in_place`), a small position built a byte at a time. The book's performance page
    /// has the figures (chess, Kalah).
    ///
    /// ```
    /// use search_core::{Game, MoveList, Outcome, Player};
    ///
    /// #[derive(Clone, Debug, PartialEq)]
    /// struct Piles { piles: Vec<u32>, to_move: Player }
    ///
    /// impl Game for Piles {
    ///     type Move = (usize, u32); // (pile, how many taken)
    ///     fn to_move(&self) -> Player { self.to_move }
    ///     fn generate_moves(&self, moves: &mut MoveList<(usize, u32)>) {
    ///         for (pile, &items) in self.piles.iter().enumerate() {
    ///             moves.extend((1..=items).map(|take| (pile, take)));
    ///         }
    ///     }
    ///     fn play(&self, mv: (usize, u32)) -> Self {
    ///         let mut child = self.clone();
    ///         child.play_in_place(mv);
    ///         child
    ///     }
    ///     // In place: no second `Vec` for each child.
    ///     fn play_in_place(&mut self, (pile, take): (usize, u32)) {
    ///         self.piles[pile] -= take;
    ///         self.to_move = self.to_move.opponent();
    ///     }
    ///     fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
    ///         (legal_moves == 0).then_some(Outcome::Loss)
    ///     }
    /// }
    ///
    /// let start = Piles { piles: vec![1, 2], to_move: Player::First };
    /// let mut child = start.clone();
    /// child.play_in_place((1, 2));
    /// assert_eq!(child, start.play((1, 2)));
    /// assert_eq!(child.piles, [1, 0]);
    /// ```
    #[inline]
    fn play_in_place(&mut self, mv: Self::Move) {
        *self = self.play(mv);
    }

    // ---- Optional, for pruning and quiescence: passes, checks, noisy moves ----

    /// The position after passing the turn, if the game allows a "null move" here.
    ///
    /// Used by null-move pruning. `None` (the default) means unsupported, or not allowed in this
    /// position (chess refuses it in check): the searcher then simply does not try one.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the side to move is in check (or the game's equivalent of an immediate threat that
    /// must be answered). Used for check extensions, and to keep null moves and stand-pat out of
    /// such positions. Default: never.
    fn is_in_check(&self) -> bool {
        false
    }

    /// Whether `mv` is a "noisy" move (a capture or promotion in chess) that quiescence search
    /// should follow beyond the horizon (and ProbCut tries). Default: no move is noisy, so
    /// quiescence search returns the static evaluation.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The noisy moves alone, for a quiescence search (the engine's; with `qs-checks`, only
    /// below its first ply and outside check), into `moves`: `None` (the default) when the game
    /// does not give them apart, and the engine then generates every move; otherwise `Some` of
    /// the position's outcome, the one [`outcome`](Self::outcome) gives for *all* its legal
    /// moves.
    ///
    /// With `Some`, `moves` holds every move [`is_noisy`](Self::is_noisy) says is, in the order
    /// [`generate_moves`](Self::generate_moves) gives them (quiet moves may come too, in that
    /// order), and the engine takes the position as one with legal moves unless the outcome
    /// says it is over: return `None` (leaving `moves` as it was) for a position without legal
    /// moves that is not over (a static leaf). The engine asks only at the horizon and in its
    /// quiescence search, where it searches noisy moves alone, so its values and node counts stay
    /// the same, only faster. Chess gives its captures and promotions alone outside check (most
    /// moves of its quiescence nodes are quiet), and tells a stalemate apart by looking for one
    /// quiet move.
    fn generate_noisy_moves(&self, _moves: &mut MoveList<Self::Move>) -> Option<Option<Outcome>> {
        None
    }

    /// What `mv` wins or loses on its square if both sides then capture there while it pays (the
    /// static exchange evaluation), in hundredths of the evaluator's unit; `None` (the default)
    /// when the game does not say. The engine's quiescence search with `qs-see` skips the noisy
    /// moves whose exchange is negative, SEE pruning (`see-prune=margin`) near the horizon
    /// the moves whose exchange is below `−margin × depth`, and ProbCut (`probcut=margin`) tries
    /// only the noisy moves whose exchange makes up what the static value lacks of its bar
    /// (every noisy move where the game does not say). An estimate, never exact: nothing an
    /// exact configuration computes depends on it.
    fn static_exchange(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    // ---- Optional, for move ordering: a static order, the learned orderings' indices ----

    /// A static ordering score for `mv` in this position: higher is searched first (MVV-LVA in
    /// chess). Ties keep generation order. Default: `0` for every move, i.e. generation order.
    ///
    /// The game's own move order: every searcher applies it at the nodes whose moves it searches
    /// (the reference searchers through [`order_by_hint`](crate::order_by_hint), the engine's
    /// move picker as the order of the moves no other ordering tier placed). It is asked once
    /// per move of such a node, so keep it cheap.
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A small number identifying `mv` for the history heuristic, or `None` (the default): the
    /// engine then simply does not use history for this game.
    ///
    /// The same move (in the sense "the same kind of move", e.g. from-square and to-square in
    /// chess) should get the same index in every position, and different moves should rarely
    /// share one; the type bounds the table the engine keeps (`2 × 65 536` counters, one set
    /// per player). Only move ordering depends on it, never correctness.
    fn history_index(&self, _mv: Self::Move) -> Option<u16> {
        None
    }

    /// A small number identifying `mv` for what is learnt *in reply to* or *as a follow-up
    /// of* it: the continuation history (`cont-history`) and counter moves (`counter`) key the
    /// move before by it, and the continuation history keys the move it scores by it too.
    /// The default is [`history_index`](Game::history_index).
    ///
    /// A game whose moves are better told apart by *what* moves than by *where from* gives
    /// that here: chess gives the piece and its to-square (Stockfish's `[piece][to]`
    /// continuation tables), since after a move the piece on the to-square is what the reply
    /// answers, and a from-square says less once the piece has left it. Like the history
    /// index, only move ordering and what reads the history (history pruning, history-adjusted
    /// reductions) depend on it, never an exact search's value.
    fn continuation_index(&self, mv: Self::Move) -> Option<u16> {
        self.history_index(mv)
    }

    /// A small number identifying a hinted move (a positive [`order_hint`](Game::order_hint):
    /// a capture in chess) for the capture history (`capture-history`), which learns which of
    /// them cut. The default is [`continuation_index`](Game::continuation_index).
    ///
    /// A game whose captures are told apart by what they take gives that here too: chess gives
    /// the piece, its to-square and the piece it takes (Stockfish's `[piece][to][captured]`).
    /// Only move ordering depends on it, never an exact search's value.
    fn capture_index(&self, mv: Self::Move) -> Option<u16> {
        self.continuation_index(mv)
    }

    // ---- Optional, for the engine's tables: repetition, correction, value bounds ----

    /// A key identifying this position for repetition detection, or `None` (the default) if the
    /// game has no repetition rule.
    ///
    /// Searchers that honour it (the engine) score a position whose key already occurred on the
    /// current line, or in the game history given before the root, as a draw. Reference
    /// searchers ignore it: switch it off in games used for cross-checks.
    fn repetition_key(&self) -> Option<u64> {
        None
    }

    /// A hash of the part of the position whose evaluation errors persist from position to
    /// position, or `None` (the default): chess gives its pawns (the pawn structure). The
    /// engine's correction history (`correction`) averages, per key and side to move, what
    /// searches found the static evaluation to be off by, and corrects the static value of the
    /// next position with that key. Only value-changing searches depend on it (the prunings
    /// that read the static value, and the quiescence search's stand pat), never an exact
    /// search; keys that collide blend their corrections.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// Bounds on the value of this position searched to the end of the game, for the side to
    /// move, as scores measured from here (ply 0 is this position: a win on the next move is
    /// [`Score::mate_in`]`(1)`): `(lowest, highest)`, if the game knows any; `None` (the
    /// default) if not. Kalah knows them from the seeds already stored (the side to move ends
    /// with at least its store and at most its store plus every seed in play:
    /// [`Score::margin_range`] turns such margins into scores); Connect Four knows a win on the
    /// spot and a double threat that cannot be stopped.
    ///
    /// Used by the engine's `bounds` feature, on in the solver ([`crate::solve`]), which ends a
    /// node whose bounds decide its window ("is the margin at least 10?" answered at once when
    /// the seeds left cannot make it 10). Searches to the end of the game stay exact; a bound
    /// that a line of the game breaks makes the solver wrong, which
    /// [`SolveCheck`](crate::testing::SolveCheck) catches.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        None
    }

    // ---- Optional, for games with dice: chance nodes ----

    /// Whether the game has chance nodes at all (dice, a shuffled deck): `false` by default.
    ///
    /// Set it to `true` in a game that overrides [`is_chance`](Game::is_chance). Searchers use it
    /// at compile time: a deterministic game pays nothing for chance nodes, and the engine keys
    /// its transposition table by the distance from the root as well in a chance game (an
    /// expectation that mixes a win at some distance with other values changes with the
    /// distance, so one stored at another ply would be wrong).
    const HAS_CHANCE: bool = false;

    /// Whether nature moves in this position (a die is about to be rolled): then the moves
    /// [`generate_moves`](Game::generate_moves) lists are the chance **outcomes**, each with the
    /// weight [`chance_weight`](Game::chance_weight) gives, and [`play`](Game::play) plays one.
    /// Default: never (set [`HAS_CHANCE`](Game::HAS_CHANCE) when overriding it).
    ///
    /// A chance node's value is the weighted mean of its outcomes' values (expectiminimax,
    /// Michie 1966), rounded as [`crate::chance`] defines, so that every searcher computes
    /// exactly the same integer. Its [`to_move`](Game::to_move) is the player whose point of
    /// view its value is given in (any; the player who moves after the roll is natural), and its
    /// outcomes count as plies of the depth, like moves.
    fn is_chance(&self) -> bool {
        false
    }

    /// The weight of chance outcome `outcome` of this chance node (at least 1): its probability
    /// is its weight over the sum of the weights of all the node's outcomes. Integer weights keep
    /// every value exact (a fair die: 1 for each face). Default: 1 (equally likely outcomes).
    fn chance_weight(&self, _outcome: Self::Move) -> u32 {
        1
    }

    /// A bound on the absolute value of every score a search of this game can meet: static
    /// values are clamped into it (by [`static_score`], so every searcher alike), and finished
    /// positions must score within it. [`Score::MAX_DECIDED`] by default (always true); tighter
    /// is better in a chance game: `Score::MATE` for a win/loss game, `Score::won_by(m, 0)` for a
    /// game of margins up to `m`, the largest leaf value for a synthetic tree.
    ///
    /// Used only at chance nodes, where Star1 and Star2 (see [`crate::chance`]) bound the value
    /// of outcomes not searched yet by it: the tighter the bound, the more they prune. A bound
    /// that a finished position exceeds makes them wrong (the cross-checks catch it).
    fn value_bound(&self) -> Score {
        Score::MAX_DECIDED
    }
}

/// A 64-bit hash of a position, for transposition tables.
///
/// A separate capability on purpose: a transposition table is only as correct as the hash, so
/// searchers that need one require this trait at compile time instead of failing at run time.
/// Equal positions (for the purpose of search, including the side to move) must hash equally;
/// distinct positions should collide rarely.
pub trait ZobristHash: Game {
    /// The position's hash.
    fn zobrist(&self) -> u64;

    /// A number for `mv`, one of this position's moves: how the engine's transposition table
    /// stores a move (every entry packed in two 64-bit words, so that threads can share the
    /// table without a lock). Distinct moves of one position must get distinct numbers, each
    /// below [`MAX_MOVE_CODE`](crate::engine::tt::MAX_MOVE_CODE) (`2^18 - 2`); the same number
    /// in another position may mean another move (a stored move is only read back as one of
    /// the probing position's moves). Give all of a game's moves a number, or none.
    ///
    /// `None`, the default: the engine numbers a move by its place in the order of
    /// [`generate_moves`](Game::generate_moves) (which must then be the same every time for a
    /// position), at the price of generating the moves once more for each result it stores.
    /// A game with a cheap number of its own (a square, a column, a pair of squares) gives it
    /// here, and its engine is faster:
    ///
    /// ```
    /// # use search_core::{Game, MoveList, Outcome, Player, ZobristHash};
    /// # #[derive(Clone)]
    /// # struct Pile { items: u32, to_move: Player }
    /// # impl Game for Pile {
    /// #     type Move = u32;
    /// #     fn to_move(&self) -> Player { self.to_move }
    /// #     fn generate_moves(&self, moves: &mut MoveList<u32>) { moves.extend(1..=self.items.min(3)); }
    /// #     fn play(&self, take: u32) -> Self { Pile { items: self.items - take, to_move: self.to_move.opponent() } }
    /// #     fn outcome(&self, moves: usize) -> Option<Outcome> { (moves == 0).then_some(Outcome::Loss) }
    /// # }
    /// impl ZobristHash for Pile {
    ///     fn zobrist(&self) -> u64 {
    ///         u64::from(self.items) * 2 + u64::from(self.to_move == Player::Second)
    ///     }
    ///     // A move takes 1, 2 or 3 items: that number is the move's code.
    ///     fn move_code(&self, take: u32) -> Option<u32> {
    ///         Some(take)
    ///     }
    /// }
    /// ```
    fn move_code(&self, _mv: Self::Move) -> Option<u32> {
        None
    }

    /// For a game scored by margins ([`Outcome::Margin`]) where what the players have already
    /// banked (Kalah's stores, Dots and Boxes' boxes) does not change what the rest of the game
    /// can bring: a hash of the position *without* what is banked, and the margin banked so far
    /// for the side to move. The contract: the position's final margin with perfect play is the
    /// banked margin plus a value that depends only on that hash.
    ///
    /// The [solver](crate::solve::Solver) keys its transposition table by it and stores values
    /// relative to the banked margin (the engine's `banked` table option, `banked.rs`), so that
    /// positions that differ only in their stores share one entry: in a `Kalah(6, 4)` solve such
    /// positions come five times as often as exact repeats. `None`, the default: the game has
    /// no such split (the table keys by [`zobrist`](Self::zobrist)).
    fn banked_key(&self) -> Option<(u64, i32)> {
        None
    }
}

/// A static evaluation: the value of a position from the side to move's point of view, in
/// centi-units (centipawns in chess), within `±`[`Score::MAX_EVAL`] (`±28 999`; build it with
/// [`Score::cp`], which clamps into that range).
///
/// Any `Fn(&G) -> Score` closure is an evaluator:
///
/// ```
/// use search_core::{Evaluate, Score};
/// # use search_core::random_tree::RandomTree;
/// let zero = |_: &RandomTree| Score::DRAW;
/// # let tree = RandomTree::new(1, 2, 2);
/// assert_eq!(zero.evaluate(&tree), Score::DRAW);
/// ```
///
/// # The evaluation's unit
///
/// [`unit`](Evaluate::unit) says what one unit of the game's material is worth on this scale: a
/// pawn in chess, a seed in Kalah, a box in Dots and Boxes. It is 100 unless said otherwise (the
/// evaluation counts hundredths of a unit, as chess counts centipawns). The engine's margins
/// (aspiration windows, futility and reverse futility, delta pruning) are given in hundredths of
/// a unit, so a margin of 100 means "one pawn" in chess and "one seed" in a Kalah evaluation
/// that counts a seed as 1:
///
/// ```
/// use search_core::{Evaluate, Score};
/// # use search_core::random_tree::RandomTree;
/// /// Counts a point as 1, not 100: the engine's margins are scaled to match.
/// struct Points;
/// impl Evaluate<RandomTree> for Points {
///     fn evaluate(&self, tree: &RandomTree) -> Score {
///         Score::cp(tree.value() / 100)
///     }
///     fn unit(&self) -> i32 {
///         1
///     }
/// }
/// assert_eq!(Points.unit(), 1);
/// ```
///
/// An evaluator is shared by the threads of a search (`Sync`), as a closure of plain data is.
pub trait Evaluate<G: Game>: Sync {
    /// The static value of `game` for the side to move.
    fn evaluate(&self, game: &G) -> Score;

    /// What one unit of the game (a pawn, a seed, a box) is worth on this evaluation's scale,
    /// at least 1: 100 by default. The engine's margins are in hundredths of it.
    fn unit(&self) -> i32 {
        100
    }
}

impl<G: Game, F: Fn(&G) -> Score + Sync> Evaluate<G> for F {
    fn evaluate(&self, game: &G) -> Score {
        self(game)
    }
}

/// Scores a position whose game is over, from the side to move's point of view, `ply` plies from
/// the root: the one rule every searcher (the references and the engine) applies to a finished
/// game.
///
/// - `Win` / `Loss`: [`Score::mate_in`] / [`Score::mated_in`]`(ply)`: the faster win, the slower
///   loss;
/// - `Draw`: [`Score::DRAW`];
/// - `Margin(m)`: [`Score::won_by`]`(m, ply)`: a larger margin first, then among equal margins the
///   faster win and the slower loss; `Margin(0)` is a draw.
///
/// Every decided score lies beyond `±`[`Score::MAX_EVAL`], in a band from which
/// [`Score::to_tt`] and [`Score::from_tt`] can tell its distance and margin, so the value stays
/// exact through a transposition table.
///
/// ```
/// use search_core::{Outcome, Score, outcome_score};
/// assert_eq!(outcome_score(Outcome::Win, 3), Score::mate_in(3));
/// assert_eq!(outcome_score(Outcome::Margin(0), 3), Score::DRAW);
/// assert!(outcome_score(Outcome::Margin(2), 9) > outcome_score(Outcome::Margin(1), 1));
/// assert!(outcome_score(Outcome::Margin(-2), 9) > outcome_score(Outcome::Margin(-2), 1));
/// ```
#[must_use]
pub const fn outcome_score(outcome: Outcome, ply: u32) -> Score {
    match outcome {
        Outcome::Loss => Score::mated_in(ply),
        Outcome::Draw => Score::DRAW,
        Outcome::Win => Score::mate_in(ply),
        Outcome::Margin(margin) => Score::won_by(margin, ply),
    }
}

/// The static value of `game` as every searcher reads it (the references and the engine):
/// `evaluator`'s, clamped into `±`[`Score::MAX_EVAL`] (and into the game's
/// [`value_bound`](Game::value_bound) in a game with chance nodes), so that no evaluation, however
/// wrong, passes for a decided result or reaches [`Score::INFINITY`] (where a search would find
/// no move better than its initial `-INFINITY`).
///
/// ```
/// use search_core::{Score, static_score};
/// # use search_core::random_tree::RandomTree;
/// let broken = |_: &RandomTree| Score::INFINITY;
/// let tree = RandomTree::new(1, 2, 2);
/// assert_eq!(static_score(&broken, &tree), Score::MAX_EVAL);
/// ```
#[must_use]
pub fn static_score<G: Game, E: Evaluate<G> + ?Sized>(evaluator: &E, game: &G) -> Score {
    let bound = if G::HAS_CHANCE {
        Score::MAX_EVAL.min(game.value_bound())
    } else {
        Score::MAX_EVAL
    };
    evaluator.evaluate(game).clamp(-bound, bound)
}
