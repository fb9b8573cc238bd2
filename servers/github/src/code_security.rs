//! Code scanning alerts (GitHub code security).

use mcp_shared::json::enum_str;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, page_of, paged, repo_path};
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_get_code_scanning_alert",
            "Get code scanning alert",
            Effect::Read,
            get_code_scanning_alert,
        )
        .toolset("code_security")
        .github_name("get_code_scanning_alert"),
        tool(
            "github_list_code_scanning_alerts",
            "List code scanning alerts",
            Effect::Read,
            list_code_scanning_alerts,
        )
        .toolset("code_security")
        .github_name("list_code_scanning_alerts"),
    ]
}

/// A 403 or 404 here usually means code scanning is off for the repository or the token lacks
/// the `security_events` scope.
fn scanning_hint(e: ToolError) -> ToolError {
    match e.status {
        Some(403 | 404) => e.with_specific_hint(
            "code scanning may not be enabled for this repository, or the token lacks the `security_events` scope (fine-grained: \"Code scanning alerts\" read).",
        ),
        _ => e,
    }
}

/// Get one code scanning alert: state, rule (id, name, severity, security severity,
/// description, help), tool, the most recent instance's location (ref, path, lines, message),
/// dismissal details and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetCodeScanningAlert {
    owner: String,
    repo: String,
    /// Alert number (the number at the end of the alert's URL)
    #[serde(rename = "alertNumber")]
    alert_number: Int,
}

async fn get_code_scanning_alert(ctx: Ctx, a: GetCodeScanningAlert) -> Result<Value, ToolError> {
    let path = format!(
        "{}/code-scanning/alerts/{}",
        repo_path(&a.owner, &a.repo),
        a.alert_number
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(scanning_hint)?;
    Ok(api::alert(&v, true))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum AlertState {
    Open,
    Closed,
    Dismissed,
    Fixed,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Severity {
    Critical,
    High,
    Medium,
    Low,
    Warning,
    Note,
    Error,
}

/// List the code scanning alerts of a repository, for its default branch or a given ref,
/// filtered by state and severity. Returns alerts (number, state, rule, severity, tool,
/// location, message, URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCodeScanningAlerts {
    owner: String,
    repo: String,
    /// Git ref to list alerts for: `refs/heads/<branch>` (or just the branch name) or
    /// `refs/pull/<number>/merge` (default: the default branch)
    #[serde(rename = "ref")]
    git_ref: Option<String>,
    /// Alert state (default open)
    #[schemars(extend("default" = "open"))]
    state: Option<AlertState>,
    /// Only alerts of this severity
    severity: Option<Severity>,
    /// Only alerts of this code scanning tool (e.g. `CodeQL`)
    tool_name: Option<String>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_code_scanning_alerts(
    ctx: Ctx,
    a: ListCodeScanningAlerts,
) -> Result<Value, ToolError> {
    let path = format!("{}/code-scanning/alerts", repo_path(&a.owner, &a.repo));
    let state = a.state.as_ref().map_or_else(|| "open".to_owned(), enum_str);
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("ref", a.git_ref.as_deref())
        .query("state", state)
        .query_opt("severity", a.severity.as_ref().map(enum_str))
        .query_opt("tool_name", a.tool_name.as_deref());
    let resp = paged(r, a.page, a.per_page)
        .send()
        .await
        .map_err(scanning_hint)?;
    let v: Value = resp.json()?;
    let items = mcp_shared::json::map_array(&v, |x| api::alert(x, false));
    Ok(page_of(&resp, items))
}
