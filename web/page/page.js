// The page: fixes the text box as you type (on this thread: a keystroke's
// text is small), shows the plan and the code points, and fixes files in a
// Web Worker. Runs after the library script (ftfyGlue, makeApi).
'use strict';

const $ = (id) => document.getElementById(id);

/** Text longer than this is shown cut, and not diffed token by token. */
const SHOWN_CHARS = 200_000;
/** The code point table shows at most this many rows. */
const TABLE_ROWS = 500;
/** Diffs needing more edits than this highlight the whole changed middle. */
const DIFF_BUDGET = 1_000;

/** What each boolean option does, for its label. */
const OPTION_LABELS = {
  fixEncoding: ['Fix mojibake', 'undo text decoded with the wrong encoding'],
  restoreByteA0: ['Restore lost no-break spaces', 'a space may stand for byte A0 in mojibake (voilÃ le → voilà le)'],
  replaceLossySequences: ['Fix mojibake with lost bytes', 'damaged sequences become one �'],
  decodeInconsistentUtf8: ['Fix mojibake inside other text', 'e.g. one pasted line in a correct paragraph'],
  fixC1Controls: ['Replace C1 control characters', 'with the Windows-1252 characters they were'],
  removeTerminalEscapes: ['Remove terminal escapes', 'such as the codes that color text'],
  fixLatinLigatures: ['Separate ligatures', 'ﬁ → fi'],
  fixCharacterWidth: ['Narrow full-width letters', 'ＬＯＵＤ → LOUD, and half-width katakana'],
  uncurlQuotes: ['Straighten curly quotes', '“ ” ‘ ’ → " \''],
  fixLineBreaks: ['Unify line breaks', 'CRLF, CR, U+2028 … → \\n'],
  fixSurrogates: ['Fix surrogates', 'lone UTF-16 surrogates → �'],
  removeControlChars: ['Remove invisible control characters', 'and the byte-order mark'],
  explain: ['Explain', 'build the plan shown above'],
};

/** What a plan step does, by action, for the plan's list. */
const ACTION_TEXT = {
  encode: (name) => `Encode the text as ${name}, getting back the bytes it was wrongly read from`,
  decode: (name) => `Decode those bytes as ${name}`,
  transcode: (name) => `Repair the bytes or text: ${name}`,
  apply: (name) => `Apply the fix ${name}`,
  normalize: (name) => `Normalize to ${name}`,
};

let ftfy = null;
/** Counts the files asked for (a cancel counts too): a result for an earlier one is dropped. */
let fileRun = 0;
/** Numbers the workers' jobs. */
let jobCount = 0;
let downloadUrl = null;
let fileName = '';

async function loadModule() {
  const gzipped = Uint8Array.from(atob($('module').textContent.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  return WebAssembly.compile(await new Response(stream).arrayBuffer());
}

/** The options the controls say. */
function currentOptions() {
  const options = {};
  for (const name of Object.keys(ftfy.DEFAULT_OPTIONS)) {
    const control = $(name);
    if (control?.type === 'checkbox') options[name] = control.checked;
  }
  options.unescapeHtml = { auto: 'auto', true: true, false: false }[$('unescapeHtml').value];
  const normalization = $('normalization').value;
  options.normalization = normalization === 'none' ? null : normalization;
  const length = Number($('maxDecodeLength').value);
  options.maxDecodeLength = Number.isInteger(length) && length >= 1 ? length : ftfy.DEFAULT_OPTIONS.maxDecodeLength;
  return options;
}

function buildOptionControls() {
  const container = $('options');
  for (const [name, value] of Object.entries(ftfy.DEFAULT_OPTIONS)) {
    if (typeof value !== 'boolean' || name === 'extendedRecovery') continue;
    const [title, help] = OPTION_LABELS[name] ?? [name, ''];
    const label = document.createElement('label');
    label.className = 'option';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = name;
    const text = document.createElement('span');
    text.innerHTML = `<strong></strong> <span class="hint"></span> <code></code>`;
    text.querySelector('strong').textContent = title;
    text.querySelector('.hint').textContent = help;
    text.querySelector('code').textContent = name;
    label.append(box, text);
    container.append(label);
  }
  resetOptions();
}

function resetOptions() {
  const defaults = ftfy.DEFAULT_OPTIONS;
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value === 'boolean') $(name).checked = value;
  }
  $('unescapeHtml').value = String(defaults.unescapeHtml);
  $('normalization').value = defaults.normalization ?? 'none';
  $('maxDecodeLength').value = String(defaults.maxDecodeLength);
}

/** Words, runs of spaces, and single other characters: the diff's units. */
function tokens(text) {
  return text.match(/[\p{L}\p{M}\p{N}]+|[^\S\n]+|\n|[^]/gu) ?? [];
}

/**
 * Which tokens of `after` are new, by Myers' O(ND) diff against `before`
 * (a 1 in the returned array), or null when they differ in more than
 * `budget` tokens.
 */
function changedTokens(before, after, budget) {
  const n = before.length;
  const m = after.length;
  const max = Math.min(n + m, budget);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // The furthest x on each diagonal before each round, diagonals -d-1..d+1.
  const trace = [];
  for (let d = 0; d <= max; d++) {
    trace.push({ base: offset - d - 1, x: v.slice(offset - d - 1, offset + d + 2) });
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && before[x] === after[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, offset, n, m);
    }
  }
  return null;
}

/** Walks the diff's trace back, marking the tokens of `after` inserted. */
function backtrack(trace, depth, offset, n, m) {
  const inserted = new Uint8Array(m);
  let x = n;
  let y = m;
  for (let d = depth; d > 0; d--) {
    const round = trace[d];
    const at = (k) => round.x[offset + k - round.base];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    if (down) inserted[previousY] = 1;
    x = previousX;
    y = previousY;
  }
  return inserted;
}

/** Shows `fixed` with what differs from `original` in <mark>s. */
function renderOutput(original, fixed) {
  const output = $('output');
  output.replaceChildren();
  const shown = fixed.length > SHOWN_CHARS ? fixed.slice(0, SHOWN_CHARS) : fixed;
  const before = original.slice(0, SHOWN_CHARS);
  let prefix = 0;
  while (prefix < shown.length && prefix < before.length && shown[prefix] === before[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shown.length - prefix && suffix < before.length - prefix && shown[shown.length - 1 - suffix] === before[before.length - 1 - suffix]) suffix++;
  output.append(shown.slice(0, prefix));
  const middle = shown.slice(prefix, shown.length - suffix);
  const beforeTokens = tokens(before.slice(prefix, before.length - suffix));
  const afterTokens = tokens(middle);
  const inserted = original === fixed ? new Uint8Array(0) : changedTokens(beforeTokens, afterTokens, DIFF_BUDGET);
  if (inserted === null) {
    output.append(mark(middle));
  } else {
    let run = '';
    let runChanged = false;
    afterTokens.forEach((token, index) => {
      const changed = inserted[index] === 1;
      if (changed !== runChanged && run) {
        output.append(runChanged ? mark(run) : run);
        run = '';
      }
      run += token;
      runChanged = changed;
    });
    if (run) output.append(runChanged ? mark(run) : run);
  }
  output.append(shown.slice(shown.length - suffix));
  if (shown.length < fixed.length) {
    const note = document.createElement('p');
    note.className = 'status';
    note.textContent = `Showing the first ${SHOWN_CHARS.toLocaleString('en')} characters; Copy copies all of it.`;
    output.append(note);
  }
  const changes = output.querySelectorAll('mark').length;
  $('input-status').textContent = original === fixed ? 'Nothing to fix.' : `${changes} ${changes === 1 ? 'change' : 'changes'} (highlighted).`;
}

function mark(text) {
  const element = document.createElement('mark');
  element.textContent = text;
  return element;
}

let currentPlan = [];

function renderPlan(explained, fixedByLine) {
  const list = $('plan');
  list.replaceChildren();
  currentPlan = explained.explanation ?? [];
  for (const { action, parameter } of currentPlan) {
    const item = document.createElement('li');
    item.textContent = `${(ACTION_TEXT[action] ?? ((name) => `${action} ${name}`))(parameter)} `;
    const code = document.createElement('code');
    code.textContent = `('${action}', '${parameter}')`;
    item.append(code);
    list.append(item);
  }
  let status = '';
  if (explained.explanation === null) status = 'The option “Explain” is off.';
  else if (currentPlan.length === 0) status = 'No step: the text needed no fix.';
  if (explained.text !== fixedByLine) {
    status += ' (This is the plan for the whole text as one piece; the fixed text above fixes each line on its own.)';
  }
  $('plan-empty').textContent = status.trim();
  renderReplay();
}

function renderReplay() {
  const output = $('replay-output');
  output.classList.remove('error');
  try {
    output.textContent = ftfy.applyPlan($('replay-input').value, currentPlan);
  } catch (error) {
    output.textContent = error.message;
    output.classList.add('error');
  }
}

function renderCodepoints(original, fixed) {
  const which = document.querySelector('input[name="codepoints-of"]:checked').value;
  const text = which === 'input' ? original : fixed;
  const characters = Array.from(text.slice(0, 4 * TABLE_ROWS)).slice(0, TABLE_ROWS);
  const body = $('codepoints').tBodies[0];
  body.replaceChildren();
  for (const line of ftfy.explainUnicode(characters.join('')).split('\n')) {
    // "U+00E9  é       [Ll] LATIN SMALL LETTER E WITH ACUTE"
    const parsed = /^(U\+[0-9A-F]+) {2}(.+?) *\[(\w\w)\] (.*)$/.exec(line);
    if (!parsed) continue;
    const row = body.insertRow();
    for (const cell of parsed.slice(1)) row.insertCell().textContent = cell;
  }
  const total = Array.from(text).length;
  $('codepoints-caption').textContent = `${which === 'input' ? 'The text to fix' : 'The fixed text'}: ${total.toLocaleString('en')} code points${total > TABLE_ROWS ? `, the first ${TABLE_ROWS} shown` : ''}.`;
}

let lastTexts = ['', ''];

function update() {
  const original = $('input').value;
  const options = currentOptions();
  let fixed;
  try {
    fixed = ftfy.fixText(original, options);
  } catch (error) {
    $('input-status').textContent = error.message;
    return;
  }
  lastTexts = [original, fixed];
  renderOutput(original, fixed);
  renderPlan(ftfy.fixAndExplain(original, options), fixed);
  renderCodepoints(original, fixed);
  document.body.dataset.wasmMemoryBytes = ftfyGlue.module_memory().buffer.byteLength;
}

let pending = null;

/** Fixes at once while the text is small, otherwise once typing pauses. */
function scheduleUpdate() {
  clearTimeout(pending);
  if ($('input').value.length < 20_000) update();
  else pending = setTimeout(update, 150);
}

async function copyOutput() {
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(lastTexts[1]);
    status.textContent = 'Copied.';
  } catch {
    // Without clipboard permission (a file opened from disk, say), select
    // the text for the user to copy.
    const selection = window.getSelection();
    selection.selectAllChildren($('output'));
    status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Files this large are cut in two and fixed by two workers at once. */
const SPLIT_BYTES = 16 << 20;
/** Encodings whose byte 0A is always a line feed, which can be cut after one. */
const UNCUTTABLE = /^(utf-16|iso-2022|utf-7|hz-gb|replacement)/i;

/** A worker with the library, and the jobs it runs, by id. */
function startWorker(module) {
  const source = [$('library').textContent, $('worker-source').textContent].join('\n');
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  worker.jobs = new Map();
  worker.ready = new Promise((resolve) => {
    worker.onmessage = (event) => {
      if (event.data.type === 'ready') {
        worker.onmessage = ({ data }) => worker.jobs.get(data.id)?.(data);
        resolve();
      }
    };
  });
  worker.postMessage({ type: 'init', module });
  return worker;
}

let workers = [];

/**
 * How many file workers: one core is left to the page, so that it answers
 * at once however busy the workers are; at most two, at least one. The
 * address may ask for a number (`ftfy.html?workers=2`).
 */
function workerCount() {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1 && asked <= 4) return asked;
  return Math.min(2, Math.max(1, (navigator.hardwareConcurrency || 1) - 1));
}

function startWorkers(module) {
  delete document.body.dataset.workerReady;
  const count = workerCount();
  workers = Array.from({ length: count }, () => startWorker(module));
  Promise.all(workers.map((worker) => worker.ready)).then(() => {
    document.body.dataset.workerReady = 'true';
  });
}

/**
 * Runs a job (a range of the file, or the continuation of a kept fixer) on
 * a worker; `onProgress` gets its progress. Resolves with its result.
 */
function runJob(worker, message, onProgress) {
  jobCount += 1;
  const id = jobCount;
  return new Promise((resolve, reject) => {
    worker.jobs.set(id, (data) => {
      if (data.type === 'progress') {
        onProgress(data);
        return;
      }
      worker.jobs.delete(id);
      if (data.type === 'done') resolve(data);
      else reject(Object.assign(new Error(data.message), { offset: data.offset }));
    });
    worker.postMessage({ ...message, id });
  });
}

/**
 * Where to cut `file` in two: just after a line feed near its middle, or
 * null. Never in extended recovery, which judges the file's lines in
 * windows counted from its start: a cut elsewhere than a window's end
 * would judge the lines around it otherwise than one pass does.
 */
async function cutPoint(file, options) {
  if (workers.length < 2 || file.size < SPLIT_BYTES || options.extendedRecovery) return null;
  const middle = Math.floor(file.size / 2);
  const near = new Uint8Array(await file.slice(middle, middle + (1 << 16)).arrayBuffer());
  const newline = near.indexOf(0x0a);
  return newline < 0 ? null : middle + newline + 1;
}

/** The results of consecutive ranges, as one. */
function joined(first, second) {
  const examples = [...first.examples, ...second.examples.map((example) => ({ ...example, line: example.line + first.lines }))];
  return {
    ...second,
    bytesRead: first.bytesRead + second.bytesRead,
    lines: first.lines + second.lines,
    changedLines: first.changedLines + second.changedLines,
    examples: examples.slice(0, 5),
    encoding: first.encoding,
    blob: new Blob([first.blob, second.blob], { type: first.blob.type }),
  };
}

/**
 * Fixes `file`: on one worker, or cut in two at a line's start, the first
 * half on one worker and, once its encoding is known, the second half on
 * the other, from the state a text starts in. The first worker keeps its
 * fixer: if its half did not end in that state (a line with `<` in
 * 'auto' HTML mode), the second half's result is dropped and the first
 * worker continues its own fixer over the second half, so the file is
 * always fixed as one text.
 */
async function fixParts(file, options, encoding, onProgress) {
  const cut = await cutPoint(file, options);
  const whole = { type: 'file', file, options, encoding, start: 0 };
  if (cut === null) return runJob(workers[0], { ...whole, end: file.size }, (data) => onProgress([data]));
  const read = [null, null];
  let secondHalf = null;
  let startSecond;
  const encodingKnown = new Promise((resolve) => {
    startSecond = resolve;
  });
  const firstHalf = runJob(workers[0], { ...whole, end: cut, keep: true }, (data) => {
    read[0] = data;
    if (data.encoding) startSecond(data.encoding);
    onProgress(read);
  });
  const known = await Promise.race([encodingKnown, firstHalf.then((result) => result.encoding)]);
  if (known && !UNCUTTABLE.test(known)) {
    secondHalf = runJob(workers[1], { type: 'file', file, options, encoding: known, start: cut, end: file.size }, (data) => {
      read[1] = data;
      onProgress(read);
    });
  }
  // The second half's result (or error) counts only if the first half's
  // does, and its end state lets it.
  secondHalf?.catch(() => {});
  const first = await firstHalf;
  if (secondHalf && first.atStartState) {
    const second = await secondHalf;
    workers[0].postMessage({ type: 'release' });
    return joined(first, second);
  }
  read[1] = null;
  const rest = await runJob(workers[0], { type: 'continue', file, start: cut, end: file.size }, (data) => {
    read[1] = data;
    onProgress(read);
  });
  return joined(first, rest);
}

async function fixFile(file) {
  fileRun += 1;
  const run = fileRun;
  fileName = file.name;
  $('file-result').hidden = true;
  $('file-progress').hidden = false;
  $('progress').value = 0;
  $('progress-label').textContent = `Reading ${file.name}`;
  const status = $('file-status');
  status.textContent = '';
  status.dataset.state = 'working';
  await Promise.all(workers.map((worker) => worker.ready));
  if (run !== fileRun) return;
  const started = performance.now();
  const options = currentOptions();
  const onProgress = (parts) => {
    const done = parts.filter(Boolean);
    const bytes = done.reduce((sum, part) => sum + part.bytesRead, 0);
    $('progress').value = file.size ? bytes / file.size : 0;
    const lines = done.reduce((sum, part) => sum + part.lines, 0);
    const changed = done.reduce((sum, part) => sum + part.changedLines, 0);
    status.textContent = `Read ${megabytes(bytes)} of ${megabytes(file.size)}; ${changed.toLocaleString('en')} of ${lines.toLocaleString('en')} lines changed so far.`;
    status.dataset.wasmMemoryBytes = done.reduce((sum, part) => sum + part.wasmMemoryBytes, 0);
  };
  try {
    const result = await fixParts(file, options, $('encoding').value, onProgress);
    if (run !== fileRun) return;
    $('progress').value = 1;
    $('file-progress').hidden = true;
    showResult({ ...result, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    if (run !== fileRun) return;
    $('file-progress').hidden = true;
    status.dataset.state = 'error';
    status.textContent = `Could not read ${fileName}: ${error.message}.${error.offset === null ? '' : ' Choose its encoding above, or turn on extended recovery to guess more encodings.'}`;
  }
}

function showResult(message) {
  const status = $('file-status');
  const rate = message.bytesRead / 1e6 / message.seconds;
  Object.assign(status.dataset, { state: 'done', seconds: message.seconds, bytes: message.bytesRead, wasmMemoryBytes: message.wasmMemoryBytes });
  const guessed = $('encoding').value === '' ? ' (guessed)' : '';
  status.textContent = `${megabytes(message.bytesRead)} read as ${message.encoding}${guessed} and fixed in ${message.seconds.toFixed(2)} s (${rate.toFixed(0)} MB/s): ` + `${message.changedLines.toLocaleString('en')} of ${message.lines.toLocaleString('en')} lines changed.`;
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(message.blob);
  const link = $('download');
  link.href = downloadUrl;
  const name = fileName;
  const dot = name.lastIndexOf('.');
  link.download = dot > 0 ? `${name.slice(0, dot)}.fixed${name.slice(dot)}` : `${name}.fixed.txt`;
  link.textContent = `Download the fixed file (${megabytes(message.blob.size)}, UTF-8)`;
  const body = $('examples').tBodies[0];
  body.replaceChildren();
  for (const example of message.examples) {
    const row = body.insertRow();
    row.insertCell().textContent = String(example.line);
    row.insertCell().textContent = example.before;
    row.insertCell().textContent = example.after;
  }
  $('examples').hidden = message.examples.length === 0;
  $('file-result').hidden = false;
}

function cancelFile(module) {
  for (const worker of workers) worker.terminate();
  fileRun += 1;
  $('file-progress').hidden = true;
  $('file-status').dataset.state = 'cancelled';
  $('file-status').textContent = 'Cancelled.';
  startWorkers(module);
}

function connectFileControls(module) {
  $('file').addEventListener('change', (event) => {
    const [file] = event.target.files;
    if (file) fixFile(file);
  });
  const drop = $('drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    const [file] = event.dataTransfer.files;
    if (file) fixFile(file);
  });
  $('cancel').addEventListener('click', () => cancelFile(module));
}

async function main() {
  const module = await loadModule();
  const exports = await ftfyGlue.__wbg_init({ module_or_path: module });
  // For whoever measures the page's memory: this thread's module's.
  document.body.dataset.wasmMemoryBytes = exports.memory.buffer.byteLength;
  ftfy = makeApi(ftfyGlue);
  buildOptionControls();
  startWorkers(module);
  connectFileControls(module);
  $('input').addEventListener('input', scheduleUpdate);
  $('replay-input').addEventListener('input', renderReplay);
  $('copy').addEventListener('click', copyOutput);
  for (const control of document.querySelectorAll('#options input, .options-more select, .options-more input, #extendedRecovery')) {
    control.addEventListener('change', update);
  }
  for (const radio of document.querySelectorAll('input[name="codepoints-of"]')) {
    radio.addEventListener('change', () => renderCodepoints(...lastTexts));
  }
  $('reset-options').addEventListener('click', () => {
    resetOptions();
    $('extendedRecovery').checked = false;
    update();
  });
  update();
  document.body.dataset.ready = 'true';
}

main().catch((error) => {
  $('input-status').textContent = `The page could not start: ${error.message}`;
  document.body.dataset.ready = 'failed';
});
