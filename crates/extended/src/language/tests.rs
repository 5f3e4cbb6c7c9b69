use super::{score, Language, Score, Scorer, Script};

fn bits(text: &str) -> f64 {
    score(text).bits()
}

#[test]
fn every_script_has_its_languages() {
    for script in [
        Script::Latin,
        Script::Cyrillic,
        Script::Thai,
        Script::HanKana,
    ] {
        assert!(Language::all().any(|language| language.script() == script));
    }
    assert_eq!(Language::all().count(), 75);
}

#[test]
fn known_ngrams_are_found_in_the_table() {
    // English keeps "the", "th" and "t"; no language keeps "qxz".
    let english = Language::all().find(|l| l.name() == "English").unwrap();
    for gram in [&['t', 'h', 'e'][..], &['t', 'h'], &['t']] {
        let kept = match super::table::row(super::table::key(gram)) {
            super::table::Row::Sparse(pairs) => {
                pairs.chunks_exact(2).any(|pair| pair[0] == english.0)
            }
            // (English is a Latin-script language: ids from 0.)
            super::table::Row::Dense(costs) => costs[usize::from(english.0)] != u8::MAX,
        };
        assert!(kept, "{gram:?}");
    }
    assert!(matches!(
        super::table::row(super::table::key(&['q', 'x', 'z'])),
        super::table::Row::Sparse(&[])
    ));
    assert!(
        bits("qxz") > bits("the") + 10.0,
        "{} {}",
        bits("qxz"),
        bits("the")
    );
}

#[test]
fn languages_are_told_by_their_letters() {
    for (text, name) in [
        (
            "Größere Änderungen sind möglich, sagte er gestern.",
            "German",
        ),
        ("Привет, как дела? Сегодня хорошая погода.", "Russian"),
        ("Καλημέρα κόσμε, σήμερα ο καιρός είναι ωραίος.", "Greek"),
        ("Zażółć gęślą jaźń, pchnąć w tę łódź jeża.", "Polish"),
        ("日本語のテキストです。今日はいい天気ですね。", "Japanese"),
        ("오늘은 날씨가 아주 좋습니다.", "Korean"),
        ("Tiếng Việt có dấu thanh điệu rất phong phú.", "Vietnamese"),
    ] {
        assert_eq!(
            score(text).language().map(Language::name),
            Some(name),
            "{text}"
        );
    }
}

#[test]
fn mojibake_costs_more_than_its_text() {
    for (clean, broken) in [
        ("Größere Änderungen", "GrÃ¶ÃŸere Ã„nderungen"),
        ("Привет, как дела?", "ÐŸÑ€Ð¸Ð²ÐµÑ‚, ÐºÐ°Ðº Ð´ÐµÐ»Ð°?"),
        ("Привет, как дела?", "Ïðèâåò, êàê äåëà?"),
        ("großen Änderungen", "gro§en Ÿnderungen"),
        ("szűrés", "szûrés"),
    ] {
        assert!(
            bits(clean) < bits(broken),
            "{clean} {} / {broken} {}",
            bits(clean),
            bits(broken)
        );
    }
}

#[test]
fn letters_of_unmodeled_scripts_are_counted_apart() {
    let malayalam = score("മലയാളം");
    assert_eq!(malayalam.letters(), 0);
    assert!(malayalam.unmodeled_letters() >= 4);
    assert_eq!(malayalam.language(), None);
}

#[test]
fn scoring_in_pieces_is_scoring_the_whole() {
    let text = "Ça coûte 5 € — «très» cher!\nДа.";
    let mut scorer = Scorer::new();
    for c in text.chars() {
        let mut buffer = [0; 4];
        scorer.push_str(c.encode_utf8(&mut buffer));
    }
    assert_eq!(scorer.score(), score(text));
    assert_eq!(
        score(""),
        Score {
            units: 0,
            chars: 0,
            letters: 0,
            unmodeled_letters: 0,
            language: None
        }
    );
}

#[test]
fn any_character_scores() {
    let all: String = (0..=0x10FFFFu32)
        .step_by(7)
        .filter_map(char::from_u32)
        .collect();
    assert!(score(&all).bits() > 0.0);
}

proptest::proptest! {
    /// Any text scores, and scoring it in two pieces cut anywhere between
    /// characters is scoring it whole.
    #[test]
    fn any_text_scores_alike_whole_and_in_pieces(text in "\\PC{0,40}", cut in 0usize..41) {
        let whole = score(&text);
        let at = text.char_indices().map(|(at, _)| at).nth(cut).unwrap_or(text.len());
        let mut scorer = Scorer::new();
        scorer.push_str(&text[..at]);
        scorer.push_str(&text[at..]);
        proptest::prop_assert_eq!(scorer.score(), whole);
        proptest::prop_assert!(whole.bits() >= 0.0);
        proptest::prop_assert_eq!(whole.chars(), text.chars().count() as u64);
    }
}
