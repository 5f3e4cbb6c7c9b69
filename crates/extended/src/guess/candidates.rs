//! The encodings a document may be in, how each reads bytes, when it is
//! weighed at all, and how common it is (a small prior, in bits, that
//! decides between encodings that read the bytes equally well:
//! Windows-1252 before Latin-1 and ISO-8859-15, Windows-1250 before
//! ISO-8859-2).

use ftfy_core::codecs::{self, Charmap, Codec, MultiByte};

use crate::language::Script;

/// How a candidate turns bytes into characters.
#[derive(Clone, Copy)]
pub(super) enum Reader {
    /// UTF-8, with a replacement for each byte that is not.
    Utf8,
    /// One of the core's single-byte codecs.
    Charmap(&'static Charmap),
    /// One of the core's multi-byte codecs (CJK, ISO-2022, UTF-16/32).
    MultiByte(MultiByte),
}

/// When a candidate is weighed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Applies {
    /// Always.
    Always,
    /// When the bytes hold NULs (UTF-16 and UTF-32 without a byte-order
    /// mark).
    WithNuls,
    /// When the bytes hold this escape sequence, and none above 7F (the
    /// designations of ISO-2022).
    WithEscape(&'static [&'static [u8]]),
}

/// An encoding the guesser weighs.
pub(super) struct Candidate {
    /// The name it is reported by: the core codec's, which `fix_file`,
    /// `-e` and Python read.
    pub name: &'static str,
    pub reader: Reader,
    pub applies: Applies,
    /// How much less common the encoding is than the most common ones, in
    /// bits.
    pub prior_bits: f64,
    /// The script the encoding is made for (`None` for the Unicode
    /// encodings, made for all).
    pub home: Option<Script>,
    /// The languages a code page of Latin letters is made for (the
    /// language model's names); `None` for the others.
    pub languages: Option<&'static [&'static str]>,
    /// Whether it is a DOS code page, whose files have lines that end in
    /// CR LF.
    pub dos: bool,
    /// Whether it is a Mac encoding, whose files may have lines that end in
    /// CR alone.
    pub mac: bool,
}

/// A row of [`CANDIDATE_LIST`]: the codec's name, its prior, and when it
/// applies.
type Row = (&'static str, f64, Applies);

/// ISO-2022-JP's designations of JIS X 0208 and of JIS X 0201's Roman.
const JIS_ESCAPES: &[&[u8]] = &[b"\x1b$B", b"\x1b$@", b"\x1b(J"];
/// ISO-2022-KR's designation of KS X 1001.
const KS_ESCAPES: &[&[u8]] = &[b"\x1b$)C"];

/// Every candidate by name, the most common of each family first (equal
/// costs keep the earlier).
const CANDIDATE_LIST: [Row; 45] = [
    ("utf-8", 0.0, Applies::Always),
    ("sloppy-windows-1252", 0.0, Applies::Always),
    ("latin-1", 2.0, Applies::Always),
    ("iso-8859-15", 1.0, Applies::Always),
    ("windows-1250", 1.0, Applies::Always),
    ("iso-8859-2", 2.0, Applies::Always),
    ("iso-8859-16", 8.0, Applies::Always),
    ("windows-1251", 0.0, Applies::Always),
    ("koi8-r", 1.0, Applies::Always),
    ("koi8-u", 2.0, Applies::Always),
    ("ibm866", 2.0, Applies::Always),
    ("iso-8859-5", 4.0, Applies::Always),
    ("mac-cyrillic", 4.0, Applies::Always),
    ("ibm855", 5.0, Applies::Always),
    ("windows-1253", 0.0, Applies::Always),
    ("iso-8859-7", 2.0, Applies::Always),
    ("windows-1254", 1.0, Applies::Always),
    ("iso-8859-9", 2.0, Applies::Always),
    ("windows-1255", 1.0, Applies::Always),
    ("iso-8859-8", 3.0, Applies::Always),
    ("windows-1256", 1.0, Applies::Always),
    ("iso-8859-6", 3.0, Applies::Always),
    ("windows-1257", 1.0, Applies::Always),
    ("iso-8859-13", 3.0, Applies::Always),
    ("iso-8859-4", 6.0, Applies::Always),
    ("windows-1258", 2.0, Applies::Always),
    ("cp874", 1.0, Applies::Always),
    ("macroman", 4.0, Applies::Always),
    ("cp437", 4.0, Applies::Always),
    ("cp850", 4.0, Applies::Always),
    ("shift_jis", 0.0, Applies::Always),
    ("cp932", 1.0, Applies::Always),
    ("euc-jp", 1.0, Applies::Always),
    ("gb2312", 0.0, Applies::Always),
    ("gbk", 0.5, Applies::Always),
    ("big5", 0.0, Applies::Always),
    ("big5hkscs", 1.0, Applies::Always),
    ("euc-kr", 0.0, Applies::Always),
    ("johab", 4.0, Applies::Always),
    ("iso-2022-jp", 0.0, Applies::WithEscape(JIS_ESCAPES)),
    ("iso-2022-kr", 0.0, Applies::WithEscape(KS_ESCAPES)),
    ("utf-16le", 2.0, Applies::WithNuls),
    ("utf-16be", 3.0, Applies::WithNuls),
    ("utf-32le", 2.0, Applies::WithNuls),
    ("utf-32be", 3.0, Applies::WithNuls),
];

/// Every candidate, in [`CANDIDATE_LIST`]'s order. (Looked up by name
/// once: a few microseconds.)
pub(super) fn candidates() -> &'static [Candidate] {
    static CANDIDATES: std::sync::OnceLock<Vec<Candidate>> = std::sync::OnceLock::new();
    CANDIDATES.get_or_init(|| {
        CANDIDATE_LIST
            .iter()
            .map(|&(name, prior_bits, applies)| candidate(name, prior_bits, applies))
            .collect()
    })
}

fn candidate(name: &'static str, prior_bits: f64, applies: Applies) -> Candidate {
    let reader = match Codec::from_name(name) {
        Some(Codec::Utf8) => Reader::Utf8,
        Some(Codec::SingleByte(charmap)) => Reader::Charmap(charmap),
        Some(Codec::MultiByte(codec)) => Reader::MultiByte(codec),
        _ => unreachable!("every candidate is a codec of the core: {name}"),
    };
    let unicode = matches!(reader, Reader::Utf8) || name.starts_with("utf-");
    Candidate {
        name,
        reader,
        applies,
        prior_bits,
        home: (!unicode).then(|| home_script(name)),
        languages: languages_of(name),
        dos: matches!(name, "cp437" | "cp850" | "ibm866" | "ibm855"),
        mac: matches!(name, "macroman" | "mac-cyrillic"),
    }
}

/// Languages of Western Europe, and others written in its code pages.
const WESTERN: &[&str] = &[
    "English",
    "French",
    "German",
    "Spanish",
    "Portuguese",
    "Italian",
    "Dutch",
    "Swedish",
    "Danish",
    "Bokmal",
    "Nynorsk",
    "Finnish",
    "Icelandic",
    "Catalan",
    "Basque",
    "Irish",
    "Welsh",
    "Afrikaans",
    "Albanian",
    "Latin",
    "Indonesian",
    "Malay",
    "Tagalog",
    "Swahili",
    "Somali",
    "Ganda",
    "Maori",
    "Sotho",
    "Tsonga",
    "Tswana",
    "Xhosa",
    "Zulu",
    "Shona",
    "Estonian",
];
/// Languages of Central Europe (and German, which their code pages write
/// too).
const CENTRAL: &[&str] = &[
    "Polish",
    "Czech",
    "Slovak",
    "Hungarian",
    "Slovene",
    "Croatian",
    "Bosnian",
    "Romanian",
    "Albanian",
    "German",
];
/// Languages of the Baltic code pages.
const BALTIC: &[&str] = &["Lithuanian", "Latvian", "Estonian", "Polish"];
/// Languages of South-Eastern Europe (ISO-8859-16).
const SOUTH_EASTERN: &[&str] = &[
    "Romanian",
    "Polish",
    "Croatian",
    "Hungarian",
    "Slovene",
    "Albanian",
    "Italian",
    "French",
    "German",
    "Irish",
];

/// The languages a code page of Latin letters is made for.
fn languages_of(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "sloppy-windows-1252" | "latin-1" | "iso-8859-15" | "macroman" | "cp437" | "cp850" => {
            WESTERN
        }
        "windows-1250" | "iso-8859-2" => CENTRAL,
        "iso-8859-16" => SOUTH_EASTERN,
        "windows-1257" | "iso-8859-13" | "iso-8859-4" => BALTIC,
        "windows-1254" | "iso-8859-9" => &["Turkish", "Azerbaijani"],
        "windows-1258" => &["Vietnamese"],
        _ => return None,
    })
}

/// The script an encoding's letters above ASCII are in.
fn home_script(name: &str) -> Script {
    match name {
        "windows-1251" | "koi8-r" | "koi8-u" | "ibm866" | "iso-8859-5" | "mac-cyrillic"
        | "ibm855" => Script::Cyrillic,
        "windows-1253" | "iso-8859-7" => Script::Greek,
        "windows-1255" | "iso-8859-8" => Script::Hebrew,
        "windows-1256" | "iso-8859-6" => Script::Arabic,
        "cp874" => Script::Thai,
        "shift_jis" | "cp932" | "euc-jp" | "iso-2022-jp" | "gb2312" | "gbk" | "big5"
        | "big5hkscs" => Script::HanKana,
        "euc-kr" | "johab" | "iso-2022-kr" => Script::Hangul,
        _ => Script::Latin,
    }
}

/// The characters a single-byte reader gives bytes 80 to FF (`None` for a
/// byte it leaves undefined); `None` for other readers.
pub(super) fn high_half(reader: Reader) -> Option<[Option<char>; 128]> {
    let Reader::Charmap(charmap) = reader else {
        return None;
    };
    let mut table = [None; 128];
    for (slot, byte) in table.iter_mut().zip(0x80..=0xFFu8) {
        *slot = charmap.decode_byte(byte);
    }
    Some(table)
}

/// All of `bytes` read by `reader`, each byte sequence that does not
/// decode as U+FFFD; and how many did not.
pub(super) fn decode_lossy(reader: Reader, bytes: &[u8]) -> (String, usize) {
    match reader {
        Reader::Utf8 => {
            let text = String::from_utf8_lossy(bytes);
            let replaced = match &text {
                std::borrow::Cow::Borrowed(_) => 0,
                std::borrow::Cow::Owned(text) => {
                    text.matches('\u{FFFD}').count()
                        - bytes.windows(3).filter(|w| w == b"\xef\xbf\xbd").count()
                }
            };
            (text.into_owned(), replaced)
        }
        Reader::Charmap(charmap) => {
            let mut replaced = 0;
            let text = bytes
                .iter()
                .map(|&byte| {
                    charmap.decode_byte(byte).unwrap_or_else(|| {
                        replaced += 1;
                        '\u{FFFD}'
                    })
                })
                .collect();
            (text, replaced)
        }
        Reader::MultiByte(codec) => {
            let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
            let replaced = codec.new_decoder().decode_lossy_to(bytes, &mut text, true);
            (text, replaced)
        }
    }
}

/// The name `ftfy` gives Windows-1252 read sloppily (every byte decodes).
pub(super) fn windows_1252() -> &'static str {
    codecs::SLOPPY_WINDOWS_1252.name()
}
