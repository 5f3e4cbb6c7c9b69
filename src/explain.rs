//! `explain_unicode`: a code point by code point listing for debugging.

/// Describes each code point of `text`, one line each.
pub fn explain_unicode(_text: &str) -> String {
    todo!()
}

/// Writes the description of `text` to `out`.
pub fn write_explanation(_text: &str, _out: &mut dyn std::io::Write) -> std::io::Result<()> {
    todo!()
}
