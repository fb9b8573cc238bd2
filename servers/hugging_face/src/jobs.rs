//! Hugging Face Jobs: `hf_jobs` runs one operation (`run`, `uv`, `ps`, `logs`, `inspect`,
//! `cancel`, and the `scheduled ...` ones) on `/api/jobs/{namespace}` and
//! `/api/scheduled-jobs/{namespace}`. Every operation needs a token.

use base64::Engine as _;
use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

use crate::api::{self, with_token};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hf_jobs",
            "Run and manage Jobs",
            Effect::Destructive,
            hf_jobs,
        )
        .toolset("jobs"),
    ]
}

#[derive(Deserialize, serde::Serialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op {
    #[serde(rename = "run")]
    Run,
    #[serde(rename = "uv")]
    Uv,
    #[serde(rename = "ps")]
    Ps,
    #[serde(rename = "logs")]
    Logs,
    #[serde(rename = "inspect")]
    Inspect,
    #[serde(rename = "cancel")]
    Cancel,
    #[serde(rename = "scheduled run")]
    ScheduledRun,
    #[serde(rename = "scheduled uv")]
    ScheduledUv,
    #[serde(rename = "scheduled ps")]
    ScheduledPs,
    #[serde(rename = "scheduled inspect")]
    ScheduledInspect,
    #[serde(rename = "scheduled delete")]
    ScheduledDelete,
    #[serde(rename = "scheduled suspend")]
    ScheduledSuspend,
    #[serde(rename = "scheduled resume")]
    ScheduledResume,
}

/// Run and manage Hugging Face Jobs (compute billed to the namespace; needs a token). No
/// operation: this help. `args` per operation (`namespace` defaults to your user):
/// run: image (default python:3.12; or hf.co/spaces/owner/space), command (array or shell
/// string), flavor (default cpu-basic), env, secrets, timeout (e.g. 30m, 2h), volumes
/// (hf://datasets/org/ds:/data:ro). uv: script (URL, path or inline code), with_deps,
/// script_args, python, flavor, env, secrets, timeout, volumes. ps: all, status. logs:
/// job_id, tail (20). inspect: job_id (or a list). cancel: job_id. scheduled run / uv: as
/// run / uv plus schedule (cron or @hourly, @daily...) and suspend. scheduled ps: all.
/// scheduled inspect / delete / suspend / resume: scheduled_job_id. Jobs start detached:
/// follow them with inspect and logs.
#[derive(Deserialize, JsonSchema)]
pub struct HfJobs {
    operation: Option<Op>,
    args: Option<Map<String, Value>>,
}

const RUN: &[&str] = &[
    "namespace",
    "image",
    "command",
    "flavor",
    "env",
    "secrets",
    "timeout",
    "volumes",
    "detach",
];
const UV: &[&str] = &[
    "namespace",
    "script",
    "with_deps",
    "script_args",
    "python",
    "flavor",
    "env",
    "secrets",
    "timeout",
    "volumes",
    "detach",
];
const SCHEDULE: &[&str] = &["schedule", "suspend"];

/// The `args` each operation takes.
fn allowed(op: Op) -> Vec<&'static str> {
    let v: &[&[&str]] = match op {
        Op::Run => &[RUN],
        Op::Uv => &[UV],
        Op::ScheduledRun => &[RUN, SCHEDULE],
        Op::ScheduledUv => &[UV, SCHEDULE],
        Op::Ps => &[&["namespace", "all", "status"]],
        Op::Logs => &[&["namespace", "job_id", "tail"]],
        Op::Inspect | Op::Cancel => &[&["namespace", "job_id"]],
        Op::ScheduledPs => &[&["namespace", "all"]],
        _ => &[&["namespace", "scheduled_job_id"]],
    };
    v.concat()
}

fn parse<T: DeserializeOwned>(op: Op, args: &Option<Map<String, Value>>) -> Result<T, ToolError> {
    let name = mcp_shared::json::enum_str(&op);
    let ok = allowed(op);
    if let Some(k) = args
        .iter()
        .flat_map(|m| m.keys())
        .find(|k| !ok.contains(&k.as_str()))
    {
        return Err(ToolError::invalid_input(format!(
            "invalid `args` for `{name}`: unknown field `{k}`; it takes {}",
            ok.join(", ")
        )));
    }
    let op = name;
    let v = Value::Object(args.clone().unwrap_or_default());
    serde_json::from_value(v).map_err(|e| {
        ToolError::invalid_input(format!("invalid `args` for `{op}`: {e}"))
            .with_hint("call hf_jobs without an operation for the arguments of each.")
    })
}

async fn hf_jobs(ctx: Ctx, a: HfJobs) -> Result<Value, ToolError> {
    let Some(op) = a.operation else {
        return Ok(json!({"help": help()}));
    };
    let name = op;
    match op {
        Op::Run => run(&ctx, parse(name, &a.args)?).await,
        Op::Uv => uv(&ctx, parse(name, &a.args)?).await,
        Op::Ps => ps(&ctx, parse(name, &a.args)?).await,
        Op::Logs => logs(&ctx, parse(name, &a.args)?).await,
        Op::Inspect => inspect(&ctx, parse(name, &a.args)?).await,
        Op::Cancel => cancel(&ctx, parse(name, &a.args)?).await,
        Op::ScheduledRun => {
            let s: Scheduled<RunArgs> = parse(name, &a.args)?;
            let ns = api::namespace(&ctx, s.job.namespace.as_deref()).await?;
            let spec = run_spec(&s.job)?;
            schedule(&ctx, &ns, &s.schedule, s.suspend, spec).await
        }
        Op::ScheduledUv => {
            let s: Scheduled<UvArgs> = parse(name, &a.args)?;
            let ns = api::namespace(&ctx, s.job.namespace.as_deref()).await?;
            let spec = uv_spec(&s.job)?;
            schedule(&ctx, &ns, &s.schedule, s.suspend, spec).await
        }
        Op::ScheduledPs => scheduled_ps(&ctx, parse(name, &a.args)?).await,
        Op::ScheduledInspect | Op::ScheduledDelete | Op::ScheduledSuspend | Op::ScheduledResume => {
            scheduled_one(&ctx, op, parse(name, &a.args)?).await
        }
    }
}

fn help() -> Value {
    json!({
        "run": {"image": "python:3.12", "command": ["python", "-c", "print('hello')"], "flavor": "cpu-basic", "env": {}, "secrets": {"HF_TOKEN": "..."}, "timeout": "30m", "volumes": ["hf://datasets/org/ds:/data:ro"], "namespace": "(your user)"},
        "uv": {"script": "https://... or inline code", "with_deps": ["numpy"], "script_args": [], "python": "3.12"},
        "ps": {"all": false, "status": "RUNNING|COMPLETED|CANCELED|ERROR|DELETED"},
        "logs": {"job_id": "...", "tail": 20},
        "inspect": {"job_id": "... or [...]"},
        "cancel": {"job_id": "..."},
        "scheduled run / scheduled uv": {"schedule": "@daily or cron", "suspend": false, "...": "as run / uv"},
        "scheduled ps": {"all": false},
        "scheduled inspect / delete / suspend / resume": {"scheduled_job_id": "..."},
        "flavors": "cpu-basic, cpu-upgrade, cpu-performance, cpu-xl, sprx8, zero-a10g, t4-small, t4-medium, l4x1, l4x4, l40sx1, l40sx4, l40sx8, a10g-small, a10g-large, a10g-largex2, a10g-largex4, a100-large, a100x4, a100x8, h200, h200x2, h200x4, h200x8, rtx-pro-6000, rtx-pro-6000x2, rtx-pro-6000x4, rtx-pro-6000x8, inf2x6"
    })
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct RunArgs {
    namespace: Option<String>,
    image: Option<String>,
    command: OneOrMany,
    #[serde(flatten)]
    common: Common,
}

#[derive(Deserialize)]
struct UvArgs {
    namespace: Option<String>,
    script: String,
    with_deps: Option<Vec<String>>,
    script_args: Option<Vec<String>>,
    python: Option<String>,
    #[serde(flatten)]
    common: Common,
}

/// What `run` and `uv` share.
#[derive(Deserialize)]
struct Common {
    flavor: Option<String>,
    env: Option<BTreeMap<String, String>>,
    secrets: Option<BTreeMap<String, String>>,
    timeout: Option<TimeoutArg>,
    volumes: Option<Vec<String>>,
    /// Accepted as Klavis does; jobs always start detached here.
    #[allow(dead_code)]
    detach: Option<bool>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TimeoutArg {
    Text(String),
    Seconds(u64),
}

#[derive(Deserialize)]
struct Scheduled<T> {
    schedule: String,
    #[serde(default)]
    suspend: bool,
    #[serde(flatten)]
    job: T,
}

#[derive(Deserialize)]
struct PsArgs {
    namespace: Option<String>,
    #[serde(default)]
    all: bool,
    status: Option<String>,
}

#[derive(Deserialize)]
struct LogsArgs {
    namespace: Option<String>,
    job_id: String,
    tail: Option<u64>,
}

#[derive(Deserialize)]
struct InspectArgs {
    namespace: Option<String>,
    job_id: OneOrMany,
}

#[derive(Deserialize)]
struct CancelArgs {
    namespace: Option<String>,
    job_id: String,
}

#[derive(Deserialize)]
struct ScheduledPsArgs {
    namespace: Option<String>,
    #[serde(default)]
    all: bool,
}

#[derive(Deserialize)]
struct ScheduledJobArgs {
    namespace: Option<String>,
    scheduled_job_id: String,
}

const DEFAULT_IMAGE: &str = "python:3.12";
const UV_IMAGE: &str = "ghcr.io/astral-sh/uv:python3.12-bookworm";
const SPACE_PREFIXES: &[&str] = &[
    "https://huggingface.co/spaces/",
    "https://hf.co/spaces/",
    "huggingface.co/spaces/",
    "hf.co/spaces/",
];

fn command_of(c: &OneOrMany) -> Result<Vec<String>, ToolError> {
    let cmd = match c {
        OneOrMany::Many(v) => v.clone(),
        OneOrMany::One(s) => shlex::split(s).ok_or_else(|| {
            ToolError::invalid_input(
                "`command` is not a valid shell command line (unbalanced quotes?); pass an array instead",
            )
        })?,
    };
    if cmd.is_empty() {
        return Err(ToolError::invalid_input("`command` must not be empty"));
    }
    Ok(cmd)
}

/// `30s`, `5m`, `2h`, `1d` or plain seconds.
fn timeout_seconds(t: &TimeoutArg) -> Result<u64, ToolError> {
    let s = match t {
        TimeoutArg::Seconds(n) => return Ok(*n),
        TimeoutArg::Text(s) => s.trim(),
    };
    let bad = || {
        ToolError::invalid_input(format!(
            "`timeout` is a duration such as 30s, 5m, 2h or 1d (got `{s}`)"
        ))
    };
    let (num, factor) = [('s', 1.0), ('m', 60.0), ('h', 3600.0), ('d', 86400.0)]
        .into_iter()
        .find_map(|(unit, factor)| s.strip_suffix(unit).map(|n| (n, factor)))
        .unwrap_or((s, 1.0));
    let n: f64 = num.trim().parse().map_err(|_| bad())?;
    if !n.is_finite() || n <= 0.0 {
        return Err(bad());
    }
    Ok((n * factor) as u64)
}

/// `hf://TYPE/OWNER/NAME[/PATH]:/MOUNT[:ro|:rw]` as the Jobs API's volume object.
fn volume(s: &str) -> Result<Value, ToolError> {
    let bad = || {
        ToolError::invalid_input(format!(
            "volume `{s}` must look like hf://TYPE/OWNER/NAME[/PATH]:/MOUNT_PATH[:ro|:rw], TYPE being models, datasets, spaces or buckets"
        ))
    };
    let rest = s.trim().strip_prefix("hf://").ok_or_else(bad)?;
    let (source, mount) = rest.split_once(":/").ok_or_else(bad)?;
    let (mount, read_only) = match mount.rsplit_once(':') {
        Some((m, "ro")) => (m, Some(true)),
        Some((m, "rw")) => (m, Some(false)),
        Some(_) => return Err(bad()),
        None => (mount, None),
    };
    let mut parts = source.splitn(4, '/');
    let kind = match parts.next() {
        Some("models") => "model",
        Some("datasets") => "dataset",
        Some("spaces") => "space",
        Some("buckets") => "bucket",
        _ => return Err(bad()),
    };
    let (Some(owner), Some(name)) = (parts.next(), parts.next()) else {
        return Err(bad());
    };
    if owner.is_empty() || name.is_empty() {
        return Err(bad());
    }
    let mut v = json!({"type": kind, "source": format!("{owner}/{name}"), "mountPath": format!("/{mount}")});
    if let Some(p) = parts.next().filter(|p| !p.is_empty()) {
        v["path"] = json!(p);
    }
    if let Some(ro) = read_only {
        v["readOnly"] = json!(ro);
    }
    Ok(v)
}

fn spec(image: &str, command: Vec<String>, c: &Common) -> Result<Map<String, Value>, ToolError> {
    let mut m = Map::new();
    m.insert("command".into(), json!(command));
    m.insert("arguments".into(), json!([]));
    m.insert(
        "environment".into(),
        json!(c.env.clone().unwrap_or_default()),
    );
    m.insert(
        "flavor".into(),
        json!(
            c.flavor
                .as_deref()
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .unwrap_or("cpu-basic")
        ),
    );
    if let Some(s) = c.secrets.as_ref().filter(|s| !s.is_empty()) {
        m.insert("secrets".into(), json!(s));
    }
    if let Some(t) = &c.timeout {
        m.insert("timeoutSeconds".into(), json!(timeout_seconds(t)?));
    }
    if let Some(v) = c.volumes.as_ref().filter(|v| !v.is_empty()) {
        let vols = v.iter().map(|s| volume(s)).collect::<Result<Vec<_>, _>>()?;
        m.insert("volumes".into(), json!(vols));
    }
    let image = image.trim();
    match SPACE_PREFIXES.iter().find_map(|p| image.strip_prefix(p)) {
        Some(space) => m.insert("spaceId".into(), json!(space)),
        None => m.insert("dockerImage".into(), json!(image)),
    };
    Ok(m)
}

fn run_spec(a: &RunArgs) -> Result<Map<String, Value>, ToolError> {
    let image = a
        .image
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(DEFAULT_IMAGE);
    spec(image, command_of(&a.command)?, &a.common)
}

fn uv_command(script: &str, a: &UvArgs) -> Vec<String> {
    let mut parts = vec!["uv".to_owned(), "run".to_owned()];
    for d in a.with_deps.iter().flatten() {
        parts.push("--with".into());
        parts.push(d.clone());
    }
    if let Some(p) = a.python.as_deref().filter(|p| !p.is_empty()) {
        parts.push("-p".into());
        parts.push(p.to_owned());
    }
    parts.push(script.to_owned());
    parts.extend(a.script_args.iter().flatten().cloned());
    parts
}

fn uv_spec(a: &UvArgs) -> Result<Map<String, Value>, ToolError> {
    let script = a.script.trim();
    if script.is_empty() {
        return Err(ToolError::invalid_input("`script` must not be empty"));
    }
    let command = if a.script.contains('\n') {
        // Inline code: piped in through base64, so no quoting can break it.
        let encoded = base64::engine::general_purpose::STANDARD.encode(a.script.as_bytes());
        let uv = uv_command("-", a);
        let joined = shlex::try_join(uv.iter().map(String::as_str)).map_err(|_| {
            ToolError::invalid_input("`with_deps`, `python` or `script_args` contain a NUL byte")
        })?;
        vec![
            "/bin/sh".to_owned(),
            "-lc".to_owned(),
            format!("echo \"{encoded}\" | base64 -d | {joined}"),
        ]
    } else {
        uv_command(script, a)
    };
    spec(UV_IMAGE, command, &a.common)
}

/// One job, concise.
fn job(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "id",
            "stage=status.stage",
            "message=status.message",
            "image=dockerImage",
            "space=spaceId",
            "command",
            "flavor",
            "created_at=createdAt",
            "finished_at=finishedAt",
            "owner=owner.name",
            "timeout_seconds=timeout",
            "urls=status.expose_urls",
        ],
    );
    if let (Some(owner), Some(id)) = (
        at(v, "owner.name").and_then(Value::as_str),
        at(v, "id").and_then(Value::as_str),
    ) {
        out["url"] = json!(format!("{}/jobs/{owner}/{id}", api::HUB));
    }
    api::compact(out)
}

fn scheduled_job(v: &Value) -> Value {
    api::compact(pick(
        v,
        &[
            "id",
            "schedule",
            "suspend",
            "last_run=status.lastJob.at",
            "next_run=status.nextJobRunAt",
            "image=jobSpec.dockerImage",
            "space=jobSpec.spaceId",
            "command=jobSpec.command",
            "flavor=jobSpec.flavor",
            "created_at=createdAt",
            "owner=owner.name",
        ],
    ))
}

fn jobs_path(ns: &str) -> String {
    format!("/api/jobs/{}", seg(ns))
}

fn scheduled_path(ns: &str) -> String {
    format!("/api/scheduled-jobs/{}", seg(ns))
}

async fn start(ctx: &Ctx, ns: &str, body: Map<String, Value>) -> Result<Value, ToolError> {
    let v: Value = with_token(ctx, Method::POST, &jobs_path(ns))?
        .json(&body)
        .send_json()
        .await?;
    let mut out = job(&v);
    out["note"] = json!("started detached: follow it with the inspect and logs operations");
    Ok(out)
}

async fn run(ctx: &Ctx, a: RunArgs) -> Result<Value, ToolError> {
    let body = run_spec(&a)?;
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    start(ctx, &ns, body).await
}

async fn uv(ctx: &Ctx, a: UvArgs) -> Result<Value, ToolError> {
    let body = uv_spec(&a)?;
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    start(ctx, &ns, body).await
}

async fn ps(ctx: &Ctx, a: PsArgs) -> Result<Value, ToolError> {
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let list: Vec<Value> = with_token(ctx, Method::GET, &jobs_path(&ns))?
        .send_json()
        .await?;
    let want = a.status.as_deref().map(|s| s.trim().to_ascii_uppercase());
    let jobs: Vec<Value> = list
        .iter()
        .filter(|j| {
            let stage = at(j, "status.stage")
                .and_then(Value::as_str)
                .unwrap_or_default();
            match &want {
                Some(w) => stage == w,
                None => a.all || stage == "RUNNING",
            }
        })
        .map(job)
        .collect();
    Ok(json!({"namespace": ns, "jobs": jobs, "total": list.len()}))
}

async fn get_job(ctx: &Ctx, ns: &str, id: &str) -> Result<Value, ToolError> {
    let path = format!("{}/{}", jobs_path(ns), seg_id(id, "job_id")?);
    with_token(ctx, Method::GET, &path)?.send_json().await
}

async fn inspect(ctx: &Ctx, a: InspectArgs) -> Result<Value, ToolError> {
    let ids = match a.job_id {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
    };
    if ids.is_empty() || ids.len() > 20 {
        return Err(ToolError::invalid_input("`job_id` takes 1 to 20 ids"));
    }
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let mut jobs = Vec::new();
    for id in &ids {
        let v = get_job(ctx, &ns, id).await?;
        let mut j = job(&v);
        if let Some(env) = at(&v, "environment") {
            j["environment"] = env.clone();
        }
        // Secret names only (the Hub lists names, or maps them to null).
        match at(&v, "secrets") {
            Some(Value::Object(s)) => j["secrets"] = json!(s.keys().collect::<Vec<_>>()),
            Some(Value::Array(a)) => j["secrets"] = json!(a),
            _ => {}
        }
        jobs.push(api::compact(j));
    }
    Ok(json!({"jobs": jobs}))
}

/// Most log lines returned.
const MAX_TAIL: u64 = 1000;

async fn logs(ctx: &Ctx, a: LogsArgs) -> Result<Value, ToolError> {
    let tail = a.tail.unwrap_or(20);
    if tail == 0 || tail > MAX_TAIL {
        return Err(ToolError::invalid_input(format!(
            "`tail` must be between 1 and {MAX_TAIL}"
        )));
    }
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let info = get_job(ctx, &ns, &a.job_id).await?;
    let concise = job(&info);
    let stage = at(&info, "status.stage")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if matches!(stage, "RUNNING" | "UPDATING" | "SCHEDULING") {
        // A running job's log stream stays open: read it once the job has finished.
        let mut out = json!({"job": concise, "logs": []});
        out["note"] = json!(
            "the job is still running and its logs stream live; call logs again when it has finished, or watch them at the job's url"
        );
        return Ok(out);
    }
    let path = format!("{}/{}/logs", jobs_path(&ns), seg_id(&a.job_id, "job_id")?);
    let resp = with_token(ctx, Method::GET, &path)?
        .query("tail", tail)
        .header("accept", "text/event-stream")
        .send()
        .await?;
    let lines = sse_lines(&resp.text());
    let skip = lines.len().saturating_sub(tail as usize);
    Ok(json!({"job": concise, "logs": lines[skip..]}))
}

/// The `data` lines of the log stream (`data: {"timestamp", "data"}`), without the Hub's
/// `===== Job started` banner.
fn sse_lines(body: &str) -> Vec<String> {
    body.lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .filter_map(|d| {
            let d = d.trim();
            let line = match serde_json::from_str::<Value>(d) {
                Ok(v) => at(&v, "data").and_then(Value::as_str)?.to_owned(),
                Err(_) => d.to_owned(),
            };
            (!line.starts_with("===== Job started")).then_some(line)
        })
        .collect()
}

async fn cancel(ctx: &Ctx, a: CancelArgs) -> Result<Value, ToolError> {
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let path = format!("{}/{}/cancel", jobs_path(&ns), seg_id(&a.job_id, "job_id")?);
    with_token(ctx, Method::POST, &path)?.send().await?;
    Ok(json!({"job_id": a.job_id.trim(), "canceled": true}))
}

async fn schedule(
    ctx: &Ctx,
    ns: &str,
    schedule: &str,
    suspend: bool,
    spec: Map<String, Value>,
) -> Result<Value, ToolError> {
    let schedule = api::non_empty(schedule, "schedule")?;
    let body = json!({"schedule": schedule, "suspend": suspend, "jobSpec": spec});
    let v: Value = with_token(ctx, Method::POST, &scheduled_path(ns))?
        .json(&body)
        .send_json()
        .await?;
    Ok(scheduled_job(&v))
}

async fn scheduled_ps(ctx: &Ctx, a: ScheduledPsArgs) -> Result<Value, ToolError> {
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let list: Vec<Value> = with_token(ctx, Method::GET, &scheduled_path(&ns))?
        .send_json()
        .await?;
    let jobs: Vec<Value> = list
        .iter()
        .filter(|j| a.all || at(j, "suspend").and_then(Value::as_bool) != Some(true))
        .map(scheduled_job)
        .collect();
    Ok(json!({"namespace": ns, "scheduled_jobs": jobs, "total": list.len()}))
}

async fn scheduled_one(ctx: &Ctx, op: Op, a: ScheduledJobArgs) -> Result<Value, ToolError> {
    let ns = api::namespace(ctx, a.namespace.as_deref()).await?;
    let id = seg_id(&a.scheduled_job_id, "scheduled_job_id")?;
    let base = format!("{}/{id}", scheduled_path(&ns));
    let done = |what: &str| json!({"scheduled_job_id": a.scheduled_job_id.trim(), what: true});
    match op {
        Op::ScheduledInspect => {
            let v: Value = with_token(ctx, Method::GET, &base)?.send_json().await?;
            let mut out = scheduled_job(&v);
            if let Some(env) = at(&v, "jobSpec.environment") {
                out["environment"] = env.clone();
            }
            Ok(out)
        }
        Op::ScheduledDelete => {
            with_token(ctx, Method::DELETE, &base)?.send().await?;
            Ok(done("deleted"))
        }
        Op::ScheduledSuspend => {
            with_token(ctx, Method::POST, &format!("{base}/suspend"))?
                .idempotent(true)
                .send()
                .await?;
            Ok(done("suspended"))
        }
        _ => {
            with_token(ctx, Method::POST, &format!("{base}/resume"))?
                .idempotent(true)
                .send()
                .await?;
            Ok(done("resumed"))
        }
    }
}
