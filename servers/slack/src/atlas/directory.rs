//! What names refer to: the workspace's users (`users.list`), for the user names of message
//! rows and `@user` arguments, and its conversations (`conversations.list`), for `#channel`
//! and `@user` DM names. Read for the call that needs them; nothing is kept between calls.

use mcp_shared::pagination::Pages;
use mcp_shared::{Ctx, Secret, ToolError};
use serde_json::Value;

use crate::api::{self, Form};

/// Pages of 1000 users read at most (20,000 users).
const USER_PAGES: usize = 20;
/// Pages of 999 conversations read at most.
const CONVERSATION_PAGES: usize = 50;

/// A user of the workspace.
#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub name: String,
    pub real_name: String,
    pub display_name: String,
}

/// The users of the workspace.
#[derive(Debug, Default, Clone)]
pub struct Users(Vec<User>);

impl Users {
    /// `(UserName, RealName)` of a user ID; the ID twice when the user is unknown (a bot, a
    /// user of another workspace), as korotovsky's server writes it.
    pub fn names(&self, id: &str) -> (String, String) {
        match self.0.iter().find(|u| u.id == id) {
            Some(u) => (u.name.clone(), u.real_name.clone()),
            None => (id.to_owned(), id.to_owned()),
        }
    }

    /// The user called `name` (without `@`): their handle, else their display name, else
    /// their real name, ignoring case.
    pub fn find(&self, name: &str) -> Option<&User> {
        let same = |a: &str| !a.is_empty() && a.eq_ignore_ascii_case(name);
        self.0
            .iter()
            .find(|u| same(&u.name))
            .or_else(|| self.0.iter().find(|u| same(&u.display_name)))
            .or_else(|| self.0.iter().find(|u| same(&u.real_name)))
    }
}

fn text(v: &Value, pointer: &str) -> String {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// The workspace's users, every page (`users.list`, 1000 a page).
pub async fn users(ctx: &Ctx, token: &Secret) -> Result<Users, ToolError> {
    let mut out = Vec::new();
    let mut pages = Pages::with_cap(USER_PAGES);
    let mut cursor: Option<String> = None;
    loop {
        let form = Form::new()
            .set("limit", 1000)
            .opt("cursor", cursor.as_deref());
        let v = api::read_as(ctx, token, "users.list", form).await?;
        for m in v
            .get("members")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let real = match text(m, "/real_name") {
                r if r.is_empty() => text(m, "/profile/real_name"),
                r => r,
            };
            out.push(User {
                id: text(m, "/id"),
                name: text(m, "/name"),
                real_name: real,
                display_name: text(m, "/profile/display_name"),
            });
        }
        let next = v
            .pointer("/response_metadata/next_cursor")
            .and_then(Value::as_str);
        match pages.next(next) {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    Ok(Users(out))
}

/// The unarchived conversations of these types (`conversations.list`, 999 a page), and a note
/// when the page cap stopped the reading early.
pub async fn conversations(
    ctx: &Ctx,
    token: &Secret,
    types: &str,
) -> Result<(Vec<Value>, Option<String>), ToolError> {
    let mut out = Vec::new();
    let mut pages = Pages::with_cap(CONVERSATION_PAGES);
    let mut cursor: Option<String> = None;
    loop {
        let form = Form::new()
            .set("types", types)
            .set("exclude_archived", true)
            .set("limit", 999)
            .opt("cursor", cursor.as_deref());
        let v = api::read_as(ctx, token, "conversations.list", form).await?;
        if let Some(a) = v.get("channels").and_then(Value::as_array) {
            out.extend(a.iter().cloned());
        }
        let next = v
            .pointer("/response_metadata/next_cursor")
            .and_then(Value::as_str);
        match pages.next(next) {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    Ok((out, pages.note()))
}

/// Whether a conversation is called `name` (its name or normalised name, ignoring case).
fn named(c: &Value, name: &str) -> bool {
    ["name", "name_normalized"].iter().any(|k| {
        c.get(*k)
            .and_then(Value::as_str)
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
    })
}

fn id_of(c: &Value) -> Option<String> {
    c.get("id").and_then(Value::as_str).map(str::to_owned)
}

/// The conversation ID `channel_id` names: an ID as it is; `#name` a channel's; `@user` the
/// DM with that user, or `@name` a group DM's. With the users, when it read them.
pub async fn channel_id(
    ctx: &Ctx,
    token: &Secret,
    raw: &str,
) -> Result<(String, Option<Users>), ToolError> {
    let raw = raw.trim();
    if let Some(name) = raw.strip_prefix('#') {
        let (chans, _) = conversations(ctx, token, "public_channel,private_channel").await?;
        return chans
            .iter()
            .find(|c| named(c, name))
            .and_then(id_of)
            .map(|id| (id, None))
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "channel `{raw}` not found among the unarchived channels this token can see"
                ))
                .with_hint("give the channel's ID (C...), or list them with channels_list.")
            });
    }
    let Some(name) = raw.strip_prefix('@') else {
        return Ok((raw.to_owned(), None));
    };
    let users = users(ctx, token).await?;
    if let Some(u) = users.find(name) {
        let (ims, _) = conversations(ctx, token, "im").await?;
        let dm = ims
            .iter()
            .find(|c| c.get("user").and_then(Value::as_str) == Some(u.id.as_str()))
            .and_then(id_of);
        return dm.map(|id| (id, Some(users.clone()))).ok_or_else(|| {
            ToolError::invalid_input(format!("this token has no DM with `{raw}` ({})", u.id))
                .with_hint(
                    "list DMs with channels_list (channel_types `im`) and give the ID (D...).",
                )
        });
    }
    let (mpims, _) = conversations(ctx, token, "mpim").await?;
    mpims
        .iter()
        .find(|c| named(c, name))
        .and_then(id_of)
        .map(|id| (id, Some(users)))
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "no user and no group DM is called `{raw}` in this workspace"
            ))
            .with_hint("give a conversation ID (C..., D..., G...), `#channel` or `@user`.")
        })
}
