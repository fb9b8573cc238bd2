//! Cloud Logging v2 (`logging.v2` discovery document): write and read entries, logs, sinks,
//! log buckets, and an export of entries into a BigQuery table.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    DATASETS, LOG_BUCKETS, all_items, bq, capped, check_allowed, each_page, given, logging, name,
    project, repeated_note, s,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("logging");
    vec![
        t(tool(
            "logging_write_log",
            "Write log entry",
            Effect::Write,
            write_log,
        )),
        t(tool(
            "logging_read_logs",
            "Read log entries",
            Effect::Read,
            read_logs,
        )),
        t(tool(
            "logging_list_logs",
            "List logs",
            Effect::Read,
            list_logs,
        )),
        t(tool(
            "logging_delete_log",
            "Delete log",
            Effect::Destructive,
            delete_log,
        )),
        t(tool(
            "logging_create_log_sink",
            "Create log sink",
            Effect::Write,
            create_log_sink,
        )),
        t(tool(
            "logging_list_log_sinks",
            "List log sinks",
            Effect::Read,
            list_log_sinks,
        )),
        t(tool(
            "logging_delete_log_sink",
            "Delete log sink",
            Effect::Destructive,
            delete_log_sink,
        )),
        t(tool(
            "logging_export_logs_to_bigquery",
            "Export logs to BigQuery",
            Effect::Write,
            crate::logging::export_logs_to_bigquery,
        )),
        t(tool(
            "logging_create_log_bucket",
            "Create log bucket",
            Effect::Write,
            create_log_bucket,
        )),
    ]
}

/// `projects/{p}/logs/{id}` with the log id URL-encoded, from a log id or a full log name.
fn log_name(p: &str, raw: &str) -> Result<String, ToolError> {
    let raw = raw.trim();
    let id = match raw.split_once("/logs/") {
        Some((_, id)) if raw.starts_with("projects/") => id.to_owned(),
        _ => raw.to_owned(),
    };
    if id.is_empty() || id.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(
            "`log_name` must be a non-empty log id (my-app-log)",
        ));
    }
    // A full name's id is already encoded.
    let id = if raw.starts_with("projects/") {
        id
    } else {
        seg(&id)
    };
    Ok(format!("projects/{}/logs/{id}", seg(p)))
}

const SEVERITIES: [&str; 9] = [
    "DEFAULT",
    "DEBUG",
    "INFO",
    "NOTICE",
    "WARNING",
    "ERROR",
    "CRITICAL",
    "ALERT",
    "EMERGENCY",
];

/// Write one text entry to a log of the project (resource type `global`).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WriteLog {
    /// Log id (my-app-log)
    log_name: String,
    message: String,
    #[schemars(extend("default" = "INFO", "enum" = SEVERITIES))]
    severity: Option<String>,
}

async fn write_log(ctx: Ctx, a: WriteLog) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let name = log_name(&p, &a.log_name)?;
    let sev = a
        .severity
        .as_deref()
        .map(|x| x.trim().to_ascii_uppercase())
        .filter(|x| !x.is_empty())
        .unwrap_or_else(|| "INFO".to_owned());
    if !SEVERITIES.contains(&sev.as_str()) {
        return Err(ToolError::invalid_input(format!(
            "`severity` {sev:?} is not one of {}",
            SEVERITIES.join(", ")
        )));
    }
    logging(&ctx, Method::POST, "entries:write")?
        .json(&json!({
            "logName": name,
            "resource": {"type": "global", "labels": {"project_id": p}},
            "entries": [{"severity": sev, "textPayload": a.message}],
        }))
        .send()
        .await?;
    Ok(format!("Wrote a {sev} entry to log {}.", a.log_name.trim()))
}

/// Read the project's log entries, newest first, matching a Logging query
/// (`severity>=ERROR AND resource.type="gce_instance"`; empty: all). One line per entry:
/// time, severity, log, payload.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadLogs {
    #[schemars(extend("default" = ""))]
    log_filter: Option<String>,
    #[schemars(extend("default" = 50), range(min = 1, max = 1000))]
    max_entries: Option<i64>,
}

fn payload(e: &Value) -> String {
    if let Some(t) = e.get("textPayload").and_then(Value::as_str) {
        return t.to_owned();
    }
    e.get("jsonPayload")
        .or_else(|| e.get("protoPayload"))
        .map(Value::to_string)
        .unwrap_or_default()
}

async fn list_entries(
    ctx: &Ctx,
    p: &str,
    filter: Option<String>,
    max: usize,
) -> Result<Vec<Value>, ToolError> {
    let mut all: Vec<Value> = Vec::new();
    each_page(
        &mut all,
        |all, token| {
            let mut body = json!({
                "resourceNames": [format!("projects/{p}")],
                "orderBy": "timestamp desc",
                "pageSize": (max - all.len()).min(1000),
            });
            if let Some(f) = &filter {
                body["filter"] = json!(f);
            }
            if let Some(t) = token {
                body["pageToken"] = json!(t);
            }
            Ok(logging(ctx, Method::POST, "entries:list")?
                .idempotent(true)
                .json(&body))
        },
        |all, v| {
            all.extend(
                v.get("entries")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default(),
            );
            all.len() < max
        },
    )
    .await?;
    all.truncate(max);
    Ok(all)
}

async fn read_logs(ctx: Ctx, a: ReadLogs) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let max = a.max_entries.unwrap_or(50).clamp(1, 1000) as usize;
    let filter = a
        .log_filter
        .map(|f| f.trim().to_owned())
        .filter(|f| !f.is_empty());
    let entries = list_entries(&ctx, &p, filter, max).await?;
    if entries.is_empty() {
        return Ok("No log entries found.".to_owned());
    }
    let mut out = format!("Found {} log entries:", entries.len());
    for e in &entries {
        out.push_str(&format!(
            "\n[{}] {} {}: {}",
            s(e, "timestamp"),
            match s(e, "severity") {
                "" => "DEFAULT",
                x => x,
            },
            crate::api::last_segment(s(e, "logName")),
            payload(e)
        ));
    }
    Ok(capped(out, 60_000))
}

/// List the names of the project's logs (those with entries).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListLogs {}

async fn list_logs(ctx: Ctx, _a: ListLogs) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let (all, pages) = all_items(
        |token| {
            Ok(
                logging(&ctx, Method::GET, &format!("projects/{}/logs", seg(&p)))?
                    .query("pageSize", 1000)
                    .query_opt("pageToken", token),
            )
        },
        "logNames",
    )
    .await?;
    if all.is_empty() {
        return Ok(format!("No logs found in project {p}."));
    }
    let mut out = format!("Found {} logs:", all.len());
    for n in all.iter().filter_map(Value::as_str) {
        out.push_str(&format!("\n- {n}"));
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// Delete a log and all its entries (entries written later make it again).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteLog {
    /// Log id (my-app-log) or full name (projects/p/logs/my-app-log)
    log_name: String,
}

async fn delete_log(ctx: Ctx, a: DeleteLog) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let n = log_name(&p, &a.log_name)?;
    logging(&ctx, Method::DELETE, &n)?.send().await?;
    Ok(format!("Deleted log {}.", a.log_name.trim()))
}

/// Create a sink that routes the project's matching entries to a destination:
/// `storage.googleapis.com/BUCKET`, `bigquery.googleapis.com/projects/P/datasets/D`,
/// `pubsub.googleapis.com/projects/P/topics/T` or `logging.googleapis.com/projects/P/locations/L/buckets/B`.
/// Returns its writer identity, which needs write access on the destination.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSink {
    sink_name: String,
    destination: String,
    /// Logging query of the entries to route (empty: all)
    #[schemars(extend("default" = ""))]
    log_filter: Option<String>,
}

async fn create_log_sink(ctx: Ctx, a: CreateSink) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let sink = name(&a.sink_name, "sink_name")?;
    let dest = a.destination.trim();
    if dest.is_empty() {
        return Err(ToolError::invalid_input("`destination` must not be empty"));
    }
    let mut body = json!({"name": sink, "destination": dest});
    if let Some(f) = given(a.log_filter.as_deref()) {
        body["filter"] = json!(f);
    }
    let v: Value = logging(&ctx, Method::POST, &format!("projects/{}/sinks", seg(&p)))?
        .query("uniqueWriterIdentity", true)
        .json(&body)
        .send_json()
        .await?;
    Ok(format!(
        "Created sink {sink} to {dest}.\nWriter identity: {} (grant it write access on the destination).",
        s(&v, "writerIdentity")
    ))
}

/// List the project's log sinks: name, destination, filter.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSinks {}

async fn list_log_sinks(ctx: Ctx, _a: ListSinks) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let v: Value = logging(&ctx, Method::GET, &format!("projects/{}/sinks", seg(&p)))?
        .query("pageSize", 200)
        .send_json()
        .await?;
    let sinks = v
        .get("sinks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if sinks.is_empty() {
        return Ok(format!("No log sinks found in project {p}."));
    }
    let mut out = format!("Found {} log sinks:", sinks.len());
    for k in &sinks {
        out.push_str(&format!(
            "\n- {} -> {} (filter: {})",
            s(k, "name"),
            s(k, "destination"),
            match s(k, "filter") {
                "" => "all entries",
                f => f,
            }
        ));
    }
    Ok(out)
}

/// Delete a log sink (routing stops; what it exported stays).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteSink {
    sink_name: String,
}

async fn delete_log_sink(ctx: Ctx, a: DeleteSink) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let sink = name(&a.sink_name, "sink_name")?;
    logging(
        &ctx,
        Method::DELETE,
        &format!("projects/{}/sinks/{}", seg(&p), seg(&sink)),
    )?
    .send()
    .await?;
    Ok(format!("Deleted sink {sink}."))
}

/// Create a log bucket (where routed entries are stored) with a retention period.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateBucket {
    bucket_id: String,
    #[schemars(extend("default" = "global"))]
    location: Option<String>,
    #[schemars(extend("default" = 30), range(min = 1, max = 3650))]
    retention_days: Option<i64>,
}

async fn create_log_bucket(ctx: Ctx, a: CreateBucket) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let id = name(&a.bucket_id, "bucket_id")?;
    check_allowed(&ctx, LOG_BUCKETS, &id, "log bucket")?;
    let loc = name(
        a.location
            .as_deref()
            .filter(|l| !l.trim().is_empty())
            .unwrap_or("global"),
        "location",
    )?;
    let days = a.retention_days.unwrap_or(30);
    if !(1..=3650).contains(&days) {
        return Err(ToolError::invalid_input(
            "`retention_days` must be between 1 and 3650",
        ));
    }
    let v: Value = logging(
        &ctx,
        Method::POST,
        &format!("projects/{}/locations/{}/buckets", seg(&p), seg(&loc)),
    )?
    .query("bucketId", &id)
    .json(&json!({"retentionDays": days}))
    .send_json()
    .await?;
    Ok(format!(
        "Created log bucket {} (retention {days} days).",
        match s(&v, "name") {
            "" => format!("projects/{p}/locations/{loc}/buckets/{id}"),
            n => n.to_owned(),
        }
    ))
}

/// Copy the project's log entries of the last `days_back` days (matching `log_filter`) into a
/// BigQuery table (made when missing, columns timestamp, severity, log_name, message,
/// resource_type, insert_id), by streaming inserts. At most 10,000 entries.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExportLogs {
    dataset_id: String,
    table_id: String,
    #[schemars(extend("default" = ""))]
    log_filter: Option<String>,
    #[schemars(extend("default" = 1), range(min = 1, max = 30))]
    days_back: Option<i64>,
}

const EXPORT_MAX: usize = 10_000;

/// The table export_logs writes to.
fn export_schema() -> Value {
    let f = |n: &str, t: &str| json!({"name": n, "type": t, "mode": "NULLABLE"});
    json!({"fields": [
        f("timestamp", "TIMESTAMP"),
        f("severity", "STRING"),
        f("log_name", "STRING"),
        f("message", "STRING"),
        f("resource_type", "STRING"),
        f("insert_id", "STRING"),
    ]})
}

pub async fn export_logs_to_bigquery(ctx: Ctx, a: ExportLogs) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let d = name(&a.dataset_id, "dataset_id")?;
    check_allowed(&ctx, DATASETS, &d, "dataset")?;
    let t = name(&a.table_id, "table_id")?;
    let days = a.days_back.unwrap_or(1).clamp(1, 30);
    let since = (chrono::Utc::now() - chrono::Duration::days(days))
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string();
    let mut filter = format!("timestamp >= \"{since}\"");
    if let Some(f) = given(a.log_filter.as_deref()) {
        filter = format!("{filter} AND ({f})");
    }
    let entries = list_entries(&ctx, &p, Some(filter), EXPORT_MAX).await?;
    if entries.is_empty() {
        return Ok(format!(
            "No log entries of the last {days} days matched; nothing exported."
        ));
    }
    let table_path = format!("datasets/{}/tables/{}", seg(&d), seg(&t));
    match bq(&ctx, Method::GET, &p, &table_path)?.send().await {
        Ok(_) => {}
        Err(e) if e.status == Some(404) => {
            bq(
                &ctx,
                Method::POST,
                &p,
                &format!("datasets/{}/tables", seg(&d)),
            )?
            .json(&json!({
                "tableReference": {"projectId": p, "datasetId": d, "tableId": t},
                "schema": export_schema(),
            }))
            .send()
            .await?;
        }
        Err(e) => return Err(e),
    }
    let mut inserted = 0usize;
    let mut failed = 0usize;
    for chunk in entries.chunks(500) {
        let rows: Vec<Value> = chunk
            .iter()
            .map(|e| {
                let mut row = json!({
                    "json": {
                        "timestamp": s(e, "timestamp"),
                        "severity": match s(e, "severity") { "" => "DEFAULT", x => x },
                        "log_name": s(e, "logName"),
                        "message": payload(e),
                        "resource_type": e.pointer("/resource/type").and_then(Value::as_str).unwrap_or_default(),
                        "insert_id": s(e, "insertId"),
                    }
                });
                if !s(e, "insertId").is_empty() {
                    row["insertId"] = json!(s(e, "insertId"));
                }
                row
            })
            .collect();
        let v: Value = bq(&ctx, Method::POST, &p, &format!("{table_path}/insertAll"))?
            .json(&json!({"rows": rows}))
            .send_json()
            .await?;
        let errs = v
            .get("insertErrors")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        failed += errs;
        inserted += chunk.len() - errs.min(chunk.len());
    }
    let mut out =
        format!("Exported {inserted} log entries of the last {days} days to {p}.{d}.{t}.");
    if failed > 0 {
        out.push_str(&format!(" {failed} rows were rejected by BigQuery."));
    }
    if entries.len() >= EXPORT_MAX {
        out.push_str(" Stopped at 10,000 entries: narrow log_filter or days_back for the rest.");
    }
    Ok(out)
}
