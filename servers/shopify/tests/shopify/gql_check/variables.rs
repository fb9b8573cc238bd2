//! Checking the variables the contract tests see against the declared types and the
//! schema's input types.

use std::collections::BTreeMap;

use serde_json::Value;

use super::parse::{GValue, Selection, parse};
use super::schema::{Schema, Ty};

/// Check the variables of `doc` against its declared types and the schema's input types:
/// every input field the server sends exists, required ones are there, enums are valid.
pub fn check_variables(schema: &Schema, doc: &str, vars: &Value) -> Vec<String> {
    let op = match parse(doc) {
        Ok(op) => op,
        Err(e) => return vec![format!("does not parse: {e}")],
    };
    let mut errors = Vec::new();
    let given = vars.as_object().cloned().unwrap_or_default();
    for k in given.keys() {
        if !op.vars.iter().any(|(n, _)| n == k) {
            errors.push(format!("variable ${k} is not declared by {}", op.name));
        }
    }
    let root = if op.kind == "query" {
        "QueryRoot"
    } else {
        "Mutation"
    };
    let mut var_gids = BTreeMap::new();
    gid_args(schema, root, &op.selection, &mut var_gids);
    for (name, ty) in &op.vars {
        let v = given.get(name).unwrap_or(&Value::Null);
        let gids = var_gids.get(name);
        input_value(schema, &format!("${name}"), v, ty, gids, &mut errors);
    }
    errors
}

/// The gid types (`gidTypes`) of the arguments the document passes variables to.
fn gid_args(schema: &Schema, parent: &str, sel: &[Selection], out: &mut BTreeMap<String, Value>) {
    let Some(t) = schema.types.get(parent) else {
        return;
    };
    for s in sel {
        match s {
            Selection::Inline { on, selection } => gid_args(schema, on, selection, out),
            Selection::Field {
                name,
                args,
                selection,
                ..
            } => {
                let f = &t["fields"][name.as_str()];
                for (a, v) in args {
                    if let (GValue::Var(var), Some(g)) = (v, f["gids"].get(a)) {
                        out.insert(var.clone(), g.clone());
                    }
                }
                if let (Some(sub), Some(base)) = (selection, f["type"].as_str().and_then(Ty::parse))
                {
                    gid_args(schema, base.base(), sub, out);
                }
            }
        }
    }
}

fn input_value(
    schema: &Schema,
    at: &str,
    v: &Value,
    ty: &Ty,
    gids: Option<&Value>,
    errors: &mut Vec<String>,
) {
    match (ty, v) {
        (Ty::NonNull(_), Value::Null) => errors.push(format!("{at}: required ({})", ty.show())),
        (_, Value::Null) => {}
        (Ty::NonNull(t), v) => input_value(schema, at, v, t, gids, errors),
        (Ty::List(t), Value::Array(items)) => {
            for (i, it) in items.iter().enumerate() {
                input_value(schema, &format!("{at}[{i}]"), it, t, gids, errors);
            }
        }
        (Ty::List(t), v) => input_value(schema, at, v, t, gids, errors),
        (Ty::Named(n), v) => {
            let Some(t) = schema.types.get(n) else {
                return errors.push(format!("{at}: type {n} is not in the schema"));
            };
            match t["kind"].as_str() {
                Some("INPUT_OBJECT") => {
                    let Some(o) = v.as_object() else {
                        return errors.push(format!("{at}: {n} must be an object"));
                    };
                    let fields = t["inputFields"].as_object().cloned().unwrap_or_default();
                    for (k, fv) in o {
                        match fields.get(k).and_then(Value::as_str).and_then(Ty::parse) {
                            None => errors.push(format!("{at}: {n} has no field `{k}`")),
                            Some(ft) => {
                                let g = t["inputGids"].get(k);
                                input_value(schema, &format!("{at}.{k}"), fv, &ft, g, errors)
                            }
                        }
                    }
                    for (k, ft) in &fields {
                        if ft.as_str().is_some_and(|s| s.ends_with('!')) && !o.contains_key(k) {
                            errors.push(format!("{at}: {n}.{k} is required"));
                        }
                    }
                }
                Some("ENUM") => {
                    let ok = v.as_str().is_some_and(|s| {
                        t["enumValues"]
                            .as_array()
                            .is_some_and(|vals| vals.iter().any(|x| x == s))
                    });
                    if !ok {
                        errors.push(format!("{at}: {v} is not a value of {n}"));
                    }
                }
                _ => {
                    let ok = match n.as_str() {
                        "Int" => v.as_i64().is_some(),
                        "Float" => v.is_number(),
                        "Boolean" => v.is_boolean(),
                        // ID, String, Decimal, Money, DateTime, URL, HTML, JSON-like scalars
                        // travel as strings.
                        _ => v.is_string(),
                    };
                    if !ok {
                        errors.push(format!("{at}: {v} is not a {n}"));
                    }
                    // An id argument or field that takes gids of given types (Shopify's
                    // `gidTypes`): `gid://shopify/<Type>/<id>` of one of them.
                    if let (Some(kinds), Some(id)) = (gids.and_then(Value::as_array), v.as_str()) {
                        let kind = id
                            .strip_prefix("gid://shopify/")
                            .and_then(|r| r.split('/').next())
                            .unwrap_or("");
                        // `Node` (the `node` query) takes any type's gid.
                        if !kinds.iter().any(|k| k == kind || k == "Node") {
                            errors.push(format!("{at}: `{id}` is not a gid of {kinds:?}"));
                        }
                    }
                }
            }
        }
    }
}
