use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

fn call_meta(id: &str, started: &str) -> serde_json::Value {
    json!({
        "id": id, "url": format!("https://app.gong.io/call?id={id}"), "title": "Discovery call",
        "scheduled": "2024-05-01T10:00:00Z", "started": started, "duration": 1820,
        "primaryUserId": "234599484848423", "direction": "Conference", "system": "Zoom",
        "scope": "External", "media": "Video", "language": "eng", "workspaceId": "623457276584334",
        "sdrDisposition": null, "clientUniqueId": "7JEHFRGXDDZFEW2FC4U", "customData": null,
        "purpose": null, "meetingUrl": "https://zoom.us/j/123", "isPrivate": false,
        "calendarEventId": "abcde@google.com"
    })
}

#[tokio::test]
async fn list_calls_contract() {
    let s = setup().await;
    expect("GET", "/v2/calls")
        .header("authorization", BASIC)
        .query("fromDateTime", "2024-05-01T00:00:00Z")
        .query("toDateTime", "2024-05-31T23:59:59Z")
        .query("cursor", "eyJhbGciOiJIUzI1NiJ9")
        .query("workspaceId", "623457276584334")
        .respond(
            &s.fake,
            200,
            json!({
                "requestId": "4al018gzaztcr8nbukw",
                "records": records(Some("eyJhbGciOiJIUzI1NiJ9.next")),
                "calls": [call_meta("7782342274025937895", "2024-05-01T10:01:00Z"), call_meta("2", "2024-05-02T10:00:00Z")]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_list_calls",
            json!({"from_date": "2024-05-01", "to_date": "2024-05-31", "cursor": "eyJhbGciOiJIUzI1NiJ9",
                   "workspace_id": "623457276584334", "limit": 1}),
        )
        .await;
    assert_eq!(v["calls"].as_array().unwrap().len(), 1);
    assert_eq!(v["calls"][0]["id"], "7782342274025937895");
    assert_eq!(v["calls"][0]["duration"], 1820);
    assert!(v["calls"][0].get("calendarEventId").is_none());
    assert_eq!(v["next_cursor"], "eyJhbGciOiJIUzI1NiJ9.next");
    assert_eq!(v["total"], 263);
}

#[tokio::test]
async fn list_calls_rejects_bad_date_and_reports_gong_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gong_list_calls",
            json!({"from_date": "May 1", "to_date": "2024-05-31"}),
        )
        .await;
    assert!(
        err.contains("from_date") && err.contains("ISO-8601"),
        "{err}"
    );
    expect("GET", "/v2/calls")
        .header("authorization", BASIC)
        .query("fromDateTime", "2024-05-01T00:00:00Z")
        .query("toDateTime", "2024-05-02T00:00:00Z")
        .respond(
            &s.fake,
            404,
            gong_error("No calls found corresponding to the provided filters"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gong_list_calls",
            json!({"from_date": "2024-05-01T00:00:00Z", "to_date": "2024-05-02T00:00:00Z"}),
        )
        .await;
    assert!(err.contains("No calls found"), "{err}");
    assert!(err.contains("4al018gzaztcr8nbukw"), "{err}");
}

#[tokio::test]
async fn get_call_contract() {
    let s = setup().await;
    expect("GET", "/v2/calls/7782342274025937895")
        .header("authorization", BASIC)
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r1", "call": call_meta("7782342274025937895", "2024-05-01T10:01:00Z")}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_get_call_by_id",
            json!({"call_id": "7782342274025937895"}),
        )
        .await;
    assert_eq!(v["title"], "Discovery call");
    assert_eq!(v["primaryUserId"], "234599484848423");
}

#[tokio::test]
async fn get_call_not_found() {
    let s = setup().await;
    expect("GET", "/v2/calls/404404")
        .respond(&s.fake, 404, gong_error("Call 404404 was not found"))
        .await;
    let err = s
        .client
        .call_err("gong_get_call_by_id", json!({"call_id": "404404"}))
        .await;
    assert!(err.contains("Call 404404 was not found"), "{err}");
}

#[tokio::test]
async fn extensive_contract() {
    let s = setup().await;
    expect("POST", "/v2/calls/extensive")
        .header("authorization", BASIC)
        .json_body(json!({
            "cursor": "c1",
            "filter": {
                "fromDateTime": "2024-05-01T00:00:00Z", "toDateTime": "2024-05-31T23:59:59Z",
                "workspaceId": "623457276584334", "callIds": ["7782342274025937895"],
                "primaryUserIds": ["234599484848423"]
            },
            "contentSelector": {
                "context": "Extended", "contextTiming": ["Now"],
                "exposedFields": {"parties": true, "content": {"brief": true}}
            }
        }))
        .respond(
            &s.fake,
            200,
            json!({
                "requestId": "r2", "records": records(None),
                "calls": [{
                    "metaData": call_meta("7782342274025937895", "2024-05-01T10:01:00Z"),
                    "parties": [{"id": "56825452554556", "emailAddress": "test@test.com", "name": "Test User", "affiliation": "Internal", "userId": "234599484848423"}],
                    "content": {"brief": "We discussed pricing."}
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_get_extensive_data",
            json!({
                "call_ids": ["7782342274025937895"], "from_date": "2024-05-01", "to_date": "2024-05-31",
                "user_ids": ["234599484848423"], "workspace_id": "623457276584334", "cursor": "c1",
                "context_timing": ["Now"], "exposed_fields": {"parties": true, "content": {"brief": true}}
            }),
        )
        .await;
    assert_eq!(v["calls"][0]["content"]["brief"], "We discussed pricing.");
    assert!(v.get("next_cursor").is_none());
}

#[tokio::test]
async fn extensive_error() {
    let s = setup().await;
    expect("POST", "/v2/calls/extensive")
        .json_body(json!({"filter": {}, "contentSelector": {"context": "None"}}))
        .respond(
            &s.fake,
            400,
            gong_error("filter: at least one field is required"),
        )
        .await;
    let err = s
        .client
        .call_err("gong_get_extensive_data", json!({"context": "None"}))
        .await;
    assert!(err.contains("at least one field"), "{err}");
}

fn transcript_body(call_id: &str) -> serde_json::Value {
    json!({
        "requestId": "r3", "records": records(Some("next-t")),
        "callTranscripts": [{
            "callId": call_id,
            "transcript": [{
                "speakerId": "6432345678555530067", "topic": "Objections",
                "sentences": [{"start": 460230, "end": 462343, "text": "No wait, I think we should check that out first."},
                              {"start": 462400, "end": 463000, "text": "Agreed."}]
            }]
        }]
    })
}

#[tokio::test]
async fn transcripts_contract() {
    let s = setup().await;
    expect("POST", "/v2/calls/transcript")
        .header("authorization", BASIC)
        .json_body(json!({
            "cursor": "c2",
            "filter": {"fromDateTime": "2024-05-01T00:00:00Z", "workspaceId": "w1", "callIds": ["7782342274025937895"]}
        }))
        .respond(&s.fake, 200, transcript_body("7782342274025937895"))
        .await;
    let v = s
        .client
        .call_ok(
            "gong_get_call_transcripts",
            json!({"call_ids": ["7782342274025937895"], "from_date": "2024-05-01", "workspace_id": "w1", "cursor": "c2"}),
        )
        .await;
    let m = &v["transcripts"][0]["monologues"][0];
    assert_eq!(v["transcripts"][0]["callId"], "7782342274025937895");
    assert_eq!(
        m["text"],
        "No wait, I think we should check that out first. Agreed."
    );
    assert_eq!(m["start_ms"], 460230);
    assert_eq!(v["next_cursor"], "next-t");
}

#[tokio::test]
async fn transcripts_forbidden() {
    let s = setup().await;
    expect("POST", "/v2/calls/transcript")
        .json_body(json!({"filter": {"callIds": ["1"]}}))
        .respond(
            &s.fake,
            403,
            gong_error("Missing scope api:calls:read:transcript"),
        )
        .await;
    let err = s
        .client
        .call_err("gong_get_call_transcripts", json!({"call_ids": ["1"]}))
        .await;
    assert!(err.contains("api:calls:read:transcript"), "{err}");
}

#[tokio::test]
async fn transcripts_by_user_contract() {
    let s = setup().await;
    expect("GET", "/v2/users")
        .header("authorization", BASIC)
        .respond(
            &s.fake,
            200,
            json!({"requestId": "u1", "records": records(Some("p2")),
                   "users": [{"id": "1", "emailAddress": "other@acme.com"}]}),
        )
        .await;
    expect("GET", "/v2/users")
        .query("cursor", "p2")
        .respond(
            &s.fake,
            200,
            json!({"requestId": "u2", "records": records(None),
                   "users": [{"id": "234599484848423", "emailAddress": "Jane@Acme.com"}]}),
        )
        .await;
    let filter = json!({"fromDateTime": "2024-05-01T00:00:00Z", "toDateTime": "2024-05-31T23:59:59Z", "primaryUserIds": ["234599484848423"]});
    expect("POST", "/v2/calls/extensive")
        .json_body(json!({"filter": filter}))
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "records": records(Some("calls-p2")), "calls": [
                {"metaData": call_meta("old", "2024-05-01T10:00:00Z")},
                {"metaData": call_meta("mid", "2024-05-10T10:00:00Z")}
            ]}),
        )
        .await;
    // The newest calls may be on a later page: every page is read.
    expect("POST", "/v2/calls/extensive")
        .json_body(json!({"cursor": "calls-p2", "filter": filter}))
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "records": records(None), "calls": [
                {"metaData": call_meta("new", "2024-05-20T10:00:00Z")}
            ]}),
        )
        .await;
    expect("POST", "/v2/calls/transcript")
        .json_body(json!({"filter": {"callIds": ["new"]}}))
        .respond(&s.fake, 200, transcript_body("new"))
        .await;
    let v = s
        .client
        .call_ok(
            "gong_get_transcripts_by_user",
            json!({"user_email": "jane@acme.com", "from_date": "2024-05-01", "to_date": "2024-05-31", "limit": 1}),
        )
        .await;
    assert_eq!(v["user_id"], "234599484848423");
    assert_eq!(v["calls"].as_array().unwrap().len(), 1);
    assert_eq!(v["calls"][0]["id"], "new");
    assert_eq!(v["calls"][0]["monologues"][0]["topic"], "Objections");
}

#[tokio::test]
async fn transcripts_by_user_unknown_email() {
    let s = setup().await;
    expect("GET", "/v2/users")
        .respond(
            &s.fake,
            200,
            json!({"requestId": "u1", "records": records(None), "users": [{"id": "1", "emailAddress": "other@acme.com"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gong_get_transcripts_by_user",
            json!({"user_email": "nobody@acme.com"}),
        )
        .await;
    assert!(
        err.contains("No Gong user has the email `nobody@acme.com`"),
        "{err}"
    );
}

#[tokio::test]
async fn add_call_contract() {
    let s = setup().await;
    let body = json!({
        "clientUniqueId": "7JEHFRGXDDZFEW2FC4U", "title": "Example call", "purpose": "Demo",
        "scheduledStart": "2024-05-01T10:00:00Z", "scheduledEnd": "2024-05-01T11:00:00Z",
        "actualStart": "2024-05-01T10:02:00Z", "duration": 3400.5,
        "parties": [{"emailAddress": "jane@acme.com", "name": "Jane", "userId": "234599484848423", "mediaChannelId": 1}],
        "direction": "Outbound", "disposition": "Connected",
        "context": [{"system": "Salesforce", "objects": [{"objectType": "Opportunity", "objectId": "0013601230sV7grAAC"}]}],
        "customData": "ref-1", "speakersTimeline": {"precise": false, "speakers": []},
        "meetingUrl": "https://zoom.us/j/1", "callProviderCode": "zoom",
        "downloadMediaUrl": "https://files.acme.com/call.mp4", "workspaceId": "623457276584334",
        "languageCode": "en-US", "primaryUser": "234599484848423"
    });
    expect("POST", "/v2/calls")
        .header("authorization", BASIC)
        .json_body(body.clone())
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r9", "callId": "7782342274025937895"}),
        )
        .await;
    // Klavis's flowContext is accepted but not sent: Gong's NewCallAddingRequest has no such field.
    let mut args = body.clone();
    args["flowContext"] = json!({"flowId": "f1"});
    let v = s.client.call_ok("gong_add_new_call", args).await;
    assert_eq!(v["callId"], "7782342274025937895");
    assert_eq!(v["requestId"], "r9");
}

#[tokio::test]
async fn add_call_bad_input() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gong_add_new_call",
            json!({"clientUniqueId": "x", "actualStart": "2024-05-01T10:02:00Z", "parties": [],
                   "direction": "Outbound", "primaryUser": "1"}),
        )
        .await;
    assert!(err.contains("parties"), "{err}");
    expect("POST", "/v2/calls")
        .any_body()
        .respond(&s.fake, 400, gong_error("primaryUser: user not found"))
        .await;
    let err = s
        .client
        .call_err(
            "gong_add_new_call",
            json!({"clientUniqueId": "x", "actualStart": "2024-05-01T10:02:00Z", "parties": [{"userId": "1"}],
                   "direction": "Outbound", "primaryUser": "1"}),
        )
        .await;
    assert!(err.contains("user not found"), "{err}");
}

#[tokio::test]
async fn oauth_token_is_sent_as_bearer() {
    let s = mcp_testkit::Setup::start(
        &gong_mcp_server::SPEC,
        json!({"access_token": "gong-oauth-token-1"}),
    )
    .await;
    expect("GET", "/v2/calls/1")
        .bearer("gong-oauth-token-1")
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "call": call_meta("1", "2024-05-01T10:01:00Z")}),
        )
        .await;
    let v = s
        .client
        .call_ok("gong_get_call_by_id", json!({"call_id": "1"}))
        .await;
    assert_eq!(v["id"], "1");
}
