//! The badness heuristic against ftfy 6.3.1: every string in
//! `tests/data/badness_vectors.jsonl` (written by
//! `xtask/python/generate/badness_vectors.py`, which asks ftfy) must get
//! ftfy's count.

use ftfy::badness::{badness, is_bad};

#[test]
fn badness_matches_ftfy_6_3_1() {
    let data = include_str!("data/badness_vectors.jsonl");
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in data.lines() {
        let (text, expected): (String, usize) = serde_json::from_str(line).unwrap();
        let (got, got_bad) = (badness(&text), is_bad(&text));
        if got != expected || got_bad != (expected > 0) {
            failures.push(format!(
                "{text:?}: ftfy {expected}, ours {got} (is_bad {got_bad})"
            ));
        }
        checked += 1;
    }
    assert!(checked > 12_000, "only {checked} vectors");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}
