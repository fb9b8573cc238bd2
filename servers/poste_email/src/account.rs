//! The mailbox account of a call: its address, password, IMAP and SMTP servers and how they
//! are secured, from the request's credentials (`x-auth-data` / `AUTH_DATA`, the fields of
//! Klavis's Toolathlon variant) or from the operator's configuration file (the local form's
//! `--config-file`); and the server's process state.

use std::sync::Arc;
use std::time::Duration;

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Pools, Secret, Settings, State, ToolError};
use serde_json::{Map, Value};

use crate::net::Conn;
pub use crate::net::{Endpoint, Security};

pub const CONFIG_FILE: &str = "config-file";
pub const DOWNLOAD_DIR: &str = "attachment-download-path";
pub const CA_FILE: &str = "ca-file";

/// The account of a call. Debug never shows the password.
#[derive(Clone)]
pub struct Account {
    pub email: String,
    pub password: Secret,
    pub name: Option<String>,
    pub imap: Endpoint,
    pub smtp: Endpoint,
    /// The whole credential, as the key of this account's connection pool.
    pub key: Secret,
}

impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Account")
            .field("imap_port", &self.imap.port)
            .field("smtp_port", &self.smtp.port)
            .finish_non_exhaustive()
    }
}

/// The server's process state: the workspace jail, the connection pools (one per account),
/// the configured account of the local form, and the operator's host list.
pub struct Mail {
    pub workspace: Workspace,
    pub pools: Arc<Pools<Arc<Conn>>>,
    pub configured: Option<Map<String, Value>>,
    pub tenant_hosts: Vec<String>,
    pub download_dir: String,
    /// Extra trusted roots (PEM certificates of `--ca-file`), for self-hosted servers.
    pub extra_roots: Vec<rustls::pki_types::CertificateDer<'static>>,
}

impl Mail {
    pub fn of(ctx: &Ctx) -> Result<&Mail, ToolError> {
        ctx.state::<Mail>()
    }

    /// The account of this call: the request's credentials, else the configuration file.
    pub fn account(&self, ctx: &Ctx) -> Result<Account, ToolError> {
        let from_request = ctx
            .credentials()
            .and_then(|c| c.field("password").map(|_| c))
            .map(|c| {
                let mut m = Map::new();
                for f in FIELDS {
                    if let Some(v) = c.field(f) {
                        m.insert((*f).to_owned(), v.clone());
                    }
                }
                m
            });
        let map = match (from_request, &self.configured) {
            (Some(m), _) => m,
            (None, Some(m)) => m.clone(),
            (None, None) => {
                return Err(ToolError::invalid_input(
                    "No mail account for this call: send x-auth-data (or set AUTH_DATA) with `email`, `password`, `imap_server`, `smtp_server` (and `imap_port`, `smtp_port`, `use_ssl`, `use_starttls`, `name`), or start the server with --config-file.",
                ));
            }
        };
        parse(&map)
    }
}

const FIELDS: &[&str] = &[
    "email",
    "password",
    "name",
    "imap_server",
    "imap_port",
    "smtp_server",
    "smtp_port",
    "use_ssl",
    "use_starttls",
];

fn text(m: &Map<String, Value>, k: &str) -> Option<String> {
    match m.get(k)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn flag(m: &Map<String, Value>, k: &str) -> Result<Option<bool>, ToolError> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Ok(Some(true)),
            "false" | "0" | "no" | "" => Ok(Some(false)),
            _ => Err(ToolError::invalid_input(format!(
                "The credential field `{k}` must be true or false."
            ))),
        },
        Some(Value::Number(n)) => Ok(Some(n.as_i64() != Some(0))),
        Some(_) => Err(ToolError::invalid_input(format!(
            "The credential field `{k}` must be true or false."
        ))),
    }
}

fn missing(k: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "The mail account lacks `{k}`: send it in x-auth-data (or AUTH_DATA, or the --config-file)."
    ))
}

/// `host` or `host:port` of a server field, and the port field.
fn endpoint(
    m: &Map<String, Value>,
    host_field: &str,
    port_field: &str,
    security: Security,
    default_port: u16,
) -> Result<Endpoint, ToolError> {
    let raw = text(m, host_field).ok_or_else(|| missing(host_field))?;
    let (host, inline_port) = match raw.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') || h.ends_with(']') => match p.parse::<u16>() {
            Ok(p) => (h.to_owned(), Some(p)),
            Err(_) => (raw.clone(), None),
        },
        _ => (raw.clone(), None),
    };
    let port = match text(m, port_field) {
        Some(p) => p.parse::<u16>().ok().filter(|p| *p > 0).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "The credential field `{port_field}` must be a port number (1-65535)."
            ))
        })?,
        None => inline_port.unwrap_or(default_port),
    };
    if host.is_empty() || host.chars().any(|c| c.is_whitespace() || c == '/') {
        return Err(ToolError::invalid_input(format!(
            "The credential field `{host_field}` must be a host name or address."
        )));
    }
    Ok(Endpoint {
        host,
        port,
        security,
    })
}

pub fn parse(m: &Map<String, Value>) -> Result<Account, ToolError> {
    let email = text(m, "email").ok_or_else(|| missing("email"))?;
    let password = text(m, "password").ok_or_else(|| missing("password"))?;
    let use_ssl = flag(m, "use_ssl")?;
    let use_starttls = flag(m, "use_starttls")?.unwrap_or(false);
    // Klavis's emails-mcp: SSL on unless turned off; STARTTLS when asked and SSL is off.
    let security = match (use_ssl.unwrap_or(true), use_starttls) {
        (true, _) => Security::Tls,
        (false, true) => Security::StartTls,
        (false, false) => Security::Plain,
    };
    let (imap_default, smtp_default) = match security {
        Security::Tls => (993, 465),
        Security::StartTls => (143, 587),
        Security::Plain => (143, 25),
    };
    let imap = endpoint(m, "imap_server", "imap_port", security, imap_default)?;
    let smtp = endpoint(m, "smtp_server", "smtp_port", security, smtp_default)?;
    let key = Secret::new(serde_json::to_string(m).unwrap_or_default());
    Ok(Account {
        email,
        password: Secret::new(password),
        name: text(m, "name"),
        imap,
        smtp,
        key,
    })
}

/// Read the local form's configuration file (a JSON object with the account's fields).
fn read_config(path: &str) -> Result<Map<String, Value>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--config-file {path} cannot be read: {e}"))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| format!("--config-file {path} is not JSON: {e}"))?;
    let Value::Object(m) = v else {
        return Err(format!(
            "--config-file {path} must hold a JSON object (email, password, imap_server, ...)"
        ));
    };
    parse(&m).map_err(|e| format!("--config-file {path}: {}", e.message))?;
    Ok(m)
}

fn read_roots(path: &str) -> Result<Vec<rustls::pki_types::CertificateDer<'static>>, String> {
    use rustls::pki_types::pem::PemObject;
    let certs: Result<Vec<_>, _> = rustls::pki_types::CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("--ca-file {path} cannot be read: {e}"))?
        .collect();
    let certs = certs.map_err(|e| format!("--ca-file {path} is not PEM: {e}"))?;
    if certs.is_empty() {
        return Err(format!("--ca-file {path} holds no certificate"));
    }
    Ok(certs)
}

/// The state, with the workspace the operator chose.
pub fn make_state(settings: &Settings) -> Result<State, String> {
    let ws = Workspace::from_settings(settings)?;
    state_in(settings, ws)
}

/// The state with a given workspace (tests give a scratch one).
pub fn state_in(settings: &Settings, workspace: Workspace) -> Result<State, String> {
    mcp_shared::tls::install_crypto_provider();
    let configured = settings.option(CONFIG_FILE).map(read_config).transpose()?;
    let extra_roots = match settings.option(CA_FILE) {
        Some(p) => read_roots(p)?,
        None => Vec::new(),
    };
    Ok(Arc::new(Mail {
        workspace,
        pools: Pools::new(64, Duration::from_secs(300)),
        configured,
        tenant_hosts: settings.tenant_hosts.clone(),
        download_dir: settings.option(DOWNLOAD_DIR).unwrap_or(".").to_owned(),
        extra_roots,
    }))
}
