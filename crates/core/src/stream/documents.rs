//! [`StreamFixer`] in a mode that judges documents: the windows of a
//! text, the repairs made in each, and the segments fixed.

use std::ops::Range;

use super::StreamFixer;
use crate::document::{Window, WindowExplanation, WindowPosition};
use crate::plan::PlanExtension;

impl<X: PlanExtension> StreamFixer<X> {
    /// The windows of `text` (each the ranges of its segments), the
    /// repairs the mode's judgement of documents makes in each, and its
    /// account of each; one window of the whole text, with nothing to
    /// repair, in a mode that judges no documents.
    #[allow(clippy::type_complexity)]
    pub(super) fn windows_explained(
        &mut self,
        text: &str,
    ) -> Vec<(
        Vec<Range<usize>>,
        Vec<(usize, String)>,
        WindowExplanation<X>,
    )> {
        let max_chars = self.lines.config.max_decode_length;
        let Some((documents, position)) = self.documents.as_mut() else {
            let (windows, _) = Window {
                segments: usize::MAX,
                bytes: usize::MAX,
            }
            .split(text, max_chars, WindowPosition::default());
            return windows
                .into_iter()
                .map(|window| (window, Vec::new(), WindowExplanation::default()))
                .collect();
        };
        let (windows, after) = documents.window().split(text, max_chars, *position);
        *position = after;
        windows
            .into_iter()
            .map(|window| {
                let segments: Vec<&str> = window.iter().map(|range| &text[range.clone()]).collect();
                let mut account = WindowExplanation::default();
                let repairs = documents.repair(&segments, &self.lines.config, Some(&mut account));
                (window, repairs, account)
            })
            .collect()
    }

    /// [`fix_lines_with`](StreamFixer::fix_lines_with) in a mode that
    /// judges documents: each window of `text` is judged, its repairs
    /// made, and its segments fixed.
    pub(super) fn fix_document_with(
        &mut self,
        text: &str,
        changed: &mut dyn FnMut(Range<usize>, String),
    ) {
        let Some((documents, position)) = self.documents.as_mut() else {
            return self.lines.fix_lines_with(text, changed);
        };
        let max_chars = self.lines.config.max_decode_length;
        let (windows, after) = documents.window().split(text, max_chars, *position);
        *position = after;
        let documents = *documents;
        // (Windows with nothing to repair are fixed together, as one text:
        // the pipeline passes over their quiet lines in one go.)
        let mut unrepaired_from = None;
        for window in windows {
            let whole = window[0].start..window.last().map_or(0, |range| range.end);
            let segments: Vec<&str> = window.iter().map(|range| &text[range.clone()]).collect();
            let repairs = documents.repair(&segments, &self.lines.config, None);
            if repairs.is_empty() {
                unrepaired_from.get_or_insert(whole.start);
                continue;
            }
            if let Some(start) = unrepaired_from.take() {
                self.lines.fix_range_with(text, start..whole.start, changed);
            }
            let mut repairs = repairs.into_iter().peekable();
            for (index, range) in window.into_iter().enumerate() {
                match repairs.next_if(|(at, _)| *at == index) {
                    Some((_, repaired)) => {
                        let fixed = self.lines.fix_lines(&repaired).into_owned();
                        changed(range, fixed);
                    }
                    None => self.lines.fix_range_with(text, range, changed),
                }
            }
        }
        if let Some(start) = unrepaired_from {
            self.lines.fix_range_with(text, start..text.len(), changed);
        }
    }
}
