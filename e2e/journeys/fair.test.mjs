// Provably fair journey in both templates: a visitor's keno session shows
// the server seed's commitment before play, a round is played through the
// play API, the seed is rotated from the round history, and the history's
// verify link opens /fair, which recomputes the round in the browser and
// shows that the seed matches the commitment and the outcome the round.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, serverAndBrowser, inPage } from '../lib/harness.mjs';

async function post(url, path, body) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.equal(json.code, 100, `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

for (const vp of ['desktop', 'mobile']) {
  describe(`provably fair (${vp})`, () => {
    const run = serverAndBrowser();
    test('play, rotate, verify on /fair', async () => {
      const { url } = run.server;
      const launch = await post(url, '/api/demo/play', { site_id: 1, currency: 'USD', device: vp === 'mobile' ? 1 : 0, game_code: 'gh_keno' });
      const session = new URL(launch.game_url, url).searchParams.get('session');
      await inPage(run.browser, vp, 'fair', async (page) => {
        await page.goto(url + launch.game_url);
        // The commitment is shown with the rules, before play.
        const rules = page.getByTestId('rules-panel');
        await rules.waitFor();
        const shown = (await rules.getByTestId('fair-commitment').innerText()).trim();
        assert.match(shown, /^[0-9a-f]{64}$/);
        const info = await post(url, '/games/api/session', { session });
        const round = await post(url, '/games/api/play', {
          session, request_id: `fair-${vp}`, device: vp, choices: { picks: [3, 17, 42, 65], stake: info.limits.stakes[0] },
        });
        assert.equal(round.fair.commitment, shown, 'the round was drawn from the committed seed');
        assert.equal(round.fair.server_seed, undefined, 'the seed stays secret until rotated');
        await rules.getByTestId('rules-start').click();
        await page.getByTestId('history-open').click();
        const panel = page.getByTestId('history-panel');
        await panel.waitFor();
        await panel.getByTestId('history-row').first().waitFor();
        await panel.getByTestId('fair-rotate').click();
        const link = panel.getByTestId('history-verify').first();
        await link.waitFor();
        const href = await link.getAttribute('href');
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, `fair-history-${vp}.png`), fullPage: true });
        assert.match(href, /^\/fair\?game=keno&server_seed=[0-9a-f]{64}&/);
        await page.goto(url + href);
        await page.getByTestId('fair-page').waitFor();
        const commit = page.getByTestId('fair-commit-check');
        await commit.waitFor();
        assert.equal(await commit.getAttribute('data-ok'), 'true');
        assert.equal(await commit.innerText(), 'Matches the commitment');
        const outcome = page.getByTestId('fair-outcome-check');
        assert.equal(await outcome.getAttribute('data-ok'), 'true');
        assert.equal(await outcome.innerText(), 'Matches the recorded result');
        assert.match(await page.getByTestId('fair-outcome').innerText(), new RegExp(round.outcome.drawn.join(', ')));
        await page.screenshot({ path: join(artifacts, `fair-verified-${vp}.png`), fullPage: true });
        // A tampered seed no longer matches.
        await page.getByTestId('fair-server').fill('0'.repeat(64));
        await page.getByTestId('fair-verify').click();
        await page.waitForFunction(() => document.querySelector('[data-testid="fair-commit-check"]')?.getAttribute('data-ok') === 'false');
      });
    });
  });
}
