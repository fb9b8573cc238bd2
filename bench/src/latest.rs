//! `bench/latest.json`: the figures of one run in a form a later run on the same machine can be
//! compared with: the cold-start survey over every server (each one's HTTP cold start against
//! the same binary's `--version`, the process's own floor) and the tools/call ratios to the
//! floor at concurrency 64 with 0 ms upstream.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use crate::args::Args;
use crate::report::{median, ms};
use crate::server::cold_start_http;

/// One server's cold start.
pub struct ColdStart {
    pub service: String,
    pub http_ms: f64,
    pub version_ms: f64,
}

impl ColdStart {
    fn ratio(&self) -> f64 {
        self.http_ms / self.version_ms
    }
}

/// The tools/call figures at concurrency 64, 0 ms upstream.
#[derive(Default)]
pub struct Calls {
    pub stateless_ratio: Option<f64>,
    pub sessions_ratio: Option<f64>,
    pub cpu_us_per_call: Option<f64>,
}

/// Median time of `binary --version` (start and exit), over `n` runs.
fn version_ms(binary: &Path, n: usize) -> Result<f64> {
    let mut runs = Vec::with_capacity(n);
    for _ in 0..n {
        let started = Instant::now();
        let status = Command::new(binary)
            .arg("--version")
            .env_clear()
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .with_context(|| format!("run {} --version", binary.display()))?;
        runs.push(ms(started.elapsed()));
        anyhow::ensure!(status.success(), "{} --version failed", binary.display());
    }
    Ok(median(&mut runs))
}

/// Every server of `--survey`, one after the other: its `--version` runs and its HTTP cold
/// starts, interleaved so that a slow moment of the machine lands on both.
pub async fn survey(a: &Args, fake: &str) -> Result<Vec<ColdStart>> {
    let n = a.repeat.max(10);
    let mut out = Vec::new();
    for (service, binary) in &a.survey {
        let one = Args {
            server: PathBuf::from(binary),
            service: service.clone(),
            ..a.clone()
        };
        let mut http = Vec::with_capacity(n);
        let mut version = Vec::with_capacity(n);
        for _ in 0..n {
            version.push(version_ms(&one.server, 1)?);
            http.push(ms(cold_start_http(&one, fake).await?));
        }
        let c = ColdStart {
            service: service.clone(),
            http_ms: median(&mut http),
            version_ms: median(&mut version),
        };
        println!(
            "| {} | {:.1} ms | {:.1} ms | {:.1} |",
            c.service,
            c.http_ms,
            c.version_ms,
            c.ratio()
        );
        out.push(c);
    }
    Ok(out)
}

/// The first line of `model name` in `/proc/cpuinfo`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_default()
}

/// The JSON of `bench/latest.json`.
pub fn figures(a: &Args, cold: &[ColdStart], calls: &Calls) -> Value {
    let mut http: Vec<f64> = cold.iter().map(|c| c.http_ms).collect();
    let mut version: Vec<f64> = cold.iter().map(|c| c.version_ms).collect();
    let mut ratios: Vec<f64> = cold.iter().map(ColdStart::ratio).collect();
    let med = |v: &mut Vec<f64>| (!v.is_empty()).then(|| median(v));
    let slowest = cold
        .iter()
        .max_by(|x, y| x.ratio().total_cmp(&y.ratio()))
        .map(|c| c.service.clone());
    let round = |x: Option<f64>, places: i32| {
        x.map(|v| {
            let f = 10f64.powi(places);
            (v * f).round() / f
        })
    };
    json!({
        "commit": a.commit,
        "date": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "machine": {
            "cores": std::thread::available_parallelism().map_or(0, |n| n.get()),
            "model": cpu_model(),
        },
        "command": a.command,
        "load_server": a.service,
        "stateless_call_c64_ratio": round(calls.stateless_ratio, 3),
        "sessions_call_c64_ratio": round(calls.sessions_ratio, 3),
        "cpu_us_per_call": round(calls.cpu_us_per_call, 1),
        "servers_surveyed": cold.len(),
        "coldstart_http_median_ms": round(med(&mut http), 2),
        "version_median_ms": round(med(&mut version), 2),
        "coldstart_ratio_median": round(med(&mut ratios), 2),
        "coldstart_ratio_max": round(ratios.iter().copied().reduce(f64::max), 2),
        "coldstart_ratio_max_server": slowest,
        "coldstart": cold.iter().map(|c| json!({
            "server": c.service,
            "http_ms": round(Some(c.http_ms), 2),
            "version_ms": round(Some(c.version_ms), 2),
            "ratio": round(Some(c.ratio()), 2),
        })).collect::<Vec<_>>(),
    })
}

/// Write the figures, pretty-printed with a final newline.
pub fn write(path: &Path, v: &Value) -> Result<()> {
    let text = serde_json::to_string_pretty(v)? + "\n";
    std::fs::write(path, text).with_context(|| format!("write {}", path.display()))
}
