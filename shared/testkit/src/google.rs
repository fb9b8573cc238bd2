//! Fakes of Google APIs' own answers, for the Google servers' tests.

use serde_json::{Value, json};
use wiremock::ResponseTemplate;

/// The API whose error a fake answers with: its `googleapis.com` service, the RPC method
/// named in the error's `ErrorInfo`, and whether its errors carry the legacy `errors` list
/// (the v3-era APIs: Gmail, Calendar, Drive) besides `status`.
pub struct GoogleApi {
    pub service: &'static str,
    pub method: &'static str,
    pub legacy_errors: bool,
}

/// Google's 403 for a token without the OAuth scope a method needs: the `WWW-Authenticate`
/// header naming the scope, and the error body with its `ErrorInfo` detail.
pub fn insufficient_scope(api: &GoogleApi, scope: &str) -> ResponseTemplate {
    let mut error = json!({
        "code": 403,
        "message": "Request had insufficient authentication scopes.",
        "status": "PERMISSION_DENIED",
        "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
            "domain": "googleapis.com",
            "metadata": {"service": api.service, "method": api.method}
        }]
    });
    if api.legacy_errors {
        error["errors"] = json!([{"message": "Insufficient Permission", "domain": "global", "reason": "insufficientPermissions"}]);
    }
    ResponseTemplate::new(403)
        .insert_header(
            "www-authenticate",
            format!(
                "Bearer realm=\"https://accounts.google.com/\", error=\"insufficient_scope\", scope=\"{scope}\""
            )
            .as_str(),
        )
        .set_body_json(json!({ "error": error }))
}

/// A Google error body: `{"error": {code, message, status}}`, with the legacy `errors` list
/// when `reason` is given.
pub fn google_error(code: u16, status: &str, reason: Option<&str>, message: &str) -> Value {
    let mut error = json!({"code": code, "message": message, "status": status});
    if let Some(reason) = reason {
        error["errors"] = json!([{"message": message, "domain": "global", "reason": reason}]);
    }
    json!({ "error": error })
}
