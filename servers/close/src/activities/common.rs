//! What the activity types share: list filters, the per-type list, directions, the
//! get/delete/search tools macro and sending a draft.

use crate::api::{self, Count};
use mcp_shared::{Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The query of a list: each given filter as is.
pub(super) fn filters(pairs: Vec<(&'static str, Option<String>)>) -> Vec<(&'static str, String)> {
    pairs
        .into_iter()
        .filter_map(|(k, v)| {
            v.map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .map(|v| (k, v))
        })
        .collect()
}

/// get, delete and search tools of one activity type, whose id argument is `$idf`.
macro_rules! get_delete_search {
    ($path:literal, $fields:ident, $idf:ident,
     $Get:ident, $get:ident, $get_doc:literal,
     $Del:ident, $del:ident, $del_doc:literal,
     $Search:ident, $search:ident, $search_doc:literal) => {
        #[doc = $get_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Get {
            $idf: String,
        }

        pub(super) async fn $get(ctx: Ctx, a: $Get) -> Result<Value, ToolError> {
            let i = id(&a.$idf, stringify!($idf))?;
            api::get(&ctx, &format!(concat!($path, "{}/"), i), $fields).await
        }

        #[doc = $del_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Del {
            $idf: String,
        }

        pub(super) async fn $del(ctx: Ctx, a: $Del) -> Result<Value, ToolError> {
            let i = id(&a.$idf, stringify!($idf))?;
            api::delete(&ctx, &format!(concat!($path, "{}/"), i), &i).await
        }

        #[doc = $search_doc]
        #[doc = " Scans the 500 most recent, case-insensitively; returns `items` and `scanned`."]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Search {
            /// Text to find
            query: String,
            /// Most matches to return, 1-100
            #[schemars(extend("default" = 25))]
            limit: Option<Count>,
        }

        pub(super) async fn $search(ctx: Ctx, a: $Search) -> Result<Value, ToolError> {
            api::scan(&ctx, $path, &a.query, a.limit, $fields).await
        }
    };
}

pub(super) use get_delete_search;

/// Filters of a per-type activity list.
#[derive(Deserialize, JsonSchema)]
pub struct ListCommon {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Items to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    contact_id: Option<String>,
    user_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

impl ListCommon {
    fn query(&self) -> Vec<(&'static str, String)> {
        filters(vec![
            ("lead_id", self.lead_id.clone()),
            ("contact_id", self.contact_id.clone()),
            ("user_id", self.user_id.clone()),
        ])
    }

    /// One page with these extra query filters, then only the items matching `keep`
    /// (filters Close does not take, applied to the page: `direction`, `status`, ...).
    pub(super) async fn run(
        &self,
        ctx: &Ctx,
        path: &str,
        mut extra: Vec<(&'static str, String)>,
        keep: Vec<(&'static str, String)>,
        fields: &[&str],
    ) -> Result<Value, ToolError> {
        let mut q = self.query();
        q.append(&mut extra);
        let cursor = self.cursor.as_deref();
        let mut v = api::list(ctx, path, q, self.limit, self.skip, cursor, fields).await?;
        if let Some(items) = v.get_mut("items").and_then(Value::as_array_mut) {
            items.retain(|i| keep.iter().all(|(k, want)| matches(i.get(*k), want)));
        }
        Ok(v)
    }
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Inbound,
    Outbound,
}

/// WhatsApp messages say `incoming`/`outgoing`; Klavis's `inbound`/`outbound` are accepted.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum WaDirection {
    #[serde(alias = "inbound")]
    Incoming,
    #[serde(alias = "outbound")]
    Outgoing,
}

pub(super) fn dir(d: Option<Direction>) -> Option<String> {
    d.map(|d| mcp_shared::json::enum_str(&d))
}

/// A field equals the wanted value (emails say `incoming`/`outgoing` for directions).
fn matches(v: Option<&Value>, want: &str) -> bool {
    let Some(got) = v.and_then(Value::as_str) else {
        return false;
    };
    let alias = match want {
        "inbound" => "incoming",
        "outbound" => "outgoing",
        _ => want,
    };
    got.eq_ignore_ascii_case(want) || got.eq_ignore_ascii_case(alias)
}

/// `PUT {"status": "outbox"}`, never retried: it sends a message.
pub(super) async fn outbox(ctx: &Ctx, path: &str, fields: &[&str]) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::PUT, path)?
        .json(&json!({"status": "outbox"}))
        .idempotent(false)
        .send_json()
        .await?;
    Ok(api::trim(&v, fields))
}
