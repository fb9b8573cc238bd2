//! Connections and credentials: IMAPS and STARTTLS with the certificate checked (the
//! operator's --ca-file), tenant hosts through the guard, missing and bad credentials, the
//! local form's configuration file, and two tenants on one server.

use mcp_shared::Settings;
use mcp_testkit::TestServer;
use serde_json::{Value, json};

use crate::{Env, MailServers, err_has, message, ok, ok_has, settings};

/// User 0's credentials for IMAPS on `localhost`, the name the test certificate carries.
fn imaps(env: &Env) -> Value {
    env.creds_with(
        0,
        json!({"imap_server": "localhost", "imap_port": env.mail.imaps_port, "use_ssl": true}),
    )
}

#[tokio::test]
async fn imaps_and_starttls_check_the_certificate_against_the_host_name() {
    let env = Env::start_with(false, |s, mail| {
        s.tenant_hosts = vec!["localhost".into(), "127.0.0.1".into()];
        *s = s
            .clone()
            .with_option("ca-file", mail.cert().to_str().unwrap());
    })
    .await;
    env.receive(&message("Over TLS", "x"));
    let tls = imaps(&env);
    let c = env.client_for(&tls).await;
    assert!(ok(&c, "get_emails", json!({})).await.contains("Over TLS"));
    let starttls = env.creds_with(
        0,
        json!({"imap_server": "localhost", "use_ssl": false, "use_starttls": true}),
    );
    let c = env.client_for(&starttls).await;
    assert!(ok(&c, "get_emails", json!({})).await.contains("Over TLS"));
    // The certificate names localhost, not 127.0.0.1.
    let mut by_ip = tls.clone();
    by_ip["imap_server"] = json!("127.0.0.1");
    let c = env.client_for(&by_ip).await;
    err_has(
        &c,
        "get_folders",
        json!({}),
        &["TLS with the IMAP server failed"],
    )
    .await;
}

#[tokio::test]
async fn a_self_signed_certificate_without_the_operators_ca_file_is_refused() {
    let env = Env::start_with(false, |s, _| s.tenant_hosts = vec!["localhost".into()]).await;
    let tls = imaps(&env);
    let c = env.client_for(&tls).await;
    err_has(
        &c,
        "get_folders",
        json!({}),
        &["TLS with the IMAP server failed", "--ca-file"],
    )
    .await;
}

#[tokio::test]
async fn tenant_hosts_on_internal_addresses_are_refused_unless_the_operator_allows_them() {
    let env = Env::start_with(false, |s, _| s.tenant_hosts = Vec::new()).await;
    env.err_has(
        "get_folders",
        json!({}),
        &["POSTE_EMAIL_ALLOWED_HOSTS", "Nothing was sent"],
    )
    .await;
    let creds = env.creds_with(0, json!({"imap_server": "169.254.169.254"}));
    let c = env.client_for(&creds).await;
    err_has(&c, "get_folders", json!({}), &["POSTE_EMAIL_ALLOWED_HOSTS"]).await;
}

#[tokio::test]
async fn bad_and_missing_credentials_are_clear_errors() {
    let env = Env::start(false).await;
    env.wrong_password(
        "wrong-password-456",
        "get_emails",
        json!({}),
        &["IMAP server refused the login", "password"],
    )
    .await;
    let none = env.server.client_with(&[]).await;
    err_has(
        &none,
        "get_folders",
        json!({}),
        &["No mail account", "--config-file"],
    )
    .await;
    let mut no_host = env.mail.creds(0);
    no_host.as_object_mut().unwrap().remove("imap_server");
    let c = env.client_for(&no_host).await;
    err_has(&c, "get_folders", json!({}), &["`imap_server`"]).await;
    let bad_port = env.creds_with(0, json!({"imap_port": "http"}));
    let c = env.client_for(&bad_port).await;
    err_has(&c, "get_folders", json!({}), &["`imap_port`"]).await;
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
    ok_has(&client, "get_emails", json!({}), &["For Bob"]).await;
    // A request's own credentials still win.
    let ada = server.client_as(&mail.creds(0)).await;
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
    env.receive(&message("Ada only", "x"));
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
    ok_has(
        &client,
        "send_email",
        json!({"to": "bob@example.com", "subject": "Café ☕", "body": "Grüße"}),
        &["Email sent successfully"],
    )
    .await;
    ok_has(
        &client,
        "search_emails",
        json!({"query": "Café", "folder": "Sent"}),
        &["Total matches: 1", "Subject: Café ☕"],
    )
    .await;
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(logs.contains("tool call"), "{logs}");
    for (_, password) in crate::mailsrv::USERS {
        assert!(!logs.contains(password), "a password in the logs");
    }
}
