// The page (dist/ftfy.html) in headless Chromium, Debian's, driven by
// playwright-core: text fixed as it is pasted, options, the plan and the
// code points, accessibility, no network, and a 50 MB Windows-1251 file
// fixed in extended mode to exactly what the command writes for it, with
// the page answering meanwhile, its memory measured by Chromium, and a
// screenshot. Figures and the screenshot go to test-output/.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import * as ftfy from '../js/index.js';
import { OUTPUT, ROOT, WEB } from './helpers.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PAGE = pathToFileURL(join(WEB, 'dist', 'ftfy.html')).href;
const FILE_BYTES = 50 * 1024 * 1024;

let context;
let userDataDir;
/** Every request any page made: only the page's own file and blob: URLs may be there. */
const requests = [];

before(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM)`);
  if (!existsSync(join(WEB, 'dist', 'ftfy.html'))) throw new Error('dist/ftfy.html is missing: npm run build');
  mkdirSync(OUTPUT, { recursive: true });
  userDataDir = mkdtempSync(join(tmpdir(), 'ftfy-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.on('request', (request) => requests.push(request.url()));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

after(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

async function openPage(query = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(PAGE + query);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true', errors.join('\n'));
  page.errors = errors;
  return page;
}

/** Types `text` into the text box as a paste does (one input event). */
async function paste(page, text) {
  await page.focus('#input');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

const outputText = (page) => page.evaluate(() => [...document.getElementById('output').childNodes].filter((node) => node.nodeName !== 'P').map((node) => node.textContent).join(''));

test('pasted mojibake is fixed at once, with the changes highlighted, and can be copied', async () => {
  const page = await openPage();
  const mojibake = 'The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows.\nÂ¿QuÃ© tal? ÐŸÑ€Ð¸Ð²ÐµÑ‚!';
  await paste(page, mojibake);
  const expected = ftfy.fixText(mojibake);
  assert.equal(expected, "The Mona Lisa doesn't have eyebrows.\n¿Qué tal? Привет!");
  await page.waitForFunction((text) => document.getElementById('output').textContent.startsWith(text), expected);
  assert.equal(await outputText(page), expected);
  const marks = await page.locator('#output mark').allTextContents();
  assert.ok(marks.includes('Привет'), `highlighted: ${JSON.stringify(marks)}`);
  assert.ok(!marks.some((mark) => mark.includes('Mona')), 'unchanged words are not highlighted');
  await page.click('#copy');
  await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
  const status = await page.textContent('#copy-status');
  if (status === 'Copied.') {
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
  } else {
    // Without clipboard permission the fixed text is selected to copy.
    assert.match(status, /^Selected/);
    assert.equal(await page.evaluate(() => window.getSelection().toString().startsWith("The Mona Lisa doesn't")), true);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an option toggled changes the result; extended recovery is one switch, used with the keyboard', async () => {
  const page = await openPage();
  const text = '“Quoted” Ïðèâåò, êàê äåëà?';
  await paste(page, text);
  await page.waitForFunction((fixed) => document.getElementById('output').textContent === fixed, ftfy.fixText(text));
  await page.getByText('Straighten curly quotes').click();
  assert.equal(await page.isChecked('#uncurlQuotes'), false);
  const curly = ftfy.fixText(text, { uncurlQuotes: false });
  assert.notEqual(curly, ftfy.fixText(text));
  await page.waitForFunction((fixed) => document.getElementById('output').textContent === fixed, curly);
  await page.focus('#extendedRecovery');
  await page.keyboard.press('Space');
  assert.equal(await page.isChecked('#extendedRecovery'), true);
  const extended = ftfy.fixText(text, { uncurlQuotes: false, extendedRecovery: true });
  assert.equal(extended, '“Quoted” Привет, как дела?');
  await page.waitForFunction((fixed) => document.getElementById('output').textContent === fixed, extended);
  await page.click('#reset-options');
  await page.waitForFunction((fixed) => document.getElementById('output').textContent === fixed, ftfy.fixText(text));
  assert.equal(await page.isChecked('#extendedRecovery'), false);
  await page.close();
});

test('the plan and the code point table appear, and the plan replays on other text', async () => {
  const page = await openPage();
  await paste(page, 'schÃ¶n');
  await page.waitForFunction(() => document.querySelectorAll('#plan li').length === 2);
  const steps = await page.locator('#plan li code').allTextContents();
  assert.deepEqual(steps, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
  assert.deepEqual(ftfy.fixAndExplain('schÃ¶n').explanation.map(({ action, parameter }) => `('${action}', '${parameter}')`), steps);
  await page.click('#replay summary');
  await page.fill('#replay-input', 'KÃ¶ln');
  await page.waitForFunction(() => document.getElementById('replay-output').textContent === 'Köln');
  await page.fill('#replay-input', 'Köln €');
  await page.waitForFunction(() => document.getElementById('replay-output').classList.contains('error'));
  assert.match(await page.textContent('#replay-output'), /cannot encode '€'/);
  const rows = async () => page.$$eval('#codepoints tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual((await rows())[3], ['U+00F6', 'ö', 'Ll', 'LATIN SMALL LETTER O WITH DIAERESIS']);
  assert.equal((await rows()).length, 5);
  await page.check('input[name="codepoints-of"][value="input"]');
  const input = await rows();
  assert.equal(input.length, 6);
  assert.deepEqual(input[3], ['U+00C3', 'Ã', 'Lu', 'LATIN CAPITAL LETTER A WITH TILDE']);
  // The table is ftfy's explain_unicode, line for line.
  const explained = ftfy.explainUnicode('schÃ¶n').trimEnd().split('\n');
  assert.equal(explained[3].replace(/\s+/g, ' '), input[3].join(' ').replace('Lu', '[Lu]'));
  await page.close();
});

/** WCAG's contrast ratio of two CSS colours. */
function contrast(a, b) {
  const luminance = (css) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('every control has a label, the keyboard reaches them, and text has enough contrast', async () => {
  const page = await openPage();
  const unlabelled = await page.$$eval('input, select, textarea, button', (controls) =>
    controls.filter((control) => !(control.labels?.length || control.getAttribute('aria-label') || (control.tagName === 'BUTTON' && control.textContent.trim()))).map((control) => control.outerHTML),
  );
  assert.deepEqual(unlabelled, []);
  // Tab order: the skip link, then the switch, then the text box.
  const focused = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => document.activeElement.id || document.activeElement.className));
  }
  assert.deepEqual(focused, ['skip', 'extendedRecovery', 'input']);
  // Every control can be reached with Tab.
  const reachable = new Set();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    reachable.add(await page.evaluate(() => document.activeElement.id));
  }
  for (const id of ['copy', 'file', 'encoding', 'uncurlQuotes', 'normalization', 'maxDecodeLength', 'reset-options']) assert.ok(reachable.has(id), `Tab reaches #${id}`);
  const pairs = await page.$$eval('body, .hint, .status, button, mark, .mode, code, a, th', (elements) =>
    elements.map((element) => {
      let background = 'rgba(0, 0, 0, 0)';
      for (let node = element; node && /rgba\(0, 0, 0, 0\)|transparent/.test(background); node = node.parentElement) background = getComputedStyle(node).backgroundColor;
      return [element.tagName + (element.className ? `.${element.className}` : ''), getComputedStyle(element).color, background];
    }),
  );
  for (const [what, color, background] of pairs) {
    assert.ok(contrast(color, background) >= 4.5, `${what}: ${color} on ${background}, ${contrast(color, background).toFixed(2)}:1`);
  }
  await page.close();
});

test('a file dropped on the page is fixed in the worker and offered for download', async () => {
  const page = await openPage();
  const text = 'cafÃ© crÃ¨me\nplain line\nÂ¿QuÃ© tal?\n';
  await page.evaluate((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'notes.txt', { type: 'text/plain' }));
    document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => document.getElementById('file-status').dataset.state === 'done');
  assert.match(await page.textContent('#file-status'), /read as utf-8 \(guessed\).*2 of 3 lines changed/);
  const examples = await page.$$eval('#examples tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(examples, [['1', 'cafÃ© crÃ¨me\n', 'café crème\n'], ['3', 'Â¿QuÃ© tal?\n', '¿Qué tal?\n']]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  assert.equal(download.suggestedFilename(), 'notes.fixed.txt');
  assert.equal(readFileSync(await download.path(), 'utf8'), ftfy.fixBytes(Buffer.from(text)).text);
  await page.close();
});

test('a large file cut in two for two workers gives one text: after a `<` line, its second half is fixed again', { timeout: 300_000 }, async () => {
  // 21.8 MB: HTML in the first half turns entity decoding off for the
  // rest, which the second worker, starting afresh, cannot know.
  const first = 'cafÃ© &amp; crÃ¨me\n'.repeat(400_000) + '<p>a tag</p>\n';
  const second = 'AT&amp;T schÃ¶n\n'.repeat(700_000);
  const bytes = Buffer.from(first + second);
  assert.ok(bytes.length > 16 << 20);
  const path = join(OUTPUT, 'html-halves.txt');
  writeFileSync(path, bytes);
  // Two workers, whatever the cores (the page leaves one core to itself).
  const page = await openPage('?workers=2');
  await page.waitForFunction(() => document.body.dataset.workerReady);
  await page.setInputFiles('#file', path);
  await page.waitForFunction(() => document.getElementById('file-status').dataset.state === 'done', null, { timeout: 240_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const expected = ftfy.fixBytes(bytes);
  assert.equal(expected.encoding, 'utf-8');
  assert.ok(expected.text.endsWith('AT&amp;T schön\n'), 'entities stay after the tag');
  assert.ok(readFileSync(await download.path()).equals(Buffer.from(expected.text)), 'the page gives fixBytes\'s text');
  assert.match(await page.textContent('#file-status'), /1,100,000 of 1,100,001 lines changed/);
  rmSync(path);
  await page.close();
});

/**
 * What the system says of this Chromium's largest renderer process (the
 * page's): its resident memory, and of that the memory of its own (not
 * the shared libraries), in bytes.
 */
function rendererMemory() {
  let largest = { resident: 0, own: 0 };
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('--type=renderer') || !command.includes(userDataDir)) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kilobytes = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]) * 1024;
      if (kilobytes('VmRSS') > largest.resident) largest = { resident: kilobytes('VmRSS'), own: kilobytes('RssAnon') };
    } catch {
      // The process ended meanwhile.
    }
  }
  return largest;
}

/**
 * Chromium's own measurement of the page's memory: the JavaScript heaps
 * of the page and of its worker (CDP's Performance.getMetrics and, in the
 * worker, Runtime.getHeapUsage, with Blink's own heap), plus the memory of
 * the WebAssembly module in each.
 */
async function memoryProbe(page) {
  const session = await context.newCDPSession(page);
  await session.send('Performance.enable');
  const workers = [];
  let nextId = 1;
  const pending = new Map();
  session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => targetInfo.type === 'worker' && workers.push(sessionId));
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    pending.get(reply.id)?.(reply.result);
    pending.delete(reply.id);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const ask = (sessionId, method) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => resolve(null));
      setTimeout(() => resolve(null), 2000);
    });
  return async () => {
    const metrics = Object.fromEntries((await session.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, value]));
    let worker = 0;
    for (const sessionId of workers) {
      const usage = await ask(sessionId, 'Runtime.getHeapUsage');
      if (usage) worker += usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);
    }
    const wasm = await page.evaluate(() => Number(document.body.dataset.wasmMemoryBytes ?? 0) + Number(document.getElementById('file-status').dataset.wasmMemoryBytes ?? 0));
    return { pageHeap: metrics.JSHeapUsedSize, workerHeap: worker, wasm, total: metrics.JSHeapUsedSize + worker + wasm };
  };
}

test('a 50 MB Windows-1251 file, in extended mode: the command\'s answer, the page answering meanwhile, memory bounded', { timeout: 600_000 }, async () => {
  const input = join(OUTPUT, 'cyrillic-windows-1251.txt');
  const expected = join(OUTPUT, 'cyrillic-windows-1251.command.txt');
  const cargo = (args) => {
    const result = spawnSync('cargo', args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    assert.equal(result.status, 0, `cargo ${args.join(' ')}`);
  };
  cargo(['run', '--release', '--quiet', '-p', 'ftfy-web', '--example', 'crate_oracle', '--', 'cyrillic-file', input, String(FILE_BYTES)]);
  cargo(['build', '--release', '--quiet', '-p', 'ftfy-cli']);
  // The command on one thread, as the page's one worker: timed for the figures.
  const commandStarted = performance.now();
  const targetDir = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
  const command = spawnSync(join(targetDir, 'release', 'ftfy'), ['-j', '1', '--extended-recovery', '-g', input, '-o', expected], { stdio: 'inherit' });
  const commandSeconds = (performance.now() - commandStarted) / 1000;
  assert.equal(command.status, 0);

  const page = await openPage(process.env.PAGE_QUERY ?? '');
  await page.check('#extendedRecovery');
  const measure = await memoryProbe(page);
  // The main thread's longest gap between timer ticks, while the file is fixed.
  await page.evaluate(() => {
    window.longestGap = 0;
    let last = performance.now();
    // The page itself notes a progress bar partly filled: the test's own
    // samples below come a second apart while it measures memory.
    window.progressSeen = false;
    window.gapTimer = setInterval(() => {
      const now = performance.now();
      window.longestGap = Math.max(window.longestGap, now - last);
      last = now;
      const progress = document.getElementById('progress').value;
      if (document.getElementById('file-status').dataset.state === 'working' && progress > 0 && progress < 1) {
        window.progressSeen = true;
      }
    }, 10);
  });
  // Cancelled midway, the worker stops and a fresh one takes its place.
  await page.setInputFiles('#file', input);
  await page.waitForFunction(() => document.getElementById('progress').value > 0);
  await page.click('#cancel');
  assert.equal(await page.$eval('#file-status', (element) => element.dataset.state), 'cancelled');
  assert.equal(await page.isHidden('#file-progress'), true);
  await page.setInputFiles('#file', []);

  await page.setInputFiles('#file', input);
  await page.waitForFunction(() => document.getElementById('file-status').dataset.state === 'working');
  await page.evaluate(() => { window.progressSeen = false; });
  const answers = [];
  const memory = { pageHeap: 0, workerHeap: 0, wasm: 0, total: 0, rendererResident: 0, rendererOwn: 0 };
  // Asking the page and measuring memory run side by side: a worker busy
  // fixing answers the memory probe only between pieces.
  let working = true;
  const asking = (async () => {
    while (working) {
      const asked = performance.now();
      const state = await page.evaluate(() => document.getElementById('file-status').dataset.state);
      answers.push(performance.now() - asked);
      if (state !== 'working') working = false;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  do {
    const sample = await measure();
    for (const key of Object.keys(sample)) memory[key] = Math.max(memory[key], sample[key]);
    const renderer = rendererMemory();
    memory.rendererResident = Math.max(memory.rendererResident, renderer.resident);
    memory.rendererOwn = Math.max(memory.rendererOwn, renderer.own);
  } while (working);
  await asking;
  const [longestGap, progressSeen] = await page.evaluate(() => {
    clearInterval(window.gapTimer);
    return [window.longestGap, window.progressSeen];
  });
  const status = await page.$eval('#file-status', (element) => ({ text: element.textContent, ...element.dataset }));
  assert.equal(status.state, 'done', status.text);
  assert.match(status.text, /read as windows-1251 \(guessed\)/);
  // The page typed into meanwhile answers too: the text box is live.
  await paste(page, 'cafÃ©');
  await page.waitForFunction(() => document.getElementById('output').textContent === 'café');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const downloaded = readFileSync(await download.path());
  assert.ok(downloaded.length > FILE_BYTES, `${downloaded.length} bytes downloaded`);
  assert.ok(downloaded.equals(readFileSync(expected)), "the page's file is the command's, byte for byte");

  await page.screenshot({ path: join(OUTPUT, 'page.png'), fullPage: true });
  const seconds = Number(status.seconds);
  const figures = {
    file: { bytes: Number(status.bytes), seconds, megabytesPerSecond: Number(status.bytes) / 1e6 / seconds },
    command: { threads: 1, seconds: commandSeconds, megabytesPerSecond: Number(status.bytes) / 1e6 / commandSeconds },
    responsiveness: { longestTimerGapMs: longestGap, slowestAnswerMs: Math.max(...answers), answers: answers.length },
    memoryPeakBytes: memory,
    status: status.text,
  };
  writeFileSync(join(OUTPUT, 'browser-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures));
  assert.ok(progressSeen, 'the progress bar moved');
  assert.ok(answers.length >= 5, `the page was asked ${answers.length} times while it worked`);
  assert.ok(longestGap < 100, `the main thread was busy for ${longestGap.toFixed(0)} ms at a stretch`);
  assert.ok(memory.total < 300e6, `Chromium measured ${(memory.total / 1e6).toFixed(0)} MB`);
  assert.ok(memory.rendererOwn < 300e6, `the page's process held ${(memory.rendererOwn / 1e6).toFixed(0)} MB of its own`);
  rmSync(input);
  rmSync(expected);
  await page.close();
});

test('the page loads nothing from the network: it is one file', () => {
  const foreign = requests.filter((url) => url.split('?')[0] !== PAGE && !url.startsWith('blob:'));
  assert.deepEqual(foreign, []);
  assert.ok(requests.includes(PAGE));
});
