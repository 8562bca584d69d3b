//! SVG plots of a [`Report`] (with `plotters`' SVG backend):
//!
//! - [`nodes_per_position`]: nodes of each position's search tree per configuration on a
//!   logarithmic scale, like the thesis's Figures 2-3;
//! - [`nodes_per_depth`]: the mean nodes per search at each searched depth (the suite's `acd`
//!   depths plus the offset), per configuration, on a logarithmic scale. The positions at each
//!   depth differ (the thesis's depth-7 positions are endgames), so this is not a growth curve of
//!   one position: run `compare` at several `--depth-offset`s for that.

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::runner::Report;

/// Why a plot could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write plot {path}: {detail}")]
pub struct PlotError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub detail: String,
}

const SIZE: (u32, u32) = (1000, 600);

/// A colour per series (plotters' palette, cycled).
fn colour(index: usize) -> RGBColor {
    let c = Palette99::pick(index).to_rgba();
    RGBColor(c.0, c.1, c.2)
}

fn error(path: &Path, err: impl std::fmt::Display) -> PlotError {
    PlotError {
        path: path.to_path_buf(),
        detail: err.to_string(),
    }
}

/// A log-scale line chart: `series` is (name, points); x from `x_range`, labelled by `x_label`.
fn log_chart(
    path: &Path,
    title: &str,
    x_desc: &str,
    x_range: (f64, f64),
    x_labels: usize,
    x_label: &dyn Fn(&f64) -> String,
    series: &[(String, Vec<(f64, f64)>)],
) -> Result<(), PlotError> {
    let ys = series.iter().flat_map(|(_, points)| points.iter().map(|p| p.1));
    let (low, high) = ys.fold((f64::INFINITY, 0.0_f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    if !low.is_finite() {
        return Err(error(path, "no data to plot"));
    }
    // Headroom above the data for the legend.
    let (low, high) = ((low / 2.0).max(1.0), high * 30.0);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(path, e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(80)
        .build_cartesian_2d(x_range.0..x_range.1, (low..high).log_scale())
        .map_err(|e| error(path, e))?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .x_labels(x_labels)
        .y_desc("nodes (log scale)")
        .x_label_formatter(x_label)
        .y_label_formatter(&|y| format!("{y:.0e}"))
        .draw()
        .map_err(|e| error(path, e))?;
    for (index, (name, points)) in series.iter().enumerate() {
        let style = colour(index).stroke_width(2);
        chart
            .draw_series(LineSeries::new(points.iter().copied(), style))
            .map_err(|e| error(path, e))?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour(index).stroke_width(2)));
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour(index).filled())))
            .map_err(|e| error(path, e))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| error(path, e))?;
    root.present().map_err(|e| error(path, e))
}

/// Nodes per position (x: position number in the suite) per configuration, log scale.
///
/// # Errors
///
/// The file cannot be written, or there is nothing to plot.
pub fn nodes_per_position(report: &Report, path: &Path) -> Result<(), PlotError> {
    let series: Vec<(String, Vec<(f64, f64)>)> = report
        .configs
        .iter()
        .map(|c| {
            let points = c
                .positions
                .iter()
                .enumerate()
                .map(|(i, p)| ((i + 1) as f64, p.nodes.max(1) as f64))
                .collect();
            (format!("{} ({:+})", c.name, c.depth_offset), points)
        })
        .collect();
    let n = report.suite.len() as f64;
    log_chart(
        path,
        &format!(
            "Nodes per search tree, {} positions, evaluation {}",
            report.suite.len(),
            report.evaluation
        ),
        "position",
        (0.5, n + 0.5),
        report.suite.len().min(24),
        &|x| format!("{x:.0}"),
        &series,
    )
}

/// Mean nodes per search at each searched depth, per configuration, log scale.
///
/// # Errors
///
/// The file cannot be written, or there is nothing to plot.
pub fn nodes_per_depth(report: &Report, path: &Path) -> Result<(), PlotError> {
    let series: Vec<(String, Vec<(f64, f64)>)> = report
        .configs
        .iter()
        .map(|c| {
            let mut depths: Vec<u32> = c.positions.iter().map(|p| p.depth).collect();
            depths.sort_unstable();
            depths.dedup();
            let points = depths
                .iter()
                .map(|&d| {
                    let at: Vec<u64> = c
                        .positions
                        .iter()
                        .filter(|p| p.depth == d)
                        .map(|p| p.nodes)
                        .collect();
                    (
                        f64::from(d),
                        (at.iter().sum::<u64>() as f64 / at.len() as f64).max(1.0),
                    )
                })
                .collect();
            (c.name.clone(), points)
        })
        .collect();
    let depths = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0));
    let (lo, hi) = depths.fold((f64::INFINITY, 0.0_f64), |(lo, hi), d| (lo.min(d), hi.max(d)));
    log_chart(
        path,
        "Mean nodes per search by search depth (the suite's positions at each depth differ)",
        "search depth (plies)",
        (lo - 0.5, hi + 0.5),
        (hi - lo) as usize + 1,
        &|x| format!("{x:.0}"),
        &series,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::Config;
    use crate::runner::{RunOptions, run, thesis_suite};

    #[test]
    fn plots_are_svg_with_every_series() {
        let suite: Vec<_> = thesis_suite().into_iter().take(3).collect();
        let options = RunOptions {
            depth_offset: Some(-3),
            ..RunOptions::default()
        };
        let report = run(
            &suite,
            &Config::parse_list("ab-v1,nm-r2").unwrap(),
            &options,
            &mut |_| {},
        );
        let dir = std::env::temp_dir().join(format!("lab-plot-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, plot) in [
            (
                "positions.svg",
                nodes_per_position as fn(&Report, &Path) -> Result<(), PlotError>,
            ),
            ("depth.svg", nodes_per_depth),
        ] {
            let path = dir.join(name);
            plot(&report, &path).unwrap();
            let svg = std::fs::read_to_string(&path).unwrap();
            assert!(svg.starts_with("<svg"), "{name}");
            assert!(svg.contains("ab-v1") && svg.contains("nm-r2"), "{name}");
        }
        let empty = Report {
            configs: Vec::new(),
            ..report
        };
        assert!(nodes_per_position(&empty, &dir.join("empty.svg")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
