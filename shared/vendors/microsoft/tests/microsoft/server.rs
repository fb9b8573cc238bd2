//! The fake server under test: one tool per piece of the Graph client (list, get, batch,
//! upload, download) in a `ServerSpec` on Graph's base, auth and error parser.

use mcp_shared::{Ctx, Effect, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_vendor_microsoft::{
    self as microsoft, BatchRequest, CHUNK_UNIT, Filter, List, Query, UploadSession, page_size,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// List a collection.
#[derive(Deserialize, JsonSchema)]
struct ListArgs {
    path: String,
    limit: Option<u64>,
    cursor: Option<String>,
    no_top: Option<bool>,
    select: Option<String>,
    name: Option<String>,
    filter: Option<String>,
    search: Option<String>,
    orderby: Option<String>,
}

async fn ms_list(ctx: Ctx, a: ListArgs) -> Result<Value, ToolError> {
    let mut q = Query::new()
        .select_list(a.select.as_deref(), &[], "select")?
        .orderby_raw(a.orderby.as_deref(), "orderby")?
        .filter_raw(a.filter.as_deref());
    if let Some(n) = &a.name {
        q = q.filter(Filter::eq("displayName", n.as_str()));
    }
    if let Some(s) = &a.search {
        q = q.search(s);
    }
    let mut list = List::new(a.path, q);
    if a.no_top == Some(true) {
        list = list.no_top();
    }
    let page = list
        .limit(page_size(a.limit, 10, 100, "limit")?)
        .cursor(a.cursor.as_deref())
        .header("Prefer", "outlook.body-content-type=\"text\"")
        .send(&ctx)
        .await?;
    Ok(page.into_json("items", Clone::clone))
}

/// Get one resource.
#[derive(Deserialize, JsonSchema)]
struct GetArgs {
    path: String,
    scopes: Option<String>,
}

async fn ms_get(ctx: Ctx, a: GetArgs) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, &a.path)?
        .send_json()
        .await
        .map_err(|e| match &a.scopes {
            Some(s) => microsoft::with_scopes(e, s),
            None => e,
        })
}

#[derive(Deserialize, JsonSchema)]
struct Sub {
    id: String,
    url: String,
    method: Option<String>,
    depends_on: Option<String>,
    body: Option<Value>,
}

/// Send a batch.
#[derive(Deserialize, JsonSchema)]
struct BatchArgs {
    requests: Vec<Sub>,
}

async fn ms_batch(ctx: Ctx, a: BatchArgs) -> Result<Value, ToolError> {
    let reqs = a
        .requests
        .into_iter()
        .map(|s| {
            let method = match s.method.as_deref() {
                Some("POST") => Method::POST,
                _ => Method::GET,
            };
            let mut r = BatchRequest::new(s.id, method, s.url);
            if let Some(d) = s.depends_on {
                r = r.depends_on(d);
            }
            if let Some(b) = s.body {
                r = r.body(b);
            }
            r
        })
        .collect();
    let answers = microsoft::batch(&ctx, reqs).await?;
    let out: Vec<Value> = answers
        .iter()
        .map(|r| {
            let result = match answers.result(&r.id) {
                Ok(b) => b.clone(),
                Err(e) => json!({"error": e.to_string()}),
            };
            json!({"id": r.id, "status": r.status, "result": result})
        })
        .collect();
    Ok(json!(out))
}

/// Upload bytes.
#[derive(Deserialize, JsonSchema)]
struct UploadArgs {
    size: usize,
    /// Use a session with ranges of this many 320 KiB units.
    units: Option<usize>,
}

pub(crate) fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

async fn ms_upload(ctx: Ctx, a: UploadArgs) -> Result<Value, ToolError> {
    let data = bytes(a.size);
    let session_body = json!({"item": {"@microsoft.graph.conflictBehavior": "rename"}});
    let session_path = "/me/drive/items/root:/f.bin:/createUploadSession";
    match a.units {
        Some(u) => {
            UploadSession::create(&ctx, session_path, session_body)
                .await?
                .chunk_size(u * CHUNK_UNIT)?
                .upload(&ctx, &data)
                .await
        }
        None => {
            microsoft::upload(
                &ctx,
                "/me/drive/items/root:/f.bin:/content",
                session_path,
                session_body,
                data,
                "application/octet-stream",
            )
            .await
        }
    }
}

/// Download content.
#[derive(Deserialize, JsonSchema)]
struct DownloadArgs {
    path: String,
}

async fn ms_download(ctx: Ctx, a: DownloadArgs) -> Result<Value, ToolError> {
    let d = microsoft::download(&ctx, &a.path).await?;
    Ok(json!({"text": String::from_utf8_lossy(&d.data), "content_type": d.content_type}))
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("ms_download", "Download", Effect::Read, ms_download).toolset("g"),
        tool("ms_list", "List", Effect::Read, ms_list).toolset("g"),
        tool("ms_get", "Get", Effect::Read, ms_get).toolset("g"),
        tool("ms_batch", "Batch", Effect::Write, ms_batch).toolset("g"),
        tool("ms_upload", "Upload", Effect::Write, ms_upload).toolset("g"),
    ]
}

pub(crate) static SPEC: ServerSpec = ServerSpec {
    service: "graphx",
    display_name: "Microsoft Graph",
    binary: "graphx-mcp-server",
    version: "0",
    base: microsoft::BASE,
    auth: microsoft::AUTH,
    error_parser: microsoft::parse_error,
    toolsets: &[Toolset {
        name: "g",
        description: "Graph.",
        default: true,
    }],
    tools,
    ..ServerSpec::DEFAULT
};
