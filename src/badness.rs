//! The heuristic that says "this looks like mojibake".

/// Counts unlikely character sequences.
pub fn badness(_text: &str) -> usize {
    todo!()
}

/// Whether the text looks like it contains mojibake.
pub fn is_bad(_text: &str) -> bool {
    todo!()
}
