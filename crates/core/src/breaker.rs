//! Breaks text on purpose, every way the fixer claims to undo: the inverse
//! of [`fix_encoding`](crate::fix_encoding), for testing this crate and
//! your own pipelines.
//!
//! A [`Mangle`] is one kind of damage; [`break_text`] applies one,
//! [`break_text_with`] applies several in order (say, UTF-8 read as
//! Windows-1252, then U+00A0 turned into a space), and [`break_span`]
//! damages one part of a line, leaving the rest clean.
//!
//! ```
//! use ftfy_core::breaker::{break_text, break_text_with, Mangle};
//! use ftfy_core::codecs::{LATIN_1, SLOPPY_WINDOWS_1252};
//!
//! let broken = break_text("schön", Mangle::Utf8As(&LATIN_1)).unwrap();
//! assert_eq!(broken, "schÃ¶n");
//! assert_eq!(ftfy_core::fix_encoding(&broken), "schön");
//!
//! // Twice, as text sent through two misconfigured programs:
//! let twice = break_text_with("más", &[Mangle::Utf8As(&SLOPPY_WINDOWS_1252); 2]).unwrap();
//! assert_eq!(twice, "mÃƒÂ¡s");
//! assert_eq!(ftfy_core::fix_encoding(&twice), "más");
//! ```
//!
//! ASCII text is unchanged by every mangle (ASCII reads the same in all
//! these codecs), so only text with non-ASCII characters can be broken.

use std::ops::Range;

use crate::codecs::{self, Charmap, UNDONE_CODECS};

/// One kind of damage to text.
///
/// Whether `fix_encoding` undoes it depends on the text: mojibake it can
/// recognize (see [`crate::badness`]) is undone; short or unusual text
/// may not look like mojibake at all. The property tests in `proptests/`
/// measure, per mangle and script, how much generated text is restored,
/// and list the combinations that are not expected to be.
#[derive(Clone, Copy, Debug)]
pub enum Mangle {
    /// UTF-8 bytes decoded with a single-byte codec: the classic mojibake.
    /// `None` if a strict codec meets a byte it leaves unmapped (use a
    /// sloppy codec, or [`Mangle::Utf8AsLossy`]). Undone for the codecs
    /// `fix_encoding` tries: Latin-1, sloppy Windows-1250/1251/1252/1253/
    /// 1254/1257, ISO-8859-2, MacRoman and cp437.
    Utf8As(&'static Charmap),
    /// UTF-8 decoded with a strict codec that turns unmapped bytes into
    /// U+FFFD, as most software does. Undone where the lost bytes were
    /// continuation bytes of a sequence ftfy can still recognize (each
    /// damaged character becomes one `�`).
    Utf8AsLossy(&'static Charmap),
    /// CESU-8 (characters above U+FFFF as two encoded surrogates) decoded
    /// with a single-byte codec. Undone for Latin-1 and sloppy
    /// Windows-1252 via the `utf-8-variants` codec.
    Cesu8As(&'static Charmap),
    /// Java's modified UTF-8 (CESU-8, and U+0000 as `C0 80`) decoded with a
    /// single-byte codec. Undone like [`Mangle::Cesu8As`].
    JavaUtf8As(&'static Charmap),
    /// Windows-1252 text (not UTF-8 at all) decoded as Latin-1, turning
    /// curly quotes and dashes into C1 controls. `None` if the text is not
    /// Windows-1252. Undone.
    Windows1252AsLatin1,
    /// Every U+00A0 NO-BREAK SPACE turned into an ASCII space, as some
    /// programs "clean up" text. After a UTF-8 mangle it hides bytes A0;
    /// `fix_encoding` restores them where the sequence is clear.
    NoBreakSpaceToSpace,
    /// Curly quotes straightened (`‘’“”` to `'` and `"`), as an editor
    /// might do to already-broken text. Defeats the fix where the quote was
    /// part of a mojibake sequence.
    StraightenQuotes,
}

impl Mangle {
    /// One of each kind of damage: every codec `fix_encoding` tries, the
    /// lossy and CESU-8 variants of the common ones, and the rest.
    ///
    /// ```
    /// assert!(ftfy_core::breaker::Mangle::all().len() > 15);
    /// ```
    pub fn all() -> Vec<Mangle> {
        let mut all: Vec<Mangle> = UNDONE_CODECS.iter().map(|&c| Mangle::Utf8As(c)).collect();
        all.extend(LOSSY_CODECS.iter().map(|&c| Mangle::Utf8AsLossy(c)));
        for charmap in [&codecs::LATIN_1, &codecs::SLOPPY_WINDOWS_1252] {
            all.push(Mangle::Cesu8As(charmap));
            all.push(Mangle::JavaUtf8As(charmap));
        }
        all.extend([
            Mangle::Windows1252AsLatin1,
            Mangle::NoBreakSpaceToSpace,
            Mangle::StraightenQuotes,
        ]);
        all
    }
}

/// Strict codecs with unmapped bytes, for [`Mangle::Utf8AsLossy`].
static LOSSY_CODECS: [&Charmap; 6] = [
    &codecs::WINDOWS_1250,
    &codecs::WINDOWS_1251,
    &codecs::WINDOWS_1252,
    &codecs::WINDOWS_1253,
    &codecs::WINDOWS_1254,
    &codecs::WINDOWS_1257,
];

/// Applies one kind of damage to `text`, or returns `None` where it cannot
/// apply (a strict codec meeting an unmapped byte, text that is not
/// Windows-1252).
///
/// ```
/// use ftfy_core::breaker::{break_text, Mangle};
/// use ftfy_core::codecs::{LATIN_1, WINDOWS_1252};
///
/// assert_eq!(break_text("“hi”", Mangle::Utf8AsLossy(&WINDOWS_1252)).unwrap(), "â€œhiâ€\u{fffd}");
/// assert_eq!(break_text("😍", Mangle::Cesu8As(&LATIN_1)).unwrap(), "í\u{a0}½í¸\u{8d}");
/// assert_eq!(break_text("“hi”", Mangle::Windows1252AsLatin1).unwrap(), "\u{93}hi\u{94}");
/// ```
pub fn break_text(text: &str, mangle: Mangle) -> Option<String> {
    match mangle {
        Mangle::Utf8As(charmap) => charmap.decode(text.as_bytes()).ok(),
        Mangle::Utf8AsLossy(charmap) => Some(decode_lossy(text.as_bytes(), charmap)),
        Mangle::Cesu8As(charmap) => charmap.decode(&cesu8(text, false)).ok(),
        Mangle::JavaUtf8As(charmap) => charmap.decode(&cesu8(text, true)).ok(),
        Mangle::Windows1252AsLatin1 => {
            let bytes = codecs::WINDOWS_1252.encode(text).ok()?;
            codecs::LATIN_1.decode(&bytes).ok()
        }
        Mangle::NoBreakSpaceToSpace => Some(text.replace('\u{a0}', " ")),
        Mangle::StraightenQuotes => Some(
            text.chars()
                .map(|c| match c {
                    '‘' | '’' => '\'',
                    '“' | '”' => '"',
                    c => c,
                })
                .collect(),
        ),
    }
}

/// Applies several kinds of damage in order.
///
/// ```
/// use ftfy_core::breaker::{break_text_with, Mangle};
/// use ftfy_core::codecs::SLOPPY_WINDOWS_1252;
///
/// let broken = break_text_with("à la mode", &[Mangle::Utf8As(&SLOPPY_WINDOWS_1252), Mangle::NoBreakSpaceToSpace]);
/// assert_eq!(broken.unwrap(), "Ã  la mode");
/// ```
pub fn break_text_with(text: &str, mangles: &[Mangle]) -> Option<String> {
    mangles
        .iter()
        .try_fold(text.to_owned(), |text, &mangle| break_text(&text, mangle))
}

/// Damages only the bytes `span` of `text`, leaving the rest clean, as in
/// a line joined from two sources. `None` if the span is not on character
/// boundaries or the damage cannot apply.
///
/// ```
/// use ftfy_core::breaker::{break_span, Mangle};
/// use ftfy_core::codecs::SLOPPY_WINDOWS_1252;
///
/// let text = "café and crème";
/// let broken = break_span(text, 9..15, &[Mangle::Utf8As(&SLOPPY_WINDOWS_1252)]).unwrap();
/// assert_eq!(broken, "café and crÃ¨me");
/// ```
pub fn break_span(text: &str, span: Range<usize>, mangles: &[Mangle]) -> Option<String> {
    let (before, rest) = text.split_at_checked(span.start)?;
    let (middle, after) = rest.split_at_checked(span.end.checked_sub(span.start)?)?;
    Some(format!(
        "{before}{}{after}",
        break_text_with(middle, mangles)?
    ))
}

/// Decodes with `charmap`, turning each unmapped byte into U+FFFD.
fn decode_lossy(bytes: &[u8], charmap: &Charmap) -> String {
    bytes
        .iter()
        .map(|&byte| charmap.decode_byte(byte).unwrap_or('\u{fffd}'))
        .collect()
}

/// Encodes `text` as CESU-8: UTF-8, except that characters above U+FFFF
/// are written as the three-byte encodings of their UTF-16 surrogates.
/// With `java_null`, U+0000 is written `C0 80` too.
fn cesu8(text: &str, java_null: bool) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len() + 8);
    for c in text.chars() {
        if java_null && c == '\0' {
            bytes.extend_from_slice(&[0xC0, 0x80]);
        } else if (c as u32) < 0x10000 {
            bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        } else {
            for unit in c.encode_utf16(&mut [0; 2]) {
                let unit = u32::from(*unit);
                bytes.extend_from_slice(&[
                    0xE0 | (unit >> 12) as u8,
                    0x80 | ((unit >> 6) & 0x3F) as u8,
                    0x80 | (unit & 0x3F) as u8,
                ]);
            }
        }
    }
    bytes
}
