// FileFixer in Node beside the command on one thread, on the browser
// test's 50 MB Windows-1251 file in extended mode (its encoding guessed),
// in one run: the two take turns for ROUNDS rounds, and each round prints
// both speeds and their ratio.
//
//     node bench/file-speed.mjs

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import * as ftfy from '../js/index.js';
import { ROOT } from '../tests/helpers.mjs';

const ROUNDS = 3;
const FILE_BYTES = 50 * 1024 * 1024;
const targetDir = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
const dir = join(targetDir, 'bench-inputs');
const input = join(dir, 'cyrillic-windows-1251.txt');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

mkdirSync(dir, { recursive: true });
run('cargo', ['run', '--release', '--quiet', '-p', 'ftfy-web', '--example', 'crate_oracle', '--', 'cyrillic-file', input, String(FILE_BYTES)]);
run('cargo', ['build', '--release', '--quiet', '-p', 'ftfy-cli']);
const bytes = readFileSync(input);
const megabytes = bytes.length / 1e6;
for (let round = 1; round <= ROUNDS; round++) {
  let started = performance.now();
  run(join(targetDir, 'release', 'ftfy'), ['-j', '1', '--extended-recovery', '-g', input, '-o', '/dev/null']);
  const command = megabytes / ((performance.now() - started) / 1000);
  started = performance.now();
  let offset = 0;
  const fixer = new ftfy.FileFixer((max) => bytes.subarray(offset, (offset += max)), { extendedRecovery: true });
  while (fixer.nextBytes() !== null);
  if (fixer.encoding !== 'windows-1251') throw new Error(`guessed ${fixer.encoding}`);
  fixer.free();
  const node = megabytes / ((performance.now() - started) / 1000);
  console.log(`round ${round}: command ${command.toFixed(1)} MB/s, FileFixer in Node ${node.toFixed(1)} MB/s, ratio ${(node / command).toFixed(2)}`);
}
