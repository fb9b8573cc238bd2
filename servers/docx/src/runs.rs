//! Runs inside a paragraph: split at character positions (for formatting a range, or
//! putting a note reference after a text), and search and replace across runs.

use mcp_shared::ToolError;
use xot::Node;

use crate::xml::{WordXml, internal};

/// The runs of a paragraph in order, those in hyperlinks and tracked insertions included.
pub fn runs<X: WordXml + ?Sized>(x: &X, p: Node) -> Vec<Node> {
    let mut out = Vec::new();
    collect(x, p, &mut out);
    out
}

fn collect<X: WordXml + ?Sized>(x: &X, n: Node, out: &mut Vec<Node>) {
    for c in x.elements(n) {
        match x.w_local(c) {
            Some("r") => out.push(c),
            Some("hyperlink" | "ins" | "smartTag" | "fldSimple" | "customXml") => {
                collect(x, c, out)
            }
            _ => {}
        }
    }
}

/// How many characters a run's child stands for in the paragraph's text.
fn len_of<X: WordXml + ?Sized>(x: &X, c: Node) -> usize {
    match x.w_local(c) {
        Some("t") => x.string(c).chars().count(),
        Some("tab" | "br" | "cr" | "noBreakHyphen") => 1,
        _ => 0,
    }
}

fn run_len<X: WordXml + ?Sized>(x: &X, r: Node) -> usize {
    x.elements(r).into_iter().map(|c| len_of(x, c)).sum()
}

/// Replace the text of a `w:t`, keeping its spaces.
pub fn set_t<X: WordXml + ?Sized>(x: &mut X, t: Node, text: &str) -> Result<(), ToolError> {
    let xml = x.xml_mut();
    let kids: Vec<Node> = xml.xot.children(t).collect();
    for k in kids {
        xml.xot.remove(k).map_err(internal)?;
    }
    if !text.is_empty() {
        xml.xot.append_text(t, text).map_err(internal)?;
    }
    let space = xml.xot.xml_space_name();
    xml.xot
        .attributes_mut(t)
        .insert(space, "preserve".to_owned());
    Ok(())
}

/// Split run `r` so that its first `k` characters stay in it and the rest go to a copy
/// placed right after it.
fn split_run<X: WordXml + ?Sized>(x: &mut X, r: Node, k: usize) -> Result<(), ToolError> {
    let r2 = x.xml_mut().xot.clone_node(r);
    x.insert_after(r, r2)?;
    let left = x.elements(r);
    let right = x.elements(r2);
    let mut pos = 0usize;
    for (a, b) in left.into_iter().zip(right) {
        if x.w_local(a) == Some("rPr") {
            continue;
        }
        let l = len_of(x, a);
        if l == 0 {
            if pos < k {
                x.remove(b)?;
            } else {
                x.remove(a)?;
            }
        } else if pos + l <= k {
            x.remove(b)?;
        } else if pos >= k {
            x.remove(a)?;
        } else {
            // A w:t across the split.
            let chars: Vec<char> = x.string(a).chars().collect();
            let cut = k - pos;
            let head: String = chars.iter().take(cut).collect();
            let tail: String = chars.iter().skip(cut).collect();
            set_t(x, a, &head)?;
            set_t(x, b, &tail)?;
        }
        pos += l;
    }
    Ok(())
}

/// Make a run boundary at character `pos` of paragraph `p`: the run that ends there
/// (`None` when `pos` is 0 or before any run).
pub fn boundary<X: WordXml + ?Sized>(
    x: &mut X,
    p: Node,
    pos: usize,
) -> Result<Option<Node>, ToolError> {
    if pos == 0 {
        return Ok(None);
    }
    let mut at = 0usize;
    let mut last = None;
    for r in runs(x, p) {
        let l = run_len(x, r);
        if at >= pos {
            break;
        }
        if at + l > pos {
            split_run(x, r, pos - at)?;
            return Ok(Some(r));
        }
        at += l;
        last = Some(r);
    }
    Ok(last)
}

/// The runs that hold exactly the characters `[start, end)` of paragraph `p` (split as
/// needed).
pub fn isolate<X: WordXml + ?Sized>(
    x: &mut X,
    p: Node,
    start: usize,
    end: usize,
) -> Result<Vec<Node>, ToolError> {
    boundary(x, p, start)?;
    boundary(x, p, end)?;
    let mut at = 0usize;
    let mut out = Vec::new();
    for r in runs(x, p) {
        let l = run_len(x, r);
        if l > 0 && at >= start && at + l <= end {
            out.push(r);
        }
        at += l;
    }
    Ok(out)
}

/// The `w:t` elements whose nearest paragraph is `p`.
fn texts_of<X: WordXml + ?Sized>(x: &X, p: Node) -> Vec<Node> {
    x.wdesc(p, "t")
        .into_iter()
        .filter(|t| x.xml().xot.ancestors(*t).skip(1).find(|a| x.is_w(*a, "p")) == Some(p))
        .collect()
}

/// Replace every `find` in paragraph `p` with `repl`, across runs: the replacement takes
/// the formatting of the run where the match starts. How many were replaced.
pub fn replace_in_paragraph<X: WordXml + ?Sized>(
    x: &mut X,
    p: Node,
    find: &str,
    repl: &str,
) -> Result<usize, ToolError> {
    let ts = texts_of(x, p);
    let mut segs: Vec<Vec<char>> = ts.iter().map(|t| x.string(*t).chars().collect()).collect();
    let full: String = segs.iter().flatten().collect();
    if !full.contains(find) {
        return Ok(0);
    }
    let positions = crate::document::find_all(&full, find, true, false);
    let flen = find.chars().count();
    let repl: Vec<char> = repl.chars().collect();
    // Segment and offset of a character position (`end`: the position is an end).
    let locate = |segs: &Vec<Vec<char>>, pos: usize, end: bool| -> (usize, usize) {
        let mut at = 0;
        for (i, s) in segs.iter().enumerate() {
            let inside = if end {
                pos <= at + s.len()
            } else {
                pos < at + s.len()
            };
            if inside {
                return (i, pos - at);
            }
            at += s.len();
        }
        (
            segs.len().saturating_sub(1),
            segs.last().map_or(0, Vec::len),
        )
    };
    let mut changed = vec![false; segs.len()];
    for &s in positions.iter().rev() {
        let (i, oi) = locate(&segs, s, false);
        let (j, oj) = locate(&segs, s + flen, true);
        if i == j {
            if let Some(seg) = segs.get_mut(i) {
                seg.splice(oi..oj, repl.iter().copied());
            }
        } else {
            if let Some(seg) = segs.get_mut(i) {
                seg.splice(oi.., repl.iter().copied());
            }
            for k in i + 1..j {
                if let Some(seg) = segs.get_mut(k) {
                    seg.clear();
                }
                if let Some(c) = changed.get_mut(k) {
                    *c = true;
                }
            }
            if let Some(seg) = segs.get_mut(j) {
                seg.drain(..oj);
            }
            if let Some(c) = changed.get_mut(j) {
                *c = true;
            }
        }
        if let Some(c) = changed.get_mut(i) {
            *c = true;
        }
    }
    for ((t, seg), ch) in ts.into_iter().zip(segs).zip(changed) {
        if ch {
            set_t(x, t, &seg.into_iter().collect::<String>())?;
        }
    }
    Ok(positions.len())
}
