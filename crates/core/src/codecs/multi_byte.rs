//! The multi-byte encodings: the CJK encodings (Shift_JIS, CP932, EUC-JP,
//! ISO-2022-JP, GBK, GB2312, Big5, Big5-HKSCS, EUC-KR, ISO-2022-KR, Johab)
//! and UTF-16 and UTF-32 without a byte-order mark. Each reads and writes
//! as Python's codec of its name does, where Python has one: text in one
//! of them that was read as Windows-1252 is undone by encoding with
//! Windows-1252 and decoding with it, and a guess that names one reads the
//! text Python would.
//!
//! Most of them are encoding_rs's, strictly (no replacement characters),
//! or tables of Python's own decoding where encoding_rs lacks the codec or
//! reads it as browsers do ([`super::double_byte`]). encoding_rs reads
//! EUC-JP and ISO-2022-JP as browsers do, after Windows' code page 932: six
//! JIS X 0208 characters come out as full-width forms (WAVE DASH `〜` as
//! FULLWIDTH TILDE `～`, which NFKC then turns into `~`). These codecs give
//! the characters of the standard instead, as Python's do, and encode them
//! back. Where encoding_rs reads more than Python (EUC-KR as Windows'
//! code page 949, GBK's user-defined area), they read more.

use encoding_rs::{Encoding, EUC_JP_INIT, EUC_KR_INIT, GBK_INIT, ISO_2022_JP_INIT};

use super::double_byte::{self, DoubleByteTable};
use super::iso_2022_kr;

/// A multi-byte encoding, by the name plans give it.
///
/// ```
/// use ftfy_core::codecs::Codec;
/// let codec = Codec::from_name("sjis").unwrap();
/// assert_eq!(codec.name(), "shift_jis");
/// assert_eq!(codec.decode(b"\x93\xfa\x96\x7b").unwrap(), "日本");
/// assert_eq!(codec.encode("日本").unwrap(), b"\x93\xfa\x96\x7b");
/// assert_eq!(codec.decode(b"ok\x82").unwrap_err().offset(), Some(2));
/// // Windows' code page 932 reads the same bytes, and more.
/// let cp932 = Codec::from_name("windows-31j").unwrap();
/// assert_eq!(cp932.name(), "cp932");
/// assert_eq!(cp932.decode(b"\x87\x40").unwrap(), "①");
/// assert!(codec.decode(b"\x87\x40").is_err());
/// ```
#[derive(Clone, Copy)]
pub struct MultiByte {
    name: &'static str,
    engine: Engine,
}

/// How a multi-byte encoding reads and writes.
#[derive(Clone, Copy)]
enum Engine {
    /// encoding_rs's codec; Python's JIS characters where `jis` is set.
    Whatwg {
        encoding: &'static Encoding,
        jis: bool,
    },
    /// A table of Python's decoding.
    Table(&'static DoubleByteTable),
    /// UTF-16 or UTF-32 in one byte order, without a byte-order mark (one
    /// at the start is read as U+FEFF, as Python's `utf-16-le` reads it).
    Utf16 {
        little_endian: bool,
    },
    Utf32 {
        little_endian: bool,
    },
    Iso2022Kr,
}

impl PartialEq for MultiByte {
    /// Codecs are the same when their names are: each is defined once, in
    /// `ALL`.
    fn eq(&self, other: &MultiByte) -> bool {
        self.name == other.name
    }
}

impl Eq for MultiByte {}

impl std::hash::Hash for MultiByte {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl std::fmt::Debug for MultiByte {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("MultiByte").field(&self.name).finish()
    }
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

/// Every multi-byte encoding, by the names plans give them. (A `static`
/// of encoding_rs's `*_INIT` values, so that it builds with Rust 1.82.)
pub(super) static ALL: [MultiByte; 15] = [
    MultiByte::table(&double_byte::SHIFT_JIS),
    MultiByte::whatwg("gbk", &GBK_INIT, false),
    MultiByte::whatwg("euc-kr", &EUC_KR_INIT, false),
    MultiByte::table(&double_byte::BIG5),
    MultiByte::whatwg("euc-jp", &EUC_JP_INIT, true),
    MultiByte::table(&double_byte::GB2312),
    MultiByte::table(&double_byte::CP932),
    MultiByte::table(&double_byte::BIG5HKSCS),
    MultiByte::table(&double_byte::JOHAB),
    MultiByte::whatwg("iso-2022-jp", &ISO_2022_JP_INIT, true),
    MultiByte::new("iso-2022-kr", Engine::Iso2022Kr),
    MultiByte::new(
        "utf-16le",
        Engine::Utf16 {
            little_endian: true,
        },
    ),
    MultiByte::new(
        "utf-16be",
        Engine::Utf16 {
            little_endian: false,
        },
    ),
    MultiByte::new(
        "utf-32le",
        Engine::Utf32 {
            little_endian: true,
        },
    ),
    MultiByte::new(
        "utf-32be",
        Engine::Utf32 {
            little_endian: false,
        },
    ),
];

/// What the bytes at some position decode to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// One or two characters, and the number of bytes they take.
    Text(char, Option<char>, usize),
    /// The first `n` bytes decode to no text (an escape sequence, a shift).
    Skip(usize),
    /// The first `n` bytes decode to nothing: they are not valid.
    Invalid(usize),
    /// The bytes end inside a character.
    Incomplete,
}

/// What a stepping decoder remembers between steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StepState {
    iso_2022_kr: iso_2022_kr::State,
}

impl MultiByte {
    const fn new(name: &'static str, engine: Engine) -> MultiByte {
        MultiByte { name, engine }
    }

    const fn whatwg(name: &'static str, encoding: &'static Encoding, jis: bool) -> MultiByte {
        MultiByte::new(name, Engine::Whatwg { encoding, jis })
    }

    const fn table(table: &'static DoubleByteTable) -> MultiByte {
        MultiByte::new(table.name, Engine::Table(table))
    }

    /// The canonical name, as Python spells it.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// Whether the encoding reads ASCII bytes as ASCII everywhere (UTF-16,
    /// UTF-32 and ISO-2022's shifted text do not).
    pub fn is_ascii_compatible(self) -> bool {
        match self.engine {
            Engine::Whatwg { encoding, .. } => encoding.is_ascii_compatible(),
            Engine::Table(_) => true,
            Engine::Utf16 { .. } | Engine::Utf32 { .. } | Engine::Iso2022Kr => false,
        }
    }

    /// A decoder that reads the bytes piece by piece.
    pub fn new_decoder(self) -> MultiByteDecoder {
        let inner = match self.engine {
            Engine::Whatwg { encoding, jis } => Inner::Whatwg {
                decoder: encoding.new_decoder_without_bom_handling(),
                jis,
            },
            _ => Inner::Steps {
                state: StepState::default(),
                pending: Vec::new(),
            },
        };
        MultiByteDecoder {
            codec: self,
            inner,
            position: 0,
        }
    }

    /// What the start of `bytes` (not empty) decodes to, for the codecs
    /// that step.
    fn step(self, state: &mut StepState, bytes: &[u8]) -> Step {
        match self.engine {
            Engine::Table(table) => table.step(bytes),
            Engine::Utf16 { little_endian } => utf16_step(bytes, little_endian),
            Engine::Utf32 { little_endian } => utf32_step(bytes, little_endian),
            Engine::Iso2022Kr => iso_2022_kr::step(&mut state.iso_2022_kr, bytes),
            Engine::Whatwg { .. } => unreachable!("encoding_rs decodes these"),
        }
    }

    /// Decodes `bytes` strictly, or gives the offset of the first byte that
    /// does not decode.
    pub(super) fn decode(self, bytes: &[u8]) -> Result<String, usize> {
        let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
        self.new_decoder().decode_to(bytes, &mut text, true)?;
        Ok(text)
    }

    /// Encodes `text` strictly, or gives the byte offset of the first
    /// character it has no bytes for.
    pub(super) fn encode(self, text: &str) -> Result<Vec<u8>, usize> {
        match self.engine {
            Engine::Whatwg { encoding, jis } => whatwg_encode(encoding, jis, text),
            Engine::Table(table) => {
                let mut bytes = Vec::with_capacity(text.len());
                let mut at = 0;
                while at < text.len() {
                    let (encoded, length) = table.encode_step(&text[at..]).ok_or(at)?;
                    match u8::try_from(encoded) {
                        Ok(byte) => bytes.push(byte),
                        Err(_) => bytes.extend(encoded.to_be_bytes()),
                    }
                    at += length;
                }
                Ok(bytes)
            }
            Engine::Utf16 { little_endian } => Ok(text
                .encode_utf16()
                .flat_map(|unit| {
                    if little_endian {
                        unit.to_le_bytes()
                    } else {
                        unit.to_be_bytes()
                    }
                })
                .collect()),
            Engine::Utf32 { little_endian } => Ok(text
                .chars()
                .flat_map(|c| {
                    if little_endian {
                        u32::from(c).to_le_bytes()
                    } else {
                        u32::from(c).to_be_bytes()
                    }
                })
                .collect()),
            Engine::Iso2022Kr => iso_2022_kr::encode(text),
        }
    }
}

/// One UTF-16 character at the start of `bytes`.
fn utf16_step(bytes: &[u8], little_endian: bool) -> Step {
    let unit = |at: usize| -> Option<u16> {
        let pair = [*bytes.get(at)?, *bytes.get(at + 1)?];
        Some(if little_endian {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        })
    };
    let Some(first) = unit(0) else {
        return Step::Incomplete;
    };
    match first {
        0xD800..=0xDBFF => match unit(2) {
            None if bytes.len() < 4 => Step::Incomplete,
            Some(second @ 0xDC00..=0xDFFF) => {
                let code =
                    0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00);
                char::from_u32(code).map_or(Step::Invalid(2), |c| Step::Text(c, None, 4))
            }
            _ => Step::Invalid(2),
        },
        0xDC00..=0xDFFF => Step::Invalid(2),
        _ => char::from_u32(u32::from(first)).map_or(Step::Invalid(2), |c| Step::Text(c, None, 2)),
    }
}

/// One UTF-32 character at the start of `bytes`.
fn utf32_step(bytes: &[u8], little_endian: bool) -> Step {
    let Some(&[a, b, c, d]) = bytes.get(..4) else {
        return Step::Incomplete;
    };
    let code = if little_endian {
        u32::from_le_bytes([a, b, c, d])
    } else {
        u32::from_be_bytes([a, b, c, d])
    };
    char::from_u32(code).map_or(Step::Invalid(4), |c| Step::Text(c, None, 4))
}

/// Encodes with encoding_rs, strictly: the JIS characters it knows by
/// their full-width forms as those forms.
fn whatwg_encode(encoding: &'static Encoding, jis: bool, text: &str) -> Result<Vec<u8>, usize> {
    let mut encoder = encoding.new_encoder();
    let mut bytes = Vec::new();
    // Pieces between the JIS characters encoding_rs knows by their
    // full-width forms, each such character as its form. (Encoders keep
    // their state between pieces: ISO-2022-JP's shifts.)
    let mut start = 0;
    let standard = |c: char| jis && encoding_rs_form(c) != c;
    let mut buffer = [0u8; 4];
    for (at, c) in text.match_indices(standard) {
        encode_piece(&mut encoder, &text[start..at], start, &mut bytes, false)?;
        let form = c.chars().next().map_or('\0', encoding_rs_form);
        encode_piece(
            &mut encoder,
            form.encode_utf8(&mut buffer),
            at,
            &mut bytes,
            false,
        )?;
        start = at + c.len();
    }
    encode_piece(&mut encoder, &text[start..], start, &mut bytes, true)?;
    Ok(bytes)
}

/// Encodes one piece of text that starts at byte `offset` of the whole.
fn encode_piece(
    encoder: &mut encoding_rs::Encoder,
    piece: &str,
    offset: usize,
    bytes: &mut Vec<u8>,
    last: bool,
) -> Result<(), usize> {
    if let Some(more) = encoder.max_buffer_length_from_utf8_without_replacement(piece.len()) {
        bytes.reserve(more);
    }
    let (result, read) = encoder.encode_from_utf8_to_vec_without_replacement(piece, bytes, last);
    match result {
        encoding_rs::EncoderResult::InputEmpty => Ok(()),
        encoding_rs::EncoderResult::Unmappable(c) => {
            Err(offset + read.saturating_sub(c.len_utf8()))
        }
        encoding_rs::EncoderResult::OutputFull => Err(offset + read),
    }
}

/// Reads a multi-byte encoding piece by piece: a character cut between two
/// pieces is read whole, and shift states carry over.
///
/// ```
/// use ftfy_core::codecs::{Codec, MultiByte};
///
/// let Some(Codec::MultiByte(big5)) = Codec::from_name("big5") else { unreachable!() };
/// let mut decoder = big5.new_decoder();
/// let mut text = String::new();
/// // "中文" cut inside its second character.
/// decoder.decode_to(b"\xa4\xa4\xa4", &mut text, false).unwrap();
/// decoder.decode_to(b"\xe5!", &mut text, true).unwrap();
/// assert_eq!(text, "中文!");
/// // Bad bytes stop a strict read, at their offset in the whole input ...
/// let mut decoder = big5.new_decoder();
/// assert_eq!(decoder.decode_to(b"ok\xa4\xa4\xff\xff", &mut String::new(), true), Err(4));
/// // ... and become U+FFFD in a lenient one.
/// let mut text = String::new();
/// assert_eq!(big5.new_decoder().decode_lossy_to(b"ok\xff\xa4\xa4", &mut text, true), 1);
/// assert_eq!(text, "ok\u{fffd}中");
/// ```
pub struct MultiByteDecoder {
    codec: MultiByte,
    inner: Inner,
    /// The bytes read so far, up to the last character decoded.
    position: usize,
}

enum Inner {
    Whatwg {
        decoder: encoding_rs::Decoder,
        jis: bool,
    },
    Steps {
        state: StepState,
        /// The bytes of a character cut at the end of the last piece.
        pending: Vec<u8>,
    },
}

impl MultiByteDecoder {
    /// Decodes `bytes`, the input's next piece (`last` when it is its
    /// end), onto `text`.
    ///
    /// # Errors
    ///
    /// The offset, counted from the start of the input, of the first byte
    /// that does not decode; `text` then holds what comes before it.
    pub fn decode_to(&mut self, bytes: &[u8], text: &mut String, last: bool) -> Result<(), usize> {
        match self.decode_with(bytes, text, last, true) {
            (_, Some(offset)) => Err(offset),
            (_, None) => Ok(()),
        }
    }

    /// Decodes `bytes` as [`decode_to`](Self::decode_to) does, but puts
    /// U+FFFD for each byte sequence that does not decode, and goes on;
    /// returns how many it put.
    pub fn decode_lossy_to(&mut self, bytes: &[u8], text: &mut String, last: bool) -> usize {
        self.decode_with(bytes, text, last, false).0
    }

    /// The codec this decoder reads.
    pub fn codec(&self) -> MultiByte {
        self.codec
    }

    /// Decodes, stopping at the first bad byte when `strict`; gives the
    /// number of replacements, and the offset where it stopped.
    fn decode_with(
        &mut self,
        bytes: &[u8],
        text: &mut String,
        last: bool,
        strict: bool,
    ) -> (usize, Option<usize>) {
        let codec = self.codec;
        match &mut self.inner {
            Inner::Whatwg { decoder, jis } => {
                let start = text.len();
                let result = whatwg_decode(decoder, bytes, text, last, strict, &mut self.position);
                if *jis && text[start..].chars().any(|c| jis_standard(c) != c) {
                    let remapped: String = text[start..].chars().map(jis_standard).collect();
                    text.truncate(start);
                    text.push_str(&remapped);
                }
                result
            }
            Inner::Steps { state, pending } => {
                let mut joined;
                let input = if pending.is_empty() {
                    bytes
                } else {
                    joined = std::mem::take(pending);
                    joined.extend_from_slice(bytes);
                    &joined[..]
                };
                let (replaced, stop, used) =
                    decode_steps(codec, state, input, text, last, strict, self.position);
                self.position += used;
                if stop.is_none() {
                    pending.extend_from_slice(&input[used..]);
                }
                (replaced, stop)
            }
        }
    }
}

/// Decodes `input` step by step onto `text`; gives the replacements, the
/// offset of a bad byte that stopped a strict read (counting from
/// `position`, the offset of `input`), and the bytes used (the rest
/// begins a character cut short).
fn decode_steps(
    codec: MultiByte,
    state: &mut StepState,
    input: &[u8],
    text: &mut String,
    last: bool,
    strict: bool,
    position: usize,
) -> (usize, Option<usize>, usize) {
    text.reserve(input.len());
    let mut at = 0;
    let mut replaced = 0;
    while at < input.len() {
        let step = codec.step(state, &input[at..]);
        let length = match step {
            Step::Text(c, second, length) => {
                text.push(c);
                text.extend(second);
                length
            }
            Step::Skip(length) => length,
            Step::Incomplete if !last => break,
            Step::Invalid(_) | Step::Incomplete if strict => {
                return (replaced, Some(position + at), at);
            }
            Step::Invalid(length) => {
                replaced += 1;
                text.push('\u{FFFD}');
                length
            }
            Step::Incomplete => {
                replaced += 1;
                text.push('\u{FFFD}');
                input.len() - at
            }
        };
        at += length;
    }
    (replaced, None, at)
}

/// Decodes with encoding_rs onto `text`; gives the replacements and the
/// offset of a bad byte that stopped a strict read. `position` counts the
/// bytes read.
fn whatwg_decode(
    decoder: &mut encoding_rs::Decoder,
    mut bytes: &[u8],
    text: &mut String,
    last: bool,
    strict: bool,
    position: &mut usize,
) -> (usize, Option<usize>) {
    let mut replaced = 0;
    loop {
        let needed = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3 + 16);
        text.reserve(needed);
        let (result, read) = decoder.decode_to_string_without_replacement(bytes, text, last);
        *position += read;
        bytes = &bytes[read..];
        match result {
            encoding_rs::DecoderResult::InputEmpty => return (replaced, None),
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(bad, extra) => {
                if strict {
                    // The decoder read `extra` bytes past the `bad` ones.
                    let at = position.saturating_sub(usize::from(bad) + usize::from(extra));
                    return (replaced, Some(at));
                }
                replaced += 1;
                text.push('\u{FFFD}');
            }
        }
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
