// Reality check and account history (issue 14) in both templates: the demo
// member plays a real-money round of Fortune Reels; once their interval of
// play has passed the next spin shows the reality check (elapsed time and
// net position) instead of playing, and acknowledging it plays on; the
// lobby's launch shows the same check. Then the member opens the account
// history, sees the round's bet, and downloads it as CSV.
//
// The binary has no clock hook: the journey moves the member's running
// interval into the past in the SQLite file (reality_checks.checked_at and
// last_play_at), which is exactly what 16 minutes of play would have done.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser } from '../lib/harness.mjs';
import { home, login } from '../lib/site.mjs';
import { closeGame, inGameWindow, readRulesAndStart, REAL_MONEY, settled } from '../lib/games.mjs';

const SLOT = 'gh_slot_fortune';
const HOUSE_GP = 1;

/** Sixteen minutes of play pass for every member with a running spell. */
function playSixteenMinutes(dataDir) {
  const file = readdirSync(dataDir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'));
  assert.ok(file, `no SQLite file in ${readdirSync(dataDir)}`);
  const shift = 16 * 60 * 1_000_000;
  execFileSync('sqlite3', [
    '-cmd',
    '.timeout 5000',
    join(dataDir, file),
    `UPDATE reality_checks SET started_at = started_at - ${shift}, checked_at = checked_at - ${shift} WHERE started_at > 0`,
  ]);
}

/** A member call with the page's own token, as the client makes it. */
function memberCall(page, path, body = {}) {
  return page.evaluate(
    async ([path, body]) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    [path, body],
  );
}

async function openSlot(page, context, vp) {
  await page.getByTestId('game-type-tab-2').click();
  await page.getByTestId('game-type-card-2').click();
  await page.getByTestId('slot-list').waitFor();
  await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
  const play = page.getByTestId(`game-play-${SLOT}`);
  if (vp === 'desktop') {
    await play.click();
    await page.getByTestId('game-modal').waitFor();
    return { game: page.frameLocator('[data-testid="game-frame"]'), popup: null };
  }
  const [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
  await popup.waitForURL(new RegExp(`/games/${SLOT}/\\?session=`));
  return { game: popup, popup };
}

async function spin(game) {
  await game.getByTestId('slot-spin').click();
  await game.getByTestId('slot-win').waitFor({ timeout: 120000 });
  await game.getByTestId('slot-spin').waitFor();
}

for (const vp of ['desktop', 'mobile']) {
  describe(`reality check and account history (${vp})`, () => {
    const run = serverAndBrowser();

    test(`a reality check pauses play until acknowledged; the round shows in the history and its CSV (${vp})`, async () => {
      await inPage(run.browser, vp, 'history', async (page, context) => {
        mkdirSync(artifacts, { recursive: true });
        await home(page, run.server.url);
        await login(page, 'demo001', 'demo123');
        const set = await memberCall(page, '/member/limits/reality/set', { minutes: 15 });
        assert.equal(set.code, 100, JSON.stringify(set));

        const { game, popup } = await openSlot(page, context, vp);
        await inGameWindow(popup, `history-game-${vp}`, async () => {
          await readRulesAndStart(game, vp, { kind: 'slot', rtp: /^Return to player\s+\d+\.\d{2}%$/, money: REAL_MONEY });
          await spin(game);

          playSixteenMinutes(run.server.dataDir);
          await game.getByTestId('slot-spin').click();
          const check = game.getByTestId('reality-check');
          await check.waitFor();
          assert.match(await game.getByTestId('reality-elapsed').innerText(), /You have played for 1[6-9] minutes\./);
          assert.match(await game.getByTestId('reality-net').innerText(), /^Net result this session: [+-]?[\d,.]+ USD$/);
          assert.equal(await game.getByTestId('reality-history').getAttribute('href'), '/user?page=Transaction');
          assert.equal(await game.getByTestId('reality-limits').getAttribute('href'), '/user?page=Limits');
          await (popup ?? page).screenshot({ path: join(artifacts, `history-reality-game-${vp}.png`) });
          await game.getByTestId('reality-ack').click();
          await check.waitFor({ state: 'detached' });
          await spin(game);
          await closeGame(page, game, popup);
        });

        // The lobby's launch asks for the same acknowledgement.
        await home(page, run.server.url);
        playSixteenMinutes(run.server.dataDir);
        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.getByTestId('slot-list').waitFor();
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        if (vp === 'desktop') {
          await page.getByTestId(`game-play-${SLOT}`).click();
        } else {
          // The loading window opens in the click and closes when the launch is refused.
          const [win] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`game-play-${SLOT}`).click()]);
          await win.waitForEvent('close', { timeout: 5000 }).catch(() => {});
        }
        const dialog = page.getByTestId('reality-dialog');
        await dialog.waitFor();
        assert.match(await page.getByTestId('reality-dialog-elapsed').innerText(), /You have played for \d+ minutes\./);
        await page.screenshot({ path: join(artifacts, `history-reality-lobby-${vp}.png`) });
        await page.getByTestId('reality-dialog-ack').click();
        await dialog.waitFor({ state: 'detached' });
        const status = await memberCall(page, '/member/limits/reality');
        assert.equal(status.data.due, 0, JSON.stringify(status));

        // The account history holds the rounds, with the deposit figures, and downloads as CSV.
        await page.goto(`${run.server.url}/user?page=Transaction`);
        await page.getByTestId('tx-table').waitFor();
        await page.getByTestId('tx-kind-bet').click();
        // The unfiltered rows stay on screen until the filtered page arrives.
        const rows = await settled(() => page.getByTestId('tx-row').allInnerTexts(), (rs) => rs.length >= 2 && rs.every((r) => /Bet/.test(r)));
        assert.ok(rows.length >= 2 && rows.every((r) => /Bet/.test(r)), `bet rows: ${rows}`);
        assert.match(await page.getByTestId('tx-net-deposit').innerText(), /\$[\d,]+\.\d{2}/);
        await page.screenshot({ path: join(artifacts, `history-page-${vp}.png`), fullPage: true });
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tx-csv').click()]);
        assert.match(download.suggestedFilename(), /^account-history-\d{8}-\d{8}\.csv$/);
        const csv = readFileSync(await download.path(), 'utf8').trim().split('\n');
        assert.equal(csv[0], 'time,kind,wallet,amount,balance_after,currency,reference');
        assert.equal(csv.length - 1, rows.length, 'the CSV holds what the filtered page shows');
        assert.ok(csv.slice(1).every((l) => /,bet,GP001,-\d+\.\d{2},\d+\.\d{2},USD,GP001:\d+$/.test(l)), csv.join('\n'));
      });
    });
  });
}
