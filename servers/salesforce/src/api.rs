//! Salesforce helpers: the API version, the error array, SOQL building and quoting, queries
//! that follow `nextRecordsUrl`, and sObject create / update / delete.

use mcp_shared::pagination::Pages;
use mcp_shared::{Ctx, Method, ToolError, VendorError};
use serde_json::{Map, Value, json};

pub use mcp_shared::Count;

/// The REST API version called unless `SALESFORCE_API_VERSION` / `--api-version` says
/// otherwise (Summer '26).
pub const DEFAULT_VERSION: &str = "v67.0";

/// Most records one query tool returns.
pub const MAX_RECORDS: u64 = 2000;

/// `/services/data/vXX.X`, with the operator's version if set.
pub fn data_root(ctx: &Ctx) -> Result<String, ToolError> {
    let v = match ctx.option("api-version").map(str::trim) {
        None | Some("") => DEFAULT_VERSION.to_owned(),
        Some(v) => {
            let n = v.strip_prefix('v').unwrap_or(v);
            let ok = n.split_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && !b.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.bytes().all(|c| c.is_ascii_digit())
            });
            if !ok {
                return Err(ToolError::invalid_input(format!(
                    "SALESFORCE_API_VERSION must look like 67.0 or v67.0 (got `{v}`)"
                )));
            }
            format!("v{n}")
        }
    };
    Ok(format!("/services/data/{v}"))
}

/// Salesforce's error body: `[{"message", "errorCode", "fields"}]` (sometimes one object).
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let items: Vec<&Value> = match body {
        Value::Array(a) => a.iter().take(5).collect(),
        Value::Object(_) => vec![body],
        _ => vec![],
    };
    let mut code = None;
    let mut parts = Vec::new();
    for e in items {
        let c = e
            .get("errorCode")
            .or_else(|| e.get("error"))
            .and_then(Value::as_str);
        if code.is_none() {
            code = c.map(str::to_owned);
        }
        let msg = e
            .get("message")
            .or_else(|| e.get("error_description"))
            .and_then(Value::as_str)
            .unwrap_or("no error text");
        let fields: Vec<&str> = e
            .get("fields")
            .and_then(Value::as_array)
            .map(|f| f.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        parts.push(if fields.is_empty() {
            msg.to_owned()
        } else {
            format!("{msg} (fields: {})", fields.join(", "))
        });
    }
    let hint = match code.as_deref() {
        Some("INVALID_SESSION_ID") => Some(
            "the access token is invalid or expired: refresh it with the OAuth refresh token and send the new access_token (with the org's instance_url).",
        ),
        Some(
            "MALFORMED_QUERY" | "INVALID_FIELD" | "INVALID_TYPE" | "INVALID_QUERY_FILTER_OPERATOR",
        ) => Some(
            "fix the SOQL or the field/object API names; salesforce_describe_object lists an object's fields.",
        ),
        Some("REQUEST_LIMIT_EXCEEDED") => Some(
            "the org's API request limit is used up (a rolling 24-hour limit, or too many long-running requests): wait, or ask the admin to raise it.",
        ),
        Some(
            "REQUIRED_FIELD_MISSING"
            | "FIELD_CUSTOM_VALIDATION_EXCEPTION"
            | "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST"
            | "STRING_TOO_LONG"
            | "FIELD_INTEGRITY_EXCEPTION",
        ) => Some(
            "correct the named fields; salesforce_describe_object shows required fields and picklist values.",
        ),
        Some(
            "ENTITY_IS_DELETED" | "NOT_FOUND" | "INVALID_CROSS_REFERENCE_KEY" | "MALFORMED_ID",
        ) => Some(
            "check the record id (15 or 18 characters) and that the record exists and is shared with this user.",
        ),
        Some(
            "INSUFFICIENT_ACCESS_OR_READONLY"
            | "INSUFFICIENT_ACCESS"
            | "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY",
        ) => Some("this user lacks the permission or sharing access for this record or object."),
        Some("API_DISABLED_FOR_ORG" | "API_CURRENTLY_DISABLED") => Some(
            "the REST API is not enabled for this org or user (it needs the API Enabled permission).",
        ),
        Some("DELETE_FAILED" | "ENTITY_IS_LOCKED") => Some(
            "the record cannot be changed now (it is locked, in approval, or referenced by other records).",
        ),
        _ if status == 401 => Some(
            "the access token is invalid or expired: refresh it and send the new access_token.",
        ),
        _ => None,
    };
    VendorError {
        code,
        message: (!parts.is_empty()).then(|| parts.join("; ")),
        hint: hint.map(str::to_owned),
        rate_limited: false,
        missing_scopes: None,
    }
}

/// A record id: 15 or 18 letters and digits.
pub fn record_id(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if !(id.len() == 15 || id.len() == 18) || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Salesforce id of 15 or 18 letters and digits, e.g. 001xx000003DGb2AAG (got `{id}`)"
        )));
    }
    Ok(id.to_owned())
}

/// An object or field API name (`Account`, `Custom__c`, `Account.Name` for fields).
pub fn api_name(name: &str, what: &str, dots: bool) -> Result<String, ToolError> {
    let n = name.trim();
    let ok = n.split('.').all(|p| {
        p.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    }) && (dots || !n.contains('.'));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Salesforce API name such as Account, Custom__c{} (got `{n}`)",
            if dots { " or Account.Name" } else { "" }
        )));
    }
    Ok(n.to_owned())
}

/// A SOQL string literal's content: quotes and backslashes escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A `LIKE '%text%'` pattern with the wildcards in `text` escaped.
pub fn contains_pattern(s: &str) -> String {
    let escaped = s
        .trim()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    // `quote` escapes backslashes again, so build the literal by hand.
    let mut out = String::from("'%");
    for c in escaped.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push_str("%'");
    out
}

fn is_date(s: &str) -> bool {
    s.len() == 10
        && s.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

/// A SOQL date-time literal: a date `2024-05-01` is midnight UTC (the end of that day for the
/// end of a range); a date-time is kept.
pub fn datetime_literal(s: &str, what: &str, end: bool) -> Result<String, ToolError> {
    let s = s.trim();
    if is_date(s) {
        return Ok(if end {
            format!("{s}T23:59:59Z")
        } else {
            format!("{s}T00:00:00Z")
        });
    }
    // `get` and `split_at_checked` refuse a cut inside a character (multibyte input).
    let ok = s.len() >= 20
        && s.get(..10).is_some_and(is_date)
        && s.get(10..)
            .and_then(|t| t.strip_prefix('T'))
            .is_some_and(|time| {
                time.bytes()
                    .all(|b| b.is_ascii_digit() || b":.+-Z".contains(&b))
            });
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a date YYYY-MM-DD or a date-time like 2024-05-01T00:00:00Z (got `{s}`)"
        )));
    }
    Ok(s.to_owned())
}

/// A SOQL date literal `YYYY-MM-DD`.
pub fn date_literal(s: &str, what: &str) -> Result<String, ToolError> {
    let s = s.trim();
    if !is_date(s) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a date YYYY-MM-DD (got `{s}`)"
        )));
    }
    Ok(s.to_owned())
}

/// A SELECT built from optional filters.
pub struct Soql {
    object: &'static str,
    fields: Vec<String>,
    conditions: Vec<String>,
}

impl Soql {
    /// `SELECT fields FROM object`, the caller's fields (checked) or the defaults.
    pub fn new(
        object: &'static str,
        fields: Option<&[String]>,
        default: &[&str],
    ) -> Result<Self, ToolError> {
        let fields = match fields.filter(|f| !f.is_empty()) {
            Some(f) => {
                let mut out: Vec<String> = Vec::new();
                for x in f {
                    let n = api_name(x, "fields", true)?;
                    if !out.iter().any(|o| o.eq_ignore_ascii_case(&n)) {
                        out.push(n);
                    }
                }
                if !out.iter().any(|o| o.eq_ignore_ascii_case("Id")) {
                    out.insert(0, "Id".into());
                }
                out
            }
            None => default.iter().map(|s| (*s).to_owned()).collect(),
        };
        Ok(Self {
            object,
            fields,
            conditions: Vec::new(),
        })
    }

    pub fn cond(&mut self, c: String) {
        self.conditions.push(c);
    }

    /// `field = 'value'`.
    pub fn eq(&mut self, field: &str, v: Option<&str>) {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.cond(format!("{field} = {}", quote(v)));
        }
    }

    /// `field = 'id'` for a record id argument.
    pub fn eq_id(&mut self, field: &str, v: Option<&str>, what: &str) -> Result<(), ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            let id = record_id(v, what)?;
            self.cond(format!("{field} = '{id}'"));
        }
        Ok(())
    }

    /// `field LIKE '%value%'`.
    pub fn like(&mut self, field: &str, v: Option<&str>) {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.cond(format!("{field} LIKE {}", contains_pattern(v)));
        }
    }

    /// A date-time range on `field` (inclusive).
    pub fn datetime_range(
        &mut self,
        field: &str,
        from: Option<&str>,
        to: Option<&str>,
        names: (&str, &str),
    ) -> Result<(), ToolError> {
        if let Some(v) = from.filter(|v| !v.trim().is_empty()) {
            self.cond(format!(
                "{field} >= {}",
                datetime_literal(v, names.0, false)?
            ));
        }
        if let Some(v) = to.filter(|v| !v.trim().is_empty()) {
            self.cond(format!(
                "{field} <= {}",
                datetime_literal(v, names.1, true)?
            ));
        }
        Ok(())
    }

    /// A date range on `field` (inclusive).
    pub fn date_range(
        &mut self,
        field: &str,
        from: Option<&str>,
        to: Option<&str>,
        names: (&str, &str),
    ) -> Result<(), ToolError> {
        if let Some(v) = from.filter(|v| !v.trim().is_empty()) {
            self.cond(format!("{field} >= {}", date_literal(v, names.0)?));
        }
        if let Some(v) = to.filter(|v| !v.trim().is_empty()) {
            self.cond(format!("{field} <= {}", date_literal(v, names.1)?));
        }
        Ok(())
    }

    /// The statement, newest first, with `LIMIT`.
    pub fn build(&self, order: &str, limit: u64) -> String {
        let mut q = format!("SELECT {} FROM {}", self.fields.join(", "), self.object);
        if !self.conditions.is_empty() {
            q.push_str(" WHERE ");
            q.push_str(&self.conditions.join(" AND "));
        }
        q.push_str(&format!(" ORDER BY {order} LIMIT {limit}"));
        q
    }
}

/// The caller's limit, default `default`, at most [`MAX_RECORDS`].
pub fn limit(l: Option<Count>, default: u64) -> Result<u64, ToolError> {
    let n = l.map_or(default, Count::get);
    if n == 0 {
        return Err(ToolError::invalid_input("`limit` must be at least 1"));
    }
    Ok(n.min(MAX_RECORDS))
}

/// A record without the `attributes` Salesforce adds to it and to related records.
pub fn clean(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| k.as_str() != "attributes")
                .map(|(k, v)| (k.clone(), clean(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(clean).collect()),
        v => v.clone(),
    }
}

/// Run a SOQL query (`/query?q=`), following `nextRecordsUrl` until `max` records.
pub async fn query(ctx: &Ctx, soql: &str, max: u64) -> Result<Value, ToolError> {
    let root = data_root(ctx)?;
    let mut v: Value = ctx
        .authorized(Method::GET, &format!("{root}/query"))?
        .query("q", soql)
        .send_json()
        .await?;
    let total = v.get("totalSize").cloned().unwrap_or(Value::Null);
    let mut records: Vec<Value> = Vec::new();
    let mut pages = Pages::new();
    let mut more = false;
    loop {
        if let Some(rs) = v.get("records").and_then(Value::as_array) {
            records.extend(rs.iter().map(clean));
        }
        let next = v
            .get("nextRecordsUrl")
            .and_then(Value::as_str)
            .filter(|_| v.get("done") != Some(&Value::Bool(true)))
            .map(str::to_owned);
        if records.len() as u64 >= max {
            more = next.is_some() || records.len() as u64 > max;
            records.truncate(usize::try_from(max).unwrap_or(usize::MAX));
            break;
        }
        let Some(next) = next else { break };
        // Only a path of this org's REST API is followed.
        if !next.starts_with("/services/data/") || next.contains("..") {
            return Err(ToolError::transport(format!(
                "Salesforce answered with an unexpected nextRecordsUrl `{next}`; the first {} records were read",
                records.len()
            )));
        }
        let Some(next) = pages.next(Some(&next)) else {
            more = true;
            break;
        };
        v = ctx.authorized(Method::GET, &next)?.send_json().await?;
    }
    let mut out = Map::new();
    out.insert("totalSize".into(), total);
    out.insert("returned".into(), json!(records.len()));
    out.insert("records".into(), Value::Array(records));
    if more {
        out.insert(
            "note".into(),
            json!(format!(
                "more records match than were returned (limit {max}); narrow the filters or raise limit"
            )),
        );
    }
    if let Some(n) = pages.note() {
        out.insert("note".into(), json!(n));
    }
    Ok(Value::Object(out))
}

/// The fields to send: an object with at least one field.
pub fn record_body(m: Map<String, Value>, what: &str) -> Result<Map<String, Value>, ToolError> {
    match m {
        m if !m.is_empty() => Ok(m),
        _ => Err(ToolError::invalid_input(format!(
            "`{what}` must be an object of field API names and values, e.g. {{\"Name\": \"Acme\"}}"
        ))),
    }
}

/// `POST /sobjects/{object}/`: the new record's id.
pub async fn create(ctx: &Ctx, object: &str, body: Map<String, Value>) -> Result<Value, ToolError> {
    let root = data_root(ctx)?;
    let v: Value = ctx
        .authorized(Method::POST, &format!("{root}/sobjects/{object}/"))?
        .json(&body)
        .send_json()
        .await?;
    let mut out = json!({"id": v.get("id"), "success": v.get("success"), "object": object});
    if let Some(w) = v
        .get("warnings")
        .filter(|w| w.as_array().is_some_and(|a| !a.is_empty()))
    {
        out["warnings"] = w.clone();
    }
    Ok(out)
}

/// `PATCH /sobjects/{object}/{id}` (204 on success).
pub async fn update(
    ctx: &Ctx,
    object: &str,
    id: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let root = data_root(ctx)?;
    ctx.authorized(Method::PATCH, &format!("{root}/sobjects/{object}/{id}"))?
        .json(&body)
        .idempotent(true)
        .send()
        .await?;
    Ok(
        json!({"id": id, "object": object, "updated": true, "fields": body.keys().collect::<Vec<_>>()}),
    )
}

/// `DELETE /sobjects/{object}/{id}` (204 on success; the record goes to the Recycle Bin).
pub async fn delete(ctx: &Ctx, object: &str, id: &str) -> Result<Value, ToolError> {
    let root = data_root(ctx)?;
    ctx.authorized(Method::DELETE, &format!("{root}/sobjects/{object}/{id}"))?
        .send()
        .await?;
    Ok(json!({"id": id, "object": object, "deleted": true}))
}
