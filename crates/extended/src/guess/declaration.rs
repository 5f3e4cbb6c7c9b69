//! What a document says of its own encoding: an XML declaration
//! (`<?xml version="1.0" encoding="koi8-r"?>`), an HTML `<meta charset=...>`
//! or `<meta http-equiv="Content-Type" content="text/html; charset=...">`,
//! a MIME header (`Content-Type: text/plain; charset=...`). The guesser
//! takes it as strong evidence, never as the answer: declarations are
//! wrong often enough (a page saved in another encoding, a template's
//! default) that the bytes can overrule them.

use ftfy_core::codecs::Codec;

/// How far into a document a declaration is looked for. (HTML's own
/// prescan looks at the first 1024 bytes; pages with long heads put it
/// later.)
const SEARCH_BYTES: usize = 4096;

/// The names of the candidates the document's declaration stands for (a
/// WHATWG label can stand for two: `shift_jis` for Shift_JIS and CP932 as
/// browsers read it), or none.
pub(super) fn declared(sample: &[u8]) -> Vec<&'static str> {
    let head = &sample[..sample.len().min(SEARCH_BYTES)];
    xml_encoding(head)
        .or_else(|| charset_parameter(head))
        .map(candidates_for_label)
        .unwrap_or_default()
}

/// The `encoding` of an XML declaration at the start of `head`.
fn xml_encoding(head: &[u8]) -> Option<&[u8]> {
    let start = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = &start[start.iter().position(|b| !b.is_ascii_whitespace())?..];
    if !start.starts_with(b"<?xml") {
        return None;
    }
    let end = start.windows(2).position(|w| w == b"?>")?;
    value_after(&start[..end], b"encoding")
}

/// The value of the first `charset=` in `head` (of a `<meta>` tag or a
/// MIME header).
fn charset_parameter(head: &[u8]) -> Option<&[u8]> {
    value_after(head, b"charset")
}

/// The value of `name = "value"` (quotes optional) after the first
/// occurrence of `name` in `text`, ignoring ASCII case.
fn value_after<'a>(text: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let mut from = 0;
    while let Some(found) = find_ignoring_case(&text[from..], name) {
        let mut rest = &text[from + found + name.len()..];
        from += found + name.len();
        rest = trim_start(rest);
        let Some(after) = rest.strip_prefix(b"=") else {
            continue;
        };
        let after = trim_start(after);
        let after = after
            .strip_prefix(b"\"")
            .or_else(|| after.strip_prefix(b"'"))
            .unwrap_or(after);
        let length = after
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b"-_.:".contains(&b)))
            .unwrap_or(after.len());
        if length > 0 {
            return Some(&after[..length]);
        }
    }
    None
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    &bytes[start..]
}

fn find_ignoring_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

/// The candidates a label names: the core's codec of that name, and what
/// browsers read under the label (WHATWG: `iso-8859-1` and `us-ascii` are
/// Windows-1252, `iso-8859-9` is Windows-1254, `ks_c_5601-1987` is EUC-KR,
/// `shift_jis` is CP932).
fn candidates_for_label(label: &[u8]) -> Vec<&'static str> {
    let Ok(label) = std::str::from_utf8(label) else {
        return Vec::new();
    };
    let mut names: Vec<&'static str> = Codec::from_name(label)
        .map(|codec| candidate_name(codec.name()))
        .into_iter()
        .collect();
    let browsers =
        encoding_rs::Encoding::for_label(label.as_bytes()).map_or(Vec::new(), whatwg_names);
    for name in browsers {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The candidates that read as browsers read an encoding_rs encoding.
fn whatwg_names(encoding: &'static encoding_rs::Encoding) -> Vec<&'static str> {
    match encoding.name() {
        "Shift_JIS" => vec!["shift_jis", "cp932"],
        "Big5" => vec!["big5", "big5hkscs"],
        "GBK" | "gb18030" => vec!["gbk", "gb2312"],
        "ISO-8859-8-I" => vec!["iso-8859-8"],
        "macintosh" => vec!["macroman"],
        "windows-874" => vec!["cp874"],
        name => Codec::from_name(name)
            .map(|codec| vec![candidate_name(codec.name())])
            .unwrap_or_default(),
    }
}

/// The candidate's name for a core codec's name (the guesser reads
/// Windows-1252 sloppily, as ftfy does).
fn candidate_name(name: &'static str) -> &'static str {
    match name {
        "windows-1252" => super::candidates::windows_1252(),
        name => name,
    }
}

#[cfg(test)]
mod tests {
    use super::declared;

    #[test]
    fn declarations_are_read_from_xml_html_and_mime_headers() {
        for (head, expected) in [
            (
                &b"<?xml version=\"1.0\" encoding=\"KOI8-R\"?>\n<doc/>"[..],
                &["koi8-r"][..],
            ),
            (
                b"\xef\xbb\xbf<?xml version='1.0' encoding='utf-8'?>",
                &["utf-8"],
            ),
            (
                b"<html><head><meta charset=\"windows-1251\"></head>",
                &["windows-1251"],
            ),
            (
                b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">",
                &["shift_jis", "cp932"],
            ),
            (
                b"Content-Type: text/plain; charset=iso-8859-1\r\n",
                &["latin-1", "sloppy-windows-1252"],
            ),
            (b"<meta charset=x-sjis>", &["shift_jis", "cp932"]),
            (b"<meta charset=ks_c_5601-1987>", &["euc-kr"]),
            (b"<meta charset=\"big5\">", &["big5", "big5hkscs"]),
            (
                b"<meta charset=\"ISO-8859-9\">",
                &["iso-8859-9", "windows-1254"],
            ),
            (b"<meta charset=\"x-mac-cyrillic\">", &["mac-cyrillic"]),
            (b"<meta charset=cp1252>", &["sloppy-windows-1252"]),
        ] {
            assert_eq!(
                declared(head),
                expected,
                "{}",
                String::from_utf8_lossy(head)
            );
        }
        for head in [
            &b"<p>charset is a word</p>"[..],
            b"<meta charset=\"klingon\">",
            b"no declaration at all",
            b"<?xml version=\"1.0\"?>",
        ] {
            assert!(
                declared(head).is_empty(),
                "{}",
                String::from_utf8_lossy(head)
            );
        }
    }
}
