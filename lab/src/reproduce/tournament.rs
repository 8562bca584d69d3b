//! The papers' matches: Wasastjerna's Tables 3, 5 and 7 ([`thesis_table_3`], [`thesis_table_5`],
//! [`thesis_table_7`]), round robins between null-move, transposition-table and quiescence
//! versions, each pair on every opening with both colours; and Calderan's Table II
//! ([`calderan_table_2`]), point values against piece-square tables. Each is data (who plays
//! whom, at which depth) and [`run_tournament`] plays it at fixed depth, so that every game is
//! reproducible move for move.
//!
//! The papers' own scores are kept beside each table ([`Tournament::paper_totals`],
//! [`Tournament::paper_pairs`]) for comparison; nothing here is a result of ours.

use std::time::{Duration, Instant};

use crate::elo::MatchScore;
use crate::matches::{Opening, play_game};
use crate::pgn::{GameRecord, GameResult, Termination};
use crate::players::{MoveLimit, Player, PlayerSpec};

use super::Budget;

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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::reproduce::openings::balanced_openings;

    fn budget(stop: &AtomicBool) -> Budget<'_> {
        Budget { deadline: None, stop }
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
}
