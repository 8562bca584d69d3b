//! The search studio: watch and compare the project's searchers in the browser
//! (`game-search-studio --help`; see the [`game_search_studio`] crate).

use std::process::ExitCode;

fn main() -> ExitCode {
    game_search_studio::cli::main()
}
