//! Per-character facts that extended recovery looks up on every
//! character: what each single-byte codec of
//! UTF-8 is misread through ([`MisreadCodec`]) makes of it (for
//! [`super::prefilter`]) and what the signs of mojibake see in it (its
//! [`Kind`], whether Rust calls it alphabetic, lowercase, uppercase). One
//! table, generated from the codecs' own tables and [`Kind::of`] by the
//! test `generated_chars_table` (`chars/chars_table.rs`; it fails when the
//! table is out of date, and writes it with `FTFY_REGENERATE=1`), so that a
//! lookup always agrees with the slow path it replaces (`tests` checks
//! every code point) and nothing is built at start-up.

#[rustfmt::skip]
mod chars_table;

use super::signs::Kind;
use crate::language::Script;
use ftfy_core::codecs::{CodecSet, MisreadCodec};

/// What a character is, to each codec UTF-8 is misread through (a set of
/// [`MisreadCodec`]s) and to the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Info {
    /// The codec encodes it.
    pub(crate) enc: CodecSet,
    /// Its byte starts a UTF-8 sequence of two, three or four bytes.
    pub(crate) lead1: CodecSet,
    pub(crate) lead2: CodecSet,
    pub(crate) lead3: CodecSet,
    /// Its byte is a UTF-8 continuation byte (80–BF).
    pub(crate) cont: CodecSet,
    /// Its byte is a space, `'` or `"`, which may stand for a
    /// continuation byte (`restore_continuation_bytes`).
    pub(crate) quote: CodecSet,
    /// Its byte is above 7F and neither a lead nor a continuation byte.
    pub(crate) bad: CodecSet,
    /// It is not ASCII but its byte is (U+FFFD, byte 1A of the sloppy
    /// codecs).
    pub(crate) ascii_byte: CodecSet,
    /// What the signs of mojibake see in it.
    pub(crate) kind: Kind,
    /// `char::is_alphabetic`.
    pub(crate) alphabetic: bool,
    /// `char::is_lowercase`.
    pub(crate) lowercase: bool,
    /// `char::is_uppercase`.
    pub(crate) uppercase: bool,
}

/// Characters per block of the two-level table.
const BLOCK: usize = 64;

/// What the prefilter's first pass needs of a character (see
/// [`Info`]'s fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sequencing {
    pub(crate) enc: CodecSet,
    pub(crate) lead1: CodecSet,
    pub(crate) lead2: CodecSet,
    pub(crate) lead3: CodecSet,
    pub(crate) cont: CodecSet,
    /// It is a Latin letter.
    pub(crate) latin_letter: bool,
    /// [`Info::ascii_byte`] is not empty.
    pub(crate) ascii_byte: bool,
    /// What the signs of mojibake see in it.
    pub(crate) kind: Kind,
}

impl From<&Info> for Sequencing {
    fn from(info: &Info) -> Sequencing {
        Sequencing::of(info)
    }
}

impl Sequencing {
    const fn of(info: &Info) -> Sequencing {
        Sequencing {
            enc: info.enc,
            lead1: info.lead1,
            lead2: info.lead2,
            lead3: info.lead3,
            cont: info.cont,
            latin_letter: matches!(
                info.kind,
                Kind::Letter {
                    script: Some(Script::Latin),
                    ..
                }
            ),
            ascii_byte: !info.ascii_byte.is_empty(),
            kind: info.kind,
        }
    }
}

/// What the prefilter's run of non-Latin two-byte characters needs of a
/// character, in one word: the codecs that encode it, those that read it
/// as a continuation byte, those that read it as a lead byte, and whether
/// it may join such a run at all (not a Latin letter, not a character
/// that a codec reads as an ASCII byte).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RunBits(u64);

impl RunBits {
    const PLAIN: u64 = 1 << 48;

    const fn of(sequencing: &Sequencing) -> RunBits {
        // (Bits, as a const fn cannot use `|` on sets.)
        let leads = sequencing.lead1.bits() | sequencing.lead2.bits() | sequencing.lead3.bits();
        let plain = !sequencing.latin_letter && !sequencing.ascii_byte;
        RunBits(
            sequencing.enc.bits() as u64
                | ((sequencing.cont.bits() as u64) << 16)
                | ((leads as u64) << 32)
                | if plain { Self::PLAIN } else { 0 },
        )
    }

    #[inline]
    pub(crate) fn enc(self) -> CodecSet {
        CodecSet::from_bits(self.0 as u16)
    }

    #[inline]
    pub(crate) fn cont(self) -> CodecSet {
        CodecSet::from_bits((self.0 >> 16) as u16)
    }

    #[inline]
    pub(crate) fn leads(self) -> CodecSet {
        CodecSet::from_bits((self.0 >> 32) as u16)
    }

    #[inline]
    pub(crate) fn plain(self) -> bool {
        self.0 & Self::PLAIN != 0
    }
}

/// The first code point of three-byte UTF-8: [`Table::two_byte`] covers
/// U+0080 up to it.
pub(crate) const TWO_BYTE_END: usize = 0x800;

/// The number of characters of two-byte UTF-8.
const TWO_BYTE: usize = TWO_BYTE_END - 0x80;

pub(crate) struct Table {
    /// [`Sequencing`] of each character of two-byte UTF-8 (Latin, Greek,
    /// Cyrillic, Hebrew, Arabic…), by code point less 0x80: one read
    /// where the rows take three.
    pub(crate) two_byte: [Sequencing; TWO_BYTE],
    /// [`RunBits`] of the same characters.
    pub(crate) two_byte_run: [RunBits; TWO_BYTE],
    /// Block number of each `BLOCK` code points of the BMP.
    index: &'static [u16],
    /// Blocks of row numbers.
    blocks: &'static [[u16; BLOCK]],
    rows: &'static [Info],
    /// The codecs that legacy transforms encode with.
    pub(crate) legacy: CodecSet,
    /// Windows-1251 (the encoder of the mixups read as it).
    pub(crate) windows_1251: CodecSet,
    /// Every codec.
    pub(crate) all: CodecSet,
}

/// The table (see the module's comment).
pub(crate) static TABLE: Table = Table {
    two_byte: two_byte(),
    two_byte_run: two_byte_run(),
    index: &chars_table::INDEX,
    blocks: &chars_table::BLOCKS,
    rows: &chars_table::ROWS,
    legacy: CodecSet::from_bits(chars_table::LEGACY),
    windows_1251: CodecSet::from_bits(chars_table::WINDOWS_1251),
    all: CodecSet::from_bits(chars_table::ALL),
};

/// The facts of a character of the BMP, from the generated constants (as
/// [`Table::bmp`] reads them, when the crate is compiled).
const fn generated_info(code: usize) -> Info {
    let block = chars_table::INDEX[code / BLOCK] as usize;
    chars_table::ROWS[chars_table::BLOCKS[block][code % BLOCK] as usize]
}

const fn two_byte() -> [Sequencing; TWO_BYTE] {
    let mut table = [Sequencing::of(&generated_info(0)); TWO_BYTE];
    let mut at = 0;
    while at < TWO_BYTE {
        table[at] = Sequencing::of(&generated_info(0x80 + at));
        at += 1;
    }
    table
}

const fn two_byte_run() -> [RunBits; TWO_BYTE] {
    let mut table = [RunBits(0); TWO_BYTE];
    let mut at = 0;
    while at < TWO_BYTE {
        table[at] = RunBits::of(&Sequencing::of(&generated_info(0x80 + at)));
        at += 1;
    }
    table
}

/// The facts of `c` for the codecs of `encoders` (none, or all of them,
/// in the list's order).
pub(crate) fn info_of(c: char, encoders: &[MisreadCodec]) -> Info {
    let mut info = Info {
        enc: CodecSet::EMPTY,
        lead1: CodecSet::EMPTY,
        lead2: CodecSet::EMPTY,
        lead3: CodecSet::EMPTY,
        cont: CodecSet::EMPTY,
        quote: CodecSet::EMPTY,
        bad: CodecSet::EMPTY,
        ascii_byte: CodecSet::EMPTY,
        kind: Kind::of(c),
        alphabetic: c.is_alphabetic(),
        lowercase: c.is_lowercase(),
        uppercase: c.is_uppercase(),
    };
    for &codec in encoders {
        let Some(byte) = codec.charmap().encode_char(c) else {
            continue;
        };
        let bit = CodecSet::of(codec);
        info.enc |= bit;
        match byte {
            b' ' | b'\'' | b'"' => info.quote |= bit,
            0x80..=0xBF => info.cont |= bit,
            0xC2..=0xDF => info.lead1 |= bit,
            0xE0..=0xEF => info.lead2 |= bit,
            0xF0..=0xF4 => info.lead3 |= bit,
            0xC0 | 0xC1 | 0xF5..=0xFF => info.bad |= bit,
            _ => {}
        }
        if byte < 0x80 && !c.is_ascii() {
            info.ascii_byte |= bit;
        }
    }
    info
}

/// A row of the generated table: the codec bits (`enc`, `lead1`, `lead2`,
/// `lead3`, `cont`, `quote`, `bad`, `ascii_byte`), the kind, and whether
/// the character is alphabetic, lowercase, uppercase.
const fn row(bits: [u16; 8], kind: Kind, flags: [bool; 3]) -> Info {
    Info {
        enc: CodecSet::from_bits(bits[0]),
        lead1: CodecSet::from_bits(bits[1]),
        lead2: CodecSet::from_bits(bits[2]),
        lead3: CodecSet::from_bits(bits[3]),
        cont: CodecSet::from_bits(bits[4]),
        quote: CodecSet::from_bits(bits[5]),
        bad: CodecSet::from_bits(bits[6]),
        ascii_byte: CodecSet::from_bits(bits[7]),
        kind,
        alphabetic: flags[0],
        lowercase: flags[1],
        uppercase: flags[2],
    }
}

/// The facts of `c`.
#[inline]
pub(crate) fn info(c: char) -> Info {
    TABLE.info(c)
}

impl Table {
    /// The facts of a character of the BMP (`None` beyond it).
    #[inline]
    pub(crate) fn bmp(&self, c: char) -> Option<&Info> {
        let code = c as usize;
        let block = *self.index.get(code / BLOCK)?;
        let row = self.blocks[usize::from(block)][code % BLOCK];
        Some(&self.rows[usize::from(row)])
    }

    /// The facts of any character.
    #[inline]
    pub(crate) fn info(&self, c: char) -> Info {
        self.bmp(c).copied().unwrap_or_else(|| info_of(c, &[]))
    }
}

#[cfg(test)]
mod tests {
    use super::super::candidates::LEGACY_TRANSFORMS;
    use super::*;
    use ftfy_core::extension::FnvMap;

    /// The table's parts as the codecs of [`MisreadCodec::ALL`] and
    /// [`Kind::of`] make them: the block of each 64 code points, blocks of
    /// row numbers, rows of distinct facts, and the legacy, Windows-1251
    /// and all-codecs bits.
    fn build() -> (Vec<u16>, Vec<[u16; BLOCK]>, Vec<Info>, [u16; 3]) {
        let encoders = MisreadCodec::ALL;
        let all = CodecSet::ALL.bits();
        let legacy: CodecSet = LEGACY_TRANSFORMS
            .iter()
            .map(|transform| transform.encoder)
            .collect();
        let windows_1251 = CodecSet::of(super::super::cyrillic::READ_AS).bits();
        // A codec encodes only characters that some byte of it decodes to:
        // the rest of the BMP (most of it) needs no encoder's search.
        let mut decodable = vec![false; 0x10000];
        for charmap in encoders.map(MisreadCodec::charmap) {
            for byte in 0..=255u8 {
                if let Some(c) = charmap.decode_byte(byte) {
                    decodable[c as usize] = true;
                }
            }
        }
        let mut rows = Vec::new();
        let mut row_of: FnvMap<Info, u16> = FnvMap::default();
        let mut blocks = Vec::new();
        let mut block_of: FnvMap<[u16; BLOCK], u16> = FnvMap::default();
        let mut index = Vec::with_capacity(0x10000 / BLOCK);
        for start in (0..0x10000u32).step_by(BLOCK) {
            let mut block = [0u16; BLOCK];
            for (offset, slot) in block.iter_mut().enumerate() {
                // Surrogates never occur in text: any row will do.
                let code = start + offset as u32;
                let c = char::from_u32(code).unwrap_or('\0');
                let info = if decodable[code as usize] {
                    info_of(c, &encoders)
                } else {
                    info_of(c, &[])
                };
                let next = u16::try_from(rows.len()).expect("fewer than 65536 rows");
                *slot = *row_of.entry(info).or_insert_with(|| {
                    rows.push(info);
                    next
                });
            }
            let next = u16::try_from(blocks.len()).expect("fewer than 65536 blocks");
            index.push(*block_of.entry(block).or_insert_with(|| {
                blocks.push(block);
                next
            }));
        }
        // Characters beyond the BMP: no single-byte codec encodes them.
        assert!(encoders
            .iter()
            .all(|codec| codec.charmap().encode_char('\u{1F600}').is_none()));
        (index, blocks, rows, [legacy.bits(), windows_1251, all])
    }

    /// A kind as Rust source.
    fn kind_source(kind: Kind) -> String {
        format!("Kind::{kind:?}").replace("Some(", "Some(Script::")
    }

    /// The generated table is what the codecs and `Kind::of` make now.
    #[test]
    fn generated_chars_table() {
        let (index, blocks, rows, [legacy, windows_1251, all]) = build();
        let numbers = |values: &[u16]| -> String {
            values
                .chunks(12)
                .map(|line| {
                    let line: Vec<String> = line.iter().map(u16::to_string).collect();
                    format!("    {},\n", line.join(", "))
                })
                .collect()
        };
        let rows_source: String = rows
            .iter()
            .map(|info| {
                let bits = [
                    info.enc,
                    info.lead1,
                    info.lead2,
                    info.lead3,
                    info.cont,
                    info.quote,
                    info.bad,
                    info.ascii_byte,
                ];
                let bits: Vec<String> = bits
                    .iter()
                    .map(|set| format!("{:#x}", set.bits()))
                    .collect();
                format!(
                    "    row([{}], {}, [{}, {}, {}]),\n",
                    bits.join(", "),
                    kind_source(info.kind),
                    info.alphabetic,
                    info.lowercase,
                    info.uppercase
                )
            })
            .collect();
        let blocks_source: String = blocks
            .iter()
            .map(|block| {
                format!(
                    "    [\n{}    ],\n",
                    numbers(block)
                        .replace("\n    ", "\n        ")
                        .replacen("    ", "        ", 1)
                )
            })
            .collect();
        let content = format!(
            "// Generated by `FTFY_REGENERATE=1 cargo test -p ftfy-extended --lib generated_` from \
             the codecs of UTF8_TRANSFORMS and Kind::of (src/recovery/chars.rs); do not edit.\n\n\
             use super::{{row, Info, BLOCK}};\n\
             use crate::language::Script;\n\
             use crate::recovery::signs::Kind;\n\n\
             // Constants, not statics: read when the crate is compiled, to make\n\
             // the table's two-byte rows (Rust 1.82 cannot read a static there).\n\n\
             /// The bits of the codecs that legacy transforms encode with.\n\
             pub(super) const LEGACY: u16 = {legacy:#x};\n\
             /// The bit of Windows-1251.\n\
             pub(super) const WINDOWS_1251: u16 = {windows_1251:#x};\n\
             /// Every codec's bit.\n\
             pub(super) const ALL: u16 = {all:#x};\n\n\
             /// The block of each 64 code points of the BMP.\n\
             #[allow(clippy::large_const_arrays)]\n\
             pub(super) const INDEX: [u16; {}] = [\n{}];\n\n\
             /// Blocks of row numbers.\n\
             #[allow(clippy::large_const_arrays)]\n\
             pub(super) const BLOCKS: [[u16; BLOCK]; {}] = [\n{}];\n\n\
             /// The distinct facts.\n\
             #[allow(clippy::large_const_arrays)]\n\
             pub(super) const ROWS: [Info; {}] = [\n{}];\n",
            index.len(),
            numbers(&index),
            blocks.len(),
            blocks_source,
            rows.len(),
            rows_source,
        );
        let path = format!(
            "{}/src/recovery/chars/chars_table.rs",
            env!("CARGO_MANIFEST_DIR")
        );
        if std::env::var_os("FTFY_REGENERATE").is_some() {
            std::fs::write(&path, &content).expect("can write the generated table");
            return;
        }
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            current == content,
            "src/recovery/chars/chars_table.rs is out of date: run \
             `FTFY_REGENERATE=1 cargo test -p ftfy-extended --lib generated_`"
        );
    }

    /// Every lookup agrees with the function it stands for, on every code
    /// point.
    #[test]
    fn lookups_agree_with_the_slow_functions() {
        let encoders: Vec<&ftfy_core::codecs::Charmap> =
            MisreadCodec::ALL.map(MisreadCodec::charmap).to_vec();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let fact = info(c);
            assert_eq!(fact.kind, Kind::of(c), "{c:?}");
            assert_eq!(fact.alphabetic, c.is_alphabetic(), "{c:?}");
            assert_eq!(fact.lowercase, c.is_lowercase(), "{c:?}");
            assert_eq!(fact.uppercase, c.is_uppercase(), "{c:?}");
            for (bit, charmap) in encoders.iter().enumerate() {
                let encodable = charmap.encode_char(c).is_some();
                assert_eq!(
                    fact.enc.contains(MisreadCodec::ALL[bit]),
                    encodable,
                    "{c:?} {}",
                    charmap.name()
                );
            }
        }
        // Printable ASCII stands for itself in every codec (the
        // prefilter's fast path relies on it).
        for c in ' '..='~' {
            for charmap in &encoders {
                assert_eq!(charmap.encode_char(c), Some(c as u8));
            }
        }
    }
}
