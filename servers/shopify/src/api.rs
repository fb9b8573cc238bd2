//! The shop's host and API version, one GraphQL call, ids (numeric and gid), money,
//! `userErrors`, pages, Shopify's error bodies, and the shapes the tools return.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use mcp_shared::graphql::{execute, relay_list, relay_page, relay_vars};
use mcp_shared::json::{at, pick};
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{Ctx, ErrorKind, Method, ToolError, VendorError};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use serde_json::{Map, Value, json};

/// The GraphQL Admin API version called unless the operator sets `SHOPIFY_API_VERSION`
/// (`--api-version`): the latest stable release (Shopify releases one per quarter and
/// supports each for at least 12 months).
pub const API_VERSION: &str = "2026-10";

/// `acme.myshopify.com` for `acme`, `acme.myshopify.com`, `https://acme.myshopify.com/`
/// (any case); any other host is returned as given (lower-cased) for the host guard to
/// refuse. A value with a path, port, user or query is not a shop domain.
pub fn shop_host(value: &str) -> Result<String, String> {
    let v = mcp_shared::tenant::host_as_written(value);
    let ok = mcp_shared::tenant::is_host_name(&v);
    if !ok {
        return Err(format!(
            "`{value}` is not a shop domain: send the shop's myshopify.com domain (acme.myshopify.com) or its handle (acme)"
        ));
    }
    Ok(if v.contains('.') {
        v
    } else {
        format!("{v}.myshopify.com")
    })
}

type Derived = Pin<Box<dyn Future<Output = Result<Vec<(String, String)>, ToolError>> + Send>>;

/// The tenant template's `{shop_host}` from the credentials' `shop_domain`.
pub fn derive_shop_host(ctx: Ctx) -> Derived {
    let given = ctx
        .credentials()
        .and_then(|c| c.field("shop_domain").or_else(|| c.field("shop")))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let out = match given {
        None => Err(ctx.missing_field("shop_domain", &["shop_domain"])),
        Some(s) => shop_host(&s)
            .map(|h| vec![("shop_host".to_owned(), h)])
            .map_err(|why| {
                ToolError::invalid_input(format!("{why}. No request was made."))
                    .with_hint("set `shop_domain` in x-auth-data (or SHOPIFY_SHOP_DOMAIN).")
            }),
    };
    Box::pin(std::future::ready(out))
}

/// The API version of this call: the operator's `--api-version`, else [`API_VERSION`].
fn version(ctx: &Ctx) -> Result<String, ToolError> {
    let v = ctx
        .option("api-version")
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .unwrap_or(API_VERSION);
    let b = v.as_bytes();
    let dated = b.len() == 7
        && b.get(4) == Some(&b'-')
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || c.is_ascii_digit());
    if dated || v == "unstable" {
        Ok(v.to_owned())
    } else {
        Err(ToolError::invalid_input(format!(
            "SHOPIFY_API_VERSION `{v}` is not a Shopify API version: use a release such as {API_VERSION}."
        )))
    }
}

/// Run a named operation on the shop's GraphQL Admin endpoint and return its `data`.
pub async fn gql(ctx: &Ctx, op: &str, doc: &str, vars: Value) -> Result<Value, ToolError> {
    let path = format!("/admin/api/{}/graphql.json", version(ctx)?);
    execute(ctx.authorized(Method::POST, &path)?, op, doc, vars).await
}

/// The gid of a `kind` object from `value`: a numeric id (`123456`, as the REST API and Klavis
/// use) or a gid of that kind (`gid://shopify/Product/123456`).
pub fn gid(kind: &str, value: &str, arg: &str) -> Result<String, ToolError> {
    gid_of(&[kind], value, arg)
}

/// Like [`gid`], accepting gids of any of `kinds` (numeric ids become the first kind).
pub fn gid_of(kinds: &[&str], value: &str, arg: &str) -> Result<String, ToolError> {
    let v = value.trim();
    let first = kinds.first().copied().unwrap_or("Node");
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(format!("gid://shopify/{first}/{v}"));
    }
    if let Some(rest) = v.strip_prefix("gid://shopify/")
        && let Some((kind, id)) = rest.split_once('/')
        && kinds.contains(&kind)
        && !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_?=&.".contains(&b))
    {
        return Ok(v.to_owned());
    }
    Err(ToolError::invalid_input(format!(
        "`{arg}` must be a numeric Shopify id (123456) or a {first} gid (gid://shopify/{first}/123456), not `{value}`."
    )))
}

/// The ids of a comma-separated list, each as a gid of `kind`.
pub fn gid_list(kind: &str, value: &str, arg: &str) -> Result<Vec<String>, ToolError> {
    value
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| gid(kind, s, arg))
        .collect()
}

/// The numeric id at the end of a gid (`123` for `gid://shopify/Product/123?x=y`).
pub fn numeric_id(gid: &str) -> Option<String> {
    let tail = gid.rsplit('/').next()?;
    let tail = tail.split('?').next().unwrap_or(tail);
    (!tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit())).then(|| tail.to_owned())
}

/// `id` (the numeric id the REST API used) and `gid` of a node, into `out`.
pub fn put_ids(out: &mut Value, node: &Value) {
    let Some(g) = node.get("id").and_then(Value::as_str) else {
        return;
    };
    let legacy = match node.get("legacyResourceId") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    if let Some(n) = legacy.or_else(|| numeric_id(g)) {
        out["id"] = json!(n);
    } else {
        out["id"] = json!(g);
    }
    out["gid"] = json!(g);
}

/// `pick` of `paths`, with `id` and `gid` first.
pub fn shape(node: &Value, paths: &[&str]) -> Value {
    let mut out = json!({});
    put_ids(&mut out, node);
    if let (Value::Object(o), Value::Object(p)) = (&mut out, pick(node, paths)) {
        o.extend(p);
    }
    out
}

/// `{id, gid, name}`-style reference of a nested node (`customer`, `location`), or null.
pub fn reference(node: Option<&Value>, name_field: &str) -> Value {
    match node {
        Some(n) if n.is_object() => {
            let mut out = json!({});
            put_ids(&mut out, n);
            if let Some(name) = n.get(name_field).filter(|v| !v.is_null()) {
                out["name"] = name.clone();
            }
            out
        }
        _ => Value::Null,
    }
}

/// A `MoneyV2` (or a `MoneyBag`'s shop money) as `{amount, currency}` with the amount a
/// decimal string as Shopify sends it; null when absent.
pub fn money(v: Option<&Value>) -> Value {
    let Some(v) = v.filter(|v| v.is_object()) else {
        return Value::Null;
    };
    let m = v.get("shopMoney").unwrap_or(v);
    let amount = match m.get("amount") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => return Value::Null,
    };
    json!({ "amount": amount, "currency": m.get("currencyCode").cloned().unwrap_or(Value::Null) })
}

/// Money at `path` of `node` into `out[key]` (left out when absent).
pub fn put_money(out: &mut Value, key: &str, node: &Value, path: &str) {
    let m = money(at(node, path));
    if !m.is_null() {
        out[key] = m;
    }
}

/// A decimal amount the caller gave (`"19.99"`, `"-10"`), checked and kept as a string.
pub fn decimal(value: &str, arg: &str) -> Result<String, ToolError> {
    let v = value.trim();
    let digits = v.strip_prefix('-').unwrap_or(v);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let ok = !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
        && !digits.ends_with('.');
    if ok {
        Ok(v.to_owned())
    } else {
        Err(ToolError::invalid_input(format!(
            "`{arg}` must be a decimal amount such as \"19.99\", not `{value}`."
        )))
    }
}

/// A price the caller gave as a JSON string or number, as a decimal string.
pub fn decimal_value(v: &Value, arg: &str) -> Result<String, ToolError> {
    match v {
        Value::String(s) => decimal(s, arg),
        Value::Number(n) => decimal(&n.to_string(), arg),
        other => Err(ToolError::invalid_input(format!(
            "`{arg}` must be a decimal amount such as \"19.99\", not {other}."
        ))),
    }
}

/// The payload of mutation `field`; its `userErrors` (Shopify's answer for input it
/// rejects, with status 200) become one clear tool error naming each field.
pub fn payload<'a>(data: &'a Value, field: &str) -> Result<&'a Value, ToolError> {
    let p = data.get(field).filter(|p| p.is_object()).ok_or_else(|| {
        ToolError::transport(format!("Shopify answered {field} without its payload."))
    })?;
    let errors = p
        .get("userErrors")
        .and_then(Value::as_array)
        .filter(|e| !e.is_empty());
    if let Some(errors) = errors {
        let mut code = None;
        let parts: Vec<String> = errors
            .iter()
            .map(|e| {
                let msg = e
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("rejected");
                let c = e.get("code").and_then(Value::as_str);
                if code.is_none() {
                    code = c.map(str::to_owned);
                }
                let path: Vec<String> = e
                    .get("field")
                    .and_then(Value::as_array)
                    .map(|f| {
                        f.iter()
                            .map(|s| s.as_str().map_or_else(|| s.to_string(), str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default();
                let mut s = String::new();
                if !path.is_empty() {
                    s.push_str(&format!("`{}`: ", path.join(".")));
                }
                s.push_str(msg.trim_end_matches('.'));
                if let Some(c) = c {
                    s.push_str(&format!(" ({c})"));
                }
                s
            })
            .collect();
        let mut err = ToolError::new(
            ErrorKind::Upstream,
            format!("Shopify rejected {field}: {}.", parts.join("; ")),
        )
        .with_hint("Shopify applied nothing: fix the named fields and call again.");
        if let Some(c) = code {
            err = err.with_code(c);
        }
        return Err(err);
    }
    Ok(p)
}

/// The object `key` of a mutation payload, or an error saying Shopify returned none.
pub fn created<'a>(p: &'a Value, field: &str, key: &str) -> Result<&'a Value, ToolError> {
    p.get(key).filter(|v| v.is_object()).ok_or_else(|| {
        ToolError::transport(format!(
            "Shopify answered {field} without the {key} and without userErrors."
        ))
    })
}

/// A node a query returned, or a not-found error naming the id.
pub fn found<'a>(
    data: &'a Value,
    field: &str,
    what: &str,
    id: &str,
) -> Result<&'a Value, ToolError> {
    data.get(field).filter(|v| v.is_object()).ok_or_else(|| {
        ToolError::new(
            ErrorKind::Upstream,
            format!("Shopify has no {what} {id} (or the token cannot read it)."),
        )
        .with_status(404)
        .with_hint("check the id; list tools give the ids this token can see.")
    })
}

/// `first`/`after` (and nothing for a missing cursor) for a list of at most 250.
pub fn page_vars(limit: Option<u64>, cursor: Option<&str>, default: u64) -> Map<String, Value> {
    relay_vars(limit, cursor, default, 250)
}

/// A list result: `key` holds the items shaped by `f`, and `next_cursor` the next page.
pub fn list(connection: Option<&Value>, key: &str, f: fn(&Value) -> Value) -> Value {
    relay_list(connection, key, f)
}

/// One term of Shopify's search syntax: `field:value`, the value quoted when it has to be.
pub fn term(field: &str, value: &str) -> String {
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.@/+".contains(c));
    if plain {
        format!("{field}:{value}")
    } else {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        format!("{field}:\"{escaped}\"")
    }
}

/// Shopify's error bodies outside GraphQL's `errors[]`: `{"errors": "[API] Invalid API key
/// or access token ..."}` (401), `{"errors": "Not Found"}`, `{"errors": {"field": [..]}}` or
/// `{"error": "..."}`.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let text = |v: &Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            Value::Array(a) => {
                let parts: Vec<String> = a
                    .iter()
                    .filter_map(|e| {
                        e.get("message")
                            .and_then(Value::as_str)
                            .or_else(|| e.as_str())
                            .map(str::to_owned)
                    })
                    .collect();
                (!parts.is_empty()).then(|| parts.join("; "))
            }
            Value::Object(o) => {
                let parts: Vec<String> = o
                    .iter()
                    .map(|(k, v)| match v {
                        Value::Array(a) => format!(
                            "{k}: {}",
                            a.iter()
                                .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_owned))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        Value::String(s) => format!("{k}: {s}"),
                        other => format!("{k}: {other}"),
                    })
                    .collect();
                (!parts.is_empty()).then(|| parts.join("; "))
            }
            _ => None,
        }
    };
    let message = body
        .get("errors")
        .and_then(text)
        .or_else(|| body.get("error").and_then(text))
        .or_else(|| {
            body.get("message")
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
    let hint = match status {
        401 => Some("the Admin API access token (shpat_…) is invalid or revoked: send a valid `access_token` for this shop.".to_owned()),
        402 => Some("the shop is frozen or its plan is unpaid (Unavailable Shop).".to_owned()),
        403 => Some("the app lacks an access scope this call needs (e.g. read_products, write_orders, read_all_orders).".to_owned()),
        423 => Some("the shop is locked by Shopify.".to_owned()),
        _ => None,
    };
    VendorError {
        code: body
            .pointer("/errors/0/extensions/code")
            .and_then(Value::as_str)
            .map(str::to_owned),
        message,
        hint,
        ..VendorError::default()
    }
}

/// A whole number that may be negative (an inventory delta). Its schema is JSON `number`, as
/// the catalog declares it; it accepts `-3`, `-3.0` and `"-3"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delta(pub i64);

impl<'de> Deserialize<'de> for Delta {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Delta;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Delta, E> {
                i64::try_from(v)
                    .map(Delta)
                    .map_err(|_| E::custom(format!("{v} is too large")))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Delta, E> {
                Ok(Delta(v))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Delta, E> {
                if v.is_finite() && v.fract() == 0.0 && v.abs() <= 9.0e15 {
                    Ok(Delta(v as i64))
                } else {
                    Err(E::custom(format!("expected a whole number, got {v}")))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Delta, E> {
                v.trim()
                    .parse::<i64>()
                    .map(Delta)
                    .map_err(|_| E::custom(format!("expected a whole number, got \"{v}\"")))
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Delta {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Delta".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "number" })
    }
}

/// A REST-style address (`first_name`, `address1`, `country_code`...) as Shopify's
/// `MailingAddressInput`.
pub fn address(a: &Map<String, Value>, arg: &str) -> Result<Value, ToolError> {
    let mut m = Map::new();
    for (from, to) in [
        ("first_name", "firstName"),
        ("last_name", "lastName"),
        ("company", "company"),
        ("address1", "address1"),
        ("address2", "address2"),
        ("city", "city"),
        ("zip", "zip"),
        ("phone", "phone"),
    ] {
        if let Some(v) = a.get(from).or_else(|| a.get(to)).filter(|v| !v.is_null()) {
            m.insert(to.into(), v.clone());
        }
    }
    let code = |keys: &[&str]| keys.iter().find_map(|k| a.get(*k).and_then(Value::as_str));
    if let Some(c) = code(&["country_code", "countryCode"]) {
        m.insert("countryCode".into(), json!(c.trim().to_ascii_uppercase()));
    } else if let Some(c) = code(&["country"]) {
        let c = c.trim();
        if c.len() == 2 && c.chars().all(|ch| ch.is_ascii_alphabetic()) {
            m.insert("countryCode".into(), json!(c.to_ascii_uppercase()));
        } else {
            return Err(ToolError::invalid_input(format!(
                "`{arg}.country` must be a two-letter country code (US, DE), or send `country_code`."
            )));
        }
    }
    if let Some(p) = code(&["province_code", "provinceCode", "province"]) {
        m.insert("provinceCode".into(), json!(p.trim()));
    }
    Ok(Value::Object(m))
}

pub fn product(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "title",
            "handle",
            "status",
            "vendor",
            "product_type=productType",
            "tags",
            "total_inventory=totalInventory",
            "created_at=createdAt",
            "updated_at=updatedAt",
            "body_html=descriptionHtml",
            "online_store_url=onlineStoreUrl",
        ],
    );
    put_money(&mut o, "min_price", v, "priceRangeV2.minVariantPrice");
    put_money(&mut o, "max_price", v, "priceRangeV2.maxVariantPrice");
    if let Some(opts) = v.get("options").and_then(Value::as_array) {
        o["options"] = opts.iter().map(|x| pick(x, &["name", "values"])).collect();
    }
    if let Some(vars) = v.get("variants") {
        let (items, _) = relay_page(vars);
        o["variants"] = items.iter().map(variant).collect();
    }
    o
}

pub fn variant(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "title",
            "sku",
            "barcode",
            "price",
            "compare_at_price=compareAtPrice",
            "inventory_quantity=inventoryQuantity",
            "inventory_item_gid=inventoryItem.id",
        ],
    );
    if let Some(g) = at(v, "inventoryItem.id").and_then(Value::as_str)
        && let Some(n) = numeric_id(g)
    {
        o["inventory_item_id"] = json!(n);
    }
    if let Some(opts) = v.get("selectedOptions").and_then(Value::as_array) {
        o["options"] = opts.iter().map(|x| pick(x, &["name", "value"])).collect();
    }
    o
}

pub fn address_out(v: Option<&Value>) -> Value {
    match v {
        Some(a) if a.is_object() => pick(
            a,
            &[
                "name",
                "first_name=firstName",
                "last_name=lastName",
                "company",
                "address1",
                "address2",
                "city",
                "province",
                "province_code=provinceCode",
                "country",
                "country_code=countryCodeV2",
                "zip",
                "phone",
            ],
        ),
        _ => Value::Null,
    }
}
