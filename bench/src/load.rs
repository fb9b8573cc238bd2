//! One load run: concurrent tools/list or tools/call through the server, or the fake vendor
//! directly (the floor), with its throughput, latency percentiles and errors.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use serde_json::json;

use crate::fake::Smoke;
use crate::mcp::{Mcp, request_params, sessionless};

#[derive(Clone, Copy, PartialEq)]
pub enum Target {
    /// tools/call of the smoke tool, through the server
    ToolCall,
    /// tools/list, through the server
    ToolsList,
    /// the fake upstream directly: the floor
    Floor,
}

pub struct Stats {
    pub rps: f64,
    pub p50: Duration,
    pub p99: Duration,
    pub errors: usize,
}

#[allow(clippy::too_many_arguments)]
pub async fn load(
    target: Target,
    url: &str,
    fake: &str,
    smoke: &Smoke,
    concurrency: usize,
    calls: usize,
    stateless: bool,
    protocol: &str,
) -> Result<Stats> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency.max(1))
        .build()?;
    let per = calls.div_ceil(concurrency);
    let errors = Arc::new(AtomicUsize::new(0));
    let params = request_params(
        match target {
            Target::ToolCall => json!({"name": smoke.tool, "arguments": smoke.arguments}),
            _ => json!({}),
        },
        protocol,
    );
    let floor_url = format!("{fake}/user");
    let mut clients = Vec::new();
    for _ in 0..concurrency {
        clients.push(match target {
            Target::Floor => None,
            _ => {
                let mut c = Mcp::connect(http.clone(), url, stateless, protocol).await?;
                if sessionless(protocol) {
                    // SEP-2243: from 2026-07-28 on, a POST names its method (and tool) in
                    // headers too.
                    use reqwest::header::HeaderValue;
                    let (method, name) = match target {
                        Target::ToolCall => ("tools/call", Some(smoke.tool.as_str())),
                        _ => ("tools/list", None),
                    };
                    c.headers
                        .insert("mcp-method", HeaderValue::from_static(method));
                    if let Some(v) = name.and_then(|n| HeaderValue::from_str(n).ok()) {
                        c.headers.insert("mcp-name", v);
                    }
                }
                Some(c)
            }
        });
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client in clients {
        let (http, floor_url, params, errors) = (
            http.clone(),
            floor_url.clone(),
            params.clone(),
            errors.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::with_capacity(per);
            for i in 0..per {
                let t = Instant::now();
                let ok = match (&client, target) {
                    (Some(c), Target::ToolCall) => {
                        c.call(i as u64 + 1, "tools/call", &params).await.is_ok()
                    }
                    (Some(c), _) => c.call(i as u64 + 1, "tools/list", &params).await.is_ok(),
                    (None, _) => match http.get(&floor_url).send().await {
                        Ok(r) => r.bytes().await.is_ok(),
                        Err(_) => false,
                    },
                };
                if !ok {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
                lat.push(t.elapsed());
            }
            if let Some(c) = &client {
                let _ = c.close().await;
            }
            lat
        }));
    }
    let mut all = Vec::with_capacity(calls);
    for t in tasks {
        all.extend(t.await?);
    }
    let elapsed = started.elapsed();
    all.sort_unstable();
    let pick = |q: f64| {
        all.get(((all.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    Ok(Stats {
        rps: all.len() as f64 / elapsed.as_secs_f64(),
        p50: pick(0.50),
        p99: pick(0.99),
        errors: errors.load(Ordering::Relaxed),
    })
}
