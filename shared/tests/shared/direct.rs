//! The direct path (`shared/src/transport/direct.rs`) against rmcp's: every request goes to a server
//! with the direct path and to one without it (`MCP_DIRECT=false`), and both must answer the
//! same status, headers and body. The plain `tools/call` and `tools/list` requests must be the
//! ones answered directly; everything else must reach rmcp, which answers or refuses it.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};

use crate::acme::{SPEC, thing};
use crate::http::{exchange, mcp_headers, open_session};

const CALL: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"acme_get_thing","arguments":{"id":1}}}"#;
const LIST: &str = r#"{"jsonrpc":"2.0","id":"l-1","method":"tools/list"}"#;

/// One request: what differs from a plain `tools/call` of the session.
struct Case {
    what: &'static str,
    /// Headers replacing or added to the plain ones (`None` removes one).
    headers: Vec<(&'static str, Option<&'static str>)>,
    body: &'static str,
    /// Whether the direct path must answer it.
    direct: bool,
}

fn case(
    what: &'static str,
    headers: &[(&'static str, Option<&'static str>)],
    body: &'static str,
    direct: bool,
) -> Case {
    Case {
        what,
        headers: headers.to_vec(),
        body,
        direct,
    }
}

fn cases() -> Vec<Case> {
    vec![
        case("a tool call", &[], CALL, true),
        case("tools/list without params", &[], LIST, true),
        case(
            "tools/list with empty params",
            &[],
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}"#,
            true,
        ),
        case(
            "tools/list narrowed by X-MCP-Tools",
            &[("X-MCP-Tools", Some("acme_get_thing"))],
            LIST,
            true,
        ),
        case(
            "tools/list narrowed by X-MCP-Readonly",
            &[("X-MCP-Readonly", Some("true"))],
            LIST,
            true,
        ),
        case(
            "a tool call outside X-MCP-Tools",
            &[("X-MCP-Tools", Some("acme_slow"))],
            CALL,
            true,
        ),
        case(
            "an unknown tool",
            &[],
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
            true,
        ),
        case(
            "arguments of the wrong type",
            &[],
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"acme_get_thing","arguments":{"id":"x"}}}"#,
            true,
        ),
        case(
            "no arguments",
            &[],
            r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"acme_get_thing"}}"#,
            true,
        ),
        case(
            "a charset in Content-Type",
            &[("Content-Type", Some("application/json; charset=utf-8"))],
            CALL,
            true,
        ),
        case(
            "an upper-case Host",
            &[("Host", Some("LOCALHOST:80"))],
            CALL,
            true,
        ),
        case(
            "no protocol version header",
            &[("MCP-Protocol-Version", None)],
            CALL,
            true,
        ),
        // rmcp's: the body or the head is not the plain shape.
        case(
            "_meta in params",
            &[],
            r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"acme_get_thing","arguments":{"id":1},"_meta":{"progressToken":1}}}"#,
            false,
        ),
        case(
            "a cursor",
            &[],
            r#"{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"cursor":"x"}}"#,
            false,
        ),
        case(
            "ping",
            &[],
            r#"{"jsonrpc":"2.0","id":10,"method":"ping"}"#,
            false,
        ),
        case(
            "a notification",
            &[],
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
            false,
        ),
        case(
            "a null id",
            &[],
            r#"{"jsonrpc":"2.0","id":null,"method":"tools/list"}"#,
            false,
        ),
        case(
            "JSON-RPC 1.0",
            &[],
            r#"{"jsonrpc":"1.0","id":11,"method":"tools/list"}"#,
            false,
        ),
        case(
            "an unknown field",
            &[],
            r#"{"jsonrpc":"2.0","id":12,"method":"tools/list","extra":1}"#,
            false,
        ),
        case(
            "a batch",
            &[],
            r#"[{"jsonrpc":"2.0","id":13,"method":"tools/list"}]"#,
            false,
        ),
        case("malformed JSON", &[], r#"{"jsonrpc":"2.0","id":14,"#, false),
        case(
            "JSON that is not a JSON-RPC message",
            &[],
            r#"{"id":15,"hello":"world"}"#,
            false,
        ),
        case(
            "arguments that are not an object",
            &[],
            r#"{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"acme_get_thing","arguments":[1]}}"#,
            false,
        ),
        case(
            "params that are not an object",
            &[],
            r#"{"jsonrpc":"2.0","id":17,"method":"tools/call","params":"acme_get_thing"}"#,
            false,
        ),
        case(
            "an allowed Origin",
            &[("Origin", Some("http://localhost:3000"))],
            CALL,
            false,
        ),
        case(
            "a foreign Origin",
            &[("Origin", Some("https://evil.example"))],
            CALL,
            false,
        ),
        case(
            "a foreign Host",
            &[("Host", Some("evil.example"))],
            CALL,
            false,
        ),
        case(
            "an IPv6 loopback Host",
            &[("Host", Some("[::1]:80"))],
            CALL,
            false,
        ),
        case(
            "Accept without event streams",
            &[("Accept", Some("application/json"))],
            CALL,
            false,
        ),
        case(
            "Accept with weights",
            &[("Accept", Some("application/json;q=0.9, text/event-stream"))],
            CALL,
            false,
        ),
        case(
            "another Content-Type",
            &[("Content-Type", Some("text/plain"))],
            CALL,
            false,
        ),
        case(
            "protocol 2026-07-28",
            &[("MCP-Protocol-Version", Some("2026-07-28"))],
            CALL,
            false,
        ),
        case(
            "an unknown protocol version",
            &[("MCP-Protocol-Version", Some("1999-01-01"))],
            CALL,
            false,
        ),
        case(
            "an Mcp-Method header",
            &[("Mcp-Method", Some("tools/call"))],
            CALL,
            false,
        ),
    ]
}

/// The headers of `c`: the plain ones, changed as the case says. `session` is the session's id
/// (sessions mode), or a session id the case sends where none belongs (stateless mode).
fn headers_of<'a>(
    c: &'a Case,
    token: &'a str,
    session: Option<&'a str>,
) -> Vec<(&'a str, &'a str)> {
    let mut extra = vec![
        ("MCP-Protocol-Version", "2025-06-18"),
        ("x-auth-data", token),
    ];
    if let Some(s) = session {
        extra.push(("Mcp-Session-Id", s));
    }
    let mut h = mcp_headers("localhost", &extra);
    for (name, value) in &c.headers {
        h.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        if let Some(v) = value {
            h.push((name, v));
        }
    }
    h
}

/// POST `body` to `/mcp` with the headers of case `c`; the whole response.
async fn post(port: u16, c: &Case, body: &str, token: &str, session: Option<&str>) -> String {
    exchange(port, "POST", "/mcp", &headers_of(c, token, session), body).await
}

/// The response without what differs between two servers (the date, the session's id).
fn normalised(text: &str, session: Option<&str>) -> String {
    let text = match session {
        Some(s) => text.replace(s, "SESSION"),
        None => text.to_owned(),
    };
    text.lines()
        .filter(|l| !l.to_ascii_lowercase().starts_with("date:"))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn fake() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(1)))
        .mount(&fake)
        .await;
    fake
}

async fn differential(stateless: bool, json_response: bool) {
    let fake = fake().await;
    let start = |direct: bool| {
        TestServer::start(
            &SPEC,
            mcp_shared::Settings {
                stateless,
                json_response,
                direct,
                ..settings_for(&fake.uri())
            },
        )
    };
    let (on, off) = (start(true).await, start(false).await);
    let (on_session, off_session) = if stateless {
        (None, None)
    } else {
        (
            Some(open_session(on.port()).await),
            Some(open_session(off.port()).await),
        )
    };
    let token = mcp_testkit::auth_data("tok");
    let mut cases = cases();
    cases.push(if stateless {
        case("a session id", &[], CALL, false)
    } else {
        case("an unknown session", &[], CALL, false)
    });
    let last = cases.len() - 1;
    for (i, c) in cases.iter().enumerate() {
        // The last case sends a session id that is not the server's.
        let (s_on, s_off) = if i == last {
            (Some("no-such-session"), Some("no-such-session"))
        } else {
            (on_session.as_deref(), off_session.as_deref())
        };
        let before = on.server.direct_answers();
        let a = post(on.port(), c, c.body, &token, s_on).await;
        let direct = on.server.direct_answers() > before;
        let b = post(off.port(), c, c.body, &token, s_off).await;
        let mode = format!(
            "{} ({}{})",
            c.what,
            if stateless { "stateless" } else { "sessions" },
            if json_response {
                ", JSON responses"
            } else {
                ""
            }
        );
        assert!(a.starts_with("HTTP/1.1 "), "{mode}: no response: {a}");
        assert_eq!(
            normalised(&a, s_on),
            normalised(&b, s_off),
            "{mode}: the direct path answered differently from rmcp's"
        );
        // A session's event stream is always rmcp's (priming event, resumable event ids).
        let expected = c.direct && (stateless || json_response);
        assert_eq!(direct, expected, "{mode}: answered directly: {direct}\n{a}");
        // `MCP_DIRECT=false`: every request went through rmcp untouched (the direct path is
        // the only shortcut there is).
        assert_eq!(off.server.direct_answers(), 0, "{mode}");
    }
    on.stop().await;
    off.stop().await;
}

#[tokio::test]
async fn sessions_answer_as_rmcp_does() {
    differential(false, false).await;
}

#[tokio::test]
async fn stateless_requests_answer_as_rmcp_does() {
    differential(true, false).await;
}

#[tokio::test]
async fn json_responses_answer_as_rmcp_does() {
    differential(true, true).await;
    differential(false, true).await;
}

/// A session's tool call and tools/list answered on the direct path (JSON replies) are
/// shaped as rmcp's handler shapes them for its protocol revision (no `resultType` before
/// 2026-07-28): the same bodies as a stateless request that rmcp's handler answers.
#[tokio::test]
async fn session_replies_have_the_shape_of_the_negotiated_revision() {
    let fake = fake().await;
    let sessions = TestServer::start(
        &SPEC,
        mcp_shared::Settings {
            json_response: true,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let stateless = TestServer::start(
        &SPEC,
        mcp_shared::Settings {
            stateless: true,
            json_response: true,
            direct: false,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let session = open_session(sessions.port()).await;
    let token = mcp_testkit::auth_data("tok");
    let plain = case("plain", &[], CALL, true);
    for body in [CALL, LIST] {
        let a = post(sessions.port(), &plain, body, &token, Some(&session)).await;
        let b = post(stateless.port(), &plain, body, &token, None).await;
        let body_of = |t: &str| t.split_once("\r\n\r\n").map(|(_, b)| b.to_owned());
        assert_eq!(body_of(&a), body_of(&b), "{body}");
        assert!(!a.contains("resultType"), "{a}");
        assert!(a.contains(r#""result":"#), "{a}");
    }
    sessions.stop().await;
    stateless.stop().await;
}
