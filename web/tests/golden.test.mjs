// Every golden case (golden/*.toml) through the package: its answers are
// the expected values the files hold, and the crate's own answers for the
// same input and options, in the case's mode and in the other mode.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as ftfy from '../js/index.js';
import { crateAnswers, goldenCases, optionsOf } from './helpers.mjs';

const cases = goldenCases();

/** The package's answer to a request the crate answers too. */
function packageAnswer({ function: name, text, options, plan }) {
  try {
    const value = name === 'applyPlan' ? ftfy.applyPlan(text, plan) : ftfy[name](text, options);
    return { ok: value };
  } catch (error) {
    return { error: error.message.replace(/^\w+: /, '') };
  }
}

test('the golden files hold hundreds of cases', () => {
  assert.ok(cases.length >= 450, `${cases.length} cases`);
});

test('the package gives the golden values', () => {
  const failures = [];
  let checked = 0;
  const check = (goldenCase, what, got, expected) => {
    checked += 1;
    if (got !== expected) failures.push(`${goldenCase.file} ${goldenCase.name}: ${what} gave ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  };
  for (const goldenCase of cases) {
    const options = optionsOf(goldenCase.config);
    const { input } = goldenCase;
    if ('fix_text' in goldenCase) check(goldenCase, 'fixText', ftfy.fixText(input, options), goldenCase.fix_text);
    if ('fix_encoding' in goldenCase) check(goldenCase, 'fixEncoding', ftfy.fixEncoding(input, options), goldenCase.fix_encoding);
    if ('fix_text_segment' in goldenCase) check(goldenCase, 'fixTextSegment', ftfy.fixTextSegment(input, options), goldenCase.fix_text_segment);
    if ('explain_unicode' in goldenCase) check(goldenCase, 'explainUnicode', ftfy.explainUnicode(input), goldenCase.explain_unicode);
    if ('plan' in goldenCase) {
      const plan = ftfy.fixEncodingAndExplain(input, options).explanation.map(({ action, parameter }) => `('${action}', '${parameter}')`);
      check(goldenCase, 'the plan', plan.join(', '), goldenCase.plan.join(', '));
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked >= 500, `only ${checked} golden values checked`);
});

test("the package gives the crate's answers on every golden case, in both modes", () => {
  const functions = ['fixText', 'fixTextSegment', 'fixEncoding', 'fixAndExplain', 'fixEncodingAndExplain', 'isBad', 'badness', 'explainUnicode'];
  const requests = [];
  for (const goldenCase of cases) {
    const options = optionsOf(goldenCase.config);
    const modes = [options, { ...options, extendedRecovery: !options.extendedRecovery }];
    for (const mode of modes) {
      for (const name of functions) requests.push({ function: name, text: goldenCase.input, options: mode });
    }
  }
  const expected = crateAnswers(requests);
  const failures = requests.flatMap((request, index) => {
    const got = packageAnswer(request);
    try {
      assert.deepStrictEqual(got, expected[index]);
      return [];
    } catch {
      return [`${request.function}(${JSON.stringify(request.text)}, ${JSON.stringify(request.options)}): ${JSON.stringify(got)}, the crate ${JSON.stringify(expected[index])}`];
    }
  });
  assert.deepEqual(failures, []);
  assert.ok(requests.length >= 7000, `${requests.length} requests`);
});

test('the plans of the golden cases replay, through the package as in the crate', () => {
  const requests = [];
  for (const goldenCase of cases) {
    const options = optionsOf(goldenCase.config);
    for (const explain of [ftfy.fixAndExplain, ftfy.fixEncodingAndExplain]) {
      const { text, explanation } = explain(goldenCase.input, { ...options, explain: true });
      assert.equal(ftfy.applyPlan(goldenCase.input, explanation), text, goldenCase.name);
      requests.push({ function: 'applyPlan', text: goldenCase.input, plan: explanation.map(({ action, parameter }) => [action, parameter]) });
    }
  }
  const expected = crateAnswers(requests);
  requests.forEach((request, index) => assert.deepStrictEqual(packageAnswer(request), expected[index]));
});
