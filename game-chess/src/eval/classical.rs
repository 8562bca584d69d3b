//! [`Classical`]: a classical evaluation, every weight tuned by Texel's method on the positions of
//! the project's own self-play games.
//!
//! - **Idea.** A sum of terms, each a count of something on the board (White's minus Black's)
//!   times a weight, with a middle-game and an end-game weight blended by the game phase as in
//!   [`Tapered`]: material, piece-square tables, mobility, pawn structure,
//!   passed pawns, king safety (the pawn storm included), threats, outposts and the minor
//!   pieces' placement, and the side to move's tempo ([`GROUPS`] lists them). The end-game
//!   sum is scaled down where the side it favours will find a win hard to force: no pawns and
//!   little more material, bishops of opposite colours, few pawns ([`Trace::scale`]).
//!   Being linear in its weights, the evaluation is also a *trace*: the counts alone
//!   ([`trace`]), from which the tuner (`game_search_lab::tune`, `cargo run --release --example
//!   tune`) fits every weight to game results by logistic regression (Texel's method, Peter
//!   Österlund 2014), or to search scores of the same positions turned into expected results,
//!   and writes them to `weights.rs`. Today's weights are fitted to Stockfish 15.1's scores of
//!   the positions of the project's own self-play games (`game-chess/tests/python/relabel.py`;
//!   the book's tuning chapter gives the commands).
//! - **Invariant.** The value is exactly `(mg × phase + eg × scale / 64 × (24 − phase)) / 24`,
//!   where `mg` and `eg` are the dot products of the trace with the middle-game and end-game
//!   weights and `scale` the trace's scale for the side `eg` favours: what the tuner optimises
//!   is what the engine evaluates (a test holds the two equal).
//! - **Cost.** One pass over each side's pieces for their attacks (mobility, king attacks,
//!   threats, checks all come from it), and the pawn terms (read from a per-thread pawn cache,
//!   `pawn_cache.rs`, while the pawns stand still): several times the cost of the tables
//!   alone; the matches decide whether it pays (the book's strength record).
//! - **Sources.** The terms are the classical ones (Chess Programming Wiki, "Evaluation";
//!   Fruit 2.1 and Ethereal for their shapes); Texel's tuning method (CPW, "Texel's Tuning
//!   Method"); the starting point of the tables is PeSTO's (Ronald Friederich); the
//!   king-danger table, indexed by an attack's units rather than added term by term, after the
//!   attack tables of CPW's "King Safety" (Rebel's, Stockfish's king danger); the end game's
//!   scale after Stockfish 12's classical scale factors (`evaluate.cpp`, `scale_factor`).

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, File, Role, Square};

use super::pawn_cache;
use super::tapered::{FULL_PHASE, Tapered};
use super::weights::WEIGHTS;

// The terms (their groups, `TERMS`, `Weight`) live in their own file, which the weights import
// too; every item there is this module's as well.
pub use super::terms::*;

/// The classical evaluation with the tuned weights (`weights.rs`). See the [module
/// documentation](self) for its terms.
///
/// ```
/// use game_chess::{ChessConfig, ChessGame, Classical};
/// use search_core::{Evaluate, Score};
/// let start = ChessGame::startpos(ChessConfig::default());
/// // Only the side to move's tempo tells the sides apart at the start.
/// let white = Classical.evaluate(&start);
/// let black = Classical.evaluate(&start.play_uci_line(&["g1f3", "g8f6", "f3g1", "f6g8"])?);
/// assert_eq!(white, black);
/// assert!(white.raw().abs() < 50);
/// // A queen up is a lot.
/// let up = ChessGame::from_fen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1", ChessConfig::default())?;
/// assert!(Classical.evaluate(&up) > Score::cp(600));
/// // Without pawns the end game is scaled down (`Trace::scale`), and a queen is still a win.
/// let bare = ChessGame::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", ChessConfig::default())?;
/// assert!(Classical.evaluate(&bare) > Score::cp(300));
/// # Ok::<(), game_chess::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classical;

/// Where the evaluation's counts go: summed with the weights (the engine), or kept (the tuner).
pub trait Accumulator {
    /// `count` more of term `term`, White's counts positive and Black's negative.
    fn add(&mut self, term: usize, count: i32);
    /// The end-game sum's scale ([`Trace::scale`]).
    fn scale(&mut self, scale: [i32; 2]);
}

/// The counts summed with the weights: White's middle-game and end-game values, and the end
/// game's scale.
#[derive(Clone, Copy, Debug)]
struct Sum {
    middle_game: i32,
    end_game: i32,
    scale: [i32; 2],
}

impl Default for Sum {
    fn default() -> Sum {
        Sum {
            middle_game: 0,
            end_game: 0,
            scale: [FULL_SCALE; 2],
        }
    }
}

impl Accumulator for Sum {
    #[inline(always)]
    fn add(&mut self, term: usize, count: i32) {
        let [middle_game, end_game] = WEIGHTS[term];
        self.middle_game += middle_game * count;
        self.end_game += end_game * count;
    }

    fn scale(&mut self, scale: [i32; 2]) {
        self.scale = scale;
    }
}

/// The end-game sum at full strength: [`Trace::scale`] is out of this.
pub const FULL_SCALE: i32 = 64;

/// The counts of every term in a position (White's minus Black's) and its phase: what the
/// evaluation multiplies with the weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Each term's count, by term.
    pub counts: Vec<i32>,
    /// The game phase, 0 (kings and pawns) to 24.
    pub phase: i32,
    /// The end-game sum's scale, out of [`FULL_SCALE`], if it favours White and if it favours
    /// Black: less than full where the side ahead will find a win hard to force (no pawns and
    /// little more material, bishops of opposite colours, few pawns). Unlike the counts it does
    /// not multiply a weight: it multiplies the end-game sum, and which of the two applies
    /// depends on that sum's sign.
    pub scale: [i32; 2],
}

impl Accumulator for Trace {
    fn add(&mut self, term: usize, count: i32) {
        self.counts[term] += count;
    }

    fn scale(&mut self, scale: [i32; 2]) {
        self.scale = scale;
    }
}

impl Default for Trace {
    fn default() -> Trace {
        Trace::new()
    }
}

impl Trace {
    /// No counts, phase 0, the end game at full scale.
    #[must_use]
    pub fn new() -> Trace {
        Trace {
            counts: vec![0; TERMS],
            phase: 0,
            scale: [FULL_SCALE; 2],
        }
    }

    /// White's value of these counts with `weights` (one per term), blended by the phase: the
    /// evaluation's own arithmetic.
    #[must_use]
    pub fn value(&self, weights: &[Weight]) -> i32 {
        let (mut middle_game, mut end_game) = (0, 0);
        for (count, [mg, eg]) in self.counts.iter().zip(weights) {
            middle_game += count * mg;
            end_game += count * eg;
        }
        blend(middle_game, end_game, self.phase, self.scale)
    }
}

/// The counts of every term of `board` with `turn` to move.
#[must_use]
pub fn trace(board: &Board, turn: Color) -> Trace {
    let mut trace = Trace::new();
    trace_into(board, turn, &mut trace);
    trace
}

/// [`trace`] into `trace`, reusing its memory (the tuner traces millions of positions).
pub fn trace_into(board: &Board, turn: Color, trace: &mut Trace) {
    trace.counts.clear();
    trace.counts.resize(TERMS, 0);
    trace.phase = Tapered::phase(board);
    terms(board, turn, trace, pawn_terms);
}

/// The weights `weights.rs` holds now, one per term.
#[must_use]
pub fn weights() -> &'static [Weight; TERMS] {
    &WEIGHTS
}

/// The middle-game and end-game sums blended by `phase`, the end game's first scaled by the
/// side it favours.
fn blend(middle_game: i32, end_game: i32, phase: i32, scale: [i32; 2]) -> i32 {
    let end_game = end_game * scale[usize::from(end_game < 0)] / FULL_SCALE;
    (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
}

impl super::BoardEval for Classical {
    fn white_centipawns(&self, board: &Board, turn: Color) -> i32 {
        let mut sum = Sum::default();
        // The pawn terms from this thread's pawn cache (`pawn_cache.rs`): the same sums.
        terms(board, turn, &mut sum, |sides, sum: &mut Sum| {
            let ([middle_game, end_game], passed) =
                pawn_cache::pawn_terms(sides[0].pawns.0, sides[1].pawns.0, || {
                    let mut part = Sum::default();
                    let passed = pawn_terms(sides, &mut part);
                    ([part.middle_game, part.end_game], passed.0)
                });
            sum.middle_game += middle_game;
            sum.end_game += end_game;
            Bitboard(passed)
        });
        blend(sum.middle_game, sum.end_game, Tapered::phase(board), sum.scale)
    }
}

/// What one side's pieces attack, and where its king stands.
struct Side {
    color: Color,
    own: Bitboard,
    pawns: Bitboard,
    pawn_attacks: Bitboard,
    king: Square,
    /// The king's square and the squares next to it.
    king_zone: Bitboard,
    /// Every square a piece of the side attacks (pawns and king included).
    attacks: Bitboard,
    /// The squares its knights, bishops, rooks and queens attack, by role.
    piece_attacks: [Bitboard; 4],
}

impl Side {
    fn new(board: &Board, color: Color) -> Side {
        let own = board.by_color(color);
        let pawns = board.pawns() & own;
        let king = board.king_of(color).unwrap_or(Square::E1);
        let pawn_attacks = pawn_attacks(color, pawns);
        Side {
            color,
            own,
            pawns,
            pawn_attacks,
            king,
            king_zone: king_attacks(king) | Bitboard::from_square(king),
            attacks: pawn_attacks | king_attacks(king),
            piece_attacks: [Bitboard::EMPTY; 4],
        }
    }
}

/// The squares `pawns` of `color` attack.
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}

/// A piece's square in its side's table (rank 8 first, as the tables are printed): White's
/// squares flipped.
const fn table_square(color: Color, square: Square) -> usize {
    match color {
        Color::White => square.to_usize() ^ 56,
        Color::Black => square.to_usize(),
    }
}

const fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

const TABLES: [usize; 6] = [
    PAWN_TABLE,
    KNIGHT_TABLE,
    BISHOP_TABLE,
    ROOK_TABLE,
    QUEEN_TABLE,
    KING_TABLE,
];
const MOBILITY: [usize; 4] = [KNIGHT_MOBILITY, BISHOP_MOBILITY, ROOK_MOBILITY, QUEEN_MOBILITY];
const MOBILITY_LEN: [usize; 4] = [9, 14, 15, 28];
const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Every term of `board` with `turn` to move, into `out`; `pawns` counts the pawn terms
/// ([`pawn_terms`], or its cached sums) and returns both sides' passed pawns.
#[inline(always)]
fn terms<A: Accumulator>(
    board: &Board,
    turn: Color,
    out: &mut A,
    pawns: impl FnOnce(&[Side; 2], &mut A) -> Bitboard,
) {
    let mut sides = [Side::new(board, Color::White), Side::new(board, Color::Black)];
    // Material, tables, mobility and king attacks: one pass over each side's pieces.
    for us in 0..2 {
        let (left, right) = sides.split_at_mut(1);
        let (side, enemy) = if us == 0 {
            (&mut left[0], &right[0])
        } else {
            (&mut right[0], &left[0])
        };
        pieces(board, side, enemy, out);
    }
    let passed = pawns(&sides, out);
    for us in 0..2 {
        let (side, enemy) = (&sides[us], &sides[1 - us]);
        let sign = if side.color == Color::White { 1 } else { -1 };
        passed_pawns(board, side, enemy, passed & side.pawns, sign, out);
        king_safety(board, side, enemy, sign, out);
        threats(board, side, enemy, sign, out);
        placement(board, side, enemy, sign, out);
    }
    out.add(TEMPO, if turn == Color::White { 1 } else { -1 });
    out.scale([
        end_game_scale(board, &sides[0], &sides[1], passed),
        end_game_scale(board, &sides[1], &sides[0], passed),
    ]);
}

/// The end game's scale, out of [`FULL_SCALE`], if it favours `strong`: how much of an
/// advantage the material lets it turn into a win (Stockfish's classical scale factors, by
/// material alone).
///
/// - Without pawns, and at most a minor piece ahead: nothing without a rook's worth (a lone
///   minor piece cannot mate), little against at most a minor piece (a rook against a bishop),
///   a little more against more (a rook and a bishop against a rook).
/// - Bishops of opposite colours: with nothing else but pawns, 18/64 and 4/64 more per passed
///   pawn of the strong side; with other pieces, 22/64 and 3/64 more per piece or pawn (king
///   included) of the strong side.
/// - Otherwise, few pawns of the strong side scale it down: 36/64 without one, 7/64 more per
///   pawn, full from four.
fn end_game_scale(board: &Board, strong: &Side, weak: &Side, passed: Bitboard) -> i32 {
    let units = |side: &Side| {
        let own = side.own;
        3 * ((board.knights() | board.bishops()) & own).count() as i32
            + 5 * (board.rooks() & own).count() as i32
            + 9 * (board.queens() & own).count() as i32
    };
    let (ours, theirs) = (units(strong), units(weak));
    if strong.pawns.is_empty() && ours - theirs <= 3 {
        return if ours < 5 {
            0
        } else if theirs <= 3 {
            4
        } else {
            14
        };
    }
    let bishop = |side: &Side| (board.bishops() & side.own).single_square();
    let opposite_bishops = match (bishop(strong), bishop(weak)) {
        (Some(ours), Some(theirs)) => ours.is_dark() != theirs.is_dark(),
        _ => false,
    };
    let scale = if opposite_bishops && ours == 3 && theirs == 3 {
        18 + 4 * (passed & strong.pawns).count() as i32
    } else if opposite_bishops {
        22 + 3 * strong.own.count() as i32
    } else {
        36 + 7 * strong.pawns.count() as i32
    };
    scale.min(FULL_SCALE)
}

/// Material, tables, mobility, the bishop pair, rook files and king-zone attacks of `side`'s
/// pieces; fills in its attacks.
#[inline(always)]
fn pieces<A: Accumulator>(board: &Board, side: &mut Side, enemy: &Side, out: &mut A) {
    let sign = if side.color == Color::White { 1 } else { -1 };
    let occupied = board.occupied();
    let mobility_area = !(side.pawns | Bitboard::from_square(side.king) | enemy.pawn_attacks);
    for role in Role::ALL {
        let index = role_index(role);
        let pieces = board.by_role(role) & side.own;
        if role != Role::King {
            out.add(MATERIAL + index, sign * pieces.count() as i32);
        }
        for square in pieces {
            out.add(TABLES[index] + table_square(side.color, square), sign);
        }
    }
    let mut attackers = 0;
    for (slot, role) in PIECES.into_iter().enumerate() {
        for square in board.by_role(role) & side.own {
            let attacks = match role {
                Role::Knight => knight_attacks(square),
                Role::Bishop => bishop_attacks(square, occupied),
                Role::Rook => rook_attacks(square, occupied),
                _ => queen_attacks(square, occupied),
            };
            side.piece_attacks[slot] |= attacks;
            let mobility = ((attacks & mobility_area).count()).min(MOBILITY_LEN[slot] - 1);
            out.add(MOBILITY[slot] + mobility, sign);
            let on_zone = attacks & enemy.king_zone;
            if on_zone.any() {
                attackers += 1;
                out.add(KING_ZONE_ATTACKS + slot, sign * on_zone.count() as i32);
            }
        }
        side.attacks |= side.piece_attacks[slot];
    }
    if attackers > 0 {
        out.add(KING_ATTACKERS + attackers.min(7) - 1, sign);
    }
    if (board.bishops() & side.own).more_than_one() {
        out.add(BISHOP_PAIR, sign);
    }
    for square in board.rooks() & side.own {
        let file = Bitboard::from_file(square.file());
        if (board.pawns() & file).is_empty() {
            out.add(ROOK_OPEN_FILE, sign);
        } else if (side.pawns & file).is_empty() {
            out.add(ROOK_HALF_OPEN_FILE, sign);
        }
    }
}

/// The files beside `file`.
fn adjacent_files(file: File) -> Bitboard {
    let bits = Bitboard::from_file(file).0;
    Bitboard(((bits << 1) & !0x0101_0101_0101_0101) | ((bits >> 1) & !0x8080_8080_8080_8080))
}

/// The squares strictly in front of `square` for `color` (every file).
fn ranks_ahead(color: Color, square: Square) -> Bitboard {
    let rank = square.rank().to_u32();
    Bitboard(match color {
        Color::White => u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    })
}

/// The square in front of `square` for `color`, if any.
fn next_square(color: Color, square: Square) -> Option<Square> {
    let index = square.to_u32();
    match color {
        Color::White => (index < 56).then(|| Square::new(index + 8)),
        Color::Black => (index >= 8).then(|| Square::new(index - 8)),
    }
}

/// The terms of the pawns alone, both sides': doubled, isolated, backward and connected pawns
/// and the passed pawns' base value. Both sides' passed pawns.
fn pawn_terms<A: Accumulator>(sides: &[Side; 2], out: &mut A) -> Bitboard {
    let mut passed = Bitboard::EMPTY;
    for us in 0..2 {
        let (side, enemy) = (&sides[us], &sides[1 - us]);
        let sign = if side.color == Color::White { 1 } else { -1 };
        let color = side.color;
        for square in side.pawns {
            let file = Bitboard::from_file(square.file());
            let beside = adjacent_files(square.file());
            let ahead = ranks_ahead(color, square);
            let rank = color.relative_rank(square.rank()).to_usize();
            if (side.pawns & file & ahead).any() {
                out.add(DOUBLED_PAWN, sign);
            }
            if (side.pawns & beside).is_empty() {
                out.add(ISOLATED_PAWN, sign);
            } else if (side.pawns & beside & !ahead).is_empty()
                && next_square(color, square).is_some_and(|next| enemy.pawn_attacks.contains(next))
            {
                // Every neighbour is ahead of it, and an enemy pawn holds the square it would go to.
                out.add(BACKWARD_PAWN, sign);
            }
            let phalanx = side.pawns & beside & Bitboard::from_rank(square.rank());
            if side.pawn_attacks.contains(square) || phalanx.any() {
                out.add(CONNECTED_PAWN + rank, sign);
            }
            if (enemy.pawns & (file | beside) & ahead).is_empty() {
                out.add(PASSED_PAWN + rank, sign);
                passed.add(square);
            }
        }
    }
    passed
}

/// The terms of `side`'s `passed` pawns that read more than the pawns: a free next square, one
/// no enemy piece attacks, and the two kings' distances to it.
#[inline(always)]
fn passed_pawns<A: Accumulator>(
    board: &Board,
    side: &Side,
    enemy: &Side,
    passed: Bitboard,
    sign: i32,
    out: &mut A,
) {
    for square in passed {
        let rank = side.color.relative_rank(square.rank()).to_usize();
        if let Some(next) = next_square(side.color, square) {
            if !board.occupied().contains(next) {
                out.add(PASSED_FREE + rank, sign);
            }
            if !enemy.attacks.contains(next) {
                out.add(PASSED_SAFE + rank, sign);
            }
            out.add(PASSED_OWN_KING + rank, sign * side.king.distance(next) as i32);
            out.add(PASSED_THEIR_KING + rank, sign * enemy.king.distance(next) as i32);
        }
    }
}

/// Safe checks, the pawn shield and open files around `enemy`'s king, from `side`'s view of
/// attacking it (`sign` is `side`'s); the shield and files of `side`'s own king.
#[inline(always)]
fn king_safety<A: Accumulator>(board: &Board, side: &Side, enemy: &Side, sign: i32, out: &mut A) {
    let occupied = board.occupied();
    let safe = !enemy.attacks & !side.own;
    let bishop_lines = bishop_attacks(enemy.king, occupied);
    let rook_lines = rook_attacks(enemy.king, occupied);
    let checks = [
        knight_attacks(enemy.king),
        bishop_lines,
        rook_lines,
        bishop_lines | rook_lines,
    ];
    // The attack's size in units: each zone square a kind of piece attacks, two each safe check.
    let mut units = 0;
    for (slot, (attacks, checks)) in side.piece_attacks.iter().zip(checks).enumerate() {
        let count = (*attacks & checks & safe).count() as i32;
        if count > 0 {
            out.add(SAFE_CHECKS + slot, sign * count);
        }
        units += (*attacks & enemy.king_zone).count() as i32 + 2 * count;
    }
    // King danger grows faster than its parts: a table by units, counted only with a queen.
    if units > 0 && (board.queens() & side.own).any() {
        out.add(KING_DANGER + units.min(16) as usize - 1, sign);
    }
    // Our own king's shelter.
    let king_file = side.king.file();
    let files = Bitboard::from_file(king_file) | adjacent_files(king_file);
    let one = side.king.to_u32() as i32 + if side.color == Color::White { 8 } else { -8 };
    let two = one + if side.color == Color::White { 8 } else { -8 };
    for (slot, rank_square) in [one, two].into_iter().enumerate() {
        if let Ok(index) = u32::try_from(rank_square)
            && index < 64
        {
            let rank = Bitboard::from_rank(Square::new(index).rank());
            let shield = (side.pawns & files & rank).count() as i32;
            if shield > 0 {
                out.add(PAWN_SHIELD + slot, sign * shield);
            }
        }
    }
    for file in [king_file.offset(-1), Some(king_file), king_file.offset(1)]
        .into_iter()
        .flatten()
    {
        let on_file = Bitboard::from_file(file);
        if (side.pawns & on_file).is_empty() {
            out.add(KING_FILE, sign);
            if (board.pawns() & on_file).is_empty() {
                out.add(KING_FILE + 1, sign);
            }
        }
    }
}

/// `side`'s threats on `enemy`'s pieces.
#[inline(always)]
fn threats<A: Accumulator>(board: &Board, side: &Side, enemy: &Side, sign: i32, out: &mut A) {
    let pieces = enemy.own & !board.pawns() & !board.kings();
    let count = |bits: Bitboard| bits.count() as i32;
    let by_pawn = count(pieces & side.pawn_attacks);
    let majors = enemy.own & (board.rooks() | board.queens());
    let by_minor = count(majors & (side.piece_attacks[0] | side.piece_attacks[1]));
    let by_rook = count(enemy.own & board.queens() & side.piece_attacks[2]);
    let hanging = count(pieces & side.attacks & !enemy.attacks);
    for (term, n) in [
        (THREAT_BY_PAWN, by_pawn),
        (THREAT_BY_MINOR, by_minor),
        (THREAT_BY_ROOK, by_rook),
        (HANGING, hanging),
    ] {
        if n > 0 {
            out.add(term, sign * n);
        }
    }
}

/// The terms of piece placement and pawn pressure that read both sides' attacks: bishops hemmed
/// in by their own pawns, outposts, minor pieces behind
/// a pawn, the pawn storm on the enemy king, weak squares around it, the king's threats and the
/// pawn pushes that would attack a piece.
#[inline(always)]
fn placement<A: Accumulator>(board: &Board, side: &Side, enemy: &Side, sign: i32, out: &mut A) {
    let color = side.color;
    let count = |bits: Bitboard| bits.count() as i32;
    let mut add = |term: usize, n: i32| {
        if n != 0 {
            out.add(term, sign * n);
        }
    };
    for square in board.bishops() & side.own {
        let colour = if Bitboard::DARK_SQUARES.contains(square) {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        add(BISHOP_PAWNS, count(side.pawns & colour));
    }
    let minors = (board.knights() | board.bishops()) & side.own;
    for (slot, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        let outposts = (minors & board.by_role(role) & side.pawn_attacks)
            .into_iter()
            .filter(|&square| {
                (3..=5).contains(&color.relative_rank(square.rank()).to_usize())
                    && (enemy.pawns & adjacent_files(square.file()) & ranks_ahead(color, square)).is_empty()
            })
            .count();
        add(OUTPOST + slot, outposts as i32);
    }
    let in_front = match color {
        Color::White => Bitboard(minors.0 << 8),
        Color::Black => Bitboard(minors.0 >> 8),
    };
    add(MINOR_BEHIND_PAWN, count(in_front & board.pawns()));
    let king_files = Bitboard::from_file(enemy.king.file()) | adjacent_files(enemy.king.file());
    for pawn in side.pawns & king_files {
        add(PAWN_STORM + color.relative_rank(pawn.rank()).to_usize(), 1);
    }
    let queen_or_king_only =
        !(enemy.pawn_attacks | enemy.piece_attacks[0] | enemy.piece_attacks[1] | enemy.piece_attacks[2]);
    add(
        WEAK_KING_ZONE,
        count(enemy.king_zone & side.attacks & queen_or_king_only & !Bitboard::from_square(enemy.king)),
    );
    let pieces = enemy.own & !board.pawns() & !board.kings();
    add(THREAT_BY_KING, count(pieces & king_attacks(side.king)));
    let empty = !board.occupied();
    let (push, start_rank) = match color {
        Color::White => (
            Bitboard((side.pawns.0 << 8) & empty.0),
            Bitboard::from_rank(shakmaty::Rank::Third),
        ),
        Color::Black => (
            Bitboard((side.pawns.0 >> 8) & empty.0),
            Bitboard::from_rank(shakmaty::Rank::Sixth),
        ),
    };
    let double = match color {
        Color::White => Bitboard(((push & start_rank).0 << 8) & empty.0),
        Color::Black => Bitboard(((push & start_rank).0 >> 8) & empty.0),
    };
    let safe_pushes = (push | double) & !enemy.pawn_attacks & (side.attacks | !enemy.attacks);
    add(PAWN_PUSH_THREAT, count(pawn_attacks(color, safe_pushes) & pieces));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::BoardEval;
    use crate::{ChessConfig, ChessGame};
    use search_core::{Game, MoveList};
    use shakmaty::Position;

    fn game(fen: &str) -> ChessGame {
        ChessGame::from_fen(fen, ChessConfig::default()).expect("a valid FEN")
    }

    /// The counts of the terms of `group` (by name) in `fen`.
    fn counts(fen: &str, group: &str) -> Vec<i32> {
        let group = GROUPS.iter().find(|g| g.name == group).expect("a group");
        let game = game(fen);
        trace(game.board(), game.chess().turn()).counts[group.start..group.start + group.len].to_vec()
    }

    #[test]
    fn the_groups_tile_the_weights() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(group.start, next, "{}", group.name);
            next += group.len;
        }
        assert_eq!(next, TERMS);
        assert_eq!(weights().len(), TERMS);
    }

    /// What the tuner fits (the trace's dot product with the weights, blended) is what the
    /// engine evaluates, to the centipawn, along random games from several positions.
    #[test]
    fn the_trace_with_the_weights_is_the_evaluation() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1",
            // End games the scale reads: opposite bishops, a rook against a bishop.
            "4k3/5p2/2p5/3B4/8/2b5/5PPP/4K3 w - - 0 1",
            "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1",
        ];
        let mut rng = search_core::rng::SplitMix64::new(5);
        let mut checked = 0;
        for fen in starts {
            for _ in 0..20 {
                let mut position = game(fen);
                for _ in 0..60 {
                    let board = position.board();
                    let turn = position.chess().turn();
                    assert_eq!(
                        trace(board, turn).value(weights()),
                        Classical.white_centipawns(board, turn),
                        "{}",
                        position.fen()
                    );
                    checked += 1;
                    let mut moves = MoveList::new();
                    position.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    position = position.play(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(checked > 3000);
    }

    /// The end game's scale (if its sum favours White, if it favours Black), case by case.
    #[test]
    fn the_end_game_scale_follows_the_material() {
        let cases: [(&str, &str, [i32; 2]); 8] = [
            (
                "a knight alone cannot mate",
                "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
                [0, 0],
            ),
            (
                "a rook against a bishop",
                "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1",
                [4, 0],
            ),
            (
                "a rook and a bishop against a rook",
                "4k3/8/8/8/8/8/2r5/RB2K3 w - - 0 1",
                [14, 14],
            ),
            (
                "a queen up: scaled for the missing pawns alone",
                "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
                [36, 0],
            ),
            (
                "opposite bishops alone: a third and a sixteenth a passed pawn (h2 is White's)",
                "4k3/5p2/8/3B4/8/2b5/5PPP/4K3 w - - 0 1",
                [22, 18],
            ),
            (
                "opposite bishops with rooks: a third and a twentieth a piece or pawn",
                "r3k3/5p2/8/3B4/8/2b5/5PPP/R3K3 w - - 0 1",
                [40, 34],
            ),
            (
                "bishops of one colour: 36/64 and 7/64 a pawn",
                "4k3/5p2/8/3B4/8/1b6/5PPP/4K3 w - - 0 1",
                [57, 43],
            ),
            (
                "four pawns or more: full",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                [64, 64],
            ),
        ];
        for (what, fen, scale) in cases {
            let game = game(fen);
            assert_eq!(trace(game.board(), game.chess().turn()).scale, scale, "{what}");
        }
        // The scale multiplies the end-game sum by its sign: a rook against a bishop, White's
        // end game (alone at phase 0) cut to 4/64, Black's scale unused.
        let game = game("4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1");
        let mut end_game = trace(game.board(), game.chess().turn());
        end_game.phase = 0;
        let scaled = end_game.value(weights());
        end_game.scale = [FULL_SCALE, 0];
        let full = end_game.value(weights());
        assert!(full > 100, "{full}");
        assert_eq!(scaled, full * 4 / FULL_SCALE);
    }

    /// Each case counts one group in a position built for it (White's counts minus Black's).
    #[test]
    fn terms_count_what_they_say() {
        let cases: [(&str, &str, &str, Vec<i32>); 22] = [
            (
                "material: two knights against a rook",
                "4k3/8/8/8/8/8/8/1NN1K2r w - - 0 1",
                "material",
                vec![0, 2, 0, -1, 0],
            ),
            (
                "a passed pawn on the 6th, its next square free",
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                "passed_free",
                vec![0, 0, 0, 0, 0, 1, 0, 0],
            ),
            (
                "a blocked pawn is not passed",
                "4k3/8/3p4/8/8/3P4/8/4K3 w - - 0 1",
                "passed_pawn",
                vec![0; 8],
            ),
            (
                "king distances to the passer's next square (d7): e8 is 1 away, e1 6",
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                "passed_their_king",
                vec![0, 0, 0, 0, 0, 1, 0, 0],
            ),
            (
                "own king 6 away",
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                "passed_own_king",
                vec![0, 0, 0, 0, 0, 6, 0, 0],
            ),
            (
                "doubled: the rear pawn",
                "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1",
                "doubled_pawn",
                vec![1],
            ),
            (
                "isolated: both d-pawns",
                "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1",
                "isolated_pawn",
                vec![2],
            ),
            (
                "backward: d2 behind e3 with d3 held by the c4 pawn",
                "4k3/8/8/8/2p5/4P3/3P4/4K3 w - - 0 1",
                "backward_pawn",
                vec![1],
            ),
            (
                "connected: the e3 pawn defends d4 (d4 on the 4th)",
                "4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1",
                "connected_pawn",
                vec![0, 0, 0, 1, 0, 0, 0, 0],
            ),
            (
                "a knight in the corner has 2 squares",
                "4k3/8/8/8/8/8/8/N3K3 w - - 0 1",
                "knight_mobility",
                vec![0, 0, 1, 0, 0, 0, 0, 0, 0],
            ),
            (
                "threats: the e4 pawn attacks the d5 knight and f5 rook",
                "4k3/8/8/3n1r2/4P3/8/8/4K3 w - - 0 1",
                "threat_by_pawn",
                vec![2],
            ),
            (
                "a passer on d6 whose next square the e8 king attacks is not safe",
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                "passed_safe",
                vec![0; 8],
            ),
            (
                "a passer on d6 whose next square the h8 king does not reach is",
                "7k/8/3P4/8/8/8/8/4K3 w - - 0 1",
                "passed_safe",
                vec![0, 0, 0, 0, 0, 1, 0, 0],
            ),
            (
                "the dark-squared c1 bishop with one pawn on a dark square (b2)",
                "4k3/8/8/8/8/8/PPP5/2B1K3 w - - 0 1",
                "bishop_pawns",
                vec![1],
            ),
            (
                "a knight on d5 defended by e4, no black pawn on c or e to chase it",
                "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1",
                "outpost",
                vec![1, 0],
            ),
            (
                "the c7 pawn can chase it: no outpost",
                "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1",
                "outpost",
                vec![0, 0],
            ),
            (
                "a knight on d2 behind the d3 pawn",
                "4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1",
                "minor_behind_pawn",
                vec![1],
            ),
            (
                "pawns on g4 and h4 against the king on g8",
                "6k1/8/8/8/6PP/8/8/4K3 w - - 0 1",
                "pawn_storm",
                vec![0, 0, 0, 2, 0, 0, 0, 0],
            ),
            (
                "the h1 queen reaches h7 and h8, which only the king defends",
                "6k1/8/8/8/8/8/8/4K2Q w - - 0 1",
                "weak_king_zone",
                vec![2],
            ),
            (
                "the e1 king attacks the d2 knight",
                "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1",
                "threat_by_king",
                vec![1],
            ),
            (
                "e3-e4 would attack the d5 knight, and e4 is safe",
                "4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1",
                "pawn_push_threat",
                vec![1],
            ),
            (
                "tempo: Black to move",
                "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
                "tempo",
                vec![-1],
            ),
        ];
        for (what, fen, group, expected) in cases {
            assert_eq!(counts(fen, group), expected, "{what}");
        }
    }

    #[test]
    fn a_rook_checking_from_a_safe_square_counts() {
        // The a1 rook can check on a8 (the king on e8 does not reach it); h8 is next to nothing.
        assert_eq!(
            counts("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "safe_checks"),
            vec![0, 0, 1, 0]
        );
        // Black's queen on d8 guards a8: no safe check.
        assert_eq!(counts("3qk3/8/8/8/8/8/8/R3K3 w - - 0 1", "safe_checks")[2], 0);
    }

    #[test]
    fn king_danger_counts_units_with_a_queen() {
        let mut eight_units = vec![0; 16];
        eight_units[7] = 1;
        // The h1 queen attacks h7 and h8 next to the g8 king (2 units) and can check safely
        // from g2, d5 and a8 (2 units each); from h7 and h8 it cannot, the king guards them.
        assert_eq!(
            counts("6k1/8/8/8/8/8/8/6KQ w - - 0 1", "king_danger"),
            eight_units
        );
        // The same for Black, counted negative.
        let minus: Vec<i32> = eight_units.iter().map(|n| -n).collect();
        assert_eq!(counts("6kq/8/8/8/8/8/8/6K1 w - - 0 1", "king_danger"), minus);
        // A rook's attack is no danger without a queen.
        assert_eq!(
            counts("6k1/8/8/8/8/8/8/6KR w - - 0 1", "king_danger"),
            vec![0; 16]
        );
    }
}
