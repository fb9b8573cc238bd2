use crate::{BASE, TABLE, airtable_error, req, setup};
use mcp_testkit::request_bodies;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn rec(id: &str, fields: Value) -> Value {
    json!({"id": id, "createdTime": "2022-09-12T21:03:48.000Z", "fields": fields})
}

#[tokio::test]
async fn list_records_sends_every_parameter_and_keeps_values() {
    let s = setup().await;
    let fields = json!({
        "Name": "Union Square", "Visited": true, "Rating": 4.5,
        "District": ["recRZlx4pSxZaR7dS"],
        "Pictures": [{"id": "attA", "url": "https://dl.airtable.com/a.jpg", "filename": "a.jpg", "size": 100, "type": "image/jpeg"}]
    });
    req("GET", &format!("/{BASE}/{TABLE}"))
        .queries(&[
            ("fields[]", "Name"),
            ("fields[]", "Visited"),
            ("filterByFormula", "{Visited} = TRUE()"),
            ("maxRecords", "50"),
            ("pageSize", "2"),
            ("sort[0][field]", "Rating"),
            ("sort[0][direction]", "desc"),
            ("sort[1][field]", "Name"),
            ("view", "Grid view"),
            ("returnFieldsByFieldId", "false"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("rec560UJdUtocSouk", fields.clone()), rec("rec3lbPRG4aVqkeOQ", json!({}))],
                   "offset": "itrPlDMMpyjnGDYHc/rec3lbPRG4aVqkeOQ"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_list_records",
            json!({
                "base_id": BASE, "table_id": TABLE, "fields": ["Name", "Visited"],
                "filter_by_formula": "{Visited} = TRUE()", "max_records": 50, "page_size": 2,
                "sort": [{"field": "Rating", "direction": "desc"}, {"field": "Name"}],
                "view": "Grid view", "return_fields_by_field_id": false
            }),
        )
        .await;
    assert_eq!(v["records"][0], rec("rec560UJdUtocSouk", fields));
    assert_eq!(v["records"][1]["fields"], json!({}));
    assert_eq!(v["offset"], "itrPlDMMpyjnGDYHc/rec3lbPRG4aVqkeOQ");

    req("GET", &format!("/{BASE}/Apartments%20List"))
        .query("offset", "itrPlDMMpyjnGDYHc/rec3lbPRG4aVqkeOQ")
        .respond(&s.fake, 200, json!({"records": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_list_records",
            json!({"base_id": BASE, "table_id": "Apartments List", "offset": "itrPlDMMpyjnGDYHc/rec3lbPRG4aVqkeOQ"}),
        )
        .await;
    assert_eq!(v, json!({"records": [], "offset": null}));
}

#[tokio::test]
async fn list_records_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_list_records",
            json!({"base_id": BASE, "table_id": TABLE, "page_size": 101}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err(
            "airtable_list_records",
            json!({"base_id": BASE, "table_id": TABLE, "sort": [{"field": "X", "direction": "up"}]}),
        )
        .await;
    assert!(err.contains("direction"), "{err}");
    req("GET", &format!("/{BASE}/{TABLE}"))
        .query("filterByFormula", "{Status = 'x'")
        .respond(
            &s.fake,
            422,
            airtable_error(
                "INVALID_FILTER_BY_FORMULA",
                "The formula for filtering records is invalid",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_list_records",
            json!({"base_id": BASE, "table_id": TABLE, "filter_by_formula": "{Status = 'x'"}),
        )
        .await;
    assert!(err.contains("INVALID_FILTER_BY_FORMULA"), "{err}");
    assert!(err.contains("field names in braces"), "{err}");
}

#[tokio::test]
async fn get_record() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/{TABLE}/rec560UJdUtocSouk"))
        .respond(
            &s.fake,
            200,
            rec(
                "rec560UJdUtocSouk",
                json!({"Name": "Union Square", "Due": "2022-10-01"}),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_get_record",
            json!({"base_id": BASE, "table_id": TABLE, "record_id": "rec560UJdUtocSouk"}),
        )
        .await;
    assert_eq!(
        v,
        rec(
            "rec560UJdUtocSouk",
            json!({"Name": "Union Square", "Due": "2022-10-01"})
        )
    );
}

#[tokio::test]
async fn get_record_not_found() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/{TABLE}/recGone"))
        .respond(
            &s.fake,
            404,
            airtable_error(
                "MODEL_ID_NOT_FOUND",
                "Could not find a record with ID \"recGone\".",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_get_record",
            json!({"base_id": BASE, "table_id": TABLE, "record_id": "recGone"}),
        )
        .await;
    assert!(err.contains("MODEL_ID_NOT_FOUND"), "{err}");
    assert!(err.contains("recGone"), "{err}");
}

#[tokio::test]
async fn create_records_in_one_request() {
    let s = setup().await;
    req("POST", &format!("/{BASE}/{TABLE}"))
        .json_body(json!({
            "records": [{"fields": {"Name": "A", "Visited": true}}, {"fields": {"Name": "B"}}],
            "typecast": true
        }))
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("recA", json!({"Name": "A", "Visited": true})), rec("recB", json!({"Name": "B"}))]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "typecast": true,
                   "records": [{"fields": {"Name": "A", "Visited": true}}, {"Name": "B"}]}),
        )
        .await;
    assert_eq!(
        v["records"][0],
        rec("recA", json!({"Name": "A", "Visited": true}))
    );
    assert_eq!(v["records"][1]["id"], "recB");
}

/// 25 records: three requests of 10, 10 and 5, spaced at least 200 ms apart (5 per second
/// per base).
#[tokio::test]
async fn create_records_in_batches_of_ten_spaced_for_the_base_limit() {
    let s = setup().await;
    let names: Vec<String> = (0..25).map(|i| format!("R{i}")).collect();
    for chunk in names.chunks(10) {
        let sent: Vec<Value> = chunk
            .iter()
            .map(|n| json!({"fields": {"Name": n}}))
            .collect();
        let back: Vec<Value> = chunk
            .iter()
            .map(|n| rec(&format!("rec{n}"), json!({"Name": n})))
            .collect();
        req("POST", &format!("/{BASE}/{TABLE}"))
            .json_body(json!({"records": sent}))
            .respond(&s.fake, 200, json!({"records": back}))
            .await;
    }
    let started = Instant::now();
    let records: Vec<Value> = names
        .iter()
        .map(|n| json!({"fields": {"Name": n}}))
        .collect();
    let v = s
        .client
        .call_ok(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": records}),
        )
        .await;
    assert!(
        started.elapsed() >= Duration::from_millis(400),
        "{:?}",
        started.elapsed()
    );
    let ids: Vec<&str> = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 25);
    assert_eq!(ids[0], "recR0");
    assert_eq!(ids[24], "recR24");
    let bodies = request_bodies(&s.fake, "POST", &format!("/{BASE}/{TABLE}")).await;
    let sizes: Vec<usize> = bodies
        .iter()
        .map(|b| b["records"].as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, [10, 10, 5]);
}

#[tokio::test]
async fn create_records_partial_failure_names_what_was_created() {
    let s = setup().await;
    let first: Vec<Value> = (0..10)
        .map(|i| json!({"fields": {"Name": format!("R{i}")}}))
        .collect();
    let back: Vec<Value> = (0..10)
        .map(|i| rec(&format!("recR{i}"), json!({})))
        .collect();
    req("POST", &format!("/{BASE}/{TABLE}"))
        .json_body(json!({"records": first}))
        .respond(&s.fake, 200, json!({"records": back}))
        .await;
    req("POST", &format!("/{BASE}/{TABLE}"))
        .json_body(json!({"records": [{"fields": {"Name": "bad", "Rating": "x"}}]}))
        .respond(
            &s.fake,
            422,
            airtable_error(
                "INVALID_VALUE_FOR_COLUMN",
                "Field \"Rating\" cannot accept the provided value",
            ),
        )
        .await;
    let mut records = first.clone();
    records.push(json!({"fields": {"Name": "bad", "Rating": "x"}}));
    let err = s
        .client
        .call_err(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": records}),
        )
        .await;
    assert!(
        err.contains("10 records were created before a batch failed"),
        "{err}"
    );
    assert!(err.contains("recR0, recR1"), "{err}");
    assert!(err.contains("INVALID_VALUE_FOR_COLUMN"), "{err}");
    assert!(err.contains("typecast"), "{err}");
}

#[tokio::test]
async fn create_records_bad_arguments() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": []}),
        )
        .await;
    assert!(err.contains("at least one record"), "{err}");
    let many: Vec<Value> = (0..101).map(|i| json!({"Name": i.to_string()})).collect();
    let err = s
        .client
        .call_err(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": many}),
        )
        .await;
    assert!(err.contains("at most 100"), "{err}");
    let err = s
        .client
        .call_err(
            "airtable_create_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": [{"fields": "Name"}]}),
        )
        .await;
    assert!(err.contains("`records[0].fields`"), "{err}");
}

#[tokio::test]
async fn update_records_patches_by_id() {
    let s = setup().await;
    req("PATCH", &format!("/{BASE}/{TABLE}"))
        .json_body(json!({
            "records": [{"id": "recA", "fields": {"Visited": true}}],
            "returnFieldsByFieldId": true
        }))
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("recA", json!({"fldVisited": true, "fldName": "A"}))]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "return_fields_by_field_id": true,
                   "records": [{"id": "recA", "fields": {"Visited": true}}]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"records": [rec("recA", json!({"fldVisited": true, "fldName": "A"}))]})
    );
}

#[tokio::test]
async fn update_records_upserts_in_batches() {
    let s = setup().await;
    let items: Vec<Value> = (0..12)
        .map(|i| json!({"fields": {"Email": format!("u{i}@x.com")}}))
        .collect();
    for (k, chunk) in items.chunks(10).enumerate() {
        let back: Vec<Value> = (0..chunk.len())
            .map(|i| rec(&format!("rec{k}{i}"), json!({})))
            .collect();
        req("PATCH", &format!("/{BASE}/{TABLE}"))
            .json_body(json!({"records": chunk, "typecast": false, "performUpsert": {"fieldsToMergeOn": ["Email"]}}))
            .respond(
                &s.fake,
                200,
                json!({"records": back, "createdRecords": [format!("rec{k}0")], "updatedRecords": [format!("rec{k}1")]}),
            )
            .await;
    }
    let v = s
        .client
        .call_ok(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": items, "typecast": false,
                   "perform_upsert": {"fieldsToMergeOn": ["Email"]}}),
        )
        .await;
    assert_eq!(v["records"].as_array().unwrap().len(), 12);
    assert_eq!(v["createdRecords"], json!(["rec00", "rec10"]));
    assert_eq!(v["updatedRecords"], json!(["rec01", "rec11"]));
}

#[tokio::test]
async fn update_records_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": [{"fields": {"A": 1}}]}),
        )
        .await;
    assert!(err.contains("needs the record's `id`"), "{err}");
    let err = s
        .client
        .call_err(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": [{"id": "recA"}]}),
        )
        .await;
    assert!(err.contains("needs `fields`"), "{err}");
    let err = s
        .client
        .call_err(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": [{"fields": {"A": 1}}],
                   "perform_upsert": {"fieldsToMergeOn": []}}),
        )
        .await;
    assert!(err.contains("1 to 3 fields"), "{err}");
    req("PATCH", &format!("/{BASE}/{TABLE}"))
        .json_body(json!({"records": [{"id": "recA", "fields": {"Nmae": "x"}}]}))
        .respond(
            &s.fake,
            422,
            airtable_error("UNKNOWN_FIELD_NAME", "Unknown field name: \"Nmae\""),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_update_records",
            json!({"base_id": BASE, "table_id": TABLE, "records": [{"id": "recA", "fields": {"Nmae": "x"}}]}),
        )
        .await;
    assert!(err.contains("UNKNOWN_FIELD_NAME"), "{err}");
    assert!(err.contains("Nmae"), "{err}");
}

#[tokio::test]
async fn delete_records_in_batches() {
    let s = setup().await;
    let ids: Vec<String> = (0..11).map(|i| format!("rec{i:02}")).collect();
    let first: Vec<(&str, &str)> = ids[..10]
        .iter()
        .map(|i| ("records[]", i.as_str()))
        .collect();
    req("DELETE", &format!("/{BASE}/{TABLE}"))
        .queries(&first)
        .respond(
            &s.fake,
            200,
            json!({"records": ids[..10].iter().map(|i| json!({"id": i, "deleted": true})).collect::<Vec<_>>()}),
        )
        .await;
    req("DELETE", &format!("/{BASE}/{TABLE}"))
        .query("records[]", "rec10")
        .respond(
            &s.fake,
            200,
            json!({"records": [{"id": "rec10", "deleted": true}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_delete_records",
            json!({"base_id": BASE, "table_id": TABLE, "record_ids": ids}),
        )
        .await;
    assert_eq!(v["records"].as_array().unwrap().len(), 11);
    assert_eq!(v["records"][10], json!({"id": "rec10", "deleted": true}));
}

#[tokio::test]
async fn delete_records_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_delete_records",
            json!({"base_id": BASE, "table_id": TABLE, "record_ids": ["recA", " "]}),
        )
        .await;
    assert!(err.contains("blank ids"), "{err}");
    req("DELETE", &format!("/{BASE}/{TABLE}"))
        .query("records[]", "recGone")
        .respond(
            &s.fake,
            404,
            airtable_error(
                "MODEL_ID_NOT_FOUND",
                "Could not find a record with ID \"recGone\".",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_delete_records",
            json!({"base_id": BASE, "table_id": TABLE, "record_ids": ["recGone"]}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("recGone"), "{err}");
}

/// A formula too long for Airtable's 16,000-character URLs goes in the body of
/// `POST .../listRecords`, with the same parameters.
#[tokio::test]
async fn list_records_with_a_long_formula_posts_list_records() {
    let s = setup().await;
    let ids: Vec<String> = (0..400)
        .map(|i| format!("RECORD_ID() = 'rec{i:014}'"))
        .collect();
    let formula = format!("OR({})", ids.join(", "));
    req("POST", &format!("/{BASE}/{TABLE}/listRecords"))
        .json_body(json!({
            "filterByFormula": formula, "fields": ["Name"],
            "sort": [{"field": "Name", "direction": "asc"}], "pageSize": 50,
            "offset": "itrX/rec1"
        }))
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("rec00000000000001", json!({"Name": "A"}))], "offset": "itrY/rec2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_list_records",
            json!({"base_id": BASE, "table_id": TABLE, "filter_by_formula": formula,
                   "fields": ["Name"], "sort": [{"field": "Name", "direction": "asc"}],
                   "page_size": 50, "offset": "itrX/rec1"}),
        )
        .await;
    assert_eq!(v["records"][0]["fields"]["Name"], "A");
    assert_eq!(v["offset"], "itrY/rec2");
}
