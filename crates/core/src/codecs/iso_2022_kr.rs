//! ISO-2022-KR (RFC 1557), as Python's `iso2022_kr` reads and writes it:
//! seven-bit text where `ESC $ ) C` designates KS X 1001, SO (0E) shifts
//! to it and SI (0F), or a line feed, shifts back to ASCII. In shifted
//! text each pair of bytes 21 to 7E is a KS X 1001 character, the EUC-KR
//! character of the same bytes with their high bits set; control
//! characters stand for themselves. encoding_rs does not read it.

use encoding_rs::EUC_KR_INIT;

use super::multi_byte::Step;

const ESCAPE: u8 = 0x1B;
const SHIFT_OUT: u8 = 0x0E;
const SHIFT_IN: u8 = 0x0F;
/// The designation of KS X 1001, which comes before the first shift.
const DESIGNATE_KS_X_1001: &[u8] = b"\x1b$)C";
/// The designation of ASCII, which changes nothing.
const DESIGNATE_ASCII: &[u8] = b"\x1b(B";

/// Where a decoder is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct State {
    designated: bool,
    shifted: bool,
}

/// What the start of `bytes` (not empty) decodes to, in `state`.
pub(super) fn step(state: &mut State, bytes: &[u8]) -> Step {
    let byte = bytes[0];
    match byte {
        ESCAPE => {
            for sequence in [DESIGNATE_KS_X_1001, DESIGNATE_ASCII] {
                if bytes.starts_with(sequence) {
                    state.designated |= sequence == DESIGNATE_KS_X_1001;
                    return Step::Skip(sequence.len());
                }
                if sequence.starts_with(bytes) {
                    return Step::Incomplete;
                }
            }
            Step::Invalid(1)
        }
        SHIFT_OUT => {
            // (Python passes over a shift before any designation.)
            state.shifted = state.designated;
            Step::Skip(1)
        }
        SHIFT_IN => {
            state.shifted = false;
            Step::Skip(1)
        }
        b'\n' => {
            state.shifted = false;
            Step::Text('\n', None, 1)
        }
        0x80..=0xFF => Step::Invalid(1),
        0x00..=0x1F => Step::Text(char::from(byte), None, 1),
        _ if !state.shifted => Step::Text(char::from(byte), None, 1),
        _ => {
            let Some(&trail) = bytes.get(1) else {
                return Step::Incomplete;
            };
            match ks_x_1001(byte, trail) {
                Some(c) => Step::Text(c, None, 2),
                None => Step::Invalid(1),
            }
        }
    }
}

/// The KS X 1001 character of seven-bit bytes `lead`, `trail`.
fn ks_x_1001(lead: u8, trail: u8) -> Option<char> {
    if !(0x21..=0x7E).contains(&lead) || !(0x21..=0x7E).contains(&trail) {
        return None;
    }
    let pair = [lead | 0x80, trail | 0x80];
    let text = EUC_KR_INIT.decode_without_bom_handling_and_without_replacement(&pair)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Encodes `text` as Python does: the designation once, before the first
/// shift; SO before each run of Korean, SI before the ASCII after it and at
/// the end. Fails with the byte offset of the first character that has no
/// bytes.
pub(super) fn encode(text: &str) -> Result<Vec<u8>, usize> {
    let mut bytes = Vec::with_capacity(text.len() + 8);
    let mut designated = false;
    let mut shifted = false;
    let mut encoder = EUC_KR_INIT.new_encoder();
    for (at, c) in text.char_indices() {
        if c.is_ascii() {
            if shifted {
                bytes.push(SHIFT_IN);
                shifted = false;
            }
            bytes.push(c as u8);
            continue;
        }
        let mut buffer = [0u8; 4];
        let mut pair = [0u8; 4];
        let (result, _, written) = encoder.encode_from_utf8_without_replacement(
            c.encode_utf8(&mut buffer),
            &mut pair,
            false,
        );
        let ks_x_1001 = matches!(result, encoding_rs::EncoderResult::InputEmpty)
            && written == 2
            && pair[..2].iter().all(|byte| (0xA1..=0xFE).contains(byte));
        if !ks_x_1001 {
            return Err(at);
        }
        if !designated {
            bytes.extend_from_slice(DESIGNATE_KS_X_1001);
            designated = true;
        }
        if !shifted {
            bytes.push(SHIFT_OUT);
            shifted = true;
        }
        bytes.extend([pair[0] & 0x7F, pair[1] & 0x7F]);
    }
    if shifted {
        bytes.push(SHIFT_IN);
    }
    Ok(bytes)
}
