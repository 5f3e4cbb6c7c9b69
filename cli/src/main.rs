//! The `ftfy` command: fixes the text of a file or of standard input.
//!
//! The input is read in batches that end where `fix_text` ends a segment
//! (`ftfy::file::TextBatches`); with `-j N` the batches are fixed on N
//! threads and written back in order, so the output is the same as with
//! `-j 1`, and the same as [`ftfy::fix_text_with`] on the whole input.
//! Memory stays bounded by a few batches per thread, however long the
//! lines.

mod batches;
mod ftfy_messages;
mod jsonl;
mod output;
mod progress;

use std::fs::File;
use std::io;
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::thread;

use clap::{Parser, ValueEnum};
use ftfy::codecs::Codec;
use ftfy::file::{Errors, FixFileError, Guesser, TextBatches};
use ftfy::{EncodingGuess, Normalization, TextFixerConfig, UnescapeHtml};

use batches::{BatchFixer, Explain};
use output::Output;
use progress::Progress;

/// The size of the batches the input is read and fixed in: large enough
/// that handing them to threads costs little, small enough for memory.
const BATCH_BYTES: usize = 1 << 20;

#[derive(Parser)]
#[command(
    name = "ftfy",
    version,
    about = concat!("ftfy (fixes text for you), version ", env!("CARGO_PKG_VERSION")),
    override_usage = "ftfy [-h] [-o OUTPUT] [-g] [-e ENCODING] [-n NORMALIZATION] \
                      [--preserve-entities] [OPTIONS] [filename]",
    after_help = "Reads UTF-8 and writes UTF-8 unless told otherwise. \
                  Example: curl -s URL | ftfy | sort | uniq -c"
)]
struct Args {
    /// The file whose Unicode is to be fixed. Defaults to -, meaning standard input.
    #[arg(
        value_name = "filename",
        default_value = "-",
        hide_default_value = true
    )]
    filename: String,
    /// The file to output to. Defaults to -, meaning standard output.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: String,
    /// Guess the encoding of your input: every encoding ftfy knows (UTF-8,
    /// UTF-16 and UTF-32 with or without a byte-order mark, the Windows,
    /// ISO-8859, DOS, Mac and KOI8 code pages, the CJK encodings, ISO-2022),
    /// judged by a language model on the first 64 KiB that hold more than
    /// ASCII; bytes it cannot decode become U+FFFD. Overrides -e.
    #[arg(short, long)]
    guess: bool,
    /// With -g, guess as ftfy 6.3.1 does instead: from the first line, UTF-16
    /// with a byte-order mark, UTF-8, MacRoman when lines end in CR alone,
    /// else sloppy-windows-1252; bytes it cannot decode are an error.
    #[arg(long, requires = "guess")]
    ftfy_guess: bool,
    /// What to do with bytes the encoding cannot decode: stop with an error
    /// (strict), or read them as U+FFFD (replace). Defaults to replace with
    /// -g, strict otherwise.
    #[arg(long, value_enum, value_name = "POLICY")]
    errors: Option<ErrorPolicy>,
    /// The encoding of the input. Defaults to UTF-8. Also: latin-1,
    /// sloppy-windows-1252 (and other sloppy-*), windows-125x, iso-8859-x,
    /// utf-8-variants, macroman, mac-cyrillic, cp437, cp850, ibm855, ibm866,
    /// cp864, koi8-r, koi8-u, utf-16 and utf-32 (with or without le/be),
    /// shift_jis, cp932, euc-jp, iso-2022-jp, gb2312, gbk, big5, big5hkscs,
    /// euc-kr, johab, iso-2022-kr (read as Python reads them), and WHATWG
    /// labels such as gb18030.
    #[arg(short, long, default_value = Codec::Utf8.name(), hide_default_value = true)]
    encoding: String,
    /// The normalization of Unicode to apply. Defaults to NFC. Can be "none".
    #[arg(short, long, default_value = "NFC", hide_default_value = true)]
    normalization: String,
    /// Leave HTML entities as they are. The default is to decode them, as long
    /// as no HTML tags have appeared in the file.
    #[arg(long)]
    preserve_entities: bool,
    /// When to decode HTML entities such as &amp; (auto: until a line holds a
    /// '<'). Overrides --preserve-entities.
    #[arg(long, value_enum, value_name = "WHEN")]
    unescape_html: Option<HtmlMode>,
    /// Keep ANSI terminal escapes (such as color codes).
    #[arg(long)]
    no_remove_terminal_escapes: bool,
    /// Do not fix mojibake.
    #[arg(long)]
    no_fix_encoding: bool,
    /// Do not restore U+00A0 that became a space inside mojibake.
    #[arg(long)]
    no_restore_byte_a0: bool,
    /// Do not decode mojibake that lost bytes to U+FFFD or '?'.
    #[arg(long)]
    no_replace_lossy_sequences: bool,
    /// Do not fix mojibake embedded in otherwise undecodable text.
    #[arg(long)]
    no_decode_inconsistent_utf8: bool,
    /// Keep C1 control characters.
    #[arg(long)]
    no_fix_c1_controls: bool,
    /// Keep Latin ligatures such as ﬁ.
    #[arg(long)]
    no_fix_latin_ligatures: bool,
    /// Keep full-width and half-width characters.
    #[arg(long)]
    no_fix_character_width: bool,
    /// Keep curly quotes.
    #[arg(long)]
    no_uncurl_quotes: bool,
    /// Keep CRLF, CR and Unicode line separators.
    #[arg(long)]
    no_fix_line_breaks: bool,
    /// Keep unpaired surrogates (only --jsonl values can hold them: their
    /// \ud800-style escapes otherwise become U+FFFD).
    #[arg(long)]
    no_fix_surrogates: bool,
    /// Keep invisible control characters and byte-order marks.
    #[arg(long)]
    no_remove_control_chars: bool,
    /// The longest piece of a line, in characters, to fix at once; longer
    /// lines are fixed in pieces.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    max_decode_length: usize,
    /// Also recover the mojibake ftfy 6.3.1 leaves broken (Latin text read
    /// as Cyrillic or Greek, mixed lines, straightened quotes) and one
    /// legacy encoding read as another (Ïðèâåò → Привет). Off by default:
    /// the default answers are ftfy 6.3.1's.
    #[arg(long)]
    extended_recovery: bool,
    /// For each line that changed, print the plan that fixed it on standard
    /// error; with -g, first the encoding guessed, and the candidates it was
    /// weighed against with their evidence.
    #[arg(long)]
    explain: bool,
    /// How --explain prints plans: text (Python tuples) or json (one object
    /// per line).
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    explain_format: ExplainFormat,
    /// Read JSON lines, and fix only the top-level string field FIELD of each
    /// record, leaving every other byte of the record as it was.
    #[arg(long, value_name = "FIELD")]
    jsonl: Option<String>,
    /// The number of threads fixing text. Defaults to the number of cores.
    #[arg(short, long, value_name = "N")]
    jobs: Option<NonZeroUsize>,
    /// The input size, in bytes, of the batches of lines that threads fix.
    #[arg(long, hide = true, default_value_t = BATCH_BYTES)]
    batch_bytes: usize,
    /// Print each code point of TEXT (its number, glyph, category and name)
    /// instead of fixing a file.
    #[arg(long, value_name = "TEXT", conflicts_with = "filename")]
    explain_unicode: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum HtmlMode {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum ErrorPolicy {
    Strict,
    Replace,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExplainFormat {
    Text,
    Json,
}

/// A failure that ends the run with a one-line message.
#[derive(Debug)]
enum Failure {
    /// Standard output was closed by its reader (as in `ftfy big.txt |
    /// head`), which ends the run quietly.
    BrokenPipe,
    Message(String),
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure::Message(error.to_string())
    }
}

/// What ftfy's message for bytes that do not decode quotes: the input
/// file, to read the bad line again (`None` for standard input), and the
/// encoding as it was named (`None` when guessed).
static QUOTED: std::sync::OnceLock<(Option<std::path::PathBuf>, Option<String>)> =
    std::sync::OnceLock::new();

/// What the command says when the input cannot be read or decoded.
fn read_failure(error: FixFileError) -> Failure {
    match error {
        // ftfy's words, with Python's error for the bytes of the bad line.
        FixFileError::Undecodable { encoding, offset } => {
            let (path, named) = QUOTED.get().cloned().unwrap_or_default();
            let named = named.as_deref().unwrap_or(encoding);
            if ftfy_messages::is_utf16(encoding) {
                // Read whole, as Python would decode the whole input: the
                // position is the input's offset.
                let found = path.and_then(|path| ftfy_messages::bytes_at(&path, offset));
                let (bytes, big_endian) = found.unwrap_or_default();
                let codec = match (encoding, big_endian) {
                    ("utf-16", true) => "utf-16be",
                    (encoding, _) => encoding,
                };
                let bytes = (!bytes.is_empty()).then_some(&bytes[..]);
                return ftfy_messages::undecodable(named, codec, bytes, offset).into();
            }
            let line = path.and_then(|path| ftfy_messages::line_at(&path, offset));
            match line {
                Some((line, position)) => {
                    ftfy_messages::undecodable(named, encoding, Some(&line), position)
                }
                None => ftfy_messages::undecodable(named, encoding, None, offset),
            }
            .into()
        }
        error => error.into(),
    }
}

/// Runs the command; returns the exit status.
fn run() -> i32 {
    let args = Args::parse();
    match run_with(&args) {
        Ok(()) | Err(Failure::BrokenPipe) => 0,
        Err(Failure::Message(message)) => {
            // The layout of ftfy's messages, which scripts may parse.
            eprintln!("ftfy error:\n{message}");
            1
        }
    }
}

fn config_from(args: &Args) -> Result<TextFixerConfig, Failure> {
    let normalization = if args.normalization.eq_ignore_ascii_case("none") {
        None
    } else {
        Some(
            Normalization::from_name(&args.normalization).ok_or_else(|| {
                format!(
                    "unknown normalization '{}': use NFC, NFD, NFKC, NFKD or none",
                    args.normalization
                )
            })?,
        )
    };
    let unescape_html = match (args.unescape_html, args.preserve_entities) {
        (Some(HtmlMode::Auto), _) | (None, false) => UnescapeHtml::Auto,
        (Some(HtmlMode::Always), _) => UnescapeHtml::Always,
        (Some(HtmlMode::Never), _) | (None, true) => UnescapeHtml::Never,
    };
    Ok(TextFixerConfig::default()
        .unescape_html(unescape_html)
        .normalization(normalization)
        .remove_terminal_escapes(!args.no_remove_terminal_escapes)
        .fix_encoding(!args.no_fix_encoding)
        .restore_byte_a0(!args.no_restore_byte_a0)
        .replace_lossy_sequences(!args.no_replace_lossy_sequences)
        .decode_inconsistent_utf8(!args.no_decode_inconsistent_utf8)
        .fix_c1_controls(!args.no_fix_c1_controls)
        .fix_latin_ligatures(!args.no_fix_latin_ligatures)
        .fix_character_width(!args.no_fix_character_width)
        .uncurl_quotes(!args.no_uncurl_quotes)
        .fix_line_breaks(!args.no_fix_line_breaks)
        .fix_surrogates(!args.no_fix_surrogates)
        .remove_control_chars(!args.no_remove_control_chars)
        .max_decode_length(args.max_decode_length)
        .extended_recovery(args.extended_recovery)
        .explain(false))
}

fn run_with(args: &Args) -> Result<(), Failure> {
    if let Some(text) = &args.explain_unicode {
        let mut stdout = io::stdout().lock();
        return match ftfy::write_explanation(text, &mut stdout) {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Err(Failure::BrokenPipe),
            result => Ok(result?),
        };
    }
    let config = config_from(args)?;
    let reading_stdin = args.filename == "-";
    let (input, input_len): (Box<dyn io::Read + Send>, Option<u64>) = if reading_stdin {
        (Box::new(io::stdin()), None)
    } else {
        let cannot_open = |error: io::Error| format!("cannot open {}: {error}", args.filename);
        let file = File::open(&args.filename).map_err(cannot_open)?;
        let metadata = file.metadata().map_err(cannot_open)?;
        if metadata.is_dir() {
            return Err(format!("{} is a directory", args.filename).into());
        }
        (Box::new(file), Some(metadata.len()))
    };
    let encoding = (!args.guess).then_some(args.encoding.as_str());
    QUOTED.get_or_init(|| {
        let path = (!reading_stdin).then(|| args.filename.clone().into());
        (path, encoding.map(str::to_owned))
    });
    // JSON records are fixed field by field, so their batches must hold
    // whole lines, however long: only text is cut where fix_text cuts.
    let cutting = match args.jsonl {
        Some(_) => config.clone().max_decode_length(usize::MAX),
        None => config.clone(),
    };
    let mut batches = TextBatches::new(input, encoding, &cutting, args.batch_bytes)?;
    if args.guess {
        batches = batches.guesser(if args.ftfy_guess {
            Guesser::FirstLine
        } else {
            Guesser::Document
        });
    }
    if let Some(policy) = args.errors {
        batches = batches.errors(match policy {
            ErrorPolicy::Strict => Errors::Strict,
            ErrorPolicy::Replace => Errors::Replace,
        });
    }
    if args.guess && args.explain {
        // Which encoding the guess chose, and why, before any line.
        if let Some(name) = batches.guess_encoding()? {
            eprintln!("ftfy: guessed encoding {name}");
            eprint!("{}", explain_guesses(batches.guesses()));
        }
    }
    let mut output = Output::open(&args.output, (!reading_stdin).then_some(&args.filename))?;
    let input_name = if reading_stdin {
        "standard input"
    } else {
        args.filename.as_str()
    };
    let fixer = BatchFixer::new(
        &config,
        input_name,
        args.jsonl.as_deref(),
        args.explain.then_some(match args.explain_format {
            ExplainFormat::Text => Explain::Text,
            ExplainFormat::Json => Explain::Json,
        }),
    );
    // A file that fits in one batch gives the other threads nothing to
    // do: it is fixed on this one, without the cost of starting them.
    let one_batch = input_len.is_some_and(|len| len <= args.batch_bytes as u64);
    let jobs = args
        .jobs
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let jobs = if one_batch { 1 } else { jobs };
    let bytes_read = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(input_len, Arc::clone(&bytes_read), !args.explain);
    let mut write = |fixed: &batches::Fixed| -> Result<(), Failure> {
        output.write(fixed.text())?;
        if !fixed.explanations().is_empty() {
            eprint!("{}", fixed.explanations());
        }
        progress.update();
        Ok(())
    };
    let result = if jobs == 1 {
        batches::run_sequential(batches, &fixer, &bytes_read, &mut write)
    } else {
        batches::run_parallel(batches, &fixer, jobs, &bytes_read, &mut write)
    };
    progress.finish();
    result?;
    output.commit()
}

/// The candidates a guess weighed, most likely first, with their
/// evidence: the first few readings, each with up to three of the
/// encodings that read the bytes alike.
fn explain_guesses(guesses: &[EncodingGuess]) -> String {
    const READINGS: usize = 6;
    const ALIKE: usize = 3;
    let mut out = String::new();
    let line = |guess: &EncodingGuess, evidence: &str| {
        format!(
            "ftfy:   {:<20} {:>6.2}%  {evidence}\n",
            guess.encoding,
            100.0 * guess.confidence
        )
    };
    for (number, first) in guesses
        .iter()
        .filter(|guess| guess.reads_like.is_none())
        .enumerate()
    {
        if number == READINGS {
            break;
        }
        out += &line(first, &first.evidence.to_string());
        let alike: Vec<&EncodingGuess> = guesses
            .iter()
            .filter(|guess| guess.reads_like == Some(first.encoding))
            .collect();
        for guess in alike.iter().take(ALIKE) {
            out += &line(guess, &format!("reads like {}", first.encoding));
        }
        if alike.len() > ALIKE {
            out += &format!(
                "ftfy:   ... and {} more that read like {}\n",
                alike.len() - ALIKE,
                first.encoding
            );
        }
    }
    out
}

fn main() {
    std::process::exit(run());
}
