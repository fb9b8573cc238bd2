//! The standard suite every server runs, in one line of its tests' `main.rs`:
//!
//! ```ignore
//! mcp_testkit::standard_suite!(slack_mcp_server::SPEC, "slack-mcp-server");
//! ```
//!
//! It is driven by the server's `ServerSpec`, its committed `tools.json` and its `smoke.json`:
//! `tool` and `arguments` (the smoke call), `credentials` (the `x-auth-data` object of the
//! call; default `{"access_token": ...}`), `env` (extra environment of the server process),
//! and what the call reaches, `upstream`:
//!
//! - `"http"` (the default): a fake vendor on 127.0.0.1 that answers every request with
//!   `upstream_body`; the server's `<SERVICE>_API_BASE_URL` points at it;
//! - `"none"`: nothing (bundled data); the call must succeed without any network;
//! - `"connector"`: a backend that is not an HTTP API (a database, a TCP service), at an
//!   address where nothing listens: the call must fail as a clear tool error.
//!
//! In `credentials`, `{secret}` becomes the suite's secret (checked never to reach a log or a
//! message; every other string of the credentials is checked the same way). In `arguments`,
//! `credentials` and `env`, `{vendor}` becomes the fake vendor's URL and `{unreachable}` a
//! `127.0.0.1:<port>` where nothing listens.
//!
//! What it checks:
//! - `tools.json` and the README tool table are what the server lists (schemas, annotations);
//! - every listed tool's schemas are valid JSON Schema;
//! - the binary over stdio (credentials from `AUTH_DATA`) and over HTTP (from `x-auth-data`)
//!   runs the smoke call, answers `healthcheck`, stops on SIGTERM, and never writes a
//!   credential to its logs at `RUST_LOG=trace`;
//! - the `tools` subcommand;
//! - the standard failure classes of the smoke call: vendor 401, 403, 404, 429 and 5xx become
//!   `isError` results that name the status (HTTP servers), a malformed `x-auth-data` a
//!   JSON-RPC error that names the header, missing credentials an `isError` that says what to
//!   send;
//! - sign-in (`--oauth`): `--help` lists its options; without it, `initialize` needs no
//!   credentials; with it, a request without credentials gets the `401` challenge whose
//!   metadata names the declared authorization server and scopes (or the one given with
//!   `--authorization-server`), a vendor with none refuses to start, a server that needs no
//!   credentials ignores it;
//! - a redirect to another origin: the fake vendor answers the smoke call with a redirect to a
//!   second listener, which must receive none of the call's credentials;
//! - hostile arguments: every parameter of every tool in turn set to null, the wrong type,
//!   huge and negative numbers, 100,000 characters, multibyte and control characters, path
//!   traversal, a metadata URL, deep nesting and mixed arrays: every call is answered, none
//!   panics or carries a credential, and a wrong type is refused naming the parameter.

use mcp_shared::{McpServer, ServerSpec, Settings};

mod checks;
mod hostile;
mod oauth;
mod redirect;
mod smoke;

pub use checks::{check_failure_classes, check_http_binary, check_stdio_binary};
pub use hostile::{check_hostile_arguments, check_hostile_arguments_in};
pub use oauth::check_oauth;
pub use redirect::check_redirect;
pub use smoke::{Smoke, SmokeRun, Upstream, secrets_of, smoke, smoke_secret};

use crate::assert_valid_tools;

/// Expands to a `standard_suite` test module for the server `$spec` whose binary is `$bin`.
/// `catalog_not_required: &[(tool, parameter)]` names catalog parameters that the server takes
/// as optional although the catalog marks them required (where the vendor does not need them).
#[macro_export]
macro_rules! standard_suite {
    ($spec:path, $bin:literal) => {
        $crate::standard_suite!($spec, $bin, catalog_not_required: &[]);
    };
    ($spec:path, $bin:literal, catalog_not_required: $not_required:expr) => {
        mod standard_suite {
            const BIN: &str = env!(concat!("CARGO_BIN_EXE_", $bin));
            const DIR: &str = env!("CARGO_MANIFEST_DIR");

            #[test]
            fn catalog_tools_with_their_parameters() {
                $crate::suite::check_catalog(&$spec, $not_required);
            }

            #[test]
            fn docs_are_fresh() {
                $crate::assert_docs_fresh(&$spec, DIR);
            }

            #[test]
            fn schemas_are_valid() {
                $crate::suite::check_schemas(&$spec);
            }

            #[test]
            fn tools_subcommand() {
                $crate::check_tools_subcommand(&$spec, BIN);
            }

            #[tokio::test]
            async fn stdio_binary() {
                $crate::suite::check_stdio_binary(&$spec, BIN, DIR).await;
            }

            #[tokio::test]
            async fn http_binary() {
                $crate::suite::check_http_binary(&$spec, BIN, DIR).await;
            }

            #[tokio::test]
            async fn failure_classes() {
                $crate::suite::check_failure_classes(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn hostile_arguments() {
                $crate::suite::check_hostile_arguments(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn redirect_to_another_host() {
                $crate::suite::check_redirect(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn oauth_sign_in() {
                $crate::suite::check_oauth(&$spec, BIN, DIR).await;
            }
        }
    };
}

/// Expands to the test module `$module` for one profile (`--profile <kind>`) of the
/// server `$spec`: the tools it lists over every toolset are the catalog's key
/// `<service>_<kind>` with compatible parameters, their schemas are valid, and every
/// parameter of every tool survives hostile values, as in the standard suite.
///
/// ```ignore
/// mcp_testkit::profile_suite!(atlas_profile, airtable_mcp_server::SPEC, atlas);
/// ```
#[macro_export]
macro_rules! profile_suite {
    ($module:ident, $spec:path, $kind:ident) => {
        $crate::profile_suite!($module, $spec, $kind, catalog_not_required: &[]);
    };
    ($module:ident, $spec:path, $kind:ident, catalog_not_required: $not_required:expr) => {
        mod $module {
            const DIR: &str = env!("CARGO_MANIFEST_DIR");

            fn profile() -> mcp_shared::Profile {
                mcp_shared::Profile::parse(stringify!($kind))
                    .unwrap_or_else(|| panic!("no profile `{}`", stringify!($kind)))
            }

            #[test]
            fn catalog_tools_with_their_parameters() {
                $crate::suite::check_profile_catalog(&$spec, profile(), $not_required);
            }

            #[tokio::test]
            async fn hostile_arguments() {
                $crate::suite::check_hostile_arguments_in(&$spec, DIR, profile()).await;
            }
        }
    };
}

/// The tools `--profile <profile> --toolsets all` lists are the catalog's key
/// ([`ServerSpec::klavis_directory`]: `<service>_<profile>`, `local/<name>`) (every catalog tool, its parameters compatible), with valid schemas.
pub fn check_profile_catalog(
    spec: &'static ServerSpec,
    profile: mcp_shared::Profile,
    not_required: &[(&str, &str)],
) {
    let key = spec.klavis_directory(profile);
    // Only `--toolsets all`: what else the variant lists (GitHub's dynamic toolset tools)
    // must come from the profile's own defaults, as a benchmark starts it.
    let settings = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        profile,
        ..Settings::default()
    };
    let server = McpServer::new(spec, settings)
        .unwrap_or_else(|e| panic!("--profile {}: {e}", profile.name()));
    assert_valid_tools(server.tools());
    crate::assert_catalog_parity(server.tools(), &key, not_required);
    // Exactly the variant's tools: a benchmark's agent sees no tool its server did not have.
    let catalog = crate::catalog_entry(&key);
    let known: Vec<&str> = catalog["tools"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
        .unwrap_or_default();
    let extra: Vec<&str> = server
        .tools()
        .iter()
        .map(|t| t.name.as_ref())
        .filter(|n| !known.contains(n))
        .collect();
    assert!(
        extra.is_empty(),
        "--profile {} lists tools that {key} does not have: {extra:?}",
        profile.name()
    );
}

/// What a drop-in user gets by default has every tool the catalog lists for the service, each
/// with the catalog's parameters, types and required flags (a service beyond the catalog has
/// nothing to match).
pub fn check_catalog(spec: &'static ServerSpec, not_required: &[(&str, &str)]) {
    if crate::catalog().get(spec.service).is_none() {
        return;
    }
    let server =
        McpServer::new(spec, Settings::default()).expect("server with its default toolsets");
    crate::assert_catalog_parity(server.tools(), spec.service, not_required);
}

/// Every tool of every toolset has valid schemas and the annotations read-only mode needs.
pub fn check_schemas(spec: &'static ServerSpec) {
    let all = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        ..Settings::default()
    };
    let server = McpServer::new(spec, all).expect("server with every toolset");
    assert_valid_tools(server.tools());
}
