//! The tests of fixing text that arrives in pieces.

use super::lines::QUIET_LINES_DISABLED;
use super::*;
use crate::encoding::WithoutShortcuts;
use crate::pipeline::lines_disabled;
use crate::Mode;
use proptest::prelude::*;

/// Lines of every kind for long CR-only and U+2028 texts: clean text
/// in several scripts, mojibake ftfy fixes whole or by runs, entities,
/// `<`, C1 controls, quotes, emoji (NFC's slow path).
const LINES: &[&str] = &[
    "The quick brown fox jumps over the lazy dog.",
    "Le cœur déçu mais l'âme plutôt naïve.",
    "Съешь же ещё этих мягких французских булок.",
    "いろはにほへと ちりぬるを",
    "Emoji 😀 🎉 ✔",
    "Le cÅ“ur dÃ©Ã§u mais l'Ã¢me plutÃ´t naÃ¯ve.",
    "Ð¡ÑŠÐµÑˆÑŒ Ð¶Ðµ ÐµÑ‰Ñ‘",
    "AT&amp;T &lt;b&gt; and &#13; or &#8232;",
    "a <b>tag</b> here",
    "\u{93}quoted\u{94} \u{80}5 “curly”",
    "voilÃ le Ã ",
    "Œ",
    "",
];

/// A line of [`LINES`], or a few of the pieces that make every fix
/// and decision work.
fn line() -> impl Strategy<Value = String> {
    use crate::pipeline::lines_test_pieces as pieces;
    prop_oneof![
        proptest::sample::select(LINES).prop_map(str::to_owned),
        proptest::collection::vec(proptest::sample::select(pieces()), 1..5).prop_map(|pieces| {
            pieces
                .concat()
                .replace(['\r', '\n', '\u{2028}', '\u{2029}'], " ")
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The changes `fix_lines_with` reports over a whole text are the
    /// lines that a fixer fed one line at a time changes, with the
    /// same fixed text, and leave the same state.
    #[test]
    fn changes_reported_are_the_lines_fixed_one_at_a_time(
        lines in proptest::collection::vec(line(), 1..40),
        auto_html: bool,
    ) {
        let config = TextFixerConfig {
            unescape_html: if auto_html {
                crate::UnescapeHtml::Auto
            } else {
                crate::UnescapeHtml::Always
            },
            ..TextFixerConfig::default()
        };
        let text: String = lines.iter().map(|line| [line.as_str(), "\n"].concat()).collect();
        let mut whole = StreamFixer::new(&config);
        let mut reported = Vec::new();
        whole.fix_lines_with(&text, |range, fixed| reported.push((range, fixed)));
        let mut by_line = StreamFixer::new(&config);
        let mut expected = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            if let Cow::Owned(fixed) = by_line.fix_lines(line) {
                expected.push((start..start + line.len(), fixed));
            }
            start += line.len();
        }
        prop_assert_eq!(reported, expected);
        prop_assert_eq!(whole.state(), by_line.state());
    }

    /// fix_text on long texts of many lines, fixed a line at a time
    /// where that is shown to give the same answer, equals fixing
    /// every segment whole and then each of its lines again.
    #[test]
    fn fixing_by_lines_equals_fixing_whole(
        picks in proptest::collection::vec((line(), 0..1000usize), 1000..1600),
        max_decode_length in prop_oneof![Just(1_000_000usize), 15_000..40_000usize],
        auto_html: bool,
    ) {
        let text: String = picks
            .iter()
            .map(|(line, end)| {
                // Mostly CR, some U+2028/9, rarely a real line end.
                let end = match end {
                    0 => "\r\n",
                    1..=99 => "\u{2028}",
                    100..=109 => "\u{2029}",
                    _ => "\r",
                };
                [line.as_str(), end].concat()
            })
            .collect();
        let config = TextFixerConfig {
            max_decode_length,
            unescape_html: if auto_html {
                crate::UnescapeHtml::Auto
            } else {
                crate::UnescapeHtml::Always
            },
            ..TextFixerConfig::default()
        };
        let by_lines = crate::fix_text_with(&text, &config).into_owned();
        lines_disabled(true);
        let whole = crate::fix_text_with(&text, &config).into_owned();
        lines_disabled(false);
        prop_assert_eq!(by_lines, whole);
    }
}

/// Lines for the whole-text scan: quiet ones of every kind (plain
/// ASCII, clean text in many scripts, tabs, markup alone), and lines
/// it must stop at (mojibake, characters NFC or a fix changes, markup
/// beside non-ASCII, controls, line breaks, entities).
const SCAN_LINES: &[&str] = &[
    "plain ASCII text, long enough to pass a chunk of sixty-four bytes at once",
    "short",
    "",
    "tab\there and form\u{c}feed",
    "Le café était fermé.",
    "Съешь же ещё этих булок",
    "Ελληνικά γράμματα",
    "東京の天気は晴れです。",
    "안녕하세요 세계",
    "नमस्ते दुनिया",
    "สวัสดีชาวโลก",
    "مرحبا بالعالم",
    "Emoji 😀 🎉",
    "a <b>tag</b> here",
    "AT&amp;T &lt;3",
    "Q&A",
    "<p>café</p>",
    "é <",
    "cafÃ©",
    "doesnâ€™t",
    "Ð¡ÑŠÐµÑˆÑŒ",
    "e\u{301}",
    "\u{93}quoted\u{94}",
    "“curly” ‘quotes’",
    "it’s here, isn’t it",
    "l’été d’Ελλάδα",
    "ﬁne ﬂower",
    "ＬＯＵＤ",
    "bell\u{7}",
    "cr\rlf",
    "sep\u{2028}arator",
    "\u{1b}[1mbold",
    "\u{feff}bom",
    "×÷ ° ±",
    "ß Ø ¿",
];

/// A configuration for the whole-text scan's test: each option that
/// decides which lines are quiet.
fn scan_config() -> impl Strategy<Value = (TextFixerConfig, Mode)> {
    (
        0..3u8,
        0..4u8,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(1_000_000usize), 1..40usize],
    )
        .prop_map(
            |(html, normalization, fix_encoding, without_shortcuts, max)| {
                let config = TextFixerConfig {
                    unescape_html: [
                        UnescapeHtml::Auto,
                        UnescapeHtml::Always,
                        UnescapeHtml::Never,
                    ][usize::from(html)],
                    normalization: [
                        Some(crate::Normalization::Nfc),
                        None,
                        Some(crate::Normalization::Nfkc),
                        Some(crate::Normalization::Nfd),
                    ][usize::from(normalization)],
                    fix_encoding,
                    max_decode_length: max,
                    ..TextFixerConfig::default()
                };
                let mode = if without_shortcuts {
                    Mode::new(&WithoutShortcuts, &WithoutShortcuts)
                } else {
                    Mode::FTFY
                };
                (config, mode)
            },
        )
}

proptest! {
    // (More with PROPTEST_CASES.)
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(300)
    ))]

    /// fix_text with the whole-text scan, which passes over quiet
    /// lines, equals fix_text scanning every segment on its own, in
    /// every mode and configuration, fed whole or in pieces.
    #[test]
    fn the_whole_text_scan_equals_scanning_each_segment(
        picks in proptest::collection::vec(
            (proptest::sample::select(SCAN_LINES), 0..10u8),
            1..60,
        ),
        (config, mode) in scan_config(),
        cut in 0..200usize,
    ) {
        let text: String = picks
            .iter()
            .map(|&(line, end)| match end {
                0 => line.to_owned(),
                1 => format!("{line}\r\n"),
                _ => format!("{line}\n"),
            })
            .collect();
        let fixed = mode.fix_text(&text, &config).into_owned();
        let cut = crate::text::char_boundary_at_or_before(&text, cut);
        let mut fixer = mode.stream_fixer(&config, LineState::start(&config));
        let fed = fixer.feed(&text[..cut]) + &fixer.feed(&text[cut..]) + &fixer.finish();
        QUIET_LINES_DISABLED.with(|cell| cell.set(true));
        let plain = mode.fix_text(&text, &config).into_owned();
        QUIET_LINES_DISABLED.with(|cell| cell.set(false));
        prop_assert_eq!(&fixed, &plain);
        prop_assert_eq!(fed, plain);
    }
}

/// ftfy 6.3.1, twice: the line break fixed makes two lines, and the
/// first, settled, holds the `<` that keeps entities in the second.
#[test]
fn a_settled_line_with_a_tag_keeps_entities_in_later_lines() {
    let text = "x<b>\u{2028}&amp; cafÃ©";
    assert_eq!(crate::fix_text(text), "x<b>\n&amp; café");
    let text = "x<b> cafÃ©\u{2028}&amp; cafÃ©";
    assert_eq!(crate::fix_text(text), "x<b> café\n&amp; café");
}
