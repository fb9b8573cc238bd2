//! Downloading an e-print and unpacking it in memory: a gzipped tar, a plain tar, a single
//! gzipped `.tex`, or a PDF (no source). Sizes and entry counts are capped, unsafe paths
//! ignored, nothing is written to disk.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::path::Component;

use flate2::read::GzDecoder;
use mcp_shared::{Ctx, ErrorKind, Method, ToolError};

/// Most bytes of the unpacked source kept (all files together).
const MAX_UNPACKED: u64 = 64 * 1024 * 1024;
/// Most archive entries looked at.
const MAX_ENTRIES: usize = 5_000;

/// The text files of a paper's source, by path inside the archive (`sec/intro.tex`).
pub type Files = BTreeMap<String, String>;

/// `id` as arXiv names papers: `YYMM.NNNN[N][vN]` or `archive[.XX]/YYMMNNN[vN]`, with an optional
/// `arXiv:` prefix (dropped); anything else is an invalid-input error.
pub fn arxiv_id(id: &str) -> Result<String, ToolError> {
    let id = id.trim();
    let id = id
        .strip_prefix("arXiv:")
        .or_else(|| id.strip_prefix("arxiv:"))
        .unwrap_or(id);
    if is_new_id(id) || is_old_id(id) {
        return Ok(id.to_owned());
    }
    Err(ToolError::invalid_input(format!(
        "`{id}` is not an arXiv id: use `2401.12345` (optionally with a version, `2401.12345v2`) or an old-style id such as `hep-th/9901001`."
    )))
}

fn digits(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

/// `""` or `vN`.
fn version_ok(v: Option<&str>) -> bool {
    v.is_none_or(|v| digits(v, 1, 3))
}

fn is_new_id(id: &str) -> bool {
    let (num, version) = split_version(id);
    let Some((yymm, seq)) = num.split_once('.') else {
        return false;
    };
    digits(yymm, 4, 4) && digits(seq, 4, 5) && version_ok(version)
}

fn is_old_id(id: &str) -> bool {
    let (num, version) = split_version(id);
    let Some((archive, seq)) = num.split_once('/') else {
        return false;
    };
    let (name, class) = archive.split_once('.').unwrap_or((archive, ""));
    let name_ok = !name.is_empty()
        && name.len() <= 20
        && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    let class_ok =
        class.is_empty() || (class.len() == 2 && class.bytes().all(|b| b.is_ascii_uppercase()));
    name_ok && class_ok && digits(seq, 7, 7) && version_ok(version)
}

fn split_version(id: &str) -> (&str, Option<&str>) {
    match id.rfind('v') {
        Some(i) if i > 0 => match (id.get(..i), id.get(i + 1..)) {
            (Some(name), Some(v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                (name, Some(v))
            }
            _ => (id, None),
        },
        _ => (id, None),
    }
}

/// Download and unpack the source of `id` (already checked by [`arxiv_id`]).
pub async fn fetch(ctx: &Ctx, id: &str) -> Result<Files, ToolError> {
    // Old-style ids keep their `/`: arXiv serves them at /e-print/hep-th/9901001.
    let resp = ctx
        .authorized(Method::GET, &format!("/e-print/{id}"))?
        .send()
        .await?;
    unpack(id, &resp.body)
}

fn upstream(msg: String) -> ToolError {
    ToolError::new(ErrorKind::Upstream, msg)
}

/// The text files of an e-print body.
pub fn unpack(id: &str, body: &[u8]) -> Result<Files, ToolError> {
    if body.starts_with(b"%PDF") {
        return Err(upstream(format!(
            "arXiv has no LaTeX source for {id}: the authors submitted only a PDF."
        ))
        .with_hint("read the PDF at https://arxiv.org/pdf/{id} instead.".replace("{id}", id)));
    }
    let data = if body.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        GzDecoder::new(body)
            .take(MAX_UNPACKED + 1)
            .read_to_end(&mut out)
            .map_err(|e| upstream(format!("the source of {id} is not valid gzip ({e}).")))?;
        if out.len() as u64 > MAX_UNPACKED {
            return Err(too_big(id));
        }
        out
    } else {
        body.to_vec()
    };
    if is_tar(&data) {
        return untar(id, &data);
    }
    if data.starts_with(b"%PDF") {
        return Err(upstream(format!(
            "arXiv has no LaTeX source for {id}: the authors submitted only a PDF."
        )));
    }
    match String::from_utf8(data) {
        Ok(text) if text.contains("\\documentclass") || text.contains("\\begin{document}") => {
            Ok(Files::from([("main.tex".to_owned(), text)]))
        }
        _ => Err(upstream(format!(
            "the source of {id} is neither a tar archive nor a LaTeX file."
        ))
        .with_hint(
            "the paper may have no TeX source; check https://arxiv.org/abs/{id}."
                .replace("{id}", id),
        )),
    }
}

fn too_big(id: &str) -> ToolError {
    upstream(format!(
        "the source of {id} unpacks to more than {} MB; it is not read.",
        MAX_UNPACKED / (1024 * 1024)
    ))
}

fn is_tar(data: &[u8]) -> bool {
    data.get(257..262) == Some(b"ustar")
}

/// Whether a path from the archive is safe: relative, without `..`.
fn safe_path(p: &std::path::Path) -> Option<String> {
    let mut parts = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?.to_owned()),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

fn is_text_source(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".tex", ".ltx", ".bbl"].iter().any(|e| lower.ends_with(e))
}

fn untar(id: &str, data: &[u8]) -> Result<Files, ToolError> {
    let bad = |e: std::io::Error| upstream(format!("the source archive of {id} is damaged ({e})."));
    let mut archive = tar::Archive::new(Cursor::new(data));
    let mut files = Files::new();
    let mut total = 0u64;
    for (n, entry) in archive.entries().map_err(bad)?.enumerate() {
        if n >= MAX_ENTRIES {
            break;
        }
        let mut entry = entry.map_err(bad)?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let Some(path) = entry.path().ok().and_then(|p| safe_path(&p)) else {
            continue;
        };
        if !is_text_source(&path) {
            continue;
        }
        let mut buf = Vec::new();
        (&mut entry)
            .take(MAX_UNPACKED - total + 1)
            .read_to_end(&mut buf)
            .map_err(bad)?;
        total += buf.len() as u64;
        if total > MAX_UNPACKED {
            return Err(too_big(id));
        }
        files.insert(path, String::from_utf8_lossy(&buf).into_owned());
    }
    Ok(files)
}
