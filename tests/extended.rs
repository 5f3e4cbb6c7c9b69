//! Extended recovery through every entry point: `fix_text_with`,
//! `fix_encoding_with`, `fix_and_explain`, `StreamFixer` and `fix_file`
//! all use it when the option is on, its plans replay, and with the option
//! off every answer is ftfy 6.3.1's (these inputs come back unchanged from
//! ftfy 6.3.1, as golden/extended.toml records).

use ftfy::codecs::Codec;
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

/// A window is not decided by a few lines that another pair happens to
/// read as text when most of its lines show legacy bytes that pair cannot
/// explain: Chinese words in Big5, read as Windows-1252 (the bytes are
/// Python's `text.encode("big5").decode("cp1252")`), hold two lines that
/// ISO-8859-2 reads as Polish-looking letters (`§CŚł`), which are no
/// Polish document.
#[test]
fn a_few_lines_do_not_decide_a_window_that_mostly_shows_another_mixup() {
    let original = "id,word,phrase,text\n7267,\"秉\",\"版\",\"祥\"\n\
        7268,\"友善\",\"辛\",\"面整\"\n7269,\"低有\",\"品而\",\"疾\"\n\
        7270,\"我娘\",\"于已\",\"非五\"\n7271,\"胜福\",\"浮\",\"旅\"\n\
        7272,\"媒主\",\"互\",\"寺反\"\n7273,\"心很\",\"的衷\",\"卦\"\n\
        7274,\"折\",\"璀\",\"河\"\n7275,\"拉\",\"罹患\",\"不待\"\n\
        7276,\"中部\",\"男只\",\"相切\"\n7277,\"妙与\",\"筋\",\"奈\"\n\
        7278,\"怪的\",\"哇\",\"庄案\"\n7279,\"加\",\"符\",\"鼎\"\n\
        7280,\"件\",\"白\",\"刻心\"\n7281,\"已到\",\"寂\",\"一刻\"\n\
        7282,\"中部\",\"祥\",\"波\"\n7283,\"星\",\"在社\",\"夥\"\n\
        7284,\"境\",\"慧\",\"揍\"\n7285,\"的忙\",\"佛\",\"耷\"\n";
    let broken = "id,word,phrase,text\n7267,\"ªÃ\",\"ª©\",\"²»\"\n\
        7268,\"¤Íµ½\",\"¨¯\",\"\u{ad}±¾ã\"\n7269,\"§C¦³\",\"«~¦Ó\",\"¯e\"\n\
        7270,\"§Ú®Q\",\"¤_¤w\",\"«D¤\u{ad}\"\n7271,\"Ð`ºÖ\",\"¯B\",\"®È\"\n\
        7272,\"´C¥D\",\"¤¬\",\"¦x¤Ï\"\n7273,\"¤ß«Ü\",\"ªº°J\",\"¨ö\"\n\
        7274,\"§é\",\"½A\",\"ªe\"\n7275,\"©Ô\",\"¿©±w\",\"¤£«Ý\"\n\
        7276,\"¤¤³¡\",\"¨k¥u\",\"¬Û¤Á\"\n7277,\"§®ÉO\",\"µ¬\",\"©`\"\n\
        7278,\"©Çªº\",\"«z\",\"ÉÜ®×\"\n7279,\"¥[\",\"²Å\",\"¹©\"\n\
        7280,\"¥ó\",\"¥Õ\",\"¨è¤ß\"\n7281,\"¤w¨ì\",\"±I\",\"¤@¨è\"\n\
        7282,\"¤¤³¡\",\"²»\",\"ªi\"\n7283,\"¬P\",\"¦bªÀ\",\"¹Ù\"\n\
        7284,\"¹Ò\",\"¼z\",\"´~\"\n7285,\"ªº¦£\",\"¦ò\",\"ÐU\"\n";
    let misread = |text: &str| {
        let bytes = Codec::from_name("big5")?.encode(text).ok()?;
        Codec::from_name("sloppy-windows-1252")?.decode(&bytes).ok()
    };
    assert_eq!(misread(original).as_deref(), Some(broken));
    let explained = StreamFixer::new(&extended()).fix_lines_explained(broken);
    let decided: Vec<&str> = explained.documents.iter().map(|d| d.written_in).collect();
    assert!(
        !decided
            .iter()
            .any(|name| ["iso-8859-2", "windows-1250"].contains(name)),
        "{decided:?}"
    );
}

/// A line of a text is judged without its line break: clean Kurdish
/// `Keleka eÇp` (ftfy 6.3.1 leaves it as it is, with or without a
/// `\n`) stays, as it does alone, rather than becoming MacRoman read as
/// CP437's `Keleka eép`; so does Italian `validità` before aligned spaces.
#[test]
fn a_line_gets_the_answer_its_words_get_alone() {
    for line in ["Keleka eÇp", "Tempo di validità    :"] {
        for text in [line.to_owned(), format!("{line}\n"), format!("{line}\r\n")] {
            // (ftfy's answer: the line as it is, `\r\n` made `\n`.)
            assert_eq!(
                fix_text_with(&text, &extended()),
                text.replace("\r\n", "\n")
            );
        }
    }
}
