//! The list sessions of `channels_listVideos` and `channels_navigateList` (`--profile
//! toolathlon`): a channel's uploads in an order, held by the server between calls and read in
//! pages by a `listId`.
//!
//! - Held in the server's process state (`toolathlon::make_state`, reached with `ctx.state`), never in a
//!   global: at most [`MAX_LISTS`] lists, [`MAX_PER_CALLER`] per caller, each dropped an hour
//!   ([`TTL`]) after its last use; the least recently used make room.
//! - A `listId` is `list_` and 128 random bits (32 hex digits): not guessable.
//! - Each list belongs to the caller that made it: it keeps a SHA-256 of the caller's
//!   credential object (never the credential), and answers every other caller as if it did
//!   not exist, so one tenant can never read or even detect another tenant's list.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use mcp_shared::{Ctx, ErrorKind, ToolError};
use ring::rand::{SecureRandom as _, SystemRandom};

/// Lists the server holds at most.
pub const MAX_LISTS: usize = 256;
/// Lists one caller holds at most (its least recently used makes room for a new one).
pub const MAX_PER_CALLER: usize = 32;
/// A list unused for this long is gone.
pub const TTL: Duration = Duration::from_secs(60 * 60);

/// Who made a list: a SHA-256 of the caller's credential object.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Owner([u8; 32]);

impl Owner {
    /// The caller of this call; the missing-credentials error without credentials.
    pub fn of(ctx: &Ctx) -> Result<Self, ToolError> {
        let creds = ctx
            .credentials()
            .ok_or_else(|| ctx.missing_field("access_token", &["access_token", "api_key"]))?;
        let digest = ring::digest::digest(&ring::digest::SHA256, creds.fingerprint().as_bytes());
        <[u8; 32]>::try_from(digest.as_ref())
            .map(Owner)
            .map_err(|_| ToolError::new(ErrorKind::Internal, "SHA-256 gave no 32 bytes"))
    }
}

struct Entry<L> {
    owner: Owner,
    used: Instant,
    list: Arc<tokio::sync::Mutex<L>>,
}

/// The lists of every caller, by `listId`.
pub struct Lists<L> {
    entries: Mutex<HashMap<String, Entry<L>>>,
    max: usize,
    per_caller: usize,
    ttl: Duration,
    random: SystemRandom,
}

impl<L> Lists<L> {
    pub fn new(max: usize, per_caller: usize, ttl: Duration) -> Self {
        Self {
            entries: Mutex::default(),
            max: max.max(1),
            per_caller: per_caller.max(1),
            ttl,
            random: SystemRandom::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry<L>>> {
        // Every change is one insert or remove: a poisoned map is still consistent.
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keep `list` for `owner`; its new `listId`.
    pub fn insert(
        &self,
        owner: Owner,
        list: L,
    ) -> Result<(String, Arc<tokio::sync::Mutex<L>>), ToolError> {
        let mut bytes = [0u8; 16];
        self.random.fill(&mut bytes).map_err(|_| {
            ToolError::new(
                ErrorKind::Internal,
                "the system's random number generator failed; no list was made",
            )
        })?;
        let id = format!(
            "list_{}",
            bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
        let list = Arc::new(tokio::sync::Mutex::new(list));
        let now = Instant::now();
        let mut entries = self.lock();
        entries.retain(|_, e| now.duration_since(e.used) < self.ttl);
        let oldest = |entries: &HashMap<String, Entry<L>>, of: Option<Owner>| {
            entries
                .iter()
                .filter(|(_, e)| of.is_none_or(|o| e.owner == o))
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
        };
        if entries.values().filter(|e| e.owner == owner).count() >= self.per_caller
            && let Some(k) = oldest(&entries, Some(owner))
        {
            entries.remove(&k);
        }
        if entries.len() >= self.max
            && let Some(k) = oldest(&entries, None)
        {
            entries.remove(&k);
        }
        entries.insert(
            id.clone(),
            Entry {
                owner,
                used: now,
                list: list.clone(),
            },
        );
        Ok((id, list))
    }

    /// `owner`'s list `id`, while it lasts (its last use is now); `None` for an unknown or
    /// expired id and for another caller's list alike.
    pub fn get(&self, owner: Owner, id: &str) -> Option<Arc<tokio::sync::Mutex<L>>> {
        let now = Instant::now();
        let mut entries = self.lock();
        entries.retain(|_, e| now.duration_since(e.used) < self.ttl);
        let e = entries.get_mut(id).filter(|e| e.owner == owner)?;
        e.used = now;
        Some(e.list.clone())
    }
}
