//! The servers of the workspace, their conventions and the root catalog table.

use std::path::Path;

use anyhow::{Context, Result};
use serde_json::Value;

#[derive(Debug, Clone)]
pub struct Server {
    /// snake_case catalog name (`google_calendar`)
    pub service: String,
    /// package and binary (`google-calendar-mcp-server`)
    pub binary: String,
    pub description: String,
}

/// `google-calendar-mcp-server`; a service whose name starts with a digit (`12306`) gets
/// `mcp-server-12306`, since a Cargo package name cannot start with one.
pub fn binary_of(service: &str) -> String {
    let name = service.replace('_', "-");
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("mcp-server-{name}")
    } else {
        format!("{name}-mcp-server")
    }
}

/// Every crate under servers/, sorted by service name.
pub fn list(root: &Path) -> Result<Vec<Server>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root.join("servers")).context("servers/")? {
        let entry = entry?;
        if !entry.path().join("Cargo.toml").exists() {
            continue;
        }
        let service = entry.file_name().to_string_lossy().into_owned();
        let manifest = std::fs::read_to_string(entry.path().join("Cargo.toml"))?;
        let field = |k: &str| {
            manifest
                .lines()
                .find_map(|l| {
                    l.trim()
                        .strip_prefix(k)
                        .map(str::trim)
                        .and_then(|r| r.strip_prefix('='))
                })
                .map(|v| v.trim().trim_matches('"').to_owned())
                .unwrap_or_default()
        };
        out.push(Server {
            binary: field("name"),
            description: field("description"),
            service,
        });
    }
    out.sort_by(|a, b| a.service.cmp(&b.service));
    Ok(out)
}

pub fn server_json(root: &Path, s: &Server) -> Result<Value> {
    let path = root.join("servers").join(&s.service).join("server.json");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("{} is missing", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))
}

pub fn tools_json(root: &Path, s: &Server) -> Result<Vec<Value>> {
    let path = root.join("servers").join(&s.service).join("tools.json");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{} is missing: run `cargo xtask docs`", path.display()))?;
    let v: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    v.as_array().cloned().context("tools.json is not an array")
}

/// Problems with one server's layout and metadata.
pub fn check_server(root: &Path, s: &Server) -> Vec<String> {
    let mut p = Vec::new();
    let dir = root.join("servers").join(&s.service);
    let name = &s.service;
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        p.push(format!(
            "servers/{name}: the directory must be the snake_case service name"
        ));
    }
    if s.binary != binary_of(name) {
        p.push(format!(
            "servers/{name}: the package must be named {}",
            binary_of(name)
        ));
    }
    if s.description.is_empty() {
        p.push(format!("servers/{name}: Cargo.toml needs a description"));
    }
    let test_main = dir.join("tests").join(name).join("main.rs");
    if !test_main.exists() {
        p.push(format!(
            "servers/{name}: one integration-test target, tests/{name}/main.rs"
        ));
    }
    let has_docs_test = std::fs::read_dir(dir.join("tests").join(name))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .any(|t| t.contains("mcp_testkit::standard_suite!("))
        })
        .unwrap_or(false);
    if !has_docs_test {
        p.push(format!(
            "servers/{name}: its tests must run the standard suite: `mcp_testkit::standard_suite!({name}_mcp_server::SPEC, \"{}\");` in tests/{name}/main.rs",
            binary_of(name)
        ));
    }
    match std::fs::read_to_string(dir.join("smoke.json")).map(|t| serde_json::from_str::<Value>(&t)) {
        Ok(Ok(v)) if v.get("tool").and_then(Value::as_str).is_some() => {}
        _ => p.push(format!(
            "servers/{name}/smoke.json: name a read tool, its arguments and the vendor's answer (the Python SDK check and the benchmark call it)"
        )),
    }
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap_or_default();
    if !(readme.contains("<!-- tools:start -->") && readme.contains("<!-- tools:end -->")) {
        p.push(format!(
            "servers/{name}/README.md: needs the tool table markers"
        ));
    }
    match tools_json(root, s) {
        Ok(tools) if tools.is_empty() => {
            p.push(format!("servers/{name}/tools.json lists no tools"))
        }
        Ok(_) => {}
        Err(e) => p.push(format!("{e:#}")),
    }
    match server_json(root, s) {
        Ok(v) => p.extend(
            check_server_json(&v, s)
                .into_iter()
                .map(|e| format!("servers/{name}/server.json: {e}")),
        ),
        Err(e) => p.push(format!("{e:#}")),
    }
    p
}

fn looks_secret(name: &str) -> bool {
    // GIT_AUTHOR_NAME names a person, not a credential.
    let n = name.to_ascii_uppercase().replace("AUTHOR", "");
    [
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "API_KEY",
        "AUTH_DATA",
        "PRIVATE_KEY",
        "AUTH",
    ]
    .iter()
    .any(|k| n.contains(k))
        && !n.ends_with("_URL")
}

fn is_alnum(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// `^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]/[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$`, 3..=200 chars.
fn valid_registry_name(name: &str) -> bool {
    let ends_ok = |s: &str| {
        s.chars().next().is_some_and(is_alnum)
            && s.chars().last().is_some_and(is_alnum)
            && s.len() >= 2
    };
    (3..=200).contains(&name.len())
        && name.split_once('/').is_some_and(|(ns, n)| {
            ends_ok(ns)
                && ends_ok(n)
                && !n.contains('/')
                && ns.chars().all(|c| is_alnum(c) || c == '.' || c == '-')
                && n.chars()
                    .all(|c| is_alnum(c) || c == '.' || c == '-' || c == '_')
        })
}

/// A fixed version: not `latest`, not a range (`^ ~ >= <= > < =`, `a - b`, `||`, wildcards).
fn fixed_version(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 255
        && v != "latest"
        && !v.contains(['^', '~', '>', '<', '=', '*'])
        && !v.contains(" - ")
        && !v.contains("||")
        && !v.split(['.', '-', '+']).any(|seg| seg == "x" || seg == "X")
}

const OCI_REGISTRIES: [&str; 4] = ["docker.io", "ghcr.io", "quay.io", "mcr.microsoft.com"];

/// The MCP registry's rules for `server.json` (schema 2025-12-11 and its validators), as far
/// as they can be checked offline, plus ours: an OCI image of this binary over streamable
/// HTTP, `AUTH_DATA` and the `x-auth-data` header declared, credentials marked secret.
pub fn check_server_json(v: &Value, s: &Server) -> Vec<String> {
    let mut p = Vec::new();
    let str_at = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("");
    if !str_at("$schema").starts_with("https://static.modelcontextprotocol.io/schemas/") {
        p.push("`$schema` must name the registry's server.schema.json".into());
    }
    let name = str_at("name");
    if !valid_registry_name(name) {
        p.push(format!(
            "`name` must be `namespace/name` in reverse-DNS form, got `{name}`"
        ));
    }
    let description = str_at("description");
    if description.trim().is_empty() || description.chars().count() > 100 {
        p.push("`description` is required and at most 100 characters".into());
    }
    let version = str_at("version");
    if !fixed_version(version) {
        p.push(format!(
            "`version` must be a fixed version like 1.2.3, got `{version}`"
        ));
    }
    match (
        v.pointer("/repository/url").and_then(Value::as_str),
        v.pointer("/repository/source").and_then(Value::as_str),
    ) {
        (Some(url), Some("github")) => {
            let path = url
                .trim_start_matches("https://")
                .trim_start_matches("http://")
                .trim_start_matches("www.");
            let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
            if parts.len() != 3 || parts[0] != "github.com" {
                p.push(format!(
                    "`repository.url` must be https://github.com/owner/repo, got `{url}`"
                ));
            }
        }
        (Some(_), Some(_)) => {}
        _ => p.push("`repository` needs `url` and `source`".into()),
    }
    let packages = v
        .get("packages")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let oci: Vec<&Value> = packages
        .iter()
        .filter(|p| p.get("registryType").and_then(Value::as_str) == Some("oci"))
        .collect();
    if oci.is_empty() {
        p.push("needs an `oci` package".into());
    }
    for pkg in oci {
        for banned in ["version", "registryBaseUrl", "fileSha256"] {
            if pkg.get(banned).is_some() {
                p.push(format!(
                    "an oci package must not have `{banned}` (the identifier carries the tag)"
                ));
            }
        }
        let id = pkg.get("identifier").and_then(Value::as_str).unwrap_or("");
        let (image, tag) = id.rsplit_once(':').unwrap_or((id, ""));
        let registry = image.split('/').next().unwrap_or("");
        if !(OCI_REGISTRIES.contains(&registry)
            || registry.ends_with(".pkg.dev")
            || registry.ends_with(".azurecr.io"))
        {
            p.push(format!("the oci identifier `{id}` must be on a registry the MCP registry accepts (e.g. ghcr.io)"));
        }
        if !image.ends_with(&format!("/{}", s.binary)) {
            p.push(format!(
                "the oci identifier `{id}` must name the image {}",
                s.binary
            ));
        }
        if tag != version {
            p.push(format!(
                "the oci identifier's tag `{tag}` must equal `version` ({version})"
            ));
        }
        let envs = pkg
            .get("environmentVariables")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let env_names: Vec<&str> = envs
            .iter()
            .filter_map(|e| e.get("name").and_then(Value::as_str))
            .collect();
        match pkg.pointer("/transport/type").and_then(Value::as_str) {
            Some("streamable-http") => {
                let url = pkg
                    .pointer("/transport/url")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                if !(url.starts_with("http://") || url.starts_with("https://"))
                    || url.contains(char::is_whitespace)
                {
                    p.push(format!("the transport url `{url}` must be an http(s) URL"));
                }
                for var in url
                    .split('{')
                    .skip(1)
                    .filter_map(|r| r.split_once('}').map(|(v, _)| v))
                {
                    if !env_names.contains(&var) {
                        p.push(format!("the transport url uses `{{{var}}}`, which is no environment variable of the package"));
                    }
                }
            }
            Some(other) => p.push(format!(
                "the oci package's transport must be streamable-http (got {other})"
            )),
            None => p.push("the oci package needs a `transport` with a `type`".into()),
        }
        if !env_names.contains(&"AUTH_DATA") {
            p.push("declare the AUTH_DATA environment variable".into());
        }
        for e in &envs {
            let n = e.get("name").and_then(Value::as_str).unwrap_or("");
            if looks_secret(n) && e.get("isSecret").and_then(Value::as_bool) != Some(true) {
                p.push(format!(
                    "environment variable {n} carries credentials: mark it isSecret"
                ));
            }
        }
        let headers: Vec<Value> = pkg
            .pointer("/transport/headers")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for h in &headers {
            let n = h.get("name").and_then(Value::as_str).unwrap_or("");
            let credential =
                n.eq_ignore_ascii_case("x-auth-data") || n.eq_ignore_ascii_case("authorization");
            if credential && h.get("isSecret").and_then(Value::as_bool) != Some(true) {
                p.push(format!(
                    "the {n} header carries credentials: mark it isSecret"
                ));
            }
        }
        if !headers.iter().any(|h| {
            h.get("name")
                .and_then(Value::as_str)
                .is_some_and(|n| n.eq_ignore_ascii_case("x-auth-data"))
        }) {
            p.push("declare the x-auth-data header on the transport".into());
        }
    }
    p
}

/// The README text with its catalog table (between the catalog markers) regenerated.
#[allow(
    clippy::string_slice,
    reason = "indices from `find` of marker lines: character boundaries"
)]
pub fn with_catalog(root: &Path, readme: &str) -> Result<String> {
    let (start, end) = ("<!-- catalog:start -->", "<!-- catalog:end -->");
    let a = readme
        .find(start)
        .context("no <!-- catalog:start --> marker")?
        + start.len();
    let b = a + readme[a..]
        .find(end)
        .context("no <!-- catalog:end --> marker")?;
    let mut table = String::from(
        "| Service | Binary and image | Tools (all toolsets) | What it covers |\n|---|---|---|---|\n",
    );
    for s in list(root)? {
        let n = tools_json(root, &s).map(|t| t.len()).unwrap_or(0);
        table.push_str(&format!(
            "| [{}](servers/{}/README.md) | `{}` | {} | {} |\n",
            s.service, s.service, s.binary, n, s.description
        ));
    }
    let out = format!("{}\n{}{}", &readme[..a], table, &readme[b..]);
    Ok(match klavis_table(root) {
        Some(t) => {
            replace_marked(&out, "<!-- klavis:start -->", "<!-- klavis:end -->", &t).unwrap_or(out)
        }
        None => out,
    })
}

/// Replace the text between two marker lines (keeping them), or `None` without them.
fn replace_marked(text: &str, start: &str, end: &str, body: &str) -> Option<String> {
    let (head, rest) = text.split_once(start)?;
    let (_, tail) = rest.split_once(end)?;
    Some(format!("{head}{start}\n{body}{end}{tail}"))
}

/// Klavis's local servers and the crates that serve them here (our `excel` is Microsoft
/// Graph's; the local one works on files).
const LOCAL: [(&str, &str); 9] = [
    ("filesystem", "filesystem"),
    ("git", "git"),
    ("terminal", "terminal"),
    ("memory", "memory"),
    ("pdf-tools", "pdf_tools"),
    ("excel", "xlsx"),
    ("word", "docx"),
    ("powerpoint", "pptx"),
    // The local form (`--profile local`) reads its account from a configuration file.
    ("Poste.io", "poste_email"),
];

/// The profile kinds a Klavis variant directory ends with (`<service>_<kind>`).
const KINDS: [&str; 4] = ["atlas", "mcpmark", "toolathlon", "official"];

/// Every catalog key that is not a base service (the benchmark variants `<service>_<kind>`
/// and the local servers `local/<name>`) and the command that serves it here: a profile of an
/// existing server (listed in its README's generated profiles section), a server of its own,
/// or not yet.
pub fn klavis_table(root: &Path) -> Option<String> {
    let text = std::fs::read_to_string(root.join("catalog/klavis-tools.json")).ok()?;
    let catalog: serde_json::Map<String, Value> = serde_json::from_str(&text).ok()?;
    let servers = list(root).ok()?;
    let binary = |service: &str| {
        servers
            .iter()
            .find(|s| s.service == service)
            .map(|s| s.binary.clone())
    };
    let mut table = String::from("| Klavis directory | Command here |\n|---|---|\n");
    for key in catalog.keys() {
        let command = if let Some(name) = key.strip_prefix("local/") {
            // A server whose README lists a `local` profile for this key serves it there
            // (Poste.io), the others are local servers of their own.
            LOCAL
                .iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, service)| {
                    let readme = std::fs::read_to_string(
                        root.join("servers").join(service).join("README.md"),
                    )
                    .unwrap_or_default();
                    let profile = readme.contains(&format!("| `local` | `{key}` |"));
                    binary(service).map(|b| match profile {
                        true => format!("`{b} --profile local`"),
                        false => format!("`{b}`"),
                    })
                })
        } else if let Some((service, kind)) =
            key.rsplit_once('_').filter(|(_, k)| KINDS.contains(k))
        {
            let readme =
                std::fs::read_to_string(root.join("servers").join(service).join("README.md"))
                    .unwrap_or_default();
            binary(service)
                .filter(|_| readme.contains(&format!("| `{kind}` | `{key}` |")))
                .map(|b| format!("`{b} --profile {kind}`"))
        } else {
            continue;
        };
        table.push_str(&format!(
            "| `{key}` | {} |\n",
            command.unwrap_or_else(|| "not yet".to_owned())
        ));
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_klavis_table_maps_variants_to_profiles_and_local_servers_to_crates() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let t = klavis_table(&root).unwrap_or_default();
        assert!(
            t.contains("| `github_official` | `github-mcp-server --profile official` |"),
            "{t}"
        );
        // Our `excel` works on OneDrive through Graph: it does not serve local files.
        assert!(!t.contains("| `local/excel` | `excel-mcp-server` |"), "{t}");
        assert!(
            t.contains("| `local/git` | `git-mcp-server` |")
                && t.contains("| `local/Poste.io` | `poste-email-mcp-server --profile local` |"),
            "{t}"
        );
        assert!(t.lines().count() > 30, "{t}");
        let with = replace_marked(
            "a\n<!-- s -->\nold\n<!-- e -->\nb",
            "<!-- s -->",
            "<!-- e -->",
            "new\n",
        );
        assert_eq!(with.as_deref(), Some("a\n<!-- s -->\nnew\n<!-- e -->\nb"));
    }

    #[test]
    fn a_service_name_that_starts_with_a_digit_gets_a_valid_package_name() {
        assert_eq!(binary_of("google_calendar"), "google-calendar-mcp-server");
        assert_eq!(binary_of("12306"), "mcp-server-12306");
    }

    #[test]
    fn registry_name_and_version_rules() {
        assert!(valid_registry_name("io.github.mcp-servers-rs/github"));
        assert!(!valid_registry_name("github"));
        assert!(!valid_registry_name("io.github/x/y"));
        assert!(!valid_registry_name("-io/x"));
        for ok in ["0.1.0", "1.0.0-next", "2.3.4+build.5"] {
            assert!(fixed_version(ok), "{ok}");
        }
        for bad in [
            "latest",
            "^1.0.0",
            "1.x",
            "1.0.*",
            ">=1.0.0",
            "1.0.0 - 2.0.0",
            "",
        ] {
            assert!(!fixed_version(bad), "{bad}");
        }
    }
}
