//! The Polars expression plugin: `pl.col("text").ftfy.fix_text()` and the
//! other expressions of `ftfy_rs.polars` run here, on Polars' own threads,
//! with no Python in the loop.
//!
//! Polars loads this very library (`ftfy_rs._native`) as a plugin and calls
//! the functions below through its plugin interface ([`abi`]); each takes a
//! String column and gives a column of the same length, nulls kept. The
//! keyword arguments (`TextFixerConfig`'s options, `per_string`, the name of
//! a fix) arrive pickled ([`kwargs`]).

mod abi;
mod kwargs;

use std::borrow::Cow;
use std::collections::HashMap;
use std::ffi::CString;

use ftfy::fixes::Fix;
use ftfy::{Normalization, TextFixerConfig, UnescapeHtml};

use crate::arrow::ffi::{ArrayData, ArrowSchema, SchemaInfo, SchemaSpec};
use crate::arrow::strings::{self, Layout};
use crate::column::{ColumnFixer, Scope};
use abi::{CallerContext, Series, SeriesExport};
use kwargs::Value;

/// What an expression gives for each row.
#[derive(Clone, Copy)]
enum Output {
    /// Text of the input's type.
    Text,
    /// `Boolean`.
    Bool,
    /// `UInt32`.
    Count,
}

/// The output field for the input fields: the first input's name, and the
/// type of `output`.
fn output_field(fields: &[SchemaInfo], output: Output) -> Result<SchemaSpec, String> {
    let [input] = fields else {
        return Err(format!("takes one column, not {}", fields.len()));
    };
    text_layout(input)?;
    let format = match output {
        Output::Text => input.format.as_str(),
        Output::Bool => "b",
        Output::Count => "I",
    };
    Ok(SchemaSpec {
        format: CString::new(format).unwrap_or_default(),
        name: input.name.clone(),
        dictionary: None,
    })
}

/// The layout of a text column, or the error for another type.
fn text_layout(info: &SchemaInfo) -> Result<Layout, String> {
    Layout::from_format(&info.format).ok_or_else(|| {
        format!(
            "ftfy's expressions take a String column, and this one is of Arrow type '{}': \
             cast it with .cast(pl.String) first",
            info.format
        )
    })
}

/// The options of a call, read from its keyword arguments: ftfy's config
/// (extended recovery included), the column's scope, and a fix's name.
struct Options {
    config: TextFixerConfig,
    scope: Scope,
    fix: Option<String>,
}

impl Options {
    fn read(kwargs: &[u8]) -> Result<Options, String> {
        let dict = if kwargs.is_empty() {
            HashMap::new()
        } else {
            kwargs::read(kwargs)?
        };
        let mut options = Options {
            config: TextFixerConfig::default().explain(false),
            scope: Scope::Column,
            fix: None,
        };
        for (key, value) in dict {
            options.set(&key, value)?;
        }
        Ok(options)
    }

    fn set(&mut self, key: &str, value: Value) -> Result<(), String> {
        let config = std::mem::take(&mut self.config);
        self.config = match (key, value) {
            ("unescape_html", Value::Str(auto)) if auto == "auto" => {
                config.unescape_html(UnescapeHtml::Auto)
            }
            ("unescape_html", Value::Bool(true)) => config.unescape_html(UnescapeHtml::Always),
            ("unescape_html", Value::Bool(false)) => config.unescape_html(UnescapeHtml::Never),
            ("normalization", Value::None) => config.normalization(None),
            ("normalization", Value::Str(name)) => config.normalization(Some(
                Normalization::from_name(&name)
                    .filter(|form| form.name() == name)
                    .ok_or("invalid normalization form")?,
            )),
            ("max_decode_length", Value::Int(length)) => config.max_decode_length(
                usize::try_from(length).map_err(|_| "max_decode_length must be 0 or more")?,
            ),
            ("per_string", Value::Bool(alone)) => {
                self.scope = if alone { Scope::String } else { Scope::Column };
                config
            }
            ("fix", Value::Str(name)) => {
                self.fix = Some(name);
                config
            }
            (flag, Value::Bool(on)) => set_flag(config, flag, on)?,
            (key, value) => return Err(format!("unexpected option {key}={value:?}")),
        };
        Ok(())
    }
}

/// Sets the boolean option `name` of `config`.
fn set_flag(config: TextFixerConfig, name: &str, on: bool) -> Result<TextFixerConfig, String> {
    Ok(match name {
        "remove_terminal_escapes" => config.remove_terminal_escapes(on),
        "fix_encoding" => config.fix_encoding(on),
        "restore_byte_a0" => config.restore_byte_a0(on),
        "replace_lossy_sequences" => config.replace_lossy_sequences(on),
        "decode_inconsistent_utf8" => config.decode_inconsistent_utf8(on),
        "fix_c1_controls" => config.fix_c1_controls(on),
        "fix_latin_ligatures" => config.fix_latin_ligatures(on),
        "fix_character_width" => config.fix_character_width(on),
        "uncurl_quotes" => config.uncurl_quotes(on),
        "fix_line_breaks" => config.fix_line_breaks(on),
        "fix_surrogates" => config.fix_surrogates(on),
        "remove_control_chars" => config.remove_control_chars(on),
        "extended_recovery" => config.extended_recovery(on),
        "explain" => config.explain(on),
        other => return Err(format!("unknown option {other}")),
    })
}

/// The number of threads to fix a column on: every core, unless Polars
/// runs this call in parallel with others already.
fn threads(context: &CallerContext) -> usize {
    if context.parallel() {
        1
    } else {
        std::thread::available_parallelism().map_or(1, usize::from)
    }
}

/// Applies `each` to every row of `values` (`None` for a null) on
/// `threads` threads, in order. Polars' strings are UTF-8: a row that is
/// not is an error.
fn map_rows<T: Send>(
    values: &[Option<&[u8]>],
    threads: usize,
    each: impl Fn(&str) -> T + Sync,
) -> Result<Vec<Option<T>>, String> {
    let map_part = |part: &[Option<&[u8]>]| -> Result<Vec<Option<T>>, String> {
        part.iter()
            .map(|value| match value {
                None => Ok(None),
                Some(bytes) => simdutf8::basic::from_utf8(bytes)
                    .map(|text| Some(each(text)))
                    .map_err(|_| "a row that is not valid UTF-8".to_owned()),
            })
            .collect()
    };
    let bytes: usize = values.iter().flatten().map(|value| value.len()).sum();
    if threads <= 1 || bytes < crate::interrupt::GIL_FREE_BYTES {
        return map_part(values);
    }
    // Parts small enough to even out rows of uneven cost over the threads.
    let parts: Vec<&[Option<&[u8]>]> = values.chunks(values.len().div_ceil(threads * 16)).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::Mutex::new(Vec::with_capacity(parts.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(part) = parts.get(index) else { break };
                let mapped = map_part(part);
                done.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((index, mapped));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_unstable_by_key(|(index, _)| *index);
    let mut out = Vec::with_capacity(values.len());
    for (_, mapped) in done {
        out.extend(mapped?);
    }
    Ok(out)
}

/// The rows of every array of a series, for a column's decision.
fn series_strings(series: &Series) -> impl Iterator<Item = &str> {
    let layout = Layout::from_format(&series.info.format);
    series.arrays.iter().flat_map(move |array| {
        // Safety: a live array of the type its schema names.
        let values = layout
            .map(|layout| unsafe { strings::read_values(layout, &array.0) }.unwrap_or_default())
            .unwrap_or_default();
        values
            .into_iter()
            .flatten()
            .filter_map(|bytes| simdutf8::basic::from_utf8(bytes).ok())
    })
}

/// What an expression does to one row.
enum RowFunction<'a> {
    /// Text to text: `None` when it leaves the row as it is.
    Text(&'a (dyn Fn(&str) -> Option<String> + Sync)),
    Bool(fn(&str) -> bool),
    Count(fn(&str) -> usize),
}

/// Runs `function` on every row of the one input series.
fn run(
    inputs: Vec<Series>,
    context: &CallerContext,
    function: RowFunction<'_>,
) -> Result<SeriesExport, String> {
    let [input] = &inputs[..] else {
        return Err(format!("takes one column, not {}", inputs.len()));
    };
    let layout = text_layout(&input.info)?;
    let threads = threads(context);
    let mut arrays = Vec::with_capacity(input.arrays.len());
    for array in &input.arrays {
        // Safety: a live array of the type its schema names.
        let values = unsafe { strings::read_values(layout, &array.0) }?;
        let built = match &function {
            RowFunction::Text(each) => {
                let changes: Vec<(usize, Option<String>)> = map_rows(&values, threads, each)?
                    .into_iter()
                    .enumerate()
                    .filter_map(|(index, fixed)| Some((index, Some(fixed??))))
                    .collect();
                strings::build_array(layout, values, &changes)?
            }
            RowFunction::Bool(each) => {
                let rows = map_rows(&values, threads, each)?;
                fixed_width(
                    &rows,
                    |bits, index, &on| {
                        bits[index / 8] |= u8::from(on) << (index % 8);
                    },
                    |length| length.div_ceil(8),
                )
            }
            RowFunction::Count(each) => {
                let rows = map_rows(&values, threads, |text| each(text) as u32)?;
                fixed_width(
                    &rows,
                    |bytes, index, count| {
                        bytes[index * 4..index * 4 + 4].copy_from_slice(&count.to_le_bytes());
                    },
                    |length| length * 4,
                )
            }
        };
        arrays.push(built);
    }
    let format = match function {
        RowFunction::Text(_) => input.info.format.as_str(),
        RowFunction::Bool(_) => "b",
        RowFunction::Count(_) => "I",
    };
    let spec = SchemaSpec {
        format: CString::new(format).unwrap_or_default(),
        name: input.info.name.clone(),
        dictionary: None,
    };
    Ok(abi::export_series(&spec, arrays))
}

/// An array of a fixed-width type (booleans, integers): its validity and
/// its values, written by `write` into a buffer of `size(length)` bytes.
fn fixed_width<T>(
    rows: &[Option<T>],
    write: impl Fn(&mut [u8], usize, &T),
    size: impl Fn(usize) -> usize,
) -> ArrayData {
    let length = rows.len();
    let null_count = rows.iter().filter(|row| row.is_none()).count();
    let mut values = vec![0u8; size(length)];
    let mut validity = vec![0u8; length.div_ceil(8)];
    for (index, row) in rows.iter().enumerate() {
        if let Some(row) = row {
            write(&mut values, index, row);
            validity[index / 8] |= 1 << (index % 8);
        }
    }
    ArrayData {
        length,
        null_count,
        buffers: vec![(null_count > 0).then_some(validity), Some(values)],
        dictionary: None,
    }
}

/// `Some` of the fixed text, or `None` when nothing changed.
fn changed(fixed: Cow<'_, str>) -> Option<String> {
    match fixed {
        Cow::Borrowed(_) => None,
        Cow::Owned(fixed) => Some(fixed),
    }
}

fn fix_text(
    inputs: Vec<Series>,
    kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    let options = Options::read(kwargs)?;
    let strings = inputs.iter().flat_map(series_strings);
    // The column is one document: the one place its decision is made.
    let column = ColumnFixer::decide(&options.config, options.scope, strings);
    run(
        inputs,
        context,
        RowFunction::Text(&|text| changed(column.fix(text))),
    )
}

fn fix_text_segment(
    inputs: Vec<Series>,
    kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    let config = Options::read(kwargs)?.config;
    run(
        inputs,
        context,
        RowFunction::Text(&|text| changed(ftfy::fix_text_segment(text, &config))),
    )
}

fn fix_encoding(
    inputs: Vec<Series>,
    kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    let config = Options::read(kwargs)?.config;
    run(
        inputs,
        context,
        RowFunction::Text(&|text| changed(ftfy::fix_encoding_with(text, &config))),
    )
}

fn apply_fix(
    inputs: Vec<Series>,
    kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    let name = Options::read(kwargs)?.fix.ok_or("no fix named")?;
    let fix: ftfy::fixes::TextFix = match name.as_str() {
        "decode_escapes" => ftfy::fixes::decode_escapes,
        "remove_bom" => remove_bom,
        name => Fix::from_name(name)
            .and_then(Fix::text_fix)
            .ok_or_else(|| format!("unknown fix {name}"))?,
    };
    run(
        inputs,
        context,
        RowFunction::Text(&|text| changed(fix(text))),
    )
}

/// ftfy's `remove_bom`: the byte-order marks at the start go.
fn remove_bom(text: &str) -> Cow<'_, str> {
    match text.trim_start_matches('\u{feff}') {
        rest if rest.len() == text.len() => Cow::Borrowed(text),
        rest => Cow::Owned(rest.to_owned()),
    }
}

fn is_bad(
    inputs: Vec<Series>,
    _kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    run(inputs, context, RowFunction::Bool(ftfy::badness::is_bad))
}

fn badness(
    inputs: Vec<Series>,
    _kwargs: &[u8],
    context: &CallerContext,
) -> Result<SeriesExport, String> {
    run(inputs, context, RowFunction::Count(ftfy::badness::badness))
}

/// Exports the pair of C functions Polars calls for the expression `NAME`:
/// `_polars_plugin_NAME`, which runs `$run`, and `_polars_plugin_field_NAME`,
/// which gives its output field.
macro_rules! expression {
    ($symbol:ident, $field_symbol:ident, $run:ident, $output:expr) => {
        /// Polars' plugin entry point for this expression.
        ///
        /// # Safety
        /// Polars calls it as its plugin interface 0.1 says (see `abi`).
        #[no_mangle]
        pub unsafe extern "C" fn $symbol(
            inputs: *const SeriesExport,
            count: usize,
            kwargs: *const u8,
            kwargs_len: usize,
            out: *mut SeriesExport,
            context: *const CallerContext,
        ) {
            let result = std::panic::catch_unwind(|| {
                // Safety: as Polars' interface promises.
                let (inputs, kwargs, context) = unsafe {
                    (
                        abi::take_inputs(inputs, count),
                        bytes(kwargs, kwargs_len),
                        &*context,
                    )
                };
                $run(inputs, kwargs, context)
            });
            // Safety: as above.
            unsafe { abi::write_result(out, result) };
        }

        /// Polars' entry point for this expression's output field.
        ///
        /// # Safety
        /// Polars calls it as its plugin interface 0.1 says (see `abi`).
        #[no_mangle]
        pub unsafe extern "C" fn $field_symbol(
            fields: *const ArrowSchema,
            count: usize,
            out: *mut ArrowSchema,
            _kwargs: *const u8,
            _kwargs_len: usize,
        ) {
            // Safety: as Polars' interface promises.
            let fields = unsafe { abi::read_fields(fields, count) };
            let field = output_field(&fields, $output);
            // Safety: as above.
            unsafe { abi::write_field(out, field) };
        }
    };
}

/// The bytes of the keyword arguments.
///
/// # Safety
/// `pointer` points to `length` bytes (or `length` is 0).
unsafe fn bytes<'a>(pointer: *const u8, length: usize) -> &'a [u8] {
    if pointer.is_null() || length == 0 {
        &[]
    } else {
        // Safety: as the caller promises.
        unsafe { std::slice::from_raw_parts(pointer, length) }
    }
}

expression!(
    _polars_plugin_fix_text,
    _polars_plugin_field_fix_text,
    fix_text,
    Output::Text
);
expression!(
    _polars_plugin_fix_text_segment,
    _polars_plugin_field_fix_text_segment,
    fix_text_segment,
    Output::Text
);
expression!(
    _polars_plugin_fix_encoding,
    _polars_plugin_field_fix_encoding,
    fix_encoding,
    Output::Text
);
expression!(
    _polars_plugin_apply_fix,
    _polars_plugin_field_apply_fix,
    apply_fix,
    Output::Text
);
expression!(
    _polars_plugin_is_bad,
    _polars_plugin_field_is_bad,
    is_bad,
    Output::Bool
);
expression!(
    _polars_plugin_badness,
    _polars_plugin_field_badness,
    badness,
    Output::Count
);

/// The plugin interface's version, which Polars asks first.
#[no_mangle]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    abi::VERSION
}

/// The message of the last call on this thread that wrote no output.
#[no_mangle]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const std::ffi::c_char {
    abi::last_error()
}
