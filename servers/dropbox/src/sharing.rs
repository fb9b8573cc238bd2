//! Sharing (the `sharing` namespace): shared links, members of shared files and folders,
//! sharing and unsharing folders (async jobs polled to completion), shared folders and files
//! received, and checking sharing jobs.

mod files;
mod folders;
mod jobs;
mod links;
mod members;

use files::{
    add_file_member, list_file_members, list_received_files, remove_file_member, unshare_file,
};
use folders::{
    add_folder_member, list_folder_members, list_shared_folders, remove_folder_member,
    share_folder, unshare_folder,
};
use jobs::check_job_status;
use links::{get_shared_links, share_file};
use mcp_shared::{Effect, ToolDef, tool};
use serde_json::{Value, json};

use crate::api::items;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_share_file",
            "Create shared link",
            Effect::Write,
            share_file,
        )
        .toolset("sharing"),
        tool(
            "dropbox_get_shared_links",
            "List shared links",
            Effect::Read,
            get_shared_links,
        )
        .toolset("sharing"),
        tool(
            "dropbox_add_file_member",
            "Add file member",
            Effect::Write,
            add_file_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_file_members",
            "List file members",
            Effect::Read,
            list_file_members,
        )
        .toolset("sharing"),
        tool(
            "dropbox_remove_file_member",
            "Remove file member",
            Effect::Destructive,
            remove_file_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_share_folder",
            "Share folder",
            Effect::Write,
            share_folder,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_folder_members",
            "List folder members",
            Effect::Read,
            list_folder_members,
        )
        .toolset("sharing"),
        tool(
            "dropbox_add_folder_member",
            "Add folder member",
            Effect::Write,
            add_folder_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_remove_folder_member",
            "Remove folder member",
            Effect::Destructive,
            remove_folder_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_shared_folders",
            "List shared folders",
            Effect::Read,
            list_shared_folders,
        )
        .toolset("sharing"),
        tool(
            "dropbox_unshare_file",
            "Unshare file",
            Effect::Destructive,
            unshare_file,
        )
        .toolset("sharing"),
        tool(
            "dropbox_unshare_folder",
            "Unshare folder",
            Effect::Destructive,
            unshare_folder,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_received_files",
            "List files shared with me",
            Effect::Read,
            list_received_files,
        )
        .toolset("sharing"),
        tool(
            "dropbox_check_job_status",
            "Check sharing job",
            Effect::Read,
            check_job_status,
        )
        .toolset("sharing"),
    ]
}

fn entries_page(v: &Value, item: fn(&Value) -> Value) -> Value {
    json!({
        "entries": items(v, "entries", item),
        "cursor": v.get("cursor").cloned().unwrap_or(Value::Null),
    })
}
