//! The classical evaluation's weights ([`super::classical`]): a middle-game and an end-game
//! weight per term, in centipawns, in the order of [`GROUPS`](super::classical::GROUPS).
//!
//! Written by the tuner, `cargo run --release --example tune -- --data target/tuning/selfplay76-sf.txt --score-weight 1 --k 0.7535 --prior 1e-5`:
//! 515278 quiet positions of 5000 self-play games (target/tuning/selfplay76-sf.txt), one game in ten held out; K = 0.7535;
//! mean squared error on the held-out positions 0.012189 before, 0.011901 after
//! (282 epochs of Adam, step 1 cp). Do not edit by hand: tune again.

use super::classical::{TERMS, Weight};

/// Every term's middle-game and end-game weight.
#[rustfmt::skip]
pub(super) const WEIGHTS: [Weight; TERMS] = [
    // material: a pawn, knight, bishop, rook, queen
    [106, 90], [515, 202], [556, 203], [725, 409], [1707, 532],
    // pawn_table: a pawn on the square (from its side, rank 8 first)
    [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29],
    [177, 20], [96, 61], [88, 120], [120, 97], [167, 12], [39, 72], [-2, 74], [93, 37],
    [-15, 16], [12, 3], [26, 9], [52, 8], [56, -1], [112, -32], [59, 4], [20, -16],
    [-15, 23], [-7, 13], [1, 2], [23, -8], [27, -13], [21, -8], [8, 1], [-15, -13],
    [-21, -2], [-19, 6], [13, -19], [9, -13], [19, -16], [5, -8], [-4, -1], [-21, -12],
    [-24, 7], [-20, 10], [0, -17], [-11, 8], [1, 3], [-6, 7], [16, -15], [-10, -9],
    [-27, 11], [-7, 8], [-7, 7], [-15, -2], [-3, 18], [6, 16], [27, -1], [-13, -5],
    [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29], [2, -29],
    // knight_table: a knight on the square
    [-234, -8], [-149, -19], [-46, -7], [-3, -14], [53, -48], [-195, -26], [-30, -22], [-75, -86],
    [-49, -17], [-22, 9], [11, -5], [39, -11], [57, 9], [48, -47], [-36, -21], [-34, -5],
    [-33, -19], [33, -24], [8, 35], [54, 0], [81, -28], [72, -6], [22, 14], [0, -25],
    [1, 6], [17, 4], [32, 28], [32, 29], [22, 46], [58, -32], [12, -1], [45, -7],
    [0, -21], [29, 3], [16, 25], [8, 26], [24, 22], [25, 19], [42, -13], [17, 1],
    [-36, 3], [-6, -9], [-11, 9], [7, 22], [10, 13], [5, 2], [-1, -43], [-25, -18],
    [-52, -23], [-12, -10], [-11, -11], [-7, -4], [-10, -4], [-16, -18], [8, -9], [-10, -25],
    [-40, -39], [-31, -19], [-62, -13], [-18, -29], [9, -19], [-20, -29], [-25, -18], [-36, -22],
    // bishop_table: a bishop on the square
    [-46, 21], [-32, 14], [-106, 17], [-80, 30], [-12, -5], [-62, 22], [27, -37], [44, -2],
    [-29, -4], [-29, -7], [-23, 40], [-25, 34], [-1, 20], [13, -26], [13, 25], [-83, -8],
    [-39, 28], [-4, 15], [-10, 10], [14, 23], [21, 9], [77, 10], [7, -30], [8, -1],
    [-33, 20], [0, 19], [9, -4], [39, 8], [33, 30], [29, -14], [21, 17], [-8, 15],
    [7, -11], [3, 7], [11, 24], [26, 19], [18, 16], [8, 17], [-6, -11], [36, -33],
    [-1, -17], [21, -21], [-4, 28], [-2, 15], [-4, 11], [6, 16], [21, -11], [-9, -7],
    [26, -35], [6, -21], [16, -34], [-11, 7], [-8, -6], [4, -20], [11, -18], [-3, -14],
    [-68, 11], [-68, 2], [-11, -3], [1, -34], [-20, 17], [-22, -20], [-22, -33], [-28, -11],
    // rook_table: a rook on the square
    [-17, 40], [43, 14], [61, 16], [68, 16], [101, -8], [123, -18], [-28, 31], [-13, 28],
    [18, 27], [-2, 22], [82, -1], [112, -14], [99, -14], [86, -23], [63, -10], [27, 10],
    [-21, 29], [30, 26], [53, 6], [36, 4], [64, -10], [56, 6], [33, 11], [-23, 36],
    [-5, 22], [0, 32], [10, 10], [40, 0], [37, -10], [18, 20], [-14, 22], [-27, 23],
    [-32, 21], [-5, 20], [-25, 23], [13, 12], [-23, 0], [-12, 4], [-5, 1], [-33, 9],
    [-34, 8], [-29, -3], [-23, -19], [-28, 0], [-42, 0], [-19, -9], [-28, -6], [-51, -2],
    [-41, -9], [-23, -14], [-21, -10], [-27, 0], [-11, 1], [-7, -1], [-5, -19], [-58, -19],
    [-21, -2], [-22, -7], [-22, 1], [-10, -13], [-3, -19], [-10, -12], [-41, 2], [-21, -5],
    // queen_table: a queen on the square
    [-54, 63], [-23, 47], [22, 22], [4, 32], [15, 28], [13, 5], [16, 34], [13, -14],
    [-19, 30], [-58, 90], [-6, 77], [-10, 59], [-5, 67], [59, 36], [14, 23], [3, 30],
    [-3, -5], [-10, 55], [10, 43], [15, 70], [-5, 76], [70, 5], [54, 43], [29, 0],
    [-22, 29], [-24, 60], [-19, 64], [-21, 98], [-11, 85], [0, 62], [5, 48], [25, 0],
    [-2, -5], [-15, 48], [-12, 62], [-18, 99], [-14, 77], [-13, 70], [1, 32], [-12, 21],
    [0, -7], [0, 4], [-16, 35], [-13, 12], [-18, 22], [-13, 41], [3, -10], [22, -48],
    [-46, -25], [0, -9], [10, -43], [4, -14], [8, -23], [12, -38], [-31, 2], [9, -49],
    [21, -75], [-13, -29], [2, -50], [6, -52], [12, -57], [-29, -33], [0, -86], [-64, -23],
    // king_table: the king on the square
    [-128, -66], [-155, 33], [-113, 8], [-111, 45], [-44, 46], [-3, 49], [-101, 66], [-84, -46],
    [-125, -52], [-52, 32], [-111, 38], [-126, 36], [-47, 43], [23, 51], [-73, 68], [-231, -22],
    [-128, 6], [-106, 55], [-207, 53], [-78, 60], [-83, 62], [-22, 37], [13, 59], [-5, 38],
    [-139, -5], [-88, 56], [-87, 45], [-106, 35], [-95, 42], [0, 39], [17, 33], [-76, 9],
    [-138, -53], [33, -21], [55, -3], [-4, 13], [-34, 33], [-14, 30], [-9, 15], [27, -37],
    [-45, -60], [14, -1], [0, 7], [-1, 20], [-7, 25], [21, 12], [35, -8], [1, -24],
    [2, -80], [10, 0], [4, 12], [12, -5], [8, -6], [5, 5], [40, -3], [52, -54],
    [4, -50], [59, -19], [59, -19], [3, -37], [31, -49], [-5, -28], [58, -31], [39, -53],
    // knight_mobility: a knight with 0 to 8 safe squares
    [-41, -71], [-28, -26], [-18, -7], [-11, -2], [1, 4], [3, 15], [13, 8], [20, -2],
    [30, -23],
    // bishop_mobility: a bishop with 0 to 13 safe squares
    [-45, -62], [-32, -47], [-16, -20], [-11, -6], [1, 5], [9, 12], [8, 19], [14, 20],
    [18, 16], [24, 14], [28, 4], [19, 8], [45, -4], [-57, -11],
    // rook_mobility: a rook with 0 to 14 safe squares
    [-133, -42], [-42, -67], [-29, -24], [-27, -3], [-18, -5], [-15, -1], [-11, 8], [-7, 12],
    [-4, 16], [4, 20], [9, 18], [5, 21], [14, 28], [14, 20], [179, -46],
    // queen_mobility: a queen with 0 to 27 safe squares
    [-101, -28], [-29, -95], [-26, -97], [-21, -57], [-21, -50], [-26, -18], [-19, -3], [-19, 9],
    [-13, 32], [-9, 34], [-6, 39], [-3, 38], [7, 31], [-3, 44], [6, 36], [14, 13],
    [11, 11], [5, -8], [20, -6], [24, -27], [60, -46], [133, -115], [156, -98], [161, -148],
    [170, -145], [52, -144], [-47, -128], [-108, -146],
    // bishop_pair: two bishops or more
    [30, 74],
    // passed_pawn: a passed pawn on the rank (from its side)
    [0, 0], [-56, 40], [-44, 39], [-57, 42], [-64, 48], [-63, 44], [124, -72], [0, 0],
    // passed_free: a passed pawn on the rank whose next square is empty
    [0, 0], [-2, 3], [3, 6], [6, 6], [-3, 37], [28, 60], [108, 66], [0, 0],
    // passed_own_king: a step of its own king's distance to its next square, by rank
    [0, 0], [-5, 0], [2, -4], [15, -15], [14, -20], [14, -22], [-11, -14], [0, 0],
    // passed_their_king: a step of the other king's distance to its next square, by rank
    [0, 0], [15, -9], [5, -5], [-2, 11], [4, 16], [7, 28], [3, 38], [0, 0],
    // doubled_pawn: a pawn behind another of its side on the file
    [-8, -29],
    // isolated_pawn: a pawn with no pawn of its side on the files beside it
    [-10, -10],
    // backward_pawn: a pawn behind its neighbours whose next square an enemy pawn attacks
    [-10, -17],
    // connected_pawn: a pawn defended by a pawn or beside one, by rank
    [0, 0], [3, -2], [13, 3], [14, 7], [26, 19], [63, 59], [219, 96], [0, 0],
    // rook_open_file: a rook on a file without pawns
    [58, -21],
    // rook_half_open_file: a rook on a file without pawns of its side
    [17, 20],
    // king_zone_attacks: a square next to the enemy king a knight, bishop, rook or queen attacks
    [9, -3], [-1, 4], [-1, 1], [-7, 23],
    // king_attackers: 1 to 7 (or more) pieces attacking the enemy king's zone
    [-19, 10], [11, -3], [39, 8], [61, -6], [68, -61], [0, 0], [0, 0],
    // safe_checks: a safe square from which a knight, bishop, rook or queen can check
    [41, 0], [2, 14], [89, -24], [7, 30],
    // king_danger: an attack on the enemy king, with a queen, of 1 to 16 (or more) units: each zone square a kind of piece attacks, two each safe check
    [14, -2], [5, 32], [18, 23], [17, 36], [59, -4], [89, -48], [154, -94], [332, -235],
    [507, -315], [1059, -561], [1252, -643], [1462, -722], [1447, -752], [1308, -757], [856, -671], [1097, -755],
    // pawn_shield: a pawn one or two ranks in front of its king (its file or beside)
    [14, -12], [8, -10],
    // king_file: a file at or beside the king without pawns of its side, without any pawn
    [-26, 21], [7, -37],
    // threat_by_pawn: an enemy piece (not a pawn) a pawn attacks
    [63, 17],
    // threat_by_minor: an enemy rook or queen a knight or bishop attacks
    [48, 11],
    // threat_by_rook: an enemy queen a rook attacks
    [82, -9],
    // hanging: an enemy piece (not a pawn or king) attacked and not defended
    [22, 13],
    // passed_safe: a passed pawn on the rank whose next square no enemy piece attacks
    [0, 0], [-12, 15], [12, 11], [-25, 27], [-10, 26], [-2, 40], [4, 61], [0, 0],
    // bishop_pawns: a pawn of its side on a square of its bishop's colour, per bishop
    [-5, -4],
    // outpost: a knight or bishop on the 4th to 6th rank, defended by a pawn, that no enemy pawn can attack
    [23, 17], [20, 3],
    // minor_behind_pawn: a knight or bishop with a pawn right in front of it
    [6, 17],
    // pawn_storm: a pawn on a file at or beside the enemy king, by rank (from its side)
    [0, 0], [-9, 12], [-14, 13], [-2, 10], [-2, 4], [16, -2], [-13, -36], [0, 0],
    // weak_king_zone: a square next to the enemy king it attacks and only the king or queen defends
    [11, -5],
    // threat_by_king: an enemy piece (not a pawn or king) its king attacks
    [6, 0],
    // pawn_push_threat: an enemy piece (not a pawn or king) a pawn would attack after a safe push
    [19, -1],
    // tempo: the side to move
    [24, 4],
];
