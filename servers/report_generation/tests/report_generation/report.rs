use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::{Value, json};

const FC_KEY: &str = "fc-test-key-123";
const AN_KEY: &str = "sk-ant-test-456";
const SB_KEY: &str = "sb-service-key-789";

struct Fakes {
    firecrawl: MockServer,
    anthropic: MockServer,
    supabase: MockServer,
    server: TestServer,
}

async fn start(options: &[(&str, &str)], allowed: Vec<String>) -> Fakes {
    let firecrawl = MockServer::start().await;
    let anthropic = MockServer::start().await;
    let supabase = MockServer::start().await;
    let mut settings = mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: allowed,
        ..settings_for("http://unused.invalid")
    }
    .with_api("firecrawl", &firecrawl.uri())
    .with_api("anthropic", &anthropic.uri());
    for (k, v) in options {
        settings = settings.with_option(k, v);
    }
    let server = TestServer::start(&report_generation_mcp_server::SPEC, settings).await;
    Fakes {
        firecrawl,
        anthropic,
        supabase,
        server,
    }
}

impl Fakes {
    async fn client(&self, store: bool) -> Client {
        let mut c = json!({"firecrawl_api_key": FC_KEY, "anthropic_api_key": AN_KEY});
        if store {
            c["supabase_url"] = json!(self.supabase.uri());
            c["supabase_api_key"] = json!(SB_KEY);
        }
        self.client_with(c).await
    }

    async fn client_with(&self, c: Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(&c);
        self.server.client_with(&[("x-auth-data", &auth)]).await
    }

    async fn requests(&self) -> usize {
        let mut n = 0;
        for f in [&self.firecrawl, &self.anthropic, &self.supabase] {
            n += f.received_requests().await.unwrap_or_default().len();
        }
        n
    }
}

/// Firecrawl v2's answer: web results under `data.web`.
fn search_answer() -> Value {
    json!({
        "success": true,
        "data": {"web": [
            {"url": "https://example.com/a", "title": "Solar in 2026", "description": "A summary", "position": 1,
             "markdown": "# Solar\nCapacity grew 30%."},
            {"url": "https://example.org/b", "title": "Grid storage", "description": "Batteries", "position": 2,
             "markdown": "Storage doubled."}
        ]},
        "creditsUsed": 2,
        "id": "7b9d7f14-1111-2222-3333-444455556666"
    })
}

fn search_expect() -> mcp_testkit::Expect {
    expect("POST", "/v2/search")
        .bearer(FC_KEY)
        .json_body(json!({"query": "solar power trends", "limit": 3, "scrapeOptions": {"formats": ["markdown"]}}))
}

fn message_answer(text: &str) -> Value {
    json!({
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn", "stop_sequence": null,
        "usage": {"input_tokens": 2095, "output_tokens": 503}
    })
}

const HTML: &str = "<!DOCTYPE html><html><head><title>Solar power trends</title></head><body><h1>Solar</h1></body></html>";

/// The prompt is ours to word: the model, the token cap and the prompt's material are checked
/// on the recorded body after the call.
fn messages_expect() -> mcp_testkit::Expect {
    expect("POST", "/v1/messages")
        .header("x-api-key", AN_KEY)
        .header("anthropic-version", "2023-06-01")
        .any_body()
}

async fn messages_body(f: &MockServer) -> Value {
    mcp_testkit::request_bodies(f, "POST", "/v1/messages")
        .await
        .pop()
        .expect("one Messages request")
}

/// The store is checked (`GET /generated_reports?select=id&limit=1`) before anything else.
async fn store_check(f: &Fakes) {
    expect("GET", "/rest/v1/generated_reports")
        .header("apikey", SB_KEY)
        .bearer(SB_KEY)
        .query("select", "id")
        .query("limit", "1")
        .respond(&f.supabase, 200, json!([{"id": 41}]))
        .await;
}

#[tokio::test]
async fn searches_writes_stores_with_progress() {
    let f = start(
        &[("report-url-base", "https://reports.example.com/r/")],
        vec!["127.0.0.1".into()],
    )
    .await;
    search_expect()
        .respond(&f.firecrawl, 200, search_answer())
        .await;
    messages_expect()
        .respond(
            &f.anthropic,
            200,
            message_answer(&format!("```html\n{HTML}\n```")),
        )
        .await;
    store_check(&f).await;
    expect("POST", "/rest/v1/generated_reports")
        .header("apikey", SB_KEY)
        .bearer(SB_KEY)
        .header("prefer", "return=representation")
        .json_body(json!({"content": HTML}))
        .respond(
            &f.supabase,
            201,
            json!([{"id": 42, "content": HTML, "created_at": "2026-12-02T06:00:00+00:00"}]),
        )
        .await;
    let client = f.client(true).await;
    let (v, progress) = client
        .call_ok_with_progress(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert_eq!(v["stored"], true);
    assert_eq!(v["report_id"], 42);
    assert_eq!(v["report_url"], "https://reports.example.com/r/42");
    assert_eq!(v["title"], "Solar power trends");
    assert_eq!(v["sources"][1]["url"], "https://example.org/b");
    assert!(v.get("report_html").is_none());
    let body = messages_body(&f.anthropic).await;
    assert_eq!(body["model"], "claude-sonnet-4-6");
    assert_eq!(body["max_tokens"], 8000);
    assert_eq!(body["messages"][0]["role"], "user");
    let prompt = body["messages"][0]["content"].as_str().unwrap();
    assert!(
        prompt.contains("solar power trends")
            && prompt.contains("Capacity grew 30%.")
            && prompt.contains("https://example.org/b")
    );
    let steps: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert_eq!(steps, vec![0.0, 1.0, 2.0, 3.0], "{progress:?}");
    assert!(progress.iter().all(|p| p.total == Some(4.0)));
}

#[tokio::test]
async fn without_a_store_returns_the_report_and_takes_the_model_argument() {
    let f = start(&[("model", "claude-haiku-4-5")], vec![]).await;
    // A v1-shaped answer (results directly under data) is read too.
    search_expect()
        .respond(&f.firecrawl, 200, json!({"success": true, "data": [{"url": "https://example.com/a", "title": "A", "markdown": "text"}]}))
        .await;
    messages_expect()
        .respond(&f.anthropic, 200, message_answer(HTML))
        .await;
    let client = f.client(false).await;
    let v = client
        .call_ok(
            "generate_web_reports",
            json!({"query": "solar power trends", "model": "claude-opus-4-8"}),
        )
        .await;
    assert_eq!(v["stored"], false);
    assert_eq!(v["report_html"], HTML);
    assert_eq!(v["model"], "claude-opus-4-8");
    assert_eq!(
        messages_body(&f.anthropic).await["model"],
        "claude-opus-4-8"
    );
}

#[tokio::test]
async fn operator_model_is_the_default() {
    let f = start(
        &[("model", "claude-haiku-4-5"), ("max-tokens", "2000")],
        vec![],
    )
    .await;
    search_expect()
        .respond(&f.firecrawl, 200, search_answer())
        .await;
    messages_expect()
        .respond(&f.anthropic, 200, message_answer(HTML))
        .await;
    let client = f.client(false).await;
    let v = client
        .call_ok(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert_eq!(v["model"], "claude-haiku-4-5");
    let body = messages_body(&f.anthropic).await;
    assert_eq!(body["model"], "claude-haiku-4-5");
    assert_eq!(body["max_tokens"], 2000);
}

#[tokio::test]
async fn search_failure_names_the_step() {
    let f = start(&[], vec![]).await;
    search_expect()
        .respond(
            &f.firecrawl,
            402,
            json!({"success": false, "error": "Insufficient credits to perform this request."}),
        )
        .await;
    let client = f.client(false).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(
        err.contains("Step 1 of the report (web search, Firecrawl) failed"),
        "{err}"
    );
    assert!(err.contains("Insufficient credits"), "{err}");
    assert!(
        mcp_testkit::request_bodies(&f.anthropic, "POST", "/v1/messages")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn no_results_is_a_clear_message() {
    let f = start(&[], vec![]).await;
    search_expect()
        .respond(
            &f.firecrawl,
            200,
            json!({"success": true, "data": {"web": []}}),
        )
        .await;
    let client = f.client(false).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(err.contains("found no pages"), "{err}");
}

#[tokio::test]
async fn writing_failure_names_the_step_and_model() {
    let f = start(&[], vec![]).await;
    search_expect()
        .respond(&f.firecrawl, 200, search_answer())
        .await;
    messages_expect()
        .respond(
            &f.anthropic,
            404,
            json!({"type": "error", "error": {"type": "not_found_error", "message": "model: claude-3-7-sonnet-latest"}, "request_id": "req_011"}),
        )
        .await;
    let client = f.client(false).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends", "model": "claude-3-7-sonnet-latest"}),
        )
        .await;
    assert!(
        err.contains(
            "Step 2 of the report (writing, Anthropic model claude-3-7-sonnet-latest) failed"
        ),
        "{err}"
    );
    assert!(
        err.contains("not_found_error") || err.contains("model: claude-3-7-sonnet-latest"),
        "{err}"
    );
    assert!(!err.contains(AN_KEY), "{err}");
}

#[tokio::test]
async fn store_failure_names_the_step() {
    let f = start(&[], vec!["127.0.0.1".into()]).await;
    search_expect()
        .respond(&f.firecrawl, 200, search_answer())
        .await;
    messages_expect()
        .respond(&f.anthropic, 200, message_answer(HTML))
        .await;
    store_check(&f).await;
    expect("POST", "/rest/v1/generated_reports")
        .header("apikey", SB_KEY)
        .any_body()
        .respond(
            &f.supabase,
            404,
            json!({"code": "42P01", "details": null, "hint": null, "message": "relation \"public.generated_reports\" does not exist"}),
        )
        .await;
    let client = f.client(true).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(
        err.contains("Step 3 of the report (saving to Supabase"),
        "{err}"
    );
    assert!(err.contains("generated_reports\" does not exist"), "{err}");
}

#[tokio::test]
async fn missing_store_table_stops_before_searching() {
    let f = start(&[], vec!["127.0.0.1".into()]).await;
    expect("GET", "/rest/v1/generated_reports")
        .header("apikey", SB_KEY)
        .query("select", "id")
        .query("limit", "1")
        .respond(
            &f.supabase,
            404,
            json!({"code": "42P01", "details": null, "hint": null, "message": "relation \"public.generated_reports\" does not exist"}),
        )
        .await;
    let client = f.client(true).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(err.contains("nothing was searched or written"), "{err}");
    assert!(err.contains("does not exist"), "{err}");
    assert!(
        f.firecrawl
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
}

#[tokio::test]
async fn foreign_supabase_host_is_refused_before_any_request() {
    // 127.0.0.1 is not *.supabase.co and the operator allowed nothing.
    let f = start(&[], vec![]).await;
    let client = f.client(true).await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(err.contains("Refusing the host `127.0.0.1`"), "{err}");
    assert!(err.contains("*.supabase.co"), "{err}");
    assert!(err.contains("nothing was searched or written"), "{err}");
    assert!(!err.contains(SB_KEY), "{err}");
    let client = f
        .client_with(json!({"firecrawl_api_key": FC_KEY, "anthropic_api_key": AN_KEY,
                            "supabase_url": "https://evil.example.com", "supabase_api_key": SB_KEY}))
        .await;
    let err = client
        .call_err(
            "generate_web_reports",
            json!({"query": "solar power trends"}),
        )
        .await;
    assert!(err.contains("evil.example.com"), "{err}");
    assert_eq!(f.requests().await, 0);
}

#[tokio::test]
async fn bad_input_and_missing_keys() {
    let f = start(&[], vec![]).await;
    let client = f.client(false).await;
    let err = client
        .call_err("generate_web_reports", json!({"query": "  "}))
        .await;
    assert!(err.contains("query"), "{err}");
    let client = f.client_with(json!({"anthropic_api_key": AN_KEY})).await;
    let err = client
        .call_err("generate_web_reports", json!({"query": "solar"}))
        .await;
    assert!(err.contains("firecrawl_api_key"), "{err}");
    assert!(err.contains("FIRECRAWL_API_KEY"), "{err}");
    assert_eq!(f.requests().await, 0);
}
