// What brings a member back (issue 12), in both templates: a letter sent
// through the operator API while the member is online raises the header's
// unread badge without a reload; opening it in the member centre reads it,
// deleting it removes it; the red envelope's cash shows in the header; the
// daily sign-in pays its award once. Screens in artifacts/engage-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, inPage, serverAndBrowser, startServer } from '../lib/harness.mjs';
import { home, login, operatorApi, textBecomes } from '../lib/site.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');

async function shot(page, name, vp) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `engage-${name}-${vp}.png`), fullPage: true });
}

const usd = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const vp of ['desktop', 'mobile']) {
  describe(`engage (${vp})`, () => {
    const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

    test(`letters, red envelope, daily sign-in (${vp})`, async () => {
      await inPage(run.browser, vp, 'engage', async (lobby, context) => {
        const url = run.server.url;
        const admin = operatorApi(url, ADMIN_KEY);
        await home(lobby, url);
        await login(lobby, 'demo001', 'demo123');
        await textBecomes(lobby, 'member-cash', '$1,000.00');
        // The seed: a welcome letter and a USD broadcast, both unread.
        await textBecomes(lobby, 'letter-badge', '2');

        // A letter while online: the badge follows without a reload.
        const sent = await admin('POST', '/admin/sites/1/letters', {
          to: 'member',
          account: 'demo001',
          title: { en_US: 'Your weekly bonus' },
          content: { en_US: '<p>Enjoy <b>20 free spins</b> on Fortune Reels.</p><script>window.pwned = 1</script>' },
        });
        await textBecomes(lobby, 'letter-badge', '3');
        await shot(lobby, 'badge', vp);

        // The member centre's Letter page: its own window on desktop, the tab on a phone.
        let uc;
        if (vp === 'desktop') {
          [uc] = await Promise.all([lobby.waitForEvent('popup'), lobby.getByTestId('letter-bell').click()]);
        } else {
          uc = await context.newPage();
          await uc.goto(`${url}/user/Letter`);
        }
        const row = uc.getByTestId(`letter-${sent.id}`);
        await row.waitFor();
        assert.match(await row.getAttribute('class'), /is-unread/);
        await row.getByTestId('letter-toggle').click();
        await row.getByText('20 free spins').waitFor();
        assert.equal(await uc.evaluate(() => window.pwned), undefined);
        await uc.waitForFunction((id) => !document.querySelector(`[data-testid="letter-${id}"]`)?.className.includes('is-unread'), sent.id);
        await textBecomes(uc, 'letter-counts', '2 unread of 3');
        await textBecomes(lobby, 'letter-badge', '2');
        await shot(uc, 'letter-open', vp);
        await row.getByTestId('letter-delete').click();
        await row.waitFor({ state: 'detached' });
        await textBecomes(uc, 'letter-counts', '2 unread of 2');
        if (vp === 'mobile') await uc.close();

        // The red envelope: the cash won shows in the header once closed.
        await lobby.getByTestId('red-envelope').click();
        const cash = await lobby.getByTestId('red-envelope-cash').innerText();
        const won = Number(cash.replace(/[^0-9.]/g, ''));
        assert.ok(won >= 1 && won <= 8, `won ${cash}`);
        await shot(lobby, 'envelope', vp);
        await lobby.getByTestId('red-envelope-close').click();
        await textBecomes(lobby, 'member-cash', usd(1000 + won));
        await lobby.getByTestId('red-envelope').waitFor({ state: 'detached' });

        // The daily sign-in: day 1 pays $1.00, once.
        await lobby.getByTestId('signin-entry').click();
        await textBecomes(lobby, 'signin-award', '$1.00');
        await lobby.getByTestId('signin-button').click();
        await textBecomes(lobby, 'member-cash', usd(1001 + won));
        await textBecomes(lobby, 'signin-button', 'Signed in today');
        await shot(lobby, 'signin', vp);
        await lobby.getByTestId('signin-button').click();
        await lobby.getByText('You have already signed in today. Come back tomorrow!').first().waitFor();
        await textBecomes(lobby, 'member-cash', usd(1001 + won));
      });
    });
  });
}
