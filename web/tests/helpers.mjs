// Shared by the tests: the crate's own answers (examples/crate_oracle.rs,
// built and run with cargo at test time), the golden cases, the paths.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse as parseToml } from 'smol-toml';

export const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(WEB, '..');
export const OUTPUT = join(WEB, 'test-output');

function cargo(args, input) {
  const result = spawnSync('cargo', args, {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`cargo ${args.join(' ')} failed (${result.status})`);
  return result.stdout;
}

const ORACLE = ['run', '--release', '--quiet', '-p', 'ftfy-web', '--example', 'crate_oracle', '--'];

/** The sample strings the crate's generator makes for `count` and `seed`. */
export function sample(count, seed) {
  return cargo([...ORACLE, 'sample', String(count), String(seed)]).trimEnd().split('\n').map((line) => JSON.parse(line));
}

/**
 * The crate's answers to `requests` ({function, text, options, plan,
 * bytes, encoding}): each `{ok: value}` or `{error: message}`.
 */
export function crateAnswers(requests) {
  if (requests.length === 0) return [];
  const input = requests.map((request) => JSON.stringify(request)).join('\n') + '\n';
  const answers = cargo([...ORACLE, 'answer'], input).trimEnd().split('\n').map((line) => JSON.parse(line));
  if (answers.length !== requests.length) throw new Error(`${requests.length} requests, ${answers.length} answers`);
  return answers;
}

/** Bytes as the oracle takes them. */
export function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** The golden cases of golden/*.toml, each with its file's name. */
export function goldenCases() {
  const golden = join(ROOT, 'golden');
  const cases = [];
  for (const file of readdirSync(golden).filter((name) => name.endsWith('.toml')).sort()) {
    for (const goldenCase of parseToml(readFileSync(join(golden, file), 'utf8')).case ?? []) {
      cases.push({ file, ...goldenCase });
    }
  }
  return cases;
}

/** A golden case's config (ftfy's names) as the package's options. */
export function optionsOf(config = {}) {
  const options = {};
  for (const [name, value] of Object.entries(config)) {
    const camel = name.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());
    if (name === 'unescape_html') options.unescapeHtml = { auto: 'auto', always: true, never: false }[value];
    else if (name === 'normalization') options.normalization = value === 'none' ? null : value;
    else options[camel] = value;
  }
  return options;
}
