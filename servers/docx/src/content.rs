//! Content: paragraphs, headings, lists, pictures, tables, page breaks; insertion near a
//! text, deletion, block replacement; search and replace; custom styles and run formatting.

mod add;
mod edit;
mod format;
mod insert;

use mcp_shared::{Effect, ToolDef, tool};

use add::{add_heading, add_page_break, add_paragraph, add_picture, add_table};
use edit::{delete_paragraph, replace_below_header, replace_between_anchors, search_and_replace};
use format::{create_custom_style, format_text};
use insert::{insert_header_near_text, insert_line_near_text, insert_list_near_text};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "add_paragraph",
            "Add paragraph",
            Effect::Write,
            add_paragraph,
        )
        .toolset("content"),
        tool("add_heading", "Add heading", Effect::Write, add_heading).toolset("content"),
        tool("add_picture", "Add picture", Effect::Write, add_picture).toolset("content"),
        tool("add_table", "Add table", Effect::Write, add_table).toolset("content"),
        tool(
            "add_page_break",
            "Add page break",
            Effect::Write,
            add_page_break,
        )
        .toolset("content"),
        tool(
            "delete_paragraph",
            "Delete paragraph",
            Effect::Destructive,
            delete_paragraph,
        )
        .toolset("content"),
        tool(
            "search_and_replace",
            "Search and replace",
            Effect::Destructive,
            search_and_replace,
        )
        .toolset("content"),
        tool(
            "insert_header_near_text",
            "Insert heading near text",
            Effect::Write,
            insert_header_near_text,
        )
        .toolset("content"),
        tool(
            "insert_line_or_paragraph_near_text",
            "Insert paragraph near text",
            Effect::Write,
            insert_line_near_text,
        )
        .toolset("content"),
        tool(
            "insert_numbered_list_near_text",
            "Insert list near text",
            Effect::Write,
            insert_list_near_text,
        )
        .toolset("content"),
        tool(
            "replace_paragraph_block_below_header",
            "Replace block below heading",
            Effect::Destructive,
            replace_below_header,
        )
        .toolset("content"),
        tool(
            "replace_block_between_manual_anchors",
            "Replace block between anchors",
            Effect::Destructive,
            replace_between_anchors,
        )
        .toolset("content"),
        tool(
            "create_custom_style",
            "Create custom style",
            Effect::IdempotentWrite,
            create_custom_style,
        )
        .toolset("format"),
        tool(
            "format_text",
            "Format text range",
            Effect::IdempotentWrite,
            format_text,
        )
        .toolset("format"),
    ]
}
