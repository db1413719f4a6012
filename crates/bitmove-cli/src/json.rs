//! Machine-readable output: one JSON document on standard output, built with
//! `serde_json::json!` where the result is made, printed here.

use bitmove::PerftStats;
use serde_json::Value;

use crate::Failure;

/// Prints `value` as pretty JSON followed by a newline, through [`crate::print`] (a closed
/// pipe is not an error, other write failures are).
pub(crate) fn print(value: &Value) -> Result<(), Failure> {
    let mut text = serde_json::to_vec_pretty(value).unwrap_or_default();
    text.push(b'\n');
    crate::print(&text)
}

/// Millions of nodes per second, rounded to one decimal, for both text and JSON.
pub(crate) fn mnps(nodes: u64, seconds: f64) -> f64 {
    (nodes as f64 / seconds.max(1e-9) / 1e5).round() / 10.0
}

/// Seconds rounded to the millisecond, so JSON does not show float noise.
pub(crate) fn seconds(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

/// The statistics as a JSON object keyed by field name, in declaration order.
pub(crate) fn stats_json(stats: &PerftStats) -> Value {
    stats
        .fields()
        .iter()
        .map(|&(name, value)| (name.to_string(), Value::from(value)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}
