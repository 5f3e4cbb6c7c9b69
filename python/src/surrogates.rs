//! ftfy's pipeline on text that holds surrogates, with `fix_surrogates` on.
//!
//! In ftfy the surrogates are repaired midway through the first round of
//! fixes: the steps before `fix_surrogates` (entities, the encoding fix,
//! C1 controls, ligatures, width, quotes, line breaks) see them, and
//! cannot re-encode text that holds them; the steps after see the
//! repaired text, and later rounds see no surrogates at all. This module
//! replays that order with the library's public functions: the early
//! steps run on placeholder text (placeholders cannot be re-encoded
//! either), then the surrogates are repaired, then the whole pipeline
//! runs on the result.

use ftfy::fixes::Fix;
use ftfy::{ExplanationStep, TextFixerConfig, UnescapeHtml};

use crate::text::{repair_surrogates, Placeholders};

/// ftfy's `fix_and_explain` on code points that may hold surrogates: the
/// fixed code points (surrogates stay where `fix_surrogates` is off) and
/// the plan.
pub fn fix_and_explain(
    points: &[u32],
    config: &TextFixerConfig,
) -> (Vec<u32>, Option<Vec<ExplanationStep>>) {
    let (text, placeholders) = Placeholders::swap_in(points);
    let mut config = config.clone();
    // ftfy decides on entities once, from the text it was given.
    if config.unescape_html == UnescapeHtml::Auto && text.contains('<') {
        config = config.unescape_html(UnescapeHtml::Never);
    }
    if !config.fix_surrogates || !has_surrogates(points) {
        let fixed = ftfy::fix_and_explain(&text, &config);
        return (placeholders.points(&fixed.text), fixed.explanation);
    }
    let before_repair = config
        .clone()
        .remove_terminal_escapes(false)
        .remove_control_chars(false)
        .normalization(None);
    let first = ftfy::fix_and_explain(&text, &before_repair);
    let repaired = repair_surrogates(&placeholders.points(&first.text));
    let rest = ftfy::fix_and_explain(&repaired, &config);
    let explanation = match (first.explanation, rest.explanation) {
        (Some(mut steps), Some(rest)) => {
            steps.push(ExplanationStep::Apply(Fix::FixSurrogates));
            steps.extend(rest);
            Some(steps)
        }
        _ => None,
    };
    (rest.text.chars().map(u32::from).collect(), explanation)
}

/// ftfy's `fix_text` on code points that may hold surrogates: its loop
/// over lines, cut at `max_decode_length` code points, with its rule for
/// entities after a line that holds `<`. Returns code points, as
/// surrogates stay where `fix_surrogates` is off.
pub fn fix_text(points: &[u32], config: &TextFixerConfig) -> Vec<u32> {
    let mut config = config.clone().explain(false);
    let mut out = Vec::with_capacity(points.len());
    let mut start = 0;
    while start < points.len() {
        let line_end = points[start..]
            .iter()
            .position(|&point| point == u32::from('\n'))
            .map_or(points.len(), |newline| start + newline + 1);
        let end = line_end.min(start + config.max_decode_length.max(1));
        let segment = &points[start..end];
        if config.unescape_html == UnescapeHtml::Auto && segment.contains(&u32::from('<')) {
            config = config.unescape_html(UnescapeHtml::Never);
        }
        out.extend(fix_and_explain(segment, &config).0);
        start = end;
    }
    out
}

fn has_surrogates(points: &[u32]) -> bool {
    points.iter().any(|point| (0xD800..0xE000).contains(point))
}
