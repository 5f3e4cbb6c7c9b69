//! Single-byte codecs and utf-8-variants.
