//! The data this crate takes from the fast library's core (`ftfy-core`),
//! and the only module that names it: the code pages of Python's single-byte codecs (which
//! character each byte decodes to). Everything built on them (ftfy's sloppy
//! codecs, encoding, the sets of encodable characters) is this crate's own.
//!
//! The core's tables are generated from Python's codecs and checked against
//! them byte for byte (its `tests/codecs.rs`).

use ftfy_core::codecs::{
    Charmap, CP437, ISO_8859_2, MACROMAN, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252, WINDOWS_1253,
    WINDOWS_1254, WINDOWS_1257,
};

/// What each byte decodes to in a code page: `None` where the codec leaves
/// the byte undefined (Python raises `UnicodeDecodeError` there).
pub(crate) type CodePage = [Option<char>; 256];

/// The code page of one of Python's strict single-byte codecs that ftfy
/// uses, by Python's name for it.
pub(crate) fn code_page(name: &str) -> Option<CodePage> {
    let charmap: &Charmap = match name {
        "windows-1250" => &WINDOWS_1250,
        "windows-1251" => &WINDOWS_1251,
        "windows-1252" => &WINDOWS_1252,
        "windows-1253" => &WINDOWS_1253,
        "windows-1254" => &WINDOWS_1254,
        "windows-1257" => &WINDOWS_1257,
        "iso-8859-2" => &ISO_8859_2,
        "macroman" => &MACROMAN,
        "cp437" => &CP437,
        _ => return None,
    };
    Some(std::array::from_fn(|byte| {
        charmap.decode_byte(u8::try_from(byte).expect("a byte"))
    }))
}
