//! What one more server costs CI, measured in the run itself, and the projected time of a run
//! with every server of the catalog.
//!
//! Each check that grows with the number of servers records, per server package, the seconds
//! it spent on it: compile units (from cargo's `--timings` report of the clippy and test
//! builds), the run time of its tests (nextest's per-test times), and its conformance and
//! Python SDK runs. Those are CPU-bound work that cargo, nextest and the parallel checks spread
//! over the machine's cores, so a server's share of the wall-clock time is its seconds divided
//! by the number of cores. Everything else (dependencies, the shared crates' own tests, setup,
//! the image, the scaffold check) is the fixed cost. The projection is
//! `fixed + servers × mean per-server cost`; the mean over today's servers is conservative,
//! because they have more tools each (28 on average) than the catalog's remaining services.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;

/// How many servers the catalog's plan has.
pub const PLANNED_SERVERS: usize = 77;

/// Seconds per server package, by what they were spent on.
#[derive(Default)]
pub struct Costs {
    /// package -> (what, seconds)
    per_server: BTreeMap<String, BTreeMap<&'static str, f64>>,
}

impl Costs {
    pub fn add(&mut self, package: &str, what: &'static str, seconds: f64) {
        *self
            .per_server
            .entry(package.to_owned())
            .or_default()
            .entry(what)
            .or_default() += seconds;
    }

    /// Add each server package's compile units from the newest `--timings` report under
    /// `target_dir` (written by the build that just ran) as `what`. Returns whether a report
    /// was found.
    pub fn add_timings(
        &mut self,
        target_dir: &Path,
        servers: &[String],
        what: &'static str,
    ) -> bool {
        let Some(units) = newest_timings(target_dir) else {
            return false;
        };
        for (package, seconds) in units {
            if servers.contains(&package) {
                self.add(&package, what, seconds);
            }
        }
        true
    }

    /// The projection, as lines for the summary.
    pub fn report(&self, total: Duration, cores: usize, servers: usize) -> Vec<String> {
        if self.per_server.is_empty() || servers == 0 {
            return vec![
                "no per-server costs were measured (the checks that record them did not run)"
                    .into(),
            ];
        }
        let cores = cores.max(1) as f64;
        let mut lines = Vec::new();
        let mut kinds: BTreeMap<&str, f64> = BTreeMap::new();
        let mut sum = 0.0;
        for (package, costs) in &self.per_server {
            let cpu: f64 = costs.values().sum();
            sum += cpu / cores;
            for (what, s) in costs {
                *kinds.entry(what).or_default() += s;
            }
            let parts: Vec<String> = costs.iter().map(|(w, s)| format!("{w} {s:.1}")).collect();
            lines.push(format!(
                "  {package}: {:.1} s ({} s of work over {cores} cores)",
                cpu / cores,
                parts.join(", ")
            ));
        }
        let total = total.as_secs_f64();
        let fixed = (total - sum).max(0.0);
        let mean = sum / servers as f64;
        let projected = fixed + mean * PLANNED_SERVERS as f64;
        let parts: Vec<String> = kinds
            .iter()
            .map(|(w, s)| format!("{w} {:.1}", s / servers as f64 / cores))
            .collect();
        lines.insert(
            0,
            format!(
                "projection for {PLANNED_SERVERS} servers: fixed {:.1} min + {PLANNED_SERVERS} x {mean:.1} s per server ({}) = {:.1} min (this run: {:.1} min, {servers} servers)",
                fixed / 60.0,
                parts.join(", "),
                projected / 60.0,
                total / 60.0
            ),
        );
        lines
    }
}

/// (package, seconds) of every compile unit in the newest cargo timings report.
fn newest_timings(target_dir: &Path) -> Option<Vec<(String, f64)>> {
    let dir = target_dir.join("cargo-timings");
    let newest = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with("cargo-timing-") && n.ends_with(".html"))
        })
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())?;
    let html = std::fs::read_to_string(newest.path()).ok()?;
    units(&html)
}

/// The `UNIT_DATA` array of a cargo timings report: (package, seconds) per unit.
#[allow(
    clippy::string_slice,
    reason = "an index from `find`: a character boundary"
)]
fn units(html: &str) -> Option<Vec<(String, f64)>> {
    let start = html.find("const UNIT_DATA = ")? + "const UNIT_DATA = ".len();
    let data: Value = serde_json::Deserializer::from_str(&html[start..])
        .into_iter::<Value>()
        .next()?
        .ok()?;
    Some(
        data.as_array()?
            .iter()
            .filter_map(|u| Some((u["name"].as_str()?.to_owned(), u["duration"].as_f64()?)))
            .collect(),
    )
}

/// A nextest result line (`PASS [   0.244s] (12/1029) slack-mcp-server::slack users::x`):
/// the package and the seconds.
pub fn nextest_line(line: &str) -> Option<(String, f64)> {
    let rest = line.trim_start();
    let rest = ["PASS [", "FAIL [", "SLOW [", "FLAKY ["]
        .iter()
        .find_map(|p| rest.strip_prefix(p))?;
    let (secs, rest) = rest.split_once("s]")?;
    let seconds: f64 = secs.trim().parse().ok()?;
    let (_, rest) = rest.split_once(") ")?;
    let package = rest.split("::").next()?.trim();
    Some((package.to_owned(), seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_units_from_a_timings_report() {
        let html = "<script>\nconst UNIT_DATA = [\n  {\"i\": 1, \"name\": \"slack-mcp-server\", \"duration\": 3.5},\n  {\"i\": 2, \"name\": \"tokio\", \"duration\": 8.25}\n];\nconst CONCURRENCY_DATA = [];";
        assert_eq!(
            units(html),
            Some(vec![
                ("slack-mcp-server".to_owned(), 3.5),
                ("tokio".to_owned(), 8.25)
            ])
        );
        assert_eq!(units("no report"), None);
    }

    #[test]
    fn reads_nextest_lines() {
        assert_eq!(
            nextest_line(
                "        PASS [   0.244s] (1029/1029) slack-mcp-server::slack users::user_get_info"
            ),
            Some(("slack-mcp-server".to_owned(), 0.244))
        );
        assert_eq!(
            nextest_line("        FAIL [  12.000s] (   3/9) mcp-shared::shared auth::x"),
            Some(("mcp-shared".to_owned(), 12.0))
        );
        assert_eq!(
            nextest_line("     Summary [ 354.044s] 1029 tests run"),
            None
        );
    }

    #[test]
    fn projects_fixed_plus_mean_per_server() {
        let mut c = Costs::default();
        c.add("a-mcp-server", "build", 20.0);
        c.add("b-mcp-server", "build", 10.0);
        c.add("b-mcp-server", "tests", 10.0);
        // 2 cores: a costs 10 s, b 10 s; the run took 120 s, so 100 s are fixed.
        let lines = c.report(Duration::from_secs(120), 2, 2);
        assert!(
            lines[0].contains("fixed 1.7 min + 77 x 10.0 s per server")
                && lines[0].contains("= 14.5 min"),
            "{}",
            lines[0]
        );
    }
}
