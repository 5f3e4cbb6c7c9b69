//! Display width of text in a monospaced terminal, and justifying text by
//! it: CJK characters take two cells, combining marks and format
//! characters none.
//!
//! ```
//! use ftfy_core::formatting::{display_center, monospaced_width};
//!
//! assert_eq!(monospaced_width("ちゃぶ台返し"), 12);
//! assert_eq!(display_center("ちゃぶ台返し", 20, '▒').unwrap(), "▒▒▒▒ちゃぶ台返し▒▒▒▒");
//! ```
//!
//! Widths are those of ftfy 6.3.1, which asks Python's `wcwidth` package
//! (0.9.4): tables generated from it (`xtask/python/generate/widths.py`)
//! give every code point's width, and [`monospaced_width`] measures a
//! string the way `wcwidth.wcswidth` does, by clusters: an emoji ZWJ
//! sequence, a flag, a skin-toned emoji or an Indic conjunct takes the
//! cells of one character, not the sum of its parts. `cargo xtask
//! utilities` checks both against Python.

mod widths_table;

use std::fmt;

use crate::fixes::remove_terminal_escapes;
use widths_table::{
    EMOJI_ZWJ, FITZPATRICK, REGIONAL_INDICATOR, SPACING_MARK, VIRAMA, VS15_WIDE_TO_NARROW,
    VS16_NARROW_TO_WIDE, WIDTH_RUNS,
};

/// The number of cells `c` takes in a modern terminal: 2 for wide and
/// full-width characters, 0 for combining marks and most format
/// characters, 1 otherwise (including ambiguous-width characters), and -1
/// for control characters, which have no width.
///
/// ```
/// use ftfy_core::formatting::character_width;
/// assert_eq!(character_width('車'), 2);
/// assert_eq!(character_width('A'), 1);
/// assert_eq!(character_width('\u{200d}'), 0);
/// assert_eq!(character_width('\n'), -1);
/// ```
pub fn character_width(c: char) -> i32 {
    let index = WIDTH_RUNS.partition_point(|&(start, _)| start <= c as u32);
    i32::from(WIDTH_RUNS[index.saturating_sub(1)].1)
}

/// The number of cells `text` takes in a modern terminal, after NFC
/// normalization and ignoring terminal escapes; -1 if it holds a control
/// character.
///
/// ```
/// use ftfy_core::formatting::monospaced_width;
/// assert_eq!(monospaced_width("ちゃぶ台返し"), 12);
/// assert_eq!(monospaced_width("owl\u{ad}flavored"), 12); // wcwidth 0.9.4 gives U+00AD a cell
/// assert_eq!(monospaced_width("example\u{80}"), -1);
/// assert_eq!(monospaced_width("입니다"), 6);
/// assert_eq!(monospaced_width("\u{110b}\u{1175}\u{11b8}\u{1102}\u{1175}\u{1103}\u{1161}"), 6);
/// assert_eq!(monospaced_width("\u{1b}[34mblue\u{1b}[m"), 4);
/// assert_eq!(monospaced_width("👨\u{200d}👩\u{200d}👧"), 2); // one family emoji
/// assert_eq!(monospaced_width("🇫🇷"), 2); // one flag
/// ```
pub fn monospaced_width(text: &str) -> i32 {
    // ftfy's order: normalize first, then drop the escapes.
    let text = crate::normalize::normalize(text, crate::Normalization::Nfc);
    cluster_width(&remove_terminal_escapes(&text))
}

/// Whether `cp` is in `table`, sorted inclusive ranges.
fn in_ranges(table: &[(u32, u32)], cp: u32) -> bool {
    let index = table.partition_point(|&(first, _)| first <= cp);
    index > 0 && cp <= table[index - 1].1
}

/// The width of `text` as `wcwidth.wcswidth` 0.9.4 measures it, which is
/// [`monospaced_width`] without its normalization and escape removal: each
/// cluster takes the width of its base, widened by VS16 or a spacing mark,
/// narrowed by VS15; the character after a ZWJ and the second indicator of
/// a flag add nothing; a virama joins the next consonant into a conjunct of
/// two cells. -1 if a character has no width (a control character, such as
/// the escape that starts a terminal escape sequence).
///
/// ```
/// use ftfy_core::formatting::cluster_width;
/// assert_eq!(cluster_width("ちゃぶ台返し"), 12);
/// assert_eq!(cluster_width("👨\u{200d}👩\u{200d}👧"), 2);
/// // Not normalized: a combining accent takes no cell, as in NFC.
/// assert_eq!(cluster_width("cafe\u{301}"), 4);
/// assert_eq!(cluster_width("\u{1b}[34mblue"), -1);
/// ```
pub fn cluster_width(text: &str) -> i32 {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return i32::try_from(text.len()).unwrap_or(i32::MAX);
    }
    let is_indicator = |c: char| in_ranges(REGIONAL_INDICATOR, u32::from(c));
    let mut total = 0i32;
    // The width of the cluster being measured, added to `total` when the
    // next one starts.
    let mut cluster = 0i32;
    // The last character that had a width, while a variation selector or a
    // spacing mark may still apply to it.
    let mut base_open = false;
    let mut base = u32::MAX;
    let mut base_width = 0i32;
    let mut after_virama = false;
    // The character after a ZWJ is swallowed.
    let mut skip_next = false;
    // Regional indicators in a row just before the current character,
    // counted over every character, swallowed or not.
    let mut indicators_in_a_row = 0usize;
    for c in text.chars() {
        let indicators_before = indicators_in_a_row;
        indicators_in_a_row = if is_indicator(c) {
            indicators_in_a_row + 1
        } else {
            0
        };
        if std::mem::take(&mut skip_next) {
            continue;
        }
        let cp = u32::from(c);
        match cp {
            0x200D => {
                // A ZWJ swallows the character it joins (unless it follows
                // a virama, where the conjunct rule applies instead).
                if !after_virama {
                    base_width = 0;
                    skip_next = true;
                }
                continue;
            }
            0xFE0F if base_open => {
                if in_ranges(VS16_NARROW_TO_WIDE, base) {
                    cluster = 2;
                }
                base_open = false;
                continue;
            }
            0xFE0E if base_open => {
                if in_ranges(VS15_WIDE_TO_NARROW, base) && base_width == 2 {
                    total = total.saturating_sub(1);
                }
                base_open = false;
                continue;
            }
            _ => {}
        }
        if is_indicator(c) {
            if indicators_before % 2 == 1 {
                // The second half of a flag.
                base = cp;
                continue;
            }
        } else if FITZPATRICK.contains(&cp) && in_ranges(EMOJI_ZWJ, base) {
            continue;
        }
        let width = character_width(c);
        if width < 0 {
            return -1;
        }
        if width > 0 {
            if after_virama {
                cluster = 2;
            } else {
                total = total.saturating_add(cluster);
                cluster = width;
            }
            base_open = true;
            base = cp;
            base_width = width;
            after_virama = false;
        } else if in_ranges(VIRAMA, cp) {
            after_virama = true;
        } else if base_open && in_ranges(SPACING_MARK, cp) {
            cluster = 2;
            base_open = false;
            after_virama = false;
        } else {
            after_virama = false;
        }
    }
    total.saturating_add(cluster)
}

/// Why the `display_*` functions could not pad a text.
///
/// ```
/// use ftfy_core::formatting::{display_ljust, FillWidthError};
/// assert_eq!(display_ljust("ok", 4, '中'), Err(FillWidthError::NotOneCell { fill: '中' }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FillWidthError {
    /// The fill character is not one cell wide.
    NotOneCell {
        /// The fill character.
        fill: char,
    },
}

impl fmt::Display for FillWidthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillWidthError::NotOneCell { fill } => {
                write!(
                    f,
                    "the padding character {fill:?} must have display width 1"
                )
            }
        }
    }
}

impl std::error::Error for FillWidthError {}

/// Splits the padding that brings `text` to `width` cells into the part
/// before and the part after it; `None` when `text` has no width (it holds
/// control characters), as then it is returned unpadded.
fn padding(
    text: &str,
    width: usize,
    fill: char,
    left_share: impl Fn(usize) -> usize,
) -> Result<String, FillWidthError> {
    if character_width(fill) != 1 {
        return Err(FillWidthError::NotOneCell { fill });
    }
    let Ok(text_width) = usize::try_from(monospaced_width(text)) else {
        return Ok(text.to_owned());
    };
    let padding = width.saturating_sub(text_width);
    let left = left_share(padding);
    let mut out = String::with_capacity(text.len() + padding * fill.len_utf8());
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(text);
    out.extend(std::iter::repeat_n(fill, padding - left));
    Ok(out)
}

/// `text` followed by `fill` up to a display width of at least `width`
/// cells. ("Left" is toward the start of the text, which may be on the
/// right in right-to-left scripts.) Text with control characters is
/// returned as it is.
///
/// ```
/// use ftfy_core::formatting::display_ljust;
/// assert_eq!(display_ljust("Table flip", 20, '▒').unwrap(), "Table flip▒▒▒▒▒▒▒▒▒▒");
/// assert_eq!(display_ljust("(╯°□°)╯︵ ┻━┻", 20, '▒').unwrap(), "(╯°□°)╯︵ ┻━┻▒▒▒▒▒▒▒");
/// assert_eq!(display_ljust("ちゃぶ台返し", 20, '▒').unwrap(), "ちゃぶ台返し▒▒▒▒▒▒▒▒");
/// assert!(display_ljust("x", 5, '車').is_err());
/// ```
///
/// # Errors
///
/// [`FillWidthError`] if `fill` is not one cell wide.
pub fn display_ljust(text: &str, width: usize, fill: char) -> Result<String, FillWidthError> {
    padding(text, width, fill, |_| 0)
}

/// `fill` followed by `text`, up to a display width of at least `width`
/// cells.
///
/// ```
/// use ftfy_core::formatting::display_rjust;
/// assert_eq!(display_rjust("Table flip", 20, '▒').unwrap(), "▒▒▒▒▒▒▒▒▒▒Table flip");
/// assert_eq!(display_rjust("(╯°□°)╯︵ ┻━┻", 20, '▒').unwrap(), "▒▒▒▒▒▒▒(╯°□°)╯︵ ┻━┻");
/// assert_eq!(display_rjust("ちゃぶ台返し", 20, '▒').unwrap(), "▒▒▒▒▒▒▒▒ちゃぶ台返し");
/// ```
///
/// # Errors
///
/// [`FillWidthError`] if `fill` is not one cell wide.
pub fn display_rjust(text: &str, width: usize, fill: char) -> Result<String, FillWidthError> {
    padding(text, width, fill, |padding| padding)
}

/// `text` centered with `fill` in a display width of at least `width`
/// cells; an odd cell of padding goes on the right.
///
/// ```
/// use ftfy_core::formatting::display_center;
/// assert_eq!(display_center("Table flip", 20, '▒').unwrap(), "▒▒▒▒▒Table flip▒▒▒▒▒");
/// assert_eq!(display_center("(╯°□°)╯︵ ┻━┻", 20, '▒').unwrap(), "▒▒▒(╯°□°)╯︵ ┻━┻▒▒▒▒");
/// assert_eq!(display_center("ちゃぶ台返し", 20, '▒').unwrap(), "▒▒▒▒ちゃぶ台返し▒▒▒▒");
/// ```
///
/// # Errors
///
/// [`FillWidthError`] if `fill` is not one cell wide.
pub fn display_center(text: &str, width: usize, fill: char) -> Result<String, FillWidthError> {
    padding(text, width, fill, |padding| padding / 2)
}
