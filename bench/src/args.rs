//! The command line: which server to measure, against which smoke call, and what to measure.

use std::path::PathBuf;

use clap::Parser;

#[derive(Parser, Debug, Clone)]
#[command(about = "Benchmark one MCP server binary against a local fake upstream")]
pub struct Args {
    /// The server binary (a release build)
    #[arg(long)]
    pub server: PathBuf,
    /// Service name: sets <SERVICE>_API_BASE_URL to the fake
    #[arg(long)]
    pub service: String,
    /// The server's smoke.json: {"tool", "arguments", "upstream_body"}
    #[arg(long)]
    pub smoke: PathBuf,
    /// Repetitions of each measurement (min/median/max are printed)
    #[arg(long, default_value_t = 5)]
    pub repeat: usize,
    /// Tool calls per load measurement
    #[arg(long, default_value_t = 4000)]
    pub calls: usize,
    /// Calls of the memory soak (RSS is read after 10k and at the end)
    #[arg(long, default_value_t = 100_000)]
    pub soak: usize,
    /// Upstream latencies to measure, in ms
    #[arg(long, value_delimiter = ',', default_value = "0,50")]
    pub latency_ms: Vec<u64>,
    /// Concurrency levels
    #[arg(long, value_delimiter = ',', default_value = "1,8,64")]
    pub concurrency: Vec<usize>,
    /// What to measure: `list` (tools/list, at 0 ms), `call` (tools/call), `sessions` (the
    /// memory an idle session holds, and what closing it gives back; see `--sessions`)
    #[arg(long, value_delimiter = ',', default_value = "list,call")]
    pub what: Vec<String>,
    /// `--what sessions`: how many sessions to open (one initialize and its `initialized`
    /// notification each), each count on a fresh server
    #[arg(long, value_delimiter = ',', default_value = "1000,10000")]
    pub sessions: Vec<usize>,
    /// `--what sessions`: how long the sessions stay idle before their RSS is read again
    /// (the servers park a session after 5 s without a request: `MCP_SESSION_PARK_SECS`)
    #[arg(long, default_value_t = 10)]
    pub idle_secs: u64,
    /// The protocol revision the client speaks. From 2026-07-28 on there is no handshake and
    /// no session: every request carries its revision and capabilities in `_meta`.
    #[arg(long, default_value = "2025-06-18")]
    pub protocol: String,
    /// HTTP modes: `sessions`, `stateless`
    #[arg(long, value_delimiter = ',', default_value = "sessions,stateless")]
    pub modes: Vec<String>,
    /// An extra argument for the server (repeat it), e.g. `--server-arg=--json-response`
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    pub server_args: Vec<String>,
    /// An environment variable for the server, `NAME=VALUE` (repeat it), e.g.
    /// `--server-env MCP_DIRECT=false`
    #[arg(long = "server-env", value_parser = parse_env)]
    pub server_env: Vec<(String, String)>,
    /// Skip the cold-start measurement
    #[arg(long)]
    pub no_cold_start: bool,
    /// A server of the cold-start survey, `SERVICE=BINARY` (repeat it): each one's HTTP cold
    /// start against its own `--version`, medians of `--repeat` runs (at least 10)
    #[arg(long = "survey", value_parser = parse_env)]
    pub survey: Vec<(String, String)>,
    /// Write the run's figures (the survey's and the tools/call ratios at concurrency 64 and
    /// 0 ms upstream) as JSON to this file
    #[arg(long)]
    pub latest: Option<PathBuf>,
    /// For `--latest`: the commit measured
    #[arg(long, default_value = "")]
    pub commit: String,
    /// For `--latest`: the command that produced the figures
    #[arg(long, default_value = "")]
    pub command: String,
}

fn parse_env(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{s}`: expected NAME=VALUE"))
}
