//! Records: `GET /{baseId}/{tableIdOrName}` (pages by `offset`; `POST .../listRecords` for
//! long queries), `GET .../{recordId}`, and
//! `POST|PATCH|DELETE /{baseId}/{tableIdOrName}` in batches of 10 (Airtable's cap), the
//! batches of one call spaced by the base's pacing. Field values stay as Airtable gives them.

use crate::api::{BATCH, base, opt, send};
use mcp_shared::json::{enum_str, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, Request, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// Query text (formula, fields, sort) above which a list is sent as `POST .../listRecords`:
/// percent-encoding can triple it, and Airtable takes URLs of at most 16,000 characters.
const LONG_QUERY: usize = 4000;

/// The most records one write call takes (10 requests of 10, about 2 s of the base's rate).
const MAX_WRITE: usize = 100;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "airtable_list_records",
            "List records",
            Effect::Read,
            list_records,
        )
        .toolset("records"),
        tool(
            "airtable_get_record",
            "Get record",
            Effect::Read,
            get_record,
        )
        .toolset("records"),
        tool(
            "airtable_create_records",
            "Create records",
            Effect::Write,
            create_records,
        )
        .toolset("records"),
        tool(
            "airtable_update_records",
            "Update or upsert records",
            Effect::Write,
            update_records,
        )
        .toolset("records"),
        tool(
            "airtable_delete_records",
            "Delete records",
            Effect::Destructive,
            delete_records,
        )
        .toolset("records"),
    ]
}

/// A record as Airtable gives it: id, createdTime, fields (empty fields are absent).
fn record(r: &Value) -> Value {
    pick(r, &["id", "createdTime", "fields", "commentCount"])
}

fn records_of(v: &Value) -> Vec<Value> {
    v.get("records")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(record).collect())
        .unwrap_or_default()
}

/// What one page of records is asked with: `GET /{base}/{table}` with these query
/// parameters, or, when they are too long for a URL, `POST /{base}/{table}/listRecords` with
/// them in the body (Airtable takes the same parameters there).
#[derive(Default)]
pub struct Page<'a> {
    pub fields: Vec<&'a str>,
    /// Field and direction (`asc`, `desc`), in order.
    pub sort: Vec<(&'a str, Option<String>)>,
    pub formula: Option<&'a str>,
    pub max_records: Option<u64>,
    pub page_size: Option<u64>,
    pub view: Option<&'a str>,
    pub by_field_id: Option<bool>,
    pub offset: Option<&'a str>,
}

/// The request for one page of records of table `t` in base `b` (both encoded segments).
pub fn page_request(ctx: &Ctx, b: &str, t: &str, q: &Page<'_>) -> Result<Request, ToolError> {
    // Airtable refuses URLs over 16,000 characters: long formulas and field lists go in the
    // body of `POST .../listRecords`, which takes the same parameters.
    let long = q.formula.map_or(0, str::len)
        + q.fields.iter().map(|f| f.len() + 12).sum::<usize>()
        + q.sort.iter().map(|(f, _)| f.len() + 40).sum::<usize>()
        > LONG_QUERY;
    if long {
        let mut body = Map::new();
        if !q.fields.is_empty() {
            body.insert("fields".into(), json!(q.fields));
        }
        if !q.sort.is_empty() {
            let s: Vec<Value> = q
                .sort
                .iter()
                .map(|(f, d)| match d {
                    Some(d) => json!({ "field": f, "direction": d }),
                    None => json!({ "field": f }),
                })
                .collect();
            body.insert("sort".into(), json!(s));
        }
        let mut put = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                body.insert(k.into(), v);
            }
        };
        put("filterByFormula", q.formula.map(|f| json!(f)));
        put("maxRecords", q.max_records.map(|n| json!(n)));
        put("pageSize", q.page_size.map(|n| json!(n)));
        put("view", q.view.map(|v| json!(v)));
        put("returnFieldsByFieldId", q.by_field_id.map(|b| json!(b)));
        put("offset", q.offset.map(|o| json!(o)));
        return Ok(ctx
            .authorized(Method::POST, &format!("/{b}/{t}/listRecords"))?
            .json(&body)
            .idempotent(true));
    }
    let mut req = ctx.authorized(Method::GET, &format!("/{b}/{t}"))?;
    for f in &q.fields {
        req = req.query("fields[]", f);
    }
    for (i, (field, dir)) in q.sort.iter().enumerate() {
        req = req
            .query(&format!("sort[{i}][field]"), field)
            .query_opt(&format!("sort[{i}][direction]"), dir.as_deref());
    }
    Ok(req
        .query_opt("filterByFormula", q.formula)
        .query_opt("maxRecords", q.max_records)
        .query_opt("pageSize", q.page_size)
        .query_opt("view", q.view)
        .query_opt("returnFieldsByFieldId", q.by_field_id)
        .query_opt("offset", q.offset))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Direction {
    Asc,
    Desc,
}

#[derive(Deserialize, JsonSchema)]
struct Sort {
    /// Field name or id
    field: String,
    #[schemars(extend("default" = "asc"))]
    direction: Option<Direction>,
}

/// List a table's records, a page at a time: id, createdTime, fields (Airtable's values;
/// empty fields absent). Pass the returned `offset` for the next page (null on the last).
#[derive(Deserialize, JsonSchema)]
pub struct ListRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    /// Only these fields (names or ids)
    fields: Option<Vec<String>>,
    /// Airtable formula, e.g. `{Status} = 'Done'`
    filter_by_formula: Option<String>,
    /// Most records over all pages
    max_records: Option<Count>,
    /// Records per page, 1-100
    #[schemars(extend("default" = 100))]
    page_size: Option<Count>,
    /// e.g. `[{"field": "Due", "direction": "desc"}]`
    sort: Option<Vec<Sort>>,
    /// Key fields by id instead of name
    return_fields_by_field_id: Option<bool>,
    /// View name or id: only its records, in its order
    view: Option<String>,
    /// `offset` of the previous page
    offset: Option<String>,
}

async fn list_records(ctx: Ctx, a: ListRecords) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    let page_size = match a.page_size.map(Count::get) {
        Some(n) if !(1..=100).contains(&n) => {
            return Err(ToolError::invalid_input(format!(
                "page_size must be between 1 and 100 (got {n})"
            )));
        }
        n => n,
    };
    if a.max_records.is_some_and(|n| n.get() == 0) {
        return Err(ToolError::invalid_input("max_records must be at least 1"));
    }
    let fields: Vec<&str> = a
        .fields
        .iter()
        .flatten()
        .map(|f| f.trim())
        .filter(|f| !f.is_empty())
        .collect();
    let mut sort = Vec::new();
    for (i, s) in a.sort.iter().flatten().enumerate() {
        let field = s.field.trim();
        if field.is_empty() {
            return Err(ToolError::invalid_input(format!(
                "`sort[{i}].field` must name a field"
            )));
        }
        sort.push((field, s.direction.as_ref().map(enum_str)));
    }
    let q = Page {
        fields,
        sort,
        formula: opt(&a.filter_by_formula),
        max_records: a.max_records.map(Count::get),
        page_size,
        view: opt(&a.view),
        by_field_id: a.return_fields_by_field_id,
        offset: opt(&a.offset),
    };
    let req = page_request(&ctx, &b, &t, &q)?;
    let v = send(&ctx, Some(&key), req).await?;
    Ok(json!({
        "records": records_of(&v),
        "offset": v.get("offset").cloned().unwrap_or(Value::Null),
    }))
}

/// Get one record: id, createdTime and every non-empty field, values as Airtable gives them.
#[derive(Deserialize, JsonSchema)]
pub struct GetRecord {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    /// Record id (`rec...`)
    record_id: String,
}

async fn get_record(ctx: Ctx, a: GetRecord) -> Result<Value, ToolError> {
    fetch_record(&ctx, &a.base_id, (&a.table_id, "table_id"), &a.record_id).await
}

/// `GET /{base}/{table}/{record}`: the record as Airtable gives it. `table` is the table
/// argument and its name (for the message when it is blank).
pub async fn fetch_record(
    ctx: &Ctx,
    base_id: &str,
    table: (&str, &str),
    record_id: &str,
) -> Result<Value, ToolError> {
    let (key, b) = base(base_id)?;
    let t = seg_id(table.0, table.1)?;
    let r = seg_id(record_id, "record_id")?;
    let req = ctx.authorized(Method::GET, &format!("/{b}/{t}/{r}"))?;
    let v = send(ctx, Some(&key), req).await?;
    Ok(record(&v))
}

/// `{"fields": {...}}` from an item given that way or as the bare fields map.
fn fields_of(item: &Map<String, Value>, i: usize) -> Result<Value, ToolError> {
    let fields = match item.get("fields") {
        Some(Value::Object(f)) => f.clone(),
        Some(_) => {
            return Err(ToolError::invalid_input(format!(
                "`records[{i}].fields` must be an object of field name (or id) to value"
            )));
        }
        None => item.clone(),
    };
    Ok(Value::Object(fields))
}

fn check_count(n: usize) -> Result<(), ToolError> {
    if n == 0 {
        return Err(ToolError::invalid_input(
            "`records` must hold at least one record",
        ));
    }
    if n > MAX_WRITE {
        return Err(ToolError::invalid_input(format!(
            "`records` holds {n} records; one call takes at most {MAX_WRITE} (sent in batches of {BATCH}): split it"
        )));
    }
    Ok(())
}

/// The error of batch `k` when earlier batches went through: says what was written.
fn partial(e: ToolError, done: &[Value], verb: &str) -> ToolError {
    if done.is_empty() {
        return e;
    }
    let ids: Vec<&str> = done.iter().filter_map(|r| r["id"].as_str()).collect();
    e.context(format!(
        "{} records were {verb} before a batch failed ({}); the rest were not",
        ids.len(),
        ids.join(", ")
    ))
}

/// Create records, in batches of 10, at most 100 a call. Items are `{"fields": {"Name":
/// "x"}}` (or the bare fields object), values of the field's type (`["rec..."]` for links,
/// `[{"url": "..."}]` for attachments). Returns the records with their ids.
#[derive(Deserialize, JsonSchema)]
pub struct CreateRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    records: Vec<Map<String, Value>>,
    /// Convert text to the field's type and add missing select choices
    typecast: Option<bool>,
    /// Key returned fields by id instead of name
    return_fields_by_field_id: Option<bool>,
}

async fn create_records(ctx: Ctx, a: CreateRecords) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    check_count(a.records.len())?;
    let items: Vec<Value> = a
        .records
        .iter()
        .enumerate()
        .map(|(i, r)| fields_of(r, i).map(|f| json!({ "fields": f })))
        .collect::<Result<_, _>>()?;
    let path = format!("/{b}/{t}");
    let mut created = Vec::new();
    for chunk in items.chunks(BATCH) {
        let mut body = json!({ "records": chunk });
        options(&mut body, a.typecast, a.return_fields_by_field_id);
        let req = ctx.authorized(Method::POST, &path)?.json(&body);
        let v = send(&ctx, Some(&key), req)
            .await
            .map_err(|e| partial(e, &created, "created"))?;
        created.extend(records_of(&v));
    }
    Ok(json!({ "records": created }))
}

fn options(body: &mut Value, typecast: Option<bool>, by_id: Option<bool>) {
    if let Some(m) = body.as_object_mut() {
        if let Some(t) = typecast {
            m.insert("typecast".into(), json!(t));
        }
        if let Some(b) = by_id {
            m.insert("returnFieldsByFieldId".into(), json!(b));
        }
    }
}

#[derive(Deserialize, JsonSchema)]
#[schemars(inline)]
struct Upsert {
    /// 1-3 field names or ids whose values identify a record
    #[serde(rename = "fieldsToMergeOn")]
    fields_to_merge_on: Vec<String>,
}

/// Update records (only the given fields change), in batches of 10, at most 100 a call.
/// Items are `{"id": "rec...", "fields": {...}}`; with `perform_upsert` no `id`: a record
/// matching on the merge fields is updated, else created (ids in `createdRecords`,
/// `updatedRecords`).
#[derive(Deserialize, JsonSchema)]
pub struct UpdateRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    records: Vec<Map<String, Value>>,
    /// Convert text to the field's type and add missing select choices
    typecast: Option<bool>,
    /// Key returned fields by id instead of name
    return_fields_by_field_id: Option<bool>,
    /// `{"fieldsToMergeOn": ["Email"]}`
    perform_upsert: Option<Upsert>,
}

async fn update_records(ctx: Ctx, a: UpdateRecords) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    check_count(a.records.len())?;
    let merge_on: Option<Vec<&str>> = match &a.perform_upsert {
        None => None,
        Some(u) => {
            let f: Vec<&str> = u
                .fields_to_merge_on
                .iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .collect();
            if !(1..=3).contains(&f.len()) {
                return Err(ToolError::invalid_input(
                    "`perform_upsert.fieldsToMergeOn` must name 1 to 3 fields",
                ));
            }
            Some(f)
        }
    };
    let mut items = Vec::with_capacity(a.records.len());
    for (i, r) in a.records.iter().enumerate() {
        let id = r
            .get("id")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let fields = match r.get("fields") {
            Some(Value::Object(f)) => Value::Object(f.clone()),
            _ => {
                return Err(ToolError::invalid_input(format!(
                    "`records[{i}]` needs `fields`, an object of field name (or id) to value"
                )));
            }
        };
        match (id, merge_on.is_some()) {
            (Some(id), _) => items.push(json!({ "id": id, "fields": fields })),
            (None, true) => items.push(json!({ "fields": fields })),
            (None, false) => {
                return Err(ToolError::invalid_input(format!(
                    "`records[{i}]` needs the record's `id` (`rec...`), or use `perform_upsert` to match records by field values"
                )));
            }
        }
    }
    let path = format!("/{b}/{t}");
    let (mut records, mut created, mut updated) = (Vec::new(), Vec::new(), Vec::new());
    for chunk in items.chunks(BATCH) {
        let mut body = json!({ "records": chunk });
        options(&mut body, a.typecast, a.return_fields_by_field_id);
        if let (Some(m), Some(f)) = (body.as_object_mut(), &merge_on) {
            m.insert("performUpsert".into(), json!({ "fieldsToMergeOn": f }));
        }
        // Setting fields twice gives the same record; an upsert may create one, so it is not
        // repeated after a gateway error.
        let req = ctx
            .authorized(Method::PATCH, &path)?
            .json(&body)
            .idempotent(merge_on.is_none());
        let v = send(&ctx, Some(&key), req)
            .await
            .map_err(|e| partial(e, &records, "updated"))?;
        records.extend(records_of(&v));
        for (k, out) in [
            ("createdRecords", &mut created),
            ("updatedRecords", &mut updated),
        ] {
            if let Some(ids) = v.get(k).and_then(Value::as_array) {
                out.extend(ids.iter().cloned());
            }
        }
    }
    let mut out = json!({ "records": records });
    if let (Some(m), true) = (out.as_object_mut(), merge_on.is_some()) {
        m.insert("createdRecords".into(), json!(created));
        m.insert("updatedRecords".into(), json!(updated));
    }
    Ok(out)
}

/// Delete records by id; more than 10 go in batches of 10 (at most 100 a call). Returns
/// each id with `deleted`.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    /// Record ids (`rec...`)
    record_ids: Vec<String>,
}

async fn delete_records(ctx: Ctx, a: DeleteRecords) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    let ids: Vec<&str> = a
        .record_ids
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if ids.len() != a.record_ids.len() {
        return Err(ToolError::invalid_input(
            "`record_ids` must not hold blank ids",
        ));
    }
    check_count(ids.len())?;
    let path = format!("/{b}/{t}");
    let mut deleted = Vec::new();
    for chunk in ids.chunks(BATCH) {
        let mut req = ctx.authorized(Method::DELETE, &path)?;
        for id in chunk {
            req = req.query("records[]", id);
        }
        let v = send(&ctx, Some(&key), req)
            .await
            .map_err(|e| partial(e, &deleted, "deleted"))?;
        deleted.extend(
            map_array(v.get("records").unwrap_or(&Value::Null), |r| {
                pick(r, &["id", "deleted"])
            })
            .as_array()
            .cloned()
            .unwrap_or_default(),
        );
    }
    Ok(json!({ "records": deleted }))
}
