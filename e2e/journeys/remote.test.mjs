// The sandbox remote provider's game page in the member's language, with its
// round history and its reality check, in both templates: the demo member
// switches the site to Simplified Chinese, opens a remote slot for real
// money, and the provider's page speaks Chinese (its launch URL names
// zh_CN; amounts in the language's format). A round shows in the page's
// history panel. The site's reality-check interval is one minute here: once
// it has run, the provider's page stops the next round with its own dialog
// (minutes played, the session's net, links to the member's history and
// limits), and acknowledging it there lets play go on and restarts the
// member's own check on our side too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { closeBulletinAfter, home, login, operatorApi } from '../lib/site.mjs';
import { inGameWindow, minor, settled } from '../lib/games.mjs';

const REMOTE_GP = 2;
const REMOTE_SLOT = 'aur_northern_lights';
const ADMIN_KEY = randomBytes(32).toString('hex');

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

async function shot(target, name) {
  mkdirSync(artifacts, { recursive: true });
  await target.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

for (const vp of ['desktop', 'mobile']) {
  describe(`remote game page (${vp})`, () => {
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

    test(`a member plays a remote slot in Chinese, sees the round in its history and meets its reality check (${vp})`, async () => {
      await operatorApi(run.server.url, ADMIN_KEY)('PUT', '/admin/sites/1/settings', { reality_check_minutes: 1 });
      await inPage(run.browser, vp, 'remote-page', async (page, context) => {
        await home(page, run.server.url);
        await page.getByTestId('language-selector').click();
        // Pop-up bulletins show again in the new language, and once logged in.
        await closeBulletinAfter(page, async () => {
          await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-option-zh_CN').click()]);
          await page.getByTestId('site-header').waitFor();
        });
        await login(page, 'demo001', 'demo123');

        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.getByTestId('slot-list').waitFor();
        await page.getByTestId(`provider-tab-${REMOTE_GP}`).click();
        const play = page.getByTestId(`game-play-${REMOTE_SLOT}`);
        let game;
        let popup = null;
        let gameUrl;
        if (vp === 'desktop') {
          await play.click();
          await page.getByTestId('game-modal').waitFor();
          gameUrl = await page.getByTestId('game-frame').getAttribute('src');
          game = page.frameLocator('[data-testid="game-frame"]');
        } else {
          [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
          await popup.waitForURL(/\/rgs\//);
          gameUrl = popup.url();
          game = popup;
        }
        const launchedAt = Date.now();
        const view = popup ?? page;
        assert.match(gameUrl, /\/rgs\/play\/\?.*lang=zh_CN/, 'the launch names the member language');
        await inGameWindow(popup, `remote-page-${vp}`, async () => {
          const spin = game.locator('#spin');
          await settled(() => spin.isEnabled(), (v) => v);
          // The page in Chinese: its own texts, the amounts in the language's format.
          assert.equal(await spin.innerText(), '旋转');
          assert.equal(await game.locator('#history-open').innerText(), '记录');
          assert.equal(await game.locator('#close').innerText(), '关闭');
          assert.match(await game.locator('#info').innerText(), /^返奖率 96\.41% · 20 条线 · 免费旋转 ×3 · 版本 1$/);
          assert.match(await game.locator('div.bar').innerText(), /余额/);
          const before = minor(await game.locator('#balance').innerText());
          assert.ok(before > 0, 'the main balance moved to the provider');
          assert.match(await game.locator('#balance').innerText(), /^\d{1,3}(,\d{3})*\.\d{2} USD$/);

          await spin.click();
          await settled(async () => (await game.locator('#msg').innerText()).trim(), (t) => /^(恭喜赢得 .+|本局未中奖)$/.test(t));
          await settled(() => spin.isEnabled(), (v) => v);
          const after = minor(await game.locator('#balance').innerText());

          // The round shows in the history panel, in Chinese.
          await game.locator('#history-open').click();
          const rows = game.locator('#history-rows tr');
          await settled(() => rows.count(), (n) => n === 1);
          assert.equal(await game.locator('#history-title').innerText(), '游戏记录');
          assert.equal(await game.locator('#history th').first().innerText(), '时间');
          const cells = await rows.first().locator('td').allInnerTexts();
          assert.equal(minor(cells[1]), 20 * minor(await game.locator('#bet option:checked').innerText()), 'the total bet of 20 lines');
          assert.equal(minor(cells[3]), after, 'the balance after the round');
          assert.equal(minor(cells[1]) - minor(cells[2]), before - after, 'bet minus win is what the balance lost');
          await shot(view, `remote-zh_CN-history-${vp}`);

          // The site's interval is one minute: once it has run the provider stops the next round.
          await new Promise((r) => setTimeout(r, Math.max(0, launchedAt + 62_000 - Date.now())));
          await spin.click();
          const dialog = game.locator('#reality');
          await dialog.waitFor({ state: 'visible' });
          assert.equal(await game.locator('#reality-title').innerText(), '现实提醒');
          assert.match(await game.locator('#reality-elapsed').innerText(), /^您已经游戏了 1 分钟。$/);
          // The session's net: a sign on all but zero.
          const net = await game.locator('#reality-net').innerText();
          assert.equal(minor(net), after - before);
          assert.match(net, after === before ? /^0\.00 USD$/ : after > before ? /^\+[\d,]+\.\d{2} USD$/ : /^-[\d,]+\.\d{2} USD$/);
          assert.equal(await game.locator('#reality-history').getAttribute('href'), '/user/Transaction');
          assert.equal(await game.locator('#reality-limits').getAttribute('href'), '/user/Limits');
          assert.equal(await game.locator('#reality-history').innerText(), '账户记录');
          assert.equal(await game.locator('#reality-ack').innerText(), '我已了解，继续游戏');
          assert.equal(await spin.isDisabled(), true, 'no round while the check waits');
          assert.equal(minor(await game.locator('#balance').innerText()), after, 'the refused round took nothing');
          await shot(view, `remote-zh_CN-reality-${vp}`);

          await game.locator('#reality-ack').click();
          await dialog.waitFor({ state: 'hidden' });
          // Acknowledged on our side too: the member's own check is not due.
          const reality = await memberCall(page, '/member/limits/reality');
          assert.equal(reality.code, 100, JSON.stringify(reality));
          assert.equal(reality.data.due, 0, `our reality check ${JSON.stringify(reality.data)}`);
          await settled(() => spin.isEnabled(), (v) => v);
          await spin.click();
          await settled(() => rows.count(), (n) => n === 2);
        });
      });
    });
  });
}
