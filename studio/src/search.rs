//! Running the searchers a request names, within the studio's limits, and their results and
//! traces as JSON (see `API.md`).

use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};

use super::budget::{Budgeted, BudgetedEval};
use super::games::{GameVisitor, StudioGame, describe, legal_moves, status};
use super::{StudioError, StudioLimits};
use search_core::chance::sample_outcome;
use search_core::engine::{Config, Engine, Setup};
use search_core::mcts::{Mcts, SplitMix64};
use search_core::reference::{AlphaBeta, AlphaBetaMinimax, Minimax, MinimaxQuiescence, Negamax};
use search_core::trace::{Trace, score_text};
use search_core::{Bound, Limits, Score, SearchResult, Searcher};

/// One searcher of a request: its kind and options.
#[derive(Clone, Debug, Deserialize)]
pub struct SearcherSpec {
    /// `minimax`, `negamax`, `alphabeta`, `alphabeta-minimax`, `quiescence`, `engine`, `mcts`.
    pub kind: String,
    /// The engine's configuration in its text form, which may start with a preset's name
    /// (`exact`, `strongest`, `plain`: `strongest+threads=2`); `engine` only, the exact preset
    /// if absent.
    #[serde(default)]
    pub config: Option<String>,
    /// Monte Carlo tree search's iterations (`mcts` only).
    #[serde(default)]
    pub iterations: Option<u64>,
}

/// The searcher kinds, their names and whose view their values take.
pub const SEARCHERS: [(&str, &str, &str); 7] = [
    ("minimax", "Minimax (two-sided)", "first player's view"),
    ("negamax", "Negamax", "side to move's view"),
    ("alphabeta", "Alpha-beta (negamax form)", "side to move's view"),
    (
        "alphabeta-minimax",
        "Alpha-beta (two-sided)",
        "first player's view",
    ),
    (
        "quiescence",
        "Minimax + quiescence (negamax form)",
        "side to move's view",
    ),
    ("engine", "Engine (any configuration)", "side to move's view"),
    (
        "mcts",
        "Monte Carlo tree search",
        "mover's view: mean reward as 2q - 1 in thousandths",
    ),
];

/// The MCTS iterations when a request gives none.
pub const DEFAULT_ITERATIONS: u64 = 300;

/// Searches `root` with each searcher of the request: the visitor [`with_game`](super::games::with_game) calls.
pub struct SearchAll<'a> {
    /// The searchers.
    pub searchers: &'a [SearcherSpec],
    /// Plies to search.
    pub depth: u32,
    /// The studio's limits (narrowed by the request's own).
    pub limits: &'a StudioLimits,
    /// The request's time limit for the searchers that honour one (engine, MCTS): they stop on
    /// it and report what they found; the others are refused past it.
    pub clock: Option<Duration>,
}

impl GameVisitor for SearchAll<'_> {
    type Output = Value;

    fn visit<G: StudioGame>(self, root: G) -> Result<Value, StudioError> {
        if self.searchers.is_empty() || self.searchers.len() > 2 {
            return Err(StudioError::BadRequest(format!(
                "give one or two searchers to compare, not {}",
                self.searchers.len()
            )));
        }
        if self.depth > self.limits.max_depth {
            return Err(StudioError::BadRequest(format!(
                "depth {} is more than the studio's limit of {}",
                self.depth, self.limits.max_depth
            )));
        }
        if let Some(result) = status(&root) {
            return Err(StudioError::BadRequest(format!(
                "the game is over ({result}): there is nothing to search"
            )));
        }
        let mut results = Vec::new();
        let mut notes = Vec::new();
        for spec in self.searchers {
            let run = run(&root, spec, self.depth, self.limits, self.clock)?;
            if run.stopped_by_clock {
                let done = if spec.kind == "mcts" {
                    format!("{} iterations", run.result.stats.iterations)
                } else {
                    format!("depth {} completed", run.result.depth)
                };
                notes.push(format!(
                    "{}: stopped by the clock after {:.0} ms ({done})",
                    run.name,
                    run.elapsed.as_secs_f64() * 1e3
                ));
            }
            if let Some(message) = run.trace.as_ref().and_then(Trace::truncation_message) {
                notes.push(format!(
                    "{}: {message}; the studio draws at most {} nodes",
                    run.name, self.limits.max_drawn_nodes
                ));
            }
            results.push(result_json(&root, &run));
        }
        Ok(json!({"position": describe(&root), "results": results, "notes": notes}))
    }
}

/// Lets searcher `spec` choose a move in `root`: the visitor behind `/api/move`.
pub struct ChooseMove<'a> {
    /// The searcher.
    pub spec: &'a SearcherSpec,
    /// Plies to search.
    pub depth: u32,
    /// The studio's limits (narrowed by the request's own).
    pub limits: &'a StudioLimits,
    /// The request's time limit, as [`SearchAll::clock`].
    pub clock: Option<Duration>,
    /// The seed of the die, when the position is a chance node.
    pub seed: u64,
}

impl GameVisitor for ChooseMove<'_> {
    type Output = Value;

    fn visit<G: StudioGame>(self, root: G) -> Result<Value, StudioError> {
        if let Some(result) = status(&root) {
            return Err(StudioError::BadRequest(format!("the game is over ({result})")));
        }
        if self.depth == 0 || self.depth > self.limits.max_depth {
            return Err(StudioError::BadRequest(format!(
                "the depth must be from 1 to {}, not {}",
                self.limits.max_depth, self.depth
            )));
        }
        let moves = legal_moves(&root);
        if moves.is_empty() {
            // Not over, yet nothing to play: a leaf of the textbook tree, scored by its evaluator.
            return Err(StudioError::BadRequest(
                "the position has no moves to play (a leaf of the tree)".to_string(),
            ));
        }
        if root.is_chance() {
            // Nature's move: the die is rolled (seeded by the game so far, so a replay is the
            // same game), not searched.
            let outcomes = moves;
            let mut rng = SplitMix64::new(self.seed);
            let mv = outcomes[sample_outcome(&root, &outcomes, &mut rng)];
            return Ok(json!({
                "move": root.move_text(mv),
                "score_text": null,
                "searcher": "the die",
                "position": describe(&root.play(mv)),
            }));
        }
        let run = run(&root, self.spec, self.depth, self.limits, self.clock)?;
        // No move is played for a searcher that found none (stopped before it had one).
        let mv = run.result.best_move.ok_or_else(|| {
            StudioError::TooBig(format!(
                "{} found no move within its limits: give it more time or a smaller depth",
                run.name
            ))
        })?;
        Ok(json!({
            "move": root.move_text(mv),
            "score_text": result_text(run.result.score),
            "searcher": run.name,
            "position": describe(&root.play(mv)),
        }))
    }
}

/// A finished search: its result, trace, name and view.
struct Run<G: StudioGame> {
    result: SearchResult<G::Move>,
    trace: Option<Trace>,
    name: String,
    view: &'static str,
    elapsed: Duration,
    stopped_by_clock: bool,
}

/// Runs one searcher on `root`, refusing a search that outgrows the limits.
fn run<G: StudioGame>(
    root: &G,
    spec: &SearcherSpec,
    depth: u32,
    limits: &StudioLimits,
    clock: Option<Duration>,
) -> Result<Run<G>, StudioError> {
    let view = check_spec(spec)?;
    let budget = limits.max_search_nodes;
    let tree = Budgeted::new(root.clone(), budget);
    let time = clock.unwrap_or(limits.max_time).min(limits.max_time);
    let started = Instant::now();
    let (result, trace, name) = if spec.kind == "mcts" {
        search_mcts(root, spec, depth, limits, time)?
    } else {
        search_tree(&tree, spec, depth, limits, clock, time)?
    };
    let elapsed = started.elapsed();
    if spec.kind != "mcts" && (tree.is_spent() || result.stats.nodes >= budget) {
        return Err(StudioError::TooBig(format!(
            "{name} at depth {depth} needs more than {budget} nodes here, the most the studio searches: \
             try a smaller depth"
        )));
    }
    // The engine and MCTS stop on the clock by themselves and report what they found (the
    // engine its last complete iteration); a reference searcher past the clock is refused (its
    // result is whole, but it took longer than allowed).
    let stopped_by_clock = elapsed >= time;
    if stopped_by_clock && !["engine", "mcts"].contains(&spec.kind.as_str()) {
        return Err(StudioError::TooBig(format!(
            "{name} at depth {depth} took more than {:.1} s, the longest allowed: try a smaller depth",
            time.as_secs_f64()
        )));
    }
    let mut trace = trace;
    if let Some(trace) = trace.as_mut() {
        trace.relabel_moves(root, |position, mv| position.move_text(mv));
    }
    Ok(Run {
        result,
        trace,
        name,
        view,
        elapsed,
        stopped_by_clock,
    })
}

/// A search's result (moves `M`), trace (if kept) and searcher's name.
type Searched<M> = (SearchResult<M>, Option<Trace>, String);

/// Whose view `spec`'s searcher takes, or why the request is refused: an unknown searcher, or
/// an option for another searcher than its own.
fn check_spec(spec: &SearcherSpec) -> Result<&'static str, StudioError> {
    let Some(&(_, _, view)) = SEARCHERS.iter().find(|entry| entry.0 == spec.kind) else {
        return Err(StudioError::BadRequest(format!(
            "unknown searcher \"{}\": the searchers are {}",
            spec.kind,
            SEARCHERS.map(|entry| entry.0).join(", ")
        )));
    };
    if spec.config.is_some() && spec.kind != "engine" {
        return Err(StudioError::BadRequest(format!(
            "a configuration is for the engine, not for {}",
            spec.kind
        )));
    }
    if spec.iterations.is_some() && spec.kind != "mcts" {
        return Err(StudioError::BadRequest(format!(
            "iterations are for mcts, not for {}",
            spec.kind
        )));
    }
    Ok(view)
}

/// Searches `tree` (the root under the node budget) with one of the tree searchers (the
/// reference searchers or the engine) to `depth`, within the node budget and `time`, the trace
/// kept up to the drawn nodes' limit.
fn search_tree<G: StudioGame>(
    tree: &Budgeted<G>,
    spec: &SearcherSpec,
    depth: u32,
    limits: &StudioLimits,
    clock: Option<Duration>,
    time: Duration,
) -> Result<Searched<G::Move>, StudioError> {
    let cap = limits.max_drawn_nodes;
    let evaluator = BudgetedEval(G::evaluator());
    let search_limits = Limits::depth(depth)
        .with_nodes(limits.max_search_nodes)
        .with_time(time);
    macro_rules! traced {
        ($searcher:expr) => {{
            let mut searcher = $searcher;
            let result = searcher.search(tree, &search_limits);
            (result, searcher.trace().cloned(), searcher.name().to_string())
        }};
    }
    Ok(match spec.kind.as_str() {
        "minimax" => traced!(Minimax::new(evaluator).with_trace(cap)),
        "negamax" => traced!(Negamax::new(evaluator).with_trace(cap)),
        "alphabeta" => traced!(AlphaBeta::new(evaluator).with_trace(cap)),
        "alphabeta-minimax" => traced!(AlphaBetaMinimax::new(evaluator).with_trace(cap)),
        "quiescence" => traced!(MinimaxQuiescence::new(evaluator).with_trace(cap)),
        // The engine: the kind is one of the searchers' (`check_spec`), and MCTS is not a tree's.
        _ => {
            let setup = engine_setup(spec, limits, clock)?;
            let config = setup.config.for_game::<G>();
            traced!(
                Engine::with_config(evaluator, config)
                    .with_resources(setup.resources)
                    .with_trace(cap)
            )
        }
    })
}

/// The engine's setup `spec` asks for (its configuration and resources: the exact preset on
/// one thread if none), or why it is refused: it does not parse, asks for more threads than
/// allowed, or cannot stop on the clock.
fn engine_setup(
    spec: &SearcherSpec,
    limits: &StudioLimits,
    clock: Option<Duration>,
) -> Result<Setup, StudioError> {
    let setup = match spec.config.as_deref().map(str::trim) {
        None | Some("") => Setup {
            config: Config::exact(),
            ..Setup::default()
        },
        Some(text) => text
            .parse::<Setup>()
            .map_err(|error| StudioError::BadRequest(format!("engine configuration \"{text}\": {error}")))?,
    };
    let threads = setup.resources.threads();
    if threads > limits.max_threads {
        return Err(StudioError::TooBig(format!(
            "the engine's configuration asks for {threads} threads, more than the {} allowed here",
            limits.max_threads
        )));
    }
    if clock.is_some() && !setup.config.iterative_deepening {
        // Without iterative deepening a search stopped by the clock has no value at all.
        return Err(StudioError::BadRequest(format!(
            "a time limit needs iterative deepening (id) in the engine's configuration \"{}\"",
            setup.config
        )));
    }
    Ok(setup)
}

/// Monte Carlo tree search of `root`, bounded by its iterations and `time`, on the game itself
/// (its playouts would spend a node budget that is meant for trees); refused if the request's
/// iterations are out of the limits.
fn search_mcts<G: StudioGame>(
    root: &G,
    spec: &SearcherSpec,
    depth: u32,
    limits: &StudioLimits,
    time: Duration,
) -> Result<Searched<G::Move>, StudioError> {
    let iterations = spec.iterations.unwrap_or(DEFAULT_ITERATIONS);
    if iterations == 0 || iterations > limits.max_iterations {
        return Err(StudioError::BadRequest(format!(
            "MCTS iterations must be from 1 to {}, not {iterations}",
            limits.max_iterations
        )));
    }
    let mut mcts = Mcts::new()
        .with_evaluator(G::evaluator())
        .with_seed(1)
        .with_iterations(iterations)
        .with_trace(limits.max_drawn_nodes);
    let result = mcts.search(root, &Limits::depth(depth).with_time(time));
    Ok((result, mcts.trace().cloned(), mcts.name().to_string()))
}

/// A result's score for people: `3`, `mate 2` (tree nodes use the trace pictures' compact
/// [`score_text`]: `3`, `#2`, `-inf`).
fn result_text(score: Score) -> String {
    let text = score.to_string();
    text.strip_prefix("cp ").map_or(text.clone(), str::to_string)
}

fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

fn result_json<G: StudioGame>(root: &G, run: &Run<G>) -> Value {
    let stats = &run.result.stats;
    // The principal variation as move texts, each in the position it is played from.
    let mut position = root.clone();
    let mut pv = Vec::new();
    for &mv in &run.result.pv {
        pv.push(position.move_text(mv));
        position = position.play(mv);
    }
    json!({
        "name": run.name,
        "view": run.view,
        "score": run.result.score.raw(),
        "score_text": result_text(run.result.score),
        "best_move": run.result.best_move.map(|mv| root.move_text(mv)),
        "pv": pv,
        "stats": {
            "nodes": stats.nodes,
            "interior": stats.interior_nodes,
            "leaves": stats.leaf_nodes,
            "quiescence": stats.quiescence_nodes,
            "cutoffs": stats.beta_cutoffs,
            "tt_hits": stats.tt_hits,
            "tt_cutoffs": stats.tt_cutoffs,
            "iterations": stats.iterations,
            "branching": stats.branching_factor(),
            "time_ms": run.elapsed.as_secs_f64() * 1e3,
        },
        "trace": run.trace.as_ref().map(trace_json),
    })
}

/// A trace as the API's `trace` object.
pub fn trace_json(trace: &Trace) -> Value {
    let nodes: Vec<Value> = trace
        .nodes()
        .iter()
        .map(|node| {
            json!({
                "parent": node.parent,
                "children": node.children,
                "mv": node.mv,
                "depth": node.depth,
                "ply": node.ply,
                "window": node.window.map(|(alpha, beta)| [alpha.raw(), beta.raw()]),
                "window_text": node.window.map(|(alpha, beta)| [score_text(alpha), score_text(beta)]),
                "value": node.value.map(|value| value.raw()),
                "value_text": node.value.map(score_text),
                "bound": node.bound.map(bound_name),
                "cut": node.cut.map(|cut| cut.name()),
                "qs": node.is_quiescence,
                "pruned": node.is_pruned,
                "pv": node.is_pv,
                "visits": node.visits,
                "chance": node.is_chance,
                "probability": node.probability,
                "tt_hit": node.tt_hit,
            })
        })
        .collect();
    json!({
        "truncated": trace.is_truncated(),
        "message": trace.truncation_message(),
        "roots": trace.roots(),
        "nodes": nodes,
    })
}
