use serde_json::json;

use crate::{client, pg};

async fn fixture() -> pg::Tenant {
    let t = pg::tenant(&["hypopg"]).await;
    let c = pg::connect(&t.dsn).await;
    c.batch_execute(
        "CREATE SCHEMA sales; \
         CREATE TABLE sales.customers (id serial PRIMARY KEY, email text NOT NULL UNIQUE, note text DEFAULT 'none'); \
         CREATE TABLE sales.orders (id bigserial PRIMARY KEY, customer_id int REFERENCES sales.customers(id), total numeric(10,2) CHECK (total >= 0)); \
         CREATE INDEX orders_customer ON sales.orders (customer_id); \
         INSERT INTO sales.customers (email) VALUES ('a@example.com'), ('b@example.com'); \
         CREATE VIEW sales.big_orders AS SELECT id, total FROM sales.orders WHERE total > 100; \
         CREATE SEQUENCE sales.invoice_no START 1000 MAXVALUE 999999;",
    )
    .await
    .unwrap();
    t
}

#[tokio::test]
async fn list_schemas_lists_user_and_system_schemas() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let v = c.call_ok("list_schemas", json!({})).await;
    let schemas = v["schemas"].as_array().unwrap();
    let find = |n: &str| schemas.iter().find(|s| s["schema_name"] == n).cloned();
    assert_eq!(
        find("sales").unwrap(),
        json!({"schema_name": "sales", "owner": t.role, "schema_type": "user"})
    );
    assert_eq!(find("pg_catalog").unwrap()["schema_type"], "system");
    assert_eq!(find("public").unwrap()["schema_type"], "user");
}

#[tokio::test]
async fn list_objects_by_type() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok("list_objects", json!({"schema_name": "sales"}))
        .await;
    assert_eq!(v["object_type"], "table", "table is the default");
    let names: Vec<&str> = v["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["customers", "orders"]);
    assert_eq!(v["objects"][0]["type"], "table");
    let v = c
        .call_ok(
            "list_objects",
            json!({"schema_name": "sales", "object_type": "view"}),
        )
        .await;
    assert_eq!(
        v["objects"],
        json!([{"name": "big_orders", "type": "view"}])
    );
    let v = c
        .call_ok(
            "list_objects",
            json!({"schema_name": "sales", "object_type": "sequence"}),
        )
        .await;
    let seqs: Vec<&str> = v["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(seqs, ["customers_id_seq", "invoice_no", "orders_id_seq"]);
    let v = c
        .call_ok(
            "list_objects",
            json!({"schema_name": "public", "object_type": "extension"}),
        )
        .await;
    assert!(
        v["objects"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "hypopg" && e["version"] == "1.3.1"),
        "{v}"
    );
}

#[tokio::test]
async fn list_objects_unknown_schema_and_type_are_clear() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let err = c
        .call_err("list_objects", json!({"schema_name": "Sales"}))
        .await;
    assert!(
        err.contains("no schema `Sales`") && err.contains("list_schemas"),
        "{err}"
    );
    let err = c
        .call_err(
            "list_objects",
            json!({"schema_name": "sales", "object_type": "function"}),
        )
        .await;
    assert!(
        err.contains("function") || err.contains("object_type"),
        "{err}"
    );
}

#[tokio::test]
async fn get_object_details_of_a_table() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "get_object_details",
            json!({"schema_name": "sales", "object_name": "orders"}),
        )
        .await;
    assert_eq!(v["details"]["type"], "table");
    assert_eq!(
        v["columns"],
        json!([
            {"name": "id", "type": "bigint", "nullable": false, "default": "nextval('sales.orders_id_seq'::regclass)"},
            {"name": "customer_id", "type": "integer", "nullable": true, "default": null},
            {"name": "total", "type": "numeric(10,2)", "nullable": true, "default": null},
        ])
    );
    let types: Vec<&str> = v["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["check", "foreign key", "primary key"]);
    assert_eq!(
        v["constraints"][1]["definition"],
        "FOREIGN KEY (customer_id) REFERENCES sales.customers(id)"
    );
    assert_eq!(
        v["indexes"][0],
        json!({"name": "orders_customer", "definition": "CREATE INDEX orders_customer ON sales.orders USING btree (customer_id)", "valid": true})
    );
}

#[tokio::test]
async fn get_object_details_of_a_view_a_sequence_and_an_extension() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "get_object_details",
            json!({"schema_name": "sales", "object_name": "big_orders", "object_type": "view"}),
        )
        .await;
    assert_eq!(v["details"]["type"], "view");
    assert!(
        v["details"]["definition"]
            .as_str()
            .unwrap()
            .contains("WHERE orders.total > 100"),
        "{v}"
    );
    assert_eq!(v["columns"][1]["name"], "total");
    let v = c
        .call_ok(
            "get_object_details",
            json!({"schema_name": "sales", "object_name": "invoice_no", "object_type": "sequence"}),
        )
        .await;
    assert_eq!(v["sequence"]["start_value"], 1000);
    assert_eq!(v["sequence"]["max_value"], 999999);
    assert_eq!(v["sequence"]["last_value"], json!(null), "not used yet");
    let v = c
        .call_ok(
            "get_object_details",
            json!({"schema_name": "public", "object_name": "hypopg", "object_type": "extension"}),
        )
        .await;
    assert_eq!(v["extension"]["version"], "1.3.1");
    assert_eq!(v["extension"]["schema"], "public");
}

#[tokio::test]
async fn get_object_details_not_found_is_clear() {
    let t = fixture().await;
    let (_s, c) = client(&t.dsn).await;
    let err = c
        .call_err(
            "get_object_details",
            json!({"schema_name": "sales", "object_name": "big_orders"}),
        )
        .await;
    assert!(
        err.contains("No table `sales.big_orders`") && err.contains("list_objects"),
        "a view is not a table: {err}"
    );
    let err = c
        .call_err(
            "get_object_details",
            json!({"schema_name": "sales", "object_name": "postgis", "object_type": "extension"}),
        )
        .await;
    assert!(err.contains("`postgis` is not installed"), "{err}");
}
