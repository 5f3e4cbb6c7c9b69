//! Not ftfy: the rules by which the comparisons (the property tests, the
//! fuzz target `reference`) account for the library's documented
//! differences from ftfy 6.3.1 (its README's "Differences from ftfy
//! 6.3.1", `golden/differences.toml`). Each rule says what the library
//! gives instead of ftfy's answer, in terms of this crate's functions, so
//! that a difference is settled only where the rule predicts the library's
//! answer.

use std::sync::LazyLock;

use regex::Regex;

use crate::{codecs, fix_and_explain, fix_text, TextFixerConfig, UnescapeHtml, CHARMAP_ENCODINGS};

/// The rule that settles the library's answer for one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// The library's answer is ftfy's.
    Equal,
    /// ftfy's answer `r` to `fix_text` is not a fixed point, and the
    /// library's answer is `r` fixed once more: `fix_text(r)`.
    Idempotence,
    /// A line longer than `max_decode_length` is cut into segments, and a
    /// second run would cut it elsewhere: the library fixes each segment
    /// once more where a second run would see it otherwise (fixing split
    /// it into lines, or removed its `<`).
    SecondRunBySegment,
    /// ftfy's `utf-8-variants` reads its pattern's `$` as Python does, so
    /// that a byte C0 (or a CESU-8 pair short of its last byte) at the end
    /// of a line takes the line's `\n` for its last byte, and the line is
    /// joined to the next. The library keeps the line break: its answer
    /// has more of them than ftfy's.
    NewlineAfterC0,
    /// The text holds a character that Unicode 14, Python 3.11's version,
    /// does not assign. Python's `unicodedata` does not know it, this crate
    /// normalizes it by the newer Unicode of `unicode-normalization`, and
    /// the library by its own quick check over that crate's tables: ftfy's
    /// answer is neither engine's to give, and they may differ.
    NewerUnicode,
}

/// Settles the library's answer `library` to `fix_text(text, config)`.
///
/// `config` is the library's configuration in this crate's terms, where
/// `max_decode_length` 0 (on which ftfy loops forever) means 1 (the
/// library fixes a character at a time), and `explain` is taken as on (the
/// library applies the four options that tune `fix_encoding` in every
/// `fix_text`; ftfy does only with `explain` on).
pub fn settle_fix_text(text: &str, library: &str, config: &TextFixerConfig) -> Option<Rule> {
    let config = TextFixerConfig {
        max_decode_length: config.max_decode_length.max(1),
        explain: true,
        ..config.clone()
    };
    let expected = fix_text(text, &config);
    if library == expected {
        return Some(Rule::Equal);
    }
    let twice = fix_text(&expected, &config);
    if twice != expected && library == twice {
        return Some(Rule::Idempotence);
    }
    if library == fix_text_with_second_run_by_segment(text, &config) {
        return Some(Rule::SecondRunBySegment);
    }
    newline_after_c0(text, library, &expected).or_else(|| newer_unicode(text))
}

/// Settles the library's answer `library` to a function whose ftfy answer
/// is `expected` and that has no rule but the C0 one (`fix_encoding`,
/// `fix_and_explain`).
pub fn settle(text: &str, library: &str, expected: &str) -> Option<Rule> {
    if library == expected {
        return Some(Rule::Equal);
    }
    newline_after_c0(text, library, expected).or_else(|| newer_unicode(text))
}

/// [`Rule::NewerUnicode`], where it applies.
fn newer_unicode(text: &str) -> Option<Rule> {
    static NEWER: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"[\p{Assigned}--\p{Age=V14_0}]").expect("a pattern"));
    NEWER.is_match(text).then_some(Rule::NewerUnicode)
}

/// [`Rule::NewlineAfterC0`], where it applies.
fn newline_after_c0(text: &str, library: &str, expected: &str) -> Option<Rule> {
    let line_breaks = |text: &str| text.matches('\n').count();
    (newline_may_end_variant(text) && line_breaks(library) > line_breaks(expected))
        .then_some(Rule::NewlineAfterC0)
}

/// Whether some codec that `fix_encoding` tries encodes a line of `text`
/// to bytes ending in `C0 0A`, or in a CESU-8 pair short of its last byte
/// and `0A`: where ftfy's `utf-8-variants` may take the `\n` for a byte.
fn newline_may_end_variant(text: &str) -> bool {
    text.split_inclusive('\n').any(|line| {
        CHARMAP_ENCODINGS.iter().any(|encoding| {
            let Ok(bytes) = codecs::encode(line, encoding) else {
                return false;
            };
            bytes.ends_with(&[0xC0, b'\n'])
                || matches!(
                    bytes.as_slice(),
                    [.., 0xED, 0xA0..=0xAF, 0x80..=0xBF, 0xED, 0xB0..=0xBF, b'\n']
                )
        })
    })
}

/// The state of the HTML rule as the library carries it from segment to
/// segment: whether entities are decoded, and whether a fixed segment so
/// far holds a `<`.
#[derive(Clone, Copy)]
struct HtmlState {
    unescape_html: UnescapeHtml,
    output_has_tag: bool,
}

/// ftfy's `fix_text`, with each segment fixed once more where a second run
/// would see it otherwise: a segment whose `<` fixing removed (while no
/// fixed segment before it holds one) gets its entities decoded, and a
/// segment that fixing split into several lines is fixed again as a
/// second run fixes those lines, from the HTML rule's state before it.
fn fix_text_with_second_run_by_segment(text: &str, config: &TextFixerConfig) -> String {
    let state = HtmlState {
        unescape_html: config.unescape_html,
        output_has_tag: false,
    };
    fix_segments_with_second_run(text, config, state).0
}

/// [`fix_text_with_second_run_by_segment`] from a state of the HTML rule,
/// and the state after.
fn fix_segments_with_second_run(
    text: &str,
    config: &TextFixerConfig,
    mut state: HtmlState,
) -> (String, HtmlState) {
    let auto = config.unescape_html == UnescapeHtml::Auto;
    let with_html = |unescape_html| TextFixerConfig {
        unescape_html,
        ..config.clone()
    };
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let line_end = rest.find('\n').map_or(rest.len(), |newline| newline + 1);
        let piece_end = rest
            .char_indices()
            .nth(config.max_decode_length)
            .map_or(rest.len(), |(at, _)| at);
        let (segment, after) = rest.split_at(line_end.min(piece_end));
        let before = state;
        if auto && segment.contains('<') {
            state.unescape_html = UnescapeHtml::Never;
        }
        let mut fixed = fix_and_explain(segment, &with_html(state.unescape_html)).text;
        if auto
            && state.unescape_html == UnescapeHtml::Never
            && !state.output_has_tag
            && !fixed.contains('<')
        {
            fixed = fix_and_explain(&fixed, &with_html(UnescapeHtml::Auto)).text;
        }
        state.output_has_tag |= auto && fixed.contains('<');
        if fixed.strip_suffix('\n').unwrap_or(&fixed).contains('\n') {
            let (again, after_again) = fix_segments_with_second_run(&fixed, config, before);
            fixed = again;
            state.output_has_tag = after_again.output_has_tag;
        }
        out.push_str(&fixed);
        rest = after;
    }
    (out, state)
}
