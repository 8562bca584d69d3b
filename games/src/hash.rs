//! The hash the games' [`ZobristHash`](search_core::ZobristHash) implementations share.

/// SplitMix64's finaliser (Steele, Lea & Flood 2014): a cheap, well-mixed hash of a 64-bit
/// word, so that the bits of a packed position spread over a table's index. `const`, so that
/// tables of keys can be made at compile time (EinStein's).
pub(crate) const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
