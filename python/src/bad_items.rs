//! What the batch calls do with an element they cannot fix (not a string,
//! or, in an Arrow array, not valid UTF-8): the `errors` keyword.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The `errors` keyword of `fix_texts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnBadItem {
    /// Raise, naming the first bad element (the default).
    Raise,
    /// Return the element as it is.
    Keep,
    /// Return `None` (a null, in Arrow) in its place.
    Null,
}

impl OnBadItem {
    pub fn from_name(name: &str) -> PyResult<OnBadItem> {
        match name {
            "raise" => Ok(OnBadItem::Raise),
            "keep" => Ok(OnBadItem::Keep),
            "null" => Ok(OnBadItem::Null),
            _ => Err(PyValueError::new_err(format!(
                "errors must be 'raise', 'keep' or 'null', not {name:?}"
            ))),
        }
    }
}

/// What to add to an error about a bad element: how to go on.
pub const HOW_TO_GO_ON: &str =
    "pass errors='keep' to return such elements unchanged, or errors='null' for None";

/// `n` with a comma every three digits, as the error messages print
/// positions in long inputs: 381,204.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(381_204), "381,204");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }
}
