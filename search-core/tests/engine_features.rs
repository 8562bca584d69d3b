//! The engine's features one by one: invariants that need a purpose-built game (check, hash
//! collisions, mates, repetitions), limits, determinism, the UCI hooks.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use search_core::engine::{
    Config, Engine, FirstGuess, HistoryRule, Lmr, NullMoveConfig, NullReduction, QuiescenceConfig,
    RAZOR_MAX_DEPTH, REVERSE_FUTILITY_MAX_DEPTH, ReverseFutility, RootWindow,
};
use search_core::random_tree::{RandomTree, TreeValue};
use search_core::reference::{AlphaBeta, Negamax};
use search_core::testing::CrossCheck;
use search_core::trace::{Cut, TraceNode};
use search_core::{
    Bound, Evaluate, Game, Limits, MoveList, Outcome, Player, Reference, Score, SearchStats, Searcher,
    ZobristHash,
};

/// The exact preset with the features of `extra` (in the text form) added.
fn exact_plus(extra: &str) -> Config {
    format!("{}+{extra}", Config::exact()).parse().unwrap()
}

/// The strongest preset, changed by `change`.
fn strongest_with(change: impl FnOnce(&mut Config)) -> Config {
    let mut config = Config::strongest();
    change(&mut config);
    config
}

/// A random tree that checks how it is used: moves are numbered differently in every position
/// (so a move from another position is illegal here), `play` panics on an illegal move and
/// `null_move` panics when asked in check. Its hash can be made to collide on purpose, and its
/// moves can be left without a continuation index (which is otherwise their history index), and
/// it can give the quiescence search its noisy moves alone (`Game::generate_noisy_moves`).
#[derive(Clone, Debug)]
struct Strict {
    tree: RandomTree,
    colliding: bool,
    continuation_indices: bool,
    noisy_alone: bool,
}

impl Strict {
    fn offset(&self) -> u32 {
        (self.tree.zobrist() % 7) as u32 * 100
    }
}

impl Game for Strict {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.tree.to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        let mut inner = MoveList::new();
        self.tree.generate_moves(&mut inner);
        moves.extend(inner.iter().map(|mv| mv + self.offset()));
    }
    fn play(&self, mv: u32) -> Self {
        let mut legal = MoveList::new();
        self.generate_moves(&mut legal);
        assert!(legal.contains(&mv), "illegal move {mv} played");
        Strict {
            tree: self.tree.play(mv - self.offset()),
            ..*self
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        self.tree.outcome(legal_moves)
    }
    fn null_move(&self) -> Option<Self> {
        assert!(!self.tree.is_in_check(), "null move asked for in check");
        self.tree.null_move().map(|tree| Strict { tree, ..*self })
    }
    fn is_in_check(&self) -> bool {
        self.tree.is_in_check()
    }
    fn is_noisy(&self, mv: u32) -> bool {
        self.tree.is_noisy(mv - self.offset())
    }
    fn order_hint(&self, mv: u32) -> i32 {
        self.tree.order_hint(mv - self.offset())
    }
    fn history_index(&self, mv: u32) -> Option<u16> {
        u16::try_from(mv).ok()
    }
    fn continuation_index(&self, mv: u32) -> Option<u16> {
        self.continuation_indices
            .then(|| self.history_index(mv))
            .flatten()
    }
    fn static_exchange(&self, mv: u32) -> Option<i32> {
        self.tree.static_exchange(mv - self.offset())
    }
    fn generate_noisy_moves(&self, moves: &mut MoveList<u32>) -> Option<Option<Outcome>> {
        let mut all = MoveList::new();
        self.generate_moves(&mut all);
        let outcome = self.outcome(all.len());
        // A static leaf (no moves, not over) is left to the engine, as the contract asks.
        if !self.noisy_alone || (all.is_empty() && outcome.is_none()) {
            return None;
        }
        moves.extend(all.iter().copied().filter(|&mv| self.is_noisy(mv)));
        Some(outcome)
    }
    fn correction_key(&self) -> Option<u64> {
        self.tree.correction_key()
    }
}

impl ZobristHash for Strict {
    fn zobrist(&self) -> u64 {
        if self.colliding {
            self.tree.zobrist() % 3
        } else {
            self.tree.zobrist()
        }
    }
}

fn strict_value(game: &Strict) -> Score {
    TreeValue.evaluate(&game.tree)
}

fn strict_trees(colliding: bool) -> Vec<Strict> {
    (0..120)
        .map(|seed| Strict {
            tree: RandomTree::new(seed, 4, 7)
                .with_leaf_values(30)
                .with_noisy_moves(30)
                .with_checks(30)
                .with_null_moves(),
            colliding,
            continuation_indices: true,
            noisy_alone: false,
        })
        .collect()
}

/// The strict trees without collisions, each followed by the same tree with extra turns (a side
/// moving twice in a row).
/// The first 40 of `trees` in the dev profile's quick suite, all of them optimised (see
/// `crate::sized`): for the checks whose every tree must pass, not those that count.
fn sample_of(mut trees: Vec<Strict>) -> Vec<Strict> {
    trees.truncate(crate::sized(40, 120) as usize);
    trees
}

fn strict_trees_and_extra_turns() -> Vec<Strict> {
    sample_of(strict_trees(false))
        .into_iter()
        .flat_map(|tree| {
            let extra = Strict {
                tree: tree.tree.with_extra_turns(30),
                ..tree.clone()
            };
            [tree, extra]
        })
        .collect()
}

#[test]
fn null_move_is_never_tried_in_check_nor_twice_in_a_row() {
    let trees = sample_of(strict_trees(false));
    let mut tries = 0;
    for reduction in ["r1", "r2", "r3", "adaptive", "scaled"] {
        for verified in ["", "+verified"] {
            let config = exact_plus(&format!("null={reduction}{verified}+check-ext+qs"));
            let mut engine = Engine::with_config(strict_value, config);
            for tree in &trees {
                // `Strict::null_move` panics if asked in check.
                let result = engine.search(tree, &Limits::depth(6));
                tries += result.stats.null_move_tries;
                assert!(result.stats.null_move_cutoffs <= result.stats.null_move_tries);
            }
        }
    }
    assert!(tries > 1000, "null move was hardly tried ({tries})");
}

#[test]
fn key_collisions_never_yield_an_illegal_move() {
    // Every position hashes to one of three keys: the table constantly offers moves of other
    // positions, which `Strict::play` would refuse. Values are then wrong: invariants only.
    let trees = strict_trees(true);
    let mut cross_check = CrossCheck::minimax(strict_value).depths(1..=5);
    for policy in ["same", "deeper", "any"] {
        let exact = format!("id+tt={policy}+hints+killers+history+pvs");
        let strongest = Config::strongest()
            .to_string()
            .replace("tt=deeper", &format!("tt={policy}"));
        let strongest = strongest.replace("+asp", "+mtdf=two-back");
        cross_check = cross_check
            .value_changing(Engine::with_config(strict_value, exact.parse().unwrap()))
            .value_changing(Engine::with_config(strict_value, strongest.parse().unwrap()));
    }
    cross_check.run(&trees).assert_agree();
}

#[test]
fn futility_prunes_and_the_null_move_guard_saves_null_moves() {
    let trees = strict_trees(false);
    let (mut cuts, mut skipped, mut plain_tries, mut guarded_tries) = (0, 0, 0, 0);
    for tree in &trees {
        let base =
            |extra: &str| Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")));
        let plain = base("").search(tree, &Limits::depth(6));
        assert_eq!(plain.stats.futility_cutoffs, 0);
        let pruned = base("+rfp=2").search(tree, &Limits::depth(6));
        cuts += pruned.stats.futility_cutoffs;
        assert_eq!(
            pruned.stats.nodes,
            pruned.stats.interior_nodes + pruned.stats.leaf_nodes
        );
        let futile = base("+futility=2").search(tree, &Limits::depth(6));
        skipped += futile.stats.futility_pruned_moves;
        assert_eq!(
            futile.stats.futility_cutoffs, 0,
            "moves are skipped, nodes not cut"
        );
        // With a margin that always reaches alpha, no move is skipped: the plain search.
        let none = base("+futility=100000").search(tree, &Limits::depth(6));
        assert_eq!(none.stats.futility_pruned_moves, 0);
        assert_eq!((none.score, none.stats.nodes), (plain.score, plain.stats.nodes));
        let guarded = base("+null-guard").search(tree, &Limits::depth(6));
        plain_tries += plain.stats.null_move_tries;
        guarded_tries += guarded.stats.null_move_tries;
        // With a margin no static value can beat, nothing is cut: the plain search, node for node.
        let never = base("+rfp=100000").search(tree, &Limits::depth(6));
        assert_eq!(never.stats.futility_cutoffs, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(cuts > 0, "reverse futility never cut");
    assert!(skipped > 0, "futility never skipped a move");
    assert!(guarded_tries < plain_tries, "{guarded_tries} >= {plain_tries}");
}

#[test]
fn the_null_move_evaluation_term_reduces_more_where_the_static_value_stands_high() {
    // How many plies the term takes from the pass's search, and its floor, are the unit tests'
    // (`engine/null_move.rs`). Here: it is wired in, inert where no surplus reaches a ply, and
    // it saves nodes where it has plies to take (below). On these shallow trees its floor
    // leaves the pass a ply where plain adaptive `R` at depth 6 leaves three, and it costs 2%
    // (246 157 → 251 732 nodes at depth 6).
    let trees = strict_trees(false);
    let mut changed = 0;
    for tree in &trees {
        let search = |extra: &str| {
            Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")))
                .search(tree, &Limits::depth(6))
        };
        let plain = search("");
        let term = search("+null-eval=2");
        assert_eq!(
            term.stats.nodes,
            term.stats.interior_nodes + term.stats.leaf_nodes
        );
        if (term.score, term.stats.nodes) != (plain.score, plain.stats.nodes) {
            changed += 1;
        }
        // A divisor no surplus reaches adds no ply: the plain search, node for node.
        let never = search("+null-eval=100000");
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(
        changed > 10,
        "the evaluation term changed only {changed} searches"
    );
    // Deeper trees, searched 9 plies deep: the pass's search has plies above the floor for
    // the term to take, and it saves nodes (330 289 → 303 878 over these 60 trees).
    let (mut plain_nodes, mut term_nodes) = (0, 0);
    for seed in 0..60 {
        let tree = Strict {
            tree: RandomTree::new(seed, 3, 10)
                .with_leaf_values(30)
                .with_noisy_moves(30)
                .with_checks(30)
                .with_null_moves(),
            colliding: false,
            continuation_indices: true,
            noisy_alone: false,
        };
        let search = |extra: &str| {
            Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")))
                .search(&tree, &Limits::depth(9))
        };
        plain_nodes += search("").stats.nodes;
        term_nodes += search("+null-eval=2").stats.nodes;
    }
    assert!(term_nodes < plain_nodes, "{term_nodes} >= {plain_nodes}");
    let error = "killers+null-eval=200".parse::<Config>().unwrap_err();
    assert_eq!(error.to_string(), "feature \"null-eval\" needs \"null\"");
}

#[test]
fn late_move_pruning_skips_late_quiet_moves_of_scout_nodes_only() {
    let trees = strict_trees(false);
    let mut skipped = 0;
    for tree in &trees {
        let base =
            |extra: &str| Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")));
        let plain = base("").search(tree, &Limits::depth(6));
        assert_eq!(plain.stats.late_moves_pruned, 0);
        let pruned = base("+lmp=1").search(tree, &Limits::depth(6));
        skipped += pruned.stats.late_moves_pruned;
        assert!(pruned.best_move.is_some());
        assert_eq!(
            pruned.stats.nodes,
            pruned.stats.interior_nodes + pruned.stats.leaf_nodes
        );
        // A base no node reaches prunes nothing: the plain search, node for node.
        let never = base("+lmp=1000").search(tree, &Limits::depth(6));
        assert_eq!(never.stats.late_moves_pruned, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(skipped > 0, "late move pruning never skipped a move");
}

#[test]
fn see_pruning_skips_moves_losing_more_than_its_bar_in_scout_nodes_only() {
    let trees = strict_trees(false);
    let (mut skipped, mut changed) = (0, 0);
    for tree in &trees {
        let base =
            |extra: &str| Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")));
        let plain = base("").search(tree, &Limits::depth(6));
        assert_eq!(plain.stats.see_pruned_moves, 0);
        // The trees' exchanges are -300 to +100: a margin of 1 per ply skips every losing move
        // of an eligible node.
        let pruned = base("+see-prune=1").search(tree, &Limits::depth(6));
        skipped += pruned.stats.see_pruned_moves;
        assert!(pruned.best_move.is_some());
        assert_eq!(
            pruned.stats.nodes,
            pruned.stats.interior_nodes + pruned.stats.leaf_nodes
        );
        if (pruned.score, pruned.stats.nodes) != (plain.score, plain.stats.nodes) {
            changed += 1;
        }
        // A margin no exchange falls below (300 at depth 1 is the bar -300) prunes nothing: the
        // plain search, node for node.
        let never = base("+see-prune=300").search(tree, &Limits::depth(6));
        assert_eq!(never.stats.see_pruned_moves, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(skipped > 0, "SEE pruning never skipped a move");
    assert!(changed > 0, "SEE pruning changed no search");
}

#[test]
fn improving_changes_only_what_reverse_futility_late_move_pruning_and_reductions_do() {
    let trees = strict_trees(false);
    let limits = Limits::depth(6);
    // Each pruning it adjusts, with and without it: some searches change, for each.
    let mut changed = [0; 3];
    for tree in &trees {
        let search = |config: &str| {
            let config = exact_plus(config);
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        for (count, pruning) in changed.iter_mut().zip(["rfp=3", "lmp=1", "lmr"]) {
            let without = search(&format!("null=adaptive+qs+{pruning}"));
            let with = search(&format!("null=adaptive+qs+{pruning}+improving"));
            assert!(with.best_move.is_some());
            if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
                *count += 1;
            }
        }
        // Without them it changes nothing: the same search, node for node.
        let plain = search("null=adaptive+qs");
        let alone = search("null=adaptive+qs+improving");
        assert_eq!((alone.score, alone.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(
        changed.iter().all(|&count| count > 0),
        "rfp, lmp, lmr changed: {changed:?}"
    );
}

#[test]
fn correction_history_changes_only_what_the_prunings_that_read_the_static_value_do() {
    let trees = strict_trees(false);
    let limits = Limits::depth(6);
    let readers = [
        "rfp=3",
        "futility=3",
        "null=adaptive+null-guard",
        "null=adaptive+null-eval=5",
    ];
    // Each reader of the static value, with and without it: it learns, and some searches
    // change, for each.
    let (mut changed, mut learnt) = ([0; 4], [0; 4]);
    for tree in &trees {
        let search = |config: &str| {
            let config = exact_plus(config);
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        for (index, reader) in readers.iter().enumerate() {
            let without = search(&format!("qs+{reader}"));
            let with = search(&format!("qs+{reader}+correction"));
            assert!(with.best_move.is_some());
            assert_eq!(without.stats.corrections_learnt, 0);
            learnt[index] += with.stats.corrections_learnt;
            if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
                changed[index] += 1;
            }
        }
        // Without them no static value is computed, so nothing is corrected or learnt: the same
        // search, node for node (null move without its guard and term reads none either).
        for base in ["qs", "null=adaptive+qs+lmr+lmp=1"] {
            let plain = search(base);
            let alone = search(&format!("{base}+correction"));
            let same = (alone.score, alone.stats.nodes, alone.stats.corrections_learnt);
            assert_eq!(same, (plain.score, plain.stats.nodes, 0), "{base}");
        }
    }
    assert!(
        changed.iter().chain(&learnt).all(|&count| count > 0),
        "{readers:?} changed {changed:?}, learnt {learnt:?}"
    );
}

#[test]
fn the_tables_bound_as_the_static_value_changes_only_the_prunings_that_read_it() {
    let limits = Limits::depth(6);
    let (mut changed, mut cut_more) = (0, 0);
    for tree in &strict_trees(false) {
        let search = |extra: &str| Engine::with_config(strict_value, exact_plus(extra)).search(tree, &limits);
        let pruning = "rfp=3+null=adaptive+null-guard+qs";
        let without = search(pruning);
        let with = search(&format!("{pruning}+tt-eval"));
        assert!(with.best_move.is_some());
        if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
            changed += 1;
        }
        if with.stats.futility_cutoffs + with.stats.null_move_cutoffs
            > without.stats.futility_cutoffs + without.stats.null_move_cutoffs
        {
            cut_more += 1;
        }
        // Without a pruning that reads the static value it is read by nothing: the same search,
        // node for node.
        let plain = search("null=adaptive+qs+lmr+lmp=1");
        let alone = search("null=adaptive+qs+lmr+lmp=1+tt-eval");
        assert_eq!((alone.score, alone.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(
        changed > 10 && cut_more > 10,
        "tt-eval changed {changed} searches, cut more in {cut_more}"
    );
}

#[test]
fn probcut_cuts_deep_scout_nodes_and_nothing_shallower() {
    let (mut changed, mut cut) = (0, 0);
    for tree in &strict_trees(false) {
        let search = |extra: &str, depth: u32| {
            let config = exact_plus(&format!("null=adaptive+qs{extra}"));
            Engine::with_config(strict_value, config).search(tree, &Limits::depth(depth))
        };
        // The trees' exchanges are -300 to +100 and their values ±30: with a margin of 1, the
        // noisy moves that win 0 or 100 by the exchange are mostly candidates.
        let without = search("", 7);
        let with = search("+probcut=1", 7);
        assert!(with.best_move.is_some());
        assert_eq!(
            with.stats.nodes,
            with.stats.interior_nodes + with.stats.leaf_nodes
        );
        assert_eq!(without.stats.probcut_cutoffs, 0);
        cut += with.stats.probcut_cutoffs;
        if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
            changed += 1;
        }
        // Five plies deep, no node below the root is 5 plies from the horizon: the search
        // without it, node for node.
        let shallow = search("+probcut=1", 5);
        let plain = search("", 5);
        assert_eq!(shallow.stats.probcut_cutoffs, 0);
        assert_eq!(
            (shallow.score, shallow.stats.nodes),
            (plain.score, plain.stats.nodes)
        );
    }
    assert!(
        changed > 10 && cut > 10,
        "ProbCut changed {changed} searches, cut {cut} nodes"
    );
}

#[test]
fn razoring_ends_scout_nodes_near_the_horizon_by_their_own_quiescence_search() {
    let limits = Limits::depth(5);
    let search = |tree: &Strict, extra: &str| {
        let config = exact_plus(&format!("null=adaptive+qs{extra}"));
        Engine::with_config(strict_value, config).search(tree, &limits)
    };
    let (mut changed, mut cut) = (0, 0);
    for tree in &strict_trees(false) {
        // The trees' values are ±30: with a margin of 1 a ply, a scout node whose static value
        // is a few points below alpha is razored.
        let without = search(tree, "");
        let with = search(tree, "+razor=1");
        assert!(with.best_move.is_some());
        assert_eq!(
            with.stats.nodes,
            with.stats.interior_nodes + with.stats.leaf_nodes
        );
        assert_eq!(without.stats.razor_cutoffs, 0);
        cut += with.stats.razor_cutoffs;
        if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
            changed += 1;
        }
        // A margin no value reaches razors nothing: the search without it, node for node.
        let never = search(tree, "+razor=100000");
        assert_eq!(
            (never.score, never.stats.nodes),
            (without.score, without.stats.nodes)
        );
    }
    assert!(
        changed > 10 && cut > 10,
        "razoring changed {changed} searches, cut {cut} nodes"
    );
    // In the trace, every razored node is a scout node near the horizon, not in check, that
    // failed low with its own quiescence search's value: its one searched child is its own
    // position (`razor`), at the horizon, in the node's window, worth the node's value, at most
    // alpha, and what that child searched is quiescence (no capture chain extended it). Razoring
    // is the only feature here that asks whether the side to move is in check.
    let searched = |nodes: &[TraceNode], node: &TraceNode| -> Vec<usize> {
        let children = node.children.iter().copied();
        children.filter(|&child| !nodes[child].is_pruned).collect()
    };
    let mut razored = 0;
    for tree in strict_trees(false).iter().take(40) {
        let config = exact_plus("qs+chain=2+razor=1");
        let (nodes, cuts) = &traced_cuts(tree, config, &limits, Cut::Razor);
        for &index in cuts {
            let node = &nodes[index];
            let (alpha, beta) = node.window.unwrap();
            let value = node.value.unwrap();
            assert_eq!(beta.raw() - alpha.raw(), 1, "{node:?}");
            assert!(value <= alpha, "{node:?}");
            assert!(node.depth <= RAZOR_MAX_DEPTH && node.ply > 0, "{node:?}");
            assert!(!traced_position(tree, nodes, index).is_in_check(), "{node:?}");
            let [child] = searched(nodes, node)[..] else {
                panic!("a razored node searched {:?}", searched(nodes, node));
            };
            let child = &nodes[child];
            assert_eq!(
                (
                    child.mv.as_deref(),
                    child.depth,
                    child.ply,
                    child.window,
                    child.value
                ),
                (Some("razor"), 0, node.ply, node.window, Some(value))
            );
            let below = searched(nodes, child);
            assert!(below.iter().all(|&next| nodes[next].is_quiescence), "{child:?}");
            razored += 1;
        }
    }
    assert!(razored > 10, "{razored} razored nodes in the traces");
}

/// The nodes of the traced search of `tree` by `config` to `limits`, and the indices of those
/// that `cut` ended.
fn traced_cuts(tree: &Strict, config: Config, limits: &Limits, cut: Cut) -> (Vec<TraceNode>, Vec<usize>) {
    let mut engine = Engine::with_config(strict_value, config).with_trace(1 << 20);
    engine.search(tree, limits);
    let trace = engine.trace().unwrap();
    assert!(!trace.is_truncated());
    let nodes = trace.nodes().to_vec();
    let cuts = (0..nodes.len())
        .filter(|&index| nodes[index].cut == Some(cut))
        .collect();
    (nodes, cuts)
}

/// The position of trace node `index`, replayed from `root` along the moves from its trace root
/// (`null`: the null move; `razor`: the parent's own position).
fn traced_position(root: &Strict, nodes: &[TraceNode], index: usize) -> Strict {
    let mut path = Vec::new();
    let mut at = index;
    while let Some(parent) = nodes[at].parent {
        path.push(nodes[at].mv.clone().unwrap());
        at = parent;
    }
    path.iter()
        .rev()
        .fold(root.clone(), |game, text| match text.as_str() {
            "razor" => game,
            "null" => game.null_move().unwrap(),
            mv => game.play(mv.parse().unwrap()),
        })
}

#[test]
fn the_table_in_quiescence_ends_nodes_it_has_seen_and_needs_the_table() {
    let limits = Limits::depth(5);
    let (mut changed, mut cut_more) = (0, 0);
    for tree in &strict_trees(false) {
        let search = |config: Config| Engine::with_config(strict_value, config).search(tree, &limits);
        let without = search(exact_plus("qs"));
        let with = search(exact_plus("qs+qs-tt"));
        // With the exact preset's same-depth table, no checks, no budget and a ply limit past
        // the trees' ends, a quiescence value belongs to its position alone: the table may
        // change the work, not the root's value.
        assert_eq!(with.score, without.score);
        assert!(with.best_move.is_some());
        if (with.score, with.stats.nodes) != (without.score, without.stats.nodes) {
            changed += 1;
        }
        if with.stats.tt_cutoffs > without.stats.tt_cutoffs {
            cut_more += 1;
        }
        // Without a table there is nothing to read or keep: the same search, node for node.
        let plain = search("qs".parse().unwrap());
        let alone = search("qs+qs-tt".parse().unwrap());
        assert_eq!((alone.score, alone.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(
        changed > 10 && cut_more > 10,
        "qs-tt changed {changed} searches, cut more in {cut_more}"
    );
}

#[test]
fn history_gravity_reorders_exactly_and_history_pruning_skips_moves_with_a_failing_record() {
    let trees = strict_trees(false);
    let (mut reordered, mut skipped, mut history_cutoffs) = (0, 0, 0);
    let limits = Limits::depth(6);
    for tree in &trees {
        let exact = |history| {
            let config = Config {
                history: Some(history),
                ..Config::exact()
            };
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        // The gravity rule orders differently, and only orders: the exact value.
        let (classic, gravity) = (exact(HistoryRule::Classic), exact(HistoryRule::Gravity));
        assert_eq!(gravity.score, classic.score);
        if gravity.stats.nodes != classic.stats.nodes {
            reordered += 1;
        }
        // Cutoff moves gain under gravity: some quiet moves come out ahead on their history.
        history_cutoffs += gravity.stats.history_cutoffs;
        let pruning = |history, threshold| {
            let mut config = exact_plus("null=adaptive+qs");
            config.history = Some(history);
            config.history_pruning = threshold;
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let plain = pruning(HistoryRule::Gravity, None);
        let pruned = pruning(HistoryRule::Gravity, Some(1));
        skipped += pruned.stats.history_pruned_moves;
        assert!(pruned.best_move.is_some());
        assert_eq!(
            pruned.stats.nodes,
            pruned.stats.interior_nodes + pruned.stats.leaf_nodes
        );
        // A threshold no counter can pass, or the classic rule (never negative), prunes
        // nothing: the search without it, node for node.
        let never = pruning(HistoryRule::Gravity, Some(1 << 14));
        assert_eq!(never.stats.history_pruned_moves, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
        let classic_plain = pruning(HistoryRule::Classic, None);
        let classic_pruned = pruning(HistoryRule::Classic, Some(1));
        assert_eq!(classic_pruned.stats.history_pruned_moves, 0);
        assert_eq!(classic_pruned.stats.nodes, classic_plain.stats.nodes);
    }
    assert!(reordered > 0, "the gravity rule never changed the order");
    assert!(
        history_cutoffs > 0,
        "no move ever cut on a positive gravity history"
    );
    assert!(skipped > 0, "history pruning never skipped a move");
}

#[test]
fn history_adjusted_reductions_follow_the_gravity_counters_and_read_nothing_without_them() {
    let trees = strict_trees(false);
    let limits = Limits::depth(6);
    let mut adjusted = 0;
    for tree in &trees {
        let search = |history, divisor| {
            let config = strongest_with(|c| {
                c.history = Some(history);
                c.lmr = c.lmr.map(|lmr| Lmr {
                    history_divisor: divisor,
                    ..lmr
                });
            });
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let plain = search(HistoryRule::Gravity, None);
        let with = search(HistoryRule::Gravity, Some(64));
        assert!(with.best_move.is_some());
        assert_eq!(
            with.stats.nodes,
            with.stats.interior_nodes + with.stats.leaf_nodes
        );
        if (with.score, with.stats.nodes) != (plain.score, plain.stats.nodes) {
            adjusted += 1;
        }
        // Under the classic rule it reads no counter: the search without it, node for node.
        let classic_plain = search(HistoryRule::Classic, None);
        let classic_with = search(HistoryRule::Classic, Some(64));
        assert_eq!(
            (classic_with.score, classic_with.stats.nodes),
            (classic_plain.score, classic_plain.stats.nodes)
        );
    }
    assert!(
        adjusted > 10,
        "history changed the reductions of only {adjusted} trees"
    );
    // A part of LMR: refused without it, written after it.
    let error = "killers+lmr-history".parse::<Config>().unwrap_err();
    assert_eq!(error.to_string(), "feature \"lmr-history\" needs \"lmr\"");
    let config: Config = "lmr=log+lmr-history=64".parse().unwrap();
    assert_eq!(config.lmr.and_then(|lmr| lmr.history_divisor), Some(64));
    assert_eq!(config.to_string(), "lmr=log+lmr-history=64");
}

#[test]
fn smaller_reductions_at_pv_nodes_search_more_and_only_there() {
    let limits = Limits::depth(6);
    let mut deeper = 0;
    for tree in &strict_trees(false) {
        let search = |pv_less, window| {
            let config = strongest_with(|c| {
                c.root_window = window;
                c.lmr = c.lmr.map(|lmr| Lmr { pv_less, ..lmr });
            });
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let (plain, with) = (search(false, RootWindow::Full), search(true, RootWindow::Full));
        assert!(with.best_move.is_some());
        if with.stats.nodes > plain.stats.nodes {
            deeper += 1;
        }
        // Under MTD(f) every search has a null window: no PV node, nothing changes.
        let mtdf = RootWindow::Mtdf(FirstGuess::Previous);
        let (plain, with) = (search(false, mtdf), search(true, mtdf));
        assert_eq!((with.score, with.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(deeper > 10, "lmr-pv searched more in only {deeper} trees");
    let config: Config = "lmr=log+lmr-pv".parse().unwrap();
    assert!(config.lmr.is_some_and(|lmr| lmr.pv_less));
    assert_eq!(config.to_string(), "lmr=log+lmr-pv");
}

#[test]
fn larger_reductions_at_expected_cut_nodes_search_less() {
    let limits = Limits::depth(6);
    let (mut fewer, mut changed_under_mtdf) = (0, 0);
    for tree in &strict_trees(false) {
        let search = |cut_more, config: Config| {
            let config = Config {
                lmr: config.lmr.map(|lmr| Lmr { cut_more, ..lmr }),
                ..config
            };
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let strongest = strongest_with(|c| c.root_window = RootWindow::Full);
        let (plain, with) = (search(false, strongest), search(true, strongest));
        assert!(with.best_move.is_some());
        if with.stats.nodes < plain.stats.nodes {
            fewer += 1;
        }
        // Under MTD(f) every window is null, the root's included: the kinds alternate from the
        // root down, and the reductions change there too.
        let mtdf = strongest_with(|c| c.root_window = RootWindow::Mtdf(FirstGuess::Previous));
        let (plain, with) = (search(false, mtdf), search(true, mtdf));
        assert!(with.best_move.is_some());
        if with.stats.nodes != plain.stats.nodes {
            changed_under_mtdf += 1;
        }
    }
    assert!(fewer > 10, "lmr-cut searched less in only {fewer} trees");
    assert!(
        changed_under_mtdf > 10,
        "lmr-cut changed only {changed_under_mtdf} searches under MTD(f)"
    );
    let error = "killers+lmr-cut".parse::<Config>().unwrap_err();
    assert_eq!(error.to_string(), "feature \"lmr-cut\" needs \"lmr\"");
    let config: Config = "lmr=log+lmr-cut".parse().unwrap();
    assert!(config.lmr.is_some_and(|lmr| lmr.cut_more));
    assert_eq!(config.to_string(), "lmr=log+lmr-cut");
}

#[test]
fn a_game_giving_quiescence_its_noisy_moves_alone_searches_the_same_nodes() {
    // `Game::generate_noisy_moves` may leave out the quiet moves a quiescence node without
    // checks never searches, at the horizon and below it: node for node the same search, in
    // every quiescence configuration (with checks the engine generates every move itself at the
    // horizon, for its quiet checks, and in check, for the evasions; the noisy moves alone
    // below the horizon otherwise),
    // with and without the check and capture-chain extensions that can take a horizon node
    // deeper, and the same trace.
    let limits = Limits::depth(5);
    let mut with_quiescence = 0;
    let configs = [
        Config::strongest(),
        strongest_with(|c| c.quiescence = exact_plus("qs+qs-see+qs-tt").quiescence),
        strongest_with(|c| c.quiescence = exact_plus("qs+qs-checks").quiescence),
        exact_plus("qs+delta=100+qs-nodes=50"),
        exact_plus("qs+chain=2+check-ext"),
    ];
    // The strict trees, and the same with extra turns (a side moving twice in a row, in the
    // quiescence search too).
    let trees = strict_trees_and_extra_turns();
    for config in configs {
        for tree in &trees {
            let search = |noisy_alone| {
                let tree = Strict {
                    noisy_alone,
                    ..tree.clone()
                };
                let mut engine = Engine::with_config(strict_value, config).with_trace(1 << 20);
                let result = engine.search(&tree, &limits);
                (result, engine.trace().map(|trace| trace.to_text()))
            };
            let ((all, all_trace), (alone, alone_trace)) = (search(false), search(true));
            // The trace too: each node's cut (a stand pat, a delta prune) is the same.
            assert!(all_trace.is_some());
            assert_eq!(alone_trace, all_trace, "{config}");
            // Every figure but the time.
            let figures = |stats: &SearchStats| {
                let mut figures = stats.clone();
                figures.elapsed = std::time::Duration::ZERO;
                figures
            };
            assert_eq!(
                (alone.score, alone.best_move, figures(&alone.stats)),
                (all.score, all.best_move, figures(&all.stats)),
                "{config}"
            );
            if all.stats.quiescence_nodes > 0 {
                with_quiescence += 1;
            }
        }
    }
    assert!(
        with_quiescence > 100,
        "quiescence ran in only {with_quiescence} searches"
    );
}

#[test]
fn the_sibling_prefetch_searches_the_same_nodes() {
    // `prefetch` only asks the processor for the other children's buckets once a node's first
    // move fails to cut: node for node the same search (the same trace, every figure but the
    // time), with the plain, the deeper and the any-depth tables, with extra turns, and every
    // sibling it plays legal (`Strict` panics on an illegal move).
    let limits = Limits::depth(5);
    let configs = [
        exact_plus("prefetch"),
        strongest_with(|c| {
            c.table = c
                .table
                .map(|t| search_core::engine::TableConfig { prefetch: true, ..t })
        }),
        "tt=any+banked+prefetch+hints+killers+history".parse().unwrap(),
    ];
    let trees = strict_trees_and_extra_turns();
    for with in configs {
        let mut without = with;
        without.table = without
            .table
            .map(|t| search_core::engine::TableConfig { prefetch: false, ..t });
        assert_ne!(with, without);
        for tree in &trees {
            let search = |config| {
                let mut engine = Engine::with_config(strict_value, config).with_trace(1 << 20);
                let mut result = engine.search(tree, &limits);
                result.stats.elapsed = std::time::Duration::ZERO;
                let trace = engine.trace().map(|trace| trace.to_text());
                ((result.score, result.best_move, result.stats), trace)
            };
            let ((with_result, with_trace), (without_result, without_trace)) =
                (search(with), search(without));
            assert_eq!(with_result, without_result, "{with}");
            assert!(
                with_trace.is_some() && with_trace == without_trace,
                "{with}: the traces differ"
            );
        }
    }
}

#[test]
fn a_delta_pruned_node_is_worth_at_most_its_stand_pat_plus_the_margin() {
    // Delta pruning assumes that a quiescence node's captures bring at most its margin, so a
    // pruned node's fail-soft value is stand pat + margin: an upper bound of its quiescence value
    // wherever the assumption holds. (Until 0.3.0 it returned the stand pat itself: a bound
    // that a capture winning anything at all breaks, and that the table and the windows of
    // MTD(f) and aspiration then build on.)
    let margin = 6;
    let limits = Limits::depth(4);
    let (mut checked, mut gaining) = (0, 0);
    // The strict trees, and the same with extra turns (a side capturing twice in a row).
    let trees = strict_trees(false).into_iter().take(60).flat_map(|tree| {
        let extra = Strict {
            tree: tree.tree.with_extra_turns(30),
            ..tree.clone()
        };
        [tree, extra]
    });
    for tree in &trees.collect::<Vec<_>>() {
        let config = exact_plus(&format!("qs+delta={margin}"));
        let (nodes, cuts) = &traced_cuts(tree, config, &limits, Cut::Futility);
        for &index in cuts {
            let node = &nodes[index];
            let position = traced_position(tree, nodes, index);
            let (stand_pat, value) = (strict_value(&position), node.value.unwrap());
            let (alpha, _) = node.window.unwrap();
            assert!(stand_pat + margin <= alpha && value <= alpha, "{node:?}");
            let exact = quiescence_value(&position);
            if exact <= stand_pat + margin {
                assert!(value >= exact, "{node:?}: worth {exact}, returned {value}");
                checked += 1;
                gaining += usize::from(exact > stand_pat);
            }
        }
    }
    // The test means something: many pruned nodes had a capture that gains.
    assert!(
        checked > 100 && gaining > 20,
        "{checked} delta-pruned nodes checked, {gaining} with a gaining capture"
    );
}

/// The quiescence value of `game` without checks, delta pruning or limits: the static value,
/// or what its best noisy move brings if more (searched to the tree's end).
fn quiescence_value(game: &Strict) -> Score {
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    let mut best = strict_value(game);
    for &mv in moves.iter().filter(|&&mv| game.is_noisy(mv)) {
        let child = game.play(mv);
        let value = quiescence_value(&child);
        best = best.max(if child.to_move() == game.to_move() {
            value
        } else {
            -value
        });
    }
    best
}

#[test]
fn counter_moves_reorder_exactly() {
    let limits = Limits::depth(6);
    let mut reordered = 0;
    for tree in &strict_trees(false) {
        let search = |counter_moves| {
            let config = Config {
                counter_moves,
                ..Config::exact()
            };
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let (without, with) = (search(false), search(true));
        assert_eq!(with.score, without.score);
        assert_eq!(
            with.stats.nodes,
            with.stats.interior_nodes + with.stats.leaf_nodes
        );
        if with.stats.nodes != without.stats.nodes {
            reordered += 1;
        }
    }
    assert!(
        reordered > 10,
        "counter moves changed the order of only {reordered} trees"
    );
}

#[test]
fn continuation_history_reorders_exactly_and_learns_where_moves_follow_moves() {
    let limits = Limits::depth(6);
    let mut reordered = 0;
    for tree in &strict_trees(false) {
        let search = |continuation_history| {
            let config = Config {
                continuation_history,
                history: Some(HistoryRule::Gravity),
                ..Config::exact()
            };
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        let (without, with) = (search(false), search(true));
        assert_eq!(with.score, without.score);
        if with.stats.nodes != without.stats.nodes {
            reordered += 1;
        }
    }
    assert!(
        reordered > 10,
        "continuation history changed the order of only {reordered} trees"
    );
}

#[test]
fn capture_history_reorders_captures_exactly_by_what_cut() {
    // The hinted moves of the strict trees (their noisy moves, hinted 1 to 100; here 70% of
    // the moves) reordered by how often they cut: the value stays minimax's, the order changes
    // in many trees. Keyed by
    // the capture index (by default the continuation index): moves without one leave it
    // nothing to learn, and the search is the one without it, node for node.
    let limits = Limits::depth(6);
    let mut reordered = 0;
    for keyed in [true, false] {
        for tree in &strict_trees(false) {
            let tree = Strict {
                tree: tree.tree.with_noisy_moves(70),
                continuation_indices: keyed,
                ..tree.clone()
            };
            let search = |capture_history| {
                let config = Config {
                    capture_history,
                    history: Some(HistoryRule::Gravity),
                    ..Config::exact()
                };
                Engine::with_config(strict_value, config).search(&tree, &limits)
            };
            let (without, with) = (search(false), search(true));
            assert_eq!(with.score, without.score);
            if !keyed {
                assert_eq!(with.stats.nodes, without.stats.nodes);
            } else if with.stats.nodes != without.stats.nodes {
                reordered += 1;
            }
        }
    }
    assert!(
        reordered > 10,
        "capture history changed the order of only {reordered} trees"
    );
}

#[test]
fn continuation_history_keys_moves_by_the_games_continuation_index() {
    // Moves without a continuation index (a history index still) leave the continuation
    // history nothing to key: node for node the plain gravity history. (Keyed by the history
    // index instead, it reorders most of these trees: the test above.)
    let limits = Limits::depth(6);
    for tree in &strict_trees(false) {
        let tree = Strict {
            continuation_indices: false,
            ..tree.clone()
        };
        let search = |continuation_history| {
            let config = Config {
                continuation_history,
                history: Some(HistoryRule::Gravity),
                ..Config::exact()
            };
            Engine::with_config(strict_value, config).search(&tree, &limits)
        };
        let (without, with) = (search(false), search(true));
        assert_eq!(
            (with.score, with.stats.nodes),
            (without.score, without.stats.nodes)
        );
        // Counter moves key the move before by it too: without one, nothing to answer.
        let counter = |counter_moves| {
            let config = Config {
                counter_moves,
                ..Config::exact()
            };
            Engine::with_config(strict_value, config).search(&tree, &limits)
        };
        let (without, with) = (counter(false), counter(true));
        assert_eq!(
            (with.score, with.stats.nodes),
            (without.score, without.stats.nodes)
        );
    }
}

#[test]
fn a_new_history_rule_starts_from_an_empty_table() {
    // Without a table, what an engine carries from one search to the next is its history: an
    // engine that searched under the classic rule and then switched to gravity searches as a
    // fresh gravity engine does, node for node (the classic counters, on another scale, are gone).
    let no_table = |history| Config {
        history: Some(history),
        ..Config::PLAIN.with("id+hints+killers+pvs").unwrap()
    };
    let limits = Limits::depth(6);
    for seed in 0..20 {
        let (first, second) = (
            RandomTree::new(seed, 5, 8).with_leaf_values(50),
            RandomTree::new(seed + 100, 5, 8).with_leaf_values(50),
        );
        let mut switched = Engine::with_config(TreeValue, no_table(HistoryRule::Classic));
        switched.search(&first, &limits);
        switched.set_config(no_table(HistoryRule::Gravity));
        let after_switch = switched.search(&second, &limits);
        let fresh = Engine::with_config(TreeValue, no_table(HistoryRule::Gravity)).search(&second, &limits);
        assert_eq!(after_switch.stats.nodes, fresh.stats.nodes, "seed {seed}");
    }
}

#[test]
fn internal_reduction_reduces_deep_nodes_without_a_table_move_only() {
    let trees = strict_trees(false);
    let mut reduced = 0;
    for tree in &trees {
        let base =
            |extra: &str| Engine::with_config(strict_value, exact_plus(&format!("null=adaptive+qs{extra}")));
        let plain = base("").search(tree, &Limits::depth(6));
        assert_eq!(plain.stats.internal_reductions, 0);
        let with = base("+iir=2").search(tree, &Limits::depth(6));
        reduced += with.stats.internal_reductions;
        assert!(with.best_move.is_some());
        assert_eq!(
            with.stats.nodes,
            with.stats.interior_nodes + with.stats.leaf_nodes
        );
        // A depth no node reaches reduces nothing: the plain search, node for node.
        let never = base("+iir=1000").search(tree, &Limits::depth(6));
        assert_eq!(never.stats.internal_reductions, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(reduced > 0, "internal iterative reduction never reduced a node");
    // Without a table nothing is probed, so nothing is reduced.
    let no_table: Config = "id+hints+killers+history+pvs+iir=2".parse().unwrap();
    let result = Engine::with_config(strict_value, no_table).search(&trees[0], &Limits::depth(6));
    assert_eq!(result.stats.internal_reductions, 0);
}

#[test]
fn singular_extensions_search_the_table_move_deeper_or_cut_and_only_from_their_depth() {
    let trees = strict_trees(false);
    let limits = Limits::depth(6);
    let (mut extended, mut cut, mut deeper) = (0, 0, 0);
    for tree in &trees {
        let search = |config: Config| Engine::with_config(strict_value, config).search(tree, &limits);
        let plain = search(Config::exact());
        let with = search(exact_plus("singular=4"));
        assert!(with.best_move.is_some());
        extended += with.stats.singular_extensions;
        cut += with.stats.multi_cuts;
        // Nothing else goes past the nominal depth here (no quiescence, no check extension),
        // so a deeper line is a singular move's.
        assert_eq!(plain.stats.seldepth, 6);
        if with.stats.seldepth > 6 {
            deeper += 1;
        }
        // A depth no node reaches changes nothing: the plain search, node for node.
        let never = search(exact_plus("singular=1000"));
        assert_eq!(never.stats.singular_extensions + never.stats.multi_cuts, 0);
        assert_eq!((never.score, never.stats.nodes), (plain.score, plain.stats.nodes));
    }
    assert!(
        extended > 0 && cut > 0,
        "singular: {extended} extensions, {cut} multi-cuts"
    );
    assert!(
        deeper > 0,
        "no singular extension searched past the nominal depth"
    );
    // In the trace, a child as deep as its parent is the one extended move, and the excluding
    // search left it out. (The exact preset reduces nothing: every other child of a node is
    // searched a ply shallower than it, or by the excluding search, shallower still.)
    let mut parents = 0;
    for tree in trees.iter().take(40) {
        let mut engine = Engine::with_config(strict_value, exact_plus("singular=4")).with_trace(1 << 20);
        engine.search(tree, &limits);
        let trace = engine.trace().unwrap();
        assert!(!trace.is_truncated());
        let nodes = trace.nodes();
        for parent in nodes {
            let searched = || {
                parent
                    .children
                    .iter()
                    .map(|&child| &nodes[child])
                    .filter(|child| !child.is_pruned)
            };
            assert!(searched().all(|child| child.depth <= parent.depth));
            let extended: Vec<&str> = searched()
                .filter(|child| child.depth == parent.depth)
                .filter_map(|child| child.mv.as_deref())
                .collect();
            let Some(&mv) = extended.first() else { continue };
            assert!(extended.iter().all(|&other| other == mv), "{extended:?} extended");
            let excluded =
                searched().all(|child| child.mv.as_deref() != Some(mv) || child.depth == parent.depth);
            assert!(
                excluded,
                "the extended move {mv} was searched by the excluding search"
            );
            parents += 1;
        }
    }
    assert!(parents > 0, "no extended move in the traces");
    // Without a table there is no table move to test.
    let no_table: Config = "id+hints+killers+history+pvs+singular=4".parse().unwrap();
    let result = Engine::with_config(strict_value, no_table).search(&trees[0], &limits);
    assert_eq!(result.stats.singular_extensions + result.stats.multi_cuts, 0);
}

#[test]
fn reverse_futility_reaches_as_deep_as_its_depth_says() {
    let trees = strict_trees(false);
    let limits = Limits::depth(6);
    let mut deeper_cuts = 0;
    for tree in &trees {
        let search = |max_depth| {
            let config = strongest_with(|c| {
                c.reverse_futility = Some(ReverseFutility { margin: 3, max_depth });
            });
            Engine::with_config(strict_value, config).search(tree, &limits)
        };
        // Deeper, more nodes are in reach of a cut (a deeper cut changes what the table holds,
        // so only the count over the trees is compared).
        let (default, deeper) = (search(REVERSE_FUTILITY_MAX_DEPTH), search(5));
        assert!(deeper.best_move.is_some());
        assert_eq!(
            deeper.stats.nodes,
            deeper.stats.interior_nodes + deeper.stats.leaf_nodes
        );
        if deeper.stats.futility_cutoffs > default.stats.futility_cutoffs {
            deeper_cuts += 1;
        }
    }
    assert!(
        deeper_cuts > 10,
        "a deeper reverse futility cut more in only {deeper_cuts} trees"
    );
    // The text form: the depth is a part of `rfp`, written only when not the default.
    let config: Config = "rfp=3+rfp-depth=5".parse().unwrap();
    assert_eq!(
        config.reverse_futility,
        Some(ReverseFutility {
            margin: 3,
            max_depth: 5
        })
    );
    assert_eq!(config.to_string(), "rfp=3+rfp-depth=5");
    assert_eq!(
        "rfp=3+rfp-depth=3".parse::<Config>().unwrap().to_string(),
        "rfp=3"
    );
    let error = "killers+rfp-depth=5".parse::<Config>().unwrap_err();
    assert_eq!(error.to_string(), "feature \"rfp-depth\" needs \"rfp\"");
}

#[test]
fn node_accounting_holds_for_every_preset() {
    let trees = strict_trees(false);
    let engines: Vec<Box<dyn Searcher<Strict>>> = vec![
        Box::new(Engine::new(strict_value)),
        Box::new(Engine::exact(strict_value)),
        Box::new(Engine::strongest(strict_value)),
        Box::new(Engine::with_config(
            strict_value,
            strongest_with(|c| {
                c.null_move = c.null_move.map(|n| NullMoveConfig { verified: true, ..n });
                c.capture_chain = Some(2);
            }),
        )),
        Box::new(Engine::with_config(
            strict_value,
            strongest_with(|c| {
                c.razoring = Some(1);
                c.capture_chain = Some(2);
            }),
        )),
        Box::new(Engine::with_config(
            strict_value,
            strongest_with(|c| {
                c.reverse_futility = Some(ReverseFutility::new(3));
                c.futility = Some(3);
                c.null_move = c.null_move.map(|n| NullMoveConfig {
                    eval_guard: true,
                    ..n
                });
            }),
        )),
    ];
    for mut engine in engines {
        for tree in &trees {
            let stats = engine.search(tree, &Limits::depth(5)).stats;
            assert_eq!(
                stats.nodes,
                stats.interior_nodes + stats.leaf_nodes,
                "{}",
                engine.name()
            );
            assert!(stats.quiescence_nodes <= stats.nodes);
            assert!(stats.tt_cutoffs <= stats.tt_hits && stats.tt_hits <= stats.tt_probes);
        }
    }
}

/// Take 1 or 2 from a pile; whoever takes the last item wins. Full of transpositions.
#[derive(Clone, Debug)]
struct Pile {
    items: u32,
    to_move: Player,
}

impl Game for Pile {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(1..=self.items.min(2));
    }
    fn play(&self, take: u32) -> Self {
        Pile {
            items: self.items - take,
            to_move: self.to_move.opponent(),
        }
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0).then_some(Outcome::Loss)
    }
    fn history_index(&self, take: u32) -> Option<u16> {
        Some(take as u16)
    }
}

impl ZobristHash for Pile {
    fn zobrist(&self) -> u64 {
        u64::from(self.items) * 2 + u64::from(self.to_move == Player::Second)
    }
}

fn flat(_: &Pile) -> Score {
    Score::DRAW
}

#[test]
fn mate_scores_through_transpositions_are_exact() {
    // The same pile is reached at many plies: mate distances must survive the table.
    let piles: Vec<Pile> = (1..=14)
        .map(|items| Pile {
            items,
            to_move: Player::First,
        })
        .collect();
    let mut cross_check = CrossCheck::minimax(flat).depths([1, 2, 3, 5, 8, 12, 15]);
    cross_check = cross_check
        .searcher(Engine::exact(flat))
        .searcher(Engine::with_config(flat, exact_plus("mtdf=previous")))
        .searcher(Engine::with_config(flat, exact_plus("asp=1")))
        .searcher(Engine::with_setup(flat, "tt+hash=1".parse().unwrap()))
        .searcher(Engine::with_setup(
            flat,
            "tt+hash=1+mtdf=two-back".parse().unwrap(),
        ));
    cross_check.run(&piles).assert_agree();
}

#[test]
fn mate_finding_in_fewer_nodes_than_alphabeta() {
    let pile = Pile {
        items: 20,
        to_move: Player::First,
    };
    let limits = Limits::depth(21);
    let plain = AlphaBeta::new(flat).search(&pile, &limits);
    let exact = Engine::exact(flat).search(&pile, &limits);
    assert_eq!(exact.score, plain.score);
    assert_eq!(exact.score, Score::mate_in(13)); // take 2, then answer 1 with 2 and 2 with 1
    assert_eq!(exact.best_move, Some(2));
    // Every iteration from 1 to 21 counted, still fewer nodes.
    assert!(
        exact.stats.nodes < plain.stats.nodes,
        "{} vs {}",
        exact.stats.nodes,
        plain.stats.nodes
    );
    // One search with a table: the transpositions collapse the tree.
    let tt = Engine::with_setup(flat, "tt+hash=1".parse().unwrap()).search(&pile, &limits);
    assert_eq!((tt.score, tt.best_move), (plain.score, plain.best_move));
    assert!(
        tt.stats.nodes * 20 < plain.stats.nodes,
        "{} vs {}",
        tt.stats.nodes,
        plain.stats.nodes
    );
}

/// A scripted game tree: the root's first move mates in 3 plies, its second mates at once.
#[derive(Clone, Copy, Debug)]
struct Script(usize);

/// For each node: its children (moves are child indices), and whether the side to move lost.
const SCRIPT: [(&[usize], bool); 6] = [
    (&[1, 2], false), // 0: the root
    (&[3], false),    // 1: one forced reply
    (&[], true),      // 2: mated at ply 1
    (&[4], false),    // 3: our only move
    (&[], true),      // 4: mated at ply 3
    (&[], false),
];

impl Game for Script {
    type Move = usize;
    fn to_move(&self) -> Player {
        // Turns alternate: nodes 0 and 3 at even plies, the others at odd ones.
        if matches!(self.0, 0 | 3) {
            Player::First
        } else {
            Player::Second
        }
    }
    fn generate_moves(&self, moves: &mut MoveList<usize>) {
        moves.extend(SCRIPT[self.0].0.iter().copied());
    }
    fn play(&self, mv: usize) -> Self {
        Script(mv)
    }
    fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        (legal_moves == 0 && SCRIPT[self.0].1).then_some(Outcome::Loss)
    }
}

impl ZobristHash for Script {
    fn zobrist(&self) -> u64 {
        self.0 as u64 + 1
    }
}

#[test]
fn the_shorter_mate_is_preferred() {
    let eval = |_: &Script| Score::DRAW;
    let engines: Vec<Box<dyn Searcher<Script>>> = vec![
        Box::new(Engine::new(eval)),
        Box::new(Engine::exact(eval)),
        Box::new(Engine::with_config(eval, exact_plus("mtdf=two-back"))),
        Box::new(Engine::strongest(eval)),
    ];
    for mut engine in engines {
        for depth in 3..=6 {
            let result = engine.search(&Script(0), &Limits::depth(depth));
            assert_eq!(result.best_move, Some(2), "{}", engine.name());
            assert_eq!(result.score, Score::mate_in(1));
        }
    }
}

#[test]
fn searches_are_deterministic() {
    for seed in 0..30 {
        let tree = strict_trees(false)[seed].clone();
        let run = || {
            let mut stats = Vec::new();
            let verified =
                strongest_with(|c| c.null_move = c.null_move.map(|n| NullMoveConfig { verified: true, ..n }));
            let mut engine = Engine::with_config(strict_value, verified);
            for depth in [4, 6] {
                let result = engine.search(&tree, &Limits::depth(depth));
                stats.push((result.best_move, result.score, result.pv, result.stats.nodes));
            }
            // After a new game, the same search again.
            engine.new_game();
            let result = engine.search(&tree, &Limits::depth(4));
            assert_eq!((result.best_move, result.stats.nodes), (stats[0].0, stats[0].3));
            stats
        };
        assert_eq!(run(), run());
    }
}

#[test]
fn a_stopped_search_returns_its_last_completed_iteration() {
    let tree = RandomTree::new(11, 5, 9).with_leaf_values(50);
    let full = Engine::exact(TreeValue).search(&tree, &Limits::depth(7));
    for budget in [1, 2, 10, 100, 1_000, 5_000, 20_000] {
        let result = Engine::exact(TreeValue).search(&tree, &Limits::depth(7).with_nodes(budget));
        assert!(result.best_move.is_some(), "budget {budget}");
        assert!(result.stats.nodes <= budget.max(1) + 1);
        if result.depth > 0 {
            // The iterations up to `result.depth` are those of a search to that depth.
            let same = Engine::exact(TreeValue).search(&tree, &Limits::depth(result.depth));
            assert_eq!(
                (result.best_move, result.score, &result.pv),
                (same.best_move, same.score, &same.pv)
            );
        } else {
            assert_eq!(result.pv.len(), 1);
        }
        if result.depth == 7 {
            assert_eq!(result.best_move, full.best_move);
        }
    }
    // A raised stop flag, or no time at all: still a legal move.
    let stop = Arc::new(AtomicBool::new(true));
    for limits in [
        Limits::depth(7).with_stop_flag(stop),
        Limits::depth(7).with_time(std::time::Duration::ZERO),
    ] {
        // The flag is checked every 1024 nodes, the clock too: at the first node.
        let result = Engine::strongest(TreeValue).search(&tree, &limits);
        assert!(result.best_move.is_some_and(|mv| mv < 5));
    }
    // Without iterative deepening, an interrupted search still returns a legal move.
    let result = Engine::new(TreeValue).search(&tree, &Limits::depth(7).with_nodes(500));
    assert_eq!((result.best_move, result.depth), (Some(0), 0));
}

#[test]
fn info_callback_and_root_move_restriction() {
    /// Depth, bound, score, PV length and nodes of each report.
    type Report = (u32, Bound, Score, usize, u64);
    let seen: Arc<Mutex<Vec<Report>>> = Arc::default();
    let sink = Arc::clone(&seen);
    let mut engine =
        Engine::with_config(TreeValue, exact_plus("asp=1").for_game::<RandomTree>()).with_info(move |info| {
            sink.lock()
                .unwrap()
                .push((info.depth, info.bound, info.score, info.pv.len(), info.nodes))
        });
    let tree = RandomTree::new(5, 4, 6);
    let result = engine.search(&tree, &Limits::depth(5));
    let seen = seen.lock().unwrap().clone();
    let exact: Vec<_> = seen.iter().filter(|info| info.1 == Bound::Exact).collect();
    assert_eq!(
        exact.iter().map(|info| info.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(exact.last().unwrap().2, result.score);
    assert!(exact.iter().all(|info| info.3 >= 1));
    assert!(
        seen.len() > exact.len(),
        "a one-centi-unit window fails at least once"
    );
    assert!(result.stats.researches >= (seen.len() - exact.len()) as u64);

    // searchmoves: only moves 2 and 3 at the root.
    let reference = Negamax::new(TreeValue).root_move_scores(&tree, 5);
    engine.set_root_moves(Some(vec![2, 3]));
    let restricted = engine.search(&tree, &Limits::depth(5));
    let best = reference
        .iter()
        .filter(|(mv, _)| [2, 3].contains(mv))
        .map(|&(_, s)| s)
        .max()
        .unwrap();
    assert!([2, 3].contains(&restricted.best_move.unwrap()));
    assert_eq!(restricted.score, best);
    engine.set_root_moves(None);
    assert_eq!(engine.search(&tree, &Limits::depth(5)).score, result.score);
}

/// Two positions shuffled between: every move can be taken back. The evaluation always likes
/// the side to move, so only a repetition draw can bring a value to zero.
#[derive(Clone, Copy, Debug)]
struct Toggle {
    on: bool,
    to_move: Player,
}

impl Game for Toggle {
    type Move = ();
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut MoveList<()>) {
        moves.push(());
    }
    fn play(&self, (): ()) -> Self {
        Toggle {
            on: !self.on,
            to_move: self.to_move.opponent(),
        }
    }
    fn outcome(&self, _: usize) -> Option<Outcome> {
        None
    }
    fn repetition_key(&self) -> Option<u64> {
        Some(u64::from(self.on) * 2 + u64::from(self.to_move == Player::Second))
    }
}

#[test]
fn repetitions_on_the_line_and_in_the_game_history_are_draws() {
    let eval = |_: &Toggle| Score::cp(10);
    let root = Toggle {
        on: false,
        to_move: Player::First,
    };
    let score = |engine: &mut Engine<Toggle, _>, depth| engine.search(&root, &Limits::depth(depth)).score;
    let mut plain = Engine::new(eval);
    let mut detecting = Engine::without_hash(eval, "rep".parse().unwrap());
    assert_eq!(
        (score(&mut plain, 1), score(&mut detecting, 1)),
        (Score::cp(-10), Score::cp(-10))
    );
    // At ply 2 the root position comes back: a draw.
    assert_eq!(
        (score(&mut plain, 2), score(&mut detecting, 2)),
        (Score::cp(10), Score::DRAW)
    );
    // The position after our move occurred before the root.
    detecting.set_game_history(vec![root.play(()).repetition_key().unwrap()]);
    assert_eq!(score(&mut detecting, 1), Score::DRAW);
    detecting.new_game();
    assert_eq!(score(&mut detecting, 1), Score::cp(-10));
}

#[test]
fn names_reflect_the_configuration() {
    let name = |engine: &Engine<RandomTree, TreeValue>| Searcher::<RandomTree>::name(engine).to_string();
    assert_eq!(name(&Engine::new(TreeValue)), "engine");
    // Random trees may have chance levels (`with_chance`): the presets prune them with Star2.
    assert_eq!(
        name(&Engine::exact(TreeValue)),
        "engine(id+tt+hints+killers+history+pvs+star=2)"
    );
    assert_eq!(
        name(&Engine::strongest(TreeValue)),
        "engine(id+tt=deeper+hints+killers+history+pvs+asp+null=adaptive+rfp+lmr=log+qs+qs-nodes+check-ext+rep+star=2)"
    );
    // Built from a preset, a configuration keeps its Star2; built from the plain one, it has
    // none until `for_game` adds it.
    let built = Config {
        pvs: false,
        ..Config::exact()
    };
    assert_eq!(built.to_string(), "id+tt+hints+killers+history+star=2");
    let from_plain = Config {
        pvs: true,
        ..Config::PLAIN
    };
    assert_eq!(from_plain.for_game::<RandomTree>().to_string(), "pvs+star=2");
    assert_eq!(from_plain.for_game::<Pile>().to_string(), "pvs");
    let _ = SearchStats::default();
}

#[test]
fn absurd_arguments_are_refused_or_clamped_not_a_panic_nor_a_hang() {
    let tree = RandomTree::new(5, 4, 5);
    let exact = Config::exact().for_game::<RandomTree>();
    // An absurd table is the resources' to refuse, with the reason (`Resources`): never
    // clamped in silence, never a failed allocation.
    for mib in [usize::MAX, 100_000_000] {
        let refused = search_core::Resources::new(1, mib).unwrap_err();
        assert!(refused.to_string().contains("MiB"), "{refused}");
    }
    let absurd = [
        Config {
            null_move: Some(NullMoveConfig::new(NullReduction::Fixed(u32::MAX))),
            ..exact
        },
        Config {
            reverse_futility: Some(ReverseFutility::new(i32::MAX)),
            ..exact
        },
        Config {
            futility: Some(i32::MAX),
            ..exact
        },
        Config {
            root_window: RootWindow::Aspiration(i32::MAX),
            ..exact
        },
        Config {
            quiescence: Some(QuiescenceConfig {
                delta_pruning: Some(i32::MIN),
                ..QuiescenceConfig::default()
            }),
            ..exact
        },
        Config {
            quiescence: Config::strongest().quiescence.map(|q| QuiescenceConfig {
                max_ply: u32::MAX,
                ..q
            }),
            ..Config::strongest().for_game::<RandomTree>()
        },
    ];
    for config in absurd {
        let mut engine = Engine::with_config(TreeValue, config);
        let result = engine.search(&tree, &Limits::depth(5));
        assert!(result.best_move.is_some(), "{}", engine.name());
        assert!(
            result.score.raw().abs() <= Score::MAX_EVAL.raw(),
            "{}",
            engine.name()
        );
    }
}

#[test]
fn an_evaluation_beyond_the_scale_is_clamped() {
    // An evaluator that answers INFINITY (or more) everywhere: every searcher of the engine still
    // returns a move, and the strongest preset's aspiration loop ends.
    let broken = |_: &RandomTree| Score::INFINITY;
    let tree = RandomTree::new(2, 3, 4);
    for mut engine in [
        Engine::new(broken),
        Engine::exact(broken),
        Engine::strongest(broken),
    ] {
        let result = engine.search(&tree, &Limits::depth(4));
        assert!(result.best_move.is_some(), "{}", engine.name());
        assert_eq!(
            result.score.raw().abs(),
            Score::MAX_EVAL.raw(),
            "{}",
            engine.name()
        );
    }
}

/// The tree's values counted ten times finer, saying so with its unit (or not).
struct Tenfold {
    says_its_unit: bool,
}

impl Evaluate<RandomTree> for Tenfold {
    fn evaluate(&self, tree: &RandomTree) -> Score {
        Score::cp(10 * tree.value())
    }

    fn unit(&self) -> i32 {
        if self.says_its_unit { 1000 } else { 100 }
    }
}

#[test]
fn margins_are_in_the_evaluations_unit() {
    // Every margin of the strongest preset (aspiration window, reverse futility, delta pruning),
    // futility pruning, razoring and ProbCut (its bar, against the static exchange in hundredths
    // of the unit), on trees with noisy moves (quiescence) and extra turns, 6 plies deep (ProbCut acts
    // 5 from the horizon). An evaluation ten times finer that says its unit is ten times larger
    // searches the very same tree, its values ten times larger; one that does not say so prunes
    // differently somewhere.
    let config = search_core::engine::Config {
        futility: Some(60),
        probcut: Some(60),
        razoring: Some(60),
        ..search_core::engine::Config::strongest()
    };
    let mut differs_without_the_unit = 0;
    for seed in 0..24 {
        let tree = RandomTree::new(seed, 4, 7)
            .with_leaf_values(1000)
            .with_noisy_moves(30)
            .with_extra_turns(10);
        let limits = Limits::depth(6);
        let plain = Engine::with_config(TreeValue, config).search(&tree, &limits);
        let scaled = Engine::with_config(Tenfold { says_its_unit: true }, config).search(&tree, &limits);
        assert_eq!(
            (scaled.stats.nodes, scaled.best_move, scaled.pv.clone()),
            (plain.stats.nodes, plain.best_move, plain.pv.clone()),
            "seed {seed}"
        );
        let expected = if plain.score.is_mate() {
            plain.score
        } else {
            Score::cp(10 * plain.score.raw())
        };
        assert_eq!(scaled.score, expected, "seed {seed}");
        let unscaled = Engine::with_config(Tenfold { says_its_unit: false }, config).search(&tree, &limits);
        differs_without_the_unit += usize::from(unscaled.stats.nodes != plain.stats.nodes);
    }
    assert!(
        differs_without_the_unit > 0,
        "the margins never mattered: the test proves nothing"
    );
}

/// A search stopped before its first iteration completes (a node budget too small for depth
/// 1, a deadline already passed) answers what a completed search would say of the root: a
/// chance root has no best move (nobody chooses there), a finished root is worth its result,
/// never the evaluator's value. In every configuration: with and without iterative deepening,
/// Star1, Star2, MTD(f).
#[test]
fn a_search_that_completes_no_iteration_still_answers_right() {
    let configurations = [
        "plain",
        "id",
        "id+tt+hints+killers+history+pvs",
        "id+tt+hints+killers+history+pvs+star",
        "id+tt+hints+killers+history+pvs+star=2",
        "id+tt+hints+mtdf=two-back+star=2",
        "tt+star=2",
        "id+tt=deeper+hints+killers+history+pvs+asp+null=adaptive+rfp+lmr=log+qs+check-ext+rep",
    ];
    let stopped = [
        Limits::depth(6).with_nodes(1),
        Limits::depth(6).with_time(std::time::Duration::ZERO),
    ];
    // Nature moves at the root.
    let chance_root = RandomTree::new(3, 3, 5).with_chance(3, 2).play(0);
    assert!(chance_root.is_chance());
    // The pile is empty: the side to move has lost.
    let finished = Pile {
        items: 0,
        to_move: Player::Second,
    };
    let cp = |_: &Pile| Score::cp(77);
    for text in configurations {
        let config: Config = text.parse().unwrap();
        for limits in &stopped {
            let result = Engine::with_config(TreeValue, config).search(&chance_root, limits);
            assert_eq!(
                (result.best_move, result.pv.len()),
                (None, 0),
                "{text}, {limits:?}"
            );
            let result = Engine::with_config(cp, config).search(&finished, limits);
            assert_eq!(result.score, Score::mated_in(0), "{text}, {limits:?}");
            assert_eq!(result.best_move, None, "{text}, {limits:?}");
        }
    }
}
