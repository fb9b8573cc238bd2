//! The text results of the `toolathlon` profile: Klavis's `scholarly_toolathlon` answers one
//! text block, `Search articles for <keyword>:` and then each article as `Label: value` lines,
//! articles three newlines apart.

/// The block for `keyword` and its articles (each already `Label: value` lines).
pub fn articles(keyword: &str, articles: impl Iterator<Item = String>) -> String {
    format!(
        "Search articles for {keyword}:\n{}",
        articles.collect::<Vec<_>>().join("\n\n\n")
    )
}

/// One article: a `Label: value` line per field, in order.
pub fn lines(fields: &[(&str, String)]) -> String {
    fields
        .iter()
        .map(|(label, value)| format!("{label}: {value}"))
        .collect::<Vec<_>>()
        .join("\n")
}
