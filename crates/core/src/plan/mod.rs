//! Plans: the replayable record of what a fix did.
//!
//! [`fix_encoding_and_explain`](crate::fix_encoding_and_explain) and
//! [`fix_and_explain`](crate::fix_and_explain) return the fixed text with a
//! list of [`ExplanationStep`]s, printed exactly as ftfy 6.3.1 prints them,
//! such as `('encode', 'latin-1'), ('decode', 'utf-8')`.
//! [`apply_plan`](crate::apply_plan) replays a plan on other text that
//! was damaged the same way. This module holds the vocabulary of plans:
//! steps, actions and the names of fixes, which the layers that fix text
//! record and the API replays. Plans are generic over the steps that a
//! layer built on the core adds ([`PlanExtension`]), so that the core
//! records, prints, parses and replays them without knowing them.

mod fix;

use std::fmt;

use crate::codecs::{Codec, CodecError};
use crate::Normalization;
pub use fix::{ByteFix, Fix, NoExtension, PlanExtension};

/// What one step of a plan does, without its codec, fix or form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Text to bytes.
    Encode,
    /// Bytes to text.
    Decode,
    /// A named repair of bytes. (ftfy also files its text-to-text
    /// `fix_c1_controls` under this action.)
    Transcode,
    /// A named fix, text to text.
    Apply,
    /// Unicode normalization.
    Normalize,
}

impl Action {
    /// Every action.
    pub const ALL: [Action; 5] = [
        Action::Encode,
        Action::Decode,
        Action::Transcode,
        Action::Apply,
        Action::Normalize,
    ];

    /// The action's name as ftfy writes it: `encode`, `decode`,
    /// `transcode`, `apply` or `normalize`.
    ///
    /// ```
    /// assert_eq!(ftfy_core::Action::Transcode.name(), "transcode");
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
    /// assert_eq!(ftfy_core::Action::from_name("decode"), Some(ftfy_core::Action::Decode));
    /// ```
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|action| action.name() == name)
    }
}

/// One step of a plan: an action with the codec, fix or normalization form
/// it uses. `X` names the steps that a layer built on the core adds
/// ([`PlanExtension`]).
///
/// ```
/// use ftfy_core::codecs::{Codec, LATIN_1};
/// use ftfy_core::ExplanationStep;
///
/// let step: ExplanationStep = ExplanationStep::from_names("encode", "latin1").unwrap();
/// assert_eq!(step, ExplanationStep::Encode(Codec::SingleByte(&LATIN_1)));
/// assert_eq!(step.to_string(), "('encode', 'latin-1')");
/// assert_eq!(step.parameter_name(), "latin-1");
/// assert!(ExplanationStep::<ftfy_core::NoExtension>::from_names("apply", "make_it_nice").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExplanationStep<X = NoExtension> {
    /// Encode text with a codec.
    Encode(Codec),
    /// Decode bytes with a codec.
    Decode(Codec),
    /// A fix filed under `transcode`: the byte repairs, and ftfy's
    /// `fix_c1_controls` inside `fix_encoding`.
    Transcode(Fix<X>),
    /// A fix filed under `apply`.
    Apply(Fix<X>),
    /// Normalize to a form.
    Normalize(Normalization),
}

impl<X> ExplanationStep<X> {
    /// The step's action.
    ///
    /// ```
    /// use ftfy_core::{fixes::Fix, Action, ExplanationStep};
    /// assert_eq!(ExplanationStep::<ftfy_core::NoExtension>::Apply(Fix::UncurlQuotes).action(), Action::Apply);
    /// ```
    pub fn action(self) -> Action {
        match self {
            ExplanationStep::Encode(_) => Action::Encode,
            ExplanationStep::Decode(_) => Action::Decode,
            ExplanationStep::Transcode(_) => Action::Transcode,
            ExplanationStep::Apply(_) => Action::Apply,
            ExplanationStep::Normalize(_) => Action::Normalize,
        }
    }
}

impl ExplanationStep {
    /// The same step, in plans that may also hold the steps of `X`.
    pub fn widen<X>(self) -> ExplanationStep<X> {
        match self {
            ExplanationStep::Encode(codec) => ExplanationStep::Encode(codec),
            ExplanationStep::Decode(codec) => ExplanationStep::Decode(codec),
            ExplanationStep::Transcode(fix) => ExplanationStep::Transcode(fix.widen()),
            ExplanationStep::Apply(fix) => ExplanationStep::Apply(fix.widen()),
            ExplanationStep::Normalize(form) => ExplanationStep::Normalize(form),
        }
    }
}

impl<X: PlanExtension> ExplanationStep<X> {
    /// The name of the step's codec, fix or form, as ftfy spells it.
    ///
    /// ```
    /// use ftfy_core::{fixes::Fix, ExplanationStep};
    /// assert_eq!(ExplanationStep::<ftfy_core::NoExtension>::Transcode(Fix::RestoreByteA0).parameter_name(), "restore_byte_a0");
    /// ```
    pub fn parameter_name(self) -> &'static str {
        match self {
            ExplanationStep::Encode(codec) | ExplanationStep::Decode(codec) => codec.name(),
            ExplanationStep::Transcode(fix) | ExplanationStep::Apply(fix) => fix.name(),
            ExplanationStep::Normalize(form) => form.name(),
        }
    }

    /// Builds a step from ftfy's names; codec aliases are accepted.
    ///
    /// # Errors
    ///
    /// [`PlanError::UnknownAction`], [`PlanError::UnknownCodec`],
    /// [`PlanError::UnknownFix`] or [`PlanError::UnknownNormalization`]
    /// when a name is not known.
    pub fn from_names(action: &str, parameter: &str) -> Result<ExplanationStep<X>, PlanError> {
        let action = Action::from_name(action).ok_or_else(|| PlanError::UnknownAction {
            name: action.to_owned(),
        })?;
        let codec = || {
            Codec::from_name(parameter).ok_or_else(|| PlanError::UnknownCodec {
                name: parameter.to_owned(),
            })
        };
        let fix = || parameter.parse::<Fix<X>>();
        Ok(match action {
            Action::Encode => ExplanationStep::Encode(codec()?),
            Action::Decode => ExplanationStep::Decode(codec()?),
            Action::Transcode => ExplanationStep::Transcode(fix()?),
            Action::Apply => ExplanationStep::Apply(fix()?),
            Action::Normalize => {
                ExplanationStep::Normalize(Normalization::from_name(parameter).ok_or_else(
                    || PlanError::UnknownNormalization {
                        name: parameter.to_owned(),
                    },
                )?)
            }
        })
    }
}

impl<X: PlanExtension> fmt::Display for ExplanationStep<X> {
    /// Writes the step as ftfy's Python `repr` shows it:
    /// `('encode', 'latin-1')`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "('{}', '{}')",
            self.action().name(),
            self.parameter_name()
        )
    }
}

/// Fixed text, and the plan that fixed it when one was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainedText<X = NoExtension> {
    /// The fixed text.
    pub text: String,
    /// The steps that turned the input into `text`, or `None` when the
    /// configuration's `explain` option is off.
    pub explanation: Option<Vec<ExplanationStep<X>>>,
}

/// Why a step could not be built or a plan not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlanError {
    /// No such action (`encode`, `decode`, `transcode`, `apply`,
    /// `normalize`).
    UnknownAction {
        /// The name as given.
        name: String,
    },
    /// No codec by that name.
    UnknownCodec {
        /// The name as given.
        name: String,
    },
    /// No fix by that name.
    UnknownFix {
        /// The name as given.
        name: String,
    },
    /// No normalization form by that name.
    UnknownNormalization {
        /// The name as given.
        name: String,
    },
    /// A step could not encode the text or decode the bytes.
    Codec {
        /// The step, counting from 0.
        step: usize,
        /// What the codec reported, with the byte offset.
        error: CodecError,
    },
    /// A step needs text but has bytes, or the reverse.
    WrongInput {
        /// The step, counting from 0.
        step: usize,
        /// `"text"` or `"bytes"`.
        expected: &'static str,
    },
    /// The plan ended with bytes, not text: it lacks a final `decode`.
    EndsInBytes,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::UnknownAction { name } => write!(f, "unknown plan action '{name}'"),
            PlanError::UnknownCodec { name } => write!(f, "unknown codec '{name}'"),
            PlanError::UnknownFix { name } => write!(f, "unknown function to apply: '{name}'"),
            PlanError::UnknownNormalization { name } => {
                write!(f, "unknown normalization form '{name}'")
            }
            PlanError::Codec { step, error } => write!(f, "step {step}: {error}"),
            PlanError::WrongInput { step, expected } => {
                write!(f, "step {step} expects {expected}")
            }
            PlanError::EndsInBytes => write!(f, "the plan ends with bytes, not text"),
        }
    }
}

impl std::error::Error for PlanError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlanError::Codec { error, .. } => Some(error),
            _ => None,
        }
    }
}
