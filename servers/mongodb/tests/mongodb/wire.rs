//! A loopback MongoDB that speaks just enough of the wire protocol for the driver: the
//! handshake (`hello`/`isMaster` over legacy OP_QUERY and OP_MSG), `ping` and
//! `endSessions`, and then, per test, a list of expected command documents with the reply
//! each gets. A command is compared with its expectation after merging OP_MSG document
//! sequences into the body and removing the driver's session and routing bookkeeping
//! (`lsid`, `$clusterTime`, `$readPreference`); `$db` and every field of the command itself
//! are compared exactly. A command that does not match is answered with an error reply and
//! recorded, and [`Fake::assert_done`] fails the test with both documents.
//!
//! In an expected document the string `"<objectId>"` matches any ObjectId (ids the server
//! generates), and `"<any>"` any value.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use bson::{Bson, Document, doc};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const OP_REPLY: i32 = 1;
const OP_QUERY: i32 = 2004;
const OP_MSG: i32 = 2013;

#[derive(Default)]
struct Inner {
    expected: VecDeque<(Document, Document)>,
    failures: Vec<String>,
    /// Every non-handshake command, with the appName of the connection it came on.
    seen: Vec<(String, Document)>,
    /// Connections that completed a handshake.
    handshakes: Vec<String>,
}

pub struct Fake {
    addr: SocketAddr,
    inner: Arc<Mutex<Inner>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Fake {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Fake {
    pub async fn start() -> Fake {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let inner = Arc::new(Mutex::new(Inner::default()));
        let shared = inner.clone();
        let task = tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let inner = shared.clone();
                tokio::spawn(async move {
                    let _ = serve(socket, inner).await;
                });
            }
        });
        Fake { addr, inner, task }
    }

    /// A connection string for this fake (direct connection, short timeouts).
    pub fn uri(&self) -> String {
        format!("mongodb://{}/?directConnection=true", self.addr)
    }

    /// Expect `command` (its first key is the command name; include `$db`) next, answered
    /// with `reply`.
    pub fn expect(&self, command: Document, reply: Document) -> &Self {
        self.inner
            .lock()
            .unwrap()
            .expected
            .push_back((command, reply));
        self
    }

    /// The commands seen so far, with the appName of their connection.
    pub fn seen(&self) -> Vec<(String, Document)> {
        self.inner.lock().unwrap().seen.clone()
    }

    pub fn handshakes(&self) -> Vec<String> {
        self.inner.lock().unwrap().handshakes.clone()
    }

    /// Every expected command arrived, and nothing else.
    pub fn assert_done(&self) {
        let inner = self.inner.lock().unwrap();
        assert!(
            inner.failures.is_empty(),
            "the fake MongoDB saw commands it did not expect:\n{}",
            inner.failures.join("\n")
        );
        let left: Vec<String> = inner.expected.iter().map(|(c, _)| c.to_string()).collect();
        assert!(
            left.is_empty(),
            "expected commands never arrived:\n{}",
            left.join("\n")
        );
    }
}

/// `{ok: 0, errmsg, code, codeName}`, as the server answers a failed command.
pub fn error_reply(code: i32, code_name: &str, errmsg: &str) -> Document {
    doc! { "ok": 0.0, "errmsg": errmsg, "code": code, "codeName": code_name }
}

/// A cursor reply with every result in the first batch.
pub fn cursor_reply(ns: &str, docs: Vec<Document>) -> Document {
    doc! { "cursor": { "firstBatch": docs, "id": 0i64, "ns": ns }, "ok": 1.0 }
}

fn hello_reply() -> Document {
    doc! {
        "helloOk": true,
        "ismaster": true,
        "isWritablePrimary": true,
        "maxBsonObjectSize": 16_777_216,
        "maxMessageSizeBytes": 48_000_000,
        "maxWriteBatchSize": 100_000,
        "localTime": bson::DateTime::now(),
        "minWireVersion": 0,
        "maxWireVersion": 21,
        "readOnly": false,
        "ok": 1.0,
    }
}

fn matches(expected: &Bson, actual: &Bson) -> bool {
    match (expected, actual) {
        (Bson::String(s), _) if s == "<any>" => true,
        (Bson::String(s), Bson::ObjectId(_)) if s == "<objectId>" => true,
        (Bson::Document(e), Bson::Document(a)) => {
            e.len() == a.len()
                && e.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|av| matches(v, av)))
        }
        (Bson::Array(e), Bson::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(x, y)| matches(x, y))
        }
        // Numbers as the server compares them (the driver may send 1 as Int32 or Int64).
        (e, a) if number(e).is_some() && number(a).is_some() => number(e) == number(a),
        (e, a) => e == a,
    }
}

fn number(b: &Bson) -> Option<f64> {
    match b {
        Bson::Int32(v) => Some(f64::from(*v)),
        Bson::Int64(v) => Some(*v as f64),
        Bson::Double(v) => Some(*v),
        _ => None,
    }
}

fn command_name(d: &Document) -> String {
    d.keys().next().cloned().unwrap_or_default()
}

fn is_handshake(name: &str) -> bool {
    matches!(name, "hello" | "isMaster" | "ismaster")
}

/// The reply to one command from connection `app`.
fn answer(inner: &Mutex<Inner>, app: &mut String, mut cmd: Document) -> Document {
    let name = command_name(&cmd);
    if is_handshake(&name) {
        if let Ok(client) = cmd.get_document("client") {
            let a = client
                .get_document("application")
                .ok()
                .and_then(|a| a.get_str("name").ok())
                .unwrap_or_default()
                .to_owned();
            *app = a.clone();
            inner.lock().unwrap().handshakes.push(a);
        }
        return hello_reply();
    }
    if matches!(name.as_str(), "ping" | "endSessions") {
        return doc! { "ok": 1.0 };
    }
    for bookkeeping in ["lsid", "$clusterTime", "$readPreference"] {
        cmd.remove(bookkeeping);
    }
    let mut inner = inner.lock().unwrap();
    inner.seen.push((app.clone(), cmd.clone()));
    let Some((want, reply)) = inner.expected.pop_front() else {
        inner.failures.push(format!("unexpected command: {cmd}"));
        return error_reply(59, "CommandNotFound", "fake: no command expected");
    };
    if command_name(&want) != name
        || !matches(&Bson::Document(want.clone()), &Bson::Document(cmd.clone()))
    {
        inner
            .failures
            .push(format!("expected: {want}\n     got: {cmd}"));
        return error_reply(2, "BadValue", "fake: the command is not the expected one");
    }
    reply
}

async fn serve(mut socket: TcpStream, inner: Arc<Mutex<Inner>>) -> std::io::Result<()> {
    let mut app = String::new();
    loop {
        let mut header = [0u8; 16];
        socket.read_exact(&mut header).await?;
        let len = i32::from_le_bytes(header[0..4].try_into().unwrap()) as usize;
        let request_id = i32::from_le_bytes(header[4..8].try_into().unwrap());
        let op = i32::from_le_bytes(header[12..16].try_into().unwrap());
        let mut body = vec![0u8; len.saturating_sub(16)];
        socket.read_exact(&mut body).await?;
        match op {
            OP_QUERY => {
                // flags, full collection name (cstring), skip, return, query document.
                let mut at = 4;
                while body[at] != 0 {
                    at += 1;
                }
                at += 1 + 8;
                let mut query = Document::from_reader(&mut &body[at..]).unwrap_or_default();
                // A legacy query may wrap the command in `$query`.
                if let Ok(q) = query.get_document("$query") {
                    query = q.clone();
                }
                let reply = answer(&inner, &mut app, query);
                let mut out = Vec::new();
                out.extend(0i32.to_le_bytes()); // responseFlags
                out.extend(0i64.to_le_bytes()); // cursorID
                out.extend(0i32.to_le_bytes()); // startingFrom
                out.extend(1i32.to_le_bytes()); // numberReturned
                reply.to_writer(&mut out).unwrap();
                write(&mut socket, request_id, OP_REPLY, &out).await?;
            }
            OP_MSG => {
                let flags = u32::from_le_bytes(body[0..4].try_into().unwrap());
                let end = if flags & 1 == 1 {
                    body.len() - 4
                } else {
                    body.len()
                };
                let mut at = 4;
                let mut command = Document::new();
                let mut sequences: Vec<(String, Vec<Bson>)> = Vec::new();
                while at < end {
                    let kind = body[at];
                    at += 1;
                    if kind == 0 {
                        let size =
                            i32::from_le_bytes(body[at..at + 4].try_into().unwrap()) as usize;
                        command =
                            Document::from_reader(&mut &body[at..at + size]).unwrap_or_default();
                        at += size;
                    } else {
                        let size =
                            i32::from_le_bytes(body[at..at + 4].try_into().unwrap()) as usize;
                        let section_end = at + size;
                        let mut p = at + 4;
                        let start = p;
                        while body[p] != 0 {
                            p += 1;
                        }
                        let id = String::from_utf8_lossy(&body[start..p]).into_owned();
                        p += 1;
                        let mut docs = Vec::new();
                        while p < section_end {
                            let dsize =
                                i32::from_le_bytes(body[p..p + 4].try_into().unwrap()) as usize;
                            docs.push(Bson::Document(
                                Document::from_reader(&mut &body[p..p + dsize]).unwrap_or_default(),
                            ));
                            p += dsize;
                        }
                        sequences.push((id, docs));
                        at = section_end;
                    }
                }
                for (id, docs) in sequences {
                    command.insert(id, docs);
                }
                let reply = answer(&inner, &mut app, command);
                if flags & 2 == 2 {
                    continue; // moreToCome: no reply
                }
                let mut out = Vec::new();
                out.extend(0u32.to_le_bytes());
                out.push(0);
                reply.to_writer(&mut out).unwrap();
                write(&mut socket, request_id, OP_MSG, &out).await?;
            }
            _ => return Ok(()),
        }
    }
}

async fn write(
    socket: &mut TcpStream,
    response_to: i32,
    op: i32,
    body: &[u8],
) -> std::io::Result<()> {
    static NEXT: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(1);
    let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut msg = Vec::with_capacity(16 + body.len());
    msg.extend(((16 + body.len()) as i32).to_le_bytes());
    msg.extend(id.to_le_bytes());
    msg.extend(response_to.to_le_bytes());
    msg.extend(op.to_le_bytes());
    msg.extend(body);
    socket.write_all(&msg).await
}
