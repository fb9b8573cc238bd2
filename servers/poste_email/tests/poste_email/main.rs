//! Poste.io mail server tests, against real servers: Dovecot for IMAP (plain, IMAPS and
//! STARTTLS with a self-signed certificate) and aiosmtpd for SMTP submission, which delivers
//! into Dovecot, so that mail sent through the server is found over IMAP in the same test.
//! Every tool, its failure paths, both profiles (toolathlon, and the local form: the default
//! profile with a configuration file), and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actions;
mod drafts;
mod folders;
mod mailsrv;
mod messages;
mod security;
mod sending;
mod transfer;

use mcp_shared::Settings;
use mcp_testkit::{Client, TestServer};
use serde_json::Value;

pub use mailsrv::MailServers;

mcp_testkit::standard_suite!(poste_email_mcp_server::SPEC, "poste-email-mcp-server");
mcp_testkit::profile_suite!(
    toolathlon_profile,
    poste_email_mcp_server::SPEC,
    toolathlon,
    catalog_not_required: &[("import_emails", "json_string")]
);

// The local form (Klavis's `local/Poste.io`): the same 25 tools, with its parameters.
mcp_testkit::profile_suite!(
    local_profile,
    poste_email_mcp_server::SPEC,
    local,
    catalog_not_required: &[("import_emails", "import_path")]
);

/// Mail servers, a workspace, our server (loopback allowed for tenants) and a client with a
/// user's credentials.
pub struct Env {
    pub mail: MailServers,
    pub ws: tempfile::TempDir,
    pub server: TestServer,
    pub client: Client,
}

pub fn settings(ws: &std::path::Path) -> Settings {
    let mut s = mcp_testkit::settings_for("");
    s.api_base_url = None;
    s.tenant_hosts = vec!["127.0.0.1".into()];
    s.with_option("workspace", ws.to_str().unwrap())
}

impl Env {
    pub async fn start(smtp: bool) -> Env {
        Self::start_with(smtp, |_, _| {}).await
    }

    pub async fn start_with(smtp: bool, adjust: impl FnOnce(&mut Settings, &MailServers)) -> Env {
        let mail = if smtp {
            MailServers::with_smtp()
        } else {
            MailServers::imap_only()
        };
        let ws = tempfile::tempdir().unwrap();
        let mut s = settings(ws.path());
        adjust(&mut s, &mail);
        let server = TestServer::start(&poste_email_mcp_server::SPEC, s).await;
        let client = server.client_as(&mail.creds(0)).await;
        Env {
            mail,
            ws,
            server,
            client,
        }
    }

    /// A client with the credentials `creds`.
    pub async fn client_for(&self, creds: &Value) -> Client {
        self.server.client_as(creds).await
    }

    /// User `n`'s credentials with the fields of `changes` set over them.
    pub fn creds_with(&self, n: usize, changes: Value) -> Value {
        let mut creds = self.mail.creds(n);
        for (k, v) in changes.as_object().unwrap() {
            creds[k] = v.clone();
        }
        creds
    }

    /// A client acting as user `n`.
    pub async fn as_user(&self, n: usize) -> Client {
        self.client_for(&self.mail.creds(n)).await
    }

    /// Deliver `raw` into the INBOX of user 0 (ada), the user of `client`.
    pub fn receive(&self, raw: &str) {
        self.mail.deliver("ada@example.com", raw);
    }

    /// The ID of the newest email of the INBOX.
    pub async fn newest(&self) -> String {
        ids(&self.ok("get_emails", serde_json::json!({})).await).remove(0)
    }

    pub async fn ok(&self, tool: &str, args: Value) -> String {
        ok(&self.client, tool, args).await
    }

    pub async fn err(&self, tool: &str, args: Value) -> String {
        self.client.call_err(tool, args).await
    }

    pub async fn err_has(&self, tool: &str, args: Value, needles: &[&str]) -> String {
        err_has(&self.client, tool, args, needles).await
    }

    /// A call made with user 0's login but a wrong `password` must fail with an error that
    /// holds each of `needles` and not the password.
    pub async fn wrong_password(&self, password: &str, tool: &str, args: Value, needles: &[&str]) {
        let c = self
            .client_for(&self.creds_with(0, serde_json::json!({"password": password})))
            .await;
        let err = err_has(&c, tool, args, needles).await;
        assert!(!err.contains(password), "{err}");
    }

    /// The text of a call that must succeed, checked to hold each of `needles`.
    pub async fn ok_has(&self, tool: &str, args: Value, needles: &[&str]) -> String {
        ok_has(&self.client, tool, args, needles).await
    }

    /// Calls that must fail, in turn: (tool, arguments, what its error holds).
    pub async fn refusals(&self, cases: &[(&str, Value, &[&str])]) {
        for (tool, args, needles) in cases {
            self.err_has(tool, args.clone(), needles).await;
        }
    }
}

pub async fn ok(client: &Client, tool: &str, args: Value) -> String {
    let r = client
        .call(tool, args)
        .await
        .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
    let text = mcp_testkit::text_of(&r);
    assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
    text
}

/// The error of a call that must fail, checked to hold each of `needles`.
pub async fn err_has(client: &Client, tool: &str, args: Value, needles: &[&str]) -> String {
    let err = client.call_err(tool, args).await;
    for n in needles {
        assert!(err.contains(n), "{err}");
    }
    err
}

/// The text of a call that must succeed, checked to hold each of `needles`.
pub async fn ok_has(client: &Client, tool: &str, args: Value, needles: &[&str]) -> String {
    let out = ok(client, tool, args).await;
    for n in needles {
        assert!(out.contains(n), "{out}");
    }
    out
}

/// The ids (`ID: ...` lines) of a listing, in order.
pub fn ids(listing: &str) -> Vec<String> {
    listing
        .lines()
        .filter_map(|l| l.split_once("ID: ").map(|(_, id)| id.trim().to_owned()))
        .collect()
}

/// A plain message.
pub fn message(subject: &str, body: &str) -> String {
    format!(
        "From: Sender <sender@example.org>\r\nTo: ada@example.com\r\nSubject: {subject}\r\nMessage-ID: <{}@example.org>\r\nDate: Mon, 7 Dec 2026 10:00:00 +0000\r\n\r\n{body}\r\n",
        subject.replace(' ', "-")
    )
}

/// A message with a text part, an HTML part and a PDF attachment.
pub fn with_attachment(subject: &str) -> String {
    "From: Sender <sender@example.org>\r\nTo: ada@example.com\r\nCc: cy@example.com\r\nSubject: SUBJECT\r\nMessage-ID: <att@example.org>\r\nDate: Mon, 7 Dec 2026 11:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: multipart/alternative; boundary=\"b2\"\r\n\r\n--b2\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nThe report is attached.\r\n--b2\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>The <b>report</b> is attached.</p>\r\n--b2--\r\n--b1\r\nContent-Type: application/pdf; name=\"report.pdf\"\r\nContent-Disposition: attachment; filename=\"report.pdf\"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQKJcOkw7zDtsOfCg==\r\n--b1--\r\n"
        .replace("SUBJECT", subject)
}
