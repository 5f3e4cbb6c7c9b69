//! Plans: the replayable record of what a fix did.
//!
//! [`fix_encoding_and_explain`](crate::fix_encoding_and_explain) and
//! [`fix_and_explain`](crate::fix_and_explain) return the fixed text with a
//! list of [`ExplanationStep`]s, named exactly as ftfy 6.3.1 names them, such
//! as `('encode', 'latin-1'), ('decode', 'utf-8')`. [`apply_plan`] replays a
//! plan on other text that was damaged the same way.

use std::borrow::Cow;
use std::fmt;
use std::sync::LazyLock;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::codecs;
use crate::fixes;
use crate::Normalization;

/// What one step of a plan does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Text to bytes, with the codec the parameter names.
    Encode,
    /// Bytes to text, with the codec the parameter names.
    Decode,
    /// A named repair of bytes. (ftfy also files its text-to-text
    /// `fix_c1_controls` under this action; [`apply_plan`] accepts both.)
    Transcode,
    /// A named fix, text to text.
    Apply,
    /// Unicode normalization; the parameter names the form, such as `NFC`.
    Normalize,
}

impl Action {
    /// The action's name as ftfy writes it: `encode`, `decode`,
    /// `transcode`, `apply` or `normalize`.
    ///
    /// ```
    /// assert_eq!(ftfy::Action::Transcode.name(), "transcode");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Action::Encode => "encode",
            Action::Decode => "decode",
            Action::Transcode => "transcode",
            Action::Apply => "apply",
            Action::Normalize => "normalize",
        }
    }

    /// Parses an action's name.
    ///
    /// ```
    /// assert_eq!(ftfy::Action::from_name("decode"), Some(ftfy::Action::Decode));
    /// ```
    pub fn from_name(name: &str) -> Option<Action> {
        [
            Action::Encode,
            Action::Decode,
            Action::Transcode,
            Action::Apply,
            Action::Normalize,
        ]
        .into_iter()
        .find(|action| action.name() == name)
    }
}

/// One step of a plan: an action and the codec, fix or normalization form
/// it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExplanationStep {
    /// What the step does.
    pub action: Action,
    /// The codec, fix or normalization form, as ftfy names it.
    pub parameter: &'static str,
}

impl ExplanationStep {
    /// Builds a step from ftfy's names, checking that the codec or fix
    /// exists; codec aliases are resolved to their canonical names.
    ///
    /// ```
    /// use ftfy::{Action, ExplanationStep};
    ///
    /// let step = ExplanationStep::from_names("encode", "latin1").unwrap();
    /// assert_eq!((step.action, step.parameter), (Action::Encode, "latin-1"));
    /// assert!(ExplanationStep::from_names("apply", "make_it_nice").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlanError::UnknownAction`], [`PlanError::UnknownCodec`] or
    /// [`PlanError::UnknownFix`] when a name is not known.
    pub fn from_names(action: &str, parameter: &str) -> Result<ExplanationStep, PlanError> {
        let action =
            Action::from_name(action).ok_or_else(|| PlanError::UnknownAction(action.to_owned()))?;
        let parameter = match action {
            Action::Encode | Action::Decode => codec_name(parameter)
                .ok_or_else(|| PlanError::UnknownCodec(parameter.to_owned()))?,
            Action::Transcode | Action::Apply => {
                fix_name(parameter).ok_or_else(|| PlanError::UnknownFix(parameter.to_owned()))?
            }
            Action::Normalize => Normalization::from_name(parameter)
                .ok_or_else(|| PlanError::UnknownNormalization(parameter.to_owned()))?
                .name(),
        };
        Ok(ExplanationStep { action, parameter })
    }
}

impl fmt::Display for ExplanationStep {
    /// Writes the step as ftfy's Python `repr` shows it:
    /// `('encode', 'latin-1')`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "('{}', '{}')", self.action.name(), self.parameter)
    }
}

/// Fixed text, and the plan that fixed it when one was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainedText {
    /// The fixed text.
    pub text: String,
    /// The steps that turned the input into `text`, or `None` when the
    /// configuration's `explain` option is off.
    pub explanation: Option<Vec<ExplanationStep>>,
}

/// Why a plan could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlanError {
    /// No such action (`encode`, `decode`, `transcode`, `apply`,
    /// `normalize`).
    UnknownAction(String),
    /// No codec by that name.
    UnknownCodec(String),
    /// No fix by that name.
    UnknownFix(String),
    /// No normalization form by that name.
    UnknownNormalization(String),
    /// Step `step` (counting from 0) could not encode the text.
    Encode { step: usize, codec: &'static str },
    /// Step `step` could not decode the bytes; `offset` is the first byte
    /// that failed.
    Decode {
        step: usize,
        codec: &'static str,
        offset: usize,
    },
    /// Step `step` needs text but has bytes, or the reverse.
    WrongInput { step: usize, expected: &'static str },
    /// The plan ended with bytes, not text: it lacks a final `decode`.
    EndsInBytes,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::UnknownAction(name) => write!(f, "unknown plan action '{name}'"),
            PlanError::UnknownCodec(name) => write!(f, "unknown codec '{name}'"),
            PlanError::UnknownFix(name) => write!(f, "unknown function to apply: '{name}'"),
            PlanError::UnknownNormalization(name) => {
                write!(f, "unknown normalization form '{name}'")
            }
            PlanError::Encode { step, codec } => {
                write!(f, "step {step}: the text cannot be encoded as {codec}")
            }
            PlanError::Decode {
                step,
                codec,
                offset,
            } => write!(
                f,
                "step {step}: the bytes are not valid {codec} at offset {offset}"
            ),
            PlanError::WrongInput { step, expected } => {
                write!(f, "step {step} expects {expected}")
            }
            PlanError::EndsInBytes => write!(f, "the plan ends with bytes, not text"),
        }
    }
}

impl std::error::Error for PlanError {}

/// The codecs a plan may name: every single-byte codec, UTF-8 and
/// `utf-8-variants`.
fn codec_name(name: &str) -> Option<&'static str> {
    match codecs::canonical_name(name)? {
        "utf-8" => Some("utf-8"),
        "utf-8-variants" => Some("utf-8-variants"),
        _ => codecs::charmap(name).map(codecs::Charmap::name),
    }
}

/// The fixes a plan may name: ftfy 6.3.1's `FIXERS`.
const FIX_NAMES: [&str; 12] = [
    "unescape_html",
    "remove_terminal_escapes",
    "restore_byte_a0",
    "replace_lossy_sequences",
    "decode_inconsistent_utf8",
    "fix_c1_controls",
    "fix_latin_ligatures",
    "fix_character_width",
    "uncurl_quotes",
    "fix_line_breaks",
    "fix_surrogates",
    "remove_control_chars",
];

fn fix_name(name: &str) -> Option<&'static str> {
    FIX_NAMES.into_iter().find(|&known| known == name)
}

/// A repair of the bytes of re-encoded mojibake.
type ByteFix = fn(&[u8]) -> Cow<'_, [u8]>;

fn byte_fix(name: &str) -> Option<ByteFix> {
    match name {
        "restore_byte_a0" => Some(fixes::restore_byte_a0),
        "replace_lossy_sequences" => Some(fixes::replace_lossy_sequences),
        _ => None,
    }
}

/// Text or bytes, between the steps of a plan.
enum Value {
    Text(String),
    Bytes(Vec<u8>),
}

/// Replays a plan on `text`, step by step.
///
/// ```
/// use ftfy::{apply_plan, fix_and_explain, TextFixerConfig};
///
/// let fixed = fix_and_explain("schÃ¶n", &TextFixerConfig::default());
/// let plan = fixed.explanation.unwrap();
/// assert_eq!(apply_plan("schÃ¶n", &plan).unwrap(), "schön");
/// // The same plan fixes other text broken the same way.
/// assert_eq!(apply_plan("KÃ¶ln", &plan).unwrap(), "Köln");
/// ```
///
/// # Errors
///
/// A [`PlanError`] when a step does not apply: text that a codec cannot
/// encode, bytes it cannot decode, a step given bytes where it needs text,
/// or a plan that ends with bytes.
pub fn apply_plan(text: &str, plan: &[ExplanationStep]) -> Result<String, PlanError> {
    let mut value = Value::Text(text.to_owned());
    for (index, step) in plan.iter().enumerate() {
        value = apply_step(value, index, step)?;
    }
    match value {
        Value::Text(text) => Ok(text),
        Value::Bytes(_) => Err(PlanError::EndsInBytes),
    }
}

fn apply_step(value: Value, index: usize, step: &ExplanationStep) -> Result<Value, PlanError> {
    let wrong_input = |expected| PlanError::WrongInput {
        step: index,
        expected,
    };
    let name = step.parameter;
    match (step.action, value) {
        (Action::Encode, Value::Text(text)) => {
            let codec = codec_name(name).ok_or_else(|| PlanError::UnknownCodec(name.into()))?;
            codecs::encode(&text, codec)
                .map(Value::Bytes)
                .map_err(|_| PlanError::Encode { step: index, codec })
        }
        (Action::Decode, Value::Bytes(bytes)) => {
            let codec = codec_name(name).ok_or_else(|| PlanError::UnknownCodec(name.into()))?;
            codecs::decode(&bytes, codec)
                .map(Value::Text)
                .map_err(|error| PlanError::Decode {
                    step: index,
                    codec,
                    offset: error.offset().unwrap_or(0),
                })
        }
        (Action::Transcode | Action::Apply, value) => match value {
            Value::Bytes(bytes) => {
                let fix = byte_fix(name).ok_or_else(|| match fixes::text_fixer(name) {
                    Some(_) => wrong_input("text"),
                    None => PlanError::UnknownFix(name.into()),
                })?;
                Ok(Value::Bytes(fix(&bytes).into_owned()))
            }
            Value::Text(text) => {
                let fix = fixes::text_fixer(name).ok_or_else(|| match byte_fix(name) {
                    Some(_) => wrong_input("bytes"),
                    None => PlanError::UnknownFix(name.into()),
                })?;
                Ok(Value::Text(fix(&text).into_owned()))
            }
        },
        (Action::Normalize, Value::Text(text)) => {
            let form = Normalization::from_name(name)
                .ok_or_else(|| PlanError::UnknownNormalization(name.into()))?;
            Ok(Value::Text(normalize(&text, form).into_owned()))
        }
        (Action::Decode, Value::Text(_)) => Err(wrong_input("bytes")),
        (Action::Encode | Action::Normalize, Value::Bytes(_)) => Err(wrong_input("text")),
    }
}

/// Applies a Unicode normalization form, borrowing when the text is
/// already normalized.
pub(crate) fn normalize(text: &str, form: Normalization) -> Cow<'_, str> {
    use unicode_normalization::{is_nfd_quick, is_nfkc_quick, is_nfkd_quick};
    match form {
        Normalization::Nfc => nfc_by_chunks(text),
        Normalization::Nfd => unless_quick_yes(text, is_nfd_quick(text.chars()), || text.nfd()),
        Normalization::Nfkc => unless_quick_yes(text, is_nfkc_quick(text.chars()), || text.nfkc()),
        Normalization::Nfkd => unless_quick_yes(text, is_nfkd_quick(text.chars()), || text.nfkd()),
    }
}

/// `text` when the quick check says it is normalized, else what
/// `normalized` gives, borrowed if the same.
fn unless_quick_yes<I: Iterator<Item = char>>(
    text: &str,
    quick: IsNormalized,
    normalized: impl FnOnce() -> I,
) -> Cow<'_, str> {
    if quick == IsNormalized::Yes {
        Cow::Borrowed(text)
    } else {
        borrow_if_same(text, normalized())
    }
}

/// NFC of `text`, normalizing only the chunks around characters that NFC
/// might change. A character of [`is_nfc_stable`] neither composes with
/// what precedes it nor reorders past it, so the text splits before each
/// into chunks that normalize on their own; a chunk starts at the last
/// stable character before an unstable one (which may compose with it)
/// and ends before the next. Stable text, most text, is only looked at.
fn nfc_by_chunks(text: &str) -> Cow<'_, str> {
    let mut output: Option<String> = None;
    let mut copied_up_to = 0;
    let mut chunk_start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if is_nfc_stable(c) {
            chunk_start = index;
            continue;
        }
        let mut chunk_end = text.len();
        while let Some(&(next, d)) = chars.peek() {
            if is_nfc_stable(d) {
                chunk_end = next;
                break;
            }
            chars.next();
        }
        let chunk = &text[chunk_start..chunk_end];
        if let Cow::Owned(normalized) = borrow_if_same(chunk, chunk.nfc()) {
            let out = output.get_or_insert_with(|| String::with_capacity(text.len() + 8));
            out.push_str(&text[copied_up_to..chunk_start]);
            out.push_str(&normalized);
            copied_up_to = chunk_end;
        }
    }
    match output {
        Some(mut out) => {
            out.push_str(&text[copied_up_to..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(text),
    }
}

/// `text` if `normalized` (its characters, normalized) gives it back,
/// else the normalized text, in one pass: the quick check's "maybe" is
/// common in Indic scripts and usually means "yes", so nothing is
/// allocated until the first character that differs.
fn borrow_if_same(text: &str, mut normalized: impl Iterator<Item = char>) -> Cow<'_, str> {
    let mut same_up_to = 0;
    let mut chars = text.chars();
    loop {
        let (next, original) = (normalized.next(), chars.next());
        match next {
            None if original.is_none() => return Cow::Borrowed(text),
            Some(c) if original == Some(c) => same_up_to += c.len_utf8(),
            _ => {
                let mut changed = String::with_capacity(text.len() + 8);
                changed.push_str(&text[..same_up_to]);
                changed.extend(next);
                changed.extend(normalized);
                return Cow::Owned(changed);
            }
        }
    }
}

/// Basic Multilingual Plane characters that NFC leaves alone in any
/// context (quick check "yes" and combining class 0), one bit each, taken
/// from the normalization crate itself so the two always agree.
static NFC_STABLE_BMP: LazyLock<Box<[u64]>> = LazyLock::new(|| {
    use unicode_normalization::char::canonical_combining_class;

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

/// [`NFC_STABLE_BMP`] for a byte-level scan: word `i` covers U+(64i) to
/// U+(64i+63), which are the characters of one two-byte lead byte, or of
/// one three-byte lead and second byte, in UTF-8.
pub(crate) fn nfc_stable_bmp() -> &'static [u64] {
    &NFC_STABLE_BMP
}

/// Whether NFC leaves `c` alone wherever it occurs (conservatively: false
/// outside the Basic Multilingual Plane).
pub(crate) fn is_nfc_stable(c: char) -> bool {
    let code = c as usize;
    code < 0x80 || (code < 0x10000 && NFC_STABLE_BMP[code / 64] & (1 << (code % 64)) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// NFC by chunks gives what NFC of the whole text gives.
        #[test]
        fn nfc_by_chunks_is_nfc(picks in proptest::collection::vec(0..40usize, 0..24)) {
            // Starters that compose, combining marks of several classes,
            // Hangul jamo, characters NFC replaces, and plain neighbours.
            let pool: Vec<char> = "aeAoOu\u{301}\u{300}\u{308}\u{327}\u{323}\u{31b}\u{345}\u{5b0}\u{94d}\
                                   \u{93c}\u{928}\u{1100}\u{1161}\u{11a8}\u{ac00}\u{212b}\u{2126}\u{f900}\
                                   \u{1d15e}\u{bbe}\u{b92}\u{bd7}é ж\u{338}<=\u{fb2a}\u{1f600}x"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let expected: String = text.nfc().collect();
            let got = nfc_by_chunks(&text);
            prop_assert_eq!(got.as_ref(), expected.as_str(), "{:?}", text);
        }
    }
}
