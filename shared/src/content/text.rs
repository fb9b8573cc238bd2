//! Text cut without panicking: `&s[..n]` panics when `n` falls inside a character, so one
//! caller's accented word (or a vendor's emoji) would end the call. The workspace denies
//! `clippy::string_slice`; cut with these instead.

/// The longest prefix of `s` that is at most `max` bytes long and ends on a character
/// boundary (`s` itself when it is short enough).
pub fn prefix(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let end = (0..=max)
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0);
    s.get(..end).unwrap_or_default()
}

/// `s` cut to at most `max` bytes on a character boundary, with `…` when anything was cut.
pub fn ellipsis(s: &str, max: usize) -> String {
    let p = prefix(s, max);
    if p.len() == s.len() {
        s.to_owned()
    } else {
        format!("{p}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_fall_on_character_boundaries() {
        assert_eq!(prefix("éééx", 5), "éé");
        assert_eq!(prefix("éééx", 1), "");
        assert_eq!(prefix("abc", 5), "abc");
        assert_eq!(prefix("日本", 4), "日");
        assert_eq!(ellipsis("👩‍👩‍👧 family", 5), "👩…");
        assert_eq!(ellipsis("short", 10), "short");
    }
}
