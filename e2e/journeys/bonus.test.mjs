// A deposit bonus in both templates: the operator attaches a 100% deposit
// bonus (at most $100, turnover 1x the bonus) to a promotion; the demo
// member applies for it on the deposit page, deposits $100 through the
// sandbox gateway and finds the $100 bonus in the member centre's Bonus page
// with its turnover at $0.00 of $100.00. A withdrawal is refused with the
// remaining turnover. The member plays Fortune Reels for real money (the
// spins through the game's API, for speed) until the turnover is met; the
// Bonus page says Completed and the withdrawal goes through. The ledger
// audit is clean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login, operatorApi, textBecomes } from '../lib/site.mjs';
import { closeGame, inGameWindow, REAL_MONEY, readRulesAndStart } from '../lib/games.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');
const SLOT = 'gh_slot_fortune';
const HOUSE_GP = 1;

async function shot(page, name, vp) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `bonus-${name}-${vp}.png`), fullPage: true });
}

const admin = (url, method, path, body) => operatorApi(url, ADMIN_KEY)(method, path, body);

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

/** Spins the real-money session until at least `turnover` minor units are staked. */
async function spinUntil(url, session, turnover) {
  const info = await (await fetch(`${url}/games/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session }) })).json();
  assert.equal(info.code, 100, JSON.stringify(info));
  assert.equal(info.data.demo, false, 'a real-money session');
  const ladder = info.data.limits.line_bets;
  // About $10 a spin: 20 lines at the largest line bet up to 50 minor units.
  const lineBet = ladder.filter((b) => b <= 50).at(-1) ?? ladder[0];
  let staked = 0;
  for (let i = 0; staked < turnover && i < 500; i++) {
    const res = await (
      await fetch(`${url}/games/api/play`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, request_id: `bonus-spin-${i}`, choices: { line_bet: lineBet } }),
      })
    ).json();
    assert.equal(res.code, 100, `spin ${i}: ${JSON.stringify(res)}`);
    staked += res.data.stake;
  }
  assert.ok(staked >= turnover, `staked ${staked}`);
  return staked;
}

for (const vp of ['desktop', 'mobile']) {
  describe(`bonus (${vp})`, () => {
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

    test(`apply a deposit bonus, deposit, meet the turnover, withdraw (${vp})`, async () => {
      await inPage(run.browser, vp, 'bonus', async (lobby, context) => {
        const url = run.server.url;
        const rule = await admin(url, 'POST', '/admin/sites/1/bonus-rules', {
          currency: 'USD', title: { en_US: 'Welcome 100%', zh_CN: '首存 100%' }, kind: 'deposit', percent: 100, cap: 100,
          min_deposit: 10, period: 'once', turnover_multiple: 1, turnover_base: 'bonus', expiry_days: 7,
        });

        await home(lobby, url);
        await login(lobby, 'demo001', 'demo123');
        await textBecomes(lobby, 'member-cash', '$1,000.00');
        const uc = await context.newPage();
        await uc.goto(`${url}/user/Deposit`);

        // Apply on the deposit page.
        const offer = uc.getByTestId(`bonus-offer-${rule.id}`);
        await offer.waitFor();
        assert.match(await offer.innerText(), /100% of your deposit, up to \$100\.00/);
        await shot(uc, 'offer', vp);
        await uc.getByTestId(`bonus-apply-${rule.id}`).click();
        await uc.getByTestId(`bonus-offer-taken-${rule.id}`).waitFor();

        // Deposit $100 through the sandbox gateway.
        await uc.getByTestId('deposit-amount').fill('100');
        let pay;
        if (vp === 'desktop') {
          [pay] = await Promise.all([uc.waitForEvent('popup'), uc.getByTestId('deposit-submit').click()]);
        } else {
          pay = uc;
          await uc.getByTestId('deposit-submit').click();
        }
        await pay.waitForURL(/\/pay\/sandbox\//);
        await pay.getByRole('button', { name: 'Confirm' }).click();
        await pay.getByRole('heading', { name: 'Payment confirmed' }).waitFor();
        // The deposit and its bonus arrive in one transaction.
        await textBecomes(lobby, 'member-cash', '$1,200.00');
        if (pay !== uc) await pay.close();

        // The Bonus page shows it with its turnover.
        await uc.goto(`${url}/user/Bonus`);
        const list = await memberCall(uc, '/arks/web/bonus/list');
        const b = list.data.list[0];
        assert.equal(b.status, 'active', JSON.stringify(list));
        await textBecomes(uc, `bonus-status-${b.id}`, 'In progress');
        assert.equal(await uc.getByTestId(`bonus-amount-${b.id}`).innerText(), '$100.00');
        await textBecomes(uc, `bonus-turnover-${b.id}`, 'Turnover: $0.00 / $100.00');
        await shot(uc, 'progress', vp);

        // A withdrawal waits for the turnover.
        const bind = await memberCall(uc, '/member/bank_accounts/bind', { bank_code: 'CHASE', account_no: '123456789012', holder_name: 'Dana Demo' });
        assert.equal(bind.code, 100, JSON.stringify(bind));
        await uc.goto(`${url}/user/Withdrawal`);
        await uc.getByTestId('withdraw-form').waitFor();
        await uc.getByTestId('withdraw-amount').fill('50');
        await uc.getByTestId('withdraw-password').fill('1234');
        await uc.getByTestId('withdraw-submit').click();
        await uc.getByTestId('withdraw-error').waitFor();
        assert.match(await uc.getByTestId('withdraw-error').innerText(), /remaining turnover: 100\.00 USD/);
        await shot(uc, 'withdraw-refused', vp);

        // Real-money play in the lobby until the turnover is met.
        await lobby.getByTestId('game-type-tab-2').click();
        await lobby.getByTestId('game-type-card-2').click();
        await lobby.getByTestId('slot-list').waitFor();
        await lobby.getByTestId(`provider-tab-${HOUSE_GP}`).click();
        const play = lobby.getByTestId(`game-play-${SLOT}`);
        let game;
        let popup = null;
        let session;
        if (vp === 'desktop') {
          await play.click();
          await lobby.getByTestId('game-modal').waitFor();
          game = lobby.frameLocator('[data-testid="game-frame"]');
          session = new URL(await lobby.getByTestId('game-frame').getAttribute('src'), url).searchParams.get('session');
        } else {
          [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
          await popup.waitForURL(new RegExp(`/games/${SLOT}/\\?session=`));
          game = popup;
          session = new URL(popup.url()).searchParams.get('session');
        }
        await inGameWindow(popup, `bonus-slot-${vp}`, async () => {
          await readRulesAndStart(game, vp, { kind: 'slot', rtp: /^Return to player\s+\d+\.\d{2}%$/, money: REAL_MONEY });
          await spinUntil(url, session, 100_00);
          await closeGame(lobby, game, popup);
        });

        // The Bonus page (refreshed by the cash event) says it is complete.
        await uc.goto(`${url}/user/Bonus`);
        await textBecomes(uc, `bonus-status-${b.id}`, 'Completed');
        await textBecomes(uc, `bonus-turnover-${b.id}`, 'Turnover: $100.00 / $100.00');
        assert.equal(await uc.getByTestId(`bonus-forfeit-${b.id}`).count(), 0, 'a completed bonus cannot be forfeited');
        await shot(uc, 'completed', vp);

        // Now the withdrawal goes through.
        await uc.goto(`${url}/user/Withdrawal`);
        await uc.getByTestId('withdraw-form').waitFor();
        await uc.getByTestId('withdraw-amount').fill('50');
        await uc.getByTestId('withdraw-password').fill('1234');
        await uc.getByTestId('withdraw-submit').click();
        await uc.getByTestId('withdraw-order').waitFor();
        assert.match(await uc.getByTestId('withdraw-order').innerText(), /\$50\.00/);

        const audit = await admin(url, 'GET', '/admin/audit');
        assert.equal(audit.clean, true, `ledger audit: ${JSON.stringify(audit.violations)}`);
      });
    });
  });
}
