// Member journeys (issue 4) in both templates: register with the SMS code
// from the dev outbox, log out and in again; a wrong password; a login
// elsewhere logs the first browser out with the already-login warning; a new
// device passes double validation. One server per viewport, so the per-IP
// limits (3 registrations a minute, 30 captchas a minute) hold per run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, inPage, viewports } from '../lib/harness.mjs';
import { CAPTCHA, closeMemberBulletinAfter, fillBirthday, home, login, logout, rand, watch } from '../lib/site.mjs';

async function smsCode(url, phone) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${url}/api/dev/sms-outbox?phone=${phone}`);
    const body = await res.json();
    const m = body.data?.list?.[0]?.body?.match(/\b(\d{6})\b/);
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

for (const vp of ['desktop', 'mobile']) {
  describe(`members (${vp})`, () => {
    const run = serverAndBrowser();

    test(`register with the SMS code, log out, log in again (${vp})`, async () => {
      await inPage(run.browser, vp, 'members-register', async (page) => {
        const account = `e2e${vp[0]}${rand(6)}`;
        const phone = `55${rand(8)}`;
        const password = 'abc12345';
        await home(page, run.server.url);
        await page.getByTestId('open-register').click();
        await page.getByTestId('register-form').waitFor();
        await page.getByTestId('reg-memberAccount').fill(account);
        await page.getByTestId('reg-password').fill(password);
        await page.getByTestId('reg-checkPassword').fill(password);
        await page.getByTestId('reg-memberEmail').fill(`${account}@example.com`);
        await fillBirthday(page);
        await page.getByTestId('reg-memberPhone').fill(phone);
        await page.getByTestId('sms-send').click();
        // The send button turns into the 300 s countdown.
        await page.getByTestId('sms-send').filter({ hasText: /\d+ s/ }).waitFor();
        await page.getByTestId('reg-phoneVerify').fill(await smsCode(run.server.url, phone));
        await page.getByTestId('captcha-image').waitFor();
        await page.getByTestId('captcha-input').fill(CAPTCHA);
        assert.equal(await page.getByTestId('reg-agreement').isChecked(), true, 'agreement ticked by default');
        await closeMemberBulletinAfter(page, async () => {
          await page.getByTestId('reg-submit').click();
          await page.getByTestId('member-bar').waitFor();
        });
        assert.equal(await page.getByTestId('member-account').innerText(), account);
        assert.equal(await page.getByTestId('auth-modal').count(), 0, 'modal closed');
        // Still logged in after the 2000 ms real-time check.
        await page.waitForTimeout(2500);
        assert.equal(await page.getByTestId('member-bar').isVisible(), true);
        assert.equal(await page.evaluate(() => localStorage.getItem('member_account')), account);

        await logout(page);
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
        await login(page, account, password);
        assert.equal(await page.getByTestId('member-account').innerText(), account);
      });
    });

    test(`a wrong password shows account_error (${vp})`, async () => {
      await inPage(run.browser, vp, 'members-wrong-password', async (page) => {
        await home(page, run.server.url);
        await page.getByTestId('open-login').click();
        await page.getByTestId('login-account').fill('demo001');
        await page.getByTestId('login-password').fill('wrong999');
        await page.getByTestId('captcha-image').waitFor();
        const first = await page.getByTestId('captcha-image').getAttribute('src');
        await page.getByTestId('captcha-input').fill(CAPTCHA);
        await page.getByTestId('login-submit').click();
        await page.getByTestId('login-error').waitFor();
        assert.match(await page.getByTestId('login-error').innerText(), /Incorrect account or password/);
        // A new captcha after every attempt, its answer cleared.
        await page.waitForFunction((src) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== src, first);
        assert.equal(await page.getByTestId('captcha-input').inputValue(), '');
        assert.equal(await page.getByTestId('member-bar').count(), 0);
      });
    });

    test(`a login elsewhere logs the first browser out with the warning (${vp})`, async () => {
      await inPage(run.browser, vp, 'members-already-login', async (page) => {
        await home(page, run.server.url);
        await login(page, 'demo001', 'demo123');
        const warned = watch(page.getByText(/logged in on another device/), 60000);
        await inPage(run.browser, vp, 'members-already-login-second', async (other) => {
          await home(other, run.server.url);
          await login(other, 'demo001', 'demo123');
        });
        await warned();
        await page.getByTestId('open-login').waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      });
    });

    test(`a new device answers a double-validation question (${vp})`, async () => {
      // First login trusts the viewport's own browser (or asks, if another test's browser came first).
      await inPage(run.browser, vp, 'members-dv-first', async (page) => {
        await home(page, run.server.url);
        await login(page, 'agent001', 'demo123');
      });
      const context = await run.browser.newContext({ ...viewports[vp], userAgent: `Mozilla/5.0 GamehallE2E/${vp}-${rand(6)}`, locale: 'en-US' });
      const page = await context.newPage();
      try {
        await home(page, run.server.url);
        const question = await login(page, 'agent001', 'demo123', { expectQuestion: true });
        assert.ok(question, 'a question was asked');
        assert.equal(await page.getByTestId('member-account').innerText(), 'agent001');
      } finally {
        await context.close();
      }
    });
  });
}
