//! Connections and credentials: IMAPS and STARTTLS with the certificate checked (the
//! operator's --ca-file), tenant hosts through the guard, missing and bad credentials, the
//! local form's configuration file, and two tenants on one server.

use mcp_shared::Settings;
use mcp_testkit::TestServer;
use serde_json::json;

use crate::{Env, MailServers, auth, message, ok, settings};

#[tokio::test]
async fn imaps_and_starttls_check_the_certificate_against_the_host_name() {
    let env = Env::start_with(false, |s, mail| {
        s.tenant_hosts = vec!["localhost".into(), "127.0.0.1".into()];
        *s = s
            .clone()
            .with_option("ca-file", mail.cert().to_str().unwrap());
    })
    .await;
    env.mail
        .deliver("ada@example.com", &message("Over TLS", "x"));
    let mut tls = env.mail.creds(0);
    tls["imap_server"] = json!("localhost");
    tls["imap_port"] = json!(env.mail.imaps_port);
    tls["use_ssl"] = json!(true);
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&tls))])
        .await;
    assert!(ok(&c, "get_emails", json!({})).await.contains("Over TLS"));
    let mut starttls = env.mail.creds(0);
    starttls["imap_server"] = json!("localhost");
    starttls["use_ssl"] = json!(false);
    starttls["use_starttls"] = json!(true);
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&starttls))])
        .await;
    assert!(ok(&c, "get_emails", json!({})).await.contains("Over TLS"));
    // The certificate names localhost, not 127.0.0.1.
    let mut by_ip = tls.clone();
    by_ip["imap_server"] = json!("127.0.0.1");
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&by_ip))])
        .await;
    let err = c.call_err("get_folders", json!({})).await;
    assert!(err.contains("TLS with the IMAP server failed"), "{err}");
}

#[tokio::test]
async fn a_self_signed_certificate_without_the_operators_ca_file_is_refused() {
    let env = Env::start_with(false, |s, _| s.tenant_hosts = vec!["localhost".into()]).await;
    let mut tls = env.mail.creds(0);
    tls["imap_server"] = json!("localhost");
    tls["imap_port"] = json!(env.mail.imaps_port);
    tls["use_ssl"] = json!(true);
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&tls))])
        .await;
    let err = c.call_err("get_folders", json!({})).await;
    assert!(
        err.contains("TLS with the IMAP server failed") && err.contains("--ca-file"),
        "{err}"
    );
}

#[tokio::test]
async fn tenant_hosts_on_internal_addresses_are_refused_unless_the_operator_allows_them() {
    let env = Env::start_with(false, |s, _| s.tenant_hosts = Vec::new()).await;
    let err = env.err("get_folders", json!({})).await;
    assert!(
        err.contains("POSTE_EMAIL_ALLOWED_HOSTS") && err.contains("Nothing was sent"),
        "{err}"
    );
    let mut creds = env.mail.creds(0);
    creds["imap_server"] = json!("169.254.169.254");
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&creds))])
        .await;
    let err = c.call_err("get_folders", json!({})).await;
    assert!(err.contains("POSTE_EMAIL_ALLOWED_HOSTS"), "{err}");
}

#[tokio::test]
async fn bad_and_missing_credentials_are_clear_errors() {
    let env = Env::start(false).await;
    let mut creds = env.mail.creds(0);
    creds["password"] = json!("wrong-password-456");
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&creds))])
        .await;
    let err = c.call_err("get_emails", json!({})).await;
    assert!(
        err.contains("IMAP server refused the login") && err.contains("password"),
        "{err}"
    );
    assert!(!err.contains("wrong-password-456"), "{err}");
    let none = env.server.client_with(&[]).await;
    let err = none.call_err("get_folders", json!({})).await;
    assert!(
        err.contains("No mail account") && err.contains("--config-file"),
        "{err}"
    );
    let mut no_host = env.mail.creds(0);
    no_host.as_object_mut().unwrap().remove("imap_server");
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&no_host))])
        .await;
    let err = c.call_err("get_folders", json!({})).await;
    assert!(err.contains("`imap_server`"), "{err}");
    let mut bad_port = env.mail.creds(0);
    bad_port["imap_port"] = json!("http");
    let c = env
        .server
        .client_with(&[("x-auth-data", &auth(&bad_port))])
        .await;
    let err = c.call_err("get_folders", json!({})).await;
    assert!(err.contains("`imap_port`"), "{err}");
}

#[tokio::test]
async fn the_local_form_reads_its_account_from_the_config_file() {
    let mail = MailServers::imap_only();
    mail.deliver("bob@example.com", &message("For Bob", "x"));
    let ws = tempfile::tempdir().unwrap();
    let conf = ws.path().join("account.json");
    std::fs::write(&conf, mail.creds(1).to_string()).unwrap();
    let s: Settings = settings(ws.path()).with_option("config-file", conf.to_str().unwrap());
    let server = TestServer::start(&poste_email_mcp_server::SPEC, s).await;
    let client = server.client_with(&[]).await;
    let out = ok(&client, "get_emails", json!({})).await;
    assert!(out.contains("For Bob"), "{out}");
    // A request's own credentials still win.
    let ada = server
        .client_with(&[("x-auth-data", &auth(&mail.creds(0)))])
        .await;
    assert!(
        ok(&ada, "get_emails", json!({}))
            .await
            .contains("Total emails: 0")
    );
    // A broken file stops the server at start-up with a message naming it.
    std::fs::write(&conf, "{\"email\": \"x@example.com\"}").unwrap();
    let e = mcp_shared::McpServer::new(
        &poste_email_mcp_server::SPEC,
        settings(ws.path()).with_option("config-file", conf.to_str().unwrap()),
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(e.contains("--config-file") && e.contains("password"), "{e}");
}

#[tokio::test]
async fn two_tenants_on_one_server_see_only_their_own_mailboxes() {
    let env = Env::start(false).await;
    env.mail
        .deliver("ada@example.com", &message("Ada only", "x"));
    env.mail
        .deliver("bob@example.com", &message("Bob only", "x"));
    let bob = env.as_user(1).await;
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let (a, b) = (
            env.ok("get_emails", json!({})),
            ok(&bob, "get_emails", json!({})),
        );
        tasks.push(async move { (a.await, b.await) });
    }
    for (a, b) in futures::future::join_all(tasks).await {
        assert!(a.contains("Ada only") && !a.contains("Bob only"), "{a}");
        assert!(b.contains("Bob only") && !b.contains("Ada only"), "{b}");
    }
}

/// The binary over stdio, as the local form runs: the account from `--config-file`, a real
/// login, a message sent... and no password in its logs at `RUST_LOG=trace`.
#[tokio::test]
async fn the_binary_logs_in_without_writing_the_password_to_its_logs() {
    let mail = MailServers::with_smtp();
    let ws = tempfile::tempdir().unwrap();
    let conf = ws.path().join("account.json");
    std::fs::write(&conf, mail.creds(0).to_string()).unwrap();
    let log = ws.path().join("server.log");
    let client = mcp_testkit::spawn_stdio_logged(
        env!("CARGO_BIN_EXE_poste-email-mcp-server"),
        &[
            "--config-file",
            conf.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ],
        &[
            ("POSTE_EMAIL_ALLOWED_HOSTS", "127.0.0.1"),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let out = ok(
        &client,
        "send_email",
        json!({"to": "bob@example.com", "subject": "Café ☕", "body": "Grüße"}),
    )
    .await;
    assert!(out.contains("Email sent successfully"), "{out}");
    let sent = ok(
        &client,
        "search_emails",
        json!({"query": "Café", "folder": "Sent"}),
    )
    .await;
    assert!(
        sent.contains("Total matches: 1") && sent.contains("Subject: Café ☕"),
        "{sent}"
    );
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(logs.contains("tool call"), "{logs}");
    for (_, password) in crate::mailsrv::USERS {
        assert!(!logs.contains(password), "a password in the logs");
    }
}
