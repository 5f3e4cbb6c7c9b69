//! Extended recovery: the mojibake ftfy 6.3.1 leaves broken, behind
//! [`TextFixerConfig::extended_recovery`](crate::TextFixerConfig::extended_recovery)
//! (off by default).
//!
//! ftfy only re-decodes text when the bytes of one codec decode as UTF-8
//! and its byte-level heuristic is sure. This mode tries more
//! re-decodings: UTF-8 read as Windows-1251 or -1253
//! (`cafГ©` → `café`), as ISO-8859-2 (`GrĂźnen` → `Grünen`), the wrong
//! codec winning (`ShqipĆ«ri` → `Shqipëri`, where ftfy gives
//! `Shqipƫri`), damaged words among correct ones (`Łódź i GdaÅ„sk`), quotes straightened after the damage (`2010â€"2020`) and
//! lost no-break spaces, and one legacy encoding read as another
//! (`Ïðèâåò` → `Привет`, `ðÒÉ×ÅÔ` → `Привет`, `ÊáëçìÝñá` → `Καλημέρα`,
//! `“ú–{Œê` → `日本語`, `Za¿ó³æ` → `Zażółć`).
//!
//! It judges them with the language model of [`crate::language`]
//! (lingua's letter n-grams of 75 languages, counted on real text): a
//! candidate replaces the text only when it makes the line far more
//! likely as writing, by a margin that grows as the change gets shorter,
//! and the text as read shows signs of mojibake; guards keep technical
//! text, identifiers, text in languages the model doesn't know and
//! look-alike letters as they are. Each fix is an ordinary
//! plan (`('encode', 'sloppy-windows-1252'), ('decode', 'windows-1251')`)
//! that [`apply_plan`](crate::apply_plan) replays.
//!
//! The mode lives in the `ftfy-extended` crate, built on the core's
//! extension points; its module comments describe its stages
//! (`prefilter`, `candidates`, `repairs`, `spans`, `signs`, `readings`,
//! `judge`, `budget`). Its plans' own steps are
//! [`ExtensionFix`](crate::fixes::ExtensionFix).
//!
//! ```
//! use ftfy::{fix_encoding_with, fix_encoding_and_explain, TextFixerConfig};
//!
//! let config = TextFixerConfig::default().extended_recovery(true);
//! assert_eq!(fix_encoding_with("Un cafГ© au lait", &config), "Un café au lait");
//! assert_eq!(fix_encoding_with("ðÒÉ×ÅÔ, ËÁË ÄÅÌÁ?", &config), "Привет, как дела?");
//! // Polish in Windows-1250 read as Windows-1252.
//! assert_eq!(fix_encoding_with("Za¿ó³æ gêœl¹ jaŸñ", &config), "Zażółć gęślą jaźń");
//! // Clean text, and short ambiguous strings, are left alone.
//! assert_eq!(fix_encoding_with("Þórður á Íslandi", &config), "Þórður á Íslandi");
//!
//! let fixed = fix_encoding_and_explain("Ïðèâåò, êàê äåëà?", &config);
//! let plan: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
//! assert_eq!(plan, ["('encode', 'sloppy-windows-1252')", "('decode', 'windows-1251')"]);
//! ```
