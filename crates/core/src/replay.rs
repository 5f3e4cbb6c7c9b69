//! Replaying a plan on text, step by step: the codecs, the fixes and
//! normalization each step names. The steps that a layer built on the
//! core adds replay themselves ([`PlanExtension`]).

use crate::normalize::normalize;
use crate::plan::{ExplanationStep, Fix, PlanError, PlanExtension};

/// Text or bytes, between the steps of a plan.
enum Value {
    Text(String),
    Bytes(Vec<u8>),
}

/// Replays `plan` on `text` (see [`crate::apply_plan`]).
pub(crate) fn apply_plan<X: PlanExtension>(
    text: &str,
    plan: &[ExplanationStep<X>],
) -> Result<String, PlanError> {
    let mut value = Value::Text(text.to_owned());
    for (index, &step) in plan.iter().enumerate() {
        value = apply_step(value, index, step)?;
    }
    match value {
        Value::Text(text) => Ok(text),
        Value::Bytes(_) => Err(PlanError::EndsInBytes),
    }
}

fn apply_step<X: PlanExtension>(
    value: Value,
    index: usize,
    step: ExplanationStep<X>,
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
                    Fix::Extension(step) => step.byte_fix(),
                    fix => fix.byte_fix(),
                };
                let repair = repair.ok_or_else(|| wrong_input("text"))?;
                Ok(Value::Bytes(repair(&bytes).into_owned()))
            }
            Value::Text(text) => {
                let fixed = match fix {
                    Fix::Extension(step) => step.apply_text(&text).map(|fixed| fixed.into_owned()),
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
