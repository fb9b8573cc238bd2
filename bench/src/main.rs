//! `bench`: how fast a server starts, how much memory it holds, and how much throughput and
//! latency it costs over calling the vendor directly (the "floor", measured in the same run on
//! the same machine). Prints figures; passes or fails nothing.
//!
//! Run through `cargo xtask bench [SERVER]`, which builds the release binaries first.

mod args;
mod fake;
mod latest;
mod load;
mod mcp;
mod procfs;
mod report;
mod server;
mod sessions;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Result;
use clap::Parser;

use args::Args;
use fake::{load_smoke, start_fake};
use load::{Target, load};
use mcp::PROTOCOL;
use procfs::{cpu_secs, rss_kib};
use report::{Runs, min_med_max, ms};
use server::{cold_start_http, cold_start_stdio, cold_wait, spawn_http};
use sessions::sessions_memory;

#[tokio::main]
async fn main() -> Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let a = Args::parse();
    let smoke = load_smoke(&a.smoke)?;
    let delay = Arc::new(AtomicU64::new(0));
    let fake = start_fake(smoke.body.clone(), delay.clone()).await?;
    let n = a.repeat.max(1);

    println!(
        "# {} ({} repetitions; {} calls per load run)\n",
        a.server.display(),
        n,
        a.calls
    );
    let size = std::fs::metadata(&a.server)?.len();
    println!("release binary: {:.2} MiB\n", size as f64 / 1048576.0);
    let env: Vec<String> = a
        .server_env
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    println!(
        "client protocol {}; server arguments: {}; server environment: {}\n",
        a.protocol,
        if a.server_args.is_empty() {
            "-".to_owned()
        } else {
            a.server_args.join(" ")
        },
        if env.is_empty() {
            "-".to_owned()
        } else {
            env.join(" ")
        },
    );

    if !a.survey.is_empty() {
        println!(
            "| cold-start survey | HTTP initialize answered | --version | ratio |\n|---|---|---|---|"
        );
    }
    let cold = latest::survey(&a, &fake).await?;
    if !cold.is_empty() {
        println!();
    }
    let mut calls64 = latest::Calls::default();

    if !a.no_cold_start {
        let mut stdio = Vec::new();
        let mut http = Vec::new();
        for _ in 0..n.max(10) {
            stdio.push(ms(cold_start_stdio(&a, &fake)?));
            http.push(ms(cold_start_http(&a, &fake).await?));
        }
        let (s0, s1, s2) = min_med_max(stdio);
        let (h0, h1, h2) = min_med_max(http);
        println!(
            "| cold start to first initialize answer | min | median | max |\n|---|---|---|---|"
        );
        println!("| stdio | {s0:.1} ms | {s1:.1} ms | {s2:.1} ms |");
        println!("| HTTP (process start, bind, answer) | {h0:.1} ms | {h1:.1} ms | {h2:.1} ms |\n");
    }

    let loads = a.what.iter().any(|w| w == "list" || w == "call");
    for &latency in a.latency_ms.iter().filter(|_| loads) {
        delay.store(latency, Ordering::Relaxed);
        println!("## upstream latency {latency} ms\n");
        println!(
            "| mode | what | concurrency | req/s min / median / max | p50 | p99 | ratio to floor | server CPU per call | errors |\n|---|---|---|---|---|---|---|---|---|"
        );
        for stateless in [false, true] {
            let mode = if stateless { "stateless" } else { "sessions" };
            if !a.modes.iter().any(|m| m == mode) {
                continue;
            }
            let server = spawn_http(&a, &fake, if stateless { &["--stateless"] } else { &[] })?;
            cold_wait(&server).await?;
            let pid = server.child.id();
            for &c in &a.concurrency {
                // With a slow upstream, keep each run to about 3 s.
                let calls = if latency > 0 {
                    a.calls.min(c * (3000 / latency as usize).max(1))
                } else {
                    a.calls
                };
                let targets: &[(Target, &str, &str)] = if latency == 0 {
                    &[
                        (Target::ToolsList, "tools/list", "list"),
                        (Target::ToolCall, "tools/call", "call"),
                    ]
                } else {
                    &[(Target::ToolCall, "tools/call", "call")]
                };
                let targets: Vec<_> = targets
                    .iter()
                    .filter(|(_, _, short)| a.what.iter().any(|w| w == short))
                    .collect();
                // Repetitions are interleaved (floor, then each target, then again), and each
                // ratio compares a run with the floor run just before it: the machine's speed
                // drifts over minutes, and a floor measured minutes apart would skew the ratio.
                // One unrecorded pass first: a fresh server, and the load generator's first runs,
                // pay one-off costs (page faults, allocator growth, connection set-up) that would
                // otherwise land on whichever mode is measured first.
                let warm = calls.min(2000);
                load(
                    Target::Floor,
                    &server.url,
                    &fake,
                    &smoke,
                    c,
                    warm,
                    stateless,
                    &a.protocol,
                )
                .await?;
                for &&(t, _, _) in &targets {
                    load(
                        t,
                        &server.url,
                        &fake,
                        &smoke,
                        c,
                        warm,
                        stateless,
                        &a.protocol,
                    )
                    .await?;
                }
                let mut floor = Runs::default();
                let mut runs: Vec<Runs> = targets.iter().map(|_| Runs::default()).collect();
                for _ in 0..n {
                    let own_before = cpu_secs(std::process::id());
                    let f = load(
                        Target::Floor,
                        &server.url,
                        &fake,
                        &smoke,
                        c,
                        calls,
                        stateless,
                        &a.protocol,
                    )
                    .await?;
                    let own = (cpu_secs(std::process::id()) - own_before) * 1e6 / calls as f64;
                    floor.push(&f, f.rps, None, own);
                    for (&&(t, _, _), r) in targets.iter().zip(&mut runs) {
                        let before = cpu_secs(pid);
                        let own_before = cpu_secs(std::process::id());
                        let st = load(
                            t,
                            &server.url,
                            &fake,
                            &smoke,
                            c,
                            calls,
                            stateless,
                            &a.protocol,
                        )
                        .await?;
                        let server_cpu = (cpu_secs(pid) - before) * 1e6 / calls as f64;
                        let own = (cpu_secs(std::process::id()) - own_before) * 1e6 / calls as f64;
                        r.push(&st, f.rps, Some(server_cpu), own);
                    }
                }
                for (&&(t, name, _), r) in targets.iter().zip(&mut runs) {
                    r.print(mode, name, c, calls);
                    if c == 64 && latency == 0 && t == Target::ToolCall {
                        let (ratio, cpu) = r.medians();
                        if stateless {
                            calls64.stateless_ratio = Some(ratio);
                            calls64.cpu_us_per_call = cpu;
                        } else {
                            calls64.sessions_ratio = Some(ratio);
                        }
                    }
                }
                floor.print(mode, "floor (direct)", c, calls);
            }
        }
        println!();
    }

    if let Some(path) = &a.latest {
        latest::write(path, &latest::figures(&a, &cold, &calls64))?;
        println!("figures written to {}\n", path.display());
    }

    if a.what.iter().any(|w| w == "sessions") {
        delay.store(0, Ordering::Relaxed);
        sessions_memory(&a, &fake, &smoke).await?;
    }

    if a.soak == 0 {
        return Ok(());
    }
    delay.store(0, Ordering::Relaxed);
    let server = spawn_http(&a, &fake, &[])?;
    cold_wait(&server).await?;
    let pid = server.child.id();
    let idle = rss_kib(pid);
    load(
        Target::ToolCall,
        &server.url,
        &fake,
        &smoke,
        64,
        10_000,
        false,
        PROTOCOL,
    )
    .await?;
    let after_10k = rss_kib(pid);
    let rest = a.soak.saturating_sub(10_000);
    if rest > 0 {
        load(
            Target::ToolCall,
            &server.url,
            &fake,
            &smoke,
            64,
            rest,
            false,
            PROTOCOL,
        )
        .await?;
    }
    let after_all = rss_kib(pid);
    println!(
        "| memory (RSS) | idle | after 10k calls | after {}k calls |\n|---|---|---|---|",
        a.soak / 1000
    );
    println!(
        "| HTTP, 64 sessions | {:.1} MiB | {:.1} MiB | {:.1} MiB |",
        idle as f64 / 1024.0,
        after_10k as f64 / 1024.0,
        after_all as f64 / 1024.0
    );
    Ok(())
}
