// Member journeys (issue 4) in both templates: register with the SMS code
// from the dev outbox, log out and in again; a wrong password; a login
// elsewhere logs the first browser out with the already-login warning; a new
// device passes double validation. One server per viewport, so the per-IP
// limits (3 registrations a minute, 30 captchas a minute) hold per run.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, inPage, viewports } from '../lib/harness.mjs';

// --dev: every captcha answer is 1234.
const CAPTCHA = '1234';
// Double-validation answers of the demo accounts (internal/seed/members.go).
const ANSWERS = {
  demo001: { member_name: 'Dana Demo', member_email: 'demo@gamehall.test', member_phone: '5550000002', withdraw_password: '1234' },
  agent001: { member_name: 'Alex Agent', member_email: 'agent@gamehall.test', member_phone: '5550000001', withdraw_password: '1234' },
};

const rand = (n) => Math.random().toString().slice(2, 2 + n).padEnd(n, '7');

async function home(page, url) {
  await page.goto(url + '/');
  await page.getByTestId('site-header').waitFor();
  // The pop-up bulletin shows on the first load of a session.
  const close = page.getByTestId('bulletin-close');
  try {
    await close.waitFor({ state: 'visible', timeout: 3000 });
    await close.click();
  } catch {
    /* no pop-up this time */
  }
}

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

/** Fills the login form; answers a double-validation question when one comes. */
async function login(page, account, password, { expectQuestion = false } = {}) {
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-form').waitFor();
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('captcha-image').waitFor();
  await page.getByTestId('captcha-input').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  const bar = page.getByTestId('member-bar');
  const dv = page.getByTestId('dv-modal');
  await Promise.race([bar.waitFor(), dv.waitFor()]);
  if (await dv.isVisible()) {
    const question = await page.getByTestId('dv-question').getAttribute('data-question');
    const answer = ANSWERS[account]?.[question];
    assert.ok(answer, `no answer for ${question}`);
    await page.getByTestId('dv-answer').fill(answer);
    await page.getByTestId('dv-captcha-image').waitFor();
    await page.getByTestId('dv-captcha-input').fill(CAPTCHA);
    await page.getByTestId('dv-submit').click();
    await bar.waitFor();
    return question;
  }
  assert.equal(expectQuestion, false, 'a double-validation question was expected');
  return null;
}

async function logout(page) {
  await page.getByTestId('logout-button').click();
  await page.getByTestId('open-login').waitFor();
}

for (const vp of ['desktop', 'mobile']) {
  describe(`members (${vp})`, () => {
    let server;
    let browser;

    before(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    test(`register with the SMS code, log out, log in again (${vp})`, async () => {
      await inPage(browser, vp, 'members-register', async (page) => {
        const account = `e2e${vp[0]}${rand(6)}`;
        const phone = `55${rand(8)}`;
        const password = 'abc12345';
        await home(page, server.url);
        await page.getByTestId('open-register').click();
        await page.getByTestId('register-form').waitFor();
        await page.getByTestId('reg-memberAccount').fill(account);
        await page.getByTestId('reg-password').fill(password);
        await page.getByTestId('reg-checkPassword').fill(password);
        await page.getByTestId('reg-memberEmail').fill(`${account}@example.com`);
        await page.getByTestId('reg-memberPhone').fill(phone);
        await page.getByTestId('sms-send').click();
        // The send button turns into the 300 s countdown.
        await page.getByTestId('sms-send').filter({ hasText: /\d+ s/ }).waitFor();
        await page.getByTestId('reg-phoneVerify').fill(await smsCode(server.url, phone));
        await page.getByTestId('captcha-image').waitFor();
        await page.getByTestId('captcha-input').fill(CAPTCHA);
        assert.equal(await page.getByTestId('reg-agreement').isChecked(), true, 'agreement ticked by default');
        await page.getByTestId('reg-submit').click();

        await page.getByTestId('member-bar').waitFor();
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
      await inPage(browser, vp, 'members-wrong-password', async (page) => {
        await home(page, server.url);
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
      await inPage(browser, vp, 'members-already-login', async (page) => {
        await home(page, server.url);
        await login(page, 'demo001', 'demo123');
        await page.waitForTimeout(2500);
        await inPage(browser, vp, 'members-already-login-second', async (other) => {
          await home(other, server.url);
          await login(other, 'demo001', 'demo123');
        });
        await page.getByText(/logged in on another device/).waitFor();
        await page.getByTestId('open-login').waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      });
    });

    test(`a new device answers a double-validation question (${vp})`, async () => {
      // First login trusts the viewport's own browser (or asks, if another test's browser came first).
      await inPage(browser, vp, 'members-dv-first', async (page) => {
        await home(page, server.url);
        await login(page, 'agent001', 'demo123');
      });
      const context = await browser.newContext({ ...viewports[vp], userAgent: `Mozilla/5.0 GamehallE2E/${vp}-${rand(6)}`, locale: 'en-US' });
      const page = await context.newPage();
      try {
        await home(page, server.url);
        const question = await login(page, 'agent001', 'demo123', { expectQuestion: true });
        assert.ok(question, 'a question was asked');
        assert.equal(await page.getByTestId('member-account').innerText(), 'agent001');
      } finally {
        await context.close();
      }
    });
  });
}
