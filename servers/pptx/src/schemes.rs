//! The colour schemes (modern_blue, corporate_gray, elegant_green, warm_red) slides, backgrounds
//! and charts are coloured from.

use mcp_shared::ToolError;
use serde_json::{Value, json};

use crate::deck::hex;

/// A colour scheme.
pub struct Scheme {
    pub name: &'static str,
    pub primary: [i64; 3],
    pub secondary: [i64; 3],
    pub accent: [i64; 3],
    pub light: [i64; 3],
    pub text: [i64; 3],
}

pub const SCHEMES: &[Scheme] = &[
    Scheme {
        name: "modern_blue",
        primary: [0, 120, 215],
        secondary: [40, 40, 40],
        accent: [0, 176, 240],
        light: [240, 248, 255],
        text: [51, 51, 51],
    },
    Scheme {
        name: "corporate_gray",
        primary: [68, 84, 106],
        secondary: [32, 32, 32],
        accent: [0, 112, 192],
        light: [242, 242, 242],
        text: [64, 64, 64],
    },
    Scheme {
        name: "elegant_green",
        primary: [70, 136, 71],
        secondary: [36, 36, 36],
        accent: [146, 208, 80],
        light: [242, 248, 238],
        text: [48, 48, 48],
    },
    Scheme {
        name: "warm_red",
        primary: [192, 80, 77],
        secondary: [64, 64, 64],
        accent: [247, 150, 70],
        light: [253, 242, 242],
        text: [58, 58, 58],
    },
];

pub fn scheme(name: &str) -> Result<&'static Scheme, ToolError> {
    SCHEMES
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = SCHEMES.iter().map(|s| s.name).collect();
            ToolError::invalid_input(format!(
                "color_scheme {name:?} is not one of {}",
                names.join(", ")
            ))
        })
}

impl Scheme {
    pub fn hex(&self, role: &str) -> String {
        let c = match role {
            "primary" => self.primary,
            "secondary" => self.secondary,
            "accent" => self.accent,
            "light" => self.light,
            "white" => [255, 255, 255],
            _ => self.text,
        };
        hex("color", &c).unwrap_or_else(|_| "000000".into())
    }

    pub fn chart_colors(&self) -> Vec<String> {
        ["primary", "accent", "secondary", "text"]
            .iter()
            .map(|r| self.hex(r))
            .collect()
    }

    pub fn json(&self) -> Value {
        json!({"name": self.name, "primary": self.primary, "secondary": self.secondary, "accent": self.accent, "light": self.light, "text": self.text})
    }
}
