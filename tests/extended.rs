//! Extended recovery through every entry point: `fix_text_with`,
//! `fix_encoding_with`, `fix_and_explain`, `StreamFixer` and `fix_file`
//! all use it when the option is on, its plans replay, and with the option
//! off every answer is ftfy 6.3.1's (these inputs come back unchanged from
//! ftfy 6.3.1, as golden/extended.toml records).

use ftfy::{
    apply_plan, fix_and_explain, fix_encoding_and_explain, fix_encoding_with, fix_file,
    fix_text_with, StreamFixer, TextFixerConfig,
};

const BROKEN: &str = "Ïðèâåò, êàê äåëà?";
const MEANT: &str = "Привет, как дела?";

fn extended() -> TextFixerConfig {
    TextFixerConfig::default().extended_recovery(true)
}

#[test]
fn off_by_default() {
    let config = TextFixerConfig::default();
    assert!(!config.extended_recovery);
    assert_eq!(fix_encoding_with(BROKEN, &config), BROKEN);
    assert_eq!(fix_text_with(BROKEN, &config), BROKEN);
}

#[test]
fn every_entry_point_uses_it() {
    let config = extended();
    assert_eq!(fix_encoding_with(BROKEN, &config), MEANT);
    assert_eq!(
        fix_text_with(&format!("{BROKEN}\nok\n"), &config),
        format!("{MEANT}\nok\n")
    );
    assert_eq!(fix_and_explain(BROKEN, &config).text, MEANT);
    let mut stream = StreamFixer::new(&config);
    assert_eq!(
        stream.fix_lines(&format!("{BROKEN}\n")),
        format!("{MEANT}\n")
    );
    let file: Vec<String> = fix_file(format!("{BROKEN}\n").as_bytes(), Some("utf-8"), &config)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(file.concat(), format!("{MEANT}\n"));
}

#[test]
fn plans_are_ordinary_and_replay() {
    let config = extended();
    for (broken, meant, plan) in [
        (
            BROKEN,
            MEANT,
            vec![
                "('encode', 'sloppy-windows-1252')",
                "('decode', 'windows-1251')",
            ],
        ),
        (
            "ðÒÉ×ÅÔ, ËÁË ÄÅÌÁ?",
            MEANT,
            vec!["('encode', 'sloppy-windows-1252')", "('decode', 'koi8-r')"],
        ),
        (
            "Un cafГ© au lait",
            "Un café au lait",
            vec!["('encode', 'sloppy-windows-1251')", "('decode', 'utf-8')"],
        ),
        (
            "Łódź i GdaÅ„sk",
            "Łódź i Gdańsk",
            vec!["('apply', 'decode_utf8_spans:sloppy-windows-1252')"],
        ),
        // Windows-1250 and ISO-8859-16 hold Romanian's s and t at the same
        // bytes, with a cedilla and with a comma below: the mode reads the
        // code page Romanian text was commonly written in.
        (
            "ªtiinþa ºi tehnologia sunt importante pentru þarã ºi pentru oameni",
            "Ştiinţa şi tehnologia sunt importante pentru ţară şi pentru oameni",
            vec![
                "('encode', 'sloppy-windows-1252')",
                "('decode', 'windows-1250')",
            ],
        ),
    ] {
        let fixed = fix_encoding_and_explain(broken, &config);
        assert_eq!(fixed.text, meant);
        let steps = fixed.explanation.unwrap();
        let names: Vec<String> = steps.iter().map(ToString::to_string).collect();
        assert_eq!(names, plan, "{broken}");
        assert_eq!(apply_plan(broken, &steps).unwrap(), meant);
    }
}

#[test]
fn a_plan_that_does_not_apply_says_why() {
    let plan = fix_encoding_and_explain(BROKEN, &extended())
        .explanation
        .unwrap();
    let error = apply_plan("日本", &plan).unwrap_err();
    assert!(error.to_string().contains("cannot encode"), "{error}");
}

/// A legacy reading whose text would take another one (`ЛШ` read as
/// Windows-1252's `ËØ`, which Windows-1257 reads as `ĖŲ`; found by the
/// `extended` fuzz target) is not made, so that fixing twice gives what
/// fixing once does.
#[test]
fn chains_of_legacy_readings_are_not_started() {
    for text in ["+DЛDШA", "+DËDØA"] {
        let once = fix_encoding_with(text, &extended());
        assert_eq!(fix_encoding_with(&once, &extended()), once, "{text}");
    }
}
