//! The legacy codecs that extended recovery decodes with, beyond
//! [`crate::codecs`]: KOI8-R, CP866, CP850 and a few ISO-8859 parts (tables
//! generated into [`super::tables`]), and the CJK multi-byte encodings
//! Shift_JIS, GBK, EUC-KR, Big5 and EUC-JP (from encoding_rs). Plans name
//! them, so [`crate::apply_plan`] replays them through [`decode`] and
//! [`encode`].

use encoding_rs::{Encoding, BIG5_INIT, EUC_JP_INIT, EUC_KR_INIT, GBK_INIT, SHIFT_JIS_INIT};

use super::tables::LEGACY_CODECS;

/// Multi-byte encodings, by the names plans give them. (A `static` of
/// encoding_rs's `*_INIT` values, so that it builds with Rust 1.82.)
static MULTI_BYTE: [(&str, &Encoding); 5] = [
    ("shift_jis", &SHIFT_JIS_INIT),
    ("gbk", &GBK_INIT),
    ("euc-kr", &EUC_KR_INIT),
    ("big5", &BIG5_INIT),
    ("euc-jp", &EUC_JP_INIT),
];

/// Whether a codec named by [`canonical_name`] is a multi-byte one.
pub(crate) fn is_multi_byte(name: &str) -> bool {
    MULTI_BYTE.iter().any(|&(known, _)| known == name)
}

/// The canonical name of a codec known here but not to [`crate::codecs`].
pub(crate) fn canonical_name(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_ascii_lowercase().replace('_', "-");
    let lower = match lower.as_str() {
        "koi8r" => "koi8-r",
        "cp866" | "866" => "ibm866",
        "850" | "ibm850" => "cp850",
        "sjis" | "shift-jis" | "cp932" | "windows-31j" => "shift_jis",
        "cp936" | "gb2312" => "gbk",
        "euckr" | "cp949" => "euc-kr",
        "cp950" => "big5",
        "eucjp" => "euc-jp",
        other => other,
    };
    LEGACY_CODECS
        .iter()
        .map(|&(name, _)| name)
        .chain(MULTI_BYTE.iter().map(|&(name, _)| name))
        .find(|&known| known == lower)
}

/// Decodes bytes with a codec named by [`canonical_name`], strictly, or
/// returns the offset of the first byte that does not decode.
pub(crate) fn decode(bytes: &[u8], name: &str) -> Result<String, usize> {
    if let Some(&(_, encoding)) = MULTI_BYTE.iter().find(|&&(known, _)| known == name) {
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let capacity = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3 + 16);
        let mut text = String::with_capacity(capacity);
        let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
        return match result {
            encoding_rs::DecoderResult::InputEmpty => Ok(text),
            _ => Err(read.saturating_sub(1)),
        };
    }
    let table = high_half(name).ok_or(0usize)?;
    let mut text = String::with_capacity(bytes.len() * 2);
    for (offset, &byte) in bytes.iter().enumerate() {
        if byte < 0x80 {
            text.push(char::from(byte));
        } else {
            let code = table[usize::from(byte - 0x80)];
            match char::from_u32(u32::from(code)).filter(|_| code != 0xFFFF) {
                Some(c) => text.push(c),
                None => return Err(offset),
            }
        }
    }
    Ok(text)
}

/// Encodes text with a codec named by [`canonical_name`], strictly, or
/// returns the byte offset of the first character it has no bytes for.
pub(crate) fn encode(text: &str, name: &str) -> Result<Vec<u8>, usize> {
    if let Some(&(_, encoding)) = MULTI_BYTE.iter().find(|&&(known, _)| known == name) {
        let mut encoder = encoding.new_encoder();
        let capacity = encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len() * 4 + 16);
        let mut bytes = Vec::with_capacity(capacity);
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(text, &mut bytes, true);
        return match result {
            encoding_rs::EncoderResult::InputEmpty => Ok(bytes),
            encoding_rs::EncoderResult::Unmappable(c) => Err(read.saturating_sub(c.len_utf8())),
            encoding_rs::EncoderResult::OutputFull => Err(read),
        };
    }
    let table = high_half(name).ok_or(0usize)?;
    let mut bytes = Vec::with_capacity(text.len());
    for (offset, c) in text.char_indices() {
        if c.is_ascii() {
            bytes.push(c as u8);
            continue;
        }
        let code = u32::from(c);
        let found = table
            .iter()
            .position(|&mapped| u32::from(mapped) == code && mapped != 0xFFFF);
        match found {
            // OK because the table has 128 entries.
            Some(index) => bytes.push(0x80 + index as u8),
            None => return Err(offset),
        }
    }
    Ok(bytes)
}

fn high_half(name: &str) -> Option<&'static [u16; 128]> {
    LEGACY_CODECS
        .iter()
        .find(|&&(known, _)| known == name)
        .map(|(_, table)| table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_codecs_decode_and_encode_cyrillic() {
        let koi8 = canonical_name("KOI8_R").unwrap();
        assert_eq!(decode(b"\xf0\xd2\xc9\xd7\xc5\xd4", koi8).unwrap(), "Привет");
        assert_eq!(encode("Привет", koi8).unwrap(), b"\xf0\xd2\xc9\xd7\xc5\xd4");
        let cp866 = canonical_name("cp866").unwrap();
        assert_eq!(
            decode(b"\x8f\xe0\xa8\xa2\xa5\xe2", cp866).unwrap(),
            "Привет"
        );
        let sjis = canonical_name("shift_jis").unwrap();
        assert_eq!(decode(b"ok\x82", sjis), Err(2));
        assert_eq!(decode(b"\x93\xfa\x96\x7b", sjis).unwrap(), "日本");
        assert!(canonical_name("klingon").is_none());
    }
}
