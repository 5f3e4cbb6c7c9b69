//! The encodings a document may be in, how each reads bytes, and how
//! common each is (a small prior, in bits, that decides between encodings
//! that read the bytes equally well: Windows-1252 before Latin-1 and
//! ISO-8859-15, Windows-1250 before ISO-8859-2).

use encoding_rs::{
    Encoding, BIG5_INIT, EUC_JP_INIT, EUC_KR_INIT, GBK_INIT, KOI8_U_INIT, SHIFT_JIS_INIT,
};

use crate::language::Script;

use ftfy_core::codecs::{
    Charmap, CP437, CP850, CP874, IBM866, ISO_8859_13, ISO_8859_15, ISO_8859_16, ISO_8859_2,
    ISO_8859_4, ISO_8859_5, ISO_8859_7, ISO_8859_8, ISO_8859_9, KOI8_R, LATIN_1, MACROMAN,
    SLOPPY_WINDOWS_1252, WINDOWS_1250, WINDOWS_1251, WINDOWS_1253, WINDOWS_1254, WINDOWS_1255,
    WINDOWS_1256, WINDOWS_1257, WINDOWS_1258,
};

/// How a candidate turns bytes into characters.
#[derive(Clone, Copy)]
pub(super) enum Reader {
    /// One of this crate's single-byte codecs.
    Charmap(&'static Charmap),
    /// A single-byte encoding only encoding_rs has (KOI8-U).
    SingleByte(&'static Encoding),
    /// A double-byte CJK encoding, through encoding_rs.
    MultiByte(&'static Encoding),
    /// GB2312 as its standard maps it (and Python reads it): GBK, but for
    /// two punctuation marks; weighed only for bytes whose double-byte
    /// characters all lie in GB2312's rows.
    Gb2312,
    /// UTF-16 without a byte-order mark.
    Utf16 { little_endian: bool },
}

/// An encoding the guesser weighs.
pub(super) struct Candidate {
    /// The name it is reported by (one that `fix_file` and `-e` read).
    pub name: &'static str,
    pub reader: Reader,
    /// How much less common the encoding is than the most common ones, in
    /// bits.
    pub prior_bits: f64,
    /// The script the encoding is made for (`None` for UTF-16, made for
    /// all).
    pub home: Option<Script>,
}

const fn candidate(name: &'static str, reader: Reader, prior_bits: f64) -> Candidate {
    let home = match reader {
        Reader::Utf16 { .. } => None,
        _ => Some(home_script(name)),
    };
    Candidate {
        name,
        reader,
        prior_bits,
        home,
    }
}

/// The script an encoding's letters above ASCII are in.
const fn home_script(name: &str) -> Script {
    match name.as_bytes() {
        b"windows-1251" | b"koi8-r" | b"koi8-u" | b"ibm866" | b"iso-8859-5" => Script::Cyrillic,
        b"windows-1253" | b"iso-8859-7" => Script::Greek,
        b"windows-1255" | b"iso-8859-8" => Script::Hebrew,
        b"windows-1256" => Script::Arabic,
        b"cp874" => Script::Thai,
        b"shift_jis" | b"euc-jp" | b"gb2312" | b"gbk" | b"big5" => Script::HanKana,
        b"euc-kr" => Script::Hangul,
        _ => Script::Latin,
    }
}

/// Every candidate, the most common of each family first (equal costs
/// keep the earlier).
pub(super) static CANDIDATES: [Candidate; 34] = [
    candidate(
        "sloppy-windows-1252",
        Reader::Charmap(&SLOPPY_WINDOWS_1252),
        0.0,
    ),
    candidate("latin-1", Reader::Charmap(&LATIN_1), 2.0),
    candidate("iso-8859-15", Reader::Charmap(&ISO_8859_15), 1.0),
    candidate("windows-1250", Reader::Charmap(&WINDOWS_1250), 1.0),
    candidate("iso-8859-2", Reader::Charmap(&ISO_8859_2), 2.0),
    candidate("iso-8859-16", Reader::Charmap(&ISO_8859_16), 8.0),
    candidate("windows-1251", Reader::Charmap(&WINDOWS_1251), 0.0),
    candidate("koi8-r", Reader::Charmap(&KOI8_R), 1.0),
    candidate("koi8-u", Reader::SingleByte(&KOI8_U_INIT), 2.0),
    candidate("ibm866", Reader::Charmap(&IBM866), 2.0),
    candidate("iso-8859-5", Reader::Charmap(&ISO_8859_5), 4.0),
    candidate("windows-1253", Reader::Charmap(&WINDOWS_1253), 0.0),
    candidate("iso-8859-7", Reader::Charmap(&ISO_8859_7), 2.0),
    candidate("windows-1254", Reader::Charmap(&WINDOWS_1254), 1.0),
    candidate("iso-8859-9", Reader::Charmap(&ISO_8859_9), 2.0),
    candidate("windows-1255", Reader::Charmap(&WINDOWS_1255), 1.0),
    candidate("iso-8859-8", Reader::Charmap(&ISO_8859_8), 3.0),
    candidate("windows-1256", Reader::Charmap(&WINDOWS_1256), 1.0),
    candidate("windows-1257", Reader::Charmap(&WINDOWS_1257), 1.0),
    candidate("iso-8859-13", Reader::Charmap(&ISO_8859_13), 3.0),
    candidate("iso-8859-4", Reader::Charmap(&ISO_8859_4), 6.0),
    candidate("windows-1258", Reader::Charmap(&WINDOWS_1258), 2.0),
    candidate("cp874", Reader::Charmap(&CP874), 1.0),
    candidate("macroman", Reader::Charmap(&MACROMAN), 4.0),
    candidate("cp437", Reader::Charmap(&CP437), 4.0),
    candidate("cp850", Reader::Charmap(&CP850), 4.0),
    candidate("shift_jis", Reader::MultiByte(&SHIFT_JIS_INIT), 0.0),
    candidate("euc-jp", Reader::MultiByte(&EUC_JP_INIT), 1.0),
    candidate("gb2312", Reader::Gb2312, 0.0),
    candidate("gbk", Reader::MultiByte(&GBK_INIT), 0.5),
    candidate("big5", Reader::MultiByte(&BIG5_INIT), 0.0),
    candidate("euc-kr", Reader::MultiByte(&EUC_KR_INIT), 0.0),
    candidate(
        "utf-16le",
        Reader::Utf16 {
            little_endian: true,
        },
        2.0,
    ),
    candidate(
        "utf-16be",
        Reader::Utf16 {
            little_endian: false,
        },
        3.0,
    ),
];

/// The characters a single-byte reader gives bytes 80 to FF (`None` for a
/// byte it leaves undefined).
pub(super) fn high_half(reader: Reader) -> Option<[Option<char>; 128]> {
    let mut table = [None; 128];
    match reader {
        Reader::Charmap(charmap) => {
            for (slot, byte) in table.iter_mut().zip(0x80..=0xFFu8) {
                *slot = charmap.decode_byte(byte);
            }
        }
        Reader::SingleByte(encoding) => {
            for (slot, byte) in table.iter_mut().zip(0x80..=0xFFu8) {
                let mut decoder = encoding.new_decoder_without_bom_handling();
                let mut buffer = [0u8; 8];
                let (result, _, written) =
                    decoder.decode_to_utf8_without_replacement(&[byte], &mut buffer, true);
                if result == encoding_rs::DecoderResult::InputEmpty {
                    *slot = std::str::from_utf8(&buffer[..written])
                        .ok()
                        .and_then(|s| s.chars().next());
                }
            }
        }
        Reader::MultiByte(_) | Reader::Gb2312 | Reader::Utf16 { .. } => return None,
    }
    Some(table)
}

/// All of `bytes` read by `reader`, or `None` if some bytes do not decode.
/// Shift_JIS and EUC-JP give the JIS characters Python's codecs give
/// where encoding_rs (as browsers, after Windows) gives full-width forms
/// ([`codecs::jis_standard`]).
pub(super) fn decode(reader: Reader, bytes: &[u8]) -> Option<String> {
    match reader {
        Reader::Charmap(charmap) => charmap.decode(bytes).ok(),
        Reader::SingleByte(encoding) => Some(
            encoding
                .decode_without_bom_handling_and_without_replacement(bytes)?
                .into_owned(),
        ),
        Reader::MultiByte(encoding) => {
            let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
            if encoding == &SHIFT_JIS_INIT || encoding == &EUC_JP_INIT {
                Some(text.chars().map(ftfy_core::codecs::jis_standard).collect())
            } else {
                Some(text.into_owned())
            }
        }
        Reader::Gb2312 => {
            let text = GBK_INIT.decode_without_bom_handling_and_without_replacement(bytes)?;
            Some(
                text.chars()
                    .map(ftfy_core::codecs::gb2312_standard)
                    .collect(),
            )
        }
        Reader::Utf16 { little_endian } => {
            if bytes.len() % 2 == 1 {
                return None;
            }
            let units = bytes.chunks_exact(2).map(|pair| {
                let pair = [pair[0], pair[1]];
                if little_endian {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            });
            char::decode_utf16(units)
                .collect::<Result<String, _>>()
                .ok()
        }
    }
}

/// Whether every double-byte character of `bytes` lies in GB2312's rows
/// (first byte A1 to F7, second A1 to FE).
pub(super) fn within_gb2312(bytes: &[u8]) -> bool {
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] < 0x80 {
            at += 1;
            continue;
        }
        match bytes.get(at..at + 2) {
            Some(&[0xA1..=0xF7, 0xA1..=0xFE]) => at += 2,
            // (A character cut at the sample's end.)
            None => return true,
            _ => return false,
        }
    }
    true
}
