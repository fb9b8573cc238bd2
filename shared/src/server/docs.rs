//! The tool list as JSON (the `tools.json` snapshot), Markdown (README tables) and text.

use serde_json::Value;

use crate::server::McpServer;

/// The MCP `tools/list` entries, pretty JSON with a trailing newline, object keys sorted: the
/// same text whichever way the build orders JSON maps (a dependency such as `bson` turns on
/// serde_json's `preserve_order` for the whole workspace build).
pub fn tools_json(server: &McpServer) -> String {
    let tools: Vec<Value> = server
        .tools()
        .iter()
        .map(|t| sorted(serde_json::to_value(t).unwrap_or(Value::Null)))
        .collect();
    let mut s = serde_json::to_string_pretty(&tools).unwrap_or_default();
    s.push('\n');
    s
}

/// `v` with the keys of every object in sorted order.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

fn first_sentence(text: &str) -> String {
    let text = text.split("\n\n").next().unwrap_or("").replace('\n', " ");
    let bytes = text.as_bytes();
    let end = text
        .match_indices(". ")
        .map(|(i, _)| i)
        .find(|&i| bytes.get(i + 2).is_some_and(u8::is_ascii_uppercase))
        .map(|i| i + 1)
        .unwrap_or(text.len());
    text.get(..end).unwrap_or(&text).trim().replace('|', "\\|")
}

/// A Markdown table of the tools: name, toolset (and whether it is on by default), what it
/// does, annotations.
pub fn tools_markdown(server: &McpServer) -> String {
    let mut out = String::from(
        "| Tool | Toolset | On by default | Description | Read-only | Destructive | Idempotent |\n|---|---|---|---|---|---|---|\n",
    );
    let spec = server.spec();
    for def in server.tool_defs() {
        let default = spec
            .toolsets
            .iter()
            .find(|t| t.name == def.toolset_name())
            .is_some_and(|t| t.default);
        let t = def.mcp_tool();
        let a = t.annotations.clone().unwrap_or_default();
        let yes = |b: Option<bool>| if b.unwrap_or(false) { "yes" } else { "no" };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} | {} |\n",
            t.name,
            def.toolset_name(),
            if default { "yes" } else { "no" },
            first_sentence(t.description.as_deref().unwrap_or("")),
            yes(a.read_only_hint),
            yes(a.destructive_hint),
            yes(a.idempotent_hint),
        ));
    }
    out
}

/// One line per tool.
pub fn tools_text(server: &McpServer) -> String {
    let mut out = String::new();
    for def in server.tool_defs() {
        let t = def.mcp_tool();
        let ro = if def.effect() == crate::tool::Effect::Read {
            " [read-only]"
        } else {
            ""
        };
        out.push_str(&format!(
            "{} ({}){ro}: {}\n",
            t.name,
            def.toolset_name(),
            first_sentence(t.description.as_deref().unwrap_or(""))
        ));
    }
    out
}
