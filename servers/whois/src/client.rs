//! The WHOIS client (RFC 3912): connect to port 43, send the query and CRLF, read the answer
//! until the server closes the connection; bounded in time and size.

use std::sync::Arc;
use std::time::Duration;

use mcp_shared::{Settings, State, ToolError};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The option that sends every query to one WHOIS server (a local proxy, a test fake).
pub const SERVER_OPTION: &str = "server";

/// Where every lookup starts.
pub const ROOT: &str = "whois.iana.org";
pub const PORT: u16 = 43;
/// Largest answer read from one server (real ones are a few KiB).
const MAX_REPLY_BYTES: usize = 256 * 1024;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The server's state: where queries go and how long they may take.
pub struct Whois {
    /// `--server` / `WHOIS_SERVER` (`whois://host:port`): every query (IANA's and each referral's)
    /// is sent to this server instead, e.g. a local WHOIS proxy or a test fake; answers still
    /// name the server each query was meant for.
    connect_to: Option<String>,
    connect_timeout: Duration,
    /// One server's answer, connection included, and also the whole lookup.
    pub timeout: Duration,
    max_reply: usize,
}

pub fn make_state(settings: &Settings) -> Result<State, String> {
    let connect_to = settings
        .option(SERVER_OPTION)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(override_address)
        .transpose()?;
    Ok(Arc::new(Whois {
        connect_to,
        connect_timeout: CONNECT_TIMEOUT.min(settings.upstream_timeout),
        timeout: settings.upstream_timeout,
        max_reply: MAX_REPLY_BYTES,
    }))
}

/// `whois://host:port`, `whois://host` or `host[:port]` as `host:port` (port 43 by default).
fn override_address(s: &str) -> Result<String, String> {
    let rest = s
        .strip_prefix("whois://")
        .unwrap_or(s)
        .trim_end_matches('/');
    let url = url::Url::parse(&format!("whois://{rest}"))
        .map_err(|e| format!("WHOIS_SERVER `{s}` is not whois://host[:port]: {e}"))?;
    match url.host_str() {
        Some(host) if url.path().is_empty() || url.path() == "/" => {
            Ok(format!("{host}:{}", url.port().unwrap_or(PORT)))
        }
        _ => Err(format!("WHOIS_SERVER `{s}` is not whois://host[:port]")),
    }
}

impl Whois {
    /// Send `query` to `server` (`host` or `host:port`) and return its answer.
    pub async fn ask(&self, server: &str, query: &str) -> Result<String, ToolError> {
        let address = match &self.connect_to {
            Some(a) => a.clone(),
            None if server.contains(':') => server.to_owned(),
            None => format!("{server}:{PORT}"),
        };
        let connect = tokio::time::timeout(self.connect_timeout, TcpStream::connect(&address));
        let mut stream = match connect.await {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => {
                return Err(ToolError::transport(format!(
                    "Cannot connect to WHOIS server {server} ({address}): {e}."
                )));
            }
            Err(_) => {
                return Err(ToolError::transport(format!(
                    "WHOIS server {server} ({address}) did not accept a connection within {} s.",
                    self.connect_timeout.as_secs()
                )));
            }
        };
        let exchange = async {
            stream.write_all(format!("{query}\r\n").as_bytes()).await?;
            let mut buf = Vec::new();
            let limit = u64::try_from(self.max_reply).unwrap_or(u64::MAX) + 1;
            (&mut stream).take(limit).read_to_end(&mut buf).await?;
            Ok::<_, std::io::Error>(buf)
        };
        let buf = match tokio::time::timeout(self.timeout, exchange).await {
            Ok(Ok(b)) => b,
            Ok(Err(e)) => {
                return Err(ToolError::transport(format!(
                    "WHOIS server {server} failed while answering: {e}."
                )));
            }
            Err(_) => {
                return Err(ToolError::transport(format!(
                    "WHOIS server {server} did not finish its answer within {} s.",
                    self.timeout.as_secs()
                )));
            }
        };
        if buf.len() > self.max_reply {
            return Err(ToolError::transport(format!(
                "WHOIS server {server} answered more than {} KiB; refused.",
                self.max_reply / 1024
            )));
        }
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }
}
