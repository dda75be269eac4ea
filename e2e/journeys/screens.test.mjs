// The screens' rough edges of issue 9, measured in a real browser at
// 1280x800 and 390x844: widths, overlaps and what paints first.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, inPage } from '../lib/harness.mjs';
import { home, login } from '../lib/site.mjs';

const box = (locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON());
const inside = (inner, outer, slack = 0.5) =>
  inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;

const run = serverAndBrowser();

for (const vp of ['desktop', 'mobile']) {
  describe(`screens (${vp})`, () => {
    test(`the first paint is the logo and a spinner, from the HTML before any code (${vp})`, async () => {
      await inPage(run.browser, vp, 'screens-first-paint', async (page) => {
        let release;
        const held = new Promise((r) => (release = r));
        // Only the entry module is held: no code runs without it, and the
        // logo's request never queues behind held ones for a connection.
        await page.route('**/assets/main-*.js', async (route) => {
          await held;
          await route.continue();
        });
        // Module scripts hold DOMContentLoaded back: wait for the response alone.
        await page.goto(run.server.url + '/', { waitUntil: 'commit' });
        const boot = page.getByTestId('boot');
        await boot.waitFor({ state: 'visible' });
        await page.waitForFunction(() => {
          const img = document.querySelector('[data-testid="boot"] img');
          return img?.complete && img.naturalWidth > 0;
        });
        assert.equal(await boot.locator('.spinner').isVisible(), true, 'a spinner');
        release();
        await page.getByTestId('site-header').waitFor();
        assert.equal(await boot.count(), 0, 'the app replaced it');
      });
    });

    test(`an error toast opens below the header, with its close button inside it (${vp})`, async () => {
      await inPage(run.browser, vp, 'screens-toast', async (page) => {
        await page.route('**/api/arks/web/member-games/hot-games', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'Hot games are resting', data: null }) }),
        );
        // Measured while it shows: the toast closes itself after a few seconds, which a loaded
        // machine can spend before a step that waits for the pop-up bulletin ends.
        await page.goto(run.server.url + '/');
        const shown = await page.waitForFunction(
          (text) => {
            const toast = [...document.querySelectorAll('[data-sonner-toast][data-mounted="true"]:not([data-removed="true"])')].find((el) =>
              el.textContent.includes(text),
            );
            const header = document.querySelector('[data-testid="site-header"]');
            const close = toast?.querySelector('[data-close-button]');
            if (!toast || !header || !close) return null;
            const m = { t: toast.getBoundingClientRect().toJSON(), close: close.getBoundingClientRect().toJSON(), header: header.getBoundingClientRect().toJSON() };
            // A header that just moved (a bar above it) is followed on its
            // resize observation, a frame later: the toast must settle below it.
            window.__toastSeen = m;
            return m.t.top >= m.header.bottom ? m : null;
          },
          'Hot games are resting',
          { timeout: 20000 },
        ).catch(async (e) => {
          const m = await page.evaluate(() => window.__toastSeen);
          throw new Error(m ? `toast top ${m.t.top} stayed above the header's bottom ${m.header.bottom}` : e.message);
        });
        const { t, close } = await shown.jsonValue();
        assert.ok(inside(close, t), 'the close button lies within the toast');
      });
    });

    test(`/loading is a page of its own: no app code is downloaded for it (${vp})`, async () => {
      await inPage(run.browser, vp, 'screens-loading', async (page) => {
        const scripts = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
        });
        const res = await page.goto(run.server.url + '/loading');
        assert.equal(res.status(), 200);
        await page.getByTestId('loading-page').waitFor();
        assert.match(await page.getByTestId('loading-page').innerText(), /Loading the game/);
        assert.equal(await page.locator('a[href="/"]').count(), 1, 'a way home');
        assert.deepEqual(scripts, []);
      });
    });
  });
}

describe('screens (desktop only)', () => {
  test('the lobby tab strip shows every category at 1280 px, and says when more are hidden', async () => {
    await inPage(run.browser, 'desktop', 'screens-tabs', async (page) => {
      await home(page, run.server.url);
      const strip = page.getByTestId('game-type-tabs');
      await page.getByTestId('game-type-tab-9').waitFor();
      const s = await box(strip);
      for (const tab of await strip.getByRole('tab').all()) assert.ok(inside(await box(tab), s), `${await tab.innerText()} fits the strip`);
      assert.equal(await strip.getAttribute('data-more-end'), null, 'nothing hidden at 1280 px');
      // A narrower desktop: the hidden end fades, a hint to scroll.
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.waitForFunction(() => document.querySelector('[data-testid="game-type-tabs"]')?.hasAttribute('data-more-end'));
    });
  });

  test('the register page keeps the currency select level with the account input', async () => {
    await inPage(run.browser, 'desktop', 'screens-register', async (page) => {
      await page.goto(run.server.url + '/register');
      await page.getByTestId('register-form').waitFor();
      const currency = await box(page.getByTestId('reg-currency'));
      const account = await box(page.getByTestId('reg-memberAccount'));
      assert.ok(Math.abs(currency.top - account.top) <= 1, `currency at ${currency.top}, account at ${account.top}`);
    });
  });
});

describe('screens (mobile only)', () => {
  test('search results fit the screen: no sideways scroll, every play button inside its tile', async () => {
    await inPage(run.browser, 'mobile', 'screens-search', async (page) => {
      await home(page, run.server.url);
      await page.getByRole('searchbox').first().fill('a');
      const results = page.getByTestId('search-results');
      await results.waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
      const tiles = await results.locator('.game-tile').all();
      assert.ok(tiles.length > 6, `${tiles.length} results`);
      for (const tile of tiles.slice(0, 12)) {
        assert.ok(inside(await box(tile.locator('.game-tile__play')), await box(tile)), 'the play button lies within its tile');
      }
    });
  });

  test("the member centre's menu is one row of chips on a short page", async () => {
    await inPage(run.browser, 'mobile', 'screens-member-centre', async (page) => {
      await home(page, run.server.url);
      await login(page, 'demo001', 'demo123');
      await page.goto(run.server.url + '/user/Letter');
      const menu = page.getByTestId('uc-menu');
      await menu.waitFor();
      const m = await box(menu);
      assert.ok(m.height <= 64, `the menu is ${m.height} px tall`);
      assert.match(await page.getByTestId('uc-balance').innerText(), /\$\d/);
    });
  });
});
