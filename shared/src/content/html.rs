//! The text of an HTML page as a reader sees it: what browsers do not show left out, blocks
//! kept apart, white space collapsed. For servers that read public web pages (fetch,
//! DuckDuckGo's result pages); Markdown from HTML is [`markdown::from_html`](super::markdown).
//!
//! The page goes through html5ever's tokenizer (a browser's rules for tags, entities, comments
//! and the raw text of scripts and styles) and no tree is built: a tree builder checks the
//! stack of open elements at every tag, which takes time in the square of the nesting depth (a
//! page of a million nested `<div>`s would hold a worker for minutes). Here the time is linear
//! in the page's size, whatever its nesting.

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

/// Elements a browser never shows in the page: their text is never part of a page's text (a
/// title is the window's).
pub const NOT_SHOWN: &[&str] = &[
    "script", "style", "noscript", "template", "head", "title", "iframe", "noembed", "noframes",
];

/// A page's navigation, header and footer: left out for the page's own content.
pub const PAGE_CHROME: &[&str] = &["nav", "header", "footer"];

/// Elements a browser shows on lines of their own: their text does not run into the next.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "br",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "td",
    "th",
    "tr",
    "ul",
];

/// What may stand in a document's head; any other start tag ends the head (its end tag is
/// optional).
const HEAD_CONTENT: &[&str] = &[
    "base", "link", "meta", "noscript", "script", "style", "template", "title",
];

/// The text of `html` without [`NOT_SHOWN`] elements and without the elements `leave_out`
/// names (with everything in them), blocks apart, every run of white space one space.
pub fn visible_text(html: &str, leave_out: &[&str]) -> String {
    let sink = TextSink {
        leave_out,
        state: RefCell::new(State {
            out: String::with_capacity(html.len() / 2),
            hidden: Vec::new(),
        }),
    };
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(html));
    // The sink never blocks on a script, so one feed reads the whole input.
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let out = std::mem::take(&mut tokenizer.sink.state.borrow_mut().out);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct TextSink<'a> {
    leave_out: &'a [&'a str],
    state: RefCell<State>,
}

struct State {
    out: String,
    /// The hidden elements open now, innermost last: text counts while this is empty.
    hidden: Vec<String>,
}

impl TokenSink for TextSink<'_> {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut st = self.state.borrow_mut();
        match token {
            Token::TagToken(tag) => {
                let name: &str = &tag.name;
                match tag.kind {
                    TagKind::StartTag => {
                        if st.hidden.len() == 1
                            && st.hidden[0] == "head"
                            && !HEAD_CONTENT.contains(&name)
                        {
                            st.hidden.clear();
                        }
                        if BLOCKS.contains(&name) {
                            st.out.push(' ');
                        }
                        let hide = NOT_SHOWN.contains(&name) || self.leave_out.contains(&name);
                        if hide && !tag.self_closing {
                            st.hidden.push(name.to_owned());
                        }
                        if tag.self_closing {
                            return TokenSinkResult::Continue;
                        }
                        return raw_kind(name);
                    }
                    TagKind::EndTag => {
                        if let Some(at) = st.hidden.iter().rposition(|h| h == name) {
                            st.hidden.truncate(at);
                        }
                        if BLOCKS.contains(&name) {
                            st.out.push(' ');
                        }
                    }
                }
            }
            Token::CharacterTokens(text) => {
                // Text in the head that is not white space ends the head, as in a browser.
                if st.hidden.len() == 1 && st.hidden[0] == "head" && !text.trim().is_empty() {
                    st.hidden.clear();
                }
                if st.hidden.is_empty() {
                    st.out.push_str(&text);
                }
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// Elements whose end tag is optional or that have none (a browser closes them by itself):
/// they are left out of [`nesting_beyond`]'s count.
const SELF_ENDING: &[&str] = &[
    "area", "base", "br", "col", "colgroup", "dd", "dt", "embed", "hr", "img", "input", "li",
    "link", "meta", "optgroup", "option", "p", "param", "rb", "rp", "rt", "rtc", "source", "tbody",
    "td", "tfoot", "th", "thead", "tr", "track", "wbr",
];

/// Whether `html` nests elements more than `max` levels deep, found in time linear in its
/// size, before a tree builder (whose time grows with the square of the depth) sees it: the
/// depth at which it went past `max`, or `None`. Elements that end by themselves are not
/// counted, so the count is close to the depth of the tree a browser builds.
pub fn nesting_beyond(html: &str, max: usize) -> Option<usize> {
    let sink = DepthSink {
        max,
        state: RefCell::new(Depth::default()),
    };
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let st = tokenizer.sink.state.borrow();
    st.beyond.then_some(st.open.len())
}

struct DepthSink {
    max: usize,
    state: RefCell<Depth>,
}

#[derive(Default)]
struct Depth {
    /// The elements open now, innermost last.
    open: Vec<String>,
    /// How many of each name are open: an end tag of an element that is not open is
    /// ignored at once, without a scan of `open`.
    count: std::collections::HashMap<String, usize>,
    beyond: bool,
}

impl TokenSink for DepthSink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut st = self.state.borrow_mut();
        if st.beyond {
            return TokenSinkResult::Continue;
        }
        let Token::TagToken(tag) = token else {
            return TokenSinkResult::Continue;
        };
        let name: &str = &tag.name;
        match tag.kind {
            TagKind::StartTag if tag.self_closing || SELF_ENDING.contains(&name) => {}
            TagKind::StartTag => {
                st.open.push(name.to_owned());
                *st.count.entry(name.to_owned()).or_default() += 1;
                if st.open.len() > self.max {
                    st.beyond = true;
                }
                return raw_kind(name);
            }
            TagKind::EndTag => {
                if st.count.get(name).is_some_and(|n| *n > 0) {
                    // Closing it closes what opened inside it (amortised: each element is
                    // popped once).
                    while let Some(top) = st.open.pop() {
                        if let Some(n) = st.count.get_mut(&top) {
                            *n = n.saturating_sub(1);
                        }
                        if top == name {
                            break;
                        }
                    }
                }
            }
        }
        TokenSinkResult::Continue
    }
}

/// The content model a browser's tree builder switches the tokenizer to after the start tag
/// `name`: a script's or a style's text is never markup.
fn raw_kind(name: &str) -> TokenSinkResult<()> {
    match name {
        "script" => TokenSinkResult::RawData(RawKind::ScriptData),
        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
            TokenSinkResult::RawData(RawKind::Rawtext)
        }
        "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
        "plaintext" => TokenSinkResult::Plaintext,
        _ => TokenSinkResult::Continue,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_elements_are_left_out_and_blocks_kept_apart() {
        let page = "<html><head><title>T</title><style>p{}</style></head><body>\
            <nav>Home</nav><h1>Title</h1><p>One<b>two</b></p><script>var x = 1;</script>\
            <ul><li>a</li><li>b</li></ul><template>t</template><footer>(c)</footer></body></html>";
        assert_eq!(visible_text(page, &[]), "Home Title Onetwo a b (c)");
        assert_eq!(visible_text(page, PAGE_CHROME), "Title Onetwo a b");
    }

    #[test]
    fn broken_markup_reads_as_a_browser_reads_it() {
        assert_eq!(
            visible_text("<p>a<p>b &amp; c<div>d</span>  \n e", &[]),
            "a b & c d e"
        );
        assert_eq!(visible_text("", &[]), "");
        // A script's text is never markup; a head without its end tag ends at the body's
        // first tag or text; a hidden element's own nesting is followed.
        assert_eq!(
            visible_text("<script>document.write('<p>no</p>')</script><p>yes", &[]),
            "yes"
        );
        assert_eq!(visible_text("<head><title>T</title><p>body", &[]), "body");
        assert_eq!(visible_text("<head><title>T</title>text", &[]), "text");
        assert_eq!(
            visible_text("<nav><nav>a</nav>b</nav>c<footer/>d", PAGE_CHROME),
            "c d"
        );
    }

    #[test]
    fn a_page_nested_very_deep_is_read_without_recursion() {
        let depth = 1_000_000;
        let page = format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth));
        assert_eq!(visible_text(&page, &[]), "x");
        assert_eq!(nesting_beyond(&page, 1024), Some(1025));
    }

    #[test]
    fn nesting_counts_what_a_browser_keeps_open() {
        let nested = |n| format!("{}x{}", "<div><b>".repeat(n), "</b></div>".repeat(n));
        assert_eq!(nesting_beyond(&nested(10), 20), None);
        assert_eq!(nesting_beyond(&nested(11), 20), Some(21));
        // Elements that end by themselves, closed siblings, stray end tags and markup in a
        // script do not add up.
        let flat = format!(
            "{}{}{}<script>{}</script>",
            "<p>a<li>b<br><img src=x>".repeat(5000),
            "<span>c</span>".repeat(5000),
            "</div></section>".repeat(5000),
            "<div>".repeat(5000)
        );
        assert_eq!(nesting_beyond(&flat, 20), None);
        // An end tag closes what opened inside it.
        let closed = "<section><div><div></section>x";
        assert_eq!(nesting_beyond(&format!("{closed}{closed}"), 3), None);
        assert_eq!(nesting_beyond("<div><div><div><div>", 3), Some(4));
    }
}
