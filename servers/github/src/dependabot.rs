//! Dependabot alerts: vulnerable dependencies of a repository (the `dependabot` toolset).

use mcp_shared::json::{enum_str, pick, pluck};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, repo_path};
use crate::cursor;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("dependabot");
    vec![
        t(tool(
            "github_list_dependabot_alerts",
            "List Dependabot alerts",
            Effect::Read,
            list_dependabot_alerts,
        )
        .github_name("list_dependabot_alerts")),
        t(tool(
            "github_get_dependabot_alert",
            "Get Dependabot alert",
            Effect::Read,
            get_dependabot_alert,
        )
        .github_name("get_dependabot_alert")),
    ]
}

/// A 403 or 404 here usually means Dependabot alerts are off or the token lacks the scope.
fn hint(e: ToolError) -> ToolError {
    match e.status {
        Some(403 | 404) => e.with_specific_hint(
            "the repository or alert does not exist, Dependabot alerts are disabled for the repository (or it is archived), or the token cannot see them: classic tokens need the `security_events` (or `repo`) scope, fine-grained ones \"Dependabot alerts\" read.",
        ),
        _ => e,
    }
}

/// A Dependabot alert: the vulnerable dependency, the advisory and the alert's state.
fn alert(v: &Value) -> Value {
    pick(
        v,
        &[
            "number",
            "state",
            "severity=security_vulnerability.severity",
            "package=dependency.package.name",
            "ecosystem=dependency.package.ecosystem",
            "manifest_path=dependency.manifest_path",
            "scope=dependency.scope",
            "relationship=dependency.relationship",
            "vulnerable_version_range=security_vulnerability.vulnerable_version_range",
            "first_patched_version=security_vulnerability.first_patched_version.identifier",
            "ghsa_id=security_advisory.ghsa_id",
            "cve_id=security_advisory.cve_id",
            "summary=security_advisory.summary",
            "cvss_score=security_advisory.cvss.score",
            "epss_percentage=security_advisory.epss.percentage",
            "created_at",
            "updated_at",
            "dismissed_at",
            "dismissed_by=dismissed_by.login",
            "dismissed_reason",
            "dismissed_comment",
            "fixed_at",
            "auto_dismissed_at",
            "html_url",
        ],
    )
}

/// An alert with the advisory's description, CWEs, identifiers and references.
fn alert_detailed(v: &Value) -> Value {
    let mut o = alert(v);
    let extra = pick(
        v,
        &[
            "description=security_advisory.description",
            "cvss_vector=security_advisory.cvss.vector_string",
            "advisory_published_at=security_advisory.published_at",
            "advisory_withdrawn_at=security_advisory.withdrawn_at",
        ],
    );
    if let (Value::Object(o), Value::Object(e)) = (&mut o, extra) {
        o.extend(e);
    }
    o["cwes"] = pluck(v, "security_advisory.cwes", "cwe_id");
    o["identifiers"] = pluck(v, "security_advisory.identifiers", "value");
    o["references"] = pluck(v, "security_advisory.references", "url");
    o["assignees"] = pluck(v, "assignees", "login");
    o
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum AlertState {
    Open,
    Fixed,
    Dismissed,
    AutoDismissed,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum DependencyScope {
    Development,
    Runtime,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum AlertSort {
    Created,
    Updated,
    EpssPercentage,
}

/// List a repository's Dependabot alerts (open by default), newest first: package, ecosystem,
/// manifest, vulnerable range, patched version, GHSA and CVE ids, summary, severity, state. Returns
/// alerts and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListDependabotAlerts {
    owner: String,
    repo: String,
    /// Default open
    #[schemars(extend("default" = "open"))]
    state: Option<AlertState>,
    severity: Option<Severity>,
    /// Comma-separated (`npm,pip`)
    ecosystem: Option<String>,
    /// Comma-separated
    package: Option<String>,
    /// Comma-separated paths
    manifest: Option<String>,
    scope: Option<DependencyScope>,
    /// Default `created`
    sort: Option<AlertSort>,
    /// Default desc
    direction: Option<api::Direction>,
    after: Option<String>,
    /// Max 100, default 30
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_dependabot_alerts(ctx: Ctx, a: ListDependabotAlerts) -> Result<Value, ToolError> {
    let path = format!("{}/dependabot/alerts", repo_path(&a.owner, &a.repo));
    let state = a.state.as_ref().map_or_else(|| "open".to_owned(), enum_str);
    let opt = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    cursor::list(
        &ctx,
        &path,
        &[
            ("state", Some(state)),
            ("severity", a.severity.as_ref().map(enum_str)),
            ("ecosystem", opt(&a.ecosystem)),
            ("package", opt(&a.package)),
            ("manifest", opt(&a.manifest)),
            ("scope", a.scope.as_ref().map(enum_str)),
            ("sort", a.sort.as_ref().map(enum_str)),
            ("direction", a.direction.as_ref().map(enum_str)),
        ],
        a.after.as_deref(),
        a.per_page,
        alert,
        hint,
    )
    .await
}

/// Get one Dependabot alert of a repository: the vulnerable dependency (package, ecosystem,
/// manifest, scope), vulnerable range and first patched version, the advisory (GHSA and CVE
/// ids, summary, description, severity, CVSS, CWEs, references) and the alert's state and
/// dismissal.
#[derive(Deserialize, JsonSchema)]
pub struct GetDependabotAlert {
    owner: String,
    repo: String,
    /// Alert number (the number at the end of the alert's URL)
    #[serde(rename = "alertNumber")]
    alert_number: Int,
}

async fn get_dependabot_alert(ctx: Ctx, a: GetDependabotAlert) -> Result<Value, ToolError> {
    let path = format!(
        "{}/dependabot/alerts/{}",
        repo_path(&a.owner, &a.repo),
        a.alert_number
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(hint)?;
    Ok(alert_detailed(&v))
}
