//! Every single-byte codec against Python's own answers: each byte
//! decoded, and a wide sample of characters encoded, as recorded in
//! `tests/data/codec_vectors.json` by
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
    assert_eq!(vectors.codecs.len(), 43, "every codec has vectors");
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
