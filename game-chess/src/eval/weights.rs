//! The classical evaluation's weights ([`super::classical`]): a middle-game and an end-game
//! weight per term, in centipawns, in the order of [`GROUPS`](super::classical::GROUPS).
//!
//! Written by the tuner, `cargo run --release --example tune -- --data target/tuning/selfplay62.txt --score-weight 0.5 --freeze material --freeze pawn_table --freeze knight_table --freeze bishop_table --freeze rook_table --freeze queen_table --freeze king_table --freeze knight_mobility --freeze bishop_mobility --freeze rook_mobility --freeze queen_mobility --freeze bishop_pair --freeze passed_pawn --freeze passed_free --freeze passed_own_king --freeze passed_their_king --freeze doubled_pawn --freeze isolated_pawn --freeze backward_pawn --freeze connected_pawn --freeze rook_open_file --freeze rook_half_open_file --freeze king_zone_attacks --freeze king_attackers --freeze safe_checks --freeze pawn_shield --freeze king_file --freeze threat_by_pawn --freeze threat_by_minor --freeze threat_by_rook --freeze hanging --freeze tempo --out game-chess/src/eval/weights.rs`:
//! 414920 quiet positions of 4081 self-play games (target/tuning/selfplay62.txt), one game in ten held out; K = 0.5523;
//! mean squared error on the held-out positions 0.024406 before, 0.023195 after
//! (2999 epochs of Adam, step 1 cp). Do not edit by hand: tune again.

use super::classical::{TERMS, Weight};

/// Every term's middle-game and end-game weight.
#[rustfmt::skip]
pub(super) const WEIGHTS: [Weight; TERMS] = [
    // material: a pawn, knight, bishop, rook, queen
    [86, 115], [482, 213], [510, 225], [700, 411], [1621, 635],
    // pawn_table: a pawn on the square (from its side, rank 8 first)
    [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23],
    [152, 34], [77, 98], [107, 78], [122, 71], [150, 67], [52, 90], [-5, 119], [111, 35],
    [24, 38], [34, 66], [42, 40], [52, 20], [84, 8], [5, 48], [49, 53], [9, 41],
    [-11, 15], [9, 11], [8, -14], [17, -16], [24, -24], [0, -10], [5, 0], [-32, 5],
    [-21, 4], [-22, 13], [6, -29], [13, -21], [21, -29], [12, -17], [-2, -3], [-30, -8],
    [-16, -6], [-6, 3], [-3, -9], [-12, -5], [0, -3], [-6, -2], [23, 0], [-19, -8],
    [-28, 5], [-3, 20], [-17, 2], [-22, 8], [-21, 1], [15, 10], [29, 10], [-25, -14],
    [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23], [0, -23],
    // knight_table: a knight on the square
    [-224, 62], [-156, -15], [-44, 12], [-15, -11], [47, -16], [-198, 36], [-32, -2], [-52, -25],
    [-42, -57], [-32, -2], [21, -12], [20, 24], [70, -29], [37, -12], [-30, 2], [-19, -22],
    [-70, -24], [22, 8], [13, 21], [63, 16], [98, 22], [76, 12], [25, 3], [11, -46],
    [-21, -26], [-2, 18], [20, 22], [36, 18], [36, 16], [86, -12], [10, 18], [50, -21],
    [-24, -23], [-24, 1], [7, 24], [16, 23], [27, 12], [21, 23], [15, -15], [-22, 2],
    [-40, 7], [-37, 12], [-10, 10], [-8, 11], [5, 3], [4, 6], [24, -36], [-27, -7],
    [-82, -25], [-78, -18], [-17, -12], [-11, -14], [-6, -6], [-4, -39], [-54, 24], [-55, -17],
    [-46, -57], [-31, -28], [-85, -22], [-25, -49], [0, -20], [-9, -56], [-25, -21], [-32, -26],
    // bishop_table: a bishop on the square
    [-76, -1], [-18, 12], [-129, 1], [-95, -11], [-6, -10], [-53, 7], [30, -29], [61, -3],
    [-25, 18], [-8, -9], [-6, 7], [-14, -6], [-18, 23], [33, 5], [16, -20], [-84, 13],
    [-29, 7], [36, -13], [41, 2], [42, -2], [30, -4], [48, 10], [10, 4], [12, -20],
    [-2, -3], [-5, 22], [6, 4], [51, 23], [31, 12], [33, -2], [4, -18], [-13, -6],
    [-9, -1], [-1, 8], [0, 27], [13, 19], [13, 19], [6, 5], [-23, 15], [-20, 25],
    [-9, -10], [-5, -8], [-1, 7], [-8, 21], [-9, 23], [3, 17], [10, -17], [-11, 9],
    [-40, 14], [-1, -35], [-10, -2], [-13, -7], [-15, 15], [14, -31], [23, -2], [13, -14],
    [-109, -23], [-60, -17], [-12, -25], [-26, 5], [-9, -45], [-25, -11], [-23, -15], [-51, -53],
    // rook_table: a rook on the square
    [-16, 54], [54, 18], [52, 11], [77, 10], [115, -11], [168, -30], [-45, 27], [-9, 44],
    [18, 39], [27, 25], [50, 24], [70, 9], [77, 1], [65, 8], [2, 14], [-13, 37],
    [-34, 42], [23, 23], [34, 15], [46, 16], [77, -11], [52, -4], [31, -1], [-21, 20],
    [-44, 34], [0, 31], [7, 22], [22, 17], [45, -1], [10, -2], [26, -7], [-23, 19],
    [-47, 24], [-2, 14], [-11, 16], [-17, 30], [-33, 17], [-17, 12], [-5, 15], [-30, 13],
    [-43, 10], [4, -16], [-5, -5], [-20, 6], [-12, -6], [-43, 22], [17, -3], [-34, 6],
    [-33, 6], [-38, -8], [-4, -12], [-27, 3], [-23, 1], [-35, 14], [-30, -14], [-63, -3],
    [-29, -14], [-22, -4], [-9, -11], [-3, -4], [-2, -15], [-13, -12], [-60, 13], [-19, -32],
    // queen_table: a queen on the square
    [-56, 72], [-41, 56], [30, 37], [-2, 50], [2, 19], [6, -5], [14, 32], [21, 14],
    [-31, -2], [-62, 67], [-20, 71], [0, 67], [-8, 72], [40, 18], [-12, 22], [-19, 79],
    [-26, 1], [-32, 50], [2, 20], [9, 78], [0, 73], [83, 9], [41, 58], [32, -11],
    [-46, 29], [-37, 87], [-17, 29], [-25, 84], [-15, 86], [-15, 93], [-18, 62], [-3, 18],
    [-4, -27], [-29, 69], [-23, 54], [-15, 95], [-20, 88], [-15, 65], [-2, 67], [-22, 30],
    [-53, -24], [4, -25], [2, -23], [-8, 16], [-4, 9], [9, 0], [25, -34], [3, -86],
    [-54, -38], [18, -54], [15, -54], [1, -8], [2, -12], [8, -79], [-34, -29], [-7, -80],
    [30, -95], [-4, -39], [-3, -62], [4, -38], [6, -49], [-30, -31], [-5, -106], [-59, -11],
    // king_table: the king on the square
    [-127, 73], [-173, 104], [-131, 73], [-136, 120], [-70, 65], [-21, 38], [-130, 47], [-83, 20],
    [-117, 78], [-100, 88], [-120, 101], [-143, 91], [-25, 63], [4, 24], [-88, 46], [-222, 52],
    [-142, 72], [-133, 100], [-254, 137], [-62, 87], [-119, 66], [-20, 16], [3, -2], [-20, 35],
    [-166, 61], [-99, 77], [-113, 97], [-146, 89], [-109, 62], [2, 29], [-15, 23], [-108, 5],
    [-177, 11], [-29, 15], [28, 32], [-26, 46], [-50, 52], [-47, 35], [-19, 20], [1, -30],
    [-74, 7], [-32, 2], [-26, 23], [-15, 22], [-29, 35], [-33, 22], [20, 5], [-20, -16],
    [-42, -11], [11, -9], [4, -8], [-29, 8], [-15, 9], [8, 4], [48, -11], [60, -43],
    [-5, 1], [52, -25], [40, -22], [-27, -11], [31, -45], [-5, -28], [77, -53], [61, -72],
    // knight_mobility: a knight with 0 to 8 safe squares
    [-32, -44], [-11, -47], [-7, 0], [-8, 1], [-1, 4], [0, 12], [5, 11], [13, 3],
    [26, -38],
    // bishop_mobility: a bishop with 0 to 13 safe squares
    [-23, -59], [-18, -15], [-6, -1], [-1, -3], [2, 6], [6, 12], [10, 8], [10, 14],
    [5, 17], [10, 8], [11, 8], [2, 0], [54, -25], [-69, -4],
    // rook_mobility: a rook with 0 to 14 safe squares
    [-104, -34], [-33, -44], [-30, -13], [-25, -5], [-23, 8], [-19, 7], [-20, 12], [-15, 9],
    [-18, 21], [-21, 28], [-9, 22], [-8, 23], [1, 24], [-28, 38], [317, -106],
    // queen_mobility: a queen with 0 to 27 safe squares
    [-96, -35], [-9, -102], [-10, -97], [-8, -66], [-6, -69], [-6, -24], [-7, 14], [-6, -12],
    [-5, 17], [-4, 10], [-8, 46], [-6, 37], [-4, 36], [-9, 41], [-1, 35], [0, 37],
    [7, 32], [2, 28], [25, 12], [41, -18], [82, -72], [95, -98], [166, -144], [153, -161],
    [164, -182], [49, -127], [-45, -147], [-109, -161],
    // bishop_pair: two bishops or more
    [4, 45],
    // passed_pawn: a passed pawn on the rank (from its side)
    [0, 0], [-11, 20], [-5, 16], [-33, 40], [-109, 64], [-90, 38], [120, -24], [0, 0],
    // passed_free: a passed pawn on the rank whose next square is empty
    [0, 0], [-5, 7], [-10, 10], [-16, 11], [-3, 18], [11, 27], [75, 47], [0, 0],
    // passed_own_king: a step of its own king's distance to its next square, by rank
    [0, 0], [-6, 2], [-2, -1], [20, -12], [27, -16], [10, -9], [-10, -5], [0, 0],
    // passed_their_king: a step of the other king's distance to its next square, by rank
    [0, 0], [9, -4], [4, -2], [-9, 7], [-2, 11], [11, 14], [-4, 20], [0, 0],
    // doubled_pawn: a pawn behind another of its side on the file
    [1, -15],
    // isolated_pawn: a pawn with no pawn of its side on the files beside it
    [-11, -2],
    // backward_pawn: a pawn behind its neighbours whose next square an enemy pawn attacks
    [-8, -6],
    // connected_pawn: a pawn defended by a pawn or beside one, by rank
    [0, 0], [3, -2], [4, 5], [4, 8], [6, 20], [41, 13], [204, 5], [0, 0],
    // rook_open_file: a rook on a file without pawns
    [26, -16],
    // rook_half_open_file: a rook on a file without pawns of its side
    [2, 9],
    // king_zone_attacks: a square next to the enemy king a knight, bishop, rook or queen attacks
    [2, -4], [8, -1], [13, -7], [13, 4],
    // king_attackers: 1 to 7 (or more) pieces attacking the enemy king's zone
    [-12, 4], [-5, 9], [22, 23], [47, -19], [68, -61], [0, 0], [0, 0],
    // safe_checks: a safe square from which a knight, bishop, rook or queen can check
    [40, -6], [10, 16], [111, -36], [18, 8],
    // king_danger: an attack on the enemy king, with a queen, of 1 to 16 (or more) units: each zone square a kind of piece attacks, two each safe check
    [-7, -2], [10, 21], [39, -6], [19, 38], [70, 15], [100, -33], [157, -59], [338, -193],
    [519, -289], [1080, -594], [1268, -668], [1464, -749], [1441, -772], [1299, -765], [839, -698], [1079, -780],
    // pawn_shield: a pawn one or two ranks in front of its king (its file or beside)
    [12, -9], [6, -9],
    // king_file: a file at or beside the king without pawns of its side, without any pawn
    [-15, 8], [-2, -24],
    // threat_by_pawn: an enemy piece (not a pawn) a pawn attacks
    [45, 12],
    // threat_by_minor: an enemy rook or queen a knight or bishop attacks
    [43, -6],
    // threat_by_rook: an enemy queen a rook attacks
    [58, -28],
    // hanging: an enemy piece (not a pawn or king) attacked and not defended
    [21, 12],
    // tempo: the side to move
    [14, -1],
];
