//! Parsing operation documents: the lexer, the parsed operation and its selections.

use super::schema::Ty;

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
    pub name: String,
    pub args: Vec<(String, GValue)>,
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
