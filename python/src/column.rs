//! How the strings of one column are fixed: the one place where a column
//! is judged as a whole.
//!
//! A column — the strings `fix_texts` is given, an Arrow array, a pandas or
//! Polars Series, the column a Polars expression runs on — is one document
//! for extended recovery: the mode's document-level decision gathers the
//! evidence of all its strings, decides which mixups are present, then
//! fixes each string with those readings. Every path of the Python package
//! that fixes a column (the list path, the Arrow path, the Polars plugin)
//! makes a [`ColumnFixer`] with [`ColumnFixer::decide`] and fixes each of
//! the column's strings with [`ColumnFixer::fix`], so that decision plugs
//! in here and nowhere else.
//!
//! The library judges a string alone today, whether or not it is part of a
//! column: [`ColumnFixer::decide`] reads no evidence, and every string gets
//! `fix_text`'s answer. Off extended recovery, that is ftfy's answer by
//! definition, column or not.
//!
//! (The Polars plugin is a separate native library, built outside the
//! workspace; it compiles this same file.)

use std::borrow::Cow;

use ftfy::TextFixerConfig;

/// What a column's strings are judged as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The column is one document (the default): with extended recovery,
    /// what the mode decides from all its strings applies to each.
    Column,
    /// Each string is judged alone, as `fix_text` judges it
    /// (`per_string=True`).
    String,
}

/// How to fix the strings of one column, once decided.
#[derive(Clone, Debug)]
pub struct ColumnFixer {
    config: TextFixerConfig,
}

impl ColumnFixer {
    /// Decides how to fix a column from `values`, its strings (all of them
    /// where the column is known whole; the first ones where it arrives
    /// as a stream), with `config` and in `scope`.
    ///
    /// The one place where a column-level decision is made. The library's
    /// extended recovery judges each string alone, so today the decision
    /// is the same in either scope and reads none of `values`.
    pub fn decide<'a>(
        config: &TextFixerConfig,
        scope: Scope,
        values: impl IntoIterator<Item = &'a str>,
    ) -> ColumnFixer {
        let _ = (scope, values);
        ColumnFixer {
            config: config.clone(),
        }
    }

    /// The config each string is fixed with.
    pub fn config(&self) -> &TextFixerConfig {
        &self.config
    }

    /// Fixes one string of the column: `fix_text`'s answer, borrowed when
    /// nothing changes.
    pub fn fix<'t>(&self, text: &'t str) -> Cow<'t, str> {
        ftfy::fix_text_with(text, &self.config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_string_gets_fix_texts_answer_in_either_scope() {
        let texts = ["cafÃ©", "Un cafГ© au lait", "fine", "Ïðèâåò, êàê äåëà?"];
        for extended in [false, true] {
            let config = TextFixerConfig::default().extended_recovery(extended);
            for scope in [Scope::Column, Scope::String] {
                let fixer = ColumnFixer::decide(&config, scope, texts);
                for text in texts {
                    assert_eq!(fixer.fix(text), ftfy::fix_text_with(text, &config));
                }
            }
        }
    }
}
