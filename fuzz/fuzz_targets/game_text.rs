//! Every game's move and position text, and the constructors that take numbers: an error or a
//! value, never a panic. The first byte picks the game, the next four are numbers (sizes, heaps,
//! a seed), the rest is text. A parsed move prints back (`Display`, or the game's own name for
//! it) to a text that parses to the same move, and is playable; an EinStein board prints back to
//! a text that parses to the same board.
#![no_main]

use std::str::FromStr;

use game_chess::shakmaty::Chess;
use game_chess::shakmaty::fen::Fen;
use game_chess::{ChessConfig, GameHistory, parse_uci_move, to_uci};
use game_tictactoe::{Cell, TicTacToe};
use games::connect_four::ConnectFour;
use games::dots_and_boxes::DotsAndBoxes;
use games::einstein::{self, EinStein};
use games::kalah::Kalah;
use games::nim::Nim;
use games::pig::Pig;
use libfuzzer_sys::fuzz_target;
use search_core::{Game, MoveList, Player};

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else {
        return;
    };
    let (numbers, bytes) = rest.split_at(rest.len().min(4));
    let mut n = [0u8; 4];
    n[..numbers.len()].copy_from_slice(numbers);
    match game % 10 {
        2 => return nim(n, bytes),
        9 => return prompt(bytes),
        _ => {}
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    match game % 10 {
        0 => tictactoe(text),
        1 => connect_four(n, text),
        3 => kalah(n, text),
        4 => dots(n, text),
        5 => einstein(n, text),
        6 => pig(n, text),
        7 => chess_moves(n, text),
        _ => kalah_parts(n, text),
    }
});

/// Moves of `text`: its lines, and its words.
fn pieces(text: &str) -> impl Iterator<Item = &str> {
    text.lines().chain(text.split_whitespace()).take(64)
}

fn tictactoe(text: &str) {
    let mut positions = vec![TicTacToe::new()];
    if let Ok(position) = TicTacToe::from_moves(text) {
        let _ = position.to_string();
        positions.push(position);
    }
    for position in positions {
        for piece in pieces(text) {
            if let Ok(cell) = piece.parse::<Cell>() {
                assert_eq!(cell.to_string().parse::<Cell>().ok(), Some(cell), "{piece:?}");
            }
            if let Ok(cell) = position.parse_move(piece) {
                assert_eq!(
                    position.parse_move(&cell.to_string()).ok(),
                    Some(cell),
                    "{piece:?}"
                );
                let _ = position.play(cell).winner();
            }
        }
    }
}

fn connect_four(n: [u8; 4], text: &str) {
    let mut positions = vec![ConnectFour::new()];
    if let Ok(position) = ConnectFour::from_moves(text) {
        let _ = position.to_string();
        positions.push(position);
    }
    // A board of any size the numbers say (refused with a message when out of range), the
    // moves played on it.
    if let Ok(board) = ConnectFour::with_size(n[0] % 12, n[1] % 11) {
        assert_eq!(board.size(), (n[0] % 12, n[1] % 11));
        if let Ok(position) = board.after(text) {
            let _ = position.to_string();
            let _ = search_core::Game::value_bounds(&position);
            positions.push(position);
        }
        positions.push(board);
    }
    for position in positions {
        for piece in pieces(text) {
            if let Ok(column) = position.parse_move(piece) {
                assert_eq!(
                    position.parse_move(&column.to_string()).ok(),
                    Some(column),
                    "{piece:?}"
                );
                let _ = position.play(column).winner();
            }
        }
    }
}

fn nim(n: [u8; 4], bytes: &[u8]) {
    // The heaps: as many as the first number says (up to 9: one too many), from the numbers
    // after it and then the bytes; the moves: the bytes as text.
    let count = usize::from(n[0] % 10);
    let heaps: Vec<u8> = n[1..].iter().chain(bytes).copied().take(count).collect();
    let Ok(position) = Nim::new(&heaps) else {
        return;
    };
    assert_eq!(position.heaps(), &heaps[..]);
    let text = String::from_utf8_lossy(bytes);
    for piece in pieces(&text) {
        if let Ok(take) = position.parse_move(piece) {
            let _ = take.to_string();
            let after = position.play(take);
            assert!(after.matches() < position.matches(), "{piece:?} took nothing");
        }
    }
}

/// A Kalah start from two numbers, then the text's moves.
fn kalah(n: [u8; 4], text: &str) {
    let Ok(start) = Kalah::new(n[0] % 8, n[1] % 14) else {
        return;
    };
    let mut position = start;
    for piece in pieces(text) {
        if let Ok(house) = position.parse_move(piece) {
            assert_eq!(
                position.parse_move(&house.to_string()).ok(),
                Some(house),
                "{piece:?}"
            );
            position = position.play(house);
            let _ = position.to_string();
        }
    }
}

/// `Kalah::from_parts` with any seeds within its contract (rows of a valid length, at most 255
/// seeds: 14 counts of at most 18), then the text's moves.
fn kalah_parts(n: [u8; 4], text: &str) {
    let houses = usize::from(n[0] % 6) + 1;
    let bytes: Vec<u8> = text
        .bytes()
        .chain(std::iter::repeat(n[1]))
        .take(2 * houses)
        .map(|seeds| seeds % 19)
        .collect();
    let to_move = if n[3].is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    let stores = [n[1] % 19, n[2] % 19];
    let mut position = Kalah::from_parts(&bytes[..houses], &bytes[houses..], stores, to_move);
    let _ = position.to_string();
    for piece in pieces(text) {
        if let Ok(house) = position.parse_move(piece) {
            position = position.play(house);
        }
    }
}

fn dots(n: [u8; 4], text: &str) {
    let (rows, cols) = (n[0] % 6, n[1] % 6);
    let mut positions = Vec::new();
    if let Ok(position) = DotsAndBoxes::new(rows, cols) {
        positions.push(position);
    }
    if let Ok(position) = DotsAndBoxes::from_lines(rows, cols, text) {
        let _ = position.to_string();
        positions.push(position);
    }
    for mut position in positions {
        for piece in pieces(text) {
            if let Ok(line) = position.parse_line(piece) {
                let name = position.line_name(line);
                assert_eq!(position.parse_line(&name).ok(), Some(line), "{piece:?} is {name}");
                position = position.play(line);
                let _ = position.to_string();
            }
        }
    }
}

fn einstein(n: [u8; 4], text: &str) {
    let mut positions = vec![
        EinStein::new(),
        EinStein::random(u64::from(u32::from_le_bytes(n))),
    ];
    let arrangement = |bytes: &[u8]| -> [u8; 6] {
        let mut out = [0; 6];
        for (slot, &byte) in out.iter_mut().zip(bytes) {
            *slot = byte % 8;
        }
        out
    };
    let bytes = text.as_bytes();
    if bytes.len() >= 12
        && let Ok(position) = EinStein::with_arrangement(arrangement(&bytes[..6]), arrangement(&bytes[6..12]))
    {
        positions.push(position);
    }
    if let Ok(position) = EinStein::from_str(text) {
        let printed = position.to_string();
        let again = EinStein::from_str(&printed)
            .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}, which does not parse: {error}"));
        assert_eq!(again, position, "{text:?} printed as {printed:?}");
        positions.push(position);
    }
    // Each position with the die rolled as the second number says, too.
    let rolled: Vec<EinStein> = positions
        .iter()
        .filter(|position| position.is_chance() && !position.is_over())
        .map(|position| position.play(einstein::Move::Roll(n[1] % 6 + 1)))
        .collect();
    positions.extend(rolled);
    for position in positions {
        for piece in pieces(text) {
            if let Ok(mv) = position.parse_move(piece) {
                let printed = mv.to_string();
                assert_eq!(
                    position.parse_move(&printed),
                    Ok(mv),
                    "{piece:?} printed as {printed:?}"
                );
                let mut moves = MoveList::new();
                position.generate_moves(&mut moves);
                assert!(moves.contains(&mv), "{piece:?} is {mv:?}, not a legal move");
                let _ = position.play(mv).to_string();
            }
        }
    }
}

/// Pig from three numbers and the text's bytes as the die's weights, then moves picked by the
/// text's bytes.
fn pig(n: [u8; 4], text: &str) {
    let Ok(start) = Pig::new(n[0], n[1], n[2]) else {
        return;
    };
    let weights: Vec<u8> = text.bytes().take(usize::from(n[3] % 8)).collect();
    let mut position = start.with_weights(&weights).unwrap_or(start);
    for &byte in text.as_bytes().iter().take(200) {
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() || position.outcome(moves.len()).is_some() {
            break;
        }
        position = position.play(moves[usize::from(byte) % moves.len()]);
    }
    let _ = (position.banks(), position.max_plies_left());
}

/// UCI moves in a few positions (the start, castling, en passant, promotion), one by one and as
/// a game's move list.
fn chess_moves(n: [u8; 4], text: &str) {
    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/1P4k1/8/8/8/8/6p1/K7 w - - 0 1",
    ];
    let fen = FENS[usize::from(n[0]) % FENS.len()];
    let chess: Chess = fen
        .parse::<Fen>()
        .expect("a FEN")
        .into_position(game_chess::shakmaty::CastlingMode::Standard)
        .expect("a legal position");
    for piece in pieces(text) {
        if let Ok(mv) = parse_uci_move(&chess, piece) {
            let uci = to_uci(mv);
            assert_eq!(
                parse_uci_move(&chess, &uci).ok(),
                Some(mv),
                "{piece:?} printed as {uci}"
            );
        }
    }
    let moves: Vec<&str> = text.split_whitespace().take(64).collect();
    let start = if n[1].is_multiple_of(2) { "startpos" } else { fen };
    if let Ok(game) = GameHistory::from_uci(start, &moves, ChessConfig::default()) {
        let position = game.position();
        assert_eq!(position.hash(), position.full_hash(), "{start} moves {moves:?}");
        let _ = game.repetitions();
    }
}

/// The terminal programs' line reader on any bytes: lines, `NotText`, then the end.
fn prompt(bytes: &[u8]) {
    let mut input = bytes;
    for _ in 0..=bytes.len() {
        if games::prompt::read_line(&mut input).expect("reading a slice") == games::prompt::Line::End {
            return;
        }
    }
    panic!("read_line never reached the end of {} bytes", bytes.len());
}
