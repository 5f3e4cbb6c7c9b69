"""Writes golden/extended.toml: extended recovery's cases, one per class,
codec and legacy pair, the known misses and the short strings left alone.

Each case starts from an original text written here and damages it the way
its class says. Expected values come only from that original (a recovered
case) or from ftfy 6.3.1 (text both leave alone); which of the two a case
gets is decided by running this crate's batch runner
(xtask/src/bin/ftfy_batch.rs), and a case that neither recovers nor leaves
alone is reported and left out.

Run: cargo xtask extended-golden
"""
import json

import ftfy
import ftfy.bad_codecs  # noqa: F401

from common import ROOT
from extended import batch

OUT = ROOT / "golden" / "extended.toml"


def utf8_as(codec):
    return lambda text: text.encode("utf-8").decode(codec)


def legacy(written, read):
    return lambda text: text.encode(written).decode(read)


def straightened(codec):
    return lambda text: ftfy.fixes.uncurl_quotes(text.encode("utf-8").decode(codec))


def lost_a0(text):
    return text.encode("utf-8").decode("sloppy-windows-1252").replace("\xa0", " ")


def mixed(codec, words):
    """Damages all but the first `words` words."""
    def damage(text):
        head, tail = text.split(" ")[:words], text.split(" ")[words:]
        return " ".join(head + [" ".join(tail).encode("utf-8").decode(codec)])
    return damage


# (name, why, original, damage)
CASES = [
    ("utf8-as-1251-cafe", "Latin text read as Windows-1251", "Un café au lait, s'il vous plaît", utf8_as("sloppy-windows-1251")),
    ("utf8-as-1251-hotel", "Latin text read as Windows-1251", "Hôtel de la Gare à Genève", utf8_as("sloppy-windows-1251")),
    ("utf8-as-1253-naive", "Latin text read as Windows-1253", "Une idée naïve et très française", utf8_as("sloppy-windows-1253")),
    ("utf8-as-1253-german", "German read as Windows-1253", "Die Straße führt über die Brücke", utf8_as("sloppy-windows-1253")),
    ("utf8-as-iso-8859-2-spanish", "Spanish read as ISO-8859-2", "El mínimo está en el océano según ellos", utf8_as("iso-8859-2")),
    ("utf8-as-1250-french", "French read as Windows-1250", "Le théâtre de l'été à Montréal", utf8_as("sloppy-windows-1250")),
    ("utf8-as-macroman-german", "German read as MacRoman", "Größere Äpfel für München", utf8_as("macroman")),
    ("utf8-as-cp437-russian", "Russian read as cp437, partly fixed by ftfy (leftover words)", "Появляется дальше и как природы так сделано", utf8_as("cp437")),
    ("utf8-as-1257-albanian", "The wrong codec wins in ftfy: Windows-1250 decodes it too", "Shqipëri është vendi im", utf8_as("sloppy-windows-1257")),
    ("mixed-line-slovene", "Correct text beside Windows-1252 mojibake", "žena i škola", mixed("sloppy-windows-1252", 2)),
    ("mixed-line-polish", "Correct Polish beside mojibake", "Łódź i Gdańsk", mixed("sloppy-windows-1252", 2)),
    ("mixed-line-russian", "Correct Russian beside 1250 mojibake", "В средства вопросам на что Рассказывает все украинские", mixed("sloppy-windows-1250", 5)),
    ("straightened-dash", "An en dash's mojibake with its quote straightened", "Die Jahre 2010–2020 waren gut für alle", straightened("sloppy-windows-1252")),
    ("straightened-russian", "т and ф mojibake with straightened quotes", "Хочешь первый жители где в такого открытие", straightened("sloppy-windows-1252")),
    ("straightened-polish", "ł and ń mojibake with straightened quotes", "Półtora miliona złotych dla Gdańska", straightened("sloppy-windows-1252")),
    ("straightened-two-in-a-word", "Two straightened quotes in one word (житт: т twice) are put back together", "Ми хочемо життя без страху і в тому числі", straightened("sloppy-windows-1252")),
    ("straightened-cyrillic-1251", "Straightened quotes in Russian read as Windows-1251", "Клубе считает и результатам состав к специально построить", straightened("sloppy-windows-1251")),
    ("a-grave-lost-space-1251", "French read as Windows-1251 whose `à` lost its no-break space and the space after it (ftfy's known failure, fixed as ftfy's restore_byte_a0 would)", "faites attention à bien vous renseigner avant sur le médicament", lambda t: t.encode("utf-8").decode("sloppy-windows-1251").replace("\xa0", "")),
    ("inverted-question-cp437", "One sequence, no hard sign, but `¿` opens the question the line's `?` closes (ftfy's known failure)", "¿que diferencia hay?", utf8_as("cp437")),
    ("macroman-single-sequence", "One sequence with a hard sign (a symbol between letters) and one reading (ftfy's known failure `pi√π`)", "Sarai ricontattato dal nostro Esperto al più presto.", utf8_as("macroman")),
    ("lost-a0-between-words-arabic", "Arabic digits ٠ (D9 A0) whose no-break space became a space between words, beside correct Arabic (ftfy's known failure, span repair across the space)", "أكثر من ٠٠١ بلد", lambda t: mixed("sloppy-windows-1252", 1)(t).replace("\xa0", " ")),
    ("miss-vietnamese-a-grave", "Known miss: `hĂ i` is Vietnamese `hài`, but `à` followed by a lost space is taken as ftfy takes it, a word of its own (French `à bien`)", "Xem clip hài, phim hài mới hay nhất", lambda t: t.encode("utf-8").decode("sloppy-windows-1250").replace("\xa0", " ")),
    ("macroman-symbol-run", "Two symbols between letters (f√∏ler) are as hard a sign as one, and only MacRoman reads them", "Jeg føler mig godt i dag", utf8_as("macroman")),
    ("cp437-box-drawing-run", "Two box-drawing characters between letters (secci├│n) are a hard sign", "Una sección de la ciudad", utf8_as("cp437")),
    ("iso-8859-2-one-sequence-latin-sign", "One sequence with no hard sign, but a capital inside a word (siguiĂł) that the re-decoding makes one language's", "Ella lo siguió ayer por la tarde", utf8_as("iso-8859-2")),
    ("iso-8859-2-not-1250-icelandic", "ftfy reads Windows-1250 (båðum: å beside ð is no one language's); ISO-8859-2 reads Icelandic", "Heldur og er líka og lífi og í báðum kennara.", utf8_as("iso-8859-2")),
    ("iso-8859-2-not-1250-romanian-case", "ftfy reads Windows-1250's capital Î inside a sentence; ISO-8859-2 reads the same letters with în", "Să cateva durată în în dreptate!", utf8_as("iso-8859-2")),
    ("straightened-polish-line-letters", "Straightened quotes whose letter one language writes with the line's others (ł beside ę, not Hungarian ő), chosen again once the other word's choice is known", "Parlamentu odbył posiedzenie i się zgodził", straightened("sloppy-windows-1252")),
    ("straightened-spaced-dash", "A spaced dash whose straightened quote stood for byte 93 (–) or 94 (—) can't be decided from the bytes: the en dash is chosen, which real text writes twice as often between spaces, so a spaced em dash comes out as an en dash", "Need the – to all", straightened("sloppy-windows-1252")),
    ("straightened-ukrainian-ye", "Ukrainian є (D1 94) whose quote was straightened, not ф (D1 84), in a line that writes і: the model's letter pairs, mostly Russian, make має costlier than маф", "Добра юрій і во проте самий не в має бригади панове в голови цікаві в народного положення в тож.", straightened("sloppy-windows-1251")),
    ("straightened-over-ftfy-hungarian", "ftfy leaves lévÅ' (a capital between a lowercase letter and a straightened quote, a hard sign here), which becomes lévő", "A mögé ha megtörtént el aktuális a autót ahogy köszi lesz pillanatban lévő és videók.", straightened("sloppy-windows-1252")),
    ("mixed-line-iso-8859-2-over-ftfy", "Correct Bulgarian beside ISO-8859-2 mojibake, which ftfy's decode_inconsistent_utf8 reads partly through Windows-1250 (двиМи, пО); span repair through ISO-8859-2 has fewer capitals inside words", "Щом love на на свобода дъщерята организации. Чете и движи битка и като тази няма по поддръжка комплект.", mixed("iso-8859-2", 7)),
    ("miss-iso-8859-2-or-1250-danish", "Known miss: one sequence that ISO-8859-2 reads Områder and Windows-1250 Omrüder, both words to the letter-pair model", "Områder problemer typisk han og sin fleste", utf8_as("iso-8859-2")),
    ("miss-iso-8859-2-or-1250-german", "Known miss: prĂźfung is prüfung in ISO-8859-2 and prßfung in Windows-1250, which the letter-pair model finds nearly as likely", "I baum vorteil eher aktion prüfung heiligen", utf8_as("iso-8859-2")),
    ("miss-iso-8859-2-or-1250-french", "Known miss: ĂŠducation (word-initial, no capital inside the word) is éducation in ISO-8859-2 and Êducation in Windows-1250, and the model finds neither far likelier", "De naissance éducation dimanche", utf8_as("iso-8859-2")),
    ("macroman-word-edges", "√§ at a word's start (√§r) and inside one (r√§knas): two symbols side by side are a sign, and MacRoman's reading makes both Swedish words", "Vatten räknas helg är med arbetsgivare!", utf8_as("macroman")),
    ("lost-a0-chinese", "A no-break space lost inside Chinese mojibake", "你好，我们在北京见面吧", lost_a0),
    ("lost-a0-japanese", "A no-break space lost inside Japanese mojibake", "日本語のテキストを読みます", lost_a0),
    ("legacy-1251-as-1252", "Windows-1251 read as Windows-1252", "Привет, как дела? Всё хорошо, спасибо.", legacy("windows-1251", "sloppy-windows-1252")),
    ("legacy-1251-as-latin-1", "Windows-1251 read as Latin-1", "Добрый вечер, друзья мои", legacy("windows-1251", "latin-1")),
    ("legacy-koi8r-as-1251", "KOI8-R read as Windows-1251", "Привет, как дела у тебя сегодня?", legacy("koi8-r", "sloppy-windows-1251")),
    ("legacy-koi8r-as-latin-1", "KOI8-R read as Latin-1", "Привет, как дела?", legacy("koi8-r", "latin-1")),
    ("legacy-cp866-as-1251", "CP866 (DOS) read as Windows-1251", "Привет из старого DOS-файла", legacy("cp866", "sloppy-windows-1251")),
    ("legacy-iso-8859-5-as-1252", "ISO-8859-5 read as Windows-1252", "Москва - столица России, большой город", legacy("iso-8859-5", "sloppy-windows-1252")),
    ("legacy-1253-as-1252", "Windows-1253 read as Windows-1252", "Καλημέρα κόσμε, τι κάνεις;", legacy("windows-1253", "sloppy-windows-1252")),
    ("legacy-1253-as-1252-initial-alpha", "Windows-1253 read as Windows-1252, starting with Ά (byte A2, which ISO-8859-7 reads as ’)", "Άνθρωποι και ζώα ζουν μαζί στην πόλη", legacy("windows-1253", "sloppy-windows-1252")),
    ("legacy-iso-8859-7-as-1252-initial-alpha", "ISO-8859-7 read as Windows-1252, starting with Ά (byte B6, which Windows-1253 reads as ¶)", "Άνθρωποι και ζώα ζουν μαζί στην πόλη", legacy("iso-8859-7", "sloppy-windows-1252")),
    ("legacy-iso-8859-7-as-1252", "ISO-8859-7 read as Windows-1252", "Η Αθήνα είναι η πρωτεύουσα", legacy("iso-8859-7", "sloppy-windows-1252")),
    ("legacy-1255-as-1252", "Windows-1255 read as Windows-1252", "שלום עולם, מה שלומך היום?", legacy("windows-1255", "sloppy-windows-1252")),
    ("legacy-1256-as-1252", "Windows-1256 read as Windows-1252", "مرحبا بالعالم، كيف حالك؟", legacy("windows-1256", "sloppy-windows-1252")),
    ("legacy-shift-jis-as-1252", "Shift_JIS read as Windows-1252", "日本語のテキストです", legacy("shift_jis", "sloppy-windows-1252")),
    ("legacy-euc-jp-as-1252", "EUC-JP read as Windows-1252", "東京の天気はとても良いです", legacy("euc_jp", "sloppy-windows-1252")),
    ("legacy-gbk-as-1252", "GBK read as Windows-1252", "中文文本的例子很好", legacy("gbk", "sloppy-windows-1252")),
    ("legacy-big5-as-1252", "Big5 read as Windows-1252", "繁體中文的文字範例", legacy("big5", "sloppy-windows-1252")),
    ("legacy-euc-kr-as-1252", "EUC-KR read as Windows-1252", "한국어 텍스트 예제입니다", legacy("euc_kr", "sloppy-windows-1252")),
    ("legacy-1252-as-1251", "Western text read as Windows-1251", "Le café de la société générale à Genève est fermé", legacy("windows-1252", "sloppy-windows-1251")),
    # Mixups within the Latin script: a sign in the text as read (a symbol
    # between letters, a capital inside a word, letters no one language of
    # the codec writes together) and a re-decoding that one language writes.
    ("legacy-1250-as-1252-polish", "Polish in Windows-1250 read as Windows-1252: ¿ ³ ¹ between letters", "Zażółć gęślą jaźń", legacy("windows-1250", "sloppy-windows-1252")),
    ("legacy-1250-as-1252-czech", "Czech in Windows-1250 read as Windows-1252: è ì ø beside ž, which no Windows-1252 language writes together", "Příliš žluťoučký kůň úpěl ďábelské ódy", legacy("windows-1250", "sloppy-windows-1252")),
    ("legacy-iso-8859-2-as-1252", "Polish in ISO-8859-2 read as Windows-1252: ± ³ ¿ between letters", "Zgody są, ale mógłby szybko wrócić do miasta", legacy("iso-8859-2", "sloppy-windows-1252")),
    ("legacy-1254-as-1252", "Turkish in Windows-1254 read as Windows-1252: Icelandic ý and þ beside ü and ç", "Türkçe öğrenmek için şimdi çalışıyorum, değil mi?", legacy("windows-1254", "sloppy-windows-1252")),
    ("legacy-1257-as-1252", "Lithuanian in Windows-1257 read as Windows-1252: ð ø à beside ë", "Lietuvos žmonės švenčia šventę ir gražų rudenį", legacy("windows-1257", "sloppy-windows-1252")),
    ("legacy-iso-8859-13-as-1252", "Lithuanian in ISO-8859-13 read as Windows-1252", "Lietuvos žmonės švenčia šventę ir gražų rudenį", legacy("iso-8859-13", "sloppy-windows-1252")),
    ("legacy-iso-8859-4-as-1252", "Latvian in ISO-8859-4 read as Windows-1252: ē as º between letters, ū as Icelandic þ beside French à", "Mūsu bērni dzīvo Rīgā un mācās skolā, kur ir daudz skolēnu", legacy("iso-8859-4", "sloppy-windows-1252")),
    ("legacy-1250-as-1252-slovene", "Slovenian in Windows-1250 read as Windows-1252: each word could be French or Slovenian, but è four times beside š and ž three times is no one language's text", "Včeraj smo končno začeli graditi šolo, že ves teden je bilo lepo in ženske so šle v mesto na izlet", legacy("windows-1250", "sloppy-windows-1252")),
    ("legacy-1250-as-1252-slovene-weak-sign", "Slovenian in Windows-1250 read as Windows-1252: è beside š is only a weak sign (one word could be French), but the words the reading changes go on as Slovenian's do (letter triples of its CLDR names and Faker lists)", "Je pa res, da je bil večer prijeten in je pomoč prišla od sosedov iz mesta.", legacy("windows-1250", "sloppy-windows-1252")),
    ("legacy-iso-8859-15-as-1252", "Finnish in ISO-8859-15 read as Windows-1252: š as the diaeresis ¨ between letters", "Tšekki ja Slovakia ovat naapureita, ja tšekkiläinen ruoka on hyvää", legacy("iso-8859-15", "sloppy-windows-1252")),
    ("legacy-1250-romanian-as-1252", "Romanian in Windows-1250 read as Windows-1252: ş, ţ and ă as º, þ and ã. ISO-8859-16 holds the comma-below letters (ș, ț) at the same bytes, so the two code pages can't be told apart; the reading is Windows-1250's, the code page such text was commonly in", "Ştiinţa şi tehnologia sunt importante pentru ţară şi pentru oameni", legacy("windows-1250", "sloppy-windows-1252")),
    ("legacy-cp437-as-macroman", "French in CP437 read as MacRoman: capitals inside words (journÇe)", "La journée de la société générale", legacy("cp437", "macroman")),
    ("legacy-cp437-as-macroman-one-letter", "German in CP437 read as MacRoman with one damaged letter, a capital inside a word (wÑren) that no orthography writes, among enough words to go on", "Zu hass der die wären mannheim der danke eventuell ps twitter ebenfalls.", legacy("cp437", "macroman")),
    ("legacy-cp850-as-1252", "French in CP850 read as Windows-1252: symbols between letters", "Où est la bibliothèque? Là-bas, près du café.", legacy("cp850", "sloppy-windows-1252")),
    # Known misses within the Latin script: the text as read shows no sign.
    ("miss-1254-as-1252-icelandic-letters", "Known miss: Turkish read as Windows-1252 with only ý, ö and ç, letters one Windows-1252 language writes together; without a sign it is left alone", "Bilgiler için ve sosyal göz anlamıyorum", legacy("windows-1254", "sloppy-windows-1252")),
    ("miss-iso-8859-15-as-1252-fraction", "Known miss: French œ in ISO-8859-15 read as Windows-1252 is ½, which the model takes for a number, not a symbol inside a word", "Elle a le cœur sur la main, comme sa sœur", legacy("iso-8859-15", "sloppy-windows-1252")),
    ("miss-1250-as-1252-danish-letter", "Known miss: one Polish ć read as Danish æ, which is all the sentence shows", "Jednak trzeba to zobaczyć", legacy("windows-1250", "sloppy-windows-1252")),
    # Short strings that are too ambiguous to decide.
    ("short-cyrillic-word", "One short word, all three letters signs (no alphabet writes Ï, ð and è together): Windows-1251's При is 37 bits likelier than the text as read, past the margin of a short change, and 9 bits ahead of the next reading (Greek Οπθ)", "При", legacy("windows-1251", "sloppy-windows-1252")),
    ("short-cp437-as-macroman-journee", "One word of CP437 read as MacRoman: a capital after a lowercase letter (journÇe) is a sign, and journée is 19 bits likelier, past the 16 a one-letter change needs", "journée", legacy("cp437", "macroman")),
    ("ambiguous-names-several-languages", "Clean names of several languages: their letters (ø, é, á) are no one language's, but a Czech reading (ř for ø) changes only one letter", "Hjortø Allé und Szabadság utca", lambda text: text),
    ("ambiguous-foreign-name-icelandic", "Clean Icelandic words beside a Portuguese name: þ, ð and ç are no one language's, but without the name they are Icelandic's, and a Turkish reading (ş for þ) would change only good words", "þann þingið ty störfum heima meðan Mendonça hennar ganga", lambda text: text),
    ("ambiguous-foreign-name-norwegian", "Clean Norwegian words beside a Vietnamese name: å beside ê, but å alone is Norwegian", "tape selges fy overraskende Eriksson åpen sitte vest torsdag for våpen Lê em automatisk", lambda text: text),
    ("irish-capital-inside-word", "Clean Irish: h, n and t before a word's capital vowel (na hÉireann, i nÓrlach) are Irish spelling, no sign of a mixup", "Tá muintir na hÉireann ag obair i nÓrlach agus sa tÍr mhór inniu", lambda text: text),
    ("ambiguous-acute-for-apostrophe", "Clean text with an acute accent for an apostrophe: ISO-8859-15 reads it as Ž (dŽIvoire), a capital inside a word that no language writes", "Kote d´Ivoire", lambda text: text),
    ("ambiguous-french-words-in-slovene", "Correct Slovenian with French words: è and û beside š are no one language's, and Windows-1250 would read them as Slovenian č and Hungarian ű, but `crčme` is no Slovenian word", "Na zabavi smo jedli crème brûlée in pili kavo, potem smo šli domov.", lambda t: t),
    ("ambiguous-short-polish", "Two Polish words read as Windows-1252, one accented letter each: too little to go on", "Idę sam", legacy("windows-1250", "sloppy-windows-1252")),
    ("ambiguous-one-sequence", "One sequence that two codecs read differently (GrĂźnen: ISO-8859-2 or Windows-1250?)", "Grünen", utf8_as("iso-8859-2")),
    # Clean lines of two languages that false-positive checks once found
    # changed, each kept by the guard its finding added.
    ("norwegian-words-among-hungarian", "Clean text of two languages (the fresh-latin check of `cargo xtask false-positives`, seed 90202; ftfy 6.3.1 leaves it alone): four Norwegian `ø` among Hungarian words are letters Hungarian leaves out, which ISO-8859-16 would read as `ű`, but `nűtt` and `ordfűreren` go on as no Hungarian words do, so the foreign letters are only a weak sign", "Brøler Kevés Akselerasjon nøtt Elemzés horvát atyánk érdemes könnyeim offentliggjøring ordføreren túlélték Ébredtem élvez lambda Szabadságát külföld Rosszindulatú lény alkalmazása százalékos,", lambda text: text),
    ("norwegian-name-among-czech", "Clean names of several languages (the names check of `cargo xtask false-positives`; ftfy 6.3.1 leaves them alone): Windows-1250 reads Norwegian Bøe as Czech Bře, which the line's Czech names make likelier, but the word alone is not likelier by half the margin", "Košir Chrenová Bøe Downar", lambda text: text),
    ("italian-words-among-slovenian", "Clean text of two languages (the fresh-latin check of `cargo xtask false-positives`, seed 12; ftfy 6.3.1 leaves it alone): Italian words that end in a grave vowel beside Slovenian š, which Windows-1250 would read as `fině … noč`; such endings with no other accent in the word are no sign of a mixup", "Kavi stikala spoštovan finì štore paris inviò sladice noè attestata.", lambda text: text),
    ("catalan-words-among-icelandic", "Clean text of two languages (the odd-text check of `cargo xtask false-positives`, seeds 14–19; ftfy 6.3.1 leaves it alone): Catalan è beside Icelandic ð, which Windows-1257 would read as Lithuanian-like `rekiš spilaš` but no Baltic `depčn`; with only a weak sign, every word a reading changes must go on as a native language's", "art carreteres places depèn rekið spilað", lambda text: text),
]


def main():
    inputs = [damage(original) for _, _, original, damage in CASES]
    ours = batch.run(inputs)
    lines = ["# Extended recovery: generated by xtask/python/extended/golden.py; do",
             "# not edit. A recovered case expects the original text the generator damaged",
             "# (and records ftfy 6.3.1's answer); a case left alone expects ftfy's answer,",
             "# the input itself (or ftfy's own change), with the `intended` original",
             "# for a known miss.", ""]
    for (name, why, original, _), broken, got in zip(CASES, inputs, ours):
        answer = ftfy.fix_encoding(broken)
        lines.append("[[case]]")
        lines.append(f"name = {json.dumps(name, ensure_ascii=False)}")
        lines.append(f"input = {json.dumps(broken, ensure_ascii=False)}")
        lines.append('config = { extended_recovery = true }')
        if got == original and answer == original and broken != original:
            lines.append(f"why = {json.dumps(why + '; ftfy 6.3.1 fixes this one too', ensure_ascii=False)}")
            lines.append(f"fix_encoding = {json.dumps(original, ensure_ascii=False)}")
        elif got == original and broken != original:
            lines.append(f"why = {json.dumps(why, ensure_ascii=False)}")
            lines.append('differs_in = "fix_encoding"')
            lines.append(f"ftfy = {json.dumps(answer, ensure_ascii=False)}")
            lines.append(f"fix_encoding = {json.dumps(original, ensure_ascii=False)}")
        elif got == answer and name.startswith("miss"):
            # A known miss where this mode gives ftfy 6.3.1's own answer.
            lines.append(f"why = {json.dumps(why, ensure_ascii=False)}")
            lines.append(f"intended = {json.dumps(original, ensure_ascii=False)}")
            lines.append(f"fix_encoding = {json.dumps(answer, ensure_ascii=False)}")
        elif got == broken and answer == broken:
            lines.append(f"why = {json.dumps(why, ensure_ascii=False)}")
            if broken != original and not name.startswith("ambiguous"):
                lines.append(f"intended = {json.dumps(original, ensure_ascii=False)}")
            lines.append(f"fix_encoding = {json.dumps(broken, ensure_ascii=False)}")
        else:
            print(f"left out {name}: ours {got!r}, ftfy {answer!r}, original {original!r}")
            lines.pop(); lines.pop(); lines.pop(); lines.pop()
            continue
        lines.append("")
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
