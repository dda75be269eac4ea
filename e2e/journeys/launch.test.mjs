// Game launch states (spec section 4, issue 11) in both templates, with a
// member's real money: the /loading window a phone (or app mode on a
// desktop) opens inside the click and sends to the game when game_url comes;
// a start given up by closing that window (watched every 500 ms); the
// back-forward-cache reload while playing, after which the new page leaves
// the game; the language change refused and the force-stop warning before
// /user while a game plays; the 203 maintenance dialog; and the
// transfer-disabled notice of 957. Money is checked to the minor unit and
// the ledger audit stays clean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login, operatorApi } from '../lib/site.mjs';
import { settled } from '../lib/games.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');
const HOUSE_GP = 1;
const KENO = 'gh_keno';
const REMOTE = 'GP002';
const REMOTE_GP = 2;
const REMOTE_SLOT = 'aur_northern_lights';
const GAME_URL = new RegExp(`/games/${KENO}/\\?session=`);

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

/** The main wallet and one provider's wallet, in minor units. */
async function wallets(page, gpId = HOUSE_GP) {
  const res = await memberCall(page, '/member/profile/my_cash');
  assert.equal(res.code, 100, JSON.stringify(res));
  const cents = (v) => Math.round(Number(v) * 100);
  const main = res.data.my_cash_list.find((w) => w.gp_id === 0);
  const game = res.data.my_cash_list.find((w) => w.gp_id === gpId);
  assert.ok(main && game, `wallets ${JSON.stringify(res.data.my_cash_list)}`);
  return { main: cents(main.balance), game: cents(game.balance) };
}

async function isPlayingOnServer(page) {
  const layout = await memberCall(page, '/member/profile/common/layout');
  return layout.data.member_common_layout.is_playing;
}

/** The money is back in the main wallet and the server holds no game. */
async function moneyBack(page, total, gpId = HOUSE_GP) {
  const w = await settled(
    () => wallets(page, gpId),
    (v) => v.main === total && v.game === 0,
    40000,
  );
  assert.deepEqual(w, { main: total, game: 0 }, 'every minor unit is back in the main wallet');
  assert.equal(await settled(() => isPlayingOnServer(page), (v) => v === 0), 0, 'no game left open on the server');
}

/** Keeps a picture of what the player sees at a step (e2e/artifacts/launch-*.png), to look at. */
async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `launch-${name}.png`) });
}

/** The lobby with the demo member logged in and live (login waits for the socket). */
async function enter(page, url) {
  await home(page, url);
  await login(page, 'demo001', 'demo123');
}

const storage = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

/** Holds the page's play1 until release() (a slow network), so the launch stays in "starting". */
async function holdPlay1(page) {
  let release;
  const released = new Promise((r) => (release = r));
  await page.route('**/api/member/game/play1', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens in-house keno for real money where the lobby stays usable while it
 * plays: the desktop game room (its stage, under the header) or, on a
 * phone, the game window. Answers the popup (phone) or null.
 */
async function startKeno(page, context, vp, url) {
  if (vp === 'desktop') {
    await page.goto(`${url}/gameRoom?gt_id=5&gp_id=${HOUSE_GP}`);
    await page.getByTestId('game-room').waitFor();
    await page.getByTestId(`game-play-${KENO}`).click();
    await page.getByTestId('room-frame').waitFor();
    assert.match(await page.getByTestId('room-frame').getAttribute('src'), GAME_URL);
    return null;
  }
  await page.goto(`${url}/gameHall/5?gp_id=${HOUSE_GP}`);
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`game-play-${KENO}`).click()]);
  await popup.waitForURL(GAME_URL);
  return popup;
}

async function maintenance(url, body) {
  await operatorApi(url, ADMIN_KEY)('PUT', `/admin/providers/${REMOTE}/maintenance`, body);
}

async function faults(url, body) {
  await operatorApi(url, ADMIN_KEY)('POST', `/admin/providers/${REMOTE}/faults`, body);
}

async function auditClean(url) {
  const res = await fetch(`${url}/admin/audit`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  const audit = (await res.json()).data;
  assert.equal(audit.clean, true, `ledger audit: ${JSON.stringify(audit.violations)}`);
}

/** Opens the remote slot from the slot list; on a phone the /loading window opens and closes again. */
async function playRemoteSlot(page, context, vp, url) {
  await page.goto(`${url}/slotgame?gt_id=2&gp_id=${REMOTE_GP}`);
  await page.getByTestId('slot-list').waitFor();
  const play = page.getByTestId(`game-play-${REMOTE_SLOT}`);
  if (vp === 'desktop') {
    await play.click();
    return;
  }
  const [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
  // The start failed: the loading window is closed again (maybe already: the refusal is quick).
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 20000 }).catch(() => assert.fail(`the loading window stayed open at ${popup.url()}`));
}

for (const vp of ['desktop', 'mobile']) {
  describe(`game launch states (${vp})`, () => {
    // The back-forward cache stays on (playwright turns it off by default).
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY, '--reconcile-interval', '1s'] }), { bfcache: true });

    test(`the /loading window opens in the click and is sent to the game when game_url comes; closed while starting, the start is given up (${vp})`, async () => {
      await inPage(run.browser, vp, 'launch-loading', async (page, context) => {
        const { url } = run.server;
        await enter(page, url);
        const before = await wallets(page);
        // A phone always opens a window; a desktop does in the native wrappers' app mode.
        await page.goto(`${url}/gameHall/5?gp_id=${HOUSE_GP}${vp === 'desktop' ? '&appPage=content' : ''}`);
        if (vp === 'desktop') assert.equal(await page.getByTestId('site-header').count(), 0, 'app mode shows the content only');

        // Given up: the player closes the loading window while play1 runs.
        let release = await holdPlay1(page);
        let [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`game-play-${KENO}`).click()]);
        await popup.getByTestId('loading-page').waitFor();
        await popup.close();
        // The lobby watches the window every 500 ms.
        await page.waitForFunction(() => localStorage.getItem('waitingWindow') === null, null, { timeout: 3000 });
        // play1 goes through now: the server opens the game and moves the money, the page leaves it.
        // The money is back before leave1 answers (its slot frees last), so wait for the answer:
        // a click in between is refused as quitting, as the page's own state would refuse it.
        const left = page.waitForResponse('**/api/member/game/leave1', { timeout: 20000 });
        release();
        await left;
        await moneyBack(page, before.main);
        assert.equal(context.pages().length, 1, 'no game window opened');
        await page.unroute('**/api/member/game/play1');

        // Played: the window shows /loading until the address comes, then the game.
        release = await holdPlay1(page);
        [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`game-play-${KENO}`).click()]);
        const seen = [];
        popup.on('framenavigated', (f) => f === popup.mainFrame() && seen.push(new URL(f.url()).pathname));
        await popup.getByTestId('loading-page').waitFor();
        assert.equal(new URL(popup.url()).pathname, '/loading');
        assert.equal(await popup.locator('#loading-text').innerText(), 'Loading the game…');
        assert.equal(await popup.evaluate(() => window.name), 'redirect');
        assert.equal(await storage(page, 'waitingWindow'), 'gameWindow');
        assert.notEqual(await storage(page, 'isPlay'), '1', 'not playing before the address came');
        await shot(popup, `loading-window-${vp}`);

        release();
        await popup.waitForURL(GAME_URL);
        assert.deepEqual(seen.slice(-1), [`/games/${KENO}/`], `the window went from /loading to the game: ${seen.join(' -> ')}`);
        await popup.getByTestId('rules-panel').waitFor();
        assert.equal(await storage(page, 'isPlay'), '1');
        assert.deepEqual(await wallets(page), { main: 0, game: before.main }, 'the whole main balance is in the game');

        // Closing the game window ends the game.
        await popup.close();
        const closedAt = Date.now();
        await page.waitForFunction(() => localStorage.getItem('waitingWindow') === null, null, { timeout: 3000 });
        assert.ok(Date.now() - closedAt < 2000, `noticed after ${Date.now() - closedAt} ms`);
        assert.equal(await storage(page, 'isPlay'), '0');
        await moneyBack(page, before.main);
      });
    });

    test(`a page restored from the back-forward cache while playing reloads, and the new page leaves the game (${vp})`, async (t) => {
      await inPage(run.browser, vp, 'launch-bfcache', async (page, context) => {
        const { url } = run.server;
        await enter(page, url);
        const before = await wallets(page);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Page.enable');
        const notRestored = [];
        cdp.on('Page.backForwardCacheNotUsed', (e) => notRestored.push(...e.notRestoredExplanations.map((x) => x.reason)));
        const navigationType = () => page.evaluate(() => performance.getEntriesByType('navigation')[0].type);

        let popup = await startKeno(page, context, vp, url);
        assert.equal(await storage(page, 'isPlay'), '1');
        assert.deepEqual(await wallets(page), { main: 0, game: before.main });

        // Away and back. Restored from the cache, the page reloads itself (a
        // "reload" navigation); a page the cache did not keep loads anew.
        await page.goto(`${url}/readyz`);
        await Promise.all([page.waitForEvent('load'), page.goBack({ waitUntil: 'commit' })]);
        await page.getByTestId('site-header').waitFor();
        if (notRestored.length === 0) {
          assert.equal(await navigationType(), 'reload', 'the restored page reloaded');
        } else {
          assert.equal(await navigationType(), 'back_forward');
        }
        // Either way the page found isPlay at 1: 300 ms later it quit the game, on the server too.
        await page.waitForFunction(() => localStorage.getItem('isPlay') === '0', null, { timeout: 5000 });
        await moneyBack(page, before.main);

        if (notRestored.length > 0) {
          // Chromium keeps no page that has a window of its own open (the
          // phone's game window) in the cache: the reasons are in the message
          // below. The restore is what the browser announces, a pageshow with
          // persisted=true, so that is dispatched here as the browser would.
          await popup?.close();
          popup = await startKeno(page, context, vp, url);
          await Promise.all([
            page.waitForEvent('load'),
            page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))),
          ]);
          assert.equal(await navigationType(), 'reload', `the page reloaded (not cached: ${[...new Set(notRestored)].join(', ')})`);
          await page.waitForFunction(() => localStorage.getItem('isPlay') === '0', null, { timeout: 5000 });
          await moneyBack(page, before.main);
        }
        t.diagnostic(notRestored.length ? `not kept in the cache: ${[...new Set(notRestored)].join(', ')}` : 'restored from the cache');
        if (vp === 'desktop') assert.deepEqual(notRestored, [], 'a desktop playing in its game room is kept in the cache');
        await popup?.close();
        await auditClean(url);
      });
    });

    test(`while a game plays the language cannot change, and /user asks before it closes the game (${vp})`, async () => {
      await inPage(run.browser, vp, 'launch-force-stop', async (page, context) => {
        const { url } = run.server;
        await enter(page, url);
        const before = await wallets(page);
        const popup = await startKeno(page, context, vp, url);

        // Language: refused with the playing error, no reload, nothing stored.
        await page.evaluate(() => (window.__stay = 1));
        await page.getByTestId('language-selector').click();
        await page.getByTestId('lang-option-vi_VN').click();
        await page.getByText('A game is in progress. Close it before changing the language.').waitFor();
        await shot(page, `language-refused-${vp}`);
        assert.equal(await page.evaluate(() => window.__stay), 1, 'the page did not reload');
        assert.equal((await context.cookies(url)).find((c) => c.name === 'lang'), undefined);
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');

        // /user: the force-stop warning; cancel keeps the game.
        await page.getByTestId('open-user').click();
        const dialog = page.getByTestId('force-stop');
        await dialog.waitFor();
        assert.match(await dialog.innerText(), /Close the game\?/);
        await shot(page, `force-stop-${vp}`);
        assert.match(await dialog.innerText(), /A game is still running\. Opening this page closes it and brings your balance back to your wallet\./);
        await dialog.getByText('Cancel').click();
        await dialog.waitFor({ state: 'detached' });
        if (popup) assert.equal(popup.isClosed(), false, 'the game window is still open');
        else await page.getByTestId('room-frame').waitFor();
        assert.equal(new URL(page.url()).pathname, vp === 'desktop' ? '/gameRoom' : '/gameHall/5');
        assert.deepEqual(await wallets(page), { main: 0, game: before.main }, 'cancel keeps the game');

        // Confirming closes the game and opens the member centre (a window on a desktop, the tab on a phone).
        await page.getByTestId('open-user').click();
        if (vp === 'desktop') {
          const [centre] = await Promise.all([context.waitForEvent('page'), page.getByTestId('force-stop-confirm').click()]);
          await centre.waitForURL(/\/user$/);
          await page.getByTestId('room-frame').waitFor({ state: 'detached' });
          await moneyBack(centre, before.main);
          await centre.close();
        } else {
          await Promise.all([popup.waitForEvent('close'), page.getByTestId('force-stop-confirm').click()]);
          await page.waitForURL(/\/user$/);
          await moneyBack(page, before.main);
        }
        assert.equal(await storage(page, 'isPlay'), '0');
      });
    });

    test(`a provider in maintenance (203) shows its dialog; transfers it refuses (957) end in the transfer-disabled notice (${vp})`, async () => {
      await inPage(run.browser, vp, 'launch-notices', async (page, context) => {
        const { url } = run.server;
        const start = new Date(Date.now() - 5 * 60_000);
        start.setUTCSeconds(0, 0);
        const end = new Date(start.getTime() + 150 * 60_000);
        await maintenance(url, {
          maintenance: false,
          start_at: start.toISOString(),
          end_at: end.toISOString(),
          text: { en_US: 'Aurora Gaming is installing new reels.' },
        });
        try {
          await enter(page, url);
          const before = await wallets(page, REMOTE_GP);
          const zone = await page.evaluate(async () => {
            const siteId = Number(document.querySelector('meta[name="gamehall-site-id"]')?.getAttribute('content') || 1);
            const res = await fetch('/api/arks/web/site/detail', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_id: siteId }) });
            return (await res.json()).data.env_config.time_zone || 'America/Caracas';
          });
          await playRemoteSlot(page, context, vp, url);
          const dialog = page.getByTestId('maintenance-dialog');
          await dialog.waitFor();
          const at = (d) =>
            new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(d);
          assert.match(await dialog.innerText(), /Game under maintenance/);
          assert.match(await dialog.innerText(), /This game platform is under maintenance\. Please try again later\./);
          assert.equal(await dialog.getByTestId('maintenance-notice').innerText(), 'Aurora Gaming is installing new reels.');
          assert.equal(await dialog.getByTestId('maintenance-window').innerText(), `From ${at(start)} to ${at(end)}`);
          await shot(page, `maintenance-${vp}`);
          assert.equal(await storage(page, 'isPlay'), '0');
          assert.deepEqual(await wallets(page, REMOTE_GP), before, 'nothing moved');

          const service = dialog.getByTestId('maintenance-service');
          assert.equal(await service.innerText(), 'Customer service');
          await service.click();
          await page.waitForURL(/\/main\/\d+$/);
          await dialog.waitFor({ state: 'detached' });
        } finally {
          await maintenance(url, { maintenance: false });
        }

        // Out of maintenance, the provider now refuses the transfer in.
        await faults(url, { error: true });
        try {
          const before = await wallets(page, REMOTE_GP);
          await playRemoteSlot(page, context, vp, url);
          const notice = page.getByTestId('transfer-disabled-notice');
          await notice.waitFor();
          assert.match(await notice.innerText(), /Transfers switched off/);
          await shot(page, `transfer-disabled-${vp}`);
          assert.equal(await notice.getByTestId('transfer-disabled-game').innerText(), 'Northern Lights');
          assert.equal(
            await notice.getByTestId('transfer-disabled-text').innerText(),
            'Transfers to this game are switched off right now. Your balance stays in your wallet.',
          );
          assert.equal(await page.getByTestId('game-modal').count(), 0, 'no game opened');
          assert.equal(await storage(page, 'isPlay'), '0');
          await notice.getByTestId('transfer-disabled-ok').click();
          await notice.waitFor({ state: 'detached' });
          await faults(url, {});
          // A refused transfer moved nothing, or the reconciler settles it back.
          await moneyBack(page, before.main + before.game, REMOTE_GP);
        } finally {
          await faults(url, {});
        }
        await auditClean(url);
      });
    });
  });
}
