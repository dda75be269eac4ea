// Real-money play in both templates: the demo member logs in, opens Fortune
// Reels (the modal on a desktop, a window on a phone), sees the whole main
// balance moved into the game marked "Real money", spins once, closes the
// game, and finds the money back in the main wallet: before - bet + win, to
// the minor unit, with the in-house wallet empty and the ledger audit clean.
// Then the same at the sandbox remote provider (GP002, across its signed
// HTTP API), which goes into maintenance while the member plays: the return
// transfer is refused, the money waits safely at the provider, a recall then
// says the platform did not answer (104), and once the provider is back a
// recall from MyWallet brings every minor unit home.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login } from '../lib/site.mjs';
import { closeGame, inGameWindow, minor, REAL_MONEY, readRulesAndStart, settled, winOf } from '../lib/games.mjs';

const SLOT = 'gh_slot_fortune';
const HOUSE_GP = 1;
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

/** The main wallet and one provider's wallet (the in-house one by default), in minor units. */
async function wallets(page, gpId = HOUSE_GP) {
  const res = await memberCall(page, '/member/profile/my_cash');
  assert.equal(res.code, 100, JSON.stringify(res));
  const cents = (v) => Math.round(Number(v) * 100);
  const main = res.data.my_cash_list.find((w) => w.gp_id === 0);
  const house = res.data.my_cash_list.find((w) => w.gp_id === gpId);
  assert.ok(main && house, `wallets ${JSON.stringify(res.data.my_cash_list)}`);
  return { main: cents(main.balance), house: cents(house.balance) };
}

async function setFaults(url, faults) {
  const res = await fetch(`${url}/admin/providers/GP00${REMOTE_GP}/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  const body = await res.json();
  assert.equal(body.code, 100, `faults: ${JSON.stringify(body)}`);
}

async function ledgerAudit(url) {
  const res = await fetch(`${url}/admin/audit`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  return (await res.json()).data;
}

for (const vp of ['desktop', 'mobile']) {
  describe(`real-money play (${vp})`, () => {
    // The remote provider's rounds reach our ledger on the reconcile loop: every second here.
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY, '--reconcile-interval', '1s'] }));

    test(`a member spins Fortune Reels for real money and the balance comes back to the main wallet (${vp})`, async () => {
      await inPage(run.browser, vp, 'realplay-slot', async (page, context) => {
        await home(page, run.server.url);
        await login(page, 'demo001', 'demo123');
        const before = await wallets(page);
        assert.ok(before.main > 0, 'the demo member starts with cash');
        assert.equal(before.house, 0);

        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.getByTestId('slot-list').waitFor();
        await page.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        const play = page.getByTestId(`game-play-${SLOT}`);
        assert.equal(await play.innerText(), 'Play', 'a member plays, not free play');

        let game;
        let popup = null;
        if (vp === 'desktop') {
          await play.click();
          await page.getByTestId('game-modal').waitFor();
          game = page.frameLocator('[data-testid="game-frame"]');
        } else {
          [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
          await popup.waitForURL(new RegExp(`/games/${SLOT}/\\?session=`));
          game = popup;
        }
        await inGameWindow(popup, `realplay-slot-${vp}`, async () => {
          await readRulesAndStart(game, vp, { kind: 'slot', rtp: /^Return to player\s+\d+\.\d{2}%$/, money: REAL_MONEY });
          // The whole main balance went into the game.
          const inGame = minor(await game.getByTestId('game-balance').innerText());
          assert.equal(inGame, before.main, 'the game shows the money moved from the main wallet');
          const moved = await wallets(page);
          assert.deepEqual(moved, { main: 0, house: before.main }, 'while playing the money is in the in-house wallet');

          const bet = minor(await game.getByTestId('slot-total-bet').innerText());
          await game.getByTestId('slot-spin').click();
          const result = game.getByTestId('slot-win');
          await result.waitFor({ timeout: 120000 });
          const win = winOf(await result.innerText());
          const after = await settled(
            async () => minor(await game.getByTestId('game-balance').innerText()),
            (v) => v === before.main - bet + win,
          );
          assert.equal(after, before.main - bet + win, `balance ${before.main} - bet ${bet} + win ${win}`);
          await game.getByTestId('slot-spin').waitFor();

          // Closing the game leaves it: the money returns to the main wallet.
          await closeGame(page, game, popup);
          const back = await settled(
            () => wallets(page),
            (w) => w.house === 0 && w.main === after,
          );
          assert.deepEqual(back, { main: after, house: 0 }, 'after leaving, every minor unit is back in the main wallet');
        });

        const audit = await ledgerAudit(run.server.url);
        assert.equal(audit.clean, true, `ledger audit: ${JSON.stringify(audit.violations)}`);
        const layout = await memberCall(page, '/member/profile/common/layout');
        assert.equal(layout.data.member_common_layout.is_playing, 0, 'no game left open');
      });
    });

    test(`a member plays at the remote provider; money a maintenance kept there is recalled from MyWallet (${vp})`, async () => {
      await inPage(run.browser, vp, 'realplay-remote', async (page, context) => {
        await home(page, run.server.url);
        await login(page, 'demo001', 'demo123');
        const before = await wallets(page, REMOTE_GP);
        assert.ok(before.main > 0 && before.house === 0, `start ${JSON.stringify(before)}`);

        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.getByTestId('slot-list').waitFor();
        await page.getByTestId(`provider-tab-${REMOTE_GP}`).click();
        const play = page.getByTestId(`game-play-${REMOTE_SLOT}`);
        let game;
        let popup = null;
        if (vp === 'desktop') {
          await play.click();
          await page.getByTestId('game-modal').waitFor();
          assert.match(await page.getByTestId('game-frame').getAttribute('src'), /\/rgs\//);
          game = page.frameLocator('[data-testid="game-frame"]');
        } else {
          [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
          await popup.waitForURL(/\/rgs\//);
          game = popup;
        }
        let after;
        await inGameWindow(popup, `realplay-remote-${vp}`, async () => {
          const spin = game.locator('#spin');
          await spin.waitFor();
          await settled(() => spin.isEnabled(), (v) => v);
          assert.equal(minor(await game.locator('#balance').innerText()), before.main, 'the whole main balance is at the provider');
          await spin.click();
          after = await settled(
            async () => minor(await game.locator('#balance').innerText()),
            (v) => v !== before.main,
          );
          await settled(() => spin.isEnabled(), (v) => v);
          after = minor(await game.locator('#balance').innerText());

          // The provider goes into maintenance: leaving keeps the money there.
          await setFaults(run.server.url, { maintenance: true });
          if (popup) {
            await Promise.all([popup.waitForEvent('close'), game.locator('#close').click()]);
          } else {
            await game.locator('#close').click();
            await page.getByTestId('game-modal').waitFor({ state: 'detached' });
          }
        });
        const held = await settled(
          () => wallets(page, REMOTE_GP),
          (w) => w.main === 0 && w.house === after,
        );
        assert.deepEqual(held, { main: 0, house: after }, 'the money waits at the provider');

        await page.goto(`${run.server.url}/user/MyWallet`);
        await page.getByTestId('my-wallet').waitFor();
        const recall = page.getByTestId(`recall-${REMOTE_GP}`);
        await recall.click();
        await page.getByText('A game platform did not answer. Its balance stays there safely; try again later.').waitFor();
        assert.deepEqual(await wallets(page, REMOTE_GP), held, 'nothing moved while the provider was away');

        // Back from maintenance; after the cool-down the recall succeeds.
        await setFaults(run.server.url, {});
        assert.match(await recall.innerText(), /Wait \d+ s/);
        await settled(() => recall.isEnabled(), (v) => v, 15000);
        await recall.click();
        await page.getByText('Your balance is back in your main wallet.').waitFor();
        const back = await settled(
          () => wallets(page, REMOTE_GP),
          (w) => w.main === after && w.house === 0,
        );
        assert.deepEqual(back, { main: after, house: 0 }, 'recalled to the minor unit');
        // MyWallet follows the cash event without a reload: no money left to recall.
        await page.getByTestId(`recall-${REMOTE_GP}`).waitFor({ state: 'detached' });
        const audit = await ledgerAudit(run.server.url);
        assert.equal(audit.clean, true, `ledger audit: ${JSON.stringify(audit.violations)}`);
      });
    });
  });
}
