//! Generates the language model of `crates/extended/src/language/` from lingua's language
//! models: the character 1- to 3-gram probabilities of 75 languages,
//! counted by lingua on real text (Apache-2.0), pruned and quantized into
//! one perfect-hashed table, plus a table of character classes and the
//! costs of a class following two others, counted on the development part
//! of lingua's test sentences.
//!
//! Run: `cargo xtask regen language-model` (from the repository's root, it
//! runs `cargo run --release --manifest-path xtask/language-model/Cargo.toml`).
//!
//! It writes `crates/extended/src/language/model.bin` and `model_table.rs`;
//! running it again makes the same bytes (`cargo xtask regen --check` re-runs it and diffs).

mod alphabets_table;
mod characters;
mod languages;
mod perfect_hash;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use characters::{CharacterTable, Group, CLASSES, GROUPS};
use fst::Streamer;

/// The share of each order's probability mass a language keeps, the most
/// frequent n-grams first (unigrams, bigrams, trigrams).
const COVERAGE: [f64; 3] = [0.999, 0.99, 0.90];

/// Costs are `-log2(p)` in eighths of a bit, in one byte.
const COST_UNITS_PER_BIT: u64 = 8;

/// One language's conditional probabilities, `ln P(last | the others)`,
/// for its n-grams of orders 1 to 3, keyed by the characters.
struct Model {
    name: &'static str,
    group: Group,
    orders: [BTreeMap<Vec<char>, f64>; 3],
}

fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".to_string());
    let characters = CharacterTable::build();
    let mut models: Vec<Model> = languages::LANGUAGES
        .iter()
        .map(|(name, models, _)| load_model(name, models, &characters))
        .collect();
    // Languages of one script group are neighbours: the scorer updates a
    // group's languages as one range.
    models.sort_by_key(|model| (model.group, model.name));
    let mut rows = quantized_rows(&models);
    let (symbol_costs, unlisted) = symbol_costs(&characters);
    for (&c, &cost) in &symbol_costs {
        rows.insert(key_of(&[SYMBOL_MARK, c]), vec![(0, cost)]);
    }
    let scripts: Vec<(u8, u8)> = GROUPS
        .iter()
        .map(|&group| {
            let ids: Vec<u8> = (0..models.len() as u8)
                .filter(|&id| models[usize::from(id)].group == group)
                .collect();
            (ids[0], ids[ids.len() - 1] + 1)
        })
        .collect();
    let table = perfect_hash::Table::build(&rows, &scripts);
    let class_costs = class_costs(&characters);

    let mut blob = Vec::new();
    let mut layout = Vec::new();
    let mut section = |name: &str, bytes: &[u8], blob: &mut Vec<u8>| {
        layout.push((name.to_string(), blob.len(), blob.len() + bytes.len()));
        blob.extend_from_slice(bytes);
    };
    section("CHARACTER_INDEX", &characters.index, &mut blob);
    section("CHARACTER_BLOCKS", &characters.blocks, &mut blob);
    section("CLASS_COSTS", &class_costs, &mut blob);
    section("DISPLACEMENTS", &table.displacements, &mut blob);
    section("FINGERPRINTS", &table.fingerprints, &mut blob);
    section("ROW_LENGTHS", &table.row_lengths, &mut blob);
    section("ROW_STARTS", &table.row_starts, &mut blob);
    section("ROWS", &table.rows, &mut blob);

    let ascii: Vec<u8> = (0..128u8)
        .map(char::from)
        .map(|c| {
            symbol_costs
                .get(&c)
                .copied()
                .unwrap_or(unlisted[usize::from(characters.class_of(c))])
        })
        .collect();
    let source = generated_source(&models, &table, &layout, &unlisted, &ascii);
    std::fs::write(
        format!("{root}/crates/extended/src/language/model.bin"),
        &blob,
    )
    .expect("writes model.bin");
    std::fs::write(
        format!("{root}/crates/extended/src/language/model_table.rs"),
        source,
    )
    .expect("writes model_table.rs");
    eprintln!(
        "{} languages, {} n-grams in {} slots, {} language entries; model.bin {} bytes",
        models.len(),
        table.keys,
        table.fingerprints.len() / 2,
        rows.values().map(Vec::len).sum::<usize>(),
        blob.len()
    );
}

/// Reads one language's `ngrams.fst`: keys are the n-grams in UTF-8, values
/// the bits of an `f64` natural logarithm of the conditional probability.
/// Keeps orders 1 to 3, and only n-grams of the language's own script
/// group (the models hold a little noise from other scripts).
fn load_model(
    name: &'static str,
    directory: &include_dir::Dir,
    characters: &CharacterTable,
) -> Model {
    let file = directory
        .get_file("ngrams.fst")
        .expect("every model has ngrams.fst");
    let map = fst::Map::new(file.contents()).expect("ngrams.fst is an fst map");
    let mut orders: [BTreeMap<Vec<char>, f64>; 3] = Default::default();
    let mut stream = map.stream();
    while let Some((key, value)) = stream.next() {
        let chars: Vec<char> = std::str::from_utf8(key)
            .expect("UTF-8 keys")
            .chars()
            .collect();
        if (1..=3).contains(&chars.len()) {
            orders[chars.len() - 1].insert(chars, f64::from_bits(value));
        }
    }
    // The group that holds most of the unigram probability.
    let mut mass = [0.0f64; GROUPS.len()];
    for (chars, ln_p) in &orders[0] {
        if let Some(group) = characters.group_of(chars[0]) {
            mass[group as usize] += ln_p.exp();
        }
    }
    let group = GROUPS[(0..GROUPS.len())
        .max_by(|&a, &b| mass[a].total_cmp(&mass[b]))
        .expect("groups")];
    for order in &mut orders {
        order.retain(|chars, _| chars.iter().all(|&c| characters.group_of(c) == Some(group)));
    }
    // A Latin-script language keeps the n-grams of its own letters: what
    // else it has is mostly its own text in a legacy code page read as
    // another (see alphabets.py).
    if group == Group::Latin {
        let alphabet = alphabets_table::ALPHABETS
            .iter()
            .find(|(language, _)| *language == name)
            .map(|(_, letters)| *letters)
            .expect("every Latin-script language has an alphabet");
        for order in &mut orders {
            order.retain(|chars, _| chars.iter().all(|&c| c.is_ascii() || alphabet.contains(c)));
        }
    }
    Model {
        name,
        group,
        orders,
    }
}

/// The kept n-grams of every language: for each order, the n-grams of
/// highest joint probability (the chain of conditionals) up to that
/// order's coverage; each becomes (language, cost) in the row of its key.
fn quantized_rows(models: &[Model]) -> BTreeMap<u64, Vec<(u8, u8)>> {
    let mut rows: BTreeMap<u64, Vec<(u8, u8)>> = BTreeMap::new();
    for (language, model) in models.iter().enumerate() {
        for (order, coverage) in COVERAGE.iter().enumerate() {
            let joint = |chars: &[char]| -> Option<f64> {
                (1..=chars.len())
                    .map(|n| model.orders[n - 1].get(&chars[..n]))
                    .sum()
            };
            let mut ranked: Vec<(f64, &Vec<char>, f64)> = model.orders[order]
                .iter()
                .filter_map(|(chars, &ln_p)| Some((joint(chars)?.exp(), chars, ln_p)))
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
            let total: f64 = ranked.iter().map(|entry| entry.0).sum();
            let mut kept = 0.0;
            for (p, chars, ln_p) in ranked {
                if kept >= coverage * total {
                    break;
                }
                kept += p;
                let cost = (-ln_p / std::f64::consts::LN_2 * COST_UNITS_PER_BIT as f64).round();
                let language = u8::try_from(language).expect("fewer than 256 languages");
                rows.entry(key_of(chars))
                    .or_default()
                    .push((language, cost.clamp(0.0, 255.0) as u8));
            }
        }
    }
    rows
}

/// An n-gram of up to 3 characters packed in 21 bits each, the last in
/// the lowest bits (no character is NUL, so orders never collide).
fn key_of(chars: &[char]) -> u64 {
    chars
        .iter()
        .fold(0u64, |key, &c| (key << 21) | u64::from(c))
}

/// `-log2 P(class | the two previous classes)` in cost units, indexed
/// `[before previous][previous][class]`, from the development sentences
/// (two of every three lines of each language's `sentences.txt`; the
/// third is held out), each line starting after two line breaks. The
/// trigram counts are smoothed toward the bigram's (add-one) estimate, so
/// that a sequence never seen still has a finite cost.
fn class_costs(characters: &CharacterTable) -> Vec<u8> {
    const CLASSES: usize = 16;
    /// How many observations the bigram estimate weighs as.
    const PRIOR: f64 = 4.0;
    let mut trigrams = vec![0u64; CLASSES * CLASSES * CLASSES];
    let mut bigrams = vec![0u64; CLASSES * CLASSES];
    for (_, _, testdata) in languages::LANGUAGES.iter() {
        let file = testdata
            .get_file("sentences.txt")
            .expect("every model has sentences.txt");
        let text = std::str::from_utf8(file.contents()).expect("UTF-8 sentences");
        let lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
        for (index, line) in lines.enumerate() {
            if index % 3 == 2 {
                continue;
            }
            let (mut first, mut second) = (
                characters::LINE_BREAK as usize,
                characters::LINE_BREAK as usize,
            );
            for c in line.chars().chain(std::iter::once('\n')) {
                let class = characters.class_of(c) as usize;
                trigrams[(first * CLASSES + second) * CLASSES + class] += 1;
                bigrams[second * CLASSES + class] += 1;
                (first, second) = (second, class);
            }
        }
    }
    let mut costs = Vec::with_capacity(trigrams.len());
    for first in 0..CLASSES {
        for second in 0..CLASSES {
            let bigram_total: u64 = bigrams[second * CLASSES..][..CLASSES].iter().sum();
            let context = (first * CLASSES + second) * CLASSES;
            let trigram_total: u64 = trigrams[context..][..CLASSES].iter().sum();
            for class in 0..CLASSES {
                let bigram = (bigrams[second * CLASSES + class] + 1) as f64
                    / (bigram_total + CLASSES as u64) as f64;
                let p = (trigrams[context + class] as f64 + PRIOR * bigram)
                    / (trigram_total as f64 + PRIOR);
                costs.push(
                    (-p.log2() * COST_UNITS_PER_BIT as f64)
                        .round()
                        .clamp(0.0, 255.0) as u8,
                );
            }
        }
    }
    costs
}

/// The first character of the keys of characters that are not letters
/// (no n-gram holds it).
const SYMBOL_MARK: char = '\u{1}';

/// `-log2 P(character | its class)` in cost units for the characters that
/// are not letters, counted on the development sentences with add-half
/// smoothing over every character of the class: the listed ones (seen
/// twice or more), and one cost per class for all the others.
fn symbol_costs(characters: &CharacterTable) -> (BTreeMap<char, u8>, [u8; 16]) {
    const ALPHA: f64 = 0.5;
    let mut counts: BTreeMap<char, u64> = BTreeMap::new();
    for (_, _, testdata) in languages::LANGUAGES.iter() {
        let file = testdata
            .get_file("sentences.txt")
            .expect("every model has sentences.txt");
        let text = std::str::from_utf8(file.contents()).expect("UTF-8 sentences");
        let lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
        for (_, line) in lines.enumerate().filter(|(index, _)| index % 3 != 2) {
            for c in line
                .chars()
                .filter(|&c| characters.class_of(c) > characters::UNMODELED_LETTER)
            {
                *counts.entry(c).or_default() += 1;
            }
        }
    }
    let mut totals = [0u64; 16];
    let mut sizes = [0u64; 16];
    for (&c, &count) in &counts {
        totals[usize::from(characters.class_of(c))] += count;
    }
    for c in (0..0x10000).filter_map(char::from_u32) {
        sizes[usize::from(characters.class_of(c))] += 1;
    }
    let cost = |count: f64, class: usize| -> u8 {
        let p = (count + ALPHA) / (totals[class] as f64 + ALPHA * sizes[class].max(1) as f64);
        (-p.log2() * COST_UNITS_PER_BIT as f64)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    let listed = counts
        .iter()
        .filter(|&(_, &count)| count >= 2)
        .map(|(&c, &count)| (c, cost(count as f64, usize::from(characters.class_of(c)))))
        .collect();
    let mut unlisted = [0u8; 16];
    for (class, slot) in unlisted.iter_mut().enumerate() {
        *slot = cost(0.0, class);
    }
    (listed, unlisted)
}

fn generated_source(
    models: &[Model],
    table: &perfect_hash::Table,
    layout: &[(String, usize, usize)],
    unlisted: &[u8; 16],
    ascii: &[u8],
) -> String {
    let mut out = String::new();
    let w = &mut out;
    writeln!(
        w,
        "// Generated by xtask/language-model from lingua's language model crates"
    )
    .unwrap();
    writeln!(
        w,
        "// (lingua-<language>-language-model 1.3.0, Apache-2.0); do not edit."
    )
    .unwrap();
    writeln!(w).unwrap();
    writeln!(w, "use super::Script;").unwrap();
    writeln!(w).unwrap();
    write_format(w);
    writeln!(
        w,
        "/// The model's languages, in the order of their ids: each script's"
    )
    .unwrap();
    writeln!(w, "/// languages are neighbours.").unwrap();
    writeln!(
        w,
        "pub(super) const LANGUAGE_NAMES: [&str; {}] = [",
        models.len()
    )
    .unwrap();
    for model in models {
        writeln!(w, "    {:?},", capitalized(model.name)).unwrap();
    }
    writeln!(w, "];").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "/// Each script's languages, as a range of ids.").unwrap();
    writeln!(
        w,
        "pub(super) const SCRIPT_LANGUAGES: [(Script, u8, u8); {}] = [",
        GROUPS.len()
    )
    .unwrap();
    for group in GROUPS {
        let ids: Vec<usize> = (0..models.len())
            .filter(|&id| models[id].group == group)
            .collect();
        let (start, end) = (ids[0], ids[ids.len() - 1] + 1);
        writeln!(w, "    (Script::{group:?}, {start}, {end}),").unwrap();
    }
    writeln!(w, "];").unwrap();
    writeln!(w).unwrap();
    writeln!(
        w,
        "/// The hash's seed, and the table's numbers of buckets and slots."
    )
    .unwrap();
    writeln!(w, "pub(super) const SEED: u64 = {:#x};", table.seed).unwrap();
    writeln!(
        w,
        "pub(super) const BUCKETS: u64 = {};",
        table.displacements.len() / 2
    )
    .unwrap();
    writeln!(
        w,
        "pub(super) const SLOTS: u64 = {};",
        table.fingerprints.len() / 2
    )
    .unwrap();
    writeln!(w).unwrap();
    writeln!(
        w,
        "/// `-log2 P(character | its class)` of a character that is not a letter"
    )
    .unwrap();
    writeln!(
        w,
        "/// and not in the table (under the key `[SYMBOL_MARK, character]`), by class."
    )
    .unwrap();
    writeln!(
        w,
        "pub(super) const UNLISTED_COSTS: [u8; 16] = {unlisted:?};"
    )
    .unwrap();
    writeln!(w, "pub(super) const SYMBOL_MARK: char = {SYMBOL_MARK:?};").unwrap();
    writeln!(
        w,
        "/// The same for the ASCII characters (letters' entries unused)."
    )
    .unwrap();
    writeln!(w, "pub(super) const ASCII_COSTS: [u8; 128] = {ascii:?};").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "/// Where each table lies in `model.bin` (start, end).").unwrap();
    for (name, start, end) in layout {
        writeln!(
            w,
            "pub(super) const {name}: (usize, usize) = ({start}, {end});"
        )
        .unwrap();
    }
    out
}

/// Writes what reading `model.bin` needs to know of its format: the
/// classes of characters (the low 4 bits of the character table's
/// entries), the table's block size, the stride of recorded row starts,
/// and the unit of costs.
fn write_format(w: &mut String) {
    for (number, (class, _, _)) in CLASSES.iter().enumerate() {
        assert_eq!(usize::from(*class), number, "classes are numbered in order");
    }
    let lines = [
        "/// The classes of characters, as the character table numbers them in".to_string(),
        "/// its entries' low 4 bits, in order (`class as u8` is its number).".to_string(),
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]".to_string(),
        "pub(crate) enum Class {".to_string(),
    ];
    for line in lines {
        writeln!(w, "{line}").unwrap();
    }
    for (_, name, doc) in CLASSES {
        writeln!(w, "    /// {doc}").unwrap();
        writeln!(w, "    {name},").unwrap();
    }
    writeln!(w, "}}").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "impl Class {{").unwrap();
    writeln!(w, "    /// Every class, by its number.").unwrap();
    writeln!(w, "    const ALL: [Class; {}] = [", CLASSES.len()).unwrap();
    for (_, name, _) in CLASSES {
        writeln!(w, "        Class::{name},").unwrap();
    }
    writeln!(w, "    ];").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "    /// The class of a character table entry.").unwrap();
    writeln!(w, "    #[inline]").unwrap();
    writeln!(w, "    pub(crate) fn of_entry(entry: u8) -> Class {{").unwrap();
    writeln!(w, "        Class::ALL[usize::from(entry & 0x0F)]").unwrap();
    writeln!(w, "    }}").unwrap();
    writeln!(w, "}}").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "/// Characters per block of the character table.").unwrap();
    writeln!(
        w,
        "pub(super) const CHARACTER_BLOCK: usize = {};",
        characters::BLOCK
    )
    .unwrap();
    writeln!(w, "/// Slots between two recorded row starts.").unwrap();
    writeln!(
        w,
        "pub(super) const ROW_START_STRIDE: usize = {};",
        perfect_hash::ROW_START_STRIDE
    )
    .unwrap();
    writeln!(w, "/// Costs are in these fractions of a bit.").unwrap();
    writeln!(
        w,
        "pub(super) const UNITS_PER_BIT: u64 = {COST_UNITS_PER_BIT};"
    )
    .unwrap();
    writeln!(w).unwrap();
}

fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}
