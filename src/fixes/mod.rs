//! The small independent fixes.
