use super::guess_bytes_ranked;
use crate::codecs::Codec;

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
        let mut seen: Vec<f64> = Vec::new();
        for guess in &ranked {
            if seen.last() != Some(&guess.confidence) {
                seen.push(guess.confidence);
            }
        }
        let total: f64 = seen.iter().sum();
        assert!(ranked.is_empty() || total >= 0.999, "{bytes:?} {total}");
    }
}
