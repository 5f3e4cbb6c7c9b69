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
//! With extended recovery, [`ColumnFixer::decide`] gathers the evidence of
//! every line of the strings it is given ([`ftfy::ColumnFixer`]) and each
//! string is fixed with the mixups decided; with `per_string=True`
//! ([`Scope::String`]) each string is judged alone, as `fix_text` judges
//! it. Off extended recovery, every string gets ftfy's answer, column or
//! not.
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
pub struct ColumnFixer(ftfy::ColumnFixer);

impl ColumnFixer {
    /// Decides how to fix a column from `values`, its strings (all of them
    /// where the column is known whole; the first ones where it arrives
    /// as a stream), with `config` and in `scope`: the one place where a
    /// column-level decision is made.
    pub fn decide<'a>(
        config: &TextFixerConfig,
        scope: Scope,
        values: impl IntoIterator<Item = &'a str>,
    ) -> ColumnFixer {
        ColumnFixer(match scope {
            Scope::Column => ftfy::ColumnFixer::decide(config, values),
            Scope::String => ftfy::ColumnFixer::per_string(config),
        })
    }

    /// The config each string is fixed with.
    pub fn config(&self) -> &TextFixerConfig {
        self.0.config()
    }

    /// Fixes one string of the column, borrowed when nothing changes.
    pub fn fix<'t>(&self, text: &'t str) -> Cow<'t, str> {
        self.0.fix(text)
    }

    /// A fixer for one long string of the column, fed piece by piece.
    pub fn pieces(&self) -> ftfy::ColumnPieces {
        self.0.pieces()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_string_gets_fix_texts_answer_but_in_a_column_of_extended_recovery() {
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
        // Polish names in Windows-1250 read as Windows-1252: too short to
        // judge alone, a column of them is Polish.
        let column = ["Ca³a", "£ódŸ", "Gdañsk"];
        let config = TextFixerConfig::default().extended_recovery(true);
        let fixer = ColumnFixer::decide(&config, Scope::Column, column);
        let fixed: Vec<Cow<'_, str>> = column.iter().map(|text| fixer.fix(text)).collect();
        assert_eq!(fixed, ["Cała", "Łódź", "Gdańsk"]);
        let alone = ColumnFixer::decide(&config, Scope::String, column);
        assert_eq!(alone.fix("Gdañsk"), "Gdañsk");
    }
}
