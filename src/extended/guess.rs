//! Which legacy encoding bytes of unknown encoding were written in, for
//! [`crate::file::guess_bytes_with`]: the same recovery that undoes a
//! legacy mixup in text, asked of bytes that are not UTF-8 and so read as
//! Windows-1252 (ftfy's last resort).
//!
//! Each line that recovery re-decodes as a legacy encoding read as
//! Windows-1252 names that encoding. Encodings of one region decode most
//! lines alike (Czech without `š`, `ť` or `ž` is the same in ISO-8859-2
//! and Windows-1250), so that the lines may name several: the guess is
//! the named encoding that decodes the most of those lines as recovery
//! did, if they hold at least a quarter of the non-ASCII characters (the
//! rest are lines too short or too plain for recovery to be sure of, or
//! that it fixes some other way). Text that no line's recovery re-reads,
//! as clean Windows-1252 text, keeps the guess: so the mode's false
//! positives on clean text are the guess's too, and there are none in
//! its checks.

use crate::codecs::{Codec, SLOPPY_WINDOWS_1252};
use crate::plan::ExplanationStep;
use crate::TextFixerConfig;

/// How much of the text the vote reads: a file's first lines tell its
/// encoding as well as all of them, at a bounded cost.
pub(crate) const SAMPLE_BYTES: usize = 1 << 16;

/// The legacy codec that `text` (bytes read as Windows-1252, as
/// `guess_bytes` reads what is not UTF-8) was written in, if extended
/// recovery's re-decodings of its lines agree on one (see the module's
/// documentation). Reads the first [`SAMPLE_BYTES`] of `text`.
pub(crate) fn legacy_codec_of(text: &str) -> Option<Codec> {
    let config = TextFixerConfig::default().extended_recovery(true);
    let read_as = Codec::SingleByte(&SLOPPY_WINDOWS_1252);
    // The lines recovery re-decoded, as bytes, with what it made of them
    // and their non-ASCII characters; and the encodings it named.
    let mut recovered: Vec<(Vec<u8>, String, usize)> = Vec::new();
    let mut named: Vec<Codec> = Vec::new();
    let mut all = 0usize;
    // (A line longer than the sample is read as far as the sample goes.)
    let sample_end = crate::text::char_boundary_at_or_before(text, SAMPLE_BYTES);
    for line in text[..sample_end].split_inclusive('\n') {
        let non_ascii = line.chars().filter(|c| !c.is_ascii()).count();
        if non_ascii == 0 {
            continue;
        }
        all += non_ascii;
        let mut plan = Vec::new();
        let fixed = super::fix_encoding(line, &config, Some(&mut plan));
        match plan.as_slice() {
            [ExplanationStep::Encode(read), ExplanationStep::Decode(written)]
                if *read == read_as && is_legacy(*written) =>
            {
                let bytes = read_as.encode(line).ok()?;
                recovered.push((bytes, fixed.into_owned(), non_ascii));
                if !named.contains(written) {
                    named.push(*written);
                }
            }
            // (A line fixed another way, as CP866's `а` read as a no-break
            // space may be, names no encoding.)
            _ => {}
        }
    }
    // The characters of the lines each named encoding decodes as recovery
    // did; the first named of the most (`max_by_key` keeps the last).
    let agreeing = |codec: &Codec| -> usize {
        recovered
            .iter()
            .filter(|(bytes, fixed, _)| codec.decode(bytes).is_ok_and(|text| text == *fixed))
            .map(|&(_, _, non_ascii)| non_ascii)
            .sum()
    };
    let (best, most) = named
        .iter()
        .rev()
        .map(|codec| (*codec, agreeing(codec)))
        .max_by_key(|&(_, count)| count)?;
    (4 * most >= all).then_some(best)
}

/// Whether `codec` is one a legacy mixup decodes with (not UTF-8, whose
/// re-decoding means the bytes held UTF-8 mojibake, not another encoding).
fn is_legacy(codec: Codec) -> bool {
    !matches!(codec, Codec::Utf8 | Codec::Utf8Variants)
}

#[cfg(test)]
mod tests {
    use crate::codecs::Codec;
    use crate::{guess_bytes, guess_bytes_with, TextFixerConfig};

    fn extended() -> TextFixerConfig {
        TextFixerConfig::default().extended_recovery(true)
    }

    fn encoded(text: &str, encoding: &str) -> Vec<u8> {
        Codec::from_name(encoding)
            .and_then(|codec| codec.encode(text).ok())
            .unwrap_or_else(|| panic!("{encoding} encodes {text}"))
    }

    /// A few lines of each language, in each legacy encoding of it that
    /// recovery undoes, come back as written, named by the encoding.
    #[test]
    fn legacy_encodings_are_guessed_from_a_few_lines() {
        let russian = "Привет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк после обеда.\nДа.\n";
        let greek =
            "Καλημέρα κόσμε. Σήμερα ο καιρός είναι πολύ ωραίος.\nΘα πάμε βόλτα στο πάρκο.\n";
        let polish =
            "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.\nDziękuję bardzo za pomoc.\n";
        let hebrew = "שלום עולם. היום מזג האוויר יפה מאוד ואנחנו הולכים לפארק.\n";
        let arabic = "مرحبا بالعالم. الطقس جميل جدا اليوم وسنذهب إلى الحديقة.\n";
        let japanese = "日本語のテキストです。今日はいい天気ですね。\n明日も晴れるでしょう。\n";
        let chinese = "中文文本。今天天气很好，我们去公园散步吧。\n";
        let traditional = "中文文本。今天天氣很好，我們去公園散步吧。\n";
        let korean = "한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다.\n";
        for (text, encoding) in [
            (russian, "windows-1251"),
            (russian, "koi8-r"),
            (russian, "ibm866"),
            (russian, "iso-8859-5"),
            (greek, "windows-1253"),
            (polish, "windows-1250"),
            (hebrew, "windows-1255"),
            (arabic, "windows-1256"),
            (japanese, "shift_jis"),
            (japanese, "euc-jp"),
            (chinese, "gbk"),
            (traditional, "big5"),
            (korean, "euc-kr"),
        ] {
            let bytes = encoded(text, encoding);
            let (guessed, name) = guess_bytes_with(&bytes, &extended()).unwrap();
            assert_eq!((guessed.as_str(), name), (text, encoding));
            // Without the mode, ftfy's guess.
            assert_eq!(
                guess_bytes_with(&bytes, &TextFixerConfig::default()).unwrap(),
                guess_bytes(&bytes).unwrap()
            );
        }
    }

    /// Text in Windows-1252 itself, UTF-8, and lines too short to tell
    /// keep ftfy's guess.
    #[test]
    fn other_text_keeps_ftfys_guess() {
        for bytes in [
            encoded(
                "Le café de la crème brûlée était délicieux.\nÇa va très bien, merci.\n",
                "windows-1252",
            ),
            encoded("Größe und Maß, naïve Æsir, smørrebrød.\n", "windows-1252"),
            "Привет, как дела? Сегодня хорошая погода.\n"
                .as_bytes()
                .to_vec(),
            // Too short for recovery to be sure of.
            encoded("Да.\n", "windows-1251"),
        ] {
            assert_eq!(
                guess_bytes_with(&bytes, &extended()).unwrap(),
                guess_bytes(&bytes).unwrap()
            );
        }
    }

    /// Every encoding a guess may name is one that files can be read in
    /// (a guess the reader can't follow would stop `fix_file`).
    #[test]
    fn files_read_every_encoding_a_guess_names() {
        for transform in &crate::extended::candidates::LEGACY_TRANSFORMS {
            let crate::extended::candidates::Decoder::Legacy(name) = transform.decoder else {
                continue;
            };
            let canonical = Codec::from_name(name).unwrap().name();
            let config = TextFixerConfig::default();
            assert!(
                crate::file::TextBatches::new(&b""[..], Some(canonical), &config, 64).is_ok(),
                "{canonical}"
            );
        }
    }

    /// A line longer than the sample is read as far as the sample goes:
    /// the guess holds for the whole of it.
    #[test]
    fn a_long_line_is_guessed_from_its_start() {
        let text = "Привет, как дела? Сегодня хорошая погода. ".repeat(5000);
        let bytes = encoded(&text, "koi8-r");
        assert!(bytes.len() > super::SAMPLE_BYTES);
        let (guessed, name) = guess_bytes_with(&bytes, &extended()).unwrap();
        assert_eq!((guessed == text, name), (true, "koi8-r"));
    }

    proptest::proptest! {
        /// Whatever the bytes, the guess is ftfy's without the mode, and in
        /// it the encoding named decodes the bytes to the text returned.
        #[test]
        fn guesses_decode_their_bytes(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::num::u8::ANY,
                    proptest::sample::select(b" \n.eaoE".to_vec()),
                    0xC0u8..=0xFF,
                ],
                0..64,
            )
        ) {
            let guess = guess_bytes(&bytes);
            proptest::prop_assert_eq!(
                guess_bytes_with(&bytes, &TextFixerConfig::default()).ok(),
                guess.clone().ok()
            );
            if let Ok((text, name)) = guess_bytes_with(&bytes, &extended()) {
                if guess.as_ref().is_ok_and(|(_, guessed)| *guessed != name) {
                    let codec = Codec::from_name(name).unwrap();
                    proptest::prop_assert_eq!(codec.decode(&bytes).ok(), Some(text));
                }
            }
        }
    }
}
