//! Which encoding a document of unknown encoding is in, judged by how
//! likely each candidate's reading is as writing in some language
//! ([`crate::language`]) and by what the bytes allow (bytes an encoding
//! leaves undefined, sequences a double-byte encoding cannot form).
//!
//! Every candidate (the single-byte code pages of Western, Central and
//! Eastern Europe, Greek, Turkish, Hebrew, Arabic, Baltic, Vietnamese and
//! Thai text, the DOS and Mac code pages, KOI8, the CJK double-byte
//! encodings, and UTF-16 without a byte-order mark when the bytes hold
//! NULs) reads the first 64 KiB (16 KiB when there are NULs). The
//! single-byte and CJK encodings read ASCII alike, so the ASCII text
//! between the words with bytes above 7F is scored once, for all of them,
//! and each candidate reads only those words. A reading pays the model's
//! bits, 24 bits for each byte it cannot decode or reads as a C1 control,
//! 16 bits for each script its letters are in beyond the first (ASCII
//! letters count as Latin), 16 bits when none of its letters above ASCII
//! are in the script the encoding is made for, and a small prior for
//! rarer encodings; candidates that fall far behind are dropped as the
//! reading goes on. Candidates that read the
//! bytes to the same text (Windows-1252, Latin-1 and ISO-8859-15 on text
//! without the bytes where they differ) are one reading, named by the
//! most common.

mod candidates;

use candidates::{high_half, Candidate, Reader, CANDIDATES};
use unicode_normalization::char::{compose, is_combining_mark};

use crate::language::{class_of, Scorer, Script};

/// How much of a document the guess reads.
pub const SAMPLE_BYTES: usize = 1 << 16;
/// The cost of a byte a candidate cannot decode, or reads as a C1
/// control (which no text holds: a code page that has them there is the
/// wrong one).
const UNDECODABLE_BITS: f64 = 24.0;
/// The cost of each script a reading's letters are in beyond the first:
/// a document is written in one language, and so in one script (its
/// ASCII letters count as Latin), or now and then two.
const SCRIPT_BITS: f64 = 16.0;
/// The cost of a reading none of whose letters above ASCII are in the
/// script its encoding is made for (Shift_JIS reading Dutch `één` as
/// `ｂn`, CP437 reading Windows-1252's letters as Greek ones).
const FOREIGN_BITS: f64 = 16.0;
/// A candidate this many bits behind the best is dropped.
const PRUNE_BITS: f64 = 96.0;
/// The bytes of words read before the first pruning, and between later
/// ones.
const FIRST_ROUND_BYTES: usize = 256;
const ROUND_BYTES: usize = 4096;
/// The sample when the bytes hold NULs (and so may be UTF-16, which is
/// read whole).
const UTF16_BYTES: usize = 1 << 14;
/// Bits of cost difference that halve a candidate's confidence: the
/// model's bits are not independent evidence, so they count for less.
const CONFIDENCE_SCALE: f64 = 8.0;

/// One encoding that bytes may be in, and how sure the guess is of it.
#[derive(Clone, Debug, PartialEq)]
pub struct EncodingGuess {
    /// The encoding's name, one that the `ftfy` crate's `fix_file` reads.
    pub encoding: &'static str,
    /// How likely this encoding's reading is, from 0 to 1. Encodings
    /// that read the bytes to the same text follow the first of them with
    /// its confidence; counting each reading once, the confidences of a
    /// ranking add up to 1.
    pub confidence: f64,
    /// The encoding ranked before this one that reads the bytes to the
    /// same text, if any.
    pub reads_like: Option<&'static str>,
}

/// The legacy encodings `sample` may be in, most likely first, with the
/// cost of each reading in bits (ties keep [`CANDIDATES`]' order); each
/// entry also names the candidate whose reading it shares, if any.
pub(crate) fn ranked_candidates(sample: &[u8]) -> Vec<(usize, f64, Option<usize>)> {
    let mut sample = &sample[..sample.len().min(SAMPLE_BYTES)];
    let has_nul = sample.contains(&0);
    if has_nul {
        sample = &sample[..sample.len().min(UTF16_BYTES)];
    }
    let mut present = [false; 128];
    for &byte in sample.iter().filter(|&&byte| byte >= 0x80) {
        present[usize::from(byte - 0x80)] = true;
    }
    let only_cr = sample.contains(&b'\r') && !sample.contains(&b'\n');
    let ascii_letters = sample.iter().any(u8::is_ascii_alphabetic);
    let gb2312 = candidates::within_gb2312(sample);
    let mut readings: Vec<Reading> = CANDIDATES
        .iter()
        .enumerate()
        .map(|(index, candidate)| Reading::new(index, candidate, has_nul, only_cr, ascii_letters))
        .collect();
    for reading in readings
        .iter_mut()
        .filter(|r| matches!(r.reader, Reader::Gb2312))
    {
        reading.applicable = gb2312;
        reading.alive = gb2312;
    }
    for later in 0..readings.len() {
        let Some(table) = readings[later].table else {
            continue;
        };
        let same = (0..later).find(|&earlier| {
            readings[earlier].same_as.is_none()
                && readings[earlier].table.is_some_and(|other| {
                    (0..128).all(|byte| !present[byte] || other[byte] == table[byte])
                })
        });
        if let Some(earlier) = same {
            readings[later].same_as = Some(earlier);
            readings[later].alive = false;
        }
    }
    let stretches = stretches_of(sample);
    let shared = shared_text(sample, &stretches);
    read_in_rounds(sample, &stretches, &shared, &mut readings);
    // A dropped candidate stays as far behind the best as it was.
    let costs: Vec<Option<f64>> = readings
        .iter()
        .map(|reading| {
            reading
                .alive
                .then(|| reading.cost(&shared) + reading.prior_bits)
        })
        .collect();
    let best = costs
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let cost_of = |reading: &Reading| costs[reading.index].unwrap_or(best + reading.behind);
    let mut ranked: Vec<(usize, f64, Option<usize>)> = readings
        .iter()
        .filter(|reading| reading.applicable)
        .map(|reading| match reading.same_as {
            Some(earlier) => {
                let shared = cost_of(&readings[earlier]) - readings[earlier].prior_bits;
                (reading.index, shared + reading.prior_bits, Some(earlier))
            }
            None => (reading.index, cost_of(reading), None),
        })
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    ranked
}

/// The legacy encodings `bytes` may be in, most likely first, with a
/// confidence each: the document-level guess of
/// `guess_bytes_with` in the `ftfy` crate's extended mode ([`decode_document`]), for
/// bytes that are not UTF-8. Reads the first 64 KiB.
///
/// ```
/// // "Привет, как дела? Сегодня хорошая погода." in Windows-1251.
/// let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0? \xd1\xe5\xe3\xee\xe4\xed\xff \
///     \xf5\xee\xf0\xee\xf8\xe0\xff \xef\xee\xe3\xee\xe4\xe0.";
/// let ranked = ftfy_extended::guess_bytes_ranked(bytes);
/// assert_eq!(ranked[0].encoding, "windows-1251");
/// assert!(ranked[0].confidence > 0.99);
/// ```
pub fn guess_bytes_ranked(bytes: &[u8]) -> Vec<EncodingGuess> {
    let ranked = ranked_candidates(bytes);
    let Some(&(_, best, _)) = ranked.first() else {
        return Vec::new();
    };
    let weight = |cost: f64| (-(cost - best) / CONFIDENCE_SCALE).exp2();
    let distinct = ranked.iter().filter(|entry| entry.2.is_none());
    let total: f64 = distinct.map(|entry| weight(entry.1)).sum();
    let confidence = |index: usize| {
        ranked
            .iter()
            .find(|entry| entry.0 == index)
            .map_or(0.0, |entry| weight(entry.1) / total)
    };
    // Readings alike share the confidence of the first of them, and are
    // listed after it.
    let mut guesses = Vec::with_capacity(ranked.len());
    for &(index, _, _) in ranked.iter().filter(|entry| entry.2.is_none()) {
        let name = CANDIDATES[index].name;
        guesses.push(EncodingGuess {
            encoding: name,
            confidence: confidence(index),
            reads_like: None,
        });
        for &(alike, _, _) in ranked.iter().filter(|entry| entry.2 == Some(index)) {
            guesses.push(EncodingGuess {
                encoding: CANDIDATES[alike].name,
                confidence: confidence(index),
                reads_like: Some(name),
            });
        }
    }
    guesses
}

/// The text of `bytes` in the most likely legacy encoding that decodes
/// them whole, and its name; `None` for empty input.
pub fn decode_document(bytes: &[u8]) -> Option<(String, &'static str)> {
    ranked_candidates(bytes)
        .into_iter()
        .find_map(|(index, _, _)| {
            let candidate = &CANDIDATES[index];
            Some((candidates::decode(candidate.reader, bytes)?, candidate.name))
        })
}

/// Every encoding a guess may name, in the order ties are broken.
pub fn guessed_encodings() -> impl Iterator<Item = &'static str> {
    CANDIDATES.iter().map(|candidate| candidate.name)
}

/// One candidate's reading of the sample so far.
struct Reading {
    index: usize,
    reader: Reader,
    /// Whether the candidate is weighed at all (UTF-16 only for bytes
    /// with NULs).
    applicable: bool,
    alive: bool,
    /// How many bits behind the best the candidate was when dropped.
    behind: f64,
    /// The candidate whose reading of the bytes present is this one's.
    same_as: Option<usize>,
    table: Option<[Option<char>; 128]>,
    prior_bits: f64,
    scorer: Scorer,
    undecodable: u64,
    /// The script the encoding is made for (`None` for UTF-16).
    home: Option<Script>,
    /// The scripts of the letters read, as bits of [`script_bit`]: its
    /// letters above ASCII, and Latin if the sample has ASCII letters.
    scripts: u32,
    /// The same for the letters above ASCII alone.
    own_scripts: u32,
    /// A character held back in case a combining mark follows it
    /// (Windows-1258 writes most Vietnamese tones as marks).
    pending: Option<char>,
}

impl Reading {
    fn new(
        index: usize,
        candidate: &Candidate,
        has_nul: bool,
        only_cr: bool,
        ascii_letters: bool,
    ) -> Reading {
        let utf16 = matches!(candidate.reader, Reader::Utf16 { .. });
        // A file whose lines end in CR alone comes from a Mac: ftfy's own
        // reason to read MacRoman, here a prior.
        let mac = only_cr && candidate.name == "macroman";
        Reading {
            index,
            reader: candidate.reader,
            applicable: !utf16 || has_nul,
            alive: !utf16 || has_nul,
            behind: 0.0,
            same_as: None,
            table: high_half(candidate.reader),
            prior_bits: if mac { -16.0 } else { candidate.prior_bits },
            scorer: Scorer::new(),
            undecodable: 0,
            home: candidate.home,
            scripts: if ascii_letters {
                script_bit(Script::Latin)
            } else {
                0
            },
            own_scripts: 0,
            pending: None,
        }
    }

    /// The reading's bits so far, with the text all ASCII-compatible
    /// candidates share (`shared`; UTF-16 reads all the text itself).
    fn cost(&self, shared: &Scorer) -> f64 {
        let mut scorer = self.scorer.clone();
        if let Some(c) = self.pending {
            scorer.push_char(c);
        }
        let score = match self.reader {
            Reader::Utf16 { .. } => scorer.score(),
            _ => scorer.score_with(shared),
        };
        score.bits() + self.undecodable as f64 * UNDECODABLE_BITS + self.script_bits()
    }

    /// What the scripts of the reading's letters cost (see [`SCRIPT_BITS`]
    /// and [`FOREIGN_BITS`]).
    fn script_bits(&self) -> f64 {
        let Some(home) = self.home else {
            return 0.0;
        };
        let extra = self.scripts.count_ones().saturating_sub(1);
        let foreign = self.own_scripts != 0 && self.own_scripts & script_bit(home) == 0;
        f64::from(extra) * SCRIPT_BITS + if foreign { FOREIGN_BITS } else { 0.0 }
    }

    fn push(&mut self, c: char) {
        if !c.is_ascii() {
            if let (_, Some(script)) = class_of(c) {
                self.scripts |= script_bit(script);
                self.own_scripts |= script_bit(script);
            }
        }
        if let Some(previous) = self.pending {
            if is_combining_mark(c) {
                if let Some(composed) = compose(previous, c) {
                    self.pending = Some(composed);
                    return;
                }
            }
            self.scorer.push_char(previous);
        }
        self.pending = Some(c);
    }

    fn undecodable_byte(&mut self) {
        self.undecodable += 1;
        self.push('\u{FFFD}');
    }

    /// Reads `bytes`, a stretch that starts and ends between characters
    /// in every candidate (after two ASCII bytes, or at the sample's
    /// ends), after a line break.
    fn read(&mut self, bytes: &[u8]) {
        self.push('\n');
        match self.reader {
            Reader::Charmap(_) | Reader::SingleByte(_) => {
                let table = self.table.unwrap_or([None; 128]);
                for &byte in bytes {
                    match byte.checked_sub(0x80) {
                        None => self.push(char::from(byte)),
                        Some(high) => match table[usize::from(high)] {
                            Some(c) if !('\u{80}'..='\u{9F}').contains(&c) => self.push(c),
                            _ => self.undecodable_byte(),
                        },
                    }
                }
            }
            Reader::MultiByte(encoding) => self.read_multi_byte(encoding, bytes),
            // (GB2312's two marks are scored as GBK's: bytes that all lie
            // in its rows make a document GB2312, by the prior.)
            Reader::Gb2312 => self.read_multi_byte(&encoding_rs::GBK_INIT, bytes),
            Reader::Utf16 { little_endian } => {
                let units = bytes.chunks_exact(2).map(|pair| {
                    let pair = [pair[0], pair[1]];
                    if little_endian {
                        u16::from_le_bytes(pair)
                    } else {
                        u16::from_be_bytes(pair)
                    }
                });
                for unit in char::decode_utf16(units) {
                    match unit {
                        Ok(c) => self.push(c),
                        Err(_) => self.undecodable_byte(),
                    }
                }
            }
        }
    }

    fn read_multi_byte(&mut self, encoding: &'static encoding_rs::Encoding, mut bytes: &[u8]) {
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut buffer = [0u8; 1024];
        loop {
            let (result, read, written) =
                decoder.decode_to_utf8_without_replacement(bytes, &mut buffer, true);
            // (encoding_rs writes whole characters of UTF-8.)
            for c in std::str::from_utf8(&buffer[..written])
                .unwrap_or_default()
                .chars()
            {
                self.push(c);
            }
            bytes = &bytes[read..];
            match result {
                encoding_rs::DecoderResult::InputEmpty => return,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(..) => self.undecodable_byte(),
            }
        }
    }
}

/// A script's bit in [`Reading::scripts`]: Han, kana and Hangul are one
/// (Korean text holds Han, Japanese holds both Han and kana).
fn script_bit(script: Script) -> u32 {
    match script {
        Script::Hangul => 1 << Script::HanKana as u32,
        _ => 1 << script as u32,
    }
}

/// Reads the stretches round by round, dropping the candidates that fall
/// far behind after each round, until one is left or the sample is read.
fn read_in_rounds(
    sample: &[u8],
    stretches: &[(usize, usize)],
    shared: &Scorer,
    readings: &mut [Reading],
) {
    let utf16_end = sample.len() & !1;
    for reading in readings
        .iter_mut()
        .filter(|r| r.alive && matches!(r.reader, Reader::Utf16 { .. }))
    {
        reading.read(&sample[..utf16_end]);
    }
    let mut round_end = FIRST_ROUND_BYTES;
    let mut read = 0;
    for &(start, end) in stretches {
        for reading in readings
            .iter_mut()
            .filter(|r| r.alive && !matches!(r.reader, Reader::Utf16 { .. }))
        {
            reading.read(&sample[start..end]);
        }
        read += end - start;
        if read >= round_end {
            round_end = read + ROUND_BYTES;
            if prune(readings, shared) <= 1 {
                return;
            }
        }
    }
}

/// Drops the candidates far behind the best; gives how many are left.
fn prune(readings: &mut [Reading], shared: &Scorer) -> usize {
    let costs: Vec<Option<f64>> = readings
        .iter()
        .map(|reading| {
            reading
                .alive
                .then(|| reading.cost(shared) + reading.prior_bits)
        })
        .collect();
    let best = costs
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let mut alive = 0;
    for (reading, cost) in readings.iter_mut().zip(costs) {
        if let Some(cost) = cost {
            reading.alive = cost <= best + PRUNE_BITS;
            reading.behind = cost - best;
            alive += usize::from(reading.alive);
        }
    }
    alive
}

/// The text between the stretches (ASCII, which every candidate but
/// UTF-16 reads alike), scored once; each stretch stands as a line break.
fn shared_text(sample: &[u8], stretches: &[(usize, usize)]) -> Scorer {
    let mut scorer = Scorer::new();
    let mut at = 0;
    for &(start, end) in stretches
        .iter()
        .chain(std::iter::once(&(sample.len(), sample.len())))
    {
        for &byte in &sample[at..start] {
            scorer.push_char(char::from(byte));
        }
        scorer.push_char('\n');
        at = end;
    }
    scorer
}

/// The stretches of `sample` that candidates read differently: each run
/// of bytes above 7F with the letters and digits around it (its word) and
/// one byte more on each side, merged where they touch, each starting and
/// ending after two ASCII bytes (so between characters in every
/// candidate: a double-byte encoding's second byte may be ASCII, but then
/// its first is not).
fn stretches_of(sample: &[u8]) -> Vec<(usize, usize)> {
    let boundary = |at: usize| at < 2 || (sample[at - 1] < 0x80 && sample[at - 2] < 0x80);
    let word = |byte: u8| byte >= 0x80 || byte.is_ascii_alphanumeric();
    let mut stretches: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while let Some(offset) = sample[at..].iter().position(|&byte| byte >= 0x80) {
        let mut start = at + offset;
        let mut end = start;
        while end < sample.len() && word(sample[end]) {
            end += 1;
        }
        while start > 0 && word(sample[start - 1]) {
            start -= 1;
        }
        start = start.saturating_sub(1);
        end = (end + 1).min(sample.len());
        while !boundary(start) {
            start -= 1;
        }
        while end < sample.len() && !boundary(end) {
            end += 1;
        }
        match stretches.last_mut() {
            Some(last) if last.1 >= start => last.1 = end,
            _ => stretches.push((start, end)),
        }
        at = end;
    }
    stretches
}

#[cfg(test)]
mod tests {
    use super::guess_bytes_ranked;
    use ftfy_core::codecs::Codec;

    fn encoded(text: &str, encoding: &str) -> Vec<u8> {
        match encoding {
            "koi8-u" => encoding_rs::KOI8_U.encode(text).0.into_owned(),
            "windows-1258" => vietnamese_in_windows_1258(text),
            _ => Codec::from_name(encoding)
                .and_then(|codec| codec.encode(text).ok())
                .unwrap_or_else(|| panic!("{encoding} encodes {text}")),
        }
    }

    /// Windows-1258 writes a Vietnamese letter it has no byte for as a base
    /// letter (with the marks it has) and a combining tone mark.
    fn vietnamese_in_windows_1258(text: &str) -> Vec<u8> {
        use unicode_normalization::UnicodeNormalization;
        let codec = Codec::from_name("windows-1258").unwrap();
        let mut bytes = Vec::new();
        for c in text.chars() {
            let mut buffer = [0; 4];
            if let Ok(encoded) = codec.encode(c.encode_utf8(&mut buffer)) {
                bytes.extend(encoded);
                continue;
            }
            let mut parts: Vec<char> = std::iter::once(c).nfd().collect();
            let mut base = parts.remove(0);
            parts.retain(
                |&mark| match unicode_normalization::char::compose(base, mark) {
                    Some(composed) if codec.encode(composed.encode_utf8(&mut buffer)).is_ok() => {
                        base = composed;
                        false
                    }
                    _ => true,
                },
            );
            let rest: String = std::iter::once(base).chain(parts).collect();
            bytes.extend(codec.encode(&rest).unwrap());
        }
        bytes
    }

    /// The bytes read in `encoding`, in NFC.
    fn decoded(bytes: &[u8], encoding: &str) -> Option<String> {
        use unicode_normalization::UnicodeNormalization;
        let text = match Codec::from_name(encoding) {
            Some(codec) => codec.decode(bytes).ok()?,
            None => {
                let encoding = encoding_rs::Encoding::for_label(encoding.as_bytes())?;
                encoding
                    .decode_without_bom_handling_and_without_replacement(bytes)?
                    .into_owned()
            }
        };
        Some(text.nfc().collect())
    }

    #[test]
    fn each_encoding_is_guessed_from_a_few_sentences() {
        for (text, encoding) in [
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "sloppy-windows-1252",
            ),
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "macroman",
            ),
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "cp850",
            ),
            (
                "Jeg vil gerne høre om det, og så går vi på café i aften, før æblerne.",
                "cp850",
            ),
            (
                "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
                "windows-1250",
            ),
            (
                "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
                "iso-8859-2",
            ),
            (
                "A szűrés és az árvíztűrő tükörfúrógép működése.",
                "windows-1250",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "windows-1251",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "koi8-r",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "ibm866",
            ),
            (
                "Найпридатнішим є той, хто їсть ґудзики і п'є воду.",
                "koi8-u",
            ),
            (
                "Καλημέρα κόσμε, σήμερα ο καιρός είναι πολύ ωραίος.",
                "windows-1253",
            ),
            (
                "Bugün hava çok güzel, işte şöyle bir ağaç gördüm.",
                "windows-1254",
            ),
            (
                "שלום עולם. היום מזג האוויר יפה מאוד ואנחנו הולכים לפארק.",
                "windows-1255",
            ),
            (
                "مرحبا بالعالم. الطقس جميل جدا اليوم وسنذهب إلى الحديقة.",
                "windows-1256",
            ),
            (
                "Labdien, šodien ir ļoti jauka diena, un mēs iesim uz parku.",
                "windows-1257",
            ),
            (
                "Tiếng Việt có dấu thanh điệu rất phong phú và giải mã.",
                "windows-1258",
            ),
            ("ภาษาไทยเป็นภาษาที่สวยงามมาก วันนี้อากาศดี", "cp874"),
            (
                "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。",
                "shift_jis",
            ),
            (
                "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。",
                "euc-jp",
            ),
            (
                "中文文本。今天天气很好，我们去公园散步吧。这是一个测试。",
                "gbk",
            ),
            (
                "中文文本。今天天氣很好，我們去公園散步吧。這是一個測試。",
                "big5",
            ),
            (
                "한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다. 공원에 갑시다.",
                "euc-kr",
            ),
        ] {
            // Right when the best guess reads the text as written (CP850 and
            // CP437 read German alike).
            let bytes = encoded(text, encoding);
            let ranked = guess_bytes_ranked(&bytes);
            let read = decoded(&bytes, ranked[0].encoding);
            assert_eq!(
                read.as_deref(),
                Some(text),
                "{encoding}: {:?}",
                &ranked[..3]
            );
        }
    }

    #[test]
    fn any_bytes_give_a_ranking() {
        for bytes in [
            &b""[..],
            b"\x00",
            b"\xff\xfe\xfd",
            b"\x81\x40\x81",
            b"\x00a\x00b\x00\xd8",
        ] {
            let ranked = guess_bytes_ranked(bytes);
            // (Readings alike share one confidence, counted once.)
            let distinct = ranked.iter().filter(|guess| guess.reads_like.is_none());
            let total: f64 = distinct.map(|guess| guess.confidence).sum();
            assert!(ranked.is_empty() || total >= 0.999, "{bytes:?} {total}");
        }
    }

    /// Where encodings read the bytes to the same text, any of them is
    /// right; the guess names the most common, and the ranking lists the
    /// others with the same confidence.
    #[test]
    fn encodings_that_read_the_text_alike_are_named_by_the_most_common() {
        for (text, written_in, named) in [
            // No byte in 80-9F, nor any where ISO-8859-15 differs.
            (
                "Le café de la société générale était très agréable.",
                "latin-1",
                "sloppy-windows-1252",
            ),
            (
                "Le café de la société générale était très agréable.",
                "iso-8859-15",
                "sloppy-windows-1252",
            ),
            // Polish without ą ś ź (and capitals), where the two differ.
            (
                "Mówię, że Gdańsk i Kraków to piękne miejsca, w których mieszkał.",
                "iso-8859-2",
                "windows-1250",
            ),
            // Russian without the letters KOI8-U adds.
            (
                "Привет, как дела? Сегодня хорошая погода.",
                "koi8-u",
                "koi8-r",
            ),
            // German: CP850 and CP437 agree on ä ö ü ß.
            (
                "Größere Änderungen sind möglich, sagte er.",
                "cp850",
                "cp437",
            ),
        ] {
            let bytes = encoded(text, written_in);
            let ranked = guess_bytes_ranked(&bytes);
            assert_eq!(
                ranked[0].encoding,
                named,
                "{text} in {written_in}: {:?}",
                &ranked[..3]
            );
            assert_eq!(decoded(&bytes, written_in), decoded(&bytes, named));
            let alike = ranked
                .iter()
                .find(|guess| guess.encoding == written_in)
                .unwrap();
            assert_eq!(alike.confidence, ranked[0].confidence);
            assert_eq!(alike.reads_like, Some(named), "{written_in}: {ranked:?}");
        }
    }

    /// The euro sign tells ISO-8859-15 from Latin-1 and Windows-1252 (where
    /// its byte is `¤`); Windows-1252's own euro byte is a C1 control in the
    /// others.
    #[test]
    fn the_euro_sign_tells_iso_8859_15_and_windows_1252_apart() {
        let text = "Le billet coûte 25 € par personne, et le café 3 €.";
        for encoding in ["iso-8859-15", "sloppy-windows-1252"] {
            let bytes = encoded(text, encoding);
            assert_eq!(guess_bytes_ranked(&bytes)[0].encoding, encoding);
        }
    }

    /// ftfy's reason to read MacRoman (lines ending in CR alone) is a prior;
    /// with LF, MacRoman is found by its letters.
    #[test]
    fn macroman_is_read_with_either_line_ending() {
        for text in [
            "Größere Änderungen sind möglich.\rSchöne Grüße aus Köln.\r",
            "Größere Änderungen sind möglich.\nSchöne Grüße aus Köln.\n",
        ] {
            assert_eq!(
                guess_bytes_ranked(&encoded(text, "macroman"))[0].encoding,
                "macroman"
            );
        }
    }

    /// UTF-16 without a byte-order mark, either byte order.
    #[test]
    fn utf16_without_a_byte_order_mark_is_found_by_its_nuls() {
        let text = "Hello, this is a plain English sentence. Привет!";
        let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(guess_bytes_ranked(&little)[0].encoding, "utf-16le");
        assert_eq!(guess_bytes_ranked(&big)[0].encoding, "utf-16be");
        assert_eq!(super::decode_document(&little).unwrap().0, text);
    }

    /// Shift_JIS and EUC-JP read WAVE DASH and the other JIS characters as
    /// their standard (and Python) does, not as the full-width forms that
    /// browsers read after Windows' code page 932.
    #[test]
    fn japanese_readings_keep_the_wave_dash() {
        let text = "今日は10時〜12時です。価格は¢100、£5、¬です。";
        for (encoding, bytes) in [
            (
                "shift_jis",
                encoding_rs::SHIFT_JIS
                    .encode(
                        &text
                            .replace('〜', "～")
                            .replace('¢', "￠")
                            .replace('£', "￡")
                            .replace('¬', "￢"),
                    )
                    .0
                    .into_owned(),
            ),
            (
                "euc-jp",
                encoding_rs::EUC_JP
                    .encode(
                        &text
                            .replace('〜', "～")
                            .replace('¢', "￠")
                            .replace('£', "￡")
                            .replace('¬', "￢"),
                    )
                    .0
                    .into_owned(),
            ),
        ] {
            assert_eq!(
                super::decode_document(&bytes),
                Some((text.to_string(), encoding))
            );
        }
    }

    proptest::proptest! {
        /// Whatever the bytes, the encoding a document is decoded with is
        /// the best of the ranking that reads the bytes whole, to the text
        /// returned.
        #[test]
        fn documents_decode_their_bytes(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::num::u8::ANY,
                    proptest::sample::select(b" \n.eaoE".to_vec()),
                    0xC0u8..=0xFF,
                ],
                0..64,
            )
        ) {
            if let Some((text, name)) = super::decode_document(&bytes) {
                proptest::prop_assert_eq!(decoded_raw(&bytes, name), Some(text));
            }
        }
    }

    /// The bytes read by the candidate named `name`.
    fn decoded_raw(bytes: &[u8], name: &str) -> Option<String> {
        let candidate = super::candidates::CANDIDATES
            .iter()
            .find(|candidate| candidate.name == name)?;
        super::candidates::decode(candidate.reader, bytes)
    }
}
