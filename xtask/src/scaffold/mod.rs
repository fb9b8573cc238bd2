//! `cargo xtask new <service> [--kind rest|graphql|connector|local|tenant-host|google|microsoft]`:
//! a compiling server crate with one example tool of that kind, its contract and failure tests,
//! the one-line standard suite, README, server.json, smoke.json and generated docs. Each kind's
//! templates are in its own module; the files every kind writes alike are in `common`.

mod common;
mod connector;
mod google;
mod graphql;
mod local;
mod microsoft;
mod rest;
mod tenant_host;

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::servers::binary_of;
use common::{CARGO_TOML, LIB_RS, MAIN_RS, README, SERVER_JSON};

/// What kind of server `new` scaffolds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A REST API on a fixed host with a bearer token.
    Rest,
    /// A GraphQL API (the shared GraphQL client).
    Graphql,
    /// Not an HTTP API: a database or TCP backend reached through the server's state.
    Connector,
    /// No vendor: files in a workspace directory, every path through the shared jail.
    Local,
    /// A REST API on each tenant's own host, from a credential field, checked against the
    /// vendor's host patterns (`--base-url`: one tenant's API URL).
    TenantHost,
    /// A Google API (mcp-vendor-google: OAuth, refresh tokens, Google's errors, page tokens).
    Google,
    /// Microsoft Graph (mcp-vendor-microsoft: delegated token, Graph's errors, next links).
    Microsoft,
}

/// `--base-url`'s default (main.rs): the kinds with a base of their own use theirs instead.
const DEFAULT_BASE_URL: &str = "https://api.example.com";

/// What a kind puts into the files every kind writes.
struct Parts {
    /// The spec's lines from `base` to `credential_env` (and `state`, `options`).
    spec: &'static str,
    /// The spec's lines after `flags`, each ending in a newline.
    spec_tail: &'static str,
    /// How the vendor's error bodies are read: the spec's line, and what it names (before
    /// the spec).
    errors: &'static str,
    errors_decl: &'static str,
    example: &'static str,
    smoke: &'static str,
    deps: &'static str,
    dev_deps: &'static str,
    /// README's credentials paragraph.
    credentials: &'static str,
}

const TOKIO_DEV: &str = "tokio.workspace = true\n";

impl Kind {
    /// The tests' main.rs.
    fn tests(self) -> String {
        match self {
            Kind::Rest => fill(rest::HTTP_TESTS, &rest::TEST_PARTS),
            Kind::Graphql => fill(rest::HTTP_TESTS, &graphql::TEST_PARTS),
            Kind::Connector => connector::TESTS.to_owned(),
            Kind::Local => local::TESTS.to_owned(),
            Kind::TenantHost => tenant_host::TESTS.to_owned(),
            Kind::Google => google::TESTS.to_owned(),
            Kind::Microsoft => microsoft::TESTS.to_owned(),
        }
    }

    fn parts(self) -> Parts {
        let http = Parts {
            spec: rest::SPEC,
            spec_tail: "",
            errors: "    error_shape: Some(&ERRORS),\n",
            errors_decl: common::ERRORS,
            example: rest::EXAMPLE,
            smoke: rest::SMOKE,
            deps: "",
            dev_deps: TOKIO_DEV,
            credentials: rest::CREDENTIALS,
        };
        match self {
            Kind::Rest => http,
            Kind::Graphql => Parts {
                example: graphql::EXAMPLE,
                smoke: graphql::SMOKE,
                ..http
            },
            Kind::Connector => Parts {
                spec: connector::SPEC,
                example: connector::EXAMPLE,
                smoke: connector::SMOKE,
                deps: "tokio.workspace = true\nurl.workspace = true\n",
                dev_deps: "",
                credentials: connector::CREDENTIALS,
                errors: "",
                errors_decl: "",
                ..http
            },
            Kind::Local => Parts {
                spec: local::SPEC,
                example: local::EXAMPLE,
                smoke: local::SMOKE,
                credentials: local::CREDENTIALS,
                errors: "",
                errors_decl: "",
                ..http
            },
            Kind::TenantHost => Parts {
                spec: tenant_host::SPEC,
                example: tenant_host::EXAMPLE,
                smoke: tenant_host::SMOKE,
                credentials: tenant_host::CREDENTIALS,
                ..http
            },
            Kind::Google => Parts {
                spec: google::SPEC,
                spec_tail: google::SPEC_TAIL,
                errors: "    error_parser: mcp_vendor_google::parse_error,\n",
                errors_decl: "",
                example: google::EXAMPLE,
                smoke: google::SMOKE,
                deps: "mcp-vendor-google.workspace = true\n",
                dev_deps: "mcp-vendor-google = { workspace = true, features = [\"testkit\"] }\ntokio.workspace = true\n",
                credentials: google::CREDENTIALS,
            },
            Kind::Microsoft => Parts {
                spec: microsoft::SPEC,
                spec_tail: microsoft::SPEC_TAIL,
                errors: "    error_parser: mcp_vendor_microsoft::parse_error,\n",
                errors_decl: "",
                example: microsoft::EXAMPLE,
                smoke: microsoft::SMOKE,
                deps: "mcp-vendor-microsoft.workspace = true\n",
                dev_deps: TOKIO_DEV,
                credentials: microsoft::CREDENTIALS,
            },
        }
    }

    /// The vendor's base URL: `--base-url`, or the kind's own when that was left at its
    /// default (Graph's is fixed).
    fn base_url(self, given: &str) -> &str {
        match self {
            Kind::Google if given == DEFAULT_BASE_URL => google::DEFAULT_BASE_URL,
            Kind::TenantHost if given == DEFAULT_BASE_URL => tenant_host::DEFAULT_BASE_URL,
            Kind::Microsoft => "https://graph.microsoft.com/v1.0",
            _ => given,
        }
    }
}

/// A tenant's API URL (`https://acme.example.com/api/v2`) as the tenant-host kind's template
/// needs it: the domain every tenant's host is under (`example.com`: the host without its first
/// label when it has three or more) and the API's path (`/api/v2`, or empty).
fn tenant_parts(base_url: &str) -> Result<(String, String)> {
    let rest = base_url
        .strip_prefix("https://")
        .or_else(|| base_url.strip_prefix("http://"))
        .unwrap_or(base_url);
    let (host, path) = match rest.split_once('/') {
        Some((h, p)) => (h, format!("/{}", p.trim_end_matches('/'))),
        None => (rest, String::new()),
    };
    let host = host
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 || labels.iter().any(|l| l.is_empty()) || path.contains(['{', '}']) {
        bail!(
            "--base-url {base_url:?}: give one tenant's API URL, e.g. https://acme.example.com/api/v2"
        );
    }
    let domain = if labels.len() >= 3 {
        labels[1..].join(".")
    } else {
        host.clone()
    };
    let path = if path == "/" { String::new() } else { path };
    Ok((domain, path))
}

fn fill(t: &str, vars: &[(&str, &str)]) -> String {
    vars.iter().fold(t.to_owned(), |acc, (k, v)| {
        acc.replace(&format!("{{{{{k}}}}}"), v)
    })
}

fn title_case(service: &str) -> String {
    service
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The new crate's files (path under `servers/<service>/`, text) before rustfmt.
fn render(
    service: &str,
    display: Option<&str>,
    base_url: &str,
    kind: Kind,
) -> Result<Vec<(String, String)>> {
    let binary = binary_of(service);
    let krate = binary.replace('-', "_");
    let display = display
        .map(str::to_owned)
        .unwrap_or_else(|| title_case(service));
    let upper = match service.to_ascii_uppercase() {
        u if u.starts_with(|c: char| c.is_ascii_digit()) => format!("MCP_{u}"),
        u => u,
    };
    let parts = kind.parts();
    let tests = kind.tests();
    let base_url = kind.base_url(base_url);
    let (tenant_domain, base_path) = match kind {
        Kind::TenantHost => tenant_parts(base_url)?,
        _ => Default::default(),
    };
    let run_example = match kind {
        Kind::Connector => format!(
            r#"AUTH_DATA='{{"connection_string":"tcp://user:password@host:port"}}' cargo run -p {binary} -- --transport http"#
        ),
        Kind::Local => format!("cargo run -p {binary} -- --transport http --workspace ./data"),
        Kind::TenantHost => format!(
            r#"AUTH_DATA='{{"access_token":"...","site_url":"https://acme.{tenant_domain}"}}' cargo run -p {binary} -- --transport http"#
        ),
        Kind::Rest | Kind::Graphql | Kind::Google | Kind::Microsoft => format!(
            r#"AUTH_DATA='{{"access_token":"..."}}' cargo run -p {binary} -- --transport http"#
        ),
    };
    // The parts first: they hold the names below.
    let pre = [
        ("spec_kind", parts.spec),
        ("spec_tail", parts.spec_tail),
        ("errors", parts.errors),
        ("errors_decl", parts.errors_decl),
        ("extra_deps", parts.deps),
        ("extra_dev_deps", parts.dev_deps),
        ("credentials", parts.credentials),
        ("run_example", run_example.as_str()),
    ];
    let vars = [
        ("service", service),
        ("SERVICE", upper.as_str()),
        ("binary", binary.as_str()),
        ("crate", krate.as_str()),
        ("Display", display.as_str()),
        ("base_url", base_url),
        ("tenant_domain", tenant_domain.as_str()),
        ("base_path", base_path.as_str()),
    ];
    let files = [
        ("Cargo.toml", CARGO_TOML),
        ("src/main.rs", MAIN_RS),
        ("src/lib.rs", LIB_RS),
        ("src/example.rs", parts.example),
        (&format!("tests/{service}/main.rs") as &str, tests.as_str()),
        ("README.md", README),
        ("server.json", SERVER_JSON),
        ("tools.json", "[]\n"),
        ("smoke.json", parts.smoke),
    ];
    Ok(files
        .into_iter()
        .map(|(path, template)| (path.to_owned(), fill(&fill(template, &pre), &vars)))
        .collect())
}

pub fn new_server(
    root: &Path,
    service: &str,
    display: Option<&str>,
    base_url: &str,
    kind: Kind,
) -> Result<()> {
    let valid = service
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && service
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        bail!("the service name must be snake_case like the catalog's (e.g. google_calendar)");
    }
    let dir = root.join("servers").join(service);
    if dir.exists() {
        bail!("{} already exists", dir.display());
    }
    let binary = binary_of(service);
    for (path, text) in render(service, display, base_url, kind)? {
        let p = dir.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&p, text).with_context(|| format!("write {}", p.display()))?;
    }

    println!("created servers/{service}; formatting it, generating its docs, running its tests");
    // Formatted by rustfmt itself, so that the result is fmt-clean whatever the names' lengths.
    crate::run(
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(root)
            .args(["fmt", "-p", &binary]),
    )?;
    crate::run(
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(root)
            .env("MCP_UPDATE_DOCS", "1")
            .args(["test", "-p", &binary, "--quiet"]),
    )?;
    // The root README's catalog table gains the new row.
    crate::docs(root, true)?;
    println!("next: replace src/example.rs with real tools, then `cargo xtask docs`");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn every_kind_fills_every_placeholder() {
        for kind in Kind::value_variants() {
            let files = render("acme_check", Some("Acme"), DEFAULT_BASE_URL, *kind).unwrap();
            assert_eq!(files.len(), 9, "{kind:?}");
            for (path, text) in &files {
                assert!(!text.contains("{{"), "{kind:?} {path}: {text}");
            }
            let lib = &files.iter().find(|(p, _)| p == "src/lib.rs").unwrap().1;
            let reads_errors =
                lib.contains("error_parser: ") || lib.contains("error_shape: Some(&ERRORS)");
            let calls_http = !matches!(kind, Kind::Connector | Kind::Local);
            assert_eq!(reads_errors, calls_http, "{kind:?}: {lib}");
        }
    }

    #[test]
    fn the_tenant_host_kind_takes_its_patterns_from_the_base_url() {
        for (given, domain, path) in [
            ("https://acme.example.com/api/v2", "example.com", "/api/v2"),
            ("https://acme.example.com/api/v2/", "example.com", "/api/v2"),
            (
                "https://acme.myshop.example.co.uk",
                "myshop.example.co.uk",
                "",
            ),
            ("https://vendor.io/", "vendor.io", ""),
            ("ACME.Vendor.IO:8443/x", "vendor.io", "/x"),
        ] {
            let (d, p) = tenant_parts(given).unwrap();
            assert_eq!((d.as_str(), p.as_str()), (domain, path), "{given}");
        }
        for bad in [
            "https://localhost",
            "https://a..b/",
            "https://acme.example.com/{x}",
        ] {
            assert!(tenant_parts(bad).is_err(), "{bad}");
        }
        let files = render("acme", None, DEFAULT_BASE_URL, Kind::TenantHost).unwrap();
        let example = &files.iter().find(|(p, _)| p == "src/example.rs").unwrap().1;
        assert!(
            example.contains(r#"template: "{site_url}/api/v2""#)
                && example.contains(r#"hosts: &["*.example.com"]"#),
            "{example}"
        );
    }
}
