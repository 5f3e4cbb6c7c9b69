//! Candidate re-decodings: each [`Transform`] encodes the text as read
//! with one codec and decodes the bytes with another, as a whole line
//! ([`whole_line`]) or word by word ([`super::spans`]).
//!
//! Two families: UTF-8 read as a single-byte codec (ftfy's codecs and
//! more, with straightened quotes and lost no-break spaces put back), and
//! one legacy encoding read as another (Windows-1251 read as Windows-1252,
//! KOI8-R read as Windows-1251, Shift_JIS read as Windows-1252, …).

use std::borrow::Cow;
use std::sync::LazyLock;

use super::repairs::restore_continuation_bytes;
use ftfy_core::codecs::{Charmap, Codec, MisreadCodec};
use ftfy_core::fixes::Fix;
use ftfy_core::ExplanationStep;
use ftfy_core::Normalization;

use crate::{ExtensionFix, Step};

/// The codec a transform decodes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decoder {
    /// UTF-8, after [`restore_continuation_bytes`].
    Utf8,
    /// A legacy codec, strictly: a name [`Codec::from_name`] knows.
    Legacy(&'static str),
}

/// Read as `encoder`, written in `decoder`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Transform {
    /// The single-byte codec the text was wrongly read with.
    pub(crate) encoder: MisreadCodec,
    /// What the bytes really were.
    pub(crate) decoder: Decoder,
}

const fn utf8(encoder: MisreadCodec) -> Transform {
    Transform {
        encoder,
        decoder: Decoder::Utf8,
    }
}

const fn legacy_pair(encoder: MisreadCodec, decoder: &'static str) -> Transform {
    Transform {
        encoder,
        decoder: Decoder::Legacy(decoder),
    }
}

/// UTF-8 mojibake through every single-byte codec a reader is likely to
/// have used: one per codec of the core's list ([`MisreadCodec::ALL`], in
/// its order, ftfy's first).
pub(crate) static UTF8_TRANSFORMS: [Transform; MisreadCodec::ALL.len()] = {
    let mut transforms = [utf8(MisreadCodec::Latin1); MisreadCodec::ALL.len()];
    let mut i = 0;
    while i < transforms.len() {
        transforms[i] = utf8(MisreadCodec::ALL[i]);
        i += 1;
    }
    transforms
};

/// Legacy mixups: text written in the second codec, read as the first.
/// The single-byte pairs are those where a Western (or Cyrillic, or Mac,
/// or DOS) reader meets another script's or region's code page; the CJK
/// pairs are double-byte text read as Windows-1252.
pub(crate) static LEGACY_TRANSFORMS: [Transform; 36] = [
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1251"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "koi8-r"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "ibm866"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-5"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1253"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-7"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1250"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-2"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1254"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1257"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-13"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-4"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1258"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-15"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "iso-8859-16"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1255"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "windows-1256"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "shift_jis"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "gbk"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "euc-kr"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "big5"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "euc-jp"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "cp850"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "cp437"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "macroman"),
    legacy_pair(MisreadCodec::SloppyWindows1252, "cp874"),
    legacy_pair(MisreadCodec::Latin1, "windows-1251"),
    legacy_pair(MisreadCodec::Latin1, "koi8-r"),
    legacy_pair(MisreadCodec::Latin1, "windows-1253"),
    legacy_pair(MisreadCodec::SloppyWindows1251, "koi8-r"),
    legacy_pair(MisreadCodec::SloppyWindows1251, "ibm866"),
    legacy_pair(MisreadCodec::SloppyWindows1251, "windows-1252"),
    legacy_pair(MisreadCodec::MacRoman, "cp437"),
    legacy_pair(MisreadCodec::MacRoman, "cp850"),
    legacy_pair(MisreadCodec::MacRoman, "windows-1252"),
    legacy_pair(MisreadCodec::Cp437, "windows-1252"),
];

/// A single-byte codec that transforms encode with, and its bytes for the
/// characters below [`DIRECT_LIMIT`] (0 where it has none): a
/// recovery encodes whole lines of Latin, Greek, Cyrillic, Hebrew and
/// Arabic text, which a table read encodes faster than a search.
struct Encoder {
    charmap: &'static Charmap,
    direct: Box<[u8; DIRECT_LIMIT]>,
}

/// The code points that [`Encoder`]'s table covers: those of one- and
/// two-byte UTF-8.
const DIRECT_LIMIT: usize = 0x800;

/// The encoder of each codec of the list (every transform encodes with
/// one), made on first use.
static ENCODERS: LazyLock<Vec<Encoder>> = LazyLock::new(|| {
    MisreadCodec::ALL
        .iter()
        .map(|codec| {
            let charmap = codec.charmap();
            let mut direct = Box::new([0u8; DIRECT_LIMIT]);
            for (code, slot) in direct.iter_mut().enumerate() {
                let c = char::from_u32(code as u32).unwrap_or('\0');
                *slot = charmap.encode_char(c).unwrap_or(0);
            }
            Encoder { charmap, direct }
        })
        .collect()
});

fn encoder(codec: MisreadCodec) -> &'static Encoder {
    &ENCODERS[codec.index()]
}

impl Encoder {
    /// The byte of `c` (what [`Charmap::encode_char`] gives).
    #[inline]
    fn byte(&self, c: char) -> Option<u8> {
        match self.direct.get(c as usize) {
            // Byte 0 is U+0000's alone: elsewhere it marks a character
            // the codec lacks.
            Some(&0) if c != '\0' => None,
            Some(&byte) => Some(byte),
            None => self.charmap.encode_char(c),
        }
    }
}

/// How `codec` encodes each character (what [`Charmap::encode_char`]
/// gives), from a table below U+0800.
pub(crate) fn char_encoder(codec: MisreadCodec) -> impl Fn(char) -> Option<u8> + Copy {
    let encoder = encoder(codec);
    move |c| encoder.byte(c)
}

/// Encodes text with `codec` (what [`Charmap::encode`] gives, or `None`
/// where it fails).
pub(crate) fn encode(text: &str, codec: MisreadCodec) -> Option<Vec<u8>> {
    let encoder = encoder(codec);
    let mut bytes = Vec::with_capacity(text.len());
    for c in text.chars() {
        bytes.push(encoder.byte(c)?);
    }
    Some(bytes)
}

/// Whether the legacy codec named `decoder` is a multi-byte (CJK) one.
pub(crate) fn decodes_multi_byte(decoder: &str) -> bool {
    matches!(Codec::from_name(decoder), Some(Codec::MultiByte(_)))
}

/// What a single-byte legacy decoder makes of each byte: whether it
/// decodes, and whether the character is alphabetic or a symbol (as
/// `letter_count` and `model::symbol_count` count them).
pub(crate) struct ByteFacts {
    pub(crate) defined: [bool; 256],
    pub(crate) alphabetic: [u8; 256],
    pub(crate) symbol: [u8; 256],
}

/// [`ByteFacts`] of each of [`LEGACY_TRANSFORMS`]' decoders (`None` for
/// the multi-byte ones), from the codecs themselves.
static BYTE_FACTS: LazyLock<Vec<Option<ByteFacts>>> = LazyLock::new(|| {
    LEGACY_TRANSFORMS
        .iter()
        .map(|transform| {
            let Decoder::Legacy(name) = transform.decoder else {
                return None;
            };
            let codec = Codec::from_name(name)?;
            if matches!(codec, Codec::MultiByte(_)) {
                return None;
            }
            let mut facts = ByteFacts {
                defined: [false; 256],
                alphabetic: [0; 256],
                symbol: [0; 256],
            };
            for byte in 0..=255u8 {
                let Ok(text) = codec.decode(&[byte]) else {
                    continue;
                };
                let mut chars = text.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                let info = super::chars::info(c);
                facts.defined[usize::from(byte)] = true;
                // (Windows-1258's tone marks join the letters before them.)
                let mark = crate::language::class_of(c).0 == crate::language::Class::Mark;
                facts.alphabetic[usize::from(byte)] = u8::from(info.alphabetic || mark);
                facts.symbol[usize::from(byte)] = u8::from(super::readings::is_symbol(c));
            }
            Some(facts)
        })
        .collect()
});

/// The [`ByteFacts`] of `LEGACY_TRANSFORMS[index]`'s decoder, if it is a
/// single-byte codec.
pub(crate) fn byte_facts(index: usize) -> Option<&'static ByteFacts> {
    BYTE_FACTS.get(index)?.as_ref()
}

/// A re-decoded text and the plan that made it.
pub(crate) struct Candidate {
    pub(crate) text: String,
    pub(crate) plan: Vec<Step>,
}

impl Candidate {
    /// Whether the candidate undoes a legacy mixup (decodes with a codec
    /// other than UTF-8).
    pub(crate) fn is_legacy(&self) -> bool {
        self.plan.iter().any(|step| {
            matches!(step, ExplanationStep::Decode(codec) if !matches!(codec, Codec::Utf8 | Codec::Utf8Variants))
        })
    }
}

/// Re-decodes the whole of `text` with `transform`, or `None` if the text
/// can't be encoded or the bytes can't be decoded.
pub(crate) fn whole_line(text: &str, transform: Transform) -> Option<Candidate> {
    let bytes = encode(text, transform.encoder)?;
    whole_line_encoded(text, transform, &bytes)
}

/// [`whole_line`], given the text's bytes in the transform's encoder
/// (shared by the transforms that encode with the same codec).
pub(crate) fn whole_line_encoded(
    text: &str,
    transform: Transform,
    bytes: &[u8],
) -> Option<Candidate> {
    let mut plan = vec![ExplanationStep::Encode(Codec::SingleByte(
        transform.encoder.charmap(),
    ))];
    let decoded = match transform.decoder {
        Decoder::Utf8 => {
            let repaired = restore_continuation_bytes(bytes);
            if let Cow::Owned(_) = repaired {
                plan.push(ExplanationStep::Transcode(Fix::Extension(
                    ExtensionFix::RESTORE_CONTINUATION_BYTES,
                )));
            }
            plan.push(ExplanationStep::Decode(Codec::Utf8));
            String::from_utf8(repaired.into_owned()).ok()?
        }
        Decoder::Legacy(name) => {
            let codec = Codec::from_name(name)?;
            plan.push(ExplanationStep::Decode(codec));
            let decoded = codec.decode(bytes).ok()?;
            // Windows-1258 writes most of Vietnamese's tones as combining
            // marks after the letters: composed, as text is.
            if name == "windows-1258" {
                match Normalization::Nfc.normalize(&decoded) {
                    Cow::Owned(composed) => {
                        plan.push(ExplanationStep::Normalize(Normalization::Nfc));
                        composed
                    }
                    Cow::Borrowed(_) => decoded,
                }
            } else {
                decoded
            }
        }
    };
    (decoded != text).then_some(Candidate {
        text: decoded,
        plan,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The single-byte decoders are stateless, so that [`ByteFacts`]
    /// counted byte by byte are those of the decoded line.
    #[test]
    fn byte_facts_count_what_the_decoders_make() {
        for (index, transform) in LEGACY_TRANSFORMS.iter().enumerate() {
            let Some(facts) = byte_facts(index) else {
                continue;
            };
            let Decoder::Legacy(name) = transform.decoder else {
                continue;
            };
            let codec = Codec::from_name(name).unwrap();
            let bytes: Vec<u8> = (0..=255u8)
                .filter(|&byte| facts.defined[usize::from(byte)])
                .collect();
            let text = codec.decode(&bytes).unwrap();
            assert_eq!(text.chars().count(), bytes.len(), "{name}");
            let letters: usize = bytes
                .iter()
                .map(|&b| usize::from(facts.alphabetic[usize::from(b)]))
                .sum();
            // (Windows-1258's tone marks count as letters.)
            let letters_and_marks = text
                .chars()
                .filter(|&c| {
                    c.is_alphabetic()
                        || crate::language::class_of(c).0 == crate::language::Class::Mark
                })
                .count();
            assert_eq!(letters, letters_and_marks, "{name}");
            let symbols: usize = bytes
                .iter()
                .map(|&b| usize::from(facts.symbol[usize::from(b)]))
                .sum();
            assert_eq!(
                symbols,
                super::super::readings::Counts::of(&text).symbols,
                "{name}"
            );
            for byte in (0..=255u8).filter(|&byte| !facts.defined[usize::from(byte)]) {
                assert!(
                    codec.decode(&[b'a', byte, b'b']).is_err(),
                    "{name} {byte:x}"
                );
            }
        }
        assert!(byte_facts(0).is_some(), "Windows-1251 is single-byte");
    }

    /// The table-driven [`encode`] gives what the codec's own encoder
    /// gives, for every character it covers and on random text.
    #[test]
    fn fast_encoding_agrees_with_the_codecs() {
        for codec in MisreadCodec::ALL {
            for c in (0..0x900).filter_map(char::from_u32) {
                let text = format!("a{c}b");
                assert_eq!(
                    encode(&text, codec),
                    codec.charmap().encode(&text).ok(),
                    "{codec} {c:?}"
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn fast_encoding_agrees_on_random_text(text in "[a-z é€Ÿ€œ‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›žЀ-ӿΑ-ωא-ת؀-ۿ☃\u{0}-\u{7ff}]{0,12}") {
            for codec in MisreadCodec::ALL {
                proptest::prop_assert_eq!(encode(&text, codec), codec.charmap().encode(&text).ok());
            }
        }
    }
}
