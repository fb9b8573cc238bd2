//! The CSV text the atlas tools answer with: a header row of the Go field names korotovsky's
//! server writes (gocsv without `csv` tags), fields quoted as Go's `encoding/csv` quotes them,
//! and the next page's cursor in the `Cursor` column of the last row.

/// One message row: `UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Cursor`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct MessageRow {
    pub user_id: String,
    pub user_name: String,
    pub real_name: String,
    pub channel: String,
    pub thread_ts: String,
    pub text: String,
    pub time: String,
    pub cursor: String,
}

/// One channel row: `ID,Name,Topic,Purpose,MemberCount,Cursor`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ChannelRow {
    pub id: String,
    pub name: String,
    pub topic: String,
    pub purpose: String,
    pub member_count: u64,
    pub cursor: String,
}

const MESSAGE_HEADER: [&str; 8] = [
    "UserID", "UserName", "RealName", "Channel", "ThreadTs", "Text", "Time", "Cursor",
];
const CHANNEL_HEADER: [&str; 6] = ["ID", "Name", "Topic", "Purpose", "MemberCount", "Cursor"];

/// Messages as CSV. A next-page cursor goes in the last row; when the page has a cursor but
/// no row (every message filtered out), a row with only the cursor carries it.
pub fn messages(mut rows: Vec<MessageRow>, next: Option<String>) -> String {
    if let Some(c) = next.filter(|c| !c.is_empty()) {
        match rows.last_mut() {
            Some(last) => last.cursor = c,
            None => rows.push(MessageRow {
                cursor: c,
                ..MessageRow::default()
            }),
        }
    }
    let mut out = String::new();
    record(&mut out, &MESSAGE_HEADER);
    for r in &rows {
        record(
            &mut out,
            &[
                &r.user_id,
                &r.user_name,
                &r.real_name,
                &r.channel,
                &r.thread_ts,
                &r.text,
                &r.time,
                &r.cursor,
            ],
        );
    }
    out
}

/// Channels as CSV, the next-page cursor in the last row.
pub fn channels(mut rows: Vec<ChannelRow>, next: Option<String>) -> String {
    if let (Some(c), Some(last)) = (next.filter(|c| !c.is_empty()), rows.last_mut()) {
        last.cursor = c;
    }
    let mut out = String::new();
    record(&mut out, &CHANNEL_HEADER);
    for r in &rows {
        let count = r.member_count.to_string();
        record(
            &mut out,
            &[&r.id, &r.name, &r.topic, &r.purpose, &count, &r.cursor],
        );
    }
    out
}

/// One record, `\n`-terminated.
fn record<S: AsRef<str>>(out: &mut String, fields: &[S]) {
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(out, f.as_ref());
    }
    out.push('\n');
}

/// A field, quoted when Go's `encoding/csv` would quote it: it holds a comma, a quote, CR or
/// LF, it starts with white space, or it is `\.`; quotes inside are doubled.
fn field(out: &mut String, f: &str) {
    let quote = f == r"\."
        || f.contains([',', '"', '\r', '\n'])
        || f.chars().next().is_some_and(char::is_whitespace);
    if !quote {
        out.push_str(f);
        return;
    }
    out.push('"');
    for c in f.chars() {
        if c == '"' {
            out.push('"');
        }
        out.push(c);
    }
    out.push('"');
}
