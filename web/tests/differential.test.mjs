// A differential sample: 24,000 strings from the crate's fixed-seed
// generator (clean text in many scripts, every kind of damage the breaker
// knows, legacy encodings read as others, random mixtures), through the
// package and through the crate, in the default and the extended mode;
// then 3,000 of them under random options.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as ftfy from '../js/index.js';
import { crateAnswers, sample } from './helpers.mjs';

const SAMPLE_SIZE = 24_000;
const strings = sample(SAMPLE_SIZE, 20_261_126);

function packageAnswer({ function: name, text, options }) {
  try {
    return { ok: ftfy[name](text, options) };
  } catch (error) {
    return { error: error.message };
  }
}

/** The requests on which the package and the crate disagree. */
function disagreements(requests) {
  const expected = crateAnswers(requests);
  const failures = [];
  requests.forEach((request, index) => {
    const got = packageAnswer(request);
    try {
      assert.deepStrictEqual(got, expected[index]);
    } catch {
      failures.push(`${request.function}(${JSON.stringify(request.text)}, ${JSON.stringify(request.options)}): ${JSON.stringify(got)}, the crate ${JSON.stringify(expected[index])}`);
    }
  });
  return failures;
}

test('the sample is large and varied', () => {
  assert.equal(strings.length, SAMPLE_SIZE);
  assert.ok(new Set(strings).size > 0.85 * SAMPLE_SIZE, 'mostly distinct strings');
  const changed = strings.filter((text) => ftfy.fixText(text) !== text).length;
  const changedExtended = strings.filter((text) => ftfy.fixText(text, { extendedRecovery: true }) !== text).length;
  // Both clean and damaged text, and more fixed in extended mode.
  assert.ok(changed > 0.2 * SAMPLE_SIZE && changed < 0.8 * SAMPLE_SIZE, `${changed} changed`);
  assert.ok(changedExtended > changed, `${changedExtended} changed in extended mode, ${changed} in the default`);
});

for (const [mode, options] of [['default', {}], ['extended', { extendedRecovery: true }]]) {
  test(`the package gives the crate's answers on the sample, ${mode} mode`, () => {
    const requests = [];
    for (const text of strings) {
      for (const name of ['fixText', 'fixEncoding', 'fixAndExplain']) requests.push({ function: name, text, options });
    }
    if (mode === 'default') {
      for (const text of strings) requests.push({ function: 'isBad', text, options });
    }
    assert.deepEqual(disagreements(requests), []);
  });
}

test("the package gives the crate's answers under random options", () => {
  let seed = 12_345;
  const random = (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const requests = [];
  for (const text of strings.slice(0, 3_000)) {
    const options = {};
    for (const [name, value] of Object.entries(ftfy.DEFAULT_OPTIONS)) {
      if (typeof value === 'boolean' && random(3) === 0) options[name] = !value;
    }
    options.unescapeHtml = ['auto', true, false][random(3)];
    options.normalization = ['NFC', 'NFD', 'NFKC', 'NFKD', null][random(5)];
    options.maxDecodeLength = [1, 2, 7, 30, 1_000_000][random(5)];
    for (const name of ['fixText', 'fixTextSegment', 'fixAndExplain', 'fixEncodingAndExplain']) {
      requests.push({ function: name, text, options });
    }
  }
  assert.deepEqual(disagreements(requests), []);
});
