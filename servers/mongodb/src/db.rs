//! The database side: one driver client per tenant connection string, commands run as
//! documents, replies turned into relaxed Extended JSON, driver errors into clear messages.

use std::sync::Arc;
use std::time::Duration;

use bson::{Bson, Document, doc};
use mcp_shared::{Ctx, ErrorKind, Pools, Secret, Settings, State, TokenCache, ToolError};
use mongodb::Client;
use mongodb::options::ClientOptions;
use serde_json::{Map, Value};

/// Most documents a tool returns; more are cut with a note.
pub const MAX_DOCUMENTS: u64 = 100;

/// The server's process state.
pub struct Backends {
    /// One driver client (with its own connection pool) per connection string.
    clients: Arc<Pools<Client>>,
    /// How long a call waits for a reachable server.
    selection_timeout: Duration,
    /// The Atlas service-account access tokens, per client id and secret, with their expiry.
    pub atlas_tokens: TokenCache,
}

pub fn make_state(settings: &Settings) -> Result<State, String> {
    let ms = match settings.option("server-selection-timeout-ms") {
        Some(v) => v.trim().parse::<u64>().map_err(|_| {
            format!(
                "MONGODB_SERVER_SELECTION_TIMEOUT_MS must be a number of milliseconds, not `{v}`"
            )
        })?,
        None => 5000,
    };
    Ok(Arc::new(Backends {
        clients: Pools::new(64, Duration::from_secs(300)),
        selection_timeout: Duration::from_millis(ms.max(1)),
        atlas_tokens: TokenCache::default(),
    }))
}

/// The driver client for `uri` (a connection string the caller gave).
pub async fn client_for(ctx: &Ctx, uri: &Secret) -> Result<Client, ToolError> {
    let backends = ctx.state::<Backends>()?;
    let timeout = backends.selection_timeout;
    backends
        .clients
        .get(uri, || async {
            let mut opts = ClientOptions::parse(uri.expose())
                .await
                .map_err(|e| driver_error(&e, uri).context("The connection string was refused"))?;
            if opts.server_selection_timeout.is_none() {
                opts.server_selection_timeout = Some(timeout);
            }
            if opts.connect_timeout.is_none() {
                opts.connect_timeout = Some(timeout);
            }
            if opts.max_pool_size.is_none() {
                opts.max_pool_size = Some(10);
            }
            if opts.app_name.is_none() {
                opts.app_name = Some(format!("mongodb-mcp-server/{}", env!("CARGO_PKG_VERSION")));
            }
            Client::with_options(opts).map_err(|e| driver_error(&e, uri))
        })
        .await
}

/// Run one command on `db` and return its reply.
pub async fn run(ctx: &Ctx, db: &str, command: Document) -> Result<Document, ToolError> {
    let uri = ctx.connection()?;
    let client = client_for(ctx, &uri).await?;
    run_on(&client, &uri, db, command).await
}

pub async fn run_on(
    client: &Client,
    uri: &Secret,
    db: &str,
    command: Document,
) -> Result<Document, ToolError> {
    client
        .database(db)
        .run_command(command)
        .await
        .map_err(|e| driver_error(&e, uri))
}

/// The documents of a cursor reply (`cursor.firstBatch`), reading further batches while the
/// cursor stays open, up to `max`; an open cursor left then is killed. Returns the documents
/// and whether more were left.
pub async fn drain(
    ctx: &Ctx,
    db: &str,
    collection: &str,
    reply: Document,
    max: usize,
) -> Result<(Vec<Document>, bool), ToolError> {
    let mut cursor = reply.get_document("cursor").cloned().unwrap_or_default();
    let mut docs: Vec<Document> = batch(&cursor, "firstBatch");
    loop {
        let id = cursor_id(&cursor);
        if id == 0 {
            let more = docs.len() > max;
            docs.truncate(max);
            return Ok((docs, more));
        }
        if docs.len() >= max {
            run(ctx, db, doc! { "killCursors": collection, "cursors": [id] }).await?;
            docs.truncate(max);
            return Ok((docs, true));
        }
        let next = run(ctx, db, doc! { "getMore": id, "collection": collection }).await?;
        cursor = next.get_document("cursor").cloned().unwrap_or_default();
        docs.extend(batch(&cursor, "nextBatch"));
    }
}

fn cursor_id(cursor: &Document) -> i64 {
    match cursor.get("id") {
        Some(Bson::Int64(v)) => *v,
        Some(Bson::Int32(v)) => i64::from(*v),
        _ => 0,
    }
}

fn batch(cursor: &Document, key: &str) -> Vec<Document> {
    cursor
        .get_array(key)
        .map(|a| a.iter().filter_map(|b| b.as_document().cloned()).collect())
        .unwrap_or_default()
}

/// A document as relaxed Extended JSON.
pub fn to_json(d: Document) -> Value {
    Bson::Document(d).into_relaxed_extjson()
}

pub fn docs_json(docs: Vec<Document>) -> Value {
    Value::Array(docs.into_iter().map(to_json).collect())
}

/// An argument given as (Extended) JSON, as a BSON document.
pub fn document(v: &Map<String, Value>, what: &str) -> Result<Document, ToolError> {
    match Bson::try_from(Value::Object(v.clone())) {
        Ok(Bson::Document(d)) => Ok(d),
        Ok(_) => Err(ToolError::invalid_input(format!(
            "`{what}` must be a JSON object."
        ))),
        Err(e) => Err(ToolError::invalid_input(format!(
            "`{what}` is not valid Extended JSON: {e}."
        ))),
    }
}

pub fn documents(v: &[Map<String, Value>], what: &str) -> Result<Vec<Bson>, ToolError> {
    v.iter()
        .enumerate()
        .map(|(i, d)| document(d, &format!("{what}[{i}]")).map(Bson::Document))
        .collect()
}

/// A numeric field of a reply as an integer (the server answers Int32, Int64 or Double).
pub fn int(d: &Document, key: &str) -> Option<i64> {
    match d.get(key)? {
        Bson::Int32(v) => Some(i64::from(*v)),
        Bson::Int64(v) => Some(*v),
        Bson::Double(v) => Some(*v as i64),
        _ => None,
    }
}

/// `name` must be usable as a database or collection name.
pub fn check_name(name: &str, what: &str) -> Result<(), ToolError> {
    if name.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty."
        )));
    }
    if name.contains('\0') {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not contain a NUL character."
        )));
    }
    Ok(())
}

/// A driver error as a tool error, with the connection string's password never in it.
pub fn driver_error(e: &mongodb::error::Error, uri: &Secret) -> ToolError {
    use mongodb::error::ErrorKind as K;
    let clean = |s: String| redact(&s, uri.expose());
    match e.kind.as_ref() {
        K::Command(c) => ToolError::new(
            ErrorKind::Upstream,
            clean(format!("MongoDB error {} ({}): {}", c.code, c.code_name, c.message)),
        )
        .with_code(c.code_name.clone())
        .with_hint(command_hint(c.code)),
        K::Write(mongodb::error::WriteFailure::WriteError(w)) => ToolError::new(
            ErrorKind::Upstream,
            clean(format!("MongoDB write error {}: {}", w.code, w.message)),
        ),
        K::Authentication { message, .. } => ToolError::new(
            ErrorKind::Upstream,
            clean(format!("MongoDB refused the credentials of the connection string: {message}")),
        )
        .with_hint("check the user name, password and authSource of the connection string."),
        K::ServerSelection { message, .. } => ToolError::transport(clean(format!(
            "Cannot reach a MongoDB server for this connection string: {message}"
        )))
        .with_hint(
            "check the host and port, that the server runs and accepts this address (Atlas: the project's IP access list), and TLS options.",
        ),
        K::InvalidArgument { message, .. } => ToolError::invalid_input(clean(format!(
            "Invalid MongoDB request or connection string: {message}"
        ))),
        K::DnsResolve { message, .. } => ToolError::transport(clean(format!(
            "The connection string's host could not be resolved: {message}"
        ))),
        _ => ToolError::transport(clean(format!("MongoDB call failed: {e}"))),
    }
}

fn command_hint(code: i32) -> &'static str {
    match code {
        13 => "the database user of the connection string lacks the privilege for this command.",
        18 => "authentication failed: check the connection string's user, password and authSource.",
        26 => {
            "the database or collection does not exist; list them with list-databases / list-collections."
        }
        48 => "a collection of that name exists already.",
        59 => "the server does not know this command (check the server version).",
        11000 => "a document with that unique key exists already.",
        _ => "see the MongoDB error code reference for this code.",
    }
}

/// `text` without the connection string and without its password.
pub fn redact(text: &str, uri: &str) -> String {
    let mut out = text.replace(uri, "[connection string]");
    if let Some(password) = password_of(uri)
        && password.len() >= 3
    {
        out = out.replace(password, "[redacted]");
        if let Some(decoded) = percent_decode(password)
            && decoded.len() >= 3
        {
            out = out.replace(&decoded, "[redacted]");
        }
    }
    out
}

fn password_of(uri: &str) -> Option<&str> {
    let rest = uri.split_once("://")?.1;
    let (userinfo, _) = rest.rsplit_once('@')?;
    Some(userinfo.split_once(':')?.1)
}

fn percent_decode(s: &str) -> Option<String> {
    url::form_urlencoded::parse(format!("x={s}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
}

/// A note for results cut to `max` documents.
pub fn cut_note(max: usize, how: &str) -> String {
    format!("Only the first {max} documents are returned; {how}.")
}
