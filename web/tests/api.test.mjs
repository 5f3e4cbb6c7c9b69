// The package's API: what each function returns, every option reaching
// the library as given, bad input throwing a clear TypeError or
// RangeError, a panic in Rust becoming an Error after which the module
// works again, files read in pieces, and a 10 MB text.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

import * as glue from '../pkg/ftfy.js';
import { makeApi } from '../js/api.js';
import * as ftfy from '../js/index.js';
import { crateAnswers, hex, sample, WEB } from './helpers.mjs';

test('the package entry is an ES module that a plain import loads in Node, with no init call', () => {
  const script = "import { fixText } from 'ftfy-rs'; console.log(fixText('âœ” No problems'));";
  // Through package.json's exports, as a user's code would import it.
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: WEB, encoding: 'utf8' });
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, '✔ No problems\n');
});

test('the functions answer as the README shows', () => {
  assert.equal(ftfy.fixText('âœ” No problems'), '✔ No problems');
  assert.equal(ftfy.fixText('ＬＯＵＤ　ＮＯＩＳＥＳ'), 'LOUD NOISES');
  assert.equal(ftfy.fixEncoding('schÃ¶n'), 'schön');
  assert.equal(ftfy.fixText('“quoted”', { uncurlQuotes: false }), '“quoted”');
  assert.equal(ftfy.fixTextSegment('AT&amp;T'), 'AT&T');
  assert.equal(ftfy.isBad('doesnÃ¢â‚¬â„¢t'), true);
  assert.equal(ftfy.isBad('doesn’t'), false);
  assert.equal(typeof ftfy.badness('doesnÃ¢â‚¬â„¢t'), 'number');
  const fixed = ftfy.fixAndExplain('schÃ¶n');
  assert.deepEqual(fixed, {
    text: 'schön',
    explanation: [
      { action: 'encode', parameter: 'latin-1' },
      { action: 'decode', parameter: 'utf-8' },
    ],
  });
  assert.equal(ftfy.applyPlan('KÃ¶ln', fixed.explanation), 'Köln');
  // Plans as pairs, as Python's ftfy writes them, replay too.
  assert.equal(ftfy.applyPlan('KÃ¶ln', [['encode', 'latin-1'], ['decode', 'utf-8']]), 'Köln');
  assert.equal(ftfy.explainUnicode('é\u200b'), 'U+00E9  é       [Ll] LATIN SMALL LETTER E WITH ACUTE\nU+200B  \\u200b  [Cf] ZERO WIDTH SPACE\n');
});

test('extended recovery is one option, off by default', () => {
  const legacy = 'Ïðèâåò, êàê äåëà?';
  assert.equal(ftfy.fixText(legacy), legacy);
  assert.equal(ftfy.fixText(legacy, { extendedRecovery: true }), 'Привет, как дела?');
  assert.equal(ftfy.fixEncoding('Un cafГ© au lait', { extendedRecovery: true }), 'Un café au lait');
  assert.equal(ftfy.DEFAULT_OPTIONS.extendedRecovery, false);
});

test('fixTexts judges a column as one document in extended recovery; perString judges each text alone', () => {
  // Polish in Windows-1250 read as Windows-1252 (each line's original
  // beside it): each line alone is too short to judge, the column is not.
  const column = [
    ['Za¿ó³æ gêœl¹ jaŸñ', 'Zażółć gęślą jaźń'],
    ['£ódŸ', 'Łódź'],
    ['Gdañsk', 'Gdańsk'],
    ['Kraków', 'Kraków'],
    ['Ca³a Polska', 'Cała Polska'],
  ];
  const texts = column.map(([read]) => read);
  assert.deepEqual(ftfy.fixTexts(texts, { extendedRecovery: true }), column.map(([, original]) => original));
  const alone = texts.map((text) => ftfy.fixText(text, { extendedRecovery: true }));
  assert.equal(alone[2], 'Gdañsk');
  assert.deepEqual(ftfy.fixTexts(texts, { extendedRecovery: true, perString: true }), alone);
  // The default mode: each text's fixText, column or not.
  const mixed = ['cafÃ©', 'fine', ...texts];
  assert.deepEqual(ftfy.fixTexts(mixed), mixed.map((text) => ftfy.fixText(text)));
  assert.deepEqual(ftfy.fixTexts([]), []);
  const throws = (work, type, pattern) => assert.throws(work, (error) => error instanceof type && pattern.test(error.message));
  throws(() => ftfy.fixTexts('text'), TypeError, /^fixTexts: texts must be an array of strings, got the string "text"$/);
  throws(() => ftfy.fixTexts(['a', 2]), TypeError, /^fixTexts \(text 1\): text must be a string, got number 2$/);
  throws(() => ftfy.fixTexts(['a'], { perString: 1 }), TypeError, /option perString must be true or false/);
});

test("the default options are the crate's defaults, and each option reaches the library as given", () => {
  const requests = [{ function: 'defaultOptions' }, { function: 'config', options: ftfy.DEFAULT_OPTIONS }];
  for (const [name, value] of Object.entries(ftfy.DEFAULT_OPTIONS)) {
    const changed = typeof value === 'boolean' ? !value : { unescapeHtml: false, normalization: null, maxDecodeLength: 17 }[name];
    requests.push({ function: 'config', options: { [name]: changed } });
  }
  const [defaults, ours, ...each] = crateAnswers(requests);
  assert.equal(ours.ok, defaults.ok);
  // Every option changes the configuration, each in its own way.
  assert.equal(new Set([defaults.ok, ...each.map((answer) => answer.ok)]).size, each.length + 1);
  // And each changes what the package does as it changes what the crate does.
  const texts = ['cafÃ©\r\n“ﬁ”', 'AT&amp;T <b>', '\u001b[31mＬＯＵＤ\u0085x\u200b', 'voilÃ  le travail', 'Ïðèâåò, êàê äåëà?', 'H₂O'];
  const fixes = [];
  for (const request of requests.slice(1)) {
    for (const text of texts) fixes.push({ function: 'fixAndExplain', text, options: request.options });
  }
  crateAnswers(fixes).forEach((expected, index) => {
    const { text, options } = fixes[index];
    assert.deepStrictEqual({ ok: ftfy.fixAndExplain(text, options) }, expected, `${JSON.stringify(text)} ${JSON.stringify(options)}`);
  });
});

test('undefined options keep their defaults; null options are no options', () => {
  assert.equal(ftfy.fixText('“x”', { uncurlQuotes: undefined }), '"x"');
  assert.equal(ftfy.fixText('“x”', null), '"x"');
  assert.equal(ftfy.fixText('ﬁ', { normalization: null, fixLatinLigatures: false }), 'ﬁ');
});

test('wrong arguments throw a TypeError or RangeError that names them', () => {
  const throws = (work, type, pattern) => assert.throws(work, (error) => error instanceof type && pattern.test(error.message));
  throws(() => ftfy.fixText(42), TypeError, /^fixText: text must be a string, got number 42$/);
  throws(() => ftfy.fixText(), TypeError, /text must be a string, got undefined/);
  throws(() => ftfy.fixEncoding(null), TypeError, /^fixEncoding: text must be a string, got null$/);
  throws(() => ftfy.fixText('x', 'NFC'), TypeError, /^fixText: options must be an object, got the string "NFC"$/);
  throws(() => ftfy.fixText('x', [true]), TypeError, /options must be an object, got an array/);
  throws(() => ftfy.fixText('x', { fix_encoding: false }), TypeError, /unknown option 'fix_encoding'; did you mean 'fixEncoding'\?/);
  throws(() => ftfy.fixText('x', { colour: 1 }), TypeError, /unknown option 'colour'; the options are unescapeHtml, .*extendedRecovery$/);
  throws(() => ftfy.fixText('x', { uncurlQuotes: 'no' }), TypeError, /option uncurlQuotes must be true or false, got the string "no"/);
  throws(() => ftfy.fixText('x', { unescapeHtml: 'always' }), TypeError, /unescapeHtml must be 'auto', true or false/);
  throws(() => ftfy.fixText('x', { normalization: 'nfc' }), TypeError, /normalization must be 'NFC', 'NFD', 'NFKC', 'NFKD' or null/);
  throws(() => ftfy.fixText('x', { maxDecodeLength: '10' }), TypeError, /maxDecodeLength must be a number/);
  throws(() => ftfy.fixText('x', { maxDecodeLength: 0 }), RangeError, /maxDecodeLength must be a whole number of at least 1, got 0/);
  throws(() => ftfy.fixText('x', { maxDecodeLength: 2.5 }), RangeError, /got 2.5/);
  throws(() => ftfy.applyPlan('x', 'encode'), TypeError, /^applyPlan: plan must be an array of steps/);
  throws(() => ftfy.applyPlan('x', [['encode']]), TypeError, /^applyPlan: step 0 must be \{action, parameter\} or \[action, parameter\]/);
  throws(() => ftfy.applyPlan('x', [{ action: 'encode', parameter: 1 }]), TypeError, /step 0/);
  throws(() => ftfy.guessBytes('café'), TypeError, /^guessBytes: bytes must be a Uint8Array or an ArrayBuffer, got the string/);
  throws(() => ftfy.fixBytes([1, 2]), TypeError, /^fixBytes: bytes must be a Uint8Array/);
  throws(() => ftfy.fixBytes(new Uint8Array(1), { encoding: 1252 }), TypeError, /option encoding must be a string or null/);
  throws(() => new ftfy.FileFixer('file.txt'), TypeError, /^FileFixer: read must be a function/);
});

test("errors from the library are Errors with the library's message", () => {
  const plan = ftfy.fixAndExplain('schÃ¶n').explanation;
  assert.throws(() => ftfy.applyPlan('Köln €', plan), { name: 'Error', message: "applyPlan: step 0: latin-1 cannot encode '€' (U+20AC) at byte offset 6" });
  assert.throws(() => ftfy.applyPlan('x', [['encode', 'ebcdic']]), { message: "applyPlan: unknown codec 'ebcdic'" });
  assert.throws(() => ftfy.applyPlan('x', [['encode', 'latin-1']]), { message: 'applyPlan: the plan ends with bytes, not text' });
  assert.throws(() => ftfy.fixBytes(new Uint8Array([0x61, 0x0a, 0xff]), { encoding: 'utf-8' }), (error) => error.constructor === Error && error.message === 'fixBytes: the input is not valid utf-8 at byte offset 2' && error.offset === 2 && error.encoding === 'utf-8');
  assert.throws(() => ftfy.fixBytes(new Uint8Array(1), { encoding: 'ebcdic' }), (error) => error instanceof RangeError && /^fixBytes: unknown encoding 'ebcdic'; try utf-8/.test(error.message));
  assert.throws(() => ftfy.guessBytes(new Uint8Array([0xff, 0xfe, 0x61])), (error) => error.message === 'guessBytes: cannot decode byte offset 2 as utf-16: truncated data' && error.offset === 2);
});

test('lone surrogates become U+FFFD, as fixSurrogates makes them, or throw where they would be kept', () => {
  assert.equal(ftfy.fixText('a\ud800b'), 'a\ufffdb');
  assert.equal(ftfy.fixText('cafÃ©\udfff'), 'café\ufffd');
  assert.equal(ftfy.fixEncoding('x\ud800'), 'x\ufffd');
  assert.equal(ftfy.fixText('😀 \ud83d\ude00'), '😀 😀');
  assert.throws(() => ftfy.fixText('a\ud800b', { fixSurrogates: false }), (error) => error instanceof TypeError && /lone surrogate \(code point 1\)/.test(error.message));
  // explainUnicode shows them as ftfy does.
  assert.equal(ftfy.explainUnicode('a\ud800'), 'U+0061  a       [Ll] LATIN SMALL LETTER A\nU+D800  \\ud800  [Cs] <unknown>\n');
});

test('a panic in Rust is an Error, not a trap, and the module works again after it', () => {
  // An API over the same module whose fixText panics on purpose (through
  // the module's panic_for_tests export).
  const panicking = makeApi({ ...glue, fix_text: () => glue.panic_for_tests('on purpose') });
  assert.throws(
    () => panicking.fixText('x'),
    (error) => error.constructor === Error && /^fixText: ftfy failed with a panic in Rust: panicked at web\/src\/lib\.rs:\d+:\d+: on purpose\. This is a bug/.test(error.message) && error.cause instanceof WebAssembly.RuntimeError,
  );
  // The module was restarted: both APIs over it work.
  assert.equal(panicking.fixEncoding('schÃ¶n'), 'schön');
  assert.equal(ftfy.fixText('âœ” No problems'), '✔ No problems');
  // An object of the old instance says so instead of touching the new one.
  const before = makeApi(glue).FileFixer;
  const fixer = new before(() => new Uint8Array(0));
  assert.throws(() => panicking.fixText('x'), /panic in Rust/);
  assert.throws(() => fixer.next(), /the module was restarted after a failure/);
  fixer.free();
  assert.equal(ftfy.fixText('cafÃ©'), 'café');
});

test('guessBytes guesses as ftfy does, and legacy encodings in extended mode', () => {
  const guess = (bytes, options) => ftfy.guessBytes(Uint8Array.from(bytes), options);
  assert.deepEqual(guess(Buffer.from('café')), { text: 'café', encoding: 'utf-8' });
  assert.deepEqual(guess([0x63, 0x61, 0x66, 0xe9]), { text: 'café', encoding: 'sloppy-windows-1252' });
  assert.deepEqual(guess([0xff, 0xfe, 0x63, 0x00, 0x61, 0x00]), { text: 'ca', encoding: 'utf-16' });
  const koi8 = [...Buffer.from('f0d2c9d7c5d42c20cbc1cb20c4c5ccc13f20f3c5c7cfc4ced120c8cfd2cfdbc1d120d0cfc7cfc4c12e', 'hex')];
  assert.deepEqual(guess(koi8, { extendedRecovery: true }), { text: 'Привет, как дела? Сегодня хорошая погода.', encoding: 'koi8-r' });
  assert.equal(guess(koi8).encoding, 'sloppy-windows-1252');
  // An ArrayBuffer is read too.
  assert.equal(ftfy.guessBytes(Buffer.from('x').buffer.slice(0, 0)).encoding, 'utf-8');
});

test('guessBytes names every encoding the document guess knows, and fixBytes reads it by that name', () => {
  // Bytes from Python 3.11's codecs of the same names.
  const cases = [
    ['mac-cyrillic', '8ff0e8e2e5f22c20eae0ea20e4e5ebe03f2091e5e3eee4eddf20f5eef0eef8e0df20efeee3eee4e02e', 'Привет, как дела? Сегодня хорошая погода.'],
    ['johab', 'd0658a82b4e120c942af61cb61b7b393a194612e20b5a19369b765209069b3a1886120b461ba8120b9bdaf7393a194612e', '한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다.'],
    ['utf-16le', '480065006c006c006f002c0020007400680069007300200069007300200070006c00610069006e00200074006500780074002e0020001f04400438043204350442042100', 'Hello, this is plain text. Привет!'],
    ['cp932', '874082a982e7874982dc82c582cc94d48d8682c68141eee08bb482b382f182cc96bc914f82c582b78142', '①から⑩までの番号と、髙橋さんの名前です。'],
  ];
  for (const [encoding, hexBytes, text] of cases) {
    const bytes = Uint8Array.from(Buffer.from(hexBytes, 'hex'));
    assert.deepEqual(ftfy.guessBytes(bytes, { extendedRecovery: true }), { text, encoding });
    const options = { encoding, fixEncoding: false, fixCharacterWidth: false, uncurlQuotes: false };
    assert.equal(ftfy.fixBytes(bytes, options).text, text);
  }
});

test("fixBytes and FileFixer give the crate's fix_file answers, in any encoding, in any pieces", () => {
  const strings = sample(600, 99).map((text) => `${text}\n${text}\r\n`);
  const encodings = ['utf-8', 'windows-1251', 'koi8-r', 'sloppy-windows-1252', 'utf-16'];
  const legacy = strings.map((text, index) => ({ function: 'encode', text, encoding: encodings[index % encodings.length] }));
  const encoded = crateAnswers(legacy.filter((request) => !request.encoding.startsWith('utf')));
  const bytesOf = legacy.map((request) => {
    if (request.encoding === 'utf-8') return hex(Buffer.from(request.text));
    if (request.encoding === 'utf-16') return hex(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(request.text, 'utf16le')]));
    return encoded.shift().ok;
  });
  const requests = [];
  for (const bytes of bytesOf.filter((bytes) => bytes !== undefined)) {
    for (const options of [{}, { extendedRecovery: true }, { encoding: 'utf-8' }, { encoding: 'latin-1', uncurlQuotes: false }]) {
      requests.push({ function: 'fixBytes', bytes, options });
    }
  }
  const expected = crateAnswers(requests);
  assert.ok(requests.length > 1000, `${requests.length} requests`);
  requests.forEach((request, index) => {
    const bytes = Buffer.from(request.bytes, 'hex');
    let got;
    try {
      got = { ok: ftfy.fixBytes(bytes, request.options) };
    } catch (error) {
      got = { error: error.message.replace(/^fixBytes: /, '') };
    }
    assert.deepStrictEqual(got, expected[index], JSON.stringify(request));
    // In small pieces, read a byte or a few at a time: the same text.
    if (got.ok && index % 7 === 0) {
      let offset = 0;
      const fixer = new ftfy.FileFixer((max) => bytes.subarray(offset, (offset += Math.min(max, 1 + (offset % 5)))), { ...request.options, batchBytes: 16 });
      assert.equal([...fixer].join(''), got.ok.text);
      assert.equal(fixer.encoding, got.ok.encoding);
      fixer.free();
    }
  });
});

test('FileFixer counts lines, changed lines, and keeps the first changed ones as examples', () => {
  const lines = ['fine', 'cafÃ©', 'fine too', 'schÃ¶n', '', 'last: Ã©'];
  const text = lines.join('\n');
  const data = Buffer.from(text);
  let offset = 0;
  // A read that returns more than asked: the rest is kept for later.
  const fixer = new ftfy.FileFixer(() => data.subarray(offset, (offset += 7)), { batchBytes: 8 });
  assert.equal(fixer.encoding, null);
  const pieces = [];
  for (let piece = fixer.nextBytes(); piece !== null; piece = fixer.nextBytes()) pieces.push(Buffer.from(piece));
  assert.equal(Buffer.concat(pieces).toString(), ftfy.fixText(text));
  assert.equal(fixer.encoding, 'utf-8');
  assert.equal(fixer.bytesRead, data.length);
  assert.equal(fixer.lines, 6);
  assert.equal(fixer.changedLines, 3);
  assert.deepEqual(fixer.examples, [
    { line: 2, before: 'cafÃ©\n', after: 'café\n' },
    { line: 4, before: 'schÃ¶n\n', after: 'schön\n' },
    { line: 6, before: 'last: Ã©', after: 'last: é' },
  ]);
  fixer.free();
  assert.throws(() => fixer.next(), /^Error: FileFixer: used after free\(\)$/);
});

test('a FileFixer continued with the bytes that follow fixes as one FileFixer would', () => {
  const reader = (bytes) => {
    let offset = 0;
    return (max) => bytes.subarray(offset, (offset += max));
  };
  for (const [first, rest] of [
    ['caf\xe9 &amp;\n<p>\n', 'AT&amp;T caf\xe9\n'],
    ['caf\xe9 &amp;\n', 'AT&amp;T caf\xe9\n'],
  ]) {
    const [a, b] = [Buffer.from(first, 'latin1'), Buffer.from(rest, 'latin1')];
    const one = new ftfy.FileFixer(reader(a), { batchBytes: 5 });
    let text = [...one].join('');
    assert.equal(one.atStartState, !first.includes('<'));
    const two = one.continueWith(reader(b), { batchBytes: 5 });
    text += [...two].join('');
    assert.equal(two.encoding, 'sloppy-windows-1252');
    assert.equal(text, ftfy.fixBytes(Buffer.concat([a, b])).text);
    one.free();
    two.free();
  }
  const fresh = new ftfy.FileFixer(() => new Uint8Array(0));
  assert.throws(() => fresh.continueWith(() => new Uint8Array(0)), /^Error: FileFixer.continueWith: the encoding is not known yet; read a piece first$/);
  assert.throws(() => fresh.continueWith('x'), TypeError);
  fresh.free();
});

test('what the read function throws is thrown again as it was; a wrong value is a TypeError', () => {
  const failure = new Error('disk on fire');
  const failing = new ftfy.FileFixer(() => {
    throw failure;
  });
  assert.throws(() => failing.next(), (error) => error === failure);
  failing.free();
  const wrong = new ftfy.FileFixer(() => 'text');
  assert.throws(() => wrong.next(), (error) => error instanceof TypeError && /read\(maxBytes\) must return a Uint8Array/.test(error.message));
  wrong.free();
});

test("a 10 MB text is fixed, with the crate's answer", () => {
  const lines = sample(4_000, 5);
  let text = '';
  while (text.length < 10_000_000) text += lines.join('\n') + '\n';
  assert.ok(new TextEncoder().encode(text).length > 10_000_000);
  const [expected, expectedExtended] = crateAnswers([
    { function: 'fixText', text },
    { function: 'fixText', text, options: { extendedRecovery: true } },
  ]);
  const fixed = ftfy.fixText(text);
  assert.notEqual(fixed, text);
  assert.ok(fixed === expected.ok, 'the default mode agrees with the crate');
  assert.ok(ftfy.fixText(text, { extendedRecovery: true }) === expectedExtended.ok, 'the extended mode agrees with the crate');
  const { text: fromBytes } = ftfy.fixBytes(Buffer.from(text));
  assert.ok(fromBytes === expected.ok, 'fixBytes agrees');
});
