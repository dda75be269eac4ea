// Daily cash back in both templates: the operator sets the USD rule (2% of
// valid bets on slots, 0.5% on the rest, at most $50 a day); the public
// check says cash back is on. The demo member plays Fortune Reels for real
// money (the spins through the game's API, for speed); the operator runs
// the payout for the day of the play (a second run pays nothing more). The
// member finds the rule and the day's payout on the member centre's
// CashBack page and the payment in Transaction. The ledger audit is clean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login, operatorApi, textBecomes } from '../lib/site.mjs';
import { closeGame, inGameWindow, REAL_MONEY, readRulesAndStart, settled } from '../lib/games.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');
const SLOT = 'gh_slot_fortune';
const HOUSE_GP = 1;
// The demo site's zone: a cash-back day is its calendar day.
const ZONE = 'America/Caracas';

/**
 * The play moves back a day: only a day that is over is paid, so the
 * journey's spins become yesterday's (their ledger rows, in the SQLite file,
 * as the history journey moves time).
 */
function playedYesterday(dataDir) {
  const file = readdirSync(dataDir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'));
  assert.ok(file, `no SQLite file in ${readdirSync(dataDir)}`);
  const day = 24 * 3600 * 1_000_000;
  const rows = `SELECT id FROM ledger_transactions WHERE kind IN ('bet', 'win', 'jackpot_feed', 'jackpot_win')`;
  execFileSync('sqlite3', [
    '-cmd',
    '.timeout 5000',
    join(dataDir, file),
    `UPDATE ledger_postings SET created_at = created_at - ${day} WHERE tx_id IN (${rows}); ` +
      `UPDATE ledger_transactions SET created_at = created_at - ${day} WHERE id IN (${rows});`,
  ]);
}

/** Yesterday in the site's zone, YYYY-MM-DD. */
function yesterday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - 24 * 3600 * 1000),
  );
}

async function shot(page, name, vp) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `cashback-${name}-${vp}.png`), fullPage: true });
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

/** Spins the real-money session until at least `stake` minor units are staked; the minor units staked. */
async function spinUntil(url, session, stake) {
  const info = await (await fetch(`${url}/games/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session }) })).json();
  assert.equal(info.code, 100, JSON.stringify(info));
  assert.equal(info.data.demo, false, 'a real-money session');
  const ladder = info.data.limits.line_bets;
  const lineBet = ladder.filter((b) => b <= 50).at(-1) ?? ladder[0];
  let staked = 0;
  for (let i = 0; staked < stake && i < 500; i++) {
    const res = await (
      await fetch(`${url}/games/api/play`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, request_id: `cashback-spin-${i}`, choices: { line_bet: lineBet } }),
      })
    ).json();
    assert.equal(res.code, 100, `spin ${i}: ${JSON.stringify(res)}`);
    staked += res.data.stake;
  }
  assert.ok(staked >= stake, `staked ${staked}`);
  return staked;
}

const usd = (minor) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

for (const vp of ['desktop', 'mobile']) {
  describe(`cashback (${vp})`, () => {
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

    test(`the operator sets a rule, the member plays, the day is paid and shown (${vp})`, async () => {
      await inPage(run.browser, vp, 'cashback', async (lobby, context) => {
        const url = run.server.url;
        const rules = await admin(url, 'GET', '/admin/sites/1/cashback-rules');
        const current = rules.list.find((r) => r.currency === 'USD');
        assert.ok(current, JSON.stringify(rules));
        const rule = await admin(url, 'PUT', `/admin/sites/1/cashback-rules/${current.id}`, {
          currency: 'USD', basis: 'valid_bets', rates: { 2: 2 }, default_rate: 0.5, cap: 50, active: true,
        });
        assert.deepEqual([rule.rates['2'], rule.default_rate, rule.cap], [2, 0.5, 50]);
        const check = await (
          await fetch(`${url}/api/arks/web/cash_surplus/check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_id: 1, currency: 'USD' }) })
        ).json();
        assert.deepEqual(check.data, { active: 1 });

        await home(lobby, url);
        await login(lobby, 'demo001', 'demo123');
        await textBecomes(lobby, 'member-cash', '$1,000.00');

        // Real-money play: the launch through the lobby, the spins through the game's API.
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
        let staked = 0;
        await inGameWindow(popup, `cashback-slot-${vp}`, async () => {
          await readRulesAndStart(game, vp, { kind: 'slot', rtp: /^Return to player\s+\d+\.\d{2}%$/, money: REAL_MONEY });
          staked = await spinUntil(url, session, 100_00);
          await closeGame(lobby, game, popup);
        });
        // 2% of the slot stakes, rounded down to the cent.
        const want = Math.floor((staked * 200) / 10000);

        // The day of the play is not over: refused. Once it is (the play moved
        // back a day), the operator pays it; a second run pays nothing more.
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
        const open = await (
          await fetch(`${url}/admin/sites/1/cashback/run`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
            body: JSON.stringify({ day: today }),
          })
        ).json();
        assert.equal(open.code, 713, JSON.stringify(open));
        playedYesterday(run.server.dataDir);
        const day = yesterday();
        const first = await admin(url, 'POST', '/admin/sites/1/cashback/run', { day });
        const paid = first.list.find((r) => r.currency === 'USD');
        assert.deepEqual([paid.day, paid.paid, paid.amount], [day, 1, want / 100], JSON.stringify(first));
        const again = await admin(url, 'POST', '/admin/sites/1/cashback/run', { day });
        assert.equal(again.list.find((r) => r.currency === 'USD').paid, 0, JSON.stringify(again));
        const mine = await admin(url, 'GET', '/admin/sites/1/members/demo001/cashback');
        assert.deepEqual(mine.list.map((p) => [p.day, p.status, p.amount, p.base]), [[day, 'paid', want / 100, staked / 100]]);

        // The CashBack page: in the menu, the rule in words and the day's payout.
        const uc = await context.newPage();
        await uc.goto(`${url}/user/CashBack`);
        await uc.getByTestId('uc-menu-CashBack').waitFor();
        await uc.getByTestId('cashback-rule').waitFor();
        assert.match(await uc.getByTestId('cashback-rule').innerText(), /valid bets/);
        await textBecomes(uc, 'cashback-rate-2', 'Slots2%');
        await textBecomes(uc, 'cashback-rate-other', 'Other games0.5%');
        await textBecomes(uc, 'cashback-cap', 'At most $50.00 a day.');
        await uc.getByTestId('cashback-row').first().waitFor();
        const rows = await uc.getByTestId('cashback-row').allInnerTexts();
        assert.equal(rows.length, 1, JSON.stringify(rows));
        for (const part of [day, 'Valid bets', usd(staked), usd(want), 'Paid']) assert.ok(rows[0].includes(part), `${JSON.stringify(rows[0])} has ${part}`);
        await shot(uc, 'page', vp);

        // Transaction lists the payment as Cash back.
        await uc.goto(`${url}/user/Transaction`);
        await uc.getByTestId('tx-kind-cashback').click();
        // The unfiltered rows stay on screen until the filtered page arrives.
        const tx = await settled(() => uc.getByTestId('tx-row').allInnerTexts(), (rows) => rows.length > 0 && rows.every((r) => r.includes('Cash back')));
        assert.equal(tx.length, 1, JSON.stringify(tx));
        assert.ok(tx[0].includes('Cash back') && tx[0].includes(`+${usd(want)}`), JSON.stringify(tx));
        await shot(uc, 'transaction', vp);

        const audit = await admin(url, 'GET', '/admin/audit');
        assert.equal(audit.clean, true, `ledger audit: ${JSON.stringify(audit.violations)}`);
      });
    });
  });
}
