//! Plans (`ftfy/__init__.py`): the steps that fixed a text, as ftfy's
//! `ExplanationStep` and `ExplainedText` record them, the functions that
//! steps may name (`FIXERS`), and `apply_plan`, which replays a plan.

use std::fmt;

use crate::codecs::{self, UnicodeError};
use crate::fixes;

/// ftfy's `ExplanationStep`: an action and its parameter, both names.
///
/// The actions are `encode` (text to bytes, in the encoding named),
/// `decode` (bytes to text), `transcode` (bytes to bytes, or text to
/// text, with the function named), `apply` (text to text with the function
/// named) and `normalize` (which ftfy's plans record but its `apply_plan`
/// does not know).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplanationStep {
    /// `encode`, `decode`, `transcode`, `apply` or `normalize`.
    pub action: String,
    /// The encoding, the function or the normalization form.
    pub parameter: String,
}

impl ExplanationStep {
    /// A step, from its two names.
    pub fn new(action: &str, parameter: &str) -> ExplanationStep {
        ExplanationStep {
            action: action.into(),
            parameter: parameter.into(),
        }
    }
}

impl fmt::Display for ExplanationStep {
    /// As ftfy prints a step: the repr of a tuple.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "('{}', '{}')", self.action, self.parameter)
    }
}

/// ftfy's `ExplainedText`: the fixed text, and the steps that fixed it
/// (`None` when explanations were not asked for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainedText {
    /// The fixed text.
    pub text: String,
    /// The plan, if `explain` was on.
    pub explanation: Option<Vec<ExplanationStep>>,
}

/// A function that plans may name: ftfy's `FIXERS` hold functions of text
/// and functions of bytes alike (Python lets either be called on anything).
#[derive(Clone, Copy)]
pub(crate) enum Fixer {
    /// A function of text.
    Text(fn(&str) -> String),
    /// A function of bytes.
    Bytes(fn(&[u8]) -> Vec<u8>),
}

/// ftfy's `FIXERS`: the functions that `apply_plan` can apply, by name.
pub(crate) fn fixer(name: &str) -> Option<Fixer> {
    Some(match name {
        "unescape_html" => Fixer::Text(fixes::unescape_html),
        "remove_terminal_escapes" => Fixer::Text(fixes::remove_terminal_escapes),
        "restore_byte_a0" => Fixer::Bytes(fixes::restore_byte_a0),
        "replace_lossy_sequences" => Fixer::Bytes(fixes::replace_lossy_sequences),
        "decode_inconsistent_utf8" => Fixer::Text(fixes::decode_inconsistent_utf8),
        "fix_c1_controls" => Fixer::Text(fixes::fix_c1_controls),
        "fix_latin_ligatures" => Fixer::Text(fixes::fix_latin_ligatures),
        "fix_character_width" => Fixer::Text(fixes::fix_character_width),
        "uncurl_quotes" => Fixer::Text(fixes::uncurl_quotes),
        "fix_line_breaks" => Fixer::Text(fixes::fix_line_breaks),
        "fix_surrogates" => Fixer::Text(fixes::fix_surrogates),
        "remove_control_chars" => Fixer::Text(fixes::remove_control_chars),
        _ => return None,
    })
}

/// Why a plan could not be replayed: where ftfy's `apply_plan` raises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// An encoding failed, or names no codec.
    Unicode(UnicodeError),
    /// `ValueError: Unknown function to apply`.
    UnknownFunction(String),
    /// `ValueError: Unknown plan step` (`normalize` among them).
    UnknownStep(String),
    /// A step got text where it takes bytes, or bytes where it takes text
    /// (Python's `TypeError` or `AttributeError`), or the plan ended on
    /// bytes.
    WrongType(String),
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Unicode(error) => error.fmt(f),
            PlanError::UnknownFunction(name) => write!(f, "Unknown function to apply: {name}"),
            PlanError::UnknownStep(action) => write!(f, "Unknown plan step: {action}"),
            PlanError::WrongType(what) => write!(f, "wrong type: {what}"),
        }
    }
}

impl std::error::Error for PlanError {}

/// What a plan holds between its steps: text or bytes.
enum Object {
    Text(String),
    Bytes(Vec<u8>),
}

/// ftfy's `apply_plan`: replays a plan on a text, step by step.
///
/// ```
/// use ftfy_reference::{apply_plan, ExplanationStep};
/// let plan = [ExplanationStep::new("encode", "latin-1"), ExplanationStep::new("decode", "utf-8")];
/// assert_eq!(apply_plan("schÃ¶n", &plan).unwrap(), "schön");
/// ```
///
/// # Errors
///
/// Where ftfy raises: see [`PlanError`].
pub fn apply_plan(text: &str, plan: &[ExplanationStep]) -> Result<String, PlanError> {
    let mut obj = Object::Text(text.to_string());
    for step in plan {
        let (operation, encoding) = (step.action.as_str(), step.parameter.as_str());
        obj = match (operation, obj) {
            ("encode", Object::Text(text)) => {
                Object::Bytes(codecs::encode(&text, encoding).map_err(PlanError::Unicode)?)
            }
            ("decode", Object::Bytes(byts)) => {
                Object::Text(codecs::decode(&byts, encoding).map_err(PlanError::Unicode)?)
            }
            ("transcode" | "apply", obj) => match (fixer(encoding), obj) {
                (Some(Fixer::Text(fix)), Object::Text(text)) => Object::Text(fix(&text)),
                (Some(Fixer::Bytes(fix)), Object::Bytes(byts)) => Object::Bytes(fix(&byts)),
                (Some(_), _) => return Err(PlanError::WrongType(step.to_string())),
                (None, _) => return Err(PlanError::UnknownFunction(encoding.into())),
            },
            ("encode" | "decode", _) => return Err(PlanError::WrongType(step.to_string())),
            _ => return Err(PlanError::UnknownStep(operation.into())),
        };
    }
    match obj {
        Object::Text(text) => Ok(text),
        Object::Bytes(_) => Err(PlanError::WrongType("the plan ends on bytes".into())),
    }
}
