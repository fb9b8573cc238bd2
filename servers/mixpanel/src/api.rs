//! Mixpanel helpers: the three APIs and their hosts per data residency, the service-account
//! credentials, project ids, dates, and the error bodies.

use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::reexports::schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use mcp_shared::{Ctx, Method, Request, ToolError, Upstream, VendorError};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;

/// The Query API (and `/app`), the Raw Export API and the Ingestion API in the US.
pub const QUERY_US: &str = "https://mixpanel.com/api";
pub const EXPORT_US: &str = "https://data.mixpanel.com/api/2.0";
pub const INGESTION_US: &str = "https://api.mixpanel.com";

/// Credential fields of the service account (Klavis's names first).
pub const USER_FIELDS: &[&str] = &["serviceaccount_username", "username"];
pub const SECRET_FIELDS: &[&str] = &["serviceaccount_secret", "secret"];
/// Credential fields that name the project's data residency.
const REGION_FIELDS: &[&str] = &["region", "data_residency"];

/// Where a project's data lives (Mixpanel's Data Residency).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Us,
    Eu,
    In,
}

impl Region {
    fn parse(v: &str) -> Option<Self> {
        match v.trim().to_ascii_lowercase().as_str() {
            "" | "us" | "usa" | "standard" | "mixpanel.com" => Some(Region::Us),
            "eu" | "europe" | "eu.mixpanel.com" => Some(Region::Eu),
            "in" | "india" | "in.mixpanel.com" => Some(Region::In),
            _ => None,
        }
    }
}

/// One of Mixpanel's APIs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    Query,
    Export,
    Ingestion,
}

impl Api {
    fn us(self) -> &'static str {
        match self {
            Api::Query => QUERY_US,
            Api::Export => EXPORT_US,
            Api::Ingestion => INGESTION_US,
        }
    }

    /// The API's base URL in a region (Mixpanel's documented hosts; nothing else is called).
    fn url(self, region: Region) -> &'static str {
        match (self, region) {
            (_, Region::Us) => self.us(),
            (Api::Query, Region::Eu) => "https://eu.mixpanel.com/api",
            (Api::Query, Region::In) => "https://in.mixpanel.com/api",
            (Api::Export, Region::Eu) => "https://data-eu.mixpanel.com/api/2.0",
            (Api::Export, Region::In) => "https://data-in.mixpanel.com/api/2.0",
            (Api::Ingestion, Region::Eu) => "https://api-eu.mixpanel.com",
            (Api::Ingestion, Region::In) => "https://api-in.mixpanel.com",
        }
    }
}

/// See [`crate::base_url_for`].
pub fn base_url_for(api: &str, region: &str) -> Option<&'static str> {
    let api = match api {
        "query" => Api::Query,
        "export" => Api::Export,
        "ingestion" => Api::Ingestion,
        _ => return None,
    };
    Region::parse(region).map(|r| api.url(r))
}

/// This call's region: the credentials' `region` (or `data_residency`), else the operator's
/// `--region`, else the US.
pub fn region(ctx: &Ctx) -> Result<Region, ToolError> {
    let from_creds = ctx.credentials().and_then(|c| {
        REGION_FIELDS
            .iter()
            .find_map(|f| c.field(f).and_then(Value::as_str).map(str::to_owned))
    });
    let (value, origin) = match from_creds {
        Some(v) => (v, "the credential field `region`"),
        None => match ctx.option("region") {
            Some(v) => (v.to_owned(), "MIXPANEL_REGION"),
            None => return Ok(Region::Us),
        },
    };
    Region::parse(&value).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "{origin} is `{value}`; it must be us, eu or in (the project's Data Residency in Project Settings). No request was made."
        ))
    })
}

/// A request to `path` of `api`, on the host of this call's region, with the service
/// account's credentials. An operator's base URL override (a proxy, a test fake) is kept
/// whatever the region.
pub fn request(ctx: &Ctx, api: Api, method: Method, path: &str) -> Result<Request, ToolError> {
    let region = region(ctx)?;
    let configured: &Upstream = match api {
        Api::Query => ctx.upstream(),
        Api::Export => ctx.api("export")?,
        Api::Ingestion => ctx.api("ingestion")?,
    };
    let overridden = configured
        .base_url()
        .is_some_and(|u| u.as_str().trim_end_matches('/') != api.us());
    let up = if region == Region::Us || overridden {
        configured.clone()
    } else {
        let url = url::Url::parse(api.url(region))
            .map_err(|e| ToolError::transport(format!("bad Mixpanel URL: {e}")))?;
        configured.for_base(Ok(url))
    };
    ctx.authorized_on(&up, method, path)
}

/// Mixpanel's error bodies: the Query API's `{"error", "request"}` and `/import`'s
/// `{"code", "status", "error", "failed_records": [...]}`.
pub fn parse_error(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let mut e = mcp_shared::default_error_parser(status, headers, body);
    if let Some(failed) = body.get("failed_records").and_then(Value::as_array) {
        let shown: Vec<String> = failed
            .iter()
            .take(3)
            .map(|r| {
                let s = |k: &str| {
                    r.get(k).map(|v| {
                        v.as_str()
                            .map(str::to_owned)
                            .unwrap_or_else(|| v.to_string())
                    })
                };
                format!(
                    "event {}{}: {}",
                    s("index").unwrap_or_default(),
                    s("field").map(|f| format!(" ({f})")).unwrap_or_default(),
                    s("message").unwrap_or_default()
                )
            })
            .collect();
        let imported = body
            .get("num_records_imported")
            .map(|n| format!("; {n} imported"))
            .unwrap_or_default();
        e.message = Some(format!(
            "{} {} failed validation{imported}: {}",
            e.message.unwrap_or_else(|| "Some events".into()),
            failed.len(),
            shown.join("; ")
        ));
    }
    e.hint = match status {
        401 => Some("check the service account's username and secret (Organization Settings > Service Accounts).".into()),
        403 => Some("the service account lacks a role on this project, or the project's data lives in another region (set `region` to eu or in).".into()),
        429 => Some("Mixpanel's limits: Query API 60 queries an hour and 5 at a time, Raw Export 60 an hour and 3 a second, per project; wait and retry.".into()),
        _ => None,
    };
    e
}

/// A Mixpanel project id: digits, given as a string or a number.
#[derive(Debug, Clone)]
pub struct ProjectId(pub String);

impl<'de> Deserialize<'de> for ProjectId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        let s = match &v {
            Value::String(s) => s.trim().to_owned(),
            Value::Number(n) if n.is_u64() => n.to_string(),
            _ => String::new(),
        };
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(serde::de::Error::custom(format!(
                "project_id must be the numeric Mixpanel project id (mixpanel_get_projects lists them), not {v}"
            )));
        }
        Ok(ProjectId(s))
    }
}

impl JsonSchema for ProjectId {
    fn schema_name() -> Cow<'static, str> {
        "ProjectId".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": ["string", "integer"], "description": "Numeric project id" })
    }
}

/// `project_id` typed as a string (as the catalog has it for some tools), checked the same way.
pub fn project_id(s: &str) -> Result<String, ToolError> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "`project_id` must be the numeric Mixpanel project id (mixpanel_get_projects lists them), not `{s}`"
        )));
    }
    Ok(s.to_owned())
}

/// A yyyy-mm-dd date argument, or `default` when absent.
pub fn date(v: Option<&str>, what: &str, default: chrono::NaiveDate) -> Result<String, ToolError> {
    match v.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default.format("%Y-%m-%d").to_string()),
        Some(s) => chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map(|d| d.format("%Y-%m-%d").to_string())
            .map_err(|_| {
                ToolError::invalid_input(format!(
                    "`{what}` must be a date as yyyy-mm-dd, not `{s}`"
                ))
            }),
    }
}

/// `from_date` and `to_date` (default: the last 30 days, today included, in UTC).
pub fn date_range(from: Option<&str>, to: Option<&str>) -> Result<(String, String), ToolError> {
    let today = chrono::Utc::now().date_naive();
    let to = date(to, "to_date", today)?;
    let to_day = chrono::NaiveDate::parse_from_str(&to, "%Y-%m-%d").unwrap_or(today);
    let from = date(from, "from_date", to_day - chrono::Duration::days(29))?;
    if from > to {
        return Err(ToolError::invalid_input(format!(
            "`from_date` ({from}) is after `to_date` ({to})"
        )));
    }
    Ok((from, to))
}
