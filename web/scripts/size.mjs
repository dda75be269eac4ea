// Prints the gzipped size of the JavaScript the lobby (/) loads before it can
// run: the built index.html's module scripts and modulepreloads, plus every
// chunk they import statically. Dynamic import() chunks (lazy routes, modals,
// locales) are not counted. Used by `make bench`; budget 180 KB.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] ?? join(here, '..', '..', 'internal', 'web', 'dist');
const BUDGET = 180 * 1024;

const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`${indexPath} missing: run npm run build first`);
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');

const entries = new Set();
for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) entries.add(m[1]);
for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) entries.add(m[1]);

// Static imports in minified output: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
function visit(url) {
  const rel = url.replace(/^\//, '');
  if (seen.has(rel)) return;
  const file = join(dist, rel);
  if (!existsSync(file)) return;
  const code = readFileSync(file);
  seen.set(rel, gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length);
  for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    const spec = m[1];
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
    visit(spec.startsWith('/') ? spec : posix.join(posix.dirname('/' + rel), spec));
  }
}
for (const e of entries) visit(e);

let total = 0;
for (const [file, size] of [...seen].sort((a, b) => b[1] - a[1])) {
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const pct = ((total / BUDGET) * 100).toFixed(0);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  gzipped JavaScript loaded by / (${total} bytes, ${pct}% of the 180 KB budget)`);
