//! Breaks text on purpose, every way the fixer claims to undo.
