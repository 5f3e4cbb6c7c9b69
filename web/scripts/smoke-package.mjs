// Installs the tarball `npm pack` made into a fresh project and uses it as
// a user would: imported in Node, and in a page (the browser entry, which
// fetches the module beside it) served from that project to headless
// Chromium. Exits non-zero on any failure.
//
//   cd web && npm pack && node scripts/smoke-package.mjs ftfy-rs-0.1.0.tgz [DIR]
//
// DIR (default: a new temporary folder) becomes the fresh project. Needs
// Chromium (Debian's `chromium`, or CHROMIUM=path) and this folder's
// playwright-core (npm ci).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const [tarball, dir] = process.argv.slice(2);
if (!tarball) throw new Error('usage: node scripts/smoke-package.mjs TARBALL [DIR]');
const project = dir ? resolve(dir) : mkdtempSync(join(tmpdir(), 'ftfy-rs-smoke-'));
mkdirSync(project, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'smoke', private: true, type: 'module' }));
execFileSync('npm', ['install', '--no-audit', '--no-fund', resolve(tarball)], { cwd: project, stdio: 'inherit' });

const MOJIBAKE = 'âœ” No problems';
const FIXED = '✔ No problems';

// Node: the package's default entry, from the fresh project.
writeFileSync(join(project, 'node.mjs'), `import { fixText, fixAndExplain } from 'ftfy-rs';
if (fixText(${JSON.stringify(MOJIBAKE)}) !== ${JSON.stringify(FIXED)}) throw new Error('fixText');
if (fixAndExplain('schÃ¶n').text !== 'schön') throw new Error('fixAndExplain');
console.log('Node: ' + fixText(${JSON.stringify(MOJIBAKE)}));
`);
execFileSync('node', ['node.mjs'], { cwd: project, stdio: 'inherit' });

// The page: an import map points the bare name at the package's browser
// entry, as a bundler would.
writeFileSync(join(project, 'index.html'), `<!doctype html><meta charset="utf-8">
<script type="importmap">{"imports": {"ftfy-rs": "./node_modules/ftfy-rs/js/browser.js"}}</script>
<script type="module">
import { fixText } from 'ftfy-rs';
document.body.dataset.fixed = fixText(${JSON.stringify(MOJIBAKE)});
</script><body></body>`);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const server = createServer((request, response) => {
  const path = normalize(join(project, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
  if (!path.startsWith(project) || !existsSync(path)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
  response.end(readFileSync(path));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForFunction(() => document.body.dataset.fixed, null, { timeout: 30_000 }).catch(() => {});
  const fixed = await page.evaluate(() => document.body.dataset.fixed);
  if (fixed !== FIXED) throw new Error(`the page got ${JSON.stringify(fixed)}: ${errors.join('; ')}`);
  console.log('page: ' + fixed);
} finally {
  await browser.close();
  server.close();
}
