//! What a legacy mixup read as Windows-1251 leaves in the text as read,
//! which clean Cyrillic text lacks. Every Russian, Ukrainian or Serbian
//! line is valid Windows-1251, so without these signs every one of them
//! would be a candidate for each mixup that reads as Windows-1251; with
//! them, clean lines stop in the prefilter, before the language model.
//!
//! - KOI8-R puts lowercase letters at C0–DF and capitals at E0–FF,
//!   Windows-1251 the other way round: KOI8-R text read as Windows-1251
//!   is mostly capitals (`рТЙЧЕФ, ЛБЛ ДЕМБ?` for `Привет, как дела?`).
//! - CP866 puts `а`–`п` (more than half of Russian letters) at A0–AF and
//!   capitals at 80–9F, where Windows-1251 has symbols and the letters of
//!   other Slavic languages (`ЏаЁўҐв` for `Привет`): more than a third of
//!   its characters.
//! - Windows-1252 text is mostly ASCII, and its accented letters sit in
//!   words of ASCII letters: read as Windows-1251 they become Cyrillic
//!   letters inside Latin words (`cafй`, `Hфtel`).

use ftfy_core::codecs::MisreadCodec;

/// The codec these mixups are read as (see
/// [`super::candidates::LEGACY_TRANSFORMS`]).
pub(crate) const READ_AS: MisreadCodec = MisreadCodec::SloppyWindows1251;

/// The signs of each mixup read as Windows-1251 in one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Signs {
    /// More capitals than lowercase letters among `А`–`я`.
    koi8_r: bool,
    /// More than a third of the non-ASCII characters are at 80–BF of
    /// Windows-1251 (anything but `А`–`я`).
    cp866: bool,
    /// A Cyrillic letter next to an ASCII letter.
    latin: bool,
}

impl Signs {
    /// The signs in `text`, a line that Windows-1251 encodes: one step
    /// per character, on its bytes.
    pub(crate) fn of(text: &str) -> Signs {
        let (mut capitals, mut lowercase, mut non_ascii) = (0usize, 0usize, 0usize);
        let mut latin = false;
        // Words where a Cyrillic letter that looks like an ASCII letter
        // stands beside one (`pе` for `på`): two make the sign, one alone
        // may be a word written with look-alikes (`Аkupunktоrоlоg`).
        let (mut look_alike_words, mut word_has_look_alike) = (0usize, false);
        let mut previous_ascii_letter = false;
        // The character before was a Cyrillic letter, and one that looks
        // like an ASCII letter.
        let (mut previous_cyrillic, mut previous_look_alike) = (false, false);
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(&byte) = bytes.get(at) {
            if byte < 0x80 {
                let ascii_letter = byte.is_ascii_alphabetic();
                latin |= ascii_letter && previous_cyrillic && !previous_look_alike;
                if ascii_letter && previous_look_alike && !word_has_look_alike {
                    word_has_look_alike = true;
                    look_alike_words += 1;
                }
                if byte == b' ' {
                    word_has_look_alike = false;
                }
                previous_ascii_letter = ascii_letter;
                (previous_cyrillic, previous_look_alike) = (false, false);
                at += 1;
                continue;
            }
            non_ascii += 1;
            // U+0400–U+047F are D0 80 to D1 BF: `offset` is the code point
            // less 0x400 there (and 0x80, past them all, elsewhere). Of
            // them U+0400–U+045F, all letters, count as Cyrillic; `А`–`Я`
            // are U+0410 to U+042F, `а`–`я` U+0430 to U+044F.
            let offset = match bytes.get(at + 1) {
                Some(&second) if byte & 0xFE == 0xD0 => {
                    (u32::from(byte & 1) << 6) | u32::from(second & 0x3F)
                }
                _ => 0x80,
            };
            let cyrillic = offset < 0x60;
            let look_alike = cyrillic && looks_like_ascii(offset);
            capitals += usize::from(offset.wrapping_sub(0x10) < 0x20);
            lowercase += usize::from(offset.wrapping_sub(0x30) < 0x20);
            latin |= cyrillic && !look_alike && previous_ascii_letter;
            if look_alike && previous_ascii_letter && !word_has_look_alike {
                word_has_look_alike = true;
                look_alike_words += 1;
            }
            previous_ascii_letter = false;
            (previous_cyrillic, previous_look_alike) = (cyrillic, look_alike);
            // (The length of a character from its first byte.)
            at += 2 + usize::from(byte >= 0xE0) + usize::from(byte >= 0xF0);
        }
        Signs::from_counts(
            capitals,
            lowercase,
            non_ascii,
            latin || look_alike_words >= 2,
        )
    }

    /// The signs of a line with `capitals` letters `А`–`Я`, `lowercase`
    /// letters `а`–`я`, `non_ascii` characters that are not ASCII, and a
    /// Cyrillic letter (U+0400–U+045F) next to an ASCII letter or not
    /// (`latin`).
    pub(crate) fn from_counts(
        capitals: usize,
        lowercase: usize,
        non_ascii: usize,
        latin: bool,
    ) -> Signs {
        let high = non_ascii - capitals - lowercase;
        Signs {
            koi8_r: capitals > lowercase,
            cp866: 3 * high > non_ascii,
            latin,
        }
    }

    /// Whether text written in `decoder` and read as Windows-1251 may be
    /// what the line shows.
    pub(crate) fn allow(self, decoder: &str) -> bool {
        match decoder {
            "koi8-r" => self.koi8_r,
            "ibm866" => self.cp866,
            "windows-1252" => self.latin,
            _ => true,
        }
    }

    /// Whether any mixup read as Windows-1251 may be what the line shows.
    pub(crate) fn any(self) -> bool {
        self.koi8_r || self.cp866 || self.latin
    }
}

/// Whether the Cyrillic letter U+0400 + `offset` looks like an ASCII
/// letter (`а`, `о`, `с`, `Т` ...): a word in Latin letters written with
/// a few of them (`Аkupunktоrоlоg`) is no Windows-1252 read as
/// Windows-1251, whose accented letters become other ones (`cafй`,
/// `Hфtel`), if also these (`pе` for `på`, `secciу` for `secció`).
fn looks_like_ascii(offset: u32) -> bool {
    matches!(
        offset,
        0x05 | 0x06
            | 0x08
            | 0x10
            | 0x12
            | 0x15
            | 0x1A
            | 0x1C
            | 0x1D
            | 0x1E
            | 0x20
            | 0x21
            | 0x22
            | 0x25
            | 0x30
            | 0x35
            | 0x3E
            | 0x40
            | 0x41
            | 0x43
            | 0x45
            | 0x55
            | 0x56
            | 0x58
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The byte-level count agrees with one by characters.
        #[test]
        fn signs_agree_with_a_count_by_characters(text in "[a-zA-Z .,ЀЁЂАБЯабяѐёџѠаоеТ«»—№éß]{0,16}") {
            let letters: Vec<char> = text.chars().collect();
            let cyrillic = |c: char| ('\u{400}'..='\u{45f}').contains(&c);
            let look_alike = |c: char| cyrillic(c) && looks_like_ascii(c as u32 - 0x400);
            let beside = |pair: &[char], which: &dyn Fn(char) -> bool| {
                (which(pair[0]) && pair[1].is_ascii_alphabetic())
                    || (pair[0].is_ascii_alphabetic() && which(pair[1]))
            };
            let unlike = |c: char| cyrillic(c) && !look_alike(c);
            let look_alike_words = text
                .split(' ')
                .filter(|word| {
                    let word: Vec<char> = word.chars().collect();
                    word.windows(2).any(|pair| beside(pair, &look_alike))
                })
                .count();
            let latin = letters.windows(2).any(|pair| beside(pair, &unlike)) || look_alike_words >= 2;
            let capitals = letters.iter().filter(|c| ('А'..='Я').contains(c)).count();
            let lowercase = letters.iter().filter(|c| ('а'..='я').contains(c)).count();
            let non_ascii = letters.iter().filter(|c| !c.is_ascii()).count();
            let expected = Signs {
                koi8_r: capitals > lowercase,
                cp866: 3 * (non_ascii - capitals - lowercase) > non_ascii,
                latin,
            };
            proptest::prop_assert_eq!(Signs::of(&text), expected);
        }
    }

    #[test]
    fn mixups_show_their_signs_and_clean_text_none() {
        assert!(Signs::of("рТЙЧЕФ, ЛБЛ ДЕМБ?").allow("koi8-r"));
        assert!(Signs::of("ЏаЁўҐв").allow("ibm866"));
        assert!(Signs::of("Un cafй au lait").allow("windows-1252"));
        for clean in [
            "Привет, как дела?",
            "Добрий день, як справи?",
            "Здраво, како сте? Љубљана и Њујорк",
            "Съешь же ещё этих мягких французских булок",
        ] {
            assert!(!Signs::of(clean).any(), "{clean}");
        }
        // Signs only open the way to the model: all capitals may be
        // either.
        assert!(Signs::of("ПРИВЕТ").allow("koi8-r"));
    }
}
