//! BigQuery v2 (`bigquery.v2` discovery document): datasets, queries run as jobs
//! (`jobs.query`, then `jobs.getQueryResults` until complete), CSV loads from the workspace
//! (`jobs.insert` with a multipart upload), exports to Cloud Storage, job listing and cancel.

use std::time::Duration;

use mcp_shared::poll::{Outcome, Poll, Progress, Step};
use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    BUCKETS, DATASETS, all_items, bq, capped, check_allowed, done_at, given, is_allowed, job_id,
    name, num, project, repeated_note, s, wait_done,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("bigquery");
    vec![
        t(tool(
            "bigquery_run_query",
            "Run query",
            Effect::Write,
            run_query,
        )),
        t(tool(
            "bigquery_list_datasets",
            "List datasets",
            Effect::Read,
            list_datasets,
        )),
        t(tool(
            "bigquery_create_dataset",
            "Create dataset",
            Effect::Write,
            create_dataset,
        )),
        t(tool(
            "bigquery_get_dataset_info",
            "Get dataset info",
            Effect::Read,
            get_dataset_info,
        )),
        t(tool(
            "bigquery_load_csv_data",
            "Load CSV data",
            Effect::Write,
            load_csv_data,
        )),
        t(tool(
            "bigquery_export_table",
            "Export table",
            Effect::Write,
            export_table,
        )),
        t(tool(
            "bigquery_list_jobs",
            "List jobs",
            Effect::Read,
            list_jobs,
        )),
        t(tool(
            "bigquery_cancel_job",
            "Cancel job",
            Effect::IdempotentWrite,
            cancel_job,
        )),
    ]
}

/// How often a running job is asked about, and for how long at most.
const EVERY: Duration = Duration::from_secs(2);
const WAIT: Duration = Duration::from_secs(240);
/// Server-side wait of one `jobs.query` / `getQueryResults` call.
const TIMEOUT_MS: u64 = 10_000;
/// Most characters of rows a query returns as text.
const MAX_TEXT: usize = 60_000;

/// Run a SQL query (standard SQL) in the project as a BigQuery job and wait for it (up to
/// about four minutes). Returns the total row count and the rows (at most `max_results`),
/// one JSON object per line; with `dry_run`, only validates it and estimates the bytes it
/// would process and its on-demand cost. DML and DDL statements change data.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RunQuery {
    /// The SQL query (GoogleSQL); tables as `dataset.table` or `project.dataset.table`
    query: String,
    /// Validate and estimate only, without running
    #[schemars(extend("default" = false))]
    dry_run: Option<bool>,
    /// Most rows to return
    #[schemars(extend("default" = 1000), range(min = 1, max = 100000))]
    max_results: Option<i64>,
}

/// On-demand price per TiB scanned, in US dollars (cloud.google.com/bigquery/pricing).
const USD_PER_TIB: f64 = 6.25;

async fn run_query(ctx: Ctx, a: RunQuery) -> Result<String, ToolError> {
    let query = a.query.trim();
    if query.is_empty() {
        return Err(ToolError::invalid_input("`query` must not be empty"));
    }
    let p = project(&ctx)?;
    let max = a.max_results.unwrap_or(1000).clamp(1, 100_000);
    let dry = a.dry_run.unwrap_or(false);
    let mut body = json!({
        "query": query,
        "useLegacySql": false,
        "maxResults": max,
        "timeoutMs": TIMEOUT_MS,
        "requestId": uuid::Uuid::new_v4().to_string(),
    });
    if dry {
        body["dryRun"] = json!(true);
    }
    let v: Value = bq(&ctx, Method::POST, &p, "queries")?
        .json(&body)
        .send_json()
        .await?;
    if dry {
        let bytes: f64 = num(&v, "totalBytesProcessed").parse().unwrap_or(0.0);
        let cost = bytes / 1_099_511_627_776.0 * USD_PER_TIB;
        return Ok(format!(
            "Query validation successful. Estimated bytes processed: {}\nEstimated cost: ${cost:.6} USD",
            num(&v, "totalBytesProcessed")
        ));
    }
    let v = if v.get("jobComplete") == Some(&json!(false)) {
        let job = v.get("jobReference").cloned().unwrap_or(Value::Null);
        let id = s(&job, "jobId").to_owned();
        let loc = s(&job, "location").to_owned();
        let path = format!("queries/{}", seg(&id));
        let outcome = wait_done(
            &ctx,
            Poll::every(EVERY).at_most(WAIT),
            || {
                Ok(bq(&ctx, Method::GET, &p, &path)?
                    .query_opt("location", Some(&loc).filter(|l| !l.is_empty()))
                    .query("maxResults", max)
                    .query("timeoutMs", TIMEOUT_MS))
            },
            |r| {
                Ok(if r.get("jobComplete") == Some(&json!(true)) {
                    Step::Done(r)
                } else {
                    Step::Pending(Progress::status("query running"))
                })
            },
        )
        .await?;
        match outcome {
            Outcome::Done(r) => r,
            Outcome::StillRunning { waited, .. } => {
                return Ok(format!(
                    "The query is still running after {} s (job {id}, location {loc}). See it with bigquery_list_jobs, or cancel it with bigquery_cancel_job.",
                    waited.as_secs()
                ));
            }
        }
    } else {
        v
    };
    Ok(rows_text(&v))
}

/// The rows of a query response as text, one JSON object per line.
fn rows_text(v: &Value) -> String {
    let fields = v
        .pointer("/schema/fields")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let rows = v
        .get("rows")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let total = num(v, "totalRows");
    let mut out = format!(
        "Query executed successfully.\nTotal rows: {}, Returned: {}",
        if total.is_empty() {
            rows.len().to_string()
        } else {
            total
        },
        rows.len()
    );
    if let Some(n) = v.get("numDmlAffectedRows") {
        out.push_str(&format!(
            "\nRows affected: {}",
            n.as_str().map_or(n.to_string(), str::to_owned)
        ));
    }
    if v.get("pageToken").is_some() {
        out.push_str("\n(more rows exist: raise max_results or add LIMIT/OFFSET)");
    }
    if !rows.is_empty() {
        out.push_str("\n\nResults:");
        for r in &rows {
            out.push('\n');
            out.push_str(&record(&fields, r).to_string());
        }
    }
    capped(out, MAX_TEXT)
}

/// A row (`{"f": [{"v": ...}]}`) as an object keyed by the schema's field names.
fn record(fields: &[Value], row: &Value) -> Value {
    let cells = row
        .get("f")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut o = Map::new();
    for (i, cell) in cells.iter().enumerate() {
        let f = fields.get(i).cloned().unwrap_or(Value::Null);
        let key = match s(&f, "name") {
            "" => format!("f{i}"),
            n => n.to_owned(),
        };
        o.insert(key, cell_value(&f, cell.get("v").unwrap_or(&Value::Null)));
    }
    Value::Object(o)
}

fn cell_value(field: &Value, v: &Value) -> Value {
    let sub = field.get("fields").and_then(Value::as_array);
    let one = |x: &Value| match (sub, x) {
        (Some(sub), Value::Object(_)) => record(sub, x),
        _ => x.clone(),
    };
    match (s(field, "mode"), v) {
        ("REPEATED", Value::Array(items)) => Value::Array(
            items
                .iter()
                .map(|i| one(i.get("v").unwrap_or(&Value::Null)))
                .collect(),
        ),
        _ => one(v),
    }
}

/// List the project's BigQuery datasets. Returns "Found N datasets:" and one line per
/// dataset with its project.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListDatasets {}

async fn list_datasets(ctx: Ctx, _a: ListDatasets) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let (mut all, pages) = all_items(
        |token| {
            Ok(bq(&ctx, Method::GET, &p, "datasets")?
                .query("maxResults", 1000)
                .query_opt("pageToken", token))
        },
        "datasets",
    )
    .await?;
    all.retain(|d| {
        is_allowed(
            &ctx,
            DATASETS,
            d.pointer("/datasetReference/datasetId")
                .and_then(Value::as_str)
                .unwrap_or_default(),
        )
    });
    if all.is_empty() {
        return Ok(format!("No datasets found in project {p}."));
    }
    let mut out = format!("Found {} datasets:", all.len());
    for d in &all {
        let r = d.get("datasetReference").cloned().unwrap_or(Value::Null);
        out.push_str(&format!(
            "\n- {} (Project: {}, Location: {})",
            s(&r, "datasetId"),
            s(&r, "projectId"),
            s(d, "location")
        ));
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// Create a BigQuery dataset in the project. Returns its full id and location.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateDataset {
    /// The new dataset's id (letters, digits, underscores)
    dataset_id: String,
    #[schemars(extend("default" = ""))]
    description: Option<String>,
    /// Where its data lives: US, EU or a region (us-central1)
    #[schemars(extend("default" = "US"))]
    location: Option<String>,
}

async fn create_dataset(ctx: Ctx, a: CreateDataset) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let d = name(&a.dataset_id, "dataset_id")?;
    check_allowed(&ctx, DATASETS, &d, "dataset")?;
    let loc = given(a.location.as_deref()).unwrap_or("US");
    let mut body = json!({
        "datasetReference": {"projectId": p, "datasetId": d},
        "location": loc,
    });
    if let Some(desc) = a.description.as_deref().filter(|d| !d.is_empty()) {
        body["description"] = json!(desc);
    }
    let v: Value = bq(&ctx, Method::POST, &p, "datasets")?
        .json(&body)
        .send_json()
        .await?;
    Ok(format!(
        "Dataset {} created in {}.",
        match s(&v, "id") {
            "" => format!("{p}:{d}"),
            id => id.to_owned(),
        },
        match s(&v, "location") {
            "" => loc,
            l => l,
        }
    ))
}

/// Get a dataset's details (location, description, times, labels) and its tables.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetDatasetInfo {
    dataset_id: String,
}

fn millis_text(v: &Value, k: &str) -> String {
    let ms: i64 = num(v, k).parse().unwrap_or(0);
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339())
        .unwrap_or_default()
}

async fn get_dataset_info(ctx: Ctx, a: GetDatasetInfo) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let d = name(&a.dataset_id, "dataset_id")?;
    check_allowed(&ctx, DATASETS, &d, "dataset")?;
    let v: Value = bq(&ctx, Method::GET, &p, &format!("datasets/{}", seg(&d)))?
        .send_json()
        .await?;
    let t: Value = bq(
        &ctx,
        Method::GET,
        &p,
        &format!("datasets/{}/tables", seg(&d)),
    )?
    .query("maxResults", 1000)
    .send_json()
    .await?;
    let mut out = format!(
        "Dataset: {}\nLocation: {}\nDescription: {}\nCreated: {}\nModified: {}",
        match s(&v, "id") {
            "" => format!("{p}:{d}"),
            id => id.to_owned(),
        },
        s(&v, "location"),
        s(&v, "description"),
        millis_text(&v, "creationTime"),
        millis_text(&v, "lastModifiedTime"),
    );
    if let Some(l) = v
        .get("labels")
        .filter(|l| l.as_object().is_some_and(|o| !o.is_empty()))
    {
        out.push_str(&format!("\nLabels: {l}"));
    }
    let tables = t
        .get("tables")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    out.push_str(&format!("\nTables ({}):", tables.len()));
    for tb in &tables {
        out.push_str(&format!("\n- {} ({})", t_ref(tb, "tableId"), s(tb, "type")));
    }
    Ok(out)
}

fn t_ref(t: &Value, k: &str) -> String {
    t.get("tableReference")
        .map(|r| s(r, k).to_owned())
        .unwrap_or_default()
}

/// The state of a job after waiting for it: `Ok(job)` when done without error.
async fn wait_job(ctx: &Ctx, p: &str, job: &Value) -> Result<Result<Value, String>, ToolError> {
    let r = job.get("jobReference").cloned().unwrap_or(Value::Null);
    let id = s(&r, "jobId").to_owned();
    let loc = s(&r, "location").to_owned();
    if id.is_empty() {
        return Err(ToolError::transport(
            "BigQuery answered the job request without the job's id",
        ));
    }
    let path = format!("jobs/{}", seg(&id));
    let done = |j: &Value| j.pointer("/status/state").and_then(Value::as_str) == Some("DONE");
    let job = if done(job) {
        job.clone()
    } else {
        let outcome = wait_done(
            ctx,
            Poll::every(EVERY).at_most(WAIT),
            || {
                Ok(bq(ctx, Method::GET, p, &path)?
                    .query_opt("location", Some(&loc).filter(|l| !l.is_empty())))
            },
            |j| {
                done_at(j, "/status/state", "job", || {
                    ToolError::transport(format!("BigQuery answered without the state of job {id}"))
                })
            },
        )
        .await?;
        match outcome {
            Outcome::Done(j) => j,
            Outcome::StillRunning { waited, .. } => {
                return Ok(Err(format!(
                    "Job {id} is still running after {} s; check it with bigquery_list_jobs.",
                    waited.as_secs()
                )));
            }
        }
    };
    if let Some(e) = job.pointer("/status/errorResult") {
        let mut msg = format!("Job {id} failed: {} ({})", s(e, "message"), s(e, "reason"));
        for x in job
            .pointer("/status/errors")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .take(5)
        {
            msg.push_str(&format!("\n- {}", s(x, "message")));
        }
        return Err(ToolError::new(mcp_shared::ErrorKind::Upstream, msg));
    }
    Ok(Ok(job))
}

/// Load a CSV file from the workspace into a BigQuery table (created when missing, schema
/// detected), as a load job; waits for it. Returns the rows loaded. `write_mode`:
/// WRITE_TRUNCATE replaces the table's rows, WRITE_APPEND adds, WRITE_EMPTY only fills an
/// empty table.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct LoadCsv {
    dataset_id: String,
    table_id: String,
    /// Path of the CSV file in the workspace
    csv_file_path: String,
    /// The first line holds column names
    #[schemars(extend("default" = true))]
    skip_header: Option<bool>,
    #[schemars(extend("default" = "WRITE_TRUNCATE", "enum" = ["WRITE_TRUNCATE", "WRITE_APPEND", "WRITE_EMPTY"]))]
    write_mode: Option<String>,
}

async fn load_csv_data(ctx: Ctx, a: LoadCsv) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let d = name(&a.dataset_id, "dataset_id")?;
    check_allowed(&ctx, DATASETS, &d, "dataset")?;
    let t = name(&a.table_id, "table_id")?;
    let mode = given(a.write_mode.as_deref())
        .unwrap_or("WRITE_TRUNCATE")
        .to_ascii_uppercase();
    if !["WRITE_TRUNCATE", "WRITE_APPEND", "WRITE_EMPTY"].contains(&mode.as_str()) {
        return Err(ToolError::invalid_input(format!(
            "`write_mode` {mode:?} is not one of WRITE_TRUNCATE, WRITE_APPEND, WRITE_EMPTY"
        )));
    }
    let ws = Workspace::of(&ctx)?.clone();
    let arg = a.csv_file_path.clone();
    let data = ws
        .run(move |ws| {
            let path = ws.path("csv_file_path", &arg)?;
            ws.read("csv_file_path", &path)
        })
        .await?;
    let meta = json!({
        "jobReference": {"projectId": p, "jobId": job_id("load")},
        "configuration": {"load": {
            "destinationTable": {"projectId": p, "datasetId": d, "tableId": t},
            "sourceFormat": "CSV",
            "skipLeadingRows": if a.skip_header.unwrap_or(true) { 1 } else { 0 },
            "autodetect": true,
            "writeDisposition": mode,
        }},
    });
    let (body, ctype) = mcp_vendor_google::upload::related(&meta, &data, "text/csv");
    let job: Value = ctx
        .authorized(
            Method::POST,
            &format!("/upload/bigquery/v2/projects/{}/jobs", seg(&p)),
        )?
        .query("uploadType", "multipart")
        .bytes(body, &ctype)
        .send_json()
        .await?;
    match wait_job(&ctx, &p, &job).await? {
        Ok(j) => Ok(format!(
            "Loaded {} rows from {} into {p}.{d}.{t} ({mode}).",
            j.pointer("/statistics/load/outputRows")
                .map(|x| x.as_str().map_or(x.to_string(), str::to_owned))
                .unwrap_or_else(|| "?".to_owned()),
            a.csv_file_path
        )),
        Err(running) => Ok(running),
    }
}

/// Export a BigQuery table to Cloud Storage (`gs://destination_bucket/destination_path`) as
/// an extract job; waits for it. A `*` in the path splits large tables into several files.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExportTable {
    dataset_id: String,
    table_id: String,
    destination_bucket: String,
    /// Object name in the bucket (exports/table-*.csv)
    destination_path: String,
    #[schemars(extend("default" = "CSV", "enum" = ["CSV", "JSON", "NEWLINE_DELIMITED_JSON", "AVRO", "PARQUET"]))]
    file_format: Option<String>,
}

async fn export_table(ctx: Ctx, a: ExportTable) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let d = name(&a.dataset_id, "dataset_id")?;
    check_allowed(&ctx, DATASETS, &d, "dataset")?;
    let t = name(&a.table_id, "table_id")?;
    let b = name(&a.destination_bucket, "destination_bucket")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let path = crate::api::object_name(
        a.destination_path.trim_start_matches('/'),
        "destination_path",
    )?;
    let fmt = match a
        .file_format
        .as_deref()
        .map(str::trim)
        .unwrap_or("CSV")
        .to_ascii_uppercase()
        .as_str()
    {
        "" | "CSV" => "CSV",
        "JSON" | "NEWLINE_DELIMITED_JSON" => "NEWLINE_DELIMITED_JSON",
        "AVRO" => "AVRO",
        "PARQUET" => "PARQUET",
        other => {
            return Err(ToolError::invalid_input(format!(
                "`file_format` {other:?} is not one of CSV, JSON, AVRO, PARQUET"
            )));
        }
    };
    let uri = format!("gs://{b}/{path}");
    let body = json!({
        "jobReference": {"projectId": p, "jobId": job_id("extract")},
        "configuration": {"extract": {
            "sourceTable": {"projectId": p, "datasetId": d, "tableId": t},
            "destinationUris": [uri],
            "destinationFormat": fmt,
        }},
    });
    let job: Value = bq(&ctx, Method::POST, &p, "jobs")?
        .json(&body)
        .send_json()
        .await?;
    match wait_job(&ctx, &p, &job).await? {
        Ok(_) => Ok(format!("Exported {p}.{d}.{t} to {uri} ({fmt}).")),
        Err(running) => Ok(running),
    }
}

/// List the project's recent BigQuery jobs, newest first: id, type, state, creation time,
/// error if any.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListJobs {
    #[schemars(extend("default" = 50), range(min = 1, max = 1000))]
    max_results: Option<i64>,
    /// Only jobs in this state: done, pending or running (empty: all)
    #[schemars(extend("default" = ""))]
    state_filter: Option<String>,
}

async fn list_jobs(ctx: Ctx, a: ListJobs) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let max = a.max_results.unwrap_or(50).clamp(1, 1000);
    let state = a
        .state_filter
        .as_deref()
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty());
    if let Some(st) = state
        .as_ref()
        .filter(|st| !["done", "pending", "running"].contains(&st.as_str()))
    {
        return Err(ToolError::invalid_input(format!(
            "`state_filter` {st:?} is not one of done, pending, running"
        )));
    }
    let v: Value = bq(&ctx, Method::GET, &p, "jobs")?
        .query("maxResults", max)
        .query_opt("stateFilter", state.as_ref())
        .query("projection", "full")
        .send_json()
        .await?;
    let jobs = v
        .get("jobs")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if jobs.is_empty() {
        return Ok("No jobs found.".to_owned());
    }
    let mut out = format!("Found {} jobs:", jobs.len());
    for j in &jobs {
        let r = j.get("jobReference").cloned().unwrap_or(Value::Null);
        let kind = j
            .get("configuration")
            .and_then(|c| c.get("jobType").and_then(Value::as_str).map(str::to_owned))
            .unwrap_or_default();
        out.push_str(&format!(
            "\n- {} ({}, {}, location {}, created {})",
            s(&r, "jobId"),
            kind,
            s(j, "state"),
            s(&r, "location"),
            j.get("statistics")
                .map(|st| millis_text(st, "creationTime"))
                .unwrap_or_default()
        ));
        if let Some(e) = j.get("errorResult") {
            out.push_str(&format!(" error: {}", s(e, "message")));
        }
    }
    Ok(out)
}

/// Ask BigQuery to cancel a running job (it may still finish). Returns the job's state.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CancelJob {
    /// The job id, optionally as location.jobId or project:location.jobId
    job_id: String,
}

async fn cancel_job(ctx: Ctx, a: CancelJob) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let raw = a.job_id.trim();
    let raw = raw.rsplit_once(':').map_or(raw, |(_, r)| r);
    let (loc, id) = match raw.split_once('.') {
        Some((l, i)) => (Some(l), i),
        None => (None, raw),
    };
    let id = name(id, "job_id")?;
    let v: Value = bq(&ctx, Method::POST, &p, &format!("jobs/{}/cancel", seg(&id)))?
        .query_opt("location", loc)
        .send_json()
        .await?;
    Ok(format!(
        "Cancel requested for job {id}; state: {}.",
        v.pointer("/job/status/state")
            .and_then(Value::as_str)
            .unwrap_or("unknown")
    ))
}
