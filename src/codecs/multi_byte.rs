//! The double-byte CJK encodings that plans may name (Shift_JIS, GBK,
//! EUC-KR, Big5, EUC-JP): text in one of them that was read as
//! Windows-1252 is undone by encoding with Windows-1252 and decoding with
//! it. `encoding_rs` does the work, strictly: no replacement characters.

use encoding_rs::{Encoding, BIG5_INIT, EUC_JP_INIT, EUC_KR_INIT, GBK_INIT, SHIFT_JIS_INIT};

/// A double-byte encoding, by the name plans give it.
///
/// ```
/// use ftfy::codecs::Codec;
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
            encoding_rs::DecoderResult::InputEmpty => Ok(text),
            _ => Err(read.saturating_sub(1)),
        }
    }

    /// Encodes `text` strictly, or gives the byte offset of the first
    /// character it has no bytes for.
    pub(super) fn encode(self, text: &str) -> Result<Vec<u8>, usize> {
        let mut encoder = self.encoding.new_encoder();
        let capacity = encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len() * 4 + 16);
        let mut bytes = Vec::with_capacity(capacity);
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(text, &mut bytes, true);
        match result {
            encoding_rs::EncoderResult::InputEmpty => Ok(bytes),
            encoding_rs::EncoderResult::Unmappable(c) => Err(read.saturating_sub(c.len_utf8())),
            encoding_rs::EncoderResult::OutputFull => Err(read),
        }
    }
}
