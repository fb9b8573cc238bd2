//! Test setup shared by the Gmail tests: a fake Gmail API, Google's error bodies, and the
//! conversion of RFC 5322 fixtures into the `format=full` JSON Gmail serves for them.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE;
use mail_parser::{Encoding, MessageParser, MimeHeaders, PartType};
use mcp_testkit::NoBody;
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-gmail-token";

pub use mcp_testkit::Setup;

/// A fake Gmail, a server pointed at it, and a client sending `TOKEN`.
pub async fn setup() -> Setup {
    Setup::start(&gmail_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `/gmail/v1/users/me{path}`
pub fn me(path: &str) -> String {
    format!("/gmail/v1/users/me{path}")
}

/// Google's error body (`{"error": {"code", "message", "errors": [...], "status"}}`).
pub fn google_error(code: u16, status: &str, reason: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, Some(reason), message)
}

pub fn not_found() -> Value {
    google_error(
        404,
        "NOT_FOUND",
        "notFound",
        "Requested entity was not found.",
    )
}

/// Gmail's 403 for a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(&mcp_vendor_google::testkit::GMAIL_API, scope)
}

/// A mock for `method path` with exactly these query pairs and the bearer token, that the
/// test answers with `response`; the body is not checked (for bodies a test decodes itself).
pub fn mock_any_body(
    method: &str,
    path: &str,
    query: &[(&str, &str)],
) -> mcp_testkit::wiremock::MockBuilder {
    mcp_vendor_google::testkit::request(method, path, query, TOKEN)
}

/// Same, for requests that must have no body.
pub fn mock_no_body(
    method: &str,
    path: &str,
    query: &[(&str, &str)],
) -> mcp_testkit::wiremock::MockBuilder {
    mock_any_body(method, path, query).and(NoBody)
}

/// The JSON bodies the fake received at `path`.
pub async fn bodies_at(fake: &MockServer, path: &str) -> Vec<Value> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path() == path)
        .map(|r| serde_json::from_slice(&r.body).expect("a JSON request body"))
        .collect()
}

/// How many requests the fake received in all.
pub async fn request_count(fake: &MockServer) -> usize {
    fake.received_requests().await.unwrap_or_default().len()
}

/// Decode the `raw` message of a send/draft request body.
pub fn raw_of(body: &Value) -> Vec<u8> {
    let raw = body
        .get("raw")
        .or_else(|| body.pointer("/message/raw"))
        .and_then(Value::as_str)
        .expect("a raw message");
    URL_SAFE.decode(raw).expect("raw is base64url")
}

pub fn b64url(data: &[u8]) -> String {
    URL_SAFE.encode(data)
}

// ---------------------------------------------------------------------------------------------
// RFC 5322 fixtures → Gmail `format=full` JSON

/// A Gmail message as `messages.get?format=full` returns it, and the attachments Gmail
/// serves separately (`messages.attachments.get`), by attachment id.
pub struct GmailFixture {
    pub json: Value,
    pub attachments: Vec<(String, Vec<u8>)>,
}

/// Build what Gmail returns for this RFC 5322 message: the part tree with Gmail's part ids,
/// each part's headers as they are in the message, bodies with their transfer encoding
/// undone (but still in their charset) as base64url `body.data`, and parts with a file name
/// as `body.attachmentId` instead (their bytes in `attachments`).
pub fn gmail_full(id: &str, thread_id: &str, labels: &[&str], raw: &str) -> GmailFixture {
    let raw = raw.replace("\r\n", "\n").replace('\n', "\r\n");
    let bytes = raw.as_bytes();
    let msg = MessageParser::default()
        .parse(bytes)
        .expect("fixture parses");
    let mut attachments = Vec::new();
    let payload = part_json(&msg, 0, String::new(), bytes, id, &mut attachments);
    let snippet = msg
        .body_text(0)
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
        .chars()
        .take(100)
        .collect::<String>()
        .replace('\'', "&#39;");
    GmailFixture {
        json: json!({
            "id": id,
            "threadId": thread_id,
            "labelIds": labels,
            "snippet": snippet,
            "historyId": "123456",
            "internalDate": "1717236000000",
            "payload": payload,
            "sizeEstimate": bytes.len(),
        }),
        attachments,
    }
}

fn unfold(v: &[u8]) -> String {
    String::from_utf8_lossy(v)
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ")
        .trim()
        .to_owned()
}

fn part_json(
    msg: &mail_parser::Message<'_>,
    idx: usize,
    part_id: String,
    raw: &[u8],
    message_id: &str,
    attachments: &mut Vec<(String, Vec<u8>)>,
) -> Value {
    let part = &msg.parts[idx];
    let headers: Vec<Value> = part
        .headers
        .iter()
        .map(|h| {
            json!({
                "name": String::from_utf8_lossy(&raw[h.offset_field as usize..h.offset_start as usize - 1]).trim().to_owned(),
                "value": unfold(&raw[h.offset_start as usize..h.offset_end as usize]),
            })
        })
        .collect();
    let mime = part
        .content_type()
        .map(|c| {
            format!(
                "{}/{}",
                c.ctype().to_ascii_lowercase(),
                c.subtype().unwrap_or("plain").to_ascii_lowercase()
            )
        })
        .unwrap_or_else(|| "text/plain".into());
    let filename = part.attachment_name().unwrap_or("").to_owned();
    let mut out = json!({
        "partId": part_id,
        "mimeType": mime,
        "filename": filename,
        "headers": headers,
    });
    if let PartType::Multipart(children) = &part.body {
        out["body"] = json!({"size": 0});
        out["parts"] = Value::Array(
            children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let child_id = if part_id.is_empty() {
                        i.to_string()
                    } else {
                        format!("{part_id}.{i}")
                    };
                    part_json(msg, *c as usize, child_id, raw, message_id, attachments)
                })
                .collect(),
        );
        return out;
    }
    let body = &raw[part.offset_body as usize..part.offset_end as usize];
    let decoded = match part.encoding {
        Encoding::QuotedPrintable => {
            mail_parser::decoders::quoted_printable::quoted_printable_decode(body)
                .expect("quoted-printable fixture")
        }
        Encoding::Base64 => {
            mail_parser::decoders::base64::base64_decode(body).expect("base64 fixture")
        }
        Encoding::None => body.to_vec(),
    };
    if filename.is_empty() {
        out["body"] = json!({"size": decoded.len(), "data": b64url(&decoded)});
    } else {
        let att_id = format!("ANGjdJ{}x{}", message_id, attachments.len());
        out["body"] = json!({"attachmentId": att_id, "size": decoded.len()});
        attachments.push((att_id, decoded));
    }
    out
}

// ---- the fixtures

/// multipart/mixed: multipart/alternative (text + HTML) and a PDF attachment, plus a text
/// attachment; the text part is quoted-printable UTF-8, the PDF base64.
pub const NESTED: &str = "From: Ann Example <ann@example.com>
To: Bob <bob@example.com>, carol@example.com
Cc: Dan <dan@example.com>
Subject: Quarterly report
Date: Mon, 3 Jun 2024 09:15:00 +0200
Message-ID: <report-1@mail.example.com>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary=\"outer\"

--outer
Content-Type: multipart/alternative; boundary=\"inner\"

--inner
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: quoted-printable

Hi Bob,

The report is attached =E2=80=94 see page 2.
--inner
Content-Type: text/html; charset=UTF-8

<p>Hi Bob,</p><p>The report is attached &mdash; see <b>page 2</b>.</p>
--inner--
--outer
Content-Type: application/pdf; name=\"report.pdf\"
Content-Disposition: attachment; filename=\"report.pdf\"
Content-Transfer-Encoding: base64

JVBERi0xLjQKJcOkw7zDtsOfCjEgMCBvYmoKPDwvVHlwZS9DYXRhbG9nPj4KZW5kb2JqCg==
--outer
Content-Type: text/plain; charset=UTF-8; name=\"notes.txt\"
Content-Disposition: attachment; filename=\"notes.txt\"

line one
line two
--outer--
";

/// The bytes of NESTED's PDF attachment.
pub const PDF: &[u8] =
    b"%PDF-1.4\n%\xc3\xa4\xc3\xbc\xc3\xb6\xc3\x9f\n1 0 obj\n<</Type/Catalog>>\nendobj\n";

/// A single text/plain part in ISO-8859-1, quoted-printable, with an ISO-8859-1 encoded word
/// in From.
pub const LATIN1_QP: &str = "From: =?ISO-8859-1?Q?Andr=E9_L=E9vesque?= <andre@example.fr>
To: bob@example.com
Subject: Menu
Date: Tue, 4 Jun 2024 18:00:00 +0000
Message-ID: <menu-7@example.fr>
MIME-Version: 1.0
Content-Type: text/plain; charset=ISO-8859-1
Content-Transfer-Encoding: quoted-printable

Caf=E9 cr=E8me, cr=E8me br=FBl=E9e.
=C0 bient=F4t !
";

/// An HTML-only message.
pub const HTML_ONLY: &str = "From: News <news@example.org>
To: bob@example.com
Subject: Weekly digest
Date: Wed, 5 Jun 2024 07:30:00 -0400
Message-ID: <digest-42@example.org>
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<html><body><h1>Top stories</h1><p>Rust 2.0 &amp; you</p><p>Read more at our site.</p></body></html>
";

/// A non-ASCII subject (RFC 2047, UTF-8 base64) and a base64 UTF-8 body.
pub const NON_ASCII_SUBJECT: &str = "From: =?UTF-8?B?5bGx55Sw5aSq6YOO?= <taro@example.jp>
To: bob@example.com
Subject: =?UTF-8?B?UsOpdW5pb24g5Lya6K2wIOKAlCBwbGFubmluZw==?=
Date: Thu, 6 Jun 2024 10:00:00 +0900
Message-ID: <meet-9@example.jp>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

5piO5pel44Gu5Lya6K2w44Gv5Y2I5YmNMTDmmYLjgafjgZnjgIIK
";
