//! The shared GraphQL client through a real MCP client: `errors[]` become clear tool errors,
//! queries are retried and mutations are not, vendor throttling inside the body is waited out,
//! and Relay connections page with `limit` + `cursor`.

use mcp_shared::graphql::{execute, relay_args, relay_page};
use mcp_shared::{
    Auth, Base, Ctx, Effect, Int, Method, ServerSpec, ToolDef, ToolError, Toolset, tool,
};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, expect, settings_for};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

const GET_TEAM: &str = "query GetTeam($id: ID!) { team(id: $id) { id name } }";
const RENAME: &str =
    "mutation Rename($id: ID!, $name: String!) { teamUpdate(id: $id, name: $name) { success } }";
const TEAMS: &str = "query Teams($first: Int!, $after: String) { teams(first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }";

/// Get a team.
#[derive(Deserialize, JsonSchema)]
struct GetTeam {
    id: String,
}

async fn get_team(ctx: Ctx, a: GetTeam) -> Result<Value, ToolError> {
    execute(
        ctx.authorized(Method::POST, "/graphql")?,
        "GetTeam",
        GET_TEAM,
        json!({"id": a.id}),
    )
    .await
}

/// Rename a team.
#[derive(Deserialize, JsonSchema)]
struct Rename {
    id: String,
    name: String,
}

async fn rename(ctx: Ctx, a: Rename) -> Result<Value, ToolError> {
    execute(
        ctx.authorized(Method::POST, "/graphql")?,
        "Rename",
        RENAME,
        json!({"id": a.id, "name": a.name}),
    )
    .await
}

/// List teams.
#[derive(Deserialize, JsonSchema)]
struct ListTeams {
    limit: Option<Int>,
    cursor: Option<String>,
}

async fn list_teams(ctx: Ctx, a: ListTeams) -> Result<Value, ToolError> {
    let data = execute(
        ctx.authorized(Method::POST, "/graphql")?,
        "Teams",
        TEAMS,
        relay_args(a.limit.map(|l| l.get()), a.cursor.as_deref(), 50, 100),
    )
    .await?;
    let (items, next) = relay_page(&data["teams"]);
    Ok(json!({"items": items, "next_cursor": next}))
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("gql_get_team", "Get team", Effect::Read, get_team).toolset("t"),
        tool("gql_rename", "Rename team", Effect::Write, rename).toolset("t"),
        tool("gql_list_teams", "List teams", Effect::Read, list_teams).toolset("t"),
    ]
}

static SPEC: ServerSpec = ServerSpec {
    service: "gql",
    display_name: "Linear",
    binary: "gql-mcp-server",
    version: "0",
    base: Base::Fixed("https://api.linear.invalid"),
    auth: Auth::RawIfPrefixed {
        fields: &["access_token"],
        prefixes: &["lin_api_"],
    },
    toolsets: &[Toolset {
        name: "t",
        description: "Teams.",
        default: true,
    }],
    tools,
    ..ServerSpec::DEFAULT
};

async fn start(fake: &MockServer) -> (TestServer, mcp_testkit::Client) {
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[("authorization", "Bearer lin_api_key")])
        .await;
    (server, client)
}

async fn requests(fake: &MockServer) -> usize {
    fake.received_requests().await.map(|r| r.len()).unwrap_or(0)
}

#[tokio::test]
async fn a_query_sends_its_operation_and_variables_and_returns_data() {
    let fake = MockServer::start().await;
    expect("POST", "/graphql")
        .header("authorization", "lin_api_key")
        .graphql("GetTeam", json!({"id": "T1"}))
        .respond(
            &fake,
            200,
            json!({"data": {"team": {"id": "T1", "name": "Core"}}}),
        )
        .await;
    let (_s, c) = start(&fake).await;
    let v = c.call_ok("gql_get_team", json!({"id": "T1"})).await;
    assert_eq!(v["team"]["name"], "Core");
}

#[tokio::test]
async fn errors_in_a_200_are_tool_errors_with_message_code_and_path() {
    let fake = MockServer::start().await;
    expect("POST", "/graphql")
        .graphql("GetTeam", json!({"id": "nope"}))
        .respond(
            &fake,
            200,
            json!({"data": null, "errors": [{"message": "Entity not found: Team", "path": ["team"], "extensions": {"code": "ENTITY_NOT_FOUND"}}]}),
        )
        .await;
    let (_s, c) = start(&fake).await;
    let err = c.call_err("gql_get_team", json!({"id": "nope"})).await;
    assert!(
        err.contains(
            "Linear GraphQL error (ENTITY_NOT_FOUND) in GetTeam at `team`: Entity not found: Team."
        ),
        "{err}"
    );
    assert!(err.contains("Hint: not found"), "{err}");
}

#[tokio::test]
async fn queries_are_retried_after_gateway_errors_mutations_never() {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(502))
        .up_to_n_times(1)
        .mount(&fake)
        .await;
    expect("POST", "/graphql")
        .graphql("GetTeam", json!({"id": "T1"}))
        .respond(&fake, 200, json!({"data": {"team": {"id": "T1"}}}))
        .await;
    let (_s, c) = start(&fake).await;
    assert_eq!(
        c.call_ok("gql_get_team", json!({"id": "T1"})).await["team"]["id"],
        "T1"
    );
    assert_eq!(requests(&fake).await, 2);

    let fake = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(502))
        .mount(&fake)
        .await;
    let (_s, c) = start(&fake).await;
    let err = c
        .call_err("gql_rename", json!({"id": "T1", "name": "x"}))
        .await;
    assert!(err.contains("502"), "{err}");
    assert_eq!(
        requests(&fake).await,
        1,
        "a mutation that may have run is not repeated"
    );
}

/// The first answer is `throttled`, the second a success: the call waits and succeeds.
async fn throttled_then_ok(throttled: ResponseTemplate, tool: &str, args: Value) -> Value {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .respond_with(throttled)
        .up_to_n_times(1)
        .mount(&fake)
        .await;
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"data": {"team": {"id": "T1"}, "teamUpdate": {"success": true}}}),
        ))
        .mount(&fake)
        .await;
    let (_s, c) = start(&fake).await;
    let v = c.call_ok(tool, args).await;
    assert_eq!(requests(&fake).await, 2);
    v
}

#[tokio::test]
async fn vendor_throttling_in_the_body_is_waited_out() {
    // Shopify: THROTTLED with the cost still missing over the restore rate (0.1 s here).
    let shopify = ResponseTemplate::new(200).set_body_json(json!({
        "errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED"}}],
        "extensions": {"cost": {"requestedQueryCost": 60, "actualQueryCost": null,
            "throttleStatus": {"maximumAvailable": 1000.0, "currentlyAvailable": 50, "restoreRate": 100.0}}}
    }));
    let v = throttled_then_ok(shopify, "gql_get_team", json!({"id": "T1"})).await;
    assert_eq!(v["team"]["id"], "T1");
    // monday.com: COMPLEXITY_BUDGET_EXHAUSTED with retry_in_seconds; a throttled mutation
    // did not run, so it is retried too.
    let monday = ResponseTemplate::new(200).set_body_json(json!({
        "errors": [{"message": "Complexity budget exhausted", "extensions": {"code": "COMPLEXITY_BUDGET_EXHAUSTED", "retry_in_seconds": 0}}]
    }));
    let v = throttled_then_ok(monday, "gql_rename", json!({"id": "T1", "name": "x"})).await;
    assert_eq!(v["teamUpdate"]["success"], true);
    // monday.com's legacy body.
    let legacy = ResponseTemplate::new(200).set_body_json(json!({
        "error_code": "ComplexityException", "status_code": 429,
        "error_message": "Complexity budget exhausted, query cost 30001 budget remaining 19986 out of 1000000 reset in 0 seconds",
        "errors": ["Complexity budget exhausted"]
    }));
    throttled_then_ok(legacy, "gql_get_team", json!({"id": "T1"})).await;
    // Linear: RATELIMITED in a 400, with the exhausted budget's reset header.
    let reset_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() + 100)
        .unwrap_or_default();
    let linear = ResponseTemplate::new(400)
        .insert_header("x-ratelimit-requests-remaining", "0")
        .insert_header("x-ratelimit-requests-reset", reset_ms.to_string().as_str())
        .set_body_json(json!({"errors": [{"message": "Rate limit exceeded", "extensions": {"code": "RATELIMITED"}}]}));
    throttled_then_ok(linear, "gql_get_team", json!({"id": "T1"})).await;
}

#[tokio::test]
async fn throttling_that_lasts_is_reported_as_a_rate_limit() {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "errors": [{"message": "Complexity budget exhausted", "extensions": {"code": "COMPLEXITY_BUDGET_EXHAUSTED", "retry_in_seconds": 60}}]
        })))
        .mount(&fake)
        .await;
    let (_s, c) = start(&fake).await;
    let err = c.call_err("gql_get_team", json!({"id": "T1"})).await;
    assert!(err.contains("COMPLEXITY_BUDGET_EXHAUSTED"), "{err}");
    assert!(
        err.contains("rate limited by Linear: retry after 60 s"),
        "{err}"
    );
    // A 60 s wait is longer than the test's 3 s cap: reported, not slept through.
    assert_eq!(requests(&fake).await, 1);
}

#[tokio::test]
async fn relay_connections_page_with_limit_and_cursor() {
    let fake = MockServer::start().await;
    expect("POST", "/graphql")
        .graphql("Teams", json!({"first": 2, "after": null}))
        .respond(
            &fake,
            200,
            json!({"data": {"teams": {"nodes": [{"id": "a"}, {"id": "b"}], "pageInfo": {"hasNextPage": true, "endCursor": "cur-b"}}}}),
        )
        .await;
    expect("POST", "/graphql")
        .graphql("Teams", json!({"first": 2, "after": "cur-b"}))
        .respond(
            &fake,
            200,
            json!({"data": {"teams": {"nodes": [{"id": "c"}], "pageInfo": {"hasNextPage": false, "endCursor": "cur-c"}}}}),
        )
        .await;
    let (_s, c) = start(&fake).await;
    let first = c.call_ok("gql_list_teams", json!({"limit": 2})).await;
    assert_eq!(
        first,
        json!({"items": [{"id": "a"}, {"id": "b"}], "next_cursor": "cur-b"})
    );
    let second = c
        .call_ok("gql_list_teams", json!({"limit": 2, "cursor": "cur-b"}))
        .await;
    assert_eq!(second, json!({"items": [{"id": "c"}], "next_cursor": null}));
}
