//! The double-byte CJK encodings that plans may name (Shift_JIS, GBK,
//! EUC-KR, Big5, EUC-JP): text in one of them that was read as
//! Windows-1252 is undone by encoding with Windows-1252 and decoding with
//! it. `encoding_rs` does the work, strictly: no replacement characters.
//!
//! encoding_rs reads Shift_JIS and EUC-JP as browsers do, after Windows'
//! code page 932: six JIS X 0208 characters come out as full-width forms
//! (WAVE DASH `〜` as FULLWIDTH TILDE `～`, which NFKC then turns into
//! `~`). These codecs give the characters of the standard instead, as
//! Python's `shift_jis` and `euc_jp` do, and encode them back.

use encoding_rs::{Encoding, BIG5_INIT, EUC_JP_INIT, EUC_KR_INIT, GBK_INIT, SHIFT_JIS_INIT};

/// A double-byte encoding, by the name plans give it.
///
/// ```
/// use ftfy_core::codecs::Codec;
/// let codec = Codec::from_name("cp932").unwrap();
/// assert_eq!(codec.name(), "shift_jis");
/// assert_eq!(codec.decode(b"\x93\xfa\x96\x7b").unwrap(), "日本");
/// assert_eq!(codec.encode("日本").unwrap(), b"\x93\xfa\x96\x7b");
/// assert_eq!(codec.decode(b"ok\x82").unwrap_err().offset(), Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MultiByte {
    name: &'static str,
    encoding: &'static Encoding,
}

/// The JIS X 0208 characters that encoding_rs reads as full-width forms,
/// each with the form it reads: (standard, encoding_rs).
const JIS_STANDARD: [(char, char); 6] = [
    ('\u{301C}', '\u{FF5E}'), // WAVE DASH, FULLWIDTH TILDE
    ('\u{2016}', '\u{2225}'), // DOUBLE VERTICAL LINE, PARALLEL TO
    ('\u{2212}', '\u{FF0D}'), // MINUS SIGN, FULLWIDTH HYPHEN-MINUS
    ('\u{A2}', '\u{FFE0}'),   // CENT SIGN, FULLWIDTH CENT SIGN
    ('\u{A3}', '\u{FFE1}'),   // POUND SIGN, FULLWIDTH POUND SIGN
    ('\u{AC}', '\u{FFE2}'),   // NOT SIGN, FULLWIDTH NOT SIGN
];

/// The JIS X 0208 character for one that encoding_rs's Shift_JIS or
/// EUC-JP reads as a full-width form; any other character as it is.
pub fn jis_standard(c: char) -> char {
    JIS_STANDARD
        .iter()
        .find(|&&(_, read)| read == c)
        .map_or(c, |&(standard, _)| standard)
}

/// GB2312's reading, as Python's codec gives it, of the two characters
/// where Python's GB2312 and GBK differ (bytes A1A4 and A1AA: KATAKANA MIDDLE DOT and HORIZONTAL BAR
/// where GBK has MIDDLE DOT and EM DASH).
pub fn gb2312_standard(c: char) -> char {
    match c {
        '\u{B7}' => '\u{30FB}',
        '\u{2014}' => '\u{2015}',
        _ => c,
    }
}

/// The character encoding_rs's Shift_JIS and EUC-JP encode for a JIS X
/// 0208 character they read as a full-width form.
fn encoding_rs_form(c: char) -> char {
    JIS_STANDARD
        .iter()
        .find(|&&(standard, _)| standard == c)
        .map_or(c, |&(_, read)| read)
}

/// Every double-byte encoding, by the names plans give them. (A `static`
/// of encoding_rs's `*_INIT` values, so that it builds with Rust 1.82.)
pub(super) static ALL: [MultiByte; 5] = [
    MultiByte::new("shift_jis", &SHIFT_JIS_INIT),
    MultiByte::new("gbk", &GBK_INIT),
    MultiByte::new("euc-kr", &EUC_KR_INIT),
    MultiByte::new("big5", &BIG5_INIT),
    MultiByte::new("euc-jp", &EUC_JP_INIT),
];

impl MultiByte {
    const fn new(name: &'static str, encoding: &'static Encoding) -> MultiByte {
        MultiByte { name, encoding }
    }

    /// The canonical name, as Python spells it.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// Decodes `bytes` strictly, or gives the offset of the first byte that
    /// does not decode.
    pub(super) fn decode(self, bytes: &[u8]) -> Result<String, usize> {
        let mut decoder = self.encoding.new_decoder_without_bom_handling();
        let capacity = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3 + 16);
        let mut text = String::with_capacity(capacity);
        let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
        match result {
            encoding_rs::DecoderResult::InputEmpty if self.is_jis() => {
                Ok(text.chars().map(jis_standard).collect())
            }
            encoding_rs::DecoderResult::InputEmpty => Ok(text),
            _ => Err(read.saturating_sub(1)),
        }
    }

    /// Encodes `text` strictly, or gives the byte offset of the first
    /// character it has no bytes for.
    pub(super) fn encode(self, text: &str) -> Result<Vec<u8>, usize> {
        let mut encoder = self.encoding.new_encoder();
        let mut bytes = Vec::new();
        // (These encoders keep no state between pieces.) Pieces between the JIS characters encoding_rs knows by their
        // full-width forms, each such character as its form.
        let mut start = 0;
        let standard = |c: char| self.is_jis() && encoding_rs_form(c) != c;
        let mut buffer = [0u8; 4];
        for (at, c) in text.match_indices(standard) {
            Self::encode_piece(&mut encoder, &text[start..at], start, &mut bytes)?;
            let form = c.chars().next().map_or('\0', encoding_rs_form);
            Self::encode_piece(&mut encoder, form.encode_utf8(&mut buffer), at, &mut bytes)?;
            start = at + c.len();
        }
        Self::encode_piece(&mut encoder, &text[start..], start, &mut bytes)?;
        Ok(bytes)
    }

    /// Encodes one piece of text that starts at byte `offset` of the whole.
    fn encode_piece(
        encoder: &mut encoding_rs::Encoder,
        piece: &str,
        offset: usize,
        bytes: &mut Vec<u8>,
    ) -> Result<(), usize> {
        if let Some(more) = encoder.max_buffer_length_from_utf8_without_replacement(piece.len()) {
            bytes.reserve(more);
        }
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(piece, bytes, false);
        match result {
            encoding_rs::EncoderResult::InputEmpty => Ok(()),
            encoding_rs::EncoderResult::Unmappable(c) => {
                Err(offset + read.saturating_sub(c.len_utf8()))
            }
            encoding_rs::EncoderResult::OutputFull => Err(offset + read),
        }
    }

    /// Whether this is Shift_JIS or EUC-JP.
    fn is_jis(self) -> bool {
        self.name == "shift_jis" || self.name == "euc-jp"
    }
}

#[cfg(test)]
mod tests {
    use super::super::Codec;

    /// Shift_JIS and EUC-JP read and write the JIS characters as Python's
    /// codecs do (bytes checked against Python 3.11's `shift_jis` and
    /// `euc_jp`).
    #[test]
    fn jis_characters_are_read_as_the_standard_has_them() {
        let text = "〜‖−¢£¬ テスト";
        for (name, bytes) in [
            (
                "shift_jis",
                &b"\x81\x60\x81\x61\x81\x7c\x81\x91\x81\x92\x81\xca \x83\x65\x83\x58\x83\x67"[..],
            ),
            (
                "euc-jp",
                &b"\xa1\xc1\xa1\xc2\xa1\xdd\xa1\xf1\xa1\xf2\xa2\xcc \xa5\xc6\xa5\xb9\xa5\xc8"[..],
            ),
        ] {
            let codec = Codec::from_name(name).unwrap();
            assert_eq!(codec.decode(bytes).unwrap(), text, "{name}");
            assert_eq!(codec.encode(text).unwrap(), bytes, "{name}");
            // An unencodable character's offset counts the text's bytes.
            assert_eq!(
                codec.encode("〜x€").unwrap_err().offset(),
                Some(4),
                "{name}"
            );
        }
    }
}
