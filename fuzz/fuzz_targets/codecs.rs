//! Codecs on arbitrary bytes: every single-byte codec round-trips what it
//! decodes, and utf-8-variants accepts exactly UTF-8 plus its two variant
//! forms (checked against a decoder written independently here).
#![no_main]

use ftfy::codecs::{self, utf8_variants};
use libfuzzer_sys::fuzz_target;

/// The codecs fix_encoding undoes, a strict one with holes, and one more
/// sloppy one.
fn charmaps() -> impl Iterator<Item = &'static codecs::Charmap> {
    codecs::UNDONE_CODECS
        .into_iter()
        .chain([&codecs::WINDOWS_1252, &codecs::SLOPPY_CP874])
}

/// An independent model of utf-8-variants: replace each CESU-8 pair and
/// each C0 80 by the UTF-8 of what it stands for, then require UTF-8.
fn model(bytes: &[u8]) -> Option<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(&[0xC0, 0x80]) {
            out.push(0);
            i += 2;
        } else if rest.len() >= 6
            && rest[0] == 0xED && (0xA0..=0xAF).contains(&rest[1]) && (0x80..=0xBF).contains(&rest[2])
            && rest[3] == 0xED && (0xB0..=0xBF).contains(&rest[4]) && (0x80..=0xBF).contains(&rest[5])
        {
            let high = 0xD000 | (u32::from(rest[1] & 0x3F) << 6) | u32::from(rest[2] & 0x3F);
            let low = 0xD000 | (u32::from(rest[4] & 0x3F) << 6) | u32::from(rest[5] & 0x3F);
            let c = char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))?;
            out.extend_from_slice(c.to_string().as_bytes());
            i += 6;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fuzz_target!(|bytes: &[u8]| {
    for charmap in charmaps() {
        if let Ok(text) = charmap.decode(bytes) {
            let name = charmap.name();
            assert_eq!(charmap.encode(&text).unwrap(), bytes, "{name} does not round-trip");
        }
    }
    let decoded = utf8_variants::decode(bytes).ok();
    assert_eq!(decoded, model(bytes), "utf-8-variants disagrees with the model");
    if let Some(text) = decoded {
        assert_eq!(utf8_variants::decode(&utf8_variants::encode(&text)).unwrap(), text);
    }
});
