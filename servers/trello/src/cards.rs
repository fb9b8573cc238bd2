//! Cards, comments and checklists.

use mcp_shared::json::{enum_str, map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "trello_get_list_cards",
            "Get list cards",
            Effect::Read,
            get_list_cards,
        )
        .toolset("cards"),
        tool("trello_get_card", "Get card", Effect::Read, get_card).toolset("cards"),
        tool(
            "trello_create_card",
            "Create card",
            Effect::Write,
            create_card,
        )
        .toolset("cards"),
        tool(
            "trello_update_card",
            "Update or move card",
            Effect::IdempotentWrite,
            update_card,
        )
        .toolset("cards"),
        tool(
            "trello_delete_card",
            "Delete card",
            Effect::Destructive,
            delete_card,
        )
        .toolset("cards"),
        tool(
            "trello_add_comment",
            "Comment on card",
            Effect::Write,
            add_comment,
        )
        .toolset("cards"),
        tool(
            "trello_create_checklist",
            "Create checklist",
            Effect::Write,
            create_checklist,
        )
        .toolset("cards"),
        tool(
            "trello_add_item_to_checklist",
            "Add checklist item",
            Effect::Write,
            add_item_to_checklist,
        )
        .toolset("cards"),
        tool(
            "trello_update_checklist_item_state",
            "Check or uncheck item",
            Effect::IdempotentWrite,
            update_checklist_item_state,
        )
        .toolset("cards"),
    ]
}

/// The open cards of a list: id, name, desc, due, labels, members, url.
#[derive(Deserialize, JsonSchema)]
pub struct GetListCards {
    list_id: String,
}

async fn get_list_cards(ctx: Ctx, a: GetListCards) -> Result<Value, ToolError> {
    let path = format!("/lists/{}/cards", seg_id(&a.list_id, "list_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(json!({ "cards": map_array(&v, api::card) }))
}

/// One card with its checklists and their items (ids needed to check items).
#[derive(Deserialize, JsonSchema)]
pub struct GetCard {
    card_id: String,
}

async fn get_card(ctx: Ctx, a: GetCard) -> Result<Value, ToolError> {
    let path = format!("/cards/{}", seg_id(&a.card_id, "card_id")?);
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("checklists", "all")
        .send_json()
        .await?;
    Ok(api::card(&v))
}

/// Create a card at the bottom of a list. Returns the new card.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCard {
    /// List id (trello_get_board_lists)
    #[serde(rename = "idList")]
    id_list: String,
    name: String,
    /// Description (Markdown)
    desc: Option<String>,
    /// Due date, ISO 8601
    due: Option<String>,
}

async fn create_card(ctx: Ctx, a: CreateCard) -> Result<Value, ToolError> {
    let list = non_empty(&a.id_list, "idList")?;
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, "/cards")?
        .query("idList", list)
        .query("name", name)
        .query_opt("desc", a.desc.as_deref())
        .query_opt("due", a.due.as_deref().map(str::trim))
        .send_json()
        .await?;
    Ok(api::card(&v))
}

/// Change a card's fields; only those given are sent. Setting `idList` moves the card (add
/// `idBoard` to move it to another board). Returns the updated card.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCard {
    card_id: String,
    name: Option<String>,
    desc: Option<String>,
    #[serde(rename = "idList")]
    id_list: Option<String>,
    #[serde(rename = "idBoard")]
    id_board: Option<String>,
    /// `top`, `bottom` or a positive number
    pos: Option<String>,
    /// Due date, ISO 8601; empty string clears it
    due: Option<String>,
    #[serde(rename = "dueComplete")]
    due_complete: Option<bool>,
    /// true archives the card, false restores it
    closed: Option<bool>,
}

async fn update_card(ctx: Ctx, a: UpdateCard) -> Result<Value, ToolError> {
    let path = format!("/cards/{}", seg_id(&a.card_id, "card_id")?);
    let trim = |s: &Option<String>| s.as_deref().map(str::trim).map(str::to_owned);
    let fields: [(&str, Option<String>); 8] = [
        ("name", a.name.clone()),
        ("desc", a.desc.clone()),
        ("idList", trim(&a.id_list)),
        ("idBoard", trim(&a.id_board)),
        ("pos", trim(&a.pos)),
        ("due", trim(&a.due)),
        ("dueComplete", a.due_complete.map(|b| b.to_string())),
        ("closed", a.closed.map(|b| b.to_string())),
    ];
    if fields.iter().all(|(_, v)| v.is_none()) {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, desc, idList, idBoard, pos, due, dueComplete, closed",
        ));
    }
    let req = fields
        .into_iter()
        .fold(ctx.authorized(Method::PUT, &path)?, |r, (k, v)| {
            r.query_opt(k, v)
        });
    let v: Value = req.send_json().await?;
    Ok(api::card(&v))
}

/// Delete a card for good (archive it instead with trello_update_card `closed`: true).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCard {
    card_id: String,
}

async fn delete_card(ctx: Ctx, a: DeleteCard) -> Result<Value, ToolError> {
    let id = seg_id(&a.card_id, "card_id")?;
    ctx.authorized(Method::DELETE, &format!("/cards/{id}"))?
        .send()
        .await?;
    Ok(json!({ "deleted": true, "id": a.card_id.trim() }))
}

/// Add a comment to a card. Returns the comment's id and text.
#[derive(Deserialize, JsonSchema)]
pub struct AddComment {
    card_id: String,
    text: String,
}

async fn add_comment(ctx: Ctx, a: AddComment) -> Result<Value, ToolError> {
    let path = format!("/cards/{}/actions/comments", seg_id(&a.card_id, "card_id")?);
    let text = non_empty(&a.text, "text")?;
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .query("text", text)
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "id",
            "text=data.text",
            "date",
            "author=memberCreator.username",
        ],
    ))
}

/// Add a checklist to a card. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct CreateChecklist {
    /// Card id
    #[serde(rename = "idCard")]
    id_card: String,
    name: String,
}

async fn create_checklist(ctx: Ctx, a: CreateChecklist) -> Result<Value, ToolError> {
    let path = format!("/cards/{}/checklists", seg_id(&a.id_card, "idCard")?);
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .query("name", name)
        .send_json()
        .await?;
    Ok(api::checklist(&v))
}

/// Add an item to a checklist, at the bottom. Returns the item.
#[derive(Deserialize, JsonSchema)]
pub struct AddItemToChecklist {
    #[serde(rename = "idChecklist")]
    id_checklist: String,
    name: String,
    #[schemars(extend("default" = false))]
    checked: Option<bool>,
}

async fn add_item_to_checklist(ctx: Ctx, a: AddItemToChecklist) -> Result<Value, ToolError> {
    let path = format!(
        "/checklists/{}/checkItems",
        seg_id(&a.id_checklist, "idChecklist")?
    );
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .query("name", name)
        .query_opt("checked", a.checked)
        .send_json()
        .await?;
    Ok(api::check_item(&v))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum State {
    Complete,
    Incomplete,
}

/// Mark a card's checklist item complete or incomplete. Item ids come from trello_get_card.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateChecklistItemState {
    #[serde(rename = "idCard")]
    id_card: String,
    #[serde(rename = "idCheckItem")]
    id_check_item: String,
    state: State,
}

async fn update_checklist_item_state(
    ctx: Ctx,
    a: UpdateChecklistItemState,
) -> Result<Value, ToolError> {
    let path = format!(
        "/cards/{}/checkItem/{}",
        seg_id(&a.id_card, "idCard")?,
        seg_id(&a.id_check_item, "idCheckItem")?
    );
    let v: Value = ctx
        .authorized(Method::PUT, &path)?
        .query("state", enum_str(&a.state))
        .send_json()
        .await?;
    Ok(api::check_item(&v))
}
