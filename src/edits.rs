//! The copy-on-change loop that every fix shares: a fix finds the spans
//! to replace, in order, and a copy of the text is made only at the first
//! one, so text with nothing to fix is returned borrowed.

use std::borrow::Cow;

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
/// copy that is started only when the first replacement comes.
pub(crate) struct Edits<'a, T: Editable + ?Sized> {
    text: &'a T,
    output: Option<T::Owned>,
    /// The end of the last span replaced: the text before it is in
    /// `output` already.
    copied_up_to: usize,
}

impl<'a, T: Editable + ?Sized> Edits<'a, T> {
    pub(crate) fn new(text: &'a T) -> Edits<'a, T> {
        Edits {
            text,
            output: None,
            copied_up_to: 0,
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

#[cfg(test)]
mod tests {
    use super::*;

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
