// The money journey (issue 10) in both templates: the demo member deposits
// through the sandbox gateway's page and the lobby's header cash changes
// without a reload (the `cash` event on member.{id}); binds a bank account;
// withdraws with the withdrawal password; the operator approves through the
// operator API; DWRecord and Transaction show both. Screens of each step
// are saved in artifacts/ (money-*-{viewport}.png) to look at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login, operatorApi, textBecomes } from '../lib/site.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');

async function shot(page, name, vp, fullPage = true) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `money-${name}-${vp}.png`), fullPage });
}

/** The operator API of the server at url. */
const admin = (url, method, path, body) => operatorApi(url, ADMIN_KEY)(method, path, body);

for (const vp of ['desktop', 'mobile']) {
  describe(`money (${vp})`, () => {
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

    test(`deposit, bind, withdraw, operator approval, records (${vp})`, async () => {
      await inPage(run.browser, vp, 'money', async (lobby, context) => {
        const url = run.server.url;
        await home(lobby, url);
        await login(lobby, 'demo001', 'demo123');
        await textBecomes(lobby, 'member-cash', '$1,000.00');

        // The member centre: the header's Deposit button opens it in its own
        // window on desktop; on a phone it takes the tab, so the deposit runs
        // in a second tab while the lobby stays open to watch its cash.
        let uc;
        if (vp === 'desktop') {
          [uc] = await Promise.all([lobby.waitForEvent('popup'), lobby.getByTestId('open-deposit').click()]);
        } else {
          uc = await context.newPage();
          await uc.goto(`${url}/user/Deposit`);
        }
        await uc.getByTestId('deposit-form').waitFor();
        assert.match(await uc.getByTestId('deposit-channel').innerText(), /Sandbox pay/);
        await uc.getByTestId('deposit-amount').fill('5');
        await uc.getByTestId('deposit-submit').click();
        assert.equal(await uc.getByTestId('field-error-deposit-amount').innerText(), 'The least this channel accepts is $10.00.');
        await uc.getByTestId('deposit-amount').fill('150');
        await shot(uc, 'deposit', vp);

        // The gateway's hosted page: in the depositRedirect helper on desktop, in the tab on a phone.
        let pay;
        if (vp === 'desktop') {
          [pay] = await Promise.all([uc.waitForEvent('popup'), uc.getByTestId('deposit-submit').click()]);
          assert.equal(await uc.evaluate(() => localStorage.getItem('waitingWindow')), 'depositWindow');
        } else {
          pay = uc;
          await uc.getByTestId('deposit-submit').click();
        }
        await pay.waitForURL(/\/pay\/sandbox\//);
        await pay.getByRole('button', { name: 'Confirm' }).waitFor();
        await shot(pay, 'sandbox', vp);
        await pay.getByRole('button', { name: 'Confirm' }).click();
        await pay.getByRole('heading', { name: 'Payment confirmed' }).waitFor();

        // The callback settles the order; the lobby hears `cash` and shows it, no reload.
        await textBecomes(lobby, 'member-cash', '$1,150.00');

        // Back to the site from the gateway: the helper window is closed by its opener (quickGame).
        if (vp === 'desktop') {
          await textBecomes(uc, 'uc-balance', 'Balance $1,150.00');
          await Promise.all([pay.waitForEvent('close', { timeout: 10000 }), pay.getByRole('link', { name: /Back to/ }).click()]);
        } else {
          await pay.getByRole('link', { name: /Back to/ }).click();
          await uc.getByTestId('deposit-returned').waitFor();
        }

        // A bank account on BindAccount.
        await uc.getByTestId('uc-menu-BindAccount').click();
        await uc.getByTestId('bank-bind-form').waitFor();
        await uc.getByTestId('bank-code').selectOption('CHASE');
        await uc.getByTestId('bank-account-no').fill('1234 5678 9012');
        await uc.getByTestId('bank-holder').fill('Dana Demo');
        await uc.getByTestId('bank-bind-submit').click();
        assert.equal(await uc.getByTestId('bank-bind-done').innerText(), 'JPMorgan Chase ********9012 is linked.');
        await uc.getByTestId('bank-list').waitFor();
        await shot(uc, 'bind', vp);

        // A withdrawal: a wrong password first, then the right one.
        await uc.getByTestId('uc-menu-Withdrawal').click();
        await uc.getByTestId('withdraw-form').waitFor();
        await textBecomes(uc, 'withdraw-balance', '$1,150.00');
        await uc.getByTestId('withdraw-amount').fill('100');
        await uc.getByTestId('withdraw-password').fill('9999');
        await uc.getByTestId('withdraw-submit').click();
        assert.equal(await uc.getByTestId('withdraw-error').innerText(), 'Wrong withdrawal password.');
        await uc.getByTestId('withdraw-password').fill('1234');
        await uc.getByTestId('withdraw-submit').click();
        const text = await uc.getByTestId('withdraw-order').innerText();
        const orderNo = /Withdrawal (\S+) of \$100\.00 requested/.exec(text)?.[1];
        assert.ok(orderNo, text);
        await shot(uc, 'withdrawal', vp);
        // The amount is on hold at once: the lobby's cash drops without a reload.
        await textBecomes(lobby, 'member-cash', '$1,050.00');

        // The operator approves it; the sandbox pays it out.
        const pending = await admin(url, 'GET', `/admin/sites/1/withdrawals?status=pending`);
        assert.ok(JSON.stringify(pending).includes(orderNo), `pending withdrawals list ${orderNo}`);
        await admin(url, 'POST', `/admin/sites/1/withdrawals/${encodeURIComponent(orderNo)}/approve`, {});

        // DWRecord: both orders with their states.
        await uc.getByTestId('uc-menu-DWRecord').click();
        await uc.getByTestId('dw-table').waitFor();
        const rows = uc.getByTestId('dw-row');
        assert.equal(await rows.count(), 3, 'the seeded deposit, ours and the withdrawal');
        const first = await rows.nth(0).innerText();
        assert.match(first, new RegExp(`Withdrawal[\\s\\S]*${orderNo}[\\s\\S]*\\$100\\.00[\\s\\S]*(Approved|Paid)`));
        assert.match(await rows.nth(1).innerText(), /Deposit[\s\S]*\$150\.00[\s\S]*Paid/);
        await uc.getByTestId('dw-type-withdrawal').click();
        await uc.waitForFunction(() => document.querySelectorAll('[data-testid="dw-row"]').length === 1);
        await shot(uc, 'dwrecord', vp);

        // Transaction: the deposit and the withdrawal's hold, signed, with the balance after.
        await uc.getByTestId('uc-menu-Transaction').click();
        await uc.getByTestId('tx-table').waitFor();
        const tx = await uc.getByTestId('tx-table').innerText();
        assert.match(tx, /Deposit[\s\S]*\+\$150\.00[\s\S]*\$1,150\.00/);
        assert.match(tx, /-\$100\.00[\s\S]*\$1,050\.00/);
        assert.ok(tx.includes(orderNo), 'the withdrawal is referenced');
        await shot(uc, 'transaction', vp);

        // MyWallet and the header's balance dialog (desktop) agree.
        await uc.getByTestId('uc-menu-MyWallet').click();
        await textBecomes(uc, 'my-wallet-total', '$1,050.00');
        if (vp === 'mobile') await uc.close();
        await shot(lobby, 'header', vp, false);
        if (vp === 'desktop') {
          await lobby.getByTestId('open-wallets').click();
          await textBecomes(lobby, 'wallet-balances-list-total', '$1,050.00');
          await shot(lobby, 'balances', vp, false);
        } else {
          assert.equal(await lobby.getByTestId('open-wallets').count(), 0, 'no room in the phone header: the footer opens MyWallet');
        }

        // The operator's audit is clean after all of it.
        const audit = await admin(url, 'GET', '/admin/audit');
        assert.equal(audit.clean, true, `audit: ${JSON.stringify(audit.violations)}`);
      });
    });
  });
}
