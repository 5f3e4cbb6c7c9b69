//! Every codec against Python's own answers: each byte (and, for the
//! multi-byte codecs, each pair of bytes) decoded, and a wide sample of
//! characters encoded, as recorded in `tests/data/codec_vectors.json` and
//! `tests/data/multi_byte_vectors.json` by
//! `xtask/python/generate/codec_tables.py` (which calls Python's codecs,
//! not our tables).

use std::collections::BTreeMap;

use ftfy::codecs::{self, utf8_variants, Codec};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    chars: Vec<u32>,
    codecs: BTreeMap<String, CodecVectors>,
}

#[derive(Deserialize)]
struct CodecVectors {
    decode: Vec<Option<String>>,
    encode: Vec<Option<u8>>,
}

#[test]
fn single_byte_codecs_match_python() {
    let vectors: Vectors =
        serde_json::from_str(include_str!("data/codec_vectors.json")).expect("valid vectors");
    assert_eq!(vectors.codecs.len(), 47, "every codec has vectors");
    for (name, expected) in &vectors.codecs {
        let Some(Codec::SingleByte(charmap)) = Codec::from_name(name) else {
            panic!("no single-byte codec {name}");
        };
        assert_eq!(charmap.name(), name);
        for (byte, expected) in (0..=255u8).zip(&expected.decode) {
            let got = charmap.decode_byte(byte).map(String::from);
            assert_eq!(&got, expected, "{name} decoding byte {byte:#04x}");
            assert_eq!(
                charmap.decode(&[byte]).ok(),
                got,
                "{name}: decode and decode_byte agree"
            );
        }
        for (&code, &expected) in vectors.chars.iter().zip(&expected.encode) {
            let c = char::from_u32(code).expect("vectors hold no surrogates");
            assert_eq!(
                charmap.encode_char(c),
                expected,
                "{name} encoding U+{code:04X}"
            );
            let whole = charmap.encode(&format!("a{c}b")).ok();
            assert_eq!(
                whole,
                expected.map(|byte| vec![b'a', byte, b'b']),
                "{name} encoding \"a{c}b\""
            );
        }
    }
}

#[test]
fn sloppy_codecs_trade_1a_for_replacement_character() {
    let sloppy = &codecs::SLOPPY_WINDOWS_1252;
    assert_eq!(sloppy.encode("\u{fffd}").unwrap(), b"\x1a");
    assert_eq!(sloppy.encode("a\u{1a}").unwrap_err().offset(), Some(1));
    assert_eq!(codecs::LATIN_1.encode("\u{1a}").unwrap(), b"\x1a");
}

#[test]
fn utf8_variants_follows_ftfy() {
    // Each case and its answer from ftfy 6.3.1's utf-8-variants codec.
    let cases: [(&[u8], Option<&str>); 10] = [
        (b"\xed\xa0\xbd\xed\xb8\x8d", Some("😍")),
        (
            b"here comes a null! \xc0\x80",
            Some("here comes a null! \0"),
        ),
        (b"caf\xc3\xa9", Some("café")),
        (b"\xed\x9f\xbf", Some("\u{d7ff}")),
        (b"\xed\xa0\xbd", None),
        (b"\xed\xa0\xbd\xed\xa0\xbd", None),
        (b"\xc0", None),
        (b"\xc0\x81", None),
        (b"\xe2\xc0\x80", None),
        (
            b"\xf0\x9f\x98\x8d\xed\xa0\xbd\xed\xb8\x8d\xc0\x80",
            Some("😍😍\0"),
        ),
    ];
    for (bytes, expected) in cases {
        assert_eq!(
            utf8_variants::decode(bytes).ok().as_deref(),
            expected,
            "{bytes:x?}"
        );
    }
}

#[test]
fn names_and_aliases() {
    for (alias, canonical) in [
        ("sloppy-cp1252", "sloppy-windows-1252"),
        ("SLOPPY_WINDOWS_1251", "sloppy-windows-1251"),
        ("iso8859-2", "iso-8859-2"),
        ("mac_roman", "macroman"),
        ("utf8-var", "utf-8-variants"),
        ("cesu8", "utf-8-variants"),
        ("latin1", "latin-1"),
    ] {
        let codec: Codec = alias.parse().unwrap();
        assert_eq!(codec.name(), canonical, "{alias}");
        assert_eq!(codec.to_string().parse::<Codec>(), Ok(codec));
    }
    assert_eq!(
        "ebcdic".parse::<Codec>().unwrap_err().to_string(),
        "unknown encoding 'ebcdic'"
    );
}

/// Codecs are equal when their names are, so no two may share a name.
#[test]
fn codecs_are_told_apart_by_name() {
    let vectors: Vectors =
        serde_json::from_str(include_str!("data/codec_vectors.json")).expect("valid vectors");
    let codecs: Vec<Codec> = vectors
        .codecs
        .keys()
        .map(|name| Codec::from_name(name).unwrap())
        .chain([Codec::Utf8, Codec::Utf8Variants])
        .collect();
    for (i, a) in codecs.iter().enumerate() {
        for b in &codecs[i + 1..] {
            assert_ne!(a, b);
            assert_ne!(a.name(), b.name());
        }
    }
}

/// What Python's codec makes of the probes of one lead byte (see
/// `multi_byte_vectors` in xtask/python/generate/codec_tables.py).
#[derive(Deserialize)]
struct LeadRow {
    lead: u8,
    single: Option<String>,
    /// Which trail bytes make a pair that decodes, as 64 hex digits.
    pairs: String,
    /// FNV-1a of each such trail byte, the UTF-8 of its text, and FF.
    digest: String,
}

#[derive(Deserialize)]
struct MultiByteVectors {
    before: String,
    after: String,
    rows: Vec<LeadRow>,
    chars: Vec<u32>,
    encode: Vec<Option<String>>,
}

fn fnv1a(digest: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(digest, |digest, &byte| {
        (digest ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    })
}

fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex"))
        .collect()
}

/// Codecs that read more than Python's codec of their name: each reads
/// every byte sequence Python reads as Python does, and some that Python
/// refuses (EUC-KR as Windows' code page 949 for Python's `cp949`, which
/// it is; GBK's and EUC-JP's user-defined areas and browser extensions as
/// encoding_rs reads them; ISO-2022-JP's half-width katakana).
const READS_MORE: [&str; 3] = ["gbk", "euc-jp", "iso-2022-jp"];

#[test]
fn multi_byte_codecs_match_python_on_every_pair() {
    let vectors: BTreeMap<String, MultiByteVectors> =
        serde_json::from_str(include_str!("data/multi_byte_vectors.json")).expect("valid vectors");
    assert_eq!(vectors.len(), 11, "every multi-byte codec has vectors");
    for (name, expected) in &vectors {
        let codec = Codec::from_name(name).unwrap_or_else(|| panic!("no codec {name}"));
        assert_eq!(codec.name(), name);
        let (before, after) = (unhex(&expected.before), unhex(&expected.after));
        let probe = |bytes: &[u8]| -> Option<String> {
            codec
                .decode(&[&before[..], bytes, &after[..]].concat())
                .ok()
        };
        let reads_more = READS_MORE.contains(&name.as_str());
        for row in &expected.rows {
            let single = probe(&[row.lead]);
            if !(reads_more && row.single.is_none()) {
                assert_eq!(single, row.single, "{name} decoding {:#04x}", row.lead);
            }
            let valid = unhex(&row.pairs);
            let mut digest = fnv1a(0xcbf2_9ce4_8422_2325, b"");
            for trail in 0..=255u8 {
                let python_reads = valid[31 - usize::from(trail / 8)] >> (trail % 8) & 1 == 1;
                let ours = probe(&[row.lead, trail]);
                if python_reads {
                    let text = ours.unwrap_or_else(|| {
                        panic!("{name} does not decode {:02x}{trail:02x}", row.lead)
                    });
                    digest = fnv1a(digest, &[trail]);
                    digest = fnv1a(digest, text.as_bytes());
                    digest = fnv1a(digest, &[0xFF]);
                } else if !reads_more {
                    assert_eq!(ours, None, "{name} decodes {:02x}{trail:02x}", row.lead);
                }
            }
            assert_eq!(
                format!("{digest:016x}"),
                row.digest,
                "{name}: the pairs of lead {:#04x} read otherwise than in Python",
                row.lead
            );
        }
        for (&code, expected) in expected.chars.iter().zip(&expected.encode) {
            let c = char::from_u32(code).expect("vectors hold no surrogates");
            let ours = codec.encode(&c.to_string()).ok();
            // (encoding_rs writes no JIS X 0212, the three-byte sequences
            // of EUC-JP that start with 8F; it reads them.)
            let jis_x_0212 =
                name == "euc-jp" && expected.as_ref().is_some_and(|hex| hex.starts_with("8f"));
            if reads_more && expected.is_none() || jis_x_0212 {
                continue;
            }
            assert_eq!(
                ours,
                expected.as_deref().map(unhex),
                "{name} encoding U+{code:04X}"
            );
        }
    }
}

/// UTF-16 and UTF-32 in each byte order, without a byte-order mark, and
/// ISO-2022-KR's shifts and designation (bytes from Python 3.11's codecs).
#[test]
fn wide_and_shifted_codecs_match_python() {
    let cases: [(&str, &str, &[u8]); 7] = [
        ("utf-16le", "a\u{feff}😀", b"a\x00\xff\xfe=\xd8\x00\xde"),
        ("utf-16be", "a😀", b"\x00a\xd8=\xde\x00"),
        ("utf-32le", "a😀", b"a\x00\x00\x00\x00\xf6\x01\x00"),
        ("utf-32be", "a😀", b"\x00\x00\x00a\x00\x01\xf6\x00"),
        (
            "iso-2022-kr",
            "한국어 텍스트\n둘째 줄",
            b"\x1b$)C\x0eGQ19>n\x0f \x0eEX=:F.\x0f\n\x0e5QB0\x0f \x0eAY\x0f",
        ),
        ("iso-2022-kr", "a가\r나", b"a\x1b$)C\x0e0!\x0f\r\x0e3*\x0f"),
        (
            "iso-2022-jp",
            "日本語\nテキスト",
            b"\x1b$BF|K\\8l\x1b(B\n\x1b$B%F%-%9%H\x1b(B",
        ),
    ];
    for (name, text, bytes) in cases {
        let codec = Codec::from_name(name).unwrap();
        assert_eq!(codec.decode(bytes).unwrap(), text, "{name}");
        assert_eq!(codec.encode(text).unwrap(), bytes, "{name}");
    }
    for (name, bytes, offset) in [
        ("utf-16le", &b"a\x00\x00\xd8b\x00"[..], 2),
        ("utf-16be", b"\x00a\x00", 2),
        ("utf-32le", b"\x00\xd8\x00\x00", 0),
        ("utf-32be", b"\x00\x11\x00\x00", 0),
        ("iso-2022-kr", b"\x1b$)C\x0e0! 0!\x0f", 7),
        ("iso-2022-kr", b"\x1b$)C\xb0\xa1", 4),
        ("iso-2022-kr", b"\x1b$)C\x0e0", 5),
    ] {
        let codec = Codec::from_name(name).unwrap();
        assert_eq!(
            codec.decode(bytes).unwrap_err().offset(),
            Some(offset),
            "{name} {bytes:x?}"
        );
    }
    // Python passes over a shift before any designation, and a line feed
    // ends the shift.
    let kr = Codec::from_name("iso-2022-kr").unwrap();
    assert_eq!(kr.decode(b"\x0e0!\x0f").unwrap(), "0!");
    assert_eq!(kr.decode(b"\x1b$)C\x0e0!\n0!\x0f").unwrap(), "가\n0!");
}
