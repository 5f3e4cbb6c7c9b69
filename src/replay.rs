//! Replaying a plan on text, step by step: the codecs, the fixes and
//! normalization each step names. The repairs that only extended
//! recovery makes ([`ExtensionFix`]) are replayed by the layer that makes
//! them, through [`ReplayExtension`]; [`crate::apply_plan`] passes it.

use crate::fixes::ByteFix;
use crate::normalize::normalize;
use crate::plan::{ExplanationStep, ExtensionFix, Fix, PlanError};

/// How the repairs of [`ExtensionFix`] are replayed.
pub(crate) trait ReplayExtension {
    /// The function that repairs bytes for `fix`, if it works on bytes.
    fn byte_fix(&self, fix: ExtensionFix) -> Option<ByteFix>;

    /// `fix` applied to `text`, if it works on text.
    fn apply_to_text(&self, fix: ExtensionFix, text: &str) -> Option<String>;
}

/// Text or bytes, between the steps of a plan.
enum Value {
    Text(String),
    Bytes(Vec<u8>),
}

/// Replays `plan` on `text` (see [`crate::apply_plan`]), with `extension`
/// replaying the repairs of [`ExtensionFix`].
pub(crate) fn apply_plan_with(
    text: &str,
    plan: &[ExplanationStep],
    extension: &dyn ReplayExtension,
) -> Result<String, PlanError> {
    let mut value = Value::Text(text.to_owned());
    for (index, &step) in plan.iter().enumerate() {
        value = apply_step(value, index, step, extension)?;
    }
    match value {
        Value::Text(text) => Ok(text),
        Value::Bytes(_) => Err(PlanError::EndsInBytes),
    }
}

fn apply_step(
    value: Value,
    index: usize,
    step: ExplanationStep,
    extension: &dyn ReplayExtension,
) -> Result<Value, PlanError> {
    let wrong_input = |expected| PlanError::WrongInput {
        step: index,
        expected,
    };
    let codec_error = |error| PlanError::Codec { step: index, error };
    match (step, value) {
        (ExplanationStep::Encode(codec), Value::Text(text)) => {
            codec.encode(&text).map(Value::Bytes).map_err(codec_error)
        }
        (ExplanationStep::Decode(codec), Value::Bytes(bytes)) => {
            codec.decode(&bytes).map(Value::Text).map_err(codec_error)
        }
        (ExplanationStep::Transcode(fix) | ExplanationStep::Apply(fix), value) => match value {
            Value::Bytes(bytes) => {
                let repair = match fix {
                    Fix::Extension(fix) => extension.byte_fix(fix),
                    fix => fix.byte_fix(),
                };
                let repair = repair.ok_or_else(|| wrong_input("text"))?;
                Ok(Value::Bytes(repair(&bytes).into_owned()))
            }
            Value::Text(text) => {
                let fixed = match fix {
                    Fix::Extension(fix) => extension.apply_to_text(fix, &text),
                    fix => fix.text_fix().map(|fix| fix(&text).into_owned()),
                };
                fixed.map(Value::Text).ok_or_else(|| wrong_input("bytes"))
            }
        },
        (ExplanationStep::Normalize(form), Value::Text(text)) => {
            Ok(Value::Text(normalize(&text, form).into_owned()))
        }
        (ExplanationStep::Decode(_), Value::Text(_)) => Err(wrong_input("bytes")),
        (ExplanationStep::Encode(_) | ExplanationStep::Normalize(_), Value::Bytes(_)) => {
            Err(wrong_input("text"))
        }
    }
}
