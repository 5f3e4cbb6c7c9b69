//! The entry points: [`Mode`], `fix_text`'s pipeline around one way of
//! fixing encodings, and the functions of ftfy 6.3.1's own mode.

use std::borrow::Cow;

use crate::document::{DocumentFixer, Window};
use crate::encoding::{EncodingFixer, ExplainEncoding, Ftfy};
use crate::pipeline::{decodes_entities, fix_segment, fix_segment_explained};
use crate::plan::{ExplainedText, ExplanationStep, NoExtension, PlanError, PlanExtension};
use crate::stream::{LineState, StreamFixer};
use crate::TextFixerConfig;

/// A mode: `fix_text`'s pipeline around one way of fixing encodings, ftfy
/// 6.3.1's ([`Mode::FTFY`]) or one that a layer built on the core makes
/// (the `ftfy` crate's extended recovery), whose plans may hold steps of
/// its own (`X`, see [`PlanExtension`]).
///
/// ```
/// use ftfy_core::{Mode, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// assert_eq!(Mode::FTFY.fix_text("cafÃ©\n", &config), "café\n");
/// let fixed = Mode::FTFY.fix_encoding_and_explain("cafÃ©", &config);
/// assert_eq!(fixed.explanation.unwrap().len(), 2);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mode<X: 'static = NoExtension> {
    fixer: &'static dyn EncodingFixer,
    explainer: &'static dyn ExplainEncoding<X>,
    documents: Option<&'static dyn DocumentFixer<X>>,
}

impl Mode {
    /// ftfy 6.3.1's mode.
    pub const FTFY: Mode = Mode {
        fixer: &Ftfy,
        explainer: &Ftfy,
        documents: None,
    };
}

impl<X: PlanExtension> Mode<X> {
    /// ftfy 6.3.1's mode, with plans that may hold the steps of `X`.
    pub fn ftfy() -> Mode<X> {
        Mode::new(&Ftfy, &Ftfy)
    }

    /// The mode that fixes encodings with `fixer`, and with `explainer`
    /// when it records a plan (both the same fix).
    pub fn new(
        fixer: &'static dyn EncodingFixer,
        explainer: &'static dyn ExplainEncoding<X>,
    ) -> Mode<X> {
        Mode {
            fixer,
            explainer,
            documents: None,
        }
    }

    /// This mode, judging a text of many lines as a document with
    /// `documents` before its lines are fixed (see
    /// [`DocumentFixer`](crate::extension::DocumentFixer)): in
    /// [`Mode::fix_text`] and [`Mode::stream_fixer`]'s fixers.
    #[must_use]
    pub fn with_documents(self, documents: &'static dyn DocumentFixer<X>) -> Mode<X> {
        Mode {
            documents: Some(documents),
            ..self
        }
    }

    /// The size of the windows this mode judges documents in, if it judges
    /// them (see [`Window::complete_len`]).
    pub fn document_window(self) -> Option<Window> {
        self.documents.map(|documents| documents.window())
    }

    /// Fixes text line by line (see [`fix_text_with`]).
    pub fn fix_text<'a>(self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        self.stream_fixer(config, LineState::start(config))
            .fix_lines(text)
    }

    /// Fixes text as one segment (see [`fix_text_segment`]).
    pub fn fix_text_segment<'a>(self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        fix_segment(
            text,
            config,
            self.fixer,
            decodes_entities(config, text),
            None,
        )
    }

    /// Fixes text as one segment, with the plan that fixed it (see
    /// [`fix_and_explain`]).
    pub fn fix_and_explain(self, text: &str, config: &TextFixerConfig) -> ExplainedText<X> {
        let mut steps = Vec::new();
        let fixed = fix_segment_explained(
            text,
            config,
            (self.fixer, self.explainer),
            decodes_entities(config, text),
            config.explain.then_some(&mut steps),
        );
        ExplainedText {
            text: fixed.into_owned(),
            explanation: config.explain.then_some(steps),
        }
    }

    /// Fixes the encoding of text (see [`fix_encoding_with`]).
    pub fn fix_encoding<'a>(self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        if !config.fix_encoding {
            return Cow::Borrowed(text);
        }
        self.fixer.fix_encoding(text, config)
    }

    /// Fixes the encoding of text, with the plan that fixed it (see
    /// [`fix_encoding_and_explain`]).
    pub fn fix_encoding_and_explain(
        self,
        text: &str,
        config: &TextFixerConfig,
    ) -> ExplainedText<X> {
        let mut plan = Vec::new();
        let fixed = if config.fix_encoding {
            self.explainer
                .fix_encoding_and_explain(text, config, &mut plan)
        } else {
            Cow::Borrowed(text)
        };
        ExplainedText {
            text: fixed.into_owned(),
            explanation: Some(plan),
        }
    }

    /// A [`StreamFixer`] in this mode, for text that follows lines which
    /// left `state`.
    pub fn stream_fixer(self, config: &TextFixerConfig, state: LineState) -> StreamFixer<X> {
        StreamFixer::with_fixers(self.fixer, self.explainer, self.documents, config, state)
    }
}

/// Fixes text with the default configuration: see [`fix_text_with`].
///
/// ```
/// use ftfy_core::fix_text;
///
/// assert_eq!(fix_text("âœ” No problems"), "✔ No problems");
/// assert_eq!(fix_text("ＬＯＵＤ　ＮＯＩＳＥＳ"), "LOUD NOISES");
/// ```
pub fn fix_text(text: &str) -> Cow<'_, str> {
    fix_text_with(text, &TextFixerConfig::default())
}

/// Fixes text line by line with the fixes `config` enables, as ftfy 6.3.1
/// does (`config.extended_recovery` is the `ftfy` crate's: here it changes
/// nothing).
///
/// Each line (and each piece of `max_decode_length` characters of a longer
/// line) is fixed on its own. With HTML entities in `Auto` mode, the first
/// line that holds a `<` turns entity decoding off for the rest of the
/// text. Unchanged text is returned borrowed, and the result is a fixed
/// point.
///
/// ```
/// use ftfy_core::{fix_text_with, TextFixerConfig};
///
/// let config = TextFixerConfig::default().uncurl_quotes(false);
/// assert_eq!(fix_text_with("â€œquotedâ€\u{9d}", &config), "“quoted”");
/// ```
pub fn fix_text_with<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    Mode::FTFY.fix_text(text, config)
}

/// Fixes text as one segment, without splitting it into lines. HTML
/// entities in `Auto` mode are decoded unless the text holds a `<`
/// anywhere.
///
/// ```
/// use ftfy_core::{fix_text_segment, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// assert_eq!(fix_text_segment("cafÃ©\r\nbar", &config), "café\nbar");
/// ```
pub fn fix_text_segment<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    Mode::FTFY.fix_text_segment(text, config)
}

/// Fixes text as one segment, like [`fix_text_segment`], and returns the
/// plan of named steps that fixed it (or `None` for the plan when
/// `config.explain` is off). [`apply_plan`] replays the plan.
///
/// ```
/// use ftfy_core::{fix_and_explain, TextFixerConfig};
///
/// let fixed = fix_and_explain("â€œquotedâ€\u{9d}", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "\"quoted\"");
/// let steps: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(
///     steps,
///     ["('encode', 'sloppy-windows-1252')", "('decode', 'utf-8')", "('apply', 'uncurl_quotes')"]
/// );
/// ```
pub fn fix_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    Mode::FTFY.fix_and_explain(text, config)
}

/// Fixes mojibake with the default configuration.
///
/// ```
/// assert_eq!(ftfy_core::fix_encoding("Ãºnico"), "único");
/// ```
pub fn fix_encoding(text: &str) -> Cow<'_, str> {
    fix_encoding_with(text, &TextFixerConfig::default())
}

/// Fixes mojibake, with `config`'s `restore_byte_a0`,
/// `replace_lossy_sequences`, `decode_inconsistent_utf8` and
/// `fix_c1_controls` options. Returns the text unchanged when
/// `config.fix_encoding` is off.
///
/// ```
/// use ftfy_core::{fix_encoding_with, TextFixerConfig};
///
/// let config = TextFixerConfig::default().restore_byte_a0(false).decode_inconsistent_utf8(false);
/// assert_eq!(fix_encoding_with("voilÃ le travail", &config), "voilÃ le travail");
/// ```
pub fn fix_encoding_with<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    Mode::FTFY.fix_encoding(text, config)
}

/// Fixes mojibake and returns the plan that fixed it, which
/// [`apply_plan`] can replay on other text damaged the same way. The
/// explanation is always present (an empty plan when nothing was done).
///
/// ```
/// use ftfy_core::{fix_encoding_and_explain, TextFixerConfig};
///
/// let fixed = fix_encoding_and_explain("sÃ³", &TextFixerConfig::default());
/// let plan: Vec<_> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(plan, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
/// ```
pub fn fix_encoding_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    Mode::FTFY.fix_encoding_and_explain(text, config)
}

/// Replays a plan on `text`, step by step; the steps of `X` replay
/// themselves ([`PlanExtension`]).
///
/// ```
/// use ftfy_core::{apply_plan, fix_and_explain, TextFixerConfig};
///
/// let plan = fix_and_explain("schÃ¶n", &TextFixerConfig::default()).explanation.unwrap();
/// assert_eq!(apply_plan("KÃ¶ln", &plan).unwrap(), "Köln");
/// ```
///
/// # Errors
///
/// A [`PlanError`] when a step does not apply: text that a codec cannot
/// encode, bytes it cannot decode, a step given bytes where it needs text,
/// or a plan that ends with bytes.
pub fn apply_plan<X: PlanExtension>(
    text: &str,
    plan: &[ExplanationStep<X>],
) -> Result<String, PlanError> {
    crate::replay::apply_plan(text, plan)
}
