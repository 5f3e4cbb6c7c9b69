//! The heuristic that says "this looks like mojibake".
//!
//! About four hundred characters turn up in UTF-8 mojibake. ftfy 6.3.1 sorts
//! them into named categories (`categories`) and lists short sequences of
//! those categories that are far likelier to be mojibake than intended
//! text, such as a lowercase accented letter followed by a currency sign
//! (`Ã©` is fine French mojibake; `é€` is not French). The text is *bad*
//! when any listed sequence occurs; its *badness* is how many occur.
//!
//! ftfy writes the sequences as one large regular expression. Here each
//! alternative of that expression is a `Rule`: a list of character
//! classes, one per position, tried in ftfy's order. That keeps the rules as
//! readable as the regex, gives Python's exact meaning of `\s` and `\w`, and
//! needs no regex engine: a text is classified character by character, and
//! pure ASCII text (which no rule can match) costs one scan.
//!
//! Data pipelines use [`is_bad`] to *find* mojibake without fixing it:
//!
//! ```
//! use ftfy_core::badness::{badness, is_bad};
//!
//! assert!(is_bad("The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows."));
//! assert!(!is_bad("Le café est fermé le dimanche."));
//! assert_eq!(badness("Ã©tÃ© â€” hiver"), 3);
//! ```

// The rules and their categories are the input of the generated table
// (`compiled_table.rs`): only the tests that write it compile them.
#[cfg(test)]
mod categories;
#[cfg(test)]
mod rules;

use crate::python_classes;

/// A bit set of the classes a character belongs to: the mojibake
/// categories plus the few ASCII and Python classes the rules name.
type ClassSet = u32;

/// Python's `\s`.
const SPACE: ClassSet = 1 << 18;
/// Python's `\w`.
const WORD: ClassSet = 1 << 19;

/// Characters below this have their classes in a lookup table; the
/// mojibake categories hold only four characters above it
/// (`categories::BEYOND_TABLE`).
const TABLE_END: usize = 0x2600;

/// A bit set of classes once the rules are compiled: the class bits of
/// [`ClassSet`], plus one bit for each character a rule names literally,
/// so that testing a position is one AND.
type Bits = u128;

/// A set of rules, one bit per rule in ftfy's order.
type RuleSet = u64;

/// One position of a compiled rule.
#[derive(Clone, Copy)]
struct CompiledPosition {
    mask: Bits,
    negated: bool,
    optional: bool,
}

impl CompiledPosition {
    fn accepts(&self, bits: Bits) -> bool {
        (bits & self.mask != 0) != self.negated
    }
}

struct CompiledRule {
    anchored: bool,
    positions: &'static [CompiledPosition],
}

/// The rules with their literal characters turned into bits, and every
/// character below [`TABLE_END`] classified.
///
/// Finding matches fast rests on two filters, both derived here from the
/// rules themselves:
///
/// - *Anchors.* For each rule, one of its first [`ANCHOR_REACH`] positions
///   is chosen whose characters are rare in real text and never ASCII (for
///   `é€`, the currency sign rather than the accented letter); the chosen
///   characters are the anchors. Every match holds an anchor less than
///   `ANCHOR_REACH` characters after its start, so only starts near an
///   anchor are tried, and a text without anchors (most text in non-Latin
///   scripts, and all ASCII) is dismissed by one pass that skips ASCII a
///   word at a time and most other characters by their first byte.
/// - *Pairs.* A rule is tried at a start only if the first character fits
///   its first position and the next one fits its second.
struct Compiled {
    rules: &'static [CompiledRule],
    table: &'static [Bits],
    /// The classes of the characters of `categories::BEYOND_TABLE`.
    beyond_table: [(char, Bits); 4],
    /// For each character in the table, the rules whose first position
    /// accepts it.
    first_rules: &'static [RuleSet],
    /// For each character in the table, the rules whose second matched
    /// character may be it.
    second_rules: &'static [RuleSet],
    /// The rules that can match a single character.
    single_rules: RuleSet,
    /// `first_rules` and `second_rules` for characters beyond the table,
    /// by their classes: a character there has those of one of
    /// `categories::BEYOND_TABLE` or only Python's `\s` and `\w`, so a
    /// few entries cover them all. Working the sets out per character
    /// tried every rule, which made lines of `ｶ` or U+FFFD slow.
    beyond_rules: &'static [(Bits, RuleSet, RuleSet)],
    /// The anchors, one bit per character of the Basic Multilingual
    /// Plane (all of them are there): word `i` covers U+(64i) to
    /// U+(64i+63), the characters that share a two-byte lead byte, or a
    /// three-byte lead and second byte, in UTF-8, so the scan for anchors
    /// finds a character's bit from its bytes without decoding it.
    anchors_bmp: &'static [u64],
    /// Whether a byte is the lead byte of a two- or three-byte character
    /// whose block of 64 in `anchors_bmp` holds an anchor (never true of
    /// a continuation byte).
    anchor_blocks_leads: [bool; 256],
}

// The compiled rules are generated (`tests::generated_badness_table`
// compiles them with `compile` and writes them out), so that nothing is
// worked out at start-up.
#[rustfmt::skip]
mod compiled_table;

static COMPILED: Compiled = Compiled {
    rules: &compiled_table::RULES,
    table: &compiled_table::TABLE,
    beyond_table: compiled_table::BEYOND_TABLE,
    first_rules: &compiled_table::FIRST_RULES,
    second_rules: &compiled_table::SECOND_RULES,
    single_rules: compiled_table::SINGLE_RULES,
    beyond_rules: &compiled_table::BEYOND_RULES,
    anchors_bmp: &compiled_table::ANCHORS_BMP,
    anchor_blocks_leads: compiled_table::ANCHOR_BLOCKS_LEADS,
};

/// `values[index[i]]` for each `i`: a table of `N` entries kept as a
/// table of its `K` distinct values and one byte per entry, expanded when
/// the crate is compiled.
const fn expand<const N: usize, const K: usize, T: Copy>(
    values: &[T; K],
    index: &[u8; N],
    zero: T,
) -> [T; N] {
    let mut table = [zero; N];
    let mut i = 0;
    while i < N {
        table[i] = values[index[i] as usize];
        i += 1;
    }
    table
}

/// The rules whose first position accepts a character of classes `bits`.
fn starting_rules(rules: &[CompiledRule], bits: Bits) -> RuleSet {
    rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| rule.positions[0].accepts(bits))
        .fold(0, |set, (index, _)| set | 1 << index)
}

/// The rules whose second matched character may have classes `bits`: the
/// second position accepts it, or the second is optional and the third
/// does.
fn second_rules(rules: &[CompiledRule], bits: Bits) -> RuleSet {
    let fits = |later: &[CompiledPosition]| -> bool {
        for position in later {
            if position.accepts(bits) {
                return true;
            }
            if !position.optional {
                return false;
            }
        }
        false
    };
    rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| fits(&rule.positions[1..]))
        .fold(0, |set, (index, _)| set | 1 << index)
}

/// How many positions at the start of a rule may hold its anchor.
const ANCHOR_REACH: usize = 4;

fn python_classes_of(c: char) -> ClassSet {
    let mut classes = 0;
    if python_classes::contains(python_classes::WHITESPACE, c) {
        classes |= SPACE;
    }
    if python_classes::contains(python_classes::WORD, c) {
        classes |= WORD;
    }
    classes
}

impl Compiled {
    /// The classes of `c`, with Python's `\s` and `\w` for characters
    /// beyond the table looked up only when `mask` asks about them.
    fn bits(&self, c: char, mask: Bits) -> Bits {
        if let Some(&bits) = self.table.get(c as usize) {
            return bits;
        }
        if let Some(&(_, bits)) = self.beyond_table.iter().find(|(member, _)| *member == c) {
            return bits;
        }
        if mask & Bits::from(SPACE | WORD) != 0 {
            Bits::from(python_classes_of(c))
        } else {
            0
        }
    }

    #[cfg(test)]
    fn is_anchor(&self, c: char) -> bool {
        let code = c as usize;
        self.anchors_bmp
            .get(code / 64)
            .is_some_and(|word| word & (1 << (code % 64)) != 0)
    }

    /// The rules worth trying at a start whose first two characters are
    /// `first` and `second` (`None` at the end of the text).
    fn candidates(&self, first: char, second: Option<char>) -> RuleSet {
        let firsts = match self.first_rules.get(first as usize) {
            Some(&rules) => rules,
            None => self.rules_beyond_table(first).0,
        };
        let seconds = match second {
            None => 0,
            Some(c) => match self.second_rules.get(c as usize) {
                Some(&rules) => rules,
                None => self.rules_beyond_table(c).1,
            },
        };
        firsts & (seconds | self.single_rules)
    }

    /// The rules whose first position accepts `c`, and those whose second
    /// matched character may be `c`, for `c` beyond the table: looked up
    /// in [`Compiled::beyond_rules`] by its classes.
    fn rules_beyond_table(&self, c: char) -> (RuleSet, RuleSet) {
        let bits = self.bits(c, Bits::from(SPACE | WORD));
        match self.beyond_rules.iter().find(|entry| entry.0 == bits) {
            Some(&(_, firsts, seconds)) => (firsts, seconds),
            // Never reached (the entries cover every class set beyond
            // the table), but correct if it were.
            None => (
                starting_rules(self.rules, bits),
                second_rules(self.rules, bits),
            ),
        }
    }

    /// Tries `positions` against the characters of `rest`, backtracking
    /// over optional positions as Python's regex engine does; returns the
    /// byte length matched.
    fn match_positions(&self, positions: &[CompiledPosition], rest: &str) -> Option<usize> {
        let Some((position, later)) = positions.split_first() else {
            return Some(0);
        };
        let taken = rest
            .chars()
            .next()
            .filter(|&c| position.accepts(self.bits(c, position.mask)))
            .and_then(|c| {
                self.match_positions(later, &rest[c.len_utf8()..])
                    .map(|n| n + c.len_utf8())
            });
        match taken {
            None if position.optional => self.match_positions(later, rest),
            taken => taken,
        }
    }

    /// The byte length of the first rule (in ftfy's order) that matches at
    /// byte offset `start` of `text`.
    fn match_at(&self, text: &str, start: usize, text_start: bool) -> Option<usize> {
        let rest = &text[start..];
        let mut chars = rest.chars();
        let first = chars.next()?;
        let mut candidates = self.candidates(first, chars.next());
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let rule = &self.rules[index];
            if rule.anchored && (start != 0 || !text_start) {
                continue;
            }
            if let Some(length) = self.match_positions(rule.positions, rest) {
                return Some(length);
            }
        }
        None
    }

    /// The byte offset of the next anchor at or after `from` (a
    /// character boundary), found by skipping ASCII a word at a time and
    /// other characters whole, each tested by one read of
    /// [`Compiled::anchors_bmp`] at the word and bit its bytes give.
    fn next_anchor(&self, text: &str, from: usize) -> Option<(usize, char)> {
        let bytes = text.as_bytes();
        // ASCII a word at a time first: all of most Latin-script text.
        let mut index = crate::text::skip_ascii(bytes, from);
        loop {
            // Then the next byte that starts a character of a block with
            // an anchor: a search of one table read per byte, which the
            // processor predicts well, where a step per character would
            // branch on every script change.
            index += bytes
                .get(index..)?
                .iter()
                .position(|&byte| self.anchor_blocks_leads[usize::from(byte)])?;
            let lead = bytes[index];
            let continuation = |offset: usize| bytes.get(index + offset).map_or(0, |b| b & 0x3F);
            let (word, bit, length) = if lead < 0xE0 {
                (usize::from(lead & 0x1F), continuation(1), 2)
            } else {
                (
                    usize::from(lead & 0x0F) << 6 | usize::from(continuation(1)),
                    continuation(2),
                    3,
                )
            };
            if self.anchors_bmp[word] & (1 << bit) != 0 {
                // OK because `index` is at a lead byte.
                let c = text[index..].chars().next().expect("a character");
                return Some((index, c));
            }
            index += length;
        }
    }

    /// Calls `found` with the byte range of each match, left to right and
    /// not overlapping, as Python's `findall` finds them, until it returns
    /// false. Only the starts less than [`ANCHOR_REACH`] characters before
    /// an anchor can match (see [`Compiled`]); those are tried once each,
    /// in order. `text_start` says whether `text` begins the whole text
    /// (where the anchored rule may match) or is a part of it.
    fn for_each_match(
        &self,
        text: &str,
        text_start: bool,
        mut found: impl FnMut(usize, usize) -> bool,
    ) {
        let mut untried_from = 0;
        let mut from = 0;
        while let Some((anchor, c)) = self.next_anchor(text, from) {
            from = anchor + c.len_utf8();
            let mut start = back_characters(text, anchor, ANCHOR_REACH - 1).max(untried_from);
            while start <= anchor {
                match self.match_at(text, start, text_start) {
                    Some(length) => {
                        if !found(start, length) {
                            return;
                        }
                        start += length;
                    }
                    // OK because `start` is at most `anchor`, at a character.
                    None => start += text[start..].chars().next().map_or(1, char::len_utf8),
                }
                untried_from = start;
            }
        }
    }
}

/// The byte offset `count` characters before `index` in `text` (or 0).
fn back_characters(text: &str, index: usize, count: usize) -> usize {
    let mut start = index;
    for _ in 0..count {
        if start == 0 {
            break;
        }
        start -= 1;
        while !text.is_char_boundary(start) {
            start -= 1;
        }
    }
    start
}

/// Whether putting `new` for `old`, for each pair, in text that no rule
/// matches leaves it so: every position of a rule that accepts `new`
/// accepts `old` too, so that a match after the change would have matched
/// before. `fix_text` uses such proofs to skip rounds that would find
/// nothing.
pub(crate) fn replacing_makes_no_match(mut pairs: impl Iterator<Item = (char, char)>) -> bool {
    let compiled = &COMPILED;
    pairs.all(|(new, old)| {
        let (new, old) = (compiled.bits(new, Bits::MAX), compiled.bits(old, Bits::MAX));
        compiled
            .rules
            .iter()
            .flat_map(|rule| rule.positions)
            .all(|position| !position.accepts(new) || position.accepts(old))
    })
}

/// Whether `c` is an anchor (see [`Compiled`]): every match of the rules
/// holds one, so text without any is never bad. `fix_text`'s pre-scan
/// looks for them to skip [`is_bad`] on most text in non-Latin scripts.
#[cfg(test)]
pub(crate) fn is_anchor(c: char) -> bool {
    COMPILED.is_anchor(c)
}

/// Counts the unlikely character sequences in `text`, as ftfy 6.3.1's
/// `badness` does: matches are counted left to right without overlapping.
/// A badness above 0 means some of the text looks like mojibake.
///
/// ```
/// assert_eq!(ftfy_core::badness::badness("Ã©tÃ© â€” hiver"), 3);
/// assert_eq!(ftfy_core::badness::badness("été — hiver"), 0);
/// ```
pub fn badness(text: &str) -> usize {
    let mut count = 0;
    COMPILED.for_each_match(text, true, |_, _| {
        count += 1;
        true
    });
    count
}

/// Whether `text` looks like it contains mojibake: true exactly when
/// [`badness`] is above 0, but stops at the first sign.
///
/// Longer texts have more chances to contain an unlikely sequence by
/// accident, so test short spans (such as lines) when filtering.
///
/// ```
/// use ftfy_core::badness::is_bad;
/// assert!(is_bad("Ã¼ber"));
/// assert!(!is_bad("über"));
/// assert!(!is_bad("(╯°□°)╯︵ ┻━┻"));
/// ```
pub fn is_bad(text: &str) -> bool {
    has_match(text, true)
}

/// Whether a rule matches somewhere in `text`, a part of a longer text
/// that starts before it: as [`is_bad`], but the rule anchored at the
/// start of the whole text does not apply. A match in a part is a match in
/// the whole (no rule looks behind its start or needs the text to end).
pub(crate) fn is_bad_within(text: &str) -> bool {
    has_match(text, false)
}

fn has_match(text: &str, text_start: bool) -> bool {
    let mut bad = false;
    COMPILED.for_each_match(text, text_start, |_, _| {
        bad = true;
        false
    });
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Python's `.` is `[^\n]`: one rule accepts CR and not `\n`, so a
    /// CR for a `\n` may make a match, and a `\n` for a CR may not.
    #[test]
    fn replacing_makes_no_match_follows_the_rules() {
        assert!(is_bad("ГўВЂВ\ra") && !is_bad("ГўВЂВ\na"));
        assert!(replacing_makes_no_match([('\n', '\r')].into_iter()));
        assert!(!replacing_makes_no_match([('\r', '\n')].into_iter()));
    }

    /// The plain definition of the matches: try every start, left to right,
    /// every rule whose first position fits, skipping what a match covered.
    fn plain_matches(text: &str) -> Vec<(usize, usize)> {
        let compiled = &COMPILED;
        let mut matches = Vec::new();
        let mut start = 0;
        while let Some(c) = text[start..].chars().next() {
            let bits = compiled.bits(c, Bits::from(SPACE | WORD));
            let found = compiled
                .rules
                .iter()
                .filter(|rule| !rule.anchored || start == 0)
                .filter(|rule| rule.positions[0].accepts(bits))
                .find_map(|rule| compiled.match_positions(rule.positions, &text[start..]));
            match found {
                Some(length) => {
                    matches.push((start, length));
                    start += length;
                }
                None => start += c.len_utf8(),
            }
        }
        matches
    }

    fn fast_matches(text: &str) -> Vec<(usize, usize)> {
        let mut matches = Vec::new();
        COMPILED.for_each_match(text, true, |start, length| {
            matches.push((start, length));
            true
        });
        matches
    }

    /// The rules compiled now are the generated ones.
    #[test]
    fn generated_badness_table() {
        use crate::text::generated::{check, header, items};
        let compiled = rules::compile();
        let position = |p: &CompiledPosition| {
            format!(
                "CompiledPosition {{ mask: {:#x}, negated: {}, optional: {} }}",
                p.mask, p.negated, p.optional
            )
        };
        let rules: Vec<String> = compiled
            .rules
            .iter()
            .map(|rule| {
                let positions: Vec<String> = rule.positions.iter().map(position).collect();
                format!(
                    "    CompiledRule {{\n        anchored: {},\n        positions: &[\n            {},\n        ],\n    }},\n",
                    rule.anchored,
                    positions.join(",\n            ")
                )
            })
            .collect();
        // The table and its rule sets by the table's distinct values.
        let mut classes: Vec<Bits> = Vec::new();
        let class_of: Vec<u8> = compiled
            .table
            .iter()
            .map(|bits| {
                let index = classes.iter().position(|c| c == bits).unwrap_or_else(|| {
                    classes.push(*bits);
                    classes.len() - 1
                });
                u8::try_from(index).expect("at most 256 distinct classes")
            })
            .collect();
        for (i, bits) in compiled.table.iter().enumerate() {
            let class = usize::from(class_of[i]);
            assert_eq!(
                compiled.first_rules[i],
                starting_rules(compiled.rules, *bits)
            );
            assert_eq!(
                compiled.second_rules[i],
                second_rules(compiled.rules, *bits)
            );
            assert_eq!(classes[class], *bits);
        }
        let of_class = |rules: fn(&[CompiledRule], Bits) -> RuleSet| {
            items(
                classes
                    .iter()
                    .map(|&bits| format!("{:#x}", rules(compiled.rules, bits))),
                4,
            )
        };
        let beyond_table: Vec<String> = compiled
            .beyond_table
            .iter()
            .map(|(c, bits)| format!("('\\u{{{:x}}}', {bits:#x})", u32::from(*c)))
            .collect();
        let beyond_rules = items(
            compiled
                .beyond_rules
                .iter()
                .map(|(bits, first, second)| format!("({bits:#x}, {first:#x}, {second:#x})")),
            1,
        );
        let mut content = header("ftfy 6.3.1's badness rules and categories in src/badness/");
        content +=
            "\nuse super::{expand, Bits, CompiledPosition, CompiledRule, RuleSet, TABLE_END};\n\n";
        content += &format!(
            "/// The rules, compiled.\npub(super) static RULES: [CompiledRule; {}] = [\n{}];\n\n",
            rules.len(),
            rules.concat()
        );
        content += &format!("/// The distinct classes of the characters of the table.\nconst CLASSES: [Bits; {}] = [\n{}];\n\n", classes.len(), items(classes.iter().map(|bits| format!("{bits:#x}")), 2));
        content += &format!("/// The rules whose first position accepts each class.\nconst FIRST_RULES_OF: [RuleSet; {}] = [\n{}];\n\n", classes.len(), of_class(starting_rules));
        content += &format!("/// The rules whose second matched character may be of each class.\nconst SECOND_RULES_OF: [RuleSet; {}] = [\n{}];\n\n", classes.len(), of_class(second_rules));
        content += &format!("/// The class of each character below `TABLE_END`.\nconst CLASS_OF: [u8; TABLE_END] = [\n{}];\n\n", items(&class_of, 24));
        content += "pub(super) static TABLE: [Bits; TABLE_END] = expand(&CLASSES, &CLASS_OF, 0);\npub(super) static FIRST_RULES: [RuleSet; TABLE_END] = expand(&FIRST_RULES_OF, &CLASS_OF, 0);\npub(super) static SECOND_RULES: [RuleSet; TABLE_END] = expand(&SECOND_RULES_OF, &CLASS_OF, 0);\n\n";
        content += &format!(
            "pub(super) const BEYOND_TABLE: [(char, Bits); 4] = [{}];\n\n",
            beyond_table.join(", ")
        );
        content += &format!(
            "pub(super) const SINGLE_RULES: RuleSet = {:#x};\n\n",
            compiled.single_rules
        );
        content += &format!(
            "pub(super) static BEYOND_RULES: [(Bits, RuleSet, RuleSet); {}] = [\n{}];\n\n",
            compiled.beyond_rules.len(),
            beyond_rules
        );
        content += &format!(
            "pub(super) static ANCHORS_BMP: [u64; {}] = [\n{}];\n\n",
            compiled.anchors_bmp.len(),
            items(
                compiled
                    .anchors_bmp
                    .iter()
                    .map(|word| format!("{word:#018x}")),
                4
            )
        );
        content += &format!(
            "pub(super) const ANCHOR_BLOCKS_LEADS: [bool; 256] = [\n{}];\n",
            items(compiled.anchor_blocks_leads, 8)
        );
        check("src/badness/compiled_table.rs", &content);
    }

    /// The rule sets kept for characters beyond the table are those
    /// worked out from every rule, for every such character.
    #[test]
    fn rules_beyond_table_cover_every_character() {
        let compiled = &COMPILED;
        for c in (TABLE_END as u32..0x11_0000).filter_map(char::from_u32) {
            let bits = compiled.bits(c, Bits::from(SPACE | WORD));
            assert!(
                compiled.beyond_rules.iter().any(|entry| entry.0 == bits),
                "{c:?}"
            );
            assert_eq!(
                compiled.rules_beyond_table(c),
                (
                    starting_rules(compiled.rules, bits),
                    second_rules(compiled.rules, bits)
                ),
                "{c:?}"
            );
        }
    }

    /// Characters the rules name, and neighbours they care about.
    const POOL: &str = "aZ .,?!\n ÃÂÎÐØÙàé€œŠš¢£Ÿž\u{a0}\u{ad}®©°·»–—´×²³µ¹¼½¾√±∂†≠™≤≥¥ø≈‚Äâóìπ\
                        вЂВГРСўβΒΓΞΟΆāŒ\u{85}\u{9d}¦¤ˆ\u{fffd}ﬁﬂ\u{f8ff}│═╬░‘’“”•‹›«¿¡ÉÑÖüÝ§¶ª中\u{3000}😀ж";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Anchors and pair filters find exactly the matches of trying
        /// every start.
        #[test]
        fn filtered_matching_finds_what_trying_every_start_finds(
            picks in proptest::collection::vec(0..POOL.chars().count(), 0..12)
        ) {
            let pool: Vec<char> = POOL.chars().collect();
            let text: String = picks.into_iter().map(|i| pool[i]).collect();
            prop_assert_eq!(fast_matches(&text), plain_matches(&text), "{:?}", text);
        }
    }
}
