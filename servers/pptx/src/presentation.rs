//! Presentations: create, open (a file or a template), save, list, switch, information and
//! document properties.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::blank::{ct, rt};
use crate::deck::{self, Deck, inches};
use crate::store::{MAX_DECK_BYTES, MAX_FILE_BYTES, MAX_OPEN, Server};
use crate::x::{self, kid};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "list_presentations",
            "List open presentations",
            Effect::Read,
            list_presentations,
        )
        .toolset("presentations"),
        tool(
            "switch_presentation",
            "Switch presentation",
            Effect::IdempotentWrite,
            switch_presentation,
        )
        .toolset("presentations"),
        tool(
            "get_server_info",
            "Server information",
            Effect::Read,
            get_server_info,
        )
        .toolset("presentations"),
        tool(
            "create_presentation",
            "Create presentation",
            Effect::Write,
            create_presentation,
        )
        .toolset("presentations"),
        tool(
            "create_presentation_from_template",
            "Create presentation from template",
            Effect::Write,
            create_from_template,
        )
        .toolset("presentations"),
        tool(
            "open_presentation",
            "Open presentation",
            Effect::Write,
            open_presentation,
        )
        .toolset("presentations"),
        tool(
            "save_presentation",
            "Save presentation",
            Effect::Destructive,
            save_presentation,
        )
        .toolset("presentations"),
        tool(
            "get_presentation_info",
            "Presentation information",
            Effect::Read,
            get_presentation_info,
        )
        .toolset("presentations"),
        tool(
            "get_template_file_info",
            "Template file information",
            Effect::Read,
            get_template_file_info,
        )
        .toolset("presentations"),
        tool(
            "set_core_properties",
            "Set document properties",
            Effect::IdempotentWrite,
            set_core_properties,
        )
        .toolset("presentations"),
    ]
}

/// The open presentations: ids, slide counts, the file each came from or was saved to, and
/// which is current (used without presentation_id).
#[derive(Deserialize, JsonSchema)]
pub struct ListPresentations {}

async fn list_presentations(ctx: Ctx, _a: ListPresentations) -> Result<Value, ToolError> {
    let (list, current) = Server::of(&ctx)?.list()?;
    let items: Vec<Value> = list
        .iter()
        .map(|l| json!({"id": l.id, "slide_count": l.slides, "file_path": l.file, "is_current": l.current}))
        .collect();
    Ok(
        json!({"presentations": items, "current_presentation_id": current, "total_presentations": items.len()}),
    )
}

/// Make an open presentation the current one (used without presentation_id).
#[derive(Deserialize, JsonSchema)]
pub struct SwitchPresentation {
    /// See list_presentations
    presentation_id: String,
}

async fn switch_presentation(ctx: Ctx, a: SwitchPresentation) -> Result<Value, ToolError> {
    let id = Server::of(&ctx)?.switch(&a.presentation_id)?;
    Ok(json!({"message": format!("Switched to presentation {id}"), "current_presentation_id": id}))
}

/// This server's version, workspace, limits, tool groups, open presentations and
/// unsupported operations.
#[derive(Deserialize, JsonSchema)]
pub struct ServerInfo {}

async fn get_server_info(ctx: Ctx, _a: ServerInfo) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let (list, current) = s.list()?;
    Ok(json!({
        "name": "pptx-mcp-server",
        "version": env!("CARGO_PKG_VERSION"),
        "workspace": s.ws.root().display().to_string(),
        "open_presentations": list.len(),
        "current_presentation_id": current,
        "limits": {
            "max_open_presentations": MAX_OPEN,
            "max_presentation_mib": MAX_DECK_BYTES / (1024 * 1024),
            "max_file_mib": MAX_FILE_BYTES / (1024 * 1024),
        },
        "units": "inches; colours as [r, g, b]; indexes from 0",
        "tool_groups": ["presentations", "content", "structure", "design"],
        "not_supported": {
            "manage_image enhance": "image filters need an image library this server does not have; edit the picture elsewhere, then add it",
            "manage_fonts optimize": "font subsetting is not done here; use fontTools' pyftsubset",
        },
        "note": "presentations are kept in memory until save_presentation; a restart loses unsaved ones",
    }))
}

/// Create an empty presentation in memory (10 x 7.5 inches, one master with the usual 11
/// layouts: see add_slide) and make it current. Nothing is written until save_presentation.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePresentation {
    /// Default: presentation_<n>; replaces an open one with this id
    id: Option<String>,
}

async fn create_presentation(ctx: Ctx, a: CreatePresentation) -> Result<Value, ToolError> {
    let (id, replaced) = Server::of(&ctx)?.insert(a.id, Deck::new_blank())?;
    Ok(json!({
        "presentation_id": id,
        "message": format!("Created new presentation with ID: {id}"),
        "slide_count": 0,
        "replaced_open_presentation": replaced,
    }))
}

/// Start a new presentation (made current) from a .pptx or .potx file of the workspace,
/// keeping its masters, layouts, theme and slides; the file is not changed.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFromTemplate {
    template_path: String,
    /// Default: presentation_<n>
    id: Option<String>,
}

async fn create_from_template(ctx: Ctx, a: CreateFromTemplate) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let bytes = s
        .read_file("template_path", a.template_path.clone())
        .await?;
    let mut deck = Deck::read(&bytes, &a.template_path)?;
    deck.file = None;
    // A .potx declares a template main part; as a presentation it is a .pptx.
    let main = deck.main_part()?;
    if deck
        .pkg
        .content_type(&main)
        .is_some_and(|t| t.contains("template.main"))
    {
        deck.pkg.set_content_type(
            &main,
            "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        )?;
    }
    let slides = deck.slides()?.len();
    let layouts = deck.layouts()?.len();
    let (id, _) = s.insert(a.id, deck)?;
    Ok(json!({
        "presentation_id": id,
        "message": format!("Created new presentation with ID: {id} from template {}", a.template_path),
        "template_path": a.template_path,
        "slide_count": slides,
        "layout_count": layouts,
    }))
}

/// Open a .pptx file of the workspace in memory and make it current. Parts this server does
/// not understand are written back unchanged.
#[derive(Deserialize, JsonSchema)]
pub struct OpenPresentation {
    file_path: String,
    /// Default: presentation_<n>; replaces an open one with this id
    id: Option<String>,
}

async fn open_presentation(ctx: Ctx, a: OpenPresentation) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let bytes = s.read_file("file_path", a.file_path.clone()).await?;
    let deck = Deck::read(&bytes, &a.file_path)?;
    let slides = deck.slides()?.len();
    let (id, _) = s.insert(a.id, deck)?;
    Ok(json!({
        "presentation_id": id,
        "message": format!("Opened presentation from {} with ID: {id}", a.file_path),
        "slide_count": slides,
    }))
}

/// Write a presentation to a .pptx file of the workspace (atomically replaced; missing
/// directories are created).
#[derive(Deserialize, JsonSchema)]
pub struct SavePresentation {
    file_path: String,
    /// Default: current
    presentation_id: Option<String>,
}

async fn save_presentation(ctx: Ctx, a: SavePresentation) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let target = s.ws.path("file_path", &a.file_path)?;
    if target.is_root() {
        return Err(ToolError::invalid_input(
            "`file_path` names the workspace itself: give a file name such as deck.pptx",
        ));
    }
    let (id, bytes) = s.read(a.presentation_id.as_deref(), |id, deck| {
        Ok((id.to_owned(), deck.pkg.write()?))
    })?;
    let path = a.file_path.clone();
    let size = bytes.len();
    s.ws.run(move |ws| {
        let p = ws.path("file_path", &path)?;
        if let Some(parent) = p.rel().parent().and_then(|d| d.to_str())
            && !parent.is_empty()
        {
            let dir = ws.path("file_path", parent)?;
            ws.create_dir_all("file_path", &dir)?;
        }
        ws.write("file_path", &p, &bytes)?;
        Ok(())
    })
    .await?;
    s.set_file(&id, &a.file_path)?;
    Ok(json!({
        "message": format!("Presentation saved to {}", a.file_path),
        "file_path": a.file_path,
        "presentation_id": id,
        "bytes": size,
    }))
}

/// Slide size, slides, layouts and properties of a presentation.
pub fn summary(deck: &Deck) -> Result<Value, ToolError> {
    let (cx, cy) = deck.size()?;
    let mut slides = Vec::new();
    for (i, s) in deck.slides()?.iter().enumerate() {
        let layout = deck.layout_of(s)?.map(|l| deck.part_name(&l));
        let xml = deck.pkg.xml(s)?;
        let tree = deck::sp_tree(&xml)?;
        let title = deck::shapes(&xml.xot, tree).into_iter().find_map(|sh| {
            let p = deck::ph(&xml.xot, sh)?;
            let (_, ty) = deck::ph_idx_type(&xml.xot, p);
            (ty == "title" || ty == "ctrTitle")
                .then(|| deck::tx_body(&xml.xot, sh).map(|b| x::text_of(&xml.xot, b)))
                .flatten()
        });
        slides.push(json!({
            "index": i,
            "layout": layout,
            "title": title,
            "shape_count": deck::shapes(&xml.xot, tree).len(),
        }));
    }
    let layouts: Vec<Value> = deck
        .layouts()?
        .iter()
        .enumerate()
        .map(|(i, l)| json!({"index": i, "name": deck.part_name(l)}))
        .collect();
    Ok(json!({
        "slide_count": slides.len(),
        "slides": slides,
        "slide_width": inches(cx),
        "slide_height": inches(cy),
        "layouts": layouts,
        "slide_master_count": deck.masters()?.len(),
        "core_properties": core_properties(deck),
    }))
}

/// Slide count, size, layouts, slide titles and document properties of a presentation.
#[derive(Deserialize, JsonSchema)]
pub struct PresentationInfo {
    /// Default: current
    presentation_id: Option<String>,
}

async fn get_presentation_info(ctx: Ctx, a: PresentationInfo) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |id, deck| {
        let mut v = summary(deck)?;
        v["presentation_id"] = json!(id);
        v["file_path"] = json!(deck.file);
        Ok(v)
    })
}

/// A .pptx/.potx file's layouts with their placeholders, slide size, slides and
/// properties, without opening it.
#[derive(Deserialize, JsonSchema)]
pub struct TemplateFileInfo {
    template_path: String,
}

async fn get_template_file_info(ctx: Ctx, a: TemplateFileInfo) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let bytes = s
        .read_file("template_path", a.template_path.clone())
        .await?;
    let deck = Deck::read(&bytes, &a.template_path)?;
    let mut v = summary(&deck)?;
    let mut layouts = Vec::new();
    for (i, l) in deck.layouts()?.iter().enumerate() {
        let xml = deck.pkg.xml(l)?;
        let tree = deck::sp_tree(&xml)?;
        let phs: Vec<Value> = deck::shapes(&xml.xot, tree)
            .into_iter()
            .filter_map(|sh| {
                let p = deck::ph(&xml.xot, sh)?;
                let (idx, ty) = deck::ph_idx_type(&xml.xot, p);
                let name = deck::c_nv_pr(&xml.xot, sh).and_then(|c| x::attr(&xml.xot, c, "name"));
                Some(json!({"idx": idx, "type": ty, "name": name}))
            })
            .collect();
        layouts.push(json!({"index": i, "name": deck.part_name(l), "placeholders": phs}));
    }
    v["layouts"] = json!(layouts);
    v["template_path"] = json!(a.template_path);
    Ok(v)
}

const CORE: &str = "docProps/core.xml";
const DC: &str = "http://purl.org/dc/elements/1.1/";
const CP: &str = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties";

const CORE_FIELDS: &[(&str, &str, &str)] = &[
    ("title", "title", DC),
    ("subject", "subject", DC),
    ("author", "creator", DC),
    ("keywords", "keywords", CP),
    ("comments", "description", DC),
    ("last_modified_by", "lastModifiedBy", CP),
    ("revision", "revision", CP),
];

pub fn core_properties(deck: &Deck) -> Value {
    let mut v = json!({});
    let Ok(xml) = deck.pkg.xml(&core_part(deck)) else {
        return v;
    };
    let Ok(root) = xml.root() else { return v };
    for (key, local, _) in CORE_FIELDS {
        if let Some(n) = kid(&xml.xot, root, local) {
            v[*key] = json!(xml.xot.text_content_str(n).unwrap_or(""));
        }
    }
    v
}

fn core_part(deck: &Deck) -> String {
    deck.pkg
        .relationships("")
        .ok()
        .and_then(|r| r.into_iter().find(|r| r.rel_type == rt::CORE))
        .map(|r| mcp_vendor_office::resolve_target("", &r.target))
        .unwrap_or_else(|| CORE.to_owned())
}

/// Set document properties (title, subject, author, keywords, comments) of a presentation;
/// properties not given keep their value.
#[derive(Deserialize, JsonSchema)]
pub struct CoreProperties {
    title: Option<String>,
    subject: Option<String>,
    author: Option<String>,
    keywords: Option<String>,
    /// The description (comments) property
    comments: Option<String>,
    /// Default: current
    presentation_id: Option<String>,
}

async fn set_core_properties(ctx: Ctx, a: CoreProperties) -> Result<Value, ToolError> {
    let values = [
        ("title", a.title),
        ("subject", a.subject),
        ("author", a.author),
        ("keywords", a.keywords),
        ("comments", a.comments),
    ];
    if values.iter().all(|(_, v)| v.is_none()) {
        return Err(ToolError::invalid_input(
            "give at least one of title, subject, author, keywords, comments",
        ));
    }
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let part = core_part(deck);
        if deck.pkg.part(&part).is_none() {
            deck.pkg
                .set_part(&part, crate::blank::core_xml("").into_bytes());
            deck.pkg.set_content_type(&part, ct::CORE)?;
            deck.pkg.add_relationship("", rt::CORE, &part, false)?;
        }
        deck.edit(&part, |xml| {
            let root = xml.root()?;
            for (key, value) in &values {
                let Some(value) = value else { continue };
                let Some((_, local, uri)) = CORE_FIELDS.iter().find(|(k, _, _)| k == key) else {
                    continue;
                };
                let node = match kid(&xml.xot, root, local) {
                    Some(n) => n,
                    None => {
                        let nsid = xml.xot.add_namespace(uri);
                        let name = xml.xot.add_name_ns(local, nsid);
                        let n = xml.xot.new_element(name);
                        xml.xot.append(root, n).map_err(x::internal)?;
                        if xml.xot.namespaces(root).iter().all(|(_, u)| *u != nsid) {
                            let prefix = xml.xot.add_prefix(if *uri == DC { "dc" } else { "cp" });
                            xml.xot.set_namespace(root, prefix, nsid);
                        }
                        n
                    }
                };
                let old: Vec<_> = xml.xot.children(node).collect();
                for o in old {
                    xml.xot.remove(o).map_err(x::internal)?;
                }
                xml.xot.append_text(node, value).map_err(x::internal)?;
            }
            Ok(())
        })?;
        Ok(json!({"message": "Core properties updated", "core_properties": core_properties(deck)}))
    })
}
