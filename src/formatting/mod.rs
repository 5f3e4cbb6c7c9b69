//! Display width of text in a monospaced terminal, and justifying text by
//! it: CJK characters take two cells, combining marks and format
//! characters none.
//!
//! ```
//! use ftfy::formatting::{display_center, monospaced_width};
//!
//! assert_eq!(monospaced_width("ちゃぶ台返し"), 12);
//! assert_eq!(display_center("ちゃぶ台返し", 20, '▒').unwrap(), "▒▒▒▒ちゃぶ台返し▒▒▒▒");
//! ```
//!
//! Character widths are those of ftfy 6.3.1, which asks Python's `wcwidth`
//! package: a table generated from it (`scripts/gen_widths.py`) gives
//! every code point's width. A string's width is the sum of its
//! characters', where `wcwidth` also looks at grapheme clusters (emoji ZWJ
//! sequences, variation selectors, flags), so the two can differ on those.

mod widths;

use std::fmt;

use crate::fixes::remove_terminal_escapes;
use widths::WIDTH_RUNS;

/// The number of cells `c` takes in a modern terminal: 2 for wide and
/// full-width characters, 0 for combining marks and most format
/// characters, 1 otherwise (including ambiguous-width characters), and -1
/// for control characters, which have no width.
///
/// ```
/// use ftfy::formatting::character_width;
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
/// use ftfy::formatting::monospaced_width;
/// assert_eq!(monospaced_width("ちゃぶ台返し"), 12);
/// assert_eq!(monospaced_width("owl\u{ad}flavored"), 12); // wcwidth 0.9.4 gives U+00AD a cell
/// assert_eq!(monospaced_width("example\u{80}"), -1);
/// assert_eq!(monospaced_width("입니다"), 6);
/// assert_eq!(monospaced_width("\u{110b}\u{1175}\u{11b8}\u{1102}\u{1175}\u{1103}\u{1161}"), 6);
/// assert_eq!(monospaced_width("\u{1b}[34mblue\u{1b}[m"), 4);
/// ```
pub fn monospaced_width(text: &str) -> i32 {
    let text = remove_terminal_escapes(text);
    let text = crate::plan::normalize(&text, crate::Normalization::Nfc);
    text.chars()
        .map(character_width)
        .try_fold(0, |total, width| (width >= 0).then_some(total + width))
        .unwrap_or(-1)
}

/// The fill character given to the `display_*` functions is not one cell
/// wide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FillWidthError(pub char);

impl fmt::Display for FillWidthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the padding character {:?} must have display width 1",
            self.0
        )
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
        return Err(FillWidthError(fill));
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
/// use ftfy::formatting::display_ljust;
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
/// use ftfy::formatting::display_rjust;
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
/// use ftfy::formatting::display_center;
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
