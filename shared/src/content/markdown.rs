//! Markdown and HTML both ways, for the servers that carry documents: Markdown an agent writes
//! becomes the HTML a vendor stores ([`to_html`]), and HTML a vendor or a document holds
//! becomes Markdown an agent reads ([`from_html`], with `htmd`).
//!
//! `htmd` walks the document tree recursively, so a document nested thousands of elements
//! deep would overflow a thread's stack, which aborts the whole process. [`from_html`] therefore
//! converts on a thread of its own with a large stack, and refuses a tree deeper than
//! [`MAX_HTML_DEPTH`] with a clear message.

use std::rc::Rc;

/// The deepest element nesting [`from_html`] converts. Real pages nest a few dozen levels.
pub const MAX_HTML_DEPTH: usize = 1024;

/// The conversion thread's stack: enough for [`MAX_HTML_DEPTH`] levels in an unoptimised
/// build (about 2 KiB a level there), reserved, not committed, until used.
const CONVERT_STACK: usize = 64 << 20;

/// Elements whose content is never text for a reader.
const SKIPPED: &[&str] = &["script", "style", "noscript", "template", "head"];

/// Markdown (CommonMark with tables and strikethrough) as HTML.
pub fn to_html(markdown: &str) -> String {
    let mut opts = pulldown_cmark::Options::empty();
    opts.insert(pulldown_cmark::Options::ENABLE_TABLES);
    opts.insert(pulldown_cmark::Options::ENABLE_STRIKETHROUGH);
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, pulldown_cmark::Parser::new_ext(markdown, opts));
    out.trim_end().to_owned()
}

/// HTML as Markdown (scripts, styles and the head left out), or why it cannot be converted:
/// it could not be read, or it nests deeper than [`MAX_HTML_DEPTH`].
pub fn from_html(html: &str) -> Result<String, String> {
    let html = html.to_owned();
    std::thread::Builder::new()
        .name("html-to-markdown".into())
        .stack_size(CONVERT_STACK)
        .spawn(move || convert(&html))
        .map_err(|e| format!("the HTML could not be converted (no thread: {e})"))?
        .join()
        .map_err(|_| "the HTML could not be converted".to_owned())?
}

fn convert(html: &str) -> Result<String, String> {
    // Before the tree builder, whose time grows with the square of the nesting depth.
    if let Some(depth) = super::html::nesting_beyond(html, MAX_HTML_DEPTH) {
        return Err(format!(
            "the HTML nests elements at least {depth} levels deep, more than the {MAX_HTML_DEPTH} that are converted"
        ));
    }
    let converter = htmd::HtmlToMarkdown::builder()
        .skip_tags(SKIPPED.to_vec())
        .build();
    let tree = converter
        .html_to_tree(html)
        .map_err(|e| format!("the HTML could not be read ({e})"))?;
    let depth = depth(&tree);
    if depth > MAX_HTML_DEPTH {
        return Err(format!(
            "the HTML nests elements {depth} levels deep, more than the {MAX_HTML_DEPTH} that are converted"
        ));
    }
    Ok(converter.tree_to_markdown(&tree))
}

/// The depth of the deepest node, counted without recursion.
fn depth(root: &Rc<htmd::Node>) -> usize {
    let mut deepest = 0;
    let mut todo = vec![(Rc::clone(root), 0usize)];
    while let Some((node, d)) = todo.pop() {
        deepest = deepest.max(d);
        for child in node.children.borrow().iter() {
            todo.push((Rc::clone(child), d + 1));
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_and_html_both_ways() {
        assert_eq!(
            to_html("# Title\n\nSome *text* and ~~not~~ this."),
            "<h1>Title</h1>\n<p>Some <em>text</em> and <del>not</del> this.</p>"
        );
        assert_eq!(
            from_html("<h1>Title</h1><p>Some <em>text</em>.</p><script>x()</script>").unwrap(),
            "# Title\n\nSome *text*."
        );
    }

    #[test]
    fn a_deeply_nested_document_is_refused_not_a_stack_overflow() {
        let nested = |n: usize| {
            format!(
                "{}deep{}",
                "<blockquote><div>".repeat(n),
                "</div></blockquote>".repeat(n)
            )
        };
        // Within the limit: converted (on the conversion thread's own stack).
        assert!(from_html(&nested(500)).unwrap().contains("deep"));
        // Far beyond it: a message, and the process goes on.
        let e = from_html(&nested(3_000)).unwrap_err();
        assert!(e.contains("levels deep"), "{e}");
        // A page of a million nested elements is refused at once, not after minutes in the
        // tree builder.
        let e = from_html(&"<div>".repeat(1_000_000)).unwrap_err();
        assert!(e.contains("at least 1025 levels deep"), "{e}");
    }
}
