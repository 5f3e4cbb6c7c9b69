//! Measurement knobs: each forces gates of extended recovery open or shut,
//! so that `scripts/extended/bounds.sh` can measure how far a change of
//! that kind could go (its recovery and false positives, or its cost). Only
//! in builds with the `bounds` feature, and only with `FTFY_BOUND` set in
//! the environment; otherwise every knob is off, and the compiler removes
//! the checks.

/// What a measurement forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// `FTFY_BOUND=no-prefilter`: neither the prefilter nor recovery runs
    /// on a line ftfy's heuristic finds clean.
    NoPrefilter,
    /// `FTFY_BOUND=prefilter-only`: the prefilter runs on such lines, and
    /// recovery never does.
    PrefilterOnly,
    /// `FTFY_BOUND=recovery`: every gate of a legacy reading within the
    /// Latin script open: every legacy codec viable, one changed character
    /// enough, every text as read a strong sign, every reading a native
    /// language's, no cap from the model.
    Recovery,
}

/// Whether the measurement `bound` is on.
#[cfg(feature = "bounds")]
pub(crate) fn on(bound: Bound) -> bool {
    static CHOSEN: std::sync::LazyLock<Option<Bound>> =
        std::sync::LazyLock::new(|| match std::env::var("FTFY_BOUND").as_deref() {
            Ok("no-prefilter") => Some(Bound::NoPrefilter),
            Ok("prefilter-only") => Some(Bound::PrefilterOnly),
            Ok("recovery") => Some(Bound::Recovery),
            _ => None,
        });
    *CHOSEN == Some(bound)
}

/// Whether the measurement `bound` is on: never, without the `bounds`
/// feature.
#[cfg(not(feature = "bounds"))]
#[inline(always)]
pub(crate) fn on(_bound: Bound) -> bool {
    false
}
