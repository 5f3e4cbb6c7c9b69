//! Unicode normalization for the pipeline and for plans, with a fast path
//! for text that is already normalized (as nearly all text is).

use std::borrow::Cow;
use std::sync::LazyLock;

use unicode_normalization::UnicodeNormalization;

use crate::Normalization;

/// Applies a Unicode normalization form, borrowing when the text is
/// already normalized.
pub(crate) fn normalize(text: &str, form: Normalization) -> Cow<'_, str> {
    use unicode_normalization::IsNormalized::Yes;
    use unicode_normalization::{is_nfc_quick, is_nfd_quick, is_nfkc_quick, is_nfkd_quick};
    if form == Normalization::Nfc && text.chars().all(is_nfc_stable) {
        return Cow::Borrowed(text);
    }
    let quick = match form {
        Normalization::Nfc => is_nfc_quick(text.chars()),
        Normalization::Nfd => is_nfd_quick(text.chars()),
        Normalization::Nfkc => is_nfkc_quick(text.chars()),
        Normalization::Nfkd => is_nfkd_quick(text.chars()),
    };
    if quick == Yes {
        return Cow::Borrowed(text);
    }
    let normalized: String = match form {
        Normalization::Nfc => text.nfc().collect(),
        Normalization::Nfd => text.nfd().collect(),
        Normalization::Nfkc => text.nfkc().collect(),
        Normalization::Nfkd => text.nfkd().collect(),
    };
    if normalized == text {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(normalized)
    }
}

/// Basic Multilingual Plane characters that NFC leaves alone in any
/// context (quick check "yes" and combining class 0), one bit each, taken
/// from the normalization crate itself so the two always agree.
static NFC_STABLE_BMP: LazyLock<Box<[u64]>> = LazyLock::new(|| {
    use unicode_normalization::char::canonical_combining_class;
    use unicode_normalization::{is_nfc_quick, IsNormalized};
    let mut bits = vec![0u64; 0x10000 / 64].into_boxed_slice();
    for code in 0..0x10000u32 {
        let Some(c) = char::from_u32(code) else {
            continue;
        };
        if canonical_combining_class(c) == 0
            && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
        {
            bits[code as usize / 64] |= 1 << (code % 64);
        }
    }
    bits
});

/// Whether NFC leaves `c` alone wherever it occurs (conservatively: false
/// outside the Basic Multilingual Plane).
fn is_nfc_stable(c: char) -> bool {
    let code = c as usize;
    code < 0x80 || (code < 0x10000 && NFC_STABLE_BMP[code / 64] & (1 << (code % 64)) != 0)
}
