//! Type references and the schema as the checks need it, from an introspection result or the
//! extract.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

/// A type reference: `Name`, `[T]`, `T!`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    Named(String),
    List(Box<Ty>),
    NonNull(Box<Ty>),
}

impl Ty {
    pub fn parse(s: &str) -> Option<Ty> {
        let s = s.trim();
        if let Some(inner) = s.strip_suffix('!') {
            return Some(Ty::NonNull(Box::new(Ty::parse(inner)?)));
        }
        if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            return Some(Ty::List(Box::new(Ty::parse(inner)?)));
        }
        (!s.is_empty()).then(|| Ty::Named(s.to_owned()))
    }

    pub fn base(&self) -> &str {
        match self {
            Ty::Named(n) => n,
            Ty::List(t) | Ty::NonNull(t) => t.base(),
        }
    }

    pub(super) fn nullable(&self) -> &Ty {
        match self {
            Ty::NonNull(t) => t,
            t => t,
        }
    }

    pub(super) fn show(&self) -> String {
        match self {
            Ty::Named(n) => n.clone(),
            Ty::List(t) => format!("[{}]", t.show()),
            Ty::NonNull(t) => format!("{}!", t.show()),
        }
    }
}

/// Whether a variable of type `var` may be passed where `arg` is expected.
pub(super) fn compatible(var: &Ty, arg: &Ty) -> bool {
    match (var, arg) {
        (Ty::NonNull(v), Ty::NonNull(a)) => compatible(v, a),
        (Ty::NonNull(v), a) => compatible(v, a),
        (_, Ty::NonNull(_)) => false,
        (Ty::List(v), Ty::List(a)) => compatible(v, a),
        (Ty::Named(v), Ty::Named(a)) => v == a,
        _ => false,
    }
}

/// The schema as the checks need it, read from an introspection result or the extract.
pub struct Schema {
    /// name -> type JSON in the extract's shape.
    pub(super) types: BTreeMap<String, Value>,
    pub(super) directives: BTreeMap<String, Map<String, Value>>,
}

fn ty_of(t: &Value) -> String {
    match t.get("kind").and_then(Value::as_str) {
        Some("NON_NULL") => format!("{}!", ty_of(&t["ofType"])),
        Some("LIST") => format!("[{}]", ty_of(&t["ofType"])),
        _ => t["name"].as_str().unwrap_or("?").to_owned(),
    }
}

impl Schema {
    /// From an introspection result (`{"data": {"__schema": ...}}`).
    pub fn from_introspection(v: &Value) -> Schema {
        let s = v.pointer("/data/__schema").unwrap_or(v);
        let mut types = BTreeMap::new();
        for t in s["types"].as_array().into_iter().flatten() {
            let name = t["name"].as_str().unwrap_or_default().to_owned();
            let mut o = json!({ "kind": t["kind"] });
            if let Some(fields) = t["fields"].as_array() {
                let mut m = Map::new();
                for f in fields {
                    let mut args = Map::new();
                    for a in f["args"].as_array().into_iter().flatten() {
                        args.insert(
                            a["name"].as_str().unwrap_or_default().into(),
                            json!(ty_of(&a["type"])),
                        );
                    }
                    let mut fo = json!({ "type": ty_of(&f["type"]), "args": args });
                    let gids: Map<String, Value> = f["args"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter(|a| a["gidTypes"].is_array())
                        .map(|a| {
                            (
                                a["name"].as_str().unwrap_or_default().to_owned(),
                                a["gidTypes"].clone(),
                            )
                        })
                        .collect();
                    if !gids.is_empty() {
                        fo["gids"] = Value::Object(gids);
                    }
                    if f["isDeprecated"] == true {
                        fo["deprecated"] = json!(true);
                    }
                    m.insert(f["name"].as_str().unwrap_or_default().into(), fo);
                }
                o["fields"] = Value::Object(m);
            }
            if let Some(fields) = t["inputFields"].as_array() {
                let mut m = Map::new();
                for f in fields {
                    m.insert(
                        f["name"].as_str().unwrap_or_default().into(),
                        json!(ty_of(&f["type"])),
                    );
                }
                o["inputFields"] = Value::Object(m);
                let gids: Map<String, Value> = fields
                    .iter()
                    .filter(|f| f["gidTypes"].is_array())
                    .map(|f| {
                        (
                            f["name"].as_str().unwrap_or_default().to_owned(),
                            f["gidTypes"].clone(),
                        )
                    })
                    .collect();
                if !gids.is_empty() {
                    o["inputGids"] = Value::Object(gids);
                }
            }
            if let Some(p) = t["possibleTypes"].as_array() {
                o["possibleTypes"] = p.iter().map(|p| p["name"].clone()).collect();
            }
            if let Some(e) = t["enumValues"].as_array() {
                o["enumValues"] = e.iter().map(|e| e["name"].clone()).collect();
            }
            types.insert(name, o);
        }
        let mut directives = BTreeMap::new();
        for d in s["directives"].as_array().into_iter().flatten() {
            let mut args = Map::new();
            for a in d["args"].as_array().into_iter().flatten() {
                args.insert(
                    a["name"].as_str().unwrap_or_default().into(),
                    json!(ty_of(&a["type"])),
                );
            }
            directives.insert(d["name"].as_str().unwrap_or_default().to_owned(), args);
        }
        Schema { types, directives }
    }

    /// From the extract this test keeps.
    pub fn from_extract(v: &Value) -> Schema {
        let types = v["types"]
            .as_object()
            .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        let directives = v["directives"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), v.as_object().cloned().unwrap_or_default()))
                    .collect()
            })
            .unwrap_or_default();
        Schema { types, directives }
    }

    pub(super) fn kind(&self, name: &str) -> Option<&str> {
        self.types.get(name).and_then(|t| t["kind"].as_str())
    }

    pub(super) fn is_leaf(&self, name: &str) -> bool {
        matches!(self.kind(name), Some("SCALAR" | "ENUM"))
    }
}
