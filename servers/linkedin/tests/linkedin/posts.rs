use crate::{li_error, req, setup, userinfo};
use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Setup, TestServer, settings_for};
use serde_json::{Value, json};

const URN: &str = "urn:li:share:6844785523593134080";

fn created() -> ResponseTemplate {
    ResponseTemplate::new(201).insert_header("x-restli-id", URN)
}

fn post_body(commentary: &str, visibility: &str, content: Option<Value>) -> Value {
    let mut b = json!({
        "author": "urn:li:person:782bbtaQ",
        "commentary": commentary,
        "visibility": visibility,
        "distribution": {"feedDistribution": "MAIN_FEED", "targetEntities": [], "thirdPartyDistributionChannels": []},
        "lifecycleState": "PUBLISHED",
        "isReshareDisabledByAuthor": false
    });
    if let Some(c) = content {
        b["content"] = c;
    }
    b
}

async fn with_userinfo(s: &Setup) {
    req("GET", "/v2/userinfo")
        .respond(&s.fake, 200, userinfo())
        .await;
}

#[tokio::test]
async fn create_post_escapes_little_text_and_reads_restli_id() {
    let s = setup().await;
    with_userinfo(&s).await;
    req("POST", "/rest/posts")
        .header("linkedin-version", "202607")
        .json_body(post_body(
            "Launch \\(beta\\)\n\nWe shipped v2 \\[today\\] \\@ 9am \\<3 \\*bold\\* \\_x\\_ \\~y\\~ a\\|b \\{c\\} C\\# \\\\ #rust\n\n#OpenSource #AI",
            "CONNECTIONS",
            None,
        ))
        .respond_with(&s.fake, created())
        .await;
    let v = s
        .client
        .call_ok(
            "linkedin_create_post",
            json!({"title": "Launch (beta)",
                   "text": "We shipped v2 [today] @ 9am <3 *bold* _x_ ~y~ a|b {c} C# \\ #rust",
                   "hashtags": ["#OpenSource", "A.I"], "visibility": "CONNECTIONS"}),
        )
        .await;
    assert_eq!(v["id"], URN);
    assert_eq!(
        v["url"],
        format!("https://www.linkedin.com/feed/update/{URN}/")
    );
    assert_eq!(v["author"], "urn:li:person:782bbtaQ");
    assert_eq!(v["visibility"], "CONNECTIONS");
}

#[tokio::test]
async fn create_post_version_option_and_default_visibility() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let server = TestServer::start(
        &linkedin_mcp_server::SPEC,
        settings_for(&fake.uri()).with_option("linkedin-version", "202611"),
    )
    .await;
    let client = server.client(crate::TOKEN).await;
    req("GET", "/v2/userinfo")
        .respond(&fake, 200, userinfo())
        .await;
    req("POST", "/rest/posts")
        .header("linkedin-version", "202611")
        .json_body(post_body("Hello world", "PUBLIC", None))
        .respond_with(&fake, created())
        .await;
    let v = client
        .call_ok("linkedin_create_post", json!({"text": "Hello world"}))
        .await;
    assert_eq!(v["id"], URN);
    assert_eq!(v["character_count"], 11);
}

#[tokio::test]
async fn create_post_errors() {
    let s = setup().await;
    with_userinfo(&s).await;
    req("POST", "/rest/posts")
        .header("linkedin-version", "202607")
        .json_body(post_body("Hi", "PUBLIC", None))
        .respond(
            &s.fake,
            403,
            li_error(
                403,
                100,
                "ACCESS_DENIED",
                "Not enough permissions to access: partnerApiPostsExternal.CREATE.20260701",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("linkedin_create_post", json!({"text": "Hi"}))
        .await;
    assert!(err.contains("Not enough permissions"), "{err}");
    assert!(err.contains("w_member_social"), "{err}");
    let err = s
        .client
        .call_err("linkedin_create_post", json!({"text": "x".repeat(3001)}))
        .await;
    assert!(err.contains("at most 3000"), "{err}");
    let err = s
        .client
        .call_err(
            "linkedin_create_post",
            json!({"text": "Hi", "visibility": "FRIENDS"}),
        )
        .await;
    assert!(
        err.contains("visibility") || err.contains("FRIENDS"),
        "{err}"
    );
}

#[tokio::test]
async fn create_url_share_contract() {
    let s = setup().await;
    with_userinfo(&s).await;
    req("POST", "/rest/posts")
        .header("linkedin-version", "202607")
        .json_body(post_body(
            "Worth a read \\(5 min\\)",
            "PUBLIC",
            Some(json!({"article": {"source": "https://example.com/post?id=1", "title": "Rust in 2026", "description": "What changed"}})),
        ))
        .respond_with(&s.fake, created())
        .await;
    let v = s
        .client
        .call_ok(
            "linkedin_create_url_share",
            json!({"url": "https://example.com/post?id=1", "text": "Worth a read (5 min)",
                   "title": "Rust in 2026", "description": "What changed"}),
        )
        .await;
    assert_eq!(v["id"], URN);
    assert_eq!(v["shared_url"], "https://example.com/post?id=1");
}

#[tokio::test]
async fn create_url_share_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "linkedin_create_url_share",
            json!({"url": "ftp://x", "text": "t"}),
        )
        .await;
    assert!(err.contains("http(s) URL"), "{err}");
    with_userinfo(&s).await;
    req("POST", "/rest/posts")
        .header("linkedin-version", "202607")
        .json_body(post_body(
            "t",
            "PUBLIC",
            Some(json!({"article": {"source": "https://example.com/", "title": "https://example.com/"}})),
        ))
        .respond(
            &s.fake,
            426,
            li_error(426, 0, "NONEXISTENT_VERSION", "Requested version 20260700 is not active"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "linkedin_create_url_share",
            json!({"url": "https://example.com/", "text": "t"}),
        )
        .await;
    assert!(err.contains("not active"), "{err}");
    assert!(err.contains("LINKEDIN_API_VERSION"), "{err}");
}

#[tokio::test]
async fn format_rich_post_contract() {
    let s = setup().await;
    let v = s
        .client
        .call_ok(
            "linkedin_format_rich_post",
            json!({"text": "Big news today", "bold_text": ["Big"], "italic_text": ["today"],
                   "bullet_points": ["One", " "], "numbered_list": ["First", "Second"],
                   "mentions": ["@Jane Doe"], "hashtags": ["rust lang"]}),
        )
        .await;
    assert_eq!(
        v["formatted_text"],
        "\u{1D5D5}\u{1D5F6}\u{1D5F4} news \u{1D635}\u{1D630}\u{1D625}\u{1D622}\u{1D63A}\n\n• One\n\n1. First\n2. Second\n\n@Jane Doe\n\n#rustlang"
    );
    assert_eq!(v["formatting_applied"]["bold"], 1);
    assert_eq!(v["formatting_applied"]["bullet_points"], 1);
    assert_eq!(v["within_limit"], true);
    let err = s
        .client
        .call_err("linkedin_format_rich_post", json!({"text": "  "}))
        .await;
    assert!(err.contains("text"), "{err}");
}
