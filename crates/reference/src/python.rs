//! What Python gives ftfy's regular expressions that the `regex` crate
//! spells differently: `\N{NAME}` escapes, the classes `\s`, `\w` and `\d`
//! of Python 3.11 (whose Unicode is version 14), and `re.sub` with the
//! one look-behind ftfy uses.
//!
//! The three classes were checked against Python 3.11's `re` on every code
//! point (no difference), with `regex` 1.13 (Unicode 16, whose `Age`
//! property gives Unicode 14's letters and digits).

use std::borrow::Cow;

use regex::{Match, Regex};

/// Python's `\s` in a str pattern: the characters for which `str.isspace()`
/// is true. Unlike the `regex` crate's `\s`, it holds the separators
/// U+1C..U+1F.
pub(crate) const WHITESPACE: &str = r"[\t\n\x0B\x0C\r\x1C-\x1F\x20\x85\xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}]";

/// Python's `\w` in a str pattern: `str.isalnum()` or `_`, which is the
/// letters and numbers (categories L and N) of Python's Unicode version.
pub(crate) const WORD: &str = r"[\p{L}\p{N}_&&\p{Age=V14_0}]";

/// Python's `\d` in a str pattern: the decimal digits (category Nd) of
/// Python's Unicode version.
pub(crate) const DIGIT: &str = r"[\p{Nd}&&\p{Age=V14_0}]";

/// Rewrites each `\N{NAME}` in a pattern as the `\x{HEX}` escape of the
/// named character, so that patterns can name their characters as ftfy's
/// Python source does.
///
/// # Panics
///
/// On a name that Unicode does not define: a typo in this crate.
pub(crate) fn expand_names(pattern: &str) -> String {
    let mut expanded = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(start) = rest.find(r"\N{") {
        expanded.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let end = after.find('}').expect("a \\N{ escape is closed");
        let name = &after[..end];
        let c = unicode_names2::character(name)
            .unwrap_or_else(|| panic!("no character is named {name:?}"));
        expanded.push_str(&format!(r"\x{{{:X}}}", u32::from(c)));
        rest = &after[end + 1..];
    }
    expanded.push_str(rest);
    expanded
}

/// Compiles a pattern written as ftfy writes it (with `\N{NAME}`).
pub(crate) fn compile(pattern: &str) -> Regex {
    let expanded = expand_names(pattern);
    Regex::new(&expanded).unwrap_or_else(|error| panic!("bad pattern: {error}"))
}

/// Python's `pattern.search(text, start)` for a pattern that starts with
/// the negative look-behind `(?<![...])`, which the `regex` crate lacks: a
/// match counts only where the character before it does not satisfy
/// `behind`. As in Python, the look-behind sees the whole text.
pub(crate) fn search_not_after<'t>(
    regex: &Regex,
    behind: &impl Fn(char) -> bool,
    text: &'t str,
    mut start: usize,
) -> Option<Match<'t>> {
    while let Some(found) = regex.find_at(text, start) {
        let before = text[..found.start()].chars().next_back();
        if !before.is_some_and(behind) {
            return Some(found);
        }
        // Python tries the next position.
        let next = text[found.start()..].chars().next()?;
        start = found.start() + next.len_utf8();
    }
    None
}

/// Python's `pattern.sub(replace, text)` for a pattern that starts with a
/// negative look-behind (see [`search_not_after`]). As in Python, the
/// look-behind of a match may see the end of the previous one.
pub(crate) fn sub_not_after<'t>(
    regex: &Regex,
    behind: impl Fn(char) -> bool,
    text: &'t str,
    mut replace: impl FnMut(&Match<'t>) -> String,
) -> Cow<'t, str> {
    let mut out = String::new();
    let mut matched = false;
    let mut copied = 0;
    while let Some(found) = search_not_after(regex, &behind, text, copied) {
        matched = true;
        out.push_str(&text[copied..found.start()]);
        out.push_str(&replace(&found));
        copied = found.end();
    }
    if !matched {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}
