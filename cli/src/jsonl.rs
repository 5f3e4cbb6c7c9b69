//! JSON lines: fix one string field of each record, and leave every other
//! byte of the record as it was.
//!
//! Only the top level of the record is parsed, just enough to find the
//! field and the span of its string value; nested values are skipped
//! without being interpreted.

use std::borrow::Cow;

/// Fixes the string value of `field` in the JSON object `record` with
/// `fix`. Records without the field, or where it is not a string, are
/// returned unchanged. Unpaired `\ud800`-style surrogate escapes become
/// U+FFFD, as ftfy's `fix_surrogates` makes them; when `fix_surrogates` is
/// off, a value holding them is left as it is.
pub fn fix_record<'a>(
    record: &'a str,
    field: &str,
    fix_surrogates: bool,
    mut fix: impl FnMut(&str) -> String,
) -> Result<Cow<'a, str>, String> {
    let Some(span) = find_string_field(record, field)? else {
        return Ok(Cow::Borrowed(record));
    };
    let (value, had_lone_surrogates) = unescape(&record[span.start + 1..span.end - 1])?;
    if had_lone_surrogates && !fix_surrogates {
        return Ok(Cow::Borrowed(record));
    }
    let fixed = fix(&value);
    if fixed == value && !had_lone_surrogates {
        return Ok(Cow::Borrowed(record));
    }
    let mut out = String::with_capacity(record.len() + 16);
    out.push_str(&record[..span.start]);
    write_string(&fixed, &mut out);
    out.push_str(&record[span.end..]);
    Ok(Cow::Owned(out))
}

struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Scanner<'_> {
    fn skip_whitespace(&mut self) {
        while self.at < self.bytes.len()
            && matches!(self.bytes[self.at], b' ' | b'\t' | b'\r' | b'\n')
        {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.skip_whitespace();
        if self.bytes.get(self.at) == Some(&byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!(
                "expected '{}' at column {}",
                byte as char,
                self.at + 1
            ))
        }
    }

    /// Skips a string starting at the current `"`, returning its span
    /// including the quotes.
    fn string(&mut self) -> Result<std::ops::Range<usize>, String> {
        self.skip_whitespace();
        let start = self.at;
        self.expect(b'"')?;
        while let Some(&byte) = self.bytes.get(self.at) {
            self.at += 1;
            match byte {
                b'\\' => self.at += 1,
                b'"' => return Ok(start..self.at),
                _ => {}
            }
        }
        Err("unterminated string".into())
    }

    /// Skips any JSON value.
    fn value(&mut self) -> Result<(), String> {
        self.skip_whitespace();
        match self.bytes.get(self.at) {
            Some(b'"') => self.string().map(drop),
            Some(&open @ (b'{' | b'[')) => {
                let close = if open == b'{' { b'}' } else { b']' };
                self.at += 1;
                self.skip_whitespace();
                if self.bytes.get(self.at) == Some(&close) {
                    self.at += 1;
                    return Ok(());
                }
                loop {
                    if open == b'{' {
                        self.string()?;
                        self.expect(b':')?;
                    }
                    self.value()?;
                    self.skip_whitespace();
                    match self.bytes.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(&byte) if byte == close => {
                            self.at += 1;
                            return Ok(());
                        }
                        _ => return Err(format!("unexpected input at column {}", self.at + 1)),
                    }
                }
            }
            Some(_) => {
                let start = self.at;
                while self.at < self.bytes.len()
                    && !matches!(
                        self.bytes[self.at],
                        b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'
                    )
                {
                    self.at += 1;
                }
                let literal = &self.bytes[start..self.at];
                let is_number = literal
                    .first()
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'-');
                if is_number || matches!(literal, b"true" | b"false" | b"null") {
                    Ok(())
                } else {
                    Err(format!("invalid value at column {}", start + 1))
                }
            }
            None => Err("unexpected end of record".into()),
        }
    }
}

/// The span (with quotes) of the string value of the top-level `field`, if
/// the record has one.
fn find_string_field(record: &str, field: &str) -> Result<Option<std::ops::Range<usize>>, String> {
    let mut scanner = Scanner {
        bytes: record.as_bytes(),
        at: 0,
    };
    scanner
        .expect(b'{')
        .map_err(|_| "not a JSON object".to_string())?;
    scanner.skip_whitespace();
    let mut found = None;
    if scanner.bytes.get(scanner.at) == Some(&b'}') {
        scanner.at += 1;
    } else {
        loop {
            let key = scanner.string()?;
            scanner.expect(b':')?;
            scanner.skip_whitespace();
            let value_start = scanner.at;
            scanner.value()?;
            // A repeated key counts as its last occurrence, as JSON parsers
            // read it.
            if is_key(&record[key.start + 1..key.end - 1], field)? {
                found = (record.as_bytes()[value_start] == b'"').then_some(value_start..scanner.at);
            }
            scanner.skip_whitespace();
            match scanner.bytes.get(scanner.at) {
                Some(b',') => scanner.at += 1,
                Some(b'}') => {
                    scanner.at += 1;
                    break;
                }
                _ => return Err(format!("unexpected input at column {}", scanner.at + 1)),
            }
        }
    }
    scanner.skip_whitespace();
    if scanner.at != scanner.bytes.len() {
        return Err(format!(
            "text after the JSON object at column {}",
            scanner.at + 1
        ));
    }
    Ok(found)
}

/// Whether the escaped JSON key `key` is `field`.
fn is_key(key: &str, field: &str) -> Result<bool, String> {
    if key.contains('\\') {
        Ok(unescape(key)?.0 == field)
    } else {
        Ok(key == field)
    }
}

/// Decodes the inside of a JSON string, and says whether it held unpaired
/// surrogates (which become U+FFFD).
fn unescape(escaped: &str) -> Result<(String, bool), String> {
    if !escaped.contains('\\') {
        return Ok((escaped.to_owned(), false));
    }
    let mut out = String::with_capacity(escaped.len());
    let mut lone_surrogates = false;
    // UTF-16 code units from consecutive \u escapes, joined into pairs.
    let mut units: Vec<u16> = Vec::new();
    let mut flush = |units: &mut Vec<u16>, out: &mut String| {
        for c in char::decode_utf16(units.drain(..)) {
            lone_surrogates |= c.is_err();
            out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
        }
    };
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            flush(&mut units, &mut out);
            out.push(c);
            continue;
        }
        let simple = match chars.next() {
            Some('"') => '"',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                if hex.len() != 4 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(format!("bad escape \\u{hex}"));
                }
                units.push(u16::from_str_radix(&hex, 16).map_err(|error| error.to_string())?);
                continue;
            }
            other => return Err(format!("bad escape \\{}", other.unwrap_or(' '))),
        };
        flush(&mut units, &mut out);
        out.push(simple);
    }
    flush(&mut units, &mut out);
    Ok((out, lone_surrogates))
}

/// Writes `text` as a JSON string, quotes included, escaping only what
/// JSON requires (as `json.dumps(ensure_ascii=False)` does).
pub fn write_string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upper(text: &str) -> String {
        text.to_uppercase()
    }

    #[test]
    fn fixes_only_the_field() {
        let record =
            r#"{"id": 7, "text": "caf\u00e9", "meta": {"text": "x"}, "n": [1, 2.5e3, null]}"#;
        assert_eq!(
            fix_record(record, "text", true, upper).unwrap(),
            r#"{"id": 7, "text": "CAFÉ", "meta": {"text": "x"}, "n": [1, 2.5e3, null]}"#
        );
    }

    #[test]
    fn leaves_records_without_the_field() {
        for record in [r#"{"other": "a"}"#, r#"{"text": 5}"#, "{}"] {
            assert_eq!(fix_record(record, "text", true, upper).unwrap(), record);
        }
    }

    #[test]
    fn rejects_what_is_not_an_object() {
        for record in [
            "[1]",
            "{\"text\": \"a\"",
            "{\"text\" \"a\"}",
            "{\"a\": tru}",
            "{} x",
        ] {
            assert!(fix_record(record, "text", true, upper).is_err(), "{record}");
        }
    }

    #[test]
    fn escapes_round_trip() {
        let record = "{\"text\": \"a\\\"b\\\\c\\n\\ud83d\\ude00\\ud83d\"}";
        let fixed = fix_record(record, "text", true, |t| format!("{t}!")).unwrap();
        assert_eq!(fixed, "{\"text\": \"a\\\"b\\\\c\\n😀\u{fffd}!\"}");
    }

    #[test]
    fn keeps_lone_surrogates_when_asked() {
        let record = r#"{"text": "\ud83d x"}"#;
        assert_eq!(fix_record(record, "text", false, upper).unwrap(), record);
        assert_eq!(
            fix_record(record, "text", true, |t| t.to_owned()).unwrap(),
            "{\"text\": \"\u{fffd} x\"}"
        );
    }

    #[test]
    fn a_repeated_key_is_its_last_value() {
        let record = r#"{"text": "a", "text": "b"}"#;
        assert_eq!(
            fix_record(record, "text", true, upper).unwrap(),
            r#"{"text": "a", "text": "B"}"#
        );
    }
}
