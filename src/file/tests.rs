//! The tests of reading files.

use ftfy_core::codecs::Codec;

use super::*;

/// The text and encoding `guess_bytes` gives, or its error offset.
type Guess = Result<(&'static str, &'static str), usize>;

/// In extended mode a file's encoding is guessed from its first 64 KiB,
/// not its first line: a first line of ASCII (a subtitle's number)
/// says nothing of the KOI8-R that follows, where ftfy guesses UTF-8
/// from it and fails at the first Cyrillic letter.
#[test]
fn extended_mode_guesses_from_more_than_the_first_line() {
    let text = "1\nПривет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк.\n";
    let bytes = Codec::from_name("koi8-r").unwrap().encode(text).unwrap();
    let read = |config: &TextFixerConfig| -> Result<String, FixFileError> {
        fix_file(&bytes[..], None, config)?.collect()
    };
    let extended = TextFixerConfig::default().extended_recovery(true);
    assert_eq!(read(&extended).unwrap(), text);
    let mut batches = TextBatches::new(&bytes[..], None, &extended, 8).unwrap();
    assert!(batches.next_batch().unwrap().is_some());
    // (encoding_rs's name for it.)
    assert!(batches
        .encoding()
        .is_some_and(|name| name.eq_ignore_ascii_case("koi8-r")));
    assert!(matches!(
        read(&TextFixerConfig::default()),
        Err(FixFileError::Undecodable { offset: 2, .. })
    ));
}

/// The document guess waits past a start of plain ASCII longer than its
/// sample for the text that tells the encoding (a KOI8-R file whose
/// first 64 KiB are ASCII stopped the command at its first Cyrillic
/// byte), keeping what the start declared.
#[test]
fn the_document_guess_waits_for_more_than_ascii() {
    let head = "<html><head><meta charset=\"koi8-r\"></head><body>\n";
    let ascii = "<p>Plain ASCII, line after line of it.</p>\n".repeat(2000);
    let russian = "Привет, как дела? Сегодня хорошая погода.\n";
    let mut bytes = Codec::from_name("koi8-r")
        .unwrap()
        .encode(&format!("{head}{ascii}{russian}"))
        .unwrap();
    assert!(bytes.len() > ftfy_extended::SAMPLE_BYTES + 1000);
    bytes.extend_from_slice(b"\xff\xfe\n");
    let config = TextFixerConfig::default().fix_encoding(false);
    for batch_bytes in [64, 1 << 16, 1 << 20] {
        let mut batches = TextBatches::new(&bytes[..], None, &config, batch_bytes)
            .unwrap()
            .guesser(Guesser::Document);
        let mut text = String::new();
        while let Some(batch) = batches.next_batch().unwrap() {
            text.push_str(&batch);
        }
        assert_eq!(batches.encoding(), Some("koi8-r"), "{batch_bytes}");
        assert!(text.ends_with(&format!("{russian}ЪЧ\n")), "{batch_bytes}");
        assert_eq!(batches.replaced(), 0);
    }
}

/// CP850, which encoding_rs does not know, is read with the crate's
/// own table: named, or guessed in extended mode (by `ø`, which CP437
/// reads as `¢`).
#[test]
fn cp850_is_read_with_the_crates_own_table() {
    let text = "Vi går på kafé i Tromsø, og så spiser vi smørbrød med ørret.\n\
                    Det er en fin dag, og været er godt.\n";
    let bytes = Codec::from_name("cp850").unwrap().encode(text).unwrap();
    let read = |encoding: Option<&str>, config: &TextFixerConfig| -> String {
        fix_file(&bytes[..], encoding, config)
            .unwrap()
            .collect::<Result<String, _>>()
            .unwrap()
    };
    assert_eq!(read(Some("cp850"), &TextFixerConfig::default()), text);
    let extended = TextFixerConfig::default().extended_recovery(true);
    assert_eq!(read(None, &extended), text);
    let mut batches = TextBatches::new(&bytes[..], None, &extended, 64).unwrap();
    assert!(batches.next_batch().unwrap().is_some());
    assert_eq!(batches.encoding(), Some("cp850"));
}

/// ftfy 6.3.1's `guess_bytes` on each input: the text and encoding, or
/// the offset of its UnicodeDecodeError.
#[test]
fn guesses_as_ftfy_does() {
    let cases: &[(&[u8], Guess)] = &[
        (b"", Ok(("", "utf-8"))),
        (b"caf\xc3\xa9", Ok(("café", "utf-8"))),
        (b"caf\xe9", Ok(("café", "sloppy-windows-1252"))),
        (b"caf\x8e\rbar", Ok(("café\rbar", "macroman"))),
        (
            b"caf\x8e\r\nbar",
            Ok(("cafŽ\r\nbar", "sloppy-windows-1252")),
        ),
        (b"x\ry\rz\xff", Ok(("x\ry\rzˇ", "macroman"))),
        (b"\xed\xa0\xbd\xed\xb8\x8d", Ok(("😍", "utf-8-variants"))),
        (b"\xc0\x80", Ok(("\0", "utf-8-variants"))),
        (b"\xed\x95\x9c", Ok(("한", "utf-8-variants"))),
        (b"\xed\xa0\xbd", Ok(("í\u{a0}½", "sloppy-windows-1252"))),
        (b"\xc0\xaf", Ok(("À¯", "sloppy-windows-1252"))),
        (
            b"\x81\x8d\x8f\x90\x9d",
            Ok(("\u{81}\u{8d}\u{8f}\u{90}\u{9d}", "sloppy-windows-1252")),
        ),
        (b"\xfe\xff\x00c\x00a", Ok(("ca", "utf-16"))),
        (b"\xff\xfec\x00a\x00", Ok(("ca", "utf-16"))),
        (b"\xff\xfec\x00a", Err(4)),
        (b"\xff\xfe\x00\xd8a\x00", Err(2)),
    ];
    for (bytes, expected) in cases {
        let guess = guess_bytes(bytes);
        match expected {
            Ok((text, encoding)) => {
                assert_eq!(guess, Ok((text.to_string(), *encoding)), "{bytes:x?}")
            }
            Err(offset) => assert_eq!(guess.unwrap_err().offset(), Some(*offset), "{bytes:x?}"),
        }
    }
}

fn all_batches(
    bytes: &[u8],
    encoding: Option<&str>,
    batch_bytes: usize,
) -> Result<Vec<String>, FixFileError> {
    let config = TextFixerConfig::default();
    let mut batches = TextBatches::new(bytes, encoding, &config, batch_bytes)?;
    let mut all = Vec::new();
    while let Some(batch) = batches.next_batch()? {
        all.push(batch);
    }
    assert_eq!(batches.bytes_read(), bytes.len() as u64);
    Ok(all)
}

#[test]
fn batches_are_whole_lines_in_every_encoding() {
    let text = "first line\ncafé ✔\n\n日本語 and more\nПривет\r\nlast";
    let japanese = "first line\n日本語\r\n\nテキスト\nlast";
    let inputs: Vec<(Vec<u8>, Option<&str>, &str)> = vec![
        (text.as_bytes().to_vec(), Some("utf-8"), text),
        (text.as_bytes().to_vec(), None, text),
        (text.as_bytes().to_vec(), Some("utf-8-variants"), text),
        (utf16(text, true), None, text),
        (utf16(text, false), Some("utf-16"), text),
        (utf16(text, true)[2..].to_vec(), Some("utf-16le"), text),
        (
            encoding_rs::SHIFT_JIS.encode(japanese).0.into_owned(),
            Some("shift_jis"),
            japanese,
        ),
    ];
    for (bytes, encoding, expected) in &inputs {
        for batch_bytes in 1..30 {
            let batches = all_batches(bytes, *encoding, batch_bytes).unwrap();
            let (last, whole) = batches.split_last().unwrap();
            assert!(whole.iter().all(|batch| batch.ends_with('\n')));
            assert!(!last.is_empty());
            assert_eq!(batches.concat(), *expected, "{encoding:?} {batch_bytes}");
        }
    }
    assert!(all_batches(b"", Some("utf-8"), 4).unwrap().is_empty());
    assert!(all_batches(b"", Some("utf-16"), 4).unwrap().is_empty());
}

fn utf16(text: &str, little_endian: bool) -> Vec<u8> {
    std::iter::once(0xFEFF)
        .chain(text.encode_utf16())
        .flat_map(|unit| {
            if little_endian {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            }
        })
        .collect()
}

#[test]
fn the_guess_reads_the_whole_first_line() {
    // Valid UTF-8 for far longer than a batch, then a Latin-1 byte:
    // ftfy's guess sees the whole line.
    let mut bytes = "é".repeat(100).into_bytes();
    bytes.extend_from_slice(b" caf\xe9\nnext \xc3\xa9\n");
    let config = TextFixerConfig::default();
    let mut batches = TextBatches::new(&bytes[..], None, &config, 16).unwrap();
    let first = batches.next_batch().unwrap().unwrap();
    assert_eq!(batches.encoding(), Some("sloppy-windows-1252"));
    assert!(first.ends_with(" café\n"), "{first}");
    assert_eq!(batches.next_batch().unwrap().unwrap(), "next Ã©\n");
}

#[test]
fn decode_errors_come_after_the_lines_before_them() {
    let cases: &[(&[u8], &str, &str, usize)] = &[
        (b"one\ntwo\nbad\xff\n", "utf-8", "one\ntwo\n", 11),
        (b"one\ntwo \xed\xa0\xbd\n", "utf-8-variants", "one\n", 8),
        (b"one\n\x81", "windows-1252", "one\n", 4),
        (b"o\0\n\0k\0\0\xdc", "utf-16le", "o\n", 6),
        (b"ok\n\x82", "shift_jis", "ok\n", 3),
        (b"\xff\xfeo\0\n\0k", "utf-16", "o\n", 6),
    ];
    for &(bytes, encoding, good, offset) in cases {
        for batch_bytes in [1, 3, 1 << 20] {
            let config = TextFixerConfig::default();
            let mut batches =
                TextBatches::new(bytes, Some(encoding), &config, batch_bytes).unwrap();
            let mut text = String::new();
            let error = loop {
                match batches.next_batch() {
                    Ok(Some(batch)) => text.push_str(&batch),
                    Ok(None) => panic!("{encoding}: no error"),
                    Err(error) => break error,
                }
            };
            assert_eq!(text, good, "{encoding} {batch_bytes}");
            match error {
                FixFileError::Undecodable {
                    offset: at,
                    encoding: name,
                } => {
                    assert_eq!(at, offset, "{encoding} {batch_bytes}");
                    assert!(name.eq_ignore_ascii_case(encoding), "{name}");
                }
                other => panic!("{other}"),
            }
            assert!(batches.next_batch().unwrap().is_none());
        }
    }
}

/// Characters of one to four bytes, a line break, and bytes that are
/// not UTF-8 on their own.
const UTF8_PIECES: &[&[u8]] = &[
    b"a",
    b"\n",
    b"\xc3\xa9",
    b"\xe6\x97\xa5",
    b"\xf0\x9f\x98\x80",
    b"\xff",
    b"\xc3",
    b"\xe6\x97",
    b"\x80",
];

proptest::proptest! {
    /// UTF-8 read in pieces of any size, characters cut anywhere: the
    /// batches are the input up to its first bad byte, but for the
    /// line that byte is on, and the error is at that byte.
    #[test]
    fn utf8_read_in_any_pieces_is_decoded_up_to_its_first_bad_byte(
        pieces in proptest::collection::vec(
            proptest::sample::select(UTF8_PIECES),
            0..24,
        ),
        batch_bytes in 1..40usize,
    ) {
        let bytes = pieces.concat();
        let config = TextFixerConfig::default();
        let mut batches = TextBatches::new(&bytes[..], Some("utf-8"), &config, batch_bytes).unwrap();
        let mut text = String::new();
        let error = loop {
            match batches.next_batch() {
                Ok(Some(batch)) => text.push_str(&batch),
                Ok(None) => break None,
                Err(FixFileError::Undecodable { offset, .. }) => break Some(offset),
                Err(other) => panic!("{other}"),
            }
        };
        match std::str::from_utf8(&bytes) {
            Ok(whole) => {
                proptest::prop_assert_eq!(text.as_str(), whole);
                proptest::prop_assert_eq!(error, None);
            }
            Err(bad) => {
                let valid = std::str::from_utf8(&bytes[..bad.valid_up_to()]).unwrap();
                let lines = valid.rfind('\n').map_or("", |end| &valid[..=end]);
                proptest::prop_assert_eq!(text.as_str(), lines);
                proptest::prop_assert_eq!(error, Some(bad.valid_up_to()));
            }
        }
    }
}

/// Memory stays bounded without line breaks, guessing included: the
/// first batch comes before the input is read whole, and is cut where
/// fix_text cuts.
#[test]
fn a_line_without_breaks_is_read_in_bounded_pieces() {
    let config = TextFixerConfig::default().max_decode_length(10);
    let input = "é".repeat(50_000);
    for encoding in [None, Some("utf-8")] {
        let mut batches = TextBatches::new(input.as_bytes(), encoding, &config, 16).unwrap();
        let first = batches.next_batch().unwrap().unwrap();
        assert!(
            batches.bytes_read() < 1000,
            "{encoding:?}: read {}",
            batches.bytes_read()
        );
        assert_eq!(first.chars().count() % 10, 0, "{first}");
        let mut all = first;
        while let Some(batch) = batches.next_batch().unwrap() {
            assert!(batch.len() < 1000);
            all += &batch;
        }
        assert_eq!(all, input);
    }
}

#[test]
fn unknown_encodings_are_refused_at_once() {
    assert!(matches!(
        TextBatches::new(&b""[..], Some("klingon"), &TextFixerConfig::default(), 1),
        Err(FixFileError::UnknownEncoding { name }) if name == "klingon"
    ));
    assert!(fix_file(&b""[..], Some("utf-9"), &TextFixerConfig::default()).is_err());
}

#[test]
fn our_codecs_come_before_whatwg_labels() {
    // WHATWG reads latin-1 as windows-1252; Python and ftfy do not.
    let batches = all_batches(b"\x93\n", Some("latin-1"), 8).unwrap();
    assert_eq!(batches, ["\u{93}\n"]);
    assert!(all_batches(b"\x81\n", Some("windows-1252"), 8).is_err());
    // And ASCII is 7-bit, as in Python, not windows-1252.
    assert_eq!(all_batches(b"ok\n", Some("ASCII"), 8).unwrap(), ["ok\n"]);
    assert!(all_batches(b"ok \xe9\n", Some("us-ascii"), 8).is_err());
    let batches = all_batches(b"\x81\n", Some("sloppy-windows-1252"), 8).unwrap();
    assert_eq!(batches, ["\u{81}\n"]);
}

/// `text` in `encoding` (by the codec of that name, or encoding_rs's
/// KOI8-U).
fn encoded(text: &str, encoding: &str) -> Vec<u8> {
    match encoding {
        "koi8-u" => encoding_rs::KOI8_U.encode(text).0.into_owned(),
        _ => Codec::from_name(encoding)
            .and_then(|codec| codec.encode(text).ok())
            .unwrap_or_else(|| panic!("{encoding} encodes {text}")),
    }
}

fn extended() -> TextFixerConfig {
    TextFixerConfig::default().extended_recovery(true)
}

/// `guess_bytes_with` in extended mode reads a legacy file with the best
/// guess; without the mode it is ftfy's `guess_bytes`.
#[test]
fn guess_bytes_with_reads_legacy_encodings_in_extended_mode() {
    let russian =
        "Привет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк после обеда.\nДа.\n";
    for encoding in ["windows-1251", "koi8-r", "ibm866", "iso-8859-5"] {
        let bytes = encoded(russian, encoding);
        let (text, name) = guess_bytes_with(&bytes, &extended()).unwrap();
        assert_eq!((text.as_str(), name), (russian, encoding));
        assert_eq!(
            guess_bytes_with(&bytes, &TextFixerConfig::default()).unwrap(),
            guess_bytes(&bytes).unwrap()
        );
    }
}

/// Text in Windows-1252 itself and UTF-8 keep ftfy's guess.
#[test]
fn windows_1252_and_utf8_keep_ftfys_guess() {
    for bytes in [
        encoded(
            "Le café de la crème brûlée était délicieux.\nÇa va très bien, merci.\n",
            "sloppy-windows-1252",
        ),
        encoded(
            "Größe und Maß, naïve Æsir, smørrebrød.\n",
            "sloppy-windows-1252",
        ),
        "Привет, как дела? Сегодня хорошая погода.\n"
            .as_bytes()
            .to_vec(),
    ] {
        assert_eq!(
            guess_bytes_with(&bytes, &extended()).unwrap(),
            guess_bytes(&bytes).unwrap()
        );
    }
}

/// Every encoding a guess may name is one that files are read in, to the
/// same text (a guess the reader can't follow would stop `fix_file`).
#[test]
fn files_are_read_in_every_encoding_a_guess_names() {
    for name in ftfy_extended::guessed_encodings() {
        let config = TextFixerConfig::default();
        assert!(
            TextBatches::new(&b""[..], Some(name), &config, 64).is_ok(),
            "{name}"
        );
    }
    for (text, encoding) in [
        ("今日は10時〜12時です。¢と£と¬。\n", "shift_jis"),
        ("今日は10時〜12時です。¢と£と¬。\n", "euc-jp"),
        ("中文―文本・测试。\n", "gb2312"),
        ("Найпридатнішим є той, хто їсть ґудзики.\n", "koi8-u"),
    ] {
        let bytes = match encoding {
            "gb2312" => encoding_rs::GBK
                .encode(&text.replace('―', "—").replace('・', "·"))
                .0
                .into_owned(),
            _ => encoded(text, encoding),
        };
        let read: String = fix_file(
            &bytes[..],
            Some(encoding),
            &TextFixerConfig::default().fix_encoding(false),
        )
        .unwrap()
        .collect::<Result<String, _>>()
        .unwrap();
        assert_eq!(read, text, "{encoding}");
    }
}

/// A line longer than the sample is read as far as the sample goes: the
/// guess holds for the whole of it.
#[test]
fn a_long_line_is_guessed_from_its_start() {
    let text = "Привет, как дела? Сегодня хорошая погода. ".repeat(5000);
    let bytes = encoded(&text, "koi8-r");
    assert!(bytes.len() > ftfy_extended::SAMPLE_BYTES);
    let (guessed, name) = guess_bytes_with(&bytes, &extended()).unwrap();
    assert_eq!((guessed == text, name), (true, "koi8-r"));
}

proptest::proptest! {
    /// Whatever the bytes, the guess is ftfy's without the mode, and in it
    /// the encoding named reads the bytes to the text returned.
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
        // With it, the encoding named reads the bytes to the text (bytes
        // it cannot decode as U+FFFD).
        if let Ok((text, name)) = guess_bytes_with(&bytes, &extended()) {
            let mut batches = TextBatches::new(&bytes[..], Some(name), &TextFixerConfig::default(), 64)
                .expect("a guess names an encoding files are read in")
                .errors(Errors::Replace);
            let mut read = String::new();
            while let Some(batch) = batches.next_batch().expect("the guess decodes the bytes") {
                read.push_str(&batch);
            }
            proptest::prop_assert_eq!(read, text);
        }
    }
}
