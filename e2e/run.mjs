// Runs the journey files in three lanes, each lane one file at a time, the
// longest files first (the remote provider's journey waits a minute per
// viewport for the site's reality-check interval; the launch states, the
// members' journeys and each half of the eleven languages per template take
// two minutes or more), then the rest by name as lanes come free. With
// reduced motion the browser left the two cores idle 43% of the time in two
// lanes. Each file's report is printed whole when it ends, so the lanes never
// interleave. E2E_LANES=1 runs them one by one.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

// By the seconds of the CI run of 2026-12-07 (203 to 127 s; the rest 112 s or less).
const LONGEST = [
  'launch.test.mjs',
  'remote.test.mjs',
  'locales-desktop-2.test.mjs',
  'locales-desktop-1.test.mjs',
  'realplay.test.mjs',
  'members.test.mjs',
  'bonus.test.mjs',
  'locales-mobile-1.test.mjs',
  'locales-mobile-2.test.mjs',
];
const LANES = Math.max(1, Number(process.env.E2E_LANES) || 3);
const files = readdirSync('journeys').filter((f) => f.endsWith('.test.mjs')).sort();
const queue = [...LONGEST.filter((f) => files.includes(f)), ...files.filter((f) => !LONGEST.includes(f))];

function run(file) {
  return new Promise((resolve) => {
    const args = ['--test', '--test-concurrency=1', '--test-timeout=240000', `journeys/${file}`];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(out).toString() }));
  });
}

const failed = [];
async function lane() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const started = Date.now();
    const { code, out } = await run(file);
    process.stdout.write(`\n# ${file} (${Math.round((Date.now() - started) / 1000)} s)\n${out}`);
    if (code !== 0) failed.push(file);
  }
}

await Promise.all(Array.from({ length: LANES }, lane));
if (failed.length) process.stdout.write(`\n# failed: ${failed.join(', ')}\n`);
process.exit(failed.length ? 1 : 0);
