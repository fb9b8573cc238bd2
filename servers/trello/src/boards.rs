//! Boards and lists: the member's boards, a new board, a board's lists, a new list.

use mcp_shared::json::map_array;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "trello_get_my_boards",
            "Get my boards",
            Effect::Read,
            get_my_boards,
        )
        .toolset("boards"),
        tool(
            "trello_create_board",
            "Create board",
            Effect::Write,
            create_board,
        )
        .toolset("boards"),
        tool(
            "trello_get_board_lists",
            "Get board lists",
            Effect::Read,
            get_board_lists,
        )
        .toolset("boards"),
        tool(
            "trello_create_list",
            "Create list",
            Effect::Write,
            create_list,
        )
        .toolset("boards"),
    ]
}

/// The boards of the token's member, open and closed: id, name, desc, closed, url.
#[derive(Deserialize, JsonSchema)]
pub struct GetMyBoards {}

async fn get_my_boards(ctx: Ctx, _a: GetMyBoards) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/members/me/boards")?
        .query("fields", "name,desc,closed,url,idOrganization")
        .send_json()
        .await?;
    Ok(json!({ "boards": map_array(&v, api::board) }))
}

/// Create a board (with Trello's default lists To Do, Doing, Done). Returns the new board.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBoard {
    name: String,
    /// Description
    desc: Option<String>,
}

async fn create_board(ctx: Ctx, a: CreateBoard) -> Result<Value, ToolError> {
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, "/boards/")?
        .query("name", name)
        .query_opt("desc", a.desc.as_deref())
        .send_json()
        .await?;
    Ok(api::board(&v))
}

/// The open lists of a board, in board order: id, name, pos.
#[derive(Deserialize, JsonSchema)]
pub struct GetBoardLists {
    board_id: String,
}

async fn get_board_lists(ctx: Ctx, a: GetBoardLists) -> Result<Value, ToolError> {
    let path = format!("/boards/{}/lists", seg_id(&a.board_id, "board_id")?);
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("fields", "name,closed,pos,idBoard")
        .send_json()
        .await?;
    Ok(json!({ "lists": map_array(&v, api::list) }))
}

/// Create a list on a board. Returns the new list.
#[derive(Deserialize, JsonSchema)]
pub struct CreateList {
    #[serde(rename = "idBoard")]
    id_board: String,
    name: String,
    /// `top`, `bottom` or a positive number
    pos: Option<String>,
}

async fn create_list(ctx: Ctx, a: CreateList) -> Result<Value, ToolError> {
    let board = non_empty(&a.id_board, "idBoard")?;
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, "/lists")?
        .query("name", name)
        .query("idBoard", board)
        .query_opt("pos", a.pos.as_deref().map(str::trim))
        .send_json()
        .await?;
    Ok(api::list(&v))
}
