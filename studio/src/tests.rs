//! The studio's API, request by request: what the page relies on, and every kind of bad input
//! answered with a message (never a panic).

use serde_json::{Value, json};

use super::{StudioLimits, handle};

fn post(path: &str, body: &Value) -> (u16, Value) {
    post_raw(path, body.to_string().as_bytes(), &StudioLimits::default())
}

fn post_raw(path: &str, body: &[u8], limits: &StudioLimits) -> (u16, Value) {
    let response = handle("POST", path, body, limits);
    assert!(response.content_type.starts_with("application/json"));
    (
        response.status,
        serde_json::from_slice(&response.body).expect("every API answer is JSON"),
    )
}

fn search(game: &str, start: &str, depth: u32, searchers: Value) -> (u16, Value) {
    post(
        "/api/search",
        &json!({"game": game, "start": start, "depth": depth, "searchers": searchers}),
    )
}

fn trace_len(answer: &Value, result: usize) -> usize {
    answer["results"][result]["trace"]["nodes"]
        .as_array()
        .expect("a trace")
        .len()
}

#[test]
fn the_textbook_tree_draws_minimax_and_alpha_beta_as_the_trace_example_does() {
    let (status, answer) = search(
        "textbook",
        "",
        3,
        json!([{"kind": "minimax"}, {"kind": "alphabeta-minimax"}]),
    );
    assert_eq!(status, 200, "{answer}");
    // Branching 3, depth 3: minimax visits 1 + 3 + 9 + 27 = 40 nodes; alpha-beta on the
    // best-first tree visits 20 (the trace example's figures) and records the 8 moves its cuts
    // left unsearched as pruned children: 28 drawn, 20 of them searched.
    assert_eq!(trace_len(&answer, 0), 40);
    assert_eq!(answer["results"][0]["stats"]["nodes"], 40);
    let alphabeta = &answer["results"][1];
    let searched = alphabeta["trace"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["pruned"] == false)
        .count();
    assert_eq!(searched, 20);
    assert_eq!(alphabeta["stats"]["nodes"], 20);
    assert_eq!(trace_len(&answer, 1), 28);
    // Both searchers find the same value, from the first player's view.
    assert_eq!(answer["results"][0]["score"], answer["results"][1]["score"]);
    // Moves are letters, the root has its full window, the principal variation is marked.
    let root = &alphabeta["trace"]["nodes"][0];
    assert_eq!(root["window_text"], json!(["-inf", "inf"]));
    assert_eq!(alphabeta["trace"]["nodes"][1]["mv"], "a");
    assert!(
        alphabeta["trace"]["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["cut"] == "alpha cutoff" || n["cut"] == "beta cutoff")
    );
    assert_eq!(root["pv"], true);
}

#[test]
fn every_game_searches_with_every_searcher() {
    let games = [
        ("textbook", "", 3),
        ("tictactoe", "5 1 9 3 2", 4),
        ("nim", "2 3", 3),
        ("connect4", "4453", 3),
        ("kalah", "3 2", 3),
        ("chess", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 2),
        ("pig", "8 3 4", 4),
    ];
    let searchers = [
        json!({"kind": "minimax"}),
        json!({"kind": "negamax"}),
        json!({"kind": "alphabeta"}),
        json!({"kind": "alphabeta-minimax"}),
        json!({"kind": "quiescence"}),
        json!({"kind": "engine"}),
        json!({"kind": "engine", "config": "plain"}),
        json!({"kind": "engine", "config": "id+tt+hints+killers+null=r2+qs"}),
        json!({"kind": "engine", "config": "strongest+threads=3"}),
        json!({"kind": "mcts", "iterations": 50}),
    ];
    for (game, start, depth) in games {
        for spec in &searchers {
            let (status, answer) = search(game, start, depth, json!([spec]));
            assert_eq!(status, 200, "{game} {spec}: {answer}");
            let result = &answer["results"][0];
            assert!(trace_len(&answer, 0) > 1, "{game} {spec}");
            assert!(result["stats"]["nodes"].as_u64().unwrap() > 0 || spec["kind"] == "mcts");
            // The best move is one of the legal moves, in the game's own text.
            let legal = answer["position"]["legal"].as_array().unwrap();
            assert!(
                legal.contains(&result["best_move"]),
                "{game} {spec}: {} not in {legal:?}",
                result["best_move"]
            );
        }
    }
}

#[test]
fn the_exact_searchers_agree_on_the_value_where_their_views_agree() {
    // Tic-tac-toe, X to move: the first player's view and the side to move's are the same.
    let (status, answer) = search(
        "tictactoe",
        "5 1 9 3",
        7,
        json!([{"kind": "minimax"}, {"kind": "engine", "config": "id+tt+hints+killers+history+pvs"}]),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][0]["score"], answer["results"][1]["score"]);
}

#[test]
fn positions_list_their_legal_moves_and_clickable_cells() {
    let (status, answer) = post(
        "/api/position",
        &json!({"game": "tictactoe", "start": "", "moves": ["5", "1"]}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["to_move"], "X");
    assert_eq!(answer["legal"].as_array().unwrap().len(), 7);
    let cells = answer["grid"]["cells"].as_array().unwrap();
    assert_eq!(
        (cells[0]["text"].as_str(), cells[0]["move"].is_null()),
        (Some("O"), true)
    );
    assert_eq!(cells[4]["text"], "X");
    assert_eq!(cells[8]["move"], "9");

    let (_, chess) = post(
        "/api/position",
        &json!({"game": "chess", "start": "startpos", "moves": ["e2e4"]}),
    );
    assert_eq!(chess["to_move"], "Black");
    assert_eq!(chess["legal"].as_array().unwrap().len(), 20);
    assert_eq!(chess["grid"]["cells"][0]["square"], "a8");
    assert_eq!(chess["grid"]["cells"][0]["text"], "♜");

    let (_, four) = post(
        "/api/position",
        &json!({"game": "connect4", "start": "4", "moves": ["4"]}),
    );
    assert_eq!(four["grid"]["rows"], 6);
    let cells = four["grid"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 42);
    assert_eq!(cells[38]["text"], "X"); // bottom row, column 4
    assert_eq!(cells[31]["text"], "O");
}

#[test]
fn a_finished_game_has_its_result_and_no_moves() {
    let (status, answer) = post(
        "/api/position",
        &json!({"game": "tictactoe", "start": "1 4 2 5 3"}),
    );
    assert_eq!(status, 200);
    assert_eq!(answer["status"], "X wins");
    assert_eq!(answer["legal"], json!([]));
    let (status, answer) = post(
        "/api/position",
        &json!({"game": "kalah", "start": "1 1", "moves": ["1"]}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["status"].as_str().is_some(), "{answer}");
}

#[test]
fn a_searcher_plays_a_legal_move() {
    let (status, answer) = post(
        "/api/move",
        &json!({"game": "tictactoe", "start": "5 1 9 3 2", "depth": 4, "searcher": {"kind": "alphabeta"}}),
    );
    assert_eq!(status, 200, "{answer}");
    // O must block on 8.
    assert_eq!(answer["move"], "8");
    assert_eq!(answer["position"]["to_move"], "X");
    let (status, answer) = post(
        "/api/move",
        &json!({"game": "chess", "start": "startpos", "depth": 2, "searcher": {"kind": "engine"}}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["position"]["to_move"], "Black");
    // A leaf of the textbook tree is not over (its evaluator scores it) but has no move to play,
    // whether a player or the die is to move there (a chance level after the last move; the
    // fuzzer's case).
    for chance in [0, 1] {
        let (status, answer) = post(
            "/api/move",
            &json!({"game": "textbook", "params": {"tree_depth": 1, "chance": chance, "best_first": 0},
                    "moves": ["a"], "depth": 3, "searcher": {"kind": "minimax"}}),
        );
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("no moves to play"),
            "{answer}"
        );
    }
}

#[test]
fn bad_input_gets_a_message_never_a_panic() {
    let limits = StudioLimits::default();
    let cases: &[(&str, &str, u16, &str)] = &[
        ("/api/search", "not json", 400, "malformed request"),
        (
            "/api/search",
            r#"{"game": "go", "depth": 1, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "unknown game \"go\"",
        ),
        (
            "/api/search",
            r#"{"game": "chess", "start": "not a fen", "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "bad FEN",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": [{"kind": "bogo"}]}"#,
            400,
            "unknown searcher \"bogo\"",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": []}"#,
            400,
            "one or two searchers",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": [{"kind": "engine", "config": "killers+verified"}]}"#,
            400,
            "needs \"null\"",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": [{"kind": "engine", "config": "exact+threads=64"}]}"#,
            422,
            "asks for 64 threads, more than the 4 allowed here",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": [{"kind": "minimax", "config": "plain"}]}"#,
            400,
            "configuration is for the engine",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 99, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "limit of 20",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": -1, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "malformed request",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "depth": 2, "searchers": [{"kind": "mcts", "iterations": 0}]}"#,
            400,
            "iterations must be",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "moves": ["5", "5"], "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "move 2 of the game: \"5\" is not a legal move",
        ),
        (
            "/api/search",
            r#"{"game": "tictactoe", "start": "1 4 2 5 3", "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "the game is over (X wins)",
        ),
        (
            "/api/search",
            r#"{"game": "textbook", "params": {"branching": 99}, "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "branching must be from 1 to 8",
        ),
        (
            "/api/search",
            r#"{"game": "textbook", "params": {"colour": 1}, "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "unknown parameter \"colour\"",
        ),
        (
            "/api/search",
            r#"{"game": "nim", "start": "3 x", "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "Nim start \"3 x\": give heap sizes",
        ),
        (
            "/api/search",
            r#"{"game": "kalah", "start": "99 99", "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "Kalah start",
        ),
        (
            "/api/search",
            r#"{"game": "connect4", "start": "4444444", "depth": 2, "searchers": [{"kind": "minimax"}]}"#,
            400,
            "Connect Four start",
        ),
        (
            "/api/move",
            r#"{"game": "tictactoe", "start": "1 4 2 5 3", "depth": 2, "searcher": {"kind": "minimax"}}"#,
            400,
            "the game is over",
        ),
        (
            "/api/move",
            r#"{"game": "tictactoe", "depth": 0, "searcher": {"kind": "minimax"}}"#,
            400,
            "depth must be from 1",
        ),
        (
            "/api/position",
            r#"{"game": "chess", "start": "startpos", "moves": ["e2e5"]}"#,
            400,
            "not a legal move here; the legal moves are: ",
        ),
        ("/api/nothing", "{}", 404, "nothing at /api/nothing"),
    ];
    for &(path, body, status, message) in cases {
        let (got, answer) = post_raw(path, body.as_bytes(), &limits);
        let error = answer["error"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{path} {body}: {answer}");
        assert!(
            error.contains(message),
            "{path} {body}: \"{error}\" should say \"{message}\""
        );
    }
    let response = handle("GET", "/api/search", b"", &limits);
    assert_eq!(response.status, 405);
    let huge = vec![b' '; limits.max_body + 1];
    assert_eq!(handle("POST", "/api/search", &huge, &limits).status, 413);
}

#[test]
fn a_search_too_big_to_draw_is_refused_quickly_with_the_limit_named() {
    // Minimax at depth 12 on chess would take hours: it is stopped at the node budget.
    let limits = StudioLimits {
        max_search_nodes: 20_000,
        ..StudioLimits::default()
    };
    let body = json!({"game": "chess", "start": "startpos", "depth": 12, "searchers": [{"kind": "minimax"}]});
    let started = std::time::Instant::now();
    let (status, answer) = post_raw("/api/search", body.to_string().as_bytes(), &limits);
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("more than 20000 nodes"),
        "{answer}"
    );
    assert!(started.elapsed().as_secs() < 30);
    // The engine honours the node limit itself: refused the same way.
    let body = json!({"game": "chess", "start": "startpos", "depth": 12, "searchers": [{"kind": "engine", "config": "plain"}]});
    let (status, answer) = post_raw("/api/search", body.to_string().as_bytes(), &limits);
    assert_eq!(status, 422, "{answer}");
}

#[test]
fn a_trace_past_the_drawing_cap_is_capped_and_says_so() {
    let limits = StudioLimits {
        max_drawn_nodes: 100,
        ..StudioLimits::default()
    };
    let body = json!({"game": "tictactoe", "depth": 4, "searchers": [{"kind": "minimax"}]});
    let (status, answer) = post_raw("/api/search", body.to_string().as_bytes(), &limits);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][0]["trace"]["truncated"], true);
    assert!(answer["results"][0]["trace"]["nodes"].as_array().unwrap().len() <= 100);
    assert!(
        answer["notes"][0].as_str().unwrap().contains("at most 100 nodes"),
        "{answer}"
    );
}

#[test]
fn the_catalog_and_the_page_are_served() {
    let limits = StudioLimits::default();
    let catalog: Value = serde_json::from_slice(&handle("GET", "/api/catalog", b"", &limits).body).unwrap();
    let games: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        games,
        [
            "textbook",
            "tictactoe",
            "nim",
            "connect4",
            "kalah",
            "chess",
            "pig"
        ]
    );
    assert_eq!(games, super::games::GAME_IDS);
    // Every game's default start is a valid position.
    for game in catalog["games"].as_array().unwrap() {
        let (status, answer) = post(
            "/api/position",
            &json!({"game": game["id"], "start": game["default_start"]}),
        );
        assert_eq!(status, 200, "{game}: {answer}");
    }
    for (path, kind) in [
        ("/", "text/html"),
        ("/studio.js", "text/javascript"),
        ("/studio.css", "text/css"),
    ] {
        let response = handle("GET", path, b"", &limits);
        assert_eq!(response.status, 200);
        assert!(response.content_type.starts_with(kind));
        assert!(!response.body.is_empty());
    }
}

#[test]
fn a_request_can_tighten_the_limits_but_not_loosen_them() {
    // A node budget of the request's own: the textbook minimax needs 40 nodes.
    let body = |extra: Value| {
        let mut request = json!({"game": "textbook", "depth": 3, "searchers": [{"kind": "minimax"}]});
        request
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        request
    };
    let (status, answer) = post("/api/search", &body(json!({"max_nodes": 39})));
    assert_eq!(status, 422, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("more than 39 nodes"));
    assert_eq!(post("/api/search", &body(json!({"max_nodes": 41}))).0, 200);
    for (extra, message) in [
        (json!({"max_nodes": 0}), "max_nodes must be from 1 to 300000"),
        (
            json!({"max_nodes": 10_000_000}),
            "max_nodes must be from 1 to 300000",
        ),
        (json!({"time_ms": 0}), "time_ms must be from 1 to 10000"),
        (json!({"time_ms": 3_600_000}), "time_ms must be from 1 to 10000"),
    ] {
        let (status, answer) = post("/api/search", &body(extra.clone()));
        assert_eq!(status, 400, "{extra}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(message),
            "{extra}: {answer}"
        );
    }
    // Without iterative deepening a clock would leave no value: refused.
    let request = json!({"game": "chess", "start": "startpos", "depth": 20, "time_ms": 30,
                         "searchers": [{"kind": "engine", "config": "tt+hints"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("needs iterative deepening"),
        "{answer}"
    );
    // The engine stops on the request's clock and says so: 30 ms at depth 20 on chess.
    let request = json!({"game": "chess", "start": "startpos", "depth": 20, "time_ms": 30,
                         "searchers": [{"kind": "engine", "config": "id+tt+hints+killers"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer["notes"].to_string().contains("stopped by the clock"),
        "{answer}"
    );
    assert!(answer["results"][0]["best_move"].is_string());
}

#[test]
fn dice_draw_chance_nodes_with_their_probabilities_and_the_die_rolls_in_play() {
    // Pig after a roll: nature moves at the root; no searcher has a move to choose there.
    let request = json!({"game": "pig", "start": "8 3 4", "moves": ["roll"], "depth": 3,
                         "searchers": [{"kind": "minimax"}, {"kind": "engine"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["position"]["to_move"], "the die");
    assert_eq!(answer["position"]["legal"], json!(["1", "2", "3"]));
    for result in answer["results"].as_array().unwrap() {
        assert!(result["best_move"].is_null(), "{result}");
        let nodes = result["trace"]["nodes"].as_array().unwrap();
        assert_eq!(nodes[0]["chance"], true);
        assert_eq!(nodes[1]["probability"], json!([1, 3]));
    }
    // Minimax and the engine (Star2, its exact preset in a chance game) agree on the expected value.
    assert_eq!(answer["results"][0]["score"], answer["results"][1]["score"]);
    // The searcher's reply at a chance node is the die's roll, the same on a replay.
    let request = json!({"game": "pig", "start": "8 3 4", "moves": ["roll"], "depth": 3,
                         "searcher": {"kind": "engine"}});
    let (status, first) = post("/api/move", &request);
    assert_eq!(status, 200, "{first}");
    assert!(
        ["1", "2", "3"].contains(&first["move"].as_str().unwrap()),
        "{first}"
    );
    assert_eq!(first["searcher"], "the die");
    assert_eq!(post("/api/move", &request).1["move"], first["move"]);
}

#[test]
fn the_textbook_tree_has_chance_levels_and_extra_turns_on_request() {
    // Ballard's regular *-minimax tree: max, chance, min, chance; Star1 (the engine's exact
    // preset on a chance game) gives expectiminimax's value with fewer nodes.
    let request = json!({"game": "textbook", "params": {"best_first": 0, "chance": 3, "tree_depth": 4, "branching": 3},
                         "depth": 4, "searchers": [{"kind": "minimax"}, {"kind": "engine", "config": "star"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 200, "{answer}");
    let (minimax, star) = (&answer["results"][0], &answer["results"][1]);
    assert_eq!(minimax["score"], star["score"]);
    let chance_nodes = |result: &Value| {
        result["trace"]["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["chance"] == true)
            .count()
    };
    assert!(chance_nodes(minimax) > 0);
    assert!(
        star["stats"]["nodes"].as_u64() < minimax["stats"]["nodes"].as_u64(),
        "{star}"
    );
    assert!(star["trace"]["nodes"].to_string().contains("star1 cutoff"));
    // Extra turns (the same player moves again after 40% of the moves): the references agree.
    let request = json!({"game": "textbook", "params": {"extra_turns": 40, "best_first": 0}, "depth": 3,
                         "searchers": [{"kind": "minimax"}, {"kind": "alphabeta-minimax"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][0]["score"], answer["results"][1]["score"]);
    let (status, answer) = post(
        "/api/search",
        &json!({"game": "textbook", "params": {"chance": 9}, "depth": 2, "searchers": [{"kind": "minimax"}]}),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("chance must be from 0 to 4")
    );
}

#[test]
fn the_engines_table_hits_are_marked_on_its_nodes() {
    let request = json!({"game": "tictactoe", "start": "5 1", "depth": 6,
                         "searchers": [{"kind": "engine", "config": "id+tt+hints+killers"}, {"kind": "alphabeta"}]});
    let (status, answer) = post("/api/search", &request);
    assert_eq!(status, 200, "{answer}");
    let hits = |result: &Value| {
        result["trace"]["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["tt_hit"] == true)
            .count() as u64
    };
    let engine = &answer["results"][0];
    assert!(engine["stats"]["tt_hits"].as_u64().unwrap() > 0);
    assert_eq!(hits(engine), engine["stats"]["tt_hits"].as_u64().unwrap());
    assert_eq!(hits(&answer["results"][1]), 0, "alpha-beta has no table");
}
