//! The story lists (`/topstories`, `/beststories`, `/newstories`, `/showstories`,
//! `/askstories`, `/jobstories`): the ids in HN's order, then the first `count` items.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("hackerNews_topstories", "Top stories", Effect::Read, top).toolset("stories"),
        tool("hackerNews_beststories", "Best stories", Effect::Read, best).toolset("stories"),
        tool("hackerNews_newstories", "New stories", Effect::Read, new).toolset("stories"),
        tool(
            "hackerNews_showstories",
            "Show HN stories",
            Effect::Read,
            show,
        )
        .toolset("stories"),
        tool("hackerNews_askstories", "Ask HN stories", Effect::Read, ask).toolset("stories"),
        tool("hackerNews_jobstories", "Job stories", Effect::Read, job).toolset("stories"),
    ]
}

async fn list(ctx: Ctx, path: &str, count: Option<u32>) -> Result<Value, ToolError> {
    let ids = api::ids(&ctx, path).await?;
    let n = api::count(count);
    let items = api::items(&ctx, &ids[..n.min(ids.len())]).await?;
    Ok(json!({ "stories": items, "total": ids.len() }))
}

macro_rules! list_tool {
    ($name:ident, $fn:ident, $path:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $name {
            /// At most 100
            #[schemars(extend("default" = 5))]
            count: Option<u32>,
        }

        async fn $fn(ctx: Ctx, a: $name) -> Result<Value, ToolError> {
            list(ctx, $path, a.count).await
        }
    };
}

list_tool!(
    Top,
    top,
    "/topstories.json",
    "The front page's top stories and jobs, ranked. Returns `stories` (id, title, url, by, time, score, descendants = comments) and `total` ids in the list."
);
list_tool!(
    Best,
    best,
    "/beststories.json",
    "The best stories (highest-voted recent), as hackerNews_topstories returns them."
);
list_tool!(
    New,
    new,
    "/newstories.json",
    "The newest stories, newest first, as hackerNews_topstories returns them."
);
list_tool!(
    Show,
    show,
    "/showstories.json",
    "The latest Show HN stories, as hackerNews_topstories returns them."
);
list_tool!(
    Ask,
    ask,
    "/askstories.json",
    "The latest Ask HN stories with their text (shortened), as hackerNews_topstories returns them."
);
list_tool!(
    Job,
    job,
    "/jobstories.json",
    "The latest job postings (YC companies), as hackerNews_topstories returns them."
);
