//! Contact search over the Google People API, as a tool any Google server can offer (Gmail and
//! Calendar do: to find the addresses to write to or invite). The server declares
//! [`super::PEOPLE_API`] among its extra APIs.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use mcp_shared::content::json::{at, pick};
use mcp_shared::tool::types::Int;
use mcp_shared::tool::{Effect, ToolDef, tool};
use mcp_shared::{Ctx, Method, Request, ToolError};

fn preq(ctx: &Ctx, path: &str) -> Result<Request, ToolError> {
    ctx.api_authorized(super::PEOPLE_API.name, Method::GET, path)
}

/// The contact search tool named `name`, in `toolset`. `integer_page_size`: whether the
/// catalog types `pageSize` as `integer` (Calendar) rather than `number` (Gmail).
pub fn search_contacts_tool(
    name: &'static str,
    toolset: &'static str,
    integer_page_size: bool,
) -> ToolDef {
    if integer_page_size {
        tool(
            name,
            "Search contacts",
            Effect::Read,
            search_contacts::<u32>,
        )
        .toolset(toolset)
    } else {
        tool(
            name,
            "Search contacts",
            Effect::Read,
            search_contacts::<Int>,
        )
        .toolset(toolset)
    }
}

// Which contacts to search (plain comments: they would become argument descriptions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContactType {
    All,
    Personal,
    Other,
    Directory,
}

// Which directory sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DirectorySources {
    Unspecified,
    DomainDirectory,
    DomainContacts,
}

/// Find people's emails and phones by name, email or phone prefix in `personal` contacts, `other`
/// (people emailed), the Workspace `directory` or `all`. Only directory searches page.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchContacts<P> {
    query: String,
    #[serde(rename = "contactType")]
    #[schemars(extend("default" = "all"))]
    contact_type: Option<ContactType>,
    /// Per source; at most 30 (directory: 500)
    #[serde(rename = "pageSize")]
    #[schemars(extend("default" = 10, "minimum" = 1))]
    page_size: Option<P>,
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
    /// `UNSPECIFIED`: both
    #[serde(rename = "directorySources")]
    #[schemars(extend("default" = "UNSPECIFIED"))]
    directory_sources: Option<DirectorySources>,
}

const PERSON_MASK: &str = "names,emailAddresses,phoneNumbers,organizations";
/// otherContacts.search accepts only these fields.
const OTHER_MASK: &str = "names,emailAddresses,phoneNumbers";

fn contact(p: &Value) -> Value {
    let mut o = Map::new();
    if let Some(v) = at(p, "resourceName") {
        o.insert("resourceName".into(), v.clone());
    }
    if let Some(n) = at(p, "names.0.displayName") {
        o.insert("name".into(), n.clone());
    }
    let values = |list: &str, key: &str| -> Vec<Value> {
        p.get(list)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|x| x.get(key).cloned())
            .collect()
    };
    let emails = values("emailAddresses", "value");
    if !emails.is_empty() {
        o.insert("emails".into(), Value::Array(emails));
    }
    let phones = values("phoneNumbers", "value");
    if !phones.is_empty() {
        o.insert("phones".into(), Value::Array(phones));
    }
    let orgs: Vec<Value> = p
        .get("organizations")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|x| pick(x, &["name", "title"]))
        .filter(|x| x.as_object().is_some_and(|m| !m.is_empty()))
        .collect();
    if !orgs.is_empty() {
        o.insert("organizations".into(), Value::Array(orgs));
    }
    Value::Object(o)
}

/// `people:searchContacts` and `otherContacts:search`, each after the warmup request Google
/// asks for ("send a warmup request with an empty query to update the cache"); a failed warmup
/// is ignored.
async fn search_cached(
    ctx: &Ctx,
    path: &str,
    mask: &str,
    query: &str,
    size: u64,
) -> Result<Value, ToolError> {
    let _ = preq(ctx, path)?
        .query("query", "")
        .query("readMask", "names")
        .query("pageSize", 1)
        .send()
        .await;
    let v: Value = preq(ctx, path)?
        .query("query", query)
        .query("readMask", mask)
        .query("pageSize", size)
        .send_json()
        .await?;
    let contacts: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("person"))
        .map(contact)
        .collect();
    Ok(json!({ "contacts": contacts }))
}

async fn search_directory(
    ctx: &Ctx,
    query: &str,
    size: u64,
    sources: DirectorySources,
    page_token: Option<&str>,
) -> Result<Value, ToolError> {
    let mut r = preq(ctx, "/v1/people:searchDirectoryPeople")?
        .query("query", query)
        .query("readMask", PERSON_MASK)
        .query("pageSize", size);
    let list: &[&str] = match sources {
        DirectorySources::Unspecified => &[
            "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE",
            "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT",
        ],
        DirectorySources::DomainDirectory => &["DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"],
        DirectorySources::DomainContacts => &["DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT"],
    };
    for s in list {
        r = r.query("sources", s);
    }
    let v: Value = r.query_opt("pageToken", page_token).send_json().await?;
    let contacts: Vec<Value> = v
        .get("people")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(contact)
        .collect();
    let mut out = json!({ "contacts": contacts });
    for k in ["nextPageToken", "totalSize"] {
        if let Some(x) = v.get(k) {
            out[k] = x.clone();
        }
    }
    Ok(out)
}

async fn search_contacts<P: Into<u64>>(ctx: Ctx, a: SearchContacts<P>) -> Result<Value, ToolError> {
    let query = a.query.trim();
    if query.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` must not be empty: give a name, email or phone prefix",
        ));
    }
    let kind = a.contact_type.unwrap_or(ContactType::All);
    let page_token = a
        .page_token
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if page_token.is_some() && matches!(kind, ContactType::Personal | ContactType::Other) {
        return Err(ToolError::invalid_input(
            "`pageToken` applies to directory searches only: Google returns at most 30 personal or other contacts, without pages",
        ));
    }
    let wanted = a.page_size.map(Into::into).unwrap_or(10).max(1);
    let small = wanted.min(30);
    let sources = a.directory_sources.unwrap_or(DirectorySources::Unspecified);
    let personal = || search_cached(&ctx, "/v1/people:searchContacts", PERSON_MASK, query, small);
    let other = || search_cached(&ctx, "/v1/otherContacts:search", OTHER_MASK, query, small);
    let directory = || search_directory(&ctx, query, wanted.min(500), sources, page_token);
    let tag = |mut v: Value, t: &str| {
        v["contactType"] = json!(t);
        v
    };
    match kind {
        ContactType::Personal => Ok(tag(personal().await?, "personal")),
        ContactType::Other => Ok(tag(other().await?, "other")),
        ContactType::Directory => Ok(tag(directory().await?, "directory")),
        ContactType::All => {
            let (p, o, d) = if page_token.is_some() {
                // The next page of the directory results only.
                (Ok(Value::Null), Ok(Value::Null), directory().await)
            } else {
                futures::join!(personal(), other(), directory())
            };
            if let (Err(e), Err(_), Err(_)) = (&p, &o, &d) {
                return Err(e.clone());
            }
            let part = |r: Result<Value, ToolError>| match r {
                Ok(v) => v,
                Err(e) => json!({ "error": e.to_string() }),
            };
            let mut out = json!({ "contactType": "all" });
            for (k, r) in [("personal", p), ("other", o), ("directory", d)] {
                match r {
                    Ok(Value::Null) => {}
                    r => out[k] = part(r),
                }
            }
            Ok(out)
        }
    }
}
