//! The contract of the `ftfy` command: its output is
//! `fix_text_with(whole input, config)`, however the input is cut into
//! batches and however many threads fix them.
//!
//! Random multi-line texts, made of pieces that exercise every fix and the
//! HTML rule that carries across lines, go through the binary with tiny
//! batches on 1 to 4 threads and through the library whole.

use std::io::Write;
use std::process::{Command, Stdio};

use ftfy::{fix_text_with, Normalization, TextFixerConfig, UnescapeHtml};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "plain words ",
    "cafÃ©",
    "â€œquotedâ€\u{9d}",
    "The Mona Lisa doesnÃƒÂ¢Ã¢â€šÂ¬Ã¢â€žÂ¢t",
    "voilÃ le",
    "&amp;",
    "&eacute;",
    "&lt;3",
    "<p>",
    "</b>",
    "<",
    "ﬁ",
    "ＬＯＵＤ",
    "e\u{301}",
    "\u{1b}[36m",
    "\u{feff}",
    "\u{7}",
    "\u{93}",
    "Съешь",
    "日本語",
    "✔",
    "\u{fffd}",
    "\r",
    "\r\n",
    "\n",
    "\n",
    "\n",
    "\u{2028}",
    "\u{2029}",
    "\u{85}",
    // A `<` that NFC composes away, and an entity that becomes one: the
    // cases where a batch's predicted state is wrong.
    "<\u{338}",
    "&lt;",
    // Runs of multi-byte characters, to be cut at max_decode_length.
    "éééééééé",
    "あいうえおかきくけこ",
    "😀😀😀",
    // Legacy mixups, which extended recovery weighs over blocks of lines
    // (Windows-1251, -1250 and -1253 read as Windows-1252).
    "Ïðèâåò, êàê äåëà?\n",
    "Za¿ó³æ gêœl¹ jaŸñ\n",
    "ÊáëçìÝñá êüóìå\n",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|pieces| pieces.concat())
}

/// The command-line flags and the configuration they stand for.
fn options() -> impl Strategy<Value = (Vec<&'static str>, TextFixerConfig)> {
    let default = TextFixerConfig::default();
    prop_oneof![
        Just((vec![], default.clone())),
        Just((
            vec!["--preserve-entities"],
            default.clone().unescape_html(UnescapeHtml::Never)
        )),
        Just((
            vec!["--unescape-html", "always"],
            default.clone().unescape_html(UnescapeHtml::Always)
        )),
        Just((
            vec!["--no-fix-line-breaks", "-n", "none"],
            default.clone().fix_line_breaks(false).normalization(None)
        )),
        Just((
            vec!["--max-decode-length", "9", "-n", "NFKC"],
            default
                .clone()
                .max_decode_length(9)
                .normalization(Some(Normalization::Nfkc))
        )),
        Just((
            vec!["--no-uncurl-quotes", "--no-fix-encoding"],
            default.clone().uncurl_quotes(false).fix_encoding(false)
        )),
        Just((
            vec!["--max-decode-length", "3"],
            default.clone().max_decode_length(3)
        )),
        Just((
            vec!["--max-decode-length", "16"],
            default.clone().max_decode_length(16)
        )),
        Just((vec!["--extended-recovery"], default.extended_recovery(true))),
    ]
}

fn run_ftfy(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ftfy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn command_output_is_fix_text_of_the_whole_input(
        input in text(),
        (flags, config) in options(),
        batch_bytes in 1usize..80,
        jobs in 1usize..5,
    ) {
        let batch_bytes = batch_bytes.to_string();
        let jobs = jobs.to_string();
        let mut args = flags.clone();
        args.extend(["--batch-bytes", &batch_bytes, "-j", &jobs]);
        let expected = fix_text_with(&input, &config);
        prop_assert_eq!(run_ftfy(&args, &input), expected.as_ref());
        let from_file: String = ftfy::fix_file(input.as_bytes(), Some("utf-8"), &config)
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(from_file, expected.as_ref());
    }
}
