// Member steps shared by the journeys: the lobby with its first-visit pop-up
// closed, login (answering a double-validation question when one comes) and
// logout, against a --dev server.
import assert from 'node:assert/strict';

// --dev: every captcha answer is 1234.
export const CAPTCHA = '1234';
// Double-validation answers of the demo accounts (internal/seed/members.go).
export const ANSWERS = {
  demo001: { member_name: 'Dana Demo', member_email: 'demo@gamehall.test', member_phone: '5550000002', withdraw_password: '1234' },
  agent001: { member_name: 'Alex Agent', member_email: 'agent@gamehall.test', member_phone: '5550000001', withdraw_password: '1234' },
};

export const rand = (n) => Math.random().toString().slice(2, 2 + n).padEnd(n, '7');

export async function home(page, url) {
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

/** Fills the login form; answers a double-validation question when one comes. */
export async function login(page, account, password, { expectQuestion = false } = {}) {
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

export async function logout(page) {
  await page.getByTestId('logout-button').click();
  await page.getByTestId('open-login').waitFor();
}

/** Picks an adult's birthday in the register form (sites refuse minors by default, so it is required). */
export async function fillBirthday(page, [year, month, day] = ['1990', '05', '17']) {
  await page.getByTestId('reg-birth-year').selectOption(year);
  await page.getByTestId('reg-birth-month').selectOption(month);
  await page.getByTestId('reg-birth-day').selectOption(day);
}

/** Waits until the test id's text is `want`, without reloading the page; says what it was when it never came. */
export async function textBecomes(page, testId, want, timeout = 20000) {
  await page
    .waitForFunction(([id, w]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === w, [testId, want], { timeout })
    .catch(async (e) => {
      const got = await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent, testId);
      throw new Error(`${testId} is ${JSON.stringify(got)}, want ${JSON.stringify(want)}: ${e.message}`);
    });
}

/** The operator API of the server at url with key: (method, path, body) -> data, asserting success. */
export function operatorApi(url, key) {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    assert.equal(json.code, 100, `operator API ${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
}
