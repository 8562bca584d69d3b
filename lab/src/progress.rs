//! What the long lab programs (`compare`, `reproduce`) share around a run: a progress bar on
//! stderr, a line a minute when stderr is not a terminal, and Ctrl-C as a stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// A number of seconds on a command line (`--time`, `--time-budget`): a finite number, 0 or
/// more (clap's value parser, so `-1`, `nan` and `inf` are refused before anything runs).
///
/// ```
/// use game_search_lab::progress::seconds;
/// assert_eq!(seconds("2.5"), Ok(2.5));
/// assert_eq!(seconds("0"), Ok(0.0));
/// assert_eq!(seconds("-1").unwrap_err(), "expected a number of seconds, 0 or more, not \"-1\"");
/// assert!(seconds("nan").is_err() && seconds("inf").is_err() && seconds("soon").is_err());
/// ```
///
/// # Errors
///
/// Not a number, negative, infinite or NaN, in words.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds >= 0.0 && seconds.is_finite() => Ok(seconds),
        _ => Err(format!("expected a number of seconds, 0 or more, not {text:?}")),
    }
}

/// When a `--time-budget` of `seconds` runs out: `None` when the budget is longer than the
/// clock can count (it never runs out), so that no budget can overflow the clock.
///
/// ```
/// use game_search_lab::progress::deadline;
/// assert!(deadline(2.5).unwrap().is_some());
/// assert_eq!(deadline(1e19), Ok(None)); // more seconds than an Instant reaches
/// assert_eq!(deadline(1e300), Ok(None));
/// assert_eq!(deadline(-1.0).unwrap_err(), "bad --time-budget -1: give a number of seconds, 0 or more");
/// assert!(deadline(f64::NAN).is_err());
/// ```
///
/// # Errors
///
/// A negative budget or not a number, in words.
pub fn deadline(seconds: f64) -> Result<Option<Instant>, String> {
    if seconds.is_nan() || seconds < 0.0 {
        return Err(format!(
            "bad --time-budget {seconds}: give a number of seconds, 0 or more"
        ));
    }
    Ok(Duration::try_from_secs_f64(seconds)
        .ok()
        .and_then(|budget| Instant::now().checked_add(budget)))
}

/// A bar of `total` steps: elapsed time, the bar, `pos/len`, then `what` (indicatif's template
/// text, e.g. `searches` or `steps, eta {eta}`) and the message.
#[must_use]
pub fn bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {what}  {{msg}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

/// indicatif draws nothing when stderr is not a terminal (a log file, CI): then a line every
/// minute says how far the run is.
pub fn log_progress_when_not_a_terminal(bar: &ProgressBar) {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        return;
    }
    let bar = bar.clone();
    std::thread::spawn(move || {
        let started = Instant::now();
        loop {
            std::thread::sleep(Duration::from_secs(60));
            if bar.is_finished() {
                return;
            }
            eprintln!(
                "[{:.0} min] {}/{} steps, eta {:.0} min: {}",
                started.elapsed().as_secs_f64() / 60.0,
                bar.position(),
                bar.length().unwrap_or(0),
                bar.eta().as_secs_f64() / 60.0,
                bar.message()
            );
        }
    });
}

/// Makes Ctrl-C set `stop` (the runs check it and end with what they have), or warns on stderr
/// that it cannot. A process has one handler: call this once.
pub fn stop_on_ctrl_c(stop: Arc<AtomicBool>) {
    if let Err(err) = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed)) {
        eprintln!("warning: Ctrl-C will not stop cleanly: {err}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_counts_its_steps() {
        let bar = bar(10, "steps, eta {eta}");
        bar.inc(3);
        assert_eq!((bar.position(), bar.length()), (3, Some(10)));
        bar.finish_and_clear();
    }
}
