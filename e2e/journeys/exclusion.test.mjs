// Time-out (issue 14) in both templates: the demo member, with cash, takes
// a 24-hour time-out on the Limits page after a confirmation that names its
// end and what it blocks; the page then shows the time-out. Opening a
// real-money game and depositing are refused with the time-out's message
// (no payment page opens), while binding a bank account and withdrawing
// still work.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser } from '../lib/harness.mjs';
import { home, login, textBecomes } from '../lib/site.mjs';

const REFUSED = /^you are on a time-out until: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/;

async function shot(page, name, vp) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `exclusion-${name}-${vp}.png`), fullPage: true });
}

for (const vp of ['desktop', 'mobile']) {
  describe(`time-out (${vp})`, () => {
    const run = serverAndBrowser();

    test(`a member takes a time-out: play and deposit refused, withdrawal works (${vp})`, async () => {
      await inPage(run.browser, vp, 'exclusion', async (page) => {
        const url = run.server.url;
        await home(page, url);
        await login(page, 'demo001', 'demo123');
        await textBecomes(page, 'member-cash', '$1,000.00');

        await page.goto(`${url}/user/Limits`);
        await page.getByTestId('exclusion-form').waitFor();
        await page.getByTestId('exclusion-length').selectOption('1');
        await page.getByTestId('exclusion-continue').click();
        const dialog = page.getByTestId('exclusion-confirm');
        await dialog.waitFor();
        const text = await dialog.innerText();
        assert.match(text, /You will be on a time-out until /);
        assert.match(text, /you cannot open real-money games, deposit, or claim bonuses/);
        assert.match(text, /Withdrawals and your history stay available/);
        await shot(page, 'confirm', vp);
        await page.getByTestId('exclusion-confirm-ok').click();
        await dialog.waitFor({ state: 'hidden' });
        assert.match(await page.getByTestId('exclusion-title').innerText(), /^Time-out until /);
        await shot(page, 'state', vp);

        // A real-money game: refused with the time-out's message.
        await home(page, url);
        await page.getByTestId('game-type-tab-2').click();
        await page.getByTestId('game-type-card-2').click();
        await page.getByTestId('slot-list').waitFor();
        await page.getByTestId('provider-tab-1').click();
        await page.getByTestId('game-play-gh_slot_fortune').click();
        await page.getByText(REFUSED).first().waitFor();
        await shot(page, 'play-refused', vp);

        // A deposit: refused before any payment page.
        await page.goto(`${url}/user/Deposit`);
        await page.getByTestId('deposit-form').waitFor();
        await page.getByTestId('deposit-amount').fill('100');
        await page.getByTestId('deposit-submit').click();
        await page.getByText(REFUSED).first().waitFor();
        assert.equal(page.url(), `${url}/user/Deposit`, 'no payment page opened');
        await shot(page, 'deposit-refused', vp);

        // A withdrawal still goes.
        await page.getByTestId('uc-menu-BindAccount').click();
        await page.getByTestId('bank-bind-form').waitFor();
        await page.getByTestId('bank-code').selectOption('CHASE');
        await page.getByTestId('bank-account-no').fill('1234 5678 9012');
        await page.getByTestId('bank-holder').fill('Dana Demo');
        await page.getByTestId('bank-bind-submit').click();
        await page.getByTestId('bank-list').waitFor();
        await page.getByTestId('uc-menu-Withdrawal').click();
        await page.getByTestId('withdraw-form').waitFor();
        await textBecomes(page, 'withdraw-balance', '$1,000.00');
        await page.getByTestId('withdraw-amount').fill('100');
        await page.getByTestId('withdraw-password').fill('1234');
        await page.getByTestId('withdraw-submit').click();
        assert.match(await page.getByTestId('withdraw-order').innerText(), /Withdrawal \S+ of \$100\.00 requested/);
        await shot(page, 'withdrawal', vp);
      });
    });
  });
}
