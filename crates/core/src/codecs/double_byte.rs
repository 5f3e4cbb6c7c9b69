//! Double-byte codecs read from tables of Python's own decoding (Johab,
//! CP932, Shift_JIS, Big5, Big5-HKSCS, GB2312): where encoding_rs lacks the
//! codec (Johab) or reads it as browsers do rather than as Python does
//! (Big5 as Big5-HKSCS, Shift_JIS as CP932, GB2312 as GBK).
//!
//! Each table holds the character of every byte above 7F that stands alone
//! (CP932's half-width katakana), and of every pair of a lead byte and a
//! trail byte in the codec's ranges; `xtask/python/generate/codec_tables.py` writes
//! them from Python 3.11's codecs, and `tests/codecs.rs` checks every byte
//! and every pair against Python's answers.

mod double_byte_table;

use std::sync::OnceLock;

use super::multi_byte::Step;

pub(super) use double_byte_table::{ALL, BIG5, BIG5HKSCS, CP932, GB2312, JOHAB, SHIFT_JIS};

/// A cell for a pair that decodes to nothing.
const NO_CHARACTER: u16 = 0;
/// Cells from here on stand for an entry of the extras (a character beyond
/// the Basic Multilingual Plane, or two characters).
const EXTRA: u16 = 0xD800;
/// What an encoding override gives for a character the codec does not
/// encode.
const NOT_ENCODED: u16 = 0xFFFF;

/// A double-byte codec's table, generated from Python's codec.
#[derive(Debug)]
pub(super) struct DoubleByteTable {
    pub(super) name: &'static str,
    /// The character of each byte from 80 to FF that stands alone (0 for a
    /// byte that does not).
    singles: Option<&'static [u16; 128]>,
    /// The first and last lead byte, and the first and last trail byte.
    leads: (u8, u8),
    trails: (u8, u8),
    /// The number of extras, stored after the cells.
    extras: usize,
    /// Where Python's encoder differs from the table read backwards: the
    /// code point, and its bytes (`lead << 8 | trail`, one byte, or
    /// [`NOT_ENCODED`]).
    encode_overrides: &'static [(u32, u16)],
    /// The cells, two bytes each (little-endian), then the extras, two
    /// code points of four bytes each (the second 0 for one character).
    data: &'static [u8],
}

impl DoubleByteTable {
    fn trail_count(&self) -> usize {
        usize::from(self.trails.1 - self.trails.0) + 1
    }

    fn cell_count(&self) -> usize {
        (usize::from(self.leads.1 - self.leads.0) + 1) * self.trail_count()
    }

    fn single(&self, byte: u8) -> Option<char> {
        let code = self.singles?[usize::from(byte - 0x80)];
        (code != NO_CHARACTER).then(|| char::from_u32(u32::from(code)))?
    }

    fn is_lead(&self, byte: u8) -> bool {
        (self.leads.0..=self.leads.1).contains(&byte) && self.single(byte).is_none()
    }

    fn u32_at(&self, offset: usize) -> u32 {
        let bytes = &self.data[offset..offset + 4];
        u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }

    /// The text of the pair `lead`, `trail`, if it decodes.
    fn pair(&self, lead: u8, trail: u8) -> Option<(char, Option<char>)> {
        if !self.is_lead(lead) || !(self.trails.0..=self.trails.1).contains(&trail) {
            return None;
        }
        let index = usize::from(lead - self.leads.0) * self.trail_count()
            + usize::from(trail - self.trails.0);
        let cell = u16::from_le_bytes([self.data[2 * index], self.data[2 * index + 1]]);
        match cell {
            NO_CHARACTER => None,
            EXTRA..=0xDFFF => {
                let at = 2 * self.cell_count() + 8 * usize::from(cell - EXTRA);
                debug_assert!(usize::from(cell - EXTRA) < self.extras);
                let first = char::from_u32(self.u32_at(at))?;
                Some((
                    first,
                    char::from_u32(self.u32_at(at + 4)).filter(|&c| c != '\0'),
                ))
            }
            code => Some((char::from_u32(u32::from(code))?, None)),
        }
    }

    /// What the start of `bytes` (not empty) decodes to.
    pub(super) fn step(&self, bytes: &[u8]) -> Step {
        let byte = bytes[0];
        if byte < 0x80 {
            return Step::Text(char::from(byte), None, 1);
        }
        if let Some(c) = self.single(byte) {
            return Step::Text(c, None, 1);
        }
        if !self.is_lead(byte) {
            return Step::Invalid(1);
        }
        let Some(&trail) = bytes.get(1) else {
            return Step::Incomplete;
        };
        match self.pair(byte, trail) {
            Some((first, second)) => Step::Text(first, second, 2),
            // (The trail byte is read again on its own, as encoding_rs
            // does with an ASCII byte after a bad lead.)
            None => Step::Invalid(1),
        }
    }

    /// The bytes that encode the start of `text` (not empty), and how many
    /// bytes of `text` they stand for; `None` if the codec has no bytes for
    /// its first character.
    pub(super) fn encode_step(&self, text: &str) -> Option<(u16, usize)> {
        let mut chars = text.chars();
        let c = chars.next()?;
        if c.is_ascii() {
            return Some((c as u16, 1));
        }
        let reverse = self.reverse();
        // Two characters that one pair decodes to (Big5-HKSCS's Ê̄).
        if let Some(next) = chars.next() {
            let key = Key::Two(c, next);
            if let Ok(index) = reverse.binary_search_by_key(&key, |&(key, _)| key) {
                return Some((reverse[index].1, c.len_utf8() + next.len_utf8()));
            }
        }
        let index = reverse
            .binary_search_by_key(&Key::One(c), |&(key, _)| key)
            .ok()?;
        match reverse[index].1 {
            NOT_ENCODED => None,
            bytes => Some((bytes, c.len_utf8())),
        }
    }

    /// The table read backwards, with Python's overrides, sorted: built on
    /// first use (encoding with these codecs is rare: plans that name
    /// them).
    fn reverse(&self) -> &'static [(Key, u16)] {
        static REVERSE: [OnceLock<Vec<(Key, u16)>>; 6] = [const { OnceLock::new() }; 6];
        let slot = ALL
            .iter()
            .position(|table| table.name == self.name)
            .expect("every table is in ALL");
        REVERSE[slot].get_or_init(|| self.build_reverse())
    }

    fn build_reverse(&self) -> Vec<(Key, u16)> {
        let mut reverse: Vec<(Key, u16)> = Vec::new();
        for byte in 0x80..=0xFFu8 {
            if let Some(c) = self.single(byte) {
                reverse.push((Key::One(c), u16::from(byte)));
            }
        }
        for lead in self.leads.0..=self.leads.1 {
            for trail in self.trails.0..=self.trails.1 {
                let key = match self.pair(lead, trail) {
                    Some((c, None)) => Key::One(c),
                    Some((c, Some(next))) => Key::Two(c, next),
                    None => continue,
                };
                reverse.push((key, u16::from(lead) << 8 | u16::from(trail)));
            }
        }
        // The first sequence in byte order wins, unless Python says
        // otherwise.
        reverse.sort_by_key(|&(key, _)| key);
        reverse.dedup_by_key(|&mut (key, _)| key);
        for &(code, bytes) in self.encode_overrides {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            match reverse.binary_search_by_key(&Key::One(c), |&(key, _)| key) {
                Ok(index) => reverse[index].1 = bytes,
                Err(index) => reverse.insert(index, (Key::One(c), bytes)),
            }
        }
        reverse
    }
}

/// What a byte sequence of the table decodes to, as a key of the reverse
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    One(char),
    Two(char, char),
}
