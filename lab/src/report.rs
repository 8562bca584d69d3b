//! A [`Report`] as a plain-text table, Markdown, CSV or JSON.
//!
//! The summary has one row per configuration with the thesis's figures (average and total nodes,
//! primary, leaf and quiescence nodes, leaf share, average branching factor, average time) and
//! the reference check; then one row per position with each configuration's best move and root
//! value. CSV has one row per (configuration, position); JSON has, per configuration, its name,
//! `total_nodes` and the summary figures, and per position its nodes, value and best move.

use std::fmt::Write as _;
use std::str::FromStr;

use super::configs::Check;
use super::runner::{CheckOutcome, ConfigReport, Report};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned plain text.
    Table,
    /// GitHub Markdown tables.
    Markdown,
    /// One row per configuration and position.
    Csv,
    /// The whole report.
    Json,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "table" => Ok(Format::Table),
            "markdown" => Ok(Format::Markdown),
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            _ => Err(format!(
                "unknown format {text:?} (expected table, markdown, csv or json)"
            )),
        }
    }
}

/// The summary columns, in order.
pub const SUMMARY_COLUMNS: [&str; 13] = [
    "config",
    "offset",
    "positions",
    "avg nodes",
    "total nodes",
    "primary nodes",
    "leaf nodes",
    "leaf %",
    "qs nodes",
    "avg BF",
    "avg time",
    "check",
    "description",
];

/// `1.234e7`-style numbers as the thesis prints them, exact below a million.
#[must_use]
pub fn count(value: f64) -> String {
    if value < 1e6 {
        format!("{value:.0}")
    } else {
        format!("{value:.3e}")
    }
}

fn check_cell(config: &ConfigReport) -> String {
    if config.check == Check::None {
        return "not exact".to_string();
    }
    let disagreed = config.disagreements();
    if disagreed > 0 {
        return format!("!! {disagreed} DISAGREE !!");
    }
    let agreed = config.agreements();
    let skipped = config.positions.len() - agreed;
    if skipped == 0 {
        format!("{agreed} ok vs {}", config.check)
    } else {
        format!("{agreed} ok, {skipped} unchecked")
    }
}

/// The summary rows (cells as text), one per configuration.
#[must_use]
pub fn summary_rows(report: &Report) -> Vec<Vec<String>> {
    report
        .configs
        .iter()
        .map(|c| {
            vec![
                c.name.clone(),
                format!("{:+}", c.depth_offset),
                format!("{}/{}", c.positions.len(), report.suite.len()),
                count(c.average_nodes()),
                count(c.total_nodes() as f64),
                count(c.primary_nodes() as f64),
                count(c.leaf_nodes() as f64),
                format!("{:.1}%", 100.0 * c.leaf_share()),
                count(c.quiescence_nodes() as f64),
                format!("{:.2}", c.average_branching_factor()),
                format!("{:.3} s", c.average_seconds()),
                check_cell(c),
                c.description.clone(),
            ]
        })
        .collect()
}

/// The summary as the book shows it, a Markdown table: config, offset, average and total nodes,
/// leaf share, average branching factor, average time, check; and under it, for a run cut
/// short, why. `compare --book` and `reproduce`'s node tables write this.
#[must_use]
pub fn markdown_summary(report: &Report) -> String {
    let keep = [0, 1, 3, 4, 7, 9, 10, 11];
    let mut out = format!(
        "| {} |\n|{}\n",
        keep.map(|i| SUMMARY_COLUMNS[i]).join(" | "),
        "---|".repeat(keep.len())
    );
    for row in summary_rows(report) {
        out += &format!("| {} |\n", keep.map(|i| row[i].as_str()).join(" | "));
    }
    if let Some(reason) = &report.interrupted {
        out += &format!("\nPARTIAL: {reason}.\n");
    }
    out
}

/// The per-position rows: label, base depth, then per configuration `move value` (`!!` marks a
/// disagreement with the reference, `-` a search not done).
#[must_use]
pub fn position_rows(report: &Report) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["position".to_string(), "acd".to_string()];
    header.extend(report.configs.iter().map(|c| c.name.clone()));
    let rows = report
        .suite
        .iter()
        .enumerate()
        .map(|(index, (label, depth))| {
            let mut row = vec![label.clone(), depth.to_string()];
            row.extend(report.configs.iter().map(|c| {
                c.positions.get(index).map_or_else(
                    || "-".to_string(),
                    |p| {
                        let flag = if matches!(p.check, CheckOutcome::Disagreed { .. }) {
                            " !!"
                        } else {
                            ""
                        };
                        format!(
                            "{} {}{flag}",
                            p.best_move_san.as_deref().unwrap_or("(none)"),
                            p.value
                        )
                    },
                )
            }));
            row
        })
        .collect();
    (header, rows)
}

fn aligned(header: &[String], rows: &[Vec<String>], out: &mut String) {
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String], out: &mut String| {
        let text: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &width))| {
                // Names, descriptions and moves to the left; numbers to the right. Padded by
                // hand: `format!`'s width must be below 65 536, and a cell (a label from an EPD
                // operand) can be longer.
                let padding = " ".repeat(width - cell.chars().count());
                if i == 0 || i + 1 == cells.len() && header[i] == "description" {
                    format!("{cell}{padding}")
                } else {
                    format!("{padding}{cell}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", text.join("  ").trim_end());
    };
    line(header, out);
    let _ = writeln!(
        out,
        "{}",
        widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .join("  ")
    );
    for row in rows {
        line(row, out);
    }
}

fn markdown(header: &[String], rows: &[Vec<String>], out: &mut String) {
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(header.len()));
    for row in rows {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
}

fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The notes under a table: a partial run, and every disagreement with the reference.
#[must_use]
pub fn notes(report: &Report) -> String {
    let mut out = String::new();
    if let Some(reason) = &report.interrupted {
        let _ = writeln!(
            out,
            "PARTIAL RESULTS: {reason}; the table holds the searches that completed."
        );
    }
    let disagreements = report.disagreements();
    if disagreements > 0 {
        let _ = writeln!(
            out,
            "!!! {disagreements} DISAGREEMENT(S) WITH THE REFERENCE: an exact searcher returned another value or move !!!"
        );
        for config in &report.configs {
            for p in &config.positions {
                if let CheckOutcome::Disagreed { detail } = &p.check {
                    let _ = writeln!(
                        out,
                        "!!! {} on {} (depth {}): {detail}",
                        config.name, p.label, p.depth
                    );
                }
            }
        }
    }
    out
}

/// Renders `report` in `format`.
#[must_use]
pub fn render(report: &Report, format: Format) -> String {
    let mut out = String::new();
    let summary_header: Vec<String> = SUMMARY_COLUMNS.iter().map(|s| s.to_string()).collect();
    match format {
        Format::Table => {
            aligned(&summary_header, &summary_rows(report), &mut out);
            out.push('\n');
            let (header, rows) = position_rows(report);
            aligned(&header, &rows, &mut out);
            let n = notes(report);
            if !n.is_empty() {
                out.push('\n');
                out.push_str(&n);
            }
        }
        Format::Markdown => {
            markdown(&summary_header, &summary_rows(report), &mut out);
            out.push('\n');
            let (header, rows) = position_rows(report);
            markdown(&header, &rows, &mut out);
            let n = notes(report);
            if !n.is_empty() {
                out.push('\n');
                for line in n.lines() {
                    let _ = writeln!(out, "> {line}");
                }
            }
        }
        Format::Csv => {
            let _ = writeln!(
                out,
                "config,position,depth,nodes,interior_nodes,leaf_nodes,quiescence_nodes,children,branching_factor,seconds,value,value_raw,best_move,best_move_san,check"
            );
            for c in &report.configs {
                for p in &c.positions {
                    let check = match &p.check {
                        CheckOutcome::NotExact => "not-exact".to_string(),
                        CheckOutcome::Skipped { .. } => "skipped".to_string(),
                        CheckOutcome::Agreed => "agreed".to_string(),
                        CheckOutcome::Disagreed { detail } => format!("DISAGREED: {detail}"),
                    };
                    let cells = [
                        c.name.clone(),
                        p.label.clone(),
                        p.depth.to_string(),
                        p.nodes.to_string(),
                        p.interior_nodes.to_string(),
                        p.leaf_nodes.to_string(),
                        p.quiescence_nodes.to_string(),
                        p.children.to_string(),
                        format!("{:.4}", p.branching_factor()),
                        format!("{:.6}", p.seconds),
                        p.value.clone(),
                        p.value_raw.to_string(),
                        p.best_move.clone().unwrap_or_default(),
                        p.best_move_san.clone().unwrap_or_default(),
                        check,
                    ];
                    let cells: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
                    let _ = writeln!(out, "{}", cells.join(","));
                }
            }
        }
        Format::Json => out = json(report).to_string() + "\n",
    }
    out
}

/// The report as JSON: `{evaluation, interrupted, disagreements, configs: [{name, total_nodes,
/// average_nodes, ..., positions: [{label, depth, nodes, value, best_move, ...}]}]}`.
#[must_use]
pub fn json(report: &Report) -> serde_json::Value {
    let configs: Vec<serde_json::Value> = report
        .configs
        .iter()
        .map(|c| {
            serde_json::json!({
                "name": c.name,
                "description": c.description,
                "check": c.check,
                "depth_offset": c.depth_offset,
                "total_nodes": c.total_nodes(),
                "average_nodes": c.average_nodes(),
                "primary_nodes": c.primary_nodes(),
                "leaf_nodes": c.leaf_nodes(),
                "leaf_share": c.leaf_share(),
                "quiescence_nodes": c.quiescence_nodes(),
                "average_branching_factor": c.average_branching_factor(),
                "average_seconds": c.average_seconds(),
                "disagreements": c.disagreements(),
                "positions": c.positions,
            })
        })
        .collect();
    serde_json::json!({
        "evaluation": report.evaluation,
        "interrupted": report.interrupted,
        "disagreements": report.disagreements(),
        "configs": configs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::Config;
    use crate::runner::{RunOptions, run, thesis_suite};

    fn small() -> Report {
        let suite: Vec<_> = thesis_suite().into_iter().take(2).collect();
        let configs = Config::parse_list("ab-v1,nm-r2,qs-1").unwrap();
        let options = RunOptions {
            depth_offset: Some(-3),
            ..RunOptions::default()
        };
        run(&suite, &configs, &options, &mut |_| {})
    }

    #[test]
    fn every_format_has_every_configuration_and_column() {
        let report = small();
        let table = render(&report, Format::Table);
        for column in SUMMARY_COLUMNS {
            assert!(table.contains(column), "{column}");
        }
        for name in ["ab-v1", "nm-r2", "qs-1", "thesis.01", "thesis.02"] {
            assert!(table.contains(name), "{name}");
            assert!(render(&report, Format::Markdown).contains(name));
            assert!(render(&report, Format::Csv).contains(name));
        }
        assert_eq!(render(&report, Format::Csv).lines().count(), 1 + 3 * 2);
        let json: serde_json::Value = serde_json::from_str(&render(&report, Format::Json)).unwrap();
        let first = &json["configs"][0];
        assert_eq!(first["name"], "ab-v1");
        assert_eq!(first["total_nodes"], report.configs[0].total_nodes());
        assert_eq!(first["positions"][1]["label"], "thesis.02");
        assert!(first["positions"][0]["nodes"].as_u64().unwrap() > 0);
        assert!(first["positions"][0]["value"].is_string());
        assert!(first["positions"][0]["best_move"].is_string());
    }

    #[test]
    fn disagreements_are_loud() {
        let mut report = small();
        report.configs[0].positions[1].check = CheckOutcome::Disagreed {
            detail: "value cp 1 but the reference says cp 2".into(),
        };
        let table = render(&report, Format::Table);
        assert!(table.contains("!! 1 DISAGREE !!"));
        assert!(table.contains("!!! ab-v1 on thesis.02"));
        assert!(render(&report, Format::Json).contains("\"disagreements\":1"));
    }

    #[test]
    fn a_label_of_65_536_characters_or_more_is_rendered() {
        // Issue 16: `format!` widths stop at 65 535; the panic came after every search.
        let mut report = small();
        let label = "x".repeat(70_000);
        report.suite[1].0.clone_from(&label);
        for config in &mut report.configs {
            config.positions[1].label.clone_from(&label);
        }
        for format in [Format::Table, Format::Markdown, Format::Csv, Format::Json] {
            assert!(render(&report, format).contains(&label), "{format:?}");
        }
        let table = render(&report, Format::Table);
        let row = table.lines().find(|line| line.starts_with("thesis.01")).unwrap();
        assert!(
            row.chars().count() > 70_000,
            "the short label is padded to the long one"
        );
    }

    #[test]
    fn counts_and_formats() {
        assert_eq!(count(999_999.0), "999999");
        assert_eq!(count(1.089416e7), "1.089e7");
        assert_eq!("csv".parse(), Ok(Format::Csv));
        assert!("xml".parse::<Format>().unwrap_err().contains("markdown"));
    }
}
