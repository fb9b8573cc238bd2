//! IMAP sessions: opened per account (TLS, STARTTLS or plain), kept in the account's own pool
//! (never shared between credentials; idle ones closed by the pool), and the helpers every
//! tool uses: message ids (folder, UIDVALIDITY, UID), selecting a folder, fetching messages.

use std::time::Duration;

use async_imap::types::{Fetch, Mailbox};
use futures::TryStreamExt;
use mcp_shared::{Ctx, ErrorKind, ToolError};

use crate::account::{Account, Mail, Security};
use crate::net::{self, Stream};
pub use crate::net::{Conn, Imap};

/// How long one IMAP command may take.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);
/// Idle sessions kept per account.
const KEEP: usize = 2;

/// An IMAP failure as a tool error; never the credentials.
pub fn imap_error(what: &str, e: async_imap::error::Error) -> ToolError {
    use async_imap::error::Error;
    match e {
        Error::No(m) => ToolError::new(
            ErrorKind::Upstream,
            format!("The IMAP server refused to {what}: {}", m.trim()),
        ),
        Error::Bad(m) => ToolError::new(
            ErrorKind::Upstream,
            format!(
                "The IMAP server rejected the command to {what}: {}",
                m.trim()
            ),
        ),
        Error::Validate(v) => ToolError::invalid_input(format!(
            "Cannot {what}: a name holds a character IMAP does not allow ({v})."
        )),
        other => ToolError::transport(format!("The IMAP connection failed to {what}: {other}.")),
    }
}

async fn timed<T>(
    what: &str,
    f: impl std::future::Future<Output = Result<T, async_imap::error::Error>>,
) -> Result<T, ToolError> {
    match tokio::time::timeout(COMMAND_TIMEOUT, f).await {
        Ok(r) => r.map_err(|e| imap_error(what, e)),
        Err(_) => Err(ToolError::transport(format!(
            "The IMAP server did not answer in time to {what}."
        ))),
    }
}

/// Open and log in a new session.
async fn open(mail: &Mail, account: &Account) -> Result<Imap, ToolError> {
    let ep = &account.imap;
    let addrs = net::addresses(&mail.tenant_hosts, "IMAP", ep).await?;
    let tcp = net::tcp("IMAP", &addrs, ep.port).await?;
    let stream = match ep.security {
        Security::Tls => net::tls(&mail.extra_roots, "IMAP", &ep.host, tcp).await?,
        Security::Plain | Security::StartTls => Stream::Plain(tcp),
    };
    let mut client = async_imap::Client::new(stream);
    let greeting = tokio::time::timeout(net::CONNECT_TIMEOUT, client.read_response()).await;
    match greeting {
        Ok(Ok(Some(_))) => {}
        _ => {
            return Err(ToolError::transport(
                "The IMAP server sent no greeting: check the IMAP port and security (use_ssl, use_starttls).",
            ));
        }
    }
    if ep.security == Security::StartTls {
        timed(
            "start TLS",
            client.run_command_and_check_ok("STARTTLS", None),
        )
        .await?;
        let Stream::Plain(tcp) = client.into_inner() else {
            return Err(ToolError::transport("STARTTLS on a TLS connection"));
        };
        client = async_imap::Client::new(net::tls(&mail.extra_roots, "IMAP", &ep.host, tcp).await?);
    }
    let login = tokio::time::timeout(
        COMMAND_TIMEOUT,
        client.login(&account.email, account.password.expose()),
    )
    .await
    .map_err(|_| ToolError::transport("The IMAP server did not answer the login in time."))?;
    match login {
        Ok(s) => Ok(s),
        Err((async_imap::error::Error::No(m), _)) => Err(ToolError::new(
            ErrorKind::Upstream,
            format!(
                "The IMAP server refused the login of this account: {}",
                m.trim()
            ),
        )
        .with_hint("check `email` and `password` in the credentials.")),
        Err((e, _)) => Err(imap_error("log in", e)),
    }
}

/// A logged-in session of this call's account: an idle one of its pool that still answers,
/// or a new one. Give it back with [`release`] when the call went well.
pub async fn session(ctx: &Ctx) -> Result<(Imap, Account), ToolError> {
    let mail = Mail::of(ctx)?;
    let account = mail.account(ctx)?;
    let conn = mail
        .pools
        .get(&account.key, || async {
            Ok::<_, ToolError>(std::sync::Arc::new(Conn::default()))
        })
        .await?;
    loop {
        let Some(mut s) = conn.idle.lock().await.pop() else {
            break;
        };
        if tokio::time::timeout(Duration::from_secs(5), s.noop())
            .await
            .is_ok_and(|r| r.is_ok())
        {
            return Ok((s, account));
        }
    }
    Ok((open(mail, &account).await?, account))
}

/// Put a session back in its account's pool (or log it out when the pool is full).
pub async fn release(ctx: &Ctx, account: &Account, mut s: Imap) {
    let Ok(mail) = Mail::of(ctx) else { return };
    let Ok(conn) = mail
        .pools
        .get(&account.key, || async {
            Ok::<_, ToolError>(std::sync::Arc::new(Conn::default()))
        })
        .await
    else {
        return;
    };
    let mut idle = conn.idle.lock().await;
    if idle.len() < KEEP {
        idle.push(s);
    } else {
        drop(idle);
        let _ = tokio::time::timeout(Duration::from_secs(5), s.logout()).await;
    }
}

/// Give the session back when the call went well (a failed one may be in any state and is
/// dropped), and return the call's outcome.
pub async fn finish<T>(
    ctx: &Ctx,
    account: &Account,
    s: Imap,
    out: Result<T, ToolError>,
) -> Result<T, ToolError> {
    if out.is_ok() {
        release(ctx, account, s).await;
    }
    out
}

/// A message: its folder, the folder's UIDVALIDITY when known, and its UID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MsgId {
    pub folder: String,
    pub validity: Option<u32>,
    pub uid: u32,
}

impl MsgId {
    pub fn render(&self) -> String {
        match self.validity {
            Some(v) => format!("{}:{}:{}", self.folder, v, self.uid),
            None => format!("{}:{}", self.folder, self.uid),
        }
    }

    /// `FOLDER:UIDVALIDITY:UID` (as this server gives ids), or a bare UID in `folder`.
    pub fn parse(arg: &str, id: &str, folder: &str) -> Result<MsgId, ToolError> {
        let id = id.trim();
        let bad = || {
            ToolError::invalid_input(format!(
                "`{arg}` must be a message id as this server lists them (FOLDER:UIDVALIDITY:UID, e.g. INBOX:1700000000:42) or a UID in the folder; got `{}`.",
                id.chars().take(80).collect::<String>()
            ))
        };
        if let Ok(uid) = id.parse::<u32>() {
            return (uid > 0)
                .then(|| MsgId {
                    folder: folder.to_owned(),
                    validity: None,
                    uid,
                })
                .ok_or_else(bad);
        }
        let mut parts = id.rsplitn(3, ':');
        let uid = parts.next().and_then(|u| u.parse::<u32>().ok());
        let validity = parts.next().and_then(|v| v.parse::<u32>().ok());
        let folder = parts.next().filter(|f| !f.is_empty());
        match (folder, validity, uid) {
            (Some(f), Some(v), Some(u)) if u > 0 => Ok(MsgId {
                folder: f.to_owned(),
                validity: Some(v),
                uid: u,
            }),
            _ => Err(bad()),
        }
    }
}

/// Select `folder` (read-write, or read-only with `EXAMINE`), with a clear error when it does
/// not exist.
pub async fn select(s: &mut Imap, folder: &str, write: bool) -> Result<Mailbox, ToolError> {
    let r = if write {
        tokio::time::timeout(COMMAND_TIMEOUT, s.select(folder)).await
    } else {
        tokio::time::timeout(COMMAND_TIMEOUT, s.examine(folder)).await
    };
    match r {
        Ok(Ok(m)) => Ok(m),
        Ok(Err(async_imap::error::Error::No(m))) => Err(ToolError::new(
            ErrorKind::Upstream,
            format!("No folder `{folder}` in this mailbox ({}).", m.trim()),
        )
        .with_hint("list the folders with get_folders.")),
        Ok(Err(e)) => Err(imap_error(&format!("open folder `{folder}`"), e)),
        Err(_) => Err(ToolError::transport(format!(
            "The IMAP server did not open folder `{folder}` in time."
        ))),
    }
}

/// Select the folder of `ids` (all in one folder) and check their UIDVALIDITY.
pub async fn select_for(
    s: &mut Imap,
    ids: &[MsgId],
    write: bool,
) -> Result<(String, u32), ToolError> {
    let Some(first) = ids.first() else {
        return Err(ToolError::invalid_input("No message id given."));
    };
    if let Some(other) = ids.iter().find(|i| i.folder != first.folder) {
        return Err(ToolError::invalid_input(format!(
            "The ids name two folders (`{}` and `{}`): give ids of one folder per call.",
            first.folder, other.folder
        )));
    }
    let mb = select(s, &first.folder, write).await?;
    let validity = mb.uid_validity.unwrap_or(0);
    if let Some(stale) = ids
        .iter()
        .find(|i| i.validity.is_some_and(|v| v != validity))
    {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!(
                "The id {} is stale: folder `{}` was rebuilt (its UIDVALIDITY is now {validity}), so its UIDs name other messages.",
                stale.render(),
                first.folder
            ),
        )
        .with_hint("list the folder again (get_emails) for current ids."));
    }
    Ok((first.folder.clone(), validity))
}

/// `UID FETCH` of `uids` with `items`, in the order of `uids`.
pub async fn fetch(s: &mut Imap, uids: &[u32], items: &str) -> Result<Vec<Fetch>, ToolError> {
    if uids.is_empty() {
        return Ok(Vec::new());
    }
    let set = uid_set(uids);
    let got: Vec<Fetch> = timed("fetch messages", async {
        s.uid_fetch(&set, items).await?.try_collect().await
    })
    .await?;
    let mut got = got;
    got.sort_by_key(|f| {
        uids.iter()
            .position(|u| Some(*u) == f.uid)
            .unwrap_or(usize::MAX)
    });
    Ok(got)
}

pub fn uid_set(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The full message (`BODY.PEEK[]`, not marking it read) of one UID, or not found.
pub async fn fetch_one(s: &mut Imap, id: &MsgId, items: &str) -> Result<Fetch, ToolError> {
    let set = id.uid.to_string();
    let got: Vec<Fetch> = timed("fetch the message", async {
        s.uid_fetch(&set, items).await?.try_collect().await
    })
    .await?;
    got.into_iter()
        .find(|f| f.uid == Some(id.uid))
        .ok_or_else(|| not_found(id))
}

/// One message read in a session of its own, its folder selected read-only: the folder, its
/// UIDVALIDITY and the message's `items`.
pub async fn fetch_alone(
    ctx: &Ctx,
    id: &MsgId,
    items: &str,
) -> Result<(String, u32, Fetch), ToolError> {
    let (mut s, acct) = session(ctx).await?;
    let out = async {
        let (folder, validity) = select_for(&mut s, std::slice::from_ref(id), false).await?;
        let f = fetch_one(&mut s, id, items).await?;
        Ok((folder, validity, f))
    }
    .await;
    finish(ctx, &acct, s, out).await
}

pub fn not_found(id: &MsgId) -> ToolError {
    ToolError::new(
        ErrorKind::Upstream,
        format!(
            "No message {} in folder `{}` (deleted or moved?).",
            id.render(),
            id.folder
        ),
    )
    .with_hint("list the folder (get_emails) for current ids.")
}

/// `UID SEARCH`, newest first.
pub async fn search(s: &mut Imap, query: &str) -> Result<Vec<u32>, ToolError> {
    let set = timed("search", s.uid_search(query)).await?;
    let mut v: Vec<u32> = set.into_iter().collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    Ok(v)
}

pub async fn command(s: &mut Imap, what: &str, cmd: &str) -> Result<(), ToolError> {
    timed(what, s.run_command_and_check_ok(cmd)).await
}

/// Remove the messages of UID set `set` from the selected folder for good: flag them
/// `\Deleted` (`mark` says what that does, for errors), then expunge just those (`expunge`).
pub async fn expunge(s: &mut Imap, set: &str, mark: &str, expunge: &str) -> Result<(), ToolError> {
    command(
        s,
        mark,
        &format!("UID STORE {set} +FLAGS.SILENT (\\Deleted)"),
    )
    .await?;
    command(s, expunge, &format!("UID EXPUNGE {set}")).await
}

/// Append a message to `folder` with `flags` (e.g. `(\Draft \Seen)`); its UID when the
/// server tells it (UIDPLUS), else the newest UID of the folder.
pub async fn append(
    s: &mut Imap,
    folder: &str,
    flags: Option<&str>,
    raw: &[u8],
) -> Result<MsgId, ToolError> {
    append_only(s, folder, flags, raw).await?;
    let mb = select(s, folder, false).await?;
    let uid = search(s, "ALL").await?.first().copied().unwrap_or(0);
    Ok(MsgId {
        folder: folder.to_owned(),
        validity: mb.uid_validity,
        uid,
    })
}

/// Append a message to `folder` without looking up its UID.
pub async fn append_only(
    s: &mut Imap,
    folder: &str,
    flags: Option<&str>,
    raw: &[u8],
) -> Result<(), ToolError> {
    timed(
        &format!("save the message in `{folder}`"),
        s.append(folder, flags, None, raw),
    )
    .await
}

/// Quote a string for an IMAP command (search terms, names).
pub fn quote(s: &str) -> String {
    let clean: String = s.chars().filter(|c| *c != '\r' && *c != '\n').collect();
    format!("\"{}\"", clean.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The folders of the mailbox (LIST "" "*"), with their special-use attributes.
pub async fn folders(s: &mut Imap) -> Result<Vec<(String, Vec<String>)>, ToolError> {
    let names: Vec<async_imap::types::Name> = timed("list folders", async {
        s.list(Some(""), Some("*")).await?.try_collect().await
    })
    .await?;
    Ok(names
        .iter()
        .map(|n| {
            (
                n.name().to_owned(),
                n.attributes().iter().map(|a| format!("{a:?}")).collect(),
            )
        })
        .collect())
}

/// The folder with a special-use attribute (`Drafts`, `Sent`), else the first existing of
/// `names`; `None` when there is none.
pub async fn special(
    s: &mut Imap,
    attribute: &str,
    names: &[&str],
) -> Result<Option<String>, ToolError> {
    let all = folders(s).await?;
    if let Some((n, _)) = all
        .iter()
        .find(|(_, attrs)| attrs.iter().any(|a| a.contains(attribute)))
    {
        return Ok(Some(n.clone()));
    }
    Ok(names
        .iter()
        .find(|want| all.iter().any(|(n, _)| n.eq_ignore_ascii_case(want)))
        .map(|w| {
            all.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(w))
                .map(|(n, _)| n.clone())
                .unwrap_or_default()
        }))
}
