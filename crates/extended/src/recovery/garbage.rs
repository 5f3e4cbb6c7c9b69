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
    // Whether the character before is a letter of a script other than
    // Latin (whose vowel signs and other marks follow its letters).
    let mut after_other_script = false;
    for c in candidate.chars() {
        let kind = Kind::of(c);
        if kind == Kind::Mark && !is_generic_mark(c) && !after_other_script {
            // A script's own mark on a Latin letter or none (`à` and two
            // spaces read as UTF-8 is `t` with a Samaritan vowel sign).
            stray = true;
        }
        if kind != Kind::Mark {
            after_other_script = matches!(
                kind,
                Kind::Letter { script, .. } if script != Some(crate::language::Script::Latin)
            );
        }
        match kind {
            Kind::Letter { script, .. } if !known.has_script(script) => {
                run += 1;
                in_words |= run >= 2;
                stray = true;
            }
            // A digit of another script's (`GrŸ§` read as UTF-8 is the
            // Arabic-Indic `Gr٤`) is a stray letter's kin: text writing
            // such digits writes that script's words, or ASCII digits.
            _ if !c.is_ascii()
                && c.is_numeric()
                && !known.has_digits()
                && !digit_script(c).is_some_and(|script| known.has_script(Some(script))) =>
            {
                stray = true;
                run = 0;
            }
            Kind::Mark => {}
            _ => run = 0,
        }
    }
    stray && !in_words
}

/// The script whose letters stand before the digit `c` in Unicode (the
/// Arabic-Indic `٠` follows Arabic's letters, `०` Devanagari's), for the
/// digits of the scripts of the first 8,192 code points.
fn digit_script(c: char) -> Option<crate::language::Script> {
    let c = u32::from(c);
    if c >= 0x2000 {
        return None;
    }
    (c.saturating_sub(0x60)..c)
        .rev()
        .filter_map(char::from_u32)
        .find_map(|before| match Kind::of(before) {
            Kind::Letter { script, .. } => script,
            _ => None,
        })
        .filter(|&script| script != crate::language::Script::Latin)
}

/// Whether `c` is a combining mark that any script's letters take
/// (accents, diacritics for symbols, half marks).
fn is_generic_mark(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36f}'
            | '\u{1ab0}'..='\u{1aff}'
            | '\u{1dc0}'..='\u{1dff}'
            | '\u{20d0}'..='\u{20ff}'
            | '\u{fe20}'..='\u{fe2f}'
    )
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
        // Digits of a script the text writes.
        assert!(!brings_stray_script(
            Scripts::of("أكثر من"),
            "أكثر من ٠٠١ بلد"
        ));
        assert!(!brings_stray_script(Scripts::of("नमस्ते"), "नमस्ते १२"));
        assert!(brings_stray_script(
            latin,
            "Tempo di validit\u{820}\u{820}  :"
        ));
        assert!(!brings_stray_script(latin, "cafe\u{301}"));
        assert!(!brings_stray_script(Scripts::of("नमस्ते"), "नमस्ते"));
        // Words of the new script are a reading, not garbage.
        assert!(!brings_stray_script(latin, "привет, мир"));
        assert!(!brings_stray_script(latin, "café"));
        // A script known from the text as read or the decided reading.
        assert!(!brings_stray_script(Scripts::of("мир"), "в"));
    }
}
