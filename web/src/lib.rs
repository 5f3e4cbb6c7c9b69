//! The WebAssembly half of ftfy's npm package: thin `wasm-bindgen`
//! exports over the library's public API, for the JavaScript half
//! (`web/js/api.js`) to wrap in the package's API (`fixText`,
//! `fixAndExplain`, `fixBytes`, …).
//!
//! The JavaScript half checks every argument and throws `TypeError` or
//! `RangeError` for a wrong one; what reaches this side is a string, bytes,
//! and options encoded as numbers ([`options`]), checked again here. The
//! library is total, so nothing here panics on any input; errors the
//! library reports (a plan that does not apply, bytes the encoding cannot
//! decode) become thrown `Error`s. Should a panic happen all the same (a
//! bug), the panic hook leaves its message where the JavaScript half finds
//! it, and that half turns the trap into an `Error` and starts a fresh
//! instance of the module.

pub mod options;
pub mod pieces;
pub mod text;

use std::cell::RefCell;
use std::io::{self, Read};
use std::rc::Rc;

use ftfy::file::FixFileError;
use ftfy::{ExplainedText, ExplanationStep, TextFixerConfig};
use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::options::{EncodedOptions, FLAG_NAMES};
use crate::pieces::{FixedPieces, BATCH_BYTES};

/// The property of the global object where the panic hook leaves the
/// panic's message.
const PANIC_MESSAGE_KEY: &str = "__ftfyPanicMessage";

/// Runs when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = JsValue::from_str(&info.to_string());
        // Nothing else can be done if even this fails.
        let _ = Reflect::set(&js_sys::global(), &PANIC_MESSAGE_KEY.into(), &message);
    }));
}

/// Panics, on purpose: the tests call it to check that a panic reaches
/// JavaScript as an `Error` and that the module works again after it. Not
/// part of the package's API.
#[doc(hidden)]
#[wasm_bindgen]
pub fn panic_for_tests(message: &str) {
    panic!("{message}");
}

/// The boolean options, in the order of their bits in `flags`.
#[wasm_bindgen]
pub fn option_names() -> Vec<String> {
    FLAG_NAMES.iter().map(|&name| name.to_owned()).collect()
}

/// The configuration for a call's encoded options.
fn config(
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<TextFixerConfig, JsError> {
    EncodedOptions {
        flags,
        unescape_html,
        normalization,
        max_decode_length,
    }
    .config()
    .map_err(|message| JsError::new(&message))
}

/// The module's memory, where the JavaScript half writes text into the
/// input buffer and reads answers from the output buffer ([`text`]).
#[wasm_bindgen]
pub fn module_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// The address of a buffer of at least `capacity` bytes, where the
/// JavaScript half writes the next call's text as UTF-8.
#[wasm_bindgen]
pub fn input_buffer(capacity: usize) -> usize {
    text::input_buffer(capacity)
}

/// Runs `work` on the text in the input buffer with the configuration.
fn on_input<T>(
    length: usize,
    options: [u32; 4],
    work: impl FnOnce(&str, &TextFixerConfig) -> T,
) -> Result<T, JsError> {
    let [flags, unescape_html, normalization, max_decode_length] = options;
    let config = config(flags, unescape_html, normalization, max_decode_length)?;
    text::with_input(length, |input| work(input, &config)).map_err(|message| JsError::new(&message))
}

/// `fix_text_with` on the input buffer's `length` bytes, as [`text::Changes`].
#[wasm_bindgen]
pub fn fix_text(
    length: usize,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<Vec<u32>, JsError> {
    let options = [flags, unescape_html, normalization, max_decode_length];
    on_input(length, options, text::fix_text)
}

/// The texts of a column fixed with one [`ftfy::ColumnFixer`]: in
/// extended recovery the column is judged as one document (each text
/// alone with `per_string`), as `fix_texts_with` does.
#[wasm_bindgen]
pub fn fix_texts(
    texts: Vec<String>,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
    per_string: bool,
) -> Result<Vec<String>, JsError> {
    let config = config(flags, unescape_html, normalization, max_decode_length)?;
    let column = if per_string {
        ftfy::ColumnFixer::per_string(&config)
    } else {
        ftfy::ColumnFixer::decide(&config, texts.iter().map(String::as_str))
    };
    Ok(texts
        .iter()
        .map(|text| column.fix(text).into_owned())
        .collect())
}

/// `fix_text_segment` on the input buffer, as [`text::Changes`].
#[wasm_bindgen]
pub fn fix_text_segment(
    length: usize,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<Vec<u32>, JsError> {
    let options = [flags, unescape_html, normalization, max_decode_length];
    on_input(length, options, |input, config| {
        text::whole(input, ftfy::fix_text_segment(input, config))
    })
}

/// `fix_encoding_with` on the input buffer, as [`text::Changes`].
#[wasm_bindgen]
pub fn fix_encoding(
    length: usize,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<Vec<u32>, JsError> {
    let options = [flags, unescape_html, normalization, max_decode_length];
    on_input(length, options, |input, config| {
        text::whole(input, ftfy::fix_encoding_with(input, config))
    })
}

/// Fixed text and its plan, flat: the text, `"plan"` or `"none"` (for an
/// explanation of `None`), then each step's action and parameter names.
fn flat_explained(explained: ExplainedText) -> Vec<String> {
    let marker = if explained.explanation.is_some() {
        "plan"
    } else {
        "none"
    };
    let steps = explained.explanation.unwrap_or_default();
    let mut flat = Vec::with_capacity(2 + 2 * steps.len());
    flat.push(explained.text);
    flat.push(marker.to_owned());
    for step in steps {
        flat.push(step.action().name().to_owned());
        flat.push(step.parameter_name().to_owned());
    }
    flat
}

/// `fix_and_explain`, flat: the text, `"plan"` or `"none"`, then each
/// step's action and parameter.
#[wasm_bindgen]
pub fn fix_and_explain(
    text: &str,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<Vec<String>, JsError> {
    let config = config(flags, unescape_html, normalization, max_decode_length)?;
    Ok(flat_explained(ftfy::fix_and_explain(text, &config)))
}

/// `fix_encoding_and_explain`, flat, as `fix_and_explain`.
#[wasm_bindgen]
pub fn fix_encoding_and_explain(
    text: &str,
    flags: u32,
    unescape_html: u32,
    normalization: u32,
    max_decode_length: u32,
) -> Result<Vec<String>, JsError> {
    let config = config(flags, unescape_html, normalization, max_decode_length)?;
    Ok(flat_explained(ftfy::fix_encoding_and_explain(
        text, &config,
    )))
}

/// `apply_plan`, with the plan flat: each step's action and parameter.
#[wasm_bindgen]
pub fn apply_plan(text: &str, plan: Vec<String>) -> Result<String, JsError> {
    if plan.len() % 2 != 0 {
        return Err(JsError::new("a plan step needs an action and a parameter"));
    }
    let steps = plan
        .chunks_exact(2)
        .map(|step| ExplanationStep::from_names(&step[0], &step[1]))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| JsError::new(&error.to_string()))?;
    ftfy::apply_plan(text, &steps).map_err(|error| JsError::new(&error.to_string()))
}

/// `explain_unicode`.
#[wasm_bindgen]
pub fn explain_unicode(text: &str) -> String {
    ftfy::explain_unicode(text)
}

/// `badness::is_bad` on the input buffer.
#[wasm_bindgen]
pub fn is_bad(length: usize) -> Result<bool, JsError> {
    text::with_input(length, ftfy::badness::is_bad).map_err(|message| JsError::new(&message))
}

/// `badness::badness` on the input buffer.
#[wasm_bindgen]
pub fn badness(length: usize) -> Result<f64, JsError> {
    text::with_input(length, |input| ftfy::badness::badness(input) as f64)
        .map_err(|message| JsError::new(&message))
}

/// An `Error` with `message`, and the byte `offset` and `encoding` where
/// decoding failed as properties.
fn decoding_error(message: &str, encoding: &str, offset: usize) -> JsValue {
    let error = js_sys::Error::new(message);
    // Setting a property of a fresh Error cannot fail.
    let _ = Reflect::set(&error, &"offset".into(), &(offset as f64).into());
    let _ = Reflect::set(&error, &"encoding".into(), &encoding.into());
    error.into()
}

/// `guess_bytes_with`: the text and the encoding's name.
#[wasm_bindgen]
pub fn guess_bytes(bytes: &[u8], extended_recovery: bool) -> Result<Vec<String>, JsValue> {
    let config = TextFixerConfig::default().extended_recovery(extended_recovery);
    match ftfy::guess_bytes_with(bytes, &config) {
        Ok((text, encoding)) => Ok(vec![text, encoding.to_owned()]),
        Err(error) => {
            let encoding = match &error {
                ftfy::codecs::CodecError::Undecodable { codec, .. } => codec,
                _ => "utf-16",
            };
            Err(decoding_error(
                &error.to_string(),
                encoding,
                error.offset().unwrap_or(0),
            ))
        }
    }
}

/// Reads bytes by calling a JavaScript function `read(maxBytes)`, which
/// returns a `Uint8Array` (empty at the end of the input; longer than
/// asked is fine, the rest is kept for the next read).
struct JsReader {
    read: js_sys::Function,
    /// Bytes returned beyond what the last read asked for.
    leftover: Option<Uint8Array>,
    /// What `read` threw, to throw again from `FileFixer`.
    thrown: Rc<RefCell<Option<JsValue>>>,
}

impl JsReader {
    /// A reader calling `read`, and where it leaves what `read` throws.
    fn new(read: js_sys::Function) -> (JsReader, Rc<RefCell<Option<JsValue>>>) {
        let thrown = Rc::new(RefCell::new(None));
        let reader = JsReader {
            read,
            leftover: None,
            thrown: Rc::clone(&thrown),
        };
        (reader, thrown)
    }

    fn fail(&self, thrown: JsValue) -> io::Error {
        *self.thrown.borrow_mut() = Some(thrown);
        io::Error::other("the read function threw")
    }
}

impl Read for JsReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let chunk = match self.leftover.take() {
            Some(chunk) => chunk,
            None => {
                let asked = JsValue::from(u32::try_from(buf.len()).unwrap_or(u32::MAX));
                let value = self
                    .read
                    .call1(&JsValue::UNDEFINED, &asked)
                    .map_err(|thrown| self.fail(thrown))?;
                match value.dyn_into::<Uint8Array>() {
                    Ok(chunk) => chunk,
                    Err(_) => {
                        let error = js_sys::TypeError::new(
                            "FileFixer: read(maxBytes) must return a Uint8Array (an empty one at the end)",
                        );
                        return Err(self.fail(error.into()));
                    }
                }
            }
        };
        let length = chunk.length();
        let taken = length.min(u32::try_from(buf.len()).unwrap_or(u32::MAX));
        // copy_to needs the lengths equal, as they are here.
        chunk.subarray(0, taken).copy_to(&mut buf[..taken as usize]);
        if taken < length {
            self.leftover = Some(chunk.subarray(taken, length));
        }
        Ok(taken as usize)
    }
}

/// The batch size asked for, 0 meaning [`BATCH_BYTES`].
fn batch_size(batch_bytes: u32) -> usize {
    match batch_bytes {
        0 => BATCH_BYTES,
        bytes => bytes as usize,
    }
}

/// Bytes in any encoding, read through a JavaScript function and fixed a
/// batch at a time (see [`FixedPieces`]).
#[wasm_bindgen]
pub struct FileFixer {
    pieces: FixedPieces<JsReader>,
    thrown: Rc<RefCell<Option<JsValue>>>,
}

#[wasm_bindgen]
impl FileFixer {
    /// Reads with `read`, decoding with `encoding` or guessing it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        read: js_sys::Function,
        encoding: Option<String>,
        flags: u32,
        unescape_html: u32,
        normalization: u32,
        max_decode_length: u32,
        batch_bytes: u32,
    ) -> Result<FileFixer, JsValue> {
        let config = config(flags, unescape_html, normalization, max_decode_length)?;
        let (reader, thrown) = JsReader::new(read);
        let pieces = FixedPieces::new(
            reader,
            encoding.as_deref(),
            &config,
            batch_size(batch_bytes),
        )
        .map_err(|error| JsValue::from(js_sys::RangeError::new(&error.to_string())))?;
        Ok(FileFixer { pieces, thrown })
    }

    /// A fixer for the bytes that follow this one's input, read with
    /// `read`: see [`FixedPieces::continued`].
    pub fn continued(
        &self,
        read: js_sys::Function,
        batch_bytes: u32,
    ) -> Result<FileFixer, JsValue> {
        if self.pieces.encoding().is_none() {
            let message =
                "FileFixer.continueWith: the encoding is not known yet; read a piece first";
            return Err(js_sys::Error::new(message).into());
        }
        let (reader, thrown) = JsReader::new(read);
        let pieces = self
            .pieces
            .continued(reader, batch_size(batch_bytes))
            .map_err(|error| JsValue::from(js_sys::Error::new(&error.to_string())))?;
        Ok(FileFixer { pieces, thrown })
    }

    /// Whether the text fixed so far leaves the state a text starts in.
    pub fn at_start_state(&self) -> bool {
        self.pieces.at_start_state()
    }

    fn error(&self, error: FixFileError) -> JsValue {
        match error {
            FixFileError::Undecodable { encoding, offset } => {
                decoding_error(&error.to_string(), encoding, offset)
            }
            other => match self.thrown.borrow_mut().take() {
                Some(thrown) => thrown,
                None => js_sys::Error::new(&other.to_string()).into(),
            },
        }
    }

    /// The next batch of fixed text, or `undefined` at the end.
    pub fn next_text(&mut self) -> Result<Option<String>, JsValue> {
        self.pieces.next_piece().map_err(|error| self.error(error))
    }

    /// The next batch of fixed text as UTF-8, or `undefined` at the end.
    pub fn next_utf8(&mut self) -> Result<Option<Vec<u8>>, JsValue> {
        Ok(self.next_text()?.map(String::into_bytes))
    }

    /// The encoding's name, once known.
    pub fn encoding(&self) -> Option<String> {
        self.pieces.encoding().map(str::to_owned)
    }

    /// How many bytes have been read.
    pub fn bytes_read(&self) -> f64 {
        self.pieces.bytes_read() as f64
    }

    /// How many lines have been fixed.
    pub fn lines(&self) -> f64 {
        self.pieces.lines() as f64
    }

    /// How many of them fixing changed.
    pub fn changed_lines(&self) -> f64 {
        self.pieces.changed_lines() as f64
    }

    /// The first changed lines, flat: each one's number, text before and
    /// text after.
    pub fn examples(&self) -> Vec<String> {
        self.pieces
            .examples()
            .iter()
            .flat_map(|example| {
                [
                    example.line.to_string(),
                    example.before.clone(),
                    example.after.clone(),
                ]
            })
            .collect()
    }
}
