//! `fix_encoding`'s view of [`UNDONE_CODECS`]: which of them can encode a
//! text, found in one pass, and the encoding with the one it picks, by one
//! table read per character instead of a failed encoding per codec and a
//! binary search per character.
//!
//! The table is made from [`Charmap::encode_char`] itself, so the two
//! agree; a property test checks both functions against
//! [`Charmap::encode`].

#[cfg(test)]
use super::{Charmap, UNDONE_CODECS};
use super::{CodecSet, MisreadCodec};

/// How many undone codecs there are.
const CODECS: usize = MisreadCodec::UNDONE.len();

/// Every undone codec.
const ALL: CodecSet = CodecSet::UNDONE;

/// What the undone codecs do with one character: which of them encode it,
/// and to which byte each.
#[derive(Clone, Copy, Default)]
struct Entry {
    set: CodecSet,
    bytes: [u8; CODECS],
    /// The codecs that encode the character as a UTF-8 continuation byte
    /// (80–BF), and those that encode it as a byte that must be followed
    /// by one (C0–FF), in UTF-8 or its variants.
    continuation: CodecSet,
    lead: CodecSet,
    /// Whether some codec encodes the character as byte 1A, which
    /// `replace_lossy_sequences` may replace.
    makes_1a: bool,
}

/// The entry of the characters that no codec encodes.
const NO_ENTRY: Entry = Entry {
    set: CodecSet::EMPTY,
    bytes: [0; CODECS],
    continuation: CodecSet::EMPTY,
    lead: CodecSet::EMPTY,
    makes_1a: false,
};

/// The [`Entry`] of each character of the Basic Multilingual Plane: the
/// one- and two-byte characters in UTF-8 by code point, the three-byte
/// ones by block of 64 code points (the characters that share a lead and
/// second byte), most blocks holding none that an undone codec encodes.
struct Table {
    /// U+0000 to U+07FF.
    short: &'static [Entry],
    /// For each block, its row in `rows`; row 0 is empty.
    rows_of_blocks: &'static [u8],
    /// Rows of 64 entries.
    rows: &'static [Entry],
}

// The table is generated (`tests::generated_undone_table`), each entry
// kept as its codecs and bytes packed in a number (see `pack`) and
// unpacked when the crate is compiled.
#[rustfmt::skip]
mod undone_table;

static TABLE: Table = Table {
    short: &unpack_all(&undone_table::SHORT),
    rows_of_blocks: &undone_table::ROWS_OF_BLOCKS,
    rows: &unpack_all(&undone_table::ROWS),
};

/// An entry as a number: its codecs in bits 80 and up, the byte of codec
/// `i` in bits `8i` to `8i + 7` (what [`unpack`] reads).
#[cfg(test)]
fn pack(entry: &Entry) -> u128 {
    let bytes = entry
        .bytes
        .iter()
        .enumerate()
        .fold(0u128, |packed, (i, &byte)| {
            packed | u128::from(byte) << (8 * i)
        });
    u128::from(entry.set.bits()) << (8 * CODECS) | bytes
}

/// The entry that [`pack`] made `packed`, with what follows from its bytes.
const fn unpack(packed: u128) -> Entry {
    let set = (packed >> (8 * CODECS)) as u16;
    let (mut continuation, mut lead) = (0u16, 0u16);
    let mut entry = Entry {
        set: CodecSet::from_bits(set),
        bytes: [0; CODECS],
        continuation: CodecSet::EMPTY,
        lead: CodecSet::EMPTY,
        makes_1a: false,
    };
    let mut i = 0;
    while i < CODECS {
        let byte = (packed >> (8 * i)) as u8;
        entry.bytes[i] = byte;
        if set & 1 << i != 0 {
            match byte {
                0x80..=0xBF => continuation |= 1 << i,
                0xC0..=0xFF => lead |= 1 << i,
                0x1A => entry.makes_1a = true,
                _ => {}
            }
        }
        i += 1;
    }
    entry.continuation = CodecSet::from_bits(continuation);
    entry.lead = CodecSet::from_bits(lead);
    entry
}

const fn unpack_all<const N: usize>(packed: &[u128; N]) -> [Entry; N] {
    let mut entries = [NO_ENTRY; N];
    let mut i = 0;
    while i < N {
        entries[i] = unpack(packed[i]);
        i += 1;
    }
    entries
}

/// The table, worked out from the codecs' own `encode_char`.
#[cfg(test)]
fn build_table() -> (Vec<Entry>, Vec<u8>, Vec<Entry>) {
    let entry = |c: char| {
        let mut entry = Entry::default();
        for codec in MisreadCodec::UNDONE {
            if let Some(byte) = codec.charmap().encode_char(c) {
                entry.set |= CodecSet::of(codec);
                entry.bytes[codec.index()] = byte;
                match byte {
                    0x80..=0xBF => entry.continuation |= CodecSet::of(codec),
                    0xC0..=0xFF => entry.lead |= CodecSet::of(codec),
                    0x1A => entry.makes_1a = true,
                    _ => {}
                }
            }
        }
        entry
    };
    let short = (0..0x800)
        .map(|code| char::from_u32(code).map_or(Entry::default(), entry))
        .collect();
    // Every character a charmap encodes: the characters of its bytes
    // (`encode_char` itself has the last word, above).
    let mut encoded: Vec<u32> = UNDONE_CODECS
        .iter()
        .flat_map(|charmap: &&Charmap| charmap.decode.iter())
        .map(|&code| u32::from(code))
        .filter(|&code| code >= 0x800)
        .collect();
    encoded.sort_unstable();
    encoded.dedup();
    let mut rows_of_blocks = vec![0u8; 0x10000 / 64];
    let mut rows = vec![Entry::default(); 64];
    for c in encoded.into_iter().filter_map(char::from_u32) {
        let block = c as usize / 64;
        if rows_of_blocks[block] == 0 {
            rows_of_blocks[block] = u8::try_from(rows.len() / 64).expect("few blocks");
            rows.resize(rows.len() + 64, Entry::default());
        }
        rows[usize::from(rows_of_blocks[block]) * 64 + c as usize % 64] = entry(c);
    }
    (short, rows_of_blocks, rows)
}

impl Table {
    /// The entry of the character at `index` of `bytes` (valid UTF-8), and
    /// the character's length.
    #[inline(always)]
    fn entry(&self, bytes: &[u8], index: usize) -> (&Entry, usize) {
        let lead = bytes[index];
        let continuation =
            |offset: usize| usize::from(bytes.get(index + offset).map_or(0, |&b| b & 0x3F));
        match lead {
            0x00..=0x7F => (&self.short[usize::from(lead)], 1),
            0xC0..=0xDF => (
                &self.short[usize::from(lead & 0x1F) << 6 | continuation(1)],
                2,
            ),
            0xE0..=0xEF => {
                let block = usize::from(lead & 0x0F) << 6 | continuation(1);
                let row = usize::from(self.rows_of_blocks[block]);
                (&self.rows[row * 64 + continuation(2)], 3)
            }
            // Every character a charmap encodes is in the BMP.
            _ => (&NO_ENTRY, 4),
        }
    }
}

/// Whether every undone codec encodes ASCII byte `byte` as itself: all but
/// byte 1A, which the sloppy codecs use for U+FFFD.
fn plain_ascii(byte: u8) -> bool {
    byte.is_ascii() && byte != 0x1A
}

/// The undone codecs that can encode the whole of `text`: what
/// `UNDONE_CODECS[i].encode(text).is_ok()` says for each `i`.
pub(crate) fn codecs_encoding(text: &str) -> CodecSet {
    let table = &TABLE;
    let bytes = text.as_bytes();
    let mut set = ALL;
    let mut index = 0;
    while index < bytes.len() && !set.is_empty() {
        let byte = bytes[index];
        if plain_ascii(byte) {
            index += 1;
            continue;
        }
        let (entry, length) = table.entry(bytes, index);
        set &= entry.set;
        index += length;
    }
    set
}

/// The undone codecs that can encode `text` (what [`codecs_encoding`]
/// says) and `text` encoded with the first of them, in one pass unless a
/// character rules out the codec it was encoding with: then the text so
/// far is encoded again with the next.
#[cfg(test)]
pub(crate) fn encode_with_first(text: &str) -> (CodecSet, Option<Vec<u8>>) {
    let mut encoded = Vec::new();
    let (set, _) = encode_with_first_into(text, &mut encoded);
    (set, (!set.is_empty()).then_some(encoded))
}

/// The undone codecs that can encode `text` (what [`codecs_encoding`]
/// says), and `text` encoded with the first of them into `encoded`
/// (cleared first, and holding the text's bytes only when the set
/// returned is not empty), so that a caller can use one buffer again and
/// again; with, second, the codecs of the set whose bytes may decode as
/// UTF-8 (see [`Utf8Shape`]).
pub(crate) fn encode_with_first_into(text: &str, encoded: &mut Vec<u8>) -> (CodecSet, CodecSet) {
    let table = &TABLE;
    let bytes = text.as_bytes();
    let mut set = ALL;
    // The codec encoding, by its place in the list (the hot loop of
    // `fix_encoding` indexes the entries' bytes with it).
    let mut codec = 0;
    let mut shape = Utf8Shape::default();
    encoded.clear();
    encoded.reserve(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if plain_ascii(byte) {
            shape.ascii(byte);
            encoded.push(byte);
            index += 1;
            continue;
        }
        let (entry, length) = table.entry(bytes, index);
        set &= entry.set;
        if set.bits() & (1 << codec) == 0 {
            if set.is_empty() {
                return (CodecSet::EMPTY, CodecSet::EMPTY);
            }
            // Every character so far is in all of `set`: start again
            // with the first of them. (Its place, read off the bits, is
            // known to be one of the ten, which spares the bounds check
            // below.)
            codec = set.bits().trailing_zeros() as usize;
            encoded.clear();
            shape = Utf8Shape::default();
            index = 0;
            continue;
        }
        shape.other(entry);
        encoded.push(entry.bytes[codec]);
        index += length;
    }
    (set, set & shape.may_decode())
}

/// Which codecs' bytes for a text have the shape of UTF-8, followed a
/// character at a time for all the codecs at once. Bytes that are UTF-8,
/// or UTF-8's variants (`C0 80`, surrogates as three bytes each), hold no
/// continuation byte (80–BF) after an ASCII byte or at the start, and no
/// byte C0–FF before an ASCII byte or at the end; bytes that break this
/// cannot decode. Unless a repair may change them: `restore_byte_a0`
/// acts only at a space, `replace_lossy_sequences` only at a byte 1A or
/// a `?`, and in each of their patterns a space or `?` follows a byte of
/// at least 80: a text that holds a byte 1A, or a space or `?` after such
/// a byte in some codec, is left to the decoder. (A `?` after ASCII, as in
/// `?\u{8c}?`, leaves the check on.)
/// (A property test checks that no codec ruled out here decodes.)
#[derive(Default)]
struct Utf8Shape {
    /// The codecs whose last byte is at least 80, and at least C0.
    after_high: CodecSet,
    after_lead: CodecSet,
    broken: CodecSet,
    repairable: bool,
}

impl Utf8Shape {
    /// The next character is the ASCII `byte` (not 1A), the same byte in
    /// every codec.
    #[inline(always)]
    fn ascii(&mut self, byte: u8) {
        // Once a repair may act, the shape no longer matters; and ASCII
        // after ASCII changes nothing (`after_lead` is within
        // `after_high`).
        if self.repairable || self.after_high.is_empty() {
            return;
        }
        self.repairable = byte == b' ' || byte == b'?';
        self.broken |= self.after_lead;
        self.after_high = CodecSet::EMPTY;
        self.after_lead = CodecSet::EMPTY;
    }

    /// The next character is the one of `entry`.
    #[inline(always)]
    fn other(&mut self, entry: &Entry) {
        if self.repairable {
            return;
        }
        self.repairable = entry.makes_1a;
        self.broken |=
            (entry.continuation - self.after_high) | (self.after_lead - entry.continuation);
        self.after_high = entry.continuation | entry.lead;
        self.after_lead = entry.lead;
    }

    /// The codecs whose bytes may decode, at the end of the text.
    fn may_decode(&self) -> CodecSet {
        if self.repairable {
            ALL
        } else {
            ALL - (self.broken | self.after_lead)
        }
    }
}

/// `text` encoded with `UNDONE_CODECS[codec]`, which [`codecs_encoding`]
/// has found can encode it: one pass with no check.
pub(crate) fn encode_encodable(text: &str, codec: MisreadCodec) -> Vec<u8> {
    let mut encoded = Vec::new();
    encode_encodable_into(text, codec, &mut encoded);
    encoded
}

/// [`encode_encodable`] into `encoded`, cleared first.
pub(crate) fn encode_encodable_into(text: &str, codec: MisreadCodec, encoded: &mut Vec<u8>) {
    let table = &TABLE;
    let bytes = text.as_bytes();
    encoded.clear();
    encoded.reserve(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if plain_ascii(byte) {
            encoded.push(byte);
            index += 1;
            continue;
        }
        let (entry, length) = table.entry(bytes, index);
        debug_assert!(entry.set.contains(codec), "the codec encodes the text");
        encoded.push(entry.bytes[codec.index()]);
        index += length;
    }
}

/// Which of `others`, codecs that like `UNDONE_CODECS[codec]` encode
/// `text`, encode it to the same bytes as that codec: their bytes compared
/// with its bytes character by character, all in one pass, without
/// encoding.
pub(crate) fn encoding_alike(text: &str, codec: MisreadCodec, others: CodecSet) -> CodecSet {
    let table = &TABLE;
    let bytes = text.as_bytes();
    let mut alike = others;
    let mut index = 0;
    while !alike.is_empty() {
        let Some(&byte) = bytes.get(index) else {
            break;
        };
        if plain_ascii(byte) {
            index += 1;
            continue;
        }
        let (entry, length) = table.entry(bytes, index);
        for other in alike.iter() {
            if entry.bytes[other.index()] != entry.bytes[codec.index()] {
                alike = alike.without(other);
            }
        }
        index += length;
    }
    alike
}

/// Per undone codec, a count of *proofs* in a text that re-decoding it
/// as UTF-8 through that codec fails, whatever `restore_byte_a0` and
/// `replace_lossy_sequences` do to its bytes (see
/// [`count_failure_proofs`]).
pub(crate) type FailureProofs = [i32; CODECS];

/// Adds to `proofs`, times `sign`, the proofs within `chars`, per codec:
/// each character the codec does not encode (ftfy then skips the codec),
/// and each two characters side by side whose bytes UTF-8 cannot hold
/// there: a byte C0–FF (a lead, or no byte of UTF-8) before a byte that
/// is not a continuation byte, or an ASCII byte before a continuation
/// byte. Neither repair changes such a pair: they change only a space, a
/// `?`, a 1A, or bytes after a lead that are continuation bytes, 1A or
/// `?` (and a sequence that a pair's second byte starts becomes one that
/// still starts with a lead). So spaces, `?` and the characters that some
/// codec encodes as 1A are left out of pairs. The characters at the ends
/// of `chars` count too: a caller that replaces a part of a text counts
/// it with a neighbour on each side, before (`sign` -1) and after
/// (`sign` 1).
pub(crate) fn count_failure_proofs(
    chars: impl Iterator<Item = char>,
    sign: i32,
    proofs: &mut FailureProofs,
) {
    for_each_failure_proof(chars, |proven| {
        for codec in proven.iter() {
            proofs[codec.index()] += sign;
        }
        true
    });
}

/// Whether `text` holds more proofs (as [`count_failure_proofs`] counts
/// them) than `needed` for every codec: counted only as far as it takes.
pub(crate) fn failure_proofs_exceed(text: &str, needed: &FailureProofs) -> bool {
    let mut counts = FailureProofs::default();
    let mut short = ALL;
    for_each_failure_proof(text.chars(), |proven| {
        for codec in (proven & short).iter() {
            counts[codec.index()] += 1;
            if counts[codec.index()] > needed[codec.index()] {
                short = short.without(codec);
            }
        }
        !short.is_empty()
    });
    short.is_empty()
}

/// Calls `found` with the codecs of each proof of failure in `chars`, one
/// call per character that ends one or more (see
/// [`count_failure_proofs`]), while it returns true.
fn for_each_failure_proof(
    chars: impl Iterator<Item = char>,
    mut found: impl FnMut(CodecSet) -> bool,
) {
    let table = &TABLE;
    // The entry of the character before, and whether it is ASCII, unless
    // it is left out of pairs.
    let mut previous: Option<(&Entry, bool)> = None;
    let mut utf8 = [0; 4];
    for c in chars {
        let (entry, _) = table.entry(c.encode_utf8(&mut utf8).as_bytes(), 0);
        let mut proven = ALL - entry.set;
        let repairable = matches!(c, ' ' | '?' | '\u{1a}') || entry.makes_1a;
        if let Some((before, before_ascii)) = previous.filter(|_| !repairable) {
            let after_ascii = if before_ascii {
                entry.continuation
            } else {
                CodecSet::EMPTY
            };
            proven |= before.set & entry.set & ((before.lead - entry.continuation) | after_ascii);
        }
        if !proven.is_empty() && !found(proven) {
            return;
        }
        previous = (!repairable).then_some((entry, c.is_ascii()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table worked out from the codecs now is the generated one.
    #[test]
    fn generated_undone_table() {
        use crate::text::generated::{check, header, items};
        let (short, rows_of_blocks, rows) = build_table();
        for entry in short.iter().chain(&rows) {
            let again = unpack(pack(entry));
            assert!(again.set == entry.set && again.bytes == entry.bytes);
            assert!(again.continuation == entry.continuation && again.lead == entry.lead);
            assert_eq!(again.makes_1a, entry.makes_1a);
        }
        let packed =
            |entries: &[Entry]| items(entries.iter().map(|entry| format!("{:#x}", pack(entry))), 4);
        let content = format!(
            "{}\n// Constants, not statics: read only when the crate is compiled, by\n// `unpack_all` (Rust 1.82 cannot read a static there).\n\n/// The entries of U+0000 to U+07FF, packed.\n#[allow(clippy::large_const_arrays)]\npub(super) const SHORT: [u128; {}] = [\n{}];\n\n/// For each block of 64 code points, its row in `ROWS`.\npub(super) static ROWS_OF_BLOCKS: [u8; {}] = [\n{}];\n\n/// Rows of 64 entries, packed.\n#[allow(clippy::large_const_arrays)]\npub(super) const ROWS: [u128; {}] = [\n{}];\n",
            header("the codecs of `UNDONE_CODECS` (src/codecs/charmaps_table.rs)"),
            short.len(),
            packed(&short),
            rows_of_blocks.len(),
            items(&rows_of_blocks, 24),
            rows.len(),
            packed(&rows),
        );
        check("src/codecs/undone/undone_table.rs", &content);
    }
    use proptest::prelude::*;

    /// `text` encoded with `codec`, or `None` if that codec cannot encode
    /// it, as `fix_encoding` finds it.
    fn encode(text: &str, codec: MisreadCodec) -> Option<Vec<u8>> {
        codecs_encoding(text)
            .contains(codec)
            .then(|| encode_encodable(text, codec))
    }

    /// ASCII other than 1A stands for itself in every undone codec.
    #[test]
    fn plain_ascii_is_itself_everywhere() {
        for byte in (0..0x80u8).filter(|&byte| plain_ascii(byte)) {
            for charmap in UNDONE_CODECS {
                assert_eq!(
                    charmap.encode_char(char::from(byte)),
                    Some(byte),
                    "{}",
                    charmap.name()
                );
            }
        }
    }

    /// Every character that some undone codec encodes, alone.
    #[test]
    fn each_character_as_charmap_encode_says() {
        for c in (0..0x10000).chain([0x1F600]).filter_map(char::from_u32) {
            let text = c.to_string();
            let mut expected = CodecSet::EMPTY;
            for codec in MisreadCodec::UNDONE {
                let whole = codec.charmap().encode(&text).ok();
                assert_eq!(encode(&text, codec), whole, "{c:?} in {codec}");
                if whole.is_some() {
                    expected |= CodecSet::of(codec);
                }
            }
            assert_eq!(codecs_encoding(&text), expected, "{c:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Texts of characters some undone codecs encode and others not.
        #[test]
        fn as_charmap_encode_says(picks in proptest::collection::vec(0..48usize, 0..24)) {
            let pool: Vec<char> = "a \u{1a}\u{7f}\u{80}\u{81}\u{9d}\u{a0}ÃÂé€œŠšŸž©®°·»–—´ˆ™‚„†‡•…‰‹›ЂђЉвΒΓβā√∂≈∞πﬁ\u{f8ff}\u{fffd}│═╬░中😀"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let mut expected = CodecSet::EMPTY;
            for codec in MisreadCodec::UNDONE {
                let whole = codec.charmap().encode(&text).ok();
                let encodes = whole.is_some();
                prop_assert_eq!(encode(&text, codec), whole, "{:?} in {}", text, codec);
                if encodes {
                    expected |= CodecSet::of(codec);
                }
            }
            prop_assert_eq!(codecs_encoding(&text), expected, "{:?}", text);
            // The first codec that can encode the text, and its bytes.
            let first = expected.first().map(|codec| codec.charmap().encode(&text).unwrap());
            prop_assert_eq!(encode_with_first(&text), (expected, first), "{:?}", text);
            // The codecs that encode the text alike are those whose bytes
            // are equal.
            for a in expected.iter() {
                let same: CodecSet = expected
                    .iter()
                    .filter(|&b| encode_encodable(&text, a) == encode_encodable(&text, b))
                    .collect();
                prop_assert_eq!(encoding_alike(&text, a, expected), same, "{:?} in {}", text, a);
            }
        }
    }
}
