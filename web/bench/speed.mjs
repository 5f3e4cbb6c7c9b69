// npm run bench: fixText through the package in Node beside the native
// library's fix_text on the same benchmark texts (benches/inputs/,
// written by xtask/src/bin/throughput.rs), in one run.
// Each side fixes each ~1 MB text whole, call after call, for SECONDS
// seconds (web/examples/native_speed.rs natively), and reports the MB/s of
// its fastest call and of all its calls; the two sides take turns for
// ROUNDS rounds and the best round counts. The fastest call is the figure
// that a busy machine (other processes on the cores) disturbs least.
//
//     npm run bench [-- NAME ...]     (default: the multilingual texts, and ASCII)

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import * as ftfy from '../js/index.js';
import { ROOT } from '../tests/helpers.mjs';

const ROUNDS = 3;
const SECONDS = 2;
const names = process.argv.slice(2).length ? process.argv.slice(2) : ['clean_multilingual', 'short_multilingual_1_percent', 'mojibake_1_percent', 'clean_ascii'];
const dir = join(process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target'), 'bench-inputs');

function cargo(args) {
  return execFileSync('cargo', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** fixText on `text` for SECONDS seconds: MB/s of the fastest call, and of all. */
function measure(text) {
  const megabytes = Buffer.byteLength(text) / 1e6;
  const started = performance.now();
  let best = Infinity;
  let calls = 0;
  while (calls < 3 || performance.now() - started < SECONDS * 1000) {
    const call = performance.now();
    if (ftfy.fixText(text).length === 0) throw new Error('fixText gave nothing');
    best = Math.min(best, performance.now() - call);
    calls += 1;
  }
  const mean = (performance.now() - started) / calls;
  return { best: (megabytes / best) * 1000, mean: (megabytes / mean) * 1000 };
}

mkdirSync(dir, { recursive: true });
cargo(['run', '--release', '--quiet', '-p', 'xtask', '--bin', 'throughput', '--', '--write', dir]);
cargo(['build', '--release', '--quiet', '-p', 'ftfy-web', '--example', 'native_speed']);
const zero = () => ({ best: 0, mean: 0 });
const results = new Map(names.map((name) => [name, { native: zero(), node: zero() }]));
const keepBest = (kept, measured) => {
  kept.best = Math.max(kept.best, measured.best);
  kept.mean = Math.max(kept.mean, measured.mean);
};
for (let round = 1; round <= ROUNDS; round++) {
  const native = cargo(['run', '--release', '--quiet', '-p', 'ftfy-web', '--example', 'native_speed', '--', String(SECONDS), dir, ...names]);
  for (const line of native.trim().split('\n')) {
    const { input, best, mean } = JSON.parse(line);
    keepBest(results.get(input).native, { best, mean });
  }
  for (const name of names) {
    keepBest(results.get(name).node, measure(readFileSync(join(dir, `${name}.txt`), 'utf8')));
  }
  console.error(`round ${round} of ${ROUNDS} done`);
}

console.log('| input | native fix_text, fastest call / all calls | fixText in Node, fastest call / all calls | ratio, fastest / all |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, { native, node }] of results) {
  const mbs = ({ best, mean }) => `${best.toFixed(0)} / ${mean.toFixed(0)} MB/s`;
  console.log(`| ${name} | ${mbs(native)} | ${mbs(node)} | ${(node.best / native.best).toFixed(2)} / ${(node.mean / native.mean).toFixed(2)} |`);
}
