// npm run build: builds the package and the web page from a fresh clone.
//
// 1. the Rust crate web/ for wasm32-unknown-unknown with SIMD (the target
//    is added with rustup when missing), with the workspace's `wasm`
//    profile; then wasm-opt -O3 when binaryen is installed;
// 2. wasm-bindgen's glue for it, into pkg/ (an ES module); wasm-bindgen-cli
//    is installed with `cargo install` at the version Cargo.lock pins for
//    the wasm-bindgen crate when it is missing or another version;
// 3. dist/ftfy.html: the page, one file holding its script, its style and
//    the module (gzip, base64), so that it opens from disk and needs no
//    network once loaded.
//
// Prints what it runs, and the module's size.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const TARGET = 'wasm32-unknown-unknown';
/** Where cargo builds: CARGO_TARGET_DIR, as cargo reads it, or target/. */
const targetDir = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, 'target');
const PROFILE = 'wasm';

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
}

function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: root });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The version of the wasm-bindgen crate that Cargo.lock holds. */
function lockedWasmBindgenVersion() {
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  const match = /\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock);
  if (!match) throw new Error('Cargo.lock holds no wasm-bindgen: is web/ a workspace member?');
  return match[1];
}

function ensureTools() {
  const targets = output('rustup', ['target', 'list', '--installed']);
  if (targets !== null && !targets.split('\n').includes(TARGET)) {
    run('rustup', ['target', 'add', TARGET]);
  }
  const version = lockedWasmBindgenVersion();
  const installed = output('wasm-bindgen', ['--version']);
  if (installed !== `wasm-bindgen ${version}`) {
    console.log(`wasm-bindgen-cli ${version} is needed (found: ${installed ?? 'none'})`);
    // Without default features: they only bring TLS for the test runner's
    // downloads, and take most of the compile time.
    run('cargo', ['install', '--locked', '--version', version, 'wasm-bindgen-cli', '--no-default-features', '--bin', 'wasm-bindgen']);
  }
}

function buildWasm() {
  // WebAssembly's SIMD (in every browser since 2021-2023, and Node 16.4):
  // memchr, simdutf8 and the compiler's own vectorizing use it.
  const env = { ...process.env, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: '-C target-feature=+simd128' };
  run('cargo', ['build', '--profile', PROFILE, '--target', TARGET, '-p', 'ftfy-web', '--lib'], { env });
  let wasm = join(targetDir, TARGET, PROFILE, 'ftfy_web.wasm');
  // Binaryen's optimizer, where it is installed (Debian: binaryen), makes
  // the module 13% smaller (as fast, and about as large gzipped). Before
  // wasm-bindgen: Debian 12's binaryen (108) exports the wrong table of a
  // module with two, as wasm-bindgen's output has.
  if (output('wasm-opt', ['--version']) !== null) {
    const optimized = join(targetDir, TARGET, PROFILE, 'ftfy_web.opt.wasm');
    // The features rustc's wasm32 target and +simd128 use, named: Debian
    // 12's binaryen writes some modules wasm-bindgen cannot read when
    // told --all-features.
    const features = ['simd', 'bulk-memory', 'sign-ext', 'mutable-globals', 'nontrapping-float-to-int', 'reference-types', 'multivalue'];
    run('wasm-opt', ['-O3', ...features.map((feature) => `--enable-${feature}`), wasm, '-o', optimized]);
    wasm = optimized;
  } else {
    console.log('wasm-opt not found (Debian: apt-get install binaryen): the module is as rustc made it');
  }
  const pkg = join(web, 'pkg');
  rmSync(pkg, { recursive: true, force: true });
  const bindgen = ['--no-typescript', '--experimental-reset-state-function', '--out-name', 'ftfy'];
  run('wasm-bindgen', [...bindgen, '--target', 'web', '--out-dir', pkg, wasm]);
  const bytes = readFileSync(join(pkg, 'ftfy_bg.wasm'));
  console.log(`pkg/ftfy_bg.wasm: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} with Node's zlib at level 9 (gzip -9 makes it smaller)`);
  return bytes;
}

/** `source` with each placeholder replaced, which must occur exactly once. */
function fill(source, replacements) {
  for (const [placeholder, value] of Object.entries(replacements)) {
    const parts = source.split(placeholder);
    if (parts.length !== 2) throw new Error(`${placeholder} must occur once in the page template`);
    source = parts.join(value);
  }
  return source;
}

/**
 * The glue as a classic script (the page's scripts run from blob: and
 * inline sources, where ES modules cannot import each other): a global
 * `ftfyGlue` holding what the module exported, `__wbg_init` being its
 * default export.
 */
function glueAsClassicScript() {
  const glue = readFileSync(join(web, 'pkg', 'ftfy.js'), 'utf8');
  const names = [];
  let body = glue.replace(/^export (class|function) (\w+)/gm, (_, kind, name) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  body = body.replace(/^export \{ initSync, __wbg_init as default \};$/m, () => {
    names.push('initSync', '__wbg_init');
    return '';
  });
  if (/^\s*(export|import)\b/m.test(body) || !names.includes('__wbg_init')) {
    throw new Error('pkg/ftfy.js has an import or export this build does not know: check the wasm-bindgen version');
  }
  body = body.replaceAll('import.meta.url', 'self.location.href');
  return `const ftfyGlue = (() => {\n${body}\nreturn { ${names.join(', ')} };\n})();\n`;
}

/** api.js as a classic script: its one export becomes a plain function. */
function apiAsClassicScript() {
  const api = readFileSync(join(web, 'js', 'api.js'), 'utf8');
  const exports = api.match(/^export /gm) ?? [];
  if (exports.length !== 1 || !api.includes('\nexport function makeApi(')) {
    throw new Error('js/api.js must export makeApi and nothing else');
  }
  return api.replace('\nexport function makeApi(', '\nfunction makeApi(');
}

/** Text safe inside a <script> element. */
function scriptText(text) {
  if (/<\/script|<!--/i.test(text)) throw new Error('a script holds </script or <!--');
  return text;
}

function buildPage(wasm) {
  const page = join(web, 'page');
  const read = (path) => readFileSync(path, 'utf8');
  const library = glueAsClassicScript() + apiAsClassicScript();
  const html = fill(read(join(page, 'index.html')), {
    '/*STYLE*/': read(join(page, 'page.css')),
    '/*LIBRARY*/': scriptText(library),
    '/*WORKER*/': scriptText(read(join(page, 'worker.js'))),
    '/*PAGE*/': scriptText(read(join(page, 'page.js'))),
    '/*WASM*/': gzipSync(wasm, { level: 9 }).toString('base64'),
  });
  const dist = join(web, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'ftfy.html'), html);
  console.log(`dist/ftfy.html: ${statSync(join(dist, 'ftfy.html')).size} bytes`);
}

ensureTools();
const wasm = buildWasm();
buildPage(wasm);
