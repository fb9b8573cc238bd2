//! Security advisories: the GitHub Advisory Database (global advisories) and the advisories
//! repositories publish about themselves (the `security_advisories` toolset).

use mcp_shared::json::{enum_str, map_array, pick, pluck};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, repo_path};
use crate::cursor;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("security_advisories");
    vec![
        t(tool(
            "github_list_global_security_advisories",
            "List global security advisories",
            Effect::Read,
            list_global_security_advisories,
        )
        .github_name("list_global_security_advisories")),
        t(tool(
            "github_get_global_security_advisory",
            "Get a global security advisory",
            Effect::Read,
            get_global_security_advisory,
        )
        .github_name("get_global_security_advisory")),
        t(tool(
            "github_list_repository_security_advisories",
            "List repository security advisories",
            Effect::Read,
            list_repository_security_advisories,
        )
        .github_name("list_repository_security_advisories")),
        t(tool(
            "github_list_org_repository_security_advisories",
            "List org repository security advisories",
            Effect::Read,
            list_org_repository_security_advisories,
        )
        .github_name("list_org_repository_security_advisories")),
    ]
}

/// The longest description kept per advisory in repository advisory lists.
const MAX_DESCRIPTION_BYTES: usize = 2_000;

/// An affected package of an advisory: the global database gives `first_patched_version`,
/// repository advisories `patched_versions`.
fn vulnerability(v: &Value) -> Value {
    pick(
        v,
        &[
            "package=package.name",
            "ecosystem=package.ecosystem",
            "vulnerable_version_range",
            "first_patched_version",
            "patched_versions",
            "vulnerable_functions",
        ],
    )
}

/// An advisory, global or repository, as lists show it.
fn advisory(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "ghsa_id",
            "cve_id",
            "summary",
            "severity",
            "type",
            "state",
            "cvss_score=cvss.score",
            "published_at",
            "updated_at",
            "withdrawn_at",
            "html_url",
        ],
    );
    o["cwes"] = pluck(v, "cwes", "cwe_id");
    o["vulnerabilities"] = map_array(&v["vulnerabilities"], vulnerability);
    o
}

/// A global advisory with its description, identifiers, references and credits.
fn advisory_detailed(v: &Value) -> Value {
    let mut o = advisory(v);
    let extra = pick(
        v,
        &[
            "description",
            "source_code_location",
            "cvss_vector=cvss.vector_string",
            "cvss_v4_score=cvss_severities.cvss_v4.score",
            "epss",
            "github_reviewed_at",
            "nvd_published_at",
            "references",
        ],
    );
    if let (Value::Object(o), Value::Object(e)) = (&mut o, extra) {
        o.extend(e);
    }
    o["identifiers"] = pluck(v, "identifiers", "value");
    o["credits"] = map_array(&v["credits"], |c| pick(c, &["login=user.login", "type"]));
    o
}

/// A repository advisory: the list shape plus its lifecycle, author and description (capped).
fn repository_advisory(v: &Value) -> Value {
    let mut o = advisory(v);
    let extra = pick(
        v,
        &[
            "created_at",
            "closed_at",
            "author=author.login",
            "publisher=publisher.login",
        ],
    );
    if let (Value::Object(o), Value::Object(e)) = (&mut o, extra) {
        o.extend(e);
    }
    if let Some(d) = v.get("description").and_then(Value::as_str) {
        let (text, cut) = mcp_shared::content::truncate(d, MAX_DESCRIPTION_BYTES);
        o["description"] = json!(text);
        if cut {
            o["description_truncated"] = json!(true);
        }
    }
    o
}

/// A GHSA id (`GHSA-xxxx-xxxx-xxxx`), checked so that a CVE id or a typo fails clearly.
fn ghsa_id(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    let parts: Vec<&str> = id.split('-').collect();
    let ok = parts.len() == 4
        && parts[0].eq_ignore_ascii_case("GHSA")
        && parts[1..]
            .iter()
            .all(|p| p.len() == 4 && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a GitHub advisory id such as `GHSA-rf4j-j272-fj86`, got `{id}` (a CVE id goes in `cveId`)"
        )));
    }
    Ok(id.to_owned())
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum AdvisoryType {
    Reviewed,
    Malware,
    Unreviewed,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Ecosystem {
    Actions,
    Composer,
    Erlang,
    Go,
    Maven,
    Npm,
    Nuget,
    Other,
    Pip,
    Pub,
    Rubygems,
    Rust,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum GlobalSeverity {
    Unknown,
    Low,
    Medium,
    High,
    Critical,
}

/// List GitHub Advisory Database advisories (reviewed by default), newest first, by id, CVE,
/// ecosystem, severity, CWE, package and dates: GHSA and CVE ids, summary, severity, CVSS, CWEs,
/// affected and patched versions. Returns advisories and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListGlobalSecurityAdvisories {
    #[serde(rename = "ghsaId")]
    ghsa_id: Option<String>,
    /// GitHub's default `reviewed`
    #[serde(rename = "type")]
    #[schemars(extend("default" = "reviewed"))]
    advisory_type: Option<AdvisoryType>,
    #[serde(rename = "cveId")]
    cve_id: Option<String>,
    ecosystem: Option<Ecosystem>,
    severity: Option<GlobalSeverity>,
    /// Any of these (`["79"]`)
    cwes: Option<Vec<String>>,
    #[serde(rename = "isWithdrawn")]
    is_withdrawn: Option<bool>,
    /// Comma-separated packages, optionally versioned (`lodash,django@4.2.0`)
    affects: Option<String>,
    /// Date or range (`2024-01-01`, `>=2024-01-01`, `2024-01-01..2024-03-31`)
    published: Option<String>,
    /// Date or range, as `published`
    updated: Option<String>,
    /// Date or range, as `published`
    modified: Option<String>,
    after: Option<String>,
    /// Max 100, default 30
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_global_security_advisories(
    ctx: Ctx,
    a: ListGlobalSecurityAdvisories,
) -> Result<Value, ToolError> {
    let ghsa = a
        .ghsa_id
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(|s| ghsa_id(s, "ghsaId"))
        .transpose()?;
    let cwes = a.cwes.as_ref().map(|c| {
        c.iter()
            .map(|s| {
                let s = s.trim();
                s.get(..4)
                    .filter(|p| p.eq_ignore_ascii_case("CWE-"))
                    .and_then(|_| s.get(4..))
                    .unwrap_or(s)
            })
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(",")
    });
    let opt = |s: &Option<String>| s.as_deref().map(str::trim).map(str::to_owned);
    cursor::list(
        &ctx,
        "/advisories",
        &[
            ("ghsa_id", ghsa),
            ("type", a.advisory_type.as_ref().map(enum_str)),
            ("cve_id", opt(&a.cve_id)),
            ("ecosystem", a.ecosystem.as_ref().map(enum_str)),
            ("severity", a.severity.as_ref().map(enum_str)),
            ("cwes", cwes.filter(|c| !c.is_empty())),
            ("is_withdrawn", a.is_withdrawn.map(|b| b.to_string())),
            ("affects", opt(&a.affects)),
            ("published", opt(&a.published)),
            ("updated", opt(&a.updated)),
            ("modified", opt(&a.modified)),
        ],
        a.after.as_deref(),
        a.per_page,
        advisory,
        |e| match e.status {
            Some(422) => e.with_specific_hint(
                "a filter has a wrong form: dates as `YYYY-MM-DD`, ranges as `a..b` or `>=a`, `affects` as `package` or `package@version`.",
            ),
            _ => e,
        },
    )
    .await
}

/// Get one advisory of the GitHub Advisory Database by its GHSA id: summary, description,
/// severity, CVSS, EPSS, CWEs, identifiers (GHSA, CVE), affected packages with vulnerable and
/// first patched versions, references, credits and dates.
#[derive(Deserialize, JsonSchema)]
pub struct GetGlobalSecurityAdvisory {
    /// GitHub Security Advisory id (`GHSA-xxxx-xxxx-xxxx`)
    #[serde(rename = "ghsaId")]
    ghsa_id: String,
}

async fn get_global_security_advisory(
    ctx: Ctx,
    a: GetGlobalSecurityAdvisory,
) -> Result<Value, ToolError> {
    let id = ghsa_id(&a.ghsa_id, "ghsaId")?;
    let path = format!("/advisories/{}", mcp_shared::seg(&id));
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(404) => e.with_specific_hint(
                "the GitHub Advisory Database has no advisory with this id (a repository's unpublished advisories are listed by github_list_repository_security_advisories).",
            ),
            _ => e,
        })?;
    Ok(advisory_detailed(&v))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum AdvisorySort {
    Created,
    Updated,
    Published,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum AdvisoryState {
    Triage,
    Draft,
    Published,
    Closed,
}

/// Sorting, state filter and page of a repository advisory list.
#[derive(Deserialize, JsonSchema)]
pub struct AdvisoryListOptions {
    /// Default desc
    direction: Option<api::Direction>,
    /// Default `created`
    sort: Option<AdvisorySort>,
    state: Option<AdvisoryState>,
    after: Option<String>,
    /// Max 100, default 30
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn repository_advisories(
    ctx: &Ctx,
    path: &str,
    o: &AdvisoryListOptions,
    hint: fn(ToolError) -> ToolError,
) -> Result<Value, ToolError> {
    cursor::list(
        ctx,
        path,
        &[
            ("direction", o.direction.as_ref().map(enum_str)),
            ("sort", o.sort.as_ref().map(enum_str)),
            ("state", o.state.as_ref().map(enum_str)),
        ],
        o.after.as_deref(),
        o.per_page,
        repository_advisory,
        hint,
    )
    .await
}

/// List a repository's published and draft security advisories: ids, summary, description (capped),
/// severity, state, CVSS, CWEs, affected and patched versions, author, dates (drafts for security
/// managers, admins, collaborators). Returns advisories and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListRepositorySecurityAdvisories {
    owner: String,
    repo: String,
    #[serde(flatten)]
    options: AdvisoryListOptions,
}

async fn list_repository_security_advisories(
    ctx: Ctx,
    a: ListRepositorySecurityAdvisories,
) -> Result<Value, ToolError> {
    let path = format!("{}/security-advisories", repo_path(&a.owner, &a.repo));
    repository_advisories(&ctx, &path, &a.options, |e| match e.status {
        Some(403 | 404) => e.with_specific_hint(
            "the repository does not exist or the token cannot see it; classic tokens need the `repo` or `repository_advisories:read` scope (fine-grained: \"Repository security advisories\" read).",
        ),
        _ => e,
    })
    .await
}

/// List the security advisories of every repository of an organization: GHSA and CVE ids,
/// repository advisory details as github_list_repository_security_advisories gives them. Only
/// organization owners and security managers may list them. Returns advisories and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListOrgRepositorySecurityAdvisories {
    org: String,
    #[serde(flatten)]
    options: AdvisoryListOptions,
}

async fn list_org_repository_security_advisories(
    ctx: Ctx,
    a: ListOrgRepositorySecurityAdvisories,
) -> Result<Value, ToolError> {
    let path = format!(
        "/orgs/{}/security-advisories",
        mcp_shared::upstream::seg_id(&a.org, "org")?
    );
    repository_advisories(&ctx, &path, &a.options, |e| match e.status {
        Some(403 | 404) => e.with_specific_hint(
            "the organization does not exist, or the user is not an owner or security manager of it; classic tokens need the `repo` or `repository_advisories:write` scope.",
        ),
        _ => e,
    })
    .await
}
