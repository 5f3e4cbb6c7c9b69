//! ftfy's `TextFixerConfig` (`ftfy/__init__.py`): which fixes to apply.

/// ftfy's `unescape_html` option: `"auto"`, `True` or `False`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnescapeHtml {
    /// `"auto"`: decode entities unless the text holds a `<`, a sign that
    /// it is HTML whose entities should stay.
    Auto,
    /// `True`: always decode them.
    Always,
    /// `False`: never.
    Never,
}

/// A form of Unicode normalization, as Python's `unicodedata.normalize`
/// names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Normalization {
    /// `"NFC"`
    Nfc,
    /// `"NFD"`
    Nfd,
    /// `"NFKC"`
    Nfkc,
    /// `"NFKD"`
    Nfkd,
}

impl Normalization {
    /// The form's name, as plans write it.
    pub fn name(self) -> &'static str {
        match self {
            Normalization::Nfc => "NFC",
            Normalization::Nfd => "NFD",
            Normalization::Nfkc => "NFKC",
            Normalization::Nfkd => "NFKD",
        }
    }
}

/// ftfy's `TextFixerConfig`, field for field, with its defaults
/// ([`Default`]). See ftfy's documentation of the class for what each
/// option does; the four options after `fix_encoding` tune how it works.
///
/// ftfy's functions take `config=None` to mean the defaults, except that
/// `fix_text`, `fix_text_segment` and `fix_encoding` then set `explain` to
/// `False`; here every function takes a configuration, and those defaults
/// are `TextFixerConfig { explain: false, ..Default::default() }`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // ftfy's options, one for each fix
pub struct TextFixerConfig {
    /// Decode HTML entities (default `"auto"`).
    pub unescape_html: UnescapeHtml,
    /// Remove "ANSI" terminal escapes.
    pub remove_terminal_escapes: bool,
    /// Detect mojibake and fix it by decoding the text differently.
    pub fix_encoding: bool,
    /// Let a space stand for a lost U+A0 inside mojibake.
    pub restore_byte_a0: bool,
    /// Fix mojibake part of which became `�` or `?`.
    pub replace_lossy_sequences: bool,
    /// Fix runs of UTF-8 mojibake inside other text.
    pub decode_inconsistent_utf8: bool,
    /// Read C1 controls as Windows-1252.
    pub fix_c1_controls: bool,
    /// Separate Latin ligatures.
    pub fix_latin_ligatures: bool,
    /// Narrow fullwidth Latin and widen halfwidth Katakana.
    pub fix_character_width: bool,
    /// Straighten curly quotes.
    pub uncurl_quotes: bool,
    /// Make every line break `\n`.
    pub fix_line_breaks: bool,
    /// Replace UTF-16 surrogates.
    pub fix_surrogates: bool,
    /// Remove control characters that have no displayed effect.
    pub remove_control_chars: bool,
    /// The Unicode normalization to apply, if any (default NFC).
    pub normalization: Option<Normalization>,
    /// The longest segment (in characters) fixed at once.
    pub max_decode_length: usize,
    /// Whether to compute explanations.
    pub explain: bool,
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
        }
    }
}

impl TextFixerConfig {
    /// ftfy's `getattr(config, fixer_name)`, read as a truth value: whether
    /// the option named after a fixer is on (`"auto"` counts as on).
    ///
    /// # Panics
    ///
    /// On a name that is not an option of ftfy's: a typo in this crate.
    pub(crate) fn enables(&self, fixer_name: &str) -> bool {
        match fixer_name {
            "unescape_html" => self.unescape_html != UnescapeHtml::Never,
            "remove_terminal_escapes" => self.remove_terminal_escapes,
            "restore_byte_a0" => self.restore_byte_a0,
            "replace_lossy_sequences" => self.replace_lossy_sequences,
            "decode_inconsistent_utf8" => self.decode_inconsistent_utf8,
            "fix_c1_controls" => self.fix_c1_controls,
            "fix_latin_ligatures" => self.fix_latin_ligatures,
            "fix_character_width" => self.fix_character_width,
            "uncurl_quotes" => self.uncurl_quotes,
            "fix_line_breaks" => self.fix_line_breaks,
            "fix_surrogates" => self.fix_surrogates,
            "remove_control_chars" => self.remove_control_chars,
            _ => panic!("{fixer_name} is not an option"),
        }
    }
}
