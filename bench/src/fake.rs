//! The server's smoke call, and the fake vendor that answers every request with its body.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use serde_json::{Value, json};

pub struct Smoke {
    pub tool: String,
    pub arguments: Value,
    pub body: Arc<String>,
}

pub fn load_smoke(path: &PathBuf) -> Result<Smoke> {
    let v: Value = serde_json::from_str(
        &std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?,
    )?;
    Ok(Smoke {
        tool: v["tool"].as_str().context("smoke.json: tool")?.to_owned(),
        arguments: v.get("arguments").cloned().unwrap_or(json!({})),
        body: Arc::new(
            v.get("upstream_body")
                .cloned()
                .unwrap_or(json!({}))
                .to_string(),
        ),
    })
}

/// The fake vendor: answers every request with the smoke body after `delay_ms`.
pub async fn start_fake(body: Arc<String>, delay_ms: Arc<AtomicU64>) -> Result<String> {
    let app = axum::Router::new().fallback(move || {
        let body = body.clone();
        let delay = delay_ms.load(Ordering::Relaxed);
        async move {
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                (*body).clone(),
            )
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{addr}"))
}
