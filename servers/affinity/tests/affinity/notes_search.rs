use crate::{BASIC, setup, v1};
use mcp_testkit::expect;
use serde_json::{Value, json};

fn note() -> Value {
    json!({"id": 22984, "creator_id": 860197, "person_ids": [38706, 89734], "associated_person_ids": [38706],
           "interaction_person_ids": [89734], "interaction_id": 114, "interaction_type": 0, "is_meeting": false,
           "mentioned_person_ids": [49817], "organization_ids": [64779194], "opportunity_ids": [117], "parent_id": null,
           "content": "Had a lunch meeting with Jane ... ", "type": 0,
           "created_at": "2017-03-28T00:38:41.275-08:00", "updated_at": "2017-04-03T00:22:25.612-08:00"})
}

#[tokio::test]
async fn search_persons_v1_basic() {
    let s = setup().await;
    v1(
        "/persons",
        &[
            ("term", "doe"),
            ("with_interaction_dates", "true"),
            ("with_interaction_persons", "true"),
            ("with_opportunities", "false"),
            ("with_current_organizations", "true"),
            ("page_size", "5"),
            ("page_token", "tok1"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"persons": [{"id": 38706, "type": 0, "first_name": "John", "last_name": "Doe", "primary_email": "john@affinity.co", "emails": ["john@affinity.co"]}],
               "next_page_token": "eyJwYXJhbXMiOnt9fQ"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_search_persons",
            json!({"term": "doe", "with_interaction_dates": true, "with_interaction_persons": true, "with_opportunities": false,
                   "with_current_organizations": true, "page_size": 5, "page_token": "tok1"}),
        )
        .await;
    assert_eq!(v["items"][0]["last_name"], "Doe");
    assert_eq!(v["next_page_token"], "eyJwYXJhbXMiOnt9fQ");
}

#[tokio::test]
async fn search_persons_errors() {
    let s = setup().await;
    v1("/persons", &[("term", "x"), ("page_token", "stale")])
        .respond(
            &s.fake,
            422,
            json!({"errors": ["Invalid page_token variable"]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "affinity_search_persons",
            json!({"term": "x", "page_token": "stale"}),
        )
        .await;
    assert!(err.contains("Invalid page_token variable"), "{err}");
    let err = s
        .client
        .call_err("affinity_search_persons", json!({"page_size": 501}))
        .await;
    assert!(err.contains("page_size must be between 1 and 500"), "{err}");
}

#[tokio::test]
async fn search_organizations() {
    let s = setup().await;
    v1("/organizations", &[("term", "affinity"), ("with_opportunities", "true")])
        .respond(
            &s.fake,
            200,
            json!({"organizations": [{"id": 64779194, "name": "Affinity", "domain": "affinity.co", "domains": ["affinity.co"], "global": false}],
                   "next_page_token": null}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_search_organizations",
            json!({"term": "affinity", "with_opportunities": true}),
        )
        .await;
    assert_eq!(v["items"][0]["domain"], "affinity.co");
    assert!(v["next_page_token"].is_null());
    v1("/organizations", &[("term", "z")])
        .respond(&s.fake, 401, json!({"message": "Invalid API key"}))
        .await;
    let err = s
        .client
        .call_err("affinity_search_organizations", json!({"term": "z"}))
        .await;
    assert!(
        err.contains("401") || err.contains("Invalid API key"),
        "{err}"
    );
}

#[tokio::test]
async fn search_opportunities() {
    let s = setup().await;
    v1("/opportunities", &[("term", "series"), ("page_size", "10")])
        .respond(
            &s.fake,
            200,
            json!({"opportunities": [{"id": 121, "name": "Series A", "person_ids": [3526824], "organization_ids": [128367168], "list_entries": []}],
                   "next_page_token": null}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_search_opportunities",
            json!({"term": "series", "page_size": 10}),
        )
        .await;
    assert_eq!(v["items"][0]["organization_ids"][0], 128367168);
    let err = s
        .client
        .call_err("affinity_search_opportunities", json!({"page_size": 0}))
        .await;
    assert!(err.contains("page_size"), "{err}");
}

#[tokio::test]
async fn all_notes_of_a_person() {
    let s = setup().await;
    v1("/notes", &[("person_id", "38706"), ("page_size", "2")])
        .respond(
            &s.fake,
            200,
            json!({"notes": [note()], "next_page_token": "n2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_notes",
            json!({"person_id": 38706, "page_size": 2}),
        )
        .await;
    let n = &v["items"][0];
    assert_eq!(n["id"], 22984);
    assert_eq!(n["organization_ids"][0], 64779194);
    assert!(n.get("interaction_person_ids").is_none());
    assert_eq!(v["next_page_token"], "n2");
    // The documented bare-array answer.
    v1(
        "/notes",
        &[("organization_id", "64779194"), ("opportunity_id", "117")],
    )
    .respond(&s.fake, 200, json!([note()]))
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_notes",
            json!({"organization_id": 64779194, "opportunity_id": 117}),
        )
        .await;
    assert_eq!(
        v["items"][0]["content"],
        "Had a lunch meeting with Jane ... "
    );
    assert!(v["next_page_token"].is_null());
}

#[tokio::test]
async fn specific_note_and_not_found() {
    let s = setup().await;
    v1("/notes/22984", &[]).respond(&s.fake, 200, note()).await;
    let v = s
        .client
        .call_ok("affinity_get_specific_note", json!({"note_id": 22984}))
        .await;
    assert_eq!(v["creator_id"], 860197);
    v1("/notes/1", &[])
        .respond(&s.fake, 404, json!({"errors": ["Note not found"]}))
        .await;
    let err = s
        .client
        .call_err("affinity_get_specific_note", json!({"note_id": 1}))
        .await;
    assert!(err.contains("Note not found"), "{err}");
}

#[tokio::test]
async fn create_note() {
    let s = setup().await;
    expect("POST", "/notes")
        .header("authorization", BASIC)
        .json_body(json!({"person_ids": [38706, 624289], "organization_ids": [120611418], "content": "<p>Met <strong>Jane</strong></p>", "type": 2}))
        .respond(&s.fake, 200, note())
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_create_note",
            json!({"content": "<p>Met <strong>Jane</strong></p>", "person_ids": [38706, 624289], "organization_ids": [120611418], "html": true}),
        )
        .await;
    assert_eq!(v["id"], 22984);
    let err = s
        .client
        .call_err("affinity_create_note", json!({"content": "orphan"}))
        .await;
    assert!(err.contains("must be on something"), "{err}");
    expect("POST", "/notes")
        .header("authorization", BASIC)
        .json_body(json!({"opportunity_ids": [999], "content": "x"}))
        .respond(
            &s.fake,
            422,
            json!({"errors": ["Opportunity 999 not found"]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "affinity_create_note",
            json!({"content": "x", "opportunity_ids": [999]}),
        )
        .await;
    assert!(err.contains("Opportunity 999 not found"), "{err}");
}
