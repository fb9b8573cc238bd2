//! The shared Microsoft Graph client through a real MCP client, against a fake Graph on
//! `/v1.0`: OData options encoded, `@odata.nextLink` paging behind `limit` + `cursor` (loop-
//! safe, never off the base), Graph's error body with its request id, throttling with
//! `Retry-After`, JSON batching (split, `dependsOn`, throttled requests sent again) and upload
//! sessions (ranges, no credentials on the upload URL, resuming, cancelling).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{Ctx, Effect, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_testkit::wiremock::{
    Match, Mock, MockServer, Request, Respond, ResponseTemplate, matchers,
};
use mcp_testkit::{TestServer, expect, settings_for};
use mcp_vendor_microsoft::{
    self as microsoft, BatchRequest, CHUNK_UNIT, Filter, List, Lit, Query, UploadSession, literal,
    page_size,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

const TOKEN: &str = "eyJ0eXAiOiJKV1QiLCJub25jZSI6ImdyYXBoLXRlc3QifQ.delegated";

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

fn bytes(n: usize) -> Vec<u8> {
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

static SPEC: ServerSpec = ServerSpec {
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

struct G {
    fake: MockServer,
    _server: TestServer,
    client: mcp_testkit::Client,
}

impl G {
    async fn start() -> Self {
        let fake = MockServer::start().await;
        let server = TestServer::start(&SPEC, settings_for(&format!("{}/v1.0", fake.uri()))).await;
        let client = server.client(TOKEN).await;
        Self {
            fake,
            _server: server,
            client,
        }
    }

    fn url(&self, rest: &str) -> String {
        format!("{}/v1.0{rest}", self.fake.uri())
    }

    async fn received(&self) -> Vec<Request> {
        self.fake.received_requests().await.unwrap_or_default()
    }
}

fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "a1b2c3d4-0000-4000-8000-000000000001",
        "client-request-id": "a1b2c3d4-0000-4000-8000-000000000001"}}})
}

// ---- OData options

#[test]
fn odata_literals_and_filters_are_escaped_and_combined() {
    assert_eq!(literal("O'Neil's"), "'O''Neil''s'");
    assert_eq!(
        Filter::eq("from/emailAddress/address", "o'neil@example.com").as_str(),
        "from/emailAddress/address eq 'o''neil@example.com'"
    );
    let f = Filter::eq("isRead", false)
        .and(Filter::ge(
            "receivedDateTime",
            Lit::datetime("2026-01-31T08:00:00Z", "since").unwrap(),
        ))
        .or(Filter::starts_with("subject", "Q3"));
    assert_eq!(
        f.as_str(),
        "(isRead eq false and receivedDateTime ge 2026-01-31T08:00:00Z) or startswith(subject,'Q3')"
    );
    assert_eq!(
        Filter::any_eq("resourceProvisioningOptions", "Team").as_str(),
        "resourceProvisioningOptions/any(x:x eq 'Team')"
    );
    assert!(
        Lit::datetime("yesterday", "since")
            .unwrap_err()
            .to_string()
            .contains("`since`")
    );
    assert!(Lit::datetime("2026-01-31' or 1 eq 1", "since").is_err());
}

#[test]
fn odata_query_is_encoded_once_in_a_fixed_order() {
    let q = Query::new()
        .top(5)
        .select(["id", "subject"])
        .filter(Filter::eq("displayName", "R&D = 100%+"))
        .search("budget \"Q3\"")
        .orderby("receivedDateTime", true)
        .expand("attachments($select=name,size)")
        .param("includeHiddenFolders", true);
    assert_eq!(
        q.encode(),
        "$select=id,subject&$expand=attachments($select%3Dname,size)&$filter=displayName%20eq%20'R%26D%20%3D%20100%25%2B'&$search=%22budget%20%5C%22Q3%5C%22%22&$orderby=receivedDateTime%20desc&$top=5&includeHiddenFolders=true"
    );
    assert_eq!(q.on("/me/messages"), format!("/me/messages?{}", q.encode()));
    assert_eq!(Query::new().on("/me"), "/me");
    assert_eq!(
        Query::new()
            .filter(Filter::raw("a eq 1"))
            .filter(Filter::raw("b eq 2"))
            .pairs(),
        vec![("$filter".to_owned(), "a eq 1 and b eq 2".to_owned())]
    );
    // An agent's lists are checked.
    let e = Query::new()
        .select_list(Some("id, subject;drop"), &[], "select")
        .unwrap_err();
    assert!(e.to_string().contains("`select`"), "{e}");
    let e = Query::new()
        .orderby_raw(Some("receivedDateTime sideways"), "orderby")
        .unwrap_err();
    assert!(e.to_string().contains("asc or desc"), "{e}");
    let q = Query::new()
        .select_list(None, &["id"], "select")
        .unwrap()
        .orderby_raw(Some("receivedDateTime DESC, subject"), "orderby")
        .unwrap();
    assert_eq!(
        q.encode(),
        "$select=id&$orderby=receivedDateTime%20desc,subject"
    );
    assert_eq!(page_size(None, 10, 50, "top").unwrap(), 10);
    assert!(
        page_size(Some(0), 10, 50, "top")
            .unwrap_err()
            .to_string()
            .contains("between 1 and 50")
    );
}

#[tokio::test]
async fn list_sends_the_options_percent_encoded_with_the_token_and_headers() {
    let g = G::start().await;
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .header("prefer", "outlook.body-content-type=\"text\"")
        .queries(&[
            ("$select", "id,subject"),
            (
                "$filter",
                "isRead eq false and displayName eq 'O''Neil & co'",
            ),
            ("$search", "\"budget review\""),
            ("$orderby", "receivedDateTime desc"),
            ("$top", "5"),
        ])
        .respond(
            &g.fake,
            200,
            json!({"@odata.context": "x", "value": [{"id": "m1"}]}),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_list",
            json!({"path": "/me/messages", "limit": 5, "select": "id,subject", "filter": "isRead eq false",
                   "name": "O'Neil & co", "search": "budget review", "orderby": "receivedDateTime desc"}),
        )
        .await;
    assert_eq!(v, json!({"items": [{"id": "m1"}], "next_cursor": null}));
    let raw = g.received().await[0].url.query().unwrap_or("").to_owned();
    assert!(
        raw.contains("%20") && !raw.contains('+'),
        "spaces as %20: {raw}"
    );
    assert!(raw.contains("$top=5") && raw.contains("%26%20co"), "{raw}");
}

#[tokio::test]
async fn list_follows_next_links_until_the_limit_and_returns_the_next_one() {
    let g = G::start().await;
    let p2 = g.url("/me/messages?$top=4&$skiptoken=p2");
    let p3 = g.url("/me/messages?$top=4&$skiptoken=p3");
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .query("$top", "4")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}, {"id": "2"}], "@odata.nextLink": p2}),
        )
        .await;
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .queries(&[("$top", "4"), ("$skiptoken", "p2")])
        .header("prefer", "outlook.body-content-type=\"text\"")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "3"}, {"id": "4"}], "@odata.nextLink": p3}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 4}))
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "4"}])
    );
    assert_eq!(v["next_cursor"], p3);
    // The cursor continues there, with its own query.
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .queries(&[("$top", "4"), ("$skiptoken", "p3")])
        .respond(&g.fake, 200, json!({"value": [{"id": "5"}]}))
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "cursor": p3}))
        .await;
    assert_eq!(v, json!({"items": [{"id": "5"}], "next_cursor": null}));
}

#[tokio::test]
async fn list_never_reads_a_page_that_would_go_past_the_limit() {
    let g = G::start().await;
    let p2 = g.url("/me/messages?$skiptoken=p2");
    expect("GET", "/v1.0/me/messages")
        .query("$top", "3")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}, {"id": "2"}], "@odata.nextLink": p2}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 3}))
        .await;
    // A second page of up to two items would not fit in the one missing: it is the cursor.
    assert_eq!(v["items"], json!([{"id": "1"}, {"id": "2"}]));
    assert_eq!(v["next_cursor"], p2);
    assert_eq!(g.received().await.len(), 1);
}

#[tokio::test]
async fn a_collection_without_top_is_still_cut_at_the_limit() {
    let g = G::start().await;
    let p2 = g.url("/teams/t1/channels?$skiptoken=p2");
    expect("GET", "/v1.0/teams/t1/channels")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "c1"}, {"id": "c2"}], "@odata.nextLink": p2}),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_list",
            json!({"path": "/teams/t1/channels", "limit": 2, "no_top": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "c1"}, {"id": "c2"}], "next_cursor": p2})
    );
}

#[tokio::test]
async fn empty_pages_are_followed_and_a_repeated_next_link_stops_with_a_note() {
    let g = G::start().await;
    let l = g.url("/me/messages?$skiptoken=same");
    expect("GET", "/v1.0/me/messages")
        .query("$top", "5")
        .respond(&g.fake, 200, json!({"value": [], "@odata.nextLink": l}))
        .await;
    expect("GET", "/v1.0/me/messages")
        .query("$skiptoken", "same")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}], "@odata.nextLink": l}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 5}))
        .await;
    assert_eq!(v["items"], json!([{"id": "1"}]));
    assert_eq!(v["next_cursor"], Value::Null);
    assert!(
        v["note"]
            .as_str()
            .unwrap_or("")
            .contains("repeated a page token"),
        "{v}"
    );
}

#[tokio::test]
async fn a_cursor_off_the_base_is_refused_before_any_request() {
    let g = G::start().await;
    for cursor in [
        "https://graph.microsoft.com/v1.0/me/messages?$skiptoken=x".to_owned(),
        format!("{}/beta/me/messages", g.fake.uri()),
        format!("{}/v1.0evil/me/messages", g.fake.uri()),
        "not a url".to_owned(),
    ] {
        let err = g
            .client
            .call_err("ms_list", json!({"path": "/me/messages", "cursor": cursor}))
            .await;
        assert!(
            err.contains("`cursor` is not a page of this server's Microsoft Graph API"),
            "{cursor}: {err}"
        );
    }
    assert!(g.received().await.is_empty());
}

// ---- errors and throttling

#[tokio::test]
async fn graph_errors_keep_code_message_and_request_id() {
    let g = G::start().await;
    expect("GET", "/v1.0/me/messages/nope")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            404,
            graph_error(
                "ErrorItemNotFound",
                "The specified object was not found in the store.",
            ),
        )
        .await;
    let err = g
        .client
        .call_err("ms_get", json!({"path": "/me/messages/nope"}))
        .await;
    assert!(
        err.contains("Microsoft Graph API error 404 Not Found (ErrorItemNotFound): The specified object was not found in the store [request-id a1b2c3d4-0000-4000-8000-000000000001, date 2026-12-03T08:00:00]."),
        "{err}"
    );
    assert!(
        err.contains("Hint: not found, or not visible to the signed-in user"),
        "{err}"
    );
    expect("GET", "/v1.0/me/mailFolders")
        .respond(
            &g.fake,
            403,
            graph_error(
                "ErrorAccessDenied",
                "Access is denied. Check credentials and try again.",
            ),
        )
        .await;
    let err = g
        .client
        .call_err(
            "ms_get",
            json!({"path": "/me/mailFolders", "scopes": "Mail.Read"}),
        )
        .await;
    assert!(
        err.contains("403 Forbidden (ErrorAccessDenied): Access is denied"),
        "{err}"
    );
    assert!(
        err.contains("needs the delegated permission Mail.Read"),
        "{err}"
    );
}

#[test]
fn parse_error_reads_graphs_shapes() {
    let h = HeaderMap::new();
    // The OpenAPI description's spelling: `innererror`, `Date`; details added.
    let v = microsoft::parse_error(
        400,
        &h,
        &json!({"error": {"code": "BadRequest", "message": "Invalid filter clause.", "details": [{"code": "x", "message": "Syntax error at position 7."}],
                 "innererror": {"Date": "2026-12-03T08:00:00", "request-id": "r-1"}}}),
    );
    assert_eq!(v.code.as_deref(), Some("BadRequest"));
    assert_eq!(
        v.message.as_deref(),
        Some(
            "Invalid filter clause; Syntax error at position 7 [request-id r-1, date 2026-12-03T08:00:00]"
        )
    );
    assert!(!v.rate_limited);
    let v = microsoft::parse_error(
        401,
        &h,
        &graph_error(
            "InvalidAuthenticationToken",
            "Lifetime validation failed, the token is expired.",
        ),
    );
    assert!(v.hint.unwrap_or_default().contains("invalid or expired"));
    // Throttling: 429, a throttling code, a 503 with Retry-After.
    assert!(
        microsoft::parse_error(
            429,
            &h,
            &graph_error("TooManyRequests", "Too many requests")
        )
        .rate_limited
    );
    assert!(
        microsoft::parse_error(400, &h, &graph_error("activityLimitReached", "Throttled"))
            .rate_limited
    );
    let mut ra = HeaderMap::new();
    ra.insert("retry-after", "5".parse().unwrap());
    assert!(
        microsoft::parse_error(503, &ra, &graph_error("serviceNotAvailable", "busy")).rate_limited
    );
    assert!(
        !microsoft::parse_error(503, &h, &graph_error("serviceNotAvailable", "busy")).rate_limited
    );
    // Not Graph's shape: the usual fields, and the request id header when there is one.
    let v = microsoft::parse_error(
        400,
        &h,
        &json!({"error": "invalid_grant", "error_description": "AADSTS70008: expired"}),
    );
    assert_eq!(v.message.as_deref(), Some("AADSTS70008: expired"));
    let mut rid = HeaderMap::new();
    rid.insert("request-id", "hdr-9".parse().unwrap());
    let v = microsoft::parse_error(
        500,
        &rid,
        &json!({"error": {"code": "generalException", "message": "General exception while processing."}}),
    );
    assert_eq!(
        v.message.as_deref(),
        Some("General exception while processing [request-id hdr-9]")
    );
}

#[tokio::test]
async fn throttled_reads_wait_for_retry_after_then_succeed() {
    let g = G::start().await;
    for status in [429u16, 503] {
        let path = format!("/v1.0/me/t{status}");
        Mock::given(matchers::method("GET"))
            .and(matchers::path(path.clone()))
            .respond_with(
                ResponseTemplate::new(status)
                    .insert_header("Retry-After", "1")
                    .set_body_json(graph_error(
                        "TooManyRequests",
                        "Please retry after 1 second.",
                    )),
            )
            .up_to_n_times(1)
            .expect(1)
            .mount(&g.fake)
            .await;
        expect("GET", path)
            .bearer(TOKEN)
            .respond(&g.fake, 200, json!({"id": "ok"}))
            .await;
        let t = Instant::now();
        let v = g
            .client
            .call_ok("ms_get", json!({"path": format!("/me/t{status}")}))
            .await;
        assert_eq!(v["id"], "ok");
        assert!(
            t.elapsed() >= Duration::from_millis(950),
            "{status}: waited {:?}",
            t.elapsed()
        );
    }
}

#[tokio::test]
async fn throttling_that_outlasts_the_retries_says_when_to_retry() {
    let g = G::start().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/v1.0/me"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("Retry-After", "0")
                .set_body_json(graph_error("TooManyRequests", "Too many requests")),
        )
        .expect(3)
        .mount(&g.fake)
        .await;
    let err = g.client.call_err("ms_get", json!({"path": "/me"})).await;
    assert!(
        err.contains("429 Too Many Requests (TooManyRequests): Too many requests [request-id"),
        "{err}"
    );
    assert!(err.contains("rate limited by Microsoft Graph"), "{err}");
}

// ---- batching

/// Answers each request of a batch with 200 and its url, or 404 for a url with "missing";
/// the first time it sees the id `throttle`, 429 with `Retry-After: 0`.
struct Echo {
    throttled: AtomicUsize,
}

impl Respond for Echo {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
        let requests = body["requests"].as_array().cloned().unwrap_or_default();
        let throttle_now = requests.iter().any(|r| r["id"] == "throttle")
            && self.throttled.fetch_add(1, Ordering::SeqCst) == 0;
        // Answered in reverse order: Graph does not keep the order.
        let responses: Vec<Value> = requests
            .iter()
            .rev()
            .map(|r| {
                let url = r["url"].as_str().unwrap_or("");
                let after_throttled = r["dependsOn"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d == "throttle"));
                if r["id"] == "throttle" && throttle_now {
                    json!({"id": r["id"], "status": 429, "headers": {"Retry-After": "0"}, "body": graph_error("TooManyRequests", "slow down")})
                } else if url.contains("missing") {
                    json!({"id": r["id"], "status": 404, "headers": {"Content-Type": "application/json"}, "body": graph_error("ErrorItemNotFound", "Not found.")})
                } else if after_throttled && throttle_now {
                    json!({"id": r["id"], "status": 424, "body": graph_error("FailedDependency", "dependency failed")})
                } else {
                    json!({"id": r["id"], "status": 200, "headers": {"Content-Type": "application/json"}, "body": {"url": url}})
                }
            })
            .collect();
        ResponseTemplate::new(200).set_body_json(json!({"responses": responses}))
    }
}

async fn mount_echo(g: &G) {
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/v1.0/$batch"))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .respond_with(Echo {
            throttled: AtomicUsize::new(0),
        })
        .mount(&g.fake)
        .await;
}

async fn batch_bodies(g: &G) -> Vec<Value> {
    mcp_testkit::request_bodies(&g.fake, "POST", "/v1.0/$batch").await
}

#[tokio::test]
async fn a_batch_sends_graphs_json_and_returns_each_answer_by_id() {
    let g = G::start().await;
    expect("POST", "/v1.0/$batch")
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"id": "me", "method": "GET", "url": "/me?$select=displayName"},
            {"id": "inbox", "method": "GET", "url": "/me/mailFolders/inbox/messages?$top=1", "dependsOn": ["me"]},
            {"id": "gone", "method": "GET", "url": "/me/messages/gone"},
            {"id": "new", "method": "POST", "url": "/me/mailFolders", "headers": {"Content-Type": "application/json"}, "body": {"displayName": "Q3"}}
        ]}))
        .respond(&g.fake, 200, json!({"responses": [
            {"id": "gone", "status": 404, "headers": {"Content-Type": "application/json"}, "body": graph_error("ErrorItemNotFound", "Not found.")},
            {"id": "new", "status": 201, "body": {"id": "AAMk-folder", "displayName": "Q3"}},
            {"id": "me", "status": 200, "headers": {"Content-Type": "application/json"}, "body": {"displayName": "Ada"}},
            {"id": "inbox", "status": 200, "body": {"value": [{"id": "m1"}]}}
        ]}))
        .await;
    let v = g
        .client
        .call_ok(
            "ms_batch",
            json!({"requests": [
                {"id": "me", "url": "/me?$select=displayName"},
                {"id": "inbox", "url": g.url("/me/mailFolders/inbox/messages?$top=1"), "depends_on": "me"},
                {"id": "gone", "url": "me/messages/gone"},
                {"id": "new", "url": "/me/mailFolders", "method": "POST", "body": {"displayName": "Q3"}}
            ]}),
        )
        .await;
    assert_eq!(
        v[0],
        json!({"id": "me", "status": 200, "result": {"displayName": "Ada"}})
    );
    assert_eq!(v[1]["result"]["value"][0]["id"], "m1");
    assert_eq!(v[2]["status"], 404);
    let err = v[2]["result"]["error"].as_str().unwrap_or("");
    assert!(
        err.contains("404 Not Found (ErrorItemNotFound): Not found [request-id a1b2c3d4"),
        "{err}"
    );
    assert_eq!(v[3]["result"]["id"], "AAMk-folder");
}

#[tokio::test]
async fn more_than_twenty_requests_go_in_several_batches_in_order() {
    let g = G::start().await;
    mount_echo(&g).await;
    let reqs: Vec<Value> = (1..=25)
        .map(|i| json!({"id": i.to_string(), "url": format!("/me/messages/{i}")}))
        .collect();
    let v = g
        .client
        .call_ok("ms_batch", json!({"requests": reqs}))
        .await;
    assert_eq!(v.as_array().map(Vec::len), Some(25));
    assert_eq!(
        v[24],
        json!({"id": "25", "status": 200, "result": {"url": "/me/messages/25"}})
    );
    let bodies = batch_bodies(&g).await;
    let sizes: Vec<usize> = bodies
        .iter()
        .map(|b| b["requests"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(sizes, [20, 5]);
    assert_eq!(bodies[1]["requests"][0]["id"], "21");
}

#[tokio::test]
async fn dependencies_across_batches_are_kept_and_a_failed_one_fails_its_dependents() {
    let g = G::start().await;
    mount_echo(&g).await;
    let mut reqs: Vec<Value> = (1..=20)
        .map(|i| json!({"id": i.to_string(), "url": format!("/me/messages/{i}")}))
        .collect();
    reqs[19] = json!({"id": "20", "url": "/me/messages/missing"});
    reqs[2]["depends_on"] = json!("2");
    reqs.push(json!({"id": "21", "url": "/me/messages/21", "depends_on": "20"}));
    reqs.push(json!({"id": "22", "url": "/me/messages/22", "depends_on": "19"}));
    let v = g
        .client
        .call_ok("ms_batch", json!({"requests": reqs}))
        .await;
    let bodies = batch_bodies(&g).await;
    // Within a batch Graph orders them; across batches a done dependency is dropped.
    assert_eq!(bodies[0]["requests"][2]["dependsOn"], json!(["2"]));
    assert_eq!(
        bodies[1]["requests"],
        json!([{"id": "22", "method": "GET", "url": "/me/messages/22"}])
    );
    // 21 depends on 20, which failed: answered 424 without being sent.
    assert_eq!(v[20]["status"], 424);
    assert!(
        v[20]["result"]["error"]
            .as_str()
            .unwrap_or("")
            .contains("request `20`"),
        "{v}"
    );
    assert_eq!(v[21]["status"], 200);
    // Bad dependency lists are refused before anything is sent.
    let err = g
        .client
        .call_err("ms_batch", json!({"requests": [{"id": "a", "url": "/me", "depends_on": "b"}, {"id": "b", "url": "/me"}]}))
        .await;
    assert!(
        err.contains("depends on `b`, which is not an earlier request"),
        "{err}"
    );
    let err = g
        .client
        .call_err(
            "ms_batch",
            json!({"requests": [{"id": "a", "url": "https://evil.example/v1.0/me"}]}),
        )
        .await;
    assert!(
        err.contains("not a page of this server's Microsoft Graph API"),
        "{err}"
    );
    assert_eq!(batch_bodies(&g).await.len(), 2);
}

#[tokio::test]
async fn throttled_requests_of_a_batch_are_sent_again_with_their_dependents() {
    let g = G::start().await;
    mount_echo(&g).await;
    let v = g
        .client
        .call_ok(
            "ms_batch",
            json!({"requests": [
                {"id": "ok", "url": "/me"},
                {"id": "throttle", "url": "/me/messages"},
                {"id": "after", "url": "/me/mailFolders", "depends_on": "throttle"}
            ]}),
        )
        .await;
    assert_eq!(
        v[1],
        json!({"id": "throttle", "status": 200, "result": {"url": "/me/messages"}})
    );
    assert_eq!(v[2]["status"], 200, "{v}");
    let bodies = batch_bodies(&g).await;
    assert_eq!(bodies.len(), 2);
    let ids: Vec<&str> = bodies[1]["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids, ["throttle", "after"]);
}

// ---- uploads

/// Matches a request without an `Authorization` header.
struct NoAuthorization;

impl Match for NoAuthorization {
    fn matches(&self, request: &Request) -> bool {
        !request.headers.contains_key("authorization")
    }
}

fn session(g: &G) -> Value {
    json!({"uploadUrl": format!("{}/up/s1?tempauth=abc", g.fake.uri()), "expirationDateTime": "2026-12-10T08:00:00Z", "nextExpectedRanges": ["0-"]})
}

async fn expect_session(g: &G) {
    expect(
        "POST",
        "/v1.0/me/drive/items/root:/f.bin:/createUploadSession",
    )
    .bearer(TOKEN)
    .json_body(json!({"item": {"@microsoft.graph.conflictBehavior": "rename"}}))
    .respond(&g.fake, 200, session(g))
    .await;
}

async fn expect_range(g: &G, range: &str, status: u16, body: Value) {
    Mock::given(matchers::method("PUT"))
        .and(matchers::path("/up/s1"))
        .and(matchers::query_param("tempauth", "abc"))
        .and(matchers::header("content-range", range))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(status).set_body_json(body))
        .expect(1)
        .mount(&g.fake)
        .await;
}

async fn uploaded(g: &G) -> Vec<u8> {
    g.received()
        .await
        .into_iter()
        .filter(|r| r.url.path() == "/up/s1" && r.method.as_str() == "PUT")
        .flat_map(|r| r.body)
        .collect()
}

#[tokio::test]
async fn a_small_file_goes_in_one_put() {
    let g = G::start().await;
    Mock::given(matchers::method("PUT"))
        .and(matchers::path("/v1.0/me/drive/items/root:/f.bin:/content"))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .and(matchers::header("content-type", "application/octet-stream"))
        .and(matchers::body_bytes(bytes(1000)))
        .respond_with(
            ResponseTemplate::new(201)
                .set_body_json(json!({"id": "01SMALL", "name": "f.bin", "size": 1000})),
        )
        .expect(1)
        .mount(&g.fake)
        .await;
    let v = g.client.call_ok("ms_upload", json!({"size": 1000})).await;
    assert_eq!(v["id"], "01SMALL");
}

#[tokio::test]
async fn a_large_file_goes_through_a_session_in_320_kib_ranges_without_the_token() {
    let g = G::start().await;
    expect_session(&g).await;
    let total = 4 * 1024 * 1024 + 1;
    let first = 10 * CHUNK_UNIT; // the default range
    expect_range(&g, &format!("bytes 0-{}/{total}", first - 1), 202, json!({"expirationDateTime": "2026-12-10T08:00:00Z", "nextExpectedRanges": [format!("{first}-")]})).await;
    expect_range(
        &g,
        &format!("bytes {first}-{}/{total}", total - 1),
        201,
        json!({"id": "01BIG", "name": "f.bin", "size": total}),
    )
    .await;
    let v = g.client.call_ok("ms_upload", json!({"size": total})).await;
    assert_eq!(v["id"], "01BIG");
    assert_eq!(uploaded(&g).await, bytes(total));
}

#[tokio::test]
async fn a_session_resumes_where_graph_expects_the_next_range() {
    let g = G::start().await;
    expect_session(&g).await;
    let total = 700_000;
    expect_range(
        &g,
        "bytes 0-327679/700000",
        202,
        json!({"nextExpectedRanges": ["200000-"]}),
    )
    .await;
    expect_range(
        &g,
        "bytes 200000-527679/700000",
        202,
        json!({"nextExpectedRanges": ["527680-699999"]}),
    )
    .await;
    expect_range(
        &g,
        "bytes 527680-699999/700000",
        200,
        json!({"id": "01RES", "size": total}),
    )
    .await;
    let v = g
        .client
        .call_ok("ms_upload", json!({"size": total, "units": 1}))
        .await;
    assert_eq!(v["id"], "01RES");
}

#[test]
fn upload_ranges_are_multiples_of_320_kib_up_to_60_mib() {
    let s = UploadSession::from_url("https://contoso.sharepoint.com/up/s1");
    assert!(s.clone().chunk_size(CHUNK_UNIT * 3).is_ok());
    for bad in [0, CHUNK_UNIT + 1, microsoft::MAX_CHUNK + CHUNK_UNIT] {
        let e = s.clone().chunk_size(bad).unwrap_err();
        assert!(e.to_string().contains("multiple of 320 KiB"), "{e}");
    }
}

#[tokio::test]
async fn a_failed_range_cancels_the_session_and_says_which_range() {
    let g = G::start().await;
    expect_session(&g).await;
    expect_range(
        &g,
        "bytes 0-327679/700000",
        416,
        graph_error(
            "invalidRange",
            "The uploaded fragment overlaps with data that has already been received.",
        ),
    )
    .await;
    Mock::given(matchers::method("DELETE"))
        .and(matchers::path("/up/s1"))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&g.fake)
        .await;
    let err = g
        .client
        .call_err("ms_upload", json!({"size": 700_000, "units": 1}))
        .await;
    assert!(
        err.contains("Uploading bytes 0-327679/700000: Microsoft Graph API error 416"),
        "{err}"
    );
    assert!(err.contains("(invalidRange)"), "{err}");
}

// ---- downloads

#[tokio::test]
async fn a_download_follows_graphs_redirect_without_the_token() {
    let g = G::start().await;
    let location = format!("{}/dl/abc?tempauth=sig", g.fake.uri());
    expect("GET", "/v1.0/me/drive/items/01A/content")
        .bearer(TOKEN)
        .respond_with(
            &g.fake,
            ResponseTemplate::new(302).insert_header("Location", location.as_str()),
        )
        .await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/dl/abc"))
        .and(matchers::query_param("tempauth", "sig"))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(200).set_body_raw("hello", "text/plain"))
        .expect(1)
        .mount(&g.fake)
        .await;
    let v = g
        .client
        .call_ok(
            "ms_download",
            json!({"path": "/me/drive/items/01A/content"}),
        )
        .await;
    assert_eq!(v, json!({"text": "hello", "content_type": "text/plain"}));
    // Content served directly, and an error in Graph's words.
    expect("GET", "/v1.0/me/drive/items/01B/content")
        .bearer(TOKEN)
        .respond_with(
            &g.fake,
            ResponseTemplate::new(200).set_body_raw("direct", "application/octet-stream"),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_download",
            json!({"path": "/me/drive/items/01B/content"}),
        )
        .await;
    assert_eq!(v["text"], "direct");
    expect("GET", "/v1.0/me/drive/items/01C/content")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            404,
            graph_error("itemNotFound", "The resource could not be found."),
        )
        .await;
    let err = g
        .client
        .call_err(
            "ms_download",
            json!({"path": "/me/drive/items/01C/content"}),
        )
        .await;
    assert!(
        err.contains("404 Not Found (itemNotFound): The resource could not be found [request-id"),
        "{err}"
    );
}
