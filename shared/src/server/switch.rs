//! On/off switches: the one parser behind every boolean flag and environment variable
//! (`--read-only` / `MCP_READ_ONLY`, `MCP_DIRECT`, a server's own switches...).
//!
//! Every switch accepts `1`/`0`, `true`/`false`, `yes`/`no`, `on`/`off` (any case; also
//! `y`/`n`, `t`/`f`), as clap's [`BoolishValueParser`] reads them; any other value is an
//! error that names the accepted spellings, never a silent `false`. An empty value is off.

use std::ffi::OsStr;

use clap::builder::{BoolishValueParser, TypedValueParser as _};

/// The spellings documented for every switch.
pub const SPELLINGS: &str = "1/0, true/false, yes/no, on/off";

/// The value parser of every boolean flag (with `ArgAction::SetTrue`, it reads the flag's
/// environment variable too).
pub fn value_parser() -> Switch {
    Switch
}

/// clap's [`BoolishValueParser`], with an error that names the environment variable and the
/// accepted spellings.
#[derive(Debug, Clone, Copy)]
pub struct Switch;

impl clap::builder::TypedValueParser for Switch {
    type Value = bool;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<bool, clap::Error> {
        let trimmed = value.to_string_lossy();
        if trimmed.trim().is_empty() {
            // `MCP_READ_ONLY=` (set, but empty) is off, as an unset variable.
            return Ok(false);
        }
        BoolishValueParser::new()
            .parse_ref(cmd, arg, OsStr::new(trimmed.trim()))
            .map_err(|_| {
                let name = arg.map_or_else(String::new, |a| {
                    let long = a.get_long().map(|l| format!("--{l}")).unwrap_or_default();
                    match a.get_env() {
                        Some(env) => format!(" for {long} / {}", env.to_string_lossy()),
                        None => format!(" for {long}"),
                    }
                });
                clap::Error::raw(
                    clap::error::ErrorKind::InvalidValue,
                    format!(
                        "invalid value '{}'{name}: a switch takes {SPELLINGS}\n",
                        value.to_string_lossy()
                    ),
                )
                .with_cmd(cmd)
            })
    }
}

/// A switch read outside clap (an environment variable that is no flag): `name` is only
/// for the error message.
pub fn parse(name: &str, value: &str) -> Result<bool, String> {
    BoolishValueParser::new()
        .parse_ref(
            &clap::Command::new("switch"),
            None,
            OsStr::new(value.trim()),
        )
        .map_err(|_| format!("{name}={value} is not a switch: use one of {SPELLINGS}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_spelling() {
        for v in ["1", "true", "yes", "on", "TRUE", "Yes", " on "] {
            assert_eq!(parse("X", v), Ok(true), "{v}");
        }
        for v in ["0", "false", "no", "off", "FALSE", "Off"] {
            assert_eq!(parse("X", v), Ok(false), "{v}");
        }
        let err = parse("MCP_DIRECT", "maybe").unwrap_err();
        assert!(
            err.contains("MCP_DIRECT=maybe") && err.contains(SPELLINGS),
            "{err}"
        );
    }
}
