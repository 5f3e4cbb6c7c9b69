//! The keyword arguments of a Polars plugin call: Polars pickles the dict
//! given to `register_plugin_function` (protocol 5), and the plugin reads
//! it. `ftfy_rs.polars` passes a dict of options whose values are `None`,
//! booleans, integers and strings, which is all this reads.

use std::collections::HashMap;

/// A value of the dict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Str(String),
}

/// Reads a pickled dict of `str` to [`Value`]s.
pub fn read(pickle: &[u8]) -> Result<HashMap<String, Value>, String> {
    let mut reader = Reader {
        bytes: pickle,
        at: 0,
    };
    let mut stack: Vec<Item> = Vec::new();
    let mut memo: Vec<Item> = Vec::new();
    loop {
        let opcode = reader.byte()?;
        match opcode {
            0x80 => drop(reader.take(1)?),              // PROTO
            0x95 => drop(reader.take(8)?),              // FRAME
            b'}' => stack.push(Item::Dict(Vec::new())), // EMPTY_DICT
            b'(' => stack.push(Item::Mark),
            0x94 => memo.push(stack.last().cloned().ok_or("MEMOIZE on an empty stack")?),
            b'h' | b'j' => {
                // BINGET, LONG_BINGET
                let index = if opcode == b'h' {
                    reader.uint(1)?
                } else {
                    reader.uint(4)?
                };
                stack.push(memo.get(index).cloned().ok_or("an unknown memo")?);
            }
            0x8c | b'X' | 0x8d => {
                // SHORT_BINUNICODE, BINUNICODE, BINUNICODE8
                let width = match opcode {
                    0x8c => 1,
                    b'X' => 4,
                    _ => 8,
                };
                let length = reader.uint(width)?;
                let text = std::str::from_utf8(reader.take(length)?).map_err(|e| e.to_string())?;
                stack.push(Item::Value(Value::Str(text.to_owned())));
            }
            b'N' => stack.push(Item::Value(Value::None)),
            0x88 => stack.push(Item::Value(Value::Bool(true))),
            0x89 => stack.push(Item::Value(Value::Bool(false))),
            b'K' => stack.push(Item::Value(Value::Int(reader.uint(1)? as i64))),
            b'M' => stack.push(Item::Value(Value::Int(reader.uint(2)? as i64))),
            b'J' => {
                let bytes: [u8; 4] = reader.take(4)?.try_into().map_err(|_| "short BININT")?;
                stack.push(Item::Value(Value::Int(i64::from(i32::from_le_bytes(
                    bytes,
                )))));
            }
            0x8a => {
                // LONG1: a little-endian two's complement integer.
                let length = reader.uint(1)?;
                stack.push(Item::Value(Value::Int(long(reader.take(length)?)?)));
            }
            b's' | b'u' => set_items(&mut stack, opcode == b'u')?,
            b'.' => return into_dict(stack.pop()),
            other => return Err(format!("unexpected pickle opcode 0x{other:02x}")),
        }
    }
}

/// An entry of the unpickler's stack.
#[derive(Clone, Debug)]
enum Item {
    Mark,
    Value(Value),
    Dict(Vec<(String, Value)>),
}

/// SETITEM (one pair) or SETITEMS (the pairs above the mark) into the dict
/// below them.
fn set_items(stack: &mut Vec<Item>, many: bool) -> Result<(), String> {
    let mut pairs = Vec::new();
    loop {
        let value = match stack.pop() {
            Some(Item::Value(value)) => value,
            Some(Item::Mark) if many => break,
            _ => return Err("a dict value that is not a plain value".into()),
        };
        match stack.pop() {
            Some(Item::Value(Value::Str(key))) => pairs.push((key, value)),
            _ => return Err("a dict key that is not a string".into()),
        }
        if !many {
            break;
        }
    }
    match stack.last_mut() {
        Some(Item::Dict(entries)) => {
            entries.extend(pairs.into_iter().rev());
            Ok(())
        }
        _ => Err("items set on something that is not a dict".into()),
    }
}

fn into_dict(item: Option<Item>) -> Result<HashMap<String, Value>, String> {
    match item {
        Some(Item::Dict(entries)) => Ok(entries.into_iter().collect()),
        _ => Err("the pickle does not hold a dict".into()),
    }
}

/// A LONG1 integer that fits in an `i64`.
fn long(bytes: &[u8]) -> Result<i64, String> {
    if bytes.len() > 8 {
        return Err("an integer too large".into());
    }
    let negative = bytes.last().is_some_and(|&last| last & 0x80 != 0);
    let mut full = [if negative { 0xFF } else { 0 }; 8];
    full[..bytes.len()].copy_from_slice(bytes);
    Ok(i64::from_le_bytes(full))
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], String> {
        let end = self
            .at
            .checked_add(count)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or("the pickle ends early")?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    /// An unsigned little-endian integer of `width` bytes.
    fn uint(&mut self, width: usize) -> Result<usize, String> {
        let bytes = self.take(width)?;
        let value = bytes
            .iter()
            .rev()
            .fold(0u64, |value, &byte| (value << 8) | u64::from(byte));
        usize::try_from(value).map_err(|_| "a length too large".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // `pickle.dumps({"fix_encoding": False, "normalization": "NFC",
    // "max_decode_length": 1000000, "unescape_html": "auto", "name": None,
    // "small": 7, "negative": -2}, protocol=5)` in Python 3.11.
    const PICKLED: &[u8] = b"\x80\x05\x95}\x00\x00\x00\x00\x00\x00\x00}\x94(\x8c\x0cfix_encoding\x94\x89\x8c\rnormalization\x94\x8c\x03NFC\x94\x8c\x11max_decode_length\x94J@B\x0f\x00\x8c\runescape_html\x94\x8c\x04auto\x94\x8c\x04name\x94N\x8c\x05small\x94K\x07\x8c\x08negative\x94J\xfe\xff\xff\xffu.";

    #[test]
    fn reads_a_pickled_dict_of_options() {
        let dict = read(PICKLED).unwrap();
        assert_eq!(dict["fix_encoding"], Value::Bool(false));
        assert_eq!(dict["normalization"], Value::Str("NFC".into()));
        assert_eq!(dict["max_decode_length"], Value::Int(1_000_000));
        assert_eq!(dict["unescape_html"], Value::Str("auto".into()));
        assert_eq!(dict["name"], Value::None);
        assert_eq!(dict["small"], Value::Int(7));
        assert_eq!(dict["negative"], Value::Int(-2));
        assert_eq!(dict.len(), 7);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert!(read(b"").is_err());
        assert!(read(&PICKLED[..40]).is_err());
        // A list, not a dict.
        assert!(read(b"\x80\x05]\x94.").is_err());
        assert_eq!(long(&[0xfe, 0xff]).unwrap(), -2);
        assert_eq!(long(&[0x00, 0x01]).unwrap(), 256);
    }
}
