//! `--what sessions`: the memory idle sessions hold, what closing them gives back, and the CPU
//! a call on a parked session costs.

use std::time::Duration;

use anyhow::Result;
use serde_json::json;

use crate::args::Args;
use crate::fake::Smoke;
use crate::mcp::{Mcp, PROTOCOL, request_params};
use crate::procfs::{cpu_secs, rss_kib};
use crate::report::cpu_per_call;
use crate::server::{cold_wait, spawn_http};

/// Open `n` sessions (initialize, then the `initialized` notification), 16 at a time.
async fn open_sessions(http: &reqwest::Client, url: &str, n: usize) -> Result<Vec<Mcp>> {
    const AT_ONCE: usize = 16;
    let mut tasks = Vec::new();
    for k in 0..AT_ONCE {
        let (http, url) = (http.clone(), url.to_owned());
        let mine = n / AT_ONCE + usize::from(k < n % AT_ONCE);
        tasks.push(tokio::spawn(async move {
            let mut open = Vec::with_capacity(mine);
            for _ in 0..mine {
                open.push(Mcp::connect(http.clone(), &url, false, PROTOCOL).await?);
            }
            anyhow::Ok(open)
        }));
    }
    let mut all = Vec::with_capacity(n);
    for t in tasks {
        all.extend(t.await??);
    }
    Ok(all)
}

/// One `tools/call` on each session, 16 at a time; the server's CPU time per call, in µs.
async fn calls_cpu(pid: u32, sessions: &[Mcp], params: &str) -> Result<f64> {
    let before = cpu_secs(pid);
    let per = sessions.len().div_ceil(16).max(1);
    let mut tasks = Vec::new();
    for chunk in sessions.chunks(per) {
        let (chunk, params) = (chunk.to_vec(), params.to_owned());
        tasks.push(tokio::spawn(async move {
            for (i, s) in chunk.iter().enumerate() {
                s.call(i as u64 + 1, "tools/call", &params).await?;
            }
            anyhow::Ok(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    Ok((cpu_secs(pid) - before) * 1e6 / sessions.len().max(1) as f64)
}

/// DELETE every session, 16 at a time; how many answers were not 200.
async fn close_sessions(sessions: Vec<Mcp>) -> Result<usize> {
    let per = sessions.len().div_ceil(16).max(1);
    let mut tasks = Vec::new();
    let mut sessions = sessions.into_iter().peekable();
    while sessions.peek().is_some() {
        let chunk: Vec<Mcp> = sessions.by_ref().take(per).collect();
        tasks.push(tokio::spawn(async move {
            let mut bad = 0;
            for s in &chunk {
                if s.close().await != Some(reqwest::StatusCode::OK) {
                    bad += 1;
                }
            }
            bad
        }));
    }
    let mut bad = 0;
    for t in tasks {
        bad += t.await?;
    }
    Ok(bad)
}

/// `--what sessions`: for each count N, on a fresh server: the RSS before; with N sessions
/// just opened; after they stayed idle for `--idle-secs`; after N more were opened and stayed
/// idle as long (the cost of N more idle sessions once the allocator holds the memory of the
/// first N's workers: what an idle session costs a long-running server); and after all 2N
/// were DELETEd.
pub async fn sessions_memory(a: &Args, fake: &str, smoke: &Smoke) -> Result<()> {
    println!("## idle sessions\n");
    println!(
        "| sessions N | RSS before | N just opened: RSS, per session | N idle {0} s | 2N idle {0} s: RSS, per idle session (2N - N) | after DELETE of all 2N | DELETE not 200 |\n|---|---|---|---|---|---|---|",
        a.idle_secs
    );
    let mib = |kib: u64| format!("{:.1} MiB", kib as f64 / 1024.0);
    // Settle: let the server's timers and the allocator's deferred frees run.
    let settle = || tokio::time::sleep(Duration::from_secs(2));
    let idle = || tokio::time::sleep(Duration::from_secs(a.idle_secs));
    let mut calls = Vec::new();
    for &n in &a.sessions {
        let server = spawn_http(a, fake, &[])?;
        cold_wait(&server).await?;
        let pid = server.child.id();
        let http = reqwest::Client::builder()
            .pool_max_idle_per_host(16)
            .build()?;
        // One-off costs first (worker threads' heaps, the connection pool, lazy statics).
        let warm = open_sessions(&http, &server.url, 64).await?;
        close_sessions(warm).await?;
        settle().await;
        let before = rss_kib(pid);
        let first = open_sessions(&http, &server.url, n).await?;
        settle().await;
        let opened = rss_kib(pid);
        idle().await;
        let idle_n = rss_kib(pid);
        let second = open_sessions(&http, &server.url, n).await?;
        idle().await;
        let idle_2n = rss_kib(pid);
        // A call on each parked session (which restores it), then one more on each (live).
        let params = request_params(
            json!({"name": smoke.tool, "arguments": smoke.arguments}),
            PROTOCOL,
        );
        let restore_cpu = calls_cpu(pid, &first, &params).await?;
        let live_cpu = calls_cpu(pid, &first, &params).await?;
        let bad = close_sessions(first).await? + close_sessions(second).await?;
        settle().await;
        let closed = rss_kib(pid);
        let per = |kib: u64, from: u64| {
            let b = (kib.saturating_sub(from) * 1024) as f64 / n.max(1) as f64;
            format!("{:.1} kB ({:.1} KiB)", b / 1000.0, b / 1024.0)
        };
        calls.push(format!(
            "| {n} | {} | {} |",
            cpu_per_call(restore_cpu, n),
            cpu_per_call(live_cpu, n)
        ));
        println!(
            "| {n} | {} | {}, {} | {} | {}, {} | {} | {bad} |",
            mib(before),
            mib(opened),
            per(opened, before),
            mib(idle_n),
            mib(idle_2n),
            per(idle_2n, idle_n),
            mib(closed),
        );
    }
    println!(
        "\n| sessions N | server CPU per tools/call on each of the first N, idle {} s (parked ones are restored) | the same again at once (live) |\n|---|---|---|",
        a.idle_secs
    );
    for row in calls {
        println!("{row}");
    }
    println!();
    Ok(())
}
