//! The request layer every tool goes through: the store's `{site_url}/wp-json/wc/v3` (through
//! the tenant-host guard), the consumer key and secret as WooCommerce documents them (HTTP
//! Basic over https, the OAuth 1.0a signature over plain http), writes sent once, lists with
//! `X-WP-Total` / `X-WP-TotalPages`, and WooCommerce's error body.

use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{
    ANY_PUBLIC_HOST, Count, Ctx, Method, Response, ServerOption, TenantUrl, ToolError, VendorError,
};
use serde_json::{Map, Value, json};
use std::fmt::Display;

use crate::oauth;

/// The store's REST API: its address from the credentials (`site_url`), any public host over
/// https; `WOOCOMMERCE_ALLOWED_HOSTS` allows an operator's own hosts (and plain http there).
pub const BASES: &[TenantUrl] = &[TenantUrl {
    template: "{site_url|store_url|url}/wp-json/wc/v3",
    hosts: &[ANY_PUBLIC_HOST],
    derive: None,
    requires: &[],
}];

/// `--plain-http-signing basic|oauth`: how to sign requests to a store reached over plain http.
pub const PLAIN_HTTP_SIGNING: ServerOption = ServerOption {
    name: "plain-http-signing",
    env: "WOOCOMMERCE_PLAIN_HTTP_SIGNING",
    help: "For stores on plain http (hosts allowed by WOOCOMMERCE_ALLOWED_HOSTS): `oauth` (default, WooCommerce's OAuth 1.0a signature) or `basic` (a store behind a TLS-terminating proxy that serves it as https)",
};

/// The credential fields of the key pair.
pub const KEY: &[&str] = &["consumer_key"];
pub const SECRET: &[&str] = &["consumer_secret"];

/// One request to the store's API, built by a tool and sent by [`send`].
pub struct Call {
    method: Method,
    path: String,
    query: Vec<(String, String)>,
    body: Option<Value>,
}

impl Call {
    pub fn new(method: Method, path: impl Into<String>) -> Self {
        Self {
            method,
            path: path.into(),
            query: Vec::new(),
            body: None,
        }
    }

    pub fn get(path: impl Into<String>) -> Self {
        Self::new(Method::GET, path)
    }

    pub fn post(path: impl Into<String>, body: Value) -> Self {
        Self::new(Method::POST, path).body(body)
    }

    pub fn put(path: impl Into<String>, body: Value) -> Self {
        Self::new(Method::PUT, path).body(body)
    }

    pub fn delete(path: impl Into<String>) -> Self {
        Self::new(Method::DELETE, path)
    }

    pub fn body(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }

    pub fn q(mut self, key: &str, value: impl ToString) -> Self {
        self.query.push((key.to_owned(), value.to_string()));
        self
    }

    pub fn q_opt<T: ToString>(self, key: &str, value: Option<T>) -> Self {
        match value {
            Some(v) => self.q(key, v),
            None => self,
        }
    }

    /// `page` and `per_page` (1-100), checked.
    pub fn pages(self, page: Option<Count>, per_page: Option<Count>) -> Result<Self, ToolError> {
        if page.is_some_and(|p| p.get() == 0) {
            return Err(ToolError::invalid_input("`page` starts at 1"));
        }
        if let Some(n) = per_page
            && !(1..=100).contains(&n.get())
        {
            return Err(ToolError::invalid_input(format!(
                "`perPage` must be 1 to 100 (WooCommerce's largest page), got {}",
                n.get()
            )));
        }
        Ok(self
            .q_opt("page", page.map(Count::get))
            .q_opt("per_page", per_page.map(Count::get)))
    }
}

/// The request URL without its query, as the store sees it (what the OAuth signature covers):
/// the base joined with the path the way the upstream client joins them.
fn signing_url(base: &url::Url, path: &str) -> String {
    let mut url = base.clone();
    url.set_path(&format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    ));
    url.set_query(None);
    url.set_fragment(None);
    url.to_string()
}

/// Send one call. Over https (and to a store the operator marks `--plain-http-signing basic`) with
/// HTTP Basic `consumer_key:consumer_secret`; over plain http with the OAuth 1.0a one-legged
/// signature in the query. Only reads are retried after they may have reached the store.
pub async fn send(ctx: &Ctx, call: Call) -> Result<Response, ToolError> {
    let Call {
        method,
        path,
        query,
        body,
    } = call;
    let plain_http = ctx
        .upstream()
        .base_url()
        .filter(|u| u.scheme() == "http")
        .cloned();
    let basic_on_http = ctx
        .option(PLAIN_HTTP_SIGNING.name)
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("basic"));
    let write = method != Method::GET;
    let mut req = match plain_http {
        Some(base) if !basic_on_http => {
            if let Some(v) = ctx.option(PLAIN_HTTP_SIGNING.name)
                && !v.trim().eq_ignore_ascii_case("oauth")
            {
                return Err(ToolError::invalid_input(format!(
                    "the server's setting --plain-http-signing must be `oauth` or `basic`, not `{v}`; ask its operator to fix it"
                )));
            }
            let key = ctx
                .credentials()
                .and_then(|c| mcp_shared::vendor_auth::first(Some(c), KEY))
                .ok_or_else(|| ctx.missing_field(KEY[0], KEY))?;
            let secret = ctx
                .credentials()
                .and_then(|c| mcp_shared::vendor_auth::first(Some(c), SECRET))
                .ok_or_else(|| ctx.missing_field(SECRET[0], SECRET))?;
            let url = signing_url(&base, &path);
            let signed =
                oauth::parameters(method.as_str(), &url, &query, key.expose(), secret.expose());
            let mut req = ctx.request(method.clone(), &path);
            for (k, v) in &query {
                req = req.query(k, v);
            }
            for (k, v) in signed {
                req = match k.as_str() {
                    "oauth_consumer_key" | "oauth_signature" => {
                        req.secret_query(&k, &mcp_shared::Secret::new(&v))
                    }
                    _ => req.query(&k, v),
                };
            }
            req
        }
        _ => {
            let mut req = ctx.authorized(method.clone(), &path)?;
            for (k, v) in &query {
                req = req.query(k, v);
            }
            req
        }
    };
    if let Some(b) = &body {
        req = req.json(b);
    }
    if write {
        // A write the store may have run is never sent again (PUT and DELETE included).
        req = req.idempotent(false);
    }
    req.send().await
}

/// Send one call and return its JSON answer, without the `_links` of its objects.
pub async fn value(ctx: &Ctx, call: Call) -> Result<Value, ToolError> {
    let resp = send(ctx, call).await?;
    let v: Value = if resp.text().trim().is_empty() {
        Value::Null
    } else {
        resp.json()?
    };
    Ok(without_links(v))
}

/// One object by id: GET `{path}/{id}`.
pub async fn get_one(ctx: &Ctx, path: &str, id: impl Display) -> Result<Value, ToolError> {
    value(ctx, Call::get(format!("{path}/{id}"))).await
}

/// A list the store answers whole (no paging), as `{"<key>": [...]}`.
pub async fn keyed(ctx: &Ctx, call: Call, key: &str) -> Result<Value, ToolError> {
    let items = value(ctx, call).await?;
    let mut out = Map::new();
    out.insert(key.to_owned(), items);
    Ok(Value::Object(out))
}

/// Create from an object argument: POST `path` with `data` (named `what`, not empty).
pub async fn create(
    ctx: &Ctx,
    path: &str,
    data: Map<String, Value>,
    what: &str,
) -> Result<Value, ToolError> {
    let body = object(data, what)?;
    value(ctx, Call::post(path, body)).await
}

/// Update from an object argument: PUT `{path}/{id}` with `data` (named `what`, not empty).
pub async fn update(
    ctx: &Ctx,
    path: &str,
    id: impl Display,
    data: Map<String, Value>,
    what: &str,
) -> Result<Value, ToolError> {
    let body = object(data, what)?;
    value(ctx, Call::put(format!("{path}/{id}"), body)).await
}

/// DELETE `{path}/{id}?force=<force>`: to the trash, or for good.
pub async fn delete(
    ctx: &Ctx,
    path: &str,
    id: impl Display,
    force: bool,
) -> Result<Value, ToolError> {
    value(ctx, Call::delete(format!("{path}/{id}")).q("force", force)).await
}

/// Drop `_links` (HAL navigation, noise for an agent) from an object or the objects of a list.
pub fn without_links(v: Value) -> Value {
    match v {
        Value::Object(mut m) => {
            m.remove("_links");
            Value::Object(m)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(without_links).collect()),
        other => other,
    }
}

/// A list call: `{"<key>": [...], "page", "per_page", "total", "total_pages"}`, the totals
/// from WooCommerce's `X-WP-Total` and `X-WP-TotalPages` headers (absent when the store did
/// not send them), `next_page` while there are more.
pub async fn list(
    ctx: &Ctx,
    call: Call,
    key: &str,
    page: Option<Count>,
    per_page: Option<Count>,
) -> Result<Value, ToolError> {
    let call = call.pages(page, per_page)?;
    let resp = send(ctx, call).await?;
    let items: Value = resp.json()?;
    let items = without_links(items);
    let number = |h: &str| resp.header(h).and_then(|v| v.trim().parse::<u64>().ok());
    let page = page.map_or(1, Count::get);
    let mut out = Map::new();
    out.insert(key.to_owned(), items);
    out.insert("page".into(), json!(page));
    // WooCommerce's default page size is 10 unless the store changed it.
    out.insert(
        "per_page".into(),
        per_page.map_or(Value::Null, |n| json!(n.get())),
    );
    if let Some(total) = number("x-wp-total") {
        out.insert("total".into(), json!(total));
    }
    if let Some(pages) = number("x-wp-totalpages") {
        out.insert("total_pages".into(), json!(pages));
        if page < pages {
            out.insert("next_page".into(), json!(page + 1));
        }
    }
    if out.get("per_page") == Some(&Value::Null) {
        out.remove("per_page");
    }
    Ok(Value::Object(out))
}

/// A JSON object argument (`productData`, ...), or a clear error naming it.
pub fn object(v: Map<String, Value>, what: &str) -> Result<Value, ToolError> {
    if v.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` is empty: give the fields to set, as WooCommerce names them"
        )));
    }
    Ok(Value::Object(v))
}

/// A text field an object argument must carry: `{what}.{field}`, not blank; `why` says
/// what it is.
pub fn require_text(
    data: &Map<String, Value>,
    what: &str,
    field: &str,
    why: &str,
) -> Result<(), ToolError> {
    let ok = data
        .get(field)
        .and_then(Value::as_str)
        .is_some_and(|v| !v.trim().is_empty());
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}.{field}` is required: {why}"
        )));
    }
    Ok(())
}

/// A batch body `{"create": [...], "update": [...], "delete": [...]}` with the parts given;
/// at least one, at most 100 objects in all (WooCommerce's batch limit).
pub fn batch(
    create: Option<Vec<Map<String, Value>>>,
    update: Option<Vec<Map<String, Value>>>,
    delete: Option<Vec<Count>>,
) -> Result<Value, ToolError> {
    let n = create.as_ref().map_or(0, Vec::len)
        + update.as_ref().map_or(0, Vec::len)
        + delete.as_ref().map_or(0, Vec::len);
    if n == 0 {
        return Err(ToolError::invalid_input(
            "give at least one of `create`, `update` or `delete`",
        ));
    }
    if n > 100 {
        return Err(ToolError::invalid_input(format!(
            "WooCommerce takes at most 100 objects in one batch, got {n}"
        )));
    }
    if let Some(u) = &update
        && u.iter().any(|o| !o.contains_key("id"))
    {
        return Err(ToolError::invalid_input(
            "every object in `update` needs its `id`",
        ));
    }
    let mut b = Map::new();
    if let Some(c) = create.filter(|c| !c.is_empty()) {
        b.insert("create".into(), json!(c));
    }
    if let Some(u) = update.filter(|u| !u.is_empty()) {
        b.insert("update".into(), json!(u));
    }
    if let Some(d) = delete.filter(|d| !d.is_empty()) {
        b.insert("delete".into(), json!(d));
    }
    Ok(Value::Object(b))
}

/// WooCommerce's (WP REST API's) error body: `{"code", "message", "data": {"status",
/// "params": {field: why}, "details": {...}}}`.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let code = s(body, "code");
    let mut message = s(body, "message");
    let params: Vec<String> = body
        .pointer("/data/params")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| match v.as_str() {
            Some(why) => format!("{k}: {why}"),
            None => format!("{k}: {v}"),
        })
        .collect();
    if !params.is_empty() {
        let list = params.join("; ");
        message = Some(match message {
            Some(m) => format!("{m} ({list})"),
            None => list,
        });
    }
    let c = code.as_deref().unwrap_or_default();
    let hint = match status {
        401 if c.contains("authentication") || c.contains("signature") || c.contains("consumer") || c.contains("oauth") => Some(
            "the store refused the key pair: send the REST API key's `consumer_key` and `consumer_secret` (WooCommerce > Settings > Advanced > REST API) with the store's `site_url`.".to_owned(),
        ),
        401 | 403 => Some(
            "the key's user or its access level (read, write, read/write) does not allow this call.".to_owned(),
        ),
        404 if c == "rest_no_route" => Some(
            "the store has no such route: check that WooCommerce is active and `site_url` is the WordPress address (with pretty permalinks).".to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// A string enum argument: its values as WooCommerce writes them.
#[macro_export]
macro_rules! str_enum {
    ($(#[$doc:meta])* $name:ident { $($var:ident = $s:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(serde::Deserialize, schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $(#[serde(rename = $s)] $var),*
        }
        impl $name {
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$var => $s),*
                }
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

str_enum!(
    /// Sort direction.
    Order { Asc = "asc", Desc = "desc" }
);
