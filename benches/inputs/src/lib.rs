//! The benchmark inputs, shared by `benches/` (criterion) and the xtask
//! tools (`throughput`, which writes them out for the side-by-side run
//! against Python ftfy and plsfix, and `hunt_slow`), so both measure the
//! same text. Deterministic: no randomness beyond a fixed-seed generator;
//! the two message corpora of `data/` are compiled in.
//!
//! Two groups: [`inputs`], ordinary text of the kinds a data pipeline
//! meets, and [`adversarial`], long lines of one repeated character,
//! pair or short pattern for every kind of input that makes some fix
//! work, to show that no input is pathologically slow.

use ftfy::breaker::{break_text, Mangle};
use ftfy::codecs;

const CLEAN_ASCII: &[&str] = &[
    "The quick brown fox jumps over the lazy dog, again and again.",
    "Server 42 restarted at 10:15; all checks passed (3 warnings).",
    "Please find the quarterly report attached -- questions welcome!",
    "user=alice id=1029 status=active plan=pro region=us-east-1",
];

const CLEAN_MULTILINGUAL: &[&str] = &[
    "Le café était fermé à cause de la grève, dit-elle.",
    "Größere Straßen führen über die Brücke nach München.",
    "¿Qué tal? Mañana vamos a la montaña con los niños.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία στην Αθήνα.",
    "いろはにほへと ちりぬるを、東京の天気は晴れです。",
    "我能吞下玻璃而不伤身体，你好世界。",
    "다람쥐 헌 쳇바퀴에 타고파, 안녕하세요!",
    "Zażółć gęślą jaźń — pchnąć w tę łódź jeża.",
    "नमस्ते दुनिया, आप कैसे हैं? 😀",
];

/// Short labels and sentences in dozens of scripts and languages, as a
/// data-cleaning input holds them: one per line, most under 50 bytes.
const SHORT_MULTILINGUAL: &[&str] = &[
    "Café crème, s'il vous plaît",
    "Straße gesperrt",
    "Mañana por la mañana",
    "Não há problema",
    "Ça va très bien",
    "Fußgängerzone",
    "Smörgåsbord för två",
    "Ærlig talt, øl og æbler",
    "Zażółć gęślą jaźń",
    "Příliš žluťoučký kůň",
    "Árvíztűrő tükörfúrógép",
    "Şişli'de güzel bir gün",
    "Tiếng Việt có dấu",
    "Ελληνικά γράμματα",
    "Привет, как дела?",
    "Добро пожаловать",
    "Слава Україні! Її ґанок",
    "Здраво, свете",
    "Բարեւ աշխարհ",
    "გამარჯობა",
    "שלום עולם",
    "مرحبا بالعالم",
    "سلام دنیا",
    "नमस्ते दुनिया",
    "ওহে বিশ্ব",
    "வணக்கம் உலகம்",
    "สวัสดีชาวโลก",
    "ສະບາຍດີ",
    "မင်္ဂလာပါ",
    "សួស្តី\u{200B}ពិភពលោក",
    "你好，世界",
    "東京タワー",
    "こんにちは世界",
    "안녕하세요 세계",
    "ሰላም ልዑል",
    "Habari ya dunia",
    "Kia ora koutou",
    "order #1234 shipped",
    "Total: 42,50 € (TVA incl.)",
    "«Bonjour» — dit-il…",
    "5 °C à Zürich",
    "👍 Great job! 🎉",
];

const CLEAN_NON_LATIN: &[&str] = &[
    "我能吞下玻璃而不伤身体、你好世界。今天天气很好、我们去公园散步吧。",
    "東京の天気は晴れです。明日は雨が降るでしょう。",
    "다람쥐 헌 쳇바퀴에 타고파. 오늘 날씨가 정말 좋네요.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر ومغلف بجلد أزرق.",
    "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश करने वाले विष्णुवतार भगवान श्रीराम।",
    "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า กว่าบรรดาฝูงสัตว์เดรัจฉาน",
];

/// `count` lines cycling through `lines`, each numbered so lines differ,
/// with every `mangle_every`-th line broken with the `manglers` in turn.
fn lines(lines: &[&str], count: usize, mangle_every: Option<usize>, manglers: &[Mangle]) -> String {
    let mut text = String::new();
    for i in 0..count {
        let line = format!("{i}: {}", lines[i % lines.len()]);
        let mangled = mangle_every
            .filter(|every| i % every == 0)
            .and_then(|every| break_text(&line, manglers[(i / every) % manglers.len()]));
        text.push_str(mangled.as_deref().unwrap_or(&line));
        text.push('\n');
    }
    text
}

/// Lines of `lines`, unnumbered, in a fixed pseudo-random order (so the
/// lengths vary as in real data), every `mangle_every`-th one broken.
fn shuffled_lines(lines: &[&str], count: usize, mangle_every: usize) -> String {
    // (`usize::MAX`: none.)
    let manglers = [
        Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1252),
        Mangle::Utf8As(&codecs::LATIN_1),
        Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1251),
        Mangle::Utf8As(&codecs::MACROMAN),
    ];
    let mut random = Random(0x5eed);
    let mut text = String::new();
    for i in 0..count {
        let line = lines[random.below(lines.len())];
        let mangled = (mangle_every != usize::MAX && i % mangle_every == 0)
            .then(|| break_text(line, manglers[(i / mangle_every) % manglers.len()]))
            .flatten();
        text.push_str(mangled.as_deref().unwrap_or(line));
        text.push('\n');
    }
    text
}

/// The lines of a corpus of `data/` (its first line is the
/// header that names its generator).
fn corpus_lines(corpus: &'static str) -> Vec<&'static str> {
    corpus.lines().skip(1).collect()
}

/// English software messages, one per line (30 bytes a line, 3% holding a
/// `<`, 0.1% a `&`), by `cargo xtask bench-messages`.
const MESSAGES_EN: &str = include_str!("../data/messages_en.txt");

/// Short messages in about 170 languages, one per line (63 bytes a line),
/// from CLDR and lingua's test sentences, by
/// `cargo xtask bench-messages`.
const MESSAGES_MULTILINGUAL: &str = include_str!("../data/messages_multilingual.txt");

/// A small fixed-seed xorshift generator: the inputs must not change
/// between runs or machines.
pub struct Random(pub u64);

impl Random {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The ordinary inputs, named, each about 1 MB.
pub fn inputs() -> Vec<(&'static str, String)> {
    let multilingual_line = lines(CLEAN_MULTILINGUAL, 10, None, &[]).replace('\n', " ");
    let ascii_line = lines(CLEAN_ASCII, 4, None, &[]).replace('\n', " ");
    let to_1252 = [Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1252)];
    vec![
        ("clean_ascii", lines(CLEAN_ASCII, 16_000, None, &[])),
        (
            "ascii_long_lines",
            (ascii_line.repeat(400) + "\n").repeat(10),
        ),
        (
            "clean_multilingual",
            lines(CLEAN_MULTILINGUAL, 12_000, None, &[]),
        ),
        ("clean_non_latin", lines(CLEAN_NON_LATIN, 8_000, None, &[])),
        (
            "short_multilingual_1_percent",
            shuffled_lines(SHORT_MULTILINGUAL, 36_000, 100),
        ),
        (
            "mojibake_1_percent",
            lines(CLEAN_MULTILINGUAL, 12_000, Some(100), &to_1252),
        ),
        (
            "mojibake_dense",
            lines(CLEAN_MULTILINGUAL, 8_000, Some(1), &to_1252),
        ),
        ("one_long_line", multilingual_line.repeat(1_700)),
        (
            "messages_en",
            shuffled_lines(&corpus_lines(MESSAGES_EN), 34_000, usize::MAX),
        ),
        (
            "messages_multilingual_1_percent",
            shuffled_lines(&corpus_lines(MESSAGES_MULTILINGUAL), 16_000, 100),
        ),
    ]
}

/// `pattern` repeated into one line of about `size` bytes.
fn repeated(pattern: &str, size: usize) -> String {
    pattern.repeat(size / pattern.len())
}

/// One line of about `size` bytes of characters drawn at random from
/// `alphabet`.
fn soup(alphabet: &[char], size: usize) -> String {
    let mut random = Random(0xa11ce);
    let mut text = String::with_capacity(size + 4);
    while text.len() < size {
        text.push(alphabet[random.below(alphabet.len())]);
    }
    text
}

/// Base letters under stacks of 4 to 30 combining marks ("zalgo"), one
/// line of about `size` bytes.
fn zalgo(size: usize) -> String {
    let mut random = Random(0x2a160);
    let mut text = String::with_capacity(size + 128);
    while text.len() < size {
        text.push(char::from(b'a' + random.below(26) as u8));
        for _ in 0..4 + random.below(27) {
            // OK because U+0300 to U+036F are all characters.
            text.push(char::from_u32(0x300 + random.below(0x70) as u32).expect("a mark"));
        }
    }
    text
}

/// `text` cut into lines of `every` characters.
fn in_lines(text: &str, every: usize) -> String {
    let mut lines = String::with_capacity(text.len() + text.len() / every + 1);
    for (i, c) in text.chars().enumerate() {
        lines.push(c);
        if i % every == every - 1 {
            lines.push('\n');
        }
    }
    lines
}

/// The adversarial inputs, named, each one line of about 1 MB (or, for
/// line breaks, many empty lines; the chains, quadratic in ftfy, are 16 KB).
/// Every class of input that makes some fix work is here, plus what
/// `cargo xtask hunt-slow` and the `slow_input` fuzz target found.
pub fn adversarial() -> Vec<(&'static str, String)> {
    let mut all = repeated_patterns();
    all.extend(soups_and_shapes());
    all.extend(hunted());
    all
}

/// The size of most adversarial inputs.
const SIZE: usize = 1 << 20;

/// One character, pair or short pattern repeated, for every kind of input
/// that makes some fix work.
fn repeated_patterns() -> Vec<(&'static str, String)> {
    vec![
        ("ligature_fi", repeated("ﬁ", SIZE)),
        ("ligatures_mixed", repeated("ﬀﬂﬃĳǆ", SIZE)),
        ("full_width", repeated("Ｌ", SIZE)),
        ("ideographic_space", repeated("　", SIZE)),
        ("c1_control", repeated("\u{80}", SIZE)),
        ("c1_in_text", repeated("a\u{91}b\u{92}", SIZE)),
        ("lone_cr", repeated("\r", SIZE)),
        ("lone_cr_text", repeated("ab\r", SIZE)),
        ("crlf_mix", repeated("\r\n\r\r\n\n", SIZE)),
        ("line_separators", repeated("\u{2028}\u{85}", SIZE)),
        ("entities", repeated("&amp;", SIZE)),
        ("entities_mixed", repeated("&eacute;&#x2019;&lt;", SIZE)),
        ("ampersands", repeated("&", SIZE)),
        ("ampersand_words", repeated("&amp &x ", SIZE)),
        ("escape_sequences", repeated("\x1b[31m", SIZE)),
        ("escapes_bare", repeated("\x1b", SIZE)),
        ("replacement_char", repeated("\u{fffd}", SIZE)),
        ("combining_marks", repeated("e\u{301}", SIZE)),
        ("combining_only", repeated("\u{301}", SIZE)),
        ("curly_quotes", repeated("‘’“”", SIZE)),
        ("control_chars", repeated("\u{1}\u{feff}", SIZE)),
        ("lead_byte_a_tilde", repeated("Ã", SIZE)),
        ("lead_byte_then_space", repeated("Ã ", SIZE)),
        ("lead_byte_then_nbsp", repeated("Ã\u{a0}", SIZE)),
        ("mojibake_pair", repeated("Ã©", SIZE)),
        ("mojibake_triple", repeated("â€™", SIZE)),
        ("mojibake_half", repeated("Ã©é", SIZE)),
    ]
}

/// Soups of random characters of a code page's upper half, and the shapes
/// of damaged text: patterns in short lines, mojibake between clean words,
/// stacks of combining marks.
fn soups_and_shapes() -> Vec<(&'static str, String)> {
    let latin_1: Vec<char> = ('\u{a0}'..='\u{ff}').collect();
    let windows_1251: Vec<char> = ('\u{80}'..='\u{ff}')
        .filter_map(|byte| {
            codecs::SLOPPY_WINDOWS_1251
                .decode(&[byte as u8])
                .ok()?
                .chars()
                .next()
        })
        .collect();
    // The upper halves with their C1 controls (ISO-8859-2 keeps them as
    // Latin-1 does), which make `fix_encoding` alternate between fixing
    // runs and C1 controls over the whole line.
    let latin_1_c1: Vec<char> = ('\u{80}'..='\u{ff}').collect();
    let iso_8859_2: Vec<char> = ('\u{80}'..='\u{ff}')
        .filter_map(|byte| codecs::ISO_8859_2.decode_byte(byte as u8))
        .collect();
    let windows_1253: Vec<char> = ('\u{80}'..='\u{ff}')
        .filter_map(|byte| {
            codecs::SLOPPY_WINDOWS_1253
                .decode(&[byte as u8])
                .ok()?
                .chars()
                .next()
        })
        .collect();
    let mojibake_chars: Vec<char> = "ÃÂâ€™œžŸ©®¢£¤¥¦§¨ª«¬¯°±²³´µ¶·¸¹º»¼½¾¿".chars().collect();
    vec![
        ("soup_latin_1", soup(&latin_1, SIZE)),
        ("soup_windows_1251", soup(&windows_1251, SIZE)),
        ("soup_mojibake_chars", soup(&mojibake_chars, SIZE)),
        ("soup_latin_1_c1", soup(&latin_1_c1, SIZE)),
        ("soup_windows_1253", soup(&windows_1253, SIZE)),
        ("soup_latin_1_lines", in_lines(&soup(&latin_1, SIZE), 40)),
        // U+FFFD between lead bytes: lossy mojibake everywhere.
        ("a_tilde_replacement", repeated("Ã\u{fffd}", SIZE)),
        // Mojibake between clean words, in one line.
        (
            "mojibake_interleaved",
            repeated("The café is open. The cafÃ© is open. ", SIZE),
        ),
        ("doesnt_mojibake", repeated("doesnâ€™t ", SIZE)),
        // Short lines of what the long lines above repeat.
        ("ligature_fi_lines", repeated("ﬁﬁﬁﬁﬁﬁ\n", SIZE)),
        ("nbsp_led_lines", repeated("\u{a0}Ã\u{a0}text\n", SIZE)),
        ("a_tilde_lines", repeated("ÃÃÃÃÃÃ\n", SIZE)),
        ("zalgo", zalgo(SIZE)),
        ("soup_iso_8859_2", soup(&iso_8859_2, SIZE)),
    ]
}

/// What `cargo xtask hunt-slow` and the `slow_input` fuzz target
/// found.
fn hunted() -> Vec<(&'static str, String)> {
    vec![
        // Found by `cargo xtask hunt-slow`: quadratic if a rejected run
        // of mojibake is searched again from each character.
        ("hunt_run_after_control", repeated("ŠÂ\u{7f}", SIZE)),
        ("hunt_run_after_bom", repeated("˜\u{feff}Ο", SIZE)),
        ("hunt_nbsp_run", repeated("\u{a0}ˆā", SIZE)),
        // Found by hunt_slow: U+FFFD between line separators (the
        // lossy-sequence pattern matches at every U+FFFD), and short lines
        // of ligatures, full-width and mojibake characters.
        (
            "hunt_separator_replacement",
            repeated("\u{2028}‹\u{fffd}", SIZE),
        ),
        ("hunt_cr_digraph_width", repeated("\rǆｶ¾", SIZE)),
        ("hunt_lf_c1", repeated("¦\u{80}×\n", SIZE)),
        ("hunt_cr_math", repeated("∂\rβ\u{f8ff}", SIZE)),
        // Found by the slow_input fuzz target: per-line overhead again,
        // in lines of CR and the control U+001C, and of a C1 control among
        // NULs.
        ("hunt_cr_file_separator", repeated("\r\u{1c}\n", SIZE)),
        ("hunt_c1_nul_line", repeated("¦\u{80}\0\0\0\0×\n", SIZE)),
        // Found by the slow_input fuzz target: short lines whose only
        // non-ASCII character is a C1 control that Windows-1252 leaves
        // undefined, so that every step of fix_encoding may be tried in
        // vain, and a CR that splits them.
        (
            "hunt_unfixable_c1_lines",
            repeated("\u{7}\n\r&z\u{90}", SIZE),
        ),
        // Found by the slow_input fuzz target: short lines of a fixable C1
        // control, each fixed by a step of fix_encoding, then split by a CR.
        ("hunt_c1_cr_lines", repeated("&\n?\u{8c}\r?", SIZE)),
        // Found by the slow_input fuzz target: short lines split by a CR,
        // whose U+FFFD every sloppy codec encodes as byte 1A, so that each
        // codec's bytes go through the lossy-sequence matcher.
        (
            "hunt_fffd_cr_lines",
            repeated("\r\u{fffd}ÂÂ\u{fffd}T\n\u{11}", SIZE),
        ),
        // Each step of fix_encoding turns one more `Ãœ` into a run (the
        // strict `¿` before it has just been fixed) and fixes only that:
        // quadratic in ftfy (1.6 s on these 16 KB, so no more), linear
        // here since such chains are settled stretch by stretch
        // (src/encoding/cascade.rs).
        ("hunt_growing_run_16k", repeated("Ãœ¿", 1 << 14)),
        // Found by a hunt for such chains (patterns whose fix_encoding
        // takes a step per repeat): a chain past runs that are never
        // fixed (each step's search finds them at other places than the
        // last one's), also settled in linear time; and a chain that
        // nothing pins (its fixes make `Þ`, which every Latin codec
        // encodes), quadratic in ftfy and linear here since each step
        // leaves proofs that no codec re-decodes the text.
        ("hunt_chain_past_unfixed_16k", repeated("ÃŠ¢", 1 << 14)),
        ("hunt_unpinned_chain_16k", repeated("Ãƒž", 1 << 14)),
        // Another chain that nothing pins, through C1 controls: its fixes
        // make `Ř`, which Windows-1250 encodes (4 s in ftfy).
        ("hunt_unpinned_c1_chain_16k", repeated("Ã\u{85}˜", 1 << 14)),
        // A chain that runs leftward: each step fixes the run just before
        // the one fixed last (settled in linear time too).
        ("hunt_leftward_chain_16k", repeated("•ßÂ\u{85}Ç", 1 << 14)),
        // Found by the slow_input fuzz target in the default mode, at
        // about 35 times ordinary text's time per byte in its instrumented
        // build: short lines and runs of NULs beside U+FFFD, line
        // separators, `&`, escapes and `Â`.
        (
            "hunt_fffd_nul_separators",
            repeated("\u{fffd}\0\0\u{fffd}\u{2028}\u{2028}", SIZE),
        ),
        ("hunt_nul_amp_lines", repeated("??\n\0&", SIZE)),
        ("hunt_nul_a_circumflex", repeated("n\0nÂ'", SIZE)),
        ("hunt_nul_escape_lines", repeated("?1\0?\n\u{1b}\0", SIZE)),
        ("hunt_nul_cr_amp_lines", repeated("\0\n\0\0\0\r&z", SIZE)),
        (
            "hunt_fffd_separator_lines",
            repeated("?\n\0..\u{fffd}\u{2028}‹", SIZE),
        ),
        // Found by the slow_input fuzz target in the extended mode (and
        // kept for both): lone Latin-1 letters and punctuation that every
        // legacy codec re-reads.
        ("hunt_extended_e_acute_euro", repeated("é€", SIZE)),
        ("hunt_extended_y_acute", repeated("ý", SIZE)),
        (
            "hunt_extended_guillemet_fffd",
            repeated("‹\u{fffd}\u{2028}", SIZE),
        ),
        (
            "hunt_extended_del_guillemet",
            repeated("\u{7f}‹\u{7f}", SIZE),
        ),
        ("hunt_extended_nul_e_acute", repeated("b\0é\u{206c}", SIZE)),
    ]
}
