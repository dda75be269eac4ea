// Foundation journeys: the visitor lobby in both templates, the pop-up
// bulletin's session memory, /fastDeposit, the 404 page, the language switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, inPage } from '../lib/harness.mjs';
import { watch } from '../lib/site.mjs';

const run = serverAndBrowser();

const closeBulletin = async (page) => {
  const popup = page.getByTestId('bulletin-popup');
  await popup.waitFor({ state: 'visible' });
  await page.getByTestId('bulletin-close').click();
  await popup.waitFor({ state: 'hidden' });
};

for (const vp of ['desktop', 'mobile']) {
  test(`lobby shows banners, marquee, jackpot and the bulletin (${vp})`, async () => {
    await inPage(run.browser, vp, 'lobby', async (page) => {
      await page.goto(run.server.url + '/');
      await page.getByTestId(vp === 'desktop' ? 'layout-desktop' : 'layout-mobile').waitFor();
      await page.getByTestId('bulletin-popup').waitFor({ state: 'visible' });
      assert.match(await page.getByTestId('bulletin-popup').innerText(), /Weekend reload 50%/);
      await closeBulletin(page);

      const slides = page.getByTestId('carousel-slide');
      await slides.first().waitFor();
      const count = await slides.count();
      assert.ok(count >= 4, `carousel shows ${count} slides`);
      const img = slides.first().locator('img');
      const src = await img.getAttribute('src');
      assert.match(src, vp === 'desktop' ? /banner\/desktop-1\.svg/ : /banner\/mobile-1\.svg/);
      assert.ok(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'banner image loads');

      await assert.doesNotReject(page.getByTestId('marquee').getByText(/Welcome to Gamehall/).first().waitFor());
      await page.getByTestId('jackpot').getByText(/0001234567\.89/).waitFor();
      await page.getByTestId('game-type-tabs').waitFor();
    });
  });

  test(`closing the pop-up keeps it closed on reload in the same session (${vp})`, async () => {
    await inPage(run.browser, vp, 'bulletin-session', async (page) => {
      await page.goto(run.server.url + '/');
      await closeBulletin(page);
      await page.reload();
      await page.getByTestId('carousel-slide').first().waitFor();
      await page.getByTestId('jackpot').getByText(/0001234567\.89/).waitFor();
      assert.equal(await page.getByTestId('bulletin-popup').isVisible(), false, 'pop-up stays closed');
    });
  });

  test(`/fastDeposit lands on / and asks a visitor to log in first (${vp})`, async () => {
    await inPage(run.browser, vp, 'fast-deposit', async (page, context) => {
      // Watched from the start: on a loaded machine the toast's 4 s can pass
      // while the journey still waits for the login form.
      const toast = watch(page.locator('[data-sonner-toast]').filter({ hasText: 'Please log in first' }));
      await page.goto(run.server.url + '/fastDeposit');
      await page.waitForURL(run.server.url + '/');
      // The wallet takes the isFastDeposit flag: fast payment opens once the visitor logged in.
      await page.getByTestId('login-form').waitFor();
      await toast();
      const cookies = await context.cookies(run.server.url);
      assert.equal(cookies.find((c) => c.name === 'isFastDeposit'), undefined, 'the flag is spent');
    });
  });

  test(`an unknown path shows the 404 page with status 404 (${vp})`, async () => {
    await inPage(run.browser, vp, 'not-found', async (page) => {
      const res = await page.goto(run.server.url + '/no/such/page');
      assert.equal(res.status(), 404);
      await page.getByTestId('error-page').waitFor();
      assert.equal(await page.getByTestId('error-status').innerText(), '404');
      assert.match(await page.getByTestId('error-page').innerText(), /Page Not Found/i);
      assert.match(await page.getByTestId('error-message').innerText(), /\/no\/such\/page/);
      assert.equal(await page.locator('meta[name="robots"][content="noindex"]').count(), 1);
      await page.getByTestId('error-home').click();
      await page.waitForURL(run.server.url + '/');
    });
  });

  test(`switching language reloads in that language (${vp})`, async () => {
    await inPage(run.browser, vp, 'language', async (page, context) => {
      await page.goto(run.server.url + '/');
      await closeBulletin(page);
      await page.getByTestId('marquee').getByText(/Welcome to Gamehall/).first().waitFor();
      await page.getByTestId('language-selector').click();
      await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-option-vi_VN').click()]);
      await page.getByTestId('marquee').getByText(/Chào mừng đến với Gamehall/).first().waitFor();
      const cookies = await context.cookies(run.server.url);
      assert.equal(cookies.find((c) => c.name === 'lang')?.value, 'vi_VN');
      assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'vi_VN');
    });
  });
}
