//! Columns: a set of texts (a column of a table, the values of a field)
//! judged as one document in extended recovery, then fixed one by one.

use std::borrow::Cow;

use ftfy_extended::DocumentReadings;

use ftfy_core::complete_segments_len;

use crate::{mode, DocumentDecision, StreamFixer, TextFixerConfig};

/// Fixes the texts of one column. In extended recovery the column is one
/// document: [`ColumnFixer::decide`] gathers the evidence of every line
/// of every text and decides which legacy mixups the column holds, and
/// [`ColumnFixer::fix`] fixes each text with those readings, at a lower
/// margin than a lone string needs (each line is still left alone where
/// it contradicts them). In the default mode each text gets
/// [`fix_text_with`](crate::fix_text_with)'s answer.
///
/// The decision is made once; the texts can then be fixed in any order,
/// on any thread.
///
/// ```
/// use ftfy::{fix_text_with, ColumnFixer, TextFixerConfig};
///
/// let config = TextFixerConfig::default().extended_recovery(true);
/// // Polish names in Windows-1250 read as Windows-1252: `Gdañsk` alone is
/// // too short to judge (and a Spanish spelling); in its column it is not.
/// let column = ["Ca³a", "£ódŸ", "Gdañsk", "Kraków"];
/// let fixer = ColumnFixer::decide(&config, column);
/// assert_eq!(fixer.fix("Gdañsk"), "Gdańsk");
/// assert_eq!(fixer.fix("Kraków"), "Kraków");
/// assert_eq!(fix_text_with("Gdañsk", &config), "Gdañsk");
/// // Why: the mixup the column was found to hold, with its evidence.
/// let decision = &fixer.decisions()[0];
/// assert_eq!((decision.written_in, decision.read_as), ("windows-1250", "sloppy-windows-1252"));
/// assert!(decision.evidence_bits > 24.0);
/// ```
#[derive(Clone, Debug)]
pub struct ColumnFixer {
    config: TextFixerConfig,
    /// The column's decision, in extended recovery.
    readings: Option<DocumentReadings>,
}

impl ColumnFixer {
    /// Decides how to fix a column from `texts`, its strings (all of them
    /// where the column is known whole, or the first ones of a column
    /// that arrives as a stream), with `config`.
    pub fn decide<'a>(
        config: &TextFixerConfig,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> ColumnFixer {
        ColumnFixer {
            config: config.clone(),
            readings: mode::judges_columns(config).then(|| DocumentReadings::decide(texts, config)),
        }
    }

    /// A fixer that judges each string alone, as
    /// [`fix_text_with`](crate::fix_text_with) does.
    ///
    /// ```
    /// use ftfy::{ColumnFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default().extended_recovery(true);
    /// assert_eq!(ColumnFixer::per_string(&config).fix("Gdañsk"), "Gdañsk");
    /// ```
    pub fn per_string(config: &TextFixerConfig) -> ColumnFixer {
        ColumnFixer {
            config: config.clone(),
            readings: None,
        }
    }

    /// The configuration each text is fixed with.
    pub fn config(&self) -> &TextFixerConfig {
        &self.config
    }

    /// What the column was found to hold: each legacy mixup its evidence
    /// decided on (none in the default mode, or per string).
    pub fn decisions(&self) -> Vec<DocumentDecision> {
        self.readings
            .as_ref()
            .map_or_else(Vec::new, DocumentReadings::decisions)
    }

    /// A fixer for one long text of the column, fed piece by piece.
    pub fn pieces(&self) -> ColumnPieces {
        let fixer = match self.readings {
            Some(_) => StreamFixer::per_line(&self.config),
            None => StreamFixer::new(&self.config),
        };
        ColumnPieces {
            column: self.clone(),
            fixer,
            pending: String::new(),
        }
    }

    /// Fixes one text of the column, borrowing when nothing changes.
    pub fn fix<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let Some(readings) = &self.readings else {
            return crate::fix_text_with(text, &self.config);
        };
        // (The text's lines were judged with the column's: each is then
        // fixed as a line of it.)
        let fixed = match readings.repair(text, &self.config) {
            Cow::Borrowed(_) => return mode::per_line(&self.config).fix_text(text, &self.config),
            Cow::Owned(repaired) => mode::per_line(&self.config)
                .fix_text(&repaired, &self.config)
                .into_owned(),
        };
        Cow::Owned(fixed)
    }
}

/// One long text of a column fixed piece by piece, so that the work can
/// stop between two pieces (see [`ColumnFixer::pieces`]): the pieces'
/// outputs, joined, are [`ColumnFixer::fix`]'s answer.
///
/// ```
/// use ftfy::{ColumnFixer, TextFixerConfig};
///
/// let config = TextFixerConfig::default().extended_recovery(true);
/// let text = "Za¿ó³æ gêœl¹ jaŸñ\nGdañsk\n".repeat(40);
/// let fixer = ColumnFixer::per_string(&config);
/// let mut pieces = fixer.pieces();
/// let mut fixed = String::new();
/// let chars: Vec<char> = text.chars().collect();
/// for piece in chars.chunks(100) {
///     fixed += &pieces.feed(&piece.iter().collect::<String>());
/// }
/// fixed += &pieces.finish();
/// assert_eq!(fixed, fixer.fix(&text));
/// ```
#[derive(Clone, Debug)]
pub struct ColumnPieces {
    column: ColumnFixer,
    fixer: StreamFixer,
    /// Text fed whose segment is not finished yet (where the column's
    /// decision repairs segments).
    pending: String,
}

impl ColumnPieces {
    /// Takes the next piece of the text, cut anywhere (on a character
    /// boundary), and returns the fixed text of what it completes; the
    /// rest is held back (an unfinished segment, or an unfinished window
    /// of lines where the text is judged as a document of its own).
    pub fn feed(&mut self, piece: &str) -> String {
        let Some(readings) = &self.column.readings else {
            return self.fixer.feed(piece);
        };
        self.pending.push_str(piece);
        let config = &self.column.config;
        let complete = complete_segments_len(&self.pending, config.max_decode_length);
        let repaired = readings.repair(&self.pending[..complete], config);
        let fixed = self.fixer.fix_lines(&repaired).into_owned();
        self.pending.drain(..complete);
        fixed
    }

    /// Fixes what is held back: call it at the end of the text.
    pub fn finish(&mut self) -> String {
        let Some(readings) = &self.column.readings else {
            return self.fixer.finish();
        };
        let rest = std::mem::take(&mut self.pending);
        let repaired = readings.repair(&rest, &self.column.config);
        self.fixer.fix_lines(&repaired).into_owned()
    }
}

/// Fixes each of `texts` (a column of a table, the values of a field)
/// with one [`ColumnFixer`]: in extended recovery, the column is judged
/// as one document first; in the default mode each text gets
/// [`fix_text_with`](crate::fix_text_with)'s answer.
///
/// ```
/// use ftfy::{fix_texts_with, TextFixerConfig};
///
/// let config = TextFixerConfig::default().extended_recovery(true);
/// let column = ["Ca³a", "£ódŸ", "Gdañsk", "Kraków"];
/// assert_eq!(fix_texts_with(&column, &config), ["Cała", "Łódź", "Gdańsk", "Kraków"]);
/// ```
pub fn fix_texts_with<S: AsRef<str>>(texts: &[S], config: &TextFixerConfig) -> Vec<String> {
    let fixer = ColumnFixer::decide(config, texts.iter().map(AsRef::as_ref));
    texts
        .iter()
        .map(|text| fixer.fix(text.as_ref()).into_owned())
        .collect()
}
