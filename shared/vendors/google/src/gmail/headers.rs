//! A message's headers decoded with mail-parser (encoded words of RFC 2047, address lists,
//! dates), whether or not Gmail decoded them first; and its mailboxes (`Name <email>`).

use mail_parser::{Address, MessageParser};
use serde::Serialize;
use serde_json::Value;

use super::header;

/// One mailbox: `Name <email>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailbox {
    pub name: Option<String>,
    pub email: String,
}

impl Mailbox {
    /// `Name <email>` (the name quoted when it has characters that would split it), or `email`.
    pub fn display(&self) -> String {
        match self
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            Some(n) if n != self.email => {
                if n.chars().any(|c| ",;:<>@\"()[]\\.".contains(c)) {
                    format!(
                        "\"{}\" <{}>",
                        n.replace('\\', "\\\\").replace('"', "\\\""),
                        self.email
                    )
                } else {
                    format!("{n} <{}>", self.email)
                }
            }
            _ => self.email.clone(),
        }
    }

    pub fn same_address(&self, other: &str) -> bool {
        self.email.eq_ignore_ascii_case(other.trim())
    }
}

impl Serialize for Mailbox {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.display())
    }
}

/// The mailboxes of a parsed address header (those without an address left out).
pub fn mailboxes(a: Option<&Address<'_>>) -> Vec<Mailbox> {
    let Some(a) = a else { return Vec::new() };
    a.iter()
        .filter_map(|x| {
            Some(Mailbox {
                name: x.name().map(str::to_owned),
                email: x.address()?.trim().to_owned(),
            })
        })
        .filter(|m| !m.email.is_empty())
        .collect()
}

/// The headers an agent needs, decoded.
#[derive(Debug, Default, Clone)]
pub struct Headers {
    pub subject: Option<String>,
    pub from: Vec<Mailbox>,
    pub to: Vec<Mailbox>,
    pub cc: Vec<Mailbox>,
    pub bcc: Vec<Mailbox>,
    pub reply_to: Vec<Mailbox>,
    /// RFC 3339 when the `Date` header parses, else the header as sent.
    pub date: Option<String>,
    /// `<id@host>`
    pub message_id: Option<String>,
    pub references: Vec<String>,
}

fn bracket(id: &str) -> String {
    let id = id.trim().trim_start_matches('<').trim_end_matches('>');
    format!("<{id}>")
}

impl Headers {
    /// Decode a Gmail `headers` array (`[{"name", "value"}]`) with mail-parser.
    pub fn from_gmail(headers: &Value) -> Headers {
        let mut block = String::new();
        for h in headers.as_array().into_iter().flatten() {
            let (Some(name), Some(value)) = (
                h.get("name").and_then(Value::as_str),
                h.get("value").and_then(Value::as_str),
            ) else {
                continue;
            };
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic() && b != b':') {
                continue;
            }
            let value = value.replace(['\r', '\n'], " ");
            block.push_str(&format!("{name}: {value}\r\n"));
        }
        block.push_str("\r\n");
        let Some(m) = MessageParser::default().parse_headers(block.as_bytes()) else {
            return Headers {
                subject: header(headers, "Subject").map(str::to_owned),
                date: header(headers, "Date").map(str::to_owned),
                ..Headers::default()
            };
        };
        let ids = |v: &mail_parser::HeaderValue<'_>| -> Vec<String> {
            v.as_text_list()
                .map(|l| l.iter().map(|s| bracket(s)).collect())
                .unwrap_or_default()
        };
        Headers {
            subject: m.subject().map(str::to_owned),
            from: mailboxes(m.from()),
            to: mailboxes(m.to()),
            cc: mailboxes(m.cc()),
            bcc: mailboxes(m.bcc()),
            reply_to: mailboxes(m.reply_to()),
            date: m
                .date()
                .map(|d| d.to_rfc3339())
                .or_else(|| header(headers, "Date").map(str::to_owned)),
            message_id: m.message_id().map(bracket),
            references: ids(m.references()),
        }
    }

    /// The headers of a Gmail `Message` (`payload.headers`), decoded.
    pub fn of_message(msg: &Value) -> Headers {
        Headers::from_gmail(
            msg.get("payload")
                .and_then(|p| p.get("headers"))
                .unwrap_or(&Value::Null),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn encoded_words_and_address_lists_are_decoded() {
        let headers: Vec<Value> = [
            ("From", "=?UTF-8?Q?Ann_=C3=89lise?= <ann@example.com>"),
            ("To", "bob@example.com, \"Carl, Jr.\" <carl@example.com>"),
            ("Subject", "=?UTF-8?B?UsOpdW5pb24=?="),
            ("Date", "Tue, 1 Apr 2025 09:30:00 +0200"),
            ("Message-ID", "<abc@host>"),
            ("References", "<a@h> <b@h>"),
        ]
        .into_iter()
        .map(|(name, value)| json!({"name": name, "value": value}))
        .collect();
        let msg = json!({"payload": {"headers": headers}});
        let h = Headers::of_message(&msg);
        assert_eq!(h.subject.as_deref(), Some("Réunion"));
        assert_eq!(h.from[0].display(), "Ann Élise <ann@example.com>");
        let to: Vec<String> = h.to.iter().map(Mailbox::display).collect();
        assert_eq!(to, ["bob@example.com", "\"Carl, Jr.\" <carl@example.com>"]);
        assert_eq!(h.date.as_deref(), Some("2025-04-01T09:30:00+02:00"));
        assert_eq!(h.message_id.as_deref(), Some("<abc@host>"));
        assert_eq!(h.references, ["<a@h>", "<b@h>"]);
        assert!(h.to[1].same_address(" CARL@example.com"));
        assert_eq!(json!(h.from[0]), json!("Ann Élise <ann@example.com>"));
    }
}
