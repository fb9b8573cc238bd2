//! The built-in slide templates (their elements, roles and positions) and their JSON description.

use mcp_shared::ToolError;
use serde_json::{Value, json};

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Text,
    Bullets,
    Image,
    Chart,
    /// A filled box with text.
    Box,
    /// A decorative bar (no content).
    Bar,
}

pub(super) struct El {
    pub(super) role: &'static str,
    pub(super) kind: Kind,
    pub(super) pos: (f64, f64, f64, f64),
    pub(super) size: i64,
    pub(super) bold: bool,
    pub(super) italic: bool,
    pub(super) color: &'static str,
    pub(super) align: &'static str,
}

const fn el(
    role: &'static str,
    kind: Kind,
    pos: (f64, f64, f64, f64),
    size: i64,
    bold: bool,
    color: &'static str,
    align: &'static str,
) -> El {
    El {
        role,
        kind,
        pos,
        size,
        bold,
        italic: false,
        color,
        align,
    }
}

pub(super) struct Tpl {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) description: &'static str,
    /// Solid background from the scheme's light or primary colour.
    pub(super) background: Option<&'static str>,
    pub(super) elements: &'static [El],
}

const TITLE: El = el(
    "title",
    Kind::Text,
    (0.5, 0.4, 9.0, 1.0),
    36,
    true,
    "primary",
    "l",
);
const BAR: El = el(
    "",
    Kind::Bar,
    (0.5, 1.35, 9.0, 0.06),
    0,
    false,
    "accent",
    "l",
);

pub(super) const TEMPLATES: &[Tpl] = &[
    Tpl {
        id: "title_slide",
        name: "Title slide",
        description: "A large centred title with a subtitle and an accent bar.",
        background: Some("light"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.3, 8.5, 1.5),
                44,
                true,
                "primary",
                "ctr",
            ),
            el(
                "",
                Kind::Bar,
                (3.5, 3.9, 3.0, 0.08),
                0,
                false,
                "accent",
                "l",
            ),
            el(
                "subtitle",
                Kind::Text,
                (0.75, 4.2, 8.5, 1.0),
                24,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "title_content",
        name: "Title and content",
        description: "A title and a list of bullet points.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (0.7, 1.7, 8.6, 5.0),
                20,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "agenda_slide",
        name: "Agenda",
        description: "A title and the agenda items as a numbered-looking list.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (1.0, 1.7, 8.0, 5.0),
                24,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "section_header",
        name: "Section header",
        description: "A section title and subtitle on a coloured background.",
        background: Some("primary"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.6, 8.5, 1.4),
                40,
                true,
                "white",
                "l",
            ),
            el(
                "subtitle",
                Kind::Text,
                (0.75, 4.0, 8.5, 1.0),
                22,
                false,
                "light",
                "l",
            ),
        ],
    },
    Tpl {
        id: "two_column_text",
        name: "Two columns of text",
        description: "A title over two columns of bullet points.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "left_content",
                Kind::Bullets,
                (0.5, 1.7, 4.3, 5.0),
                18,
                false,
                "text",
                "l",
            ),
            el(
                "right_content",
                Kind::Bullets,
                (5.2, 1.7, 4.3, 5.0),
                18,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "text_with_image",
        name: "Text with image",
        description: "A title, bullet points on the left and a picture on the right (image_paths.image).",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (0.5, 1.7, 4.6, 5.0),
                18,
                false,
                "text",
                "l",
            ),
            el(
                "image",
                Kind::Image,
                (5.4, 1.8, 4.1, 4.1),
                0,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "image_slide",
        name: "Picture",
        description: "A title and a large picture (image_paths.image) with a caption.",
        background: None,
        elements: &[
            TITLE,
            el(
                "image",
                Kind::Image,
                (1.5, 1.5, 7.0, 4.8),
                0,
                false,
                "text",
                "l",
            ),
            el(
                "caption",
                Kind::Text,
                (1.0, 6.5, 8.0, 0.6),
                14,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "chart_slide",
        name: "Chart",
        description: "A title and a chart; content_mapping.chart is {type, categories, series: [{name, values}]}.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "chart",
                Kind::Chart,
                (0.8, 1.7, 8.4, 5.2),
                0,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "key_metrics",
        name: "Key metrics",
        description: "A title and up to three metric boxes (metric_1, metric_2, metric_3) with labels (label_1...).",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "metric_1",
                Kind::Box,
                (0.6, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "metric_2",
                Kind::Box,
                (3.65, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "metric_3",
                Kind::Box,
                (6.7, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "label_1",
                Kind::Text,
                (0.6, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
            el(
                "label_2",
                Kind::Text,
                (3.65, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
            el(
                "label_3",
                Kind::Text,
                (6.7, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "quote_slide",
        name: "Quote",
        description: "A large quote and its author.",
        background: Some("light"),
        elements: &[
            El {
                role: "quote",
                kind: Kind::Text,
                pos: (1.0, 2.0, 8.0, 2.5),
                size: 32,
                bold: false,
                italic: true,
                color: "primary",
                align: "ctr",
            },
            el(
                "author",
                Kind::Text,
                (1.0, 4.7, 8.0, 0.8),
                20,
                false,
                "text",
                "r",
            ),
        ],
    },
    Tpl {
        id: "thank_you_slide",
        name: "Thank you",
        description: "A closing slide: title (default \"Thank You\") and contact details.",
        background: Some("primary"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.5, 8.5, 1.5),
                48,
                true,
                "white",
                "ctr",
            ),
            el(
                "contact",
                Kind::Text,
                (0.75, 4.2, 8.5, 1.2),
                20,
                false,
                "light",
                "ctr",
            ),
        ],
    },
];

pub(super) fn template(id: &str) -> Result<&'static Tpl, ToolError> {
    TEMPLATES
        .iter()
        .find(|t| t.id.eq_ignore_ascii_case(id.trim()))
        .ok_or_else(|| {
            let ids: Vec<&str> = TEMPLATES.iter().map(|t| t.id).collect();
            ToolError::invalid_input(format!(
                "template_id {id:?} is not one of {}",
                ids.join(", ")
            ))
        })
}

pub(super) fn tpl_json(t: &Tpl) -> Value {
    let roles: Vec<Value> = t
        .elements
        .iter()
        .filter(|e| !e.role.is_empty())
        .map(|e| {
            let kind = match e.kind {
                Kind::Text => "text",
                Kind::Bullets => "bullets (a list of strings, or lines)",
                Kind::Image => "image (a workspace path in image_paths)",
                Kind::Chart => "chart ({type, categories, series: [{name, values}]})",
                Kind::Box => "metric box text",
                Kind::Bar => "decoration",
            };
            json!({"role": e.role, "kind": kind, "left": e.pos.0, "top": e.pos.1, "width": e.pos.2, "height": e.pos.3})
        })
        .collect();
    json!({"template_id": t.id, "name": t.name, "description": t.description, "content_roles": roles})
}
