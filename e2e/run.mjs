// Runs the journeys in two lanes, each one file at a time: the remote
// provider's journey, which spends a minute in each viewport waiting for the
// site's reality-check interval to run, beside all the others. The second
// lane's report is printed when it ends, so the two never interleave.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

const WAITING = ['remote.test.mjs'];
const files = readdirSync('journeys').filter((f) => f.endsWith('.test.mjs')).sort();
const lanes = [files.filter((f) => !WAITING.includes(f)), files.filter((f) => WAITING.includes(f))];

function run(list, buffered) {
  return new Promise((resolve) => {
    const args = ['--test', '--test-concurrency=1', '--test-timeout=240000', ...list.map((f) => `journeys/${f}`)];
    const child = spawn(process.execPath, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (buffered) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, out: Buffer.concat(out).toString() }));
  });
}

const [main, waiting] = await Promise.all(lanes.map((list, i) => (list.length ? run(list, i > 0) : { code: 0, out: '' })));
if (waiting.out) process.stdout.write(`\n# lane 2: ${lanes[1].join(', ')}\n${waiting.out}`);
process.exit(main.code || waiting.code);
