// npm run bench: fixText through the package in Node beside the native
// library on the same benchmark texts (benches/inputs.rs, written by the
// root package's examples/throughput.rs), in one run, as MB/s and the
// ratio. Each side runs fix_text on a whole ~1 MB text repeatedly for at
// least a second, as examples/throughput.rs does; the two sides take
// turns for ROUNDS rounds and the best round of each counts, so that a
// busy machine slows both alike.
//
//     npm run bench [-- NAME ...]     (default: the multilingual texts)

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as ftfy from '../js/index.js';
import { ROOT } from '../tests/helpers.mjs';

const ROUNDS = 3;
const names = process.argv.slice(2).length ? process.argv.slice(2) : ['clean_multilingual', 'short_multilingual_1_percent', 'mojibake_1_percent', 'clean_ascii'];
const dir = join(ROOT, 'target', 'bench-inputs');

function cargo(args) {
  return execFileSync('cargo', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Runs `work` until at least a second has passed; returns runs per second. */
function rate(work) {
  const started = performance.now();
  let runs = 0;
  while (runs < 3 || performance.now() - started < 1000) {
    work();
    runs += 1;
  }
  return runs / ((performance.now() - started) / 1000);
}

mkdirSync(dir, { recursive: true });
cargo(['run', '--release', '--quiet', '--example', 'throughput', '--', '--write', dir]);
const best = new Map(names.map((name) => [name, { native: 0, node: 0 }]));
for (let round = 1; round <= ROUNDS; round++) {
  const native = cargo(['run', '--release', '--quiet', '--example', 'throughput', '--', dir, ...names]);
  for (const line of native.trim().split('\n')) {
    const { input, fix_text: speed } = JSON.parse(line);
    best.get(input).native = Math.max(best.get(input).native, speed);
  }
  for (const name of names) {
    const text = readFileSync(join(dir, `${name}.txt`), 'utf8');
    const megabytes = Buffer.byteLength(text) / 1e6;
    let fixed = '';
    const speed = rate(() => {
      fixed = ftfy.fixText(text);
    });
    if (fixed.length === 0) throw new Error('fixText gave nothing');
    best.get(name).node = Math.max(best.get(name).node, speed * megabytes);
  }
  console.error(`round ${round} of ${ROUNDS} done`);
}

console.log('| input | native fix_text | fixText in Node (WebAssembly) | ratio |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, { native, node }] of best) {
  console.log(`| ${name} | ${native.toFixed(0)} MB/s | ${node.toFixed(0)} MB/s | ${(node / native).toFixed(2)} |`);
}
