//! Chess as a plugin for `search-core`: the adapter over `shakmaty` lands with its own issue.
#![warn(missing_docs)]

pub mod uci;
