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
  await closeBulletinAfter(page, async () => {
    await page.goto(url + '/');
    await page.getByTestId('site-header').waitFor();
  });
}

const BULLETIN = /\/api\/arks\/web\/bulletin(\/member)?$/;
const MEMBER_BULLETIN = /\/api\/arks\/web\/bulletin\/member$/;

/**
 * Runs action (a load, a language change, a login) and closes the pop-up
 * bulletin its answer brings. It waits for the bulletin call itself, not for a
 * fixed time: on a loaded machine the pop-up can open seconds after the page
 * and then sits over whatever the journey clicks next. Whether the answer
 * shows is decided the way the page decides it (its template's bulletins,
 * not closed in this session), so the journey waits only for a pop-up that
 * comes.
 */
export async function closeBulletinAfter(page, action, call = BULLETIN) {
  // Caught at once: an action that asks for no bulletin must not leave a rejection behind.
  const answer = page.waitForResponse((r) => call.test(new URL(r.url()).pathname), { timeout: 30000 }).catch(() => null);
  await action();
  const res = await answer;
  if (!res || !(await popupComes(page, res))) return;
  const close = page.getByTestId('bulletin-close');
  // The pop-up can go before the click: the 2 s rule of spec section 9 logs
  // out a member whose socket subscribed late on a crowded machine, and the
  // member's pop-up goes with the session (login() then logs in again). A
  // click that waited for a gone button failed the journey after 30 s.
  if (!(await clickInTries(close, () => close.isVisible()))) return;
  await close.waitFor({ state: 'hidden' });
}

/**
 * Clicks target in short tries (16 of 2 s); after a missed try, onMiss says
 * whether to try again (false: give up, answering false) and may clear the
 * way first.
 */
async function clickInTries(target, onMiss) {
  for (let attempt = 0; ; attempt++) {
    try {
      await target.click({ timeout: 2000 });
      return true;
    } catch (e) {
      if (!(await onMiss())) return false;
      if (attempt >= 15) throw e;
    }
  }
}

/** Whether the bulletin answer res opens the pop-up (web/src/features/bulletins). */
async function popupComes(page, res) {
  const body = await res.json().catch(() => null);
  const device = res.request().postDataJSON()?.display_device;
  const list = (body?.data?.list ?? []).filter((b) => !b.display_device || b.display_device === device);
  if (!list.length) return false;
  const frequency = body.data.setting?.display_frequency ?? 1;
  const sig = list
    .map((b) => `${b.id}@${b.updated_at}`)
    .sort()
    .join(',');
  const marks = await page.evaluate(() =>
    ['bulletin_closed', 'bulletin_closed_once'].map((k, i) => {
      try {
        return JSON.parse((i ? localStorage : sessionStorage).getItem(k) ?? 'null')?.sig;
      } catch {
        return undefined;
      }
    }),
  );
  if (frequency !== 2 && (marks[0] === sig || (frequency === 0 && marks[1] === sig))) return false;
  // Should the page decide otherwise after all, the journey goes on.
  return page
    .getByTestId('bulletin-close')
    .waitFor({ state: 'visible', timeout: 20000 })
    .then(
      () => true,
      () => false,
    );
}

/** Runs action (a login, a registration) and closes the member's pop-up bulletin it brings. */
export const closeMemberBulletinAfter = (page, action) => closeBulletinAfter(page, action, MEMBER_BULLETIN);

/**
 * Fills the login form; answers a double-validation question when one comes;
 * closes the member's pop-up bulletin. Returns once the socket has subscribed
 * the member's channel: spec section 9 logs a member out when no channel is
 * subscribed 2 s after login, which a crowded machine can miss; then it logs
 * in again (twice at most), the pop-up of the first try closed first.
 */
export async function login(page, account, password, { expectQuestion = false } = {}) {
  for (let attempt = 0; ; attempt++) {
    let question = null;
    await closeMemberBulletinAfter(page, async () => {
      question = await submitLogin(page, account, password);
    });
    if (attempt === 0) assert.ok(question !== null || !expectQuestion, 'a double-validation question was expected');
    if (await realtimeJoined(page)) return question;
    assert.ok(attempt < 2, 'the socket subscribes the member channel within 2 s of login');
  }
}

async function submitLogin(page, account, password) {
  await clickPastBulletin(page, page.getByTestId('open-login'));
  await page.getByTestId('login-form').waitFor();
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('captcha-image').waitFor();
  await page.getByTestId('captcha-input').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  const bar = page.getByTestId('member-bar');
  const dv = page.getByTestId('dv-modal');
  await Promise.race([bar.waitFor(), dv.waitFor()]);
  if (!(await dv.isVisible())) return null;
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

/**
 * Clicks target, closing the visitors' pop-up bulletin first when it opened
 * over the page: after the 2 s rule's logout the page goes to / and loads the
 * visitors' bulletins again, at a moment no journey step waits for.
 */
async function clickPastBulletin(page, target) {
  const close = page.getByTestId('bulletin-close');
  await clickInTries(target, async () => {
    if (await close.isVisible()) await close.click({ timeout: 2000 }).catch(() => {});
    return true;
  });
}

/**
 * Waits until no toast shows. A toast stops its clock while the pointer is
 * over it, and the pointer stays where the last click left it (often the
 * header, where toasts open), so the pointer first moves to the page's foot.
 */
export async function toastsGone(page) {
  const { height } = page.viewportSize() ?? { height: 600 };
  await page.mouse.move(1, height - 1);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15000 });
}

/**
 * Starts watching for locator to show and answers a function that waits for
 * it: for what shows briefly (a toast) while the journey is busy elsewhere,
 * which a loaded machine can otherwise let pass unseen.
 */
export function watch(locator, timeout = 30000) {
  const shown = locator.waitFor({ timeout }).then(
    () => null,
    (e) => e,
  );
  return async () => {
    const missed = await shown;
    if (missed) throw missed;
  };
}

/**
 * After a login or a registration: true once the page's socket has subscribed
 * the member's channel (the client lists them on <html data-channels>), false
 * when the 2 s rule logged the member out first.
 */
export async function realtimeJoined(page) {
  const state = await page.waitForFunction(
    () => {
      if (/(^| )member\./.test(document.documentElement.dataset.channels ?? '')) return 'joined';
      if (document.querySelector('[data-testid="open-login"]')) return 'out';
      return false;
    },
    null,
    { timeout: 30000 },
  );
  return (await state.jsonValue()) === 'joined';
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
