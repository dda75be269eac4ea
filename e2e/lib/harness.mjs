// Starts the real gamehall binary on a temporary data directory and drives
// Debian's chromium through playwright-core. Screenshots of failed steps go
// to e2e/artifacts/.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const artifacts = join(here, '..', 'artifacts');

// Both ask for reduced motion, which the site honours (no pulsing glow, no
// sliding carousel, shorter game animations): headless Chromium paints in
// software, and one pulsing glow alone kept a core busy at every frame.
export const viewports = {
  desktop: { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
  mobile: {
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// startServer runs `gamehall serve --dev` and resolves once /readyz answers.
export async function startServer({ args = [], env = {} } = {}) {
  const bin = process.env.GAMEHALL_BIN || join(root, 'bin', 'gamehall');
  if (!existsSync(bin)) throw new Error(`${bin} missing: run make build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'gamehall-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(bin, ['serve', '--dev', '--data-dir', dataDir, '--addr', `127.0.0.1:${port}`, ...args], {
    env: { ...process.env, GAMEHALL_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 30000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`gamehall exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`gamehall did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server and one browser for the enclosing test file or describe block:
 * started before its tests, stopped after them. `start` makes the server.
 */
export function serverAndBrowser(start = () => startServer(), browserOptions = {}) {
  const run = { server: undefined, browser: undefined };
  before(async () => {
    run.server = await start();
    run.browser = await launchBrowser(browserOptions);
  });
  after(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}

/**
 * bfcache: keep the back-forward cache, which playwright switches off by
 * default (--disable-back-forward-cache), for journeys that go back to a page.
 */
export async function launchBrowser({ bfcache = false } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    ignoreDefaultArgs: bfcache ? ['--disable-back-forward-cache'] : undefined,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

// inPage opens a fresh context in the viewport, runs fn(page) and saves a
// screenshot named after the step when fn throws.
export async function inPage(browser, viewportName, name, fn) {
  const context = await browser.newContext({ ...viewports[viewportName], locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await fn(page, context);
  } catch (err) {
    mkdirSync(artifacts, { recursive: true });
    const file = join(artifacts, `${name}-${viewportName}.png`.replace(/[^\w.-]+/g, '_'));
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    err.message += `\n(screenshot: ${file}; page errors: ${errors.join(' | ') || 'none'})`;
    throw err;
  } finally {
    await context.close();
  }
}
