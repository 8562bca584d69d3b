//! Every malformed input gets its own error, with its own message (table-driven).

use game_chess::{ChessConfig, ChessGame, Error, parse_epd, parse_epd_file};

#[test]
fn fen_errors() {
    let cases = [
        ("", "invalid FEN \"\": invalid fen"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\": invalid board part in fen",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "invalid FEN \"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\": invalid board part in fen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\": invalid turn part in fen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1\": invalid castling part in fen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1\": invalid ep square in fen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1\": invalid halfmove clock in fen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
            "invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\": invalid fullmove part in fen",
        ),
        // Well-formed but illegal positions.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "illegal position \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1\": missing king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "illegal position \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\": invalid castling rights",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
            "illegal position \"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1\": pawns on backrank",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2q b - - 0 1",
            "illegal position \"4k3/8/8/8/8/8/8/4K2q b - - 0 1\": opposite check",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "illegal position \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1\": invalid ep square",
        ),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(
            |&(fen, message)| match ChessGame::from_fen(fen, ChessConfig::default()) {
                Ok(_) => Some(format!("{fen}: accepted")),
                Err(err) if err.to_string() != message => Some(format!("{fen}: {err}")),
                Err(_) => None,
            },
        )
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn uci_move_errors() {
    let start = ChessGame::startpos(ChessConfig::default());
    let start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases = [
        ("", Error::NotUci { text: String::new() }),
        ("e2-e4", Error::NotUci { text: "e2-e4".into() }),
        ("e2e9", Error::NotUci { text: "e2e9".into() }),
        ("Nf3", Error::NotUci { text: "Nf3".into() }),
        ("e7e8x", Error::NotUci { text: "e7e8x".into() }),
        (
            "e2e5",
            Error::IllegalMove {
                uci: "e2e5".into(),
                fen: start_fen.into(),
            },
        ),
        (
            "e7e5",
            Error::IllegalMove {
                uci: "e7e5".into(),
                fen: start_fen.into(),
            },
        ),
        (
            "e1g1",
            Error::IllegalMove {
                uci: "e1g1".into(),
                fen: start_fen.into(),
            },
        ),
        (
            "0000",
            Error::IllegalMove {
                uci: "0000".into(),
                fen: start_fen.into(),
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(start.parse_uci(text), Err(expected), "{text:?}");
    }
    // The messages, one per kind.
    assert_eq!(
        start.parse_uci("e2-e4").unwrap_err().to_string(),
        "\"e2-e4\" is not a UCI move (expected e.g. e2e4 or e7e8q)"
    );
    assert_eq!(
        start.parse_uci("e2e5").unwrap_err().to_string(),
        format!("e2e5 is not a legal move in {start_fen}")
    );
}

#[test]
fn epd_errors() {
    let cases = [
        ("8/8/8", "EPD record \"8/8/8\" has fewer than 4 position fields"),
        (
            "8/8/8/8/8/8/8/8 w - -",
            "illegal position \"8/8/8/8/8/8/8/8 w - -\": empty board, missing king",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - acd five;",
            "EPD opcode acd expects a number, got \"five\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - dm -2;",
            "EPD opcode dm expects a number, got \"-2\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - D2 many;",
            "EPD opcode D2 expects a number, got \"many\"",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - id;", "EPD opcode id has no operand"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm;", "EPD opcode bm has no operand"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - id \"open;",
            "EPD opcode id has an unterminated string operand",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - bm e2-e4;",
            "bm operand \"e2-e4\" is not a SAN move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - am Qh5;",
            "am operand Qh5 is not a legal move in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: illegal san",
        ),
        (
            "4k3/8/8/8/8/8/8/N3K1N1 w - - bm Nd4;",
            "bm operand Nd4 is not a legal move in 4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1: illegal san",
        ),
        (
            "4k3/8/8/8/8/8/8/2N1K1N1 w - - bm Ne2;",
            "bm operand Ne2 is not a legal move in 4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1: ambiguous san",
        ),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|&(line, message)| match parse_epd(line) {
            Ok(_) => Some(format!("{line}: accepted")),
            Err(err) if err.to_string() != message => Some(format!("{line}: {err}")),
            Err(_) => None,
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    let err = parse_epd_file(
        "# a comment\n4k3/8/8/8/8/8/8/4K3 w - - id \"ok\";\n\n4k3/8/8/8/8/8/8/4K3 w - - acd x;\n",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 4: EPD opcode acd expects a number, got \"x\""
    );
}

#[test]
fn thesis_and_fiacco_files_parse_with_their_opcodes() {
    let thesis = parse_epd_file(include_str!("data/thesis-24.epd")).unwrap();
    assert_eq!(thesis.len(), 24);
    assert!(
        thesis
            .iter()
            .all(|r| r.analysis_depth.is_some() && r.comments[0].is_some())
    );
    assert_eq!(thesis[13].best_moves.len(), 2); // bm Qd2 Qe1
    let fiacco = parse_epd_file(include_str!("data/fiacco-mates.epd")).unwrap();
    assert_eq!(
        fiacco[0].comments[0].as_deref(),
        Some("white wins in 6 (as stated in the source)")
    );
}
