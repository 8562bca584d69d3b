//! The endgame database's file loader, `Database::from_bytes` (what `Database::load` reads a
//! file with), on a Kalah database of at most 6 seeds in play with 2 houses a side: any bytes
//! are refused with an error, or give a database of the indexing's size whose values are read
//! for the positions of a game without a panic.
//!
//! Input layout: a first byte 0 takes the rest as a file's body, given the magic before it and
//! its right checksum after it (so that inputs get past the checksum to the header and the
//! values); any other first byte, or none, takes the input as the whole file.
#![no_main]

use games::kalah::{Kalah, SeedsInPlay};
use libfuzzer_sys::fuzz_target;
use search_core::solve::database::{Database, Indexing};
use search_core::{Game, MoveList};

/// The magic a database file starts with (`database.rs`'s `MAGIC`).
const MAGIC: &[u8] = b"GSEGDB01";

fuzz_target!(|data: &[u8]| {
    let indexing = SeedsInPlay::new(2, 6).expect("a valid indexing");
    let bytes = match data.split_first() {
        Some((0, body)) => {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(body);
            let checksum = fnv1a(&bytes);
            bytes.extend_from_slice(&checksum.to_le_bytes());
            bytes
        }
        _ => data.to_vec(),
    };
    let Ok(database) = Database::<Kalah, _>::from_bytes(indexing.clone(), &bytes, "fuzz") else {
        return;
    };
    assert_eq!(database.count(), indexing.count(), "a database of another size was accepted");
    assert!(database.known() <= database.count());
    // The values of the positions of Kalah(2, 3), down to those the database holds.
    let mut stack = vec![Kalah::new(2, 3).expect("a valid game")];
    let mut moves = MoveList::new();
    for _ in 0..400 {
        let Some(position) = stack.pop() else { break };
        let _ = database.margin(&position);
        moves.clear();
        position.generate_moves(&mut moves);
        stack.extend(moves.iter().map(|&mv| position.play(mv)));
    }
});

/// The FNV-1a 64-bit hash, the file's checksum (`database.rs`'s `fnv1a`).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
