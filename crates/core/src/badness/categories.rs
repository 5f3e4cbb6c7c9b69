//! ftfy 6.3.1's categories of the characters that occur in UTF-8 mojibake.
//!
//! The membership is ftfy's (`MOJIBAKE_CATEGORIES` in its `badness.py`);
//! `tests/badness.rs` checks the heuristic built on it against ftfy itself.
//! Each category lists single characters and inclusive ranges.

/// A mojibake category. The discriminant is the category's bit in a
/// `ClassSet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Category {
    /// Characters common in many contexts: sequences containing them are not
    /// mojibake by themselves.
    Common,
    /// The C1 controls, which have no use outside mojibake any more.
    C1,
    /// Characters nearly always found in mojibake.
    Bad,
    /// Characters of legalese.
    Law,
    Currency,
    StartPunctuation,
    EndPunctuation,
    Numeric,
    /// Letters used to draw emoticon faces, which may appear in improbable
    /// places on purpose.
    Kaomoji,
    UpperAccented,
    LowerAccented,
    UpperCommon,
    LowerCommon,
    /// Box-drawing characters.
    Box,
}

struct Members {
    chars: &'static str,
    ranges: &'static [(char, char)],
}

const fn members(chars: &'static str, ranges: &'static [(char, char)]) -> Members {
    Members { chars, ranges }
}

static CATEGORIES: &[(Category, Members)] = &[
    (
        Category::Common,
        // no-break space, soft hyphen, middle dot, acute accent, en dash,
        // em dash, horizontal bar, ellipsis, right single quotation mark
        members("\u{a0}\u{ad}·´–—―…’", &[]),
    ),
    (Category::C1, members("", &[('\u{80}', '\u{9f}')])),
    (
        Category::Bad,
        // ordinal indicators ª º too: next to other mojibake they are not
        // ambiguous.
        members("¦¤¨¬¯¸ƒˆˇ˘˛˜†‡‰⌐◊\u{fffd}ªº", &[]),
    ),
    (Category::Law, members("¶§", &[])),
    (Category::Currency, members("¢£¥₧€", &[])),
    (
        Category::StartPunctuation,
        // U+F8FF is the platform-specific logo character (Apple's).
        members("¡«¿©΄΅‘‚“„•‹\u{f8ff}", &[]),
    ),
    (Category::EndPunctuation, members("®»˝”›™", &[])),
    (Category::Numeric, members("²³¹±¼½¾×µ÷⁄∂∆∏∑√∞∩∫≈≠≡≤≥№", &[])),
    (
        Category::Kaomoji,
        members("ŐŌŪŲ°", &[('Ò', 'Ö'), ('Ù', 'Ü'), ('ò', 'ö'), ('ø', 'ü')]),
    ),
    (
        Category::UpperAccented,
        // Skips the capital O's and U's of kaomoji, but keeps Ø, common in
        // Arabic mojibake.
        members("ØÜÝĂĀĄĆČĎĐĘĚĒĖĞĢİĪĶĹĽŁĻŃŇŅŒŘŚŞŠŢŤŮŰŸŹŻŽҐ", &[('À', 'Ñ')]),
    ),
    (
        Category::LowerAccented,
        members("ßăąāćčďđęěēėğģįīķĺľłļœŕśşšťüźżžґﬁﬂ", &[('à', 'ñ')]),
    ),
    (
        Category::UpperCommon,
        members("ÞΆΈΉΊΌΎΏΪΫ", &[('Α', 'Ω'), ('Ё', 'Я')]),
    ),
    (
        Category::LowerCommon,
        // Lowercase thorn does not occur in mojibake.
        members("άέήίΰ", &[('α', 'ω'), ('а', 'џ')]),
    ),
    (
        Category::Box,
        // The single horizontal line is left out: kaomoji use it.
        members("│┌┐┘├┤┬┼▀▄█▌▐░▒▓", &[('═', '╬')]),
    ),
];

/// The only members at or above U+2600, where the lookup table ends.
pub(super) const BEYOND_TABLE: [char; 4] = ['\u{f8ff}', '\u{fffd}', 'ﬁ', 'ﬂ'];

/// The categories `c` belongs to, as bits (`1 << category`).
pub(super) fn of(c: char) -> u32 {
    if c.is_ascii() {
        return 0;
    }
    CATEGORIES
        .iter()
        .filter(|(_, m)| {
            m.chars.contains(c)
                || m.ranges
                    .iter()
                    .any(|&(low, high)| (low..=high).contains(&c))
        })
        .fold(0, |bits, (category, _)| bits | 1 << *category as u32)
}
