// Every tile launches: in both templates a visitor opens one third-party
// game of each hall that has them (a Dragon Reels slot, a Lucky Draw keno
// game, a Royal Cards baccarat table, all served by the sandbox remote
// provider) from the lobby, sees its own name and RTP, plays a round with
// play money and the screen is saved; a hall no provider plays (live
// casino) shows its empty state instead of tiles. Screenshots of each game
// and of the empty state go to e2e/artifacts/tiles-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, serverAndBrowser, inPage } from '../lib/harness.mjs';
import { home } from '../lib/site.mjs';
import { inGameWindow, minor } from '../lib/games.mjs';

const HALLS = [
  { gt: 2, gp: 3, code: 'drg_lucky_koi', name: 'Lucky Koi', action: 'Spin', hall: /\/slotgame\?gt_id=2/ },
  { gt: 5, gp: 6, code: 'lkd_pick_three', name: 'Pick Three', action: 'Draw', hall: /\/gameHall\/5$/ },
  { gt: 6, gp: 7, code: 'roy_baccarat', name: 'Royal Baccarat', action: 'Deal', hall: /\/gameHall\/6$/ },
];

async function shoot(target, name) {
  mkdirSync(artifacts, { recursive: true });
  await target.screenshot({ path: join(artifacts, `tiles-${name}.png`), fullPage: true });
}

/** The lobby's tab and card of a game type, as a visitor reaches a hall. */
async function openHall(page, gt) {
  await page.getByTestId(`game-type-tab-${gt}`).click();
  await page.getByTestId(`game-type-card-${gt}`).click();
}

for (const vp of ['desktop', 'mobile']) {
  describe(`every tile launches (${vp})`, () => {
    const run = serverAndBrowser();

    for (const h of HALLS) {
      test(`a visitor opens ${h.name} from its hall and plays a round (${vp})`, async () => {
        await inPage(run.browser, vp, `tiles-${h.code}`, async (page, context) => {
          await home(page, run.server.url);
          await openHall(page, h.gt);
          await page.waitForURL(h.hall);
          await page.getByTestId(`provider-tab-${h.gp}`).click();
          const play = page.getByTestId(`game-play-${h.code}`);
          await play.waitFor();
          assert.match(await page.getByTestId(`game-tile-${h.code}`).innerText(), new RegExp(h.name));
          assert.equal(await play.innerText(), 'Free play');
          let game;
          let popup = null;
          if (vp === 'desktop') {
            await play.click();
            await page.getByTestId('game-modal').waitFor();
            assert.match(await page.getByTestId('game-frame').getAttribute('src'), /\/rgs\/play\/\?session=[\w-]+/);
            game = page.frameLocator('[data-testid="game-frame"]');
          } else {
            [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
            await popup.waitForURL(/\/rgs\/play\/\?session=/);
            game = popup;
          }
          await inGameWindow(popup, `tiles-${h.code}-${vp}`, async () => {
            const name = game.locator('#name');
            await name.filter({ hasText: h.name }).waitFor();
            assert.match(await name.innerText(), /Demo · play money/);
            assert.match(await game.locator('#info').innerText(), /RTP (Banker )?\d+\.\d{2}%/);
            const spin = game.locator('#spin');
            assert.equal(await spin.innerText(), h.action);
            await spin.waitFor({ state: 'visible' });
            assert.equal(await spin.isEnabled(), true);
            const before = minor(await game.locator('#balance').innerText());
            await spin.click();
            await game.locator('#msg').filter({ hasText: /You won|No win/ }).waitFor();
            const after = minor(await game.locator('#balance').innerText());
            assert.notEqual(after, NaN);
            assert.ok(after !== before || /You won/.test(await game.locator('#msg').innerText()), 'the round moved the balance');
            await shoot(popup ?? page, `${h.code}-${vp}`);
          });
        });
      });
    }

    test(`the live casino hall shows its empty state, not tiles (${vp})`, async () => {
      await inPage(run.browser, vp, 'tiles-empty-hall', async (page) => {
        await home(page, run.server.url);
        await openHall(page, 3);
        await page.waitForURL(/\/gameHall\/3$/);
        const empty = page.getByTestId('hall-empty');
        await empty.waitFor();
        assert.match(await empty.locator('h2').innerText(), /coming soon/);
        assert.equal(await page.locator('[data-testid^="game-tile-"]').count(), 0);
        await shoot(page, `empty-hall-${vp}`);
        await empty.getByTestId('hall-empty-slots').click();
        await page.waitForURL(/\/slotgame\?gt_id=2/);
      });
    });
  });
}
