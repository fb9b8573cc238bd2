//! What every QuickBooks tool shares: the company path (`/v3/company/{realm_id}`) on the
//! production or sandbox host chosen by the credentials' `environment`, the pinned
//! `minorversion`, Intuit's `Fault` bodies (also inside HTTP 200 answers), the query language
//! behind `limit` + `cursor`, `SyncToken` reads before updates, and exact decimal amounts.

use std::borrow::Cow;
use std::fmt::Write as _;

use mcp_shared::reexports::http;
use mcp_shared::{Count, Ctx, ErrorKind, Method, Request, ToolError, VendorError, seg_id};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Number, Value, json};

/// The minor version every request pins (Intuit's floor since 2025-08-01).
pub const MINOR_VERSION: &str = "75";

/// The name of the extra API that is Intuit's sandbox host.
pub const SANDBOX: &str = "sandbox";

/// A QuickBooks entity: its name in bodies and queries and its path segment.
#[derive(Debug, Clone, Copy)]
pub struct Entity {
    pub name: &'static str,
    pub path: &'static str,
    /// The fields a concise result keeps.
    pub fields: &'static [&'static str],
}

fn field_str(ctx: &Ctx, name: &str) -> Option<String> {
    ctx.credentials()
        .and_then(|c| c.field(name))
        .and_then(|v| match v {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// Whether this call's credentials name the sandbox (`environment: "sandbox"`).
fn sandbox(ctx: &Ctx) -> Result<bool, ToolError> {
    match field_str(ctx, "environment").map(|s| s.to_ascii_lowercase()) {
        None => Ok(false),
        Some(e) if e == "production" => Ok(false),
        Some(e) if e == "sandbox" => Ok(true),
        Some(e) => Err(ToolError::invalid_input(format!(
            "the credential field `environment` must be `sandbox` or `production` (got `{e}`); no request was made"
        ))),
    }
}

/// The company (realm) id from the credentials, as a path segment.
pub fn realm(ctx: &Ctx) -> Result<String, ToolError> {
    let raw = match field_str(ctx, "realm_id") {
        Some(r) => r,
        None => {
            return Err(ctx.missing_field("realm_id", &["realm_id"]).with_hint(
                "send the QuickBooks company id (realmId) as `realm_id` in x-auth-data, or set QB_REALM_ID.",
            ));
        }
    };
    if !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "the credential field `realm_id` must be the QuickBooks company id, digits only (got `{raw}`)"
        )));
    }
    seg_id(&raw, "realm_id")
}

/// `method /v3/company/{realm}{rest}` on the tenant's host, with the token and `minorversion`.
pub fn request(ctx: &Ctx, method: Method, rest: &str) -> Result<Request, ToolError> {
    ctx.token()?;
    let path = format!("/v3/company/{}{rest}", realm(ctx)?);
    let req = if sandbox(ctx)? {
        ctx.api_authorized(SANDBOX, method, &path)?
    } else {
        ctx.authorized(method, &path)?
    };
    let minor = ctx.option("minor-version").unwrap_or(MINOR_VERSION);
    if minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "the server's --minor-version must be a number such as 75 (got `{minor}`); ask its operator to fix it"
        )));
    }
    Ok(req.query("minorversion", minor))
}

/// Send, and turn a `Fault` inside a success answer into a tool error.
pub async fn send(req: Request) -> Result<Value, ToolError> {
    let resp = req.send().await?;
    let v: Value = resp.json()?;
    if let Some(f) = fault(&v) {
        let e = read_fault(f, resp.header("intuit_tid"));
        let mut err = ToolError::new(
            if e.rate_limited {
                ErrorKind::RateLimited
            } else {
                ErrorKind::Upstream
            },
            match &e.code {
                Some(c) => format!(
                    "QuickBooks API error ({c}): {}.",
                    e.message.unwrap_or_default()
                ),
                None => format!("QuickBooks API error: {}.", e.message.unwrap_or_default()),
            },
        );
        err.code = e.code;
        if let Some(h) = e.hint {
            err = err.with_hint(h);
        }
        return Err(err);
    }
    Ok(v)
}

/// A key of an object, in either case (Intuit answers `Fault` and, on 401, `fault`).
fn get_ci<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.as_object()?
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v)
        .filter(|v| !v.is_null())
}

fn fault(v: &Value) -> Option<&Value> {
    get_ci(v, "Fault").filter(|f| f.is_object())
}

fn text_ci(v: &Value, key: &str) -> Option<String> {
    get_ci(v, key)
        .and_then(|x| match x {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// Intuit's `Fault`: `{"Error":[{"Message","Detail","code","element"}],"type"}`.
fn read_fault(f: &Value, tid: Option<&str>) -> VendorError {
    let errors: Vec<&Value> = get_ci(f, "Error")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let mut parts = Vec::new();
    let mut code = None;
    for e in errors.iter().take(3) {
        let msg = text_ci(e, "Message");
        let detail = text_ci(e, "Detail");
        let mut s = match (msg, detail) {
            (Some(m), Some(d)) if d.contains(&m) => d,
            (Some(m), Some(d)) => format!("{m}: {d}"),
            (Some(m), None) => m,
            (None, Some(d)) => d,
            (None, None) => continue,
        };
        if let Some(el) = text_ci(e, "element") {
            let _ = write!(s, " (element {el})");
        }
        if code.is_none() {
            code = text_ci(e, "code");
        }
        parts.push(s);
    }
    let mut message = parts.join("; ");
    if let Some(t) = text_ci(f, "type") {
        let _ = write!(message, " [{t}]");
    }
    if let Some(t) = tid.map(str::trim).filter(|t| !t.is_empty()) {
        let _ = write!(message, " [intuit_tid {t}]");
    }
    let numeric = code.as_deref().map(|c| c.trim_start_matches('0'));
    let rate_limited = numeric == Some("3001") || message.contains("ThrottleExceeded");
    let hint = match numeric {
        Some("5010") => Some("the record changed since its SyncToken was read: read it again (or leave out sync_token) and retry."),
        Some("610") => Some("the object was not found, was deleted, or is inactive: check the id (list or search tools find ids)."),
        Some("6240") => Some("the name is already used by another customer, vendor, employee or account: choose another name."),
        Some("4000" | "4001") => Some("QuickBooks could not parse the query built from the filters: check the filter values."),
        Some("3200" | "3100" | "3202") => Some("the access token is invalid or expired (tokens last one hour): refresh it and retry."),
        Some("2500" | "2020" | "2010" | "6000") => Some("QuickBooks rejected a field value: check the arguments against the message."),
        _ => None,
    }
    .map(str::to_owned);
    VendorError {
        code,
        message: Some(message.trim().to_owned()).filter(|m| !m.is_empty()),
        hint,
        rate_limited,
        missing_scopes: None,
    }
}

/// Reads Intuit's error bodies (`Fault`, any status) and keeps the `intuit_tid` header, which
/// Intuit support asks for.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let tid = headers.get("intuit_tid").and_then(|v| v.to_str().ok());
    match fault(body) {
        Some(f) => {
            let mut e = read_fault(f, tid);
            e.rate_limited |= status == 429;
            e
        }
        None => {
            let mut e = mcp_shared::default_error_parser(status, headers, body);
            if let Some(t) = tid {
                e.message = Some(
                    format!("{} [intuit_tid {t}]", e.message.unwrap_or_default())
                        .trim()
                        .to_owned(),
                );
            }
            e
        }
    }
}

/// An id argument as a path segment.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    seg_id(v, what)
}

/// The concise shape of an entity object.
pub fn concise(e: &Entity, v: &Value) -> Value {
    mcp_shared::json::pick(v, e.fields)
}

/// `GET /{entity}/{id}`: the entity object.
pub async fn read(ctx: &Ctx, e: &Entity, id_arg: &str) -> Result<Value, ToolError> {
    let id = id(id_arg, "id")?;
    let v = send(request(ctx, Method::GET, &format!("/{}/{id}", e.path))?).await?;
    Ok(v.get(e.name).cloned().unwrap_or(Value::Null))
}

fn sync_token_of(e: &Entity, v: &Value, id: &str) -> Result<String, ToolError> {
    v.get("SyncToken")
        .and_then(|t| match t {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .ok_or_else(|| {
            ToolError::transport(format!(
                "QuickBooks returned {} {id} without a SyncToken; nothing was changed",
                e.name
            ))
        })
}

/// The caller's `sync_token`, or the entity's current one read first.
pub async fn current_sync_token(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    given: Option<&str>,
) -> Result<String, ToolError> {
    match given.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => Ok(t.to_owned()),
        None => {
            let v = read(ctx, e, id_arg).await.map_err(|err| {
                err.context(format!(
                    "reading {} {} for its SyncToken",
                    e.name,
                    id_arg.trim()
                ))
            })?;
            sync_token_of(e, &v, id_arg.trim())
        }
    }
}

/// A create: `POST /{entity}` (never retried; `request_id` makes a repeat return the first
/// result instead of a duplicate).
pub async fn create(
    ctx: &Ctx,
    e: &Entity,
    body: Map<String, Value>,
    request_id: Option<&str>,
) -> Result<Value, ToolError> {
    let v = send(
        request(ctx, Method::POST, &format!("/{}", e.path))?
            .query_opt("requestid", request_id_arg(request_id)?)
            .json(&body),
    )
    .await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

fn request_id_arg(r: Option<&str>) -> Result<Option<&str>, ToolError> {
    match r.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) if r.chars().count() > 50 => Err(ToolError::invalid_input(
            "request_id must be at most 50 characters",
        )),
        other => Ok(other),
    }
}

/// A sparse update: `POST /{entity}` with `Id`, the current `SyncToken` and `sparse: true`.
pub async fn sparse_update(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    mut fields: Map<String, Value>,
) -> Result<Value, ToolError> {
    let id = id_arg.trim().to_owned();
    seg_id(&id, "id")?;
    if fields.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "nothing to change: give at least one field of the {} to update",
            e.name
        )));
    }
    let token = current_sync_token(ctx, e, &id, sync_token).await?;
    fields.insert("Id".into(), Value::String(id));
    fields.insert("SyncToken".into(), Value::String(token));
    fields.insert("sparse".into(), Value::Bool(true));
    let v = send(request(ctx, Method::POST, &format!("/{}", e.path))?.json(&fields)).await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

/// A full update (Account, Vendor: Intuit documents no sparse update for them): the entity
/// read first, these fields merged in (objects merged key by key), sent back whole with the
/// caller's `sync_token` if given.
pub async fn full_update(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    fields: Map<String, Value>,
) -> Result<Value, ToolError> {
    if fields.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "nothing to change: give at least one field of the {} to update",
            e.name
        )));
    }
    let current = read(ctx, e, id_arg).await.map_err(|err| {
        err.context(format!(
            "reading {} {} before updating it",
            e.name,
            id_arg.trim()
        ))
    })?;
    let Value::Object(mut body) = current else {
        return Err(ToolError::transport(format!(
            "QuickBooks returned no {} {}; nothing was changed",
            e.name,
            id_arg.trim()
        )));
    };
    let token = match sync_token.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => t.to_owned(),
        None => sync_token_of(e, &Value::Object(body.clone()), id_arg.trim())?,
    };
    for (k, v) in fields {
        match (body.get_mut(&k), v) {
            (Some(Value::Object(old)), Value::Object(new)) => old.extend(new),
            (_, v) => {
                body.insert(k, v);
            }
        }
    }
    body.insert("SyncToken".into(), Value::String(token));
    body.insert("sparse".into(), Value::Bool(false));
    let v = send(request(ctx, Method::POST, &format!("/{}", e.path))?.json(&body)).await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

/// `POST /{entity}?operation=...` (delete, void) with `Id` and the current `SyncToken`.
pub async fn operation(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    op: &str,
) -> Result<Value, ToolError> {
    let id = id_arg.trim().to_owned();
    seg_id(&id, "id")?;
    let token = current_sync_token(ctx, e, &id, sync_token).await?;
    let v = send(
        request(ctx, Method::POST, &format!("/{}", e.path))?
            .query("operation", op)
            .json(&json!({"Id": id, "SyncToken": token})),
    )
    .await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

/// `{"value": id}`, the shape of a reference.
pub fn reference(id: &str) -> Value {
    json!({ "value": id.trim() })
}

/// Insert `key: {"value": v}` when `v` is given.
pub fn insert_ref(m: &mut Map<String, Value>, key: &str, v: Option<&str>) {
    if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
        m.insert(key.into(), reference(v));
    }
}

/// Insert `key: {inner: v}` when `v` is given (`PrimaryEmailAddr.Address`, ...).
pub fn insert_wrapped(m: &mut Map<String, Value>, key: &str, inner: &str, v: Option<&str>) {
    if let Some(v) = v {
        m.insert(key.into(), json!({ inner: v }));
    }
}

/// An address object from its parts (`Line1`, `Line2`, `City`, `CountrySubDivisionCode`,
/// `PostalCode`, `Country`), when any is given.
pub fn insert_address(m: &mut Map<String, Value>, key: &str, parts: [Option<&String>; 6]) {
    let names = [
        "Line1",
        "Line2",
        "City",
        "CountrySubDivisionCode",
        "PostalCode",
        "Country",
    ];
    let mut addr = Map::new();
    for (n, p) in names.iter().zip(parts) {
        if let Some(p) = p {
            addr.insert((*n).into(), Value::String(p.clone()));
        }
    }
    if !addr.is_empty() {
        m.insert(key.into(), Value::Object(addr));
    }
}

// ---------------------------------------------------------------------------------------
// Exact decimals

/// A decimal amount: a JSON number or a decimal string (`"1234.50"`), at most 15 significant
/// digits, sent to QuickBooks as that same number, never computed with.
#[derive(Debug, Clone, PartialEq)]
pub struct Decimal {
    /// The number as QuickBooks receives it.
    number: Number,
    /// The canonical decimal text (`1234.5`, `-3`).
    text: String,
}

impl Decimal {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim();
        let (neg, body) = match s.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
            return Err(format!(
                "`{s}` is not a decimal amount such as 1234.50 (digits, an optional `-` and `.`; no exponent or thousands separator)"
            ));
        }
        let int = int.trim_start_matches('0');
        let frac = frac.trim_end_matches('0');
        let significant = format!("{int}{frac}");
        if significant.trim_start_matches('0').len() > 15 {
            return Err(format!(
                "`{s}` has more than 15 significant digits; QuickBooks amounts have at most 15"
            ));
        }
        let int = if int.is_empty() { "0" } else { int };
        let zero = int == "0" && frac.is_empty();
        let text = match (neg && !zero, frac.is_empty()) {
            (true, true) => format!("-{int}"),
            (false, true) => int.to_owned(),
            (true, false) => format!("-{int}.{frac}"),
            (false, false) => format!("{int}.{frac}"),
        };
        let number: Number = if frac.is_empty() {
            text.parse::<i64>()
                .map(Number::from)
                .map_err(|_| format!("`{s}` is out of range"))?
        } else {
            let f: f64 = text.parse().map_err(|_| format!("`{s}` is out of range"))?;
            Number::from_f64(f).ok_or_else(|| format!("`{s}` is out of range"))?
        };
        // What QuickBooks receives must be the same decimal, digit for digit.
        let sent = number.to_string();
        let sent = sent.strip_suffix(".0").unwrap_or(&sent);
        if sent != text {
            return Err(format!("`{s}` cannot be sent exactly; give fewer digits"));
        }
        Ok(Self { number, text })
    }

    /// Compare two decimals by their digits (no floating point).
    pub fn cmp_value(&self, other: &Decimal) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        fn parts(t: &str) -> (bool, &str, &str) {
            let (neg, t) = match t.strip_prefix('-') {
                Some(r) => (true, r),
                None => (false, t),
            };
            let (i, f) = t.split_once('.').unwrap_or((t, ""));
            (neg, i, f)
        }
        let (an, ai, af) = parts(&self.text);
        let (bn, bi, bf) = parts(&other.text);
        let magnitude = || {
            ai.len()
                .cmp(&bi.len())
                .then_with(|| ai.cmp(bi))
                .then_with(|| {
                    let width = af.len().max(bf.len());
                    format!("{af:0<width$}").cmp(&format!("{bf:0<width$}"))
                })
        };
        match (an, bn) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => magnitude(),
            (true, true) => magnitude().reverse(),
        }
    }

    /// The canonical decimal text, for queries.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.number.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        let text = match &v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => {
                return Err(serde::de::Error::custom(
                    "expected an amount: a number or a decimal string such as \"1234.50\"",
                ));
            }
        };
        Decimal::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Decimal {
    fn schema_name() -> Cow<'static, str> {
        "Decimal".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "number" })
    }
}

// ---------------------------------------------------------------------------------------
// The query language

/// A `SELECT * FROM <Entity> WHERE ...` statement, built only from typed conditions: every
/// value is quoted and escaped here (`\` and `'` are escaped with a backslash, as Intuit's
/// query language wants); property names are constants of this crate.
#[derive(Debug, Clone)]
pub struct Select {
    entity: &'static str,
    conditions: Vec<String>,
}

/// A quoted, escaped string literal of the query language.
pub fn quote(v: &str) -> Result<String, ToolError> {
    if v.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(
            "filter values cannot contain control characters (line breaks, tabs)",
        ));
    }
    let mut out = String::with_capacity(v.len() + 2);
    out.push('\'');
    for c in v.chars() {
        if c == '\'' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    Ok(out)
}

impl Select {
    pub fn from(entity: &'static str) -> Self {
        Self {
            entity,
            conditions: Vec::new(),
        }
    }

    fn push(&mut self, c: String) {
        self.conditions.push(c);
    }

    /// `prop = 'v'`.
    pub fn eq(mut self, prop: &'static str, v: Option<&str>) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.push(format!("{prop} = {}", quote(v)?));
        }
        Ok(self)
    }

    /// `prop LIKE '%v%'` (a partial match).
    pub fn like(mut self, prop: &'static str, v: Option<&str>) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.push(format!("{prop} LIKE {}", quote(&format!("%{v}%"))?));
        }
        Ok(self)
    }

    /// `prop = true|false`.
    pub fn flag(mut self, prop: &'static str, v: Option<bool>) -> Self {
        if let Some(v) = v {
            self.push(format!("{prop} = {v}"));
        }
        self
    }

    /// `prop >= n` / `prop <= n` for an amount.
    pub fn amount(mut self, prop: &'static str, op: &'static str, v: Option<&Decimal>) -> Self {
        if let Some(v) = v {
            self.push(format!("{prop} {op} {}", v.text()));
        }
        self
    }

    /// `prop >= 'date'` / `prop <= 'date'` for a date or date-time (YYYY-MM-DD or ISO-8601).
    pub fn date(
        mut self,
        prop: &'static str,
        op: &'static str,
        v: Option<&str>,
        what: &str,
    ) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            let ok = v.len() >= 10
                && v.bytes()
                    .all(|b| b.is_ascii_digit() || b"-:T+Z.".contains(&b))
                && v.as_bytes().get(4) == Some(&b'-');
            if !ok {
                return Err(ToolError::invalid_input(format!(
                    "{what} must be a date such as 2026-01-31 (or an ISO-8601 date-time), got `{v}`"
                )));
            }
            self.push(format!("{prop} {op} {}", quote(v)?));
        }
        Ok(self)
    }

    /// `prop IN ('a', 'b')`.
    pub fn any_of(mut self, prop: &'static str, values: &[String]) -> Result<Self, ToolError> {
        let quoted = values
            .iter()
            .map(|v| quote(v))
            .collect::<Result<Vec<_>, _>>()?;
        self.push(format!("{prop} IN ({})", quoted.join(", ")));
        Ok(self)
    }

    /// A condition written by this crate (`Active IN (true, false)`).
    pub fn raw(mut self, condition: &'static str) -> Self {
        self.push(condition.to_owned());
        self
    }

    /// The statement for one page.
    pub fn statement(&self, start: u64, max: u64) -> String {
        let mut q = format!("SELECT * FROM {}", self.entity);
        if !self.conditions.is_empty() {
            let _ = write!(q, " WHERE {}", self.conditions.join(" AND "));
        }
        let _ = write!(q, " STARTPOSITION {start} MAXRESULTS {max}");
        q
    }
}

/// `active_only` of the list tools: `Active = true` (the default), or every record.
pub fn active(q: Select, active_only: Option<bool>) -> Select {
    if active_only.unwrap_or(true) {
        q.raw("Active = true")
    } else {
        q.raw("Active IN (true, false)")
    }
}

/// One page of a query: `limit` (alias `max_results`) and `cursor` (alias `start_position`).
#[derive(Debug, Clone, Copy)]
pub struct PageArgs {
    pub start: u64,
    pub max: u64,
}

/// The page asked for: `limit`/`max_results` 1-1000 (default 100), `cursor` (the
/// `next_cursor` of the previous page) or `start_position` (1-based, default 1).
pub fn page_args(
    limit: Option<Count>,
    max_results: Option<Count>,
    cursor: Option<&str>,
    start_position: Option<Count>,
) -> Result<PageArgs, ToolError> {
    let max = limit.or(max_results).map(Count::get).unwrap_or(100);
    if !(1..=1000).contains(&max) {
        return Err(ToolError::invalid_input(format!(
            "limit (max_results) must be between 1 and 1000 (got {max})"
        )));
    }
    let start = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse::<u64>().map_err(|_| {
            ToolError::invalid_input(format!(
                "cursor must be the next_cursor of a previous page, such as \"101\" (got `{c}`)"
            ))
        })?,
        None => start_position.map(Count::get).unwrap_or(1),
    };
    if start == 0 {
        return Err(ToolError::invalid_input(
            "start_position (cursor) is 1-based: the first record is 1",
        ));
    }
    Ok(PageArgs { start, max })
}

/// A filter QuickBooks cannot apply in a query, applied to the page's records here.
pub struct PageFilter {
    /// The argument's name, for the result's note.
    pub arg: &'static str,
    /// Dotted path of the field in the record.
    pub path: &'static str,
    pub want: Want,
}

pub enum Want {
    /// Contains this text, ignoring case.
    Contains(String),
    /// Equals this text, ignoring case.
    Text(String),
    Flag(bool),
    /// A number at least / at most this amount.
    AtLeast(Decimal),
    AtMost(Decimal),
}

impl PageFilter {
    fn keeps(&self, rec: &Value) -> bool {
        let got = mcp_shared::json::at(rec, self.path);
        match &self.want {
            Want::Contains(t) => got
                .and_then(Value::as_str)
                .is_some_and(|s| s.to_lowercase().contains(&t.to_lowercase())),
            Want::Text(t) => got
                .and_then(Value::as_str)
                .is_some_and(|s| s.eq_ignore_ascii_case(t)),
            Want::Flag(b) => got.and_then(Value::as_bool).unwrap_or(false) == *b,
            Want::AtLeast(d) | Want::AtMost(d) => {
                let Some(n) = got
                    .and_then(Value::as_number)
                    .and_then(|n| Decimal::parse(&n.to_string()).ok())
                else {
                    return false;
                };
                let ord = n.cmp_value(d);
                match self.want {
                    Want::AtLeast(_) => ord.is_ge(),
                    _ => ord.is_le(),
                }
            }
        }
    }
}

/// Add a page filter when the argument is given.
pub fn page_filter(
    out: &mut Vec<PageFilter>,
    arg: &'static str,
    path: &'static str,
    v: Option<&str>,
    contains: bool,
) {
    if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
        out.push(PageFilter {
            arg,
            path,
            want: if contains {
                Want::Contains(v.to_owned())
            } else {
                Want::Text(v.to_owned())
            },
        });
    }
}

/// `GET /query?query=<statement>`: one page of `e`, concise, with `next_cursor`.
pub async fn query(
    ctx: &Ctx,
    e: &Entity,
    select: &Select,
    page: PageArgs,
    filters: &[PageFilter],
) -> Result<Value, ToolError> {
    let statement = select.statement(page.start, page.max);
    let v = send(request(ctx, Method::GET, "/query")?.query("query", &statement)).await?;
    let records: Vec<Value> = v
        .pointer("/QueryResponse")
        .and_then(|q| q.get(e.name))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let got = records.len() as u64;
    let items: Vec<Value> = records
        .iter()
        .filter(|r| filters.iter().all(|f| f.keeps(r)))
        .map(|r| concise(e, r))
        .collect();
    let next = (got >= page.max).then(|| (page.start + got).to_string());
    let mut out = json!({
        "items": items,
        "start_position": page.start,
        "next_cursor": next,
    });
    if !filters.is_empty() {
        let args: Vec<&str> = filters.iter().map(|f| f.arg).collect();
        out["note"] = Value::String(format!(
            "{} applied to the {got} records of this page (QuickBooks cannot filter on them); later pages may hold more matches",
            args.join(", ")
        ));
    }
    Ok(out)
}

/// The ids of the customers whose display name contains `name` (at most 100), for filters
/// on a customer name; a clear error when none matches.
pub async fn customer_ids_named(ctx: &Ctx, name: &str) -> Result<Vec<String>, ToolError> {
    let select = Select::from("Customer").like("DisplayName", Some(name))?;
    let v = send(request(ctx, Method::GET, "/query")?.query("query", select.statement(1, 100)))
        .await
        .map_err(|e| e.context("looking up customers by name"))?;
    let ids: Vec<String> = v
        .pointer("/QueryResponse/Customer")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("Id").and_then(Value::as_str).map(str::to_owned))
        .collect();
    Ok(ids)
}
