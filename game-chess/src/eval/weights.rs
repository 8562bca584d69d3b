//! The classical evaluation's weights ([`super::classical`]): a middle-game and an end-game
//! weight per term, in centipawns, in the order of [`GROUPS`](super::classical::GROUPS).
//!
//! Written by the tuner, `cargo run --release --example tune -- --data target/tuning/selfplay76-sf.txt --score-weight 1 --k 0.7535 --prior 1e-5`:
//! 513807 quiet positions of 5000 self-play games (target/tuning/selfplay76-sf.txt), one game in ten held out; K = 0.7535;
//! mean squared error on the held-out positions 0.011717 before, 0.010186 after
//! (1709 epochs of Adam, step 1 cp). Do not edit by hand: tune again.

use super::terms::{TERMS, Weight};

/// Every term's middle-game and end-game weight.
#[rustfmt::skip]
pub(super) const WEIGHTS: [Weight; TERMS] = [
    // material: a pawn, knight, bishop, rook, queen
    [99, 107], [444, 322], [481, 323], [609, 611], [1691, 652],
    // pawn_table: a pawn on the square (from its side, rank 8 first)
    [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29],
    [176, 5], [96, 69], [85, 121], [118, 102], [173, 4], [41, 73], [-3, 85], [85, 48],
    [-19, 12], [0, 14], [26, 9], [54, -9], [50, 2], [115, -38], [44, 18], [14, -19],
    [-16, 25], [-7, 14], [-2, 10], [22, -8], [26, -15], [25, -15], [11, -6], [-20, -5],
    [-23, 4], [-18, 6], [10, -17], [8, -16], [18, -14], [5, -8], [-3, 4], [-21, -12],
    [-24, 8], [-18, 6], [-2, -12], [-11, 7], [2, 1], [-4, 7], [18, -17], [-10, -10],
    [-27, 10], [-6, 5], [-8, 9], [-14, 4], [-4, 22], [7, 16], [29, -4], [-13, -6],
    [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29], [1, -29],
    // knight_table: a knight on the square
    [-232, -22], [-147, -20], [-52, -13], [-4, -19], [51, -57], [-196, -37], [-32, -28], [-83, -99],
    [-55, -17], [-18, 15], [7, -3], [39, -9], [55, -9], [46, -52], [-44, -23], [-39, -2],
    [-24, -17], [29, -23], [7, 13], [47, 4], [65, -18], [68, -4], [22, 6], [-6, -22],
    [1, 6], [16, 3], [31, 27], [29, 30], [23, 37], [53, -15], [12, 3], [45, -9],
    [0, -24], [31, 4], [18, 24], [8, 26], [24, 27], [26, 18], [45, -17], [18, 0],
    [-35, 6], [-3, -11], [-10, 12], [6, 23], [10, 13], [6, 0], [-1, -43], [-24, -17],
    [-46, -25], [-4, -11], [-11, -8], [-7, -2], [-10, -4], [-16, -22], [10, -12], [-8, -32],
    [-49, -40], [-31, -19], [-59, -9], [-20, -22], [9, -11], [-23, -28], [-24, -20], [-42, -20],
    // bishop_table: a bishop on the square
    [-32, 19], [-34, 16], [-99, 26], [-78, 39], [-15, -4], [-63, 26], [27, -40], [45, -1],
    [-27, -1], [-33, -6], [-21, 34], [-24, 23], [6, 18], [7, -25], [18, 30], [-84, -7],
    [-43, 34], [-9, 19], [-17, 9], [13, 21], [17, 12], [77, 15], [-1, -37], [7, -1],
    [-33, 23], [0, 24], [8, -4], [35, 9], [35, 27], [24, -11], [21, 24], [-6, 3],
    [8, -8], [5, 1], [12, 26], [24, 26], [19, 18], [10, 19], [-2, -19], [41, -38],
    [0, -14], [21, -22], [-5, 34], [-1, 13], [-2, 11], [6, 18], [21, -12], [-7, -10],
    [30, -41], [7, -26], [18, -42], [-11, 10], [-9, -4], [5, -21], [10, -21], [-4, -10],
    [-59, 3], [-69, 1], [-10, -3], [5, -35], [-21, 29], [-22, -23], [-15, -37], [-18, -9],
    // rook_table: a rook on the square
    [-8, 40], [40, 14], [58, 17], [70, 9], [100, -13], [119, -26], [-21, 37], [-8, 30],
    [17, 27], [-5, 27], [67, 14], [104, -8], [97, -7], [93, -19], [73, -3], [35, 14],
    [-30, 46], [29, 30], [49, 9], [25, 12], [58, -8], [52, 12], [34, 15], [-23, 38],
    [-5, 31], [-5, 42], [7, 19], [38, 8], [35, -4], [18, 25], [-12, 27], [-22, 23],
    [-33, 28], [-3, 22], [-22, 23], [16, 9], [-20, -1], [-8, 3], [-1, 4], [-29, 5],
    [-32, 7], [-31, 1], [-22, -23], [-24, -8], [-43, -3], [-15, -7], [-27, -7], [-50, -6],
    [-42, -11], [-24, -15], [-21, -11], [-27, -3], [-12, -1], [-2, -7], [-3, -22], [-56, -19],
    [-23, -1], [-23, -8], [-19, -1], [-9, -18], [-1, -26], [-10, -14], [-37, -1], [-18, -13],
    // queen_table: a queen on the square
    [-53, 72], [-15, 49], [20, 24], [6, 34], [13, 29], [5, -2], [21, 43], [9, -14],
    [-19, 41], [-59, 100], [0, 82], [-12, 61], [-5, 69], [62, 39], [24, 24], [10, 31],
    [-3, -5], [-11, 57], [8, 43], [17, 65], [-7, 74], [65, 3], [55, 45], [30, 6],
    [-19, 33], [-22, 59], [-21, 73], [-20, 97], [-9, 83], [2, 57], [8, 47], [28, -3],
    [-2, -3], [-13, 49], [-10, 62], [-15, 99], [-14, 73], [-11, 68], [5, 26], [-13, 20],
    [2, -7], [0, 7], [-18, 43], [-12, 8], [-21, 27], [-13, 39], [2, -14], [21, -44],
    [-47, -26], [-3, -2], [10, -47], [2, -9], [7, -25], [9, -35], [-34, 8], [18, -46],
    [21, -71], [-15, -27], [1, -47], [6, -56], [11, -59], [-28, -32], [3, -84], [-65, -27],
    // king_table: the king on the square
    [-135, -90], [-152, 32], [-110, 23], [-105, 53], [-37, 47], [1, 64], [-96, 73], [-86, -57],
    [-134, -67], [-38, 58], [-103, 39], [-116, 50], [-60, 49], [23, 62], [-72, 85], [-244, -39],
    [-125, -4], [-98, 70], [-181, 77], [-71, 54], [-71, 64], [-35, 51], [12, 81], [-3, 45],
    [-134, -6], [-81, 62], [-80, 64], [-97, 46], [-90, 45], [-16, 63], [20, 36], [-70, 11],
    [-130, -37], [45, -10], [58, -4], [2, 18], [-34, 43], [-22, 40], [-16, 14], [35, -49],
    [-41, -61], [21, -5], [12, 5], [-1, 23], [-14, 31], [16, 14], [26, -8], [2, -37],
    [7, -76], [14, -11], [0, 13], [13, -8], [5, -8], [1, 4], [39, -11], [54, -67],
    [8, -49], [53, -17], [55, -18], [3, -44], [30, -54], [-9, -26], [59, -39], [45, -71],
    // knight_mobility: a knight with 0 to 8 safe squares
    [-38, -88], [-27, -34], [-17, -12], [-11, -2], [1, 6], [3, 16], [13, 10], [19, 0],
    [25, -23],
    // bishop_mobility: a bishop with 0 to 13 safe squares
    [-44, -73], [-31, -56], [-14, -23], [-10, -9], [2, 3], [9, 15], [8, 21], [13, 27],
    [17, 20], [22, 18], [25, 11], [15, 9], [49, -1], [-51, -12],
    // rook_mobility: a rook with 0 to 14 safe squares
    [-131, -53], [-38, -75], [-26, -27], [-23, -7], [-15, -10], [-11, -3], [-7, 7], [-3, 11],
    [0, 16], [8, 22], [12, 21], [3, 30], [14, 30], [15, 19], [128, -27],
    // queen_mobility: a queen with 0 to 27 safe squares
    [-101, -33], [-32, -99], [-27, -103], [-22, -62], [-22, -51], [-25, -21], [-19, -4], [-18, 8],
    [-12, 32], [-8, 33], [-5, 40], [-2, 40], [9, 33], [-2, 48], [7, 44], [14, 27],
    [11, 22], [6, 4], [20, -1], [22, -21], [57, -42], [122, -129], [148, -103], [145, -168],
    [166, -152], [45, -156], [-48, -134], [-109, -151],
    // bishop_pair: two bishops or more
    [32, 78],
    // passed_pawn: a passed pawn on the rank (from its side)
    [0, 0], [-64, 42], [-44, 35], [-64, 53], [-64, 58], [-70, 52], [123, -60], [0, 0],
    // passed_free: a passed pawn on the rank whose next square is empty
    [0, 0], [2, 3], [5, 9], [-9, 23], [-16, 57], [17, 87], [100, 96], [0, 0],
    // passed_own_king: a step of its own king's distance to its next square, by rank
    [0, 0], [-3, -1], [5, -7], [23, -23], [18, -29], [18, -32], [-12, -19], [0, 0],
    // passed_their_king: a step of the other king's distance to its next square, by rank
    [0, 0], [15, -8], [2, -2], [-7, 16], [0, 23], [1, 43], [-6, 52], [0, 0],
    // doubled_pawn: a pawn behind another of its side on the file
    [-6, -32],
    // isolated_pawn: a pawn with no pawn of its side on the files beside it
    [-8, -14],
    // backward_pawn: a pawn behind its neighbours whose next square an enemy pawn attacks
    [-10, -18],
    // connected_pawn: a pawn defended by a pawn or beside one, by rank
    [0, 0], [3, -3], [12, 4], [13, 9], [25, 22], [57, 74], [217, 113], [0, 0],
    // rook_open_file: a rook on a file without pawns
    [46, -7],
    // rook_half_open_file: a rook on a file without pawns of its side
    [14, 27],
    // king_zone_attacks: a square next to the enemy king a knight, bishop, rook or queen attacks
    [-2, -2], [-12, 6], [-16, 6], [-19, 28],
    // king_attackers: 1 to 7 (or more) pieces attacking the enemy king's zone
    [-11, 10], [10, 12], [53, 18], [68, 0], [68, -61], [0, 0], [0, 0],
    // safe_checks: a safe square from which a knight, bishop, rook or queen can check
    [19, 6], [-18, 38], [18, 12], [-18, 30],
    // king_danger: an attack on the enemy king, with a queen, of 1 to 16 (or more) units: each zone square a kind of piece attacks, two each safe check
    [19, 0], [25, 37], [44, 38], [54, 55], [96, 19], [126, -25], [187, -73], [346, -207],
    [513, -294], [1045, -557], [1234, -651], [1448, -728], [1433, -763], [1300, -767], [853, -676], [1090, -769],
    // pawn_shield: a pawn one or two ranks in front of its king (its file or beside)
    [14, -12], [8, -9],
    // king_file: a file at or beside the king without pawns of its side, without any pawn
    [-25, 20], [8, -40],
    // threat_by_pawn: an enemy piece (not a pawn) a pawn attacks
    [61, 21],
    // threat_by_minor: an enemy rook or queen a knight or bishop attacks
    [45, 18],
    // threat_by_rook: an enemy queen a rook attacks
    [82, -10],
    // hanging: an enemy piece (not a pawn or king) attacked and not defended
    [20, 17],
    // passed_safe: a passed pawn on the rank whose next square no enemy piece attacks
    [0, 0], [-15, 16], [15, 10], [-33, 30], [-22, 40], [-10, 63], [0, 78], [0, 0],
    // bishop_pawns: a pawn of its side on a square of its bishop's colour, per bishop
    [-6, -2],
    // outpost: a knight or bishop on the 4th to 6th rank, defended by a pawn, that no enemy pawn can attack
    [26, 17], [21, 7],
    // minor_behind_pawn: a knight or bishop with a pawn right in front of it
    [6, 18],
    // pawn_storm: a pawn on a file at or beside the enemy king, by rank (from its side)
    [0, 0], [-12, 15], [-17, 17], [-5, 12], [-6, 11], [17, 10], [-25, -45], [0, 0],
    // weak_king_zone: a square next to the enemy king it attacks and only the king or queen defends
    [5, -1],
    // threat_by_king: an enemy piece (not a pawn or king) its king attacks
    [8, -2],
    // pawn_push_threat: an enemy piece (not a pawn or king) a pawn would attack after a safe push
    [20, 1],
    // tempo: the side to move
    [23, 6],
];
