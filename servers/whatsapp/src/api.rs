//! What every WhatsApp tool shares: the Graph version in the path, the phone number id, and
//! Graph's error body `{"error":{"message","type","code","error_subcode","error_data":
//! {"messaging_product","details"},"fbtrace_id"}}` with hints for the Cloud API's codes,
//! above all the 24-hour customer service window.

use mcp_shared::reexports::http;
use mcp_shared::{Ctx, ToolError, VendorError};
use serde_json::Value;

/// The Graph version used unless `--graph-version` / `WHATSAPP_GRAPH_VERSION` says otherwise
/// (the version of Meta's published OpenAPI description the requests follow).
pub const DEFAULT_GRAPH_VERSION: &str = "v23.0";

/// `/{version}/{phone_number_id}/{edge}`: the version from the server's setting (checked), the
/// phone number id as the numeric id it is.
pub fn phone_path(ctx: &Ctx, phone_number_id: &str, edge: &str) -> Result<String, ToolError> {
    let version = ctx
        .option("graph-version")
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .unwrap_or(DEFAULT_GRAPH_VERSION);
    if !is_version(version) {
        return Err(ToolError::invalid_input(format!(
            "the server's setting --graph-version (WHATSAPP_GRAPH_VERSION) must look like `v23.0`, not `{version}`; ask its operator to fix it"
        )));
    }
    let id = phone_number_id.trim();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "phone_number_id must be the numeric id of the business phone number (WhatsApp Manager → API Setup, e.g. `106540352242922`), not the phone number itself (got `{id}`)"
        )));
    }
    Ok(format!("/{version}/{id}/{edge}"))
}

/// `v` and a dotted number: `v23.0`.
fn is_version(v: &str) -> bool {
    v.strip_prefix('v')
        .and_then(|n| n.split_once('.'))
        .is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.chars().all(|c| c.is_ascii_digit())
                && b.chars().all(|c| c.is_ascii_digit())
        })
}

/// A recipient's phone number in international format (`+16505551234`, spaces and dashes
/// allowed), sent as digits with the country code.
pub fn recipient(to: &str) -> Result<String, ToolError> {
    let digits: String = to
        .trim()
        .trim_start_matches('+')
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.'))
        .collect();
    if digits.len() < 5 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "`to` must be the recipient's phone number with its country code, e.g. `+16505551234` (got `{}`)",
            to.trim()
        )));
    }
    Ok(digits)
}

const WINDOW: &str = "WhatsApp delivers free-form messages (whatsapp_send_text) only within 24 hours of the customer's last message to this business number. Outside that window, or to start a conversation, send an approved template with whatsapp_send_template; once the customer replies, free-form messages work again for 24 hours.";

/// Reads Graph's error body: the numeric code (with the subcode), the message with
/// `error_data.details`, and what to do for the Cloud API's codes.
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let err = body.get("error").filter(|e| e.is_object()).unwrap_or(body);
    let s = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let code = err.get("code").and_then(Value::as_i64);
    let subcode = err.get("error_subcode").and_then(Value::as_i64);
    let mut message = s(err.get("message"));
    let details = s(err.pointer("/error_data/details")).or_else(|| s(err.get("error_user_msg")));
    if let Some(d) = details {
        message = Some(match message {
            Some(m) if m != d => format!("{m}: {d}"),
            _ => d,
        });
    }
    let hint = code.and_then(|c| hint(c, subcode));
    VendorError {
        code: code.map(|c| match subcode {
            Some(sc) => format!("{c} (subcode {sc})"),
            None => c.to_string(),
        }),
        message,
        hint: hint.map(str::to_owned),
        // Throughput and app rate limits: nothing was sent, so a wait and retry is safe.
        rate_limited: matches!(code, Some(4 | 80007 | 130429)),
        missing_scopes: None,
    }
}

fn hint(code: i64, subcode: Option<i64>) -> Option<&'static str> {
    Some(match code {
        131047 => WINDOW,
        131026 => {
            "WhatsApp could not deliver to this number: it may not be on WhatsApp, may run an old WhatsApp version, or may not have accepted WhatsApp's current terms. Note also that free-form text reaches a customer only within 24 hours of their last message; otherwise only a template (whatsapp_send_template) can."
        }
        131051 => "that message type is not supported; send text or a template.",
        131056 => {
            "too many messages to this recipient in a short time (about one per 6 s): wait before sending to them again."
        }
        130429 | 80007 | 4 => "the number or app reached its messaging throughput: wait and retry.",
        131048 => {
            "this number is limited because earlier messages were blocked or reported as spam: check its quality rating in WhatsApp Manager."
        }
        131049 => {
            "Meta chose not to deliver this marketing message (per-user marketing limits): do not resend it right away; wait at least 24 hours."
        }
        131050 => "the recipient stopped marketing messages from this business: do not resend.",
        131021 => "the recipient is the sending business number itself.",
        131030 => {
            "a test business number only sends to numbers on its allowed list: add the recipient in the app's WhatsApp API Setup."
        }
        131031 | 368 => {
            "the WhatsApp Business Account is locked or restricted: see WhatsApp Manager."
        }
        131042 => {
            "the WhatsApp Business Account has a payment problem: check its payment method in Business Manager."
        }
        130497 => "this business may not message users in the recipient's country.",
        133010 => "the business phone number is not registered with the Cloud API.",
        132000 => "the number of parameters does not match the template's placeholders.",
        132001 => {
            "no approved template has that name in that language: check template_name and language_code (e.g. `en_US`) in WhatsApp Manager → Message templates."
        }
        132005 => "a parameter makes the template's text too long.",
        132007 => "the template's parameters break WhatsApp's formatting or content policy.",
        132012 => "a parameter does not have the format the template expects.",
        132015 | 132016 => {
            "the template is paused or disabled for low quality: use another template."
        }
        131008 | 131009 | 100 if subcode == Some(33) => {
            "phone_number_id does not exist or this token cannot use it: copy the id from WhatsApp Manager → API Setup."
        }
        131008 => "a required parameter is missing.",
        131009 => "a parameter value is not valid.",
        190 => {
            "the access token is invalid or expired (temporary tokens last 24 hours; use a system user token): send a fresh token."
        }
        10 | 200..=299 => {
            "the token lacks the whatsapp_business_messaging permission or access to this WhatsApp Business Account."
        }
        _ => return None,
    })
}
