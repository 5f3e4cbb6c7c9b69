//! Plans: the replayable record of what a fix did.
//!
//! `fix_encoding_and_explain` and `fix_and_explain` return the fixed text
//! with a list of [`ExplanationStep`]s, named exactly as ftfy 6.3.1 names
//! them, e.g. `[("encode", "latin-1"), ("decode", "utf-8")]`. [`apply_plan`]
//! replays such a list on other text damaged the same way.

use std::fmt;

/// What one step of a plan does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Text to bytes, with the codec named by the parameter.
    Encode,
    /// Bytes to text, with the codec named by the parameter.
    Decode,
    /// A named repair, bytes to bytes (ftfy also uses it for one text fix).
    Transcode,
    /// A named fix, text to text.
    Apply,
    /// Unicode normalization; the parameter is the form (`"NFC"`).
    Normalize,
}

/// One step of a plan: an action and the codec or fix it uses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExplanationStep {
    /// What the step does.
    pub action: Action,
    /// The codec, fix or normalization form, named as ftfy names it.
    pub parameter: &'static str,
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
pub enum PlanError {
    /// Placeholder until the plan module lands.
    Unknown,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for PlanError {}

/// Replays a plan on `text`.
pub fn apply_plan(_text: &str, _plan: &[ExplanationStep]) -> Result<String, PlanError> {
    todo!()
}
