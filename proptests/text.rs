//! Generators of realistic text: words of many languages and scripts,
//! joined into sentences with punctuation, digits and emoji.

use proptest::prelude::*;

/// A script (named for the reader) and some common words written in it.
pub struct Script {
    #[allow(dead_code)]
    pub name: &'static str,
    pub words: &'static [&'static str],
}

pub static SCRIPTS: &[Script] = &[
    Script {
        name: "Latin (French)",
        words: &[
            "café", "été", "déjà", "où", "garçon", "élève", "crème", "naïve", "fenêtre", "hôpital",
            "noël", "voilà",
        ],
    },
    Script {
        name: "Latin (German)",
        words: &[
            "schön", "Größe", "Straße", "über", "Mädchen", "früh", "Bär", "hören", "Käse", "müde",
        ],
    },
    Script {
        name: "Latin (Spanish)",
        words: &[
            "niño",
            "mañana",
            "¿qué",
            "está",
            "corazón",
            "¡hola!",
            "película",
            "años",
            "jamón",
            "también",
        ],
    },
    Script {
        name: "Latin (Portuguese)",
        words: &[
            "não",
            "ação",
            "coração",
            "você",
            "avó",
            "irmã",
            "pão",
            "lições",
            "está",
            "à",
        ],
    },
    Script {
        name: "Latin (Polish)",
        words: &[
            "zażółć",
            "gęślą",
            "jaźń",
            "łódź",
            "źrebię",
            "pchnąć",
            "ćma",
            "wieś",
            "książka",
            "świat",
        ],
    },
    Script {
        name: "Latin (Czech)",
        words: &[
            "příliš",
            "žluťoučký",
            "kůň",
            "úpěl",
            "ďábelské",
            "ódy",
            "čeština",
            "řeka",
            "dům",
            "šťastný",
        ],
    },
    Script {
        name: "Latin (Turkish)",
        words: &[
            "şoför",
            "ığdır",
            "güneş",
            "çocuk",
            "öğretmen",
            "İstanbul",
            "ağaç",
            "kız",
            "düş",
            "Şişli",
        ],
    },
    Script {
        name: "Latin (Nordic)",
        words: &[
            "smørrebrød",
            "Århus",
            "blåbær",
            "fjällräven",
            "Þórður",
            "æble",
            "øl",
            "kött",
            "Göteborg",
            "Ísland",
        ],
    },
    Script {
        name: "Latin (Vietnamese)",
        words: &[
            "Việt",
            "Nam",
            "tiếng",
            "người",
            "phở",
            "cảm",
            "ơn",
            "đường",
            "nước",
            "Hà Nội",
        ],
    },
    Script {
        name: "Cyrillic",
        words: &[
            "привет",
            "мир",
            "спасибо",
            "Москва",
            "ещё",
            "хорошо",
            "жизнь",
            "Україна",
            "їжак",
            "щастя",
            "България",
        ],
    },
    Script {
        name: "Greek",
        words: &[
            "καλημέρα",
            "κόσμε",
            "Ελλάδα",
            "ευχαριστώ",
            "θάλασσα",
            "ψυχή",
            "Αθήνα",
            "ζωή",
            "ήλιος",
            "φίλος",
        ],
    },
    Script {
        name: "Hebrew",
        words: &[
            "שלום",
            "עולם",
            "תודה",
            "ירושלים",
            "ספר",
            "אהבה",
            "מים",
            "בית",
        ],
    },
    Script {
        name: "Arabic",
        words: &[
            "مرحبا",
            "عالم",
            "شكرا",
            "القاهرة",
            "كتاب",
            "سلام",
            "بيت",
            "ماء",
        ],
    },
    Script {
        name: "Devanagari",
        words: &[
            "नमस्ते",
            "दुनिया",
            "धन्यवाद",
            "भारत",
            "हिन्दी",
            "पानी",
            "किताब",
            "प्यार",
        ],
    },
    Script {
        name: "Thai",
        words: &["สวัสดี", "ขอบคุณ", "ประเทศไทย", "ภาษา", "น้ำ", "บ้าน", "รัก"],
    },
    Script {
        name: "CJK (Chinese)",
        words: &["你好", "世界", "谢谢", "北京", "中文", "学习", "朋友", "水"],
    },
    Script {
        name: "CJK (Japanese)",
        words: &[
            "こんにちは",
            "ありがとう",
            "東京",
            "日本語",
            "カタカナ",
            "ひらがな",
            "水",
            "友達",
        ],
    },
    Script {
        name: "Hangul",
        words: &[
            "안녕하세요",
            "감사합니다",
            "서울",
            "한국어",
            "친구",
            "물",
            "사랑",
        ],
    },
    Script {
        name: "Georgian",
        words: &["გამარჯობა", "მადლობა", "თბილისი", "ქართული", "წყალი"],
    },
    Script {
        name: "Armenian",
        words: &["բարեւ", "շնորհակալություն", "Երեւան", "հայերեն", "ջուր"],
    },
    Script {
        name: "Emoji",
        words: &["😀", "🎉", "❤️", "👍", "🇫🇷", "🚀", "☕", "🌠"],
    },
];

const PUNCTUATION: &[&str] = &[
    " ",
    " ",
    " ",
    ", ",
    ". ",
    " — ",
    " – ",
    "… ",
    "! ",
    "? ",
    ": ",
    " (",
    ") ",
    " “",
    "” ",
    " ‘",
    "’ ",
    " «",
    "» ",
    " 2024 ",
    " 3.50 € ",
    " 42% ",
];

const ASCII_WORDS: &[&str] = &[
    "the", "and", "text", "hello", "report", "Paris", "data", "2024", "ok", "item",
];

/// A sentence in one script, sometimes with ASCII words and a second
/// script mixed in.
pub fn sentence() -> impl Strategy<Value = (usize, String)> {
    (
        0..SCRIPTS.len(),
        0..SCRIPTS.len(),
        proptest::collection::vec((any::<u8>(), any::<u8>(), 0..PUNCTUATION.len()), 1..9),
    )
        .prop_map(|(main, other, picks)| {
            let mut text = String::new();
            for (i, (word_pick, kind, punctuation)) in picks.into_iter().enumerate() {
                let words = match kind % 10 {
                    0 => ASCII_WORDS,
                    1 => SCRIPTS[other].words,
                    _ => SCRIPTS[main].words,
                };
                if i > 0 {
                    text.push_str(PUNCTUATION[punctuation]);
                }
                text.push_str(words[usize::from(word_pick) % words.len()]);
            }
            (main, text)
        })
}
