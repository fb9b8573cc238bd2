//! Hostile arguments: every parameter of every tool given null, the wrong type and worse.

use mcp_shared::ServerSpec;
use mcp_shared::tool::limits::declared_types;
use serde_json::{Value, json};
use wiremock::ResponseTemplate;

use super::{SmokeRun, Upstream, secrets_of, smoke};
use crate::TestServer;

/// One hostile call: a tool, the parameter under test and its hostile value among plausible
/// values for the other required parameters.
struct Case {
    tool: String,
    param: String,
    kind: &'static str,
    wrong_type: bool,
    /// The tool's other parameters, as a message would name them (`` `name` ``).
    others: Vec<String>,
    args: serde_json::Map<String, Value>,
}

/// One hostile value for one parameter, and whether the tool must refuse it as a bad argument
/// (a value of the wrong JSON type for a parameter of one declared type).
struct Hostile {
    value: Value,
    kind: &'static str,
    wrong_type: bool,
}

/// A plausible value for a required parameter (so that the parameter under test is reached).
fn plausible(prop: &Value) -> Value {
    if let Some(first) = prop
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return first.clone();
    }
    if let Some(c) = prop.get("const") {
        return c.clone();
    }
    match declared_types(prop).first().map(String::as_str) {
        Some("integer" | "number") => json!(1),
        Some("boolean") => json!(true),
        Some("array") => json!([]),
        Some("object") => json!({}),
        Some("null") => Value::Null,
        _ => json!("x1"),
    }
}

/// The hostile values for a parameter of this schema: null, the wrong type, huge and negative
/// numbers, a 100,000-character string, multibyte and control characters, a right-to-left
/// override, path traversal, a cloud-metadata URL, deep nesting and a mixed array.
fn hostile_values(prop: &Value) -> Vec<Hostile> {
    let types = declared_types(prop);
    let single = (types.len() == 1).then(|| types[0].as_str());
    let takes = |t: &str| {
        types.is_empty()
            || types
                .iter()
                .any(|x| x == t || (t == "integer" && x == "number"))
    };
    let mut deep = json!("bottom");
    for _ in 0..100 {
        deep = json!([deep]);
    }
    let mut out = vec![Hostile {
        value: Value::Null,
        kind: "null",
        wrong_type: false,
    }];
    let wrong = match single {
        Some("string") => Some(json!(12345)),
        Some("integer" | "number") => Some(json!("not-a-number")),
        Some("boolean") => Some(json!("yes")),
        Some("array") => Some(json!("not-an-array")),
        Some("object") => Some(json!("not-an-object")),
        _ => None,
    };
    if let Some(value) = wrong {
        out.push(Hostile {
            value,
            kind: "wrong type",
            wrong_type: true,
        });
    }
    let plain = |value: Value, kind: &'static str| Hostile {
        value,
        kind,
        wrong_type: false,
    };
    if takes("integer") || takes("number") {
        out.push(plain(json!(1e308), "huge number"));
        out.push(plain(json!(9_007_199_254_740_993_u64), "huge integer"));
        out.push(plain(json!(-1), "negative number"));
        out.push(plain(json!(i64::MIN), "most negative integer"));
        out.push(plain(json!(0.5), "fraction"));
    }
    if takes("string") {
        out.push(plain(
            Value::String("A".repeat(100_000)),
            "100,000 characters",
        ));
        out.push(plain(json!("éééx"), "multibyte"));
        out.push(plain(json!("日本語👩‍👩‍👧"), "CJK and emoji"));
        out.push(plain(
            json!("\u{202E}evil\u{0000}\u{0007}\r\n\t"),
            "bidi override and control characters",
        ));
        out.push(plain(json!("../../../../etc/passwd"), "path traversal"));
        out.push(plain(
            json!("http://169.254.169.254/latest/meta-data/"),
            "metadata URL",
        ));
        out.push(plain(json!(""), "empty string"));
    }
    out.push(plain(deep, "deep nesting"));
    out.push(plain(json!([1, "a", null, {}, [], true]), "mixed array"));
    out.push(plain(json!({"a": {"b": [null]}}), "object"));
    out
}

/// Every tool of every toolset, each parameter in turn given each hostile value (the others
/// plausible), against a fake vendor that answers everything with the smoke call's body: every
/// call gets a JSON-RPC reply, none is the internal error of a panic, none carries a
/// credential, and a value of the wrong type is refused with a message that names the
/// parameter.
pub async fn check_hostile_arguments(spec: &'static ServerSpec, manifest_dir: &str) {
    check_hostile_arguments_in(spec, manifest_dir, mcp_shared::Profile::Default).await;
}

/// [`check_hostile_arguments`] for the tools one profile lists.
pub async fn check_hostile_arguments_in(
    spec: &'static ServerSpec,
    manifest_dir: &str,
    profile: mcp_shared::Profile,
) {
    use futures::StreamExt as _;
    let smoke = smoke(manifest_dir);
    let answer = match &smoke.upstream {
        Upstream::Http(body) => Some(ResponseTemplate::new(200).set_body_json(body.clone())),
        _ => None,
    };
    let run = SmokeRun::start_answering(spec, smoke, answer).await;
    let mut settings = run.settings();
    settings.toolsets = Some(vec!["all".to_owned()]);
    settings.profile = profile;
    settings.upstream_timeout = std::time::Duration::from_secs(2);
    settings.poll_interval = Some(std::time::Duration::from_millis(5));
    let server = TestServer::start(spec, settings).await;
    let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let secrets = secrets_of(&run.credentials);
    let mut cases = Vec::new();
    for tool in server.server.tools() {
        let schema = Value::Object((*tool.input_schema).clone());
        let props = schema["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let base: serde_json::Map<String, Value> = props
            .iter()
            .filter(|(k, _)| required.contains(&k.as_str()))
            .map(|(k, p)| (k.clone(), plausible(p)))
            .collect();
        for (param, prop) in &props {
            for h in hostile_values(prop) {
                let mut args = base.clone();
                args.insert(param.clone(), h.value);
                let others: Vec<String> = props
                    .keys()
                    .filter(|k| *k != param)
                    .map(|k| format!("`{k}`"))
                    .collect();
                cases.push(Case {
                    tool: tool.name.to_string(),
                    param: param.clone(),
                    kind: h.kind,
                    wrong_type: h.wrong_type,
                    others,
                    args,
                });
            }
        }
    }
    let total = cases.len();
    let failures: Vec<String> = futures::stream::iter(cases)
        .map(|c| {
            let client = &client;
            let secrets = &secrets;
            async move {
                let Case {
                    tool,
                    param,
                    kind,
                    wrong_type,
                    others,
                    args,
                } = c;
                let what = format!("{tool}({param} = {kind})");
                let text = match client.call_unchecked(&tool, args).await {
                    Ok(r) => {
                        let text = crate::text_of(&r);
                        if r.is_error != Some(true) {
                            return None;
                        }
                        text
                    }
                    Err(rmcp::ServiceError::McpError(e)) => e.message.to_string(),
                    Err(e) => return Some(format!("{what}: no JSON-RPC reply ({e})")),
                };
                if text.contains("internal error in") {
                    return Some(format!("{what}: the handler panicked: {text}"));
                }
                if let Some(s) = secrets.iter().find(|s| text.contains(s.as_str())) {
                    return Some(format!(
                        "{what}: a credential in the reply ({} chars)",
                        s.len()
                    ));
                }
                // Refused as a bad argument: the message names the parameter (or another one
                // of the tool's, when the plausible value given to that one was refused first).
                let named = text.contains(&param) || others.iter().any(|o| text.contains(o));
                if wrong_type && text.contains("invalid arguments") && !named {
                    return Some(format!("{what}: the error does not name `{param}`: {text}"));
                }
                None
            }
        })
        .buffer_unordered(8)
        .filter_map(|f| async move { f })
        .collect()
        .await;
    client.close().await;
    server.stop().await;
    assert!(
        failures.is_empty(),
        "{} of {total} hostile calls failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
