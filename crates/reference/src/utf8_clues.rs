//! ftfy's `UTF8_CLUES` (`ftfy/chardata.py`): the characters that the
//! bytes of UTF-8 turn into when a single-byte codec reads them, by the
//! part they play in a UTF-8 sequence. ftfy generated them from its codecs
//! and edited them by hand; they are copied here as written, each with the
//! codec and byte ftfy notes for it, for [`crate::chardata`]'s
//! `UTF8_DETECTOR_RE`. Each is the inside of a character class.

/// Letters that decode to 0xC2 - 0xDF in a Latin-1-like encoding
pub(crate) const UTF8_FIRST_OF_2: &str = concat!(
    r"\N{LATIN CAPITAL LETTER A WITH BREVE}", // windows-1250:C3
    r"\N{LATIN CAPITAL LETTER A WITH CIRCUMFLEX}", // latin-1:C2
    r"\N{LATIN CAPITAL LETTER A WITH DIAERESIS}", // latin-1:C4
    r"\N{LATIN CAPITAL LETTER A WITH MACRON}", // windows-1257:C2
    r"\N{LATIN CAPITAL LETTER A WITH RING ABOVE}", // latin-1:C5
    r"\N{LATIN CAPITAL LETTER A WITH TILDE}", // latin-1:C3
    r"\N{LATIN CAPITAL LETTER AE}",           // latin-1:C6
    r"\N{LATIN CAPITAL LETTER C WITH ACUTE}", // windows-1250:C6
    r"\N{LATIN CAPITAL LETTER C WITH CARON}", // windows-1250:C8
    r"\N{LATIN CAPITAL LETTER C WITH CEDILLA}", // latin-1:C7
    r"\N{LATIN CAPITAL LETTER D WITH CARON}", // windows-1250:CF
    r"\N{LATIN CAPITAL LETTER D WITH STROKE}", // windows-1250:D0
    r"\N{LATIN CAPITAL LETTER E WITH ACUTE}", // latin-1:C9
    r"\N{LATIN CAPITAL LETTER E WITH CARON}", // windows-1250:CC
    r"\N{LATIN CAPITAL LETTER E WITH CIRCUMFLEX}", // latin-1:CA
    r"\N{LATIN CAPITAL LETTER E WITH DIAERESIS}", // latin-1:CB
    r"\N{LATIN CAPITAL LETTER E WITH DOT ABOVE}", // windows-1257:CB
    r"\N{LATIN CAPITAL LETTER E WITH GRAVE}", // latin-1:C8
    r"\N{LATIN CAPITAL LETTER E WITH MACRON}", // windows-1257:C7
    r"\N{LATIN CAPITAL LETTER E WITH OGONEK}", // windows-1250:CA
    r"\N{LATIN CAPITAL LETTER ETH}",          // latin-1:D0
    r"\N{LATIN CAPITAL LETTER G WITH BREVE}", // windows-1254:D0
    r"\N{LATIN CAPITAL LETTER G WITH CEDILLA}", // windows-1257:CC
    r"\N{LATIN CAPITAL LETTER I WITH ACUTE}", // latin-1:CD
    r"\N{LATIN CAPITAL LETTER I WITH CIRCUMFLEX}", // latin-1:CE
    r"\N{LATIN CAPITAL LETTER I WITH DIAERESIS}", // latin-1:CF
    r"\N{LATIN CAPITAL LETTER I WITH DOT ABOVE}", // windows-1254:DD
    r"\N{LATIN CAPITAL LETTER I WITH GRAVE}", // latin-1:CC
    r"\N{LATIN CAPITAL LETTER I WITH MACRON}", // windows-1257:CE
    r"\N{LATIN CAPITAL LETTER K WITH CEDILLA}", // windows-1257:CD
    r"\N{LATIN CAPITAL LETTER L WITH ACUTE}", // windows-1250:C5
    r"\N{LATIN CAPITAL LETTER L WITH CEDILLA}", // windows-1257:CF
    r"\N{LATIN CAPITAL LETTER L WITH STROKE}", // windows-1257:D9
    r"\N{LATIN CAPITAL LETTER N WITH ACUTE}", // windows-1250:D1
    r"\N{LATIN CAPITAL LETTER N WITH CARON}", // windows-1250:D2
    r"\N{LATIN CAPITAL LETTER N WITH CEDILLA}", // windows-1257:D2
    r"\N{LATIN CAPITAL LETTER N WITH TILDE}", // latin-1:D1
    r"\N{LATIN CAPITAL LETTER O WITH ACUTE}", // latin-1:D3
    r"\N{LATIN CAPITAL LETTER O WITH CIRCUMFLEX}", // latin-1:D4
    r"\N{LATIN CAPITAL LETTER O WITH DIAERESIS}", // latin-1:D6
    r"\N{LATIN CAPITAL LETTER O WITH DOUBLE ACUTE}", // windows-1250:D5
    r"\N{LATIN CAPITAL LETTER O WITH GRAVE}", // latin-1:D2
    r"\N{LATIN CAPITAL LETTER O WITH MACRON}", // windows-1257:D4
    r"\N{LATIN CAPITAL LETTER O WITH STROKE}", // latin-1:D8
    r"\N{LATIN CAPITAL LETTER O WITH TILDE}", // latin-1:D5
    r"\N{LATIN CAPITAL LETTER R WITH CARON}", // windows-1250:D8
    r"\N{LATIN CAPITAL LETTER S WITH ACUTE}", // windows-1257:DA
    r"\N{LATIN CAPITAL LETTER S WITH CARON}", // windows-1257:D0
    r"\N{LATIN CAPITAL LETTER S WITH CEDILLA}", // windows-1254:DE
    r"\N{LATIN CAPITAL LETTER T WITH CEDILLA}", // windows-1250:DE
    r"\N{LATIN CAPITAL LETTER THORN}",        // latin-1:DE
    r"\N{LATIN CAPITAL LETTER U WITH ACUTE}", // latin-1:DA
    r"\N{LATIN CAPITAL LETTER U WITH CIRCUMFLEX}", // latin-1:DB
    r"\N{LATIN CAPITAL LETTER U WITH DIAERESIS}", // latin-1:DC
    r"\N{LATIN CAPITAL LETTER U WITH DOUBLE ACUTE}", // windows-1250:DB
    r"\N{LATIN CAPITAL LETTER U WITH GRAVE}", // latin-1:D9
    r"\N{LATIN CAPITAL LETTER U WITH MACRON}", // windows-1257:DB
    r"\N{LATIN CAPITAL LETTER U WITH OGONEK}", // windows-1257:D8
    r"\N{LATIN CAPITAL LETTER U WITH RING ABOVE}", // windows-1250:D9
    r"\N{LATIN CAPITAL LETTER Y WITH ACUTE}", // latin-1:DD
    r"\N{LATIN CAPITAL LETTER Z WITH ACUTE}", // windows-1257:CA
    r"\N{LATIN CAPITAL LETTER Z WITH CARON}", // windows-1257:DE
    r"\N{LATIN CAPITAL LETTER Z WITH DOT ABOVE}", // windows-1257:DD
    r"\N{LATIN SMALL LETTER SHARP S}",        // latin-1:DF
    r"\N{MULTIPLICATION SIGN}",               // latin-1:D7
    r"\N{GREEK CAPITAL LETTER BETA}",         // windows-1253:C2
    r"\N{GREEK CAPITAL LETTER GAMMA}",        // windows-1253:C3
    r"\N{GREEK CAPITAL LETTER DELTA}",        // windows-1253:C4
    r"\N{GREEK CAPITAL LETTER EPSILON}",      // windows-1253:C5
    r"\N{GREEK CAPITAL LETTER ZETA}",         // windows-1253:C6
    r"\N{GREEK CAPITAL LETTER ETA}",          // windows-1253:C7
    r"\N{GREEK CAPITAL LETTER THETA}",        // windows-1253:C8
    r"\N{GREEK CAPITAL LETTER IOTA}",         // windows-1253:C9
    r"\N{GREEK CAPITAL LETTER KAPPA}",        // windows-1253:CA
    r"\N{GREEK CAPITAL LETTER LAMDA}",        // windows-1253:CB
    r"\N{GREEK CAPITAL LETTER MU}",           // windows-1253:CC
    r"\N{GREEK CAPITAL LETTER NU}",           // windows-1253:CD
    r"\N{GREEK CAPITAL LETTER XI}",           // windows-1253:CE
    r"\N{GREEK CAPITAL LETTER OMICRON}",      // windows-1253:CF
    r"\N{GREEK CAPITAL LETTER PI}",           // windows-1253:D0
    r"\N{GREEK CAPITAL LETTER RHO}",          // windows-1253:D1
    r"\N{GREEK CAPITAL LETTER SIGMA}",        // windows-1253:D3
    r"\N{GREEK CAPITAL LETTER TAU}",          // windows-1253:D4
    r"\N{GREEK CAPITAL LETTER UPSILON}",      // windows-1253:D5
    r"\N{GREEK CAPITAL LETTER PHI}",          // windows-1253:D6
    r"\N{GREEK CAPITAL LETTER CHI}",          // windows-1253:D7
    r"\N{GREEK CAPITAL LETTER PSI}",          // windows-1253:D8
    r"\N{GREEK CAPITAL LETTER OMEGA}",        // windows-1253:D9
    r"\N{GREEK CAPITAL LETTER IOTA WITH DIALYTIKA}", // windows-1253:DA
    r"\N{GREEK CAPITAL LETTER UPSILON WITH DIALYTIKA}", // windows-1253:DB
    r"\N{GREEK SMALL LETTER ALPHA WITH TONOS}", // windows-1253:DC
    r"\N{GREEK SMALL LETTER EPSILON WITH TONOS}", // windows-1253:DD
    r"\N{GREEK SMALL LETTER ETA WITH TONOS}", // windows-1253:DE
    r"\N{GREEK SMALL LETTER IOTA WITH TONOS}", // windows-1253:DF
    r"\N{CYRILLIC CAPITAL LETTER VE}",        // windows-1251:C2
    r"\N{CYRILLIC CAPITAL LETTER GHE}",       // windows-1251:C3
    r"\N{CYRILLIC CAPITAL LETTER DE}",        // windows-1251:C4
    r"\N{CYRILLIC CAPITAL LETTER IE}",        // windows-1251:C5
    r"\N{CYRILLIC CAPITAL LETTER ZHE}",       // windows-1251:C6
    r"\N{CYRILLIC CAPITAL LETTER ZE}",        // windows-1251:C7
    r"\N{CYRILLIC CAPITAL LETTER I}",         // windows-1251:C8
    r"\N{CYRILLIC CAPITAL LETTER SHORT I}",   // windows-1251:C9
    r"\N{CYRILLIC CAPITAL LETTER KA}",        // windows-1251:CA
    r"\N{CYRILLIC CAPITAL LETTER EL}",        // windows-1251:CB
    r"\N{CYRILLIC CAPITAL LETTER EM}",        // windows-1251:CC
    r"\N{CYRILLIC CAPITAL LETTER EN}",        // windows-1251:CD
    r"\N{CYRILLIC CAPITAL LETTER O}",         // windows-1251:CE
    r"\N{CYRILLIC CAPITAL LETTER PE}",        // windows-1251:CF
    r"\N{CYRILLIC CAPITAL LETTER ER}",        // windows-1251:D0
    r"\N{CYRILLIC CAPITAL LETTER ES}",        // windows-1251:D1
    r"\N{CYRILLIC CAPITAL LETTER TE}",        // windows-1251:D2
    r"\N{CYRILLIC CAPITAL LETTER U}",         // windows-1251:D3
    r"\N{CYRILLIC CAPITAL LETTER EF}",        // windows-1251:D4
    r"\N{CYRILLIC CAPITAL LETTER HA}",        // windows-1251:D5
    r"\N{CYRILLIC CAPITAL LETTER TSE}",       // windows-1251:D6
    r"\N{CYRILLIC CAPITAL LETTER CHE}",       // windows-1251:D7
    r"\N{CYRILLIC CAPITAL LETTER SHA}",       // windows-1251:D8
    r"\N{CYRILLIC CAPITAL LETTER SHCHA}",     // windows-1251:D9
    r"\N{CYRILLIC CAPITAL LETTER HARD SIGN}", // windows-1251:DA
    r"\N{CYRILLIC CAPITAL LETTER YERU}",      // windows-1251:DB
    r"\N{CYRILLIC CAPITAL LETTER SOFT SIGN}", // windows-1251:DC
    r"\N{CYRILLIC CAPITAL LETTER E}",         // windows-1251:DD
    r"\N{CYRILLIC CAPITAL LETTER YU}",        // windows-1251:DE
    r"\N{CYRILLIC CAPITAL LETTER YA}",        // windows-1251:DF
);

/// Letters that decode to 0xE0 - 0xEF in a Latin-1-like encoding
pub(crate) const UTF8_FIRST_OF_3: &str = concat!(
    r"\N{LATIN SMALL LETTER A WITH ACUTE}",      // latin-1:E1
    r"\N{LATIN SMALL LETTER A WITH BREVE}",      // windows-1250:E3
    r"\N{LATIN SMALL LETTER A WITH CIRCUMFLEX}", // latin-1:E2
    r"\N{LATIN SMALL LETTER A WITH DIAERESIS}",  // latin-1:E4
    r"\N{LATIN SMALL LETTER A WITH GRAVE}",      // latin-1:E0
    r"\N{LATIN SMALL LETTER A WITH MACRON}",     // windows-1257:E2
    r"\N{LATIN SMALL LETTER A WITH OGONEK}",     // windows-1257:E0
    r"\N{LATIN SMALL LETTER A WITH RING ABOVE}", // latin-1:E5
    r"\N{LATIN SMALL LETTER A WITH TILDE}",      // latin-1:E3
    r"\N{LATIN SMALL LETTER AE}",                // latin-1:E6
    r"\N{LATIN SMALL LETTER C WITH ACUTE}",      // windows-1250:E6
    r"\N{LATIN SMALL LETTER C WITH CARON}",      // windows-1250:E8
    r"\N{LATIN SMALL LETTER C WITH CEDILLA}",    // latin-1:E7
    r"\N{LATIN SMALL LETTER D WITH CARON}",      // windows-1250:EF
    r"\N{LATIN SMALL LETTER E WITH ACUTE}",      // latin-1:E9
    r"\N{LATIN SMALL LETTER E WITH CARON}",      // windows-1250:EC
    r"\N{LATIN SMALL LETTER E WITH CIRCUMFLEX}", // latin-1:EA
    r"\N{LATIN SMALL LETTER E WITH DIAERESIS}",  // latin-1:EB
    r"\N{LATIN SMALL LETTER E WITH DOT ABOVE}",  // windows-1257:EB
    r"\N{LATIN SMALL LETTER E WITH GRAVE}",      // latin-1:E8
    r"\N{LATIN SMALL LETTER E WITH MACRON}",     // windows-1257:E7
    r"\N{LATIN SMALL LETTER E WITH OGONEK}",     // windows-1250:EA
    r"\N{LATIN SMALL LETTER E WITH OGONEK}",     // windows-1250:EA
    r"\N{LATIN SMALL LETTER G WITH CEDILLA}",    // windows-1257:EC
    r"\N{LATIN SMALL LETTER I WITH ACUTE}",      // latin-1:ED
    r"\N{LATIN SMALL LETTER I WITH CIRCUMFLEX}", // latin-1:EE
    r"\N{LATIN SMALL LETTER I WITH DIAERESIS}",  // latin-1:EF
    r"\N{LATIN SMALL LETTER I WITH GRAVE}",      // latin-1:EC
    r"\N{LATIN SMALL LETTER I WITH MACRON}",     // windows-1257:EE
    r"\N{LATIN SMALL LETTER I WITH OGONEK}",     // windows-1257:E1
    r"\N{LATIN SMALL LETTER K WITH CEDILLA}",    // windows-1257:ED
    r"\N{LATIN SMALL LETTER L WITH ACUTE}",      // windows-1250:E5
    r"\N{LATIN SMALL LETTER L WITH CEDILLA}",    // windows-1257:EF
    r"\N{LATIN SMALL LETTER R WITH ACUTE}",      // windows-1250:E0
    r"\N{LATIN SMALL LETTER Z WITH ACUTE}",      // windows-1257:EA
    r"\N{GREEK SMALL LETTER UPSILON WITH DIALYTIKA AND TONOS}", // windows-1253:E0
    r"\N{GREEK SMALL LETTER ALPHA}",             // windows-1253:E1
    r"\N{GREEK SMALL LETTER BETA}",              // windows-1253:E2
    r"\N{GREEK SMALL LETTER GAMMA}",             // windows-1253:E3
    r"\N{GREEK SMALL LETTER DELTA}",             // windows-1253:E4
    r"\N{GREEK SMALL LETTER EPSILON}",           // windows-1253:E5
    r"\N{GREEK SMALL LETTER ZETA}",              // windows-1253:E6
    r"\N{GREEK SMALL LETTER ETA}",               // windows-1253:E7
    r"\N{GREEK SMALL LETTER THETA}",             // windows-1253:E8
    r"\N{GREEK SMALL LETTER IOTA}",              // windows-1253:E9
    r"\N{GREEK SMALL LETTER KAPPA}",             // windows-1253:EA
    r"\N{GREEK SMALL LETTER LAMDA}",             // windows-1253:EB
    r"\N{GREEK SMALL LETTER MU}",                // windows-1253:EC
    r"\N{GREEK SMALL LETTER NU}",                // windows-1253:ED
    r"\N{GREEK SMALL LETTER XI}",                // windows-1253:EE
    r"\N{GREEK SMALL LETTER OMICRON}",           // windows-1253:EF
    r"\N{CYRILLIC SMALL LETTER A}",              // windows-1251:E0
    r"\N{CYRILLIC SMALL LETTER BE}",             // windows-1251:E1
    r"\N{CYRILLIC SMALL LETTER VE}",             // windows-1251:E2
    r"\N{CYRILLIC SMALL LETTER GHE}",            // windows-1251:E3
    r"\N{CYRILLIC SMALL LETTER DE}",             // windows-1251:E4
    r"\N{CYRILLIC SMALL LETTER IE}",             // windows-1251:E5
    r"\N{CYRILLIC SMALL LETTER ZHE}",            // windows-1251:E6
    r"\N{CYRILLIC SMALL LETTER ZE}",             // windows-1251:E7
    r"\N{CYRILLIC SMALL LETTER I}",              // windows-1251:E8
    r"\N{CYRILLIC SMALL LETTER SHORT I}",        // windows-1251:E9
    r"\N{CYRILLIC SMALL LETTER KA}",             // windows-1251:EA
    r"\N{CYRILLIC SMALL LETTER EL}",             // windows-1251:EB
    r"\N{CYRILLIC SMALL LETTER EM}",             // windows-1251:EC
    r"\N{CYRILLIC SMALL LETTER EN}",             // windows-1251:ED
    r"\N{CYRILLIC SMALL LETTER O}",              // windows-1251:EE
    r"\N{CYRILLIC SMALL LETTER PE}",             // windows-1251:EF
);

/// Letters that decode to 0xF0 or 0xF3 in a Latin-1-like encoding.
/// (Other leading bytes correspond only to unassigned codepoints)
pub(crate) const UTF8_FIRST_OF_4: &str = concat!(
    r"\N{LATIN SMALL LETTER D WITH STROKE}", // windows-1250:F0
    r"\N{LATIN SMALL LETTER ETH}",           // latin-1:F0
    r"\N{LATIN SMALL LETTER G WITH BREVE}",  // windows-1254:F0
    r"\N{LATIN SMALL LETTER O WITH ACUTE}",  // latin-1:F3
    r"\N{LATIN SMALL LETTER S WITH CARON}",  // windows-1257:F0
    r"\N{GREEK SMALL LETTER PI}",            // windows-1253:F0
    r"\N{GREEK SMALL LETTER SIGMA}",         // windows-1253:F3
    r"\N{CYRILLIC SMALL LETTER ER}",         // windows-1251:F0
    r"\N{CYRILLIC SMALL LETTER U}",          // windows-1251:F3
);

/// Letters that decode to 0x80 - 0xBF in a Latin-1-like encoding,
/// including a space standing in for 0xA0
pub(crate) const UTF8_CONTINUATION: &str = concat!(
    r"\x80-\xbf",
    r"\N{SPACE}", // modification of latin-1:A0, NO-BREAK SPACE
    r"\N{LATIN CAPITAL LETTER A WITH OGONEK}", // windows-1250:A5
    r"\N{LATIN CAPITAL LETTER AE}", // windows-1257:AF
    r"\N{LATIN CAPITAL LETTER L WITH CARON}", // windows-1250:BC
    r"\N{LATIN CAPITAL LETTER L WITH STROKE}", // windows-1250:A3
    r"\N{LATIN CAPITAL LETTER O WITH STROKE}", // windows-1257:A8
    r"\N{LATIN CAPITAL LETTER R WITH CEDILLA}", // windows-1257:AA
    r"\N{LATIN CAPITAL LETTER S WITH ACUTE}", // windows-1250:8C
    r"\N{LATIN CAPITAL LETTER S WITH CARON}", // windows-1252:8A
    r"\N{LATIN CAPITAL LETTER S WITH CEDILLA}", // windows-1250:AA
    r"\N{LATIN CAPITAL LETTER T WITH CARON}", // windows-1250:8D
    r"\N{LATIN CAPITAL LETTER Y WITH DIAERESIS}", // windows-1252:9F
    r"\N{LATIN CAPITAL LETTER Z WITH ACUTE}", // windows-1250:8F
    r"\N{LATIN CAPITAL LETTER Z WITH CARON}", // windows-1252:8E
    r"\N{LATIN CAPITAL LETTER Z WITH DOT ABOVE}", // windows-1250:AF
    r"\N{LATIN CAPITAL LIGATURE OE}", // windows-1252:8C
    r"\N{LATIN SMALL LETTER A WITH OGONEK}", // windows-1250:B9
    r"\N{LATIN SMALL LETTER AE}", // windows-1257:BF
    r"\N{LATIN SMALL LETTER F WITH HOOK}", // windows-1252:83
    r"\N{LATIN SMALL LETTER L WITH CARON}", // windows-1250:BE
    r"\N{LATIN SMALL LETTER L WITH STROKE}", // windows-1250:B3
    r"\N{LATIN SMALL LETTER O WITH STROKE}", // windows-1257:B8
    r"\N{LATIN SMALL LETTER R WITH CEDILLA}", // windows-1257:BA
    r"\N{LATIN SMALL LETTER S WITH ACUTE}", // windows-1250:9C
    r"\N{LATIN SMALL LETTER S WITH CARON}", // windows-1252:9A
    r"\N{LATIN SMALL LETTER S WITH CEDILLA}", // windows-1250:BA
    r"\N{LATIN SMALL LETTER T WITH CARON}", // windows-1250:9D
    r"\N{LATIN SMALL LETTER Z WITH ACUTE}", // windows-1250:9F
    r"\N{LATIN SMALL LETTER Z WITH CARON}", // windows-1252:9E
    r"\N{LATIN SMALL LETTER Z WITH DOT ABOVE}", // windows-1250:BF
    r"\N{LATIN SMALL LIGATURE OE}", // windows-1252:9C
    r"\N{MODIFIER LETTER CIRCUMFLEX ACCENT}", // windows-1252:88
    r"\N{CARON}", // windows-1250:A1
    r"\N{BREVE}", // windows-1250:A2
    r"\N{OGONEK}", // windows-1250:B2
    r"\N{SMALL TILDE}", // windows-1252:98
    r"\N{DOUBLE ACUTE ACCENT}", // windows-1250:BD
    r"\N{GREEK TONOS}", // windows-1253:B4
    r"\N{GREEK DIALYTIKA TONOS}", // windows-1253:A1
    r"\N{GREEK CAPITAL LETTER ALPHA WITH TONOS}", // windows-1253:A2
    r"\N{GREEK CAPITAL LETTER EPSILON WITH TONOS}", // windows-1253:B8
    r"\N{GREEK CAPITAL LETTER ETA WITH TONOS}", // windows-1253:B9
    r"\N{GREEK CAPITAL LETTER IOTA WITH TONOS}", // windows-1253:BA
    r"\N{GREEK CAPITAL LETTER OMICRON WITH TONOS}", // windows-1253:BC
    r"\N{GREEK CAPITAL LETTER UPSILON WITH TONOS}", // windows-1253:BE
    r"\N{GREEK CAPITAL LETTER OMEGA WITH TONOS}", // windows-1253:BF
    r"\N{CYRILLIC CAPITAL LETTER IO}", // windows-1251:A8
    r"\N{CYRILLIC CAPITAL LETTER DJE}", // windows-1251:80
    r"\N{CYRILLIC CAPITAL LETTER GJE}", // windows-1251:81
    r"\N{CYRILLIC CAPITAL LETTER UKRAINIAN IE}", // windows-1251:AA
    r"\N{CYRILLIC CAPITAL LETTER DZE}", // windows-1251:BD
    r"\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}", // windows-1251:B2
    r"\N{CYRILLIC CAPITAL LETTER YI}", // windows-1251:AF
    r"\N{CYRILLIC CAPITAL LETTER JE}", // windows-1251:A3
    r"\N{CYRILLIC CAPITAL LETTER LJE}", // windows-1251:8A
    r"\N{CYRILLIC CAPITAL LETTER NJE}", // windows-1251:8C
    r"\N{CYRILLIC CAPITAL LETTER TSHE}", // windows-1251:8E
    r"\N{CYRILLIC CAPITAL LETTER KJE}", // windows-1251:8D
    r"\N{CYRILLIC CAPITAL LETTER SHORT U}", // windows-1251:A1
    r"\N{CYRILLIC CAPITAL LETTER DZHE}", // windows-1251:8F
    r"\N{CYRILLIC SMALL LETTER IO}", // windows-1251:B8
    r"\N{CYRILLIC SMALL LETTER DJE}", // windows-1251:90
    r"\N{CYRILLIC SMALL LETTER GJE}", // windows-1251:83
    r"\N{CYRILLIC SMALL LETTER UKRAINIAN IE}", // windows-1251:BA
    r"\N{CYRILLIC SMALL LETTER DZE}", // windows-1251:BE
    r"\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}", // windows-1251:B3
    r"\N{CYRILLIC SMALL LETTER YI}", // windows-1251:BF
    r"\N{CYRILLIC SMALL LETTER JE}", // windows-1251:BC
    r"\N{CYRILLIC SMALL LETTER LJE}", // windows-1251:9A
    r"\N{CYRILLIC SMALL LETTER NJE}", // windows-1251:9C
    r"\N{CYRILLIC SMALL LETTER TSHE}", // windows-1251:9E
    r"\N{CYRILLIC SMALL LETTER KJE}", // windows-1251:9D
    r"\N{CYRILLIC SMALL LETTER SHORT U}", // windows-1251:A2
    r"\N{CYRILLIC SMALL LETTER DZHE}", // windows-1251:9F
    r"\N{CYRILLIC CAPITAL LETTER GHE WITH UPTURN}", // windows-1251:A5
    r"\N{CYRILLIC SMALL LETTER GHE WITH UPTURN}", // windows-1251:B4
    r"\N{EN DASH}", // windows-1252:96
    r"\N{EM DASH}", // windows-1252:97
    r"\N{HORIZONTAL BAR}", // windows-1253:AF
    r"\N{LEFT SINGLE QUOTATION MARK}", // windows-1252:91
    r"\N{RIGHT SINGLE QUOTATION MARK}", // windows-1252:92
    r"\N{SINGLE LOW-9 QUOTATION MARK}", // windows-1252:82
    r"\N{LEFT DOUBLE QUOTATION MARK}", // windows-1252:93
    r"\N{RIGHT DOUBLE QUOTATION MARK}", // windows-1252:94
    r"\N{DOUBLE LOW-9 QUOTATION MARK}", // windows-1252:84
    r"\N{DAGGER}", // windows-1252:86
    r"\N{DOUBLE DAGGER}", // windows-1252:87
    r"\N{BULLET}", // windows-1252:95
    r"\N{HORIZONTAL ELLIPSIS}", // windows-1252:85
    r"\N{PER MILLE SIGN}", // windows-1252:89
    r"\N{SINGLE LEFT-POINTING ANGLE QUOTATION MARK}", // windows-1252:8B
    r"\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}", // windows-1252:9B
    r"\N{EURO SIGN}", // windows-1252:80
    r"\N{NUMERO SIGN}", // windows-1251:B9
    r"\N{TRADE MARK SIGN}", // windows-1252:99
);

// Letters that decode to 0x80 - 0xBF in a Latin-1-like encoding,
/// and don't usually stand for themselves when adjacent to mojibake.
/// This excludes spaces, dashes, 'bullet', quotation marks, and ellipses.
pub(crate) const UTF8_CONTINUATION_STRICT: &str = concat!(
    r"\x80-\xbf",
    r"\N{LATIN CAPITAL LETTER A WITH OGONEK}", // windows-1250:A5
    r"\N{LATIN CAPITAL LETTER AE}",            // windows-1257:AF
    r"\N{LATIN CAPITAL LETTER L WITH CARON}",  // windows-1250:BC
    r"\N{LATIN CAPITAL LETTER L WITH STROKE}", // windows-1250:A3
    r"\N{LATIN CAPITAL LETTER O WITH STROKE}", // windows-1257:A8
    r"\N{LATIN CAPITAL LETTER R WITH CEDILLA}", // windows-1257:AA
    r"\N{LATIN CAPITAL LETTER S WITH ACUTE}",  // windows-1250:8C
    r"\N{LATIN CAPITAL LETTER S WITH CARON}",  // windows-1252:8A
    r"\N{LATIN CAPITAL LETTER S WITH CEDILLA}", // windows-1250:AA
    r"\N{LATIN CAPITAL LETTER T WITH CARON}",  // windows-1250:8D
    r"\N{LATIN CAPITAL LETTER Y WITH DIAERESIS}", // windows-1252:9F
    r"\N{LATIN CAPITAL LETTER Z WITH ACUTE}",  // windows-1250:8F
    r"\N{LATIN CAPITAL LETTER Z WITH CARON}",  // windows-1252:8E
    r"\N{LATIN CAPITAL LETTER Z WITH DOT ABOVE}", // windows-1250:AF
    r"\N{LATIN CAPITAL LIGATURE OE}",          // windows-1252:8C
    r"\N{LATIN SMALL LETTER A WITH OGONEK}",   // windows-1250:B9
    r"\N{LATIN SMALL LETTER AE}",              // windows-1257:BF
    r"\N{LATIN SMALL LETTER F WITH HOOK}",     // windows-1252:83
    r"\N{LATIN SMALL LETTER L WITH CARON}",    // windows-1250:BE
    r"\N{LATIN SMALL LETTER L WITH STROKE}",   // windows-1250:B3
    r"\N{LATIN SMALL LETTER O WITH STROKE}",   // windows-1257:B8
    r"\N{LATIN SMALL LETTER R WITH CEDILLA}",  // windows-1257:BA
    r"\N{LATIN SMALL LETTER S WITH ACUTE}",    // windows-1250:9C
    r"\N{LATIN SMALL LETTER S WITH CARON}",    // windows-1252:9A
    r"\N{LATIN SMALL LETTER S WITH CEDILLA}",  // windows-1250:BA
    r"\N{LATIN SMALL LETTER T WITH CARON}",    // windows-1250:9D
    r"\N{LATIN SMALL LETTER Z WITH ACUTE}",    // windows-1250:9F
    r"\N{LATIN SMALL LETTER Z WITH CARON}",    // windows-1252:9E
    r"\N{LATIN SMALL LETTER Z WITH DOT ABOVE}", // windows-1250:BF
    r"\N{LATIN SMALL LIGATURE OE}",            // windows-1252:9C
    r"\N{MODIFIER LETTER CIRCUMFLEX ACCENT}",  // windows-1252:88
    r"\N{CARON}",                              // windows-1250:A1
    r"\N{BREVE}",                              // windows-1250:A2
    r"\N{OGONEK}",                             // windows-1250:B2
    r"\N{SMALL TILDE}",                        // windows-1252:98
    r"\N{DOUBLE ACUTE ACCENT}",                // windows-1250:BD
    r"\N{GREEK TONOS}",                        // windows-1253:B4
    r"\N{GREEK DIALYTIKA TONOS}",              // windows-1253:A1
    r"\N{GREEK CAPITAL LETTER ALPHA WITH TONOS}", // windows-1253:A2
    r"\N{GREEK CAPITAL LETTER EPSILON WITH TONOS}", // windows-1253:B8
    r"\N{GREEK CAPITAL LETTER ETA WITH TONOS}", // windows-1253:B9
    r"\N{GREEK CAPITAL LETTER IOTA WITH TONOS}", // windows-1253:BA
    r"\N{GREEK CAPITAL LETTER OMICRON WITH TONOS}", // windows-1253:BC
    r"\N{GREEK CAPITAL LETTER UPSILON WITH TONOS}", // windows-1253:BE
    r"\N{GREEK CAPITAL LETTER OMEGA WITH TONOS}", // windows-1253:BF
    r"\N{CYRILLIC CAPITAL LETTER IO}",         // windows-1251:A8
    r"\N{CYRILLIC CAPITAL LETTER DJE}",        // windows-1251:80
    r"\N{CYRILLIC CAPITAL LETTER GJE}",        // windows-1251:81
    r"\N{CYRILLIC CAPITAL LETTER UKRAINIAN IE}", // windows-1251:AA
    r"\N{CYRILLIC CAPITAL LETTER DZE}",        // windows-1251:BD
    r"\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}", // windows-1251:B2
    r"\N{CYRILLIC CAPITAL LETTER YI}",         // windows-1251:AF
    r"\N{CYRILLIC CAPITAL LETTER JE}",         // windows-1251:A3
    r"\N{CYRILLIC CAPITAL LETTER LJE}",        // windows-1251:8A
    r"\N{CYRILLIC CAPITAL LETTER NJE}",        // windows-1251:8C
    r"\N{CYRILLIC CAPITAL LETTER TSHE}",       // windows-1251:8E
    r"\N{CYRILLIC CAPITAL LETTER KJE}",        // windows-1251:8D
    r"\N{CYRILLIC CAPITAL LETTER SHORT U}",    // windows-1251:A1
    r"\N{CYRILLIC CAPITAL LETTER DZHE}",       // windows-1251:8F
    r"\N{CYRILLIC SMALL LETTER IO}",           // windows-1251:B8
    r"\N{CYRILLIC SMALL LETTER DJE}",          // windows-1251:90
    r"\N{CYRILLIC SMALL LETTER GJE}",          // windows-1251:83
    r"\N{CYRILLIC SMALL LETTER UKRAINIAN IE}", // windows-1251:BA
    r"\N{CYRILLIC SMALL LETTER DZE}",          // windows-1251:BE
    r"\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}", // windows-1251:B3
    r"\N{CYRILLIC SMALL LETTER YI}",           // windows-1251:BF
    r"\N{CYRILLIC SMALL LETTER JE}",           // windows-1251:BC
    r"\N{CYRILLIC SMALL LETTER LJE}",          // windows-1251:9A
    r"\N{CYRILLIC SMALL LETTER NJE}",          // windows-1251:9C
    r"\N{CYRILLIC SMALL LETTER TSHE}",         // windows-1251:9E
    r"\N{CYRILLIC SMALL LETTER KJE}",          // windows-1251:9D
    r"\N{CYRILLIC SMALL LETTER SHORT U}",      // windows-1251:A2
    r"\N{CYRILLIC SMALL LETTER DZHE}",         // windows-1251:9F
    r"\N{CYRILLIC CAPITAL LETTER GHE WITH UPTURN}", // windows-1251:A5
    r"\N{CYRILLIC SMALL LETTER GHE WITH UPTURN}", // windows-1251:B4
    r"\N{DAGGER}",                             // windows-1252:86
    r"\N{DOUBLE DAGGER}",                      // windows-1252:87
    r"\N{PER MILLE SIGN}",                     // windows-1252:89
    r"\N{SINGLE LEFT-POINTING ANGLE QUOTATION MARK}", // windows-1252:8B
    r"\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}", // windows-1252:9B
    r"\N{EURO SIGN}",                          // windows-1252:80
    r"\N{NUMERO SIGN}",                        // windows-1251:B9
    r"\N{TRADE MARK SIGN}",                    // windows-1252:99
);
