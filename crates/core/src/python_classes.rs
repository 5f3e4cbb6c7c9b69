//! The character classes `\s`, `\w` and `\d` as Python 3.11's `re`
//! defines them for str patterns, which ftfy's regexes use (generated into
//! `classes_table.rs` by `xtask/python/generate/python_classes.py`).

mod classes_table;

pub(crate) use classes_table::{contains, DIGIT, WHITESPACE, WORD};
