//! [`MoveOrdering`]: the static move orderings, as keys (higher is searched first).
//!
//! The thesis (Wasastjerna 2022, section 3.2.2) compares four *generation orders*: the move
//! generator emits moves class by class, and plain alpha-beta searches them in that order.
//! Here the order is the searcher's: [`ChessGame`](crate::ChessGame) generates unsorted and
//! returns [`MoveOrdering::key`] as its [`Game::order_hint`](search_core::Game::order_hint), and
//! every searcher ranks a node's moves by it **stably** where it searches them (never at a
//! horizon node), so moves of one class keep shakmaty's generation order among themselves:
//! the thesis's "alpha-beta with ordering version N", node for node.
//!
//! Vocabulary of the thesis's lists, kept here: a *capture* is a move that takes a piece (en
//! passant is a pawn capturing a pawn); a *move* is a non-capture; *promotions* come as one
//! class, capturing promotions included; *castling* is its own class, not a king move.

use shakmaty::{Move, Role};

/// A static move ordering, as a key per move: higher is searched first.
///
/// The thesis's orderings are *generation orders*: [`ChessGame`](crate::ChessGame) returns this
/// key as its [`order_hint`](search_core::Game::order_hint), and the searchers search each
/// node's moves stably sorted by it, so plain alpha-beta reproduces "alpha-beta with ordering
/// version N". Moves of one class keep shakmaty's
/// generation order. In the thesis's lists a *capture* takes a piece (en passant is a pawn
/// capturing a pawn), a *move* is a non-capture, *promotions* are one class (capturing ones
/// included) and *castling* is its own class, not a king move.
///
/// ```
/// use game_chess::MoveOrdering;
/// use shakmaty::{Move, Role, Square};
/// let pawn_takes_queen = Move::Normal {
///     role: Role::Pawn, from: Square::E4, capture: Some(Role::Queen), to: Square::D5, promotion: None,
/// };
/// let queen_takes_pawn = Move::Normal {
///     role: Role::Queen, from: Square::D1, capture: Some(Role::Pawn), to: Square::D5, promotion: None,
/// };
/// // Version 1 orders captures by the capturing piece, pawn first; MVV-LVA by the victim.
/// for ordering in [MoveOrdering::ThesisV1, MoveOrdering::MvvLva] {
///     assert!(ordering.key(pawn_takes_queen) > ordering.key(queen_takes_pawn));
/// }
/// assert_eq!(MoveOrdering::Generation.key(pawn_takes_queen), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveOrdering {
    /// shakmaty's generation order, untouched (every key is `0`).
    #[default]
    Generation,
    /// Thesis version 1: promotions, K captures, P captures, N captures, B captures, R captures,
    /// Q captures, castling, P moves, N moves, B moves, R moves, Q moves, K moves.
    ThesisV1,
    /// Thesis version 2: castling, P moves, N moves, B moves, R moves, Q moves, K moves,
    /// promotions, K captures, P captures, N captures, B captures, R captures, Q captures.
    ThesisV2,
    /// Thesis version 3: promotions, K captures, P captures BNRQ, N captures RQ, B captures RQ,
    /// R captures Q, P captures P, N captures NBP, B captures NBP, R captures RNBP, Q captures,
    /// castling, P moves, N moves, B moves, R moves, Q moves, K moves.
    ThesisV3,
    /// Thesis version 4: promotions, K captures, R captures Q, B captures RQ, N captures RQ,
    /// P captures NBRQ, P captures P, N captures BNP, B captures BNP, R captures RBNP,
    /// Q captures, castling, Q moves, R moves, B moves, N moves, P moves, K moves.
    ThesisV4,
    /// Most valuable victim, least valuable attacker: captures and promotions first, by
    /// `10 × (victim + promoted piece, in pawns 1/3/3/5/9) − attacker rank (P 1 … K 6)`, then the
    /// quiet moves in generation order.
    MvvLva,
    /// MVV-LVA for the captures and promotions that do not lose material by the static exchange
    /// ([`crate::see`]), then the quiet moves, then the losing captures, the least losing first:
    /// the UCI engine's default. Needs the position, so [`key`](MoveOrdering::key) alone gives
    /// MVV-LVA; [`ChessGame`](crate::ChessGame)'s order hint applies the exchange.
    See,
}

impl MoveOrdering {
    /// Every ordering, in declaration order.
    pub const ALL: [MoveOrdering; 7] = [
        MoveOrdering::Generation,
        MoveOrdering::ThesisV1,
        MoveOrdering::ThesisV2,
        MoveOrdering::ThesisV3,
        MoveOrdering::ThesisV4,
        MoveOrdering::MvvLva,
        MoveOrdering::See,
    ];

    /// A short name, as the example programs accept it (`generation`, `v1` … `v4`, `mvv-lva`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveOrdering::Generation => "generation",
            MoveOrdering::ThesisV1 => "v1",
            MoveOrdering::ThesisV2 => "v2",
            MoveOrdering::ThesisV3 => "v3",
            MoveOrdering::ThesisV4 => "v4",
            MoveOrdering::MvvLva => "mvv-lva",
            MoveOrdering::See => "see",
        }
    }

    /// The ordering key of `mv`: higher is searched first, equal keys keep generation order.
    #[must_use]
    #[inline]
    pub fn key(self, mv: Move) -> i32 {
        match self {
            MoveOrdering::Generation => 0,
            MoveOrdering::ThesisV1 => from_class(V1_CLASSES, thesis_v1(classify(mv))),
            MoveOrdering::ThesisV2 => from_class(V2_CLASSES, thesis_v2(classify(mv))),
            MoveOrdering::ThesisV3 => from_class(V3_CLASSES, thesis_v3(classify(mv))),
            MoveOrdering::ThesisV4 => from_class(V4_CLASSES, thesis_v4(classify(mv))),
            MoveOrdering::MvvLva | MoveOrdering::See => mvv_lva(mv),
        }
    }
}

impl std::fmt::Display for MoveOrdering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for MoveOrdering {
    type Err = String;

    /// Parses a [`name`](MoveOrdering::name).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        MoveOrdering::ALL
            .into_iter()
            .find(|ordering| ordering.name() == text)
            .ok_or_else(|| {
                let names: Vec<_> = MoveOrdering::ALL.iter().map(|o| o.name()).collect();
                format!(
                    "unknown move ordering {text:?} (expected one of {})",
                    names.join(", ")
                )
            })
    }
}

/// The classes the thesis's lists are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Any promotion, capturing or not.
    Promotion,
    /// A capture (en passant included) that is not a promotion.
    Capture { attacker: Role, victim: Role },
    /// Castling, either side.
    Castle,
    /// A non-capturing, non-promoting, non-castling move.
    Quiet(Role),
}

fn classify(mv: Move) -> Kind {
    match mv {
        Move::Castle { .. } => Kind::Castle,
        Move::EnPassant { .. } => Kind::Capture {
            attacker: Role::Pawn,
            victim: Role::Pawn,
        },
        _ if mv.is_promotion() => Kind::Promotion,
        _ => match mv.capture() {
            Some(victim) => Kind::Capture {
                attacker: mv.role(),
                victim,
            },
            None => Kind::Quiet(mv.role()),
        },
    }
}

/// Turns a class index (0 = searched first) into a key (higher = searched first).
fn from_class(classes: i32, class: i32) -> i32 {
    classes - class
}

/// The index of a role in "P, N, B, R, Q, K".
const fn pnbrqk(role: Role) -> i32 {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

const V1_CLASSES: i32 = 14;

fn thesis_v1(kind: Kind) -> i32 {
    match kind {
        Kind::Promotion => 0,
        Kind::Capture {
            attacker: Role::King, ..
        } => 1,
        // P, N, B, R, Q captures: 2..=6.
        Kind::Capture { attacker, .. } => 2 + pnbrqk(attacker),
        Kind::Castle => 7,
        // P, N, B, R, Q, K moves: 8..=13.
        Kind::Quiet(role) => 8 + pnbrqk(role),
    }
}

const V2_CLASSES: i32 = 14;

fn thesis_v2(kind: Kind) -> i32 {
    match kind {
        Kind::Castle => 0,
        // P, N, B, R, Q, K moves: 1..=6.
        Kind::Quiet(role) => 1 + pnbrqk(role),
        Kind::Promotion => 7,
        Kind::Capture {
            attacker: Role::King, ..
        } => 8,
        // P, N, B, R, Q captures: 9..=13.
        Kind::Capture { attacker, .. } => 9 + pnbrqk(attacker),
    }
}

const V3_CLASSES: i32 = 18;

fn thesis_v3(kind: Kind) -> i32 {
    use Role::{Bishop, King, Knight, Pawn, Queen, Rook};
    match kind {
        Kind::Promotion => 0,
        Kind::Capture { attacker, victim } => match (attacker, victim) {
            (King, _) => 1,
            (Pawn, Bishop | Knight | Rook | Queen) => 2,
            (Knight, Rook | Queen) => 3,
            (Bishop, Rook | Queen) => 4,
            (Rook, Queen) => 5,
            (Pawn, _) => 6,
            (Knight, _) => 7,
            (Bishop, _) => 8,
            (Rook, _) => 9,
            (Queen, _) => 10,
        },
        Kind::Castle => 11,
        // P, N, B, R, Q, K moves: 12..=17.
        Kind::Quiet(role) => 12 + pnbrqk(role),
    }
}

const V4_CLASSES: i32 = 18;

fn thesis_v4(kind: Kind) -> i32 {
    use Role::{Bishop, King, Knight, Pawn, Queen, Rook};
    match kind {
        Kind::Promotion => 0,
        Kind::Capture { attacker, victim } => match (attacker, victim) {
            (King, _) => 1,
            (Rook, Queen) => 2,
            (Bishop, Rook | Queen) => 3,
            (Knight, Rook | Queen) => 4,
            (Pawn, Knight | Bishop | Rook | Queen) => 5,
            (Pawn, _) => 6,
            (Knight, _) => 7,
            (Bishop, _) => 8,
            (Rook, _) => 9,
            (Queen, _) => 10,
        },
        Kind::Castle => 11,
        // Q, R, B, N, P moves, then K moves: 12..=17.
        Kind::Quiet(role) => match role {
            Queen => 12,
            Rook => 13,
            Bishop => 14,
            Knight => 15,
            Pawn => 16,
            King => 17,
        },
    }
}

/// Point values in pawns, for MVV-LVA (the king is never a victim).
const fn pawns(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Noisy moves score above every quiet move (which scores 0).
const MVV_LVA_NOISY_BASE: i32 = 100;

fn mvv_lva(mv: Move) -> i32 {
    let victim = match mv {
        Move::EnPassant { .. } => Some(Role::Pawn),
        _ => mv.capture(),
    };
    let gain = victim.map_or(0, pawns) + mv.promotion().map_or(0, pawns);
    if victim.is_none() && mv.promotion().is_none() {
        0
    } else {
        MVV_LVA_NOISY_BASE + 10 * gain - (pnbrqk(mv.role()) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn normal(role: Role, capture: Option<Role>, promotion: Option<Role>) -> Move {
        Move::Normal {
            role,
            from: Square::E2,
            capture,
            to: Square::E4,
            promotion,
        }
    }

    /// Every class of the thesis's lists, in the order the lists give them.
    #[test]
    fn thesis_lists_in_their_order() {
        use Role::*;
        let castle = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        let ep = Move::EnPassant {
            from: Square::E5,
            to: Square::D6,
        };
        let promo = normal(Pawn, Some(Rook), Some(Queen));
        let cap = |a, v| normal(a, Some(v), None);
        let quiet = |r| normal(r, None, None);
        let v1 = vec![
            promo,
            cap(King, Queen),
            cap(Pawn, Pawn),
            cap(Knight, Queen),
            cap(Bishop, Pawn),
            cap(Rook, Rook),
            cap(Queen, Queen),
            castle,
            quiet(Pawn),
            quiet(Knight),
            quiet(Bishop),
            quiet(Rook),
            quiet(Queen),
            quiet(King),
        ];
        let v2 = vec![
            castle,
            quiet(Pawn),
            quiet(Knight),
            quiet(Bishop),
            quiet(Rook),
            quiet(Queen),
            quiet(King),
            promo,
            cap(King, Pawn),
            ep,
            cap(Knight, Pawn),
            cap(Bishop, Queen),
            cap(Rook, Pawn),
            cap(Queen, Pawn),
        ];
        let v3 = vec![
            promo,
            cap(King, Rook),
            cap(Pawn, Knight),
            cap(Knight, Rook),
            cap(Bishop, Queen),
            cap(Rook, Queen),
            ep,
            cap(Knight, Bishop),
            cap(Bishop, Bishop),
            cap(Rook, Rook),
            cap(Queen, Queen),
            castle,
            quiet(Pawn),
            quiet(Knight),
            quiet(Bishop),
            quiet(Rook),
            quiet(Queen),
            quiet(King),
        ];
        let v4 = vec![
            promo,
            cap(King, Pawn),
            cap(Rook, Queen),
            cap(Bishop, Rook),
            cap(Knight, Queen),
            cap(Pawn, Queen),
            cap(Pawn, Pawn),
            cap(Knight, Knight),
            cap(Bishop, Pawn),
            cap(Rook, Bishop),
            cap(Queen, Pawn),
            castle,
            quiet(Queen),
            quiet(Rook),
            quiet(Bishop),
            quiet(Knight),
            quiet(Pawn),
            quiet(King),
        ];
        for (ordering, list) in [
            (MoveOrdering::ThesisV1, v1),
            (MoveOrdering::ThesisV2, v2),
            (MoveOrdering::ThesisV3, v3),
            (MoveOrdering::ThesisV4, v4),
        ] {
            let keys: Vec<i32> = list.iter().map(|&mv| ordering.key(mv)).collect();
            assert!(
                keys.windows(2).all(|pair| pair[0] > pair[1]),
                "{ordering}: keys {keys:?} are not strictly decreasing"
            );
        }
    }

    #[test]
    fn same_class_moves_tie() {
        use Role::*;
        // v3 groups "P captures BNRQ" as one class.
        let v3 = MoveOrdering::ThesisV3;
        assert_eq!(
            v3.key(normal(Pawn, Some(Bishop), None)),
            v3.key(normal(Pawn, Some(Queen), None))
        );
        // Non-capturing and capturing promotions are one class.
        let v1 = MoveOrdering::ThesisV1;
        assert_eq!(
            v1.key(normal(Pawn, None, Some(Knight))),
            v1.key(normal(Pawn, Some(Rook), Some(Queen)))
        );
    }

    #[test]
    fn mvv_lva_prefers_valuable_victims_then_cheap_attackers() {
        use Role::*;
        let key = |mv| MoveOrdering::MvvLva.key(mv);
        assert!(key(normal(Queen, Some(Rook), None)) > key(normal(Pawn, Some(Bishop), None)));
        assert!(key(normal(Pawn, Some(Knight), None)) > key(normal(Bishop, Some(Knight), None)));
        assert!(key(normal(Pawn, None, Some(Queen))) > key(normal(Pawn, None, Some(Knight))));
        assert!(key(normal(King, Some(Pawn), None)) > key(normal(Pawn, None, None)));
        assert_eq!(key(normal(Knight, None, None)), 0);
    }

    #[test]
    fn names_round_trip() {
        for ordering in MoveOrdering::ALL {
            assert_eq!(ordering.name().parse::<MoveOrdering>(), Ok(ordering));
        }
        assert_eq!(
            "v5".parse::<MoveOrdering>().unwrap_err(),
            "unknown move ordering \"v5\" (expected one of generation, v1, v2, v3, v4, mvv-lva, see)"
        );
    }
}
