//! The fake Mailchimp, a server pointed at it, and a client sending an API key.

use mcp_testkit::Setup;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

pub const KEY: &str = "0123456789abcdef0123456789abcdef-us6";

/// Subscriber hash of `ann@example.com` (MD5 of the lower-cased address, by Python's hashlib).
pub const ANN: &str = "257c57037d384ae37ea27a07e8a01665";

/// `Basic base64("anystring:<key>")`: any user, the key as password.
pub fn basic() -> String {
    mcp_testkit::basic_auth("anystring", KEY)
}

pub fn creds() -> Value {
    json!({"api_key": KEY})
}

pub async fn setup() -> Setup {
    Setup::start(&mailchimp_mcp_server::SPEC, creds()).await
}

pub fn no_content() -> ResponseTemplate {
    ResponseTemplate::new(204)
}

/// Mailchimp's problem+json error body.
pub fn problem(status: u16, title: &str, detail: &str, errors: Value) -> ResponseTemplate {
    let mut body = json!({
        "type": "https://mailchimp.com/developer/marketing/docs/errors/",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": "995c5cb0-3280-4a6e-808b-3b096d0bb219",
    });
    if !errors.is_null() {
        body["errors"] = errors;
    }
    ResponseTemplate::new(status)
        .insert_header("content-type", "application/problem+json")
        .set_body_json(body)
}

pub fn list_json(id: &str) -> Value {
    json!({
        "id": id,
        "web_id": 123456,
        "name": "Newsletter",
        "contact": {"company": "Acme", "address1": "1 Main St", "address2": "", "city": "Atlanta", "state": "GA", "zip": "30308", "country": "US", "phone": ""},
        "permission_reminder": "You signed up on our site",
        "use_archive_bar": true,
        "campaign_defaults": {"from_name": "Acme", "from_email": "news@acme.com", "subject": "News", "language": "en"},
        "notify_on_subscribe": "",
        "notify_on_unsubscribe": "",
        "date_created": "2026-01-05T10:00:00+00:00",
        "list_rating": 3,
        "email_type_option": false,
        "subscribe_url_short": "http://eepurl.com/abc",
        "subscribe_url_long": "https://acme.us6.list-manage.com/subscribe?u=1&id=2",
        "beamer_address": "us6-abc@inbound.mailchimp.com",
        "visibility": "pub",
        "double_optin": false,
        "has_welcome": false,
        "marketing_permissions": false,
        "modules": [],
        "stats": {"member_count": 42, "total_contacts": 50, "unsubscribe_count": 3, "cleaned_count": 1, "member_count_since_send": 2, "open_rate": 41.5, "click_rate": 3.2, "campaign_count": 7, "campaign_last_sent": "2026-02-01T09:00:00+00:00", "last_sub_date": "2026-02-10T12:00:00+00:00"},
        "_links": [{"rel": "self", "href": "https://us6.api.mailchimp.com/3.0/lists/x", "method": "GET"}]
    })
}

pub fn member_json(email: &str, status: &str) -> Value {
    json!({
        "id": ANN,
        "email_address": email,
        "unique_email_id": "a1b2c3",
        "contact_id": "c-1",
        "full_name": "Ann Lee",
        "web_id": 987,
        "email_type": "html",
        "status": status,
        "merge_fields": {"FNAME": "Ann", "LNAME": "Lee"},
        "interests": {"9143cf3bd1": true},
        "stats": {"avg_open_rate": 0.5, "avg_click_rate": 0.1},
        "ip_signup": "",
        "timestamp_signup": "",
        "ip_opt": "198.2.191.34",
        "timestamp_opt": "2026-01-05T10:00:00+00:00",
        "member_rating": 2,
        "last_changed": "2026-01-06T10:00:00+00:00",
        "language": "en",
        "vip": false,
        "email_client": "",
        "location": {"latitude": 0, "longitude": 0},
        "source": "API - Generic",
        "tags_count": 1,
        "tags": [{"id": 11, "name": "vip-2026"}],
        "list_id": "a1b2c3d4e5",
        "_links": [{"rel": "self", "href": "x", "method": "GET"}]
    })
}

pub fn campaign_json(id: &str, status: &str) -> Value {
    json!({
        "id": id,
        "web_id": 555,
        "type": "regular",
        "create_time": "2026-02-01T08:00:00+00:00",
        "archive_url": "http://eepurl.com/xyz",
        "long_archive_url": "https://us6.campaign-archive.com/?u=1&id=2",
        "status": status,
        "emails_sent": 0,
        "send_time": "",
        "content_type": "template",
        "needs_block_refresh": false,
        "resendable": false,
        "recipients": {"list_id": "a1b2c3d4e5", "list_is_active": true, "list_name": "Newsletter", "segment_text": "", "recipient_count": 42},
        "settings": {"subject_line": "Spring sale", "preview_text": "", "title": "Spring", "from_name": "Acme", "reply_to": "news@acme.com", "use_conversation": false, "to_name": "", "folder_id": "", "authenticate": true, "auto_footer": false, "inline_css": false, "auto_tweet": false, "fb_comments": true, "timewarp": false, "template_id": 0, "drag_and_drop": true},
        "tracking": {"opens": true, "html_clicks": true, "text_clicks": false},
        "report_summary": {"opens": 10, "unique_opens": 8, "open_rate": 0.4, "clicks": 2, "subscriber_clicks": 2, "click_rate": 0.1},
        "delivery_status": {"enabled": false},
        "_links": [{"rel": "self", "href": "x", "method": "GET"}]
    })
}
