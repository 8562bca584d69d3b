//! The `reproduce` program's experiments: the papers' play and timing experiments that `compare`'s
//! node tables do not cover, each as data (who plays whom, at which depth, from which openings)
//! and a runner that plays it at fixed depth, so that every game is reproducible move for move.
//!
//! - Wasastjerna's Tables 3, 5 and 7 ([`thesis_table_3`], [`thesis_table_5`],
//!   [`thesis_table_7`]): round robins between null-move, transposition-table and quiescence
//!   versions, each pair on every opening with both colours;
//! - Calderan's Table I ([`run_timing`]): the time per move of minimax and alpha-beta at depths
//!   1-4 with point values, here with the nodes beside the times;
//! - Calderan's Table II ([`calderan_table_2`]): point values against piece-square tables;
//! - Calderan's mate-in-3 protocol ([`run_mates`]): alpha-beta at depth 5 with point values
//!   mates a defending UCI engine (Stockfish) within three moves.
//!
//! The papers' own scores are kept beside each table ([`Tournament::paper_totals`],
//! [`Tournament::paper_pairs`]) for comparison; nothing here is a result of ours.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use game_chess::{ChessConfig, ChessGame, Evaluation, GameHistory};
use search_core::{Game, Limits, MoveList};

use crate::configs::Config;
use crate::elo::MatchScore;
use crate::matches::{Opening, play_game};
use crate::pgn::{GameRecord, GameResult, Termination};
use crate::players::{MoveLimit, Player, PlayerSpec};

/// The 50 balanced openings of `game-chess/tests/data/openings.txt` (the ones `match.py` plays).
pub const BALANCED_OPENINGS: &str = include_str!("../../../game-chess/tests/data/openings.txt");

/// matetrack's mates2000 suite (`game-chess/tests/data/mates2000.epd`).
pub const MATES_2000: &str = include_str!("../../../game-chess/tests/data/mates2000.epd");

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses an openings file: one opening a line, `NAME: MOVE MOVE ...` in UCI notation from the
/// initial position; blank lines and lines starting with `#` are skipped.
///
/// # Errors
///
/// A line without `:` or without moves, or an illegal move, with its 1-based line number.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let (name, moves) = line
            .split_once(':')
            .ok_or_else(|| format!("line {number}: expected `NAME: MOVES`, got {line:?}"))?;
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if moves.is_empty() {
            return Err(format!("line {number}: opening {:?} has no moves", name.trim()));
        }
        let history = GameHistory::from_uci(START_FEN, &moves, ChessConfig::default())
            .map_err(|e| format!("line {number}: opening {:?}: {e}", name.trim()))?;
        openings.push(Opening {
            label: name.trim().to_string(),
            game: history.position().clone(),
        });
    }
    Ok(openings)
}

/// The first `count` of the [`BALANCED_OPENINGS`] (all 50 if `count` is larger).
///
/// # Panics
///
/// Never in practice: the embedded file is checked by a test.
#[must_use]
pub fn balanced_openings(count: usize) -> Vec<Opening> {
    let mut openings = parse_openings(BALANCED_OPENINGS).expect("the embedded openings parse");
    openings.truncate(count);
    openings
}

/// A player in a tournament: a `versus` player spec and its fixed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// A [`PlayerSpec`] as `versus` takes it (`nm-r2@thesis-pst`, `random:1`).
    pub spec: String,
    /// Its depth per move in plies.
    pub depth: u32,
    /// How the paper names it.
    pub paper_name: String,
}

impl Entrant {
    fn new(spec: &str, depth: u32, paper_name: &str) -> Self {
        Entrant {
            spec: spec.to_string(),
            depth,
            paper_name: paper_name.to_string(),
        }
    }

    /// `spec d4` (a random mover has no depth).
    #[must_use]
    pub fn label(&self) -> String {
        if self.spec.starts_with("random") {
            self.spec.clone()
        } else {
            format!("{} d{}", self.spec, self.depth)
        }
    }
}

/// A set of matches: which entrants play which, and the paper's scores to compare with.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Short name (`t3`).
    pub id: &'static str,
    /// What it reproduces, one line.
    pub title: String,
    /// The players.
    pub entrants: Vec<Entrant>,
    /// The matches, as indices into `entrants`.
    pub pairs: Vec<(usize, usize)>,
    /// The paper's total per entrant (e.g. `9.5/18`), where it gives one.
    pub paper_totals: Vec<Option<String>>,
    /// The paper's score per pair, first player's points first (e.g. `1-9`), where it gives one.
    pub paper_pairs: Vec<Option<String>>,
}

fn round_robin(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect()
}

/// The evaluation the thesis tables are played with (the project's default, as in `compare`).
pub const THESIS_EVALUATION: &str = "tapered";

/// Wasastjerna's Table 3: alpha-beta v1 and null move R = 1, 2, 3, all at `base + 2`, a round
/// robin (18 games each on the thesis's three openings).
#[must_use]
pub fn thesis_table_3(base: u32) -> Tournament {
    let e = THESIS_EVALUATION;
    let entrants = vec![
        Entrant::new(&format!("ab-v1@{e}"), base + 2, "AB version 1"),
        Entrant::new(&format!("nm-r1@{e}"), base + 2, "NM R=1"),
        Entrant::new(&format!("nm-r2@{e}"), base + 2, "NM R=2"),
        Entrant::new(&format!("nm-r3@{e}"), base + 2, "NM R=3"),
    ];
    Tournament {
        id: "t3",
        title: "Wasastjerna's Table 3: null move R = 1-3 against alpha-beta v1, depth +2".into(),
        pairs: round_robin(entrants.len()),
        entrants,
        paper_totals: ["9.5/18", "8.5/18", "9/18", "9/18"]
            .map(|s| Some(s.to_string()))
            .to_vec(),
        paper_pairs: vec![None; 6],
    }
}

/// Wasastjerna's Table 5: the three transposition-table versions at `base + 0`, a round robin
/// (12 games each). Ours ride on alpha-beta v1; the thesis's on plain minimax (same moves for v1).
#[must_use]
pub fn thesis_table_5(base: u32) -> Tournament {
    let e = THESIS_EVALUATION;
    let entrants = vec![
        Entrant::new(&format!("tt-v1@{e}"), base, "TT version 1"),
        Entrant::new(&format!("tt-v2@{e}"), base, "TT version 2"),
        Entrant::new(&format!("tt-v3@{e}"), base, "TT version 3"),
    ];
    Tournament {
        id: "t5",
        title: "Wasastjerna's Table 5: transposition-table versions 1-3, depth +0".into(),
        pairs: round_robin(entrants.len()),
        entrants,
        paper_totals: ["7.5/12", "4/12", "6.5/12"].map(|s| Some(s.to_string())).to_vec(),
        paper_pairs: vec![None; 3],
    }
}

/// Wasastjerna's Table 7: null move R = 2 at `base + 2` against quiescence at `base + 0` and
/// `base - 1`, a round robin (12 games each). The thesis's quiescence versions also had null
/// move R = 2 (its Appendix E): that is `thesis-final`, which plays here.
#[must_use]
pub fn thesis_table_7(base: u32) -> Tournament {
    let e = THESIS_EVALUATION;
    let entrants = vec![
        Entrant::new(&format!("nm-r2@{e}"), base + 2, "NM R=2, depth +2"),
        Entrant::new(&format!("thesis-final@{e}"), base, "QS, depth +0"),
        Entrant::new(&format!("thesis-final@{e}"), base - 1, "QS, depth -1"),
    ];
    Tournament {
        id: "t7",
        title: "Wasastjerna's Table 7: quiescence (+0, -1) against null move R = 2 (+2)".into(),
        pairs: round_robin(entrants.len()),
        entrants,
        paper_totals: ["2/12", "8.5/12", "7.5/12"].map(|s| Some(s.to_string())).to_vec(),
        paper_pairs: vec![None; 3],
    }
}

/// Calderan's alpha-beta (generation order, as python-chess generates) with `evaluation`.
fn calderan(evaluation: &str) -> String {
    format!("engine:generation@{evaluation}")
}

/// Calderan's Table II: alpha-beta with point values against piece-square tables (here the
/// simplified evaluation's tables, the compilation his reference 18 points to) at depths 2-4,
/// and a random mover against point values at depth 2; six separate matches of 10 games.
#[must_use]
pub fn calderan_table_2() -> Tournament {
    let (pv, pst) = (calderan("point-values"), calderan("simplified-pst"));
    let entrants = vec![
        Entrant::new("random:1", 0, "Random AI"),
        Entrant::new(&pv, 2, "Point Value 2"),
        Entrant::new(&pst, 2, "Piece-Square Table 2"),
        Entrant::new(&pv, 3, "Point Value 3"),
        Entrant::new(&pst, 3, "Piece-Square Table 3"),
        Entrant::new(&pv, 4, "Point Value 4"),
        Entrant::new(&pst, 4, "Piece-Square Table 4"),
    ];
    // Table II, White + Black points of each side: 0.5-9.5, 1-9, 7.5-2.5, 1-9, 3.5-6.5, 3-7.
    let pairs = vec![(0, 1), (1, 2), (3, 2), (3, 4), (5, 4), (5, 6)];
    let paper = ["0.5-9.5", "1-9", "7.5-2.5", "1-9", "3.5-6.5", "3-7"];
    Tournament {
        id: "c2",
        title: "Calderan's Table II: point values against piece-square tables, alpha-beta".into(),
        entrants,
        pairs,
        paper_totals: vec![None; 7],
        paper_pairs: paper.map(|s| Some(s.to_string())).to_vec(),
    }
}

/// How a run ends early.
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// Stop starting new games or searches after this.
    pub deadline: Option<Instant>,
    /// Set by Ctrl-C.
    pub stop: &'a AtomicBool,
}

impl Budget<'_> {
    /// Whether the run should stop.
    #[must_use]
    pub fn exhausted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// One pair's games.
#[derive(Clone, Debug)]
pub struct PairResult {
    /// Indices into the tournament's entrants.
    pub first: usize,
    /// The second player.
    pub second: usize,
    /// From the first player's side.
    pub score: MatchScore,
    /// Games the protocol asked for.
    pub planned: usize,
}

/// A played tournament.
#[derive(Clone, Debug)]
pub struct TournamentResult {
    /// What was played.
    pub tournament: Tournament,
    /// The openings' description (`the thesis's 3 openings`).
    pub openings: String,
    /// Per pair.
    pub pairs: Vec<PairResult>,
    /// Per entrant, over all its games.
    pub totals: Vec<MatchScore>,
    /// Every game.
    pub games: Vec<GameRecord>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl TournamentResult {
    /// Whether some planned game was not played (budget or Ctrl-C).
    #[must_use]
    pub fn partial(&self) -> bool {
        self.pairs.iter().any(|p| p.score.games() as usize != p.planned)
    }

    /// Games that ended by forfeit (none expected between searchers).
    #[must_use]
    pub fn forfeits(&self) -> usize {
        self.games
            .iter()
            .filter(|g| matches!(g.termination, Termination::Forfeit(_)))
            .count()
    }
}

fn add(score: &mut MatchScore, result: GameResult, as_white: bool) {
    match (result, as_white) {
        (GameResult::Draw, _) => score.draws += 1,
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => score.wins += 1,
        _ => score.losses += 1,
    }
}

/// Checks that every entrant's spec parses and can play at its depth.
///
/// # Errors
///
/// The first bad spec, in words.
pub fn check_tournament(tournament: &Tournament) -> Result<(), String> {
    for entrant in &tournament.entrants {
        let spec = PlayerSpec::parse(&entrant.spec).map_err(|e| e.to_string())?;
        spec.check_limit(MoveLimit::Depth(entrant.depth))
            .map_err(|e| e.to_string())?;
        if entrant.depth == 0 && !entrant.spec.starts_with("random") {
            return Err(format!("{} would search to depth 0", entrant.spec));
        }
    }
    Ok(())
}

/// Plays `tournament`: every pair on every opening with both colours, at fixed depth, until the
/// budget runs out; `on_game` hears of each game.
///
/// # Errors
///
/// A bad entrant spec ([`check_tournament`]).
pub fn run_tournament(
    tournament: &Tournament,
    openings: &[Opening],
    openings_label: &str,
    ply_cap: u32,
    budget: Budget<'_>,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<TournamentResult, String> {
    check_tournament(tournament)?;
    let started = Instant::now();
    let timeout = Duration::from_secs(60);
    let player = |entrant: &Entrant| -> Result<Player, String> {
        let spec = PlayerSpec::parse(&entrant.spec).map_err(|e| e.to_string())?;
        Ok(Player::new(spec, MoveLimit::Depth(entrant.depth), timeout))
    };
    let mut totals = vec![MatchScore::default(); tournament.entrants.len()];
    let mut pairs = Vec::new();
    let mut games = Vec::new();
    for &(i, j) in &tournament.pairs {
        let mut a = player(&tournament.entrants[i])?;
        let mut b = player(&tournament.entrants[j])?;
        let mut score = MatchScore::default();
        'openings: for opening in openings {
            for first_is_white in [true, false] {
                if budget.exhausted() {
                    break 'openings;
                }
                let (white, black) = if first_is_white {
                    (&mut a, &mut b)
                } else {
                    (&mut b, &mut a)
                };
                let mut game = play_game(white, black, opening, games.len() + 1, ply_cap);
                // Names with depths: the two sides may be one spec at two depths.
                let (wi, bi) = if first_is_white { (i, j) } else { (j, i) };
                game.white = tournament.entrants[wi].label();
                game.black = tournament.entrants[bi].label();
                add(&mut score, game.result, first_is_white);
                add(&mut totals[i], game.result, first_is_white);
                add(&mut totals[j], game.result, !first_is_white);
                on_game(&game);
                games.push(game);
            }
        }
        a.quit();
        b.quit();
        pairs.push(PairResult {
            first: i,
            second: j,
            score,
            planned: openings.len() * 2,
        });
    }
    Ok(TournamentResult {
        tournament: tournament.clone(),
        openings: openings_label.to_string(),
        pairs,
        totals,
        games,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn points(score: &MatchScore) -> String {
    let p = score.points();
    if p.fract() == 0.0 {
        format!("{p:.0}/{}", score.games())
    } else {
        format!("{p:.1}/{}", score.games())
    }
}

/// The result as two Markdown tables: per entrant (total, Elo against its opponents, the paper's
/// total) and per pair (score, Elo difference with its 95% interval, the paper's score).
#[must_use]
pub fn tournament_markdown(result: &TournamentResult) -> String {
    let t = &result.tournament;
    let mut out = format!(
        "{} — {}, both colours, fixed depth, ply cap as given; {} games in {:.0} s{}{}\n\n",
        t.title,
        result.openings,
        result.games.len(),
        result.seconds,
        if result.partial() {
            " (PARTIAL: the budget ran out)"
        } else {
            ""
        },
        match result.forfeits() {
            0 => String::new(),
            n => format!(", {n} forfeit(s)"),
        }
    );
    if t.paper_totals.iter().any(Option::is_some) {
        out += "| player | paper's name | paper | here | +W =D -L | Elo vs the others [95%] |\n";
        out += "|---|---|---|---|---|---|\n";
        for (index, entrant) in t.entrants.iter().enumerate() {
            let total = &result.totals[index];
            out += &format!(
                "| {} | {} | {} | {} | {} | {} |\n",
                entrant.label(),
                entrant.paper_name,
                t.paper_totals[index].as_deref().unwrap_or(""),
                points(total),
                total,
                total.elo()
            );
        }
        out.push('\n');
    }
    out += "| pair | paper | here | +W =D -L | score | Elo difference [95%] |\n";
    out += "|---|---|---|---|---|---|\n";
    for (index, pair) in result.pairs.iter().enumerate() {
        let (a, b) = (&t.entrants[pair.first], &t.entrants[pair.second]);
        let s = &pair.score;
        let here = if s.games() == 0 {
            "not played".to_string()
        } else {
            format!("{}-{}", fmt_points(s.points()), fmt_points(s.reversed().points()))
        };
        out += &format!(
            "| {} vs {} | {} | {} | {} | {:.1}% | {} |\n",
            a.label(),
            b.label(),
            t.paper_pairs.get(index).cloned().flatten().unwrap_or_default(),
            here,
            s,
            100.0 * s.fraction(),
            s.elo()
        );
    }
    out
}

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// One depth of Calderan's Table I, measured here.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimingRow {
    /// The depth.
    pub depth: u32,
    /// Positions searched by both.
    pub positions: usize,
    /// Minimax: total seconds and nodes.
    pub minimax_seconds: f64,
    /// Minimax's nodes.
    pub minimax_nodes: u64,
    /// Alpha-beta: total seconds.
    pub alpha_beta_seconds: f64,
    /// Alpha-beta's nodes.
    pub alpha_beta_nodes: u64,
    /// Positions where both chose the same move (they must agree on the value; the move too,
    /// both taking the first best in generation order).
    pub same_move: usize,
}

/// Calderan's Table I, his averages: depth, minimax seconds, alpha-beta seconds.
pub const CALDERAN_TABLE_1: [(u32, f64, f64); 4] = [
    (1, 0.005761, 0.005323),
    (2, 0.213530, 0.080171),
    (3, 6.056677, 0.548062),
    (4, 45.194300, 3.846207),
];

/// Calderan's Table I: at each depth, alpha-beta (generation order, point values) plays itself
/// from each opening for `plies` plies; at every position both minimax and alpha-beta search to
/// that depth, single-threaded, and their times and nodes are summed. (Calderan timed separate
/// games of minimax and of alpha-beta; with the same moves those are the same games.)
///
/// # Panics
///
/// Never in practice: the configuration names are the registry's.
pub fn run_timing(
    depths: &[u32],
    openings: &[Opening],
    plies: usize,
    budget: Budget<'_>,
    on_position: &mut dyn FnMut(u32),
) -> Vec<TimingRow> {
    let minimax = Config::parse("minimax").expect("registry");
    let alpha_beta = Config::parse("engine:generation").expect("feature list");
    let mut rows = Vec::new();
    'depths: for &depth in depths {
        let mut row = TimingRow {
            depth,
            ..TimingRow::default()
        };
        for opening in openings {
            let mut position: ChessGame = opening.game.clone();
            for _ in 0..plies {
                if budget.exhausted() {
                    rows.push(row);
                    break 'depths;
                }
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let limits = Limits::depth(depth);
                let root = position
                    .clone()
                    .with_config(position.config().with_ordering(alpha_beta.ordering));
                let started = Instant::now();
                let slow = minimax.build(Evaluation::PointValues).search(&root, &limits);
                row.minimax_seconds += started.elapsed().as_secs_f64();
                let started = Instant::now();
                let fast = alpha_beta.build(Evaluation::PointValues).search(&root, &limits);
                row.alpha_beta_seconds += started.elapsed().as_secs_f64();
                row.minimax_nodes += slow.stats.nodes;
                row.alpha_beta_nodes += fast.stats.nodes;
                row.positions += 1;
                if slow.best_move == fast.best_move {
                    row.same_move += 1;
                }
                on_position(depth);
                let Some(mv) = fast.best_move else { break };
                position = position.play(mv);
            }
        }
        rows.push(row);
    }
    rows
}

/// Calderan's Table I beside ours, as Markdown.
#[must_use]
pub fn timing_markdown(rows: &[TimingRow], description: &str) -> String {
    let mut out = format!(
        "Calderan's Table I: average time per move, minimax against alpha-beta, point values, \
         one core — {description}\n\n\
         | depth | positions | Calderan minimax (s) | Calderan alpha-beta (s) | Calderan ratio | \
         minimax (s) | alpha-beta (s) | time ratio | minimax nodes | alpha-beta nodes | node ratio | same move |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n"
    );
    for row in rows {
        let paper = CALDERAN_TABLE_1.iter().find(|(d, ..)| *d == row.depth);
        let n = row.positions.max(1) as f64;
        let (mm, ab) = (row.minimax_seconds / n, row.alpha_beta_seconds / n);
        let (mmn, abn) = (row.minimax_nodes as f64 / n, row.alpha_beta_nodes as f64 / n);
        out += &format!(
            "| {} | {} | {} | {} | {} | {mm:.6} | {ab:.6} | {:.1} | {mmn:.0} | {abn:.0} | {:.1} | {}/{} |\n",
            row.depth,
            row.positions,
            paper.map_or(String::new(), |p| format!("{:.6}", p.1)),
            paper.map_or(String::new(), |p| format!("{:.6}", p.2)),
            paper.map_or(String::new(), |p| format!("{:.1}", p.1 / p.2)),
            mm / ab.max(1e-12),
            mmn / abn.max(1.0),
            row.same_move,
            row.positions
        );
    }
    out
}

/// A mate-in-3 puzzle: the position, and whether the mating side moves first.
#[derive(Clone, Debug)]
pub struct MatePuzzle {
    /// Where it comes from.
    pub label: String,
    /// The position.
    pub game: ChessGame,
    /// `true` for `bm #3` (the mating side to move), `false` for `bm #-3` (the defender moves
    /// first and is mated in 3 whatever it plays).
    pub attacker_first: bool,
}

/// Every mate in 3 of matetrack's mates2000 suite, both for the side to move (`bm #3`) and
/// against it (`bm #-3`).
///
/// # Panics
///
/// Never in practice: the embedded suite is checked by a test.
#[must_use]
pub fn mate_in_3_puzzles() -> Vec<MatePuzzle> {
    MATES_2000
        .lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let attacker_first = if line.contains("bm #3;") {
                true
            } else if line.contains("bm #-3;") {
                false
            } else {
                return None;
            };
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fen.join(" "));
            let game = ChessGame::from_fen(&fen, ChessConfig::default()).expect("mates2000 parses");
            Some(MatePuzzle {
                label: format!(
                    "mates2000.{} ({})",
                    index + 1,
                    if attacker_first { "#3" } else { "#-3" }
                ),
                game,
                attacker_first,
            })
        })
        .collect()
}

/// One puzzle played out.
#[derive(Clone, Debug)]
pub struct MateOutcome {
    /// The puzzle's label.
    pub label: String,
    /// Whether the mating side mated within three of its moves.
    pub mated: bool,
    /// The moves played (SAN).
    pub san: Vec<String>,
    /// How the game ended.
    pub termination: String,
}

/// The mating side's player in Calderan's protocol: alpha-beta, point values, depth 5.
pub const MATE_ATTACKER: &str = "engine:generation@point-values";

/// The attacker's depth.
pub const MATE_DEPTH: u32 = 5;

/// Plays every puzzle: [`MATE_ATTACKER`] at depth [`MATE_DEPTH`] against `defender` (a UCI
/// engine at `defender_limit`); a puzzle is solved when the attacker mates within three of its
/// moves.
///
/// # Errors
///
/// A bad attacker spec (never in practice).
pub fn run_mates(
    puzzles: &[MatePuzzle],
    defender: &PlayerSpec,
    defender_limit: MoveLimit,
    budget: Budget<'_>,
    on_puzzle: &mut dyn FnMut(&MateOutcome),
) -> Result<Vec<MateOutcome>, String> {
    let timeout = Duration::from_secs(60);
    let mut attacker = Player::new(
        PlayerSpec::parse(MATE_ATTACKER).map_err(|e| e.to_string())?,
        MoveLimit::Depth(MATE_DEPTH),
        timeout,
    );
    let mut defending = Player::new(defender.clone(), defender_limit, timeout);
    let mut outcomes = Vec::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        if budget.exhausted() {
            break;
        }
        let opening = Opening {
            label: puzzle.label.clone(),
            game: puzzle.game.clone(),
        };
        use game_chess::shakmaty::{Color, Position};
        let to_move = puzzle.game.chess().turn();
        let attacker_color = if puzzle.attacker_first {
            to_move
        } else {
            to_move.other()
        };
        // Three attacker moves: five plies when it moves first, six when the defender does.
        let cap = if puzzle.attacker_first { 5 } else { 6 };
        let game = if attacker_color == Color::White {
            play_game(&mut attacker, &mut defending, &opening, index + 1, cap)
        } else {
            play_game(&mut defending, &mut attacker, &opening, index + 1, cap)
        };
        let won = match attacker_color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        };
        let outcome = MateOutcome {
            label: puzzle.label.clone(),
            mated: game.termination == Termination::Checkmate && game.result == won,
            san: game.san.clone(),
            termination: game.termination.describe(),
        };
        on_puzzle(&outcome);
        outcomes.push(outcome);
    }
    defending.quit();
    Ok(outcomes)
}

/// The mate-in-3 results as Markdown: the count, and every failure with its moves.
#[must_use]
pub fn mates_markdown(outcomes: &[MateOutcome], planned: usize, defender: &str) -> String {
    let solved = outcomes.iter().filter(|o| o.mated).count();
    let mut out = format!(
        "Calderan's mate-in-3 protocol: {MATE_ATTACKER} at depth {MATE_DEPTH} mates {defender} \
         within three moves in **{solved} of {}** puzzles{} (Calderan: 6 puzzles, each 5 times, \
         30 of 30).\n",
        outcomes.len(),
        if outcomes.len() < planned {
            format!(" (PARTIAL: {planned} planned)")
        } else {
            String::new()
        }
    );
    for o in outcomes.iter().filter(|o| !o.mated) {
        out += &format!(
            "- NOT MATED: {}: {} ({})\n",
            o.label,
            o.san.join(" "),
            o.termination
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(stop: &AtomicBool) -> Budget<'_> {
        Budget { deadline: None, stop }
    }

    #[test]
    fn the_balanced_openings_parse_and_bad_lines_are_named() {
        let all = balanced_openings(usize::MAX);
        assert_eq!(all.len(), 50);
        assert_eq!(all[0].label, "Ruy Lopez, Morphy");
        assert_eq!(balanced_openings(3).len(), 3);
        let error = parse_openings("# c\nGood: e2e4\nBad e2e4\n").unwrap_err();
        assert!(error.starts_with("line 3:"), "{error}");
        assert!(parse_openings("X: e2e5").unwrap_err().contains("line 1"));
        assert!(parse_openings("X:").unwrap_err().contains("no moves"));
    }

    #[test]
    fn every_tournament_is_well_formed() {
        for t in [
            thesis_table_3(2),
            thesis_table_5(2),
            thesis_table_7(2),
            calderan_table_2(),
        ] {
            check_tournament(&t).unwrap();
            assert_eq!(t.paper_totals.len(), t.entrants.len(), "{}", t.id);
            assert_eq!(t.paper_pairs.len(), t.pairs.len(), "{}", t.id);
        }
        // The thesis's game counts: 18 per player in Table 3, 12 in Tables 5 and 7.
        assert_eq!(thesis_table_3(2).pairs.len() * 6 / 4 * 2, 18);
        assert_eq!(thesis_table_5(2).pairs.len() * 6 / 3 * 2, 12);
        // Depth 0 for quiescence -1 at base 1 is refused.
        assert!(check_tournament(&thesis_table_7(1)).is_err());
    }

    #[test]
    fn a_tournament_counts_every_game_and_the_budget_stops_it() {
        let stop = AtomicBool::new(false);
        let openings = balanced_openings(1);
        let t = Tournament {
            id: "test",
            title: "test".into(),
            entrants: vec![
                Entrant::new("ab-v1@point-values", 1, "a"),
                Entrant::new("random:3", 0, "b"),
            ],
            pairs: vec![(0, 1)],
            paper_totals: vec![None, None],
            paper_pairs: vec![None],
        };
        let result = run_tournament(&t, &openings, "one", 40, budget(&stop), &mut |_| {}).unwrap();
        assert_eq!(result.games.len(), 2);
        assert_eq!(result.pairs[0].score.games(), 2);
        assert_eq!(result.totals[0], result.pairs[0].score);
        assert_eq!(result.totals[1], result.pairs[0].score.reversed());
        assert!(!result.partial());
        assert_eq!(result.games[0].white, "ab-v1@point-values d1");
        let table = tournament_markdown(&result);
        assert!(table.contains("| ab-v1@point-values d1 vs random:3 |"), "{table}");
        stop.store(true, Ordering::Relaxed);
        let stopped = run_tournament(&t, &openings, "one", 40, budget(&stop), &mut |_| {}).unwrap();
        assert!(stopped.partial());
        assert!(tournament_markdown(&stopped).contains("PARTIAL"));
    }

    #[test]
    fn timing_counts_nodes_and_minimax_agrees_with_alpha_beta() {
        let stop = AtomicBool::new(false);
        let rows = run_timing(&[1, 2], &balanced_openings(1), 3, budget(&stop), &mut |_| {});
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_eq!(row.positions, 3);
            assert_eq!(row.same_move, 3);
            assert!(row.alpha_beta_nodes <= row.minimax_nodes);
        }
        assert!(rows[1].alpha_beta_nodes < rows[1].minimax_nodes);
        let table = timing_markdown(&rows, "test");
        assert!(table.contains("| 2 | 3 | 0.213530 | 0.080171 |"), "{table}");
    }

    #[test]
    fn the_mate_suite_has_both_kinds() {
        let puzzles = mate_in_3_puzzles();
        let first = puzzles.iter().filter(|p| p.attacker_first).count();
        assert_eq!(first, 5);
        assert_eq!(puzzles.len() - first, 27);
    }

    #[test]
    fn the_attacker_mates_a_random_defender_and_a_miss_is_reported() {
        // Without Stockfish (CI may not have it), a random defender: depth 5 must still mate
        // within three moves, since every defence loses.
        let stop = AtomicBool::new(false);
        let puzzles: Vec<_> = mate_in_3_puzzles().into_iter().take(2).collect();
        let outcomes = run_mates(
            &puzzles,
            &PlayerSpec::Random { seed: 5 },
            MoveLimit::Depth(1),
            budget(&stop),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(outcomes.len(), 2);
        assert!(outcomes.iter().all(|o| o.mated), "{outcomes:?}");
        let mut failed = outcomes.clone();
        failed[0].mated = false;
        let text = mates_markdown(&failed, 2, "random");
        assert!(
            text.contains("**1 of 2**") && text.contains("NOT MATED"),
            "{text}"
        );
    }
}
