//! The crate's own answers, for the npm package's tests to compare with
//! (`web/tests/`): the package must answer as the crate does.
//!
//! - `crate_oracle sample N SEED` prints N test strings, one JSON string a
//!   line, made from a fixed-seed generator: clean text in many scripts,
//!   the same damaged by every kind of damage the breaker knows, in whole
//!   or in a span, legacy encodings read as others (for extended
//!   recovery), and random mixtures of the characters the fixes act on.
//! - `crate_oracle cyrillic-file PATH BYTES` writes a Windows-1251 file of
//!   about BYTES bytes: numbered lines of Russian and Ukrainian text, with
//!   every 40th line UTF-8 read as Windows-1251 (`РџСЂРёРІРµС‚`), curly
//!   quotes and HTML entities here and there, for the page's file test.
//! - `crate_oracle answer` reads requests, one JSON object a line
//!   (`{"function": "fixText", "text": "…", "options": {…}}`), and prints
//!   one answer a line: `{"ok": value}` or `{"error": message}`. The
//!   options are the package's (camelCase), read here on their own, so
//!   that the package's reading of them is checked too.

use std::io::{self, BufRead, BufWriter, Write};

use ftfy::breaker::{break_span, break_text, break_text_with, Mangle};
use ftfy::codecs::{self, Codec};
use ftfy::{ExplainedText, ExplanationStep, Normalization, TextFixerConfig, UnescapeHtml};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};

/// The package's options, as its tests send them.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Options {
    unescape_html: Option<Value>,
    remove_terminal_escapes: Option<bool>,
    fix_encoding: Option<bool>,
    restore_byte_a0: Option<bool>,
    replace_lossy_sequences: Option<bool>,
    decode_inconsistent_utf8: Option<bool>,
    fix_c1_controls: Option<bool>,
    fix_latin_ligatures: Option<bool>,
    fix_character_width: Option<bool>,
    uncurl_quotes: Option<bool>,
    fix_line_breaks: Option<bool>,
    fix_surrogates: Option<bool>,
    remove_control_chars: Option<bool>,
    /// `null` (no normalization) is a value here, not a missing option.
    #[serde(default, deserialize_with = "present")]
    normalization: Option<Value>,
    max_decode_length: Option<usize>,
    explain: Option<bool>,
    extended_recovery: Option<bool>,
    /// fixBytes's encoding.
    encoding: Option<String>,
}

/// A value that is there, `null` included.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl Options {
    fn config(&self) -> Result<TextFixerConfig, String> {
        let mut config = TextFixerConfig::default();
        type Setter = fn(TextFixerConfig, bool) -> TextFixerConfig;
        let flags: [(Option<bool>, Setter); 14] = [
            (
                self.remove_terminal_escapes,
                TextFixerConfig::remove_terminal_escapes,
            ),
            (self.fix_encoding, TextFixerConfig::fix_encoding),
            (self.restore_byte_a0, TextFixerConfig::restore_byte_a0),
            (
                self.replace_lossy_sequences,
                TextFixerConfig::replace_lossy_sequences,
            ),
            (
                self.decode_inconsistent_utf8,
                TextFixerConfig::decode_inconsistent_utf8,
            ),
            (self.fix_c1_controls, TextFixerConfig::fix_c1_controls),
            (
                self.fix_latin_ligatures,
                TextFixerConfig::fix_latin_ligatures,
            ),
            (
                self.fix_character_width,
                TextFixerConfig::fix_character_width,
            ),
            (self.uncurl_quotes, TextFixerConfig::uncurl_quotes),
            (self.fix_line_breaks, TextFixerConfig::fix_line_breaks),
            (self.fix_surrogates, TextFixerConfig::fix_surrogates),
            (
                self.remove_control_chars,
                TextFixerConfig::remove_control_chars,
            ),
            (self.explain, TextFixerConfig::explain),
            (self.extended_recovery, TextFixerConfig::extended_recovery),
        ];
        for (value, set) in flags {
            if let Some(value) = value {
                config = set(config, value);
            }
        }
        if let Some(value) = &self.unescape_html {
            config = config.unescape_html(match value {
                Value::String(auto) if auto == "auto" => UnescapeHtml::Auto,
                Value::Bool(true) => UnescapeHtml::Always,
                Value::Bool(false) => UnescapeHtml::Never,
                other => return Err(format!("unescapeHtml: {other}")),
            });
        }
        if let Some(value) = &self.normalization {
            config = config.normalization(match value {
                Value::Null => None,
                Value::String(name) => Some(Normalization::from_name(name).ok_or("normalization")?),
                other => return Err(format!("normalization: {other}")),
            });
        }
        if let Some(length) = self.max_decode_length {
            config = config.max_decode_length(length);
        }
        Ok(config)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    function: String,
    #[serde(default)]
    text: String,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    plan: Vec<(String, String)>,
    /// Bytes, as hexadecimal.
    #[serde(default)]
    bytes: String,
    /// For `encode`.
    #[serde(default)]
    encoding: String,
}

fn explained(fixed: ExplainedText) -> Value {
    let plan = fixed.explanation.map(|steps| {
        steps
            .iter()
            .map(|step| json!({"action": step.action().name(), "parameter": step.parameter_name()}))
            .collect::<Vec<_>>()
    });
    json!({"text": fixed.text, "explanation": plan})
}

fn hex_decode(hex: &str) -> Result<Vec<u8>, String> {
    (0..hex.len())
        .step_by(2)
        .map(|at| {
            u8::from_str_radix(hex.get(at..at + 2).ok_or("odd hex")?, 16).map_err(|e| e.to_string())
        })
        .collect()
}

fn answer(request: &Request) -> Result<Value, String> {
    let config = request.options.config()?;
    let text = request.text.as_str();
    Ok(match request.function.as_str() {
        "defaultOptions" => json!(format!("{:?}", TextFixerConfig::default())),
        "config" => json!(format!("{config:?}")),
        "fixText" => json!(ftfy::fix_text_with(text, &config)),
        "fixTextSegment" => json!(ftfy::fix_text_segment(text, &config)),
        "fixEncoding" => json!(ftfy::fix_encoding_with(text, &config)),
        "fixAndExplain" => explained(ftfy::fix_and_explain(text, &config)),
        "fixEncodingAndExplain" => explained(ftfy::fix_encoding_and_explain(text, &config)),
        "applyPlan" => {
            let steps = request
                .plan
                .iter()
                .map(|(action, parameter)| ExplanationStep::from_names(action, parameter))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|error| error.to_string())?;
            json!(ftfy::apply_plan(text, &steps).map_err(|error| error.to_string())?)
        }
        "explainUnicode" => json!(ftfy::explain_unicode(text)),
        "isBad" => json!(ftfy::badness::is_bad(text)),
        "badness" => json!(ftfy::badness::badness(text)),
        "guessBytes" => {
            let (text, encoding) = ftfy::guess_bytes_with(&hex_decode(&request.bytes)?, &config)
                .map_err(|error| error.to_string())?;
            json!({"text": text, "encoding": encoding})
        }
        "fixBytes" => {
            let bytes = hex_decode(&request.bytes)?;
            let mut lines =
                ftfy::fix_file(&bytes[..], request.options.encoding.as_deref(), &config)
                    .map_err(|error| error.to_string())?;
            let text = lines
                .by_ref()
                .collect::<Result<String, _>>()
                .map_err(|error| error.to_string())?;
            json!({"text": text, "encoding": lines.encoding()})
        }
        "encode" => {
            let codec = Codec::from_name(&request.encoding).ok_or("unknown encoding")?;
            let bytes = codec.encode(text).map_err(|error| error.to_string())?;
            json!(bytes
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect::<String>())
        }
        other => return Err(format!("unknown function {other}")),
    })
}

/// A small fixed-seed xorshift generator: the sample must be the same on
/// every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Clean text in many scripts, with the punctuation the fixes care about.
const SENTENCES: &[&str] = &[
    "Le café était fermé à cause de la grève, dit-elle.",
    "Où est la bibliothèque ? À gauche, après l’église.",
    "Größere Straßen führen über die Brücke nach München.",
    "Übermäßig große Äpfel kosten 3,50 € das Stück.",
    "¿Qué tal? Mañana vamos a la montaña con los niños.",
    "Não há problema: a reunião começa às três horas.",
    "Smörgåsbord för två, tack – och en kopp kaffe.",
    "Ærlig talt, øl og æbler på én gang?",
    "Zażółć gęślą jaźń — pchnąć w tę łódź jeża.",
    "Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "Árvíztűrő tükörfúrógép és egy kis kávé.",
    "Şişli'de güzel bir gün, değil mi?",
    "Tiếng Việt có dấu rất đẹp.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Привет, как дела? Сегодня хорошая погода.",
    "Слава Україні! Її ґанок був новий.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία στην Αθήνα.",
    "שלום עולם, מה שלומך היום?",
    "مرحبا بالعالم، كيف حالك؟",
    "नमस्ते दुनिया, आप कैसे हैं?",
    "いろはにほへと ちりぬるを、東京の天気は晴れです。",
    "我能吞下玻璃而不伤身体，你好世界。",
    "다람쥐 헌 쳇바퀴에 타고파, 안녕하세요!",
    "สวัสดีชาวโลก เป็นมนุษย์สุดประเสริฐ",
    "The quick brown fox jumps over the lazy dog.",
    "“Smart quotes” and ‘single ones’ — with dashes… and ellipses.",
    "Price: £12.99, ¥1500, 25 °C, 3×4 = 12, ½ cup, © 2024 ™",
    "Emoji: 👍 🎉 😀 and flags 🇫🇷 in a line.",
    "naïve café résumé coöperate façade",
    "AT&T and R&D &amp; more &lt;3 &#x2019; &hellip;",
    "<p>Some HTML &amp; entities</p>",
    "ﬁnancial ﬂow ﬀ ligatures",
    "ＦＵＬＬ　ＷＩＤＴＨ ｶﾀｶﾅ text",
    "Tab\tseparated\tvalues",
    "user=alice id=1029 status=active",
];

/// Characters the fixes and the heuristic act on, for random mixtures.
const SOUP: &[&str] = &[
    "a",
    "e",
    "Z",
    " ",
    " ",
    "1",
    ".",
    ",",
    "'",
    "\"",
    "\n",
    "\r\n",
    "\r",
    "\t",
    "\u{2028}",
    "\u{85}",
    "é",
    "ü",
    "ß",
    "ñ",
    "à",
    "Ã",
    "Â",
    "â",
    "€",
    "™",
    "œ",
    "Å",
    "Ð",
    "Ñ",
    "Ã©",
    "Ã¨",
    "â€™",
    "â€œ",
    "Ã\u{a0}",
    "Â\u{a0}",
    "\u{a0}",
    "\u{ad}",
    "\u{80}",
    "\u{93}",
    "\u{94}",
    "\u{9d}",
    "\u{fffd}",
    "?",
    "П",
    "р",
    "и",
    "Р",
    "С",
    "Ð¿",
    "Ñ€",
    "Î",
    "α",
    "ω",
    "中",
    "文",
    "日",
    "本",
    "한",
    "🙂",
    "\u{1f600}",
    "\u{301}",
    "\u{308}",
    "\u{200b}",
    "\u{feff}",
    "\u{0}",
    "\u{1b}[31m",
    "\u{1b}[0m",
    "&amp;",
    "&lt;",
    "&#x2019;",
    "&eacute;",
    "<",
    ">",
    "ﬁ",
    "Ｆ",
    "　",
    "ｶ",
    "“",
    "”",
    "‘",
    "’",
    "\u{1a}",
    "\u{7f}",
    "ГЉ",
    "Г©",
    "вЂ™",
    "Ïðè",
    "Ð¡Ð",
    "\u{c2}\u{a0}",
    "Ã\u{83}Â\u{a9}",
];

/// Legacy encodings, and the ones they get read as.
const LEGACY_WRITTEN: &[&str] = &[
    "windows-1251",
    "koi8-r",
    "cp866",
    "windows-1250",
    "iso-8859-2",
    "windows-1253",
    "windows-1257",
    "windows-1254",
    "macroman",
    "cp437",
    "sloppy-windows-1252",
    "latin-1",
];
const LEGACY_READ: &[&str] = &[
    "sloppy-windows-1252",
    "latin-1",
    "sloppy-windows-1251",
    "macroman",
    "cp437",
];

/// One to three sentences of the pool, each whole or a run of its words,
/// sometimes numbered, so that few strings repeat.
fn sentence(random: &mut Random) -> String {
    let count = 1 + random.below(3);
    let mut parts = Vec::with_capacity(count + 1);
    if random.below(3) == 0 {
        parts.push(format!("{}:", random.below(100_000)));
    }
    for _ in 0..count {
        let words: Vec<&str> = random.pick(SENTENCES).split(' ').collect();
        let start = random.below(words.len());
        let end = (start + 3 + random.below(words.len())).min(words.len());
        let whole = random.below(2) == 0;
        parts.push(if whole {
            words.join(" ")
        } else {
            words[start..end].join(" ")
        });
    }
    parts.join(" ")
}

/// One legacy encoding read as another, when the text fits both ways.
fn legacy_mixup(random: &mut Random, text: &str) -> Option<String> {
    let written = Codec::from_name(random.pick(LEGACY_WRITTEN))?;
    let read = Codec::from_name(random.pick(LEGACY_READ))?;
    read.decode(&written.encode(text).ok()?).ok()
}

fn damaged(random: &mut Random, text: &str, mangles: &[Mangle]) -> Option<String> {
    match random.below(3) {
        0 => break_text(text, random.pick(mangles)),
        1 => break_text_with(text, &[random.pick(mangles), random.pick(mangles)]),
        _ => {
            let boundaries: Vec<usize> = text
                .char_indices()
                .map(|(at, _)| at)
                .chain([text.len()])
                .collect();
            let (a, b) = (random.pick(&boundaries), random.pick(&boundaries));
            break_span(text, a.min(b)..a.max(b), &[random.pick(mangles)])
        }
    }
}

fn sample_string(random: &mut Random, mangles: &[Mangle]) -> String {
    let text = sentence(random);
    let made = match random.below(10) {
        0 | 1 => Some(text),
        2..=4 => damaged(random, &text, mangles),
        5 | 6 => legacy_mixup(random, &text),
        7 => {
            let lines: Vec<String> = (0..2 + random.below(3))
                .map(|_| {
                    let line = sentence(random);
                    damaged(random, &line, mangles)
                        .filter(|_| random.below(2) == 0)
                        .unwrap_or(line)
                })
                .collect();
            Some(lines.join(random.pick(&["\n", "\r\n", "\r", "\u{2028}"])))
        }
        _ => Some(
            (0..1 + random.below(40))
                .map(|_| random.pick(SOUP))
                .collect(),
        ),
    };
    made.unwrap_or_else(|| sample_string(random, mangles))
}

/// Cyrillic text for the Windows-1251 file.
const CYRILLIC: &[&str] = &[
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Привет, как дела? Сегодня хорошая погода.",
    "Мы пойдём гулять в парк, если не будет дождя.",
    "В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!",
    "Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.",
    "Слава Україні! Її ґанок був новий, а ґава сиділа на ньому.",
    "Цена — 1 250 рублей, скидка 15 % до конца месяца.",
    "Москва, ул. Тверская, д. 7, кв. 12; тел. +7 495 123-45-67",
    "«Война и мир» — роман Льва Николаевича Толстого.",
    "Экономика, политика и культура: обзор за неделю.",
    "Здравствуйте! Спасибо за ваше письмо, отвечу завтра.",
    "Пожалуйста, заполните анкету и отправьте её до пятницы.",
];

/// The lines of the Windows-1251 test file, about `bytes` bytes of them.
fn write_cyrillic_file(path: &str, bytes: usize) -> io::Result<()> {
    let windows_1251 = Codec::from_name("windows-1251").expect("a codec of the crate");
    let mut file = BufWriter::new(std::fs::File::create(path)?);
    let mut random = Random(1251);
    let (mut written, mut number) = (0, 0);
    while written < bytes {
        number += 1;
        let text = format!(
            "{number}. {} {}",
            random.pick(CYRILLIC),
            random.pick(CYRILLIC)
        );
        let line = match number % 40 {
            // UTF-8 read as Windows-1251, where that encodes back.
            0 => break_text(&text, Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1251))
                .filter(|broken| windows_1251.encode(broken).is_ok())
                .unwrap_or(text),
            13 => format!("“{text}”"),
            27 => text.replace(", ", " &amp; "),
            _ => text,
        };
        let encoded = windows_1251
            .encode(&format!("{line}\n"))
            .expect("Cyrillic text encodes");
        file.write_all(&encoded)?;
        written += encoded.len();
    }
    file.flush()
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: crate_oracle sample N SEED | crate_oracle cyrillic-file PATH BYTES | crate_oracle answer";
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.first().map(String::as_str) {
        Some("sample") => {
            let count: usize = args.get(1).and_then(|n| n.parse().ok()).expect(usage);
            let seed: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
            let mut random = Random(seed.max(1));
            let mut mangles = Mangle::all();
            mangles.extend([Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1252); 4]);
            for _ in 0..count {
                writeln!(out, "{}", json!(sample_string(&mut random, &mangles)))?;
            }
        }
        Some("cyrillic-file") => {
            let path = args.get(1).expect(usage);
            let bytes: usize = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
            write_cyrillic_file(path, bytes)?;
        }
        Some("answer") => {
            for line in io::stdin().lock().lines() {
                let reply = match serde_json::from_str::<Request>(&line?) {
                    Ok(request) => match answer(&request) {
                        Ok(value) => json!({"ok": value}),
                        Err(message) => json!({"error": message}),
                    },
                    Err(error) => json!({"error": format!("bad request: {error}")}),
                };
                writeln!(out, "{reply}")?;
            }
        }
        _ => panic!("{usage}"),
    }
    out.flush()
}
