// Player limits (issue 14) in both templates: the demo member, offered limits
// on the Deposit page, sets a 24-hour deposit limit on the Limits page,
// reached from the Deposit page's link,
// and a deposit above what is left is refused with the limit's message
// before any payment page opens; the page shows what the window holds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser } from '../lib/harness.mjs';
import { home, login } from '../lib/site.mjs';

for (const vp of ['desktop', 'mobile']) {
  describe(`limits (${vp})`, () => {
    const run = serverAndBrowser();

    test(`a deposit limit set on the Limits page refuses a deposit above it (${vp})`, async () => {
      await inPage(run.browser, vp, 'limits', async (page) => {
        const url = run.server.url;
        await home(page, url);
        await login(page, 'demo001', 'demo123');
        await page.goto(`${url}/user/Deposit`);
        await page.getByTestId('deposit-form').waitFor();
        // A member without limits is offered them above the form.
        await page.getByTestId('limits-offer').waitFor();
        await page.getByTestId('deposit-limits-link').click();
        await page.getByTestId('limit-form').waitFor();

        // The demo's starting balance was a deposit of $1,000.00 today: a
        // limit of $1,050.00 leaves $50.00.
        await page.getByTestId('limit-amount').fill('1050');
        await page.getByTestId('limit-save').click();
        await page.getByTestId('limit-amount-deposit-day').waitFor();
        assert.equal(await page.getByTestId('limit-amount-deposit-day').innerText(), '$1,050.00');
        assert.equal(await page.getByTestId('limit-used-deposit-day').innerText(), 'Used: $1,000.00');
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, `limits-page-${vp}.png`), fullPage: true });

        await page.getByTestId('uc-menu-Deposit').click();
        await page.getByTestId('deposit-form').waitFor();
        await page.getByTestId('deposit-amount').fill('100');
        await page.getByTestId('deposit-submit').click();
        const refusal = page.getByText('this deposit would pass your deposit limit: for 24 hours');
        await refusal.waitFor();
        assert.equal(page.url(), `${url}/user/Deposit`, 'no payment page opened');
        await page.screenshot({ path: join(artifacts, `limits-refused-${vp}.png`), fullPage: true });
      });
    });
  });
}
