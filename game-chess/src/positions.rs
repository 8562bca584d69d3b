//! The thesis's test positions, embedded: its 24 search positions (Appendix A, with each
//! position's depth as `acd`) and its 3 openings for matches (Appendix F).
//!
//! ```
//! use game_chess::positions;
//! let thesis = positions::thesis_24();
//! assert_eq!(thesis.len(), 24);
//! assert_eq!(thesis[0].id.as_deref(), Some("thesis.01"));
//! assert_eq!(thesis[0].analysis_depth, Some(5));
//! assert_eq!(positions::thesis_openings()[0].id.as_deref(), Some("Ruy Lopez"));
//! ```

use crate::{EpdRecord, parse_epd_file};

/// The EPD text of the 24 thesis positions.
pub const THESIS_24_EPD: &str = include_str!("../tests/data/thesis-24.epd");

/// The EPD text of the thesis's 3 openings.
pub const THESIS_OPENINGS_EPD: &str = include_str!("../tests/data/thesis-openings.epd");

/// The 24 positions of the thesis's Appendix A, in order (`thesis.01` … `thesis.24`).
#[must_use]
pub fn thesis_24() -> Vec<EpdRecord> {
    parse_embedded(THESIS_24_EPD)
}

/// The thesis's openings for versus play (Appendix F): Ruy Lopez, Scotch, Catalan.
#[must_use]
pub fn thesis_openings() -> Vec<EpdRecord> {
    parse_embedded(THESIS_OPENINGS_EPD)
}

fn parse_embedded(text: &str) -> Vec<EpdRecord> {
    // The embedded files are tested to parse (see the unit test below): this cannot fail.
    parse_epd_file(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_files_parse_completely() {
        assert_eq!(parse_epd_file(THESIS_24_EPD).unwrap().len(), 24);
        assert_eq!(parse_epd_file(THESIS_OPENINGS_EPD).unwrap().len(), 3);
    }
}
