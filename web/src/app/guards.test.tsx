import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { getCookie, setCookie } from '@/lib/cookies';
import { envConfig } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const production = () => server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ environment: 'production' }) })));

describe('route guards', () => {
  it('/fastDeposit sets isFastDeposit and lands on the lobby, which takes the flag to fast payment (a guest logs in first)', async () => {
    const { router } = renderApp('/fastDeposit');
    await screen.findByTestId('jackpot');
    expect(router.state.location.pathname).toBe('/');
    await screen.findByTestId('auth-modal');
    expect(getCookie('isFastDeposit')).toBeUndefined();
  });

  it.each(['/main', '/gameHall', '/slotgame'])('bare %s goes to /', async (path) => {
    const { router } = renderApp(path);
    await screen.findByTestId('jackpot');
    expect(router.state.location.pathname).toBe('/');
  });

  it('/slotgame with a type is the slot hall page', async () => {
    const { router } = renderApp('/slotgame?gt_id=2&gp_id=1');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Slots');
    expect(router.state.location.pathname).toBe('/slotgame');
  });

  it('/main/{id} and /gameHall/{id} have their pages', async () => {
    renderApp('/main/1');
    expect((await screen.findByTestId('page-title')).textContent).toBe('About us');
  });

  it('/register in production sets isRouteRegister, goes to / and opens the register modal', async () => {
    production();
    const { router } = renderApp('/register');
    await screen.findByTestId('register-modal');
    expect(router.state.location.pathname).toBe('/');
    // The flag is consumed by the load that opened the modal.
    expect(getCookie('isRouteRegister')).toBeUndefined();
  });

  it('/register in development shows the register page', async () => {
    const { router } = renderApp('/register');
    await screen.findByTestId('register-page');
    await screen.findByTestId('register-form');
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.queryByTestId('register-modal')).toBeNull();
  });

  it('a load with isRouteRegister set opens the register modal and clears the cookie', async () => {
    setCookie('isRouteRegister', 'true');
    renderApp('/');
    await screen.findByTestId('register-modal');
    expect(getCookie('isRouteRegister')).toBeUndefined();
  });

  it('an unmatched path is the 404 error page', async () => {
    const { router } = renderApp('/no/such/page');
    const page = await screen.findByTestId('error-page');
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(page.textContent).toContain('Page Not Found');
    expect(screen.getByTestId('error-message').textContent).toBe('Page not found: /no/such/page');
    expect(document.head.querySelector('meta[name="robots"][content="noindex"]')).not.toBeNull();
    fireEvent.click(screen.getByTestId('error-home'));
    await screen.findByTestId('jackpot');
    expect(router.state.location.pathname).toBe('/');
    // The error page drops its noindex in an effect's cleanup, after the lobby painted.
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toBeNull());
  });

  it('applies a relative server route rule before rendering', async () => {
    server.use(
      http.get('/builds/meta/:file', () => HttpResponse.json({ id: 'build1', route_rules: { '/promotions': { redirect: '/discount' } }, prerendered: [] })),
    );
    const { router } = renderApp('/promotions');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Promotions');
    expect(router.state.location.pathname).toBe('/discount');
    expect(screen.queryByTestId('error-page')).toBeNull();
  });

  it('an absolute server route rule replaces the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.use(
      http.get('/builds/meta/:file', () =>
        HttpResponse.json({ id: 'build1', route_rules: { '/sponsor': { redirect: 'https://sponsor.example.com/' } }, prerendered: [] }),
      ),
    );
    renderApp('/sponsor');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sponsor.example.com/'));
    expect(screen.queryByTestId('page-title')).toBeNull();
  });

  it('checks route rules again on client navigation', async () => {
    server.use(
      http.get('/builds/meta/:file', () => HttpResponse.json({ id: 'build1', route_rules: { '/old-faq': { redirect: '/faq' } }, prerendered: [] })),
    );
    const { router } = renderApp('/faq/4');
    await screen.findByTestId('page-title');
    await act(() => router.navigate('/old-faq'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('the modal entry parameter opens the login modal', async () => {
    renderApp('/?modal=login');
    await screen.findByTestId('login-modal');
  });
});
