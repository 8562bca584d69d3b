//! **A worker and its plan**: one thread's search ([`Worker`]: the state the node function works
//! on), and what the search runs at each phase of a node ([`Plan`]: worked out once per search
//! from the configuration, read at every node).
//!
//! A search on one thread has one worker, borrowing the engine's state; a search on several
//! threads (`threads.rs`) has one per thread, each with a search state and history counters of
//! its own, all sharing the engine's evaluator, plan and transposition table.
//!
//! # The phases
//!
//! The node function (`node.rs`) calls the features at fixed phases; each feature's file says,
//! in its `plan` function, at which phases it acts and what it needs (`features.rs` calls every
//! feature's `plan` once per search). A feature that is off is in no list: the node pays nothing
//! for it.
//!
//! | phase | when | the features there (by rank) |
//! |---|---|---|
//! | [`Plan::on_entry`] | a node's depth is set, before the horizon | check extension 10, capture chain 20 |
//! | [`Plan::horizon`] | at the horizon | quiescence search (else the static value) |
//! | [`Plan::before_table`] | before the table's probe | value bounds 10 |
//! | [`Plan::before_moves`] | after the probe, before the moves | enhanced cutoffs 10, internal deepening 15, internal reduction 20, correction 30, improving 40, table eval 50, reverse futility 60, razoring 70, null move 80, ProbCut 90, singular extension 100 |
//! | [`Plan::prune_move`] | for each move, before it is searched | futility 10, late move pruning 20, history pruning 30, SEE pruning 40 |
//! | [`Plan::reduce`] | for each move searched | late move reductions 10 |
//! | [`Plan::extend`] | for each move searched | singular extension 10 |
//! | [`Plan::after_first_move`] | once the first move failed to cut | sibling prefetch 10 |
//! | [`Plan::after_cutoff`] | after a beta cutoff | capture history 10, killers 20, counter moves 30, history 40, continuation history 50 |
//! | [`Plan::after_moves`] | after the moves, before the table's store | correction 10 |
//! | [`Plan::at_chance_node`] | at a chance node | improving 10 |
//!
//! Within a phase the steps run by rank (a number each feature's file gives), so that the order
//! of the steps, which changes what is searched, is fixed whatever order the features are
//! listed in.

use super::context::Context;
use super::frame::{Candidate, Facts, Node, Tried};
use super::root_window::RootWindow;
use super::search_state::SearchState;
use super::tables::history::{History, HistoryRule};
use super::tables::key::{Hasher, TableKey, table_key};
use super::tables::tt::{Probe, Table, TableConfig};
use crate::chance::ChancePruning;
use crate::trace::Cut;
use crate::{Bound, Evaluate, Game, MoveList, Score};

/// One thread's search. See the [module documentation](self).
pub(crate) struct Worker<'a, G: Game, E> {
    /// The evaluator, shared.
    pub(crate) evaluator: &'a E,
    /// What the search runs at each phase, shared.
    pub(crate) plan: &'a Plan<'a, G, E>,
    /// The transposition table: the engine's own, or shared by the threads.
    pub(crate) table: Option<Table<'a>>,
    /// The game's hash and move codes, where there is a table.
    pub(crate) hasher: Option<Hasher<G>>,
    /// The history counters.
    pub(crate) history: &'a mut History,
    /// What the caller attached: the root-move restriction, the game history, and (for the
    /// main thread) the callbacks.
    pub(crate) context: &'a mut Context<G::Move>,
    /// What this search started afresh.
    pub(crate) search: &'a mut SearchState<G::Move>,
}

/// What a node needs besides its moves, as the features on declare it (each in its `plan`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent needs, each a flag
pub(crate) struct Needs {
    /// [`Game::is_in_check`] of every node, before its moves.
    pub(crate) check: bool,
    /// [`Game::is_noisy`] of every move the loop hands out.
    pub(crate) noisy: bool,
    /// The static value of interior nodes (not the root, not in check).
    pub(crate) static_value: bool,
    /// The moves of a horizon node, not only their count: a quiescence search or an extension
    /// may follow.
    pub(crate) moves_at_horizon: bool,
    /// A quiescence search of noisy moves alone follows the horizon (the game may then
    /// generate those alone, [`Game::generate_noisy_moves`]).
    pub(crate) noisy_at_horizon: bool,
    /// A node in check goes a ply deeper (check extension): a horizon node in check needs all
    /// its moves, and a move into check gets no second extension.
    pub(crate) extends_in_check: bool,
    /// The continuation indices of the line's moves, ply by ply (counter moves, continuation
    /// history).
    pub(crate) line_moves: bool,
    /// The quiet moves tried before a cutoff (the learners that punish them).
    pub(crate) tried_quiets: bool,
    /// The hinted moves tried before a cutoff (capture history).
    pub(crate) tried_captures: bool,
    /// A quiet move's history score in its [`Candidate`] (history pruning, history-adjusted
    /// reductions; read under the gravity rule only).
    pub(crate) quiet_history: bool,
}

/// The ordering tiers on (`ordering.rs`): what the move picker orders by besides the table's
/// move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent tiers, each a flag
pub(crate) struct Order {
    /// Hinted moves as a tier of their own (`features/hints.rs`).
    pub(crate) hints: bool,
    /// Killers (`features/killers.rs`).
    pub(crate) killers: bool,
    /// Counter moves (`features/counter.rs`).
    pub(crate) counter: bool,
    /// History, by its rule (`features/history.rs`).
    pub(crate) history: Option<HistoryRule>,
    /// Continuation history (`features/continuation.rs`).
    pub(crate) continuation: bool,
    /// Capture history (`features/capture_history.rs`).
    pub(crate) capture: bool,
}

impl Order {
    /// Whether a tier that places moves is on (capture history only reorders the hinted tier;
    /// counter moves place a move only where one is known).
    pub(crate) fn any_tier(&self) -> bool {
        self.hints || self.killers || self.history.is_some() || self.continuation
    }
}

/// How the search runs at its root and between nodes: the settings the drivers and the node
/// function read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Settings {
    /// Iterative deepening (`features/iterative.rs`).
    pub(crate) iterative_deepening: bool,
    /// The root's window (`root_window.rs`).
    pub(crate) root_window: RootWindow,
    /// Principal variation search's scouts (`features/pvs.rs`).
    pub(crate) pvs: bool,
    /// Repetition draws (`features/repetition.rs`).
    pub(crate) repetition: bool,
    /// The root's capture-chain budget (`features/capture_chain.rs`).
    pub(crate) capture_chain: Option<u32>,
    /// The transposition table (`features/tt.rs`).
    pub(crate) table: Option<TableConfig>,
    /// Pruning at chance nodes (`features/star.rs`).
    pub(crate) chance: Option<ChancePruning>,
    /// The static value corrected by the correction history (`features/correction.rs`), in the
    /// node's facts and in quiescence search's stand pat.
    pub(crate) correction: bool,
}

/// A step before the moves: may end the node (its score, and the cut that names why), or
/// change the node's depth and facts. Steps after the first are not run after an abort.
pub(crate) type BeforeMoves<'p, G, E> = Box<
    dyn for<'w> Fn(
            &mut Worker<'w, G, E>,
            &G,
            &mut Node,
            &mut MoveList<<G as Game>::Move>,
            &mut Facts<<G as Game>::Move>,
        ) -> Option<(Score, Cut)>
        + Send
        + Sync
        + 'p,
>;

/// A step for each move before it is searched: `Some(bound)` skips the move, counting `bound`
/// in the node's fail-soft value (`-INFINITY` to count nothing).
pub(crate) type PruneMove<'p, G, E> =
    Box<dyn for<'w, 'm> Fn(&mut Worker<'w, G, E>, &MoveAt<'m, G>) -> Option<Score> + Send + Sync + 'p>;

/// A step for each move searched: plies by which to reduce (or extend) it.
pub(crate) type MovePlies<'p, G, E> =
    Box<dyn for<'w, 'm> Fn(&Worker<'w, G, E>, &MoveAt<'m, G>) -> u32 + Send + Sync + 'p>;

/// A step once a node's first move failed to cut: the node's moves and the one searched.
pub(crate) type AfterFirstMove<'p, G, E> = Box<
    dyn for<'w> Fn(&Worker<'w, G, E>, &G, &Node, &[<G as Game>::Move], <G as Game>::Move) + Send + Sync + 'p,
>;

/// A step after a beta cutoff: what the move that cut teaches (`tried`: the moves searched
/// before it).
pub(crate) type AfterCutoff<'p, G, E> =
    Box<dyn for<'w, 'm> Fn(&mut Worker<'w, G, E>, &MoveAt<'m, G>, &Tried) + Send + Sync + 'p>;

/// A step after the moves: what the node's result (its fail-soft score and best move, if any)
/// teaches.
pub(crate) type AfterMoves<'p, G, E> = Box<
    dyn for<'w> Fn(
            &mut Worker<'w, G, E>,
            &G,
            &Node,
            &Facts<<G as Game>::Move>,
            Score,
            Option<<G as Game>::Move>,
        ) + Send
        + Sync
        + 'p,
>;

/// The search at the horizon: the node's value from its moves (generated, or only noisy ones
/// where [`Needs::noisy_at_horizon`]) in its window; `checks` asks for the quiet checks of its
/// first ply too (razoring's confirmation).
pub(crate) type Horizon<'p, G, E> = Box<
    dyn for<'w> Fn(&mut Worker<'w, G, E>, &G, &mut MoveList<<G as Game>::Move>, &Node, bool) -> Score
        + Send
        + Sync
        + 'p,
>;

/// A step at a node's entry, once its check status is known: may deepen the node.
pub(crate) type OnEntry<'p> = Box<dyn Fn(&mut Node, bool) + Send + Sync + 'p>;

/// A step at a chance node.
pub(crate) type AtChanceNode<'p, G, E> =
    Box<dyn for<'w> Fn(&mut Worker<'w, G, E>, &G, &Node) + Send + Sync + 'p>;

/// A move of a node, as the steps for each move see it.
pub(crate) struct MoveAt<'m, G: Game> {
    /// The position.
    pub(crate) game: &'m G,
    /// The move.
    pub(crate) mv: G::Move,
    /// The position after it.
    pub(crate) child: &'m G,
    /// The node.
    pub(crate) node: &'m Node,
    /// What the node found out before its moves.
    pub(crate) facts: &'m Facts<G::Move>,
    /// The move as the features that decide about it see it.
    pub(crate) candidate: &'m Candidate,
    /// The node's alpha as it is now.
    pub(crate) alpha: Score,
}

/// The steps of one phase, in rank order, with their ranks (for the insertion of the next).
struct Steps<T> {
    steps: Vec<T>,
    ranks: Vec<u32>,
}

impl<T> Steps<T> {
    /// No step.
    fn new() -> Self {
        Steps {
            steps: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// Adds `step` at `rank`, after the steps of lower or equal rank.
    fn add(&mut self, rank: u32, step: T) {
        let at = self.ranks.partition_point(|&other| other <= rank);
        self.ranks.insert(at, rank);
        self.steps.insert(at, step);
    }
}

/// What a search runs at each phase of a node, and what it needs. See the
/// [module documentation](self).
pub(crate) struct Plan<'p, G: Game + 'p, E: 'p> {
    /// The evaluation's unit, by which the margins are scaled.
    unit: i32,
    /// What nodes need besides their moves.
    pub(crate) needs: Needs,
    /// The ordering tiers on.
    pub(crate) order: Order,
    /// How the search runs at its root and between nodes.
    pub(crate) settings: Settings,
    on_entry: Steps<OnEntry<'p>>,
    horizon: Option<Horizon<'p, G, E>>,
    before_table: Steps<BeforeMoves<'p, G, E>>,
    before_moves: Steps<BeforeMoves<'p, G, E>>,
    prune_move: Steps<PruneMove<'p, G, E>>,
    reduce: Steps<MovePlies<'p, G, E>>,
    extend: Steps<MovePlies<'p, G, E>>,
    after_first_move: Steps<AfterFirstMove<'p, G, E>>,
    after_cutoff: Steps<AfterCutoff<'p, G, E>>,
    after_moves: Steps<AfterMoves<'p, G, E>>,
    at_chance_node: Steps<AtChanceNode<'p, G, E>>,
}

impl<'p, G: Game, E> Plan<'p, G, E> {
    /// An empty plan (every feature off) for an evaluation whose unit is `unit`.
    pub(crate) fn new(unit: i32) -> Self {
        Plan {
            unit,
            needs: Needs::default(),
            order: Order::default(),
            settings: Settings::default(),
            on_entry: Steps::new(),
            horizon: None,
            before_table: Steps::new(),
            before_moves: Steps::new(),
            prune_move: Steps::new(),
            reduce: Steps::new(),
            extend: Steps::new(),
            after_first_move: Steps::new(),
            after_cutoff: Steps::new(),
            after_moves: Steps::new(),
            at_chance_node: Steps::new(),
        }
    }

    /// A margin of the configuration, in hundredths of the evaluation's unit, on the
    /// evaluation's scale (see `feature.rs`'s `scaled`).
    pub(crate) fn scaled(&self, margin: i32) -> i32 {
        super::feature::scaled(margin, self.unit)
    }

    /// Finishes the plan once every feature has added its steps: the needs that depend on
    /// several features.
    pub(crate) fn finish(&mut self) {
        // Quiet history is read only as the gravity rule learns it.
        self.needs.quiet_history &= self.order.history == Some(HistoryRule::Gravity);
    }

    /// Adds a step at a node's entry.
    pub(crate) fn on_entry(&mut self, rank: u32, step: impl Fn(&mut Node, bool) + Send + Sync + 'p) {
        self.on_entry.add(rank, Box::new(step));
    }

    /// Sets the search at the horizon.
    pub(crate) fn horizon(
        &mut self,
        step: impl for<'w> Fn(&mut Worker<'w, G, E>, &G, &mut MoveList<G::Move>, &Node, bool) -> Score
        + Send
        + Sync
        + 'p,
    ) {
        self.horizon = Some(Box::new(step));
    }

    /// Adds a step before the table's probe.
    pub(crate) fn before_table(
        &mut self,
        rank: u32,
        step: impl for<'w> Fn(
            &mut Worker<'w, G, E>,
            &G,
            &mut Node,
            &mut MoveList<G::Move>,
            &mut Facts<G::Move>,
        ) -> Option<(Score, Cut)>
        + Send
        + Sync
        + 'p,
    ) {
        self.before_table.add(rank, Box::new(step));
    }

    /// Adds a step after the table's probe, before the moves.
    pub(crate) fn before_moves(
        &mut self,
        rank: u32,
        step: impl for<'w> Fn(
            &mut Worker<'w, G, E>,
            &G,
            &mut Node,
            &mut MoveList<G::Move>,
            &mut Facts<G::Move>,
        ) -> Option<(Score, Cut)>
        + Send
        + Sync
        + 'p,
    ) {
        self.before_moves.add(rank, Box::new(step));
    }

    /// Adds a step for each move, before it is searched.
    pub(crate) fn prune_move(
        &mut self,
        rank: u32,
        step: impl for<'w, 'm> Fn(&mut Worker<'w, G, E>, &MoveAt<'m, G>) -> Option<Score> + Send + Sync + 'p,
    ) {
        self.prune_move.add(rank, Box::new(step));
    }

    /// Adds a step that reduces each move searched.
    pub(crate) fn reduce(
        &mut self,
        rank: u32,
        step: impl for<'w, 'm> Fn(&Worker<'w, G, E>, &MoveAt<'m, G>) -> u32 + Send + Sync + 'p,
    ) {
        self.reduce.add(rank, Box::new(step));
    }

    /// Adds a step that extends each move searched.
    pub(crate) fn extend(
        &mut self,
        rank: u32,
        step: impl for<'w, 'm> Fn(&Worker<'w, G, E>, &MoveAt<'m, G>) -> u32 + Send + Sync + 'p,
    ) {
        self.extend.add(rank, Box::new(step));
    }

    /// Adds a step once a node's first move failed to cut.
    pub(crate) fn after_first_move(
        &mut self,
        rank: u32,
        step: impl for<'w> Fn(&Worker<'w, G, E>, &G, &Node, &[G::Move], G::Move) + Send + Sync + 'p,
    ) {
        self.after_first_move.add(rank, Box::new(step));
    }

    /// Adds a step after a beta cutoff.
    pub(crate) fn after_cutoff(
        &mut self,
        rank: u32,
        step: impl for<'w, 'm> Fn(&mut Worker<'w, G, E>, &MoveAt<'m, G>, &Tried) + Send + Sync + 'p,
    ) {
        self.after_cutoff.add(rank, Box::new(step));
    }

    /// Adds a step after the moves.
    pub(crate) fn after_moves(
        &mut self,
        rank: u32,
        step: impl for<'w> Fn(&mut Worker<'w, G, E>, &G, &Node, &Facts<G::Move>, Score, Option<G::Move>)
        + Send
        + Sync
        + 'p,
    ) {
        self.after_moves.add(rank, Box::new(step));
    }

    /// Adds a step at chance nodes.
    pub(crate) fn at_chance_node(
        &mut self,
        rank: u32,
        step: impl for<'w> Fn(&mut Worker<'w, G, E>, &G, &Node) + Send + Sync + 'p,
    ) {
        self.at_chance_node.add(rank, Box::new(step));
    }

    /// Runs the steps at a node's entry (its side to move `in_check` or not).
    #[inline]
    pub(crate) fn enter(&self, node: &mut Node, in_check: bool) {
        for step in &self.on_entry.steps {
            step(node, in_check);
        }
    }

    /// The search at the horizon, if one is set.
    pub(crate) fn horizon_search(&self) -> Option<&Horizon<'p, G, E>> {
        self.horizon.as_ref()
    }

    /// The steps before the table's probe.
    pub(crate) fn before_table_steps(&self) -> &[BeforeMoves<'p, G, E>] {
        &self.before_table.steps
    }

    /// The steps before the moves.
    pub(crate) fn before_moves_steps(&self) -> &[BeforeMoves<'p, G, E>] {
        &self.before_moves.steps
    }

    /// The steps for each move before it is searched.
    pub(crate) fn prune_move_steps(&self) -> &[PruneMove<'p, G, E>] {
        &self.prune_move.steps
    }

    /// Whether any step acts on each move (prunes, reduces or extends it): else the move loop
    /// skips asking.
    #[inline]
    pub(crate) fn acts_on_moves(&self) -> bool {
        !(self.prune_move.steps.is_empty() && self.reduce.steps.is_empty() && self.extend.steps.is_empty())
    }

    /// The reduction of a move: the sum of the reducing steps'.
    pub(crate) fn reduction(&self, worker: &Worker<'_, G, E>, at: &MoveAt<'_, G>) -> u32 {
        self.reduce.steps.iter().map(|step| step(worker, at)).sum()
    }

    /// The extension of a move: the sum of the extending steps'.
    pub(crate) fn extension(&self, worker: &Worker<'_, G, E>, at: &MoveAt<'_, G>) -> u32 {
        self.extend.steps.iter().map(|step| step(worker, at)).sum()
    }

    /// The steps once a node's first move failed to cut.
    pub(crate) fn after_first_move_steps(&self) -> &[AfterFirstMove<'p, G, E>] {
        &self.after_first_move.steps
    }

    /// The steps after a beta cutoff.
    pub(crate) fn after_cutoff_steps(&self) -> &[AfterCutoff<'p, G, E>] {
        &self.after_cutoff.steps
    }

    /// The steps after the moves.
    pub(crate) fn after_moves_steps(&self) -> &[AfterMoves<'p, G, E>] {
        &self.after_moves.steps
    }

    /// The steps at chance nodes.
    pub(crate) fn chance_node_steps(&self) -> &[AtChanceNode<'p, G, E>] {
        &self.at_chance_node.steps
    }
}

impl<G: Game, E> Worker<'_, G, E> {
    /// The position's table key, `ply` plies from the root, if there is a table (see
    /// `tables/key.rs`'s `table_key`).
    #[inline]
    pub(crate) fn key(&self, game: &G, ply: u32) -> Option<TableKey> {
        match (&self.table, &self.hasher) {
            (Some(_), Some(hasher)) => Some(table_key(*hasher, game, ply)),
            _ => None,
        }
    }

    /// The move of `game` whose table code is `code`, among its `moves` (`all`: every one of
    /// them, in generation order).
    pub(crate) fn stored_move(
        &self,
        game: &G,
        code: Option<u32>,
        moves: &[G::Move],
        all: bool,
    ) -> Option<G::Move> {
        self.hasher?.decode(game, code?, moves, all)
    }

    /// The table's code of `mv`, one of `game`'s moves (`moves`, if given, are all of `game`'s
    /// moves in generation order).
    pub(crate) fn move_code(&self, game: &G, mv: Option<G::Move>, moves: Option<&[G::Move]>) -> Option<u32> {
        self.hasher?.code(game, mv?, moves)
    }

    /// The table's fill rate in per mille (0 without a table).
    pub(crate) fn hashfull(&self) -> u32 {
        self.table.as_ref().map_or(0, Table::hashfull)
    }

    /// The table's answer for `node` (table key `key`): a score that ends the node, the
    /// stored move to search first and the stored bounds (see `tables/tt.rs`); all `None`
    /// without an entry.
    pub(crate) fn probe_table(&mut self, key: Option<TableKey>, node: &Node) -> Probe {
        let (Some(key), Some(tt), Some(table)) = (key, &self.table, self.plan.settings.table) else {
            return Probe::default();
        };
        match tt.probe_node(key, node, table.policy, &mut self.search.stats) {
            Some(probe) => {
                self.search.trace.tt_hit();
                probe
            }
            None => Probe::default(),
        }
    }

    /// Stores the fail-soft `score` of `node` as a `bound` of its value, with its best move's
    /// code, if there is a table.
    pub(crate) fn store_table(
        &mut self,
        key: Option<TableKey>,
        node: &Node,
        bound: Bound,
        score: Score,
        move_code: Option<u32>,
    ) {
        if let (Some(key), Some(tt)) = (key, &mut self.table) {
            tt.store_node(key, node, bound, score, move_code);
        }
    }

    /// The table key of a node that will reach the table (one above the horizon: a node at it
    /// probes only if an extension takes it deeper, and then computes its key there), with a
    /// load of its bucket started now, so that the probe finds it in the cache: a probe of a
    /// large table is otherwise a wait on memory (a third of a Kalah solve's time), which the
    /// move generation before it now overlaps.
    #[inline]
    pub(crate) fn key_and_prefetch(&self, game: &G, node: &Node) -> Option<TableKey> {
        if node.depth == 0 {
            return None;
        }
        let key = self.key(game, node.ply)?;
        if let Some(table) = &self.table {
            table.prefetch(key.hash);
        }
        Some(key)
    }

    /// The table's answer for `node` (position `game`, its `moves`): a stored score that ends
    /// the node, or the stored bounds and the move to search first in `facts`; `early_key`, the
    /// key computed at the node's start, if any. Without a table, only the root's previous best
    /// move.
    #[inline]
    pub(crate) fn probe(
        &mut self,
        game: &G,
        node: &Node,
        early_key: Option<TableKey>,
        moves: &[G::Move],
        facts: &mut Facts<G::Move>,
    ) -> Option<Score> {
        if self.table.is_none() {
            if node.ply == 0 {
                facts.tt_move = self.search.root_best.filter(|mv| moves.contains(mv));
            }
            return None;
        }
        facts.tt_key = early_key.or_else(|| self.key(game, node.ply));
        let probe = self.probe_table(facts.tt_key, node);
        if probe.score.is_some() {
            return probe.score;
        }
        (facts.stored, facts.lower) = (probe.stored, probe.lower);
        facts.tt_move = self.first_move(game, probe.move_code, moves, node.ply);
        None
    }

    /// The move to search first: the table's (looked up among all the moves, even where the
    /// root's are restricted), else at the root the previous iteration's best.
    fn first_move(&self, game: &G, code: Option<u32>, moves: &[G::Move], ply: u32) -> Option<G::Move> {
        let all_moves = ply > 0 || self.context.root_moves.is_none();
        let stored = self.stored_move(game, code, moves, all_moves);
        if ply == 0 && !stored.is_some_and(|mv| moves.contains(&mv)) {
            return self.search.root_best.filter(|mv| moves.contains(mv));
        }
        stored
    }

    /// Stores the node's fail-soft `score` with its bound and best move, if there is a table
    /// (a Star2 probe searched one move: its value, unless it failed low, bounds the node from
    /// below).
    #[inline]
    pub(crate) fn store_result(
        &mut self,
        game: &G,
        key: Option<TableKey>,
        node: &Node,
        score: Score,
        best: Option<G::Move>,
    ) {
        if key.is_none() {
            return;
        }
        let move_code = self.move_code(game, best, None);
        if !node.probe {
            let bound = Bound::classify(score, node.alpha, node.beta);
            self.store_table(key, node, bound, score, move_code);
        } else if score > node.alpha {
            self.store_table(key, node, Bound::Lower, score, move_code);
        }
    }
}

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// A margin of the configuration on the evaluation's scale (see `feature.rs`'s `scaled`).
    pub(crate) fn scaled(&self, margin: i32) -> i32 {
        super::feature::scaled(margin, self.evaluator.unit())
    }

    /// The evaluator's value, clamped into `±MAX_EVAL`: an evaluation beyond it (a bug of the
    /// evaluator, or `Score::INFINITY`) would pose as a decided result or break the windows.
    pub(crate) fn evaluate(&self, game: &G) -> Score {
        crate::static_score(self.evaluator, game)
    }

    /// A leaf worth its static evaluation.
    pub(crate) fn static_leaf(&mut self, game: &G) -> Score {
        let score = self.evaluate(game);
        self.search.leaf(score)
    }
}
