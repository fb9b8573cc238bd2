//! A small GraphQL checker: parses the server's operation documents and checks them, and the
//! variables the contract tests see, against Shopify's published Admin schema.
//!
//! The schema is `tests/shopify/admin-2026-10.extract.json`: the part of the introspection
//! result that npm `@shopify/dev-mcp@1.16.0` ships as `dist/data/admin_2026-10.json.gz`
//! (Shopify's own package) that the documents touch. Regenerate it with
//! `SHOPIFY_ADMIN_SCHEMA=/path/to/admin_2026-10.json cargo test -p shopify-mcp-server -- schema::every_document`
//! (the unpacked introspection JSON): the documents are then checked against the full schema
//! and the extract is rewritten.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------------------
// Types and the schema

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

    fn nullable(&self) -> &Ty {
        match self {
            Ty::NonNull(t) => t,
            t => t,
        }
    }

    fn show(&self) -> String {
        match self {
            Ty::Named(n) => n.clone(),
            Ty::List(t) => format!("[{}]", t.show()),
            Ty::NonNull(t) => format!("{}!", t.show()),
        }
    }
}

/// Whether a variable of type `var` may be passed where `arg` is expected.
fn compatible(var: &Ty, arg: &Ty) -> bool {
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
    types: BTreeMap<String, Value>,
    directives: BTreeMap<String, Map<String, Value>>,
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

    fn kind(&self, name: &str) -> Option<&str> {
        self.types.get(name).and_then(|t| t["kind"].as_str())
    }

    fn is_leaf(&self, name: &str) -> bool {
        matches!(self.kind(name), Some("SCALAR" | "ENUM"))
    }
}

// ---------------------------------------------------------------------------------------
// Parsing operation documents

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Punct(char),
    Spread,
    Str(String),
    Num(String),
}

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while let Some(&c) = chars.get(i) {
        if c.is_whitespace() || c == ',' {
            i += 1;
        } else if c == '#' {
            while chars.get(i).is_some_and(|c| *c != '\n') {
                i += 1;
            }
        } else if c == '.' {
            if chars.get(i + 1) == Some(&'.') && chars.get(i + 2) == Some(&'.') {
                out.push(Tok::Spread);
                i += 3;
            } else {
                return Err(format!("stray `.` at {i}"));
            }
        } else if "{}()[]:$!=@".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else if c == '"' {
            let mut s = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err("unterminated string".into()),
                    Some('"') => break,
                    Some('\\') => {
                        if let Some(n) = chars.get(i + 1) {
                            s.push(*n);
                        }
                        i += 2;
                    }
                    Some(ch) => {
                        s.push(*ch);
                        i += 1;
                    }
                }
            }
            i += 1;
            out.push(Tok::Str(s));
        } else if c.is_ascii_digit() || c == '-' {
            let mut s = String::new();
            while let Some(ch) = chars
                .get(i)
                .filter(|ch| ch.is_ascii_digit() || "-.eE".contains(**ch))
            {
                s.push(*ch);
                i += 1;
            }
            out.push(Tok::Num(s));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let mut s = String::new();
            while let Some(ch) = chars
                .get(i)
                .filter(|ch| ch.is_ascii_alphanumeric() || **ch == '_')
            {
                s.push(*ch);
                i += 1;
            }
            out.push(Tok::Name(s));
        } else {
            return Err(format!("unexpected `{c}`"));
        }
    }
    Ok(out)
}

#[derive(Debug, Clone)]
pub enum GValue {
    Var(String),
    Str,
    Num,
    Bool,
    Null,
    Enum(String),
    List(Vec<GValue>),
    Object(Vec<(String, GValue)>),
}

#[derive(Debug, Clone)]
pub struct Directive {
    name: String,
    args: Vec<(String, GValue)>,
}

#[derive(Debug, Clone)]
pub enum Selection {
    Field {
        name: String,
        args: Vec<(String, GValue)>,
        directives: Vec<Directive>,
        selection: Option<Vec<Selection>>,
    },
    Inline {
        on: String,
        selection: Vec<Selection>,
    },
}

#[derive(Debug, Clone)]
pub struct Operation {
    pub kind: String,
    pub name: String,
    pub vars: Vec<(String, Ty)>,
    pub selection: Vec<Selection>,
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn punct(&mut self, c: char) -> Result<(), String> {
        match self.next() {
            Some(Tok::Punct(p)) if p == c => Ok(()),
            other => Err(format!("expected `{c}`, found {other:?}")),
        }
    }
    fn is(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn name(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Tok::Name(n)) => Ok(n),
            other => Err(format!("expected a name, found {other:?}")),
        }
    }
    fn ty(&mut self) -> Result<Ty, String> {
        let t = if self.is('[') {
            self.punct('[')?;
            let inner = self.ty()?;
            self.punct(']')?;
            Ty::List(Box::new(inner))
        } else {
            Ty::Named(self.name()?)
        };
        if self.is('!') {
            self.punct('!')?;
            return Ok(Ty::NonNull(Box::new(t)));
        }
        Ok(t)
    }
    fn value(&mut self) -> Result<GValue, String> {
        match self.next() {
            Some(Tok::Punct('$')) => Ok(GValue::Var(self.name()?)),
            Some(Tok::Str(_)) => Ok(GValue::Str),
            Some(Tok::Num(_)) => Ok(GValue::Num),
            Some(Tok::Name(n)) => Ok(match n.as_str() {
                "true" | "false" => GValue::Bool,
                "null" => GValue::Null,
                _ => GValue::Enum(n),
            }),
            Some(Tok::Punct('[')) => {
                let mut items = Vec::new();
                while !self.is(']') {
                    items.push(self.value()?);
                }
                self.punct(']')?;
                Ok(GValue::List(items))
            }
            Some(Tok::Punct('{')) => {
                let mut fields = Vec::new();
                while !self.is('}') {
                    let k = self.name()?;
                    self.punct(':')?;
                    fields.push((k, self.value()?));
                }
                self.punct('}')?;
                Ok(GValue::Object(fields))
            }
            other => Err(format!("expected a value, found {other:?}")),
        }
    }
    fn args(&mut self) -> Result<Vec<(String, GValue)>, String> {
        let mut out = Vec::new();
        if self.is('(') {
            self.punct('(')?;
            while !self.is(')') {
                let k = self.name()?;
                self.punct(':')?;
                out.push((k, self.value()?));
            }
            self.punct(')')?;
        }
        Ok(out)
    }
    fn directives(&mut self) -> Result<Vec<Directive>, String> {
        let mut out = Vec::new();
        while self.is('@') {
            self.punct('@')?;
            let name = self.name()?;
            out.push(Directive {
                name,
                args: self.args()?,
            });
        }
        Ok(out)
    }
    fn selection_set(&mut self) -> Result<Vec<Selection>, String> {
        self.punct('{')?;
        let mut out = Vec::new();
        while !self.is('}') {
            if self.peek() == Some(&Tok::Spread) {
                self.next();
                match self.name()?.as_str() {
                    "on" => {}
                    other => {
                        return Err(format!(
                            "named fragment spreads are not used (`...{other}`)"
                        ));
                    }
                }
                let on = self.name()?;
                out.push(Selection::Inline {
                    on,
                    selection: self.selection_set()?,
                });
                continue;
            }
            let mut name = self.name()?;
            if self.is(':') {
                self.punct(':')?;
                name = self.name()?;
            }
            let args = self.args()?;
            let directives = self.directives()?;
            let selection = if self.is('{') {
                Some(self.selection_set()?)
            } else {
                None
            };
            out.push(Selection::Field {
                name,
                args,
                directives,
                selection,
            });
        }
        self.punct('}')?;
        Ok(out)
    }
}

/// The one operation of a document.
pub fn parse(doc: &str) -> Result<Operation, String> {
    let mut p = Parser {
        toks: lex(doc)?,
        pos: 0,
    };
    let kind = p.name()?;
    if kind != "query" && kind != "mutation" {
        return Err(format!("expected query or mutation, found `{kind}`"));
    }
    let name = p.name()?;
    let mut vars = Vec::new();
    if p.is('(') {
        p.punct('(')?;
        while !p.is(')') {
            p.punct('$')?;
            let v = p.name()?;
            p.punct(':')?;
            let t = p.ty()?;
            if p.is('=') {
                return Err(format!("${v}: default values are not used"));
            }
            vars.push((v, t));
        }
        p.punct(')')?;
    }
    let selection = p.selection_set()?;
    if p.peek().is_some() {
        return Err("text after the operation (one operation per document)".into());
    }
    Ok(Operation {
        kind,
        name,
        vars,
        selection,
    })
}

// ---------------------------------------------------------------------------------------
// Checking documents

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

// ---------------------------------------------------------------------------------------
// Checking variables

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
