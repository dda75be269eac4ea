import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, renderUi } from '@/test/render';
import { server } from '@/test/server';
import { ok } from '@/test/handlers';
import { SportQuickBet } from '../components/SportQuickBet';

const templates = [
  ['desktop', 1280],
  ['mobile', 390],
] as const;

describe.each(templates)('content pages (%s template)', (template, width) => {
  it('/discount lists the live promotions with their dates', async () => {
    renderApp('/discount', { width });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Promotions');
    const card = await screen.findByTestId('promo-8');
    expect(card.textContent).toContain('Welcome bonus 100%');
    expect(card.textContent).toContain('Double your first deposit');
    expect(within(card).getByTestId('promo-period').textContent).toMatch(/^Until /);
    expect(within(screen.getByTestId('promo-9')).getByTestId('promo-period').textContent).toMatch(/^From /);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/promo/1.svg');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('a promotion card opens the promotion', async () => {
    const { router } = renderApp('/discount', { width });
    fireEvent.click(await screen.findByTestId('promo-8'));
    if (template === 'desktop') {
      // Over the list first, then its page.
      const modal = await screen.findByTestId('discount-modal');
      expect((await within(modal).findByTestId('discount-modal-content')).innerHTML).toContain('<h3>How it works</h3>');
      expect(router.state.location.pathname).toBe('/discount');
      fireEvent.click(within(modal).getByTestId('discount-modal-page'));
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/discount/8'));
    expect((await screen.findByTestId('page-content')).innerHTML).toContain('<ol><li>Deposit at least $20.</li></ol>');
    expect(screen.getByTestId('page-title').textContent).toBe('Welcome bonus 100%');
  });

  it('/discount/{id} shows the promotion and the others beside it', async () => {
    renderApp('/discount/9', { width });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Weekly cashback up to 1.2%');
    expect(screen.getByTestId('page-content').textContent).toBe('Cashback table');
    expect((await screen.findByRole('link', { name: 'Welcome bonus 100%' })).getAttribute('href')).toBe('/discount/8');
  });

  it('/faq lists the questions and /faq/{id} answers one', async () => {
    const { router } = renderApp('/faq', { width });
    expect((await screen.findByTestId('page-title')).textContent).toBe('FAQ');
    fireEvent.click(await screen.findByTestId('faq-5'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq/5'));
    expect((await screen.findByTestId('page-content')).innerHTML).toBe('<p>Open <b>Deposit</b>.</p>');
    expect(screen.getByTestId('page-title').textContent).toBe('How do I deposit?');
    expect(screen.getByTestId('faq-5').getAttribute('aria-current')).toBe('page');
  });

  it('/main/{id} shows the content page and opens the terms', async () => {
    renderApp('/main/1', { width });
    expect((await screen.findByTestId('page-title')).textContent).toBe('About us');
    expect(screen.getByTestId('page-content').innerHTML).toContain('<h2>Gamehall</h2>');
    fireEvent.click(screen.getByTestId('open-protocol'));
    const modal = await screen.findByTestId('protocol-modal');
    expect(await within(modal).findByText('Be 18 or older.')).toBeTruthy();
  });

  it('/sponsor shows the sponsorships and /app the app page', async () => {
    const { router } = renderApp('/sponsor', { width });
    expect((await screen.findByTestId('sponsor-card')).textContent).toContain('Northbay Rovers FC');
    await act(() => router.navigate('/app'));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Gamehall on your phone');
    expect((await screen.findByTestId('page-content')).textContent).toContain('Open Chrome.');
    // The demo's download addresses are this site's own page: no store buttons.
    expect(screen.queryByTestId('app-store-ios')).toBeNull();
  });

  it.each(['/discount/999', '/faq/999', '/main/999', '/faq/8', '/main/abc', '/discount/-1'])('%s is the 404 page', async (path) => {
    renderApp(path, { width });
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toContain(path);
  });

  it('the footer opens the terms modal', async () => {
    renderApp('/', { width });
    fireEvent.click(await screen.findByTestId('terms-link'));
    expect(await within(await screen.findByTestId('protocol-modal')).findByText('Terms of service')).toBeTruthy();
  });
});

describe('sport quick bet', () => {
  it('is hidden while no sportsbook exists', async () => {
    let asked = false;
    server.use(
      http.post('/api/arks/web/game/sport-quickbet-url', () => {
        asked = true;
        return ok({ detail: { url: '', gp_id: 0 } });
      }),
    );
    renderUi(<SportQuickBet />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('sport-quickbet')).toBeNull();
  });

  it('shows the sportsbook frame, sized by its own S001 messages only', async () => {
    server.use(http.post('/api/arks/web/game/sport-quickbet-url', () => ok({ detail: { url: 'https://sb.example.com/quick', gp_id: 5 } })));
    renderUi(<SportQuickBet />);
    const frame = (await screen.findByTestId('sport-quickbet')).querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://sb.example.com/quick');
    const send = (origin: string) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { origin, source: frame.contentWindow, data: { event: 'S001', height: 512 } })));
    await send('https://evil.example.com');
    expect(frame.style.height).toBe('360px');
    await send('https://sb.example.com');
    expect(frame.style.height).toBe('512px');
  });

  it('the lobby asks for it with the visitor currency and platform', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/arks/web/game/sport-quickbet-url', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 100, message: 'success', data: { detail: { url: '', gp_id: 0 } } });
      }),
    );
    renderApp('/', { width: 390 });
    await waitFor(() => expect(body.support_device).toBe(2));
    expect(body.currency).toBe('USD');
  });
});
