//! Property tests: the breaker and the fixer are inverses on realistic
//! text, and the library's promises hold on arbitrary input.
//!
//! Shrunk failures are saved under `proptest-regressions/` and
//! replayed first on every run; commit them.

mod documents;
mod extended;
mod invariants;
mod round_trips;
mod text;
