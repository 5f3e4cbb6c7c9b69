//! A perfect hash of the n-gram keys ("hash and displace"): a key's hash
//! picks a bucket, the bucket's displacement picks the key's slot, and no
//! two keys share a slot. A slot holds a 16-bit fingerprint of its key
//! (a lookup of an absent key matches with probability 1/65536) and the
//! length of its row; rows lie in slot order, with the start of every
//! 16th slot's row recorded. The scorer (crates/extended/src/language/table.rs) repeats
//! `hash`, `bucket_of` and `slot_of` exactly.

use std::collections::BTreeMap;

/// Keys per bucket, on average.
const KEYS_PER_BUCKET: usize = 4;
/// Slots per key: a few empty slots make the last buckets easy to place.
const LOAD: f64 = 0.97;
/// Slots between two recorded row starts.
pub const ROW_START_STRIDE: usize = 16;

pub struct Table {
    pub seed: u64,
    pub keys: usize,
    pub displacements: Vec<u8>,
    pub fingerprints: Vec<u8>,
    pub row_lengths: Vec<u8>,
    pub row_starts: Vec<u8>,
    pub rows: Vec<u8>,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn hash(key: u64, seed: u64) -> u64 {
    mix(key ^ seed)
}

fn bucket_of(hash: u64, buckets: u64) -> usize {
    (((hash >> 32) * buckets) >> 32) as usize
}

fn slot_of(hash: u64, displacement: u16, slots: u64) -> usize {
    let mixed = mix(hash
        ^ u64::from(displacement)
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15));
    (((mixed >> 32) * slots) >> 32) as usize
}

impl Table {
    /// `scripts` gives the range of language ids of each script.
    pub fn build(rows: &BTreeMap<u64, Vec<(u8, u8)>>, scripts: &[(u8, u8)]) -> Table {
        let keys: Vec<u64> = rows.keys().copied().collect();
        let buckets = keys.len().div_ceil(KEYS_PER_BUCKET) as u64;
        let slots = (keys.len() as f64 / LOAD).ceil() as u64;
        let (seed, displacements, slot_keys) = (0x5eed_u64..)
            .find_map(|seed| place(&keys, seed, buckets, slots).map(|(d, s)| (seed, d, s)))
            .expect("some seed places every key");
        let mut table = Table {
            seed,
            keys: keys.len(),
            displacements: displacements.iter().flat_map(|d| d.to_le_bytes()).collect(),
            fingerprints: Vec::new(),
            row_lengths: Vec::new(),
            row_starts: Vec::new(),
            rows: Vec::new(),
        };
        for (slot, key) in slot_keys.iter().enumerate() {
            if slot % ROW_START_STRIDE == 0 {
                let start = u32::try_from(table.rows.len()).expect("rows fit u32");
                table.row_starts.extend_from_slice(&start.to_le_bytes());
            }
            let (fingerprint, row): (u16, &[(u8, u8)]) = match key {
                Some(key) => (hash(*key, seed) as u16, &rows[key]),
                None => (0, &[]),
            };
            table
                .fingerprints
                .extend_from_slice(&fingerprint.to_le_bytes());
            let script = row.first().and_then(|&(language, _)| {
                scripts
                    .iter()
                    .find(|&&(start, end)| (start..end).contains(&language))
            });
            match script {
                Some(&(start, end)) if usize::from(end - start) <= 2 * row.len() => {
                    let mut dense = vec![u8::MAX; usize::from(end - start)];
                    for &(language, cost) in row {
                        dense[usize::from(language - start)] = cost.min(u8::MAX - 1);
                    }
                    table.row_lengths.push(0x80 | (end - start));
                    table.rows.extend_from_slice(&dense);
                }
                _ => {
                    table
                        .row_lengths
                        .push(u8::try_from(2 * row.len()).expect("short rows"));
                    for &(language, cost) in row {
                        table.rows.extend_from_slice(&[language, cost]);
                    }
                }
            }
        }
        table
    }
}

/// Places every key with one seed, the fullest buckets first, or `None`
/// when some bucket finds no displacement.
fn place(
    keys: &[u64],
    seed: u64,
    buckets: u64,
    slots: u64,
) -> Option<(Vec<u16>, Vec<Option<u64>>)> {
    let mut members: Vec<Vec<(u64, u64)>> = vec![Vec::new(); buckets as usize];
    for &key in keys {
        let h = hash(key, seed);
        members[bucket_of(h, buckets)].push((key, h));
    }
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_by_key(|&bucket| (std::cmp::Reverse(members[bucket].len()), bucket));
    let mut displacements = vec![0u16; buckets as usize];
    let mut slot_keys: Vec<Option<u64>> = vec![None; slots as usize];
    let mut taken = Vec::new();
    for bucket in order {
        let placed = (0..=u16::MAX).find(|&displacement| {
            taken.clear();
            members[bucket].iter().all(|&(_, h)| {
                let slot = slot_of(h, displacement, slots);
                let free = slot_keys[slot].is_none() && !taken.contains(&slot);
                taken.push(slot);
                free
            })
        })?;
        displacements[bucket] = placed;
        for &(key, h) in &members[bucket] {
            slot_keys[slot_of(h, placed, slots)] = Some(key);
        }
    }
    Some((displacements, slot_keys))
}
