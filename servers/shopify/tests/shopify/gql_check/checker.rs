//! Checking documents against the schema, and writing the extract of what they touch.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::parse::{GValue, Selection, parse};
use super::schema::{Schema, Ty, compatible};

/// What a check touched, for writing the extract.
#[derive(Default)]
pub struct Touched {
    fields: BTreeMap<String, BTreeSet<String>>,
    types: BTreeSet<String>,
    directives: BTreeSet<String>,
}

pub struct Checker<'a> {
    pub schema: &'a Schema,
    pub errors: Vec<String>,
    pub touched: Touched,
    op: String,
    vars: Vec<(String, Ty)>,
    used: BTreeSet<String>,
}

impl<'a> Checker<'a> {
    pub fn new(schema: &'a Schema) -> Self {
        Checker {
            schema,
            errors: Vec::new(),
            touched: Touched::default(),
            op: String::new(),
            vars: Vec::new(),
            used: BTreeSet::new(),
        }
    }

    fn err(&mut self, msg: String) {
        self.errors.push(format!("{}: {msg}", self.op));
    }

    /// Check one document; errors go to `self.errors`.
    pub fn check(&mut self, op_name: &str, doc: &str) {
        self.op = op_name.to_owned();
        let op = match parse(doc) {
            Ok(op) => op,
            Err(e) => return self.err(format!("does not parse: {e}")),
        };
        if op.name != op_name {
            self.err(format!("the document names `{}`", op.name));
        }
        self.vars = op.vars.clone();
        self.used.clear();
        for (v, t) in &op.vars {
            self.touch_input(t.base());
            if !matches!(
                self.schema.kind(t.base()),
                Some("SCALAR" | "ENUM" | "INPUT_OBJECT")
            ) {
                self.err(format!(
                    "${v}: `{}` is not an input type of the schema",
                    t.show()
                ));
            }
        }
        let root = if op.kind == "query" {
            "QueryRoot"
        } else {
            "Mutation"
        };
        self.selection(root, &op.selection);
        for (v, _) in &op.vars {
            if !self.used.contains(v) {
                self.err(format!("${v} is declared but not used"));
            }
        }
    }

    /// Record an input type and every type reachable from its fields.
    fn touch_input(&mut self, name: &str) {
        if !self.touched.types.insert(name.to_owned()) {
            return;
        }
        let inner: Vec<String> = self
            .schema
            .types
            .get(name)
            .and_then(|t| t["inputFields"].as_object())
            .map(|m| {
                m.values()
                    .filter_map(|t| t.as_str().and_then(Ty::parse).map(|t| t.base().to_owned()))
                    .collect()
            })
            .unwrap_or_default();
        for t in inner {
            self.touch_input(&t);
        }
    }

    fn selection(&mut self, parent: &str, sel: &[Selection]) {
        let Some(t) = self.schema.types.get(parent).cloned() else {
            return self.err(format!("type `{parent}` is not in the schema"));
        };
        self.touched.types.insert(parent.to_owned());
        if sel.is_empty() {
            self.err(format!("empty selection on `{parent}`"));
        }
        for s in sel {
            match s {
                Selection::Inline { on, selection } => {
                    let possible = t["possibleTypes"]
                        .as_array()
                        .is_some_and(|p| p.iter().any(|p| p == on.as_str()));
                    if on != parent && !possible {
                        self.err(format!("`... on {on}` is not a type `{parent}` can be"));
                    }
                    self.selection(on, selection);
                }
                Selection::Field {
                    name,
                    args,
                    directives,
                    selection,
                } => {
                    if name == "__typename" {
                        continue;
                    }
                    let Some(f) = t["fields"].get(name).cloned() else {
                        self.err(format!("`{parent}.{name}` is not a field of the schema"));
                        continue;
                    };
                    self.touched
                        .fields
                        .entry(parent.to_owned())
                        .or_default()
                        .insert(name.clone());
                    if f["deprecated"] == true {
                        self.err(format!("`{parent}.{name}` is deprecated"));
                    }
                    let declared: Map<String, Value> =
                        f["args"].as_object().cloned().unwrap_or_default();
                    for (a, v) in args {
                        match declared.get(a).and_then(Value::as_str).and_then(Ty::parse) {
                            None => self.err(format!("`{parent}.{name}` has no argument `{a}`")),
                            Some(ty) => self.value(&format!("{parent}.{name}({a})"), v, &ty),
                        }
                    }
                    for (a, ty) in &declared {
                        let required = ty.as_str().is_some_and(|t| t.ends_with('!'));
                        if required && !args.iter().any(|(k, _)| k == a) {
                            self.err(format!("`{parent}.{name}` needs argument `{a}`"));
                        }
                    }
                    for d in directives {
                        let Some(dargs) = self.schema.directives.get(&d.name).cloned() else {
                            self.err(format!("directive @{} is not in the schema", d.name));
                            continue;
                        };
                        self.touched.directives.insert(d.name.clone());
                        for (a, v) in &d.args {
                            match dargs.get(a).and_then(Value::as_str).and_then(Ty::parse) {
                                None => self.err(format!("@{} has no argument `{a}`", d.name)),
                                Some(ty) => self.value(&format!("@{}({a})", d.name), v, &ty),
                            }
                        }
                    }
                    let Some(fty) = f["type"].as_str().and_then(Ty::parse) else {
                        continue;
                    };
                    let base = fty.base().to_owned();
                    match (self.schema.is_leaf(&base), selection) {
                        (true, Some(_)) => {
                            self.err(format!("`{parent}.{name}` is a {base}: no selection"))
                        }
                        (true, None) => {
                            self.touched.types.insert(base);
                        }
                        (false, None) => self.err(format!(
                            "`{parent}.{name}` is a {base}: it needs a selection"
                        )),
                        (false, Some(s)) => self.selection(&base, s),
                    }
                }
            }
        }
    }

    /// An argument value against the type it must have.
    fn value(&mut self, at: &str, v: &GValue, ty: &Ty) {
        match v {
            GValue::Var(name) => {
                self.used.insert(name.clone());
                match self
                    .vars
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, t)| t.clone())
                {
                    None => self.err(format!("{at}: ${name} is not declared")),
                    Some(vt) if !compatible(&vt, ty) => self.err(format!(
                        "{at}: ${name} is {} but the argument is {}",
                        vt.show(),
                        ty.show()
                    )),
                    Some(_) => {}
                }
            }
            GValue::Null => {
                if matches!(ty, Ty::NonNull(_)) {
                    self.err(format!("{at}: null for {}", ty.show()));
                }
            }
            GValue::List(items) => match ty.nullable() {
                Ty::List(inner) => {
                    let inner = (**inner).clone();
                    for i in items {
                        self.value(at, i, &inner);
                    }
                }
                other => self.err(format!("{at}: a list for {}", other.show())),
            },
            GValue::Enum(e) => {
                let base = ty.base().to_owned();
                self.touched.types.insert(base.clone());
                let ok = self
                    .schema
                    .types
                    .get(&base)
                    .and_then(|t| t["enumValues"].as_array())
                    .is_some_and(|vals| vals.iter().any(|x| x == e.as_str()));
                if !ok {
                    self.err(format!("{at}: `{e}` is not a value of {base}"));
                }
            }
            GValue::Str | GValue::Num | GValue::Bool => {
                if !matches!(self.schema.kind(ty.base()), Some("SCALAR")) {
                    self.err(format!("{at}: a literal for {}", ty.show()));
                }
            }
            GValue::Object(fields) => {
                let base = ty.base().to_owned();
                self.touch_input(&base);
                let input = self
                    .schema
                    .types
                    .get(&base)
                    .and_then(|t| t["inputFields"].as_object())
                    .cloned()
                    .unwrap_or_default();
                for (k, fv) in fields {
                    match input.get(k).and_then(Value::as_str).and_then(Ty::parse) {
                        None => self.err(format!("{at}: {base} has no field `{k}`")),
                        Some(t) => self.value(at, fv, &t),
                    }
                }
            }
        }
    }

    /// The extract: the touched part of the schema.
    pub fn extract(&self, source: &str) -> Value {
        let mut types = Map::new();
        for name in &self.touched.types {
            let Some(t) = self.schema.types.get(name) else {
                continue;
            };
            let mut o = json!({ "kind": t["kind"] });
            if let Some(fields) = t["fields"].as_object() {
                let keep = self.touched.fields.get(name);
                let m: Map<String, Value> = fields
                    .iter()
                    .filter(|(k, _)| keep.is_some_and(|s| s.contains(*k)))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                o["fields"] = Value::Object(m);
            }
            for k in ["inputFields", "inputGids", "possibleTypes", "enumValues"] {
                if !t[k].is_null() {
                    o[k] = t[k].clone();
                }
            }
            types.insert(name.clone(), o);
        }
        let directives: Map<String, Value> = self
            .touched
            .directives
            .iter()
            .filter_map(|d| {
                self.schema
                    .directives
                    .get(d)
                    .map(|a| (d.clone(), Value::Object(a.clone())))
            })
            .collect();
        json!({ "source": source, "types": types, "directives": directives })
    }
}
