//! Promises that hold for every input: no false positives on clean text,
//! idempotence, replayable plans, no panics.

use ftfy::breaker::{break_text, Mangle};
use ftfy::codecs::UNDONE_CODECS;
use ftfy::{
    apply_plan, fix_and_explain, fix_encoding, fix_encoding_and_explain, fix_text_with,
    Normalization, StreamFixer, TextFixerConfig, UnescapeHtml,
};
use proptest::prelude::*;

use crate::text::sentence;

/// Pieces that exercise every fix and the corners between them.
const PIECES: &[&str] = &[
    "Ã",
    "Â",
    "â€",
    "â€™",
    "Ã©",
    "Ã\u{a0}",
    "ÐŸ",
    "Ñ\u{81}",
    "\u{80}",
    "\u{85}",
    "\u{93}",
    "\u{9d}",
    "\u{a0}",
    " ",
    "a",
    "é",
    "e\u{301}",
    "\u{301}",
    "\u{fffd}",
    "?",
    "\u{1a}",
    "\r\n",
    "\r",
    "\n",
    "\u{2028}",
    "\u{2029}",
    "&amp;",
    "&lt;",
    "<b>",
    "&EACUTE;",
    "&#x2019;",
    "&#150;",
    "&#0;",
    "\u{1b}[31m",
    "\u{1b}[",
    "ﬁ",
    "ĳ",
    "Ａ",
    "ｶ",
    "\u{3000}",
    "\u{feff}",
    "\0",
    "\u{7}",
    "\u{7f}",
    "<\u{338}",
    "“",
    "’",
    "ʼ",
    "😀",
    "水",
    "í\u{a0}½",
    "\u{c0}\u{80}",
    "Ø§",
    "Ù„",
    "â",
];

/// Strings built from the pieces above, mangled sentences and arbitrary
/// characters.
pub(crate) fn tricky_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(PIECES).prop_map(String::from),
        2 => sentence().prop_map(|(_, text)| text),
        2 => (sentence(), 0..UNDONE_CODECS.len())
            .prop_map(|((_, text), codec)| break_text(&text, Mangle::Utf8As(UNDONE_CODECS[codec])).unwrap_or(text)),
        1 => any::<String>(),
    ];
    proptest::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
}

fn any_config() -> impl Strategy<Value = TextFixerConfig> {
    (
        proptest::collection::vec(any::<bool>(), 13),
        0..3u8,
        0..5u8,
        prop_oneof![4 => Just(1_000_000usize), 1 => 1..40usize],
    )
        .prop_map(|(flags, html, form, max)| {
            TextFixerConfig::default()
                .unescape_html(
                    [
                        UnescapeHtml::Auto,
                        UnescapeHtml::Always,
                        UnescapeHtml::Never,
                    ][usize::from(html)],
                )
                .remove_terminal_escapes(flags[0])
                .fix_encoding(flags[1])
                .restore_byte_a0(flags[2])
                .replace_lossy_sequences(flags[3])
                .decode_inconsistent_utf8(flags[4])
                .fix_c1_controls(flags[5])
                .fix_latin_ligatures(flags[6])
                .fix_character_width(flags[7])
                .uncurl_quotes(flags[8])
                .fix_line_breaks(flags[9])
                .fix_surrogates(flags[10])
                .remove_control_chars(flags[11])
                .explain(flags[12])
                .normalization(
                    [
                        None,
                        Some(Normalization::Nfc),
                        Some(Normalization::Nfd),
                        Some(Normalization::Nfkc),
                        Some(Normalization::Nfkd),
                    ][usize::from(form)],
                )
                .max_decode_length(max)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Correct text is never changed: the worst bug this library could have.
    #[test]
    fn clean_text_is_left_alone((_, text) in sentence()) {
        prop_assert_eq!(fix_encoding(&text), text.as_str());
        prop_assert!(!ftfy::badness::is_bad(&text), "{:?} looks bad", text);
    }

    #[test]
    fn fix_text_is_idempotent(text in tricky_text()) {
        let config = TextFixerConfig::default();
        let once = fix_text_with(&text, &config);
        prop_assert_eq!(fix_text_with(&once, &config), once.as_ref());
    }

    #[test]
    fn fix_text_is_idempotent_for_any_config(text in tricky_text(), config in any_config()) {
        // Lines longer than max_decode_length are cut where the
        // characters fall, which fixing can move; the promise is for
        // lines that fit, before and after fixing (NFKD, for one, makes
        // lines longer).
        let fits = |text: &str| text.split('\n').all(|line| line.chars().count() < config.max_decode_length);
        prop_assume!(fits(&text));
        let once = fix_text_with(&text, &config);
        prop_assume!(fits(&once));
        prop_assert_eq!(fix_text_with(&once, &config), once.as_ref());
    }

    /// Text fed to a StreamFixer in pieces cut anywhere comes out as
    /// fix_text gives it whole.
    #[test]
    fn feeding_pieces_gives_fix_text(
        text in tricky_text(),
        config in any_config(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let mut cuts: Vec<usize> = cuts
            .iter()
            .map(|cut| {
                let mut at = cut.index(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                at
            })
            .collect();
        cuts.sort_unstable();
        let mut fixer = StreamFixer::new(&config);
        let mut fed = String::new();
        let mut start = 0;
        for cut in cuts.into_iter().chain([text.len()]) {
            fed += &fixer.feed(&text[start..cut]);
            start = cut;
        }
        fed += &fixer.finish();
        let expected = fix_text_with(&text, &config);
        prop_assert_eq!(fed, expected.as_ref());
    }

    #[test]
    fn plans_replay(text in tricky_text(), config in any_config()) {
        let config = config.explain(true);
        let fixed = fix_and_explain(&text, &config);
        let replayed = apply_plan(&text, fixed.explanation.as_deref().unwrap_or_default());
        prop_assert_eq!(replayed.as_deref(), Ok(fixed.text.as_str()));
        let fixed = fix_encoding_and_explain(&text, &config);
        let replayed = apply_plan(&text, fixed.explanation.as_deref().unwrap_or_default());
        prop_assert_eq!(replayed.as_deref(), Ok(fixed.text.as_str()));
    }

    /// The fast paths of fixing a segment (rounds that end early, fixes
    /// skipped by the pre-scan) give what the path that records a plan,
    /// which takes none of them, gives.
    #[test]
    fn fix_text_segment_is_fix_and_explain(text in tricky_text(), config in any_config()) {
        let config = config.explain(false);
        let fixed = ftfy::fix_text_segment(&text, &config);
        let explained = fix_and_explain(&text, &config.explain(true));
        prop_assert_eq!(fixed.as_ref(), explained.text.as_str());
    }

    /// Every public function is total.
    #[test]
    fn nothing_panics(text in tricky_text(), config in any_config()) {
        let _ = fix_text_with(&text, &config);
        let _ = ftfy::fix_text_segment(&text, &config);
        let _ = ftfy::fix_encoding_with(&text, &config);
        let _ = ftfy::badness::badness(&text);
        for fix in ftfy::fixes::Fix::ALL {
            if let Some(text_fix) = fix.text_fix() {
                let _ = text_fix(&text);
            }
            if let Some(byte_fix) = fix.byte_fix() {
                let _ = byte_fix(text.as_bytes());
            }
        }
        let _ = ftfy::fixes::decode_escapes(&text);
        let _ = ftfy::fixes::remove_bom(&text);
        let _ = ftfy::explain_unicode(&text);
        let _ = ftfy::formatting::display_center(&text, 40, '.');
    }
}
