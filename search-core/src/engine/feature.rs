//! **A feature as every front end sees it**: [`Feature`], one row of the engine's feature table
//! (its text name, its option name, what it holds, its effect on the value, how to read and set
//! it), generic over the part of the configuration it lives in.
//!
//! Each feature's file declares its part of the configuration and its row over that part (the
//! killers' row reads and writes a `bool`, the transposition table's an
//! `Option<TableConfig>`); `config.rs` lists the rows, lifted onto the whole
//! [`Config`](super::Config), as [`FEATURES`](super::FEATURES). This file is the ground they
//! share: it knows no feature and no configuration.

use std::fmt;

/// A feature's value, when it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A flag that is on.
    On,
    /// A number (a margin, a window, a size, plies).
    Number(i64),
    /// One of the feature's named choices.
    Choice(&'static str),
}

/// What a feature holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// On or off.
    Flag,
    /// A number in `min..=max`, `default` when named alone.
    Number {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
        /// The value its name alone gives.
        default: i64,
    },
    /// One of these names, the first when named alone.
    Choice(&'static [&'static str]),
}

/// Whether a configuration's root value is minimax's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Exactness {
    /// Minimax's value at the nominal depth ([`reference::Minimax`](crate::reference::Minimax)),
    /// and a move among its best moves.
    Minimax,
    /// Minimax-with-quiescence's value
    /// ([`reference::MinimaxQuiescence`](crate::reference::MinimaxQuiescence)).
    Quiescence,
    /// Forward pruning, reductions, extensions, tables reused across depths or path-dependent
    /// draws: held to the invariants only (legal move, possible score).
    ValueChanging,
}

/// One feature of the engine: a row of [`FEATURES`](super::FEATURES), reading and writing the
/// part `P` of the configuration it lives in (the whole [`Config`](super::Config) in
/// `FEATURES`).
pub struct Feature<P> {
    /// Its name in the text form (`killers`, `null`).
    pub name: &'static str,
    /// Its option name in front ends such as UCI (`Killers`, `Null Move`).
    pub option: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// The feature it is a part of, if any: it exists only with that feature on.
    pub parent: Option<&'static str>,
    /// Always present with its parent (a size, a limit): never off on its own, and not written
    /// in the text form at its default.
    pub implied: bool,
    /// Its value in a configuration (`None`: off).
    pub get: fn(&P) -> Option<Value>,
    /// Sets it (`None`: off); the value is already checked against [`Kind`], the parent is on.
    pub set: fn(&mut P, Option<Value>) -> Result<(), String>,
    /// What it does to the root value when on with this value.
    pub effect: fn(&Value) -> Exactness,
    /// For a [`Kind::Choice`]: a text it accepts besides its listed choices, and the choice it
    /// names (null move's `r4` ... `r9`); [`no_alias`] for the others.
    pub alias: fn(&str) -> Option<&'static str>,
}

/// A feature without aliases.
#[must_use]
pub fn no_alias(_: &str) -> Option<&'static str> {
    None
}

impl<P> Clone for Feature<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Feature<P> {}

impl<P> fmt::Debug for Feature<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Feature")
            .field("name", &self.name)
            .field("option", &self.option)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Feature<bool> {
    /// A flag stored as a `bool` of its own: on or off, no parent, no value.
    #[must_use]
    pub(crate) const fn switch(
        name: &'static str,
        option: &'static str,
        summary: &'static str,
        effect: fn(&Value) -> Exactness,
    ) -> Self {
        Feature {
            name,
            option,
            summary,
            kind: Kind::Flag,
            parent: None,
            implied: false,
            get: |&on| flag(on),
            set: |on, value| {
                *on = value.is_some();
                Ok(())
            },
            effect,
            alias: no_alias,
        }
    }
}

impl<P> Feature<P> {
    /// The same feature over a larger configuration `C`, with `get` and `set` reaching its part
    /// inside `C` (what `config.rs` does for every row).
    #[must_use]
    pub(crate) const fn lift<C>(
        &self,
        get: fn(&C) -> Option<Value>,
        set: fn(&mut C, Option<Value>) -> Result<(), String>,
    ) -> Feature<C> {
        Feature {
            name: self.name,
            option: self.option,
            summary: self.summary,
            kind: self.kind,
            parent: self.parent,
            implied: self.implied,
            get,
            set,
            effect: self.effect,
            alias: self.alias,
        }
    }

    /// Whether the feature acts only in games with chance nodes (front ends for a
    /// deterministic game, such as the chess UCI engine, leave it out).
    #[must_use]
    pub fn is_for_chance_games(&self) -> bool {
        self.name == "star"
    }

    /// Whether the feature acts only in games that know bounds on a position's value
    /// ([`Game::value_bounds`](crate::Game::value_bounds): `bounds`); front ends for a game
    /// without them, such as the chess UCI engine, leave it out.
    #[must_use]
    pub fn is_for_scored_games(&self) -> bool {
        self.name == "bounds"
    }

    /// Parses a value given for this feature: `Ok(None)` means off.
    pub(crate) fn parse_value(&self, text: Option<&str>) -> Result<Option<Value>, String> {
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        let off = matches!(text, Some(t) if ["false", "off"].iter().any(|o| t.eq_ignore_ascii_case(o)));
        if off || (text == Some("0") && !matches!(self.kind, Kind::Number { min: 0, .. })) {
            if self.implied {
                return Err("cannot be switched off on its own".to_string());
            }
            return Ok(None);
        }
        let named_alone =
            text.is_none_or(|t| t.eq_ignore_ascii_case("true") || t.eq_ignore_ascii_case(self.name));
        match self.kind {
            Kind::Flag if named_alone => Ok(Some(Value::On)),
            Kind::Flag => Err(format!("is on or off, not {:?}", text.unwrap_or_default())),
            Kind::Number { default, .. } if named_alone => Ok(Some(Value::Number(default))),
            Kind::Number { min, max, .. } => {
                let text = text.unwrap_or_default();
                let number: i64 = text
                    .parse()
                    .map_err(|_| format!("needs a number, not {text:?}"))?;
                if (min..=max).contains(&number) {
                    Ok(Some(Value::Number(number)))
                } else {
                    Err(format!("{number} is out of range {min}..={max}"))
                }
            }
            Kind::Choice(choices) if named_alone => Ok(Some(Value::Choice(choices[0]))),
            Kind::Choice(choices) => {
                let text = text.unwrap_or_default();
                choices
                    .iter()
                    .copied()
                    .find(|c| c.eq_ignore_ascii_case(text))
                    .or_else(|| (self.alias)(text))
                    .map(|c| Some(Value::Choice(c)))
                    .ok_or_else(|| format!("has no value {text:?} (one of: {})", choices.join(", ")))
            }
        }
    }

    /// This feature's token in the text form, if it is written.
    pub(crate) fn token(&self, value: &Value) -> Option<String> {
        match (self.kind, value) {
            (Kind::Number { default, .. }, Value::Number(n)) if *n == default => {
                (!self.implied).then(|| self.name.to_string())
            }
            (_, Value::Number(n)) => Some(format!("{}={n}", self.name)),
            (Kind::Choice(choices), Value::Choice(c)) if *c == choices[0] => Some(self.name.to_string()),
            (_, Value::Choice(c)) => Some(format!("{}={c}", self.name)),
            (_, Value::On) => Some(self.name.to_string()),
        }
    }
}

/// A flag's value: on or off.
pub(crate) fn flag(on: bool) -> Option<Value> {
    on.then_some(Value::On)
}

/// The number a value holds, if it is one.
pub(crate) fn number(value: Option<Value>) -> Option<i64> {
    match value {
        Some(Value::Number(n)) => Some(n),
        _ => None,
    }
}

/// A number known to lie in its feature's range, as `i32`.
pub(crate) fn number_i32(value: Option<Value>) -> Option<i32> {
    number(value).map(|n| n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}

/// The choice a value names, if it is one.
pub(crate) fn choice(value: Option<Value>) -> Option<&'static str> {
    match value {
        Some(Value::Choice(c)) => Some(c),
        _ => None,
    }
}

/// The effect of an exact feature: none on the value.
pub(crate) fn exact(_: &Value) -> Exactness {
    Exactness::Minimax
}

/// The effect of a value-changing feature.
pub(crate) fn value_changing(_: &Value) -> Exactness {
    Exactness::ValueChanging
}

/// A margin of the configuration, given in hundredths of the evaluation's `unit`
/// ([`Evaluate::unit`](crate::Evaluate::unit)), on the evaluation's scale (`margin × unit /
/// 100`, at least 1 if `margin` is): chess's margins are unchanged, a game whose unit is a point
/// gets its own.
pub(crate) fn scaled(margin: i32, unit: i32) -> i32 {
    let unit = unit.max(1);
    if unit == 100 || margin <= 0 {
        return margin;
    }
    let scaled = i64::from(margin) * i64::from(unit) / 100;
    scaled.clamp(1, i64::from(crate::Score::MAX_EVAL.raw())) as i32
}
