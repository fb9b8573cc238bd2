//! Every tool: one named GraphQL operation each, sent to `/v2` with the pinned `API-Version`.

use mcp_shared::graphql::execute;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::DEFAULT_API_VERSION;

pub fn tools() -> Vec<ToolDef> {
    let b = |d: ToolDef| d.toolset("boards");
    let i = |d: ToolDef| d.toolset("items");
    vec![
        tool(
            "monday_get_users_by_name",
            "Get users by name",
            Effect::Read,
            get_users_by_name,
        )
        .toolset("users"),
        b(tool(
            "monday_get_boards",
            "Get boards",
            Effect::Read,
            get_boards,
        )),
        b(tool(
            "monday_get_board_schema",
            "Get board schema",
            Effect::Read,
            get_board_schema,
        )),
        b(tool(
            "monday_create_board",
            "Create board",
            Effect::Write,
            create_board,
        )),
        b(tool(
            "monday_create_column",
            "Create column",
            Effect::Write,
            create_column,
        )),
        b(tool(
            "monday_delete_column",
            "Delete column",
            Effect::Destructive,
            delete_column,
        )),
        i(tool(
            "monday_get_board_items_by_name",
            "Get board items by name",
            Effect::Read,
            get_board_items_by_name,
        )),
        i(tool(
            "monday_create_item",
            "Create item",
            Effect::Write,
            create_item,
        )),
        i(tool(
            "monday_change_item_column_values",
            "Change item column values",
            Effect::IdempotentWrite,
            change_item_column_values,
        )),
        i(tool(
            "monday_move_item_to_group",
            "Move item to group",
            Effect::IdempotentWrite,
            move_item_to_group,
        )),
        i(tool(
            "monday_delete_item",
            "Delete item",
            Effect::Destructive,
            delete_item,
        )),
        i(tool(
            "monday_create_update",
            "Create update",
            Effect::Write,
            create_update,
        )),
    ]
}

/// Run a named operation against `/v2` and return its `data`.
async fn gql(ctx: &Ctx, op: &str, doc: &str, vars: Value) -> Result<Value, ToolError> {
    let version = ctx.option("api-version").unwrap_or(DEFAULT_API_VERSION);
    let req = ctx
        .authorized(Method::POST, "/v2")?
        .header("api-version", version);
    execute(req, op, doc, vars).await
}

/// A JSON object given as a string (monday's `JSON` scalar travels as a string).
fn json_object(name: &str, s: &str) -> Result<String, ToolError> {
    match serde_json::from_str::<Value>(s) {
        Ok(v @ Value::Object(_)) => Ok(v.to_string()),
        _ => Err(ToolError::invalid_input(format!(
            "{name} must be a JSON object keyed by column id, e.g. {{\"status\": {{\"label\": \"Done\"}}, \"date4\": {{\"date\": \"2026-12-31\"}}}}."
        ))),
    }
}

/// The entity a mutation returns, or an error when monday returned none.
fn entity<'a>(data: &'a Value, field: &str) -> Result<&'a Value, ToolError> {
    match data.get(field) {
        Some(v) if !v.is_null() => Ok(v),
        _ => Err(ToolError::invalid_input(format!(
            "monday answered {field} without a result: check the ids."
        ))),
    }
}

const USERS: &str =
    "query GetUsersByName($name: String) { users(name: $name) { id name email title status } }";

/// Find users whose name matches: id, name, email (ids for people columns).
#[derive(Deserialize, JsonSchema)]
pub struct GetUsersByName {
    name: String,
}

async fn get_users_by_name(ctx: Ctx, a: GetUsersByName) -> Result<Value, ToolError> {
    let data = gql(&ctx, "GetUsersByName", USERS, json!({"name": a.name})).await?;
    let users: Vec<Value> = data["users"]
        .as_array()
        .map(|u| {
            u.iter()
                .map(|u| pick(u, &["id", "name", "email", "title", "status"]))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "users": users }))
}

const BOARDS: &str = "query GetBoards($limit: Int, $page: Int) { boards(limit: $limit, page: $page, order_by: used_at) { id name description board_kind state workspace_id url } }";

/// List active boards, most recently used first: id, name, kind, workspace, url.
#[derive(Deserialize, JsonSchema)]
pub struct GetBoards {
    /// At most this many (default 25, max 100)
    limit: Option<u64>,
    /// Page number, from 1
    page: Option<u64>,
}

async fn get_boards(ctx: Ctx, a: GetBoards) -> Result<Value, ToolError> {
    let limit = a.limit.unwrap_or(25).clamp(1, 100);
    let page = a.page.unwrap_or(1).max(1);
    let data = gql(
        &ctx,
        "GetBoards",
        BOARDS,
        json!({"limit": limit, "page": page}),
    )
    .await?;
    let boards: Vec<Value> = data["boards"]
        .as_array()
        .map(|b| {
            b.iter()
                .filter(|b| !b.is_null())
                .map(|b| {
                    pick(
                        b,
                        &[
                            "id",
                            "name",
                            "description",
                            "kind=board_kind",
                            "workspace_id",
                            "url",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({ "boards": boards });
    if boards_len(&out) as u64 == limit {
        out["next_page"] = json!(page + 1);
    }
    Ok(out)
}

fn boards_len(v: &Value) -> usize {
    v["boards"].as_array().map_or(0, Vec::len)
}

const SCHEMA: &str = "query GetBoardSchema($boardId: ID!) { boards(ids: [$boardId]) { id name columns { id title type settings } groups { id title } } }";

/// A board's columns (id, title, type, settings) and groups (id, title).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetBoardSchema {
    board_id: String,
}

async fn get_board_schema(ctx: Ctx, a: GetBoardSchema) -> Result<Value, ToolError> {
    let data = gql(
        &ctx,
        "GetBoardSchema",
        SCHEMA,
        json!({"boardId": a.board_id}),
    )
    .await?;
    let board = data["boards"]
        .as_array()
        .and_then(|b| b.first())
        .filter(|b| !b.is_null())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "No board {} (or the token cannot see it); list boards with monday_get_boards.",
                a.board_id
            ))
        })?;
    let columns: Vec<Value> = board["columns"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|c| pick(c, &["id", "title", "type", "settings"]))
                .collect()
        })
        .unwrap_or_default();
    let groups: Vec<Value> = board["groups"]
        .as_array()
        .map(|g| g.iter().map(|g| pick(g, &["id", "title"])).collect())
        .unwrap_or_default();
    Ok(json!({"id": board["id"], "name": board["name"], "columns": columns, "groups": groups}))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum BoardKind {
    Public,
    Private,
    Share,
}

const CREATE_BOARD: &str = "mutation CreateBoard($boardName: String!, $boardKind: BoardKind!, $description: String, $workspaceId: ID) { create_board(board_name: $boardName, board_kind: $boardKind, description: $description, workspace_id: $workspaceId) { id name url } }";

/// Create a board. Returns its id and url.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBoard {
    board_name: String,
    /// Default public
    board_kind: Option<BoardKind>,
    board_description: Option<String>,
    /// Workspace id (default: the main workspace)
    workspace_id: Option<String>,
}

async fn create_board(ctx: Ctx, a: CreateBoard) -> Result<Value, ToolError> {
    let mut vars = Map::new();
    vars.insert("boardName".into(), json!(a.board_name));
    vars.insert(
        "boardKind".into(),
        json!(a.board_kind.unwrap_or(BoardKind::Public)),
    );
    mcp_shared::json::insert_opt(&mut vars, "description", a.board_description);
    mcp_shared::json::insert_opt(&mut vars, "workspaceId", a.workspace_id);
    let data = gql(&ctx, "CreateBoard", CREATE_BOARD, Value::Object(vars)).await?;
    Ok(pick(entity(&data, "create_board")?, &["id", "name", "url"]))
}

const CREATE_COLUMN: &str = "mutation CreateColumn($boardId: ID!, $columnType: ColumnType!, $title: String!, $description: String, $defaults: JSON) { create_column(board_id: $boardId, column_type: $columnType, title: $title, description: $description, defaults: $defaults) { id title type } }";

/// Add a column to a board. Returns its id.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateColumn {
    board_id: String,
    /// monday column type: text, long_text, numbers, status, dropdown, date, people, checkbox, email, phone, link, timeline, tags, ...
    column_type: String,
    column_title: String,
    column_description: Option<String>,
    /// Labels of a status or dropdown column, in order
    column_settings: Option<Vec<String>>,
}

/// The `defaults` of a status or dropdown column with these labels.
fn label_defaults(column_type: &str, labels: &[String]) -> Result<String, ToolError> {
    let v = match column_type {
        "status" => {
            let m: Map<String, Value> = labels
                .iter()
                .enumerate()
                .map(|(i, l)| (i.to_string(), json!(l)))
                .collect();
            json!({ "labels": m })
        }
        "dropdown" => {
            let l: Vec<Value> = labels
                .iter()
                .enumerate()
                .map(|(i, l)| json!({"id": i + 1, "name": l}))
                .collect();
            json!({ "settings": { "labels": l } })
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "columnSettings are the labels of a status or dropdown column; a {other} column takes none."
            )));
        }
    };
    Ok(v.to_string())
}

async fn create_column(ctx: Ctx, a: CreateColumn) -> Result<Value, ToolError> {
    let mut vars = Map::new();
    vars.insert("boardId".into(), json!(a.board_id));
    vars.insert("columnType".into(), json!(a.column_type));
    vars.insert("title".into(), json!(a.column_title));
    mcp_shared::json::insert_opt(&mut vars, "description", a.column_description);
    if let Some(labels) = a.column_settings.filter(|l| !l.is_empty()) {
        vars.insert(
            "defaults".into(),
            json!(label_defaults(&a.column_type, &labels)?),
        );
    }
    let data = gql(&ctx, "CreateColumn", CREATE_COLUMN, Value::Object(vars)).await?;
    Ok(pick(
        entity(&data, "create_column")?,
        &["id", "title", "type"],
    ))
}

const DELETE_COLUMN: &str = "mutation DeleteColumn($boardId: ID!, $columnId: String!) { delete_column(board_id: $boardId, column_id: $columnId) { id } }";

/// Delete a column and its values from a board.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteColumn {
    board_id: String,
    column_id: String,
}

async fn delete_column(ctx: Ctx, a: DeleteColumn) -> Result<Value, ToolError> {
    let vars = json!({"boardId": a.board_id, "columnId": a.column_id});
    let data = gql(&ctx, "DeleteColumn", DELETE_COLUMN, vars).await?;
    Ok(json!({"deleted": true, "column_id": entity(&data, "delete_column")?["id"]}))
}

const ITEMS_BY_NAME: &str = "query GetBoardItemsByName($boardId: ID!, $term: String!, $limit: Int!, $cursor: String) { items_page_by_column_values(board_id: $boardId, columns: [{column_id: \"name\", column_values: [$term]}], limit: $limit, cursor: $cursor) { cursor items { id name group { id title } column_values { id text } } } }";

/// Find a board's items by name: id, name, group and each column's text.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetBoardItemsByName {
    board_id: String,
    /// Item name to look for
    term: String,
    /// At most this many (default 25, max 500)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

fn item(i: &Value) -> Value {
    let mut o = pick(i, &["id", "name", "group=group.title", "group_id=group.id"]);
    if let Some(cols) = i["column_values"].as_array() {
        let m: Map<String, Value> = cols
            .iter()
            .filter(|c| c["text"].as_str().is_some_and(|t| !t.is_empty()))
            .filter_map(|c| Some((c["id"].as_str()?.to_owned(), c["text"].clone())))
            .collect();
        o["columns"] = Value::Object(m);
    }
    o
}

async fn get_board_items_by_name(ctx: Ctx, a: GetBoardItemsByName) -> Result<Value, ToolError> {
    let mut vars = Map::new();
    vars.insert("boardId".into(), json!(a.board_id));
    vars.insert("term".into(), json!(a.term));
    vars.insert("limit".into(), json!(a.limit.unwrap_or(25).clamp(1, 500)));
    mcp_shared::json::insert_opt(&mut vars, "cursor", a.cursor.filter(|c| !c.is_empty()));
    let data = gql(
        &ctx,
        "GetBoardItemsByName",
        ITEMS_BY_NAME,
        Value::Object(vars),
    )
    .await?;
    let page = &data["items_page_by_column_values"];
    let items: Vec<Value> = page["items"]
        .as_array()
        .map(|i| i.iter().map(item).collect())
        .unwrap_or_default();
    let mut out = json!({ "items": items });
    if let Some(c) = page["cursor"].as_str() {
        out["next_cursor"] = json!(c);
    }
    Ok(out)
}

const CREATE_ITEM: &str = "mutation CreateItem($boardId: ID!, $itemName: String!, $groupId: String, $columnValues: JSON) { create_item(board_id: $boardId, item_name: $itemName, group_id: $groupId, column_values: $columnValues) { id name url } }";

/// Create an item on a board. Returns its id and url.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateItem {
    board_id: String,
    name: String,
    /// Group id (default: the board's top group)
    group_id: Option<String>,
    /// JSON object keyed by column id, as a string, e.g. {"status": {"label": "Done"}}; "{}" for none
    column_values: String,
}

async fn create_item(ctx: Ctx, a: CreateItem) -> Result<Value, ToolError> {
    let mut vars = Map::new();
    vars.insert("boardId".into(), json!(a.board_id));
    vars.insert("itemName".into(), json!(a.name));
    mcp_shared::json::insert_opt(&mut vars, "groupId", a.group_id);
    vars.insert(
        "columnValues".into(),
        json!(json_object("columnValues", &a.column_values)?),
    );
    let data = gql(&ctx, "CreateItem", CREATE_ITEM, Value::Object(vars)).await?;
    Ok(pick(entity(&data, "create_item")?, &["id", "name", "url"]))
}

const CHANGE: &str = "mutation ChangeItemColumnValues($boardId: ID!, $itemId: ID!, $columnValues: JSON!) { change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $columnValues) { id name } }";

/// Set several column values of an item at once.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeItemColumnValues {
    board_id: String,
    item_id: String,
    /// JSON object keyed by column id, as a string, e.g. {"text": "hi", "date4": {"date": "2026-12-31"}}
    column_values: String,
}

async fn change_item_column_values(
    ctx: Ctx,
    a: ChangeItemColumnValues,
) -> Result<Value, ToolError> {
    let vars = json!({"boardId": a.board_id, "itemId": a.item_id,
        "columnValues": json_object("columnValues", &a.column_values)?});
    let data = gql(&ctx, "ChangeItemColumnValues", CHANGE, vars).await?;
    Ok(pick(
        entity(&data, "change_multiple_column_values")?,
        &["id", "name"],
    ))
}

const MOVE: &str = "mutation MoveItemToGroup($itemId: ID!, $groupId: String!) { move_item_to_group(item_id: $itemId, group_id: $groupId) { id group { id title } } }";

/// Move an item to another group of its board.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveItemToGroup {
    item_id: String,
    group_id: String,
}

async fn move_item_to_group(ctx: Ctx, a: MoveItemToGroup) -> Result<Value, ToolError> {
    let vars = json!({"itemId": a.item_id, "groupId": a.group_id});
    let data = gql(&ctx, "MoveItemToGroup", MOVE, vars).await?;
    Ok(pick(
        entity(&data, "move_item_to_group")?,
        &["id", "group=group.title", "group_id=group.id"],
    ))
}

const DELETE_ITEM: &str =
    "mutation DeleteItem($itemId: ID!) { delete_item(item_id: $itemId) { id } }";

/// Delete an item.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteItem {
    item_id: String,
}

async fn delete_item(ctx: Ctx, a: DeleteItem) -> Result<Value, ToolError> {
    let data = gql(
        &ctx,
        "DeleteItem",
        DELETE_ITEM,
        json!({"itemId": a.item_id}),
    )
    .await?;
    Ok(json!({"deleted": true, "item_id": entity(&data, "delete_item")?["id"]}))
}

const CREATE_UPDATE: &str = "mutation CreateUpdate($itemId: ID!, $body: String!) { create_update(item_id: $itemId, body: $body) { id body created_at } }";

/// Post an update (comment) on an item; `body` may be HTML.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUpdate {
    item_id: String,
    body: String,
}

async fn create_update(ctx: Ctx, a: CreateUpdate) -> Result<Value, ToolError> {
    let vars = json!({"itemId": a.item_id, "body": a.body});
    let data = gql(&ctx, "CreateUpdate", CREATE_UPDATE, vars).await?;
    Ok(pick(
        entity(&data, "create_update")?,
        &["id", "body", "created_at"],
    ))
}
