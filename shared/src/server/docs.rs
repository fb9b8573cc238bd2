//! The tool list as JSON (the `tools.json` snapshot), Markdown (README tables) and text.

use serde_json::Value;

use crate::call::declared::Profile;
use crate::server::McpServer;
use crate::server::spec::ServerSpec;

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

/// The profiles a server lists tools under, with how many tools each lists over every
/// toolset: the default first, then each named profile that lists at least one.
pub fn profiles(spec: &ServerSpec) -> Vec<(Profile, usize)> {
    let defs = (spec.tools)();
    [Profile::Default]
        .into_iter()
        .chain(Profile::NAMED)
        .map(|p| (p, defs.iter().filter(|d| d.profiles().contains(&p)).count()))
        .filter(|(p, n)| *p == Profile::Default || *n > 0)
        .collect()
}

/// The README section on a server's profiles (between `<!-- profiles:start -->` and
/// `<!-- profiles:end -->`): which Klavis directory each one replaces, the command, and its
/// tools. `None` when the server has no profile but the default.
pub fn profiles_markdown(spec: &'static ServerSpec) -> Option<String> {
    let named: Vec<(Profile, usize)> = profiles(spec)
        .into_iter()
        .filter(|(p, _)| *p != Profile::Default)
        .collect();
    if named.is_empty() {
        return None;
    }
    // What each profile lists as a benchmark starts it: every toolset, and the profile's own
    // defaults (GitHub's dynamic toolset tools).
    let listed: Vec<(Profile, Vec<String>)> = named
        .iter()
        .filter_map(|(p, _)| {
            let settings = crate::server::spec::Settings {
                toolsets: Some(vec!["all".to_owned()]),
                profile: *p,
                ..crate::server::spec::Settings::default()
            };
            let server = McpServer::new(spec, settings).ok()?;
            let names = server
                .tool_defs()
                .map(|d| format!("`{}`", d.mcp_tool().name))
                .collect();
            Some((*p, names))
        })
        .collect();
    let mut out = String::from(
        "| Profile | Replaces (Klavis directory) | Command | Tools |\n|---|---|---|---|\n",
    );
    for (p, names) in &listed {
        out.push_str(&format!(
            "| `{0}` | `{1}` | `{2} --profile {0} --toolsets all` | {3} |\n",
            p.name(),
            spec.klavis_directory(*p),
            spec.binary,
            names.len()
        ));
    }
    for (p, names) in &listed {
        out.push_str(&format!(
            "\n`--profile {}`: {}.\n",
            p.name(),
            names.join(", ")
        ));
    }
    Some(out)
}
