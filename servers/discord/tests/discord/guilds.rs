use crate::{discord_error, req, setup};
use serde_json::{Value, json};

fn guild() -> Value {
    json!({
        "id": "197038439483310086",
        "name": "Discord Testers",
        "icon": "f64c482b807da4f539cff778d174971c",
        "description": "The official place to report Discord Bugs!",
        "splash": null,
        "features": ["COMMUNITY", "NEWS", "DISCOVERABLE"],
        "owner_id": "73193882359173120",
        "afk_channel_id": null,
        "verification_level": 3,
        "roles": [{"id": "197038439483310086", "name": "@everyone", "permissions": "104193601"}],
        "emojis": [],
        "premium_tier": 3,
        "premium_subscription_count": 33,
        "preferred_locale": "en-US",
        "system_channel_id": null,
        "rules_channel_id": "441688182833020939",
        "vanity_url_code": "discord-testers",
        "nsfw_level": 0,
        "approximate_member_count": 60814,
        "approximate_presence_count": 20034
    })
}

fn member(id: &str, name: &str) -> Value {
    json!({
        "user": {"id": id, "username": name, "global_name": null, "avatar": null, "discriminator": "0", "public_flags": 0},
        "nick": "NOT API SUPPORT",
        "avatar": null,
        "roles": ["41771983423143936"],
        "joined_at": "2015-04-26T06:26:56.936000+00:00",
        "deaf": false,
        "mute": false,
        "flags": 0
    })
}

#[tokio::test]
async fn get_server_info_with_counts() {
    let s = setup().await;
    req("GET", "/guilds/197038439483310086")
        .query("with_counts", "true")
        .respond(&s.fake, 200, guild())
        .await;
    let v = s
        .client
        .call_ok(
            "discord_get_server_info",
            json!({"server_id": "197038439483310086"}),
        )
        .await;
    assert_eq!(v["name"], "Discord Testers");
    assert_eq!(v["member_count"], 60814);
    assert_eq!(v["online_count"], 20034);
    assert_eq!(v["owner_id"], "73193882359173120");
    assert!(v.get("roles").is_none());
}

#[tokio::test]
async fn get_server_info_missing_access() {
    let s = setup().await;
    req("GET", "/guilds/5")
        .query("with_counts", "true")
        .respond(
            &s.fake,
            403,
            json!({"message": "Missing Access", "code": 50001}),
        )
        .await;
    let err = s
        .client
        .call_err("discord_get_server_info", json!({"server_id": "5"}))
        .await;
    assert!(
        err.contains("50001") && err.contains("Missing Access"),
        "{err}"
    );
    assert!(err.contains("invite it to the server"), "{err}");
    let err = s
        .client
        .call_err(
            "discord_get_server_info",
            json!({"server_id": "../users/@me"}),
        )
        .await;
    assert!(
        err.contains("server_id") && err.contains("snowflake"),
        "{err}"
    );
}

#[tokio::test]
async fn list_members_pages_by_user_id() {
    let s = setup().await;
    req("GET", "/guilds/1/members")
        .query("limit", "2")
        .query("after", "100")
        .respond(
            &s.fake,
            200,
            json!([member("101", "a"), member("102", "b")]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "discord_list_members",
            json!({"server_id": "1", "limit": 2, "cursor": "100"}),
        )
        .await;
    assert_eq!(v["members"][0]["user"]["username"], "a");
    assert_eq!(v["members"][1]["nick"], "NOT API SUPPORT");
    assert_eq!(v["members"][1]["roles"][0], "41771983423143936");
    assert_eq!(v["next_cursor"], "102");
    // The default page size, and a short page ends the list.
    req("GET", "/guilds/1/members")
        .query("limit", "100")
        .respond(&s.fake, 200, json!([member("101", "a")]))
        .await;
    let v = s
        .client
        .call_ok("discord_list_members", json!({"server_id": "1"}))
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_members_without_intent_and_bad_limit() {
    let s = setup().await;
    req("GET", "/guilds/1/members")
        .query("limit", "100")
        .respond(&s.fake, 403, discord_error(50001, "Missing Access"))
        .await;
    let err = s
        .client
        .call_err("discord_list_members", json!({"server_id": "1"}))
        .await;
    assert!(err.contains("Missing Access"), "{err}");
    let err = s
        .client
        .call_err(
            "discord_list_members",
            json!({"server_id": "1", "limit": 5000}),
        )
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
}

#[tokio::test]
async fn list_channels_with_kinds() {
    let s = setup().await;
    req("GET", "/guilds/1/channels")
        .respond(
            &s.fake,
            200,
            json!([
                {"id": "20", "type": 4, "guild_id": "1", "name": "Text Channels", "position": 0, "permission_overwrites": [], "nsfw": false, "parent_id": null},
                {"id": "21", "type": 0, "guild_id": "1", "name": "general", "position": 0, "permission_overwrites": [], "rate_limit_per_user": 0, "nsfw": false, "topic": "24/7 chat about how to gank Mike #2", "last_message_id": "155117677105512449", "parent_id": "20"}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("discord_list_channels", json!({"server_id": "1"}))
        .await;
    assert_eq!(v["channels"][0]["kind"], "category");
    assert_eq!(v["channels"][1]["kind"], "text");
    assert_eq!(v["channels"][1]["parent_id"], "20");
    assert!(v["channels"][1].get("permission_overwrites").is_none());
}

#[tokio::test]
async fn list_channels_unknown_guild() {
    let s = setup().await;
    req("GET", "/guilds/9/channels")
        .respond(&s.fake, 404, discord_error(10004, "Unknown Guild"))
        .await;
    let err = s
        .client
        .call_err("discord_list_channels", json!({"server_id": "9"}))
        .await;
    assert!(
        err.contains("Unknown Guild") && err.contains("invite the bot"),
        "{err}"
    );
}

#[tokio::test]
async fn create_text_channel_in_category() {
    let s = setup().await;
    req("POST", "/guilds/1/channels")
        .json_body(json!({"name": "release-notes", "type": 0, "topic": "What shipped", "parent_id": "20"}))
        .respond(
            &s.fake,
            201,
            json!({"id": "22", "type": 0, "guild_id": "1", "name": "release-notes", "position": 3, "permission_overwrites": [], "nsfw": false, "topic": "What shipped", "parent_id": "20", "rate_limit_per_user": 0, "last_message_id": null}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "discord_create_text_channel",
            json!({"server_id": "1", "name": "release-notes", "category_id": "20", "topic": "What shipped"}),
        )
        .await;
    assert_eq!(v["id"], "22");
    assert_eq!(v["kind"], "text");
    assert_eq!(v["parent_id"], "20");
}

#[tokio::test]
async fn create_text_channel_without_permission_and_bad_name() {
    let s = setup().await;
    req("POST", "/guilds/1/channels")
        .json_body(json!({"name": "x", "type": 0}))
        .respond(&s.fake, 403, discord_error(50013, "Missing Permissions"))
        .await;
    let err = s
        .client
        .call_err(
            "discord_create_text_channel",
            json!({"server_id": "1", "name": "x"}),
        )
        .await;
    assert!(
        err.contains("Missing Permissions") && err.contains("Manage Channels"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "discord_create_text_channel",
            json!({"server_id": "1", "name": "  "}),
        )
        .await;
    assert!(err.contains("`name`"), "{err}");
}
