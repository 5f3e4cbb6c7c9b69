//! `explain_unicode`: a code point by code point description of text, for
//! debugging mysterious Unicode.
//!
//! Categories and names are those of Unicode 14.0, the version of the
//! Python (3.11) that ftfy 6.3.1 runs on, so the output matches ftfy's:
//! a character assigned in a later Unicode version is listed as `[Cn]
//! <unknown>`.
//!
//! The character names come from `unicode_names2`, behind the default
//! feature `names`; without it only [`general_category`] is here.

mod categories_table;

#[cfg(feature = "names")]
use std::io::{self, Write};

#[cfg(feature = "names")]
use crate::formatting::display_ljust;
use categories_table::{CATEGORY_NAMES, CATEGORY_RUNS};

/// The general category of `c` (`"Lu"`, `"Zs"`, `"Cn"` …) in Unicode 14.0.
///
/// ```
/// assert_eq!(ftfy_core::general_category('A'), "Lu");
/// assert_eq!(ftfy_core::general_category('\u{301}'), "Mn");
/// ```
pub fn general_category(c: char) -> &'static str {
    let index = CATEGORY_RUNS.partition_point(|&(start, _)| start <= c as u32);
    CATEGORY_NAMES[usize::from(CATEGORY_RUNS[index.saturating_sub(1)].1)]
}

#[cfg(feature = "names")]
/// Whether Python would call `c` printable: everything but controls,
/// format characters, surrogates, private use, unassigned code points and
/// separators other than the ASCII space.
fn is_printable(c: char) -> bool {
    c == ' '
        || !matches!(
            general_category(c),
            "Cc" | "Cf" | "Cs" | "Co" | "Cn" | "Zl" | "Zp" | "Zs"
        )
}

#[cfg(feature = "names")]
/// Python's `unicode-escape` form of a character: `\t`, `\x80`, `\u200b`,
/// `\U000e0001`.
fn escaped(c: char) -> String {
    match c {
        '\t' => "\\t".into(),
        '\n' => "\\n".into(),
        '\r' => "\\r".into(),
        '\\' => "\\\\".into(),
        c if (c as u32) < 0x100 => format!("\\x{:02x}", c as u32),
        c if (c as u32) < 0x10000 => format!("\\u{:04x}", c as u32),
        c => format!("\\U{:08x}", c as u32),
    }
}

#[cfg(feature = "names")]
/// The Unicode name of `c`, or `<unknown>` for characters without one
/// (controls, private use, unassigned in Unicode 14.0).
fn name(c: char) -> String {
    if general_category(c) == "Cn" {
        return "<unknown>".into();
    }
    unicode_names2::name(c).map_or_else(|| "<unknown>".into(), |name| name.to_string())
}

#[cfg(feature = "names")]
/// Writes one line per code point of `text`: its number, the character
/// (or an escape for invisible ones), its general category and its name,
/// exactly as ftfy 6.3.1's `explain_unicode` prints them.
///
/// ```
/// let mut out = Vec::new();
/// ftfy_core::write_explanation("é\u{200b}", &mut out).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "U+00E9  é       [Ll] LATIN SMALL LETTER E WITH ACUTE\n\
///      U+200B  \\u200b  [Cf] ZERO WIDTH SPACE\n"
/// );
/// ```
///
/// # Errors
///
/// Any error from writing to `out`.
pub fn write_explanation(text: &str, out: &mut dyn Write) -> io::Result<()> {
    for c in text.chars() {
        let display = if is_printable(c) {
            c.to_string()
        } else {
            escaped(c)
        };
        writeln!(
            out,
            "U+{:04X}  {} [{}] {}",
            c as u32,
            display_ljust(&display, 7, ' ').unwrap_or(display.clone()),
            general_category(c),
            name(c)
        )?;
    }
    Ok(())
}

#[cfg(feature = "names")]
/// Describes each code point of `text`, one line each: see
/// [`write_explanation`].
///
/// ```
/// print!("{}", ftfy_core::explain_unicode("(╯°□°)╯︵ ┻━┻"));
/// assert_eq!(
///     ftfy_core::explain_unicode("(╯°□°)╯︵ ┻━┻").lines().nth(7).unwrap(),
///     "U+FE35  ︵      [Ps] PRESENTATION FORM FOR VERTICAL LEFT PARENTHESIS"
/// );
/// ```
pub fn explain_unicode(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len() * 48);
    write_explanation(text, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the explanation is UTF-8")
}
