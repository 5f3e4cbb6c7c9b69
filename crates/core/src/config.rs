//! `TextFixerConfig`: which fixes `fix_text` applies, with ftfy 6.3.1's
//! defaults.
//!
//! Every option of ftfy 6.3.1 is here under the same name. Set options with
//! the builder methods, which read like the keyword arguments of the Python
//! library:
//!
//! ```
//! use ftfy_core::{Normalization, TextFixerConfig};
//!
//! let config = TextFixerConfig::default()
//!     .uncurl_quotes(false)
//!     .normalization(Some(Normalization::Nfkc));
//! assert_eq!(ftfy_core::fix_text_with("“ﬁne”", &config), "“fine”");
//! ```

/// Whether `unescape_html` decodes HTML entities such as `&amp;`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum UnescapeHtml {
    /// Decode entities, unless the text contains a `<`: then it is probably
    /// real HTML, whose entities must stay as they are. In `fix_text` the
    /// first line holding a `<` turns decoding off for the rest of the text.
    #[default]
    Auto,
    /// Always decode entities.
    Always,
    /// Never decode entities. Use this when the output is HTML. (The seeds'
    /// ftfy 4.x called this `fix_entities=False`; the CLI calls it
    /// `--preserve-entities`.)
    Never,
}

/// A Unicode normalization form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Normalization {
    /// Canonical composition: `e` + combining acute becomes `é`. Never
    /// changes meaning. The default.
    Nfc,
    /// Canonical decomposition.
    Nfd,
    /// Compatibility composition: also turns `™` into `TM` and `H₂O` into
    /// `H2O`, which can lose meaning.
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

impl Normalization {
    /// The form's name as ftfy and Python's `unicodedata` spell it.
    ///
    /// ```
    /// assert_eq!(ftfy_core::Normalization::Nfkc.name(), "NFKC");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Normalization::Nfc => "NFC",
            Normalization::Nfd => "NFD",
            Normalization::Nfkc => "NFKC",
            Normalization::Nfkd => "NFKD",
        }
    }

    /// Parses a form's name, ignoring case (`"nfc"`, `"NFKC"`).
    ///
    /// ```
    /// use ftfy_core::Normalization;
    /// assert_eq!(Normalization::from_name("nfkd"), Some(Normalization::Nfkd));
    /// assert_eq!(Normalization::from_name("NFX"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Normalization> {
        [
            Normalization::Nfc,
            Normalization::Nfd,
            Normalization::Nfkc,
            Normalization::Nfkd,
        ]
        .into_iter()
        .find(|form| form.name().eq_ignore_ascii_case(name))
    }
}

/// Which fixes to apply. `Default` gives ftfy 6.3.1's defaults: every fix
/// on, HTML entities in `Auto` mode, NFC normalization.
///
/// The fields are public for reading; set them with the builder methods of
/// the same names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TextFixerConfig {
    /// Decode HTML entities such as `&amp;` (see [`UnescapeHtml`]). Turn it
    /// off when the output is meant to be read as HTML. ftfy 4.x called this
    /// option `fix_entities`.
    pub unescape_html: UnescapeHtml,
    /// Remove ANSI terminal escapes, such as the codes that color text.
    pub remove_terminal_escapes: bool,
    /// Detect mojibake and undo it by re-decoding the text. The next four
    /// options tune how, and do nothing when this is off.
    pub fix_encoding: bool,
    /// Let an ASCII space stand for a lost U+00A0 when that makes a run of
    /// mojibake decodable (`voilÃ le travail` → `voilà le travail`). Turning
    /// it off avoids rare false positives and leaves such text unfixed.
    pub restore_byte_a0: bool,
    /// Decode mojibake even where some bytes became `�` or `?`, turning each
    /// damaged sequence into one `�`.
    pub replace_lossy_sequences: bool,
    /// Fix clear-cut UTF-8 mojibake embedded in text that cannot be
    /// re-decoded as a whole, such as a line joined from two sources.
    pub decode_inconsistent_utf8: bool,
    /// Replace C1 control characters (U+0080–U+009F) with the Windows-1252
    /// characters they most likely were, as web browsers do.
    pub fix_c1_controls: bool,
    /// Replace Latin ligatures such as `ﬁ` with the letters they stand for.
    pub fix_latin_ligatures: bool,
    /// Replace full-width Latin letters and half-width katakana with their
    /// standard forms. Turn it off to keep the spacing of CJK text.
    pub fix_character_width: bool,
    /// Replace curly quotes with straight ones. Turn it off to keep
    /// typographic quotes.
    pub uncurl_quotes: bool,
    /// Turn CRLF, CR, U+2028, U+2029 and U+0085 into `\n`.
    pub fix_line_breaks: bool,
    /// Replace UTF-16 surrogates with the characters they encode. A Rust
    /// `&str` cannot hold surrogates, so this matters only where text
    /// arrives as UTF-16 code units: see [`crate::fixes::fix_utf16`].
    pub fix_surrogates: bool,
    /// Remove control characters that have no visible effect, including the
    /// byte-order mark (ftfy 4.x's separate `remove_bom` option).
    pub remove_control_chars: bool,
    /// The Unicode normalization to apply last, or `None` for none.
    pub normalization: Option<Normalization>,
    /// The longest segment, in characters, that `fix_text` fixes at once.
    /// Longer lines are cut into pieces of this size.
    pub max_decode_length: usize,
    /// Whether [`crate::fix_and_explain`] and
    /// [`crate::fix_encoding_and_explain`] build an explanation. When off,
    /// their explanation is `None`.
    pub explain: bool,
    /// Extended recovery (off by default, so that every answer is ftfy
    /// 6.3.1's): also undo the mojibake ftfy leaves broken, such as Latin
    /// text read as Windows-1251 (`cafГ©`), mixed lines, quotes straightened
    /// after the damage, and one legacy encoding read as another
    /// (`Ïðèâåò` → `Привет`). A language model decides, and text is changed
    /// only on overwhelming evidence. The `ftfy` crate reads this option to
    /// pick its mode; this crate alone has ftfy 6.3.1's mode only, and
    /// changes nothing for it.
    pub extended_recovery: bool,
}

impl Default for TextFixerConfig {
    fn default() -> Self {
        TextFixerConfig {
            unescape_html: UnescapeHtml::Auto,
            remove_terminal_escapes: true,
            fix_encoding: true,
            restore_byte_a0: true,
            replace_lossy_sequences: true,
            decode_inconsistent_utf8: true,
            fix_c1_controls: true,
            fix_latin_ligatures: true,
            fix_character_width: true,
            uncurl_quotes: true,
            fix_line_breaks: true,
            fix_surrogates: true,
            remove_control_chars: true,
            normalization: Some(Normalization::Nfc),
            max_decode_length: 1_000_000,
            explain: true,
            extended_recovery: false,
        }
    }
}

macro_rules! builder_methods {
    ($($(#[$doc:meta])* $field:ident: $type:ty;)*) => {
        impl TextFixerConfig {
            $(
                $(#[$doc])*
                #[must_use]
                pub fn $field(mut self, value: $type) -> Self {
                    self.$field = value;
                    self
                }
            )*
        }
    };
}

builder_methods! {
    /// Sets [`TextFixerConfig::unescape_html`].
    unescape_html: UnescapeHtml;
    /// Sets [`TextFixerConfig::remove_terminal_escapes`].
    remove_terminal_escapes: bool;
    /// Sets [`TextFixerConfig::fix_encoding`].
    fix_encoding: bool;
    /// Sets [`TextFixerConfig::restore_byte_a0`].
    restore_byte_a0: bool;
    /// Sets [`TextFixerConfig::replace_lossy_sequences`].
    replace_lossy_sequences: bool;
    /// Sets [`TextFixerConfig::decode_inconsistent_utf8`].
    decode_inconsistent_utf8: bool;
    /// Sets [`TextFixerConfig::fix_c1_controls`].
    fix_c1_controls: bool;
    /// Sets [`TextFixerConfig::fix_latin_ligatures`].
    fix_latin_ligatures: bool;
    /// Sets [`TextFixerConfig::fix_character_width`].
    fix_character_width: bool;
    /// Sets [`TextFixerConfig::uncurl_quotes`].
    uncurl_quotes: bool;
    /// Sets [`TextFixerConfig::fix_line_breaks`].
    fix_line_breaks: bool;
    /// Sets [`TextFixerConfig::fix_surrogates`].
    fix_surrogates: bool;
    /// Sets [`TextFixerConfig::remove_control_chars`].
    remove_control_chars: bool;
    /// Sets [`TextFixerConfig::normalization`].
    normalization: Option<Normalization>;
    /// Sets [`TextFixerConfig::max_decode_length`]. Values below 1 act as 1.
    max_decode_length: usize;
    /// Sets [`TextFixerConfig::explain`].
    explain: bool;
    /// Sets [`TextFixerConfig::extended_recovery`].
    extended_recovery: bool;
}
