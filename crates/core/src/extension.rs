//! The extension points of the core: what a layer built on it (the
//! `ftfy-extended` crate) uses beyond the public API, and nothing else.
//!
//! - **The fixer traits.** `fix_text`'s pipeline is written against
//!   [`EncodingFixer`] (and [`ExplainEncoding`] when it records a plan);
//!   [`Ftfy`] is ftfy 6.3.1's `fix_encoding`, and another fixer may build
//!   on it. A [`crate::Mode`] puts a fixer in the pipeline. A fixer says
//!   which of the pipeline's shortcuts its answers allow
//!   ([`Capabilities`]); in a round it is told what the round knows
//!   ([`RoundFacts`]) and answers a [`RoundFix`].
//! - **The scan's facts.** [`ScanFacts`]: what the pre-scan found of the
//!   codecs UTF-8 is misread through, for [`EncodingFixer::may_change_clean`].
//! - **The codec list.** [`UTF8_MISREAD_AS`](crate::codecs::UTF8_MISREAD_AS)
//!   and what is known of the characters they encode
//!   ([`may_be_encodable`], [`may_continue_sequence`], [`UNENCODABLE`],
//!   [`starts_unencodable`]).
//! - **The plan steps.** Plans carry a layer's own steps as their
//!   extension ([`PlanExtension`]): the core records, prints, parses and
//!   replays them.
//! - **Documents.** A layer may judge a text of many lines as a whole
//!   before its lines are fixed ([`DocumentFixer`], given to a mode with
//!   [`crate::Mode::with_documents`]); the core cuts the text into
//!   [`Window`]s and holds back an unfinished one.
//! - **Byte routines** the hot loops share ([`text`]), and the FNV hash
//!   ([`FnvMap`]).

pub use crate::codecs::misread::{
    may_be_encodable, may_continue_sequence, starts_unencodable, UNENCODABLE,
};
pub use crate::document::{DocumentFixer, Window, WindowExplanation, WindowPosition};
pub use crate::encoding::{
    Capabilities, EncodingFixer, ExplainEncoding, Ftfy, RoundFacts, RoundFix, ScanFacts,
};
pub use crate::fnv::{Fnv1a, FnvMap};
pub use crate::plan::{NoExtension, PlanExtension};

/// Byte-level routines: testing eight bytes at a time (SWAR: a `u64` read
/// little-endian, whose byte `i` is the text's byte `i`) and finding
/// character boundaries.
pub mod text {
    pub use crate::text::{
        bytes_below, bytes_equal, char_boundary_at_or_after, char_boundary_at_or_before, word_at,
        HIGH_BITS,
    };
}
