//! SOQL queries, describe global, describe object, and the API version option.

use crate::common::*;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

#[tokio::test]
async fn query_follows_pages_until_done() {
    let s = setup().await;
    let q = "SELECT Id, Name FROM Contact WHERE LastName = 'O\\'Neil'";
    soql(q)
        .respond(&s.fake, 200, json!({"totalSize": 3, "done": false, "nextRecordsUrl": format!("{V}/query/01gRO0000016PIAYA2-2"),
            "records": [rec("Contact", "003xx0000000001AAA", json!({"Name": "A"})), rec("Contact", "003xx0000000002AAA", json!({"Name": "B"}))]}))
        .await;
    expect("GET", format!("{V}/query/01gRO0000016PIAYA2-2"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!({"totalSize": 3, "done": true, "records": [rec("Contact", "003xx0000000003AAA", json!({"Name": "C"}))]}))
        .await;
    let v = s
        .client
        .call_ok("salesforce_query", json!({"query": q}))
        .await;
    assert_eq!(v["totalSize"], 3);
    assert_eq!(v["returned"], 3);
    assert_eq!(
        v["records"][2],
        json!({"Id": "003xx0000000003AAA", "Name": "C"})
    );
    assert!(v.get("note").is_none(), "{v}");
}

#[tokio::test]
async fn query_errors() {
    let s = setup().await;
    soql("SELEC Id FROM Account")
        .respond(
            &s.fake,
            400,
            sf_error("MALFORMED_QUERY", "unexpected token: SELEC", &[]),
        )
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_query",
            json!({"query": "SELEC Id FROM Account"}),
        )
        .await;
    assert!(
        err.contains("MALFORMED_QUERY") && err.contains("unexpected token: SELEC"),
        "{err}"
    );
    let err = s
        .client
        .call_err("salesforce_query", json!({"query": ""}))
        .await;
    assert!(err.contains("query"), "{err}");
    // A next page outside the REST API is not followed.
    soql("SELECT Id FROM Account")
        .respond(&s.fake, 200, json!({"totalSize": 9, "done": false, "nextRecordsUrl": "https://evil.example.com/steal", "records": []}))
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_query",
            json!({"query": "SELECT Id FROM Account"}),
        )
        .await;
    assert!(err.contains("unexpected nextRecordsUrl"), "{err}");
}

fn account_describe() -> serde_json::Value {
    json!({"name": "Account", "label": "Account", "keyPrefix": "001", "custom": false, "createable": true,
        "updateable": true, "deletable": true, "queryable": true,
        "fields": [
            {"name": "Id", "label": "Account ID", "type": "id", "length": 18, "nillable": false, "createable": false, "updateable": false, "defaultedOnCreate": true, "referenceTo": [], "relationshipName": null, "picklistValues": []},
            {"name": "Name", "label": "Account Name", "type": "string", "length": 255, "nillable": false, "createable": true, "updateable": true, "defaultedOnCreate": false, "referenceTo": [], "relationshipName": null, "picklistValues": []},
            {"name": "Type", "label": "Account Type", "type": "picklist", "length": 255, "nillable": true, "createable": true, "updateable": true, "defaultedOnCreate": false, "referenceTo": [], "relationshipName": null,
             "picklistValues": [{"active": true, "value": "Prospect", "label": "Prospect"}, {"active": false, "value": "Old", "label": "Old"}]},
            {"name": "ParentId", "label": "Parent Account ID", "type": "reference", "length": 18, "nillable": true, "createable": true, "updateable": true, "defaultedOnCreate": false, "referenceTo": ["Account"], "relationshipName": "Parent", "picklistValues": []}
        ],
        "childRelationships": [{"childSObject": "Contact", "field": "AccountId", "relationshipName": "Contacts"}, {"childSObject": "AccountHistory", "field": "AccountId", "relationshipName": null}]})
}

#[tokio::test]
async fn describe_object_concise_and_detailed() {
    let s = setup().await;
    expect("GET", format!("{V}/sobjects/Account/describe"))
        .bearer(TOKEN)
        .times(2)
        .respond(&s.fake, 200, account_describe())
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_describe_object",
            json!({"object_name": "Account"}),
        )
        .await;
    assert_eq!(v["keyPrefix"], "001");
    assert_eq!(
        v["fields"][3],
        json!({"name": "ParentId", "label": "Parent Account ID", "type": "reference", "referenceTo": ["Account"]})
    );
    assert!(v.get("childRelationships").is_none());
    let v = s
        .client
        .call_ok(
            "salesforce_describe_object",
            json!({"object_name": "Account", "detailed": true}),
        )
        .await;
    assert_eq!(v["fields"][1]["required"], true);
    assert_eq!(v["fields"][0]["required"], false);
    assert_eq!(v["fields"][2]["picklistValues"], json!(["Prospect"]));
    assert_eq!(
        v["childRelationships"],
        json!([{"object": "Contact", "field": "AccountId", "relationship": "Contacts"}])
    );
}

#[tokio::test]
async fn describe_object_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "salesforce_describe_object",
            json!({"object_name": "../query"}),
        )
        .await;
    assert!(err.contains("object_name"), "{err}");
    expect("GET", format!("{V}/sobjects/Acount/describe"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            sf_error("NOT_FOUND", "The requested resource does not exist", &[]),
        )
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_describe_object",
            json!({"object_name": "Acount"}),
        )
        .await;
    assert!(
        err.contains("The requested resource does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn describe_global_filters_objects() {
    let s = setup().await;
    let body = json!({"encoding": "UTF-8", "maxBatchSize": 200, "sobjects": [
        {"name": "Account", "label": "Account", "custom": false, "keyPrefix": "001", "queryable": true},
        {"name": "Invoice__c", "label": "Invoice", "custom": true, "keyPrefix": "a01", "queryable": true},
        {"name": "InvoiceLine__c", "label": "Invoice Line", "custom": true, "keyPrefix": "a02", "queryable": true}]});
    expect("GET", format!("{V}/sobjects/"))
        .bearer(TOKEN)
        .times(2)
        .respond(&s.fake, 200, body)
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_describe_global",
            json!({"search": "invoice", "custom_only": true, "limit": 1}),
        )
        .await;
    assert_eq!(v["total"], 2);
    assert_eq!(
        v["objects"],
        json!([{"name": "Invoice__c", "label": "Invoice", "custom": true, "keyPrefix": "a01"}])
    );
    assert!(v["note"].as_str().unwrap().contains("1 more"), "{v}");
    let v = s
        .client
        .call_ok("salesforce_describe_global", json!({}))
        .await;
    assert_eq!(v["total"], 3);
}

#[tokio::test]
async fn describe_global_vendor_error() {
    let s = setup().await;
    expect("GET", format!("{V}/sobjects/"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            sf_error(
                "API_DISABLED_FOR_ORG",
                "API is not enabled for this Organization or Partner",
                &[],
            ),
        )
        .await;
    let err = s
        .client
        .call_err("salesforce_describe_global", json!({}))
        .await;
    assert!(
        err.contains("API is not enabled") && err.contains("API Enabled permission"),
        "{err}"
    );
}

#[tokio::test]
async fn api_version_is_configurable() {
    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_option("api-version", "62.0");
    let server = TestServer::start(&salesforce_mcp_server::SPEC, settings).await;
    expect("GET", "/services/data/v62.0/sobjects/")
        .bearer(TOKEN)
        .respond(&fake, 200, json!({"sobjects": []}))
        .await;
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds()))])
        .await;
    let v = client
        .call_ok("salesforce_describe_global", json!({}))
        .await;
    assert_eq!(v["total"], 0);

    let settings = settings_for(&fake.uri()).with_option("api-version", "latest");
    let server = TestServer::start(&salesforce_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds()))])
        .await;
    let err = client
        .call_err("salesforce_describe_global", json!({}))
        .await;
    assert!(err.contains("SALESFORCE_API_VERSION"), "{err}");
}

#[tokio::test]
async fn get_record_with_fields_and_not_found() {
    let s = setup().await;
    expect("GET", format!("{V}/sobjects/Invoice__c/a01xx0000000001AAA"))
        .bearer(TOKEN)
        .query("fields", "Name,Amount__c,Account__r.Name")
        .respond(&s.fake, 200, rec("Invoice__c", "a01xx0000000001AAA", json!({"Name": "INV-1", "Amount__c": 120.5, "Account__r": {"attributes": {"type": "Account"}, "Name": "Acme"}})))
        .await;
    let v = s
        .client
        .call_ok("salesforce_get_record", json!({"object_name": "Invoice__c", "record_id": "a01xx0000000001AAA", "fields": ["Name", "Amount__c", "Account__r.Name"]}))
        .await;
    assert_eq!(
        v,
        json!({"Id": "a01xx0000000001AAA", "Name": "INV-1", "Amount__c": 120.5, "Account__r": {"Name": "Acme"}})
    );
    expect("GET", format!("{V}/sobjects/Account/001xx000003DGb2AAG"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            sf_error("NOT_FOUND", "The requested resource does not exist", &[]),
        )
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_get_record",
            json!({"object_name": "Account", "record_id": "001xx000003DGb2AAG"}),
        )
        .await;
    assert!(
        err.contains("NOT_FOUND") && err.contains("check the record id"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "salesforce_get_record",
            json!({"object_name": "Account", "record_id": "001", "fields": ["Name"]}),
        )
        .await;
    assert!(err.contains("record_id"), "{err}");
}
