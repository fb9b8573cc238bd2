//! Chargebee helpers: the site check, the error body, form encoding with bracketed names,
//! idempotent POSTs, filtered `limit`/`offset` lists and the concise shapes tools return.

use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, ErrorKind, Method, ToolError, VendorError};
use serde_json::{Map, Value, json};

/// The header Chargebee reads an idempotency key from (API v2, POST requests).
pub const IDEMPOTENCY_HEADER: &str = "chargebee-idempotency-key";

/// Fields whose value Chargebee takes as JSON text rather than bracketed names.
const JSON_FIELDS: &[&str] = &["meta_data"];

/// Checks the credential `site` before any request: a site name (`acme`, `acme-test`), its
/// host (`acme.chargebee.com`) or its https URL. A value naming any other host is refused, so
/// that neither a request nor the API key goes anywhere but Chargebee.
pub fn check_site(site: &str) -> Result<(), ToolError> {
    // Written as people write hosts (any case, a scheme, a trailing slash or dot), the form
    // the shared host guard compares.
    let written = mcp_shared::tenant::host_as_written(site);
    let v = written.as_str();
    let host_chars = mcp_shared::tenant::is_host_name;
    if host_chars(v)
        && (!v.contains('.') || v.strip_suffix(".chargebee.com").is_some_and(host_chars))
    {
        return Ok(());
    }
    // The host the value names, for the message.
    let host = v
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
        .rsplit('@')
        .next()
        .unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let err = if host.contains('.') && !host.ends_with(".chargebee.com") {
        ToolError::new(
            ErrorKind::InvalidInput,
            format!(
                "Refusing the host `{host}` named by this call's credentials: it is not a Chargebee host (expected *.chargebee.com). No request was made and no credentials were sent."
            ),
        )
    } else {
        ToolError::new(
            ErrorKind::InvalidInput,
            "The Chargebee credential field `site` is not usable: it must be the site name (acme, acme-test), its host acme.chargebee.com or https://acme.chargebee.com. No request was made.",
        )
    };
    Err(err.with_hint(
        "send `site` in the x-auth-data header (or CHARGEBEE_SITE) as Chargebee names the site.",
    ))
}

/// A request to `path` below the site's API, after the site check.
fn request(ctx: &Ctx, method: Method, path: &str) -> Result<mcp_shared::Request, ToolError> {
    if let Some(site) = ctx
        .credentials()
        .and_then(|c| c.field("site"))
        .and_then(Value::as_str)
    {
        check_site(site)?;
    }
    ctx.authorized(method, path)
}

/// GET with query pairs; the decoded JSON answer.
pub async fn get(ctx: &Ctx, path: &str, query: &[(String, String)]) -> Result<Value, ToolError> {
    let mut r = request(ctx, Method::GET, path)?;
    for (k, v) in query {
        r = r.query(k, v);
    }
    r.send_json().await
}

/// POST a form body built from `body` ([`form_pairs`]) with a fresh idempotency key: Chargebee
/// answers a repeat of the key with the first answer, so the client may retry this POST after
/// a gateway error or a lost connection without doing the change (or the charge) twice.
pub async fn post(ctx: &Ctx, path: &str, body: &Map<String, Value>) -> Result<Value, ToolError> {
    request(ctx, Method::POST, path)?
        .idempotency_key(IDEMPOTENCY_HEADER)
        .form(form_pairs(body))
        .send_json()
        .await
}

/// Chargebee's form encoding of a JSON object (API v2): `name=value` for a scalar,
/// `name[key]=value` for an object's fields (`billing_address[city]`), `name[key][i]=value`
/// for the fields of the i-th object of an array (`subscription_items[item_price_id][0]`),
/// `name[i]=value` for an array of scalars (`coupon_ids[0]`); JSON-typed fields (`meta_data`)
/// as JSON text. Numbers are written exactly as given (amounts are integers in the minor
/// unit), booleans as `true`/`false`; nulls are left out.
pub fn form_pairs(body: &Map<String, Value>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (k, v) in body {
        if JSON_FIELDS.contains(&k.as_str()) && (v.is_object() || v.is_array()) {
            out.push((k.clone(), v.to_string()));
            continue;
        }
        flatten(k, v, &mut out);
    }
    out
}

fn flatten(name: &str, v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Null => {}
        Value::Object(m) => {
            for (k, v) in m {
                flatten(&format!("{name}[{k}]"), v, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                match item {
                    Value::Object(m) => {
                        for (k, v) in m {
                            let key = format!("{name}[{k}][{i}]");
                            match v {
                                Value::Object(_) | Value::Array(_) => {
                                    out.push((key, v.to_string()));
                                }
                                _ => flatten(&key, v, out),
                            }
                        }
                    }
                    _ => flatten(&format!("{name}[{i}]"), item, out),
                }
            }
        }
        Value::String(s) => out.push((name.to_owned(), s.clone())),
        Value::Bool(b) => out.push((name.to_owned(), b.to_string())),
        Value::Number(n) => out.push((name.to_owned(), n.to_string())),
    }
}

/// Chargebee's error body: `{"message", "type", "api_error_code", "param", "error_code",
/// "error_msg", "http_status_code"}`.
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let param = s("param");
    let code = s("api_error_code").or_else(|| s("error_code"));
    let mut message = s("message").or_else(|| s("error_msg"));
    if let Some(p) = &param {
        message = Some(match message {
            Some(m) => format!("{m} (parameter `{p}`)"),
            None => format!("the parameter `{p}` was rejected"),
        });
    }
    let rate_limited = status == 429
        || matches!(
            code.as_deref(),
            Some("api_request_limit_exceeded" | "lock_timeout")
        );
    let hint = match (status, code.as_deref(), s("type").as_deref()) {
        (_, Some("api_request_limit_exceeded"), _) => None,
        (401, ..) => Some(
            "Chargebee refused the API key: send a key of this site (Settings > Configure Chargebee > API keys) as `api_key`, and `site` as the site's name (acme or acme-test)."
                .to_owned(),
        ),
        (403, ..) => Some(
            "the API key lacks permission for this call (a read-only or restricted key cannot write)."
                .to_owned(),
        ),
        (_, _, Some("payment")) => Some(
            "the payment failed at the gateway or the payment method: nothing was charged; check the customer's payment source."
                .to_owned(),
        ),
        (_, Some("configuration_incompatible"), _) => Some(
            "the site's configuration does not allow this; these tools need Product Catalog 2.0."
                .to_owned(),
        ),
        (_, _, Some("invalid_request")) if param.is_some() => {
            param.as_ref().map(|p| format!("fix `{p}` and call again."))
        }
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited,
        missing_scopes: None,
    }
}

/// The page size, 1 to 100 (Chargebee's default is 10).
pub fn limit(limit: Option<Count>) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(10),
        Some(n @ 1..=100) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`limit` must be 1 to 100 (Chargebee's page size), got {n}."
        ))),
    }
}

/// Query pairs of a list call: `limit`, `offset` and the filters given.
#[derive(Default)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    pub fn page(l: Option<Count>, offset: Option<&str>) -> Result<Self, ToolError> {
        let mut q = Self::default();
        q.0.push(("limit".into(), limit(l)?.to_string()));
        if let Some(o) = offset.map(str::trim).filter(|o| !o.is_empty()) {
            q.0.push(("offset".into(), o.to_owned()));
        }
        Ok(q)
    }

    /// `field[op]=value` when the value is given and not blank.
    pub fn filter(&mut self, field: &str, op: &str, value: Option<&str>) {
        if let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) {
            self.0.push((format!("{field}[{op}]"), v.to_owned()));
        }
    }

    /// A timestamp filter (`paid_at[after]=1700000000`).
    pub fn time(&mut self, field: &str, op: &str, value: Option<Count>) {
        if let Some(v) = value {
            self.0.push((format!("{field}[{op}]"), v.get().to_string()));
        }
    }

    /// An enumerated filter: one value as `field[is]`, a comma-separated list as
    /// `field[in]=[a,b]`; each value checked against `allowed` when it is not empty.
    pub fn one_of(
        &mut self,
        field: &str,
        arg: &str,
        value: Option<&str>,
        allowed: &[&str],
    ) -> Result<(), ToolError> {
        let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(());
        };
        let values: Vec<&str> = v
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        for s in &values {
            let ok = if allowed.is_empty() {
                s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            } else {
                allowed.contains(s)
            };
            if !ok {
                let expected = if allowed.is_empty() {
                    "lower-case names such as `card`".to_owned()
                } else {
                    allowed.join(", ")
                };
                return Err(ToolError::invalid_input(format!(
                    "`{arg}` has `{s}`, which Chargebee does not know; use one of {expected} (several separated by commas)."
                )));
            }
        }
        match values.as_slice() {
            [] => {}
            [one] => self.0.push((format!("{field}[is]"), (*one).to_owned())),
            many => self
                .0
                .push((format!("{field}[in]"), format!("[{}]", many.join(",")))),
        }
        Ok(())
    }
}

/// A list call: unwraps `{"list": [{"<resource>": {...}}], "next_offset": "..."}` into
/// `{"<key>": [shape(...)], "next_offset": "..."}` (no `next_offset` on the last page).
pub async fn list(
    ctx: &Ctx,
    path: &str,
    query: Query,
    resource: &str,
    key: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let v = get(ctx, path, &query.0).await?;
    let items: Vec<Value> = v
        .get("list")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| e.get(resource))
        .map(shape)
        .collect();
    let mut out = Map::new();
    out.insert(key.into(), Value::Array(items));
    if let Some(next) = v.get("next_offset").filter(|n| !n.is_null()) {
        // Chargebee's offset is a string (a JSON array's text); keep it as it came.
        let next = match next {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        out.insert("next_offset".into(), next.into());
    }
    Ok(Value::Object(out))
}

/// The resource `name` of an answer (`{"customer": {...}, "card": {...}}`), shaped.
pub fn one(v: &Value, name: &str, shape: fn(&Value) -> Value) -> Value {
    shape(v.get(name).unwrap_or(&Value::Null))
}

/// A required id argument, trimmed and encoded as one path segment.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    mcp_shared::seg_id(mcp_shared::non_empty(v, what)?, what)
}

pub fn customer(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "first_name",
            "last_name",
            "email",
            "phone",
            "company",
            "auto_collection",
            "net_term_days",
            "preferred_currency_code",
            "billing_address",
            "primary_payment_source_id",
            "card_status",
            "promotional_credits",
            "refundable_credits",
            "excess_payments",
            "unbilled_charges",
            "created_at",
            "updated_at",
            "deleted",
        ],
    )
}

pub fn subscription(s: &Value) -> Value {
    let mut o = pick(
        s,
        &[
            "id",
            "customer_id",
            "status",
            "currency_code",
            "billing_period",
            "billing_period_unit",
            "current_term_start",
            "current_term_end",
            "next_billing_at",
            "trial_start",
            "trial_end",
            "start_date",
            "started_at",
            "activated_at",
            "cancelled_at",
            "cancel_reason_code",
            "remaining_billing_cycles",
            "auto_collection",
            "po_number",
            "mrr",
            "due_invoices_count",
            "total_dues",
            "has_scheduled_changes",
            "created_at",
            "updated_at",
            "deleted",
        ],
    );
    let items: Vec<Value> = s
        .get("subscription_items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|i| {
            pick(
                i,
                &[
                    "item_price_id",
                    "item_type",
                    "quantity",
                    "quantity_in_decimal",
                    "unit_price",
                    "unit_price_in_decimal",
                    "amount",
                    "amount_in_decimal",
                    "billing_cycles",
                    "trial_end",
                ],
            )
        })
        .collect();
    if let Value::Object(m) = &mut o
        && !items.is_empty()
    {
        m.insert("subscription_items".into(), Value::Array(items));
    }
    o
}

pub fn invoice(i: &Value) -> Value {
    pick(
        i,
        &[
            "id",
            "customer_id",
            "subscription_id",
            "status",
            "currency_code",
            "date",
            "due_date",
            "paid_at",
            "total",
            "sub_total",
            "tax",
            "amount_paid",
            "amount_adjusted",
            "credits_applied",
            "amount_due",
            "write_off_amount",
            "recurring",
            "dunning_status",
            "po_number",
            "updated_at",
            "deleted",
        ],
    )
}

/// An invoice with its line items and the payments applied to it.
pub fn invoice_detail(i: &Value) -> Value {
    let mut o = invoice(i);
    let lines: Vec<Value> = i
        .get("line_items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|l| {
            pick(
                l,
                &[
                    "id",
                    "description",
                    "entity_type",
                    "entity_id",
                    "subscription_id",
                    "date_from",
                    "date_to",
                    "quantity",
                    "unit_amount",
                    "amount",
                    "discount_amount",
                    "tax_amount",
                ],
            )
        })
        .collect();
    if let Value::Object(m) = &mut o {
        m.insert("line_items".into(), Value::Array(lines));
        for k in ["linked_payments", "billing_address"] {
            if let Some(v) = i.get(k).filter(|v| !v.is_null()) {
                m.insert(k.into(), v.clone());
            }
        }
    }
    o
}

pub fn transaction(t: &Value) -> Value {
    pick(
        t,
        &[
            "id",
            "customer_id",
            "subscription_id",
            "payment_source_id",
            "payment_method",
            "gateway",
            "type",
            "status",
            "amount",
            "amount_unused",
            "currency_code",
            "date",
            "id_at_gateway",
            "reference_number",
            "error_code",
            "error_text",
            "linked_invoices",
            "updated_at",
            "deleted",
        ],
    )
}

pub fn event(e: &Value) -> Value {
    pick(
        e,
        &[
            "id",
            "event_type",
            "occurred_at",
            "source",
            "user",
            "webhook_status",
            "api_version",
        ],
    )
}

pub fn event_detail(e: &Value) -> Value {
    let mut o = event(e);
    if let (Value::Object(m), Some(c)) = (&mut o, e.get("content")) {
        m.insert("content".into(), c.clone());
    }
    o
}

pub fn item(i: &Value) -> Value {
    pick(
        i,
        &[
            "id",
            "name",
            "external_name",
            "type",
            "status",
            "item_family_id",
            "description",
            "unit",
            "metered",
            "is_shippable",
            "enabled_for_checkout",
            "enabled_in_portal",
            "item_applicability",
            "updated_at",
        ],
    )
}

pub fn item_price(p: &Value) -> Value {
    pick(
        p,
        &[
            "id",
            "name",
            "item_id",
            "item_type",
            "status",
            "pricing_model",
            "price",
            "price_in_decimal",
            "currency_code",
            "period",
            "period_unit",
            "trial_period",
            "trial_period_unit",
            "free_quantity",
            "tiers",
            "updated_at",
        ],
    )
}

/// A write's answer: the resource, and the invoice it raised (the amount charged) if any.
pub fn with_invoice(v: &Value, name: &str, shape: fn(&Value) -> Value) -> Value {
    let mut o = json!({ name: one(v, name, shape) });
    if let (Value::Object(m), Some(inv)) = (&mut o, v.get("invoice").filter(|i| i.is_object())) {
        m.insert("invoice".into(), invoice(inv));
    }
    if let (Value::Object(m), Some(c)) = (&mut o, v.get("credit_notes").filter(|c| c.is_array())) {
        let notes: Vec<Value> = c
            .as_array()
            .into_iter()
            .flatten()
            .map(|n| {
                pick(
                    n,
                    &[
                        "id",
                        "type",
                        "status",
                        "total",
                        "currency_code",
                        "reference_invoice_id",
                    ],
                )
            })
            .collect();
        m.insert("credit_notes".into(), Value::Array(notes));
    }
    o
}
