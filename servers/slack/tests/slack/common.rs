//! Test setup shared by the Slack tests: a fake Slack Web API, a server pointed at it,
//! clients carrying Slack's OAuth v2 credential shape, and request expectations for Slack's
//! two body encodings (form for read methods, JSON for write methods).

pub use mcp_testkit::Setup;
use mcp_testkit::wiremock::matchers::{header, method, path};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate};
use mcp_testkit::{Expect, QueryExact, expect};
use serde_json::{Value, json};

pub const BOT: &str = "xoxb-test-bot-token";
pub const USER: &str = "xoxp-test-user-token";

/// Slack's OAuth v2 response shape, as `x-auth-data` carries it: the bot token at
/// `access_token`, the user token at `authed_user.access_token`.
pub fn slack_creds(bot: Option<&str>, user: Option<&str>) -> Value {
    let mut v = json!({"ok": true, "app_id": "A0KRD7HC3", "team": {"id": "T9TK3CUKW", "name": "Slack Softball Team"}});
    if let Some(b) = bot {
        v["access_token"] = json!(b);
        v["token_type"] = json!("bot");
    }
    if let Some(u) = user {
        v["authed_user"] =
            json!({"id": "U1234", "scope": "chat:write", "access_token": u, "token_type": "user"});
    }
    v
}

/// A fake Slack, a server pointed at it, and a client sending both tokens (another client of
/// the same server: `s.client_with(slack_creds(..))`).
pub async fn setup() -> Setup {
    Setup::start(&slack_mcp_server::SPEC, slack_creds(Some(BOT), Some(USER))).await
}

/// A write method call: `POST /<method>` with the bearer token and exactly this JSON body,
/// sent as `application/json; charset=utf-8`.
pub fn json_call(slack_method: &str, token: &str, body: Value) -> Expect {
    expect("POST", format!("/{slack_method}"))
        .bearer(token)
        .header("content-type", "application/json; charset=utf-8")
        .json_body(body)
}

/// A read method call: `POST /<method>` with the bearer token, no query string and exactly
/// these form fields.
pub struct FormCall {
    slack_method: String,
    token: String,
    fields: Vec<(String, String)>,
}

pub fn form_call(slack_method: &str, token: &str) -> FormCall {
    FormCall {
        slack_method: slack_method.to_owned(),
        token: token.to_owned(),
        fields: Vec::new(),
    }
}

impl FormCall {
    pub fn field(mut self, k: &str, v: impl ToString) -> Self {
        self.fields.push((k.to_owned(), v.to_string()));
        self
    }

    pub fn mock(self, response: ResponseTemplate) -> Mock {
        Mock::given(method("POST"))
            .and(path(format!("/{}", self.slack_method)))
            .and(QueryExact(Vec::new()))
            .and(header(
                "authorization",
                format!("Bearer {}", self.token).as_str(),
            ))
            .and(mcp_testkit::FormBody(self.fields))
            .respond_with(response)
            .expect(1)
    }

    /// Answer with HTTP 200 and this JSON body.
    pub async fn respond(self, fake: &MockServer, body: Value) {
        self.mock(ResponseTemplate::new(200).set_body_json(body))
            .mount(fake)
            .await;
    }
}

/// Slack's failure answer: HTTP 200 with `ok: false`.
pub fn slack_error(code: &str) -> Value {
    json!({"ok": false, "error": code})
}

/// A message as conversations.history returns it.
pub fn message_json(ts: &str, user: &str, text: &str) -> Value {
    json!({
        "type": "message",
        "user": user,
        "text": text,
        "ts": ts,
        "blocks": [{"type": "rich_text", "block_id": "Vb3", "elements": []}],
        "team": "T123ABC456",
        "client_msg_id": "b2f1c7c4-0c5e-4a1e-9d52-4c2c3b9f1a11"
    })
}

/// A channel as conversations.list returns it (Slack's documented example).
pub fn channel_json(id: &str, name: &str) -> Value {
    json!({
        "id": id,
        "name": name,
        "is_channel": true,
        "is_group": false,
        "is_im": false,
        "created": 1449252889,
        "creator": "U012A3CDE",
        "is_archived": false,
        "is_general": name == "general",
        "unlinked": 0,
        "name_normalized": name,
        "is_shared": false,
        "is_ext_shared": false,
        "is_org_shared": false,
        "pending_shared": [],
        "is_pending_ext_shared": false,
        "is_member": true,
        "is_private": false,
        "is_mpim": false,
        "updated": 1678229664302u64,
        "topic": {"value": "Company-wide announcements and work-based matters", "creator": "", "last_set": 0},
        "purpose": {"value": "This channel is for team-wide communication and announcements.", "creator": "", "last_set": 0},
        "previous_names": [],
        "num_members": 4
    })
}

/// A DM as conversations.list returns it.
pub fn im_json(id: &str, user: &str) -> Value {
    json!({"id": id, "created": 1498500348, "is_im": true, "is_org_shared": false, "user": user, "is_user_deleted": false, "priority": 0})
}

/// A user as users.list / users.info return it (Slack's documented example, trimmed).
pub fn user_json(id: &str, name: &str, real_name: &str) -> Value {
    json!({
        "id": id,
        "team_id": "T012AB3C4",
        "name": name,
        "deleted": false,
        "color": "9f69e7",
        "real_name": real_name,
        "tz": "America/Los_Angeles",
        "tz_label": "Pacific Daylight Time",
        "tz_offset": -25200,
        "profile": {
            "avatar_hash": "ge3b51ca72de",
            "status_text": "Print is dead",
            "status_emoji": ":books:",
            "real_name": real_name,
            "display_name": name,
            "real_name_normalized": real_name,
            "display_name_normalized": name,
            "email": format!("{name}@ghostbusters.example.com"),
            "title": "Ghost scientist",
            "phone": "",
            "image_192": "https://secure.gravatar.com/avatar/ge3b51ca72de.jpg",
            "team": "T012AB3C4"
        },
        "is_admin": true,
        "is_owner": false,
        "is_primary_owner": false,
        "is_restricted": false,
        "is_ultra_restricted": false,
        "is_bot": false,
        "updated": 1502138686,
        "is_app_user": false,
        "has_2fa": false
    })
}
