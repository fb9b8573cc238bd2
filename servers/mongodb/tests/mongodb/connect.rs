//! The connection tools: `connect` checks a given connection string and `switch-connection`
//! changes to one, its errors clear and without the password.

use bson::doc;
use serde_json::json;

use crate::wire::Fake;

#[tokio::test]
async fn connect_checks_the_given_connection_string() {
    let other = Fake::start().await;
    other.expect(
        doc! { "buildInfo": 1, "$db": "admin" },
        doc! { "version": "7.0.14", "ok": 1.0 },
    );
    let mine = Fake::start().await;
    mine.expect(
        doc! { "buildInfo": 1, "$db": "admin" },
        doc! { "version": "8.0.1", "ok": 1.0 },
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &mine.uri()).await;
    let v = client
        .call_ok("connect", json!({"connectionString": other.uri()}))
        .await;
    assert_eq!(v["connected"], true);
    assert_eq!(v["version"], "7.0.14");
    assert!(v["note"].as_str().unwrap().contains("connection_string"));
    let v = client.call_ok("switch-connection", json!({})).await;
    assert_eq!(v, json!({"connected": true, "version": "8.0.1"}));
    other.assert_done();
    mine.assert_done();
    let err = client
        .call_err("connect", json!({"connectionString": "postgres://x"}))
        .await;
    assert!(err.contains("connection string was refused"), "{err}");
}

#[tokio::test]
async fn switch_connection_to_an_unreachable_server_keeps_the_password() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let fake = Fake::start().await;
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let started = std::time::Instant::now();
    let err = client
        .call_err(
            "switch-connection",
            json!({"connectionString": format!("mongodb://ada:pw-s3cret-77@{address}/?directConnection=true")}),
        )
        .await;
    assert!(
        err.contains("Cannot reach a MongoDB server") && err.contains(&address),
        "{err}"
    );
    assert!(!err.contains("pw-s3cret-77"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
}
