//! The options of a call, as the JavaScript half passes them: the boolean
//! options as bits of one number, in the order of [`FLAG_NAMES`], and the
//! three others as small numbers. The JavaScript half checks the user's
//! options object (names, types, ranges) and throws `TypeError` or
//! `RangeError`; this side checks again, so that no number reaches the
//! library unchecked.

use ftfy::{Normalization, TextFixerConfig, UnescapeHtml};

/// The boolean options of [`TextFixerConfig`], in JavaScript's spelling,
/// in the order of their bits. The JavaScript half reads this list, so the
/// two sides cannot disagree on the order.
pub const FLAG_NAMES: [&str; 14] = [
    "removeTerminalEscapes",
    "fixEncoding",
    "restoreByteA0",
    "replaceLossySequences",
    "decodeInconsistentUtf8",
    "fixC1Controls",
    "fixLatinLigatures",
    "fixCharacterWidth",
    "uncurlQuotes",
    "fixLineBreaks",
    "fixSurrogates",
    "removeControlChars",
    "explain",
    "extendedRecovery",
];

/// The values of `unescapeHtml`, by their code.
const UNESCAPE_HTML: [UnescapeHtml; 3] = [
    UnescapeHtml::Auto,
    UnescapeHtml::Always,
    UnescapeHtml::Never,
];

/// The values of `normalization`, by their code (0 is `null`).
const NORMALIZATION: [Option<Normalization>; 5] = [
    None,
    Some(Normalization::Nfc),
    Some(Normalization::Nfd),
    Some(Normalization::Nfkc),
    Some(Normalization::Nfkd),
];

/// The options of one call, encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodedOptions {
    /// Bit `i` is the option `FLAG_NAMES[i]`.
    pub flags: u32,
    /// 0 `"auto"`, 1 `true`, 2 `false`.
    pub unescape_html: u32,
    /// 0 `null`, then NFC, NFD, NFKC, NFKD.
    pub normalization: u32,
    /// At least 1.
    pub max_decode_length: u32,
}

impl EncodedOptions {
    /// The configuration these options describe.
    ///
    /// # Errors
    ///
    /// A message naming the first value out of range (which the
    /// JavaScript half's own checks make impossible).
    pub fn config(self) -> Result<TextFixerConfig, String> {
        if self.flags >> FLAG_NAMES.len() != 0 {
            return Err(format!("unknown option bits {:#x}", self.flags));
        }
        let unescape_html = *UNESCAPE_HTML
            .get(self.unescape_html as usize)
            .ok_or_else(|| format!("unescapeHtml code {} is out of range", self.unescape_html))?;
        let normalization = *NORMALIZATION
            .get(self.normalization as usize)
            .ok_or_else(|| format!("normalization code {} is out of range", self.normalization))?;
        if self.max_decode_length == 0 {
            return Err("maxDecodeLength must be at least 1".to_owned());
        }
        let flag = |name: &str| {
            let bit = FLAG_NAMES
                .iter()
                .position(|&flag| flag == name)
                .expect("every option read here is in FLAG_NAMES");
            self.flags & (1 << bit) != 0
        };
        Ok(TextFixerConfig::default()
            .unescape_html(unescape_html)
            .remove_terminal_escapes(flag("removeTerminalEscapes"))
            .fix_encoding(flag("fixEncoding"))
            .restore_byte_a0(flag("restoreByteA0"))
            .replace_lossy_sequences(flag("replaceLossySequences"))
            .decode_inconsistent_utf8(flag("decodeInconsistentUtf8"))
            .fix_c1_controls(flag("fixC1Controls"))
            .fix_latin_ligatures(flag("fixLatinLigatures"))
            .fix_character_width(flag("fixCharacterWidth"))
            .uncurl_quotes(flag("uncurlQuotes"))
            .fix_line_breaks(flag("fixLineBreaks"))
            .fix_surrogates(flag("fixSurrogates"))
            .remove_control_chars(flag("removeControlChars"))
            .explain(flag("explain"))
            .extended_recovery(flag("extendedRecovery"))
            .normalization(normalization)
            .max_decode_length(self.max_decode_length as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every boolean option on, `"auto"`, NFC, a million: ftfy's defaults
    /// but for extended recovery.
    const DEFAULTS: EncodedOptions = EncodedOptions {
        flags: (1 << 13) - 1,
        unescape_html: 0,
        normalization: 1,
        max_decode_length: 1_000_000,
    };

    #[test]
    fn the_default_options_are_ftfys_defaults() {
        assert_eq!(DEFAULTS.config().unwrap(), TextFixerConfig::default());
    }

    #[test]
    fn each_flag_sets_its_own_option() {
        let config = EncodedOptions {
            flags: 1 << 13,
            ..DEFAULTS
        }
        .config()
        .unwrap();
        assert!(config.extended_recovery && !config.fix_encoding && !config.explain);
        let config = EncodedOptions {
            flags: DEFAULTS.flags & !(1 << 8),
            ..DEFAULTS
        }
        .config()
        .unwrap();
        assert_eq!(config, TextFixerConfig::default().uncurl_quotes(false));
    }

    #[test]
    fn the_other_options_decode() {
        let config = EncodedOptions {
            unescape_html: 2,
            normalization: 0,
            max_decode_length: 7,
            ..DEFAULTS
        }
        .config()
        .unwrap();
        assert_eq!(config.unescape_html, UnescapeHtml::Never);
        assert_eq!(config.normalization, None);
        assert_eq!(config.max_decode_length, 7);
        let nfkd = EncodedOptions {
            normalization: 4,
            ..DEFAULTS
        };
        assert_eq!(
            nfkd.config().unwrap().normalization,
            Some(Normalization::Nfkd)
        );
    }

    #[test]
    fn values_out_of_range_are_refused() {
        let refused = |options: EncodedOptions| options.config().unwrap_err();
        assert!(refused(EncodedOptions {
            flags: 1 << 14,
            ..DEFAULTS
        })
        .contains("option bits"));
        assert!(refused(EncodedOptions {
            unescape_html: 3,
            ..DEFAULTS
        })
        .contains("unescapeHtml"));
        assert!(refused(EncodedOptions {
            normalization: 5,
            ..DEFAULTS
        })
        .contains("normalization"));
        assert!(refused(EncodedOptions {
            max_decode_length: 0,
            ..DEFAULTS
        })
        .contains("maxDecodeLength"));
    }
}
