//! Display width of text in a monospaced terminal.
