//! What a statement does, read from its words (comments, strings and quoted names skipped),
//! and Snowflake identifiers written safely into the statements the tools build.

use mcp_shared::ToolError;

/// Statements that only read, by their first keyword.
const READ_FIRST: &[&str] = &[
    "SELECT", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "WITH", "LIST", "LS", "VALUES",
];

/// Words that make a statement change something wherever they appear outside strings,
/// comments and quoted names (a `WITH ... INSERT`, a `SELECT` that hides a second statement).
const WRITE_WORDS: &[&str] = &[
    "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "ALTER", "TRUNCATE", "COPY", "PUT",
    "REMOVE", "RM", "GRANT", "REVOKE", "UNDROP", "CALL", "EXECUTE", "USE", "BEGIN", "COMMIT",
    "ROLLBACK", "SET", "UNSET",
];

/// The words of a statement, upper case, outside comments (`--`, `//`, `/* */`), strings
/// (`'...'`, `$$...$$`) and quoted names (`"..."`); `;` is kept as a word of its own.
pub fn words(sql: &str) -> Vec<String> {
    let chars: Vec<char> = sql.chars().collect();
    let mut out = Vec::new();
    let mut word = String::new();
    let mut i = 0;
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            out.push(std::mem::take(word).to_ascii_uppercase());
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if (c == '-' && next == Some('-')) || (c == '/' && next == Some('/')) {
            flush(&mut word, &mut out);
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            flush(&mut word, &mut out);
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '\'' || c == '"' {
            flush(&mut word, &mut out);
            i += 1;
            while i < chars.len() {
                if chars[i] == '\\' && c == '\'' {
                    i += 2;
                    continue;
                }
                if chars[i] == c {
                    if chars.get(i + 1) == Some(&c) {
                        i += 2;
                        continue;
                    }
                    break;
                }
                i += 1;
            }
            i += 1;
        } else if c == '$' && next == Some('$') && word.is_empty() {
            i += 2;
            while i < chars.len() && !(chars[i] == '$' && chars.get(i + 1) == Some(&'$')) {
                i += 1;
            }
            i += 2;
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            word.push(c);
            i += 1;
        } else {
            flush(&mut word, &mut out);
            if c == ';' {
                out.push(";".to_owned());
            }
            i += 1;
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Why a statement is not read-only, or `None` when it only reads: its first keyword is one
/// of SELECT, SHOW, DESCRIBE, EXPLAIN, WITH, LIST, VALUES, no word that writes appears
/// outside strings, comments and quoted names, and it is one statement.
pub fn not_read_only(sql: &str) -> Option<String> {
    let w = words(sql);
    let mut it = w.iter().filter(|x| x.as_str() != ";");
    let Some(first) = it.next() else {
        return Some("the statement is empty".to_owned());
    };
    if !READ_FIRST.contains(&first.as_str()) {
        return Some(format!(
            "it starts with {first}, not with SELECT, SHOW, DESCRIBE, EXPLAIN or WITH"
        ));
    }
    if let Some(bad) = w.iter().find(|x| WRITE_WORDS.contains(&x.as_str())) {
        return Some(format!(
            "it contains {bad}, which changes data or the session"
        ));
    }
    if let Some(pos) = w.iter().position(|x| x == ";")
        && w.iter().skip(pos).any(|x| x != ";")
    {
        return Some("it holds more than one statement".to_owned());
    }
    None
}

/// The first keyword (upper case), for messages and the write tools' checks.
pub fn first_word(sql: &str) -> Option<String> {
    words(sql).into_iter().find(|x| x != ";")
}

/// Whether the statement creates a table: `CREATE [OR REPLACE] [LOCAL|GLOBAL]
/// [TEMP|TEMPORARY|VOLATILE|TRANSIENT] TABLE ...`.
pub fn is_create_table(sql: &str) -> bool {
    let w = words(sql);
    let mut it = w.iter().map(String::as_str).peekable();
    if it.next() != Some("CREATE") {
        return false;
    }
    if it.peek() == Some(&"OR") {
        it.next();
        if it.next() != Some("REPLACE") {
            return false;
        }
    }
    for word in it {
        match word {
            "LOCAL" | "GLOBAL" | "TEMP" | "TEMPORARY" | "VOLATILE" | "TRANSIENT" => {}
            "TABLE" => return true,
            _ => return false,
        }
    }
    false
}

fn is_plain(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

fn quoted_inner(name: &str) -> Option<String> {
    let inner = name.strip_prefix('"')?.strip_suffix('"')?;
    if inner.is_empty() {
        return None;
    }
    // Inside, a quote is only ever doubled.
    let unescaped = inner.replace("\"\"", "");
    (!unescaped.contains('"')).then(|| inner.replace("\"\"", "\""))
}

/// One identifier as SQL: a plain name (`sales_db`) as it is (Snowflake folds it to upper
/// case), a name already in double quotes as it is, any other name quoted with `"` doubled.
pub fn ident(name: &str, what: &str) -> Result<String, ToolError> {
    let n = name.trim();
    if n.is_empty() {
        return Err(ToolError::invalid_input(format!("`{what}` is empty")));
    }
    if n.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` holds control characters"
        )));
    }
    if is_plain(n) || quoted_inner(n).is_some() {
        return Ok(n.to_owned());
    }
    Ok(format!("\"{}\"", n.replace('"', "\"\"")))
}

/// The name as Snowflake stores it, for comparing with INFORMATION_SCHEMA: a plain name in
/// upper case, a quoted one as written inside its quotes.
pub fn stored_name(name: &str) -> String {
    let n = name.trim();
    if is_plain(n) {
        n.to_ascii_uppercase()
    } else {
        quoted_inner(n).unwrap_or_else(|| n.to_owned())
    }
}

/// Split `db.schema.table` at the dots outside double quotes.
pub fn split_qualified(name: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in name.trim().chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            '.' if !quoted => parts.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    parts.push(cur);
    parts.into_iter().map(|p| p.trim().to_owned()).collect()
}
