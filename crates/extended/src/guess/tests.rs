//! The tests of the document guess.

use super::guess_bytes_ranked;
use ftfy_core::codecs::Codec;

fn encoded(text: &str, encoding: &str) -> Vec<u8> {
    match encoding {
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

/// The bytes read by the candidate named `name`, U+FFFD for those it
/// cannot decode.
fn decoded_raw(bytes: &[u8], name: &str) -> Option<String> {
    let candidate = super::candidates::candidates()
        .iter()
        .find(|candidate| candidate.name == name);
    match candidate {
        Some(candidate) => Some(super::candidates::decode_lossy(candidate.reader, bytes).0),
        // (A byte-order mark's encodings, and utf-8-variants.)
        None => Some(super::decode_decided(name, bytes)),
    }
}
