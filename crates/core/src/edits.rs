//! The copy-on-change loop that every fix shares: a fix finds the spans
//! to replace, in order, and a copy of the text is made only at the first
//! one, so text with nothing to fix is returned borrowed. A caller may
//! also have the spans recorded, to follow where the text changed.

use std::borrow::Cow;
use std::ops::Range;

/// Text or bytes: what [`Edits`] can copy and extend.
pub(crate) trait Editable: ToOwned {
    fn span(&self, start: usize, end: usize) -> &Self;
    fn len(&self) -> usize;
    fn with_capacity(capacity: usize) -> Self::Owned;
    fn push(owned: &mut Self::Owned, span: &Self);
}

impl Editable for str {
    fn span(&self, start: usize, end: usize) -> &str {
        &self[start..end]
    }
    fn len(&self) -> usize {
        str::len(self)
    }
    fn with_capacity(capacity: usize) -> String {
        String::with_capacity(capacity)
    }
    fn push(owned: &mut String, span: &str) {
        owned.push_str(span);
    }
}

impl Editable for [u8] {
    fn span(&self, start: usize, end: usize) -> &[u8] {
        &self[start..end]
    }
    fn len(&self) -> usize {
        <[u8]>::len(self)
    }
    fn with_capacity(capacity: usize) -> Vec<u8> {
        Vec::with_capacity(capacity)
    }
    fn push(owned: &mut Vec<u8>, span: &[u8]) {
        owned.extend_from_slice(span);
    }
}

/// Replacements of spans of a text (or of bytes), made in order into a
/// copy that is started only when the first replacement comes, each told
/// to `recorder`.
pub(crate) struct Edits<'a, T: Editable + ?Sized, R: Recorder = ()> {
    text: &'a T,
    output: Option<T::Owned>,
    /// The end of the last span replaced: the text before it is in
    /// `output` already.
    copied_up_to: usize,
    recorder: R,
}

impl<'a, T: Editable + ?Sized> Edits<'a, T> {
    pub(crate) fn new(text: &'a T) -> Edits<'a, T> {
        Edits::noting(text, ())
    }
}

impl<'a, T: Editable + ?Sized, R: Recorder> Edits<'a, T, R> {
    /// Edits that tell `recorder` of each replacement.
    pub(crate) fn noting(text: &'a T, recorder: R) -> Edits<'a, T, R> {
        Edits {
            text,
            output: None,
            copied_up_to: 0,
            recorder,
        }
    }

    /// Replaces the bytes `start..end` of the text with `replacement`.
    /// Spans must come in order and not overlap.
    pub(crate) fn replace(&mut self, start: usize, end: usize, replacement: &T) {
        let text = self.text;
        let output = self
            .output
            .get_or_insert_with(|| T::with_capacity(text.len() + 8));
        T::push(output, text.span(self.copied_up_to, start));
        T::push(output, replacement);
        self.copied_up_to = end;
        self.recorder.replaced(start..end, replacement.len());
    }

    /// The edited text, borrowed when nothing was replaced.
    pub(crate) fn finish(self) -> Cow<'a, T> {
        match self.output {
            Some(mut output) => {
                T::push(
                    &mut output,
                    self.text.span(self.copied_up_to, self.text.len()),
                );
                Cow::Owned(output)
            }
            None => Cow::Borrowed(self.text),
        }
    }
}

/// What [`Edits`] tells of each replacement it makes.
pub(crate) trait Recorder {
    /// The bytes `before` of the text were replaced with `after_len`
    /// bytes.
    fn replaced(&mut self, before: Range<usize>, after_len: usize);
}

/// Records nothing: fixes on their own.
impl Recorder for () {
    #[inline(always)]
    fn replaced(&mut self, _: Range<usize>, _: usize) {}
}

/// Records the replacements into [`Changes`], when there are some.
impl Recorder for Option<&mut Changes> {
    #[inline]
    fn replaced(&mut self, before: Range<usize>, after_len: usize) {
        if let Some(changes) = self {
            changes.spans.push((before, after_len));
        }
    }
}

/// The replacements one fix made in a text, in order: each span's byte
/// range in the text before, and its length after.
#[derive(Debug, Default)]
pub(crate) struct Changes {
    spans: Vec<(Range<usize>, usize)>,
}

impl Changes {
    pub(crate) fn clear(&mut self) {
        self.spans.clear();
    }
}

/// The byte ranges of a text that have changed since an earlier version
/// of it, in order and apart (empty where text was only removed); the
/// rest is the earlier text, moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChangedRanges(Vec<Range<usize>>);

impl ChangedRanges {
    pub(crate) fn ranges(&self) -> &[Range<usize>] {
        &self.0
    }

    /// The ranges once `changes` were made to the text: each moved with
    /// the text around it and grown over the replacements it reaches
    /// into, and each replacement's new bytes added.
    pub(crate) fn after(&self, changes: &Changes) -> ChangedRanges {
        let spans = &changes.spans;
        // Where each replacement's bytes are in the new text.
        let mut growth = 0isize;
        let replaced: Vec<Range<usize>> = spans
            .iter()
            .map(|(before, after_len)| {
                let start = before.start.wrapping_add_signed(growth);
                growth += *after_len as isize - before.len() as isize;
                start..start + after_len
            })
            .collect();
        // A position of the old text in the new one; one inside a
        // replaced span goes to the start (`is_end` false) or end of its
        // replacement. Positions come in order, so `next` (the first span
        // not wholly before them) and `growth` (that of the spans before
        // it) only move on.
        let moved = |position: usize, next: &mut usize, growth: &mut isize, is_end: bool| {
            while let Some((before, after_len)) = spans.get(*next) {
                if before.end > position {
                    break;
                }
                *growth += *after_len as isize - before.len() as isize;
                *next += 1;
            }
            match spans.get(*next) {
                Some((before, _)) if before.start < position => {
                    let replacement = &replaced[*next];
                    if is_end {
                        replacement.end
                    } else {
                        replacement.start
                    }
                }
                _ => position.wrapping_add_signed(*growth),
            }
        };
        let (mut start_next, mut start_growth) = (0, 0isize);
        let (mut end_next, mut end_growth) = (0, 0isize);
        let moved_ranges: Vec<Range<usize>> = self
            .0
            .iter()
            .map(|range| {
                let start = moved(range.start, &mut start_next, &mut start_growth, false);
                let end = moved(range.end, &mut end_next, &mut end_growth, true);
                start..end
            })
            .collect();
        // Both lists are in order: merge them, joining ranges that meet.
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(moved_ranges.len() + replaced.len());
        let (mut a, mut b) = (
            moved_ranges.into_iter().peekable(),
            replaced.into_iter().peekable(),
        );
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) if x.start <= y.start => a.next(),
                (Some(_), Some(_)) => b.next(),
                (Some(_), None) => a.next(),
                (None, Some(_)) => b.next(),
                (None, None) => break,
            };
            let Some(next) = next else { break };
            match merged.last_mut() {
                Some(last) if next.start <= last.end => last.end = last.end.max(next.end),
                _ => merged.push(next),
            }
        }
        ChangedRanges(merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::*;

    /// One fix's replacements: for each, the bytes kept before it, the
    /// bytes it replaces, and the length of what replaces them.
    fn replacements() -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
        proptest::collection::vec((0..4usize, 0..3usize, 0..3usize), 0..6)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// After fixes that replace spans, every byte that did not come
        /// from the first text, and every place where bytes of it were
        /// removed, is within the changed ranges, which are in order and
        /// apart. Each byte is followed by where it came from.
        #[test]
        fn changed_ranges_cover_every_change(
            length in 0..20usize,
            fixes in proptest::collection::vec(replacements(), 1..4),
        ) {
            let mut text: Vec<u8> = vec![b'a'; length];
            let mut origin: Vec<Option<usize>> = (0..length).map(Some).collect();
            let mut changed = ChangedRanges::default();
            for fix in fixes {
                let mut changes = Changes::default();
                let mut edits = Edits::noting(&text[..], Some(&mut changes));
                let mut new_origin = Vec::new();
                let mut at = 0;
                for (kept, replaced, replacement) in fix {
                    let start = (at + kept).min(text.len());
                    let end = (start + replaced).min(text.len());
                    edits.replace(start, end, &vec![b'#'; replacement]);
                    new_origin.extend_from_slice(&origin[at..start]);
                    new_origin.extend(std::iter::repeat_n(None, replacement));
                    at = end;
                }
                new_origin.extend_from_slice(&origin[at..]);
                text = edits.finish().into_owned();
                origin = new_origin;
                changed = changed.after(&changes);
            }
            prop_assert_eq!(text.len(), origin.len());
            let ranges = changed.ranges();
            for pair in ranges.windows(2) {
                prop_assert!(pair[0].end < pair[1].start, "{:?}", ranges);
            }
            prop_assert!(ranges.iter().all(|range| range.start <= range.end && range.end <= text.len()));
            let within = |at: usize| ranges.iter().any(|range| range.start <= at && at < range.end);
            let touched = |at: usize| ranges.iter().any(|range| range.start <= at && at <= range.end);
            for (at, from) in origin.iter().enumerate() {
                if from.is_none() {
                    prop_assert!(within(at), "new byte {} outside {:?}", at, ranges);
                }
            }
            // Where the first text's bytes do not follow on from the one
            // before (or the start, or the end), some were removed.
            let kept: Vec<(usize, usize)> = origin
                .iter()
                .enumerate()
                .filter_map(|(at, from)| from.map(|from| (at, from)))
                .collect();
            let mut last_from: Option<usize> = None;
            for &(at, from) in &kept {
                if from != last_from.map_or(0, |last| last + 1) {
                    prop_assert!(touched(at), "removal before {} outside {:?}", at, ranges);
                }
                last_from = Some(from);
            }
            if last_from.map_or(0, |last| last + 1) != length {
                prop_assert!(touched(text.len()), "removal at the end outside {:?}", ranges);
            }
        }
    }

    #[test]
    fn copies_only_when_something_is_replaced() {
        assert!(matches!(
            Edits::new("plain").finish(),
            Cow::Borrowed("plain")
        ));
        let mut edits = Edits::new("a-b-c");
        edits.replace(1, 2, "+");
        edits.replace(3, 4, "");
        assert_eq!(edits.finish(), "a+bc");
        let mut edits = Edits::new("xyz");
        edits.replace(0, 3, "é");
        assert_eq!(edits.finish(), "é");
        let mut edits = Edits::new(&b"ab"[..]);
        edits.replace(1, 1, b"\xa0");
        assert_eq!(edits.finish().as_ref(), b"a\xa0b");
    }
}
