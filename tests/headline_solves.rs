//! The headline solves, held in CI's release-mode step (they take seconds optimised, minutes
//! without): Kalah(6, 4) from the start is a win by 10 for the side to move, and Connect Four
//! positions a few plies deep have the values a reference solver gives (the
//! `connect-four-solver` crate, Pascal Pons's method, a dev-dependency of this package only).
//!
//! `cargo test --release --test headline_solves -- --ignored`

use connect_four_solver as reference;
use game_search::games::connect_four::ConnectFour;
use game_search::games::kalah::{Kalah, SeedsInPlay};
use search_core::Resources;
use search_core::solve::database::{Database, WithDatabase};
use search_core::solve::{Settled, Solver};

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn kalah_6_4_from_the_start_is_a_win_by_10() {
    // As `solve kalah 6 4` runs it: the 16-seed endgame database (30 MiB), a 512 MiB table,
    // two threads.
    let database = Database::new(SeedsInPlay::new(6, 16).unwrap());
    let report = database.build(2, None, None).unwrap();
    assert!(!report.stopped);
    let solution = Solver::new()
        .resources(Resources::new(2, 512).unwrap())
        .solve(&WithDatabase::new(&database, Kalah::new(6, 4).unwrap()));
    assert_eq!(solution.settled(), Some(Settled::Margin(10)), "{solution:?}");
}

#[test]
#[ignore = "heavy: CI runs it in release mode (cargo test --release --workspace --tests -- --include-ignored)"]
fn connect_four_positions_a_few_plies_deep_are_the_reference_solvers_values() {
    // Columns played from the empty board (1 to 7): openings of 8 and 10 plies, centre and edge.
    let openings = [
        "44444343",
        "43443454",
        "12345671",
        "76543217",
        "44335252",
        "11223355",
        "4444333355",
        "4455661773",
        "1176622334",
        "4567123444",
    ];
    for typed in openings {
        let position = ConnectFour::from_moves(typed).unwrap();
        let settled = Solver::new()
            .resources(Resources::new(2, 64).unwrap())
            .solve(&position)
            .settled()
            .unwrap_or_else(|| panic!("{typed}: not settled"));
        let expected = reference::Solver::new().score(&reference::ConnectFour::from_move_list(typed));
        assert_eq!(
            position.pons_score(settled),
            Some(expected),
            "{typed}: ours {settled}"
        );
    }
}
