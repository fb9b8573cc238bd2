//! A tiny service used to test the shared crate: three tools over a fake "Acme" API.

use std::time::Duration;

use mcp_shared::json::insert_opt;
use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::{Ctx, Effect, Int, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

/// Get a thing by id.
#[derive(Deserialize, JsonSchema)]
pub struct GetThing {
    /// Thing id
    id: Int,
}

async fn get_thing(ctx: Ctx, a: GetThing) -> Result<Value, ToolError> {
    let mut v: Value = ctx
        .request(Method::GET, &format!("/things/{}", a.id))
        .bearer(&ctx.token()?)
        .send_json()
        .await?;
    // The `cautious` switch shows in the result, for the switch tests.
    if ctx.flag("cautious")
        && let Some(o) = v.as_object_mut()
    {
        o.insert("cautious".into(), Value::Bool(true));
    }
    // Read-only mode shows in the result, for the read-only tests.
    if ctx.read_only()
        && let Some(o) = v.as_object_mut()
    {
        o.insert("read_only".into(), Value::Bool(true));
    }
    // The `label` option shows in the result, for the option tests.
    if let Some(label) = ctx.option("label")
        && let Some(o) = v.as_object_mut()
    {
        o.insert("label".into(), Value::String(label.to_owned()));
    }
    Ok(v)
}

/// Create a thing. Not idempotent.
#[derive(Deserialize, JsonSchema)]
pub struct CreateThing {
    /// Name of the new thing
    name: String,
    /// Optional colour
    colour: Option<String>,
}

async fn create_thing(ctx: Ctx, a: CreateThing) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), Value::String(a.name));
    insert_opt(&mut body, "colour", a.colour);
    ctx.request(Method::POST, "/things")
        .bearer(&ctx.token()?)
        .json(&body)
        .send_json()
        .await
}

/// Delete a thing for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteThing {
    /// Thing id
    id: Int,
}

async fn delete_thing(ctx: Ctx, a: DeleteThing) -> Result<Value, ToolError> {
    ctx.request(Method::DELETE, &format!("/things/{}", a.id))
        .bearer(&ctx.token()?)
        .send()
        .await?;
    Ok(serde_json::json!({"deleted": a.id}))
}

/// Wait on the fake's `/slow` endpoint (for shutdown tests).
#[derive(Deserialize, JsonSchema)]
pub struct Slow {}

async fn slow(ctx: Ctx, _a: Slow) -> Result<Value, ToolError> {
    ctx.request(Method::GET, "/slow")
        .bearer(&ctx.token()?)
        .send_json()
        .await
}

/// Get an invoice from Acme's separate billing API.
#[derive(Deserialize, JsonSchema)]
pub struct GetInvoice {
    /// Invoice id
    id: Int,
}

async fn get_invoice(ctx: Ctx, a: GetInvoice) -> Result<Value, ToolError> {
    ctx.api("billing")?
        .request(Method::GET, &format!("/invoices/{}", a.id))
        .bearer(&ctx.token()?)
        .send_json()
        .await
}

/// Wait for a job to finish.
#[derive(Deserialize, JsonSchema)]
pub struct WaitJob {
    id: u64,
    /// Seconds to wait at most
    max_wait: u64,
}

async fn wait_job(ctx: Ctx, a: WaitJob) -> Result<Value, ToolError> {
    let poll = Poll::every(Duration::from_secs(5)).at_most(Duration::from_secs(a.max_wait));
    let path = format!("/jobs/{}", a.id);
    let outcome = poll::until_done(&ctx, poll, |_| async {
        let job: Value = ctx
            .request(Method::GET, &path)
            .bearer(&ctx.token()?)
            .send_json()
            .await?;
        Ok(match job["status"].as_str() {
            Some("done") => Step::Done(job),
            status => Step::Pending(
                Progress::of(
                    job["completed"].as_f64().unwrap_or(0.0),
                    job["total"].as_f64(),
                )
                .message(status.unwrap_or("running")),
            ),
        })
    })
    .await?;
    Ok(match outcome {
        Outcome::Done(job) => job,
        Outcome::StillRunning { last, .. } => {
            serde_json::json!({"still_running": true, "completed": last.done})
        }
    })
}

/// Fetch a URL.
#[derive(Deserialize, JsonSchema)]
pub struct FetchUrl {
    url: String,
}

async fn fetch_url(ctx: Ctx, a: FetchUrl) -> Result<Value, ToolError> {
    let f = ctx.fetch(&a.url).await?;
    Ok(serde_json::json!({
        "url": f.url.as_str(),
        "status": f.status,
        "content_type": f.content_type,
        "text": String::from_utf8_lossy(&f.body),
    }))
}

/// Upload a file with a note (multipart).
#[derive(Deserialize, JsonSchema)]
pub struct Upload {
    note: String,
    filename: String,
    content_type: String,
    text: String,
}

async fn upload(ctx: Ctx, a: Upload) -> Result<Value, ToolError> {
    ctx.request(Method::POST, "/uploads")
        .bearer(&ctx.token()?)
        .multipart(vec![
            mcp_shared::FormPart::text("note", a.note),
            mcp_shared::FormPart::file(
                "attachments[]",
                a.filename,
                a.content_type,
                a.text.into_bytes(),
            ),
        ])
        .header("x-fields", "id,name")
        .send_json()
        .await
}

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("acme_get_thing", "Get thing", Effect::Read, get_thing)
            .toolset("things")
            .official_name("get-thing"),
        tool(
            "acme_create_thing",
            "Create thing",
            Effect::Write,
            create_thing,
        )
        .toolset("things"),
        tool("acme_slow", "Slow read", Effect::Read, slow).toolset("things"),
        tool(
            "acme_delete_thing",
            "Delete thing",
            Effect::Destructive,
            delete_thing,
        )
        .toolset("admin"),
        tool("acme_get_invoice", "Get invoice", Effect::Read, get_invoice).toolset("billing"),
        tool("acme_wait_job", "Wait for job", Effect::Read, wait_job).toolset("jobs"),
        tool("acme_fetch", "Fetch URL", Effect::Read, fetch_url).toolset("jobs"),
        tool("acme_upload", "Upload file", Effect::Write, upload).toolset("jobs"),
        tool(
            "slow-official",
            "Slow read (official naming)",
            Effect::Read,
            slow,
        )
        .toolset("things")
        .official_only(),
    ]
}

/// Acme's toolsets.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "things",
        description: "Things.",
        default: true,
    },
    Toolset {
        name: "admin",
        description: "Admin.",
        default: true,
    },
    Toolset {
        name: "billing",
        description: "Billing (not on by default).",
        default: false,
    },
    Toolset {
        name: "jobs",
        description: "Long jobs and fetched URLs (not on by default).",
        default: false,
    },
];

/// Acme's identity, base URL, toolsets and tools: what every variant of the test service has
/// (`..acme::basics()`), the rest as `ServerSpec::DEFAULT`.
pub const fn basics() -> ServerSpec {
    ServerSpec {
        service: "acme",
        display_name: "Acme",
        binary: "acme-mcp-server",
        version: "0.0.0",
        description: "Test service",
        instructions: "Test service.",
        base: mcp_shared::Base::Fixed("https://api.acme.invalid"),
        toolsets: TOOLSETS,
        tools,
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = ServerSpec {
    credential_env: &[("ACME_TOKEN", "access_token")],
    error_parser: mcp_shared::default_error_parser,
    default_headers: &[("x-acme-version", "2024-01")],
    extra_apis: &[mcp_shared::ExtraApi {
        name: "billing",
        display_name: "Acme Billing",
        default_base_url: "https://billing.acme.invalid",
        base_url_var: "ACME_BILLING_API_BASE_URL",
        auth: None,
    }],
    flags: &[mcp_shared::ServerFlag {
        name: "cautious",
        env: "ACME_CAUTIOUS",
        header: Some("x-mcp-cautious"),
        help: "Mark results as cautious",
    }],
    options: &[mcp_shared::ServerOption {
        name: "label",
        env: "ACME_LABEL",
        help: "Label every result",
    }],
    ..basics()
};

/// A thing as the fake Acme API returns it.
pub fn thing(id: u64) -> Value {
    serde_json::json!({"id": id, "name": format!("thing {id}")})
}
