//! The character table: for every character of the Basic Multilingual
//! Plane, its class (low 4 bits) and, for a letter of a script some
//! language of the model is written in, that script group (high 4 bits).
//! Characters above the plane are classed by a rule the scorer repeats.

use unicode_general_category::{get_general_category, GeneralCategory as Gc};
use unicode_script::{Script as Sc, UnicodeScript};

/// The script groups of the model's languages (16: four bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Georgian,
    Hebrew,
    Arabic,
    Devanagari,
    Bengali,
    Gurmukhi,
    Gujarati,
    Tamil,
    Telugu,
    Thai,
    Hangul,
    HanKana,
}

pub const GROUPS: [Group; 16] = [
    Group::Latin,
    Group::Greek,
    Group::Cyrillic,
    Group::Armenian,
    Group::Georgian,
    Group::Hebrew,
    Group::Arabic,
    Group::Devanagari,
    Group::Bengali,
    Group::Gurmukhi,
    Group::Gujarati,
    Group::Tamil,
    Group::Telugu,
    Group::Thai,
    Group::Hangul,
    Group::HanKana,
];

// The classes of characters, by number: the scorer knows them from the
// enum `Class` that `main.rs` writes into `model_table.rs` from `CLASSES`.
pub const LOWER: u8 = 0;
pub const UPPER: u8 = 1;
pub const UNCASED: u8 = 2;
pub const UNMODELED_LETTER: u8 = 3;
pub const MARK: u8 = 4;
pub const DIGIT: u8 = 5;
pub const OTHER_NUMBER: u8 = 6;
pub const SPACE: u8 = 7;
pub const NO_BREAK_SPACE: u8 = 8;
pub const LINE_BREAK: u8 = 9;
pub const ASCII_PUNCTUATION: u8 = 10;
pub const PUNCTUATION: u8 = 11;
pub const SYMBOL: u8 = 12;
pub const CURRENCY: u8 = 13;
pub const CONTROL: u8 = 14;
pub const OTHER: u8 = 15;

/// Each class's number, its name in the scorer's `Class`, and what it
/// holds.
pub const CLASSES: [(u8, &str, &str); 16] = [
    (LOWER, "Lower", "A lowercase letter of a modeled script."),
    (
        UPPER,
        "Upper",
        "An uppercase or titlecase letter of a modeled script.",
    ),
    (
        UNCASED,
        "Uncased",
        "A letter of a modeled script without case.",
    ),
    (
        UNMODELED_LETTER,
        "UnmodeledLetter",
        "A letter of a script no language of the model is written in.",
    ),
    (MARK, "Mark", "A combining mark."),
    (DIGIT, "Digit", "A decimal digit."),
    (
        OTHER_NUMBER,
        "OtherNumber",
        "Another number (`²`, `½`, `Ⅻ`).",
    ),
    (SPACE, "Space", "A space (and the tab)."),
    (
        NO_BREAK_SPACE,
        "NoBreakSpace",
        "The no-break spaces U+00A0 and U+202F.",
    ),
    (LINE_BREAK, "LineBreak", "A line break."),
    (
        ASCII_PUNCTUATION,
        "AsciiPunctuation",
        "ASCII punctuation and symbols.",
    ),
    (PUNCTUATION, "Punctuation", "Other punctuation."),
    (
        SYMBOL,
        "Symbol",
        "A symbol other than ASCII's and currency signs.",
    ),
    (CURRENCY, "Currency", "A currency sign."),
    (CONTROL, "Control", "A control or format character."),
    (
        OTHER,
        "Other",
        "Private use, surrogates, unassigned, U+FFFD.",
    ),
];

/// Characters per block of the two-level table.
pub const BLOCK: usize = 128;

pub struct CharacterTable {
    /// For each block of the plane, the index of its block in `blocks`.
    pub index: Vec<u8>,
    /// The distinct blocks, `BLOCK` bytes each.
    pub blocks: Vec<u8>,
}

impl CharacterTable {
    pub fn build() -> Self {
        let mut index = Vec::new();
        let mut distinct: Vec<Vec<u8>> = Vec::new();
        for start in (0..0x10000u32).step_by(BLOCK) {
            let block: Vec<u8> = (start..start + BLOCK as u32).map(entry_of).collect();
            let position = distinct
                .iter()
                .position(|known| *known == block)
                .unwrap_or_else(|| {
                    distinct.push(block);
                    distinct.len() - 1
                });
            index.push(u8::try_from(position).expect("fewer than 256 distinct blocks"));
        }
        CharacterTable {
            index,
            blocks: distinct.concat(),
        }
    }

    fn entry(&self, c: char) -> u8 {
        let code = c as usize;
        if code >= 0x10000 {
            return supplementary_entry(c);
        }
        let block = usize::from(self.index[code / BLOCK]);
        self.blocks[block * BLOCK + code % BLOCK]
    }

    pub fn class_of(&self, c: char) -> u8 {
        self.entry(c) & 0x0F
    }

    /// The script group of a letter of a modeled script.
    pub fn group_of(&self, c: char) -> Option<Group> {
        let entry = self.entry(c);
        matches!(entry & 0x0F, LOWER | UPPER | UNCASED).then(|| GROUPS[usize::from(entry >> 4)])
    }
}

/// Above the Basic Multilingual Plane: the Han ideographs of planes 2 and
/// 3, the emoji and other pictographs of U+1F000-U+1FAFF, other letters
/// (of no modeled script), and the rest.
fn supplementary_entry(c: char) -> u8 {
    match c as u32 {
        0x20000..=0x3FFFF => UNCASED | (Group::HanKana as u8) << 4,
        0x1F000..=0x1FAFF => SYMBOL,
        _ if c.is_alphabetic() => UNMODELED_LETTER,
        _ => OTHER,
    }
}

fn entry_of(code: u32) -> u8 {
    let Some(c) = char::from_u32(code) else {
        return OTHER;
    };
    let class = match get_general_category(c) {
        Gc::LowercaseLetter => LOWER,
        Gc::UppercaseLetter | Gc::TitlecaseLetter => UPPER,
        Gc::OtherLetter | Gc::ModifierLetter if c.is_lowercase() => LOWER,
        Gc::OtherLetter | Gc::ModifierLetter => UNCASED,
        Gc::NonspacingMark | Gc::SpacingMark | Gc::EnclosingMark => MARK,
        Gc::DecimalNumber => DIGIT,
        Gc::OtherNumber | Gc::LetterNumber => OTHER_NUMBER,
        _ if c == '\u{A0}' || c == '\u{202F}' => NO_BREAK_SPACE,
        _ if matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}') => LINE_BREAK,
        Gc::SpaceSeparator => SPACE,
        _ if c == '\t' => SPACE,
        _ if c.is_ascii_punctuation() => ASCII_PUNCTUATION,
        Gc::ConnectorPunctuation
        | Gc::DashPunctuation
        | Gc::OpenPunctuation
        | Gc::ClosePunctuation
        | Gc::InitialPunctuation
        | Gc::FinalPunctuation
        | Gc::OtherPunctuation => PUNCTUATION,
        Gc::CurrencySymbol => CURRENCY,
        _ if c == '\u{FFFD}' => OTHER,
        Gc::MathSymbol | Gc::ModifierSymbol | Gc::OtherSymbol => SYMBOL,
        Gc::Control | Gc::Format => CONTROL,
        _ => OTHER,
    };
    if matches!(class, LOWER | UPPER | UNCASED) {
        match group_of_script(c) {
            Some(group) => class | (group as u8) << 4,
            None => UNMODELED_LETTER,
        }
    } else {
        class
    }
}

fn group_of_script(c: char) -> Option<Group> {
    let group = match c.script() {
        Sc::Latin => Group::Latin,
        Sc::Greek => Group::Greek,
        Sc::Cyrillic => Group::Cyrillic,
        Sc::Armenian => Group::Armenian,
        Sc::Georgian => Group::Georgian,
        Sc::Hebrew => Group::Hebrew,
        Sc::Arabic => Group::Arabic,
        Sc::Devanagari => Group::Devanagari,
        Sc::Bengali => Group::Bengali,
        Sc::Gurmukhi => Group::Gurmukhi,
        Sc::Gujarati => Group::Gujarati,
        Sc::Tamil => Group::Tamil,
        Sc::Telugu => Group::Telugu,
        Sc::Thai => Group::Thai,
        Sc::Hangul => Group::Hangul,
        Sc::Han | Sc::Hiragana | Sc::Katakana => Group::HanKana,
        _ => {
            // (The extension of a character of the Common script with no
            // extensions of its own, such as the micro sign, holds every
            // script.)
            let extensions = c.script_extension();
            if !extensions.is_common()
                && !extensions.is_inherited()
                && [Sc::Han, Sc::Hiragana, Sc::Katakana]
                    .iter()
                    .any(|&script| extensions.contains_script(script))
            {
                Group::HanKana
            } else {
                return None;
            }
        }
    };
    Some(group)
}
