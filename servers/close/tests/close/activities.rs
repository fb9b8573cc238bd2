use crate::common::{call, field_errors, not_found, page, setup};
use serde_json::{Value, json};

/// (path segment, tool infix, id argument, a documented-shape object of that type)
fn kinds() -> Vec<(&'static str, &'static str, &'static str, Value)> {
    vec![
        ("email", "email", "email_id", email()),
        (
            "call",
            "call",
            "call_id",
            json!({"id": "acti_c1", "_type": "Call", "lead_id": "lead_1", "direction": "outbound",
            "status": "completed", "disposition": "answered", "phone": "+16503334444", "duration": 65,
            "note": "Discussed pricing", "organization_id": "orga_1", "date_created": "2026-04-01T10:00:00+00:00"}),
        ),
        ("sms", "sms", "sms_id", sms()),
        (
            "meeting",
            "meeting",
            "meeting_id",
            json!({"id": "acti_m1", "_type": "Meeting", "lead_id": "lead_1",
            "title": "Pricing review", "status": "completed", "starts_at": "2026-04-01T10:00:00+00:00",
            "ends_at": "2026-04-01T10:30:00+00:00", "duration": 1800, "attendees": [{"email": "b@wayne.example"}],
            "user_note_html": "<p>Went well</p>", "organization_id": "orga_1", "date_created": "2026-04-01T09:00:00+00:00"}),
        ),
        (
            "whatsapp_message",
            "whatsapp",
            "whatsapp_id",
            json!({"id": "acti_w1", "_type": "WhatsAppMessage",
            "lead_id": "lead_1", "direction": "incoming", "message_markdown": "Hi *there*",
            "external_whatsapp_message_id": "wamid.1", "organization_id": "orga_1", "date_created": "2026-04-01T09:00:00+00:00"}),
        ),
        ("note", "note", "note_id", note()),
    ]
}

fn email() -> Value {
    json!({"id": "acti_e1", "_type": "Email", "lead_id": "lead_1", "contact_id": "cont_1", "user_id": "user_1",
        "direction": "outgoing", "status": "draft", "subject": "Pricing", "sender": "Jo <jo@acme.example>",
        "to": ["b@wayne.example"], "cc": [], "bcc": [], "body_text": "Hello", "body_html": "<p>Hello</p>",
        "attachments": [], "organization_id": "orga_1", "thread_id": "acti_t1",
        "date_created": "2026-04-01T09:00:00+00:00"})
}

fn sms() -> Value {
    json!({"id": "acti_s1", "_type": "SMS", "lead_id": "lead_1", "contact_id": "cont_1", "direction": "outbound",
        "status": "draft", "text": "See you at 3", "local_phone": "+16505550100", "remote_phone": "+16503334444",
        "organization_id": "orga_1", "date_created": "2026-04-01T09:00:00+00:00"})
}

fn note() -> Value {
    json!({"id": "acti_n1", "_type": "Note", "lead_id": "lead_1", "user_id": "user_1", "user_name": "Jo",
        "note": "Budget approved", "note_html": "<p>Budget approved</p>", "organization_id": "orga_1",
        "date_created": "2026-04-01T09:00:00+00:00", "date_updated": "2026-04-01T09:00:00+00:00"})
}

#[tokio::test]
async fn get_delete_and_search_each_type() {
    let s = setup().await;
    for (seg, infix, idf, obj) in kinds() {
        let path = format!("/activity/{seg}/");
        call("GET", &format!("{path}acti_1/"))
            .respond(&s.fake, 200, obj.clone())
            .await;
        let v = s
            .client
            .call_ok(
                &format!("close_get_{infix}_activity"),
                json!({idf: "acti_1"}),
            )
            .await;
        assert_eq!(v["id"], obj["id"], "{infix}");
        assert!(v.get("organization_id").is_none(), "{infix}: {v}");

        call("DELETE", &format!("{path}acti_1/"))
            .respond(&s.fake, 200, json!({}))
            .await;
        let v = s
            .client
            .call_ok(
                &format!("close_delete_{infix}_activity"),
                json!({idf: "acti_1"}),
            )
            .await;
        assert_eq!(v, json!({"deleted": "acti_1"}), "{infix}");

        call("GET", &format!("{path}acti_9/"))
            .respond(&s.fake, 404, not_found())
            .await;
        let err = s
            .client
            .call_err(
                &format!("close_get_{infix}_activity"),
                json!({idf: "acti_9"}),
            )
            .await;
        assert!(err.contains("Object does not exist"), "{infix}: {err}");

        // Search: the first page has no match, the second one does.
        let mut other = obj.clone();
        other["id"] = json!("acti_other");
        let filler: Vec<Value> = (0..100)
            .map(|_| json!({"id": "acti_x", "note": "nothing here"}))
            .collect();
        call("GET", &path)
            .query("_limit", "100")
            .respond(&s.fake, 200, page(json!(filler), true))
            .await;
        call("GET", &path)
            .query("_limit", "100")
            .query("_skip", "100")
            .respond(
                &s.fake,
                200,
                page(json!([other, {"id": "acti_y", "note": "no"}]), false),
            )
            .await;
        let needle = match infix {
            "email" => "PRICING",
            "call" => "pricing",
            "sms" => "at 3",
            "meeting" => "went well",
            "whatsapp" => "hi *there",
            _ => "budget",
        };
        let v = s
            .client
            .call_ok(
                &format!("close_search_{infix}_activities"),
                json!({"query": needle}),
            )
            .await;
        assert_eq!(v["scanned"], 102, "{infix}");
        assert_eq!(v["items"].as_array().unwrap().len(), 1, "{infix}: {v}");
        assert_eq!(v["items"][0]["id"], "acti_other", "{infix}");
        assert!(v.get("note").is_none() || v["note"].is_string());
        s.fake.reset().await;
        let err = s
            .client
            .call_err(
                &format!("close_search_{infix}_activities"),
                json!({"query": "  "}),
            )
            .await;
        assert!(err.contains("query"), "{infix}: {err}");
    }
}

#[tokio::test]
async fn list_and_search_all_activities() {
    let s = setup().await;
    call("GET", "/activity/")
        .query("lead_id", "lead_1")
        .query("user_id", "user_1")
        .query("date_created__gte", "2026-01-01")
        .query("date_created__lte", "2026-02-01")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([note(), email()]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_activities",
            json!({"lead_id": "lead_1", "user_id": "user_1",
                "date_created__gte": "2026-01-01", "date_created__lte": "2026-02-01"}),
        )
        .await;
    assert_eq!(v["items"][0]["_type"], "Note");
    assert_eq!(v["items"][1]["subject"], "Pricing");
    assert_eq!(v["next_cursor"], json!(null));

    call("GET", "/activity/")
        .query("_limit", "100")
        .respond(&s.fake, 200, page(json!([note(), email(), sms()]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_search_activities",
            json!({"query": "budget", "limit": 5}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    assert_eq!(v["items"][0]["id"], "acti_n1");
    assert_eq!(v["scanned"], 3);

    call("GET", "/activity/")
        .query("_limit", "25")
        .respond(
            &s.fake,
            400,
            json!({"error": "Filtering by user_id requires lead_id."}),
        )
        .await;
    let err = s.client.call_err("close_list_activities", json!({})).await;
    assert!(err.contains("requires lead_id"), "{err}");
}

#[tokio::test]
async fn per_type_lists_send_their_filters() {
    let s = setup().await;
    let mut inbound = email();
    inbound["id"] = json!("acti_in");
    inbound["direction"] = json!("incoming");
    // Close filters by lead/contact/user and dates; direction is applied to the page.
    call("GET", "/activity/email/")
        .query("lead_id", "lead_1")
        .query("contact_id", "cont_1")
        .query("user_id", "user_1")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([email(), inbound]), true))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_email_activities",
            json!({"lead_id": "lead_1", "contact_id": "cont_1", "user_id": "user_1", "direction": "outbound"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["items"][0]["id"], "acti_e1");
    assert_eq!(v["next_cursor"], "2");

    let call_obj = kinds()[1].3.clone();
    let mut missed = call_obj.clone();
    missed["disposition"] = json!("no-answer");
    call("GET", "/activity/call/")
        .query("lead_id", "lead_1")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([call_obj, missed]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_call_activities",
            json!({"lead_id": "lead_1", "direction": "outbound", "disposition": "no-answer"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["items"][0]["disposition"], "no-answer");

    call("GET", "/activity/sms/")
        .query("contact_id", "cont_1")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([sms()]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_sms_activities",
            json!({"contact_id": "cont_1", "direction": "inbound"}),
        )
        .await;
    assert_eq!(v["items"], json!([]));

    let meeting = kinds()[3].3.clone();
    call("GET", "/activity/meeting/")
        .query("lead_id", "lead_1")
        .query("date_created__gte", "2026-01-05")
        .query("date_created__lte", "2026-02-01")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([meeting.clone()]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_meeting_activities",
            json!({"lead_id": "lead_1", "status": "completed", "starts_at__gte": "2026-01-05",
                "date_created__lte": "2026-02-01"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "acti_m1");
    let err = s
        .client
        .call_err(
            "close_list_meeting_activities",
            json!({"date_created__gte": "2026-01-01", "starts_at__gte": "2026-01-05"}),
        )
        .await;
    assert!(err.contains("same filter"), "{err}");

    let wa = kinds()[4].3.clone();
    call("GET", "/activity/whatsapp_message/")
        .query("user_id", "user_1")
        .query("date_created__gte", "2026-01-01")
        .query("date_created__lte", "2026-02-01")
        .query("_limit", "25")
        .respond(&s.fake, 200, page(json!([wa]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_whatsapp_activities",
            json!({"user_id": "user_1", "direction": "inbound", "date_created__gte": "2026-01-01", "date_created__lte": "2026-02-01"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "acti_w1");

    call("GET", "/activity/note/")
        .query("lead_id", "lead_1")
        .query("user_id", "user_1")
        .query("_limit", "3")
        .query("_skip", "3")
        .respond(&s.fake, 200, page(json!([note()]), true))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_note_activities",
            json!({"lead_id": "lead_1", "user_id": "user_1", "limit": 3, "skip": 3}),
        )
        .await;
    assert_eq!(v["items"][0]["note"], "Budget approved");
    assert_eq!(v["next_cursor"], "4");

    let err = s
        .client
        .call_err(
            "close_list_email_activities",
            json!({"direction": "sideways"}),
        )
        .await;
    assert!(
        err.contains("direction") || err.contains("variant"),
        "{err}"
    );
}

#[tokio::test]
async fn emails_create_update_send() {
    let s = setup().await;
    call("POST", "/activity/email/")
        .json_body(json!({"lead_id": "lead_1", "subject": "Pricing", "status": "draft", "body_text": "Hello",
            "to": ["b@wayne.example"], "cc": ["c@wayne.example"], "sender": "Jo <jo@acme.example>", "template_id": "tmpl_1"}))
        .respond(&s.fake, 200, email())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_email_activity",
            json!({"lead_id": "lead_1", "subject": "Pricing", "body_text": "Hello", "to": ["b@wayne.example"],
                "cc": ["c@wayne.example"], "sender": "Jo <jo@acme.example>", "template_id": "tmpl_1"}),
        )
        .await;
    assert_eq!(v["status"], "draft");
    assert!(v.get("body_html").is_none());

    call("PUT", "/activity/email/acti_e1/")
        .json_body(json!({"subject": "New pricing", "body_html": "<p>Hi</p>"}))
        .respond(&s.fake, 200, email())
        .await;
    s.client
        .call_ok(
            "close_update_email_activity",
            json!({"email_id": "acti_e1", "subject": "New pricing", "body_html": "<p>Hi</p>"}),
        )
        .await;

    let mut sent = email();
    sent["status"] = json!("outbox");
    call("PUT", "/activity/email/acti_e1/")
        .json_body(json!({"status": "outbox"}))
        .respond(&s.fake, 200, sent)
        .await;
    let v = s
        .client
        .call_ok("close_send_email_activity", json!({"email_id": "acti_e1"}))
        .await;
    assert_eq!(v["status"], "outbox");

    call("PUT", "/activity/email/acti_e2/")
        .json_body(json!({"status": "outbox"}))
        .respond(&s.fake, 400, field_errors("to", "This field is required."))
        .await;
    let err = s
        .client
        .call_err("close_send_email_activity", json!({"email_id": "acti_e2"}))
        .await;
    assert!(err.contains("to: This field is required."), "{err}");
    let err = s
        .client
        .call_err(
            "close_create_email_activity",
            json!({"lead_id": "lead_1", "subject": "x", "status": "queued"}),
        )
        .await;
    assert!(err.contains("status") || err.contains("variant"), "{err}");
}

#[tokio::test]
async fn calls_create_update() {
    let s = setup().await;
    let obj = kinds()[1].3.clone();
    call("POST", "/activity/call/")
        .json_body(json!({"lead_id": "lead_1", "direction": "outbound", "phone": "+16503334444",
            "disposition": "answered", "duration": 65, "note": "Discussed pricing", "contact_id": "cont_1", "user_id": "user_1"}))
        .respond(&s.fake, 200, obj.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_call_activity",
            json!({"lead_id": "lead_1", "direction": "outbound", "phone": "+16503334444", "disposition": "answered",
                "duration": 65, "note": "Discussed pricing", "contact_id": "cont_1", "user_id": "user_1"}),
        )
        .await;
    assert_eq!(v["duration"], 65);
    call("PUT", "/activity/call/acti_c1/")
        .json_body(json!({"note": "Follow up", "duration": 70}))
        .respond(&s.fake, 200, obj)
        .await;
    s.client
        .call_ok(
            "close_update_call_activity",
            json!({"call_id": "acti_c1", "note": "Follow up", "duration": 70}),
        )
        .await;
    let err = s
        .client
        .call_err("close_create_call_activity", json!({"lead_id": "lead_1"}))
        .await;
    assert!(err.contains("direction"), "{err}");
    let err = s
        .client
        .call_err("close_update_call_activity", json!({"call_id": "acti_c1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn sms_create_update_send() {
    let s = setup().await;
    call("POST", "/activity/sms/")
        .json_body(json!({"lead_id": "lead_1", "text": "See you at 3", "direction": "outbound", "status": "draft",
            "remote_phone": "+16503334444", "local_phone": "+16505550100"}))
        .respond(&s.fake, 200, sms())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_sms_activity",
            json!({"lead_id": "lead_1", "text": "See you at 3", "direction": "outbound",
                "remote_phone": "+16503334444", "local_phone": "+16505550100"}),
        )
        .await;
    assert_eq!(v["text"], "See you at 3");
    call("POST", "/activity/sms/")
        .json_body(json!({"lead_id": "lead_1", "text": "Hi", "direction": "inbound", "status": "inbox", "contact_id": "cont_1"}))
        .respond(&s.fake, 200, sms())
        .await;
    s.client
        .call_ok(
            "close_create_sms_activity",
            json!({"lead_id": "lead_1", "text": "Hi", "direction": "inbound", "contact_id": "cont_1"}),
        )
        .await;
    call("PUT", "/activity/sms/acti_s1/")
        .json_body(json!({"text": "See you at 4"}))
        .respond(&s.fake, 200, sms())
        .await;
    s.client
        .call_ok(
            "close_update_sms_activity",
            json!({"sms_id": "acti_s1", "text": "See you at 4"}),
        )
        .await;
    call("PUT", "/activity/sms/acti_s1/")
        .json_body(json!({"status": "outbox"}))
        .respond(&s.fake, 200, sms())
        .await;
    s.client
        .call_ok("close_send_sms_activity", json!({"sms_id": "acti_s1"}))
        .await;
    call("PUT", "/activity/sms/acti_s2/")
        .json_body(json!({"status": "outbox"}))
        .respond(
            &s.fake,
            400,
            json!({"error": "local_phone is not one of your Close numbers"}),
        )
        .await;
    let err = s
        .client
        .call_err("close_send_sms_activity", json!({"sms_id": "acti_s2"}))
        .await;
    assert!(
        err.contains("local_phone is not one of your Close numbers"),
        "{err}"
    );
}

#[tokio::test]
async fn meetings_cannot_be_created_but_can_be_updated() {
    let s = setup().await;
    let obj = kinds()[3].3.clone();
    // No request reaches Close: its API has no meeting creation.
    let err = s
        .client
        .call_err(
            "close_create_meeting_activity",
            json!({"lead_id": "lead_1", "starts_at": "2026-04-01T10:00:00+00:00", "ends_at": "2026-04-01T10:30:00+00:00"}),
        )
        .await;
    assert!(
        err.contains("no way to create a meeting") && err.contains("close_create_note_activity"),
        "{err}"
    );
    assert!(
        s.fake
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
    call("PUT", "/activity/meeting/acti_m1/")
        .json_body(json!({"outcome_id": "outcome_2", "user_note_html": "<p>Next steps</p>"}))
        .respond(&s.fake, 200, obj)
        .await;
    let v = s
        .client
        .call_ok(
            "close_update_meeting_activity",
            json!({"meeting_id": "acti_m1", "outcome_id": "outcome_2", "user_note_html": "<p>Next steps</p>"}),
        )
        .await;
    assert_eq!(v["title"], "Pricing review");
    call("PUT", "/activity/meeting/acti_m2/")
        .any_body()
        .respond(
            &s.fake,
            403,
            json!({"error": "Only the Notetaker can update this meeting."}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "close_update_meeting_activity",
            json!({"meeting_id": "acti_m2", "user_note_html": "x"}),
        )
        .await;
    assert!(err.contains("Only the Notetaker"), "{err}");
}

#[tokio::test]
async fn whatsapp_create_update() {
    let s = setup().await;
    let obj = kinds()[4].3.clone();
    call("POST", "/activity/whatsapp_message/")
        .query("send_to_inbox", "true")
        .json_body(json!({"lead_id": "lead_1", "external_whatsapp_message_id": "wamid.1", "message_markdown": "Hi *there*",
            "direction": "incoming", "contact_id": "cont_1", "integration_link": "https://wa.example/1"}))
        .respond(&s.fake, 200, obj.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_whatsapp_activity",
            json!({"lead_id": "lead_1", "external_whatsapp_message_id": "wamid.1", "message_markdown": "Hi *there*",
                "direction": "inbound", "contact_id": "cont_1", "integration_link": "https://wa.example/1", "send_to_inbox": true}),
        )
        .await;
    assert_eq!(v["external_whatsapp_message_id"], "wamid.1");
    call("PUT", "/activity/whatsapp_message/acti_w1/")
        .json_body(json!({"message_markdown": "Hello"}))
        .respond(&s.fake, 200, obj)
        .await;
    s.client
        .call_ok(
            "close_update_whatsapp_activity",
            json!({"whatsapp_id": "acti_w1", "message_markdown": "Hello"}),
        )
        .await;
    call("POST", "/activity/whatsapp_message/")
        .any_body()
        .respond(
            &s.fake,
            400,
            field_errors("external_whatsapp_message_id", "Already exists."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "close_create_whatsapp_activity",
            json!({"lead_id": "lead_1", "external_whatsapp_message_id": "wamid.1", "message_markdown": "x"}),
        )
        .await;
    assert!(err.contains("Already exists."), "{err}");
}

#[tokio::test]
async fn notes_create_update() {
    let s = setup().await;
    call("POST", "/activity/note/")
        .json_body(json!({"lead_id": "lead_1", "note": "Budget approved"}))
        .respond(&s.fake, 200, note())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_note_activity",
            json!({"lead_id": "lead_1", "note": "Budget approved"}),
        )
        .await;
    assert_eq!(v["note"], "Budget approved");
    assert!(v.get("note_html").is_none());
    call("PUT", "/activity/note/acti_n1/")
        .json_body(json!({"note": "Budget approved, PO next week"}))
        .respond(&s.fake, 200, note())
        .await;
    s.client
        .call_ok(
            "close_update_note_activity",
            json!({"note_id": "acti_n1", "note": "Budget approved, PO next week"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "close_create_note_activity",
            json!({"lead_id": "lead_1", "note": ""}),
        )
        .await;
    assert!(err.contains("note"), "{err}");
}
