//! `versus` end to end through the library: a 6-game match (3 thesis openings × 2 colours) between
//! two cheap configurations, its PGN parsed back with `pgn-reader` and every SAN move replayed;
//! and external engines (fake ones written in sh) that crash or send garbage forfeit their games
//! while the match goes on.

use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use game_chess::shakmaty::fen::Fen;
use game_chess::shakmaty::san::San;
use game_chess::shakmaty::{CastlingMode, Chess, Position};
use game_search_lab::matches::{MatchReport, play_match, thesis_openings};
use game_search_lab::pgn::Termination;
use game_search_lab::players::{MoveLimit, Player, PlayerSpec};
use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};

/// One game's tags, moves and result.
type Game = (Vec<(String, String)>, Vec<String>, Option<String>);

/// Collects each game's tags, moves and result.
struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Game;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags, Vec::new(), None))
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        game.1.push(san_plus.san.to_string());
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        game.2 = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// Parses every game of `pgn`, replays its moves from its FEN with shakmaty, and checks them
/// against the report's records.
fn parse_back(report: &MatchReport) {
    let pgn = report.pgn();
    let mut reader = Reader::new(pgn.as_bytes());
    let mut visitor = Collect;
    let mut count = 0;
    while let Some((tags, moves, outcome)) = reader.read_game(&mut visitor).unwrap() {
        let record = &report.games[count];
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        assert_eq!(tag("Result"), record.result.token());
        assert_eq!(outcome.as_deref(), Some(record.result.token()));
        assert_eq!(tag("White"), record.white);
        assert_eq!(tag("PlyCount"), moves.len().to_string());
        let fen: Fen = tag("FEN").parse().unwrap();
        let mut position: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        for text in &moves {
            let mv = San::from_str(text)
                .unwrap()
                .to_move(&position)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            position.play_unchecked(mv);
        }
        assert_eq!(moves.len(), record.san.len());
        if record.termination == Termination::Checkmate {
            assert!(position.is_checkmate());
        }
        count += 1;
    }
    assert_eq!(count, report.games.len());
}

#[test]
fn a_six_game_match_runs_to_completion_and_its_pgn_parses_back() {
    let limit = MoveLimit::Depth(2);
    let mut players = vec![
        Player::new(
            PlayerSpec::parse("ab-v1@point-values").unwrap(),
            limit,
            Duration::from_secs(5),
        ),
        Player::new(
            PlayerSpec::parse("nm-r2@simplified-pst").unwrap(),
            limit,
            Duration::from_secs(5),
        ),
    ];
    let openings = thesis_openings();
    assert_eq!(openings.len(), 3);
    let report = play_match(&mut players, &openings, 120, &mut |_| {});
    assert_eq!(report.games.len(), 6);
    assert!(
        report
            .games
            .iter()
            .all(|g| !matches!(g.termination, Termination::Forfeit(_)))
    );
    // Each opening once with each colour.
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(
            (pair[0].white.as_str(), pair[1].black.as_str()),
            ("ab-v1@point-values", "ab-v1@point-values")
        );
    }
    let score = report.pairs[0].score;
    assert_eq!(score.games(), 6);
    assert_eq!(report.totals[1].1, score.reversed());
    assert!(report.table().contains("Elo difference"));
    parse_back(&report);
}

fn fake_engine(name: &str, script: &str) -> PlayerSpec {
    let dir = std::env::temp_dir().join(format!("versus-fake-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{script}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    PlayerSpec::Uci {
        path,
        options: Vec::new(),
    }
}

/// Answers the handshake, then handles `go` with `on_go` (a sh command list).
fn uci_script(on_go: &str) -> String {
    format!(
        r#"while read line; do
  case "$line" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) {on_go} ;;
    quit) exit 0 ;;
  esac
done
"#
    )
}

#[test]
fn engines_that_crash_or_send_garbage_forfeit_and_the_match_goes_on() {
    let limit = MoveLimit::Depth(1);
    let timeout = Duration::from_secs(5);
    let mut players = vec![
        Player::new(PlayerSpec::parse("ab-v1").unwrap(), limit, timeout),
        Player::new(fake_engine("crash.sh", &uci_script("exit 3")), limit, timeout),
        Player::new(
            fake_engine("garbage.sh", &uci_script("echo 'bestmove z9z9'")),
            limit,
            timeout,
        ),
        Player::new(
            fake_engine("illegal.sh", &uci_script("echo 'bestmove e1e8'")),
            limit,
            timeout,
        ),
    ];
    let openings = &thesis_openings()[..1];
    let report = play_match(&mut players, openings, 40, &mut |_| {});
    // 6 pairs x 1 opening x 2 colours, every game played.
    assert_eq!(report.games.len(), 12);
    // The searcher never forfeits; every game of a fake engine ends by forfeit.
    let forfeits = |name: &str| {
        report
            .games
            .iter()
            .filter(|g| matches!(&g.termination, Termination::Forfeit(reason) if reason.contains(name)))
            .count()
    };
    assert!(forfeits("ab-v1") == 0);
    let searcher = &report.totals[0].1;
    assert_eq!((searcher.wins, searcher.losses), (6, 0));
    for game in &report.games {
        if game.white.contains(".sh") || game.black.contains(".sh") {
            let Termination::Forfeit(reason) = &game.termination else {
                panic!(
                    "game {} did not end by forfeit: {:?}",
                    game.round, game.termination
                )
            };
            assert!(
                reason.contains("exited") || reason.contains("illegal or garbled"),
                "{reason}"
            );
        }
    }
    // The crashed engine was restarted for each of its games and crashed again whenever it had to
    // move: both games against the searcher, and the two where it moved first against another fake
    // (the thesis openings have Black to move).
    let crashed = report
        .games
        .iter()
        .filter(|g| matches!(&g.termination, Termination::Forfeit(r) if r.contains("exited")))
        .count();
    assert_eq!(crashed, 4);
    parse_back(&report);
}

#[test]
fn threefold_repetition_ends_a_game() {
    // Both sides shuffle a knight out and back (the fake engine picks its move from the number of
    // moves played): the start position occurs for the third time after 8 plies.
    let shuffle = fake_engine(
        "shuffle.sh",
        r#"while read line; do
  case "$line" in
    uci) echo "id name shuffle"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) set -- $line; n=$(( $# > 9 ? $# - 9 : 0 )) ;;
    go*) case $(( n % 4 )) in
           0) echo "bestmove g1f3" ;; 1) echo "bestmove g8f6" ;;
           2) echo "bestmove f3g1" ;; *) echo "bestmove f6g8" ;;
         esac ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let limit = MoveLimit::Depth(1);
    let mut players = vec![
        Player::new(shuffle.clone(), limit, Duration::from_secs(5)),
        Player::new(shuffle, limit, Duration::from_secs(5)),
    ];
    let start = game_search_lab::matches::Opening {
        label: "start".into(),
        game: game_chess::ChessGame::startpos(game_chess::ChessConfig::default()),
    };
    let report = play_match(&mut players, &[start], 100, &mut |_| {});
    for game in &report.games {
        assert_eq!(game.termination, Termination::Repetition, "{:?}", game.san);
        assert_eq!(game.san.len(), 8);
    }
    parse_back(&report);
}

#[test]
fn depth_0_is_refused_before_the_match() {
    // Issue 16: `versus --depth 0` was accepted, then every game was forfeited.
    for spec in ["ab-v1", "nm-r2"] {
        let error = PlayerSpec::parse(spec)
            .unwrap()
            .check_limit(MoveLimit::Depth(0))
            .expect_err(spec);
        assert!(error.to_string().contains("depth 0"), "{error}");
    }
    let random = PlayerSpec::parse("random").unwrap();
    assert!(random.check_limit(MoveLimit::Depth(0)).is_ok());
    assert!(
        PlayerSpec::parse("ab-v1")
            .unwrap()
            .check_limit(MoveLimit::Depth(1))
            .is_ok()
    );
}

#[test]
fn a_program_that_is_not_a_uci_engine_costs_one_handshake_not_one_per_game() {
    // Issue 16: a silent program cost a 10 s handshake timeout in every game.
    let limit = MoveLimit::Depth(1);
    let timeout = Duration::from_secs(5);
    let one_handshake = Duration::from_secs(1);
    let mut players = vec![
        Player::new(PlayerSpec::parse("ab-v1").unwrap(), limit, timeout),
        Player::new(fake_engine("mute.sh", "cat > /dev/null\n"), limit, timeout)
            .with_handshake_timeout(one_handshake),
    ];
    let started = std::time::Instant::now();
    let error = players[1].start().expect_err("not an engine");
    assert!(error.0.contains("uci") || error.0.contains("time"), "{}", error.0);
    // Two openings, both colours: four games, all forfeited at once after the first failure.
    let report = play_match(&mut players, &thesis_openings()[..2], 40, &mut |_| {});
    assert_eq!(report.games.len(), 4);
    for game in &report.games {
        let Termination::Forfeit(reason) = &game.termination else {
            panic!("game {} was played: {:?}", game.round, game.termination);
        };
        assert!(reason.contains("not a UCI engine"), "{reason}");
    }
    assert!(started.elapsed() >= one_handshake, "the handshake was waited for");
    assert!(started.elapsed() < 2 * one_handshake, "{:?}", started.elapsed());
}
