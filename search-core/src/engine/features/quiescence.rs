//! **Quiescence search** (Beal 1990, "A generalised quiescence search algorithm"; the idea of
//! evaluating only quiescent positions goes back to Shannon 1950; the thesis, sections 2.6 and
//! 3.2.5): at the horizon, do not trust the static evaluation of a position in the middle of an
//! exchange; follow the noisy moves ([`Game::is_noisy`]: captures and promotions in chess) until
//! the position is quiet.
//!
//! - **Idea.** What it computes, exactly (with checks and delta pruning off), for a position not
//!   over and with moves (a finished game scores as such; a static leaf by its evaluation):
//!
//!   `q(p) = max(stand_pat(p), max over noisy moves m of -q(p after m))`
//!
//!   where `stand_pat` is the static evaluation: the side to move may decline every capture.
//!   The engine computes it with fail-soft alpha-beta: the stand pat is a lower bound that may
//!   cut at once (`>= beta`) or raise alpha; noisy moves are ordered by their hint (MVV-LVA).
//! - **Invariant.** At [`QUIESCENCE_MAX_PLY`] plies beyond the horizon
//!   (configurable), or at the engine's [`MAX_SEARCH_PLY`], the value is the stand pat
//!   alone: a hard limit, so no line can overflow the stack. Every noisy line ends there, in a
//!   quiet position, or in a finished game. The result is fail-soft, as in the main search.
//! - **Exact or value-changing.** Value-changing against plain minimax at the nominal depth (it
//!   is a different, better value function), and exact against its own definition: it is what
//!   [`MinimaxQuiescence`](crate::reference::MinimaxQuiescence) computes by brute force, and the
//!   cross-checks hold the two to the same values. Two options change it further:
//!   - **checks**: in check there is no stand pat and every move is searched (evasions); at the
//!     first quiescence ply quiet moves that give check are searched too;
//!   - **delta pruning**: when even `stand_pat + margin` cannot reach alpha, no move is searched
//!     (a generic margin: the game does not say what a capture can win), and the node returns
//!     `stand_pat + margin`, the most its captures are assumed to bring, as its fail-soft upper
//!     bound (Stockfish's quiescence futility does the same; returning the stand pat claimed a
//!     bound the captures were never searched for, and cost 41 Elo in self-play until 0.3.0).
//! - **Losing captures** (`qs-see`, [`QuiescenceConfig::see`]): a noisy move whose static
//!   exchange ([`Game::static_exchange`]) is negative, a capture that loses material if the
//!   opponent recaptures, is not searched (outside check): the standard pruning of engines with a
//!   static exchange evaluation (Chess Programming Wiki, "Static Exchange Evaluation"); value-
//!   changing, and nothing for a game without one.
//! - **Node budget** (`qs-nodes=N`, [`QuiescenceConfig::max_nodes`]):
//!   the quiescence search under one horizon node visits at most about `N` quiescence nodes;
//!   past that every quiescence node stands pat. Without it, positions with many captures on
//!   every side (a board of queens) make the capture tree exponential in `qs-max`: `go depth 1`
//!   on such a position did not answer in three minutes. Value-changing where the budget is
//!   reached; `qs-nodes` alone is [`DEFAULT_QUIESCENCE_NODES`].
//! - **Corrected stand pat** (with the engine's `correction`): the stand pat is the static value
//!   corrected by the correction history (`correction.rs`), as the primary search's is.
//! - **The table in quiescence** (`qs-tt`, [`QuiescenceConfig::table`]; Stockfish's and most
//!   engines' `qsearch` probe and store it):
//!   - *idea*: every quiescence node, the horizon's too, looks its position up in the engine's
//!     transposition table and ends at once on an entry whose bound decides the window and
//!     whose depth the table's policy accepts for depth 0 (with `tt=deeper` any entry, a
//!     primary search's being a deeper look; with `tt=same` only quiescence entries), and
//!     stores its own result at depth 0 as a bound of the window it was searched in. A position
//!     met again in another capture sequence, or in the next iteration, is searched once;
//!   - *invariant*: an entry of depth 0 is a quiescence value of its position (the primary
//!     search stores only nodes that search their moves, at depth 1 or more), so a primary node
//!     never takes one for a cutoff (unless `tt=any`, which takes any entry), only its move to
//!     try first (quiescence stores none, and keeps the move already there);
//!   - *exact or value-changing*: value-changing in general (an entry may come from a deeper
//!     search, or from another path's ply limit, node budget or checks at the first ply), so off
//!     in every preset; with `tt=same`, no checks, no budget and no ply limit reached, a
//!     quiescence value is the position's alone, and the tests find the root's value unchanged;
//!   - *cost*: a probe and a store per quiescence node, and the table shared with the primary
//!     search's entries (a quiescence store can take the always-replace slot, or the
//!     depth-preferred slot of its own position, from a deeper entry). Without a table (`qs-tt`
//!     with no `tt`) it does nothing. In chess self-play it paid: 15% fewer nodes at
//!     `bench`'s depth 7, +35 Elo (the book's strength record).
//! - **Cost.** One evaluation and one move generation per quiescence node (with `qs-tt`, a
//!   table probe and store too), and the noisy lines themselves: often more nodes than the
//!   primary search in chess (the thesis saw lines 32 plies deep), but far better values (the
//!   thesis's versus play). The horizon node itself is a primary node; the nodes below it count
//!   as `quiescence_nodes`.

use crate::engine::tables::correction::Correction;
use crate::engine::feature::{
    Exactness, Feature, Kind, Value, exact, flag, no_alias, number, number_i32, scaled, value_changing,
};
use crate::engine::frame::{MAX_SEARCH_PLY, Node};
use crate::engine::ordering::MovePicker;
use crate::engine::search_state::SearchState;
use crate::engine::tables::key::{Hasher, table_key};
use crate::engine::tables::tt::{DepthPolicy, Table};
use crate::engine::worker::Plan;
use crate::trace::Cut;
use crate::{Bound, Evaluate, Game, MoveList, Score, outcome_score, static_score};

/// Quiescence search's part of the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuiescenceConfig {
    /// In check, every move (no stand pat); at the first quiescence ply, quiet checking moves.
    pub checks: bool,
    /// Delta pruning with this margin.
    pub delta_pruning: Option<i32>,
    /// The hard limit on quiescence plies beyond the horizon.
    pub max_ply: u32,
    /// A budget of quiescence nodes under each horizon node (`None`: no budget).
    pub max_nodes: Option<u32>,
    /// Skip noisy moves that lose material by the static exchange.
    pub see: bool,
    /// Probe and store the transposition table at quiescence nodes.
    pub table: bool,
}

/// The default bound on quiescence plies beyond the horizon (the thesis saw lines 32 plies deep).
pub const QUIESCENCE_MAX_PLY: u32 = 64;

/// The quiescence node budget `qs-nodes` names alone: far above what an ordinary chess position
/// needs, low enough that a board full of queens answers `go depth 1` in a fraction of a second.
pub const DEFAULT_QUIESCENCE_NODES: u32 = 5000;

/// The default delta-pruning margin: a queen's worth (9 units, a unit being a pawn), the usual
/// safe margin.
pub const DEFAULT_DELTA_MARGIN: i32 = 900;

impl Default for QuiescenceConfig {
    fn default() -> Self {
        QuiescenceConfig {
            checks: false,
            delta_pruning: None,
            max_ply: QUIESCENCE_MAX_PLY,
            max_nodes: None,
            see: false,
            table: false,
        }
    }
}

/// The part, to edit (a sub-option's parent is on when its row sets it).
fn quiescence(part: &mut Option<QuiescenceConfig>) -> &mut QuiescenceConfig {
    part.get_or_insert_with(QuiescenceConfig::default)
}

/// The `qs` feature: [`Config::quiescence`](super::Config::quiescence).
pub(super) const QUIESCENCE: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs",
    option: "Quiescence",
    summary: "quiescence search of noisy moves at the horizon",
    kind: Kind::Flag,
    parent: None,
    implied: false,
    get: |part| part.map(|_| Value::On),
    set: |part, value| {
        match value {
            None => *part = None,
            Some(_) => {
                quiescence(part);
            }
        }
        Ok(())
    },
    effect: |_| Exactness::Quiescence,
    alias: no_alias,
};

/// The `qs-checks` feature: [`QuiescenceConfig::checks`].
pub(super) const CHECKS: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs-checks",
    option: "Quiescence Checks",
    summary: "in quiescence search: evasions in check, quiet checks at its first ply",
    kind: Kind::Flag,
    parent: Some("qs"),
    implied: false,
    get: |part| part.and_then(|q| flag(q.checks)),
    set: |part, value| {
        quiescence(part).checks = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `delta` feature: [`QuiescenceConfig::delta_pruning`].
pub(super) const DELTA: Feature<Option<QuiescenceConfig>> = Feature {
    name: "delta",
    option: "Delta Pruning",
    summary: "delta pruning in quiescence search, margin in hundredths of a unit",
    kind: Kind::Number {
        min: 1,
        max: 100_000,
        default: DEFAULT_DELTA_MARGIN as i64,
    },
    parent: Some("qs"),
    implied: false,
    get: |part| {
        part.and_then(|q| q.delta_pruning)
            .map(|m| Value::Number(i64::from(m)))
    },
    set: |part, value| {
        quiescence(part).delta_pruning = number_i32(value);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `qs-see` feature: [`QuiescenceConfig::see`].
pub(super) const SEE: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs-see",
    option: "Quiescence SEE",
    summary: "in quiescence search: skip captures that lose material by the static exchange",
    kind: Kind::Flag,
    parent: Some("qs"),
    implied: false,
    get: |part| part.and_then(|q| flag(q.see)),
    set: |part, value| {
        quiescence(part).see = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `qs-tt` feature: [`QuiescenceConfig::table`].
pub(super) const TABLE: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs-tt",
    option: "Quiescence Table",
    summary: "in quiescence search: probe the transposition table, and store its results at depth 0",
    kind: Kind::Flag,
    parent: Some("qs"),
    implied: false,
    get: |part| part.and_then(|q| flag(q.table)),
    set: |part, value| {
        quiescence(part).table = value.is_some();
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The `qs-max` feature: [`QuiescenceConfig::max_ply`].
pub(super) const MAX_PLY: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs-max",
    option: "Quiescence Max Ply",
    summary: "the hard limit on quiescence plies beyond the horizon",
    kind: Kind::Number {
        min: 1,
        max: 1000,
        default: QUIESCENCE_MAX_PLY as i64,
    },
    parent: Some("qs"),
    implied: true,
    get: |part| part.map(|q| Value::Number(i64::from(q.max_ply))),
    set: |part, value| {
        quiescence(part).max_ply = number(value).map_or(QUIESCENCE_MAX_PLY, |n| n as u32);
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// The `qs-nodes` feature: [`QuiescenceConfig::max_nodes`].
pub(super) const NODES: Feature<Option<QuiescenceConfig>> = Feature {
    name: "qs-nodes",
    option: "Quiescence Nodes",
    summary: "a budget of quiescence nodes under each horizon node, then stand pat",
    kind: Kind::Number {
        min: 1,
        max: 100_000_000,
        default: DEFAULT_QUIESCENCE_NODES as i64,
    },
    parent: Some("qs"),
    implied: false,
    get: |part| {
        part.and_then(|q| q.max_nodes)
            .map(|n| Value::Number(i64::from(n)))
    },
    set: |part, value| {
        quiescence(part).max_nodes = number(value).map(|n| n as u32);
        Ok(())
    },
    effect: value_changing,
    alias: no_alias,
};

/// The transposition table as a quiescence search reaches it (`qs-tt`): the engine's table, the
/// game's hash and which stored depths answer.
pub(super) struct QuiescenceTable<'s, 't, G: Game> {
    /// The engine's table.
    pub(super) table: &'s mut Table<'t>,
    /// The game's hash.
    pub(super) hasher: Hasher<G>,
    /// Which stored depths answer a probe.
    pub(super) policy: DepthPolicy,
}

/// The quiescence search under one horizon node of the primary search: it works on the
/// search's state alone (statistics, trace, principal variation, limits), and on the
/// transposition table with `qs-tt`.
pub(super) struct Quiescence<'s, 't, G: Game, E> {
    evaluator: &'s E,
    config: QuiescenceConfig,
    search: &'s mut SearchState<G::Move>,
    /// The quiescence-node count at which this horizon node's budget is spent.
    budget_end: Option<u64>,
    /// Delta pruning's margin, on the evaluation's scale.
    delta: Option<i32>,
    /// The correction history that corrects the stand pat (`correction.rs`), if it is on.
    correction: Option<&'s Correction>,
    /// The transposition table, with `qs-tt`.
    table: Option<QuiescenceTable<'s, 't, G>>,
}

impl<'s, 't, G: Game, E: Evaluate<G>> Quiescence<'s, 't, G, E> {
    /// The quiescence search of a horizon node, configured by `config`, on `search`.
    pub(super) fn new(
        evaluator: &'s E,
        config: QuiescenceConfig,
        search: &'s mut SearchState<G::Move>,
    ) -> Self {
        let spent = search.stats.quiescence_nodes;
        Quiescence {
            evaluator,
            config,
            budget_end: config.max_nodes.map(|nodes| spent + u64::from(nodes)),
            delta: config
                .delta_pruning
                .map(|margin| scaled(margin, evaluator.unit())),
            search,
            correction: None,
            table: None,
        }
    }

    /// The same, its stand pat corrected by `correction` (the correction history, if on).
    pub(super) fn with_correction(self, correction: Option<&'s Correction>) -> Self {
        Quiescence { correction, ..self }
    }

    /// The same, reading and writing `table` (with `qs-tt`, if the engine has a table).
    pub(super) fn with_table(self, table: Option<QuiescenceTable<'s, 't, G>>) -> Self {
        Quiescence { table, ..self }
    }

    /// The value of the horizon node `game` (already counted, its `moves` generated, not over)
    /// `ply` plies from the root, in the window `(alpha, beta)`.
    pub(super) fn horizon(
        &mut self,
        game: &G,
        moves: &mut MoveList<G::Move>,
        ply: u32,
        window: (Score, Score),
    ) -> Score {
        // Never a static leaf: the primary search scores those itself; an empty list here is a
        // position whose noisy moves alone were generated, and it has none.
        self.moves(game, moves, ply, 0, window, false)
    }

    /// A quiescence node `qply` plies beyond the horizon (`qply >= 1`).
    fn node(&mut self, game: &G, ply: u32, qply: u32, (alpha, beta): (Score, Score)) -> Score {
        self.search.trace.enter(0, ply, Some((alpha, beta)));
        self.search.trace.quiescence();
        if self.search.should_stop() {
            self.search.trace.cut(Cut::Aborted);
            return self.search.trace.exit(Score::DRAW);
        }
        self.search.enter(ply);
        self.search.stats.quiescence_nodes += 1;

        // Terminal before everything: a mate or stalemate found by a capture is one. Only the
        // noisy moves are searched here (the quiet checks are the first ply's, the horizon's),
        // unless checks are on and the side to move is in check (every evasion): the game may
        // generate the noisy moves alone.
        let mut moves = MoveList::new();
        let noisy_alone = if self.config.checks && game.is_in_check() {
            None
        } else {
            game.generate_noisy_moves(&mut moves)
        };
        let outcome = noisy_alone.unwrap_or_else(|| {
            game.generate_moves(&mut moves);
            game.outcome(moves.len())
        });
        if let Some(outcome) = outcome {
            let score = self.search.leaf(outcome_score(outcome, ply));
            return self.search.trace.exit(score);
        }
        // A static leaf has no moves at all; with the noisy moves alone, an empty list only
        // says that none of them is noisy.
        let static_leaf = noisy_alone.is_none() && moves.is_empty();
        let score = self.moves(game, &mut moves, ply, qply, (alpha, beta), static_leaf);
        self.search.trace.exit(score)
    }

    /// The quiescence search of a counted, unfinished position whose moves are generated (all
    /// of them, or its noisy moves alone; `static_leaf` if it has none at all): the table's
    /// entry if it decides the window (`qs-tt`), else the search ([`Self::quiesce`]), whose
    /// result the table then keeps.
    fn moves(
        &mut self,
        game: &G,
        moves: &mut MoveList<G::Move>,
        ply: u32,
        qply: u32,
        window: (Score, Score),
        static_leaf: bool,
    ) -> Score {
        let Some(table) = &mut self.table else {
            return self.quiesce(game, moves, ply, qply, window, static_leaf);
        };
        let key = table_key(table.hasher, game, ply);
        let node = Node {
            ply,
            ..Node::root(0, window, None)
        };
        let probe = table
            .table
            .probe_node(key, &node, table.policy, &mut self.search.stats);
        if probe.is_some() {
            self.search.trace.tt_hit();
        }
        if let Some(score) = probe.and_then(|probe| probe.score) {
            let noisy = moves.iter().filter(|&&mv| game.is_noisy(mv));
            self.search.trace.prune(Cut::TtCutoff, noisy);
            return self.search.leaf(score);
        }
        let score = self.quiesce(game, moves, ply, qply, window, static_leaf);
        if !self.search.aborted
            && let Some(table) = &mut self.table
        {
            let bound = Bound::classify(score, window.0, window.1);
            table.table.store_node(key, &node, bound, score, None);
        }
        score
    }

    /// The search of a quiescence node: stand pat, delta pruning, then the noisy moves.
    fn quiesce(
        &mut self,
        game: &G,
        moves: &mut MoveList<G::Move>,
        ply: u32,
        qply: u32,
        (alpha, beta): (Score, Score),
        static_leaf: bool,
    ) -> Score {
        let in_check = self.config.checks && game.is_in_check();

        // --- Stand pat: the static value, a lower bound (the side to move need not capture);
        //     the whole value at a static leaf, at the ply limit, or with the node budget spent.
        let stand_pat = self.stand_pat(game);
        let spent = self
            .budget_end
            .is_some_and(|end| self.search.stats.quiescence_nodes >= end);
        // Nature's move is not a noisy move: a chance node stands pat.
        if static_leaf || qply >= self.config.max_ply || ply >= MAX_SEARCH_PLY || spent || game.is_chance() {
            return self.search.leaf(stand_pat);
        }
        let best_score = if in_check { -Score::INFINITY } else { stand_pat };
        if best_score >= beta {
            self.search.trace.cut(Cut::StandPat);
            return self.search.leaf(best_score);
        }
        let alpha = alpha.max(best_score);

        // --- Delta pruning: hopeless even with a generous gain. Fail-soft, the node is worth at
        //     most what that gain would bring (not the stand pat: a capture may still win some),
        //     and at least the stand pat (a nonsense negative margin).
        if !in_check
            && let Some(margin) = self.delta
            && stand_pat + margin <= alpha
        {
            self.search.trace.cut(Cut::Futility);
            return self.search.leaf(stand_pat.max(stand_pat + margin));
        }
        self.noisy_moves(game, moves, ply, qply, (alpha, beta), best_score, in_check)
    }

    /// The static value of `game`, corrected by the correction history if it is on and the game
    /// gives a key.
    fn stand_pat(&self, game: &G) -> Score {
        let raw = static_score(self.evaluator, game);
        let Some(correction) = self.correction else {
            return raw;
        };
        match game.correction_key() {
            Some(key) => correction.correct(game.to_move(), key, raw),
            None => raw,
        }
    }

    /// The noisy moves of a quiescence node (every move in check; checking moves at the first
    /// ply with checks on), in the game's order, until one fails high. The fail-soft value,
    /// `best_score` (the stand pat) if no move beats it.
    #[allow(clippy::too_many_arguments)]
    fn noisy_moves(
        &mut self,
        game: &G,
        moves: &mut MoveList<G::Move>,
        ply: u32,
        qply: u32,
        (mut alpha, beta): (Score, Score),
        mut best_score: Score,
        in_check: bool,
    ) -> Score {
        let checks = self.config.checks;
        let mut no_scores = Vec::new();
        let mut picker = MovePicker::by_hint(game, moves, &mut no_scores);
        let mut searched = 0u32;
        while let Some(mv) = picker.next_in_order(moves) {
            let noisy = game.is_noisy(mv);
            if !(in_check || noisy || (checks && qply == 0)) {
                continue;
            }
            // A capture that loses material by the static exchange is not worth following.
            if self.config.see && !in_check && game.static_exchange(mv).is_some_and(|gain| gain < 0) {
                self.search.stats.losing_captures_skipped += 1;
                continue;
            }
            let mut child = game.clone();
            child.play_in_place(mv);
            if !(in_check || noisy || child.is_in_check()) {
                continue; // a quiet move that does not give check
            }
            searched += 1;
            self.search.stats.children += 1;
            self.search.trace.child(&mv);
            // Negated, window swapped, only when the side to move changes (extra turns); on a
            // fresh stack segment when the thread's runs low (`crate::stack`).
            let score = crate::stack::deeper(ply, || {
                if child.to_move() == game.to_move() {
                    self.node(&child, ply + 1, qply + 1, (alpha, beta))
                } else {
                    -self.node(&child, ply + 1, qply + 1, (-beta, -alpha))
                }
            });
            if self.search.aborted {
                return Score::DRAW;
            }
            if score > best_score {
                best_score = score;
                self.search.pv.update(ply, mv);
                alpha = alpha.max(score);
                if score >= beta {
                    self.search.stats.beta_cutoffs += 1;
                    if searched == 1 {
                        self.search.stats.first_move_cutoffs += 1;
                    }
                    self.search
                        .trace
                        .prune(Cut::BetaCutoff, moves.iter().filter(|&&mv| game.is_noisy(mv)));
                    break;
                }
            }
        }
        if searched == 0 {
            self.search.stats.leaf_nodes += 1;
        } else {
            self.search.stats.interior_nodes += 1;
        }
        best_score
    }
}/// Quiescence search's part of the plan: the search at the horizon (the quiet checks of its
/// first ply too, without the table, where razoring asks: `razoring.rs`).
pub(super) fn plan<G: Game, E: Evaluate<G>>(part: &Option<QuiescenceConfig>, plan: &mut Plan<'_, G, E>) {
    let Some(config) = *part else {
        return;
    };
    plan.needs.moves_at_horizon = true;
    plan.needs.noisy_at_horizon = !config.checks;
    plan.horizon(move |worker, game, moves, node, checks| {
        let config = if checks {
            QuiescenceConfig {
                checks: true,
                table: false,
                ..config
            }
        } else {
            config
        };
        let correction = worker
            .plan
            .settings
            .correction
            .then_some(&worker.history.correction);
        let table = match (&mut worker.table, worker.hasher, worker.plan.settings.table) {
            (Some(table), Some(hasher), Some(tt)) if config.table => Some(QuiescenceTable {
                table,
                hasher,
                policy: tt.policy,
            }),
            _ => None,
        };
        Quiescence::new(worker.evaluator, config, worker.search)
            .with_correction(correction)
            .with_table(table)
            .horizon(game, moves, node.ply, (node.alpha, node.beta))
    });
}


