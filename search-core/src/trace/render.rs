//! Rendering a recorded [`Trace`]: the indented text mode, Graphviz DOT, and any format of the
//! `dot` binary (spawned as a child process). Recording is in the parent module; nothing here
//! runs during a search.

use std::fmt::{self, Write as _};
use std::io::Write as _;
use std::process::{Command, Stdio};

use super::{Cut, Trace, TraceNode};
use crate::{Bound, Score};

impl Trace {
    /// The indented text mode: one node per line, two spaces per ply, e.g.
    /// `1 d1 [-inf, -3] = -2 (lower) beta cutoff` (move, depth, visits `n=` for Monte Carlo
    /// tree search, window, value and bound, cut,
    /// `q` for quiescence, `pv`), pruned children as `2 pruned`, and a last line saying so if the
    /// trace is truncated.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for &root in &self.roots {
            self.text_node(root, 0, &mut out);
        }
        if let Some(message) = self.truncation_message() {
            let _ = writeln!(out, "... {message}");
        }
        out
    }

    fn text_node(&self, index: usize, indent: usize, out: &mut String) {
        let node = &self.nodes[index];
        let _ = writeln!(out, "{:indent$}{}", "", node_summary(node), indent = 2 * indent);
        for &child in &node.children {
            self.text_node(child, indent + 1, out);
        }
    }

    /// The trace as a Graphviz `digraph`: searched nodes as boxes labelled with the move, depth,
    /// window and value; pruned children dashed and grey, labelled with their parent's cut;
    /// the principal variation in bold red; quiescence nodes shaded blue, nodes cut by the
    /// table, a null move or a stand pat shaded yellow. `title` labels the picture.
    #[must_use]
    pub fn to_dot(&self, title: &str) -> String {
        dot_side_by_side(&[(title, self)])
    }

    fn dot_body(&self, prefix: &str, out: &mut String) {
        for (index, node) in self.nodes.iter().enumerate() {
            let id = format!("{prefix}n{index}");
            let mut attrs = vec![format!("label=\"{}\"", escape(&dot_label(node)))];
            if node.is_pruned {
                attrs.push("style=dashed, color=grey60, fontcolor=grey50".into());
            } else {
                let mut style = vec!["filled"];
                let fill = if node.is_quiescence {
                    "lightblue"
                } else if node
                    .cut
                    .is_some_and(|cut| !matches!(cut, Cut::BetaCutoff | Cut::AlphaCutoff))
                {
                    "lightyellow"
                } else {
                    "white"
                };
                if node.is_pv {
                    style.push("bold");
                    attrs.push("color=red".into());
                }
                attrs.push(format!("style=\"{}\", fillcolor={fill}", style.join(",")));
            }
            if node.is_chance {
                // Nature's nodes are drawn round, as in Ballard's figures.
                attrs.push("shape=ellipse".into());
            }
            let _ = writeln!(out, "    {id} [{}];", attrs.join(", "));
            if let Some(parent) = node.parent {
                let mv = node.mv.as_deref().unwrap_or("");
                let edge = if node.is_pruned {
                    let reason = self.nodes[parent].cut.map_or("pruned", Cut::name);
                    format!(
                        "label=\"{} ({})\", style=dashed, color=grey60, fontcolor=grey50",
                        escape(mv),
                        reason
                    )
                } else if node.is_pv {
                    format!("label=\"{}\", color=red, fontcolor=red, penwidth=2.5", escape(mv))
                } else {
                    format!("label=\"{}\"", escape(mv))
                };
                let _ = writeln!(out, "    {prefix}n{parent} -> {id} [{edge}];");
            }
        }
        if let Some(message) = self.truncation_message() {
            let _ = writeln!(
                out,
                "    {prefix}truncated [shape=note, style=filled, fillcolor=mistyrose, label=\"{}\"];",
                escape(&message)
            );
        }
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Several traces side by side in one Graphviz `digraph`, one labelled cluster each (e.g.
/// minimax beside alpha-beta on the same position).
#[must_use]
pub fn dot_side_by_side(traces: &[(&str, &Trace)]) -> String {
    let mut out = String::from("digraph trace {\n");
    out.push_str("  graph [fontname=\"Helvetica\", rankdir=TB, nodesep=0.15, ranksep=0.35];\n");
    out.push_str("  node [shape=box, fontname=\"Helvetica\", fontsize=10, margin=\"0.05,0.02\"];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n");
    for (index, (title, trace)) in traces.iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{index} {{");
        let mut label = (*title).to_string();
        if let Some(message) = trace.truncation_message() {
            label.push_str(" — ");
            label.push_str(&message);
        }
        let _ = writeln!(
            out,
            "    label=\"{}\"; fontsize=14; color=grey80;",
            escape(&label)
        );
        trace.dot_body(&format!("t{index}_"), &mut out);
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

/// Why [`render_dot`] failed.
#[derive(Debug)]
pub enum RenderError {
    /// The Graphviz `dot` binary is not installed (or not on the `PATH`).
    DotMissing,
    /// `dot` ran and failed; its error output.
    DotFailed(String),
    /// Talking to `dot` failed.
    Io(std::io::Error),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::DotMissing => write!(
                f,
                "the Graphviz `dot` program was not found: install Graphviz (e.g. `apt-get install graphviz`) or export DOT instead"
            ),
            RenderError::DotFailed(message) => write!(f, "`dot` failed: {message}"),
            RenderError::Io(error) => write!(f, "talking to `dot` failed: {error}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Renders DOT source with the Graphviz `dot` binary into `format` (`svg`, `png`, `pdf`, ...).
///
/// # Errors
///
/// [`RenderError::DotMissing`] when `dot` is not installed, [`RenderError::DotFailed`] when it
/// rejects the input or the format.
pub fn render_dot(dot: &str, format: &str) -> Result<Vec<u8>, RenderError> {
    let mut child = match Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Err(RenderError::DotMissing),
        Err(error) => return Err(RenderError::Io(error)),
    };
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let source = dot.to_string();
    // Written from another thread: `dot` may fill its output pipe before reading all its input.
    let writer = std::thread::spawn(move || stdin.write_all(source.as_bytes()));
    let output = child.wait_with_output().map_err(RenderError::Io)?;
    writer
        .join()
        .map_err(|_| RenderError::DotFailed("the writer thread panicked".into()))?
        .map_err(RenderError::Io)?;
    if !output.status.success() {
        return Err(RenderError::DotFailed(
            String::from_utf8_lossy(&output.stderr).trim().to_string(),
        ));
    }
    Ok(output.stdout)
}

/// A score as the traces show it: `inf`/`-inf` for the window's infinities, `#3`/`#-3` for mate
/// in 3 moves for/against the side the value belongs to, `+4@7`/`-4@7` for a game ending 7 plies
/// from the root with that margin ([`Score::won_by`]), the raw number otherwise.
///
/// ```
/// use search_core::Score;
/// use search_core::trace::score_text;
/// assert_eq!(score_text(Score::mate_in(5)), "#3");
/// assert_eq!(score_text(Score::won_by(4, 7)), "+4@7");
/// assert_eq!(score_text(Score::won_by(-2, 3)), "-2@3");
/// assert_eq!(score_text(-Score::INFINITY), "-inf");
/// assert_eq!(score_text(Score::cp(12)), "12");
/// ```
#[must_use]
pub fn score_text(score: Score) -> String {
    if score >= Score::INFINITY {
        "inf".into()
    } else if score <= -Score::INFINITY {
        "-inf".into()
    } else if let (Some(margin), Some(plies)) = (score.margin(), score.mate_plies()) {
        format!("{margin:+}@{plies}")
    } else if let Some(moves) = score.mate_moves() {
        format!("#{moves}")
    } else {
        score.raw().to_string()
    }
}

fn bound_text(bound: Option<Bound>) -> &'static str {
    match bound {
        Some(Bound::Lower) => " (lower)",
        Some(Bound::Upper) => " (upper)",
        _ => "",
    }
}

/// The one-line summary of the text mode.
fn node_summary(node: &TraceNode) -> String {
    let mv = node.mv.as_deref().unwrap_or("root");
    if node.is_pruned {
        return format!("{mv} pruned");
    }
    let mut line = format!("{mv} d{}", node.depth);
    if let Some((weight, total)) = node.probability {
        let _ = write!(line, " p={weight}/{total}");
    }
    if node.is_chance {
        line.push_str(" chance");
    }
    if let Some(visits) = node.visits {
        let _ = write!(line, " n={visits}");
    }
    if let Some((alpha, beta)) = node.window {
        let _ = write!(line, " [{}, {}]", score_text(alpha), score_text(beta));
    }
    match node.value {
        Some(value) => {
            let _ = write!(line, " = {}{}", score_text(value), bound_text(node.bound));
        }
        None => line.push_str(" = ?"),
    }
    if let Some(cut) = node.cut {
        let _ = write!(line, " {cut}");
    }
    if node.is_quiescence {
        line.push_str(" q");
    }
    if node.is_pv {
        line.push_str(" pv");
    }
    line
}

/// The DOT node label: move, depth and window; value and bound; cut.
fn dot_label(node: &TraceNode) -> String {
    let mv = node.mv.as_deref().unwrap_or("root");
    if node.is_pruned {
        return format!("{mv}\npruned");
    }
    let mut label = format!("{mv}  d{}", node.depth);
    if node.is_quiescence {
        label.push_str(" q");
    }
    if let Some((weight, total)) = node.probability {
        let _ = write!(label, "  p={weight}/{total}");
    }
    if node.is_chance {
        label.push_str("\nchance");
    }
    if let Some(visits) = node.visits {
        let _ = write!(label, "\nn={visits}");
    }
    if let Some((alpha, beta)) = node.window {
        let _ = write!(label, "\n[{}, {}]", score_text(alpha), score_text(beta));
    }
    match node.value {
        Some(value) => {
            let _ = write!(label, "\n= {}{}", score_text(value), bound_text(node.bound));
        }
        None => label.push_str("\n= ?"),
    }
    if let Some(cut) = node.cut {
        let _ = write!(label, "\n{cut}");
    }
    label
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}
