//! The gravity rule (Stockfish's and Ethereal's history update): a counter moved by a bonus or a
//! malus and pulled towards a bound it never passes; and [`GravityCounters`], the storage of the
//! histories that learn by it (continuation, capture history).

/// The bound the gravity rule pulls its counters towards (and never passes).
pub(crate) const GRAVITY_MAX: i32 = 1 << 14;

/// The gravity rule's bonus (and malus) for a cutoff `depth` plies from the horizon:
/// `min(32·depth², GRAVITY_MAX / 2)`.
pub(crate) fn gravity_bonus(depth: u32) -> i32 {
    let depth = depth.min(64) as i32;
    (32 * depth * depth).min(GRAVITY_MAX / 2)
}

/// The gravity rule's update of counter `old` by `delta` (at most `GRAVITY_MAX` either way):
/// `h += delta − h·|delta| / GRAVITY_MAX`, which keeps `h` within `±GRAVITY_MAX`.
pub(crate) fn gravity(old: i32, delta: i32) -> i32 {
    let (max, delta) = (
        i64::from(GRAVITY_MAX),
        i64::from(delta.clamp(-GRAVITY_MAX, GRAVITY_MAX)),
    );
    let old = i64::from(old).clamp(-max, max);
    let pulled = old + delta - old * delta.abs() / max;
    pulled.clamp(-max, max) as i32
}

/// `LEN` counters of `i16` learning by the gravity rule (within `±GRAVITY_MAX` = `±2¹⁴`, which
/// an `i16` holds), allocated at the first update: the storage of the continuation and capture
/// histories.
#[derive(Clone, Debug, Default)]
pub(crate) struct GravityCounters<const LEN: usize> {
    /// Empty until first used, then `LEN` counters.
    counters: Vec<i16>,
}

impl<const LEN: usize> GravityCounters<LEN> {
    /// Counter `slot` (below `LEN`); 0 before the first update.
    pub(crate) fn get(&self, slot: usize) -> i32 {
        self.counters.get(slot).map_or(0, |&counter| i32::from(counter))
    }

    /// Moves counter `slot` (below `LEN`) by `delta` ([`gravity`]).
    pub(crate) fn nudge(&mut self, slot: usize, delta: i32) {
        if self.counters.is_empty() {
            self.counters = vec![0; LEN];
        }
        let counter = &mut self.counters[slot];
        *counter = gravity(i32::from(*counter), delta) as i16;
    }

    /// Halves every counter.
    pub(crate) fn age(&mut self) {
        for counter in &mut self.counters {
            *counter /= 2;
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.counters.fill(0);
    }
}
