// Content pages: a visitor opens a promotion, a FAQ entry and a content page
// from the footer, the terms (protocol) modal, the sponsor and app pages,
// and an unknown id shows the not-found page; in both templates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverAndBrowser, inPage, root, startServer } from '../lib/harness.mjs';
import { home } from '../lib/site.mjs';

const ADMIN_KEY = randomBytes(32).toString('hex');
const run = serverAndBrowser(() => startServer({ args: ['--admin-key', ADMIN_KEY] }));

async function admin(method, path, body) {
  const res = await fetch(`${run.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  assert.equal(json.code, 100, `operator API ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The Go tests' XSS corpus (internal/testutil/xss), one raw string a line. */
const corpus = readFileSync(join(root, 'internal/testutil/xss/xss.go'), 'utf8')
  .split('\n')
  .filter((l) => /^\t`.*`,$/.test(l))
  .map((l) => l.trim().slice(1, -2));

/** Clicks the desktop footer link named `name`. */
const footerLink = (page, name) => page.getByTestId('desktop-footer').getByRole('link', { name, exact: true }).click();

/** Waits for the page title to read `text` (the route renders after its loader). */
const title = (page, text) => page.getByTestId('page-title').filter({ hasText: text }).waitFor();

const noComingSoon = async (page) => assert.doesNotMatch(await page.locator('body').innerText(), /coming soon/i);

for (const vp of ['desktop', 'mobile']) {
  test(`promotion, FAQ entry and content page from the footer; terms; 404 (${vp})`, async () => {
    await inPage(run.browser, vp, 'pages', async (page) => {
      const url = run.server.url;
      await home(page, url);

      // A promotion.
      if (vp === 'desktop') await footerLink(page, 'All promotions');
      else await page.getByTestId('mobile-footer-discount').click();
      await page.waitForURL(url + '/discount');
      await page.getByTestId('promotions-page').waitFor();
      const card = page.locator('[data-testid^="promo-"]').filter({ hasText: 'Welcome bonus 100%' });
      await card.click();
      if (vp === 'desktop') {
        const modal = page.getByTestId('discount-modal');
        await modal.getByTestId('discount-modal-content').getByText('How it works').waitFor();
        await modal.getByTestId('discount-modal-page').click();
      }
      await page.waitForURL(/\/discount\/\d+$/);
      await title(page, 'Welcome bonus 100%');
      await page.getByTestId('page-content').getByText('Wager the deposit and bonus 15 times').waitFor();
      assert.ok(await page.locator('.promo-detail__image').evaluate((el) => el.complete && el.naturalWidth > 0), 'the promotion image loads');
      assert.match(await page.getByTestId('promo-period').innerText(), /^Until /);
      await noComingSoon(page);

      // A FAQ entry.
      if (vp === 'desktop') {
        await footerLink(page, 'How to deposit');
      } else {
        await page.getByTestId('mobile-footer-custom_link').click();
        await page.waitForURL(url + '/faq');
        await page.getByTestId('faq-list').getByText('How do I deposit?').click();
      }
      await page.waitForURL(/\/faq\/\d+$/);
      await title(page, 'How do I deposit?');
      await page.getByTestId('page-content').getByText(/pick a channel/).waitFor();

      // A content page.
      if (vp === 'desktop') await footerLink(page, 'About us');
      else await page.getByTestId('mobile-footer-custom_service').click();
      await page.waitForURL(/\/main\/\d+$/);
      await title(page, vp === 'desktop' ? 'About us' : 'Contact us');
      await page.getByTestId('page-content').locator('h2').first().waitFor();

      // The terms (protocol) modal from the footer.
      await page.getByTestId('terms-link').click();
      const terms = page.getByTestId('protocol-modal');
      await terms.locator('.agreement__block h3').first().waitFor();
      assert.ok((await terms.innerText()).length > 50, 'the terms have text');
      await page.getByTestId('protocol-close').click();
      await terms.waitFor({ state: 'hidden' });

      // Sponsorships and the app page.
      await page.goto(url + '/sponsor');
      await page.getByTestId('sponsor-card').first().waitFor();
      await page.goto(url + '/app');
      await page.getByTestId('app-page').getByText(/Add to Home Screen/).waitFor();
      await noComingSoon(page);

      // Unknown ids are the not-found page.
      for (const path of ['/discount/987654', '/faq/987654', '/main/987654']) {
        const res = await page.goto(url + path);
        assert.equal(res.status(), 404, `${path} answers HTTP 404`);
        await page.getByTestId('error-page').waitFor();
        assert.equal(await page.getByTestId('error-status').innerText(), '404');
        assert.match(await page.getByTestId('error-page').innerText(), /Page Not Found/i);
        assert.match(await page.getByTestId('error-message').innerText(), new RegExp(path));
      }
      await page.getByTestId('error-home').click();
      await page.waitForURL(url + '/');
    });
  });
}

// Runs last: it replaces the float and the mobile footer.
for (const vp of ['desktop', 'mobile']) {
  test(`operator content holding the XSS corpus runs nothing in the browser (${vp})`, async () => {
    assert.ok(corpus.length >= 50, `corpus of ${corpus.length}`);
    const all = corpus.join('\n');
    const text = (v) => ({ en_US: v });
    const promo = await admin('POST', '/admin/sites/1/pages/discount', {
      title: text(`XSS ${vp} ${corpus.slice(0, 3).join(' ')}`),
      summary: text(corpus.slice(0, 20).join(' ')),
      body: text(all),
    });
    const faq = await admin('POST', '/admin/sites/1/pages/faq', { title: text(`XSS ${vp}`), body: text(all) });
    const items = corpus.map((p, i) => ({ type: 'custom_link', title: text(`L${i} ${p}`), icon: '/media/float/custom_link.svg', url: '/faq' }));
    await admin('PUT', '/admin/sites/1/float', { items });
    await admin('PUT', '/admin/sites/1/mobile-footer', { template: '', items: items.slice(0, 5) });

    await inPage(run.browser, vp, 'pages-xss', async (page) => {
      const fired = [];
      page.on('dialog', async (d) => {
        fired.push(d.message());
        await d.dismiss();
      });
      page.on('request', (r) => {
        if (r.url().includes('evil.test')) fired.push(`request ${r.url()}`);
      });
      const url = run.server.url;
      await home(page, url);
      await page.goto(url + '/discount');
      await page.getByTestId(`promo-${promo.id}`).waitFor();
      for (const path of [`/discount/${promo.id}`, `/faq/${faq.id}`]) {
        await page.goto(url + path);
        await page.getByTestId('page-content').waitFor();
        const bad = await page.getByTestId('page-content').evaluate((el) =>
          [el, ...el.querySelectorAll('*')].flatMap((n) =>
            [...n.attributes]
              .filter((a) => /^on/i.test(a.name) || a.name === 'style' || /^\s*(javascript|data|vbscript):/i.test(a.value))
              .map((a) => `${n.tagName} ${a.name}=${a.value}`)
              .concat(/^(SCRIPT|IFRAME|OBJECT|EMBED|STYLE|SVG|FORM|BASE|META|LINK)$/i.test(n.tagName) ? [n.tagName] : []),
          ),
        );
        assert.deepEqual(bad, [], `${path} renders active markup`);
        // The corpus reached the page as text.
        assert.match(await page.getByTestId('page-content').innerText(), /alert\(1\)/);
      }
      await page.waitForTimeout(500);
      assert.deepEqual(fired, [], 'nothing ran');
    });
  });
}
