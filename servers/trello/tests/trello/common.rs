//! A fake Trello API, a server pointed at it, and a client sending the key and token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "0123456789abcdef0123456789abcdef";
pub const TOKEN: &str = "ATTAtesttoken0123456789abcdef";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(
        &trello_mcp_server::SPEC,
        json!({ "key": KEY, "token": TOKEN }),
    )
    .await
}

/// `<method> <path>` with these query parameters, then `key` and `token`.
pub fn trello(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    query
        .iter()
        .fold(expect(method, path), |e, (k, v)| e.query(k, v))
        .query("key", KEY)
        .query("token", TOKEN)
        .header("accept", "application/json")
}

/// A card as Trello returns it (trimmed to the fields that matter, plus a few that do not).
pub fn card_body() -> Value {
    json!({
        "id": "5abbe4b7ddc1b351ef961414",
        "badges": {"votes": 0, "comments": 1, "checkItems": 2},
        "closed": false,
        "dateLastActivity": "2026-11-30T10:00:00.000Z",
        "desc": "Ship it",
        "due": null,
        "dueComplete": false,
        "idBoard": "5abbe4b7ddc1b351ef961400",
        "idChecklists": [],
        "idLabels": ["5abbe4b7ddc1b351ef9614aa"],
        "idList": "5abbe4b7ddc1b351ef961401",
        "idMembers": [],
        "labels": [{"id": "5abbe4b7ddc1b351ef9614aa", "idBoard": "5abbe4b7ddc1b351ef961400", "name": "urgent", "color": "red"}],
        "name": "Release 1.0",
        "pos": 65535,
        "shortLink": "H0TZyzbK",
        "shortUrl": "https://trello.com/c/H0TZyzbK",
        "url": "https://trello.com/c/H0TZyzbK/4-release-10"
    })
}

pub fn card_concise() -> Value {
    json!({
        "id": "5abbe4b7ddc1b351ef961414",
        "name": "Release 1.0",
        "desc": "Ship it",
        "idList": "5abbe4b7ddc1b351ef961401",
        "idBoard": "5abbe4b7ddc1b351ef961400",
        "closed": false,
        "dueComplete": false,
        "idMembers": [],
        "url": "https://trello.com/c/H0TZyzbK/4-release-10",
        "labels": [{"id": "5abbe4b7ddc1b351ef9614aa", "name": "urgent", "color": "red"}]
    })
}
