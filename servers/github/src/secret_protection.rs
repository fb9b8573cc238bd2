//! Secret scanning alerts: credentials found in a repository (the `secret_protection`
//! toolset).
//!
//! The secret itself is not returned unless asked for (`show_secret`): GitHub is asked to
//! leave it out (`hide_secret=true`), so that a live credential does not land in the
//! conversation by default.

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::api::{self, page_of, paged, repo_path};
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("secret_protection");
    vec![
        t(tool(
            "github_list_secret_scanning_alerts",
            "List secret scanning alerts",
            Effect::Read,
            list_secret_scanning_alerts,
        )
        .github_name("list_secret_scanning_alerts")),
        t(tool(
            "github_get_secret_scanning_alert",
            "Get secret scanning alert",
            Effect::Read,
            get_secret_scanning_alert,
        )
        .github_name("get_secret_scanning_alert")),
    ]
}

/// What GitHub's 404 and 403 mean for secret scanning.
fn hint(e: ToolError) -> ToolError {
    match e.status {
        Some(403 | 404) => e.with_specific_hint(
            "the repository or alert does not exist, secret scanning is not enabled for the repository, or the token cannot see its alerts: only repository and organization administrators can, with a classic token's `security_events` (or `repo`) scope or a fine-grained token's \"Secret scanning alerts\" read.",
        ),
        _ => e,
    }
}

/// A secret scanning alert, with the secret itself only when `show_secret`.
fn alert(v: &Value, show_secret: bool) -> Value {
    let mut o = pick(
        v,
        &[
            "number",
            "state",
            "secret_type",
            "secret_type_display_name",
            "validity",
            "resolution",
            "resolved_at",
            "resolved_by=resolved_by.login",
            "resolution_comment",
            "push_protection_bypassed",
            "push_protection_bypassed_by=push_protection_bypassed_by.login",
            "push_protection_bypassed_at",
            "publicly_leaked",
            "multi_repo",
            "has_more_locations",
            "assigned_to=assigned_to.login",
            "created_at",
            "updated_at",
            "html_url",
        ],
    );
    // Where it was first found: a file (path, lines, commit) or an issue, pull request,
    // discussion or wiki page; the API URLs of the blob and commit are left out.
    if let Some(Value::Object(loc)) = v.get("first_location_detected") {
        let loc: Map<String, Value> = loc
            .iter()
            .filter(|(k, x)| !x.is_null() && k.as_str() != "blob_url" && k.as_str() != "commit_url")
            .map(|(k, x)| (k.clone(), x.clone()))
            .collect();
        o["first_location"] = Value::Object(loc);
    }
    if show_secret && let Some(s) = v.get("secret") {
        o["secret"] = s.clone();
    }
    o
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum AlertState {
    Open,
    Resolved,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Resolution {
    FalsePositive,
    WontFix,
    Revoked,
    PatternEdited,
    PatternDeleted,
    UsedInTests,
}

/// List the secret scanning alerts of a repository: the kind of secret, whether it is still
/// valid, where it was first found, its state and resolution, and push protection bypasses.
/// The secret itself only with `show_secret`. Returns alerts and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSecretScanningAlerts {
    owner: String,
    repo: String,
    /// Only alerts in this state
    state: Option<AlertState>,
    /// Only these secret types, comma-separated (e.g. `github_personal_access_token`,
    /// `aws_access_key_id`; GitHub's default patterns when omitted; generic ones such as
    /// `password` only when named)
    secret_type: Option<String>,
    /// Only resolved alerts with this resolution
    resolution: Option<Resolution>,
    /// Include the secret's literal value (default false: GitHub leaves it out)
    #[schemars(extend("default" = false))]
    show_secret: Option<bool>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_secret_scanning_alerts(
    ctx: Ctx,
    a: ListSecretScanningAlerts,
) -> Result<Value, ToolError> {
    let path = format!("{}/secret-scanning/alerts", repo_path(&a.owner, &a.repo));
    let show = a.show_secret.unwrap_or(false);
    let secret_type = a
        .secret_type
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("state", a.state.as_ref().map(enum_str))
        .query_opt("secret_type", secret_type)
        .query_opt("resolution", a.resolution.as_ref().map(enum_str))
        .query_opt("hide_secret", (!show).then_some("true"));
    let resp = paged(r, a.page, a.per_page).send().await.map_err(hint)?;
    let v: Value = resp.json()?;
    let items = mcp_shared::json::map_array(&v, |x| alert(x, show));
    Ok(page_of(&resp, items))
}

/// Get one secret scanning alert of a repository: the kind of secret, whether it is still
/// valid, where it was first found, its state, resolution and push protection bypass. The
/// secret itself only with `show_secret`.
#[derive(Deserialize, JsonSchema)]
pub struct GetSecretScanningAlert {
    owner: String,
    repo: String,
    /// Alert number (the number at the end of the alert's URL)
    #[serde(rename = "alertNumber")]
    alert_number: Int,
    /// Include the secret's literal value (default false: GitHub leaves it out)
    #[schemars(extend("default" = false))]
    show_secret: Option<bool>,
}

async fn get_secret_scanning_alert(
    ctx: Ctx,
    a: GetSecretScanningAlert,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/secret-scanning/alerts/{}",
        repo_path(&a.owner, &a.repo),
        a.alert_number
    );
    let show = a.show_secret.unwrap_or(false);
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .query_opt("hide_secret", (!show).then_some("true"))
        .send_json()
        .await
        .map_err(hint)?;
    Ok(alert(&v, show))
}
