//! Property tests: the breaker and the fixer are inverses on realistic
//! text, the library's promises hold on arbitrary input, and its answers
//! are those of ftfy-reference, ftfy 6.3.1 written plainly.
//!
//! Shrunk failures are saved under `proptest-regressions/` and
//! replayed first on every run; commit them.

mod extended;
mod invariants;
mod reference;
mod round_trips;
mod text;
