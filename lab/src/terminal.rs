//! `compare`'s plain-text output for an ordinary terminal: tables wrapped into several of at
//! most [`WIDTH`] columns (the key columns repeated in each), the configurations' descriptions as
//! a wrapped legend, and the per-position table only on request.

use std::fmt::Write as _;

use super::report::{SUMMARY_COLUMNS, notes, position_rows, summary_rows};
use super::runner::Report;

/// The widest line the tables are wrapped to.
pub const WIDTH: usize = 100;

/// The gap between columns.
const GAP: usize = 2;

fn width_of(header: &[String], rows: &[Vec<String>], column: usize) -> usize {
    rows.iter()
        .map(|r| r[column].chars().count())
        .chain([header[column].chars().count()])
        .max()
        .unwrap_or(0)
}

/// Splits the columns after the first `keys` into groups, each printed with the key columns,
/// so that each group's lines fit in `width` characters (a single column wider than that gets a
/// group of its own). Returns the column indices of each group, keys included.
#[must_use]
pub fn column_groups(header: &[String], rows: &[Vec<String>], keys: usize, width: usize) -> Vec<Vec<usize>> {
    let key_width: usize = (0..keys).map(|c| width_of(header, rows, c) + GAP).sum();
    let mut groups = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    let mut used = key_width;
    for column in keys..header.len() {
        let w = width_of(header, rows, column) + GAP;
        if !current.is_empty() && used + w > width + GAP {
            groups.push(std::mem::take(&mut current));
            used = key_width;
        }
        current.push(column);
        used += w;
    }
    if !current.is_empty() || groups.is_empty() {
        groups.push(current);
    }
    groups
        .into_iter()
        .map(|group| (0..keys).chain(group).collect())
        .collect()
}

/// Aligned text: keys and the last column left, the others right.
fn aligned(header: &[String], rows: &[Vec<String>], columns: &[usize], keys: usize, out: &mut String) {
    let widths: Vec<usize> = columns.iter().map(|&c| width_of(header, rows, c)).collect();
    let line = |cells: &[String], out: &mut String| {
        let text: Vec<String> = columns
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (&c, &w))| {
                let cell = &cells[c];
                let pad = w.saturating_sub(cell.chars().count());
                if i < keys {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        let _ = writeln!(out, "{}", text.join("  ").trim_end());
    };
    line(header, out);
    let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    let _ = writeln!(out, "{}", rule.join("  "));
    for row in rows {
        line(row, out);
    }
}

/// A table wrapped into groups of at most `width` characters, separated by blank lines.
#[must_use]
pub fn wrapped(header: &[String], rows: &[Vec<String>], keys: usize, width: usize) -> String {
    let mut out = String::new();
    for (index, group) in column_groups(header, rows, keys, width).iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        aligned(header, rows, group, keys, &mut out);
    }
    out
}

/// Words wrapped into lines of at most `width` characters (a longer word gets its own line).
#[must_use]
pub fn wrap_words(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if line_len > 0 && line_len + 1 + len > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
    }
    out
}

/// The report for a terminal: the summary without its description column, wrapped to
/// [`WIDTH`]; the descriptions as a legend; the per-position table (wrapped) if `per_position`,
/// else a line saying how to get it; then the notes (partial run, disagreements).
#[must_use]
pub fn render_terminal(report: &Report, per_position: bool) -> String {
    let description = SUMMARY_COLUMNS.len() - 1;
    let header: Vec<String> = SUMMARY_COLUMNS[..description]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let full = summary_rows(report);
    let rows: Vec<Vec<String>> = full.iter().map(|r| r[..description].to_vec()).collect();
    let mut out = wrapped(&header, &rows, 1, WIDTH);
    out.push('\n');
    let name_width = full.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
    for row in &full {
        let indent = name_width + GAP;
        let text = wrap_words(&row[description], WIDTH.saturating_sub(indent).max(20));
        for (index, line) in text.lines().enumerate() {
            let name = if index == 0 { row[0].as_str() } else { "" };
            let _ = writeln!(out, "{name:<name_width$}  {line}");
        }
    }
    out.push('\n');
    if per_position {
        let (header, rows) = position_rows(report);
        out += &wrapped(&header, &rows, 2, WIDTH);
    } else {
        out += "Best move and root value per position: --per-position.\n";
    }
    let n = notes(report);
    if !n.is_empty() {
        out.push('\n');
        out.push_str(&n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::Config;
    use crate::runner::{RunOptions, run, thesis_suite};

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn groups_fit_the_width_and_keep_every_column_once() {
        let header = strings(&["key", "a", "b", "c", "d"]);
        let rows = vec![strings(&[
            "k1",
            &"x".repeat(40),
            &"y".repeat(40),
            &"z".repeat(40),
            "w",
        ])];
        let groups = column_groups(&header, &rows, 1, 100);
        assert_eq!(groups, vec![vec![0, 1, 2], vec![0, 3, 4]]);
        let text = wrapped(&header, &rows, 1, 100);
        assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
        // A column wider than the width gets its own group rather than a panic.
        let wide = vec![strings(&["k", &"x".repeat(150), "b", "c", "d"])];
        let groups = column_groups(&header, &wide, 1, 100);
        assert_eq!(groups[0], vec![0, 1]);
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 4 + groups.len());
    }

    #[test]
    fn the_default_run_fits_an_ordinary_terminal() {
        // Every configuration of the default run, on two positions at a small depth.
        let suite: Vec<_> = thesis_suite().into_iter().take(2).collect();
        let configs = Config::parse_list(crate::compare::DEFAULT_CONFIGS).unwrap();
        let options = RunOptions {
            depth_offset: Some(-3),
            ..RunOptions::default()
        };
        let report = run(&suite, &configs, &options, &mut |_| {});
        let text = render_terminal(&report, false);
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= WIDTH, "{widest} columns:\n{text}");
        assert!(text.contains("--per-position"));
        assert!(!text.contains("thesis.02"), "no per-position table by default");
        for column in &SUMMARY_COLUMNS[..SUMMARY_COLUMNS.len() - 1] {
            assert!(text.contains(column), "{column}");
        }
        let with = render_terminal(&report, true);
        assert!(with.contains("thesis.02"));
        assert!(with.lines().all(|l| l.chars().count() <= WIDTH), "{with}");
        for config in &configs {
            assert!(with.matches(&config.name).count() >= 2, "{}", config.name);
        }
    }
}
