use crate::{TOKEN, req, resend_error, setup};
use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate};
use serde_json::{Value, json};

const EMAIL_ID: &str = "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794";

/// The `Idempotency-Key` of each request the fake got for `POST path`.
async fn idempotency_keys(fake: &MockServer, p: &str) -> Vec<String> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|r| r.method.as_str() == "POST" && r.url.path() == p)
        .map(|r| {
            r.headers
                .get("idempotency-key")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// A UUID v4 in its text form.
fn is_uuid_v4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
        && s.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
        && parts[2].starts_with('4')
}

#[tokio::test]
async fn send_email_with_every_field() {
    let s = setup().await;
    req("POST", "/emails")
        .json_body(json!({
            "from": "Acme <onboarding@resend.dev>",
            "to": ["delivered@resend.dev", "\"Doe, Jane\" <jane@example.com>"],
            "subject": "Hello World",
            "text": "It works!",
            "html": "<strong>It works!</strong>",
            "cc": ["cc@example.com"],
            "bcc": ["bcc@example.com"],
            "reply_to": ["reply@example.com"],
            "scheduled_at": "in 1 hour"
        }))
        .respond(&s.fake, 200, json!({"id": EMAIL_ID}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_send_email",
            json!({"from": "Acme <onboarding@resend.dev>", "to": "delivered@resend.dev, \"Doe, Jane\" <jane@example.com>",
                   "subject": "Hello World", "text": "It works!", "html": "<strong>It works!</strong>",
                   "cc": ["cc@example.com"], "bcc": ["bcc@example.com", " "], "replyTo": ["reply@example.com"],
                   "scheduledAt": "in 1 hour"}),
        )
        .await;
    assert_eq!(v, json!({"id": EMAIL_ID}));
    let keys = idempotency_keys(&s.fake, "/emails").await;
    assert_eq!(keys.len(), 1);
    assert!(is_uuid_v4(&keys[0]), "{keys:?}");
}

#[tokio::test]
async fn send_email_retried_after_a_gateway_error_with_the_same_key() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path("/emails"))
        .respond_with(ResponseTemplate::new(503).set_body_string("upstream unavailable"))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    // Answers the retry and the second call.
    req("POST", "/emails")
        .json_body(
            json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "text": "Hello"}),
        )
        .times(2)
        .respond(&s.fake, 200, json!({"id": EMAIL_ID}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "text": "Hello"}),
        )
        .await;
    assert_eq!(v["id"], EMAIL_ID);
    let keys = idempotency_keys(&s.fake, "/emails").await;
    assert_eq!(keys.len(), 2, "{keys:?}");
    assert_eq!(keys[0], keys[1]);
    // Each call gets its own key.
    let other = s
        .client
        .call_ok(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "text": "Hello"}),
        )
        .await;
    assert_eq!(other["id"], EMAIL_ID);
    let keys = idempotency_keys(&s.fake, "/emails").await;
    assert_eq!(keys.len(), 3);
    assert_ne!(keys[2], keys[0]);
}

#[tokio::test]
async fn rate_limit_waits_for_retry_after_and_reset_headers() {
    let s = setup().await;
    // Over the 5 requests/s team limit: `retry-after` and the `ratelimit-*` headers.
    Mock::given(method("GET"))
        .and(path("/emails"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("ratelimit-limit", "5")
                .insert_header("ratelimit-remaining", "0")
                .insert_header("ratelimit-reset", "1")
                .insert_header("retry-after", "1")
                .set_body_json(resend_error(
                    429,
                    "rate_limit_exceeded",
                    "Too many requests. You can only make 5 requests per second.",
                )),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    req("GET", "/emails")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": false, "data": []}),
        )
        .await;
    let started = std::time::Instant::now();
    let v = s.client.call_ok("resend_list_emails", json!({})).await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
    assert_eq!(v["has_more"], false);

    // A wait longer than the retry budget is not waited: the message says how long.
    Mock::given(method("GET"))
        .and(path("/domains"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("ratelimit-limit", "5")
                .insert_header("ratelimit-remaining", "0")
                .insert_header("ratelimit-reset", "30")
                .set_body_json(resend_error(
                    429,
                    "rate_limit_exceeded",
                    "Too many requests.",
                )),
        )
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s.client.call_err("resend_list_domains", json!({})).await;
    assert!(err.contains("429"), "{err}");
    assert!(err.contains("rate_limit_exceeded"), "{err}");
    assert!(err.contains("retry after 30 s"), "{err}");
}

#[tokio::test]
async fn send_email_validation_error_and_bad_arguments() {
    let s = setup().await;
    req("POST", "/emails")
        .any_body()
        .respond(
            &s.fake,
            422,
            resend_error(422, "validation_error", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_send_email",
            json!({"from": "not an address", "to": "b@example.com", "subject": "Hi", "text": "Hello"}),
        )
        .await;
    assert!(err.contains("422"), "{err}");
    assert!(err.contains("validation_error"), "{err}");
    assert!(err.contains("Invalid `from` field"), "{err}");
    // Bad arguments never reach Resend.
    let err = s
        .client
        .call_err(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": " , ", "subject": "Hi", "text": "Hello"}),
        )
        .await;
    assert!(err.contains("`to`"), "{err}");
    let many: Vec<String> = (0..51).map(|i| format!("u{i}@example.com")).collect();
    let err = s
        .client
        .call_err(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": many.join(","), "subject": "Hi", "text": "Hello"}),
        )
        .await;
    assert!(err.contains("at most 50"), "{err}");
    let err = s
        .client
        .call_err(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "text": " "}),
        )
        .await;
    assert!(err.contains("`text` or `html`"), "{err}");
}

#[tokio::test]
async fn send_email_html_only_and_idempotency_conflict() {
    let s = setup().await;
    req("POST", "/emails")
        .json_body(json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "html": "<p>Hi</p>"}))
        .respond(
            &s.fake,
            409,
            resend_error(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_send_email",
            json!({"from": "a@acme.com", "to": "b@example.com", "subject": "Hi", "html": "<p>Hi</p>"}),
        )
        .await;
    assert!(err.contains("invalid_idempotent_request"), "{err}");
    assert!(err.contains("resend_list_emails"), "{err}");
}

#[tokio::test]
async fn send_batch_emails_contract() {
    let s = setup().await;
    req("POST", "/emails/batch")
        .json_body(json!([
            {"from": "Acme <onboarding@resend.dev>", "to": "foo@gmail.com", "subject": "hello world", "html": "<h1>it works!</h1>"},
            {"from": "Acme <onboarding@resend.dev>", "to": ["bar@outlook.com", "baz@example.com"], "subject": "world hello", "text": "it works!", "reply_to": ["r@acme.com"]}
        ]))
        .respond(
            &s.fake,
            200,
            json!({"data": [{"id": "ae2014de-c168-4c61-8267-70d2662a1ce1"}, {"id": "faccb7a5-8a28-4e9a-ac64-8da1cc3bc1cb"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "resend_send_batch_emails",
            json!({"emails": [
                {"from": "Acme <onboarding@resend.dev>", "to": "foo@gmail.com", "subject": "hello world", "html": "<h1>it works!</h1>"},
                {"from": "Acme <onboarding@resend.dev>", "to": "bar@outlook.com,baz@example.com", "subject": "world hello", "text": "it works!", "replyTo": ["r@acme.com"]}
            ]}),
        )
        .await;
    assert_eq!(v["data"][0]["id"], "ae2014de-c168-4c61-8267-70d2662a1ce1");
    assert_eq!(v["data"][1]["id"], "faccb7a5-8a28-4e9a-ac64-8da1cc3bc1cb");
    let keys = idempotency_keys(&s.fake, "/emails/batch").await;
    assert_eq!(keys.len(), 1);
    assert!(is_uuid_v4(&keys[0]), "{keys:?}");
}

#[tokio::test]
async fn send_batch_emails_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("resend_send_batch_emails", json!({"emails": []}))
        .await;
    assert!(err.contains("1 to 100"), "{err}");
    let err = s
        .client
        .call_err(
            "resend_send_batch_emails",
            json!({"emails": [{"from": "a@acme.com", "to": "b@example.com", "subject": "Hi"}]}),
        )
        .await;
    assert!(err.contains("emails[0].text"), "{err}");
    req("POST", "/emails/batch")
        .any_body()
        .respond(
            &s.fake,
            422,
            resend_error(
                422,
                "validation_error",
                "The `emails[1].to` field must be an email address.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_send_batch_emails",
            json!({"emails": [{"from": "a@acme.com", "to": "x", "subject": "Hi", "text": "t"}]}),
        )
        .await;
    assert!(err.contains("must be an email address"), "{err}");
}

fn email_body(last_event: &str) -> Value {
    json!({
        "object": "email",
        "id": EMAIL_ID,
        "message_id": "<202301010000.4ef9a417@email.example.com>",
        "to": ["delivered@resend.dev"],
        "from": "Acme <onboarding@resend.dev>",
        "created_at": "2023-04-03 22:13:42.674981+00",
        "subject": "Hello World",
        "html": "Congrats on sending your <strong>first email</strong>!",
        "text": "Congrats on sending your first email!",
        "bcc": [],
        "cc": [],
        "reply_to": [],
        "last_event": last_event,
        "scheduled_at": null
    })
}

#[tokio::test]
async fn get_email_status() {
    let s = setup().await;
    req("GET", &format!("/emails/{EMAIL_ID}"))
        .respond(&s.fake, 200, email_body("delivered"))
        .await;
    let v = s
        .client
        .call_ok("resend_get_email", json!({"id": EMAIL_ID}))
        .await;
    assert_eq!(v["last_event"], "delivered");
    assert_eq!(v["to"], json!(["delivered@resend.dev"]));
    assert_eq!(v["text"], "Congrats on sending your first email!");
    assert!(v.get("html").is_none());
}

#[tokio::test]
async fn get_email_not_found() {
    let s = setup().await;
    req("GET", "/emails/nope")
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Email not found"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_email", json!({"id": "nope"}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("not_found"), "{err}");
    assert!(err.contains("Email not found"), "{err}");
    let err = s
        .client
        .call_err("resend_get_email", json!({"id": " "}))
        .await;
    assert!(err.contains("`id`"), "{err}");
}

#[tokio::test]
async fn cancel_scheduled_email() {
    let s = setup().await;
    req("POST", &format!("/emails/{EMAIL_ID}/cancel"))
        .respond(&s.fake, 200, json!({"object": "email", "id": EMAIL_ID}))
        .await;
    let v = s
        .client
        .call_ok("resend_cancel_email", json!({"id": EMAIL_ID}))
        .await;
    assert_eq!(v, json!({"object": "email", "id": EMAIL_ID}));
}

#[tokio::test]
async fn cancel_email_already_sent() {
    let s = setup().await;
    req("POST", "/emails/sent1/cancel")
        .respond(
            &s.fake,
            422,
            resend_error(
                422,
                "validation_error",
                "Email can only be canceled if it is scheduled.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_cancel_email", json!({"id": "sent1"}))
        .await;
    assert!(err.contains("only be canceled if it is scheduled"), "{err}");
}

#[tokio::test]
async fn list_emails_pages_with_after() {
    let s = setup().await;
    req("GET", "/emails")
        .query("limit", "2")
        .query("after", "prev-id")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": true, "data": [email_body("sent"), {"id": "last-id", "to": ["x@example.com"], "subject": "S", "last_event": "opened", "created_at": "2023-04-03 22:13:42+00"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "resend_list_emails",
            json!({"limit": 2, "cursor": "prev-id"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], EMAIL_ID);
    assert_eq!(v["items"][0]["last_event"], "sent");
    assert!(v["items"][0].get("html").is_none());
    assert_eq!(v["items"][1]["last_event"], "opened");
    assert_eq!(v["has_more"], true);
    assert_eq!(v["next_cursor"], "last-id");
    let err = s
        .client
        .call_err("resend_list_emails", json!({"limit": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn list_domains_contract_and_error() {
    let s = setup().await;
    req("GET", "/domains")
        .query("limit", "5")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": false, "data": [{
                "id": "d91cd9bd-1176-453e-8fc1-35364d380206", "name": "example.com", "status": "verified",
                "created_at": "2023-04-26 20:21:26.347412+00", "region": "us-east-1",
                "open_tracking": false, "click_tracking": false,
                "capabilities": {"sending": "enabled", "receiving": "disabled"}
            }]}),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_list_domains", json!({"limit": 5}))
        .await;
    assert_eq!(v["items"][0]["name"], "example.com");
    assert_eq!(v["items"][0]["status"], "verified");
    assert_eq!(v["items"][0]["capabilities"]["sending"], "enabled");
    assert_eq!(v["next_cursor"], Value::Null);

    let s = setup().await;
    req("GET", "/domains")
        .query("limit", "20")
        .query("after", "zz")
        .respond(
            &s.fake,
            401,
            resend_error(
                401,
                "restricted_api_key",
                "This API key is restricted to only send emails",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_list_domains", json!({"cursor": "zz"}))
        .await;
    assert!(err.contains("restricted_api_key"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}
