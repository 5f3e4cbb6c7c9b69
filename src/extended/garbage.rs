//! The no-garbage rule: a reading may not bring a script that neither the
//! text as read nor its decided reading holds, except as words. A
//! re-decoding that turns two symbols into one stray letter of a new
//! script (`2012—∞` read once more as MacRoman's UTF-8, `2012Ѱ`; `Õ…` as
//! Windows-1252's `Յ`; `×£` as `ף`) explains nothing: real text in a
//! script writes its letters in words.

use super::readings::Scripts;
use super::signs::Kind;

/// Whether `candidate` holds a letter of a script outside `known` (the
/// scripts of the text as read, of ftfy's answer and of the reading the
/// document decided) that stands in no run of at least two such letters.
pub(crate) fn brings_stray_script(known: Scripts, candidate: &str) -> bool {
    let mut run = 0usize;
    let mut stray = false;
    let mut in_words = false;
    for c in candidate.chars() {
        match Kind::of(c) {
            Kind::Letter { script, .. } if !known.has_script(script) => {
                run += 1;
                in_words |= run >= 2;
                stray = true;
            }
            // A digit of another script's (`GrŸ§` read as UTF-8 is the
            // Arabic-Indic `Gr٤`) is a stray letter's kin: text writing
            // such digits writes that script's words, or ASCII digits.
            _ if !c.is_ascii() && c.is_numeric() && !known.has_digits() => {
                stray = true;
                run = 0;
            }
            Kind::Mark => {}
            _ => run = 0,
        }
    }
    stray && !in_words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stray_letters_of_a_new_script_are_garbage() {
        let latin = Scripts::of_letters_and_digits("â");
        assert!(brings_stray_script(latin, "2012Ѱ"));
        assert!(brings_stray_script(latin, "HUHLL Յ"));
        assert!(brings_stray_script(latin, "Offering 5ף35 pin ups"));
        assert!(brings_stray_script(latin, "Charlotte Bront녔"));
        assert!(brings_stray_script(latin, "Gr٤ Gott"));
        // Words of the new script are a reading, not garbage.
        assert!(!brings_stray_script(latin, "привет, мир"));
        assert!(!brings_stray_script(latin, "café"));
        // A script known from the text as read or the decided reading.
        assert!(!brings_stray_script(Scripts::of("мир"), "в"));
    }
}
