//! The terms of the [`Classical`](super::Classical) evaluation: their groups ([`GROUPS`]), where
//! each group starts among the weights, their number ([`TERMS`]) and a term's weights
//! ([`Weight`]).
//!
//! The evaluation (`classical.rs`, which re-exports every item here) and its weights
//! (`weights.rs`, which the tuner writes) both import these, so the imports run one way:
//! `classical.rs` reads `weights.rs`, and both read this file.

/// A term's middle-game and end-game weights, in centipawns.
pub type Weight = [i32; 2];

/// A group of terms: its name (as the weights file and the tuner print it), where it starts in
/// the weights and how many terms it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermGroup {
    /// The group's name.
    pub name: &'static str,
    /// The index of its first term.
    pub start: usize,
    /// Its number of terms.
    pub len: usize,
    /// What one count of it is.
    pub meaning: &'static str,
}

macro_rules! groups {
    ($($constant:ident = $name:literal, $len:expr, $meaning:literal;)*) => {
        groups!(@offsets 0usize; $($constant, $len;)*);
        /// Every group of terms, in the weights' order.
        pub const GROUPS: &[TermGroup] = &[$(TermGroup {
            name: $name,
            start: $constant,
            len: $len,
            meaning: $meaning,
        }),*];
    };
    (@offsets $at:expr; $constant:ident, $len:expr; $($rest:tt)*) => {
        #[doc = concat!("The first term of group `", stringify!($constant), "`.")]
        pub const $constant: usize = $at;
        groups!(@offsets $at + $len; $($rest)*);
    };
    (@offsets $at:expr;) => {
        /// The number of terms (and of weights).
        pub const TERMS: usize = $at;
    };
}

groups! {
    MATERIAL = "material", 5, "a pawn, knight, bishop, rook, queen";
    PAWN_TABLE = "pawn_table", 64, "a pawn on the square (from its side, rank 8 first)";
    KNIGHT_TABLE = "knight_table", 64, "a knight on the square";
    BISHOP_TABLE = "bishop_table", 64, "a bishop on the square";
    ROOK_TABLE = "rook_table", 64, "a rook on the square";
    QUEEN_TABLE = "queen_table", 64, "a queen on the square";
    KING_TABLE = "king_table", 64, "the king on the square";
    KNIGHT_MOBILITY = "knight_mobility", 9, "a knight with 0 to 8 safe squares";
    BISHOP_MOBILITY = "bishop_mobility", 14, "a bishop with 0 to 13 safe squares";
    ROOK_MOBILITY = "rook_mobility", 15, "a rook with 0 to 14 safe squares";
    QUEEN_MOBILITY = "queen_mobility", 28, "a queen with 0 to 27 safe squares";
    BISHOP_PAIR = "bishop_pair", 1, "two bishops or more";
    PASSED_PAWN = "passed_pawn", 8, "a passed pawn on the rank (from its side)";
    PASSED_FREE = "passed_free", 8, "a passed pawn on the rank whose next square is empty";
    PASSED_OWN_KING = "passed_own_king", 8, "a step of its own king's distance to its next square, by rank";
    PASSED_THEIR_KING = "passed_their_king", 8, "a step of the other king's distance to its next square, by rank";
    DOUBLED_PAWN = "doubled_pawn", 1, "a pawn behind another of its side on the file";
    ISOLATED_PAWN = "isolated_pawn", 1, "a pawn with no pawn of its side on the files beside it";
    BACKWARD_PAWN = "backward_pawn", 1, "a pawn behind its neighbours whose next square an enemy pawn attacks";
    CONNECTED_PAWN = "connected_pawn", 8, "a pawn defended by a pawn or beside one, by rank";
    ROOK_OPEN_FILE = "rook_open_file", 1, "a rook on a file without pawns";
    ROOK_HALF_OPEN_FILE = "rook_half_open_file", 1, "a rook on a file without pawns of its side";
    KING_ZONE_ATTACKS = "king_zone_attacks", 4, "a square next to the enemy king a knight, bishop, rook or queen attacks";
    KING_ATTACKERS = "king_attackers", 7, "1 to 7 (or more) pieces attacking the enemy king's zone";
    SAFE_CHECKS = "safe_checks", 4, "a safe square from which a knight, bishop, rook or queen can check";
    KING_DANGER = "king_danger", 16, "an attack on the enemy king, with a queen, of 1 to 16 (or more) units: each zone square a kind of piece attacks, two each safe check";
    PAWN_SHIELD = "pawn_shield", 2, "a pawn one or two ranks in front of its king (its file or beside)";
    KING_FILE = "king_file", 2, "a file at or beside the king without pawns of its side, without any pawn";
    THREAT_BY_PAWN = "threat_by_pawn", 1, "an enemy piece (not a pawn) a pawn attacks";
    THREAT_BY_MINOR = "threat_by_minor", 1, "an enemy rook or queen a knight or bishop attacks";
    THREAT_BY_ROOK = "threat_by_rook", 1, "an enemy queen a rook attacks";
    HANGING = "hanging", 1, "an enemy piece (not a pawn or king) attacked and not defended";
    PASSED_SAFE = "passed_safe", 8, "a passed pawn on the rank whose next square no enemy piece attacks";
    BISHOP_PAWNS = "bishop_pawns", 1, "a pawn of its side on a square of its bishop's colour, per bishop";
    OUTPOST = "outpost", 2, "a knight or bishop on the 4th to 6th rank, defended by a pawn, that no enemy pawn can attack";
    MINOR_BEHIND_PAWN = "minor_behind_pawn", 1, "a knight or bishop with a pawn right in front of it";
    PAWN_STORM = "pawn_storm", 8, "a pawn on a file at or beside the enemy king, by rank (from its side)";
    WEAK_KING_ZONE = "weak_king_zone", 1, "a square next to the enemy king it attacks and only the king or queen defends";
    THREAT_BY_KING = "threat_by_king", 1, "an enemy piece (not a pawn or king) its king attacks";
    PAWN_PUSH_THREAT = "pawn_push_threat", 1, "an enemy piece (not a pawn or king) a pawn would attack after a safe push";
    TEMPO = "tempo", 1, "the side to move";
}
