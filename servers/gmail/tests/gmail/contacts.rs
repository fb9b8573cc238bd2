//! gmail_search_contacts against a fake People API (the server's extra API `people`, pointed
//! at the fake with `Settings::with_api`); the scenarios run in sequence against one fake, each
//! verified and then cleared. The binary's `PEOPLE_API_BASE_URL` path is covered by process.rs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::{Value, json};

use crate::common::{TOKEN, google_error};

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

async fn done(people: &MockServer) {
    people.verify().await;
    people.reset().await;
}

#[tokio::test]
async fn search_contacts_in_every_source() {
    let people = MockServer::start().await;
    // The Gmail fake gets nothing: contacts go to the People API only.
    let gmail = MockServer::start().await;
    let server = TestServer::start(
        &gmail_mcp_server::SPEC,
        settings_for(&gmail.uri()).with_api("people", &people.uri()),
    )
    .await;
    let client = server.client(TOKEN).await;

    // personal: warmup, then the search
    warmup(&people, "/v1/people:searchContacts").await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(TOKEN)
        .query("query", "ann")
        .query(
            "readMask",
            "names,emailAddresses,phoneNumbers,organizations",
        )
        .query("pageSize", 30)
        .respond(
            &people,
            200,
            json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
        )
        .await;
    let v = client
        .call_ok(
            "gmail_search_contacts",
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
    done(&people).await;

    // other contacts: their own read mask
    warmup(&people, "/v1/otherContacts:search").await;
    expect("GET", "/v1/otherContacts:search")
        .bearer(TOKEN)
        .query("query", "bob@")
        .query("readMask", "names,emailAddresses,phoneNumbers")
        .query("pageSize", 10)
        .respond(
            &people,
            200,
            json!({"results": [{"person": {"resourceName": "otherContacts/c9", "emailAddresses": [{"value": "bob@example.com"}]}}]}),
        )
        .await;
    let v = client
        .call_ok(
            "gmail_search_contacts",
            json!({"query": "bob@", "contactType": "other"}),
        )
        .await;
    assert_eq!(
        v["contacts"],
        json!([{"resourceName": "otherContacts/c9", "emails": ["bob@example.com"]}])
    );
    done(&people).await;

    // directory: sources, page size capped at 500, page token, no warmup
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(TOKEN)
        .query("query", "dan")
        .query("readMask", "names,emailAddresses,phoneNumbers,organizations")
        .query("pageSize", 500)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT")
        .query("pageToken", "dir-p2")
        .respond(
            &people,
            200,
            json!({"people": [person("d1", "Dan Example", "dan@example.com")], "nextPageToken": "dir-p3", "totalSize": 1204}),
        )
        .await;
    let v = client
        .call_ok(
            "gmail_search_contacts",
            json!({"query": "dan", "contactType": "directory", "pageSize": 900, "pageToken": "dir-p2", "directorySources": "DOMAIN_CONTACTS"}),
        )
        .await;
    assert_eq!(v["nextPageToken"], "dir-p3");
    assert_eq!(v["totalSize"], 1204);
    assert_eq!(v["contacts"][0]["emails"], json!(["dan@example.com"]));
    done(&people).await;

    // all (the default): three result sets; a directory that is not available (a consumer
    // account) reports its error without failing the others
    warmup(&people, "/v1/people:searchContacts").await;
    warmup(&people, "/v1/otherContacts:search").await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(TOKEN)
        .query("query", "ann")
        .query(
            "readMask",
            "names,emailAddresses,phoneNumbers,organizations",
        )
        .query("pageSize", 10)
        .respond(
            &people,
            200,
            json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
        )
        .await;
    expect("GET", "/v1/otherContacts:search")
        .bearer(TOKEN)
        .query("query", "ann")
        .query("readMask", "names,emailAddresses,phoneNumbers")
        .query("pageSize", 10)
        .respond(&people, 200, json!({}))
        .await;
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(TOKEN)
        .query("query", "ann")
        .query(
            "readMask",
            "names,emailAddresses,phoneNumbers,organizations",
        )
        .query("pageSize", 10)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE")
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT")
        .respond(
            &people,
            400,
            google_error(
                400,
                "FAILED_PRECONDITION",
                "failedPrecondition",
                "Must be a G Suite domain user.",
            ),
        )
        .await;
    let v = client
        .call_ok("gmail_search_contacts", json!({"query": "ann"}))
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
    done(&people).await;

    // all with a page token: the directory's next page only
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(TOKEN)
        .query("query", "ann")
        .query(
            "readMask",
            "names,emailAddresses,phoneNumbers,organizations",
        )
        .query("pageSize", 10)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE")
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT")
        .query("pageToken", "dir-p2")
        .respond(&people, 200, json!({"people": [], "totalSize": 0}))
        .await;
    let v = client
        .call_ok(
            "gmail_search_contacts",
            json!({"query": "ann", "pageToken": "dir-p2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"contactType": "all", "directory": {"contacts": [], "totalSize": 0}})
    );
    done(&people).await;

    // failures: the People API's own errors, with the scope hint
    warmup(&people, "/v1/people:searchContacts").await;
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::method("GET"))
        .and(mcp_testkit::wiremock::matchers::path(
            "/v1/people:searchContacts",
        ))
        .and(mcp_testkit::wiremock::matchers::query_param("query", "zed"))
        .respond_with(crate::common::insufficient_scope(
            "https://www.googleapis.com/auth/contacts.readonly",
        ))
        .expect(1)
        .mount(&people)
        .await;
    let err = client
        .call_err(
            "gmail_search_contacts",
            json!({"query": "zed", "contactType": "personal"}),
        )
        .await;
    assert!(err.contains("Google People API error 403"), "{err}");
    assert!(err.contains("contacts.readonly"), "{err}");
    done(&people).await;

    // all three sources failing is an error
    for path in [
        "/v1/people:searchContacts",
        "/v1/otherContacts:search",
        "/v1/people:searchDirectoryPeople",
    ] {
        mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::path(path))
            .respond_with(
                mcp_testkit::wiremock::ResponseTemplate::new(401).set_body_json(google_error(
                    401,
                    "UNAUTHENTICATED",
                    "authError",
                    "Invalid Credentials",
                )),
            )
            .mount(&people)
            .await;
    }
    let err = client
        .call_err("gmail_search_contacts", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid Credentials"),
        "{err}"
    );
    done(&people).await;

    // bad arguments never reach Google
    let err = client
        .call_err(
            "gmail_search_contacts",
            json!({"query": "ann", "contactType": "personal", "pageToken": "p"}),
        )
        .await;
    assert!(err.contains("directory searches only"), "{err}");
    let err = client
        .call_err("gmail_search_contacts", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    let err = client
        .call_err(
            "gmail_search_contacts",
            json!({"query": "a", "contactType": "everyone"}),
        )
        .await;
    assert!(
        err.contains("everyone") || err.contains("contactType"),
        "{err}"
    );
    assert!(
        people
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
    assert!(
        gmail
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
}
