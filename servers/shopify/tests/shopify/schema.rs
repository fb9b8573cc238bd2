//! Every document the server sends, checked against Shopify's published Admin GraphQL
//! schema (version 2026-10): fields, arguments and their types, variables, enum values,
//! selections, fragments on union members, directives; deprecated fields are refused.

use crate::common::{EXTRACT, schema};
use crate::gql_check::{Checker, Schema, parse};

fn check_all(schema: &Schema) -> Checker<'_> {
    let mut c = Checker::new(schema);
    for (op, doc) in shopify_mcp_server::documents() {
        c.check(op, doc);
    }
    c
}

#[test]
fn every_document_validates_against_the_admin_schema() {
    if let Ok(path) = std::env::var("SHOPIFY_ADMIN_SCHEMA") {
        let text = std::fs::read_to_string(&path).expect("introspection JSON");
        let full = Schema::from_introspection(&serde_json::from_str(&text).expect("JSON"));
        let c = check_all(&full);
        assert!(c.errors.is_empty(), "{:#?}", c.errors);
        let extract = c.extract(
            "Shopify Admin GraphQL API 2026-10: the types, fields and directives this server's documents use, from the introspection result in npm @shopify/dev-mcp@1.16.0 (dist/data/admin_2026-10.json.gz)",
        );
        std::fs::write(
            EXTRACT,
            serde_json::to_string_pretty(&extract).unwrap() + "\n",
        )
        .unwrap();
        // The extract as written (other tests may hold the one read before).
        let written = Schema::from_extract(&extract);
        let c = check_all(&written);
        assert!(
            c.errors.is_empty(),
            "against the new extract: {:#?}",
            c.errors
        );
    }
    let c = check_all(schema());
    assert!(
        c.errors.is_empty(),
        "against the extract (regenerate it from the full schema if a document now uses more): {:#?}",
        c.errors
    );
}

#[test]
fn operation_names_are_unique_and_match_their_documents() {
    let docs = shopify_mcp_server::documents();
    let mut names: Vec<&str> = docs.iter().map(|(n, _)| *n).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), docs.len());
    for (op, doc) in docs {
        assert_eq!(parse(doc).unwrap().name, op);
    }
}

#[test]
fn the_checker_catches_what_shopify_would_reject() {
    let s = schema();
    let cases = [
        (
            "query Bad($id: ID!) { product(id: $id) { id nope } }",
            "is not a field",
        ),
        (
            "query Bad($id: ID!) { product(id: $id, foo: 1) { id } }",
            "has no argument `foo`",
        ),
        (
            "query Bad($id: String!) { product(id: $id) { id } }",
            "but the argument is ID!",
        ),
        (
            "query Bad($id: ID) { product(id: $id) { id } }",
            "but the argument is ID!",
        ),
        ("query Bad { product { id } }", "needs argument `id`"),
        (
            "query Bad($id: ID!) { product(id: $id) }",
            "needs a selection",
        ),
        (
            "query Bad($id: ID!) { product(id: $id) { id title { x } } }",
            "no selection",
        ),
        (
            "query Bad($id: ID!, $x: Int) { product(id: $id) { id } }",
            "declared but not used",
        ),
        (
            "query Bad($id: ID!) { product(id: $id) { ... on Order { id } } }",
            "is not a type",
        ),
    ];
    for (doc, want) in cases {
        let mut c = Checker::new(s);
        c.check("Bad", doc);
        assert!(
            c.errors.iter().any(|e| e.contains(want)),
            "{doc}: {:?}",
            c.errors
        );
    }
}

#[test]
fn variables_are_checked_against_input_types() {
    let s = schema();
    let doc = crate::common::document("ProductUpdate");
    let ok = serde_json::json!({"product": {"id": "gid://shopify/Product/1", "status": "ACTIVE", "tags": ["a"]}});
    assert!(crate::gql_check::check_variables(s, doc, &ok).is_empty());
    for (bad, want) in [
        (
            serde_json::json!({"product": {"id": "gid://shopify/Product/1", "bodyHtml": "x"}}),
            "no field `bodyHtml`",
        ),
        (
            serde_json::json!({"product": {"status": "LIVE"}}),
            "not a value of ProductStatus",
        ),
        (serde_json::json!({}), "required"),
    ] {
        let e = crate::gql_check::check_variables(s, doc, &bad);
        assert!(e.iter().any(|x| x.contains(want)), "{bad}: {e:?}");
    }
    let doc = crate::common::document("InventoryAdjustQuantities");
    let wrong_gid = serde_json::json!({"key": "k", "input": {"name": "available", "reason": "correction", "changes": [
        {"inventoryItemId": "gid://shopify/ProductVariant/1", "locationId": "gid://shopify/Location/1", "delta": 1, "changeFromQuantity": null}]}});
    let e = crate::gql_check::check_variables(s, doc, &wrong_gid);
    assert!(e.iter().any(|x| x.contains("is not a gid of")), "{e:?}");
    let doc = crate::common::document("Product");
    let e = crate::gql_check::check_variables(
        s,
        doc,
        &serde_json::json!({"id": "gid://shopify/Order/1"}),
    );
    assert!(e.iter().any(|x| x.contains("is not a gid of")), "{e:?}");
    let doc = crate::common::document("DraftOrderCreate");
    let money_as_number = serde_json::json!({"input": {"lineItems": [{"quantity": 1, "title": "x", "originalUnitPriceWithCurrency": {"amount": 9.99, "currencyCode": "USD"}}]}});
    let e = crate::gql_check::check_variables(s, doc, &money_as_number);
    assert!(e.iter().any(|x| x.contains("is not a Decimal")), "{e:?}");
}

#[test]
fn deprecated_fields_are_refused() {
    let nn = |name: &str, kind: &str| serde_json::json!({"kind": "NON_NULL", "ofType": {"kind": kind, "name": name}});
    let intro = serde_json::json!({"data": {"__schema": {"types": [
        {"kind": "OBJECT", "name": "QueryRoot", "fields": [
            {"name": "product", "args": [{"name": "id", "type": nn("ID", "SCALAR")}], "type": {"kind": "OBJECT", "name": "Product"}, "isDeprecated": false}
        ]},
        {"kind": "OBJECT", "name": "Product", "fields": [
            {"name": "id", "args": [], "type": nn("ID", "SCALAR"), "isDeprecated": false},
            {"name": "bodyHtml", "args": [], "type": {"kind": "SCALAR", "name": "String"}, "isDeprecated": true}
        ]},
        {"kind": "SCALAR", "name": "ID"}, {"kind": "SCALAR", "name": "String"}
    ], "directives": []}}});
    let s = Schema::from_introspection(&intro);
    let mut c = Checker::new(&s);
    c.check("Ok", "query Ok($id: ID!) { product(id: $id) { id } }");
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    c.check(
        "Bad",
        "query Bad($id: ID!) { product(id: $id) { id bodyHtml } }",
    );
    assert!(
        c.errors
            .iter()
            .any(|e| e.contains("`Product.bodyHtml` is deprecated")),
        "{:?}",
        c.errors
    );
}
