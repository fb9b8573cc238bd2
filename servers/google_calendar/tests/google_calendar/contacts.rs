//! google_calendar_search_contacts against a fake People API (the server's extra API
//! `people`): every source, the warmup Google asks for, pages, partial failures.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use serde_json::{Value, json};

use crate::common::{TOKEN, google_error, insufficient_scope, request_count, setup};

const PERSON_MASK: &str = "names,emailAddresses,phoneNumbers,organizations";

fn person(id: &str, name: &str, email: &str) -> Value {
    json!({
        "resourceName": format!("people/{id}"),
        "etag": "%EgUBAi43PRoEAQIFByIMR0xCc0FMcVBJQmc9",
        "names": [{
            "metadata": {"primary": true, "source": {"type": "CONTACT", "id": id}},
            "displayName": name, "familyName": "Example", "givenName": name.split(' ').next().unwrap(),
            "displayNameLastFirst": format!("Example, {name}")
        }],
        "emailAddresses": [{"metadata": {"primary": true}, "value": email, "type": "work", "formattedType": "Work"}],
        "phoneNumbers": [{"value": "+1 555-0100", "canonicalForm": "+15550100", "type": "mobile"}],
        "organizations": [{"name": "Example Corp", "title": "Engineer"}]
    })
}

async fn warmup(people: &MockServer, path: &str) {
    expect("GET", path)
        .bearer(TOKEN)
        .query("query", "")
        .query("readMask", "names")
        .query("pageSize", 1)
        .respond(people, 200, json!({}))
        .await;
}

#[tokio::test]
async fn search_personal_contacts() {
    let s = setup().await;
    warmup(&s.people, "/v1/people:searchContacts").await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(TOKEN)
        .query("query", "ann")
        .query("readMask", PERSON_MASK)
        .query("pageSize", 30)
        .respond(
            &s.people,
            200,
            json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_search_contacts",
            json!({"query": "ann", "contactType": "personal", "pageSize": 50}),
        )
        .await;
    assert_eq!(
        v,
        json!({"contactType": "personal", "contacts": [{
            "resourceName": "people/c1", "name": "Ann Example", "emails": ["ann@example.com"],
            "phones": ["+1 555-0100"], "organizations": [{"name": "Example Corp", "title": "Engineer"}]
        }]})
    );
    // The Calendar API is not involved.
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn search_other_contacts_with_their_read_mask() {
    let s = setup().await;
    warmup(&s.people, "/v1/otherContacts:search").await;
    expect("GET", "/v1/otherContacts:search")
        .bearer(TOKEN)
        .query("query", "bob@")
        .query("readMask", "names,emailAddresses,phoneNumbers")
        .query("pageSize", 10)
        .respond(
            &s.people,
            200,
            json!({"results": [{"person": {"resourceName": "otherContacts/c9", "emailAddresses": [{"value": "bob@example.com"}]}}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_search_contacts",
            json!({"query": "bob@", "contactType": "other"}),
        )
        .await;
    assert_eq!(
        v["contacts"],
        json!([{"resourceName": "otherContacts/c9", "emails": ["bob@example.com"]}])
    );
}

#[tokio::test]
async fn search_the_directory_by_pages() {
    let s = setup().await;
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(TOKEN)
        .query("query", "dan")
        .query("readMask", PERSON_MASK)
        .query("pageSize", 500)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE")
        .query("pageToken", "dir-p2")
        .respond(
            &s.people,
            200,
            json!({"people": [person("d1", "Dan Example", "dan@example.com")], "nextPageToken": "dir-p3", "totalSize": 1204}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_search_contacts",
            json!({"query": "dan", "contactType": "directory", "pageSize": 900, "pageToken": "dir-p2", "directorySources": "DOMAIN_DIRECTORY"}),
        )
        .await;
    assert_eq!(v["nextPageToken"], "dir-p3");
    assert_eq!(v["totalSize"], 1204);
    assert_eq!(v["contacts"][0]["emails"], json!(["dan@example.com"]));
}

#[tokio::test]
async fn search_all_sources_with_a_directory_that_fails() {
    let s = setup().await;
    warmup(&s.people, "/v1/people:searchContacts").await;
    warmup(&s.people, "/v1/otherContacts:search").await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(TOKEN)
        .query("query", "ann")
        .query("readMask", PERSON_MASK)
        .query("pageSize", 10)
        .respond(
            &s.people,
            200,
            json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
        )
        .await;
    expect("GET", "/v1/otherContacts:search")
        .bearer(TOKEN)
        .query("query", "ann")
        .query("readMask", "names,emailAddresses,phoneNumbers")
        .query("pageSize", 10)
        .respond(&s.people, 200, json!({}))
        .await;
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(TOKEN)
        .query("query", "ann")
        .query("readMask", PERSON_MASK)
        .query("pageSize", 10)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE")
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT")
        .respond(
            &s.people,
            400,
            google_error(
                400,
                "FAILED_PRECONDITION",
                "failedPrecondition",
                "Must be a G Suite domain user.",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("google_calendar_search_contacts", json!({"query": "ann"}))
        .await;
    assert_eq!(v["contactType"], "all");
    assert_eq!(v["personal"]["contacts"][0]["name"], "Ann Example");
    assert_eq!(v["other"]["contacts"], json!([]));
    let dir_err = v["directory"]["error"].as_str().unwrap();
    assert!(
        dir_err.contains("Google People API error 400")
            && dir_err.contains("Must be a G Suite domain user"),
        "{dir_err}"
    );
}

#[tokio::test]
async fn search_without_the_contacts_scope() {
    let s = setup().await;
    warmup(&s.people, "/v1/people:searchContacts").await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/v1/people:searchContacts"))
        .and(matchers::query_param("query", "zed"))
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/contacts.readonly",
        ))
        .expect(1)
        .mount(&s.people)
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_search_contacts",
            json!({"query": "zed", "contactType": "personal"}),
        )
        .await;
    assert!(err.contains("Google People API error 403"), "{err}");
    assert!(err.contains("contacts.readonly"), "{err}");
}

#[tokio::test]
async fn search_fails_when_every_source_fails() {
    let s = setup().await;
    for path in [
        "/v1/people:searchContacts",
        "/v1/otherContacts:search",
        "/v1/people:searchDirectoryPeople",
    ] {
        Mock::given(matchers::path(path))
            .respond_with(ResponseTemplate::new(401).set_body_json(google_error(
                401,
                "UNAUTHENTICATED",
                "authError",
                "Invalid Credentials",
            )))
            .mount(&s.people)
            .await;
    }
    let err = s
        .client
        .call_err("google_calendar_search_contacts", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid Credentials"),
        "{err}"
    );
}

#[tokio::test]
async fn bad_search_arguments_never_reach_google() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"query": "ann", "contactType": "personal", "pageToken": "p"}),
            "directory searches only",
        ),
        (json!({"query": "  "}), "`query` must not be empty"),
        (json!({"query": "a", "contactType": "everyone"}), "everyone"),
    ] {
        let err = s
            .client
            .call_err("google_calendar_search_contacts", args.clone())
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    assert_eq!(request_count(&s.people).await, 0);
}
