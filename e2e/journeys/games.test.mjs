// Game journeys (in-house games) in both templates: a visitor opens the slot
// from the lobby with play money (rules and RTP before play, a spin, the
// balance and the round history), opens keno from the lottery hall and plays
// a draw, and a site with the demo-mode flag on turns play, banner actions,
// login and registration off. One server per suite; the demo-mode suite's
// operator turns the flag on through the operator API (/admin/).
//
// Amounts are compared in minor units read from what the page shows (USD, two
// decimals): balance after = balance before - bet + win.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, serverAndBrowser, inPage } from '../lib/harness.mjs';
import { home } from '../lib/site.mjs';
import { closeGame, inGameWindow, lastRound, minor, PLAY_MONEY, readRulesAndStart, settled, winOf } from '../lib/games.mjs';
const SLOT = 'gh_slot_fortune';
const KENO = 'gh_keno';
const HOUSE_GP = 1; // Gamehall Originals

/**
 * Clicks play on a tile and returns the game page: the modal's iframe on a
 * desktop, the window the launch opens on a mobile.
 */
async function openGame(page, context, vp, code, title) {
  const tile = page.getByTestId(`game-tile-${code}`);
  await tile.waitFor();
  const play = page.getByTestId(`game-play-${code}`);
  assert.equal(await play.innerText(), 'Free play', 'a visitor is offered free play');
  assert.equal(await play.isEnabled(), true);
  const url = new RegExp(`/games/${code}/\\?session=[\\w-]+`);
  if (vp === 'desktop') {
    await play.click();
    const modal = page.getByTestId('game-modal');
    await modal.waitFor();
    assert.match(await page.getByTestId('game-frame').getAttribute('src'), url);
    const game = page.frameLocator('[data-testid="game-frame"]');
    // One title bar, the game page's own: the modal adds no second header or close button.
    assert.match(await modal.getAttribute('aria-label'), new RegExp(title));
    assert.equal(await modal.locator('.modal__head, .modal__close').count(), 0, 'the modal has no header of its own');
    const head = game.locator('.gp-top');
    await head.waitFor();
    assert.match(await head.locator('.gp-title').innerText(), new RegExp(title));
    assert.match(await head.locator('.gp-title').innerText(), new RegExp(PLAY_MONEY, 'i'));
    assert.equal(await game.getByTestId('game-close').count(), 1, 'one close button');
    return { game, popup: null };
  }
  const [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
  await popup.waitForURL(url);
  return { game: popup, popup };
}





/** The operator key of the demo-mode server (hex of 32 bytes, made for this run). */
const ADMIN_KEY = randomBytes(32).toString('hex');

/** A server whose site the operator switched to demo mode through the operator API. */
async function startDemoModeServer() {
  const server = await startServer({ args: ['--admin-key', ADMIN_KEY] });
  try {
    const res = await fetch(`${server.url}/admin/sites/1/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ demo_mode: true }),
    });
    const body = await res.json();
    assert.equal(body.code, 100, `operator API: ${JSON.stringify(body)}`);
    assert.equal(body.data.demo_mode, true);
    return server;
  } catch (err) {
    await server.stop();
    throw err;
  }
}

for (const vp of ['desktop', 'mobile']) {
  describe(`games (${vp})`, () => {
    const run = serverAndBrowser();

    test(`a visitor opens the slot from the lobby, reads the rules and RTP, spins with play money (${vp})`, async () => {
      await inPage(run.browser, vp, 'games-slot', async (page, context) => {
        await home(page, run.server.url);
        // Lobby tab "Slots", its hall card, then the in-house provider in the slot list.
        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.waitForURL(/\/slotgame\?gt_id=2/);
        await page.getByTestId('slot-list').waitFor();
        assert.equal(await page.getByTestId('page-title').innerText(), 'Slots');
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        // The tab is selected once the click has rendered, which a loaded machine may take a while to do.
        await page.locator(`[data-testid="provider-tab-${HOUSE_GP}"][aria-selected="true"]`).waitFor();
        assert.match(await page.getByTestId(`game-tile-${SLOT}`).innerText(), /Fortune Reels/);

        const { game, popup } = await openGame(page, context, vp, SLOT, 'Fortune Reels');
        await inGameWindow(popup, `games-slot-${vp}`, async () => {
          const rtp = await readRulesAndStart(game, vp, { kind: 'slot', rtp: /^Return to player\s+\d+\.\d{2}%$/ });
          assert.ok(Number.parseFloat(rtp) > 90 && Number.parseFloat(rtp) < 100, `slot RTP ${rtp}`);

          // A fresh play-money session, nothing played yet.
          const before = minor(await game.getByTestId('game-balance').innerText());
          assert.ok(before > 0, 'play money to start with');
          await game.getByTestId('history-open').click();
          await game.getByTestId('history-panel').getByText('No rounds yet.').waitFor();
          await game.getByTestId('history-close').click();

          // One step up from the lowest line bet; the total is the line bet on every line.
          const lowest = minor(await game.getByTestId('slot-line-bet').innerText());
          await game.getByTestId('slot-bet-up').click();
          const lineBet = minor(await game.getByTestId('slot-line-bet').innerText());
          assert.ok(lineBet > lowest, 'the line bet went up');
          const lines = Number((await game.locator('.slot-controls').innerText()).match(/(\d+) lines/i)[1]);
          const bet = minor(await game.getByTestId('slot-total-bet').innerText());
          assert.equal(bet, lineBet * lines, `total bet = ${lines} lines × line bet`);

          await game.getByTestId('slot-spin').click();
          const result = game.getByTestId('slot-win');
          // A round with free spins animates each of them before the result shows.
          await result.waitFor({ timeout: 120000 });
          const win = winOf(await result.innerText());
          const after = await settled(
            async () => minor(await game.getByTestId('game-balance').innerText()),
            (v) => v === before - bet + win,
          );
          assert.equal(after, before - bet + win, `balance ${before} - bet ${bet} + win ${win}`);
          await game.getByTestId('slot-spin').waitFor();
          assert.equal(await game.getByTestId('slot-spin').isEnabled(), true, 'ready for the next spin');

          const round = await lastRound(game);
          assert.deepEqual({ bet: round.bet, win: round.win, after: round.after }, { bet, win, after });
          assert.match(round.text, new RegExp(`line bet ${(lineBet / 100).toFixed(2).replace('.', '\\.')} × ${lines}`));
          // The balance column says where the round started.
          assert.match(round.text, new RegExp((before / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/[.,]/g, '\\$&')));

          await closeGame(page, game, popup);
        });
        // Back in the slot list.
        await page.getByTestId(`game-tile-${SLOT}`).waitFor();
      });
    });

    test(`a visitor opens keno from the lottery hall, picks numbers and plays a draw (${vp})`, async () => {
      await inPage(run.browser, vp, 'games-keno', async (page, context) => {
        await home(page, run.server.url);
        if (vp === 'desktop') {
          // The header's row of halls.
          await page.getByTestId('game-type-nav').getByRole('link', { name: 'Lottery' }).click();
        } else {
          await page.getByTestId('game-type-tab-5').click();
          await page.getByTestId('game-type-card-5').click();
        }
        await page.waitForURL(/\/gameHall\/5$/);
        await page.getByTestId('game-hall-5').waitFor();
        assert.equal(await page.getByTestId('page-title').innerText(), 'Lottery');
        assert.match(await page.getByTestId('platform-description').innerText(), /Gamehall Originals/);
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        // The tab is selected once the click has rendered, which a loaded machine may take a while to do.
        await page.locator(`[data-testid="provider-tab-${HOUSE_GP}"][aria-selected="true"]`).waitFor();
        assert.match(await page.getByTestId(`game-tile-${KENO}`).innerText(), /Gamehall Keno/);

        const { game, popup } = await openGame(page, context, vp, KENO, 'Gamehall Keno');
        await inGameWindow(popup, `games-keno-${vp}`, async () => {
          await readRulesAndStart(game, vp, { kind: 'keno', rtp: /^Return to player\s+\d+\.\d{2}% to \d+\.\d{2}% by pick count$/ });
          await game.getByTestId('keno-board').waitFor();
          assert.match(await game.getByTestId('keno-pick-count').innerText(), /^0 \/ 10 picked$/);
          assert.equal(await game.getByTestId('keno-play').isDisabled(), true, 'nothing to play without numbers');

          const picks = [3, 17, 28, 44, 71];
          for (const n of picks) await game.getByTestId(`keno-n-${n}`).click();
          for (const n of picks) assert.equal(await game.getByTestId(`keno-n-${n}`).getAttribute('aria-pressed'), 'true', `${n} picked`);
          assert.match(await game.getByTestId('keno-pick-count').innerText(), /^5 \/ 10 picked$/);
          await game.getByTestId('keno-stake').selectOption({ label: '1.00' });
          const stake = 100;
          const pays = game.getByTestId('keno-pays');
          assert.match(await pays.innerText(), /Pays for 5 picks/);
          // The pay for each number of hits at this stake, as the table shows it.
          const table = new Map();
          for (const row of await pays.locator('tbody tr').all()) {
            const cells = await row.locator('td').allInnerTexts();
            table.set(Number(cells[0]), minor(cells[2]));
          }
          assert.ok(table.size > 0, 'a paytable for 5 picks');

          const before = minor(await game.getByTestId('game-balance').innerText());
          await game.getByTestId('keno-play').click();
          const result = game.getByTestId('keno-result');
          await result.waitFor();

          // The draw: 20 distinct numbers of the board, the picks among them marked as hits.
          const drawn = (await game.getByTestId('keno-drawn').locator('li').allInnerTexts()).map(Number);
          assert.equal(drawn.length, 20);
          assert.equal(new Set(drawn).size, 20);
          assert.ok(drawn.every((n) => n >= 1 && n <= 80), `drawn ${drawn}`);
          const hits = picks.filter((n) => drawn.includes(n));
          assert.equal(await game.getByTestId('keno-drawn').locator('li.is-hit').count(), hits.length);
          assert.equal(await game.getByTestId('keno-hits').innerText(), `Hits: ${hits.length}`);
          const text = await result.innerText();
          assert.match(text, new RegExp(`^Hits: ${hits.length} · `));
          const win = winOf(text);
          assert.equal(win, table.get(hits.length) ?? 0, `win for ${hits.length} hits per the paytable`);

          const after = await settled(
            async () => minor(await game.getByTestId('game-balance').innerText()),
            (v) => v === before - stake + win,
          );
          assert.equal(after, before - stake + win, `balance ${before} - stake ${stake} + win ${win}`);

          const round = await lastRound(game);
          assert.deepEqual({ bet: round.bet, win: round.win, after: round.after }, { bet: stake, win, after });
          assert.match(round.text, new RegExp(`${picks.join(', ')} · Stake 1\\.00`));
          assert.match(round.text, new RegExp(`Hits: ${hits.length} \\(${drawn.join(' ')}\\)`));

          await closeGame(page, game, popup);
        });
        await page.getByTestId(`game-tile-${KENO}`).waitFor();
      });
    });
  });

  describe(`site demo mode (${vp})`, () => {
    const run = serverAndBrowser(startDemoModeServer);

    test(`with the demo-mode flag on, play, banners, login and registration are off (${vp})`, async () => {
      await inPage(run.browser, vp, 'games-demo-mode', async (page) => {
        await home(page, run.server.url);

        // Login and registration: visibly disabled, with a note.
        assert.equal(await page.getByTestId('open-login').isDisabled(), true, 'login disabled');
        assert.equal(await page.getByTestId('open-register').isDisabled(), true, 'register disabled');
        assert.match(await page.getByTestId('demo-auth-note').innerText(), /^Demo mode: login and registration are off$/i);

        // Banners: marked, and none of them is a link any more.
        assert.match(await page.getByTestId('demo-badge').innerText(), /^Demo mode$/i);
        const slides = page.getByTestId('carousel-slide');
        await slides.first().waitFor();
        const count = await slides.count();
        assert.ok(count >= 4, `carousel shows ${count} slides`);
        for (let i = 0; i < count; i++) {
          const slide = slides.nth(i);
          assert.equal(await slide.getAttribute('aria-disabled'), 'true', `slide ${i + 1} disabled`);
          assert.equal(await slide.evaluate((el) => el.closest('a') === null && el.querySelector('a') === null), true, `slide ${i + 1} links nowhere`);
        }
        // Dispatched, not clicked at a point: the carousel keeps turning,
        // and a slide that moved off between the aim and the click let the
        // click land on the page behind it.
        await slides.first().dispatchEvent('click');

        // The lobby: the notice, and every play button disabled.
        await page.getByTestId('hot-games').waitFor();
        assert.equal(await page.getByTestId('demo-mode-notice').innerText(), 'Demo mode: playing games is turned off on this site.');
        for (const code of [SLOT, KENO]) {
          const play = page.getByTestId('hot-games').getByTestId(`game-play-${code}`);
          assert.equal(await play.isDisabled(), true, `${code} play disabled in the lobby`);
          assert.equal(await play.getAttribute('title'), 'Demo mode: playing games is turned off on this site.');
          assert.match(await page.getByTestId('hot-games').getByTestId(`game-tile-${code}`).getAttribute('class'), /\bis-disabled\b/);
        }
        const enabled = await page.getByTestId('hot-games').locator('[data-testid^="game-play-"]:not([disabled])').count();
        assert.equal(enabled, 0, 'no play button enabled');
        // The banner click went nowhere.
        assert.equal(new URL(page.url()).pathname, '/');

        // The demo games list is off too.
        assert.equal(await page.getByTestId('open-demo-list').isDisabled(), true, 'demo games list disabled');

        // Favourites ask a visitor to log in, with the login button off.
        await page.getByTestId('lobby-tab-my_favorite').click();
        const loginNeeded = page.getByTestId('login-needed');
        await loginNeeded.waitFor();
        assert.equal(await loginNeeded.getByRole('button').isDisabled(), true, 'favourites login disabled');

        // The slot list and the lottery hall.
        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.waitForURL(/\/slotgame\?gt_id=2/);
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        await page.getByTestId(`game-tile-${SLOT}`).waitFor();
        assert.equal(await page.getByTestId('demo-mode-notice').isVisible(), true);
        assert.equal(await page.getByTestId(`game-play-${SLOT}`).isDisabled(), true, 'slot play disabled in the slot list');

        await page.goBack();
        await page.getByTestId('game-type-tabs').waitFor();
        await page.getByTestId('game-type-tab-5').click();
        await page.getByTestId('game-type-card-5').click();
        await page.waitForURL(/\/gameHall\/5$/);
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        await page.getByTestId(`game-tile-${KENO}`).waitFor();
        assert.equal(await page.getByTestId('demo-mode-notice').isVisible(), true);
        assert.equal(await page.getByTestId(`game-play-${KENO}`).isDisabled(), true, 'keno play disabled in the hall');
        assert.equal(await page.getByTestId('hall-games').locator('[data-testid^="game-play-"]:not([disabled])').count(), 0);
      });
    });
  });
}
